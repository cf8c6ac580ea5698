package battle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// playReseeded plays the default scenario with random policies, reseeding
// the dice before every reveal with seedOf(turn), as a network game does.
func playReseeded(t *testing.T, seed uint64, seedOf func(turn int) uint64) *battle.Battle {
	s, _ := scenarios.Builtin(scenarios.Default)
	b, err := battle.New(s, comp, seed)
	require.NoError(t, err)
	g := policy.NewGame(b, comp, 7)
	for guard := 0; b.Phase() != battle.Over; guard++ {
		require.Less(t, guard, 10000)
		if b.Phase() == battle.Revealing {
			_, err := b.Apply(battle.Command{Type: battle.CmdReseed, Side: battle.Colonial, Seed: seedOf(b.Turn())})
			require.NoError(t, err)
			_, err = b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
			require.NoError(t, err)
			continue
		}
		for _, side := range battle.Sides {
			_, err := g.Act(side, policy.Random{})
			require.NoError(t, err)
		}
	}
	return b
}

// TestReseedIsJournaledAndReplays: a reseed changes the later draws, is
// kept in the journal, and a saved battle with reseeds loads to the same
// state hash.
func TestReseedIsJournaledAndReplays(t *testing.T) {
	a := playReseeded(t, 5, func(turn int) uint64 { return uint64(turn) * 1000003 })
	again := playReseeded(t, 5, func(turn int) uint64 { return uint64(turn) * 1000003 })
	assert.Equal(t, a.Hash(), again.Hash(), "the same seeds play the same battle")
	other := playReseeded(t, 5, func(turn int) uint64 { return uint64(turn)*1000003 + 1 })
	assert.NotEqual(t, a.Hash(), other.Hash(), "other turn seeds draw other dice")

	n := 0
	for _, e := range a.Journal() {
		if e.Command.Type == battle.CmdReseed {
			n++
		}
	}
	assert.Equal(t, a.Turn(), n, "one reseed per turn is journaled")

	data, err := a.Save()
	require.NoError(t, err)
	loaded, err := battle.Load(data, comp)
	require.NoError(t, err)
	assert.Equal(t, a.Hash(), loaded.Hash())
}

// TestReseedNeedsASideAndRefusesCompanionMode: a reseed names a side like
// every command, and a companion battle has no dice of its own.
func TestReseedNeedsASideAndRefusesCompanionMode(t *testing.T) {
	s, _ := scenarios.Builtin(scenarios.Default)
	b, err := battle.New(s, comp, 1)
	require.NoError(t, err)
	before := b.Hash()
	_, err = b.Apply(battle.Command{Type: battle.CmdReseed, Seed: 9})
	require.ErrorContains(t, err, "allowed: colonial, cylon")
	assert.Equal(t, before, b.Hash())

	s.Companion = true
	c, err := battle.New(s, comp, 1)
	require.NoError(t, err)
	battletest.Do(t, c, battle.Command{Type: battle.CmdBegin, Side: battle.Colonial}, nil)
	_, err = c.Apply(battle.Command{Type: battle.CmdReseed, Side: battle.Colonial, Seed: 9})
	require.ErrorContains(t, err, "companion")
}
