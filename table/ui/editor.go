package ui

import (
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// Zone is a side's deployment zone: a rectangle of the table.
type Zone struct {
	Side                   battle.Side
	MinX, MinY, MaxX, MaxY float64
}

// Editor builds a scenario: ships, obstacles and deployment zones on the
// table, the rules, the options and the victory conditions, with the
// problems shown live; it saves YAML and plays the scenario at once.
type Editor struct {
	a     *App
	Setup battle.Setup
	Zones []Zone

	cam  Camera
	pan  panner
	sel  int // ships, then obstacles; −1 none
	drag bool
	last physics.Vec

	classIdx          int
	name, turns, seed string
}

// NewEditor opens the editor on a copy of the default scenario.
func NewEditor(a *App) *Editor {
	setup, _ := scenarios.Builtin(scenarios.Default)
	setup.Name = "My battle"
	e := &Editor{a: a, Setup: setup, sel: -1, seed: "1"}
	e.Zones = []Zone{{battle.Colonial, 0, 0, setup.Width, 120}, {battle.Cylon, 0, setup.Depth - 120, setup.Width, setup.Depth}}
	e.name = setup.Name
	e.turns = strconv.Itoa(setup.TurnLimit)
	return e
}

// Name implements Screen.
func (e *Editor) Name() string { return "scenario editor" }

// Help implements Screen.
func (e *Editor) Help() []string {
	return []string{
		"Drag ships and obstacles; drag an empty spot to pan. Tab selects the next object; q / e turn it by 15° (Q / E by 1°); Delete removes it.",
		"1 adds a Colonial ship, 2 a Cylon ship (c cycles the class of the selection or of the next ship); p a planetoid, f an asteroid field (d: sparse/dense).",
		"k / K raise or lower the selected ship's kinetic energy; [ and ] its level; i cycles its pilot.",
		"The panel sets the name, the rule set, the options, the turn limit and the victory condition; z shows or hides the deployment zones.",
		"Problems are listed live. F2 saves the scenario (YAML), F3 loads one, F5 plays it at once hot-seat.",
	}
}

// Problems lists what makes the scenario unplayable or doubtful.
func (e *Editor) Problems() []string {
	var out []string
	if err := e.Setup.Validate(); err != nil {
		out = append(out, strings.Split(err.Error(), "\n")...)
	}
	for i, s := range e.Setup.Ships {
		c, ok := e.a.Comp.Class(s.Class)
		if !ok {
			out = append(out, fmt.Sprintf("ships[%d] %s: unknown class %q", i, s.ID, s.Class))
			continue
		}
		hex := physics.Hexagon(s.Pose, e.a.Comp.BaseAcrossFlats(c.ID))
		for _, v := range hex {
			if v.X < 0 || v.Y < 0 || v.X > e.Setup.Width || v.Y > e.Setup.Depth {
				out = append(out, fmt.Sprintf("%s: its base reaches out of the play area", s.ID))
				break
			}
		}
		for _, z := range e.Zones {
			if z.Side == s.Side && s.EntersOnTurn <= 1 && !(s.Pose.Pos.X >= z.MinX && s.Pose.Pos.X <= z.MaxX && s.Pose.Pos.Y >= z.MinY && s.Pose.Pos.Y <= z.MaxY) {
				out = append(out, fmt.Sprintf("%s: its stand is outside the %s deployment zone", s.ID, SideName(s.Side)))
			}
		}
		for j := i + 1; j < len(e.Setup.Ships); j++ {
			o := e.Setup.Ships[j]
			if physics.ConvexInteriorsIntersect(hex, physics.Hexagon(o.Pose, e.a.Comp.BaseAcrossFlats(o.Class))) {
				out = append(out, fmt.Sprintf("%s and %s: the bases overlap", s.ID, o.ID))
			}
		}
		if s.Class != "" && e.Setup.Rules.Set == starship.Quick && s.KE > 3 {
			out = append(out, fmt.Sprintf("%s: kinetic energy %d; the Quick Start has speeds up to 3", s.ID, s.KE))
		}
	}
	ids := map[string]bool{}
	for _, s := range e.Setup.Ships {
		ids[s.ID] = true
	}
	for _, o := range e.Setup.Obstacles {
		if ids[o.ID] {
			out = append(out, fmt.Sprintf("obstacle %s: the id is taken", o.ID))
		}
		ids[o.ID] = true
		if o.Kind == referee.AsteroidField {
			if err := o.Polygon.Validate(); err != nil {
				out = append(out, fmt.Sprintf("obstacle %s: %v", o.ID, err))
			}
		}
	}
	for _, c := range e.Setup.Victory {
		switch c.Kind {
		case battle.Destroy:
			i := slices.IndexFunc(e.Setup.Ships, func(s battle.ShipSpec) bool { return s.ID == c.Ship })
			if i < 0 {
				out = append(out, fmt.Sprintf("victory: destroy %q: no such ship", c.Ship))
			} else if e.Setup.Ships[i].Side == c.Side {
				out = append(out, fmt.Sprintf("victory: %s would have to destroy its own ship %s", c.Side, c.Ship))
			}
		case battle.Survive:
			if c.Turns < 1 {
				out = append(out, "victory: survive needs 1 turn or more")
			}
			if e.Setup.TurnLimit > 0 && c.Turns > e.Setup.TurnLimit {
				out = append(out, fmt.Sprintf("victory: survive %d turns, but the battle ends after %d", c.Turns, e.Setup.TurnLimit))
			}
		}
	}
	return out
}

func (e *Editor) n() int { return len(e.Setup.Ships) }

func (e *Editor) hit(p physics.Vec) int {
	for i := e.n() - 1; i >= 0; i-- {
		s := e.Setup.Ships[i]
		if physics.Hexagon(s.Pose, e.a.Comp.BaseAcrossFlats(s.Class)).Contains(p) {
			return i
		}
	}
	for k := len(e.Setup.Obstacles) - 1; k >= 0; k-- {
		o := e.Setup.Obstacles[k]
		if o.Kind == referee.Planetoid && o.Circle.Contains(p) || o.Kind == referee.AsteroidField && o.Polygon.Contains(p) {
			return e.n() + k
		}
	}
	return -1
}

func (e *Editor) ship() *battle.ShipSpec {
	if e.sel >= 0 && e.sel < e.n() {
		return &e.Setup.Ships[e.sel]
	}
	return nil
}

func (e *Editor) obstacle() *referee.Obstacle {
	if e.sel >= e.n() && e.sel < e.n()+len(e.Setup.Obstacles) {
		return &e.Setup.Obstacles[e.sel-e.n()]
	}
	return nil
}

func (e *Editor) newID(base string) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s-%d", base, n)
		taken := slices.ContainsFunc(e.Setup.Ships, func(s battle.ShipSpec) bool { return s.ID == id }) ||
			slices.ContainsFunc(e.Setup.Obstacles, func(o referee.Obstacle) bool { return o.ID == id })
		if !taken {
			return id
		}
	}
}

// AddShip adds a ship of a side in the middle of its zone.
func (e *Editor) AddShip(side battle.Side) {
	classes := e.a.Comp.ClassIDs()
	class := classes[e.classIdx%len(classes)]
	if e.classIdx == 0 && side == battle.Cylon {
		class = "cylon-raider"
	}
	at, heading := physics.V(e.Setup.Width/2, 60), 90.0
	for _, z := range e.Zones {
		if z.Side == side {
			at = physics.V((z.MinX+z.MaxX)/2, (z.MinY+z.MaxY)/2)
		}
	}
	if side == battle.Cylon {
		heading = 270
	}
	for e.hit(at) >= 0 {
		at = at.Add(physics.V(60, 0))
	}
	base := "viper"
	if side == battle.Cylon {
		base = "raider"
	}
	e.Setup.Ships = append(e.Setup.Ships, battle.ShipSpec{ID: e.newID(base), Class: class, Side: side, Level: 1, KE: 2, Pose: poseAt(at.X, at.Y, heading)})
	e.sel = e.n() - 1
}

// Handle implements Screen.
func (e *Editor) Handle(ev Event) {
	if ev.Kind == Resize || e.cam.Key(ev) {
		return
	}
	switch ev.Kind {
	case MouseDown:
		if ev.Button == ButtonLeft && e.cam.View.Contains(Pt{ev.X, ev.Y}) {
			p := e.cam.ToWorld(Pt{ev.X, ev.Y})
			if i := e.hit(p); i >= 0 {
				e.sel, e.drag, e.last = i, true, p
				return
			}
		}
		e.pan.Handle(&e.cam, ev, true)
	case MouseMove:
		if e.drag {
			p := e.cam.ToWorld(Pt{ev.X, ev.Y})
			d := p.Sub(e.last)
			e.last = p
			if s := e.ship(); s != nil {
				s.Pose.Pos = s.Pose.Pos.Add(d)
			} else if o := e.obstacle(); o != nil {
				o.Circle.C = o.Circle.C.Add(d)
				o.Polygon = o.Polygon.Translate(d)
			}
			return
		}
		e.pan.Handle(&e.cam, ev, false)
	case MouseUp:
		e.drag = false
		e.pan.Handle(&e.cam, ev, false)
	case KeyPress:
		switch ev.Key {
		case KeyEscape:
			e.a.Show(NewTitle(e.a))
		case KeyTab:
			if n := e.n() + len(e.Setup.Obstacles); n > 0 {
				e.sel = (e.sel + 1) % n
			}
		case KeyDelete:
			if e.ship() != nil {
				e.Setup.Ships = slices.Delete(e.Setup.Ships, e.sel, e.sel+1)
			} else if e.obstacle() != nil {
				k := e.sel - e.n()
				e.Setup.Obstacles = slices.Delete(e.Setup.Obstacles, k, k+1)
			}
			e.sel = -1
		case KeyF2:
			e.askSave()
		case KeyF3:
			e.askLoad()
		case KeyF5:
			e.Play()
		}
	case Char:
		e.char(ev.Rune)
	}
}

func (e *Editor) char(r rune) {
	s, o := e.ship(), e.obstacle()
	turn := func(deg float64) {
		if s != nil {
			s.Pose.Heading = physics.Deg(math.Round(physics.NormalizeDegrees(s.Pose.Heading.Degrees()+deg)*1e6) / 1e6)
		} else if o != nil && o.Kind == referee.AsteroidField {
			c := o.Polygon.Centroid()
			for i, v := range o.Polygon {
				o.Polygon[i] = c.Add(v.Sub(c).Rotate(physics.Deg(deg)))
			}
		}
	}
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
		turn(15)
	case 'e':
		turn(-15)
	case 'Q':
		turn(1)
	case 'E':
		turn(-1)
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
			s.Level = max(1, min(4, s.Level+d))
		} else if o != nil {
			o.Level = max(1, min(4, o.Level+d))
		}
	case 'i':
		if s != nil {
			i := slices.Index(starship.Pilots, s.Pilot)
			if s.Pilot == "" {
				i = slices.Index(starship.Pilots, starship.Average)
			}
			s.Pilot = starship.Pilots[(i+1)%len(starship.Pilots)]
		}
	case 's':
		if s != nil {
			s.Side = s.Side.Opponent()
		}
	case 'p':
		c := e.cam.ToWorld(e.cam.View.Center())
		e.Setup.Obstacles = append(e.Setup.Obstacles, referee.Obstacle{ID: e.newID("rock"), Kind: referee.Planetoid, Level: 1,
			Circle: physics.Circle{C: c, R: e.a.Comp.Geometry.PlanetoidRadius.Value}})
		e.sel = e.n() + len(e.Setup.Obstacles) - 1
	case 'f':
		c := e.cam.ToWorld(e.cam.View.Center())
		e.Setup.Obstacles = append(e.Setup.Obstacles, referee.Obstacle{ID: e.newID("field"), Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
			Polygon: physics.Polygon{c.Add(physics.V(-80, -45)), c.Add(physics.V(80, -45)), c.Add(physics.V(70, 50)), c.Add(physics.V(-70, 45))}})
		e.sel = e.n() + len(e.Setup.Obstacles) - 1
	case 'd':
		if o != nil && o.Kind == referee.AsteroidField {
			if o.Density == referee.Dense {
				o.Density = referee.Sparse
			} else {
				o.Density = referee.Dense
			}
		}
	}
}

// Tick implements Screen.
func (e *Editor) Tick(float64) {}

// Draw implements Screen.
func (e *Editor) Draw(l *List) {
	a := e.a
	sc := a.S()
	pw := math.Max(340, math.Min(440*sc, a.W*0.44))
	view := Rect{0, 0, a.W - pw, a.H}
	st := e.Setup
	e.cam.SetView(view, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(st.Width+30, st.Depth+30)})
	l.SetClip(&view)
	drawPlayArea(l, &e.cam, st.Width, st.Depth, true)
	drawEdgeLabels(a, l, &e.cam, st.Width, st.Depth)
	for _, z := range e.Zones {
		c := SideColor(z.Side)
		p0, p1 := e.cam.ToScreen(physics.V(z.MinX, z.MaxY)), e.cam.ToScreen(physics.V(z.MaxX, z.MinY))
		r := Rect{p0.X, p0.Y, p1.X - p0.X, p1.Y - p0.Y}
		l.Rect(r, Alpha(c, 0.12), Alpha(c, 0.8), 1.5)
		l.Text(Pt{r.X + 6, r.Y + a.TextSize(11) + 4}, SideName(z.Side)+" deployment zone", a.TextSize(11), Mix(c, ColInk, 0.4), AnchorStart, false)
	}
	sel := ""
	if o := e.obstacle(); o != nil {
		sel = o.ID
	}
	drawObstacles(a, l, &e.cam, st.Obstacles, st.Rules.Has(starship.OptThreeD), sel)
	geo := a.Comp.Geometry
	for i, s := range st.Ships {
		lk := ShipLook{ID: s.ID, Class: s.Class, Side: s.Side, Pose: s.Pose, Rotation: s.Rotation, Level: max(1, s.Level),
			Across: a.Comp.BaseAcrossFlats(s.Class), Notch: geo.DialNotch.Value, ShowLevel: st.Rules.Has(starship.OptThreeD),
			Selected: i == e.sel, Badges: []string{fmt.Sprintf("KE %d", s.KE)}}
		drawShip(a, l, &e.cam, lk)
	}
	l.SetClip(nil)
	l.NewLayer()
	e.drawPanel(l, Rect{a.W - pw, 0, pw, a.H})
}

var victoryKinds = []battle.ConditionKind{battle.EliminateAll, battle.Survive, battle.Destroy}

func (e *Editor) cycleVictory() {
	v := battle.Condition{Kind: battle.EliminateAll}
	if len(e.Setup.Victory) > 0 {
		v = e.Setup.Victory[0]
	}
	i := slices.Index(victoryKinds, v.Kind)
	v.Kind = victoryKinds[(i+1)%len(victoryKinds)]
	switch v.Kind {
	case battle.EliminateAll:
		v = battle.Condition{Kind: battle.EliminateAll}
	case battle.Survive:
		v = battle.Condition{Kind: battle.Survive, Side: battle.Colonial, Turns: max(1, min(5, e.Setup.TurnLimit))}
	case battle.Destroy:
		v = battle.Condition{Kind: battle.Destroy, Side: battle.Colonial}
		for _, s := range e.Setup.Ships {
			if s.Side == battle.Cylon {
				v.Ship = s.ID
				break
			}
		}
	}
	e.Setup.Victory = battle.Victory{v}
}

func victoryText(v battle.Victory) string {
	if len(v) == 0 || v[0].Kind == battle.EliminateAll {
		return "the last side with ships wins"
	}
	c := v[0]
	switch c.Kind {
	case battle.Survive:
		return fmt.Sprintf("%s wins by surviving %d turns", SideName(c.Side), c.Turns)
	case battle.Destroy:
		return fmt.Sprintf("%s wins by destroying %s", SideName(c.Side), c.Ship)
	}
	return string(c.Kind)
}

func (e *Editor) drawPanel(l *List, r Rect) {
	a := e.a
	s := a.S()
	l.Rect(r, ColPanel, ColPanelLine, 1)
	x, w := r.X+12*s, r.W-24*s
	y := r.Y + 28*s
	bh := 26 * s
	a.Label(l, x, y, "Scenario editor", 19, ColInk, true)
	y += 10 * s
	a.Label(l, x, y+12*s, "Name", 11, ColSecondary, false)
	a.Field(l, Rect{x + 70*s, y, w - 70*s, bh}, "name", &e.name, func() { e.Setup.Name = e.name })
	e.Setup.Name = e.name
	y += bh + 6*s
	half := (w - 6*s) / 2
	a.Button(l, Rect{x, y, half, bh}, "Quick Start rules", e.Setup.Rules.Set == starship.Quick, false, func() { e.Setup.Rules.Set = starship.Quick })
	a.Button(l, Rect{x + half + 6*s, y, half, bh}, "Complete Rules", e.Setup.Rules.Set == starship.Complete, false, func() { e.Setup.Rules.Set = starship.Complete })
	y += bh + 6*s
	cols := 3
	ow := (w - float64(cols-1)*4*s) / float64(cols)
	for i, opt := range starship.Options {
		opt := opt
		on := e.Setup.Rules.Has(opt)
		a.Button(l, Rect{x + float64(i%cols)*(ow+4*s), y + float64(i/cols)*(bh+4*s), ow, bh}, strings.ReplaceAll(string(opt), "_", " "), on, false, func() {
			if e.Setup.Rules.Has(opt) {
				e.Setup.Rules.Options = slices.DeleteFunc(e.Setup.Rules.Options, func(o starship.Option) bool { return o == opt })
			} else {
				e.Setup.Rules.Options = append(e.Setup.Rules.Options, opt)
			}
		})
	}
	y += float64((len(starship.Options)+cols-1)/cols)*(bh+4*s) + 4*s
	a.Label(l, x, y+17*s, "Turn limit", 11, ColSecondary, false)
	a.Field(l, Rect{x + 80*s, y, 60 * s, bh}, "turns", &e.turns, func() {})
	if n, err := strconv.Atoi(strings.TrimSpace(e.turns)); err == nil && n >= 0 {
		e.Setup.TurnLimit = n
	}
	a.Button(l, Rect{x + 150*s, y, w - 150*s, bh}, "Victory: "+victoryText(e.Setup.Victory), false, false, func() { e.cycleVictory() })
	y += bh + 8*s
	// the selection
	if sp := e.ship(); sp != nil {
		txt := fmt.Sprintf("%s: %s %s at (%.0f, %.0f) heading %.0f°, KE %d, level %d, pilot %s", sp.ID, SideName(sp.Side), sp.Class,
			sp.Pose.Pos.X, sp.Pose.Pos.Y, physics.NormalizeDegrees(sp.Pose.Heading.Degrees()), sp.KE, max(1, sp.Level), pilotName(sp.Pilot))
		y = a.Para(l, x, y+12*s, w, txt, 12.5, ColInk, true)
		y = a.Para(l, x, y, w, "s side · c class · q/e turn · k/K kinetic energy · [ ] level · i pilot · Del remove", 11.5, ColSecondary, false)
	} else if o := e.obstacle(); o != nil {
		y = a.Para(l, x, y+12*s, w, fmt.Sprintf("%s: %s %s", o.ID, o.Density, o.Kind), 12.5, ColInk, true)
	}
	y += 4 * s
	press := func(c rune) func() { return func() { e.char(c) } }
	key := func(k Key) func() { return func() { e.Handle(Event{Kind: KeyPress, Key: k}) } }
	tw := (w - 8*s) / 3
	row := func(items ...struct {
		l string
		f func()
	}) {
		for i, it := range items {
			a.Button(l, Rect{x + float64(i)*(tw+4*s), y, tw, bh}, it.l, false, false, it.f)
		}
		y += bh + 4*s
	}
	type it = struct {
		l string
		f func()
	}
	row(it{"Colonial ship (1)", press('1')}, it{"Cylon ship (2)", press('2')}, it{"Class (c)", press('c')})
	row(it{"Planetoid (p)", press('p')}, it{"Field (f)", press('f')}, it{"Delete (Del)", key(KeyDelete)})
	row(it{"Save YAML (F2)", key(KeyF2)}, it{"Load YAML (F3)", key(KeyF3)}, it{"Play now (F5)", key(KeyF5)})
	y += 6 * s
	probs := e.Problems()
	if len(probs) == 0 {
		y = a.Para(l, x, y+12*s, w, "No problems: the scenario is playable.", 13, ColOK, true)
	} else {
		a.Label(l, x, y+12*s, fmt.Sprintf("%d problem(s):", len(probs)), 13, ColWarn, true)
		y += 14 * s
		for _, p := range probs {
			if y > r.Y+r.H-60*s {
				break
			}
			y = a.Para(l, x, y+12*s, w, p, 12, ColWarn, false)
		}
	}
	a.Button(l, Rect{x, r.Y + r.H - 44*s, w, 34 * s}, "Back to the title (Esc)", false, false, key(KeyEscape))
}

func pilotName(p starship.Pilot) string {
	if p == "" {
		return string(starship.Average)
	}
	return string(p)
}

// Play starts the scenario hot-seat, if it has no problem.
func (e *Editor) Play() {
	if probs := e.Problems(); len(probs) > 0 {
		e.a.Say("cannot play yet: %s", probs[0])
		return
	}
	g, err := NewGame(e.a, e.Setup, 1)
	if err != nil {
		e.a.Say("%v", err)
		return
	}
	e.a.Show(g)
}

func (e *Editor) askSave() {
	e.a.Ask("Save the scenario (YAML)", e.a.SavePath(slug(e.Setup.Name)+".yaml"), []string{".yaml", ".yml"}, func(path string) error {
		data, err := ScenarioYAML(e.Setup, e.Zones)
		if err != nil {
			return err
		}
		if err := WriteFile(path, data); err != nil {
			return err
		}
		e.a.Say("saved %s", path)
		return nil
	})
}

func (e *Editor) askLoad() {
	e.a.Ask("Load a scenario (YAML saved by the editor)", e.a.SavePath("my-battle.yaml"), []string{".yaml", ".yml"}, func(path string) error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		setup, zones, err := ParseScenarioYAML(data)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		e.Setup, e.Zones, e.sel = setup, zones, -1
		e.name, e.turns = setup.Name, strconv.Itoa(setup.TurnLimit)
		e.a.Say("loaded %s", path)
		return nil
	})
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

// The editor's scenario file: battle.Setup-level data and deployment
// zones, in the units of the table file (mm, degrees). It is the editor's
// own format until the scenarios package publishes its YAML format and
// validator; then the editor will write that.
type scenarioFile struct {
	Name    string             `yaml:"name"`
	Rules   string             `yaml:"rules"`
	Options []string           `yaml:"options,omitempty,flow"`
	Table   map[string]float64 `yaml:"table,flow"`
	Turns   int                `yaml:"turn_limit,omitempty"`
	Victory []victoryFile      `yaml:"victory,omitempty"`
	Zones   []zoneFile         `yaml:"zones,omitempty"`
	Ships   []shipFile         `yaml:"ships"`
	Obst    []obstacleFile     `yaml:"obstacles,omitempty"`
}

type victoryFile struct {
	Kind  string `yaml:"kind"`
	Side  string `yaml:"side,omitempty"`
	Ship  string `yaml:"ship,omitempty"`
	Turns int    `yaml:"turns,omitempty"`
}

type zoneFile struct {
	Side string     `yaml:"side"`
	Rect [4]float64 `yaml:"rect,flow"` // min x, min y, max x, max y
}

type shipFile struct {
	ID       string   `yaml:"id"`
	Class    string   `yaml:"class"`
	Side     string   `yaml:"side"`
	X        float64  `yaml:"x"`
	Y        float64  `yaml:"y"`
	Heading  float64  `yaml:"heading"`
	Rotation int      `yaml:"rotation,omitempty"`
	Level    int      `yaml:"level,omitempty"`
	KE       int      `yaml:"ke"`
	Fuel     int      `yaml:"fuel,omitempty"`
	Pilot    string   `yaml:"pilot,omitempty"`
	Talents  []string `yaml:"talents,omitempty,flow"`
	Flaws    []string `yaml:"flaws,omitempty,flow"`
	Enters   int      `yaml:"enters_on_turn,omitempty"`
}

type obstacleFile struct {
	ID      string       `yaml:"id"`
	Kind    string       `yaml:"kind"`
	X       float64      `yaml:"x,omitempty"`
	Y       float64      `yaml:"y,omitempty"`
	Radius  float64      `yaml:"radius,omitempty"`
	Density string       `yaml:"density,omitempty"`
	Polygon [][2]float64 `yaml:"polygon,omitempty,flow"`
	Level   int          `yaml:"level,omitempty"`
}

// ScenarioYAML writes a scenario as the editor saves it.
func ScenarioYAML(s battle.Setup, zones []Zone) ([]byte, error) {
	f := scenarioFile{Name: s.Name, Rules: string(s.Rules.Set), Table: map[string]float64{"width": s.Width, "depth": s.Depth}, Turns: s.TurnLimit}
	for _, o := range s.Rules.Options {
		f.Options = append(f.Options, string(o))
	}
	for _, c := range s.Victory {
		f.Victory = append(f.Victory, victoryFile{Kind: string(c.Kind), Side: string(c.Side), Ship: c.Ship, Turns: c.Turns})
	}
	for _, z := range zones {
		f.Zones = append(f.Zones, zoneFile{Side: string(z.Side), Rect: [4]float64{z.MinX, z.MinY, z.MaxX, z.MaxY}})
	}
	for _, sp := range s.Ships {
		f.Ships = append(f.Ships, shipFile{ID: sp.ID, Class: sp.Class, Side: string(sp.Side), X: round3(sp.Pose.Pos.X), Y: round3(sp.Pose.Pos.Y),
			Heading: round3(physics.NormalizeDegrees(sp.Pose.Heading.Degrees())), Rotation: sp.Rotation, Level: sp.Level, KE: sp.KE,
			Fuel: sp.Fuel, Pilot: string(sp.Pilot), Talents: sp.Talents, Flaws: sp.Flaws, Enters: sp.EntersOnTurn})
	}
	for _, o := range s.Obstacles {
		of := obstacleFile{ID: o.ID, Kind: string(o.Kind), Level: o.Level}
		if o.Kind == referee.Planetoid {
			of.X, of.Y, of.Radius = round3(o.Circle.C.X), round3(o.Circle.C.Y), o.Circle.R
		} else {
			of.Density = string(o.Density)
			for _, v := range o.Polygon {
				of.Polygon = append(of.Polygon, [2]float64{round3(v.X), round3(v.Y)})
			}
		}
		f.Obst = append(f.Obst, of)
	}
	return yaml.Marshal(f)
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// ParseScenarioYAML reads a scenario the editor saved.
func ParseScenarioYAML(data []byte) (battle.Setup, []Zone, error) {
	var f scenarioFile
	dec := yaml.NewDecoder(strings.NewReader(string(data)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		return battle.Setup{}, nil, err
	}
	s := battle.Setup{Name: f.Name, Rules: starship.Rules{Set: starship.RuleSet(f.Rules)}, Width: f.Table["width"], Depth: f.Table["depth"], TurnLimit: f.Turns}
	for _, o := range f.Options {
		s.Rules.Options = append(s.Rules.Options, starship.Option(o))
	}
	for _, v := range f.Victory {
		s.Victory = append(s.Victory, battle.Condition{Kind: battle.ConditionKind(v.Kind), Side: battle.Side(v.Side), Ship: v.Ship, Turns: v.Turns})
	}
	var zones []Zone
	for _, z := range f.Zones {
		zones = append(zones, Zone{battle.Side(z.Side), z.Rect[0], z.Rect[1], z.Rect[2], z.Rect[3]})
	}
	for _, sp := range f.Ships {
		s.Ships = append(s.Ships, battle.ShipSpec{ID: sp.ID, Class: sp.Class, Side: battle.Side(sp.Side), Pose: poseAt(sp.X, sp.Y, sp.Heading),
			Rotation: sp.Rotation, Level: sp.Level, KE: sp.KE, Fuel: sp.Fuel, Pilot: starship.Pilot(sp.Pilot), Talents: sp.Talents, Flaws: sp.Flaws, EntersOnTurn: sp.Enters})
	}
	for _, o := range f.Obst {
		ob := referee.Obstacle{ID: o.ID, Kind: referee.ObstacleKind(o.Kind), Level: o.Level, Density: referee.Density(o.Density)}
		switch ob.Kind {
		case referee.Planetoid:
			ob.Circle = physics.Circle{C: physics.V(o.X, o.Y), R: o.Radius}
		case referee.AsteroidField:
			for _, v := range o.Polygon {
				ob.Polygon = append(ob.Polygon, physics.V(v[0], v[1]))
			}
		default:
			return s, zones, fmt.Errorf("obstacle %s: kind %q; allowed: planetoid, asteroid-field", o.ID, o.Kind)
		}
		s.Obstacles = append(s.Obstacles, ob)
	}
	if s.Width <= 0 || s.Depth <= 0 {
		return s, zones, errors.New("table: width and depth must be more than 0")
	}
	return s, zones, nil
}
