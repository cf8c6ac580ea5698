package web_test

import (
	"testing"
	"time"

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

// The scenario editor opens from the page's address and lists its
// problems live.
func TestScenarioEditorInThePage(t *testing.T) {
	ctx := browse(t, page(t)+"?editor", desktop)
	st := waitFor(t, ctx, 90*time.Second, "the editor", func(st ui.PageState) bool { return st.Screen == "scenario editor" })
	require.NotEmpty(t, st.Buttons)
	time.Sleep(300 * time.Millisecond)
	screenshot(t, ctx, "editor")
}
