package battle_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// What the battle keeps between commands changes nothing it shows: after
// every command of random battles in every built-in scenario, each ship's
// targets (from the referee kept while the table stands, each pair ruled
// once) equal those of a fresh referee, and each side's View shows exactly
// the events it may read (kept and shared between Views).
func TestKeptRefereeAndEventsChangeNothing(t *testing.T) {
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Random{}}
	checked := 0
	for _, name := range scenarios.Names() {
		s, ok := scenarios.Builtin(name)
		require.True(t, ok)
		for seed := uint64(1); seed <= 3; seed++ {
			bt, err := battle.New(s, comp, seed)
			require.NoError(t, err)
			err = policy.PlayObserved(bt, comp, players, seed, func(battle.Command) {
				for _, sh := range s.Ships {
					require.Equal(t, bt.FreshTargets(sh.ID), bt.Targets(sh.ID), "%s seed %d: %s", name, seed, sh.ID)
				}
				events := bt.State().Events
				for _, side := range []battle.Side{battle.Colonial, battle.Cylon, battle.Spectator} {
					require.Equal(t, battle.VisibleEvents(events, side), bt.View(side).Events, "%s seed %d: %s", name, seed, side)
				}
				checked++
			})
			require.NoError(t, err)
		}
	}
	require.Greater(t, checked, 100)
}
