package ui

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/table/seat"
)

// A catch-up is a playback of several turns at once: a network seat
// that comes back after being away (its phone asleep, its connection
// down, its seat handed to a computer player), a delayed spectator. The
// server keeps the moves of the last wire.CatchUpTurns turns; the turns
// before those, whose moves no seat can be sent any more, are told in a
// summary beat (what happened in each, from the typed events the seat
// was sent: shots and hits, damage, ships lost, FTL jumps, collisions),
// and the turns whose moves the seat knows are played back along their
// own paths. The player may skip to the game's present at any beat.

// foldUnknownTurns folds, in a playback of several turns, every beat of
// the turns before the first turn whose moves the seat knows (seat.Flights)
// into one summary beat: those turns cannot be played back honestly
// (their ships would stand still, then jump). A playback of one turn, or
// one whose every turn is known, is returned as it is. With no turn known
// at all every turn but the last is folded.
func foldUnknownTurns(bs []beat, known func(turn int) bool) []beat {
	var turns []int
	for _, b := range bs {
		if b.turn > 0 && !slices.Contains(turns, b.turn) {
			turns = append(turns, b.turn)
		}
	}
	if len(turns) < 2 {
		return bs
	}
	first := turns[len(turns)-1] // the first turn played back along its moves
	for _, t := range turns {
		if known(t) {
			first = t
			break
		}
	}
	if first == turns[0] {
		return bs
	}
	sum := beat{kind: beatSummary, from: turns[0], turn: first - 1}
	var out []beat
	folded, placed := false, false
	for _, b := range bs {
		if b.turn > 0 && b.turn < first {
			sum.events = append(sum.events, b.events...)
			sum.end, folded = b.end, true
			continue
		}
		if folded && !placed {
			out, placed = append(out, sum), true
		}
		out = append(out, b)
	}
	if folded && !placed {
		out = append(out, sum)
	}
	return out
}

// knownTurn reports whether the seat knows turn's moves.
func (g *Game) knownTurn(turn int) bool {
	f, ok := g.seat.(seat.Flights)
	if !ok {
		return false
	}
	_, ok = f.Flown(turn)
	return ok
}

// summaryLines says, turn by turn, what happened in the turns a summary
// beat folds (b.from to b.turn): rendered here from the typed events
// (no event's sentence is read).
func (g *Game) summaryLines(b beat) []string {
	byTurn := map[int][]battle.Event{}
	for _, e := range b.events {
		byTurn[e.Turn] = append(byTurn[e.Turn], e.Event)
	}
	var out []string
	for t := b.from; t <= b.turn; t++ {
		out = append(out, fmt.Sprintf("Turn %d: %s", t, turnSummary(byTurn[t])))
	}
	return out
}

// turnSummary is one turn's happenings in a sentence: the shots fired and
// the hits, the damage and collision counters each ship drew, the ships
// that came into play, jumped and were lost, the battle's end.
func turnSummary(evs []battle.Event) string {
	var parts []string
	shots, hits := 0, 0
	damage, collision := map[string]int{}, map[string]int{}
	var drew []string // the ships that drew counters, in the events' order
	note := func(id string) {
		if !slices.Contains(drew, id) {
			drew = append(drew, id)
		}
	}
	var entered, jumped, lost []string
	var end string
	for _, e := range evs {
		switch e.Kind {
		case battle.EvAttack:
			shots++
			if e.Attack != nil {
				hits += e.Attack.Hits
			}
		case battle.EvDamage:
			damage[e.Ship] += e.Count
			note(e.Ship)
		case battle.EvCollision:
			collision[e.Ship] += e.Kept
			note(e.Ship)
		case battle.EvEnters:
			entered = append(entered, e.Ship)
		case battle.EvFTLEntry:
			entered = append(entered, e.Ship+" (by FTL)")
		case battle.EvFTLRoll:
			jumped = append(jumped, e.Ship)
		case battle.EvJumpOut:
			jumped = append(jumped, e.Ship+" (out of the playing area)")
		case battle.EvEliminated:
			lost = append(lost, e.Ship+" ("+e.Cause+")")
		case battle.EvEnd:
			end = strings.TrimSuffix(endWords(e), ".")
		}
	}
	if len(entered) > 0 {
		parts = append(parts, "into play: "+strings.Join(entered, ", "))
	}
	if len(jumped) > 0 {
		parts = append(parts, "FTL jump: "+strings.Join(jumped, ", "))
	}
	if shots > 0 {
		parts = append(parts, fmt.Sprintf("%s, %s", count(shots, "shot"), count(hits, "hit")))
	} else {
		parts = append(parts, "no shots")
	}
	for _, id := range drew {
		var what []string
		if n := damage[id]; n > 0 {
			what = append(what, count(n, "damage counter"))
		}
		if n := collision[id]; n > 0 {
			what = append(what, count(n, "collision counter"))
		}
		if len(what) > 0 {
			parts = append(parts, id+" drew "+strings.Join(what, " and "))
		}
	}
	if len(lost) > 0 {
		parts = append(parts, "lost: "+strings.Join(lost, ", "))
	}
	if end != "" {
		parts = append(parts, end)
	}
	return strings.Join(parts, "; ") + "."
}

// catchUp reports whether the playback on screen is a catch-up (it plays
// a later turn's steps after those of the turn it starts in: the seat
// saw none of that turn's planning) and, if so, the first and last turn
// played back. A turn's last step with what begins the next (its FTL
// arrivals: a beatResults of the new turn) is one moment of play, not
// a catch-up; nor are the beats a companion game does not play back
// (copiedAtTable).
func (g *Game) catchUp() (first, last int, ok bool) {
	if g.st != stAnim && g.st != stResults || len(g.beats) == 0 {
		return 0, 0, false
	}
	steps := 0 // the latest turn with a step played back
	for i, b := range g.beats {
		if g.copiedAtTable(i) {
			continue
		}
		lo := b.turn
		if b.kind == beatSummary {
			lo = b.from
		}
		if lo <= 0 {
			continue
		}
		if first == 0 || lo < first {
			first = lo
		}
		last = max(last, b.turn)
		if b.kind != beatResults {
			steps = max(steps, b.turn)
		}
	}
	return first, last, first > 0 && steps > first
}

// playbackLine says, while a playback is on screen in a network game,
// what the board shows rather than whose turn it is: "Turn 3 of 7 being
// played back" ("Turns 1 to 4 summed up" on a summary beat), then where
// the game is. "" when no playback is on screen.
func (g *Game) playbackLine() string {
	if g.st != stAnim && g.st != stResults || g.beat >= len(g.beats) {
		return ""
	}
	b := g.beats[g.beat]
	v := g.publicView()
	first, last, several := g.catchUp()
	var s string
	switch {
	case b.kind == beatSummary:
		s = fmt.Sprintf("Turns %d to %d summed up (their moves are no longer kept)", b.from, b.turn)
	case several:
		s = fmt.Sprintf("Turn %d of %d being played back (turns %d to %d arrived at once)", g.shownTurn(v), last, first, last)
	default:
		s = fmt.Sprintf("Turn %d being played back", g.shownTurn(v))
	}
	if yours, ok := g.YourTurn(); ok && yours {
		return s + fmt.Sprintf("; then you decide for turn %d.", v.Turn)
	}
	if v.Phase == battle.Over {
		return s + "; the battle is over."
	}
	return s + "."
}

// skipLabel is the skip button's words: to the player's own decision
// when the game awaits it, else to the game's present.
func (g *Game) skipLabel() string {
	if yours, ok := g.YourTurn(); ok && yours {
		return "Skip to your turn"
	}
	if g.publicView().Phase == battle.Over {
		return "Skip to the end"
	}
	return fmt.Sprintf("Skip to turn %d", g.publicView().Turn)
}

// skipPlayback ends the playback on screen: the game goes on where it is
// (every line played back stays in the log).
func (g *Game) skipPlayback() {
	g.playBeat(len(g.beats))
}

// playbackTitle is the window title's start while a network game plays
// back an earlier turn ("Turn 3 of 7 played back"); "" otherwise.
func (g *Game) playbackTitle() string {
	if _, net := g.seat.(seat.Lobby); !net || g.st != stAnim && g.st != stResults || g.beat >= len(g.beats) {
		return ""
	}
	b := g.beats[g.beat]
	if b.kind == beatSummary {
		return fmt.Sprintf("Turns %d to %d summed up", b.from, b.turn)
	}
	if _, last, several := g.catchUp(); several {
		return fmt.Sprintf("Turn %d of %d played back", g.shownTurn(g.publicView()), last)
	}
	return fmt.Sprintf("Turn %d played back", g.shownTurn(g.publicView()))
}

// seenBoard is what the screen keeps with the events its player saw (a
// seat.Memory's screen): the moment and the board it took them at, from
// which a page opened again plays back what came after.
type seenBoard struct {
	Turn  int                 `json:"turn"`
	Step  int                 `json:"step"`
	Phase battle.Phase        `json:"phase"`
	Ships map[string]seenShip `json:"ships"`
}

// seenShip is a ship of a seenBoard (snap's fields).
type seenShip struct {
	Pose     physics.Pose `json:"pose"`
	Rotation int          `json:"rotation"`
	Level    int          `json:"level"`
	OnTable  bool         `json:"on_table,omitempty"`
	Out      bool         `json:"out,omitempty"`
	Side     battle.Side  `json:"side"`
}

// keepSeen tells the seat's memory (seat.Memory: a network seat keeps
// it on this device) where the player saw the game up to, once no
// playback is on screen and the screen took events it had not kept: a
// page opened again from there plays back what came after. A playback
// left half seen is played again from its start.
func (g *Game) keepSeen() {
	m, ok := g.seat.(seat.Memory)
	if !ok || g.readOnly || !g.joined || g.beats != nil || g.st == stAnim || g.st == stResults || g.last.board == nil || g.seen == g.kept {
		return
	}
	b := seenBoard{Turn: g.last.turn, Step: g.last.step, Phase: g.last.phase, Ships: map[string]seenShip{}}
	for id, s := range g.last.board {
		b.Ships[id] = seenShip{Pose: s.pose, Rotation: s.rotation, Level: s.level, OnTable: s.onTable, Out: s.out, Side: s.side}
	}
	data, err := json.Marshal(b)
	if err != nil {
		return
	}
	if m.KeepSeen(g.seen, data) == nil {
		g.kept = g.seen
	}
}

// recall takes, on a screen opened anew over a seat whose memory keeps
// where its player saw the game up to on this device (a page reloaded, a
// new tab with the seat link, the program started again), that moment
// and board as the last the screen took: the events after it are news,
// played back turn by turn along their moves (the seat asked the server
// for them, as a connection that comes back does) like a catch-up. It
// reports false when nothing usable is kept (nothing missed, another
// game's list: the game is taken as it stands).
func (g *Game) recall() bool {
	m, ok := g.seat.(seat.Memory)
	if !ok || g.readOnly {
		return false
	}
	n, data := m.Seen()
	if n <= 0 || n >= len(g.seat.Events()) || len(data) == 0 {
		return false
	}
	var b seenBoard
	if json.Unmarshal(data, &b) != nil || b.Turn <= 0 || len(b.Ships) == 0 {
		return false
	}
	board := map[string]snap{}
	for id, s := range b.Ships {
		board[id] = snap{pose: s.Pose, rotation: s.Rotation, level: s.Level, onTable: s.OnTable, out: s.Out, side: s.Side}
	}
	g.seen, g.kept = n, n
	g.last = moment{board: board, turn: b.Turn, step: b.Step, phase: b.Phase}
	return true
}
