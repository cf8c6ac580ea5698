package web_test

import (
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/table/ui"
)

// Against the computer in the browser: the Colonial player plans with the
// mouse and presses Done; the greedy Cylon plans at once; turn 2 begins.
func TestAgainstTheComputer(t *testing.T) {
	// a 1280 × 800 touch screen: controls a finger's size, the mouse used
	ctx := browse(t, page(t)+"?scenario=furball&cylon=greedy", screen{W: 1280, H: 800, DPR: 1, Touch: true})
	st := waitFor(t, ctx, 90*time.Second, "the game", func(st ui.PageState) bool { return st.Turn == 1 })
	done := 0
	for step := 0; st.Turn < 2; step++ {
		require.Less(t, step, 80, "turn 1 did not end; the page shows %s (stage %s), buttons %s", st.Screen, st.Stage, labels(st))
		st = state(t, ctx)
		require.Empty(t, overlap(st), "stage %s", st.Stage)
		pressedOne := false
		for _, part := range []string{"Done (h)", "Commit", "Declare", "Go on", "Continue"} {
			if b, ok := button(st, part); ok {
				if part == "Done (h)" {
					done++
				}
				click(t, ctx, b.X+b.W/2, b.Y+b.H/2)
				pressedOne = true
				break
			}
		}
		if !pressedOne && (st.Stage == "plan" || st.Stage == "declare") {
			if _, ok := button(st, "Log (L)"); ok {
				scrollUp(t, ctx, st)
				continue
			}
		}
		if !pressedOne {
			time.Sleep(100 * time.Millisecond)
		}
	}
	require.Positive(t, done)
	screenshot(t, ctx, "computer-turn2")
}

// The scenario editor in the page, on a touch screen: it opens from the
// page's address, a finger drags a ship across the table, and two
// fingers pinch the table larger.
func TestScenarioEditorByTouch(t *testing.T) {
	ctx := browse(t, page(t)+"?editor", screen{W: 1280, H: 800, DPR: 1, Touch: true})
	st := waitFor(t, ctx, 90*time.Second, "the editor with its ships", func(st ui.PageState) bool {
		return st.Screen == "scenario editor" && len(st.Ships) >= 2
	})
	require.Empty(t, overlap(st))
	screenshot(t, ctx, "editor")
	sh := st.Ships[0]
	to := [2]float64{sh.X + 90, sh.Y + 40}
	drag(t, ctx, [2]float64{sh.X, sh.Y}, to, 10)
	st = waitFor(t, ctx, 20*time.Second, "the ship dragged", func(st ui.PageState) bool { return st.Ships[0].X != sh.X })
	assert.InDelta(t, to[0], st.Ships[0].X, 6, "the ship ends where the finger did")
	assert.InDelta(t, to[1], st.Ships[0].Y, 6)
	a, b := st.Ships[0], st.Ships[1]
	spread := math.Hypot(a.X-b.X, a.Y-b.Y)
	pinch(t, ctx, [2]float64{(a.X + b.X) / 2, (a.Y + b.Y) / 2}, 60, 120)
	st = waitFor(t, ctx, 20*time.Second, "the table zoomed", func(st ui.PageState) bool {
		return math.Hypot(st.Ships[0].X-st.Ships[1].X, st.Ships[0].Y-st.Ships[1].Y) > 1.5*spread
	})
	assert.InDelta(t, 2, math.Hypot(st.Ships[0].X-st.Ships[1].X, st.Ships[0].Y-st.Ships[1].Y)/spread, 0.2, "fingers spread from 60 to 120 px")
	screenshot(t, ctx, "editor-touch")
}
