package main

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/scenarios"
)

func TestScenarioListAndShowGolden(t *testing.T) {
	for _, tt := range []struct {
		golden string
		args   []string
	}{
		{"scenario-list.txt", []string{"scenario", "list"}},
		{"scenario-show-hand-of-god.txt", []string{"scenario", "show", "hand-of-god"}},
		{"scenario-show-jump-point.txt", []string{"scenario", "show", "jump-point"}},
	} {
		t.Run(tt.golden, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			require.Equal(t, 0, code, errOut)
			golden(t, tt.golden, out)
		})
	}
}

func TestScenarioListJSON(t *testing.T) {
	code, out, errOut := runCLI(t, "", "scenario", "list", "-json")
	require.Equal(t, 0, code, errOut)
	var list []scenarioListEntry
	require.NoError(t, json.Unmarshal([]byte(out), &list))
	require.Len(t, list, len(scenarios.Names()))
	defaults := 0
	for _, e := range list {
		assert.NotEmpty(t, e.Name)
		assert.Positive(t, e.Ships)
		if e.Default {
			defaults++
			assert.Equal(t, scenarios.Default, e.ID)
		}
	}
	assert.Equal(t, 1, defaults)
}

func TestScenarioShowJSONAndFiles(t *testing.T) {
	code, out, errOut := runCLI(t, "", "scenario", "show", "-json", "escort")
	require.Equal(t, 0, code, errOut)
	var sc scenarios.Scenario
	require.NoError(t, json.Unmarshal([]byte(out), &sc))
	assert.Equal(t, "escort", sc.ID)
	require.NotEmpty(t, sc.Ships)
	assert.Equal(t, 450.0, sc.Ships[0].Start.X)

	// A file, flags after the argument, and stdin.
	code, out, errOut = runCLI(t, "", "scenario", "show", "../../scenarios/builtin/furball.yaml", "-json")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, `"furball"`)
	code, out, errOut = runCLI(t, string(scenarios.Template()), "scenario", "show", "-")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "My Scenario")

	code, _, errOut = runCLI(t, "", "scenario", "show", "no-such-thing")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "neither a built-in scenario")
	code, _, _ = runCLI(t, "", "scenario", "show")
	assert.Equal(t, 2, code)
}

func TestScenarioValidate(t *testing.T) {
	good := "../../scenarios/builtin/anchorage.yaml"
	bad := "../../scenarios/testdata/broken/overlapping-ships.yaml"
	code, out, errOut := runCLI(t, "", "scenario", "validate", good)
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, good+": ok (Strike at the Anchorage: 6 ships, Complete Rules with tailing, pilots)\n", out)

	code, out, errOut = runCLI(t, "", "scenario", "validate", good, bad)
	assert.Equal(t, 1, code)
	assert.Contains(t, out, good+": ok")
	assert.Contains(t, out, bad+":9: ships[2]: overlapping deployments")
	assert.Contains(t, errOut, "not every file is valid")

	code, out, _ = runCLI(t, "", "scenario", "validate", "-json", good, bad)
	assert.Equal(t, 1, code)
	var vs []validation
	require.NoError(t, json.Unmarshal([]byte(out), &vs))
	require.Len(t, vs, 2)
	assert.True(t, vs[0].OK)
	assert.Empty(t, vs[0].Problems)
	assert.False(t, vs[1].OK)
	require.Len(t, vs[1].Problems, 1)
	assert.Equal(t, problemOutput{Line: 9, Field: "ships[2]", Message: vs[1].Problems[0].Message}, vs[1].Problems[0])

	code, _, _ = runCLI(t, "", "scenario", "validate")
	assert.Equal(t, 2, code)
	code, _, _ = runCLI(t, "", "scenario", "validate", "/no/such/file.yaml")
	assert.Equal(t, 1, code)
}

func TestScenarioNewValidates(t *testing.T) {
	code, out, errOut := runCLI(t, "", "scenario", "new")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, string(scenarios.Template()), out)
	code, vout, errOut := runCLI(t, out, "scenario", "validate", "-")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, vout, "<stdin>: ok")

	file := filepath.Join(t.TempDir(), "mine.yaml")
	code, _, errOut = runCLI(t, "", "scenario", "new", "-o", file)
	require.Equal(t, 0, code, errOut)
	code, _, errOut = runCLI(t, "", "scenario", "new", "-o", file)
	assert.Equal(t, 1, code)
	assert.Contains(t, errOut, "-force")
	code, _, errOut = runCLI(t, "", "scenario", "new", "-o", file, "-force")
	assert.Equal(t, 0, code, errOut)
	code, _, errOut = runCLI(t, "", "scenario", "validate", file)
	assert.Equal(t, 0, code, errOut)
}

func TestScenarioSheet(t *testing.T) {
	dir := t.TempDir()
	pdf, pngFile := filepath.Join(dir, "s.pdf"), filepath.Join(dir, "s.png")
	code, _, errOut := runCLI(t, "", "scenario", "sheet", "asteroid-ambush", "-pdf", pdf, "-png", pngFile, "-ppm", "2")
	require.Equal(t, 0, code, errOut)
	data, err := os.ReadFile(pdf)
	require.NoError(t, err)
	assert.True(t, bytes.HasPrefix(data, []byte("%PDF-")))
	f, err := os.Open(pngFile)
	require.NoError(t, err)
	defer f.Close()
	img, err := png.Decode(f)
	require.NoError(t, err)
	assert.Equal(t, 420, img.Bounds().Dx())

	code, out, errOut := runCLI(t, "", "scenario", "sheet", "-pdf", "-", "hand-of-god")
	require.Equal(t, 0, code, errOut)
	assert.True(t, strings.HasPrefix(out, "%PDF-"))

	for _, args := range [][]string{
		{"scenario", "sheet", "hand-of-god"},
		{"scenario", "sheet", "-pdf", "x.pdf"},
		{"scenario", "sheet", "hand-of-god", "-png", "x.png", "-ppm", "0"},
		{"scenario", "sheet", "hand-of-god", "-pdf", "-", "-png", "-"},
	} {
		code, _, _ := runCLI(t, "", args...)
		assert.Equal(t, 2, code, "%q", args)
	}
}

func TestScenarioUsage(t *testing.T) {
	code, _, errOut := runCLI(t, "", "scenario")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "subcommands:")
	code, _, errOut = runCLI(t, "", "scenario", "fly")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, `unknown subcommand "fly"`)
	code, _, _ = runCLI(t, "", "scenario", "-h")
	assert.Equal(t, 0, code)
	code, out, _ := runCLI(t, "", "scenario", "schema")
	assert.Equal(t, 0, code)
	var schema map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &schema))
	assert.Equal(t, "https://json-schema.org/draft/2020-12/schema", schema["$schema"])
	_, _, errOut = runCLI(t, "")
	assert.Contains(t, errOut, "scenario")
}
