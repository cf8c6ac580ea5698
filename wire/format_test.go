package wire_test

import (
	"encoding/json"
	"os"
	"strings"
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
// EvLevel nor EvNoFire, and its result's reason is a sentence: the replay
// reaches that hash and that sentence, and carries those events now. A
// record claiming the current format with that hash is refused.
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
	assert.Equal(t, rec.Result.Reason.Text(), b.Result().Reason.Text())
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

// TestFormat3RecordStillVerifies verifies a record signed in format 3,
// whose hash and result held the end's reason as a sentence
// (testdata/record-format3.json, made like the format 2 one by main at
// 4278efb): the replay reaches its hash and its reason's words, and the
// reason is data now. A changed sentence is refused.
func TestFormat3RecordStillVerifies(t *testing.T) {
	data, err := os.ReadFile("testdata/record-format3.json")
	require.NoError(t, err)
	var rec wire.Record
	require.NoError(t, json.Unmarshal(data, &rec))
	require.Equal(t, 3, rec.Format)
	b, err := rec.Verify(comp, "")
	require.NoError(t, err)
	assert.Equal(t, rec.Hash, b.HashFormat(3))
	assert.NotEqual(t, rec.Hash, b.Hash(), "the current format hashes the reason as data")
	assert.Equal(t, battle.EndShipOut, b.Result().Reason.Kind)
	assert.Equal(t, rec.Result.Reason.Text(), b.Result().Reason.Text())

	wrong := strings.Replace(string(data), `"reason": "`, `"reason": "not `, 1)
	require.NotEqual(t, string(data), wrong)
	require.NoError(t, json.Unmarshal([]byte(wrong), &rec))
	_, key := played(t)
	rec.Sign(key)
	_, err = rec.Verify(comp, "")
	assert.ErrorContains(t, err, "record: result:")
}
