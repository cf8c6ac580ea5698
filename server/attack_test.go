package server_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// dialStatus opens a WebSocket on a seat and returns it, or the HTTP
// status of the refusal.
func dialStatus(t *testing.T, base, token string) (*websocket.Conn, int) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, resp, err := websocket.Dial(ctx, strings.Replace(base, "http://", "ws://", 1)+"/ws?seat="+token, nil)
	if err != nil {
		require.NotNil(t, resp, "%v", err)
		return nil, resp.StatusCode
	}
	t.Cleanup(func() { ws.CloseNow() })
	return ws, http.StatusSwitchingProtocols
}

// TestSocketsPerSeatAreCapped: one spectator token (and one player's seat)
// holds only so many WebSockets at once: the next is refused with 429,
// and a place freed is taken again.
func TestSocketsPerSeatAreCapped(t *testing.T) {
	s, hs := start(t, server.Options{SeatConns: 2, SpectatorConns: 3})
	cr := host(t, hs.URL, "jump-point")
	var specs []*websocket.Conn
	for range 3 {
		ws, code := dialStatus(t, hs.URL, cr.Spectator)
		require.Equal(t, http.StatusSwitchingProtocols, code)
		specs = append(specs, ws)
	}
	_, code := dialStatus(t, hs.URL, cr.Spectator)
	assert.Equal(t, http.StatusTooManyRequests, code, "the fourth spectator socket")
	for range 2 {
		_, code := dialStatus(t, hs.URL, cr.Colonial)
		require.Equal(t, http.StatusSwitchingProtocols, code)
	}
	_, code = dialStatus(t, hs.URL, cr.Colonial)
	assert.Equal(t, http.StatusTooManyRequests, code, "the third socket on the Colonial seat")

	specs[0].CloseNow()
	for i := 0; ; i++ { // the server sees the close, then frees the place
		require.Less(t, i, 1000, "the place of a closed socket is never freed")
		if ws, code := dialStatus(t, hs.URL, cr.Spectator); code == http.StatusSwitchingProtocols {
			ws.CloseNow()
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	assert.LessOrEqual(t, s.Stats().Conns, 5+1)
}

// TestAStateIsMarshalledOncePerAudience: a change is marshalled once for
// each seat and once for the spectators, however many connections each
// holds (the 500-spectator attack made the server marshal 500 frames
// under the game's lock); sockets asking for only the events they lack
// (events=since) add one frame for their audience, not one each.
func TestAStateIsMarshalledOncePerAudience(t *testing.T) {
	s, hs := start(t, serverOpts())
	cr := host(t, hs.URL, "jump-point")
	col := dialRaw(t, hs.URL, cr.Colonial)
	col.state()
	cyl := dialRaw(t, hs.URL, cr.Cylon)
	cyl.state()
	var specs []*raw
	for i := range 6 {
		tok := cr.Spectator
		if i%2 == 1 {
			tok += "&events=since" // these get only the events they lack
		}
		r := dialRaw(t, hs.URL, tok)
		r.state()
		specs = append(specs, r)
	}
	// Everyone has had the state after the Cylon joined; now one change.
	before := s.Stats().Frames
	st := col.state()
	for len(st.Owe) == 0 || st.View.Phase != battle.Planning {
		st = col.state()
	}
	c := at(st, wire.TypeCommit)
	c.Commitment = strings.Repeat("ab", 32)
	require.Equal(t, wire.TypeAck, col.send(c).Type)
	for _, r := range specs {
		r.state()
	}
	assert.Equal(t, 4, s.Stats().Frames-before, "one frame each for Colonial and Cylon, and for the spectators one whole and one with only the events they lack, whatever the number of sockets")
}

// TestRateIsPerSeatNotPerConnection: a seat's messages share one bucket
// over all its connections (one seat over ten connections sent 400 in
// 0.7 s), and a client's over all its seats.
func TestRateIsPerSeatNotPerConnection(t *testing.T) {
	count := func(t *testing.T, opts server.Options, tokens func(server.CreateResponse) []string) (answered int) {
		_, hs := start(t, opts)
		cr := host(t, hs.URL, "jump-point")
		var conns []*raw
		for _, tok := range tokens(cr) {
			r := dialRaw(t, hs.URL, tok)
			r.state()
			conns = append(conns, r)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		const each = 6
		for _, r := range conns {
			for range each {
				require.NoError(t, r.ws.Write(ctx, websocket.MessageText, []byte(`{}`)))
			}
		}
		for _, r := range conns {
			for n := 0; n < each; {
				m, err := r.next()
				if err != nil {
					break
				}
				if m.Type != wire.TypeError {
					continue
				}
				n++
				if m.Retry != wire.RetryRate {
					answered++
				}
			}
		}
		return answered
	}
	// Slow rates, so that a server slowed down by a busy machine still
	// sees a flood.
	t.Run("seat", func(t *testing.T) {
		n := count(t, server.Options{Rate: 0.5, Burst: 4, SeatConns: 4},
			func(cr server.CreateResponse) []string {
				return []string{cr.Colonial, cr.Colonial, cr.Colonial, cr.Colonial}
			})
		assert.LessOrEqual(t, n, 4+2, "4 connections of one seat get one seat's burst")
	})
	t.Run("client", func(t *testing.T) {
		n := count(t, server.Options{Rate: 100, Burst: 100, ClientRate: 0.5, ClientBurst: 4},
			func(cr server.CreateResponse) []string { return []string{cr.Colonial, cr.Cylon, cr.Colonial, cr.Cylon} })
		assert.LessOrEqual(t, n, 4+2, "one client's seats get one client's burst")
	})
}

// readClosed reads from a raw TCP connection until the server closes it,
// for at most 10 s; it reports whether the server closed it.
func readClosed(t *testing.T, c net.Conn) bool {
	require.NoError(t, c.SetReadDeadline(time.Now().Add(10*time.Second)))
	buf := make([]byte, 4096)
	for {
		if _, err := c.Read(buf); err != nil {
			var ne net.Error
			return !(errorsAs(err, &ne) && ne.Timeout())
		}
	}
}

// TestIdleAndStalledConnectionsAreDropped: a connection that sends no
// request, a keep-alive connection that sends no next request, and an
// upload that stalls are each closed by the server (300 idle connections
// and 100 stalled uploads were held for ever).
func TestIdleAndStalledConnectionsAreDropped(t *testing.T) {
	_, hs := start(t, server.Options{HeaderTimeout: 100 * time.Millisecond, ReadTimeout: 200 * time.Millisecond, IdleTimeout: 100 * time.Millisecond})
	addr := strings.TrimPrefix(hs.URL, "http://")
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		require.NoError(t, err)
		t.Cleanup(func() { c.Close() })
		return c
	}
	t.Run("silent", func(t *testing.T) {
		assert.True(t, readClosed(t, dial()))
	})
	t.Run("keep-alive", func(t *testing.T) {
		c := dial()
		fmt.Fprintf(c, "GET /api/scenarios HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode)
		assert.True(t, readClosed(t, c))
	})
	t.Run("stalled upload", func(t *testing.T) {
		c := dial()
		fmt.Fprintf(c, "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 200000\r\n\r\n{\"yaml\": \"")
		assert.True(t, readClosed(t, c))
	})
}

// TestASilentPeerIsDropped: a WebSocket peer that stops answering pings
// (it reads nothing) is dropped, and its place on the seat is freed.
func TestASilentPeerIsDropped(t *testing.T) {
	s, hs := start(t, server.Options{PingInterval: 50 * time.Millisecond})
	cr := host(t, hs.URL, "jump-point")
	ws, code := dialStatus(t, hs.URL, cr.Spectator) // never read: pongs are never sent
	require.Equal(t, http.StatusSwitchingProtocols, code)
	_ = ws
	for i := 0; s.Stats().Conns > 0; i++ {
		require.Less(t, i, 1000, "a peer that answers no ping is held")
		time.Sleep(10 * time.Millisecond)
	}
}

func errorsAs(err error, target any) bool { return errors.As(err, target) }

// TestRequestsCostTheClientsRate: every request that reads the store or
// rebuilds a game (a finished game's record is rebuilt when asked for)
// takes from the client's bucket, as its messages do: a flood of them is
// answered 429.
func TestRequestsCostTheClientsRate(t *testing.T) {
	_, hs := start(t, server.Options{ClientRate: 0.5, ClientBurst: 3})
	cr := host(t, hs.URL, "jump-point")
	codes := map[int]int{}
	for range 6 {
		resp, err := http.Get(hs.URL + "/api/games/" + cr.Game + "/scenario")
		require.NoError(t, err)
		resp.Body.Close()
		codes[resp.StatusCode]++
	}
	assert.LessOrEqual(t, codes[http.StatusOK], 2+1, "the burst (one taken by the host) and what the rate refills")
	assert.GreaterOrEqual(t, codes[http.StatusTooManyRequests], 3)
}
