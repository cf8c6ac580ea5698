package ui

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// firstLabelled returns the frame's first control (in drawing order)
// whose label, after the number a key picks it by, begins with prefix.
func firstLabelled(a *App, prefix string) (kit.Hot, bool) { return nthLabelled(a, prefix, 0) }

// nthLabelled is firstLabelled's n-th (from 0) such control.
func nthLabelled(a *App, prefix string, n int) (kit.Hot, bool) {
	for _, h := range a.Hots() {
		parts := strings.SplitN(h.ID, ":", 4)
		if len(parts) < 4 {
			continue
		}
		label := parts[3]
		if n, rest, ok := strings.Cut(label, "   "); ok && strings.Trim(n, "0123456789") == "" {
			label = rest
		}
		if strings.HasPrefix(label, prefix) {
			if n == 0 {
				return h, true
			}
			n--
		}
	}
	return kit.Hot{}, false
}

// tapLabelled presses the first control whose label begins with prefix,
// scrolling the screen's content down (the wheel) until it is in the
// room; at most 60 turns of the wheel.
func tapLabelled(t *testing.T, a *App, prefix string) {
	t.Helper()
	for turn := 0; ; turn++ {
		a.Frame()
		if h, ok := firstLabelled(a, prefix); ok {
			send(a, kit.Click(h.R.Center().X, h.R.Center().Y)...)
			return
		}
		require.Less(t, turn, 60, "no control %q on %s:\n%s", prefix, a.Screen().Name(), drawnText(a))
		send(a, kit.Event{Kind: kit.Wheel, X: a.W / 2, Y: a.H / 3, DY: -1})
	}
}

// scrollTop turns the wheel up until the content is back at its top.
func scrollTop(a *App) {
	for range 60 {
		send(a, kit.Event{Kind: kit.Wheel, X: a.W / 2, Y: a.H / 3, DY: 1})
	}
}

// TestChooseTheRulesAndPilotsThenHostACompanionGame: issue 27, setup ("the
// rules and options, the pilots"). From the title, on a desktop window and
// on a phone held upright, the players open the setup of The Jump Point,
// put aiming in force (Optional rules), give escort-1 the next pilot token
// and the Marksman talent (Pilot tokens; Pilot talents and flaws), see a
// refused choice listed with its section and every way to start disabled
// while it stands (the Quick Start Rules with FTL: Faster-than-light
// movement), then host the companion game: the server's game has the
// chosen setup, and the game's briefing says it.
func TestChooseTheRulesAndPilotsThenHostACompanionGame(t *testing.T) {
	for _, phone := range []bool{false, true} {
		t.Run(map[bool]string{false: "desktop", true: "phone"}[phone], func(t *testing.T) {
			s, err := server.New(server.Options{Data: t.TempDir()})
			require.NoError(t, err)
			hs := httptest.NewServer(s.Handler())
			defer func() { hs.Close(); s.Close() }()
			a := newTestApp(t)
			if phone {
				a = phoneApp(t)
			}
			a.Server = hs.URL
			a.Frame()
			title, ok := a.Screen().(*Title)
			require.True(t, ok)
			for i := 0; title.Scenario() != "jump-point" && i < 10; i++ {
				send(a, kit.Press(kit.KeyRight))
			}
			tapLabelled(t, a, "Choose the rules and pilots: The Jump Point")
			ch, ok := a.Screen().(*Choose)
			require.True(t, ok, "the setup screen, not %T", a.Screen())
			if phone {
				checkTargets(t, a, a.PageState())
			}
			require.NotNil(t, ch.Chosen(), "the scenario as it is is playable: %v", ch.Problems())

			tapLabelled(t, a, "aiming")
			require.NotNil(t, ch.Chosen())
			assert.True(t, ch.Chosen().Has(starship.OptAiming), "aiming in force")
			tapLabelled(t, a, "pilot: average") // escort-1, the first average pilot
			// escort-1's talents: the second ship's row (the raptor's first)
			scrollTop(a)
			h, ok := nthLabelled(a, "Choose talents and flaws", 1)
			require.True(t, ok)
			send(a, kit.Click(h.R.Center().X, h.R.Center().Y)...)
			tapLabelled(t, a, "Marksman")
			require.NotNil(t, ch.Chosen(), "an expert with one talent: %v", ch.Problems())
			var escort starship.Pilot
			var talents []string
			for _, sh := range ch.Chosen().Ships {
				if sh.ID == "escort-1" {
					escort, talents = sh.Pilot, sh.Talents
				}
			}
			assert.Equal(t, starship.Expert, escort)
			assert.Equal(t, []string{"marksman"}, talents)

			scrollTop(a)
			tapLabelled(t, a, "Quick Start Rules")
			require.Nil(t, ch.Chosen(), "FTL under the Quick Start Rules is refused")
			text := drawnText(a)
			for more := 0; !strings.Contains(text, "(Faster-than-light movement") && more < 60; more++ {
				send(a, kit.Event{Kind: kit.Wheel, X: a.W / 2, Y: a.H / 3, DY: -1})
				text = drawnText(a)
			}
			assert.Contains(t, text, "(Faster-than-light movement", "the refusal with its section")
			_, offered := firstLabelled(a, "Companion: a phone each")
			assert.False(t, offered, "a refused setup starts nothing: its ways to start are off")
			ch.HostCompanion()
			_, still := a.Screen().(*Choose)
			assert.True(t, still, "a refused setup starts nothing")

			scrollTop(a)
			tapLabelled(t, a, "Complete Rules")
			require.NotNil(t, ch.Chosen(), "%v", ch.Problems())
			tapLabelled(t, a, "Companion: a phone each")
			g, ok := a.Screen().(*Game)
			require.True(t, ok, "the companion game, not %T (%s)", a.Screen(), a.Status())
			comp, ok := g.Seat().(*seat.Companion)
			require.True(t, ok, "over a companion seat, not %T", g.Seat())
			ns := comp.Net
			deadline := time.Now().Add(2 * time.Minute)
			for ns.State() == nil {
				require.True(t, time.Now().Before(deadline), "no state from the server")
				time.Sleep(2 * time.Millisecond)
				a.Tick(1.0 / 60)
				a.Frame()
			}
			assert.True(t, ns.State().Companion)
			setup, err := client.Scenario(hs.URL, ns.State().Game)
			require.NoError(t, err)
			assert.True(t, setup.Rules.Has(starship.OptAiming), "the server's game has the chosen options")
			for _, sh := range setup.Ships {
				if sh.ID == "escort-1" {
					assert.Equal(t, starship.Expert, sh.Pilot)
					assert.Equal(t, []string{"marksman"}, sh.Talents)
				}
			}
			br := briefFor(setup, nil).played(a.Comp)
			assert.Equal(t, "Rules: Complete Rules with ftl, fuel, pilots, aiming.", br[0].Text)
			assert.Contains(t, paraText(br), "escort-1 (expert: Marksman)")
		})
	}
}

// Choices the players make and take back: without the pilots rule the
// ships' rows go and so do their choices (every pilot average); a named
// pilot card of the other faction is never offered (Pilot cards).
func TestChooseOffersOnlyWhatTheRulesAllow(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	ch := NewChoose(a, sc, "jump-point")
	for _, p := range ch.pilots(battle.Colonial) {
		if c, ok := a.Comp.PilotCard(string(p)); ok {
			assert.Equal(t, "colonial", c.Affiliation, "%s offered to a Colonial ship", p)
		}
	}
	ch.CyclePilot("hunter-1", 1)
	pilot, _, _ := ch.ship("hunter-1")
	assert.Equal(t, starship.Ace, pilot, "expert, then ace")
	ch.ToggleOption(starship.OptPilots)
	assert.Empty(t, ch.Choices().Ships, "without pilots the ships' choices go")
	require.NotNil(t, ch.Chosen(), "%v", ch.Problems())
	for _, sh := range ch.Chosen().Ships {
		assert.Equal(t, starship.Pilot(""), sh.Pilot, sh.ID)
	}
	a.Show(ch)
	assert.NotContains(t, drawnText(a), "pilot: ", "no pilot rows without the pilots rule")
}
