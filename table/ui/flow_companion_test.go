package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/wire"
)

// hasButton reports whether the screen's latest frame has a button
// labelled label.
func hasButton(a *App, label string) bool {
	a.Frame()
	for i := range a.NumHots() {
		if strings.HasSuffix(a.Hots()[i].ID, ":"+label) {
			return true
		}
	}
	return false
}

// ownState ticks a phone until its OWN seat's state holds (bounded; the
// other phone's state may be ahead of it).
func ownState(t *testing.T, sc screen, what string, done func(st *wire.State) bool) *wire.State {
	t.Helper()
	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "waited for %s", what)
		if c, ok := sc.g.seat.(*seat.Companion); ok {
			if st := c.State(); st != nil && c.Status().Sending == "" && done(st) {
				sc.a.Frame()
				return st
			}
		}
		sc.a.Tick(1.0 / 60)
		time.Sleep(time.Millisecond)
	}
}

// Faster-than-light movement: the jumping ship's player rolls its dice.
// At hunter-2's arrival by FTL the Cylon phone takes the dice (its
// buttons, "you roll it"), the Colonial phone says who rolls them and
// has no die buttons.
func TestCompanionTheJumpingShipsPlayerRollsItsFTLDice(t *testing.T) {
	screens := companionScreens(t)
	col, cyl := screens[0], screens[1]
	isDie := func(st *wire.State) bool { return st.Need != nil && st.Need.What == battle.DrawDie }
	companionUntil(t, screens, "hunter-2's FTL dice", func(st *wire.State, _ string) bool { return isDie(st) })
	n := ownState(t, cyl, "the Cylon phone's die", isDie).Need
	require.Equal(t, battle.Cylon, n.Side, "hunter-2 is the Cylon's")
	ownState(t, col, "the Colonial phone's die", isDie)
	text := strings.ReplaceAll(drawnText(cyl.a), "\n", " ")
	assert.Contains(t, text, "you roll it on the table and type it in")
	for _, b := range []string{"1", "6", "Let the app roll"} {
		assert.True(t, hasButton(cyl.a, b), "the Cylon phone has %q", b)
	}
	text = strings.ReplaceAll(drawnText(col.a), "\n", " ")
	assert.Contains(t, text, "the Cylon player rolls it on the table")
	assert.False(t, hasButton(col.a, "Let the app roll"), "the Colonial phone rolls no Cylon die")
	assert.False(t, hasButton(col.a, "6"))
}
