package assets

import (
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/internal/yamlfile"
)

func talentKeys() []string {
	return []string{"id", "name", "kind", "type", "uses", "rookie", "rules", "activation", "effect", "source", "section", "note"}
}

// Ranges of the talent values, with what the values mean.
var (
	usesRange       = yamlfile.IntRange{Min: 0, Max: 99, Note: "0 for unlimited (the ∞ symbol)"}
	activationRange = yamlfile.IntRange{Min: 2, Max: 12, Note: "the 2d6 total an opponent must roll to activate the flaw"}
)

// talentList decodes the talents list of talents.yaml and returns the
// talents, then the flaws, each in file order.
func (d *decoder) talentList(f yamlfile.Field) []TalentSpec {
	keys := talentKeys()
	idLine := map[string]int{}
	nameLine := map[string]int{}
	mark := d.mark()
	nodes := yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, "talents", "talent and flaw cards")
	if len(nodes) == 0 && d.clean(mark) {
		d.add(f.KeyNode.Line, "talents", "must list at least one talent or flaw")
	}
	var talents, flaws []TalentSpec
	for i, n := range nodes {
		path := fmt.Sprintf("talents[%d]", i)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, path, mappingOf(keys), nil)
		if !isMap {
			continue
		}
		var t TalentSpec
		if x := yamlfile.Lookup(fs, "id"); x != nil {
			xp := yamlfile.Join(path, "id")
			if id, ok := d.id(x.Val, xp); ok {
				if l, dup := idLine[id]; dup {
					d.add(x.KeyNode.Line, xp, "%s given twice; first at line %d; talent and flaw ids must be unique", id, l)
				} else {
					idLine[id] = x.KeyNode.Line
					t.ID, path = id, yamlfile.Join("talents", id)
				}
			}
		}
		fs = yamlfile.Allow(&d.ps, fs, path, keys)
		yamlfile.Require(&d.ps, fs, line, path, "id", "name", "kind", "type", "uses", "effect")
		if x := yamlfile.Lookup(fs, "kind"); x != nil {
			if s, ok := yamlfile.OneOf(&d.ps, x.Val, yamlfile.Join(path, "kind"), string(TalentKindTalent), string(TalentKindFlaw)); ok {
				t.Kind = TalentKind(s)
			}
		}
		if t.Kind == TalentKindFlaw && yamlfile.Lookup(fs, "activation") == nil {
			d.add(line, yamlfile.Join(path, "activation"), "missing; required for a flaw: %s", activationRange.What())
		}
		for _, x := range fs {
			xp := yamlfile.Join(path, x.Key)
			switch x.Key {
			case "name":
				t.Name, _ = d.uniqueName(x, xp, nameLine, "every card needs a name of its own")
			case "type":
				t.Type, _ = d.talentType(x, xp)
			case "uses":
				t.Uses, _ = yamlfile.Whole(&d.ps, x.Val, xp, usesRange)
			case "rookie":
				if t.Kind == TalentKindFlaw {
					d.add(x.KeyNode.Line, xp, "only a talent can be a rookie talent; leave rookie out for a flaw")
					continue
				}
				t.Rookie, _ = yamlfile.Bool(&d.ps, x.Val, xp)
			case "rules":
				t.Rules = d.talentRules(x, xp)
			case "activation":
				if t.Kind == TalentKindTalent {
					d.add(x.KeyNode.Line, xp, "only a flaw has an activation value; leave activation out for a talent")
					continue
				}
				t.Activation, _ = yamlfile.Whole(&d.ps, x.Val, xp, activationRange)
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
func (d *decoder) uniqueName(x yamlfile.Field, path string, seen map[string]int, why string) (string, bool) {
	s, ok := d.nonEmpty(x, path)
	if !ok {
		return "", false
	}
	at := lineOf(resolve(x.Val))
	if l, dup := seen[s]; dup {
		d.add(at, path, "name %s given twice; first at line %d; %s", yamlfile.Echo(s), l, why)
		return "", false
	}
	seen[s] = at
	return s, true
}

// nonEmpty decodes text that must not be empty.
func (d *decoder) nonEmpty(x yamlfile.Field, path string) (string, bool) {
	s, ok := yamlfile.Text(&d.ps, x.Val, path)
	if ok && strings.TrimSpace(s) == "" {
		d.add(firstLine(lineOf(resolve(x.Val)), x.KeyNode.Line), path, "must not be empty")
		return "", false
	}
	return s, ok
}

// talentType decodes a card type, one of the letters printed on the card.
func (d *decoder) talentType(x yamlfile.Field, path string) (string, bool) {
	s, ok := yamlfile.Text(&d.ps, x.Val, path)
	if !ok {
		return "", false
	}
	if !contains(talentTypes(), s) {
		allowed := make([]string, 0, 4)
		for _, t := range talentTypes() {
			allowed = append(allowed, t+" ("+talentTypeName(t)+")")
		}
		d.add(firstLine(lineOf(resolve(x.Val)), x.KeyNode.Line), path, "unknown type %s; allowed: %s", yamlfile.Echo(s), strings.Join(allowed, ", "))
		return "", false
	}
	return s, true
}

// talentRules decodes a card's rules required: nil for none.
func (d *decoder) talentRules(x yamlfile.Field, path string) []string {
	var out []string
	for k, n := range yamlfile.Items(&d.ps, x.Val, x.KeyNode.Line, path, "rules") {
		np := fmt.Sprintf("%s[%d]", path, k)
		s, ok := yamlfile.OneOf(&d.ps, n, np, talentRules()...)
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
