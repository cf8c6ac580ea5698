// Package sheet draws a scenario's setup sheet for a real table (`bsg
// scenario sheet NAME -pdf FILE` or `-png FILE`): the play area to scale
// with a 100 mm grid, every zone, obstacle and ship (a hexagonal base with
// its front flat drawn thick), the victory conditions, and tables of
// coordinates measured from the lower-left corner of the play area, so
// that players can set up the physical game exactly.
//
// The sheet is two A4 pages composed on sketch.Canvas surfaces in page
// millimetres (y up from the page's lower-left corner); WritePDF prints
// them as a PDF, WritePNG as one PNG with the pages one above the other.
// The same scenario always gives the same bytes.
package sheet

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/palette"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/sketch"
	"github.com/starshipbattles/bsg/starship"
)

// Page size (A4 portrait) and margin, in millimetres.
const (
	PageWidth  = 210.0
	PageHeight = 297.0
	margin     = 10.0
	gutter     = 9.0 // room for the y labels left of the diagram
)

// Colours, from the project's palette: Okabe–Ito for the sides and other
// zones (colour-blind safe; the Colonial side in the darker blue that
// prints), greys for the rest.
var (
	ink       = palette.Ink
	secondary = palette.Secondary
	gridInk   = color.NRGBA{0xD8, 0xD8, 0xD0, 0xFF}
	playArea  = palette.PlayArea
	colonial  = palette.ColonialOnPaper
	cylon     = palette.Cylon
	neutral   = palette.Neutral
	planetoid = palette.Planetoid
	field     = palette.Field
	obstacle  = palette.Obstacle
)

func alpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(math.Max(0, math.Min(1, a))*255 + 0.5)
	return c
}

func sideColor(s battle.Side) color.NRGBA {
	if s == battle.Cylon {
		return cylon
	}
	return colonial
}

// Text sizes (em, mm) and line heights.
const (
	titleSize = 6.0
	bodySize  = 3.1
	smallSize = 2.5
	labelSize = 2.3
	lineGap   = 1.35 // line height as a multiple of the size
)

// niceScales are the scales the diagram may use, 1:N.
var niceScales = []float64{1, 2, 2.5, 3, 4, 5, 6, 8, 10, 12.5, 15, 20, 25, 30, 40, 50, 100}

// Scale returns the N of the 1:N scale at which a table of the size fits
// a box of w × h millimetres.
func Scale(width, depth, w, h float64) float64 {
	for _, n := range niceScales {
		if width/n <= w && depth/n <= h {
			return n
		}
	}
	return math.Max(width/w, depth/h)
}

// Pages returns the sheet's pages, each a function that draws one A4 page
// on a canvas in page millimetres. comp is the components sc was read
// with (the dial's notch turns a ship's facing).
func Pages(sc *scenarios.Scenario, comp *assets.Components) []func(sketch.Canvas) {
	notch := comp.Geometry.DialNotch.Value
	return []func(sketch.Canvas){
		func(c sketch.Canvas) { drawDiagramPage(c, sc, notch) },
		func(c sketch.Canvas) { drawTablePage(c, sc) },
	}
}

// writer keeps the text cursor of a page, from the top down.
type writer struct {
	c sketch.Canvas
	x float64
	y float64 // the baseline of the next line
	w float64 // the width text may take
}

func (t *writer) line(text string, size float64, bold bool, col color.NRGBA) {
	t.c.Text(physics.V(t.x, t.y), text, sketch.TextStyle{Size: size, Color: col, Bold: bold})
	t.y -= size * lineGap
}

// para writes text wrapped to the writer's width.
func (t *writer) para(text string, size float64, bold bool, col color.NRGBA) {
	for _, l := range wrapWidth(text, t.w, sketch.TextStyle{Size: size, Bold: bold}) {
		t.line(l, size, bold, col)
	}
}

// wrapWidth breaks text into lines no wider than w millimetres.
func wrapWidth(text string, w float64, s sketch.TextStyle) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if line != "" && textWidth(try, s) > w {
			lines = append(lines, line)
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

func num(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.1f", v), "0"), ".")
}

// frame maps table millimetres to page millimetres.
type frame struct {
	ox, oy, k float64 // page position of the table's origin; page mm per table mm
}

func (f frame) pt(v physics.Vec) physics.Vec { return physics.V(f.ox+v.X*f.k, f.oy+v.Y*f.k) }

func (f frame) poly(p physics.Polygon) []physics.Vec {
	out := make([]physics.Vec, len(p))
	for i, v := range p {
		out[i] = f.pt(v)
	}
	return out
}

func subtitle(sc *scenarios.Scenario) string {
	t := fmt.Sprintf("Table %s × %s mm · %s", num(sc.Width), num(sc.Depth), sc.RulesText())
	if sc.TurnLimit > 0 {
		t += fmt.Sprintf(" · turn limit %d", sc.TurnLimit)
	}
	return t
}

// zoneColor is a zone's colour: the side that deploys in it, else neutral.
func zoneColor(sc *scenarios.Scenario, id string) color.NRGBA {
	for _, sh := range sc.Ships {
		if sh.Zone == id {
			return sideColor(sh.Side)
		}
	}
	return neutral
}

func drawDiagramPage(c sketch.Canvas, sc *scenarios.Scenario, notch float64) {
	t := &writer{c: c, x: margin, y: PageHeight - margin - titleSize, w: PageWidth - 2*margin}
	t.line(sc.Name, titleSize, true, ink)
	t.y -= 0.5
	t.para(subtitle(sc), bodySize, false, secondary)
	if sc.Briefing != "" {
		t.y -= 1
		t.para(sc.Briefing, bodySize, false, ink)
	}
	// The diagram: the play area to scale, with room for the axis labels
	// and the edge names; the victory conditions below it.
	victory := victoryLines(sc, t.w)
	below := float64(len(victory)+2)*smallSize*lineGap + 14
	top := t.y - 6
	boxW, boxH := PageWidth-2*margin-gutter, top-margin-below-8
	n := Scale(sc.Width, sc.Depth, boxW, boxH)
	k := 1 / n
	w, h := sc.Width*k, sc.Depth*k
	f := frame{ox: margin + gutter + (boxW-w)/2, oy: top - h, k: k}
	drawTable(c, sc, f, n, notch)
	t.y = f.oy - 18
	t.line("Victory (checked in order; the first met decides)", bodySize, true, ink)
	for _, l := range victory {
		t.line(l, smallSize, false, ink)
	}
}

// victoryLines returns the victory conditions, numbered and wrapped.
func victoryLines(sc *scenarios.Scenario, w float64) []string {
	var out []string
	st := sketch.TextStyle{Size: smallSize}
	for i, c := range sc.Victory {
		for j, l := range wrapWidth(sc.Describe(c), w-6, st) {
			if j == 0 {
				out = append(out, fmt.Sprintf("%d. %s", i+1, l))
			} else {
				out = append(out, "    "+l)
			}
		}
	}
	return out
}

// drawTable draws the play area at scale 1:n: grid, zones, obstacles,
// ships, edge names and a scale bar.
func drawTable(c sketch.Canvas, sc *scenarios.Scenario, f frame, n, notch float64) {
	area := physics.Polygon{physics.V(0, 0), physics.V(sc.Width, 0), physics.V(sc.Width, sc.Depth), physics.V(0, sc.Depth)}
	c.Polygon(f.poly(area), sketch.Style{Fill: playArea})
	grid := sketch.Style{Stroke: gridInk, Width: 0.15}
	axis := sketch.TextStyle{Size: labelSize, Color: secondary, Anchor: sketch.Middle}
	for x := 0.0; x <= sc.Width+1e-9; x += 100 {
		c.Polyline([]physics.Vec{f.pt(physics.V(x, 0)), f.pt(physics.V(x, sc.Depth))}, grid)
		c.Text(f.pt(physics.V(x, 0)).Add(physics.V(0, -3.2)), num(x), axis)
	}
	axis.Anchor = sketch.End
	for y := 0.0; y <= sc.Depth+1e-9; y += 100 {
		c.Polyline([]physics.Vec{f.pt(physics.V(0, y)), f.pt(physics.V(sc.Width, y))}, grid)
		c.Text(f.pt(physics.V(0, y)).Add(physics.V(-1.2, -0.8)), num(y), axis)
	}
	c.Polygon(f.poly(area), sketch.Style{Stroke: ink, Width: 0.4})
	// Edge names.
	edge := sketch.TextStyle{Size: labelSize, Color: secondary, Anchor: sketch.Middle}
	c.Text(f.pt(physics.V(sc.Width/2, sc.Depth)).Add(physics.V(0, 1.5)), "north edge", edge)
	c.Text(f.pt(physics.V(sc.Width/2, 0)).Add(physics.V(0, -6.4)), "south edge · x (mm) from the lower-left corner", edge)
	edge.Anchor = sketch.End
	c.Text(f.pt(physics.V(0, sc.Depth)).Add(physics.V(-1.2, 2.6)), "y (mm)", edge)
	// Scale bar: 100 mm of table.
	bar := f.pt(physics.V(0, 0)).Add(physics.V(0, -11))
	c.Polyline([]physics.Vec{bar, bar.Add(physics.V(100*f.k, 0))}, sketch.Style{Stroke: ink, Width: 0.6, FlatCap: true})
	for _, x := range []float64{0, 100 * f.k} {
		c.Polyline([]physics.Vec{bar.Add(physics.V(x, -0.8)), bar.Add(physics.V(x, 0.8))}, sketch.Style{Stroke: ink, Width: 0.3})
	}
	c.Text(bar.Add(physics.V(100*f.k+1.5, -0.8)), fmt.Sprintf("100 mm on the table · scale 1:%s", num(n)), sketch.TextStyle{Size: labelSize, Color: ink})

	lbl := sketch.TextStyle{Size: labelSize, Color: ink, Anchor: sketch.Middle, Halo: true}
	for _, z := range sc.Zones {
		p := sc.ZonePolygon(z.ID)
		col := zoneColor(sc, z.ID)
		c.Polygon(f.poly(p), sketch.Style{Fill: alpha(col, 0.10), Stroke: alpha(col, 0.9), Width: 0.35, Dash: []float64{1.6, 0.9}})
		b := p.Bounds()
		c.Text(f.pt(physics.V(b.Lo.X, b.Hi.Y)).Add(physics.V(1, -labelSize-0.6)), z.ID, sketch.TextStyle{Size: labelSize, Color: col, Halo: true})
	}
	for _, o := range sc.Obstacles {
		name := o.ID
		if sc.Has(starship.OptThreeD) {
			name += fmt.Sprintf(" (L%d)", o.Level)
		}
		if o.Kind == "planetoid" {
			c.Circle(f.pt(physics.V(o.X, o.Y)), o.Radius*f.k, sketch.Style{Fill: planetoid, Stroke: obstacle, Width: 0.3})
			c.Text(f.pt(physics.V(o.X, o.Y)).Add(physics.V(0, -labelSize/2)), name, lbl)
			continue
		}
		st := sketch.Style{Fill: alpha(field, 0.22), Stroke: obstacle, Width: 0.3, Dash: []float64{1.2, 0.7}}
		if o.Density == "dense" {
			st = sketch.Style{Fill: alpha(field, 0.5), Stroke: obstacle, Width: 0.3}
		}
		p := make(physics.Polygon, len(o.Polygon))
		for i, v := range o.Polygon {
			p[i] = physics.V(v[0], v[1])
		}
		c.Polygon(f.poly(p), st)
		b := p.Bounds()
		c.Text(f.pt(physics.V((b.Lo.X+b.Hi.X)/2, b.Lo.Y)).Add(physics.V(0, -labelSize-0.6)), name+" ("+o.Density+" field)", lbl)
	}
	for _, sh := range sc.Ships {
		drawShip(c, sc, sh, f, notch)
	}
}

// drawShip draws a base to scale: its outline, the front flat thick, the
// stand, and its id (with the turn it enters, if it enters later).
func drawShip(c sketch.Canvas, sc *scenarios.Scenario, sh scenarios.Ship, f frame, notch float64) {
	col := sideColor(sh.Side)
	base := f.poly(sh.Base())
	st := sketch.Style{Fill: alpha(col, 0.22), Stroke: col, Width: 0.3}
	if sh.Enters != nil {
		st = sketch.Style{Fill: alpha(col, 0.06), Stroke: col, Width: 0.3, Dash: []float64{0.8, 0.6}}
	}
	c.Polygon(base, st)
	c.Polyline([]physics.Vec{base[0], base[1]}, sketch.Style{Stroke: ink, Width: 0.7, FlatCap: true})
	stand := f.pt(physics.V(sh.Start.X, sh.Start.Y))
	c.Circle(stand, 0.35, sketch.Style{Fill: ink})
	if sh.Start.Rotation != 0 {
		// The facing, where the dial points the fire arc (Rotation).
		face := physics.Deg(sh.Start.Heading - notch*float64(sh.Start.Rotation))
		tip := stand.Add(physics.Direction(face).Mul(sh.AcrossFlats * f.k * 0.45))
		c.Polyline([]physics.Vec{stand, tip}, sketch.Style{Stroke: ink, Width: 0.25})
	}
	label := sh.ID
	switch {
	case sh.Enters != nil && sh.Enters.FTL != nil:
		label += fmt.Sprintf(" (FTL, turn %d)", sh.Enters.Turn)
	case sh.Enters != nil:
		label += fmt.Sprintf(" (turn %d)", sh.Enters.Turn)
	}
	if sc.Has(starship.OptThreeD) {
		label += fmt.Sprintf(" L%d", sh.Level)
	}
	r := sh.AcrossFlats / math.Sqrt(3) * f.k
	pos := stand.Add(physics.V(0, r+0.8))
	if stand.Y+r+labelSize+1 > f.oy+sc.Depth*f.k {
		pos = stand.Add(physics.V(0, -r-labelSize-0.2))
	}
	c.Text(pos, label, sketch.TextStyle{Size: labelSize, Color: col, Anchor: sketch.Middle, Bold: true, Halo: true})
}

// column of a table on the second page.
type column struct {
	head  string
	width float64
	right bool
}

func drawRow(c sketch.Canvas, x, y float64, cols []column, cells []string, bold bool, col color.NRGBA) {
	st := sketch.TextStyle{Size: smallSize, Color: col, Bold: bold}
	for i, cl := range cols {
		if i >= len(cells) {
			break
		}
		s := st
		at := physics.V(x, y)
		if cl.right {
			s.Anchor = sketch.End
			at = physics.V(x+cl.width-1.5, y)
		}
		c.Text(at, cells[i], s)
		x += cl.width
	}
}

// table draws a table with a header row and a rule under it; long cells
// in the last column wrap.
func (t *writer) table(cols []column, rows [][]string) {
	total := 0.0
	for _, cl := range cols {
		total += cl.width
	}
	heads := make([]string, len(cols))
	for i, cl := range cols {
		heads[i] = cl.head
	}
	drawRow(t.c, t.x, t.y, cols, heads, true, ink)
	t.c.Polyline([]physics.Vec{physics.V(t.x, t.y-1.1), physics.V(t.x+total, t.y-1.1)}, sketch.Style{Stroke: secondary, Width: 0.2})
	t.y -= smallSize * lineGap * 1.15
	last := len(cols) - 1
	lastX := t.x + total - cols[last].width
	for _, r := range rows {
		cells := append([]string(nil), r...)
		var more []string
		if len(cells) > last {
			wrapped := wrapWidth(cells[last], cols[last].width-1, sketch.TextStyle{Size: smallSize})
			if len(wrapped) > 0 {
				cells[last], more = wrapped[0], wrapped[1:]
			}
		}
		drawRow(t.c, t.x, t.y, cols, cells, false, ink)
		for _, m := range more {
			t.y -= smallSize * lineGap
			t.c.Text(physics.V(lastX, t.y), m, sketch.TextStyle{Size: smallSize, Color: ink})
		}
		t.y -= smallSize * lineGap
	}
	t.y -= 2
}

func drawTablePage(c sketch.Canvas, sc *scenarios.Scenario) {
	t := &writer{c: c, x: margin, y: PageHeight - margin - bodySize*1.6, w: PageWidth - 2*margin}
	t.line(sc.Name+": where everything stands", bodySize*1.6, true, ink)
	t.para("Coordinates in millimetres from the lower-left corner of the play area (x along the south edge to the right, y up the table toward the north edge). "+
		"A ship's x, y is its stand, the centre of its base; its heading is the direction its front flat faces, in degrees counter-clockwise from the x axis "+
		"(0 east, 90 north, 180 west, 270 south). Ships in a zone may be placed anywhere inside it: the spot given is the program's default.", smallSize, false, secondary)
	t.y -= 2
	t.line("Ships", bodySize, true, ink)
	threeD := sc.Has(starship.OptThreeD)
	cols := []column{{"ship", 24, false}, {"side", 15, false}, {"class", 22, false}, {"x", 12, true}, {"y", 12, true}, {"heading", 14, true}, {"dial", 8, true}}
	if threeD {
		cols = append(cols, column{"level", 10, true})
	}
	cols = append(cols, column{"KE", 7, true})
	if sc.Has(starship.OptFuel) {
		cols = append(cols, column{"fuel", 9, true})
	}
	used := 0.0
	for _, cl := range cols {
		used += cl.width
	}
	cols = append(cols, column{"start, pilot", t.w - used, false})
	var rows [][]string
	for _, sh := range sc.Ships {
		row := []string{sh.ID, string(sh.Side), sh.Class, num(sh.Start.X), num(sh.Start.Y), num(sh.Start.Heading), fmt.Sprintf("%d", sh.Start.Rotation)}
		if threeD {
			row = append(row, fmt.Sprintf("%d", sh.Level))
		}
		row = append(row, fmt.Sprintf("%d", sh.KE))
		if sc.Has(starship.OptFuel) {
			fuel := "default"
			if sh.Fuel > 0 {
				fuel = fmt.Sprintf("%d", sh.Fuel)
			}
			row = append(row, fuel)
		}
		note := startNote(sh)
		if sc.Has(starship.OptPilots) {
			note += "; pilot " + sh.PilotText()
		}
		rows = append(rows, append(row, note))
	}
	t.table(cols, rows)
	if len(sc.Zones) > 0 {
		t.line("Zones (corners x, y)", bodySize, true, ink)
		var zr [][]string
		for _, z := range sc.Zones {
			zr = append(zr, []string{z.ID, corners(z.Polygon)})
		}
		t.table([]column{{"zone", 30, false}, {"corners", t.w - 30, false}}, zr)
	}
	if len(sc.Obstacles) > 0 {
		t.line("Obstacles", bodySize, true, ink)
		var or [][]string
		for _, o := range sc.Obstacles {
			lv := fmt.Sprintf("%d", o.Level)
			if o.Kind == "planetoid" {
				or = append(or, []string{o.ID, "planetoid", lv, fmt.Sprintf("centre (%s, %s), radius %s", num(o.X), num(o.Y), num(o.Radius))})
			} else {
				or = append(or, []string{o.ID, o.Density + " field", lv, "corners " + corners(o.Polygon)})
			}
		}
		t.table([]column{{"obstacle", 30, false}, {"kind", 22, false}, {"level", 10, true}, {"where", t.w - 62, false}}, or)
	}
	if len(sc.SpecialRules) > 0 {
		t.line("Special rules", bodySize, true, ink)
		for _, r := range sc.SpecialRules {
			t.para(r.ID+": "+r.Text, smallSize, false, ink)
		}
	}
}

// startNote says how a ship comes to its place.
func startNote(sh scenarios.Ship) string {
	switch {
	case sh.Enters != nil && sh.Enters.FTL != nil:
		return fmt.Sprintf("enters on turn %d by FTL: marker here", sh.Enters.Turn)
	case sh.Enters != nil:
		return fmt.Sprintf("enters on turn %d across the %s edge, rear flat 1 mm inside", sh.Enters.Turn, sh.Enters.Edge)
	case sh.Zone != "":
		return "in zone " + sh.Zone + " (default spot)"
	}
	return "on the table"
}

func corners(pts [][2]float64) string {
	s := make([]string, len(pts))
	for i, v := range pts {
		s[i] = fmt.Sprintf("(%s, %s)", num(v[0]), num(v[1]))
	}
	return strings.Join(s, " ")
}

// arcPoints returns points along a counter-clockwise arc, one per degree.
func arcPoints(c physics.Vec, r float64, from, to s1.Angle) []physics.Vec {
	sweep := math.Mod(float64(to-from), 2*math.Pi)
	if sweep <= 0 {
		sweep += 2 * math.Pi
	}
	n := max(2, int(math.Ceil(sweep*180/math.Pi)))
	pts := make([]physics.Vec, n+1)
	for k := range pts {
		pts[k] = c.Add(physics.Direction(from + s1.Angle(sweep*float64(k)/float64(n))).Mul(r))
	}
	return pts
}
