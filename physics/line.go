package physics

import "math"

// line is a directed line through o with direction q−p. Its strict left
// side is an open half-plane. Sides are decided exactly from the stored
// points, so a line through two stored points (p = o) and a line through a
// point along a stored direction (p = 0) are both exact.
type line struct{ p, q, o Vec }

// through returns the directed line from a to b.
func through(a, b Vec) line { return line{a, b, a} }

// side returns +1 left of the line, −1 right, 0 on it, exactly.
func (l line) side(x Vec) int { return CrossSign(l.p, l.q, l.o, x) }

// value returns a float proportional to the signed distance of x.
func (l line) value(x Vec) float64 { return l.q.Sub(l.p).Cross(x.Sub(l.o)) }

// crossing returns the parameter in [0, 1] where the segment a→b meets the
// line, for a and b on opposite sides.
func (l line) crossing(a, b Vec) float64 {
	fa, fb := l.value(a), l.value(b)
	if fa == fb {
		return 0.5
	}
	return math.Max(0, math.Min(1, fa/(fa-fb)))
}
