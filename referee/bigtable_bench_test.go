package referee_test

import (
	"fmt"
	"testing"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/cputime"
	"github.com/starshipbattles/bsg/internal/randtable"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

// bigTable parses a random table with n ships, n/10 planetoids and n/20
// asteroid fields, the table's area growing with the ships (900 mm square
// for 100).
func bigTable(b *testing.B, n int) referee.Table {
	comp, err := assets.Load()
	if err != nil {
		b.Fatal(err)
	}
	p := randtable.Params{Seed: 1, Ships: n, Planetoids: n / 10, Fields: n / 20}
	t, err := tablefile.Parse("random.yaml", randtable.YAML(p), comp)
	if err != nil {
		b.Fatal(err)
	}
	return t
}

// BenchmarkRuleAllBig rules on every ordered pair of big random tables,
// as `bsg measure` does (Rulings, streamed, with margins; the goal: 1000
// ships under 2 s of CPU, and growth from 400 to 1000 ships at most
// N^2.2), and without margins as the battle engine does: compare the two
// with `benchstat -col /margins` (cpu-ms/op: the wall time says little on
// a shared machine).
func BenchmarkRuleAllBig(b *testing.B) {
	for _, margins := range []bool{false, true} {
		for _, n := range []int{100, 400, 1000} {
			t := bigTable(b, n)
			var opts []referee.Option
			if margins {
				opts = append(opts, referee.WithMargins())
			}
			b.Run(fmt.Sprintf("margins=%t/ships=%d", margins, n), func(b *testing.B) {
				defer cputime.PerOp(b)()
				for b.Loop() {
					got := 0
					for range referee.New(t, opts...).Rulings() {
						got++
					}
					if got != n*(n-1) {
						b.Fatalf("%d rulings", got)
					}
				}
			})
		}
	}
}
