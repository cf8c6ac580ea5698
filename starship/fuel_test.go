package starship

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
)

// Fuel: Spending fuel. A change direction card costs its G-value like
// every maneuver card, whatever maneuver card it is played with; the dial
// it turns costs nothing more (the card's cost applies instead).
func TestSpendingFuel_ChangeDirectionWithStraightG0(t *testing.T) {
	c := class(t, "viper-mk2")
	change := c.Deck.Cards[c.Deck.Index("change-direction")]
	straight := c.Deck.Cards[c.Deck.Index("straight")]
	require.Equal(t, 0, straight.G, "the case: a straight card of G 0")
	require.Positive(t, change.G)
	for _, speed := range []maneuvers.Speed{maneuvers.Stop, maneuvers.Low, maneuvers.Medium} {
		s := viper() // kinetic energy 2
		s.Rotation = 3
		p := Plan{Cards: []string{"change-direction", "straight"}, Speed: speed, Rotate: 3}
		o := resolve(t, with(complete, OptFuel), s, p, nil)
		require.True(t, o.Legal, "%s: %v", speed, o.Violations)
		ke := abs(o.KE - s.KE)
		assert.Equal(t, change.G+ke, o.FuelSpent,
			"%s: the change direction card's G, the straight card's G and %d for the kinetic energy; no dial cost", speed, ke)
		assert.Equal(t, s.Fuel-o.FuelSpent, o.Fuel)
	}
}

// Fuel: Spending fuel. Every card the ship flies costs its G-value: a
// change direction card with a turn pays both.
func TestSpendingFuel_ChangeDirectionWithATurn(t *testing.T) {
	c := class(t, "viper-mk2")
	s := viper()
	s.Rotation = -2
	p := Plan{Cards: []string{"change-direction", "turn-left"}, Speed: maneuvers.Medium, Rotate: -2}
	o := resolve(t, with(complete, OptFuel), s, p, nil)
	require.True(t, o.Legal, "%v", o.Violations)
	want := c.Deck.Cards[c.Deck.Index("change-direction")].G + c.Deck.Cards[c.Deck.Index("turn-left")].G + abs(o.KE-s.KE)
	assert.Equal(t, want, o.FuelSpent)
}

// Fuel: Spending fuel (the reading in bsg rules): a card costs its G
// "after using the card"; a maneuver card planned at the stop speed moves
// nothing, so it is not used and costs nothing; the kinetic energy it
// loses is charged.
func TestSpendingFuel_ACardAtTheStopCostsNothing(t *testing.T) {
	c := class(t, "viper-mk2")
	require.Positive(t, c.Deck.Cards[c.Deck.Index("hard-turn-left")].G)
	s := viper() // kinetic energy 2
	o := resolve(t, with(complete, OptFuel), s, plan(maneuvers.Stop, "hard-turn-left"), nil)
	require.True(t, o.Legal, "%v", o.Violations)
	assert.Equal(t, 2, o.FuelSpent, "2 for the kinetic energy (2 to 0), nothing for the card")
	o = resolve(t, with(complete, OptFuel), s, plan(maneuvers.Low, "hard-turn-left"), nil)
	require.True(t, o.Legal, "%v", o.Violations)
	assert.Equal(t, c.Deck.Cards[c.Deck.Index("hard-turn-left")].G+1, o.FuelSpent, "flown, it costs its G (and 1 for the kinetic energy, 2 to 1)")
}
