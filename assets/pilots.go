package assets

import (
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// PilotCard is a named pilot (rulebook, Pilot cards): name, rank or role,
// affiliation (only a player of that faction can use the pilot), the
// talents and flaws that may be chosen for the pilot, and an attack
// modifier. Experience is the status the card indicates, one of the pilot
// tokens' ids (nugget, rookie, average, expert, ace): a nugget's or
// rookie's card takes only rookie talents (Limitations of nuggets and
// rookies). Source, Section and Note are the card's provenance; the note
// says which values the rulebook prints.
type PilotCard struct {
	ID, Name       string
	Affiliation    string
	Rank           string
	Experience     string
	AttackModifier int
	Talents, Flaws []string
	Source         Source
	Section        string
	Note           string
}

// PilotCard returns the pilot card with the id and true, or false. The
// result is a copy.
func (c *Components) PilotCard(id string) (PilotCard, bool) {
	for _, p := range c.PilotCards {
		if p.ID == id {
			return p.clone(), true
		}
	}
	return PilotCard{}, false
}

// PilotCardIDs returns the ids of the pilot cards in file order.
func (c *Components) PilotCardIDs() []string {
	out := make([]string, len(c.PilotCards))
	for i, p := range c.PilotCards {
		out[i] = p.ID
	}
	return out
}

func (p PilotCard) clone() PilotCard {
	p.Talents, p.Flaws = slices.Clone(p.Talents), slices.Clone(p.Flaws)
	return p
}

// affiliations are the factions a pilot card may name.
var affiliations = []string{"colonial", "cylon"}

// pilotCardList decodes the pilot_cards list of pilots.yaml against the
// talents and pilot tokens already loaded.
func (d *decoder) pilotCardList(f yamlfile.Field, c *Components) []PilotCard {
	keys := []string{"id", "name", "affiliation", "rank", "experience", "attack_modifier", "talents", "flaws", "source", "section", "note"}
	idLine, nameLine := map[string]int{}, map[string]int{}
	var tokens []string
	for _, t := range c.PilotTokens {
		tokens = append(tokens, t.ID)
	}
	var out []PilotCard
	for i, n := range yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, "pilot_cards", "pilot cards") {
		path := fmt.Sprintf("pilot_cards[%d]", i)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, path, mappingOf(keys), nil)
		if !isMap {
			continue
		}
		var p PilotCard
		if x := yamlfile.Lookup(fs, "id"); x != nil {
			if id, ok := d.id(x.Val, yamlfile.Join(path, "id")); ok {
				if l, dup := idLine[id]; dup {
					d.add(x.KeyNode.Line, yamlfile.Join(path, "id"), "%s given twice; first at line %d; pilot card ids must be unique", id, l)
				} else if slices.Contains(tokens, id) {
					d.add(x.KeyNode.Line, yamlfile.Join(path, "id"), "%s is a pilot token's id; a card needs an id of its own", id)
				} else {
					idLine[id] = x.KeyNode.Line
					p.ID, path = id, yamlfile.Join("pilot_cards", id)
				}
			}
		}
		fs = yamlfile.Allow(&d.ps, fs, path, keys)
		yamlfile.Require(&d.ps, fs, line, path, "id", "name", "affiliation", "rank", "experience", "attack_modifier", "talents")
		for _, x := range fs {
			xp := yamlfile.Join(path, x.Key)
			switch x.Key {
			case "name":
				p.Name, _ = d.uniqueName(x, xp, nameLine, "a game has at most one card of a name (Pilot cards)")
			case "affiliation":
				p.Affiliation, _ = yamlfile.OneOf(&d.ps, x.Val, xp, affiliations...)
			case "rank":
				p.Rank, _ = d.nonEmpty(x, xp)
			case "experience":
				p.Experience, _ = yamlfile.OneOf(&d.ps, x.Val, xp, tokens...)
			case "attack_modifier":
				p.AttackModifier, _ = yamlfile.Whole(&d.ps, x.Val, xp, modifierRange)
			case "talents":
				p.Talents = d.cardRefs(x, xp, c, TalentKindTalent)
			case "flaws":
				p.Flaws = d.cardRefs(x, xp, c, TalentKindFlaw)
			}
		}
		if p.Experience == "nugget" || p.Experience == "rookie" {
			for _, id := range p.Talents {
				if t, ok := c.Talent(id); ok && !t.Rookie {
					d.add(line, yamlfile.Join(path, "talents"), "%s is not a rookie talent; a %s's card lists only rookie talents (Limitations of nuggets and rookies)", id, p.Experience)
				}
			}
		}
		pr, _ := d.provenanceOf(fs, line, path)
		p.Source, p.Section, p.Note = pr.source, pr.section, pr.note
		out = append(out, p)
	}
	return out
}

// cardRefs decodes a list of talent or flaw ids that must name cards of
// that kind in talents.yaml.
func (d *decoder) cardRefs(x yamlfile.Field, path string, c *Components, kind TalentKind) []string {
	var out []string
	for k, n := range yamlfile.Items(&d.ps, x.Val, x.KeyNode.Line, path, string(kind)+"s") {
		np := fmt.Sprintf("%s[%d]", path, k)
		id, ok := d.id(n, np)
		if !ok {
			continue
		}
		t, found := c.Talent(id)
		switch {
		case !found:
			d.add(lineOf(resolve(n)), np, "unknown %s %q; allowed: the %ss of talents.yaml", kind, id, kind)
		case t.Kind != kind:
			d.add(lineOf(resolve(n)), np, "%s is a %s, not a %s", id, t.Kind, kind)
		case slices.Contains(out, id):
			d.add(lineOf(resolve(n)), np, "%s given twice", id)
		default:
			out = append(out, id)
		}
	}
	return out
}

// loadPilotCards decodes pilots.yaml into c (after the other files).
func loadPilotCards(c *Components, data []byte) ErrorList {
	d := newDecoder(pilotsFile, false, c.pos)
	if root := d.parse(data); root != nil {
		for _, f := range d.root(root, []string{"pilot_cards"}) {
			c.PilotCards = d.pilotCardList(f, c)
		}
	} else if d.clean(0) {
		d.add(0, "", "empty; required: pilot_cards")
	}
	c.Sources = append(c.Sources, pilotsFile)
	return d.problems()
}
