package kit

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGesturesOneFingerIsTheMouse(t *testing.T) {
	var g Gestures
	evs := g.Update([]TouchPoint{{ID: 3, X: 10, Y: 20}})
	require.Len(t, evs, 2)
	assert.Equal(t, MouseDown, evs[1].Kind)
	assert.True(t, evs[1].Touch)
	assert.Empty(t, g.Update([]TouchPoint{{ID: 3, X: 10, Y: 20}}), "a finger that stays put says nothing")
	evs = g.Update([]TouchPoint{{ID: 3, X: 15, Y: 22}})
	require.Len(t, evs, 1)
	assert.Equal(t, Event{Kind: MouseMove, X: 15, Y: 22, Touch: true}, evs[0])
	evs = g.Update(nil)
	require.Len(t, evs, 1)
	assert.Equal(t, MouseUp, evs[0].Kind)
	assert.Equal(t, 15.0, evs[0].X)
}

func TestGesturesTwoFingersPinchAndTurn(t *testing.T) {
	var g Gestures
	g.Update([]TouchPoint{{ID: 1, X: 100, Y: 100}})
	assert.Empty(t, g.Update([]TouchPoint{{ID: 1, X: 100, Y: 100}, {ID: 2, X: 200, Y: 100}}), "the second finger starts a pinch")
	// the second finger moves to straight above the first, twice as far:
	// a quarter turn counter-clockwise on the screen, scale 2
	evs := g.Update([]TouchPoint{{ID: 1, X: 100, Y: 100}, {ID: 2, X: 100, Y: -100}})
	require.Len(t, evs, 1)
	p := evs[0]
	assert.Equal(t, Pinch, p.Kind)
	assert.InDelta(t, 2, p.Scale, 1e-9)
	assert.InDelta(t, 90, p.Turn, 1e-9)
	assert.Equal(t, Pt{100, 0}, Pt{p.X, p.Y})
	assert.Equal(t, -50.0, p.DX)
	assert.Equal(t, -100.0, p.DY)
	// one finger lifts: the press ends, and nothing more until all are up
	evs = g.Update([]TouchPoint{{ID: 1, X: 100, Y: 100}})
	require.Len(t, evs, 1)
	assert.Equal(t, MouseUp, evs[0].Kind)
	assert.Empty(t, g.Update([]TouchPoint{{ID: 1, X: 130, Y: 100}}))
	assert.Empty(t, g.Update(nil))
	evs = g.Update([]TouchPoint{{ID: 4, X: 5, Y: 5}})
	require.Len(t, evs, 2, "a new touch presses again")
}

func TestGesturesTurnAcrossTheHalfTurn(t *testing.T) {
	var g Gestures
	g.Update([]TouchPoint{{ID: 1, X: 0, Y: 0}, {ID: 2, X: -100, Y: -1}})
	evs := g.Update([]TouchPoint{{ID: 1, X: 0, Y: 0}, {ID: 2, X: -100, Y: 1}})
	require.Len(t, evs, 1)
	assert.InDelta(t, 1.15, evs[0].Turn, 0.01, "a small turn, not almost a full one")
}
