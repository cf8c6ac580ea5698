package sketch

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
)

// fonts holds the Go fonts, parsed once. Layout measures text with them and
// the PNG backend draws with them; SVG names them first in font-family.
type fonts struct {
	regular, bold *truetype.Font
	mu            sync.Mutex // guards the measure faces' glyph caches
	// measure holds faces at measureSize for text widths.
	measure [2]font.Face
}

// measureSize is the em size in pixels of the faces used to measure text.
const measureSize = 256

var (
	fontsOnce sync.Once
	fontsVal  *fonts
	fontsErr  error
)

func loadFonts() (*fonts, error) {
	fontsOnce.Do(func() {
		f := &fonts{}
		if f.regular, fontsErr = truetype.Parse(goregular.TTF); fontsErr != nil {
			return
		}
		if f.bold, fontsErr = truetype.Parse(gobold.TTF); fontsErr != nil {
			return
		}
		for i, tf := range []*truetype.Font{f.regular, f.bold} {
			f.measure[i] = truetype.NewFace(tf, &truetype.Options{Size: measureSize, Hinting: font.HintingNone})
		}
		fontsVal = f
	})
	return fontsVal, fontsErr
}

// textWidth returns the advance width of text in millimetres at style s,
// or an estimate when the fonts are not available.
func textWidth(text string, s TextStyle) float64 {
	f, err := loadFonts()
	if err != nil {
		return 0.6 * s.Size * float64(len([]rune(text)))
	}
	face := f.measure[0]
	if s.Bold {
		face = f.measure[1]
	}
	f.mu.Lock()
	w := font.MeasureString(face, text)
	f.mu.Unlock()
	return float64(w) / 64 / measureSize * s.Size
}

// Vertical extent of a line of text relative to its em size: the box from
// the baseline down to descent and up to ascent.
const (
	ascent  = 0.78
	descent = 0.22
)
