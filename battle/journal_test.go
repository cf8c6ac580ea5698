package battle_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
)

func TestSameSeedSameBattle(t *testing.T) {
	for seed := uint64(0); seed < 5; seed++ {
		a := played(t, allRules, seed, "greedy", "random")
		b := played(t, allRules, seed, "greedy", "random")
		assert.Equal(t, a.Hash(), b.Hash())
		assert.Equal(t, a.Journal(), b.Journal())
	}
	assert.NotEqual(t, played(t, allRules, 1, "greedy", "greedy").Hash(), played(t, allRules, 2, "greedy", "greedy").Hash())
}

func TestReplayReproducesTheBattle(t *testing.T) {
	for seed := uint64(0); seed < 10; seed++ {
		orig := played(t, allRules, seed, "random", "greedy")
		data, err := orig.Save()
		require.NoError(t, err)
		loaded, err := battle.Load(data, comp)
		require.NoError(t, err)
		assert.Equal(t, orig.Hash(), loaded.Hash(), "seed %d", seed)
		assert.Equal(t, orig.State(), loaded.State())
		assert.Equal(t, orig.Result(), loaded.Result())
	}
}

func TestTamperedJournalIsRefused(t *testing.T) {
	orig := played(t, quick, 4, "greedy", "greedy")
	data, err := orig.Save()
	require.NoError(t, err)
	var saved battle.Saved
	require.NoError(t, json.Unmarshal(data, &saved))
	for i := range saved.Journal {
		if len(saved.Journal[i].Draws) > 0 && saved.Journal[i].Draws[0].What == "d6" {
			saved.Journal[i].Draws[0].Value = 7 - saved.Journal[i].Draws[0].Value
			break
		}
	}
	bad, _ := json.Marshal(saved)
	_, err = battle.Load(bad, comp)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "the journal says")
}

func TestCompanionModeAsksForDice(t *testing.T) {
	s := setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 402.5, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 300, 90, 0))
	b := newCompanion(t, s)
	planAll(t, b, nil)
	do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, nil)
	before := b.Hash()
	_, err := b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon, Shots: []battle.Shot{{Shooter: "raider", Target: "viper"}}})
	require.Error(t, err)
	assert.True(t, battle.IsNeedInput(err), "%v", err)
	assert.Contains(t, err.Error(), "roll a die")
	assert.Equal(t, before, b.Hash(), "a command waiting for dice changes nothing")
	_, err = b.Apply(battle.Command{Type: battle.CmdSupply, Side: battle.Colonial, Values: []int{6, 6}})
	require.NoError(t, err)
	_, err = b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon, Shots: []battle.Shot{{Shooter: "raider", Target: "viper"}}})
	require.True(t, battle.IsNeedInput(err), "now a counter: %v", err)
	assert.Contains(t, err.Error(), "draw a counter")
	_, err = b.Apply(battle.Command{Type: battle.CmdSupply, Side: battle.Colonial, Drawn: []string{"5"}})
	require.NoError(t, err)
	do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon, Shots: []battle.Shot{{Shooter: "raider", Target: "viper"}}}, nil)
	assert.Equal(t, 5, ship(b, "viper").Damage())
	// The companion journal replays, supplies included.
	data, err := b.Save()
	require.NoError(t, err)
	again, err := battle.Load(data, comp)
	require.NoError(t, err)
	assert.Equal(t, b.Hash(), again.Hash())
	_, err = b.Apply(battle.Command{Type: battle.CmdSupply, Side: battle.Colonial, Drawn: []string{"9+ warp"}})
	assert.NoError(t, err, "checked when drawn, not when supplied")
}

// A journal is the record of every die and counter: a saved game whose
// entry lacks a draw the replay makes, or holds one the replay does not
// make, is refused, naming the entry's draw where the two part.
func TestTamperedJournalDrawCountIsRefused(t *testing.T) {
	orig := played(t, quick, 4, "greedy", "greedy")
	data, err := orig.Save()
	require.NoError(t, err)
	var saved battle.Saved
	require.NoError(t, json.Unmarshal(data, &saved))
	at := -1
	for i := range saved.Journal {
		if len(saved.Journal[i].Draws) > 0 {
			at = i
			break
		}
	}
	require.GreaterOrEqual(t, at, 0, "a game of greedy players draws")
	n := len(saved.Journal[at].Draws)
	for name, c := range map[string]struct {
		draws []battle.Draw
		field string
		want  string
	}{
		"a draw missing": {saved.Journal[at].Draws[:n-1], fmt.Sprintf("journal[%d].draws[%d]", at, n-1), "the journal has no more draws"},
		"a draw too many": {append(slices.Clone(saved.Journal[at].Draws), saved.Journal[at].Draws[n-1]),
			fmt.Sprintf("journal[%d].draws[%d]", at, n), "the replay drew no more"},
	} {
		t.Run(name, func(t *testing.T) {
			bad := saved
			bad.Journal = slices.Clone(saved.Journal)
			bad.Journal[at].Draws = c.draws
			data, err := json.Marshal(bad)
			require.NoError(t, err)
			_, err = battle.Load(data, comp)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			assert.Contains(t, problemFields(err), c.field, "%v", err)
		})
	}
}
