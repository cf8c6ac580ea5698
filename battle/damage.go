package battle

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/starship"
)

// errEmptyCup means a cup has no counter left to draw.
var errEmptyCup = errors.New("the cup is empty")

// drawFrom takes one counter out of a cup, at random or, in companion
// mode, the one the players say they drew. An empty cup gives
// errEmptyCup: the rules say nothing of it, and nothing can be drawn, so
// callers skip the draw (and say so).
func (b *Battle) drawFrom(cup *[]Counter, why string) (Counter, error) {
	if len(*cup) == 0 {
		b.log("The cup is empty: no counter for %s.", why)
		return Counter{}, errEmptyCup
	}
	i := 0
	if b.setup.Companion {
		if len(b.src.counters) == 0 {
			return Counter{}, &NeedInput{What: "counter", Of: len(*cup), For: why}
		}
		want, err := parseCounter(b.src.counters[0])
		if err != nil {
			return Counter{}, err
		}
		i = slices.Index(*cup, want)
		if i < 0 {
			return Counter{}, fmt.Errorf("supplied counter %q for %s is not in the cup", b.src.counters[0], why)
		}
		b.src.counters = b.src.counters[1:]
		b.src.drawn = append(b.src.drawn, Draw{What: "counter", Of: len(*cup), Value: i, For: why})
	} else {
		var err error
		if i, err = b.src.take("counter", len(*cup), why); err != nil {
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
// hits and special damage; Special damage). The values stay secret.
func (b *Battle) takeCounter(s *ShipState, why string, numericOnly bool) error {
	c, err := b.drawFrom(&b.st.Cup, s.ID+"'s damage ("+why+")")
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
		second, err := b.drawFrom(&b.st.Cup, s.ID+"'s second damage counter")
		switch {
		case errors.Is(err, errEmptyCup):
		case err != nil:
			return err
		default:
			s.Counters = append(s.Counters, second)
			drawn = append(drawn, second)
		}
	}
	names := make([]string, len(drawn))
	for i, d := range drawn {
		names[i] = d.String()
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
	b.log("%s draws %d damage counter(s) for %s.", s.ID, len(drawn), why)
	b.secret(s.Side, "%s's counters: %s (total damage %d).", s.ID, strings.Join(names, ", "), s.Damage())
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
func (b *Battle) takeCollision(s *ShipState, draw, keep int, why string) ([]Counter, error) {
	var drawn []Counter
	for i := 0; i < draw; i++ {
		c, err := b.drawFrom(&b.st.Collisions, s.ID+"'s collision ("+why+")")
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
	if draw > keep {
		b.log("%s draws %d collision counters for %s and keeps %d.", s.ID, draw, why, keep)
	} else {
		b.log("%s takes %d collision counter(s) for %s.", s.ID, keep, why)
	}
	vals := make([]string, len(kept))
	for i, c := range kept {
		vals[i] = c.String()
	}
	b.secret(s.Side, "%s keeps collision counters %s (total damage %d).", s.ID, strings.Join(vals, ", "), s.Damage())
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
	b.log("%s is eliminated: %s (damage %d).", s.ID, cause, s.Damage())
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
			b.log("%s is crippled.", s.ID)
		}
		switch {
		case s.Damage() >= b.classes[s.Class].Structure:
			b.eliminate(s, CauseDestroyed)
		case d.Pilot >= 3:
			b.eliminate(s, "its pilot is killed")
		}
	}
}
