package scenarios_test

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// TestWriteRoundTrip writes every built-in scenario and the template and
// reads the file back: the same setup and the same scenario.
func TestWriteRoundTrip(t *testing.T) {
	comp := components(t)
	sources := map[string][]byte{"template": scenarios.Template()}
	for _, name := range scenarios.Names() {
		_, data, ok := scenarios.Source(name)
		require.True(t, ok)
		sources[name] = data
	}
	for name, data := range sources {
		t.Run(name, func(t *testing.T) {
			sc, err := scenarios.Parse(name+".yaml", data, comp)
			require.NoError(t, err)
			var buf bytes.Buffer
			require.NoError(t, scenarios.Write(&buf, sc))
			written := buf.Bytes()
			again, err := scenarios.Parse(name+".yaml", written, comp)
			require.NoError(t, err, "%s", written)
			assert.Equal(t, sc.Setup(), again.Setup())
			assert.Equal(t, sc, again)
			// Writing again gives the same file.
			twice, err := scenarios.Marshal(again)
			require.NoError(t, err)
			assert.Equal(t, string(written), string(twice))
			// Commented: the header and a sentence per victory condition.
			assert.True(t, strings.HasPrefix(string(written), "# yaml-language-server: $schema=scenario.schema.json\n"))
			for _, c := range sc.Victory {
				assert.Contains(t, string(written), "# "+firstWords(sc.Describe(c)))
			}
			for _, ln := range strings.Split(string(written), "\n") {
				assert.LessOrEqual(t, len(ln), 100, "a long line: %q", ln)
			}
		})
	}
}

func firstWords(s string) string {
	w := strings.Fields(s)
	return strings.Join(w[:min(4, len(w))], " ")
}

// TestWriteBuiltScenario writes a scenario built in code (as the editor
// builds one), with every kind of placement and condition, and checks it
// through Check: valid, and read back the same.
func TestWriteBuiltScenario(t *testing.T) {
	comp := components(t)
	h90, h270 := 90.0, 270.0
	sc := &scenarios.Scenario{
		Name:     `Yes: "quoted" # not a comment`,
		Briefing: "A briefing long enough to be folded and wrapped over more than one line of the file, with punctuation: colons, #hashes and 'quotes'.",
		Width:    1200, Depth: 800.5,
		Rules:        starship.Complete,
		Options:      []starship.Option{starship.OptFTL, starship.OptFuel, starship.OptThreeD},
		TurnLimit:    12,
		SpecialRules: []scenarios.SpecialRule{{ID: "true", Text: "no"}},
		Sides:        []scenarios.SideBriefing{{Side: battle.Cylon, Name: "123"}, {Side: battle.Colonial}},
		Zones: []scenarios.Zone{
			{ID: "home", Polygon: [][2]float64{{0, 0}, {1200, 0}, {1200, 150}, {0, 150}}, Heading: &h90},
			{ID: "gate", Polygon: [][2]float64{{500, 600}, {700, 600}, {700, 700}, {500, 700}}},
		},
		Ships: []scenarios.Ship{
			{ID: "raptor", Side: battle.Colonial, Class: "raptor", Zone: "home", KE: 1, Fuel: 40},
			{ID: "viper", Side: battle.Colonial, Class: "viper-mk2", Pose: &scenarios.Pose{X: 300.125, Y: 300, Heading: 45.5, Rotation: -2}, Level: 2, KE: 3},
			{ID: "raider-1", Side: battle.Cylon, Class: "cylon-raider", Pose: &scenarios.Pose{X: 600, Y: 500, Heading: h270}, KE: 2},
			{ID: "raider-2", Side: battle.Cylon, Class: "cylon-raider", Enters: &scenarios.Entry{Turn: 3, Edge: battle.East, At: 400}, KE: 2},
			{ID: "heavy", Side: battle.Cylon, Class: "heavy-raider", Enters: &scenarios.Entry{Turn: 4, FTL: &scenarios.Pose{X: 900, Y: 400, Heading: 180}}},
		},
		Obstacles: []scenarios.Obstacle{
			{ID: "rock", Kind: "planetoid", X: 900, Y: 650, Radius: 70, Level: 3},
			{ID: "belt", Kind: "asteroid-field", Density: "dense", Polygon: [][2]float64{{100, 400}, {250, 380}, {240, 520}}},
		},
		Victory: []scenarios.Condition{
			{Kind: battle.Leave, Side: battle.Colonial, Ship: "raptor", By: battle.ExitFTL, Zone: "gate"},
			{Kind: battle.Leave, Side: battle.Colonial, Ship: "viper", By: battle.ExitEdge, Edge: battle.North},
			{Kind: battle.Destroy, Side: battle.Cylon, Ship: "raptor"},
			{Kind: battle.Survive, Side: battle.Cylon, Turns: 12},
			{Kind: battle.Hold, Zone: "gate", Turns: 10},
			{Kind: battle.Points, Values: []battle.ClassPoints{{Class: "raptor", Points: 5}, {Class: "cylon-raider", Points: 2}}, Target: 6},
			{Kind: battle.EliminateAll},
		},
	}
	got, err := scenarios.Check("built.yaml", sc, comp)
	data, _ := scenarios.Marshal(sc)
	require.NoError(t, err, "%s", data)
	assert.Equal(t, "built", got.ID)
	assert.Equal(t, sc.Name, got.Name)
	assert.Equal(t, sc.Briefing, got.Briefing)
	assert.Equal(t, "true", got.SpecialRules[0].ID)
	assert.Equal(t, "123", got.Sides[1].Name)
	assert.Equal(t, sc.Victory, got.Victory)
	assert.Equal(t, *sc.Ships[1].Pose, got.Ships[1].Start)
	assert.Equal(t, 1, got.Ships[0].Level, "level 0 is written as the default, 1")
	for i := range sc.Ships {
		assert.Equal(t, sc.Ships[i].Enters, got.Ships[i].Enters)
		assert.Equal(t, sc.Ships[i].Zone, got.Ships[i].Zone)
	}
	assert.Contains(t, string(data), "briefing: >-\n  A briefing long enough to be folded and wrapped over more than one line of\n")
}

// TestCheckReportsLines: a scenario with problems gets them with the
// written file's lines and fields.
func TestCheckReportsLines(t *testing.T) {
	comp := components(t)
	sc, err := scenarios.Load(scenarios.Default, comp)
	require.NoError(t, err)
	sc.Ships[1].Pose.X = 2000 // off the table
	sc.Ships[2].Class = "basestar"
	_, err = scenarios.Check("mine.yaml", sc, comp)
	require.Error(t, err)
	probs := scenarios.Problems(err)
	require.Len(t, probs, 2, err.Error())
	data, _ := scenarios.Marshal(sc)
	lines := strings.Split(string(data), "\n")
	for _, p := range probs {
		assert.Equal(t, "mine.yaml", p.File)
		require.Positive(t, p.Line)
		assert.True(t, strings.HasPrefix(p.Field, "ships["), p.Field)
	}
	assert.Contains(t, lines[probs[0].Line-1], "pose:")
	assert.Contains(t, probs[0].Error(), "off the table")
	assert.Contains(t, lines[probs[1].Line-1], "basestar")
	assert.Contains(t, probs[1].Msg, "unknown class")
	assert.Nil(t, scenarios.Problems(nil))
}
