package odds_test

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/odds"
)

// r is a fraction for expectations.
func r(a, b int64) *big.Rat { return big.NewRat(a, b) }

// ratEqual asserts exact equality of two fractions.
func ratEqual(t *testing.T, want, got *big.Rat, msgAndArgs ...any) {
	t.Helper()
	msg := ""
	if len(msgAndArgs) > 0 {
		msg = fmt.Sprintf(msgAndArgs[0].(string), msgAndArgs[1:]...) + ": "
	}
	assert.Equal(t, 0, want.Cmp(got), "%swant %s, got %s", msg, want.RatString(), got.RatString())
}

func TestRollHits(t *testing.T) {
	tests := []struct {
		name        string
		attack, mod int
		doubles     bool
		d1, d2      int
		wantHits    int
		wantSplit   bool
	}{
		{"Fire! example: 3+2 at short range", 6, 1, false, 3, 2, 1, false},
		{"Critical hits example: 2+4 at medium range", 6, 0, false, 2, 4, 1, false},
		{"one short", 6, 0, false, 3, 2, 0, false},
		{"doubles off: 4,4 counts once", 5, 2, false, 4, 4, 1, false},
		{"Rolling doubles example: 4,4 at 5 with +2 splits", 5, 2, true, 4, 4, 2, true},
		{"split would miss: 3,3 at 6 with +1 stays one hit", 6, 1, true, 3, 3, 1, false},
		{"split would miss: 2,2 at 5 with +2 stays one hit", 5, 2, true, 2, 2, 1, false},
		{"both miss: 1,1 at 5 with +2", 5, 2, true, 1, 1, 0, false},
		{"6,6 at 6 splits", 6, 0, true, 6, 6, 2, true},
		{"not doubles: no split", 2, 5, true, 3, 4, 1, false},
		{"negative modifier", 6, -2, false, 4, 3, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, split := odds.RollHits(tt.attack, tt.mod, tt.doubles, tt.d1, tt.d2)
			assert.Equal(t, tt.wantHits, h)
			assert.Equal(t, tt.wantSplit, split)
		})
	}
}

// atLeast[k] is the number of the 36 rolls of 2d6 totalling k or more,
// counted by hand: 2:36 3:35 4:33 5:30 6:26 7:21 8:15 9:10 10:6 11:3 12:1.
var atLeast = map[int]int64{2: 36, 3: 35, 4: 33, 5: 30, 6: 26, 7: 21, 8: 15, 9: 10, 10: 6, 11: 3, 12: 1, 13: 0}

func TestHits(t *testing.T) {
	tests := []struct {
		name        string
		attack, mod int
		doubles     bool
		want        [3]*big.Rat
	}{
		{"6 with +0: P(2d6>=6)", 6, 0, false, [3]*big.Rat{r(10, 36), r(26, 36), r(0, 1)}},
		{"6 with +1: P(2d6>=5)", 6, 1, false, [3]*big.Rat{r(6, 36), r(30, 36), r(0, 1)}},
		{"6 with -1: P(2d6>=7)", 6, -1, false, [3]*big.Rat{r(15, 36), r(21, 36), r(0, 1)}},
		{"12 with +0: boxcars only", 12, 0, false, [3]*big.Rat{r(35, 36), r(1, 36), r(0, 1)}},
		{"13 with +0: never", 13, 0, false, [3]*big.Rat{r(1, 1), r(0, 1), r(0, 1)}},
		{"2 with +0: always", 2, 0, false, [3]*big.Rat{r(0, 1), r(1, 1), r(0, 1)}},
		{"1 with -10: P(2d6>=11)", 1, -10, false, [3]*big.Rat{r(33, 36), r(3, 36), r(0, 1)}},
		{"20 with +10: P(2d6>=10)", 20, 10, false, [3]*big.Rat{r(30, 36), r(6, 36), r(0, 1)}},
		// 1,1 misses (4 < 5, split 3 < 5); 2,2 hits whole (6) but the split
		// (4, 4) would miss, so one hit; 3,3 to 6,6 split into two hits.
		{"doubles: 5 with +2 (rulebook example)", 5, 2, true, [3]*big.Rat{r(1, 36), r(31, 36), r(4, 36)}},
		// Only 6,6 splits (6 >= 6); 3,3 4,4 5,5 hit whole; 1,1 2,2 miss.
		{"doubles: 6 with +0", 6, 0, true, [3]*big.Rat{r(10, 36), r(25, 36), r(1, 36)}},
		// 5,5 and 6,6 split; 3,3 and 4,4 hit whole only.
		{"doubles: 6 with +1", 6, 1, true, [3]*big.Rat{r(6, 36), r(28, 36), r(2, 36)}},
		{"doubles: 2 with +10, every double splits", 2, 10, true, [3]*big.Rat{r(0, 1), r(30, 36), r(6, 36)}},
		{"doubles: 13 with +0, no split can help", 13, 0, true, [3]*big.Rat{r(1, 1), r(0, 1), r(0, 1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := odds.Hits(tt.attack, tt.mod, tt.doubles)
			sum := new(big.Rat)
			for i := range got {
				ratEqual(t, tt.want[i], got[i], "P(%d hits)", i)
				sum.Add(sum, got[i])
			}
			ratEqual(t, r(1, 1), sum, "sum")
		})
	}
}

// TestHitsWithoutDoublesIsTheTable checks every need from 2 to 13 against
// the hand count, and that doubles never lower the chance of some hit.
func TestHitsWithoutDoublesIsTheTable(t *testing.T) {
	for need, n := range atLeast {
		for _, mod := range []int{-3, 0, 2} {
			p := odds.Hits(need+mod, mod, false)
			ratEqual(t, r(n, 36), p[1], "need %d mod %d", need, mod)
			ratEqual(t, r(0, 1), p[2])
			d := odds.Hits(need+mod, mod, true)
			ratEqual(t, p[0], d[0], "doubles only split rolls that already hit")
		}
	}
}

// expand lists the counters one by one, as they lie in the cup.
func expand(kinds []assets.DamageCounter) []assets.DamageCounter {
	var all []assets.DamageCounter
	for _, k := range kinds {
		for range k.Count {
			all = append(all, k)
		}
	}
	return all
}

// bruteOne deals one hit for every ordered pair (i, j), i != j, of distinct
// counters: counter i, plus counter j if i has a "+". Each pair is equally
// likely.
func bruteOne(kinds []assets.DamageCounter) map[int]*big.Rat {
	all := expand(kinds)
	n := len(all)
	count := map[int]int64{}
	for i := range all {
		for j := range all {
			if i == j {
				continue
			}
			d := all[i].Value
			if all[i].Plus {
				d += all[j].Value
			}
			count[d]++
		}
	}
	out := map[int]*big.Rat{}
	for d, c := range count {
		out[d] = big.NewRat(c, int64(n*(n-1)))
	}
	return out
}

// bruteTwo deals two hits for every ordered 4-tuple of distinct counters,
// using them in order as far as the hits need them.
func bruteTwo(kinds []assets.DamageCounter) map[int]*big.Rat {
	all := expand(kinds)
	count := map[int]int64{}
	var total int64
	for a := range all {
		for b := range all {
			if b == a {
				continue
			}
			for c := range all {
				if c == a || c == b {
					continue
				}
				for e := range all {
					if e == a || e == b || e == c {
						continue
					}
					seq := []assets.DamageCounter{all[a], all[b], all[c], all[e]}
					d, k := 0, 0
					for range 2 {
						first := seq[k]
						d += first.Value
						k++
						if first.Plus {
							d += seq[k].Value
							k++
						}
					}
					count[d]++
					total++
				}
			}
		}
	}
	out := map[int]*big.Rat{}
	for d, c := range count {
		out[d] = big.NewRat(c, total)
	}
	return out
}

func assertDist(t *testing.T, want map[int]*big.Rat, got odds.Distribution) {
	t.Helper()
	require.Len(t, got, len(want), "totals: %v", got.Totals())
	for d, p := range want {
		require.Contains(t, got, d)
		ratEqual(t, p, got[d], "total %d", d)
	}
	ratEqual(t, r(1, 1), got.Sum(), "sum")
}

func TestDamageAgainstBruteForce(t *testing.T) {
	box := assets.Default().Damage
	require.Equal(t, assets.DamageCounterTotal, assets.CounterTotal(box))
	tests := []struct {
		name     string
		counters []assets.DamageCounter
	}{
		{"the game box", box},
		{"collision counters", assets.Default().Collision},
		{"all pluses", []assets.DamageCounter{{Value: 1, Plus: true, Count: 2}, {Value: 3, Plus: true, Count: 3}}},
		{"a few", []assets.DamageCounter{{Value: 4, Plus: true, Count: 1}, {Value: 2, Plus: true, Special: assets.SpecialHull, Count: 1}, {Value: 1, Count: 3}, {Value: 5, Count: 0}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assertDist(t, bruteOne(tt.counters), odds.Damage(tt.counters))
			assertDist(t, bruteTwo(tt.counters), odds.DamageForHits(tt.counters, 2))
		})
	}
}

func TestDamageByHand(t *testing.T) {
	tests := []struct {
		name     string
		counters []assets.DamageCounter
		hits     int
		want     map[int]*big.Rat
		mean     *big.Rat
	}{
		// 3 (1/2) or 1+ then the 3 (1/2).
		{"3 and 1+", []assets.DamageCounter{{Value: 3, Count: 1}, {Value: 1, Plus: true, Count: 1}}, 1,
			map[int]*big.Rat{3: r(1, 2), 4: r(1, 2)}, r(7, 2)},
		// The second "+" is ignored: always exactly two counters.
		{"second plus ignored", []assets.DamageCounter{{Value: 2, Plus: true, Count: 3}}, 1,
			map[int]*big.Rat{4: r(1, 1)}, r(4, 1)},
		// Hit one takes two 2+, hit two the third 2+ and finds the cup empty.
		{"two hits empty the cup", []assets.DamageCounter{{Value: 2, Plus: true, Count: 3}}, 2,
			map[int]*big.Rat{6: r(1, 1)}, r(6, 1)},
		// Special symbols do not change the number (Critical hits and special damage).
		{"specials ignored", []assets.DamageCounter{{Value: 2, Special: assets.SpecialEngine, Count: 1}, {Value: 2, Count: 1}}, 1,
			map[int]*big.Rat{2: r(1, 1)}, r(2, 1)},
		// Two hits without replacement: 1 and 5 always come together.
		{"without replacement", []assets.DamageCounter{{Value: 1, Count: 1}, {Value: 5, Count: 1}}, 2,
			map[int]*big.Rat{6: r(1, 1)}, r(6, 1)},
		{"no hit", []assets.DamageCounter{{Value: 1, Count: 1}}, 0, map[int]*big.Rat{0: r(1, 1)}, r(0, 1)},
		{"negative n is no hit", []assets.DamageCounter{{Value: 1, Count: 1}}, -1, map[int]*big.Rat{0: r(1, 1)}, r(0, 1)},
		{"empty cup", nil, 1, map[int]*big.Rat{0: r(1, 1)}, r(0, 1)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := odds.DamageForHits(tt.counters, tt.hits)
			assertDist(t, tt.want, got)
			ratEqual(t, tt.mean, got.Mean(), "mean")
		})
	}
}

func TestExpected(t *testing.T) {
	box := assets.Default().Damage
	one, two := odds.Damage(box), odds.DamageForHits(box, 2)
	tests := []struct {
		name        string
		attack, mod int
		doubles     bool
	}{
		{"6 with +1", 6, 1, false},
		{"5 with +2, doubles", 5, 2, true},
		{"13 never hits", 13, 0, false},
		{"2 with +10, doubles", 2, 10, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := odds.Hits(tt.attack, tt.mod, tt.doubles)
			got := odds.Expected(tt.attack, tt.mod, tt.doubles, box)
			ratEqual(t, r(1, 1), got.Sum())
			// Total 0 only when missing: every counter in the box is worth 1 or more.
			if h[0].Sign() == 0 {
				assert.NotContains(t, got, 0)
			} else {
				ratEqual(t, h[0], got[0], "P(0) is the miss chance")
			}
			// The mean is linear in the hit probabilities.
			want := new(big.Rat).Mul(h[1], one.Mean())
			want.Add(want, new(big.Rat).Mul(h[2], two.Mean()))
			ratEqual(t, want, got.Mean(), "mean")
			for _, d := range got.Totals() {
				p := new(big.Rat).Mul(h[1], ratOr0(one[d]))
				p.Add(p, new(big.Rat).Mul(h[2], ratOr0(two[d])))
				if d == 0 {
					p.Add(p, h[0])
				}
				ratEqual(t, p, got[d], "total %d", d)
				assert.Positive(t, got[d].Sign(), "no total of probability 0")
			}
		})
	}
}

func ratOr0(p *big.Rat) *big.Rat {
	if p == nil {
		return new(big.Rat)
	}
	return p
}

func TestDistributionHelpers(t *testing.T) {
	d := odds.Distribution{10: r(1, 4), 2: r(1, 2), 1: r(1, 4)}
	assert.Equal(t, []int{1, 2, 10}, d.Totals())
	ratEqual(t, r(15, 4), d.Mean())
	ratEqual(t, r(1, 1), d.Sum())
	ratEqual(t, r(0, 1), odds.Distribution{}.Mean())
}
