// Package maneuvers is the maneuver cards as vector paths: arrows made of
// straight pieces and circular arcs, the decks built from the component
// data, and the placement rules that move a base along an arrow (Quick
// Start: Forward movement, Backward movement, Overboost; Complete Rules:
// Overboost, Changing direction; Faster-than-light movement).
package maneuvers

import (
	"fmt"
	"math"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/physics"
)

// Piece is one part of an arrow: a straight piece (Turn 0) or a circular
// arc of the given path length that turns the heading by Turn
// (counter-clockwise positive, so a left turn is positive).
type Piece struct {
	Length float64
	Turn   s1.Angle
}

// Path is an arrow in its own frame: it starts at the origin heading along
// +x (forward; +y is left) and is followed piece by piece. Paths are exact
// curves; Points only samples them for drawing.
type Path []Piece

// Straight returns a straight arrow of length l.
func Straight(l float64) Path { return Path{{Length: l}} }

// Arc returns a turning arrow: one arc of path length l, tangent to the
// card's up direction at its start, turning the heading by turn.
func Arc(l float64, turn s1.Angle) Path { return Path{{Length: l, Turn: turn}} }

// maxSlideRatio is the largest sideways/length ratio two equal arcs can
// reach: the maximum of (1 − cos φ)/φ.
const maxSlideRatio = 0.7246

// Slide returns a slide: two arcs of equal length and opposite turn that
// end with the heading unchanged, the head sideways of the start by
// sideways (positive left), the whole path l long.
func Slide(l, sideways float64) (Path, error) {
	ratio := math.Abs(sideways) / l
	if !(l > 0) || !(ratio < maxSlideRatio) {
		return nil, fmt.Errorf("slide of length %g cannot reach %g sideways; allowed: less than %.3g × the length", l, sideways, maxSlideRatio)
	}
	if sideways == 0 {
		return Straight(l), nil
	}
	// Lateral offset of the two arcs: l·(1 − cos φ)/φ; it increases with φ
	// on (0, 2.33), so bisection finds φ.
	lo, hi := 0.0, 2.33
	for i := 0; i < 200 && hi-lo > 1e-15; i++ {
		mid := (lo + hi) / 2
		if (1-math.Cos(mid))/mid < ratio {
			lo = mid
		} else {
			hi = mid
		}
	}
	phi := s1.Angle((lo + hi) / 2)
	if sideways < 0 {
		phi = -phi
	}
	return Path{{Length: l / 2, Turn: phi}, {Length: l / 2, Turn: -phi}}, nil
}

// Length returns the path length.
func (p Path) Length() float64 {
	var l float64
	for _, pc := range p {
		l += pc.Length
	}
	return l
}

// Turn returns the heading change from start to head.
func (p Path) Turn() s1.Angle {
	var t s1.Angle
	for _, pc := range p {
		t += pc.Turn
	}
	return t
}

// pieceEnd returns where a piece ends, in its own frame, in closed form.
func pieceEnd(pc Piece) physics.Pose {
	th := pc.Turn.Radians()
	if th == 0 {
		return physics.Pose{Pos: physics.V(pc.Length, 0)}
	}
	// x = L·sin θ / θ, y = L·(1 − cos θ)/θ = L·2 sin²(θ/2)/θ.
	h := math.Sin(th / 2)
	return physics.Pose{
		Pos:     physics.V(pc.Length*math.Sin(th)/th, pc.Length*2*h*h/th),
		Heading: pc.Turn,
	}
}

// End returns the arrowhead's pose relative to the arrow's start.
func (p Path) End() physics.Pose {
	var at physics.Pose
	for _, pc := range p {
		at = at.Compose(pieceEnd(pc))
	}
	return at
}

// At returns the pose at path length s from the start (clamped to the
// path).
func (p Path) At(s float64) physics.Pose {
	var at physics.Pose
	for _, pc := range p {
		if s <= pc.Length {
			part := Piece{Length: s, Turn: 0}
			if pc.Length > 0 {
				part.Turn = pc.Turn * s1.Angle(s/pc.Length)
			}
			return at.Compose(pieceEnd(part))
		}
		s -= pc.Length
		at = at.Compose(pieceEnd(pc))
	}
	return at
}

// Points returns points along the path for drawing, at most step apart
// along arcs (straight pieces give their ends only), in the path's frame.
func (p Path) Points(step float64) []physics.Vec {
	poses := p.pointsWithHeading(step)
	pts := make([]physics.Vec, len(poses))
	for i, at := range poses {
		pts[i] = at.Pos
	}
	return pts
}

// Mirror returns the path reflected left to right (a right card from a
// left one).
func (p Path) Mirror() Path {
	m := make(Path, len(p))
	for i, pc := range p {
		m[i] = Piece{Length: pc.Length, Turn: -pc.Turn}
	}
	return m
}
