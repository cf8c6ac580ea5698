package movefile

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

func TestParseTheIssueExample(t *testing.T) {
	data, err := os.ReadFile("../testdata/moves/overboost.yaml")
	require.NoError(t, err)
	in, err := Parse("overboost.yaml", data, assets.Default())
	require.NoError(t, err)
	assert.Equal(t, starship.Complete, in.Rules.Set)
	assert.True(t, in.Rules.Has(starship.OptFuel))
	assert.Equal(t, "viper-mk2", in.Class.ID)
	assert.Equal(t, 2, in.Ship.KE)
	assert.Equal(t, maneuvers.Medium, in.Ship.Speed)
	assert.Equal(t, 50, in.Ship.Fuel)
	assert.Equal(t, []string{"overboost-straight", "straight"}, in.Plan.Cards)
	assert.Equal(t, maneuvers.Low, in.Plan.Speed)
	assert.Nil(t, in.FTL)
}

func TestDefaults(t *testing.T) {
	in, err := Parse("m.yaml", []byte("ship: {class: cylon-raider, x: 1, y: 2, heading: 30, rotation: 2}\nplan: {cards: [straight], speed: low}\n"), assets.Default())
	require.NoError(t, err)
	assert.Equal(t, starship.Complete, in.Rules.Set, "complete rules by default")
	assert.Equal(t, 2, in.Plan.Rotate, "the dial stays where it is unless turned")
	assert.Equal(t, 1, in.Ship.Level)
	assert.Equal(t, 50, in.Ship.Fuel, "the starting fuel of the data")
	assert.Equal(t, starship.Average, in.Ship.Pilot)
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		name, yaml string
		want       []string
	}{
		{"unknown card for the class", "ship: {class: viper-mk2, x: 0, y: 0, heading: 0}\nplan: {cards: [reversal-left], speed: low}\n",
			[]string{`m.yaml:2: plan.cards[0]: "reversal-left" is not in the viper-mk2 deck; allowed: straight`}},
		{"unknown speed", "ship: {class: viper-mk2, x: 0, y: 0, heading: 0}\nplan: {cards: [straight], speed: warp}\n",
			[]string{`m.yaml:2: plan.speed: "warp" is not allowed; allowed: back, stop, low, medium, high, ftl`}},
		{"missing fields", "ship: {class: viper-mk2}\nplan: {cards: [straight]}\n",
			[]string{"ship.x: missing", "ship.y: missing", "ship.heading: missing", "plan.speed: missing"}},
		{"out of range", "ship: {class: viper-mk2, x: 0, y: 0, heading: 0, ke: 7, rotation: -6, level: 0}\nplan: {cards: [straight], speed: low, rotate: 9, level: 2}\n",
			[]string{"ship.ke: 7 is out of range; allowed: -1 to 6", "ship.rotation: -6 is out of range", "ship.level: 0 is out of range", "plan.rotate: 9 is out of range", "plan.level: 2 is out of range; allowed: -1 to 1"}},
		{"three cards", "ship: {class: viper-mk2, x: 0, y: 0, heading: 0}\nplan: {cards: [straight, blank, bank-left], speed: low}\n",
			[]string{"plan.cards: 3 cards; allowed: one card, or two"}},
		{"unknown class", "ship: {class: basestar, x: 0, y: 0, heading: 0}\nplan: {cards: [straight], speed: low}\n",
			[]string{`ship.class: unknown class "basestar"`}},
		{"unknown option", "options: [warp]\nship: {class: viper-mk2, x: 0, y: 0, heading: 0}\nplan: {cards: [straight], speed: low}\n",
			[]string{`options[0]: "warp" is not allowed; allowed: fuel, three_d, ftl, pilots, blank, tailing, aiming, attack_declaration, rolling_doubles`}},
		{"ftl without a marker", "ship: {class: cylon-raider, x: 0, y: 0, heading: 0}\nplan: {cards: [straight], speed: ftl}\n",
			[]string{"ftl: missing; with speed ftl give the marker"}},
		{"bad rolls", "ship: {class: cylon-raider, x: 0, y: 0, heading: 0}\nplan: {cards: [straight], speed: ftl}\nftl: {x: 1, y: 1, heading: 0, side_roll: 13, distance_roll: 0}\n",
			[]string{"ftl.side_roll: 13 is out of range; allowed: 2 to 12", "ftl.distance_roll: 0 is out of range; allowed: 1 to 6"}},
		{"unknown field", "ship: {class: viper-mk2, x: 0, y: 0, heading: 0, shields: 3}\nplan: {cards: [straight], speed: low}\n",
			[]string{"m.yaml:1: ship.shields: unknown field"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("m.yaml", []byte(tt.yaml), assets.Default())
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}

func FuzzParse(f *testing.F) {
	for _, name := range []string{"overboost.yaml", "illegal.yaml", "ftl.yaml"} {
		data, err := os.ReadFile("../testdata/moves/" + name)
		require.NoError(f, err)
		f.Add(data)
	}
	comp := assets.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Parse("fuzz.yaml", data, comp)
		if err != nil {
			return
		}
		// A parsed move always resolves or says why not; it never panics.
		_, _ = starship.Resolve(in.Rules, comp, in.Class, in.Ship, in.Plan, in.FTL)
	})
}
