package ui

import (
	"fmt"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// endReasonWords is why a battle ended as a player reads it, rendered at
// the view's edge from the reason's typed fields (Winning the game; the
// scenario's victory conditions): the sides named as everywhere on screen
// ("Cylon survived 2 turns", never "cylon"), a zone by its title ("holds
// the jump point"), turns counted in words ("1 turn"). The engine's
// EndReason.Text stays as it is: its words are in the hash of kept games.
func endReasonWords(r battle.EndReason) string {
	switch r.Kind {
	case battle.EndSurvived:
		return fmt.Sprintf("%s survived %s", SideName(r.Side), count(r.Turns, "turn"))
	case battle.EndHeld:
		return fmt.Sprintf("%s holds %s at the end of turn %d", SideName(r.Side), scenarios.ZoneTitle(r.Zone), r.Turns)
	case battle.EndLastSide:
		return "only " + SideName(r.Side) + " ships remain"
	}
	return r.Text()
}

// endWords is the battle's end (battle.EvEnd) as a player reads it:
// "Colonial wins: …" or "The battle is a draw: …", the reason rendered by
// endReasonWords.
func endWords(e battle.Event) string {
	why := ""
	if e.Reason != nil {
		why = endReasonWords(*e.Reason)
	}
	if e.Side == "" {
		return "The battle is a draw: " + why + "."
	}
	return SideName(e.Side) + " wins: " + why + "."
}
