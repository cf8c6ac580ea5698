package table

import (
	"slices"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"github.com/starshipbattles/bsg/table/ui/kit"
)

// Ebiten 2.9 and 2.10 poll the keyboard once per frame and keep, per key,
// only the last press and the last release, so two whole taps of one
// special key between two polls look like one. Where the platform can
// tell, the special keys (keyMap's) are read from a queue of their own
// instead, filled as the platform reports them: each press counts once,
// in order, however long a frame takes. Typed characters keep coming
// from Ebiten's rune queue, which never merges; the platform's queue
// marks where each character key went down among the special keys, so
// that "Enter Enter h" typed within one slow frame arrives in that order
// (mergeTyped).

// keyEvent is one press or release of a special key, as the platform
// reported it.
type keyEvent struct {
	key  ebiten.Key
	down bool
	// typed marks the press of a key that types a character (not one of
	// keyMap's): its character comes from Ebiten's rune queue, and the
	// event says where among the special keys it goes. runes are the
	// characters the key can type (with and without Shift); none: any.
	typed       bool
	runes       []rune
	shift, ctrl bool
	at          time.Time // when the view received it
}

// keySource is a platform's queue of special-key events.
type keySource interface {
	// take removes and returns, in order, the events received before
	// cut, and says whether the queue is live; when it is not (not yet
	// attached to the window, or no such queue here), the keys are read
	// by polling Ebiten.
	take(cut time.Time) ([]keyEvent, bool)
	// close stops the queue.
	close()
}

// keyQueue is what Game keeps of the queue: which keys are down and for
// how many ticks (a held arrow repeats).
type keyQueue struct {
	src  keySource
	down map[ebiten.Key]int // ticks held
	cut  time.Time          // the events of this frame came before it
	// drawn is set by Draw: the next Update starts a frame, whose input
	// Ebiten polled just before.
	drawn bool
}

// repeatAfter and repeatEvery are, in ticks, when a held repeating key
// repeats.
const repeatAfter, repeatEvery = 24, 4

// events turns the queue's events since the last frame and the frame's
// typed characters (Ebiten's runes, with the modifiers polled this
// frame) into ui events, in the order they were made (mergeTyped), and
// the keys still held into repeats. ok is false when the queue is not
// live (the caller polls instead, and places the runes itself).
func (q *keyQueue) events(runes []rune, shift, ctrl bool) (evs []kit.Event, ok bool) {
	if q.src == nil {
		return nil, false
	}
	if q.drawn || q.cut.IsZero() {
		// Events received before the frame began are the ones Ebiten's
		// poll of this frame saw too: typed characters and the special
		// keys keep the order they were made in across frames.
		q.cut, q.drawn = time.Now(), false
	}
	kev, live := q.src.take(q.cut)
	if !live {
		return nil, false
	}
	if q.down == nil {
		q.down = map[ebiten.Key]int{}
	}
	for _, e := range kev {
		if e.typed {
			continue
		}
		if !e.down {
			delete(q.down, e.key)
			continue
		}
		q.down[e.key] = 0
	}
	evs = mergeTyped(kev, runes, shift, ctrl)
	for _, k := range keyOrder {
		d, held := q.down[k]
		if !held {
			continue
		}
		d++
		q.down[k] = d
		if repeating[k] && d > repeatAfter && d%repeatEvery == 0 {
			evs = append(evs, kit.Event{Kind: kit.KeyPress, Key: keyMap[k],
				Shift: ebiten.IsKeyPressed(ebiten.KeyShift), Ctrl: ebiten.IsKeyPressed(ebiten.KeyControl)})
		}
	}
	return evs, true
}

// mergeTyped orders one frame's input: the special keys' presses as the
// queue gave them, each typed character at the press of the key that
// typed it. A character key's press takes the first rune still waiting
// that it can type (and the runes before it, which no press of this
// frame claimed, go just before it); a press whose character is not
// among the runes (Ctrl held, or the rune comes next frame) places
// nothing. Runes no press claimed (their key's press reached the queue
// after the frame's cut) come last, with the modifiers polled this
// frame.
func mergeTyped(kev []keyEvent, runes []rune, shift, ctrl bool) []kit.Event {
	var evs []kit.Event
	next := 0 // the first rune not yet placed
	char := func(r rune, shift, ctrl bool) {
		evs = append(evs, kit.Event{Kind: kit.Char, Rune: r, Shift: shift, Ctrl: ctrl})
	}
	for _, e := range kev {
		if !e.down {
			continue
		}
		if !e.typed {
			evs = append(evs, kit.Event{Kind: kit.KeyPress, Key: keyMap[e.key], Shift: e.shift, Ctrl: e.ctrl})
			continue
		}
		j := next
		if len(e.runes) > 0 {
			for j < len(runes) && !slices.Contains(e.runes, runes[j]) {
				j++
			}
		}
		if j >= len(runes) {
			continue
		}
		for _, r := range runes[next:j] {
			char(r, shift, ctrl)
		}
		char(runes[j], e.shift, e.ctrl)
		next = j + 1
	}
	for _, r := range runes[next:] {
		char(r, shift, ctrl)
	}
	return evs
}
