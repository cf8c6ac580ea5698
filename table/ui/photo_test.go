package ui

import (
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// renderedPhoto writes a rendered photo of a random table with the A4
// sheet on it and returns the trial.
func renderedPhoto(t *testing.T) (phototest.Trial, string) {
	rng := rand.New(rand.NewPCG(42, 9))
	tr := phototest.RandomTrial(rng, assets.Default(), 1600, 1200, 25, 0.005)
	path := filepath.Join(t.TempDir(), "table.png")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, tr.Render(phototest.Look{BlurPx: 0.7, Noise: 3, Seed: 1})))
	require.NoError(t, f.Close())
	return tr, path
}

// measured ticks and draws the app as its window does until photo
// mode's search for the bases (b) and its analysis after the last
// change are in (bounded: they end).
func measured(t *testing.T, a *App, p *Photo) {
	t.Helper()
	for n := 0; p.job != nil || p.finding != nil; n++ {
		require.Less(t, n, 100000, "the analysis ends")
		a.Tick(1.0 / 60)
		a.Frame()
	}
}

// TestPhotoModeMarksTwoShips: photo mode finds the sheet by itself; the
// user zooms in, clicks two ships' front corners, turns the Viper's dial,
// and gets the ruling with its error bar holding the true range, drawn
// over the photo; F2 saves a marks file that bsg photo reads.
func TestPhotoModeMarksTwoShips(t *testing.T) {
	tr, path := renderedPhoto(t)
	a := newTestApp(t)
	p, err := OpenPhoto(a, path, "")
	require.NoError(t, err)
	a.Show(p)
	a.Frame()
	require.NotNil(t, p.marks.Sheet)
	assert.Contains(t, p.info, "A4 sheet found by itself")
	// zoom in on the ships with the wheel
	v, _ := tr.Cam.Project(tr.Truth.Ships[0].Pose.Pos)
	at := p.toScreen(v)
	send(a, kit.Event{Kind: kit.Wheel, X: at.X, Y: at.Y, DY: 3})
	assert.InDelta(t, 1.953, p.zoom/0.5375, 0.01)
	for i, s := range tr.Truth.Ships {
		if i == 1 {
			send(a, kit.Event{Kind: kit.Char, Rune: 'c'}) // the next ship is a Raider
		}
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		for _, corner := range []physics.Vec{hex[1], hex[0]} {
			px, _ := tr.Cam.Project(corner)
			sc := p.toScreen(px)
			send(a, kit.Click(sc.X, sc.Y)...)
		}
		for range s.Rotation {
			send(a, kit.Event{Kind: kit.Char, Rune: '.'})
		}
	}
	measured(t, a, p)
	require.NoError(t, p.err)
	require.NotNil(t, p.res)
	require.Len(t, p.res.Table.Ships, 2)
	assert.Equal(t, "cylon-raider", p.res.Table.Ships[1].Class)
	truth := referee.New(tr.Truth).Rule(0, 1)
	ru := p.res.Rulings[0]
	require.True(t, ru.Measured, ru.Verdict)
	assert.InDelta(t, truth.Range, ru.Range, ru.RangePM, ru.Verdict)
	l := a.Frame()
	var images, verdicts, margins int
	for _, op := range l.Ops {
		if op.Kind == kit.OpImage {
			images++
		}
		if op.Kind == kit.OpText && op.Text != "" && len(op.Text) > 10 && op.Text[:10] == ru.Verdict[:10] {
			verdicts++
		}
		if op.Kind == kit.OpText && strings.HasPrefix(op.Text, "margins: arc ") {
			margins++
		}
	}
	assert.Equal(t, 1, images, "the photo is painted once")
	assert.Positive(t, verdicts, "the ruling is listed")
	require.True(t, ru.ArcMargin.Known, ru.Verdict)
	assert.Positive(t, margins, "each ruling's margins are listed with their intervals: %s", ru.MarginWords())
	// F2 saves the marks; bsg photo reads them back to the same table
	send(a, kit.Press(kit.KeyF2))
	require.True(t, a.Prompting())
	enter(a)
	marksPath := path[:len(path)-len(".png")] + ".marks.yaml"
	data, err := os.ReadFile(marksPath)
	require.NoError(t, err)
	mf, err := photo.ParseMarks(marksPath, data, a.Comp, 1600, 1200)
	require.NoError(t, err, string(data))
	img, err := photo.LoadImage(path)
	require.NoError(t, err)
	res, err := mf.Run(img)
	require.NoError(t, err)
	assert.Equal(t, p.res.Calibration.Edges, res.Calibration.Edges, "the edges are looked for alike")
	assert.InDelta(t, ru.Range, res.Rulings[0].Range, 0.05, "pixels are saved to a thousandth")
	// Backspace takes the last ship away; Esc goes back to the title
	send(a, kit.Press(kit.KeyBackspace))
	assert.Len(t, p.marks.Scene.Objects, 1)
	send(a, kit.Press(kit.KeyEscape))
	assert.IsType(t, &Title{}, a.Screen())
}

// TestPhotoModeSnapsAndUnsnaps: a ship's front corners clicked 3 px off
// snap to its base's edges on the photo (closer to the true corners), the
// clicks stay drawn, and u puts the clicks back.
func TestPhotoModeSnapsAndUnsnaps(t *testing.T) {
	tr, path := renderedPhoto(t)
	a := newTestApp(t)
	p, err := OpenPhoto(a, path, "")
	require.NoError(t, err)
	a.Show(p)
	a.Frame()
	s := tr.Truth.Ships[0]
	hex := physics.Hexagon(s.Pose, s.AcrossFlats)
	var clicks, truth []physics.Vec
	for _, corner := range []physics.Vec{hex[1], hex[0]} {
		px, _ := tr.Cam.Project(corner)
		truth = append(truth, px)
		clicks = append(clicks, px.Add(physics.V(2.5, -2)))
		p.click(clicks[len(clicks)-1])
	}
	measured(t, a, p)
	require.Len(t, p.marks.Scene.Objects, 1)
	o := p.marks.Scene.Objects[0]
	require.Len(t, p.snaps, 1, p.info)
	assert.Contains(t, p.info, "snapped to its base's edges")
	for k := range truth {
		assert.Less(t, o.Points[k].Dist(truth[k]), clicks[k].Dist(truth[k])/2, "corner %d snaps closer to the truth", k)
	}
	assert.Less(t, o.SigmaPx, p.marks.ClickPx)
	l := a.Frame()
	grey := 0
	for _, op := range l.Ops {
		if op.Kind == kit.OpPath && op.Stroke == kit.ColSecondary && len(op.Pts) == 2 {
			grey++
		}
	}
	assert.GreaterOrEqual(t, grey, 4, "the clicks stay drawn as grey crosses")
	send(a, kit.Event{Kind: kit.Char, Rune: 'u'})
	measured(t, a, p)
	assert.Equal(t, clicks, p.marks.Scene.Objects[0].Points)
	assert.Equal(t, p.marks.ClickPx, p.marks.Scene.Objects[0].SigmaPx)
	assert.Empty(t, p.snaps)
}

// TestPhotoModeLensFromTheEdges: a marks file that places the sheet on
// the table and asks for the edges (edges: auto) has the lens measured
// from the play area's edges on the photo (plumb line): the calibration
// fits both radial terms with the sheet alone; e turns it off and on.
func TestPhotoModeLensFromTheEdges(t *testing.T) {
	tr, path := renderedPhoto(t)
	a := newTestApp(t)
	marks := filepath.Join(t.TempDir(), "m.yaml")
	require.NoError(t, os.WriteFile(marks, []byte(fmt.Sprintf("table: {width: %g, depth: %g}\nedges: auto\nsheet: {paper: a4, at: [%.3f, %.3f], angle: %.3f, marks: auto}\n",
		tr.Truth.Width, tr.Truth.Depth, tr.SheetAt.X, tr.SheetAt.Y, tr.SheetAngle)), 0o644))
	p, err := OpenPhoto(a, path, marks)
	require.NoError(t, err)
	a.Show(p)
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		for _, corner := range []physics.Vec{hex[1], hex[0]} {
			px, _ := tr.Cam.Project(corner)
			p.click(px)
		}
	}
	measured(t, a, p)
	require.NotNil(t, p.res, "%v", p.err)
	assert.True(t, p.marks.Edges)
	assert.Equal(t, 2, p.res.Calibration.Terms, "the lens measured from the edges")
	assert.Zero(t, p.res.MoreMarks)
	truth := referee.New(tr.Truth).Rule(0, 1)
	assert.InDelta(t, truth.Range, p.res.Rulings[0].Range, p.res.Rulings[0].RangePM)
	send(a, kit.Event{Kind: kit.Char, Rune: 'e'})
	measured(t, a, p)
	assert.False(t, p.marks.Edges)
	require.NotNil(t, p.res, "%v", p.err)
	assert.Zero(t, p.res.Calibration.Terms, "the sheet alone cannot see the lens")
	assert.Positive(t, p.res.MoreMarks)
	send(a, kit.Event{Kind: kit.Char, Rune: 'e'})
	measured(t, a, p)
	assert.Equal(t, photo.EdgesTable, p.res.Calibration.Edges)
	assert.Contains(t, p.info, "straight edges: "+photo.EdgesTable.String())
}

// TestPhotoModeEdgesByDefault (issue #28: clicks that snap): photo mode
// opened without a marks file looks for the photo's straight edges by
// itself (the sheet found, its place not given: the play area's sides as
// a rectangle), says so on the calibration line, and the refit after
// each ship's click keeps the edge search of the unchanged calibration
// marks (the same calibration); e turns the edges off.
func TestPhotoModeEdgesByDefault(t *testing.T) {
	tr, path := renderedPhoto(t)
	a := newTestApp(t)
	p, err := OpenPhoto(a, path, "")
	require.NoError(t, err)
	a.Show(p)
	assert.True(t, p.marks.Edges)
	var first *photo.Calibration
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		for _, corner := range []physics.Vec{hex[1], hex[0]} {
			px, _ := tr.Cam.Project(corner)
			p.click(px)
			measured(t, a, p)
			if p.res != nil && first == nil {
				first = p.res.Calibration
			}
		}
	}
	require.NotNil(t, p.res, "%v", p.err)
	c := p.res.Calibration
	assert.Equal(t, photo.EdgesRectangle, c.Edges)
	assert.Same(t, first, c, "the refit after a ship's click keeps the edge calibration")
	truth := referee.New(tr.Truth).Rule(0, 1)
	assert.InDelta(t, truth.Range, p.res.Rulings[0].Range, p.res.Rulings[0].RangePM)
	var texts []string
	for _, op := range a.Frame().Ops {
		if op.Kind == kit.OpText {
			texts = append(texts, op.Text)
		}
	}
	assert.Contains(t, strings.Join(texts, " "), "straight edges: the lens and the perspective from the play area's sides",
		"the calibration line says what the edges gave: %q", texts)
	send(a, kit.Event{Kind: kit.Char, Rune: 'e'})
	measured(t, a, p)
	assert.False(t, p.marks.Edges)
	require.NotNil(t, p.res, "%v", p.err)
	assert.Equal(t, photo.EdgesNotAsked, p.res.Calibration.Edges)
	assert.Contains(t, p.info, "straight edges: "+photo.EdgesNotAsked.String())
}

// TestPhotoModeFindsBasesAndTakesThePlace (issue #28): b adds the bases
// found on the photo by themselves (looked for between frames, the
// panel saying how far), each at its ship's true front
// corners, and the rulings follow; t takes the table's size and the
// sheet's place typed in photo.ParsePlacing's words.
func TestPhotoModeFindsBasesAndTakesThePlace(t *testing.T) {
	tr, path := renderedPhoto(t)
	a := newTestApp(t)
	p, err := OpenPhoto(a, path, "")
	require.NoError(t, err)
	a.Show(p)
	a.Frame()
	send(a, kit.Event{Kind: kit.Char, Rune: 'b'})
	for p.finding == nil && p.job != nil {
		a.Tick(1.0 / 60) // the first fit on the photo first
	}
	require.NotNil(t, p.finding, "the bases looked for between frames")
	a.Tick(1.0 / 60)
	assert.Contains(t, drawnText(a), "Finding the bases: ", "the panel says how far")
	measured(t, a, p)
	require.Len(t, p.marks.Scene.Objects, 2, p.info)
	assert.Contains(t, p.info, "2 bases found on the photo")
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		l, _ := tr.Cam.Project(hex[1])
		r, _ := tr.Cam.Project(hex[0])
		best := 1e9
		for _, o := range p.marks.Scene.Objects {
			best = math.Min(best, o.Points[0].Dist(l)+o.Points[1].Dist(r))
		}
		assert.Less(t, best, 3.0, "%s found at its front corners (pixels off)", s.ID)
	}
	require.NoError(t, p.err)
	require.NotNil(t, p.res)
	assert.Len(t, p.res.Rulings, 2)
	a.Frame()
	// pressed again, nothing new: both are marked
	send(a, kit.Event{Kind: kit.Char, Rune: 'b'})
	measured(t, a, p)
	assert.Len(t, p.marks.Scene.Objects, 2)
	// r turns the last ship half a turn: its front on the flat that was
	// its rear; r again turns it back
	last := p.marks.Scene.Objects[1]
	var ship referee.Ship
	for _, s := range tr.Truth.Ships {
		if l, _ := tr.Cam.Project(physics.Hexagon(s.Pose, s.AcrossFlats)[1]); l.Dist(last.Points[0]) < 3 {
			ship = s
		}
	}
	require.NotEmpty(t, ship.ID, "the last base is a ship of the photo")
	send(a, kit.Event{Kind: kit.Char, Rune: 'r'})
	measured(t, a, p)
	hex := physics.Hexagon(ship.Pose, ship.AcrossFlats)
	rl, _ := tr.Cam.Project(hex[4])
	rr, _ := tr.Cam.Project(hex[3])
	turned := p.marks.Scene.Objects[1]
	assert.Less(t, turned.Points[0].Dist(rl)+turned.Points[1].Dist(rr), 3.0, "turned: the rear corners are its front (pixels off); %s", p.info)
	assert.Contains(t, p.info, "turned half a turn")
	send(a, kit.Event{Kind: kit.Char, Rune: 'r'})
	measured(t, a, p)
	assert.Less(t, p.marks.Scene.Objects[1].Points[0].Dist(last.Points[0])+p.marks.Scene.Objects[1].Points[1].Dist(last.Points[1]), 0.5, "turned back")
	// the place, typed
	send(a, kit.Event{Kind: kit.Char, Rune: 't'})
	pr := a.modal
	require.NotNil(t, pr, "t asks for the place")
	pr.text = fmt.Sprintf("table 1200x900 at %.1f,%.1f angle 15", tr.SheetAt.X, tr.SheetAt.Y)
	send(a, kit.Press(kit.KeyEnter))
	assert.Nil(t, a.modal, pr.err)
	assert.Equal(t, 1200.0, p.marks.Scene.Table.Width)
	assert.True(t, p.marks.Sheet.Placed)
	assert.InDelta(t, 15, p.marks.Sheet.Angle, 1e-9)
	send(a, kit.Event{Kind: kit.Char, Rune: 't'})
	pr = a.modal
	require.NotNil(t, pr)
	pr.text = "table 100x100 at 450,450"
	send(a, kit.Press(kit.KeyEnter))
	require.NotNil(t, a.modal, "a sheet off the table is refused")
	assert.Contains(t, pr.err, "off the 100 × 100 mm table")
}

// TestPhotoModeMeasuresBetweenFrames: photo mode with its straight edges
// on (the default) fits a photo's first calibration and its Monte Carlo
// between frames, as a player sees it: the window ticks and draws, no
// tick does more than photoTickWork units of the analysis's work (work
// counted, not time: the machine may be busy), and every frame until the
// rulings are in says "Measuring" with how far it is, rising (each
// analysis: a change starts another). Two ships' corners clicked while
// it measures are snapped once the calibration is fitted (and measured
// again), and the rulings are the one-shot analysis's, bit for bit.
func TestPhotoModeMeasuresBetweenFrames(t *testing.T) {
	tr, path := renderedPhoto(t)
	a := newTestApp(t)
	p, err := OpenPhoto(a, path, "")
	require.NoError(t, err)
	a.Show(p)
	require.True(t, p.marks.Edges)
	require.NotNil(t, p.job, "the first fit is measured between frames")
	ticks, last := 0, -1.0
	var job *photo.Analysis
	frame := func() {
		a.Tick(1.0 / 60)
		ticks++
		assert.LessOrEqual(t, p.tickWork, float64(photoTickWork), "tick %d", ticks)
		text := drawnText(a)
		if p.job == nil {
			return
		}
		if p.job != job {
			job, last = p.job, -1 // another analysis: the snaps' after the fit
		}
		pr := p.job.Progress()
		assert.GreaterOrEqual(t, pr, last, "the progress rises")
		last = pr
		assert.Contains(t, text, "Measuring: ", "tick %d: the panel says it measures", ticks)
		assert.Contains(t, text, fmt.Sprintf("%.0f%%", 100*pr), "and how far")
	}
	for range 3 {
		frame()
	}
	// the ships' corners clicked meanwhile: the analysis starts again
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		for _, corner := range []physics.Vec{hex[1], hex[0]} {
			px, _ := tr.Cam.Project(corner)
			p.click(px)
		}
	}
	for n := 0; p.job != nil; n++ {
		require.Less(t, n, 100000, "the analysis ends")
		frame()
	}
	assert.Greater(t, ticks, 10, "the work is spread over many ticks")
	require.NoError(t, p.err)
	require.NotNil(t, p.res)
	assert.Len(t, p.snaps, 2, "both ships snapped once the calibration was fitted")
	assert.NotContains(t, drawnText(a), "Measuring: ")
	assert.Contains(t, p.Verdicts(), "mm ±")
	want, err := p.marks.AnalyseOn(photo.NewSnapper(p.img))
	require.NoError(t, err)
	assert.Equal(t, want.Rulings, p.res.Rulings, "the rulings are the one-shot analysis's")
	assert.Equal(t, want.Poses, p.res.Poses)
	t.Logf("%d ticks", ticks)
}

// TestPhotoModeLooksForTheSheetBetweenFrames: a photo opened by the
// player (AskPhoto: an upload in a phone's browser) is searched for its
// calibration sheet a piece a tick, the panel saying how far on every
// frame, and the sheet found is NewPhoto's, found in one go, to the
// pixel; the rulings that follow are the same.
func TestPhotoModeLooksForTheSheetBetweenFrames(t *testing.T) {
	_, path := renderedPhoto(t)
	img, err := photo.LoadImage(path)
	require.NoError(t, err)
	a := newTestApp(t)
	clock := time.Unix(0, 0)
	a.Now = func() time.Time { clock = clock.Add(4 * time.Millisecond); return clock }
	p, err := newPhoto(a, path, img, nil, false)
	require.NoError(t, err)
	p.seek()
	a.Show(p)
	ticks, last := 0, -1.0
	for p.seeking != nil {
		require.Less(t, ticks, 100000, "the search ends")
		pr := p.seeking.Progress()
		assert.GreaterOrEqual(t, pr, last, "the progress rises")
		last = pr
		text := drawnText(a)
		assert.Contains(t, text, fmt.Sprintf("Looking for the A4 calibration sheet: %.0f%%", 100*pr), "tick %d: the panel says how far", ticks)
		assert.NotContains(t, text, "Mark the sheet and two ships", "tick %d: no call to mark by hand while looking", ticks)
		a.Tick(1.0 / 60)
		ticks++
	}
	assert.Greater(t, ticks, 10, "the search is spread over many ticks")
	assert.NotContains(t, drawnText(a), "Looking for the")

	b := newTestApp(t)
	want, err := NewPhoto(b, path, img, nil)
	require.NoError(t, err)
	require.NotNil(t, want.marks.Sheet)
	require.NotNil(t, p.marks.Sheet, "the sheet is found")
	assert.Equal(t, want.marks.Sheet.Pixels, p.marks.Sheet.Pixels, "the sheet's marks are the one-go search's")
	assert.Equal(t, want.info, p.info)
	for n := 0; p.job != nil; n++ {
		require.Less(t, n, 100000, "the analysis ends")
		a.Tick(1.0 / 60)
	}
	for n := 0; want.job != nil; n++ {
		require.Less(t, n, 100000, "the analysis ends")
		want.Tick(1.0 / 60)
	}
	require.NoError(t, p.err)
	assert.Equal(t, want.res.Rulings, p.res.Rulings, "the rulings")
	t.Logf("%d ticks to find the sheet", ticks)
}
