package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestPreplanning: the player of a severely wounded pilot fixes next
// turn's cards on the planning screen (hot-seat: after a cover screen).
func TestPreplanning(t *testing.T) {
	a := newTestApp(t)
	b := battletest.SeverelyWounded(t, a.Comp)
	g := GameFrom(a, b)
	a.Show(g)
	require.Equal(t, "cover", g.Stage())
	enter(a)
	require.Equal(t, "plan", g.Stage())
	assert.Equal(t, battle.Cylon, g.Side())
	assert.True(t, g.preplan)
	assert.Equal(t, "raider", g.sel)
	send(a, kit.Type("c")...) // the next maneuver card
	card := g.draft(g.battle().View(battle.Cylon), "raider").Cards[0]
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
	b := battletest.SeverelyWounded(t, a.Comp)
	g := GameFrom(a, b)
	a.Show(g)
	assert.NotEqual(t, battle.Preplanning, b.Phase())
	assert.False(t, g.preplan)
	raider, _ := own(b.View(battle.Cylon), "raider")
	assert.NotEmpty(t, raider.NextCards)
}
