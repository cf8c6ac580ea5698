package referee

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

// contactKind is a kind of line-of-sight contact that contactTable builds
// a table around.
type contactKind int

const (
	cornerOnShadowRay    contactKind = iota // a corner of the target on a shadow's edge
	flatAlongShadowRay                      // a flat of the target along a shadow's edge
	flatAlongBlockerFlat                    // a blocker whose flat lies along the sight line, the target's flat beside it
	cornerOnArcEdge                         // the target straddling the arc's edge, a blocker's shadow over the rest
	behindPlanetoid                         // the target at a planetoid's shadow edge
	straddlingBehind                        // a blocker across the arc's edge, the target across it further out
	contactKinds
)

func (k contactKind) String() string {
	return [...]string{"corner on a shadow ray", "flat along a shadow ray", "flat along a blocker's flat", "corner on the arc's edge", "behind a planetoid", "straddling the arc's edge behind a blocker"}[k]
}

// contactTable builds a small table whose target sits at, or a hair or a
// few millimetres either side of, one contact of the line of sight
// (Line of sight; Planetoids): the attacker at the origin facing up, one
// to three blockers in its arc (bases turned so that a flat may lie along
// the sight line, planetoids), the target placed against a boundary of
// the region they hide. Returns the table and the target's index.
func contactTable(rng *rand.Rand, kind contactKind) (Table, int) {
	tab := Table{Limits: limits, Width: 900, Depth: 900}
	tab.Ships = append(tab.Ships, ship("a", 0, 0, 90, 0))
	// The first blocker, somewhere in the arc.
	bearing := 90 + (rng.Float64()*2-1)*22
	if kind == straddlingBehind { // on an edge of the arc
		bearing = 90 + 30*float64(2*rng.IntN(2)-1) + (rng.Float64()*2-1)*4
	}
	dist := 70 + rng.Float64()*90
	at := physics.Direction(physics.Deg(bearing)).Mul(dist)
	var first physics.Blocker
	if kind == behindPlanetoid || kind == straddlingBehind && rng.IntN(3) == 0 {
		p := planetoid("rock", at.X, at.Y, 10+rng.Float64()*30)
		tab.Obstacles = append(tab.Obstacles, p)
		first = p.Circle
	} else {
		// Turned so that a flat lies along the line from the attacker
		// (flatAlongBlockerFlat), or at any angle.
		heading := rng.Float64() * 360
		if kind == flatAlongBlockerFlat || rng.IntN(2) == 0 {
			heading = bearing + 90 + 60*float64(rng.IntN(6))
		}
		b := ship("b", at.X, at.Y, heading, 0)
		tab.Ships = append(tab.Ships, b)
		first = b.Base()
	}
	// More blockers nearby.
	for i := range rng.IntN(3) {
		q := at.Add(physics.Direction(physics.Deg(rng.Float64() * 360)).Mul(40 + rng.Float64()*60))
		if rng.IntN(2) == 0 {
			tab.Obstacles = append(tab.Obstacles, planetoid(fmt.Sprintf("p%d", i), q.X, q.Y, 8+rng.Float64()*20))
		} else {
			tab.Ships = append(tab.Ships, ship(fmt.Sprintf("c%d", i), q.X, q.Y, 30*float64(rng.IntN(12)), 0))
		}
	}
	// The boundary line the target is put against: a shadow's edge from
	// its silhouette point, or the arc's edge.
	sr, sl, _ := physics.Silhouette(first, physics.V(0, 0))
	from, side := sr, physics.Vec{}
	if rng.IntN(2) == 0 {
		from = sl
	}
	u := from.Unit()
	if kind == cornerOnArcEdge || kind == straddlingBehind {
		edge := 60.0
		if bearing > 90 {
			edge = 120
		}
		u = physics.Direction(physics.Deg(edge))
		from = u.Mul(dist)
	}
	side = u.Perp()
	if rng.IntN(2) == 0 {
		side = side.Mul(-1)
	}
	// The target's flat along the line (its heading square to it), or at
	// any angle (a corner leads).
	heading := rng.Float64() * 360
	if kind == flatAlongShadowRay || kind == flatAlongBlockerFlat {
		heading = u.Angle().Degrees() + 90 + 60*float64(rng.IntN(6))
	}
	target := ship("t", 0, 0, heading, 0)
	base := target.Base() // around the origin
	reach := math.Inf(-1)
	for _, v := range base {
		reach = math.Max(reach, side.Mul(-1).Dot(v))
	}
	offset := [...]float64{0, 0, 1e-3, -1e-3, 0.5, -0.5, 3, -3}[rng.IntN(8)]
	along := from.Norm() + 25 + rng.Float64()*70
	if kind == straddlingBehind { // the edge anywhere across the target
		offset = -rng.Float64() * 50
		along = from.Norm() + 20 + rng.Float64()*40
	}
	stand := u.Mul(along).Add(side.Mul(reach + offset))
	target.Pose.Pos = stand
	tab.Ships = append(tab.Ships, target)
	return tab, len(tab.Ships) - 1
}

// TestLOSMarginIsShortestAtContacts is the brute-force checker on the
// contacts the random tables rarely hit (Line of sight; Planetoids; the
// line-of-sight margin of MEASURE-FORMAT.md step 8): corners of the
// target on a shadow's edge, its flat along a shadow's edge or along a
// blocker's flat parallel to the sight line, the target straddling the
// arc's edge, planetoids. For every table (fixed seed) whose target is in
// arc: a known margin flips the line of sight a hair further (Beyond),
// and no move shorter than the margin less 0.01 mm flips it (tried in 180
// directions in steps of 0.25 mm up to 20 mm, in 72 directions in steps
// of 1 mm beyond); a null margin has no flip within reach in those
// directions. Moves that change which ships the target overlaps are
// left out (the margins hold the blockers fixed).
func TestLOSMarginIsShortestAtContacts(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 2026))
	tables := 100
	if testing.Short() {
		tables = 25
	}
	const dirs, step, slack = 180, 0.25, 0.01
	checked, known, beyond := [contactKinds]int{}, 0, 0
	for n := range tables {
		kind := contactKind(n % int(contactKinds))
		tab, ti := contactTable(rng, kind)
		ref := New(tab, WithMargins())
		r := ref.Rule(0, ti)
		if !r.InArc || r.Overlap {
			continue
		}
		m := r.Margins.LOS
		if !m.Known && m.Null == BeyondLongRange {
			continue
		}
		overlaps := func(base physics.Polygon) (set []int) {
			for i := range tab.Ships {
				if i != ti && physics.ConvexInteriorsIntersect(base, ref.Base(i)) {
					set = append(set, i)
				}
			}
			return set
		}
		was := overlaps(ref.Base(ti))
		// flips reports whether the move flips the line of sight, and
		// whether it is compared at all (the overlaps unchanged).
		flips := func(d physics.Vec) (flip, compared bool) {
			if !slices.Equal(was, overlaps(ref.Base(ti).Translate(d))) {
				return false, false
			}
			ru := New(moved(tab, ti, d)).Rule(0, ti)
			return ru.InArc && !ru.Overlap && ru.Measured != r.Measured, true
		}
		upTo := MarginReach
		if m.Known {
			known++
			flip, compared := flips(m.Beyond())
			require.True(t, flip || !compared, "table %d (%s): %s margin %.6f move %v: a hair further does not flip", n, kind, verdict(r), m.MM, m.Move)
			upTo = m.MM - slack
		} else {
			beyond++
		}
		// Dense within 20 mm (where the contacts are), coarser beyond.
		for _, g := range [2]struct{ dirs, step, from, to float64 }{{dirs, step, step, min(upTo, 20)}, {72, 1, 20, upTo}} {
			for k := range int(g.dirs) {
				deg := 360 * float64(k) / g.dirs
				dir := physics.Direction(physics.Deg(deg))
				for l := g.from; l < g.to; l += g.step {
					if flip, _ := flips(dir.Mul(l)); flip {
						t.Fatalf("table %d (%s): %s margin %+v, but %.2f mm at %.0f° flips it", n, kind, verdict(r), m, l, deg)
					}
				}
			}
		}
		checked[kind]++
	}
	t.Logf("checked per kind %v: %d margins known, %d null beyond reach", checked, known, beyond)
	for k, c := range checked {
		require.Greater(t, c, tables/int(contactKinds)/3, "kind %s: too few tables in arc", contactKind(k))
	}
}

func verdict(r Ruling) string {
	if r.Measured {
		return "clear"
	}
	return "blocked"
}
