package table

import (
	"image"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/table/ui"
)

// occlusionScreens are screens with opaque rectangles over other things:
// bench20 (planning, every overlay), the title, the editor, measurement
// mode with 60 ships and a replay.
func occlusionScreens(t *testing.T) map[string]*ui.App {
	screens := map[string]*ui.App{"bench20": bench20(t), "title": newApp(t)}
	e := newApp(t)
	e.Show(ui.NewEditor(e))
	send(e, ui.Type("2if")...)
	screens["editor"] = e
	m, _ := measure60(t)
	send(m, ui.Press(ui.KeyTab))
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

// TestOcclusionPaintsTheSame: on each screen, painting the frame whole
// while leaving out what opaque rectangles hide (the background under the
// panels, a panel's ground under its buttons, shapes under them) gives
// what painting everything gives, byte for byte; and it did leave
// something out.
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
				plain := newRenderer()
				plain.noOcclusion = true
				// the last frame's pixels under the rectangles differ
				dst.Fill(image.Black)
				plain.Render(dst, l)
				want = pixels(dst)
			})
			require.Positive(t, covers, "no opaque rectangle on the screen")
			differ := 0
			for i := range got.Pix {
				if got.Pix[i] != want.Pix[i] {
					differ++
				}
			}
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
// no point inside a hole or outside the rectangle.
func TestSubtractRectsCoversAllButTheHoles(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		x0, y0 := rng.Float64()*20, rng.Float64()*20
		x1, y1 := x0+rng.Float64()*40, y0+rng.Float64()*40
		var holes []image.Rectangle
		for range rng.IntN(8) {
			hx, hy := rng.IntN(60)-5, rng.IntN(60)-5
			holes = append(holes, image.Rect(hx, hy, hx+rng.IntN(20), hy+rng.IntN(20)))
		}
		count := map[[2]int]int{}
		n := 0
		ui.SubtractRects(x0, y0, x1, y1, holes, func(a0, b0, a1, b1 float64) {
			require.Less(t, a0, a1)
			require.Less(t, b0, b1)
			n++
			// sample points: a grid of quarter pixels
			for y := 0; y < 4*64; y++ {
				for x := 0; x < 4*64; x++ {
					px, py := float64(x)/4+0.125-2, float64(y)/4+0.125-2
					if px >= a0 && px < a1 && py >= b0 && py < b1 {
						count[[2]int{x, y}]++
					}
				}
			}
		})
		for y := 0; y < 4*64; y++ {
			for x := 0; x < 4*64; x++ {
				px, py := float64(x)/4+0.125-2, float64(y)/4+0.125-2
				want := 0
				if px >= x0 && px < x1 && py >= y0 && py < y1 {
					want = 1
					for _, h := range holes {
						if px >= float64(h.Min.X) && px < float64(h.Max.X) && py >= float64(h.Min.Y) && py < float64(h.Max.Y) {
							want = 0
						}
					}
				}
				require.Equal(t, want, count[[2]int{x, y}], "point %v,%v of %v..%v × %v..%v minus %v", px, py, x0, x1, y0, y1, holes)
			}
		}
		require.LessOrEqual(t, n, 4*len(holes)+1+2*len(holes)*len(holes))
	}
}
