package policy

import (
	"testing"
	"time"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/cputime"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// sixShips is a 6-ship battle (three Vipers against three Raiders, the
// Complete Rules with every option) at close quarters.
func sixShips() battle.Setup {
	return battle.Setup{Name: "six", Rules: starship.Rules{Set: starship.Complete, Options: starship.Options}, Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			spec("viper-1", "viper-mk2", battle.Colonial, 300, 250, 90, 2),
			spec("viper-2", "viper-mk2", battle.Colonial, 450, 230, 90, 2),
			spec("viper-3", "viper-mk2", battle.Colonial, 600, 250, 90, 2),
			spec("raider-1", "cylon-raider", battle.Cylon, 300, 650, 270, 2),
			spec("raider-2", "cylon-raider", battle.Cylon, 450, 670, 270, 2),
			spec("raider-3", "cylon-raider", battle.Cylon, 600, 650, 270, 2),
		}}
}

// BenchmarkDecision measures one side's whole planning of a turn (its
// three ships) in a 6-ship battle, per level, and the Colonial planning
// of The Jump Point's second turn (a Raptor that may jump): the issue's
// budget for normal is 1 s on one core. cpu-s/op is the CPU time of the
// process per planning (run with GOMAXPROCS=1: the search is one
// goroutine), which a busy machine does not inflate as it does ns/op.
func BenchmarkDecision(b *testing.B) {
	jump, _ := scenarios.Builtin("jump-point")
	for _, l := range Levels() {
		for _, c := range []struct {
			name  string
			setup battle.Setup
			turn  int
		}{{"six", sixShips(), 1}, {"jump-point", jump, 2}} {
			b.Run(l.Name+"/"+c.name, func(b *testing.B) {
				l.Cap = 0
				bt, err := battle.New(c.setup, comp, 1)
				if err != nil {
					b.Fatal(err)
				}
				g := NewGame(bt, comp, 1)
				for bt.Turn() < c.turn || bt.Phase() != battle.Planning {
					if err := step(g, bt, map[battle.Side]Policy{battle.Colonial: Greedy{}, battle.Cylon: Greedy{}}); err != nil {
						b.Fatal(err)
					}
				}
				var cpu time.Duration
				for b.Loop() {
					g = NewGame(bt, comp, 1)
					start := cputime.Process()
					x := newSearcher(g.seat(battle.Colonial), l)
					if len(x.run()) != 3 {
						b.Fatal("not every ship planned")
					}
					cpu += cputime.Process() - start
				}
				b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
			})
		}
	}
}
