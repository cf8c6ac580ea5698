package table

import (
	"image"
	"image/color"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/starshipbattles/bsg/table/ui/kit"
)

// Occlusion: an opaque axis-aligned rectangle (ui.Op.Cover: the play
// area's margins, a panel's ground, a button) paints the pixels inside it
// in its colour whatever lay under them. So what is painted there before
// it does not show, and the renderer leaves it out: the background is
// filled only where no such rectangle will cover it, a rectangle's own
// fill leaves out the rectangles painted over it later, and a shape's
// triangles that lie wholly inside a rectangle painted later are not
// drawn. Every pixel is what painting everything would give, while the
// software renderer fills each pixel of a panel once rather than two or
// three times.

// cover is an operation's opaque rectangle (ui.Op.Cover), at its place
// in the order painted.
type cover struct {
	at   int
	rect image.Rectangle
}

// paintArea paints operations, in the order given (with their marks),
// inside rect of dst, over the background if fill is set (else over what
// dst holds), leaving out what an opaque rectangle painted later hides.
func (r *renderer) paintArea(dst *ebiten.Image, rect image.Rectangle, bg color.NRGBA, seq []*kit.Op, marks []opMark, fill bool) {
	covers := r.covers[:0]
	if !r.noOcclusion {
		for i, op := range seq {
			if c, ok := op.Cover(); ok {
				if c = c.Intersect(rect); !c.Empty() {
					covers = append(covers, cover{i, c})
				}
			}
		}
	}
	r.covers = covers
	if fill {
		holes := r.holes[:0]
		for _, c := range covers {
			holes = append(holes, c.rect)
		}
		r.holes = holes
		r.fillRects(dst, rect, holes, bg)
	}
	r.mesh.Reset()
	r.mesh.Bands = r.bands || r.flatShader() == nil
	for i, op := range seq {
		switch op.Kind {
		case kit.OpImage:
			r.flush(dst)
			r.atlas.flush(dst)
			r.picture(dst, op)
		case kit.OpPath:
			r.atlas.flush(dst)
			// the opaque rectangles painted after it over its pixels
			holes := r.holes[:0]
			for _, c := range covers {
				if c.at > i && c.rect.Overlaps(marks[i].box) {
					holes = append(holes, c.rect)
				}
			}
			r.holes = holes
			if len(holes) == 0 {
				r.mesh.AddOp(op)
				continue
			}
			from := len(r.mesh.I)
			r.mesh.AddOpHoles(op, holes)
			r.mesh.I = append(r.mesh.I[:from], hidden(r.mesh.V, r.mesh.I[from:], holes)...)
		case kit.OpText:
			r.flush(dst)
			r.text(dst, op)
		}
	}
	r.flush(dst)
	r.atlas.flush(dst)
}

// hidden returns, in place, the triangles of is that are not wholly
// inside one of the holes (a triangle covers only pixels whose centres
// lie inside its bounding box).
func hidden(v []kit.Vertex, is []uint32, holes []image.Rectangle) []uint32 {
	out := is[:0]
	for i := 0; i+2 < len(is); i += 3 {
		p, q, s := &v[is[i]], &v[is[i+1]], &v[is[i+2]]
		x0, x1 := min(p.X, q.X, s.X), max(p.X, q.X, s.X)
		y0, y1 := min(p.Y, q.Y, s.Y), max(p.Y, q.Y, s.Y)
		in := false
		for _, h := range holes {
			if x0 >= float32(h.Min.X) && x1 <= float32(h.Max.X) && y0 >= float32(h.Min.Y) && y1 <= float32(h.Max.Y) {
				in = true
				break
			}
		}
		if !in {
			out = append(out, is[i], is[i+1], is[i+2])
		}
	}
	return out
}

// fillRects paints rect of dst in one colour, replacing its pixels, but
// for the holes, in one batch of rectangles painted by the shader that
// samples no texture (a third of Fill's cost under Mesa).
func (r *renderer) fillRects(dst *ebiten.Image, rect image.Rectangle, holes []image.Rectangle, c color.NRGBA) {
	if r.flatShader() == nil {
		kit.SubtractRects(float64(rect.Min.X), float64(rect.Min.Y), float64(rect.Max.X), float64(rect.Max.Y), holes, func(x0, y0, x1, y1 float64) {
			dst.SubImage(image.Rect(int(x0), int(y0), int(x1), int(y1))).(*ebiten.Image).Fill(c)
		})
		return
	}
	a := float32(c.A) / 255
	cr, cg, cb := float32(c.R)/255*a, float32(c.G)/255*a, float32(c.B)/255*a
	r.vs, r.is = r.vs[:0], r.is[:0]
	r.filled = 0
	kit.SubtractRects(float64(rect.Min.X), float64(rect.Min.Y), float64(rect.Max.X), float64(rect.Max.Y), holes, func(x0, y0, x1, y1 float64) {
		r.filled += int(x1-x0) * int(y1-y0)
		n := uint32(len(r.vs))
		for _, p := range [4][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
			r.vs = append(r.vs, ebiten.Vertex{DstX: float32(p[0]), DstY: float32(p[1]), ColorR: cr, ColorG: cg, ColorB: cb, ColorA: a, Custom1: 1})
		}
		r.is = append(r.is, n, n+1, n+2, n+1, n+3, n+2)
	})
	if len(r.is) > 0 {
		dst.DrawTrianglesShader32(r.vs, r.is, r.plainShader(), &ebiten.DrawTrianglesShaderOptions{Blend: ebiten.BlendCopy})
	}
}
