package assets_test

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
)

var update = flag.Bool("update", false, "rewrite testdata/sheet.golden from the current output")

func TestWriteSheetGolden(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, assets.Default().WriteSheet(&buf))
	golden := filepath.Join("testdata", "sheet.golden")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(golden, buf.Bytes(), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "run go test ./assets -run TestWriteSheetGolden -update to create it")
	assert.Equal(t, string(want), buf.String())
}

func TestWriteSheetShowsEveryGroupAndValue(t *testing.T) {
	var buf bytes.Buffer
	require.NoError(t, assets.Default().WriteSheet(&buf))
	out := buf.String()
	for _, heading := range []string{
		"Geometry", "Ship classes", "Maneuver decks", "Maneuver deck: viper-mk2 (Viper Mk. II)",
		"Maneuver deck: cylon-raider (Cylon Raider)", "Maneuver deck: raptor (Raptor)",
		"Maneuver deck: heavy-raider (Heavy Raider)", "Maneuver deck: viper-mk7 (Viper Mk. VII)",
		"Damage counters", "Collision counters", "Pilot tokens", "Talents and flaws",
	} {
		assert.Contains(t, out, "\n"+heading+"\n", heading)
	}
	for _, line := range []string{
		"short_range              100    mm    rulebook  Determining range",
		"long_range               240    mm    rulebook  Talents and measuring",
		"base_across_flats        45     mm    proposal",
		"40 in all (rulebook: Contents); values 1 x10, 2 x10, 3 x9, 4 x7, 5 x4; \"+\" x6; symbols engine x3, control x3, pilot x3, hull x3",
		"16 in all (rulebook: Contents); values 0 x3, 1 x6, 2 x4, 3 x3",
		"at most 4 (g_limit; rulebook: Planning)",
		"back       -1  rulebook  Kinetic energy",
		"bank-left             Bank left             1  turn                 low 40 mm 30° L (KE 1)",
		"                                                                    high 100 mm 30° L (KE 3)",
		"hard-turn-right       Hard turn right       3  turn, difficult      low 40 mm 90° R (KE 1)",
		"slide-right           Slide right           1                       low 40 mm slide 20 mm R (KE 1)",
		"overboost-straight    Overboost straight    0  overboost, straight  overboost 50 mm (KE 3)",
		"                                                                    G 0                                rulebook  Fuel",
		"change-direction      Change direction      1  change-direction     none",
		"reversal-right        Reversal right        3  turn, difficult      low 40 mm 120° R (KE 1)",
	} {
		assert.Contains(t, out, line)
	}
	for _, l := range strings.Split(out, "\n") {
		assert.Equal(t, strings.TrimRight(l, " "), l, "no trailing spaces")
	}
}

func TestWriteSheetShowsOverrides(t *testing.T) {
	c := assets.Default()
	require.NoError(t, c.Override("my set.yaml", []byte("geometry:\n  base_across_flats: {value: 44.5, note: \"two\\nlines\"}\nclasses: {raptor: {base_across_flats: 50}}\n")))
	var buf bytes.Buffer
	require.NoError(t, c.WriteSheet(&buf))
	out := buf.String()
	assert.Contains(t, out, "Data: components.yaml, ships.yaml, counters.yaml, decks.yaml, talents.yaml, pilots.yaml, my set.yaml\n")
	assert.Regexp(t, `\nbase_across_flats +44\.5 +mm +measured +my set\.yaml +two lines\n`, out)
	assert.Regexp(t, `\n +base_across_flats +50 +mm +measured +my set\.yaml\n`, out)
}

type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestWriteSheetReportsWriteErrors(t *testing.T) {
	assert.EqualError(t, assets.Default().WriteSheet(failingWriter{}), "disk full")
}

func TestWriteSheetShowsValuesWithTheirOwnProvenance(t *testing.T) {
	c := assets.Default()
	bank := &c.Decks[0].Cards[1]
	bank.G = assets.IntValue{Value: 2, Source: assets.SourceMeasured, Section: "my deck.yaml"}
	bank.Arrows[0].Length.Source, bank.Arrows[0].Length.Section = assets.SourceMeasured, "my deck.yaml"
	var buf bytes.Buffer
	require.NoError(t, c.WriteSheet(&buf))
	out := buf.String()
	assert.Regexp(t, `\nbank-left +Bank left +2 +turn +low 40 mm 30° L \(KE 1\) +proposal +COMPONENTS\.md`, out)
	assert.Regexp(t, `\n +G 2 +measured +my deck\.yaml\n`, out)
	assert.Regexp(t, `\n +low length 40 mm +measured +my deck\.yaml\n`, out)
	assert.NotRegexp(t, `\n +low turn`, out, "values with their card's provenance get no row of their own")
}
