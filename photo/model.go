package photo

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/starshipbattles/bsg/physics"
)

// Model maps photo pixels to the table. A pixel is first corrected for
// radial lens distortion about the photo's centre, then taken to the table
// by a homography.
//
// The distortion is written as a correction of the observed pixel:
// p_u = c + (p − c)(1 + K1 r² + K2 r⁴), with r the distance from the centre
// c divided by Norm (half the photo's diagonal), so K1 = 0.01 moves a
// corner pixel by 1% of the half-diagonal.
type Model struct {
	H      mgl64.Mat3 // homography, undistorted pixel → table (mm), on homogeneous (x, y, 1)
	K1, K2 float64
	C      physics.Vec // distortion centre: the photo's centre
	Norm   float64     // radius normalisation: half the photo's diagonal
}

// NewModel returns a model without distortion for a photo of w × h pixels.
func NewModel(w, h int, hom mgl64.Mat3) Model {
	return Model{H: hom, C: physics.V(float64(w)/2, float64(h)/2), Norm: math.Hypot(float64(w), float64(h)) / 2}
}

// Undistort corrects a photo pixel for the lens distortion.
func (m Model) Undistort(p physics.Vec) physics.Vec {
	if m.K1 == 0 && m.K2 == 0 {
		return p
	}
	d := p.Sub(m.C).Mul(1 / m.Norm)
	r2 := d.Norm2()
	return m.C.Add(d.Mul(m.Norm * (1 + m.K1*r2 + m.K2*r2*r2)))
}

// Distort is the inverse of Undistort (found by fixed-point iteration,
// which converges for any distortion a lens that can be used here has).
func (m Model) Distort(u physics.Vec) physics.Vec {
	if m.K1 == 0 && m.K2 == 0 {
		return u
	}
	du := u.Sub(m.C).Mul(1 / m.Norm)
	d := du
	for range 30 {
		r2 := d.Norm2()
		d = du.Mul(1 / (1 + m.K1*r2 + m.K2*r2*r2))
	}
	return m.C.Add(d.Mul(m.Norm))
}

// ToTable maps a photo pixel to the table; ok is false where the pixel
// lies on or beyond the horizon of the table plane.
func (m Model) ToTable(p physics.Vec) (physics.Vec, bool) {
	return applyH(m.H, m.Undistort(p))
}

// W returns the homogeneous weight of a pixel; its sign tells on which
// side of the table plane's horizon the pixel lies.
func (m Model) W(p physics.Vec) float64 {
	u := m.Undistort(p)
	return m.H.Row(2).Dot(mgl64.Vec3{u.X, u.Y, 1})
}

// ToPixel maps a table point to the photo pixel that shows it.
func (m Model) ToPixel(t physics.Vec) (physics.Vec, bool) {
	inv, ok := invert3(m.H)
	if !ok {
		return physics.Vec{}, false
	}
	u, ok := applyH(inv, t)
	if !ok {
		return physics.Vec{}, false
	}
	return m.Distort(u), true
}

// Jacobian returns the derivative of ToTable at p (mm per pixel), by
// central differences.
func (m Model) Jacobian(p physics.Vec) [2][2]float64 {
	const h = 0.5
	var j [2][2]float64
	for k, d := range []physics.Vec{physics.V(h, 0), physics.V(0, h)} {
		a, _ := m.ToTable(p.Add(d))
		b, _ := m.ToTable(p.Sub(d))
		g := a.Sub(b).Mul(1 / (2 * h))
		j[0][k], j[1][k] = g.X, g.Y
	}
	return j
}

// Scale returns the two singular values of the Jacobian at p (largest
// first): the most and the fewest millimetres one pixel covers there.
func (m Model) Scale(p physics.Vec) (float64, float64) {
	j := m.Jacobian(p)
	a, b, c, d := j[0][0], j[0][1], j[1][0], j[1][1]
	s1 := a*a + b*b + c*c + d*d
	det := a*d - b*c
	disc := math.Sqrt(math.Max(0, s1*s1-4*det*det))
	return math.Sqrt((s1 + disc) / 2), math.Sqrt(math.Max(0, (s1-disc)/2))
}

// applyH maps a point through a homography: h × (x, y, 1), divided by
// its third coordinate; false on the line at infinity.
func applyH(h mgl64.Mat3, p physics.Vec) (physics.Vec, bool) {
	v := h.Mul3x1(mgl64.Vec3{p.X, p.Y, 1})
	if math.Abs(v[2]) < 1e-12 || math.IsNaN(v[2]) {
		return physics.Vec{}, false
	}
	return physics.V(v[0]/v[2], v[1]/v[2]), true
}

// invert3 inverts a 3 × 3 matrix; false when it is singular.
func invert3(m mgl64.Mat3) (mgl64.Mat3, bool) {
	if det := m.Det(); det == 0 || math.IsNaN(det) {
		return mgl64.Mat3{}, false
	}
	return m.Inv(), true
}

// fromRows makes a matrix of nine entries given row by row (the order
// the least squares and the DLT's null vector use).
func fromRows(r [9]float64) mgl64.Mat3 {
	return mgl64.Mat3FromRows(mgl64.Vec3{r[0], r[1], r[2]}, mgl64.Vec3{r[3], r[4], r[5]}, mgl64.Vec3{r[6], r[7], r[8]})
}

// rows returns a matrix's nine entries row by row.
func rows(m mgl64.Mat3) [9]float64 {
	t := m.Transpose()
	return [9]float64(t)
}
