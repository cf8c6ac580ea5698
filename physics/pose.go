package physics

import (
	"github.com/go-gl/mathgl/mgl64"
	"github.com/golang/geo/s1"
)

// Pose is where a base stands: its stand (the centre of the base) and its
// heading, the movement direction (the outward normal of the front flat).
type Pose struct {
	Pos     Vec
	Heading s1.Angle
}

// Forward returns the unit vector along the heading.
func (p Pose) Forward() Vec { return Direction(p.Heading) }

// Matrix returns the affine transform from the pose's local frame (x
// forward along the heading, y to the left, origin at the stand) to the
// table frame.
func (p Pose) Matrix() mgl64.Mat3 {
	f := p.Forward()
	return mgl64.Mat3{f.X, f.Y, 0, -f.Y, f.X, 0, p.Pos.X, p.Pos.Y, 1}
}

// ToTable maps a point given in the pose's local frame to the table frame.
func (p Pose) ToTable(local Vec) Vec {
	v := p.Matrix().Mul3x1(mgl64.Vec3{local.X, local.Y, 1})
	return Vec{v[0], v[1]}
}

// ToLocal maps a table point into the pose's local frame.
func (p Pose) ToLocal(table Vec) Vec {
	f := p.Forward()
	d := table.Sub(p.Pos)
	return Vec{d.Dot(f), d.Dot(f.Perp())}
}

// Compose returns the pose reached by applying the local move m (a pose in
// this pose's local frame) from p.
func (p Pose) Compose(m Pose) Pose {
	return Pose{Pos: p.ToTable(m.Pos), Heading: p.Heading + m.Heading}
}
