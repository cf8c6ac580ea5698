package scenarios_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

func opts(o ...starship.Option) *[]starship.Option { return &o }
func names(n ...string) *[]string                  { return &n }

func shipOf(sc *scenarios.Scenario, id string) scenarios.Ship {
	for _, sh := range sc.Ships {
		if sh.ID == id {
			return sh
		}
	}
	return scenarios.Ship{}
}

// The players choose the optional rules in force and the ships' pilots,
// talents and flaws over a built-in scenario (Optional rules; Pilots); the
// chosen scenario is the one the engine sets up, the built-in unchanged.
func TestChooseOptionalRulesAndPilots(t *testing.T) {
	comp := components(t)
	sc, err := scenarios.Load("jump-point", comp)
	require.NoError(t, err)
	chosen, err := sc.Choose(battle.Choices{
		Options: opts(starship.OptFTL, starship.OptFuel, starship.OptPilots, starship.OptAiming, starship.OptTailing),
		Ships: []battle.ShipChoice{
			{Ship: "escort-1", Pilot: starship.Ace, Talents: names("marksman", "eagle-eye")},
			{Ship: "escort-2", Pilot: "apollo"},
			{Ship: "hunter-1", Pilot: starship.Rookie, Talents: names(), Flaws: names("hesitant")},
		},
	}, comp)
	require.NoError(t, err)
	assert.Equal(t, "jump-point", chosen.ID)
	assert.True(t, chosen.Has(starship.OptAiming))
	assert.True(t, chosen.Has(starship.OptTailing))
	assert.Equal(t, "Complete Rules with ftl, fuel, pilots, aiming, tailing", chosen.RulesText())
	setup := chosen.Setup()
	assert.True(t, setup.Rules.Has(starship.OptAiming), "the engine's setup has the chosen option")
	for _, s := range setup.Ships {
		switch s.ID {
		case "escort-1":
			assert.Equal(t, starship.Ace, s.Pilot)
			assert.Equal(t, []string{"marksman", "eagle-eye"}, s.Talents)
		case "escort-2":
			assert.Equal(t, starship.Pilot("apollo"), s.Pilot)
		case "hunter-1":
			assert.Equal(t, starship.Rookie, s.Pilot)
			assert.Empty(t, s.Talents)
			assert.Equal(t, []string{"hesitant"}, s.Flaws)
		case "raptor":
			assert.Equal(t, starship.Rookie, s.Pilot, "a ship not chosen keeps the scenario's pilot")
		}
	}
	assert.Equal(t, starship.Pilot(""), shipOf(sc, "escort-1").Pilot, "the built-in is not changed")
	assert.False(t, sc.Has(starship.OptAiming))
	assert.Equal(t, sc.Ships[0].Start, chosen.Ships[0].Start, "the ships stand where the scenario sets them")

	none, err := sc.Choose(battle.Choices{}, comp)
	require.NoError(t, err)
	assert.Equal(t, sc.Setup(), none.Setup(), "no choice: the scenario's own setup")
}

// Choices are refused by the one setup check a scenario file passes, each
// problem naming the field of the choices and the rule's section.
func TestChooseRefusedByTheSetupCheck(t *testing.T) {
	comp := components(t)
	for _, tc := range []struct {
		name, scenario string
		c              battle.Choices
		field, words   string
	}{
		{"Faster-than-light movement: ftl only with the Complete Rules", "jump-point",
			battle.Choices{Rules: starship.Quick}, "options", "Faster-than-light movement"},
		{"Optional rules: aiming not with the Quick Start Rules", "escort",
			battle.Choices{Options: opts(starship.OptAiming)}, "options", "Optional rules"},
		{"unknown option", "escort",
			battle.Choices{Options: opts("warp")}, "options[0]", `"warp" is not allowed`},
		{"unknown rule set", "escort",
			battle.Choices{Rules: "advanced"}, "rules", "advanced"},
		{"Pilots: a pilot without the pilots option", "escort",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "escort-1", Pilot: starship.Ace}}}, "ships[escort-1].pilot", "pilots"},
		{"Pilot cards: a Cylon pilot on a Colonial ship", "jump-point",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "escort-1", Pilot: "scar"}}}, "ships[escort-1].pilot", "(Pilot cards)"},
		{"Pilot cards: one card of a name per game", "jump-point",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "escort-1", Pilot: "apollo"}, {Ship: "escort-2", Pilot: "apollo"}}}, "ships[escort-2].pilot", "(Pilot cards)"},
		{"Pilot talents and flaws: a rookie takes at most two talents", "jump-point",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "escort-1", Pilot: starship.Rookie, Talents: names("marksman", "eagle-eye", "wingman")}}}, "ships[escort-1].talents", "(Pilot talents and flaws)"},
		{"Talent or flaw card: rules required", "jump-point",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "escort-1", Pilot: starship.Ace, Talents: names("asteroid-jockey")}}}, "ships[escort-1].talents[0]", "(Talent or flaw card: rules required)"},
		{"unknown talent", "jump-point",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "escort-1", Talents: names("telepathy")}}}, "ships[escort-1].talents[0]", `unknown talent "telepathy"`},
		{"unknown ship", "jump-point",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "basestar", Pilot: starship.Ace}}}, "ships[0].ship", "unknown ship"},
		{"a ship chosen twice", "jump-point",
			battle.Choices{Ships: []battle.ShipChoice{{Ship: "raptor"}, {Ship: "raptor"}}}, "ships[raptor]", "twice"},
		{"more choices than ships", "hand-of-god",
			battle.Choices{Ships: make([]battle.ShipChoice, 5)}, "ships", "the scenario has 4 ships"},
		{"more options than there are", "escort",
			battle.Choices{Options: opts(make([]starship.Option, 10)...)}, "options", "9 optional rules"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sc, err := scenarios.Load(tc.scenario, comp)
			require.NoError(t, err)
			before := sc.Setup()
			got, err := sc.Choose(tc.c, comp)
			require.Error(t, err)
			assert.Same(t, sc, got, "refused: the scenario as it was")
			assert.Equal(t, before, sc.Setup())
			var fields []string
			found := false
			for _, p := range scenarios.Problems(err) {
				fields = append(fields, p.Field+": "+p.Msg)
				if strings.HasPrefix(p.Field, tc.field) && strings.Contains(p.Msg, tc.words) {
					found = true
				}
			}
			assert.True(t, found, "want %s: …%s…; got\n%s", tc.field, tc.words, strings.Join(fields, "\n"))
		})
	}
}

// Choices travel as JSON in a create request: an empty list is a choice
// (none), a missing one keeps the scenario's.
func TestChoicesJSON(t *testing.T) {
	var c battle.Choices
	require.NoError(t, json.Unmarshal([]byte(`{"options":[],"ships":[{"ship":"helo","talents":[]}]}`), &c))
	require.NotNil(t, c.Options)
	assert.Empty(t, *c.Options)
	require.NotNil(t, c.Ships[0].Talents)
	assert.Nil(t, c.Ships[0].Flaws)
	comp := components(t)
	sc, err := scenarios.Load("furball", comp)
	require.NoError(t, err)
	none, err := sc.Choose(c, comp)
	require.NoError(t, err, "no optional rule: one plane, average pilots")
	assert.Empty(t, none.Options)
	assert.Empty(t, shipOf(none, "apollo").Talents)
	c.Options = opts(starship.OptPilots, starship.OptThreeD)
	got, err := sc.Choose(c, comp)
	require.NoError(t, err)
	assert.Empty(t, shipOf(got, "helo").Talents)
	assert.NotEmpty(t, shipOf(got, "apollo").Talents)
	assert.False(t, got.Has(starship.OptTailing), "tailing left out of the options chosen")
}

// The players of The Jump Point give the Colonial escort an ace with
// two talents and play with aiming too.
func ExampleScenario_Choose() {
	comp := assets.Default()
	sc, _ := scenarios.Load("jump-point", comp)
	chosen, err := sc.Choose(battle.Choices{
		Options: &[]starship.Option{starship.OptFTL, starship.OptFuel, starship.OptPilots, starship.OptAiming},
		Ships:   []battle.ShipChoice{{Ship: "escort-1", Pilot: starship.Ace, Talents: &[]string{"marksman", "eagle-eye"}}},
	}, comp)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(chosen.RulesText())
	for _, sh := range chosen.Ships[:2] {
		fmt.Println(sh.ID, sh.Pilot, sh.Talents)
	}
	_, err = sc.Choose(battle.Choices{Ships: []battle.ShipChoice{{Ship: "escort-1", Pilot: "scar"}}}, comp)
	fmt.Println(err)
	// Output:
	// Complete Rules with ftl, fuel, pilots, aiming
	// raptor rookie []
	// escort-1 ace [marksman eagle-eye]
	// choices: ships[escort-1].pilot: Scar is a cylon pilot; only a player of that faction can use the pilot (Pilot cards)
}

// Optional rules left out by the players take out of the scenario what
// only they play: the pilots, talents and flaws (Pilots: without it every
// pilot is average), the levels of ships and obstacles (Three-dimensional
// space: one plane), the fuel loads (Fuel).
func TestChooseWithoutPilotsThreeDimensionalSpaceAndFuel(t *testing.T) {
	comp := components(t)
	furball, err := scenarios.Load("furball", comp)
	require.NoError(t, err)
	flat, err := furball.Choose(battle.Choices{Options: opts(starship.OptTailing)}, comp)
	require.NoError(t, err)
	for _, s := range flat.Setup().Ships {
		assert.Equal(t, starship.Pilot(""), s.Pilot, s.ID)
		assert.Empty(t, s.Talents, s.ID)
		assert.Empty(t, s.Flaws, s.ID)
		assert.LessOrEqual(t, s.Level, 1, s.ID)
	}
	for _, o := range flat.Setup().Obstacles {
		assert.LessOrEqual(t, o.Level, 1, o.ID)
	}
	assert.Equal(t, "apollo", string(shipOf(furball, "apollo").Pilot), "the built-in keeps its pilots")

	jp, err := scenarios.Load("jump-point", comp)
	require.NoError(t, err)
	nofuel, err := jp.Choose(battle.Choices{Options: opts(starship.OptFTL, starship.OptPilots)}, comp)
	require.NoError(t, err)
	for _, s := range nofuel.Ships {
		assert.Zero(t, s.Fuel, s.ID)
	}
	assert.Equal(t, starship.Rookie, shipOf(nofuel, "raptor").Pilot, "pilots kept while the option is")

	// a pilot chosen while the option is left out is still refused
	_, err = furball.Choose(battle.Choices{Options: opts(starship.OptTailing), Ships: []battle.ShipChoice{{Ship: "helo", Pilot: starship.Ace}}}, comp)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ships[helo].pilot")
}
