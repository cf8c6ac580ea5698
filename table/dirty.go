package table

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"image"
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/starshipbattles/bsg/table/ui/kit"
)

// Dirty rectangles: the renderer remembers what it painted on the window
// last (each operation in the order painted, and the pixels it may
// touch). When the next frame goes to the same image, with the same size
// and background, only the areas where the two frames' operations differ
// are painted again, every operation that may touch them in turn: the
// pixels elsewhere are painted by the same operations in the same order,
// so they are what a full paint would give.

// opMark is an operation as painted: what it paints (a hash) and the
// pixels it may touch.
type opMark struct {
	h   uint64
	box image.Rectangle
}

// dirtyTile is the side of the squares the changed areas are gathered in,
// in pixels.
const dirtyTile = 32

// maxDirtyShare is the share of the window above which a frame is
// painted whole (copying the kept layers) rather than area by area.
const maxDirtyShare = 0.6

// maxDirtyRects is how many rectangles a frame is painted in at most.
const maxDirtyRects = 48

// wholeEvery is how often (in frames) a frame is painted whole all the
// same, in case the window's pixels were lost in between (a graphics
// context lost and restored in a browser or on a phone): about two
// seconds at 60 frames a second.
const wholeEvery = 120

// paintOrder returns the operations in the order they are painted:
// the backdrop's, then the others', each layer's pictures, shapes and
// text in turn (paintArea).
func paintOrder(out []*kit.Op, parts ...[]kit.Op) []*kit.Op {
	for _, ops := range parts {
		for start := 0; start < len(ops); {
			end := start
			for end < len(ops) && ops[end].Layer == ops[start].Layer {
				end++
			}
			for _, kind := range [3]kit.OpKind{kit.OpImage, kit.OpPath, kit.OpText} {
				for i := start; i < end; i++ {
					if ops[i].Kind == kind {
						out = append(out, &ops[i])
					}
				}
			}
			start = end
		}
	}
	return out
}

// hashOp hashes what an operation paints (buf is scratch space, returned
// for the next call).
func hashOp(seed maphash.Seed, buf []byte, op *kit.Op) (uint64, []byte) {
	b := buf[:0]
	f := func(v float64) { b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v)) }
	c := func(c color.NRGBA) { b = append(b, c.R, c.G, c.B, c.A) }
	b = append(b, byte(op.Kind), boolByte(op.Closed), boolByte(op.Bold), byte(op.Anchor), boolByte(op.Clipped))
	b = binary.LittleEndian.AppendUint64(b, uint64(len(op.Pts)))
	for _, p := range op.Pts {
		f(p.X)
		f(p.Y)
	}
	c(op.Fill)
	c(op.Stroke)
	c(op.Color)
	c(op.Halo)
	for _, v := range [...]float64{op.Width, op.At.X, op.At.Y, op.Size, op.Clip.X, op.Clip.Y, op.Clip.W, op.Clip.H} {
		f(v)
	}
	b = binary.LittleEndian.AppendUint64(b, uint64(len(op.Text)))
	b = append(b, op.Text...)
	if op.Kind == kit.OpImage {
		b = fmt.Appendf(b, "%p", op.Img)
		for _, v := range [...]float64{op.Dst.X, op.Dst.Y, op.Dst.W, op.Dst.H} {
			f(v)
		}
	}
	return maphash.Bytes(seed, b), b
}

// opBox returns the pixels an operation may touch on a window of bounds
// b: its points widened by the stroke, the mitres (up to four times the
// half width) and the feathered edge; a line of text's glyph and halo
// images; a picture's rectangle.
func (r *renderer) opBox(op *kit.Op, b image.Rectangle) image.Rectangle {
	var box image.Rectangle
	switch op.Kind {
	case kit.OpPath:
		if len(op.Pts) == 0 {
			return image.Rectangle{}
		}
		x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range op.Pts {
			if math.IsNaN(p.X) || math.IsNaN(p.Y) {
				continue
			}
			x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
		}
		if x0 > x1 {
			return image.Rectangle{}
		}
		pad := 4*(math.Max(op.Width, 1)/2+1) + 2
		box = outward(x0-pad, y0-pad, x1+pad, y1+pad)
	case kit.OpText:
		box = r.atlas.box(r, op)
		if op.Clipped {
			c := op.Clip
			box = box.Intersect(outward(c.X, c.Y, c.X+c.W, c.Y+c.H))
		}
	case kit.OpImage:
		d := op.Dst
		box = outward(d.X-2, d.Y-2, d.X+d.W+2, d.Y+d.H+2)
		if op.Clipped {
			c := op.Clip
			box = box.Intersect(outward(c.X, c.Y, c.X+c.W, c.Y+c.H))
		}
	}
	return box.Intersect(b)
}

// outward returns the pixels a rectangle of real coordinates covers in
// part.
func outward(x0, y0, x1, y1 float64) image.Rectangle {
	const far = 1 << 20
	c := func(v float64) int { return int(math.Max(-far, math.Min(far, v))) }
	return image.Rect(c(math.Floor(x0)), c(math.Floor(y0)), c(math.Ceil(x1)), c(math.Ceil(y1)))
}

// dirtyRects compares this frame's operations (marks, in the order
// painted) with the last frame's and returns the rectangles to paint
// again: where an operation of either frame is not matched by the same
// operation of the other, in the same order relative to the others
// matched. ok is false when the frame must be painted whole.
func (r *renderer) dirtyRects(dst *ebiten.Image, bg color.NRGBA, marks []opMark) (rects []image.Rectangle, ok bool) {
	b := dst.Bounds()
	if r.lastDst != dst || r.lastBounds != b || r.lastBg != bg || r.lastMarks == nil || r.frame%wholeEvery == 0 {
		return nil, false
	}
	old := r.lastMarks
	// the old operations by hash, in order
	if r.byHash == nil {
		r.byHash = map[uint64][]int32{}
	}
	clear(r.byHash)
	for i := len(old) - 1; i >= 0; i-- {
		r.byHash[old[i].h] = append(r.byHash[old[i].h], int32(i))
	}
	matched := r.matched[:0]
	for range old {
		matched = append(matched, false)
	}
	cols, rows := (b.Dx()+dirtyTile-1)/dirtyTile, (b.Dy()+dirtyTile-1)/dirtyTile
	tiles := r.tiles[:0]
	for range cols * rows {
		tiles = append(tiles, false)
	}
	taint := func(box image.Rectangle) {
		box = box.Intersect(b)
		if box.Empty() {
			return
		}
		for y := (box.Min.Y - b.Min.Y) / dirtyTile; y <= (box.Max.Y-1-b.Min.Y)/dirtyTile; y++ {
			for x := (box.Min.X - b.Min.X) / dirtyTile; x <= (box.Max.X-1-b.Min.X)/dirtyTile; x++ {
				tiles[y*cols+x] = true
			}
		}
	}
	last := int32(-1)
	for _, m := range marks {
		q := r.byHash[m.h]
		// the earliest old one after the last matched (the list is in
		// decreasing order: its end is the earliest)
		for len(q) > 0 && q[len(q)-1] <= last {
			q = q[:len(q)-1]
		}
		if len(q) == 0 || old[q[len(q)-1]].box != m.box {
			taint(m.box)
			r.byHash[m.h] = q
			continue
		}
		last = q[len(q)-1]
		matched[last] = true
		r.byHash[m.h] = q[:len(q)-1]
	}
	for i, m := range old {
		if !matched[i] {
			taint(m.box)
		}
	}
	r.matched, r.tiles = matched, tiles
	// runs of dirty tiles along each row, joined with the run of the
	// same columns in the row above
	area := 0
	open := map[[2]int]int{} // columns → index in rects of the rectangle ending on the row above
	for y := range rows {
		next := map[[2]int]int{}
		for x := 0; x < cols; {
			if !tiles[y*cols+x] {
				x++
				continue
			}
			x0 := x
			for x < cols && tiles[y*cols+x] {
				x++
			}
			key := [2]int{x0, x}
			if i, ok := open[key]; ok {
				rects[i].Max.Y += dirtyTile
				next[key] = i
			} else {
				next[key] = len(rects)
				rects = append(rects, image.Rect(b.Min.X+x0*dirtyTile, b.Min.Y+y*dirtyTile, b.Min.X+x*dirtyTile, b.Min.Y+(y+1)*dirtyTile))
			}
			area += (x - x0) * dirtyTile * dirtyTile
		}
		open = next
	}
	for i := range rects {
		rects[i] = rects[i].Intersect(b)
	}
	if len(rects) > maxDirtyRects || float64(area) > maxDirtyShare*float64(b.Dx()*b.Dy()) {
		return nil, false
	}
	return rects, true
}

// paintRect paints the operations that may touch a rectangle of dst, in
// order, over the background, inside it only.
func (r *renderer) paintRect(dst *ebiten.Image, rect image.Rectangle, bg color.NRGBA, order []*kit.Op, marks []opMark) {
	sub := dst.SubImage(rect).(*ebiten.Image)
	seq, seqMarks := r.seq[:0], r.seqMarks[:0]
	for i, op := range order {
		if marks[i].box.Overlaps(rect) {
			seq, seqMarks = append(seq, op), append(seqMarks, marks[i])
		}
	}
	r.paintArea(sub, rect, bg, seq, seqMarks, true)
	r.seq, r.seqMarks = seq, seqMarks
}
