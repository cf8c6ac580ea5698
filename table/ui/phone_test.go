package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// phoneApp is the view on a phone held upright: 390 × 844 CSS pixels at
// two device pixels each, with a finger's least target (9 mm).
func phoneApp(t *testing.T) *App {
	a := NewApp(assets.Default(), t.TempDir())
	a.MinTarget = 68
	a.Handle(kit.Event{Kind: kit.Resize, W: 780, H: 1688})
	return a
}

// textOnScreen checks that every text of the frame lies inside the
// window, and returns the texts joined by newlines.
func textOnScreen(t *testing.T, a *App, what string) string {
	t.Helper()
	var b strings.Builder
	for _, op := range a.Frame().Ops {
		if op.Kind != kit.OpText || op.Text == "" {
			continue
		}
		r := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		assert.True(t, r.X >= -1 && r.X+r.W <= a.W+1, "%s: %q runs off the screen (%.0f to %.0f of %.0f)", what, op.Text, r.X, r.X+r.W, a.W)
		b.WriteString(op.Text + "\n")
	}
	return b.String()
}

// buttonRect returns the rectangle of the frame's button with the label.
func buttonRect(a *App, label string) (kit.Rect, bool) {
	a.Frame()
	for i := a.NumHots() - 1; i >= 0; i-- {
		if strings.HasSuffix(a.Hots()[i].ID, ":"+label) {
			return a.Hots()[i].R, true
		}
	}
	return kit.Rect{}, false
}

// TestPhoneCoverScreensNameTheSideInFull: at 390 × 844 the
// pass-the-phone cover screens name the side in full, say tap rather
// than press, and keep their button on screen and clear of the status
// line.
func TestPhoneCoverScreensNameTheSideInFull(t *testing.T) {
	a := phoneApp(t)
	sc, err := scenarios.Load("furball", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	for _, side := range []string{"Colonial", "Cylon"} {
		require.Equal(t, "cover", g.Stage(), side)
		a.Say("a status line that would cover the button")
		text := strings.ReplaceAll(textOnScreen(t, a, side+"'s cover"), "\n", " ")
		assert.Contains(t, text, side+" player: take the controls", "the title in full")
		assert.NotContains(t, text, "Enter", "touch words")
		assert.NotContains(t, text, "click")
		assert.Contains(t, text, "Tap Continue")
		r, ok := buttonRect(a, "Continue")
		require.True(t, ok, "a Continue button without its key")
		assert.True(t, r.Y >= 0 && r.Y+r.H <= a.H, "the button is on the screen: %v", r)
		for _, op := range a.Frame().Ops {
			if op.Text == "a status line that would cover the button" {
				box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
				assert.False(t, box.Overlaps(r), "the status line %v covers the button %v", box, r)
			}
		}
		send(a, kit.Click(r.Center().X, r.Center().Y)...)
		require.Equal(t, "plan", g.Stage())
		for i := 0; i < 8 && g.Stage() == "plan"; i++ {
			enter(a)
			enter(a)
		}
		send(a, kit.Type("h")...)
	}
}

// TestPhoneHelpIsReadAndClosedByTouch: the help overlay on a phone fits
// the screen in pages, a tap on Next page turns them, and Close (or a
// tap outside the box) hides it; no button carries a key.
func TestPhoneHelpIsReadAndClosedByTouch(t *testing.T) {
	a := phoneApp(t)
	g, err := NewGame(a, closeQuarters("complete"), 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	require.Equal(t, "plan", g.Stage())
	for _, w := range a.Hots() {
		if i := strings.LastIndex(w.ID, ":"); i >= 0 && w.Field == "" {
			assert.NotRegexp(t, `\((Enter|Esc|F\d+|.)\)$`, w.ID[i+1:], "a button labelled with its key on a touch screen")
		}
	}
	plan := textOnScreen(t, a, "planning")
	assert.Contains(t, plan, "Maneuver card\n", "the panel's headings carry no keys either")
	assert.NotContains(t, plan, "Maneuver card (c)")
	r, ok := buttonRect(a, "Help")
	require.True(t, ok, "a Help button in the footer")
	send(a, kit.Click(r.Center().X, r.Center().Y)...)
	require.True(t, a.HelpShown())
	var seen strings.Builder
	pages := 0
	for ; pages < 10; pages++ {
		seen.WriteString(textOnScreen(t, a, "help"))
		next, ok := buttonRect(a, "Next page")
		if !ok || strings.Contains(seen.String(), "Everywhere:") {
			break
		}
		send(a, kit.Click(next.Center().X, next.Center().Y)...)
		require.True(t, a.HelpShown(), "Next page keeps the help up")
	}
	assert.Positive(t, pages, "the planning help takes more than one page on a phone")
	all := strings.ReplaceAll(seen.String(), "\n", " ")
	assert.Contains(t, all, "Secret planning.", "the first page")
	assert.Contains(t, all, "Close or a tap outside the box hides it", "the last page says how to close it by touch")
	c, ok := buttonRect(a, "Close")
	require.True(t, ok)
	send(a, kit.Click(c.Center().X, c.Center().Y)...)
	assert.False(t, a.HelpShown(), "Close hides the help")
	assert.Equal(t, "plan", g.Stage(), "and the tap went no further")
}

// TestMeasurementLabelsReadableOnAPhone: in measurement mode on a phone
// the picture's ship ids are drawn at least as large as the panel's small
// text (they were about 5 CSS pixels with the whole table fitted), and
// on the desktop the picture is as it was.
func TestMeasurementLabelsReadableOnAPhone(t *testing.T) {
	tbl := &referee.Table{Width: 900, Depth: 900, Ships: []referee.Ship{
		{ID: "viper-1", Class: "viper-mk2", Pose: poseAt(300, 300, 90), Level: 1, AcrossFlats: 45},
		{ID: "raider-1", Class: "cylon-raider", Pose: poseAt(420, 520, 270), Level: 1, AcrossFlats: 45},
	}}
	idSize := func(a *App) float64 {
		for _, op := range a.Frame().Ops {
			if op.Kind == kit.OpText && op.Text == "raider-1" {
				return op.Size
			}
		}
		t.Fatal("no raider-1 label")
		return 0
	}
	a := phoneApp(t)
	tbl.Limits = referee.LimitsFrom(a.Comp.Geometry)
	a.Show(NewMeasure(a, tbl, ""))
	a.Frame()
	assert.GreaterOrEqual(t, idSize(a), a.TextSize(11)*0.99, "on a phone the id is readable")

	d := newTestApp(t)
	m := NewMeasure(d, tbl, "")
	d.Show(m)
	d.Frame()
	assert.Zero(t, m.textScale, "on the desktop the picture keeps its sizes")
}

// TestCoverWordsFollowATouchScreenKnownLate: a browser learns that it
// runs on a touch screen from its first frame, after the game (and its
// first cover screen) was made: the cover's words to go on are chosen as
// it is drawn, so the phone's first cover says tap, not Enter or click.
func TestCoverWordsFollowATouchScreenKnownLate(t *testing.T) {
	a := NewApp(assets.Default(), t.TempDir())
	a.Handle(kit.Event{Kind: kit.Resize, W: 780, H: 1688})
	g, err := NewGame(a, closeQuarters("complete"), 3)
	require.NoError(t, err)
	a.Show(g)
	require.Equal(t, "cover", g.Stage())
	assert.Contains(t, strings.ReplaceAll(textOnScreen(t, a, "desktop"), "\n", " "), "Press Enter (or click) when ready")
	a.MinTarget = 68 // the first frame found a touch screen
	text := strings.ReplaceAll(textOnScreen(t, a, "touch"), "\n", " ")
	assert.Contains(t, text, "Tap Continue when ready")
	assert.NotContains(t, text, "Enter")
	assert.NotContains(t, text, "click")
}

// TestReplayOnAPhoneHasAWayOut: a saved game replayed on a phone (no
// keyboard: no Esc, no m) offers the title and the measurement of the
// replayed table as buttons, on the screen; the title button leaves.
func TestReplayOnAPhoneHasAWayOut(t *testing.T) {
	a := phoneApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 5)
	require.NoError(t, err)
	data, err := g.battle().Save()
	require.NoError(t, err)
	r, err := NewReplay(a, "game.json", data)
	require.NoError(t, err)
	a.Show(r)
	for _, label := range []string{"Measure here", "Title"} {
		b, ok := buttonRect(a, label)
		require.True(t, ok, "a %q button without its key", label)
		assert.True(t, b.Y >= 0 && b.Y+b.H <= a.H && b.X >= 0 && b.X+b.W <= a.W, "%q on the screen: %v", label, b)
	}
	b, _ := buttonRect(a, "Measure here")
	send(a, kit.Click(b.Center().X, b.Center().Y)...)
	_, ok := a.Screen().(*Measure)
	require.True(t, ok, "Measure here measures the replayed table")
	a.Show(r)
	b, _ = buttonRect(a, "Title")
	send(a, kit.Click(b.Center().X, b.Center().Y)...)
	_, ok = a.Screen().(*Title)
	assert.True(t, ok, "Title leaves the replay")
}

// TestPromptOnAPhoneHasOKAndCancel: a prompt (a typed place for the
// photo's sheet, a file name) said "Enter: OK   Esc: cancel" on a phone,
// which has no Esc: once open it could not be cancelled. On a touch
// screen OK and Cancel are buttons on the screen; a desktop keeps the
// words for its keys.
func TestPromptOnAPhoneHasOKAndCancel(t *testing.T) {
	a := phoneApp(t)
	a.Home()
	var got []string
	ask := func() {
		a.Ask("Where the sheet lies", "at 450,450 angle 0", nil, func(s string) error { got = append(got, s); return nil })
	}
	ask()
	text := textOnScreen(t, a, "the prompt")
	assert.NotContains(t, text, "Esc: cancel", "no keys on a phone")
	for _, label := range []string{"OK", "Cancel"} {
		b, ok := buttonRect(a, label)
		require.True(t, ok, "a %q button", label)
		assert.True(t, b.Y >= 0 && b.Y+b.H <= a.H && b.X >= 0 && b.X+b.W <= a.W, "%q on the screen: %v", label, b)
		assert.GreaterOrEqual(t, b.H, a.MinTarget, "%q a finger's target", label)
	}
	b, _ := buttonRect(a, "Cancel")
	send(a, kit.Click(b.Center().X, b.Center().Y)...)
	assert.False(t, a.Prompting(), "Cancel closes the prompt")
	assert.Empty(t, got, "and takes nothing")
	ask()
	b, _ = buttonRect(a, "OK")
	send(a, kit.Click(b.Center().X, b.Center().Y)...)
	assert.False(t, a.Prompting(), "OK closes the prompt")
	assert.Equal(t, []string{"at 450,450 angle 0"}, got, "and takes the text")

	d := newTestApp(t)
	d.Home()
	d.Ask("Where the sheet lies", "", nil, func(string) error { return nil })
	assert.Contains(t, textOnScreen(t, d, "the desktop prompt"), "Enter: OK   Esc: cancel")
	_, ok := buttonRect(d, "Cancel")
	assert.False(t, ok, "a desktop says its keys")
}
