package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
)

// On a phone held upright the ruling of the two ships tapped shows in
// large type at the foot of the table, unless it would hide either ship
// there: then at the top.
func TestPairRulingBoxLeavesTheShipsInView(t *testing.T) {
	a := NewApp(assets.Default(), t.TempDir())
	a.MinTarget = 9 * 96 / 25.4 * 3
	a.Handle(Event{Kind: Resize, W: 1170, H: 2532})
	m := NewMeasure(a, nil, "")
	a.Show(m)
	a.Frame()
	view := m.cam.View
	h, pad := 300.0, 20.0
	m.tapped(0)
	m.tapped(1)
	require.Equal(t, view.Y+view.H-h-pad, m.rulingBoxY(view, h, pad, 0, 1), "ships in the middle: the box at the foot")
	// the raider near the foot of the table view
	m.T.Ships[1].Pose.Pos = m.cam.ToWorld(Pt{view.X + view.W/2, view.Y + view.H - 60})
	m.changed()
	a.Frame()
	y := m.rulingBoxY(view, h, pad, 0, 1)
	assert.Equal(t, view.Y+pad, y, "the box moves to the top")
	box := Rect{view.X, y - pad, view.W, h + 2*pad}
	for i := range m.T.Ships {
		assert.False(t, m.hides(box, i), "ship %d in view", i)
		assert.False(t, box.Contains(m.cam.ToScreen(m.T.Ships[i].Pose.Pos)))
	}
}
