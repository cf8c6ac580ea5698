package sketch

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/internal/palette"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

// DeckOptions say how a deck picture is drawn (DrawDeck).
type DeckOptions struct {
	// PixelsPerMM is the scale of the PNG and the nominal size of the SVG,
	// stated in the picture's header; 0 means DefaultDeckScale.
	PixelsPerMM float64
	// Title is the header's first line; empty means "Maneuver deck of
	// CLASS".
	Title string
	// Columns is the number of cards in a row; 0 means DefaultDeckColumns
	// (fewer when the deck has fewer cards).
	Columns int
}

// DefaultDeckScale is the deck picture's default scale in pixels per
// millimetre: enough for crisp 2.5 mm text in a PNG.
const DefaultDeckScale = 4.0

// DefaultDeckColumns is the default number of cards in a row: seven keeps
// the left and right versions of the Viper and Raider cards side by side.
const DefaultDeckColumns = 7

// DeckPathStep is the sampling step, in millimetres along the path, of the
// arcs of the arrows drawn (maneuvers.Path.Points). A chord of 1 mm on the
// tightest arc of the decks (radius 19 mm, the Raider's reversal) is
// 0.007 mm from the arc, far below a line's width.
const DeckPathStep = 1.0

// Sizes of the deck picture, in millimetres.
const (
	deckMargin     = 10.0 // around the page
	deckGap        = 12.0 // between the cells of the grid
	deckTitleSize  = 8.0
	deckNoteSize   = 4.2
	deckLegendSize = 3.6
	cardPad        = 2.5 // inside the card's edge
	cardNameSize   = 4.4 // largest; a long name is set smaller to fit
	cardIDSize     = 3.0 // the card id under the card
	gRadius        = 5.0 // the G hexagon's circumradius
	gInset         = 7.0 // from the top and right edges to the hexagon's centre
	arrowWidth     = 1.0
	headLength     = 3.4
	headHalf       = 1.6
	obDot          = 2.2 // radius of an overboost line's end dots
	markWidth      = 2.2 // one speed mark (triangle)
	markHeight     = 2.6
	markGap        = 0.5
	keRadius       = 2.7 // the kinetic energy circle
	keSize         = 3.4
	backTagSize    = 2.8
	chipGlyph      = 5.5 // a symbol's glyph box
	chipTagSize    = 2.5
	bigGlyph       = 28.0 // the change direction and blank cards' symbol
	bigTagSize     = 5.0
	rulerLength    = 100.0
)

// The deck picture's colours, from the project's palette: speeds, G and
// kinetic energy use Okabe–Ito colours (colour-blind safe), each with one
// meaning.
var (
	colorLow       = palette.SpeedLow
	colorMid       = palette.SpeedMedium
	colorHigh      = palette.SpeedHigh
	colorG         = palette.G
	colorKE        = palette.KineticEnergy
	colorOBYellow  = palette.OverboostYellow
	colorOBRed     = palette.OverboostRed
	colorCard      = color.NRGBA{0xFB, 0xF9, 0xF0, 0xFF} // the card stock
	colorCardEdge  = colorInk
	styleCardShape = Style{Fill: colorCard, Stroke: colorCardEdge, Width: 0.35}
)

// SpeedColor returns the colour of a speed's arrows in the deck picture:
// low bluish green, medium orange, high reddish purple, back and the
// overboost line black (back dashed).
func SpeedColor(s maneuvers.Speed) color.NRGBA {
	switch s {
	case maneuvers.Low:
		return colorLow
	case maneuvers.Medium:
		return colorMid
	case maneuvers.High:
		return colorHigh
	}
	return colorInk
}

// arrowStyle is the line style of an arrow of speed s.
func arrowStyle(s maneuvers.Speed) Style {
	st := Style{Stroke: SpeedColor(s), Width: arrowWidth, FlatCap: true}
	if s == maneuvers.Back {
		st.Dash = []float64{2.4, 1.4}
	}
	return st
}

// speedMarks is the number of speed marks (triangles) beside an arrow of
// speed s: ▶ low, ▶▶ medium, ▶▶▶ high, ◀ back, none for an overboost line.
func speedMarks(s maneuvers.Speed) int {
	switch s {
	case maneuvers.Low, maneuvers.Back:
		return 1
	case maneuvers.Medium:
		return 2
	case maneuvers.High:
		return 3
	}
	return 0
}

// DeckFrame returns the page of the deck picture in millimetres, with its
// lower-left corner at the origin.
func DeckFrame(deck maneuvers.Deck, cardW, cardL float64, opt DeckOptions) physics.Rect {
	return newDeckDrawing(deck, cardW, cardL, opt).page
}

// DeckCardOrigins returns where DrawDeck puts each card's lower-left
// corner on the page, in deck order. A card's arrows start at its origin
// plus (cardW/2, 0).
func DeckCardOrigins(deck maneuvers.Deck, cardW, cardL float64, opt DeckOptions) []physics.Vec {
	return append([]physics.Vec(nil), newDeckDrawing(deck, cardW, cardL, opt).origins...)
}

// DrawDeck draws a maneuver deck to scale on c, in millimetres: a header
// (the title, the scale "1 mm = N px", a 100 mm ruler to check a print's
// scale, and a legend), then every card as a cardW × cardL outline in a
// grid, each with its name at the top, its G-value in a blue hexagon in
// the top right corner, its symbols as small labelled glyphs in a bottom
// corner (the one away from its turn), and its id under it.
//
// Every arrow is drawn exactly from its path (sampled every DeckPathStep
// along arcs), starting at the middle of the card's bottom edge and
// pointing up the card, in its speed's colour (SpeedColor), the longest
// first so that the shorter ones stay visible where they share a line.
// Each arrowhead is labelled with its speed marks (▶ low, ▶▶ medium,
// ▶▶▶ high, ◀ back, drawn as triangles) and its kinetic energy in a light
// blue circle, placed beside the head where it covers no other line, label
// or symbol.
//
// The back arrow, too, starts at the bottom middle and points up the card,
// dashed and labelled "back": that is how the card lies for a backward
// move (Backward movement, maneuvers.PlaceBackward), behind the base with
// the arrow pointing away from it, so the path is drawn as it is, not
// turned about. An overboost card's line runs from a yellow dot at its
// start to a red dot at its end. The change direction and blank cards show
// their symbol large in the middle.
func DrawDeck(c Canvas, deck maneuvers.Deck, cardW, cardL float64, opt DeckOptions) {
	newDeckDrawing(deck, cardW, cardL, opt).draw(c)
}

// WriteDeckSVG writes the deck picture (DrawDeck) as a standalone SVG
// document whose nominal size is the page at DeckOptions.PixelsPerMM.
func WriteDeckSVG(w io.Writer, deck maneuvers.Deck, cardW, cardL float64, opt DeckOptions) error {
	if err := checkDeck(cardW, cardL, opt); err != nil {
		return err
	}
	d := newDeckDrawing(deck, cardW, cardL, opt)
	return writeSVGDocument(w, d.page, d.page, d.ppm, d.title, d.draw)
}

// WriteDeckPNG writes the deck picture (DrawDeck) as a PNG at
// DeckOptions.PixelsPerMM; the same input always gives the same bytes.
func WriteDeckPNG(w io.Writer, deck maneuvers.Deck, cardW, cardL float64, opt DeckOptions) error {
	if err := checkDeck(cardW, cardL, opt); err != nil {
		return err
	}
	d := newDeckDrawing(deck, cardW, cardL, opt)
	c, err := NewPNGCanvas(d.page, d.page, d.ppm)
	if err != nil {
		return err
	}
	d.draw(c)
	return c.dc.EncodePNG(w)
}

// checkDeck reports options and card sizes that name no picture.
func checkDeck(cardW, cardL float64, opt DeckOptions) error {
	if p := opt.PixelsPerMM; p < 0 || math.IsNaN(p) || math.IsInf(p, 0) {
		return fmt.Errorf("sketch: %g pixels per millimetre: must be a positive number", p)
	}
	for _, v := range []float64{cardW, cardL} {
		if !(v > 0) || math.IsInf(v, 0) {
			return fmt.Errorf("sketch: a %g × %g mm card: both sides must be positive lengths", cardW, cardL)
		}
	}
	if opt.Columns < 0 {
		return fmt.Errorf("sketch: %d columns: must be positive (0 for the default %d)", opt.Columns, DefaultDeckColumns)
	}
	return nil
}

// deckDrawing is one deck picture being composed.
type deckDrawing struct {
	w, l    float64
	ppm     float64
	cards   []cardPlan
	origins []physics.Vec // cards' lower-left corners on the page
	idY     []float64     // baselines of the card ids, relative to their cards' origins
	page    physics.Rect

	title, note     string
	titleAt, noteAt physics.Vec // baselines (start)
	rulerAt         physics.Vec // the ruler's zero
	legend          []legendItem
	legendAt        []physics.Vec // items' swatch centres
}

// cardPlan is where the parts of one card go, in card coordinates: origin
// at the card's lower-left corner, x to the right, y up the card.
type cardPlan struct {
	card     maneuvers.Card
	arrows   []arrowPlan
	chips    []chipPlan
	big      string // the symbol drawn large, if any
	nameSize float64
	bounds   physics.Rect // everything drawn
}

// arrowPlan is one arrow of a card.
type arrowPlan struct {
	arrow maneuvers.Arrow
	pts   []physics.Vec // the path, from the bottom middle
	tip   physics.Vec
	dir   physics.Vec // unit heading at the tip
	label physics.Rect
}

// chipPlan is one small symbol with its tag.
type chipPlan struct {
	symbol string
	centre physics.Vec // the glyph's centre
}

// legendItem is one entry of the header's legend.
type legendItem struct {
	kind string // a speed, "overboost", "ke" or "g"
	text string
}

// swatchWidth is the width of the item's picture.
func (it legendItem) swatchWidth() float64 {
	switch it.kind {
	case "ke":
		return 2 * keRadius
	case "g":
		return 2 * gRadius * 0.7
	}
	return 24
}

func newDeckDrawing(deck maneuvers.Deck, w, l float64, opt DeckOptions) *deckDrawing {
	d := &deckDrawing{w: w, l: l, ppm: opt.PixelsPerMM}
	if !(d.ppm > 0) {
		d.ppm = DefaultDeckScale
	}
	d.title = opt.Title
	if d.title == "" {
		d.title = "Maneuver deck of " + deck.Class
	}
	d.note = fmt.Sprintf("%d cards of %s × %s mm, to scale: 1 mm = %s px. Check a print with the 100 mm ruler.",
		len(deck.Cards), num(w), num(l), strconv.FormatFloat(d.ppm, 'g', -1, 64))
	for _, c := range deck.Cards {
		d.cards = append(d.cards, planCard(c, w, l))
	}
	cols := opt.Columns
	if cols <= 0 {
		cols = DefaultDeckColumns
	}
	cols = max(1, min(cols, len(d.cards)))
	rows := (len(d.cards) + cols - 1) / cols
	// Each column is as wide as its widest card's drawing, each row as
	// tall as its tallest, with the ids under the cards.
	idH := cardIDSize * 1.6
	colLo, colHi := make([]float64, cols), make([]float64, cols)
	rowLo, rowHi := make([]float64, rows), make([]float64, rows)
	for i, p := range d.cards {
		r, col := i/cols, i%cols
		if i < cols {
			colLo[col], colHi[col] = p.bounds.Lo.X, p.bounds.Hi.X
		}
		if col == 0 {
			rowLo[r], rowHi[r] = p.bounds.Lo.Y, p.bounds.Hi.Y
		}
		colLo[col], colHi[col] = math.Min(colLo[col], p.bounds.Lo.X), math.Max(colHi[col], p.bounds.Hi.X)
		rowLo[r], rowHi[r] = math.Min(rowLo[r], p.bounds.Lo.Y), math.Max(rowHi[r], p.bounds.Hi.Y)
	}
	gridW, gridH := -deckGap, -deckGap
	for k := range colLo {
		gridW += colHi[k] - colLo[k] + deckGap
	}
	for k := range rowLo {
		gridH += rowHi[k] - rowLo[k] + idH + deckGap
	}
	gridW, gridH = math.Max(0, gridW), math.Max(0, gridH)

	// The header: title, note, ruler, legend, from the top down.
	d.legend = []legendItem{
		{string(maneuvers.Low), "low speed"},
		{string(maneuvers.Medium), "medium speed"},
		{string(maneuvers.High), "high speed"},
		{string(maneuvers.Back), "back (dashed; the card lies behind the base)"},
		{string(maneuvers.OverboostSpeed), "overboost line: yellow end to red end"},
		{"ke", "kinetic energy"},
		{"g", "G-value"},
	}
	legendStyle := TextStyle{Size: deckLegendSize}
	contentW := math.Max(gridW, math.Max(textWidth(d.title, TextStyle{Size: deckTitleSize, Bold: true}),
		math.Max(textWidth(d.note, TextStyle{Size: deckNoteSize}), rulerLength+20)))
	// Legend items flow in rows within the content width.
	var legendRows [][]int
	x := contentW + 1
	for i, it := range d.legend {
		iw := it.swatchWidth() + 2 + textWidth(it.text, legendStyle)
		if x+iw > contentW {
			legendRows = append(legendRows, nil)
			x = 0
		}
		legendRows[len(legendRows)-1] = append(legendRows[len(legendRows)-1], i)
		x += iw + 8
	}
	legendRowH := 2 * keRadius * 1.5
	rulerH := 12.0
	headerH := deckTitleSize + 3 + deckNoteSize + 4 + rulerH + float64(len(legendRows))*legendRowH + 6
	d.page = physics.Rect{Hi: physics.V(contentW+2*deckMargin, deckMargin+headerH+gridH+deckMargin)}

	top := d.page.Hi.Y - deckMargin
	d.titleAt = physics.V(deckMargin, top-deckTitleSize*ascent)
	d.noteAt = physics.V(deckMargin, d.titleAt.Y-deckTitleSize*descent-3-deckNoteSize*ascent)
	d.rulerAt = physics.V(deckMargin, d.noteAt.Y-deckNoteSize*descent-4-rulerH+3)
	y := d.rulerAt.Y - 3 - legendRowH/2
	d.legendAt = make([]physics.Vec, len(d.legend))
	for _, row := range legendRows {
		x := deckMargin
		for _, i := range row {
			sw := d.legend[i].swatchWidth()
			d.legendAt[i] = physics.V(x+sw/2, y)
			x += sw + 2 + textWidth(d.legend[i].text, legendStyle) + 8
		}
		y -= legendRowH
	}
	x0 := make([]float64, cols) // the columns' left edges
	x = deckMargin
	for k := range x0 {
		x0[k] = x
		x += colHi[k] - colLo[k] + deckGap
	}
	y = d.page.Hi.Y - deckMargin - headerH // the row's top edge
	for i := range d.cards {
		r, col := i/cols, i%cols
		if col == 0 && r > 0 {
			y -= rowHi[r-1] - rowLo[r-1] + idH + deckGap
		}
		d.origins = append(d.origins, physics.V(x0[col]-colLo[col], y-rowHi[r]))
		d.idY = append(d.idY, rowLo[r]-cardIDSize*1.2)
	}
	return d
}

// cardPoint maps a point of an arrow's path (x forward, y left, from the
// arrow's start) to card coordinates: the start at the middle of the
// bottom edge, forward up the card.
func cardPoint(w float64, p physics.Vec) physics.Vec { return physics.V(w/2-p.Y, p.X) }

// cardHeading maps a heading of an arrow's frame to card coordinates.
func cardHeading(a s1.Angle) s1.Angle { return a + physics.Deg(90) }

// planCard places the parts of one card.
func planCard(card maneuvers.Card, w, l float64) cardPlan {
	p := cardPlan{card: card}
	cardRect := physics.Rect{Hi: physics.V(w, l)}
	var reserved []physics.Rect
	// The G hexagon and the name beside it.
	hex := physics.V(w-gInset, l-gInset)
	reserved = append(reserved, physics.Rect{Lo: hex.Sub(physics.V(gRadius, gRadius)), Hi: hex.Add(physics.V(gRadius, gRadius))})
	room := w - gInset - gRadius - cardPad - 1.5 // from the left edge to the hexagon
	p.nameSize = cardNameSize
	if nw := textWidth(card.Name, TextStyle{Size: cardNameSize, Bold: true}); nw > room && nw > 0 {
		p.nameSize = cardNameSize * room / nw
	}
	nameBase := l - gInset - 0.35*cardNameSize
	reserved = append(reserved, physics.Rect{
		Lo: physics.V(cardPad, nameBase-descent*p.nameSize),
		Hi: physics.V(cardPad+textWidth(card.Name, TextStyle{Size: p.nameSize, Bold: true}), nameBase+ascent*p.nameSize),
	})

	// The arrows.
	left, right := false, false
	for _, a := range card.Arrows {
		ap := arrowPlan{arrow: a}
		for _, q := range a.Path.Points(DeckPathStep) {
			ap.pts = append(ap.pts, cardPoint(w, q))
		}
		end := a.Path.End()
		ap.tip = cardPoint(w, end.Pos)
		ap.dir = physics.Direction(cardHeading(end.Heading))
		if ap.tip.X < w/2-1e-9 {
			left = true
		}
		if ap.tip.X > w/2+1e-9 {
			right = true
		}
		p.arrows = append(p.arrows, ap)
	}

	// The symbols: large in the middle for change direction and blank,
	// else small in the bottom corner away from the turn.
	var small []string
	for _, s := range card.Symbols {
		if (s == "change-direction" || s == "blank") && len(card.Arrows) == 0 && p.big == "" {
			p.big = s
			continue
		}
		small = append(small, s)
	}
	if p.big != "" {
		c := physics.V(w/2, l/2+4)
		tw := textWidth(symbolTag(p.big), TextStyle{Size: bigTagSize})
		reserved = append(reserved, physics.Rect{
			Lo: physics.V(math.Min(c.X-bigGlyph/2, c.X-tw/2), c.Y-bigGlyph/2-2-bigTagSize),
			Hi: c.Add(physics.V(bigGlyph/2, bigGlyph/2)),
		})
	}
	colW := chipGlyph
	for _, s := range small {
		colW = math.Max(colW, textWidth(symbolTag(s), TextStyle{Size: chipTagSize}))
	}
	cx := w - cardPad - colW/2
	if right && !left {
		cx = cardPad + colW/2
	}
	y := cardPad + chipTagSize + 0.8
	for _, s := range small {
		ch := chipPlan{symbol: s, centre: physics.V(cx, y+chipGlyph/2)}
		p.chips = append(p.chips, ch)
		reserved = append(reserved, physics.Rect{
			Lo: physics.V(cx-colW/2, y-chipTagSize-0.8),
			Hi: physics.V(cx+colW/2, y+chipGlyph),
		})
		y += chipGlyph + chipTagSize + 2.5
	}

	// The labels, one arrow at a time, each where it covers the least.
	for i := range p.arrows {
		ap := &p.arrows[i]
		ap.label = placeLabel(p.arrows, i, reserved, cardRect)
		reserved = append(reserved, ap.label)
	}

	p.bounds = cardRect
	for _, ap := range p.arrows {
		for _, q := range ap.pts {
			p.bounds = p.bounds.Extend(q.Sub(physics.V(obDot, obDot))).Extend(q.Add(physics.V(obDot, obDot)))
		}
		p.bounds = p.bounds.Union(ap.label)
	}
	return p
}

// arrowLabelSize returns the width and height of an arrow's label: its speed
// marks, "back" for the back arrow, and the kinetic energy circle.
func arrowLabelSize(a maneuvers.Arrow) (float64, float64) {
	w := 2 * keRadius
	if n := speedMarks(a.Speed); n > 0 {
		w += float64(n)*markWidth + float64(n-1)*markGap + 1
	}
	if a.Speed == maneuvers.Back {
		w += textWidth("back", TextStyle{Size: backTagSize}) + 0.8
	}
	return w, 2 * keRadius
}

// The directions, relative to the arrow's heading at its head, in which a
// label is tried: to the right, to the left, then diagonally ahead, ahead,
// diagonally behind and behind; near first, then a little further out.
var (
	labelDirections = []float64{-90, 90, -45, 45, 0, -135, 135, 180}
	labelClearances = []float64{1.5, 4.5}
)

// placeLabel returns the label box of arrows[i]: the candidate beside its
// head that crosses no other label or symbol, no arrow and no arrowhead,
// stays on the card and lies nearer its own head than any other, or else
// the one that does least of these.
func placeLabel(arrows []arrowPlan, i int, reserved []physics.Rect, card physics.Rect) physics.Rect {
	ap := arrows[i]
	lw, lh := arrowLabelSize(ap.arrow)
	best, bestCost := physics.Rect{}, math.Inf(1)
	rank := 0
	for _, cl := range labelClearances {
		for _, deg := range labelDirections {
			u := ap.dir.Rotate(physics.Deg(deg))
			edge := math.Inf(1)
			if math.Abs(u.X) > 1e-12 {
				edge = lw / 2 / math.Abs(u.X)
			}
			if math.Abs(u.Y) > 1e-12 {
				edge = math.Min(edge, lh/2/math.Abs(u.Y))
			}
			centre := ap.tip.Add(u.Mul(edge + cl))
			box := physics.Rect{Lo: centre.Sub(physics.V(lw/2, lh/2)), Hi: centre.Add(physics.V(lw/2, lh/2))}
			// Each place as it is, and moved onto the card if it sticks out.
			for k, b := range []physics.Rect{box, clampInto(box, card, labelPad)} {
				if k == 1 && b == box {
					continue
				}
				cost := labelCost(arrows, i, b, reserved, card) + 0.3*cl + 0.05*b.Lo.Dist(box.Lo) + 0.01*float64(rank)
				if cost < bestCost {
					best, bestCost = b, cost
				}
			}
			rank++
		}
	}
	return best
}

// labelPad is the room kept free around a label, in millimetres.
const labelPad = 0.7

// clampInto returns the box moved the least to lie inside r, pad in from
// its edges (unchanged if it does not fit).
func clampInto(box, r physics.Rect, pad float64) physics.Rect {
	var d physics.Vec
	switch {
	case box.Lo.X < r.Lo.X+pad:
		d.X = r.Lo.X + pad - box.Lo.X
	case box.Hi.X > r.Hi.X-pad:
		d.X = r.Hi.X - pad - box.Hi.X
	}
	switch {
	case box.Lo.Y < r.Lo.Y+pad:
		d.Y = r.Lo.Y + pad - box.Lo.Y
	case box.Hi.Y > r.Hi.Y-pad:
		d.Y = r.Hi.Y - pad - box.Hi.Y
	}
	moved := physics.Rect{Lo: box.Lo.Add(d), Hi: box.Hi.Add(d)}
	if !r.ContainsRect(moved) {
		return box
	}
	return moved
}

// labelCost is what placing a label at box costs: much for covering a
// label or symbol, less for crossing an arrow, an arrowhead or the card's
// edge, less again for lying off the card (more the further) or nearer
// another head than its own.
func labelCost(arrows []arrowPlan, i int, box physics.Rect, reserved []physics.Rect, card physics.Rect) float64 {
	padded := physics.Rect{Lo: box.Lo.Sub(physics.V(labelPad, labelPad)), Hi: box.Hi.Add(physics.V(labelPad, labelPad))}
	cost := 0.0
	for _, r := range reserved {
		if padded.Intersects(r) {
			cost += 1000
		}
	}
	centre := box.Lo.Lerp(box.Hi, 0.5)
	own := centre.Dist(arrows[i].tip)
	for j, ap := range arrows {
		if polylineHitsRect(ap.pts, padded) || polylineHitsRect(headShape(ap), padded) {
			cost += 100
		}
		if j != i && centre.Dist(ap.tip) < own {
			cost += 50
		}
	}
	switch out := outside(padded, card); {
	case out == 0:
	case padded.Intersects(card):
		cost += 100 // it would cover the card's edge
	default:
		cost += 30 + 2*out
	}
	return cost
}

// outside returns how far the box reaches out of r, 0 if it lies inside.
func outside(box, r physics.Rect) float64 {
	return math.Max(0, math.Max(math.Max(r.Lo.X-box.Lo.X, box.Hi.X-r.Hi.X), math.Max(r.Lo.Y-box.Lo.Y, box.Hi.Y-r.Hi.Y)))
}

// headShape returns the outline of an arrow's head (closed), or of the red
// dot of an overboost line (its bounding square).
func headShape(ap arrowPlan) []physics.Vec {
	if ap.arrow.Speed == maneuvers.OverboostSpeed {
		r := obDot
		t := ap.tip
		return []physics.Vec{t.Add(physics.V(-r, -r)), t.Add(physics.V(r, -r)), t.Add(physics.V(r, r)), t.Add(physics.V(-r, r)), t.Add(physics.V(-r, -r))}
	}
	h := arrowhead(ap.tip, ap.dir, headLength, headHalf)
	return append(h, h[0])
}

// arrowhead returns the triangle of an arrowhead with its tip at tip,
// pointing along the unit vector dir.
func arrowhead(tip, dir physics.Vec, length, half float64) []physics.Vec {
	base := tip.Sub(dir.Mul(length))
	side := dir.Perp().Mul(half)
	return []physics.Vec{tip, base.Add(side), base.Sub(side)}
}

// polylineHitsRect reports whether any segment of the polyline meets the
// rectangle.
func polylineHitsRect(pts []physics.Vec, r physics.Rect) bool {
	for k := range pts {
		if r.Contains(pts[k]) {
			return true
		}
		if k > 0 && segmentHitsRect(pts[k-1], pts[k], r) {
			return true
		}
	}
	return false
}

// segmentHitsRect reports whether the segment ab meets the rectangle
// (Liang–Barsky clipping).
func segmentHitsRect(a, b physics.Vec, r physics.Rect) bool {
	t0, t1 := 0.0, 1.0
	d := b.Sub(a)
	for _, e := range [4][2]float64{{-d.X, a.X - r.Lo.X}, {d.X, r.Hi.X - a.X}, {-d.Y, a.Y - r.Lo.Y}, {d.Y, r.Hi.Y - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return false
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
			return false
		}
	}
	return true
}

// symbolTag is a symbol's name as printed under its glyph.
func symbolTag(s string) string {
	if s == "change-direction" {
		return "change direction"
	}
	return s
}

// draw paints the whole picture.
func (d *deckDrawing) draw(c Canvas) {
	c.Polygon(corners(d.page), Style{Fill: colorBackground})
	c.Text(d.titleAt, d.title, TextStyle{Size: deckTitleSize, Color: colorInk, Bold: true})
	c.Text(d.noteAt, d.note, TextStyle{Size: deckNoteSize, Color: colorInk})
	d.drawRuler(c)
	d.drawLegend(c)
	for i, p := range d.cards {
		p.draw(c, d.origins[i], d.w, d.l)
		c.Text(d.origins[i].Add(physics.V(d.w/2, d.idY[i])), p.card.ID,
			TextStyle{Size: cardIDSize, Color: colorSecondary, Anchor: Middle})
	}
}

// drawRuler draws the 100 mm scale bar: a tick every millimetre, longer
// every 5 and 10, numbered every 10.
func (d *deckDrawing) drawRuler(c Canvas) {
	o := d.rulerAt
	c.Polyline([]physics.Vec{o, o.Add(physics.V(rulerLength, 0))}, Style{Stroke: colorInk, Width: 0.3, FlatCap: true})
	for k := 0; k <= int(rulerLength); k++ {
		h := 1.5
		switch {
		case k%10 == 0:
			h = 4
		case k%5 == 0:
			h = 2.6
		}
		x := o.X + float64(k)
		c.Polyline([]physics.Vec{physics.V(x, o.Y), physics.V(x, o.Y+h)}, Style{Stroke: colorInk, Width: 0.2, FlatCap: true})
		if k%10 == 0 {
			c.Text(physics.V(x, o.Y+h+0.8), strconv.Itoa(k), TextStyle{Size: 2.6, Color: colorInk, Anchor: Middle})
		}
	}
	c.Text(physics.V(o.X+rulerLength+4, o.Y+0.4), "100 mm ruler: measure it on a print or the screen", TextStyle{Size: deckNoteSize, Color: colorSecondary})
}

// drawLegend draws the legend's items: a swatch and its meaning.
func (d *deckDrawing) drawLegend(c Canvas) {
	for i, it := range d.legend {
		at, sw := d.legendAt[i], it.swatchWidth()
		switch it.kind {
		case "ke":
			drawKE(c, at, 1)
		case "g":
			drawG(c, at, "2", 0.7)
		case string(maneuvers.OverboostSpeed):
			a, b := at.Sub(physics.V(sw/2-obDot, 0)), at.Add(physics.V(sw/2-obDot, 0))
			c.Polyline([]physics.Vec{a, b}, arrowStyle(maneuvers.OverboostSpeed))
			drawOverboostEnds(c, a, b)
		default:
			s := maneuvers.Speed(it.kind)
			n := speedMarks(s)
			mw := float64(n)*markWidth + float64(n-1)*markGap
			a := at.Sub(physics.V(sw/2, 0))
			tip := at.Add(physics.V(sw/2-mw-1.5, 0))
			c.Polyline([]physics.Vec{a, tip}, arrowStyle(s))
			c.Polygon(arrowhead(tip, physics.V(1, 0), headLength, headHalf), Style{Fill: SpeedColor(s)})
			drawMarks(c, physics.V(at.X+sw/2-mw, at.Y-markHeight/2), s)
		}
		c.Text(physics.V(at.X+sw/2+2, at.Y-0.35*deckLegendSize), it.text, TextStyle{Size: deckLegendSize, Color: colorInk})
	}
}

// draw paints a card with its lower-left corner at o.
func (p cardPlan) draw(c Canvas, o physics.Vec, w, l float64) {
	at := func(q physics.Vec) physics.Vec { return o.Add(q) }
	pts := func(qs []physics.Vec) []physics.Vec {
		out := make([]physics.Vec, len(qs))
		for i, q := range qs {
			out[i] = at(q)
		}
		return out
	}
	c.Polygon(corners(physics.Rect{Lo: o, Hi: at(physics.V(w, l))}), styleCardShape)

	if p.big != "" {
		ctr := at(physics.V(w/2, l/2+4))
		drawGlyph(c, p.big, ctr, bigGlyph)
		c.Text(physics.V(ctr.X, ctr.Y-bigGlyph/2-2-bigTagSize*ascent), symbolTag(p.big),
			TextStyle{Size: bigTagSize, Color: colorInk, Anchor: Middle})
	}
	for _, ch := range p.chips {
		ctr := at(ch.centre)
		drawGlyph(c, ch.symbol, ctr, chipGlyph)
		c.Text(physics.V(ctr.X, ctr.Y-chipGlyph/2-0.8-chipTagSize*ascent), symbolTag(ch.symbol),
			TextStyle{Size: chipTagSize, Color: colorSecondary, Anchor: Middle})
	}

	// The longest arrow first, so that shorter ones sharing its line show.
	order := make([]int, len(p.arrows))
	for i := range order {
		order[i] = i
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && p.arrows[order[j]].arrow.Path.Length() > p.arrows[order[j-1]].arrow.Path.Length(); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for _, i := range order {
		ap := p.arrows[i]
		c.Polyline(pts(ap.pts), arrowStyle(ap.arrow.Speed))
	}
	for _, i := range order {
		ap := p.arrows[i]
		if ap.arrow.Speed == maneuvers.OverboostSpeed {
			drawOverboostEnds(c, at(ap.pts[0]), at(ap.tip))
			continue
		}
		c.Polygon(pts(arrowhead(ap.tip, ap.dir, headLength, headHalf)), Style{Fill: SpeedColor(ap.arrow.Speed)})
	}
	for _, ap := range p.arrows {
		drawArrowLabel(c, at(ap.label.Lo), ap.arrow)
	}

	nameBase := l - gInset - 0.35*cardNameSize
	c.Text(at(physics.V(cardPad, nameBase)), p.card.Name, TextStyle{Size: p.nameSize, Color: colorInk, Bold: true})
	drawG(c, at(physics.V(w-gInset, l-gInset)), strconv.Itoa(p.card.G), 1)
}

// drawOverboostEnds draws an overboost line's yellow start and red end.
func drawOverboostEnds(c Canvas, start, end physics.Vec) {
	c.Circle(start, obDot, Style{Fill: colorOBYellow, Stroke: colorInk, Width: 0.3})
	c.Circle(end, obDot, Style{Fill: colorOBRed, Stroke: colorInk, Width: 0.3})
}

// drawArrowLabel draws an arrow's label with its lower-left corner at lo:
// the speed marks, "back" for the back arrow, the kinetic energy circle.
func drawArrowLabel(c Canvas, lo physics.Vec, a maneuvers.Arrow) {
	x := lo.X
	mid := lo.Y + keRadius
	if n := speedMarks(a.Speed); n > 0 {
		drawMarks(c, physics.V(x, mid-markHeight/2), a.Speed)
		x += float64(n)*markWidth + float64(n-1)*markGap + 1
	}
	if a.Speed == maneuvers.Back {
		ts := TextStyle{Size: backTagSize, Color: colorInk}
		c.Text(physics.V(x, mid-0.35*backTagSize), "back", ts)
		x += textWidth("back", ts) + 0.8
	}
	drawKE(c, physics.V(x+keRadius, mid), a.KineticEnergy)
}

// drawMarks draws a speed's marks with their box's lower-left corner at lo:
// triangles pointing right (forward) or left (back), in the speed's colour.
func drawMarks(c Canvas, lo physics.Vec, s maneuvers.Speed) {
	st := Style{Fill: SpeedColor(s)}
	for k := 0; k < speedMarks(s); k++ {
		x0 := lo.X + float64(k)*(markWidth+markGap)
		a, b, tip := physics.V(x0, lo.Y), physics.V(x0, lo.Y+markHeight), physics.V(x0+markWidth, lo.Y+markHeight/2)
		if s == maneuvers.Back {
			a, b, tip = physics.V(x0+markWidth, lo.Y), physics.V(x0+markWidth, lo.Y+markHeight), physics.V(x0, lo.Y+markHeight/2)
		}
		c.Polygon([]physics.Vec{a, tip, b}, st)
	}
}

// drawKE draws a kinetic energy value in a light blue circle.
func drawKE(c Canvas, ctr physics.Vec, ke int) {
	c.Circle(ctr, keRadius, Style{Fill: colorKE})
	text, size := keText(ke), keSize
	if w := textWidth(text, TextStyle{Size: size, Bold: true}); w > 1.6*keRadius {
		size *= 1.6 * keRadius / w // "−1" fits the circle
	}
	c.Text(physics.V(ctr.X, ctr.Y-0.35*size), text, TextStyle{Size: size, Color: colorInk, Bold: true, Anchor: Middle})
}

// drawG draws a G-value in a blue hexagon, scaled by f.
func drawG(c Canvas, ctr physics.Vec, g string, f float64) {
	hex := make([]physics.Vec, 6)
	for k := range hex {
		hex[k] = ctr.Add(physics.Direction(physics.Deg(30 + 60*float64(k))).Mul(gRadius * f))
	}
	c.Polygon(hex, Style{Fill: colorG})
	size := 5.6 * f
	c.Text(physics.V(ctr.X, ctr.Y-0.35*size), g, TextStyle{Size: size, Color: colorWhite, Bold: true, Anchor: Middle})
}

// drawGlyph draws a symbol as a simple vector glyph in a box of side s
// centred on ctr.
func drawGlyph(c Canvas, symbol string, ctr physics.Vec, s float64) {
	v := func(x, y float64) physics.Vec { return ctr.Add(physics.V(x*s, y*s)) }
	line := Style{Stroke: colorInk, Width: math.Max(0.45, 0.1*s), FlatCap: true}
	fill := Style{Fill: colorInk}
	switch symbol {
	case "straight":
		c.Polyline([]physics.Vec{v(0, -0.45), v(0, 0.15)}, line)
		c.Polygon(arrowhead(v(0, 0.48), physics.V(0, 1), 0.38*s, 0.24*s), fill)
	case "turn":
		c.Arc(v(0.15, -0.4), 0.55*s, physics.Deg(90), physics.Deg(180), line)
		c.Polygon(arrowhead(v(0.5, 0.15), physics.V(1, 0), 0.36*s, 0.24*s), fill)
	case "overboost":
		c.Polyline([]physics.Vec{v(0, -0.3), v(0, 0.3)}, line)
		r := 0.17 * s
		c.Circle(v(0, -0.3), r, Style{Fill: colorOBYellow, Stroke: colorInk, Width: 0.05 * s})
		c.Circle(v(0, 0.3), r, Style{Fill: colorOBRed, Stroke: colorInk, Width: 0.05 * s})
	case "difficult":
		c.Polygon([]physics.Vec{v(-0.5, -0.42), v(0.5, -0.42), v(0, 0.46)}, Style{Stroke: colorInk, Width: math.Max(0.35, 0.07*s)})
		c.Text(v(0, -0.34), "!", TextStyle{Size: 0.6 * s, Color: colorInk, Bold: true, Anchor: Middle})
	case "change-direction":
		c.Polyline([]physics.Vec{v(0.25, -0.45), v(0.25, 0.12)}, line)
		c.Arc(v(0, 0.12), 0.25*s, 0, physics.Deg(180), line)
		c.Polyline([]physics.Vec{v(-0.25, 0.12), v(-0.25, -0.12)}, line)
		c.Polygon(arrowhead(v(-0.25, -0.48), physics.V(0, -1), 0.38*s, 0.22*s), fill)
	case "blank":
		c.Polygon([]physics.Vec{v(-0.3, -0.45), v(0.3, -0.45), v(0.3, 0.45), v(-0.3, 0.45)},
			Style{Stroke: colorInk, Width: math.Max(0.35, 0.06*s), Dash: []float64{0.12 * s, 0.08 * s}})
	default:
		c.Text(v(0, -0.2), "?", TextStyle{Size: 0.6 * s, Color: colorInk, Bold: true, Anchor: Middle})
	}
}

// keText writes a kinetic energy as printed on a card: "2", or "−1" with a
// true minus sign.
func keText(ke int) string {
	if ke < 0 {
		return "−" + strconv.Itoa(-ke)
	}
	return strconv.Itoa(ke)
}
