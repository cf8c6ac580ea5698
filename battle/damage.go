package battle

import (
	"errors"
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/starship"
)

// errEmptyCup means a cup has no counter left to draw.
var errEmptyCup = errors.New("the cup is empty")

// drawFrom takes one counter out of a cup, at random or, in companion
// mode, the one the players say they drew. An empty cup gives
// errEmptyCup: the rules say nothing of it, and nothing can be drawn, so
// callers skip the draw (and say so).
//
// about names the ship, the cup and why (an EvCupEmpty event without its
// turn): the event recorded when the cup is empty.
func (b *Battle) drawFrom(cup *[]Counter, about Event) (Counter, error) {
	why := about.cupFor()
	if len(*cup) == 0 {
		about.Kind = EvCupEmpty
		b.emit(about)
		return Counter{}, errEmptyCup
	}
	i := 0
	if b.setup.Companion {
		if len(b.src.counters) == 0 {
			need := &NeedInput{What: DrawCounter, Of: len(*cup), For: why, Ship: about.Ship, Cup: about.Cup}
			if k, ok := b.ids[about.Ship]; ok {
				need.Side = b.st.Ships[k].Side
			}
			return Counter{}, need
		}
		head := b.src.counters[0]
		if head.roll {
			i = b.src.rng.IntN(len(*cup))
		} else {
			want, err := parseCounter(head.counter)
			if err != nil {
				return Counter{}, err
			}
			i = slices.Index(*cup, want)
			if i < 0 {
				return Counter{}, fmt.Errorf("supplied counter %q for %s is not in the cup", head.counter, why)
			}
		}
		b.src.counters = b.src.counters[1:]
		b.src.drawn = append(b.src.drawn, Draw{What: "counter", Of: len(*cup), Value: i, For: why})
	} else {
		var err error
		if i, err = b.src.take("counter", len(*cup), why, ""); err != nil {
			return Counter{}, err
		}
	}
	c := (*cup)[i]
	*cup = slices.Delete(*cup, i, i+1)
	return c, nil
}

// takeCounter draws a damage counter for a ship. numericOnly counters (an
// illegal move's) count their value and nothing else (Special cases:
// Illegal moves); otherwise a "+" draws a second counter, whose own "+" is
// ignored, and special damage takes effect from the next step (Critical
// hits and special damage; Special damage). The values stay secret. why
// and other say why (a hit by other, ...).
func (b *Battle) takeCounter(s *ShipState, why DrawReason, other string, numericOnly bool) error {
	about := Event{Ship: s.ID, Why: why, Other: other, Cup: "damage"}
	c, err := b.drawFrom(&b.st.Cup, about)
	if errors.Is(err, errEmptyCup) {
		return nil
	}
	if err != nil {
		return err
	}
	s.Counters = append(s.Counters, c)
	s.GotCounter = true
	drawn := []Counter{c}
	if c.Plus && !numericOnly {
		about.Second = true
		second, err := b.drawFrom(&b.st.Cup, about)
		switch {
		case errors.Is(err, errEmptyCup):
		case err != nil:
			return err
		default:
			s.Counters = append(s.Counters, second)
			drawn = append(drawn, second)
		}
	}
	for _, d := range drawn {
		if !numericOnly && b.setup.Rules.Set == starship.Complete && d.Special != "" {
			if d.Special == "pilot" {
				sturdy, err := b.ignores(s, talentSturdyPilot)
				if err != nil {
					return err
				}
				if sturdy {
					continue
				}
			}
			b.addSpecial(s, d.Special)
		}
	}
	b.emit(Event{Kind: EvDamage, Ship: s.ID, Count: len(drawn), Why: why, Other: other})
	b.emit(Event{Kind: EvCounters, Side: s.Side, Secret: true, Ship: s.ID, Counters: drawn, Damage: s.Damage()})
	return nil
}

// addSpecial records special damage to apply from the next step.
func (b *Battle) addSpecial(s *ShipState, sym string) {
	switch sym {
	case "engine":
		s.Pending.Engine++
	case "control":
		s.Pending.Control++
	case "pilot":
		s.Pending.Pilot++
	case "hull":
		s.Pending.Hull++
	}
}

// takeCollision draws collision counters and keeps the lowest keep of them
// (a player always keeps the least damage: collision counters carry only
// values), returning the rest to the cup (Asteroid fields; Planetoids).
// why and other say why (hitting the planetoid other, ...).
func (b *Battle) takeCollision(s *ShipState, draw, keep int, why DrawReason, other string) ([]Counter, error) {
	var drawn []Counter
	for i := 0; i < draw; i++ {
		c, err := b.drawFrom(&b.st.Collisions, Event{Ship: s.ID, Why: why, Other: other, Cup: "collision"})
		if errors.Is(err, errEmptyCup) {
			break
		}
		if err != nil {
			return nil, err
		}
		drawn = append(drawn, c)
	}
	slices.SortStableFunc(drawn, func(x, y Counter) int { return x.Value - y.Value })
	kept := drawn[:min(keep, len(drawn))]
	b.st.Collisions = append(b.st.Collisions, drawn[len(kept):]...)
	s.Collisions = append(s.Collisions, kept...)
	s.GotCounter = true
	b.emit(Event{Kind: EvCollision, Ship: s.ID, Count: draw, Kept: keep, Why: why, Other: other})
	b.emit(Event{Kind: EvCollisionKept, Side: s.Side, Secret: true, Ship: s.ID, Counters: slices.Clone(kept), Damage: s.Damage()})
	return kept, nil
}

// eliminate removes a ship from the game; its counters go back to their
// cups (Elimination of a spaceship).
func (b *Battle) eliminate(s *ShipState, cause string) {
	if s.Out {
		return
	}
	s.Out, s.OutTurn, s.Cause = true, b.st.Turn, cause
	b.st.Cup = append(b.st.Cup, s.Counters...)
	b.st.Collisions = append(b.st.Collisions, s.Collisions...)
	b.emit(Event{Kind: EvEliminated, Ship: s.ID, Cause: cause, Damage: s.Damage()})
	s.Counters, s.Collisions = nil, nil
}

// settleDamage applies, at the end of a firing step, the special damage
// taken in it and the eliminations (Fire!: firing is simultaneous).
func (b *Battle) settleDamage() {
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() {
			continue
		}
		d := &s.Ship.Damage
		p := s.Pending
		d.Engine, d.Control, d.Pilot, d.Hull = d.Engine+p.Engine, d.Control+p.Control, d.Pilot+p.Pilot, d.Hull+p.Hull
		s.Pending = starship.Damage{}
		if p.Hull > 0 && d.Hull >= 2 {
			b.emit(Event{Kind: EvCrippled, Ship: s.ID})
		}
		switch {
		case s.Damage() >= b.classes[s.Class].Structure:
			b.eliminate(s, CauseDestroyed)
		case d.Pilot >= 3:
			b.eliminate(s, CausePilotKilled)
		}
	}
}
