package sketch

import (
	"fmt"
	"math"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// layout is where the parts of the picture go, in table millimetres.
type layout struct {
	play, view, page physics.Rect
	title, subtitle  physics.Vec // baselines (start)
	tableNote        physics.Vec // baseline (end)
	legend           []legendEntry
	legendAt         []physics.Vec // swatch boxes' lower-left corners
	notesHead        physics.Vec   // baseline (start)
	notesAt          []physics.Vec // baselines (start) of the numbers
	notesIndent      float64       // from a number to its text
}

// viewOf returns the play area and the view: the play area and everything
// on it, with a margin.
func (d *drawing) viewOf() (play, view physics.Rect) {
	t := d.table
	content := physics.EmptyRect()
	if t.Width > 0 && t.Depth > 0 {
		play = physics.Rect{Hi: physics.V(t.Width, t.Depth)}
		content = play
	}
	for _, b := range d.bases {
		content = content.Union(b.Bounds())
	}
	for _, o := range t.Obstacles {
		switch o.Kind {
		case referee.Planetoid:
			content = content.Union(o.Circle.Bounds())
		case referee.AsteroidField:
			content = content.Union(o.Polygon.Bounds())
		}
	}
	if content.Lo.X > content.Hi.X {
		content = physics.Rect{Hi: physics.V(gridStep, gridStep)}
	}
	return play, physics.Rect{
		Lo: content.Lo.Sub(physics.V(viewPad, viewPad)),
		Hi: content.Hi.Add(physics.V(viewPad, viewPad)),
	}
}

// columns returns how many columns of width w fit under the view, and the
// rows that n entries then take.
func (l *layout) columns(n int, w float64) (cols, rows int) {
	inner := l.view.Hi.X - l.view.Lo.X - 2*viewPad
	cols = max(1, min(n, int(math.Floor(inner/w))))
	return cols, (n + cols - 1) / cols
}

// finish lays out the title above the view, and the legend and the notes
// below it; the page holds them all.
func (d *drawing) finish() {
	l := &d.layout
	left := l.view.Lo.X + viewPad
	right := l.view.Hi.X

	l.legend = d.legendEntries()
	colWidth := 0.0
	for _, e := range l.legend {
		colWidth = math.Max(colWidth, swatchWidth+d.sz.legend*0.6+textWidth(e.text, d.legendStyle()))
	}
	colWidth = colWidth*legendSlack + d.sz.legend*2
	_, rows := l.columns(len(l.legend), colWidth)
	rowHeight := d.sz.legend * 1.7
	y := l.view.Lo.Y - d.sz.legend*0.5
	for i := range l.legend {
		col, row := i/rows, i%rows
		l.legendAt = append(l.legendAt, physics.V(left+float64(col)*colWidth, y-float64(row+1)*rowHeight))
	}
	y -= float64(rows)*rowHeight + d.sz.legend

	if len(d.notes) > 0 {
		l.notesHead = physics.V(left, y-d.sz.note)
		y = l.notesHead.Y - d.sz.note*0.5
		l.notesIndent = textWidth(fmt.Sprint(len(d.notes)), d.noteStyle(true)) + d.sz.note*0.6
		colWidth = 0.0
		for _, n := range d.notes {
			colWidth = math.Max(colWidth, l.notesIndent+textWidth(n, d.noteStyle(false)))
		}
		right = math.Max(right, left+colWidth+viewPad)
		colWidth = colWidth*legendSlack + d.sz.note*2
		_, rows := l.columns(len(d.notes), colWidth)
		rowHeight := d.sz.note * 1.45
		for i := range d.notes {
			col, row := i/rows, i%rows
			l.notesAt = append(l.notesAt, physics.V(left+float64(col)*colWidth, y-float64(row+1)*rowHeight))
		}
		y -= float64(rows)*rowHeight + d.sz.note
	}

	l.subtitle = physics.V(left, l.view.Hi.Y+d.sz.subtitle*0.6)
	l.title = physics.V(left, l.subtitle.Y+d.sz.subtitle*1.5)
	top := l.title.Y + d.sz.title*1.3
	for _, w := range []float64{
		textWidth(d.title, TextStyle{Size: d.sz.title, Bold: true}),
		textWidth(d.subtitle, TextStyle{Size: d.sz.subtitle}),
	} {
		right = math.Max(right, left+w+viewPad)
	}
	l.tableNote = physics.V(right-viewPad, l.title.Y)
	l.page = physics.Rect{Lo: physics.V(l.view.Lo.X, y), Hi: physics.V(right, top)}
}

func (d *drawing) noteStyle(bold bool) TextStyle {
	return TextStyle{Size: d.sz.note, Color: colorInk, Bold: bold}
}

// drawNotes paints the rulings whose rulers carry a number instead of a
// label.
func (d *drawing) drawNotes(c Canvas) {
	l := d.layout
	if len(d.notes) == 0 {
		return
	}
	c.Text(l.notesHead, "Numbered rulers (no room for their labels on the table):", TextStyle{Size: d.sz.note, Color: colorSecondary})
	for i, n := range d.notes {
		at := l.notesAt[i]
		c.Text(at, fmt.Sprint(i+1), d.noteStyle(true))
		c.Text(at.Add(physics.V(l.notesIndent, 0)), n, d.noteStyle(false))
	}
}

// legendEntry is one line of the legend: a swatch and its meaning.
type legendEntry struct {
	text   string
	swatch func(c Canvas, box physics.Rect)
}

func (d *drawing) legendStyle() TextStyle { return TextStyle{Size: d.sz.legend, Color: colorInk} }

func (d *drawing) legendEntries() []legendEntry {
	lim := d.table.Limits
	area := func(s Style) func(Canvas, physics.Rect) {
		return func(c Canvas, b physics.Rect) { c.Polygon(corners(b), s) }
	}
	line := func(s Style, end Style, r float64) func(Canvas, physics.Rect) {
		return func(c Canvas, b physics.Rect) {
			mid := (b.Lo.Y + b.Hi.Y) / 2
			to := physics.V(b.Hi.X-3, mid)
			c.Polyline([]physics.Vec{physics.V(b.Lo.X, mid), to}, s)
			c.Circle(to, r, end)
		}
	}
	ruler := func(b referee.Band) func(Canvas, physics.Rect) {
		return line(styleRuler(b), styleWitness(b), witnessRadius)
	}
	cover := styleField(referee.Sparse)
	cover.Stroke, cover.Width, cover.Dash = styleCover.Stroke, 5, nil
	blocker := styleBlocker
	blocker.Fill = colorBase
	entries := []legendEntry{
		{fmt.Sprintf("short range ≤ %s mm (+1)", num(lim.Span(referee.Short, 0).Hi)), ruler(referee.Short)},
		{fmt.Sprintf("medium range ≤ %s mm (0)", num(lim.Span(referee.Medium, 0).Hi)), ruler(referee.Medium)},
		{fmt.Sprintf("long range ≤ %s mm (−1)", num(lim.Span(referee.Long, 0).Hi)), ruler(referee.Long)},
		{"out of range", ruler(referee.Out)},
		{"line blocked", line(styleBlockedLine, styleBlockedEnd, blockedRadius)},
		{"blocker", area(blocker)},
		{"cover along the witness", area(cover)},
		{"base, front flat thick", func(c Canvas, b physics.Rect) {
			c.Polygon(corners(b), styleBase)
			c.Polyline([]physics.Vec{physics.V(b.Hi.X, b.Lo.Y), b.Hi}, styleFrontFlat)
		}},
		{fmt.Sprintf("fire arc ±%s° to long range", num(lim.FireArcHalfWidth)), func(c Canvas, b physics.Rect) {
			s := styleArc(1)
			s.Fill, s.Clip = withAlpha(colorArc, 2*arcOpacity), false
			c.Wedge(physics.V(b.Lo.X, (b.Lo.Y+b.Hi.Y)/2), b.Hi.X-b.Lo.X, physics.Deg(-15), physics.Deg(15), s)
		}},
		{"planetoid", area(stylePlanetoid)},
		{"sparse asteroid field (−2)", area(styleField(referee.Sparse))},
		{"dense asteroid field (−4)", area(styleField(referee.Dense))},
	}
	if d.pair != nil {
		entries = append(entries, legendEntry{"move that turns the ruling", func(c Canvas, b physics.Rect) {
			mid := (b.Lo.Y + b.Hi.Y) / 2
			to := physics.V(b.Hi.X-2, mid)
			c.Polyline([]physics.Vec{physics.V(b.Lo.X, mid), to}, styleMove)
			c.Polygon([]physics.Vec{to, to.Add(physics.V(-4, 2.2)), to.Add(physics.V(-4, -2.2))}, Style{Fill: colorMove})
		}})
	}
	return entries
}

func (d *drawing) drawLegend(c Canvas) {
	l := d.layout
	h := d.sz.legend * 0.9
	for i, e := range l.legend {
		at := l.legendAt[i]
		box := physics.Rect{Lo: at, Hi: at.Add(physics.V(swatchWidth, h))}
		e.swatch(c, box)
		c.Text(physics.V(box.Hi.X+d.sz.legend*0.6, at.Y+h/2-d.sz.legend*(ascent-descent)/2), e.text, d.legendStyle())
	}
}
