package main

import (
	"encoding/json"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/sketch"
)

func TestCardsExitStatus(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"no class", []string{"cards"}, 2, "expected one ship class, got 0 arguments; classes: viper-mk2, cylon-raider"},
		{"two classes", []string{"cards", "viper-mk2", "cylon-raider"}, 2, "got 2 arguments"},
		{"unknown class", []string{"cards", "basestar"}, 1, `no maneuver deck for class "basestar"; known classes: viper-mk2, cylon-raider, raptor, heavy-raider, viper-mk7`},
		{"bad flag", []string{"cards", "-bogus", "viper-mk2"}, 2, "flag provided but not defined: -bogus"},
		{"bad flag after the class", []string{"cards", "viper-mk2", "-bogus"}, 2, "flag provided but not defined: -bogus"},
		{"zero scale", []string{"cards", "-scale", "0", "viper-mk2"}, 2, "-scale 0: want a positive number"},
		{"no columns", []string{"cards", "-columns", "0", "viper-mk2"}, 2, "-columns 0: want at least 1"},
		{"help", []string{"cards", "-h"}, 0, "usage: bsg cards"},
		{"list", []string{"cards", "viper-mk2"}, 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, errOut := runCLI(t, "", tc.args...)
			assert.Equal(t, tc.code, code, errOut)
			assert.Contains(t, errOut, tc.stderr)
		})
	}
	_, _, errOut := runCLI(t, "")
	assert.Contains(t, errOut, "cards ", "the usage lists the command")
}

func TestCardsDrawsPictures(t *testing.T) {
	dir := t.TempDir()
	pngFile, svgFile := filepath.Join(dir, "deck.png"), filepath.Join(dir, "deck.svg")
	// Flags may follow the class, as in "bsg cards CLASS -png FILE".
	code, out, errOut := runCLI(t, "", "cards", "cylon-raider", "-png", pngFile, "-scale", "2", "-svg", svgFile)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "reversal-left: Reversal left, G 3, turn, difficult\n")
	assert.Contains(t, errOut, "wrote "+pngFile)

	comp, err := assets.Load()
	require.NoError(t, err)
	deck, err := maneuvers.DeckFor(comp, "cylon-raider")
	require.NoError(t, err)
	w, l := comp.Geometry.CardWidth.Value, comp.Geometry.CardLength.Value
	page := sketch.DeckFrame(deck, w, l, sketch.DeckOptions{PixelsPerMM: 2})
	f, err := os.Open(pngFile)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, int(math.Ceil(page.Hi.X*2)), img.Bounds().Dx())
	assert.Equal(t, int(math.Ceil(page.Hi.Y*2)), img.Bounds().Dy())

	svg, err := os.ReadFile(svgFile)
	require.NoError(t, err)
	assert.Contains(t, string(svg), ">Cylon Raider (cylon-raider): maneuver deck</text>")
	assert.Contains(t, string(svg), "to scale: 1 mm = 2 px.")

	code, _, errOut = runCLI(t, "", "cards", "-png", filepath.Join(dir, "no", "such", "dir.png"), "viper-mk2")
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "no such file or directory")
}

func TestCardsJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "", "cards", "-json", "viper-mk2")
	require.Equal(t, 0, code, errOut)
	var doc struct {
		Class        string           `json:"class"`
		CardWidthMM  float64          `json:"card_width_mm"`
		CardLengthMM float64          `json:"card_length_mm"`
		Cards        []map[string]any `json:"cards"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "viper-mk2", doc.Class)
	assert.Equal(t, 70.0, doc.CardWidthMM)
	assert.Equal(t, 110.0, doc.CardLengthMM)
	require.Len(t, doc.Cards, 14)
	arrowsOf := map[string][]map[string]any{}
	for _, c := range doc.Cards {
		assert.ElementsMatch(t, []string{"id", "name", "g", "symbols", "arrows"}, keys(c))
		var arrows []map[string]any
		for _, a := range c["arrows"].([]any) {
			am := a.(map[string]any)
			assert.ElementsMatch(t, []string{"speed", "length_mm", "turn_deg", "sideways_mm", "ke", "end"}, keys(am))
			assert.ElementsMatch(t, []string{"x", "y", "heading"}, keys(am["end"].(map[string]any)))
			arrows = append(arrows, am)
		}
		arrowsOf[c["id"].(string)] = arrows
	}
	end := func(id string, k int) (float64, float64, float64) {
		e := arrowsOf[id][k]["end"].(map[string]any)
		return e["x"].(float64), e["y"].(float64), e["heading"].(float64)
	}
	// A 40 mm arc turning 90° has radius 80/π: its head is that far left and up, pointing left.
	r := math.Round(80/math.Pi*1000) / 1000
	x, y, h := end("hard-turn-left", 0)
	assert.Equal(t, []float64{-r, r, 180}, []float64{x, y, h})
	x, _, h = end("hard-turn-right", 0)
	assert.Equal(t, []float64{r, 0}, []float64{x, h})
	x, _, h = end("slide-left", 0)
	assert.Equal(t, []float64{-20, 90}, []float64{x, h}, "a slide ends 20 mm left, parallel")
	assert.Equal(t, 20.0, arrowsOf["slide-left"][0]["sideways_mm"])
	x, y, h = end("straight", 3)
	assert.Equal(t, []any{"back", -1.0}, []any{arrowsOf["straight"][3]["speed"], arrowsOf["straight"][3]["ke"]})
	assert.Equal(t, []float64{0, 30, 90}, []float64{x, y, h})
	assert.Empty(t, arrowsOf["blank"])
	assert.Equal(t, "overboost", arrowsOf["overboost-bank-left"][0]["speed"])
}

func TestCardsText(t *testing.T) {
	code, out, _ := runCLI(t, "", "cards", "viper-mk2")
	require.Equal(t, 0, code)
	assert.True(t, strings.HasPrefix(out, "Viper Mk. II (viper-mk2): 14 maneuver cards of 70 × 110 mm"))
	assert.Contains(t, out, "hard-turn-left: Hard turn left, G 3, turn, difficult\n  low       40 mm, turn 90°, KE 1: head at (-25.5, 25.5) heading 180°\n")
	assert.Contains(t, out, "  medium    70 mm, slide -25 mm, KE 2: head at (25, 63.6) heading 90°\n")
}
