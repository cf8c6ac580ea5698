package referee

import (
	"math"

	"github.com/starshipbattles/bsg/physics"
)

// wedge is a conservative reject for the blockers of one sight region: four
// half-planes whose intersection holds every segment from the apex to a
// point of the region (the convex hull of the apex and the region), each
// widened by a margin. An object whose bounding disk lies wholly beyond one
// of them, by more than the margin, cannot meet a line of sight, and is not
// handed to the exact tests.
//
// The margin dwarfs the rounding of this float arithmetic (it is a
// millionth of the lengths involved), so a rejected object is one that the
// exact tests would have found clear of every sight line too; only objects
// far closer to the hull than that are tested exactly.
type wedge struct {
	ok     bool // false: nothing is rejected (the apex lies on the region)
	apex   physics.Vec
	n      [4]physics.Vec // outward unit normals: right, left, behind, beyond
	off    [4]float64     // a point p is beyond plane i when n[i]·(p−apex) > off[i]
	margin float64
}

// newWedge returns the wedge of the sight segments from apex to the convex
// region's points. The region lies in a fire arc, narrower than a half
// turn, as seen from the apex.
func newWedge(apex physics.Vec, region physics.Polygon) wedge {
	w := wedge{apex: apex}
	if len(region) == 0 {
		return w
	}
	right, left := region[0].Sub(apex), region[0].Sub(apex)
	for _, v := range region[1:] {
		d := v.Sub(apex)
		if right.Cross(d) < 0 {
			right = d
		}
		if left.Cross(d) > 0 {
			left = d
		}
	}
	lr, ll := right.Norm(), left.Norm()
	if !(lr > 0 && ll > 0) || right.Cross(left) < 0 || math.IsInf(lr, 0) || math.IsInf(ll, 0) {
		return w // the apex on the region, or a region not in front of it
	}
	ur, ul := right.Mul(1/lr), left.Mul(1/ll)
	axis := ur.Add(ul)
	la := axis.Norm()
	if !(la > 0) {
		return w
	}
	axis = axis.Mul(1 / la)
	far := 0.0
	for _, v := range region {
		far = math.Max(far, axis.Dot(v.Sub(apex)))
	}
	w.margin = 1e-6 * (1 + math.Abs(apex.X) + math.Abs(apex.Y) + far)
	w.n = [4]physics.Vec{{X: ur.Y, Y: -ur.X}, {X: -ul.Y, Y: ul.X}, axis.Mul(-1), axis}
	w.off = [4]float64{w.margin, w.margin, w.margin, far + w.margin}
	w.ok = true
	return w
}

// rejectsDisk reports whether the disk (c, r) lies clearly outside the
// wedge.
func (w *wedge) rejectsDisk(c physics.Vec, r float64) bool {
	if !w.ok {
		return false
	}
	d := c.Sub(w.apex)
	for i := range w.n {
		if w.n[i].Dot(d) > w.off[i]+r {
			return true
		}
	}
	return false
}

// rejectsRect reports whether the rectangle lies clearly outside the wedge.
func (w *wedge) rejectsRect(r physics.Rect) bool {
	if !w.ok {
		return false
	}
	lo := r.Lo.Sub(w.apex)
	dx, dy := r.Hi.X-r.Lo.X, r.Hi.Y-r.Lo.Y
	for i, n := range w.n {
		least := n.Dot(lo) + math.Min(0, n.X*dx) + math.Min(0, n.Y*dy)
		if least > w.off[i] {
			return true
		}
	}
	return false
}

// nearSegment reports whether the disk (c, r) comes within the margin of
// the segment; when it does not, the segment cannot cross the object the
// disk bounds. margin must dwarf the rounding of the segment's length.
func nearSegment(s physics.Segment, c physics.Vec, r, margin float64) bool {
	d := s.B.Sub(s.A)
	l2 := d.Norm2()
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, c.Sub(s.A).Dot(d)/l2))
	}
	p := physics.Vec{X: s.A.X + t*d.X, Y: s.A.Y + t*d.Y}
	return p.Dist(c) <= r+margin
}
