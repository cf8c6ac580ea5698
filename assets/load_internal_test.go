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
	comp, ships, counters, decks := embeddedText(t, componentsFile), embeddedText(t, shipsFile), embeddedText(t, countersFile), embeddedText(t, decksFile)
	talents := embeddedText(t, talentsFile)
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
			wantMsg: `"measured" is not allowed; allowed: rulebook, proposal`,
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
			wantMsg: "must be a mapping with the fields value, unit, source, section, note; got 110",
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
			name: "kinetic energy of an arrow", file: decksFile,
			old: "{speed: medium, length: 70, kinetic_energy: 2}", new: "{speed: medium, length: 70, kinetic_energy: 3}",
			wantAt: "{speed: medium, length: 70, kinetic_energy: 3}", wantField: "decks.viper-mk2.cards.straight.arrows[1].kinetic_energy",
			wantMsg: "must be 2, the kinetic energy of a medium arrow (rulebook, Kinetic energy); got 3",
		},
		{
			name: "kinetic energy table against the rulebook", file: decksFile,
			old: "low: {value: 1,", new: "low: {value: 2,",
			wantAt: "low: {value: 2,", wantField: "kinetic_energy.low.value",
			wantMsg: "must be 1, the kinetic energy the rulebook gives a move with a low arrow (Kinetic energy); got 2",
		},
		{
			name: "arrow longer than the card", file: decksFile,
			old: "{speed: high, length: 100, kinetic_energy: 3}", new: "{speed: high, length: 120, kinetic_energy: 3}",
			wantAt: "length: 120", wantField: "decks.viper-mk2.cards.straight.arrows[2].length",
			wantMsg: "must be at most geometry.card_length (110 mm), so the arrow fits its card; got 120",
		},
		{
			name: "arrow of no length", file: decksFile,
			old: "{speed: low, length: 40, turn: 30,", new: "{speed: low, length: 0, turn: 30,",
			wantAt: "length: 0", wantField: "decks.viper-mk2.cards.bank.arrows[0].length",
			wantMsg: "0 mm is out of range; allowed: more than 0, at most 100000 mm",
		},
		{
			name: "turn out of range", file: decksFile,
			old: "turn: 90, kinetic_energy: 1}", new: "turn: 190, kinetic_energy: 1}",
			wantAt: "turn: 190", wantField: "decks.viper-mk2.cards.hard-turn.arrows[0].turn",
			wantMsg: "190 deg is out of range; allowed: more than -180, at most 180 deg",
		},
		{
			name: "unknown symbol", file: decksFile,
			old: "symbols: [turn, difficult]", new: "symbols: [turn, dificult]",
			wantAt: "symbols: [turn, dificult]", wantField: "decks.viper-mk2.cards.hard-turn.symbols[1]",
			wantMsg: `"dificult" is not allowed; allowed: straight, turn, overboost, difficult, change-direction, blank`,
		},
		{
			name: "unknown speed", file: decksFile,
			old: "{speed: back, length: 30,", new: "{speed: backward, length: 30,",
			wantAt: "speed: backward", wantField: "decks.viper-mk2.cards.straight.arrows[3].speed",
			wantMsg: `"backward" is not allowed; allowed: low, medium, high, back, overboost`,
		},
		{
			name: "two arrows of one speed", file: decksFile,
			old: "{speed: high, length: 100, kinetic_energy: 3}", new: "{speed: medium, length: 100, kinetic_energy: 2}",
			wantAt: "{speed: medium, length: 100,", wantField: "decks.viper-mk2.cards.straight.arrows[2].speed",
			wantMsg: "a medium arrow given twice; first at line",
		},
		{
			name: "card id twice", file: decksFile,
			old: "- id: turn\n        name: \"Turn\"", new: "- id: bank\n        name: \"Turn\"",
			wantAt: "- id: bank\n        name: \"Turn\"", wantField: "decks.viper-mk2.cards[2].id",
			wantMsg: "card bank given twice in this deck; first at line",
		},
		{
			name: "card made twice by sides", file: decksFile,
			old: "      - id: reversal\n        name: \"Reversal\"\n        sides: [left, right]\n", new: "      - id: bank-left\n        name: \"Reversal\"\n",
			wantAt: "- id: bank-left", wantField: "decks.cylon-raider.cards.bank-left.id",
			wantMsg: "makes card bank-left, which the entry bank at line",
		},
		{
			name: "overboost card with a speed arrow", file: decksFile,
			old: "          - {speed: overboost, length: 50, kinetic_energy: 3}\n", new: "          - {speed: overboost, length: 50, kinetic_energy: 3}\n          - {speed: low, length: 40, kinetic_energy: 1}\n",
			wantAt: "- id: overboost-straight", wantField: "decks.viper-mk2.cards.overboost-straight.arrows",
			wantMsg: "an overboost card has exactly one arrow, its overboost line (speed overboost); got low, overboost",
		},
		{
			name: "overboost line on a plain card", file: decksFile,
			old: "{speed: back, length: 30, kinetic_energy: -1}", new: "{speed: overboost, length: 30, kinetic_energy: 3}",
			wantAt: "- id: straight", wantField: "decks.viper-mk2.cards.straight.arrows",
			wantMsg: "an overboost line is only on a card with the overboost symbol",
		},
		{
			name: "change direction card with an arrow", file: decksFile,
			old: "symbols: [change-direction]\n", new: "symbols: [change-direction]\n        arrows: [{speed: low, length: 40, kinetic_energy: 1}]\n",
			wantAt: "- id: change-direction", wantField: "decks.viper-mk2.cards.change-direction.arrows",
			wantMsg: "a change-direction card has no arrows; got low",
		},
		{
			name: "turn card arrow that does not turn", file: decksFile,
			old: "{speed: high, length: 100, turn: 60, kinetic_energy: 3}", new: "{speed: high, length: 100, kinetic_energy: 3}",
			wantAt: "- id: turn\n        arrows:", wantField: "decks.cylon-raider.cards.turn.arrows",
			wantMsg: "every arrow of a turn card turns; the high arrow does not",
		},
		{
			name: "slide that also turns", file: decksFile,
			old: "sideways: 20,", new: "turn: 10, sideways: 20,",
			wantAt: "turn: 10, sideways: 20,", wantField: "decks.viper-mk2.cards.slide.arrows[0].sideways",
			wantMsg: "a slide keeps its heading: give turn or sideways, not both",
		},
		{
			name: "slide wider than long", file: decksFile,
			old: "sideways: 25,", new: "sideways: 70,",
			wantAt: "sideways: 70,", wantField: "decks.viper-mk2.cards.slide.arrows[1].sideways",
			wantMsg: "must be less than the arrow's length (70 mm) either way; got 70",
		},
		{
			name: "sides on a card that neither turns nor slides", file: decksFile,
			old: "        name: \"Straight\"\n", new: "        name: \"Straight\"\n        sides: [left, right]\n",
			wantAt: "- id: straight", wantField: "decks.viper-mk2.cards.straight.sides",
			wantMsg: "no arrow turns or slides, so the left and right cards would be the same; leave sides out",
		},
		{
			name: "card source without a section", file: decksFile,
			old: "symbols: [blank]\n", new: "symbols: [blank]\n        source: rulebook\n",
			wantAt: "- id: blank", wantField: "decks.viper-mk2.cards.blank.section",
			wantMsg: "missing; required when the card gives its own source",
		},
		{
			name: "measured card in shipped data", file: decksFile,
			old: "symbols: [blank]\n", new: "symbols: [blank]\n        source: measured\n        section: mine\n",
			wantAt: "source: measured", wantField: "decks.viper-mk2.cards.blank.source",
			wantMsg: `"measured" is not allowed; allowed: rulebook, proposal`,
		},
		{
			name: "deck without a section", file: decksFile,
			old: "    section: \"COMPONENTS.md maneuver decks: proposed Viper Mk. II deck; the rules give no card's arrows\"\n", new: "",
			wantAt: "- class: viper-mk2", wantField: "decks.viper-mk2.section",
			wantMsg: "missing; required",
		},
		{
			name: "deck for an unknown class", file: decksFile,
			old: "class: viper-mk7", new: "class: viper-mk3",
			wantAt: "class: viper-mk3", wantField: "decks[4].class",
			wantMsg: `unknown class "viper-mk3"; allowed: the classes of ships.yaml: viper-mk2, cylon-raider, raptor, heavy-raider, viper-mk7`,
		},
		{
			name: "deck given twice", file: decksFile,
			old: "  - class: viper-mk7\n    based_on: viper-mk2\n", new: "  - class: viper-mk2\n    based_on: viper-mk2\n",
			wantAt: "  - class: viper-mk2\n    based_on", wantField: "decks[4].class",
			wantMsg: "deck for class viper-mk2 given twice; first at line",
		},
		{
			name: "based on an unknown deck", file: decksFile,
			old: "based_on: raptor", new: "based_on: raptr",
			wantAt: "based_on: raptr", wantField: "decks.heavy-raider.based_on",
			wantMsg: `unknown deck "raptr"; allowed: a deck above this one: viper-mk2, cylon-raider, raptor`,
		},
		{
			name: "change that changes nothing", file: decksFile,
			old: "      - id: hard-turn\n        g: 4\n", new: "      - id: hard-turn\n",
			wantAt: "- id: hard-turn\n      - id: change", wantField: "decks.raptor.cards.hard-turn",
			wantMsg: "changes nothing of the card hard-turn it is based on",
		},
		{
			name: "value mapping without a section", file: decksFile,
			old: "          source: rulebook\n          section: \"Fuel\"\n", new: "          source: rulebook\n",
			wantAt: "g:\n          value: 0", wantField: "decks.viper-mk2.cards.overboost-straight.g.section",
			wantMsg: "missing; required",
		},
		{
			name: "value mapping in another unit", file: decksFile,
			old: "{speed: low, length: 40, kinetic_energy: 1}", new: "{speed: low, length: {value: 4, unit: cm, source: proposal, section: x}, kinetic_energy: 1}",
			wantAt: "unit: cm", wantField: "decks.viper-mk2.cards.straight.arrows[0].length.unit",
			wantMsg: `"cm" is not allowed; allowed: mm`,
		},
		{
			name: "value as a list", file: decksFile,
			old: "        g: 3\n        symbols: [turn, difficult]", new: "        g: [3]\n        symbols: [turn, difficult]",
			wantAt: "g: [3]", wantField: "decks.viper-mk2.cards.hard-turn.g",
			wantMsg: "must be a whole number from 0 to 99, or a mapping with the fields value, source, section, note; got a list",
		},
		{
			name: "FTL total missing", file: componentsFile,
			old: "rolls: [2]", new: "rolls: [13]",
			wantAt: "rolls: [13]", wantField: "geometry.ftl_sides[3].rolls[0]",
			wantMsg: "13 is out of range; allowed: 2 to 12",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := map[string]string{componentsFile: comp, shipsFile: ships, countersFile: counters, decksFile: decks, talentsFile: talents}
			require.Contains(t, files[tt.file], tt.old)
			edited := strings.Replace(files[tt.file], tt.old, tt.new, 1)
			files[tt.file] = edited
			c, err := loadFiles([]byte(files[componentsFile]), []byte(files[shipsFile]), []byte(files[countersFile]), []byte(files[decksFile]), []byte(files[talentsFile]))
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
	_, err := loadFiles([]byte("geometry: {}\n"), []byte(""), []byte("pilot_tokens: []\nextra: 1\n"), []byte("decks: []\n"), []byte("talents: []\n"))
	require.Error(t, err)
	var list ErrorList
	require.ErrorAs(t, err, &list)
	files := map[string]bool{}
	for _, e := range list {
		files[e.File] = true
	}
	assert.Equal(t, map[string]bool{componentsFile: true, shipsFile: true, countersFile: true, decksFile: true, talentsFile: true}, files)
	assert.Contains(t, err.Error(), "ships.yaml: empty; required: classes")
	assert.Contains(t, err.Error(), "counters.yaml:2: extra: unknown field; allowed: damage_counters, collision_counters, pilot_tokens")
	assert.Contains(t, err.Error(), "components.yaml:1: geometry.base_across_flats: missing; required")
	assert.Contains(t, err.Error(), "decks.yaml:1: kinetic_energy: missing; required")
	assert.Contains(t, err.Error(), "talents.yaml:1: talents: must list at least one talent or flaw")
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
	list := ErrorList{tests[0].e, tests[2].e}
	assert.Equal(t, "a.yaml:3: geometry.x: unknown field\na.yaml:1: m", list.Error())
}

func TestLoadRequiresADeckPerClass(t *testing.T) {
	decks := embeddedText(t, decksFile)
	i := strings.Index(decks, "  - class: viper-mk7")
	require.GreaterOrEqual(t, i, 0)
	_, err := loadFiles([]byte(embeddedText(t, componentsFile)), []byte(embeddedText(t, shipsFile)),
		[]byte(embeddedText(t, countersFile)), []byte(decks[:i]), []byte(embeddedText(t, talentsFile)))
	require.Error(t, err)
	assert.Equal(t, "decks.yaml:"+lineNo(t, decks, "decks:\n  - class: viper-mk2")+": decks: no deck for class viper-mk7; every class in ships.yaml needs one", err.Error())
}

func TestLoadChecksDecksOnlyAgainstAValidClassList(t *testing.T) {
	ships := strings.Replace(embeddedText(t, shipsFile), "value: 22", "value: 0", 1)
	_, err := loadFiles([]byte(embeddedText(t, componentsFile)), []byte(ships),
		[]byte(embeddedText(t, countersFile)), []byte(embeddedText(t, decksFile)), []byte(embeddedText(t, talentsFile)))
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "decks.yaml", "a broken ships.yaml does not make every deck wrong")
}
