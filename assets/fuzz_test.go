package assets_test

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/movefile"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/tablefile"
)

// FuzzOverride reads any bytes as a components override, end to end: an
// override that is accepted keeps the orders the rules rely on, and the
// engine rules on a table and resolves a move with the new components.
func FuzzOverride(f *testing.F) {
	for _, seed := range []string{
		"",
		"geometry: {base_across_flats: 44.5}\n",
		"geometry:\n  base_across_flats: {value: 44.5, note: \"my bases\"}\n",
		"classes: {viper-mk2: {base_across_flats: 44, attack: 5, ftl: true}}\n",
		"geometry:\n  ftl_sides:\n    - {side: front, rolls: [7]}\n    - {side: front-right, rolls: [8, 9]}\n" +
			"    - {side: rear-right, rolls: [10, 11, 12]}\n    - {side: rear, rolls: [2]}\n" +
			"    - {side: rear-left, rolls: [3, 4]}\n    - {side: front-left, rolls: [5, 6]}\n",
		"geometry: {long_range: {value: 250, unit: mm, source: rulebook, section: x}}\n",
		"geometry:\n  base_across_flatz: 44\n",
		"geometry: {short_range: -1, medium_range: .nan, g_limit: 1e99}\n",
		"classes: {viper-mk3: {}}\n",
		"geometry: &a {x: *a}\n",
		"a: 1\n---\nb: 2\n",
		"geometry: [\n",
		"? [a]\n: b\n",
		"geometry: {card_length: 90}\n",
		"geometry: {card_length: 100, card_width: 50}\n",
	} {
		f.Add([]byte(seed))
	}
	pristine := assets.Default()
	table, err := os.ReadFile("../testdata/tables/example.yaml")
	require.NoError(f, err)
	var moves [][]byte
	for _, name := range []string{"overboost.yaml", "ftl.yaml"} {
		data, err := os.ReadFile("../testdata/moves/" + name)
		require.NoError(f, err)
		moves = append(moves, data)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		c := pristine.Clone()
		err := c.Override("fuzz.yaml", data)
		if err != nil {
			require.Equal(t, pristine, c, "a failed override changes nothing")
			for _, line := range strings.Split(err.Error(), "\n") {
				require.True(t, strings.HasPrefix(line, "fuzz.yaml"), "every problem names the file: %q", line)
			}
			return
		}
		g := c.Geometry
		require.Less(t, g.ShortRange.Value, g.MediumRange.Value)
		require.Less(t, g.MediumRange.Value, g.LongRange.Value)
		require.Greater(t, g.BaseAcrossFlats.Value, 0.0)
		for roll := 2; roll <= 12; roll++ {
			_, ok := g.FTLSideFor(roll)
			require.True(t, ok, "roll %d", roll)
		}
		require.Equal(t, pristine.Decks, c.Decks, "an override leaves the decks alone")
		require.Equal(t, pristine.Talents, c.Talents, "and the talents")
		for _, d := range c.Decks {
			for _, card := range d.Cards {
				for _, a := range card.Arrows {
					require.LessOrEqual(t, a.Length.Value, g.CardLength.Value, "every arrow fits its card")
				}
			}
		}
		var buf bytes.Buffer
		require.NoError(t, c.WriteSheet(&buf))
		// Rule and move with the overridden components.
		tab, err := tablefile.Parse("table.yaml", table, c)
		if err == nil {
			referee.New(tab).RuleAll()
		}
		for _, data := range moves {
			if in, err := movefile.Parse("move.yaml", data, c); err == nil {
				_, _ = starship.Resolve(in.Rules, c, in.Class, in.Ship, in.Plan, in.FTL)
			}
		}
	})
}
