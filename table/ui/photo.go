package ui

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/image/draw"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

// photoShownSide is the largest side of the picture handed to the
// renderer; marks are kept in the photo's own pixels.
const photoShownSide = 4096

// photoSamples is the Monte Carlo's size while marking (the saved marks
// file keeps the default for bsg photo).
const photoSamples = 200

// Photo is photo mode: a photo of a real table, the calibration sheet
// found on it (or its marks clicked), the ships' front corners and the
// obstacles marked by clicks, and the rulings with their error bars drawn
// over the photo (re-projected through the calibration).
type Photo struct {
	a     *App
	path  string
	img   image.Image // the photo
	shown image.Image // the picture painted (the photo, at most photoShownSide)
	marks *photo.Marks
	res   *photo.Result
	err   error
	info  string // what the detection found
	// view: photo pixel p shows at view.X + (p − off) · zoom
	view Rect
	off  physics.Vec
	zoom float64
	// marking
	tool     photo.Kind // ShipKind, PlanetoidKind or FieldKind; "" for the sheet's marks
	pending  []physics.Vec
	classIdx int
	density  referee.Density
	// dragging the view
	down, moved bool
	downAt      Pt
	downOff     physics.Vec
}

// AskPhoto asks for a photo and opens photo mode on it.
func AskPhoto(a *App) {
	a.Ask("Open a photo of the table (JPEG or PNG), taken from above with the calibration sheet in view", a.SavePath("table.jpg"), []string{".jpg", ".jpeg", ".png"}, func(path string) error {
		p, err := OpenPhoto(a, path, "")
		if err != nil {
			return err
		}
		a.Show(p)
		return nil
	})
}

// OpenPhoto opens photo mode on a photo file. marksFile, when not empty,
// is a marks file (photo/FORMAT.md) to start from; else the calibration
// sheet is looked for on the photo (A4, then Letter).
func OpenPhoto(a *App, path, marksFile string) (*Photo, error) {
	img, err := photo.LoadImage(path)
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	p := &Photo{a: a, path: path, img: img, shown: img, tool: photo.ShipKind, density: referee.Sparse}
	if s := max(b.Dx(), b.Dy()); s > photoShownSide {
		f := float64(photoShownSide) / float64(s)
		small := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*f), int(float64(b.Dy())*f)))
		draw.ApproxBiLinear.Scale(small, small.Bounds(), img, b, draw.Src, nil)
		p.shown = small
	}
	if marksFile != "" {
		data, err := os.ReadFile(marksFile)
		if err != nil {
			return nil, err
		}
		mf, err := photo.ParseMarks(marksFile, data, a.Comp, b.Dx(), b.Dy())
		if err != nil {
			return nil, err
		}
		p.marks = mf
		if mf.Sheet != nil && mf.Sheet.Auto {
			p.detect(mf.Sheet.Sheet.Paper)
		}
	} else {
		p.marks, _ = photo.ParseMarks("", []byte("sheet: {paper: a4, marks: auto}\n"), a.Comp, b.Dx(), b.Dy())
		if !p.detect("a4") {
			p.detect("letter")
		}
	}
	p.marks.Samples = min(p.marks.Samples, photoSamples)
	p.analyse()
	return p, nil
}

// detect looks for the sheet on the photo; on success its marks are kept
// as found pixels.
func (p *Photo) detect(paper string) bool {
	sheet, _ := photo.SheetFor(paper)
	det, err := photo.DetectSheet(p.img, sheet)
	if err != nil {
		p.info = err.Error() + " Press s and click the sheet's four marks."
		if p.marks.Sheet != nil {
			p.marks.Sheet.Auto = false
			p.marks.Sheet.MarkPx = photo.DefaultClickPx
		}
		return false
	}
	if p.marks.Sheet == nil {
		p.marks.Sheet = &photo.Placement{At: physics.V(p.marks.Scene.Table.Width/2, p.marks.Scene.Table.Depth/2)}
	}
	p.marks.Sheet.Sheet, p.marks.Sheet.Auto, p.marks.Sheet.Pixels, p.marks.Sheet.MarkPx = sheet, false, det.Pixels, photo.DefaultMarkPx
	p.info = fmt.Sprintf("%s sheet found by itself (blur %.1f mm)", strings.ToUpper(paper[:1])+paper[1:], det.BlurMM)
	return true
}

// Name implements Screen.
func (p *Photo) Name() string { return "photo mode" }

// Help implements Screen.
func (p *Photo) Help() []string {
	return []string{
		"Photo mode: rulings from a photo of a real table, with error bars.",
		"Wheel or + and − zoom at the pointer (zoom in to mark precisely); drag pans; 0 fits the photo.",
		"n marks a ship: click the left, then the right corner of its base's front flat (as seen from behind the ship), where the base meets the table. c changes the next ship's class; , and . turn the last ship's dial.",
		"p marks a planetoid: three points of its edge. f marks an asteroid field: its outline, Enter closes it; d switches sparse and dense.",
		"s clicks the calibration sheet's marks by hand (lower-left, lower-right, upper-right, upper-left as the text reads); a looks for the sheet again.",
		"Backspace removes the last point or object. F2 saves the marks file (bsg photo -marks), F3 the table file (bsg measure).",
		"Each ruling carries its 95% error bar from a Monte Carlo over the clicks and the fit: certain, or too close to call: measure with the ruler.",
	}
}

func (p *Photo) classes() []string { return p.a.Comp.ClassIDs() }

func (p *Photo) class() string {
	c := p.classes()
	return c[p.classIdx%len(c)]
}

// fitView fits the photo into the view.
func (p *Photo) fitView() {
	b := p.img.Bounds()
	p.zoom = math.Min(p.view.W/float64(b.Dx()), p.view.H/float64(b.Dy()))
	p.off = physics.V(-(p.view.W/p.zoom-float64(b.Dx()))/2, -(p.view.H/p.zoom-float64(b.Dy()))/2)
}

func (p *Photo) toScreen(v physics.Vec) Pt {
	return Pt{p.view.X + (v.X-p.off.X)*p.zoom, p.view.Y + (v.Y-p.off.Y)*p.zoom}
}

func (p *Photo) toPhoto(s Pt) physics.Vec {
	return physics.V((s.X-p.view.X)/p.zoom+p.off.X, (s.Y-p.view.Y)/p.zoom+p.off.Y)
}

func (p *Photo) zoomAt(s Pt, f float64) {
	at := p.toPhoto(s)
	p.zoom = math.Max(0.02, math.Min(40, p.zoom*f))
	p.off = physics.V(at.X-(s.X-p.view.X)/p.zoom, at.Y-(s.Y-p.view.Y)/p.zoom)
}

// analyse fits the calibration and rules again after a change.
func (p *Photo) analyse() {
	b := p.img.Bounds()
	p.res, p.err = p.marks.Analyse(nil, b.Dx(), b.Dy())
}

// click adds a point for the current tool.
func (p *Photo) click(v physics.Vec) {
	b := p.img.Bounds()
	if v.X < 0 || v.Y < 0 || v.X > float64(b.Dx()) || v.Y > float64(b.Dy()) {
		return
	}
	p.pending = append(p.pending, v)
	switch p.tool {
	case "":
		if len(p.pending) == 4 {
			if p.marks.Sheet == nil {
				sheet, _ := photo.SheetFor("a4")
				p.marks.Sheet = &photo.Placement{Sheet: sheet, At: physics.V(p.marks.Scene.Table.Width/2, p.marks.Scene.Table.Depth/2)}
			}
			copy(p.marks.Sheet.Pixels[:], p.pending)
			p.marks.Sheet.Auto, p.marks.Sheet.MarkPx = false, p.marks.ClickPx
			p.pending, p.tool = nil, photo.ShipKind
			p.info = "sheet marks clicked by hand"
			p.analyse()
		}
	case photo.ShipKind:
		if len(p.pending) == 2 {
			c := p.class()
			p.add(photo.Object{ID: p.newID(c), Kind: photo.ShipKind, Class: c, AcrossFlats: p.a.Comp.BaseAcrossFlats(c), Level: 1})
		}
	case photo.PlanetoidKind:
		if len(p.pending) == 3 {
			p.add(photo.Object{ID: p.newID("planetoid"), Kind: photo.PlanetoidKind, Level: 1})
		}
	}
}

func (p *Photo) add(o photo.Object) {
	o.Points, o.SigmaPx = p.pending, p.marks.ClickPx
	p.pending = nil
	p.marks.Scene.Objects = append(p.marks.Scene.Objects, o)
	p.analyse()
}

func (p *Photo) newID(prefix string) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s-%d", prefix, n)
		taken := false
		for _, o := range p.marks.Scene.Objects {
			taken = taken || o.ID == id
		}
		if !taken {
			return id
		}
	}
}

// Handle implements Screen.
func (p *Photo) Handle(ev Event) {
	switch ev.Kind {
	case Wheel:
		if p.view.Contains(Pt{ev.X, ev.Y}) {
			p.zoomAt(Pt{ev.X, ev.Y}, math.Pow(1.25, ev.DY))
		}
	case MouseDown:
		if p.view.Contains(Pt{ev.X, ev.Y}) {
			p.down, p.moved, p.downAt, p.downOff = true, false, Pt{ev.X, ev.Y}, p.off
		}
	case MouseMove:
		if p.down {
			dx, dy := ev.X-p.downAt.X, ev.Y-p.downAt.Y
			if math.Hypot(dx, dy) > 4 || p.moved {
				p.moved = true
				p.off = physics.V(p.downOff.X-dx/p.zoom, p.downOff.Y-dy/p.zoom)
			}
		}
	case MouseUp:
		if p.down && !p.moved && ev.Button == ButtonLeft {
			p.click(p.toPhoto(Pt{ev.X, ev.Y}))
		}
		p.down = false
	case KeyPress:
		switch ev.Key {
		case KeyEscape:
			if len(p.pending) > 0 {
				p.pending = nil
				return
			}
			p.a.Show(NewTitle(p.a))
		case KeyBackspace, KeyDelete:
			p.undo()
		case KeyEnter:
			if p.tool == photo.FieldKind && len(p.pending) >= 3 {
				p.add(photo.Object{ID: p.newID("field"), Kind: photo.FieldKind, Density: p.density, Level: 1})
			}
		case KeyF2:
			p.askSaveMarks()
		case KeyF3:
			p.askSaveTable()
		}
	case Char:
		p.char(ev.Rune)
	}
}

func (p *Photo) char(r rune) {
	switch r {
	case '+', '=':
		p.zoomAt(p.view.Center(), 1.25)
	case '-':
		p.zoomAt(p.view.Center(), 0.8)
	case '0':
		p.fitView()
	case 'n':
		p.tool, p.pending = photo.ShipKind, nil
	case 'p':
		p.tool, p.pending = photo.PlanetoidKind, nil
	case 'f':
		p.tool, p.pending = photo.FieldKind, nil
	case 's':
		p.tool, p.pending = "", nil
	case 'd':
		if p.density == referee.Sparse {
			p.density = referee.Dense
		} else {
			p.density = referee.Sparse
		}
	case 'c':
		p.classIdx++
	case 'a':
		paper := "a4"
		if p.marks.Sheet != nil {
			paper = p.marks.Sheet.Sheet.Paper
		}
		p.detect(paper)
		p.analyse()
	case ',', '.':
		for i := len(p.marks.Scene.Objects) - 1; i >= 0; i-- {
			if o := &p.marks.Scene.Objects[i]; o.Kind == photo.ShipKind {
				d := 1
				if r == ',' {
					d = -1
				}
				o.Rotation = max(tablefile.MinRotation, min(tablefile.MaxRotation, o.Rotation+d))
				p.analyse()
				return
			}
		}
	}
}

func (p *Photo) undo() {
	if len(p.pending) > 0 {
		p.pending = p.pending[:len(p.pending)-1]
		return
	}
	if n := len(p.marks.Scene.Objects); n > 0 {
		p.marks.Scene.Objects = p.marks.Scene.Objects[:n-1]
		p.analyse()
	}
}

func (p *Photo) askSaveMarks() {
	def := strings.TrimSuffix(p.path, filepath.Ext(p.path)) + ".marks.yaml"
	p.a.Ask("Save the marks file (YAML, for bsg photo -marks)", def, []string{".yaml", ".yml"}, func(path string) error {
		saved := *p.marks
		saved.Samples = photo.DefaultSamples // bsg photo's own size, not the quicker one used while marking
		if err := WriteFile(path, saved.YAML()); err != nil {
			return err
		}
		p.a.Say("saved %s", path)
		return nil
	})
}

func (p *Photo) askSaveTable() {
	if p.res == nil {
		p.a.Say("nothing to save yet: %v", p.err)
		return
	}
	p.a.Ask("Save the table file (YAML, MEASURE-FORMAT.md)", p.a.SavePath("photo-table.yaml"), []string{".yaml", ".yml"}, func(path string) error {
		if err := WriteFile(path, tablefile.Marshal(p.res.Table)); err != nil {
			return err
		}
		p.a.Say("saved %s", path)
		return nil
	})
}

// Tick implements Screen.
func (p *Photo) Tick(float64) {}

// Draw implements Screen.
func (p *Photo) Draw(l *List) {
	a := p.a
	s := a.S()
	panelW := math.Min(420*s, a.W*0.4)
	view := Rect{0, 0, a.W - panelW, a.H}
	if view != p.view || p.zoom == 0 {
		p.view = view
		p.fitView()
	}
	l.Background = ColCover1
	l.SetClip(&p.view)
	b := p.img.Bounds()
	tl, br := p.toScreen(physics.V(0, 0)), p.toScreen(physics.V(float64(b.Dx()), float64(b.Dy())))
	l.Image(p.shown, Rect{tl.X, tl.Y, br.X - tl.X, br.Y - tl.Y})
	l.NewLayer()
	for _, o := range p.marks.Scene.Objects {
		at, sz := p.markLabel(o.Points[0])
		l.Take(labelBox(at, a.Fonts.Width(o.ID, sz, false), sz, AnchorStart))
	}
	if p.res != nil {
		p.drawOverlay(l)
	}
	p.drawMarks(l)
	l.SetClip(nil)
	l.NewLayer()
	p.drawPanel(l, Rect{a.W - panelW, 0, panelW, a.H})
}

// curve maps a table polyline to the screen through the calibration,
// sampling each segment (the lens bends straight lines).
func (p *Photo) curve(pts []physics.Vec, closed bool) []Pt {
	m := p.res.Calibration.Model
	var out []Pt
	n := len(pts)
	last := n - 1
	if closed {
		last = n
	}
	for i := 0; i < last; i++ {
		a, b := pts[i], pts[(i+1)%n]
		steps := max(1, int(a.Dist(b)/10))
		for k := 0; k < steps; k++ {
			if px, ok := m.ToPixel(a.Lerp(b, float64(k)/float64(steps))); ok {
				out = append(out, p.toScreen(px))
			}
		}
	}
	if !closed && n > 0 {
		if px, ok := m.ToPixel(pts[n-1]); ok {
			out = append(out, p.toScreen(px))
		}
	}
	return out
}

func (p *Photo) drawOverlay(l *List) {
	t := p.res.Table
	s := p.a.S()
	for _, o := range t.Obstacles {
		switch o.Kind {
		case referee.Planetoid:
			var c []physics.Vec
			for k := range 48 {
				c = append(c, o.Circle.C.Add(physics.Direction(physics.Deg(7.5*float64(k))).Mul(o.Circle.R)))
			}
			l.Poly(p.curve(c, true), ColNone, ColPlanetoid, 2*s)
		case referee.AsteroidField:
			l.Poly(p.curve(o.Polygon, true), ColNone, ColCover, 2*s)
		}
	}
	for _, sh := range t.Ships {
		l.Poly(p.curve(sh.Base(), true), ColNone, ColColonial, 2*s)
		hex := sh.Base()
		l.Line(p.curve([]physics.Vec{hex[0], hex[1]}, false), ColWhite, 3*s)
		for _, d := range []float64{-1, 1} {
			dir := physics.Direction(sh.Facing(t.Limits) + physics.Deg(d*t.Limits.FireArcHalfWidth))
			l.Dashed(p.curve([]physics.Vec{sh.Pose.Pos, sh.Pose.Pos.Add(dir.Mul(t.Limits.LongRange))}, false), ColColonial, 1.5*s, 6*s, 4*s)
		}
	}
	for _, ru := range p.res.Rulings {
		if !ru.Measured {
			continue
		}
		col := BandColor(ru.Band)
		if !ru.Certain {
			col = ColWarn
		}
		line := p.curve([]physics.Vec{ru.Witness.A, ru.Witness.B}, false)
		if len(line) < 2 {
			continue
		}
		l.Line(line, col, 2.5*s)
		label := fmt.Sprintf("%s %.1f ± %.1f mm", ru.Band, ru.Range, ru.RangePM)
		if !ru.Certain {
			label += " ?"
		}
		sz := p.a.TextSize(12)
		var spots []Spot
		for _, f := range []float64{0.5, 0.35, 0.65, 0.2, 0.8} {
			at := line[int(f*float64(len(line)-1))]
			spots = append(spots, Spot{Pt{at.X, at.Y - 4*s}, AnchorMiddle}, Spot{Pt{at.X, at.Y + sz + 4*s}, AnchorMiddle})
		}
		spot := l.PlaceLabel(spots, p.a.Fonts.Width(label, sz, true), sz)
		l.HaloText(spot.At, label, sz, col, ColWhite, spot.Anchor, true)
	}
}

// markLabel is where a mark's label goes: beside it, up and right.
func (p *Photo) markLabel(v physics.Vec) (Pt, float64) {
	c, r := p.toScreen(v), 7*p.a.S()
	return Pt{c.X + r + 2, c.Y - r}, p.a.TextSize(11)
}

func (p *Photo) drawMarks(l *List) {
	s := p.a.S()
	mark := func(v physics.Vec, label string) {
		c := p.toScreen(v)
		r := 7 * s
		l.Line([]Pt{{c.X - r, c.Y}, {c.X + r, c.Y}}, ColCover, 1.5*s)
		l.Line([]Pt{{c.X, c.Y - r}, {c.X, c.Y + r}}, ColCover, 1.5*s)
		l.Circle(c, r*0.6, ColNone, ColInk, 1*s)
		if label != "" {
			at, sz := p.markLabel(v)
			l.HaloText(at, label, sz, ColInk, ColWhite, AnchorStart, false)
		}
	}
	if sh := p.marks.Sheet; sh != nil && !sh.Auto {
		for i, v := range sh.Pixels {
			if v != (physics.Vec{}) {
				mark(v, "sheet "+photo.MarkNames[i])
			}
		}
	}
	for _, o := range p.marks.Scene.Objects {
		for k, v := range o.Points {
			label := ""
			if k == 0 {
				label = o.ID
			}
			mark(v, label)
		}
	}
	for _, v := range p.pending {
		mark(v, "")
	}
}

func (p *Photo) drawPanel(l *List, r Rect) {
	a := p.a
	s := a.S()
	l.Rect(r, ColPanel, ColPanelLine, 1)
	x, w := r.X+14*s, r.W-28*s
	y := r.Y + 28*s
	a.Label(l, x, y, "Photo mode", 16, ColInk, true)
	y += 20 * s
	y = a.Para(l, x, y, w, filepath.Base(p.path), 11, ColSecondary, false)
	if p.info != "" {
		y = a.Para(l, x, y, w, p.info, 11, ColSecondary, false)
	}
	tool := map[photo.Kind]string{"": "sheet: click its mark " + p.nextSheetMark(), photo.ShipKind: "ship (" + p.class() + "): click the front flat's " + []string{"left", "right"}[min(len(p.pending), 1)] + " corner",
		photo.PlanetoidKind: fmt.Sprintf("planetoid: click edge point %d of 3", len(p.pending)+1), photo.FieldKind: fmt.Sprintf("%s asteroid field: click its outline (%d points), Enter closes", p.density, len(p.pending))}[p.tool]
	y = a.Para(l, x, y+6*s, w, "Marking: "+tool, 12, ColInk, true) + 4*s
	if p.res == nil {
		msg := "Mark the sheet and two ships to get rulings."
		if p.err != nil {
			msg = p.err.Error()
		}
		y = a.Para(l, x, y, w, msg, 12, ColWarn, false)
	} else {
		c := p.res.Calibration
		lens := "no lens term (K1 drawn ±1%)"
		if c.Terms > 0 {
			lens = fmt.Sprintf("lens K1 %.4f", c.Model.K1)
		}
		y = a.Para(l, x, y, w, fmt.Sprintf("Calibration: %d marks, %s, residuals %.2f mm rms", len(c.Residuals), lens, c.RMSMM), 12, ColInk, false)
		for _, ps := range p.res.Poses {
			if i := shipIdx(p.res.Table, ps.ID); i >= 0 {
				y = a.Para(l, x, y, w, fmt.Sprintf("%s (%.1f, %.1f) ± %.1f mm, heading %.0f° ± %.1f°", ps.ID, ps.Pos.X, ps.Pos.Y, ps.PosPM, ps.Heading, ps.HeadingPM), 11, ColSecondary, false)
			} else {
				y = a.Para(l, x, y, w, fmt.Sprintf("%s (%.1f, %.1f) ± %.1f mm", ps.ID, ps.Pos.X, ps.Pos.Y, ps.PosPM), 11, ColSecondary, false)
			}
		}
		y += 6 * s
		for _, ru := range p.res.Rulings {
			if y > r.Y+r.H-60*s {
				a.Label(l, x, y, "…", 12, ColSecondary, false)
				break
			}
			col := ColInk
			if !ru.Certain {
				col = ColWarn
			}
			y = a.Para(l, x, y, w, ru.Verdict, 12, col, ru.CanFire) + 3*s
		}
	}
	a.Label(l, x, r.Y+r.H-16*s, "F1 keys · F2 save marks · F3 save table · Esc back", 11, ColSecondary, false)
}

func (p *Photo) nextSheetMark() string {
	return photo.MarkNames[min(len(p.pending), 3)]
}

func shipIdx(t referee.Table, id string) int {
	for i, s := range t.Ships {
		if s.ID == id {
			return i
		}
	}
	return -1
}
