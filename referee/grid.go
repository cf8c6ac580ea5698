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

func newGrid(bounds physics.Rect, cell float64) grid {
	if bounds.Lo.X > bounds.Hi.X { // nothing on the table
		bounds = physics.Rect{}
	}
	cols := int(math.Floor((bounds.Hi.X-bounds.Lo.X)/cell)) + 1
	rows := int(math.Floor((bounds.Hi.Y-bounds.Lo.Y)/cell)) + 1
	return grid{origin: bounds.Lo, cell: cell, cols: cols, rows: rows, cells: make([][]int, cols*rows)}
}

// span returns the cell range a rectangle covers, clamped to the grid.
func (g *grid) span(r physics.Rect) (c0, r0, c1, r1 int) {
	clamp := func(v, hi int) int { return max(0, min(hi, v)) }
	c0 = clamp(int(math.Floor((r.Lo.X-g.origin.X)/g.cell)), g.cols-1)
	c1 = clamp(int(math.Floor((r.Hi.X-g.origin.X)/g.cell)), g.cols-1)
	r0 = clamp(int(math.Floor((r.Lo.Y-g.origin.Y)/g.cell)), g.rows-1)
	r1 = clamp(int(math.Floor((r.Hi.Y-g.origin.Y)/g.cell)), g.rows-1)
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
	shapes   []physics.Blocker
	sight    physics.Sight
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
