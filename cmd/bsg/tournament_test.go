package main

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestTournamentIsDeterministic: the same seed gives the same games with
// one worker or two; the JSON has a match per scenario and pairing, the
// pairs and an Elo row per policy.
func TestTournamentIsDeterministic(t *testing.T) {
	args := []string{"tournament", "-policies", "random,greedy", "-scenarios", "hand-of-god,escort", "-games", "2", "-json"}
	var docs []tournamentDoc
	for _, w := range []string{"1", "2"} {
		code, out, errOut := runCLI(t, "", append(args, "-workers", w)...)
		require.Equal(t, 0, code, errOut)
		var d tournamentDoc
		require.NoError(t, json.Unmarshal([]byte(out), &d))
		d.Seconds = 0
		docs = append(docs, d)
	}
	assert.Equal(t, docs[0], docs[1])
	d := docs[0]
	require.Len(t, d.Matches, 4, "2 scenarios × 2 pairings (each policy on each side)")
	for _, m := range d.Matches {
		assert.Equal(t, 2, m.ColWins+m.CylWins+m.Draws)
		assert.Len(t, m.Results, 2)
	}
	require.Len(t, d.Pairs, 1)
	assert.Equal(t, 8, d.Pairs[0].AWins+d.Pairs[0].BWins+d.Pairs[0].Draws)
	require.Len(t, d.Elo, 2)
	assert.InDelta(t, 3000, d.Elo[0].Elo+d.Elo[1].Elo, 1, "the mean rating is 1500")
}

func TestTournamentRefusesBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{"-policies", "clever"}, {"-scenarios", "nowhere"}, {"-games", "0"}, {"-workers", "0"}, {"extra"},
	} {
		code, _, errOut := runCLI(t, "", append([]string{"tournament"}, args...)...)
		assert.Equal(t, 2, code, "%v: %s", args, errOut)
		assert.NotEmpty(t, errOut)
	}
}

// TestWilson: the 95% Wilson interval of known cases.
func TestWilson(t *testing.T) {
	p, lo, hi := wilson(8, 10)
	assert.InDelta(t, 0.8, p, 1e-9)
	assert.InDelta(t, 0.490, lo, 0.001)
	assert.InDelta(t, 0.943, hi, 0.001)
	_, lo, hi = wilson(0, 0)
	assert.Equal(t, []float64{0, 1}, []float64{lo, hi})
}

// TestEloRatings: a 3-to-1 record is about 190 Elo points apart (with the
// virtual draw: 3.5 of 5, 147 points); equal records are equal ratings.
func TestEloRatings(t *testing.T) {
	r := eloRatings([]string{"a", "b"}, []tournamentPair{{A: "a", B: "b", AWins: 3, BWins: 1}})
	assert.InDelta(t, 400*math.Log10(3.5/1.5), r["a"]-r["b"], 0.5)
	assert.InDelta(t, 1500, (r["a"]+r["b"])/2, 1e-6)
	r = eloRatings([]string{"a", "b"}, []tournamentPair{{A: "a", B: "b", AWins: 2, BWins: 2}})
	assert.InDelta(t, r["a"], r["b"], 1e-6)
}
