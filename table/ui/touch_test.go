package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// On a phone held sideways the ruling of the two ships tapped shows in
// large type at the foot of the table, unless it would hide either ship
// there: then at the top.
func TestPairRulingBoxLeavesTheShipsInView(t *testing.T) {
	a := NewApp(assets.Default(), t.TempDir())
	a.MinTarget = 9 * 96 / 25.4 * 3
	a.Handle(kit.Event{Kind: kit.Resize, W: 2532, H: 1170})
	m := NewMeasure(a, nil, "")
	a.Show(m)
	a.Frame()
	view := m.cam.View
	h, pad := 300.0, 20.0
	m.tapped(0)
	m.tapped(1)
	require.Equal(t, view.Y+view.H-h-pad, m.rulingBoxY(view, h, pad, 0, 1), "ships in the middle: the box at the foot")
	// the raider near the foot of the table view
	m.T.Ships[1].Pose.Pos = m.cam.ToWorld(kit.Pt{X: view.X + view.W/2, Y: view.Y + view.H - 60})
	m.changed()
	a.Frame()
	y := m.rulingBoxY(view, h, pad, 0, 1)
	assert.Equal(t, view.Y+pad, y, "the box moves to the top")
	box := kit.Rect{X: view.X, Y: y - pad, W: view.W, H: h + 2*pad}
	for i := range m.T.Ships {
		assert.False(t, m.hides(box, i), "ship %d in view", i)
		assert.False(t, box.Contains(m.cam.ToScreen(m.T.Ships[i].Pose.Pos)))
	}
}

// On a phone held upright the ruling of the two ships tapped shows in
// large type at the top of the panel, above the ship's fields: nothing of
// it over the table, whose size does not change when the ruling comes
// or grows; before two ships are tapped the panel says how to get it.
func TestPairRulingOnAnUprightPhoneIsInThePanel(t *testing.T) {
	a := NewApp(assets.Default(), t.TempDir())
	a.MinTarget = 9 * 96 / 25.4 * 3
	a.Handle(kit.Event{Kind: kit.Resize, W: 1170, H: 2532})
	m := NewMeasure(a, nil, "")
	a.Show(m)
	// the frame's texts, and the lines of the pair's ruling among them
	want := 0 // the lines of the pair's ruling in large type
	texts := func() (big []kit.Op, all string) {
		ops := a.Frame().Ops
		lines, _ := m.pairFit(a.W - 24*a.S())
		want = len(lines)
		for _, op := range ops {
			if op.Kind != kit.OpText {
				continue
			}
			all += op.Text + "\n"
			for _, ln := range lines {
				if op.Text == ln.s {
					big = append(big, op)
					break
				}
			}
		}
		return big, all
	}
	_, all := texts()
	assert.Contains(t, all, "Tap two ships")
	view := m.cam.View
	m.tapped(0)
	m.tapped(1)
	m.sel = 1
	big, all := texts()
	// Both rulings, each on at least two lines (verdict, range and
	// margins), every line shown.
	require.GreaterOrEqual(t, want, 4)
	require.Len(t, big, want, "the ruling in large type")
	assert.NotContains(t, all, "Tap two ships")
	assert.Equal(t, view, m.cam.View, "the table keeps its size")
	var title float64
	for _, op := range a.Frame().Ops {
		if op.Kind == kit.OpText && strings.HasPrefix(op.Text, m.T.Ships[1].ID+" (") {
			title = op.At.Y
		}
	}
	require.NotZero(t, title, "the selected ship's heading")
	for _, op := range big {
		assert.Greater(t, op.At.Y, view.Y+view.H, "%q is under the table, in the panel", op.Text)
		assert.Less(t, op.At.Y, title, "%q is above the ship's fields", op.Text)
	}
	// the raider far off: the rulings say out of range, the table stays
	m.T.Ships[1].Pose.Pos = m.T.Ships[1].Pose.Pos.Add(physics.V(0, 300))
	m.changed()
	big, _ = texts()
	require.Len(t, big, want, "the longer ruling, every line shown")
	require.LessOrEqual(t, want, pairRoomLines, "in the room kept for it, the type smaller if need be")
	assert.Contains(t, big[0].Text, "cannot fire")
	assert.Equal(t, view, m.cam.View, "the table keeps its size")
}

// A finger picks a ship in measurement mode when it presses within half a
// touch target (4.5 mm) of the base; the mouse only on the base, and a
// finger further off pans instead.
func TestAFingerPicksAShipNearItsBase(t *testing.T) {
	a := NewApp(assets.Default(), t.TempDir())
	a.MinTarget = 34 // 9 mm in CSS px
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	m := NewMeasure(a, nil, "")
	a.Show(m)
	a.Frame()
	m.sel = -1
	sh := m.T.Ships[0]
	c := m.cam.ToScreen(sh.Pose.Pos)
	// straight down the screen from the centre to just beyond the base
	var edge kit.Pt
	for y := c.Y; ; y++ {
		if !sh.Base().Contains(m.cam.ToWorld(kit.Pt{X: c.X, Y: y})) {
			edge = kit.Pt{X: c.X, Y: y}
			break
		}
	}
	press := func(p kit.Pt, touch bool) int {
		m.sel = -1
		a.Handle(kit.Event{Kind: kit.MouseDown, Button: kit.ButtonLeft, X: p.X, Y: p.Y, Touch: touch})
		a.Handle(kit.Event{Kind: kit.MouseUp, Button: kit.ButtonLeft, X: p.X, Y: p.Y, Touch: touch})
		return m.sel
	}
	near := kit.Pt{X: edge.X, Y: edge.Y + 15} // 4 mm off the base
	assert.Equal(t, 0, press(near, true), "a finger 4 mm off the base picks it")
	assert.Equal(t, -1, press(near, false), "the mouse there does not")
	assert.Equal(t, -1, press(kit.Pt{X: edge.X, Y: edge.Y + 22}, true), "a finger 6 mm off does not")
}

// TestAFingerThatSlidesScrollsAndPressesNothing: on a phone a button
// was pressed the moment a finger came down on it, so a scroll of the
// panel that started on a button pressed it (played: scrolling the
// companion's counter list drew "2 pilot" from the cup). A finger now
// presses a button when it lifts on it, a wobble of a quarter target
// still a tap; a finger that slides scrolls the panel and presses
// nothing.
func TestAFingerThatSlidesScrollsAndPressesNothing(t *testing.T) {
	a := phoneApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 1)
	require.NoError(t, err)
	a.Show(g)
	a.Frame()
	enter(a)
	require.Equal(t, "plan", g.Stage())
	v := g.battle().View(g.side)
	before := g.draft(v, g.sel).Cards[0]
	r, ok := buttonRect(a, "Bank left G1")
	require.True(t, ok, "the card button is on the screen")
	require.NotEqual(t, "bank-left", before)
	finger := func(kind kit.EventKind, x, y float64) kit.Event {
		return kit.Event{Kind: kind, X: x, Y: y, Button: kit.ButtonLeft, Touch: true}
	}
	x, y := r.X+r.W/2, r.Y+r.H/2
	evs := []kit.Event{finger(kit.MouseMove, x, y), finger(kit.MouseDown, x, y)}
	for i := 1; i <= 10; i++ {
		evs = append(evs, finger(kit.MouseMove, x, y-float64(i)*r.H/4))
	}
	send(a, append(evs, finger(kit.MouseUp, x, y-10*r.H/4))...)
	v = g.battle().View(g.side)
	assert.Equal(t, before, g.draft(v, g.sel).Cards[0], "the slide chose no card")
	moved, ok := buttonRect(a, "Bank left G1")
	assert.True(t, !ok || moved.Y < r.Y-r.H, "the slide scrolled the panel: %v, was %v", moved, r)

	// a tap, with a finger's wobble, chooses it
	r, ok = buttonRect(a, "Bank left G1")
	require.True(t, ok)
	x, y = r.X+r.W/2, r.Y+r.H/2
	send(a, finger(kit.MouseMove, x, y), finger(kit.MouseDown, x, y), finger(kit.MouseMove, x+a.slop()/2, y+a.slop()/2))
	v = g.battle().View(g.side)
	assert.Equal(t, before, g.draft(v, g.sel).Cards[0], "nothing before the finger lifts")
	send(a, finger(kit.MouseUp, x+a.slop()/2, y+a.slop()/2))
	v = g.battle().View(g.side)
	assert.Equal(t, "bank-left", g.draft(v, g.sel).Cards[0], "the tap chose the card")
}
