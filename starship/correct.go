package starship

import (
	"slices"

	"github.com/starshipbattles/bsg/maneuvers"
)

// Straight card ids used by the corrections.
const (
	straightCard          = "straight"
	straightOverboostCard = "overboost-straight"
)

// Correct returns the plan the rules put in place of an illegal one, and
// how many damage counters the ship draws for it (numeric value only).
//
// Quick Start (Special cases: Illegal moves): the speed slider returns to
// last turn's position and the ship moves with its straight maneuver; one
// draw.
//
// Complete Rules (Special cases: Illegal moves): non-straight cards of a
// rotated ship are replaced with straight ones; a speed that needs more
// acceleration than the ship has is raised or lowered until the change is
// legal; any other illegal choice is replaced with a straight maneuver,
// adjusting the speed if needed; a level change that no speed makes legal
// is dropped (Moving between levels); one draw per kind of reason.
func Correct(rs Rules, c Class, s State, p Plan, violations []Violation) (Plan, int) {
	if len(violations) == 0 {
		return p, 0
	}
	if rs.Set != Complete {
		speed := s.Speed
		if !speed.Valid() || speed == maneuvers.FTL {
			speed = maneuvers.Stop
		}
		return Plan{Cards: []string{straightCard}, Speed: speed, Rotate: s.Rotation}, 1
	}
	kinds := map[kind]bool{}
	for _, v := range violations {
		kinds[v.kind] = true
	}
	q := p.Clone()
	if kinds[kindOther] {
		q = straightened(c, q, true)
		if broken(rs, c, s, q, "level-not-in-use", "level-change-restrictions", "out-of-fuel-inertial") {
			q.Level = 0
		}
		if broken(rs, c, s, q, "rotation-quick", "rotate-needs-straight", "control-no-rotation", "out-of-fuel-no-rotation") {
			q.Rotate = s.Rotation
		}
		if q.Speed == maneuvers.FTL && broken(rs, c, s, q, "ftl-not-allowed", "ftl-consecutive", "ftl-limit", "ftl-change-direction", "ftl-kinetic-energy", "out-of-fuel-inertial") {
			q.Speed = s.Speed
			if !q.Speed.Valid() || q.Speed == maneuvers.FTL {
				q.Speed = maneuvers.Stop
			}
		}
	}
	if kinds[kindNotStraight] {
		q = straightened(c, q, false)
	}
	q = adjustSpeed(rs, c, s, q)
	return q, len(kinds)
}

// straightened replaces the cards with straight ones: all of them
// (dropping any overboost or change direction card), or only the
// non-straight ones (an overboost becomes a straight overboost).
func straightened(c Class, p Plan, all bool) Plan {
	var cards []string
	for _, id := range p.Cards {
		card, _ := c.Deck.Card(id)
		switch {
		case card.IsChangeDirection() && !all:
			cards = append(cards, id)
		case card.IsBlank():
		case card.IsOverboost():
			if !all {
				cards = append(cards, straightOverboostCard)
			}
		}
	}
	p.Cards = append(cards, straightCard)
	return p
}

// broken reports whether the plan breaks any of the named rules.
func broken(rs Rules, c Class, s State, p Plan, ids ...string) bool {
	vs, err := Check(rs, c, s, p)
	if err != nil {
		return true
	}
	for _, v := range vs {
		if slices.Contains(ids, v.Rule) {
			return true
		}
	}
	return false
}

// adjustSpeed moves the speed slider (and, when no speed alone can do it,
// adds or drops a straight overboost) to the legal setting whose kinetic
// energy is nearest to what was planned.
func adjustSpeed(rs Rules, c Class, s State, p Plan) Plan {
	if !broken(rs, c, s, p, "acceleration", "kinetic-energy-frozen", "no-arrow-for-speed", "overboost-needs-forward") {
		return p
	}
	planned := 0
	if r, err := read(&c, &s, p); err == nil {
		planned = r.ke
	}
	best, bestDist := p, -1
	for _, withOverboost := range []bool{hasOverboost(c, p), !hasOverboost(c, p)} {
		q := p.Clone()
		q.Cards = setOverboost(c, q.Cards, withOverboost)
		for _, sp := range []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High} {
			q.Speed = sp
			vs, err := Check(rs, c, s, q)
			if err != nil || len(vs) > 0 {
				continue
			}
			r, _ := read(&c, &s, q)
			d := abs(r.ke - planned)
			if bestDist < 0 || d < bestDist {
				best, bestDist = q.Clone(), d
			}
		}
		if bestDist >= 0 {
			return best
		}
	}
	if p.Level != 0 {
		// No speed makes the level change legal (its 3 is the kinetic
		// energy the ship may not gain): the corrected move flies without
		// the change it was penalised for.
		q := p.Clone()
		q.Level = 0
		return adjustSpeed(rs, c, s, q)
	}
	return best
}

func hasOverboost(c Class, p Plan) bool {
	for _, id := range p.Cards {
		if card, ok := c.Deck.Card(id); ok && card.IsOverboost() {
			return true
		}
	}
	return false
}

// setOverboost returns the cards with a straight overboost added or any
// overboost removed.
func setOverboost(c Class, cards []string, on bool) []string {
	var out []string
	had := false
	for _, id := range cards {
		if card, ok := c.Deck.Card(id); ok && card.IsOverboost() {
			had = true
			if !on {
				continue
			}
		}
		out = append(out, id)
	}
	if on && !had {
		out = append([]string{straightOverboostCard}, out...)
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
