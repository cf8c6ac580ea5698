package kit

import (
	"fmt"
	"image/color"
	"math"
	"strings"
	"unicode/utf8"
)

// Controls are the widgets a screen draws and a press reaches: buttons,
// one-line text fields, labels and wrapped paragraphs at the interface's
// scale, rows and grids of buttons, and the list of clickable regions
// (Hot) the last frame registered. The view's App embeds one, so a screen
// writes a.Button(...), a.Para(...) and so on.
//
// A frame begins with BeginFrame; the screen then draws its controls,
// each registering its region; a press goes to the topmost region under
// it (Top), keys to the focused text field (KeyField).
type Controls struct {
	Fonts *Fonts
	// W and H are the window's size in pixels.
	W, H float64
	// MinTarget is the least height in pixels of a control a finger
	// must hit (0: no touch screen).
	MinTarget float64

	mouse  Pt
	hots   []Hot
	focus  string // id of the focused text field
	fields map[string]*field
	hover  string
	// caret is where typing goes in a field: a rune index into the text
	// it was set in (absent, or the text changed since by other means:
	// the end); first is the first rune its box shows when the text is
	// wider than the box.
	caret map[string]caretAt
	first map[string]int
}

// caretAt is a caret's place in the text it was placed in.
type caretAt struct {
	k    int
	text string
}

// Hot is a clickable region registered by the last frame: a control's
// rectangle, its id (a button's is "btn:X:Y:label"), what a press does,
// and, for a text field, the field's id.
type Hot struct {
	R     Rect
	ID    string
	Click func()
	Field string
}

// S is the interface scale: 1 at 1280 × 800, smaller and larger windows
// scale text and controls (never below a readable size).
func (c *Controls) S() float64 {
	s := math.Max(0.8, math.Min(2.5, math.Min(c.W/1280, c.H/800)))
	if c.MinTarget > 0 {
		// on a touch screen, the smallest buttons (26 px at scale 1) are
		// at least MinTarget high
		s = math.Max(s, c.MinTarget/26)
	}
	return s
}

// TextSize returns a text size in pixels for a nominal size at scale 1.
func (c *Controls) TextSize(nominal float64) float64 { return math.Max(11, nominal*c.S()) }

// BeginFrame forgets the last frame's regions and text fields.
func (c *Controls) BeginFrame() {
	c.hots = c.hots[:0]
	c.fields = map[string]*field{}
}

// ClearHots forgets the regions registered so far this frame (a layer
// drawn over them, such as a modal box, takes every press).
func (c *Controls) ClearHots() { c.hots = c.hots[:0] }

// Cover forgets the regions registered from mark on that overlap r: a
// strip drawn over them (opaque) takes their presses.
func (c *Controls) Cover(r Rect, mark int) {
	kept := c.hots[:mark]
	for _, h := range c.hots[mark:] {
		if !h.R.Overlaps(r) {
			kept = append(kept, h)
		}
	}
	c.hots = kept
}

// Rewind forgets the regions registered from mark on (NumHots): a
// part of the screen drawn again in the same frame.
func (c *Controls) Rewind(mark int) { c.hots = c.hots[:mark] }

// Hots returns the regions of the last frame, bottom first.
func (c *Controls) Hots() []Hot { return c.hots }

// NumHots is how many regions the frame registered so far: a mark to
// tell the controls drawn after it (Scroll.End keeps some by marks).
func (c *Controls) NumHots() int { return len(c.hots) }

// Hot registers a clickable region.
func (c *Controls) Hot(r Rect, id string, click func()) {
	c.hots = append(c.hots, Hot{R: r, ID: id, Click: click})
}

// Top returns the topmost region of the last frame under p (with a
// click, if clickable).
func (c *Controls) Top(p Pt, clickable bool) (Hot, bool) {
	for i := len(c.hots) - 1; i >= 0; i-- {
		if h := c.hots[i]; h.R.Contains(p) && (!clickable || h.Click != nil) {
			return h, true
		}
	}
	return Hot{}, false
}

// Move is the pointer moved to p: the control under it is hovered.
func (c *Controls) Move(p Pt) {
	c.mouse = p
	c.hover = ""
	if h, ok := c.Top(p, false); ok {
		c.hover = h.ID
	}
}

// SetMouse records the pointer's position.
func (c *Controls) SetMouse(p Pt) { c.mouse = p }

// Hovered reports whether the pointer is over the widget with the id.
func (c *Controls) Hovered(id string) bool { return c.hover == id && id != "" }

// Mouse returns the pointer's position.
func (c *Controls) Mouse() Pt { return c.mouse }

// Touch reports whether the view runs on a touch screen (MinTarget
// set): then the words say tap, not press, and buttons carry no keys.
func (c *Controls) Touch() bool { return c.MinTarget > 0 }

// K is a button's label with the key that does the same ("Save (F2)"),
// or the label alone on a touch screen, where there is no keyboard.
func (c *Controls) K(label, key string) string {
	if c.Touch() {
		return label
	}
	return label + " (" + key + ")"
}

// Words picks the words that tell a player how to act: keys and clicks
// on the desktop, taps on a touch screen.
func (c *Controls) Words(desktop, touch string) string {
	if c.Touch() {
		return touch
	}
	return desktop
}

// Button draws a button and registers its click. on marks a selected
// option; disabled buttons draw grey and do nothing.
func (c *Controls) Button(l *List, r Rect, label string, on, disabled bool, click func()) {
	c.ButtonBeside(l, r, label, on, disabled, click, 0)
}

// ButtonBeside is Button whose label keeps clear of the right pixels at
// the button's right edge, where the caller draws a mark of its own (a
// card's difficult hexagon): the label is centred in the rest and
// shrinks to fit it.
func (c *Controls) ButtonBeside(l *List, r Rect, label string, on, disabled bool, click func(), right float64) {
	id := fmt.Sprintf("btn:%.0f:%.0f:%s", r.X, r.Y, label)
	bg, fg := ColButton, ColInk
	switch {
	case disabled:
		fg = Alpha(ColSecondary, 0.6)
	case on:
		bg, fg = ColButtonOn, ColWhite
	case c.Hovered(id):
		bg = ColHover
	}
	l.Rect(r, bg, ColPanelLine, 1)
	sz := math.Min(c.TextSize(14), r.H*0.62)
	// the label's box (LabelBox: its letters and their margin) whole
	// inside the button, clear of its border
	for sz > 8 && c.Fonts.Width(label, sz, on)+2*math.Max(2, sz*0.15) > r.W-6-right { // a chosen option's label is bold
		sz -= 0.5
	}
	l.Text(Pt{X: r.X + (r.W-right)/2, Y: r.Y + r.H/2 + sz*0.36}, Clean(label), sz, fg, AnchorMiddle, on)
	if !disabled {
		c.Hot(r, id, click)
	}
}

// ButtonRow lays a row of equal buttons across w from (x, y), gap apart
// and bh high, as every panel has them: the labels, which are on (nil:
// none), and what each does (nil: the button is drawn disabled). It
// returns the y under the row and the gap after it.
func (c *Controls) ButtonRow(l *List, x, y, w, bh, gap float64, labels []string, on []bool, do []func()) float64 {
	return c.ButtonGrid(l, x, y, w, bh, gap, len(labels), labels, on, do)
}

// ButtonGrid is ButtonRow wrapping after cols buttons.
func (c *Controls) ButtonGrid(l *List, x, y, w, bh, gap float64, cols int, labels []string, on []bool, do []func()) float64 {
	if len(labels) == 0 {
		return y
	}
	bw := (w - float64(cols-1)*gap) / float64(cols)
	for i, lab := range labels {
		c.Button(l, Rect{X: x + float64(i%cols)*(bw+gap), Y: y + float64(i/cols)*(bh+gap), W: bw, H: bh}, lab, on != nil && on[i], do[i] == nil, do[i])
	}
	return y + float64((len(labels)+cols-1)/cols)*(bh+gap)
}

// field is a one-line text field.
type field struct {
	id      string
	text    *string
	enter   func()
	numeric bool
	// as the last frame drew it: its box, text size and first rune shown
	r     Rect
	size  float64
	shown int
}

// Caret returns where typing goes in the field with the id: a rune index
// into its text, the end unless Left, Right, Home, End or a click moved it.
func (c *Controls) Caret(id string) int {
	f := c.fields[id]
	if f == nil {
		return 0
	}
	n := utf8.RuneCountInString(*f.text)
	if at, ok := c.caret[id]; ok && at.text == *f.text && at.k >= 0 && at.k <= n {
		return at.k
	}
	return n
}

func (c *Controls) setCaret(id string, k int) {
	if c.caret == nil {
		c.caret = map[string]caretAt{}
	}
	if f := c.fields[id]; f != nil {
		c.caret[id] = caretAt{k: k, text: *f.text}
	}
}

// key edits the field at its caret: a character is inserted there,
// Backspace takes the one before it and Delete the one after it; Left,
// Right, Home and End move it.
func (f *field) key(c *Controls, ev Event) bool {
	r := []rune(*f.text)
	k := c.Caret(f.id)
	switch {
	case ev.Kind == Char:
		*f.text = string(r[:k]) + string(ev.Rune) + string(r[k:])
		c.setCaret(f.id, k+1)
		return true
	case ev.Key == KeyBackspace:
		if k > 0 {
			*f.text = string(r[:k-1]) + string(r[k:])
			c.setCaret(f.id, k-1)
		}
		return true
	case ev.Key == KeyDelete:
		if k < len(r) {
			*f.text = string(r[:k]) + string(r[k+1:])
			c.setCaret(f.id, k)
		}
		return true
	case ev.Key == KeyLeft:
		c.setCaret(f.id, max(0, k-1))
		return true
	case ev.Key == KeyRight:
		c.setCaret(f.id, min(len(r), k+1))
		return true
	case ev.Key == KeyHome:
		c.setCaret(f.id, 0)
		return true
	case ev.Key == KeyEnd:
		c.setCaret(f.id, len(r))
		return true
	case ev.Key == KeyEnter:
		c.focus = ""
		if f.enter != nil {
			f.enter()
		}
		return true
	case ev.Key == KeyEscape, ev.Key == KeyTab:
		c.focus = ""
		return true
	}
	return false
}

// KeyField gives a key or character to the text field with the id, if
// the last frame drew it, and reports whether the field took it.
func (c *Controls) KeyField(id string, ev Event) bool {
	if f := c.fields[id]; f != nil {
		return f.key(c, ev)
	}
	return false
}

// Field draws a text field bound to text; Enter in it calls enter.
func (c *Controls) Field(l *List, r Rect, id string, text *string, enter func()) {
	c.field(l, r, id, &field{id: id, text: text, enter: enter})
}

// NumberField is a Field for a number: a phone offers its number keys.
func (c *Controls) NumberField(l *List, r Rect, id string, text *string, enter func()) {
	c.field(l, r, id, &field{id: id, text: text, enter: enter, numeric: true})
}

func (c *Controls) field(l *List, r Rect, id string, f *field) {
	text := f.text
	if c.fields == nil {
		c.fields = map[string]*field{}
	}
	c.fields[id] = f
	c.hots = append(c.hots, Hot{R: r, ID: "field:" + id, Field: id})
	focused := c.focus == id
	bg := ColWhite
	border := ColPanelLine
	if focused {
		border = ColMedium
	}
	l.Rect(r, bg, border, 1.5)
	sz := math.Min(c.TextSize(14), r.H*0.62)
	s := strings.ReplaceAll(*text, "\n", " ")
	f.r, f.size = r, sz
	base := Pt{X: r.X + 4, Y: r.Y + r.H/2 + sz*0.36}
	if focused {
		// the stretch around the caret, where the typing goes, and the
		// caret drawn as a bar
		runes := []rune(s)
		k := c.Caret(id)
		first := min(c.first[id], k)
		for first < k && c.Fonts.Width(string(runes[first:k]), sz, false) > r.W-10 {
			first++
		}
		for first > 0 && c.Fonts.Width(string(runes[first-1:]), sz, false) <= r.W-10 {
			first-- // no empty room at the right while text is hidden at the left
		}
		if c.first == nil {
			c.first = map[string]int{}
		}
		c.first[id], f.shown = first, first
		last := len(runes)
		for last > k && c.Fonts.Width(string(runes[first:last]), sz, false) > r.W-8 {
			last--
		}
		l.Text(base, string(runes[first:last]), sz, ColInk, AnchorStart, false)
		x := base.X + c.Fonts.Width(string(runes[first:k]), sz, false) + 1
		l.Line([]Pt{{X: x, Y: r.Y + r.H*0.18}, {X: x, Y: r.Y + r.H*0.82}}, ColInk, 1.5)
		return
	}
	if c.Fonts.Width(s, sz, false) > r.W-8 {
		// the beginning
		for c.Fonts.Width(s+"…", sz, false) > r.W-8 && len(s) > 1 {
			_, n := utf8.DecodeLastRuneInString(s)
			s = s[:len(s)-n]
		}
		s += "…"
	}
	l.Text(base, s, sz, ColInk, AnchorStart, false)
}

// ClickField gives the keyboard to the field with the id, its caret at
// the character boundary nearest the point p as the last frame drew it.
func (c *Controls) ClickField(id string, p Pt) {
	c.Focus(id)
	f := c.fields[id]
	if f == nil || f.size == 0 {
		return
	}
	runes := []rune(strings.ReplaceAll(*f.text, "\n", " "))
	x0 := f.r.X + 4
	best, bestD := f.shown, math.Inf(1)
	for k := min(f.shown, len(runes)); k <= len(runes); k++ {
		d := math.Abs(x0 + c.Fonts.Width(string(runes[min(f.shown, k):k]), f.size, false) - p.X)
		if d < bestD {
			best, bestD = k, d
		}
	}
	c.setCaret(id, best)
}

// TextField is a text field of the last frame, for a platform that edits
// it with a text input of its own (the browser: a phone's keyboard shows
// for a real input only).
type TextField struct {
	ID      string
	R       Rect
	Text    string
	Numeric bool
	Focused bool
}

// TextFields lists the text fields of the last frame.
func (c *Controls) TextFields() []TextField {
	var out []TextField
	for _, h := range c.hots {
		if f := c.fields[h.Field]; h.Field != "" && f != nil {
			out = append(out, TextField{ID: h.Field, R: h.R, Text: *f.text, Numeric: f.numeric, Focused: c.focus == h.Field})
		}
	}
	return out
}

// EditField sets the text of a field of the last frame, as typed into
// the platform's input (its caret goes to the end).
func (c *Controls) EditField(id, text string) {
	if f := c.fields[id]; f != nil {
		*f.text = text
		delete(c.caret, id)
	}
}

// FocusField gives the keyboard to a field of the last frame (on) or
// takes it from it (!on), as the platform's input got or lost it.
func (c *Controls) FocusField(id string, on bool) {
	switch {
	case on && c.fields[id] != nil:
		c.Focus(id)
	case !on && c.focus == id:
		c.focus = ""
	}
}

// EnterField is Enter in a field of the last frame: the field lets the
// keyboard go and does what it does on Enter.
func (c *Controls) EnterField(id string) {
	if f := c.fields[id]; f != nil {
		f.key(c, Press(KeyEnter))
	}
}

// Focus gives the keyboard to the text field with the id ("": none); a
// field that gets it has its caret at the end.
func (c *Controls) Focus(id string) {
	if id != c.focus {
		delete(c.caret, id)
		delete(c.first, id)
	}
	c.focus = id
}

// Focused returns the id of the focused text field, or "".
func (c *Controls) Focused() string { return c.focus }

// Label draws one line of text at the baseline y.
func (c *Controls) Label(l *List, x, y float64, s string, nominal float64, col color.NRGBA, bold bool) {
	l.Text(Pt{X: x, Y: y}, Clean(s), c.TextSize(nominal), col, AnchorStart, bold)
}

// Para draws wrapped text from the baseline y and returns the next
// baseline below it.
func (c *Controls) Para(l *List, x, y, w float64, s string, nominal float64, col color.NRGBA, bold bool) float64 {
	sz := c.TextSize(nominal)
	for _, line := range c.Fonts.Wrap(Clean(s), sz, w, bold) {
		l.Text(Pt{X: x, Y: y}, line, sz, col, AnchorStart, bold)
		y += sz * 1.3
	}
	return y
}
