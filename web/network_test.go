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

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// A network game through bsg serve: the Colonial seat in the browser (the
// link bsg host prints, opened straight into the game, played by touch
// on a phone held upright), the Cylon seat a bot (the code of `bsg bot`).
// The link opens the same screen as the title's Join (its Leave and Help
// footer, the decision's button above them); every control is at least
// 9 mm high and none overlaps another. The game runs to its turn limit
// and both ends see the signed record.
func TestNetworkGameBrowserSeatAgainstBot(t *testing.T) {
	t.Parallel()
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
	bctx, stopBot := context.WithCancel(context.Background()) // ends with the test
	defer stopBot()
	bc := client.Dial(bctx, botURL, botToken)
	defer bc.Close()
	greedy, err := policy.ByName("greedy")
	require.NoError(t, err)
	botDone := make(chan *wire.State, 1)
	botErr := make(chan error, 1)
	go func() {
		st, err := policy.Bot(bctx, bc, greedy, comp, 5, nil)
		botErr <- err
		botDone <- st
	}()

	// the seat's code typed on the title's Join with the phone's keyboard
	ctx := browse(t, base+"/", phoneLite)
	waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
	tapButton(t, ctx, "Join a network or companion game")
	waitFor(t, ctx, pageWait, "Join's field", func(st ui.PageState) bool {
		_, ok := pageField(st, "join")
		return ok
	})
	typeInto(t, ctx, "join", ln.Addr().String()+"/"+cr.Colonial, true)
	st := waitFor(t, ctx, pageWait, "the network game joined by code", func(st ui.PageState) bool {
		return st.Screen == "network game" && st.Side == "colonial"
	})
	screenshot(t, ctx, "network-joined-by-code")
	joined := labels(st)

	// the link opens the same screen straight away (the page reloaded:
	// the seat reconnects)
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(link)))
	st = waitFor(t, ctx, pageWait, "the network game", func(st ui.PageState) bool {
		return st.Screen == "network game" && st.Turn == 1
	})
	require.Equal(t, "colonial", st.Side)
	screenshot(t, ctx, "network-start")
	t.Logf("joined by code: %s; by link: %s", joined, labels(st))
	// the one game screen, as at the desk: the briefing first, then the
	// plan's buttons above the footer Log · Save · Help · Leave
	pressed := map[string]int{}
	// a bound against a game that never ends, with room for a machine
	// whose every core is busy: each step below waits on the page's state
	deadline := time.Now().Add(3 * pageWait)
	planned := false
	for st.Result == "" {
		require.True(t, time.Now().Before(deadline), "the game did not end; the page shows turn %d, %s, buttons %s, status %q", st.Turn, st.Stage, labels(st), st.Status)
		raw, _ := published(t, ctx)
		st = decode(t, raw)
		require.Empty(t, overlap(st), "overlapping controls at turn %d, %s", st.Turn, st.Stage)
		for _, b := range st.Buttons {
			require.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "%q is smaller than 9 mm", b.Label)
		}
		if st.Stage == "marker" {
			t.Fatalf("the scenario has no FTL; the page asks for a marker")
		}
		if st.Stage == "plan" && !planned {
			// a speed chosen by a tap, the panel scrolled by a finger
			// on its margin until it shows
			for _, part := range []string{"Leave", "Help"} {
				_, ok := button(st, part)
				assert.True(t, ok, "the network screen's %q; buttons %s", part, labels(st))
			}
			screenshot(t, ctx, "network-plan-top")
			fast, ok := button(st, string(maneuvers.High))
			for i := 0; !ok && i < 4; i++ {
				scrollUp(t, ctx, st)
				st = state(t, ctx)
				fast, ok = button(st, string(maneuvers.High))
			}
			require.True(t, ok, "a speed button; buttons %s", labels(st))
			tap(t, ctx, fast.X+fast.W/2, fast.Y+fast.H/2)
			waitFor(t, ctx, pageWait, "high speed chosen", func(now ui.PageState) bool {
				return strings.Contains(now.Plan, ", "+string(maneuvers.High)+",")
			})
			screenshot(t, ctx, "network-plan")
			planned = true
			continue
		}
		var next ui.PageButton
		found := false
		for _, part := range []string{"Done", "Commit", "Declare", "Go on", "Continue", "Fix next turn's cards"} {
			if b, ok := button(st, part); ok {
				next, found = b, true
				break
			}
		}
		if !found && (st.Stage == "plan" || st.Stage == "declare" || st.Stage == "results" || st.Stage == "anim") {
			// the decision's button lies lower in the panel's content
			if _, ok := button(st, "Log"); ok {
				scrollUp(t, ctx, st)
				continue
			}
		}
		if !found { // the other side, or the server: the page changes when it has moved
			changed(t, ctx, raw, pageWait)
			continue
		}
		if pressed[next.Label] == 0 {
			screenshot(t, ctx, "network-"+strings.Fields(next.Label)[0])
		}
		pressed[next.Label]++
		tap(t, ctx, next.X+next.W/2, next.Y+next.H/2)
		awaitChange(t, ctx, raw) // what was pressed shows, or the game moves on
	}
	t.Logf("pressed %v; result %s", pressed, st.Result)
	screenshot(t, ctx, "network-over")
	assert.Positive(t, pressed["Commit"])
	assert.Positive(t, pressed["Done"], "the plans sealed and sent")
	require.NoError(t, <-botErr)
	bst := <-botDone
	require.NotNil(t, bst.Record)
	_, err = bst.Record.Verify(comp, cr.PublicKey)
	require.NoError(t, err, "the signed record checks")
	assert.Equal(t, battle.Over, bst.View.Phase)
}
