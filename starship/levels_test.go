package starship

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
)

// Moving between levels × Kinetic energy: Acceleration. The 3 a level
// change adds to the kinetic energy comes "in addition to" the maneuver's
// value, and Acceleration limits the maneuver cards: a Raptor
// (acceleration 2) at a standstill may change level at the stop, low or
// medium speed (cards 0 to 2), ending at 3 to 5; not at high (cards 3).
func TestMovingBetweenLevels_AccelerationLimitsTheCardsOnly(t *testing.T) {
	rs := with(complete, OptThreeD)
	c := class(t, "raptor")
	require.Equal(t, 2, c.Acceleration, "the case: acceleration 2")
	for _, tt := range []struct {
		speed maneuvers.Speed
		legal bool
		ke    int
	}{
		{maneuvers.Stop, true, 3},
		{maneuvers.Low, true, 4},
		{maneuvers.Medium, true, 5},
		{maneuvers.High, false, 0},
	} {
		s := viper()
		s.Class, s.KE, s.Speed = "raptor", 0, maneuvers.Stop
		p := Plan{Cards: []string{"straight"}, Speed: tt.speed, Level: 1}
		vs, err := Check(rs, c, s, p)
		require.NoError(t, err)
		if !tt.legal {
			assert.Equal(t, []string{"acceleration"}, ruleIDs(vs), "%s: the cards make 3, beyond 0 + 2", tt.speed)
			continue
		}
		assert.Empty(t, vs, "%s: the cards are within the acceleration; the level's 3 is in addition", tt.speed)
		o := resolve(t, rs, s, p, nil)
		assert.Equal(t, tt.ke, o.KE, "%s: the cards' value plus 3", tt.speed)
		assert.Equal(t, 3, o.Final().Level)
	}
	// Going down from kinetic energy 6, a Viper (acceleration 3) plans
	// cards of 3 at least, whatever the level change adds after them.
	s := viper()
	s.KE = 6
	vs, err := Check(rs, class(t, "viper-mk2"), s, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Level: -1})
	require.NoError(t, err)
	assert.Equal(t, []string{"acceleration"}, ruleIDs(vs), "cards of 2 from 6 with acceleration 3: too slow, whatever the level adds")
	vs, err = Check(rs, class(t, "viper-mk2"), s, Plan{Cards: []string{"straight"}, Speed: maneuvers.High, Level: -1})
	require.NoError(t, err)
	assert.Empty(t, vs, "cards of 3 from 6: within the acceleration (6 in all)")
}

// Moving between levels × Special cases: Illegal moves. When the level
// change itself is what breaks a rule (here a ship whose kinetic energy
// cannot change, which the level's 3 would change whatever the speed), the
// corrected move flies without it: it keeps the level and the kinetic
// energy.
func TestMovingBetweenLevels_CorrectedMoveDropsThePenalisedChange(t *testing.T) {
	rs := with(complete, OptThreeD)
	s := viper()
	s.KE = 2
	s.Damage.Engine = 2 // the kinetic energy cannot change
	p := Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Level: 1}
	o := resolve(t, rs, s, p, nil)
	require.False(t, o.Legal)
	assert.Contains(t, ruleIDs(o.Violations), "kinetic-energy-frozen")
	assert.Equal(t, 0, o.Executed.Level, "the level change is dropped")
	assert.Equal(t, s.Level, o.Final().Level)
	assert.Equal(t, s.KE, o.KE, "no 3 for a level change not made")
	vs, err := Check(rs, class(t, "viper-mk2"), s, o.Executed)
	require.NoError(t, err)
	assert.Empty(t, vs, "the corrected plan is legal")
}
