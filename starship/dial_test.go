package starship

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
)

// Rotation: the dial has twelve notches, numbered MinRotation to
// MaxRotation; TurnDial goes round them one by one, StepDial stops at the
// ends, and a plan may set any of them and no other.
func TestRotationDialRange(t *testing.T) {
	require.Equal(t, DialNotches, MaxRotation-MinRotation+1)
	require.Equal(t, 6, MaxRotation, "half a turn to the right")
	seen := map[int]bool{}
	r := 0
	for range DialNotches {
		seen[r] = true
		next := TurnDial(r, 1)
		require.Equal(t, r, TurnDial(next, -1))
		require.Equal(t, 1, NotchesTurned(r, next))
		r = next
	}
	require.Equal(t, 0, r, "twelve notches: round once")
	require.Len(t, seen, DialNotches)
	require.Equal(t, MaxRotation, StepDial(MaxRotation, 1))
	require.Equal(t, MinRotation, StepDial(MinRotation, -1))
	require.Equal(t, 3, StepDial(2, 1))
	c := class(t, "viper-mk2")
	s := State{Class: "viper-mk2", KE: 2, Speed: maneuvers.Medium, Level: 1}
	for rot := MinRotation - 2; rot <= MaxRotation+2; rot++ {
		_, err := Check(complete, c, s, Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop, Rotate: rot})
		require.Equal(t, rot >= MinRotation && rot <= MaxRotation, err == nil, "rotate %d", rot)
	}
}

// Planning: a second card is an overboost, a change direction card or a
// blank: Card.IsSecond, which the planning screens and the computer
// players ask, is what the two-maneuvers rule allows with a maneuver card.
func TestPlanningSecondCard(t *testing.T) {
	rules := Rules{Set: Complete, Options: Options}
	for _, id := range []string{"viper-mk2", "cylon-raider"} {
		c := class(t, id)
		s := State{Class: id, KE: 2, Speed: maneuvers.Medium, Level: 1}
		seconds := 0
		for _, x := range c.Deck.Cards {
			if x.IsSecond() {
				seconds++
			}
			vs, err := Check(rules, c, s, Plan{Cards: []string{"straight", x.ID}, Speed: maneuvers.Low})
			require.NoError(t, err)
			twoManeuvers := slices.ContainsFunc(vs, func(v Violation) bool { return v.Rule == "two-maneuver-cards" })
			require.Equal(t, x.IsSecond(), !twoManeuvers, "%s with a straight card", x.ID)
		}
		require.Positive(t, seconds)
	}
}
