package table

import (
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
// from Ebiten's rune queue, which never merges.

// keyEvent is one press or release of a special key, as the platform
// reported it.
type keyEvent struct {
	key         ebiten.Key
	down        bool
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

// events turns the queue's events since the last frame into ui events,
// and the keys still held into repeats. ok is false when the queue is
// not live (the caller polls instead).
func (q *keyQueue) events() (evs []kit.Event, ok bool) {
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
		if !e.down {
			delete(q.down, e.key)
			continue
		}
		q.down[e.key] = 0
		evs = append(evs, kit.Event{Kind: kit.KeyPress, Key: keyMap[e.key], Shift: e.shift, Ctrl: e.ctrl})
	}
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
