package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// simGames keeps the sim tests quick: a greedy battle takes under a
// tenth of a second.
const simGames = 10

func TestSimIsDeterministic(t *testing.T) {
	for _, extra := range [][]string{nil, {"-json", "-colonial", "random", "-cylon", "random"}} {
		t.Run(strings.Join(append([]string{"sim"}, extra...), " "), func(t *testing.T) {
			t.Parallel()
			args := append([]string{"sim", "-games", fmt.Sprint(simGames), "-seed", "7"}, extra...)
			code1, out1, err1 := runCLI(t, "", args...)
			require.Equal(t, 0, code1, err1)
			code2, out2, err2 := runCLI(t, "", args...)
			require.Equal(t, 0, code2, err2)
			assert.Equal(t, out1, out2, "the same seed must give the same output byte for byte")
			// stderr is no terminal here: no progress bar, nothing at all.
			assert.Empty(t, err1)
		})
	}
	// Another seed plays other games.
	_, a, _ := runCLI(t, "", "sim", "-games", "3", "-seed", "7", "-json")
	_, b, _ := runCLI(t, "", "sim", "-games", "3", "-seed", "8", "-json")
	assert.NotEqual(t, a, b)
}

func TestSimCountsAddUp(t *testing.T) {
	const seed = 11
	code, out, errOut := runCLI(t, "", "sim", "-games", fmt.Sprint(simGames), "-seed", fmt.Sprint(seed), "-json", "-colonial", "random")
	require.Equal(t, 0, code, errOut)
	var doc simDoc
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "hand-of-god", doc.Scenario)
	assert.Equal(t, simGames, doc.Games)
	assert.Equal(t, uint64(seed), doc.Seed)
	assert.Equal(t, "random", doc.Colonial)
	assert.Equal(t, "greedy", doc.Cylon)
	assert.Equal(t, simGames, doc.Wins.Colonial+doc.Wins.Cylon+doc.Draws)
	require.Len(t, doc.Results, simGames)

	var wins simWins
	draws, turns := 0, 0
	for i, r := range doc.Results {
		assert.Equal(t, i+1, r.Game)
		assert.Equal(t, uint64(seed)*simSeedFactor+uint64(i+1), r.Seed, "game %d", r.Game)
		assert.Positive(t, r.Turns)
		assert.NotEmpty(t, r.Reason)
		switch r.Winner {
		case "colonial":
			wins.Colonial++
		case "cylon":
			wins.Cylon++
		case "draw":
			draws++
		default:
			t.Errorf("game %d: winner %q; want colonial, cylon or draw", r.Game, r.Winner)
		}
		turns += r.Turns
	}
	assert.Equal(t, wins, doc.Wins)
	assert.Equal(t, draws, doc.Draws)
	assert.InDelta(t, float64(turns)/simGames, doc.MeanTurns, 1e-12)
}

func TestSimText(t *testing.T) {
	code, out, errOut := runCLI(t, "", "sim", "-games", "4", "-seed", "2")
	require.Equal(t, 0, code, errOut)
	_, js, _ := runCLI(t, "", "sim", "-games", "4", "-seed", "2", "-json")
	var doc simDoc
	require.NoError(t, json.Unmarshal([]byte(js), &doc))
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	require.Len(t, lines, 5, out)
	assert.Equal(t, "The Hand of God (hand-of-god, quick rules): greedy (colonial) against greedy (cylon), 4 games, seed 2", lines[0])
	pct := func(n int) string { return fmt.Sprintf("%.1f %%", 100*float64(n)/4) }
	assert.Regexp(t, fmt.Sprintf(`^colonial wins +%d +%s$`, doc.Wins.Colonial, pct(doc.Wins.Colonial)), lines[1])
	assert.Regexp(t, fmt.Sprintf(`^cylon wins +%d +%s$`, doc.Wins.Cylon, pct(doc.Wins.Cylon)), lines[2])
	assert.Regexp(t, fmt.Sprintf(`^draws +%d +%s$`, doc.Draws, pct(doc.Draws)), lines[3])
	assert.Regexp(t, fmt.Sprintf(`^mean turns +%.2f$`, doc.MeanTurns), lines[4])
}

func TestSimJSONShape(t *testing.T) {
	code, out, errOut := runCLI(t, "", "sim", "-games", "2", "-seed", "3", "-json")
	require.Equal(t, 0, code, errOut)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.ElementsMatch(t, []string{"scenario", "rules", "games", "seed", "colonial", "cylon", "wins", "draws", "mean_turns", "results"}, simKeys(doc))
	assert.Equal(t, "hand-of-god", doc["scenario"])
	assert.Equal(t, "quick", doc["rules"])
	assert.EqualValues(t, 2, doc["games"])
	assert.EqualValues(t, 3, doc["seed"])
	assert.Equal(t, "greedy", doc["colonial"])
	assert.Equal(t, "greedy", doc["cylon"])
	require.IsType(t, map[string]any{}, doc["wins"])
	assert.ElementsMatch(t, []string{"colonial", "cylon"}, simKeys(doc["wins"].(map[string]any)))
	assert.IsType(t, float64(0), doc["draws"])
	assert.IsType(t, float64(0), doc["mean_turns"])
	require.IsType(t, []any{}, doc["results"])
	results := doc["results"].([]any)
	require.Len(t, results, 2)
	for _, r := range results {
		require.IsType(t, map[string]any{}, r)
		assert.ElementsMatch(t, []string{"game", "seed", "winner", "turns", "reason"}, simKeys(r.(map[string]any)))
	}
}

func simKeys(m map[string]any) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	return ks
}

func TestSimRulesOverride(t *testing.T) {
	dir := t.TempDir()
	code, out, errOut := runCLI(t, "", "sim", "-games", "1", "-seed", "5", "-rules", "complete", "-json", "-save", dir)
	require.Equal(t, 0, code, errOut)
	var doc simDoc
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Equal(t, "complete", string(doc.Rules))
	saved := readSaved(t, filepath.Join(dir, "game-0001.json"))
	assert.Equal(t, "complete", string(saved.Setup.Rules.Set))
	assert.Equal(t, simGameSeed(5, 1), saved.Seed)
	code, out, errOut = runCLI(t, "", "replay", filepath.Join(dir, "game-0001.json"))
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "The Hand of God: complete rules,")
}

func readSaved(t *testing.T, path string) battle.Saved {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var s battle.Saved
	require.NoError(t, json.Unmarshal(data, &s))
	return s
}

// simSave plays games into a fresh directory and returns it with the sim
// run's results.
func simSave(t *testing.T, games int, seed int) (string, simDoc) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "saves") // sim creates it
	code, out, errOut := runCLI(t, "", "sim", "-games", fmt.Sprint(games), "-seed", fmt.Sprint(seed), "-json", "-save", dir)
	require.Equal(t, 0, code, errOut)
	var doc simDoc
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	return dir, doc
}

func TestSimSaveReplays(t *testing.T) {
	dir, doc := simSave(t, simGames, 4)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	var want []string
	for i := 1; i <= simGames; i++ {
		want = append(want, fmt.Sprintf("game-%04d.json", i))
	}
	require.Equal(t, want, names)

	for i, name := range names {
		path := filepath.Join(dir, name)
		saved := readSaved(t, path)
		res := doc.Results[i]
		assert.Equal(t, res.Seed, saved.Seed, name)

		code, out, errOut := runCLI(t, "", "replay", path)
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		assert.Empty(t, errOut)
		assert.True(t, strings.HasPrefix(out, "hash ok: "+saved.Hash+"\n"), "%s: %.80q", name, out)

		code, js, errOut := runCLI(t, "", "replay", path, "-json") // flags after the file work too
		require.Equal(t, 0, code, "%s: %s", name, errOut)
		var rd replayDoc
		require.NoError(t, json.Unmarshal([]byte(js), &rd))
		assert.Equal(t, saved.Hash, rd.Hash, name)
		require.NotNil(t, rd.Result, name)
		assert.Equal(t, res.Winner, winnerName(rd.Result.Winner), name)
		assert.Equal(t, res.Turns, rd.Turns, name)
		assert.Equal(t, res.Reason, rd.Result.Reason.Text(), name)
		require.NotEmpty(t, rd.Events, name)
		assert.Equal(t, rd.Turns, rd.Events[len(rd.Events)-1].Turn, name)
	}
}

func TestReplayText(t *testing.T) {
	dir, doc := simSave(t, 1, 9)
	path := filepath.Join(dir, "game-0001.json")
	code, out, errOut := runCLI(t, "", "replay", path)
	require.Equal(t, 0, code, errOut)
	_, js, _ := runCLI(t, "", "replay", "-json", path)
	var rd replayDoc
	require.NoError(t, json.Unmarshal([]byte(js), &rd))

	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	assert.Equal(t, fmt.Sprintf("The Hand of God: quick rules, table 900 × 900 mm, seed %d", doc.Results[0].Seed), lines[1])
	assert.Regexp(t, `^  viper-1 +colonial +viper-mk2 +average pilot$`, lines[2])
	assert.Regexp(t, `^  raider-2 +cylon +cylon-raider +average pilot$`, lines[5])
	assert.Equal(t, "Turn 1", lines[6])
	// Every event is printed once, in order, secret ones marked.
	var events []string
	secrets := 0
	for _, l := range lines[6 : len(lines)-1] {
		if strings.HasPrefix(l, "  ") {
			events = append(events, strings.TrimPrefix(l, "  "))
		}
	}
	var told []battle.Event
	for _, e := range rd.Events {
		if e.Text() != "" { // the start of a movement step has no sentence
			told = append(told, e)
		}
	}
	require.Len(t, events, len(told))
	for i, e := range told {
		want := e.Text()
		if e.Secret {
			want += fmt.Sprintf(" (secret to %s)", e.Side)
			secrets++
		}
		assert.Equal(t, want, events[i])
	}
	assert.Positive(t, secrets, "a whole battle deals damage counters, which are secret")
	r := doc.Results[0]
	if r.Winner == "draw" {
		assert.Equal(t, fmt.Sprintf("Result: a draw on turn %d: %s.", r.Turns, r.Reason), lines[len(lines)-1])
	} else {
		assert.Equal(t, fmt.Sprintf("Result: %s wins on turn %d: %s.", r.Winner, r.Turns, r.Reason), lines[len(lines)-1])
	}

	// Stdin works as well.
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	code, fromStdin, errOut := runCLI(t, string(data), "replay", "-")
	require.Equal(t, 0, code, errOut)
	assert.Equal(t, out, fromStdin)
}

func TestReplayTampered(t *testing.T) {
	dir, _ := simSave(t, 1, 6)
	data, err := os.ReadFile(filepath.Join(dir, "game-0001.json"))
	require.NoError(t, err)
	var saved battle.Saved
	require.NoError(t, json.Unmarshal(data, &saved))

	t.Run("die", func(t *testing.T) {
		s := saved
		s.Journal = cloneJournal(saved.Journal)
		entry := -1
		for i := 1; i < len(s.Journal) && entry < 0; i++ {
			for k, d := range s.Journal[i].Draws {
				if d.What == "d6" {
					s.Journal[i].Draws[k].Value = d.Value%6 + 1 // another face
					entry = i
					break
				}
			}
		}
		require.Positive(t, entry, "the battle rolls no die")
		path := writeSaved(t, s)
		code, out, errOut := runCLI(t, "", "replay", path)
		assert.Equal(t, 1, code)
		assert.Empty(t, out)
		assert.Contains(t, errOut, path)
		assert.Contains(t, errOut, fmt.Sprintf("journal[%d].draws[", entry))
	})
	t.Run("hash", func(t *testing.T) {
		s := saved
		s.Hash = "0123456789abcdef"
		code, out, errOut := runCLI(t, "", "replay", writeSaved(t, s))
		assert.Equal(t, 1, code)
		assert.Empty(t, out)
		assert.Contains(t, errOut, "0123456789abcdef")
	})
	t.Run("intact", func(t *testing.T) {
		code, out, errOut := runCLI(t, "", "replay", writeSaved(t, saved))
		require.Equal(t, 0, code, errOut)
		assert.Contains(t, out, "hash ok: "+saved.Hash)
	})
}

func cloneJournal(j []battle.Entry) []battle.Entry {
	c := make([]battle.Entry, len(j))
	for i, e := range j {
		c[i] = e
		c[i].Draws = append([]battle.Draw(nil), e.Draws...)
	}
	return c
}

func writeSaved(t *testing.T, s battle.Saved) string {
	t.Helper()
	data, err := json.MarshalIndent(s, "", "  ")
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "battle.json")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	return path
}

func TestSimReplayExitCodes(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "no-such.json")
	notJSON := filepath.Join(t.TempDir(), "bad.json")
	require.NoError(t, os.WriteFile(notJSON, []byte("not json"), 0o644))
	tests := []struct {
		name string
		args []string
		code int
		says []string
	}{
		{"unknown scenario", []string{"sim", "-scenario", "nope"}, 2, []string{`"nope"`, "hand-of-god"}},
		{"unknown colonial policy", []string{"sim", "-colonial", "smart"}, 2, []string{`-colonial "smart"`, "random, greedy"}},
		{"unknown cylon policy", []string{"sim", "-cylon", "smart"}, 2, []string{`-cylon "smart"`, "random, greedy"}},
		{"bad rules", []string{"sim", "-rules", "advanced"}, 2, []string{"quick, complete"}},
		{"no games", []string{"sim", "-games", "0"}, 2, []string{"-games 0"}},
		{"two billion games", []string{"sim", "-games", "2000000000"}, 2, []string{"-games 2000000000", "allowed: 1 to 100000"}},
		{"bad seed", []string{"sim", "-seed", "-1"}, 2, []string{"-seed"}},
		{"sim takes no arguments", []string{"sim", "extra"}, 2, []string{"takes no arguments"}},
		{"unknown flag", []string{"sim", "-fast"}, 2, []string{"-fast"}},
		{"sim help", []string{"sim", "-h"}, 0, []string{"usage: bsg sim", "-games"}},
		{"replay without file", []string{"replay"}, 2, []string{"expected one saved battle"}},
		{"replay two files", []string{"replay", "a.json", "b.json"}, 2, []string{"got 2"}},
		{"replay missing file", []string{"replay", missing}, 1, []string{"no-such.json"}},
		{"replay not JSON", []string{"replay", notJSON}, 1, []string{"saved battle"}},
		{"replay help", []string{"replay", "-h"}, 0, []string{"usage: bsg replay"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			assert.Empty(t, out)
			for _, s := range tt.says {
				assert.Contains(t, errOut, s)
			}
		})
	}
}

func TestSimVerboseTimesOnStderr(t *testing.T) {
	code, out, errOut := runCLI(t, "", "sim", "-games", "1", "-seed", "1", "-v")
	require.Equal(t, 0, code, errOut)
	_, quiet, _ := runCLI(t, "", "sim", "-games", "1", "-seed", "1")
	assert.Equal(t, quiet, out, "timing never reaches stdout")
	assert.Contains(t, errOut, "per battle")
}

func TestSimAndReplayAreListed(t *testing.T) {
	code, _, errOut := runCLI(t, "", "help")
	require.Equal(t, 0, code)
	assert.Contains(t, errOut, "  sim ")
	assert.Contains(t, errOut, "  replay ")
}

// Every game gets a secret seed unless one is asked for: two runs without
// -seed play different seeds, and each prints its seed so that -seed
// plays the same games again.
func TestSimWithoutSeedDrawsASecretSeed(t *testing.T) {
	var seeds []uint64
	for range 2 {
		code, out, errOut := runCLI(t, "", "sim", "-games", "1", "-json")
		require.Equal(t, 0, code, errOut)
		var doc simDoc
		require.NoError(t, json.Unmarshal([]byte(out), &doc))
		seeds = append(seeds, doc.Seed)
		code, again, errOut := runCLI(t, "", "sim", "-games", "1", "-json", "-seed", fmt.Sprint(doc.Seed))
		require.Equal(t, 0, code, errOut)
		assert.JSONEq(t, out, again, "the printed seed plays the same games")
	}
	assert.NotEqual(t, seeds[0], seeds[1])
}

// TestSimPlaysAScenarioFile: -scenario also takes a scenario file (to
// measure a variant before it becomes a built-in one): the built-in
// scenario's own file plays the same games as its name, a changed file
// plays the change, and a broken one is refused with its file and line.
func TestSimPlaysAScenarioFile(t *testing.T) {
	_, src, ok := scenarios.Source("hand-of-god")
	require.True(t, ok)
	same := writeFile(t, "hog.yaml", string(src))
	_, byName, _ := runCLI(t, "", "sim", "-games", "3", "-seed", "4", "-json")
	code, byFile, errOut := runCLI(t, "", "sim", "-scenario", same, "-games", "3", "-seed", "4", "-json")
	require.Equal(t, 0, code, errOut)
	var a, b simDoc
	require.NoError(t, json.Unmarshal([]byte(byName), &a))
	require.NoError(t, json.Unmarshal([]byte(byFile), &b))
	assert.Equal(t, same, b.Scenario)
	assert.Equal(t, a.Results, b.Results)

	short := writeFile(t, "short.yaml", strings.Replace(string(src), "rules: quick\n", "rules: quick\nturn_limit: 1\n", 1))
	code, out, errOut := runCLI(t, "", "sim", "-scenario", short, "-games", "3", "-seed", "4")
	require.Equal(t, 0, code, errOut)
	assert.Contains(t, out, "The Hand of God ("+short+", quick rules)")
	assert.Regexp(t, `(?m)^mean turns +1\.00$`, out)

	broken := writeFile(t, "broken.yaml", strings.Replace(string(src), "rules: quick\n", "rules: quick\nturn_limit: -3\n", 1))
	code, _, errOut = runCLI(t, "", "sim", "-scenario", broken, "-games", "1")
	assert.NotEqual(t, 0, code)
	assert.Contains(t, errOut, "broken.yaml")
	assert.Contains(t, errOut, "turn_limit")
}

// TestSimTurnLimit: the players choose a turn limit for a scenario without
// one (The Hand of God plays to the last ship, Winning the game); a
// scenario's own limit stays (The Jump Point's 15 turns).
func TestSimTurnLimit(t *testing.T) {
	code, out, errOut := runCLI(t, "", "sim", "-turn-limit", "1", "-games", "3", "-seed", "4")
	require.Equal(t, 0, code, errOut)
	assert.Regexp(t, `(?m)^mean turns +1\.00$`, out)
	assert.Regexp(t, `(?m)^draws +3 `, out)
	_, plain, _ := runCLI(t, "", "sim", "-scenario", "jump-point", "-games", "2", "-seed", "4", "-json")
	_, limited, _ := runCLI(t, "", "sim", "-scenario", "jump-point", "-turn-limit", "1", "-games", "2", "-seed", "4", "-json")
	assert.Equal(t, plain, limited, "jump-point keeps its own limit")
	code, _, errOut = runCLI(t, "", "sim", "-turn-limit", "-1", "-games", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-turn-limit -1")
	code, _, errOut = runCLI(t, "", "tournament", "-turn-limit", "999", "-games", "1")
	assert.Equal(t, 2, code)
	assert.Contains(t, errOut, "-turn-limit 999")
}
