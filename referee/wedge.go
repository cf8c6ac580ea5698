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

// columns narrows the columns c0..c1 of grid row y to those whose cells
// are not clearly outside the wedge, plus one on either side against
// rounding (the outer rows and columns are kept whole: span clamps
// everything beyond the grid into them). A cell is outside a half-plane
// when its corner least far along the normal is beyond it; along a row
// that is a bound on the column.
func (w *wedge) columns(g *grid, y, c0, c1 int) (int, int) {
	if !w.ok || y == 0 || y == g.rows-1 || g.cell == math.MaxFloat64 {
		return c0, c1
	}
	y0 := g.origin.Y + float64(y)*g.cell - w.apex.Y
	y1 := y0 + g.cell
	ox := g.origin.X - w.apex.X
	lo, hi := float64(c0), float64(c1)
	for i, n := range w.n {
		// Some point of the row's strip in column x satisfies
		// n·(p − apex) ≤ off: n.X·x' ≤ off − min(n.Y·y0, n.Y·y1) for x'
		// in the column.
		room := w.off[i] - math.Min(n.Y*y0, n.Y*y1)
		switch {
		case n.X > 0: // the column's left edge ox + x·cell must be within reach
			hi = math.Min(hi, math.Floor((room/n.X-ox)/g.cell)+1)
		case n.X < 0: // its right edge ox + (x+1)·cell
			lo = math.Max(lo, math.Ceil((room/n.X-ox)/g.cell)-2)
		case room < 0:
			return 1, 0
		}
	}
	if !(lo <= hi) { // empty, or NaN
		if math.IsNaN(lo) || math.IsNaN(hi) {
			return c0, c1
		}
		return 1, 0
	}
	l, h := int(lo), int(hi)
	if l <= 0 {
		l = c0
	}
	if h >= g.cols-1 {
		h = c1
	}
	return max(l, c0), min(h, c1)
}
