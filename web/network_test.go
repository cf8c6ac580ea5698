package web_test

import (
	"context"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// A network game through bsg serve: the Colonial seat in the browser (the
// link bsg host prints, opened straight into the game, played by touch
// on a phone), the Cylon seat a bot (the code of `bsg bot`). The game runs
// to its turn limit and both ends see the signed record.
func TestNetworkGameBrowserSeatAgainstBot(t *testing.T) {
	page(t) // builds the page
	s, err := server.New(server.Options{Data: t.TempDir(), Web: web.Handler(pageRep.Dir)})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: s.Handler()}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	base := "http://" + ln.Addr().String()

	// furball, cut to two turns
	src, err := os.ReadFile(filepath.Join("..", "scenarios", "builtin", "furball.yaml"))
	require.NoError(t, err)
	yaml := strings.Replace(string(src), "turn_limit: 30", "turn_limit: 2", 1)
	require.NotEqual(t, string(src), yaml)
	cr, err := client.Host(base, server.CreateRequest{YAML: yaml})
	require.NoError(t, err)
	link := cr.Links["colonial"]
	require.Contains(t, link, "/?seat=")

	// the bot's seat
	comp := assets.Default()
	botURL, botToken, err := client.ParseJoin(cr.Links["cylon"], "")
	require.NoError(t, err)
	bctx, stopBot := context.WithTimeout(context.Background(), 5*time.Minute)
	defer stopBot()
	bc := client.Dial(bctx, botURL, botToken)
	defer bc.Close()
	greedy, err := policy.ByName("greedy")
	require.NoError(t, err)
	botDone := make(chan *wire.State, 1)
	botErr := make(chan error, 1)
	go func() {
		st, err := client.Bot(bctx, bc, greedy, comp, 5, nil)
		botErr <- err
		botDone <- st
	}()

	ctx := browse(t, link, phone)
	st := waitFor(t, ctx, 90*time.Second, "the network game", func(st ui.PageState) bool {
		return st.Screen == "network game" && st.Turn == 1
	})
	require.Equal(t, "colonial", st.Side)
	screenshot(t, ctx, "network-start")
	pressed := map[string]int{}
	deadline := time.Now().Add(4 * time.Minute)
	for st.Result == "" {
		require.True(t, time.Now().Before(deadline), "the game did not end; the page shows turn %d, %s, buttons %s, status %q", st.Turn, st.Stage, labels(st), st.Status)
		st = state(t, ctx)
		var next ui.PageButton
		found := false
		for _, part := range []string{"Commit the plans", "Declare", "Fix next turn's cards"} {
			if b, ok := button(st, part); ok {
				next, found = b, true
				break
			}
		}
		if st.Stage == string(battle.PlacingFTL) {
			t.Fatalf("the scenario has no FTL; the page asks for a marker")
		}
		if !found {
			time.Sleep(150 * time.Millisecond)
			continue
		}
		if pressed[next.Label] == 0 {
			screenshot(t, ctx, "network-"+strings.Fields(next.Label)[0])
		}
		pressed[next.Label]++
		tap(t, ctx, next.X+next.W/2, next.Y+next.H/2)
		// the button goes away once the decision is sealed
		waitFor(t, ctx, 60*time.Second, "the decision sent", func(now ui.PageState) bool {
			b, ok := button(now, next.Label)
			return !ok || b != next || now.Seq != st.Seq
		})
	}
	t.Logf("pressed %v; result %s", pressed, st.Result)
	screenshot(t, ctx, "network-over")
	assert.Positive(t, pressed["Commit the plans (2)"]+pressed["Commit the plans (1)"])
	require.NoError(t, <-botErr)
	bst := <-botDone
	require.NotNil(t, bst.Record)
	_, err = bst.Record.Verify(comp, cr.PublicKey)
	require.NoError(t, err, "the signed record checks")
	assert.Equal(t, battle.Over, bst.View.Phase)
}
