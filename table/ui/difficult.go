package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// difficultyRules are the engine's rules (starship's rule ids) on
// difficult maneuvers and on what may follow one (Planning: Difficult
// maneuvers; Special damage: pilot wounded).
var difficultyRules = []string{"difficult-after-difficult", "overboost-after-difficult", "wounded-no-difficult"}

// cardCost is what choosing a card costs a ship now by the rules of
// difficult maneuvers (Planning: Difficult maneuvers), as the engine's
// one legality answer (the seat's Preview of the draft with that card in
// it) has it: a difficult card takes a difficult maneuver marker (next
// turn the ship may plan no difficult card, and no overboost card but a
// straight one); a card those rules forbid now is illegal, flown as the
// illegal-move correction flies it, with damage.
type cardCost struct {
	card   maneuvers.Card
	marker bool               // choosing it takes a difficult maneuver marker
	broken starship.Violation // the difficulty rule it breaks now (Rule "" if none)
	flown  *starship.Outcome  // broken: what the ship flies instead, and draws
}

// costsKey is what the costs of a ship's cards depend on: the draft and
// the ship's state.
type costsKey struct{ ship, plan, state string }

// cardCosts returns the costs of the ship's cards that the rules of
// difficult maneuvers touch now: each difficult maneuver card, and each
// overboost card those rules forbid, in deck order. Each is the draft with
// that card put in (as a tap on it would), previewed once for each change
// of the draft or of the ship.
func (g *Game) cardCosts(side battle.Side, s battle.ShipView, deck maneuvers.Deck, p starship.Plan) []cardCost {
	key := costsKey{s.ID, fmt.Sprintf("%+v", p), fmt.Sprintf("%+v", *s.State)}
	if c, ok := g.costs[key]; ok {
		return c
	}
	var out []cardCost
	for _, c := range deck.Cards {
		if !c.IsDifficult() && !(c.IsOverboost() && !c.IsStraight()) {
			continue
		}
		q := p.Clone()
		if c.IsSecond() {
			setSecond(&q, deck, c.ID)
		} else {
			setMain(&q, deck, c.ID)
		}
		o, err := g.seat.Preview(side, s.ID, q)
		if err != nil {
			continue
		}
		// a difficult card the rules allow now takes a marker when it is
		// flown (at a speed it has no arrow for it is bracketed: flown
		// straight instead)
		cc := cardCost{card: c, marker: c.IsDifficult()}
		for _, vi := range o.Violations {
			if slices.Contains(difficultyRules, vi.Rule) {
				cc.broken, cc.marker = vi, false
				if len(o.Steps) > 0 {
					cc.flown = &o
				}
				break
			}
		}
		if cc.marker || cc.broken.Rule != "" {
			out = append(out, cc)
		}
	}
	if g.costs == nil || len(g.costs) > 64 {
		g.costs = map[costsKey][]cardCost{}
	}
	g.costs[key] = out
	return out
}

// costOf finds a card among the costs.
func costOf(costs []cardCost, id string) (cardCost, bool) {
	for _, c := range costs {
		if c.card.ID == id {
			return c, true
		}
	}
	return cardCost{}, false
}

// drawCostMark paints a card button's mark, as the printed card shows its
// difficult symbol: a hexagon in the button's corner, outlined for a
// difficult card that may be chosen (it takes a marker), filled in the
// warning colour for a card the rules forbid now.
func drawCostMark(l *kit.List, r kit.Rect, c cardCost, s float64) {
	rad := costMarkRadius * s
	cx, cy := r.X+r.W-rad-2*s, r.Y+rad+2*s
	fill, stroke := kit.ColNone, kit.ColInk
	if c.broken.Rule != "" {
		fill, stroke = kit.ColWarn, kit.ColWarn
	}
	l.Poly(hexagon(kit.Pt{X: cx, Y: cy}, rad), fill, stroke, 1.5*s)
}

// costMarkRadius is the radius of a card button's hexagon mark, in
// units; costMarkRoom is the room at the button's right edge its label
// leaves for it (the mark and a margin: on a phone the label fills the
// button, and "G3" lay under the hexagon).
const (
	costMarkRadius = 4
	costMarkRoom   = 2*costMarkRadius + 4
)

// markRoom is the room a card button's label leaves at its right edge:
// the mark's when the button carries one, at scale s.
func markRoom(marked bool, s float64) float64 {
	if !marked {
		return 0
	}
	return costMarkRoom * s
}

// hexagon is a regular hexagon of radius r about c, flat side up.
func hexagon(c kit.Pt, r float64) []kit.Pt {
	pts := make([]kit.Pt, 6)
	for i := range pts {
		a := float64(i) * math.Pi / 3
		pts[i] = kit.Pt{X: c.X + r*math.Cos(a), Y: c.Y + r*math.Sin(a)}
	}
	return pts
}

// costLine is a line of words under the cards; warn: a card the rules
// forbid now.
type costLine struct {
	text string
	warn bool
}

// costLines are the words under the cards for the marked ones: what
// choosing each costs this ship now.
func (g *Game) costLines(ship string, costs []cardCost) []costLine {
	var marked []string
	var out []costLine
	for _, c := range costs {
		if c.marker {
			marked = append(marked, c.card.Name)
		}
	}
	if len(marked) > 0 {
		out = append(out, costLine{text: fmt.Sprintf("Hexagon, difficult: %s. Choosing one takes a difficult maneuver marker: next turn %s may plan no difficult card, and no overboost card but a straight one (Planning: Difficult maneuvers).",
			strings.Join(marked, ", "), ship)})
	}
	for _, c := range costs {
		if c.broken.Rule == "" {
			continue
		}
		line := fmt.Sprintf("Red hexagon, %s: not now, %s (%s).", c.card.Name, c.broken.Message, c.broken.Section)
		if c.flown != nil {
			line += fmt.Sprintf(" Planned anyway, it flies %s at %s and draws %s.", g.cardNames(ship, c.flown.Executed.Cards), c.flown.Executed.Speed, count(c.flown.DamageDraws, "damage counter"))
		}
		out = append(out, costLine{text: line, warn: true})
	}
	return out
}
