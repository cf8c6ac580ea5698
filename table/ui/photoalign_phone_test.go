package ui

import (
	"fmt"
	"image"
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
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

// shownText is a text of a frame as the player sees it: its words and
// its letters' box, cut to its clip.
type shownText struct {
	text string
	r    kit.Rect
}

// overlapProblems lists what is drawn over what in a frame: a text off
// the screen's sides; two texts over each other; a text over a button it
// is not the label of; two buttons over each other; a button off the
// screen. Texts partly under one of the hidden rectangles (a strip drawn
// over the content) are not shown. It returns the texts shown too.
func overlapProblems(a *App, l *kit.List, hidden ...kit.Rect) ([]string, []shownText) {
	var out []string
	hots := a.Hots()
	var texts []shownText
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
		under := false
		for _, h := range hidden {
			under = under || g.Overlaps(h) && !(g.X >= h.X && g.Y >= h.Y && g.X+g.W <= h.X+h.W && g.Y+g.H <= h.Y+h.H)
		}
		if under {
			continue
		}
		if g.X < -1 || g.X+g.W > a.W+1 {
			out = append(out, fmt.Sprintf("%q runs off the screen (%.0f to %.0f of %.0f)", op.Text, g.X, g.X+g.W, a.W))
		}
		texts = append(texts, shownText{op.Text, g})
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
	for i, h := range hots {
		if h.R.X < -1 || h.R.Y < -1 || h.R.X+h.R.W > a.W+1 || h.R.Y+h.R.H > a.H+1 {
			out = append(out, fmt.Sprintf("the button %s is off the screen", h.ID))
		}
		for _, o := range hots[i+1:] {
			if h.R.Overlaps(o.R) {
				out = append(out, fmt.Sprintf("the buttons %s and %s overlap", h.ID, o.ID))
			}
		}
	}
	return out, texts
}

// alignFrameProblems lists what is wrong with a frame of photo mode
// aligning a companion game, for a player on a phone: what is drawn over
// what (overlapProblems: the panel's lines, the ships' names on the
// photo, the buttons), and the decision (Send; Stop looking while the
// bases are looked for; The sheet lies here while it is laid) not wholly
// on the screen.
func alignFrameProblems(a *App, p *Photo) []string {
	out, texts := overlapProblems(a, a.Frame())
	decision := false
	for _, x := range texts {
		decision = decision || strings.HasPrefix(x.text, "Send 0 ") // shown, not pressable
	}
	for _, h := range a.Hots() {
		if strings.HasSuffix(h.ID, ":Stop looking") || strings.Contains(h.ID, ":Send ") || strings.HasSuffix(h.ID, ":The sheet lies here") {
			decision = true
		}
	}
	if !decision {
		out = append(out, "none of Send, Stop looking, The sheet lies here is on the screen")
	}
	return out
}

// TestAlignFromAPhotoOnAPhoneWithSixShips: photo mode correcting a
// companion game on a phone held upright (390 × 844 at two pixels a
// point, touch), six of the player's ships on the table: the sheet is
// laid on the twin's table by a finger (dragged, turned by its knob, the
// last millimetre nudged), as a ship's base is; the search for the bases runs between
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
	sp := p.al.hand
	require.NotNil(t, sp, "where the sheet lies is asked: the sheet laid on the twin's table by hand")
	assert.Nil(t, a.modal, "by a finger first; typing is offered")
	assert.Empty(t, alignFrameProblems(a, p), "the sheet on the table")
	// a finger drags the sheet from the table's middle to where it lies
	// among the models, then turns it by its knob
	drag := func(from, to kit.Pt) {
		send(a, kit.Event{Kind: kit.MouseDown, X: from.X, Y: from.Y, Button: kit.ButtonLeft})
		for k := 1; k <= 5; k++ {
			f := float64(k) / 5
			send(a, kit.Event{Kind: kit.MouseMove, X: from.X + (to.X-from.X)*f, Y: from.Y + (to.Y-from.Y)*f})
		}
		send(a, kit.Event{Kind: kit.MouseUp, X: to.X, Y: to.Y, Button: kit.ButtonLeft})
	}
	drag(sp.cam.ToScreen(sp.at), sp.cam.ToScreen(physics.V(450, 900)))
	assert.InDelta(t, 450, sp.at.X, 1.5, "dragged to where it lies")
	assert.InDelta(t, 900, sp.at.Y, 1.5)
	drag(sp.cam.ToScreen(p.sheetKnob(sp)), sp.cam.ToScreen(sp.at.Add(physics.Direction(physics.Deg(17)).Mul(200))))
	assert.InDelta(t, 17, sp.angle, 1, "turned by its knob")
	assert.Empty(t, alignFrameProblems(a, p), "the sheet dragged and turned")
	// the last millimetres and degrees by the nudges
	for k := 0; k < 6 && (sp.at != physics.V(450, 900) || sp.angle != 17); k++ {
		for _, n := range []struct {
			label string
			off   float64
		}{{"x +1", 450 - sp.at.X}, {"x −1", sp.at.X - 450}, {"y +1", 900 - sp.at.Y}, {"y −1", sp.at.Y - 900}, {"+1°", 17 - sp.angle}, {"−1°", sp.angle - 17}} {
			if n.off >= 0.5 {
				clickButton(t, a, n.label)
			}
		}
	}
	require.Equal(t, physics.V(450, 900), sp.at)
	require.Equal(t, 17.0, sp.angle)
	assert.Contains(t, drawnText(a), "At 450,900 mm, turned 17°.")
	clickButton(t, a, "The sheet lies here")
	require.Nil(t, p.al.hand, "the photo again")
	assert.Equal(t, "table 900x1200 at 450,900 angle 17", p.alignPlacing(), "the place as the game keeps it")
	require.NotNil(t, p.al.job, "the search starts once the sheet lies")

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

// TestCompanionOnAPhoneNothingDrawnOverAnything: a companion game of The
// Jump Point on two phones held upright (390 × 844 at two pixels a point,
// touch) through a server on 127.0.0.1, from the setup to the second
// turn's planning (the app rolls every die and draws every counter, the
// table aligned after each step): on no frame is a text drawn over
// another text (the board's labels, the cards' names, the FTL marker's
// line, the panel's paragraphs) or over a button it is not the label
// of, and the cup's counters are counted in words ("1 counter").
func TestCompanionOnAPhoneNothingDrawnOverAnything(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	var screens []screen
	for _, tok := range []string{cr.Colonial, cr.Cylon} {
		a := phoneApp(t)
		g := NewNetGame(a, hs.URL, tok)
		t.Cleanup(func() { g.seat.Leave() })
		a.Show(g)
		screens = append(screens, screen{a, g})
	}
	seen := map[string]int{}
	var order []string
	look := func(sc screen) string {
		l := sc.a.Frame()
		var hidden []kit.Rect
		// the decision pinned over the content's foot (its strip hides
		// the content under it, also on the first frame it is pinned)
		s := sc.a.S()
		for _, d := range sc.g.decisions {
			if h, ok := hotLabelled(sc.a, d.label); ok && h.R != d.r {
				hidden = append(hidden, kit.Rect{X: sc.g.foot.X, Y: h.R.Y - 8*s, W: sc.g.foot.W, H: h.R.H + 16*s})
			}
		}
		probs, texts := overlapProblems(sc.a, l, hidden...)
		var words strings.Builder
		for _, x := range texts {
			words.WriteString(x.text + "\n")
			if strings.Contains(x.text, "counter(s)") {
				probs = append(probs, fmt.Sprintf("%q counts in brackets", x.text))
			}
		}
		for _, p := range probs {
			// not this test's: "More below" over a line of the panel
			// (the panel's scroll hint, issue 23's), a status line
			// over the table, the playback's banner over the board, the
			// playback's Go on/Pace row over the last line for a frame
			// or two as it is pinned (seen, left to their owners)
			p = sc.g.Stage() + ": " + p
			if seen[p] == 0 {
				order = append(order, p)
			}
			seen[p]++
		}
		return words.String()
	}
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the companion turn ends")
		c0, _ := screens[0].g.seat.(*seat.Companion)
		if c0 != nil && c0.State() != nil && c0.State().View.Turn >= 2 && c0.State().View.Phase == battle.Planning {
			break
		}
		acted := false
		for _, sc := range screens {
			text := look(sc)
			c, _ := sc.g.seat.(*seat.Companion)
			if c != nil && c.Status().Sending == "" {
				if n, mine := c.Need(); n != nil && mine {
					label := "Let the app roll"
					if n.What == battle.DrawCounter {
						label = "Draw from the app's secret cup"
					}
					tapVisible(t, sc, label)
					acted = true
					continue
				}
				if st := c.State(); st != nil && st.View.Phase == battle.Aligning && st.Need == nil && !slices.Contains(st.Aligned, st.Seat) && strings.Contains(text, "The table is aligned") {
					tapVisible(t, sc, "The table is aligned")
					acted = true
					continue
				}
			}
			if act(t, sc) {
				acted = true
			}
		}
		if !acted {
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
	for _, p := range order {
		t.Errorf("%s (%d frames)", p, seen[p])
	}
}

// tapVisible taps the button with the label, scrolling the game's panel
// down a page at a time until it is on the screen.
func tapVisible(t *testing.T, sc screen, label string) {
	t.Helper()
	for k := 0; k < 12; k++ {
		if _, ok := buttonRect(sc.a, label); ok {
			clickButton(t, sc.a, label)
			return
		}
		sc.g.scroll.Down()
		sc.a.Frame()
	}
	clickButton(t, sc.a, label)
}
