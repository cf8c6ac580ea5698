package scenarios_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// TestWinningTheGame_GoalsAreSaidFromTheirFields: each kind of victory
// condition (Winning the game) is said from the condition's fields, as a
// sentence naming the winner and as the aim of the side it is for; a
// Hold without its own turn is decided at the turn limit.
func TestWinningTheGame_GoalsAreSaidFromTheirFields(t *testing.T) {
	cases := []struct {
		c        battle.Condition
		limit    int
		sentence string
		aim      string
	}{
		{battle.Condition{Kind: battle.EliminateAll}, 0,
			"The last side with ships in play wins; a draw if the last ships of both sides go in the same turn.",
			"destroy every enemy ship (both sides gone in the same turn: a draw)"},
		{battle.Condition{Kind: battle.Survive, Side: battle.Cylon, Turns: 15}, 0,
			"Cylon wins if it still has a ship in play at the end of turn 15.",
			"keep a ship in play to the end of turn 15"},
		{battle.Condition{Kind: battle.Destroy, Side: battle.Cylon, Ship: "raptor"}, 0,
			"Cylon wins when raptor is destroyed.",
			"destroy raptor"},
		{battle.Condition{Kind: battle.Leave, Side: battle.Colonial, Ship: "raptor", By: battle.ExitEdge, Edge: battle.North}, 0,
			"Colonial wins when raptor leaves the table by the north edge.",
			"get raptor to leave the table across the north edge"},
		{battle.Condition{Kind: battle.Leave, Side: battle.Colonial, Ship: "raptor", By: battle.ExitFTL, ZoneName: "jump-point"}, 0,
			"Colonial wins when raptor jumps away by FTL from inside jump-point.",
			"get raptor to jump away by FTL (speed slider at FTL) from inside the jump point"},
		{battle.Condition{Kind: battle.Leave, Side: battle.Colonial, Ship: "raptor", By: battle.ExitFTL}, 0,
			"Colonial wins when raptor jumps away by FTL.",
			"get raptor to jump away by FTL (speed slider at FTL) from anywhere"},
		{battle.Condition{Kind: battle.Hold, Side: battle.Cylon, ZoneName: "anchorage", Turns: 10}, 12,
			"Cylon wins if at the end of turn 10 it holds anchorage: a ship of its own with its stand inside, and no enemy ship.",
			"hold the anchorage at the end of turn 10 (a ship's stand inside, no enemy stand inside)"},
		{battle.Condition{Kind: battle.Hold, ZoneName: "anchorage"}, 12,
			"A side wins if at the end of turn 12 it holds anchorage: a ship of its own with its stand inside, and no enemy ship.",
			"hold the anchorage at the end of turn 12 (a ship's stand inside, no enemy stand inside)"},
		{battle.Condition{Kind: battle.Hold, ZoneName: "anchorage"}, 0,
			"A side wins if at the end of the last turn it holds anchorage: a ship of its own with its stand inside, and no enemy ship.",
			"hold the anchorage at the end of the last turn (a ship's stand inside, no enemy stand inside)"},
		{battle.Condition{Kind: battle.Points, Points: []battle.ClassPoints{{Class: "viper-mk2", Points: 3}, {Class: "cylon-raider", Points: 2}}, Target: 9}, 0,
			"Points for each enemy ship destroyed (viper-mk2 3, cylon-raider 2); the side with more points wins when a side has no ship left or at the turn limit, or at once on reaching 9.",
			"each enemy ship destroyed scores points (viper-mk2 3, cylon-raider 2); 9 points win at once; when a side is gone or at the turn limit, more points win"},
	}
	for _, tc := range cases {
		g := scenarios.GoalOf(tc.c, tc.limit)
		assert.Equal(t, tc.sentence, g.Sentence(), "%+v", tc.c)
		assert.Equal(t, tc.aim, g.Aim(), "%+v", tc.c)
	}
}
