package kit

// EventKind tells what an input event is.
type EventKind int

// The input events the screens understand. The Ebiten adapter makes them
// from the keyboard and mouse; tests inject them.
const (
	KeyPress  EventKind = iota // a special key (Key), with repeats
	Char                       // a typed character (Rune), space included
	MouseDown                  // a button pressed at X, Y
	MouseUp                    // a button released at X, Y
	MouseMove                  // the pointer moved to X, Y
	Wheel                      // the wheel turned by DY (up is positive) at X, Y
	Resize                     // the window is now W × H pixels
	// Pinch is a two-finger gesture since the last event: the fingers'
	// distance changed by the factor Scale, the line between them turned
	// by Turn degrees (counter-clockwise on the screen), and their middle,
	// now at X, Y, moved by DX, DY pixels.
	Pinch
)

// Key is a special key.
type Key int

// The special keys.
const (
	KeyNone Key = iota
	KeyEnter
	KeyEscape
	KeyTab
	KeyBackspace
	KeyDelete
	KeyLeft
	KeyRight
	KeyUp
	KeyDown
	KeyPageUp
	KeyPageDown
	KeyHome
	KeyEnd
	KeyF1
	KeyF2
	KeyF3
	KeyF5
)

// Mouse buttons.
const (
	ButtonLeft   = 0
	ButtonRight  = 1
	ButtonMiddle = 2
)

// Event is one input event.
type Event struct {
	Kind   EventKind
	Key    Key
	Rune   rune
	X, Y   float64
	Button int
	DY     float64
	Shift  bool
	Ctrl   bool
	W, H   int
	// Touch marks pointer events made by a finger rather than a mouse.
	Touch bool
	// Scale, Turn and DX (with DY) describe a Pinch.
	Scale, Turn, DX float64
}

// Press returns a key press event.
func Press(k Key) Event { return Event{Kind: KeyPress, Key: k} }

// Type returns the character events for a string.
func Type(s string) []Event {
	var evs []Event
	for _, r := range s {
		evs = append(evs, Event{Kind: Char, Rune: r})
	}
	return evs
}

// Click returns a left press and release at x, y.
func Click(x, y float64) []Event {
	return []Event{{Kind: MouseMove, X: x, Y: y}, {Kind: MouseDown, X: x, Y: y}, {Kind: MouseUp, X: x, Y: y}}
}
