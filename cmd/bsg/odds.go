package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/odds"
)

// Ranges the odds command accepts for its flags.
const (
	oddsMinAttack, oddsMaxAttack     = 1, 20
	oddsMinModifier, oddsMaxModifier = -10, 10
)

// oddsDoc is the JSON answer of bsg odds.
type oddsDoc struct {
	// Hits are the probabilities of 0, 1 and 2 hits.
	Hits [3]float64 `json:"hits"`
	// Damage is the damage one hit deals.
	Damage oddsDist `json:"damage"`
	// AttackDamage is the total damage of the whole roll, misses included.
	AttackDamage oddsDist `json:"attack_damage"`
}

// oddsDist is a damage distribution with its mean.
type oddsDist struct {
	Mean         float64   `json:"mean"`
	Distribution oddsProbs `json:"distribution"`
}

// oddsProbs is a distribution as an object keyed by the damage total, in
// numeric order ("2" before "10", which encoding/json would not do).
type oddsProbs struct{ d odds.Distribution }

func (p oddsProbs) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, t := range p.d.Totals() {
		if i > 0 {
			b.WriteByte(',')
		}
		v, err := json.Marshal(ratFloat(p.d[t]))
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(&b, "%q:%s", strconv.Itoa(t), v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

func newOddsDist(d odds.Distribution) oddsDist {
	return oddsDist{Mean: ratFloat(d.Mean()), Distribution: oddsProbs{d}}
}

func runOdds(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("odds", "odds -attack N [-modifier M] [-doubles] [-json]\n\nThe exact chances of 0, 1 and 2 hits with one attack roll (Fire!; Rolling doubles)\nand the damage a hit deals from the box's damage counters (Critical hits and special damage)", stderr)
	attack := fs.Int("attack", 0, fmt.Sprintf("the attacker's attack value, %d..%d (required)", oddsMinAttack, oddsMaxAttack))
	modifier := fs.Int("modifier", 0, fmt.Sprintf("the sum of the modifiers to the roll, %d..%d", oddsMinModifier, oddsMaxModifier))
	doubles := fs.Bool("doubles", false, "play the optional rule Rolling doubles (split equal dice when that hits more)")
	asJSON := fs.Bool("json", false, "print JSON instead of sentences")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments, got %q", fs.Args())
	}
	attackSet := false
	fs.Visit(func(f *flag.Flag) { attackSet = attackSet || f.Name == "attack" })
	if !attackSet {
		return usagef("-attack is required (the attack value, %d..%d)", oddsMinAttack, oddsMaxAttack)
	}
	if *attack < oddsMinAttack || *attack > oddsMaxAttack {
		return usagef("-attack %d: must be %d..%d", *attack, oddsMinAttack, oddsMaxAttack)
	}
	if *modifier < oddsMinModifier || *modifier > oddsMaxModifier {
		return usagef("-modifier %d: must be %d..%d", *modifier, oddsMinModifier, oddsMaxModifier)
	}
	comp, err := assets.Load()
	if err != nil {
		return err
	}
	hits := odds.Hits(*attack, *modifier, *doubles)
	one := odds.Damage(comp.Damage)
	roll := odds.Expected(*attack, *modifier, *doubles, comp.Damage)
	if *asJSON {
		doc := oddsDoc{Damage: newOddsDist(one), AttackDamage: newOddsDist(roll)}
		for i, p := range hits {
			doc.Hits[i] = ratFloat(p)
		}
		out, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(stdout, "%s\n", out)
		return err
	}
	return writeOddsText(stdout, *attack, *modifier, *doubles, hits, one, roll)
}

// percent formats a probability as a percentage with one decimal; a chance
// that is not zero but would print as 0.0 prints as "<0.1 %".
func percent(p *big.Rat) string {
	f := ratFloat(p) * 100
	if p.Sign() > 0 && f < 0.05 {
		return "<0.1 %"
	}
	return fmt.Sprintf("%.1f %%", f)
}

// distText lists a distribution as "total: percent" items.
func distText(d odds.Distribution) string {
	items := make([]string, 0, len(d))
	for _, t := range d.Totals() {
		items = append(items, fmt.Sprintf("%d: %s", t, percent(d[t])))
	}
	return strings.Join(items, ", ")
}

func writeOddsText(w io.Writer, attack, modifier int, doubles bool, hits [3]*big.Rat, one, roll odds.Distribution) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Attack %d with %+d", attack, modifier)
	if doubles {
		b.WriteString(", splitting doubles when that hits more")
	}
	fmt.Fprintf(&b, ": no hit %s, one hit %s, two hits %s.\n", percent(hits[0]), percent(hits[1]), percent(hits[2]))
	fmt.Fprintf(&b, "A hit deals %.1f damage on average: %s.\n", ratFloat(one.Mean()), distText(one))
	fmt.Fprintf(&b, "The roll deals %.1f damage on average: %s.\n", ratFloat(roll.Mean()), distText(roll))
	_, err := io.WriteString(w, b.String())
	return err
}
