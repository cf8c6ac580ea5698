package physics

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var (
	square = Polygon{V(0, 0), V(10, 0), V(10, 10), V(0, 10)}
	// lShape is non-convex, clockwise, with a reflex vertex at (5, 5).
	lShape = Polygon{V(0, 0), V(0, 10), V(5, 10), V(5, 5), V(10, 5), V(10, 0)}
)

func TestPolygonValidate(t *testing.T) {
	tests := []struct {
		name    string
		p       Polygon
		wantErr string
	}{
		{"square", square, ""},
		{"L shape clockwise", lShape, ""},
		{"two vertices", Polygon{V(0, 0), V(1, 1)}, "needs at least 3"},
		{"repeated vertex", Polygon{V(0, 0), V(0, 0), V(1, 1), V(0, 1)}, "same point"},
		{"bow tie", Polygon{V(0, 0), V(10, 10), V(10, 0), V(0, 10)}, "not simple"},
		{"collinear", Polygon{V(0, 0), V(1, 1), V(2, 2)}, "fold back"},
		{"spike", Polygon{V(0, 0), V(10, 0), V(5, 0), V(5, 5)}, "fold back"},
		{"touching itself", Polygon{V(0, 0), V(10, 0), V(10, 10), V(5, 0), V(0, 10)}, "not simple"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.p.Validate()
			if tt.wantErr == "" {
				assert.NoError(t, err)
				return
			}
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.wantErr)
		})
	}
}

func TestPolygonLocate(t *testing.T) {
	tests := []struct {
		p    Polygon
		q    Vec
		want Location
	}{
		{square, V(5, 5), Inside},
		{square, V(10, 5), OnBoundary},
		{square, V(0, 0), OnBoundary},
		{square, V(10.000000001, 5), Outside},
		{lShape, V(7, 7), Outside},
		{lShape, V(5, 7), OnBoundary},
		{lShape, V(2, 7), Inside},
		{lShape, V(7, 2), Inside},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.p.Locate(tt.q), "%v in %v", tt.q, tt.p)
		assert.Equal(t, tt.want != Outside, tt.p.Contains(tt.q))
		assert.Equal(t, tt.want == Inside, tt.p.InteriorContains(tt.q))
	}
}

func TestSegmentCrossesInterior(t *testing.T) {
	tests := []struct {
		name string
		p    Polygon
		s    Segment
		want bool
	}{
		{"through the middle", square, Seg(V(-5, 5), V(15, 5)), true},
		{"along an edge", square, Seg(V(-5, 0), V(15, 0)), false},
		{"touching a corner", square, Seg(V(-5, 5), V(5, 15)), false},
		{"the diagonal through two corners", square, Seg(V(-5, -5), V(15, 15)), true},
		{"ending on the boundary from outside", square, Seg(V(-5, 5), V(0, 5)), false},
		{"starting on the boundary, going in", square, Seg(V(0, 5), V(3, 5)), true},
		{"from corner inwards", square, Seg(V(0, 0), V(1, 2)), true},
		{"from corner outwards", square, Seg(V(0, 0), V(-1, 2)), false},
		{"corner to corner along edge", square, Seg(V(0, 0), V(10, 0)), false},
		{"wholly inside", square, Seg(V(1, 1), V(2, 2)), true},
		{"outside", square, Seg(V(11, 1), V(12, 2)), false},
		{"a point inside", square, Seg(V(1, 1), V(1, 1)), true},
		{"L: across the notch, touching the reflex corner", lShape, Seg(V(0, 10), V(10, 0)), true},
		{"L: from a corner across the notch into the lower arm", lShape, Seg(V(5, 10), V(10, 0)), true},
		{"L: ending at the reflex corner from the notch", lShape, Seg(V(10, 10), V(5, 5)), false},
		{"L: outside, along the notch edges", lShape, Seg(V(5, 5), V(10, 5)), false},
		{"L: through the reflex corner into the inside", lShape, Seg(V(8, 8), V(2, 2)), true},
		{"L: from the reflex corner into the notch", lShape, Seg(V(5, 5), V(8, 8)), false},
		{"L: from the reflex corner inwards", lShape, Seg(V(5, 5), V(4, 4)), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.p.SegmentCrossesInterior(tt.s))
			rev := Seg(tt.s.B, tt.s.A)
			assert.Equal(t, tt.want, tt.p.SegmentCrossesInterior(rev), "reversed")
			ccw := tt.p.CCW()
			assert.Equal(t, tt.want, ccw.SegmentCrossesInterior(tt.s), "other orientation")
		})
	}
}

// refSegmentMeetsOpenConvex decides exactly, in rational arithmetic, whether
// the segment meets the open convex polygon: the constraints "strictly left
// of every edge" are linear in the segment parameter t (Cyrus–Beck).
func refSegmentMeetsOpenConvex(ccw Polygon, s Segment) bool {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	cross := func(a, b, p Vec) *big.Rat { // (b−a)×(p−a)
		l := new(big.Rat).Mul(new(big.Rat).Sub(r(b.X), r(a.X)), new(big.Rat).Sub(r(p.Y), r(a.Y)))
		m := new(big.Rat).Mul(new(big.Rat).Sub(r(b.Y), r(a.Y)), new(big.Rat).Sub(r(p.X), r(a.X)))
		return l.Sub(l, m)
	}
	lo, hi := big.NewRat(0, 1), big.NewRat(1, 1)
	loOpen, hiOpen := false, false
	for i := range ccw {
		a, b := ccw[i], ccw[(i+1)%len(ccw)]
		f0, f1 := cross(a, b, s.A), cross(a, b, s.B)
		slope := new(big.Rat).Sub(f1, f0)
		switch slope.Sign() {
		case 0:
			if f0.Sign() <= 0 {
				return false
			}
		default:
			// f0 + t·slope > 0  ⇔  t > −f0/slope (slope > 0) or t < −f0/slope.
			tt := new(big.Rat).Quo(new(big.Rat).Neg(f0), slope)
			if slope.Sign() > 0 {
				if c := tt.Cmp(lo); c > 0 || c == 0 {
					lo, loOpen = tt, true
				}
			} else if c := tt.Cmp(hi); c < 0 || c == 0 {
				hi, hiOpen = tt, true
			}
		}
	}
	c := lo.Cmp(hi)
	return c < 0 || c == 0 && !loOpen && !hiOpen
}

func FuzzSegmentCrossesInterior(f *testing.F) {
	f.Add(int8(0), int8(0), int8(10), int8(0), int8(0), int8(10), int8(-5), int8(5), int8(15), int8(5))
	f.Add(int8(0), int8(0), int8(10), int8(0), int8(0), int8(10), int8(0), int8(0), int8(10), int8(0))
	f.Add(int8(0), int8(0), int8(10), int8(0), int8(0), int8(10), int8(5), int8(5), int8(-5), int8(5))
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, cx, cy, sx, sy, ex, ey int8) {
		// Integer coordinates divided by 8 hit touching and collinear cases.
		q := func(x, y int8) Vec { return V(float64(x)/8, float64(y)/8) }
		tri := Polygon{q(ax, ay), q(bx, by), q(cx, cy)}
		if Orient(tri[0], tri[1], tri[2]) == 0 {
			return
		}
		s := Seg(q(sx, sy), q(ex, ey))
		want := refSegmentMeetsOpenConvex(tri.CCW(), s)
		if got := tri.SegmentCrossesInterior(s); got != want {
			t.Fatalf("SegmentCrossesInterior(%v, %v) = %v, exact %v", tri, s, got, want)
		}
	})
}

func TestConvexInteriorsIntersect(t *testing.T) {
	h := Hexagon(Pose{Pos: V(0, 0)}, 45)
	across := 45.0
	tests := []struct {
		name string
		d    Vec
		want bool
	}{
		{"same place", V(0, 0), true},
		{"flat to flat, touching", V(across, 0), false},
		{"flat to flat, overlapping", V(across-1e-9, 0), true},
		{"far", V(100, 0), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, ConvexInteriorsIntersect(h, h.Translate(tt.d)))
		})
	}
}

func TestSegmentDistance(t *testing.T) {
	d, p, q := Seg(V(0, 0), V(10, 0)).Distance(Seg(V(5, 3), V(5, 10)))
	assert.InDelta(t, 3, d, 1e-12)
	assert.Equal(t, V(5, 0), p)
	assert.Equal(t, V(5, 3), q)
	d, _, _ = Seg(V(0, 0), V(10, 10)).Distance(Seg(V(0, 10), V(10, 0)))
	assert.Zero(t, d)
}

func TestPolygonDistance(t *testing.T) {
	d, p, q := square.Distance(square.Translate(V(13, 4)))
	assert.InDelta(t, 3, d, 1e-12)
	assert.InDelta(t, 10, p.X, 1e-12)
	assert.InDelta(t, 13, q.X, 1e-12)
	d, _ = square.DistanceToPoint(V(13, 14))
	assert.InDelta(t, 5, d, 1e-12)
	d, _ = square.DistanceToPoint(V(3, 4))
	assert.Zero(t, d)
	assert.InDelta(t, 1, square.DistanceToCircle(Circle{V(13, 5), 2}), 1e-12)
}

func TestCircle(t *testing.T) {
	c := Circle{V(0, 0), 5}
	assert.True(t, c.SegmentCrossesInterior(Seg(V(-10, 0), V(10, 0))))
	assert.False(t, c.SegmentCrossesInterior(Seg(V(-10, 5), V(10, 5))), "tangent")
	assert.True(t, c.SegmentCrossesInterior(Seg(V(-10, 4.999999), V(10, 4.999999))))
	assert.False(t, c.SegmentCrossesInterior(Seg(V(3, 4), V(6, 8))), "ends on the circle, going out")
	assert.True(t, c.SegmentCrossesInterior(Seg(V(3, 4), V(0, 0))), "ends on the circle, going in")
	assert.False(t, c.SegmentCrossesInterior(Seg(V(6, 0), V(9, 0))))
	assert.Error(t, Circle{V(0, 0), 0}.Validate())
	assert.NoError(t, c.Validate())
	r, l, ok := c.TangentPoints(V(10, 0))
	require.True(t, ok)
	assert.InDelta(t, 5, r.Norm(), 1e-12)
	assert.InDelta(t, 0, r.Sub(V(10, 0)).Dot(r), 1e-9, "tangent is perpendicular to radius")
	// Looking from (10, 0) at the centre (direction −x), clockwise is +y.
	assert.Positive(t, r.Y, "right tangent point is clockwise of the view")
	assert.Negative(t, l.Y)
	assert.True(t, square.CircleInteriorIntersects(Circle{V(12, 5), 2.5}))
	assert.False(t, square.CircleInteriorIntersects(Circle{V(12, 5), 2}))
}
