package physics

import (
	"fmt"
	"math"
	"math/big"
)

// Circle is the closed disk with centre C and radius R (a planetoid).
type Circle struct {
	C Vec
	R float64
}

// Validate reports a circle whose centre is not finite or whose radius is
// not a positive finite number.
func (c Circle) Validate() error {
	if !c.C.IsFinite() {
		return fmt.Errorf("centre (%g, %g) is not finite", c.C.X, c.C.Y)
	}
	if !(c.R > 0) || math.IsInf(c.R, 0) {
		return fmt.Errorf("radius %g: must be a positive number", c.R)
	}
	return nil
}

// Contains reports whether p lies in the closed disk, exactly.
func (c Circle) Contains(p Vec) bool { return sqDistSign(p, c.C, c.R) <= 0 }

// InteriorContains reports whether p lies in the open disk, exactly.
func (c Circle) InteriorContains(p Vec) bool { return sqDistSign(p, c.C, c.R) < 0 }

// DistanceToPoint returns the distance from p to the closed disk (0 inside).
func (c Circle) DistanceToPoint(p Vec) float64 {
	return math.Max(0, p.Dist(c.C)-c.R)
}

// Bounds returns the disk's bounding rectangle.
func (c Circle) Bounds() Rect {
	return Rect{Vec{c.C.X - c.R, c.C.Y - c.R}, Vec{c.C.X + c.R, c.C.Y + c.R}}
}

// SegmentCrossesInterior reports whether the segment passes through the open
// disk (a part of positive length inside it); a segment that only touches
// the circle does not. Exact on the stored values.
func (c Circle) SegmentCrossesInterior(s Segment) bool {
	d := s.DistanceToPoint(c.C)
	slack := 1e-9 * (1 + math.Abs(c.C.X) + math.Abs(c.C.Y) + c.R +
		math.Abs(s.A.X) + math.Abs(s.A.Y) + math.Abs(s.B.X) + math.Abs(s.B.Y))
	switch {
	case d < c.R-slack:
		return true
	case d > c.R+slack:
		return false
	}
	return c.segmentCrossesInteriorExact(s)
}

func (c Circle) segmentCrossesInteriorExact(s Segment) bool {
	if !finite(s.A, s.B, c.C) || math.IsNaN(c.R) || math.IsInf(c.R, 0) {
		return false
	}
	if s.A == s.B || DotSign(s.A, s.B, s.A, c.C) <= 0 {
		return c.InteriorContains(s.A)
	}
	if DotSign(s.B, s.A, s.B, c.C) <= 0 {
		return c.InteriorContains(s.B)
	}
	// The foot of the perpendicular lies inside the segment:
	// dist² = ((b−a)×(c−a))² / |b−a|² < r².
	abx, aby := ratDiff(s.B.X, s.A.X), ratDiff(s.B.Y, s.A.Y)
	acx, acy := ratDiff(c.C.X, s.A.X), ratDiff(c.C.Y, s.A.Y)
	cross := new(big.Rat).Mul(abx, acy)
	cross.Sub(cross, new(big.Rat).Mul(aby, acx))
	lhs := new(big.Rat).Mul(cross, cross)
	n2 := new(big.Rat).Mul(abx, abx)
	n2.Add(n2, new(big.Rat).Mul(aby, aby))
	r := new(big.Rat).SetFloat64(c.R)
	rhs := new(big.Rat).Mul(r, r)
	rhs.Mul(rhs, n2)
	return lhs.Cmp(rhs) < 0
}

// lineParamsInside returns the open parameter interval (t0, t1) of the
// line through s that lies inside the open disk, and false when the line
// misses the open disk.
func (c Circle) lineParamsInside(s Segment) (float64, float64, bool) {
	d := s.B.Sub(s.A)
	f := s.A.Sub(c.C)
	a := d.Norm2()
	if a == 0 {
		return 0, 0, false
	}
	b := f.Dot(d)
	cc := f.Norm2() - c.R*c.R
	disc := b*b - a*cc
	if disc <= 0 {
		return 0, 0, false
	}
	sq := math.Sqrt(disc)
	// Numerically stable roots.
	var q float64
	if b >= 0 {
		q = -(b + sq)
	} else {
		q = -b + sq
	}
	t0, t1 := q/a, cc/q
	if q == 0 {
		t0, t1 = -sq/a, sq/a
	}
	if t0 > t1 {
		t0, t1 = t1, t0
	}
	return t0, t1, true
}

// TangentPoints returns the points where the two tangent lines from p touch
// the circle, the right one first as seen from p looking at the centre, and
// false when p is inside or on the circle.
func (c Circle) TangentPoints(p Vec) (Vec, Vec, bool) {
	if c.Contains(p) {
		return Vec{}, Vec{}, false
	}
	v := c.C.Sub(p)
	d2 := v.Norm2()
	d := math.Sqrt(d2)
	// Distance from p to each tangent point, and the half angle.
	l := math.Sqrt(math.Max(0, d2-c.R*c.R))
	sinA, cosA := c.R/d, l/d
	u := v.Mul(1 / d)
	right := Vec{u.X*cosA + u.Y*sinA, -u.X*sinA + u.Y*cosA}.Mul(l).Add(p)
	left := Vec{u.X*cosA - u.Y*sinA, u.X*sinA + u.Y*cosA}.Mul(l).Add(p)
	return right, left, true
}
