package maneuvers

import (
	"fmt"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
)

// Speed is a position of the control panel's speed slider (Planning: speed
// settings on the control panel).
type Speed string

// The slider's positions.
const (
	Stop   Speed = "stop"
	Back   Speed = "back"
	Low    Speed = "low"
	Medium Speed = "medium"
	High   Speed = "high"
	FTL    Speed = "ftl" // Complete Rules only
)

// Speeds lists every slider position, slowest first.
var Speeds = []Speed{Back, Stop, Low, Medium, High, FTL}

// Valid reports whether s is a slider position.
func (s Speed) Valid() bool {
	for _, v := range Speeds {
		if s == v {
			return true
		}
	}
	return false
}

// KineticEnergy returns the kinetic energy of moving at this speed
// (Kinetic energy): stop 0, back −1, low 1, medium 2, high 3. FTL has no
// energy of its own.
func (s Speed) KineticEnergy() int {
	switch s {
	case Back:
		return -1
	case Low:
		return 1
	case Medium:
		return 2
	case High:
		return 3
	}
	return 0
}

// SpeedForKineticEnergy returns the slider position whose arrows have the
// given kinetic energy, and false when none has.
func SpeedForKineticEnergy(ke int) (Speed, bool) {
	for _, s := range []Speed{Back, Stop, Low, Medium, High} {
		if s.KineticEnergy() == ke {
			return s, true
		}
	}
	return "", false
}

// Arrow is one arrow of a card: the speed it needs, its path and its
// kinetic energy (the light blue number beside it).
type Arrow struct {
	Speed         Speed // "overboost" for an overboost card's line
	Path          Path
	KineticEnergy int
}

// OverboostSpeed marks the line of an overboost card.
const OverboostSpeed Speed = "overboost"

// Card is a maneuver card built from the deck data.
type Card struct {
	ID, Name string
	G        int
	Symbols  []string
	Arrows   []Arrow
	Spec     assets.CardSpec // the data it was built from, with provenance
	// marks caches the special symbols as bits (DeckFor sets it; a card
	// built otherwise has none and its symbols are read).
	marks marks
}

// marks are a card's special symbols as bits, markIndexed when known.
type marks uint8

const (
	markIndexed marks = 1 << iota
	markOverboost
	markStraight
	markDifficult
	markChangeDirection
	markBlank
)

// symbolMarks are the symbols marks caches.
var symbolMarks = []struct {
	symbol string
	mark   marks
}{
	{assets.SymbolOverboost, markOverboost},
	{assets.SymbolStraight, markStraight},
	{assets.SymbolDifficult, markDifficult},
	{assets.SymbolChangeDirection, markChangeDirection},
	{assets.SymbolBlank, markBlank},
}

// is reports whether the card shows the symbol that m marks.
func (c *Card) is(m marks, symbol string) bool {
	if c.marks&markIndexed != 0 {
		return c.marks&m != 0
	}
	return c.Has(symbol)
}

// Has reports whether the card shows a symbol (assets.Symbol...).
func (c Card) Has(symbol string) bool {
	for _, s := range c.Symbols {
		if s == symbol {
			return true
		}
	}
	return false
}

// Arrow returns the card's arrow for a speed.
func (c Card) Arrow(s Speed) (Arrow, bool) {
	for _, a := range c.Arrows {
		if a.Speed == s {
			return a, true
		}
	}
	return Arrow{}, false
}

// IsOverboost, IsStraight, IsDifficult, IsChangeDirection and IsBlank read
// the card's symbols (Planning: special maneuver symbols).
func (c *Card) IsOverboost() bool { return c.is(markOverboost, assets.SymbolOverboost) }
func (c *Card) IsStraight() bool  { return c.is(markStraight, assets.SymbolStraight) }
func (c *Card) IsDifficult() bool { return c.is(markDifficult, assets.SymbolDifficult) }
func (c *Card) IsChangeDirection() bool {
	return c.is(markChangeDirection, assets.SymbolChangeDirection)
}
func (c *Card) IsBlank() bool { return c.is(markBlank, assets.SymbolBlank) }

// IsSecond reports whether the card may be a plan's second card, played
// with a maneuver card: an overboost, a change direction card or a blank
// (Planning; Complete Rules: Changing direction; Blank maneuver cards).
// Every other card is a maneuver card, and a plan has one.
func (c *Card) IsSecond() bool { return c.IsOverboost() || c.IsChangeDirection() || c.IsBlank() }

// Line returns an overboost card's line (yellow end to red end).
func (c Card) Line() (Arrow, bool) { return c.Arrow(OverboostSpeed) }

// Deck is one class's maneuver deck.
type Deck struct {
	Class string
	Cards []Card
}

// Card returns the card with the id.
func (d Deck) Card(id string) (Card, bool) {
	if i := d.Index(id); i >= 0 {
		return d.Cards[i], true
	}
	return Card{}, false
}

// Index returns the index in Cards of the card with the id, or −1.
func (d Deck) Index(id string) int {
	for i := range d.Cards {
		if d.Cards[i].ID == id {
			return i
		}
	}
	return -1
}

// CardIDs lists the deck's card ids in deck order.
func (d Deck) CardIDs() []string {
	ids := make([]string, len(d.Cards))
	for i, c := range d.Cards {
		ids[i] = c.ID
	}
	return ids
}

// DeckFor builds the deck of a class from the component data.
func DeckFor(comp *assets.Components, class string) (Deck, error) {
	var spec *assets.Deck
	for i := range comp.Decks {
		if comp.Decks[i].Class == class {
			spec = &comp.Decks[i]
			break
		}
	}
	if spec == nil {
		return Deck{}, fmt.Errorf("no maneuver deck for class %q", class)
	}
	// The deck owns copies of the data's lists (as Components.Deck would
	// give), taken in one allocation per kind rather than per card.
	nsym, narr := 0, 0
	for _, cs := range spec.Cards {
		nsym, narr = nsym+len(cs.Symbols), narr+len(cs.Arrows)
	}
	symbols := make([]string, 0, nsym)
	arrowSpecs := make([]assets.ArrowSpec, 0, narr)
	arrows := make([]Arrow, 0, narr)
	d := Deck{Class: class, Cards: make([]Card, 0, len(spec.Cards))}
	for _, cs := range spec.Cards {
		cs.Symbols, symbols = own(symbols, cs.Symbols)
		cs.Arrows, arrowSpecs = own(arrowSpecs, cs.Arrows)
		c := Card{ID: cs.ID, Name: cs.Name, G: cs.G.Value, Symbols: cs.Symbols, Spec: cs}
		c.marks = markIndexed
		for _, sm := range symbolMarks {
			if c.Has(sm.symbol) {
				c.marks |= sm.mark
			}
		}
		first := len(arrows)
		for _, as := range cs.Arrows {
			p, err := arrowPath(as)
			if err != nil {
				return Deck{}, fmt.Errorf("deck %s, card %s, %s arrow: %w", class, cs.ID, as.Speed, err)
			}
			arrows = append(arrows, Arrow{Speed: Speed(as.Speed), Path: p, KineticEnergy: as.KineticEnergy.Value})
		}
		if len(arrows) > first {
			c.Arrows = arrows[first:len(arrows):len(arrows)]
		}
		d.Cards = append(d.Cards, c)
	}
	return d, nil
}

// own appends items to pool and returns the copy (nil when there are
// none, as a copy by append gives) with its capacity clipped, and the
// pool.
func own[T any](pool, items []T) (copied, grown []T) {
	if len(items) == 0 {
		return nil, pool
	}
	start := len(pool)
	pool = append(pool, items...)
	return pool[start:len(pool):len(pool)], pool
}

// arrowPath turns an arrow's data into a path: a slide when it has a
// sideways offset, else one arc (straight when it does not turn).
func arrowPath(a assets.ArrowSpec) (Path, error) {
	if a.Sideways.Value != 0 {
		return Slide(a.Length.Value, a.Sideways.Value)
	}
	if a.Turn.Value == 0 {
		return Straight(a.Length.Value), nil
	}
	return Arc(a.Length.Value, physics.Deg(a.Turn.Value)), nil
}
