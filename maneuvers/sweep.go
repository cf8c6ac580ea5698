package maneuvers

import (
	"math"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/physics"
)

// Motion is one continuous rigid movement of a base during a move: a
// straight slide by Shift (Turn 0), or a turn by Turn about the fixed point
// Centre (a base riding a circular arc with its rear flat tangent to it
// turns about the arc's centre; a base turned in place turns about its
// stand). A move is a sequence of motions; the base sweeps the area between
// (Special cases: a spaceship that moves out of the playing area, even
// partially, is eliminated).
type Motion struct {
	From   physics.Pose // the stand at the start of the motion
	Turn   s1.Angle     // counter-clockwise; 0 for a straight slide
	Shift  physics.Vec  // the slide, when Turn is 0
	Centre physics.Vec  // the fixed point, when Turn is not 0
}

// SlideMotion returns a straight slide of the base at from by shift.
func SlideMotion(from physics.Pose, shift physics.Vec) Motion {
	return Motion{From: from, Shift: shift}
}

// TurnMotion returns a turn of the base at from by turn about centre.
func TurnMotion(from physics.Pose, centre physics.Vec, turn s1.Angle) Motion {
	if turn == 0 {
		return Motion{From: from}
	}
	return Motion{From: from, Turn: turn, Centre: centre}
}

// pieceMotion returns the motion of a base at stand rigidly carried by a
// frame (pivot) that follows the piece.
func pieceMotion(stand, pivot physics.Pose, pc Piece) Motion {
	if pc.Turn == 0 {
		return SlideMotion(stand, pivot.Forward().Mul(pc.Length))
	}
	radius := pc.Length / pc.Turn.Radians() // signed: negative turns right
	return TurnMotion(stand, pivot.Pos.Add(pivot.Forward().Perp().Mul(radius)), pc.Turn)
}

// moveAt returns where the motion carries a table point p after the
// fraction t of it.
func (m Motion) moveAt(p physics.Vec, t float64) physics.Vec {
	if m.Turn == 0 {
		return p.Add(m.Shift.Mul(t))
	}
	return m.Centre.Add(p.Sub(m.Centre).Rotate(m.Turn * s1.Angle(t)))
}

// At returns the stand after the fraction t (0 to 1) of the motion.
func (m Motion) At(t float64) physics.Pose {
	return physics.Pose{Pos: m.moveAt(m.From.Pos, t), Heading: m.From.Heading + m.Turn*s1.Angle(t)}
}

// To returns the stand at the end of the motion.
func (m Motion) To() physics.Pose { return m.At(1) }

// Translate returns the motion moved by d (a push after the move).
func (m Motion) Translate(d physics.Vec) Motion {
	m.From.Pos = m.From.Pos.Add(d)
	if m.Turn != 0 {
		m.Centre = m.Centre.Add(d)
	}
	return m
}

// Motions returns the base's motions during the placement, in order: the
// slide until the rear flat reaches the arrow's start (forward moves not
// chained to an overboost line), then one motion per piece of the arrow
// (Forward movement; Backward movement; Overboost).
func (pl Placement) Motions() []Motion {
	return pl.AppendMotions(make([]Motion, 0, len(pl.Arrow)+1))
}

// AppendMotions is Motions appending to out.
func (pl Placement) AppendMotions(out []Motion) []Motion {
	if !pl.Backward && !pl.Chained {
		out = append(out, SlideMotion(pl.From, pl.From.Forward().Mul(pl.Depth)))
	}
	pivot := pl.ArrowStart
	for _, pc := range pl.Arrow {
		out = append(out, pieceMotion(pl.standFor(pivot), pivot, pc))
		pivot = pivot.Compose(pieceEnd(pc))
	}
	return out
}

// standFor returns the stand of the base whose rear flat's midpoint is at
// the arrow pose pivot.
func (pl Placement) standFor(pivot physics.Pose) physics.Pose {
	if pl.Backward {
		return physics.Pose{Pos: pivot.Pos.Sub(pivot.Forward().Mul(pl.Depth / 2)), Heading: pivot.Heading + s1.Angle(math.Pi)}
	}
	return physics.Pose{Pos: pivot.Pos.Add(pivot.Forward().Mul(pl.Depth / 2)), Heading: pivot.Heading}
}

// AreaSweep is what a base sweeps during a sequence of motions, measured
// against the playing area (Special cases: a spaceship that moves out of
// the playing area, even partially, is eliminated).
type AreaSweep struct {
	// Leaves: some part of the base goes beyond an edge somewhere along
	// the way (touching an edge is not leaving).
	Leaves bool
	// Where the base first crosses an edge, when Leaves: the motion's
	// index, the fraction of that motion done, the stand then, the corner
	// of the base that crosses, and the edge (north: y = depth, east:
	// x = width, south: y = 0, west: x = 0).
	Motion int
	T      float64
	Pose   physics.Pose
	Point  physics.Vec
	Edge   string
	// Margin is how far the sweep stays from flipping, in millimetres: the
	// least distance between the base and an edge along the whole way
	// when it stays in, or minus the most it goes beyond when it leaves.
	Margin float64
	// MarginEdge is the edge the margin is measured to.
	MarginEdge string
}

// areaEdge is one edge of the playing area as a half-plane n·p ≤ c.
type areaEdge struct {
	name string
	n    physics.Vec
	c    float64
}

func areaEdges(width, depth float64) [4]areaEdge {
	return [4]areaEdge{
		{"north", physics.V(0, 1), depth},
		{"east", physics.V(1, 0), width},
		{"south", physics.V(0, -1), 0},
		{"west", physics.V(-1, 0), 0},
	}
}

// SweepArea measures a base acrossFlats wide carried by the motions
// against a playing area width × depth (origin at its lower-left corner).
// The play area is convex, so the base leaves it exactly when one of its
// corners does; each corner moves on a segment or a circular arc, so the
// first crossing and the margin are found in closed form, without
// sampling. With no motions it measures the base at rest at stand.
func SweepArea(motions []Motion, stand physics.Pose, acrossFlats, width, depth float64) AreaSweep {
	if len(motions) == 0 {
		motions = []Motion{SlideMotion(stand, physics.Vec{})}
	}
	edges := areaEdges(width, depth)
	out := AreaSweep{Margin: math.Inf(1)}
	worst := math.Inf(-1) // the most any corner goes beyond an edge
	for i, m := range motions {
		first, edge, point := math.Inf(1), "", physics.Vec{}
		for _, corner := range physics.Hexagon(m.From, acrossFlats) {
			for _, e := range edges {
				if over := m.maxOver(corner, e); over > worst {
					worst, out.MarginEdge = over, e.name
				}
				if t, ok := m.firstCross(corner, e); ok && t < first {
					first, edge, point = t, e.name, m.moveAt(corner, t)
				}
			}
		}
		if !out.Leaves && edge != "" {
			out.Leaves, out.Motion, out.T, out.Pose, out.Point, out.Edge = true, i, first, m.At(first), point, edge
		}
	}
	out.Margin = -worst
	return out
}

// MayLeave is a cheap, conservative SweepArea(...).Leaves: false only
// when the base carried by the motions (at rest at stand when there are
// none) stays inside the playing area, each motion's swept disk bound
// inside the area by a margin far above rounding. It may be true when the
// base stays in; SweepArea then decides.
func MayLeave(motions []Motion, stand physics.Pose, acrossFlats, width, depth float64) bool {
	r := acrossFlats / math.Sqrt(3) // the corners' distance from the stand
	inside := func(c physics.Vec, reach float64) bool {
		m := reach + 1e-6*(1+reach+math.Abs(c.X)+math.Abs(c.Y)) // rounding
		return c.X-m > 0 && c.Y-m > 0 && c.X+m < width && c.Y+m < depth
	}
	if len(motions) == 0 {
		return !inside(stand.Pos, r)
	}
	for _, mo := range motions {
		if mo.Turn == 0 {
			if !inside(mo.From.Pos, r) || !inside(mo.From.Pos.Add(mo.Shift), r) {
				return true
			}
			continue
		}
		radius := mo.From.Pos.Dist(mo.Centre)
		if th := math.Abs(mo.Turn.Radians()); th <= math.Pi {
			// The stand's arc lies within its sagitta of the chord.
			reach := r + radius*(1-math.Cos(th/2))
			if !inside(mo.From.Pos, reach) || !inside(mo.moveAt(mo.From.Pos, 1), reach) {
				return true
			}
			continue
		}
		if !inside(mo.Centre, radius+r) {
			return true
		}
	}
	return false
}

// maxOver returns the most the corner's value n·p − c reaches during the
// motion (positive: beyond the edge).
func (m Motion) maxOver(corner physics.Vec, e areaEdge) float64 {
	a := e.n.Dot(corner) - e.c
	if m.Turn == 0 {
		return max(a, a+e.n.Dot(m.Shift))
	}
	end := e.n.Dot(m.moveAt(corner, 1)) - e.c
	r := corner.Dist(m.Centre)
	psi0 := angleFrom(corner.Sub(m.Centre), e.n)
	best := max(a, end)
	// The value peaks (at r) where the corner points along n from the
	// centre: psi = 0 (mod 2π), if the turn passes it.
	if passesZero(psi0, m.Turn.Radians()) {
		best = max(best, e.n.Dot(m.Centre)-e.c+r)
	}
	return best
}

// firstCross returns the first fraction of the motion after which the
// corner lies beyond the edge, if any.
func (m Motion) firstCross(corner physics.Vec, e areaEdge) (float64, bool) {
	a := e.n.Dot(corner) - e.c
	if a > 0 {
		return 0, true
	}
	if m.Turn == 0 {
		b := e.n.Dot(m.Shift)
		if b > 0 && a+b > 0 {
			return -a / b, true
		}
		return 0, false
	}
	r := corner.Dist(m.Centre)
	k := e.c - e.n.Dot(m.Centre) // beyond when r·cos ψ > k
	if r == 0 || k >= r {
		return 0, false
	}
	half := math.Acos(max(-1, k/r)) // beyond for ψ in (−half, half)
	psi0 := angleFrom(corner.Sub(m.Centre), e.n)
	th := m.Turn.Radians()
	var travel float64 // the angle turned before ψ enters the interval
	if th > 0 {
		if psi0 < 0 {
			travel = -half - psi0
		} else {
			travel = 2*math.Pi - half - psi0
		}
	} else {
		if psi0 > 0 {
			travel = psi0 - half
		} else {
			travel = psi0 + 2*math.Pi - half
		}
	}
	t := travel / math.Abs(th)
	if t < 1 {
		return max(t, 0), true
	}
	return 0, false
}

// angleFrom returns the angle of v measured from the direction n, in
// (−π, π].
func angleFrom(v, n physics.Vec) float64 {
	return math.Atan2(n.Cross(v), n.Dot(v))
}

// passesZero reports whether turning from psi0 (in (−π, π]) by th passes
// an angle 0 modulo 2π.
func passesZero(psi0, th float64) bool {
	if math.Abs(th) >= 2*math.Pi {
		return true
	}
	end := psi0 + th
	lo, hi := min(psi0, end), max(psi0, end)
	for _, z := range []float64{-2 * math.Pi, 0, 2 * math.Pi} {
		if lo <= z && z <= hi {
			return true
		}
	}
	return false
}
