package battle

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// TestUsingPilotTalents_WoundsLimitTheTalentsOfATurn: a wounded pilot
// cannot use more than two talents in the same turn, a severely wounded
// one not more than one; an unwounded pilot is limited only by one talent
// of each type (Using pilot talents). The Viper's pilot has already used
// talents of other types this turn and now wants Marksman.
func TestUsingPilotTalents_WoundsLimitTheTalentsOfATurn(t *testing.T) {
	comp, err := assets.Load()
	require.NoError(t, err)
	ship := func(id, class string, side Side, x, y float64) ShipSpec {
		return ShipSpec{ID: id, Class: class, Side: side, Level: 1,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(90)}}
	}
	viper := ship("viper", "viper-mk2", Colonial, 450, 300)
	viper.Talents = []string{"power-pilot", "quick-reflexes", "marksman"}
	b, err := New(Setup{
		Rules: starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptPilots}},
		Width: 900, Depth: 900,
		Ships: []ShipSpec{viper, ship("raider", "cylon-raider", Cylon, 450, 600)},
	}, comp, 1)
	require.NoError(t, err)
	s := &b.st.Ships[b.ids["viper"]]
	used := []Use{{Card: "power-pilot", Count: 1}, {Card: "quick-reflexes", Count: 1}}
	for _, tt := range []struct {
		wounds, usedBefore int
		may                bool
	}{
		{0, 2, true},
		{1, 1, true},
		{1, 2, false},
		{2, 0, true},
		{2, 1, false},
	} {
		s.Ship.Damage.Pilot = tt.wounds
		s.UsedThisTurn = append([]Use(nil), used[:tt.usedBefore]...)
		may, err := b.canUse(s, "marksman")
		require.NoError(t, err)
		assert.Equal(t, tt.may, may, "pilot wounds %d, %d talents used this turn", tt.wounds, tt.usedBefore)
	}
}

// TestUsingPilotTalents_UseCountersAreSeenByBothSides: each use puts a
// counter on the card (Pilot talents and flaws: uses); the cards lie by
// the control panel, so both sides' views count them, and a view's
// counts are its own copy.
func TestUsingPilotTalents_UseCountersAreSeenByBothSides(t *testing.T) {
	comp, err := assets.Load()
	require.NoError(t, err)
	viper := ShipSpec{ID: "viper", Class: "viper-mk2", Side: Colonial, Level: 1, Pose: physics.Pose{Pos: physics.V(450, 300), Heading: physics.Deg(90)},
		Talents: []string{"power-pilot", "marksman"}}
	raider := ShipSpec{ID: "raider", Class: "cylon-raider", Side: Cylon, Level: 1, Pose: physics.Pose{Pos: physics.V(450, 600), Heading: physics.Deg(270)}}
	b, err := New(Setup{
		Rules: starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptPilots}},
		Width: 900, Depth: 900, Ships: []ShipSpec{viper, raider},
	}, comp, 1)
	require.NoError(t, err)
	s := &b.st.Ships[b.ids["viper"]]
	uses := func(side Side) []Use {
		for _, sv := range b.View(side).Ships {
			if sv.ID == "viper" {
				return sv.TalentUses
			}
		}
		t.Fatal("no viper in the view")
		return nil
	}
	assert.Empty(t, uses(Colonial), "no card used yet")
	b.use(s, "power-pilot")
	b.use(s, "power-pilot")
	b.use(s, "marksman")
	want := []Use{{Card: "power-pilot", Count: 2}, {Card: "marksman", Count: 1}}
	for _, side := range []Side{Colonial, Cylon} {
		assert.Equal(t, want, uses(side), "%s sees the counters on the viper's cards", side)
	}
	uses(Cylon)[0].Count = 9
	assert.Equal(t, 2, count(s.TalentUses, "power-pilot"), "a view's counts are a copy")
}
