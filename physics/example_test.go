package physics_test

import (
	"fmt"
	"math"

	"github.com/starshipbattles/bsg/physics"
)

// Orient is exact on the stored values: a point on the line is on it,
// and one the smallest step of a float64 away is off it, on its side.
func ExampleOrient() {
	a, b := physics.V(0, 0), physics.V(1, 1)
	fmt.Println(physics.Orient(a, b, physics.V(0.5, 0.5)))                    // on the line
	fmt.Println(physics.Orient(a, b, physics.V(0.5, math.Nextafter(0.5, 1)))) // a hair to the left
	fmt.Println(physics.Orient(a, b, physics.V(1, 0)))                        // to the right
	// Output:
	// 0
	// 1
	// -1
}

// The fire arc (Line of sight) is a ±30° cone from the attacker's stand:
// a point straight ahead is in it, one off to the side is not.
func ExampleCone_Contains() {
	arc := physics.NewCone(physics.V(0, 0), physics.Deg(90), physics.Deg(30))
	fmt.Println(arc.Contains(physics.V(0, 100)))  // straight ahead
	fmt.Println(arc.Contains(physics.V(50, 100))) // 26.6° off the facing
	fmt.Println(arc.Contains(physics.V(100, 50))) // 63.4° off
	// Output:
	// true
	// true
	// false
}

// The range is measured to the nearest point of the target's base that
// the attacker's arc covers and that no obstacle hides (Line of sight;
// Determining range). The target's front flat faces the attacker 22.5 mm
// before its stand; a planetoid on the line hides that flat, and the
// witness point moves to the part of a side flat its shadow leaves.
func ExampleNearestVisiblePoint() {
	attacker := physics.V(0, 0)
	arc := physics.NewCone(attacker, physics.Deg(0), physics.Deg(30))
	target := physics.Hexagon(physics.Pose{Pos: physics.V(200, 0), Heading: physics.Deg(180)}, 45)
	region := arc.Clip(target)

	p, _ := physics.NearestVisiblePoint(attacker, region, nil)
	fmt.Printf("clear line: (%.1f, %.1f), %.1f mm\n", p.X, p.Y, attacker.Dist(p))

	planetoid := physics.Circle{C: physics.V(100, 0), R: 10}
	p, ok := physics.NearestVisiblePoint(attacker, region, []physics.Blocker{planetoid})
	fmt.Printf("behind a planetoid: visible %v, (%.1f, %.1f), %.1f mm\n", ok, p.X, p.Y, attacker.Dist(p))
	// Output:
	// clear line: (177.5, 0.0), 177.5 mm
	// behind a planetoid: visible true, (187.7, -18.9), 188.6 mm
}
