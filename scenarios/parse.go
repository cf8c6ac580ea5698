package scenarios

import (
	"fmt"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Limits of the file format.
const (
	MinLevel     = starship.MinLevel
	MaxLevel     = starship.MaxLevel
	MinRotation  = starship.MinRotation
	MaxRotation  = starship.MaxRotation
	MaxTurnLimit = limits.TurnLimit
	MaxFlaws     = battle.MaxFlaws // Pilot talents and flaws: one or two flaws
	MaxFuel      = limits.Fuel
	MaxPoints    = limits.Points
	MaxVertices  = limits.Vertices // of a zone or an asteroid field
)

// The fields of each mapping in the file; "!" marks a required one.
var (
	topFields       = []string{"name!", "briefing", "table", "rules!", "options", "turn_limit", "special_rules", "sides", "zones", "ships!", "obstacles", "victory"}
	tableFields     = []string{"width!", "depth!"}
	sideFields      = []string{"name", "briefing"}
	specialFields   = []string{"id!", "text!"}
	zoneFields      = []string{"id!", "polygon!", "heading"}
	shipFields      = []string{"id!", "side!", "class!", "pilot", "talents", "flaws", "pose", "zone", "heading", "enters", "level", "ke", "fuel"}
	poseFields      = []string{"x!", "y!", "heading!", "rotation"}
	entryFields     = []string{"turn!", "edge", "at", "ftl"}
	markerFields    = []string{"x!", "y!", "heading!"}
	planetoidFields = []string{"id!", "kind!", "x!", "y!", "radius", "level"}
	fieldFields     = []string{"id!", "kind!", "density!", "polygon!", "level"}
	obstacleKinds   = []string{string(referee.Planetoid), string(referee.AsteroidField)}
	conditionKinds  = []string{string(battle.EliminateAll), string(battle.Survive), string(battle.Destroy),
		string(battle.Leave), string(battle.Hold), string(battle.Points)}
	// conditionFields lists the fields of each kind of condition.
	conditionFields = map[battle.ConditionKind][]string{
		battle.EliminateAll: {"kind!"},
		battle.Survive:      {"kind!", "side!", "turns!"},
		battle.Destroy:      {"kind!", "side!", "ship!"},
		battle.Leave:        {"kind!", "side!", "ship!", "by!", "edge", "zone"},
		battle.Hold:         {"kind!", "side", "zone!", "turns"},
		battle.Points:       {"kind!", "values!", "target"},
	}
)

// nodes keeps the YAML nodes of what was decoded, for the semantic checks
// to name lines.
type nodes struct {
	ships     []shipNodes
	zones     []map[string]*yaml.Node
	obstacles []map[string]*yaml.Node
	victory   []map[string]*yaml.Node
	top       map[string]*yaml.Node
	options   map[starship.Option]*yaml.Node
	root      *yaml.Node
}

type shipNodes struct {
	self  *yaml.Node
	f     map[string]*yaml.Node
	entry map[string]*yaml.Node
}

// parser decodes one file.
type parser struct {
	ps   *yamlfile.Problems
	comp *assets.Components
	sc   *Scenario
	n    nodes
	// placed marks the ships whose start is known (for the checks that
	// compare places); badPose the poses (by field) that did not decode.
	placed  []bool
	badPose map[string]bool
}

// Parse reads a scenario file (YAML or JSON). filename names the file in
// messages and gives the scenario its ID. Every problem is reported at
// once, each as file:line: field: message: the file's structure (the same
// rules as scenario.schema.json, which is checked too) and then its sense
// (ships and zones on the table, deployments apart, no ship inside a
// planetoid, known classes, pilots and talents, talents the pilot may
// take, conditions that name ships and zones of the file, levels only with
// the three-dimensional rule). On error the scenario returned holds what
// could be read. No input makes it panic.
//
// In the browser page (js/wasm) the schema is not checked: see
// schemaCheck.
func Parse(filename string, data []byte, comp *assets.Components) (*Scenario, error) {
	return parse(filename, data, comp, schemaCheck())
}

// parse is Parse with the schema's check schema (nil: none).
func parse(filename string, data []byte, comp *assets.Components, schema func(*yamlfile.Problems, *yaml.Node)) (*Scenario, error) {
	p := &parser{ps: &yamlfile.Problems{File: filename}, comp: comp, badPose: map[string]bool{}}
	p.sc = &Scenario{ID: strings.TrimSuffix(filepath.Base(filename), filepath.Ext(filename)),
		Width: comp.Geometry.TableWidth.Value, Depth: comp.Geometry.TableDepth.Value}
	root := yamlfile.Doc(p.ps, data)
	if root == nil {
		return p.sc, p.ps.Err()
	}
	p.n.root = root
	p.decode(root)
	structural := p.ps.Len()
	if schema != nil {
		schema(p.ps, root)
	}
	if structural == 0 && p.ps.Len() > 0 {
		// The schema refused what the decoder took: report it, but do not
		// judge the sense of a file whose form is in doubt.
		return p.sc, p.ps.Err()
	}
	p.check()
	return p.sc, p.ps.Err()
}

func (p *parser) decode(root *yaml.Node) {
	ps, sc := p.ps, p.sc
	top := yamlfile.Map(ps, root, "", topFields...)
	p.n.top = top
	if n := top["name"]; n != nil {
		sc.Name, _ = yamlfile.String(ps, n, "name")
	}
	if n := top["briefing"]; n != nil {
		sc.Briefing, _ = yamlfile.Text(ps, n, "briefing")
	}
	if n := top["table"]; n != nil {
		f := yamlfile.Map(ps, n, "table", tableFields...)
		if f["width"] != nil {
			if v, ok := yamlfile.TableSide(ps, f["width"], "table.width"); ok {
				sc.Width = v
			}
		}
		if f["depth"] != nil {
			if v, ok := yamlfile.TableSide(ps, f["depth"], "table.depth"); ok {
				sc.Depth = v
			}
		}
	}
	if n := top["rules"]; n != nil {
		r, _ := yamlfile.OneOf(ps, n, "rules", string(starship.Quick), string(starship.Complete))
		sc.Rules = starship.RuleSet(r)
	}
	p.n.options = map[starship.Option]*yaml.Node{}
	if n := top["options"]; n != nil {
		allowed := make([]string, len(starship.Options))
		for i, o := range starship.Options {
			allowed[i] = string(o)
		}
		for i, on := range yamlfile.Seq(ps, n, "options") {
			path := fmt.Sprintf("options[%d]", i)
			o, ok := yamlfile.OneOf(ps, on, path, allowed...)
			if !ok {
				continue
			}
			if p.n.options[starship.Option(o)] != nil {
				ps.Add(on, path, "%q is given twice", o)
				continue
			}
			p.n.options[starship.Option(o)] = on
			sc.Options = append(sc.Options, starship.Option(o))
		}
	}
	if n := top["turn_limit"]; n != nil {
		sc.TurnLimit, _ = yamlfile.Int(ps, n, "turn_limit", 1, MaxTurnLimit)
	}
	if n := top["special_rules"]; n != nil {
		for i, rn := range yamlfile.Seq(ps, n, "special_rules") {
			path := fmt.Sprintf("special_rules[%d]", i)
			f := yamlfile.Map(ps, rn, path, specialFields...)
			var r SpecialRule
			if f["id"] != nil {
				r.ID, _ = yamlfile.ID(ps, f["id"], path+".id")
			}
			if f["text"] != nil {
				r.Text, _ = yamlfile.Text(ps, f["text"], path+".text")
			}
			sc.SpecialRules = append(sc.SpecialRules, r)
		}
	}
	if n := top["sides"]; n != nil {
		f := yamlfile.Map(ps, n, "sides", string(battle.Colonial), string(battle.Cylon))
		for _, side := range battle.Sides {
			sn := f[string(side)]
			if sn == nil {
				continue
			}
			path := "sides." + string(side)
			sf := yamlfile.Map(ps, sn, path, sideFields...)
			b := SideBriefing{Side: side}
			if sf["name"] != nil {
				b.Name, _ = yamlfile.String(ps, sf["name"], path+".name")
			}
			if sf["briefing"] != nil {
				b.Briefing, _ = yamlfile.Text(ps, sf["briefing"], path+".briefing")
			}
			sc.Sides = append(sc.Sides, b)
		}
	}
	if n := top["zones"]; n != nil {
		for i, zn := range yamlfile.Seq(ps, n, "zones") {
			p.zone(zn, fmt.Sprintf("zones[%d]", i))
		}
	}
	if n := top["ships"]; n != nil {
		items := yamlfile.Seq(ps, n, "ships")
		for i, sn := range items {
			p.ship(sn, fmt.Sprintf("ships[%d]", i))
		}
	}
	if n := top["obstacles"]; n != nil {
		for i, on := range yamlfile.Seq(ps, n, "obstacles") {
			p.obstacle(on, fmt.Sprintf("obstacles[%d]", i))
		}
	}
	if n := top["victory"]; n != nil {
		items := yamlfile.Seq(ps, n, "victory")
		if n.Kind == yaml.SequenceNode && len(items) == 0 {
			ps.Add(n, "victory", "an empty list; give at least one condition, or leave victory out for eliminate-all")
		}
		for i, cn := range items {
			p.condition(cn, fmt.Sprintf("victory[%d]", i))
		}
	}
}

// number reads a required number; Map has already reported it if missing.
func number(ps *yamlfile.Problems, f map[string]*yaml.Node, key, path string) float64 {
	if f[key] == nil {
		return 0
	}
	v, _ := yamlfile.Float(ps, f[key], path+"."+key)
	return v
}

func (p *parser) zone(n *yaml.Node, path string) {
	f := yamlfile.Map(p.ps, n, path, zoneFields...)
	var z Zone
	if f["id"] != nil {
		z.ID, _ = yamlfile.ID(p.ps, f["id"], path+".id")
	}
	if f["polygon"] != nil {
		z.Polygon = parsePolygon(p.ps, f["polygon"], path+".polygon")
	}
	if f["heading"] != nil {
		if h, ok := yamlfile.Float(p.ps, f["heading"], path+".heading"); ok {
			z.Heading = &h
		}
	}
	p.sc.Zones = append(p.sc.Zones, z)
	p.n.zones = append(p.n.zones, f)
}

// pose reads a pose or a marker; a pose with a problem is recorded in
// p.badPose so that no check builds on it.
func (p *parser) pose(n *yaml.Node, path string, fields []string) *Pose {
	before := p.ps.Len()
	defer func() {
		if p.ps.Len() > before {
			p.badPose[path] = true
		}
	}()
	f := yamlfile.Map(p.ps, n, path, fields...)
	pose := &Pose{X: number(p.ps, f, "x", path), Y: number(p.ps, f, "y", path), Heading: number(p.ps, f, "heading", path)}
	if f["rotation"] != nil {
		pose.Rotation, _ = yamlfile.Int(p.ps, f["rotation"], path+".rotation", MinRotation, MaxRotation)
	}
	return pose
}

func (p *parser) ship(n *yaml.Node, path string) {
	ps := p.ps
	f := yamlfile.Map(ps, n, path, shipFields...)
	sh := Ship{Level: MinLevel}
	sn := shipNodes{self: n, f: f}
	if m := deref(n); m == nil || m.Kind != yaml.MappingNode {
		p.sc.Ships = append(p.sc.Ships, sh)
		p.n.ships = append(p.n.ships, sn)
		return
	}
	if f["id"] != nil {
		sh.ID, _ = yamlfile.ID(ps, f["id"], path+".id")
	}
	if f["side"] != nil {
		s, _ := yamlfile.OneOf(ps, f["side"], path+".side", string(battle.Colonial), string(battle.Cylon))
		sh.Side = battle.Side(s)
	}
	if f["class"] != nil {
		sh.Class, _ = yamlfile.String(ps, f["class"], path+".class")
	}
	if f["pilot"] != nil {
		allowed := make([]string, len(starship.Pilots))
		for i, pl := range starship.Pilots {
			allowed[i] = string(pl)
		}
		allowed = append(allowed, p.comp.PilotCardIDs()...) // Pilot cards
		pl, _ := yamlfile.OneOf(p.ps, f["pilot"], path+".pilot", allowed...)
		sh.Pilot = starship.Pilot(pl)
	}
	sh.Talents = names(ps, f["talents"], path+".talents")
	sh.Flaws = names(ps, f["flaws"], path+".flaws")
	places := 0
	for _, k := range []string{"pose", "zone", "enters"} {
		if f[k] != nil {
			places++
		}
	}
	if places != 1 {
		ps.Add(n, path, "give exactly one of pose (a spot), zone (a deployment zone) or enters (a later entry); got %d", places)
	}
	if f["pose"] != nil {
		sh.Pose = p.pose(f["pose"], path+".pose", poseFields)
	}
	if f["zone"] != nil {
		sh.Zone, _ = yamlfile.ID(ps, f["zone"], path+".zone")
	}
	if f["heading"] != nil {
		h, ok := yamlfile.Float(ps, f["heading"], path+".heading")
		switch {
		case f["zone"] == nil:
			ps.Add(f["heading"], path+".heading", "a heading of its own goes only with zone; a pose or an entry gives the heading")
		case ok:
			sh.Heading = &h
		}
	}
	if f["enters"] != nil {
		sh.Enters, sn.entry = p.entry(f["enters"], path+".enters")
	}
	if f["level"] != nil {
		sh.Level, _ = yamlfile.Int(ps, f["level"], path+".level", MinLevel, MaxLevel)
	}
	if f["ke"] != nil {
		sh.KE, _ = yamlfile.Int(ps, f["ke"], path+".ke", starship.MinKE, starship.MaxKE)
	}
	if f["fuel"] != nil {
		sh.Fuel, _ = yamlfile.Int(ps, f["fuel"], path+".fuel", 1, MaxFuel)
	}
	p.sc.Ships = append(p.sc.Ships, sh)
	p.n.ships = append(p.n.ships, sn)
}

// names reads a list of card names.
func names(ps *yamlfile.Problems, n *yaml.Node, path string) []string {
	if n == nil {
		return nil
	}
	var out []string
	for i, in := range yamlfile.Seq(ps, n, path) {
		if s, ok := yamlfile.String(ps, in, fmt.Sprintf("%s[%d]", path, i)); ok {
			out = append(out, s)
		}
	}
	return out
}

func (p *parser) entry(n *yaml.Node, path string) (*Entry, map[string]*yaml.Node) {
	ps := p.ps
	f := yamlfile.Map(ps, n, path, entryFields...)
	e := &Entry{}
	if f["turn"] != nil {
		e.Turn, _ = yamlfile.Int(ps, f["turn"], path+".turn", 2, MaxTurnLimit)
	}
	switch {
	case f["edge"] != nil && f["ftl"] != nil, f["edge"] == nil && f["ftl"] == nil:
		ps.Add(n, path, "give exactly one of edge (with at) or ftl (a marker: x, y, heading)")
	case f["edge"] != nil:
		edges := make([]string, len(battle.Edges))
		for i, e := range battle.Edges {
			edges[i] = string(e)
		}
		ed, ok := yamlfile.OneOf(ps, f["edge"], path+".edge", edges...)
		e.Edge = battle.Edge(ed)
		if f["at"] == nil {
			ps.Add(n, path+".at", "missing; an entry by an edge says where along it (x for north and south, y for east and west)")
			ok = false
		} else if at, okAt := yamlfile.Float(ps, f["at"], path+".at"); okAt {
			e.At = at
		} else {
			ok = false
		}
		if !ok {
			e.Edge = ""
		}
	default:
		if f["at"] != nil {
			ps.Add(f["at"], path+".at", "goes only with edge; an FTL entry gives its marker")
		}
		e.FTL = p.pose(f["ftl"], path+".ftl", markerFields)
	}
	return e, f
}

func (p *parser) obstacle(n *yaml.Node, path string) {
	ps := p.ps
	kn := yamlfile.Peek(n, "kind")
	if kn == nil {
		yamlfile.Map(ps, n, path, "id!", "kind!", "x", "y", "radius", "density", "polygon", "level")
		p.sc.Obstacles = append(p.sc.Obstacles, Obstacle{Level: MinLevel})
		p.n.obstacles = append(p.n.obstacles, map[string]*yaml.Node{})
		return
	}
	kind, _ := yamlfile.OneOf(ps, kn, path+".kind", obstacleKinds...)
	o := Obstacle{Kind: kind, Level: MinLevel}
	var f map[string]*yaml.Node
	switch referee.ObstacleKind(kind) {
	case referee.Planetoid:
		f = yamlfile.Map(ps, n, path, planetoidFields...)
		o.X, o.Y = number(ps, f, "x", path), number(ps, f, "y", path)
		o.Radius = p.comp.Geometry.PlanetoidRadius.Value
		if f["radius"] != nil {
			if r, ok := yamlfile.Positive(ps, f["radius"], path+".radius"); ok {
				o.Radius = r
			}
		}
	case referee.AsteroidField:
		f = yamlfile.Map(ps, n, path, fieldFields...)
		if f["density"] != nil {
			o.Density, _ = yamlfile.OneOf(ps, f["density"], path+".density", string(referee.Sparse), string(referee.Dense))
		}
		if f["polygon"] != nil {
			o.Polygon = parsePolygon(ps, f["polygon"], path+".polygon")
		}
	default:
		f = map[string]*yaml.Node{}
	}
	if f["id"] != nil {
		o.ID, _ = yamlfile.ID(ps, f["id"], path+".id")
	}
	if f["level"] != nil {
		o.Level, _ = yamlfile.Int(ps, f["level"], path+".level", MinLevel, MaxLevel)
	}
	p.sc.Obstacles = append(p.sc.Obstacles, o)
	p.n.obstacles = append(p.n.obstacles, f)
}

func parsePolygon(ps *yamlfile.Problems, n *yaml.Node, path string) [][2]float64 {
	before := ps.Len()
	var pts [][2]float64
	vertices := yamlfile.Vertices(ps, n, path)
	for i, vn := range vertices {
		vpath := fmt.Sprintf("%s[%d]", path, i)
		xy := yamlfile.Seq(ps, vn, vpath)
		if xy == nil {
			continue
		}
		if len(xy) != 2 {
			ps.Add(vn, vpath, "a vertex is [x, y]; got %d numbers", len(xy))
			continue
		}
		x, okx := yamlfile.Float(ps, xy[0], vpath+"[0]")
		y, oky := yamlfile.Float(ps, xy[1], vpath+"[1]")
		if okx && oky {
			pts = append(pts, [2]float64{x, y})
		}
	}
	if ps.Len() == before {
		if err := polygon(pts).Validate(); err != nil {
			for _, e := range yamlfile.Errors(err) {
				ps.Add(n, path, "invalid polygon: %v; allowed: a simple polygon (at least 3 vertices, edges that do not cross or touch)", e)
			}
		}
	}
	return pts
}

func (p *parser) condition(n *yaml.Node, path string) {
	ps := p.ps
	kn := yamlfile.Peek(n, "kind")
	var c Condition
	if kn == nil {
		yamlfile.Map(ps, n, path, "kind!", "side", "ship", "turns", "by", "edge", "zone", "values", "target")
		p.sc.Victory = append(p.sc.Victory, c)
		p.n.victory = append(p.n.victory, map[string]*yaml.Node{})
		return
	}
	kind, _ := yamlfile.OneOf(ps, kn, path+".kind", conditionKinds...)
	c.Kind = battle.ConditionKind(kind)
	fields, ok := conditionFields[c.Kind]
	if !ok {
		p.sc.Victory = append(p.sc.Victory, c)
		p.n.victory = append(p.n.victory, map[string]*yaml.Node{})
		return
	}
	f := yamlfile.Map(ps, n, path, fields...)
	if f["side"] != nil {
		s, _ := yamlfile.OneOf(ps, f["side"], path+".side", string(battle.Colonial), string(battle.Cylon))
		c.Side = battle.Side(s)
	}
	if f["ship"] != nil {
		c.Ship, _ = yamlfile.ID(ps, f["ship"], path+".ship")
	}
	if f["turns"] != nil {
		c.Turns, _ = yamlfile.Int(ps, f["turns"], path+".turns", 1, MaxTurnLimit)
	}
	if f["zone"] != nil {
		c.Zone, _ = yamlfile.ID(ps, f["zone"], path+".zone")
	}
	if f["by"] != nil {
		by, _ := yamlfile.OneOf(ps, f["by"], path+".by", string(battle.ExitEdge), string(battle.ExitFTL))
		c.By = battle.Exit(by)
		switch {
		case c.By == battle.ExitEdge && f["edge"] == nil:
			ps.Add(n, path+".edge", "missing; leaving by an edge names it: north, east, south or west")
		case c.By == battle.ExitEdge && f["zone"] != nil:
			ps.Add(f["zone"], path+".zone", "goes only with by: ftl (the zone to jump from)")
		case c.By == battle.ExitFTL && f["edge"] != nil:
			ps.Add(f["edge"], path+".edge", "goes only with by: edge")
		}
	}
	if f["edge"] != nil {
		edges := make([]string, len(battle.Edges))
		for i, e := range battle.Edges {
			edges[i] = string(e)
		}
		e, _ := yamlfile.OneOf(ps, f["edge"], path+".edge", edges...)
		c.Edge = battle.Edge(e)
	}
	if f["values"] != nil {
		c.Values = p.values(f["values"], path+".values")
	}
	if f["target"] != nil {
		c.Target, _ = yamlfile.Int(ps, f["target"], path+".target", 1, MaxPoints)
	}
	p.sc.Victory = append(p.sc.Victory, c)
	p.n.victory = append(p.n.victory, f)
}

// values reads a points table: class: points, each class once (the
// classes are checked with the rest of the sense).
func (p *parser) values(n *yaml.Node, path string) []battle.ClassPoints {
	fs, isMap := yamlfile.Fields(p.ps, n, 0, path, "a mapping of class: points", nil)
	if !isMap {
		return nil
	}
	if len(fs) == 0 {
		p.ps.Add(n, path, "no class is worth anything; give at least one class: points")
	}
	var out []battle.ClassPoints
	for _, f := range fs {
		if pts, ok := yamlfile.Int(p.ps, f.Val, yamlfile.Join(path, f.Key), 0, MaxPoints); ok {
			out = append(out, battle.ClassPoints{Class: f.Key, Points: pts})
		}
	}
	return out
}

// deref follows aliases (a few levels).
func deref(n *yaml.Node) *yaml.Node {
	for depth := 0; n != nil && n.Kind == yaml.AliasNode && depth < 16; depth++ {
		n = n.Alias
	}
	return n
}
