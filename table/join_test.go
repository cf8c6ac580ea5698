package table

import (
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui"
)

// TestJoinOpensTheTitlesNetworkScreen: -join (and the browser's ?seat=
// link, which becomes -join) opens the same network screen as the title's
// Join; a link or code that does not parse opens Join with the problem
// shown, to be corrected there.
func TestJoinOpensTheTitlesNetworkScreen(t *testing.T) {
	a, err := NewApp(assets.Default(), Options{Join: "http://127.0.0.1:1/?seat=0123456789abcdef0123456789abcdef", Dir: t.TempDir()})
	require.NoError(t, err)
	g, ok := a.Screen().(*ui.Game)
	require.True(t, ok, "%T", a.Screen())
	_, ok = g.Seat().(*seat.Net)
	assert.True(t, ok, "the one game screen over a network seat: %T", g.Seat())
	// the window's title says where the game stands before any state has
	// come (the browser's frame asks it every frame)
	assert.Contains(t, a.WindowTitle(), "network game")
	g.Seat().Leave()

	a, err = NewApp(assets.Default(), Options{Join: "http://127.0.0.1:1/?nothing=1", Dir: t.TempDir()})
	require.NoError(t, err)
	assert.Equal(t, "join a network game", a.Screen().Name())
}

// TestHostingStartsAServerInsideTheProgram: when no game server answers
// at the address, Host a network game starts one inside this program
// through the host the program hands in (server.Listen, as main.go
// does; the view links no server itself), and the Colonial seat waits for
// the Cylon player through it.
func TestHostingStartsAServerInsideTheProgram(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close()) // a free port nobody answers on

	var started []string
	a, err := NewApp(assets.Default(), Options{Dir: t.TempDir(), Server: "http://" + addr, Title: true,
		Host: func(at, dir string) (io.Closer, error) {
			started = append(started, at)
			c, err := server.Listen(at, dir)
			if err == nil {
				t.Cleanup(func() { _ = c.Close() })
			}
			return c, err
		}})
	require.NoError(t, err)
	ui.HostNetGame(a, "jump-point")
	g, ok := a.Screen().(*ui.Game)
	require.True(t, ok, "status: %s", a.Status())
	assert.Equal(t, []string{addr}, started, "a server was started inside the program, on the address")
	t.Cleanup(func() { g.Seat().Leave() })
	text := func() string {
		var out []string
		for _, op := range a.Frame().Ops {
			out = append(out, op.Text)
		}
		return strings.Join(out, "\n")
	}
	deadline := time.Now().Add(20 * time.Second) // a bound on the loop; it waits on what is drawn
	for !strings.Contains(text(), "Waiting for the Cylon player") {
		require.True(t, time.Now().Before(deadline), "drawn: %s", text())
		time.Sleep(2 * time.Millisecond)
		a.Tick(1.0 / 60)
	}
	assert.Contains(t, text(), "/", "the code to send")

	// without a host handed in, hosting says what to do
	b, err := NewApp(assets.Default(), Options{Dir: t.TempDir(), Server: "http://" + freeAddr(t), Title: true})
	require.NoError(t, err)
	ui.HostNetGame(b, "jump-point")
	assert.Contains(t, b.Status(), "run bsg serve")
}

func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	return ln.Addr().String()
}
