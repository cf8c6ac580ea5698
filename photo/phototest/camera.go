// Package phototest makes synthetic photos of known tables for the photo
// package's tests: pinhole cameras tilted up to any angle with radial lens
// distortion, the projection of table points to pixels, and a renderer of
// whole photos (the table, ships' bases, obstacles and the calibration
// sheet) with blur and noise.
package phototest

import (
	"math"
	"math/rand/v2"

	"github.com/starshipbattles/bsg/physics"
)

// Camera is a pinhole camera over the table plane (z = 0, millimetres),
// with a lens that distorts radially: a pixel at normalized radius r from
// the centre (r = 1 at half the diagonal) moves out by the factor
// 1 + K1 r² + K2 r⁴ (the usual forward model, not the photo package's
// correction, so a fit never matches the lens exactly).
type Camera struct {
	W, H   int
	F      float64    // focal length, pixels
	Pos    [3]float64 // the camera centre, mm (z above the table)
	R, D   [3]float64 // image right and down directions
	Fwd    [3]float64 // the optical axis
	K1, K2 float64
}

func sub3(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot3(a, b [3]float64) float64    { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func cross3(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func unit3(a [3]float64) [3]float64 {
	n := math.Sqrt(dot3(a, a))
	return [3]float64{a[0] / n, a[1] / n, a[2] / n}
}

// LookAt returns a camera at pos looking at the table point target, the
// table's −y showing downwards in the photo as far as the tilt allows,
// turned by roll degrees about its axis.
func LookAt(w, h int, f float64, pos [3]float64, target physics.Vec, roll float64) Camera {
	fwd := unit3(sub3([3]float64{target.X, target.Y, 0}, pos))
	down := [3]float64{0, -1, 0}
	down = unit3(sub3(down, scale3(fwd, dot3(down, fwd))))
	right := cross3(down, fwd)
	cr, sr := math.Cos(roll*math.Pi/180), math.Sin(roll*math.Pi/180)
	r2 := add3(scale3(right, cr), scale3(down, sr))
	d2 := add3(scale3(down, cr), scale3(right, -sr))
	return Camera{W: w, H: h, F: f, Pos: pos, R: r2, D: d2, Fwd: fwd}
}

func scale3(a [3]float64, s float64) [3]float64 { return [3]float64{a[0] * s, a[1] * s, a[2] * s} }
func add3(a, b [3]float64) [3]float64           { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Tilt returns the angle between the optical axis and straight down, in
// degrees.
func (c Camera) Tilt() float64 { return math.Acos(-c.Fwd[2]) * 180 / math.Pi }

func (c Camera) norm() float64 { return math.Hypot(float64(c.W), float64(c.H)) / 2 }

// Project returns the pixel showing the table point p; false behind the
// camera.
func (c Camera) Project(p physics.Vec) (physics.Vec, bool) {
	v := sub3([3]float64{p.X, p.Y, 0}, c.Pos)
	z := dot3(v, c.Fwd)
	if z <= 0 {
		return physics.Vec{}, false
	}
	x, y := c.F*dot3(v, c.R)/z, c.F*dot3(v, c.D)/z
	n := c.norm()
	r2 := (x*x + y*y) / (n * n)
	k := 1 + c.K1*r2 + c.K2*r2*r2
	return physics.V(float64(c.W)/2+x*k, float64(c.H)/2+y*k), true
}

// Unproject returns the table point a pixel shows; false when the pixel
// looks above the horizon.
func (c Camera) Unproject(px physics.Vec) (physics.Vec, bool) {
	n := c.norm()
	dx, dy := px.X-float64(c.W)/2, px.Y-float64(c.H)/2
	// undo the distortion: solve r_d = r_u (1 + K1 r_u² + K2 r_u⁴)
	x, y := dx, dy
	for i := 0; i < 20 && (c.K1 != 0 || c.K2 != 0); i++ {
		r2 := (x*x + y*y) / (n * n)
		k := 1 + c.K1*r2 + c.K2*r2*r2
		nx, ny := dx/k, dy/k
		done := math.Abs(nx-x)+math.Abs(ny-y) < 1e-9
		x, y = nx, ny
		if done {
			break
		}
	}
	dir := add3(c.Fwd, add3(scale3(c.R, x/c.F), scale3(c.D, y/c.F)))
	if dir[2] >= 0 {
		return physics.Vec{}, false
	}
	t := -c.Pos[2] / dir[2]
	return physics.V(c.Pos[0]+t*dir[0], c.Pos[1]+t*dir[1]), true
}

// RandomCamera returns a camera of w × h pixels looking at the table of
// width × depth mm from a tilt drawn up to maxTilt degrees, any azimuth,
// a little roll, and a focal length that fits the whole table in the
// photo with a small margin; the lens has K1 up to ±maxK1.
func RandomCamera(rng *rand.Rand, w, h int, width, depth, maxTilt, maxK1 float64) Camera {
	tilt := maxTilt * math.Sqrt(rng.Float64()) // more of the steep end than uniform
	az := rng.Float64() * 2 * math.Pi
	target := physics.V(width/2+(rng.Float64()-0.5)*0.1*width, depth/2+(rng.Float64()-0.5)*0.1*depth)
	dist := 1200 + 600*rng.Float64()
	t := tilt * math.Pi / 180
	pos := [3]float64{target.X + dist*math.Sin(t)*math.Cos(az), target.Y + dist*math.Sin(t)*math.Sin(az), dist * math.Cos(t)}
	c := LookAt(w, h, 1000, pos, target, (rng.Float64()-0.5)*20)
	c.K1 = (2*rng.Float64() - 1) * maxK1
	c.frame(width, depth)
	return c
}

// frame sets the largest focal length that keeps the table's corners
// inside a 4% margin of the photo, whatever the lens does to them.
func (c *Camera) frame(width, depth float64) {
	corners := []physics.Vec{physics.V(0, 0), physics.V(width, 0), physics.V(width, depth), physics.V(0, depth)}
	worst := 0.0
	for _, p := range corners {
		v := sub3([3]float64{p.X, p.Y, 0}, c.Pos)
		z := dot3(v, c.Fwd)
		worst = math.Max(worst, math.Max(math.Abs(dot3(v, c.R)/z)/(float64(c.W)/2), math.Abs(dot3(v, c.D)/z)/(float64(c.H)/2)))
	}
	c.F = 0.92 / worst / (1 + math.Abs(c.K1) + math.Abs(c.K2))
}

// PhoneMaxK1 is the largest radial term of a phone-like lens (issue #28):
// K1 = ±0.08 moves the photo's corner by 8% of the half-diagonal.
const PhoneMaxK1 = 0.08

// RandomPhoneCamera is RandomCamera with a phone-like lens: K1 drawn
// uniformly within ±maxK1 and, in half the cases, a second term K2 within
// ±maxK1/2 (wide-angle phone lenses bend lines in an S as often as in a
// barrel).
func RandomPhoneCamera(rng *rand.Rand, w, h int, width, depth, maxTilt, maxK1 float64) Camera {
	c := RandomCamera(rng, w, h, width, depth, maxTilt, maxK1)
	if rng.Float64() < 0.5 {
		c.K2 = (2*rng.Float64() - 1) * maxK1 / 2
	}
	c.frame(width, depth)
	return c
}

// ClickPx draws how far off a player clicks on a photo (issue #28: 2 to
// 4 pixels), one standard deviation in pixels: a trial clicks every point
// with this noise and states it as the marks file's click_px.
func ClickPx(rng *rand.Rand) float64 { return 2 + 2*rng.Float64() }
