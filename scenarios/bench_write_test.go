package scenarios_test

import (
	"testing"

	"github.com/starshipbattles/bsg/scenarios"
)

// BenchmarkCheck is what the editor pays when the scenario changes: the
// file written and read back with every check.
func BenchmarkCheck(b *testing.B) {
	comp := components(b)
	sc, err := scenarios.Load("furball", comp)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := scenarios.Check("furball.yaml", sc, comp); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkMarshal is what the editor pays every frame to see whether the
// scenario changed.
func BenchmarkMarshal(b *testing.B) {
	comp := components(b)
	sc, err := scenarios.Load("furball", comp)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := scenarios.Marshal(sc); err != nil {
			b.Fatal(err)
		}
	}
}
