package maneuvers

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

const depth = 45

func poseNear(t *testing.T, want, got physics.Pose, msg string) {
	t.Helper()
	assert.InDelta(t, want.Pos.X, got.Pos.X, 1e-9, "%s: x", msg)
	assert.InDelta(t, want.Pos.Y, got.Pos.Y, 1e-9, "%s: y", msg)
	d := physics.NormalizeDegrees(want.Heading.Degrees() - got.Heading.Degrees())
	assert.True(t, d < 1e-9 || d > 360-1e-9, "%s: heading %v vs %v", msg, want.Heading.Degrees(), got.Heading.Degrees())
}

func TestArcEnd(t *testing.T) {
	// A quarter turn left of path length πr/2 ends r ahead and r to the left.
	r := 40 / (math.Pi / 2)
	end := Arc(40, physics.Deg(90)).End()
	poseNear(t, physics.Pose{Pos: physics.V(r, r), Heading: physics.Deg(90)}, end, "hard turn")
	right := Arc(40, physics.Deg(-90)).End()
	poseNear(t, physics.Pose{Pos: physics.V(r, -r), Heading: physics.Deg(-90)}, right, "to the right")
	tiny := Arc(40, physics.Deg(1e-9)).End()
	assert.InDelta(t, 40, tiny.Pos.X, 1e-9, "a nearly straight arc")
}

func TestPathAtAndPoints(t *testing.T) {
	p := Path{{Length: 20}, {Length: 30, Turn: physics.Deg(60)}}
	poseNear(t, p.End(), p.At(p.Length()), "At(length) is the head")
	poseNear(t, physics.Pose{Pos: physics.V(10, 0)}, p.At(10), "along the straight piece")
	pts := p.Points(2)
	assert.Equal(t, physics.Vec{}, pts[0])
	assert.InDelta(t, 0, pts[len(pts)-1].Dist(p.End().Pos), 1e-9)
	for i := 1; i < len(pts); i++ {
		assert.LessOrEqual(t, pts[i].Dist(pts[i-1]), 20.0+1e-9)
	}
	assert.Equal(t, 50.0, p.Length())
	assert.InDelta(t, 60, p.Turn().Degrees(), 1e-12)
}

func TestSlide(t *testing.T) {
	for _, tt := range []struct{ l, side float64 }{{40, 20}, {70, 25}, {70, -25}} {
		p, err := Slide(tt.l, tt.side)
		require.NoError(t, err)
		end := p.End()
		assert.InDelta(t, tt.side, end.Pos.Y, 1e-9, "sideways offset")
		assert.InDelta(t, 0, end.Heading.Radians(), 1e-12, "heading kept")
		assert.InDelta(t, tt.l, p.Length(), 1e-12)
		require.Len(t, p, 2)
		assert.Equal(t, p[0].Length, p[1].Length, "two arcs of equal length")
		assert.Equal(t, p[0].Turn, -p[1].Turn, "opposite turns")
	}
	_, err := Slide(40, 35)
	assert.Error(t, err, "too far sideways for two arcs")
}

func TestStraightArrowMovesTheStandItsLengthPlusOneBase(t *testing.T) {
	for _, l := range []float64{30, 40, 70, 100} {
		start := physics.Pose{Pos: physics.V(200, 150), Heading: physics.Deg(90)}
		pl := PlaceForward(start, depth, Straight(l))
		assert.InDelta(t, l+depth, pl.To.Pos.Dist(start.Pos), 1e-9)
		assert.InDelta(t, 90, pl.To.Heading.Degrees(), 1e-12)
		// Front flat's midpoint on the arrow's start; rear flat's on the head.
		front := physics.FlatMidpoint(physics.Hexagon(start, depth), physics.FrontFlat)
		rear := physics.FlatMidpoint(physics.Hexagon(pl.To, depth), physics.RearFlat)
		assert.InDelta(t, 0, front.Dist(pl.ArrowStart.Pos), 1e-9)
		assert.InDelta(t, 0, rear.Dist(pl.ArrowEnd.Pos), 1e-9)
	}
}

func TestBackwardMovement(t *testing.T) {
	start := physics.Pose{Pos: physics.V(200, 150), Heading: physics.Deg(90)}
	pl := PlaceBackward(start, depth, Straight(30))
	poseNear(t, physics.Pose{Pos: physics.V(200, 120), Heading: physics.Deg(90)}, pl.To, "30 mm back, still facing up")
	rear := physics.FlatMidpoint(physics.Hexagon(start, depth), physics.RearFlat)
	assert.InDelta(t, 0, rear.Dist(pl.ArrowStart.Pos), 1e-9, "the arrow starts at the rear flat")
	newRear := physics.FlatMidpoint(physics.Hexagon(pl.To, depth), physics.RearFlat)
	assert.InDelta(t, 0, newRear.Dist(pl.ArrowEnd.Pos), 1e-9, "the rear flat moved to the arrowhead")
}

func TestLeftAndRightAreMirrorImages(t *testing.T) {
	start := physics.Pose{Pos: physics.V(0, 0), Heading: 0}
	for _, p := range []Path{Arc(40, physics.Deg(30)), Arc(70, physics.Deg(60)), Arc(40, physics.Deg(120))} {
		l := PlaceForward(start, depth, p).To
		r := PlaceForward(start, depth, p.Mirror()).To
		assert.InDelta(t, l.Pos.X, r.Pos.X, 1e-9)
		assert.InDelta(t, l.Pos.Y, -r.Pos.Y, 1e-9)
		assert.InDelta(t, l.Heading.Degrees(), -r.Heading.Degrees(), 1e-9)
	}
}

func TestOverboostChaining(t *testing.T) {
	// The second card's arrow starts at the overboost line's red end.
	start := physics.Pose{Pos: physics.V(100, 100), Heading: physics.Deg(45)}
	line := Straight(50)
	first := PlaceForward(start, depth, line)
	second := PlaceFrom(first.ArrowEnd, depth, Arc(40, physics.Deg(30)))
	// Complete Rules: step 1 puts the rear flat on the red end.
	rear := physics.FlatMidpoint(physics.Hexagon(first.To, depth), physics.RearFlat)
	assert.InDelta(t, 0, rear.Dist(second.ArrowStart.Pos), 1e-9)
	// Quick Start: both cards laid at once, the ship moved once.
	once := PlaceForward(start, depth, append(append(Path{}, line...), Arc(40, physics.Deg(30))...))
	poseNear(t, once.To, second.To, "Quick Start and Complete end at the same pose")
}

func TestPlacementCommutesWithRigidMotion(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	slide, _ := Slide(70, 25)
	for _, p := range []Path{Straight(70), Arc(40, physics.Deg(90)), slide} {
		for i := 0; i < 20; i++ {
			angle := physics.Deg(rng.Float64() * 360)
			shift := physics.V(rng.Float64()*900, rng.Float64()*900)
			move := physics.Pose{Pos: shift, Heading: angle}
			start := physics.Pose{Pos: physics.V(rng.Float64()*100, rng.Float64()*100), Heading: physics.Deg(rng.Float64() * 360)}
			a := move.Compose(PlaceForward(start, depth, p).To)
			b := PlaceForward(move.Compose(start), depth, p).To
			poseNear(t, a, b, "forward")
			a = move.Compose(PlaceBackward(start, depth, p).To)
			b = PlaceBackward(move.Compose(start), depth, p).To
			poseNear(t, a, b, "backward")
		}
	}
}

func TestStandPath(t *testing.T) {
	start := physics.Pose{Pos: physics.V(0, 0), Heading: 0}
	pl := PlaceForward(start, depth, Arc(40, physics.Deg(90)))
	pts := pl.StandPath(5)
	assert.Equal(t, start.Pos, pts[0])
	assert.InDelta(t, 0, pts[len(pts)-1].Dist(pl.To.Pos), 1e-9)
	back := PlaceBackward(start, depth, Straight(30))
	bp := back.StandPath(5)
	assert.InDelta(t, 0, bp[0].Dist(start.Pos), 1e-9)
	assert.InDelta(t, 0, bp[len(bp)-1].Dist(back.To.Pos), 1e-9)
}

func TestFootprint(t *testing.T) {
	start := physics.Pose{Pos: physics.V(0, 0), Heading: physics.Deg(90)}
	f := Footprint(start, 70, 110)
	require.NoError(t, f.Validate())
	assert.InDelta(t, 70*110, f.Area(), 1e-9)
	b := f.Bounds()
	assert.InDelta(t, -35, b.Lo.X, 1e-9)
	assert.InDelta(t, 110, b.Hi.Y, 1e-9, "the card extends up its arrow")
}

func TestFTLArrival(t *testing.T) {
	marker := physics.Pose{Pos: physics.V(600, 600), Heading: 0}
	// Front side, 3 cm ahead: the rear flat flush with the marker's front
	// flat, then 30 mm on.
	got := FTLArrival(marker, 45, physics.FrontFlat, depth, 30)
	poseNear(t, physics.Pose{Pos: physics.V(600+22.5+22.5+30, 600)}, got, "front")
	rear := physics.FlatMidpoint(physics.Hexagon(FTLArrival(marker, 45, physics.RearFlat, depth, 0), depth), physics.RearFlat)
	markerRear := physics.FlatMidpoint(physics.Hexagon(marker, 45), physics.RearFlat)
	assert.InDelta(t, 0, rear.Dist(markerRear), 1e-9, "flush against the marker's rear side")
}

func TestChainedStandPathDoesNotDoubleBack(t *testing.T) {
	start := physics.Pose{Pos: physics.V(200, 150), Heading: physics.Deg(90)}
	first := PlaceForward(start, depth, Straight(50))
	second := PlaceFrom(first.ArrowEnd, depth, Straight(40))
	assert.Equal(t, first.To, second.From, "the second card starts where the first left the base")
	pts := append(first.StandPath(5), second.StandPath(5)...)
	for i := 1; i < len(pts); i++ {
		assert.GreaterOrEqual(t, pts[i].Y, pts[i-1].Y, "the stand only moves forward: %v", pts)
	}
}
