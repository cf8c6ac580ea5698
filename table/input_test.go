package table

import (
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestTransitionsRebuildEveryPressBetweenTicks: from the state at the
// last tick and what Ebiten stamped in this one, each key's presses and
// releases come back in order, the double press included.
func TestTransitionsRebuildEveryPressBetweenTicks(t *testing.T) {
	for _, c := range []struct {
		name                        string
		was, pressed, released, now bool
		want                        []bool
	}{
		{"nothing", false, false, false, false, nil},
		{"held on", true, false, false, true, nil},
		{"pressed", false, true, false, true, []bool{true}},
		{"released", true, false, true, false, []bool{false}},
		{"a tap within the tick", false, true, true, false, []bool{true, false}},
		{"a tap and a press within the tick", false, true, true, true, []bool{true, false, true}},
		{"released and pressed again", true, true, true, true, []bool{false, true}},
		{"released, tapped", true, true, true, false, []bool{false, true, false}},
	} {
		assert.Equal(t, c.want, transitions(c.was, c.pressed, c.released, c.now), c.name)
	}
}

// TestQueuedKeysRepeatWhileHeld: a held arrow repeats after repeatAfter
// ticks, every repeatEvery; Tab does not; a tap is one press.
func TestQueuedKeysRepeatWhileHeld(t *testing.T) {
	src := &listKeys{}
	q := keyQueue{src: src}
	src.evs = []keyEvent{{key: ebiten.KeyArrowRight, down: true}, {key: ebiten.KeyTab, down: true}}
	presses, tabs := 0, 0
	for range 40 {
		q.drawn = true
		evs, ok := q.events()
		require.True(t, ok)
		for _, e := range evs {
			if e.Key == kit.KeyRight {
				presses++
			}
			if e.Key == kit.KeyTab {
				tabs++
			}
		}
	}
	assert.Equal(t, 1+(40-repeatAfter)/repeatEvery, presses)
	assert.Equal(t, 1, tabs, "Tab does not repeat")
}

// listKeys is a keySource handing out a list once.
type listKeys struct{ evs []keyEvent }

func (l *listKeys) take(time.Time) ([]keyEvent, bool) {
	e := l.evs
	l.evs = nil
	return e, true
}
func (l *listKeys) close() {}
