package table

import (
	"encoding/binary"
	"hash/fnv"
	"image"
	"image/color"
	"math"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/starshipbattles/bsg/table/ui"
)

// renderer paints draw lists on Ebiten images.
//
// Under Xvfb the GPU is Mesa's software renderer, which paints about 300
// million pixels a second (a full 1280 × 800 pass costs some 3.5 ms on two
// cores), textured pixels at a fraction of that. So the renderer spares
// pixels, texture fetches and draw calls where the picture allows:
//
//   - the backdrop (ui.BackdropLayer: the ground, the play area and its
//     grid, the obstacles, the panels' ground) is painted into an image
//     kept while its operations stay the same, and copied to the window in
//     one pass instead of a clear and the big areas over it (while it
//     changes from frame to frame it is painted directly);
//   - shapes are tessellated on the CPU and sent in one batch of
//     triangles per layer, painted by a shader that samples no texture;
//   - each line of text (with its halo, eight offset copies) is drawn once
//     into a label image kept while it is in use, and then painted as one
//     quad per frame by a shader that copies its pixels.
type renderer struct {
	fonts *ui.Fonts
	mu    sync.Mutex
	faces map[faceKey]*text.GoXFace
	mesh  ui.Mesh
	vs    []ebiten.Vertex
	white *ebiten.Image
	// flat paints untextured triangles (nil if it did not compile: then
	// they are drawn from white).
	flat    *ebiten.Shader
	flatErr error
	// labelShader paints label images (nil if it did not compile:
	// DrawImage then).
	labelShader    *ebiten.Shader
	labelShaderErr error

	backdrop *ebiten.Image
	// pictureTex is the texture of the last OpImage painted (pictureSrc).
	pictureTex   *ebiten.Image
	pictureSrc   image.Image
	backdropHash uint64 // what backdrop holds
	lastBackdrop uint64 // the last frame's backdrop

	labels map[labelKey]*label
	frame  int
}

type faceKey struct {
	size float64
	bold bool
}

// labelKey is what a label image depends on.
type labelKey struct {
	text        string
	size        float64
	bold        bool
	color, halo color.NRGBA
	subX, subY  uint8 // the position's fraction of a pixel, in quarters
	anchor      ui.Anchor
}

// label is a line of text drawn into an image of its own.
type label struct {
	img *ebiten.Image
	// off is where the image's top-left corner goes relative to the
	// text's anchor point, rounded down to whole pixels.
	offX, offY int
	used       int // the last frame that painted it
}

// labelTTL is how many frames a label image is kept unused.
const labelTTL = 120

func newRenderer() *renderer {
	return &renderer{fonts: ui.LoadFonts(), faces: map[faceKey]*text.GoXFace{}, labels: map[labelKey]*label{}}
}

func (r *renderer) face(size float64, bold bool) *text.GoXFace {
	k := faceKey{ui.QuantSize(size), bold}
	if f, ok := r.faces[k]; ok {
		return f
	}
	f := text.NewGoXFace(r.fonts.Face(k.size, bold))
	r.faces[k] = f
	return f
}

// Render paints a draw list on dst: the backdrop (kept from frame to frame
// while it stays the same), then each layer's shapes in one batch of
// triangles and its text as label images.
func (r *renderer) Render(dst *ebiten.Image, l *ui.List) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.frame++
	var backdrop, rest []ui.Op = nil, l.Ops
	if hasBackdrop(l.Ops) {
		backdrop, rest = splitBackdrop(l.Ops)
	}
	if len(backdrop) > 0 {
		r.paintBackdrop(dst, l, backdrop)
	} else {
		dst.Fill(l.Background)
	}
	r.paintLayers(dst, rest)
	r.evict()
}

func hasBackdrop(ops []ui.Op) bool {
	for i := range ops {
		if ops[i].Layer == ui.BackdropLayer {
			return true
		}
	}
	return false
}

// splitBackdrop returns the backdrop's operations and the others, each in
// their order.
func splitBackdrop(ops []ui.Op) (backdrop, rest []ui.Op) {
	for _, op := range ops {
		if op.Layer == ui.BackdropLayer {
			backdrop = append(backdrop, op)
		} else {
			rest = append(rest, op)
		}
	}
	return backdrop, rest
}

// paintBackdrop paints the backdrop. One that changes from frame to
// frame (the view panned or zoomed, an obstacle dragged) is painted on dst
// directly; once it stays the same it is painted into an image kept for
// the frames that follow, which then only copy it.
func (r *renderer) paintBackdrop(dst *ebiten.Image, l *ui.List, ops []ui.Op) {
	b := dst.Bounds()
	h := hashOps(l.Background, b.Dx(), b.Dy(), ops)
	last := r.lastBackdrop
	r.lastBackdrop = h
	if h != r.backdropHash && h != last {
		dst.Fill(l.Background)
		r.paintLayers(dst, ops)
		return
	}
	if r.backdrop == nil || r.backdrop.Bounds().Size() != b.Size() {
		if r.backdrop != nil {
			r.backdrop.Deallocate()
		}
		r.backdrop = ebiten.NewImageWithOptions(image.Rect(0, 0, b.Dx(), b.Dy()), &ebiten.NewImageOptions{Unmanaged: true})
		r.backdropHash = h + 1
	}
	if h != r.backdropHash {
		r.backdrop.Fill(l.Background)
		r.paintLayers(r.backdrop, ops)
		r.backdropHash = h
	}
	o := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
	o.GeoM.Translate(float64(b.Min.X), float64(b.Min.Y))
	dst.DrawImage(r.backdrop, o)
}

// paintLayers paints operations layer by layer: within a layer all shapes
// in one batch, then the text.
func (r *renderer) paintLayers(dst *ebiten.Image, ops []ui.Op) {
	r.mesh.Reset()
	for start := 0; start < len(ops); {
		end := start
		for end < len(ops) && ops[end].Layer == ops[start].Layer {
			end++
		}
		for i := start; i < end; i++ {
			if op := &ops[i]; op.Kind == ui.OpImage {
				r.picture(dst, op)
			}
		}
		for i := start; i < end; i++ {
			if op := &ops[i]; op.Kind == ui.OpPath {
				r.mesh.AddOp(op)
			}
		}
		r.flush(dst)
		for i := start; i < end; i++ {
			if op := &ops[i]; op.Kind == ui.OpText {
				r.text(dst, op)
			}
		}
		start = end
	}
}

// hashOps hashes what a list of operations paints.
func hashOps(bg color.NRGBA, w, h int, ops []ui.Op) uint64 {
	f := fnv.New64a()
	var buf [8]byte
	put := func(v float64) {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(v))
		f.Write(buf[:])
	}
	col := func(c color.NRGBA) { f.Write([]byte{c.R, c.G, c.B, c.A}) }
	col(bg)
	put(float64(w))
	put(float64(h))
	for i := range ops {
		op := &ops[i]
		f.Write([]byte{byte(op.Kind), boolByte(op.Closed), boolByte(op.Bold), byte(op.Anchor), boolByte(op.Clipped)})
		for _, p := range op.Pts {
			put(p.X)
			put(p.Y)
		}
		col(op.Fill)
		col(op.Stroke)
		col(op.Color)
		col(op.Halo)
		put(op.Width)
		put(op.At.X)
		put(op.At.Y)
		put(op.Size)
		put(op.Clip.X)
		put(op.Clip.Y)
		put(op.Clip.W)
		put(op.Clip.H)
		f.Write([]byte(op.Text))
		f.Write([]byte{0})
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
const flatShaderSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {
	return color
}
`

func (r *renderer) flush(dst *ebiten.Image) {
	if len(r.mesh.I) == 0 {
		return
	}
	if r.flat == nil && r.flatErr == nil {
		r.flat, r.flatErr = ebiten.NewShader([]byte(flatShaderSrc))
	}
	r.vs = r.vs[:0]
	if r.flat != nil {
		for _, v := range r.mesh.V {
			r.vs = append(r.vs, ebiten.Vertex{DstX: v.X, DstY: v.Y, ColorR: v.R * v.A, ColorG: v.G * v.A, ColorB: v.B * v.A, ColorA: v.A})
		}
		dst.DrawTrianglesShader32(r.vs, r.mesh.I, r.flat, &ebiten.DrawTrianglesShaderOptions{})
		r.mesh.Reset()
		return
	}
	if r.white == nil {
		r.white = white()
	}
	for _, v := range r.mesh.V {
		r.vs = append(r.vs, ebiten.Vertex{DstX: v.X, DstY: v.Y, SrcX: 1.5, SrcY: 1.5, ColorR: v.R, ColorG: v.G, ColorB: v.B, ColorA: v.A})
	}
	dst.DrawTriangles32(r.vs, r.mesh.I, r.white, &ebiten.DrawTrianglesOptions{})
	r.mesh.Reset()
}

// text paints a line of text: its label image, drawn once and kept while
// it is in use.
func (r *renderer) text(dst *ebiten.Image, op *ui.Op) {
	// The image is placed on whole pixels; the text inside it keeps the
	// position's fraction (in quarters of a pixel, as the glyph cache).
	fx, fy := math.Floor(op.At.X), math.Floor(op.At.Y)
	sx, sy := uint8((op.At.X-fx)*4), uint8((op.At.Y-fy)*4)
	k := labelKey{text: op.Text, size: ui.QuantSize(op.Size), bold: op.Bold, color: op.Color, halo: op.Halo, subX: sx, subY: sy, anchor: op.Anchor}
	lb, ok := r.labels[k]
	if !ok {
		lb = r.newLabel(op, float64(sx)/4, float64(sy)/4)
		r.labels[k] = lb
	}
	lb.used = r.frame
	if lb.img == nil {
		return
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
	if r.labelShaderOnce() != nil {
		o := &ebiten.DrawRectShaderOptions{}
		o.GeoM.Translate(fx+float64(lb.offX), fy+float64(lb.offY))
		o.Images[0] = lb.img
		b := lb.img.Bounds()
		target.DrawRectShader(b.Dx(), b.Dy(), r.labelShader, o)
		return
	}
	o := &ebiten.DrawImageOptions{}
	o.GeoM.Translate(fx+float64(lb.offX), fy+float64(lb.offY))
	target.DrawImage(lb.img, o)
}

// labelShaderSrc paints an image's pixels as they are (premultiplied),
// pixel for pixel: no colour matrix, no filter, no bounds check.
const labelShaderSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4) vec4 {
	return imageSrc0UnsafeAt(srcPos)
}
`

// labelShaderOnce compiles the label shader the first time.
func (r *renderer) labelShaderOnce() *ebiten.Shader {
	if r.labelShader == nil && r.labelShaderErr == nil {
		r.labelShader, r.labelShaderErr = ebiten.NewShader([]byte(labelShaderSrc))
	}
	return r.labelShader
}

// newLabel draws a line of text, with its halo, into an image of its own
// for an anchor point at the fraction (sx, sy) of a pixel.
func (r *renderer) newLabel(op *ui.Op, sx, sy float64) *label {
	f := r.face(op.Size, op.Bold)
	m := f.Metrics()
	w := text.Advance(op.Text, f)
	halo := 0.0
	if op.Halo.A > 0 {
		halo = max(1, op.Size/12)
	}
	pad := math.Ceil(halo) + 2
	// the text's left end and top, relative to the anchor point
	left := 0.0
	switch op.Anchor {
	case ui.AnchorMiddle:
		left = -w / 2
	case ui.AnchorEnd:
		left = -w
	}
	top := -m.HAscent
	offX, offY := int(math.Floor(sx+left-pad)), int(math.Floor(sy+top-pad))
	iw := int(math.Ceil(sx+left+w+pad)) - offX
	ih := int(math.Ceil(sy+m.HDescent+pad)) - offY
	lb := &label{offX: offX, offY: offY}
	if iw <= 0 || ih <= 0 || w == 0 {
		return lb
	}
	lb.img = ebiten.NewImage(iw, ih)
	// the text's start within the image
	x0, y0 := sx+left-float64(offX), sy+top-float64(offY)
	draw := func(dx, dy float64, c color.NRGBA) {
		o := &text.DrawOptions{}
		o.GeoM.Translate(x0+dx, y0+dy)
		o.ColorScale.ScaleWithColor(c)
		text.Draw(lb.img, op.Text, f, o)
	}
	if halo > 0 {
		d := halo
		for _, o := range [][2]float64{{-d, 0}, {d, 0}, {0, -d}, {0, d}, {-d, -d}, {d, d}, {-d, d}, {d, -d}} {
			draw(o[0], o[1], op.Halo)
		}
	}
	draw(0, 0, op.Color)
	return lb
}

// evict frees the label images not painted for a while.
func (r *renderer) evict() {
	if r.frame%30 != 0 {
		return
	}
	for k, lb := range r.labels {
		if r.frame-lb.used > labelTTL {
			if lb.img != nil {
				lb.img.Deallocate()
			}
			delete(r.labels, k)
		}
	}
}

// picture paints an OpImage: the picture scaled into its rectangle, its
// texture kept while the same image is painted frame after frame.
func (r *renderer) picture(dst *ebiten.Image, op *ui.Op) {
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
