package wire_test

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/wire"
)

// TestFormat2RecordStillVerifies verifies a record signed in format 2,
// before level changes and firing steps without shots were events
// (testdata/record-format2.json: The Jump Point played as played() does,
// by main at d3c9f0f). Its hash is battle format 2's, which knew no
// EvLevel nor EvNoFire: the replay reaches it, and carries those events
// now. A record claiming the current format with that hash is refused.
func TestFormat2RecordStillVerifies(t *testing.T) {
	data, err := os.ReadFile("testdata/record-format2.json")
	require.NoError(t, err)
	var rec wire.Record
	require.NoError(t, json.Unmarshal(data, &rec))
	require.Equal(t, 2, rec.Format)
	b, err := rec.Verify(comp, "")
	require.NoError(t, err)
	n := 0
	for _, e := range b.State().Events {
		if e.Kind == battle.EvNoFire || e.Kind == battle.EvLevel {
			n++
		}
	}
	require.NotZero(t, n, "the game has firing steps without shots")
	assert.Equal(t, rec.Hash, b.HashFormat(2))
	assert.NotEqual(t, rec.Hash, b.Hash(), "the current format hashes the new events too")

	// Claiming format 3 with format 2's hash breaks the signature; signed
	// again by another key, the hash is refused.
	rec.Format = wire.RecordFormat
	_, key := played(t)
	rec.Sign(key)
	_, err = rec.Verify(comp, "")
	require.Error(t, err)
	assert.ErrorContains(t, err, "record: hash:")
}
