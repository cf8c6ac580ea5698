package server_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
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
