package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// beatNames names beats for the comparisons: "move 1", "fire 1",
// "no fire 2", "results".
func beatNames(bs []beat) string {
	var out []string
	for _, b := range bs {
		switch b.kind {
		case beatMove:
			out = append(out, b.step)
		case beatFire:
			out = append(out, fmt.Sprintf("fire %d", b.fire))
		case beatNoFire:
			out = append(out, fmt.Sprintf("no fire %d", b.fire))
		default:
			out = append(out, "results")
		}
	}
	return strings.Join(out, ", ")
}

// TestPlaybackBeatsFollowTheTurnSequence: the playback's beats come in
// the rules' order (The turn: movement step 1, firing step 1, movement
// step 2, firing step 2), from the engine's typed markers: an FTL jump
// shows in movement step 1, a firing step nobody can fire in gets its own
// beat, the shots of a declaration come before the movement step they
// lead to, and a firing step waiting for declarations has none yet.
func TestPlaybackBeatsFollowTheTurnSequence(t *testing.T) {
	ev := func(k battle.EventKind, step int) battle.Event {
		return battle.Event{Kind: k, Step: step, Ship: "raptor", Other: "hunter-1"}
	}
	tests := []struct {
		name              string
		evs               []battle.Event
		quick             bool
		declared, waiting int
		want              string
	}{
		{"a reveal with an FTL jump, nobody can fire in step 1, step 2 waits for declarations",
			[]battle.Event{ev(battle.EvRevealed, 0), ev(battle.EvMoveStep, 1), ev(battle.EvFTLRoll, 0), ev(battle.EvMoveStep, 2), ev(battle.EvFiringStep, 2)},
			false, 0, 2, "move 1, no fire 1, move 2"},
		{"nobody can fire in either step",
			[]battle.Event{ev(battle.EvMoveStep, 1), ev(battle.EvMoveStep, 2), ev(battle.EvTurn, 0)},
			false, 0, 0, "move 1, no fire 1, move 2, no fire 2"},
		{"step 1's shots, then movement step 2, then step 2 waits",
			[]battle.Event{ev(battle.EvAttack, 0), ev(battle.EvDamage, 0), ev(battle.EvMoveStep, 2), ev(battle.EvFiringStep, 2)},
			false, 1, 2, "fire 1, move 2"},
		{"step 1's shots, movement step 2, nobody can fire in step 2",
			[]battle.Event{ev(battle.EvAttack, 0), ev(battle.EvMoveStep, 2), ev(battle.EvTurn, 0)},
			false, 1, 0, "fire 1, move 2, no fire 2"},
		{"step 2's shots end the turn",
			[]battle.Event{ev(battle.EvAttack, 0), ev(battle.EvAttack, 0), ev(battle.EvTurn, 0)},
			false, 2, 0, "fire 2"},
		{"the battle ends in movement step 1: no firing step follows",
			[]battle.Event{ev(battle.EvMoveStep, 1), ev(battle.EvEliminated, 0), ev(battle.EvEnd, 0)},
			false, 0, 0, "move 1"},
		{"Quick Start Rules: one movement, its firing waits",
			[]battle.Event{ev(battle.EvMoveStep, 1), ev(battle.EvFiringStep, 1)},
			true, 0, 1, "move"},
		{"Quick Start Rules: nobody can fire",
			[]battle.Event{ev(battle.EvMoveStep, 1), ev(battle.EvTurn, 0)},
			true, 0, 0, "move, no fire 1"},
		{"the engine's firing steps without shots, each its own beat",
			[]battle.Event{ev(battle.EvMoveStep, 1), ev(battle.EvNoFire, 1), ev(battle.EvMoveStep, 2), ev(battle.EvNoFire, 2), ev(battle.EvTurn, 0)},
			false, 0, 0, "move 1, no fire 1, move 2, no fire 2"},
		{"Quick Start Rules: the engine says nobody can fire",
			[]battle.Event{ev(battle.EvMoveStep, 1), ev(battle.EvNoFire, 1), ev(battle.EvTurn, 0)},
			true, 0, 0, "move, no fire 1"},
		{"step 1's shots, movement step 2, the engine says nobody can fire in step 2",
			[]battle.Event{ev(battle.EvAttack, 0), ev(battle.EvMoveStep, 2), ev(battle.EvNoFire, 2), ev(battle.EvTurn, 0)},
			false, 1, 0, "fire 1, move 2, no fire 2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := beatsOf(tt.evs, tt.quick, tt.declared, tt.waiting)
			assert.Equal(t, tt.want, beatNames(got))
			for _, b := range got {
				for _, e := range b.events {
					if e.Kind == battle.EvFTLRoll {
						assert.Equal(t, "move 1", b.step, "the jump is drawn in movement step 1")
					}
					if e.Kind == battle.EvAttack {
						assert.Equal(t, beatFire, b.kind, "shots show in a firing beat")
					}
				}
			}
		})
	}
}

// TestPlaybackOfRealTurnsIsInTheRulesOrder: two turns of Close quarters
// (Complete Rules) played through the screen: every turn's beats are
// movement step 1, firing step 1 (shots or "no ship can fire"),
// movement step 2, firing step 2, in that order, and the board of a
// firing beat is the board after its movement step (the headline says
// what is on it).
func TestPlaybackOfRealTurnsIsInTheRulesOrder(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Complete), 3)
	require.NoError(t, err)
	a.Show(g)
	var seen []beat
	for steps := 0; ; steps++ {
		require.Less(t, steps, 400)
		if (g.battle().Turn() > 2 || g.battle().Phase() == battle.Over) && g.Stage() != "anim" && g.Stage() != "results" {
			break // turn 2 played back to its end
		}
		switch g.Stage() {
		case "cover":
			enter(a)
		case "plan":
			n := len(g.battle().Journal())
			send(a, kit.Type("3")...)
			enter(a)
			if len(g.battle().Journal()) == n {
				enter(a)
			}
			if len(g.battle().Journal()) == n {
				send(a, kit.Type("h")...)
			}
		case "declare":
			for _, id := range g.shooters(g.battle().View(g.side)) {
				g.shooter = id
				send(a, kit.Type("1")...)
			}
			enter(a)
		case "anim", "results":
			seen = append(seen, playBack(a, g)...)
		default:
			enter(a)
		}
	}
	// split by turn: each turn is move 1, fire 1, move 2, fire 2
	order := map[string]int{"move 1": 0, "fire 1": 1, "no fire 1": 1, "move 2": 2, "fire 2": 3, "no fire 2": 3}
	names := strings.Split(beatNames(seen), ", ")
	var turns [][]string
	for _, n := range names {
		if n == "move 1" || len(turns) == 0 {
			turns = append(turns, nil)
		}
		turns[len(turns)-1] = append(turns[len(turns)-1], n)
	}
	require.GreaterOrEqual(t, len(turns), 2, "two turns played: %v", names)
	for i, tn := range turns[:2] {
		require.Len(t, tn, 4, "turn %d: %v", i+1, tn)
		for k, n := range tn {
			assert.Equal(t, k, order[n], "turn %d: beat %d is %q (%v)", i+1, k, n, tn)
		}
	}
	assert.Contains(t, names, "fire 1", "shots in firing step 1: %v", names)
}

// TestPlaybackWaitsOrGoesOnAtTheAutomaticPace: by default each beat waits
// for the player however long the screen runs; with "Pace: automatic"
// chosen (a click on the button) the beats go on by themselves until
// the game wants a decision again.
func TestPlaybackWaitsOrGoesOnAtTheAutomaticPace(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Complete), 3)
	require.NoError(t, err)
	a.Show(g)
	planAll(t, a, g)
	planAll(t, a, g)
	enter(a) // the reveal
	require.Equal(t, "anim", g.Stage())
	for i := 0; i < 600; i++ { // ten seconds
		a.Tick(1.0 / 60)
	}
	require.Equal(t, "results", g.Stage(), "the first beat waits")
	clickButton(t, a, "Pace: wait for me")
	assert.Equal(t, DefaultAutoPace, a.AutoPace)
	for i := 0; i < 60*60 && (g.Stage() == "anim" || g.Stage() == "results"); i++ {
		a.Tick(1.0 / 60)
		a.Frame()
	}
	assert.NotContains(t, []string{"anim", "results"}, g.Stage(), "the beats went on by themselves")
}

// TestAShipEnteringNextTurnIsNotOnTheBoardBeforeItsBeat: The Jump Point's
// second hunter enters play by FTL at the start of turn 2, in the same
// batch of events as turn 1's moves. While turn 1's movement and firing
// steps are played back the board does not show it (the headline
// describes what is on the board); at its own beat it is there.
func TestAShipEnteringNextTurnIsNotOnTheBoardBeforeItsBeat(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	onBoard := func() bool {
		for _, op := range a.Frame().Ops {
			if op.Text == "hunter-2" && op.At.X < a.W-430 {
				return true
			}
		}
		return false
	}
	before, at := 0, 0
	for steps := 0; steps < 200 && g.battle().Turn() == 1 || g.Stage() == "anim" || g.Stage() == "results"; steps++ {
		switch g.Stage() {
		case "plan":
			for range 8 {
				if _, now := g.plannable(g.side); !now {
					break
				}
				send(a, kit.Type("4")...)
				enter(a)
				enter(a)
			}
			send(a, kit.Type("h")...)
		case "anim", "results":
			entry := false
			for _, e := range g.beats[g.beat].events {
				entry = entry || e.Ship == "hunter-2" && (e.Kind == battle.EvFTLEntry || e.Kind == battle.EvEnters)
			}
			if entry {
				at++
				assert.True(t, onBoard(), "hunter-2 at its entry beat")
				assert.Equal(t, 2, g.shownTurn(g.publicView()), "the entry beat is turn 2's")
			} else if g.shownTurn(g.publicView()) == 1 {
				before++
				assert.False(t, onBoard(), "hunter-2 drawn in turn 1's beat %q", g.beats[g.beat].headline(a.Words))
			}
			runAnim(a, g)
			enter(a)
		default:
			enter(a)
		}
		if g.battle().Turn() == 2 && g.Stage() == "cover" {
			break
		}
	}
	assert.Positive(t, before, "turn 1's beats were played back")
	assert.Positive(t, at, "hunter-2's entry had a beat")
}
