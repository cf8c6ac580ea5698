package physics

import "math"

// Segment is the closed straight segment from A to B.
type Segment struct{ A, B Vec }

// Seg returns the segment from a to b.
func Seg(a, b Vec) Segment { return Segment{a, b} }

// Length returns the segment's length.
func (s Segment) Length() float64 { return s.A.Dist(s.B) }

// At returns the point at parameter t: A at 0, B at 1.
func (s Segment) At(t float64) Vec { return s.A.Lerp(s.B, t) }

// Midpoint returns the point halfway along the segment.
func (s Segment) Midpoint() Vec { return s.At(0.5) }

// ClosestParam returns the parameter in [0, 1] of the point of s nearest to p.
func (s Segment) ClosestParam(p Vec) float64 {
	d := s.B.Sub(s.A)
	n2 := d.Norm2()
	if n2 == 0 {
		return 0
	}
	t := p.Sub(s.A).Dot(d) / n2
	return math.Max(0, math.Min(1, t))
}

// ClosestPoint returns the point of s nearest to p.
func (s Segment) ClosestPoint(p Vec) Vec {
	t := s.ClosestParam(p)
	switch t {
	case 0:
		return s.A
	case 1:
		return s.B
	}
	return s.At(t)
}

// DistanceToPoint returns the distance from p to the nearest point of s.
func (s Segment) DistanceToPoint(p Vec) float64 { return p.Dist(s.ClosestPoint(p)) }

// Contains reports whether p lies on the closed segment, exactly.
func (s Segment) Contains(p Vec) bool {
	return Orient(s.A, s.B, p) == 0 && onSegment(s.A, s.B, p)
}

// Intersects reports whether the two closed segments share a point, exactly.
func (s Segment) Intersects(o Segment) bool {
	o1 := Orient(s.A, s.B, o.A)
	o2 := Orient(s.A, s.B, o.B)
	o3 := Orient(o.A, o.B, s.A)
	o4 := Orient(o.A, o.B, s.B)
	if o1*o2 < 0 && o3*o4 < 0 {
		return true
	}
	return o1 == 0 && onSegment(s.A, s.B, o.A) ||
		o2 == 0 && onSegment(s.A, s.B, o.B) ||
		o3 == 0 && onSegment(o.A, o.B, s.A) ||
		o4 == 0 && onSegment(o.A, o.B, s.B)
}

// CrossesProperly reports whether the segments cross at a single point
// interior to both, exactly.
func (s Segment) CrossesProperly(o Segment) bool {
	return Orient(s.A, s.B, o.A)*Orient(s.A, s.B, o.B) < 0 &&
		Orient(o.A, o.B, s.A)*Orient(o.A, o.B, s.B) < 0
}

// Distance returns the distance between the closed segments and a witness:
// the nearest point of s and the nearest point of o.
func (s Segment) Distance(o Segment) (float64, Vec, Vec) {
	if s.Intersects(o) {
		p := s.intersectionPoint(o)
		return 0, p, p
	}
	best := math.Inf(1)
	var bp, bq Vec
	try := func(p, q Vec) {
		if d := p.Dist(q); d < best {
			best, bp, bq = d, p, q
		}
	}
	try(s.A, o.ClosestPoint(s.A))
	try(s.B, o.ClosestPoint(s.B))
	try(s.ClosestPoint(o.A), o.A)
	try(s.ClosestPoint(o.B), o.B)
	return best, bp, bq
}

// intersectionPoint returns a common point of two segments known to
// intersect.
func (s Segment) intersectionPoint(o Segment) Vec {
	d := s.B.Sub(s.A)
	e := o.B.Sub(o.A)
	den := d.Cross(e)
	if den != 0 {
		t := o.A.Sub(s.A).Cross(e) / den
		return s.At(math.Max(0, math.Min(1, t)))
	}
	// Parallel (collinear): an endpoint of one lies on the other.
	for _, p := range []Vec{o.A, o.B} {
		if s.Contains(p) {
			return p
		}
	}
	if o.Contains(s.A) {
		return s.A
	}
	return s.B
}

// ClosestParamOnLine returns the parameter of the point of the line through
// s nearest to p (not clamped to the segment; 0 when s is a point).
func (s Segment) ClosestParamOnLine(p Vec) float64 {
	d := s.B.Sub(s.A)
	n2 := d.Norm2()
	if n2 == 0 {
		return 0
	}
	return p.Sub(s.A).Dot(d) / n2
}
