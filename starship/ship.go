// Package starship is a ship's classes, its state between turns, the
// control panel (a plan) and what a plan does: its legality with reasons,
// the illegal-move correction of each rule set, fuel, and the movement
// steps it makes (Planning; Movement; Kinetic energy; Rotation; Changing
// direction; Special cases; Special damage; Fuel; Three-dimensional space;
// Pilots; Faster-than-light movement).
package starship

import (
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

// RuleSet is Quick Start or Complete.
type RuleSet string

// The two rule sets.
const (
	Quick    RuleSet = "quick"
	Complete RuleSet = "complete"
)

// Option is an optional rule in force.
type Option string

// The optional rules that change what a ship may plan.
const (
	OptFuel   Option = "fuel"    // Fuel
	OptThreeD Option = "three_d" // Three-dimensional space
	OptFTL    Option = "ftl"     // Faster-than-light movement
	OptPilots Option = "pilots"  // Pilots
	OptBlank  Option = "blank"   // Blank maneuver cards

	// Options that change the battle rather than a ship's plan.
	OptTailing           Option = "tailing"            // Tailing
	OptAiming            Option = "aiming"             // Aiming
	OptAttackDeclaration Option = "attack_declaration" // Attack declaration
	OptDoubles           Option = "rolling_doubles"    // Rolling doubles
)

// Options lists every option.
var Options = []Option{OptFuel, OptThreeD, OptFTL, OptPilots, OptBlank, OptTailing, OptAiming, OptAttackDeclaration, OptDoubles}

// QuickStartOptions are the options a Quick Start game may add: the
// optional rules the rulebook marks for it, Fuel and Tailing (Optional
// rules: "If you are playing with the Quick Start Rules, you may only add
// optional rules marked with" that mark), and the Pilots feature, which
// needs nothing of the Complete Rules. Faster-than-light movement needs
// the speed slider's FTL setting, which is Complete Rules only (Speed
// settings on the control panel).
var QuickStartOptions = []Option{OptFuel, OptTailing, OptPilots}

// Problems lists what makes the rules unplayable: an unknown option, or an
// option the Quick Start Rules may not add; none means playable.
func (r Rules) Problems() []string {
	var out []string
	for _, o := range r.Options {
		switch {
		case !slices.Contains(Options, o):
			out = append(out, fmt.Sprintf("unknown option %q; allowed: %v", o, Options))
		case r.Set != Quick || slices.Contains(QuickStartOptions, o):
		case o == OptFTL:
			out = append(out, "ftl is played only with the Complete Rules (Faster-than-light movement; the FTL speed setting is Complete Rules only); use rules: complete")
		default:
			out = append(out, fmt.Sprintf("%s is an optional rule the rulebook does not mark for the Quick Start Rules (Optional rules: with the Quick Start Rules only Fuel and Tailing may be added); use rules: complete", o))
		}
	}
	return out
}

// Rules are the rule set and the options in force.
type Rules struct {
	Set     RuleSet
	Options []Option
}

// Has reports whether an option is in force.
func (r Rules) Has(o Option) bool { return slices.Contains(r.Options, o) }

// Pilot is a pilot token's experience (Pilot tokens).
type Pilot string

// The pilot tokens.
const (
	Nugget  Pilot = "nugget"
	Rookie  Pilot = "rookie"
	Average Pilot = "average"
	Expert  Pilot = "expert"
	Ace     Pilot = "ace"
)

// Pilots lists the tokens from least to most experienced.
var Pilots = []Pilot{Nugget, Rookie, Average, Expert, Ace}

// Damage counts the special damage a ship has taken, by symbol (Special
// damage).
type Damage struct {
	Engine, Control, Pilot, Hull int
}

// State is a ship between turns: everything its next plan depends on.
type State struct {
	Class string
	// Pose is the stand and the heading (movement direction).
	Pose physics.Pose
	// Rotation is the dial: notches clockwise from the heading, −5..6.
	Rotation int
	// KE is the kinetic energy slider, −1..6.
	KE int
	// Speed is where the speed slider stood last turn (Quick Start: an
	// illegal move returns it there).
	Speed maneuvers.Speed
	Level int
	Fuel  int
	// DifficultLastTurn: a difficult maneuver marker from last turn.
	DifficultLastTurn bool
	// FTLLastTurn: jumped last turn; FTLJumps: jumps so far this game.
	FTLLastTurn bool
	FTLJumps    int
	Damage      Damage
	Pilot       Pilot
	// Bonus is what the pilot's talents allow this turn (Pilot talents and
	// flaws); the battle engine sets it.
	Bonus Bonus
}

// Bonus widens a ship's limits for one turn: the effects of maneuvering
// talents.
type Bonus struct {
	Acceleration   int  `json:"acceleration,omitempty"`    // added to the acceleration
	GLimit         int  `json:"g_limit,omitempty"`         // added to the G limit
	DifficultAgain bool `json:"difficult_again,omitempty"` // a difficult maneuver right after another
}

// Facing returns the direction the ship points (heading turned clockwise
// by the dial).
func (s State) Facing(notch float64) physics.Pose {
	return physics.Pose{Pos: s.Pose.Pos, Heading: s.Pose.Heading - physics.Deg(notch*float64(s.Rotation))}
}

// Class is what the data says about a ship class.
type Class struct {
	ID           string
	Name         string
	Attack       int
	Structure    int
	Acceleration int
	FTL          bool
	AcrossFlats  float64
	Deck         maneuvers.Deck
	// GLimit is the most the G-values of a turn's cards may add up to
	// (Planning): the components' g_limit, the same for every class.
	GLimit int
}

// ClassFor reads a class and its deck from the component data.
func ClassFor(comp *assets.Components, id string) (Class, error) {
	c, ok := comp.Class(id)
	if !ok {
		return Class{}, fmt.Errorf("unknown class %q; allowed: %v", id, comp.ClassIDs())
	}
	deck, err := maneuvers.DeckFor(comp, id)
	if err != nil {
		return Class{}, err
	}
	return Class{
		ID: c.ID, Name: c.Name,
		Attack: c.Attack.Value, Structure: c.Structure.Value, Acceleration: c.Acceleration.Value,
		FTL: c.FTL.Value, AcrossFlats: comp.BaseAcrossFlats(id), Deck: deck,
		GLimit: comp.Geometry.GLimit.Value,
	}, nil
}

// Plan is what the control panel and the chosen cards say for one turn.
type Plan struct {
	Cards []string        // one card, or two (an overboost or a change direction card with a maneuver; a maneuver with a blank)
	Speed maneuvers.Speed // the speed slider
	// Rotate is where the rotation dial is set: notches clockwise from the
	// movement direction, −5..6 (Rotation).
	Rotate int
	// Level is the level slider: −1, 0 or +1 (Three-dimensional space).
	Level int
}

// Clone returns a copy that shares nothing with p.
func (p Plan) Clone() Plan {
	p.Cards = slices.Clone(p.Cards)
	return p
}

// FTLJump is where a jumping ship's marker lies and what the dice said
// (Faster-than-light movement).
type FTLJump struct {
	Marker       physics.Pose
	SideRoll     int // 2d6: which side of the marker
	DistanceRoll int // 1d6: centimetres straight ahead
}
