package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// FuzzMessage sends any bytes as a seat's message to a live game of a
// running server, end to end (WebSocket, decoding, the seat's checks, the
// engine): the server never panics or hangs; it answers every message with
// an ack or an error that names the message and the field, sending no new
// state before a refusal (nothing changed); an oversized message ends the
// connection, and the seat can connect again.
func FuzzMessage(f *testing.F) {
	_, hs := start(f, server.Options{Rate: 1e9, Burst: 1e9})
	cr := host(f, hs.URL, "jump-point")
	for _, s := range []string{
		`{"id":1,"type":"commit","turn":1,"step":1,"phase":"planning","round":0,"commitment":"` + strings.Repeat("ab", 32) + `"}`,
		`{"id":2,"type":"reveal","turn":1,"step":1,"phase":"planning","round":0,"nonce":"` + strings.Repeat("00", wire.NonceSize) + `","commands":[{"type":"plan","side":"colonial","ship":"viper-1"}]}`,
		`{"id":3,"type":"act","turn":1,"step":1,"phase":"planning","command":{"type":"tail","side":"cylon","ship":"raider-1"}}`,
		`{"id":4,"type":"act","turn":1,"step":1,"phase":"planning","command":{"type":"reveal"}}`,
		`{"type":"act","turn":1,"step":1,"extra":1}`,
		`not json`,
		`{"id":5,"type":"reveal","turn":1,"step":1,"phase":"planning","nonce":"00","commands":null}`,
	} {
		f.Add([]byte(s))
	}
	ctx := context.Background()
	var ws *websocket.Conn
	dial := func(t *testing.T) {
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		var err error
		ws, _, err = websocket.Dial(c, strings.Replace(hs.URL, "http://", "ws://", 1)+"/ws?seat="+cr.Colonial, nil)
		require.NoError(t, err)
		ws.SetReadLimit(16 << 20)
		_, _, err = ws.Read(c) // the seat's state on connecting
		require.NoError(t, err)
	}
	f.Cleanup(func() {
		if ws != nil {
			ws.CloseNow()
		}
	})
	f.Fuzz(func(t *testing.T, data []byte) {
		if ws == nil {
			dial(t)
		}
		c, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := ws.Write(c, websocket.MessageText, data); err != nil {
			ws.CloseNow()
			ws = nil
			return
		}
		sawState := false
		for {
			_, answer, err := ws.Read(c)
			if err != nil {
				require.Greater(t, len(data), wire.MaxMessage, "only an oversized message ends the connection: %v", err)
				ws.CloseNow()
				ws = nil
				return
			}
			var m wire.ServerMsg
			require.NoError(t, json.Unmarshal(answer, &m))
			switch m.Type {
			case wire.TypeState:
				sawState = true
				continue
			case wire.TypeError:
				require.False(t, sawState, "a refused message changed the state: %s", m.Error)
				name, _, ok := strings.Cut(m.Error, ": ")
				require.True(t, ok && name != "", "the refusal names the message: %q", m.Error)
				require.True(t, yamlfile.Printable(m.Error), "no control character reaches the player: %q", m.Error)
			case wire.TypeAck:
			default:
				t.Fatalf("unknown answer %s", answer)
			}
			return
		}
	})
}
