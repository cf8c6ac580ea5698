package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// tournamentDoc is the JSON answer of bsg tournament.
type tournamentDoc struct {
	Policies  []string          `json:"policies"`
	Scenarios []string          `json:"scenarios"`
	Games     int               `json:"games"` // per scenario and pairing
	Seed      uint64            `json:"seed"`
	Matches   []tournamentMatch `json:"matches"`
	Pairs     []tournamentPair  `json:"pairs"`
	Elo       []tournamentElo   `json:"elo"`
	Seconds   float64           `json:"seconds"`
}

// tournamentMatch is N games of one scenario with one policy per side.
type tournamentMatch struct {
	Scenario string `json:"scenario"`
	Colonial string `json:"colonial"`
	Cylon    string `json:"cylon"`
	Games    int    `json:"games"`
	ColWins  int    `json:"colonial_wins"`
	CylWins  int    `json:"cylon_wins"`
	Draws    int    `json:"draws"`
	// ColonialRate is the Colonial share of the decided games, with its
	// 95% Wilson interval.
	ColonialRate float64 `json:"colonial_rate"`
	Low          float64 `json:"low"`
	High         float64 `json:"high"`
	MeanTurns    float64 `json:"mean_turns"`
	// Objectives met, by side: ships escaped by FTL or by an edge under a
	// Leave condition, battles won by holding a zone.
	FTL     sideCount  `json:"ftl_escapes"`
	Exits   sideCount  `json:"edge_exits"`
	Holds   sideCount  `json:"holds"`
	Results []gameLine `json:"results"`
}

// sideCount counts something per side.
type sideCount struct {
	Colonial int `json:"colonial"`
	Cylon    int `json:"cylon"`
}

func (c *sideCount) add(s battle.Side) {
	if s == battle.Colonial {
		c.Colonial++
	} else {
		c.Cylon++
	}
}

// gameLine is one game of a tournament.
type gameLine struct {
	Seed   uint64 `json:"seed"`
	Winner string `json:"winner"`
	Turns  int    `json:"turns"`
	Reason string `json:"reason"`
}

// tournamentPair sums every game between two policies, either side.
type tournamentPair struct {
	A, B  string  `json:"-"`
	Name  string  `json:"pair"`
	AWins int     `json:"a_wins"`
	BWins int     `json:"b_wins"`
	Draws int     `json:"draws"`
	Rate  float64 `json:"a_rate"`
	Low   float64 `json:"low"`
	High  float64 `json:"high"`
}

// tournamentElo is one policy's rating.
type tournamentElo struct {
	Policy string  `json:"policy"`
	Elo    float64 `json:"elo"`
	Games  int     `json:"games"`
	Score  float64 `json:"score"` // wins + draws/2
	FTL    int     `json:"ftl_escapes"`
	Exits  int     `json:"edge_exits"`
	Holds  int     `json:"holds"`
	// Capped counts the plannings its time cap cut short (a search level
	// on a machine too busy for it: those games may not replay the same).
	Capped int `json:"capped"`
}

// tournamentJob is one game to play.
type tournamentJob struct {
	match int
	seed  uint64
}

func runTournament(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("tournament", "tournament [-policies A,B,...] [-scenarios all|NAME,...] [-games N] [-self] [-seed S] [-workers W] [-turn-limit N] [-json]\n\n"+
		"Plays every pairing of the policies (each as Colonial and as Cylon) on every scenario, N games each,\n"+
		"on W goroutines; the results do not depend on W. Prints win rates with 95% intervals, an Elo\n"+
		"table and the objectives met (FTL escapes, edge exits, zone holds)", stderr)
	pols := fs.String("policies", "greedy,normal", "comma-separated `policies`: "+strings.Join(policy.Names, ", "))
	scens := fs.String("scenarios", "all", "comma-separated built-in `scenarios`, or all: "+strings.Join(scenarios.Names(), ", "))
	games := fs.Int("games", 10, "games per scenario and pairing (1 or more)")
	self := fs.Bool("self", false, "also pair each policy with itself (scenario balance); a single policy always is")
	seed := fs.Uint64("seed", 1, "the tournament's seed")
	workers := fs.Int("workers", runtime.NumCPU(), "games played at once")
	asJSON := fs.Bool("json", false, "print JSON with every game instead of tables")
	drawAfter := fs.Int("turn-limit", 0, "for a scenario without a turn limit of its own, end a game still undecided after `N` turns in a draw (a proposal for computer runs, not a rule); 0: none")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments, got %q", fs.Args())
	}
	if *games < 1 || *games > limits.SimGames {
		return usagef("-games %d: allowed: 1 to %d", *games, limits.SimGames)
	}
	if *workers < 1 || *workers > limits.Workers {
		return usagef("-workers %d: allowed: 1 to %d", *workers, limits.Workers)
	}
	names := splitList(*pols)
	if len(names) == 0 {
		return usagef("-policies: name at least one policy; allowed: %s", strings.Join(policy.Names, ", "))
	}
	for _, n := range names {
		if !slices.Contains(policy.Names, n) {
			return usagef("-policies: %q is no policy; allowed: %s", n, strings.Join(policy.Names, ", "))
		}
	}
	scenarioNames := scenarios.Names()
	if *scens != "all" {
		scenarioNames = splitList(*scens)
		for _, n := range scenarioNames {
			if _, ok := scenarios.Builtin(n); !ok {
				return usagef("-scenarios: %q is no built-in scenario; allowed: all, %s", n, strings.Join(scenarios.Names(), ", "))
			}
		}
	}
	if _, err := withTurnLimit(battle.Setup{}, *drawAfter); err != nil {
		return err
	}
	comp, err := loadComponents("")
	if err != nil {
		return err
	}
	doc := tournamentDoc{Policies: names, Scenarios: scenarioNames, Games: *games, Seed: *seed}
	for _, sc := range scenarioNames {
		for _, a := range names {
			for _, b := range names {
				if a == b && !*self && len(names) > 1 {
					continue
				}
				doc.Matches = append(doc.Matches, tournamentMatch{Scenario: sc, Colonial: a, Cylon: b, Games: *games})
			}
		}
	}
	if total := len(doc.Matches) * *games; total > limits.SimGames {
		return usagef("-games %d: %d battles in all (%d matches of %d games); allowed: at most %d", *games, total, len(doc.Matches), *games, limits.SimGames)
	}
	var jobs []tournamentJob
	for m := range doc.Matches {
		for i := 1; i <= *games; i++ {
			jobs = append(jobs, tournamentJob{match: m, seed: simGameSeed(*seed, m*(*games)+i)})
		}
	}
	start := time.Now()
	results, err := playJobs(doc.Matches, jobs, comp, *drawAfter, *workers, stderr)
	if err != nil {
		return err
	}
	doc.Seconds = math.Round(time.Since(start).Seconds()*10) / 10
	tally(&doc, jobs, results)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	return writeTournament(stdout, doc)
}

func splitList(s string) []string {
	var out []string
	seen := map[string]bool{}
	for _, f := range strings.Split(s, ",") {
		if f = strings.TrimSpace(f); f != "" && !seen[f] {
			seen[f] = true
			out = append(out, f)
		}
	}
	return out
}

// gameResult is what one game left: its result and the objectives met.
type gameResult struct {
	line             gameLine
	ftl, exits, hold []battle.Side
	capped           map[battle.Side]int
}

// playJobs plays the games on workers goroutines; results[i] is job i's.
func playJobs(matches []tournamentMatch, jobs []tournamentJob, comp *assets.Components, drawAfter, workers int, stderr io.Writer) ([]gameResult, error) {
	results := make([]gameResult, len(jobs))
	errs := make([]error, len(jobs))
	bar := simProgress(stderr, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i], errs[i] = playOne(matches[jobs[i].match], jobs[i].seed, comp, drawAfter)
				if bar != nil {
					mu.Lock()
					_ = bar.Add(1)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	if bar != nil {
		_ = bar.Finish()
	}
	for i, err := range errs {
		if err != nil {
			m := matches[jobs[i].match]
			return nil, fmt.Errorf("tournament: %s, %s (colonial) against %s (cylon), battle seed %d: %w",
				m.Scenario, m.Colonial, m.Cylon, jobs[i].seed, err)
		}
	}
	return results, nil
}

// playOne plays one game of a match; drawAfter is -turn-limit.
func playOne(m tournamentMatch, seed uint64, comp *assets.Components, drawAfter int) (gameResult, error) {
	setup, _ := scenarios.Builtin(m.Scenario)
	setup, _ = withTurnLimit(setup, drawAfter) // checked with the flags
	players := map[battle.Side]policy.Policy{}
	for side, name := range map[battle.Side]string{battle.Colonial: m.Colonial, battle.Cylon: m.Cylon} {
		p, err := policy.ByName(name)
		if err != nil {
			return gameResult{}, err
		}
		players[side] = p
	}
	b, err := battle.New(setup, comp, seed)
	if err != nil {
		return gameResult{}, err
	}
	if err := policy.Play(b, comp, players, seed); err != nil {
		return gameResult{}, err
	}
	res := b.Result()
	if res == nil {
		return gameResult{}, fmt.Errorf("the battle stopped undecided")
	}
	r := gameResult{line: gameLine{Seed: seed, Winner: winnerName(res.Winner), Turns: res.Turn, Reason: res.Reason.Text()},
		capped: map[battle.Side]int{}}
	for side, p := range players {
		if c, ok := p.(interface{ Capped() int }); ok {
			r.capped[side] = c.Capped()
		}
	}
	for _, sp := range setup.Ships {
		if how, ok := b.Escaped(sp.ID); ok {
			if how == "FTL" {
				r.ftl = append(r.ftl, sp.Side)
			} else {
				r.exits = append(r.exits, sp.Side)
			}
		}
	}
	for _, e := range b.State().Events {
		if e.Kind == battle.EvEnd && e.Side != "" && e.Condition == battle.Hold {
			r.hold = append(r.hold, e.Side) // a zone held won it
		}
	}
	return r, nil
}

// tally fills the matches, the pairs and the Elo table from the games.
func tally(doc *tournamentDoc, jobs []tournamentJob, results []gameResult) {
	turns := make([]int, len(doc.Matches))
	capped := map[string]int{}
	for i, j := range jobs {
		m, r := &doc.Matches[j.match], results[i]
		m.Results = append(m.Results, r.line)
		switch r.line.Winner {
		case string(battle.Colonial):
			m.ColWins++
		case string(battle.Cylon):
			m.CylWins++
		default:
			m.Draws++
		}
		turns[j.match] += r.line.Turns
		capped[m.Colonial] += r.capped[battle.Colonial]
		capped[m.Cylon] += r.capped[battle.Cylon]
		for _, s := range r.ftl {
			m.FTL.add(s)
		}
		for _, s := range r.exits {
			m.Exits.add(s)
		}
		for _, s := range r.hold {
			m.Holds.add(s)
		}
	}
	pairs := map[[2]string]*tournamentPair{}
	elo := map[string]*tournamentElo{}
	for _, n := range doc.Policies {
		elo[n] = &tournamentElo{Policy: n}
	}
	for i := range doc.Matches {
		m := &doc.Matches[i]
		m.MeanTurns = float64(turns[i]) / float64(m.Games)
		m.ColonialRate, m.Low, m.High = wilson(m.ColWins, m.ColWins+m.CylWins)
		ec, ey := elo[m.Colonial], elo[m.Cylon]
		ec.FTL, ec.Exits, ec.Holds = ec.FTL+m.FTL.Colonial, ec.Exits+m.Exits.Colonial, ec.Holds+m.Holds.Colonial
		ey.FTL, ey.Exits, ey.Holds = ey.FTL+m.FTL.Cylon, ey.Exits+m.Exits.Cylon, ey.Holds+m.Holds.Cylon
		if m.Colonial == m.Cylon {
			continue
		}
		a, b := m.Colonial, m.Cylon
		aw, bw := m.ColWins, m.CylWins
		if slices.Index(doc.Policies, a) > slices.Index(doc.Policies, b) {
			a, b, aw, bw = b, a, bw, aw
		}
		p := pairs[[2]string{a, b}]
		if p == nil {
			p = &tournamentPair{A: a, B: b, Name: a + " v " + b}
			pairs[[2]string{a, b}] = p
		}
		p.AWins, p.BWins, p.Draws = p.AWins+aw, p.BWins+bw, p.Draws+m.Draws
	}
	for ai, a := range doc.Policies {
		for _, b := range doc.Policies[ai+1:] {
			if p := pairs[[2]string{a, b}]; p != nil {
				p.Rate, p.Low, p.High = wilson(p.AWins, p.AWins+p.BWins)
				doc.Pairs = append(doc.Pairs, *p)
			}
		}
	}
	ratings := eloRatings(doc.Policies, doc.Pairs)
	for _, n := range doc.Policies {
		e := elo[n]
		e.Elo = math.Round(ratings[n])
		e.Capped = capped[n]
		for _, p := range doc.Pairs {
			switch n {
			case p.A:
				e.Games += p.AWins + p.BWins + p.Draws
				e.Score += float64(p.AWins) + float64(p.Draws)/2
			case p.B:
				e.Games += p.AWins + p.BWins + p.Draws
				e.Score += float64(p.BWins) + float64(p.Draws)/2
			}
		}
		doc.Elo = append(doc.Elo, *e)
	}
	slices.SortStableFunc(doc.Elo, func(x, y tournamentElo) int { return int(y.Elo - x.Elo) })
}

// wilson returns the share k/n with its 95% Wilson score interval (0, 0, 1
// when n is 0).
func wilson(k, n int) (p, lo, hi float64) {
	if n == 0 {
		return 0, 0, 1
	}
	const z = 1.959964
	p = float64(k) / float64(n)
	nf := float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return p, math.Max(0, c-h), math.Min(1, c+h)
}

// eloRatings fits Elo ratings to the pairs' results by maximum likelihood
// (the Bradley–Terry model; a draw counts half a win each way), with one
// virtual draw between every two policies so that a clean sweep stays
// finite, and the mean rating 1500.
func eloRatings(names []string, pairs []tournamentPair) map[string]float64 {
	type rec struct{ w, n float64 }
	res := map[[2]string]rec{}
	for _, p := range pairs {
		d := float64(p.Draws)/2 + 0.5
		res[[2]string{p.A, p.B}] = rec{float64(p.AWins) + d, float64(p.AWins+p.BWins+p.Draws) + 1}
		res[[2]string{p.B, p.A}] = rec{float64(p.BWins) + d, float64(p.AWins+p.BWins+p.Draws) + 1}
	}
	s := map[string]float64{}
	for _, n := range names {
		s[n] = 1
	}
	for iter := 0; iter < 2000; iter++ {
		next := map[string]float64{}
		for _, a := range names {
			wins, denom := 0.0, 0.0
			for _, b := range names {
				r, ok := res[[2]string{a, b}]
				if a == b || !ok {
					continue
				}
				wins += r.w
				denom += r.n / (s[a] + s[b])
			}
			next[a] = s[a]
			if denom > 0 {
				next[a] = wins / denom
			}
		}
		s = next
	}
	out, mean := map[string]float64{}, 0.0
	for _, n := range names {
		out[n] = 400 * math.Log10(s[n])
		mean += out[n] / float64(len(names))
	}
	for _, n := range names {
		out[n] += 1500 - mean
	}
	return out
}

func writeTournament(w io.Writer, d tournamentDoc) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Tournament: %s on %s, %d games per scenario and pairing, seed %d (%.1f s)\n\n",
		strings.Join(d.Policies, ", "), strings.Join(d.Scenarios, ", "), d.Games, d.Seed, d.Seconds)
	fmt.Fprintf(&b, "%-16s %-8s %-8s %5s %5s %5s  %-22s %6s  %-9s %-9s %-9s\n",
		"scenario", "colonial", "cylon", "col", "cyl", "draw", "colonial share (95%)", "turns", "ftl c/y", "exits c/y", "holds c/y")
	for _, m := range d.Matches {
		fmt.Fprintf(&b, "%-16s %-8s %-8s %5d %5d %5d  %5.1f %% [%4.1f–%5.1f]  %6.1f  %4d/%-4d %4d/%-4d %4d/%-4d\n",
			m.Scenario, m.Colonial, m.Cylon, m.ColWins, m.CylWins, m.Draws, 100*m.ColonialRate, 100*m.Low, 100*m.High,
			m.MeanTurns, m.FTL.Colonial, m.FTL.Cylon, m.Exits.Colonial, m.Exits.Cylon, m.Holds.Colonial, m.Holds.Cylon)
	}
	if len(d.Pairs) > 0 {
		fmt.Fprintf(&b, "\n%-20s %6s %6s %6s  %s\n", "pair (a v b)", "a", "b", "draws", "a's share of decided games (95%)")
		for _, p := range d.Pairs {
			fmt.Fprintf(&b, "%-20s %6d %6d %6d  %5.1f %% [%4.1f–%5.1f]\n", p.Name, p.AWins, p.BWins, p.Draws, 100*p.Rate, 100*p.Low, 100*p.High)
		}
		fmt.Fprintf(&b, "\n%-10s %6s %6s %7s %5s %6s %6s %7s\n", "policy", "elo", "games", "score", "ftl", "exits", "holds", "capped")
		for _, e := range d.Elo {
			fmt.Fprintf(&b, "%-10s %6.0f %6d %7.1f %5d %6d %6d %7d\n", e.Policy, e.Elo, e.Games, e.Score, e.FTL, e.Exits, e.Holds, e.Capped)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
