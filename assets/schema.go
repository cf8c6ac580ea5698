package assets

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// maxLength bounds every length so that sums and squares of lengths stay
// far from overflow in the geometry code (100 m is no table).
const maxLength = limits.ComponentMM

type lengthSpec struct {
	key string
	r   yamlfile.Range
	get func(*Geometry) *Value
}

type intSpec struct {
	key string
	r   yamlfile.IntRange
	get func(*Geometry) *IntValue
}

func lengthSpecs() []lengthSpec {
	mm := yamlfile.Range{Min: 0, Max: maxLength, Open: true, Unit: UnitMM}
	deg := yamlfile.Range{Min: 0, Max: 180, Open: true, Unit: UnitDeg}
	return []lengthSpec{
		{"base_across_flats", mm, func(g *Geometry) *Value { return &g.BaseAcrossFlats }},
		{"fire_arc_half_width", deg, func(g *Geometry) *Value { return &g.FireArcHalfWidth }},
		{"short_range", mm, func(g *Geometry) *Value { return &g.ShortRange }},
		{"medium_range", mm, func(g *Geometry) *Value { return &g.MediumRange }},
		{"long_range", mm, func(g *Geometry) *Value { return &g.LongRange }},
		{"tailing_distance", mm, func(g *Geometry) *Value { return &g.TailingDistance }},
		{"level_height", mm, func(g *Geometry) *Value { return &g.LevelHeight }},
		{"dial_notch", deg, func(g *Geometry) *Value { return &g.DialNotch }},
		{"drift_short", mm, func(g *Geometry) *Value { return &g.DriftShort }},
		{"drift_long", mm, func(g *Geometry) *Value { return &g.DriftLong }},
		{"card_width", mm, func(g *Geometry) *Value { return &g.CardWidth }},
		{"card_length", mm, func(g *Geometry) *Value { return &g.CardLength }},
		{"planetoid_radius", mm, func(g *Geometry) *Value { return &g.PlanetoidRadius }},
		{"table_width", mm, func(g *Geometry) *Value { return &g.TableWidth }},
		{"table_depth", mm, func(g *Geometry) *Value { return &g.TableDepth }},
		{"ftl_marker_across_flats", mm, func(g *Geometry) *Value { return &g.FTLMarkerAcrossFlats }},
	}
}

func intSpecs() []intSpec {
	return []intSpec{
		{"g_limit", yamlfile.IntRange{Min: 1, Max: 99}, func(g *Geometry) *IntValue { return &g.GLimit }},
		{"starting_fuel", yamlfile.IntRange{Min: 0, Max: 9999}, func(g *Geometry) *IntValue { return &g.StartingFuel }},
		{"ftl_fuel_cost", yamlfile.IntRange{Min: 0, Max: 9999}, func(g *Geometry) *IntValue { return &g.FTLFuelCost }},
	}
}

const ftlSidesKey = "ftl_sides"

func geometryKeys() []string {
	var keys []string
	for _, s := range lengthSpecs() {
		keys = append(keys, s.key)
	}
	for _, s := range intSpecs() {
		keys = append(keys, s.key)
	}
	return append(keys, ftlSidesKey)
}

func allSides() []string {
	return []string{SideFront, SideFrontRight, SideRearRight, SideRear, SideRearLeft, SideFrontLeft}
}

// Ranges of the class, counter and pilot values.
var (
	attackRange       = yamlfile.IntRange{Min: 1, Max: 20}
	structureRange    = yamlfile.IntRange{Min: 1, Max: 999}
	accelerationRange = yamlfile.IntRange{Min: 0, Max: 20}
	damageRange       = yamlfile.IntRange{Min: 1, Max: 99}
	collisionRange    = yamlfile.IntRange{Min: 0, Max: 99}
	countRange        = yamlfile.IntRange{Min: 1, Max: 99}
	modifierRange     = yamlfile.IntRange{Min: -9, Max: 9}
	talentsRange      = yamlfile.IntRange{Min: 0, Max: 20}
)

func classFieldsPatch() []string {
	return []string{"attack", "structure", "acceleration", "ftl", "base_across_flats"}
}

func specialSymbols() []string {
	return []string{SpecialEngine, SpecialControl, SpecialPilot, SpecialHull}
}

func mappingOf(keys []string) string {
	return "a mapping with the fields " + strings.Join(keys, ", ")
}

// geometry decodes the geometry mapping of components.yaml or of an override.
func (d *decoder) geometry(f yamlfile.Field, g *Geometry) {
	const path = "geometry"
	keys := geometryKeys()
	fs, isMap := yamlfile.Fields(&d.ps, f.Val, f.KeyNode.Line, path, "a mapping of component values", keys)
	if !isMap {
		return
	}
	if !d.partial {
		yamlfile.Require(&d.ps, fs, f.KeyNode.Line, path, keys...)
	}
	lens, ints := lengthSpecs(), intSpecs()
next:
	for _, x := range fs {
		xp := yamlfile.Join(path, x.Key)
		for _, s := range lens {
			if s.key == x.Key {
				d.length(x, xp, s.r, s.get(g))
				continue next
			}
		}
		for _, s := range ints {
			if s.key == x.Key {
				d.whole(x, xp, s.r, s.get(g))
				continue next
			}
		}
		d.ftlSides(x, xp, g)
	}
}

// ftlSides decodes the whole FTL side table; even an override must give all
// six sides, since a partial table could not cover every 2d6 total.
func (d *decoder) ftlSides(f yamlfile.Field, path string, g *Geometry) {
	mark := d.mark()
	keys := []string{"side", "rolls", "source", "section", "note"}
	sideLine := map[string]int{}
	rollLine := map[int]int{}
	var sides []FTLSide
	for i, n := range yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, path, "sides") {
		ip := fmt.Sprintf("%s[%d]", path, i)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, ip, mappingOf(keys), keys)
		if !isMap {
			continue
		}
		yamlfile.Require(&d.ps, fs, line, ip, "side", "rolls")
		var s FTLSide
		for _, x := range fs {
			xp := yamlfile.Join(ip, x.Key)
			switch x.Key {
			case "side":
				name, ok := yamlfile.OneOf(&d.ps, x.Val, xp, allSides()...)
				if !ok {
					continue
				}
				if l, dup := sideLine[name]; dup {
					d.add(x.KeyNode.Line, xp, "side %s given twice; first at line %d", name, l)
					continue
				}
				sideLine[name] = x.KeyNode.Line
				s.Side = name
			case "rolls":
				rolls := yamlfile.Items(&d.ps, x.Val, x.KeyNode.Line, xp, "2d6 totals")
				if len(rolls) == 0 {
					d.add(x.KeyNode.Line, xp, "must list at least one 2d6 total from 2 to 12")
				}
				for j, rn := range rolls {
					rp := fmt.Sprintf("%s[%d]", xp, j)
					r, ok := yamlfile.Whole(&d.ps, rn, rp, yamlfile.IntRange{Min: 2, Max: 12})
					if !ok {
						continue
					}
					if l, dup := rollLine[r]; dup {
						d.add(lineOf(resolve(rn)), rp, "2d6 total %d given twice; first at line %d", r, l)
						continue
					}
					rollLine[r] = lineOf(resolve(rn))
					s.Rolls = append(s.Rolls, r)
				}
			}
		}
		p, _ := d.provenanceOf(fs, line, ip)
		s.Source, s.Section, s.Note = p.source, p.section, p.note
		sides = append(sides, s)
	}
	if !d.clean(mark) {
		return
	}
	var missingSides []string
	for _, s := range allSides() {
		if _, ok := sideLine[s]; !ok {
			missingSides = append(missingSides, s)
		}
	}
	if len(missingSides) > 0 {
		d.add(f.KeyNode.Line, path, "no entry for side %s; the table must give all six: %s", strings.Join(missingSides, ", "), strings.Join(allSides(), ", "))
	}
	var missingRolls []string
	for r := 2; r <= 12; r++ {
		if _, ok := rollLine[r]; !ok {
			missingRolls = append(missingRolls, strconv.Itoa(r))
		}
	}
	if len(missingRolls) > 0 {
		d.add(f.KeyNode.Line, path, "no side for 2d6 total %s; every total from 2 to 12 needs one", strings.Join(missingRolls, ", "))
	}
	if d.clean(mark) {
		g.FTLSides = sides
		d.set(path, f.KeyNode.Line)
	}
}

// classList decodes the classes list of ships.yaml.
func (d *decoder) classList(f yamlfile.Field, c *Components) {
	keys := []string{"id", "name", "attack", "structure", "acceleration", "ftl", "base_across_flats", "call"}
	idLine := map[string]int{}
	mark := d.mark()
	nodes := yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, "classes", "ship classes")
	if len(nodes) == 0 && d.clean(mark) {
		d.add(f.KeyNode.Line, "classes", "must list at least one ship class")
	}
	for i, n := range nodes {
		path := fmt.Sprintf("classes[%d]", i)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, path, mappingOf(keys), nil)
		if !isMap {
			continue
		}
		var cl Class
		if x := yamlfile.Lookup(fs, "id"); x != nil {
			if id, ok := d.id(x.Val, yamlfile.Join(path, "id")); ok {
				if l, dup := idLine[id]; dup {
					d.add(x.KeyNode.Line, yamlfile.Join(path, "id"), "class %s given twice; first at line %d", id, l)
				} else {
					idLine[id] = x.KeyNode.Line
					cl.ID, path = id, yamlfile.Join("classes", id)
				}
			}
		}
		fs = yamlfile.Allow(&d.ps, fs, path, keys)
		yamlfile.Require(&d.ps, fs, line, path, keys[:6]...)
		for _, x := range fs {
			xp := yamlfile.Join(path, x.Key)
			switch x.Key {
			case "name":
				if s, ok := yamlfile.String(&d.ps, x.Val, xp); ok && strings.TrimSpace(s) == "" {
					d.add(x.KeyNode.Line, xp, "must not be empty")
				} else {
					cl.Name = s
				}
			case "call":
				if s, ok := d.id(x.Val, xp); ok {
					cl.Call = s
				}
			default:
				d.classField(x, xp, &cl)
			}
		}
		c.Classes = append(c.Classes, cl)
	}
}

// classField decodes one of the values a class file or an override may set.
func (d *decoder) classField(x yamlfile.Field, xp string, cl *Class) {
	switch x.Key {
	case "attack":
		d.whole(x, xp, attackRange, &cl.Attack)
	case "structure":
		d.whole(x, xp, structureRange, &cl.Structure)
	case "acceleration":
		d.whole(x, xp, accelerationRange, &cl.Acceleration)
	case "ftl":
		d.flag(x, xp, &cl.FTL)
	case "base_across_flats":
		var v Value
		if d.length(x, xp, yamlfile.Range{Min: 0, Max: maxLength, Open: true, Unit: UnitMM}, &v) {
			cl.BaseAcrossFlats = &v
		}
	}
}

// classPatch decodes the classes mapping of an override: class id to the
// fields to change.
func (d *decoder) classPatch(f yamlfile.Field, c *Components) {
	ids := c.ClassIDs()
	entries, _ := yamlfile.Fields(&d.ps, f.Val, f.KeyNode.Line, "classes", "a mapping from class id to the values to change, for example viper-mk2: {base_across_flats: 44}", nil)
	for _, e := range entries {
		path := yamlfile.Join("classes", e.Key)
		i := indexOf(ids, e.Key)
		if i < 0 {
			d.add(e.KeyNode.Line, path, "unknown class; allowed: %s", strings.Join(ids, ", "))
			continue
		}
		keys := classFieldsPatch()
		fs, _ := yamlfile.Fields(&d.ps, e.Val, e.KeyNode.Line, path, mappingOf(keys), keys)
		for _, x := range fs {
			d.classField(x, yamlfile.Join(path, x.Key), &c.Classes[i])
		}
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

// counters decodes a list of counter kinds and checks that they add up to
// total, the number the rulebook's component list gives.
func (d *decoder) counters(f yamlfile.Field, path string, collision bool, total int) []DamageCounter {
	keys := []string{"value", "plus", "special", "count", "source", "section", "note"}
	values := damageRange
	if collision {
		keys = []string{"value", "count", "source", "section", "note"}
		values = collisionRange
	}
	mark := d.mark()
	kindLine := map[string]int{}
	var out []DamageCounter
	for i, n := range yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, path, "counter kinds") {
		ip := fmt.Sprintf("%s[%d]", path, i)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, ip, mappingOf(keys), keys)
		if !isMap {
			continue
		}
		yamlfile.Require(&d.ps, fs, line, ip, "value", "count")
		var k DamageCounter
		for _, x := range fs {
			xp := yamlfile.Join(ip, x.Key)
			switch x.Key {
			case "value":
				k.Value, _ = yamlfile.Whole(&d.ps, x.Val, xp, values)
			case "plus":
				k.Plus, _ = yamlfile.Bool(&d.ps, x.Val, xp)
			case "special":
				k.Special, _ = yamlfile.OneOf(&d.ps, x.Val, xp, specialSymbols()...)
			case "count":
				k.Count, _ = yamlfile.Whole(&d.ps, x.Val, xp, countRange)
			}
		}
		p, _ := d.provenanceOf(fs, line, ip)
		k.Source, k.Section, k.Note = p.source, p.section, p.note
		if l, dup := kindLine[k.String()]; dup {
			d.add(line, ip, "counter %s listed twice (first at line %d); give one entry with the sum of the counts", k, l)
		}
		kindLine[k.String()] = line
		out = append(out, k)
	}
	if d.clean(mark) && CounterTotal(out) != total {
		d.add(f.KeyNode.Line, path, "the kinds add up to %d counters; the rulebook's set has %d (Contents)", CounterTotal(out), total)
	}
	return out
}

// pilotTokens decodes the pilot_tokens list of counters.yaml.
func (d *decoder) pilotTokens(f yamlfile.Field) []PilotToken {
	keys := []string{"id", "name", "attack_modifier", "max_talents", "rookie_talents_only"}
	idLine := map[string]int{}
	var out []PilotToken
	for i, n := range yamlfile.Items(&d.ps, f.Val, f.KeyNode.Line, "pilot_tokens", "pilot tokens") {
		path := fmt.Sprintf("pilot_tokens[%d]", i)
		line := lineOf(resolve(n))
		fs, isMap := yamlfile.Fields(&d.ps, n, line, path, mappingOf(keys), nil)
		if !isMap {
			continue
		}
		var t PilotToken
		if x := yamlfile.Lookup(fs, "id"); x != nil {
			if id, ok := d.id(x.Val, yamlfile.Join(path, "id")); ok {
				if l, dup := idLine[id]; dup {
					d.add(x.KeyNode.Line, yamlfile.Join(path, "id"), "pilot token %s given twice; first at line %d", id, l)
				} else {
					idLine[id] = x.KeyNode.Line
					t.ID, path = id, yamlfile.Join("pilot_tokens", id)
				}
			}
		}
		fs = yamlfile.Allow(&d.ps, fs, path, keys)
		yamlfile.Require(&d.ps, fs, line, path, keys...)
		for _, x := range fs {
			xp := yamlfile.Join(path, x.Key)
			switch x.Key {
			case "name":
				t.Name, _ = yamlfile.String(&d.ps, x.Val, xp)
			case "attack_modifier":
				d.whole(x, xp, modifierRange, &t.AttackModifier)
			case "max_talents":
				d.whole(x, xp, talentsRange, &t.MaxTalents)
			case "rookie_talents_only":
				d.flag(x, xp, &t.RookieTalentsOnly)
			}
		}
		out = append(out, t)
	}
	return out
}

// root checks the top-level mapping and returns its fields.
func (d *decoder) root(n *yaml.Node, keys []string) []yamlfile.Field {
	fs, _ := yamlfile.Fields(&d.ps, n, 1, "", mappingOf(keys), keys)
	if !d.partial {
		yamlfile.Require(&d.ps, fs, lineOf(n), "", keys...)
	}
	return fs
}

// loadFiles decodes and validates the data files into a new Components,
// reporting the problems of all of them at once.
func loadFiles(components, ships, counters, decks, talents []byte) (*Components, error) {
	c := &Components{pos: map[string]position{}}
	var errs ErrorList
	// shipsOK says whether ships.yaml gave a complete class list, against
	// which decks.yaml is checked.
	shipsOK := false
	files := []struct {
		name   string
		data   []byte
		keys   []string
		decode func(*decoder, []yamlfile.Field)
	}{
		{componentsFile, components, []string{"geometry"}, func(d *decoder, fs []yamlfile.Field) {
			for _, f := range fs {
				d.geometry(f, &c.Geometry)
			}
		}},
		{shipsFile, ships, []string{"classes"}, func(d *decoder, fs []yamlfile.Field) {
			for _, f := range fs {
				d.classList(f, c)
			}
			shipsOK = d.clean(0)
		}},
		{countersFile, counters, []string{"damage_counters", "collision_counters", "pilot_tokens"}, func(d *decoder, fs []yamlfile.Field) {
			for _, f := range fs {
				switch f.Key {
				case "damage_counters":
					c.Damage = d.counters(f, f.Key, false, DamageCounterTotal)
				case "collision_counters":
					c.Collision = d.counters(f, f.Key, true, CollisionCounterTotal)
				case "pilot_tokens":
					c.PilotTokens = d.pilotTokens(f)
				}
			}
		}},
		{decksFile, decks, []string{"kinetic_energy", "decks"}, func(d *decoder, fs []yamlfile.Field) {
			c.Decks = d.deckFile(fs, c, shipsOK)
		}},
		{talentsFile, talents, []string{"talents"}, func(d *decoder, fs []yamlfile.Field) {
			for _, f := range fs {
				c.Talents = d.talentList(f)
			}
		}},
	}
	for _, file := range files {
		d := newDecoder(file.name, false, c.pos)
		if root := d.parse(file.data); root != nil {
			file.decode(d, d.root(root, file.keys))
		} else if d.clean(0) {
			d.add(0, "", "empty; required: %s", strings.Join(file.keys, ", "))
		}
		errs = append(errs, d.problems()...)
		c.Sources = append(c.Sources, file.name)
	}
	errs = append(errs, crossCheck(c, componentsFile)...)
	if len(errs) > 0 {
		return nil, errs
	}
	return c, nil
}
