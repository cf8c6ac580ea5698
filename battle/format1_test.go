package battle_test

import (
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
// Saved again, the battle is format 2 and loads to the same state.
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
				if text == "" {
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
			require.Contains(t, string(again), `"format": 2,`)
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
	assert.NotEqual(t, b.Hash(), b.HashFormat(1), "format 2 hashes the typed events")
	damaged := strings.Replace(string(data), `"hash": "`, `"hash": "0`, 1)
	_, err = battle.Load([]byte(damaged), comp)
	require.ErrorContains(t, err, "hash")
}
