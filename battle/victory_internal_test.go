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

// TestWinningTheGame_LeftByTheEdgeTheBaseCrossed: how an eliminated ship
// left the playing area, for the Leave conditions of a scenario (Winning
// the game; Special cases: a ship that moves out is out of the game). A
// ship that moved out left by the edge its base crossed first, even when
// its final pose overshoots another edge more (near a corner); one slid
// out of an overlap left by the edge its pose overshoots; one that climbed
// or dived out of the levels, or was destroyed, left by no edge, wherever
// it stands.
func TestWinningTheGame_LeftByTheEdgeTheBaseCrossed(t *testing.T) {
	b := jumpBattle(t)
	raptor := &b.st.Ships[b.ids["raptor"]]
	beyondNorth := physics.V(880, 930) // across the east edge too, but 30 mm past the north one
	for _, tt := range []struct {
		name   string
		cause  string
		stored Edge
		at     physics.Vec
		by     Exit
		edge   Edge
	}{
		{"in play", "", "", physics.V(450, 450), "", ""},
		{"moved out across the east edge", CauseMovedOut, East, beyondNorth, ExitEdge, East},
		{"slid out", CauseSlidOut, "", physics.V(-10, 450), ExitEdge, West},
		{"climbed out of the levels over the north edge", CauseLeftLevels, "", beyondNorth, "", ""},
		{"destroyed", CauseDestroyed, "", physics.V(450, 450), "", ""},
		{"jumped away", CauseJumpedAway, "", physics.V(450, 700), ExitFTL, ""},
	} {
		raptor.Out, raptor.Cause, raptor.ExitEdge = tt.cause != "", tt.cause, tt.stored
		raptor.Ship.Pose.Pos = tt.at
		by, edge := b.leftBy(raptor)
		assert.Equal(t, tt.by, by, tt.name)
		assert.Equal(t, tt.edge, edge, tt.name)
	}

	// Escaped says how, for a Leave condition by the east edge.
	b.setup.Victory = append(b.setup.Victory, Condition{Kind: Leave, Side: Colonial, Ship: "raptor", By: ExitEdge, Edge: East})
	raptor.Out, raptor.Cause, raptor.ExitEdge = true, CauseMovedOut, East
	raptor.Ship.Pose.Pos = beyondNorth
	how, ok := b.Escaped("raptor")
	assert.True(t, ok)
	assert.Equal(t, "east edge", how)
	raptor.ExitEdge = North
	_, ok = b.Escaped("raptor")
	assert.False(t, ok, "across the north edge: not the way out")
}

// TestWinningTheGame_AZoneBothSidesAreInIsHeldByNobody: a Hold condition
// (a scenario's condition, Winning the game) is won by the side that has a
// ship in the zone while the other has none; with ships of both sides in
// it nobody holds it and the turn ends undecided.
func TestWinningTheGame_AZoneBothSidesAreInIsHeldByNobody(t *testing.T) {
	zone := physics.Polygon{physics.V(300, 300), physics.V(600, 300), physics.V(600, 600), physics.V(300, 600)}
	in, out := physics.V(450, 450), physics.V(100, 100)
	for _, tt := range []struct {
		name           string
		raptor, raider physics.Vec
		winner         Side
	}{
		{"both sides in the zone", in, physics.V(500, 500), ""},
		{"only the Colonial ship in it", in, out, Colonial},
		{"only the Cylon ship in it", out, in, Cylon},
		{"nobody in it", out, physics.V(800, 800), ""},
	} {
		b := jumpBattle(t)
		b.setup.Victory = Victory{{Kind: Hold, ZoneName: "middle", Zone: zone, Turns: 3}}
		b.st.Ships[b.ids["raptor"]].Ship.Pose.Pos = tt.raptor
		b.st.Ships[b.ids["raider"]].Ship.Pose.Pos = tt.raider
		b.st.Turn = 3
		b.decideEndOfTurn()
		if tt.winner == "" {
			assert.Nil(t, b.Result(), tt.name)
			continue
		}
		if assert.NotNil(t, b.Result(), tt.name) {
			assert.Equal(t, tt.winner, b.Result().Winner, tt.name)
			assert.Equal(t, EndReason{Kind: EndHeld, Side: tt.winner, Zone: "middle", Turns: 3}, b.Result().Reason, tt.name)
		}
	}
}

// TestWinningTheGame_EqualPointsDecideNothing: under a Points condition
// (a scenario's condition, Winning the game) the side with more points
// wins at the turn limit or when a side has no ship left; equal points
// decide nothing, and the limit's draw ends the battle; both sides
// reaching the target in the same turn with equal points is a tie.
func TestWinningTheGame_EqualPointsDecideNothing(t *testing.T) {
	points := Victory{{Kind: Points, Points: []ClassPoints{{Class: "raptor", Points: 3}, {Class: "cylon-raider", Points: 3}}}}
	b := jumpBattle(t)
	b.setup.Victory, b.setup.TurnLimit = points, 4
	b.st.Turn = 4
	b.decideEndOfTurn()
	require.NotNil(t, b.Result())
	assert.Equal(t, Side(""), b.Result().Winner, "0 to 0")
	assert.Equal(t, EndReason{Kind: EndTurnLimit, Turns: 4}, b.Result().Reason)

	// Both reach the target in the same turn with equal points: a tie.
	b = jumpBattle(t)
	b.setup.Victory = Victory{{Kind: Points, Target: 3, Points: points[0].Points}}
	b.eliminate(&b.st.Ships[b.ids["raptor"]], CauseDestroyed)
	b.eliminate(&b.st.Ships[b.ids["raider"]], CauseDestroyed)
	b.decide()
	require.NotNil(t, b.Result())
	assert.Equal(t, Side(""), b.Result().Winner)
	assert.Equal(t, EndReason{Kind: EndPointsTie, Target: 3}, b.Result().Reason)

	// One ship destroyed: its side has no ship left, and points decide.
	for _, side := range []Side{Colonial, Cylon} {
		b := jumpBattle(t)
		b.setup.Victory, b.setup.TurnLimit = points, 4
		lost := "raptor"
		if side == Colonial {
			lost = "raider"
		}
		b.eliminate(&b.st.Ships[b.ids[lost]], CauseDestroyed)
		b.st.Turn = 2
		b.decideEndOfTurn()
		if assert.NotNil(t, b.Result(), "%s ahead", side) {
			assert.Equal(t, side, b.Result().Winner)
			assert.Equal(t, EndReason{Kind: EndPoints, Trigger: TriggerNoShip, Points: 3}, b.Result().Reason)
		}
	}
}
