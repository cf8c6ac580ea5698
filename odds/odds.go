// Package odds computes the exact odds of an attack roll: how likely it is
// to hit, and how much damage the hits deal when the target draws damage
// counters from the cup.
//
// The rules followed are those of the rulebook sections "Fire!" (two dice,
// the total plus modifiers against the attack value), "Critical hits and
// special damage" (a "+" on a counter makes the target draw a second one; a
// "+" on that second counter is ignored; other symbols do not change the
// damage number) and the optional rule "Rolling doubles" (equal dice may be
// split into two attacks, one die each).
//
// All probabilities are exact fractions (math/big.Rat); callers convert to
// float64 for display. The package uses the standard library and assets
// only.
package odds

import (
	"math/big"
	"slices"

	"github.com/starshipbattles/bsg/assets"
)

// Faces is the number of faces of each of the two attack dice (rulebook,
// "Fire!": "roll two dice"; Contents: six-sided dice).
const Faces = 6

// RollHits returns how many hits the attack roll die1, die2 scores against
// the attack value with the given sum of modifiers, and whether the dice are
// split to score them.
//
// Without doubles the roll hits once when die1+die2+modifier is at least
// attack (rulebook, "Fire!"). With doubles (the optional rule "Rolling
// doubles"), equal dice may instead count as two attacks of one die each,
// each die+modifier against attack; the player splits only when that scores
// more hits than the whole roll, so split is true exactly when both halves
// hit. RollHits is total: it does not check that the dice are in 1..Faces.
func RollHits(attack, modifier int, doubles bool, die1, die2 int) (hits int, split bool) {
	if die1+die2+modifier >= attack {
		hits = 1
	}
	if doubles && die1 == die2 && die1+modifier >= attack && hits < 2 {
		return 2, true
	}
	return hits, false
}

// Hits returns the exact probabilities of scoring 0, 1 and 2 hits with one
// attack roll of two dice against attack with the given sum of modifiers
// (rulebook, "Fire!"; with doubles true, also "Rolling doubles"; see
// RollHits). Without doubles the probability of 2 hits is 0. The three
// probabilities always add up to exactly 1.
func Hits(attack, modifier int, doubles bool) [3]*big.Rat {
	var count [3]int64
	for a := 1; a <= Faces; a++ {
		for b := 1; b <= Faces; b++ {
			h, _ := RollHits(attack, modifier, doubles, a, b)
			count[h]++
		}
	}
	var p [3]*big.Rat
	for i, c := range count {
		p[i] = big.NewRat(c, Faces*Faces)
	}
	return p
}

// Distribution maps a total damage to its exact probability. Totals that
// cannot happen are absent; the probabilities of a Distribution returned by
// this package add up to exactly 1.
type Distribution map[int]*big.Rat

// Totals returns the damage totals of d in increasing order.
func (d Distribution) Totals() []int {
	ts := make([]int, 0, len(d))
	for t := range d {
		ts = append(ts, t)
	}
	slices.Sort(ts)
	return ts
}

// Mean returns the expected damage, the sum of total × probability (0 for
// an empty distribution).
func (d Distribution) Mean() *big.Rat {
	m := new(big.Rat)
	for _, t := range d.Totals() {
		m.Add(m, new(big.Rat).Mul(big.NewRat(int64(t), 1), d[t]))
	}
	return m
}

// Sum returns the sum of the probabilities (exactly 1 for a distribution
// from this package).
func (d Distribution) Sum() *big.Rat {
	s := new(big.Rat)
	for _, p := range d {
		s.Add(s, p)
	}
	return s
}

// add adds p to the probability of total t.
func (d Distribution) add(t int, p *big.Rat) {
	if p.Sign() == 0 {
		return
	}
	if q, ok := d[t]; ok {
		q.Add(q, p)
		return
	}
	d[t] = new(big.Rat).Set(p)
}

// Damage returns the distribution of the damage one hit deals when the
// target draws from a full cup holding counters (each kind Count times):
// the value of the drawn counter, plus the value of a second counter drawn
// without replacement when the first carries a "+"; a "+" on the second
// counter is ignored (rulebook, "Critical hits and special damage").
// Special symbols do not change the damage number. It is DamageForHits
// with n = 1; see there for kinds with no counters and an empty cup.
func Damage(counters []assets.DamageCounter) Distribution {
	return DamageForHits(counters, 1)
}

// DamageForHits returns the distribution of the total damage of n hits
// whose counters are drawn one after the other, without replacement, from
// the same full cup (rulebook, "Critical hits and special damage"; n = 2
// is the split roll of "Rolling doubles", whose damage counters are drawn
// separately for each attack). Each hit draws one counter and, if that
// counter carries a "+", one more whose "+" is ignored.
//
// Kinds with a Count of 0 or less hold no counters. n ≤ 0 deals no damage.
// A draw from an empty cup deals no damage and the remaining draws are
// lost; with the 40 counters of the game box (rulebook, Contents) this
// never happens for n ≤ 2.
func DamageForHits(counters []assets.DamageCounter, n int) Distribution {
	c := newCup(counters)
	w := &weights{byDepth: map[int]map[int]*big.Int{}}
	c.draw(max(n, 0), false, 0, 0, big.NewInt(1), w)
	d := Distribution{}
	for depth, totals := range w.byDepth {
		den := fallingFactorial(c.n, depth)
		for t, num := range totals {
			d.add(t, new(big.Rat).SetFrac(num, den))
		}
	}
	return d
}

// Expected returns the distribution of the total damage one attack roll
// deals: the probabilities of 0, 1 and 2 hits from Hits (rulebook, "Fire!",
// and with doubles "Rolling doubles") each weighting the damage of that
// many hits from DamageForHits (rulebook, "Critical hits and special
// damage"). Total 0 includes the misses. Its Mean is the expected damage of
// the roll.
func Expected(attack, modifier int, doubles bool, counters []assets.DamageCounter) Distribution {
	d := Distribution{}
	for k, pk := range Hits(attack, modifier, doubles) {
		if pk.Sign() == 0 {
			continue
		}
		dk := DamageForHits(counters, k)
		for _, t := range dk.Totals() {
			d.add(t, new(big.Rat).Mul(pk, dk[t]))
		}
	}
	return d
}

// kind is a kind of counter as far as damage goes: its value and whether it
// carries a "+". Counters differing only in their special symbol are one
// kind here.
type kind struct {
	value int
	plus  bool
}

// cup is the multiset of counters left to draw.
type cup struct {
	kinds  []kind
	counts []int64
	n      int64 // counters in a full cup
	left   int64 // counters left
}

func newCup(counters []assets.DamageCounter) *cup {
	c := &cup{}
	index := map[kind]int{}
	for _, dc := range counters {
		if dc.Count <= 0 {
			continue
		}
		k := kind{dc.Value, dc.Plus}
		i, ok := index[k]
		if !ok {
			i = len(c.kinds)
			index[k] = i
			c.kinds = append(c.kinds, k)
			c.counts = append(c.counts, 0)
		}
		c.counts[i] += int64(dc.Count)
		c.n += int64(dc.Count)
	}
	c.left = c.n
	return c
}

// weights accumulates, for each number of draws made and each damage
// total, the number of ordered sequences of distinct counters that end
// there. Dividing by the falling factorial n(n-1)... of the draws gives the
// probability.
type weights struct {
	byDepth map[int]map[int]*big.Int
}

func (w *weights) add(depth, total int, v *big.Int) {
	m := w.byDepth[depth]
	if m == nil {
		m = map[int]*big.Int{}
		w.byDepth[depth] = m
	}
	if s, ok := m[total]; ok {
		s.Add(s, v)
		return
	}
	m[total] = new(big.Int).Set(v)
}

// draw enumerates the draws still to make: hits counts the hits whose first
// counter is not drawn yet, and extra is true when the current hit's first
// counter had a "+" so a second counter (whose "+" is ignored) is due.
// depth draws have been made so far, dealing total damage, in weight ways.
func (c *cup) draw(hits int, extra bool, depth, total int, weight *big.Int, w *weights) {
	if (hits == 0 && !extra) || c.left == 0 {
		w.add(depth, total, weight)
		return
	}
	for i, k := range c.kinds {
		cnt := c.counts[i]
		if cnt == 0 {
			continue
		}
		next := new(big.Int).Mul(weight, big.NewInt(cnt))
		c.counts[i]--
		c.left--
		switch {
		case extra: // the second counter of a hit: its "+" is ignored
			c.draw(hits, false, depth+1, total+k.value, next, w)
		default:
			c.draw(hits-1, k.plus, depth+1, total+k.value, next, w)
		}
		c.counts[i]++
		c.left++
	}
}

// fallingFactorial returns n(n-1)...(n-k+1), 1 for k = 0.
func fallingFactorial(n int64, k int) *big.Int {
	f := big.NewInt(1)
	for i := 0; i < k; i++ {
		f.Mul(f, big.NewInt(n-int64(i)))
	}
	return f
}
