package wire_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/wire"
)

// A companion game's messages are read strictly: one answer to a draw,
// an undo of at least one action, and each field only in its own type of
// message.
func TestCompanionMessagesAreReadStrictly(t *testing.T) {
	at := `"turn":1,"step":1,"phase":"planning","round":0`
	for _, ok := range []string{
		`{"type":"supply",` + at + `,"supply":{"value":4}}`,
		`{"type":"supply",` + at + `,"supply":{"roll":true}}`,
		`{"type":"supply",` + at + `,"supply":{"counter":{"value":2,"plus":true}}}`,
		`{"type":"undo",` + at + `,"undo":{"back":2}}`,
		`{"type":"consent",` + at + `,"consent":{"agree":false}}`,
		`{"type":"consent",` + at + `,"consent":{"agree":true,"poses":true}}`,
		`{"type":"poses",` + at + `,"poses":{"ships":[{"ship":"raider-1","pose":{"pos":{"x":1,"y":2},"heading":0.5}}]}}`,
		`{"type":"poses",` + at + `,"poses":{"ships":[{"ship":"raider-1","pose":{"pos":{"x":1,"y":2},"heading":0.5}}],"shot":{"attacker":"viper-1","target":"raider-1"}}}`,
	} {
		_, err := wire.Decode([]byte(ok))
		assert.NoError(t, err, ok)
	}
	for _, bad := range []string{
		`{"type":"supply",` + at + `}`,
		`{"type":"supply",` + at + `,"supply":{}}`,
		`{"type":"supply",` + at + `,"supply":{"value":4,"roll":true}}`,
		`{"type":"supply",` + at + `,"supply":{"value":4,"counter":{"value":1}}}`,
		`{"type":"undo",` + at + `,"undo":{"back":0}}`,
		`{"type":"undo",` + at + `,"undo":{"back":101}}`,
		`{"type":"consent",` + at + `}`,
		`{"type":"act",` + at + `,"command":{"type":"ftl"},"supply":{"roll":true}}`,
		`{"type":"consent",` + at + `,"consent":{"agree":true},"undo":{"back":1}}`,
		`{"type":"poses",` + at + `}`,
		`{"type":"poses",` + at + `,"poses":{"ships":[]}}`,
		`{"type":"poses",` + at + `,"poses":{"ships":[{"ship":"","pose":{}}]}}`,
		`{"type":"poses",` + at + `,"poses":{"ships":[{"ship":"` + strings.Repeat("x", wire.MaxShipID+1) + `","pose":{}}]}}`,
		`{"type":"poses",` + at + `,"poses":{"ships":[` + strings.TrimSuffix(strings.Repeat(`{"ship":"a","pose":{}},`, wire.MaxPoses+1), ",") + `]}}`,
		`{"type":"poses",` + at + `,"poses":{"ships":[{"ship":"a","pose":{}}],"shot":{"attacker":"a"}}}`,
		`{"type":"consent",` + at + `,"consent":{"agree":true},"poses":{"ships":[{"ship":"a","pose":{}}]}}`,
	} {
		_, err := wire.Decode([]byte(bad))
		require.Error(t, err, bad)
	}
}
