package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// TestStatesCarryOnlyTheEventsAConnectionLacks: a client asks for states
// holding only the events it lacks (events=since, wire.State.EventsFrom)
// and merges them; over a whole game its seat's list of events equals the
// list a connection that asked for whole states is sent, for a seat and
// for the spectators, and most of its states were such short ones.
func TestStatesCarryOnlyTheEventsAConnectionLacks(t *testing.T) {
	_, hs := start(t, server.Options{SeatConns: 4})
	cr := host(t, hs.URL, "jump-point")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	type watch struct {
		c      *client.Client
		short  atomic.Int32
		whole  chan *wire.State
		mu     sync.Mutex
		merged map[int][]battle.Event // by seq: the client's merged lists
		sent   map[int][]battle.Event // by seq: the whole lists sent
	}
	watches := map[string]*watch{}
	for _, tok := range []string{cr.Colonial, cr.Spectator} {
		w := &watch{c: client.Dial(ctx, hs.URL, tok), whole: make(chan *wire.State, 1),
			merged: map[int][]battle.Event{}, sent: map[int][]battle.Event{}}
		defer w.c.Close()
		go func() {
			last := -1
			for {
				st, err := w.c.Wait(ctx, func(s *wire.State) bool { return s.Seq > last })
				if err != nil {
					return
				}
				w.mu.Lock()
				w.merged[st.Seq] = st.View.Events
				w.mu.Unlock()
				last = st.Seq
			}
		}()
		w.c.Tap(func(data []byte) {
			var m wire.ServerMsg
			if json.Unmarshal(data, &m) == nil && m.State != nil && m.State.EventsFrom > 0 {
				w.short.Add(1)
			}
		})
		// A connection that does not ask: whole states.
		ws, _, err := websocket.Dial(ctx, strings.Replace(hs.URL, "http://", "ws://", 1)+"/ws?seat="+tok, nil)
		require.NoError(t, err)
		ws.SetReadLimit(-1)
		defer ws.CloseNow()
		go func() {
			for {
				_, data, err := ws.Read(ctx)
				if err != nil {
					return
				}
				var m wire.ServerMsg
				if json.Unmarshal(data, &m) == nil && m.State != nil {
					if m.State.EventsFrom != 0 {
						panic("a whole state was asked for")
					}
					w.mu.Lock()
					w.sent[m.State.Seq] = m.State.View.Events
					w.mu.Unlock()
					if m.State.View.Phase == battle.Over {
						w.whole <- m.State
						return
					}
				}
			}
		}()
		watches[tok] = w
	}
	botGame(t, hs.URL, cr, "greedy", "greedy")
	for tok, w := range watches {
		var whole *wire.State
		select {
		case whole = <-w.whole:
		case <-ctx.Done():
			t.Fatal("the whole state at the end never came")
		}
		st, err := w.c.Wait(ctx, func(s *wire.State) bool { return s.View.Phase == battle.Over })
		require.NoError(t, err)
		require.NotEmpty(t, whole.View.Events)
		assert.Equal(t, whole.View.Events, st.View.Events, "seat %s", tok[:4])
		assert.Zero(t, st.EventsFrom, "a merged state holds the whole list")
		assert.Greater(t, int(w.short.Load()), 10, "states carrying only the events the connection lacked")
		w.mu.Lock()
		compared := 0
		for seq, events := range w.merged {
			if sent, ok := w.sent[seq]; ok {
				require.Equal(t, sent, events, "seat %s, seq %d", tok[:4], seq)
				compared++
			}
		}
		w.mu.Unlock()
		assert.Greater(t, compared, 10, "states compared along the game")
	}
}
