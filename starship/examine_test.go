package starship

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

// Movement; Special cases: Illegal moves: Resolve is Examine (the check
// and the correction) then Move, and a Judge's Outcome is Resolve for
// every legal plan and nothing for any other, on every plan a player can
// name, for ships in many states under both rule sets.
func TestExamineMoveIsResolve(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	legal, illegal := 0, 0
	for _, rs := range []Rules{{Set: Quick, Options: QuickStartOptions}, {Set: Complete, Options: Options}} {
		for _, id := range []string{"viper-mk2", "cylon-raider"} {
			c := class(t, id)
			for n := 0; n < 2; n++ {
				s := State{Class: id, Pose: physics.Pose{Pos: physics.V(rng.Float64()*900, rng.Float64()*900), Heading: physics.Deg(rng.Float64() * 360)},
					Rotation: rng.IntN(12) - 5, KE: rng.IntN(8) - 1, Speed: maneuvers.Speeds[rng.IntN(5)], Level: 1 + rng.IntN(4),
					Fuel: rng.IntN(3), Pilot: Average, Damage: Damage{Engine: rng.IntN(3), Control: rng.IntN(2), Hull: rng.IntN(3)}}
				if rs.Set == Quick {
					s.Rotation = 0
				}
				j := NewJudge(rs, comp, c, s)
				for _, p := range everyPlan(c, s) {
					if p.Speed == maneuvers.FTL {
						continue
					}
					want, err := Resolve(rs, comp, c, s, p, nil)
					e, eerr := Examine(rs, c, s, p)
					require.Equal(t, err != nil, eerr != nil)
					if err != nil {
						continue
					}
					if e.Executed.Speed == maneuvers.FTL {
						continue
					}
					got, err := e.Move(rs, comp, c, s, nil)
					require.NoError(t, err)
					require.Equal(t, want, got, "%s %+v", id, p)
					o, ok := j.Outcome(p, nil)
					require.Equal(t, want.Legal, ok, "%s %+v", id, p)
					if ok {
						legal++
						require.Equal(t, want, o, "%s %+v", id, p)
					} else {
						illegal++
					}
				}
			}
		}
	}
	require.Greater(t, legal, 200)
	require.Greater(t, illegal, 200)
}
