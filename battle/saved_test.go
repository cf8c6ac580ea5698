package battle_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// midGame returns a battle with obstacles and a victory condition, both
// sides' plans committed in its second turn (secrets in play).
func midGame(t *testing.T) *battle.Battle {
	t.Helper()
	s := setup(with(complete, starship.OptPilots),
		spec("viper", "viper-mk2", battle.Colonial, 450, 200, 90, 1),
		spec("raider", "cylon-raider", battle.Cylon, 450, 700, 270, 1))
	s.Obstacles = []referee.Obstacle{planetoid("rock", 150, 450, 30), field("belt", referee.Sparse, 600, 400, 800, 500)}
	s.Victory = battle.Victory{{Kind: battle.Destroy, Side: battle.Colonial, Ship: "raider"}, {Kind: battle.EliminateAll}}
	s.Ships[0].Pilot, s.Ships[0].Talents = starship.Ace, []string{"steady-hands"}
	b, err := battle.New(s, comp, 99)
	require.NoError(t, err)
	planAll(t, b, nil)
	_, err = b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Cylon})
	require.NoError(t, err)
	for b.Phase() == battle.Declaring {
		for _, side := range battle.Sides {
			if b.View(side).MayDeclare {
				_, err := b.Apply(battle.Command{Type: battle.CmdDeclare, Side: side})
				require.NoError(t, err)
			}
		}
	}
	require.Equal(t, battle.Planning, b.Phase())
	planAll(t, b, nil)
	return b
}

// Files that hold secrets say so: a battle saved before its end carries
// the notice; a finished one, whose secrets are history, does not.
func TestSavedFileSaysItHoldsSecrets(t *testing.T) {
	data, err := midGame(t).Save()
	require.NoError(t, err)
	var s battle.Saved
	require.NoError(t, json.Unmarshal(data, &s))
	assert.Equal(t, battle.SecretsNotice, s.Secrets)
	assert.Less(t, strings.Index(string(data), "secrets"), strings.Index(string(data), "journal"), "said before the secrets")

	data, err = played(t, quick, 3, "greedy", "greedy").Save()
	require.NoError(t, err)
	var over battle.Saved
	require.NoError(t, json.Unmarshal(data, &over))
	assert.Empty(t, over.Secrets)
}

// Reopening an unfinished battle in a replay cannot switch to either
// side's secrets: only the spectator's view, which holds what both sides
// know; a finished battle shows every side.
func TestReplayOfAnUnfinishedBattleShowsNoSecrets(t *testing.T) {
	b := midGame(t)
	data, err := b.Save()
	require.NoError(t, err)
	loaded, err := battle.Load(data, comp)
	require.NoError(t, err)
	require.Equal(t, []battle.Side{battle.Spectator}, loaded.ReplaySides())
	obs := loaded.Observe(battle.Spectator, nil)
	st := loaded.State()
	for _, side := range battle.Sides {
		assert.Empty(t, battletest.Leaks(st, 99, side, obs, nil), "the spectator sees no secret of the %s", side.Opponent())
	}
	for _, s := range obs.View.Ships {
		assert.Nil(t, s.Plan, "%s: committed plans stay face down", s.ID)
		assert.False(t, s.Own)
	}
	done := played(t, quick, 3, "greedy", "greedy")
	assert.Equal(t, []battle.Side{battle.Colonial, battle.Cylon, battle.Spectator}, done.ReplaySides())
}

// A network player's own copy holds only what that side saw: no seed, no
// draw, no command or secret event of the other side.
func TestSideCopyHoldsNothingTheSideDidNotSee(t *testing.T) {
	b := midGame(t)
	st := b.State()
	for _, side := range battle.Sides {
		data, err := b.SaveFor(side)
		require.NoError(t, err)
		c, err := battle.LoadSideCopy(data, comp)
		require.NoError(t, err)
		assert.Equal(t, side, c.Side)
		assert.Empty(t, battletest.Leaks(st, 99, side, battle.Observation{View: c.View}, data))
		assert.NotContains(t, string(data), `"draws"`)
		assert.NotContains(t, string(data), `"seed"`)
		for _, cmd := range c.Commands {
			assert.Equal(t, side, cmd.Side)
		}
	}
	_, err := b.SaveFor(battle.Spectator)
	require.Error(t, err)
}

// A saved battle is refused, with the field and the reason, when its setup
// would be refused as a scenario.
func TestLoadRefusesASetupAScenarioWouldRefuse(t *testing.T) {
	data, err := midGame(t).Save()
	require.NoError(t, err)
	bowTie := physics.Polygon{physics.V(600, 400), physics.V(800, 500), physics.V(800, 400), physics.V(600, 500)}
	for _, c := range []struct {
		name   string
		change func(s *battle.Setup)
		want   []string
	}{
		{"unknown pilot", func(s *battle.Setup) { s.Ships[0].Pilot = "legend" }, []string{"setup.Ships[0].Pilot", `"legend"`, "allowed: nugget"}},
		{"unknown talent", func(s *battle.Setup) { s.Ships[0].Talents = []string{"telepathy"} }, []string{"setup.Ships[0].Talents[0]", `"telepathy"`}},
		{"bow-tie field", func(s *battle.Setup) { s.Obstacles[1].Polygon = bowTie }, []string{"setup.Obstacles[1].Polygon", "simple polygon"}},
		{"negative radius", func(s *battle.Setup) { s.Obstacles[0].Circle.R = -5 }, []string{"setup.Obstacles[0].Circle.R", "more than 0"}},
		{"unknown victory kind", func(s *battle.Setup) { s.Victory[0].Kind = "bribe" }, []string{"setup.Victory[0].kind", `"bribe"`, "eliminate-all"}},
		{"nonsense turn limit", func(s *battle.Setup) { s.TurnLimit = -3 }, []string{"setup.TurnLimit", "-3"}},
		{"a table 1e12 mm wide", func(s *battle.Setup) { s.Width = 1e12 }, []string{"setup.Width", "at most 4000 mm"}},
		{"coordinates of 1e19", func(s *battle.Setup) { s.Ships[1].Pose.Pos.X = 1e19 }, []string{"setup.Ships[1].Pose.Pos", "allowed: coordinates"}},
		{"a terminal escape in an id", func(s *battle.Setup) { s.Obstacles[0].ID = "rock\x1b[2J" }, []string{"setup.Obstacles[0].ID", `\x1b`, "printable"}},
		{"100,000 vertices", func(s *battle.Setup) { s.Obstacles[1].Polygon = make(physics.Polygon, 100_000) }, []string{"setup.Obstacles[1].Polygon", "a list of more than 20000 items"}},
		{"1000 vertices", func(s *battle.Setup) { s.Obstacles[1].Polygon = make(physics.Polygon, 1000) }, []string{"setup.Obstacles[1].Polygon", "1000 vertices"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s battle.Saved
			require.NoError(t, json.Unmarshal(data, &s))
			c.change(&s.Setup)
			bad, _ := json.Marshal(s)
			_, err := battle.Load(bad, comp)
			require.Error(t, err)
			for _, w := range c.want {
				assert.Contains(t, err.Error(), w)
			}
			assert.NotContains(t, err.Error(), "\x1b", "no escape printed raw")
		})
	}
}

// A saved battle is refused when a command is illegal at its point: the
// entry, the command and the engine's reason.
func TestLoadRefusesAnIllegalCommandAtItsPoint(t *testing.T) {
	data, err := midGame(t).Save()
	require.NoError(t, err)
	var saved battle.Saved
	require.NoError(t, json.Unmarshal(data, &saved))
	last := len(saved.Journal) - 1
	require.Equal(t, battle.CmdPlan, saved.Journal[last].Command.Type)
	for _, c := range []struct {
		name   string
		change func(j []battle.Entry)
		want   string
	}{
		{"no side", func(j []battle.Entry) { j[last].Command.Side = "" }, "allowed: colonial, cylon"},
		{"the other side's ship", func(j []battle.Entry) { j[last].Command.Side = j[last].Command.Side.Opponent() }, "cannot command it"},
		{"declare while planning", func(j []battle.Entry) { j[last].Command = battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon} }, "not a firing step"},
		{"a second begin", func(j []battle.Entry) { j[0].Command.Side = battle.Colonial }, "journal[0].command"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var s battle.Saved
			require.NoError(t, json.Unmarshal(data, &s))
			c.change(s.Journal)
			bad, _ := json.Marshal(s)
			_, err := battle.Load(bad, comp)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.want)
			if c.name != "a second begin" {
				assert.Contains(t, err.Error(), fmt.Sprintf("journal[%d].command", last))
			}
		})
	}
}

// Hostile saved files: too big, or not JSON at all, are refused at once
// with the reason (and the line for bad JSON).
func TestLoadRefusesHostileFiles(t *testing.T) {
	_, err := battle.Load(make([]byte, 50<<20), comp)
	require.ErrorContains(t, err, fmt.Sprintf("allowed: at most %d", limits.FileBytes))
	_, err = battle.Load([]byte("{\n \"format\": 1,\n \"seed\": \"x\"\n}"), comp)
	require.ErrorContains(t, err, "line 3")
	_, err = battle.Load([]byte(`{"format": 1, "extra": 2}`), comp)
	require.ErrorContains(t, err, "extra")

	// 4 MB of short journal entries would take 130 MB decoded: the
	// lists are counted first, at no memory per entry.
	huge := []byte(`{"format": 1, "journal": [` + strings.Repeat(`{"command": {"type": "begin"}},`, 120_000) + `{}]}`)
	require.Less(t, len(huge), limits.FileBytes)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err = battle.LoadFile("huge.json", huge, comp)
	runtime.ReadMemStats(&after)
	require.ErrorContains(t, err, "huge.json:1: journal: a list of more than 20000 items; allowed: at most 20000")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(48<<20), "allocated %d MB", (after.TotalAlloc-before.TotalAlloc)>>20)
}

// FuzzLoad reads any bytes as a saved battle (and as a player's side
// copy): never a panic or a hang; a battle that loads saves to a file that
// loads to the same state, and shows both sides views without leaks.
func FuzzLoad(f *testing.F) {
	// A small battle, saved after each command of its first turns: each
	// input replays fast.
	half, err := battle.New(setup(with(complete, starship.OptAttackDeclaration),
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 1),
		spec("raider", "cylon-raider", battle.Cylon, 450, 600, 270, 1)), comp, 5)
	require.NoError(f, err)
	for range 6 {
		for _, s := range half.State().Ships {
			if s.Active() && half.Phase() == battle.Planning {
				_, _ = half.Apply(battle.Command{Type: battle.CmdPlan, Side: s.Side, Ship: s.ID, Plan: stop()})
			}
		}
		_, _ = half.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
		for _, side := range battle.Sides {
			_, _ = half.Apply(battle.Command{Type: battle.CmdDeclare, Side: side, Shots: []battle.Shot{}})
		}
		data, err := half.Save()
		require.NoError(f, err)
		f.Add(data)
	}
	side, err := half.SaveFor(battle.Cylon)
	require.NoError(f, err)
	f.Add(side)
	f.Add([]byte(`{"format": 1, "setup": {"Width": 1e308}, "journal": []}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if _, err := battle.LoadSideCopy(data, comp); err != nil {
			assert.NotContains(t, err.Error(), "\x1b")
		}
		b, err := battle.Load(data, comp)
		if err != nil {
			assert.NotContains(t, err.Error(), "\x1b", "no escape printed raw")
			return
		}
		again, err := b.Save()
		require.NoError(t, err)
		c, err := battle.Load(again, comp)
		require.NoError(t, err, "a loaded battle saves to a file that loads")
		assert.Equal(t, b.Hash(), c.Hash())
		st := b.State()
		for _, s := range battle.Sides {
			assert.Empty(t, battletest.Leaks(st, b.Seed(), s, b.Observe(s, nil), nil))
		}
	})
}

// Every problem of a saved file is located: the file, the line of the
// field, the field and what is allowed.
func TestLoadFileNamesTheLineOfEachProblem(t *testing.T) {
	data, err := midGame(t).Save()
	require.NoError(t, err)
	lineOf := func(data []byte, s string) int {
		i := bytes.Index(data, []byte(s))
		require.GreaterOrEqual(t, i, 0, s)
		return 1 + bytes.Count(data[:i], []byte("\n"))
	}
	var s battle.Saved
	require.NoError(t, json.Unmarshal(data, &s))
	s.Setup.Ships[1].Pilot = "legend"
	bad, err := json.MarshalIndent(s, "", "  ")
	require.NoError(t, err)
	_, err = battle.LoadFile("game.json", bad, comp)
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("game.json:%d: setup.Ships[1].Pilot: ", lineOf(bad, `"legend"`)))

	require.NoError(t, json.Unmarshal(data, &s))
	last := len(s.Journal) - 1
	s.Journal[last].Command.Side = ""
	bad, err = json.MarshalIndent(s, "", "  ")
	require.NoError(t, err)
	_, err = battle.LoadFile("game.json", bad, comp)
	require.Error(t, err)
	// The last entry's command is the file's last "command".
	i := bytes.LastIndex(bad, []byte(`"command"`))
	want := 1 + bytes.Count(bad[:i], []byte("\n"))
	assert.Contains(t, err.Error(), fmt.Sprintf("game.json:%d: journal[%d].command: refused at its point (plan, turn ", want, last))
	var l yamlfile.List
	require.ErrorAs(t, err, &l, "the problems as data")
	require.Equal(t, fmt.Sprintf("journal[%d].command", last), l[0].Field)
	require.Equal(t, want, l[0].Line)
	require.Equal(t, "game.json", l[0].File)

	_, err = battle.LoadFile("game.json", []byte("{\n \"format\": 1,\n \"seed\": \"x\"\n}"), comp)
	require.ErrorContains(t, err, "game.json:3: saved battle: ")
	_, err = battle.LoadFile("game.json", []byte("{\n \"format\": 7\n}"), comp)
	require.ErrorContains(t, err, "game.json:2: format: 7; this program reads format")
}
