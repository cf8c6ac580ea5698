package ui

import (
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// brief is what the players are told about the battle: the scenario's
// briefing, each side's goal, its zones and special rules. A game built
// from a bare setup (tests, an old saved game of no known scenario) gets
// what the setup says: its victory conditions and their zones.
type brief struct {
	name, text string
	sides      map[battle.Side]string // the side's own briefing
	special    []string
	zones      []zoneMark
	edges      []edgeMark
	setup      battle.Setup
	sc         *scenarios.Scenario // nil when not known
	// written are the ships as the scenario's file has them (its
	// briefing's words name their pilots), taken once (writtenOnce)
	written     map[string]scenarios.Ship
	writtenOnce bool
}

// zoneMark is a zone drawn on the table, and why.
type zoneMark struct {
	id   string
	poly physics.Polygon
	side battle.Side // the side a condition gives the zone to ("" for none or both)
}

// edgeMark is a table edge a condition names.
type edgeMark struct {
	edge battle.Edge
	side battle.Side
}

// briefFor gathers the brief of a battle; sc may be nil.
func briefFor(setup battle.Setup, sc *scenarios.Scenario) *brief {
	br := &brief{name: setup.Name, sides: map[battle.Side]string{}, setup: setup, sc: sc}
	zones := map[string]physics.Polygon{}
	var order []string
	if sc != nil {
		br.name, br.text = sc.Name, strings.TrimSpace(sc.Briefing)
		for _, s := range sc.Sides {
			t := strings.TrimSpace(s.Briefing)
			switch {
			case s.Name != "" && t != "":
				t = s.Name + ": " + t
			case s.Name != "":
				t = s.Name // a side named without a briefing of its own
			}
			br.sides[s.Side] = t
		}
		for _, r := range sc.SpecialRules {
			br.special = append(br.special, strings.TrimSpace(r.Text))
		}
		for _, z := range sc.Zones {
			zones[z.ID] = sc.ZonePolygon(z.ID)
			order = append(order, z.ID)
		}
	}
	named := map[string]zoneMark{}
	for _, c := range setup.Victory {
		if c.ZoneName == "" && len(c.Zone) == 0 {
			if c.Kind == battle.Leave && c.By == battle.ExitEdge {
				br.edges = append(br.edges, edgeMark{edge: c.Edge, side: c.Side})
			}
			continue
		}
		id := c.ZoneName
		if id == "" {
			id = "zone"
		}
		if _, ok := zones[id]; !ok {
			zones[id] = c.Zone
			order = append(order, id)
		}
		m := named[id]
		m.side = c.Side
		named[id] = m
	}
	for _, id := range order {
		m := named[id]
		m.id, m.poly = id, zones[id]
		if len(m.poly) >= 3 {
			br.zones = append(br.zones, m)
		}
	}
	return br
}

// scenarioNamed returns the built-in scenario whose battle has this name,
// or nil (a loaded game knows its setup, not its file).
func scenarioNamed(a *App, name string) *scenarios.Scenario {
	for _, n := range scenarios.Names() {
		if sc, err := scenarios.Load(n, a.Comp); err == nil && sc.Name == name {
			return sc
		}
	}
	return nil
}

// goals returns each side's way to win, in words, the conditions that
// name no side under both.
func (br *brief) goals() map[battle.Side][]string {
	out := map[battle.Side][]string{}
	conds := br.setup.Victory
	if len(conds) == 0 {
		conds = battle.Victory{{Kind: battle.EliminateAll}}
	}
	for _, c := range conds {
		t := scenarios.GoalOf(c, br.setup.TurnLimit).Aim()
		for _, side := range battle.Sides {
			if c.Side == "" || c.Side == side {
				out[side] = append(out[side], t)
			}
		}
	}
	return out
}

// para is a paragraph of words on a screen and the side it speaks for
// ("" when it speaks for both): the side picks its colour, never the
// words.
type para struct {
	Side battle.Side
	Text string
}

// paras makes neutral paragraphs of texts.
func paras(texts ...string) []para {
	out := make([]para, len(texts))
	for i, t := range texts {
		out[i] = para{Text: t}
	}
	return out
}

// paraText joins paragraphs' words, one paragraph a line.
func paraText(ps []para) string {
	t := make([]string, len(ps))
	for i, p := range ps {
		t[i] = p.Text
	}
	return strings.Join(t, "\n")
}

// lines returns the whole brief as paragraphs: the briefing, each side's
// goal (that side's paragraph), the special rules.
func (br *brief) lines() []para {
	var out []para
	if br.text != "" {
		out = append(out, para{Text: br.text})
	}
	g := br.goals()
	for _, side := range battle.Sides {
		s := SideName(side) + ": "
		if t := br.sides[side]; t != "" {
			s += strings.TrimSuffix(t, ".") + ". "
		}
		out = append(out, para{Side: side, Text: s + "To win: " + strings.Join(g[side], "; or ") + "."})
	}
	if br.setup.TurnLimit > 0 {
		out = append(out, para{Text: fmt.Sprintf("Turn limit: after turn %d, anything undecided is a draw.", br.setup.TurnLimit)})
	}
	for _, r := range br.special {
		out = append(out, para{Text: "Special rule: " + r})
	}
	return out
}

// played returns the brief as a game shows it: the rules in force, the
// ships' pilots with their talents and flaws when the Pilots option is in
// force (they may have been chosen over the scenario's: battle.Choices),
// then lines, the scenario's briefing followed by what the setup changed
// of the pilots its words name (chosenNote). comp names the pilot cards
// and the talents (nil: their ids).
func (br *brief) played(comp *assets.Components) []para {
	out := []para{{Text: "Rules: " + scenarios.RulesText(br.setup.Rules) + "."}}
	lines := br.lines()
	if note := br.chosenNote(comp); note != "" && br.text != "" {
		// right under the briefing's words it corrects
		lines = slices.Insert(lines, 1, para{Text: note})
	}
	if !br.setup.Rules.Has(starship.OptPilots) {
		return append(out, lines...)
	}
	for _, side := range battle.Sides {
		var ships []string
		for _, sh := range br.setup.Ships {
			if sh.Side != side {
				continue
			}
			ships = append(ships, sh.ID+" ("+pilotWords(comp, sh.Pilot, sh.Talents, sh.Flaws)+")")
		}
		if len(ships) > 0 {
			out = append(out, para{Side: side, Text: SideName(side) + " pilots: " + strings.Join(ships, "; ") + "."})
		}
	}
	return append(out, lines...)
}

// pilotWords names a ship's pilot, talents and flaws as the players read
// them: "expert", "Apollo: Marksman" (comp nil: their ids).
func pilotWords(comp *assets.Components, pilot starship.Pilot, talents, flaws []string) string {
	name := string(pilot)
	if name == "" {
		name = string(starship.Average)
	}
	if comp != nil {
		if c, ok := comp.PilotCard(name); ok {
			name = c.Name
		}
	}
	var cards []string
	for _, id := range append(slices.Clone(talents), flaws...) {
		if comp != nil {
			if t, ok := comp.Talent(id); ok {
				id = t.Name
			}
		}
		cards = append(cards, id)
	}
	if len(cards) > 0 {
		name += ": " + strings.Join(cards, ", ")
	}
	return name
}

// chosenNote says, when the players chose other pilots than the
// scenario's (battle.Choices: the setup screen, or without the Pilots
// option every pilot average), which ships fly with whom instead of
// what the scenario's file gives them: its briefing's words ("a Heavy
// Raider with an expert pilot") are the scenario's as written, and the
// note under them says what is played. "" when nothing differs or the
// scenario's file is not known.
func (br *brief) chosenNote(comp *assets.Components) string {
	written := br.writtenShips(comp)
	if len(written) == 0 {
		return ""
	}
	var changed []string
	for _, sh := range br.setup.Ships {
		w, ok := written[sh.ID]
		if !ok {
			continue
		}
		norm := func(p starship.Pilot) starship.Pilot {
			if p == "" {
				return starship.Average
			}
			return p
		}
		if norm(w.Pilot) == norm(sh.Pilot) && slices.Equal(w.Talents, sh.Talents) && slices.Equal(w.Flaws, sh.Flaws) {
			continue
		}
		changed = append(changed, fmt.Sprintf("%s %s (the scenario's: %s)", sh.ID, pilotWords(comp, sh.Pilot, sh.Talents, sh.Flaws), pilotWords(comp, w.Pilot, w.Talents, w.Flaws)))
	}
	if len(changed) == 0 {
		return ""
	}
	return "Pilots chosen in the setup, over the scenario's as its words above name them: " + strings.Join(changed, "; ") + "."
}

// writtenShips are the scenario's ships as its file has them, by id: a
// built-in's loaded afresh (the game's scenario may carry the players'
// choices), a file's as it came; nil when unknown.
func (br *brief) writtenShips(comp *assets.Components) map[string]scenarios.Ship {
	if br.writtenOnce || br.sc == nil {
		return br.written
	}
	br.writtenOnce = true
	ships := br.sc.Ships
	if comp != nil && slices.Contains(scenarios.Names(), br.sc.ID) {
		if w, err := scenarios.Load(br.sc.ID, comp); err == nil && w.Name == br.sc.Name && strings.TrimSpace(w.Briefing) == br.text {
			ships = w.Ships
		}
	}
	br.written = map[string]scenarios.Ship{}
	for _, sh := range ships {
		br.written[sh.ID] = sh
	}
	return br.written
}

// progress says how the battle stands against its conditions: turns
// left, points, how far a ship is from the zone it must reach, who holds
// a zone.
func (br *brief) progress(b seat.Seat, v battle.View, turn int) []string {
	var out []string
	if lim := br.setup.TurnLimit; lim > 0 {
		out = append(out, fmt.Sprintf("Turn %d of %d.", turn, lim))
	}
	ship := func(id string) (battle.ShipView, bool) { return own(v, id) }
	for _, c := range br.setup.Victory {
		switch c.Kind {
		case battle.Survive:
			// a battle over is won or lost already: no turns left to survive
			if left := c.Turns - turn; left >= 0 && v.Phase != battle.Over {
				out = append(out, fmt.Sprintf("%s: survive to the end of turn %d (%d more after this one).", SideName(c.Side), c.Turns, left))
			}
		case battle.Destroy:
			if s, ok := ship(c.Ship); ok && s.Out {
				out = append(out, fmt.Sprintf("%s is out (%s).", c.Ship, s.Cause))
			}
		case battle.Leave:
			s, ok := ship(c.Ship)
			switch {
			case !ok:
			case s.Out:
				out = append(out, fmt.Sprintf("%s is out (%s).", c.Ship, s.Cause))
			case !s.OnTable:
				out = append(out, fmt.Sprintf("%s is not on the table yet.", c.Ship))
			case c.By == battle.ExitFTL && len(c.Zone) > 0:
				if c.Zone.Contains(s.Pose.Pos) {
					out = append(out, fmt.Sprintf("%s is inside %s: it may jump away (speed slider at FTL).", c.Ship, scenarios.ZoneTitle(c.ZoneName)))
				} else {
					d, _ := c.Zone.DistanceToPoint(s.Pose.Pos)
					out = append(out, fmt.Sprintf("%s is %.0f mm from %s.", c.Ship, d, scenarios.ZoneTitle(c.ZoneName)))
				}
			case c.By == battle.ExitEdge:
				out = append(out, fmt.Sprintf("%s is %.0f mm from the %s edge.", c.Ship, distToEdge(c.Edge, s.Pose.Pos, v.Width, v.Depth), c.Edge))
			}
		case battle.Hold:
			holder := map[battle.Side]bool{}
			for _, s := range v.Ships {
				if s.OnTable && !s.Out && c.Zone.Contains(s.Pose.Pos) {
					holder[s.Side] = true
				}
			}
			who := "nobody holds it"
			switch {
			case holder[battle.Colonial] && !holder[battle.Cylon]:
				who = "Colonial holds it"
			case holder[battle.Cylon] && !holder[battle.Colonial]:
				who = "Cylon holds it"
			case holder[battle.Colonial]:
				who = "contested"
			}
			out = append(out, fmt.Sprintf("%s: %s.", strings.ToUpper(scenarios.ZoneTitle(c.ZoneName)[:1])+scenarios.ZoneTitle(c.ZoneName)[1:], who))
		case battle.Points:
			score := map[battle.Side]int{}
			for _, s := range v.Ships {
				if !s.Out {
					continue
				}
				if e, ok := b.(seat.Escapes); ok && func() bool { _, esc := e.Escaped(s.ID); return esc }() {
					continue
				}
				for _, p := range c.Points {
					if p.Class == s.Class {
						score[s.Side.Opponent()] += p.Points
					}
				}
			}
			t := fmt.Sprintf("Points: Colonial %d, Cylon %d", score[battle.Colonial], score[battle.Cylon])
			if c.Target > 0 {
				t += fmt.Sprintf(" (%d win)", c.Target)
			}
			out = append(out, t+".")
		}
	}
	return slices.Compact(out)
}

func distToEdge(e battle.Edge, q physics.Vec, w, d float64) float64 {
	switch e {
	case battle.North:
		return d - q.Y
	case battle.South:
		return q.Y
	case battle.East:
		return w - q.X
	}
	return q.X
}

// edgeLine returns an edge of the play area as a segment.
func edgeLine(e battle.Edge, w, d float64) []physics.Vec {
	switch e {
	case battle.North:
		return []physics.Vec{physics.V(0, d), physics.V(w, d)}
	case battle.South:
		return []physics.Vec{physics.V(0, 0), physics.V(w, 0)}
	case battle.East:
		return []physics.Vec{physics.V(w, 0), physics.V(w, d)}
	}
	return []physics.Vec{physics.V(0, 0), physics.V(0, d)}
}

// drawZones paints the zones and edges the scenario names: a tinted
// outline in the colour of the side a condition gives it to (their names
// are drawZoneLabels').
func drawZones(a *App, l *kit.List, cam *kit.Camera, br *brief, w, d float64) {
	if br == nil {
		return
	}
	for _, z := range br.zones {
		c := kit.ColSecondary
		if z.side != "" {
			c = SideColor(z.side)
		}
		pts := cam.Pts(z.poly)
		l.Poly(pts, kit.Alpha(c, 0.13), kit.ColNone, 0)
		closed := append(append([]kit.Pt{}, pts...), pts[0])
		l.Dashed(closed, kit.Alpha(c, 0.95), 2.5, 10, 5)
	}
	for _, e := range br.edges {
		c := SideColor(e.side)
		seg := cam.Pts(edgeLine(e.edge, w, d))
		l.Line(seg, kit.Alpha(c, 0.8), 6)
	}
}

// drawZoneLabels names the zones and exit edges drawZones paints: in the
// middle of each zone (else nearby, with a leader line from further
// away), beside the middle of each edge, wherever no base or label is.
func drawZoneLabels(a *App, l *kit.List, cam *kit.Camera, br *brief, w, d float64) {
	if br == nil {
		return
	}
	sz := a.TextSize(12)
	for _, z := range br.zones {
		c := kit.ColSecondary
		if z.side != "" {
			c = SideColor(z.side)
		}
		placeZoneLabel(a, l, cam, z.poly, strings.ToUpper(strings.ReplaceAll(z.id, "-", " ")), sz, c)
	}
	for _, e := range br.edges {
		c := SideColor(e.side)
		seg := cam.Pts(edgeLine(e.edge, w, d))
		label := "EXIT: " + strings.ToUpper(string(e.edge)) + " EDGE"
		tw := a.Fonts.Width(label, sz, true)
		var spots []kit.Spot
		for _, t := range []float64{0.5, 0.3, 0.7, 0.15, 0.85} {
			m := kit.Pt{X: seg[0].X + (seg[1].X-seg[0].X)*t, Y: seg[0].Y + (seg[1].Y-seg[0].Y)*t}
			switch e.edge {
			case battle.South:
				spots = append(spots, kit.Spot{At: kit.Pt{X: m.X, Y: m.Y + sz*1.6}, Anchor: kit.AnchorMiddle}, kit.Spot{At: kit.Pt{X: m.X, Y: m.Y - sz*0.8}, Anchor: kit.AnchorMiddle})
			case battle.East:
				spots = append(spots, kit.Spot{At: kit.Pt{X: m.X - sz*0.8, Y: m.Y}, Anchor: kit.AnchorEnd}, kit.Spot{At: kit.Pt{X: m.X + sz*0.8, Y: m.Y}, Anchor: kit.AnchorStart})
			case battle.West:
				spots = append(spots, kit.Spot{At: kit.Pt{X: m.X + sz*0.8, Y: m.Y}, Anchor: kit.AnchorStart}, kit.Spot{At: kit.Pt{X: m.X - sz*0.8, Y: m.Y}, Anchor: kit.AnchorEnd})
			default:
				spots = append(spots, kit.Spot{At: kit.Pt{X: m.X, Y: m.Y - sz*0.8}, Anchor: kit.AnchorMiddle}, kit.Spot{At: kit.Pt{X: m.X, Y: m.Y + sz*1.6}, Anchor: kit.AnchorMiddle})
			}
		}
		at, _, ok := l.PlaceText(spots, tw, sz, kit.Pt{}, 0, cam.View)
		if ok {
			l.HaloText(at.At, label, sz, kit.Mix(c, kit.ColInk, 0.4), kit.Alpha(kit.ColWhite, 0.85), at.Anchor, true)
		}
	}
}

// placeZoneLabel writes a zone's label (in bold, size sz, tinted c) in the
// middle of the zone, else above, below, right or left of the middle,
// else nearby with a leader line from further away, wherever it covers no
// base or label taken so far; with no free place it is left out. The
// play view and the scenario editor name their zones with it.
func placeZoneLabel(a *App, l *kit.List, cam *kit.Camera, poly physics.Polygon, label string, sz float64, c color.NRGBA) {
	ctr := cam.ToScreen(poly.Centroid())
	tw := a.Fonts.Width(label, sz, true)
	b := poly.Bounds()
	reach := math.Min(b.Hi.X-b.Lo.X, b.Hi.Y-b.Lo.Y) * cam.Scale * 0.3
	spots := []kit.Spot{{At: kit.Pt{X: ctr.X, Y: ctr.Y + sz*0.35}, Anchor: kit.AnchorMiddle}}
	for _, dv := range []kit.Pt{{X: 0, Y: -1}, {X: 0, Y: 1}, {X: 1, Y: 0}, {X: -1, Y: 0}} {
		spots = append(spots, kit.Spot{At: kit.Pt{X: ctr.X + dv.X*reach, Y: ctr.Y + dv.Y*reach + sz*0.35}, Anchor: kit.AnchorMiddle})
	}
	at, far, ok := l.PlaceText(spots, tw, sz, ctr, math.Max(2*reach, 8*sz), cam.View)
	if !ok {
		return
	}
	if far {
		l.Leader(kit.LabelBox(at.At, tw, sz, at.Anchor), ctr, kit.Alpha(c, 0.7))
	}
	l.HaloText(at.At, label, sz, kit.Mix(c, kit.ColInk, 0.4), kit.Alpha(kit.ColWhite, 0.8), kit.AnchorMiddle, true)
}

// loadScenario reads a scenario file, or a built-in scenario by name
// (when no such file exists). It returns what could be read, the file
// ("" for a built-in) and the problems.
func loadScenario(a *App, path string) (*scenarios.Scenario, string, error) {
	if _, err := os.Stat(path); err != nil {
		if name := strings.TrimSuffix(filepath.Base(path), ".yaml"); path == name || path == name+".yaml" {
			if _, _, ok := scenarios.Source(name); ok {
				sc, err := scenarios.Load(name, a.Comp)
				return sc, "", err
			}
		}
		return nil, "", err
	}
	data, err := limits.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	sc, err := scenarios.Parse(path, data, a.Comp)
	return sc, path, err
}
