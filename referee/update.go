package referee

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/starshipbattles/bsg/physics"
)

// Update returns the ruling on every ordered pair of r's table, in
// RuleAll's order, given prev: RuleAll's rulings on a table that differs
// from r's only in ship m, which stood as was (pose, base size, level,
// dial or id; the same obstacles, limits and three-dimensional setting).
// Only the pairs that ship m can affect are ruled again: those it is in,
// and those in arc and fewer than two levels apart whose sight it may
// enter where it was or where it is (with margins, any pair fewer than two
// levels apart whose sight widened by the margins' reach it may enter). A ship off that sight can neither
// block the shot (Line of sight) nor the tailing line (Tailing), and
// nothing else in a ruling depends on a third ship. Every other ruling
// is prev's, so the result equals RuleAll's field for field (the tests
// compare them after random moves). When prev does not hold every pair
// of the table, or m is out of range, Update is RuleAll.
func (r *Referee) Update(prev []Ruling, m int, was Ship) []Ruling {
	n := len(r.table.Ships)
	if m < 0 || m >= n || len(prev) != n*max(n-1, 0) {
		return r.RuleAll()
	}
	out := make([]Ruling, len(prev))
	copy(out, prev)
	oldC, oldR := shipDisk(was.Base(), was.Pose.Pos)
	newC, newR := r.disks[m].c, r.disks[m].r
	var redo []int
	for k := range out {
		p := &out[k]
		a, t := p.Attacker, p.Target
		if a == m || t == m {
			redo = append(redo, k)
			continue
		}
		if p.LevelDifference >= 2 || !p.InArc && !r.withMargins {
			continue
		}
		// The sight of (a, t), its tailing line included, lies within the
		// hull of a's stand and t's base, which lies within the capsule of
		// t's disk's radius around the segment from a's stand to t's
		// stand: ship m matters only if its disk meets that capsule.
		sight := physics.Seg(r.disks[a].c, r.disks[t].c)
		reach := r.disks[t].r + updateSlack*(1+sight.A.Dist(sight.B))
		if r.withMargins {
			// The margins search the blockers within a square around the
			// target's base, MarginReach wider on every side, clipped to
			// the arc: within √2 (radius + MarginReach) of its stand.
			reach += 1.5 * (r.disks[t].r + MarginReach)
		}
		if sight.DistanceToPoint(newC) <= reach+newR || sight.DistanceToPoint(oldC) <= reach+oldR {
			redo = append(redo, k)
		}
	}
	r.ruleAt(out, redo)
	return out
}

// updateSlack widens Update's test for ships that may enter a sight
// (relative to its length), far beyond the rounding of the distances.
const updateSlack = 1e-6

// shipDisk returns the disk around a base centred on the stand.
func shipDisk(base physics.Polygon, stand physics.Vec) (physics.Vec, float64) {
	far := 0.0
	for _, v := range base {
		far = max(far, v.Dist(stand))
	}
	return stand, far
}

// ruleAt rules again the pairs out[k] for k in idx, on all cores.
func (r *Referee) ruleAt(out []Ruling, idx []int) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), max(1, len(idx)/32)) {
		wg.Go(func() {
			q := r.queries.Get().(*query)
			defer r.queries.Put(q)
			for i := int(next.Add(1) - 1); i < len(idx); i = int(next.Add(1) - 1) {
				k := idx[i]
				out[k] = r.rule(q, out[k].Attacker, out[k].Target)
			}
		})
	}
	wg.Wait()
}
