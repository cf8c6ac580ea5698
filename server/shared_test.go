package server_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// startShared runs a server on a PostgreSQL store shared with others.
// kill cuts its connections and stops it without letting go of anything
// (a crash, as far as the other servers can tell).
func startShared(t *testing.T, dsn string, opts server.Options) (s *server.Server, hs *httptest.Server, kill func()) {
	opts.Store = dsn
	opts.Data = t.TempDir() // not used: the games are in PostgreSQL
	s, err := server.New(opts)
	require.NoError(t, err)
	hs = httptest.NewUnstartedServer(s.Handler())
	hs.Config = s.HTTPServer()
	ln := &cutListener{Listener: hs.Listener}
	hs.Listener = ln
	hs.Start()
	kill = ln.cut
	t.Cleanup(func() { ln.cut(); hs.Close(); s.Close() })
	return s, hs, kill
}

// cutListener keeps every connection it accepted, WebSockets included,
// so that cut can drop them all at once, as a crash of the server's
// machine would: no answer, no close frame.
type cutListener struct {
	net.Listener
	mu    sync.Mutex
	conns []net.Conn
	done  bool
}

func (l *cutListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		c.Close()
		return nil, net.ErrClosed
	}
	l.conns = append(l.conns, c)
	return c, nil
}

func (l *cutListener) cut() {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.done {
		return
	}
	l.done = true
	l.Listener.Close()
	for _, c := range l.conns {
		c.Close()
	}
}

// record fetches a finished game's published record from a server.
func record(t *testing.T, base, game string) wire.Record {
	resp, err := http.Get(base + "/api/games/" + game + "/record")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var rec wire.Record
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&rec))
	return rec
}

// TestTwoServersShareOneStore: two servers on one PostgreSQL store; a game
// hosted on the first is played to its end with the Colonial player on the
// first and the Cylon player on the second. Each server sends its player
// the moves made on the other; both publish the same record, which
// verifies with the key they share.
func TestTwoServersShareOneStore(t *testing.T) {
	dsn := server.Postgres(t)
	a, ha, _ := startShared(t, dsn, serverOpts())
	b, hb, _ := startShared(t, dsn, serverOpts())
	require.Equal(t, a.PublicKey(), b.PublicKey(), "one store, one key")
	cr := host(t, ha.URL, "jump-point")

	got := botGameAt(t, map[battle.Side]string{battle.Colonial: ha.URL, battle.Cylon: hb.URL}, cr, "greedy", "greedy")
	for _, side := range battle.Sides {
		require.Equal(t, battle.Over, got[side].View.Phase, side)
		require.NotNil(t, got[side].Record, side)
	}
	rec := *got[battle.Colonial].Record
	assert.Equal(t, rec, *got[battle.Cylon].Record, "both players were sent one record")
	bt, err := rec.Verify(comp, a.PublicKey())
	require.NoError(t, err)
	assert.Equal(t, rec.Hash, bt.Hash())
	assert.Equal(t, rec, record(t, ha.URL, cr.Game))
	assert.Equal(t, rec, record(t, hb.URL, cr.Game))
	assert.Positive(t, a.Stats().Messages, "the first server took messages")
	assert.Positive(t, b.Stats().Messages, "the second server took messages")
}

// TestAServerKilledMidGameIsTakenOver: two servers on one PostgreSQL store
// behind a balancer that sends the Colonial player to the first; the
// first is killed in the middle of the game, the balancer sends the
// reconnecting player to the second, which carries on from the store. The
// game ends, and its record holds every move made on either server and
// verifies.
func TestAServerKilledMidGameIsTakenOver(t *testing.T) {
	dsn := server.Postgres(t)
	killAt := make(chan struct{}, 1)
	var onA atomic.Int32
	optsA := serverOpts()
	optsA.Observe = func(game string, seq int, full battle.State, seeds []uint64) {
		onA.Add(1)
		if full.Turn >= 2 {
			select {
			case killAt <- struct{}{}:
			default:
			}
		}
	}
	_, ha, killA := startShared(t, dsn, optsA)
	b, hb, _ := startShared(t, dsn, serverOpts())

	var backend atomic.Pointer[url.URL]
	ua, _ := url.Parse(ha.URL)
	ub, _ := url.Parse(hb.URL)
	backend.Store(ua)
	lb := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		httputil.NewSingleHostReverseProxy(backend.Load()).ServeHTTP(w, r)
	}))
	t.Cleanup(lb.Close)
	cr := host(t, lb.URL, "jump-point")

	killed := make(chan struct{})
	go func() {
		defer close(killed)
		<-killAt
		backend.Store(ub) // new connections go to the second server
		killA()
	}()
	got := botGameAt(t, map[battle.Side]string{battle.Colonial: lb.URL, battle.Cylon: hb.URL}, cr, "greedy", "greedy")
	<-killed
	require.Positive(t, onA.Load(), "the first server played part of the game")
	for _, side := range battle.Sides {
		require.Equal(t, battle.Over, got[side].View.Phase, side)
	}
	rec := *got[battle.Colonial].Record
	assert.Equal(t, rec, *got[battle.Cylon].Record)
	bt, err := rec.Verify(comp, b.PublicKey())
	require.NoError(t, err)
	assert.Equal(t, rec.Hash, bt.Hash())
	assert.Greater(t, bt.Turn(), 2, "the game went on past the kill")
	assert.Equal(t, rec, record(t, hb.URL, cr.Game))
}

// TestALeaseHeldByADeadServerRunsOut: a server that dies while it holds a
// game's lease (in the middle of a write) blocks the game only until the
// lease runs out: before, another server answers wire.Busy (the message
// has no effect and may be sent again); after, it takes the game over.
func TestALeaseHeldByADeadServerRunsOut(t *testing.T) {
	dsn := server.Postgres(t)
	clock := newFakeClock()
	opts := serverOpts()
	opts.Clock = clock
	opts.LeaseTTL = 10 * time.Second
	opts.LeaseWait = 100 * time.Millisecond
	a, ha, killA := startShared(t, dsn, opts)
	_, hb, _ := startShared(t, dsn, opts)
	cr := host(t, ha.URL, "jump-point")
	col := dialRaw(t, hb.URL, cr.Colonial)
	cyl := dialRaw(t, hb.URL, cr.Cylon)
	col.state()
	st := cyl.state()
	for !st.Ready {
		st = cyl.state()
	}
	require.NoError(t, server.HoldLease(a, cr.Game))
	killA()

	commit := at(st, wire.TypeCommit)
	commit.Commitment = wire.Commit(st.Game, st.View.Turn, st.View.Step, st.View.Phase, st.Round, battle.Cylon,
		[]battle.Command{stillPlan(st, "hunter-1")}, wire.NewNonce())
	busy := cyl.send(commit)
	require.Equal(t, wire.TypeError, busy.Type)
	assert.Equal(t, wire.RetryBusy, busy.Retry, busy.Error)

	clock.Advance(opts.LeaseTTL)
	assert.Equal(t, wire.TypeAck, cyl.send(commit).Type, "the lease ran out: the second server takes the game over")
	seen := col.state()
	for len(seen.Committed) == 0 { // the states before the commit, then the one after it
		seen = col.state()
	}
	assert.Equal(t, []battle.Side{battle.Cylon}, seen.Committed, "the other seat is told")
}

// TestABusyMessageIsSentAgainByTheClient: a client whose message meets a
// game held by a dead server's lease (wire.Busy) sends it again after a
// pause, until the lease runs out and the game answers it.
func TestABusyMessageIsSentAgainByTheClient(t *testing.T) {
	dsn := server.Postgres(t)
	clock := newFakeClock()
	opts := serverOpts()
	opts.Clock = clock
	opts.LeaseWait = 50 * time.Millisecond
	a, ha, killA := startShared(t, dsn, opts)
	b, hb, _ := startShared(t, dsn, opts)
	cr := host(t, ha.URL, "jump-point")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	col := client.Dial(ctx, hb.URL, cr.Colonial)
	defer col.Close()
	_, err := col.Wait(ctx, func(*wire.State) bool { return true })
	require.NoError(t, err)
	require.NoError(t, server.HoldLease(a, cr.Game))
	killA()

	answered := make(chan error, 1)
	go func() { answered <- col.Act(ctx, battle.Command{Type: battle.CmdDeclare}) }()
	for i := 0; b.Stats().Messages < 2; i++ { // refused busy at least twice: sent again
		require.Less(t, i, 3000, "the client does not send its message again")
		time.Sleep(10 * time.Millisecond)
	}
	clock.Advance(opts.LeaseTTL + 10*time.Second)
	err = <-answered
	var r *client.Refused
	require.ErrorAs(t, err, &r)
	assert.Empty(t, r.Retry, "the game's own answer: %s", r.Message)
}
