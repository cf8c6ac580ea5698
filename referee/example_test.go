package referee_test

import (
	"fmt"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// A Viper faces a Raider 200 mm ahead, a planetoid on the straight line
// between them; the Raider heads away to the east. The referee rules on the pair as the measurement
// format defines it (Line of sight; Determining range): in arc, the
// range to the nearest visible point of the Raider's base, its band and
// by how many millimetres it could have gone the other way.
func ExampleReferee_Rule() {
	comp := assets.Default()
	size := comp.Geometry.BaseAcrossFlats.Value
	r := referee.New(referee.Table{
		Width: 900, Depth: 900,
		Ships: []referee.Ship{
			{ID: "viper", Class: "viper-mk2", Pose: physics.Pose{Pos: physics.V(300, 300), Heading: physics.Deg(90)}, AcrossFlats: size},
			{ID: "raider", Class: "cylon-raider", Pose: physics.Pose{Pos: physics.V(300, 500), Heading: physics.Deg(0)}, AcrossFlats: size},
		},
		Obstacles: []referee.Obstacle{
			{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(300, 400), R: 10}},
		},
		Limits: referee.LimitsFrom(comp.Geometry),
	})
	for _, pair := range [][2]int{{0, 1}, {1, 0}} {
		g := r.Rule(pair[0], pair[1])
		if !g.CanFire {
			fmt.Printf("%s → %s: cannot fire: %s\n", g.AttackerID, g.TargetID, g.Reason)
			continue
		}
		fmt.Printf("%s → %s: %.1f mm, %s range, %.1f mm from %s; the straight line is blocked by %v\n",
			g.AttackerID, g.TargetID, g.Range, g.Band, g.Margin, g.MarginTo, g.BlockedBy)
	}
	// Output:
	// viper → raider: 185.7 mm, medium range, 14.3 mm from long; the straight line is blocked by [rock]
	// raider → viper: cannot fire: out-of-arc
}
