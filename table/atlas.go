package table

import (
	"image"
	"image/color"
	"math"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"golang.org/x/image/math/fixed"

	"github.com/starshipbattles/bsg/table/ui/kit"
)

// textAtlas paints text from glyphs drawn once into one atlas image: each
// glyph (at each of the font's sub-pixel positions) and its halo, the
// glyph spread by the halo's width, have a cell there. A line of text is
// then a row of quads copied from cells, and all the text of a layer is
// painted in one batch of triangles, so painting text makes no image and
// draws no glyph anew frame after frame, whatever the text says.
//
// Each line of text is then drawn once from those cells into a second
// atlas image, lines: its halo (every glyph's halo, in turn) and below it
// its glyphs, white, in a cell of the line's own (lineCell). On the
// screen a line is two quads, its halo's and its glyphs', each coloured
// as the operation says: the software renderer sets up and shades two
// quads rather than two for each letter. A pixel where only one glyph's
// quad (of the halo or of the glyphs) is not transparent is painted as
// that glyph's quad would paint it; where two of one line overlap (the
// halos of neighbouring letters) the line's cell holds them already
// blended, so that pixel may differ by the rounding of one blend.
type textAtlas struct {
	img   *ebiten.Image
	size  int
	cells map[cellKey]cell
	// shelf packing: the current row's top, its height, the next x
	rowY, rowH, x int

	lines     *ebiten.Image
	lineCells map[lineKey]lineCell
	lineRow   shelf
	// glyphsFull says a glyph found the glyphs' atlas full
	glyphsFull bool
	// resets counts the times the lines atlas was emptied (tests).
	resets int

	layouts map[layoutKey]*textLayout
	glyphs  []text.Glyph
	vs      []ebiten.Vertex
	is      []uint32
	// the quads of a line drawn into its cell
	lvs []ebiten.Vertex
	lis []uint32
	// glyphQuads paints each glyph's quads on the screen (no line
	// cells), as the renderer did before them, for the tests that
	// compare the two.
	glyphQuads bool
}

// shelf packs rectangles in rows.
type shelf struct{ rowY, rowH, x int }

// place returns where a w × h rectangle goes in a square of side size,
// ok false when it is full.
func (s *shelf) place(w, h, size int) (x, y int, ok bool) {
	if s.x+w+1 > size {
		s.rowY, s.x, s.rowH = s.rowY+s.rowH+1, 0, 0
	}
	if s.rowY+h+1 > size || w+1 > size {
		return 0, 0, false
	}
	x, y = s.x, s.rowY
	s.x += w + 1
	s.rowH = max(s.rowH, h)
	return x, y, true
}

// lineKey names a line's cell: its layout and its halo's width (0: no
// halo).
type lineKey struct {
	layout layoutKey
	halo   int
}

// lineCell is where a line lies in the lines atlas: its halo's w × h
// pixels at (x, y) (if it has a halo) and its glyphs' below them at
// (x, gy); ox, oy is the cell's top left relative to the line's origin.
type lineCell struct {
	x, y, gy, w, h int
	ox, oy         int
	empty          bool
}

// atlasSize is the atlas's side in pixels: some ten thousand cells of
// text up to 20 pixels. When it is full it is emptied and filled again.
const atlasSize = 2048

// cellKey names a cell: a glyph at one sub-pixel position, plain (halo 0)
// or spread by halo pixels.
type cellKey struct {
	face faceKey
	r    rune
	sub  fixed.Int26_6 // the glyph's sub-pixel position, as the face quantizes it
	halo int
}

// cell is where a glyph's image lies in the atlas.
type cell struct {
	x, y, w, h int
}

// layoutKey is what a line's layout depends on.
type layoutKey struct {
	text string
	face faceKey
}

// textLayout is a line of text laid out from its origin (the top of the
// line at its start), kept while in use.
type textLayout struct {
	advance float64
	glyphs  []placedGlyph
	used    int // the last frame that painted it
}

// placedGlyph is a glyph of a line: its image's place relative to the
// line's origin, and the cell it is copied from.
type placedGlyph struct {
	key  cellKey
	x, y int
	img  *ebiten.Image // the face's image of the glyph, drawn into its cells
}

func newTextAtlas() *textAtlas {
	return &textAtlas{size: atlasSize, cells: map[cellKey]cell{}, layouts: map[layoutKey]*textLayout{}, lineCells: map[lineKey]lineCell{}}
}

// layout returns the layout of a line in a face.
func (t *textAtlas) layout(s string, fk faceKey, f *text.GoXFace, frame int) *textLayout {
	k := layoutKey{s, fk}
	if l, ok := t.layouts[k]; ok {
		l.used = frame
		return l
	}
	l := &textLayout{advance: text.Advance(s, f), used: frame}
	t.glyphs = text.AppendGlyphs(t.glyphs[:0], s, f, nil)
	step := fixed.Int26_6(64 / variations(f))
	for _, g := range t.glyphs {
		if g.Image == nil {
			continue
		}
		r, _ := utf8.DecodeRuneInString(s[g.StartIndexInBytes:g.EndIndexInBytes])
		origin := fixed.Int26_6(math.Round(g.OriginX * 64))
		l.glyphs = append(l.glyphs, placedGlyph{
			key: cellKey{face: fk, r: r, sub: origin / step * step & 63},
			x:   int(g.X), y: int(g.Y), img: g.Image,
		})
	}
	t.layouts[k] = l
	return l
}

// variations is how many sub-pixel positions the face draws a glyph at
// (text/v2 keeps that many images of each glyph, by the line's height).
func variations(f *text.GoXFace) int {
	m := f.Metrics()
	switch s := m.HAscent + m.HDescent; {
	case s < 20:
		return 8
	case s < 40:
		return 4
	case s < 80:
		return 2
	}
	return 1
}

// cellOf returns the cell of a glyph, drawing it into the atlas the first
// time. ok is false when the atlas is full.
func (t *textAtlas) cellOf(g *placedGlyph, halo int) (cell, bool) {
	k := g.key
	k.halo = halo
	if c, ok := t.cells[k]; ok {
		return c, true
	}
	b := g.img.Bounds()
	c := cell{w: b.Dx() + 2*halo, h: b.Dy() + 2*halo}
	sh := shelf{t.rowY, t.rowH, t.x}
	var ok bool
	if c.x, c.y, ok = sh.place(c.w, c.h, t.size); !ok {
		t.glyphsFull = true
		return cell{}, false
	}
	t.rowY, t.rowH, t.x = sh.rowY, sh.rowH, sh.x
	if t.img == nil {
		t.img = ebiten.NewImageWithOptions(image.Rect(0, 0, t.size, t.size), &ebiten.NewImageOptions{Unmanaged: true})
	}
	o := &ebiten.DrawImageOptions{}
	if halo == 0 {
		o.Blend = ebiten.BlendCopy
		o.GeoM.Translate(float64(c.x), float64(c.y))
		t.img.DrawImage(g.img, o)
	} else {
		for _, d := range [8][2]int{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}} {
			o.GeoM.Reset()
			o.GeoM.Translate(float64(c.x+halo+d[0]*halo), float64(c.y+halo+d[1]*halo))
			t.img.DrawImage(g.img, o)
		}
	}
	t.cells[k] = c
	return c, true
}

// lineCellOf returns the cell of a line, drawing it into the lines
// atlas the first time from the glyphs' cells. ok is false when either
// atlas is full.
func (t *textAtlas) lineCellOf(l *textLayout, k lineKey) (lineCell, bool) {
	if c, ok := t.lineCells[k]; ok {
		return c, true
	}
	halo := k.halo
	var box image.Rectangle
	for i := range l.glyphs {
		g := &l.glyphs[i]
		b := g.img.Bounds()
		box = box.Union(image.Rect(g.x-halo, g.y-halo, g.x+b.Dx()+halo, g.y+b.Dy()+halo))
	}
	if box.Empty() {
		c := lineCell{empty: true}
		t.lineCells[k] = c
		return c, true
	}
	c := lineCell{w: box.Dx(), h: box.Dy(), ox: box.Min.X, oy: box.Min.Y}
	parts := 1
	if halo > 0 {
		parts = 2
	}
	var ok bool
	if c.x, c.y, ok = t.lineRow.place(c.w, parts*c.h, t.size); !ok {
		return lineCell{}, false
	}
	c.gy = c.y + (parts-1)*c.h
	// the quads from the glyphs' cells: the halo's first, then the
	// glyphs', in the order the screen would paint them
	t.lvs, t.lis = t.lvs[:0], t.lis[:0]
	type pass struct{ halo, y int }
	passes := []pass{{0, c.gy}}
	if halo > 0 {
		passes = []pass{{halo, c.y}, {0, c.gy}}
	}
	for _, pass := range passes {
		for i := range l.glyphs {
			g := &l.glyphs[i]
			ce, ok := t.cellOf(g, pass.halo)
			if !ok {
				return lineCell{}, false
			}
			x, y := c.x+g.x-pass.halo-c.ox, pass.y+g.y-pass.halo-c.oy
			t.lquad(ce, x, y)
		}
	}
	if t.lines == nil {
		t.lines = ebiten.NewImageWithOptions(image.Rect(0, 0, t.size, t.size), &ebiten.NewImageOptions{Unmanaged: true})
	}
	if len(t.lis) > 0 {
		t.lines.DrawTriangles32(t.lvs, t.lis, t.img, &ebiten.DrawTrianglesOptions{Address: ebiten.AddressUnsafe})
	}
	t.lineCells[k] = c
	return c, true
}

// lquad adds the copy of a glyph's cell to (x, y) of the lines atlas.
func (t *textAtlas) lquad(c cell, x, y int) {
	sx, sy, w, h := float32(c.x), float32(c.y), float32(c.w), float32(c.h)
	dx, dy := float32(x), float32(y)
	n := uint32(len(t.lvs))
	for _, p := range [4][2]float32{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		t.lvs = append(t.lvs, ebiten.Vertex{DstX: dx + p[0]*w, DstY: dy + p[1]*h, SrcX: sx + p[0]*w, SrcY: sy + p[1]*h,
			ColorR: 1, ColorG: 1, ColorB: 1, ColorA: 1})
	}
	t.lis = append(t.lis, n, n+1, n+2, n+1, n+3, n+2)
}

// reset empties the lines atlas, and the glyphs' too if it was full,
// forgetting their cells (and the layouts with the glyphs').
func (t *textAtlas) reset() {
	if t.lines != nil {
		t.lines.Clear()
	}
	clear(t.lineCells)
	t.lineRow = shelf{}
	t.resets++
	if !t.glyphsFull && !t.glyphQuads {
		return
	}
	if t.img != nil {
		t.img.Clear()
	}
	clear(t.cells)
	clear(t.layouts)
	t.rowY, t.rowH, t.x = 0, 0, 0
	t.glyphsFull = false
}

// haloWidth is the halo's width in whole pixels for text of a size: about
// a twelfth of the size, at least one pixel.
func haloWidth(size float64) int {
	return max(1, int(math.Round(size/12)))
}

// add adds a line of text's quads to the batch: its halo's (if any), then
// its glyphs'. It returns false, adding nothing, when the atlas is full.
func (t *textAtlas) add(r *renderer, dst image.Rectangle, op *kit.Op) bool {
	l, ox, oy := t.origin(r, op)
	clip := dst
	if op.Clipped {
		c := op.Clip
		clip = clip.Intersect(image.Rect(int(math.Floor(c.X)), int(math.Floor(c.Y)), int(math.Ceil(c.X+c.W)), int(math.Ceil(c.Y+c.H))))
	}
	if clip.Empty() {
		return true
	}
	if !t.glyphQuads {
		halo := 0
		if op.Halo.A > 0 {
			halo = haloWidth(op.Size)
		}
		c, ok := t.lineCellOf(l, lineKey{layoutKey{op.Text, faceKey{kit.QuantSize(op.Size), op.Bold}}, halo})
		if !ok {
			return false
		}
		if c.empty {
			return true
		}
		x, y := ox+c.ox, oy+c.oy
		if halo > 0 {
			t.quad(cell{c.x, c.y, c.w, c.h}, x, y, clip, op.Halo)
		}
		if op.Color.A > 0 {
			t.quad(cell{c.x, c.gy, c.w, c.h}, x, y, clip, op.Color)
		}
		return true
	}
	v0, i0 := len(t.vs), len(t.is)
	pass := func(halo int, c color.NRGBA) bool {
		if c.A == 0 {
			return true
		}
		for i := range l.glyphs {
			g := &l.glyphs[i]
			ce, ok := t.cellOf(g, halo)
			if !ok {
				return false
			}
			t.quad(ce, ox+g.x-halo, oy+g.y-halo, clip, c)
		}
		return true
	}
	ok := true
	if op.Halo.A > 0 {
		ok = pass(haloWidth(op.Size), op.Halo)
	}
	ok = ok && pass(0, op.Color)
	if !ok {
		t.vs, t.is = t.vs[:v0], t.is[:i0]
	}
	return ok
}

// origin returns a line's layout and the pixel its origin (the top of the
// line at its start) is painted at.
func (t *textAtlas) origin(r *renderer, op *kit.Op) (l *textLayout, ox, oy int) {
	f := r.face(op.Size, op.Bold)
	fk := faceKey{kit.QuantSize(op.Size), op.Bold}
	l = t.layout(op.Text, fk, f, r.frame)
	left := 0.0
	switch op.Anchor {
	case kit.AnchorMiddle:
		left = -l.advance / 2
	case kit.AnchorEnd:
		left = -l.advance
	}
	// The line's origin on whole pixels, as text.Draw's nearest filter
	// places it, the anchor point taken to a quarter of a pixel (as the
	// glyph images and halos were placed before there was an atlas).
	return l, pixelOf(quarter(op.At.X) + left), pixelOf(quarter(op.At.Y) - f.Metrics().HAscent)
}

// box returns the pixels a line of text paints, halo included, before
// any clip.
func (t *textAtlas) box(r *renderer, op *kit.Op) image.Rectangle {
	l, ox, oy := t.origin(r, op)
	halo := 0
	if op.Halo.A > 0 {
		halo = haloWidth(op.Size)
	}
	var box image.Rectangle
	for i := range l.glyphs {
		g := &l.glyphs[i]
		b := g.img.Bounds()
		box = box.Union(image.Rect(ox+g.x-halo, oy+g.y-halo, ox+g.x+b.Dx()+halo, oy+g.y+b.Dy()+halo))
	}
	return box
}

// quarter rounds down to a quarter of a pixel.
func quarter(v float64) float64 { return math.Floor(v*4) / 4 }

// pixelOf is the pixel an image drawn at v with the nearest filter starts
// at: the nearest, halves up (Ebiten moves a quad's corners off pixel
// centres).
func pixelOf(v float64) int { return int(math.Floor(v + 0.5)) }

// quad adds the copy of a cell to (x, y), cut to clip.
func (t *textAtlas) quad(c cell, x, y int, clip image.Rectangle, col color.NRGBA) {
	r := image.Rect(x, y, x+c.w, y+c.h).Intersect(clip)
	if r.Empty() {
		return
	}
	sx, sy := float32(c.x+r.Min.X-x), float32(c.y+r.Min.Y-y)
	w, h := float32(r.Dx()), float32(r.Dy())
	dx, dy := float32(r.Min.X), float32(r.Min.Y)
	cr, cg, cb, ca := float32(col.R)/255, float32(col.G)/255, float32(col.B)/255, float32(col.A)/255
	n := uint32(len(t.vs))
	for _, p := range [4][2]float32{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
		t.vs = append(t.vs, ebiten.Vertex{DstX: dx + p[0]*w, DstY: dy + p[1]*h, SrcX: sx + p[0]*w, SrcY: sy + p[1]*h,
			ColorR: cr, ColorG: cg, ColorB: cb, ColorA: ca})
	}
	t.is = append(t.is, n, n+1, n+2, n+1, n+3, n+2)
}

// flush paints the batch on dst.
func (t *textAtlas) flush(dst *ebiten.Image) {
	if len(t.is) == 0 {
		return
	}
	src := t.lines
	if t.glyphQuads {
		src = t.img
	}
	dst.DrawTriangles32(t.vs, t.is, src, &ebiten.DrawTrianglesOptions{Address: ebiten.AddressUnsafe})
	t.vs, t.is = t.vs[:0], t.is[:0]
}

// evict forgets the layouts not painted for a while.
func (t *textAtlas) evict(frame int) {
	for k, l := range t.layouts {
		if frame-l.used > labelTTL {
			delete(t.layouts, k)
		}
	}
}
