package battle_test

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

var updateCorpus = flag.Bool("update-corpus", false, "play the corpus games again and rewrite testdata/corpus (only when a rule is meant to change outcomes)")

// corpusDir holds the fixed corpus of games: NAME.json is a saved battle
// (setup, seed, journal of commands with every die and counter drawn),
// NAME.outcome what replaying it gives, turn by turn.
const corpusDir = "testdata/corpus"

// corpusGames are the corpus: every built-in scenario, and every rule
// option of the rulebook (starship.Options) in at least one game, each
// under the Quick Start Rules where the rulebook allows it (Fuel,
// Tailing) and under the Complete Rules. Computer players make the
// moves: random ones plan illegal moves too (corrections, counters).
var corpusGames = []struct {
	name, scenario  string
	rules           *starship.Rules // nil: the scenario's
	colonial, cylon string
	seed            uint64
}{
	{"hand-of-god", "hand-of-god", nil, "greedy", "random", 1},
	{"hand-of-god-fuel-tailing", "hand-of-god", &starship.Rules{Set: starship.Quick, Options: []starship.Option{starship.OptFuel, starship.OptTailing}}, "random", "greedy", 2},
	{"escort", "escort", nil, "greedy", "greedy", 3},
	{"anchorage", "anchorage", nil, "greedy", "random", 4},
	{"asteroid-ambush", "asteroid-ambush", nil, "random", "greedy", 5},
	{"furball", "furball", nil, "greedy", "greedy", 6},
	{"jump-point", "jump-point", nil, "easy", "easy", 7},
	{"furball-every-option", "furball", &starship.Rules{Set: starship.Complete, Options: starship.Options}, "random", "greedy", 8},
	{"jump-point-every-option", "jump-point", &starship.Rules{Set: starship.Complete, Options: starship.Options}, "greedy", "random", 9},
	{"asteroid-ambush-every-option", "asteroid-ambush", &starship.Rules{Set: starship.Complete, Options: starship.Options}, "greedy", "greedy", 10},
}

// TestCorpusReplaysUnchanged replays every game of the corpus from its
// journal: each command must be accepted at its point and draw exactly
// the dice and counters recorded (battle.Replay), and the game must go
// through the same states, turn by turn, as recorded in NAME.outcome,
// byte for byte. A change that claims "outcomes unchanged" passes it
// untouched; one that changes a rule's outcome fails it here, and the
// corpus is rewritten (go test ./battle -run TestCorpusReplaysUnchanged
// -update-corpus) in a commit of its own that names the rule.
func TestCorpusReplaysUnchanged(t *testing.T) {
	if *updateCorpus {
		require.NoError(t, os.MkdirAll(corpusDir, 0o755))
		for _, g := range corpusGames {
			writeCorpusGame(t, g.name, g.scenario, g.rules, g.colonial, g.cylon, g.seed)
		}
	}
	options := map[starship.Option]bool{}
	sets := map[starship.RuleSet]bool{}
	for _, g := range corpusGames {
		t.Run(g.name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(corpusDir, g.name+".json"))
			require.NoError(t, err, "go test ./battle -run TestCorpusReplaysUnchanged -update-corpus writes it")
			var s battle.Saved
			require.NoError(t, json.Unmarshal(data, &s))
			sets[s.Setup.Rules.Set] = true
			for _, o := range s.Setup.Rules.Options {
				options[o] = true
			}
			got, err := corpusOutcome(s)
			require.NoError(t, err)
			want, err := os.ReadFile(filepath.Join(corpusDir, g.name+".outcome"))
			require.NoError(t, err)
			assert.Equal(t, string(want), got, "the replay of %s goes otherwise", g.name)
		})
	}
	for _, o := range starship.Options {
		assert.True(t, options[o], "no game of the corpus plays the %s option", o)
	}
	assert.True(t, sets[starship.Quick] && sets[starship.Complete], "both rule sets")
}

// writeCorpusGame plays a corpus game and writes its saved battle and
// its outcome.
func writeCorpusGame(t *testing.T, name, scenario string, rules *starship.Rules, colonial, cylon string, seed uint64) {
	t.Helper()
	setup, ok := scenarios.Builtin(scenario)
	require.True(t, ok, scenario)
	if rules != nil {
		setup.Rules = starship.Rules{Set: rules.Set, Options: slices.Clone(rules.Options)}
	}
	b, err := battle.New(setup, comp, seed)
	require.NoError(t, err, name)
	pc, err := policy.ByName(colonial)
	require.NoError(t, err)
	py, err := policy.ByName(cylon)
	require.NoError(t, err)
	require.NoError(t, policy.Play(b, comp, map[battle.Side]policy.Policy{battle.Colonial: pc, battle.Cylon: py}, seed), name)
	data, err := b.Save()
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(corpusDir, name+".json"), append(data, '\n'), 0o644))
	var s battle.Saved
	require.NoError(t, json.Unmarshal(data, &s))
	out, err := corpusOutcome(s)
	require.NoError(t, err, name)
	require.NoError(t, os.WriteFile(filepath.Join(corpusDir, name+".outcome"), []byte(out), 0o644))
}

// corpusOutcome replays a saved battle (every command at its point, every
// draw as recorded) and describes what it goes through: each ship at the
// start of every turn and at the end, and the result. Poses to the
// micrometre; damage, kinetic energy, fuel, level and dial exactly.
func corpusOutcome(s battle.Saved) (string, error) {
	var out strings.Builder
	turn := 0
	describe := func(st battle.State) {
		fmt.Fprintf(&out, "turn %d\n", st.Turn)
		for _, sh := range st.Ships {
			fmt.Fprintf(&out, "  %s", sh.ID)
			switch {
			case sh.Out:
				fmt.Fprintf(&out, " out on turn %d: %v\n", sh.OutTurn, sh.Cause)
				continue
			case !sh.OnTable:
				fmt.Fprintf(&out, " not in play\n")
				continue
			}
			p := sh.Ship.Pose
			fmt.Fprintf(&out, " at (%.3f, %.3f) heading %.3f° dial %d level %d ke %d fuel %d damage %d counters %d collisions %d special %+v\n",
				p.Pos.X, p.Pos.Y, p.Heading.Degrees(), sh.Ship.Rotation, sh.Ship.Level, sh.Ship.KE, sh.Ship.Fuel,
				damageOf(sh.Counters)+damageOf(sh.Collisions), len(sh.Counters), len(sh.Collisions), sh.Ship.Damage)
		}
	}
	b, err := battle.Replay(s.Setup, comp, s.Seed, s.Journal[:1])
	if err != nil {
		return "", err
	}
	describe(b.State())
	turn = b.Turn()
	for i := 1; i < len(s.Journal); i++ {
		if _, err := b.Apply(s.Journal[i].Command); err != nil {
			return "", fmt.Errorf("journal[%d] (%s, turn %d): refused: %w", i, s.Journal[i].Command.Type, b.Turn(), err)
		}
		if got, want := b.Journal()[i].Draws, s.Journal[i].Draws; fmt.Sprint(got) != fmt.Sprint(want) {
			return "", fmt.Errorf("journal[%d] (%s, turn %d): drew %v, the journal says %v", i, s.Journal[i].Command.Type, b.Turn(), got, want)
		}
		if st := b.State(); st.Turn != turn || st.Phase == battle.Over {
			turn = st.Turn
			describe(st)
		}
	}
	if r := b.Result(); r != nil {
		fmt.Fprintf(&out, "result: %q on turn %d: %v\n", r.Winner, r.Turn, r.Reason)
	} else {
		fmt.Fprintf(&out, "unfinished\n")
	}
	return out.String(), nil
}

func damageOf(cs []battle.Counter) int {
	n := 0
	for _, c := range cs {
		n += c.Value
	}
	return n
}
