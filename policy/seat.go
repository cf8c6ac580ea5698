package policy

import (
	"math/rand/v2"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Seat is everything a policy may consult for one decision, what a player
// sitting at the table for one side would have: that side's View, the
// scenario (battle.Setup: the table, the forces, the rules and the victory
// conditions, all public before the battle begins), the components, the
// rulings on what each of the side's own ships may fire at now (the same
// the table view shows its player), and the policy's own random source.
// A Seat holds no *battle.Battle and no battle.State: a policy cannot
// reach the other side's secrets through it (TestSeatHoldsNoSecrets).
type Seat struct {
	Side  battle.Side
	View  battle.View
	Setup battle.Setup
	Comp  *assets.Components
	Rand  *rand.Rand

	classes map[string]starship.Class
	rulings map[string][]referee.Ruling
}

// Rules returns the rules in force.
func (s *Seat) Rules() starship.Rules { return s.Setup.Rules }

// Class returns a ship class of the battle.
func (s *Seat) Class(id string) starship.Class { return s.classes[id] }

// Rulings returns what one of the side's ships may fire at now, with the
// referee's rulings (Line of sight; Choosing a target).
func (s *Seat) Rulings(ship string) []referee.Ruling { return s.rulings[ship] }

// Targets returns the ids of what one of the side's ships may fire at now.
func (s *Seat) Targets(ship string) []string {
	var out []string
	for _, r := range s.rulings[ship] {
		out = append(out, r.TargetID)
	}
	return out
}

// legal reports whether a plan breaks no rule for the ship.
func (s *Seat) legal(st starship.State, p starship.Plan) bool {
	return starship.Legal(s.Rules(), s.Class(st.Class), st, p)
}

// seat builds the Seat of side for the battle as it stands now.
func (g *Game) seat(side battle.Side) *Seat {
	v := g.b.View(side)
	s := &Seat{Side: side, View: v, Setup: g.b.Setup(), Comp: g.comp, Rand: g.Rand, classes: g.classes}
	if v.Phase == battle.Declaring {
		s.rulings = map[string][]referee.Ruling{}
		for _, sv := range v.Ships {
			if sv.Own {
				s.rulings[sv.ID] = g.b.Targets(sv.ID)
			}
		}
	}
	return s
}
