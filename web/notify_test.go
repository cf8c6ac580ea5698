package web_test

import (
	"context"
	"encoding/json"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// recordNotes runs in the page before its own scripts: it keeps every
// notification the page makes (and still makes it), and plays a player
// whose page is not in front of them (another window has the focus).
const recordNotes = `
window.__notes = [];
(function () {
  const N = window.Notification;
  if (!N) { return; }
  function Recorded(title, opts) {
    window.__notes.push({title: title, body: (opts && opts.body) || "", tag: (opts && opts.tag) || ""});
    try { return new N(title, opts); } catch (e) { return {}; }
  }
  Object.defineProperty(Recorded, "permission", {get: function () { return N.permission; }});
  Recorded.requestPermission = function () { return N.requestPermission.apply(N, arguments); };
  window.Notification = Recorded;
  document.hasFocus = function () { return false; };
})();
`

type note struct{ Title, Body, Tag string }

func notes(t *testing.T, ctx context.Context) []note {
	var raw string
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`JSON.stringify(window.__notes || [])`, &raw)))
	var out []note
	require.NoError(t, json.Unmarshal([]byte(raw), &out))
	return out
}

// waitTitle waits until the tab's title satisfies ok, and returns it.
func waitTitle(t *testing.T, ctx context.Context, what string, ok func(string) bool) string {
	t.Helper()
	deadline := time.Now().Add(pageWait)
	var title string
	for time.Now().Before(deadline) {
		require.NoError(t, chromedp.Run(ctx, chromedp.Title(&title)))
		if ok(title) {
			return title
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("%s: the title is %q", what, title)
	return ""
}

// TestYourTurnIsTitledAndNotified: correspondence play on a phone (390 ×
// 844, touch). The player has allowed the page's notifications and is
// looking at another window. They hold the Colonial seat of two games
// (the Cylon seats are taken by clients that wait): the tab's title of
// the game opened begins "Your turn" and a notification says so; once
// the second game is opened, its title lists the first and whose turn it
// is there, and a notification tells of the first game waiting.
func TestYourTurnIsTitledAndNotified(t *testing.T) {
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

	games := map[string]server.CreateResponse{}
	cctx, stop := context.WithCancel(context.Background())
	defer stop()
	for _, sc := range []string{"furball", "jump-point"} {
		cr, err := client.Host(base, server.CreateRequest{Scenario: sc, Clock: &wire.ClockSpec{Mode: wire.ClockCorrespondence}})
		require.NoError(t, err)
		games[sc] = cr
		c := client.Dial(cctx, base, cr.Cylon) // the opponent takes its seat and thinks
		t.Cleanup(c.Close)
		_, err = c.Wait(cctx, func(st *wire.State) bool { return len(st.Joined) > 0 })
		require.NoError(t, err)
	}

	ctx := browse(t, base+"/api/key", phoneLite)
	require.NoError(t, chromedp.Run(ctx,
		browser.GrantPermissions([]browser.PermissionType{browser.PermissionTypeNotifications}).WithOrigin(base),
		chromedp.ActionFunc(func(ctx context.Context) error {
			_, err := cdppage.AddScriptToEvaluateOnNewDocument(recordNotes).Do(ctx)
			return err
		}),
		chromedp.Navigate(games["furball"].Links["colonial"]),
	))
	title := waitTitle(t, ctx, "the first game, the player's turn", func(s string) bool { return strings.HasPrefix(s, "Your turn · ") })
	t.Logf("title: %s", title)
	screenshot(t, ctx, "notify-first-game")
	n := notes(t, ctx)
	require.NotEmpty(t, n, "a notification: the player allowed them and looks elsewhere")
	assert.Equal(t, "Your turn", n[0].Title)
	assert.Contains(t, n[0].Body, "turn 1")

	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(games["jump-point"].Links["colonial"])))
	title = waitTitle(t, ctx, "the second game lists the first", func(s string) bool {
		return strings.HasPrefix(s, "Your turn · ") && strings.Contains(s, "other games: furball your turn")
	})
	t.Logf("title: %s", title)
	screenshot(t, ctx, "notify-second-game")
	deadline := time.Now().Add(pageWait)
	for {
		var other, this bool
		for _, m := range notes(t, ctx) {
			other = other || m.Title == "Your turn in another game" && strings.Contains(m.Body, "furball, turn 1")
			this = this || m.Title == "Your turn" && strings.Contains(m.Body, "Jump Point")
		}
		if other && this {
			break
		}
		require.True(t, time.Now().Before(deadline), "notifications: %+v", notes(t, ctx))
		time.Sleep(100 * time.Millisecond)
	}
}
