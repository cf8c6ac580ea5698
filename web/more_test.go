package web_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/table/ui"
)

// TestMoreBelowCoversNoTextOnAPhone: in the browser on a phone held
// upright (390 × 844, touch), a hot-seat turn of The Hand of God: on every
// step where the game's panel goes on below its room, "More below" (or
// its arrow in the margin) says so without lying over a line of the
// panel's text (ui.PageState.UnderMore, from the frame the page drew),
// and the page publishes where it lies in CSS pixels, as its buttons.
func TestMoreBelowCoversNoTextOnAPhone(t *testing.T) {
	t.Parallel()
	ctx := browse(t, page(t)+"?scenario=hand-of-god", screen{W: 390, H: 844, DPR: 3, Touch: true})
	st := waitFor(t, ctx, pageWait, "the game", func(st ui.PageState) bool { return st.Turn == 1 })
	seen, shots := map[string]int{}, 0
	for step := 0; ; step++ {
		require.Less(t, step, 200, "the turn did not end; the page shows %s (stage %s), buttons %s", st.Screen, st.Stage, labels(st))
		raw, _ := published(t, ctx)
		st = decode(t, raw)
		if st.Turn == 2 {
			break
		}
		if st.More != nil {
			seen[st.Stage]++
			require.Empty(t, st.UnderMore, "stage %s: More below at %.0f,%.0f lies over these lines", st.Stage, st.More.X, st.More.Y)
			// the page's coordinates are CSS pixels, as its buttons': the
			// hint lies on the 390 × 844 screen (not at its device pixels)
			m := st.More
			require.True(t, m.X >= 0 && m.Y >= 0 && m.X+m.W <= 390 && m.Y+m.H <= 844,
				"stage %s: More below published at %.0f,%.0f %.0f×%.0f, off the 390 × 844 page", st.Stage, m.X, m.Y, m.W, m.H)
			if shots < 4 && seen[st.Stage] == 1 {
				shots++
				screenshot(t, ctx, fmt.Sprintf("more-%d-%s", shots, st.Stage))
			}
		}
		var next ui.PageButton
		found := false
		for _, part := range []string{"Continue", "Hand over", "Commit", "Declare", "Go on", "Place the marker"} {
			if b, ok := button(st, part); ok {
				next, found = b, true
				break
			}
		}
		if !found && (st.Stage == "plan" || st.Stage == "declare") {
			scrollUp(t, ctx, st)
			continue
		}
		if !found {
			awaitChange(t, ctx, raw)
			continue
		}
		press(t, ctx, st.Side, next)
		awaitChange(t, ctx, raw)
	}
	t.Logf("steps with More below, by stage: %v", seen)
	assert.Positive(t, seen["plan"], "the planning panel went on below its room")
}
