package referee

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

// bruteRule is the ruling the slow, obvious way: every ship and planetoid
// is tried as a blocker of every shot, every field for cover, every ship
// for the tailing line, overlaps are found pair by pair. The referee's
// fast paths (broad phase, wedge reject, bounding boxes, tailing's cheap
// conditions first) must give exactly this.
func bruteRule(r *Referee, a, t int) Ruling {
	tab := r.table
	ships := tab.Ships
	n := len(ships)
	sa, st := ships[a], ships[t]
	apex := sa.Pose.Pos
	overlap := func(i, j int) bool { return physics.ConvexInteriorsIntersect(r.bases[i], r.bases[j]) }
	var shapes []physics.Blocker
	var blockers []int
	for k := 0; k < n+len(r.planetIdx); k++ {
		if k < n {
			if k == a || k == t || overlap(a, k) || overlap(t, k) || !r.counts(ships[k].Level, sa.Level, st.Level) {
				continue
			}
			shapes = append(shapes, r.bases[k])
		} else {
			o := tab.Obstacles[r.planetIdx[k-n]]
			if !r.counts(o.Level, sa.Level, st.Level) {
				continue
			}
			shapes = append(shapes, o.Circle)
		}
		blockers = append(blockers, k)
	}
	res := Ruling{
		Attacker: a, Target: t, AttackerID: sa.ID, TargetID: st.ID,
		Overlap:         overlap(a, t),
		LevelDifference: r.levelDifference(sa.Level, st.Level),
		InArc:           r.arcs[a].MeetsInterior(r.bases[t]),
	}
	if res.InArc && res.LevelDifference < 2 {
		region := r.arcs[a].Clip(r.bases[t])
		nearest, _ := physics.NearestVisiblePoint(apex, region, nil)
		res.NearestInArc = nearest
		for i, k := range blockers {
			if shapes[i].SegmentCrossesInterior(physics.Seg(apex, nearest)) {
				res.BlockedBy = append(res.BlockedBy, r.blockerID(k))
			}
		}
		if w, ok := physics.NearestVisiblePoint(apex, region, shapes); ok {
			r.measure(&res, w)
		}
	}
	for _, oi := range r.fieldIdx {
		o := tab.Obstacles[oi]
		if !r.counts(o.Level, sa.Level, st.Level) {
			continue
		}
		if res.Measured && o.Polygon.SegmentCrossesInterior(res.Witness) || o.Polygon.Contains(st.Pose.Pos) {
			res.Cover = append(res.Cover, o.ID)
			res.CoverModifier = min(res.CoverModifier, o.Density.CoverModifier())
		}
	}
	from, to := apex, st.Pose.Pos
	l := tab.Limits
	c := TailCheck{LevelsAllow: res.LevelDifference < 2, InArc: r.arcs[a].Contains(to), Clear: true}
	for i, k := range blockers {
		if k < n && shapes[i].SegmentCrossesInterior(physics.Seg(from, to)) {
			c.Clear = false
		}
	}
	f, g, entered := physics.EntryFlat(r.bases[t], to, from)
	c.Entry = [2]physics.Flat{f, g}
	c.RearEntry = entered && (f.IsRear() || g.IsRear())
	c.Distance = physics.LevelDistance(from.Dist(to), res.LevelDifference, l.LevelHeight)
	c.Margin = math.Abs(c.Distance - l.TailingDistance)
	res.Tail = c
	res.Tailing = c.LevelsAllow && c.InArc && c.Clear && c.RearEntry && c.Distance < l.TailingDistance
	switch {
	case res.Overlap:
		res.Reason = Overlap
	case res.LevelDifference >= 2:
		res.Reason = Level
	case !res.InArc:
		res.Reason = OutOfArc
	case !res.Measured:
		res.Reason = Blocked
	case res.Band == Out:
		res.Reason = OutOfRange
	}
	res.CanFire = res.Reason == CanFire
	if res.Measured {
		res.RangeModifier = res.Band.Modifier()
	}
	return res
}

// bruteTable is a crowded random table: ships at any angle or snapped to
// a lattice and to 30° headings (touching bases, grazing rulers), on one
// level or four, with planetoids and non-convex asteroid fields.
func bruteTable(rng *rand.Rand, ships int, side float64, snap, threeD bool) Table {
	t := Table{Width: side, Depth: side, Limits: limits, ThreeD: threeD}
	coord := func() float64 {
		if snap {
			return 5 * math.Round(rng.Float64()*side/5)
		}
		return rng.Float64() * side
	}
	level := func() int {
		if threeD {
			return 1 + rng.IntN(4)
		}
		return 1
	}
	for i := 0; i < ships; i++ {
		heading := rng.Float64() * 360
		if snap {
			heading = 30 * float64(rng.IntN(12))
		}
		s := ship(fmt.Sprintf("s%d", i), coord(), coord(), heading, rng.IntN(12)-5)
		s.Level = level()
		if rng.IntN(3) == 0 {
			s.AcrossFlats = 70
		}
		t.Ships = append(t.Ships, s)
	}
	for i := 0; i < ships/8+1; i++ {
		p := planetoid(fmt.Sprintf("p%d", i), coord(), coord(), 5+5*math.Round(rng.Float64()*6))
		p.Level = level()
		t.Obstacles = append(t.Obstacles, p)
	}
	for i := 0; i < ships/10+1; i++ {
		x, y := coord(), coord()
		f := field(fmt.Sprintf("f%d", i), Dense, x, y, x+60, y+5, x+30, y+20, x+50, y+50, x+5, y+40)
		f.Level = level()
		t.Obstacles = append(t.Obstacles, f)
	}
	return t
}

// TestFastRulingsEqualBruteForce: on random crowded tables, large (the
// broad phase a grid) and small (one cell), every ruling of RuleAll and of
// Rule equals the brute-force ruling, field for field.
// Tailing's entry flats and clearance are compared where TailCheck says
// they are found.
func TestFastRulingsEqualBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	pairs, gridded := 0, 0
	for trial := 0; trial < 36; trial++ {
		n := 12 + rng.IntN(30)
		if trial >= 24 { // small tables: the broad phase is one cell
			n = 2 + rng.IntN(smallTable-3)
		}
		tab := bruteTable(rng, n, 150+rng.Float64()*450, trial%2 == 0, trial%3 == 0)
		ref := New(tab)
		if ref.grid.cols*ref.grid.rows > 1 {
			gridded++
		}
		if trial >= 24 {
			require.Equal(t, 1, ref.grid.cols*ref.grid.rows, "trial %d", trial)
		}
		all := ref.RuleAll()
		k := 0
		for a := range tab.Ships {
			for b := range tab.Ships {
				if a == b {
					continue
				}
				want := bruteRule(ref, a, b)
				got := all[k]
				k++
				one := ref.Rule(a, b)
				// The conditions found only when the cheaper ones hold
				// (TailCheck).
				c := want.Tail
				if !(c.LevelsAllow && c.InArc && c.Distance < limits.TailingDistance) {
					want.Tail.Entry, want.Tail.RearEntry = [2]physics.Flat{}, false
				}
				if !(c.LevelsAllow && c.InArc && c.RearEntry && c.Distance < limits.TailingDistance) {
					want.Tail.Clear = false
				}
				require.Equal(t, want, got, "trial %d: %s at %s (RuleAll)", trial, want.AttackerID, want.TargetID)
				require.Equal(t, want, one, "trial %d: %s at %s (Rule)", trial, want.AttackerID, want.TargetID)
				pairs++
			}
		}
		require.Equal(t, k, len(all))
	}
	require.Greater(t, gridded, 12)
	t.Logf("%d pairs", pairs)
}

// TestRulingsStreamInOrderAcrossBatches: on a table big enough for several
// batches, Rulings yields every pair in file order, each equal to Rule,
// and stops cleanly when the caller stops.
func TestRulingsStreamInOrderAcrossBatches(t *testing.T) {
	tab := bruteTable(rand.New(rand.NewPCG(56, 78)), 130, 900, false, false)
	ref := New(tab)
	n := len(tab.Ships)
	require.Greater(t, n*(n-1), 2*batchPairs, "several batches")
	k := 0
	for ru := range ref.Rulings() {
		a, b := k/(n-1), k%(n-1)
		if b >= a {
			b++
		}
		require.Equal(t, ref.Rule(a, b), ru, "pair %d", k)
		k++
	}
	require.Equal(t, n*(n-1), k)
	seen := 0
	for range ref.Rulings() {
		if seen++; seen == batchPairs+5 {
			break
		}
	}
	require.Equal(t, batchPairs+5, seen)
}
