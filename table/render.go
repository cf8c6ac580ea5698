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
//   - text is painted from glyphs drawn once into an atlas (textAtlas),
//     a layer's text in one batch of quads, halos included; no image is
//     made for a line of text, however often it changes.
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

	backdrop *ebiten.Image
	// pictureTex is the texture of the last OpImage painted (pictureSrc).
	pictureTex   *ebiten.Image
	pictureSrc   image.Image
	backdropHash uint64 // what backdrop holds
	lastBackdrop uint64 // the last frame's backdrop

	atlas *textAtlas
	frame int
}

type faceKey struct {
	size float64
	bold bool
}

// labelTTL is how many frames a line's layout is kept unused.
const labelTTL = 120

func newRenderer() *renderer {
	return &renderer{fonts: ui.LoadFonts(), faces: map[faceKey]*text.GoXFace{}, atlas: newTextAtlas()}
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
// triangles and its text from the text atlas.
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
		r.atlas.flush(dst)
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

// evict forgets the text layouts not painted for a while.
func (r *renderer) evict() {
	if r.frame%30 == 0 {
		r.atlas.evict(r.frame)
	}
}

// text adds a line of text to the layer's batch of text (textAtlas). When
// the atlas is full the batch is painted, the atlas emptied and the line
// added again; a line too big for the whole atlas is not painted.
func (r *renderer) text(dst *ebiten.Image, op *ui.Op) {
	if r.atlas.add(r, dst.Bounds(), op) {
		return
	}
	r.atlas.flush(dst)
	r.atlas.reset()
	r.atlas.add(r, dst.Bounds(), op)
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
