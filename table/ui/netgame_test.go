package ui

import (
	"context"
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui/kit"
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

// TestNetGameHostPlaysJumpPointAgainstABot: the table view hosts The Jump
// Point from the title (the server answering at App.Server), waits for
// the Cylon player, and a player at the keyboard plays the Colonial seat
// to the end against a bot joined with the seat's code: plans locked and
// sealed with Enter, a shot declared with t, FTL markers placed with a
// click. The record the view receives verifies.
func TestNetGameHostPlaysJumpPointAgainstABot(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()

	a := newTestApp(t)
	a.Server = hs.URL
	ti := NewTitle(a)
	for ti.Scenario() != "jump-point" {
		ti.Handle(kit.Press(kit.KeyRight))
	}
	a.Show(ti)
	host := -1
	for i, it := range ti.items() {
		if strings.HasPrefix(it.label, "Host a network game") {
			host = i
		}
	}
	require.True(t, host >= 0 && host < 9)
	send(a, kit.Type(fmt.Sprint(host+1))...) // its number on the title
	g, ok := a.Screen().(*NetSeat)
	require.True(t, ok, "status: %s", a.Status())
	tickUntil(t, a, func() bool { return g.State() != nil })
	assert.False(t, g.State().Ready)
	assert.Contains(t, drawnText(a), "Waiting for the Cylon player")
	code := g.invite["code"]
	require.NotEmpty(t, code)

	base, token, err := client.ParseJoin(code, "")
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bot := make(chan error, 1)
	go func() {
		c := client.Dial(ctx, base, token)
		defer c.Close()
		_, err := policy.Bot(ctx, c, policy.Greedy{}, a.Comp, 5, nil)
		bot <- err
	}()
	tickUntil(t, a, func() bool { return g.State().Ready })

	phases := map[battle.Phase]bool{}
	for guard := 0; g.State().View.Phase != battle.Over; guard++ {
		require.Less(t, guard, 400)
		tickUntil(t, a, func() bool { return g.owes() || g.State().View.Phase == battle.Over })
		st := g.State()
		phases[st.View.Phase] = true
		switch st.View.Phase {
		case battle.Planning, battle.Preplanning:
			for range st.Owe {
				enter(a) // lock each ship's plan
			}
			enter(a) // seal and send
		case battle.Declaring:
			send(a, kit.Type("t")...)
			enter(a)
		case battle.PlacingFTL:
			p := g.cam.ToScreen(st.View.Ships[0].Pose.Pos)
			send(a, kit.Click(p.X, p.Y)...)
			enter(a)
		}
		tickUntil(t, a, func() bool { return g.busy == "" })
		require.Empty(t, g.problem)
	}
	require.NoError(t, <-bot)
	assert.True(t, phases[battle.Planning] && phases[battle.Declaring], "%v", phases)
	tickUntil(t, a, func() bool { return g.verified != "" })
	assert.Contains(t, g.verified, "record verified")
	assert.Contains(t, drawnText(a), "record verified")
}

// TestNetSeatJoinedByLinkOnAPhoneByButtons: the screen a seat link opens
// (the browser's ?seat= link, -join) is the title's network screen, laid
// out for a phone held upright (the panel under the table) and sideways
// (beside it), turned between decisions: every control at least 9 mm
// (34 px here) high, on screen and apart from the others.
// Played by taps on its buttons only (no key), The Jump Point runs to its
// end against a bot: plans committed, shots declared, FTL markers placed
// by a tap on the table and "Place the marker". The record verifies.
func TestNetSeatJoinedByLinkOnAPhoneByButtons(t *testing.T) {
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
	g, ok := a.Screen().(*NetSeat)
	require.True(t, ok, "the link opens the network screen, not %T", a.Screen())

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	bot := make(chan error, 1)
	go func() {
		c := client.Dial(ctx, hs.URL, cr.Cylon)
		defer c.Close()
		_, err := policy.Bot(ctx, c, policy.Greedy{}, a.Comp, 5, nil)
		bot <- err
	}()
	tickUntil(t, a, func() bool { return g.State() != nil && g.State().Ready })

	// find returns the button whose label starts with label, scrolling
	// the panel by a finger drag on its margin until it shows.
	find := func(label string) (PageButton, bool) {
		for range 12 {
			st := a.PageState()
			checkTargets(t, a, st)
			for _, b := range st.Buttons {
				if strings.HasPrefix(b.Label, label) {
					return b, true
				}
			}
			x, y := g.scroll.vis.X+3, g.scroll.vis.Y+g.scroll.vis.H-10
			send(a, kit.Event{Kind: kit.MouseDown, X: x, Y: y, Touch: true}, kit.Event{Kind: kit.MouseMove, X: x, Y: y - 150, Touch: true},
				kit.Event{Kind: kit.MouseUp, X: x, Y: y - 150, Touch: true})
		}
		return PageButton{}, false
	}
	tap := func(b PageButton) { send(a, kit.Click(b.X+b.W/2, b.Y+b.H/2)...) }

	phases := map[battle.Phase]int{}
	for guard := 0; g.State().View.Phase != battle.Over; guard++ {
		require.Less(t, guard, 400)
		tickUntil(t, a, func() bool { return g.owes() || g.State().View.Phase == battle.Over })
		st := g.State()
		phases[st.View.Phase]++
		// the phone turns between decisions: upright, then sideways
		if guard%2 == 0 {
			a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
		} else {
			a.Handle(kit.Event{Kind: kit.Resize, W: 844, H: 390})
		}
		a.Frame()
		switch st.View.Phase {
		case battle.Planning, battle.Preplanning:
			if st.View.Phase == battle.Planning && phases[battle.Planning] == 1 {
				// a card and a speed chosen by taps change the draft
				b, ok := find(string(maneuvers.Medium))
				require.True(t, ok)
				tap(b)
				assert.Equal(t, maneuvers.Medium, g.draft(g.sel).Speed)
			}
			label := "Commit the plans"
			if st.View.Phase == battle.Preplanning {
				label = "Fix next turn's cards"
			}
			b, ok := find(label)
			require.True(t, ok, "no %q among %v", label, a.PageState().Buttons)
			tap(b)
		case battle.Declaring:
			for _, id := range g.shooters() {
				if tg := g.targets(id); len(tg) > 0 {
					b, ok := find(tg[0] + " (")
					require.True(t, ok)
					tap(b)
					break
				}
			}
			b, ok := find("Declare")
			require.True(t, ok)
			tap(b)
		case battle.PlacingFTL:
			sh, _ := g.ship(st.Owe[0])
			p := g.cam.ToScreen(sh.Pose.Pos)
			send(a, kit.Click(p.X, p.Y)...)
			require.NotNil(t, g.markerAt)
			b, ok := find("Place the marker")
			require.True(t, ok)
			tap(b)
		}
		tickUntil(t, a, func() bool { return g.busy == "" })
		require.Empty(t, g.problem)
	}
	require.NoError(t, <-bot)
	t.Logf("decisions by phase: %v", phases)
	assert.Positive(t, phases[battle.Planning])
	assert.Positive(t, phases[battle.Declaring])
	tickUntil(t, a, func() bool { return g.verified != "" })
	assert.Contains(t, g.verified, "record verified")
	st := a.PageState()
	assert.Equal(t, "network game", st.Screen)
	assert.NotEmpty(t, st.Result)
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
