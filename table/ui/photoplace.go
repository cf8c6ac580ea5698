package ui

import (
	"fmt"
	"math"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// sheetPlace is the sheet being laid on the twin's table by hand in
// photo mode aligning a companion game: the table drawn in place of the
// photo with the twin's ships, the sheet where the player drags it and
// turned by its knob, as a ship's base is on the companion screen.
type sheetPlace struct {
	at    physics.Vec // the table point under the sheet's centre, mm
	angle float64     // degrees from the table's x axis to the sheet's lines of text
	cam   kit.Camera
	// drag: the sheet moved (grab is its centre from the pointer) or
	// turned by its knob
	drag, turn bool
	grab       physics.Vec
	// moved: the player moved or turned it (a place found from the
	// bases later does not move it then)
	moved bool
}

// sheetKnobMM is how far beyond the sheet's right edge its turn knob
// stands (mm on the table).
const sheetKnobMM = 40

// alignPlaceByHand opens the sheet's placing on the twin's table: from
// where it lay for the last photo, else the table's middle.
func (p *Photo) alignPlaceByHand() {
	sp := &sheetPlace{at: physics.V(p.align.Width/2, p.align.Depth/2)}
	if p.al.placed && p.marks.Sheet != nil {
		sp.at, sp.angle = p.marks.Sheet.At, p.marks.Sheet.Angle
	}
	p.al.hand = sp
	p.pending, p.al.tap = nil, ""
}

// alignLocate looks for where the sheet lies on the table from the bases
// on the photo (alignSearch's locate: a step a tick) while the player
// may lay it by hand: the place found is offered on the twin's table.
func (p *Photo) alignLocate() {
	p.al.job, p.al.found = p.alignJob(alignSearch{locate: true}), nil
}

// alignLocated offers the place the bases found put the sheet at
// (photo.LocateSheet): the sheet moved there on the twin's table unless
// the player moved it already, the bases drawn where it puts them, the
// interval said; or, when it is not found (too few bases matched, or two
// places alike), why, and the hand is asked.
func (p *Photo) alignLocated(j *alignSearch) {
	var twins []photo.Twin
	for _, s := range p.alignTwins() {
		twins = append(twins, photo.Twin{ID: s.ID, AcrossFlats: s.AcrossFlats, Pose: s.Pose})
	}
	bases := j.bs.Bases()
	l := photo.LocateSheet(bases, j.sheetAt, twins)
	f := &sheetFound{l: l, at: physics.V(math.Round(l.At.X*10)/10, math.Round(l.At.Y*10)/10), angle: math.Mod(math.Round(l.Angle*10)/10, 360),
		bases: bases, frame: j.frame, sheetAt: j.sheetAt}
	p.al.found = f
	switch {
	case l.Verdict == photo.LocateAmbiguous:
		r := l.Rival
		p.info = fmt.Sprintf("Two places fit the bases on the photo alike (at %s,%s turned %s°, or at %s,%s turned %s°): your ships stand too evenly to tell. Lay the sheet by hand.",
			trimNum(l.At.X), trimNum(l.At.Y), trimNum(l.Angle), trimNum(r.At.X), trimNum(r.At.Y), trimNum(r.Angle))
	case l.Verdict == photo.LocateTooFew:
		p.info = fmt.Sprintf("Where the sheet lies was not found from the photo: %d bases found, %d of them match the game's ships (three are needed, each within %d mm of its ship). Lay the sheet by hand.",
			len(bases), len(l.Matched), photo.LocateTolMM)
	case f.at.X < 0 || f.at.Y < 0 || f.at.X > p.align.Width || f.at.Y > p.align.Depth:
		f.l.Verdict = photo.LocateTooFew
		p.info = fmt.Sprintf("The bases on the photo put the sheet off the table (%s,%s): lay it by hand.", trimNum(f.at.X), trimNum(f.at.Y))
	default:
		if sp := p.al.hand; sp != nil && !sp.moved {
			sp.at, sp.angle = f.at, f.angle
		}
		p.info = fmt.Sprintf("Found from %d of the ships' bases on the photo: the sheet lies at %s,%s, turned %s°, about ±%.1f mm and ±%.1f° (a shift all your models share is taken for the sheet's). The bases drawn green should sit on their ships: press The sheet lies here, or move it.",
			len(l.Matched), trimNum(f.at.X), trimNum(f.at.Y), trimNum(f.angle), l.AtPM, l.AnglePM)
	}
}

// foundHere is the place found from the bases when the sheet lies
// exactly there (not moved from it), else nil.
func (p *Photo) foundHere(at physics.Vec, angle float64) *sheetFound {
	if f := p.al.found; f != nil && f.l.Verdict == photo.LocateFound && f.at == at && f.angle == angle {
		return f
	}
	return nil
}

// alignPlaceDone lays the sheet where the player put it and looks for
// the bases with it.
func (p *Photo) alignPlaceDone() {
	sp := p.al.hand
	if sp == nil {
		return
	}
	at, angle := sp.at, sp.angle
	if f := p.foundHere(at, angle); f != nil {
		// the place the bases gave: they are not looked for again
		if err := p.marks.Place(photo.Placing{At: &at, Angle: &angle}); err != nil {
			p.info = err.Error()
			return
		}
		p.info = "placed: " + p.marks.PlacingText()
		p.res, p.err = nil, nil
		p.al.placed, p.al.hand = true, nil
		p.al.job = p.alignJob(alignSearch{found: f})
		return
	}
	if err := p.alignPlaced(photo.Placing{At: &at, Angle: &angle}); err != nil {
		p.info = err.Error()
		return
	}
	p.al.hand = nil
}

// alignPlaced lays the sheet at pl (the game's table) and looks for the
// bases with it: the typed place's and the dragged one's one path.
func (p *Photo) alignPlaced(pl photo.Placing) error {
	if err := p.marks.Place(pl); err != nil {
		return err
	}
	p.info = "placed: " + p.marks.PlacingText()
	// the search fits the photo with the sheet's new place first
	p.res, p.err = nil, nil
	p.al.placed = true
	p.alignFind()
	return nil
}

// sheetCorners are the sheet's corners on the table (as its text reads:
// lower-left, lower-right, upper-right, upper-left).
func (p *Photo) sheetCorners(sp *sheetPlace) []physics.Vec {
	sh := p.marks.Sheet.Sheet
	rot := physics.Deg(sp.angle)
	var out []physics.Vec
	for _, c := range []physics.Vec{physics.V(-sh.W/2, -sh.H/2), physics.V(sh.W/2, -sh.H/2), physics.V(sh.W/2, sh.H/2), physics.V(-sh.W/2, sh.H/2)} {
		out = append(out, sp.at.Add(c.Rotate(rot)))
	}
	return out
}

// sheetKnob is the sheet's turn knob on the table: beyond the middle of
// its right edge (the end its lines of text run to).
func (p *Photo) sheetKnob(sp *sheetPlace) physics.Vec {
	return sp.at.Add(physics.V(p.marks.Sheet.Sheet.W/2+sheetKnobMM, 0).Rotate(physics.Deg(sp.angle)))
}

// handlePlace takes a pointer's press, move and release on the table
// while the sheet is placed by hand: a press on the knob turns the
// sheet, on the sheet moves it (to the millimetre, the degree).
func (p *Photo) handlePlace(ev kit.Event) bool {
	sp := p.al.hand
	pt := kit.Pt{X: ev.X, Y: ev.Y}
	switch ev.Kind {
	case kit.MouseDown:
		if !p.view.Contains(pt) {
			return false
		}
		w := sp.cam.ToWorld(pt)
		knob := sp.cam.ToScreen(p.sheetKnob(sp))
		switch {
		case math.Hypot(knob.X-pt.X, knob.Y-pt.Y) <= 22*p.a.S():
			sp.turn = true
		case physics.Polygon(p.sheetCorners(sp)).Contains(w):
			sp.drag, sp.grab = true, sp.at.Sub(w)
		}
		return true
	case kit.MouseMove:
		w := sp.cam.ToWorld(pt)
		switch {
		case sp.turn:
			d := w.Sub(sp.at)
			sp.angle = math.Mod(math.Round(math.Atan2(d.Y, d.X)*180/math.Pi)+360, 360)
			sp.moved = true
		case sp.drag:
			at := w.Add(sp.grab)
			sp.at = physics.V(math.Round(math.Max(0, math.Min(p.align.Width, at.X))), math.Round(math.Max(0, math.Min(p.align.Depth, at.Y))))
			sp.moved = true
		default:
			return false
		}
		return true
	case kit.MouseUp:
		was := sp.drag || sp.turn
		sp.drag, sp.turn = false, false
		return was
	}
	return false
}

// nudgeSheet moves the sheet placed by hand by dx, dy mm and turns it by
// turn degrees.
func (p *Photo) nudgeSheet(dx, dy, turn float64) {
	sp := p.al.hand
	sp.at = physics.V(math.Max(0, math.Min(p.align.Width, sp.at.X+dx)), math.Max(0, math.Min(p.align.Depth, sp.at.Y+dy)))
	sp.angle = math.Mod(sp.angle+turn+360, 360)
	sp.moved = true
}

// drawPlace draws the twin's table in the photo's place while the sheet
// is laid on it by hand: the play area, the twin's ships (the player's
// own darker, each named), the sheet with its lines of text and its
// turn knob.
func (p *Photo) drawPlace(l *kit.List) {
	a, sp := p.a, p.al.hand
	s := a.S()
	m := 30.0
	sp.cam.SetView(p.view, physics.Rect{Lo: physics.V(-m, -m), Hi: physics.V(p.align.Width+m, p.align.Depth+m)})
	l.Background = kit.ColBackground
	area := sp.cam.Pts([]physics.Vec{physics.V(0, 0), physics.V(p.align.Width, 0), physics.V(p.align.Width, p.align.Depth), physics.V(0, p.align.Depth)})
	l.Poly(area, kit.ColPlayArea, kit.ColPanelLine, 2*s)
	for i, sh := range p.alignTwins() {
		col := kit.ColSecondary
		if i < len(p.align.Own) {
			col = kit.ColInk
		}
		pts := sp.cam.Pts(physics.Hexagon(sh.Pose, sh.AcrossFlats))
		l.Poly(pts, kit.Alpha(col, 0.25), col, 1.5*s)
		c := sp.cam.ToScreen(sh.Pose.Pos)
		l.Take(kit.Rect{X: c.X - 4*s, Y: c.Y - 4*s, W: 8 * s, H: 8 * s})
	}
	if f := p.al.found; f != nil {
		// the bases the photo shows, where the sheet as it lies puts
		// them: on their ships when it lies right
		for _, b := range f.bases {
			pts := sp.cam.Pts(physics.Hexagon(f.toTable(b.Pose, sp.at, sp.angle), b.AcrossFlats))
			l.Poly(append(pts, pts[0]), kit.ColNone, kit.ColOK, 2*s)
		}
	}
	corners := sp.cam.Pts(p.sheetCorners(sp))
	l.Poly(corners, kit.Alpha(kit.ColWhite, 0.85), kit.ColWarn, 2.5*s)
	// its lines of text run left to right: a few grey strokes
	sh := p.marks.Sheet.Sheet
	for k := -2; k <= 2; k++ {
		y := float64(k) * sh.H / 7
		from := sp.at.Add(physics.V(-sh.W*0.35, y).Rotate(physics.Deg(sp.angle)))
		to := sp.at.Add(physics.V(sh.W*0.3, y).Rotate(physics.Deg(sp.angle)))
		l.Line(sp.cam.Pts([]physics.Vec{from, to}), kit.Alpha(kit.ColSecondary, 0.8), 2*s)
	}
	edge := sp.cam.ToScreen(sp.at.Add(physics.V(sh.W/2, 0).Rotate(physics.Deg(sp.angle))))
	knob := sp.cam.ToScreen(p.sheetKnob(sp))
	l.Line([]kit.Pt{edge, knob}, kit.ColWarn, 2*s)
	l.Circle(knob, 11*s, kit.Alpha(kit.ColWhite, 0.9), kit.ColWarn, 2*s)
	for _, c := range corners {
		l.Take(kit.Rect{X: c.X - 2, Y: c.Y - 2, W: 4, H: 4})
	}
	l.Take(kit.Rect{X: knob.X - 11*s, Y: knob.Y - 11*s, W: 22 * s, H: 22 * s})
	sz := a.TextSize(11)
	for _, sh := range p.alignTwins() {
		c := sp.cam.ToScreen(sh.Pose.Pos)
		r := sh.AcrossFlats / math.Sqrt(3) * sp.cam.Scale
		w := a.Fonts.Width(sh.ID, sz, false)
		cands := []kit.Spot{{At: kit.Pt{X: c.X, Y: c.Y - r - 3*s}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: c.X, Y: c.Y + r + sz}, Anchor: kit.AnchorMiddle},
			{At: kit.Pt{X: c.X + r + 3*s, Y: c.Y + 0.35*sz}, Anchor: kit.AnchorStart}, {At: kit.Pt{X: c.X - r - 3*s, Y: c.Y + 0.35*sz}, Anchor: kit.AnchorEnd}}
		if at, far, ok := l.PlaceText(cands, w, sz, c, 60*s, p.view); ok {
			if far {
				l.Leader(kit.LabelBox(at.At, w, sz, at.Anchor), c, kit.ColSecondary)
			}
			l.HaloText(at.At, sh.ID, sz, kit.ColInk, kit.ColWhite, at.Anchor, false)
		}
	}
	label := fmt.Sprintf("the sheet: %s,%s, %s°", trimNum(sp.at.X), trimNum(sp.at.Y), trimNum(sp.angle))
	lw := a.Fonts.Width(label, sz, true)
	ctr := sp.cam.ToScreen(sp.at)
	if at, _, ok := l.PlaceText([]kit.Spot{{At: kit.Pt{X: ctr.X, Y: ctr.Y + 0.35*sz}, Anchor: kit.AnchorMiddle}}, lw, sz, ctr, 80*s, p.view); ok {
		l.HaloText(at.At, label, sz, kit.ColInk, kit.ColWhite, at.Anchor, true)
	}
}
