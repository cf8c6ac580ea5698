package maneuvers

import (
	"iter"
	"math"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/physics"
)

// Placement is one card laid on the table and the base moved along its
// arrow.
type Placement struct {
	From       physics.Pose // the stand before the move
	ArrowStart physics.Pose // where the arrow starts, pointing up the card
	ArrowEnd   physics.Pose // the arrowhead
	To         physics.Pose // the stand after the move
	Arrow      Path
	Depth      float64 // the base's size across flats
	Backward   bool
	// Chained: the base already stands with its rear flat on the arrow's
	// start (the second card of an overboost), so it does not slide in.
	Chained bool
}

// PlaceForward moves a base forward along an arrow (Forward movement): the
// front flat's midpoint on the arrow's start, then the rear flat's midpoint
// on the arrowhead, the base turned to the arrowhead's direction.
func PlaceForward(stand physics.Pose, depth float64, arrow Path) Placement {
	start := physics.Pose{Pos: stand.Pos.Add(stand.Forward().Mul(depth / 2)), Heading: stand.Heading}
	pl := PlaceFrom(start, depth, arrow)
	pl.From, pl.Chained = stand, false
	return pl
}

// PlaceFrom moves a base so that its rear flat's midpoint ends on the head
// of an arrow laid from start: the second card of an overboost starts at
// the overboost line's red end (Overboost).
func PlaceFrom(start physics.Pose, depth float64, arrow Path) Placement {
	end := start.Compose(arrow.End())
	return Placement{
		From:       physics.Pose{Pos: start.Pos.Add(start.Forward().Mul(depth / 2)), Heading: start.Heading},
		ArrowStart: start,
		ArrowEnd:   end,
		To:         physics.Pose{Pos: end.Pos.Add(end.Forward().Mul(depth / 2)), Heading: end.Heading},
		Arrow:      arrow,
		Depth:      depth,
		Chained:    true,
	}
}

// PlaceBackward moves a base backward (Backward movement): the card behind
// the base, the arrow starting at the rear flat's midpoint and pointing
// away from the base, then the rear flat's midpoint moved to the
// arrowhead; the base keeps facing against the arrow.
func PlaceBackward(stand physics.Pose, depth float64, arrow Path) Placement {
	back := stand.Heading + s1.Angle(math.Pi)
	start := physics.Pose{Pos: stand.Pos.Sub(stand.Forward().Mul(depth / 2)), Heading: back}
	end := start.Compose(arrow.End())
	heading := end.Heading - s1.Angle(math.Pi)
	to := physics.Pose{Pos: end.Pos.Add(physics.Direction(heading).Mul(depth / 2)), Heading: heading}
	return Placement{From: stand, ArrowStart: start, ArrowEnd: end, To: to, Arrow: arrow, Depth: depth, Backward: true}
}

// StandPath returns points along the stand's path for drawing: the base
// slides forward until its rear flat reaches the arrow's start (unless it
// is chained there already), then its rear flat's midpoint rides the arrow
// to the head. For a backward move the stand rides the arrow half a base
// in from the rear flat.
func (pl Placement) StandPath(step float64) []physics.Vec {
	_, stand := pl.Drawing(step)
	return stand
}

// Drawing returns the card's arrow in table coordinates (the points of
// Arrow.Points(step) placed at ArrowStart) and StandPath(step), sampling
// the arrow once for both.
func (pl Placement) Drawing(step float64) (arrow, stand []physics.Vec) {
	n := pl.Arrow.sampleCount(step)
	return pl.AppendDrawing(step, make([]physics.Vec, 0, n), make([]physics.Vec, 0, n+1))
}

// AppendDrawing is Drawing appending the arrow's points to arrow and the
// stand's path to stand, for callers that collect many cards' drawings.
func (pl Placement) AppendDrawing(step float64, arrow, stand []physics.Vec) ([]physics.Vec, []physics.Vec) {
	if !pl.Backward && !pl.Chained {
		stand = append(stand, pl.From.Pos)
	}
	start := physics.FrameOf(pl.ArrowStart)
	for p := range pl.Arrow.poseSamples(step) {
		at := start.Compose(p)
		arrow = append(arrow, at.Pos)
		dir := at.Forward()
		if pl.Backward {
			dir = dir.Mul(-1)
		}
		stand = append(stand, at.Pos.Add(dir.Mul(pl.Depth/2)))
	}
	return arrow, stand
}

// ArrowSamples returns how many points Drawing gives for the arrow.
func (pl Placement) ArrowSamples(step float64) int { return pl.Arrow.sampleCount(step) }

// pointsWithHeading returns poses along the path for drawing.
func (p Path) pointsWithHeading(step float64) []physics.Pose {
	out := make([]physics.Pose, 0, p.sampleCount(step))
	for at := range p.poseSamples(step) {
		out = append(out, at)
	}
	return out
}

// sampleCount returns how many poses poseSamples yields.
func (p Path) sampleCount(step float64) int {
	count := 1
	for _, pc := range p {
		count += pieceSamples(pc, step)
	}
	return count
}

// poseSamples yields poses along the path for drawing: its start, then
// each piece's samples (pieceSamples), in order.
func (p Path) poseSamples(step float64) iter.Seq[physics.Pose] {
	return func(yield func(physics.Pose) bool) {
		var at physics.Pose
		if !yield(at) {
			return
		}
		for _, pc := range p {
			n := pieceSamples(pc, step)
			fr := physics.FrameOf(at)
			for k := 1; k <= n; k++ {
				f := float64(k) / float64(n)
				if !yield(fr.Compose(pieceEnd(Piece{Length: pc.Length * f, Turn: pc.Turn * s1.Angle(f)}))) {
					return
				}
			}
			at = fr.Compose(pieceEnd(pc))
		}
	}
}

// pieceSamples returns how many points pointsWithHeading draws along a
// piece: its end for a straight piece, at most step apart along an arc.
func pieceSamples(pc Piece, step float64) int {
	if pc.Turn != 0 && step > 0 {
		return max(1, int(math.Ceil(pc.Length/step)))
	}
	return 1
}

// Drift moves the stand straight ahead along its heading by the drift
// ruler's length (Changing direction: the first movement step).
func Drift(stand physics.Pose, length float64) physics.Pose {
	return physics.Pose{Pos: stand.Pos.Add(stand.Forward().Mul(length)), Heading: stand.Heading}
}

// Footprint returns the card's rectangle on the table: width × length,
// its bottom edge's midpoint on the arrow's start, extending up the card
// along the start's heading (for the asteroid rule: two opposite sides of a
// card over the same field).
func Footprint(arrowStart physics.Pose, width, length float64) physics.Polygon {
	w := width / 2
	f := physics.FrameOf(arrowStart)
	return physics.Polygon{
		f.ToTable(physics.V(0, -w)),
		f.ToTable(physics.V(length, -w)),
		f.ToTable(physics.V(length, w)),
		f.ToTable(physics.V(0, w)),
	}
}

// Footprint returns the rectangle of the placement's card.
func (pl Placement) Footprint(width, length float64) physics.Polygon {
	return Footprint(pl.ArrowStart, width, length)
}

// FTLArrival places a base after an FTL jump (Faster-than-light movement):
// its rear flat flush against the given side of the marker (a hexagon the
// size of a base, oriented like one), facing out of that side, then moved
// straight ahead by distance (the 1d6 roll in centimetres, as millimetres).
func FTLArrival(marker physics.Pose, markerAcross float64, side physics.Flat, depth, distance float64) physics.Pose {
	normal := marker.Heading + physics.FlatNormal(side)
	out := physics.Direction(normal)
	mid := marker.Pos.Add(out.Mul(markerAcross / 2))
	return physics.Pose{Pos: mid.Add(out.Mul(depth/2 + distance)), Heading: normal}
}
