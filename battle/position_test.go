package battle_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// Position is State without its events, as saved (the same JSON), after
// every command of a random battle of every built-in scenario.
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
			require.Nil(t, got.Events)
			wantJSON, err := json.Marshal(want)
			require.NoError(t, err)
			gotJSON, err := json.Marshal(got)
			require.NoError(t, err)
			require.JSONEq(t, string(wantJSON), string(gotJSON), "%s", name)
			checked++
		})
		require.NoError(t, err)
	}
	require.Greater(t, checked, 50)
}
