package assets

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// embeddedText returns an embedded file as text.
func embeddedText(t *testing.T, name string) string {
	t.Helper()
	b, err := embedded.ReadFile(name)
	require.NoError(t, err)
	return string(b)
}

// lineNo is the 1-based line of the first occurrence of s in text.
func lineNo(t *testing.T, text, s string) string {
	t.Helper()
	i := strings.Index(text, s)
	require.GreaterOrEqual(t, i, 0, "%q not in the file", s)
	return strconv.Itoa(strings.Count(text[:i], "\n") + 1)
}

// TestLoadRejectsBrokenData edits the embedded files the way a careless
// change would and checks the problem is reported at its line.
func TestLoadRejectsBrokenData(t *testing.T) {
	comp, ships, counters := embeddedText(t, componentsFile), embeddedText(t, shipsFile), embeddedText(t, countersFile)
	tests := []struct {
		name      string
		file      string
		old, new  string
		wantAt    string // text on the line the problem is reported at, in the edited file
		wantField string
		wantMsg   string
	}{
		{
			name: "damage counters do not add up", file: countersFile,
			old: "{value: 1, count: 5,", new: "{value: 1, count: 4,",
			wantAt: "damage_counters:", wantField: "damage_counters",
			wantMsg: "the kinds add up to 39 counters; the rulebook's set has 40 (Contents)",
		},
		{
			name: "collision counters do not add up", file: countersFile,
			old: "{value: 3, count: 3,", new: "{value: 3, count: 4,",
			wantAt: "collision_counters:", wantField: "collision_counters",
			wantMsg: "the kinds add up to 17 counters; the rulebook's set has 16 (Contents)",
		},
		{
			name: "collision counter with a symbol", file: countersFile,
			old: "{value: 0, count: 3,", new: "{value: 0, special: hull, count: 3,",
			wantAt: "{value: 0, special: hull", wantField: "collision_counters[0].special",
			wantMsg: "unknown field; allowed: value, count, source, section, note",
		},
		{
			name: "counter kind listed twice", file: countersFile,
			old: "{value: 2, count: 6,", new: "{value: 1, count: 6,",
			wantAt: "{value: 1, count: 6,", wantField: "damage_counters[5]",
			wantMsg: "counter 1 listed twice (first at line",
		},
		{
			name: "measured source in shipped data", file: componentsFile,
			old: "    source: rulebook\n    section: \"Tailing\"", new: "    source: measured\n    section: \"Tailing\"",
			wantAt: "source: measured", wantField: "geometry.tailing_distance.source",
			wantMsg: `unknown source "measured"; allowed: rulebook, proposal`,
		},
		{
			name: "value without a section", file: componentsFile,
			old: "    section: \"Tailing\"\n", new: "",
			wantAt: "tailing_distance:", wantField: "geometry.tailing_distance.section",
			wantMsg: "missing; required",
		},
		{
			name: "short form in shipped data", file: componentsFile,
			old: "  card_length:\n    value: 110\n    unit: mm\n    source: proposal\n", new: "  card_length: 110\n  card_lengthx:\n",
			wantAt: "card_length: 110", wantField: "geometry.card_length",
			wantMsg: "must be a mapping with fields value, unit, source, section, note; got 110",
		},
		{
			name: "range bands out of order", file: componentsFile,
			old: "    value: 200\n", new: "    value: 90\n",
			wantAt: "medium_range:", wantField: "geometry.medium_range",
			wantMsg: "must be greater than geometry.short_range (100 mm); got 90 mm",
		},
		{
			name: "class listed twice", file: shipsFile,
			old: "- id: viper-mk7", new: "- id: raptor",
			wantAt: "- id: raptor\n    name: \"Viper", wantField: "classes[4].id",
			wantMsg: "class raptor given twice; first at line",
		},
		{
			name: "class without structure", file: shipsFile,
			old: "    structure:\n      value: 22\n", new: "    hull:\n      value: 22\n",
			wantAt: "hull:", wantField: "classes.heavy-raider.hull",
			wantMsg: "unknown field; allowed: id, name, attack, structure, acceleration, ftl, base_across_flats",
		},
		{
			name: "FTL total missing", file: componentsFile,
			old: "rolls: [2]", new: "rolls: [13]",
			wantAt: "rolls: [13]", wantField: "geometry.ftl_sides[3].rolls[0]",
			wantMsg: "must be a whole number from 2 to 12; got 13",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{componentsFile: comp, shipsFile: ships, countersFile: counters}
			require.Contains(t, files[tt.file], tt.old)
			edited := strings.Replace(files[tt.file], tt.old, tt.new, 1)
			files[tt.file] = edited
			c, err := loadFiles([]byte(files[componentsFile]), []byte(files[shipsFile]), []byte(files[countersFile]))
			require.Error(t, err)
			assert.Nil(t, c)
			prefix := tt.file + ":" + lineNo(t, edited, tt.wantAt) + ": " + tt.wantField + ": " + tt.wantMsg
			found := false
			for _, l := range strings.Split(err.Error(), "\n") {
				found = found || strings.HasPrefix(l, prefix)
			}
			assert.True(t, found, "got:\n%s\nwant a line:\n%s...", err, prefix)
		})
	}
}

func TestLoadReportsEveryFile(t *testing.T) {
	_, err := loadFiles([]byte("geometry: {}\n"), []byte(""), []byte("pilot_tokens: []\nextra: 1\n"))
	require.Error(t, err)
	var list ErrorList
	require.ErrorAs(t, err, &list)
	files := map[string]bool{}
	for _, e := range list {
		files[e.File] = true
	}
	assert.Equal(t, map[string]bool{componentsFile: true, shipsFile: true, countersFile: true}, files)
	assert.Contains(t, err.Error(), "ships.yaml: empty; required: classes")
	assert.Contains(t, err.Error(), "counters.yaml:2: extra: unknown field; allowed: damage_counters, collision_counters, pilot_tokens")
	assert.Contains(t, err.Error(), "components.yaml:1: geometry.base_across_flats: missing; required")
}

func TestFieldErrorFormat(t *testing.T) {
	tests := []struct {
		e    FieldError
		want string
	}{
		{FieldError{File: "a.yaml", Line: 3, Field: "geometry.x", Msg: "unknown field"}, "a.yaml:3: geometry.x: unknown field"},
		{FieldError{File: "a.yaml", Field: "geometry.x", Msg: "m"}, "a.yaml: geometry.x: m"},
		{FieldError{File: "a.yaml", Line: 1, Msg: "m"}, "a.yaml:1: m"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, tt.e.Error())
	}
	list := ErrorList{&tests[0].e, &tests[2].e}
	assert.Equal(t, "a.yaml:3: geometry.x: unknown field\na.yaml:1: m", list.Error())
}
