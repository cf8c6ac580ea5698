package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// tickUntil ticks and draws the app until cond holds (or 20 s pass).
func tickUntil(t *testing.T, a *App, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !cond() {
		require.True(t, time.Now().Before(deadline), "timed out; status %q", a.Status())
		time.Sleep(2 * time.Millisecond)
		a.Tick(1.0 / 60)
		a.Frame()
	}
}

// TestNetSeatJoinedByLinkOnAPhone: the screen a seat link opens (the
// browser's ?seat= link, -join) is the one game screen over a network
// seat, laid out for a phone held upright (the panel under the table) and
// sideways (beside it), turned between decisions: every control at least
// 9 mm (34 px here) high, on screen and apart from the others. The Jump
// Point runs two turns against a bot joined with the other seat's link.
func TestNetSeatJoinedByLinkOnAPhone(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)

	a := newTestApp(t)
	a.MinTarget = 34
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	a.Show(JoinNetGame(a, cr.Links["colonial"]))
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "the link opens the game screen, not %T", a.Screen())
	ns, ok := g.Seat().(*seat.Net)
	require.True(t, ok, "over a network seat")
	tickUntil(t, a, func() bool { return ns.State() != nil })
	assert.Contains(t, drawnText(a), "Waiting for the Cylon")

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bot := make(chan error, 1)
	go func() {
		c := client.Dial(ctx, hs.URL, cr.Cylon)
		defer c.Close()
		_, err := policy.Bot(ctx, c, policy.Greedy{}, a.Comp, 5, nil)
		bot <- err
	}()
	tickUntil(t, a, func() bool { return g.joined })
	sc := screen{a, g}
	for guard := 0; g.publicView().Turn <= 2 && g.publicView().Phase != battle.Over; guard++ {
		require.Less(t, guard, 20000)
		// the phone turns between decisions: upright, then sideways
		if guard%2 == 0 {
			a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
		} else {
			a.Handle(kit.Event{Kind: kit.Resize, W: 844, H: 390})
		}
		a.Frame()
		checkTargets(t, a, a.PageState())
		if !act(t, sc) {
			tickUntil(t, a, func() bool { return g.Stage() != "think" })
		}
	}
	cancel()
	<-bot
}

// checkTargets asserts that every control is on screen, at least
// MinTarget high, and overlaps no other.
func checkTargets(t *testing.T, a *App, st PageState) {
	t.Helper()
	for i, b := range st.Buttons {
		assert.GreaterOrEqual(t, b.H, a.MinTarget-0.5, "%q is too small", b.Label)
		assert.True(t, b.X >= -0.5 && b.Y >= -0.5 && b.X+b.W <= a.W+0.5 && b.Y+b.H <= a.H+0.5, "%q is off the screen: %+v", b.Label, b)
		for _, c := range st.Buttons[i+1:] {
			apart := b.X+b.W <= c.X+0.5 || c.X+c.W <= b.X+0.5 || b.Y+b.H <= c.Y+0.5 || c.Y+c.H <= b.Y+0.5
			assert.True(t, apart, "%q and %q overlap", b.Label, c.Label)
		}
	}
}

// drawnText is every text the app draws now, joined.
func drawnText(a *App) string {
	var out string
	for _, op := range a.Frame().Ops {
		out += op.Text + "\n"
	}
	return out
}

// TestARefusedSeatLinkIsToldApartFromNoServer: a seat link whose token
// the server does not know says the server refuses it (and why, and what
// to do), in the page's words too; a link to an address where no server
// answers says so and keeps trying. The view reads the client's typed
// errors, never their text.
func TestARefusedSeatLinkIsToldApartFromNoServer(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	gone := httptest.NewServer(http.NotFoundHandler())
	nobody := gone.URL
	gone.Close()
	for _, c := range []struct {
		base, want, not string
	}{
		{hs.URL, "The server refuses this seat link", "Trying again"},
		{nobody, "No server answers at " + nobody, "refuses"},
	} {
		a := newTestApp(t)
		g := NewNetGame(a, c.base, strings.Repeat("0", 32))
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		tickUntil(t, a, func() bool { return g.seat.Status().Err != nil })
		words := ""
		a.Frame()
		for _, w := range a.PageState().Words {
			words += w.Text + " "
		}
		text := drawnText(a)
		assert.Contains(t, strings.ReplaceAll(text, "\n", " "), c.want)
		assert.Contains(t, words, strings.Fields(c.want)[0], "the page's words are the screen's")
		assert.NotContains(t, text, c.not)
		_, ok := buttonRect(a, "Back to the title (Esc)")
		assert.True(t, ok, "a way back")
	}
}

// TestANetworkSeatsBriefingSaysWhichSide: a player who opened a seat link
// learns on the briefing, before the game starts, which side the seat
// plays (it was said only in the panel after Continue).
func TestANetworkSeatsBriefingSaysWhichSide(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	var apps []*App
	var games []*Game
	for _, token := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		apps, games = append(apps, a), append(games, g)
	}
	for i, side := range []string{"Colonial", "Cylon"} {
		a, g := apps[i], games[i]
		tickUntil(t, a, func() bool {
			for _, o := range apps {
				o.Tick(1.0 / 60)
			}
			return g.joined && g.Stage() == "cover"
		})
		text := strings.ReplaceAll(drawnText(a), "\n", " ")
		assert.Contains(t, text, "You play the "+side+" side in network game "+cr.Game+".")
	}
}

// A companion game hosted from the desktop is hosted where the phones at
// the table reach it: the server listens on every interface at the
// default port, and the links name this machine's address on its network
// (issue 27: each player with their phone).
func TestCompanionServerIsWhereThePhonesReachIt(t *testing.T) {
	base, listen := companionServer(func(a *net.TCPAddr) string {
		assert.True(t, a.IP.IsUnspecified(), "asked for every interface")
		return fmt.Sprintf("192.168.1.20:%d", a.Port)
	})
	assert.Equal(t, "http://192.168.1.20:7878", base)
	assert.Equal(t, "0.0.0.0:7878", listen)

	// the program's host is asked to listen there, and what it says of
	// the server it started (the page not built) is said
	a := newTestApp(t)
	var asked []string
	a.Host = func(addr, dir string) (io.Closer, error) {
		asked = append(asked, addr)
		return nil, errors.New("not in a test")
	}
	require.Error(t, a.startServer("http://127.0.0.1:7878", "0.0.0.0:7878"))
	require.Error(t, a.startServer("http://127.0.0.1:7878", ""))
	assert.Equal(t, []string{"0.0.0.0:7878", "127.0.0.1:7878"}, asked)
	a.Host = func(addr, dir string) (io.Closer, error) { return notedCloser{"no browser page in out/web"}, nil }
	require.NoError(t, a.startServer("http://127.0.0.1:7878", ""))
	assert.Contains(t, a.Status(), "no browser page in out/web")
}

type notedCloser struct{ note string }

func (notedCloser) Close() error   { return nil }
func (n notedCloser) Note() string { return n.note }
