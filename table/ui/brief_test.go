package ui

import (
	"slices"
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

// The scenario's briefing names its pilots ("A Heavy Raider with an
// expert pilot holds station"); when the players chose another pilot in
// the setup (Pilots; battle.Choices), the briefing's words stay the
// scenario's and the paragraph right under them says which ships fly
// with whom instead, with the scenario's pilot: the same whether the
// game's scenario carries the choices (played here) or is known by its
// name (a network game). Without a change there is no such paragraph.
func TestBriefMarksThePilotsChosenOverTheScenariosWords(t *testing.T) {
	comp := assets.Default()
	sc, err := scenarios.Load("anchorage", comp)
	require.NoError(t, err)
	require.Contains(t, sc.Briefing, "an expert pilot", "the briefing names the Heavy Raider's pilot")
	chosen, err := sc.Choose(battle.Choices{Ships: []battle.ShipChoice{{Ship: "heavy-raider", Pilot: starship.Average}}}, comp)
	require.NoError(t, err)
	const note = "Pilots chosen in the setup, over the scenario's as its words above name them: heavy-raider average (the scenario's: expert)."
	for name, br := range map[string]*brief{"played here": briefFor(chosen.Setup(), chosen), "a network game": briefFor(chosen.Setup(), sc)} {
		ps := br.played(comp)
		i := slices.IndexFunc(ps, func(p para) bool { return p.Text == note })
		require.Positive(t, i, "%s: the note: %s", name, paraText(ps))
		assert.Equal(t, br.text, ps[i-1].Text, "%s: right under the scenario's briefing", name)
	}
	assert.NotContains(t, paraText(briefFor(sc.Setup(), sc).played(comp)), "Pilots chosen in the setup", "the scenario as written")
	// without the Pilots option every pilot is average: the words'
	// expert is not played either
	none, err := sc.Choose(battle.Choices{Options: &[]starship.Option{starship.OptTailing}}, comp)
	require.NoError(t, err)
	assert.Contains(t, paraText(briefFor(none.Setup(), none).played(comp)), "heavy-raider average (the scenario's: expert)")
}
