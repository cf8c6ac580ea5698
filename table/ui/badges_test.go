package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestBadgesNeverRunAheadOfThePlayback (Fire!; The turn): while a turn is
// played back beat by beat, a ship's counter badge says what the log
// shown so far has drawn, never the counters of a shot still to come.
func TestBadgesNeverRunAheadOfThePlayback(t *testing.T) {
	hits := 0
	for seed := uint64(1); seed <= 6 && hits == 0; seed++ {
		a := newTestApp(t)
		g, err := NewGame(a, closeQuarters(starship.Quick), seed)
		require.NoError(t, err)
		a.Show(g)
		check := func() {
			t.Helper()
			badgesAgreeWithTheLog(t, a, g, "seed %d", seed)
		}
		play := func() {
			for i := 0; i < 50 && (g.Stage() == "anim" || g.Stage() == "results"); i++ {
				check()
				runAnim(a, g)
				check()
				enter(a)
			}
		}
		planAll(t, a, g)
		planAll(t, a, g)
		enter(a)
		play()
		for turn := g.battle().Turn(); g.battle().Turn() == turn && g.battle().Phase() == battle.Declaring; {
			if g.Stage() == "cover" {
				enter(a)
			}
			require.Equal(t, "declare", g.Stage())
			v := g.battle().View(g.side)
			for _, id := range g.shooters(v) {
				g.shooter = id
				send(a, kit.Type("1")...)
			}
			enter(a)
			play()
		}
		for _, s := range g.publicView().Ships {
			hits += s.CounterCount + s.CollisionCount
		}
	}
	require.Positive(t, hits, "no seed drew a counter in turn 1: the test checked nothing")
}

// badgesAgreeWithTheLog requires every ship's counter badge on the board
// to say the counters the log on screen has drawn for it.
func badgesAgreeWithTheLog(t *testing.T, a *App, g *Game, format string, args ...any) int {
	t.Helper()
	a.Frame()
	drawn := map[string]int{}
	for _, e := range g.visibleEvents(g.publicView()) {
		switch e.Kind {
		case battle.EvDamage:
			drawn[e.Ship] += e.Count
		case battle.EvCollision:
			drawn[e.Ship] += e.Kept
		}
	}
	worn := 0
	for _, s := range g.publicView().Ships {
		want := ""
		if drawn[s.ID] > 0 {
			want = counters(drawn[s.ID])
		}
		got := ""
		for _, b := range g.boardLook(s).Badges {
			if b == counters(1) || strings.HasSuffix(b, " counters") {
				got = b
			}
		}
		worn += drawn[s.ID]
		require.Equal(t, want, got, "%s, stage %s, beat %d: %s's badge", fmt.Sprintf(format, args...), g.Stage(), g.beat, s.ID)
	}
	return worn
}
