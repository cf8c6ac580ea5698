package referee

import (
	"math"
	"slices"

	"github.com/starshipbattles/bsg/physics"
)

// grid is the broad phase: a uniform grid of cells over the objects'
// bounds, each cell listing the objects whose bounding box meets it.
type grid struct {
	origin     physics.Vec
	cell       float64
	cols, rows int
	cells      [][]int
	items      int
}

// maxGridCells caps the cells per axis, so that far-flung objects widen the
// cells instead of growing the grid.
const maxGridCells = 256

func newGrid(bounds physics.Rect, cell float64) grid {
	if !(bounds.Lo.X <= bounds.Hi.X && bounds.Lo.Y <= bounds.Hi.Y) { // nothing on the table
		bounds = physics.Rect{}
	}
	extent := max(bounds.Hi.X-bounds.Lo.X, bounds.Hi.Y-bounds.Lo.Y)
	if extent/cell > maxGridCells || math.IsInf(extent, 0) {
		cell = extent / maxGridCells
	}
	if math.IsInf(cell, 0) || cell == 0 { // beyond float range: one cell
		cell = math.MaxFloat64
	}
	cols := min(maxGridCells, int(math.Floor((bounds.Hi.X-bounds.Lo.X)/cell))+1)
	rows := min(maxGridCells, int(math.Floor((bounds.Hi.Y-bounds.Lo.Y)/cell))+1)
	if cols < 1 || rows < 1 { // NaN extents
		cols, rows = 1, 1
	}
	return grid{origin: bounds.Lo, cell: cell, cols: cols, rows: rows, cells: make([][]int, cols*rows)}
}

// span returns the cell range a rectangle covers, clamped to the grid.
func (g *grid) span(r physics.Rect) (c0, r0, c1, r1 int) {
	idx := func(v float64, hi int) int {
		f := math.Floor(v / g.cell)
		switch {
		case !(f >= 0): // negative or NaN
			return 0
		case f > float64(hi):
			return hi
		}
		return int(f)
	}
	c0, c1 = idx(r.Lo.X-g.origin.X, g.cols-1), idx(r.Hi.X-g.origin.X, g.cols-1)
	r0, r1 = idx(r.Lo.Y-g.origin.Y, g.rows-1), idx(r.Hi.Y-g.origin.Y, g.rows-1)
	return
}

func (g *grid) insert(id int, r physics.Rect) {
	c0, r0, c1, r1 := g.span(r)
	for y := r0; y <= r1; y++ {
		for x := c0; x <= c1; x++ {
			g.cells[y*g.cols+x] = append(g.cells[y*g.cols+x], id)
		}
	}
	g.items = max(g.items, id+1)
}

// query is reusable scratch space for grid look-ups.
type query struct {
	stamp    uint32
	seen     []uint32
	out      []int
	blockers []int
	fields   []int
	near     []nearBlocker
	shapes   []physics.Blocker
	sight    physics.Sight
	// the margins' scratch space
	los         []int
	losShapes   []physics.Blocker
	losIDs      []string
	losShips    []physics.Polygon
	losDisks    []disk
	cands       []candidate
	moved       physics.Polygon
	pieces      []physics.Segment
	edges       []physics.Segment
	exact       exactSearch
	sightPieces []sightPiece
	inward      []physics.Vec
}

// find returns each object whose cells meet r, once, in increasing order
// (file order: ships, then planetoids). The slice is reused by the next find with the same q.
func (g *grid) find(q *query, r physics.Rect) []int {
	if len(q.seen) < g.items {
		q.seen = make([]uint32, g.items)
		q.stamp = 0
	}
	q.stamp++
	q.out = q.out[:0]
	c0, r0, c1, r1 := g.span(r)
	for y := r0; y <= r1; y++ {
		for x := c0; x <= c1; x++ {
			for _, id := range g.cells[y*g.cols+x] {
				if q.seen[id] != q.stamp {
					q.seen[id] = q.stamp
					q.out = append(q.out, id)
				}
			}
		}
	}
	slices.Sort(q.out)
	return q.out
}

// findIn returns each object whose cells meet r and are not clearly outside
// the wedge w (nil: any), once, in no particular order. An object is
// listed in every cell its box meets, so a cell outside the wedge only
// hides objects that some other cell lists if they reach into the wedge.
// The slice is reused by the next find with the same q.
func (g *grid) findIn(q *query, r physics.Rect, w *wedge) []int {
	if len(q.seen) < g.items {
		q.seen = make([]uint32, g.items)
		q.stamp = 0
	}
	q.stamp++
	q.out = q.out[:0]
	c0, r0, c1, r1 := g.span(r)
	for y := r0; y <= r1; y++ {
		lo, hi := c0, c1
		if w != nil {
			lo, hi = w.columns(g, y, c0, c1)
		}
		for x := lo; x <= hi; x++ {
			for _, id := range g.cells[y*g.cols+x] {
				if q.seen[id] != q.stamp {
					q.seen[id] = q.stamp
					q.out = append(q.out, id)
				}
			}
		}
	}
	return q.out
}

// nearBlocker is a blocker and how near the apex its disk comes.
type nearBlocker struct {
	k int
	d float64
}
