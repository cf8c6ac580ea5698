package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

var completeRules = starship.Rules{Set: starship.Complete}

func viperClass(t *testing.T) starship.Class {
	t.Helper()
	c, err := starship.ClassFor(assets.Default(), "viper-mk2")
	require.NoError(t, err)
	return c
}

func viperAt(ke int) starship.State {
	return starship.State{Class: "viper-mk2", Pose: physics.Pose{Pos: physics.V(450, 200), Heading: physics.Deg(90)},
		KE: ke, Speed: maneuvers.Medium, Level: 1, Fuel: 50, Pilot: starship.Average}
}

func legal(t *testing.T, rs starship.Rules, s starship.State, p starship.Plan) []string {
	t.Helper()
	vs, err := starship.Check(rs, viperClass(t), s, p)
	require.NoError(t, err)
	var ids []string
	for _, v := range vs {
		ids = append(ids, v.Rule)
	}
	return ids
}

// Kinetic energy, Acceleration example: a Viper Mk. II (acceleration 3)
// starts at kinetic energy 4; a low arrow takes it to 1 ("equal to, but
// not lower than, 4 minus 3"); next turn an overboost allows at most 4, so
// only a low arrow goes with it; medium or high would be illegal. A
// backward move needs a kinetic energy of 2 or less.
func TestExampleAcceleration(t *testing.T) {
	viper, ok := assets.Default().Class("viper-mk2")
	require.True(t, ok)
	require.Equal(t, 3, viper.Acceleration.Value, "the example's Viper has acceleration 3")
	s := viperAt(4)
	turn1 := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Low}
	assert.Empty(t, legal(t, completeRules, s, turn1), "4 → 1 is legal")
	o, err := starship.Resolve(completeRules, assets.Default(), viperClass(t), s, turn1, nil)
	require.NoError(t, err)
	assert.Equal(t, 1, o.KE)
	s = o.Next(s)
	assert.Empty(t, legal(t, completeRules, s, starship.Plan{Cards: []string{"overboost-straight", "straight"}, Speed: maneuvers.Low}), "1 → 4: overboost with low")
	assert.Equal(t, []string{"acceleration"}, legal(t, completeRules, s, starship.Plan{Cards: []string{"overboost-straight", "straight"}, Speed: maneuvers.Medium}), "1 → 5 is too much")
	assert.Equal(t, []string{"acceleration"}, legal(t, completeRules, s, starship.Plan{Cards: []string{"overboost-straight", "straight"}, Speed: maneuvers.High}), "1 → 6 is too much")
	assert.Empty(t, legal(t, completeRules, viperAt(2), starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Back}), "2 → −1 is legal")
	assert.Equal(t, []string{"acceleration"}, legal(t, completeRules, viperAt(3), starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Back}), "3 → −1 is not")
}

// Rotation, Inertial movement example: "Your Viper has a kinetic energy
// value of 4 and it is rotated at 60° from the movement direction ... you
// must plan a straight maneuver. The total kinetic energy of the spaceship
// must stay at 4, so the speed must be slow (kinetic energy 1) with a
// straight overboost (kinetic energy 3)."
func TestExampleInertialMovement(t *testing.T) {
	s := viperAt(4)
	s.Rotation = 2 // 60° clockwise
	keep := starship.Plan{Cards: []string{"overboost-straight", "straight"}, Speed: maneuvers.Low, Rotate: 2}
	assert.Empty(t, legal(t, completeRules, s, keep))
	assert.Equal(t, []string{"kinetic-energy-frozen"}, legal(t, completeRules, s, starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.High, Rotate: 2}), "3 is not 4")
	assert.Equal(t, []string{"rotated-inertial"}, legal(t, completeRules, s, starship.Plan{Cards: []string{"overboost-straight", "bank-left"}, Speed: maneuvers.Low, Rotate: 2}), "no turns")
	// The dial may be turned to a new orientation meanwhile.
	assert.Empty(t, legal(t, completeRules, s, starship.Plan{Cards: keep.Cards, Speed: keep.Speed, Rotate: -1}))
	o, err := starship.Resolve(completeRules, assets.Default(), viperClass(t), s, keep, nil)
	require.NoError(t, err)
	assert.InDelta(t, 90, o.Final().Pose.Heading.Degrees(), 1e-9, "it keeps moving the same way")
	assert.Equal(t, 4, o.KE)
}

// Changing direction example: "Your Viper begins the turn, rotated 90°
// clockwise from its movement direction. You decide to use a change
// direction card and a maneuver card with a left curve. As the kinetic
// energy was 2, you also take a drift ruler, and flip it to its "2-4"
// side." In the first step it drifts the short side of the ruler, then
// its movement direction becomes its facing and the dial returns to 0; in
// the second it flies the left curve.
func TestExampleChangingDirection(t *testing.T) {
	comp := assets.Default()
	s := viperAt(2)
	s.Rotation = 3 // 90° clockwise: facing 0° while heading 90°
	p := starship.Plan{Cards: []string{"change-direction", "bank-left"}, Speed: maneuvers.High, Rotate: 3}
	require.Empty(t, legal(t, completeRules, s, p))
	o, err := starship.Resolve(completeRules, comp, viperClass(t), s, p, nil)
	require.NoError(t, err)
	require.Len(t, o.Steps, 2)
	drift := comp.Geometry.DriftShort.Value
	step1 := o.Steps[0]
	assert.InDelta(t, 450, step1.Pose.Pos.X, 1e-9)
	assert.InDelta(t, 200+drift, step1.Pose.Pos.Y, 1e-9, "drifted the 2-4 side along the old heading")
	assert.InDelta(t, 0, physics.NormalizeDegrees(step1.Pose.Heading.Degrees()), 1e-9, "heading now the old facing")
	assert.Equal(t, 0, step1.Rotation)
	final := o.Final().Pose
	assert.InDelta(t, 30, physics.NormalizeDegrees(final.Heading.Degrees()), 1e-9, "the left curve (bank, 30°) from the new heading")
	assert.Greater(t, final.Pos.X, 450.0+100, "flew along the new direction")
	assert.Equal(t, 3, o.KE)
}

// Fuel example: a Viper starts with kinetic energy 4. Turn 1: a high
// straight card (fuel 0), kinetic energy 4 → 3: 1 fuel. Turn 2: a low card
// with 2 fuel cost, 3 → 1: 4 fuel. Turn 3: a straight overboost and a low
// straight card (0 fuel for the cards), the dial turned three notches
// clockwise, 1 → 4: 3 + 1 = 4 fuel.
func TestExampleFuel(t *testing.T) {
	comp := assets.Default()
	rules := starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptFuel}}
	s := viperAt(4)
	turns := []struct {
		plan  starship.Plan
		ke    int
		spent int
	}{
		{starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.High}, 3, 1},
		{starship.Plan{Cards: []string{"turn-left"}, Speed: maneuvers.Low}, 1, 4},
		{starship.Plan{Cards: []string{"overboost-straight", "straight"}, Speed: maneuvers.Low, Rotate: 3}, 4, 4},
	}
	for i, turn := range turns {
		o, err := starship.Resolve(rules, comp, viperClass(t), s, turn.plan, nil)
		require.NoError(t, err)
		require.True(t, o.Legal, "turn %d: %v", i+1, o.Violations)
		assert.Equal(t, turn.ke, o.KE, "turn %d kinetic energy", i+1)
		assert.Equal(t, turn.spent, o.FuelSpent, "turn %d fuel", i+1)
		s = o.Next(s)
	}
	assert.Equal(t, 50-9, s.Fuel)
}
