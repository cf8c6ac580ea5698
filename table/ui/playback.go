package ui

import (
	"fmt"

	"github.com/starshipbattles/bsg/battle"
)

// beatKind is one beat of a turn's playback, in the rules' order (The
// turn: movement step 1, firing step 1, movement step 2, firing step 2;
// the Quick Start Rules have one of each).
type beatKind int

const (
	// beatMove: the ships move through one movement step; FTL jumps are
	// drawn where and when they happen, in movement step 1.
	beatMove beatKind = iota
	// beatFire: a firing step's shots, each with its card, dice, ruler
	// and HIT or MISS.
	beatFire
	// beatNoFire: a firing step in which no ship can fire.
	beatNoFire
	// beatResults: what happened outside the movement and firing steps
	// (a reveal before the FTL markers are placed, a severely wounded
	// pilot's cards).
	beatResults
	// beatSummary: the turns of a catch-up whose moves the seat does not
	// know (older than wire.CatchUpTurns), told turn by turn in words
	// over the board as they left it (catchup.go).
	beatSummary
)

// beat is one step of the playback: the player sees it, then goes on
// (Enter or a tap).
type beat struct {
	kind beatKind
	// step is the movement step moved ("move", "move 1" or "move 2") of
	// a beatMove; fire, the firing step of a beatFire or beatNoFire.
	step string
	fire int
	// events are what the beat shows in words (public, not bookkeeping).
	events []logEntry
	// turn is the turn the beat belongs to (a batch of events may span
	// several: a reconnect, a delayed spectator's catch-up)
	turn int
	// from is the first turn a beatSummary tells (turn the last).
	from int
	// end is where the beat ends in the events it was cut from: the log
	// shows evs[:end] while the beat is on screen, never a later beat's
	// lines (Turn 3 begins while turn 2's ships still move).
	end int
}

// moveStepName is a movement step's name in the engine's outcomes.
func moveStepName(k int, quick bool) string {
	if quick {
		return "move"
	}
	return fmt.Sprintf("move %d", k)
}

// beatsOf splits the events of one command into the beats of the
// playback, in the order the engine played them, from its typed markers
// (EvMoveStep opens a movement step, EvFiringStep a firing step whose
// shots follow, EvNoFire a firing step without shots). declared is the
// firing step the command declared shots for (its attacks come first), 0
// for any other command; waiting is the firing step the engine now waits
// for declarations in (0: none). A movement step followed by neither
// marker (events of a format 2 game) gets a beatNoFire all the same; a
// firing step that waits for declarations gets no beat yet.
func beatsOf(evs []battle.Event, quick bool, declared, waiting int) []beat {
	var out []beat
	cur := beat{kind: beatResults}
	if declared > 0 {
		cur = beat{kind: beatFire, fire: declared}
	}
	lastMove, fired := 0, map[int]bool{}
	turn := 0
	if len(evs) > 0 {
		turn = evs[0].Turn
	}
	at := 0 // the index of the event being read: where a flushed beat ends
	flush := func() {
		cur.end, cur.turn = at, turn
		if cur.kind == beatFire && cur.fire == waiting && cur.fire != declared {
			// the step still waits for declarations: what is in
			// (another side's open declaration) shows in the firing
			// panel, its shots in the step's beat once it is resolved
			return
		}
		if cur.kind == beatMove || cur.kind == beatNoFire || len(cur.events) > 0 {
			out = append(out, cur)
		}
	}
	noFireAfter := func(k int) {
		if k > 0 && !fired[k] && waiting != k {
			out = append(out, beat{kind: beatNoFire, fire: k, end: at, turn: turn})
		}
	}
	over := false
	for i, e := range evs {
		at = i
		if e.Turn != turn {
			// a new turn begins (ships entering play, by FTL too): the
			// last turn's steps end here, the new turn's happenings get
			// a beat of their own
			flush()
			if lastMove > 0 && !fired[lastMove] {
				out = append(out, beat{kind: beatNoFire, fire: lastMove, end: at, turn: turn})
			}
			turn, lastMove, fired = e.Turn, 0, map[int]bool{}
			cur = beat{kind: beatResults}
		}
		switch e.Kind {
		case battle.EvMoveStep:
			flush()
			noFireAfter(lastMove)
			lastMove = e.Step
			cur = beat{kind: beatMove, step: moveStepName(e.Step, quick)}
			continue
		case battle.EvFiringStep:
			flush()
			fired[e.Step] = true
			cur = beat{kind: beatFire, fire: e.Step}
			continue
		case battle.EvNoFire:
			// the engine's firing step without shots: its own beat, the
			// headline says it
			flush()
			fired[e.Step] = true
			cur = beat{kind: beatNoFire, fire: e.Step}
			continue
		case battle.EvEnd:
			over = true
		}
		if e.Secret || routine(e) {
			continue
		}
		cur.events = append(cur.events, logEntry{Event: e})
	}
	at = len(evs)
	flush()
	if !over {
		noFireAfter(lastMove)
	}
	return out
}

// headline says what the beat on screen shows: always what is on the
// board.
func (b beat) headline(words func(desktop, touch string) string) string {
	switch b.kind {
	case beatMove:
		title := "Movement step " + b.step[len(b.step)-1:]
		if b.step == "move" {
			title = "Movement"
		}
		for _, e := range b.events {
			if ftlKind(e.Event) {
				return title + ": the ships move; FTL jumps where they happen."
			}
		}
		return title + ": the ships move."
	case beatFire:
		for _, e := range b.events {
			if e.Kind == battle.EvAttack {
				return fmt.Sprintf("Firing step %d: fire! The dice have spoken.", b.fire)
			}
		}
		// every ship that could fire held it: no dice were rolled
		return fmt.Sprintf("Firing step %d: no shots; every ship that could fire held its fire.", b.fire)
	case beatSummary:
		if b.from == b.turn {
			return fmt.Sprintf("Turn %d in short: its moves are no longer kept; the board shows where it left the ships.", b.turn)
		}
		return fmt.Sprintf("Turns %d to %d in short: their moves are no longer kept; the board shows where they left the ships.", b.from, b.turn)
	case beatNoFire:
		return fmt.Sprintf("Firing step %d: no ship can fire (none has an enemy in its fire arc, in range and in sight).", b.fire)
	}
	for _, e := range b.events {
		if ftlKind(e.Event) {
			return "FTL jump: where the ship came out."
		}
	}
	return "What happened."
}
