package battle_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// A View refreshed after a plan, a severely wounded pilot's cards or an
// FTL marker (the command's ship alone changes, as long as the phase
// stays) equals a fresh View, for each side and the spectator, after
// every such command of random and greedy battles in every built-in
// scenario under its own rules and under the Complete Rules with every
// option. After every other command, ViewInto into the last View (its
// memory reused) equals a fresh View too.
func TestRefreshIsView(t *testing.T) {
	sides := []battle.Side{battle.Colonial, battle.Cylon, battle.Spectator}
	refreshed := map[battle.CommandType]int{}
	for _, name := range scenarios.Names() {
		s, ok := scenarios.Builtin(name)
		require.True(t, ok)
		for _, rules := range []starship.Rules{s.Rules, allRules} {
			s.Rules = rules
			for seed := uint64(1); seed <= 3; seed++ {
				bt, err := battle.New(s, comp, seed)
				require.NoError(t, err)
				views := map[battle.Side]battle.View{}
				for _, side := range sides {
					views[side] = bt.View(side)
				}
				phase := bt.Phase()
				players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Greedy{}}
				if seed == 2 {
					players[battle.Colonial], players[battle.Cylon] = policy.Greedy{}, policy.Random{}
				}
				err = policy.PlayObserved(bt, comp, players, seed, func(cmd battle.Command) {
					one := (cmd.Type == battle.CmdPlan || cmd.Type == battle.CmdPreplan || cmd.Type == battle.CmdFTL) && bt.Phase() == phase
					for _, side := range sides {
						v := views[side]
						if one {
							bt.Refresh(&v, cmd.Ship)
							require.Equal(t, bt.View(side), v, "%s seed %d: %s after %s %s", name, seed, side, cmd.Type, cmd.Ship)
							refreshed[cmd.Type]++
						} else {
							bt.ViewInto(&v, side)
							require.Equal(t, bt.View(side), v, "%s seed %d: %s after %s (ViewInto)", name, seed, side, cmd.Type)
						}
						views[side] = v
					}
					phase = bt.Phase()
				})
				require.NoError(t, err)
			}
		}
	}
	require.Greater(t, refreshed[battle.CmdPlan], 300)
}

// A View that does not fit the battle (taken of another battle, or
// empty) is rebuilt whole.
func TestRefreshRebuildsAViewThatDoesNotFit(t *testing.T) {
	s, _ := scenarios.Builtin(scenarios.Default)
	bt, err := battle.New(s, comp, 1)
	require.NoError(t, err)
	v := battle.View{Side: battle.Cylon}
	bt.Refresh(&v, s.Ships[0].ID)
	require.Equal(t, bt.View(battle.Cylon), v)
	v.Ships = v.Ships[1:]
	bt.ViewInto(&v, battle.Colonial)
	require.Equal(t, bt.View(battle.Colonial), v)
	v = bt.View(battle.Colonial)
	v.Ships = v.Ships[1:]
	bt.Refresh(&v, "no such ship")
	require.Equal(t, bt.View(battle.Colonial), v)
}

// A View is what a side may know, copied: a screen that edits the plan it
// was shown (a draft built on the committed plan) changes neither the
// battle's plan nor the next View (Planning: a plan stays as committed
// until the reveal).
func TestAViewsPlanIsACopy(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: stop()}, nil)
	hash := b.Hash()
	for _, take := range []func() battle.View{
		func() battle.View { return b.View(battle.Colonial) },
		func() battle.View { var v battle.View; b.ViewInto(&v, battle.Colonial); return v },
	} {
		v := take()
		require.NotNil(t, v.Ships[0].Plan)
		require.Equal(t, []string{"straight"}, v.Ships[0].Plan.Cards)
		v.Ships[0].Plan.Cards[0] = "hard-turn-left"
		require.Equal(t, []string{"straight"}, b.View(battle.Colonial).Ships[0].Plan.Cards, "the battle's plan changed through a View")
		require.Equal(t, hash, b.Hash())
	}
}
