package web_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/table/ui"
)

// keyLabel is a button labelled with its key ("Save (F2)", "0  hold
// fire"): there are no keys on a phone.
var keyLabel = regexp.MustCompile(`\((Enter|Esc|F\d+|PageDown|.)\)$|^\d  `)

// keyWords are the words that tell a desktop player what to press.
var keyWords = []string{"Enter", "click", "Press", "Space", "Esc "}

// words joins the words on top of the page (a cover screen, a question,
// the help).
func words(st ui.PageState) string {
	var out []string
	for _, w := range st.Words {
		out = append(out, w.Text)
	}
	return strings.Join(out, " ")
}

// onPhone checks what a phone held upright shows: every word and button
// inside the 390 CSS pixels' width (and the screen's height), no two
// buttons overlapping, no button labelled with a key, every button a
// finger's size.
func onPhone(t *testing.T, st ui.PageState, what string) {
	t.Helper()
	for _, w := range st.Words {
		assert.True(t, w.X >= -1 && w.X+w.W <= 391 && w.Y >= -1 && w.Y+w.H <= 845, "%s: %q runs off the screen (%.0f..%.0f, %.0f..%.0f)", what, w.Text, w.X, w.X+w.W, w.Y, w.Y+w.H)
	}
	if st.Screen != "title" { // the title's < and > lie inside their rows, on purpose
		assert.Empty(t, overlap(st), what)
	}
	for _, b := range st.Buttons {
		assert.True(t, b.X >= -0.5 && b.Y >= -0.5 && b.X+b.W <= 390.5 && b.Y+b.H <= 844.5, "%s: button %q is on the screen", what, b.Label)
		assert.NotRegexp(t, keyLabel, b.Label, "%s: a button labelled with its key on a phone", what)
		if b.Label != "<" && b.Label != ">" {
			assert.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "%s: button %q is %.1f mm high", what, b.Label, b.H/cssPerMM)
		}
	}
}

// coverScreen waits for a cover screen titled title (its words start
// with it, named in full), looks at it and checks it as a phone's: the
// words say tap, not press, and Continue, Help and Leave are on the
// screen.
func coverScreen(t *testing.T, ctx context.Context, title, shot string) ui.PageState {
	t.Helper()
	waitFor(t, ctx, pageWait, "the cover "+title, func(st ui.PageState) bool {
		return st.Stage == "cover" && strings.HasPrefix(words(st), title)
	})
	st := settle(t, ctx)
	screenshot(t, ctx, shot)
	onPhone(t, st, shot)
	text := words(st)
	for _, w := range keyWords {
		assert.NotContains(t, text, w, "%s: touch words, not key words", shot)
	}
	for _, part := range []string{"Continue", "Help", "Leave"} {
		_, ok := button(st, part)
		assert.True(t, ok, "%s: a %s button (buttons %s)", shot, part, labels(st))
	}
	return st
}

// A hot-seat game on a phone held upright (390 × 844, touch), through
// the pass-the-phone cover screens: each names its side in full, says
// tap, and keeps Continue, Help and Leave on the screen. Help is read
// page by page and closed by touch, and its words speak of taps. Leave
// asks first (Stay keeps the game), then goes to the title, whose
// Continue brings the game back where it stood. No button on any screen
// carries a key.
func TestPassThePhoneCoversLeaveAndHelpByTouch(t *testing.T) {
	t.Parallel()
	ctx := browse(t, page(t)+"?scenario=furball", phone)
	// the Colonial player's cover, with the briefing
	st := coverScreen(t, ctx, "Colonial player: take the controls", "phone-cover-colonial")
	// the briefing (the rules, the pilots, the goals) is longer than the
	// phone: More below reads on to the words for a finger
	for more := 0; !strings.Contains(words(st), "Tap Continue when ready"); more++ {
		require.Less(t, more, 10, "no 'Tap Continue when ready' on the cover: %s", words(st))
		raw, _ := published(t, ctx)
		tapButton(t, ctx, "More below")
		awaitChange(t, ctx, raw)
		st = settle(t, ctx)
	}
	assert.Equal(t, "cover", st.Stage, "More below reads on, it does not go on")

	// Help on the cover: pages a finger turns, closed by Close
	tapButton(t, ctx, "Help")
	waitFor(t, ctx, pageWait, "the help", func(st ui.PageState) bool { return strings.HasPrefix(words(st), "Help:") })
	var read strings.Builder
	for page := 1; ; page++ {
		require.Less(t, page, 10, "the help has no last page")
		st = settle(t, ctx)
		screenshot(t, ctx, fmt.Sprintf("phone-help-%d", page))
		onPhone(t, st, "help")
		read.WriteString(words(st) + " ")
		if !strings.Contains(words(st), fmt.Sprintf("(%d/", page)) || strings.Contains(words(st), fmt.Sprintf("(%d/%d)", page, page)) {
			break // one page, or the last
		}
		raw, _ := published(t, ctx)
		tapButton(t, ctx, "Next page")
		awaitChange(t, ctx, raw)
	}
	help := read.String()
	assert.Contains(t, help, "Continue (or a tap anywhere else) goes on", "the cover's help names its button")
	assert.Contains(t, help, "Close or a tap outside the box hides it")
	for _, w := range []string{"Enter", "click", "Press", "F2", "Tab ("} {
		assert.NotContains(t, help, w, "the help speaks of taps")
	}
	tapButton(t, ctx, "Close")
	st = waitFor(t, ctx, pageWait, "the help closed", func(st ui.PageState) bool {
		return st.Stage == "cover" && len(st.Words) > 0 && !strings.HasPrefix(words(st), "Help:")
	})
	require.Equal(t, "cover", st.Stage, "Close went no further")
	tapButton(t, ctx, "Continue")

	// the Colonial player commits every plan and hands over
	handed := false
	for step := 0; !handed; step++ {
		require.Less(t, step, 60, "no Hand over; the page shows %s (stage %s), buttons %s", st.Screen, st.Stage, labels(st))
		raw, _ := published(t, ctx)
		st = decode(t, raw)
		if st.Stage != "plan" {
			awaitChange(t, ctx, raw)
			continue
		}
		onPhone(t, st, "planning")
		if b, ok := button(st, "Hand over"); ok {
			tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
			handed = true
		} else if b, ok := button(st, "Commit"); ok {
			tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
		} else {
			scrollUp(t, ctx, st)
			continue
		}
		awaitChange(t, ctx, raw)
	}
	st = coverScreen(t, ctx, "Cylon player: take the controls", "phone-cover-cylon")
	before := st.Hash

	// Leave asks first: Stay keeps the game on its cover screen
	tapButton(t, ctx, "Leave")
	st = waitFor(t, ctx, pageWait, "the question", func(st ui.PageState) bool { return strings.HasPrefix(words(st), "Leave this game?") })
	st = settle(t, ctx)
	screenshot(t, ctx, "phone-leave-asks")
	onPhone(t, st, "leave?")
	assert.Contains(t, words(st), "Continue on the title screen resumes it", "it says the game is kept")
	tapButton(t, ctx, "Stay")
	st = waitFor(t, ctx, pageWait, "the cover again", func(st ui.PageState) bool {
		return st.Stage == "cover" && strings.HasPrefix(words(st), "Cylon player")
	})
	assert.Equal(t, before, st.Hash)

	// Leave, Leave: the title, whose Continue brings the game back
	tapButton(t, ctx, "Leave")
	waitFor(t, ctx, pageWait, "the question", func(st ui.PageState) bool { return strings.HasPrefix(words(st), "Leave this game?") })
	tapButton(t, ctx, "Leave")
	st = waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
	st = settle(t, ctx)
	screenshot(t, ctx, "phone-title-continue")
	onPhone(t, st, "title")
	tapButton(t, ctx, "Continue the last game (turn 1)")
	st = waitFor(t, ctx, pageWait, "the game continued", func(st ui.PageState) bool { return st.Turn == 1 && st.Hash != "" })
	assert.Equal(t, before, st.Hash, "the continued game is the one left")

	// Leave from the planning panel's foot works the same way
	for step := 0; ; step++ {
		require.Less(t, step, 10, "no planning screen; stage %s, buttons %s", st.Stage, labels(st))
		raw, _ := published(t, ctx)
		st = decode(t, raw)
		if st.Stage == "plan" {
			break
		}
		if b, ok := button(st, "Continue"); ok {
			tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
		}
		awaitChange(t, ctx, raw)
	}
	st = settle(t, ctx)
	screenshot(t, ctx, "phone-continued-plan")
	onPhone(t, st, "continued")
	tapButton(t, ctx, "Leave")
	waitFor(t, ctx, pageWait, "the question", func(st ui.PageState) bool { return strings.HasPrefix(words(st), "Leave this game?") })
	tapButton(t, ctx, "Leave")
	waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
}
