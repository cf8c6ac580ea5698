package scenarios

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/starship"
)

// num prints a length or an angle without needless digits.
func num(v float64) string { return strconv.FormatFloat(round(v), 'f', -1, 64) }

// Goal is a victory condition as the players are told it (Winning the
// game: "different scenarios may present different conditions for the
// end of the game and for victory"): the fields of a battle.Condition the
// words need, with the turn a Hold is decided at resolved. It is the one
// source of the conditions' words: Sentence (bsg scenario show, the
// sheet, the editor, a written file's comments) and Aim (the table view's
// briefing, goals and help) both read its fields.
type Goal struct {
	Kind battle.ConditionKind
	// Side is the side the condition gives the win to ("" for
	// EliminateAll, Points and a Hold whoever holds the zone).
	Side battle.Side
	// Ship is the ship to destroy (Destroy) or to get away (Leave).
	Ship string
	// Turn is the turn at whose end a Survive or a Hold is decided (a
	// Hold without its own turn: the turn limit; 0 when there is none
	// either, i.e. the last turn).
	Turn int
	// By is how a Leave's ship gets away: across the edge Edge or by FTL.
	By   battle.Exit
	Edge battle.Edge
	// Zone is the id of the zone a Hold or a Leave by FTL names ("" for
	// a jump from anywhere).
	Zone string
	// Points and Target are a Points condition's values by class and
	// the score that wins at once (0: none).
	Points []battle.ClassPoints
	Target int
}

// GoalOf returns the goal a condition sets, in a battle whose turn limit
// is turnLimit (0: none).
func GoalOf(c battle.Condition, turnLimit int) Goal {
	g := Goal{Kind: c.Kind, Side: c.Side, Ship: c.Ship, Turn: c.Turns, By: c.By, Edge: c.Edge,
		Zone: c.ZoneName, Points: c.Points, Target: c.Target}
	if c.Kind == battle.Hold && g.Turn == 0 {
		g.Turn = turnLimit
	}
	return g
}

// Describe says a victory condition of the scenario in a sentence.
func (s *Scenario) Describe(c Condition) string {
	return GoalOf(s.condition(c), 0).Sentence() // a Hold without a turn: "the last turn"
}

// Sentence says the goal in a sentence naming the side that wins.
func (g Goal) Sentence() string {
	side := g.Side.Title()
	switch g.Kind {
	case battle.EliminateAll:
		return "The last side with ships in play wins; a draw if the last ships of both sides go in the same turn."
	case battle.Survive:
		return fmt.Sprintf("%s wins if it still has a ship in play at the end of turn %d.", side, g.Turn)
	case battle.Destroy:
		return fmt.Sprintf("%s wins when %s is destroyed.", side, g.Ship)
	case battle.Leave:
		if g.By == battle.ExitEdge {
			return fmt.Sprintf("%s wins when %s leaves the table by the %s edge.", side, g.Ship, g.Edge)
		}
		if g.Zone != "" {
			return fmt.Sprintf("%s wins when %s jumps away by FTL from inside %s.", side, g.Ship, g.Zone)
		}
		return fmt.Sprintf("%s wins when %s jumps away by FTL.", side, g.Ship)
	case battle.Hold:
		who := "A side"
		if g.Side != "" {
			who = side
		}
		return fmt.Sprintf("%s wins if %s it holds %s: a ship of its own with its stand inside, and no enemy ship.", who, g.when(), g.Zone)
	case battle.Points:
		t := fmt.Sprintf("Points for each enemy ship destroyed (%s); the side with more points wins when a side has no ship left or at the turn limit", g.values())
		if g.Target > 0 {
			t += fmt.Sprintf(", or at once on reaching %d", g.Target)
		}
		return t + "."
	}
	return string(g.Kind)
}

// Aim says the goal as what the side it is for must do, without a
// capital or a full stop (the view joins a side's aims with "; or "): a
// condition that names no side is an aim of both.
func (g Goal) Aim() string {
	switch g.Kind {
	case battle.EliminateAll:
		return "destroy every enemy ship (both sides gone in the same turn: a draw)"
	case battle.Survive:
		return fmt.Sprintf("keep a ship in play to the end of turn %d", g.Turn)
	case battle.Destroy:
		return "destroy " + g.Ship
	case battle.Leave:
		if g.By == battle.ExitEdge {
			return fmt.Sprintf("get %s to leave the table across the %s edge", g.Ship, g.Edge)
		}
		where := "from anywhere"
		if g.Zone != "" {
			where = "from inside " + ZoneTitle(g.Zone)
		}
		return fmt.Sprintf("get %s to jump away by FTL (speed slider at FTL) %s", g.Ship, where)
	case battle.Hold:
		return fmt.Sprintf("hold %s %s (a ship's stand inside, no enemy stand inside)", ZoneTitle(g.Zone), g.when())
	case battle.Points:
		s := "each enemy ship destroyed scores points (" + g.values() + ")"
		if g.Target > 0 {
			s += fmt.Sprintf("; %d points win at once", g.Target)
		}
		return s + "; when a side is gone or at the turn limit, more points win"
	}
	return string(g.Kind)
}

// when says the end of the turn a Survive or Hold is decided at.
func (g Goal) when() string {
	if g.Turn > 0 {
		return fmt.Sprintf("at the end of turn %d", g.Turn)
	}
	return "at the end of the last turn"
}

// values lists a Points goal's values by class.
func (g Goal) values() string {
	vals := make([]string, len(g.Points))
	for i, v := range g.Points {
		vals[i] = fmt.Sprintf("%s %d", v.Class, v.Points)
	}
	return strings.Join(vals, ", ")
}

// ZoneTitle names a zone in a sentence: "the jump point" for the id
// jump-point, "the zone" for none.
func ZoneTitle(id string) string {
	if id == "" {
		return "the zone"
	}
	return "the " + strings.ReplaceAll(id, "-", " ")
}

// RulesText names the rule set and the options in force.
func (s *Scenario) RulesText() string { return RulesText(s.rules()) }

// RulesText says a rule set and the optional rules in force, in words:
// "Complete Rules with ftl, fuel, pilots".
func RulesText(r starship.Rules) string {
	t := "Quick Start Rules"
	if r.Set == starship.Complete {
		t = "Complete Rules"
	}
	if len(r.Options) > 0 {
		opts := make([]string, len(r.Options))
		for i, o := range r.Options {
			opts[i] = string(o)
		}
		t += " with " + strings.Join(opts, ", ")
	}
	return t
}

// StartText says where a ship starts, in words.
func (s *Scenario) StartText(sh Ship) string {
	p := sh.Start
	switch {
	case sh.Enters != nil && sh.Enters.FTL != nil:
		return fmt.Sprintf("enters on turn %d by FTL at the marker (%s, %s) heading %s°", sh.Enters.Turn, num(p.X), num(p.Y), num(p.Heading))
	case sh.Enters != nil:
		return fmt.Sprintf("enters on turn %d by the %s edge at (%s, %s) heading %s°", sh.Enters.Turn, sh.Enters.Edge, num(p.X), num(p.Y), num(p.Heading))
	case sh.Zone != "":
		return fmt.Sprintf("deploys in %s (default spot (%s, %s)) heading %s°", sh.Zone, num(p.X), num(p.Y), num(p.Heading))
	}
	t := fmt.Sprintf("at (%s, %s) heading %s°", num(p.X), num(p.Y), num(p.Heading))
	if p.Rotation != 0 {
		t += fmt.Sprintf(", dial %+d", p.Rotation)
	}
	return t
}

// PilotText names a ship's pilot, talents and flaws.
func (sh Ship) PilotText() string {
	pilot := sh.Pilot
	if pilot == "" {
		pilot = starship.Average
	}
	t := string(pilot)
	if len(sh.Talents) > 0 {
		t += "; talents " + strings.Join(sh.Talents, ", ")
	}
	if len(sh.Flaws) > 0 {
		t += "; flaws " + strings.Join(sh.Flaws, ", ")
	}
	return t
}

// WriteText prints the scenario for a player: what bsg scenario show says.
func (s *Scenario) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s)\n", s.Name, s.ID)
	if s.Briefing != "" {
		fmt.Fprintf(&b, "\n%s\n", wrap(s.Briefing, 76, ""))
	}
	fmt.Fprintf(&b, "\nTable: %s × %s mm. Rules: %s.", num(s.Width), num(s.Depth), s.RulesText())
	if s.TurnLimit > 0 {
		fmt.Fprintf(&b, " Turn limit: %d.", s.TurnLimit)
	}
	b.WriteString("\n")
	for _, sd := range s.Sides {
		fmt.Fprintf(&b, "\n%s", sd.Side.Title())
		if sd.Name != "" {
			fmt.Fprintf(&b, ": %s", sd.Name)
		}
		b.WriteString("\n")
		if sd.Briefing != "" {
			fmt.Fprintf(&b, "%s\n", wrap(sd.Briefing, 76, "  "))
		}
	}
	b.WriteString("\nShips:\n")
	for _, sh := range s.Ships {
		fmt.Fprintf(&b, "  %-12s %-8s %-13s level %d, KE %d", sh.ID, sh.Side, sh.Class, sh.Level, sh.KE)
		if sh.Fuel > 0 {
			fmt.Fprintf(&b, ", fuel %d", sh.Fuel)
		}
		fmt.Fprintf(&b, "\n    %s\n", s.StartText(sh))
		if s.Has(starship.OptPilots) || sh.Pilot != "" {
			fmt.Fprintf(&b, "    pilot: %s\n", sh.PilotText())
		}
	}
	if len(s.Zones) > 0 {
		b.WriteString("\nZones:\n")
		for _, z := range s.Zones {
			pts := make([]string, len(z.Polygon))
			for i, v := range z.Polygon {
				pts[i] = fmt.Sprintf("(%s, %s)", num(v[0]), num(v[1]))
			}
			fmt.Fprintf(&b, "  %-14s %s\n", z.ID, strings.Join(pts, " "))
		}
	}
	if len(s.Obstacles) > 0 {
		b.WriteString("\nObstacles:\n")
		for _, o := range s.Obstacles {
			fmt.Fprintf(&b, "  %-14s %s\n", o.ID, s.ObstacleText(o))
		}
	}
	if len(s.SpecialRules) > 0 {
		b.WriteString("\nSpecial rules:\n")
		for _, r := range s.SpecialRules {
			fmt.Fprintf(&b, "%s\n", wrap(r.ID+": "+r.Text, 76, "  "))
		}
	}
	b.WriteString("\nVictory (checked in order; the first met decides):\n")
	for i, c := range s.Victory {
		fmt.Fprintf(&b, "  %d. %s\n", i+1, wrap(s.Describe(c), 72, "     ")[5:])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ObstacleText describes an obstacle in words.
func (s *Scenario) ObstacleText(o Obstacle) string {
	lv := ""
	if s.Has(starship.OptThreeD) {
		lv = fmt.Sprintf(", level %d", o.Level)
	}
	if o.Kind == "planetoid" {
		return fmt.Sprintf("planetoid at (%s, %s), radius %s%s", num(o.X), num(o.Y), num(o.Radius), lv)
	}
	pts := make([]string, len(o.Polygon))
	for i, v := range o.Polygon {
		pts[i] = fmt.Sprintf("(%s, %s)", num(v[0]), num(v[1]))
	}
	return fmt.Sprintf("%s asteroid field %s%s", o.Density, strings.Join(pts, " "), lv)
}

// wrap breaks text into lines of at most width characters, each starting
// with indent.
func wrap(text string, width int, indent string) string {
	var lines []string
	line := indent
	for _, word := range strings.Fields(text) {
		if len(line) > len(indent) && len(line)+1+len(word) > width {
			lines = append(lines, line)
			line = indent
		}
		if len(line) > len(indent) {
			line += " "
		}
		line += word
	}
	lines = append(lines, line)
	return strings.Join(lines, "\n")
}
