package physics

import (
	"fmt"

	"github.com/golang/geo/s1"
)

// Cone is the closed fire arc: all points whose direction from the apex (the
// attacker's stand) lies within HalfWidth of the facing (Line of sight). It
// is a value type; the boundary directions are computed once by NewCone and
// every predicate is exact with respect to them.
type Cone struct {
	apex        Vec
	facing      s1.Angle
	halfWidth   s1.Angle
	right, left Vec // unit directions of the clockwise and counter-clockwise edges
}

// NewCone returns the cone with the given apex, facing and half width. The
// half width must be in (0°, 90°) (Validate says so otherwise).
func NewCone(apex Vec, facing, halfWidth s1.Angle) Cone {
	return Cone{
		apex: apex, facing: facing, halfWidth: halfWidth,
		right: Direction(facing - halfWidth),
		left:  Direction(facing + halfWidth),
	}
}

// Validate reports a cone that this package cannot reason about.
func (c Cone) Validate() error {
	if !c.apex.IsFinite() {
		return fmt.Errorf("cone apex (%g, %g) is not finite", c.apex.X, c.apex.Y)
	}
	if !(c.halfWidth > 0 && c.halfWidth < s1.Angle(90)*s1.Degree) {
		return fmt.Errorf("cone half width %.6g°: must be more than 0° and less than 90°", c.halfWidth.Degrees())
	}
	return nil
}

// Apex returns the cone's apex.
func (c Cone) Apex() Vec { return c.apex }

// Facing returns the direction of the cone's axis.
func (c Cone) Facing() s1.Angle { return c.facing }

// HalfWidth returns the angle between the axis and either edge.
func (c Cone) HalfWidth() s1.Angle { return c.halfWidth }

// Edges returns the unit directions of the clockwise (right) and
// counter-clockwise (left) edges.
func (c Cone) Edges() (right, left Vec) { return c.right, c.left }

// Interval returns the cone's directions as a closed arc of angles, for
// drawing and for comparing arcs.
func (c Cone) Interval() s1.Interval {
	lo := (c.facing - c.halfWidth).Normalized()
	hi := (c.facing + c.halfWidth).Normalized()
	return s1.IntervalFromEndpoints(float64(lo), float64(hi))
}

// Contains reports whether p lies in the closed cone, exactly.
func (c Cone) Contains(p Vec) bool {
	zero := Vec{}
	return CrossSign(zero, c.right, c.apex, p) >= 0 && CrossSign(zero, c.left, c.apex, p) <= 0
}

// InteriorContains reports whether p lies in the open cone, exactly.
func (c Cone) InteriorContains(p Vec) bool {
	zero := Vec{}
	return CrossSign(zero, c.right, c.apex, p) > 0 && CrossSign(zero, c.left, c.apex, p) < 0
}

// MeetsInterior reports whether the cone and the convex polygon share a
// region of positive area (Line of sight: the target is in arc), exactly: no
// edge of either separates them.
func (c Cone) MeetsInterior(convex Polygon) bool {
	zero := Vec{}
	allRight, allLeft := true, true
	for _, v := range convex {
		if CrossSign(zero, c.right, c.apex, v) > 0 {
			allRight = false
		}
		if CrossSign(zero, c.left, c.apex, v) < 0 {
			allLeft = false
		}
	}
	if allRight || allLeft {
		return false
	}
	p := convex.CCW()
	n := len(p)
	for i := range p {
		a, b := p[i], p[(i+1)%n]
		if Orient(a, b, c.apex) <= 0 && CrossSign(a, b, zero, c.right) <= 0 && CrossSign(a, b, zero, c.left) <= 0 {
			return false
		}
	}
	return true
}

// Clip returns the convex polygon cut down to the closed cone (the part of
// a target base inside the fire arc). The result is convex and
// counter-clockwise; it may be degenerate (a segment or a point) or empty
// when the polygon only touches the cone or misses it.
func (c Cone) Clip(convex Polygon) Polygon {
	p := convex.CCW()
	// Inside the cone: left of the right edge, right of the left edge.
	zero := Vec{}
	p = clipHalfPlane(p, line{zero, c.right, c.apex})
	return clipHalfPlane(p, line{c.left, zero, c.apex})
}

// clipHalfPlane keeps the part of the polygon on the closed left side of
// the directed line l (Sutherland–Hodgman); sides are decided exactly.
func clipHalfPlane(p Polygon, l line) Polygon {
	if len(p) == 0 {
		return p
	}
	out := make(Polygon, 0, len(p)+2)
	n := len(p)
	for i := range p {
		cur, nxt := p[i], p[(i+1)%n]
		oc, on := l.side(cur), l.side(nxt)
		if oc >= 0 {
			out = append(out, cur)
		}
		if oc*on < 0 {
			out = append(out, cur.Lerp(nxt, l.crossing(cur, nxt)))
		}
	}
	return dedupe(out)
}

// dedupe removes consecutive equal vertices (cyclically).
func dedupe(p Polygon) Polygon {
	out := p[:0]
	for i, v := range p {
		if i > 0 && v == out[len(out)-1] {
			continue
		}
		out = append(out, v)
	}
	for len(out) > 1 && out[0] == out[len(out)-1] {
		out = out[:len(out)-1]
	}
	return out
}
