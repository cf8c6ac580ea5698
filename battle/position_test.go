package battle_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// Position is State without its events, after every command of a random
// battle of every built-in scenario, and a copy: changing it changes
// nothing of the battle.
func TestPositionIsTheStateWithoutItsEvents(t *testing.T) {
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Random{}}
	checked := 0
	for _, name := range scenarios.Names() {
		s, ok := scenarios.Builtin(name)
		require.True(t, ok)
		bt, err := battle.New(s, comp, 7)
		require.NoError(t, err)
		err = policy.PlayObserved(bt, comp, players, 7, func(battle.Command) {
			want := bt.State()
			require.NotEmpty(t, want.Events)
			want.Events = nil
			got := bt.Position()
			require.Equal(t, want, got, "%s", name)
			if len(got.Ships) > 0 {
				got.Ships[0].ID = "changed"
				require.NotEqual(t, "changed", bt.Position().Ships[0].ID)
			}
			checked++
		})
		require.NoError(t, err)
	}
	require.Greater(t, checked, 50)
}
