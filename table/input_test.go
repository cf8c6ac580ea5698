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
		evs, ok := q.events(nil, false, false)
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

// names renders ui events for a comparison: "Enter", "h", "ctrl+s".
func names(evs []kit.Event) []string {
	var out []string
	for _, e := range evs {
		var n string
		switch e.Kind {
		case kit.Char:
			n = string(e.Rune)
		case kit.KeyPress:
			n = map[kit.Key]string{kit.KeyEnter: "Enter", kit.KeyTab: "Tab", kit.KeyEscape: "Esc"}[e.Key]
		}
		if e.Ctrl {
			n = "ctrl+" + n
		}
		out = append(out, n)
	}
	return out
}

// TestTypedCharactersKeepTheirPlaceAmongSpecialKeys: under load a frame
// can take a second, and "Enter Enter h" typed within it (commit this
// ship, commit the next, hold fire) ran h before the Enters: the runes
// came first, the special keys after (playtest s31, network game turn
// 1). The key queue marks each character key's press, and the frame's
// runes go there.
func TestTypedCharactersKeepTheirPlaceAmongSpecialKeys(t *testing.T) {
	enter := func(down bool) keyEvent { return keyEvent{key: ebiten.KeyEnter, down: down} }
	typed := func(rs string) keyEvent { return keyEvent{typed: true, runes: []rune(rs), down: true} }
	q := keyQueue{src: &listKeys{evs: []keyEvent{enter(true), enter(false), enter(true), enter(false), typed("hH")}}, drawn: true}
	evs, ok := q.events([]rune("h"), false, false)
	require.True(t, ok)
	assert.Equal(t, []string{"Enter", "Enter", "h"}, names(evs), "in the order pressed")

	// a name typed then Enter, all in one frame
	assert.Equal(t, []string{"b", "o", "b", "Enter"},
		names(mergeTyped([]keyEvent{typed("bB"), typed("oO"), typed("bB"), enter(true), enter(false)}, []rune("bob"), false, false)))
	// Ctrl+S types nothing: its press claims no rune; the h is the h key's
	ctrlS := typed("sS")
	ctrlS.ctrl = true
	assert.Equal(t, []string{"Tab", "h"},
		names(mergeTyped([]keyEvent{ctrlS, {key: ebiten.KeyTab, down: true}, typed("hH")}, []rune("h"), false, false)))
	// a key of a script the keysyms do not map types whatever comes next
	assert.Equal(t, []string{"Esc", "ж"},
		names(mergeTyped([]keyEvent{{key: ebiten.KeyEscape, down: true}, typed("")}, []rune("ж"), false, false)))
	// a rune whose press reaches the queue after the frame's cut comes
	// last, with the modifiers polled this frame; a rune skipped over by
	// a later press goes just before it
	assert.Equal(t, []string{"Enter", "ctrl+x"}, names(mergeTyped([]keyEvent{enter(true)}, []rune("x"), false, true)))
	assert.Equal(t, []string{"Tab", "x", "h"},
		names(mergeTyped([]keyEvent{{key: ebiten.KeyTab, down: true}, typed("hH")}, []rune("xh"), false, false)))
}
