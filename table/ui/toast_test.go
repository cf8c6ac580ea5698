package ui

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestToastLastsByTheWallClock: a status line goes after its six
// seconds of the wall clock however few frames came meanwhile (a phone
// under load ticks slower than its fixed 1/TPS: "plan committed" stayed
// through whole turns), and not before.
func TestToastLastsByTheWallClock(t *testing.T) {
	a := phoneApp(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	a.Now = func() time.Time { return now }
	a.Say("viper-2: plan committed")
	for range 10 {
		a.Tick(1.0 / 60)
	}
	now = now.Add(5 * time.Second)
	a.Tick(1.0 / 60)
	assert.Equal(t, "viper-2: plan committed", a.Status(), "5 s and a few frames: still up")
	now = now.Add(1500 * time.Millisecond)
	a.Tick(1.0 / 60)
	assert.Empty(t, a.Status(), "6.5 s of the wall clock in a dozen frames: gone")
}

// TestPhoneToastFitsTheScreen: the greeting of a hot-seat game on the
// phone's first cover screen ("The Hand of God: hot-seat: two players
// …") wraps inside the screen rather than running off both sides.
func TestPhoneToastFitsTheScreen(t *testing.T) {
	a := phoneApp(t)
	sc, err := scenarios.Load("hand-of-god", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	a.Say("%s: %s", sc.Name, playersText(a))
	require.Equal(t, "cover", g.Stage())
	text := textOnScreen(t, a, "the greeting on the cover")
	assert.Contains(t, strings.ReplaceAll(text, "\n", " "), "hot-seat: two players", "the greeting is drawn")
}

// TestPhoneToastLeavesThePanelsWords: on a phone held upright a status
// line goes over the table, not over the panel's lines under it (it
// covered "Movement step 1: the ships move. Tap Go on to go on.").
func TestPhoneToastLeavesThePanelsWords(t *testing.T) {
	a := phoneApp(t)
	g, err := NewGame(a, closeQuarters("complete"), 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	require.Equal(t, "plan", g.Stage())
	a.Say("viper-1: plan committed")
	l := a.Frame()
	_, panel := a.Split(0, a.H*0.62)
	for _, op := range l.Ops {
		if op.Text == "viper-1: plan committed" {
			box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
			assert.False(t, box.Overlaps(panel), "the status line %v lies over the panel %v", box, panel)
			return
		}
	}
	t.Fatal("no status line drawn")
}

// TestToastOnAPhoneLiesOverNoLabel: on a phone held upright the board is
// the screen's width and the panel under it is words and buttons: a
// status line ("raider-2: plan committed; …", two lines there) goes
// where it covers none of the board's labels (the table's size, the
// ships' names), not over the first of them.
func TestToastOnAPhoneLiesOverNoLabel(t *testing.T) {
	a := phoneApp(t)
	g, err := NewGame(a, closeQuarters(starship.Complete), 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	require.Equal(t, "plan", g.Stage())
	for _, msg := range []string{"viper-1: plan committed", "raider-2: plan committed; the Cylon player plans next"} {
		a.Say("%s", msg)
		l := a.Frame()
		probs, texts := overlapProblems(a, l)
		shown := false
		for _, x := range texts {
			shown = shown || strings.HasPrefix(msg, x.text)
		}
		require.True(t, shown, "%q is on the screen", msg)
		for _, p := range probs {
			assert.NotContains(t, p, "plan committed", "the status line %q", msg)
		}
	}
}

// TestThePassEndsTheLastHoldersToast: hot-seat (and one device), the
// Colonial player commits the last plan ("viper-2: plan committed") and
// the cover for the Cylon player comes; once the Cylon player takes the
// controls the Colonial's status line is gone, not left over the Cylon's
// planning for the rest of its six seconds. A line raised after the pass
// stays.
func TestThePassEndsTheLastHoldersToast(t *testing.T) {
	a := phoneApp(t)
	sc, err := scenarios.Load("hand-of-god", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	planAll(t, a, g)
	require.Equal(t, "cover", g.Stage(), "the cover before the Cylon's controls")
	assert.Equal(t, "viper-2: plan committed", a.Status(), "the last commit's line, on the cover")
	enter(a)
	require.Equal(t, "plan", g.Stage())
	require.Equal(t, battle.Cylon, g.side)
	assert.Empty(t, a.Status(), "the Colonial's line ended at the pass")
	for _, op := range a.Frame().Ops {
		assert.NotEqual(t, "viper-2: plan committed", op.Text, "drawn over the Cylon's planning")
	}
	a.Say("raider-1: plan committed")
	assert.Equal(t, "raider-1: plan committed", a.Status(), "the new holder's own line")
}
