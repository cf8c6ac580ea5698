package ui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// awaySeat is an injected network seat of the Colonial player who left
// the game at one turn's planning and comes back (back) at a later
// turn's planning, the game played meanwhile (by computer players here,
// as by a stand-in at a real server): until then it shows the game as it
// was left; from then on as it is, with the moves of the last keep turns
// only (as the server and the client keep them, wire.CatchUpTurns).
type awaySeat struct {
	then, now *seat.Local
	back      bool
	flown     map[int][]wire.Flight
	keep      int
}

func (s *awaySeat) cur() *seat.Local {
	if s.back {
		return s.now
	}
	return s.then
}
func (s *awaySeat) Sides() []battle.Side              { return []battle.Side{battle.Colonial} }
func (s *awaySeat) View(side battle.Side) battle.View { return s.cur().View(side) }
func (s *awaySeat) Setup() battle.Setup               { return s.cur().Setup() }
func (s *awaySeat) Events() []battle.Event            { return s.cur().View(battle.Colonial).Events }
func (s *awaySeat) Poll() bool                        { return false }
func (s *awaySeat) Leave()                            {}
func (s *awaySeat) Do(battle.Command) error           { return fmt.Errorf("not in this test") }
func (s *awaySeat) Game() string                      { return "g123" }
func (s *awaySeat) Own() string                       { return "127.0.0.1:1/own" }
func (s *awaySeat) Invite() (string, string)          { return "", "" }
func (s *awaySeat) Verified() (bool, error)           { return false, nil }
func (s *awaySeat) Class(id string) starship.Class    { return s.cur().Class(id) }
func (s *awaySeat) Targets(side battle.Side, id string) []referee.Ruling {
	return s.cur().Targets(side, id)
}
func (s *awaySeat) Preview(side battle.Side, id string, p starship.Plan) (starship.Outcome, error) {
	return s.cur().Preview(side, id, p)
}
func (s *awaySeat) AttackRoll(side battle.Side, shooter, target string) (int, []battle.Modifier, bool) {
	return s.cur().AttackRoll(side, shooter, target)
}
func (s *awaySeat) Status() seat.Status {
	return seat.Status{Ready: true, Joined: battle.Sides}
}

// Flown implements seat.Flights: the moves of the turns the server keeps
// (the latest keep turns, the one being planned included).
func (s *awaySeat) Flown(turn int) ([]wire.Flight, bool) {
	v := s.cur().View(battle.Colonial)
	if turn <= v.Turn-s.keep || turn >= v.Turn { // as server/game.go flew() keeps them
		return nil, false
	}
	fs, ok := s.flown[turn]
	return fs, ok
}

// awayGame plays Furball between two greedy computer players from a
// fixed seed (the first of a few that lasts long enough) and returns a
// seat left at turn left's planning that comes back at turn left+away's.
func awayGame(t *testing.T, comp *assets.Components, left, away int) *awaySeat {
	t.Helper()
	sc, err := scenarios.Load("furball", comp)
	require.NoError(t, err)
	setup := sc.Setup()
	for seed := uint64(1); seed < 40; seed++ {
		b, err := battle.New(setup, comp, seed)
		require.NoError(t, err)
		flown := map[int][]wire.Flight{}
		starts := map[int]int{} // turn: the journal's length when its planning began
		players := map[battle.Side]policy.Policy{}
		for _, side := range battle.Sides {
			players[side], err = policy.ByName("greedy")
			require.NoError(t, err)
		}
		require.NoError(t, policy.PlayObserved(b, comp, players, seed, func(battle.Command) {
			if turn, fs := b.Flights(); turn > 0 {
				flown[turn] = nil
				for _, f := range fs {
					flown[turn] = append(flown[turn], wire.FlightOf(turn, f))
				}
			}
			if _, ok := starts[b.Turn()]; !ok && b.Phase() == battle.Planning {
				starts[b.Turn()] = len(b.Journal())
			}
		}))
		back := left + away
		if _, ok := starts[back]; !ok {
			continue // the battle ended before: another seed
		}
		at := func(turn int) *seat.Local {
			r, err := battle.Replay(setup, comp, seed, b.Journal()[:starts[turn]])
			require.NoError(t, err)
			l, err := seat.NewLocal(r, comp, nil)
			require.NoError(t, err)
			return l
		}
		return &awaySeat{then: at(left), now: at(back), flown: flown, keep: wire.CatchUpTurns}
	}
	t.Fatalf("no battle of seeds 1 to 39 lasts %d turns", left+away)
	return nil
}

// backAfter opens the screen over a seat left at turn left's planning,
// goes to its planning, then brings the player back after away turns:
// the playback of what was missed is on screen.
func backAfter(t *testing.T, a *App, left, away int) (*awaySeat, *Game) {
	t.Helper()
	s := awayGame(t, a.Comp, left, away)
	g := GameOn(a, s)
	a.Show(g)
	for i := 0; i < 5 && g.Stage() == "cover"; i++ {
		enter(a)
	}
	require.Equal(t, "plan", g.Stage())
	s.back = true
	a.Tick(1.0 / 60)
	a.Frame()
	require.Contains(t, []string{"anim", "results"}, g.Stage(), "the missed turns are played back")
	kinds := []string{}
	for _, b := range g.beats {
		kinds = append(kinds, fmt.Sprintf("%d/%d:%s", b.turn, b.kind, b.step))
	}
	t.Logf("back at turn %d: %d events, beats (turn/kind:step) %v", s.now.View(battle.Colonial).Turn, len(s.Events()), kinds)
	return s, g
}

// screenWords is the frame's text, lines joined by spaces (a paragraph
// wrapped over lines reads whole).
func screenWords(t *testing.T, a *App) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(textOnScreen(t, a, "catch-up"), "\n", " ")), " ")
}

// TestCatchUpBeyondTheKeptTurnsTellsTheOlderOnesInShort: a network seat
// back after 13 turns (more than wire.CatchUpTurns) sees first the turns
// whose moves no one keeps any more told in short, turn by turn, from
// the typed events it was sent (each ship lost and each ship damaged in
// that turn named in its line), over the board as those turns left it
// (every ship where the first kept turn's moves start); then every kept
// turn played back along its own moves, the panel saying which turn is
// on the board ("Turn 7 of 13 being played back"), never "Your turn"
// until the player can plan.
func TestCatchUpBeyondTheKeptTurnsTellsTheOlderOnesInShort(t *testing.T) {
	a := newTestApp(t)
	const left, away = 1, 13
	s, g := backAfter(t, a, left, away)
	present := left + away
	firstKept := present - wire.CatchUpTurns + 1
	require.Greater(t, firstKept, left+1, "some turns are older than the kept ones")

	// the first beat: the turns not kept, in short
	words := screenWords(t, a)
	events := s.Events()
	for turn := left; turn < firstKept; turn++ {
		assert.Contains(t, words, fmt.Sprintf("Turn %d:", turn), "turn %d is told", turn)
		line := words[strings.Index(words, fmt.Sprintf("Turn %d:", turn)):]
		if next := strings.Index(line, fmt.Sprintf("Turn %d:", turn+1)); next > 0 {
			line = line[:next]
		}
		for _, e := range events {
			if e.Turn != turn || e.Secret {
				continue
			}
			switch e.Kind {
			case battle.EvEliminated, battle.EvDamage:
				assert.Contains(t, line, e.Ship, "turn %d's line names %s (%s)", turn, e.Ship, e.Kind)
			}
		}
	}
	assert.Contains(t, words, fmt.Sprintf("Turns %d to %d summed up", left, firstKept-1))
	assert.NotContains(t, words, "Your turn", "an earlier turn is on the board")
	assert.False(t, strings.HasPrefix(a.WindowTitle(), "Your turn"), a.WindowTitle())
	// the board as those turns left it: where the first kept turn starts
	stands := 0
	for _, f := range s.flown[firstKept] {
		lk, ok := drawnLook(g, f.Ship)
		if !ok || !f.OnTable {
			continue
		}
		assert.Less(t, lk.Pose.Pos.Dist(f.From.Pose.Pos), 0.01, "%s drawn where turn %d starts", f.Ship, firstKept)
		stands++
	}
	assert.Positive(t, stands, "ships checked on the summary's board")
	assert.Empty(t, g.shotLines, "no shot card of a summed-up turn on the board they left")

	// then every kept turn along its moves, the panel saying which
	moved := map[int]bool{}
	for guard := 0; g.Stage() == "anim" || g.Stage() == "results"; guard++ {
		require.Less(t, guard, 400)
		bt := g.beats[g.beat]
		words := screenWords(t, a)
		assert.NotContains(t, words, "Your turn", "turn %d on the board", bt.turn)
		assert.False(t, strings.HasPrefix(a.WindowTitle(), "Your turn"), a.WindowTitle())
		if bt.turn >= firstKept {
			assert.Contains(t, words, fmt.Sprintf("Turn %d of %d being played back", g.shownTurn(g.publicView()), present-1))
			assert.Contains(t, words, "Skip to your turn")
		}
		if bt.kind == beatMove {
			require.GreaterOrEqual(t, bt.turn, firstKept, "no moves for a turn not kept")
			if !moved[bt.turn] && g.anim != nil {
				// the turn's first move starts where its own moves start
				an := *g.anim
				an.t, an.hold = 0, true
				for _, f := range s.flown[bt.turn] {
					if f.OnTable && len(f.Steps) > 0 {
						at := an.look(ShipLook{ID: f.Ship}).Pose.Pos
						assert.Less(t, at.Dist(f.From.Pose.Pos), 0.01, "turn %d: %s starts where it stood", bt.turn, f.Ship)
					}
				}
			}
			moved[bt.turn] = true
		}
		runAnim(a, g)
		enter(a)
	}
	for turn := firstKept; turn < present; turn++ {
		assert.True(t, moved[turn], "turn %d is played back along its moves", turn)
	}
	require.Equal(t, "plan", g.Stage())
	assert.Contains(t, screenWords(t, a), "Your turn", "now the player can plan")
	assert.True(t, strings.HasPrefix(a.WindowTitle(), "Your turn"), a.WindowTitle())
}

// TestCatchUpSkipsToYourTurn: during a catch-up the panel offers to skip
// to the player's own decision; a tap (or S) goes there at once, every
// line kept in the log.
func TestCatchUpSkipsToYourTurn(t *testing.T) {
	for _, how := range []string{"button", "key"} {
		t.Run(how, func(t *testing.T) {
			a := newTestApp(t)
			_, g := backAfter(t, a, 1, 3)
			enter(a) // a beat or two in
			require.Contains(t, []string{"anim", "results"}, g.Stage())
			if how == "button" {
				r, ok := buttonRect(a, "Skip to your turn (S)")
				require.True(t, ok, "a skip button: %s", screenWords(t, a))
				send(a, kit.Event{Kind: kit.MouseDown, X: r.X + r.W/2, Y: r.Y + r.H/2, Button: kit.ButtonLeft},
					kit.Event{Kind: kit.MouseUp, X: r.X + r.W/2, Y: r.Y + r.H/2, Button: kit.ButtonLeft})
			} else {
				send(a, kit.Type("s")...)
			}
			assert.Equal(t, "plan", g.Stage(), "skipped to the player's planning")
			assert.Contains(t, screenWords(t, a), "Your turn")
			assert.True(t, g.beats == nil, "the playback ended")
		})
	}
}

// TestToastEndsWhenAPlaybackStarts: a status line raised before a
// playback (or as it starts) goes when it starts: it lay over the board
// being played back for up to its 6 s; one raised during the playback
// shows.
func TestToastEndsWhenAPlaybackStarts(t *testing.T) {
	a := newTestApp(t)
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	a.Now = func() time.Time { return now }
	s := awayGame(t, a.Comp, 1, 2)
	g := GameOn(a, s)
	a.Show(g)
	for i := 0; i < 5 && g.Stage() == "cover"; i++ {
		enter(a)
	}
	require.Equal(t, "plan", g.Stage())
	a.Say("apollo: plan committed")
	now = now.Add(time.Second)
	a.Tick(1.0 / 60)
	require.Equal(t, "apollo: plan committed", a.Status(), "1 s in: up")
	s.back = true
	now = now.Add(time.Second)
	a.Tick(1.0 / 60)
	require.Contains(t, []string{"anim", "results"}, g.Stage())
	for _, op := range a.Frame().Ops {
		assert.NotEqual(t, "apollo: plan committed", op.Text, "the toast over the playback")
	}
	assert.Empty(t, a.Status())
	now = now.Add(time.Second)
	a.Tick(1.0 / 60)
	a.Say("saved furball.json")
	assert.Contains(t, textOnScreen(t, a, "a toast during the playback"), "saved furball.json", "a line raised during the playback shows")
}

// TestNetworkGameTitleSaysItOnce: before a network game is on, the
// window's title named it twice ("network game · network game · turn 1
// · stage think"); now once, with what the seat waits for.
func TestNetworkGameTitleSaysItOnce(t *testing.T) {
	a := newTestApp(t)
	g := NewNetGame(a, "http://127.0.0.1:1", "0123456789abcdef0123456789abcdef")
	t.Cleanup(g.seat.Leave)
	a.Show(g)
	a.Tick(1.0 / 60)
	title := a.WindowTitle()
	assert.Equal(t, 1, strings.Count(title, "network game"), title)
	assert.Contains(t, title, "connecting")
	assert.NotContains(t, title, "stage", "no stage of a game not begun")
}

// TestTurnSummarySaysWhatHappened: a summed-up turn's line is made from
// the typed events: shots and hits, each ship's damage and collision
// counters, ships entering, jumping and lost, the battle's end.
func TestTurnSummarySaysWhatHappened(t *testing.T) {
	evs := []battle.Event{
		{Kind: battle.EvTurn, Turn: 5},
		{Kind: battle.EvFTLEntry, Ship: "raptor"},
		{Kind: battle.EvFTLRoll, Ship: "viper-1"},
		{Kind: battle.EvAttack, Ship: "viper-1", Other: "raider-1", Attack: &battle.Attack{Hits: 2}},
		{Kind: battle.EvAttack, Ship: "raider-2", Other: "viper-2", Attack: &battle.Attack{Hits: 0}},
		{Kind: battle.EvDamage, Ship: "raider-1", Count: 2},
		{Kind: battle.EvCollision, Ship: "viper-2", Count: 2, Kept: 1},
		{Kind: battle.EvEliminated, Ship: "raider-1", Cause: battle.CauseDestroyed},
	}
	assert.Equal(t, "into play: raptor (by FTL); FTL jump: viper-1; 2 shots, 2 hits; raider-1 drew 2 damage counters; viper-2 drew 1 collision counter; lost: raider-1 (destroyed).", turnSummary(evs))
	assert.Equal(t, "no shots.", turnSummary(nil))
}

// TestCatchUpOnAPhonePinsOneRow: on a phone held upright, a player back
// after several turns gets Go on, Skip to your turn and the pace in one
// row at the panel's foot (two rows hid the results they were reading),
// every label whole inside its button, nothing drawn over anything, on
// each beat of the catch-up.
func TestCatchUpOnAPhonePinsOneRow(t *testing.T) {
	a := phoneApp(t)
	_, g := backAfter(t, a, 1, 3)
	beats := 0
	for guard := 0; g.Stage() == "anim" || g.Stage() == "results"; guard++ {
		require.Less(t, guard, 200, "the catch-up ends")
		a.Frame()
		var row []kit.Hot
		for _, label := range []string{"Go on", "Skip to your turn", "Pace: "} {
			h, ok := hotLabelled(a, label)
			require.True(t, ok, "beat %d: %q on the screen: %s", g.beat, label, screenWords(t, a))
			row = append(row, h)
		}
		for _, h := range row[1:] {
			assert.InDelta(t, row[0].R.Y, h.R.Y, 0.5, "beat %d: %s and %s in one row", g.beat, row[0].ID, h.ID)
		}
		l := a.Frame()
		probs, _ := overlapProblems(a, l)
		assert.Empty(t, probs, "beat %d", g.beat)
		for _, op := range l.Ops {
			for _, h := range row {
				if op.Kind == kit.OpText && strings.HasSuffix(h.ID, ":"+op.Text) && h.R.Contains(op.At) {
					gl := glyphs(a, op)
					assert.True(t, gl.X >= h.R.X && gl.X+gl.W <= h.R.X+h.R.W, "beat %d: %q runs out of its button", g.beat, op.Text)
				}
			}
		}
		beats++
		clickButton(t, a, "Go on")
		if _, _, several := g.catchUp(); !several {
			break
		}
	}
	assert.Greater(t, beats, 2, "several beats looked at")
}
