package assets

// Symbols on a maneuver card (rulebook, Planning: special maneuver symbols;
// the change direction and blank cards: Changing direction, Blank maneuver
// cards).
const (
	SymbolStraight        = "straight"
	SymbolTurn            = "turn"
	SymbolOverboost       = "overboost"
	SymbolDifficult       = "difficult"
	SymbolChangeDirection = "change-direction"
	SymbolBlank           = "blank"
)

// Speeds of arrows (rulebook, Planning: speed settings on the control
// panel). SpeedOverboost is the line of an overboost card, not a slider
// setting.
const (
	SpeedLow       = "low"
	SpeedMedium    = "medium"
	SpeedHigh      = "high"
	SpeedBack      = "back"
	SpeedOverboost = "overboost"
)

// allSymbols lists the symbols in the order the sheet and messages give
// them.
func allSymbols() []string {
	return []string{SymbolStraight, SymbolTurn, SymbolOverboost, SymbolDifficult, SymbolChangeDirection, SymbolBlank}
}

// allSpeeds lists the speeds in the order a card's arrows are kept.
func allSpeeds() []string {
	return []string{SpeedLow, SpeedMedium, SpeedHigh, SpeedBack, SpeedOverboost}
}

// ruleKineticEnergy is the kinetic energy the rulebook gives a move with an
// arrow of each speed (Kinetic energy); decks.yaml must agree with it.
var ruleKineticEnergy = map[string]int{
	SpeedLow:       1,
	SpeedMedium:    2,
	SpeedHigh:      3,
	SpeedBack:      -1,
	SpeedOverboost: 3,
}

// ArrowSpec is one arrow of a maneuver card in the card's own frame: it
// starts at the middle of the card's bottom edge pointing up the card
// (Geometry.CardLength, CardWidth). Speed is one of the Speed constants.
// Length is the path length from the start to the head in mm, at most
// Geometry.CardLength. Turn is the heading change at the head in degrees,
// in (-180, 180], positive to the left (counter-clockwise), 0 for a straight
// arrow and for a slide. Sideways is a slide's lateral offset of the head in
// mm, positive to the left, with the heading kept; 0 for any other arrow,
// and never non-zero together with Turn. KineticEnergy is the value printed
// beside the arrow: low 1, medium 2, high 3, back -1, overboost line 3
// (rulebook, Kinetic energy).
type ArrowSpec struct {
	Speed         string
	Length        Value
	Turn          Value
	Sideways      Value
	KineticEnergy IntValue
}

// CardSpec is one maneuver card (rulebook, Planning). Symbols are Symbol
// constants in the order decks.yaml gives them. Arrows are in the order low,
// medium, high, back (only those the card has); an overboost card has
// exactly one arrow, of Speed SpeedOverboost (its line from the yellow end
// to the red end); change-direction and blank cards have none, and every
// other card at least one. A straight card's arrows neither turn nor slide;
// a turn card's arrows all turn. Source, Section and Note are the card's
// provenance; G and the arrows' Length, Turn and Sideways have it too unless
// decks.yaml gives them their own (in the embedded data only the straight
// overboost's G, which is rulebook: Fuel).
type CardSpec struct {
	ID, Name string
	G        IntValue
	Symbols  []string
	Arrows   []ArrowSpec
	Source   Source
	Section  string
	Note     string
}

// Has reports whether the card carries the symbol.
func (c CardSpec) Has(symbol string) bool { return contains(c.Symbols, symbol) }

// Arrow returns the card's arrow for the speed and true, or false if the
// card has none for it.
func (c CardSpec) Arrow(speed string) (ArrowSpec, bool) {
	for _, a := range c.Arrows {
		if a.Speed == speed {
			return a, true
		}
	}
	return ArrowSpec{}, false
}

func (c CardSpec) clone() CardSpec {
	c.Symbols = append([]string(nil), c.Symbols...)
	c.Arrows = append([]ArrowSpec(nil), c.Arrows...)
	return c
}

// Deck is the maneuver deck of a ship class: every card, a card with a left
// and a right version as two cards, in a stable order (the order of
// decks.yaml, left before right; a deck based on another keeps that deck's
// order and adds its own cards at the end). Card ids are unique.
type Deck struct {
	Class string
	Cards []CardSpec
}

// Card returns the card with the given id and true, or false if the deck
// has none. The result is a copy: changing it does not change d.
func (d Deck) Card(id string) (CardSpec, bool) {
	for _, c := range d.Cards {
		if c.ID == id {
			return c.clone(), true
		}
	}
	return CardSpec{}, false
}

// CardIDs returns the card ids in deck order, in a new slice.
func (d Deck) CardIDs() []string {
	ids := make([]string, len(d.Cards))
	for i, c := range d.Cards {
		ids[i] = c.ID
	}
	return ids
}

func (d Deck) clone() Deck {
	cards := make([]CardSpec, len(d.Cards))
	for i, c := range d.Cards {
		cards[i] = c.clone()
	}
	d.Cards = cards
	return d
}

// Deck returns the maneuver deck of the class and true, or false if there
// is none (never for a class of validated data). The result is a deep copy:
// changing it does not change c.
func (c *Components) Deck(classID string) (Deck, bool) {
	for _, d := range c.Decks {
		if d.Class == classID {
			return d.clone(), true
		}
	}
	return Deck{}, false
}
