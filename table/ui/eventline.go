package ui

import (
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// eventLine is the line a player reads for an engine event, rendered
// here at the view's edge from the event's typed fields: where the
// engine's sentence (battle.Event.Text, whose words are in the hash of
// kept games and compared byte for byte by the simulator's outputs, so it
// does not change) names a maneuver card by its id ("overboost-bank-left")
// the line names the card as it is printed ("Overboost bank left", from
// the ship's deck: cardName), and where it says "counter(s)" the line
// counts them ("1 damage counter", "2 damage counters"). Every other
// event reads as the engine's sentence. The sides' names are capitalised
// as the log shows them (kit.LogLine).
func eventLine(e battle.Event, cardName func(ship, card string) string) string {
	cards := func(ids []string) string {
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = cardName(e.Ship, id)
		}
		return strings.Join(names, " + ")
	}
	var s string
	switch e.Kind {
	case battle.EvRevealed:
		s = e.Ship + " reveals " + cards(e.Cards) + " at " + string(e.Speed) + "."
	case battle.EvIllegal:
		s = fmt.Sprintf("%s's plan is illegal (%s): it flies %s at %s and draws %s.",
			e.Ship, strings.Join(e.Rules, ", "), cards(e.Cards), e.Speed, count(e.Count, "damage counter"))
	case battle.EvFirstCard:
		s = e.Ship + " (tailed by " + e.Other + ") shows its first card: " + cardName(e.Ship, e.Card) + "."
	case battle.EvDamage:
		s = e.Ship + " draws " + count(e.Count, "damage counter") + " for " + e.Why.Phrase(e.Other) + "."
	case battle.EvCollision:
		if e.Count > e.Kept {
			s = fmt.Sprintf("%s draws %s for %s and keeps %d.", e.Ship, count(e.Count, "collision counter"), e.Why.Phrase(e.Other), e.Kept)
		} else {
			s = e.Ship + " takes " + count(e.Kept, "collision counter") + " for " + e.Why.Phrase(e.Other) + "."
		}
	case battle.EvEnd:
		s = endWords(e)
	default:
		s = e.Text()
	}
	return kit.LogLine(s)
}

// line is the line this screen shows for an event: eventLine with the
// cards named from the decks of the ships' classes.
func (g *Game) line(e logEntry) string { return eventLine(e.Event, g.cardName) }

// cardNames names cards of a ship's deck, joined by " + ".
func (g *Game) cardNames(ship string, ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = g.cardName(ship, id)
	}
	return strings.Join(names, " + ")
}

// cardName is a maneuver card's printed name in the deck of the ship's
// class (the id when the ship or the card is unknown to this screen).
func (g *Game) cardName(ship, id string) string {
	for _, s := range g.publicView().Ships {
		if s.ID == ship {
			if c, ok := g.seat.Class(s.Class).Deck.Card(id); ok && c.Name != "" {
				return c.Name
			}
			break
		}
	}
	return id
}
