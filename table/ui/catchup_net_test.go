package ui

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// cutProxy is a TCP proxy on 127.0.0.1 that can be cut: its connections
// closed and new ones dropped at once (a phone asleep, a train in a
// tunnel), then mended.
type cutProxy struct {
	ln     net.Listener
	to     string
	mu     sync.Mutex
	cut    bool
	conns  []net.Conn
	closed bool
}

func newCutProxy(t *testing.T, to string) *cutProxy {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &cutProxy{ln: ln, to: to}
	t.Cleanup(func() {
		p.mu.Lock()
		p.closed = true
		p.mu.Unlock()
		p.setCut(true)
		_ = ln.Close()
	})
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			p.mu.Lock()
			if p.cut {
				p.mu.Unlock()
				_ = c.Close()
				continue
			}
			s, err := net.Dial("tcp", to)
			if err != nil {
				p.mu.Unlock()
				_ = c.Close()
				continue
			}
			p.conns = append(p.conns, c, s)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(s, c); _ = s.Close() }()
			go func() { _, _ = io.Copy(c, s); _ = c.Close() }()
		}
	}()
	return p
}

func (p *cutProxy) url() string { return "http://" + p.ln.Addr().String() }

func (p *cutProxy) setCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if cut {
		for _, c := range p.conns {
			_ = c.Close()
		}
		p.conns = nil
	}
}

// fixedNonces is a predictable source of a seat's nonces: with the
// server's secrets from a fixed source too, the same game is played.
func fixedNonces(seat string) func() string {
	n := 0
	return func() string {
		n++
		h := sha256.Sum256(fmt.Appendf(nil, "%s %d", seat, n))
		return hex.EncodeToString(h[:])
	}
}

// standIn plays a seat with a computer player until the game reaches
// turn until's planning, then hands it back (policy.BotStopper).
type standIn struct{ until int }

func (s standIn) State(*wire.State)        {}
func (s standIn) Sent(string, error)       {}
func (s standIn) Stop(st *wire.State) bool { return st.View.Turn >= s.until }

// TestSeatBackAfterMoreThanTheKeptTurnsOverARealServer: a Colonial
// player on the one game screen, connected to a server on 127.0.0.1
// through a proxy, plans nothing at turn 1 and loses the connection; a
// computer stands in for the seat for 12 turns (more than
// wire.CatchUpTurns); the connection comes back at turn 13's planning.
// The client says what it holds (have=N), the server sends every event
// and the moves of the turns it kept; the screen tells the turns before
// those in short (each ship lost in them named), plays every kept turn
// along its moves, says what is on the board meanwhile, never "Your
// turn", and then the player plans turn 13.
func TestSeatBackAfterMoreThanTheKeptTurnsOverARealServer(t *testing.T) {
	const until = 13
	s, err := server.New(server.Options{Data: t.TempDir(), Rand: rand.NewChaCha8([32]byte{'c', 'a', 't', 'c', 'h'})})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	proxy := newCutProxy(t, strings.TrimPrefix(hs.URL, "http://"))
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	deadline := time.Now().Add(4 * time.Minute) // bounds the loops; each waits on state

	// the Cylon: a computer player to the end
	cylon := client.Dial(ctx, hs.URL, cr.Cylon)
	t.Cleanup(cylon.Close)
	cylon.SetNonces(fixedNonces("cylon"))
	cylonDone := make(chan error, 1)
	go func() {
		_, err := policy.Bot(ctx, cylon, policy.Greedy{}, assets.Default(), 2, nil)
		cylonDone <- err
	}()

	// the player joins through the proxy and comes to turn 1's planning
	a := newTestApp(t)
	g := NewNetGame(a, proxy.url(), cr.Colonial)
	t.Cleanup(g.seat.Leave)
	a.Show(g)
	for guard := 0; g.Stage() != "plan"; guard++ {
		require.True(t, time.Now().Before(deadline), "the player never came to plan: %s", g.Stage())
		require.Less(t, guard, 100000)
		if g.Stage() == "cover" {
			enter(a)
		}
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	require.Equal(t, 1, g.publicView().Turn)

	// away: the connection cut; a computer stands in for 12 turns
	proxy.setCut(true)
	stand := client.Dial(ctx, hs.URL, cr.Colonial)
	t.Cleanup(stand.Close)
	stand.SetNonces(fixedNonces("colonial"))
	last, err := policy.Bot(ctx, stand, policy.Greedy{}, assets.Default(), 1, standIn{until})
	require.NoError(t, err)
	require.Equal(t, until, last.View.Turn, "the battle lasts to turn %d (the fixed secret and nonces give the same game every run)", until)
	require.Equal(t, battle.Planning, last.View.Phase)
	events := last.View.Events

	// back
	proxy.setCut(false)
	for guard := 0; g.Stage() == "plan" || g.Stage() == "think"; guard++ {
		require.True(t, time.Now().Before(deadline), "nothing played back: %s, turn %d", g.Stage(), g.publicView().Turn)
		require.Less(t, guard, 1000000)
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	require.Contains(t, []string{"anim", "results"}, g.Stage())
	firstKept := until - wire.CatchUpTurns + 1 // as the server keeps them (server/game.go flew)
	require.Equal(t, beatSummary, g.beats[0].kind, "the turns not kept come first, in short")
	assert.Equal(t, 1, g.beats[0].from)
	assert.Equal(t, firstKept-1, g.beats[0].turn)
	words := screenWords(t, a)
	t.Logf("back at turn %d; the summary: %q", g.publicView().Turn, g.summaryLines(g.beats[0]))
	for turn := 1; turn < firstKept; turn++ {
		require.Contains(t, words, fmt.Sprintf("Turn %d:", turn))
		line := words[strings.Index(words, fmt.Sprintf("Turn %d:", turn)):]
		if next := strings.Index(line, fmt.Sprintf("Turn %d:", turn+1)); next > 0 {
			line = line[:next]
		}
		for _, e := range events {
			if e.Turn == turn && !e.Secret && (e.Kind == battle.EvEliminated || e.Kind == battle.EvDamage) {
				assert.Contains(t, line, e.Ship, "turn %d's line names %s (%s)", turn, e.Ship, e.Kind)
			}
		}
	}
	attacks := 0
	for _, e := range events {
		if e.Turn < firstKept && e.Kind == battle.EvAttack {
			attacks++
		}
	}
	assert.Positive(t, attacks, "shots in the summed-up turns (the fixed game has some)")
	assert.Empty(t, g.shotLines, "no shot card of a summed-up turn on the board they left")
	moved := map[int]bool{}
	for guard := 0; g.Stage() == "anim" || g.Stage() == "results"; guard++ {
		require.Less(t, guard, 400)
		bt := g.beats[g.beat]
		assert.NotContains(t, screenWords(t, a), "Your turn", "turn %d on the board", bt.turn)
		if bt.kind == beatMove && g.anim != nil && len(g.anim.phases) > 0 {
			moved[bt.turn] = moved[bt.turn] || len(g.anim.phases[len(g.anim.phases)-1].ships) > 0
		}
		runAnim(a, g)
		enter(a)
	}
	for turn := firstKept; turn < until; turn++ {
		assert.True(t, moved[turn], "turn %d is played back along its moves", turn)
	}
	require.Equal(t, "plan", g.Stage())
	assert.Equal(t, until, g.publicView().Turn)
	assert.Contains(t, screenWords(t, a), "Your turn")
	cancel()
	<-cylonDone
}

// TestFreshPageAfterTurnsAwayPlaysThemBack: a Colonial player comes to
// turn 1's planning on a server on 127.0.0.1 and closes the page (the
// program); a computer stands in for the seat for 3 turns; the player
// opens the seat link on a FRESH page on the same device (a reload, a
// new tab, the program started again: nothing held but what the device
// keeps). The seat asks for the moves since what the player saw, and
// the screen plays the three missed turns back along their moves, like a
// connection that came back ("Turn 1 of 3 being played back", never
// "Your turn"), then the player plans turn 4. Another device, which
// keeps nothing of this seat, takes the game as it stands.
func TestFreshPageAfterTurnsAwayPlaysThemBack(t *testing.T) {
	const until = 4
	s, err := server.New(server.Options{Data: t.TempDir(), Rand: rand.NewChaCha8([32]byte{'f', 'r', 'e', 's', 'h'})})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	deadline := time.Now().Add(2 * time.Minute) // bounds the loops; each waits on state

	cylon := client.Dial(ctx, hs.URL, cr.Cylon)
	t.Cleanup(cylon.Close)
	cylon.SetNonces(fixedNonces("cylon"))
	cylonDone := make(chan error, 1)
	go func() {
		_, err := policy.Bot(ctx, cylon, policy.Greedy{}, assets.Default(), 2, nil)
		cylonDone <- err
	}()

	device := t.TempDir() // what this device keeps (Dir/seals; a browser's storage)
	open := func(dir string) (*App, *Game) {
		a := NewApp(assets.Default(), dir)
		a.Handle(kit.Event{Kind: kit.Resize, W: 1280, H: 800})
		a.Frame()
		g := NewNetGame(a, hs.URL, cr.Colonial)
		t.Cleanup(g.seat.Leave)
		a.Show(g)
		return a, g
	}
	a, g := open(device)
	for guard := 0; g.Stage() != "plan"; guard++ {
		require.True(t, time.Now().Before(deadline), "the player never came to plan: %s", g.Stage())
		require.Less(t, guard, 100000)
		if g.Stage() == "cover" {
			enter(a)
		}
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	require.Equal(t, 1, g.publicView().Turn)
	seen, _ := g.seat.(seat.Memory).Seen()
	assert.Zero(t, seen, "nothing kept before the first visit")
	a.Tick(1.0 / 60) // the page goes on a frame before it is closed
	require.Equal(t, len(g.seat.Events()), g.kept, "where the player saw the game up to is kept")
	g.seat.Leave() // the page closed

	stand := client.Dial(ctx, hs.URL, cr.Colonial)
	t.Cleanup(stand.Close)
	stand.SetNonces(fixedNonces("colonial"))
	last, err := policy.Bot(ctx, stand, policy.Greedy{}, assets.Default(), 1, standIn{until})
	require.NoError(t, err)
	require.Equal(t, until, last.View.Turn, "the battle lasts to turn %d (the fixed secret and nonces give the same game every run)", until)
	stand.Close()

	// the seat link on a fresh page of the same device
	a, g = open(device)
	for guard := 0; g.Stage() != "anim" && g.Stage() != "results"; guard++ {
		require.True(t, time.Now().Before(deadline), "nothing played back: %s, turn %d", g.Stage(), g.publicView().Turn)
		require.Less(t, guard, 1000000)
		require.NotEqual(t, "cover", g.Stage(), "no briefing again for a player back on this device")
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	first, lastTurn, several := g.catchUp()
	require.True(t, several, "a catch-up of the turns missed")
	assert.Equal(t, 1, first)
	assert.Equal(t, until-1, lastTurn)
	assert.Contains(t, screenWords(t, a), "Turn 1 of 3 being played back")
	moved := map[int]bool{}
	for guard := 0; g.Stage() == "anim" || g.Stage() == "results"; guard++ {
		require.Less(t, guard, 400)
		bt := g.beats[g.beat]
		assert.NotEqual(t, beatSummary, bt.kind, "every missed turn's moves are kept")
		assert.NotContains(t, screenWords(t, a), "Your turn", "turn %d on the board", bt.turn)
		if bt.kind == beatMove && g.anim != nil && len(g.anim.phases) > 0 {
			moved[bt.turn] = moved[bt.turn] || len(g.anim.phases[len(g.anim.phases)-1].ships) > 0
		}
		runAnim(a, g)
		enter(a)
	}
	for turn := 1; turn < until; turn++ {
		assert.True(t, moved[turn], "turn %d is played back along its moves", turn)
	}
	require.Equal(t, "plan", g.Stage())
	assert.Equal(t, until, g.publicView().Turn)
	assert.Contains(t, screenWords(t, a), "Your turn")

	// another device keeps nothing of the seat: the game as it stands
	a, g = open(t.TempDir())
	for guard := 0; g.Stage() != "plan"; guard++ {
		require.True(t, time.Now().Before(deadline), "the other device never came to plan: %s", g.Stage())
		require.Less(t, guard, 100000)
		require.NotContains(t, []string{"anim", "results"}, g.Stage(), "nothing to play back on a device that saw nothing")
		if g.Stage() == "cover" {
			enter(a)
		}
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	assert.Equal(t, until, g.publicView().Turn)
	cancel()
	<-cylonDone
}
