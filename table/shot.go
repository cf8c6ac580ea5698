package table

import (
	"bytes"
	"image"
	"image/png"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/starshipbattles/bsg/table/ui"
)

// pixels reads an Ebiten image into a Go image.
func pixels(img *ebiten.Image) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	img.ReadPixels(out.Pix)
	return out
}

// writePNG writes an Ebiten image as a PNG file.
func writePNG(path string, img *ebiten.Image) error {
	var buf bytes.Buffer
	if err := png.Encode(&buf, pixels(img)); err != nil {
		return err
	}
	return ui.WriteFile(path, buf.Bytes())
}

// Snapshot renders the view's current frame offscreen at its size and
// returns the pixels. It must run while Ebiten's loop runs (in Update).
func Snapshot(a *ui.App) *image.RGBA {
	l := a.Frame()
	img := ebiten.NewImage(l.W, l.H)
	defer img.Deallocate()
	newRenderer().Render(img, l)
	return pixels(img)
}
