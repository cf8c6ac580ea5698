package scenarios

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Write writes a scenario as a scenario file: commented YAML in the format
// of FORMAT.md that Parse reads back to the same scenario (the same setup,
// zones, briefings and conditions). Only what a file states is written:
// Start and AcrossFlats, which Parse computes, are not; a level of 0 is
// taken as 1. Write does not judge the scenario: Check does.
func Write(w io.Writer, sc *Scenario) error {
	data, err := Marshal(sc)
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	return err
}

// Marshal returns the file Write writes.
func Marshal(sc *Scenario) ([]byte, error) {
	doc := &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{scenarioNode(sc)}}
	var buf bytes.Buffer
	buf.WriteString(fileHeader(sc))
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("scenario %q: %w", sc.Name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, err
	}
	return wrapFolded(buf.Bytes(), foldWidth), nil
}

// Check judges a scenario as Parse judges the file Write makes of it: the
// problems come with that file's name (filename) and lines. It returns the
// scenario as read back, with the starts Parse computes (default spots in
// deployment zones, entry points).
func Check(filename string, sc *Scenario, comp *assets.Components) (*Scenario, error) {
	data, err := Marshal(sc)
	if err != nil {
		return sc, err
	}
	return Parse(filename, data, comp)
}

// Problem is one problem of a scenario file: the file, the line (0 when no
// single line is to blame), the field and what is wrong.
type Problem = yamlfile.Problem

// Problems splits an error of Parse or Check into its problems, in line
// order; another error becomes one problem without a file or line.
func Problems(err error) []Problem {
	if err == nil {
		return nil
	}
	var l yamlfile.List
	if errors.As(err, &l) {
		return append([]Problem(nil), l...)
	}
	return []Problem{{Msg: err.Error()}}
}

// fileHeader is the comment that opens a written file.
func fileHeader(sc *Scenario) string {
	name := sc.Name
	if name == "" {
		name = "A scenario"
	}
	return `# yaml-language-server: $schema=scenario.schema.json
# (bsg scenario schema > scenario.schema.json puts the schema beside it)
#
# ` + oneLine(name) + `: a Battlestar Galactica - Starship Battles scenario
# (the format: scenarios/FORMAT.md). Check it with
#   bsg scenario validate FILE
# and print a setup sheet for the table with
#   bsg scenario sheet FILE -pdf sheet.pdf
#
# Lengths are in millimetres, angles in degrees counter-clockwise from +x,
# measured from the lower-left corner of the play area (x to the right, y
# up the table). A heading is the movement direction of a ship. The north
# edge is the far one (y = depth), south the near one (y = 0), west x = 0,
# east x = width.

`
}

// comment wraps a comment's paragraphs (lines) to the width of the file.
func comment(s string) string {
	if s == "" {
		return ""
	}
	paras := strings.Split(strings.ReplaceAll(s, "\n", " "), "\n\n")
	for i, p := range paras {
		paras[i] = wrap(p, foldWidth-4, "")
	}
	return strings.Join(paras, "\n#\n")
}

// oneLine keeps a name on one comment line.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// foldWidth is the width long texts are wrapped to.
const foldWidth = 76

func scenarioNode(sc *Scenario) *yaml.Node {
	m := mapping()
	add(m, "name", str(sc.Name), "", "")
	if sc.Briefing != "" {
		add(m, "briefing", text(sc.Briefing), "", "")
	}
	tbl := flowMapping()
	add(tbl, "width", float(sc.Width), "", "")
	add(tbl, "depth", float(sc.Depth), "", "")
	add(m, "table", tbl, "", "millimetres")
	add(m, "rules", str(string(sc.Rules)), "", "quick or complete")
	optHelp := make([]string, len(starship.Options))
	for i, o := range starship.Options {
		optHelp[i] = string(o)
	}
	opts := flowSeq()
	for _, o := range sc.Options {
		opts.Content = append(opts.Content, str(string(o)))
	}
	add(m, "options", opts, "The optional rules and features in force: "+strings.Join(optHelp, ", ")+".", "")
	if sc.TurnLimit != 0 {
		add(m, "turn_limit", integer(sc.TurnLimit), "", "what is undecided at its end is a draw")
	}
	if len(sc.SpecialRules) > 0 {
		rules := seq()
		for _, r := range sc.SpecialRules {
			rm := mapping()
			add(rm, "id", str(r.ID), "", "")
			add(rm, "text", text(r.Text), "", "")
			rules.Content = append(rules.Content, rm)
		}
		add(m, "special_rules", rules, "Scenario rules in words, for the players.", "")
	}
	if len(sc.Sides) > 0 {
		sides := mapping()
		for _, side := range battle.Sides {
			for _, b := range sc.Sides {
				if b.Side != side {
					continue
				}
				bm := mapping()
				if b.Name != "" {
					add(bm, "name", str(b.Name), "", "")
				}
				if b.Briefing != "" {
					add(bm, "briefing", text(b.Briefing), "", "")
				}
				if len(bm.Content) == 0 {
					bm.Style = yaml.FlowStyle
				}
				add(sides, string(side), bm, "", "")
			}
		}
		add(m, "sides", sides, "What each side is told.", "")
	}
	if len(sc.Zones) > 0 {
		zones := seq()
		for _, z := range sc.Zones {
			zm := mapping()
			add(zm, "id", str(z.ID), "", "")
			add(zm, "polygon", polygonNode(z.Polygon), "", "")
			if z.Heading != nil {
				add(zm, "heading", float(*z.Heading), "", "the heading of ships deployed here")
			}
			zones.Content = append(zones.Content, zm)
		}
		add(m, "zones", zones, "Named areas: deployment zones (the players place their ships inside),\nzones to hold, jump points. A polygon lists its corners, [x, y] each.", "")
	}
	ships := seq()
	for _, sh := range sc.Ships {
		ships.Content = append(ships.Content, shipNode(sh))
	}
	add(m, "ships", ships, fmt.Sprintf("A ship starts at a pose (rotation: the dial, %d to %d), in a deployment\nzone, or enters later by an edge or by FTL: exactly one of pose, zone and\nenters.", MinRotation, MaxRotation), "")
	if len(sc.Obstacles) > 0 {
		obs := seq()
		for _, o := range sc.Obstacles {
			obs.Content = append(obs.Content, obstacleNode(o))
		}
		add(m, "obstacles", obs, "Planetoids (a circle) and asteroid fields (a polygon; sparse: cover -2,\ndense: cover -4).", "")
	}
	if len(sc.Victory) > 0 {
		vic := seq()
		for _, c := range sc.Victory {
			cn := conditionNode(c)
			cn.HeadComment = comment(sc.Describe(c))
			vic.Content = append(vic.Content, cn)
		}
		add(m, "victory", vic, "Victory conditions, checked in order: the first one met decides.", "")
	}
	return m
}

func shipNode(sh Ship) *yaml.Node {
	m := mapping()
	add(m, "id", str(sh.ID), "", "")
	add(m, "side", str(string(sh.Side)), "", "")
	add(m, "class", str(sh.Class), "", "")
	if sh.Pilot != "" {
		add(m, "pilot", str(string(sh.Pilot)), "", "")
	}
	if len(sh.Talents) > 0 {
		add(m, "talents", strings2(sh.Talents), "", "")
	}
	if len(sh.Flaws) > 0 {
		add(m, "flaws", strings2(sh.Flaws), "", "")
	}
	if sh.Pose != nil {
		add(m, "pose", poseNode(*sh.Pose, true), "", "")
	}
	if sh.Zone != "" {
		add(m, "zone", str(sh.Zone), "", "")
		if sh.Heading != nil {
			add(m, "heading", float(*sh.Heading), "", "")
		}
	}
	if e := sh.Enters; e != nil {
		em := flowMapping()
		add(em, "turn", integer(e.Turn), "", "")
		if e.FTL != nil {
			add(em, "ftl", poseNode(*e.FTL, false), "", "")
		} else {
			add(em, "edge", str(string(e.Edge)), "", "")
			add(em, "at", float(e.At), "", "")
		}
		add(m, "enters", em, "", "")
	}
	if sh.Level > MinLevel {
		add(m, "level", integer(sh.Level), "", "")
	}
	add(m, "ke", integer(sh.KE), "", "")
	if sh.Fuel > 0 {
		add(m, "fuel", integer(sh.Fuel), "", "")
	}
	return m
}

func poseNode(p Pose, rotation bool) *yaml.Node {
	m := flowMapping()
	add(m, "x", float(p.X), "", "")
	add(m, "y", float(p.Y), "", "")
	add(m, "heading", float(p.Heading), "", "")
	if rotation && p.Rotation != 0 {
		add(m, "rotation", integer(p.Rotation), "", "")
	}
	return m
}

func obstacleNode(o Obstacle) *yaml.Node {
	m := mapping()
	add(m, "id", str(o.ID), "", "")
	add(m, "kind", str(o.Kind), "", "")
	if referee.ObstacleKind(o.Kind) == referee.AsteroidField {
		add(m, "density", str(o.Density), "", "")
		add(m, "polygon", polygonNode(o.Polygon), "", "")
	} else {
		add(m, "x", float(o.X), "", "")
		add(m, "y", float(o.Y), "", "")
		if o.Radius > 0 {
			add(m, "radius", float(o.Radius), "", "")
		}
	}
	if o.Level > MinLevel {
		add(m, "level", integer(o.Level), "", "")
	}
	return m
}

func conditionNode(c Condition) *yaml.Node {
	m := flowMapping()
	add(m, "kind", str(string(c.Kind)), "", "")
	if c.Side != "" {
		add(m, "side", str(string(c.Side)), "", "")
	}
	if c.Ship != "" {
		add(m, "ship", str(c.Ship), "", "")
	}
	if c.By != "" {
		add(m, "by", str(string(c.By)), "", "")
	}
	if c.Edge != "" {
		add(m, "edge", str(string(c.Edge)), "", "")
	}
	if c.Zone != "" {
		add(m, "zone", str(c.Zone), "", "")
	}
	if c.Turns != 0 {
		add(m, "turns", integer(c.Turns), "", "")
	}
	if c.Kind == battle.Points {
		vals := flowMapping()
		for _, v := range c.Values {
			add(vals, v.Class, integer(v.Points), "", "")
		}
		add(m, "values", vals, "", "")
	}
	if c.Target != 0 {
		add(m, "target", integer(c.Target), "", "")
	}
	return m
}

func polygonNode(pts [][2]float64) *yaml.Node {
	s := flowSeq()
	for _, p := range pts {
		v := flowSeq()
		v.Content = append(v.Content, float(p[0]), float(p[1]))
		s.Content = append(s.Content, v)
	}
	return s
}

func mapping() *yaml.Node     { return &yaml.Node{Kind: yaml.MappingNode} }
func flowMapping() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Style: yaml.FlowStyle} }
func seq() *yaml.Node         { return &yaml.Node{Kind: yaml.SequenceNode} }
func flowSeq() *yaml.Node     { return &yaml.Node{Kind: yaml.SequenceNode, Style: yaml.FlowStyle} }

// add appends key: value to a mapping, with a comment above the key and
// one at the end of its line.
func add(m *yaml.Node, key string, value *yaml.Node, head, line string) {
	k := str(key)
	k.HeadComment, k.LineComment = comment(head), line
	m.Content = append(m.Content, k, value)
}

// str is a string scalar, quoted when it would read as something else.
func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// text is a string scalar written folded (wrapped), for long texts.
func text(s string) *yaml.Node {
	n := str(s)
	if len(s) > 60 && foldable(s) {
		n.Style = yaml.FoldedStyle
	}
	return n
}

// foldable reports whether a text reads back the same from a folded block
// that wrapFolded may break at its single spaces: printable, one
// paragraph, no runs of spaces and no space at either end.
func foldable(s string) bool {
	t := strings.TrimSuffix(s, "\n")
	if t == "" || strings.ContainsAny(t, "\n\t\r") || strings.Contains(t, "  ") || t != strings.TrimSpace(t) {
		return false
	}
	for _, r := range t {
		if r < ' ' || r == 0x7f || r == 0xfeff {
			return false
		}
	}
	return true
}

func strings2(ss []string) *yaml.Node {
	n := flowSeq()
	for _, s := range ss {
		n.Content = append(n.Content, str(s))
	}
	return n
}

func integer(v int) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.Itoa(v)}
}

// float writes a number exactly (the shortest decimal that reads back to
// the same float64), as a whole number when it is one.
func float(v float64) *yaml.Node {
	switch {
	case math.IsNaN(v):
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: ".nan"}
	case math.IsInf(v, 1):
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: ".inf"}
	case math.IsInf(v, -1):
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: "-.inf"}
	}
	s := strconv.FormatFloat(v, 'f', -1, 64)
	tag := "!!float"
	if !strings.Contains(s, ".") {
		tag = "!!int"
		if v == 0 && math.Signbit(v) {
			s = "-0.0"
			tag = "!!float"
		}
	}
	if len(s) > 24 { // very large or very small: an exponent reads back the same
		s, tag = strconv.FormatFloat(v, 'g', -1, 64), "!!float"
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}
}

// wrapFolded breaks the long lines of the folded block scalars the encoder
// wrote (it writes each paragraph on one line) at single spaces, so that
// they read back the same: in a folded block a line break between two
// lines of text is a space.
func wrapFolded(data []byte, width int) []byte {
	lines := strings.Split(string(data), "\n")
	var out []string
	for i := 0; i < len(lines); i++ {
		ln := lines[i]
		out = append(out, ln)
		t := strings.TrimRight(ln, " ")
		if !(strings.HasSuffix(t, ": >") || strings.HasSuffix(t, ": >-") || strings.HasSuffix(t, "- >") || strings.HasSuffix(t, "- >-")) {
			continue
		}
		keyIndent := indentOf(ln)
		var block []string
		for i+1 < len(lines) {
			next := lines[i+1]
			if strings.TrimSpace(next) != "" && indentOf(next) <= keyIndent {
				break
			}
			i++
			ind := indentOf(next)
			body := next[ind:]
			if strings.TrimSpace(next) == "" || len(next) <= width || strings.HasPrefix(body, " ") {
				block = append(block, next)
				continue
			}
			block = append(block, breakLine(body, strings.Repeat(" ", ind), width)...)
		}
		// Blank lines at the end of a clipped or stripped block are not
		// part of its text.
		for len(block) > 0 && strings.TrimSpace(block[len(block)-1]) == "" && i+1 < len(lines) {
			block = block[:len(block)-1]
		}
		out = append(out, block...)
	}
	return []byte(strings.Join(out, "\n"))
}

func indentOf(s string) int { return len(s) - len(strings.TrimLeft(s, " ")) }

// breakLine breaks text at single spaces into lines of at most width
// (a word longer than that stays whole).
func breakLine(text, indent string, width int) []string {
	var out []string
	line := ""
	words := strings.Split(text, " ")
	for _, w := range words {
		switch {
		case line == "":
			line = w
		case len(indent)+len(line)+1+len(w) > width:
			out = append(out, indent+line)
			line = w
		default:
			line += " " + w
		}
	}
	return append(out, indent+line)
}
