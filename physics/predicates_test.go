package physics

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// refCrossSign is the reference: the cross product in exact rational
// arithmetic, written independently of the production fallback.
func refCrossSign(a, b, c, d Vec) int {
	r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
	sub := func(x, y float64) *big.Rat { return new(big.Rat).Sub(r(x), r(y)) }
	lhs := new(big.Rat).Mul(sub(b.X, a.X), sub(d.Y, c.Y))
	rhs := new(big.Rat).Mul(sub(b.Y, a.Y), sub(d.X, c.X))
	return lhs.Sub(lhs, rhs).Sign()
}

func TestOrient(t *testing.T) {
	tests := []struct {
		name    string
		a, b, c Vec
		want    int
	}{
		{"left turn", V(0, 0), V(1, 0), V(0, 1), 1},
		{"right turn", V(0, 0), V(1, 0), V(0, -1), -1},
		{"collinear", V(0, 0), V(1, 1), V(2, 2), 0},
		{"collinear beyond float", V(0.1, 0.1), V(0.2, 0.2), V(0.3, 0.3), refCrossSign(V(0.1, 0.1), V(0.2, 0.2), V(0.1, 0.1), V(0.3, 0.3))},
		{"nearly collinear, large offset", V(1e15, 1e15), V(1e15+1, 1e15+1), V(1e15+2, 1e15+2+0.125), 1},
		{"tiny values", V(1e-300, 0), V(2e-300, 0), V(3e-300, 1e-310), 1},
		{"equal points", V(3, 4), V(3, 4), V(5, 6), 0},
		{"NaN is total", V(math.NaN(), 0), V(1, 0), V(0, 1), 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, Orient(tt.a, tt.b, tt.c))
		})
	}
}

// TestOrientFilterFallsBack builds points whose orientation the plain float
// expression gets wrong, and checks the filtered predicate against the
// reference.
func TestOrientFilterFallsBack(t *testing.T) {
	wrong := 0
	for i := 0; i < 256; i++ {
		for j := 0; j < 256; j++ {
			a := V(0.5+float64(i)*math.Pow(2, -53), 0.5+float64(j)*math.Pow(2, -53))
			b, c := V(12, 12), V(24, 24)
			want := refCrossSign(a, b, a, c)
			naive := (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X)
			if (naive > 0) != (want > 0) || (naive < 0) != (want < 0) {
				wrong++
			}
			if got := Orient(a, b, c); got != want {
				t.Fatalf("Orient(%v,%v,%v) = %d, exact %d", a, b, c, got, want)
			}
		}
	}
	assert.Positive(t, wrong, "the grid should contain cases the naive float expression gets wrong")
}

func FuzzOrient(f *testing.F) {
	f.Add(0.0, 0.0, 1.0, 0.0, 0.0, 1.0)
	f.Add(0.1, 0.1, 0.2, 0.2, 0.3, 0.3)
	f.Add(0.5, 0.5, 12.0, 12.0, 24.0, 24.0)
	f.Add(1e300, -1e300, 1e-300, 3.0, -7.0, 1e-310)
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, cx, cy float64) {
		a, b, c := V(ax, ay), V(bx, by), V(cx, cy)
		if !finite(a, b, c) {
			assert.NotPanics(t, func() { Orient(a, b, c) })
			return
		}
		want := refCrossSign(a, b, a, c)
		if got := Orient(a, b, c); got != want {
			t.Fatalf("Orient = %d, exact %d", got, want)
		}
		// Antisymmetry and cyclic symmetry hold exactly.
		assert.Equal(t, -want, Orient(b, a, c))
		assert.Equal(t, want, Orient(b, c, a))
	})
}

func FuzzDotSign(f *testing.F) {
	f.Add(0.0, 0.0, 1.0, 0.0, 0.0, 1.0)
	f.Add(0.1, 0.3, 0.2, 0.7, 0.3, 0.3)
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, cx, cy float64) {
		a, b, c := V(ax, ay), V(bx, by), V(cx, cy)
		if !finite(a, b, c) {
			return
		}
		r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
		sub := func(x, y float64) *big.Rat { return new(big.Rat).Sub(r(x), r(y)) }
		l := new(big.Rat).Mul(sub(b.X, a.X), sub(c.X, a.X))
		l.Add(l, new(big.Rat).Mul(sub(b.Y, a.Y), sub(c.Y, a.Y)))
		if got := DotSign(a, b, a, c); got != l.Sign() {
			t.Fatalf("DotSign = %d, exact %d", got, l.Sign())
		}
	})
}

func TestSqDistSign(t *testing.T) {

	assert.Equal(t, 0, sqDistSign(V(3, 4), V(0, 0), 5))
	assert.Equal(t, -1, sqDistSign(V(3, 4), V(0, 0), math.Nextafter(5, 6)))
	assert.Equal(t, 1, sqDistSign(V(3, 4), V(0, 0), math.Nextafter(5, 4)))
}

func TestDirectionIsExactOnThirtyDegrees(t *testing.T) {
	for k := -24; k <= 24; k++ {
		d := Direction(Deg(30 * float64(k)))
		want := thirtyDegreeDirections[((k%12)+12)%12]
		assert.Equal(t, want, d, "k=%d", k)
	}
	d := Direction(Deg(45))
	assert.InDelta(t, math.Sqrt2/2, d.X, 1e-15)
	assert.Equal(t, 0.0, NormalizeDegrees(-1e-20))
	assert.Equal(t, 270.0, NormalizeDegrees(-90))
}

// FuzzExpansionStage checks the allocation-free exact stage alone against
// the rational reference, including inputs built to cancel exactly.
func FuzzExpansionStage(f *testing.F) {
	f.Add(-12.99038105676658, 242.5, -25.98076211353316, 220.0, 0.5, 0.8660254037844386)
	f.Add(0.1, 0.1, 0.2, 0.2, 0.3, 0.3)
	f.Add(1e-100, 3.0, 1e100, -7.0, 2.5, 1e-50)
	f.Fuzz(func(t *testing.T, ax, ay, bx, by, dx, dy float64) {
		a, b, d := V(ax, ay), V(bx, by), V(dx, dy)
		if !finite(a, b, d) {
			return
		}
		zero := Vec{}
		if got, ok := crossSignExpansion(a, b, zero, d); ok {
			if want := refCrossSign(a, b, zero, d); got != want {
				t.Fatalf("crossSignExpansion = %d, exact %d", got, want)
			}
		}
		if got, ok := sqDistSignExpansion(a, b, d.X); ok {
			r := func(x float64) *big.Rat { return new(big.Rat).SetFloat64(x) }
			ex := new(big.Rat).Sub(r(a.X), r(b.X))
			ey := new(big.Rat).Sub(r(a.Y), r(b.Y))
			s := new(big.Rat).Mul(ex, ex)
			s.Add(s, new(big.Rat).Mul(ey, ey))
			s.Sub(s, new(big.Rat).Mul(r(d.X), r(d.X)))
			if got != s.Sign() {
				t.Fatalf("sqDistSignExpansion = %d, exact %d", got, s.Sign())
			}
		}
	})
}

func TestParallelEdgesNeedNoAllocation(t *testing.T) {
	// Hexagon flats parallel to arc edges give exactly zero cross products;
	// the expansion stage decides them without math/big.
	a, b := V(-12.99038105676658, 242.5), V(-25.98076211353316, 220)
	dir := V(0.5, 0.8660254037844386)
	allocs := testing.AllocsPerRun(100, func() { CrossSign(a, b, Vec{}, dir) })
	assert.Zero(t, allocs)
	assert.Equal(t, refCrossSign(a, b, Vec{}, dir), CrossSign(a, b, Vec{}, dir))
}
