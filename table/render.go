package table

import (
	"encoding/binary"
	"hash/fnv"
	"hash/maphash"
	"image"
	"image/color"
	"math"
	"slices"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/starshipbattles/bsg/table/ui/kit"
)

// renderer paints draw lists on Ebiten images.
//
// Under Xvfb the GPU is Mesa's software renderer, which paints about 300
// million pixels a second (a full 1280 × 800 pass costs some 3.5 ms on two
// cores), textured pixels at a fraction of that. So the renderer spares
// pixels, texture fetches and draw calls where the picture allows:
//
//   - when a frame goes to the image the last one went to (the window,
//     which Ebiten does not clear between frames), only the areas where
//     the two frames' operations differ are painted again (dirty.go): a
//     still frame paints nothing, a button under the pointer its own
//     area, a ship dragged its own shapes, rulers and labels;
//   - otherwise the layers that stay the same from frame to frame, from the
//     backdrop (ui.BackdropLayer: the ground, the play area and its grid,
//     the obstacles, the panels' ground) up, are painted into an image
//     kept while their operations stay the same, and copied to the window
//     in one pass; only the layers above them (the panel under the
//     pointer, a ship moving) are painted each frame (layers that change
//     from frame to frame are painted directly);
//   - areas are filled by a shader that samples no texture;
//   - shapes are tessellated on the CPU and sent in one batch of
//     triangles per layer, painted by a shader that samples no texture;
//   - text is painted from glyphs drawn once into an atlas (textAtlas),
//     a layer's text in one batch of quads, halos included; no image is
//     made for a line of text, however often it changes.
type renderer struct {
	fonts *kit.Fonts
	mu    sync.Mutex
	faces map[faceKey]*text.GoXFace
	mesh  kit.Mesh
	vs    []ebiten.Vertex
	white *ebiten.Image
	// flat paints untextured triangles, strokes by distance (nil if it
	// did not compile: then they are drawn from white); plain those of a
	// batch without strokes.
	flat    *ebiten.Shader
	plain   *ebiten.Shader
	flatErr error

	// kept holds the first keptN parts of a frame (keptHash says which:
	// see parts), painted over the background.
	kept     *ebiten.Image
	keptHash []uint64
	// last is the parts of the last frame.
	last []uint64
	copy *ebiten.Shader
	// pictureTex is the texture of the last OpImage painted (pictureSrc).
	pictureTex *ebiten.Image
	pictureSrc image.Image

	atlas *textAtlas
	frame int

	// what was painted last on lastDst (dirty rectangles, dirty.go)
	lastDst    *ebiten.Image
	lastBounds image.Rectangle
	lastBg     color.NRGBA
	lastMarks  []opMark
	marks      [2][]opMark // the two frames' marks, in turn
	order      []*kit.Op
	byHash     map[uint64][]int32
	matched    []bool
	tiles      []bool
	seq        []*kit.Op
	seqMarks   []opMark
	culled     []uint32
	seed       maphash.Seed // of the operations' hashes
	buf        []byte
	covers     []cover
	holes      []image.Rectangle
	is         []uint32
	// noOcclusion paints what opaque rectangles hide too (occlude.go),
	// for the tests of occlusion.
	noOcclusion bool
	// bands paints strokes as bands of triangles (ui.Mesh.Bands), as
	// the renderer did before it painted them by distance, for the
	// tests that compare the two.
	bands bool
	// filled is how many pixels the last background fill painted.
	filled int
	// noDirty paints every frame whole (the kept layers and those above
	// them), for the tests of the kept layers.
	noDirty bool
	// painted says how the last frame was painted: "whole", "kept" (the
	// kept layers copied), "rects" (the areas that changed) or "nothing".
	painted string
}

type faceKey struct {
	size float64
	bold bool
}

// labelTTL is how many frames a line's layout is kept unused.
const labelTTL = 120

func newRenderer() *renderer {
	return &renderer{fonts: kit.LoadFonts(), faces: map[faceKey]*text.GoXFace{}, atlas: newTextAtlas(), seed: maphash.MakeSeed()}
}

func (r *renderer) face(size float64, bold bool) *text.GoXFace {
	k := faceKey{kit.QuantSize(size), bold}
	if f, ok := r.faces[k]; ok {
		return f
	}
	f := text.NewGoXFace(r.fonts.Face(k.size, bold))
	r.faces[k] = f
	return f
}

// Render paints a draw list on dst: where dst holds the last frame
// Render painted, only the areas that changed (dirtyRects); otherwise the
// layers kept from the last frames (while they stay the same), then each
// layer above them, its shapes in one batch of triangles and its text
// from the text atlas.
//
// A frame is cut into parts: the backdrop, then each layer in turn. The
// longest run of parts from the first that is the same as in the last
// frame is kept in an image, painted once: the next frames copy it and
// paint only the parts above it. While the first part changes every frame
// nothing is kept and every part is painted directly.
func (r *renderer) Render(dst *ebiten.Image, l *kit.List) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.frame++
	backdrop, rest := splitBackdrop(l.Ops)
	b := dst.Bounds()
	// every operation in the order painted, with what it paints and where
	r.order = paintOrder(r.order[:0], backdrop, rest)
	marks := r.marks[r.frame%2][:0]
	for _, op := range r.order {
		var h uint64
		h, r.buf = hashOp(r.seed, r.buf, op)
		marks = append(marks, opMark{h, r.opBox(op, b)})
	}
	r.marks[r.frame%2] = marks
	// the parts: [0] the backdrop over the background, then the layers
	// of rest, each a run of operations (ends[i] ends part i+1)
	var ends []int
	for i := range rest {
		if i+1 == len(rest) || rest[i+1].Layer != rest[i].Layer {
			ends = append(ends, i+1)
		}
	}
	hashes := make([]uint64, 0, len(ends)+1)
	hashes = append(hashes, hashMarks(l.Background, b.Dx(), b.Dy(), marks[:len(backdrop)]))
	from := 0
	for _, e := range ends {
		hashes = append(hashes, hashMarks(color.NRGBA{}, 0, 0, marks[len(backdrop)+from:len(backdrop)+e]))
		from = e
	}
	// the stable parts: the same as in the last frame
	stable := 0
	for stable < len(hashes) && stable < len(r.last) && hashes[stable] == r.last[stable] {
		stable++
	}
	r.last = hashes
	rects, partly := r.dirtyRects(dst, l.Background, marks)
	r.lastDst, r.lastBounds, r.lastBg, r.lastMarks = dst, b, l.Background, marks
	if partly && !r.noDirty {
		r.painted = "nothing"
		for _, rect := range rects {
			r.paintRect(dst, rect, l.Background, r.order, marks)
			r.painted = "rects"
		}
		r.evict()
		return
	}
	// what kept holds, if it still holds parts of this frame
	keep := len(r.keptHash)
	if keep > len(hashes) || !slices.Equal(r.keptHash, hashes[:keep]) {
		keep = 0
	}
	// the end of the first n parts in the order painted
	partsEnd := func(n int) int {
		if n <= 1 {
			return len(backdrop)
		}
		return len(backdrop) + ends[n-2]
	}
	if stable > keep {
		r.keepParts(b, l.Background, partsEnd(stable), marks, hashes[:stable])
		keep = stable
	}
	if keep == 0 {
		r.painted = "whole"
		r.paintArea(dst, b, l.Background, r.order, marks, true)
	} else {
		r.painted = "kept"
		r.copyKept(dst)
		if start := partsEnd(keep); start < len(r.order) {
			r.paintArea(dst, b, l.Background, r.order[start:], marks[start:], false)
		}
	}
	r.evict()
}

// keepParts paints the parts with the given hashes, the first n
// operations in the order painted, into kept.
func (r *renderer) keepParts(b image.Rectangle, bg color.NRGBA, n int, marks []opMark, hashes []uint64) {
	if r.kept == nil || r.kept.Bounds().Size() != b.Size() {
		if r.kept != nil {
			r.kept.Deallocate()
		}
		r.kept = ebiten.NewImageWithOptions(image.Rect(0, 0, b.Dx(), b.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
	}
	r.paintArea(r.kept, r.kept.Bounds(), bg, r.order[:n], marks[:n], true)
	r.keptHash = append(r.keptHash[:0], hashes...)
}

// copyShaderSrc copies an image's pixels as they are: no colour matrix, no
// filter, no bounds check.
const copyShaderSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {
	return imageSrc0UnsafeAt(srcPos)
}
`

// copyKept copies kept onto dst, replacing its pixels.
func (r *renderer) copyKept(dst *ebiten.Image) {
	b := dst.Bounds()
	if r.copy == nil {
		r.copy, _ = ebiten.NewShader([]byte(copyShaderSrc))
	}
	if r.copy == nil {
		o := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
		o.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
		dst.DrawImage(r.kept, o)
		return
	}
	o := &ebiten.DrawRectShaderOptions{Blend: ebiten.BlendCopy}
	o.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	o.Images[0] = r.kept
	dst.DrawRectShader(b.Dx(), b.Dy(), r.copy, o)
}

// flatShader compiles the flat shaders the first time and returns the
// one that paints strokes by distance.
func (r *renderer) flatShader() *ebiten.Shader {
	if r.flat == nil && r.flatErr == nil {
		r.flat, r.flatErr = ebiten.NewShader([]byte(flatShaderSrc))
		if r.flatErr == nil {
			r.plain, _ = ebiten.NewShader([]byte(plainShaderSrc))
		}
	}
	return r.flat
}

// plainShader returns the flat shader for shapes without strokes (that
// of strokes if it did not compile).
func (r *renderer) plainShader() *ebiten.Shader {
	if r.flatShader() != nil && r.plain != nil {
		return r.plain
	}
	return r.flat
}

// splitBackdrop returns the backdrop's operations and the others, each in
// their order.
func splitBackdrop(ops []kit.Op) (backdrop, rest []kit.Op) {
	n := 0
	for i := range ops {
		if ops[i].Layer == kit.BackdropLayer {
			n++
		}
	}
	if n == 0 {
		return nil, ops
	}
	backdrop, rest = make([]kit.Op, 0, n), make([]kit.Op, 0, len(ops)-n)
	for _, op := range ops {
		if op.Layer == kit.BackdropLayer {
			backdrop = append(backdrop, op)
		} else {
			rest = append(rest, op)
		}
	}
	return backdrop, rest
}

// hashMarks hashes what a run of operations (their marks) paints over a
// background of a size.
func hashMarks(bg color.NRGBA, w, h int, marks []opMark) uint64 {
	f := fnv.New64a()
	var buf [8]byte
	f.Write([]byte{bg.R, bg.G, bg.B, bg.A})
	binary.LittleEndian.PutUint64(buf[:], uint64(w)<<32|uint64(h))
	f.Write(buf[:])
	for _, m := range marks {
		binary.LittleEndian.PutUint64(buf[:], m.h)
		f.Write(buf[:])
	}
	return f.Sum64()
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// white is the source of untextured triangles.
var white = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}

// flatShaderSrc paints triangles in their vertices' colours (premultiplied
// alpha) without sampling any texture, which spares the software renderer
// a texture fetch per pixel.
//
// A stroke's vertices carry their distance from its middle line (custom.x)
// and where its edge has faded out (custom.y), both divided by the
// feather's width: its alpha fades out over the feather (ui.Vertex).
// Other shapes have custom (0, 1): alpha 1.
const flatShaderSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	return color * clamp(custom.y-abs(custom.x), 0, 1)
}
`

// plainShaderSrc is flatShaderSrc without strokes: a batch of triangles
// without any (and the background) costs the software renderer a third
// less a pixel without the distance to interpolate.
const plainShaderSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {
	return color
}
`

func (r *renderer) flush(dst *ebiten.Image) {
	if len(r.mesh.I) == 0 {
		return
	}
	r.vs = r.vs[:0]
	if r.flatShader() != nil {
		strokes := false
		for _, v := range r.mesh.V {
			d, e := float32(0), float32(1)
			if v.E > 0 {
				d, e, strokes = v.D/kit.Feather, v.E/kit.Feather, true
			}
			r.vs = append(r.vs, ebiten.Vertex{DstX: v.X, DstY: v.Y, ColorR: v.R * v.A, ColorG: v.G * v.A, ColorB: v.B * v.A, ColorA: v.A,
				Custom0: d, Custom1: e})
		}
		sh := r.flat
		if !strokes {
			sh = r.plainShader()
		}
		if is := r.cull(dst.Bounds()); len(is) > 0 {
			dst.DrawTrianglesShader32(r.vs, is, sh, &ebiten.DrawTrianglesShaderOptions{})
		}
		r.mesh.Reset()
		return
	}
	if r.white == nil {
		r.white = white()
	}
	for _, v := range r.mesh.V {
		r.vs = append(r.vs, ebiten.Vertex{DstX: v.X, DstY: v.Y, SrcX: 1.5, SrcY: 1.5, ColorR: v.R, ColorG: v.G, ColorB: v.B, ColorA: v.A})
	}
	if is := r.cull(dst.Bounds()); len(is) > 0 {
		dst.DrawTriangles32(r.vs, is, r.white, &ebiten.DrawTrianglesOptions{})
	}
	r.mesh.Reset()
}

// cull returns the mesh's triangles that may cover a pixel of b (a
// triangle covers the pixels whose centres it holds): when only an area
// is painted again, the software renderer sets up no triangle outside it.
func (r *renderer) cull(b image.Rectangle) []uint32 {
	x0, y0, x1, y1 := float32(b.Min.X-1), float32(b.Min.Y-1), float32(b.Max.X+1), float32(b.Max.Y+1)
	v, in := r.mesh.V, r.mesh.I
	out := r.culled[:0]
	for i := 0; i+2 < len(in); i += 3 {
		p, q, s := &v[in[i]], &v[in[i+1]], &v[in[i+2]]
		if max(p.X, q.X, s.X) < x0 || min(p.X, q.X, s.X) > x1 || max(p.Y, q.Y, s.Y) < y0 || min(p.Y, q.Y, s.Y) > y1 {
			continue
		}
		out = append(out, in[i], in[i+1], in[i+2])
	}
	r.culled = out
	return out
}

// evict forgets the text layouts not painted for a while.
func (r *renderer) evict() {
	if r.frame%30 == 0 {
		r.atlas.evict(r.frame)
	}
}

// text adds a line of text to the layer's batch of text (textAtlas). When
// the atlas is full the batch is painted, the atlas emptied and the line
// added again; a line too big for the whole atlas is not painted.
func (r *renderer) text(dst *ebiten.Image, op *kit.Op) {
	if r.atlas.add(r, dst.Bounds(), op) {
		return
	}
	r.atlas.flush(dst)
	r.atlas.reset()
	r.atlas.add(r, dst.Bounds(), op)
}

// picture paints an OpImage: the picture scaled into its rectangle, its
// texture kept while the same image is painted frame after frame.
func (r *renderer) picture(dst *ebiten.Image, op *kit.Op) {
	b := op.Img.Bounds()
	if b.Empty() || op.Dst.W <= 0 || op.Dst.H <= 0 {
		return
	}
	if r.pictureSrc != op.Img {
		if r.pictureTex != nil {
			r.pictureTex.Deallocate()
		}
		r.pictureTex, r.pictureSrc = ebiten.NewImageFromImage(op.Img), op.Img
	}
	target := dst
	if op.Clipped {
		c := op.Clip
		rect := image.Rect(int(math.Floor(c.X)), int(math.Floor(c.Y)), int(math.Ceil(c.X+c.W)), int(math.Ceil(c.Y+c.H))).Intersect(dst.Bounds())
		if rect.Empty() {
			return
		}
		target = dst.SubImage(rect).(*ebiten.Image)
	}
	o := &ebiten.DrawImageOptions{Filter: ebiten.FilterLinear}
	o.GeoM.Scale(op.Dst.W/float64(b.Dx()), op.Dst.H/float64(b.Dy()))
	o.GeoM.Translate(op.Dst.X, op.Dst.Y)
	target.DrawImage(r.pictureTex, o)
}
