package scenarios_test

import (
	"fmt"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/scenarios"
)

// A built-in scenario: its ships, its rules and its victory conditions in
// words; Setup gives the battle engine what it needs to start it.
func ExampleLoad() {
	sc, err := scenarios.Load("jump-point", assets.Default())
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d ships, %s\n", sc.Name, len(sc.Ships), sc.RulesText())
	for _, c := range sc.Victory {
		fmt.Println("-", sc.Describe(c))
	}
	fmt.Println(len(sc.Setup().Ships), "ships set up")
	// Output:
	// The Jump Point: 6 ships, Complete Rules with ftl, fuel, pilots
	// - Colonial wins when raptor jumps away by FTL from inside jump-point.
	// - Cylon wins when raptor is destroyed.
	// - The last side with ships in play wins; a draw if the last ships of both sides go in the same turn.
	// - Cylon wins if it still has a ship in play at the end of turn 15.
	// 6 ships set up
}

// A scenario file with mistakes is refused with every problem as data:
// the file, the line, the field and what is wrong.
func ExampleParse() {
	file := []byte(`name: Broken
rules: complete
ships:
  - {id: v, side: colonial, class: viper-mk9, pose: {x: 100, y: 100, heading: 90}}
  - {id: r, side: cylons, class: cylon-raider, pose: {x: 100, y: 700, heading: 270}}
victory:
  - {kind: eliminate-all}
`)
	_, err := scenarios.Parse("broken.yaml", file, assets.Default())
	for _, p := range scenarios.Problems(err) {
		fmt.Printf("%s:%d: %s\n", p.File, p.Line, p.Field)
	}
	// Output:
	// broken.yaml:4: ships[0].class
	// broken.yaml:5: ships[1].side
}
