package ui

import (
	"fmt"
	"image/color"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// DisputedShot is a ruling of the twin that a companion player doubts
// (issue 27, Firing: "a disputed one can be measured from a photo"): the
// attacker and the target, and the table as the game has it (its ships
// with their levels, its obstacles, its limits, three-dimensional space
// or not). Photo mode, aligning a companion game (PhotoAlign.Shot), then
// finds every ship's base on the photo, takes the ships it does not find
// and the obstacles where the game has them, and rules the pair on the
// table the photo shows, with its margins and their 95% intervals
// (photo.Analyse; Firing; Choosing a target; Line of sight), beside the
// twin's ruling of the same pair (the referee on Twin: the game's one
// ruling). The twin follows the table: the photo's poses of the player's
// own ships in the shot are sent as pose corrections when accepted.
type DisputedShot struct {
	Attacker, Target string
	Twin             referee.Table
	// the twin's ruling of the pair last asked (ruled names it)
	ruled  [2]string
	ruling referee.Ruling
}

// TwinRuling is the game's ruling of the pair on the twin's table, with
// its margins (the referee the battle rules with); false when either
// ship is not on the table.
func (d *DisputedShot) TwinRuling() (referee.Ruling, bool) {
	a, t := shipIdx(d.Twin, d.Attacker), shipIdx(d.Twin, d.Target)
	if a < 0 || t < 0 || a == t {
		return referee.Ruling{}, false
	}
	if d.ruled != [2]string{d.Attacker, d.Target} {
		d.ruled, d.ruling = [2]string{d.Attacker, d.Target}, referee.New(d.Twin, referee.WithMargins()).Rule(a, t)
	}
	return d.ruling, true
}

// Verdict is the twin's ruling of the pair in a few words (in arc and the
// band, or why not), for comparing two rulings; false when either ship
// is not on the table.
func (d *DisputedShot) Verdict() (string, bool) {
	ru, ok := d.TwinRuling()
	if !ok {
		return "", false
	}
	return verdictOf(ru), true
}

// Moved is the shot on the twin with the ships in poses standing there
// (a pose proposal: what it would change).
func (d *DisputedShot) Moved(poses map[string]physics.Pose) *DisputedShot {
	m := &DisputedShot{Attacker: d.Attacker, Target: d.Target, Twin: d.Twin}
	m.Twin.Ships = slices.Clone(d.Twin.Ships)
	for i, s := range m.Twin.Ships {
		if p, ok := poses[s.ID]; ok {
			m.Twin.Ships[i].Pose = p
		}
	}
	return m
}

// disputeRuling is the photo's ruling of the disputed pair, with its
// error bars; false before the photo gives one.
func (p *Photo) disputeRuling() (photo.Ruling, bool) {
	if p.res == nil || p.job != nil {
		return photo.Ruling{}, false
	}
	sh := p.align.Shot
	for _, ru := range p.res.Rulings {
		if ru.AttackerID == sh.Attacker && ru.TargetID == sh.Target {
			return ru, true
		}
	}
	return photo.Ruling{}, false
}

// disputeFill puts on the photo's table, besides the bases found or
// tapped, every other ship of the twin and every obstacle where the game
// has them (projected onto the photo through the calibration): a ship
// the photo does not show may still block the line of sight. They are
// marked assumed: their poses are the game's, never sent back.
func (p *Photo) disputeFill(cal *photo.Calibration) {
	p.al.assumed = map[string]bool{}
	has := map[string]bool{}
	for _, o := range p.marks.Scene.Objects {
		has[o.ID] = true
	}
	for _, s := range append(slices.Clone(p.align.Own), p.align.Others...) {
		if has[s.ID] || s.ID == p.al.tap {
			continue
		}
		pts, ok := frontCorners(cal.Model, s.Pose, s.AcrossFlats)
		if !ok {
			continue
		}
		p.marks.Scene.Objects = append(p.marks.Scene.Objects, photo.Object{ID: s.ID, Kind: photo.ShipKind, Class: s.Class, AcrossFlats: s.AcrossFlats,
			Level: s.Level, Points: pts, SigmaPx: photo.DefaultMarkPx})
		p.al.assumed[s.ID] = true
	}
	for _, o := range p.align.Shot.Twin.Obstacles {
		var on []physics.Vec
		kind := photo.FieldKind
		switch o.Kind {
		case referee.Planetoid:
			kind = photo.PlanetoidKind
			for _, deg := range []float64{90, 210, 330} {
				on = append(on, o.Circle.C.Add(physics.Direction(physics.Deg(deg)).Mul(o.Circle.R)))
			}
		case referee.AsteroidField:
			on = o.Polygon
		default:
			continue
		}
		var pts []physics.Vec
		for _, v := range on {
			if px, ok := cal.Model.ToPixel(v); ok {
				pts = append(pts, px)
			}
		}
		if len(pts) != len(on) || has[o.ID] {
			continue
		}
		p.marks.Scene.Objects = append(p.marks.Scene.Objects, photo.Object{ID: o.ID, Kind: kind, Level: o.Level, Density: o.Density,
			Points: pts, SigmaPx: photo.DefaultMarkPx})
		p.al.assumed[o.ID] = true
	}
}

// obstacleReach is how far (mm) a planetoid marked on the photo may
// stand clear of the twin's and still be taken for it: a model knocked
// aside at the table, not another planetoid (the templates stand apart).
const obstacleReach = 60.0

// disputeAdopt makes the obstacle marked on the photo as object id (a
// planetoid's rim or a field's outline) the twin's obstacle it shows,
// when it shows one: of its kind, the nearest near its place (the
// planetoid's circle within obstacleReach of the twin's, the field's
// outline's middle inside the twin's outline) not marked on the photo
// already. It takes
// the twin's id, level and density and replaces the one assumed where
// the game has it: the disputed ruling goes by the obstacle where the
// photo shows it. An obstacle the twin lacks stays as marked.
func (p *Photo) disputeAdopt(id string) {
	i := p.objectIdx(id)
	if i < 0 || p.align == nil || p.align.Shot == nil {
		return
	}
	cal, err := p.marks.FitOn(p.snap())
	if err != nil {
		return
	}
	o := &p.marks.Scene.Objects[i]
	var on []physics.Vec
	for _, px := range o.Points {
		v, ok := cal.Model.ToTable(px)
		if !ok {
			return
		}
		on = append(on, v)
	}
	var at physics.Vec
	var r float64
	switch o.Kind {
	case photo.PlanetoidKind:
		c, ok := photo.Circumcircle(on[0], on[1], on[2])
		if !ok {
			return
		}
		at, r = c.C, c.R
	case photo.FieldKind:
		for _, v := range on {
			at = at.Add(v)
		}
		at = at.Mul(1 / float64(len(on)))
	default:
		return
	}
	best, bestD := -1, math.Inf(1)
	for k, t := range p.align.Shot.Twin.Obstacles {
		if j := p.objectIdx(t.ID); j >= 0 && !p.al.assumed[t.ID] {
			continue // marked on the photo already
		}
		var d float64
		switch {
		case o.Kind == photo.PlanetoidKind && t.Kind == referee.Planetoid:
			if d = t.Circle.C.Dist(at); d >= t.Circle.R+r+obstacleReach {
				continue
			}
		case o.Kind == photo.FieldKind && t.Kind == referee.AsteroidField:
			if !t.Polygon.Contains(at) {
				continue
			}
			d = 0
			for _, v := range t.Polygon {
				d += v.Dist(at)
			}
		default:
			continue
		}
		if d < bestD {
			best, bestD = k, d
		}
	}
	if best < 0 {
		p.info = fmt.Sprintf("%s marked on the photo: the game has no obstacle of its kind there, so it is ruled as marked", id)
		return
	}
	t := p.align.Shot.Twin.Obstacles[best]
	if j := p.objectIdx(t.ID); j >= 0 {
		p.marks.Scene.Objects = slices.Delete(p.marks.Scene.Objects, j, j+1)
		delete(p.al.assumed, t.ID)
		i = p.objectIdx(id)
		o = &p.marks.Scene.Objects[i]
	}
	o.ID, o.Level = t.ID, t.Level
	if o.Kind == photo.FieldKind {
		o.Density = t.Density
	}
	for k := range p.snaps {
		if p.snaps[k].id == id {
			p.snaps[k].id = t.ID
		}
	}
	moved := at.Dist(t.Circle.C)
	if t.Kind == referee.AsteroidField {
		var c physics.Vec
		for _, v := range t.Polygon {
			c = c.Add(v)
		}
		moved = at.Dist(c.Mul(1 / float64(len(t.Polygon))))
	}
	p.info = fmt.Sprintf("%s is the game's %s: the shot is ruled with it where the photo shows it (%.0f mm from the game's place)", id, t.ID, moved)
}

// disputeShips are the ships the disputed ruling depends on, in the
// order the panel lists them: the attacker, the target, and the ships
// the twin's or the photo's ruling names as blocking its line.
func (p *Photo) disputeShips(tw referee.Ruling, ph photo.Ruling, havePhoto bool) []AlignShip {
	ids := []string{p.align.Shot.Attacker, p.align.Shot.Target}
	more := slices.Clone(tw.BlockedBy)
	if havePhoto {
		more = append(more, ph.BlockedBy...)
	}
	for _, id := range more {
		if !slices.Contains(ids, id) {
			ids = append(ids, id)
		}
	}
	var out []AlignShip
	for _, id := range ids {
		if s, ok := p.alignShip(id); ok {
			out = append(out, s)
		}
	}
	return out
}

// own says whether a ship is the player's (its pose is theirs to
// correct).
func (p *Photo) own(id string) bool {
	return slices.ContainsFunc(p.align.Own, func(s AlignShip) bool { return s.ID == id })
}

// disputeFixes are the photo's poses of the player's own ships in the
// disputed shot (found or tapped on the photo, not assumed): what
// accepting the photo's ruling sends.
func (p *Photo) disputeFixes() []PoseFix {
	tw, _ := p.align.Shot.TwinRuling()
	ph, ok := p.disputeRuling()
	var out []PoseFix
	for _, s := range p.disputeShips(tw, ph, ok) {
		if !p.own(s.ID) || p.al.assumed[s.ID] {
			continue
		}
		if ps, ok := p.alignPose(s.ID); ok {
			out = append(out, PoseFix{Ship: s.ID, Pose: physics.Pose{Pos: ps.Pos, Heading: physics.Deg(ps.Heading)}, PosPM: ps.PosPM, HeadingPM: ps.HeadingPM})
		}
	}
	return out
}

// disputeProposals are the photo's poses of the other player's ships in
// the disputed shot (found or tapped, not assumed): what accepting the
// photo's ruling proposes to their owner, who agrees or refuses.
func (p *Photo) disputeProposals() []PoseFix {
	tw, _ := p.align.Shot.TwinRuling()
	ph, ok := p.disputeRuling()
	var out []PoseFix
	for _, s := range p.disputeShips(tw, ph, ok) {
		if p.own(s.ID) || p.al.assumed[s.ID] {
			continue
		}
		if ps, ok := p.alignPose(s.ID); ok {
			out = append(out, PoseFix{Ship: s.ID, Pose: physics.Pose{Pos: ps.Pos, Heading: physics.Deg(ps.Heading)}, PosPM: ps.PosPM, HeadingPM: ps.HeadingPM})
		}
	}
	return out
}

// disputeClosed says why no pose is taken now (PhotoAlign.Closed), ""
// while they are.
func (p *Photo) disputeClosed() string {
	if p.align.Closed == nil {
		return ""
	}
	return p.align.Closed()
}

// disputeAccept sends the photo's poses of the player's ships in the
// shot as pose corrections, and those of the other player's as a
// proposal to their owner, and goes back to the game.
func (p *Photo) disputeAccept() {
	fixes := append(p.disputeFixes(), p.disputeProposals()...)
	if len(fixes) == 0 {
		p.info = "no ship of this shot is measured on the photo: tap its corners first"
		return
	}
	p.align.Send(fixes, p.alignPlacing())
}

// disputeNext chooses the next attacker (the ships on the table in
// turn) or the next target (the ships of the attacker's enemies).
func (p *Photo) disputeNext(target bool) {
	sh := p.align.Shot
	var ids []string
	for _, s := range sh.Twin.Ships {
		if !target || p.own(s.ID) != p.own(sh.Attacker) {
			ids = append(ids, s.ID)
		}
	}
	if len(ids) == 0 {
		return
	}
	if target {
		sh.Target = ids[(slices.Index(ids, sh.Target)+1)%len(ids)]
		return
	}
	sh.Attacker = ids[(slices.Index(ids, sh.Attacker)+1)%len(ids)]
	if p.own(sh.Target) == p.own(sh.Attacker) {
		sh.Target = ""
		p.disputeNext(true)
	}
}

// verdictOf says a ruling's verdict in a few words, for comparing the
// twin's with the photo's: whether the attacker may fire, and if not
// why; the band when it may.
func verdictOf(ru referee.Ruling) string {
	switch {
	case ru.CanFire:
		return fmt.Sprintf("in arc, %s range", ru.Band)
	case ru.Reason == referee.OutOfArc:
		return "out of arc"
	case ru.Reason == referee.Blocked:
		return "line of sight blocked"
	case ru.Reason == referee.OutOfRange || ru.Measured && ru.Band == referee.Out:
		return "out of range"
	case ru.Reason == referee.Overlap:
		return "bases overlap"
	case ru.Reason == referee.Level:
		return "two levels apart"
	}
	return string(ru.Reason)
}

// drawDisputePanel is photo mode's panel measuring a disputed shot: the
// sheet and its place, the shot (attacker and target, either changed),
// the game's ruling and the photo's with its margins and intervals,
// whether the photo changes it, each ship of the shot as the photo shows
// it (found, tapped, or taken where the game has it), and Accept the
// photo's poses or Keep the game's ruling.
func (p *Photo) drawDisputePanel(l *kit.List, r kit.Rect) {
	a := p.a
	s := a.S()
	sh := p.align.Shot
	if p.al.ask {
		p.al.ask = false
		p.askPlace()
	}
	l.Rect(r, kit.ColPanel, kit.ColPanelLine, 1)
	// the content scrolls; Accept and Keep stay pinned at the foot (on a
	// phone the ships' lines run below the screen)
	bh := p.buttonH()
	footH := math.Ceil(bh + 16*s)
	room := kit.Rect{X: r.X, Y: r.Y, W: r.W, H: r.H - footH}
	vis := room
	if p.al.tall {
		vis.H -= kit.MoreHeight(&a.Controls) // "More below" under the content
	}
	content, mark := p.al.scroll.Begin(&a.Controls, l, vis)
	x, w := content.X+12*s, content.W-24*s
	top := content.Y
	y := top + 24*s
	title := "Measure a shot from a photo"
	a.Label(l, x, y, title, 16, kit.ColInk, true)
	if !a.Touch() {
		a.Label(l, x+a.Fonts.Width(title, a.TextSize(16), true)+10*s, y, filepath.Base(p.path), 11, kit.ColSecondary, false)
	}
	y += 8 * s
	low := y // the foot of the lowest row of buttons
	row := func(labels []string, fns []func(), on ...bool) {
		y = a.ButtonRow(l, x, y, w, bh, 6*s, labels, on, fns)
		low = y - 6*s
	}
	para := func(text string, size float64, c color.NRGBA, bold bool) {
		sz := a.TextSize(size)
		y = a.Para(l, x, y+sz+2*s, w, text, size, c, bold) - sz + 6*s
	}
	if p.info != "" {
		para(p.info, 11, kit.ColSecondary, false)
	}
	where := "Where does the sheet lie? " + a.K("Place the sheet", "t") + ": the table point under its centre (mm from the play area's lower-left corner) and its turn (degrees from the table's x axis to its lines of text)."
	if p.al.placed {
		pl := p.marks.Sheet
		where = fmt.Sprintf("The sheet lies at %s,%s, turned %s°.", trimNum(pl.At.X), trimNum(pl.At.Y), trimNum(pl.Angle))
	}
	para(where, 12, kit.ColInk, !p.al.placed)
	var find func()
	if p.al.placed && p.al.job == nil {
		find = func() { p.char('b') }
	}
	row([]string{a.K("Place the sheet", "t"), a.K("Find the bases", "b")}, []func(){func() { p.char('t') }, find})
	if j := p.al.job; j != nil {
		// the bases looked for between frames (alignSearch)
		para(alignDoing(j), 12, kit.ColInk, false)
		row([]string{"Stop looking"}, []func(){p.alignStop})
	} else if m := p.measuring(); m != "" {
		para(m, 12, kit.ColInk, false)
	}
	row([]string{"Attacker: " + sh.Attacker, "Target: " + sh.Target}, []func(){func() { p.disputeNext(false) }, func() { p.disputeNext(true) }})
	tw, twOK := sh.TwinRuling()
	if twOK {
		para("The game rules: "+measure.Sentence(sh.Twin, tw), 12, kit.ColInk, false)
	}
	ph, phOK := p.disputeRuling()
	switch {
	case phOK:
		col := kit.ColInk
		if !ph.Certain {
			col = kit.ColWarn
		}
		para("The photo rules: "+ph.Verdict, 12, col, true)
		if m := ph.MarginWords(); m != "" {
			para(m+" (95%)", 11, col, false)
		}
		if twOK {
			was, now := verdictOf(tw), verdictOf(ph.Ruling)
			switch {
			case was != now && ph.Certain:
				para(fmt.Sprintf("The photo changes the ruling: %s → %s.", was, now), 13, kit.ColWarn, true)
			case was != now:
				para(fmt.Sprintf("The photo may change the ruling (%s → %s) but is too close to call: measure with the ruler.", was, now), 13, kit.ColWarn, true)
			default:
				para("The photo agrees with the game's ruling ("+now+").", 13, kit.ColOK, true)
			}
		}
	case p.err != nil && p.al.placed:
		para(p.err.Error(), 12, kit.ColWarn, false)
	}
	for _, s := range p.disputeShips(tw, ph, phOK) {
		id := s.ID
		text, col := fmt.Sprintf("%s: not on the photo's table yet: tap its corners.", id), kit.ColSecondary
		if !p.al.placed {
			text = fmt.Sprintf("%s: its base is looked for once the sheet is placed.", id)
		}
		if ps, ok := p.alignPose(id); ok {
			d := ps.Pos.Dist(s.Pose.Pos)
			turn := math.Abs(math.Remainder(ps.Heading-s.Pose.Heading.Degrees(), 360))
			text, col = fmt.Sprintf("%s: the photo puts it %.1f mm and %.1f° from the game's (about ±%.1f mm, ±%.1f°).", id, d, turn, ps.PosPM, ps.HeadingPM), kit.ColInk
			if p.al.assumed[id] {
				text, col = fmt.Sprintf("%s: not found on the photo: taken where the game has it; tap its corners to measure it.", id), kit.ColSecondary
			} else if !p.own(id) {
				text += " The other player's ship: Accept proposes this pose to its owner, who agrees or refuses on their phone."
			}
		}
		if p.al.tap == id {
			text, col = fmt.Sprintf("%s: %s its front flat's %s corner.", id, a.Words("click", "tap"), []string{"left", "right"}[min(len(p.pending), 1)]), kit.ColInk
		}
		para(text, 12, col, false)
		row([]string{"Tap " + id + "'s corners"}, []func(){func() { p.alignTap(id) }}, p.al.tap == id)
	}
	var accept func()
	n := len(p.disputeFixes()) + len(p.disputeProposals())
	closed := p.disputeClosed()
	if closed != "" {
		// said before Accept: the game takes no pose now
		para(closed, 12, kit.ColWarn, true)
	} else if n > 0 {
		accept = p.disputeAccept
	}
	if !a.Touch() {
		row([]string{a.K("Zoom −", "-"), a.K("Zoom +", "+"), a.K("Fit", "0")}, []func(){func() { p.char('-') }, func() { p.char('+') }, func() { p.char('0') }})
	}
	if c := p.calibration(); c != nil {
		para(fmt.Sprintf("Calibration: %d marks, residuals %.2f mm rms. Dashed: where the game has the ships of the shot, and the attacker's arc.", len(c.Residuals), c.RMSMM), 11, kit.ColSecondary, false)
	}
	y += 4 * s
	p.al.scroll.End(&a.Controls, l, mark, y-low, [2]int{})
	foot := kit.Rect{X: r.X, Y: room.Y + room.H, W: r.W, H: footH}
	l.Rect(foot, kit.ColPanel, kit.ColNone, 0)
	l.Line([]kit.Pt{{X: foot.X, Y: foot.Y}, {X: foot.X + foot.W, Y: foot.Y}}, kit.ColPanelLine, 1)
	a.ButtonRow(l, foot.X+12*s, foot.Y+8*s, foot.W-24*s, bh, 6*s, []string{fmt.Sprintf("Accept the photo's poses (%d)", n), a.K("Keep the game's", "Esc")}, nil, []func(){accept, p.align.Back})
	p.al.tall = y-top > room.H+1
	p.al.scroll.More(&a.Controls, l, room.Y+room.H)
	p.al.need = math.Ceil(y-top) + footH // whole pixels (see drawAlignPanel)
}

// disputeWords are the panel's verdict lines for the page and for
// players reading the screen: the game's ruling and the photo's.
func (p *Photo) disputeWords() string {
	var lines []string
	if tw, ok := p.align.Shot.TwinRuling(); ok {
		lines = append(lines, "The game rules: "+measure.Sentence(p.align.Shot.Twin, tw))
	}
	if ph, ok := p.disputeRuling(); ok {
		lines = append(lines, "The photo rules: "+ph.Verdict)
		if m := ph.MarginWords(); m != "" {
			lines = append(lines, m+" (95%)")
		}
	}
	return strings.Join(lines, "\n")
}

// drawTwinArc draws the disputed attacker's fire arc as the game has it
// (dashed, in the warning colour) over the photo, beside the arc the
// photo shows: where the two part is what the dispute is about.
func (p *Photo) drawTwinArc(l *kit.List) {
	sh := p.align.Shot
	i := shipIdx(sh.Twin, sh.Attacker)
	if i < 0 {
		return
	}
	s, at := p.a.S(), sh.Twin.Ships[i]
	for _, d := range []float64{-1, 1} {
		dir := physics.Direction(at.Facing(sh.Twin.Limits) + physics.Deg(d*sh.Twin.Limits.FireArcHalfWidth))
		l.Dashed(p.curve([]physics.Vec{at.Pose.Pos, at.Pose.Pos.Add(dir.Mul(sh.Twin.Limits.LongRange))}, false), kit.ColWarn, 1.5*s, 6*s, 4*s)
	}
}
