package table

import (
	"image"
	"image/color"
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"github.com/starshipbattles/bsg/table/ui"
)

// renderer paints draw lists on Ebiten images.
type renderer struct {
	fonts *ui.Fonts
	mu    sync.Mutex
	faces map[faceKey]*text.GoXFace
	mesh  ui.Mesh
	vs    []ebiten.Vertex
	white *ebiten.Image
}

type faceKey struct {
	size float64
	bold bool
}

func newRenderer() *renderer {
	return &renderer{fonts: ui.LoadFonts(), faces: map[faceKey]*text.GoXFace{}}
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

// Render paints a draw list on dst: shapes are tessellated on the CPU and
// sent in batches of triangles; text goes through text/v2.
func (r *renderer) Render(dst *ebiten.Image, l *ui.List) {
	r.mu.Lock()
	defer r.mu.Unlock()
	dst.Fill(l.Background)
	r.mesh.Reset()
	for start := 0; start < len(l.Ops); {
		end := start
		for end < len(l.Ops) && l.Ops[end].Layer == l.Ops[start].Layer {
			end++
		}
		for i := start; i < end; i++ {
			if op := &l.Ops[i]; op.Kind == ui.OpPath {
				r.mesh.AddOp(op)
			}
		}
		r.flush(dst)
		for i := start; i < end; i++ {
			if op := &l.Ops[i]; op.Kind == ui.OpText {
				r.text(dst, op)
			}
		}
		start = end
	}
}

// white is the source of untextured triangles.
var white = func() *ebiten.Image {
	img := ebiten.NewImage(3, 3)
	img.Fill(color.White)
	return img.SubImage(image.Rect(1, 1, 2, 2)).(*ebiten.Image)
}

func (r *renderer) flush(dst *ebiten.Image) {
	if len(r.mesh.I) == 0 {
		return
	}
	if r.white == nil {
		r.white = white()
	}
	r.vs = r.vs[:0]
	for _, v := range r.mesh.V {
		r.vs = append(r.vs, ebiten.Vertex{DstX: v.X, DstY: v.Y, SrcX: 1.5, SrcY: 1.5, ColorR: v.R, ColorG: v.G, ColorB: v.B, ColorA: v.A})
	}
	dst.DrawTriangles32(r.vs, r.mesh.I, r.white, &ebiten.DrawTrianglesOptions{})
	r.mesh.Reset()
}

func (r *renderer) text(dst *ebiten.Image, op *ui.Op) {
	f := r.face(op.Size, op.Bold)
	m := f.Metrics()
	top := op.At.Y - m.HAscent
	draw := func(dx, dy float64, c color.NRGBA) {
		o := &text.DrawOptions{}
		switch op.Anchor {
		case ui.AnchorMiddle:
			o.PrimaryAlign = text.AlignCenter
		case ui.AnchorEnd:
			o.PrimaryAlign = text.AlignEnd
		}
		o.GeoM.Translate(op.At.X+dx, top+dy)
		o.ColorScale.ScaleWithColor(c)
		text.Draw(dst, op.Text, f, o)
	}
	if op.Halo.A > 0 {
		d := max(1, op.Size/12)
		for _, o := range [][2]float64{{-d, 0}, {d, 0}, {0, -d}, {0, d}, {-d, -d}, {d, d}, {-d, d}, {d, -d}} {
			draw(o[0], o[1], op.Halo)
		}
	}
	draw(0, 0, op.Color)
}
