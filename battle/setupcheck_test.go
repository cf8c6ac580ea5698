package battle_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// badSetups are setups a scenario file is refused for, each with the
// words of the refusal: a 1e-300 mm table the ships stand off (Quick
// Start: Setup), two ships on the same spot (Special cases: Overlapping
// spaceships; ships deploy apart), a rookie with six talents (Pilot
// talents and flaws; Limitations of nuggets and rookies).
func badSetups() map[string]struct {
	setup battle.Setup
	want  string
} {
	good := func() battle.Setup {
		return setup(starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptPilots}},
			spec("viper", "viper-mk2", battle.Colonial, 300, 450, 0, 0),
			spec("raider", "cylon-raider", battle.Cylon, 600, 450, 180, 0))
	}
	tiny := good()
	tiny.Width, tiny.Depth = 1e-300, 1e-300
	same := good()
	same.Ships[1].Pose = same.Ships[0].Pose
	rookie := good()
	rookie.Ships[0].Pilot = starship.Rookie
	rookie.Ships[0].Talents = []string{"marksman", "beginners-luck", "quick-study", "eagle-eye", "wingman", "iron-nerves"}
	return map[string]struct {
		setup battle.Setup
		want  string
	}{
		"a 1e-300 mm table":     {tiny, `setup.Ships[0].Pose: the ship "viper" starts partly off the table`},
		"two ships on one spot": {same, `setup.Ships[1].Pose: overlapping deployments: the base of "raider" overlaps the base of "viper"`},
		"a rookie, six talents": {rookie, `setup.Ships[0].Talents: 6 talents; a rookie pilot takes at most 2 (2, and one more per flaw) (Pilot talents and flaws)`},
	}
}

// One setup check (Setup.Check): a setup a scenario file is refused for is
// refused wherever it comes from — a new battle (a scenario, the editor,
// the server's games), a saved or autosaved game (Load, LoadFile), a side
// copy (LoadSideCopy), a computer player's determinized copy
// (NewDeterminized) — for the same reason, in the same words.
func TestSetupRefusedWhereverItComesFrom(t *testing.T) {
	for name, c := range badSetups() {
		t.Run(name, func(t *testing.T) {
			_, err := battle.New(c.setup, comp, 1)
			require.ErrorContains(t, err, c.want, "New")

			// A saved game of a good battle, its setup replaced.
			b, err := battle.New(setup(starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptPilots}},
				spec("viper", "viper-mk2", battle.Colonial, 300, 450, 0, 0),
				spec("raider", "cylon-raider", battle.Cylon, 600, 450, 180, 0)), comp, 1)
			require.NoError(t, err)
			st := b.State()
			data, err := b.Save()
			require.NoError(t, err)
			var saved battle.Saved
			require.NoError(t, json.Unmarshal(data, &saved))
			saved.Setup = c.setup
			data, err = json.Marshal(saved)
			require.NoError(t, err)
			_, err = battle.Load(data, comp)
			require.ErrorContains(t, err, c.want, "Load")
			_, err = battle.LoadFile("autosave.json", data, comp)
			require.ErrorContains(t, err, c.want, "LoadFile (the autosave)")

			side, err := b.SaveFor(battle.Colonial)
			require.NoError(t, err)
			var copy battle.SideCopy
			require.NoError(t, json.Unmarshal(side, &copy))
			copy.Setup = c.setup
			side, err = json.Marshal(copy)
			require.NoError(t, err)
			_, err = battle.LoadSideCopy(side, comp)
			require.ErrorContains(t, err, c.want, "LoadSideCopy")

			_, err = battle.NewDeterminized(c.setup, comp, st, 1)
			require.ErrorContains(t, err, c.want, "NewDeterminized")
		})
	}
}

// The same setups as scenario files are refused too; where the file is
// otherwise sound, by the engine's check, in its words at the file's
// line and field.
func TestSetupRefusedAsAScenarioFile(t *testing.T) {
	head := "name: Bad\nrules: complete\noptions: [pilots]\n"
	viper := "  - {id: viper, side: colonial, class: viper-mk2, pose: {x: 300, y: 450, heading: 0}}\n"
	for _, c := range []struct{ name, file, want string }{
		{"a 1e-300 mm table", head + "table: {width: 1e-300, depth: 1e-300}\nships:\n" + viper +
			"  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 600, y: 450, heading: 180}}\n",
			`bad.yaml:6: ships[0]: the ship "viper" starts partly off the table`},
		{"two ships on one spot", head + "ships:\n" + viper +
			"  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 300, y: 450, heading: 180}}\n",
			`bad.yaml:6: ships[1]: overlapping deployments: the base of "raider" overlaps the base of "viper"`},
		{"a rookie, six talents", head + "ships:\n" +
			"  - {id: viper, side: colonial, class: viper-mk2, pilot: rookie, pose: {x: 300, y: 450, heading: 0},\n" +
			"     talents: [marksman, beginners-luck, quick-study, eagle-eye, wingman, iron-nerves]}\n" +
			"  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 600, y: 450, heading: 180}}\n",
			`bad.yaml:6: ships[0].talents: 6 talents; a rookie pilot takes at most 2 (2, and one more per flaw) (Pilot talents and flaws)`},
	} {
		_, err := scenarios.Parse("bad.yaml", []byte(c.file), comp)
		require.ErrorContains(t, err, c.want, c.name)
	}
}
