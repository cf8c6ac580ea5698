// Package randtable writes random table files (the YAML of
// docs/MEASURE-FORMAT.md) from a seed, the same bytes for the same
// parameters on every platform. Benchmarks and the referee's exactness
// tests rule on them; nothing in the game uses it.
package randtable

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
)

// Params describe a random table.
type Params struct {
	Seed       uint64
	Ships      int
	Planetoids int
	Fields     int // asteroid fields
	// Side is the table's width and depth in millimetres; 0 scales it with
	// the ships: 900 mm for 100 ships, the same area per ship beyond.
	Side float64
	// ThreeD spreads ships and obstacles over the four levels.
	ThreeD bool
	// Snap puts stands on a 5 mm lattice and headings on multiples of 30°,
	// so that touching bases, collinear blockers and rulers grazing a
	// corner, the cases exact predicates exist for, turn up often.
	Snap bool
}

// classes are the ship classes of assets/ships.yaml.
var classes = []string{"viper-mk2", "cylon-raider", "raptor", "heavy-raider", "viper-mk7"}

// TableSide returns the side the table gets for p.
func (p Params) TableSide() float64 {
	if p.Side > 0 {
		return p.Side
	}
	return math.Round(900 * math.Sqrt(math.Max(float64(p.Ships), 100)/100))
}

// YAML returns the table file.
func YAML(p Params) []byte {
	rng := rand.New(rand.NewPCG(p.Seed, 0x5eed))
	side := p.TableSide()
	num := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
	coord := func() float64 {
		v := 20 + rng.Float64()*(side-40)
		if p.Snap {
			v = 5 * math.Round(v/5)
		}
		return v
	}
	level := func() int {
		if p.ThreeD {
			return 1 + rng.IntN(4)
		}
		return 1
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "# randtable seed %d: %d ships, %d planetoids, %d fields\n", p.Seed, p.Ships, p.Planetoids, p.Fields)
	fmt.Fprintf(&b, "table: {width: %s, depth: %s}\nthree_d: %t\nships:\n", num(side), num(side), p.ThreeD)
	for i := 0; i < p.Ships; i++ {
		x, y := coord(), coord()
		heading := rng.Float64() * 360
		if p.Snap {
			heading = float64(30 * rng.IntN(12))
		}
		fmt.Fprintf(&b, "  - {id: s%d, class: %s, x: %s, y: %s, heading: %s, rotation: %d, level: %d}\n",
			i, classes[rng.IntN(len(classes))], num(x), num(y), num(heading), rng.IntN(12)-5, level())
	}
	b.WriteString("obstacles:\n")
	for i := 0; i < p.Planetoids; i++ {
		x, y := coord(), coord()
		r := 15 + rng.Float64()*45
		if p.Snap {
			r = 5 * math.Round(r/5)
		}
		fmt.Fprintf(&b, "  - {id: p%d, kind: planetoid, x: %s, y: %s, radius: %s, level: %d}\n", i, num(x), num(y), num(r), level())
	}
	for i := 0; i < p.Fields; i++ {
		// A star-shaped polygon around a centre: vertices at increasing
		// angles, so it is simple; often not convex.
		cx, cy := coord(), coord()
		n := 3 + rng.IntN(6)
		density := "sparse"
		if rng.IntN(2) == 1 {
			density = "dense"
		}
		fmt.Fprintf(&b, "  - {id: f%d, kind: asteroid-field, density: %s, level: %d, polygon: [", i, density, level())
		for k := 0; k < n; k++ {
			a := 2 * math.Pi * (float64(k) + 0.1 + 0.8*rng.Float64()) / float64(n)
			r := 30 + rng.Float64()*90
			x, y := cx+r*math.Cos(a), cy+r*math.Sin(a)
			if p.Snap {
				x, y = math.Round(x), math.Round(y)
			}
			if k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "[%s, %s]", num(x), num(y))
		}
		b.WriteString("]}\n")
	}
	return b.Bytes()
}
