package web_test

import (
	"context"
	"net"
	"net/http"
	"testing"

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

// stopBeforeAligning stops a bot, before it decides, when its game first
// waits for the table to be aligned (policy.BotStopper: no word sent).
type stopBeforeAligning struct{}

func (stopBeforeAligning) State(*wire.State)  {}
func (stopBeforeAligning) Sent(string, error) {}
func (stopBeforeAligning) Stop(st *wire.State) bool {
	return st.View.Phase == battle.Aligning
}

// The aligning step of a companion game on a phone held upright (390 ×
// 844, touch; Movement: the twin follows the models): computer players
// bring The Jump Point to movement step 1's alignment, the Cylon's
// computer says at once that the table is aligned; the Colonial phone
// opens its seat link. Its decision on screen is "The table is aligned"
// (no playback of the step the table copied, no "Go on"); a tap on it is
// the second word and the game goes on, to movement step 2's alignment,
// again with no "Go on" on the way.
func TestCompanionAligningStepOnAPhone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a companion game on a phone: not in the quick tier")
	}
	comp := assets.Default()
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
	cr, err := client.Host(base, server.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)

	pol, err := policy.ByName("greedy")
	require.NoError(t, err)
	bg, stopBots := context.WithCancel(context.Background())
	t.Cleanup(stopBots)
	cyl := client.Dial(bg, base, cr.Cylon)
	t.Cleanup(cyl.Close)
	go policy.Bot(bg, cyl, pol, comp, 1, nil) //nolint:errcheck // ends with the test
	col := client.Dial(bg, base, cr.Colonial)
	_, err = policy.Bot(bg, col, pol, comp, 1, stopBeforeAligning{})
	require.NoError(t, err)
	col.Close()
	spec := client.Dial(bg, base, cr.Spectator)
	t.Cleanup(spec.Close)
	wait, stopWait := context.WithTimeout(bg, pageWait) // a bound, not a measure
	t.Cleanup(stopWait)
	_, err = spec.Wait(wait, func(st *wire.State) bool {
		return st.View.Phase == battle.Aligning && len(st.Aligned) == 1 && st.Aligned[0] == battle.Cylon
	})
	require.Equal(t, 1, spec.State().View.Step, "the Colonial's computer stopped before its word")
	require.NoError(t, err, "the Cylon's word that the table is aligned")

	ph := browse(t, cr.Links["colonial"], phoneLite)
	sawGoOn := false
	watch := func(st ui.PageState) {
		if _, ok := button(st, "Go on"); ok || st.Stage == "results" || st.Stage == "anim" {
			sawGoOn = true
		}
	}
	aligning := func(st ui.PageState) bool {
		watch(st)
		b, ok := button(st, "The table is aligned")
		return st.Screen == "companion game" && ok && b.Y+b.H <= float64(phone.H)
	}
	st := waitFor(t, ph, pageWait, "the aligning step's decision on screen", aligning)
	b, _ := button(st, "The table is aligned")
	assert.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "a button a finger presses")
	screenshot(t, ph, "companion-colonial-aligning")
	tap(t, ph, b.X+b.W/2, b.Y+b.H/2)
	_, err = spec.Wait(wait, func(st *wire.State) bool { return st.View.Phase != battle.Aligning || st.View.Step != 1 })
	require.NoError(t, err, "both words: the game goes on")
	waitFor(t, ph, pageWait, "movement step 2's aligning on the phone", func(st ui.PageState) bool {
		now, _ := spec.Wait(wait, func(*wire.State) bool { return true })
		return aligning(st) && now.View.Step == 2 && now.View.Phase == battle.Aligning
	})
	screenshot(t, ph, "companion-colonial-aligning-2")
	assert.False(t, sawGoOn, "no playback of a step the table copied")
}
