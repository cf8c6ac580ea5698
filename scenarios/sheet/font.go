package sheet

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/starshipbattles/bsg/sketch"
)

// The Go fonts, parsed once: both backends draw with them and the layout
// measures with them, so the PDF and the PNG break lines alike.
var (
	fontsOnce     sync.Once
	regular, bold *truetype.Font
	fontsErr      error
	measureMu     sync.Mutex
	measureFaces  [2]font.Face
)

// measureSize is the em size in pixels of the faces that measure text.
const measureSize = 256

func loadFonts() error {
	fontsOnce.Do(func() {
		if regular, fontsErr = truetype.Parse(goregular.TTF); fontsErr != nil {
			return
		}
		if bold, fontsErr = truetype.Parse(gobold.TTF); fontsErr != nil {
			return
		}
		for i, f := range []*truetype.Font{regular, bold} {
			measureFaces[i] = truetype.NewFace(f, &truetype.Options{Size: measureSize, Hinting: font.HintingNone})
		}
	})
	return fontsErr
}

// textWidth returns the advance width of text in millimetres.
func textWidth(text string, s sketch.TextStyle) float64 {
	if loadFonts() != nil {
		return 0.55 * s.Size * float64(len([]rune(text)))
	}
	face := measureFaces[0]
	if s.Bold {
		face = measureFaces[1]
	}
	measureMu.Lock()
	w := font.MeasureString(face, text)
	measureMu.Unlock()
	return float64(w) / 64 / measureSize * s.Size
}
