package sketch

import (
	"fmt"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Options say what the ruling picture shows and at what size.
type Options struct {
	// PixelsPerMM is the scale of the PNG and the nominal size of the SVG;
	// 0 means 1.
	PixelsPerMM float64
	// Title is the picture's first line; empty means "Ruling picture".
	Title string
	// Pair is the ordered pair (attacker, target), as indices into
	// Table.Ships, whose ruling alone is drawn; nil draws the whole table.
	// With Pair nil and exactly one ruling, the picture is that ruling's
	// pair picture.
	Pair *[2]int
	// TextScale multiplies the size of the labels on the table (ids,
	// ruler labels, grid numbers) and the room laid out for them (0
	// means 1): a picture shown small, on a phone, keeps them readable.
	TextScale float64
}

// LabelSize is the size of the ship and obstacle ids in table
// millimetres at TextScale 1.
const LabelSize = labelSize

// sizes are a picture's text sizes in table millimetres: the labels on
// the table (ids, rulers, grid numbers) scale with Options.TextScale, the
// title, legend and notes around it do not.
type sizes struct{ label, ruling, grid, title, subtitle, legend, note float64 }

// sizesFor returns the text sizes with the table's labels scaled by k
// (0 means 1).
func sizesFor(k float64) sizes {
	if k <= 0 {
		k = 1
	}
	return sizes{labelSize * k, rulingSize * k, gridSize * k, titleSize, subtitleSize, legendSize, rulingSize}
}

// BigTable is the number of ships above which a whole-table picture draws
// only the rulings that can fire; up to it, every ruling with a witness or
// a blocked line is drawn.
const BigTable = 12

// Sizes in table millimetres.
const (
	labelSize    = 13.0 // ship and obstacle ids
	rulingSize   = 12.0 // ruler labels
	titleSize    = 22.0
	subtitleSize = 13.0
	legendSize   = 12.0
	gridSize     = 10.0
	viewPad      = 36.0 // space around the play area and everything on it
	gridStep     = 100.0
	maxGridLines = 40 // along either edge; a larger table gets a coarser grid
	swatchWidth  = 28.0
	// legendSlack widens the legend's columns for SVG viewers whose
	// fallback font is wider than the Go font.
	legendSlack = 1.12
)

// Frame returns the extent of the picture in table millimetres (page) and
// the part of it that shows the table (view): the play area and everything
// on it with a margin. The title lies above the view and the legend below;
// shapes drawn with Style.Clip are cut at the view's edge.
func Frame(r *referee.Referee, rulings []referee.Ruling, opt Options) (page, view physics.Rect) {
	l := newDrawing(r, rulings, opt).layout
	return l.page, l.view
}

// Draw composes the ruling picture on c: the play area with a grid,
// every ship's base with its front flat, stand, id and fire arc out to long
// range, the obstacles, and for each ruling drawn its witness ruler
// coloured by band with range and margin, or its blocked line; then the
// title, the legend and the notes for rulers numbered for lack of room. It
// draws what the referee ruled and computes no ruling itself.
func Draw(c Canvas, r *referee.Referee, rulings []referee.Ruling, opt Options) {
	newDrawing(r, rulings, opt).draw(c)
}

// Compose draws the picture on c as Draw does and returns its Frame,
// laying the picture out once for both.
func Compose(c Canvas, r *referee.Referee, rulings []referee.Ruling, opt Options) (page, view physics.Rect) {
	d := newDrawing(r, rulings, opt)
	d.draw(c)
	return d.layout.page, d.layout.view
}

// Composer composes one ruling picture after another, as Compose does,
// laying each one's labels out from the last one's: a label whose
// candidate boxes are the ones it had in the last picture, and near which
// no base, line or label placed before it changed, goes where it went then
// without being weighed again. Every label lands where Compose puts it
// (TestComposerPlacesAsCompose); a table changed in one place (a ship
// dragged) costs the labels near the change. The zero value is ready.
type Composer struct {
	last *placement
}

// Compose draws the picture on c and returns its Frame, as the package's
// Compose does.
func (k *Composer) Compose(c Canvas, r *referee.Referee, rulings []referee.Ruling, opt Options) (page, view physics.Rect) {
	d := newDrawingAfter(r, rulings, opt, true, k.last)
	k.last = d.placed
	d.draw(c)
	return d.layout.page, d.layout.view
}

// drawing is one picture being composed.
type drawing struct {
	table   referee.Table
	bases   []physics.Polygon
	arcs    []physics.Cone
	rulings []referee.Ruling // the rulings drawn
	pair    *[2]int          // nil for a whole-table picture
	total   int              // rulings given
	grid    float64          // grid spacing in millimetres

	attacker   []bool // ships whose range rings are drawn
	shipBlocks []bool // ships outlined as blockers
	obstBlocks []bool // obstacles outlined as blockers
	cover      []bool // fields highlighted as cover

	title, subtitle, tableNote string
	labels                     []placedLabel
	notes                      []string // rulings whose ruler carries a number, in number order
	layout                     layout
	indexLabels                bool       // the label placer indexes what it avoids
	placed                     *placement // how the labels were placed (Composer)
	sz                         sizes      // the text sizes (Options.TextScale)
}

func newDrawing(r *referee.Referee, rulings []referee.Ruling, opt Options) *drawing {
	return newDrawingIndexed(r, rulings, opt, true)
}

// newDrawingIndexed is newDrawing with the label placer's index on or off
// (off: every box scored against every item; the tests compare the two).
func newDrawingIndexed(r *referee.Referee, rulings []referee.Ruling, opt Options, index bool) *drawing {
	return newDrawingAfter(r, rulings, opt, index, nil)
}

// newDrawingAfter is newDrawingIndexed laying the labels out from the
// placement of the picture before (nil: none).
func newDrawingAfter(r *referee.Referee, rulings []referee.Ruling, opt Options, index bool, last *placement) *drawing {
	t := r.Table()
	d := &drawing{table: t, total: len(rulings), grid: gridStep, indexLabels: index, sz: sizesFor(opt.TextScale)}
	for t.Width/d.grid > maxGridLines || t.Depth/d.grid > maxGridLines {
		d.grid *= 10
	}
	for i := range t.Ships {
		d.bases = append(d.bases, r.Base(i))
		d.arcs = append(d.arcs, r.Arc(i))
	}
	d.pair = opt.Pair
	if d.pair == nil && len(rulings) == 1 {
		d.pair = &[2]int{rulings[0].Attacker, rulings[0].Target}
	}
	big := len(t.Ships) > BigTable
	for _, ru := range rulings {
		if ru.Attacker < 0 || ru.Attacker >= len(t.Ships) || ru.Target < 0 || ru.Target >= len(t.Ships) {
			continue
		}
		switch {
		case d.pair != nil:
			if ru.Attacker != d.pair[0] || ru.Target != d.pair[1] {
				continue
			}
		case big:
			if !ru.CanFire {
				continue
			}
		default:
			if !ru.Measured && len(ru.BlockedBy) == 0 {
				continue
			}
		}
		d.rulings = append(d.rulings, ru)
	}
	d.mark()
	d.title = opt.Title
	if d.title == "" {
		d.title = "Ruling picture"
	}
	d.subtitle = d.summary()
	d.tableNote = fmt.Sprintf("play area %s × %s mm, grid %s mm", num(t.Width), num(t.Depth), num(d.grid))
	d.layout.play, d.layout.view = d.viewOf()
	d.placed = d.placeLabels(last)
	d.finish()
	return d
}

// mark notes which ships have range rings, and which objects are blockers
// or cover in the rulings drawn.
func (d *drawing) mark() {
	t := d.table
	d.attacker = make([]bool, len(t.Ships))
	d.shipBlocks = make([]bool, len(t.Ships))
	d.obstBlocks = make([]bool, len(t.Obstacles))
	d.cover = make([]bool, len(t.Obstacles))
	if d.pair != nil && d.pair[0] >= 0 && d.pair[0] < len(t.Ships) {
		d.attacker[d.pair[0]] = true
	}
	for _, ru := range d.rulings {
		if ru.Attacker >= 0 && ru.Attacker < len(t.Ships) {
			d.attacker[ru.Attacker] = true
		}
		for _, id := range ru.BlockedBy {
			for i, s := range t.Ships {
				if s.ID == id {
					d.shipBlocks[i] = true
				}
			}
			for i, o := range t.Obstacles {
				if o.ID == id {
					d.obstBlocks[i] = true
				}
			}
		}
		for _, id := range ru.Cover {
			for i, o := range t.Obstacles {
				if o.ID == id {
					d.cover[i] = true
				}
			}
		}
	}
}

func (d *drawing) draw(c Canvas) {
	l := d.layout
	c.Polygon(corners(l.page), Style{Fill: colorBackground})
	d.drawPlayArea(c)
	d.drawArcs(c)
	d.drawObstacles(c)
	d.drawShips(c)
	d.drawRulers(c)
	for _, s := range d.table.Ships {
		c.Circle(s.Pose.Pos, standRadius, Style{Fill: colorInk})
	}
	d.drawLabels(c)
	c.Text(l.title, d.title, TextStyle{Size: d.sz.title, Color: colorInk, Bold: true})
	c.Text(l.subtitle, d.subtitle, TextStyle{Size: d.sz.subtitle, Color: colorInk})
	c.Text(l.tableNote, d.tableNote, TextStyle{Size: d.sz.subtitle, Color: colorSecondary, Anchor: End})
	d.drawLegend(c)
	d.drawNotes(c)
}

func corners(r physics.Rect) []physics.Vec {
	return []physics.Vec{r.Lo, physics.V(r.Hi.X, r.Lo.Y), r.Hi, physics.V(r.Lo.X, r.Hi.Y)}
}

// drawPlayArea paints the play area, its grid (100 mm on any real table)
// with coordinates along the lower and left edges, and its edges.
func (d *drawing) drawPlayArea(c Canvas) {
	p := d.layout.play
	if p.Hi.X <= 0 {
		return
	}
	c.Polygon(corners(p), Style{Fill: colorPlayArea})
	grid := Style{Stroke: colorGrid, Width: 0.6}
	numbers := TextStyle{Size: d.sz.grid, Color: colorSecondary, Anchor: Middle}
	for x := 0.0; x <= p.Hi.X+1e-9; x += d.grid {
		if x > 0 && x < p.Hi.X {
			c.Polyline([]physics.Vec{physics.V(x, 0), physics.V(x, p.Hi.Y)}, grid)
		}
		c.Text(physics.V(x, -d.sz.grid*1.3), num(x), numbers)
	}
	numbers.Anchor = End
	for y := 0.0; y <= p.Hi.Y+1e-9; y += d.grid {
		if y > 0 && y < p.Hi.Y {
			c.Polyline([]physics.Vec{physics.V(0, y), physics.V(p.Hi.X, y)}, grid)
		}
		c.Text(physics.V(-d.sz.grid*0.5, y-d.sz.grid*0.3), num(y), numbers)
	}
	c.Polygon(corners(p), Style{Stroke: colorSecondary, Width: 1.4})
}

// drawArcs paints every ship's fire arc out to long range and, for the
// attackers of the rulings drawn, the range rings at the band limits.
func (d *drawing) drawArcs(c Canvas) {
	lim := d.table.Limits
	for i, a := range d.arcs {
		op := 1.0
		if d.pair != nil && !d.attacker[i] {
			op = faintArc
		}
		from, to := a.Facing()-a.HalfWidth(), a.Facing()+a.HalfWidth()
		c.Wedge(a.Apex(), lim.LongRange, from, to, styleArc(op))
	}
	for i, a := range d.arcs {
		if !d.attacker[i] {
			continue
		}
		from, to := a.Facing()-a.HalfWidth(), a.Facing()+a.HalfWidth()
		for _, b := range referee.Bands { // each band's far limit
			c.Arc(a.Apex(), lim.Span(b, 0).Hi, from, to, Style{Stroke: BandColor(b), Width: 1, Clip: true})
		}
	}
}

// drawObstacles paints asteroid fields (sparse light and dashed, dense
// dark), the cover highlight under the fields that give cover, and
// planetoids.
func (d *drawing) drawObstacles(c Canvas) {
	for i, o := range d.table.Obstacles {
		if o.Kind != referee.AsteroidField {
			continue
		}
		if d.cover[i] {
			c.Polygon(o.Polygon, styleCover)
		}
		c.Polygon(o.Polygon, styleField(o.Density))
	}
	for _, o := range d.table.Obstacles {
		if o.Kind == referee.Planetoid {
			c.Circle(o.Circle.C, o.Circle.R, stylePlanetoid)
		}
	}
}

// drawShips paints each base with its front flat thick and a tick from the
// stand along the facing; then the blockers' outlines. The stands are
// painted last, over the rulers that start there.
func (d *drawing) drawShips(c Canvas) {
	for i, s := range d.table.Ships {
		base := d.bases[i]
		c.Polygon(base, styleBase)
		front := base.Edge(int(physics.FrontFlat))
		c.Polyline([]physics.Vec{front.A, front.B}, styleFrontFlat)
		tick := physics.Direction(d.arcs[i].Facing()).Mul(s.AcrossFlats * 0.3)
		c.Polyline([]physics.Vec{s.Pose.Pos, s.Pose.Pos.Add(tick)}, Style{Stroke: colorInk, Width: 0.9})
	}
	for i := range d.table.Ships {
		if d.shipBlocks[i] {
			c.Polygon(d.bases[i], styleBlocker)
		}
	}
	for i, o := range d.table.Obstacles {
		if !d.obstBlocks[i] {
			continue
		}
		switch o.Kind {
		case referee.Planetoid:
			c.Circle(o.Circle.C, o.Circle.R, styleBlocker)
		case referee.AsteroidField:
			c.Polygon(o.Polygon, styleBlocker)
		}
	}
}

// rulerLine is the line a ruling's label goes beside: its witness, or its
// blocked line when it has none, or else (out of arc, two levels apart:
// no line drawn) the line from stand to stand.
func rulerLine(ru referee.Ruling, t referee.Table) physics.Segment {
	switch {
	case ru.Measured:
		return ru.Witness
	case len(ru.BlockedBy) > 0:
		return physics.Seg(t.Ships[ru.Attacker].Pose.Pos, ru.NearestInArc)
	}
	return physics.Seg(t.Ships[ru.Attacker].Pose.Pos, t.Ships[ru.Target].Pose.Pos)
}

// drawRulers paints the blocked lines dashed, then the witness rulers
// coloured by band, then a dot at each witness point.
func (d *drawing) drawRulers(c Canvas) {
	for _, ru := range d.rulings {
		if len(ru.BlockedBy) == 0 {
			continue
		}
		from := d.table.Ships[ru.Attacker].Pose.Pos
		c.Polyline([]physics.Vec{from, ru.NearestInArc}, styleBlockedLine)
		c.Circle(ru.NearestInArc, blockedRadius, styleBlockedEnd)
	}
	for _, ru := range d.rulings {
		if ru.Measured {
			c.Polyline([]physics.Vec{ru.Witness.A, ru.Witness.B}, styleRuler(ru.Band))
		}
	}
	for _, ru := range d.rulings {
		if ru.Measured {
			c.Circle(ru.Witness.B, witnessRadius, styleWitness(ru.Band))
		}
	}
	if d.pair != nil {
		for _, ru := range d.rulings {
			d.drawMove(c, ru)
		}
	}
}

// minArrow is the shortest move arrow drawn, in millimetres, so that a
// margin of a hair still shows its direction.
const minArrow = 16.0

// drawMove paints, on the target of a pair picture, the move of the
// deciding margin (referee.Ruling.Deciding) as a small arrow from the
// stand: which way and how far the base would go for the ruling to go the
// other way (MEASURE-FORMAT.md, step 8).
func (d *drawing) drawMove(c Canvas, ru referee.Ruling) {
	_, m, ok := ru.Deciding()
	if !ok {
		return
	}
	from := d.table.Ships[ru.Target].Pose.Pos
	move := m.Move
	if m.MM < minArrow {
		move = m.Dir.Mul(minArrow)
	}
	to := from.Add(move)
	head := m.Dir.Mul(-7)
	side := m.Dir.Perp().Mul(3.5)
	c.Polyline([]physics.Vec{from, to}, styleMove)
	c.Polygon([]physics.Vec{to, to.Add(head).Add(side), to.Add(head).Sub(side)}, Style{Fill: colorMove})
}
