package battle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// Faster-than-light movement: a jumping ship "cannot attack during the
// first firing step of the turn". Played out on The Jump Point (a Raider
// entering by FTL on turn 2; the Raptor and, with the easy player, the
// Raiders jumping), the games of `bsg sim -scenario jump-point -games 10
// -seed 11` and more: in the first firing step of the turn a ship arrives
// by FTL (entering play or jumping), it has no target, and no declaration
// names it as a shooter; in the second it may fire.
func TestFasterThanLightMovement_NoAttackInTheFirstFiringStepOfTheArrival(t *testing.T) {
	setup, ok := scenarios.Builtin("jump-point")
	require.True(t, ok)
	games := []struct {
		policy string
		n      uint64
	}{{"greedy", 10}, {"random", 10}, {"easy", 4}}
	if testing.Short() {
		games = games[:1]
	}
	arrivals, firstSteps := 0, 0
	for _, g := range games {
		for i := uint64(1); i <= g.n; i++ {
			seed := 11*1000003 + i // bsg sim's seed for game i of -seed 11
			b, err := battle.New(setup, comp, seed)
			require.NoError(t, err)
			p, err := policy.ByName(g.policy)
			require.NoError(t, err)
			arrived := map[string]int{} // ship → turn it arrived by FTL
			step, turn, phase := 0, 0, battle.Phase("")
			err = policy.PlayObserved(b, comp, map[battle.Side]policy.Policy{battle.Colonial: p, battle.Cylon: p}, seed, func(cmd battle.Command) {
				if cmd.Type == battle.CmdDeclare && step == 1 && phase == battle.Declaring {
					for _, sh := range cmd.Shots {
						assert.NotEqual(t, turn, arrived[sh.Shooter], "%s game %d turn %d: %s arrived by FTL and fires in the first firing step", g.policy, i, turn, sh.Shooter)
					}
				}
				st := b.State()
				for _, s := range st.Ships {
					entered := s.EntersByFTL && s.OnTable && max(s.Enters, 1) == st.Turn
					if entered || s.Outcome != nil && s.Outcome.Jumped {
						if arrived[s.ID] != st.Turn {
							arrivals++
						}
						arrived[s.ID] = st.Turn
					}
				}
				step, turn, phase = st.Step, st.Turn, st.Phase
				if phase != battle.Declaring || step != 1 {
					return
				}
				firstSteps++
				for id, at := range arrived {
					if at == turn {
						assert.Empty(t, b.Targets(id), "%s game %d turn %d: %s arrived by FTL and has targets in the first firing step", g.policy, i, turn, id)
					}
				}
			})
			require.NoError(t, err)
		}
	}
	assert.GreaterOrEqual(t, arrivals, 10, "ships arrived by FTL")
	assert.Greater(t, firstSteps, 10, "first firing steps seen")
}

// Faster-than-light movement, the issue's own steps: `bsg sim -scenario
// jump-point -games 10 -seed 11 -save DIR`, then replay each file. Every
// game is saved and loaded again (Load replays its journal), and the
// replayed events are read: a ship that entered play by FTL or jumped
// (EvFTLEntry, EvFTLRoll) in a turn makes no attack (EvAttack) in that
// turn's first firing step, and attacks in later firing steps are seen,
// so the check is not empty.
func TestFasterThanLightMovement_TheIssuesGamesReplayed(t *testing.T) {
	setup, ok := scenarios.Builtin("jump-point")
	require.True(t, ok)
	greedy, err := policy.ByName("greedy")
	require.NoError(t, err)
	arrivals, laterAttacks := 0, 0
	for i := uint64(1); i <= 10; i++ {
		seed := 11*1000003 + i // bsg sim's seed for game i of -seed 11
		b, err := battle.New(setup, comp, seed)
		require.NoError(t, err)
		require.NoError(t, policy.Play(b, comp, map[battle.Side]policy.Policy{battle.Colonial: greedy, battle.Cylon: greedy}, seed))
		data, err := b.Save()
		require.NoError(t, err)
		r, err := battle.Load(data, comp)
		require.NoError(t, err)
		arrived := map[string]int{} // ship → the turn it arrived by FTL
		firing := 0                 // the firing step whose attacks come now
		for _, e := range r.State().Events {
			switch e.Kind {
			case battle.EvFTLEntry, battle.EvFTLRoll:
				arrived[e.Ship] = e.Turn
				arrivals++
			case battle.EvMoveStep, battle.EvTurn:
				firing = 0
			case battle.EvFiringStep:
				firing = e.Step
			case battle.EvAttack:
				if at, ok := arrived[e.Ship]; ok && at == e.Turn {
					require.NotEqual(t, 1, firing, "game %d turn %d: %s arrived by FTL and attacks %s in the first firing step", i, e.Turn, e.Ship, e.Other)
				}
				if _, ok := arrived[e.Ship]; ok {
					laterAttacks++
				}
			}
		}
	}
	assert.GreaterOrEqual(t, arrivals, 10, "every game has an arrival by FTL")
	assert.NotZero(t, laterAttacks, "ships that arrived by FTL attack later")
	t.Logf("%d arrivals, %d attacks by ships that arrived", arrivals, laterAttacks)
}
