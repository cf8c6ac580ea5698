package battle

import "github.com/starshipbattles/bsg/starship"

// Choices are what the players choose over a scenario before they play:
// the rule set, the optional rules in force, and each ship's pilot,
// talents and flaws (Setup; Optional rules; Pilots: pilot tokens, pilot
// talents and flaws). A field left out keeps the scenario's own; an
// empty list given (Options: [], Talents: []) chooses none.
//
// Choices are data: the scenarios package applies them to a scenario and
// judges the result with the one setup check (scenarios.Scenario.Choose),
// the server applies those of a create request before it creates the
// game, so that its record holds the chosen setup.
type Choices struct {
	Rules   starship.RuleSet   `json:"rules,omitempty"`
	Options *[]starship.Option `json:"options,omitempty"`
	Ships   []ShipChoice       `json:"ships,omitempty"`
}

// ShipChoice is the choice of one ship's pilot (a pilot token or a named
// pilot card's id) and its talents and flaws.
type ShipChoice struct {
	Ship    string         `json:"ship"`
	Pilot   starship.Pilot `json:"pilot,omitempty"`
	Talents *[]string      `json:"talents,omitempty"`
	Flaws   *[]string      `json:"flaws,omitempty"`
}

// IsZero reports whether c chooses nothing.
func (c Choices) IsZero() bool { return c.Rules == "" && c.Options == nil && len(c.Ships) == 0 }
