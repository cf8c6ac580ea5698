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
	return p.Forward().toTable(p.Pos, local)
}

// toTable maps local to the table frame of a pose at pos whose forward
// unit vector is f: the same arithmetic, in the same order, as Matrix's
// product with (local, 1), so that the result is the same to the last bit.
func (f Vec) toTable(pos, local Vec) Vec {
	return Vec{f.X*local.X - f.Y*local.Y + pos.X, f.Y*local.X + f.X*local.Y + pos.Y}
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

// Frame is a pose with its forward direction worked out once, for mapping
// many points from the pose's local frame: Frame(p).ToTable(v) equals
// p.ToTable(v) to the last bit, and Compose likewise.
type Frame struct {
	Pose
	forward Vec
}

// FrameOf returns the frame of pose p.
func FrameOf(p Pose) Frame { return Frame{Pose: p, forward: p.Forward()} }

// Forward returns the unit vector along the heading.
func (f Frame) Forward() Vec { return f.forward }

// ToTable maps a point given in the pose's local frame to the table frame.
func (f Frame) ToTable(local Vec) Vec { return f.forward.toTable(f.Pos, local) }

// Compose returns the pose reached by applying the local move m from the
// pose.
func (f Frame) Compose(m Pose) Pose {
	return Pose{Pos: f.ToTable(m.Pos), Heading: f.Heading + m.Heading}
}
