package physics

import (
	"math"

	"github.com/golang/geo/s1"
)

// Vec is a point or a displacement in the table frame, in millimetres.
type Vec struct{ X, Y float64 }

// V returns the vector (x, y).
func V(x, y float64) Vec { return Vec{x, y} }

// Add returns v + w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Sub returns v − w.
func (v Vec) Sub(w Vec) Vec { return Vec{v.X - w.X, v.Y - w.Y} }

// Mul returns v scaled by s.
func (v Vec) Mul(s float64) Vec { return Vec{v.X * s, v.Y * s} }

// Dot returns the dot product v·w.
func (v Vec) Dot(w Vec) float64 { return v.X*w.X + v.Y*w.Y }

// Cross returns the z component of v×w: positive when w is counter-clockwise
// of v. It is a float estimate; use CrossSign for an exact sign.
func (v Vec) Cross(w Vec) float64 { return v.X*w.Y - v.Y*w.X }

// Norm returns the length of v.
func (v Vec) Norm() float64 { return math.Hypot(v.X, v.Y) }

// Norm2 returns the squared length of v.
func (v Vec) Norm2() float64 { return v.X*v.X + v.Y*v.Y }

// Dist returns the distance between the points v and w.
func (v Vec) Dist(w Vec) float64 { return v.Sub(w).Norm() }

// Unit returns v scaled to length 1, or the zero vector when v is zero.
func (v Vec) Unit() Vec {
	n := v.Norm()
	if n == 0 {
		return Vec{}
	}
	return Vec{v.X / n, v.Y / n}
}

// Perp returns v turned a quarter turn counter-clockwise.
func (v Vec) Perp() Vec { return Vec{-v.Y, v.X} }

// Lerp returns the point (1−t)·v + t·w.
func (v Vec) Lerp(w Vec, t float64) Vec {
	return Vec{v.X + (w.X-v.X)*t, v.Y + (w.Y-v.Y)*t}
}

// Angle returns the direction of v, counter-clockwise from +x, in (−π, π].
func (v Vec) Angle() s1.Angle { return s1.Angle(math.Atan2(v.Y, v.X)) }

// Rotate returns v turned counter-clockwise by a.
func (v Vec) Rotate(a s1.Angle) Vec {
	d := Direction(a)
	return Vec{v.X*d.X - v.Y*d.Y, v.X*d.Y + v.Y*d.X}
}

// IsFinite reports whether both coordinates are finite numbers.
func (v Vec) IsFinite() bool {
	return !math.IsNaN(v.X) && !math.IsNaN(v.Y) && !math.IsInf(v.X, 0) && !math.IsInf(v.Y, 0)
}

// ExactAngleTolerance is how close (in degrees) an angle must be to a
// multiple of 30° for Direction to return the correctly rounded table value
// instead of cos/sin of the radian value. Bases, dials and arcs are built on
// multiples of 30°, and this keeps their vertices symmetric to the last bit.
const ExactAngleTolerance = 1e-9

// thirtyDegreeDirections holds cos and sin of k·30° for k = 0..11, correctly rounded.
var thirtyDegreeDirections = [12]Vec{
	{1, 0}, {math.Sqrt(3) / 2, 0.5}, {0.5, math.Sqrt(3) / 2},
	{0, 1}, {-0.5, math.Sqrt(3) / 2}, {-math.Sqrt(3) / 2, 0.5},
	{-1, 0}, {-math.Sqrt(3) / 2, -0.5}, {-0.5, -math.Sqrt(3) / 2},
	{0, -1}, {0.5, -math.Sqrt(3) / 2}, {math.Sqrt(3) / 2, -0.5},
}

// Direction returns the unit vector at angle a counter-clockwise from +x.
// Multiples of 30° (within ExactAngleTolerance) give exact table values.
func Direction(a s1.Angle) Vec {
	deg := a.Degrees()
	k := math.Round(deg / 30)
	if math.Abs(deg-30*k) < ExactAngleTolerance && !math.IsInf(k, 0) {
		var i int
		if math.Abs(k) < 1<<52 {
			i = int(k) % 12 // as math.Mod for a whole k, without its cost
		} else {
			i = int(math.Mod(k, 12))
		}
		if i < 0 {
			i += 12
		}
		return thirtyDegreeDirections[i]
	}
	return Vec{math.Cos(a.Radians()), math.Sin(a.Radians())}
}

// Deg converts degrees to an angle.
func Deg(d float64) s1.Angle { return s1.Angle(d) * s1.Degree }

// NormalizeDegrees returns d reduced to [0, 360).
func NormalizeDegrees(d float64) float64 {
	d = math.Mod(d, 360)
	if d < 0 {
		d += 360
	}
	if d == 360 { // -tiny + 360 rounds up
		d = 0
	}
	return d
}

// Bounds returns the rectangle spanned by v and w.
func (v Vec) Bounds(w Vec) Rect { return EmptyRect().Extend(v).Extend(w) }
