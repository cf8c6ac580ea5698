package sketch

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

// testDeck returns a class's deck and the card size from the embedded data.
func testDeck(t *testing.T, class string) (maneuvers.Deck, float64, float64) {
	t.Helper()
	comp, err := assets.Load()
	require.NoError(t, err)
	deck, err := maneuvers.DeckFor(comp, class)
	require.NoError(t, err)
	return deck, comp.Geometry.CardWidth.Value, comp.Geometry.CardLength.Value
}

func TestDeckSVGGolden(t *testing.T) {
	deck, w, l := testDeck(t, "viper-mk2")
	var b bytes.Buffer
	require.NoError(t, WriteDeckSVG(&b, deck, w, l, DeckOptions{Title: "Viper Mk. II (viper-mk2): maneuver deck"}))
	got := b.String()
	golden := filepath.Join("testdata", "deck-viper-mk2.svg")
	if *update {
		require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run `go test ./sketch -update` to create it")
	if got != string(want) {
		wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
		i := 0
		for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
			i++
		}
		line := func(ls []string) string {
			if i < len(ls) {
				return ls[i]
			}
			return "(end of file)"
		}
		t.Errorf("%s differs from line %d on:\nwant %s\ngot  %s\nLook at the picture (bsg cards viper-mk2 -png FILE), then run `go test ./sketch -update`.",
			golden, i+1, line(wl), line(gl))
	}
	// The size of the cards comes from the data, and the header says the scale.
	assert.Contains(t, got, ">14 cards of 70 × 110 mm, to scale: 1 mm = 4 px.")
	assert.Contains(t, got, ">Hard turn left</text>")
}

// call is one shape drawn on a deckRecorder.
type call struct {
	kind  string
	pts   []physics.Vec
	style Style
	text  string
}

// deckRecorder is a Canvas that keeps what is drawn on it, in order.
type deckRecorder struct{ calls []call }

func (r *deckRecorder) Polygon(p []physics.Vec, s Style) {
	r.calls = append(r.calls, call{kind: "polygon", pts: p, style: s})
}
func (r *deckRecorder) Polyline(p []physics.Vec, s Style) {
	r.calls = append(r.calls, call{kind: "polyline", pts: p, style: s})
}
func (r *deckRecorder) Circle(c physics.Vec, _ float64, s Style) {
	r.calls = append(r.calls, call{kind: "circle", pts: []physics.Vec{c}, style: s})
}
func (r *deckRecorder) Arc(c physics.Vec, _ float64, _, _ s1.Angle, s Style) {
	r.calls = append(r.calls, call{kind: "arc", pts: []physics.Vec{c}, style: s})
}
func (r *deckRecorder) Wedge(c physics.Vec, _ float64, _, _ s1.Angle, s Style) {
	r.calls = append(r.calls, call{kind: "wedge", pts: []physics.Vec{c}, style: s})
}
func (r *deckRecorder) Text(at physics.Vec, text string, s TextStyle) {
	r.calls = append(r.calls, call{kind: "text", pts: []physics.Vec{at}, text: text})
}

func sameStyle(a, b Style) bool {
	return a.Fill == b.Fill && a.Stroke == b.Stroke && a.Width == b.Width && a.FlatCap == b.FlatCap && len(a.Dash) == len(b.Dash)
}

func near(a, b physics.Vec) bool { return a.Dist(b) < 1e-9 }

// TestDeckArrowsEndAtTheirPathsEnd checks the drawing description: every
// arrow of every card is one polyline from the middle of its card's bottom
// edge whose last point is Path.End(), with an arrowhead there pointing
// along the end's heading (or, for an overboost line, a yellow dot at the
// start and a red one at the end).
func TestDeckArrowsEndAtTheirPathsEnd(t *testing.T) {
	for _, class := range []string{"viper-mk2", "cylon-raider"} {
		t.Run(class, func(t *testing.T) {
			deck, w, l := testDeck(t, class)
			opt := DeckOptions{}
			rec := &deckRecorder{}
			DrawDeck(rec, deck, w, l, opt)
			origins := DeckCardOrigins(deck, w, l, opt)
			require.Len(t, origins, len(deck.Cards))
			arrows := 0
			for i, card := range deck.Cards {
				start := origins[i].Add(physics.V(w/2, 0))
				for _, a := range card.Arrows {
					arrows++
					end := a.Path.End()
					// The path's frame is x forward, y left; forward is up the card.
					tip := start.Add(physics.V(-end.Pos.Y, end.Pos.X))
					dir := physics.Direction(end.Heading + s1.Angle(math.Pi/2))
					var lines []call
					for _, c := range rec.calls {
						if c.kind == "polyline" && sameStyle(c.style, arrowStyle(a.Speed)) && near(c.pts[0], start) {
							lines = append(lines, c)
						}
					}
					var ends []physics.Vec
					for _, c := range lines {
						if near(c.pts[len(c.pts)-1], tip) {
							ends = append(ends, c.pts[len(c.pts)-1])
						}
					}
					require.Len(t, ends, 1, "%s %s: one polyline from the bottom middle to Path.End()", card.ID, a.Speed)
					if a.Speed == maneuvers.OverboostSpeed {
						assert.True(t, hasCircle(rec, start, colorOBYellow), "%s: yellow start", card.ID)
						assert.True(t, hasCircle(rec, tip, colorOBRed), "%s: red end", card.ID)
						continue
					}
					found := false
					for _, c := range rec.calls {
						if c.kind == "polygon" && len(c.pts) == 3 && near(c.pts[0], tip) && c.style.Fill == SpeedColor(a.Speed) {
							base := c.pts[1].Lerp(c.pts[2], 0.5)
							assert.InDelta(t, 0, tip.Sub(base).Unit().Sub(dir).Norm(), 1e-9, "%s %s: head along the end heading", card.ID, a.Speed)
							found = true
						}
					}
					assert.True(t, found, "%s %s: an arrowhead at the end", card.ID, a.Speed)
				}
			}
			require.Positive(t, arrows)
		})
	}
}

func hasCircle(rec *deckRecorder, at physics.Vec, fill color.NRGBA) bool {
	for _, c := range rec.calls {
		if c.kind == "circle" && near(c.pts[0], at) && c.style.Fill == fill {
			return true
		}
	}
	return false
}

// TestDeckHardTurnAndSlideEnds pins the shapes a player checks first: a
// 90° hard turn ends pointing sideways, a slide ends parallel to its start.
func TestDeckHardTurnAndSlideEnds(t *testing.T) {
	deck, w, l := testDeck(t, "viper-mk2")
	d := newDeckDrawing(deck, w, l, DeckOptions{})
	for _, p := range d.cards {
		switch p.card.ID {
		case "hard-turn-left":
			assert.InDelta(t, 0, p.arrows[0].dir.Sub(physics.V(-1, 0)).Norm(), 1e-12, "points left across the card")
			assert.Less(t, p.arrows[0].tip.X, w/2-20)
		case "hard-turn-right":
			assert.InDelta(t, 0, p.arrows[0].dir.Sub(physics.V(1, 0)).Norm(), 1e-12, "points right across the card")
		case "slide-left", "slide-right":
			for _, a := range p.arrows {
				assert.InDelta(t, 0, a.dir.Sub(physics.V(0, 1)).Norm(), 1e-12, "%s: parallel to the start", p.card.ID)
				assert.Greater(t, math.Abs(a.tip.X-w/2), 19.9, "%s: sideways", p.card.ID)
			}
		}
	}
}

// TestDeckLabelsDoNotOverlap checks every deck: no arrow label covers
// another label, a symbol, the name, the G hexagon, an arrow or an
// arrowhead, or straddles the card's edge.
func TestDeckLabelsDoNotOverlap(t *testing.T) {
	comp, err := assets.Load()
	require.NoError(t, err)
	w, l := comp.Geometry.CardWidth.Value, comp.Geometry.CardLength.Value
	for _, dk := range comp.Decks {
		deck, err := maneuvers.DeckFor(comp, dk.Class)
		require.NoError(t, err)
		for _, c := range deck.Cards {
			p := planCard(c, w, l)
			card := physics.Rect{Hi: physics.V(w, l)}
			for i, a := range p.arrows {
				assert.Less(t, labelCost(p.arrows, i, a.label, nil, card), 100.0, "%s %s %s: label crosses a line", dk.Class, c.ID, a.arrow.Speed)
				for j, b := range p.arrows {
					if j != i {
						assert.False(t, a.label.Intersects(b.label), "%s %s: labels %s and %s overlap", dk.Class, c.ID, a.arrow.Speed, b.arrow.Speed)
					}
				}
				for _, ch := range p.chips {
					g := physics.Rect{Lo: ch.centre.Sub(physics.V(chipGlyph/2, chipGlyph/2+chipTagSize+1)), Hi: ch.centre.Add(physics.V(chipGlyph/2, chipGlyph/2))}
					assert.False(t, a.label.Intersects(g), "%s %s: label %s covers the %s symbol", dk.Class, c.ID, a.arrow.Speed, ch.symbol)
				}
				hex := physics.V(w-gInset, l-gInset)
				assert.False(t, a.label.Intersects(physics.Rect{Lo: hex.Sub(physics.V(gRadius, gRadius)), Hi: hex.Add(physics.V(gRadius, gRadius))}),
					"%s %s: label %s covers the G-value", dk.Class, c.ID, a.arrow.Speed)
			}
		}
	}
}

func decodeDeckPNG(t *testing.T, deck maneuvers.Deck, w, l float64, opt DeckOptions) image.Image {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, WriteDeckPNG(&b, deck, w, l, opt))
	img, err := png.Decode(&b)
	require.NoError(t, err)
	return img
}

func TestDeckPNG(t *testing.T) {
	deck, w, l := testDeck(t, "viper-mk2")
	for _, ppm := range []float64{0, 2.5} {
		opt := DeckOptions{PixelsPerMM: ppm}
		scale := ppm
		if scale == 0 {
			scale = DefaultDeckScale
		}
		img := decodeDeckPNG(t, deck, w, l, opt)
		page := DeckFrame(deck, w, l, opt)
		assert.Equal(t, image.Pt(int(math.Ceil(page.Hi.X*scale)), int(math.Ceil(page.Hi.Y*scale))), img.Bounds().Size(), "at %g px/mm", scale)
	}

	opt := DeckOptions{PixelsPerMM: 4}
	img := decodeDeckPNG(t, deck, w, l, opt)
	page := DeckFrame(deck, w, l, opt)
	origins := DeckCardOrigins(deck, w, l, opt)
	at := func(p physics.Vec) color.NRGBA {
		x := int(math.Floor(p.X * 4))
		y := int(math.Floor((page.Hi.Y - p.Y) * 4))
		return color.NRGBAModel.Convert(img.At(x, y)).(color.NRGBA)
	}
	is := func(want color.NRGBA, p physics.Vec, what string) {
		t.Helper()
		got := at(p)
		for _, d := range []int{int(want.R) - int(got.R), int(want.G) - int(got.G), int(want.B) - int(got.B)} {
			if d < -6 || d > 6 {
				t.Errorf("%s: got %v, want %v", what, got, want)
				return
			}
		}
	}
	d := newDeckDrawing(deck, w, l, opt)
	for i, c := range deck.Cards {
		o := origins[i]
		switch c.ID {
		case "hard-turn-left", "bank-left", "straight":
			// Just above the bottom middle, on the top arrow there (the
			// shortest; on the straight card the dashed back arrow).
			a := c.Arrows[0]
			for _, b := range c.Arrows {
				if b.Path.Length() < a.Path.Length() {
					a = b
				}
			}
			is(SpeedColor(a.Speed), o.Add(cardPoint(w, a.Path.At(1.2).Pos)), c.ID+" bottom middle")
		case "change-direction":
			is(colorCard, o.Add(physics.V(6, 20)), "empty card")
		}
		// Outside the card, in the gap to the next card in the row.
		if i+1 < len(deck.Cards) && origins[i+1].Y == o.Y {
			gap := physics.V((o.X+d.cards[i].bounds.Hi.X+origins[i+1].X+d.cards[i+1].bounds.Lo.X)/2, o.Y+l/2)
			is(colorBackground, gap, c.ID+": between cards")
		}
	}
	is(colorBackground, physics.V(page.Hi.X-2, 2), "the page's corner")
}

func TestDeckIsDeterministic(t *testing.T) {
	deck, w, l := testDeck(t, "cylon-raider")
	opt := DeckOptions{PixelsPerMM: 1.5}
	var a, b bytes.Buffer
	require.NoError(t, WriteDeckPNG(&a, deck, w, l, opt))
	require.NoError(t, WriteDeckPNG(&b, deck, w, l, opt))
	assert.True(t, bytes.Equal(a.Bytes(), b.Bytes()))
}

func TestDeckColumns(t *testing.T) {
	deck, w, l := testDeck(t, "viper-mk2")
	one := DeckCardOrigins(deck, w, l, DeckOptions{Columns: 1})
	for i := 1; i < len(one); i++ {
		assert.Equal(t, one[0].X, one[i].X)
		assert.Less(t, one[i].Y, one[i-1].Y-l, "each card below the previous one")
	}
	wide := DeckFrame(deck, w, l, DeckOptions{Columns: 100})
	assert.Greater(t, wide.Hi.X, float64(len(deck.Cards))*w, "all cards in one row")
	// An empty deck draws the header only.
	empty := DeckFrame(maneuvers.Deck{Class: "none"}, w, l, DeckOptions{})
	assert.Greater(t, empty.Hi.Y, 0.0)
	var b bytes.Buffer
	require.NoError(t, WriteDeckSVG(&b, maneuvers.Deck{Class: "none"}, w, l, DeckOptions{}))
	assert.Contains(t, b.String(), ">Maneuver deck of none</text>")
}

func TestDeckBadOptions(t *testing.T) {
	deck, w, l := testDeck(t, "viper-mk2")
	var b bytes.Buffer
	for _, tc := range []struct {
		w, l float64
		opt  DeckOptions
	}{
		{w, l, DeckOptions{PixelsPerMM: -1}},
		{w, l, DeckOptions{PixelsPerMM: math.NaN()}},
		{w, l, DeckOptions{PixelsPerMM: math.Inf(1)}},
		{w, l, DeckOptions{Columns: -1}},
		{0, l, DeckOptions{}},
		{w, math.NaN(), DeckOptions{}},
	} {
		assert.Error(t, WriteDeckSVG(&b, deck, tc.w, tc.l, tc.opt), "%+v", tc)
		assert.Error(t, WriteDeckPNG(&b, deck, tc.w, tc.l, tc.opt), "%+v", tc)
	}
	assert.Error(t, WriteDeckPNG(&b, deck, w, l, DeckOptions{PixelsPerMM: 1e3}), "too many pixels")
}
