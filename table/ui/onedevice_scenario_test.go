package ui

import (
	"fmt"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// A whole scenario of the box on one device, to its victory screen (the
// table companion, issue 27: "one shared device with cover screens"; Quick
// Start: Winning the game). The Hand of God through the screens a player
// uses: from the title its setup screen ("Choose the rules and pilots"),
// "Companion: one device"; each side's planning behind its cover (the
// Vipers at low speed, the Raiders at medium: the Raiders leave the table
// first); after each movement step the moves to copy and the word that
// the table is aligned; the dice typed (one mistyped and taken back by
// the other player's agreement, behind a cover) or rolled by the app; the
// first counter typed from the table's cup, the others drawn from the
// app's secret cup by their owner holding the device alone. On every
// drawn frame no side's counters or plan before the reveal are on screen
// while the other player may look, and no turn's planning cover comes
// before the last firing step's playback; the end's books (each ship's badge or
// cause, the damage the log names, who won and why) are the engine's, and
// the signed record replays to the same hash.
func TestCompanionScenarioOnOneDeviceToItsEnd(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	a := newTestApp(t)
	a.Server = hs.URL
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	a.Show(NewTitle(a))
	a.Frame()
	title, ok := a.Screen().(*Title)
	require.True(t, ok)
	for i := 0; title.Scenario() != "hand-of-god" && i < 10; i++ {
		send(a, kit.Press(kit.KeyRight))
	}
	tapLabelled(t, a, "Choose the rules and pilots: The Hand of God")
	ch, ok := a.Screen().(*Choose)
	require.True(t, ok, "the setup screen, not %T", a.Screen())
	require.NotNil(t, ch.Chosen(), "the scenario as it is is playable: %v", ch.Problems())
	tapLabelled(t, a, "Companion: one device")
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "the game screen: %s", drawnText(a))
	p, ok := g.seat.(*seat.Pair)
	require.True(t, ok, "both seats on this device")
	t.Cleanup(p.Leave)
	sc := screen{a, g}
	tb := seat.Table(p)

	dump := os.Getenv("BSG_DUMP_FRAMES") != ""
	last := ""
	var (
		covers = map[battle.Side]bool{}
		held   controls
		// planning is the latest turn whose planning cover was drawn
		planning                               int
		copied, aligned                        int
		typedDice, rolledDice, dice            int
		typedCounters, drawnCounters, hidden   int
		mistyped, proposed, passedUndo, agreed bool
		undone                                 bool
		mistypedFor                            string
		leaks                                  int
		agreeSeq                               int
		speeds                                 = map[battle.Side]string{battle.Colonial: "3", battle.Cylon: "4"} // low, medium
	)
	deadline := time.Now().Add(5 * time.Minute) // a bound on a hang, not a budget
	for {
		require.True(t, time.Now().Before(deadline), "stuck at %s (sending %q): %s", g.Stage(), p.Status().Sending, drawnText(a))
		st := p.Of(battle.Colonial).State()
		if st != nil && st.View.Phase == battle.Over && g.Stage() == "over" {
			break
		}
		text := strings.Join(strings.Fields(drawnText(a)), " ") // lines wrapped at phone size
		if dump && text != last {
			t.Logf("[%s, %s holds] %s", g.Stage(), p.Hand(), text)
			last = text
		}
		held.see(g, text)
		leaks += secretsShown(t, g, p, text) + plansShown(t, g, held, text)
		if g.Stage() == "cover" {
			for _, side := range battle.Sides {
				if strings.Contains(text, SideName(side)+" player: take the controls") {
					covers[side] = true
				}
			}
			if v := g.publicView(); strings.Contains(text, fmt.Sprintf("Turn %d: plan your ships in secret", v.Turn)) {
				planning = max(planning, v.Turn)
			}
		}
		if shown := g.shownTurn(g.publicView()); (g.Stage() == "anim" || g.Stage() == "results") && shown < planning {
			// the last firing step's shots come before the next turn's
			// planning (one seat of the device a moment behind the other)
			t.Errorf("turn %d's playback after turn %d's planning cover:\n%s", shown, planning, text)
		}
		if agreed && !undone {
			// the other player's Agree: the game's next moment has the
			// die taken back, and it waits for that die again
			for _, side := range battle.Sides {
				if c := p.Of(side).State(); c != nil && c.Seq > agreeSeq {
					require.Nil(t, c.Undo, "the proposal answered")
					undone = true
				}
			}
		}
		acted := false
		busy := p.Status().Sending != ""
		n, mine := tb.Need()
		switch {
		case !busy && g.Stage() != "cover" && strings.Contains(text, "Hide my counters: both may look"):
			// the owner has seen its counters alone: both may look again
			hidden++
			clickButton(t, a, "Hide my counters: both may look")
			acted = true
		case g.Stage() == "plan" && !g.preplan:
			// the side at the controls sets each ship's speed slider, as on
			// its control panel, and commits (the first side's sealed plans
			// are sent meanwhile: Sending until the other side's are in)
			for range 16 {
				need, now := g.plannable(g.side)
				if !now || g.Stage() != "plan" {
					break
				}
				send(a, kit.Type(speeds[g.side])...)
				enter(a)
				if again, _ := g.plannable(g.side); len(again) == len(need) {
					enter(a) // a flagged plan: the second Enter commits it
				}
			}
			send(a, kit.Type("h")...) // hand over
			acted = true
		case busy || g.Stage() == "cover" || g.Stage() == "anim" || g.Stage() == "results":
		case proposed && !agreed && tb.Offer() != nil && tb.Offer().By == p.Hand():
			// the proposer cannot agree for the other player: the device
			// goes to them, behind a cover
			require.Error(t, tb.AnswerUndo(true), "the proposer does not agree for the other player")
			clickButton(t, a, "Pass the device to the "+SideName(p.Hand().Opponent())+" player")
			passedUndo = true
			acted = true
		case proposed && !agreed && tb.Offer() != nil && tb.Offer().By != p.Hand() && strings.Contains(text, "Agree"):
			assert.Contains(t, text, mistypedFor, "the proposal names the die it takes back")
			// the die awaited is the other player's roll, typed in here
			// by whoever holds the device, not "on their screen"
			assert.Contains(t, text, "player rolls it on the table; type it in here, or let the app roll")
			assert.NotContains(t, text, "on their screen")
			agreeSeq = st.Seq
			clickButton(t, a, "Agree")
			agreed = true
			acted = true
		case mistyped && !proposed && tb.Offer() == nil && strings.Contains(text, "Propose to undo the last action"):
			// the die was mistyped: its player proposes to take it back
			require.NotNil(t, tb.LastAction())
			mistypedFor = "the die 1 "
			assert.Contains(t, text, "The last action: "+mistypedFor)
			clickButton(t, a, "Propose to undo the last action")
			proposed = true
			acted = true
		case n != nil && !mine && strings.Contains(text, "Pass the device to the"):
			require.Equal(t, battle.DrawCounter, n.What, "only a counter waits for its owner")
			clickButton(t, a, "Pass the device to the "+SideName(n.Side)+" player")
			acted = true
		case n != nil && mine && n.What == battle.DrawDie && strings.Contains(text, "Let the app roll"):
			switch {
			case !mistyped:
				mistyped = true // a 6 rolled on the table, a 1 typed
				clickButton(t, a, "1")
			case dice%3 == 2:
				// the second attack's first die: with a 6 typed for its
				// other die it hits at any roll (6+ on 2d6 at these
				// ranges), so that both counters are drawn
				rolledDice++
				dice++
				clickButton(t, a, "Let the app roll")
			default:
				typedDice++
				dice++
				clickButton(t, a, "6")
			}
			acted = true
		case n != nil && mine && n.What == battle.DrawCounter && strings.Contains(text, "Draw from the app's secret cup"):
			require.Equal(t, n.Side, p.Hand(), "a counter is drawn by its owner, holding the device")
			if typedCounters == 0 {
				// the counter drawn from the table's cup, tapped in
				h, ok := firstLabelled(a, "1 (≤")
				require.True(t, ok, "the counters to tap: %s", text)
				send(a, kit.Click(h.R.Center().X, h.R.Center().Y)...)
				typedCounters++
			} else {
				clickButton(t, a, "Draw from the app's secret cup")
				drawnCounters++
			}
			acted = true
		case n != nil && mine && strings.Contains(text, "Let the app roll"):
			clickButton(t, a, "Let the app roll") // who declares first
			acted = true
		case n == nil && st != nil && st.View.Phase == battle.Aligning && strings.Contains(text, "The table is aligned"):
			// the moves copied onto the table, then the word
			if strings.Contains(text, "At the table: lay each ship's card") && strings.Contains(text, "'s moves, to copy onto the table:") {
				copied++
			}
			aligned++
			clickButton(t, a, "The table is aligned")
			acted = true
		}
		if !acted && g.Stage() != "plan" && act(t, sc) { // (the plans: above)
			acted = true
		}
		if !acted {
			time.Sleep(time.Millisecond)
			a.Tick(1.0 / 60)
		}
	}
	end := p.Of(battle.Colonial).State()
	for end.Record == nil {
		require.True(t, time.Now().Before(deadline), "no signed record at the end")
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
		end = p.Of(battle.Colonial).State()
	}
	text := strings.Join(strings.Fields(drawnText(a)), " ")
	t.Logf("turn %d; covers %v; moves copied %d of %d alignings; dice typed %d, rolled by the app %d; counters typed %d, drawn by the app %d, hidden %d",
		end.View.Turn, covers, copied, aligned, typedDice, rolledDice, typedCounters, drawnCounters, hidden)
	if dump {
		t.Logf("the end: %s", text)
	}

	// the whole game, played on one device, replays from its signed
	// record to the same hash
	b, err := end.Record.Verify(a.Comp, s.PublicKey())
	require.NoError(t, err, "the signed record checks")
	r, err := battle.Replay(end.Record.Setup, a.Comp, b.Seed(), end.Record.Journal)
	require.NoError(t, err)
	assert.Equal(t, end.Record.Hash, r.Hash(), "the record replays to the same hash")

	// the victory screen and the books it shows are the engine's
	res := r.Result()
	require.NotNil(t, res)
	assert.Equal(t, battle.Colonial, res.Winner, "the Raiders left the table first (Quick Start: Winning the game)")
	assert.Contains(t, text, "Colonial victory")
	assert.Contains(t, text, kit.Clean(fmt.Sprintf("Turn %d: %s.", res.Turn, endReasonWords(res.Reason))))
	for _, sh := range r.State().Ships {
		switch {
		case sh.Out:
			assert.Contains(t, text, sh.ID+" out: "+sh.Cause, "%s's cause on the board", sh.ID)
		case len(sh.Counters)+len(sh.Collisions) > 0:
			assert.Contains(t, text, sh.ID+" "+counters(len(sh.Counters)+len(sh.Collisions)), "%s's counters on the board", sh.ID)
		}
	}
	send(a, kit.Type("l")...) // the battle log: each ship eliminated with its damage then
	logText := strings.Join(strings.Fields(drawnText(a)), " ")
	out := 0
	for _, e := range r.View(battle.Colonial).Events {
		if e.Kind == battle.EvEliminated {
			out++
			assert.Contains(t, logText, fmt.Sprintf("%s is eliminated: %s (damage %d)", e.Ship, e.Cause, e.Damage), "the log's books of %s", e.Ship)
		}
	}
	assert.Positive(t, out, "ships eliminated")

	assert.True(t, covers[battle.Colonial] && covers[battle.Cylon], "a cover before each side's controls: %v", covers)
	assert.Positive(t, copied, "the moves to copy after a movement step")
	assert.True(t, passedUndo && agreed && undone, "the mistyped die taken back by agreement")
	assert.Positive(t, typedDice, "a die typed")
	assert.Positive(t, rolledDice, "a die rolled by the app")
	assert.Equal(t, 1, typedCounters, "a counter typed")
	assert.Positive(t, drawnCounters, "a counter drawn from the app's secret cup")
	assert.Positive(t, hidden, "an owner saw its counters alone and hid them")
	assert.Zero(t, leaks, "no side's secret on screen while the other player may look")
	require.NoError(t, p.Status().Err)
}

// controls follows who holds the one device's controls, by the covers
// drawn: the side named on the last cover ("<Side> player: take the
// controls") once it is taken.
type controls struct {
	side, pending battle.Side
}

// see notes a frame's cover, or the controls taken after it.
func (c *controls) see(g *Game, text string) {
	if g.Stage() != "cover" {
		if c.pending != "" {
			c.side, c.pending = c.pending, ""
		}
		return
	}
	for _, side := range battle.Sides {
		if strings.Contains(text, SideName(side)+" player: take the controls") {
			c.pending = side
		}
	}
}

// plansShown counts the frames that draw a plan before the reveal (the
// board's ghosts and the control panel's facts, "· slider medium", are
// drawn at the planning stage alone) where the player who may look is
// not the plan's: the planning stage of a side that did not take the
// controls behind its cover, or a plan's words at any other stage while
// the plans are secret. Each is reported.
func plansShown(t *testing.T, g *Game, c controls, text string) int {
	t.Helper()
	if g.Stage() == "cover" || g.publicView().Phase != battle.Planning {
		return 0
	}
	switch {
	case g.Stage() == "plan" && g.side != c.side:
		t.Errorf("%s's plans drawn while the %s player holds the controls:\n%s", g.side, c.side, text)
		return 1
	case g.Stage() != "plan" && strings.Contains(text, " · slider "):
		t.Errorf("a plan's words drawn at stage %s:\n%s", g.Stage(), text)
		return 1
	}
	return 0
}
