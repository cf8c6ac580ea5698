package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// simSeedFactor spreads the games of different sim seeds apart: game i
// (from 1) of a run with seed S plays with the battle seed
// S*simSeedFactor + i (wrapping around in uint64). The same seed drives
// the engine (battle.New) and both policies (policy.Play). The factor is a
// prime above any sensible number of games, so runs with neighbouring
// seeds share no game.
const simSeedFactor = 1_000_003

// simGameSeed returns the battle seed of game i (from 1) of a sim run.
func simGameSeed(seed uint64, i int) uint64 { return seed*simSeedFactor + uint64(i) }

// simDoc is the JSON answer of bsg sim.
type simDoc struct {
	Scenario  string           `json:"scenario"`
	Rules     starship.RuleSet `json:"rules"`
	Games     int              `json:"games"`
	Seed      uint64           `json:"seed"`
	Colonial  string           `json:"colonial"`
	Cylon     string           `json:"cylon"`
	Wins      simWins          `json:"wins"`
	Draws     int              `json:"draws"`
	MeanTurns float64          `json:"mean_turns"`
	Results   []simResult      `json:"results"`
}

// simWins counts the games each side won.
type simWins struct {
	Colonial int `json:"colonial"`
	Cylon    int `json:"cylon"`
}

// simResult is one game of a sim run.
type simResult struct {
	Game   int    `json:"game"`
	Seed   uint64 `json:"seed"`
	Winner string `json:"winner"` // colonial, cylon or draw
	Turns  int    `json:"turns"`
	Reason string `json:"reason"`
}

// simGCPercent is the garbage collector's target while sim plays (unless
// GOGC is set): a battle keeps little memory alive, so at Go's default of
// 100 the collector runs every few megabytes allocated and takes about a
// third of the CPU; at 400 sim needs about 40% less CPU and some 50 MB.
const simGCPercent = 400

// simDraw is the winner of a drawn game in sim and replay output.
const simDraw = "draw"

func runSim(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("sim", "sim [-scenario NAME|FILE] [-games N] [-seed S] [-colonial POLICY] [-cylon POLICY] [-rules quick|complete] [-turn-limit N] [-json] [-save DIR] [-v]\n\n"+
		"Plays N battles between computer players on a scenario and counts the wins.\n"+
		fmt.Sprintf("Game i (from 1) plays with the battle seed S*%d + i, for the engine and both players,\n", simSeedFactor)+
		"so the same flags give the same output, byte for byte. Without -seed the run draws a secret\n"+
		"seed and prints it (give it back with -seed to play the same games again)", stderr)
	scenario := fs.String("scenario", scenarios.Default, "the `scenario`: a built-in one ("+strings.Join(scenarios.Names(), ", ")+") or a scenario file")
	games := fs.Int("games", 100, "how many battles to play (1 or more)")
	seed := fs.Uint64("seed", 0, "the run's `seed` (default: a secret one, printed with the results)")
	colonial := fs.String("colonial", "greedy", "the Colonial player's `policy`: "+strings.Join(policy.Names, ", "))
	cylon := fs.String("cylon", "greedy", "the Cylon player's `policy`: "+strings.Join(policy.Names, ", "))
	rules := fs.String("rules", "", "play with this rule `set` instead of the scenario's, keeping its options: quick, complete")
	asJSON := fs.Bool("json", false, "print JSON with every game's result instead of sentences")
	save := fs.String("save", "", "write each battle's journal to `DIR`/game-0001.json and so on (bsg replay reads them)")
	verbose := fs.Bool("v", false, "print the time per battle on stderr")
	drawAfter := fs.Int("turn-limit", 0, "for a scenario without a turn limit of its own, end a game still undecided after `N` turns in a draw (a proposal for computer runs, not a rule: the rulebook plays on until a side has no ship); 0: none")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments, got %q", fs.Args())
	}
	if *games < 1 || *games > limits.SimGames {
		return usagef("-games %d: allowed: 1 to %d", *games, limits.SimGames)
	}
	seedGiven := false
	fs.Visit(func(f *flag.Flag) { seedGiven = seedGiven || f.Name == "seed" })
	if !seedGiven {
		s, err := battle.SecretSeed()
		if err != nil {
			return err
		}
		*seed = s
	}
	comp, err := loadComponents("")
	if err != nil {
		return err
	}
	setup, title, err := simScenario(*scenario, stdin, comp)
	if err != nil {
		return err
	}
	if setup, err = withTurnLimit(setup, *drawAfter); err != nil {
		return err
	}
	if os.Getenv("GOGC") == "" {
		defer debug.SetGCPercent(debug.SetGCPercent(simGCPercent))
	}
	for _, p := range []struct{ flag, name string }{{"colonial", *colonial}, {"cylon", *cylon}} {
		if !slices.Contains(policy.Names, p.name) {
			return usagef("-%s %q: no such policy; allowed: %s", p.flag, p.name, strings.Join(policy.Names, ", "))
		}
	}
	switch set := starship.RuleSet(*rules); set {
	case "":
	case starship.Quick, starship.Complete:
		setup.Rules.Set = set
	default:
		return usagef("-rules %q: allowed: %s, %s", *rules, starship.Quick, starship.Complete)
	}
	if *save != "" {
		if err := os.MkdirAll(*save, 0o755); err != nil {
			return err
		}
	}

	doc := simDoc{Scenario: *scenario, Rules: setup.Rules.Set, Games: *games, Seed: *seed,
		Colonial: *colonial, Cylon: *cylon, Results: make([]simResult, 0, min(*games, 1024))}
	maker := battle.NewMaker(comp)
	bar := simProgress(stderr, *games)
	var elapsed time.Duration
	turns := 0
	for i := 1; i <= *games; i++ {
		start := time.Now()
		r, err := simGame(maker, setup, comp, *colonial, *cylon, simGameSeed(*seed, i), i, *save)
		elapsed += time.Since(start)
		if err != nil {
			if bar != nil {
				_ = bar.Clear()
			}
			return err
		}
		switch r.Winner {
		case string(battle.Colonial):
			doc.Wins.Colonial++
		case string(battle.Cylon):
			doc.Wins.Cylon++
		default:
			doc.Draws++
		}
		turns += r.Turns
		doc.Results = append(doc.Results, r)
		if bar != nil {
			_ = bar.Add(1)
		}
	}
	if bar != nil {
		_ = bar.Finish()
	}
	doc.MeanTurns = float64(turns) / float64(*games)
	if *verbose {
		fmt.Fprintf(stderr, "bsg sim: %d battles in %v, %v per battle (engine and policies)\n",
			*games, elapsed.Round(time.Millisecond), (elapsed / time.Duration(*games)).Round(time.Microsecond))
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	return writeSimText(stdout, doc, title)
}

// withTurnLimit gives a setup without a turn limit of its own the
// -turn-limit the players chose (0: none, the rulebook's ending: Winning
// the game). A scenario's own limit is part of its design and stays.
func withTurnLimit(setup battle.Setup, n int) (battle.Setup, error) {
	if n < 0 || n > limits.TurnLimit {
		return setup, usagef("-turn-limit %d: allowed: 0 (none) to %d", n, limits.TurnLimit)
	}
	if setup.TurnLimit == 0 {
		setup.TurnLimit = n
	}
	return setup, nil
}

// simScenario returns the setup and title of -scenario: a built-in
// scenario's name, or a scenario file (- is stdin), to measure a variant
// before it becomes a built-in one.
func simScenario(arg string, stdin io.Reader, comp *assets.Components) (battle.Setup, string, error) {
	if setup, ok := scenarios.Builtin(arg); ok {
		return setup, setup.Name, nil
	}
	sc, err := loadScenario(arg, stdin, comp)
	if err != nil {
		return battle.Setup{}, "", fmt.Errorf("-scenario: %w", err)
	}
	setup := sc.Setup()
	return setup, setup.Name, nil
}

// simGame plays one battle, started by maker, to its end and, with dir
// set, saves its journal (also when the battle fails, to look into it).
func simGame(maker *battle.Maker, setup battle.Setup, comp *assets.Components, colonial, cylon string, seed uint64, game int, dir string) (simResult, error) {
	fail := func(err error) (simResult, error) {
		return simResult{}, fmt.Errorf("sim: game %d (battle seed %d): %w", game, seed, err)
	}
	players := map[battle.Side]policy.Policy{}
	for side, name := range map[battle.Side]string{battle.Colonial: colonial, battle.Cylon: cylon} {
		p, err := policy.ByName(name)
		if err != nil {
			return fail(err)
		}
		players[side] = p
	}
	b, err := maker.New(setup, seed)
	if err != nil {
		return fail(err)
	}
	playErr := policy.Play(b, comp, players, seed)
	if dir != "" {
		if err := saveBattle(b, filepath.Join(dir, fmt.Sprintf("game-%04d.json", game))); err != nil {
			return fail(errors.Join(playErr, err))
		}
	}
	if playErr != nil {
		return fail(playErr)
	}
	res := b.Result()
	if res == nil {
		return fail(errors.New("the battle stopped undecided"))
	}
	return simResult{Game: game, Seed: seed, Winner: winnerName(res.Winner), Turns: res.Turn, Reason: res.Reason.Text()}, nil
}

// saveBattle writes a battle's journal to a file.
func saveBattle(b *battle.Battle, path string) error {
	data, err := b.Save()
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

// winnerName is a result's winner in sim and replay output.
func winnerName(s battle.Side) string {
	if s == "" {
		return simDraw
	}
	return string(s)
}

// simProgress returns a progress bar on stderr when stderr is a terminal,
// and nil otherwise (a pipe, a file, a test's buffer).
func simProgress(stderr io.Writer, games int) *progressbar.ProgressBar {
	f, ok := stderr.(*os.File)
	if !ok || !term.IsTerminal(int(f.Fd())) {
		return nil
	}
	return progressbar.NewOptions(games,
		progressbar.OptionSetWriter(stderr),
		progressbar.OptionSetDescription("battles"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetPredictTime(true),
		progressbar.OptionThrottle(100*time.Millisecond),
		progressbar.OptionClearOnFinish(),
	)
}

func writeSimText(w io.Writer, d simDoc, title string) error {
	pct := func(n int) float64 { return 100 * float64(n) / float64(d.Games) }
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, %s rules): %s (colonial) against %s (cylon), %d games, seed %d\n",
		title, d.Scenario, d.Rules, d.Colonial, d.Cylon, d.Games, d.Seed)
	fmt.Fprintf(&b, "colonial wins  %6d  %5.1f %%\n", d.Wins.Colonial, pct(d.Wins.Colonial))
	fmt.Fprintf(&b, "cylon wins     %6d  %5.1f %%\n", d.Wins.Cylon, pct(d.Wins.Cylon))
	fmt.Fprintf(&b, "draws          %6d  %5.1f %%\n", d.Draws, pct(d.Draws))
	fmt.Fprintf(&b, "mean turns     %9.2f\n", d.MeanTurns)
	_, err := io.WriteString(w, b.String())
	return err
}

// replayDoc is the JSON answer of bsg replay.
type replayDoc struct {
	Hash   string         `json:"hash"`
	Result *battle.Result `json:"result"` // null while the battle goes on
	Turns  int            `json:"turns"`
	Events []battle.Event `json:"events"`
}

func runReplay(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("replay", "replay [-json] FILE\n\n"+
		"Replays a saved battle (bsg sim -save), checking every die and counter drawn and the\n"+
		"final state hash, and prints it turn by turn (FILE - is stdin). A finished battle is printed\n"+
		"whole, secret events and seed included; of an unfinished one only what both sides know.\n"+
		"A signed record of a network game is checked whole first: the signature, every\n"+
		"commitment, every turn's dice derivation and the final state hash", stderr)
	asJSON := fs.Bool("json", false, "print JSON instead of sentences")
	key := fs.String("key", "", "a signed record (bsg serve): the server's public `KEY` (hex) it must be signed with")
	link := fs.String("seat", "", "a signed record: a seat `LINK` of the game, whose pinned key the record must be signed with")
	anyKey := fs.Bool("any-key", false, "a signed record: accept it signed with any key (it then proves only that it is consistent, not who played it)")
	// Flags may come before or after the file.
	var files []string
	for rest := args; ; {
		if err := parseFlags(fs, rest); err != nil {
			return err
		}
		if fs.NArg() == 0 {
			break
		}
		files, rest = append(files, fs.Arg(0)), fs.Args()[1:]
	}
	if len(files) != 1 {
		return usagef("expected one saved battle, got %d arguments", len(files))
	}
	comp, err := loadComponents("")
	if err != nil {
		return err
	}
	data, name, err := readInput(files[0], stdin)
	if err != nil {
		return err
	}
	if isRecord(data) {
		want := *key
		if *link != "" {
			j, err := client.ParseLink(*link, "")
			if err != nil {
				return usagef("-seat: %v", err)
			}
			if j.Key == "" {
				return usagef("-seat: the link pins no key (&key=...); give -key")
			}
			if want != "" && want != j.Key {
				return usagef("-key %s: the seat link pins another key, %s", want, j.Key)
			}
			want = j.Key
		}
		if want == "" && !*anyKey {
			return usagef("%s is a signed record: give the server's key (-key KEY, or -seat LINK with the key the link pins); -any-key accepts any signer", name)
		}
		return replayRecord(data, name, want, *asJSON, comp, stdout)
	}
	b, err := battle.LoadFile(name, data, comp)
	if err != nil {
		return err
	}
	var saved battle.Saved
	_ = json.Unmarshal(data, &saved) // Load read it already
	st := b.State()
	if st.Result == nil {
		// Unfinished: neither player may learn the other's secrets here.
		st.Events = battle.VisibleEvents(st.Events, battle.Spectator)
	}
	turns := b.Turn()
	if st.Result != nil {
		turns = st.Result.Turn
	}
	if *asJSON {
		doc := replayDoc{Hash: b.Hash(), Result: st.Result, Turns: turns, Events: st.Events}
		if doc.Events == nil {
			doc.Events = []battle.Event{}
		}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	return writeReplayText(stdout, b, st, saved.Hash != "", saved.Format)
}

// writeReplayText prints a replayed battle; the hash is the one the file's
// format computes (battle.HashFormat), the one checked.
func writeReplayText(w io.Writer, b *battle.Battle, st battle.State, hashChecked bool, format int) error {
	var out strings.Builder
	if hashChecked {
		fmt.Fprintf(&out, "hash ok: %s\n", b.HashFormat(format))
	} else {
		fmt.Fprintf(&out, "hash: %s (the file records none to check)\n", b.Hash())
	}
	setup := b.Setup()
	rules := string(setup.Rules.Set) + " rules"
	if len(setup.Rules.Options) > 0 {
		opts := make([]string, len(setup.Rules.Options))
		for i, o := range setup.Rules.Options {
			opts[i] = string(o)
		}
		rules += " with " + strings.Join(opts, ", ")
	}
	if st.Result != nil {
		fmt.Fprintf(&out, "%s: %s, table %g × %g mm, seed %d\n", setup.Name, rules, setup.Width, setup.Depth, b.Seed())
	} else {
		fmt.Fprintf(&out, "%s: %s, table %g × %g mm; the battle is unfinished: only what both sides know is shown\n", setup.Name, rules, setup.Width, setup.Depth)
	}
	for i, sp := range setup.Ships {
		pilot := sp.Pilot
		if i < len(st.Ships) {
			pilot = st.Ships[i].Ship.Pilot
		}
		if pilot == "" {
			pilot = starship.Average
		}
		fmt.Fprintf(&out, "  %-12s %-9s %-14s %s pilot\n", sp.ID, sp.Side, sp.Class, pilot)
	}
	turn := -1
	for _, e := range st.Events {
		text := e.Text() // the referee's record: every event it holds
		if text == "" {
			continue // no sentence (the start of a movement step)
		}
		if e.Turn != turn {
			turn = e.Turn
			if turn == 0 {
				out.WriteString("Setup\n")
			} else {
				fmt.Fprintf(&out, "Turn %d\n", turn)
			}
		}
		if e.Secret {
			text += fmt.Sprintf(" (secret to %s)", e.Side)
		}
		fmt.Fprintf(&out, "  %s\n", text)
	}
	if r := st.Result; r != nil {
		if r.Winner == "" {
			fmt.Fprintf(&out, "Result: a draw on turn %d: %s.\n", r.Turn, r.Reason)
		} else {
			fmt.Fprintf(&out, "Result: %s wins on turn %d: %s.\n", r.Winner, r.Turn, r.Reason)
		}
	} else {
		fmt.Fprintf(&out, "Result: none yet; the battle stops on turn %d, %s.\n", b.Turn(), b.Phase())
	}
	_, err := io.WriteString(w, out.String())
	return err
}
