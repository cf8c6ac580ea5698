package ui

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// Editor builds a scenario: ships, obstacles and zones on the table, the
// rules, the options and the victory conditions. What it edits is a
// scenarios.Scenario; it saves it with scenarios.Write (the YAML format
// of scenarios/FORMAT.md), lists the problems the scenarios package finds
// in that file live (each with its line and field), loads built-in
// scenarios and scenario files, and plays the scenario at once the way
// every scenario is played: the file read by the scenarios package, its
// battle.Setup given to the engine.
type Editor struct {
	a *App
	// Sc is the scenario being edited: what the file states.
	Sc scenarios.Scenario
	// File is the file it was loaded from or last saved to ("" for none).
	File string
	// clean is the snapshot when last loaded or saved (Dirty).
	clean string

	cam    kit.Camera
	pan    kit.Panner
	scroll kit.Scroll // the panel's content, above Save, Play and Back
	// panelFor is the selection the panel was last drawn for
	panelFor edSel
	sel      edSel
	drag     bool
	last     physics.Vec

	classIdx           int
	name, brief, turns string
	checked            []byte              // the file the problems below are for
	resolved           *scenarios.Scenario // that file as the scenarios package read it
	problems           []scenarios.Problem
	starts             map[string]scenarios.Pose // last known start of each ship
	back               Screen
	highlight          map[edSel]bool
	highlightFor       []byte
}

// edSel is what is selected: a ship, an obstacle or a zone, by index.
type edSel struct {
	kind selKind
	i    int
}

type selKind int

const (
	selNone selKind = iota
	selShip
	selObstacle
	selZone
)

// NewEditor opens the editor on a copy of the default scenario.
func NewEditor(a *App) *Editor {
	sc, err := scenarios.Load(scenarios.Default, a.Comp)
	if err != nil {
		sc = &scenarios.Scenario{Rules: starship.Quick, Width: a.Comp.Geometry.TableWidth.Value, Depth: a.Comp.Geometry.TableDepth.Value}
	}
	c := clone(*sc)
	c.Name, c.ID = "My battle", "my-battle"
	return NewEditorFor(a, c, "")
}

// NewEditorFor opens the editor on a scenario; file is where it came from
// ("" for none).
func NewEditorFor(a *App, sc scenarios.Scenario, file string) *Editor {
	e := &Editor{a: a, starts: map[string]scenarios.Pose{}}
	e.load(sc, file)
	return e
}

// Back makes Esc return to s instead of the title.
func (e *Editor) Back(s Screen) *Editor { e.back = s; return e }

func (e *Editor) load(sc scenarios.Scenario, file string) {
	e.Sc, e.File = clone(sc), file
	// The briefing is edited on one line: a folded text's final line
	// break goes (the text reads the same).
	e.name, e.brief = sc.Name, strings.TrimRight(sc.Briefing, "\n")
	e.turns = ""
	if sc.TurnLimit > 0 {
		e.turns = strconv.Itoa(sc.TurnLimit)
	}
	e.sel = edSel{}
	e.checked = nil
	for _, sh := range sc.Ships {
		e.starts[sh.ID] = sh.Start
	}
	e.check()
	e.clean = "" // taken after the first frame has synced the fields
}

// snapshot is the scenario as edited, to tell unsaved changes.
func (e *Editor) snapshot() string {
	data, err := scenarios.Marshal(&e.Sc)
	return fmt.Sprintf("%s\x00%v\x00%s\x00%s\x00%s", data, err, e.name, e.brief, e.turns)
}

// Dirty reports whether the scenario has changes not saved to its file.
func (e *Editor) Dirty() bool { return e.clean != "" && e.snapshot() != e.clean }

// leave goes back (to the title), asking first when there are unsaved
// changes.
func (e *Editor) leave() {
	back := func() {
		if e.back != nil {
			e.a.Show(e.back)
		} else {
			e.a.Home()
		}
	}
	if !e.Dirty() {
		back()
		return
	}
	e.a.Confirm("Leave the editor?", "The scenario has changes that are not saved: they are lost if you leave. F2 saves them.", "Leave without saving", "Stay", back)
}

// clone copies a scenario deeply enough that editing the copy leaves the
// original alone.
func clone(sc scenarios.Scenario) scenarios.Scenario {
	c := sc
	c.Options = slices.Clone(sc.Options)
	c.SpecialRules = slices.Clone(sc.SpecialRules)
	c.Sides = slices.Clone(sc.Sides)
	c.Zones = make([]scenarios.Zone, len(sc.Zones))
	for i, z := range sc.Zones {
		c.Zones[i] = z
		c.Zones[i].Polygon = slices.Clone(z.Polygon)
		c.Zones[i].Heading = ptrClone(z.Heading)
	}
	c.Ships = make([]scenarios.Ship, len(sc.Ships))
	for i, sh := range sc.Ships {
		c.Ships[i] = sh
		c.Ships[i].Talents, c.Ships[i].Flaws = slices.Clone(sh.Talents), slices.Clone(sh.Flaws)
		c.Ships[i].Pose = ptrClone(sh.Pose)
		c.Ships[i].Heading = ptrClone(sh.Heading)
		if sh.Enters != nil {
			en := *sh.Enters
			en.FTL = ptrClone(sh.Enters.FTL)
			c.Ships[i].Enters = &en
		}
	}
	c.Obstacles = make([]scenarios.Obstacle, len(sc.Obstacles))
	for i, o := range sc.Obstacles {
		c.Obstacles[i] = o
		c.Obstacles[i].Polygon = slices.Clone(o.Polygon)
	}
	c.Victory = make([]scenarios.Condition, len(sc.Victory))
	for i, v := range sc.Victory {
		c.Victory[i] = v
		c.Victory[i].Values = slices.Clone(v.Values)
	}
	return c
}

func ptrClone[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

// Name implements Screen.
func (e *Editor) Name() string { return "scenario editor" }

// Help implements Screen.
func (e *Editor) Help() []string {
	return []string{
		"Drag ships, obstacles and zones; drag an empty spot to pan. Tab selects the next object; q / e turn it by 15° (Q / E by 1°); < and > shrink or grow an obstacle or zone; Delete removes it.",
		"1 adds a Colonial ship, 2 a Cylon ship (c cycles the class); p a planetoid, f an asteroid field (d: sparse / dense), z a zone (d drops its heading).",
		"A ship: y cycles where it starts (a spot, a deployment zone, entering by an edge, by FTL); t / T its entry turn; k / K its kinetic energy; [ and ] its level; i its pilot; s its side.",
		"The panel sets the name, the briefing, the rule set, the options, the turn limit and the victory conditions (checked in order).",
		"The problems the scenarios package finds in the file are listed live, with their lines and fields; the objects they name are marked.",
		"F2 saves the scenario file (YAML, scenarios/FORMAT.md); F3 loads a file or a built-in scenario; F5 plays it at once.",
	}
}

// fileName is the name of the scenario's file in messages.
func (e *Editor) fileName() string {
	if e.File != "" {
		return filepath.Base(e.File)
	}
	return slug(e.Sc.Name) + ".yaml"
}

// check reads the scenario's file through the scenarios package when it
// changed since the last check: the problems, and the starts it computes.
func (e *Editor) check() {
	data, err := scenarios.Marshal(&e.Sc)
	if err != nil {
		e.resolved, e.problems, e.checked = nil, []scenarios.Problem{{File: e.fileName(), Msg: err.Error()}}, nil
		return
	}
	if e.checked != nil && bytes.Equal(data, e.checked) {
		return
	}
	sc, err := scenarios.Parse(e.fileName(), data, e.a.Comp)
	e.checked, e.resolved, e.problems = data, sc, scenarios.Problems(err)
	if sc != nil && len(sc.Ships) == len(e.Sc.Ships) {
		for i, sh := range sc.Ships {
			if sh.ID == e.Sc.Ships[i].ID && (sh.Start != scenarios.Pose{} || sh.Pose != nil) {
				e.starts[sh.ID] = sh.Start
			}
		}
	}
}

// Problems lists the problems of the scenario's file as the scenarios
// package reports them: file:line: field: message.
func (e *Editor) Problems() []string {
	e.check()
	out := make([]string, len(e.problems))
	for i, p := range e.problems {
		out[i] = p.Error()
	}
	return out
}

// Resolved returns the scenario as the scenarios package reads its file
// (with the starts it computes), and whether it has no problem.
func (e *Editor) Resolved() (*scenarios.Scenario, bool) {
	e.check()
	return e.resolved, len(e.problems) == 0 && e.resolved != nil
}

// start returns where a ship starts: its pose, its default spot in its
// zone, or its entry point.
func (e *Editor) start(i int) scenarios.Pose {
	sh := e.Sc.Ships[i]
	if sh.Pose != nil {
		return *sh.Pose
	}
	if sh.Enters != nil && sh.Enters.FTL != nil {
		return *sh.Enters.FTL
	}
	if r := e.resolved; r != nil && i < len(r.Ships) && r.Ships[i].ID == sh.ID && r.Ships[i].Start != (scenarios.Pose{}) {
		return r.Ships[i].Start
	}
	if p, ok := e.starts[sh.ID]; ok {
		return p
	}
	if z := e.zone(sh.Zone); z != nil && len(z.Polygon) > 0 {
		c := polygonOf(z.Polygon).Centroid()
		return scenarios.Pose{X: c.X, Y: c.Y}
	}
	return scenarios.Pose{}
}

func (e *Editor) zone(id string) *scenarios.Zone {
	for i := range e.Sc.Zones {
		if e.Sc.Zones[i].ID == id {
			return &e.Sc.Zones[i]
		}
	}
	return nil
}

func polygonOf(pts [][2]float64) physics.Polygon {
	p := make(physics.Polygon, len(pts))
	for i, v := range pts {
		p[i] = physics.V(v[0], v[1])
	}
	return p
}

func pointsOf(p physics.Polygon) [][2]float64 {
	out := make([][2]float64, len(p))
	for i, v := range p {
		out[i] = [2]float64{round3(v.X), round3(v.Y)}
	}
	return out
}

// round3 keeps edited coordinates short in the file: to a thousandth of a
// millimetre.
func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

func (e *Editor) across(class string) float64 { return e.a.Comp.BaseAcrossFlats(class) }

func (e *Editor) shipBase(i int) physics.Polygon {
	return physics.Hexagon(e.start(i).Physics(), e.across(e.Sc.Ships[i].Class))
}

func (e *Editor) hit(p physics.Vec) edSel {
	for i := len(e.Sc.Ships) - 1; i >= 0; i-- {
		if e.shipBase(i).Contains(p) {
			return edSel{selShip, i}
		}
	}
	for k := len(e.Sc.Obstacles) - 1; k >= 0; k-- {
		o := e.Sc.Obstacles[k].Referee()
		if o.Kind == referee.Planetoid && o.Circle.Contains(p) || o.Kind == referee.AsteroidField && len(o.Polygon) > 2 && o.Polygon.Contains(p) {
			return edSel{selObstacle, k}
		}
	}
	for k := len(e.Sc.Zones) - 1; k >= 0; k-- {
		if z := polygonOf(e.Sc.Zones[k].Polygon); len(z) > 2 && z.Contains(p) {
			return edSel{selZone, k}
		}
	}
	return edSel{}
}

func (e *Editor) ship() *scenarios.Ship {
	if e.sel.kind == selShip && e.sel.i < len(e.Sc.Ships) {
		return &e.Sc.Ships[e.sel.i]
	}
	return nil
}

func (e *Editor) obstacle() *scenarios.Obstacle {
	if e.sel.kind == selObstacle && e.sel.i < len(e.Sc.Obstacles) {
		return &e.Sc.Obstacles[e.sel.i]
	}
	return nil
}

func (e *Editor) selZone() *scenarios.Zone {
	if e.sel.kind == selZone && e.sel.i < len(e.Sc.Zones) {
		return &e.Sc.Zones[e.sel.i]
	}
	return nil
}

func (e *Editor) taken(id string) bool {
	return slices.ContainsFunc(e.Sc.Ships, func(s scenarios.Ship) bool { return s.ID == id }) ||
		slices.ContainsFunc(e.Sc.Obstacles, func(o scenarios.Obstacle) bool { return o.ID == id }) ||
		slices.ContainsFunc(e.Sc.Zones, func(z scenarios.Zone) bool { return z.ID == id })
}

func (e *Editor) newID(base string) string {
	for n := 1; ; n++ {
		if id := fmt.Sprintf("%s-%d", base, n); !e.taken(id) {
			return id
		}
	}
}

// sideZone returns the zone a side deploys in: one its ships deploy in,
// or one named after it.
func (e *Editor) sideZone(side battle.Side) *scenarios.Zone {
	for _, sh := range e.Sc.Ships {
		if sh.Side == side && sh.Zone != "" {
			if z := e.zone(sh.Zone); z != nil {
				return z
			}
		}
	}
	for i := range e.Sc.Zones {
		if strings.Contains(e.Sc.Zones[i].ID, string(side)) {
			return &e.Sc.Zones[i]
		}
	}
	return nil
}

// AddShip adds a ship of a side at a spot of its own, in the middle of the
// side's deployment zone when it has one.
func (e *Editor) AddShip(side battle.Side) {
	classes := e.a.Comp.ClassIDs()
	class := classes[e.classIdx%len(classes)]
	if e.classIdx == 0 && side == battle.Cylon {
		class = "cylon-raider"
	}
	at, heading := physics.V(e.Sc.Width/2, 60), 90.0
	if side == battle.Cylon {
		at, heading = physics.V(e.Sc.Width/2, e.Sc.Depth-60), 270
	}
	if z := e.sideZone(side); z != nil && len(z.Polygon) > 2 {
		at = polygonOf(z.Polygon).Centroid()
		if z.Heading != nil {
			heading = *z.Heading
		}
	}
	for tries := 0; tries < 40 && e.hit(at).kind == selShip; tries++ {
		at = at.Add(physics.V(60, 0))
		if at.X > e.Sc.Width-30 {
			at = physics.V(30+math.Mod(at.X, 60), at.Y)
		}
	}
	e.Sc.Ships = append(e.Sc.Ships, scenarios.Ship{ID: e.a.Comp.NewShipID(class, e.taken), Side: side, Class: class, KE: 2,
		Pose: &scenarios.Pose{X: round3(at.X), Y: round3(at.Y), Heading: heading}})
	e.sel = edSel{selShip, len(e.Sc.Ships) - 1}
}

// moveShip moves a ship's start by d: its own spot, its FTL marker, or
// along the edge it enters by. A ship deployed in a zone gets a spot of
// its own.
func (e *Editor) moveShip(i int, d physics.Vec) {
	sh := &e.Sc.Ships[i]
	switch {
	case sh.Pose != nil:
		sh.Pose.X, sh.Pose.Y = round3(sh.Pose.X+d.X), round3(sh.Pose.Y+d.Y)
	case sh.Enters != nil && sh.Enters.FTL != nil:
		sh.Enters.FTL.X, sh.Enters.FTL.Y = round3(sh.Enters.FTL.X+d.X), round3(sh.Enters.FTL.Y+d.Y)
	case sh.Enters != nil:
		switch sh.Enters.Edge {
		case battle.North, battle.South:
			sh.Enters.At = round3(sh.Enters.At + d.X)
		default:
			sh.Enters.At = round3(sh.Enters.At + d.Y)
		}
		if p, ok := e.starts[sh.ID]; ok {
			p.X, p.Y = p.X+d.X, p.Y+d.Y
			e.starts[sh.ID] = p
		}
	default:
		st := e.start(i)
		sh.Pose = &scenarios.Pose{X: round3(st.X + d.X), Y: round3(st.Y + d.Y), Heading: st.Heading}
		e.a.Say("%s now starts at a spot of its own (y puts it back in a zone)", sh.ID)
		sh.Zone, sh.Heading = "", nil
	}
}

// cyclePlacement moves a ship to the next way of starting: a spot of its
// own, a deployment zone, entering by an edge on turn 2, entering by FTL
// (ships with an FTL drive), back to a spot.
func (e *Editor) cyclePlacement(i int) {
	sh := &e.Sc.Ships[i]
	st := e.start(i)
	switch {
	case sh.Pose != nil:
		z := e.zoneAt(physics.V(st.X, st.Y))
		if z == nil {
			e.a.Say("no zone to deploy %s in: z adds one", sh.ID)
			sh.Pose, sh.Enters = nil, e.edgeEntry(st, sh.Class)
			return
		}
		sh.Pose, sh.Zone = nil, z.ID
		if z.Heading == nil || *z.Heading != st.Heading {
			h := st.Heading
			sh.Heading = &h
		}
	case sh.Zone != "":
		sh.Zone, sh.Heading = "", nil
		sh.Enters = e.edgeEntry(st, sh.Class)
	case sh.Enters != nil && sh.Enters.FTL == nil:
		if c, ok := e.a.Comp.Class(sh.Class); ok && c.FTL.Value {
			sh.Enters.Edge, sh.Enters.At = "", 0
			sh.Enters.FTL = &scenarios.Pose{X: round3(st.X), Y: round3(math.Min(math.Max(st.Y, 150), e.Sc.Depth-150)), Heading: st.Heading}
			return
		}
		fallthrough
	default:
		sh.Enters = nil
		sh.Pose = &scenarios.Pose{X: round3(st.X), Y: round3(st.Y), Heading: st.Heading}
	}
}

// zoneAt returns the zone a point lies in, or the nearest zone.
func (e *Editor) zoneAt(p physics.Vec) *scenarios.Zone {
	var best *scenarios.Zone
	bestD := math.Inf(1)
	for i := range e.Sc.Zones {
		poly := polygonOf(e.Sc.Zones[i].Polygon)
		if len(poly) < 3 {
			continue
		}
		if poly.Contains(p) {
			return &e.Sc.Zones[i]
		}
		if d := poly.Centroid().Dist(p); d < bestD {
			best, bestD = &e.Sc.Zones[i], d
		}
	}
	return best
}

// edgeEntry returns an entry on turn 2 across the edge nearest to a spot.
func (e *Editor) edgeEntry(st scenarios.Pose, class string) *scenarios.Entry {
	w, d := e.Sc.Width, e.Sc.Depth
	dist := map[battle.Edge]float64{battle.South: st.Y, battle.North: d - st.Y, battle.West: st.X, battle.East: w - st.X}
	edge := battle.South
	for _, ed := range battle.Edges {
		if dist[ed] < dist[edge] {
			edge = ed
		}
	}
	m := e.across(class)
	at := st.X
	lim := w
	if edge == battle.East || edge == battle.West {
		at, lim = st.Y, d
	}
	turn := 2
	if e.Sc.TurnLimit == 1 {
		turn = 1
	}
	return &scenarios.Entry{Turn: turn, Edge: edge, At: round3(math.Max(m, math.Min(lim-m, at)))}
}

// turnSel turns the selection by deg degrees counter-clockwise.
func (e *Editor) turnSel(deg float64) {
	turn := func(h float64) float64 { return round3(physics.NormalizeDegrees(h + deg)) }
	if sh := e.ship(); sh != nil {
		switch {
		case sh.Pose != nil:
			sh.Pose.Heading = turn(sh.Pose.Heading)
		case sh.Enters != nil && sh.Enters.FTL != nil:
			sh.Enters.FTL.Heading = turn(sh.Enters.FTL.Heading)
		case sh.Enters != nil:
			e.a.Say("%s enters across the %s edge heading straight in", sh.ID, sh.Enters.Edge)
		default:
			h := turn(e.start(e.sel.i).Heading)
			sh.Heading = &h
		}
	} else if o := e.obstacle(); o != nil && o.Kind == string(referee.AsteroidField) {
		o.Polygon = rotatePts(o.Polygon, deg)
	} else if z := e.selZone(); z != nil {
		h := 90.0 // a zone without a heading starts from straight up the table
		if z.Heading != nil {
			h = *z.Heading
		}
		h = turn(h)
		z.Heading = &h
	}
}

func rotatePts(pts [][2]float64, deg float64) [][2]float64 {
	p := polygonOf(pts)
	if len(p) < 3 {
		return pts
	}
	c := p.Centroid()
	for i, v := range p {
		p[i] = c.Add(v.Sub(c).Rotate(physics.Deg(deg)))
	}
	return pointsOf(p)
}

func scalePts(pts [][2]float64, f float64) [][2]float64 {
	p := polygonOf(pts)
	if len(p) < 3 {
		return pts
	}
	c := p.Centroid()
	for i, v := range p {
		p[i] = c.Add(v.Sub(c).Mul(f))
	}
	return pointsOf(p)
}

func translatePts(pts [][2]float64, d physics.Vec) [][2]float64 {
	out := make([][2]float64, len(pts))
	for i, v := range pts {
		out[i] = [2]float64{round3(v[0] + d.X), round3(v[1] + d.Y)}
	}
	return out
}

// scaleSel grows (f > 1) or shrinks an obstacle or a zone.
func (e *Editor) scaleSel(f float64) {
	if o := e.obstacle(); o != nil {
		if o.Kind == string(referee.Planetoid) {
			o.Radius = round3(math.Max(10, o.Radius*f))
		} else {
			o.Polygon = scalePts(o.Polygon, f)
		}
	} else if z := e.selZone(); z != nil {
		z.Polygon = scalePts(z.Polygon, f)
	}
}

// deleteSel removes the selection.
func (e *Editor) deleteSel() {
	switch e.sel.kind {
	case selShip:
		if e.ship() != nil {
			e.Sc.Ships = slices.Delete(e.Sc.Ships, e.sel.i, e.sel.i+1)
		}
	case selObstacle:
		if e.obstacle() != nil {
			e.Sc.Obstacles = slices.Delete(e.Sc.Obstacles, e.sel.i, e.sel.i+1)
		}
	case selZone:
		if e.selZone() != nil {
			e.Sc.Zones = slices.Delete(e.Sc.Zones, e.sel.i, e.sel.i+1)
		}
	}
	e.sel = edSel{}
}

// Handle implements Screen.
func (e *Editor) Handle(ev kit.Event) {
	if ev.Kind == kit.Resize || e.scroll.Handle(ev, e.a.S()) || e.cam.Key(ev) {
		return
	}
	switch ev.Kind {
	case kit.MouseDown:
		if ev.Button == kit.ButtonLeft && e.cam.View.Contains(kit.Pt{X: ev.X, Y: ev.Y}) {
			p := e.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
			if s := e.hit(p); s.kind != selNone {
				e.sel, e.drag, e.last = s, true, p
				return
			}
		}
		e.pan.Handle(&e.cam, ev, true)
	case kit.MouseMove:
		if e.drag {
			p := e.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
			d := p.Sub(e.last)
			e.last = p
			switch e.sel.kind {
			case selShip:
				e.moveShip(e.sel.i, d)
			case selObstacle:
				if o := e.obstacle(); o != nil {
					o.X, o.Y = round3(o.X+d.X), round3(o.Y+d.Y)
					if len(o.Polygon) > 0 {
						o.Polygon = translatePts(o.Polygon, d)
					}
				}
			case selZone:
				if z := e.selZone(); z != nil {
					z.Polygon = translatePts(z.Polygon, d)
				}
			}
			return
		}
		e.pan.Handle(&e.cam, ev, false)
	case kit.MouseUp:
		e.drag = false
		e.pan.Handle(&e.cam, ev, false)
	case kit.KeyPress:
		switch ev.Key {
		case kit.KeyEscape:
			e.leave()
		case kit.KeyTab:
			e.selectNext()
		case kit.KeyDelete:
			e.deleteSel()
		case kit.KeyF2:
			e.askSave()
		case kit.KeyF3:
			e.askLoad()
		case kit.KeyF5:
			e.Play()
		}
	case kit.Char:
		e.char(ev.Rune)
	}
}

// selectNext selects the next ship, obstacle or zone.
func (e *Editor) selectNext() {
	var all []edSel
	for i := range e.Sc.Ships {
		all = append(all, edSel{selShip, i})
	}
	for i := range e.Sc.Obstacles {
		all = append(all, edSel{selObstacle, i})
	}
	for i := range e.Sc.Zones {
		all = append(all, edSel{selZone, i})
	}
	if len(all) == 0 {
		return
	}
	k := slices.Index(all, e.sel)
	e.sel = all[(k+1)%len(all)]
}

func (e *Editor) char(r rune) {
	s := e.ship()
	switch r {
	case '1':
		e.AddShip(battle.Colonial)
	case '2':
		e.AddShip(battle.Cylon)
	case 'c':
		e.classIdx++
		if s != nil {
			cl := e.a.Comp.ClassIDs()
			s.Class = cl[e.classIdx%len(cl)]
		}
	case 'q':
		e.turnSel(15)
	case 'e':
		e.turnSel(-15)
	case 'Q':
		e.turnSel(1)
	case 'E':
		e.turnSel(-1)
	case '<':
		e.scaleSel(1 / 1.1)
	case '>':
		e.scaleSel(1.1)
	case 'k':
		if s != nil {
			s.KE = min(starship.MaxKE, s.KE+1)
		}
	case 'K':
		if s != nil {
			s.KE = max(starship.MinKE, s.KE-1)
		}
	case '[', ']':
		d := 1
		if r == '[' {
			d = -1
		}
		if s != nil {
			s.Level = max(scenarios.MinLevel, min(scenarios.MaxLevel, max(s.Level, 1)+d))
		} else if o := e.obstacle(); o != nil {
			o.Level = max(scenarios.MinLevel, min(scenarios.MaxLevel, max(o.Level, 1)+d))
		}
	case 'i':
		if s != nil {
			// the tokens, then the named pilots of the ship's side (Pilot cards)
			tokens := append([]starship.Pilot{""}, starship.Pilots...)
			for _, c := range e.a.Comp.PilotCards {
				if c.Affiliation == string(s.Side) {
					tokens = append(tokens, starship.Pilot(c.ID))
				}
			}
			s.Pilot = tokens[(max(0, slices.Index(tokens, s.Pilot))+1)%len(tokens)]
		}
	case 's':
		if s != nil {
			s.Side = s.Side.Opponent()
		}
	case 'y':
		if s != nil {
			e.cyclePlacement(e.sel.i)
		}
	case 't', 'T':
		if s != nil && s.Enters != nil {
			if r == 't' {
				s.Enters.Turn = min(scenarios.MaxTurnLimit, s.Enters.Turn+1)
			} else {
				s.Enters.Turn = max(2, s.Enters.Turn-1)
			}
		}
	case 'p':
		c := e.viewCenter()
		e.Sc.Obstacles = append(e.Sc.Obstacles, scenarios.Obstacle{ID: e.newID("rock"), Kind: string(referee.Planetoid),
			X: round3(c.X), Y: round3(c.Y), Radius: e.a.Comp.Geometry.PlanetoidRadius.Value, Level: 1})
		e.sel = edSel{selObstacle, len(e.Sc.Obstacles) - 1}
	case 'f':
		c := e.viewCenter()
		e.Sc.Obstacles = append(e.Sc.Obstacles, scenarios.Obstacle{ID: e.newID("field"), Kind: string(referee.AsteroidField),
			Density: string(referee.Sparse), Level: 1,
			Polygon: pointsOf(physics.Polygon{c.Add(physics.V(-80, -45)), c.Add(physics.V(80, -45)), c.Add(physics.V(70, 50)), c.Add(physics.V(-70, 45))})})
		e.sel = edSel{selObstacle, len(e.Sc.Obstacles) - 1}
	case 'z':
		c := e.viewCenter()
		e.Sc.Zones = append(e.Sc.Zones, scenarios.Zone{ID: e.newID("zone"),
			Polygon: pointsOf(physics.Polygon{c.Add(physics.V(-150, -50)), c.Add(physics.V(150, -50)), c.Add(physics.V(150, 50)), c.Add(physics.V(-150, 50))})})
		e.sel = edSel{selZone, len(e.Sc.Zones) - 1}
	case 'd':
		if o := e.obstacle(); o != nil && o.Kind == string(referee.AsteroidField) {
			if o.Density == string(referee.Dense) {
				o.Density = string(referee.Sparse)
			} else {
				o.Density = string(referee.Dense)
			}
		} else if z := e.selZone(); z != nil {
			z.Heading = nil
		}
	}
}

// Tick implements Screen.
func (e *Editor) Tick(float64) {}

// viewCenter returns the table point in the middle of the view (the
// table's middle before the first frame).
func (e *Editor) viewCenter() physics.Vec {
	if e.cam.Scale <= 0 || e.cam.View.W <= 0 {
		return physics.V(e.Sc.Width/2, e.Sc.Depth/2)
	}
	return e.cam.ToWorld(e.cam.View.Center())
}

// zoneSide returns the side of the ships deployed in a zone ("" for none
// or both).
func (e *Editor) zoneSide(id string) battle.Side {
	var side battle.Side
	for _, sh := range e.Sc.Ships {
		if sh.Zone != id {
			continue
		}
		if side != "" && sh.Side != side {
			return ""
		}
		side = sh.Side
	}
	if side == "" {
		for _, c := range e.Sc.Victory {
			if c.Zone == id && c.Side != "" {
				return c.Side
			}
		}
		for _, s := range battle.Sides {
			if strings.Contains(id, string(s)) {
				return s
			}
		}
	}
	return side
}

// marked returns the objects the problems name.
func (e *Editor) marked() map[edSel]bool {
	if e.highlight != nil && bytes.Equal(e.highlightFor, e.checked) {
		return e.highlight
	}
	m := map[edSel]bool{}
	for _, p := range e.problems {
		for list, k := range map[string]selKind{"ships": selShip, "obstacles": selObstacle, "zones": selZone} {
			if i, ok := p.Item(list); ok {
				m[edSel{k, i}] = true
			}
		}
	}
	e.highlight, e.highlightFor = m, e.checked
	return m
}

// Draw implements Screen.
func (e *Editor) Draw(l *kit.List) {
	defer func() {
		if e.clean == "" {
			e.clean = e.snapshot()
		}
	}()
	a := e.a
	e.Sc.Name, e.Sc.Briefing = e.name, e.brief
	if n, err := strconv.Atoi(strings.TrimSpace(e.turns)); err == nil && n >= 0 {
		e.Sc.TurnLimit = n
	} else if strings.TrimSpace(e.turns) == "" {
		e.Sc.TurnLimit = 0
	}
	e.check()
	sc := a.S()
	view, panel := a.Split(math.Max(360, math.Min(460*sc, a.W*0.46)), a.H*0.6)
	st := &e.Sc
	e.cam.SetView(view, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(st.Width+30, st.Depth+30)})
	l.SetClip(&view)
	edge := false
	l.Backdrop(func() {
		drawPlayArea(l, &e.cam, st.Width, st.Depth, true)
		edge = drawEdgeLabels(a, l, &e.cam, st.Width, st.Depth)
	})
	bad := e.marked()
	sz := a.TextSize(11)
	for i, z := range st.Zones {
		if len(z.Polygon) < 3 {
			continue
		}
		c := SideColor(e.zoneSide(z.ID))
		pts := e.cam.Pts(polygonOf(z.Polygon))
		stroke, w := kit.Alpha(c, 0.8), 1.5
		switch {
		case e.sel == edSel{selZone, i}:
			stroke, w = kit.ColMedium, 3
		case bad[edSel{selZone, i}]:
			stroke, w = kit.ColWarn, 3
		}
		l.Poly(pts, kit.Alpha(c, 0.12), stroke, w)
	}
	sel := ""
	if o := e.obstacle(); o != nil {
		sel = o.ID
	}
	obs := make([]referee.Obstacle, 0, len(st.Obstacles))
	for k, o := range st.Obstacles {
		ro := o.Referee()
		if ro.Kind == referee.AsteroidField && len(ro.Polygon) < 3 {
			continue
		}
		obs = append(obs, ro)
		if bad[edSel{selObstacle, k}] {
			if ro.Kind == referee.Planetoid {
				l.Circle(e.cam.ToScreen(ro.Circle.C), ro.Circle.R*e.cam.Scale+3, kit.ColNone, kit.ColWarn, 3)
			} else {
				l.Poly(e.cam.Pts(ro.Polygon), kit.ColNone, kit.ColWarn, 3)
			}
		}
	}
	drawObstacles(a, l, &e.cam, obs, st.Has(starship.OptThreeD), sel)
	geo := a.Comp.Geometry
	// every base first, so that no ship's label covers a ship drawn later
	for i, s := range st.Ships {
		c := e.cam.ToScreen(e.start(i).Physics().Pos)
		rr := e.across(s.Class) / math.Sqrt(3) * e.cam.Scale
		l.Take(kit.Rect{X: c.X - rr, Y: c.Y - rr, W: 2 * rr, H: 2 * rr})
	}
	if !edge {
		drawInnerEdgeLabel(a, l, &e.cam, st.Width, st.Depth)
	}
	// the zones' labels as the play view places them: clear of every base,
	// of the table's size and of each other; the ships' labels go round them
	for _, z := range st.Zones {
		if len(z.Polygon) < 3 {
			continue
		}
		label := z.ID
		if z.Heading != nil {
			label += fmt.Sprintf(" (ships head %g°)", *z.Heading)
		}
		placeZoneLabel(a, l, &e.cam, polygonOf(z.Polygon), label, sz, SideColor(e.zoneSide(z.ID)))
	}
	drawObstacleLabels(a, l, &e.cam, obs, st.Has(starship.OptThreeD))
	for i, s := range st.Ships {
		start := e.start(i)
		lk := ShipLook{ID: s.ID, Class: s.Class, Side: s.Side, Pose: start.Physics(), Rotation: start.Rotation, Level: max(1, s.Level),
			Across: e.across(s.Class), Notch: geo.DialNotch.Value, ShowLevel: st.Has(starship.OptThreeD),
			Selected: e.sel == edSel{selShip, i}, Badges: []string{fmt.Sprintf("KE %d", s.KE)}}
		switch {
		case s.Enters != nil && s.Enters.FTL != nil:
			lk.Fade = 0.45
			lk.Badges = append(lk.Badges, fmt.Sprintf("enters turn %d by FTL", s.Enters.Turn))
		case s.Enters != nil:
			lk.Fade = 0.45
			lk.Badges = append(lk.Badges, fmt.Sprintf("enters turn %d (%s edge)", s.Enters.Turn, s.Enters.Edge))
		case s.Zone != "":
			lk.Badges = append(lk.Badges, "in "+s.Zone)
		}
		if bad[edSel{selShip, i}] {
			l.Poly(e.cam.Pts(physics.Hexagon(lk.Pose, lk.Across)), kit.ColNone, kit.ColWarn, 6)
		}
		drawShip(a, l, &e.cam, lk)
	}
	l.SetClip(nil)
	l.NewLayer()
	e.drawPanel(l, panel)
}

// condition kinds as the editor offers them (leave by an edge and by FTL
// apart).
var condKinds = []string{"eliminate-all", "survive", "destroy", "leave by edge", "leave by FTL", "hold", "points"}

// condKindLabel is a condition kind in words, as its button shows it
// (the YAML id "eliminate-all" is no word a player reads).
func condKindLabel(kind string) string {
	if kind == string(battle.EliminateAll) {
		return "eliminate all"
	}
	return kind
}

func condKind(c scenarios.Condition) string {
	if c.Kind == battle.Leave {
		if c.By == battle.ExitFTL {
			return "leave by FTL"
		}
		return "leave by edge"
	}
	return string(c.Kind)
}

// shipsOf lists the ids of a side's ships.
func (e *Editor) shipsOf(side battle.Side) []string {
	var out []string
	for _, sh := range e.Sc.Ships {
		if sh.Side == side {
			out = append(out, sh.ID)
		}
	}
	return out
}

func (e *Editor) zoneIDs() []string {
	out := make([]string, len(e.Sc.Zones))
	for i, z := range e.Sc.Zones {
		out[i] = z.ID
	}
	return out
}

func (e *Editor) limitOr(n int) int {
	if e.Sc.TurnLimit > 0 {
		return min(n, e.Sc.TurnLimit)
	}
	return n
}

// newCondition returns a condition of a kind with sensible defaults.
func (e *Editor) newCondition(kind string) scenarios.Condition {
	first := func(ss []string) string {
		if len(ss) == 0 {
			return ""
		}
		return ss[0]
	}
	switch kind {
	case "survive":
		return scenarios.Condition{Kind: battle.Survive, Side: battle.Cylon, Turns: e.limitOr(10)}
	case "destroy":
		return scenarios.Condition{Kind: battle.Destroy, Side: battle.Colonial, Ship: first(e.shipsOf(battle.Cylon))}
	case "leave by edge":
		return scenarios.Condition{Kind: battle.Leave, Side: battle.Colonial, Ship: first(e.shipsOf(battle.Colonial)), By: battle.ExitEdge, Edge: battle.North}
	case "leave by FTL":
		return scenarios.Condition{Kind: battle.Leave, Side: battle.Colonial, Ship: first(e.shipsOf(battle.Colonial)), By: battle.ExitFTL, Zone: first(e.zoneIDs())}
	case "hold":
		return scenarios.Condition{Kind: battle.Hold, Side: battle.Colonial, Zone: first(e.zoneIDs()), Turns: e.limitOr(10)}
	case "points":
		var vals []battle.ClassPoints
		for _, sh := range e.Sc.Ships {
			if !slices.ContainsFunc(vals, func(v battle.ClassPoints) bool { return v.Class == sh.Class }) {
				vals = append(vals, battle.ClassPoints{Class: sh.Class, Points: 1})
			}
		}
		return scenarios.Condition{Kind: battle.Points, Values: vals}
	}
	return scenarios.Condition{Kind: battle.EliminateAll}
}

func next[T comparable](list []T, cur T) T {
	if len(list) == 0 {
		return cur
	}
	return list[(slices.Index(list, cur)+1)%len(list)]
}

// condButton is one control of a victory condition's row.
type condButton struct {
	label string
	click func()
}

// condButtons returns the controls of condition k: its kind, its side and
// what it names.
func (e *Editor) condButtons(k int) []condButton {
	c := &e.Sc.Victory[k]
	kind := condKind(*c)
	bs := []condButton{{condKindLabel(kind), func() { e.Sc.Victory[k] = e.newCondition(next(condKinds, kind)) }}}
	if c.Kind != battle.EliminateAll && c.Kind != battle.Points {
		sides := []battle.Side{battle.Colonial, battle.Cylon}
		if c.Kind == battle.Hold {
			sides = append([]battle.Side{""}, sides...)
		}
		label := SideName(c.Side)
		if c.Side == "" {
			label = "either side"
		}
		bs = append(bs, condButton{label, func() { c.Side = next(sides, c.Side) }})
	}
	switch c.Kind {
	case battle.Destroy, battle.Leave:
		ships := e.shipsOf(c.Side.Opponent())
		if c.Kind == battle.Leave {
			ships = e.shipsOf(c.Side)
		}
		label := c.Ship
		if label == "" {
			label = "(no ship)"
		}
		bs = append(bs, condButton{label, func() { c.Ship = next(ships, c.Ship) }})
	}
	if c.Kind == battle.Leave && c.By == battle.ExitEdge {
		bs = append(bs, condButton{string(c.Edge) + " edge", func() { c.Edge = next(battle.Edges, c.Edge) }})
	}
	if c.Kind == battle.Hold || c.Kind == battle.Leave && c.By == battle.ExitFTL {
		zones := e.zoneIDs()
		if c.Kind == battle.Leave {
			zones = append([]string{""}, zones...)
		}
		label := c.Zone
		if label == "" {
			label = "(no zone)"
			if c.Kind == battle.Leave {
				label = "anywhere"
			}
		}
		bs = append(bs, condButton{label, func() { c.Zone = next(zones, c.Zone) }})
	}
	if c.Kind == battle.Survive || c.Kind == battle.Hold {
		lo := 1
		if c.Kind == battle.Hold {
			lo = 0
		}
		bs = append(bs, condButton{"turn −", func() { c.Turns = max(lo, c.Turns-1) }}, condButton{"turn +", func() { c.Turns = min(scenarios.MaxTurnLimit, c.Turns+1) }})
	}
	if c.Kind == battle.Points {
		bs = append(bs, condButton{"target −", func() { c.Target = max(0, c.Target-1) }}, condButton{"target +", func() { c.Target = min(scenarios.MaxPoints, c.Target+1) }})
	}
	bs = append(bs, condButton{"remove", func() { e.Sc.Victory = slices.Delete(e.Sc.Victory, k, k+1) }})
	return bs
}

func (e *Editor) drawPanel(l *kit.List, r kit.Rect) {
	a := e.a
	s := a.S()
	l.Backdrop(func() { l.Rect(r, kit.ColPanel, kit.ColPanelLine, 1) })
	// Save, Play and Back stay at the panel's foot; the rest scrolls when
	// it does not fit (a phone held upright, a touch screen's 9 mm
	// buttons)
	foot := kit.Rect{X: r.X, Y: r.Y + r.H - 48*s, W: r.W, H: 48 * s}
	if e.sel != e.panelFor { // a new selection: its buttons in view
		e.panelFor = e.sel
		e.scroll.Top()
	}
	content, mark := e.scroll.Begin(&a.Controls, l, kit.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H - foot.H})
	r = content
	x, w := r.X+12*s, r.W-24*s
	y := r.Y + 26*s
	bh := 26 * s
	title := "Scenario editor"
	if e.File != "" {
		title += ": " + filepath.Base(e.File)
	}
	a.Label(l, x, y, title, 18, kit.ColInk, true)
	y += 8 * s
	press := func(c rune) func() { return func() { e.char(c) } }
	key := func(k kit.Key) func() { return func() { e.Handle(kit.Event{Kind: kit.KeyPress, Key: k}) } }
	type it = struct {
		l string
		f func()
	}
	row := func(items ...it) {
		labels, do := make([]string, len(items)), make([]func(), len(items))
		for i, item := range items {
			labels[i], do[i] = item.l, item.f
		}
		y = a.ButtonRow(l, x, y, w, bh, 4*s, labels, nil, do)
	}
	level := func() { row(it{a.K("Level -", "["), press('[')}, it{a.K("Level +", "]"), press(']')}) }
	// the selection, first when there is one (on a phone its buttons
	// show without scrolling), with a button for each of its keys
	selection := func() {
		// the selection, with a button for each of its keys
		switch {
		case e.ship() != nil:
			sp := e.ship()
			st := e.start(e.sel.i)
			where := fmt.Sprintf("at (%.0f, %.0f) heading %.0f°", st.X, st.Y, st.Heading)
			switch {
			case sp.Enters != nil && sp.Enters.FTL != nil:
				where = fmt.Sprintf("enters on turn %d by FTL at (%.0f, %.0f)", sp.Enters.Turn, st.X, st.Y)
			case sp.Enters != nil:
				where = fmt.Sprintf("enters on turn %d by the %s edge at %.0f", sp.Enters.Turn, sp.Enters.Edge, sp.Enters.At)
			case sp.Zone != "":
				where = fmt.Sprintf("deploys in %s (default spot (%.0f, %.0f)) heading %.0f°", sp.Zone, st.X, st.Y, st.Heading)
			}
			txt := fmt.Sprintf("%s: %s %s %s, KE %d, level %d, pilot %s", sp.ID, SideName(sp.Side), sp.Class, where, sp.KE, max(1, sp.Level), pilotName(sp.Pilot))
			y = a.Para(l, x, y+12*s, w, txt, 12, kit.ColInk, true) - 6*s
			row(it{a.K("Side", "s"), press('s')}, it{a.K("Class", "c"), press('c')}, it{a.K("Pilot", "i"), press('i')}, it{a.K("Starts", "y"), press('y')})
			row(it{a.K("Turn left", "q"), press('q')}, it{a.K("Turn right", "e"), press('e')}, it{a.K("KE -", "K"), press('K')}, it{a.K("KE +", "k"), press('k')})
			if sp.Enters != nil {
				row(it{a.K("Enters earlier", "T"), press('T')}, it{a.K("Enters later", "t"), press('t')})
			}
			if e.Sc.Has(starship.OptThreeD) {
				level()
			}
		case e.obstacle() != nil:
			o := e.obstacle()
			txt := fmt.Sprintf("%s: planetoid at (%.0f, %.0f), radius %g", o.ID, o.X, o.Y, o.Radius)
			if o.Kind == string(referee.AsteroidField) {
				txt = fmt.Sprintf("%s: %s asteroid field", o.ID, o.Density)
			}
			y = a.Para(l, x, y+12*s, w, txt+fmt.Sprintf(", level %d", max(1, o.Level)), 12, kit.ColInk, true) - 6*s
			if o.Kind == string(referee.AsteroidField) {
				row(it{a.K("Smaller", "<"), press('<')}, it{a.K("Larger", ">"), press('>')}, it{a.K("Turn left", "q"), press('q')}, it{a.K("Turn right", "e"), press('e')})
				row(it{a.K("Sparse / dense", "d"), press('d')})
			} else {
				row(it{a.K("Smaller", "<"), press('<')}, it{a.K("Larger", ">"), press('>')})
			}
			if e.Sc.Has(starship.OptThreeD) {
				level()
			}
		case e.selZone() != nil:
			z := e.selZone()
			txt := z.ID + ": zone without a heading of its own"
			if z.Heading != nil {
				txt = fmt.Sprintf("%s: zone, ships deployed here head %g°", z.ID, *z.Heading)
			}
			y = a.Para(l, x, y+12*s, w, txt, 12, kit.ColInk, true) - 6*s
			row(it{a.K("Smaller", "<"), press('<')}, it{a.K("Larger", ">"), press('>')}, it{a.K("Heading left", "q"), press('q')}, it{a.K("Heading right", "e"), press('e')})
			row(it{a.K("No heading", "d"), press('d')})
		default:
			y = a.Para(l, x, y+12*s, w, a.Words("Click a ship, an obstacle or a zone to select it, drag it to move it (Tab: the next).",
				"Tap a ship, an obstacle or a zone to select it, drag it to move it."), 11, kit.ColSecondary, false) + 2*s
		}
		if e.sel.kind != selNone {
			row(it{a.K("Next", "Tab"), key(kit.KeyTab)}, it{a.K("Delete", "Del"), key(kit.KeyDelete)})
		}
	}
	if e.sel.kind != selNone {
		y += 6 * s
		selection()
		y += 8 * s
	}
	a.Label(l, x, y+16*s, "Name", 11, kit.ColSecondary, false)
	a.Field(l, kit.Rect{X: x + 62*s, Y: y, W: w - 62*s, H: bh}, "name", &e.name, func() {})
	y += bh + 4*s
	a.Label(l, x, y+16*s, "Briefing", 11, kit.ColSecondary, false)
	a.Field(l, kit.Rect{X: x + 62*s, Y: y, W: w - 62*s, H: bh}, "briefing", &e.brief, func() {})
	y += bh + 6*s
	half := (w - 6*s) / 2
	a.Button(l, kit.Rect{X: x, Y: y, W: half, H: bh}, "Quick Start rules", e.Sc.Rules == starship.Quick, false, func() { e.Sc.Rules = starship.Quick })
	a.Button(l, kit.Rect{X: x + half + 6*s, Y: y, W: half, H: bh}, "Complete Rules", e.Sc.Rules == starship.Complete, false, func() { e.Sc.Rules = starship.Complete })
	y += bh + 4*s
	cols := 3
	ow := (w - float64(cols-1)*4*s) / float64(cols)
	for i, opt := range starship.Options {
		a.Button(l, kit.Rect{X: x + float64(i%cols)*(ow+4*s), Y: y + float64(i/cols)*(bh+3*s), W: ow, H: bh}, strings.ReplaceAll(string(opt), "_", " "), e.Sc.Has(opt), false, func() {
			if e.Sc.Has(opt) {
				e.Sc.Options = slices.DeleteFunc(e.Sc.Options, func(o starship.Option) bool { return o == opt })
			} else {
				e.Sc.Options = append(e.Sc.Options, opt)
			}
		})
	}
	y += float64((len(starship.Options)+cols-1)/cols)*(bh+3*s) + 3*s
	a.Label(l, x, y+16*s, "Turn limit", 11, kit.ColSecondary, false)
	a.NumberField(l, kit.Rect{X: x + 74*s, Y: y, W: 52 * s, H: bh}, "turns", &e.turns, func() {})
	a.Label(l, x+134*s, y+16*s, "(empty: none)", 11, kit.ColSecondary, false)
	y += bh + 8*s
	// victory conditions
	a.Label(l, x, y+12*s, "Victory (checked in order; the first met decides)", 12.5, kit.ColInk, true)
	y += 18 * s
	if len(e.Sc.Victory) > 0 {
		y = a.Para(l, x, y+9*s, w, a.Words("A click on a condition's button (its kind, side, ship, edge, zone) changes it to the next choice.",
			"A tap on a condition's button (its kind, side, ship, edge, zone) changes it to the next choice."), 11, kit.ColSecondary, false) - 6*s
	}
	a.Button(l, kit.Rect{X: x, Y: y, W: w, H: bh}, "add condition", false, false, func() {
		e.Sc.Victory = append(e.Sc.Victory, e.newCondition("destroy"))
	})
	y += bh + 2*s
	if len(e.Sc.Victory) == 0 {
		y = a.Para(l, x, y+11*s, w, "None: the last side with ships in play wins.", 11, kit.ColSecondary, false)
	}
	for k, c := range e.Sc.Victory {
		y = a.Para(l, x, y+11*s, w, fmt.Sprintf("%d. %s", k+1, e.Sc.Describe(c)), 11, kit.ColInk, false) - 8*s
		bs := e.condButtons(k)
		bw := (w - float64(len(bs)-1)*3*s) / float64(len(bs))
		for i, b := range bs {
			a.Button(l, kit.Rect{X: x + float64(i)*(bw+3*s), Y: y, W: bw, H: bh}, b.label, false, false, b.click)
		}
		y += bh + 4*s
	}
	y += 4 * s
	if e.sel.kind == selNone {
		selection()
	}
	y += 4 * s
	row(it{a.K("Colonial ship", "1"), press('1')}, it{a.K("Cylon ship", "2"), press('2')}, it{a.K("Class", "c"), press('c')})
	row(it{a.K("Planetoid", "p"), press('p')}, it{a.K("Field", "f"), press('f')}, it{a.K("Zone", "z"), press('z')}, it{a.K("Load", "F3"), key(kit.KeyF3)})
	y += 4 * s
	if len(e.problems) == 0 {
		y = a.Para(l, x, y+12*s, w, "No problems: the scenario is playable.", 13, kit.ColOK, true)
	} else {
		a.Label(l, x, y+12*s, fmt.Sprintf("%d problem(s) in %s:", len(e.problems), e.fileName()), 13, kit.ColWarn, true)
		y += 14 * s
		for i, p := range e.problems {
			if i == 12 {
				y = a.Para(l, x, y+12*s, w, fmt.Sprintf("… and %d more", len(e.problems)-i), 11.5, kit.ColWarn, false)
				break
			}
			where := ""
			if p.Line > 0 {
				where = fmt.Sprintf("line %d: ", p.Line)
			}
			if p.Field != "" {
				where += p.Field + ": "
			}
			y = a.Para(l, x, y+12*s, w, where+p.Msg, 11.5, kit.ColWarn, false) - 10*s
		}
	}
	low := r.Y
	for _, wd := range a.Hots()[mark:] {
		low = math.Max(low, wd.R.Y+wd.R.H)
	}
	e.scroll.End(&a.Controls, l, mark, math.Max(0, y-low)+16*s, [2]int{})
	back := a.K("Back", "Esc")
	fw := (foot.W - 24*s - 8*s) / 3
	fy := foot.Y + foot.H - 42*s
	a.Button(l, kit.Rect{X: foot.X + 12*s, Y: fy, W: fw, H: 34 * s}, a.K("Save", "F2"), false, false, key(kit.KeyF2))
	a.Button(l, kit.Rect{X: foot.X + 12*s + fw + 4*s, Y: fy, W: fw, H: 34 * s}, a.K("Play now", "F5"), false, false, key(kit.KeyF5))
	a.Button(l, kit.Rect{X: foot.X + 12*s + 2*(fw+4*s), Y: fy, W: fw, H: 34 * s}, back, false, false, key(kit.KeyEscape))
}

func pilotName(p starship.Pilot) string {
	if p == "" {
		return string(starship.Average) + " (no token)"
	}
	return string(p) // a token, or a named pilot card's id
}

// Play plays the scenario at once (with the players chosen on the title
// screen), if it has no problem: its file read by the scenarios package,
// the battle set up from that.
func (e *Editor) Play() {
	sc, ok := e.Resolved()
	if !ok {
		e.a.Say("cannot play yet: %s", e.Problems()[0])
		return
	}
	seed, err := e.a.GameSeed()
	if err != nil {
		e.a.Say("%v", err)
		return
	}
	g, err := NewGame(e.a, sc.Setup(), seed)
	if err != nil {
		e.a.Say("%v", err)
		return
	}
	e.a.Show(g.Back(e).WithScenario(sc))
}

// Save writes the scenario's file.
func (e *Editor) Save(path string) error {
	data, err := scenarios.Marshal(&e.Sc)
	if err != nil {
		return err
	}
	if err := WriteFile(path, data); err != nil {
		return err
	}
	e.File = path
	e.checked = nil // the file name is in the messages
	e.check()
	e.clean = e.snapshot()
	if n := len(e.problems); n > 0 {
		e.a.Say("saved %s, with %d problem(s)", path, n)
	} else {
		e.a.Say("saved %s", path)
	}
	return nil
}

func (e *Editor) askSave() {
	def := e.File
	if def == "" {
		def = e.a.SavePath(slug(e.Sc.Name) + ".yaml")
	}
	if e.a.Platform != nil {
		e.a.SaveAs("Save the scenario (YAML)", def, []string{".yaml", ".yml"}, func() ([]byte, error) { return scenarios.Marshal(&e.Sc) }, nil)
		return
	}
	e.a.Ask("Save the scenario (YAML)", def, []string{".yaml", ".yml"}, e.Save)
}

// Load reads a scenario file, or a built-in scenario by its name, into
// the editor. A file with problems is loaded as far as it could be read,
// its problems listed; it is not overwritten unless saved to on purpose.
func (e *Editor) Load(path string) error {
	sc, file, err := loadScenario(e.a, path)
	if sc == nil || err != nil && sc.Name == "" && len(sc.Ships) == 0 {
		return err // nothing could be read
	}
	if err != nil {
		file = ""
	}
	e.load(*sc, file)
	n := len(scenarios.Problems(err))
	switch {
	case n > 0:
		e.a.Say("loaded %s with %d problem(s): they are listed", path, n)
	default:
		e.a.Say("loaded %s", path)
	}
	return nil
}

// loadData loads a scenario file's content (uploaded in the browser).
func (e *Editor) loadData(name string, data []byte) error {
	sc, err := scenarios.Parse(name, data, e.a.Comp)
	if sc == nil || err != nil && sc.Name == "" && len(sc.Ships) == 0 {
		return err
	}
	e.load(*sc, "")
	if n := len(scenarios.Problems(err)); n > 0 {
		e.a.Say("loaded %s with %d problem(s): they are listed", name, n)
	} else {
		e.a.Say("loaded %s", name)
	}
	return nil
}

func (e *Editor) askLoad() {
	def := e.File
	if def == "" {
		def = e.a.SavePath("my-battle.yaml")
	}
	if e.a.Platform != nil {
		e.a.OpenFile("Load a scenario file", def, []string{".yaml", ".yml"}, e.loadData)
		return
	}
	e.a.Ask("Load a scenario file, or a built-in scenario by name", def, []string{".yaml", ".yml"}, e.Load)
	e.a.modal.builtins = scenarios.Names()
}

func slug(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		case b.Len() > 0 && !strings.HasSuffix(b.String(), "-"):
			b.WriteRune('-')
		}
	}
	out := strings.Trim(b.String(), "-")
	if out == "" {
		return "scenario"
	}
	return out
}

// pageState tells the page where the placed ships show.
func (e *Editor) pageState(st *PageState) {
	for _, sh := range e.Sc.Ships {
		if sh.Pose != nil {
			p := e.cam.ToScreen(physics.V(sh.Pose.X, sh.Pose.Y))
			st.Ships = append(st.Ships, PageShip{ID: sh.ID, X: p.X, Y: p.Y, Heading: sh.Pose.Heading})
		}
	}
}
