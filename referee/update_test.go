package referee

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

// TestUpdateEqualsRuleAll: after each of many random changes to one ship
// (a drag by a little or across the table, onto another base, a turn, the
// dial, the level, the size of its base, its id), on crowded random
// tables flat and three-dimensional, the rulings Update gives equal a
// full RuleAll of the changed table field for field, and each step starts
// from the last step's Update (as measurement mode does while a ship is
// dragged).
func TestUpdateEqualsRuleAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(91, 17))
	steps, redone, pairs := 0, 0, 0
	for trial := range 12 {
		tab := bruteTable(rng, 10+rng.IntN(40), 200+rng.Float64()*400, trial%2 == 0, trial%3 == 0)
		rulings := New(tab).RuleAll()
		for range 40 {
			m := rng.IntN(len(tab.Ships))
			was := tab.Ships[m]
			s := &tab.Ships[m]
			switch rng.IntN(8) {
			case 0, 1, 2: // a drag step
				s.Pose.Pos = s.Pose.Pos.Add(physics.V(rng.Float64()*20-10, rng.Float64()*20-10))
			case 3: // anywhere
				s.Pose.Pos = physics.V(rng.Float64()*tab.Width, rng.Float64()*tab.Depth)
			case 4: // onto another ship's stand
				s.Pose.Pos = tab.Ships[rng.IntN(len(tab.Ships))].Pose.Pos.Add(physics.V(rng.Float64()*4, 0))
			case 5:
				s.Pose.Heading = physics.Deg(rng.Float64() * 360)
				s.Rotation = rng.IntN(12) - 5
			case 6:
				s.Level = 1 + rng.IntN(4)
				s.AcrossFlats = []float64{40, 70}[rng.IntN(2)]
			case 7:
				s.ID = fmt.Sprintf("moved-%d", steps)
			}
			ref := New(tab)
			got := ref.Update(rulings, m, was)
			want := ref.RuleAll()
			require.Equal(t, len(want), len(got))
			for k := range want {
				if !sameRuling(want[k], rulings[k]) {
					redone++
				}
				require.Equal(t, want[k], got[k], "trial %d step %d: ship %d changed; %s at %s", trial, steps, m, want[k].AttackerID, want[k].TargetID)
			}
			rulings = got
			steps++
			pairs += len(want)
		}
	}
	t.Logf("%d changes, %d pairs compared, %d rulings changed by them (each compared)", steps, pairs, redone)
}

func sameRuling(a, b Ruling) bool { return fmt.Sprint(a) == fmt.Sprint(b) }

// TestUpdateWithoutPrevIsRuleAll: rulings of another table size, or a
// ship out of range, give a full RuleAll.
func TestUpdateWithoutPrevIsRuleAll(t *testing.T) {
	tab := bruteTable(rand.New(rand.NewPCG(3, 4)), 14, 300, false, false)
	ref := New(tab)
	want := ref.RuleAll()
	require.Equal(t, want, ref.Update(nil, 0, tab.Ships[0]))
	require.Equal(t, want, ref.Update(want[:10], 0, tab.Ships[0]))
	require.Equal(t, want, ref.Update(want, -1, Ship{}))
	require.Equal(t, want, ref.Update(want, 14, Ship{}))
}

// TestUpdateWithMarginsEqualsRuleAll: with margins (WithMargins), after
// random drags and turns of one ship, Update's rulings equal RuleAll's
// field for field, margins included: a ship near a sight, within the
// margins' reach, is found again (Line of sight; Tailing).
func TestUpdateWithMarginsEqualsRuleAll(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 19))
	for trial := range 4 {
		tab := bruteTable(rng, 10+rng.IntN(20), 250+rng.Float64()*200, trial%2 == 0, false)
		rulings := New(tab, WithMargins()).RuleAll()
		for step := range 15 {
			m := rng.IntN(len(tab.Ships))
			was := tab.Ships[m]
			s := &tab.Ships[m]
			if rng.IntN(2) == 0 {
				s.Pose.Pos = s.Pose.Pos.Add(physics.V(rng.Float64()*30-15, rng.Float64()*30-15))
			} else {
				s.Pose.Heading = physics.Deg(rng.Float64() * 360)
			}
			ref := New(tab, WithMargins())
			got := ref.Update(rulings, m, was)
			want := ref.RuleAll()
			require.Equal(t, len(want), len(got))
			for k := range want {
				require.Equal(t, want[k], got[k], "trial %d step %d: ship %d changed; %s at %s", trial, step, m, want[k].AttackerID, want[k].TargetID)
			}
			rulings = got
		}
	}
}
