package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

var comp = assets.Default()

// start runs a server on a loopback port for the test.
func start(t testing.TB, opts server.Options) (*server.Server, *httptest.Server) {
	if opts.Data == "" {
		opts.Data = t.TempDir()
	}
	s, err := server.New(opts)
	require.NoError(t, err)
	hs := httptest.NewUnstartedServer(s.Handler())
	hs.Config = s.HTTPServer()
	hs.Start()
	t.Cleanup(func() { hs.Close(); s.Close() })
	return s, hs
}

// host creates a game of a built-in scenario.
func host(t testing.TB, base, scenario string) server.CreateResponse {
	body, _ := json.Marshal(server.CreateRequest{Scenario: scenario})
	resp, err := http.Post(base+"/api/games", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var cr server.CreateResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&cr))
	return cr
}

// botGame plays a whole game between two bots and returns both last
// states.
func botGame(t testing.TB, base string, cr server.CreateResponse, col, cyl string) map[battle.Side]*wire.State {
	return botGameAt(t, map[battle.Side]string{battle.Colonial: base, battle.Cylon: base}, cr, col, cyl)
}

// botGameAt plays a whole game between two bots, each through its own
// server (urls), and returns both last states.
func botGameAt(t testing.TB, urls map[battle.Side]string, cr server.CreateResponse, col, cyl string) map[battle.Side]*wire.State {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	type res struct {
		side battle.Side
		st   *wire.State
		err  error
	}
	out := make(chan res, 2)
	for i, side := range battle.Sides {
		tok, name := cr.Colonial, col
		if side == battle.Cylon {
			tok, name = cr.Cylon, cyl
		}
		go func() {
			c := client.Dial(ctx, urls[side], tok)
			defer c.Close()
			p, _ := policy.ByName(name)
			st, err := policy.Bot(ctx, c, p, comp, uint64(i+1), nil)
			out <- res{side, st, err}
		}()
	}
	got := map[battle.Side]*wire.State{}
	for range 2 {
		r := <-out
		require.NoError(t, r.err, r.side)
		got[r.side] = r.st
	}
	return got
}

func httptestServer(s *server.Server) *httptest.Server { return httptest.NewServer(s.Handler()) }
