package ui

import (
	"bytes"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/sketch"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/tablefile"
)

// Measure is measurement mode: a table (empty, from a table file, or a
// game frozen) where ships and obstacles are dragged, turned and typed in,
// with every ruling drawn live as the ruling picture draws it.
type Measure struct {
	a    *App
	back Screen
	T    referee.Table
	note string

	cam  kit.Camera
	pan  kit.Panner
	sel  int // index: ships, then obstacles; -1 none
	drag bool
	last physics.Vec
	pair bool // only the selected ship's rulings

	pairA, pairB string  // the last two ships tapped (touch.go)
	twist        float64 // a two-finger turn not yet applied

	fx, fy, fh, fr string // typed coordinates
	fieldsFor      int

	rec      *Recorder
	composer sketch.Composer // lays each picture's labels out from the last one's
	painted  paintKey        // what paintOps show
	paintOps []kit.Op        // rec painted through the camera, as backdrop operations
	page     physics.Rect    // the picture's page (sketch.Frame)
	// textScale is the picture's text scale (pictureTextScale)
	textScale float64
	stale     bool // the table changed since refresh
	// kept is the table as last opened, loaded or saved (Esc asks before
	// leaving other changes)
	kept     []byte
	rulings  []referee.Ruling
	ref      *referee.Referee
	ruled    referee.Table // a copy of the table the rulings are of
	overlaps []overlap     // Overlaps of the table the rulings are of
	classIdx int
}

// paintKey is what the picture's operations depend on.
type paintKey struct {
	rec    *Recorder
	view   kit.Rect
	scale  float64
	center physics.Vec
}

// NewMeasure opens measurement mode on a table (nil: a fresh one).
func NewMeasure(a *App, t *referee.Table, note string) *Measure {
	m := &Measure{a: a, note: note, sel: -1, fieldsFor: -2}
	if t != nil {
		m.T = *t
	} else {
		g := a.Comp.Geometry
		m.T = referee.Table{Width: g.TableWidth.Value, Depth: g.TableDepth.Value, Limits: referee.LimitsFrom(g)}
		m.addShip("viper-mk2", physics.V(350, 300), 90)
		m.addShip("cylon-raider", physics.V(420, 480), 250)
		m.sel = -1
	}
	m.T.Limits = referee.LimitsFrom(a.Comp.Geometry)
	m.changed()
	m.kept = TableYAML(m.T)
	return m
}

// Back sets the screen Esc returns to.
func (m *Measure) Back(s Screen) *Measure { m.back = s; return m }

// Name implements Screen.
func (m *Measure) Name() string { return "measurement mode" }

// Help implements Screen.
func (m *Measure) Help() []string {
	return []string{
		"Drag a ship or an obstacle to move it; drag an empty spot to pan. Tab chooses the next object.",
		"q / e turn the selected object's heading by 15° (Q / E by 1°); , and . turn the dial; [ and ] change the level; Delete removes it.",
		"Type x, y and heading in the panel's fields and press Enter to place the selection exactly.",
		"v adds a ship (class cycles with c), p a planetoid, f an asteroid field (d toggles sparse/dense); 3 toggles three-dimensional levels.",
		"k shows only the selected ship's rulings; F2 saves the table file, F3 loads one, F5 exports the ruling picture (PNG).",
		"Every ruling is the referee's, drawn as `bsg measure -png` draws it: witness rulers coloured by band with the margin, blocked lines, cover.",
	}
}

func (m *Measure) addShip(class string, at physics.Vec, heading float64) {
	id := m.a.Comp.NewShipID(class, m.taken)
	m.T.Ships = append(m.T.Ships, referee.Ship{ID: id, Class: class, Pose: poseAt(at.X, at.Y, heading), Level: 1,
		AcrossFlats: m.a.Comp.BaseAcrossFlats(class)})
	m.sel = len(m.T.Ships) - 1
}

func (m *Measure) shipIndex(id string) int {
	for i, s := range m.T.Ships {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// changed marks the rulings and the picture stale: refresh recomputes
// them once, when they are next needed, however many events came between
// (lay out once per change, not per event or per frame).
func (m *Measure) changed() { m.stale = true }

// refresh recomputes the rulings and the picture, laid out once, if the
// table changed. When one ship alone changed since the last rulings (a
// drag, a turn) only the pairs it can affect are ruled again
// (referee.Update); otherwise every pair, on all cores.
func (m *Measure) refresh() {
	if !m.stale {
		return
	}
	m.stale = false
	m.ref = referee.New(m.T, referee.WithMargins())
	if i, ok := oneShipChanged(m.ruled, m.T); ok && m.rulings != nil {
		m.rulings = m.ref.Update(m.rulings, i, m.ruled.Ships[i])
	} else {
		m.rulings = m.ref.RuleAll()
	}
	m.ruled = copyTable(m.T)
	m.overlaps = m.findOverlaps()
	m.rec = &Recorder{}
	m.page, m.rec.View = m.composer.Compose(m.rec, m.ref, m.shown(), m.options())
}

// oneShipChanged reports whether table b differs from a in exactly one
// ship (the same number of ships, obstacles and settings), and which.
func oneShipChanged(a, b referee.Table) (int, bool) {
	if len(a.Ships) != len(b.Ships) || a.Width != b.Width || a.Depth != b.Depth || a.ThreeD != b.ThreeD ||
		a.Limits != b.Limits || !slices.EqualFunc(a.Obstacles, b.Obstacles, sameObstacle) {
		return -1, false
	}
	changed := -1
	for i := range a.Ships {
		if a.Ships[i] != b.Ships[i] {
			if changed >= 0 {
				return -1, false
			}
			changed = i
		}
	}
	return changed, changed >= 0
}

func sameObstacle(a, b referee.Obstacle) bool {
	return a.ID == b.ID && a.Kind == b.Kind && a.Circle == b.Circle && a.Density == b.Density && a.Level == b.Level &&
		slices.Equal(a.Polygon, b.Polygon)
}

// copyTable copies a table, sharing nothing that edits change in place.
func copyTable(t referee.Table) referee.Table {
	t.Ships = slices.Clone(t.Ships)
	t.Obstacles = slices.Clone(t.Obstacles)
	for i := range t.Obstacles {
		t.Obstacles[i].Polygon = slices.Clone(t.Obstacles[i].Polygon)
	}
	return t
}

func (m *Measure) options() sketch.Options {
	return sketch.Options{Title: "Measurement mode", PixelsPerMM: 1.5, TextScale: m.textScale}
}

// pictureTextScale is the picture's text scale for a view: on a touch
// screen, where the whole picture fits a phone, large enough that the
// ids are at least as big as the panel's small text; 0 (as drawn: 1)
// elsewhere. It is worked out from the page last composed (whose title
// and legend grow with the scale).
func (m *Measure) pictureTextScale(view kit.Rect) float64 {
	pw, ph := m.page.Hi.X-m.page.Lo.X, m.page.Hi.Y-m.page.Lo.Y
	if !m.a.Touch() || view.W <= 0 || view.H <= 0 || pw <= 0 || ph <= 0 {
		return 0
	}
	fit := math.Min(view.W/pw, view.H/ph) // pixels per millimetre, the page fitted
	return math.Max(1, m.a.TextSize(11)/(sketch.LabelSize*fit))
}

// shown returns the rulings drawn: all, or the selected ship's.
func (m *Measure) shown() []referee.Ruling {
	if !m.pair || m.sel < 0 || m.sel >= len(m.T.Ships) {
		return m.rulings
	}
	var out []referee.Ruling
	for _, r := range m.rulings {
		if r.Attacker == m.sel {
			out = append(out, r)
		}
	}
	return out
}

// ScreenOf returns where ship i's stand is on the screen, as last drawn
// (for tests and scripted input).
func (m *Measure) ScreenOf(i int) (x, y float64) {
	p := m.cam.ToScreen(m.T.Ships[i].Pose.Pos)
	return p.X, p.Y
}

// Rulings returns the rulings on the table as it stands.
func (m *Measure) Rulings() []referee.Ruling {
	m.refresh()
	return m.rulings
}

// hit returns the object under a table point, or −1.
func (m *Measure) hit(p physics.Vec) int {
	for i := len(m.T.Ships) - 1; i >= 0; i-- {
		if m.T.Ships[i].Base().Contains(p) {
			return i
		}
	}
	for k := len(m.T.Obstacles) - 1; k >= 0; k-- {
		o := m.T.Obstacles[k]
		switch o.Kind {
		case referee.Planetoid:
			if o.Circle.Contains(p) {
				return len(m.T.Ships) + k
			}
		case referee.AsteroidField:
			if o.Polygon.Contains(p) {
				return len(m.T.Ships) + k
			}
		}
	}
	return -1
}

// nearShip returns the ship whose base is nearest a finger's press at p,
// within half a touch target (4.5 mm on the screen when targets are 9
// mm), or −1: a finger covers what it aims at.
func (m *Measure) nearShip(p physics.Vec) int {
	if m.a.MinTarget <= 0 || m.cam.Scale <= 0 {
		return -1
	}
	best, reach := -1, m.a.MinTarget/2/m.cam.Scale
	for i := range m.T.Ships {
		if d, _ := m.T.Ships[i].Base().DistanceToPoint(p); d <= reach {
			best, reach = i, d
		}
	}
	return best
}

// move shifts the selected object by d.
func (m *Measure) move(d physics.Vec) {
	switch {
	case m.sel < 0:
	case m.sel < len(m.T.Ships):
		m.T.Ships[m.sel].Pose.Pos = m.T.Ships[m.sel].Pose.Pos.Add(d)
	default:
		o := &m.T.Obstacles[m.sel-len(m.T.Ships)]
		o.Circle.C = o.Circle.C.Add(d)
		o.Polygon = o.Polygon.Translate(d)
	}
	m.fieldsFor = -2
}

// turn rotates the selected object by deg degrees.
func (m *Measure) turn(deg float64) {
	switch {
	case m.sel < 0:
	case m.sel < len(m.T.Ships):
		s := &m.T.Ships[m.sel]
		s.Pose.Heading = physics.Deg(math.Round(physics.NormalizeDegrees(s.Pose.Heading.Degrees()+deg)*1e6) / 1e6)
	default:
		o := &m.T.Obstacles[m.sel-len(m.T.Ships)]
		if o.Kind == referee.AsteroidField {
			c := o.Polygon.Centroid()
			for i, v := range o.Polygon {
				o.Polygon[i] = c.Add(v.Sub(c).Rotate(physics.Deg(deg)))
			}
		}
	}
	m.fieldsFor = -2
}

// Handle implements Screen.
func (m *Measure) Handle(ev kit.Event) {
	if ev.Kind == kit.Resize {
		return
	}
	if ev.Kind == kit.Pinch {
		m.pinch(ev)
		return
	}
	if m.cam.Key(ev) {
		return
	}
	switch ev.Kind {
	case kit.MouseDown:
		if ev.Button == kit.ButtonLeft && m.cam.View.Contains(kit.Pt{X: ev.X, Y: ev.Y}) {
			p := m.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
			i := m.hit(p)
			if i < 0 && ev.Touch {
				i = m.nearShip(p)
			}
			if i >= 0 {
				m.tapped(i)
				m.sel, m.drag, m.last = i, true, p
				m.fieldsFor = -2
				m.changed()
				return
			}
		}
		m.pan.Handle(&m.cam, ev, true)
		return
	case kit.MouseMove:
		if m.drag {
			p := m.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
			m.move(p.Sub(m.last))
			m.last = p
			m.changed()
			return
		}
		m.pan.Handle(&m.cam, ev, false)
		return
	case kit.MouseUp:
		if m.drag {
			m.drag = false
			return
		}
		m.pan.Handle(&m.cam, ev, false)
		return
	case kit.KeyPress:
		switch ev.Key {
		case kit.KeyEscape:
			m.leave()
		case kit.KeyTab:
			n := len(m.T.Ships) + len(m.T.Obstacles)
			if n > 0 {
				m.sel = (m.sel + 1) % n
				m.fieldsFor = -2
				m.changed()
			}
		case kit.KeyDelete:
			m.remove()
		case kit.KeyF2:
			m.askSave()
		case kit.KeyF3:
			m.askLoad()
		case kit.KeyF5:
			m.askExport()
		}
		return
	case kit.Char:
	default:
		return
	}
	isShip := m.sel >= 0 && m.sel < len(m.T.Ships)
	switch ev.Rune {
	case 'q':
		m.turn(15)
	case 'e':
		m.turn(-15)
	case 'Q':
		m.turn(1)
	case 'E':
		m.turn(-1)
	case ',', '.':
		if isShip {
			d := -1
			if ev.Rune == '.' {
				d = 1
			}
			s := &m.T.Ships[m.sel]
			s.Rotation = starship.StepDial(s.Rotation, d)
		}
	case '[', ']':
		d := -1
		if ev.Rune == ']' {
			d = 1
		}
		if isShip {
			s := &m.T.Ships[m.sel]
			s.Level = max(tablefile.MinLevel, min(tablefile.MaxLevel, s.Level+d))
		} else if m.sel >= 0 {
			o := &m.T.Obstacles[m.sel-len(m.T.Ships)]
			o.Level = max(tablefile.MinLevel, min(tablefile.MaxLevel, o.Level+d))
		}
	case 'v', 'V':
		m.addShip(m.a.Comp.ClassIDs()[m.classIdx%len(m.a.Comp.ClassIDs())], m.cam.ToWorld(m.cam.View.Center()), 90)
	case 'c':
		m.classIdx++
		if isShip {
			s := &m.T.Ships[m.sel]
			s.Class = m.a.Comp.ClassIDs()[m.classIdx%len(m.a.Comp.ClassIDs())]
			s.AcrossFlats = m.a.Comp.BaseAcrossFlats(s.Class)
		}
	case 'p', 'P':
		c := m.cam.ToWorld(m.cam.View.Center())
		m.T.Obstacles = append(m.T.Obstacles, referee.Obstacle{ID: m.newObstacleID("rock"), Kind: referee.Planetoid,
			Circle: physics.Circle{C: c, R: m.a.Comp.Geometry.PlanetoidRadius.Value}, Level: 1})
		m.sel = len(m.T.Ships) + len(m.T.Obstacles) - 1
	case 'f', 'F':
		c := m.cam.ToWorld(m.cam.View.Center())
		m.T.Obstacles = append(m.T.Obstacles, referee.Obstacle{ID: m.newObstacleID("field"), Kind: referee.AsteroidField,
			Density: referee.Sparse, Level: 1,
			Polygon: physics.Polygon{c.Add(physics.V(-70, -40)), c.Add(physics.V(70, -40)), c.Add(physics.V(60, 45)), c.Add(physics.V(-60, 40))}})
		m.sel = len(m.T.Ships) + len(m.T.Obstacles) - 1
	case 'd', 'D':
		if m.sel >= len(m.T.Ships) {
			o := &m.T.Obstacles[m.sel-len(m.T.Ships)]
			if o.Density == referee.Dense {
				o.Density = referee.Sparse
			} else if o.Kind == referee.AsteroidField {
				o.Density = referee.Dense
			}
		}
	case '3':
		m.T.ThreeD = !m.T.ThreeD
	case 'k', 'K':
		m.pair = !m.pair
	default:
		return
	}
	m.fieldsFor = -2
	m.changed()
}

// taken reports whether a ship or an obstacle has the id.
func (m *Measure) taken(id string) bool {
	return m.shipIndex(id) >= 0 || slices.ContainsFunc(m.T.Obstacles, func(o referee.Obstacle) bool { return o.ID == id })
}

func (m *Measure) newObstacleID(base string) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s-%d", base, n)
		taken := false
		for _, o := range m.T.Obstacles {
			taken = taken || o.ID == id
		}
		for _, s := range m.T.Ships {
			taken = taken || s.ID == id
		}
		if !taken {
			return id
		}
	}
}

func (m *Measure) remove() {
	switch {
	case m.sel < 0:
		return
	case m.sel < len(m.T.Ships):
		m.T.Ships = append(m.T.Ships[:m.sel], m.T.Ships[m.sel+1:]...)
	default:
		k := m.sel - len(m.T.Ships)
		m.T.Obstacles = append(m.T.Obstacles[:k], m.T.Obstacles[k+1:]...)
	}
	m.sel = -1
	m.changed()
}

// Tick implements Screen.
func (m *Measure) Tick(float64) {}

// syncFields fills the coordinate fields from the selection.
func (m *Measure) syncFields() {
	if m.fieldsFor == m.sel {
		return
	}
	m.fieldsFor = m.sel
	m.fx, m.fy, m.fh, m.fr = "", "", "", ""
	switch {
	case m.sel < 0:
	case m.sel < len(m.T.Ships):
		s := m.T.Ships[m.sel]
		m.fx, m.fy = num(s.Pose.Pos.X), num(s.Pose.Pos.Y)
		m.fh = num(physics.NormalizeDegrees(s.Pose.Heading.Degrees()))
		m.fr = strconv.Itoa(s.Rotation)
	default:
		o := m.T.Obstacles[m.sel-len(m.T.Ships)]
		c := o.Circle.C
		if o.Kind == referee.AsteroidField {
			c = o.Polygon.Centroid()
		}
		m.fx, m.fy = num(c.X), num(c.Y)
		m.fr = num(o.Circle.R)
	}
}

func num(v float64) string { return strconv.FormatFloat(math.Round(v*1000)/1000, 'f', -1, 64) }

// applyFields places the selection where the fields say.
func (m *Measure) applyFields() {
	x, err1 := strconv.ParseFloat(strings.TrimSpace(m.fx), 64)
	y, err2 := strconv.ParseFloat(strings.TrimSpace(m.fy), 64)
	if err1 != nil || err2 != nil {
		m.a.Say("x and y must be numbers (millimetres)")
		return
	}
	switch {
	case m.sel < 0:
		return
	case m.sel < len(m.T.Ships):
		s := &m.T.Ships[m.sel]
		s.Pose.Pos = physics.V(x, y)
		if h, err := strconv.ParseFloat(strings.TrimSpace(m.fh), 64); err == nil {
			s.Pose.Heading = physics.Deg(h)
		} else {
			m.a.Say("heading must be a number (degrees)")
		}
		if r, err := strconv.Atoi(strings.TrimSpace(m.fr)); err == nil && r >= tablefile.MinRotation && r <= tablefile.MaxRotation {
			s.Rotation = r
		}
	default:
		o := &m.T.Obstacles[m.sel-len(m.T.Ships)]
		if o.Kind == referee.Planetoid {
			o.Circle.C = physics.V(x, y)
			if r, err := strconv.ParseFloat(strings.TrimSpace(m.fr), 64); err == nil && r > 0 {
				o.Circle.R = r
			}
		} else {
			o.Polygon = o.Polygon.Translate(physics.V(x, y).Sub(o.Polygon.Centroid()))
		}
	}
	m.fieldsFor = -2
	m.changed()
}

// Draw implements Screen.
func (m *Measure) Draw(l *kit.List) {
	a := m.a
	s := a.S()
	m.refresh()
	panelH := 320 * s
	if a.Portrait() {
		// the pair's ruling at the top of the panel in place of its heading
		panelH += m.pairRoom(a.W-24*s) - 24*s
	}
	view, panel := a.Split(math.Max(330, math.Min(430*s, a.W*0.42)), panelH)
	// the window changed: the picture is laid out again with its text
	// scale (a few rounds: its page grows with the scale)
	for i := 0; i < 4; i++ {
		k := m.pictureTextScale(view)
		if math.Abs(k-m.textScale) <= 0.02*k {
			break
		}
		m.textScale = k
		m.stale = true
		m.refresh()
	}
	m.cam.SetView(view, m.page)
	if !m.drag {
		// the picture grew or shrank (its numbered rulers' notes under
		// it): shown whole again once the ship is let go, not while it
		// follows the pointer
		m.cam.Follow(m.page)
	}
	l.Background = kit.ColWhite
	l.SetClip(&view)
	// The picture is the backdrop: a renderer keeps it while neither the
	// table nor the view changes. Its operations are built once per
	// picture and view, not per frame.
	key := paintKey{m.rec, m.cam.View, m.cam.Scale, m.cam.Center}
	if key != m.painted {
		m.paintOps = m.paintOps[:0]
		n := len(l.Ops)
		l.Backdrop(func() { m.rec.Paint(a, l, &m.cam, view) })
		m.paintOps = append(m.paintOps, l.Ops[n:]...)
		m.painted = key
	} else {
		l.Ops = append(l.Ops, m.paintOps...)
		l.SetClip(&view)
	}
	// the selection
	if m.sel >= 0 && m.sel < len(m.T.Ships) {
		sh := m.T.Ships[m.sel]
		l.Poly(m.cam.Pts(sh.Base()), kit.ColNone, kit.Alpha(kit.ColMedium, 0.6), 6)
	} else if m.sel >= 0 {
		o := m.T.Obstacles[m.sel-len(m.T.Ships)]
		if o.Kind == referee.Planetoid {
			l.Circle(m.cam.ToScreen(o.Circle.C), o.Circle.R*m.cam.Scale, kit.ColNone, kit.Alpha(kit.ColMedium, 0.6), 5)
		} else {
			l.Poly(m.cam.Pts(o.Polygon), kit.ColNone, kit.Alpha(kit.ColMedium, 0.6), 5)
		}
	}
	// each ship's base tinted in its side's colour; bases dropped on a
	// planetoid or on another base outlined in warning colour
	warned := map[string]bool{}
	for _, w := range m.Overlaps() {
		warned[w.ship] = true
	}
	for _, sh := range m.T.Ships {
		hex := m.cam.Pts(sh.Base())
		if side := classSide(sh.Class); side != "" {
			l.Poly(hex, kit.Alpha(SideColor(side), 0.35), kit.Alpha(SideColor(side), 0.9), 2)
		}
		if warned[sh.ID] {
			l.Poly(hex, kit.ColNone, kit.ColWarn, 4)
		}
	}
	m.drawPairRuling(l, view)
	l.SetClip(nil)
	l.NewLayer()
	m.drawPanel(l, panel)
}

// overlap is a ship whose base lies on a planetoid or on another base.
type overlap struct {
	ship, with string
}

// Overlaps lists the ships whose bases lie on a planetoid or on another
// ship's base: where no ship can stand (Planetoids; Collisions), most
// likely dropped there by mistake.
func (m *Measure) Overlaps() []overlap {
	m.refresh()
	return m.overlaps
}

// findOverlaps finds Overlaps on the table the referee rules on, the
// bases' overlaps taken from it (Overlapping spaceships: interiors
// intersect).
func (m *Measure) findOverlaps() []overlap {
	var out []overlap
	t := m.ref.Table()
	for i, sh := range t.Ships {
		hex := m.ref.Base(i)
		for j, o := range t.Ships {
			if i != j && m.ref.Overlapping(i, j) {
				out = append(out, overlap{sh.ID, o.ID + "'s base"})
			}
		}
		for _, o := range t.Obstacles {
			if o.Kind == referee.Planetoid && hexOnCircle(hex, o.Circle) {
				out = append(out, overlap{sh.ID, "the planetoid " + o.ID})
			}
		}
	}
	return out
}

// hexOnCircle reports whether a base and a planetoid share interior
// points: the planetoid's centre inside the base, or an edge of the base
// crossing the planetoid.
func hexOnCircle(hex physics.Polygon, c physics.Circle) bool {
	if hex.InteriorContains(c.C) {
		return true
	}
	for i := range hex {
		if c.SegmentCrossesInterior(hex.Edge(i)) {
			return true
		}
	}
	return false
}

func (m *Measure) drawPanel(l *kit.List, r kit.Rect) {
	a := m.a
	s := a.S()
	l.Rect(r, kit.ColPanel, kit.ColPanelLine, 1)
	x, w := r.X+12*s, r.W-24*s
	y := r.Y + 28*s
	if a.Portrait() {
		// the ruling of the last two ships tapped, in large type where it
		// covers no ship (the table's picture is headed "Measurement mode")
		room := kit.Rect{X: x, Y: r.Y + 10*s, W: w, H: m.pairRoom(w)}
		if lines, sz := m.pairFit(w); len(lines) > 0 {
			m.drawPairBox(l, room, lines, sz)
		} else {
			a.Para(l, x, room.Y+16*s, w, "Tap two ships: the ruling between them shows here in large type.", 13, kit.ColSecondary, false)
		}
		y = room.Y + room.H
	} else {
		a.Label(l, x, y, "Measurement mode", 19, kit.ColInk, true)
		y += 8 * s
	}
	if m.note != "" {
		y = a.Para(l, x, y+14*s, w, m.note, 12, kit.ColSecondary, false)
	}
	for _, ov := range m.Overlaps() {
		y = a.Para(l, x, y+14*s, w, fmt.Sprintf("%s stands on %s: no ship can stand there.", ov.ship, ov.with), 12.5, kit.ColWarn, true) - 2*s
	}
	y += 8 * s
	m.syncFields()
	bh := 28 * s
	switch {
	case m.sel < 0:
		y = a.Para(l, x, y+14*s, w, a.Words("Click", "Tap")+" a ship or an obstacle to select it; drag it to move it.", 13, kit.ColInk, false)
	default:
		var title string
		isShip := m.sel < len(m.T.Ships)
		if isShip {
			sh := m.T.Ships[m.sel]
			title = fmt.Sprintf("%s (%s), facing %.0f°", sh.ID, sh.Class, physics.NormalizeDegrees(sh.Facing(m.T.Limits).Degrees()))
			if m.T.ThreeD {
				title += fmt.Sprintf(", level %d", sh.Level)
			}
		} else {
			o := m.T.Obstacles[m.sel-len(m.T.Ships)]
			title = fmt.Sprintf("%s (%s %s)", o.ID, o.Density, o.Kind)
		}
		a.Label(l, x, y+14*s, title, 14, kit.ColInk, true)
		y += 24 * s
		fw := (w - 3*6*s) / 4
		labels := []string{"x mm", "y mm", "heading °", "dial"}
		ptrs := []*string{&m.fx, &m.fy, &m.fh, &m.fr}
		if !isShip {
			labels[2], labels[3] = "", "radius mm"
		}
		for i := range labels {
			if labels[i] == "" {
				continue
			}
			fx := x + float64(i)*(fw+6*s)
			a.Label(l, fx, y+10*s, labels[i], 11, kit.ColSecondary, false)
			field := a.NumberField // a phone offers its number keys; the dial may go below 0
			if i == 3 && isShip {
				field = a.Field
			}
			field(l, kit.Rect{X: fx, Y: y + 14*s, W: fw, H: bh}, fmt.Sprintf("coord%d", i), ptrs[i], func() { m.applyFields() })
		}
		y += 14*s + bh + 6*s
		a.Button(l, kit.Rect{X: x, Y: y, W: w/2 - 3*s, H: bh}, a.K("Place", "Enter in a field"), false, false, func() { m.applyFields() })
		a.Button(l, kit.Rect{X: x + w/2 + 3*s, Y: y, W: w/2 - 3*s, H: bh}, a.K("Delete", "Del"), false, false, func() { m.remove() })
		y += bh + 6*s
	}
	row := func(labels []string, on []bool, fns []func()) { y = a.ButtonRow(l, x, y, w, bh, 6*s, labels, on, fns) }
	class := a.Comp.ClassIDs()[m.classIdx%len(a.Comp.ClassIDs())]
	press := func(r rune) func() { return func() { m.Handle(kit.Event{Kind: kit.Char, Rune: r}) } }
	key := func(k kit.Key) func() { return func() { m.Handle(kit.Event{Kind: kit.KeyPress, Key: k}) } }
	row([]string{a.K("Add "+class, "v"), a.K("Planetoid", "p"), a.K("Field", "f")}, []bool{false, false, false}, []func(){press('v'), press('p'), press('f')})
	row([]string{a.K("Class", "c"), a.K("3D levels", "3"), a.K("Only selected", "k")}, []bool{false, m.T.ThreeD, m.pair}, []func(){press('c'), press('3'), press('k')})
	row([]string{a.K("Save table", "F2"), a.K("Load table", "F3"), a.K("Picture", "F5")}, []bool{false, false, false}, []func(){key(kit.KeyF2), key(kit.KeyF3), key(kit.KeyF5)})
	// rulings in words, when there is room for some above Back
	bottom := r.Y + r.H - 50*s
	if y+60*s > bottom {
		a.Button(l, kit.Rect{X: x, Y: r.Y + r.H - 44*s, W: w, H: 34 * s}, a.K("Back", "Esc"), false, false, key(kit.KeyEscape))
		return
	}
	y += 6 * s
	a.Label(l, x, y+12*s, "Rulings", 14, kit.ColInk, true)
	y += 18 * s
	for _, ru := range m.shown() {
		if m.sel >= 0 && m.sel < len(m.T.Ships) && ru.Attacker != m.sel && ru.Target != m.sel {
			continue
		}
		c := kit.ColSecondary
		prefix := "cannot fire: "
		if ru.CanFire {
			c, prefix = BandColor(ru.Band), "CAN FIRE: "
		}
		if y > bottom-30*s {
			a.Label(l, x, y+12*s, "…", 12, kit.ColSecondary, false)
			break
		}
		y = a.Para(l, x, y+13*s, w, prefix+measure.Sentence(m.T, ru), 12, c, ru.CanFire) + 2*s
	}
	a.Button(l, kit.Rect{X: x, Y: r.Y + r.H - 44*s, W: w, H: 34 * s}, a.K("Back", "Esc"), false, false, key(kit.KeyEscape))
}

func (m *Measure) askSave() {
	var data []byte
	m.a.SaveAs("Save the table file (YAML, MEASURE-FORMAT.md)", m.a.SavePath("table.yaml"), []string{".yaml", ".yml"},
		func() ([]byte, error) { data = TableYAML(m.T); return data, nil }, func(string) { m.kept = data })
}

// leave is Esc (and Back): the screen goes back (to the game or the
// title), asking first when the table was changed since it was opened,
// loaded or saved, so that a dragged ship is not lost to a stray Esc.
func (m *Measure) leave() {
	back := func() {
		if m.back != nil {
			m.a.Show(m.back)
		} else {
			m.a.Home()
		}
	}
	if bytes.Equal(TableYAML(m.T), m.kept) {
		back()
		return
	}
	m.a.Confirm("Leave measurement mode?", "The table was changed and not saved ("+m.a.Words("F2", "Save table")+" saves it).", "Leave", "Stay", back)
}

func (m *Measure) askLoad() {
	m.a.OpenFile("Load a table file (YAML or JSON)", m.a.SavePath("table.yaml"), []string{".yaml", ".yml", ".json"}, func(path string, data []byte) error {
		t, err := tablefile.Parse(path, data, m.a.Comp)
		if err != nil {
			return err
		}
		m.T, m.sel, m.note = t, -1, path
		m.kept = TableYAML(m.T)
		m.changed()
		m.cam = kit.Camera{}
		m.a.Say("loaded %s", path)
		return nil
	})
}

func (m *Measure) askExport() {
	if m.a.Platform != nil {
		m.a.SaveAs("Export the ruling picture (PNG)", "ruling.png", []string{".png"}, m.picture, nil)
		return
	}
	m.a.Ask("Export the ruling picture (PNG)", m.a.SavePath("ruling.png"), []string{".png"}, func(path string) error {
		return m.Export(path)
	})
}

// picture returns the ruling picture of the table as it stands (PNG).
func (m *Measure) picture() ([]byte, error) {
	var buf bytes.Buffer
	m.refresh()
	err := sketch.WritePNG(&buf, m.ref, m.shown(), m.options())
	return buf.Bytes(), err
}

// Export writes the ruling picture of the table as it stands.
func (m *Measure) Export(path string) error {
	data, err := m.picture()
	if err != nil {
		return err
	}
	if err := WriteFile(path, data); err != nil {
		return err
	}
	m.a.Say("picture written to %s", path)
	return nil
}

// TableYAML writes a table in the table file format of MEASURE-FORMAT.md
// (tablefile.Marshal).
func TableYAML(t referee.Table) []byte { return tablefile.Marshal(t) }

// pageState tells the page the ruling between the last two ships tapped and
// where the ships show.
func (m *Measure) pageState(st *PageState) {
	st.Ruling = m.PairRuling()
	for _, sh := range m.T.Ships {
		p := m.cam.ToScreen(sh.Pose.Pos)
		st.Ships = append(st.Ships, PageShip{ID: sh.ID, X: p.X, Y: p.Y, Heading: sh.Pose.Heading.Degrees()})
	}
}
