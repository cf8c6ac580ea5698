package starship

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

// The direct dispatch of the rule checks (context.run, which lets a check
// allocate nothing) calls each rule's own check: on plans of ships in
// many states under many options, every rule gives the same message
// through either, and every rule is broken by some of them.
func TestRunIsTheRulesTable(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	fired := make([]int, len(rules))
	ruleSets := []Rules{quick, complete, {Set: Quick, Options: QuickStartOptions}, {Set: Complete, Options: Options}}
	pilots := []Pilot{Average, Nugget, Rookie}
	for n := 0; n < 24; n++ {
		rs := ruleSets[n%len(ruleSets)]
		id := []string{"viper-mk2", "cylon-raider"}[n%2]
		c := class(t, id)
		s := State{Class: id, Pose: physics.Pose{Pos: physics.V(450, 450)}, Rotation: rng.IntN(12) - 5, KE: rng.IntN(8) - 1,
			Speed: maneuvers.Speeds[rng.IntN(6)], Level: 1 + rng.IntN(4), Fuel: rng.IntN(2), DifficultLastTurn: rng.IntN(2) == 0,
			FTLLastTurn: rng.IntN(3) == 0, FTLJumps: rng.IntN(3), Pilot: pilots[rng.IntN(3)],
			Damage: Damage{Engine: rng.IntN(3), Control: rng.IntN(3), Pilot: rng.IntN(2), Hull: rng.IntN(3)}}
		for k, p := range everyPlan(c, s) {
			if k%5 != n%5 {
				continue
			}
			r, err := read(&c, &s, p)
			if err != nil {
				continue
			}
			for _, quiet := range []bool{false, true} {
				cx := &context{rules: rs, class: c, state: s, r: r, quiet: quiet}
				for i, ru := range rules {
					msg := ru.check(cx)
					require.Equal(t, msg, cx.run(i), "rule %s", ru.id)
					if msg != "" {
						fired[i]++
					}
				}
			}
		}
	}
	for i, ru := range rules {
		require.Positive(t, fired[i], "rule %s never broken", ru.id)
	}
}
