package ui

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/stretchr/testify/require"
)

// triArea is the area of a mesh's triangles from index from on.
func triArea(m *kit.Mesh, from int) float64 {
	a := 0.0
	for i := from; i+2 < len(m.I); i += 3 {
		p, q, s := m.V[m.I[i]], m.V[m.I[i+1]], m.V[m.I[i+2]]
		a += math.Abs(float64((q.X-p.X)*(s.Y-p.Y)-(q.Y-p.Y)*(s.X-p.X))) / 2
	}
	return a
}

// TestCoverIsAnOpaqueAxisAlignedRectangle: Cover gives the whole pixels
// inside a closed axis-aligned rectangle filled at alpha 255, and
// nothing for a translucent fill, an open path, a slanted or a
// five-sided shape, or text.
func TestCoverIsAnOpaqueAxisAlignedRectangle(t *testing.T) {
	rect := func(x0, y0, x1, y1 float64) []kit.Pt {
		return []kit.Pt{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}, {X: x0, Y: y0}}
	}
	opaque := color.NRGBA{10, 20, 30, 255}
	op := kit.Op{Kind: kit.OpPath, Closed: true, Fill: opaque, Pts: rect(10.5, 20.2, 100, 50.9), Stroke: opaque, Width: 1}
	c, ok := op.Cover()
	require.True(t, ok)
	require.Equal(t, image.Rect(11, 21, 100, 50), c)
	for name, o := range map[string]kit.Op{
		"translucent": {Kind: kit.OpPath, Closed: true, Fill: color.NRGBA{A: 254}, Pts: rect(0, 0, 10, 10)},
		"open":        {Kind: kit.OpPath, Fill: opaque, Pts: rect(0, 0, 10, 10)},
		"slanted":     {Kind: kit.OpPath, Closed: true, Fill: opaque, Pts: []kit.Pt{{X: 0, Y: 0}, {X: 10, Y: 1}, {X: 10, Y: 10}, {X: 0, Y: 10}}},
		"five sides":  {Kind: kit.OpPath, Closed: true, Fill: opaque, Pts: []kit.Pt{{X: 0, Y: 0}, {X: 10, Y: 0}, {X: 10, Y: 10}, {X: 5, Y: 12}, {X: 0, Y: 10}}},
		"thin":        {Kind: kit.OpPath, Closed: true, Fill: opaque, Pts: rect(0.2, 0, 0.9, 10)},
		"text":        {Kind: kit.OpText, Fill: opaque, Text: "x", Pts: rect(0, 0, 10, 10)},
	} {
		_, ok := o.Cover()
		require.False(t, ok, name)
	}
}

// TestAddOpHolesLeavesOutTheHoles: a cover's fill tessellated with holes
// covers the rectangle's area less the holes' (inside it), no triangle of
// its fill meets a hole, and its rim and stroke are AddOp's.
func TestAddOpHolesLeavesOutTheHoles(t *testing.T) {
	for _, stroke := range []bool{false, true} {
		op := kit.Op{Kind: kit.OpPath, Closed: true, Fill: color.NRGBA{200, 200, 200, 255},
			Pts: []kit.Pt{{X: 10.25, Y: 5.5}, {X: 200.75, Y: 5.5}, {X: 200.75, Y: 300.1}, {X: 10.25, Y: 300.1}}}
		if stroke {
			op.Stroke, op.Width = color.NRGBA{A: 255}, 1
		}
		holes := []image.Rectangle{image.Rect(20, 20, 60, 50), image.Rect(50, 40, 120, 90), image.Rect(190, 290, 400, 400)}
		var whole, cut kit.Mesh
		whole.AddOp(&op)
		cut.AddOpHoles(&op, holes)
		// the holes' area inside the rectangle: 40·30 + 70·50 − 10·10 + 10.75·10.1
		holeArea := 40.0*30 + 70*50 - 10*10 + 10.75*10.1
		require.InDelta(t, triArea(&whole, 0)-holeArea, triArea(&cut, 0), 1e-2)
		// the fill's triangles (those of colour alpha 1 at every vertex
		// and inside the rectangle) meet no hole
		for i := 0; i+2 < len(cut.I); i += 3 {
			p, q, s := cut.V[cut.I[i]], cut.V[cut.I[i+1]], cut.V[cut.I[i+2]]
			if p.A != 1 || q.A != 1 || s.A != 1 || p.R != 200.0/255 {
				continue
			}
			x0, x1 := min(p.X, q.X, s.X), max(p.X, q.X, s.X)
			y0, y1 := min(p.Y, q.Y, s.Y), max(p.Y, q.Y, s.Y)
			for _, h := range holes {
				overlap := x0 < float32(h.Max.X) && x1 > float32(h.Min.X) && y0 < float32(h.Max.Y) && y1 > float32(h.Min.Y)
				require.False(t, overlap, "triangle %v %v %v meets hole %v", p, q, s, h)
			}
		}
	}
}
