package ui

import (
	"testing"

	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/stretchr/testify/assert"
)

// TestButtonGridLaysEqualButtonsInRows: five buttons two to a row fill
// three rows across the width, gap apart; a button with nothing to do is
// drawn but cannot be pressed; the grid ends under its last row.
func TestButtonGridLaysEqualButtonsInRows(t *testing.T) {
	a := newTestApp(t)
	l := &kit.List{W: 1280, H: 800}
	a.widgets = a.widgets[:0]
	pressed := ""
	do := func(s string) func() { return func() { pressed = s } }
	labels := []string{"a", "b", "c", "d", "e"}
	y := a.buttonGrid(l, 10, 100, 210, 30, 10, 2, labels, []bool{false, true, false, false, false},
		[]func(){do("a"), do("b"), nil, do("d"), do("e")})
	assert.Equal(t, 100+3*40.0, y)
	var got []kit.Rect
	for _, w := range a.widgets {
		got = append(got, w.r)
	}
	assert.Equal(t, []kit.Rect{{X: 10, Y: 100, W: 100, H: 30}, {X: 120, Y: 100, W: 100, H: 30}, {X: 120, Y: 140, W: 100, H: 30}, {X: 10, Y: 180, W: 100, H: 30}}, got, "c is not pressable")
	a.widgets[1].click()
	assert.Equal(t, "b", pressed)
	assert.Equal(t, 100+40.0, a.buttonRow(l, 10, 100, 210, 30, 10, []string{"x", "y"}, nil, []func(){do("x"), do("y")}))
}
