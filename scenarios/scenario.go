// Package scenarios reads scenario files (one YAML file per battle, checked
// against the JSON Schema in scenario.schema.json and then for sense), holds
// the built-in scenarios (embedded YAML files; The Hand of God is the
// default everywhere) and turns a scenario into a battle.Setup.
//
// The file format is described in FORMAT.md beside this file; Template
// returns a commented example that validates. Write writes a Scenario (one
// read, or one built in code, as the table view's editor builds it) as a
// commented file that Parse reads back to the same scenario; Check judges
// a Scenario as Parse judges that file, problems with its lines.
package scenarios

import (
	"math"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Scenario is one scenario file, decoded and checked. Lengths are in
// millimetres and angles in degrees, in the table frame (origin at the
// lower-left corner of the play area, x to the right, y up the table).
type Scenario struct {
	// ID is the name the scenario goes by: a built-in's name, or the file
	// name without its extension.
	ID           string            `json:"id"`
	Name         string            `json:"name"`
	Briefing     string            `json:"briefing,omitempty"`
	Width        float64           `json:"width"`
	Depth        float64           `json:"depth"`
	Rules        starship.RuleSet  `json:"rules"`
	Options      []starship.Option `json:"options,omitempty"`
	TurnLimit    int               `json:"turn_limit,omitempty"`
	SpecialRules []SpecialRule     `json:"special_rules,omitempty"`
	Sides        []SideBriefing    `json:"sides,omitempty"`
	Zones        []Zone            `json:"zones,omitempty"`
	Ships        []Ship            `json:"ships"`
	Obstacles    []Obstacle        `json:"obstacles,omitempty"`
	Victory      []Condition       `json:"victory"`
}

// SpecialRule is a scenario rule in words, for the players; the engine
// plays the rules the file states as data (rule set, options, entries,
// victory) and nothing else.
type SpecialRule struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// SideBriefing is what one side is told.
type SideBriefing struct {
	Side     battle.Side `json:"side"`
	Name     string      `json:"name,omitempty"`
	Briefing string      `json:"briefing,omitempty"`
}

// Zone is a named area of the table: a deployment zone, a zone to hold, a
// jump point. Heading is the default heading of ships deployed in it.
type Zone struct {
	ID      string       `json:"id"`
	Polygon [][2]float64 `json:"polygon"`
	Heading *float64     `json:"heading,omitempty"`
}

// Pose is where a ship's stand is and where it heads: the movement
// direction, counter-clockwise from +x; Rotation is the dial, in notches
// clockwise (−5..6).
type Pose struct {
	X        float64 `json:"x"`
	Y        float64 `json:"y"`
	Heading  float64 `json:"heading"`
	Rotation int     `json:"rotation,omitempty"`
}

// Entry is how a ship that is not on the table at the start comes in: on
// turn Turn, across Edge at the position At along it (x for the north and
// south edges, y for east and west), or by an FTL jump at the marker FTL.
type Entry struct {
	Turn int         `json:"turn"`
	Edge battle.Edge `json:"edge,omitempty"`
	At   float64     `json:"at,omitempty"`
	FTL  *Pose       `json:"ftl,omitempty"`
}

// Ship is one ship of the scenario. It starts at Pose, or somewhere in the
// deployment zone Zone (the players place it; Start is the engine's
// default spot), or enters later (Enters).
type Ship struct {
	ID      string         `json:"id"`
	Side    battle.Side    `json:"side"`
	Class   string         `json:"class"`
	Pilot   starship.Pilot `json:"pilot,omitempty"`
	Talents []string       `json:"talents,omitempty"`
	Flaws   []string       `json:"flaws,omitempty"`
	Pose    *Pose          `json:"pose,omitempty"`
	Zone    string         `json:"zone,omitempty"`
	// Heading is the heading of a ship deployed in Zone (the zone's own
	// when not given).
	Heading *float64 `json:"heading,omitempty"`
	Enters  *Entry   `json:"enters,omitempty"`
	Level   int      `json:"level"`
	KE      int      `json:"ke"`
	// Fuel is the starting fuel; 0 means the component data's default.
	Fuel int `json:"fuel,omitempty"`
	// Start is where the engine sets the ship: Pose, the default spot in
	// Zone, or the entry point.
	Start Pose `json:"start"`
	// AcrossFlats is the size of the ship's base.
	AcrossFlats float64 `json:"base_mm"`
}

// Obstacle is a planetoid (X, Y, Radius) or an asteroid field (Density,
// Polygon), at a level.
type Obstacle struct {
	ID      string       `json:"id"`
	Kind    string       `json:"kind"`
	X       float64      `json:"x,omitempty"`
	Y       float64      `json:"y,omitempty"`
	Radius  float64      `json:"radius,omitempty"`
	Density string       `json:"density,omitempty"`
	Polygon [][2]float64 `json:"polygon,omitempty"`
	Level   int          `json:"level"`
}

// Condition is one victory condition as the file states it; see
// battle.ConditionKind for what each kind means.
type Condition struct {
	Kind   battle.ConditionKind `json:"kind"`
	Side   battle.Side          `json:"side,omitempty"`
	Ship   string               `json:"ship,omitempty"`
	Turns  int                  `json:"turns,omitempty"`
	By     battle.Exit          `json:"by,omitempty"`
	Edge   battle.Edge          `json:"edge,omitempty"`
	Zone   string               `json:"zone,omitempty"`
	Values []battle.ClassPoints `json:"values,omitempty"`
	Target int                  `json:"target,omitempty"`
}

// Has reports whether an optional rule is in force.
func (s *Scenario) Has(o starship.Option) bool { return s.rules().Has(o) }

func (s *Scenario) rules() starship.Rules { return starship.Rules{Set: s.Rules, Options: s.Options} }

// ZonePolygon returns a zone's outline, or nil.
func (s *Scenario) ZonePolygon(id string) physics.Polygon {
	for _, z := range s.Zones {
		if z.ID == id {
			return polygon(z.Polygon)
		}
	}
	return nil
}

// Setup returns the battle the scenario describes. Each call builds a
// fresh setup that shares nothing with s.
func (s *Scenario) Setup() battle.Setup {
	st := battle.Setup{
		Name:      s.Name,
		Rules:     starship.Rules{Set: s.Rules, Options: append([]starship.Option(nil), s.Options...)},
		Width:     s.Width,
		Depth:     s.Depth,
		TurnLimit: s.TurnLimit,
	}
	for _, sh := range s.Ships {
		spec := battle.ShipSpec{
			ID: sh.ID, Class: sh.Class, Side: sh.Side, Pilot: sh.Pilot,
			Talents: append([]string(nil), sh.Talents...), Flaws: append([]string(nil), sh.Flaws...),
			Pose: sh.Start.Physics(), Rotation: sh.Start.Rotation, Level: sh.Level, KE: sh.KE, Fuel: sh.Fuel,
		}
		if sh.Enters != nil {
			spec.EntersOnTurn = sh.Enters.Turn
			spec.EntersByFTL = sh.Enters.FTL != nil
		}
		st.Ships = append(st.Ships, spec)
	}
	for _, o := range s.Obstacles {
		st.Obstacles = append(st.Obstacles, o.Referee())
	}
	for _, c := range s.Victory {
		st.Victory = append(st.Victory, s.condition(c))
	}
	return st
}

// condition returns a victory condition as the battle takes it.
func (s *Scenario) condition(c Condition) battle.Condition {
	bc := battle.Condition{Kind: c.Kind, Side: c.Side, Ship: c.Ship, Turns: c.Turns, By: c.By, Edge: c.Edge,
		ZoneName: c.Zone, Target: c.Target, Points: append([]battle.ClassPoints(nil), c.Values...)}
	if c.Zone != "" {
		bc.Zone = s.ZonePolygon(c.Zone)
	}
	return bc
}

// Physics returns the pose in the table frame of the physics package (the
// dial rotation is not part of it).
func (p Pose) Physics() physics.Pose {
	return physics.Pose{Pos: physics.V(p.X, p.Y), Heading: physics.Deg(p.Heading)}
}

// Referee returns the obstacle as the referee and the engine take it.
func (o Obstacle) Referee() referee.Obstacle {
	r := referee.Obstacle{ID: o.ID, Kind: referee.ObstacleKind(o.Kind), Level: o.Level}
	if r.Kind == referee.Planetoid {
		r.Circle = physics.Circle{C: physics.V(o.X, o.Y), R: o.Radius}
	} else {
		r.Density = referee.Density(o.Density)
		r.Polygon = polygon(o.Polygon)
	}
	return r
}

func polygon(pts [][2]float64) physics.Polygon {
	p := make(physics.Polygon, len(pts))
	for i, v := range pts {
		p[i] = physics.V(v[0], v[1])
	}
	return p
}

// Base returns a ship's base at its start.
func (sh Ship) Base() physics.Polygon { return physics.Hexagon(sh.Start.Physics(), sh.AcrossFlats) }

// entryHeading is the heading of a ship entering across an edge: straight
// into the table.
func entryHeading(e battle.Edge) float64 {
	switch e {
	case battle.North:
		return 270
	case battle.East:
		return 180
	case battle.West:
		return 0
	}
	return 90
}

// entryGap is how far inside the edge an entering ship's rear flat stands,
// in millimetres, so that rounding never puts a corner off the table.
const entryGap = 1.0

// entryPose returns where a ship entering across an edge stands: its rear
// flat parallel to the edge, entryGap inside, its stand at At along it.
func entryPose(e battle.Edge, at, acrossFlats, width, depth float64) Pose {
	d := acrossFlats/2 + entryGap
	p := Pose{Heading: entryHeading(e)}
	switch e {
	case battle.North:
		p.X, p.Y = at, depth-d
	case battle.South:
		p.X, p.Y = at, d
	case battle.West:
		p.X, p.Y = d, at
	case battle.East:
		p.X, p.Y = width-d, at
	}
	return p
}

// round keeps computed coordinates short in output: to a thousandth of a
// millimetre.
func round(v float64) float64 { return math.Round(v*1000) / 1000 }
