package table

import (
	"fmt"
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/cputime"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// hoverPoints are two buttons of bench20's planning panel: moving the
// pointer between them changes the top layer (the hovered button) and
// nothing under it.
var hoverPoints = [2]kit.Pt{{X: 928, Y: 238}, {X: 1064, Y: 238}}

// BenchmarkFrameHover is BenchmarkFrame with the pointer moving between two
// of the panel's buttons every frame: the layers under the panel are kept,
// the panel is painted anew.
func BenchmarkFrameHover(b *testing.B) {
	benchFrames(b, bench20(b), func(a *ui.App, _ *renderer, i int) {
		p := hoverPoints[i%2]
		send(a, kit.Event{Kind: kit.MouseMove, X: p.X, Y: p.Y})
	})
}

// BenchmarkFrameSelect is BenchmarkFrame with the selection moving to
// the next ship every frame (Tab): the ship's highlight and ghost on the
// table and the panel's plan change.
func BenchmarkFrameSelect(b *testing.B) {
	benchFrames(b, bench20(b), func(a *ui.App, _ *renderer, _ int) {
		send(a, kit.Press(kit.KeyTab))
	})
}

// BenchmarkFrameWhole is BenchmarkFrame with the frame painted whole
// every time, as after a change of screen, a zoom or a lost window:
// the renderer forgets what it painted last and kept.
func BenchmarkFrameWhole(b *testing.B) {
	r := benchFrames(b, bench20(b), func(_ *ui.App, r *renderer, _ int) { forget(r) })
	if r.painted != "whole" {
		b.Fatalf("painted %s", r.painted)
	}
}

// benchFrames paints a's frames at 1280 × 800 b.N times, after a first
// frame that fills the caches, calling before ahead of each frame (to send
// events, or to make the renderer forget), and reads a pixel back after
// the last frame only: the time per frame as the game's loop paints them.
// It returns the renderer.
func benchFrames(b *testing.B, a *ui.App, before func(a *ui.App, r *renderer, i int)) *renderer {
	img := ebitenImage(1280, 800)
	r := newRenderer()
	onLoop(func() { r.Render(img, a.Frame()) })
	b.ResetTimer()
	defer cputime.PerOp(b)()
	for i := 0; i < b.N; i++ {
		before(a, r, i)
		onLoop(func() { r.Render(img, a.Frame()) })
	}
	onLoop(func() { readOne(img) })
	return r
}

// forget makes the renderer's next frame a whole paint: it forgets the
// last frame and the kept layers (the caches of text and shapes stay).
func forget(r *renderer) {
	r.lastDst, r.lastMarks, r.last, r.keptHash = nil, nil, nil, nil
}

// TestKeptLayersPaintTheSame: frame after frame (still, the pointer over
// the panel, the view panned, still again), what the renderer paints with
// the layers it keeps, or painting again only the areas that changed on
// the last frame's pixels, equals what a fresh renderer paints from
// nothing, pixel for pixel.
func TestKeptLayersPaintTheSame(t *testing.T) {
	var evs [][]kit.Event
	for range 3 {
		evs = append(evs, nil)
	}
	for i := range 4 {
		p := hoverPoints[i%2]
		evs = append(evs, []kit.Event{{Kind: kit.MouseMove, X: p.X, Y: p.Y}})
	}
	evs = append(evs, []kit.Event{{Kind: kit.MouseMove, X: 300, Y: 300}, {Kind: kit.MouseDown, X: 300, Y: 300, Button: kit.ButtonLeft}})
	for i := range 3 {
		evs = append(evs, []kit.Event{{Kind: kit.MouseMove, X: 300 + float64(10*i), Y: 300}})
	}
	evs = append(evs, []kit.Event{{Kind: kit.MouseUp, X: 330, Y: 300}}, nil, nil, nil)
	for _, dirty := range []bool{false, true} {
		r := newRenderer()
		r.noDirty = !dirty
		how := paintsTheSame(t, bench20(t), r, evs)
		if dirty {
			// still frames painted nothing, the hovering ones the
			// buttons' areas, the panned ones everything
			require.Positive(t, how["nothing"], "%v", how)
			require.Positive(t, how["rects"], "%v", how)
			require.Positive(t, how["whole"], "%v", how)
			continue
		}
		// still frames kept every part, the hovering ones all but the panel
		require.GreaterOrEqual(t, len(how), 3, "%v", how)
	}
}

// TestDirtyRectsPaintTheSame: in measurement mode with 60 ships, while
// ships are dragged by the mouse (the ship, its rulers, labels and the
// rulings in the panel change from frame to frame), painting again only
// the areas that changed on the last frame's pixels gives what a fresh
// renderer paints from nothing, pixel for pixel.
func TestDirtyRectsPaintTheSame(t *testing.T) {
	a, m := measure60(t)
	var evs [][]kit.Event
	for _, ship := range []int{0, 23, 47} {
		x, y := m.ScreenOf(ship)
		evs = append(evs, []kit.Event{{Kind: kit.MouseMove, X: x, Y: y}, {Kind: kit.MouseDown, X: x, Y: y, Button: kit.ButtonLeft}})
		for i := range 5 {
			x, y = x+float64(3+i), y-float64(2*i)
			evs = append(evs, []kit.Event{{Kind: kit.MouseMove, X: x, Y: y}})
		}
		evs = append(evs, []kit.Event{{Kind: kit.MouseUp, X: x, Y: y}}, nil)
	}
	how := paintsTheSame(t, a, newRenderer(), evs)
	require.GreaterOrEqual(t, how["rects"], 12, "%v", how)
}

// paintsTheSame sends each frame's events, paints the frame with r on
// the same image as the frame before, and compares it with a fresh
// renderer's painting of the frame that paints everything (no
// occlusion, fans: plainRenderer), which must be the same pixel for pixel; it
// returns how many frames r painted how. Both images are
// unmanaged: in one of Ebiten's atlases an image's place there shifts the
// rounding of a few edges by a level.
func paintsTheSame(t *testing.T, a *ui.App, r *renderer, evs [][]kit.Event) map[string]int {
	var dst *ebiten.Image
	onLoop(func() { dst = unmanaged(1280, 800) })
	defer onLoop(func() { dst.Deallocate() })
	how := map[string]int{}
	for n, ev := range evs {
		send(a, ev...)
		var got, want *image.RGBA
		onLoop(func() {
			l := a.Frame()
			r.Render(dst, l)
			got = pixels(dst)

			fresh := unmanaged(1280, 800)
			plainRenderer().Render(fresh, l)
			want = pixels(fresh)
			fresh.Deallocate()
		})
		differ, most := 0, 0
		for i := range got.Pix {
			if d := int(got.Pix[i]) - int(want.Pix[i]); d != 0 {
				differ++
				most = max(most, d, -d)
			}
		}
		t.Logf("frame %d: painted %s (%d parts kept), %d bytes differ by at most %d", n, r.painted, len(r.keptHash), differ, most)
		require.Zero(t, differ, "frame %d: %d bytes differ by up to %d", n, differ, most)
		key := r.painted
		if key == "kept" {
			key = fmt.Sprintf("kept %d", len(r.keptHash))
		}
		how[key]++
	}
	return how
}

// unmanaged returns an image of its own texture (not a part of one of
// Ebiten's atlases, where its place shifts the rounding).
func unmanaged(w, h int) *ebiten.Image {
	return ebiten.NewImageWithOptions(image.Rect(0, 0, w, h), &ebiten.NewImageOptions{Unmanaged: true})
}
