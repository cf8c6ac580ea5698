package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

var update = flag.Bool("update", false, "rewrite the golden files")

const example = "../../testdata/tables/example.yaml"

func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err, "run go test ./cmd/bsg -update to create %s", path)
	assert.Equal(t, string(want), got)
}

func TestMeasureGolden(t *testing.T) {
	tests := []struct {
		golden string
		args   []string
	}{
		{"measure.txt", []string{"measure", example}},
		{"measure.json", []string{"measure", "-json", example}},
		{"measure-pair.txt", []string{"measure", "-pair", "viper-1,raider-1", example}},
		{"measure-pair.json", []string{"measure", "-json", "-pair", "raider-3,viper-1", example}},
	}
	for _, tt := range tests {
		t.Run(tt.golden, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			require.Equal(t, 0, code, errOut)
			golden(t, tt.golden, out)
		})
	}
}

// TestMeasureJSONFollowsTheFormat checks the document's shape field by
// field against MEASURE-FORMAT.md.
func TestMeasureJSONFollowsTheFormat(t *testing.T) {
	code, out, _ := runCLI(t, "", "measure", "-json", example)
	require.Equal(t, 0, code)
	var doc struct {
		Ships []map[string]any `json:"ships"`
		Pairs []map[string]any `json:"pairs"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	require.Len(t, doc.Ships, 5)
	require.Len(t, doc.Pairs, 20, "every ordered pair")
	for _, s := range doc.Ships {
		assert.ElementsMatch(t, []string{"id", "base", "facing", "half_arc"}, keys(s))
		assert.Len(t, s["base"], 6)
	}
	fields := []string{"attacker", "target", "can_fire", "reason", "range_mm", "band", "margin_mm", "witness", "blocked_by", "cover", "cover_modifier", "range_modifier", "tailing", "margins"}
	reasons, beyondReach := map[string]bool{}, map[string]bool{}
	for i, p := range doc.Pairs {
		assert.ElementsMatch(t, fields, keys(p))
		reason := p["reason"].(string)
		reasons[reason] = true
		assert.Equal(t, reason == "", p["can_fire"])
		measured := p["range_mm"] != nil
		assert.Equal(t, measured, p["band"] != nil)
		assert.Equal(t, measured, p["margin_mm"] != nil)
		assert.Equal(t, measured, p["witness"] != nil)
		if reason == "out-of-range" {
			assert.True(t, measured, "out of range still has a range")
		}
		assert.NotNil(t, p["blocked_by"], "a list, never null")
		assert.NotNil(t, p["cover"])
		// Step 8: four margins, each null or {mm, move[, by]}; the range's
		// is margin_mm; out of arc there is no line-of-sight margin;
		// beyond_reach names the null ones that no move within 50 mm
		// decides (only the line of sight and tailing).
		margins := p["margins"].(map[string]any)
		assert.ElementsMatch(t, []string{"range", "arc", "los", "tailing", "beyond_reach"}, keys(margins))
		reach := margins["beyond_reach"].([]any)
		for _, name := range reach {
			assert.Contains(t, []any{"los", "tailing"}, name)
			assert.Nil(t, margins[name.(string)], "%s is beyond reach: null", name)
			beyondReach[name.(string)] = true
		}
		for name, m := range margins {
			if m == nil || name == "beyond_reach" {
				continue
			}
			mm := m.(map[string]any)
			assert.GreaterOrEqual(t, mm["mm"].(float64), 0.0, name)
			assert.Len(t, mm["move"], 2, name)
		}
		assert.Equal(t, p["margin_mm"] == nil, margins["range"] == nil)
		if margins["range"] != nil {
			assert.Equal(t, p["margin_mm"], margins["range"].(map[string]any)["mm"])
		}
		if reason == "out-of-arc" {
			assert.Nil(t, margins["los"])
			assert.NotNil(t, margins["arc"])
		}
		// Attacker by attacker, in file order.
		assert.Equal(t, doc.Ships[i/4]["id"], p["attacker"])
	}
	for _, r := range []string{"", "out-of-arc", "blocked", "out-of-range"} {
		assert.True(t, reasons[r], "the example shows reason %q", r)
	}
	assert.True(t, beyondReach["los"] && beyondReach["tailing"], "the example has margins beyond reach: %v", beyondReach)
}

func keys(m map[string]any) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	return k
}

func TestMeasureReadsStdin(t *testing.T) {
	data, err := os.ReadFile(example)
	require.NoError(t, err)
	code, fromStdin, _ := runCLI(t, string(data), "measure", "-")
	require.Equal(t, 0, code)
	_, fromFile, _ := runCLI(t, "", "measure", example)
	assert.Equal(t, fromFile, fromStdin)
}

func TestExitStatus(t *testing.T) {
	tests := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stderr string
	}{
		{"no command", nil, "", 2, "usage: bsg"},
		{"unknown command", []string{"fly"}, "", 2, `unknown command "fly"`},
		{"no table", []string{"measure"}, "", 2, "expected one table file"},
		{"bad flag", []string{"measure", "-colour", example}, "", 2, "flag provided but not defined"},
		{"unknown pair", []string{"measure", "-pair", "viper-1,basestar", example}, "", 2, `no ship "basestar"`},
		{"missing file", []string{"measure", "nowhere.yaml"}, "", 1, "nowhere.yaml"},
		{"bad table", []string{"measure", "-"}, "ships:\n  - {id: a, class: x, x: 0, y: 0, heading: 0}\n", 1, `<stdin>:2: ships[0].class: unknown class "x"`},
		{"help", []string{"measure", "-h"}, "", 0, "usage: bsg measure"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, tt.stdin, tt.args...)
			assert.Equal(t, tt.code, code)
			assert.Contains(t, errOut, tt.stderr)
			if code != 0 {
				assert.Empty(t, out, "nothing on stdout on failure")
			}
		})
	}
}

func TestComponentsSheet(t *testing.T) {
	code, out, errOut := runCLI(t, "", "components")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "rulebook")
	assert.Contains(t, out, "proposal")
	override := filepath.Join(t.TempDir(), "mine.yaml")
	require.NoError(t, os.WriteFile(override, []byte("geometry:\n  base_across_flats: 44.5\n"), 0o644))
	code, out, errOut = runCLI(t, "", "components", "-components", override)
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "44.5")
	assert.Contains(t, out, "measured")
}

func TestMeasureWithOwnComponents(t *testing.T) {
	// Bigger bases bring the target nearer: the range shrinks by the
	// difference of half the across-flats sizes.
	override := filepath.Join(t.TempDir(), "mine.yaml")
	require.NoError(t, os.WriteFile(override, []byte("geometry:\n  base_across_flats: 55\n"), 0o644))
	table := "ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 90}\n  - {id: b, class: cylon-raider, x: 0, y: 150, heading: 90}\n"
	_, plain, _ := runCLI(t, table, "measure", "-json", "-pair", "a,b", "-")
	_, own, _ := runCLI(t, table, "measure", "-json", "-components", override, "-pair", "a,b", "-")
	var p1, p2 struct {
		Pairs []struct {
			RangeMM float64 `json:"range_mm"`
		}
	}
	require.NoError(t, json.Unmarshal([]byte(plain), &p1))
	require.NoError(t, json.Unmarshal([]byte(own), &p2))
	assert.InDelta(t, 127.5, p1.Pairs[0].RangeMM, 1e-9)
	assert.InDelta(t, 122.5, p2.Pairs[0].RangeMM, 1e-9)
}

func TestMeasureDrawsPictures(t *testing.T) {
	dir := t.TempDir()
	pngFile, svgFile := filepath.Join(dir, "r.png"), filepath.Join(dir, "r.svg")
	code, _, errOut := runCLI(t, "", "measure", "-png", pngFile, "-svg", svgFile, "-pair", "raider-3,viper-1", example)
	require.Equal(t, 0, code, errOut)
	f, err := os.Open(pngFile)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Greater(t, img.Bounds().Dx(), 900, "the 900 mm table at 1 px/mm, with margins")
	svg, err := os.ReadFile(svgFile)
	require.NoError(t, err)
	assert.Contains(t, string(svg), "<svg")
	assert.Contains(t, string(svg), "blocked by viper-2, rock")
}
