package server_test

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// truth is what the server knew after each accepted message of a game.
type truth struct {
	mu    sync.Mutex
	full  map[int]battle.State
	seeds map[int][]uint64
}

func (tr *truth) observe(_ string, seq int, st battle.State, seeds []uint64) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	tr.full[seq], tr.seeds[seq] = st, seeds
}

// TestNothingSentToASeatLeaksTheOtherSidesSecrets is the secrets property
// test (battletest.Leaks) over the real wire: every built-in scenario is
// played to its end by two bots through the server, a spectator watching;
// every frame each of them receives before the end is checked against
// what the server knew at that moment (the whole state, the game's seed
// and every dice seed so far).
func TestNothingSentToASeatLeaksTheOtherSidesSecrets(t *testing.T) {
	for _, name := range scenarios.Names() {
		t.Run(name, func(t *testing.T) {
			tr := &truth{full: map[int]battle.State{}, seeds: map[int][]uint64{}}
			opts := serverOpts()
			opts.Observe = tr.observe
			_, hs := start(t, opts)
			cr := host(t, hs.URL, name)
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
					_, err := policy.Bot(ctx, c, policy.Random{}, comp, uint64(i+11), nil)
					errs <- err
				}()
			}
			for range 2 {
				require.NoError(t, <-errs)
			}
			_, err := spec.Wait(ctx, func(s *wire.State) bool { return s.View.Phase == battle.Over })
			require.NoError(t, err)

			mu.Lock()
			defer mu.Unlock()
			tr.mu.Lock()
			defer tr.mu.Unlock()
			checked := 0
			for _, side := range []battle.Side{battle.Colonial, battle.Cylon, ""} {
				for _, raw := range frames[side] {
					var m wire.ServerMsg
					require.NoError(t, json.Unmarshal(raw, &m))
					if m.Type != wire.TypeState || m.State.View.Phase == battle.Over {
						continue // acks and errors carry no game; at the end all is public
					}
					full, ok := tr.full[m.State.Seq]
					require.True(t, ok, "seq %d", m.State.Seq)
					for _, seed := range tr.seeds[m.State.Seq] {
						leaks := battletest.Leaks(full, seed, side, battle.Observation{View: m.State.View}, raw)
						assert.Empty(t, leaks, "%s seat, seq %d", side, m.State.Seq)
					}
					if side == "" {
						assert.Nil(t, m.State.Owe)
					}
					checked++
				}
			}
			assert.Greater(t, checked, 20)
			assert.True(t, strings.Contains(string(frames[""][len(frames[""])-1]), `"record"`), "the spectator gets the record at the end")
		})
	}
}

var _ = server.Options{}

// TestNothingSentToACompanionSeatLeaksTheOtherSidesSecrets is the secrets
// property test over a companion game of The Jump Point: the plans sealed
// until the reveal, and the counters, typed from the table's cup by their
// owner or drawn from the app's, seen by their owner alone. Every frame
// each phone and a spectator receive before the end is checked against
// what the server knew at that moment (battletest.Leaks: the other side's
// plans, counters, damage and secret events; the game's seed, which
// decides the app's rolls).
func TestNothingSentToACompanionSeatLeaksTheOtherSidesSecrets(t *testing.T) {
	tr := &truth{full: map[int]battle.State{}, seeds: map[int][]uint64{}}
	opts := serverOpts()
	opts.Observe = tr.observe
	_, hs := start(t, opts)
	cr := hostCompanion(t, hs.URL, "jump-point")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
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
	tb := sit(t, ctx, hs.URL, cr, tap)
	finish(t, ctx, tb, true)
	_, err := spec.Wait(ctx, func(s *wire.State) bool { return s.View.Phase == battle.Over })
	require.NoError(t, err)

	mu.Lock()
	defer mu.Unlock()
	tr.mu.Lock()
	defer tr.mu.Unlock()
	checked, needs := 0, 0
	for _, side := range []battle.Side{battle.Colonial, battle.Cylon, ""} {
		for _, raw := range frames[side] {
			var m wire.ServerMsg
			require.NoError(t, json.Unmarshal(raw, &m))
			if m.Type != wire.TypeState || m.State.View.Phase == battle.Over {
				continue
			}
			full, ok := tr.full[m.State.Seq]
			require.True(t, ok, "seq %d", m.State.Seq)
			for _, seed := range tr.seeds[m.State.Seq] {
				leaks := battletest.Leaks(full, seed, side, battle.Observation{View: m.State.View}, raw)
				assert.Empty(t, leaks, "%s seat, seq %d", side, m.State.Seq)
			}
			// The moves to copy onto the table are plans revealed: none
			// is sent while its turn's plans are still being made.
			for _, mv := range m.State.Moves {
				if mv.Turn == full.Turn && full.Phase == battle.Planning {
					t.Errorf("%s seat, seq %d: the move of %s while turn %d is planned", side, m.State.Seq, mv.Ship, mv.Turn)
				}
			}
			if m.State.Need != nil {
				needs++
			}
			checked++
		}
	}
	assert.Greater(t, checked, 20)
	assert.Positive(t, needs, "the game waited for the table's draws")
}
