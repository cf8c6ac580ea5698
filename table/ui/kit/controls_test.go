package kit

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestButtonGridLaysEqualButtonsInRows: five buttons two to a row fill
// three rows across the width, gap apart; a button with nothing to do is
// drawn but cannot be pressed; the grid ends under its last row.
func TestButtonGridLaysEqualButtonsInRows(t *testing.T) {
	a := &Controls{Fonts: LoadFonts(), W: 1280, H: 800}
	l := &List{W: 1280, H: 800}
	a.BeginFrame()
	pressed := ""
	do := func(s string) func() { return func() { pressed = s } }
	labels := []string{"a", "b", "c", "d", "e"}
	y := a.ButtonGrid(l, 10, 100, 210, 30, 10, 2, labels, []bool{false, true, false, false, false},
		[]func(){do("a"), do("b"), nil, do("d"), do("e")})
	assert.Equal(t, 100+3*40.0, y)
	var got []Rect
	for _, w := range a.Hots() {
		got = append(got, w.R)
	}
	assert.Equal(t, []Rect{{X: 10, Y: 100, W: 100, H: 30}, {X: 120, Y: 100, W: 100, H: 30}, {X: 120, Y: 140, W: 100, H: 30}, {X: 10, Y: 180, W: 100, H: 30}}, got, "c is not pressable")
	a.Hots()[1].Click()
	assert.Equal(t, "b", pressed)
	assert.Equal(t, 100+40.0, a.ButtonRow(l, 10, 100, 210, 30, 10, []string{"x", "y"}, nil, []func(){do("x"), do("y")}))
}

// TestScrollKeepsOnlyControlsWhollyInTheRoom: content taller than its
// room scrolls; a button scrolled partly or wholly out of the room takes
// no press, one kept by marks (a footer drawn outside the content) stays,
// and a drag on the room scrolls the content no further than its end.
func TestScrollKeepsOnlyControlsWhollyInTheRoom(t *testing.T) {
	c := &Controls{Fonts: LoadFonts(), W: 1280, H: 800}
	var sp Scroll
	room := Rect{X: 0, Y: 100, W: 300, H: 200}
	frame := func() []string {
		l := &List{W: 1280, H: 800}
		c.BeginFrame()
		content, mark := sp.Begin(c, l, room)
		for i := 0; i < 10; i++ { // ten 40 px rows: 400 px in a 200 px room
			c.Button(l, Rect{X: content.X, Y: content.Y + float64(i)*40, W: 100, H: 30}, fmt.Sprint(i), false, false, func() {})
		}
		foot := c.NumHots()
		c.Button(l, Rect{X: 0, Y: 320, W: 100, H: 30}, "foot", false, false, func() {})
		sp.End(c, l, mark, 0, [2]int{foot, c.NumHots()})
		var ids []string
		for _, h := range c.Hots() {
			ids = append(ids, h.ID[strings.LastIndex(h.ID, ":")+1:])
		}
		return ids
	}
	frame() // measures the content
	assert.Equal(t, []string{"0", "1", "2", "3", "4", "foot"}, frame(), "row 5 (y 300–330) sticks out of the room")
	sp.Handle(Event{Kind: MouseDown, X: 10, Y: 250}, 1)
	sp.Handle(Event{Kind: MouseMove, X: 10, Y: 150}, 1) // 100 px up
	sp.Handle(Event{Kind: MouseUp, X: 10, Y: 150}, 1)
	assert.Equal(t, []string{"3", "4", "5", "6", "foot"}, frame(), "scrolled 100 px: rows 3–6 (y 120–270) are whole in the room")
	sp.Handle(Event{Kind: MouseDown, X: 10, Y: 290}, 1)
	sp.Handle(Event{Kind: MouseMove, X: 10, Y: -700}, 1) // far past the end
	sp.Handle(Event{Kind: MouseUp, X: 10, Y: -700}, 1)
	assert.Equal(t, []string{"5", "6", "7", "8", "9", "foot"}, frame(), "scrolled to the end: the last row ends where the room does")
	sp.Top()
	assert.Equal(t, []string{"0", "1", "2", "3", "4", "foot"}, frame())
}

// TestAFieldEditsAtItsCaret: a text field had no cursor: typing always
// went to the end and Left/Right/Home/End did nothing, so a player fixed
// a typo in the middle by deleting back to it. The focused field draws
// its caret as a bar; typing inserts at it, Backspace and Delete take
// the characters before and after it, Left/Right/Home/End and a click
// move it; a text changed by other means puts it back at the end.
func TestAFieldEditsAtItsCaret(t *testing.T) {
	c := &Controls{Fonts: LoadFonts(), W: 1280, H: 800}
	text := "vipr-1"
	r := Rect{X: 100, Y: 100, W: 300, H: 30}
	var bar Op
	frame := func() {
		l := &List{W: 1280, H: 800}
		c.BeginFrame()
		c.Field(l, r, "name", &text, nil)
		bar = Op{}
		for _, op := range l.Ops {
			if op.Kind == OpPath && len(op.Pts) == 2 && op.Pts[0].X == op.Pts[1].X {
				bar = op
			}
		}
	}
	key := func(evs ...Event) {
		for _, ev := range evs {
			assert.True(t, c.KeyField("name", ev), "the field takes %v", ev)
			frame()
		}
	}
	sz := math.Min(c.TextSize(14), r.H*0.62)
	barAt := func(prefix string) float64 { return r.X + 4 + c.Fonts.Width(prefix, sz, false) + 1 }
	frame()
	assert.Empty(t, bar.Pts, "no caret while the field has no keyboard")
	c.Focus("name")
	frame()
	require.Len(t, bar.Pts, 2, "the focused field draws its caret")
	assert.InDelta(t, barAt("vipr-1"), bar.Pts[0].X, 0.01, "at the end")
	key(Press(KeyLeft), Press(KeyLeft), Press(KeyLeft))
	assert.InDelta(t, barAt("vip"), bar.Pts[0].X, 0.01)
	key(Type("e")...)
	assert.Equal(t, "viper-1", text, "typing inserts at the caret")
	key(Press(KeyHome), Press(KeyDelete))
	assert.Equal(t, "iper-1", text, "Delete takes the character after it")
	key(Type("V")...)
	assert.Equal(t, "Viper-1", text)
	key(Press(KeyRight), Press(KeyBackspace))
	assert.Equal(t, "Vper-1", text, "Backspace takes the one before it")
	key(Press(KeyEnd))
	key(Type("0")...)
	assert.Equal(t, "Vper-10", text, "End goes to the end")
	key(Press(KeyLeft), Press(KeyLeft), Press(KeyLeft), Press(KeyLeft), Press(KeyLeft), Press(KeyLeft), Press(KeyLeft), Press(KeyLeft))
	assert.Equal(t, 0, c.Caret("name"), "Left stops at the start")

	c.ClickField("name", Pt{X: barAt("Vpe") + 1, Y: 115})
	assert.Equal(t, 3, c.Caret("name"), "a click puts the caret at the nearest boundary")
	text = "raider-2" // set by other means
	frame()
	assert.Equal(t, len("raider-2"), c.Caret("name"), "a text changed elsewhere: the caret at its end")

	long := strings.Repeat("abcdefghij", 12)
	text = long
	frame()
	key(Press(KeyHome))
	assert.InDelta(t, barAt(""), bar.Pts[0].X, 0.01, "a long text scrolls to show its start")
	key(Press(KeyEnd))
	assert.LessOrEqual(t, bar.Pts[0].X, r.X+r.W, "and its end, the caret inside the box")
}
