package policy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

var comp = assets.Default()

func play(t *testing.T, rules starship.Rules, seed uint64, col, cyl Policy) *battle.Battle {
	t.Helper()
	s, _ := scenarios.Builtin(scenarios.Default)
	s.Rules = rules
	b, err := battle.New(s, comp, seed)
	require.NoError(t, err)
	require.NoError(t, Play(b, comp, map[battle.Side]Policy{battle.Colonial: col, battle.Cylon: cyl}, seed))
	return b
}

func TestByName(t *testing.T) {
	for _, n := range Names {
		p, err := ByName(n)
		require.NoError(t, err)
		assert.Equal(t, n, p.Name())
	}
	_, err := ByName("clever")
	assert.ErrorContains(t, err, "allowed: random, greedy")
}

// TestPoliciesPlanLegally: almost every plan a policy commits is legal (a
// fallback may not be, when nothing is).
func TestPoliciesPlanLegally(t *testing.T) {
	for _, rules := range []starship.Rules{{Set: starship.Quick}, {Set: starship.Complete, Options: starship.Options}} {
		illegal, total := 0, 0
		for seed := uint64(0); seed < 10; seed++ {
			b := play(t, rules, seed, Random{}, Greedy{})
			for _, e := range b.State().Events {
				switch e.Kind {
				case battle.EvRevealed:
					total++
				case battle.EvIllegal:
					illegal++
				}
			}
		}
		assert.Greater(t, total, 50)
		assert.Less(t, float64(illegal), 0.05*float64(total), "%s: %d of %d plans illegal", rules.Set, illegal, total)
	}
}

func TestGreedyBeatsRandom(t *testing.T) {
	wins := 0
	for seed := uint64(0); seed < 20; seed++ {
		if play(t, starship.Rules{Set: starship.Complete}, seed, Greedy{}, Random{}).Result().Winner == battle.Colonial {
			wins++
		}
	}
	assert.GreaterOrEqual(t, wins, 15, "greedy should usually beat random")
}
