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

	classes map[string]*seatClass
	rulings map[string][]referee.Ruling
}

// seatClass is a ship class of the battle with the lists of its cards the
// candidate plans are made of, worked out once per game.
type seatClass struct {
	starship.Class
	maneuvers []string // the maneuver cards, in deck order
	boosts    []string // the overboost cards, in deck order
}

func newSeatClass(c starship.Class) *seatClass {
	sc := &seatClass{Class: c}
	for _, card := range c.Deck.Cards {
		switch {
		case card.IsOverboost():
			sc.boosts = append(sc.boosts, card.ID)
		case card.IsChangeDirection(), card.IsBlank():
		default:
			sc.maneuvers = append(sc.maneuvers, card.ID)
		}
	}
	return sc
}

// Rules returns the rules in force.
func (s *Seat) Rules() starship.Rules { return s.Setup.Rules }

// Class returns a ship class of the battle.
func (s *Seat) Class(id string) starship.Class { return s.class(id).Class }

// class returns a ship class of the battle with its card lists (empty for
// a class the battle does not have).
func (s *Seat) class(id string) *seatClass {
	if c := s.classes[id]; c != nil {
		return c
	}
	return &seatClass{}
}

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

// legal reports whether a plan breaks no rule for the ship in state st:
// the engine's answer (battle.PreviewPlan's, through battle.Judge).
func (s *Seat) legal(st starship.State, p starship.Plan) bool {
	return battle.NewJudge(s.Rules(), s.Comp, s.Class(st.Class), st).Legal(p)
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

// seatAgain returns the Seat of side for the battle as it stands now,
// reusing the memory of the one it returned last for side: for act, whose
// seats live for one policy call (a policy keeps nothing of a seat).
func (g *Game) seatAgain(side battle.Side) *Seat {
	if g.seats == nil {
		g.seats = map[battle.Side]*Seat{}
	}
	s := g.seats[side]
	if s == nil {
		s = &Seat{}
		g.seats[side] = s
	}
	view, rulings := s.View, s.rulings
	*s = Seat{Side: side, View: view, Setup: g.b.Setup(), Comp: g.comp, Rand: g.Rand, classes: g.classes}
	g.b.ViewInto(&s.View, side)
	if s.View.Phase == battle.Declaring {
		if rulings == nil {
			rulings = map[string][]referee.Ruling{}
		}
		clear(rulings)
		s.rulings = rulings
		for _, sv := range s.View.Ships {
			if sv.Own {
				s.rulings[sv.ID] = g.b.Targets(sv.ID)
			}
		}
	}
	return s
}

// refresh brings s, the seat of a side that has just made its decision
// for ship id (a plan, a severely wounded pilot's cards, an FTL marker)
// with the phase unchanged, up to date in place: of all the ships only
// that one has changed, so only its entry of the view is rebuilt
// (battle.Refresh).
func (g *Game) refresh(s *Seat, id string) *Seat {
	g.b.Refresh(&s.View, id)
	return s
}
