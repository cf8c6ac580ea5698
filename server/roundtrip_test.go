package server_test

import (
	"io"
	"net"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// tripCounter is a TCP proxy in front of PostgreSQL that counts round
// trips: on each connection, every time the client speaks after the
// database has (or first), one more.
type tripCounter struct {
	ln    net.Listener
	to    string
	trips atomic.Int64
}

func newTripCounter(t *testing.T, to string) *tripCounter {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &tripCounter{ln: ln, to: to}
	go p.serve()
	t.Cleanup(func() { ln.Close() })
	return p
}

func (p *tripCounter) serve() {
	for {
		c, err := p.ln.Accept()
		if err != nil {
			return
		}
		d, err := net.Dial("tcp", p.to)
		if err != nil {
			c.Close()
			continue
		}
		var mu sync.Mutex
		clientSpoke := false // the client spoke last
		pipe := func(dst, src net.Conn, fromClient bool) {
			defer dst.Close()
			defer src.Close()
			buf := make([]byte, 32<<10)
			for {
				n, err := src.Read(buf)
				if n > 0 {
					mu.Lock()
					if fromClient && !clientSpoke {
						p.trips.Add(1)
					}
					clientSpoke = fromClient
					mu.Unlock()
					if _, werr := dst.Write(buf[:n]); werr != nil {
						return
					}
				}
				if err != nil {
					if err != io.EOF {
						return
					}
					return
				}
			}
		}
		go pipe(d, c, true)
		go pipe(c, d, false)
	}
}

// TestPostgresRoundTripsPerMessage counts the round trips to PostgreSQL
// of each accepted message on a shared store (the lease, the look for
// other servers' messages, the commit and the lease let go), through a
// proxy that counts them: a figure for docs/server.md, and a bound that
// fails if a round trip per message creeps back. Statements are warmed
// up in turn 1 (a connection prepares each statement once); the plans
// and declarations after it are counted.
func TestPostgresRoundTripsPerMessage(t *testing.T) {
	dsn := server.Postgres(t)
	u, err := url.Parse(dsn)
	require.NoError(t, err)
	p := newTripCounter(t, u.Host)
	u.Host = p.ln.Addr().String()
	s, hs, _ := startShared(t, u.String(), server.Options{PollEvery: time.Hour, TickEvery: time.Hour})
	_ = s
	cr := host(t, hs.URL, "jump-point")
	col, cyl, _, _ := seated(t, hs.URL, cr)
	seats := map[battle.Side]*raw{battle.Colonial: col, battle.Cylon: cyl}
	tokens := map[battle.Side]string{battle.Colonial: cr.Colonial, battle.Cylon: cr.Cylon}
	var counted, messages int64
	count := func(send func()) {
		before := p.trips.Load()
		send()
		counted += p.trips.Load() - before
		messages++
	}
	// step plays one round of plans (a turn's) and reports false at
	// anything else (the game is then counted enough: turn 2's plans at
	// least).
	step := func() bool {
		reveals := map[battle.Side]wire.ClientMsg{}
		for _, side := range battle.Sides {
			st := snapshotState(t, hs.URL, tokens[side])
			if st.View.Phase == battle.Over || st.Aborted != nil {
				return false
			}
			if len(st.Owe) == 0 {
				continue
			}
			if st.View.Phase != battle.Planning {
				return false
			}
			var cmds []battle.Command
			for _, id := range st.Owe {
				cmds = append(cmds, stillPlan(st, id))
			}
			nonce := wire.NewNonce()
			c := at(st, wire.TypeCommit)
			c.Commitment = wire.Commit(st.Game, st.View.Turn, st.View.Step, st.View.Phase, st.Round, side, cmds, nonce)
			count(func() { require.Equal(t, wire.TypeAck, seats[side].send(c).Type, "commit") })
			rv := at(st, wire.TypeReveal)
			rv.Nonce, rv.Commands = nonce, cmds
			reveals[side] = rv
		}
		for _, side := range battle.Sides {
			if rv, ok := reveals[side]; ok {
				count(func() { require.Equal(t, wire.TypeAck, seats[side].send(rv).Type, "reveal") })
			}
		}
		return true
	}
	require.True(t, step(), "turn 1's plans")
	counted, messages = 0, 0 // each statement is prepared on its first use: counted from here
	for i := 0; i < 12 && messages < 12 && step(); i++ {
	}
	require.GreaterOrEqual(t, messages, int64(4), "too few messages counted")
	per := float64(counted) / float64(messages)
	t.Logf("PostgreSQL round trips per accepted message: %.2f", per)
	assert.LessOrEqual(t, per, 2.0, "a message: the lease (with the latest seq) and the commit (letting the lease go)")
}
