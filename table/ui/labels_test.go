package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// TestRulerLabelAvoidsOtherLabels: in the firing screen the ruler's label
// covers no other label (the planetoid's, the ships'), nor the status
// line the size of the table.
func TestRulerLabelAvoidsOtherLabels(t *testing.T) {
	a := newTestApp(t)
	setup := closeQuarters(starship.Quick)
	setup.Obstacles = []referee.Obstacle{
		{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(700, 420), R: 60}, Level: 1},
		{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
			Polygon: physics.Polygon{physics.V(150, 380), physics.V(280, 400), physics.V(260, 470), physics.V(140, 450)}},
	}
	g, err := NewGame(a, setup, 7)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	send(a, Type("5c3")...)
	enter(a)
	send(a, Type("3")...)
	enter(a)
	send(a, Type("h")...)
	enter(a)
	for range 2 {
		send(a, Type("3")...)
		enter(a)
	}
	send(a, Type("h")...)
	enter(a)
	runAnim(a, g)
	if g.Stage() == "results" {
		enter(a)
	}
	require.Equal(t, "declare", g.Stage())
	send(a, Type("1")...)
	var labels []Rect
	var rulers []Rect
	for _, op := range a.Frame().Ops {
		if op.Kind != OpText || op.Halo.A == 0 && !strings.Contains(op.Text, " × ") {
			continue
		}
		box := labelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		if strings.Contains(op.Text, " mm ") {
			rulers = append(rulers, box)
		} else {
			labels = append(labels, box)
		}
	}
	// the status line at the bottom covers no label
	a.Say("raider-2: plan committed")
	sz := a.TextSize(14)
	w := a.Fonts.Width(a.Status(), sz, false) + 2*sz
	status := Rect{(a.W - w) / 2, a.H - 2.6*sz, w, 2 * sz}
	for _, o := range labels {
		assert.False(t, status.Overlaps(o), "the status line covers the label %v", o)
	}
	require.NotEmpty(t, rulers, "a ruler is drawn")
	require.GreaterOrEqual(t, len(labels), 6, "ship and obstacle labels")
	for _, r := range rulers {
		for _, o := range labels {
			assert.False(t, r.Overlaps(o), "the ruler's label %v covers the label %v", r, o)
		}
	}
}

func TestPlaceLabel(t *testing.T) {
	var l List
	l.Take(Rect{0, 0, 100, 20})
	got := l.PlaceLabel([]Spot{{Pt{50, 15}, AnchorMiddle}, {Pt{50, 60}, AnchorMiddle}}, 40, 12)
	assert.Equal(t, Pt{50, 60}, got.At, "the first spot is taken")
	got = l.PlaceLabel([]Spot{{Pt{50, 60}, AnchorMiddle}}, 40, 12)
	assert.Equal(t, Pt{50, 60}, got.At, "no spot is free: the first")
	assert.False(t, l.Free(Rect{40, 50, 5, 5}))
	assert.True(t, l.Free(Rect{300, 300, 5, 5}))
}
