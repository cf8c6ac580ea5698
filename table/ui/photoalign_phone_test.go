package ui

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
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

// manyShipsPhoto renders a photo (2000 × 1500, camera tilted up to 15°)
// of a 900 × 1200 mm table with six of the player's Vipers, two of them
// side by side 52 mm apart, and two Raiders, the A4 sheet at (450, 900)
// turned 17°; each Viper's model stands a few mm and degrees from its
// twin. It returns the photo and what photo mode is handed.
func manyShipsPhoto(t *testing.T) (image.Image, PhotoAlign, map[string]physics.Pose) {
	t.Helper()
	comp := assets.Default()
	sheet, _ := photo.SheetFor("a4")
	rng := rand.New(rand.NewPCG(27, 9))
	tr := phototest.Trial{Sheet: sheet, Cam: phototest.RandomCamera(rng, 2000, 1500, 900, 1200, 15, 0.01), SheetAt: physics.V(450, 900), SheetAngle: 17}
	tr.Truth = referee.Table{Width: 900, Depth: 1200, Limits: referee.LimitsFrom(comp.Geometry)}
	al := PhotoAlign{Width: 900, Depth: 1200}
	models := map[string]physics.Pose{}
	twins := []physics.Pose{
		{Pos: physics.V(200, 250), Heading: physics.Deg(90)}, {Pos: physics.V(252, 250), Heading: physics.Deg(90)},
		{Pos: physics.V(450, 300), Heading: physics.Deg(60)}, {Pos: physics.V(650, 260), Heading: physics.Deg(120)},
		{Pos: physics.V(300, 480), Heading: physics.Deg(30)}, {Pos: physics.V(620, 520), Heading: physics.Deg(150)},
	}
	af := comp.BaseAcrossFlats("viper-mk2")
	for i, tw := range twins {
		id := fmt.Sprintf("viper-%d", i+1)
		al.Own = append(al.Own, AlignShip{ID: id, Class: "viper-mk2", AcrossFlats: af, Pose: tw})
		m := physics.Pose{Pos: tw.Pos.Add(physics.V(2-float64(i), 1.5)), Heading: tw.Heading + physics.Deg(2)}
		models[id] = m
		tr.Truth.Ships = append(tr.Truth.Ships, referee.Ship{ID: id, Class: "viper-mk2", Pose: m, Level: 1, AcrossFlats: af})
	}
	for i, at := range []physics.Vec{physics.V(250, 1050), physics.V(700, 1000)} {
		id := fmt.Sprintf("raider-%d", i+1)
		pose := physics.Pose{Pos: at, Heading: physics.Deg(270)}
		raf := comp.BaseAcrossFlats("cylon-raider")
		al.Others = append(al.Others, AlignShip{ID: id, Class: "cylon-raider", AcrossFlats: raf, Pose: pose})
		tr.Truth.Ships = append(tr.Truth.Ships, referee.Ship{ID: id, Class: "cylon-raider", Pose: pose, Level: 1, AcrossFlats: raf})
	}
	return tr.Render(phototest.Look{BlurPx: 0.8, Noise: 3, Seed: 7}), al, models
}

// stepClock makes the app's wall clock move a second each time it is
// read: photo mode's search then does exactly one step a tick (its
// budget is spent at once), whatever the machine's speed.
func stepClock(a *App) {
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	a.Now = func() time.Time { now = now.Add(time.Second); return now }
}

// alignFrameProblems lists what is wrong with a frame of photo mode
// aligning a companion game, for a player on a phone: a text off the
// screen's sides; two texts over each other (the panel's lines, the
// ships' names on the photo); a text over a button it is not the label
// of; two buttons over each other; a control off the screen; the
// decision (Send, or Stop looking while the bases are looked for) not
// wholly on the screen.
func alignFrameProblems(a *App, p *Photo) []string {
	var out []string
	l := a.Frame()
	hots := a.Hots()
	type shown struct {
		text string
		r    kit.Rect
	}
	var texts []shown
	for _, op := range l.Ops {
		if op.Kind != kit.OpText || op.Text == "" {
			continue
		}
		g := glyphs(a, op)
		if op.Clipped {
			if !g.Overlaps(op.Clip) {
				continue // scrolled out of its room
			}
			lo := math.Max(g.Y, op.Clip.Y)
			hi := math.Min(g.Y+g.H, op.Clip.Y+op.Clip.H)
			if hi-lo < 0.5*g.H {
				continue // mostly cut at the room's edge
			}
			g.Y, g.H = lo, hi-lo
		}
		if g.X < -1 || g.X+g.W > a.W+1 {
			out = append(out, fmt.Sprintf("%q runs off the screen (%.0f to %.0f of %.0f)", op.Text, g.X, g.X+g.W, a.W))
		}
		texts = append(texts, shown{op.Text, g})
	}
	inside := func(in, r kit.Rect) bool {
		return in.X >= r.X-1 && in.Y >= r.Y-1 && in.X+in.W <= r.X+r.W+1 && in.Y+in.H <= r.Y+r.H+1
	}
	for i, x := range texts {
		for _, y := range texts[i+1:] {
			if x.r.Overlaps(y.r) {
				out = append(out, fmt.Sprintf("%q and %q overlap", x.text, y.text))
			}
		}
		for _, h := range hots {
			if x.r.Overlaps(h.R) && !inside(x.r, h.R) {
				out = append(out, fmt.Sprintf("%q is drawn over the button %s", x.text, h.ID))
			}
		}
	}
	decision := false
	for _, x := range texts {
		decision = decision || strings.HasPrefix(x.text, "Send 0 ") // shown, not pressable
	}
	for i, h := range hots {
		if h.R.X < -1 || h.R.Y < -1 || h.R.X+h.R.W > a.W+1 || h.R.Y+h.R.H > a.H+1 {
			out = append(out, fmt.Sprintf("the button %s is off the screen", h.ID))
		}
		for _, o := range hots[i+1:] {
			if h.R.Overlaps(o.R) {
				out = append(out, fmt.Sprintf("the buttons %s and %s overlap", h.ID, o.ID))
			}
		}
		if strings.HasSuffix(h.ID, ":Stop looking") || strings.Contains(h.ID, ":Send ") {
			decision = true
		}
	}
	if !decision {
		out = append(out, "neither Send nor Stop looking is on the screen")
	}
	return out
}

// TestAlignFromAPhotoOnAPhoneWithSixShips: photo mode correcting a
// companion game on a phone held upright (390 × 844 at two pixels a
// point, touch), six of the
// player's ships on the table: the search for the bases runs between
// frames (one step a tick here), every frame saying what it does, how far
// it is (never going back) and offering Stop; on every frame nothing is
// drawn over anything else (the ships' names on the photo, two bases side
// by side, included) and the decision stays on the screen; the panel,
// taller than its room, says More below and scrolls by a finger to every
// ship's Confirm; Send, pinned at the foot, sends the six.
func TestAlignFromAPhotoOnAPhoneWithSixShips(t *testing.T) {
	a := phoneApp(t)
	stepClock(a)
	img, al, models := manyShipsPhoto(t)
	var sent []PoseFix
	al.Send = func(f []PoseFix, _ string) { sent = f }
	al.Back = func() {}
	p, err := NewPhotoAlign(a, "table.png", img, al)
	require.NoError(t, err)
	a.Show(p)
	a.Frame()
	require.NotNil(t, a.modal, "where the sheet lies is asked")
	typeIn(a, "at 450,900 angle 17")
	require.Nil(t, a.modal)
	require.NotNil(t, p.al.job, "the search starts after the place is given, not inside the prompt")

	last := 0.0
	frames := searchOut(t, a, p, func(frame int) {
		text := drawnText(a)
		require.Contains(t, text, "Looking for your bases", "frame %d says what it does", frame)
		_, stop := buttonRect(a, "Stop looking")
		require.True(t, stop, "frame %d offers Stop looking", frame)
		pr := p.al.job.progress()
		require.GreaterOrEqual(t, pr, last, "frame %d: progress never goes back", frame)
		last = pr
		if frame%25 == 0 {
			assert.Empty(t, alignFrameProblems(a, p), "frame %d", frame)
		}
	})
	t.Logf("the search took %d frames", frames)
	assert.Greater(t, frames, 100, "the search is spread over many frames")
	assert.Greater(t, last, 0.9, "the progress shown reached the end")
	assert.Contains(t, p.info, "6 of your 6 ships found")
	assert.Empty(t, alignFrameProblems(a, p), "after the search")

	// the panel goes on below its room: More below; a finger scrolls it
	// to every ship's Confirm, Send stays pinned
	assert.True(t, p.al.scroll.Below(), "six ships' rows are taller than the room")
	assert.NotZero(t, p.al.scroll.Hint().W, "the panel says there is more below")
	for i := range al.Own {
		id := al.Own[i].ID
		for k := 0; ; k++ {
			require.Less(t, k, 40, "%s's Confirm reached by scrolling", id)
			if _, ok := buttonRect(a, "Confirm "+id); ok {
				break
			}
			room := p.al.scroll.Room()
			x, y := room.X+room.W-20, room.Y+room.H-30
			send(a, kit.Event{Kind: kit.MouseDown, X: x, Y: y, Button: kit.ButtonLeft},
				kit.Event{Kind: kit.MouseMove, X: x, Y: y - 60}, kit.Event{Kind: kit.MouseUp, X: x, Y: y - 60, Button: kit.ButtonLeft})
			assert.Empty(t, alignFrameProblems(a, p), "scrolled for %s", id)
		}
		clickButton(t, a, "Confirm "+id)
		assert.Empty(t, alignFrameProblems(a, p), "%s confirmed", id)
	}
	clickButton(t, a, "Send 6 corrections")
	require.Len(t, sent, 6)
	for _, f := range sent {
		assert.Less(t, f.Pose.Pos.Dist(models[f.Ship].Pos), f.PosPM+0.3, "%s sent at its model", f.Ship)
	}
}

// TestAlignPhotoSearchStops: Stop looking ends the search at once, no
// base proposed and the screen says so; Find my bases looks again.
func TestAlignPhotoSearchStops(t *testing.T) {
	a := phoneApp(t)
	stepClock(a)
	img, al, _ := manyShipsPhoto(t)
	al.Placing = "at 450,900 angle 17"
	al.Send, al.Back = func([]PoseFix, string) {}, func() {}
	p, err := NewPhotoAlign(a, "table.png", img, al)
	require.NoError(t, err)
	a.Show(p)
	require.NotNil(t, p.al.job, "the sheet's place known: the search starts")
	for range 20 {
		a.Tick(1.0 / 60)
		a.Frame()
	}
	require.NotNil(t, p.al.job)
	clickButton(t, a, "Stop looking")
	assert.Nil(t, p.al.job, "stopped")
	for range 5 {
		a.Tick(1.0 / 60)
	}
	assert.Empty(t, p.marks.Scene.Objects, "nothing proposed")
	assert.Contains(t, drawnText(a), "Search stopped")
	clickButton(t, a, "Find my bases")
	require.NotNil(t, p.al.job, "looking again")
	searchOut(t, a, p, nil)
	assert.Contains(t, p.info, "6 of your 6 ships found")
}
