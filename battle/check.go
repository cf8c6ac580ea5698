package battle

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Check reports everything that makes a setup unplayable, as a scenario
// file would be refused for it (scenarios/FORMAT.md), each problem named
// by its field as a saved game names it (setup.Ships[2].Pilot): unknown classes, pilots, talents,
// flaws, rule options and victory kinds; obstacles that are no planetoid
// (a radius more than 0) or no asteroid field (a simple polygon); values
// out of their ranges; and anything beyond the shared input limits
// (internal/limits); ships placed where they may not start (off the table,
// inside a planetoid, on another ship) and pilots with more talents or
// flaws than they may take; what the rules in force or the turn limit
// cannot play (a ship entering after the limit, a survive or hold
// condition beyond it, entering or leaving by FTL without the Complete
// Rules and the ftl option, pilots, talents and flaws without the pilots
// option). At most limits.Problems problems are listed.
// The error is a yamlfile.List: each problem's Field is the path of the
// field to blame, its Msg what is wrong. New, Load, LoadSideCopy and
// NewDeterminized refuse a setup Check refuses: one check wherever a
// setup comes from (a scenario file, the editor, a saved game, a network
// game, a computer player's copy).
func (s Setup) Check(comp *assets.Components) error {
	var ps problems
	if err := s.Validate(); err != nil {
		for _, e := range yamlfile.Errors(err) {
			ps.add("setup", "%v", e)
		}
	}
	text(&ps, "setup.Name", s.Name, limits.TextLength, true)
	for i, o := range s.Rules.Options {
		if !slices.Contains(starship.Options, o) {
			ps.add(fmt.Sprintf("setup.Rules.Options[%d]", i), "unknown option %s; allowed: %s", clip(string(o)), optionNames())
		}
	}
	for _, d := range []struct {
		name string
		v    float64
	}{{"Width", s.Width}, {"Depth", s.Depth}} {
		if !(d.v > 0 && d.v <= limits.TableMM) {
			ps.add("setup."+d.name, "%g mm; allowed: more than 0, at most %g mm", d.v, limits.TableMM)
		}
	}
	if s.Aligning && !s.Companion {
		ps.add("setup.Aligning", "aligning the twin with the models needs companion mode (setup.Companion)")
	}
	if s.TurnLimit < 0 || s.TurnLimit > limits.TurnLimit {
		ps.add("setup.TurnLimit", "%d; allowed: 0 (none) to %d", s.TurnLimit, limits.TurnLimit)
	}
	if len(s.Ships) > limits.Items {
		ps.add("setup.Ships", "%d ships; allowed: at most %d", len(s.Ships), limits.Items)
	}
	if len(s.Obstacles) > limits.Items {
		ps.add("setup.Obstacles", "%d obstacles; allowed: at most %d", len(s.Obstacles), limits.Items)
	}
	if len(s.Victory) > limits.Items {
		ps.add("setup.Victory", "%d conditions; allowed: at most %d", len(s.Victory), limits.Items)
	}
	if ps.full() {
		return ps.err()
	}
	ids := map[string]bool{}
	for i, sh := range s.Ships {
		p := fmt.Sprintf("setup.Ships[%d]", i)
		ids[sh.ID] = true
		text(&ps, p+".ID", sh.ID, limits.IDLength, false)
		if !slices.ContainsFunc(comp.Classes, func(c assets.Class) bool { return c.ID == sh.Class }) {
			ps.add(p+".Class", "unknown class %s; allowed: %s", clip(sh.Class), strings.Join(comp.ClassIDs(), ", "))
		}
		pose(&ps, p+".Pose", sh.Pose)
		if sh.Rotation < starship.MinRotation || sh.Rotation > starship.MaxRotation {
			ps.add(p+".Rotation", "%d; allowed: %d to %d", sh.Rotation, starship.MinRotation, starship.MaxRotation)
		}
		if sh.Fuel < 0 || sh.Fuel > limits.Number {
			ps.add(p+".Fuel", "%d; allowed: 0 (the components' starting fuel) to %d", sh.Fuel, int(limits.Number))
		}
		if sh.EntersOnTurn < 0 || sh.EntersOnTurn > limits.TurnLimit {
			ps.add(p+".EntersOnTurn", "%d; allowed: 0 to %d", sh.EntersOnTurn, limits.TurnLimit)
		}
		var token *assets.PilotToken
		if sh.Pilot != "" {
			for k := range comp.PilotTokens {
				if comp.PilotTokens[k].ID == string(sh.Pilot) {
					token = &comp.PilotTokens[k]
				}
			}
			if _, card := comp.PilotCard(string(sh.Pilot)); token == nil && !card {
				ps.add(p+".Pilot", "unknown pilot %s; allowed: %s", clip(string(sh.Pilot)), pilotNames(comp))
			}
		}
		cards := func(field string, list []string, kind assets.TalentKind, allowed func() []string) {
			if len(list) > limits.Items {
				ps.add(p+"."+field, "%d cards; allowed: at most %d", len(list), limits.Items)
				return
			}
			seen := map[string]bool{}
			for k, id := range list {
				t, ok := comp.Talent(id)
				switch {
				case !ok || t.Kind != kind:
					ps.add(fmt.Sprintf("%s.%s[%d]", p, field, k), "unknown %s %s; allowed: %s", kind, clip(id), strings.Join(allowed(), ", "))
				case seen[id]:
					ps.add(fmt.Sprintf("%s.%s[%d]", p, field, k), "%s given twice", clip(id))
				}
				seen[id] = true
			}
		}
		cards("Talents", sh.Talents, assets.TalentKindTalent, comp.TalentIDs)
		cards("Flaws", sh.Flaws, assets.TalentKindFlaw, comp.FlawIDs)
		if ps.full() {
			return ps.err()
		}
	}
	for i, o := range s.Obstacles {
		p := fmt.Sprintf("setup.Obstacles[%d]", i)
		text(&ps, p+".ID", o.ID, limits.IDLength, false)
		if o.Level < starship.MinLevel || o.Level > starship.MaxLevel {
			ps.add(p+".Level", "%d; allowed: %d to %d", o.Level, starship.MinLevel, starship.MaxLevel)
		}
		switch o.Kind {
		case referee.Planetoid:
			point(&ps, p+".Circle.C", o.Circle.C)
			if !(o.Circle.R > 0 && o.Circle.R <= limits.TableMM) {
				ps.add(p+".Circle.R", "%g; a planetoid's radius must be more than 0 and at most %g mm", o.Circle.R, limits.TableMM)
			}
		case referee.AsteroidField:
			if o.Density != referee.Sparse && o.Density != referee.Dense {
				ps.add(p+".Density", "%s; allowed: sparse, dense", clip(string(o.Density)))
			}
			polygon(&ps, p+".Polygon", o.Polygon)
		default:
			ps.add(p+".Kind", "%s; allowed: planetoid, asteroid-field", clip(string(o.Kind)))
		}
		if ps.full() {
			return ps.err()
		}
	}
	if ps.full() {
		return ps.err()
	}
	s.checkPilots(comp, &ps)
	s.checkPlacement(comp, &ps)
	s.checkEntries(comp, &ps)
	s.checkConditions(comp, &ps)
	s.checkRulesAndLimit(&ps)
	for i, c := range s.Victory {
		p := fmt.Sprintf("setup.Victory[%d]", i)
		if c.Side != "" && c.Side != Colonial && c.Side != Cylon {
			ps.add(p+".side", "%s; allowed: colonial, cylon", clip(string(c.Side)))
		}
		if c.Turns < 0 || c.Turns > limits.TurnLimit {
			ps.add(p+".turns", "%d; allowed: 0 to %d", c.Turns, limits.TurnLimit)
		}
		needShip := func() {
			if !ids[c.Ship] {
				ps.add(p+".ship", "no ship %s in the setup", clip(c.Ship))
			}
		}
		switch c.Kind {
		case EliminateAll, Survive:
		case Destroy:
			needShip()
		case Leave:
			needShip()
			switch c.By {
			case ExitEdge:
				if !slices.Contains(Edges, c.Edge) {
					ps.add(p+".edge", "%s; allowed: north, east, south, west", clip(string(c.Edge)))
				}
			case ExitFTL:
			default:
				ps.add(p+".by", "%s; allowed: edge, ftl", clip(string(c.By)))
			}
			if c.Zone != nil {
				polygon(&ps, p+".zone_polygon", c.Zone)
			}
		case Hold:
			polygon(&ps, p+".zone_polygon", c.Zone)
		case Points:
			for k, cp := range c.Points {
				if _, ok := comp.Class(cp.Class); !ok {
					ps.add(fmt.Sprintf("%s.points[%d].class", p, k), "unknown class %s; allowed: %s", clip(cp.Class), strings.Join(comp.ClassIDs(), ", "))
				}
				if cp.Points < 0 || cp.Points > int(limits.Number) {
					ps.add(fmt.Sprintf("%s.points[%d].points", p, k), "%d; allowed: 0 to %d", cp.Points, int(limits.Number))
				}
			}
			if c.Target < 0 || c.Target > int(limits.Number) {
				ps.add(p+".target", "%d; allowed: 0 (none) to %d", c.Target, int(limits.Number))
			}
		default:
			ps.add(p+".kind", "unknown victory kind %s; allowed: eliminate-all, survive, destroy, leave, hold, points", clip(string(c.Kind)))
		}
	}
	return ps.err()
}

// problems collects a setup's problems, at most limits.Problems of them,
// each with its field's path (setup.Ships[2].Pilot) as data.
type problems struct {
	list yamlfile.List
	more int
}

func (ps *problems) add(field, format string, args ...any) {
	if len(ps.list) >= limits.Problems {
		ps.more++
		return
	}
	ps.list = append(ps.list, yamlfile.Problem{Field: field, Msg: fmt.Sprintf(format, args...)})
}

// full reports whether no further problem would be listed: a check may
// stop there (the count of the rest is then a lower bound).
func (ps *problems) full() bool { return len(ps.list) >= limits.Problems }

// err returns the problems as a yamlfile.List (no file, no lines: the
// fields name them), or nil.
func (ps *problems) err() error {
	if len(ps.list) == 0 {
		return nil
	}
	l := ps.list
	if ps.more > 0 || ps.full() {
		l = append(l[:len(l):len(l)], yamlfile.Problem{Msg: fmt.Sprintf("and %d more problem(s) not listed", max(ps.more, 1))})
	}
	return l
}

// text checks an id or a name: not too long, and printable (a terminal
// escape sequence in a name would be sent raw to the players' screens).
func text(ps *problems, field, s string, limit int, mayBeEmpty bool) {
	switch {
	case s == "" && !mayBeEmpty:
		ps.add(field, "empty; it is required")
	case len(s) > limit:
		ps.add(field, "%d bytes; allowed: at most %d", len(s), limit)
	case !yamlfile.PrintableLine(s):
		ps.add(field, "%s holds a control character; allowed: printable text on one line", clip(s))
	}
}

// clip quotes s for a message, control characters escaped, shortened.
func clip(s string) string {
	if len(s) > 40 {
		s = s[:40] + "..."
	}
	return fmt.Sprintf("%+q", s)
}

func point(ps *problems, p string, v physics.Vec) {
	if !finiteIn(v.X) || !finiteIn(v.Y) {
		ps.add(p, "(%g, %g); allowed: coordinates from %g to %g mm", v.X, v.Y, -limits.Coordinate, limits.Coordinate)
	}
}

func pose(ps *problems, p string, q physics.Pose) {
	point(ps, p+".Pos", q.Pos)
	if h := float64(q.Heading); math.IsNaN(h) || math.Abs(h) > limits.Number {
		ps.add(p+".Heading", "%g; allowed: a finite angle", h)
	}
}

func polygon(ps *problems, p string, poly physics.Polygon) {
	if len(poly) > limits.Vertices {
		ps.add(p, "%d vertices; allowed: 3 to %d", len(poly), limits.Vertices)
		return
	}
	for k, v := range poly {
		if !finiteIn(v.X) || !finiteIn(v.Y) {
			ps.add(fmt.Sprintf("%s[%d]", p, k), "(%g, %g); allowed: coordinates from %g to %g mm", v.X, v.Y, -limits.Coordinate, limits.Coordinate)
			return
		}
	}
	if err := poly.Validate(); err != nil {
		ps.add(p, "%s; allowed: a simple polygon (at least 3 vertices, edges that do not cross or touch)", strings.ReplaceAll(err.Error(), "\n", "; "))
	}
}

func finiteIn(f float64) bool { return !math.IsNaN(f) && math.Abs(f) <= limits.Coordinate }

func optionNames() string {
	s := make([]string, len(starship.Options))
	for i, o := range starship.Options {
		s[i] = string(o)
	}
	return strings.Join(s, ", ")
}

func pilotNames(comp *assets.Components) string {
	s := make([]string, len(comp.PilotTokens))
	for i, t := range comp.PilotTokens {
		s[i] = t.ID
	}
	s = append(s, comp.PilotCardIDs()...) // Pilot cards
	return strings.Join(s, ", ")
}

// MaxFlaws is how many flaws a pilot may have (Pilot talents and flaws:
// one or two flaws).
const MaxFlaws = 2

// checkPilots holds each pilot to its token (Pilot talents and flaws;
// Limitations of nuggets and rookies): at most MaxFlaws flaws; at most the
// token's talents and one more per flaw; a nugget or rookie takes rookie
// talents only. A named pilot's talents and flaws are those on the card
// (Assigning pilot talents and flaws to pilots).
func (s Setup) checkPilots(comp *assets.Components, ps *problems) {
	for i, sh := range s.Ships {
		p := fmt.Sprintf("setup.Ships[%d]", i)
		token := string(sh.Pilot)
		if token == "" {
			token = string(starship.Average)
		}
		card, isCard := comp.PilotCard(string(sh.Pilot))
		if isCard {
			token = card.Experience
			for _, l := range []struct {
				field, kind  string
				list, onCard []string
			}{{"Talents", "talent", sh.Talents, card.Talents}, {"Flaws", "flaw", sh.Flaws, card.Flaws}} {
				for k, id := range l.list {
					if _, known := comp.Talent(id); known && !slices.Contains(l.onCard, id) {
						ps.add(fmt.Sprintf("%s.%s[%d]", p, l.field, k), "%q is not among the %ss on %s's card (Assigning pilot talents and flaws to pilots); allowed: %s",
							id, l.kind, card.Name, strings.Join(l.onCard, ", "))
					}
				}
			}
		}
		var tok *assets.PilotToken
		for k := range comp.PilotTokens {
			if comp.PilotTokens[k].ID == token {
				tok = &comp.PilotTokens[k]
			}
		}
		if tok == nil {
			continue // an unknown pilot is reported already
		}
		if len(sh.Flaws) > MaxFlaws {
			ps.add(p+".Flaws", "%d flaws; a pilot has at most %d (Pilot talents and flaws)", len(sh.Flaws), MaxFlaws)
		}
		if most := tok.MaxTalents.Value + min(len(sh.Flaws), MaxFlaws); !isCard && len(sh.Talents) > most {
			ps.add(p+".Talents", "%d talents; %s pilot takes at most %d (%d, and one more per flaw) (Pilot talents and flaws)",
				len(sh.Talents), article(strings.ToLower(tok.Name)), most, tok.MaxTalents.Value)
		}
		if tok.RookieTalentsOnly.Value {
			for k, id := range sh.Talents {
				if t, ok := comp.Talent(id); ok && t.Kind == assets.TalentKindTalent && !t.Rookie {
					ps.add(fmt.Sprintf("%s.Talents[%d]", p, k), "%s pilot takes only rookie talents (Limitations of nuggets and rookies), and %q is not one; allowed: %s",
						article(strings.ToLower(tok.Name)), id, strings.Join(rookieTalents(comp), ", "))
				}
			}
		}
		if ps.full() {
			return
		}
	}
}

// rookieTalents lists the talents a nugget or rookie may take.
func rookieTalents(comp *assets.Components) []string {
	var out []string
	for _, id := range comp.TalentIDs() {
		if t, ok := comp.Talent(id); ok && t.Rookie {
			out = append(out, id)
		}
	}
	return out
}

// article puts "a" or "an" before a word.
func article(w string) string {
	if w != "" && strings.ContainsRune("aeiou", rune(w[0])) {
		return "an " + w
	}
	return "a " + w
}

// checkPlacement holds the ships to where they may start, or enter (Quick
// Start: Setup; Special cases: a ship out of the playing area is
// eliminated; Planetoids; Three-dimensional space): the whole base on the
// table, not inside a planetoid, and not overlapping another ship that
// stands on the table at the same time (at the same level, with levels).
func (s Setup) checkPlacement(comp *assets.Components, ps *problems) {
	bases := make([]physics.Polygon, len(s.Ships))
	for i, sh := range s.Ships {
		across := comp.BaseAcrossFlats(sh.Class)
		if across <= 0 || !finiteIn(sh.Pose.Pos.X) || !finiteIn(sh.Pose.Pos.Y) || math.IsNaN(float64(sh.Pose.Heading)) {
			continue // an unknown class or a bad pose is reported already
		}
		bases[i] = physics.Hexagon(sh.Pose, across)
	}
	enters := func(sh ShipSpec) int { return max(sh.EntersOnTurn, 1) }
	for i, sh := range s.Ships {
		if bases[i] == nil {
			continue
		}
		var others []standing
		for j := 0; j < i; j++ {
			if bases[j] != nil && enters(sh) == enters(s.Ships[j]) {
				others = append(others, standing{ID: s.Ships[j].ID, Base: bases[j], Level: s.Ships[j].Level})
			}
		}
		p := fmt.Sprintf("setup.Ships[%d].Pose", i)
		for _, f := range s.baseFaults(standing{ID: sh.ID, Base: bases[i], Level: sh.Level}, others) {
			switch f.Fault {
			case FaultOffTable:
				what := "starts"
				if sh.EntersOnTurn > 1 || sh.EntersByFTL {
					what = "enters"
				}
				ps.add(p, "the ship %q %s partly off the table: its base at (%g, %g) reaches beyond %g × %g mm; the whole base must lie on the table",
					sh.ID, what, sh.Pose.Pos.X, sh.Pose.Pos.Y, s.Width, s.Depth)
			case FaultPlanetoid:
				ps.add(p, "the ship %q starts inside the planetoid %q (Planetoids); move it clear of the template", sh.ID, f.Other)
			case FaultOverlap:
				ps.add(p, "overlapping deployments: the base of %q overlaps the base of %q", sh.ID, f.Other)
			}
		}
		if ps.full() {
			return
		}
	}
}

// standing is a ship's base where it stands, at its level.
type standing struct {
	ID    string
	Base  physics.Polygon
	Level int
}

// BaseFault is what is wrong with where a base stands (Quick Start:
// Setup; Special cases: a ship out of the playing area is eliminated;
// Planetoids; Three-dimensional space).
type BaseFault string

// The faults of a base's place.
const (
	FaultOffTable  BaseFault = "off-table" // part of the base lies beyond the table's edge
	FaultPlanetoid BaseFault = "planetoid" // the base lies inside a planetoid (Other)
	FaultOverlap   BaseFault = "overlap"   // the base overlaps the base of Other
)

// PlaceFault is one fault of a base's place: Other names the planetoid or
// the ship in the way.
type PlaceFault struct {
	Fault BaseFault `json:"fault"`
	Other string    `json:"other,omitempty"`
}

// baseFaults is the one check of where a base may stand (the setup's and
// a companion's pose correction's): the whole base on the table, not
// inside a planetoid, not overlapping the base of another ship among
// others (at the same level, when levels are played). Off the table comes
// first, once.
func (s Setup) baseFaults(b standing, others []standing) []PlaceFault {
	threeD := s.Rules.Has(starship.OptThreeD)
	var out []PlaceFault
	for _, v := range b.Base {
		if v.X < 0 || v.Y < 0 || v.X > s.Width || v.Y > s.Depth {
			out = append(out, PlaceFault{Fault: FaultOffTable})
			break
		}
	}
	for _, o := range s.Obstacles {
		if o.Kind != referee.Planetoid || threeD && o.Level != b.Level {
			continue
		}
		if b.Base.CircleInteriorIntersects(o.Circle) {
			out = append(out, PlaceFault{Fault: FaultPlanetoid, Other: o.ID})
		}
	}
	for _, o := range others {
		if threeD && o.Level != b.Level {
			continue
		}
		if physics.ConvexInteriorsIntersect(b.Base, o.Base) {
			out = append(out, PlaceFault{Fault: FaultOverlap, Other: o.ID})
		}
	}
	return out
}

// checkEntries holds a ship that enters by FTL to having a drive
// (Faster-than-light movement). (That the rules in force play FTL, and
// that it enters before the turn limit, are the scenario file's: the
// engine plays a setup with its rules or its limit changed.)
func (s Setup) checkEntries(comp *assets.Components, ps *problems) {
	for i, sh := range s.Ships {
		if c, ok := comp.Class(sh.Class); ok && sh.EntersByFTL && !c.FTL.Value {
			ps.add(fmt.Sprintf("setup.Ships[%d].EntersByFTL", i), "a %s has no FTL drive (Faster-than-light movement); let it enter by an edge", c.Name)
		}
	}
}

// checkConditions holds the victory conditions to what can be met
// (Winning the game; scenarios): a ship destroyed is an enemy's, a ship
// that leaves its own side's, and leaves by FTL only with a drive; a zone
// held at the end needs an end. (Conditions the rules in force or the
// turn limit make unreachable: checkRulesAndLimit.)
func (s Setup) checkConditions(comp *assets.Components, ps *problems) {
	lim := s.TurnLimit
	for k, c := range s.Victory {
		p := fmt.Sprintf("setup.Victory[%d]", k)
		var ship *ShipSpec
		for i := range s.Ships {
			if c.Ship != "" && s.Ships[i].ID == c.Ship {
				ship = &s.Ships[i]
			}
		}
		switch c.Kind {
		case Destroy:
			if ship != nil && c.Side != "" && ship.Side == c.Side {
				ps.add(p+".ship", "%q is a %s ship; %s wins by destroying an enemy ship", c.Ship, ship.Side, c.Side)
			}
		case Leave:
			if ship != nil && c.Side != "" && ship.Side != c.Side {
				ps.add(p+".ship", "%q is a %s ship; %s wins when one of its own ships leaves", c.Ship, ship.Side, c.Side)
			}
			if c.By == ExitFTL && ship != nil {
				if cl, ok := comp.Class(ship.Class); ok && !cl.FTL.Value {
					ps.add(p+".by", "%q is a %s, which has no FTL drive; let it leave by an edge", c.Ship, cl.Name)
				}
			}
		case Hold:
			if c.Turns == 0 && lim == 0 {
				ps.add(p, "a zone is held at the end: give turns, or a turn_limit to the scenario")
			}
		}
	}
}

// checkRulesAndLimit holds the setup to what its rules and its turn limit
// let happen: a ship enters by the turn limit; a survive or hold condition
// is judged by it (Scenarios: turn limit); entering by FTL is an FTL jump,
// played only with the Complete Rules, and leaving by FTL needs them and
// the ftl option (Faster-than-light movement); pilot tokens and cards,
// talents and flaws are played only with the pilots option (Pilots; Pilot
// talents and flaws). A scenario file and a saved game are refused for
// the same reasons (the engine does not quietly ignore a pilot the rules
// leave out).
func (s Setup) checkRulesAndLimit(ps *problems) {
	lim := s.TurnLimit
	complete := s.Rules.Set == starship.Complete
	pilots := s.Rules.Has(starship.OptPilots)
	for i, sh := range s.Ships {
		p := fmt.Sprintf("setup.Ships[%d]", i)
		if lim > 0 && sh.EntersOnTurn > lim {
			ps.add(p+".EntersOnTurn", "turn %d comes after the turn limit (%d): the ship would never enter", sh.EntersOnTurn, lim)
		}
		if sh.EntersByFTL && !complete {
			ps.add(p+".EntersByFTL", "entering by FTL is an FTL jump, played only with the Complete Rules (Faster-than-light movement); use rules: complete or let it enter by an edge")
		}
		if sh.Pilot != "" && !pilots {
			ps.add(p+".Pilot", "pilot tokens are played only with the pilots rule (Pilots; pilot cards too); add pilots to options")
		}
		if len(sh.Talents)+len(sh.Flaws) > 0 && !pilots {
			field := ".Talents"
			if len(sh.Talents) == 0 {
				field = ".Flaws"
			}
			ps.add(p+field, "talents and flaws come with pilots (Pilot talents and flaws); add pilots to options")
		}
	}
	for k, c := range s.Victory {
		p := fmt.Sprintf("setup.Victory[%d]", k)
		switch c.Kind {
		case Survive:
			if lim > 0 && c.Turns > lim {
				ps.add(p+".turns", "%d turns is beyond the turn limit (%d): the condition could never be met", c.Turns, lim)
			}
		case Hold:
			if lim > 0 && c.Turns > lim {
				ps.add(p+".turns", "turn %d is beyond the turn limit (%d): the zone would never be judged", c.Turns, lim)
			}
		case Leave:
			if c.By == ExitFTL && (!complete || !s.Rules.Has(starship.OptFTL)) {
				ps.add(p+".by", "leaving by FTL needs the Complete Rules and the ftl option (Faster-than-light movement)")
			}
		}
	}
}
