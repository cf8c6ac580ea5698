package assets

import (
	"fmt"
	"strings"
)

func talentKeys() []string {
	return []string{"id", "name", "kind", "type", "uses", "rookie", "rules", "activation", "effect", "source", "section", "note"}
}

// Ranges of the talent values, with what the messages say is allowed.
var (
	usesRange       = intRange{0, 99}
	activationRange = intRange{2, 12}
)

const (
	usesAllowed       = "a whole number from 0 to 99, 0 for unlimited (the ∞ symbol)"
	activationAllowed = "a whole number from 2 to 12, the 2d6 total an opponent must roll to activate the flaw"
)

// talentList decodes the talents list of talents.yaml and returns the
// talents, then the flaws, each in file order.
func (d *decoder) talentList(f field) []TalentSpec {
	keys := talentKeys()
	idLine := map[string]int{}
	nameLine := map[string]int{}
	mark := d.mark()
	nodes := d.items(f.val, f.keyNode.Line, "talents", "talent and flaw cards")
	if len(nodes) == 0 && d.clean(mark) {
		d.add(f.keyNode.Line, "talents", "must list at least one talent or flaw")
	}
	var talents, flaws []TalentSpec
	for i, n := range nodes {
		path := fmt.Sprintf("talents[%d]", i)
		line := lineOf(resolve(n))
		fs, isMap := d.entries(n, line, path, mappingOf(keys))
		if !isMap {
			continue
		}
		var t TalentSpec
		if x := lookup(fs, "id"); x != nil {
			xp := join(path, "id")
			if id, ok := d.id(x.val, xp); ok {
				if l, dup := idLine[id]; dup {
					d.add(x.keyNode.Line, xp, "%s given twice; first at line %d; talent and flaw ids must be unique", id, l)
				} else {
					idLine[id] = x.keyNode.Line
					t.ID, path = id, join("talents", id)
				}
			}
		}
		fs = d.allow(fs, path, keys)
		d.require(fs, line, path, "id", "name", "kind", "type", "uses", "effect")
		if x := lookup(fs, "kind"); x != nil {
			if s, ok := d.oneOf(x.val, join(path, "kind"), "kind", []string{string(TalentKindTalent), string(TalentKindFlaw)}); ok {
				t.Kind = TalentKind(s)
			}
		}
		if t.Kind == TalentKindFlaw && lookup(fs, "activation") == nil {
			d.add(line, join(path, "activation"), "missing; required for a flaw: %s", activationAllowed)
		}
		for _, x := range fs {
			xp := join(path, x.key)
			switch x.key {
			case "name":
				t.Name, _ = d.uniqueName(x, xp, nameLine, "every card needs a name of its own")
			case "type":
				t.Type, _ = d.talentType(x, xp)
			case "uses":
				t.Uses, _ = d.integerAs(x.val, xp, usesRange, usesAllowed)
			case "rookie":
				if t.Kind == TalentKindFlaw {
					d.add(x.keyNode.Line, xp, "only a talent can be a rookie talent; leave rookie out for a flaw")
					continue
				}
				t.Rookie, _ = d.boolean(x.val, xp)
			case "rules":
				t.Rules = d.talentRules(x, xp)
			case "activation":
				if t.Kind == TalentKindTalent {
					d.add(x.keyNode.Line, xp, "only a flaw has an activation value; leave activation out for a talent")
					continue
				}
				t.Activation, _ = d.integerAs(x.val, xp, activationRange, activationAllowed)
			case "effect":
				t.Effect, _ = d.nonEmpty(x, xp)
			}
		}
		p, _ := d.provenanceOf(fs, line, path)
		t.Source, t.Section, t.Note = p.source, p.section, p.note
		if t.Kind == TalentKindFlaw {
			flaws = append(flaws, t)
		} else {
			talents = append(talents, t)
		}
	}
	return append(talents, flaws...)
}

// uniqueName reads a card's name, refusing one that is empty or that an
// earlier card of the file has (seen maps each name to its line; why says
// what the rule asks), and records it in seen.
func (d *decoder) uniqueName(x field, path string, seen map[string]int, why string) (string, bool) {
	s, ok := d.nonEmpty(x, path)
	if !ok {
		return "", false
	}
	at := lineOf(resolve(x.val))
	if l, dup := seen[s]; dup {
		d.add(at, path, "name %s given twice; first at line %d; %s", quote(s), l, why)
		return "", false
	}
	seen[s] = at
	return s, true
}

// nonEmpty decodes text that must not be empty.
func (d *decoder) nonEmpty(x field, path string) (string, bool) {
	s, ok := d.text(x.val, path)
	if ok && strings.TrimSpace(s) == "" {
		d.add(firstLine(lineOf(resolve(x.val)), x.keyNode.Line), path, "must not be empty")
		return "", false
	}
	return s, ok
}

// talentType decodes a card type, one of the letters printed on the card.
func (d *decoder) talentType(x field, path string) (string, bool) {
	s, ok := d.text(x.val, path)
	if !ok {
		return "", false
	}
	if !contains(talentTypes(), s) {
		allowed := make([]string, 0, 4)
		for _, t := range talentTypes() {
			allowed = append(allowed, t+" ("+talentTypeName(t)+")")
		}
		d.add(firstLine(lineOf(resolve(x.val)), x.keyNode.Line), path, "unknown type %s; allowed: %s", quote(s), strings.Join(allowed, ", "))
		return "", false
	}
	return s, true
}

// talentRules decodes a card's rules required: nil for none.
func (d *decoder) talentRules(x field, path string) []string {
	var out []string
	for k, n := range d.items(x.val, x.keyNode.Line, path, "rules") {
		np := fmt.Sprintf("%s[%d]", path, k)
		s, ok := d.oneOf(n, np, "rule", talentRules())
		if !ok {
			continue
		}
		if contains(out, s) {
			d.add(lineOf(resolve(n)), np, "rule %s given twice", s)
			continue
		}
		out = append(out, s)
	}
	return out
}
