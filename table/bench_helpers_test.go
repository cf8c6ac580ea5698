package table

import (
	"image"

	"github.com/hajimehoshi/ebiten/v2"
)

var benchImg *ebiten.Image

func ebitenImage(w, h int) *ebiten.Image {
	onLoop(func() { benchImg = ebiten.NewImage(w, h) })
	return benchImg
}

// readOne reads one pixel back, which waits until the frame is painted.
func readOne(img *ebiten.Image) {
	sub := img.SubImage(image.Rect(0, 0, 1, 1)).(*ebiten.Image)
	px := make([]byte, 4)
	sub.ReadPixels(px)
}
