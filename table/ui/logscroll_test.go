package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// The battle log on a phone held upright: its title fits the screen (no
// keys named), and a finger dragged down the log reads it back to its
// first line, dragged up returns to the latest; it never scrolls past
// either end.
func TestPhoneLogScrollsByFinger(t *testing.T) {
	a := phoneApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 5)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	s := screen{a, g}
	// play on until the log is longer than the phone's screen
	for guard := 0; ; guard++ {
		require.Less(t, guard, 5000, "the game did not go on: %s", g.Stage())
		if v := g.publicView(); v.Turn >= 4 || v.Phase == battle.Over {
			break
		}
		act(t, s)
	}
	g.logOpen, g.logScroll = true, 0
	text := strings.Join(strings.Fields(textOnScreen(t, a, "the log")), " ")
	assert.Contains(t, text, "Battle log: drag to read back; Log closes")
	assert.NotContains(t, text, "PageUp")
	require.NotContains(t, text, "— Turn 1 —", "the log is longer than the screen")
	room := a.H
	drag := func(from, to float64) {
		send(a, kit.Event{Kind: kit.MouseDown, Button: kit.ButtonLeft, X: a.W / 2, Y: from},
			kit.Event{Kind: kit.MouseMove, X: a.W / 2, Y: to},
			kit.Event{Kind: kit.MouseUp, Button: kit.ButtonLeft, X: a.W / 2, Y: to})
	}
	for i := 0; i < 30 && !strings.Contains(drawnText(a), "— Turn 1 —"); i++ {
		drag(room*0.2, room*0.8)
	}
	assert.Contains(t, drawnText(a), "— Turn 1 —", "dragged down to the first line")
	top := g.logScroll
	drag(room*0.2, room*0.8)
	assert.Equal(t, top, g.logScroll, "no scrolling past the first line")
	for i := 0; i < 30 && g.logScroll > 0; i++ {
		drag(room*0.8, room*0.2)
	}
	assert.Zero(t, g.logScroll, "dragged up back to the latest")
	assert.True(t, g.logOpen, "a drag reads, it does not close the log")
}
