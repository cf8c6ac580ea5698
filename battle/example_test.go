package battle_test

import (
	"fmt"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// One turn of the Quick Start Rules (The game turn: plan, move, fire): a
// Viper and a Raider face each other 300 mm apart. Each side commits a
// plan for its ship; the reveal moves both; then each side declares its
// shots (here none) and the next turn begins. The engine answers every
// command with events, each with the side that may read it.
func ExampleBattle_Apply() {
	comp := assets.Default()
	ship := func(id, class string, side battle.Side, y, heading float64) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1,
			Pose: physics.Pose{Pos: physics.V(450, y), Heading: physics.Deg(heading)}}
	}
	b, err := battle.New(battle.Setup{
		Rules: starship.Rules{Set: starship.Quick}, Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			ship("viper", "viper-mk2", battle.Colonial, 300, 90),
			ship("raider", "cylon-raider", battle.Cylon, 600, 270),
		},
	}, comp, 1)
	if err != nil {
		fmt.Println(err)
		return
	}
	apply := func(cmd battle.Command) {
		events, err := b.Apply(cmd)
		if err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range events {
			if text := e.Render(battle.Colonial); text != "" {
				fmt.Println(text)
			}
		}
	}
	straight := &starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Low}
	apply(battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: straight})
	apply(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: straight})
	apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
	// Choosing a target: a roll says which side declares first; each
	// side's view says when it may. No shots: both hold their fire.
	for b.Phase() == battle.Declaring {
		for _, side := range battle.Sides {
			if b.View(side).MayDeclare {
				apply(battle.Command{Type: battle.CmdDeclare, Side: side})
			}
		}
	}
	for _, s := range b.View(battle.Colonial).Ships {
		fmt.Printf("%s at (%.0f, %.0f)\n", s.ID, s.Pose.Pos.X, s.Pose.Pos.Y)
	}
	fmt.Println("turn", b.Turn(), b.Phase())
	// Output:
	// viper has planned.
	// raider has planned.
	// All plans are in.
	// viper reveals straight at low.
	// raider reveals straight at low.
	// Firing step 1: cylon declares first.
	// cylon holds fire.
	// colonial holds fire.
	// Turn 2 begins.
	// viper at (450, 385)
	// raider at (450, 515)
	// turn 2 planning
}
