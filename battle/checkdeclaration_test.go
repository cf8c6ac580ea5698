package battle_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// Attack declaration, Fire!: CheckDeclaration refuses exactly what Apply
// refuses of a declaration, with the same words, and changes nothing —
// for every single shot of any ship at any ship, no fire, a shooter twice
// and an unknown ship, by both sides, at every firing step of random
// battles of every built-in scenario.
func TestCheckDeclarationIsApplysRefusal(t *testing.T) {
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Random{}}
	taken, refused := 0, 0
	for _, name := range scenarios.Names() {
		s, ok := scenarios.Builtin(name)
		require.True(t, ok)
		const seed = 11
		bt, err := battle.New(s, comp, seed)
		require.NoError(t, err)
		err = policy.PlayObserved(bt, comp, players, seed, func(battle.Command) {
			if bt.Phase() != battle.Declaring {
				return
			}
			st := bt.State()
			var cands []battle.Command
			for _, side := range battle.Sides {
				cands = append(cands, battle.Command{Type: battle.CmdDeclare, Side: side})
				for _, a := range st.Ships {
					for _, b := range st.Ships {
						cands = append(cands, battle.Command{Type: battle.CmdDeclare, Side: side, Shots: []battle.Shot{{Shooter: a.ID, Target: b.ID}}})
					}
					cands = append(cands, battle.Command{Type: battle.CmdDeclare, Side: side,
						Shots: []battle.Shot{{Shooter: a.ID, Target: st.Ships[0].ID}, {Shooter: a.ID, Target: st.Ships[0].ID}}})
				}
				cands = append(cands, battle.Command{Type: battle.CmdDeclare, Side: side, Shots: []battle.Shot{{Shooter: "nobody", Target: st.Ships[0].ID}}})
			}
			var twin *battle.Battle
			for _, c := range cands {
				if twin == nil {
					twin, err = battle.Replay(s, comp, seed, bt.Journal())
					require.NoError(t, err)
				}
				want := bt.Hash()
				check := bt.CheckDeclaration(c)
				require.Equal(t, want, bt.Hash(), "a check changes nothing")
				_, applied := twin.Apply(c)
				if applied == nil {
					require.NoError(t, check, "%s: %v", name, c)
					taken++
					twin = nil // it declared
					continue
				}
				require.Error(t, check, "%s: %v is refused: %v", name, c, applied)
				require.Equal(t, applied.Error(), check.Error())
				refused++
			}
		})
		require.NoError(t, err)
	}
	require.Greater(t, taken, 20)
	require.Greater(t, refused, 100)
}
