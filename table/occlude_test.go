package table

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// occlusionScreens are screens with opaque rectangles over other things:
// bench20 (planning, every overlay), the title, the editor, measurement
// mode with 60 ships and a replay.
func occlusionScreens(t *testing.T) map[string]*ui.App {
	screens := map[string]*ui.App{"bench20": bench20(t), "title": newApp(t)}
	e := newApp(t)
	e.Show(ui.NewEditor(e))
	send(e, kit.Type("2if")...)
	screens["editor"] = e
	m, _ := measure60(t)
	send(m, kit.Press(kit.KeyTab))
	screens["measure"] = m
	rp := newApp(t)
	b, err := battle.New(closeQuarters(), assets.Default(), 5)
	require.NoError(t, err)
	data, err := b.Save()
	require.NoError(t, err)
	r, err := ui.NewReplay(rp, "game.json", data)
	require.NoError(t, err)
	rp.Show(r)
	screens["replay"] = rp
	return screens
}

// plainRenderer paints everything (no occlusion) and fills convex
// polygons as fans (ui.Mesh.Fans): what the renderer painted before
// either.
func plainRenderer() *renderer {
	r := newRenderer()
	r.noOcclusion = true
	r.mesh.Fans = true
	return r
}

// TestOcclusionPaintsTheSame: on each screen, painting the frame whole
// while leaving out what opaque rectangles hide (the background under the
// panels, a panel's ground under its buttons, shapes under them) and
// triangulating convex polygons along their shortest diagonals gives
// what painting everything with fans gives, byte for byte; and there
// was something to leave out.
func TestOcclusionPaintsTheSame(t *testing.T) {
	for name, a := range occlusionScreens(t) {
		t.Run(name, func(t *testing.T) {
			var got, want *image.RGBA
			covers := 0
			onLoop(func() {
				l := a.Frame()
				for i := range l.Ops {
					if _, ok := l.Ops[i].Cover(); ok {
						covers++
					}
				}
				dst := unmanaged(l.W, l.H)
				defer dst.Deallocate()
				r := newRenderer()
				r.Render(dst, l)
				require.Equal(t, "whole", r.painted)
				got = pixels(dst)
				// the last frame's pixels under the rectangles differ
				dst.Fill(image.Black)
				plainRenderer().Render(dst, l)
				want = pixels(dst)
			})
			require.Positive(t, covers, "no opaque rectangle on the screen")
			differ := bytesDiffer(got, want)
			require.Zero(t, differ, "%d bytes differ", differ)
		})
	}
}

// TestOcclusionLeavesOutTheBackground: painting bench20 whole, the
// background is filled only where no opaque rectangle goes (the play
// area, not the margins around it nor the panel); without occlusion
// everywhere.
func TestOcclusionLeavesOutTheBackground(t *testing.T) {
	a := bench20(t)
	for _, occlude := range []bool{true, false} {
		onLoop(func() {
			l := a.Frame()
			dst := unmanaged(l.W, l.H)
			defer dst.Deallocate()
			r := newRenderer()
			r.noOcclusion = !occlude
			r.Render(dst, l)
			if occlude {
				require.Less(t, r.filled, l.W*l.H*6/10)
			} else {
				require.Equal(t, l.W*l.H, r.filled)
			}
		})
	}
}

// TestSubtractRectsCoversAllButTheHoles: the rectangles SubtractRects
// gives cover each point of the rectangle outside the holes once and
// no point inside a hole or outside the rectangle (points on a grid of
// quarter pixels, off the edges).
func TestSubtractRectsCoversAllButTheHoles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const side = 4 * 64 // the grid's points: (i/4 + 1/8 - 2, j/4 + 1/8 - 2)
	at := func(i int) float64 { return float64(i)/4 + 0.125 - 2 }
	// first returns the first grid index whose point is at or after v
	first := func(v float64) int { return max(0, min(side, int(math.Ceil((v+2-0.125)*4)))) }
	count := make([]int, side*side)
	for range 200 {
		clear(count)
		x0, y0 := rng.Float64()*20, rng.Float64()*20
		x1, y1 := x0+rng.Float64()*40, y0+rng.Float64()*40
		var holes []image.Rectangle
		for range rng.IntN(8) {
			hx, hy := rng.IntN(60)-5, rng.IntN(60)-5
			holes = append(holes, image.Rect(hx, hy, hx+rng.IntN(20), hy+rng.IntN(20)))
		}
		n := 0
		kit.SubtractRects(x0, y0, x1, y1, holes, func(a0, b0, a1, b1 float64) {
			require.Less(t, a0, a1)
			require.Less(t, b0, b1)
			n++
			for j := first(b0); j < first(b1); j++ {
				for i := first(a0); i < first(a1); i++ {
					count[j*side+i]++
				}
			}
		})
		for j := range side {
			for i := range side {
				px, py := at(i), at(j)
				want := 0
				if px >= x0 && px < x1 && py >= y0 && py < y1 {
					want = 1
					for _, h := range holes {
						if px >= float64(h.Min.X) && px < float64(h.Max.X) && py >= float64(h.Min.Y) && py < float64(h.Max.Y) {
							want = 0
						}
					}
				}
				if count[j*side+i] != want {
					require.Equal(t, want, count[j*side+i], "point %v,%v of %v..%v × %v..%v minus %v", px, py, x0, x1, y0, y1, holes)
				}
			}
		}
		require.LessOrEqual(t, n, (2*len(holes)+1)*(2*len(holes)+1))
	}
}

// TestShortestDiagonalsPaintAsFans: convex polygons (wedges of firing
// arcs, hexagons, discs, at sub-pixel places, translucent and opaque,
// some overlapping) filled along their shortest diagonals paint the same
// pixels as fans, byte for byte.
func TestShortestDiagonalsPaintAsFans(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var ops []kit.Op
	for range 60 {
		cx, cy := 20+rng.Float64()*600, 20+rng.Float64()*440
		r := 3 + rng.Float64()*150
		var pts []kit.Pt
		switch rng.IntN(3) {
		case 0: // a wedge: the tip and an arc
			pts = append(pts, kit.Pt{X: cx, Y: cy})
			a0, span := rng.Float64()*2*math.Pi, 0.2+rng.Float64()*2
			k := 3 + rng.IntN(30)
			for i := 0; i <= k; i++ {
				a := a0 + span*float64(i)/float64(k)
				pts = append(pts, kit.Pt{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)})
			}
		default: // a regular polygon
			k := 5 + rng.IntN(40)
			a0 := rng.Float64()
			for i := range k {
				a := a0 + 2*math.Pi*float64(i)/float64(k)
				pts = append(pts, kit.Pt{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)})
			}
		}
		op := kit.Op{Kind: kit.OpPath, Closed: true, Pts: pts,
			Fill: color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(1 + rng.IntN(255))}}
		if rng.IntN(2) == 0 {
			op.Stroke, op.Width = color.NRGBA{A: uint8(rng.IntN(256))}, 1+rng.Float64()*2
		}
		ops = append(ops, op)
	}
	l := &kit.List{W: 640, H: 480, Background: color.NRGBA{240, 240, 230, 255}, Ops: ops}
	var got, want *image.RGBA
	onLoop(func() {
		dst := unmanaged(l.W, l.H)
		defer dst.Deallocate()
		newRenderer().Render(dst, l)
		got = pixels(dst)
		plainRenderer().Render(dst, l)
		want = pixels(dst)
	})
	differ := bytesDiffer(got, want)
	require.Zero(t, differ, "%d bytes differ", differ)
}

// TestStrokesByDistancePaintAsBands: strokes painted as one band whose
// alpha the shader works out from each point's distance to the middle
// line differ from strokes painted as three bands of triangles (alpha
// from the vertices) by rounding only, at most one level a channel,
// on polylines, polygons and circles of several widths (without joins
// sharper than 30°, where the mitre is cut short and the bands' alpha is
// no longer the distance's); and on bench20, whose every overlay has
// strokes.
func TestStrokesByDistancePaintAsBands(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var ops []kit.Op
	for range 80 {
		x, y := 20+rng.Float64()*600, 20+rng.Float64()*440
		heading := rng.Float64() * 2 * math.Pi
		pts := []kit.Pt{{X: x, Y: y}}
		for range 1 + rng.IntN(12) {
			heading += (rng.Float64() - 0.5) * 2.5 // under 72° a turn
			step := 3 + rng.Float64()*60
			x, y = x+step*math.Cos(heading), y+step*math.Sin(heading)
			pts = append(pts, kit.Pt{X: x, Y: y})
		}
		op := kit.Op{Kind: kit.OpPath, Pts: pts, Width: 0.5 + rng.Float64()*4,
			Stroke: color.NRGBA{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(1 + rng.IntN(255))}}
		if rng.IntN(3) == 0 { // a circle
			op.Pts, op.Closed = nil, true
			r := 5 + rng.Float64()*100
			k := 12 + rng.IntN(60)
			for i := range k {
				a := 2 * math.Pi * float64(i) / float64(k)
				op.Pts = append(op.Pts, kit.Pt{X: x + r*math.Cos(a), Y: y + r*math.Sin(a)})
			}
		}
		ops = append(ops, op)
	}
	screens := map[string]*kit.List{"strokes": {W: 640, H: 480, Background: color.NRGBA{250, 250, 245, 255}, Ops: ops}}
	onLoop(func() { screens["bench20"] = bench20(t).Frame() })
	for name, l := range screens {
		var got, want *image.RGBA
		onLoop(func() {
			dst := unmanaged(l.W, l.H)
			defer dst.Deallocate()
			newRenderer().Render(dst, l)
			got = pixels(dst)
			r := newRenderer()
			r.bands = true
			r.Render(dst, l)
			want = pixels(dst)
		})
		sharp := sharpJoins(l)
		differ, most, nearSharp := 0, 0, 0
		for i := range got.Pix {
			d := int(got.Pix[i]) - int(want.Pix[i])
			if d == 0 {
				continue
			}
			differ++
			if d > 1 || d < -1 {
				x, y := float64(i%got.Stride/4)+0.5, float64(i/got.Stride)+0.5
				near := false
				for _, j := range sharp {
					near = near || math.Hypot(x-j.X, y-j.Y) <= j.R
				}
				require.True(t, near, "%s: pixel %v,%v differs by %d, not near a sharp join", name, x, y, d)
				nearSharp++
				continue
			}
			most = max(most, d, -d)
		}
		t.Logf("%s: %d bytes differ, by at most %d; %d by more, at sharp joins (%d)", name, differ, most, nearSharp, len(sharp))
	}
}

// sharpJoin is a join of a stroke sharper than 30°, whose mitre is cut
// short, and the radius around it where the stroke's pixels may differ.
type sharpJoin struct{ X, Y, R float64 }

// sharpJoins returns the joins of the strokes of a draw list where the
// mitre is cut short (its length would be over four half widths).
func sharpJoins(l *kit.List) []sharpJoin {
	var out []sharpJoin
	for _, op := range l.Ops {
		if op.Kind != kit.OpPath || op.Stroke.A == 0 || op.Width <= 0 || !op.Closed && len(op.Pts) < 3 {
			continue
		}
		pts, n := op.Pts, len(op.Pts)
		for i := range pts {
			if !op.Closed && (i == 0 || i == n-1) {
				continue
			}
			a, b, c := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
			ux, uy := b.X-a.X, b.Y-a.Y
			vx, vy := c.X-b.X, c.Y-b.Y
			lu, lv := math.Hypot(ux, uy), math.Hypot(vx, vy)
			if lu == 0 || lv == 0 {
				continue
			}
			// the half angle between the normals: cos ≥ 0.25 keeps the mitre
			cosTurn := (ux*vx + uy*vy) / (lu * lv)
			if math.Sqrt((1+cosTurn)/2) < 0.3 {
				out = append(out, sharpJoin{b.X, b.Y, 4*(math.Max(op.Width, 1)/2+1) + 2})
			}
		}
	}
	return out
}

// TestLineCellsPaintAsGlyphQuads: text painted from line cells (a
// line's halo and glyphs drawn once into cells of their own, two quads
// on the screen) is what painting each glyph's quads gives, pixel for
// pixel, except where two quads of one pass of one line overlap (the
// halos of neighbouring letters), which the line's cell holds already
// blended: there, in an opaque colour, a channel may differ by the
// rounding of that blend (two levels); in a translucent one the line's
// cell paints the union of the two once where the glyphs' quads painted
// the colour twice over (darker where neighbouring halos met).
func TestLineCellsPaintAsGlyphQuads(t *testing.T) {
	for name, a := range occlusionScreens(t) {
		t.Run(name, func(t *testing.T) {
			var got, want *image.RGBA
			var l *kit.List
			overlap := map[image.Point]bool{}     // two quads of a pass overlap
			translucent := map[image.Point]bool{} // ... in a translucent colour
			onLoop(func() {
				l = a.Frame()
				dst := unmanaged(l.W, l.H)
				defer dst.Deallocate()
				r := newRenderer()
				r.Render(dst, l)
				got = pixels(dst)
				plain := newRenderer()
				plain.atlas.glyphQuads = true
				plain.Render(dst, l)
				want = pixels(dst)
				// the pixels two quads of one pass of one line cover
				for i := range l.Ops {
					op := &l.Ops[i]
					if op.Kind != kit.OpText {
						continue
					}
					lay, ox, oy := r.atlas.origin(r, op)
					halos := []int{0}
					if op.Halo.A > 0 {
						halos = append(halos, haloWidth(op.Size))
					}
					for _, h := range halos {
						see := op.Color.A < 255
						if h > 0 {
							see = op.Halo.A < 255
						}
						seen := map[image.Point]bool{}
						for _, g := range lay.glyphs {
							b := g.img.Bounds()
							for y := oy + g.y - h; y < oy+g.y+b.Dy()+h; y++ {
								for x := ox + g.x - h; x < ox+g.x+b.Dx()+h; x++ {
									p := image.Pt(x, y)
									if seen[p] {
										overlap[p] = true
										translucent[p] = translucent[p] || see
									}
									seen[p] = true
								}
							}
						}
					}
				}
			})
			differ, most, twice := 0, 0, 0
			for i := range got.Pix {
				d := int(got.Pix[i]) - int(want.Pix[i])
				if d == 0 {
					continue
				}
				p := image.Pt(i%got.Stride/4, i/got.Stride)
				require.True(t, overlap[p], "pixel %v differs by %d where no two quads of a line overlap", p, d)
				differ++
				if translucent[p] {
					twice = max(twice, d, -d)
					continue
				}
				require.LessOrEqual(t, max(d, -d), 2, "pixel %v", p)
				most = max(most, d, -d)
			}
			t.Logf("%d bytes differ, all where a line's quads overlap: by at most %d (%d where the colour is translucent)", differ, most, twice)
		})
	}
}

// TestFullAtlasesPaintTheSame: with atlases too small for a frame's text
// (emptied and filled again in the middle of painting it, several times),
// bench20's lines of text paint as with atlases that hold them all.
func TestFullAtlasesPaintTheSame(t *testing.T) {
	a := bench20(t)
	var got, want *image.RGBA
	resets := 0
	onLoop(func() {
		l := *a.Frame()
		// the lines that fit the small atlases
		var ops []kit.Op
		probe := newRenderer()
		for _, op := range l.Ops {
			if op.Kind == kit.OpText && probe.atlas.box(probe, &op).Dx() > 140 {
				continue
			}
			ops = append(ops, op)
		}
		l.Ops = ops
		dst := unmanaged(l.W, l.H)
		defer dst.Deallocate()
		small := newRenderer()
		small.atlas.size = 160
		small.Render(dst, &l)
		got = pixels(dst)
		resets = small.atlas.resets
		newRenderer().Render(dst, &l)
		want = pixels(dst)
	})
	require.GreaterOrEqual(t, resets, 2)
	differ := bytesDiffer(got, want)
	require.Zero(t, differ, "%d bytes differ", differ)
}

// bytesDiffer counts the bytes in which two pictures of one size differ.
func bytesDiffer(got, want *image.RGBA) int {
	n := 0
	for i := range got.Pix {
		if got.Pix[i] != want.Pix[i] {
			n++
		}
	}
	return n
}
