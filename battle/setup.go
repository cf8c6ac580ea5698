package battle

import (
	"errors"
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Side is one of the two teams (Quick Start: Setup).
type Side string

// The two sides.
const (
	Colonial Side = "colonial"
	Cylon    Side = "cylon"
)

// Sides lists both sides in a fixed order.
var Sides = []Side{Colonial, Cylon}

func (s Side) String() string { return string(s) }

// Title returns the side's name as players read it: "Colonial", "Cylon",
// "Spectator" (Spectator: a seat that only watches); any other value as
// it is.
func (s Side) Title() string {
	switch s {
	case Colonial:
		return "Colonial"
	case Cylon:
		return "Cylon"
	case Spectator:
		return "Spectator"
	}
	return string(s)
}

// Opponent returns the other side.
func (s Side) Opponent() Side {
	if s == Colonial {
		return Cylon
	}
	return Colonial
}

// ShipSpec is one ship at the start of a battle.
type ShipSpec struct {
	ID    string
	Class string
	Side  Side
	// Pilot is a pilot token ("" is average) or the id of a named pilot
	// card of the component data (Pilot cards; Pilot tokens).
	Pilot    starship.Pilot
	Talents  []string
	Flaws    []string
	Pose     physics.Pose
	Rotation int
	Level    int
	KE       int
	Fuel     int
	// EntersOnTurn, when above 1, keeps the ship off the table until that
	// turn (scenarios: ships that enter later).
	EntersOnTurn int
	// EntersByFTL: the ship enters play by an FTL jump; Pose is then the
	// FTL marker it jumps to (Faster-than-light movement: "to enter play
	// directly at a chosen spot").
	EntersByFTL bool
}

// Setup is a battle's plain description.
type Setup struct {
	Name         string
	Rules        starship.Rules
	Width, Depth float64
	Ships        []ShipSpec
	Obstacles    []referee.Obstacle
	// TurnLimit ends the battle after that many turns (0: no limit).
	TurnLimit int
	// Victory decides the battle; nil means The Hand of God: the last side
	// with ships on the table wins, a draw if both go in the same turn.
	Victory Victory
	// Companion: dice and counters come from outside (Supply commands)
	// instead of the engine's random source.
	Companion bool
	// Aligning (companion mode at a real table): after each movement step
	// the battle waits, in the Aligning phase, for the players to set the
	// twin where the models stand (pose commands) and go on (aligned).
	Aligning bool `json:",omitempty"`
}

// Validate reports what makes a setup unplayable.
func (s Setup) Validate() error {
	var errs []error
	if s.Rules.Set != starship.Quick && s.Rules.Set != starship.Complete {
		errs = append(errs, fmt.Errorf("rules: %q; allowed: quick, complete", s.Rules.Set))
	}
	for _, p := range s.Rules.Problems() {
		errs = append(errs, fmt.Errorf("options: %s", p))
	}
	if !(s.Width > 0 && s.Depth > 0) {
		errs = append(errs, fmt.Errorf("table %g × %g: both must be more than 0", s.Width, s.Depth))
	}
	seen := map[string]bool{}
	sides := map[Side]bool{}
	for i, sh := range s.Ships {
		if sh.ID == "" || seen[sh.ID] {
			errs = append(errs, fmt.Errorf("ships[%d]: id %q is empty or given twice", i, sh.ID))
		}
		seen[sh.ID] = true
		if sh.Side != Colonial && sh.Side != Cylon {
			errs = append(errs, fmt.Errorf("ships[%d].side: %q; allowed: colonial, cylon", i, sh.Side))
		}
		sides[sh.Side] = true
		if sh.KE < starship.MinKE || sh.KE > starship.MaxKE {
			errs = append(errs, fmt.Errorf("ships[%d].ke: %d; allowed: %d to %d", i, sh.KE, starship.MinKE, starship.MaxKE))
		}
		if sh.Level < starship.MinLevel || sh.Level > starship.MaxLevel {
			errs = append(errs, fmt.Errorf("ships[%d].level: %d; allowed: %d to %d", i, sh.Level, starship.MinLevel, starship.MaxLevel))
		}
	}
	if len(sides) < 2 {
		errs = append(errs, errors.New("ships: both sides need at least one ship"))
	}
	return errors.Join(errs...)
}

// pilotOf returns the experience of a ship's pilot and the id of its pilot
// card ("" for a token): a card names the status it indicates; its
// affiliation must be the ship's side, and no earlier ship may fly a card
// of the same name (Pilot cards: "no more than one card with the same
// name").
func pilotOf(comp *assets.Components, sp ShipSpec, earlier []ShipSpec) (starship.Pilot, string, error) {
	if sp.Pilot == "" {
		return starship.Average, "", nil
	}
	if slices.Contains(starship.Pilots, sp.Pilot) {
		return sp.Pilot, "", nil
	}
	card, ok := comp.PilotCard(string(sp.Pilot))
	if !ok {
		return "", "", fmt.Errorf("unknown pilot %q; allowed: a token (%v) or a pilot card (%v)", sp.Pilot, starship.Pilots, comp.PilotCardIDs())
	}
	if card.Affiliation != string(sp.Side) {
		return "", "", fmt.Errorf("%s is a %s pilot; only a player of that faction can use the pilot (Pilot cards)", card.Name, card.Affiliation)
	}
	for _, e := range earlier {
		if e.Pilot == sp.Pilot {
			return "", "", fmt.Errorf("%s flies %s already; a game has at most one card of a name (Pilot cards)", e.ID, card.Name)
		}
	}
	return starship.Pilot(card.Experience), card.ID, nil
}
