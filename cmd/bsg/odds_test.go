package main

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/odds"
)

// The golden answers are kept here, not in testdata, so this command owns
// exactly its two files.
const oddsGoldenText = `Attack 6 with +1: no hit 16.7 %, one hit 83.3 %, two hits 0.0 %.
A hit deals 3.0 damage on average: 1: 20.0 %, 2: 21.2 %, 3: 22.6 %, 4: 17.9 %, 5: 13.3 %, 6: 2.6 %, 7: 1.5 %, 8: 0.6 %, 9: 0.3 %.
The roll deals 2.5 damage on average: 0: 16.7 %, 1: 16.7 %, 2: 17.6 %, 3: 18.8 %, 4: 15.0 %, 5: 11.1 %, 6: 2.1 %, 7: 1.3 %, 8: 0.5 %, 9: 0.2 %.
`

const oddsGoldenJSON = `{
  "hits": [
    0.027777777777777776,
    0.8611111111111112,
    0.1111111111111111
  ],
  "damage": {
    "mean": 3.0205128205128204,
    "distribution": {
      "1": 0.2,
      "2": 0.21153846153846154,
      "3": 0.22564102564102564,
      "4": 0.1794871794871795,
      "5": 0.13333333333333333,
      "6": 0.02564102564102564,
      "7": 0.015384615384615385,
      "8": 0.00641025641025641,
      "9": 0.002564102564102564
    }
  },
  "attack_damage": {
    "mean": 3.272222222222222,
    "distribution": {
      "0": 0.027777777777777776,
      "1": 0.17222222222222222,
      "2": 0.18614672364672363,
      "3": 0.20389863547758286,
      "4": 0.1693489035594299,
      "5": 0.13384356015934964,
      "6": 0.04203089729405519,
      "7": 0.030071974808816914,
      "8": 0.017545531361320834,
      "9": 0.00999106393843236,
      "10": 0.003958817116711854,
      "11": 0.0018060570692149639,
      "12": 0.0008656429709061288,
      "13": 0.0003513635092582461,
      "14": 0.0001082053713632661,
      "15": 0.00002411318200791885,
      "16": 0.0000072947441368494,
      "17": 0.0000012157906894749001
    }
  }
}
`

func TestOddsGolden(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"text, attack 6 with +1", []string{"odds", "-attack", "6", "-modifier", "1"}, oddsGoldenText},
		{"json, rulebook doubles example", []string{"odds", "-attack", "5", "-modifier", "+2", "-doubles", "-json"}, oddsGoldenJSON},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			require.Equal(t, 0, code, errOut)
			assert.Empty(t, errOut)
			assert.Equal(t, tt.want, out)
		})
	}
}

// TestOddsJSONShape checks the document key by key: hits, then damage
// {mean, distribution} with numeric keys in numeric order, then
// attack_damage of the same shape, and every number equal to the exact
// value rounded to float64.
func TestOddsJSONShape(t *testing.T) {
	tests := []struct {
		attack, mod int
		doubles     bool
	}{
		{6, 0, false}, {6, -3, true}, {5, 2, true}, {20, 10, false}, {1, -10, true}, {13, -1, false},
	}
	box := assets.Default().Damage
	for _, tt := range tests {
		args := []string{"odds", "-json", "-attack", strconv.Itoa(tt.attack), "-modifier", strconv.Itoa(tt.mod)}
		if tt.doubles {
			args = append(args, "-doubles")
		}
		t.Run(fmtArgs(args), func(t *testing.T) {
			code, out, errOut := runCLI(t, "", args...)
			require.Equal(t, 0, code, errOut)
			assert.Equal(t, []string{"hits", "damage", "attack_damage"}, objectKeys(t, []byte(out)), "top-level keys in order")

			var doc struct {
				Hits   []float64                  `json:"hits"`
				Damage map[string]json.RawMessage `json:"damage"`
				Roll   map[string]json.RawMessage `json:"attack_damage"`
			}
			require.NoError(t, json.Unmarshal([]byte(out), &doc))
			hits := odds.Hits(tt.attack, tt.mod, tt.doubles)
			require.Len(t, doc.Hits, 3)
			for i := range hits {
				assert.Equal(t, f64(hits[i]), doc.Hits[i], "hits[%d]", i)
			}
			if !tt.doubles {
				assert.Zero(t, doc.Hits[2])
			}
			checkDist(t, "damage", doc.Damage, odds.Damage(box))
			checkDist(t, "attack_damage", doc.Roll, odds.Expected(tt.attack, tt.mod, tt.doubles, box))
		})
	}
}

func checkDist(t *testing.T, name string, got map[string]json.RawMessage, want odds.Distribution) {
	t.Helper()
	require.Len(t, got, 2, "%s has mean and distribution only", name)
	var mean float64
	require.NoError(t, json.Unmarshal(got["mean"], &mean))
	assert.Equal(t, f64(want.Mean()), mean, "%s.mean", name)
	keys := objectKeys(t, got["distribution"])
	wantKeys := []string{}
	for _, d := range want.Totals() {
		wantKeys = append(wantKeys, strconv.Itoa(d))
	}
	assert.Equal(t, wantKeys, keys, "%s.distribution keys in numeric order", name)
	var dist map[string]float64
	require.NoError(t, json.Unmarshal(got["distribution"], &dist))
	for _, d := range want.Totals() {
		assert.Equal(t, f64(want[d]), dist[strconv.Itoa(d)], "%s.distribution[%d]", name, d)
	}
}

// objectKeys returns the keys of the JSON object in data, in document order.
func objectKeys(t *testing.T, data []byte) []string {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	require.NoError(t, err)
	require.Equal(t, json.Delim('{'), tok)
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		require.NoError(t, err)
		keys = append(keys, tok.(string))
		var skip json.RawMessage
		require.NoError(t, dec.Decode(&skip))
	}
	return keys
}

func f64(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

func fmtArgs(args []string) string {
	b, _ := json.Marshal(args[1:])
	return string(b)
}

func TestOddsExitCodes(t *testing.T) {
	tests := []struct {
		name    string
		args    []string
		code    int
		errPart string
	}{
		{"ok", []string{"odds", "-attack", "6"}, 0, ""},
		{"negative modifier", []string{"odds", "-attack", "6", "-modifier", "-2"}, 0, ""},
		{"limits", []string{"odds", "-attack", "20", "-modifier", "-10"}, 0, ""},
		{"limits low", []string{"odds", "-attack", "1", "-modifier", "10", "-doubles"}, 0, ""},
		{"help", []string{"odds", "-h"}, 0, "usage: bsg odds"},
		{"attack missing", []string{"odds", "-modifier", "1"}, 2, "-attack is required"},
		{"attack 0", []string{"odds", "-attack", "0"}, 2, "-attack 0: must be 1..20"},
		{"attack 21", []string{"odds", "-attack", "21"}, 2, "must be 1..20"},
		{"modifier 11", []string{"odds", "-attack", "6", "-modifier", "11"}, 2, "-modifier 11: must be -10..10"},
		{"modifier -11", []string{"odds", "-attack", "6", "-modifier", "-11"}, 2, "must be -10..10"},
		{"not a number", []string{"odds", "-attack", "six"}, 2, "invalid value"},
		{"unknown flag", []string{"odds", "-attack", "6", "-range", "short"}, 2, "flag provided but not defined"},
		{"argument", []string{"odds", "-attack", "6", "extra"}, 2, "takes no arguments"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", tt.args...)
			assert.Equal(t, tt.code, code, errOut)
			assert.Contains(t, errOut, tt.errPart)
			if tt.code == 0 && tt.name != "help" {
				assert.NotEmpty(t, out)
			} else {
				assert.Empty(t, out, "nothing on stdout on failure or help")
			}
		})
	}
}

func TestOddsListedInUsage(t *testing.T) {
	code, _, errOut := runCLI(t, "", "help")
	require.Equal(t, 0, code)
	assert.Contains(t, errOut, "  odds ")
}
