package ui

import (
	"image/color"
	"math"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/sketch"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// recorded is one call on a sketch.Canvas, in table millimetres.
type recorded struct {
	kind     int // 0 polygon, 1 polyline, 2 circle, 3 arc, 4 wedge, 5 text
	pts      []physics.Vec
	c        physics.Vec
	r        float64
	from, to s1.Angle
	style    sketch.Style
	text     string
	ts       sketch.TextStyle
}

// Recorder is a sketch.Canvas that keeps the ruling picture's calls so
// the table view can paint them at any zoom: measurement mode shows
// exactly the picture `bsg measure -png` draws.
type Recorder struct {
	calls []recorded
	View  physics.Rect // the picture's view (for Style.Clip)
}

// Polygon implements sketch.Canvas.
func (r *Recorder) Polygon(pts []physics.Vec, s sketch.Style) {
	r.calls = append(r.calls, recorded{kind: 0, pts: append([]physics.Vec{}, pts...), style: s})
}

// Polyline implements sketch.Canvas.
func (r *Recorder) Polyline(pts []physics.Vec, s sketch.Style) {
	r.calls = append(r.calls, recorded{kind: 1, pts: append([]physics.Vec{}, pts...), style: s})
}

// Circle implements sketch.Canvas.
func (r *Recorder) Circle(c physics.Vec, rad float64, s sketch.Style) {
	r.calls = append(r.calls, recorded{kind: 2, c: c, r: rad, style: s})
}

// Arc implements sketch.Canvas.
func (r *Recorder) Arc(c physics.Vec, rad float64, from, to s1.Angle, s sketch.Style) {
	r.calls = append(r.calls, recorded{kind: 3, c: c, r: rad, from: from, to: to, style: s})
}

// Wedge implements sketch.Canvas.
func (r *Recorder) Wedge(c physics.Vec, rad float64, from, to s1.Angle, s sketch.Style) {
	r.calls = append(r.calls, recorded{kind: 4, c: c, r: rad, from: from, to: to, style: s})
}

// Text implements sketch.Canvas.
func (r *Recorder) Text(at physics.Vec, text string, s sketch.TextStyle) {
	r.calls = append(r.calls, recorded{kind: 5, pts: []physics.Vec{at}, text: text, ts: s})
}

// sweep returns the counter-clockwise angle from a to b in (0, 2π].
func sweep(a, b s1.Angle) float64 {
	s := math.Mod(float64(b-a), 2*math.Pi)
	if s <= 0 {
		s += 2 * math.Pi
	}
	return s
}

// Paint adds the recorded picture to a draw list through a camera; clip
// is the screen area the table is shown in.
func (r *Recorder) Paint(a *App, l *kit.List, cam *kit.Camera, clip kit.Rect) {
	lo, hi := cam.ToScreen(r.View.Lo), cam.ToScreen(r.View.Hi)
	view := kit.Rect{X: lo.X, Y: hi.Y, W: hi.X - lo.X, H: lo.Y - hi.Y}
	viewClip := intersect(view, clip)
	for _, c := range r.calls {
		if c.style.Clip {
			l.SetClip(&viewClip)
		} else {
			l.SetClip(&clip)
		}
		w := math.Max(0.8, c.style.Width*cam.Scale)
		stroke := func(pts []kit.Pt, closed bool) {
			if c.style.Stroke.A == 0 {
				return
			}
			if closed && len(pts) > 0 {
				pts = append(pts, pts[0])
			}
			if len(c.style.Dash) >= 2 {
				l.Dashed(pts, c.style.Stroke, w, c.style.Dash[0]*cam.Scale, c.style.Dash[1]*cam.Scale)
			} else {
				l.Line(pts, c.style.Stroke, w)
			}
		}
		fill := func(pts []kit.Pt) {
			if c.style.Fill.A > 0 {
				l.Poly(pts, c.style.Fill, kit.ColNone, 0)
			}
		}
		switch c.kind {
		case 0:
			p := cam.Pts(c.pts)
			fill(p)
			stroke(p, true)
		case 1:
			stroke(cam.Pts(c.pts), false)
		case 2:
			p := kit.ArcPts(cam.ToScreen(c.c), c.r*cam.Scale, 0, 2*math.Pi, true)
			fill(p)
			stroke(p, false)
		case 3:
			stroke(kit.ArcPts(cam.ToScreen(c.c), c.r*cam.Scale, float64(c.from), float64(c.from)+sweep(c.from, c.to), true), false)
		case 4:
			ctr := cam.ToScreen(c.c)
			p := append([]kit.Pt{ctr}, kit.ArcPts(ctr, c.r*cam.Scale, float64(c.from), float64(c.from)+sweep(c.from, c.to), true)...)
			fill(p)
			stroke(p, true)
		case 5:
			size := c.ts.Size * cam.Scale
			if size < 5 {
				continue
			}
			anchor := kit.AnchorStart
			switch c.ts.Anchor {
			case sketch.Middle:
				anchor = kit.AnchorMiddle
			case sketch.End:
				anchor = kit.AnchorEnd
			}
			halo := color.NRGBA{}
			if c.ts.Halo {
				halo = kit.ColWhite
			}
			l.HaloText(cam.ToScreen(c.pts[0]), kit.Clean(c.text), size, c.ts.Color, halo, anchor, c.ts.Bold)
		}
	}
	l.SetClip(&clip)
}

func intersect(a, b kit.Rect) kit.Rect {
	x0, y0 := math.Max(a.X, b.X), math.Max(a.Y, b.Y)
	x1, y1 := math.Min(a.X+a.W, b.X+b.W), math.Min(a.Y+a.H, b.Y+b.H)
	return kit.Rect{X: x0, Y: y0, W: math.Max(0, x1-x0), H: math.Max(0, y1-y0)}
}
