package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// The game's briefing says the rules in force and, with the Pilots
// option, every ship's pilot with its talents and flaws by their printed
// names (Pilots; Pilot talents and flaws), from the game's setup: the
// players' choices over the scenario, not the scenario's own.
func TestBriefSaysTheRulesAndThePilotsChosen(t *testing.T) {
	comp := assets.Default()
	sc, err := scenarios.Load("jump-point", comp)
	require.NoError(t, err)
	chosen, err := sc.Choose(battle.Choices{
		Options: &[]starship.Option{starship.OptFTL, starship.OptFuel, starship.OptPilots, starship.OptAiming},
		Ships:   []battle.ShipChoice{{Ship: "escort-1", Pilot: "apollo"}, {Ship: "hunter-1", Pilot: starship.Rookie, Flaws: &[]string{"hesitant"}}},
	}, comp)
	require.NoError(t, err)
	got := briefFor(chosen.Setup(), sc).played(comp)
	require.GreaterOrEqual(t, len(got), 3)
	assert.Equal(t, para{Text: "Rules: Complete Rules with ftl, fuel, pilots, aiming."}, got[0])
	assert.Equal(t, battle.Colonial, got[1].Side)
	assert.Contains(t, got[1].Text, "escort-1 (Apollo)")
	assert.Contains(t, got[1].Text, "raptor (rookie)")
	assert.Equal(t, battle.Cylon, got[2].Side)
	assert.Contains(t, got[2].Text, "hunter-1 (rookie: Hesitant)")

	none, err := sc.Choose(battle.Choices{Options: &[]starship.Option{starship.OptFTL}}, comp)
	require.NoError(t, err)
	got = briefFor(none.Setup(), sc).played(comp)
	assert.Equal(t, "Rules: Complete Rules with ftl.", got[0].Text)
	assert.NotContains(t, paraText(got), "pilots:", "no Pilots option: no pilots to tell")
}
