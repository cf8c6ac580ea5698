package wire_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/wire"
)

// FuzzDecode reads any bytes as a player's message: never a panic; a
// refusal names the message (or its type) and the field; an accepted
// message is within the limits and encodes to a message that decodes to
// the same.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"id":1,"type":"commit","turn":1,"step":1,"phase":"planning","round":0,"commitment":"` + strings.Repeat("ab", 32) + `"}`,
		`{"id":2,"type":"reveal","turn":1,"step":1,"phase":"planning","nonce":"` + strings.Repeat("00", wire.NonceSize) + `","commands":[{"type":"plan","side":"colonial","ship":"a"}]}`,
		`{"id":3,"type":"act","turn":2,"step":1,"phase":"planning","command":{"type":"tail","side":"cylon","ship":"r"}}`,
		`{"type":"act","turn":1,"step":1,"extra":1}`,
		`{"type":"commit"} {"type":"commit"}`,
		`[1,2,3]`,
		`{"type":"reveal","turn":1e99}`,
		"{\"type\":\"act\",\"turn\":1,\"step\":1,\"command\":{\"type\":\"plan\",\"ship\":\"\x1b[2J\"}}",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := wire.Decode(data)
		if err != nil {
			msg := err.Error()
			name, _, ok := strings.Cut(msg, ": ")
			require.True(t, ok, "the refusal names the message: %q", msg)
			require.NotEmpty(t, strings.Fields(name), msg)
			require.Contains(t, []string{"message", wire.TypeCommit, wire.TypeReveal, wire.TypeAct}, strings.Fields(name)[0], msg)
			return
		}
		require.LessOrEqual(t, len(data), limits.MessageBytes)
		require.LessOrEqual(t, len(m.Commands), limits.RevealCommands)
		again, err := json.Marshal(m)
		require.NoError(t, err)
		m2, err := wire.Decode(again)
		require.NoError(t, err, "%s", again)
		a, _ := json.Marshal(m2)
		require.JSONEq(t, string(again), string(a))
	})
}
