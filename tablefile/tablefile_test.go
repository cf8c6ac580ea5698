package tablefile

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/referee"
)

const valid = `table: {width: 1000, depth: 800}
three_d: true
ships:
  - id: viper-1
    class: viper-mk2
    x: 200
    y: 150
    heading: 90
    rotation: -2
    level: 2
  - id: raider-1
    class: cylon-raider
    x: 215.5
    y: 290
    heading: 250
    base_mm: 44
obstacles:
  - id: rock
    kind: planetoid
    x: 450
    y: 450
    radius: 60
    level: 1
  - id: belt
    kind: asteroid-field
    density: dense
    polygon: [[300, 300], [420, 310], [400, 380], [310, 360]]
`

func TestParseValid(t *testing.T) {
	tab, err := Parse("t.yaml", []byte(valid), assets.Default())
	require.NoError(t, err)
	assert.Equal(t, 1000.0, tab.Width)
	assert.Equal(t, 800.0, tab.Depth)
	assert.True(t, tab.ThreeD)
	require.Len(t, tab.Ships, 2)
	v := tab.Ships[0]
	assert.Equal(t, "viper-1", v.ID)
	assert.Equal(t, -2, v.Rotation)
	assert.Equal(t, 2, v.Level)
	assert.Equal(t, 45.0, v.AcrossFlats, "the class's base size from the data")
	assert.InDelta(t, 90, v.Pose.Heading.Degrees(), 1e-12)
	assert.Equal(t, 44.0, tab.Ships[1].AcrossFlats, "base_mm overrides")
	assert.Equal(t, 1, tab.Ships[1].Level, "level defaults to 1")
	require.Len(t, tab.Obstacles, 2)
	assert.Equal(t, referee.Planetoid, tab.Obstacles[0].Kind)
	assert.Equal(t, 60.0, tab.Obstacles[0].Circle.R)
	assert.Equal(t, referee.Dense, tab.Obstacles[1].Density)
	assert.Len(t, tab.Obstacles[1].Polygon, 4)
	assert.Equal(t, 30.0, tab.Limits.FireArcHalfWidth)
}

func TestParseDefaultsAndJSON(t *testing.T) {
	js := `{"ships": [{"id": "a", "class": "viper-mk2", "x": 1, "y": 2, "heading": 0}],
	        "obstacles": [{"id": "p", "kind": "planetoid", "x": 5, "y": 5}]}`
	tab, err := Parse("t.json", []byte(js), assets.Default())
	require.NoError(t, err)
	assert.Equal(t, 900.0, tab.Width, "default table 900 x 900")
	assert.False(t, tab.ThreeD)
	assert.Equal(t, 60.0, tab.Obstacles[0].Circle.R, "default planetoid radius from the data")
}

// TestBadInput: one broken file per problem the issue names; each message
// names the file, the line and the field.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name string
		yaml string
		want []string // substrings, one per expected problem
	}{
		{"unknown top-level field", "ships: []\ncolour: red\n", []string{"t.yaml:2: colour: unknown field; allowed: table, three_d, ships, obstacles"}},
		{"unknown ship field", "ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 0, speed: 3}\n", []string{"t.yaml:2: ships[0].speed: unknown field"}},
		{"duplicate ids", "ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 0}\n  - {id: a, class: viper-mk2, x: 90, y: 0, heading: 0}\n", []string{`t.yaml:3: ships[1].id: duplicate id "a" (first given at ships[0].id)`}},
		{"id shared by a ship and an obstacle", "ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 0}\nobstacles:\n  - {id: a, kind: planetoid, x: 5, y: 5}\n", []string{`t.yaml:4: obstacles[0].id: duplicate id "a"`}},
		{"unknown class", "ships:\n  - {id: a, class: basestar, x: 0, y: 0, heading: 0}\n", []string{`t.yaml:2: ships[0].class: unknown class "basestar"; allowed: viper-mk2, cylon-raider`}},
		{"missing fields", "ships:\n  - {id: a, class: viper-mk2}\n", []string{"ships[0].x: missing", "ships[0].y: missing", "ships[0].heading: missing"}},
		{"level outside 1..4", "ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 0, level: 5}\n", []string{"t.yaml:2: ships[0].level: 5 is out of range; allowed: 1 to 4"}},
		{"rotation outside -5..6", "ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 0, rotation: 7}\n", []string{"ships[0].rotation: 7 is out of range; allowed: -5 to 6"}},
		{"rotation not whole", "ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 0, rotation: 1.5}\n", []string{"ships[0].rotation: must be a whole number from -5 to 6"}},
		{"planetoid radius zero", "ships: []\nobstacles:\n  - {id: p, kind: planetoid, x: 0, y: 0, radius: 0}\n", []string{"t.yaml:3: obstacles[0].radius: 0 mm is out of range; allowed: more than 0, at most 10000 mm"}},
		{"planetoid radius negative", "ships: []\nobstacles:\n  - {id: p, kind: planetoid, x: 0, y: 0, radius: -3}\n", []string{"obstacles[0].radius: -3"}},
		{"self-intersecting field", "ships: []\nobstacles:\n  - {id: f, kind: asteroid-field, density: sparse, polygon: [[0, 0], [10, 10], [10, 0], [0, 10]]}\n", []string{"t.yaml:3: obstacles[0].polygon: invalid polygon: edges 0 and 2 intersect"}},
		{"field with two vertices", "ships: []\nobstacles:\n  - {id: f, kind: asteroid-field, density: sparse, polygon: [[0, 0], [10, 10]]}\n", []string{"obstacles[0].polygon: invalid polygon: polygon has 2 vertices"}},
		{"vertex not a pair", "ships: []\nobstacles:\n  - {id: f, kind: asteroid-field, density: sparse, polygon: [[0, 0, 1], [10, 10], [0, 9]]}\n", []string{"obstacles[0].polygon[0]: a vertex is [x, y]; got 3 numbers"}},
		{"unknown density", "ships: []\nobstacles:\n  - {id: f, kind: asteroid-field, density: thick, polygon: [[0, 0], [10, 10], [0, 9]]}\n", []string{`obstacles[0].density: "thick" is not allowed; allowed: sparse, dense`}},
		{"unknown kind", "ships: []\nobstacles:\n  - {id: c, kind: cloud, x: 0, y: 0}\n", []string{`obstacles[0].kind: "cloud" is not allowed; allowed: planetoid, asteroid-field`}},
		{"field given a radius", "ships: []\nobstacles:\n  - {id: f, kind: asteroid-field, density: sparse, radius: 4, polygon: [[0, 0], [10, 10], [0, 9]]}\n", []string{"obstacles[0].radius: unknown field; allowed: id, kind, density, polygon, level"}},
		{"not a number", "ships:\n  - {id: a, class: viper-mk2, x: left, y: 0, heading: 0}\n", []string{"ships[0].x: must be a number"}},
		{"table width zero", "table: {width: 0}\nships: []\n", []string{"t.yaml:1: table.width: 0 mm is out of range; allowed: more than 0, at most 4000 mm"}},
		{"three_d not a bool", "three_d: maybe\nships: []\n", []string{"three_d: must be true or false"}},
		{"no ships field", "obstacles: []\n", []string{"ships: missing"}},
		{"field given twice", "ships: []\nships: []\n", []string{"t.yaml:2: ships: given twice"}},
		{"not YAML", "ships: [\n", []string{"t.yaml:"}},
		{"empty", "", []string{"t.yaml: the file is empty"}},
		{"several problems at once", "ships:\n  - {id: a, class: basestar, x: 0, y: 0, heading: 0, level: 9}\n  - {id: b, class: viper-mk2, x: 0, y: 0, heading: 0, rotation: -6}\n",
			[]string{"ships[0].class: unknown class", "ships[0].level: 9 is out of range", "t.yaml:3: ships[1].rotation: -6 is out of range"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse("t.yaml", []byte(tt.yaml), assets.Default())
			require.Error(t, err)
			for _, w := range tt.want {
				assert.Contains(t, err.Error(), w)
			}
			var list yamlfile.List
			if errors.As(err, &list) {
				assert.GreaterOrEqual(t, len(list), len(tt.want), "one problem per line: %s", err)
				for _, p := range list {
					assert.Equal(t, "t.yaml", p.File)
				}
			}
			assert.Len(t, strings.Split(err.Error(), "\n"), max(1, len(list)))
		})
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(valid))
	f.Add([]byte(`{"ships": [{"id": "a", "class": "viper-mk2", "x": 1, "y": 2, "heading": 0}]}`))
	f.Add([]byte("ships:\n  - &a {id: a, class: viper-mk2, x: 0, y: 0, heading: 0}\n  - *a\n"))
	f.Add([]byte("obstacles:\n  - {id: f, kind: asteroid-field, density: sparse, polygon: [[0, 0], [1e308, 1e308], [0, 9]]}\nships: []\n"))
	comp := assets.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		tab, err := Parse("fuzz.yaml", data, comp)
		if err != nil {
			return
		}
		// A table that parses is one the referee can rule on.
		referee.New(tab).RuleAll()
	})
}
