package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// TestSpectatorsSeeTheGameTurnsBehind: with a spectator delay of one turn,
// every state the spectator link is sent while the game is played is the
// public state at the start of the turn before the one the game had
// reached (the first turn's at first), marked as behind, and holds
// nothing a seat alone may know; once the game is over the spectators see
// its end.
func TestSpectatorsSeeTheGameTurnsBehind(t *testing.T) {
	var mu sync.Mutex
	turn := 0 // the latest turn the server reached, told before any frame of it is sent
	opts := serverOpts()
	opts.Observe = func(game string, seq int, full battle.State, seeds []uint64) {
		mu.Lock()
		turn = max(turn, full.Turn)
		mu.Unlock()
	}
	_, hs := start(t, opts)
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point", SpectatorDelay: 1})
	require.NoError(t, err)

	spec := dialRaw(t, hs.URL, cr.Spectator)
	type seen struct {
		st      *wire.State
		reached int
	}
	frames := make(chan seen, 4096)
	readDone := make(chan struct{})
	go func() {
		defer close(readDone)
		for {
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
			_, data, err := spec.ws.Read(ctx)
			cancel()
			if err != nil {
				return
			}
			mu.Lock()
			reached := turn
			mu.Unlock()
			var m wire.ServerMsg
			if json.Unmarshal(data, &m) == nil && m.Type == wire.TypeState {
				frames <- seen{m.State, reached}
				if m.State.View.Phase == battle.Over {
					return
				}
			}
		}
	}()
	got := botGame(t, hs.URL, cr, "greedy", "greedy")
	<-readDone
	close(frames)
	require.Equal(t, battle.Over, got[battle.Colonial].View.Phase)
	final := got[battle.Colonial].View.Turn
	require.Greater(t, final, 2, "a game of several turns")

	var last *wire.State
	latest := 0
	for f := range frames {
		last = f.st
		if f.st.View.Phase == battle.Over {
			assert.Zero(t, f.st.Behind, "the end is shown as it is")
			continue
		}
		assert.Equal(t, 1, f.st.Behind)
		assert.LessOrEqual(t, f.st.View.Turn, max(f.reached-1, 1), "a spectator's state is a turn behind the game")
		assert.Empty(t, f.st.Owe)
		assert.Empty(t, f.st.Targets)
		for _, sh := range f.st.View.Ships {
			assert.False(t, sh.Own, "no ship is the spectator's own")
			assert.Nil(t, sh.Plan, "no plan is shown before it is revealed")
		}
		latest = max(latest, f.st.View.Turn)
	}
	require.NotNil(t, last)
	assert.Equal(t, battle.Over, last.View.Phase, "the spectators see the end")
	assert.Equal(t, final-1, latest, "the spectators followed the game a turn behind to its last turn")
}

// TestASpectatorDelayOutOfBoundsIsRefused: hosting with a delay below 0,
// over wire.MaxSpectatorDelay or not a number is refused with what is
// allowed (400), and nothing is created.
func TestASpectatorDelayOutOfBoundsIsRefused(t *testing.T) {
	_, hs := start(t, serverOpts())
	for _, body := range []string{
		`{"scenario":"jump-point","spectator_delay":-1}`,
		`{"scenario":"jump-point","spectator_delay":11}`,
		`{"scenario":"jump-point","spectator_delay":9223372036854775807}`,
		`{"scenario":"jump-point","spectator_delay":"1"}`,
		`{"scenario":"jump-point","spectator_delay":1.5}`,
	} {
		resp, err := http.Post(hs.URL+"/api/games", "application/json", bytes.NewReader([]byte(body)))
		require.NoError(t, err)
		var msg bytes.Buffer
		_, _ = msg.ReadFrom(resp.Body)
		resp.Body.Close()
		assert.Equal(t, http.StatusBadRequest, resp.StatusCode, body)
		assert.True(t, strings.Contains(msg.String(), "spectator_delay"), "%s: %s", body, msg.String())
	}
	_, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point", SpectatorDelay: wire.MaxSpectatorDelay})
	require.NoError(t, err, "the most is allowed")
}
