package server_test

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// TestADamagedDatabaseIsRefusedAtStart: a database whose pages were
// overwritten is refused when the server starts, with an error naming the
// file and the integrity check, instead of answering "no game" later.
func TestADamagedDatabaseIsRefusedAtStart(t *testing.T) {
	dir := t.TempDir()
	s, err := server.New(server.Options{Data: dir, MaxGamesPerClient: 100})
	require.NoError(t, err)
	hs := httptestServer(s)
	for range 20 {
		host(t, hs.URL, "jump-point")
	}
	hs.Close()
	require.NoError(t, s.Close())

	path := filepath.Join(dir, "bsg.sqlite")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.Greater(t, len(data), 6*4096, "a database of several pages")
	// Overwrite the inside of every page but the first (the header stays
	// readable: the damage is in the tables).
	for p := 4096; p+4096 <= len(data); p += 4096 {
		for i := p + 200; i < p+4000; i++ {
			data[i] = byte(i * 7)
		}
	}
	require.NoError(t, os.WriteFile(path, data, 0o600))
	_, err = server.New(server.Options{Data: dir})
	require.Error(t, err)
	assert.Contains(t, err.Error(), path)
	assert.Contains(t, err.Error(), "is damaged")
}

// TestAStorageErrorIsNeverAMissingGame: when the store fails, a request for
// a game that exists answers 500 (the server's fault), never 404 ("no
// game") or 403 ("no seat").
func TestAStorageErrorIsNeverAMissingGame(t *testing.T) {
	s, hs := start(t, serverOpts())
	cr := host(t, hs.URL, "jump-point")
	server.BreakStore(s)
	for _, url := range []string{"/api/games/" + cr.Game + "/record", "/api/games/" + cr.Game + "/scenario", "/ws?seat=" + cr.Colonial} {
		resp, err := http.Get(hs.URL + url)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, http.StatusInternalServerError, resp.StatusCode, url)
	}
}

// TestASideTooLargeForOneRevealIsRefusedAtUpload: a scenario whose side
// has more ships than one reveal carries (limits.SideShips) is refused when
// it is hosted, not accepted and stuck at its first reveal.
func TestASideTooLargeForOneRevealIsRefusedAtUpload(t *testing.T) {
	_, hs := start(t, serverOpts())
	yaml := func(n int) string {
		var b strings.Builder
		b.WriteString("name: Swarm\nrules: quick\ntable: {width: 3000, depth: 3000}\nships:\n")
		for i := range n {
			fmt.Fprintf(&b, "  - {id: v%d, side: colonial, class: viper-mk2, pose: {x: %d, y: %d, heading: 0}}\n", i, 100+(i%12)*200, 100+(i/12)*200)
		}
		b.WriteString("  - {id: r1, side: cylon, class: cylon-raider, pose: {x: 1500, y: 2800, heading: 180}}\n")
		return b.String()
	}
	_, err := client.Host(hs.URL, server.CreateRequest{YAML: yaml(wire.MaxSideShips)})
	require.NoError(t, err, "a side of exactly the limit is played")
	_, err = client.Host(hs.URL, server.CreateRequest{YAML: yaml(wire.MaxSideShips + 1)})
	require.Error(t, err)
	assert.Contains(t, err.Error(), fmt.Sprintf("ships: colonial has %d; a network game allows at most %d a side", wire.MaxSideShips+1, wire.MaxSideShips))
}
