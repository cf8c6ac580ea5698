package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// woundedBattle returns a battle (dice supplied by the test) waiting for
// the Cylon raider's severely wounded pilot to plan next turn's cards.
func woundedBattle(t *testing.T, a *App) *battle.Battle {
	t.Helper()
	spec := func(id, class string, side battle.Side, x, y, heading float64) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
	}
	setup := battle.Setup{Name: "wounds", Rules: starship.Rules{Set: starship.Complete}, Width: 900, Depth: 900, Companion: true,
		Ships: []battle.ShipSpec{spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90), spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270)}}
	b, err := battle.New(setup, a.Comp, 1)
	require.NoError(t, err)
	do := func(cmd battle.Command, dice []int, counters ...string) {
		t.Helper()
		if len(dice)+len(counters) > 0 {
			_, err := b.Apply(battle.Command{Type: battle.CmdSupply, Values: dice, Drawn: counters})
			require.NoError(t, err)
		}
		_, err := b.Apply(cmd)
		require.NoError(t, err, "%+v", cmd)
	}
	do(battle.Command{Type: battle.CmdBegin}, nil)
	for _, wound := range []string{"2 pilot", "3 pilot"} {
		for _, s := range b.State().Ships {
			p := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop, Rotate: s.Ship.Rotation}
			do(battle.Command{Type: battle.CmdPlan, Side: s.Side, Ship: s.ID, Plan: &p}, nil)
		}
		do(battle.Command{Type: battle.CmdReveal}, []int{0})
		do(battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}}, nil)
		do(battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon, Shots: []battle.Shot{{Shooter: "raider", Target: "viper"}}}, []int{5, 1, 1, 1}, wound)
	}
	require.Equal(t, battle.Preplanning, b.Phase())
	return b
}

// TestPreplanning: the player of a severely wounded pilot fixes next
// turn's cards on the planning screen (hot-seat: after a cover screen).
func TestPreplanning(t *testing.T) {
	a := newTestApp(t)
	b := woundedBattle(t, a)
	g := GameFrom(a, b)
	a.Show(g)
	require.Equal(t, "cover", g.Stage())
	enter(a)
	require.Equal(t, "plan", g.Stage())
	assert.Equal(t, battle.Cylon, g.Side())
	assert.True(t, g.preplan)
	assert.Equal(t, "raider", g.sel)
	send(a, Type("c")...) // the next maneuver card
	card := g.draft(g.b.View(battle.Cylon), "raider").Cards[0]
	require.NotEqual(t, "straight", card)
	enter(a)
	assert.NotEqual(t, battle.Preplanning, b.Phase())
	assert.False(t, g.preplan)
	raider, _ := own(b.View(battle.Cylon), "raider")
	assert.Equal(t, []string{card}, raider.NextCards)
}

// TestPreplanningByTheComputer: the computer fixes its wounded pilot's
// cards on its own.
func TestPreplanningByTheComputer(t *testing.T) {
	a := newTestApp(t)
	a.Players[battle.Cylon] = "greedy"
	b := woundedBattle(t, a)
	g := GameFrom(a, b)
	a.Show(g)
	assert.NotEqual(t, battle.Preplanning, b.Phase())
	assert.False(t, g.preplan)
	raider, _ := own(b.View(battle.Cylon), "raider")
	assert.NotEmpty(t, raider.NextCards)
}
