package client

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// hostileServer answers a seat's connection with one state (the game id
// and seat a hostile server chooses) and refuses every message with
// refusal.
func hostileServer(t *testing.T, game string, seat battle.Side, refusal string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		st, _ := json.Marshal(wire.ServerMsg{Type: wire.TypeState, State: &wire.State{
			Game: game, Seat: seat, Ready: true, Sealed: true, Owe: []string{"a"},
			View: battle.View{Turn: 1, Step: 1, Phase: battle.Planning}}})
		if ws.Write(r.Context(), websocket.MessageText, st) != nil {
			return
		}
		for {
			_, data, err := ws.Read(r.Context())
			if err != nil {
				return
			}
			var m wire.ClientMsg
			_ = json.Unmarshal(data, &m)
			answer, _ := json.Marshal(wire.ServerMsg{Type: wire.TypeError, ID: m.ID, Error: refusal})
			if ws.Write(r.Context(), websocket.MessageText, answer) != nil {
				return
			}
		}
	}))
}

// A hostile server's game id and seat name the file of a kept opening: a
// path ("../../x") keeps it in the folder it was given all the same, and
// its refusal reaches the player with its terminal escapes quoted.
func TestAHostileServerCannotPlaceASealOrAnEscape(t *testing.T) {
	for _, c := range []struct {
		game string
		seat battle.Side
	}{
		{"../../outside", battle.Colonial},
		{"g", "../../../outside"},
		{"/tmp/abs", battle.Cylon},
	} {
		hs := hostileServer(t, c.game, c.seat, "no\x1b]0;pwned\a")
		root := t.TempDir()
		dir := filepath.Join(root, "a", "b", "seals")
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		cl := Dial(ctx, hs.URL, "0123456789abcdef0123456789abcdef")
		cl.KeepSeals(dir)
		_, err := cl.Wait(ctx, func(s *wire.State) bool { return s.Sealed })
		require.NoError(t, err)
		err = cl.Seal(ctx, []battle.Command{{Type: battle.CmdPlan, Ship: "a", Plan: &starship.Plan{Cards: []string{"straight"}, Speed: "low"}}})
		require.Error(t, err)
		assert.NotContains(t, err.Error(), "\x1b", "the refusal's escape is quoted")
		assert.Contains(t, err.Error(), `no\x1b]0;pwned\a`)
		cl.Close()
		cancel()
		hs.Close()
		kept, _ := os.ReadDir(dir)
		require.Len(t, kept, 1, "the opening is kept in the folder")
		var outside []string
		_ = filepath.Walk(root, func(p string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && filepath.Dir(p) != dir {
				outside = append(outside, p)
			}
			return nil
		})
		assert.Empty(t, outside, "nothing is written outside the seals folder (game %q, seat %q)", c.game, c.seat)
		assert.Equal(t, sealName(c.game, c.seat), kept[0].Name())
	}
	assert.Equal(t, "seal-g1-colonial.json", sealName("g1", battle.Colonial), "plain names stay readable")
}

// A hostile server's largest message of millions of tiny values is not
// decoded: 16 MB of empty strings took 374 MB to decode.
func TestAHostileServersHugeStateIsNotDecoded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"type":"state","state":{"game":"g","seat":"colonial","owe":[`)
	for b.Len() < limits.StateBytes-100 {
		b.WriteString(`"",`)
	}
	b.WriteString(`""]}}`)
	huge := []byte(b.String())
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ws, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer ws.CloseNow()
		_ = ws.Write(r.Context(), websocket.MessageText, huge)
		small, _ := json.Marshal(wire.ServerMsg{Type: wire.TypeState, State: &wire.State{Game: "g", Seat: battle.Colonial}})
		_ = ws.Write(r.Context(), websocket.MessageText, small)
		_, _, _ = ws.Read(r.Context())
	}))
	defer hs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	cl := Dial(ctx, hs.URL, "0123456789abcdef0123456789abcdef")
	defer cl.Close()
	st, err := cl.Wait(ctx, func(*wire.State) bool { return true })
	require.NoError(t, err)
	runtime.ReadMemStats(&after)
	assert.Empty(t, st.Owe, "the huge state was not taken")
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(3*limits.StateBytes), "read, counted and dropped: no decoding")
}

// TestProbeTellsARefusedSeatFromNoServer: after a connection failed
// without a status (a browser's WebSocket), the probe reads the status
// the seat's address answers over HTTP: a game gone (410) stops the
// client saying so; no server at all is ErrUnreachable.
func TestProbeTellsARefusedSeatFromNoServer(t *testing.T) {
	hs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "play: game expired", http.StatusGone)
	}))
	c := &Client{server: hs.URL, token: strings.Repeat("a", 32)}
	dialErr := errors.New("the WebSocket failed")
	status, err := c.probe(dialErr)
	assert.Equal(t, 410, status)
	assert.Equal(t, dialErr, err)
	refused := seatRefused(status)
	require.ErrorIs(t, refused, ErrSeatRefused)
	assert.Contains(t, refused.Error(), "expired")
	hs.Close()
	status, err = c.probe(dialErr)
	assert.Zero(t, status)
	assert.ErrorIs(t, err, ErrUnreachable)
	assert.NoError(t, seatRefused(426), "a server that answers but does not upgrade is tried again")
}
