package battle

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

func TestExitEdgeOf(t *testing.T) {
	at := func(x, y float64) Edge {
		return ExitEdgeOf(physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(90)}, 45, 900, 900)
	}
	assert.Equal(t, North, at(450, 890))
	assert.Equal(t, South, at(450, 10))
	assert.Equal(t, East, at(895, 450))
	assert.Equal(t, West, at(5, 450))
	assert.Equal(t, Edge(""), at(450, 450))
	assert.Equal(t, West, at(-10, 890), "the edge it overshoots most")
}

// jumpBattle is a battle in which the raptor may jump away from a zone
// around (450, 700).
func jumpBattle(t *testing.T) *Battle {
	t.Helper()
	comp, err := assets.Load()
	require.NoError(t, err)
	zone := physics.Polygon{physics.V(350, 600), physics.V(550, 600), physics.V(550, 800), physics.V(350, 800)}
	ship := func(id, class string, side Side, x, y float64) ShipSpec {
		return ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: 1,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(90)}}
	}
	b, err := New(Setup{
		Rules: starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptFTL}},
		Width: 900, Depth: 900,
		Ships: []ShipSpec{ship("raptor", "raptor", Colonial, 450, 100), ship("raider", "cylon-raider", Cylon, 100, 800)},
		Victory: Victory{
			{Kind: Leave, Side: Colonial, Ship: "raptor", By: ExitFTL, ZoneName: "point", Zone: zone},
			{Kind: Destroy, Side: Cylon, Ship: "raptor"},
		},
	}, comp, 1)
	require.NoError(t, err)
	return b
}

// TestJumpAway checks the function the engine calls for a jumping ship:
// outside the zone the jump is an ordinary jump; inside, the ship leaves
// the battle and its side wins (not the side that wanted it destroyed).
func TestJumpAway(t *testing.T) {
	b := jumpBattle(t)
	raptor := &b.st.Ships[b.ids["raptor"]]
	assert.False(t, b.jumpsAway(raptor), "outside the jump point")
	assert.False(t, raptor.Out)

	raptor.Ship.Pose.Pos = physics.V(450, 700)
	assert.False(t, b.jumpsAway(&b.st.Ships[b.ids["raider"]]), "no condition names the raider")
	require.True(t, b.jumpsAway(raptor))
	assert.True(t, raptor.Out)
	assert.Equal(t, CauseJumpedAway, raptor.Cause)
	b.decide()
	require.NotNil(t, b.Result())
	assert.Equal(t, Colonial, b.Result().Winner)
	assert.Equal(t, EndReason{Kind: EndShipLeft, Ship: "raptor"}, b.Result().Reason)
	how, ok := b.Escaped("raptor")
	assert.True(t, ok)
	assert.Equal(t, "FTL", how)
}

// TestDestroyedIsNotEscaped: a ship eliminated in the jump point by fire
// did not jump away.
func TestDestroyedIsNotEscaped(t *testing.T) {
	b := jumpBattle(t)
	raptor := &b.st.Ships[b.ids["raptor"]]
	raptor.Ship.Pose.Pos = physics.V(450, 700)
	b.eliminate(raptor, "destroyed")
	b.decide()
	require.NotNil(t, b.Result())
	assert.Equal(t, Cylon, b.Result().Winner)
	assert.Equal(t, EndReason{Kind: EndShipOut, Ship: "raptor", Cause: CauseDestroyed}, b.Result().Reason)
}

// TestEliminatedIsNotCalledDestroyed: a ship a Destroy condition names
// that moved out of the playing area is eliminated (Elimination of a
// spaceship), and the victory says so rather than "destroyed".
func TestEliminatedIsNotCalledDestroyed(t *testing.T) {
	for cause, want := range map[string]string{
		"moved out of the playing area": "raptor is eliminated: moved out of the playing area",
		"its pilot is killed":           "raptor is eliminated: its pilot is killed",
		CauseDestroyed:                  "raptor is destroyed",
	} {
		b := jumpBattle(t)
		raptor := &b.st.Ships[b.ids["raptor"]]
		raptor.Ship.Pose.Pos = physics.V(450, 700)
		b.eliminate(raptor, cause)
		b.decide()
		require.NotNil(t, b.Result())
		assert.Equal(t, Cylon, b.Result().Winner)
		assert.Equal(t, EndReason{Kind: EndShipOut, Ship: "raptor", Cause: cause}, b.Result().Reason)
		assert.Equal(t, want, b.Result().Reason.Text())
	}
}

// TestOldConditionsUnchanged: the conditions that existed before keep
// their behaviour (survive at its turn, draw at the limit).
func TestOldConditionsUnchanged(t *testing.T) {
	b := jumpBattle(t)
	b.setup.Victory = Victory{{Kind: Survive, Side: Cylon, Turns: 3}}
	b.setup.TurnLimit = 5
	b.st.Turn = 2
	b.decideEndOfTurn()
	assert.Nil(t, b.Result())
	b.st.Turn = 3
	b.decideEndOfTurn()
	require.NotNil(t, b.Result())
	assert.Equal(t, EndReason{Kind: EndSurvived, Side: Cylon, Turns: 3}, b.Result().Reason)

	b = jumpBattle(t)
	b.setup.Victory = nil
	b.setup.TurnLimit = 4
	b.st.Turn = 4
	b.decideEndOfTurn()
	require.NotNil(t, b.Result())
	assert.Equal(t, Side(""), b.Result().Winner)
	assert.Equal(t, EndReason{Kind: EndTurnLimit, Turns: 4}, b.Result().Reason)
}
