package physics

import (
	"math"

	"github.com/golang/geo/s1"
)

// Flat names one side of a hexagonal base, counted counter-clockwise from
// the front flat.
type Flat int

// The six flats of a base, counter-clockwise from the front.
const (
	FrontFlat Flat = iota
	FrontLeftFlat
	RearLeftFlat
	RearFlat
	RearRightFlat
	FrontRightFlat
)

var flatNames = [6]string{"front", "front-left", "rear-left", "rear", "rear-right", "front-right"}

func (f Flat) String() string {
	if f < 0 || int(f) >= len(flatNames) {
		return "flat?"
	}
	return flatNames[f]
}

// IsRear reports whether the flat is the rear flat or one of the two next to
// it (Tailing: "one of its three rear sides").
func (f Flat) IsRear() bool { return f == RearLeftFlat || f == RearFlat || f == RearRightFlat }

// Hexagon returns the regular hexagonal base standing at pose, acrossFlats
// wide between opposite flats, with one flat at the front perpendicular to
// the heading and one at the rear (Quick Start: Forward movement). Vertices
// are counter-clockwise, starting at the front-right corner, so that edge k
// is Flat k.
func Hexagon(pose Pose, acrossFlats float64) Polygon {
	h := HexagonCorners(pose, acrossFlats)
	return Polygon(h[:])
}

// HexagonCorners returns Hexagon's vertices as an array, for callers that
// need the base only for a moment (no allocation).
func HexagonCorners(pose Pose, acrossFlats float64) [6]Vec {
	r := acrossFlats / math.Sqrt(3) // circumradius
	var h [6]Vec
	f := pose.Forward()
	for k := range h {
		h[k] = f.toTable(pose.Pos, hexCorners[k].Mul(r))
	}
	return h
}

// hexCorners are the directions of Hexagon's corners from the stand in the
// base's frame: −30°, 30°, 90°, … (Direction's exact table values).
var hexCorners = func() (c [6]Vec) {
	for k := range c {
		c[k] = Direction(Deg(-30 + 60*float64(k)))
	}
	return c
}()

// FlatMidpoint returns the midpoint of a flat of the hexagon built by
// Hexagon: the front flat's midpoint is where a maneuver arrow starts, the
// rear flat's is placed on the arrowhead (Forward movement).
func FlatMidpoint(hex Polygon, f Flat) Vec { return hex.Edge(int(f)).Midpoint() }

// FlatNormal returns the outward direction of a flat relative to the heading.
func FlatNormal(f Flat) s1.Angle { return Deg(60 * float64(f)) }

// EntryFlat returns the flat through which the segment from point from to
// the base's stand enters a hexagon built by Hexagon. A segment through a
// corner enters both flats at that corner; the second result then names
// the other flat (otherwise it equals the first). A from on the base's
// edge enters through the flat it lies on. ok is false when from lies in
// the base's interior: the segment starts inside the base and enters it
// through no flat (Tailing, when one stand lies over the other's base:
// the measurement format, step 7). Exact.
func EntryFlat(hex Polygon, stand, from Vec) (f, g Flat, ok bool) {
	if hex.InteriorContains(from) {
		return FrontFlat, FrontFlat, false
	}
	for k := 0; k < 6; k++ {
		a, b := hex[k], hex[(k+1)%6]
		// from lies in the closed sector stand→a .. stand→b.
		if CrossSign(stand, a, stand, from) >= 0 && CrossSign(stand, from, stand, b) >= 0 {
			f := Flat(k)
			switch {
			case Orient(stand, a, from) == 0:
				return f, Flat((k + 5) % 6), true
			case Orient(stand, b, from) == 0:
				return f, Flat((k + 1) % 6), true
			}
			return f, f, true
		}
	}
	return FrontFlat, FrontFlat, false // from == stand (inside, caught above)
}
