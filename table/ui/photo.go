package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"strings"

	"golang.org/x/image/draw"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
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
	// job is the analysis under way after the last change (a few steps
	// a tick: analyseTick); res and err are the last one's until it is
	// over. then runs when it is. tickWork is the work (photo.StepWork's
	// units) the last tick did on it.
	job      *photo.Analysis
	then     []func()
	tickWork float64
	// finding is the search for the bases (Find bases, b) under way,
	// through findCal
	finding *photo.BaseSearch
	findCal *photo.Calibration
	// seeking is the search for the calibration sheet on a photo just
	// opened (A4, then Letter: photo.Papers[seekPaper]), a piece a tick
	seeking   *photo.SheetSearch
	seekPaper int
	info      string // what the detection found
	// view: photo pixel p shows at view.X + (p − off) · zoom
	view kit.Rect
	off  physics.Vec
	zoom float64
	// marking
	tool     photo.Kind // ShipKind, PlanetoidKind or FieldKind; "" for the sheet's marks
	pending  []physics.Vec
	classIdx int
	density  referee.Density
	// snapping: the clicks refined on the photo, last first to undo
	snapper *photo.Snapper
	snaps   []snapUndo
	// detectErr is why the sheet was not found by itself (nil: found)
	detectErr error
	// align: correcting a companion game's ships (nil: photo mode's
	// rulings)
	align *PhotoAlign
	al    alignState
	// names are the marks' names placed on the photo this frame
	names []markName
	// dragging the view
	down, moved bool
	downAt      kit.Pt
	downOff     physics.Vec
}

// snapUndo is what a snap replaced: an object's clicks (id "" for the
// sheet's marks) and their precision.
type snapUndo struct {
	id      string
	clicked []physics.Vec
	sigma   float64
}

// photoExts are the photos photo mode opens.
var photoExts = []string{".jpg", ".jpeg", ".png"}

// AskPhoto asks for a photo (a path on the desktop, an upload in the
// browser, up to photo.MaxPhotoBytes) and opens photo mode on it.
func AskPhoto(a *App) {
	a.OpenFileUpTo("Open a photo of the table (JPEG or PNG), taken from above with the calibration sheet in view", a.SavePath("table.jpg"), photoExts, photo.MaxPhotoBytes, func(name string, data []byte) error {
		img, err := photo.DecodeImage(name, data)
		if err != nil {
			return err
		}
		p, err := newPhoto(a, name, img, nil, false)
		if err != nil {
			return err
		}
		p.seek()
		a.Show(p)
		a.Say("opened %s", filepath.Base(name))
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
	var marks *namedData
	if marksFile != "" {
		data, err := limits.ReadFileUpTo(marksFile, photo.MaxMarksBytes)
		if err != nil {
			return nil, err
		}
		marks = &namedData{marksFile, data}
	}
	return NewPhoto(a, path, img, marks)
}

// namedData is a file's content and its name for messages.
type namedData struct {
	name string
	data []byte
}

// NewPhoto opens photo mode on a decoded photo named name (its path or
// upload name), starting from a marks file's content when marks is not
// nil, else looking for the calibration sheet (A4, then Letter).
func NewPhoto(a *App, name string, img image.Image, marks *namedData) (*Photo, error) {
	return newPhoto(a, name, img, marks, true)
}

// newPhoto is NewPhoto; without detect the sheet is not looked for (the
// caller looks for it a step at a time: SheetSearch).
func newPhoto(a *App, name string, img image.Image, marks *namedData, detect bool) (*Photo, error) {
	b := img.Bounds()
	p := &Photo{a: a, path: name, img: img, shown: img, tool: photo.ShipKind, density: referee.Sparse}
	if s := max(b.Dx(), b.Dy()); s > photoShownSide {
		f := float64(photoShownSide) / float64(s)
		small := image.NewRGBA(image.Rect(0, 0, int(float64(b.Dx())*f), int(float64(b.Dy())*f)))
		draw.ApproxBiLinear.Scale(small, small.Bounds(), img, b, draw.Src, nil)
		p.shown = small
	}
	if marks != nil {
		mf, err := photo.ParseMarks(marks.name, marks.data, a.Comp, b.Dx(), b.Dy())
		if err != nil {
			return nil, err
		}
		p.marks = mf
		if mf.Sheet != nil && mf.Sheet.Auto {
			p.detect(mf.Sheet.Sheet.Paper)
		}
	} else {
		p.marks, _ = photo.ParseMarks("", []byte("sheet: {paper: a4, marks: auto}\n"), a.Comp, b.Dx(), b.Dy())
		if detect && !p.detect("a4") {
			p.detect("letter")
		}
	}
	p.marks.Samples = min(p.marks.Samples, photoSamples)
	if detect || marks != nil {
		// without either, the caller analyses once the sheet is found
		// (seek, NewPhotoAlign's search): the photo is read once, by
		// the search, not here in one go
		p.analyse()
	}
	return p, nil
}

// detect looks for the sheet on the photo; on success its marks are kept
// as found pixels.
func (p *Photo) detect(paper string) bool {
	sheet, _ := photo.SheetFor(paper)
	ds := photo.NewSheetSearch(p.img, sheet)
	for !ds.Step() {
	}
	det, err := ds.Result()
	p.keepSnapper(ds)
	return p.detected(sheet, det, err)
}

// seek starts looking for the calibration sheet (A4, then Letter) a piece
// a tick (seekTick): what NewPhoto does in one go, without a frame that
// lasts the whole search (seconds in a phone's browser).
func (p *Photo) seek() {
	p.seekPaper = 0
	sheet, _ := photo.SheetFor(photo.Papers[0])
	p.seeking = photo.NewSheetSearch(p.img, sheet)
	p.job, p.then = nil, nil
}

// seekTick does the sheet search's next steps until it is over or the
// tick's time (alignBudget) is spent; over, the sheet found (or why not)
// is kept as NewPhoto keeps it and the analysis starts.
func (p *Photo) seekTick() {
	start := p.a.now()
	for p.seeking != nil {
		if !p.seeking.Step() {
			if p.a.now().Sub(start) >= alignBudget {
				return
			}
			continue
		}
		ds := p.seeking
		det, err := ds.Result()
		if err != nil && p.seekPaper+1 < len(photo.Papers) {
			p.seekPaper++
			next, _ := photo.SheetFor(photo.Papers[p.seekPaper])
			p.seeking = photo.NewSheetSearch(p.img, next)
			continue
		}
		p.seeking = nil
		sheet, _ := photo.SheetFor(photo.Papers[p.seekPaper])
		p.keepSnapper(ds)
		p.detected(sheet, det, err)
		p.analyse()
		return
	}
}

// seekingWords says how far the sheet search is ("" when none runs).
func (p *Photo) seekingWords() string {
	if p.seeking == nil {
		return ""
	}
	paper := photo.Papers[p.seekPaper]
	return fmt.Sprintf("Looking for the %s calibration sheet: %.0f%%", strings.ToUpper(paper[:1])+paper[1:], 100*p.seeking.Progress())
}

// keepSnapper takes the photo's snapper from a sheet search that found
// the sheet (its grey levels: the photo is not read again), when there
// is none yet.
func (p *Photo) keepSnapper(ds *photo.SheetSearch) {
	if s := ds.Snapper(); s != nil && p.snapper == nil {
		p.snapper = s
	}
}

// detected keeps the sheet's detection on the photo (DetectSheet's or a
// SheetSearch's answer): its marks as found pixels, or why not.
func (p *Photo) detected(sheet photo.Sheet, det *photo.Detection, err error) bool {
	paper := sheet.Paper
	p.detectErr = err
	if err != nil {
		p.info = err.Error() + " Choose Sheet (s) and tap the sheet's four marks."
		if p.marks.Sheet != nil {
			p.marks.Sheet.Auto = false
			p.marks.Sheet.MarkPx = p.marks.ClickPx
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
		"The lens is measured from the long straight edges on the photo (the play area's, the sheet's: plumb line), and the play area's sides fix the perspective; with the table's size and the sheet's place (t) the play area's edges are fitted where they lie. When none are found the marks' own fit is used (the calibration line says which). e turns the edges off and on.",
		"t types the table's size and the sheet's place (table 900x900 at 450,450 angle 0: mm from the play area's corner, degrees).",
		"b finds the ships' bases on the photo by themselves and adds each one not marked yet, with its front when its fore mark shows: check each (Backspace removes the last).",
		"A ship's clicks snap to its base's edges, a planetoid's to its rim (and the sheet's clicked marks to their centres): the fitted outline is drawn, the clicks stay as grey crosses; u undoes the last snap.",
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

func (p *Photo) toScreen(v physics.Vec) kit.Pt {
	return kit.Pt{X: p.view.X + (v.X-p.off.X)*p.zoom, Y: p.view.Y + (v.Y-p.off.Y)*p.zoom}
}

func (p *Photo) toPhoto(s kit.Pt) physics.Vec {
	return physics.V((s.X-p.view.X)/p.zoom+p.off.X, (s.Y-p.view.Y)/p.zoom+p.off.Y)
}

func (p *Photo) zoomAt(s kit.Pt, f float64) {
	at := p.toPhoto(s)
	p.zoom = math.Max(0.02, math.Min(40, p.zoom*f))
	p.off = physics.V(at.X-(s.X-p.view.X)/p.zoom, at.Y-(s.Y-p.view.Y)/p.zoom)
}

// photoTickWork is the most work (photo.StepWork's units) photo mode's
// analysis does in one tick: a few steps, a dozen milliseconds on a
// desktop; the tick stops sooner when alignBudget's time is spent (the
// browser's WebAssembly is slower), and does one step at least.
const photoTickWork = 6 * photo.StepWork

// analyse fits the calibration and rules again after a change: it starts
// the analysis of the marks as they stand (photo.Analysis), which the
// ticks do a few steps at a time (analyseTick), the screen saying how far
// it is; one under way is dropped for it. then, when not nil, runs once
// the result is in.
func (p *Photo) analyse(then ...func()) {
	if p.marks.Edges {
		p.job = p.marks.NewAnalysis(p.snap())
	} else {
		b := p.img.Bounds()
		p.job = p.marks.NewMarksAnalysis(nil, b.Dx(), b.Dy())
	}
	p.then = append(p.then, then...)
}

// whenFitted runs fn now when the calibration of the marks as they stand
// is at hand (photo.Marks.FitKept), else once the analysis under way has
// fitted it, and then analyses again: a click's snap waits for the first
// fit on a photo instead of doing it in one frame.
func (p *Photo) whenFitted(fn func()) {
	if p.marks.FitKept(p.snap()) {
		fn()
		return
	}
	p.then = append(p.then, func() { fn(); p.analyse() })
}

// objectIdx is the index of the marked object id; -1 when none is.
func (p *Photo) objectIdx(id string) int {
	for i, o := range p.marks.Scene.Objects {
		if o.ID == id {
			return i
		}
	}
	return -1
}

// analyseTick does the analysis's next steps, until it is over, the
// tick's work (photoTickWork) or its time (alignBudget) is spent.
func (p *Photo) analyseTick() {
	start := p.a.now()
	p.tickWork = 0
	for p.job != nil {
		if p.tickWork > 0 && (p.tickWork+photo.StepWork > photoTickWork || p.a.now().Sub(start) >= alignBudget) {
			return
		}
		before := p.job.Work()
		done := p.job.Step()
		p.tickWork += p.job.Work() - before
		if done {
			p.res, p.err = p.job.Result()
			p.job = nil
			then := p.then
			p.then = nil
			for _, fn := range then {
				fn()
			}
		}
	}
}

// measuring says how far the analysis under way is ("" when none is):
// the panel's line while it runs.
func (p *Photo) measuring() string {
	if p.job == nil {
		return ""
	}
	return "Measuring: " + p.job.Doing()
}

// click adds a point for the current tool.
func (p *Photo) click(v physics.Vec) {
	b := p.img.Bounds()
	if v.X < 0 || v.Y < 0 || v.X > float64(b.Dx()) || v.Y > float64(b.Dy()) {
		return
	}
	if p.align != nil && p.al.tap == "" && p.tool == photo.ShipKind {
		p.info = "To mark one of your ships by its corners, choose its Tap button first."
		return
	}
	p.pending = append(p.pending, v)
	switch p.tool {
	case "":
		if len(p.pending) == 4 {
			p.seeking = nil // the player's marks, not the search's
			if p.marks.Sheet == nil {
				sheet, _ := photo.SheetFor("a4")
				p.marks.Sheet = &photo.Placement{Sheet: sheet, At: physics.V(p.marks.Scene.Table.Width/2, p.marks.Scene.Table.Depth/2)}
			}
			copy(p.marks.Sheet.Pixels[:], p.pending)
			p.marks.Sheet.Auto, p.marks.Sheet.MarkPx = false, p.marks.ClickPx
			p.pending, p.tool = nil, photo.ShipKind
			p.info = "sheet marks clicked by hand"
			p.snapSheet()
			p.analyse()
		}
	case photo.ShipKind:
		if p.align != nil && len(p.pending) == 2 {
			p.alignTapped()
			return
		}
		if len(p.pending) == 2 {
			c := p.class()
			p.add(photo.Object{ID: p.a.Comp.NewShipID(c, p.taken), Kind: photo.ShipKind, Class: c, AcrossFlats: p.a.Comp.BaseAcrossFlats(c), Level: 1})
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
	p.whenFitted(func() {
		i := p.objectIdx(o.ID)
		switch {
		case i < 0:
		case o.Kind == photo.ShipKind:
			p.snapShip(i)
		case o.Kind == photo.PlanetoidKind:
			p.snapRim(i)
		}
		if o.Kind != photo.ShipKind && p.align != nil && p.align.Shot != nil {
			p.disputeAdopt(o.ID) // the twin's obstacle it shows
		}
	})
	p.analyse()
}

// snap returns the photo's snapper, made on first use.
func (p *Photo) snap() *photo.Snapper {
	if p.snapper == nil {
		p.snapper = photo.NewSnapper(p.img)
	}
	return p.snapper
}

// snapShip fits ship i's base to the photo's edges near its clicks
// (photo.Snapper.Ship) through the calibration and keeps the fitted
// corners, with the clicks kept to undo it (u); the clicks stay when
// there is no calibration yet or the fit is refused.
func (p *Photo) snapShip(i int) {
	cal, err := p.marks.FitOn(p.snap())
	if err != nil {
		return
	}
	o := &p.marks.Scene.Objects[i]
	s, err := p.snap().Ship(cal.Model, *o)
	if err != nil {
		p.info = err.Error()
		return
	}
	p.snaps = append(p.snaps, snapUndo{id: o.ID, clicked: o.Points, sigma: o.SigmaPx})
	o.Points, o.SigmaPx = s.Points, s.SigmaPx
	p.info = fmt.Sprintf("%s snapped to its base's edges (moved %.1f px, ± %.1f px); u undoes the snap", o.ID, s.MovedPx, s.SigmaPx)
}

// snapRim fits planetoid i's rim to the photo's edges near its three
// clicks (photo.Snapper.Planetoid) and keeps the points moved onto it,
// with the clicks kept to undo it (u).
func (p *Photo) snapRim(i int) {
	cal, err := p.marks.FitOn(p.snap())
	if err != nil {
		return
	}
	o := &p.marks.Scene.Objects[i]
	rim, err := p.snap().Planetoid(cal.Model, *o)
	if err != nil {
		p.info = err.Error()
		return
	}
	p.snaps = append(p.snaps, snapUndo{id: o.ID, clicked: o.Points, sigma: o.SigmaPx})
	o.Points, o.SigmaPx = rim.Points, rim.SigmaPx
	p.info = fmt.Sprintf("%s snapped to its rim (radius %.1f mm, moved %.1f px, ± %.1f px); u undoes the snap", o.ID, rim.Circle.R, rim.MovedPx, rim.SigmaPx)
}

// snapSheet refines the sheet's clicked marks to the marks' centres
// (photo.Snapper.SheetMark), when every one is found.
func (p *Photo) snapSheet() {
	sh := p.marks.Sheet
	var got [4]physics.Vec
	for i, v := range sh.Pixels {
		q, ok := p.snap().SheetMark(v)
		if !ok {
			return
		}
		got[i] = q
	}
	p.snaps = append(p.snaps, snapUndo{clicked: append([]physics.Vec(nil), sh.Pixels[:]...), sigma: sh.MarkPx})
	sh.Pixels, sh.MarkPx = got, photo.DefaultMarkPx
	p.info = "sheet marks snapped to their centres; u undoes the snap"
}

// unsnap puts back the clicks the last snap replaced.
func (p *Photo) unsnap() {
	if len(p.snaps) == 0 {
		return
	}
	u := p.snaps[len(p.snaps)-1]
	p.snaps = p.snaps[:len(p.snaps)-1]
	if u.id == "" {
		if p.marks.Sheet != nil {
			copy(p.marks.Sheet.Pixels[:], u.clicked)
			p.marks.Sheet.MarkPx = u.sigma
		}
	} else {
		for i := range p.marks.Scene.Objects {
			if o := &p.marks.Scene.Objects[i]; o.ID == u.id {
				o.Points, o.SigmaPx = u.clicked, u.sigma
			}
		}
	}
	p.info = "snap undone: the clicks stand as clicked"
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

// taken reports whether a marked object has the id.
func (p *Photo) taken(id string) bool {
	for _, o := range p.marks.Scene.Objects {
		if o.ID == id {
			return true
		}
	}
	return false
}

// Handle implements Screen.
func (p *Photo) Handle(ev kit.Event) {
	if p.align != nil && p.al.scroll.Handle(ev, p.a.S()) {
		return // the aligning panel scrolled
	}
	if p.align != nil && p.al.hand != nil {
		if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape && p.al.placed {
			p.al.hand = nil // the place it had
			return
		}
		if p.handlePlace(ev) {
			return
		}
		if ev.Kind != kit.KeyPress && ev.Kind != kit.Char {
			return // the photo is not shown
		}
	}
	switch ev.Kind {
	case kit.Wheel:
		if p.view.Contains(kit.Pt{X: ev.X, Y: ev.Y}) {
			p.zoomAt(kit.Pt{X: ev.X, Y: ev.Y}, math.Pow(1.25, ev.DY))
		}
	case kit.Pinch: // two fingers zoom about their middle and pan with it
		p.down = false
		p.off = physics.V(p.off.X-ev.DX/p.zoom, p.off.Y-ev.DY/p.zoom)
		p.zoomAt(kit.Pt{X: ev.X, Y: ev.Y}, ev.Scale)
	case kit.MouseDown:
		if p.view.Contains(kit.Pt{X: ev.X, Y: ev.Y}) {
			p.down, p.moved, p.downAt, p.downOff = true, false, kit.Pt{X: ev.X, Y: ev.Y}, p.off
		}
	case kit.MouseMove:
		if p.down {
			dx, dy := ev.X-p.downAt.X, ev.Y-p.downAt.Y
			if math.Hypot(dx, dy) > 4 || p.moved {
				p.moved = true
				p.off = physics.V(p.downOff.X-dx/p.zoom, p.downOff.Y-dy/p.zoom)
			}
		}
	case kit.MouseUp:
		if p.down && !p.moved && ev.Button == kit.ButtonLeft {
			p.click(p.toPhoto(kit.Pt{X: ev.X, Y: ev.Y}))
		}
		p.down = false
	case kit.KeyPress:
		switch ev.Key {
		case kit.KeyEscape:
			if len(p.pending) > 0 {
				p.pending = nil
				return
			}
			if p.align != nil {
				p.align.Back()
				return
			}
			p.a.Home()
		case kit.KeyBackspace, kit.KeyDelete:
			p.undo()
		case kit.KeyEnter:
			if p.tool == photo.FieldKind && len(p.pending) >= 3 {
				p.add(photo.Object{ID: p.newID("field"), Kind: photo.FieldKind, Density: p.density, Level: 1})
			}
		case kit.KeyF2:
			p.askSaveMarks()
		case kit.KeyF3:
			p.askSaveTable()
		}
	case kit.Char:
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
	case 'u':
		p.unsnap()
	case 'e':
		p.marks.Edges = !p.marks.Edges
		p.analyse(func() {
			switch c := p.calibration(); {
			case c != nil:
				p.info = "straight edges: " + c.Edges.String()
				if c.Lens != nil {
					p.info += " (" + c.Lens.String() + ")"
				}
			case p.marks.Edges:
				p.info = "the lens will be measured from the photo's straight edges once the calibration fits"
			default:
				p.info = "the photo's straight edges are not used for the lens"
			}
		})
	case 't':
		if p.align != nil && p.al.hand == nil {
			p.alignPlaceByHand()
			return
		}
		p.askPlace()
	case 'b':
		if p.align != nil {
			p.alignFind()
			return
		}
		p.findBases()
	case 'r':
		p.turnLastShip()
	case 'a':
		paper := "a4"
		if p.marks.Sheet != nil {
			paper = p.marks.Sheet.Sheet.Paper
		}
		p.detect(paper)
		p.analyse()
	case ',', '.':
		if o := p.lastShip(); o != nil {
			d := 1
			if r == ',' {
				d = -1
			}
			o.Rotation = starship.StepDial(o.Rotation, d)
			p.analyse()
		}
	}
}

// calibration is the fit the last analysis used; nil without one.
func (p *Photo) calibration() *photo.Calibration {
	if p.res == nil {
		return nil
	}
	return p.res.Calibration
}

// askPlace asks for the table's size and the sheet's place
// (photo.ParsePlacing's words) and analyses again with them.
func (p *Photo) askPlace() {
	title, offer := "Table size and sheet place (mm, degrees): table WIDTHxDEPTH at X,Y angle DEG", p.marks.PlacingText()
	if p.align != nil {
		// the table is the game's: only the sheet's place is asked
		title = "Where the sheet lies"
		at, angle := p.marks.Sheet.At, p.marks.Sheet.Angle
		if sp := p.al.hand; sp != nil {
			at, angle = sp.at, sp.angle
		}
		offer = fmt.Sprintf("at %s,%s angle %s", trimNum(at.X), trimNum(at.Y), trimNum(angle))
	}
	p.a.Ask(title, offer, nil, func(text string) error {
		pl, err := photo.ParsePlacing(text)
		if err != nil {
			return err
		}
		if p.align != nil && pl.Size != nil && (pl.Size.X != p.align.Width || pl.Size.Y != p.align.Depth) {
			return fmt.Errorf("the table is the game's, %s × %s mm; give only where the sheet lies: at X,Y angle DEG", trimNum(p.align.Width), trimNum(p.align.Depth))
		}
		if p.align != nil {
			if err := p.alignPlaced(pl); err != nil {
				return err
			}
			p.al.hand = nil
			return nil
		}
		if err := p.marks.Place(pl); err != nil {
			return err
		}
		p.info = "placed: " + p.marks.PlacingText()
		p.analyse()
		return nil
	})
}

// findBases adds the bases found on the photo that no marked ship
// stands on (photo.Marks.ProposeShips, every class's size), fitted to
// their edges; the player checks each.
func (p *Photo) findBases() { p.whenFitted(p.findBasesNow) }

// findBasesNow is findBases once the calibration is at hand.
func (p *Photo) findBasesNow() {
	cal, err := p.marks.FitOn(p.snap())
	if err != nil {
		p.info = "no bases looked for: " + err.Error()
		return
	}
	var cs []photo.ClassSize
	for _, id := range p.classes() {
		cs = append(cs, photo.ClassSize{Class: id, AcrossFlats: p.a.Comp.BaseAcrossFlats(id)})
	}
	// looked for a band of rows a step (findTick), as the companion's
	// search does: the same bases as photo.Marks.ProposeShips
	p.finding, p.findCal = p.snap().NewBaseSearch(cal.Model, p.marks.Scene.Table.Width, p.marks.Scene.Table.Depth, cs), cal
	p.info = "Looking for the bases on the photo."
}

// findTick goes on looking for the bases until the search is over or the
// tick's time (alignBudget) is spent, then proposes them.
func (p *Photo) findTick() {
	start := p.a.now()
	for p.finding != nil {
		if p.finding.Step() {
			cal, bases := p.findCal, p.finding.Bases()
			p.finding, p.findCal = nil, nil
			p.proposeBases(cal, bases)
			return
		}
		if p.a.now().Sub(start) >= alignBudget {
			return
		}
	}
}

// proposeBases adds the bases found (through cal) that no marked ship
// stands on, for the player to check.
func (p *Photo) proposeBases(cal *photo.Calibration, bases []photo.Base) {
	ships, found := p.marks.Proposals(cal, bases)
	unsure, ends := 0, 0
	for i, o := range ships {
		// the class chosen for the next ship (c), when it is of this size
		if c := p.class(); p.a.Comp.BaseAcrossFlats(c) == o.AcrossFlats && o.Class != c {
			o.Class, o.ID = c, p.a.Comp.NewShipID(c, p.taken)
		}
		p.marks.Scene.Objects = append(p.marks.Scene.Objects, o)
		switch {
		case found[i].ForeKnown:
		case found[i].AxisKnown:
			ends++
		default:
			unsure++
		}
	}
	p.info = fmt.Sprintf("%d bases found on the photo and added (as %s where of its size); check each: Backspace removes the last", len(ships), p.class())
	if ends > 0 {
		p.info += fmt.Sprintf("; %d show front and rear lines alike: their front may be the other end (r turns the last ship half a turn)", ends)
	}
	if unsure > 0 {
		p.info += fmt.Sprintf("; %d show no fore mark: their front is a guess", unsure)
	}
	p.analyse()
}

// turnLastShip turns the last ship marked half a turn on its stand
// (photo.TurnShip): its front becomes the flat that was its rear, for a
// base whose front and rear lines look alike on the photo.
func (p *Photo) turnLastShip() {
	if p.lastShip() == nil {
		return
	}
	p.whenFitted(p.turnLastShipNow)
}

// turnLastShipNow is turnLastShip once the calibration is at hand.
func (p *Photo) turnLastShipNow() {
	o := p.lastShip()
	if o == nil {
		return
	}
	cal, err := p.marks.FitOn(p.snap())
	if err != nil {
		p.info = "not turned: " + err.Error()
		return
	}
	turned, err := photo.TurnShip(cal.Model, *o)
	if err != nil {
		p.info = "not turned: " + err.Error()
		return
	}
	*o = turned
	p.info = o.ID + " turned half a turn: its front is the flat that was its rear"
	p.analyse()
}

func (p *Photo) undo() {
	if len(p.pending) > 0 {
		p.pending = p.pending[:len(p.pending)-1]
		return
	}
	if n := len(p.marks.Scene.Objects); n > 0 {
		gone := p.marks.Scene.Objects[n-1].ID
		p.marks.Scene.Objects = p.marks.Scene.Objects[:n-1]
		kept := p.snaps[:0]
		for _, u := range p.snaps {
			if u.id == "" || u.id != gone {
				kept = append(kept, u)
			}
		}
		p.snaps = kept
		p.analyse()
	}
}

func (p *Photo) askSaveMarks() {
	def := strings.TrimSuffix(p.path, filepath.Ext(p.path)) + ".marks.yaml"
	p.a.SaveAs("Save the marks file (YAML, for bsg photo -marks)", def, []string{".yaml", ".yml"}, func() ([]byte, error) {
		saved := *p.marks
		saved.Samples = photo.DefaultSamples // bsg photo's own size, not the quicker one used while marking
		return saved.YAML(), nil
	}, nil)
}

func (p *Photo) askSaveTable() {
	if p.job != nil {
		p.a.Say("still measuring: save the table once the rulings are in")
		return
	}
	if p.res == nil {
		p.a.Say("nothing to save yet: %v", p.err)
		return
	}
	p.a.SaveAs("Save the table file (YAML, MEASURE-FORMAT.md)", p.a.SavePath("photo-table.yaml"), []string{".yaml", ".yml"}, func() ([]byte, error) {
		return tablefile.Marshal(p.res.Table), nil
	}, nil)
}

// Tick implements Screen: a search for a companion game's bases (or
// for the bases, b) goes on, else the analysis after the last change
// (one of them a tick: one budget; a search ends with an analysis of its
// own).
func (p *Photo) Tick(float64) {
	switch {
	case p.seeking != nil:
		p.seekTick()
	case p.align != nil && p.al.job != nil:
		p.alignTick()
	case p.finding != nil:
		p.findTick()
	default:
		p.analyseTick()
	}
}

// Draw implements Screen.
func (p *Photo) Draw(l *kit.List) {
	a := p.a
	view, panel := a.Split(math.Min(420*a.S(), a.W*0.4), p.panelHeight())
	if p.align != nil && a.Portrait() {
		// aligning: the ships' lines and buttons before the photo, which
		// fingers pinch to look closer
		ph := math.Round(math.Min(p.panelHeight(), a.H*0.8))
		view, panel = kit.Rect{X: 0, Y: 0, W: a.W, H: a.H - ph}, kit.Rect{X: 0, Y: a.H - ph, W: a.W, H: ph}
	}
	if view != p.view || p.zoom == 0 {
		p.view = view
		p.fitView()
	}
	l.Background = kit.ColCover1
	l.SetClip(&p.view)
	if p.align != nil && p.al.hand != nil {
		p.drawPlace(l)
		l.SetClip(nil)
		l.NewLayer()
		p.drawAlignPanel(l, panel)
		return
	}
	b := p.img.Bounds()
	tl, br := p.toScreen(physics.V(0, 0)), p.toScreen(physics.V(float64(b.Dx()), float64(b.Dy())))
	l.Image(p.shown, kit.Rect{X: tl.X, Y: tl.Y, W: br.X - tl.X, H: br.Y - tl.Y})
	l.NewLayer()
	p.placeMarkLabels(l)
	p.drawSnapped(l)
	if p.res != nil {
		p.drawOverlay(l)
	}
	if p.align != nil && p.res != nil && p.al.placed {
		p.drawTwins(l)
		if p.align.Shot != nil {
			p.drawTwinArc(l)
		}
	}
	p.drawMarks(l)
	l.SetClip(nil)
	l.NewLayer()
	switch {
	case p.align != nil && p.align.Shot != nil:
		p.drawDisputePanel(l, panel)
	case p.align != nil:
		p.drawAlignPanel(l, panel)
	default:
		p.drawPanel(l, panel)
	}
}

// photoButtonRows is how many rows of buttons the panel holds.
const photoButtonRows = 4

// panelHeight is the height the panel wants under the photo when the
// window is portrait: its buttons and a few lines of rulings, or all the
// room the photo leaves when it fills the width.
func (p *Photo) panelHeight() float64 {
	s := p.a.S()
	b := p.img.Bounds()
	want := 40*s + photoButtonRows*(p.buttonH()+6*s) + 110*s
	if p.align != nil {
		want = p.alignPanelHeight()
	}
	return math.Max(want, p.a.H-p.a.W*float64(b.Dy())/float64(b.Dx()))
}

// buttonH is the panel's button height: a finger's target on a touch
// screen (App.MinTarget), a comfortable click on the desktop.
func (p *Photo) buttonH() float64 { return 30 * p.a.S() }

// curve maps a table polyline to the screen through the calibration,
// sampling each segment (the lens bends straight lines).
func (p *Photo) curve(pts []physics.Vec, closed bool) []kit.Pt {
	m := p.res.Calibration.Model
	var out []kit.Pt
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

func (p *Photo) drawOverlay(l *kit.List) {
	t := p.res.Table
	s := p.a.S()
	for _, o := range t.Obstacles {
		switch o.Kind {
		case referee.Planetoid:
			var c []physics.Vec
			for k := range 48 {
				c = append(c, o.Circle.C.Add(physics.Direction(physics.Deg(7.5*float64(k))).Mul(o.Circle.R)))
			}
			l.Poly(p.curve(c, true), kit.ColNone, kit.ColPlanetoid, 2*s)
		case referee.AsteroidField:
			l.Poly(p.curve(o.Polygon, true), kit.ColNone, kit.ColCover, 2*s)
		}
	}
	for _, sh := range t.Ships {
		l.Poly(p.curve(sh.Base(), true), kit.ColNone, kit.ColColonial, 2*s)
		hex := sh.Base()
		l.Line(p.curve([]physics.Vec{hex[0], hex[1]}, false), kit.ColWhite, 3*s)
		for _, d := range []float64{-1, 1} {
			if p.align != nil && (p.align.Shot == nil || p.align.Shot.Attacker != sh.ID) {
				break // a correction, not a ruling: no arcs (a disputed shot: its attacker's)
			}
			dir := physics.Direction(sh.Facing(t.Limits) + physics.Deg(d*t.Limits.FireArcHalfWidth))
			l.Dashed(p.curve([]physics.Vec{sh.Pose.Pos, sh.Pose.Pos.Add(dir.Mul(t.Limits.LongRange))}, false), kit.ColColonial, 1.5*s, 6*s, 4*s)
		}
	}
	for _, ru := range p.res.Rulings {
		if !ru.Measured || p.align != nil && (p.align.Shot == nil || ru.AttackerID != p.align.Shot.Attacker || ru.TargetID != p.align.Shot.Target) {
			continue // a correction, not a ruling (a disputed shot: its own)
		}
		col := BandColor(ru.Band)
		if !ru.Certain {
			col = kit.ColWarn
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
		var spots []kit.Spot
		for _, f := range []float64{0.5, 0.35, 0.65, 0.2, 0.8} {
			at := line[int(f*float64(len(line)-1))]
			spots = append(spots, kit.Spot{At: kit.Pt{X: at.X, Y: at.Y - 4*s}, Anchor: kit.AnchorMiddle}, kit.Spot{At: kit.Pt{X: at.X, Y: at.Y + sz + 4*s}, Anchor: kit.AnchorMiddle})
		}
		spot := l.PlaceLabel(spots, p.a.Fonts.Width(label, sz, true), sz)
		l.HaloText(spot.At, label, sz, col, kit.ColWhite, spot.Anchor, true)
	}
}

// markName is a mark's name as placed on the photo: its text, where it
// goes (ok false: no room near it, left out), the mark it names and
// whether it stands off it (a leader line joins them).
type markName struct {
	text    string
	at      kit.Spot
	mark    kit.Pt
	far, ok bool
}

// photoMarks are the marks drawn on the photo, each with its name ("" for
// none): the sheet's clicked marks, then each object's points (its name
// on the first).
func (p *Photo) photoMarks() (pts []physics.Vec, names []string) {
	if sh := p.marks.Sheet; sh != nil && !sh.Auto {
		for i, v := range sh.Pixels {
			if v != (physics.Vec{}) {
				label := "sheet " + photo.MarkNames[i]
				if p.align != nil {
					label = "" // found by itself: the crosses say where
				}
				pts, names = append(pts, v), append(names, label)
			}
		}
	}
	for _, o := range p.marks.Scene.Objects {
		for k, v := range o.Points {
			label := ""
			if k == 0 {
				label = o.ID
			}
			pts, names = append(pts, v), append(names, label)
		}
	}
	return pts, names
}

// placeMarkLabels places the marks' names on the photo: every mark's
// cross is taken first, then each name beside its mark (up or down, right
// or left) where it covers no mark and no name placed before it, else the
// nearest free place within reach with a leader line, else left out: two
// bases close together on a phone's screen keep their names apart. The
// rulings' labels, placed after, avoid them too.
func (p *Photo) placeMarkLabels(l *kit.List) {
	s := p.a.S()
	r, sz := 7*s, p.a.TextSize(11)
	pts, names := p.photoMarks()
	for _, v := range pts {
		c := p.toScreen(v)
		l.Take(kit.Rect{X: c.X - r, Y: c.Y - r, W: 2 * r, H: 2 * r})
	}
	p.names = p.names[:0]
	for i, v := range pts {
		if names[i] == "" {
			continue
		}
		c := p.toScreen(v)
		w := p.a.Fonts.Width(names[i], sz, false)
		cands := []kit.Spot{
			{At: kit.Pt{X: c.X + r + 2, Y: c.Y - r}, Anchor: kit.AnchorStart},
			{At: kit.Pt{X: c.X - r - 2, Y: c.Y - r}, Anchor: kit.AnchorEnd},
			{At: kit.Pt{X: c.X + r + 2, Y: c.Y + r + sz}, Anchor: kit.AnchorStart},
			{At: kit.Pt{X: c.X - r - 2, Y: c.Y + r + sz}, Anchor: kit.AnchorEnd},
		}
		at, far, ok := l.PlaceText(cands, w, sz, c, 90*s, p.view)
		p.names = append(p.names, markName{text: names[i], at: at, mark: c, far: far, ok: ok})
	}
}

func (p *Photo) drawMarks(l *kit.List) {
	s := p.a.S()
	pts, _ := p.photoMarks()
	for _, v := range append(pts, p.pending...) {
		c := p.toScreen(v)
		r := 7 * s
		l.Line([]kit.Pt{{X: c.X - r, Y: c.Y}, {X: c.X + r, Y: c.Y}}, kit.ColCover, 1.5*s)
		l.Line([]kit.Pt{{X: c.X, Y: c.Y - r}, {X: c.X, Y: c.Y + r}}, kit.ColCover, 1.5*s)
		l.Circle(c, r*0.6, kit.ColNone, kit.ColInk, 1*s)
	}
	sz := p.a.TextSize(11)
	for _, n := range p.names {
		if !n.ok {
			continue
		}
		if n.far {
			l.Leader(kit.LabelBox(n.at.At, p.a.Fonts.Width(n.text, sz, false), sz, n.at.Anchor), n.mark, kit.ColInk)
		}
		l.HaloText(n.at.At, n.text, sz, kit.ColInk, kit.ColWhite, n.at.Anchor, false)
	}
}

// drawSnapped draws the clicks a snap replaced, small and grey, under the
// rulings (u puts them back).
func (p *Photo) drawSnapped(l *kit.List) {
	s := p.a.S()
	for _, u := range p.snaps {
		for _, v := range u.clicked {
			c, r := p.toScreen(v), 4*s
			l.Line([]kit.Pt{{X: c.X - r, Y: c.Y - r}, {X: c.X + r, Y: c.Y + r}}, kit.ColSecondary, 1*s)
			l.Line([]kit.Pt{{X: c.X - r, Y: c.Y + r}, {X: c.X + r, Y: c.Y - r}}, kit.ColSecondary, 1*s)
		}
	}
}

func (p *Photo) drawPanel(l *kit.List, r kit.Rect) {
	a := p.a
	s := a.S()
	l.Rect(r, kit.ColPanel, kit.ColPanelLine, 1)
	x, w := r.X+12*s, r.W-24*s
	y := r.Y + 24*s
	a.Label(l, x, y, "Photo mode", 16, kit.ColInk, true)
	a.Label(l, x+a.Fonts.Width("Photo mode", a.TextSize(16), true)+10*s, y, filepath.Base(p.path), 11, kit.ColSecondary, false)
	y += 10 * s
	bh := p.buttonH()
	row := func(labels []string, on []bool, fns []func()) { y = a.ButtonRow(l, x, y, w, bh, 6*s, labels, on, fns) }
	char := func(r rune) func() { return func() { p.char(r) } }
	key := func(k kit.Key) func() { return func() { p.Handle(kit.Press(k)) } }
	row([]string{a.K("Ship", "n"), a.K("Planetoid", "p"), a.K("Field", "f"), a.K("Sheet", "s")},
		[]bool{p.tool == photo.ShipKind, p.tool == photo.PlanetoidKind, p.tool == photo.FieldKind, p.tool == ""},
		[]func(){char('n'), char('p'), char('f'), char('s')})
	switch p.tool {
	case photo.FieldKind:
		var closeField func()
		if len(p.pending) >= 3 {
			closeField = key(kit.KeyEnter)
		}
		row([]string{a.K("Close the field", "Enter"), a.K(string(p.density), "d")}, []bool{false, false}, []func(){closeField, char('d')})
	default:
		var dialDown, dialUp, turn func()
		if p.lastShip() != nil {
			dialDown, dialUp, turn = char(','), char('.'), char('r')
		}
		row([]string{a.K("Class: "+p.class(), "c"), a.K("Dial −", ","), a.K("Dial +", "."), a.K("Turn", "r"), a.K("Edges", "e")}, []bool{false, false, false, false, p.marks.Edges},
			[]func(){char('c'), dialDown, dialUp, turn, char('e')})
	}
	var undo func()
	if len(p.pending) > 0 || len(p.marks.Scene.Objects) > 0 {
		undo = key(kit.KeyBackspace)
	}
	var unsnap func()
	if len(p.snaps) > 0 {
		unsnap = char('u')
	}
	row([]string{"Undo", a.K("Unsnap", "u"), a.K("Zoom −", "-"), a.K("Zoom +", "+"), a.K("Fit", "0")}, []bool{false, false, false, false, false},
		[]func(){undo, unsnap, char('-'), char('+'), char('0')})
	var saveTable func()
	if p.res != nil {
		saveTable = key(kit.KeyF3)
	}
	row([]string{a.K("Save marks", "F2"), a.K("Save table", "F3"), a.K("Find bases", "b"), a.K("Place", "t"), a.K("Back", "Esc")}, []bool{false, false, false, false, false},
		[]func(){key(kit.KeyF2), saveTable, char('b'), char('t'), func() { p.a.Home() }})
	bottom := r.Y + r.H - 8*s
	para := func(text string, size float64, c color.NRGBA, bold bool) bool {
		if y > bottom-size*s {
			return false
		}
		y = a.Para(l, x, y+4*s, w, text, size, c, bold)
		return true
	}
	if p.info != "" {
		para(p.info, 11, kit.ColSecondary, false)
	}
	if m := p.seekingWords(); m != "" {
		para(m, 12, kit.ColInk, true)
	}
	if p.finding != nil {
		para("Finding the bases: "+p.finding.Doing(), 12, kit.ColInk, true)
	}
	if m := p.measuring(); m != "" {
		para(m, 12, kit.ColInk, true)
	}
	tool := map[photo.Kind]string{"": "sheet: tap its mark " + p.nextSheetMark(), photo.ShipKind: "ship (" + p.class() + "): tap the front flat's " + []string{"left", "right"}[min(len(p.pending), 1)] + " corner",
		photo.PlanetoidKind: fmt.Sprintf("planetoid: tap edge point %d of 3", len(p.pending)+1), photo.FieldKind: fmt.Sprintf("%s asteroid field: tap its outline (%d points), then close it", p.density, len(p.pending))}[p.tool]
	para("Marking: "+tool, 12, kit.ColInk, true)
	if p.res == nil {
		if p.job != nil || p.seeking != nil {
			return // looking or measuring: the line above says how far
		}
		msg := "Mark the sheet and two ships to get rulings."
		if p.err != nil {
			msg = p.err.Error()
		}
		para(msg, 12, kit.ColWarn, false)
		return
	}
	// the verdicts first: they are what the photo was taken for
	for _, ru := range p.res.Rulings {
		col := kit.ColInk
		if !ru.Certain {
			col = kit.ColWarn
		}
		if !para(ru.Verdict, 12, col, ru.CanFire) {
			a.Label(l, x, bottom, "…", 12, kit.ColSecondary, false)
			return
		}
		// each margin that decides the shot, with its 95% interval
		if m := ru.MarginWords(); m != "" && !para(m, 11, col, false) {
			a.Label(l, x, bottom, "…", 12, kit.ColSecondary, false)
			return
		}
	}
	c := p.res.Calibration
	if n := p.res.MoreMarks; n > 0 {
		if !para(fmt.Sprintf("Mark %d more points of known place (Sheet s uses the sheet; add the play area's corners in the marks file): %d marks cannot measure the lens, so its distortion is assumed as wide as phone lenses have, and every interval is wider for it.", n, len(c.Residuals)), 11, kit.ColWarn, false) {
			return
		}
	}
	lens := fmt.Sprintf("no lens term (K1 drawn ±%.0f%%)", 100*photo.LensPriorK1)
	switch {
	case c.Lens != nil:
		lens = c.Lens.String()
	case c.Terms > 0:
		lens = fmt.Sprintf("lens K1 %.4f", c.Model.K1)
	}
	if !para(fmt.Sprintf("Calibration: %d marks, %s, residuals %.2f mm rms; straight edges: %s", len(c.Residuals), lens, c.RMSMM, c.Edges), 11, kit.ColSecondary, false) {
		return
	}
	for _, ps := range p.res.Poses {
		text := fmt.Sprintf("%s (%.1f, %.1f) ± %.1f mm", ps.ID, ps.Pos.X, ps.Pos.Y, ps.PosPM)
		if i := shipIdx(p.res.Table, ps.ID); i >= 0 {
			text += fmt.Sprintf(", heading %.0f° ± %.1f°", ps.Heading, ps.HeadingPM)
		}
		if !para(text, 11, kit.ColSecondary, false) {
			return
		}
	}
}

// lastShip is the ship marked last (the one the dial buttons turn).
func (p *Photo) lastShip() *photo.Object {
	for i := len(p.marks.Scene.Objects) - 1; i >= 0; i-- {
		if o := &p.marks.Scene.Objects[i]; o.Kind == photo.ShipKind {
			return o
		}
	}
	return nil
}

// Verdicts returns every ruling's verdict, one a line ("" before the
// calibration and two ships are marked): what the page tells screen
// readers.
func (p *Photo) Verdicts() string {
	if p.res == nil {
		return ""
	}
	if p.align != nil && p.align.Shot != nil {
		return p.disputeWords()
	}
	var lines []string
	for _, ru := range p.res.Rulings {
		lines = append(lines, ru.Verdict)
	}
	return strings.Join(lines, "\n")
}

// rulers lists the measured rulings with their rulers' ends on the
// screen, as drawn over the photo.
func (p *Photo) rulers() []PhotoRuling {
	if p.res == nil {
		return nil
	}
	var out []PhotoRuling
	for _, ru := range p.res.Rulings {
		if !ru.Measured {
			continue
		}
		line := p.curve([]physics.Vec{ru.Witness.A, ru.Witness.B}, false)
		if len(line) < 2 {
			continue
		}
		a, b := line[0], line[len(line)-1]
		out = append(out, PhotoRuling{Attacker: ru.AttackerID, Target: ru.TargetID, Range: ru.Range, Lo: ru.RangeCI.Lo, Hi: ru.RangeCI.Hi,
			Certain: ru.Certain, From: [2]float64{a.X, a.Y}, To: [2]float64{b.X, b.Y}})
	}
	return out
}

// View returns where the photo shows: photo pixel v is at
// (X + (v.X − Off.X)·Zoom, Y + (v.Y − Off.Y)·Zoom) on the screen.
func (p *Photo) View() (x, y, zoom float64, off physics.Vec) {
	return p.view.X, p.view.Y, p.zoom, p.off
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

// pageState tells the page the rulings and where the photo shows.
func (p *Photo) pageState(st *PageState) {
	st.Ruling = p.Verdicts()
	x, y, zoom, off := p.View()
	b := p.img.Bounds()
	st.Photo = &PagePhoto{X: x, Y: y, Zoom: zoom, OffX: off.X, OffY: off.Y, Width: b.Dx(), Height: b.Dy(), Rulings: p.rulers()}
}
