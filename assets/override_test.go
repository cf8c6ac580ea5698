package assets_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/limits"
)

func TestOverrideValid(t *testing.T) {
	measured := func(v float64) assets.Value {
		return assets.Value{Value: v, Unit: assets.UnitMM, Source: assets.SourceMeasured, Section: "my.yaml"}
	}
	tests := []struct {
		name  string
		file  string
		check func(t *testing.T, c *assets.Components)
	}{
		{
			name: "short form",
			file: "geometry: {base_across_flats: 44.5}\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, measured(44.5), c.Geometry.BaseAcrossFlats)
				assert.Equal(t, 44.5, c.BaseAcrossFlats("viper-mk2"), "classes follow the geometry value")
			},
		},
		{
			name: "mapping with a note",
			file: "geometry:\n  base_across_flats: {value: 44.5, note: \"my bases\"}\n",
			check: func(t *testing.T, c *assets.Components) {
				want := measured(44.5)
				want.Note = "my bases"
				assert.Equal(t, want, c.Geometry.BaseAcrossFlats)
			},
		},
		{
			name: "full mapping keeps the given source",
			file: "geometry:\n  level_height:\n    value: 80\n    unit: mm\n    source: proposal\n    section: \"our club's stands\"\n    note: n\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, assets.Value{Value: 80, Unit: "mm", Source: assets.SourceProposal, Section: "our club's stands", Note: "n"}, c.Geometry.LevelHeight)
			},
		},
		{
			name: "rulebook source with a section",
			file: "geometry: {long_range: {value: 250, source: rulebook, section: Determining range}}\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, assets.SourceRulebook, c.Geometry.LongRange.Source)
				assert.Equal(t, "Determining range", c.Geometry.LongRange.Section)
			},
		},
		{
			name: "class base",
			file: "classes: {viper-mk2: {base_across_flats: 44}}\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, 44.0, c.BaseAcrossFlats("viper-mk2"))
				assert.Equal(t, 45.0, c.BaseAcrossFlats("cylon-raider"))
				cl, _ := c.Class("viper-mk2")
				require.NotNil(t, cl.BaseAcrossFlats)
				assert.Equal(t, measured(44), *cl.BaseAcrossFlats)
			},
		},
		{
			name: "class values, short and long forms",
			file: "classes:\n  raptor:\n    attack: 5\n    ftl: false\n    structure: {value: 20, note: house rule}\n",
			check: func(t *testing.T, c *assets.Components) {
				cl, _ := c.Class("raptor")
				assert.Equal(t, assets.IntValue{Value: 5, Source: assets.SourceMeasured, Section: "my.yaml"}, cl.Attack)
				assert.Equal(t, assets.BoolValue{Value: false, Source: assets.SourceMeasured, Section: "my.yaml"}, cl.FTL)
				assert.Equal(t, assets.IntValue{Value: 20, Source: assets.SourceMeasured, Section: "my.yaml", Note: "house rule"}, cl.Structure)
				assert.Equal(t, 2, cl.Acceleration.Value, "untouched")
			},
		},
		{
			name: "whole numbers",
			file: "geometry: {starting_fuel: 40, g_limit: {value: 3}}\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, 40, c.Geometry.StartingFuel.Value)
				assert.Equal(t, 3, c.Geometry.GLimit.Value)
				assert.Equal(t, assets.SourceMeasured, c.Geometry.GLimit.Source)
			},
		},
		{
			name: "ranges moved together",
			file: "geometry: {short_range: 110, medium_range: 210, long_range: 250}\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, 110.0, c.Geometry.ShortRange.Value)
				assert.Equal(t, 250.0, c.Geometry.LongRange.Value)
			},
		},
		{
			name: "anchors and aliases",
			file: "geometry: {table_width: &w 1200, table_depth: *w}\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, measured(1200), c.Geometry.TableWidth)
				assert.Equal(t, measured(1200), c.Geometry.TableDepth)
			},
		},
		{
			name: "explicit unit",
			file: "geometry: {card_width: {value: 63, unit: mm}}\n",
			check: func(t *testing.T, c *assets.Components) {
				assert.Equal(t, measured(63), c.Geometry.CardWidth)
			},
		},
		{
			name:  "empty file",
			file:  "",
			check: func(t *testing.T, c *assets.Components) {},
		},
		{
			name:  "comments only",
			file:  "# nothing measured yet\n",
			check: func(t *testing.T, c *assets.Components) {},
		},
		{
			name:  "empty sections",
			file:  "geometry:\nclasses: {}\n",
			check: func(t *testing.T, c *assets.Components) {},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := assets.Default()
			require.NoError(t, c.Override("my.yaml", []byte(tt.file)))
			assert.Equal(t, "my.yaml", c.Sources[len(c.Sources)-1])
			tt.check(t, c)
		})
	}
}

func TestOverrideFTLSides(t *testing.T) {
	c := assets.Default()
	require.NoError(t, c.Override("ftl.yaml", []byte(`geometry:
  ftl_sides:
    - {side: front, rolls: [7]}
    - {side: front-right, rolls: [8, 9]}
    - {side: rear-right, rolls: [10, 11, 12]}
    - {side: rear, rolls: [2]}
    - {side: rear-left, rolls: [3, 4]}
    - {side: front-left, rolls: [5, 6]}
`)))
	s, ok := c.Geometry.FTLSideFor(12)
	require.True(t, ok)
	assert.Equal(t, assets.FTLSide{Side: "rear-right", Rolls: []int{10, 11, 12}, Source: assets.SourceMeasured, Section: "ftl.yaml"}, s)
}

func TestOverrideErrors(t *testing.T) {
	geometryKeys := "base_across_flats, fire_arc_half_width, short_range, medium_range, long_range, tailing_distance, " +
		"level_height, dial_notch, drift_short, drift_long, card_width, card_length, planetoid_radius, table_width, " +
		"table_depth, ftl_marker_across_flats, g_limit, starting_fuel, ftl_fuel_cost, ftl_sides"
	tests := []struct {
		name string
		file string
		want []string
	}{
		{
			name: "unknown field",
			file: "geometry:\n  base_across_flats: 44\n  base_across_flatz: 44\n",
			want: []string{"my.yaml:3: geometry.base_across_flatz: unknown field; allowed: " + geometryKeys},
		},
		{
			name: "unknown top-level field",
			file: "# my set\ndamage_counters: []\n",
			want: []string{"my.yaml:2: damage_counters: unknown field; allowed: geometry, classes"},
		},
		{
			name: "negative length",
			file: "geometry:\n  short_range: -5\n",
			want: []string{"my.yaml:2: geometry.short_range: -5 mm is out of range; allowed: more than 0, at most 100000 mm"},
		},
		{
			name: "zero length in a mapping",
			file: "geometry:\n  tailing_distance:\n    note: worn ruler\n    value: 0\n",
			want: []string{"my.yaml:4: geometry.tailing_distance.value: 0 mm is out of range; allowed: more than 0, at most 100000 mm"},
		},
		{
			name: "text for a number",
			file: "geometry:\n  drift_long: ninety\n",
			want: []string{`my.yaml:2: geometry.drift_long: must be a number more than 0, at most 100000 mm; got "ninety"`},
		},
		{
			name: "not a number at all",
			file: "geometry: {base_across_flats: .nan, fire_arc_half_width: 200}\n",
			want: []string{
				"my.yaml:1: geometry.base_across_flats: must be a number more than 0, at most 100000 mm; got .nan",
				"my.yaml:1: geometry.fire_arc_half_width: 200 deg is out of range; allowed: more than 0, at most 180 deg",
			},
		},
		{
			name: "unknown class",
			file: "classes:\n  viper-mk2: {attack: 5}\n  viper-mk3: {attack: 5}\n",
			want: []string{"my.yaml:3: classes.viper-mk3: unknown class; allowed: viper-mk2, cylon-raider, raptor, heavy-raider, viper-mk7"},
		},
		{
			name: "bad class values",
			file: "classes:\n  viper-mk2:\n    name: Apollo's\n    attack: 5.5\n    ftl: yes\n    base_across_flats: 0\n",
			want: []string{
				"my.yaml:3: classes.viper-mk2.name: unknown field; allowed: attack, structure, acceleration, ftl, base_across_flats",
				"my.yaml:4: classes.viper-mk2.attack: must be a whole number from 1 to 20; got 5.5",
				`my.yaml:5: classes.viper-mk2.ftl: must be true or false; got "yes"`,
				"my.yaml:6: classes.viper-mk2.base_across_flats: 0 mm is out of range; allowed: more than 0, at most 100000 mm",
			},
		},
		{
			name: "unknown source, unit and empty section",
			file: "geometry:\n  base_across_flats:\n    value: 44\n    unit: cm\n    source: guessed\n    section: \"\"\n",
			want: []string{
				`my.yaml:4: geometry.base_across_flats.unit: "cm" is not allowed; allowed: mm`,
				`my.yaml:5: geometry.base_across_flats.source: "guessed" is not allowed; allowed: rulebook, proposal, measured`,
				"my.yaml:6: geometry.base_across_flats.section: must not be empty; name the rulebook section or the reason for the value",
			},
		},
		{
			name: "rulebook value without its section",
			file: "geometry:\n  long_range: {value: 250, source: rulebook}\n",
			want: []string{"my.yaml:2: geometry.long_range.section: missing; required when source is rulebook"},
		},
		{
			name: "mapping without a value",
			file: "geometry:\n\n  base_across_flats: {note: x}\n",
			want: []string{"my.yaml:3: geometry.base_across_flats.value: missing; required"},
		},
		{
			name: "repeated field",
			file: "geometry:\n  card_width: 60\n  card_width: 61\n",
			want: []string{"my.yaml:3: geometry.card_width: given twice; first at line 2"},
		},
		{
			name: "range bands out of order",
			file: "geometry:\n  medium_range: 90\n",
			want: []string{"my.yaml:2: geometry.medium_range: must be greater than geometry.short_range (100 mm); got 90 mm"},
		},
		{
			name: "short range past medium",
			file: "geometry:\n  drift_short: 40\n  short_range: 250\n",
			want: []string{"my.yaml:3: geometry.short_range: must be less than geometry.medium_range (200 mm); got 250 mm"},
		},
		{
			name: "card too short for the arrows",
			file: "geometry:\n  card_width: 63\n  card_length: 90\n",
			want: []string{"my.yaml:3: geometry.card_length: must be at least 100 mm, the length of the longest arrow (the high arrow of viper-mk2 card straight), so every arrow fits its card; got 90 mm"},
		},
		{
			name: "incomplete FTL table",
			file: "geometry:\n  ftl_sides:\n    - {side: front, rolls: [2, 3]}\n    - {side: front, rolls: [3, 13]}\n",
			want: []string{
				"my.yaml:4: geometry.ftl_sides[1].side: side front given twice; first at line 3",
				"my.yaml:4: geometry.ftl_sides[1].rolls[0]: 2d6 total 3 given twice; first at line 3",
				"my.yaml:4: geometry.ftl_sides[1].rolls[1]: 13 is out of range; allowed: 2 to 12",
			},
		},
		{
			name: "FTL table missing totals",
			file: "geometry:\n  ftl_sides:\n    - {side: front, rolls: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]}\n    - {side: front-right, rolls: [12]}\n",
			want: []string{
				"my.yaml:2: geometry.ftl_sides: no entry for side rear-right, rear, rear-left, front-left; the table must give all six",
			},
		},
		{
			name: "not a mapping",
			file: "- geometry\n",
			want: []string{"my.yaml:1: must be a mapping with the fields geometry, classes; got a list"},
		},
		{
			name: "classes as a list",
			file: "classes:\n  - viper-mk2\n",
			want: []string{"my.yaml:2: classes: must be a mapping from class id to the values to change"},
		},
		{
			name: "syntax error",
			file: "geometry:\n  card_width: 60\n  card_length: @60\n",
			want: []string{"my.yaml:3: not valid YAML: found character that cannot start any token"},
		},
		{
			name: "two documents",
			file: "geometry: {}\n---\ngeometry: {}\n",
			want: []string{"my.yaml:2: a second YAML document; allowed: one document per file"},
		},
		{
			name: "every problem at once",
			file: "geometry:\n  base_across_flatz: 44\n  short_range: -1\n  g_limit: 0\nclasses:\n  raptor: {attack: 0}\n  viper: {}\nscenario: x\n",
			want: []string{
				"my.yaml:2: geometry.base_across_flatz: unknown field",
				"my.yaml:3: geometry.short_range: -1 mm is out of range",
				"my.yaml:4: geometry.g_limit: 0 is out of range; allowed: 1 to 99",
				"my.yaml:6: classes.raptor.attack: 0 is out of range; allowed: 1 to 20",
				"my.yaml:7: classes.viper: unknown class",
				"my.yaml:8: scenario: unknown field; allowed: geometry, classes",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := assets.Default()
			err := c.Override("my.yaml", []byte(tt.file))
			require.Error(t, err)
			lines := strings.Split(err.Error(), "\n")
			require.Len(t, lines, len(tt.want), err.Error())
			for i, want := range tt.want {
				assert.True(t, strings.HasPrefix(lines[i], want), "line %d:\n got: %s\nwant: %s...", i, lines[i], want)
			}
			assert.Equal(t, assets.Default(), c, "a failed override changes nothing")

			var list assets.ErrorList
			require.ErrorAs(t, err, &list)
			assert.Len(t, list, len(tt.want))
			var fe assets.FieldError
			require.True(t, errors.As(err, &fe))
			assert.Equal(t, "my.yaml", fe.File)
		})
	}
}

func TestOverrideTwice(t *testing.T) {
	c := assets.Default()
	require.NoError(t, c.Override("a.yaml", []byte("geometry: {short_range: 150}\n")))
	// The conflict is between a value from a.yaml and one from b.yaml; it
	// is reported where the file being applied set its value.
	err := c.Override("b.yaml", []byte("\ngeometry: {medium_range: 120}\n"))
	require.Error(t, err)
	assert.Equal(t, "b.yaml:2: geometry.medium_range: must be greater than geometry.short_range (150 mm); got 120 mm", err.Error())
	require.NoError(t, c.Override("b.yaml", []byte("geometry: {medium_range: 160}\n")))
	assert.Equal(t, []string{"components.yaml", "ships.yaml", "counters.yaml", "decks.yaml", "talents.yaml", "pilots.yaml", "a.yaml", "b.yaml"}, c.Sources)
}

func TestOverrideWithoutFilename(t *testing.T) {
	c := assets.Default()
	err := c.Override("", []byte("geometry: {x: 1}"))
	require.Error(t, err)
	assert.True(t, strings.HasPrefix(err.Error(), "<override>:1: geometry.x: unknown field"), err.Error())
}

// A hostile override is refused by the reader every format shares
// (internal/yamlfile, internal/limits): a terminal escape in a note, a
// file beyond limits.FileBytes, and thousands of problems, of which only
// limits.Problems are listed.
func TestOverrideRefusesHostileFiles(t *testing.T) {
	c := assets.Default()
	err := c.Override("esc.yaml", []byte("geometry:\n  short_range: {value: 100, note: \"\\e]0;pwned\\a\"}\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "esc.yaml:2: geometry.short_range.note:")
	assert.Contains(t, err.Error(), "allowed: printable text")
	assert.NotContains(t, err.Error(), "\x1b", "the escape is not printed raw")

	err = c.Override("big.yaml", []byte("# "+strings.Repeat("x", limits.FileBytes)+"\n"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "big.yaml: ")
	assert.Contains(t, err.Error(), fmt.Sprintf("allowed: at most %d", limits.FileBytes))

	var b strings.Builder
	b.WriteString("geometry:\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "  x%d: 1\n", i)
	}
	err = c.Override("many.yaml", []byte(b.String()))
	require.Error(t, err)
	lines := strings.Split(err.Error(), "\n")
	assert.Len(t, lines, limits.Problems+1)
	assert.Equal(t, "many.yaml: and 2950 more problem(s) not listed", lines[len(lines)-1])
	assert.Equal(t, assets.Default(), c, "a failed override changes nothing")
}
