package kit

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
