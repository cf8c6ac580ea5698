package web_test

import (
	"context"
	"net"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// A companion game on one phone passed between the players (390 × 844,
// touch; issue 27: "one shared device with cover screens"), opened by the
// one-device link bsg companion prints: the Colonial player's cover, their
// plans, the hand-over; the Cylon player's cover, their plans; then the
// game reveals both (a spectator's seat sees movement begin). Each
// planning screen is a phone's (words on the screen, no key words).
func TestCompanionOnOnePhoneByItsLink(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("the browser: not in the quick tier")
	}
	page(t) // builds the page
	s, err := server.New(server.Options{Data: t.TempDir(), Web: web.Handler(pageRep.Dir), Logf: t.Logf})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: s.Handler()}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	base := "http://" + ln.Addr().String()
	cr, err := client.Host(base, server.CreateRequest{Scenario: "hand-of-god", Companion: true})
	require.NoError(t, err)
	link := cr.Links[wire.OneDevice]
	require.NotEmpty(t, link, "a companion game's one-device link: %v", cr.Links)

	ph := browse(t, link, phoneLite)
	for _, side := range battle.Sides {
		coverScreen(t, ph, side.Title()+" player: take the controls", "one-phone-cover-"+string(side))
		tapButton(t, ph, "Continue")
		handed := false
		for step := 0; !handed; step++ {
			st := state(t, ph)
			require.Less(t, step, 80, "%s: no Hand over; the page shows %s (stage %s), buttons %s", side, st.Screen, st.Stage, labels(st))
			raw, _ := published(t, ph)
			st = decode(t, raw)
			if _, ok := button(st, "The table is aligned"); ok || st.Stage == "cover" && step > 0 {
				break // the last plan committed handed over by itself
			}
			if st.Stage != "plan" {
				awaitChange(t, ph, raw)
				continue
			}
			assert.Equal(t, string(side), st.Side, "the side at the controls plans")
			onPhone(t, st, "planning on one phone")
			if step == 0 {
				screenshot(t, ph, "one-phone-plan-"+string(side))
			}
			if b, ok := button(st, "Hand over"); ok {
				tap(t, ph, b.X+b.W/2, b.Y+b.H/2)
				handed = true
			} else if b, ok := button(st, "Commit"); ok {
				tap(t, ph, b.X+b.W/2, b.Y+b.H/2)
			} else {
				scrollUp(t, ph, st)
				continue
			}
			awaitChange(t, ph, raw)
		}
	}
	spec := client.Dial(context.Background(), base, cr.Spectator)
	t.Cleanup(spec.Close)
	wait, stop := context.WithTimeout(context.Background(), pageWait) // a bound, not a measure
	t.Cleanup(stop)
	_, err = spec.Wait(wait, func(st *wire.State) bool { return st.View.Turn == 1 && st.View.Phase != battle.Planning })
	require.NoError(t, err, "both sides planned on the one phone: the game goes on")
	// the moves to copy onto the table, then the word that it is aligned
	waitButton(t, ph, "The table is aligned")
	st := settle(t, ph)
	screenshot(t, ph, "one-phone-aligning")
	onPhone(t, st, "aligning on one phone")
}
