package policy

import (
	"testing"

	"github.com/starshipbattles/bsg/battle"
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
// three ships) in a 6-ship battle, per level: the budget for
// normal is 1 s on one core.
func BenchmarkDecision(b *testing.B) {
	for _, l := range Levels() {
		b.Run(l.Name, func(b *testing.B) {
			bt, err := battle.New(sixShips(), comp, 1)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				g := NewGame(bt, comp, 1)
				x := newSearcher(g.seat(battle.Colonial), l)
				if len(x.run()) != 3 {
					b.Fatal("not every ship planned")
				}
			}
		})
	}
}
