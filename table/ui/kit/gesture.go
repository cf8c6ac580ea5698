package kit

import "math"

// TouchPoint is one finger on the screen, in pixels.
type TouchPoint struct {
	ID   int
	X, Y float64
}

// Gestures turns the fingers on a touch screen, frame by frame, into the
// view's events: one finger presses, drags and releases like the left
// mouse button (events marked Touch); a second finger turns the two into
// a Pinch until they lift. After a pinch nothing more happens until every
// finger is up, so a lifted finger does not jump the drag.
type Gestures struct {
	state int // gNone, gOne, gTwo, gWait
	one   TouchPoint
	a, b  int // the pinching fingers' ids
	dist  float64
	angle float64
	mid   Pt
}

const (
	gNone = iota
	gOne
	gTwo
	gWait
)

// Update takes the fingers down now and returns the events since the
// last frame.
func (g *Gestures) Update(ts []TouchPoint) []Event {
	find := func(id int) (TouchPoint, bool) {
		for _, t := range ts {
			if t.ID == id {
				return t, true
			}
		}
		return TouchPoint{}, false
	}
	var evs []Event
	switch g.state {
	case gNone:
		if len(ts) == 0 {
			return nil
		}
		g.one, g.state = ts[0], gOne
		evs = append(evs, Event{Kind: MouseMove, X: g.one.X, Y: g.one.Y, Touch: true},
			Event{Kind: MouseDown, X: g.one.X, Y: g.one.Y, Button: ButtonLeft, Touch: true})
		if len(ts) > 1 {
			g.startPinch(ts[0], ts[1])
		}
	case gOne:
		t, ok := find(g.one.ID)
		switch {
		case !ok:
			g.state = gNone
			evs = append(evs, Event{Kind: MouseUp, X: g.one.X, Y: g.one.Y, Button: ButtonLeft, Touch: true})
			if len(ts) > 0 {
				g.state = gWait
			}
		case len(ts) > 1:
			other := ts[0]
			if other.ID == t.ID {
				other = ts[1]
			}
			g.startPinch(t, other)
		case t.X != g.one.X || t.Y != g.one.Y:
			g.one = t
			evs = append(evs, Event{Kind: MouseMove, X: t.X, Y: t.Y, Touch: true})
		}
	case gTwo:
		a, okA := find(g.a)
		b, okB := find(g.b)
		if !okA || !okB {
			g.state = gWait
			if len(ts) == 0 {
				g.state = gNone
			}
			return []Event{{Kind: MouseUp, X: g.one.X, Y: g.one.Y, Button: ButtonLeft, Touch: true}}
		}
		d, ang, mid := pinchOf(a, b)
		if d != g.dist || ang != g.angle || mid != g.mid {
			turn := -(ang - g.angle) * 180 / math.Pi // the screen's y points down
			for turn > 180 {
				turn -= 360
			}
			for turn < -180 {
				turn += 360
			}
			scale := 1.0
			if g.dist > 0 && d > 0 {
				scale = d / g.dist
			}
			evs = append(evs, Event{Kind: Pinch, X: mid.X, Y: mid.Y, DX: mid.X - g.mid.X, DY: mid.Y - g.mid.Y,
				Scale: scale, Turn: turn, Touch: true})
			g.dist, g.angle, g.mid = d, ang, mid
		}
	case gWait:
		if len(ts) == 0 {
			g.state = gNone
		}
	}
	return evs
}

func (g *Gestures) startPinch(a, b TouchPoint) {
	g.state, g.a, g.b = gTwo, a.ID, b.ID
	g.dist, g.angle, g.mid = pinchOf(a, b)
}

// pinchOf returns two fingers' distance, the angle of the line from a to
// b (radians, screen axes) and their middle.
func pinchOf(a, b TouchPoint) (float64, float64, Pt) {
	dx, dy := b.X-a.X, b.Y-a.Y
	return math.Hypot(dx, dy), math.Atan2(dy, dx), Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2}
}
