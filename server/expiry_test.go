package server_test

import (
	"context"
	"net/http"
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

// fakeClock is a clock the test moves.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{now: time.Date(2026, 11, 27, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

func status(t *testing.T, url string) int {
	t.Helper()
	resp, err := http.Get(url)
	require.NoError(t, err)
	resp.Body.Close()
	return resp.StatusCode
}

// TestUnfinishedGamesExpire: a game nobody joins within JoinWithin, and a
// started game left without a message for IdleExpiry, expire: their seats
// answer 410 and they no longer count against their creator's games.
func TestUnfinishedGamesExpire(t *testing.T) {
	clock := newFakeClock()
	_, hs := start(t, server.Options{Clock: clock, MaxGamesPerClient: 2, JoinWithin: time.Hour, IdleExpiry: 24 * time.Hour})
	unjoined := host(t, hs.URL, "jump-point")
	started := host(t, hs.URL, "jump-point")
	for _, tok := range []string{started.Colonial, started.Cylon} {
		r := dialRaw(t, hs.URL, tok)
		r.state()
		r.ws.CloseNow()
	}
	_, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.ErrorContains(t, err, "has 2 unfinished games")

	clock.Advance(time.Hour + time.Second)
	assert.Equal(t, http.StatusGone, status(t, hs.URL+"/ws?seat="+unjoined.Colonial), "a game nobody joined within the hour")
	assert.Equal(t, http.StatusGone, status(t, hs.URL+"/api/games/"+unjoined.Game+"/scenario"))
	assert.Equal(t, http.StatusOK, status(t, hs.URL+"/api/games/"+started.Game+"/scenario"), "a started game waits longer")
	host(t, hs.URL, "jump-point") // the expired game no longer counts

	clock.Advance(24 * time.Hour)
	assert.Equal(t, http.StatusGone, status(t, hs.URL+"/api/games/"+started.Game+"/scenario"), "a started game idle for a day")
}

// TestGamesLeaveMemoryWhenNobodyHoldsThem: asking for any game's scenario
// or record does not keep it in memory (any game id loaded a game for
// good); a game is held while a connection is open, and let go after.
func TestGamesLeaveMemoryWhenNobodyHoldsThem(t *testing.T) {
	s, hs := start(t, server.Options{MaxGamesPerClient: 20})
	var games []server.CreateResponse
	for range 10 {
		cr := host(t, hs.URL, "jump-point")
		games = append(games, cr)
		require.Equal(t, http.StatusOK, status(t, hs.URL+"/api/games/"+cr.Game+"/scenario"))
		require.Equal(t, http.StatusNotFound, status(t, hs.URL+"/api/games/"+cr.Game+"/record"), "not over")
	}
	assert.Equal(t, 0, s.Stats().Live)
	r := dialRaw(t, hs.URL, games[0].Colonial)
	r.state()
	assert.Equal(t, 1, s.Stats().Live)
	r.ws.CloseNow()
	for i := 0; s.Stats().Live > 0; i++ {
		require.Less(t, i, 1000, "a game with no connection is held")
		time.Sleep(10 * time.Millisecond)
	}
}

// TestTheGlobalBoundHoldsWhateverTheAddress: one host's IPv6 addresses
// are one client (its /64), and the bound on all unfinished games holds
// whatever the addresses.
func TestTheGlobalBoundHoldsWhateverTheAddress(t *testing.T) {
	assert.Equal(t, server.ClientKey("[2001:db8:1:2::1]:4000"), server.ClientKey("[2001:db8:1:2:ffff::9]:4001"))
	assert.NotEqual(t, server.ClientKey("[2001:db8:1:2::1]:4000"), server.ClientKey("[2001:db8:1:3::1]:4000"))
	assert.Equal(t, "192.0.2.1", server.ClientKey("192.0.2.1:5"))
	assert.Equal(t, "192.0.2.1", server.ClientKey("[::ffff:192.0.2.1]:5"))

	_, hs := start(t, server.Options{MaxGamesPerClient: 10, MaxGames: 2})
	host(t, hs.URL, "jump-point")
	host(t, hs.URL, "jump-point")
	_, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.ErrorContains(t, err, "the server holds 2 unfinished games, its most")
}

// TestAbandonedGamesExpireSooner: a started game without a clock that
// nobody plays expires after AbandonedExpiry, not IdleExpiry: one whose
// players joined and revealed nothing, and one waiting for a reveal that
// never comes (the Cylon committed and vanished). A game under way whose
// players are thinking waits IdleExpiry.
func TestAbandonedGamesExpireSooner(t *testing.T) {
	clock := newFakeClock()
	s, hs := start(t, server.Options{Clock: clock, MaxGamesPerClient: 5, AbandonedExpiry: 24 * time.Hour, IdleExpiry: 30 * 24 * time.Hour})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dial := func(tok string) *client.Client {
		c := client.Dial(ctx, hs.URL, tok)
		t.Cleanup(c.Close)
		return c
	}
	ready := func(c *client.Client) *wire.State {
		st, err := c.Wait(ctx, func(s *wire.State) bool { return s.Ready && s.Sealed })
		require.NoError(t, err)
		return st
	}
	still := func(st *wire.State) []battle.Command {
		var cmds []battle.Command
		for _, id := range st.Owe {
			cmds = append(cmds, stillPlan(st, id))
		}
		return cmds
	}

	fresh := host(t, hs.URL, "jump-point")
	f1, f2 := dial(fresh.Colonial), dial(fresh.Cylon)
	ready(f1)
	ready(f2)

	waiting := host(t, hs.URL, "jump-point")
	col := dial(waiting.Colonial)
	cyl := dialRaw(t, hs.URL, waiting.Cylon)
	colSt := ready(col)
	cylSt := cyl.state()
	for !cylSt.Ready {
		cylSt = cyl.state()
	}
	sealed := make(chan error, 1)
	go func() { sealed <- col.Seal(ctx, still(colSt)) }()
	commit := at(cylSt, wire.TypeCommit)
	commit.Commitment = wire.Commit(cylSt.Game, cylSt.View.Turn, cylSt.View.Step, cylSt.View.Phase, cylSt.Round, battle.Cylon, still(cylSt), wire.NewNonce())
	require.Equal(t, wire.TypeAck, cyl.send(commit).Type)
	require.NoError(t, <-sealed, "the Colonial player revealed; the Cylon never will")
	cyl.ws.CloseNow()

	thinking := host(t, hs.URL, "jump-point")
	c1, c2 := dial(thinking.Colonial), dial(thinking.Cylon)
	s1, s2 := ready(c1), ready(c2)
	go func() { sealed <- c1.Seal(ctx, still(s1)) }()
	require.NoError(t, c2.Seal(ctx, still(s2)))
	require.NoError(t, <-sealed)
	for _, c := range []*client.Client{f1, f2, col, c1, c2} {
		c.Close()
	}
	scenario := func(cr server.CreateResponse) string { return hs.URL + "/api/games/" + cr.Game + "/scenario" }
	// Wait until the server has let go of every game (a game held by a
	// connection does not expire).
	for i := 0; s.Stats().Live > 0; i++ {
		require.Less(t, i, 1000, "the games are still held")
		time.Sleep(10 * time.Millisecond)
	}

	clock.Advance(24*time.Hour - time.Minute)
	for _, cr := range []server.CreateResponse{fresh, waiting, thinking} {
		assert.Equal(t, http.StatusOK, status(t, scenario(cr)), "not yet a day")
	}
	clock.Advance(2 * time.Minute)
	assert.Equal(t, http.StatusGone, status(t, scenario(fresh)), "joined, nothing revealed for a day")
	assert.Equal(t, http.StatusGone, status(t, scenario(waiting)), "a reveal owed for a day")
	assert.Equal(t, http.StatusOK, status(t, scenario(thinking)), "under way: the players may think longer")
	clock.Advance(30 * 24 * time.Hour)
	assert.Equal(t, http.StatusGone, status(t, scenario(thinking)), "idle for 30 days")
}
