package kit

import (
	"image"
	"image/color"
	"math"

	"github.com/starshipbattles/bsg/internal/palette"
)

// Pt is a point on the screen in pixels, y down.
type Pt struct{ X, Y float64 }

// Rect is a screen rectangle in pixels: Min is the top-left corner.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether p lies inside r.
func (r Rect) Contains(p Pt) bool { return p.X >= r.X && p.X < r.X+r.W && p.Y >= r.Y && p.Y < r.Y+r.H }

// Inset returns r shrunk by d on every side.
func (r Rect) Inset(d float64) Rect { return Rect{r.X + d, r.Y + d, r.W - 2*d, r.H - 2*d} }

// Center returns the middle of r.
func (r Rect) Center() Pt { return Pt{r.X + r.W/2, r.Y + r.H/2} }

// Anchor is the point of a line of text that its position names.
type Anchor int

// The anchors.
const (
	AnchorStart Anchor = iota
	AnchorMiddle
	AnchorEnd
)

// OpKind tells what a draw operation paints.
type OpKind int

// The operations of a draw list.
const (
	OpPath  OpKind = iota // a polygon or polyline, filled and/or stroked
	OpText                // one line of text
	OpImage               // a picture (Img) painted into the rectangle Dst
)

// Op is one draw operation, in screen pixels. A colour with zero alpha is
// not painted.
type Op struct {
	Kind   OpKind
	Pts    []Pt
	Closed bool
	Fill   color.NRGBA
	Stroke color.NRGBA
	Width  float64

	At     Pt // text: the start of the baseline (see Anchor)
	Text   string
	Size   float64 // text: em size in pixels
	Bold   bool
	Anchor Anchor
	Color  color.NRGBA
	Halo   color.NRGBA // text: an outline painted under the glyphs

	Img image.Image // OpImage: the picture, painted whole into Dst
	Dst Rect

	Layer int // within a layer pictures are painted first, then shapes, then text

	// Clip, when Clipped, limits a text operation to a screen rectangle
	// (shapes are clipped as they are added).
	Clip    Rect
	Clipped bool
}

// BackdropLayer is the layer of the backdrop: what is painted first, under
// everything else, and changes seldom (the play area, its grid, the
// obstacles, the panels' ground). A renderer may keep it from frame to
// frame while its operations stay the same.
const BackdropLayer = -1

// List is a frame's draw list: operations painted in order over a
// background colour. Screens produce it; the Ebiten adapter only paints it.
type List struct {
	W, H       int
	Background color.NRGBA
	Ops        []Op
	// Clip, when set, limits the following shapes and text to a screen
	// rectangle; shapes are clipped on the CPU as they are added, text by
	// the renderer.
	clip     *Rect
	layer    int
	backdrop bool
	// taken are the screen rectangles of the labels (and of what labels
	// must not cover) placed so far, for PlaceLabel.
	taken []Rect
	// labels are the boxes of the labels placed by PlaceBox and PlaceText.
	labels []Rect
	// unplaced counts the labels left out for want of a free place.
	unplaced int
}

// Overlaps reports whether two rectangles share interior points.
func (r Rect) Overlaps(o Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

// Take marks a screen rectangle as covered by a label or by something a
// label placed later must not cover.
func (l *List) Take(r Rect) { l.taken = append(l.taken, r) }

// Free reports whether no rectangle taken so far overlaps r.
func (l *List) Free(r Rect) bool {
	for _, t := range l.taken {
		if t.Overlaps(r) {
			return false
		}
	}
	return true
}

// Covered counts the rectangles taken so far that overlap r.
func (l *List) Covered(r Rect) int {
	n := 0
	for _, t := range l.taken {
		if t.Overlaps(r) {
			n++
		}
	}
	return n
}

// labelBox returns the rectangle a line of text of width w and size sz
// covers when its baseline is anchored at p.
func LabelBox(p Pt, w, sz float64, anchor Anchor) Rect {
	x := p.X
	switch anchor {
	case AnchorMiddle:
		x -= w / 2
	case AnchorEnd:
		x -= w
	}
	pad := math.Max(2, sz*0.15)
	return Rect{x - pad, p.Y - sz*0.95 - pad, w + 2*pad, sz*1.25 + 2*pad}
}

// Spot is a place for a label: its baseline point and anchor.
type Spot struct {
	At     Pt
	Anchor Anchor
}

// PlaceLabel picks the first of the candidate spots where a label of
// width w and size sz covers nothing taken so far (the first candidate
// when none is free), takes its rectangle and returns the spot.
func (l *List) PlaceLabel(candidates []Spot, w, sz float64) Spot {
	if len(candidates) == 0 {
		return Spot{}
	}
	at := candidates[0]
	for _, c := range candidates {
		if l.Free(LabelBox(c.At, w, sz, c.Anchor)) {
			at = c
			break
		}
	}
	l.Take(LabelBox(at.At, w, sz, at.Anchor))
	return at
}

// placeSteps is how many rings PlaceBox searches around a label's place
// when none of its candidates is free, and placeAngles how many spots
// each ring has.
const (
	placeSteps  = 40
	placeAngles = 32
)

// fits reports whether a label box lies inside bounds and covers nothing
// taken so far.
func (l *List) fits(r, bounds Rect) bool {
	return r.X >= bounds.X && r.Y >= bounds.Y && r.X+r.W <= bounds.X+bounds.W && r.Y+r.H <= bounds.Y+bounds.H && l.Free(r)
}

// PlaceBox puts a label's box where it covers no label, base or other
// thing taken so far, inside bounds: the first free candidate, else (when
// reach is above 0) the free box nearest near on rings around it out to
// reach (far is then true: the caller draws a leader line to near). It
// takes the box and returns it; ok is false when no box is free (the
// label is left out rather than drawn over another).
func (l *List) PlaceBox(cands []Rect, near Pt, reach float64, bounds Rect) (r Rect, far, ok bool) {
	return l.placeBox(cands, near, reach, bounds, true)
}

// placeBox is PlaceBox; count says whether a label left out is counted
// (not when the caller tries again otherwise).
func (l *List) placeBox(cands []Rect, near Pt, reach float64, bounds Rect, count bool) (r Rect, far, ok bool) {
	for _, c := range cands {
		if l.fits(c, bounds) {
			l.takeLabel(c)
			return c, false, true
		}
	}
	if len(cands) == 0 || reach <= 0 {
		if count {
			l.unplaced++
		}
		return Rect{}, false, false
	}
	w, h := cands[0].W, cands[0].H
	for i := 1; i <= placeSteps; i++ {
		d := reach * float64(i) / placeSteps
		for k := range placeAngles {
			// from straight above, alternately right and left
			j := (k + 1) / 2
			if k%2 == 1 {
				j = -j
			}
			ang := -math.Pi/2 + 2*math.Pi*float64(j)/placeAngles
			c := Rect{near.X + d*math.Cos(ang) - w/2, near.Y + d*math.Sin(ang) - h/2, w, h}
			if l.fits(c, bounds) {
				l.takeLabel(c)
				return c, true, true
			}
		}
	}
	if count {
		l.unplaced++
	}
	return Rect{}, false, false
}

// PlaceText puts a line of text of width w and size sz like PlaceBox:
// the first free candidate spot, else a free spot around near within
// reach (far: draw a leader line), else none (ok false).
func (l *List) PlaceText(cands []Spot, w, sz float64, near Pt, reach float64, bounds Rect) (at Spot, far, ok bool) {
	return l.placeText(cands, w, sz, near, reach, bounds, true)
}

// PlaceTextUncounted is PlaceText, but a label left out is not counted
// (the caller tries again otherwise).
func (l *List) PlaceTextUncounted(cands []Spot, w, sz float64, near Pt, reach float64, bounds Rect) (at Spot, far, ok bool) {
	return l.placeText(cands, w, sz, near, reach, bounds, false)
}

func (l *List) placeText(cands []Spot, w, sz float64, near Pt, reach float64, bounds Rect, count bool) (at Spot, far, ok bool) {
	boxes := make([]Rect, len(cands))
	for i, c := range cands {
		boxes[i] = LabelBox(c.At, w, sz, c.Anchor)
	}
	r, far, ok := l.placeBox(boxes, near, reach, bounds, count)
	if !ok {
		return Spot{}, false, false
	}
	if !far {
		for i, b := range boxes {
			if b == r {
				return cands[i], false, true
			}
		}
	}
	// the baseline of a middle-anchored line centred in r
	return Spot{Pt{r.X + r.W/2, r.Y + r.H/2 + sz*0.325}, AnchorMiddle}, far, true
}

// takeLabel takes a label's box and keeps it among the labels placed.
func (l *List) takeLabel(r Rect) {
	l.Take(r)
	l.labels = append(l.labels, r)
}

// Leader draws a thin line from a label's box to the point it names.
func (l *List) Leader(box Rect, to Pt, c color.NRGBA) {
	from := Pt{math.Max(box.X, math.Min(to.X, box.X+box.W)), math.Max(box.Y, math.Min(to.Y, box.Y+box.H))}
	l.Line([]Pt{from, to}, c, 1.2)
}

// NewLayer starts a layer: what is added from now on is painted over
// everything added before, text included. Within a layer all shapes are
// painted before all text (few GPU batches).
// ListMark is how far a List was drawn: Rewind goes back to it.
type ListMark struct {
	ops, taken, labels, unplaced, layer int
	clip                                *Rect
	backdrop                            bool
}

// Mark is where the list is now, for Rewind.
func (l *List) Mark() ListMark {
	return ListMark{len(l.Ops), len(l.taken), len(l.labels), l.unplaced, l.layer, l.clip, l.backdrop}
}

// Rewind forgets what was drawn, taken and placed since the mark: a part
// of the screen drawn again in the same frame (laid out once more with
// the room it turned out to have).
func (l *List) Rewind(m ListMark) {
	l.Ops, l.taken, l.labels = l.Ops[:m.ops], l.taken[:m.taken], l.labels[:m.labels]
	l.unplaced, l.layer, l.clip, l.backdrop = m.unplaced, m.layer, m.clip, m.backdrop
}

func (l *List) NewLayer() { l.layer++ }

func (l *List) add(op Op) {
	op.Layer = l.layer
	if l.backdrop {
		op.Layer = BackdropLayer
	}
	if (op.Kind == OpText || op.Kind == OpImage) && l.clip != nil {
		op.Clip, op.Clipped = *l.clip, true
	}
	l.Ops = append(l.Ops, op)
}

// Backdrop adds what f draws to the backdrop (see BackdropLayer): painted
// before every layer, shapes first, then text, in the order added.
func (l *List) Backdrop(f func()) {
	was := l.backdrop
	l.backdrop = true
	defer func() { l.backdrop = was }()
	f()
}

// SetClip limits the shapes and text added from now on to r (nil: no
// limit).
func (l *List) SetClip(r *Rect) { l.clip = r }

// Clip is the limit SetClip set last (nil: none).
func (l *List) Clip() *Rect { return l.clip }

// Placed are the boxes of the labels placed by PlaceBox and PlaceText so
// far, in order.
func (l *List) Placed() []Rect { return l.labels }

// Unplaced counts the labels left out for want of a free place.
func (l *List) Unplaced() int { return l.unplaced }

// Poly adds a closed polygon.
func (l *List) Poly(pts []Pt, fill, stroke color.NRGBA, width float64) {
	if l.clip != nil {
		pts = clipPolygon(pts, *l.clip)
	}
	if len(pts) < 3 {
		return
	}
	l.add(Op{Kind: OpPath, Pts: pts, Closed: true, Fill: fill, Stroke: stroke, Width: width})
}

// Line adds an open polyline.
func (l *List) Line(pts []Pt, stroke color.NRGBA, width float64) {
	if len(pts) < 2 || stroke.A == 0 {
		return
	}
	if l.clip != nil {
		for _, part := range clipPolyline(pts, *l.clip) {
			l.add(Op{Kind: OpPath, Pts: part, Stroke: stroke, Width: width})
		}
		return
	}
	l.add(Op{Kind: OpPath, Pts: pts, Stroke: stroke, Width: width})
}

// Dashed adds an open polyline drawn in dashes of on pixels with gaps of
// off pixels.
func (l *List) Dashed(pts []Pt, stroke color.NRGBA, width, on, off float64) {
	if on <= 0 || off <= 0 {
		l.Line(pts, stroke, width)
		return
	}
	var cur []Pt
	drawing, left := true, on
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		seg := math.Hypot(b.X-a.X, b.Y-a.Y)
		pos := 0.0
		for pos < seg {
			step := math.Min(left, seg-pos)
			t0, t1 := pos/seg, (pos+step)/seg
			p0 := Pt{a.X + (b.X-a.X)*t0, a.Y + (b.Y-a.Y)*t0}
			p1 := Pt{a.X + (b.X-a.X)*t1, a.Y + (b.Y-a.Y)*t1}
			if drawing {
				if len(cur) == 0 {
					cur = append(cur, p0)
				}
				cur = append(cur, p1)
			}
			pos += step
			left -= step
			if left <= 1e-9 {
				if drawing && len(cur) > 1 {
					l.Line(cur, stroke, width)
				}
				cur = nil
				drawing = !drawing
				left = on
				if !drawing {
					left = off
				}
			}
		}
	}
	if drawing && len(cur) > 1 {
		l.Line(cur, stroke, width)
	}
}

// Rect adds a rectangle.
func (l *List) Rect(r Rect, fill, stroke color.NRGBA, width float64) {
	l.Poly([]Pt{{r.X, r.Y}, {r.X + r.W, r.Y}, {r.X + r.W, r.Y + r.H}, {r.X, r.Y + r.H}}, fill, stroke, width)
}

// Circle adds a circle.
func (l *List) Circle(c Pt, r float64, fill, stroke color.NRGBA, width float64) {
	l.Poly(ArcPts(c, r, 0, 2*math.Pi, false), fill, stroke, width)
}

// Wedge adds a circular sector from angle a0 to a1 (radians, screen
// angles: counter-clockwise as seen, with y down).
func (l *List) Wedge(c Pt, r, a0, a1 float64, fill, stroke color.NRGBA, width float64) {
	pts := append([]Pt{c}, ArcPts(c, r, a0, a1, true)...)
	l.Poly(pts, fill, stroke, width)
}

// Arc adds a circular arc from angle a0 to a1.
func (l *List) Arc(c Pt, r, a0, a1 float64, stroke color.NRGBA, width float64) {
	l.Line(ArcPts(c, r, a0, a1, true), stroke, width)
}

// arcPts samples a circle's arc finely enough for its size on screen.
// Angles are measured counter-clockwise as seen on the screen.
func ArcPts(c Pt, r, a0, a1 float64, open bool) []Pt {
	sweep := a1 - a0
	n := int(math.Ceil(math.Abs(sweep) * math.Sqrt(math.Max(r, 1)) * 1.2))
	n = max(8, min(n, 720))
	pts := make([]Pt, 0, n+1)
	last := n
	if !open {
		last = n - 1
	}
	for i := 0; i <= last; i++ {
		a := a0 + sweep*float64(i)/float64(n)
		pts = append(pts, Pt{c.X + r*math.Cos(a), c.Y - r*math.Sin(a)})
	}
	return pts
}

// Text adds one line of text whose baseline starts (or is centred, or
// ends) at at.
func (l *List) Text(at Pt, s string, size float64, c color.NRGBA, anchor Anchor, bold bool) {
	if s == "" {
		return
	}
	l.add(Op{Kind: OpText, At: at, Text: s, Size: size, Color: c, Anchor: anchor, Bold: bold})
}

// HaloText adds text with an outline in halo under it.
func (l *List) HaloText(at Pt, s string, size float64, c, halo color.NRGBA, anchor Anchor, bold bool) {
	if s == "" {
		return
	}
	l.add(Op{Kind: OpText, At: at, Text: s, Size: size, Color: c, Anchor: anchor, Bold: bold, Halo: halo})
}

// clipPolygon cuts a polygon to a rectangle (Sutherland–Hodgman).
func clipPolygon(pts []Pt, r Rect) []Pt {
	edges := []struct {
		in  func(Pt) bool
		cut func(a, b Pt) Pt
	}{
		{func(p Pt) bool { return p.X >= r.X }, func(a, b Pt) Pt { return atX(a, b, r.X) }},
		{func(p Pt) bool { return p.X <= r.X+r.W }, func(a, b Pt) Pt { return atX(a, b, r.X+r.W) }},
		{func(p Pt) bool { return p.Y >= r.Y }, func(a, b Pt) Pt { return atY(a, b, r.Y) }},
		{func(p Pt) bool { return p.Y <= r.Y+r.H }, func(a, b Pt) Pt { return atY(a, b, r.Y+r.H) }},
	}
	inside := true
	for _, p := range pts {
		if !r.Contains(p) && !(p.X == r.X+r.W || p.Y == r.Y+r.H) {
			inside = false
			break
		}
	}
	if inside {
		return pts
	}
	out := pts
	for _, e := range edges {
		in := out
		out = nil
		for i := range in {
			cur, prev := in[i], in[(i+len(in)-1)%len(in)]
			switch {
			case e.in(cur) && !e.in(prev):
				out = append(out, e.cut(prev, cur), cur)
			case e.in(cur):
				out = append(out, cur)
			case e.in(prev):
				out = append(out, e.cut(prev, cur))
			}
		}
		if len(out) == 0 {
			return nil
		}
	}
	return out
}

func atX(a, b Pt, x float64) Pt {
	t := (x - a.X) / (b.X - a.X)
	return Pt{x, a.Y + (b.Y-a.Y)*t}
}

func atY(a, b Pt, y float64) Pt {
	t := (y - a.Y) / (b.Y - a.Y)
	return Pt{a.X + (b.X-a.X)*t, y}
}

// clipPolyline cuts an open line to a rectangle (Liang–Barsky per
// segment), returning the visible runs.
func clipPolyline(pts []Pt, r Rect) [][]Pt {
	var out [][]Pt
	var cur []Pt
	for i := 0; i+1 < len(pts); i++ {
		a, b, ok := clipSegment(pts[i], pts[i+1], r)
		if !ok {
			if len(cur) > 1 {
				out = append(out, cur)
			}
			cur = nil
			continue
		}
		if len(cur) == 0 || cur[len(cur)-1] != a {
			if len(cur) > 1 {
				out = append(out, cur)
			}
			cur = []Pt{a}
		}
		cur = append(cur, b)
	}
	if len(cur) > 1 {
		out = append(out, cur)
	}
	return out
}

func clipSegment(a, b Pt, r Rect) (Pt, Pt, bool) {
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, c := range [4][2]float64{{-dx, a.X - r.X}, {dx, r.X + r.W - a.X}, {-dy, a.Y - r.Y}, {dy, r.Y + r.H - a.Y}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return a, b, false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return a, b, false
		}
	}
	return Pt{a.X + dx*t0, a.Y + dy*t0}, Pt{a.X + dx*t1, a.Y + dy*t1}, true
}

// The view's colours. Identity and ruling colours are the project's
// palette (internal/palette: Okabe–Ito colours, safe for colour-blind
// players); the rest are the view's own neutrals (panels, buttons).
var (
	ColColonial = palette.Colonial
	ColCylon    = palette.Cylon
	ColShort    = palette.Short
	ColMedium   = palette.Medium
	ColLong     = palette.Long
	ColOut      = palette.Out
	ColWarn     = palette.Blocked // illegal, blocked
	ColCover    = palette.Cover
	ColOK       = palette.OK

	ColBackground = color.NRGBA{0xC9, 0xCB, 0xC4, 0xFF}
	ColPlayArea   = palette.PlayArea
	ColGrid       = palette.Grid
	ColInk        = palette.Ink
	ColSecondary  = palette.Secondary
	ColPanel      = color.NRGBA{0xFB, 0xFB, 0xF8, 0xFF}
	ColPanelLine  = color.NRGBA{0xB8, 0xB8, 0xB0, 0xFF}
	ColButton     = color.NRGBA{0xE9, 0xE9, 0xE3, 0xFF}
	ColButtonOn   = color.NRGBA{0x1A, 0x1A, 0x1A, 0xFF}
	ColHover      = color.NRGBA{0xDA, 0xDA, 0xD2, 0xFF}
	ColWhite      = palette.White
	ColPlanetoid  = palette.Planetoid
	ColObstacle   = palette.Obstacle
	ColField      = palette.Field
	ColCover1     = color.NRGBA{0x22, 0x22, 0x2A, 0xFF} // cover screens
	ColNone       = color.NRGBA{}
)

// Alpha returns c with opacity a (0..1).
func Alpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(math.Max(0, math.Min(1, a))*255 + 0.5)
	return c
}

// Mix returns c blended with w by t (0: c, 1: w).
func Mix(c, w color.NRGBA, t float64) color.NRGBA {
	m := func(a, b uint8) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t + 0.5) }
	return color.NRGBA{m(c.R, w.R), m(c.G, w.G), m(c.B, w.B), m(c.A, w.A)}
}

// Image paints a picture into a screen rectangle (clipped like text).
// Renderers keep the picture's texture while the same image is shown.
func (l *List) Image(img image.Image, dst Rect) {
	l.add(Op{Kind: OpImage, Img: img, Dst: dst})
}
