package kit

import (
	"math"
	"regexp"
	"slices"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/font/sfnt"
)

// Fonts are the Go fonts (regular and bold), parsed once, with faces by
// pixel size. The view measures text with them and the Ebiten adapter
// draws with the same faces, so layout and glyphs agree.
type Fonts struct {
	mu    sync.Mutex
	fonts [2]*sfnt.Font
	faces map[faceKey]font.Face
	// widths and wraps keep what Width and Wrap said (a screen measures
	// the same text frame after frame), up to maxKept entries each (then
	// they start again).
	widths map[textKey]float64
	wraps  map[wrapKey][]string
}

// maxKept is how many widths, and how many wrapped texts, Fonts keeps.
const maxKept = 1 << 14

type textKey struct {
	s    string
	size float64
	bold bool
}

type wrapKey struct {
	textKey
	w float64
}

type faceKey struct {
	size float64
	bold bool
}

var (
	fontsOnce sync.Once
	theFonts  *Fonts
)

// LoadFonts returns the shared fonts.
func LoadFonts() *Fonts {
	fontsOnce.Do(func() {
		f := &Fonts{faces: map[faceKey]font.Face{}, widths: map[textKey]float64{}, wraps: map[wrapKey][]string{}}
		for i, ttf := range [][]byte{goregular.TTF, gobold.TTF} {
			ft, err := opentype.Parse(ttf)
			if err != nil {
				panic("ui: the embedded Go font does not parse: " + err.Error())
			}
			f.fonts[i] = ft
		}
		theFonts = f
	})
	return theFonts
}

// QuantSize rounds a text size to the sizes faces are made for.
func QuantSize(size float64) float64 { return math.Max(6, math.Round(size*2)/2) }

// Face returns the face for a size in pixels (rounded to half pixels).
func (f *Fonts) Face(size float64, bold bool) font.Face {
	k := faceKey{QuantSize(size), bold}
	f.mu.Lock()
	defer f.mu.Unlock()
	if fc, ok := f.faces[k]; ok {
		return fc
	}
	i := 0
	if bold {
		i = 1
	}
	fc, err := opentype.NewFace(f.fonts[i], &opentype.FaceOptions{Size: k.size, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		panic("ui: " + err.Error())
	}
	f.faces[k] = fc
	return fc
}

// Width returns the advance width of s at size in pixels.
func (f *Fonts) Width(s string, size float64, bold bool) float64 {
	k := textKey{s, size, bold}
	f.mu.Lock()
	w, ok := f.widths[k]
	f.mu.Unlock()
	if ok {
		return w
	}
	fc := f.Face(size, bold)
	f.mu.Lock()
	defer f.mu.Unlock()
	w = float64(font.MeasureString(fc, s)) / 64
	if len(f.widths) >= maxKept {
		clear(f.widths)
	}
	f.widths[k] = w
	return w
}

// Wrap breaks s into lines no wider than w pixels. The caller may change
// the lines returned.
func (f *Fonts) Wrap(s string, size, w float64, bold bool) []string {
	k := wrapKey{textKey{s, size, bold}, w}
	f.mu.Lock()
	lines, ok := f.wraps[k]
	f.mu.Unlock()
	if ok {
		return slices.Clone(lines)
	}
	lines = f.wrap(s, size, w, bold)
	f.mu.Lock()
	if len(f.wraps) >= maxKept {
		clear(f.wraps)
	}
	f.wraps[k] = slices.Clone(lines)
	f.mu.Unlock()
	return lines
}

func (f *Fonts) wrap(s string, size, w float64, bold bool) []string {
	var lines []string
	for _, para := range strings.Split(s, "\n") {
		var words []string
		for _, wd := range strings.Fields(para) {
			words = append(words, f.breakWord(wd, size, w, bold)...)
		}
		if len(words) == 0 {
			lines = append(lines, "")
			continue
		}
		cur := words[0]
		for _, wd := range words[1:] {
			if f.Width(cur+" "+wd, size, bold) > w {
				lines = append(lines, cur)
				cur = wd
			} else {
				cur += " " + wd
			}
		}
		lines = append(lines, cur)
	}
	return lines
}

// breakWord cuts a word wider than w (a link, a seat's code) into pieces
// that fit, so that it wraps rather than runs off the panel.
func (f *Fonts) breakWord(wd string, size, w float64, bold bool) []string {
	var out []string
	for f.Width(wd, size, bold) > w {
		rs := []rune(wd)
		n := len(rs) - 1
		for n > 1 && f.Width(string(rs[:n]), size, bold) > w {
			n--
		}
		out = append(out, string(rs[:n]))
		wd = string(rs[n:])
	}
	return append(out, wd)
}

// Clean replaces characters the Go fonts lack with ones they have.
func Clean(s string) string {
	return cleaner.Replace(s)
}

// sideWord is a side's name standing as a word in the engine's log ("cylon
// wins", "colonial declares first"), not as part of an id (cylon-raider).
var sideWord = regexp.MustCompile(`(^|[^\w-])(colonial|cylon)([^\w-]|$)`)

// LogLine is a line of the battle log as a player reads it: the sides'
// names capitalised as everywhere else on screen ("Cylon wins: …").
func LogLine(s string) string {
	return sideWord.ReplaceAllStringFunc(s, func(m string) string {
		return strings.Replace(strings.Replace(m, "colonial", "Colonial", 1), "cylon", "Cylon", 1)
	})
}

var cleaner = strings.NewReplacer("★", "*", "✓", "v", "✗", "x")

// Widest is the width of the widest of lines at size sz.
func (f *Fonts) Widest(lines []string, sz float64, bold bool) float64 {
	w := 0.0
	for _, s := range lines {
		w = math.Max(w, f.Width(s, sz, bold))
	}
	return w
}
