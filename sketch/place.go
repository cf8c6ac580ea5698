package sketch

import (
	"math"
	"slices"

	"github.com/starshipbattles/bsg/physics"
)

// placer puts labels where they hide the least: each label takes the first
// of its candidate boxes with the lowest penalty for covering labels
// already placed, bases, drawn lines and the space outside the view.
//
// The labels, solids and lines are indexed by a grid over the view, so a
// box is scored against what lies near it only; the terms are added in
// the same order as over every item (the others add exactly zero), so the
// choice is the same.
type placer struct {
	view   physics.Rect
	labels []physics.Rect
	solids []physics.Rect
	lines  []physics.Segment

	index     bool // the grids below are built (index was called)
	labelGrid rectGrid
	solidGrid rectGrid
	lineGrid  rectGrid
	near      []int
}

// Penalty weights per square millimetre covered.
const (
	penaltyLabel   = 8
	penaltySolid   = 3
	penaltyOutside = 20
	penaltyLine    = 1.5 // times the box height, per millimetre of line
)

// indexAll builds the grids over the solids and lines given so far; labels
// taken afterwards are indexed as they come.
func (p *placer) indexAll() {
	p.labelGrid = newRectGrid(p.view)
	p.solidGrid = newRectGrid(p.view)
	p.lineGrid = newRectGrid(p.view)
	for i, b := range p.labels {
		p.labelGrid.add(i, b)
	}
	for i, b := range p.solids {
		p.solidGrid.add(i, b)
	}
	for i, l := range p.lines {
		p.lineGrid.add(i, l.A.Bounds(l.B))
	}
	p.index = true
}

// best returns the first of the candidate boxes with the lowest penalty.
// A box's penalty is a sum of terms none of them negative, so scoring a box
// stops once the sum reaches the best so far, and the search once a box
// costs nothing: the choice is the one scoring every box would make.
// Without the index (the obvious way, for the tests) every box is scored
// in full.
func (p *placer) best(cands []physics.Rect) physics.Rect {
	best, bestScore := cands[0], math.Inf(1)
	for _, c := range cands {
		limit := bestScore
		if !p.index {
			limit = math.Inf(1)
		}
		if s, ok := p.scoreBelow(c, limit); ok && s < bestScore {
			best, bestScore = c, s
			if s == 0 && p.index {
				break
			}
		}
	}
	return best
}

// take keeps the box b taken by a label.
func (p *placer) take(b physics.Rect) {
	if p.index {
		p.labelGrid.add(len(p.labels), b)
	}
	p.labels = append(p.labels, b)
}

// nearby returns the indices (increasing) of the items of g whose boxes
// may meet b; all n of them without an index.
func (p *placer) nearby(g *rectGrid, n int, b physics.Rect) []int {
	p.near = p.near[:0]
	if !p.index {
		for i := range n {
			p.near = append(p.near, i)
		}
		return p.near
	}
	p.near = g.find(b, p.near)
	return p.near
}

// clear reports whether b lies in the view and covers no label and hardly
// any base.
func (p *placer) clear(b physics.Rect) bool {
	if !p.view.ContainsRect(b) {
		return false
	}
	for _, i := range p.nearby(&p.labelGrid, len(p.labels), b) {
		if overlapArea(b, p.labels[i]) > 0 {
			return false
		}
	}
	solid := 0.0
	for _, i := range p.nearby(&p.solidGrid, len(p.solids), b) {
		solid += overlapArea(b, p.solids[i])
	}
	return solid <= maxSolidCover*area(b)
}

// maxSolidCover is the share of a ruler label's box that may cover bases'
// bounding boxes (a hexagon leaves its box's corners empty).
const maxSolidCover = 0.1

// scoreBelow returns the penalty of a label in box b and true when it is
// below limit; false (and a partial sum) as soon as the sum reaches it.
// The terms are never negative and are added in a fixed order, so the
// partial sums only grow.
func (p *placer) scoreBelow(b physics.Rect, limit float64) (float64, bool) {
	s := 0.0
	for _, i := range p.nearby(&p.labelGrid, len(p.labels), b) {
		if s += penaltyLabel * overlapArea(b, p.labels[i]); s >= limit {
			return s, false
		}
	}
	for _, i := range p.nearby(&p.solidGrid, len(p.solids), b) {
		if s += penaltySolid * overlapArea(b, p.solids[i]); s >= limit {
			return s, false
		}
	}
	if s += penaltyOutside * (area(b) - overlapArea(b, p.view)); s >= limit {
		return s, false
	}
	h := b.Hi.Y - b.Lo.Y
	for _, i := range p.nearby(&p.lineGrid, len(p.lines), b) {
		if s += penaltyLine * h * lengthInside(p.lines[i], b); s >= limit {
			return s, false
		}
	}
	return s, true
}

// rectGrid lists items by the cells of a uniform grid their boxes meet;
// boxes beyond the grid fall in its outer cells.
type rectGrid struct {
	origin     physics.Vec
	cell       float64
	cols, rows int
	cells      [][]int
	seen       []int // per item, the last query that listed it (+1)
	query      int
}

// rectGridCells is about how many cells a rectGrid has along its longer side.
const rectGridCells = 48

func newRectGrid(view physics.Rect) rectGrid {
	w, h := view.Hi.X-view.Lo.X, view.Hi.Y-view.Lo.Y
	cell := math.Max(w, h) / rectGridCells
	if !(cell > 0) || math.IsInf(cell, 0) {
		return rectGrid{cell: math.Inf(1), cols: 1, rows: 1, cells: make([][]int, 1)}
	}
	cols := min(rectGridCells, int(w/cell)+1)
	rows := min(rectGridCells, int(h/cell)+1)
	return rectGrid{origin: view.Lo, cell: cell, cols: cols, rows: rows, cells: make([][]int, cols*rows)}
}

func (g *rectGrid) span(b physics.Rect) (c0, r0, c1, r1 int) {
	idx := func(v float64, n int) int {
		f := math.Floor(v / g.cell)
		switch {
		case !(f >= 0):
			return 0
		case f > float64(n-1):
			return n - 1
		}
		return int(f)
	}
	return idx(b.Lo.X-g.origin.X, g.cols), idx(b.Lo.Y-g.origin.Y, g.rows),
		idx(b.Hi.X-g.origin.X, g.cols), idx(b.Hi.Y-g.origin.Y, g.rows)
}

func (g *rectGrid) add(id int, b physics.Rect) {
	c0, r0, c1, r1 := g.span(b)
	for y := r0; y <= r1; y++ {
		for x := c0; x <= c1; x++ {
			g.cells[y*g.cols+x] = append(g.cells[y*g.cols+x], id)
		}
	}
	for len(g.seen) <= id {
		g.seen = append(g.seen, 0)
	}
}

// find appends to out, in increasing order and once each, the items whose
// cells meet b.
func (g *rectGrid) find(b physics.Rect, out []int) []int {
	g.query++
	c0, r0, c1, r1 := g.span(b)
	start := len(out)
	for y := r0; y <= r1; y++ {
		for x := c0; x <= c1; x++ {
			for _, id := range g.cells[y*g.cols+x] {
				if g.seen[id] != g.query {
					g.seen[id] = g.query
					out = append(out, id)
				}
			}
		}
	}
	slices.Sort(out[start:])
	return out
}

func area(r physics.Rect) float64 { return (r.Hi.X - r.Lo.X) * (r.Hi.Y - r.Lo.Y) }

func overlapArea(a, b physics.Rect) float64 {
	w := math.Min(a.Hi.X, b.Hi.X) - math.Max(a.Lo.X, b.Lo.X)
	h := math.Min(a.Hi.Y, b.Hi.Y) - math.Max(a.Lo.Y, b.Lo.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// lengthInside returns the length of the part of s inside r (Liang–Barsky).
func lengthInside(s physics.Segment, r physics.Rect) float64 {
	d := s.B.Sub(s.A)
	t0, t1 := 0.0, 1.0
	for _, e := range [4]struct{ p, q float64 }{
		{-d.X, s.A.X - r.Lo.X}, {d.X, r.Hi.X - s.A.X},
		{-d.Y, s.A.Y - r.Lo.Y}, {d.Y, r.Hi.Y - s.A.Y},
	} {
		if e.p == 0 {
			if e.q < 0 {
				return 0
			}
			continue
		}
		t := e.q / e.p
		if e.p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
	}
	if t1 <= t0 {
		return 0
	}
	return (t1 - t0) * d.Norm()
}

// label is a few centred lines of text, placed by its box.
type label struct {
	lines []labelLine
	w, h  float64 // the box's size in millimetres
}

type labelLine struct {
	text  string
	style TextStyle
}

// lineHeight is the distance between baselines, in ems.
const lineHeight = 1.15

// labelPadding is the space kept free around a label's text, in millimetres.
const labelPadding = 1.5

func newLabel(lines ...labelLine) label {
	l := label{lines: lines}
	for i, ln := range lines {
		l.lines[i].style.Anchor = Middle
		l.w = math.Max(l.w, textWidth(ln.text, ln.style))
		if i == 0 {
			l.h += ln.style.Size * (ascent + descent)
		} else {
			l.h += ln.style.Size * lineHeight
		}
	}
	l.w += 2 * labelPadding
	l.h += 2 * labelPadding
	return l
}

// boxAt returns the label's box centred on c.
func (l label) boxAt(c physics.Vec) physics.Rect {
	return physics.Rect{Lo: physics.V(c.X-l.w/2, c.Y-l.h/2), Hi: physics.V(c.X+l.w/2, c.Y+l.h/2)}
}

// beside returns the label's box just off the point p in the direction u
// (a unit vector): its nearest side gap millimetres from p.
func (l label) beside(p, u physics.Vec, gap float64) physics.Rect {
	reach := gap + math.Abs(u.X)*l.w/2 + math.Abs(u.Y)*l.h/2
	return l.boxAt(p.Add(u.Mul(reach)))
}

// draw paints the label in the box chosen for it.
func (l label) draw(c Canvas, b physics.Rect) {
	x := (b.Lo.X + b.Hi.X) / 2
	y := b.Hi.Y - labelPadding
	for i, ln := range l.lines {
		if i == 0 {
			y -= ln.style.Size * ascent
		} else {
			y -= ln.style.Size * lineHeight
		}
		c.Text(physics.V(x, y), ln.text, ln.style)
	}
}
