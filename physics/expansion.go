package physics

import "math"

// The middle stage of the predicates: error-free transformations. Each
// float difference is split into its rounded value and its exact rounding
// error (TwoDiff), each product into value and error (TwoProduct, with
// FMA), and the terms are summed into a Shewchuk expansion, whose sign is
// the sign of its largest component. This is exact without allocating, as
// long as nothing overflows or underflows; expansionSafe guards that, and
// math/big takes the rest.

// twoTerm is the exact value hi + lo.
type twoTerm struct{ hi, lo float64 }

// twoDiff returns a − b exactly as a two-term value.
func twoDiff(a, b float64) twoTerm {
	x := a - b
	bv := a - x
	av := x + bv
	return twoTerm{x, (a - av) + (bv - b)}
}

// twoSum returns a + b as its rounded sum and the exact error.
func twoSum(a, b float64) (float64, float64) {
	x := a + b
	bv := x - a
	av := x - bv
	return x, (a - av) + (b - bv)
}

// expansion is a sum of non-overlapping components in increasing
// magnitude (zeros allowed).
type expansion struct {
	c [40]float64
	n int
}

// add grows the expansion by b (Shewchuk's GROW-EXPANSION).
func (e *expansion) add(b float64) {
	q := b
	for i := 0; i < e.n; i++ {
		var h float64
		q, h = twoSum(q, e.c[i])
		e.c[i] = h
	}
	e.c[e.n] = q
	e.n++
}

// addProduct adds sign·x·y exactly: four partial products, each split by
// TwoProduct into value and error.
func (e *expansion) addProduct(x, y twoTerm, sign float64) {
	for _, a := range [2]float64{x.hi, x.lo} {
		for _, b := range [2]float64{y.hi, y.lo} {
			p := a * b
			err := math.FMA(a, b, -p)
			if p != 0 {
				e.add(sign * p)
			}
			if err != 0 {
				e.add(sign * err)
			}
		}
	}
}

// sign returns the sign of the expansion's exact value.
func (e *expansion) sign() int {
	for i := e.n - 1; i >= 0; i-- {
		switch {
		case e.c[i] > 0:
			return 1
		case e.c[i] < 0:
			return -1
		}
	}
	return 0
}

// Magnitudes within which products of two-term values and their errors are
// exact in float64.
const (
	expansionMin = 0x1p-400
	expansionMax = 0x1p400
)

// expansionSafe reports whether every non-zero part of the terms lies
// within the range where the expansion arithmetic is exact.
func expansionSafe(ts ...twoTerm) bool {
	for _, t := range ts {
		for _, v := range [2]float64{t.hi, t.lo} {
			if a := math.Abs(v); a != 0 && (a < expansionMin || a > expansionMax) {
				return false
			}
		}
	}
	return true
}

// crossSignExpansion returns the sign of (b−a)×(d−c) and true, or false
// when the values are outside the safe range.
func crossSignExpansion(a, b, c, d Vec) (int, bool) {
	abx, aby := twoDiff(b.X, a.X), twoDiff(b.Y, a.Y)
	cdx, cdy := twoDiff(d.X, c.X), twoDiff(d.Y, c.Y)
	if !expansionSafe(abx, aby, cdx, cdy) {
		return 0, false
	}
	var e expansion
	e.addProduct(abx, cdy, 1)
	e.addProduct(aby, cdx, -1)
	return e.sign(), true
}

// dotSignExpansion returns the sign of (b−a)·(d−c) and true, or false
// when the values are outside the safe range.
func dotSignExpansion(a, b, c, d Vec) (int, bool) {
	abx, aby := twoDiff(b.X, a.X), twoDiff(b.Y, a.Y)
	cdx, cdy := twoDiff(d.X, c.X), twoDiff(d.Y, c.Y)
	if !expansionSafe(abx, aby, cdx, cdy) {
		return 0, false
	}
	var e expansion
	e.addProduct(abx, cdx, 1)
	e.addProduct(aby, cdy, 1)
	return e.sign(), true
}

// sqDistSignExpansion returns the sign of |p−c|² − r² and true, or false
// when the values are outside the safe range.
func sqDistSignExpansion(p, c Vec, r float64) (int, bool) {
	dx, dy := twoDiff(p.X, c.X), twoDiff(p.Y, c.Y)
	rr := twoTerm{r, 0}
	if !expansionSafe(dx, dy, rr) {
		return 0, false
	}
	var e expansion
	e.addProduct(dx, dx, 1)
	e.addProduct(dy, dy, 1)
	e.addProduct(rr, rr, -1)
	return e.sign(), true
}
