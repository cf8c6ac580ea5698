package referee

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

// ruleMargins rules on a → b with margins.
func ruleMargins(t *testing.T, tab Table, a, b int) Ruling {
	t.Helper()
	tab.Limits = limits
	return New(tab, WithMargins()).Rule(a, b)
}

// moved returns the table with ship i moved by d.
func moved(tab Table, i int, d physics.Vec) Table {
	out := tab
	out.Ships = append([]Ship(nil), tab.Ships...)
	out.Ships[i].Pose.Pos = out.Ships[i].Pose.Pos.Add(d)
	return out
}

// verdicts are the four verdicts that margins are about; inArc qualifies
// the line of sight (only in arc does it apply).
type verdicts struct {
	band    Band
	inArc   bool
	visible bool
	tailing bool
}

func verdictsOf(r Ruling) verdicts {
	v := verdicts{inArc: r.InArc, visible: r.Measured, tailing: r.Tailing}
	if r.Measured {
		v.band = r.Band
	}
	return v
}

// TestMarginsLineOfSightFireArc: worked cases by hand (Line of sight): a
// target whose flat lies along the arc's edge from outside is out of arc
// by 0 mm, moved one base width further it is out by the base width, and
// a target inside has the depth convex geometry gives.
func TestMarginsLineOfSightFireArc(t *testing.T) {
	// The attacker faces up; the right edge of its arc points at 60°. A
	// target turned so that a flat is parallel to that edge, its stand
	// 22.5 + gap mm out from the edge's line.
	edge := physics.Direction(physics.Deg(60))
	out := physics.Direction(physics.Deg(-30)) // the edge's outward normal
	for _, gap := range []float64{0, 45} {
		stand := edge.Mul(150).Add(out.Mul(22.5 + gap))
		tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", stand.X, stand.Y, -30, 0)}}
		r := ruleMargins(t, tab, 0, 1)
		m := r.Margins.Arc
		require.True(t, m.Known)
		assert.InDelta(t, gap, m.MM, 1e-9, "gap %g", gap)
		if gap == 0 {
			continue // on the edge: in arc or not is the rounding of the corners
		}
		require.False(t, r.InArc, "gap %g", gap)
		assert.InDelta(t, -out.X, m.Dir.X, 1e-6)
		assert.InDelta(t, -out.Y, m.Dir.Y, 1e-6)
		x := moved(tab, 1, m.Beyond())
		x.Limits = limits
		assert.True(t, New(x).Rule(0, 1).InArc, "gap %g: the move a hair further brings it in arc", gap)
		assert.False(t, r.Margins.LOS.Known, "out of arc: no line-of-sight margin")
		assert.False(t, r.Margins.Range.Known, "out of arc: no range")
	}
	// In arc, on the axis 150 mm out, a flat square to the axis: the base
	// leaves the arc quickest across an edge, square to it: the stand's
	// distance to the edge's line (150 sin 30°) plus the base's extent
	// along that normal (a flat's distance from the stand, 22.5 mm).
	tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 150, 90, 0)}}
	r := ruleMargins(t, tab, 0, 1)
	require.True(t, r.InArc)
	n := physics.Direction(physics.Deg(-30))
	base := Ship{Pose: physics.Pose{Pos: physics.V(0, 150), Heading: physics.Deg(90)}, AcrossFlats: 45}.Base()
	want := math.Inf(-1)
	for _, v := range base {
		want = math.Max(want, -n.Dot(v)) // how far the base reaches inside the edge's line
	}
	assert.InDelta(t, want, r.Margins.Arc.MM, 1e-9)
	assert.InDelta(t, 150*math.Sin(math.Pi/6)+22.5, want, 1e-9)
}

// TestMarginsLineOfSightPlanetoids: a target whose right corner lies on
// the edge of a planetoid's shadow (Planetoids: the line that grazes the
// planetoid is clear) has a line-of-sight margin of 0; moved 2 mm further
// into the shadow it is blocked, 2·cos α from a clear line, α the
// shadow's half angle.
func TestMarginsLineOfSightPlanetoids(t *testing.T) {
	alpha := math.Asin(30.0 / 100)
	r0 := 45 / math.Sqrt(3) // the corner on the heading's right, for heading 90°
	for _, shift := range []float64{0, 2} {
		x := 250*math.Tan(alpha) - r0 - shift
		tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", x, 250, 90, 0)}, Obstacles: []Obstacle{planetoid("rock", 0, 100, 30)}}
		r := ruleMargins(t, tab, 0, 1)
		require.True(t, r.InArc)
		m := r.Margins.LOS
		require.True(t, m.Known, "shift %g", shift)
		assert.Equal(t, "rock", m.By)
		assert.InDelta(t, shift*math.Cos(alpha), m.MM, 1e-6, "shift %g", shift)
		if shift > 0 {
			assert.False(t, r.Measured, "blocked")
			assert.InDelta(t, math.Cos(alpha), m.Dir.X, 1e-6)
		}
		x2 := moved(tab, 1, m.Beyond())
		x2.Limits = limits
		after := New(x2).Rule(0, 1)
		assert.True(t, after.InArc)
		assert.NotEqual(t, r.Measured, after.Measured, "shift %g: a hair further flips the line of sight", shift)
	}
}

// TestMarginsTailing: a Viper 100 mm straight behind a Raider tails it
// (Tailing); the margin is the nearest of the ★ mark 50 mm further, the
// arc's edges 50 mm to either side and the line across the Raider's
// stand — the nearest is the mark.
func TestMarginsTailing(t *testing.T) {
	tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 100, 90, 0)}}
	r := ruleMargins(t, tab, 0, 1)
	require.True(t, r.Tailing)
	m := r.Margins.Tailing
	require.True(t, m.Known)
	assert.InDelta(t, 50, m.MM, 1e-9)
	x2 := moved(tab, 1, m.Beyond())
	x2.Limits = limits
	assert.False(t, New(x2).Rule(0, 1).Tailing)
	// 10 mm beyond the mark: 10 mm from tailing.
	tab = Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 160, 90, 0)}}
	r = ruleMargins(t, tab, 0, 1)
	require.False(t, r.Tailing)
	assert.InDelta(t, 10, r.Margins.Tailing.MM, 1e-6)
}

// TestMarginsFlipAndAreShortest is the brute-force checker (Line of
// sight; Determining range; Tailing): on random crowded tables, for every
// pair and every known margin, moving the target a hair further than the
// move flips the verdict, and no move in 36 directions, in steps of
// 0.5 mm up to 15 mm, shorter than the margin (less 0.01 mm) flips it (moves that
// change which ships the target overlaps are left out: the margins hold
// the blockers fixed).
func TestMarginsFlipAndAreShortest(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 8))
	checked, flips, rangeFlips := 0, 0, 0
	for trial := 0; trial < 10; trial++ {
		tab := bruteTable(rng, 8+rng.IntN(8), 250+rng.Float64()*150, trial%2 == 1, false)
		ref := New(tab, WithMargins())
		for _, r := range ref.RuleAll() {
			if rng.IntN(3) != 0 {
				continue
			}
			base := verdictsOf(r)
			kinds := []struct {
				name string
				m    Margin
				flip func(v verdicts) bool
			}{
				{"arc", r.Margins.Arc, func(v verdicts) bool { return v.inArc != base.inArc }},
				{"los", r.Margins.LOS, func(v verdicts) bool { return v.inArc && v.visible != base.visible }},
				{"tailing", r.Margins.Tailing, func(v verdicts) bool { return v.tailing != base.tailing }},
			}
			// A move that changes which ships the target overlaps changes
			// which ships count as blockers: margins hold all else fixed, so
			// such moves are not compared.
			overlaps := func(base physics.Polygon) (set []int) {
				for i := range tab.Ships {
					if i != r.Target && physics.ConvexInteriorsIntersect(base, ref.Base(i)) {
						set = append(set, i)
					}
				}
				return set
			}
			was := overlaps(ref.Base(r.Target))
			at := func(d physics.Vec) (verdicts, bool) {
				x := moved(tab, r.Target, d)
				ru := New(x).Rule(r.Attacker, r.Target)
				return verdictsOf(ru), ru.Overlap || !slices.Equal(was, overlaps(ref.Base(r.Target).Translate(d)))
			}
			// The range's margin is the band distance along the witness
			// (MEASURE-FORMAT.md step 8): a hair further flips the band
			// where nothing could block within reach and the move keeps
			// the base in arc; a blocker or the arc's edge can change the
			// range faster, which the other margins say.
			if m := r.Margins.Range; m.Known && !r.Margins.LOS.Known && r.Margins.Arc.MM > m.MM+1 {
				v, overlap := at(m.Beyond())
				if !overlap {
					assert.NotEqual(t, base.band, v.band, "%s→%s range margin %.4f move %v: a hair further keeps the band", r.AttackerID, r.TargetID, m.MM, m.Move)
					rangeFlips++
				}
			}
			for _, k := range kinds {
				if !k.m.Known {
					continue
				}
				require.False(t, math.IsNaN(k.m.MM))
				v, overlap := at(k.m.Beyond())
				if !overlap {
					assert.True(t, k.flip(v), "%s→%s %s margin %.4f move %v: a hair further does not flip", r.AttackerID, r.TargetID, k.name, k.m.MM, k.m.Move)
					flips++
				}
				if k.m.MM > 15 {
					continue
				}
				for dir := 0; dir < 36; dir++ {
					u := physics.Direction(physics.Deg(10 * float64(dir)))
					for l := 0.5; l < k.m.MM-0.01; l += 0.5 {
						if v, overlap := at(u.Mul(l)); !overlap && k.flip(v) {
							t.Errorf("%s→%s %s margin %.4f, but %.1f mm at %d° flips it", r.AttackerID, r.TargetID, k.name, k.m.MM, l, 10*dir)
							break
						}
					}
				}
				checked++
			}
		}
	}
	t.Logf("%d margins checked against brute force, %d flips, %d range flips", checked, flips, rangeFlips)
	require.Greater(t, checked, 25)
	require.Greater(t, flips, 100)
}

// TestMarginsOfEqualsWithMargins: a referee made without margins gives
// the very margins of one made WithMargins, on demand (Line of sight).
func TestMarginsOfEqualsWithMargins(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tab := bruteTable(rng, 20, 300, false, false)
	plain, with := New(tab), New(tab, WithMargins())
	for _, ru := range plain.RuleAll() {
		assert.Equal(t, with.Rule(ru.Attacker, ru.Target).Margins, plain.MarginsOf(ru))
	}
}

// TestMarginsHostileTables: huge and tiny coordinates, bases stacked on
// one stand, touching and grazing: every known margin is finite, ≥ 0,
// with a unit direction, and no ruling takes the search out of bounds
// (Line of sight; Tailing).
func TestMarginsHostileTables(t *testing.T) {
	rng := rand.New(rand.NewPCG(77, 1))
	var tables []Table
	for _, scale := range []float64{1e-6, 1, 1e6, 1e12} {
		for _, shift := range []float64{0, 1e9, -1e15} {
			tab := bruteTable(rng, 10, 300, true, false)
			for i := range tab.Ships {
				s := &tab.Ships[i]
				s.Pose.Pos = s.Pose.Pos.Mul(scale).Add(physics.V(shift, shift))
				s.AcrossFlats *= scale
			}
			for i := range tab.Obstacles {
				o := &tab.Obstacles[i]
				o.Circle.C = o.Circle.C.Mul(scale).Add(physics.V(shift, shift))
				o.Circle.R *= scale
				for k := range o.Polygon {
					o.Polygon[k] = o.Polygon[k].Mul(scale).Add(physics.V(shift, shift))
				}
			}
			tables = append(tables, tab)
		}
	}
	// Stacked, touching and in a row.
	tables = append(tables, Table{Limits: limits, Ships: []Ship{ship("a", 0, 0, 90, 0), ship("b", 0, 0, 90, 0), ship("c", 0, 45, 90, 0), ship("d", 0, 90, 90, 0), ship("e", 45*math.Sqrt(3)/2, 67.5, 30, 0)},
		Obstacles: []Obstacle{planetoid("p", 0, 135, 22.5)}})
	for i, tab := range tables {
		for _, r := range New(tab, WithMargins()).RuleAll() {
			for name, m := range map[string]Margin{"range": r.Margins.Range, "arc": r.Margins.Arc, "los": r.Margins.LOS, "tailing": r.Margins.Tailing} {
				if !m.Known {
					continue
				}
				ok := !math.IsNaN(m.MM) && !math.IsInf(m.MM, 0) && m.MM >= 0 && m.Move.IsFinite() && math.Abs(m.Dir.Norm()-1) < 1e-9
				require.True(t, ok, "table %d %s→%s %s margin %+v", i, r.AttackerID, r.TargetID, name, m)
			}
		}
	}
}
