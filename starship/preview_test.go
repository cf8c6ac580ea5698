package starship

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

// Preview (the computer players' shortcut) agrees with Check and Resolve
// on every plan a player can name, for ships in many states, under both
// rule sets with every option: legal exactly when Check finds nothing (an
// FTL jump aside), and then the final step of Resolve, bit for bit.
func TestPreviewIsResolvesFinalStep(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	previews := 0
	for _, rs := range []Rules{{Set: Quick, Options: QuickStartOptions}, {Set: Complete, Options: Options}, complete} {
		for _, id := range []string{"viper-mk2", "cylon-raider"} {
			c := class(t, id)
			for n := 0; n < 5; n++ {
				s := State{Class: id, Pose: physics.Pose{Pos: physics.V(rng.Float64()*900, rng.Float64()*900), Heading: physics.Deg(rng.Float64() * 360)},
					Rotation: rng.IntN(12) - 5, KE: rng.IntN(8) - 1, Speed: maneuvers.Speeds[rng.IntN(5)], Level: 1 + rng.IntN(4),
					Fuel: rng.IntN(3), DifficultLastTurn: rng.IntN(3) == 0, Pilot: Average,
					Damage: Damage{Engine: rng.IntN(3), Control: rng.IntN(3), Pilot: rng.IntN(2), Hull: rng.IntN(3)}}
				if n < 2 { // undamaged and unrotated: most plans are legal
					s.Damage, s.Rotation, s.DifficultLastTurn = Damage{}, 0, false
				}
				if rs.Set == Quick {
					s.Rotation = 0
				}
				for _, p := range everyPlan(c, s) {
					f, ok := Preview(rs, comp, c, s, p)
					vs, err := Check(rs, c, s, p)
					want := err == nil && len(vs) == 0 && p.Speed != maneuvers.FTL
					require.Equal(t, want, ok, "%s %v %+v", id, p, s)
					if !ok {
						continue
					}
					previews++
					o, err := Resolve(rs, comp, c, s, p, nil)
					require.NoError(t, err)
					final := o.Final()
					final.Motions = nil
					require.Equal(t, final, f, "%s %v", id, p)
				}
			}
		}
	}
	require.Greater(t, previews, 2000, "enough legal plans tried")
}

// everyPlan lists plans with every card alone and with each other card,
// at every speed, the dial as it is and a notch either way, and a level
// up or down.
func everyPlan(c Class, s State) []Plan {
	var out []Plan
	for _, m := range c.Deck.Cards {
		combos := [][]string{{m.ID}}
		for _, o := range c.Deck.Cards {
			if !o.IsBlank() || m.IsBlank() {
				combos = append(combos, []string{o.ID, m.ID})
			}
		}
		for _, cards := range combos {
			for _, sp := range maneuvers.Speeds {
				for _, r := range []int{s.Rotation, min(s.Rotation+1, 6), max(s.Rotation-1, -5), 0} {
					out = append(out, Plan{Cards: cards, Speed: sp, Rotate: r})
				}
				out = append(out, Plan{Cards: cards, Speed: sp, Rotate: s.Rotation, Level: 1}, Plan{Cards: cards, Speed: sp, Rotate: s.Rotation, Level: -1})
			}
		}
	}
	return out
}
