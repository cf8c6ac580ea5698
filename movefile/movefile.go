// Package movefile reads the input of `bsg move`: the rules in force, one
// ship's state and its plan for the turn (and the FTL marker and rolls
// when it jumps). Bad input is refused with every problem listed, each with
// the file, the line, the field and what is allowed.
package movefile

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// Input is one `bsg move` question.
type Input struct {
	Rules starship.Rules
	Class starship.Class
	Ship  starship.State
	Plan  starship.Plan
	FTL   *starship.FTLJump
}

// Parse reads a move file.
func Parse(filename string, data []byte, comp *assets.Components) (Input, error) {
	ps := &yamlfile.Problems{File: filename}
	in := Input{Rules: starship.Rules{Set: starship.Complete}}
	root := yamlfile.Doc(ps, data)
	if root == nil {
		return in, ps.Err()
	}
	top := yamlfile.Map(ps, root, "", "rules", "options", "ship!", "plan!", "ftl")
	if n := top["rules"]; n != nil {
		if v, ok := yamlfile.OneOf(ps, n, "rules", string(starship.Quick), string(starship.Complete)); ok {
			in.Rules.Set = starship.RuleSet(v)
		}
	}
	if n := top["options"]; n != nil {
		allowed := make([]string, len(starship.Options))
		for i, o := range starship.Options {
			allowed[i] = string(o)
		}
		for i, on := range yamlfile.Seq(ps, n, "options") {
			if v, ok := yamlfile.OneOf(ps, on, fmt.Sprintf("options[%d]", i), allowed...); ok {
				o := starship.Option(v)
				in.Rules.Options = append(in.Rules.Options, o)
				for _, msg := range (starship.Rules{Set: in.Rules.Set, Options: []starship.Option{o}}).Problems() {
					ps.Add(on, fmt.Sprintf("options[%d]", i), "%s", msg)
				}
			}
		}
	}
	if n := top["ship"]; n != nil {
		in.Ship, in.Class = parseShip(ps, n, comp)
	}
	if n := top["plan"]; n != nil {
		in.Plan = parsePlan(ps, n, in.Ship, in.Class)
	}
	if n := top["ftl"]; n != nil {
		in.FTL = parseFTL(ps, n)
	}
	if in.Plan.Speed == maneuvers.FTL && in.FTL == nil && top["plan"] != nil {
		ps.Add(top["plan"], "ftl", "missing; with speed ftl give the marker and the rolls: {x, y, heading, side_roll, distance_roll}")
	}
	return in, ps.Err()
}

func parseShip(ps *yamlfile.Problems, n *yaml.Node, comp *assets.Components) (starship.State, starship.Class) {
	f := yamlfile.Map(ps, n, "ship", "class!", "x!", "y!", "heading!", "rotation", "ke", "speed", "level", "fuel",
		"difficult_last_turn", "ftl_last_turn", "ftl_jumps", "damage", "pilot")
	s := starship.State{Level: 1, Fuel: comp.Geometry.StartingFuel.Value, Speed: maneuvers.Stop, Pilot: starship.Average}
	var c starship.Class
	if f["class"] != nil {
		if id, ok := yamlfile.String(ps, f["class"], "ship.class"); ok {
			if cl, err := starship.ClassFor(comp, id); err == nil {
				s.Class, c = id, cl
			} else {
				ps.Add(f["class"], "ship.class", "unknown class %q; allowed: %s", id, strings.Join(comp.ClassIDs(), ", "))
			}
		}
	}
	num := func(key string) float64 {
		if f[key] == nil {
			return 0
		}
		v, _ := yamlfile.Float(ps, f[key], "ship."+key)
		return v
	}
	s.Pose = physics.Pose{Pos: physics.V(num("x"), num("y")), Heading: physics.Deg(num("heading"))}
	whole := func(key string, lo, hi int, into *int) {
		if f[key] != nil {
			if v, ok := yamlfile.Int(ps, f[key], "ship."+key, lo, hi); ok {
				*into = v
			}
		}
	}
	whole("rotation", starship.MinRotation, starship.MaxRotation, &s.Rotation)
	whole("ke", starship.MinKE, starship.MaxKE, &s.KE)
	whole("level", starship.MinLevel, starship.MaxLevel, &s.Level)
	whole("fuel", -1000, 1000, &s.Fuel)
	whole("ftl_jumps", 0, 100, &s.FTLJumps)
	flag := func(key string, into *bool) {
		if f[key] != nil {
			*into, _ = yamlfile.Bool(ps, f[key], "ship."+key)
		}
	}
	flag("difficult_last_turn", &s.DifficultLastTurn)
	flag("ftl_last_turn", &s.FTLLastTurn)
	if f["speed"] != nil {
		s.Speed = speed(ps, f["speed"], "ship.speed")
	}
	if f["pilot"] != nil {
		pilots := make([]string, len(starship.Pilots))
		for i, p := range starship.Pilots {
			pilots[i] = string(p)
		}
		if v, ok := yamlfile.OneOf(ps, f["pilot"], "ship.pilot", pilots...); ok {
			s.Pilot = starship.Pilot(v)
		}
	}
	if f["damage"] != nil {
		d := yamlfile.Map(ps, f["damage"], "ship.damage", "engine", "control", "pilot", "hull")
		for _, k := range []struct {
			key  string
			into *int
		}{{"engine", &s.Damage.Engine}, {"control", &s.Damage.Control}, {"pilot", &s.Damage.Pilot}, {"hull", &s.Damage.Hull}} {
			if d[k.key] != nil {
				if v, ok := yamlfile.Int(ps, d[k.key], "ship.damage."+k.key, 0, 12); ok {
					*k.into = v
				}
			}
		}
	}
	return s, c
}

func speed(ps *yamlfile.Problems, n *yaml.Node, path string) maneuvers.Speed {
	names := make([]string, len(maneuvers.Speeds))
	for i, s := range maneuvers.Speeds {
		names[i] = string(s)
	}
	v, _ := yamlfile.OneOf(ps, n, path, names...)
	return maneuvers.Speed(v)
}

func parsePlan(ps *yamlfile.Problems, n *yaml.Node, s starship.State, c starship.Class) starship.Plan {
	f := yamlfile.Map(ps, n, "plan", "cards!", "speed!", "rotate", "level")
	p := starship.Plan{Rotate: s.Rotation} // the dial left as it is
	if f["cards"] != nil {
		items := yamlfile.Seq(ps, f["cards"], "plan.cards")
		if items != nil && (len(items) == 0 || len(items) > 2) {
			ps.Add(f["cards"], "plan.cards", "%d cards; allowed: one card, or two", len(items))
		}
		for i, cn := range items {
			path := fmt.Sprintf("plan.cards[%d]", i)
			id, ok := yamlfile.String(ps, cn, path)
			if !ok {
				continue
			}
			if c.ID != "" {
				if _, known := c.Deck.Card(id); !known {
					ps.Add(cn, path, "%q is not in the %s deck; allowed: %s", id, c.ID, strings.Join(c.Deck.CardIDs(), ", "))
					continue
				}
			}
			p.Cards = append(p.Cards, id)
		}
	}
	if f["speed"] != nil {
		p.Speed = speed(ps, f["speed"], "plan.speed")
	}
	if f["rotate"] != nil {
		if v, ok := yamlfile.Int(ps, f["rotate"], "plan.rotate", starship.MinRotation, starship.MaxRotation); ok {
			p.Rotate = v
		}
	}
	if f["level"] != nil {
		if v, ok := yamlfile.Int(ps, f["level"], "plan.level", -1, 1); ok {
			p.Level = v
		}
	}
	return p
}

func parseFTL(ps *yamlfile.Problems, n *yaml.Node) *starship.FTLJump {
	f := yamlfile.Map(ps, n, "ftl", "x!", "y!", "heading!", "side_roll!", "distance_roll!")
	j := &starship.FTLJump{}
	var x, y, h float64
	for _, k := range []struct {
		key  string
		into *float64
	}{{"x", &x}, {"y", &y}, {"heading", &h}} {
		if f[k.key] != nil {
			*k.into, _ = yamlfile.Float(ps, f[k.key], "ftl."+k.key)
		}
	}
	j.Marker = physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(h)}
	if f["side_roll"] != nil {
		j.SideRoll, _ = yamlfile.Int(ps, f["side_roll"], "ftl.side_roll", 2, 12)
	}
	if f["distance_roll"] != nil {
		j.DistanceRoll, _ = yamlfile.Int(ps, f["distance_roll"], "ftl.distance_roll", 1, 6)
	}
	return j
}
