package maneuvers

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

// Special cases (leaving the playing area "even partially"): a base turned
// 60° in place, its stand 24 mm from the east edge. At rest its front flat
// is 22.5 mm out from the stand and its corners 45/√3 = 25.98 mm; halfway
// through the turn a corner points straight at the edge, 1.98 mm beyond it.
// It first crosses when r·cos φ = 24, φ = acos(24/r) before the corner
// points east: t = (30° − φ)/60°.
func TestSweepAreaSpecialCasesLeavingEvenPartially(t *testing.T) {
	r := 45 / math.Sqrt(3)
	at := physics.Pose{Pos: physics.V(876, 450)}
	turn := TurnMotion(at, at.Pos, physics.Deg(60))
	sw := SweepArea([]Motion{turn}, turn.To(), 45, 900, 900)
	require.True(t, sw.Leaves)
	assert.Equal(t, "east", sw.Edge)
	assert.Equal(t, 0, sw.Motion)
	phi := math.Acos(24/r) * 180 / math.Pi
	assert.InDelta(t, (30-phi)/60, sw.T, 1e-12)
	assert.InDelta(t, 900, sw.Point.X, 1e-9, "the corner is on the edge when it first crosses")
	assert.InDelta(t, -(r - 24), sw.Margin, 1e-9, "at most 1.98 mm beyond")
	assert.Equal(t, "east", sw.MarginEdge)

	// 26 mm from the edge: the corner passes 0.02 mm short of it.
	at.Pos.X = 874
	turn = TurnMotion(at, at.Pos, physics.Deg(60))
	sw = SweepArea([]Motion{turn}, turn.To(), 45, 900, 900)
	assert.False(t, sw.Leaves)
	assert.InDelta(t, 26-r, sw.Margin, 1e-9)

	// The end poses alone are inside: only the sweep finds it.
	for _, p := range []physics.Pose{turn.From, turn.To()} {
		assert.False(t, SweepArea(nil, p, 45, 900, 900).Leaves)
	}
}

// A hard right turn (a quarter circle of 40 mm) begun heading north 78 mm
// below the north edge: at the end the base's top corner is 4.05 mm inside
// (22.5 + R + r above the start, R = 40/(π/2)), but on the way the base's
// front-left corner, turning about the arc's centre, rises to
// 22.5 + hypot(r/2 + R, 45) above the start: 3.69 mm beyond the edge.
func TestSweepAreaHardTurnBulgesOverTheEdge(t *testing.T) {
	r, R := 45/math.Sqrt(3), 40/(math.Pi/2)
	start := physics.Pose{Pos: physics.V(450, 822), Heading: physics.Deg(90)}
	pl := PlaceForward(start, 45, Arc(40, physics.Deg(-90)))
	end := SweepArea(nil, pl.To, 45, 900, 900)
	require.False(t, end.Leaves)
	assert.InDelta(t, 900-(822+22.5+R+r), end.Margin, 1e-9)
	sw := SweepArea(pl.Motions(), pl.To, 45, 900, 900)
	require.True(t, sw.Leaves)
	assert.Equal(t, "north", sw.Edge)
	assert.Equal(t, 1, sw.Motion, "the slide up is clear; the turn crosses")
	assert.InDelta(t, -(822 + 22.5 + math.Hypot(r/2+R, 45) - 900), sw.Margin, 1e-9)
	assert.InDelta(t, 900, sw.Point.Y, 1e-9)
	poseNear(t, pl.To, pl.Motions()[1].To(), "the motions end where the placement does")
}

// The closed form agrees with a fine sampling of random motions.
func TestSweepAreaAgreesWithSampling(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for n := 0; n < 500; n++ {
		from := physics.Pose{Pos: physics.V(50+rng.Float64()*100, 50+rng.Float64()*100), Heading: physics.Deg(rng.Float64() * 360)}
		var m Motion
		if rng.IntN(2) == 0 {
			m = SlideMotion(from, physics.V(rng.Float64()*80-40, rng.Float64()*80-40))
		} else {
			m = TurnMotion(from, from.Pos.Add(physics.V(rng.Float64()*80-40, rng.Float64()*80-40)), physics.Deg(rng.Float64()*400-200))
		}
		sw := SweepArea([]Motion{m}, m.To(), 45, 200, 200)
		worst, first := math.Inf(-1), -1.0
		const steps = 20000
		for k := 0; k <= steps; k++ {
			tt := float64(k) / steps
			for _, v := range physics.Hexagon(m.At(tt), 45) {
				over := max(v.X-200, -v.X, v.Y-200, -v.Y)
				worst = max(worst, over)
				if over > 1e-9 && first < 0 {
					first = tt
				}
			}
		}
		assert.InDelta(t, -worst, sw.Margin, 0.05, "motion %d: margin", n)
		if first >= 0 {
			require.True(t, sw.Leaves, "motion %d", n)
			assert.InDelta(t, first, sw.T, 2.0/steps+1e-6, "motion %d: first crossing", n)
		} else if worst < -1e-6 {
			assert.False(t, sw.Leaves, "motion %d", n)
		}
	}
}

// MayLeave never clears a sweep that leaves (it is SweepArea's shortcut in
// the battle engine), and clears most of those well inside: random
// sequences of slides and turns, many grazing an edge.
func TestMayLeaveIsConservative(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	cleared := 0
	for n := 0; n < 20000; n++ {
		var ms []Motion
		at := physics.Pose{Pos: physics.V(rng.Float64()*300-50, rng.Float64()*300-50), Heading: physics.Deg(rng.Float64() * 360)}
		for range rng.IntN(4) {
			var m Motion
			if rng.IntN(2) == 0 {
				m = SlideMotion(at, physics.V(rng.Float64()*80-40, rng.Float64()*80-40))
			} else {
				m = TurnMotion(at, at.Pos.Add(physics.V(rng.Float64()*80-40, rng.Float64()*80-40)), physics.Deg(rng.Float64()*400-200))
			}
			ms = append(ms, m)
			at = m.To()
		}
		across := 20 + rng.Float64()*60
		sw := SweepArea(ms, at, across, 200, 200)
		may := MayLeave(ms, at, across, 200, 200)
		if sw.Leaves {
			require.True(t, may, "sweep %d leaves", n)
		}
		if !may {
			cleared++
		}
	}
	assert.Greater(t, cleared, 1000, "the shortcut clears sweeps well inside")
	// Cards' arrows: gentle and hard arcs, slides and straights laid from
	// stands all over a 900 mm table, many near its edges.
	cleared = 0
	for n := 0; n < 20000; n++ {
		at := physics.Pose{Pos: physics.V(rng.Float64()*1000-50, rng.Float64()*1000-50), Heading: physics.Deg(rng.Float64() * 360)}
		length := 20 + rng.Float64()*160
		var arrow Path
		switch rng.IntN(3) {
		case 0:
			arrow = Arc(length, physics.Deg(rng.Float64()*360-180))
		case 1:
			arrow, _ = Slide(length, (rng.Float64()-0.5)*length)
		default:
			arrow = Straight(length)
		}
		pl := PlaceForward(at, 45, arrow)
		if rng.IntN(4) == 0 {
			pl = PlaceBackward(at, 45, arrow)
		}
		ms := pl.Motions()
		sw := SweepArea(ms, pl.To, 45, 900, 900)
		may := MayLeave(ms, pl.To, 45, 900, 900)
		if sw.Leaves {
			require.True(t, may, "card %d leaves", n)
		}
		if !may {
			cleared++
		}
	}
	assert.Greater(t, cleared, 5000, "the shortcut clears most cards laid well inside")
	// A base touching an edge does not leave; MayLeave leaves it to SweepArea.
	r := 45 / math.Sqrt(3)
	touch := physics.Pose{Pos: physics.V(200-r, 100), Heading: physics.Deg(30)} // a corner on the east edge
	assert.False(t, SweepArea(nil, touch, 45, 200, 200).Leaves)
	assert.True(t, MayLeave(nil, touch, 45, 200, 200))
	assert.True(t, MayLeave(nil, physics.Pose{Pos: physics.V(math.NaN(), 100)}, 45, 200, 200))
}
