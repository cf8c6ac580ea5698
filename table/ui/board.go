package ui

import (
	"fmt"
	"image/color"
	"math"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// own returns one of the view's ships.
func own(v battle.View, id string) (battle.ShipView, bool) {
	for _, s := range v.Ships {
		if s.ID == id {
			return s, true
		}
	}
	return battle.ShipView{}, false
}

// poseAt is the pose at (x, y) mm facing heading degrees.
func poseAt(x, y, heading float64) physics.Pose {
	return physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}
}

// SideColor returns a side's identity colour; no side is grey.
func SideColor(s battle.Side) color.NRGBA {
	switch s {
	case battle.Colonial:
		return kit.ColColonial
	case battle.Cylon:
		return kit.ColCylon
	}
	return color.NRGBA{0x99, 0x99, 0x99, 0xFF}
}

// SideName returns "Colonial" or "Cylon" (battle.Side.Title).
func SideName(s battle.Side) string { return s.Title() }

// BandColor returns a range band's colour.
func BandColor(b referee.Band) color.NRGBA {
	switch b {
	case referee.Short:
		return kit.ColShort
	case referee.Medium:
		return kit.ColMedium
	case referee.Long:
		return kit.ColLong
	}
	return kit.ColOut
}

// drawPlayArea paints the play area, its edges and a 100 mm grid in the
// camera's view. The frame's background becomes the play area's colour
// and only the view around the play area is painted in the background
// colour, rather than the play area over it (the software renderer under
// Xvfb pays for every pixel). The view's owner paints the rest of the
// window.
func drawPlayArea(l *kit.List, cam *kit.Camera, w, d float64, grid bool) {
	corners := []physics.Vec{physics.V(0, 0), physics.V(w, 0), physics.V(w, d), physics.V(0, d)}
	l.Background = kit.ColPlayArea
	v := cam.View
	tl, br := cam.ToScreen(physics.V(0, d)), cam.ToScreen(physics.V(w, 0))
	top, bottom := math.Max(v.Y, math.Min(tl.Y, v.Y+v.H)), math.Min(v.Y+v.H, math.Max(br.Y, v.Y))
	for _, r := range []kit.Rect{
		{X: v.X, Y: v.Y, W: v.W, H: top - v.Y},                  // above the play area
		{X: v.X, Y: bottom, W: v.W, H: v.Y + v.H - bottom},      // below
		{X: v.X, Y: top, W: tl.X - v.X, H: bottom - top},        // left of it
		{X: br.X, Y: top, W: v.X + v.W - br.X, H: bottom - top}, // right of it
	} {
		if r.W > 0 && r.H > 0 {
			l.Rect(r, kit.ColBackground, kit.ColNone, 0)
		}
	}
	if grid {
		step := 100.0
		for x := step; x < w-1e-9; x += step {
			l.Line(cam.Pts([]physics.Vec{physics.V(x, 0), physics.V(x, d)}), kit.ColGrid, 1)
		}
		for y := step; y < d-1e-9; y += step {
			l.Line(cam.Pts([]physics.Vec{physics.V(0, y), physics.V(w, y)}), kit.ColGrid, 1)
		}
	}
	l.Poly(cam.Pts(corners), kit.ColNone, kit.ColInk, 2)
}

// levelBadge is where a ship's level badge stands on screen: its centre
// at the base's far right corner and its radius (c: the base's centre,
// rr: its radius on screen).
func levelBadge(a *App, c kit.Pt, rr float64) (kit.Pt, float64) {
	return kit.Pt{X: c.X + rr*0.9, Y: c.Y - rr*0.9}, math.Max(a.TextSize(11)*0.75, 7)
}

// levelBadgeBox is the screen box of a ship's level badge, which no
// label placed later covers.
func levelBadgeBox(a *App, c kit.Pt, rr float64) kit.Rect {
	bc, br := levelBadge(a, c, rr)
	return kit.Rect{X: bc.X - br, Y: bc.Y - br, W: 2 * br, H: 2 * br}
}

// drawEdgeLabels writes the table's size by its far left corner (the
// bottom of the window is the status line's): above it, else (a deep
// table fills the view's height) beside the far edge, left or right of
// the table, where nothing taken so far lies (the playback's banner). It
// reports false when none of those is whole in the view and free
// (a phone's narrow view): the caller then writes it inside the table
// with drawInnerEdgeLabel once the bases are taken, so that it covers
// no ship.
func drawEdgeLabels(a *App, l *kit.List, cam *kit.Camera, w, d float64) bool {
	sz := a.TextSize(11)
	fl, fr := cam.ToScreen(physics.V(0, d)), cam.ToScreen(physics.V(w, d))
	text := edgeLabel(w, d)
	tw := a.Fonts.Width(text, sz, false)
	spots := []kit.Spot{
		{At: kit.Pt{X: fl.X, Y: fl.Y - sz*0.6}, Anchor: kit.AnchorStart},
		{At: kit.Pt{X: fl.X - sz*0.6, Y: fl.Y + sz}, Anchor: kit.AnchorEnd},
		{At: kit.Pt{X: fr.X + sz*0.6, Y: fr.Y + sz}, Anchor: kit.AnchorStart},
	}
	v := cam.View
	for _, sp := range spots {
		if b := kit.LabelBox(sp.At, tw, sz, sp.Anchor); b.X >= v.X && b.Y >= v.Y && b.X+b.W <= v.X+v.W && b.Y+b.H <= v.Y+v.H && l.Free(b) {
			l.Text(sp.At, text, sz, kit.ColSecondary, sp.Anchor, false)
			l.Take(kit.LabelBox(sp.At, tw, sz, sp.Anchor))
			return true
		}
	}
	return false
}

// counters is a ship's badge for the damage and collision counters it
// holds: "1 counter", "3 counters".
func counters(n int) string { return count(n, "counter") }

// count says n of a noun in English: "1 damage counter", "2 damage
// counters", "0 damage counters".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// edgeLabel is the table's size as drawn by its edge.
func edgeLabel(w, d float64) string { return fmt.Sprintf("%.0f × %.0f mm", w, d) }

// drawInnerEdgeLabel writes the table's size inside the table, where
// drawEdgeLabels found no room outside it: in the first corner that no
// base or label taken so far covers (far left, far right, near left, near
// right), else the free place nearest the far left corner, else nowhere
// (a ship is worth more than the table's size). Call it after every
// base is taken and before the other labels are placed.
func drawInnerEdgeLabel(a *App, l *kit.List, cam *kit.Camera, w, d float64) {
	sz := a.TextSize(11)
	text := edgeLabel(w, d)
	tw := a.Fonts.Width(text, sz, false)
	lo, hi := cam.ToScreen(physics.V(0, 0)), cam.ToScreen(physics.V(w, d))
	for _, c := range []physics.Vec{physics.V(0, d), physics.V(w, 0)} {
		p := cam.ToScreen(c)
		lo = kit.Pt{X: math.Min(lo.X, p.X), Y: math.Min(lo.Y, p.Y)}
		hi = kit.Pt{X: math.Max(hi.X, p.X), Y: math.Max(hi.Y, p.Y)}
	}
	v := cam.View
	x0, y0 := math.Max(lo.X, v.X), math.Max(lo.Y, v.Y)
	x1, y1 := math.Min(hi.X, v.X+v.W), math.Min(hi.Y, v.Y+v.H)
	if x1-x0 < tw+sz || y1-y0 < 2*sz {
		return
	}
	in, top, bottom := sz*0.5, y0+sz*1.4, y1-sz*0.6
	spots := []kit.Spot{
		{At: kit.Pt{X: x0 + in, Y: top}, Anchor: kit.AnchorStart},
		{At: kit.Pt{X: x1 - in, Y: top}, Anchor: kit.AnchorEnd},
		{At: kit.Pt{X: x0 + in, Y: bottom}, Anchor: kit.AnchorStart},
		{At: kit.Pt{X: x1 - in, Y: bottom}, Anchor: kit.AnchorEnd},
	}
	bounds := kit.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	at, _, ok := l.PlaceTextUncounted(spots, tw, sz, spots[0].At, math.Max(x1-x0, y1-y0), bounds)
	if !ok {
		return
	}
	l.Text(at.At, text, sz, kit.ColSecondary, at.Anchor, false)
}

// drawObstacles paints planetoids and asteroid fields.
func drawObstacles(a *App, l *kit.List, cam *kit.Camera, obs []referee.Obstacle, threeD bool, selected string) {
	for _, o := range obs {
		stroke, width := kit.ColObstacle, 1.2
		if o.ID == selected {
			stroke, width = kit.ColMedium, 3
		}
		switch o.Kind {
		case referee.Planetoid:
			c := cam.ToScreen(o.Circle.C)
			r := o.Circle.R * cam.Scale
			l.Circle(c, r, kit.ColPlanetoid, stroke, width)
			// craters
			for k, cr := range [][3]float64{{-0.35, 0.25, 0.18}, {0.3, -0.2, 0.12}, {0.1, 0.45, 0.08}} {
				_ = k
				l.Circle(kit.Pt{X: c.X + cr[0]*r, Y: c.Y + cr[1]*r}, cr[2]*r, kit.Mix(kit.ColPlanetoid, kit.ColInk, 0.12), kit.ColNone, 0)
			}
		case referee.AsteroidField:
			fill := kit.Alpha(kit.ColField, 0.22)
			if o.Density == referee.Dense {
				fill = kit.Alpha(kit.ColField, 0.55)
			}
			pts := cam.Pts(o.Polygon)
			l.Poly(pts, fill, kit.ColNone, 0)
			closed := append(append([]kit.Pt{}, pts...), pts[0])
			if o.Density == referee.Dense {
				l.Line(closed, stroke, width)
			} else {
				l.Dashed(closed, stroke, width, 8, 4)
			}
			// a few rocks
			bb := o.Polygon.Bounds()
			n := 7
			if o.Density == referee.Dense {
				n = 14
			}
			for k := 0; k < n; k++ {
				u := math.Mod(float64(k)*0.618034+0.1, 1)
				v := math.Mod(float64(k)*0.381966+0.3, 1)
				p := physics.V(bb.Lo.X+u*(bb.Hi.X-bb.Lo.X), bb.Lo.Y+v*(bb.Hi.Y-bb.Lo.Y))
				if !o.Polygon.InteriorContains(p) {
					continue
				}
				l.Circle(cam.ToScreen(p), math.Max(1.5, (2+float64(k%3))*cam.Scale), kit.Mix(kit.ColField, kit.ColInk, 0.3), kit.ColNone, 0)
			}
		}
	}
}

// drawObstacleLabels names the obstacles: in the middle of each where no
// base or label is, else beside it (with a leader line from further
// away). Then the planetoids are taken: other labels go beside them.
func drawObstacleLabels(a *App, l *kit.List, cam *kit.Camera, obs []referee.Obstacle, threeD bool) {
	sz := a.TextSize(11)
	for _, o := range obs {
		label := o.ID
		if threeD && o.Level > 0 {
			label += fmt.Sprintf(" · L%d", o.Level)
		}
		var c kit.Pt
		var reach float64
		switch o.Kind {
		case referee.Planetoid:
			c, reach = cam.ToScreen(o.Circle.C), o.Circle.R*cam.Scale*0.5
		case referee.AsteroidField:
			label += " (" + string(o.Density) + ")"
			c = cam.ToScreen(o.Polygon.Centroid())
			b := o.Polygon.Bounds()
			reach = math.Min(b.Hi.X-b.Lo.X, b.Hi.Y-b.Lo.Y) * cam.Scale * 0.25
		default:
			continue
		}
		w := a.Fonts.Width(label, sz, false)
		spots := []kit.Spot{{At: kit.Pt{X: c.X, Y: c.Y + sz*0.35}, Anchor: kit.AnchorMiddle}}
		for _, d := range []kit.Pt{{X: 0, Y: -1}, {X: 0, Y: 1}, {X: 1, Y: 0}, {X: -1, Y: 0}} {
			spots = append(spots, kit.Spot{At: kit.Pt{X: c.X + d.X*reach, Y: c.Y + d.Y*reach + sz*0.35}, Anchor: kit.AnchorMiddle})
		}
		at, far, ok := l.PlaceText(spots, w, sz, c, math.Max(reach*2, 8*sz), cam.View)
		if !ok {
			continue
		}
		if far {
			l.Leader(kit.LabelBox(at.At, w, sz, at.Anchor), c, kit.Alpha(kit.ColInk, 0.5))
		}
		l.HaloText(at.At, label, sz, kit.ColInk, kit.Alpha(kit.ColWhite, 0.8), kit.AnchorMiddle, false)
	}
	for _, o := range obs {
		if o.Kind == referee.Planetoid {
			c, r := cam.ToScreen(o.Circle.C), o.Circle.R*cam.Scale
			l.Take(kit.Rect{X: c.X - r, Y: c.Y - r, W: 2 * r, H: 2 * r})
		}
	}
}

// ShipLook is everything needed to draw one ship.
type ShipLook struct {
	ID, Class string
	Side      battle.Side
	Pose      physics.Pose
	Rotation  int     // dial notches clockwise
	Level     int     // shown as a badge when ShowLevel
	Across    float64 // base across flats, mm
	Notch     float64 // degrees per dial notch
	ShowLevel bool
	Ghost     bool    // a planned end pose: outline only
	Fade      float64 // 0 opaque .. 1 invisible (FTL, eliminated)
	Out       bool
	Selected  bool
	Badges    []string // small notes under the id
	Arc       float64  // fire arc radius in mm (0: none)
	HalfArc   float64  // degrees
	GhostCol  color.NRGBA
	// FixFacing draws the silhouette and arc at FacingAngle instead of
	// the heading turned by the dial (animations).
	FixFacing   bool
	FacingAngle s1.Angle
}

// Facing returns the direction the ship points.
func (s ShipLook) Facing() s1.Angle {
	if s.FixFacing {
		return s.FacingAngle
	}
	return s.Pose.Heading - physics.Deg(s.Notch*float64(s.Rotation))
}

// drawArc paints a ship's fire arc to its radius.
func drawArc(l *kit.List, cam *kit.Camera, s ShipLook, c color.NRGBA, alpha float64) {
	if s.Arc <= 0 {
		return
	}
	f := s.Facing().Radians()
	h := s.HalfArc * math.Pi / 180
	p := cam.ToScreen(s.Pose.Pos)
	l.Wedge(p, s.Arc*cam.Scale, f-h, f+h, kit.Alpha(c, 0.10*alpha), kit.Alpha(c, 0.55*alpha), 1)
}

// drawShip paints a ship: its hexagonal base with the front flat thick,
// the silhouette turned to the facing, the level badge and the id.
func drawShip(a *App, l *kit.List, cam *kit.Camera, s ShipLook) {
	op := 1 - s.Fade
	if op <= 0.01 {
		return
	}
	col := SideColor(s.Side)
	hex := cam.Pts(physics.Hexagon(s.Pose, s.Across))
	switch {
	case s.Ghost:
		gc := s.GhostCol
		if gc.A == 0 {
			gc = col
		}
		closed := append(append([]kit.Pt{}, hex...), hex[0])
		l.Dashed(closed, kit.Alpha(gc, 0.9*op), 1.6, 6, 4)
		l.Line([]kit.Pt{hex[5], hex[0]}, kit.Alpha(gc, op), 3.5)
	default:
		base := kit.Mix(col, kit.ColWhite, 0.8)
		if s.Out {
			base = kit.ColGrid
		}
		stroke, w := kit.ColInk, 1.3
		if s.Selected {
			l.Poly(hex, kit.ColNone, kit.Alpha(kit.ColMedium, 0.6*op), 7)
		}
		l.Poly(hex, kit.Alpha(base, op), kit.Alpha(stroke, op), w)
		// front flat: edge 0 of the hexagon (from the front-right corner)
		l.Line([]kit.Pt{hex[0], hex[1]}, kit.Alpha(kit.ColInk, op), math.Max(3, 3.2*cam.Scale*0.5))
	}
	r := s.Across / math.Sqrt(3)
	facing := physics.Pose{Pos: s.Pose.Pos, Heading: s.Facing()}
	body := silhouette(s.Class)
	pts := make([]physics.Vec, len(body.hull))
	for i, v := range body.hull {
		pts[i] = facing.ToTable(v.Mul(r))
	}
	fill := col
	if s.Out {
		fill = kit.ColField
	}
	if s.Ghost {
		l.Poly(cam.Pts(pts), kit.Alpha(fill, 0.25*op), kit.Alpha(fill, 0.7*op), 1)
	} else {
		l.Poly(cam.Pts(pts), kit.Alpha(fill, op), kit.Alpha(kit.ColInk, op), 1)
		for _, d := range body.detail {
			dp := make([]physics.Vec, len(d))
			for i, v := range d {
				dp[i] = facing.ToTable(v.Mul(r))
			}
			l.Poly(cam.Pts(dp), kit.Alpha(kit.ColInk, 0.75*op), kit.ColNone, 0)
		}
	}
	// facing tick beyond the base when the dial is turned
	if math.Abs(math.Remainder(float64(s.Facing()-s.Pose.Heading), 2*math.Pi)) > 1e-6 && !s.Ghost {
		tip := facing.ToTable(physics.V(r*1.25, 0))
		from := facing.ToTable(physics.V(r*0.95, 0))
		l.Line(cam.Pts([]physics.Vec{from, tip}), kit.Alpha(kit.ColInk, op), 2)
	}
	if s.Out && !s.Ghost {
		l.Line(cam.Pts([]physics.Vec{s.Pose.Pos.Add(physics.V(-r, -r)), s.Pose.Pos.Add(physics.V(r, r))}), kit.Alpha(kit.ColWarn, op), 3)
		l.Line(cam.Pts([]physics.Vec{s.Pose.Pos.Add(physics.V(-r, r)), s.Pose.Pos.Add(physics.V(r, -r))}), kit.Alpha(kit.ColWarn, op), 3)
	}
	if s.Ghost {
		return
	}
	sz := a.TextSize(11)
	c := cam.ToScreen(s.Pose.Pos)
	rr := r * cam.Scale
	if s.ShowLevel {
		bc, br := levelBadge(a, c, rr)
		l.Circle(bc, br, kit.Alpha(kit.ColInk, op), kit.Alpha(kit.ColWhite, op), 1.5)
		l.Text(kit.Pt{X: bc.X, Y: bc.Y + sz*0.36}, fmt.Sprintf("%d", s.Level), sz*0.95, kit.Alpha(kit.ColWhite, op), kit.AnchorMiddle, true)
	}
	// the base is not to be covered by a label placed later
	l.Take(kit.Rect{X: c.X - rr, Y: c.Y - rr, W: 2 * rr, H: 2 * rr})
	if s.ID == "" && len(s.Badges) == 0 {
		return
	}
	// the name and the badges as one block: below the base, else above,
	// right or left of it, else nearby, wherever it covers no other label
	// or base
	lines := []string{s.ID}
	for _, b := range s.Badges {
		lines = append(lines, kit.Clean(b))
	}
	lh := sz * 1.15
	bw := a.Fonts.Width(s.ID, sz, true)
	for _, b := range lines[1:] {
		bw = math.Max(bw, a.Fonts.Width(b, sz*0.9, false))
	}
	bh := float64(len(lines)-1)*lh + sz*1.25
	pad := math.Max(2, sz*0.15)
	// first baselines, centred on x
	spots := []kit.Pt{
		{X: c.X, Y: c.Y + rr + sz*0.95 + pad + 0.5},
		{X: c.X, Y: c.Y - rr - 0.5 - bh - pad + sz*0.95},
		{X: c.X + rr + 0.5 + pad + bw/2, Y: c.Y - bh/2 + sz*0.95},
		{X: c.X - rr - 0.5 - pad - bw/2, Y: c.Y - bh/2 + sz*0.95},
	}
	box := func(p kit.Pt) kit.Rect {
		return kit.Rect{X: p.X - bw/2 - pad, Y: p.Y - sz*0.95 - pad, W: bw + 2*pad, H: bh + 2*pad}
	}
	cands := make([]kit.Rect, len(spots))
	for i, p := range spots {
		cands[i] = box(p)
	}
	// else further out, with a leader line; none free: no label
	lb, far, ok := l.PlaceBox(cands, c, rr+6*bh, cam.View)
	if !ok {
		return
	}
	if far {
		l.Leader(lb, c, kit.Alpha(kit.ColInk, 0.6*op))
	}
	at := kit.Pt{X: lb.X + pad + bw/2, Y: lb.Y + pad + sz*0.95}
	y := at.Y
	l.HaloText(kit.Pt{X: c.X + (at.X - c.X), Y: y}, s.ID, sz, kit.Alpha(kit.ColInk, op), kit.Alpha(kit.ColWhite, 0.85*op), kit.AnchorMiddle, true)
	for _, b := range lines[1:] {
		y += lh
		l.HaloText(kit.Pt{X: at.X, Y: y}, b, sz*0.9, kit.Alpha(kit.ColSecondary, op), kit.Alpha(kit.ColWhite, 0.85*op), kit.AnchorMiddle, false)
	}
}

// body is a ship's silhouette in units of its base's circumradius, nose
// along +x.
type body struct {
	hull   []physics.Vec
	detail [][]physics.Vec
}

func mirrored(half []physics.Vec) []physics.Vec {
	out := append([]physics.Vec{}, half...)
	for i := len(half) - 1; i >= 0; i-- {
		if half[i].Y != 0 {
			out = append(out, physics.V(half[i].X, -half[i].Y))
		}
	}
	return out
}

func pts(xy ...float64) []physics.Vec {
	out := make([]physics.Vec, 0, len(xy)/2)
	for i := 0; i+1 < len(xy); i += 2 {
		out = append(out, physics.V(xy[i], xy[i+1]))
	}
	return out
}

var bodies = map[string]body{
	// Viper Mk. II: a long nose, short swept wings, three engines.
	"viper-mk2": {
		hull: mirrored(pts(0.86, 0, 0.5, 0.07, 0.08, 0.12, -0.28, 0.56, -0.44, 0.56, -0.38, 0.19, -0.64, 0.17)),
		detail: [][]physics.Vec{
			pts(0.42, 0, 0.28, 0.05, 0.12, 0.05, 0.12, -0.05, 0.28, -0.05),
		},
	},
	// Viper Mk. VII: sleeker, with forward-reaching wing roots.
	"viper-mk7": {
		hull: mirrored(pts(0.9, 0, 0.45, 0.08, 0.2, 0.18, -0.2, 0.5, -0.42, 0.5, -0.42, 0.16, -0.62, 0.12)),
		detail: [][]physics.Vec{
			pts(0.46, 0, 0.3, 0.05, 0.14, 0.05, 0.14, -0.05, 0.3, -0.05),
		},
	},
	// Cylon Raider: a swept crescent with the red eye along its front.
	"cylon-raider": {
		hull: mirrored(pts(0.42, 0, 0.36, 0.22, 0.18, 0.46, -0.12, 0.66, -0.5, 0.72, -0.3, 0.48, -0.16, 0.24, -0.32, 0.1, -0.3, 0)),
		detail: [][]physics.Vec{
			pts(0.36, 0.14, 0.4, 0.14, 0.4, -0.14, 0.36, -0.14),
		},
	},
	// Heavy Raider: a bulkier crescent around a wide hull.
	"heavy-raider": {
		hull: mirrored(pts(0.55, 0, 0.5, 0.2, 0.3, 0.38, 0.05, 0.7, -0.35, 0.74, -0.25, 0.42, -0.55, 0.3, -0.6, 0)),
		detail: [][]physics.Vec{
			pts(0.48, 0.16, 0.53, 0.16, 0.53, -0.16, 0.48, -0.16),
		},
	},
	// Raptor: a boxy hull with stub wings.
	"raptor": {
		hull: mirrored(pts(0.7, 0, 0.66, 0.14, 0.5, 0.24, 0.05, 0.28, -0.05, 0.48, -0.3, 0.48, -0.38, 0.28, -0.66, 0.24, -0.7, 0)),
		detail: [][]physics.Vec{
			pts(0.58, 0, 0.5, 0.12, 0.36, 0.12, 0.36, -0.12, 0.5, -0.12),
		},
	},
}

// classSide returns the side a ship class's miniature belongs to (the
// Colonial Vipers and Raptor, the Cylon Raiders), for colouring ships
// where no battle says whose they are (measurement mode); "" when unknown.
func classSide(class string) battle.Side {
	switch class {
	case "viper-mk2", "viper-mk7", "raptor":
		return battle.Colonial
	case "cylon-raider", "heavy-raider":
		return battle.Cylon
	}
	return ""
}

func silhouette(class string) body {
	if b, ok := bodies[class]; ok {
		return b
	}
	return body{hull: pts(0.7, 0, -0.5, 0.45, -0.3, 0, -0.5, -0.45)}
}

// ringLabel is a range ring to name: its centre and radius on the
// screen, its band.
type ringLabel struct {
	c kit.Pt
	r float64
	b referee.Band
}

// drawRingLabels names each range ring where it is clear of bases and
// labels: where it crosses above its ship, else below, right, left or
// between; a ring with no clear place goes unnamed.
func drawRingLabels(a *App, l *kit.List, cam *kit.Camera, rings []ringLabel) {
	sz := a.TextSize(10.5)
	lim := referee.LimitsFrom(a.Comp.Geometry)
	for _, rg := range rings {
		mm := lim.Span(rg.b, 0).Hi // the ring is the band's far limit
		text := fmt.Sprintf("%s %.0f mm", rg.b, mm)
		var spots []kit.Spot
		for _, deg := range []float64{-90, 90, 0, 180, -45, -135, 45, 135, -67.5, -112.5, 67.5, 112.5, -22.5, -157.5, 22.5, 157.5} {
			ang := deg * math.Pi / 180
			spots = append(spots, kit.Spot{At: kit.Pt{X: rg.c.X + rg.r*math.Cos(ang), Y: rg.c.Y + rg.r*math.Sin(ang) + sz*0.35}, Anchor: kit.AnchorMiddle})
		}
		at, _, ok := l.PlaceText(spots, a.Fonts.Width(text, sz, true), sz, rg.c, 0, cam.View)
		if ok {
			l.HaloText(at.At, text, sz, kit.Mix(BandColor(rg.b), kit.ColInk, 0.35), kit.Alpha(kit.ColWhite, 0.85), kit.AnchorMiddle, true)
		}
	}
}

// rulerText says a ruling's range, band, margin and extras in one line.
func rulerText(ru referee.Ruling) string {
	if !ru.Measured {
		if len(ru.BlockedBy) > 0 {
			return "blocked by " + join(ru.BlockedBy)
		}
		return string(ru.Reason)
	}
	s := fmt.Sprintf("%.1f mm %s", ru.Range, ru.Band)
	if ru.Band != referee.Out {
		s += fmt.Sprintf(" (%+d), %.1f mm from %s", ru.RangeModifier, ru.Margin, ru.MarginTo)
	} else {
		s += fmt.Sprintf(", %.1f mm beyond long", ru.Margin)
	}
	if ru.CoverModifier != 0 {
		s += fmt.Sprintf("; cover %s %d", join(ru.Cover), ru.CoverModifier)
	}
	if len(ru.BlockedBy) > 0 {
		s += "; passes beside " + join(ru.BlockedBy)
	}
	if ru.Tailing {
		s += "; tailing"
	}
	return s
}

func join(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += ", "
		}
		out += s
	}
	return out
}

// drawRuler paints a ruling's witness ruler: from the stand to the nearest
// visible point, in the band's colour, with its label.
func drawRuler(a *App, l *kit.List, cam *kit.Camera, ru referee.Ruling, strong bool) {
	if !ru.Measured {
		return
	}
	c := BandColor(ru.Band)
	p0, p1 := cam.ToScreen(ru.Witness.A), cam.ToScreen(ru.Witness.B)
	w := 2.5
	if strong {
		w = 4
	}
	l.Line([]kit.Pt{p0, p1}, kit.ColWhite, w+3)
	l.Line([]kit.Pt{p0, p1}, c, w)
	l.Circle(p1, w+2.5, c, kit.ColWhite, 1.5)
	// tick marks every 50 mm along the ruler
	d := ru.Witness.B.Sub(ru.Witness.A)
	n := d.Norm()
	if n > 0 {
		u := d.Mul(1 / n)
		perp := physics.V(-u.Y, u.X)
		for m := 50.0; m < n; m += 50 {
			q := ru.Witness.A.Add(u.Mul(m))
			l.Line(cam.Pts([]physics.Vec{q.Add(perp.Mul(3)), q.Sub(perp.Mul(3))}), c, 1.5)
		}
	}
	sz := a.TextSize(12)
	text := kit.Clean(rulerText(ru))
	mid := kit.Pt{X: (p0.X + p1.X) / 2, Y: (p0.Y + p1.Y) / 2}
	spots := rulerLabelSpots(p0, p1, sz)
	at, _, ok := l.PlaceTextUncounted(spots, a.Fonts.Width(text, sz, strong), sz, mid, 0, cam.View)
	if !ok {
		// further away it names the pair, with a leader line
		text = kit.Clean(ru.AttackerID + " → " + ru.TargetID + ": " + text)
		tw := a.Fonts.Width(text, sz, strong)
		var far bool
		if at, far, ok = l.PlaceText(spots, tw, sz, mid, 24*sz, cam.View); !ok {
			return // the declaration panel says it in full
		}
		if far {
			l.Leader(kit.LabelBox(at.At, tw, sz, at.Anchor), mid, kit.Alpha(c, 0.8))
		}
	}
	l.HaloText(at.At, text, sz, kit.ColInk, kit.Alpha(kit.ColWhite, 0.9), at.Anchor, strong)
}

// rulerLabelSpots lists where a ruler's label may go, best first: beside
// the ruler's middle (to the side of a steep ruler, above or below a flat
// one), then further along it, then further out.
func rulerLabelSpots(p0, p1 kit.Pt, sz float64) []kit.Spot {
	var out []kit.Spot
	steep := math.Abs(p1.Y-p0.Y) > math.Abs(p1.X-p0.X)
	for _, off := range []float64{0.6, 1.7, 2.8} {
		for _, t := range []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8} {
			m := kit.Pt{X: p0.X + (p1.X-p0.X)*t, Y: p0.Y + (p1.Y-p0.Y)*t}
			if steep {
				out = append(out, kit.Spot{At: kit.Pt{X: m.X + sz*off, Y: m.Y + sz*0.35}, Anchor: kit.AnchorStart}, kit.Spot{At: kit.Pt{X: m.X - sz*off, Y: m.Y + sz*0.35}, Anchor: kit.AnchorEnd})
			} else {
				out = append(out, kit.Spot{At: kit.Pt{X: m.X, Y: m.Y - sz*off}, Anchor: kit.AnchorMiddle}, kit.Spot{At: kit.Pt{X: m.X, Y: m.Y + sz*(off+0.9)}, Anchor: kit.AnchorMiddle})
			}
		}
	}
	return out
}
