package server_test

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// TestFlownShowsNoMoveBeforeItsRevealNorAheadOfTheDelay: the moves a
// state carries (wire.State.Flown, for playing back several turns that
// arrive at once) are public moves only. Furball is played to its end by
// two bots through the server, a spectator watching one turn behind;
// every frame before the end is checked against what the server knew at
// that moment. A player's frame holds no move of a turn whose plans are
// not revealed yet (The game turn: planning is secret until the reveal),
// and each move it holds of the turn being played is the engine's; the
// delayed spectator's frames hold no move of the turn they show or a
// later one (its delay), nor more turns than FlownTurns and its delay.
// The size the moves add to a frame is logged.
func TestFlownShowsNoMoveBeforeItsRevealNorAheadOfTheDelay(t *testing.T) {
	tr := &truth{full: map[int]battle.State{}, seeds: map[int][]uint64{}}
	opts := serverOpts()
	opts.Observe = tr.observe
	_, hs := start(t, opts)
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "furball", SpectatorDelay: 1})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var mu sync.Mutex
	frames := map[battle.Side][][]byte{}
	tap := func(side battle.Side) func([]byte) {
		return func(raw []byte) {
			mu.Lock()
			frames[side] = append(frames[side], append([]byte(nil), raw...))
			mu.Unlock()
		}
	}
	spec := client.Dial(ctx, hs.URL, cr.Spectator)
	spec.Tap(tap(""))
	defer spec.Close()
	errs := make(chan error, 2)
	for i, side := range battle.Sides {
		tok := cr.Colonial
		if side == battle.Cylon {
			tok = cr.Cylon
		}
		go func() {
			c := client.Dial(ctx, hs.URL, tok)
			defer c.Close()
			c.Tap(tap(side))
			_, err := policy.Bot(ctx, c, policy.Greedy{}, comp, uint64(i+5), nil)
			errs <- err
		}()
	}
	for range 2 {
		require.NoError(t, <-errs)
	}
	_, err = spec.Wait(ctx, func(s *wire.State) bool { return s.View.Phase == battle.Over })
	require.NoError(t, err)

	mu.Lock()
	defer mu.Unlock()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	var (
		withMoves, current, checked int
		delayedMoves                int
		bytesWith, bytesWithout     int
		sizes                       int
	)
	for _, side := range []battle.Side{battle.Colonial, battle.Cylon, ""} {
		for _, raw := range frames[side] {
			var m wire.ServerMsg
			require.NoError(t, json.Unmarshal(raw, &m))
			if m.Type != wire.TypeState || m.State.View.Phase == battle.Over {
				continue
			}
			st := m.State
			full, ok := tr.full[st.Seq]
			require.True(t, ok, "seq %d", st.Seq)
			checked++
			if len(st.Flown) > 0 {
				withMoves++
			}
			if side != "" {
				without := *st
				without.Flown = nil
				b, err := json.Marshal(wire.ServerMsg{Type: wire.TypeState, State: &without})
				require.NoError(t, err)
				bytesWith, bytesWithout, sizes = bytesWith+len(raw), bytesWithout+len(b), sizes+1
			}
			ships := map[string]battle.ShipState{}
			for _, s := range full.Ships {
				ships[s.ID] = s
			}
			turns := map[int]bool{}
			for _, f := range st.Flown {
				turns[f.Turn] = true
				if side == "" {
					delayedMoves++
					assert.Less(t, f.Turn, st.View.Turn, "seq %d: the delayed spectator, shown turn %d, is sent the moves of turn %d", st.Seq, st.View.Turn, f.Turn)
					continue
				}
				require.LessOrEqual(t, f.Turn, full.Turn, "seq %d: a move of a turn not begun", st.Seq)
				if f.Turn < full.Turn {
					continue
				}
				s := ships[f.Ship]
				assert.True(t, s.Revealed, "%s seat, seq %d: %s's move of turn %d before its reveal (%s)", side, st.Seq, f.Ship, f.Turn, full.Phase)
				if s.Outcome != nil {
					want := s.Outcome.Steps
					require.Len(t, f.Steps, len(want), "%s seat, seq %d: %s", side, st.Seq, f.Ship)
					for k := range want {
						assert.Equal(t, want[k].Pose, f.Steps[k].Pose, "%s seat, seq %d: %s's step %d is the engine's", side, st.Seq, f.Ship, k+1)
					}
					current++
				}
			}
			most := wire.FlownTurns
			if side == "" {
				most += 1 // the delay
			}
			assert.LessOrEqual(t, len(turns), most, "%s seat, seq %d: turns %v", side, st.Seq, turns)
		}
	}
	require.Greater(t, checked, 20)
	assert.Positive(t, withMoves, "frames carry moves")
	assert.Positive(t, delayedMoves, "the delayed spectator is sent moves")
	assert.Positive(t, current, "moves of the turn being played, checked against the engine's")
	require.Positive(t, sizes)
	t.Logf("%d frames checked; a player's state: %d bytes of JSON on average, %d without Flown (%d frames)",
		checked, bytesWith/sizes, bytesWithout/sizes, sizes)
}

// TestASeatThatComesBackGetsTheMovesOfTheTurnsItMissed: a connection
// that says how many of the game's events it holds (have=N, as the client
// does when it reconnects) is first sent the moves of every turn after
// them that the server kept (wire.CatchUpTurns), not only the last
// wire.FlownTurns, so that each missed turn plays back along its own
// paths; a connection that holds nothing gets the last FlownTurns.
func TestASeatThatComesBackGetsTheMovesOfTheTurnsItMissed(t *testing.T) {
	_, hs := start(t, serverOpts())
	cr := host(t, hs.URL, "furball")
	got := botGame(t, hs.URL, cr, "greedy", "greedy")
	final := got[battle.Colonial]
	last := final.View.Turn
	require.Greater(t, last, wire.FlownTurns+2, "a game of several turns")
	away := last - wire.FlownTurns - 2 // the first turn missed
	have := slices.IndexFunc(final.View.Events, func(e battle.Event) bool { return e.Turn == away })
	require.Positive(t, have)

	first := func(query string) map[int]bool {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		ws, _, err := websocket.Dial(ctx, strings.Replace(hs.URL, "http://", "ws://", 1)+"/ws?seat="+cr.Colonial+query, nil)
		require.NoError(t, err)
		defer ws.CloseNow()
		ws.SetReadLimit(16 << 20)
		for {
			_, data, err := ws.Read(ctx)
			require.NoError(t, err)
			var m wire.ServerMsg
			require.NoError(t, json.Unmarshal(data, &m))
			if m.Type != wire.TypeState {
				continue
			}
			turns := map[int]bool{}
			for _, f := range m.State.Flown {
				turns[f.Turn] = true
			}
			return turns
		}
	}
	back := first("&events=since&have=" + strconv.Itoa(have))
	for turn := away; turn <= last; turn++ {
		assert.True(t, back[turn], "turn %d's moves are sent to the seat that missed it (turns %v)", turn, back)
	}
	assert.False(t, back[away-1], "not the moves of a turn it saw")
	assert.Len(t, first("&events=since"), wire.FlownTurns, "a seat that holds nothing: the last turns")
	assert.Len(t, first("&events=since&have=999999"), wire.FlownTurns, "a count beyond the events is not believed")
}
