package assets

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WriteSheet writes the component sheet: every value with its unit, source
// and section (and note), as aligned text tables under the headings
// Geometry, Ship classes, Maneuver decks (the kinetic energy of each speed),
// one "Maneuver deck: <class>" per deck, Damage counters, Collision
// counters, Pilot tokens and Talents and flaws. Text from override files is
// put on one line. The output depends only on c, so it is stable enough for
// golden files.
func (c *Components) WriteSheet(w io.Writer) error {
	var b strings.Builder
	b.WriteString("BATTLESTAR GALACTICA - STARSHIP BATTLES: COMPONENT SHEET\n")
	fmt.Fprintf(&b, "Data: %s\n", cell(strings.Join(c.Sources, ", ")))
	b.WriteString("Sources: rulebook = stated in the rules (section named); proposal = our own value (reason given);\n")
	b.WriteString("         measured = a user's own value (file named). Lengths in mm, angles in degrees.\n")

	g := &c.Geometry
	heading(&b, "Geometry")
	t := table{header: []string{"ITEM", "VALUE", "UNIT", "SOURCE", "SECTION", "NOTE"}}
	for _, s := range lengthSpecs() {
		v := s.get(g)
		t.add(s.key, fmtFloat(v.Value), v.Unit, string(v.Source), v.Section, v.Note)
	}
	for _, s := range intSpecs() {
		v := s.get(g)
		t.add(s.key, strconv.Itoa(v.Value), "", string(v.Source), v.Section, v.Note)
	}
	for _, s := range g.FTLSides {
		rolls := make([]string, len(s.Rolls))
		for i, r := range s.Rolls {
			rolls[i] = strconv.Itoa(r)
		}
		t.add(ftlSidesKey+" "+s.Side, strings.Join(rolls, ","), "2d6", string(s.Source), s.Section, s.Note)
	}
	t.write(&b)

	heading(&b, "Ship classes")
	t = table{header: []string{"CLASS", "NAME", "ITEM", "VALUE", "UNIT", "SOURCE", "SECTION", "NOTE"}}
	for _, cl := range c.Classes {
		id, name := cl.ID, cl.Name
		row := func(item, value, unit string, src Source, section, note string) {
			t.add(id, name, item, value, unit, string(src), section, note)
			id, name = "", ""
		}
		for _, x := range []struct {
			item string
			v    IntValue
		}{{"attack", cl.Attack}, {"structure", cl.Structure}, {"acceleration", cl.Acceleration}} {
			row(x.item, strconv.Itoa(x.v.Value), "", x.v.Source, x.v.Section, x.v.Note)
		}
		row("ftl", yesNo(cl.FTL.Value), "", cl.FTL.Source, cl.FTL.Section, cl.FTL.Note)
		if v := cl.BaseAcrossFlats; v != nil {
			row("base_across_flats", fmtFloat(v.Value), v.Unit, v.Source, v.Section, v.Note)
		} else {
			v := g.BaseAcrossFlats
			row("base_across_flats", fmtFloat(v.Value), v.Unit, v.Source, "as geometry.base_across_flats", "")
		}
	}
	t.write(&b)

	c.writeDecks(&b)

	heading(&b, "Damage counters")
	fmt.Fprintf(&b, "%d in all (rulebook: Contents); %s\n", DamageCounterTotal, mix(c.Damage))
	counterTable(&b, c.Damage)

	heading(&b, "Collision counters")
	fmt.Fprintf(&b, "%d in all (rulebook: Contents); %s\n", CollisionCounterTotal, mix(c.Collision))
	counterTable(&b, c.Collision)

	heading(&b, "Pilot tokens")
	t = table{header: []string{"TOKEN", "NAME", "ITEM", "VALUE", "SOURCE", "SECTION", "NOTE"}}
	for _, p := range c.PilotTokens {
		id, name := p.ID, p.Name
		row := func(item, value string, src Source, section, note string) {
			t.add(id, name, item, value, string(src), section, note)
			id, name = "", ""
		}
		row("attack_modifier", signed(p.AttackModifier.Value), p.AttackModifier.Source, p.AttackModifier.Section, p.AttackModifier.Note)
		row("max_talents", strconv.Itoa(p.MaxTalents.Value), p.MaxTalents.Source, p.MaxTalents.Section, p.MaxTalents.Note)
		row("rookie_talents_only", yesNo(p.RookieTalentsOnly.Value), p.RookieTalentsOnly.Source, p.RookieTalentsOnly.Section, p.RookieTalentsOnly.Note)
	}
	t.write(&b)

	c.writeTalents(&b)
	c.writePilotCards(&b)

	_, err := io.WriteString(w, b.String())
	return err
}

func heading(b *strings.Builder, title string) {
	fmt.Fprintf(b, "\n%s\n%s\n", title, strings.Repeat("=", len(title)))
}

func counterTable(b *strings.Builder, kinds []DamageCounter) {
	t := table{header: []string{"COUNTER", "COUNT", "SOURCE", "SECTION", "NOTE"}}
	for _, k := range kinds {
		t.add(k.String(), strconv.Itoa(k.Count), string(k.Source), k.Section, k.Note)
	}
	t.write(b)
}

// mix summarises counter kinds: how many of each value, of "+" and of each
// symbol.
func mix(kinds []DamageCounter) string {
	var values []int
	byValue := map[int]int{}
	plus := 0
	bySymbol := map[string]int{}
	for _, k := range kinds {
		if _, seen := byValue[k.Value]; !seen {
			values = append(values, k.Value)
		}
		byValue[k.Value] += k.Count
		if k.Plus {
			plus += k.Count
		}
		if k.Special != SpecialNone {
			bySymbol[k.Special] += k.Count
		}
	}
	var parts []string
	for _, v := range values {
		parts = append(parts, fmt.Sprintf("%d x%d", v, byValue[v]))
	}
	s := "values " + strings.Join(parts, ", ")
	if plus > 0 {
		s += fmt.Sprintf("; \"+\" x%d", plus)
	}
	var syms []string
	for _, sym := range specialSymbols() {
		if n := bySymbol[sym]; n > 0 {
			syms = append(syms, fmt.Sprintf("%s x%d", sym, n))
		}
	}
	if len(syms) > 0 {
		s += "; symbols " + strings.Join(syms, ", ")
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// cell puts text on one line.
func cell(s string) string { return strings.Join(strings.Fields(s), " ") }

// table aligns rows of cells in columns two spaces apart; the last column is
// not padded and no line has trailing spaces.
type table struct {
	header []string
	rows   [][]string
}

func (t *table) add(cells ...string) {
	for i := range cells {
		cells[i] = cell(cells[i])
	}
	t.rows = append(t.rows, cells)
}

func (t *table) write(b *strings.Builder) {
	widths := make([]int, len(t.header))
	all := append([][]string{t.header}, t.rows...)
	for _, r := range all {
		for i, c := range r {
			if n := utf8.RuneCountInString(c); n > widths[i] {
				widths[i] = n
			}
		}
	}
	for _, r := range all {
		var line strings.Builder
		for i, c := range r {
			line.WriteString(c)
			if i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+2))
			}
		}
		b.WriteString(strings.TrimRight(line.String(), " "))
		b.WriteByte('\n')
	}
}

// writeDecks writes the kinetic energy of each speed, then a section per
// deck with a row per arrow. The provenance of a card is on its first row;
// a value whose provenance differs from its card's gets a row of its own.
func (c *Components) writeDecks(b *strings.Builder) {
	heading(b, "Maneuver decks")
	gl := c.Geometry.GLimit
	fmt.Fprintf(b, "The G-values of the cards planned for a ship in a turn add up to at most %d (g_limit; %s: %s).\n", gl.Value, gl.Source, cell(gl.Section))
	b.WriteString("An arrow: speed, path length, heading change (L = left, R = right) or a slide's sideways offset,\n")
	b.WriteString("and the kinetic energy (KE) printed beside it, whose provenance is in this table:\n")
	t := table{header: []string{"SPEED", "KE", "SOURCE", "SECTION", "NOTE"}}
	seen := map[IntValue]bool{}
	for _, speed := range allSpeeds() {
		for _, dk := range c.Decks {
			for _, card := range dk.Cards {
				if a, ok := card.Arrow(speed); ok && !seen[a.KineticEnergy] {
					seen[a.KineticEnergy] = true
					k := a.KineticEnergy
					t.add(speed, strconv.Itoa(k.Value), string(k.Source), k.Section, k.Note)
				}
			}
		}
	}
	t.write(b)

	for _, dk := range c.Decks {
		title := "Maneuver deck: " + dk.Class
		if cl, ok := c.Class(dk.Class); ok {
			title += " (" + cl.Name + ")"
		}
		heading(b, cell(title))
		fmt.Fprintf(b, "%d cards\n", len(dk.Cards))
		t := table{header: []string{"CARD", "NAME", "G", "SYMBOLS", "ARROW", "SOURCE", "SECTION", "NOTE"}}
		for _, card := range dk.Cards {
			id, name, g, symbols := card.ID, card.Name, strconv.Itoa(card.G.Value), strings.Join(card.Symbols, ", ")
			src, section, note := string(card.Source), card.Section, card.Note
			row := func(arrow string) {
				t.add(id, name, g, symbols, arrow, src, section, note)
				id, name, g, symbols, src, section, note = "", "", "", "", "", "", ""
			}
			if len(card.Arrows) == 0 {
				row("none")
			}
			for _, a := range card.Arrows {
				row(arrowText(a))
			}
			own := func(item string, v Value) {
				if v.Source != card.Source || v.Section != card.Section || v.Note != card.Note {
					t.add("", "", "", "", item, string(v.Source), v.Section, v.Note)
				}
			}
			if v := card.G; v.Source != card.Source || v.Section != card.Section || v.Note != card.Note {
				t.add("", "", "", "", "G "+strconv.Itoa(v.Value), string(v.Source), v.Section, v.Note)
			}
			for _, a := range card.Arrows {
				own(a.Speed+" length "+fmtFloat(a.Length.Value)+" mm", a.Length)
				own(a.Speed+" turn "+fmtFloat(a.Turn.Value)+" deg", a.Turn)
				own(a.Speed+" sideways "+fmtFloat(a.Sideways.Value)+" mm", a.Sideways)
			}
		}
		t.write(b)
	}
}

// arrowText describes an arrow as "low 40 mm 30° L (KE 1)", a slide as
// "low 40 mm slide 20 mm L (KE 1)".
func arrowText(a ArrowSpec) string {
	s := a.Speed + " " + fmtFloat(a.Length.Value) + " mm"
	if t := a.Turn.Value; t != 0 {
		s += " " + fmtFloat(math.Abs(t)) + "° " + leftRight(t)
	}
	if w := a.Sideways.Value; w != 0 {
		s += " slide " + fmtFloat(math.Abs(w)) + " mm " + leftRight(w)
	}
	return s + fmt.Sprintf(" (KE %d)", a.KineticEnergy.Value)
}

func leftRight(v float64) string {
	if v > 0 {
		return "L"
	}
	return "R"
}

// writeTalents writes a row per talent and flaw card, talents first.
func (c *Components) writeTalents(b *strings.Builder) {
	heading(b, "Talents and flaws")
	b.WriteString("TYPE: M maneuvering, F firing, A activity, O other; a pilot uses one talent of each type a turn.\n")
	b.WriteString("USES per game (∞ = unlimited). RULES: the rules the card requires. ROOKIE: a talent nuggets and\n")
	b.WriteString("rookies may take. ACT: a flaw takes effect when an opponent rolls this or more on 2d6.\n")
	t := table{header: []string{"CARD", "NAME", "KIND", "TYPE", "USES", "ROOKIE", "RULES", "ACT", "EFFECT", "SOURCE", "SECTION", "NOTE"}}
	for _, tc := range c.Talents {
		uses := "∞"
		if tc.Uses > 0 {
			uses = strconv.Itoa(tc.Uses)
		}
		rookie, act := "", ""
		if tc.Kind == TalentKindFlaw {
			act = strconv.Itoa(tc.Activation) + "+"
		} else {
			rookie = yesNo(tc.Rookie)
		}
		t.add(tc.ID, tc.Name, string(tc.Kind), tc.Type, uses, rookie, strings.Join(tc.Rules, ", "), act, tc.Effect, string(tc.Source), tc.Section, tc.Note)
	}
	t.write(b)
}

// writePilotCards writes a row per named pilot (Pilot cards).
func (c *Components) writePilotCards(b *strings.Builder) {
	heading(b, "Pilot cards")
	b.WriteString("A game has at most one card of a name; only its faction may use it; its talents and flaws are\n")
	b.WriteString("chosen from its lists. AS: the status the card indicates (nuggets and rookies take rookie talents).\n")
	t := table{header: []string{"CARD", "NAME", "SIDE", "RANK", "AS", "ATTACK", "TALENTS", "FLAWS", "SOURCE", "SECTION", "NOTE"}}
	for _, p := range c.PilotCards {
		t.add(p.ID, p.Name, p.Affiliation, p.Rank, p.Experience, signed(p.AttackModifier), strings.Join(p.Talents, ", "), strings.Join(p.Flaws, ", "), string(p.Source), p.Section, p.Note)
	}
	t.write(b)
}
