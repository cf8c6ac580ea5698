package kit

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/physics"
)

// The camera's matrix puts the centre in the viewport's middle, the
// table's y up the screen, Scale pixels a millimetre; ToWorld undoes
// ToScreen, and zooming keeps the table point under the pointer still.
func TestCameraMapsTheTableToTheScreen(t *testing.T) {
	c := &Camera{View: Rect{X: 100, Y: 50, W: 800, H: 600}}
	c.Fit(physics.Rect{Lo: physics.V(0, 0), Hi: physics.V(900, 900)})
	assert.InDelta(t, 600.0/900, c.Scale, 1e-12)
	mid := c.ToScreen(physics.V(450, 450))
	assert.InDelta(t, 500, mid.X, 1e-9)
	assert.InDelta(t, 350, mid.Y, 1e-9)
	up := c.ToScreen(physics.V(450, 900))
	assert.InDelta(t, 50, up.Y, 1e-9, "the far edge at the top")
	right := c.ToScreen(physics.V(900, 450))
	assert.InDelta(t, 800, right.X, 1e-9)

	for _, v := range []physics.Vec{physics.V(0, 0), physics.V(123.25, 877.5), physics.V(-40, 1000)} {
		w := c.ToWorld(c.ToScreen(v))
		assert.InDelta(t, v.X, w.X, 1e-9)
		assert.InDelta(t, v.Y, w.Y, 1e-9)
	}
	pts := c.Pts([]physics.Vec{physics.V(450, 450), physics.V(450, 900)})
	assert.Equal(t, []Pt{mid, up}, pts)

	at := Pt{X: 230, Y: 410}
	before := c.ToWorld(at)
	c.ZoomAt(at, 2.5)
	after := c.ToWorld(at)
	assert.InDelta(t, before.X, after.X, 1e-9)
	assert.InDelta(t, before.Y, after.Y, 1e-9)
}

// TestCameraFollowShowsWhatGrewUnlessMoved: Follow fits a rectangle that
// grew since the last fit (a picture whose notes grew), and keeps the
// player's own view once they zoomed or panned.
func TestCameraFollowShowsWhatGrewUnlessMoved(t *testing.T) {
	var c Camera
	c.SetView(Rect{W: 400, H: 400}, physics.Rect{Hi: physics.V(100, 100)})
	assert.InDelta(t, 4, c.Scale, 1e-9)
	c.Follow(physics.Rect{Hi: physics.V(100, 200)})
	assert.InDelta(t, 2, c.Scale, 1e-9, "grown: fitted again")
	assert.InDelta(t, 100, c.Center.Y, 1e-9)
	c.Pan(10, 0)
	c.Follow(physics.Rect{Hi: physics.V(100, 400)})
	assert.InDelta(t, 2, c.Scale, 1e-9, "the player panned: their view is kept")
}
