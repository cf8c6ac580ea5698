package ui

import (
	"testing"

	"github.com/starshipbattles/bsg/battle"
	"github.com/stretchr/testify/assert"
)

// TestEndReasonNamesTheSidesAsEverywhereElse (Winning the game; the
// scenario's victory conditions): the end screen, the replay's last line,
// the log and a catch-up's summary say why the battle ended from the
// reason's typed fields, with the sides capitalised and a zone by its
// title; the engine's own sentence (in the hash of kept games) is not
// what they show.
func TestEndReasonNamesTheSidesAsEverywhereElse(t *testing.T) {
	survived := battle.EndReason{Kind: battle.EndSurvived, Side: battle.Cylon, Turns: 2}
	assert.Equal(t, "cylon survived 2 turns", survived.Text(), "the engine's sentence is unchanged")
	assert.Equal(t, "Cylon survived 2 turns", endReasonWords(survived))
	assert.Equal(t, "Colonial survived 1 turn", endReasonWords(battle.EndReason{Kind: battle.EndSurvived, Side: battle.Colonial, Turns: 1}))
	held := battle.EndReason{Kind: battle.EndHeld, Side: battle.Colonial, Zone: "jump-point", Turns: 6}
	assert.Equal(t, "Colonial holds the jump point at the end of turn 6", endReasonWords(held))
	assert.Equal(t, "only Cylon ships remain", endReasonWords(battle.EndReason{Kind: battle.EndLastSide, Side: battle.Cylon}))
	out := battle.EndReason{Kind: battle.EndShipOut, Ship: "galactica", Cause: battle.CauseDestroyed}
	assert.Equal(t, out.Text(), endReasonWords(out), "a reason without a side reads as the engine says it")

	end := battle.Event{Kind: battle.EvEnd, Side: battle.Cylon, Reason: &survived}
	assert.Equal(t, "Cylon wins: Cylon survived 2 turns.", endWords(end))
	assert.Equal(t, "Cylon wins: Cylon survived 2 turns.", eventLine(end, func(_, c string) string { return c }))
	assert.Equal(t, "The battle is a draw: the turn limit (8) is reached.",
		endWords(battle.Event{Kind: battle.EvEnd, Reason: &battle.EndReason{Kind: battle.EndTurnLimit, Turns: 8}}))
	assert.Equal(t, "no shots; Cylon wins: Cylon survived 2 turns.", turnSummary([]battle.Event{end}), "a catch-up's summary")
}
