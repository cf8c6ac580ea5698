package tests

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// talentsExample is the rulebook's talents example as a scenario: "Players
// agree to use three talents each, and one rookie and one ace pilot each.
// The Colonial player chooses a Rookie pilot token and Apollo (who counts
// as an ace) with the Power Pilot, Quick Reflexes, and Sturdy Pilot
// talents, and the Tormented Soul flaw. Choosing one flaw, the Colonial
// player gets another talent, Marksman, which he gives to the Rookie
// pilot." The Cylon player's choice is ours: an ace token with three
// talents and a rookie token.
const talentsExample = `name: The talents example
rules: complete
options: [pilots]
ships:
  - id: apollo-viper
    side: colonial
    class: viper-mk2
    pilot: apollo
    talents: [power-pilot, quick-reflexes, sturdy-pilot]
    flaws: [tormented-soul]
    pose: {x: 300, y: 100, heading: 90}
  - id: rookie-viper
    side: colonial
    class: viper-mk2
    pilot: rookie
    talents: [marksman]
    pose: {x: 600, y: 100, heading: 90}
  - id: ace-raider
    side: cylon
    class: cylon-raider
    pilot: ace
    talents: [lucky-shot, eagle-eye, iron-nerves]
    pose: {x: 300, y: 800, heading: 270}
  - id: rookie-raider
    side: cylon
    class: cylon-raider
    pilot: rookie
    pose: {x: 600, y: 800, heading: 270}
`

// Pilot talents and flaws, the example (with Pilot cards): Apollo's card
// and the Rookie given Marksman are legal, and the battle plays them:
// Apollo's card adds its attack modifier, the talents and the flaw are
// on the ships.
func TestExampleTalentsApolloAndTheRookieWithMarksman(t *testing.T) {
	comp := assets.Default()
	sc, err := scenarios.Parse("talents.yaml", []byte(talentsExample), comp)
	require.NoError(t, err)
	colonial := 0
	for _, sh := range sc.Ships {
		if sh.Side == battle.Colonial {
			colonial += len(sh.Talents)
		}
	}
	assert.Equal(t, 3+1, colonial, "three talents each, and one more for the one flaw")
	apollo, ok := comp.PilotCard("apollo")
	require.True(t, ok)
	assert.Equal(t, "ace", apollo.Experience, "Apollo counts as an ace")
	assert.Subset(t, apollo.Talents, []string{"power-pilot", "quick-reflexes", "sturdy-pilot"})
	assert.Equal(t, []string{"tormented-soul"}, apollo.Flaws)
	marksman, _ := comp.Talent("marksman")
	assert.True(t, marksman.Rookie, "a Rookie may take it, so it is a rookie talent")

	b, err := battle.New(sc.Setup(), comp, 1)
	require.NoError(t, err)
	var got battle.ShipState
	for _, s := range b.State().Ships {
		if s.ID == "apollo-viper" {
			got = s
		}
	}
	assert.Equal(t, "apollo", got.PilotCard)
	assert.Equal(t, "ace", string(got.Ship.Pilot))
	assert.Equal(t, []string{"tormented-soul"}, got.Flaws)
	for _, s := range b.View(battle.Cylon).Ships {
		if s.ID == "apollo-viper" {
			assert.Equal(t, "apollo", s.PilotCard, "a pilot card lies on the table for all to see")
		}
	}
}

// Pilot cards: at most one card of a name in a game; only a player of the
// card's faction can use the pilot; the talents and flaws come from the
// card's lists.
func TestPilotCardsLimits(t *testing.T) {
	comp := assets.Default()
	for _, tt := range []struct {
		name, from, to, want string
	}{
		{"two Apollo cards", "pilot: rookie\n    talents: [marksman]", "pilot: apollo", "at most one card of a name (Pilot cards)"},
		{"Apollo for the Cylons", "pilot: ace\n    talents: [lucky-shot, eagle-eye, iron-nerves]", "pilot: apollo", "only a player of that faction can use the pilot (Pilot cards)"},
		{"a talent not on the card", "talents: [power-pilot, quick-reflexes, sturdy-pilot]", "talents: [power-pilot, quick-reflexes, hotshot]", `"hotshot" is not among the talents on Apollo's card`},
		{"a flaw not on the card", "flaws: [tormented-soul]", "flaws: [concentration-loss]", `"concentration-loss" is not among the flaws on Apollo's card`},
		{"a Rookie with a talent that is not a rookie talent", "talents: [marksman]", "talents: [eagle-eye]", "takes only rookie talents"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(talentsExample, tt.from, tt.to, 1)
			require.NotEqual(t, talentsExample, src)
			_, err := scenarios.Parse("talents.yaml", []byte(src), comp)
			require.Error(t, err)
			assert.Contains(t, err.Error(), tt.want)
		})
	}
	// The engine refuses them too.
	sc, err := scenarios.Parse("talents.yaml", []byte(talentsExample), comp)
	require.NoError(t, err)
	s := sc.Setup()
	s.Ships[1].Pilot = "apollo"
	_, err = battle.New(s, comp, 1)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "at most one card of a name")
}
