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
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
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
		ti.Handle(Press(KeyRight))
	}
	a.Show(ti)
	host := -1
	for i, it := range ti.items() {
		if strings.HasPrefix(it.label, "Host a network game") {
			host = i
		}
	}
	require.True(t, host >= 0 && host < 9)
	send(a, Type(fmt.Sprint(host+1))...) // its number on the title
	g, ok := a.Screen().(*NetSeat)
	require.True(t, ok, "status: %s", a.Status())
	tickUntil(t, a, func() bool { return g.State() != nil })
	assert.False(t, g.State().Ready)
	assert.Contains(t, drawnText(a), "waiting for the Cylon player")
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
		_, err := client.Bot(ctx, c, policy.Greedy{}, a.Comp, 5, nil)
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
			send(a, Type("t")...)
			enter(a)
		case battle.PlacingFTL:
			p := g.cam.ToScreen(st.View.Ships[0].Pose.Pos)
			send(a, Click(p.X, p.Y)...)
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

// drawnText is every text the app draws now, joined.
func drawnText(a *App) string {
	var out string
	for _, op := range a.Frame().Ops {
		out += op.Text + "\n"
	}
	return out
}
