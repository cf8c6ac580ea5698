// Command randtable writes a random table file to standard output, for
// timing `bsg measure` on big tables:
//
//	go run ./internal/randtable/randtable -ships 1000 -planetoids 100 -fields 50 > big.yaml
package main

import (
	"flag"
	"os"

	"github.com/starshipbattles/bsg/internal/randtable"
)

func main() {
	var p randtable.Params
	flag.Uint64Var(&p.Seed, "seed", 1, "random seed")
	flag.IntVar(&p.Ships, "ships", 100, "ships")
	flag.IntVar(&p.Planetoids, "planetoids", 10, "planetoids")
	flag.IntVar(&p.Fields, "fields", 5, "asteroid fields")
	flag.Float64Var(&p.Side, "side", 0, "table side in mm (0: 900 mm per 100 ships' area)")
	flag.BoolVar(&p.ThreeD, "3d", false, "spread over four levels")
	flag.BoolVar(&p.Snap, "snap", false, "snap to a 5 mm lattice and 30° headings")
	flag.Parse()
	os.Stdout.Write(randtable.YAML(p))
}
