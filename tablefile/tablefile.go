// Package tablefile reads the table file of docs/MEASURE-FORMAT.md
// (YAML or JSON) into a referee.Table. Bad input is refused with every
// problem listed, each naming the file, the line, the field and what is
// allowed; no input makes it panic.
package tablefile

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Allowed ranges (Rotation: the dial; Three-dimensional space: levels).
const (
	MinRotation = starship.MinRotation
	MaxRotation = starship.MaxRotation
	MinLevel    = starship.MinLevel
	MaxLevel    = starship.MaxLevel
)

// Parse reads a table file. filename is only used in messages. Component
// values (base sizes, limits, defaults) come from comp.
func Parse(filename string, data []byte, comp *assets.Components) (referee.Table, error) {
	ps := &yamlfile.Problems{File: filename}
	g := comp.Geometry
	t := referee.Table{
		Width:  g.TableWidth.Value,
		Depth:  g.TableDepth.Value,
		Limits: referee.LimitsFrom(g),
	}
	root := yamlfile.Doc(ps, data)
	if root == nil {
		return t, ps.Err()
	}
	top := yamlfile.Map(ps, root, "", "table", "three_d", "ships!", "obstacles")
	if n := top["table"]; n != nil {
		f := yamlfile.Map(ps, n, "table", "width", "depth")
		if f["width"] != nil {
			if v, ok := yamlfile.TableSide(ps, f["width"], "table.width"); ok {
				t.Width = v
			}
		}
		if f["depth"] != nil {
			if v, ok := yamlfile.TableSide(ps, f["depth"], "table.depth"); ok {
				t.Depth = v
			}
		}
	}
	if n := top["three_d"]; n != nil {
		t.ThreeD, _ = yamlfile.Bool(ps, n, "three_d")
	}
	ids := map[string]string{} // id → field where first given
	claim := func(n *yaml.Node, field, id string) {
		if first, dup := ids[id]; dup {
			ps.Add(n, field, "duplicate id %q (first given at %s); ids must be unique", id, first)
			return
		}
		ids[id] = field
	}
	if n := top["ships"]; n != nil {
		for i, sn := range yamlfile.Seq(ps, n, "ships") {
			path := fmt.Sprintf("ships[%d]", i)
			if s, ok := parseShip(ps, sn, path, comp); ok {
				claim(sn, path+".id", s.ID)
				t.Ships = append(t.Ships, s)
			}
		}
	}
	if n := top["obstacles"]; n != nil {
		for i, on := range yamlfile.Seq(ps, n, "obstacles") {
			path := fmt.Sprintf("obstacles[%d]", i)
			if o, ok := parseObstacle(ps, on, path, g.PlanetoidRadius.Value); ok {
				claim(on, path+".id", o.ID)
				t.Obstacles = append(t.Obstacles, o)
			}
		}
	}
	return t, ps.Err()
}

// number reads a required number; Map has already reported it if missing.
func number(ps *yamlfile.Problems, f map[string]*yaml.Node, key, path string) (float64, bool) {
	if f[key] == nil {
		return 0, false // Map already reported the missing field
	}
	return yamlfile.Float(ps, f[key], path+"."+key)
}

func parseShip(ps *yamlfile.Problems, n *yaml.Node, path string, comp *assets.Components) (referee.Ship, bool) {
	before := ps.Len()
	f := yamlfile.Map(ps, n, path, "id!", "class!", "x!", "y!", "heading!", "rotation", "level", "base_mm")
	s := referee.Ship{Level: MinLevel}
	if f["id"] != nil {
		s.ID, _ = yamlfile.ID(ps, f["id"], path+".id")
	}
	if f["class"] != nil {
		if id, ok := yamlfile.String(ps, f["class"], path+".class"); ok {
			if _, known := comp.Class(id); known {
				s.Class = id
				s.AcrossFlats = comp.BaseAcrossFlats(id)
			} else {
				ps.Add(f["class"], path+".class", "unknown class %q; allowed: %s", id, strings.Join(comp.ClassIDs(), ", "))
			}
		}
	}
	x, _ := number(ps, f, "x", path)
	y, _ := number(ps, f, "y", path)
	heading, _ := number(ps, f, "heading", path)
	s.Pose = physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}
	if f["rotation"] != nil {
		s.Rotation, _ = yamlfile.Int(ps, f["rotation"], path+".rotation", MinRotation, MaxRotation)
	}
	if f["level"] != nil {
		s.Level, _ = yamlfile.Int(ps, f["level"], path+".level", MinLevel, MaxLevel)
	}
	if f["base_mm"] != nil {
		if v, ok := yamlfile.Positive(ps, f["base_mm"], path+".base_mm"); ok {
			s.AcrossFlats = v
		}
	}
	return s, ps.Len() == before
}

// parseObstacle reads a planetoid or an asteroid field; the fields allowed
// depend on its kind.
func parseObstacle(ps *yamlfile.Problems, n *yaml.Node, path string, defaultRadius float64) (referee.Obstacle, bool) {
	before := ps.Len()
	kinds := []string{string(referee.Planetoid), string(referee.AsteroidField)}
	kn := yamlfile.Peek(n, "kind")
	if kn == nil {
		yamlfile.Map(ps, n, path, "id!", "kind!", "x", "y", "radius", "density", "polygon", "level")
		return referee.Obstacle{}, false
	}
	kind, ok := yamlfile.OneOf(ps, kn, path+".kind", kinds...)
	if !ok {
		return referee.Obstacle{}, false
	}
	o := referee.Obstacle{Kind: referee.ObstacleKind(kind), Level: MinLevel}
	var f map[string]*yaml.Node
	if o.Kind == referee.Planetoid {
		f = yamlfile.Map(ps, n, path, "id!", "kind!", "x!", "y!", "radius", "level")
		x, _ := number(ps, f, "x", path)
		y, _ := number(ps, f, "y", path)
		o.Circle = physics.Circle{C: physics.V(x, y), R: defaultRadius}
		if f["radius"] != nil {
			if r, ok := yamlfile.Positive(ps, f["radius"], path+".radius"); ok {
				o.Circle.R = r
			}
		}
	} else {
		f = yamlfile.Map(ps, n, path, "id!", "kind!", "density!", "polygon!", "level")
		if f["density"] != nil {
			d, _ := yamlfile.OneOf(ps, f["density"], path+".density", string(referee.Sparse), string(referee.Dense))
			o.Density = referee.Density(d)
		}
		if f["polygon"] != nil {
			o.Polygon = parsePolygon(ps, f["polygon"], path+".polygon")
		}
	}
	if f["id"] != nil {
		o.ID, _ = yamlfile.ID(ps, f["id"], path+".id")
	}
	if f["level"] != nil {
		o.Level, _ = yamlfile.Int(ps, f["level"], path+".level", MinLevel, MaxLevel)
	}
	return o, ps.Len() == before
}

func parsePolygon(ps *yamlfile.Problems, n *yaml.Node, path string) physics.Polygon {
	before := ps.Len()
	var p physics.Polygon
	for i, vn := range yamlfile.Vertices(ps, n, path) {
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
			p = append(p, physics.V(x, y))
		}
	}
	if ps.Len() == before {
		if err := p.Validate(); err != nil {
			for _, e := range yamlfile.Errors(err) {
				ps.Add(n, path, "invalid polygon: %v; allowed: a simple polygon (at least 3 vertices, edges that do not cross or touch)", e)
			}
		}
	}
	return p
}
