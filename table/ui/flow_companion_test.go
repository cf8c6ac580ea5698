package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/wire"
)

// hasButton reports whether the screen's latest frame has a button
// labelled label.
func hasButton(a *App, label string) bool {
	a.Frame()
	for i := range a.NumHots() {
		if strings.HasSuffix(a.Hots()[i].ID, ":"+label) {
			return true
		}
	}
	return false
}

// ownState ticks a phone until its OWN seat's state holds (bounded; the
// other phone's state may be ahead of it).
func ownState(t *testing.T, sc screen, what string, done func(st *wire.State) bool) *wire.State {
	t.Helper()
	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "waited for %s", what)
		if c, ok := sc.g.seat.(*seat.Companion); ok {
			if st := c.State(); st != nil && c.Status().Sending == "" && done(st) {
				sc.a.Frame()
				return st
			}
		}
		sc.a.Tick(1.0 / 60)
		time.Sleep(time.Millisecond)
	}
}

// Faster-than-light movement: the jumping ship's player rolls its dice.
// At hunter-2's arrival by FTL the Cylon phone takes the dice (its
// buttons, "you roll it"), the Colonial phone says who rolls them and
// has no die buttons.
func TestCompanionTheJumpingShipsPlayerRollsItsFTLDice(t *testing.T) {
	screens := companionScreens(t)
	col, cyl := screens[0], screens[1]
	isDie := func(st *wire.State) bool { return st.Need != nil && st.Need.What == battle.DrawDie }
	companionUntil(t, screens, "hunter-2's FTL dice", func(st *wire.State, _ string) bool { return isDie(st) })
	n := ownState(t, cyl, "the Cylon phone's die", isDie).Need
	require.Equal(t, battle.Cylon, n.Side, "hunter-2 is the Cylon's")
	ownState(t, col, "the Colonial phone's die", isDie)
	text := strings.ReplaceAll(drawnText(cyl.a), "\n", " ")
	assert.Contains(t, text, "you roll it on the table and type it in")
	for _, b := range []string{"1", "6", "Let the app roll"} {
		assert.True(t, hasButton(cyl.a, b), "the Cylon phone has %q", b)
	}
	text = strings.ReplaceAll(drawnText(col.a), "\n", " ")
	assert.Contains(t, text, "the Cylon player rolls it on the table")
	assert.False(t, hasButton(col.a, "Let the app roll"), "the Colonial phone rolls no Cylon die")
	assert.False(t, hasButton(col.a, "6"))
}

// untilButton ticks a phone until its screen has a button labelled
// label (bounded).
func untilButton(t *testing.T, sc screen, label string) {
	t.Helper()
	for guard := 0; !hasButton(sc.a, label); guard++ {
		require.Less(t, guard, 100000, "a button %q", label)
		sc.a.Tick(1.0 / 60)
		time.Sleep(time.Millisecond)
	}
}

// alignOn says on a phone that the table is aligned, as its player taps
// it, once its OWN seat is aligning and has not said it (nothing when it
// has, or when the game already went on), and waits until the word is
// sent and answered.
func alignOn(t *testing.T, sc screen) {
	t.Helper()
	c := sc.g.seat.(*seat.Companion)
	var st *wire.State
	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "the %s phone's word that the table is aligned", sc.g.human())
		st = c.State()
		if c.Status().Sending == "" && (st.View.Phase != battle.Aligning || st.Need != nil || slices.Contains(st.Aligned, st.Seat)) {
			return
		}
		if c.Status().Sending == "" && hasButton(sc.a, "The table is aligned") {
			break
		}
		if sc.g.Stage() == "results" || sc.g.Stage() == "anim" {
			act(t, sc)
		}
		sc.a.Tick(1.0 / 60)
		time.Sleep(time.Millisecond)
	}
	clickButton(t, sc.a, "The table is aligned")
	settleSend(t, sc, "the word that the table is aligned", func(now *wire.State) bool { return now.Seq != st.Seq })
}

// Movement (the table companion): the players copy each movement step
// onto the table from the aligning step that follows it (cards and
// ghosts on the board, the moves in words), so the phones do not play
// that step back again, nor a firing step in which no ship could fire:
// turn 1 of The Jump Point (no ship in range) asks for no "Go on" on
// either phone. While the table is
// aligned the decision on screen (pinned at the panel's foot when the
// panel scrolls) is "The table is aligned", never "Go on".
func TestCompanionPlaysBackNoMoveTheTableCopied(t *testing.T) {
	screens := companionScreens(t)
	var playbacks []string
	aligning := map[int]bool{}
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "turn 2 begins")
		c0, _ := screens[0].g.seat.(*seat.Companion)
		c1, _ := screens[1].g.seat.(*seat.Companion)
		if c0 != nil && c1 != nil && c0.State().View.Turn >= 2 && c1.State().View.Turn >= 2 {
			break
		}
		acted := false
		for i, sc := range screens {
			c, _ := sc.g.seat.(*seat.Companion)
			if c == nil || c.State() == nil {
				if act(t, sc) {
					acted = true
				}
				continue
			}
			st := c.State()
			if stage := sc.g.Stage(); (stage == "results" || stage == "anim") && st.View.Turn == 1 {
				playbacks = append(playbacks, fmt.Sprintf("%s phone: %s (%s)", st.Seat, sc.g.resultsHeadline(), sc.g.playbackLine()))
			}
			if c.Status().Sending != "" {
				continue
			}
			if n, mine := c.Need(); n != nil && mine {
				clickButton(t, sc.a, "Let the app roll")
				acted = true
				continue
			}
			if st.View.Phase == battle.Aligning && st.Need == nil && !slices.Contains(st.Aligned, st.Seat) && hasButton(sc.a, "The table is aligned") {
				// the decision is the word that the table is aligned, in
				// view on the phone
				require.NotEmpty(t, sc.g.decisions, "a decision on the %s phone", st.Seat)
				assert.Equal(t, "The table is aligned", sc.g.decisions[0].label, "the %s phone's decision while aligning", st.Seat)
				for _, d := range sc.g.decisions {
					assert.NotEqual(t, "Go on", d.label)
					assert.LessOrEqual(t, d.r.Y+d.r.H, sc.a.H, "%q on screen", d.label)
				}
				aligning[i] = true
				clickButton(t, sc.a, "The table is aligned")
				acted = true
				continue
			}
			if act(t, sc) {
				acted = true
			}
		}
		if !acted {
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
	assert.True(t, aligning[0] && aligning[1], "each phone said the table is aligned")
	assert.Empty(t, playbacks, "turn 1 played back on the phones after the table copied it")
}

// Movement (the table companion): at a real table both players agree
// that the table is aligned. The Colonial's word shows on the Cylon phone
// ("The Colonial player says …") and the Colonial phone waits ("Waiting
// for the Cylon player to confirm the table", no button to say it
// twice); the Cylon moves hunter-1 after it: the Colonial phone says
// so and asks for the word again; both words move the game on once, to
// movement step 2, whose panel says in a line that no ship could fire.
func TestCompanionBothPhonesConfirmTheTable(t *testing.T) {
	screens := companionScreens(t)
	col, cyl := screens[0], screens[1]
	at := func(step int) func(st *wire.State) bool {
		return func(st *wire.State) bool {
			return st.View.Turn == 1 && st.View.Step == step && st.View.Phase == battle.Aligning && st.Need == nil
		}
	}
	companionUntil(t, screens, "movement step 1 to align", func(st *wire.State, text string) bool {
		return at(1)(st) && strings.Contains(text, "The table is aligned")
	})
	ownState(t, cyl, "the Cylon phone aligning", at(1))
	untilButton(t, cyl, "The table is aligned")
	flat := func(sc screen) string { return strings.ReplaceAll(drawnText(sc.a), "\n", " ") }

	clickButton(t, col.a, "The table is aligned")
	settleSend(t, col, "the Colonial's word", func(st *wire.State) bool { return slices.Contains(st.Aligned, battle.Colonial) })
	assert.Contains(t, flat(col), "Waiting for the Cylon player to confirm the table")
	assert.False(t, hasButton(col.a, "The table is aligned"), "a word is said once")
	ownState(t, cyl, "the Colonial's word on the Cylon phone", func(st *wire.State) bool { return slices.Contains(st.Aligned, battle.Colonial) })
	assert.Contains(t, flat(cyl), "The Colonial player says the table is aligned")
	assert.True(t, hasButton(cyl.a, "The table is aligned"))

	// the Cylon's model of hunter-1 stands 2 mm further: the Colonial's
	// word is void, and its phone says why
	before := shipIn(cyl.g.seat.(*seat.Companion).State(), "hunter-1").Pose
	clickButton(t, cyl.a, "hunter-1")
	clickButton(t, cyl.a, "x +2")
	settleSend(t, cyl, "hunter-1 moved", func(st *wire.State) bool { return shipIn(st, "hunter-1").Pose != before })
	ownState(t, col, "the word void on the Colonial phone", func(st *wire.State) bool {
		return at(1)(st) && len(st.Aligned) == 0 && shipIn(st, "hunter-1").Pose != before
	})
	assert.Contains(t, flat(col), "hunter-1 was moved after you said the table is aligned")
	assert.True(t, hasButton(col.a, "The table is aligned"), "the word asked again")

	alignOn(t, col)
	assert.Equal(t, battle.Aligning, col.g.seat.(*seat.Companion).State().View.Phase, "one word moves nothing")
	alignOn(t, cyl)
	ownState(t, col, "movement step 2 on the Colonial phone", at(2))
	untilButton(t, col, "The table is aligned")
	text := flat(col)
	assert.Contains(t, text, "Firing step 1: no ship could fire.")
	assert.Contains(t, text, "Movement step 2 is over")
}

// The turn (its two firing steps, then the next turn's FTL arrivals): a
// batch with a turn's last firing step and what begins the next turn
// (an arrival: a beatResults of the new turn) is one moment of play, not
// a catch-up of two turns "arrived at once" with a skip button (the
// Cylon phone said so while the Colonial's undo offer showed); a batch
// with a later turn's steps is one.
func TestATurnsEndWithTheNextTurnsArrivalIsNoCatchUp(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 5)
	require.NoError(t, err)
	g.st = stResults
	g.beats = []beat{{kind: beatFire, fire: 2, turn: 1}, {kind: beatResults, turn: 2}}
	_, _, several := g.catchUp()
	assert.False(t, several, "a turn's end and the next turn's arrival")
	assert.NotContains(t, g.playbackLine(), "arrived at once")
	g.beats = []beat{{kind: beatFire, fire: 2, turn: 1}, {kind: beatResults, turn: 2}, {kind: beatMove, step: "move 1", turn: 2}}
	first, last, several := g.catchUp()
	assert.True(t, several, "a later turn's movement: the seat missed its planning")
	assert.Equal(t, [2]int{1, 2}, [2]int{first, last})
}
