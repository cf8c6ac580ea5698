package web_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/ui"
)

// Against the computer in the browser: the Colonial player plans with the
// mouse and presses Done; the greedy Cylon plans at once; turn 2 begins.
func TestAgainstTheComputer(t *testing.T) {
	t.Parallel()
	// a 1280 × 800 touch screen: controls a finger's size, the mouse used
	ctx := browse(t, page(t)+"?scenario=furball&cylon=greedy", screen{W: 1280, H: 800, DPR: 1, Touch: true})
	st := waitFor(t, ctx, pageWait, "the game", func(st ui.PageState) bool { return st.Turn == 1 })
	done := 0
	for step := 0; st.Turn < 2; step++ {
		require.Less(t, step, 80, "turn 1 did not end; the page shows %s (stage %s), buttons %s", st.Screen, st.Stage, labels(st))
		raw, _ := published(t, ctx)
		st = decode(t, raw)
		require.Empty(t, overlap(st), "stage %s", st.Stage)
		pressedOne := false
		for _, part := range []string{"Done", "Commit", "Declare", "Go on", "Continue"} {
			if b, ok := button(st, part); ok {
				if part == "Done" {
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
		awaitChange(t, ctx, raw) // what was pressed shows, or the engine moves on
	}
	require.Positive(t, done)
	screenshot(t, ctx, "computer-turn2")
}

// The scenario editor on a phone held upright: the panel under the table,
// Save, Play and Back fixed at its foot, every button at least 9 mm high
// and none overlapping. A finger drags a ship (it ends under the finger),
// two fingers pinch the table, and the scenario's name and turn limit are
// typed with the phone's own keyboard: the saved file has them.
func TestScenarioEditorOnAPhone(t *testing.T) {
	t.Parallel()
	ctx := browse(t, page(t)+"?editor", screen{W: 390, H: 844, DPR: 2, Touch: true})
	waitFor(t, ctx, pageWait, "the editor with its ships", func(st ui.PageState) bool {
		return st.Screen == "scenario editor" && len(st.Ships) >= 2
	})
	st := settle(t, ctx)
	require.Empty(t, overlap(st))
	for _, b := range st.Buttons {
		assert.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "button %q is %.1f mm high", b.Label, b.H/cssPerMM)
		assert.True(t, b.X >= 0 && b.X+b.W <= 390.5 && b.Y >= 0 && b.Y+b.H <= 844.5, "button %q is off the screen", b.Label)
	}
	for _, part := range []string{"Save", "Play now", "Back"} {
		_, ok := button(st, part)
		assert.True(t, ok, "%q at the panel's foot; buttons %s", part, labels(st))
	}
	screenshot(t, ctx, "editor-phone")

	sh := st.Ships[len(st.Ships)-1]
	to := [2]float64{sh.X + 40, sh.Y + 40}
	drag(t, ctx, [2]float64{sh.X, sh.Y}, to, 10)
	st = waitRest(t, ctx, pageWait, "the ship dragged", func(st ui.PageState) bool { return st.Ships[len(st.Ships)-1].X != sh.X })
	moved := st.Ships[len(st.Ships)-1]
	assert.InDelta(t, to[0], moved.X, 6, "the ship ends where the finger did")
	assert.InDelta(t, to[1], moved.Y, 6)
	screenshot(t, ctx, "editor-phone-selected")
	st = state(t, ctx)
	require.Empty(t, overlap(st), "with a ship selected")
	_, ok := button(st, "KE +")
	assert.True(t, ok, "the selected ship's KE has a button; buttons %s", labels(st))

	a, b := st.Ships[0], st.Ships[1]
	spread := math.Hypot(a.X-b.X, a.Y-b.Y)
	pinch(t, ctx, [2]float64{195, 150}, 40, 80)
	st = waitRest(t, ctx, pageWait, "the table zoomed", func(st ui.PageState) bool {
		return math.Hypot(st.Ships[0].X-st.Ships[1].X, st.Ships[0].Y-st.Ships[1].Y) > 1.5*spread
	})
	assert.InDelta(t, 2, math.Hypot(st.Ships[0].X-st.Ships[1].X, st.Ships[0].Y-st.Ships[1].Y)/spread, 0.2, "fingers spread from 40 to 80 px")

	typeInto(t, ctx, "name", "Phone skirmish", false)
	waitFor(t, ctx, pageWait, "the typed name", func(st ui.PageState) bool {
		f, ok := pageField(st, "name")
		return ok && f.Text == "Phone skirmish"
	})
	// the turn limit is further down the panel: a finger on its margin
	// scrolls it into view
	for i := 0; i < 5; i++ {
		if _, ok := pageField(state(t, ctx), "turns"); ok {
			break
		}
		drag(t, ctx, [2]float64{4, 750}, [2]float64{4, 600}, 8)
	}
	typeInto(t, ctx, "turns", "7", true)
	waitFor(t, ctx, pageWait, "the typed turn limit", func(st ui.PageState) bool {
		f, ok := pageField(st, "turns")
		return ok && f.Text == "7" && !f.Focused
	})
	screenshot(t, ctx, "editor-phone-typed")

	dl := t.TempDir()
	require.NoError(t, chromedp.Run(ctx, browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(dl)))
	tapButton(t, ctx, "Save")
	var data []byte
	require.Eventually(t, func() bool {
		files, _ := filepath.Glob(filepath.Join(dl, "*.yaml"))
		if len(files) == 0 {
			return false
		}
		data, _ = os.ReadFile(files[0])
		return len(data) > 0
	}, pageWait, 100*time.Millisecond, "the download of the scenario")
	sc, err := scenarios.Parse("phone.yaml", data, assets.Default())
	require.NoError(t, err)
	assert.Equal(t, "Phone skirmish", sc.Name)
	assert.Equal(t, 7, sc.TurnLimit)
}
