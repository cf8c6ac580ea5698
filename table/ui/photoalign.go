package ui

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"time"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// PhotoExts are the photos photo mode opens (JPEG and PNG).
var PhotoExts = photoExts

// PhotoAlign is what a companion game hands photo mode to correct the
// player's ships from a photo of the real table (issue 27, Movement: "take
// a photo with the sheet in view and mark it in the photo mode"): the
// table's size, the twin's ships on the table (the player's own, which
// the photo corrects, and the others, whose bases the photo shows too),
// and where the confirmed poses go. Photo mode calibrates as always (the
// printed sheet found on the photo, its place on the table typed), finds
// the bases of the twin's classes by themselves (photo.Marks.ProposeShips)
// or snaps the corners the player taps to a base (photo.Snapper.Ship),
// and states each pose's 95% interval (photo.Result.Poses).
type PhotoAlign struct {
	Width, Depth float64                 // the play area (mm)
	Own          []AlignShip             // the player's ships on the table
	Others       []AlignShip             // every other ship on the table
	Placing      string                  // the sheet's place typed for the last photo (photo.ParsePlacing's words), "" for none
	Send         func([]PoseFix, string) // the confirmed corrections and the sheet's place as typed
	Back         func()                  // back to the game, nothing sent
	// Shot, when not nil, is a disputed ruling to measure from the photo
	// (photodispute.go): every ship's base is looked for, and the panel
	// rules the shot on the photo beside the game's ruling.
	Shot *DisputedShot
	// Closed, when not nil, says why no pose is taken now ("" while they
	// are): the dispute panel says it before the player accepts.
	Closed func() string
}

// AlignShip is a ship of the twin on the table: its base and its pose.
type AlignShip struct {
	ID, Class   string
	AcrossFlats float64
	Pose        physics.Pose
	Level       int // the level slider (Three-dimensional space)
}

// PoseFix is a pose read from the photo for one of the player's ships,
// with its 95% interval (photo.Pose): the stand's radius in mm and the
// heading's in degrees.
type PoseFix struct {
	Ship      string
	Pose      physics.Pose
	PosPM     float64
	HeadingPM float64
}

// alignState is photo mode's state while it corrects a companion game's
// ships: the ships confirmed, the one whose corners the player taps, and
// whether the sheet's place was given.
type alignState struct {
	ok     map[string]bool
	tapped map[string]bool
	tap    string
	placed bool
	ask    bool // ask where the sheet lies at the next frame
	// assumed are the ships and obstacles a disputed shot takes where the
	// game has them (not found nor tapped on the photo)
	assumed map[string]bool
	// hand is the sheet being laid on the twin's table by hand (nil:
	// the photo is shown)
	hand *sheetPlace
	// job is the search for the bases under way (nil: none)
	job *alignSearch
	// found is where the bases on the photo put the sheet (nil: not
	// looked for yet)
	found *sheetFound
	// scroll is the panel's content, taller than its room on a phone
	// with many ships (tall, on the last frame: More below has a strip
	// of its own under it)
	scroll kit.Scroll
	tall   bool
	// need is the panel's height as last drawn (its lines wrap with the
	// width): the photo leaves it that much room on a portrait screen
	need float64
}

// NewPhotoAlign opens photo mode on a photo of a companion game's table
// to correct the player's ships from it. The printed sheet must be in
// view: it is looked for a step a tick (photo.SheetSearch, the first
// piece of every search of the panel), and a photo on which it is not
// found is refused on the panel with the detector's reason. The sheet's place on the table is asked at once (the table's
// size is the game's) unless al.Placing gives it (the last photo's); the
// bases are looked for once it is given.
func NewPhotoAlign(a *App, name string, img image.Image, al PhotoAlign) (*Photo, error) {
	p, err := newPhoto(a, name, img, nil, false)
	if err != nil {
		return nil, err
	}
	p.align, p.al = &al, alignState{ok: map[string]bool{}, tapped: map[string]bool{}}
	// the table's size and the sheet's place are known: the play area's
	// edges on the photo measure the lens and the perspective (four
	// sheet marks alone leave the lens assumed, and every interval wide)
	p.marks.Edges = true
	size := physics.V(al.Width, al.Depth)
	if err := p.marks.Place(photo.Placing{Size: &size}); err != nil {
		return nil, err
	}
	if al.Placing != "" {
		if pl, err := photo.ParsePlacing(al.Placing); err == nil && p.marks.Place(pl) == nil {
			p.al.placed = true
		}
	}
	if p.al.placed {
		// the sheet lies where it lay for the last photo (Place the
		// sheet changes it): the search fits the photo first
		p.res, p.err = nil, nil
		p.alignFind()
	} else {
		// where the sheet lies: laid on the twin's table by hand (or
		// typed from there)
		p.analyse()
		p.alignPlaceByHand()
		p.alignLocate()
	}
	return p, nil
}

// alignShip is one of the twin's ships by id: the player's, or (a
// disputed shot measures them too) another's.
func (p *Photo) alignShip(id string) (AlignShip, bool) {
	for _, s := range append(slices.Clone(p.align.Own), p.align.Others...) {
		if s.ID == id {
			return s, true
		}
	}
	return AlignShip{}, false
}

// alignFind starts looking for the bases of the twin's classes on the
// photo (alignSearch, a piece at each frame: the screen keeps drawing,
// says how far it is and may stop it), replacing a search under way.
func (p *Photo) alignFind() {
	p.al.job = p.alignJob(alignSearch{})
	p.info = "Looking for your bases on the photo."
}

// alignJob is a search of the panel's that first finds the printed
// sheet on the photo while it is not found yet (a search under way for
// it goes on).
func (p *Photo) alignJob(j alignSearch) *alignSearch {
	if sh := p.marks.Sheet; sh != nil && sh.Auto && p.detectErr == nil {
		a4, _ := photo.SheetFor(photo.Papers[0])
		j.det, j.paper, j.withDet = photo.NewSheetSearch(p.img, a4), 0, true
		if old := p.al.job; old != nil && old.det != nil {
			j.det, j.paper = old.det, old.paper
		}
	}
	return &j
}

// alignRefuse ends the panel's search: the sheet is not on the photo.
func (p *Photo) alignRefuse(err error) {
	p.detectErr = err
	p.al.job, p.al.hand = nil, nil
	p.info = fmt.Sprintf("%s: %v; take the photo again with the whole printed sheet flat in view", filepath.Base(p.path), err)
}

// alignStop stops the search for the bases; the ships marked stay.
func (p *Photo) alignStop() {
	if p.al.job == nil {
		return
	}
	p.al.job = nil
	p.info = "Search stopped: " + p.a.Words("click", "tap") + " Find my bases to look again, or a ship's Tap button to mark it by its corners."
}

// alignBudget is how long the search works in one tick: a frame's time
// left to the drawing (the browser runs both on its one thread).
const alignBudget = 12 * time.Millisecond

// alignSearch is the search for the player's bases on the photo, done a
// piece at a time between frames: the calibration fitted (with the play
// area's edges), the bases looked for (photo.BaseSearch, a band of rows
// at a step), then the bases proposed and the poses measured. Before the
// sheet's place is known it finds that place instead (locate): the bases
// looked for in the sheet's own frame (photo.Marks.LocateFrame) and
// matched to the twin's ships (photo.LocateSheet).
type alignSearch struct {
	// det is the printed sheet looked for on the photo (papers in
	// photo.Papers' order from paper), nil once it is found; withDet:
	// this search began so (its progress counts it)
	det     *photo.SheetSearch
	paper   int
	withDet bool

	// fit is the calibration being fitted (its straight edges a band of
	// rows a step), cal once it is
	fit *photo.FitSearch
	cal *photo.Calibration
	bs  *photo.BaseSearch
	// locate: where the sheet lies is looked for (frame, sheetAt: the
	// sheet's frame the bases are found in)
	locate  bool
	framing *photo.FrameSearch
	frame   *photo.Calibration
	sheetAt physics.Vec
	// found: the sheet laid where its bases put it, their search is not
	// done again: they are proposed through it
	found *sheetFound
}

// sheetFound is where the bases found on the photo put the sheet
// (photo.LocateSheet), with those bases in the sheet's frame.
type sheetFound struct {
	l       photo.Located
	at      physics.Vec // the place offered, to the tenth of a mm
	angle   float64     // and of a degree
	bases   []photo.Base
	frame   *photo.Calibration
	sheetAt physics.Vec
}

// toTable maps a pose of the sheet's frame onto the table with the sheet
// at at, turned angle.
func (f *sheetFound) toTable(ps physics.Pose, at physics.Vec, angle float64) physics.Pose {
	return physics.Pose{Pos: ps.Pos.Sub(f.sheetAt).Rotate(physics.Deg(angle)).Add(at), Heading: ps.Heading + physics.Deg(angle)}
}

// doing says in words what the search does now and how far it is.
func (j *alignSearch) doing() string {
	switch {
	case j.det != nil:
		return fmt.Sprintf("finding the printed sheet on the photo: %.0f%%", 100*j.det.Progress())
	case j.locate && j.bs == nil && j.framing != nil:
		return j.framing.Doing()
	case j.locate && j.bs == nil:
		return "fitting the photo to the sheet"
	case j.locate && j.bs.Stage() != photo.SearchDone:
		return j.bs.Doing()
	case j.locate:
		return "matching them to the game's ships: 100%"
	case j.cal == nil && j.fit != nil:
		return "fitting the photo to the table (the sheet and the play area's edges): " + j.fit.Doing()
	case j.cal == nil:
		return "fitting the photo to the table (the sheet and the play area's edges)"
	case j.bs == nil:
		return "measuring each base found: 100%"
	case j.bs.Stage() != photo.SearchDone:
		return j.bs.Doing()
	}
	return "measuring each base found: 100%"
}

// progress is the share of the search done, 0 to 1.
func (j *alignSearch) progress() float64 {
	var pr float64
	switch {
	case j.det != nil:
		return 0.2 * j.det.Progress()
	case j.bs != nil:
		pr = 0.3 + 0.7*j.bs.Progress()
	case j.fit != nil:
		pr = 0.3 * j.fit.Progress()
	case j.framing != nil:
		pr = 0.3 * j.framing.Progress()
	}
	if j.withDet {
		return 0.2 + 0.8*pr
	}
	return pr
}

// alignTick runs the search until it ends or the tick's budget is spent
// (at least one step a tick).
func (p *Photo) alignTick() {
	start := p.a.now()
	for p.al.job != nil {
		p.alignStep()
		if p.a.now().Sub(start) >= alignBudget {
			return
		}
	}
}

// alignClasses are the twin's ships' classes with their bases' sizes.
func (p *Photo) alignClasses() []photo.ClassSize {
	var cs []photo.ClassSize
	for _, s := range p.alignTwins() {
		cs = append(cs, photo.ClassSize{Class: s.Class, AcrossFlats: s.AcrossFlats})
	}
	return cs
}

// alignStep does the search's next piece.
func (p *Photo) alignStep() {
	j := p.al.job
	switch {
	case j.det != nil:
		if !j.det.Step() {
			return
		}
		sheet, _ := photo.SheetFor(photo.Papers[j.paper])
		det, err := j.det.Result()
		p.keepSnapper(j.det)
		j.det = nil
		if err == nil {
			p.detected(sheet, det, nil)
			p.res, p.err = nil, nil
			return
		}
		if j.paper+1 < len(photo.Papers) { // A4, then Letter, as photo mode looks
			j.paper++
			next, _ := photo.SheetFor(photo.Papers[j.paper])
			j.det = photo.NewSheetSearch(p.img, next)
			return
		}
		p.alignRefuse(err)
	case j.locate && j.bs == nil:
		if j.framing == nil {
			j.framing = p.marks.NewLocateFrame(p.snap(), math.Hypot(p.align.Width, p.align.Depth))
		}
		if !j.framing.Step() {
			return
		}
		frame, at, w, d, err := j.framing.Result()
		j.framing = nil
		if err != nil {
			p.al.job, p.info = nil, "where the sheet lies was not found: "+err.Error()+"; lay it by hand"
			return
		}
		j.frame, j.sheetAt = frame, at
		j.bs = p.snap().NewBaseSearch(frame.Model, w, d, p.alignClasses())
	case j.cal == nil && !j.locate:
		if j.fit == nil {
			j.fit = p.marks.NewFit(p.snap())
		}
		if !j.fit.Step() {
			return
		}
		cal, err := j.fit.Result()
		j.fit = nil
		if err != nil {
			p.al.job, p.info = nil, "no bases looked for: "+err.Error()
			return
		}
		j.cal = cal
		if f := j.found; f != nil {
			p.al.job = nil
			sh := p.marks.Sheet
			p.alignProposeFrom(cal, f.frame, f.bases, func(ps physics.Pose) physics.Pose { return f.toTable(ps, sh.At, sh.Angle) })
			return
		}
		j.bs = p.snap().NewBaseSearch(cal.Model, p.marks.Scene.Table.Width, p.marks.Scene.Table.Depth, p.alignClasses())
	case j.bs.Stage() != photo.SearchDone:
		j.bs.Step()
	case j.locate:
		p.al.job = nil
		p.alignLocated(j)
	default:
		p.al.job = nil
		p.alignPropose(j.cal, j.bs.Bases())
	}
}

// alignTwins are the twin's ships on the table: the player's own first.
func (p *Photo) alignTwins() []AlignShip {
	return append(append([]AlignShip(nil), p.align.Own...), p.align.Others...)
}

// alignPropose proposes, for each of the player's ships, the base found
// (bases, through cal) nearest its twin (within one base's width, and
// nearer it than any other ship's twin), the ships the player tapped
// kept: its facing the one of the base's flats the photo allows (the
// fore mark; the front and rear lines alike; or any flat) nearest the
// twin's. The player confirms each.
func (p *Photo) alignPropose(cal *photo.Calibration, bases []photo.Base) {
	p.alignProposeFrom(cal, cal, bases, nil)
}

// alignProposeFrom is alignPropose from bases found through frame (the
// sheet's own frame when its place was found from them), toTable mapping
// their poses onto the table (nil: frame is cal's); cal is the photo's
// calibration on the table.
func (p *Photo) alignProposeFrom(cal, frame *photo.Calibration, bases []photo.Base, toTable func(physics.Pose) physics.Pose) {
	if toTable == nil {
		toTable = func(ps physics.Pose) physics.Pose { return ps }
	}
	kept := p.marks.Scene.Objects[:0]
	for _, o := range p.marks.Scene.Objects {
		if o.Kind == photo.ShipKind && o.ID == p.al.tap {
			continue
		}
		if o.Kind != photo.ShipKind && !p.al.assumed[o.ID] {
			kept = append(kept, o) // an obstacle marked on the photo
			continue
		}
		if _, twin := p.alignShip(o.ID); twin && p.tapped(o.ID) {
			kept = append(kept, o)
		}
	}
	p.marks.Scene.Objects = kept
	twins := p.alignTwins()
	_, found := p.marks.Proposals(frame, bases)
	type pair struct {
		base, twin int
		d          float64
	}
	var pairs []pair
	for i, b := range found {
		for j, s := range twins {
			if d := toTable(b.Pose).Pos.Dist(s.Pose.Pos); s.AcrossFlats == b.AcrossFlats && d <= s.AcrossFlats {
				pairs = append(pairs, pair{i, j, d})
			}
		}
	}
	sort.Slice(pairs, func(i, j int) bool { return pairs[i].d < pairs[j].d })
	usedBase, usedTwin := map[int]bool{}, map[int]bool{}
	n := 0
	for _, pr := range pairs {
		if usedBase[pr.base] || usedTwin[pr.twin] {
			continue
		}
		usedBase[pr.base], usedTwin[pr.twin] = true, true
		s := twins[pr.twin]
		if pr.twin >= len(p.align.Own) && p.align.Shot == nil || p.tapped(s.ID) {
			continue // another player's base, or one the player tapped
		}
		b := found[pr.base]
		pose := toTable(b.Pose)
		turns := []float64{0}
		switch {
		case b.ForeKnown:
		case b.AxisKnown:
			turns = []float64{0, 180}
		default:
			turns = []float64{0, 60, 120, 180, 240, 300}
		}
		best := pose.Heading
		for _, t := range turns {
			h := pose.Heading + physics.Deg(t)
			if angleOff(h, s.Pose.Heading) < angleOff(best, s.Pose.Heading) {
				best = h
			}
		}
		// the front corners through the frame the base was found in
		fp := b.Pose
		fp.Heading += best - pose.Heading
		pts, ok := frontCorners(frame.Model, fp, s.AcrossFlats)
		if !ok {
			continue
		}
		p.marks.Scene.Objects = append(p.marks.Scene.Objects, photo.Object{ID: s.ID, Kind: photo.ShipKind, Class: s.Class, AcrossFlats: s.AcrossFlats, Level: s.Level,
			Points: pts, SigmaPx: b.Snapped.SigmaPx})
		delete(p.al.ok, s.ID)
		n++
	}
	if p.align.Shot != nil {
		p.disputeFill(cal)
		p.analyse()
		p.info = fmt.Sprintf("%d of the %d ships found on the photo (the others taken where the game has them): check the shot's ships against their models, or tap their corners", n, len(twins))
		return
	}
	p.analyse()
	p.info = fmt.Sprintf("%d of your %d ships found on the photo: check each against its model and confirm it, or tap its corners", n, len(p.align.Own))
}

// tapped says whether the player's ship id was marked by tapping its
// corners (kept when the bases are looked for again).
func (p *Photo) tapped(id string) bool { return p.al.tapped[id] }

// angleOff is the angle (degrees, 0..180) between two headings.
func angleOff(a, b s1.Angle) float64 {
	return math.Abs(math.Remainder(a.Degrees()-b.Degrees(), 360))
}

// frontCorners are a base's front flat's corners (left, right as seen
// from behind) on the photo, through the model.
func frontCorners(m photo.Model, pose physics.Pose, acrossFlats float64) ([]physics.Vec, bool) {
	hex := physics.HexagonCorners(pose, acrossFlats)
	var out []physics.Vec
	for _, c := range []physics.Vec{hex[1], hex[0]} {
		px, ok := m.ToPixel(c)
		if !ok {
			return nil, false
		}
		out = append(out, px)
	}
	return out, true
}

// alignTap starts marking one of the player's ships by its corners: the
// next two taps are its front flat's left and right corners, snapped to
// its base's edges.
func (p *Photo) alignTap(id string) {
	p.tool, p.pending, p.al.tap = photo.ShipKind, nil, id
	kept := p.marks.Scene.Objects[:0]
	for _, o := range p.marks.Scene.Objects {
		if o.ID != id {
			kept = append(kept, o)
		}
	}
	p.marks.Scene.Objects = kept
	delete(p.al.ok, id)
	delete(p.al.tapped, id)
	delete(p.al.assumed, id)
	p.analyse()
	p.info = p.a.Words("Click", "Tap") + " the left, then the right corner of " + id + "'s front flat (as seen from behind the ship), where the base meets the table."
}

// alignPose is the pose the photo gives one of the player's ships, with
// its 95% interval; false when it is not marked or not measured.
func (p *Photo) alignPose(id string) (photo.Pose, bool) {
	if p.res == nil || p.job != nil {
		return photo.Pose{}, false
	}
	for _, ps := range p.res.Poses {
		if ps.ID == id {
			return ps, true
		}
	}
	return photo.Pose{}, false
}

// alignFixes are the confirmed poses, in the order of the player's ships.
func (p *Photo) alignFixes() []PoseFix {
	var out []PoseFix
	for _, s := range p.align.Own {
		if ps, ok := p.alignPose(s.ID); ok && p.al.ok[s.ID] {
			out = append(out, PoseFix{Ship: s.ID, Pose: physics.Pose{Pos: ps.Pos, Heading: physics.Deg(ps.Heading)}, PosPM: ps.PosPM, HeadingPM: ps.HeadingPM})
		}
	}
	return out
}

// alignSend hands the confirmed poses to the game, which sends them as
// the seat's pose corrections, and goes back to it.
func (p *Photo) alignSend() {
	if p.job != nil {
		p.info = "still measuring: send the poses once they are measured"
		return
	}
	fixes := p.alignFixes()
	if len(fixes) == 0 {
		p.info = "nothing confirmed: confirm a ship's pose first"
		return
	}
	p.align.Send(fixes, p.alignPlacing())
}

// alignPlacing is the sheet's place as typed, "" before it is.
func (p *Photo) alignPlacing() string {
	if !p.al.placed {
		return ""
	}
	return p.marks.PlacingText()
}

// drawTwins draws the twin's bases of the player's ships over the photo
// (dashed, through the calibration): where the game has them, beside
// where the photo shows the models.
func (p *Photo) drawTwins(l *kit.List) {
	s := p.a.S()
	twins := p.align.Own
	if sh := p.align.Shot; sh != nil {
		// a disputed shot: its ships, wherever the photo shows them
		tw, _ := sh.TwinRuling()
		ph, ok := p.disputeRuling()
		twins = p.disputeShips(tw, ph, ok)
	}
	for _, sh := range twins {
		pts := p.curve(physics.Hexagon(sh.Pose, sh.AcrossFlats), true)
		if len(pts) > 2 {
			l.Dashed(append(pts, pts[0]), kit.ColWarn, 1.5*s, 5*s, 4*s)
		}
	}
}

// drawAlignPanel is the panel of photo mode aligning a companion game:
// the sheet, its place on the table, each of the player's ships as the
// photo shows it (its pose with the interval, how far from the twin)
// with Confirm and Tap its corners. Its content scrolls (a phone with
// many ships: kit.Scroll, "More below" when it goes on); the decision is
// pinned at its foot: Send and Back, or while the bases are looked for,
// what the search does, how far it is, and Stop.
func (p *Photo) drawAlignPanel(l *kit.List, r kit.Rect) {
	a := p.a
	s := a.S()
	if p.al.ask {
		p.al.ask = false
		p.askPlace()
	}
	l.Rect(r, kit.ColPanel, kit.ColPanelLine, 1)
	bh := p.buttonH()
	footH := p.alignFootHeight()
	room := kit.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H - footH}
	vis := room
	if p.al.tall {
		// "More below" under the content, over none of it
		vis.H -= kit.MoreHeight(&a.Controls)
	}
	content, mark := p.al.scroll.Begin(&a.Controls, l, vis)
	x, w := content.X+12*s, content.W-24*s
	top := content.Y
	y := top + 24*s
	a.Label(l, x, y, "Align from a photo", 16, kit.ColInk, true)
	if name := filepath.Base(p.path); a.Fonts.Width("Align from a photo", a.TextSize(16), true)+10*s+a.Fonts.Width(name, a.TextSize(11), false) <= w {
		a.Label(l, x+a.Fonts.Width("Align from a photo", a.TextSize(16), true)+10*s, y, name, 11, kit.ColSecondary, false)
	}
	y += 8 * s
	low := y // the foot of the lowest row of buttons
	row := func(labels []string, fns []func(), on ...bool) {
		y = a.ButtonGrid(l, x, y, w, bh, 6*s, fitCols(a, labels, w, bh, 6*s), labels, on, fns)
		low = y - 6*s
	}
	// a paragraph from the top of the room left (Para takes the first
	// line's baseline), leaving y under its last line
	para := func(text string, size float64, c color.NRGBA, bold bool) {
		sz := a.TextSize(size)
		y = a.Para(l, x, y+sz+2*s, w, text, size, c, bold) - sz + 6*s
	}
	if sp := p.al.hand; sp != nil {
		para("Where does the sheet lie? Drag it on the table above to where it lies among your models and turn it by its knob (its lines of text run towards the knob), or type the place.", 12, kit.ColInk, true)
		para(fmt.Sprintf("At %s,%s mm, turned %s°.", trimNum(sp.at.X), trimNum(sp.at.Y), trimNum(sp.angle)), 12, kit.ColInk, false)
		nudge := func(dx, dy, turn float64) func() { return func() { p.nudgeSheet(dx, dy, turn) } }
		row([]string{"x −1", "x +1", "y −1", "y +1", "−1°", "+1°"}, []func(){nudge(-1, 0, 0), nudge(1, 0, 0), nudge(0, -1, 0), nudge(0, 1, 0), nudge(0, 0, -1), nudge(0, 0, 1)})
		row([]string{a.K("Type the place", "t")}, []func(){p.askPlace})
		if p.info != "" {
			para(p.info, 11, kit.ColSecondary, false)
		}
		y += 4 * s
		p.al.scroll.End(&a.Controls, l, mark, y-low, [2]int{})
		p.drawAlignFoot(l, kit.Rect{X: r.X, Y: room.Y + room.H, W: r.W, H: footH})
		p.al.tall = y-top > room.H+1
		p.al.scroll.More(&a.Controls, l, room.Y+room.H)
		p.al.need = math.Ceil(y-top) + footH
		return
	}
	if p.detectErr != nil && p.al.job == nil {
		// no sheet on the photo: refused, nothing to align
		para(p.info, 12, kit.ColWarn, true)
		y += 4 * s
		p.al.scroll.End(&a.Controls, l, mark, y-low, [2]int{})
		p.drawAlignFoot(l, kit.Rect{X: r.X, Y: room.Y + room.H, W: r.W, H: footH})
		p.al.tall = y-top > room.H+1
		p.al.scroll.More(&a.Controls, l, room.Y+room.H)
		p.al.need = math.Ceil(y-top) + footH
		return
	}
	if p.info != "" && p.al.job == nil {
		para(p.info, 11, kit.ColSecondary, false)
	}
	where := "Where does the sheet lie? " + a.K("Place the sheet", "t") + ": the table point under its centre (mm from the play area's lower-left corner) and its turn (degrees from the table's x axis to its lines of text)."
	if p.al.placed {
		sh := p.marks.Sheet
		where = fmt.Sprintf("The sheet lies at %s,%s, turned %s°, on the %s × %s mm table.", trimNum(sh.At.X), trimNum(sh.At.Y), trimNum(sh.Angle), trimNum(p.align.Width), trimNum(p.align.Depth))
		if f := p.foundHere(sh.At, sh.Angle); f != nil {
			where += fmt.Sprintf(" Its place was found from %d of the ships' bases, about ±%.1f mm and ±%.1f°: a shift all your models share is taken for the sheet's.", len(f.l.Matched), f.l.AtPM, f.l.AnglePM)
		}
	}
	para(where, 12, kit.ColInk, !p.al.placed)
	var find func()
	if p.al.placed && p.al.job == nil {
		find = func() { p.char('b') }
	}
	row([]string{a.K("Place the sheet", "t"), a.K("Find my bases", "b")}, []func(){func() { p.char('t') }, find})
	if p.err != nil && p.res == nil && len(p.marks.Scene.Objects) > 0 {
		para(p.err.Error(), 12, kit.ColWarn, false)
	}
	for _, sh := range p.align.Own {
		id := sh.ID
		text, col := fmt.Sprintf("%s: no base found on the photo within %s mm of where the game has it: tap its corners.", id, trimNum(sh.AcrossFlats)), kit.ColSecondary
		var confirm func()
		confirmLabel := "Confirm " + id
		if ps, ok := p.alignPose(id); ok {
			d := ps.Pos.Dist(sh.Pose.Pos)
			turn := math.Remainder(ps.Heading-sh.Pose.Heading.Degrees(), 360)
			text = fmt.Sprintf("%s at (%.1f, %.1f) mm, heading %.1f°, about ±%.1f mm and ±%.1f°: %.1f mm and %.1f° from the game's.",
				id, ps.Pos.X, ps.Pos.Y, ps.Heading, ps.PosPM, ps.HeadingPM, d, math.Abs(turn))
			if a.Touch() { // two lines on a phone
				text = fmt.Sprintf("%s (%.1f, %.1f) mm, %.1f°, about ±%.1f mm, ±%.1f°: %.1f mm, %.1f° off", id, ps.Pos.X, ps.Pos.Y, ps.Heading, ps.PosPM, ps.HeadingPM, d, math.Abs(turn))
			}
			col = kit.ColInk
			if p.al.ok[id] {
				confirmLabel = id + " confirmed"
				col = kit.ColOK
			}
			confirm = func() { p.al.ok[id] = !p.al.ok[id] }
		}
		if p.al.job != nil {
			text, col, confirm = id+": looking for its base.", kit.ColSecondary, nil
		}
		if p.al.tap == id {
			text = fmt.Sprintf("%s: %s its front flat's %s corner.", id, a.Words("click", "tap"), []string{"left", "right"}[min(len(p.pending), 1)])
			col = kit.ColInk
		}
		para(text, 12, col, p.al.ok[id])
		row([]string{confirmLabel, "Tap " + id + "'s corners"}, []func(){confirm, func() { p.alignTap(id) }}, p.al.ok[id], p.al.tap == id)
	}
	if !a.Touch() { // fingers pinch
		row([]string{a.K("Zoom −", "-"), a.K("Zoom +", "+"), a.K("Fit", "0")}, []func(){func() { p.char('-') }, func() { p.char('+') }, func() { p.char('0') }})
	}
	if c := p.calibration(); c != nil {
		para(fmt.Sprintf("Calibration: %d marks, residuals %.2f mm rms. Dashed: where the game has your ships.", len(c.Residuals), c.RMSMM), 11, kit.ColSecondary, false)
	}
	y += 4 * s
	p.al.scroll.End(&a.Controls, l, mark, y-low, [2]int{})
	p.drawAlignFoot(l, kit.Rect{X: r.X, Y: room.Y + room.H, W: r.W, H: footH})
	p.al.tall = y-top > room.H+1
	p.al.scroll.More(&a.Controls, l, room.Y+room.H)
	// whole pixels: the panel's height sets where it begins, which sets
	// this sum; a fraction would let the two chase each other by 1e-13
	// from frame to frame (the page never settles)
	p.al.need = math.Ceil(y-top) + footH
}

// alignFootHeight is the height of the panel's pinned foot: a row of
// buttons, or the search's words (as they wrap) and its bar above one.
func (p *Photo) alignFootHeight() float64 {
	a := p.a
	s := a.S()
	h := p.buttonH() + 16*s
	if j := p.al.job; j != nil {
		lines := len(a.Fonts.Wrap(kit.Clean(alignDoing(j)), a.TextSize(11), p.footW(), false))
		h += float64(lines)*1.3*a.TextSize(11) + 10*s
	}
	return math.Ceil(h)
}

// footW is the width the foot's words wrap to.
func (p *Photo) footW() float64 {
	w := p.a.W
	if !p.a.Portrait() {
		w = math.Min(420*p.a.S(), p.a.W*0.4)
	}
	return w - 24*p.a.S()
}

// alignDoing is the foot's words while the bases are looked for.
func alignDoing(j *alignSearch) string {
	if j.locate {
		return "Finding where the sheet lies from your ships' bases: " + j.doing()
	}
	return "Looking for your bases: " + j.doing()
}

// drawAlignFoot draws the decision pinned at the panel's foot: Send the
// confirmed corrections and Back; while the bases are looked for, what
// the search does and how far it is, a bar, and Stop.
func (p *Photo) drawAlignFoot(l *kit.List, r kit.Rect) {
	a := p.a
	s := a.S()
	l.Rect(r, kit.ColPanel, kit.ColNone, 0)
	l.Line([]kit.Pt{{X: r.X, Y: r.Y}, {X: r.X + r.W, Y: r.Y}}, kit.ColPanelLine, 1)
	x, w, y := r.X+12*s, r.W-24*s, r.Y+8*s
	if j := p.al.job; j != nil && p.al.hand == nil {
		sz := a.TextSize(11)
		y = a.Para(l, x, y+sz, w, alignDoing(j), 11, kit.ColInk, false) - sz
		bar := kit.Rect{X: x, Y: y, W: w, H: 4 * s}
		l.Rect(bar, kit.Alpha(kit.ColSecondary, 0.3), kit.ColNone, 0)
		bar.W *= j.progress()
		l.Rect(bar, kit.ColOK, kit.ColNone, 0)
		a.ButtonRow(l, x, r.Y+r.H-p.buttonH()-8*s, w, p.buttonH(), 6*s, []string{"Stop looking", a.K("Back", "Esc")}, nil, []func(){p.alignStop, p.align.Back})
		return
	}
	if p.al.hand != nil {
		var back func()
		if p.al.placed {
			back = func() { p.al.hand = nil } // the place it had
		}
		if j := p.al.job; j != nil {
			// the place looked for meanwhile: how far it is
			sz := a.TextSize(11)
			y = a.Para(l, x, y+sz, w, alignDoing(j), 11, kit.ColInk, false) - sz
			bar := kit.Rect{X: x, Y: y, W: w, H: 4 * s}
			l.Rect(bar, kit.Alpha(kit.ColSecondary, 0.3), kit.ColNone, 0)
			bar.W *= j.progress()
			l.Rect(bar, kit.ColOK, kit.ColNone, 0)
			y = r.Y + r.H - p.buttonH() - 8*s
		}
		a.ButtonRow(l, x, y, w, p.buttonH(), 6*s, []string{"The sheet lies here", "Keep the last place"}, nil, []func(){p.alignPlaceDone, back})
		return
	}
	if p.job != nil {
		// the poses measured again after a change: how far it is
		sz := a.TextSize(11)
		y = a.Para(l, x, y+sz, w, p.measuring(), 11, kit.ColInk, false) - sz
		bar := kit.Rect{X: x, Y: y, W: w, H: 4 * s}
		l.Rect(bar, kit.Alpha(kit.ColSecondary, 0.3), kit.ColNone, 0)
		bar.W *= p.job.Progress()
		l.Rect(bar, kit.ColOK, kit.ColNone, 0)
		y = r.Y + r.H - p.buttonH() - 8*s
	}
	var send func()
	n := len(p.alignFixes())
	if n > 0 {
		send = p.alignSend
	}
	a.ButtonRow(l, x, y, w, p.buttonH(), 6*s, []string{sendLabel(n), a.K("Back", "Esc")}, nil, []func(){send, p.align.Back})
}

// fitCols is how many of labels' buttons fit side by side across w (a
// button's label within it): all in a row, else fewer a row, down to one.
func fitCols(a *App, labels []string, w, bh, gap float64) int {
	sz := math.Min(a.TextSize(14), bh*0.62)
	for cols := len(labels); cols > 1; cols-- {
		bw := (w - float64(cols-1)*gap) / float64(cols)
		fits := true
		for _, lab := range labels {
			fits = fits && a.Fonts.Width(kit.Clean(lab), sz, true)+sz <= bw
		}
		if fits {
			return cols
		}
	}
	return 1
}

// sendLabel is the Send button's words for n confirmed corrections.
func sendLabel(n int) string {
	if n == 1 {
		return "Send 1 correction"
	}
	return fmt.Sprintf("Send %d corrections", n)
}

// alignTapped marks the ship whose corners were just tapped (alignTap)
// and snaps them to its base's edges, as photo mode snaps any ship.
func (p *Photo) alignTapped() {
	s, ok := p.alignShip(p.al.tap)
	p.al.tap = ""
	if !ok {
		p.pending = nil
		return
	}
	p.al.tapped[s.ID] = true
	p.add(photo.Object{ID: s.ID, Kind: photo.ShipKind, Class: s.Class, AcrossFlats: s.AcrossFlats, Level: s.Level})
}

// alignPanelHeight is the height the aligning panel wants under the
// photo on a portrait screen: as last drawn, or before the first frame
// its rows of buttons and lines of text counted.
func (p *Photo) alignPanelHeight() float64 {
	if p.al.need > 0 {
		return p.al.need
	}
	s := p.a.S()
	n := float64(len(p.align.Own))
	rows := 2 + n // place, zoom, and one a ship
	if p.a.Touch() {
		rows-- // no zoom row
	}
	// the lines of text: the found line, the sheet's (3), each ship's
	// (2), the calibration's (2), each with its gap
	lines := 2 + 3 + 2*n + 2
	sz := p.a.TextSize(12)
	return 32*s + lines*1.3*sz + 4*6*s + n*6*s + rows*(p.buttonH()+6*s) + p.alignFootHeight()
}

// trimNum writes a number of mm or degrees to the tenth, without a
// trailing .0.
func trimNum(v float64) string { return strconv.FormatFloat(math.Round(v*10)/10, 'f', -1, 64) }
