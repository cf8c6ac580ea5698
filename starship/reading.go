package starship

import (
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/maneuvers"
)

// reading is a plan read against the deck: which card plays which part,
// the arrow that moves the ship and the kinetic energy the plan adds up to.
type reading struct {
	plan      Plan
	main      *maneuvers.Card // the maneuver card
	overboost *maneuvers.Card
	change    *maneuvers.Card // change direction
	blank     *maneuvers.Card
	extra     []maneuvers.Card // cards beyond one per part
	arrow     maneuvers.Arrow  // the main card's arrow (zero when standing still)
	hasArrow  bool
	arrowKE   int // kinetic energy of the main card's part
	levelKE   int // kinetic energy a level change adds (Moving between levels)
	ke        int // the plan's total kinetic energy (Kinetic energy), levelKE included
	g         int // total G-value
}

// read resolves the plan's cards in the deck. Unknown cards, a wrong
// number of cards and unknown speeds are errors in the input, not
// illegal plans.
func read(c *Class, s *State, p Plan) (reading, error) {
	r := reading{plan: p}
	if len(p.Cards) == 0 || len(p.Cards) > 2 {
		return r, fmt.Errorf("cards: %d given; allowed: one card, or two", len(p.Cards))
	}
	if !p.Speed.Valid() {
		return r, fmt.Errorf("speed: %q is not a speed; allowed: stop, back, low, medium, high, ftl", p.Speed)
	}
	if p.Rotate < MinRotation || p.Rotate > MaxRotation {
		return r, fmt.Errorf("rotate: %d is out of range; allowed: %d to %d", p.Rotate, MinRotation, MaxRotation)
	}
	if p.Level < -1 || p.Level > 1 {
		return r, fmt.Errorf("level: %d is out of range; allowed: -1, 0, 1", p.Level)
	}
	for _, id := range p.Cards {
		i := c.Deck.Index(id)
		if i < 0 {
			return r, fmt.Errorf("cards: %q is not in the %s deck; allowed: %s", id, c.ID, strings.Join(c.Deck.CardIDs(), ", "))
		}
		card := &c.Deck.Cards[i] // read only: the class's deck is shared
		slot := &r.main
		switch {
		case card.IsOverboost():
			slot = &r.overboost
		case card.IsChangeDirection():
			slot = &r.change
		case card.IsBlank():
			slot = &r.blank
		}
		if *slot != nil {
			r.extra = append(r.extra, *card)
		} else {
			*slot = card
		}
		r.g += card.G
	}
	r.resolveArrow(s.KE)
	return r, nil
}

// resolveArrow picks the main card's arrow and adds up the kinetic energy.
// With the slider at FTL the kinetic energy stays as it was, so the arrow
// is the one whose energy makes up the difference.
func (r *reading) resolveArrow(ke int) {
	bonus := 0
	if r.overboost != nil {
		if line, ok := r.overboost.Line(); ok {
			bonus += line.KineticEnergy
		}
	}
	if r.plan.Level != 0 {
		r.levelKE = levelChangeKE
		bonus += levelChangeKE
	}
	speed := r.plan.Speed
	if speed == maneuvers.FTL {
		if sp, ok := maneuvers.SpeedForKineticEnergy(ke - bonus); ok {
			speed = sp
		} else {
			speed = ""
		}
	}
	r.arrowKE = speed.KineticEnergy()
	if r.main != nil && speed != maneuvers.Stop && speed != "" {
		r.arrow, r.hasArrow = r.main.Arrow(speed)
	}
	r.ke = r.arrowKE + bonus
}

// cardsKE is the kinetic energy of the maneuver cards alone: the plan's
// without what a level change adds "in addition to the value indicated
// by the planned maneuver" (Moving between levels). Acceleration limits
// this value.
func (r *reading) cardsKE() int { return r.ke - r.levelKE }

// levelChangeKE is the kinetic energy a level change adds (Moving between
// levels).
const levelChangeKE = 3

// allStraight reports whether every moving card (every card of cards) is
// straight.
func (r *reading) allStraight() bool {
	straight := func(c *maneuvers.Card) bool { return c == nil || c.IsStraight() || c.IsBlank() }
	if !straight(r.overboost) || !straight(r.change) || !straight(r.main) || !straight(r.blank) {
		return false
	}
	for i := range r.extra {
		if !straight(&r.extra[i]) {
			return false
		}
	}
	return true
}

// moves reports whether the ship moves along the main card's arrow.
func (r reading) moves() bool { return r.hasArrow }

// FirstCard returns the card a tailed ship shows the ship tailing it: its
// first card, the overboost, else the change direction card, else the
// maneuver card; never a blank (Tailing: "overboost, change direction, or
// normal maneuver card"). It reports false when the plan names no such
// card of the ship's deck.
func FirstCard(c Class, p Plan) (string, bool) {
	var main, change, overboost string
	for _, id := range p.Cards {
		i := c.Deck.Index(id)
		var card *maneuvers.Card
		if i >= 0 {
			card = &c.Deck.Cards[i]
		}
		switch {
		case card == nil, card.IsBlank():
		case card.IsOverboost():
			if overboost == "" {
				overboost = id
			}
		case card.IsChangeDirection():
			if change == "" {
				change = id
			}
		case main == "":
			main = id
		}
	}
	for _, id := range []string{overboost, change, main} {
		if id != "" {
			return id, true
		}
	}
	return "", false
}
