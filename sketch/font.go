package sketch

import (
	"sync"

	"github.com/golang/freetype/truetype"
	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/math/fixed"
)

// fonts holds the Go fonts, parsed once. Layout measures text with them and
// the PNG backend draws with them; SVG names them first in font-family.
type fonts struct {
	regular, bold *truetype.Font
	mu            sync.Mutex // guards the measure faces and the caches below
	// measure holds faces at measureSize for text widths.
	measure [2]font.Face
	// advance and kern cache what measure says (the face loads a glyph's
	// outline for each question), per face.
	advance [2]map[rune]fixed.Int26_6
	kern    [2]map[[2]rune]fixed.Int26_6
	// widths caches whole strings' widths, per face, up to maxWidths
	// strings (then it starts again).
	widths [2]map[string]fixed.Int26_6
}

// maxWidths is how many strings' widths a face keeps.
const maxWidths = 1 << 14

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
			f.advance[i] = map[rune]fixed.Int26_6{}
			f.kern[i] = map[[2]rune]fixed.Int26_6{}
			f.widths[i] = map[string]fixed.Int26_6{}
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
	k := 0
	if s.Bold {
		k = 1
	}
	f.mu.Lock()
	w, ok := f.widths[k][text]
	if !ok {
		w = f.measureString(k, text)
		if len(f.widths[k]) >= maxWidths {
			clear(f.widths[k])
		}
		f.widths[k][text] = w
	}
	f.mu.Unlock()
	return float64(w) / 64 / measureSize * s.Size
}

// measureString is font.MeasureString on face k, the advances and kerns
// taken from the caches: the same sum, in the same fixed-point steps.
func (f *fonts) measureString(k int, s string) fixed.Int26_6 {
	face, adv, kern := f.measure[k], f.advance[k], f.kern[k]
	var w fixed.Int26_6
	prev := rune(-1)
	for _, c := range s {
		if prev >= 0 {
			kp, ok := kern[[2]rune{prev, c}]
			if !ok {
				kp = face.Kern(prev, c)
				kern[[2]rune{prev, c}] = kp
			}
			w += kp
		}
		a, ok := adv[c]
		if !ok {
			a, _ = face.GlyphAdvance(c)
			adv[c] = a
		}
		w += a
		prev = c
	}
	return w
}

// Vertical extent of a line of text relative to its em size: the box from
// the baseline down to descent and up to ascent.
const (
	ascent  = 0.78
	descent = 0.22
)
