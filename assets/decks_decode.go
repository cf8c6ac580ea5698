package assets

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// Ranges of the deck values. A card's G-value may exceed the G limit (it is
// then unplayable, not wrong data); the limit is Geometry.GLimit.
var (
	gRange        = yamlfile.IntRange{Min: 0, Max: 99}
	keRange       = yamlfile.IntRange{Min: -1, Max: 6}
	arrowRange    = yamlfile.Range{Min: 0, Max: maxLength, Open: true, Unit: UnitMM}
	turnRange     = yamlfile.Range{Min: -180, Max: 180, Open: true, Unit: UnitDeg}
	sidewaysRange = yamlfile.Range{Min: -maxLength, Max: maxLength, Open: true, Unit: UnitMM}
)

// Sides a card entry may expand to.
const (
	sideLeft  = "left"
	sideRight = "right"
)

func deckKeys() []string {
	return []string{"class", "based_on", "source", "section", "note", "cards"}
}

func cardKeys() []string {
	return []string{"id", "name", "sides", "g", "symbols", "arrows", "source", "section", "note"}
}

func arrowKeys() []string {
	return []string{"speed", "length", "turn", "sideways", "kinetic_energy"}
}

// cardProv is the provenance a card entry gives of its own; each part it
// leaves out comes from its deck.
type cardProv struct {
	source                         Source
	section, note                  string
	hasSource, hasSection, hasNote bool
}

// over returns p with the parts p leaves out taken from q.
func (p cardProv) over(q cardProv) cardProv {
	if !p.hasSource {
		p.source, p.hasSource = q.source, q.hasSource
	}
	if !p.hasSection {
		p.section, p.hasSection = q.section, q.hasSection
	}
	if !p.hasNote {
		p.note, p.hasNote = q.note, q.hasNote
	}
	return p
}

// rawArrow is an arrow as decks.yaml gives it: turn and sideways for the
// left card. A value's provenance is empty unless the value gave its own.
type rawArrow struct {
	speed                     string
	length, turn, sideways    float64
	lengthP, turnP, sidewaysP cardProv
	ke                        int
}

// rawCard is a card entry before it is expanded into one card per side.
type rawCard struct {
	id      string
	line    int    // of the entry that made or last changed the card
	path    string // field path of that entry
	name    string
	sides   []string
	g       int
	gP      cardProv // empty unless g gave its own provenance
	symbols []string
	arrows  []rawArrow
	prov    cardProv
	local   bool // made or changed in the deck being decoded
}

func (r *rawCard) clone() *rawCard {
	c := *r
	c.sides = append([]string(nil), r.sides...)
	c.symbols = append([]string(nil), r.symbols...)
	c.arrows = append([]rawArrow(nil), r.arrows...)
	c.local = false
	return &c
}

// ids returns the ids of the cards the entry expands to.
func (r *rawCard) ids() []string {
	if len(r.sides) == 0 {
		return []string{r.id}
	}
	ids := make([]string, len(r.sides))
	for i, s := range r.sides {
		ids[i] = r.id + "-" + s
	}
	return ids
}

// rawDeck is a deck entry with its cards after based_on and the entry's
// own cards are applied.
type rawDeck struct {
	class string
	line  int
	prov  cardProv
	cards []*rawCard
	// ok is false when the deck or a deck it is based on has a problem;
	// decks based on it then skip the checks across a card's fields.
	ok bool
}

// deckFile decodes decks.yaml: the kinetic energy table, then the decks.
// classesKnown says whether c.Classes is the complete, valid class list, so
// that deck classes can be checked against it.
func (d *decoder) deckFile(fs []yamlfile.Field, c *Components, classesKnown bool) []Deck {
	ke := map[string]IntValue{}
	if f := yamlfile.Lookup(fs, "kinetic_energy"); f != nil {
		ke = d.kineticEnergy(*f)
	}
	if f := yamlfile.Lookup(fs, "decks"); f != nil {
		return d.deckList(*f, c, ke, classesKnown)
	}
	return nil
}

// kineticEnergy decodes the table of kinetic energy by speed and checks it
// against the rulebook.
func (d *decoder) kineticEnergy(f yamlfile.Field) map[string]IntValue {
	const path = "kinetic_energy"
	keys := allSpeeds()
	out := map[string]IntValue{}
	fs, isMap := yamlfile.Fields(&d.ps, f.Val, f.KeyNode.Line, path, mappingOf(keys), keys)
	if !isMap {
		return out
	}
	yamlfile.Require(&d.ps, fs, f.KeyNode.Line, path, keys...)
	for _, x := range fs {
		xp := yamlfile.Join(path, x.Key)
		var v IntValue
		if !d.whole(x, xp, keRange, &v) {
			continue
		}
		if want := ruleKineticEnergy[x.Key]; v.Value != want {
			n := valueNode(x.Val)
			d.add(lineOf(n), yamlfile.Join(xp, "value"), "must be %d, the kinetic energy the rulebook gives a move with a %s arrow (Kinetic energy); got %d", want, x.Key, v.Value)
			continue
		}
		out[x.Key] = v
	}
	return out
}

// deckValue decodes a value of a card: the bare number, which has its
// card's provenance (the empty cardProv returned), or a mapping {value,
// [unit,] source, section, note} with its own. parse decodes the number;
// what says what it may be.
func (d *decoder) deckValue(x yamlfile.Field, path, unit, what string, parse func(*yaml.Node, string) bool) (cardProv, bool) {
	switch n := resolve(x.Val); {
	case n != nil && n.Kind == yaml.ScalarNode:
		return cardProv{}, parse(n, path)
	case n == nil || n.Kind != yaml.MappingNode:
		keys := []string{"value", "unit", "source", "section", "note"}
		if unit == "" {
			keys = []string{"value", "source", "section", "note"}
		}
		d.add(firstLine(lineOf(n), x.KeyNode.Line), path, "must be %s, or %s; got %s", what, mappingOf(keys), yamlfile.Describe(n))
		return cardProv{}, false
	}
	p, ok := d.leaf(x.KeyNode, x.Val, path, unit, what, parse)
	return cardProv{source: p.source, section: p.section, note: p.note, hasSource: true, hasSection: true, hasNote: true}, ok
}

// valueNode returns the value field of a value mapping, or n itself.
func valueNode(n *yaml.Node) *yaml.Node {
	n = resolve(n)
	if n != nil && n.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(n.Content); i += 2 {
			if k := resolve(n.Content[i]); k != nil && k.Value == "value" {
				return resolve(n.Content[i+1])
			}
		}
	}
	return n
}

// deckList decodes the decks list, expands every deck and checks that each
// ship class has one.
func (d *decoder) deckList(f yamlfile.Field, c *Components, ke map[string]IntValue, classesKnown bool) []Deck {
	classes := c.ClassIDs()
	cardLength := c.Geometry.CardLength.Value // 0 if components.yaml failed to give it
	byClass := map[string]*rawDeck{}
	var order []*rawDeck
	mark := d.mark()
	nodes := yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, "decks", "maneuver decks")
	for i, n := range nodes {
		path := fmt.Sprintf("decks[%d]", i)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, path, mappingOf(deckKeys()), nil)
		if !isMap {
			continue
		}
		deckMark := d.mark()
		rd := &rawDeck{line: line}
		if x := yamlfile.Lookup(fs, "class"); x != nil {
			xp := yamlfile.Join(path, "class")
			if id, ok := d.id(x.Val, xp); ok {
				switch prev, dup := byClass[id]; {
				case dup:
					d.add(x.KeyNode.Line, xp, "deck for class %s given twice; first at line %d", id, prev.line)
				case classesKnown && !contains(classes, id):
					d.add(lineOf(resolve(x.Val)), xp, "unknown class %s; allowed: the classes of %s: %s", yamlfile.Echo(id), shipsFile, strings.Join(classes, ", "))
				default:
					rd.class, path = id, yamlfile.Join("decks", id)
				}
			}
		}
		fs = yamlfile.Allow(&d.ps, fs, path, deckKeys())
		yamlfile.Require(&d.ps, fs, line, path, "class")
		p, _ := d.provenanceOf(fs, line, path)
		rd.prov = cardProv{source: p.source, section: p.section, note: p.note, hasSource: true, hasSection: true, hasNote: true}

		baseOK := true
		if x := yamlfile.Lookup(fs, "based_on"); x != nil {
			baseOK = false
			xp := yamlfile.Join(path, "based_on")
			if id, ok := d.id(x.Val, xp); ok {
				base, known := byClass[id]
				if !known {
					d.add(lineOf(resolve(x.Val)), xp, "unknown deck %s; allowed: a deck above this one: %s", yamlfile.Echo(id), deckNames(order))
				} else {
					for _, bc := range base.cards {
						rd.cards = append(rd.cards, bc.clone())
					}
					baseOK = base.ok
				}
			}
		} else if yamlfile.Lookup(fs, "cards") == nil {
			d.add(line, yamlfile.Join(path, "cards"), "missing; required unless based_on names a deck above")
		}
		if x := yamlfile.Lookup(fs, "cards"); x != nil {
			// Without its base a deck's changes cannot be told from new
			// cards, so they are decoded without the fields a new card
			// needs.
			d.cards(*x, yamlfile.Join(path, "cards"), rd, cardLength, baseOK || yamlfile.Lookup(fs, "based_on") == nil)
		}
		if d.clean(deckMark) && baseOK {
			d.checkDeck(rd)
		}
		rd.ok = d.clean(deckMark) && baseOK
		if rd.class != "" {
			byClass[rd.class] = rd
		}
		order = append(order, rd)
	}
	if !d.clean(mark) {
		return nil
	}
	if classesKnown {
		var missing []string
		for _, cl := range classes {
			if _, ok := byClass[cl]; !ok {
				missing = append(missing, cl)
			}
		}
		if len(missing) > 0 {
			d.add(f.KeyNode.Line, "decks", "no deck for class %s; every class in %s needs one", strings.Join(missing, ", "), shipsFile)
		}
	}
	decks := make([]Deck, 0, len(order))
	for _, rd := range order {
		decks = append(decks, rd.expand(ke))
	}
	return decks
}

func deckNames(decks []*rawDeck) string {
	var names []string
	for _, rd := range decks {
		if rd.class != "" {
			names = append(names, rd.class)
		}
	}
	if len(names) == 0 {
		return "none (this is the first deck)"
	}
	return strings.Join(names, ", ")
}

// cards decodes a deck's card entries: an id the deck already has (from
// based_on) changes that card, a new id adds one.
func (d *decoder) cards(f yamlfile.Field, path string, rd *rawDeck, cardLength float64, baseKnown bool) {
	idLine := map[string]int{}
	for j, n := range yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, path, "maneuver cards") {
		cp := fmt.Sprintf("%s[%d]", path, j)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, cp, mappingOf(cardKeys()), nil)
		if !isMap {
			continue
		}
		id := ""
		if x := yamlfile.Lookup(fs, "id"); x != nil {
			xp := yamlfile.Join(cp, "id")
			if s, ok := d.id(x.Val, xp); ok {
				if l, dup := idLine[s]; dup {
					d.add(x.KeyNode.Line, xp, "card %s given twice in this deck; first at line %d", s, l)
				} else {
					idLine[s] = x.KeyNode.Line
					id, cp = s, yamlfile.Join(path, s)
				}
			}
		}
		given := len(fs)
		fs = yamlfile.Allow(&d.ps, fs, cp, cardKeys())
		yamlfile.Require(&d.ps, fs, line, cp, "id")
		var card *rawCard
		for _, bc := range rd.cards {
			if id != "" && bc.id == id {
				card = bc
			}
		}
		if card == nil {
			card = &rawCard{id: id}
			if baseKnown {
				yamlfile.Require(&d.ps, fs, line, cp, "name", "g", "symbols")
			}
			if id != "" {
				rd.cards = append(rd.cards, card)
			}
		} else if given == 1 {
			d.add(line, cp, "changes nothing of the card %s it is based on; give any of %s", id, strings.Join(cardKeys()[1:], ", "))
		}
		card.line, card.path, card.local = line, cp, true
		d.card(fs, cp, line, card, cardLength)
	}
}

// card decodes the fields of a card entry into card, replacing those it
// gives.
func (d *decoder) card(fs []yamlfile.Field, path string, line int, card *rawCard, cardLength float64) {
	var prov cardProv
	for _, x := range fs {
		xp := yamlfile.Join(path, x.Key)
		switch x.Key {
		case "name":
			if s, ok := yamlfile.String(&d.ps, x.Val, xp); ok && strings.TrimSpace(s) == "" {
				d.add(firstLine(lineOf(resolve(x.Val)), x.KeyNode.Line), xp, "must not be empty")
			} else if ok {
				card.name = s
			}
		case "sides":
			card.sides = d.sides(x, xp)
		case "g":
			card.gP, _ = d.deckValue(x, xp, "", gRange.What(), func(n *yaml.Node, path string) bool {
				var ok bool
				card.g, ok = yamlfile.Whole(&d.ps, n, path, gRange)
				return ok
			})
		case "symbols":
			card.symbols = d.symbols(x, xp)
		case "arrows":
			card.arrows = d.arrows(x, xp, cardLength)
		case "source":
			if s, ok := yamlfile.OneOf(&d.ps, x.Val, xp, d.sources()...); ok {
				prov.source, prov.hasSource = Source(s), true
			}
		case "section":
			if s, ok := yamlfile.Text(&d.ps, x.Val, xp); ok && strings.TrimSpace(s) == "" {
				d.add(firstLine(lineOf(resolve(x.Val)), x.KeyNode.Line), xp, "must not be empty; name the rulebook section or the reason for the value")
			} else if ok {
				prov.section, prov.hasSection = s, true
			}
		case "note":
			if s, ok := yamlfile.Text(&d.ps, x.Val, xp); ok {
				prov.note, prov.hasNote = s, true
			}
		}
	}
	if yamlfile.Lookup(fs, "source") != nil && yamlfile.Lookup(fs, "section") == nil {
		d.add(line, yamlfile.Join(path, "section"), "missing; required when the card gives its own source")
	}
	card.prov = prov.over(card.prov)
}

func (d *decoder) sides(x yamlfile.Field, path string) []string {
	nodes := yamlfile.Items(&d.ps, x.Val, x.KeyNode.Line, path, "sides")
	if len(nodes) == 0 {
		d.add(x.KeyNode.Line, path, "must list %s, %s or both; leave sides out for a card with one version", sideLeft, sideRight)
		return nil
	}
	var out []string
	for k, n := range nodes {
		np := fmt.Sprintf("%s[%d]", path, k)
		s, ok := yamlfile.OneOf(&d.ps, n, np, []string{sideLeft, sideRight}...)
		if !ok {
			continue
		}
		if contains(out, s) {
			d.add(lineOf(resolve(n)), np, "side %s given twice", s)
			continue
		}
		out = append(out, s)
	}
	return out
}

func (d *decoder) symbols(x yamlfile.Field, path string) []string {
	var out []string
	for k, n := range yamlfile.Items(&d.ps, x.Val, x.KeyNode.Line, path, "symbols") {
		np := fmt.Sprintf("%s[%d]", path, k)
		s, ok := yamlfile.OneOf(&d.ps, n, np, allSymbols()...)
		if !ok {
			continue
		}
		if contains(out, s) {
			d.add(lineOf(resolve(n)), np, "symbol %s given twice", s)
			continue
		}
		out = append(out, s)
	}
	return out
}

// arrows decodes a card's arrows and keeps them in speed order.
func (d *decoder) arrows(x yamlfile.Field, path string, cardLength float64) []rawArrow {
	speedLine := map[string]int{}
	var out []rawArrow
	for k, n := range yamlfile.Items(&d.ps, x.Val, x.KeyNode.Line, path, "arrows") {
		ap := fmt.Sprintf("%s[%d]", path, k)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, ap, mappingOf(arrowKeys()), arrowKeys())
		if !isMap {
			continue
		}
		mark := d.mark()
		yamlfile.Require(&d.ps, fs, line, ap, "speed", "length", "kinetic_energy")
		var a rawArrow
		var sidewaysLine int
		for _, y := range fs {
			yp := yamlfile.Join(ap, y.Key)
			switch y.Key {
			case "speed":
				s, ok := yamlfile.OneOf(&d.ps, y.Val, yp, allSpeeds()...)
				if !ok {
					continue
				}
				if l, dup := speedLine[s]; dup {
					d.add(y.KeyNode.Line, yp, "a %s arrow given twice; first at line %d; a card has one arrow per speed", s, l)
					continue
				}
				speedLine[s] = y.KeyNode.Line
				a.speed = s
			case "length":
				a.lengthP, _ = d.deckValue(y, yp, UnitMM, arrowRange.What(), func(n *yaml.Node, path string) bool {
					l, ok := yamlfile.Number(&d.ps, n, path, arrowRange)
					if ok && cardLength > 0 && l > cardLength {
						d.add(lineOf(n), path, "must be at most geometry.card_length (%s mm), so the arrow fits its card; got %s", fmtFloat(cardLength), fmtFloat(l))
						ok = false
					}
					a.length = l
					return ok
				})
			case "turn":
				a.turnP, _ = d.deckValue(y, yp, UnitDeg, turnRange.What(), func(n *yaml.Node, path string) bool {
					var ok bool
					a.turn, ok = yamlfile.Number(&d.ps, n, path, turnRange)
					return ok
				})
			case "sideways":
				a.sidewaysP, _ = d.deckValue(y, yp, UnitMM, sidewaysRange.What(), func(n *yaml.Node, path string) bool {
					var ok bool
					a.sideways, ok = yamlfile.Number(&d.ps, n, path, sidewaysRange)
					sidewaysLine = lineOf(resolve(n))
					return ok
				})
			case "kinetic_energy":
				a.ke, _ = yamlfile.Whole(&d.ps, y.Val, yp, keRange)
			}
		}
		if !d.clean(mark) {
			continue
		}
		if want := ruleKineticEnergy[a.speed]; a.ke != want {
			y := yamlfile.Lookup(fs, "kinetic_energy")
			d.add(lineOf(resolve(y.Val)), yamlfile.Join(ap, "kinetic_energy"), "must be %d, the kinetic energy of a %s arrow (rulebook, Kinetic energy); got %d", want, a.speed, a.ke)
		}
		if a.sideways != 0 && a.turn != 0 {
			d.add(sidewaysLine, yamlfile.Join(ap, "sideways"), "a slide keeps its heading: give turn or sideways, not both")
		} else if math.Abs(a.sideways) >= a.length {
			d.add(sidewaysLine, yamlfile.Join(ap, "sideways"), "must be less than the arrow's length (%s mm) either way; got %s", fmtFloat(a.length), fmtFloat(a.sideways))
		}
		out = append(out, a)
	}
	sort.SliceStable(out, func(i, j int) bool { return indexOf(allSpeeds(), out[i].speed) < indexOf(allSpeeds(), out[j].speed) })
	return out
}

// checkDeck checks across the fields of each card the deck made or changed,
// and that no two cards share an id once expanded.
func (d *decoder) checkDeck(rd *rawDeck) {
	made := map[string]*rawCard{}
	for _, r := range rd.cards {
		for _, id := range r.ids() {
			if first, dup := made[id]; dup {
				at, o := r, first
				if !r.local {
					at, o = first, r
				}
				d.add(at.line, yamlfile.Join(at.path, "id"), "makes card %s, which the entry %s at line %d makes too; card ids must be unique", id, o.id, o.line)
				continue
			}
			made[id] = r
		}
		if r.local {
			d.checkCard(r)
		}
	}
}

// checkCard checks that a card's symbols, arrows and sides agree.
func (d *decoder) checkCard(r *rawCard) {
	has := func(s string) bool { return contains(r.symbols, s) }
	sp := yamlfile.Join(r.path, "symbols")
	ap := yamlfile.Join(r.path, "arrows")
	if has(SymbolStraight) && has(SymbolTurn) {
		d.add(r.line, sp, "a card is straight or turns, not both; got %s", strings.Join(r.symbols, ", "))
	}
	for _, only := range []string{SymbolChangeDirection, SymbolBlank} {
		if has(only) && len(r.symbols) > 1 {
			d.add(r.line, sp, "a %s card carries no other symbol; got %s", only, strings.Join(r.symbols, ", "))
		}
	}
	speeds := make([]string, len(r.arrows))
	for i, a := range r.arrows {
		speeds[i] = a.speed
	}
	switch {
	case has(SymbolChangeDirection) || has(SymbolBlank):
		if len(r.arrows) > 0 {
			d.add(r.line, ap, "a %s card has no arrows; got %s", r.symbols[0], strings.Join(speeds, ", "))
		}
	case len(r.arrows) == 0:
		d.add(r.line, ap, "missing; a card has at least one arrow unless it is a change-direction or blank card")
	case has(SymbolOverboost):
		if len(r.arrows) != 1 || r.arrows[0].speed != SpeedOverboost {
			d.add(r.line, ap, "an overboost card has exactly one arrow, its overboost line (speed overboost); got %s", strings.Join(speeds, ", "))
		}
	case contains(speeds, SpeedOverboost):
		d.add(r.line, ap, "an overboost line is only on a card with the overboost symbol; allowed speeds here: low, medium, high, back")
	}
	for _, a := range r.arrows {
		switch {
		case has(SymbolStraight) && (a.turn != 0 || a.sideways != 0):
			d.add(r.line, ap, "the arrows of a straight card neither turn nor slide; the %s arrow does", a.speed)
		case has(SymbolTurn) && a.turn == 0:
			d.add(r.line, ap, "every arrow of a turn card turns; the %s arrow does not", a.speed)
		}
	}
	if len(r.sides) > 0 {
		mirrored := false
		for _, a := range r.arrows {
			mirrored = mirrored || a.turn != 0 || a.sideways != 0
			if a.turn == 180 {
				d.add(r.line, yamlfile.Join(r.path, "sides"), "the %s arrow turns 180 degrees, which the right card cannot mirror; allowed with sides: turns greater than -180 and less than 180", a.speed)
			}
		}
		if !mirrored {
			d.add(r.line, yamlfile.Join(r.path, "sides"), "no arrow turns or slides, so the left and right cards would be the same; leave sides out")
		}
	}
}

// expand turns the deck's entries into cards: one per side, the right one
// mirrored, with the provenance resolved.
func (rd *rawDeck) expand(ke map[string]IntValue) Deck {
	deck := Deck{Class: rd.class}
	for _, r := range rd.cards {
		p := r.prov.over(rd.prov)
		sides := r.sides
		if len(sides) == 0 {
			sides = []string{""}
		}
		for _, side := range sides {
			id, name, sign := r.id, r.name, 1.0
			if side != "" {
				id, name = r.id+"-"+side, r.name+" "+side
			}
			if side == sideRight {
				sign = -1
			}
			value := func(v float64, unit string, own cardProv) Value {
				vp := own.over(p)
				return Value{Value: v, Unit: unit, Source: vp.source, Section: vp.section, Note: vp.note}
			}
			gp := r.gP.over(p)
			card := CardSpec{
				ID:      id,
				Name:    name,
				G:       IntValue{Value: r.g, Source: gp.source, Section: gp.section, Note: gp.note},
				Symbols: append([]string(nil), r.symbols...),
				Source:  p.source,
				Section: p.section,
				Note:    p.note,
			}
			for _, a := range r.arrows {
				k := ke[a.speed]
				k.Value = a.ke
				card.Arrows = append(card.Arrows, ArrowSpec{
					Speed:         a.speed,
					Length:        value(a.length, UnitMM, a.lengthP),
					Turn:          value(mirror(sign, a.turn), UnitDeg, a.turnP),
					Sideways:      value(mirror(sign, a.sideways), UnitMM, a.sidewaysP),
					KineticEnergy: k,
				})
			}
			deck.Cards = append(deck.Cards, card)
		}
	}
	return deck
}

// mirror multiplies v by sign without making a negative zero.
func mirror(sign, v float64) float64 {
	if v == 0 {
		return 0
	}
	return sign * v
}

// longestArrow returns the longest arrow of all decks, with the class and
// card it is on; ok is false when there is no arrow.
func longestArrow(decks []Deck) (length float64, where string, ok bool) {
	for _, d := range decks {
		for _, c := range d.Cards {
			for _, a := range c.Arrows {
				if !ok || a.Length.Value > length {
					length, where, ok = a.Length.Value, fmt.Sprintf("the %s arrow of %s card %s", a.Speed, d.Class, c.ID), true
				}
			}
		}
	}
	return length, where, ok
}
