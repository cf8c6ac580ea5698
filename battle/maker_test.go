package battle_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// Battles a Maker starts, sharing its classes, play exactly as battles
// New starts (the same journal, events and state hash, random and greedy
// players, every built-in scenario under its own rules and under the
// Complete Rules with every option), and leave the classes as they were
// made: equal to ClassFor's afterwards.
func TestMakerBattlesLeaveTheClassesAsMade(t *testing.T) {
	m := battle.NewMaker(comp)
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Greedy{}}
	games := 0
	for _, name := range scenarios.Names() {
		s, ok := scenarios.Builtin(name)
		require.True(t, ok)
		for _, rules := range []starship.Rules{s.Rules, allRules} {
			s.Rules = rules
			for seed := uint64(1); seed <= 1; seed++ {
				var saved [2][]byte
				for k, start := range []func() (*battle.Battle, error){
					func() (*battle.Battle, error) { return battle.New(s, comp, seed) },
					func() (*battle.Battle, error) { return m.New(s, seed) },
				} {
					bt, err := start()
					require.NoError(t, err)
					require.NoError(t, policy.Play(bt, comp, players, seed))
					saved[k], err = bt.Save()
					require.NoError(t, err)
				}
				require.Equal(t, string(saved[0]), string(saved[1]), "%s seed %d", name, seed)
				games++
			}
		}
	}
	require.NotEmpty(t, m.MadeClasses())
	for id, c := range m.MadeClasses() {
		fresh, err := starship.ClassFor(comp, id)
		require.NoError(t, err)
		require.Equal(t, fresh, c, id)
	}
	_, err := m.New(battle.Setup{Rules: quick, Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{spec("x", "no-such-class", battle.Colonial, 100, 100, 0, 0)}}, 1)
	require.Error(t, err)
}
