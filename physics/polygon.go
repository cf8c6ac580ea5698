package physics

import (
	"errors"
	"fmt"
	"math"
)

// Polygon is a simple polygon given by its vertices in order, either
// orientation, without repeating the first vertex at the end. It is a
// closed region: the boundary belongs to it (Contains) and the interior is
// the region without the boundary (InteriorContains).
type Polygon []Vec

// Location is where a point lies with respect to a closed region.
type Location int

// The three answers of Locate.
const (
	Outside Location = iota
	OnBoundary
	Inside
)

func (l Location) String() string {
	switch l {
	case Inside:
		return "inside"
	case OnBoundary:
		return "on the boundary"
	}
	return "outside"
}

// Validate reports why p is not a valid simple polygon: fewer than three
// vertices, a non-finite coordinate, two consecutive equal vertices, zero
// area, or two edges that touch or cross other than neighbours at their
// shared vertex. Every problem is reported.
func (p Polygon) Validate() error {
	if len(p) < 3 {
		return fmt.Errorf("polygon has %d vertices; needs at least 3", len(p))
	}
	var errs []error
	for i, v := range p {
		if !v.IsFinite() {
			errs = append(errs, fmt.Errorf("vertex %d (%g, %g) is not finite", i, v.X, v.Y))
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	n := len(p)
	for i := range p {
		if p[i] == p[(i+1)%n] {
			errs = append(errs, fmt.Errorf("vertices %d and %d are the same point (%g, %g)", i, (i+1)%n, p[i].X, p[i].Y))
		}
	}
	if len(errs) > 0 {
		return errors.Join(errs...)
	}
	for i := 0; i < n; i++ {
		ei := p.Edge(i)
		for j := i + 1; j < n; j++ {
			ej := p.Edge(j)
			switch {
			case j == i+1 || i == 0 && j == n-1:
				// Neighbours share one vertex; they must not fold back onto
				// each other.
				shared, ai, bj := ei.B, ei.A, ej.B
				if i == 0 && j == n-1 {
					shared, ai, bj = ei.A, ei.B, ej.A
				}
				if Orient(ai, shared, bj) == 0 && DotSign(shared, ai, shared, bj) > 0 {
					errs = append(errs, fmt.Errorf("edges %d and %d fold back on each other at vertex (%g, %g)", i, j, shared.X, shared.Y))
				}
			case ei.Intersects(ej):
				errs = append(errs, fmt.Errorf("edges %d and %d intersect: the polygon is not simple", i, j))
			}
		}
	}
	if len(errs) == 0 && p.SignedArea() == 0 {
		errs = append(errs, errors.New("polygon has zero area"))
	}
	return errors.Join(errs...)
}

// Edge returns the i-th edge, from vertex i to vertex i+1 (cyclically).
func (p Polygon) Edge(i int) Segment { return Segment{p[i], p[(i+1)%len(p)]} }

// SignedArea returns the area, positive for counter-clockwise vertices.
func (p Polygon) SignedArea() float64 {
	var s float64
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		s += a.X*b.Y - a.Y*b.X
	}
	return s / 2
}

// Area returns the unsigned area.
func (p Polygon) Area() float64 { return math.Abs(p.SignedArea()) }

// Centroid returns the area centroid (the vertex mean for a degenerate polygon).
func (p Polygon) Centroid() Vec {
	var cx, cy, a float64
	for i := range p {
		u, v := p[i], p[(i+1)%len(p)]
		w := u.X*v.Y - v.X*u.Y
		cx += (u.X + v.X) * w
		cy += (u.Y + v.Y) * w
		a += w
	}
	if a == 0 {
		var m Vec
		for _, v := range p {
			m = m.Add(v)
		}
		return m.Mul(1 / float64(len(p)))
	}
	return Vec{cx / (3 * a), cy / (3 * a)}
}

// CCW returns p with counter-clockwise vertex order (p itself when it
// already is).
func (p Polygon) CCW() Polygon {
	if p.SignedArea() >= 0 {
		return p
	}
	q := make(Polygon, len(p))
	for i, v := range p {
		q[len(p)-1-i] = v
	}
	return q
}

// Bounds returns the bounding rectangle.
func (p Polygon) Bounds() Rect {
	r := EmptyRect()
	for _, v := range p {
		r = r.Extend(v)
	}
	return r
}

// Translate returns p moved by d.
func (p Polygon) Translate(d Vec) Polygon {
	q := make(Polygon, len(p))
	for i, v := range p {
		q[i] = v.Add(d)
	}
	return q
}

// IsConvex reports whether the polygon is convex (collinear vertices
// allowed), exactly.
func (p Polygon) IsConvex() bool {
	sign := 0
	n := len(p)
	for i := range p {
		o := Orient(p[i], p[(i+1)%n], p[(i+2)%n])
		if o == 0 {
			continue
		}
		if sign == 0 {
			sign = o
		} else if o != sign {
			return false
		}
	}
	return true
}

// Locate tells whether q is inside, on the boundary of, or outside the
// polygon, exactly (winding number with exact orientation tests).
func (p Polygon) Locate(q Vec) Location {
	wn := 0
	n := len(p)
	for i := range p {
		a, b := p[i], p[(i+1)%n]
		o := Orient(a, b, q)
		if o == 0 && onSegment(a, b, q) {
			return OnBoundary
		}
		if a.Y <= q.Y {
			if b.Y > q.Y && o > 0 {
				wn++
			}
		} else if b.Y <= q.Y && o < 0 {
			wn--
		}
	}
	if wn != 0 {
		return Inside
	}
	return Outside
}

// Contains reports whether q lies in the closed polygon.
func (p Polygon) Contains(q Vec) bool { return p.Locate(q) != Outside }

// InteriorContains reports whether q lies in the polygon's interior.
func (p Polygon) InteriorContains(q Vec) bool { return p.Locate(q) == Inside }

// ClosestBoundaryPoint returns the point of the polygon's boundary nearest
// to q and its distance.
func (p Polygon) ClosestBoundaryPoint(q Vec) (Vec, float64) {
	best := math.Inf(1)
	var bp Vec
	for i := range p {
		c := p.Edge(i).ClosestPoint(q)
		if d := c.Dist(q); d < best {
			best, bp = d, c
		}
	}
	return bp, best
}

// DistanceToPoint returns the distance from q to the closed polygon (0 when
// q is in it) and the nearest point of the polygon.
func (p Polygon) DistanceToPoint(q Vec) (float64, Vec) {
	if p.Contains(q) {
		return 0, q
	}
	c, d := p.ClosestBoundaryPoint(q)
	return d, c
}

// Intersects reports whether the closed polygons share a point, exactly.
func (p Polygon) Intersects(o Polygon) bool {
	for i := range p {
		for j := range o {
			if p.Edge(i).Intersects(o.Edge(j)) {
				return true
			}
		}
	}
	return len(o) > 0 && p.Contains(o[0]) || len(p) > 0 && o.Contains(p[0])
}

// Distance returns the distance between the closed polygons (0 when they
// share a point) and a witness: the nearest point of p and of o.
func (p Polygon) Distance(o Polygon) (float64, Vec, Vec) {
	if p.Intersects(o) {
		w := p.commonPoint(o)
		return 0, w, w
	}
	best := math.Inf(1)
	var bp, bq Vec
	for i := range p {
		for j := range o {
			if d, a, b := p.Edge(i).Distance(o.Edge(j)); d < best {
				best, bp, bq = d, a, b
			}
		}
	}
	return best, bp, bq
}

func (p Polygon) commonPoint(o Polygon) Vec {
	for i := range p {
		for j := range o {
			if p.Edge(i).Intersects(o.Edge(j)) {
				return p.Edge(i).intersectionPoint(o.Edge(j))
			}
		}
	}
	if p.Contains(o[0]) {
		return o[0]
	}
	return p[0]
}

// ConvexInteriorsIntersect reports whether the interiors of two convex
// polygons share a point (their intersection has positive area), exactly:
// they do not when an edge line of either has the other wholly on its
// closed outer side.
func ConvexInteriorsIntersect(p, o Polygon) bool {
	return !separatedByEdge(p.CCW(), o) && !separatedByEdge(o.CCW(), p)
}

func separatedByEdge(ccw, other Polygon) bool {
	n := len(ccw)
	for i := range ccw {
		a, b := ccw[i], ccw[(i+1)%n]
		all := true
		for _, v := range other {
			if Orient(a, b, v) > 0 {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// CircleInteriorIntersects reports whether the interiors of the polygon and
// the disk share a point, exactly: the centre is inside the polygon, or an
// edge passes through the open disk.
func (p Polygon) CircleInteriorIntersects(c Circle) bool {
	if p.InteriorContains(c.C) {
		return true
	}
	for i := range p {
		if c.SegmentCrossesInterior(p.Edge(i)) {
			return true
		}
	}
	return false
}

// DistanceToCircle returns the distance between the closed polygon and the
// closed disk (0 when they meet).
func (p Polygon) DistanceToCircle(c Circle) float64 {
	d, _ := p.DistanceToPoint(c.C)
	return math.Max(0, d-c.R)
}
