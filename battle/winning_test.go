package battle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// Winning the game (The Hand of God): the game ends only when one side
// has no ship left. The built-in scenario sets no turn limit, so two
// sides that keep out of each other's reach play on past any number of
// turns (here 40, the scenario's old unlabelled limit was 30); a limit is
// the players' choice (TestTurnLimit).
func TestWinningTheGame_HandOfGodEndsOnlyWhenASideHasNoShip(t *testing.T) {
	setup, ok := scenarios.Builtin("hand-of-god")
	require.True(t, ok)
	assert.Zero(t, setup.TurnLimit, "the rulebook sets no turn limit")
	assert.Equal(t, battle.Victory{{Kind: battle.EliminateAll}}, setup.Victory)
	b, err := battle.New(setup, comp, 1)
	require.NoError(t, err)
	for turn := 1; turn <= 40; turn++ {
		require.Equal(t, turn, b.Turn())
		planAll(t, b, nil) // everyone stands still, out of range
		_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
		require.NoError(t, err)
		require.Nil(t, b.Result(), "turn %d: no side has lost a ship; the game goes on", turn)
	}
	assert.Equal(t, 41, b.Turn())
}
