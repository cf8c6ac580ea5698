package physics

import (
	"math"
	"math/big"
)

// epsilon is half the gap between 1 and the next float64 (2⁻⁵³).
const epsilon = 1.0 / (1 << 53)

// crossErrBound bounds the error of the floating-point evaluation of
// (b−a)×(d−c) relative to the sum of the magnitudes of its two products
// (Shewchuk's ccwerrboundA, which covers the four rounded differences).
const crossErrBound = (3 + 16*epsilon) * epsilon

// underflowGuard: below this magnitude the products may have lost relative
// precision to underflow, so the filter is not trusted.
const underflowGuard = 1e-290

// CrossSign returns the sign (−1, 0 or +1) of the cross product
// (b−a)×(d−c), exactly on the given float64 values. It is +1 when the
// direction c→d is counter-clockwise of a→b. Non-finite input gives 0.
func CrossSign(a, b, c, d Vec) int {
	abx, aby, cdx, cdy := b.X-a.X, b.Y-a.Y, d.X-c.X, d.Y-c.Y
	l := abx * cdy
	r := aby * cdx
	if sum := math.Abs(l) + math.Abs(r); sum > underflowGuard {
		det := l - r
		bound := crossErrBound * sum
		if det > bound {
			return 1
		}
		if -det > bound {
			return -1
		}
	} else if (abx == 0 || cdy == 0) && (aby == 0 || cdx == 0) {
		// Both products have an exactly zero factor (a float difference is
		// zero only when its operands are equal).
		return 0
	}
	return crossSignExact(a, b, c, d)
}

// Orient returns the orientation of the triangle (a, b, c), exactly: +1 when
// c lies to the left of the directed line a→b (counter-clockwise turn), −1
// to the right, 0 when the three points are collinear.
func Orient(a, b, c Vec) int { return CrossSign(a, b, a, c) }

// DotSign returns the sign of (b−a)·(d−c), exactly.
func DotSign(a, b, c, d Vec) int {
	l := (b.X - a.X) * (d.X - c.X)
	r := (b.Y - a.Y) * (d.Y - c.Y)
	det := l + r
	sum := math.Abs(l) + math.Abs(r)
	if sum > underflowGuard {
		bound := crossErrBound * sum
		if det > bound {
			return 1
		}
		if -det > bound {
			return -1
		}
	}
	return dotSignExact(a, b, c, d)
}

func finite(vs ...Vec) bool {
	for _, v := range vs {
		if !v.IsFinite() {
			return false
		}
	}
	return true
}

// ratDiff returns x − y exactly.
func ratDiff(x, y float64) *big.Rat {
	rx := new(big.Rat).SetFloat64(x)
	ry := new(big.Rat).SetFloat64(y)
	return rx.Sub(rx, ry)
}

func crossSignExact(a, b, c, d Vec) int {
	if !finite(a, b, c, d) {
		return 0
	}
	if s, ok := crossSignExpansion(a, b, c, d); ok {
		return s
	}
	l := new(big.Rat).Mul(ratDiff(b.X, a.X), ratDiff(d.Y, c.Y))
	r := new(big.Rat).Mul(ratDiff(b.Y, a.Y), ratDiff(d.X, c.X))
	return l.Cmp(r)
}

func dotSignExact(a, b, c, d Vec) int {
	if !finite(a, b, c, d) {
		return 0
	}
	if s, ok := dotSignExpansion(a, b, c, d); ok {
		return s
	}
	l := new(big.Rat).Mul(ratDiff(b.X, a.X), ratDiff(d.X, c.X))
	r := new(big.Rat).Mul(ratDiff(b.Y, a.Y), ratDiff(d.Y, c.Y))
	return l.Add(l, r).Sign()
}

// onSegment reports whether p, known to be collinear with a and b, lies on
// the closed segment [a, b]. Coordinate comparisons are exact.
func onSegment(a, b, p Vec) bool {
	return math.Min(a.X, b.X) <= p.X && p.X <= math.Max(a.X, b.X) &&
		math.Min(a.Y, b.Y) <= p.Y && p.Y <= math.Max(a.Y, b.Y)
}

// strictlyBetween reports whether p, known to be collinear with a and b,
// lies on the open segment (a, b).
func strictlyBetween(a, b, p Vec) bool {
	if p == a || p == b {
		return false
	}
	return onSegment(a, b, p)
}

// sqDistSign returns the sign of |p−c|² − r², exactly.
func sqDistSign(p, c Vec, r float64) int {
	dx, dy := p.X-c.X, p.Y-c.Y
	v := dx*dx + dy*dy - r*r
	scale := dx*dx + dy*dy + r*r
	if scale > underflowGuard {
		bound := 8 * epsilon * scale
		if v > bound {
			return 1
		}
		if -v > bound {
			return -1
		}
	}
	if !finite(p, c) || math.IsNaN(r) || math.IsInf(r, 0) {
		return 0
	}
	if s, ok := sqDistSignExpansion(p, c, r); ok {
		return s
	}
	ex, ey := ratDiff(p.X, c.X), ratDiff(p.Y, c.Y)
	s := new(big.Rat).Mul(ex, ex)
	s.Add(s, new(big.Rat).Mul(ey, ey))
	rr := new(big.Rat).SetFloat64(r)
	return s.Cmp(rr.Mul(rr, rr))
}
