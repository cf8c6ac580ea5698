package table

import (
	"image"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/cputime"
	"github.com/starshipbattles/bsg/table/ui"
)

// hoverPoints are two buttons of bench20's planning panel: moving the
// pointer between them changes the top layer (the hovered button) and
// nothing under it.
var hoverPoints = [2]ui.Pt{{X: 928, Y: 238}, {X: 1064, Y: 238}}

// BenchmarkFrameHover is BenchmarkFrame with the pointer moving between two
// of the panel's buttons every frame: the layers under the panel are kept,
// the panel is painted anew.
func BenchmarkFrameHover(b *testing.B) {
	a := bench20(b)
	img := ebitenImage(1280, 800)
	r := newRenderer()
	onLoop(func() { r.Render(img, a.Frame()) })
	b.ResetTimer()
	defer cputime.PerOp(b)()
	for i := 0; i < b.N; i++ {
		p := hoverPoints[i%2]
		send(a, ui.Event{Kind: ui.MouseMove, X: p.X, Y: p.Y})
		onLoop(func() { r.Render(img, a.Frame()) })
	}
	onLoop(func() { readOne(img) })
}

// TestKeptLayersPaintTheSame: frame after frame (still, the pointer over
// the panel, the view panned, still again), what the renderer paints with
// the layers it keeps equals what a fresh renderer paints from nothing,
// pixel for pixel but for rounding (two fresh renderers differ by one
// level in a few channels).
func TestKeptLayersPaintTheSame(t *testing.T) {
	a := bench20(t)
	kept := newRenderer()
	var dst *ebiten.Image
	onLoop(func() { dst = ebiten.NewImage(1280, 800) })
	var evs [][]ui.Event
	for range 3 {
		evs = append(evs, nil)
	}
	for i := range 4 {
		p := hoverPoints[i%2]
		evs = append(evs, []ui.Event{{Kind: ui.MouseMove, X: p.X, Y: p.Y}})
	}
	evs = append(evs, []ui.Event{{Kind: ui.MouseMove, X: 300, Y: 300}, {Kind: ui.MouseDown, X: 300, Y: 300, Button: ui.ButtonLeft}})
	for i := range 3 {
		evs = append(evs, []ui.Event{{Kind: ui.MouseMove, X: 300 + float64(10*i), Y: 300}})
	}
	evs = append(evs, []ui.Event{{Kind: ui.MouseUp, X: 330, Y: 300}}, nil, nil, nil)
	keptParts := map[int]int{}
	for n, ev := range evs {
		send(a, ev...)
		var got, want *image.RGBA
		onLoop(func() {
			l := a.Frame()
			kept.Render(dst, l)
			got = pixels(dst)

			fresh := ebiten.NewImage(1280, 800)
			newRenderer().Render(fresh, l)
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
		t.Logf("frame %d: %d parts kept, %d bytes differ by at most %d", n, len(kept.keptHash), differ, most)
		require.LessOrEqual(t, most, 2, "frame %d: %d bytes differ", n, differ)
		keptParts[len(kept.keptHash)]++
	}
	// still frames kept every part, the hovering ones all but the panel
	require.GreaterOrEqual(t, len(keptParts), 3, "%v", keptParts)
}
