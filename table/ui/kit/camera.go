package kit

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/starshipbattles/bsg/physics"
)

// Camera maps the table (millimetres, y up) to a screen viewport (pixels,
// y down): Scale pixels per millimetre, Center at the viewport's middle.
type Camera struct {
	View   Rect
	Scale  float64
	Center physics.Vec
	fitted physics.Rect
	init   bool
	// moved: the player zoomed or panned since the last fit
	moved bool
}

// Matrix is the camera's table-to-screen transform as a homogeneous
// matrix (mathgl, column-major): a table point (x, y, 1) goes to the
// screen point (Scale·x + tx, −Scale·y + ty, 1), the y axis flipped
// (the table's y runs up, the screen's down) and Center landing on the
// viewport's middle.
func (c *Camera) Matrix() mgl64.Mat3 {
	tx := c.View.X + c.View.W/2 - c.Center.X*c.Scale
	ty := c.View.Y + c.View.H/2 + c.Center.Y*c.Scale
	return mgl64.Mat3{c.Scale, 0, 0, 0, -c.Scale, 0, tx, ty, 1}
}

// ToScreen maps a table point to the screen (by Matrix).
func (c *Camera) ToScreen(v physics.Vec) Pt {
	return screenPt(c.Matrix(), v)
}

// ToWorld maps a screen point to the table (by Matrix's inverse).
func (c *Camera) ToWorld(p Pt) physics.Vec {
	w := c.Matrix().Inv().Mul3x1(mgl64.Vec3{p.X, p.Y, 1})
	return physics.V(w[0], w[1])
}

// Pts maps table points to the screen.
func (c *Camera) Pts(vs []physics.Vec) []Pt {
	m := c.Matrix()
	out := make([]Pt, len(vs))
	for i, v := range vs {
		out[i] = screenPt(m, v)
	}
	return out
}

func screenPt(m mgl64.Mat3, v physics.Vec) Pt {
	s := m.Mul3x1(mgl64.Vec3{v.X, v.Y, 1})
	return Pt{s[0], s[1]}
}

// Fit shows the rectangle r whole in the viewport.
func (c *Camera) Fit(r physics.Rect) {
	c.fitted, c.init, c.moved = r, true, false
	w, h := r.Hi.X-r.Lo.X, r.Hi.Y-r.Lo.Y
	if w <= 0 || h <= 0 || c.View.W <= 0 || c.View.H <= 0 {
		c.Scale = 1
		return
	}
	c.Scale = math.Min(c.View.W/w, c.View.H/h)
	c.Center = physics.V((r.Lo.X+r.Hi.X)/2, (r.Lo.Y+r.Hi.Y)/2)
}

// SetView sets the viewport. The first time it fits r; when the
// viewport changes (the window was resized) it fits the table again,
// unless the player zoomed or panned, whose view is kept, scaled.
func (c *Camera) SetView(v Rect, r physics.Rect) {
	changed := c.View != v
	old := c.View
	c.View = v
	switch {
	case !c.init, changed && !c.moved:
		c.Fit(r)
	case changed && old.W > 0 && old.H > 0:
		// Keep what was shown, scaled to the new size.
		c.Scale *= math.Min(v.W/old.W, v.H/old.H)
	}
}

// Follow fits r when it is not the rectangle fitted last and the player
// has not zoomed or panned since: what is shown grew or shrank (a
// picture whose notes grew by a line), so it is shown whole again.
func (c *Camera) Follow(r physics.Rect) {
	if c.init && !c.moved && r != c.fitted {
		c.Fit(r)
	}
}

// Refit shows the last fitted rectangle again.
func (c *Camera) Refit() { c.Fit(c.fitted) }

// ZoomAt zooms by factor f keeping the table point under p still.
func (c *Camera) ZoomAt(p Pt, f float64) {
	before := c.ToWorld(p)
	c.Scale = math.Max(0.05, math.Min(40, c.Scale*f))
	c.moved = true
	after := c.ToWorld(p)
	c.Center = c.Center.Add(before.Sub(after))
}

// Pan moves the view by dx, dy pixels.
func (c *Camera) Pan(dx, dy float64) {
	c.Center = c.Center.Add(physics.V(-dx/c.Scale, dy/c.Scale))
	c.moved = true
}

// Key handles the view keys: arrows pan, + and − zoom, 0 fits. It
// reports whether it used the event.
func (c *Camera) Key(ev Event) bool {
	step := 60.0
	switch {
	case ev.Kind == KeyPress && ev.Key == KeyLeft:
		c.Pan(step, 0)
	case ev.Kind == KeyPress && ev.Key == KeyRight:
		c.Pan(-step, 0)
	case ev.Kind == KeyPress && ev.Key == KeyUp:
		c.Pan(0, step)
	case ev.Kind == KeyPress && ev.Key == KeyDown:
		c.Pan(0, -step)
	case ev.Kind == Char && (ev.Rune == '+' || ev.Rune == '='):
		c.ZoomAt(c.View.Center(), 1.25)
	case ev.Kind == Char && (ev.Rune == '-' || ev.Rune == '_'):
		c.ZoomAt(c.View.Center(), 1/1.25)
	case ev.Kind == Char && ev.Rune == '0':
		c.Refit()
	case ev.Kind == Pinch:
		c.Pan(ev.DX, ev.DY)
		c.ZoomAt(Pt{ev.X, ev.Y}, ev.Scale)
	case ev.Kind == Wheel && c.View.Contains(Pt{ev.X, ev.Y}):
		c.ZoomAt(Pt{ev.X, ev.Y}, math.Pow(1.15, ev.DY))
	default:
		return false
	}
	return true
}

// panner turns drags into pans.
type Panner struct {
	on   bool
	last Pt
}

// Handle pans the camera while a drag started on an empty spot goes on;
// start says whether a press here may start one.
func (p *Panner) Handle(c *Camera, ev Event, start bool) bool {
	switch ev.Kind {
	case MouseDown:
		if start && c.View.Contains(Pt{ev.X, ev.Y}) {
			p.on, p.last = true, Pt{ev.X, ev.Y}
			return true
		}
	case MouseMove:
		if p.on {
			c.Pan(ev.X-p.last.X, ev.Y-p.last.Y)
			p.last = Pt{ev.X, ev.Y}
			return true
		}
	case MouseUp:
		if p.on {
			p.on = false
			return true
		}
	}
	return false
}
