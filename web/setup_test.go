package web_test

import (
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
)

// The setup of a companion game chosen on a phone held upright (390 ×
// 844, touch; issue 27, setup: "the rules and options, the pilots"): from
// the page's title the player opens the setup of The Hand of God, puts
// the pilots rule in force (Optional rules: Quick Start Rules allow it),
// gives viper-1 an expert pilot with the Marksman talent (Pilot tokens;
// Pilot talents and flaws), and hosts the companion game from the phone:
// the page's server creates the game with that setup, and the phone's
// briefing says it.
func TestCompanionSetupChosenOnAPhone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the browser: not in the quick tier")
	}
	page(t) // builds the page
	var mu sync.Mutex
	var created []string
	s, err := server.New(server.Options{Data: t.TempDir(), Web: web.Handler(pageRep.Dir), Logf: func(format string, a ...any) {
		if strings.HasPrefix(format, "game %s created") {
			mu.Lock()
			created = append(created, a[0].(string))
			mu.Unlock()
		}
	}})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: s.Handler()}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	base := "http://" + ln.Addr().String()

	ph := browse(t, base+"/", phoneLite)
	tapButton(t, ph, "Choose the rules and pilots: The Hand of God")
	waitFor(t, ph, pageWait, "the setup screen", func(st ui.PageState) bool { return strings.HasPrefix(st.Screen, "setup") })
	screenshot(t, ph, "setup-phone-1")
	tapButton(t, ph, "pilots")
	// scroll to viper-1's row: a finger drags the content up by its margin
	scrollTo := func(part string) ui.PageButton {
		t.Helper()
		for i := 0; ; i++ {
			st := state(t, ph)
			if b, ok := button(st, part); ok && b.Y+b.H < float64(phone.H)*0.75 {
				return b
			}
			require.Less(t, i, 20, "no button %q: %s", part, labels(st))
			drag(t, ph, [2]float64{8, float64(phone.H) * 0.6}, [2]float64{8, float64(phone.H) * 0.3}, 6)
		}
	}
	b := scrollTo("pilot: average")
	tap(t, ph, b.X+b.W/2, b.Y+b.H/2) // viper-1's: average → expert
	waitButton(t, ph, "pilot: expert")
	b = scrollTo("Choose talents and flaws")
	tap(t, ph, b.X+b.W/2, b.Y+b.H/2)
	b = scrollTo("Marksman")
	tap(t, ph, b.X+b.W/2, b.Y+b.H/2)
	waitFor(t, ph, pageWait, "Marksman on", func(st ui.PageState) bool {
		for _, w := range st.Words {
			if strings.Contains(w.Text, "Talents: Marksman") {
				return true
			}
		}
		return false
	})
	screenshot(t, ph, "setup-phone-2")
	onPhone(t, state(t, ph), "the setup screen")
	tapButton(t, ph, "Companion: a phone each")
	waitFor(t, ph, pageWait, "the companion game", func(st ui.PageState) bool { return st.Screen == "companion game" })
	screenshot(t, ph, "setup-phone-3-game")
	// the address bar holds the host's seat link: a reload rejoins the
	// game, not the title
	var search string
	require.NoError(t, chromedp.Run(ph, chromedp.Evaluate(`location.search`, &search)))
	assert.Contains(t, search, "seat=", "the hosted game's link in the address bar")
	require.NoError(t, chromedp.Run(ph, chromedp.Reload()))
	waitFor(t, ph, pageWait, "the companion game after a reload", func(st ui.PageState) bool { return st.Screen == "companion game" })
	mu.Lock()
	require.Len(t, created, 1, "one game created")
	game := created[0]
	mu.Unlock()
	setup, err := client.Scenario(base, game)
	require.NoError(t, err)
	assert.True(t, setup.Companion)
	assert.True(t, setup.Rules.Has(starship.OptPilots))
	for _, sh := range setup.Ships {
		if sh.ID == "viper-1" {
			assert.Equal(t, starship.Expert, sh.Pilot)
			assert.Equal(t, []string{"marksman"}, sh.Talents)
		}
	}
}
