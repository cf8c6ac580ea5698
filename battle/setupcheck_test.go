package battle_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// badSetups are setups a scenario file is refused for, each with the
// words of the refusal: a 1e-300 mm table the ships stand off (Quick
// Start: Setup), two ships on the same spot (Special cases: Overlapping
// spaceships; ships deploy apart), a rookie with six talents (Pilot
// talents and flaws; Limitations of nuggets and rookies); a ship entering,
// a condition to survive or a zone to hold beyond the turn limit
// (Scenarios); entering by FTL under the Quick Start Rules, leaving by FTL
// without the ftl option (Faster-than-light movement); a pilot token,
// talents without the pilots option (Pilots; Pilot talents and flaws).
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
	late := good()
	late.TurnLimit = 3
	late.Ships[1].EntersOnTurn = 5
	survive := good()
	survive.TurnLimit = 3
	survive.Victory = battle.Victory{{Kind: battle.Survive, Side: battle.Cylon, Turns: 5}}
	hold := good()
	hold.TurnLimit = 3
	hold.Victory = battle.Victory{{Kind: battle.Hold, Turns: 4, ZoneName: "middle",
		Zone: physics.Polygon{physics.V(400, 400), physics.V(500, 400), physics.V(500, 500), physics.V(400, 500)}}}
	quickJump := good()
	quickJump.Rules = starship.Rules{Set: starship.Quick}
	quickJump.Ships[1].EntersByFTL, quickJump.Ships[1].EntersOnTurn = true, 2
	leave := good()
	leave.Victory = battle.Victory{{Kind: battle.Leave, Side: battle.Cylon, Ship: "raider", By: battle.ExitFTL}}
	token := good()
	token.Rules = starship.Rules{Set: starship.Complete}
	token.Ships[0].Pilot = starship.Ace
	talents := good()
	talents.Rules = starship.Rules{Set: starship.Complete}
	talents.Ships[0].Talents = []string{"marksman"}
	rock := func(level int) battle.Setup {
		s := good()
		s.Obstacles = []referee.Obstacle{{ID: "rock", Kind: referee.Planetoid,
			Circle: physics.Circle{C: physics.V(450, 200), R: 40}, Level: level}}
		return s
	}
	return map[string]struct {
		setup battle.Setup
		want  string
	}{
		"a 1e-300 mm table":     {tiny, `setup.Ships[0].Pose: the ship "viper" starts partly off the table`},
		"two ships on one spot": {same, `setup.Ships[1].Pose: overlapping deployments: the base of "raider" overlaps the base of "viper"`},
		"a rookie, six talents": {rookie, `setup.Ships[0].Talents: 6 talents; a rookie pilot takes at most 2 (2, and one more per flaw) (Pilot talents and flaws)`},
		// Scenarios: the turn limit.
		"entering after the turn limit": {late, `setup.Ships[1].EntersOnTurn: turn 5 comes after the turn limit (3): the ship would never enter`},
		"surviving beyond the limit":    {survive, `setup.Victory[0].turns: 5 turns is beyond the turn limit (3): the condition could never be met`},
		"holding beyond the limit":      {hold, `setup.Victory[0].turns: turn 4 is beyond the turn limit (3): the zone would never be judged`},
		// Faster-than-light movement: the Complete Rules and the ftl option.
		"entering by FTL, Quick Start": {quickJump, `setup.Ships[1].EntersByFTL: entering by FTL is an FTL jump, played only with the Complete Rules`},
		"leaving by FTL without ftl":   {leave, `setup.Victory[0].by: leaving by FTL needs the Complete Rules and the ftl option (Faster-than-light movement)`},
		// Pilots; Pilot talents and flaws: the pilots option.
		"a pilot token without pilots": {token, `setup.Ships[0].Pilot: pilot tokens are played only with the pilots rule`},
		"talents without pilots":       {talents, `setup.Ships[0].Talents: talents and flaws come with pilots (Pilot talents and flaws)`},
		// Three-dimensional space: an obstacle stands on one of the four levels.
		"an obstacle on level 0": {rock(0), `setup.Obstacles[0].Level: 0; allowed: 1 to 4`},
		"an obstacle on level 5": {rock(5), `setup.Obstacles[0].Level: 5; allowed: 1 to 4`},
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
	raider := "  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 600, y: 450, heading: 180}}\n"
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
		{"entering after the turn limit", head + "turn_limit: 3\nships:\n" + viper +
			"  - {id: raider, side: cylon, class: cylon-raider, enters: {turn: 5, edge: north, at: 600}}\n",
			`bad.yaml:7: ships[1].enters.turn: turn 5 comes after the turn limit (3): the ship would never enter`},
		{"surviving beyond the limit", head + "turn_limit: 3\nships:\n" + viper + raider +
			"victory:\n  - {kind: survive, side: cylon, turns: 5}\n",
			`bad.yaml:9: victory[0].turns: 5 turns is beyond the turn limit (3): the condition could never be met`},
		{"entering by FTL, Quick Start", "name: Bad\nrules: quick\nships:\n" + viper +
			"  - {id: raider, side: cylon, class: cylon-raider, enters: {turn: 2, ftl: {x: 600, y: 450, heading: 180}}}\n",
			`bad.yaml:5: ships[1].enters.ftl: entering by FTL is an FTL jump, played only with the Complete Rules`},
		{"leaving by FTL without ftl", head + "ships:\n" + viper + raider +
			"victory:\n  - {kind: leave, side: cylon, ship: raider, by: ftl}\n",
			`bad.yaml:8: victory[0].by: leaving by FTL needs the Complete Rules and the ftl option`},
		{"a pilot token without pilots", "name: Bad\nrules: complete\nships:\n" +
			"  - {id: viper, side: colonial, class: viper-mk2, pilot: ace, pose: {x: 300, y: 450, heading: 0}}\n" + raider,
			`bad.yaml:4: ships[0].pilot: pilot tokens are played only with the pilots rule`},
	} {
		_, err := scenarios.Parse("bad.yaml", []byte(c.file), comp)
		require.ErrorContains(t, err, c.want, c.name)
	}
}

// problemFields lists the fields a setup refusal blames, in order.
func problemFields(err error) []string {
	var l yamlfile.List
	if !errors.As(err, &l) {
		return nil
	}
	var out []string
	for _, q := range l {
		out = append(out, q.Field)
	}
	return out
}

// TestSetupCheckIDsUpToTheirLimit: an id may be as long as the limit
// (limits.IDLength bytes), not a byte longer; the setup check names the
// field of the one too long.
func TestSetupCheckIDsUpToTheirLimit(t *testing.T) {
	for _, n := range []int{limits.IDLength, limits.IDLength + 1} {
		s := setup(complete, spec(strings.Repeat("v", n), "viper-mk2", battle.Colonial, 450, 100, 90, 0),
			spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0))
		_, err := battle.New(s, comp, 1)
		if n <= limits.IDLength {
			require.NoError(t, err, "an id of %d bytes", n)
			continue
		}
		require.Equal(t, []string{"setup.Ships[0].ID"}, problemFields(err), "an id of %d bytes", n)
	}
}
