package policy

import (
	"testing"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/cputime"
	"github.com/starshipbattles/bsg/scenarios"
)

// benchGames plays whole battles of the default scenario (The Hand of
// God) between two copies of p, one per iteration, each with its own seed,
// as `bsg sim` does (one battle.Maker for all), and reports battles per
// second and the process's CPU time per battle.
func benchGames(b *testing.B, p Policy) {
	s, _ := scenarios.Builtin(scenarios.Default)
	players := map[battle.Side]Policy{battle.Colonial: p, battle.Cylon: p}
	b.ReportAllocs()
	defer cputime.PerOp(b)()
	seed := uint64(0)
	maker := battle.NewMaker(comp)
	for b.Loop() {
		seed++
		bt, err := maker.New(s, seed)
		if err != nil {
			b.Fatal(err)
		}
		if err := Play(bt, comp, players, seed); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
}

// BenchmarkRandomGames: the goal is 2,000 battles per CPU-second.
func BenchmarkRandomGames(b *testing.B) { benchGames(b, Random{}) }

// BenchmarkGreedyGames: greedy scores every legal candidate plan.
func BenchmarkGreedyGames(b *testing.B) { benchGames(b, Greedy{}) }
