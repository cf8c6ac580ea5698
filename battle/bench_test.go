package battle_test

import (
	"testing"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// BenchmarkBattleRandom plays whole battles of the default scenario (The
// Hand of God: two Vipers against two Raiders) between random policies,
// one battle per iteration, each with its own seed. The time includes the
// policies' choices (a random policy tries candidate plans for legality).
func BenchmarkBattleRandom(b *testing.B) {
	s, ok := scenarios.Builtin(scenarios.Default)
	if !ok {
		b.Fatal("no default scenario")
	}
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Random{}}
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		seed := uint64(i)
		bt, err := battle.New(s, comp, seed)
		if err != nil {
			b.Fatal(err)
		}
		if err := policy.Play(bt, comp, players, seed); err != nil {
			b.Fatal(err)
		}
		turns += bt.Turn()
	}
	b.StopTimer()
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "battles/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/battle")
}

// BenchmarkEngineOnly measures the engine alone on four-ship battles: it
// replays journals recorded beforehand (random policies, The Hand of God)
// with battle.Replay, which applies the commands and checks every draw,
// with no policy in the loop. One iteration is one whole battle.
func BenchmarkEngineOnly(b *testing.B) {
	s, _ := scenarios.Builtin(scenarios.Default)
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Random{}}
	type recorded struct {
		seed    uint64
		journal []battle.Entry
		hash    string
		turns   int
	}
	var games []recorded
	for seed := uint64(100); seed < 116; seed++ {
		bt, err := battle.New(s, comp, seed)
		if err != nil {
			b.Fatal(err)
		}
		if err := policy.Play(bt, comp, players, seed); err != nil {
			b.Fatal(err)
		}
		if len(bt.Setup().Ships) != 4 {
			b.Fatalf("the default scenario has %d ships, not 4", len(bt.Setup().Ships))
		}
		games = append(games, recorded{seed, bt.Journal(), bt.Hash(), bt.Turn()})
	}
	commands, turns := 0, 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g := games[i%len(games)]
		bt, err := battle.Replay(s, comp, g.seed, g.journal)
		if err != nil {
			b.Fatal(err)
		}
		if bt.Phase() != battle.Over {
			b.Fatal("the replay did not finish the battle")
		}
		commands += len(g.journal)
		turns += g.turns
	}
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/battle")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/battle")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(commands), "ns/command")
	// The replays end where the recordings did.
	for _, g := range games[:1] {
		bt, _ := battle.Replay(s, comp, g.seed, g.journal)
		if bt.Hash() != g.hash {
			b.Fatalf("seed %d: the replay ends in %s, the recording in %s", g.seed, bt.Hash(), g.hash)
		}
	}
}
