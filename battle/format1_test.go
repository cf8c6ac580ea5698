package battle_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
)

// TestFormat1SavedGamesStillLoadWithTheirSentences loads battles saved by
// the program before events were typed (format 1, testdata/format1, made
// with bsg sim -save): the replay must reach the hash the file records,
// which covered every event's sentence, and render the same sentences,
// byte for byte, as that program's bsg replay printed (NAME.events.txt).
// The replay adds the events format 3 introduced (EvLevel, EvNoFire),
// which format 1 never had: every other sentence is as it was. Saved
// again, the battle is the current format and loads to the same state.
//
// The files were saved by main at b3c5758 (bsg sim -seed 11 -save; the
// all-options variants of furball and jump-point). A rule fix that changes
// one of these games changes its replay: such a file cannot be made again
// in format 1, so the commit of the fix drops it and says so.
func TestFormat1SavedGamesStillLoadWithTheirSentences(t *testing.T) {
	files, err := filepath.Glob("testdata/format1/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			require.Contains(t, string(data), `"format": 1,`)
			b, err := battle.LoadFile(f, data, comp)
			require.NoError(t, err)
			want, err := os.ReadFile(strings.TrimSuffix(f, ".json") + ".events.txt")
			require.NoError(t, err)
			var got strings.Builder
			for _, e := range b.State().Events {
				text := e.Text()
				if text == "" || battle.NewInFormat3(e) {
					continue
				}
				got.WriteString(text)
				if e.Secret {
					got.WriteString(" (secret to " + string(e.Side) + ")")
				}
				got.WriteByte('\n')
			}
			assert.Equal(t, string(want), got.String())

			again, err := b.Save()
			require.NoError(t, err)
			require.Contains(t, string(again), fmt.Sprintf(`"format": %d,`, battle.SavedFormat))
			c, err := battle.Load(again, comp)
			require.NoError(t, err)
			assert.Equal(t, b.Hash(), c.Hash())
			assert.Equal(t, b.State().Events, c.State().Events)
		})
	}
}

// TestFormat1HashIsChecked: an old file is checked against the format 1
// hash, not skipped: a changed hash is refused.
func TestFormat1HashIsChecked(t *testing.T) {
	data, err := os.ReadFile("testdata/format1/furball-all-complete-1.json")
	require.NoError(t, err)
	b, err := battle.Load(data, comp)
	require.NoError(t, err)
	assert.NotEqual(t, b.Hash(), b.HashFormat(1), "the current format hashes the typed events")
	damaged := strings.Replace(string(data), `"hash": "`, `"hash": "0`, 1)
	_, err = battle.Load([]byte(damaged), comp)
	require.ErrorContains(t, err, "hash")
}

// TestFormat2SavedGamesStillLoad loads battles saved in format 2, before
// level changes and firing steps without shots were events
// (testdata/format2, saved by main at d3c9f0f with bsg sim -seed 12 -save:
// the all-options furball and jump-point under the Complete Rules, random
// v greedy, and The Hand of God under the Quick Start Rules). The replay
// must reach the hash each file records, which covered every typed event
// but knew no EvLevel nor EvNoFire: every old event is as it was. The
// replay carries the new ones now, and a changed hash is refused.
func TestFormat2SavedGamesStillLoad(t *testing.T) {
	files, err := filepath.Glob("testdata/format2/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	added := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			require.Contains(t, string(data), `"format": 2,`)
			b, err := battle.LoadFile(f, data, comp)
			require.NoError(t, err)
			n := 0
			for _, e := range b.State().Events {
				if battle.NewInFormat3(e) {
					n++
				}
			}
			added += n
			if n > 0 {
				assert.NotEqual(t, b.Hash(), b.HashFormat(2), "format 3 hashes the new events too")
			}
			damaged := strings.Replace(string(data), `"hash": "`, `"hash": "0`, 1)
			_, err = battle.Load([]byte(damaged), comp)
			require.ErrorContains(t, err, "hash")

			again, err := b.Save()
			require.NoError(t, err)
			require.Contains(t, string(again), fmt.Sprintf(`"format": %d,`, battle.SavedFormat))
			c, err := battle.Load(again, comp)
			require.NoError(t, err)
			assert.Equal(t, b.Hash(), c.Hash())
		})
	}
	assert.NotZero(t, added, "the files have level changes or firing steps without shots")
}

// TestFormat3SavedGamesStillLoad loads battles saved in format 3, whose
// hash held the end's reason as a sentence (testdata/format3, saved by
// main at 4278efb with bsg sim -seed 13 -save, greedy v greedy: one game
// for each way they end). The replay must reach the hash each file
// records, so the reason renders in the very words format 3 hashed; a
// changed hash is refused; the reason is data now (EndReason).
func TestFormat3SavedGamesStillLoad(t *testing.T) {
	files, err := filepath.Glob("testdata/format3/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	kinds := map[battle.EndKind]bool{}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			require.Contains(t, string(data), `"format": 3,`)
			b, err := battle.LoadFile(f, data, comp)
			require.NoError(t, err)
			r := b.Result()
			require.NotNil(t, r, "the games are over")
			kinds[r.Reason.Kind] = true
			assert.NotEqual(t, b.Hash(), b.HashFormat(3), "format 4 hashes the reason as data")
			damaged := strings.Replace(string(data), `"hash": "`, `"hash": "0`, 1)
			_, err = battle.Load([]byte(damaged), comp)
			require.ErrorContains(t, err, "hash")

			again, err := b.Save()
			require.NoError(t, err)
			require.Contains(t, string(again), fmt.Sprintf(`"format": %d,`, battle.SavedFormat))
			c, err := battle.Load(again, comp)
			require.NoError(t, err)
			assert.Equal(t, b.Hash(), c.Hash())
			assert.Equal(t, r, c.Result())
		})
	}
	for _, k := range []battle.EndKind{battle.EndTurnLimit, battle.EndPoints, battle.EndLastSide, battle.EndShipOut, battle.EndBothGone} {
		assert.True(t, kinds[k], "no game ends by %s", k)
	}
}

// TestFormat4SavedGamesStillLoad loads battles saved in format 4, whose
// hash knew no movement step of a card laid (testdata/format4, saved by
// main at e5200eb with bsg sim -seed 13 -games 2 -save on jump-point,
// furball and escort, greedy v greedy). The replay must reach the hash
// each file records; a changed hash is refused; saved again, the battle
// is format 5 and its cards carry their steps.
func TestFormat4SavedGamesStillLoad(t *testing.T) {
	files, err := filepath.Glob("testdata/format4/*.json")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	stepped := 0
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			require.NoError(t, err)
			require.Contains(t, string(data), `"format": 4,`)
			b, err := battle.LoadFile(f, data, comp)
			require.NoError(t, err)
			require.NotNil(t, b.Result(), "the games are over")
			for _, s := range b.State().Ships {
				if s.Outcome != nil && len(s.Outcome.Cards) > 0 {
					stepped++
					assert.NotEqual(t, b.Hash(), b.HashFormat(4), "format 5 hashes the cards' steps")
				}
			}
			damaged := strings.Replace(string(data), `"hash": "`, `"hash": "0`, 1)
			_, err = battle.Load([]byte(damaged), comp)
			require.ErrorContains(t, err, "hash")

			again, err := b.Save()
			require.NoError(t, err)
			require.Contains(t, string(again), fmt.Sprintf(`"format": %d,`, battle.SavedFormat))
			c, err := battle.Load(again, comp)
			require.NoError(t, err)
			assert.Equal(t, b.Hash(), c.Hash())
		})
	}
	assert.Positive(t, stepped, "the files end with cards laid")
}
