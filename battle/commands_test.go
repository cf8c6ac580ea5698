package battle_test

import (
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/policy"
)

// Every command names its side: a command without one is refused whatever
// it asks, and changes nothing.
func TestCommandWithoutASideIsRefused(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	hash := b.Hash()
	for _, c := range []battle.Command{
		{Type: battle.CmdBegin}, {Type: battle.CmdPlan, Ship: "viper", Plan: stop()}, {Type: battle.CmdUndo, Ship: "viper"},
		{Type: battle.CmdTail, Ship: "viper", Target: "raider"}, {Type: battle.CmdReveal},
		{Type: battle.CmdFTL, Ship: "viper", Marker: &physics.Pose{}}, {Type: battle.CmdDeclare},
		{Type: battle.CmdSupply, Values: []int{1}}, {Type: battle.CmdPreplan, Ship: "viper", Plan: stop()},
		{Type: battle.CmdPlan, Side: "referee", Ship: "viper", Plan: stop()},
	} {
		_, err := b.Apply(c)
		require.Error(t, err, "%+v", c)
		assert.Contains(t, err.Error(), "allowed: colonial, cylon")
	}
	assert.Equal(t, hash, b.Hash(), "nothing changed")
}

// A side commands only its own ships: plan, undo, tail, FTL markers,
// preplanning and shots for a ship of the other side are refused.
func TestCommandForTheOtherSidesShipIsRefused(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "viper", Plan: stop()})
	require.ErrorContains(t, err, "cylon cannot command it")
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: stop()}, nil)
	_, err = b.Apply(battle.Command{Type: battle.CmdUndo, Side: battle.Cylon, Ship: "viper"})
	require.ErrorContains(t, err, "cylon cannot command it")
	_, err = b.Apply(battle.Command{Type: battle.CmdTail, Side: battle.Cylon, Ship: "viper", Target: "raider"})
	require.ErrorContains(t, err, "cylon cannot command it")
	_, err = b.Apply(battle.Command{Type: battle.CmdPreplan, Side: battle.Cylon, Ship: "viper", Plan: stop()})
	require.Error(t, err)
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: stop()}, nil)
	reveal(t, b, []int{0}) // the Colonial declares first
	require.Equal(t, battle.Declaring, b.Phase())
	_, err = b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{at("raider", "viper")}})
	require.ErrorContains(t, err, "colonial cannot command it")
}

// Choosing a target: when one side declares first, the other may not
// declare before it (a side acting out of turn).
func TestSideActingOutOfTurnIsRefused(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	planAll(t, b, nil)
	reveal(t, b, []int{0}) // the Colonial declares first
	_, err := b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon})
	require.ErrorContains(t, err, "colonial declares first")
}

// SecretSeed draws from the operating system: two battles started without
// a seed play different dice.
func TestSecretSeed(t *testing.T) {
	a, err := battle.SecretSeed()
	require.NoError(t, err)
	b, err := battle.SecretSeed()
	require.NoError(t, err)
	assert.NotEqual(t, a, b, "two secret seeds are equal only once in 2^64 draws")
}

// Concurrency: View, Hash, Save, State, Journal and Targets may be called
// from other goroutines while a battle is played (run with -race: `make
// test` does).
func TestConcurrentUseOfABattle(t *testing.T) {
	b, err := battle.New(setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 1),
		spec("raider", "cylon-raider", battle.Cylon, 450, 600, 270, 1)), comp, 11)
	require.NoError(t, err)
	done := make(chan struct{})
	var wg sync.WaitGroup
	for _, side := range battle.Sides {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				select {
				case <-done:
					return
				default:
				}
				v := b.View(side)
				_ = b.Hash()
				_, _ = b.Save()
				_ = b.State()
				_ = b.Journal()
				_ = b.Targets("viper")
				_, _ = b.Escaped("raider")
				_ = b.Phase()
				_ = b.Turn()
				_ = b.Result()
				assert.Equal(t, side, v.Side)
			}
		}()
	}
	greedy, _ := policy.ByName("greedy")
	err = policy.Play(b, comp, map[battle.Side]policy.Policy{battle.Colonial: greedy, battle.Cylon: greedy}, 11)
	close(done)
	wg.Wait()
	require.NoError(t, err)
	require.NotNil(t, b.Result())
}
