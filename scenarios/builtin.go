// Package scenarios holds the built-in battles. The Hand of God is the
// rulebook's first dogfight and the default everywhere.
package scenarios

import (
	"sort"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// Default is the name of the default scenario.
const Default = "hand-of-god"

// builtins maps names to setups; each call builds a fresh setup.
var builtins = map[string]func() battle.Setup{
	Default: handOfGod,
}

// Names lists the built-in scenarios, sorted.
func Names() []string {
	names := make([]string, 0, len(builtins))
	for n := range builtins {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Builtin returns a built-in scenario's setup.
func Builtin(name string) (battle.Setup, bool) {
	f, ok := builtins[name]
	if !ok {
		return battle.Setup{}, false
	}
	return f(), true
}

// handOfGod is the rulebook's first game (Quick Start: Setup; Winning the
// game): two Vipers against two Raiders, a dogfight to the last ship; the
// deployment (opposite table edges, 100 mm deep) is our proposal.
func handOfGod() battle.Setup {
	ship := func(id, class string, side battle.Side, x, y, heading float64) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: 2,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
	}
	return battle.Setup{
		Name:  "The Hand of God",
		Rules: starship.Rules{Set: starship.Quick},
		Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			ship("viper-1", "viper-mk2", battle.Colonial, 350, 50, 90),
			ship("viper-2", "viper-mk2", battle.Colonial, 550, 50, 90),
			ship("raider-1", "cylon-raider", battle.Cylon, 350, 850, 270),
			ship("raider-2", "cylon-raider", battle.Cylon, 550, 850, 270),
		},
		Victory:   battle.Victory{{Kind: battle.EliminateAll}},
		TurnLimit: 30,
	}
}
