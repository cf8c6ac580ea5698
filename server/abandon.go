package server

import (
	"time"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/wire"
)

// The rules of an absent player (Options.JoinWithin, AbandonedExpiry,
// IdleExpiry; stated in wire/PROTOCOL.md "Clocks" and docs/server.md). A
// game is never frozen and never vanishes: a game left unplayed past its
// time ENDS, as a message the server stores (abandonBody), with an
// Abort in its state and in its signed record:
//
//   - a seat not taken within JoinWithin of the latest message (or of the
//     game's creation): the game never began; it is called off with no
//     result (wire.AbortNotJoined);
//   - otherwise a game without a clock with no message for
//     AbandonedExpiry while nobody is playing it (no plan revealed yet, or
//     a reveal owed: an honest client reveals as soon as it may), and any
//     game with no message for IdleExpiry: the side that owes a move (a
//     commitment, a reveal, an open decision, a die or counter of a
//     companion game) forfeits, and the other wins
//     (wire.AbortNoReveal when what it owed was a reveal, else
//     wire.AbortAbandoned). When both sides owe a move, or neither does,
//     nobody is playing: the game is abandoned with no result.
//
// A game with a clock is ended by its clock first (clock.go); these rules
// end it only if it outlasts them.
type absence struct{ joinWithin, abandoned, idle time.Duration }

// abandonDue reports whether the game, last played at g.lastAt, is left
// unplayed past its time at now. The store's abandoned query finds the
// same games by its columns (an index of this rule); this is the rule.
func (g *game) abandonDue(now time.Time, r absence) bool {
	if g.over() || g.lastAt.IsZero() {
		return false
	}
	idle := now.Sub(g.lastAt)
	switch {
	case len(g.joined) < 2:
		return idle > r.joinWithin
	case idle > r.idle:
		return true
	}
	return g.clock == nil && (!g.underWay() || g.awaitingReveal()) && idle > r.abandoned
}

// absent lists the sides that owe a move now: an untaken seat, a
// commitment or open decision not made, a reveal not made once every side
// owing has committed, a die or counter a companion game waits for.
func (g *game) absent() []battle.Side {
	var out []battle.Side
	st := g.cur()
	all, _ := g.allCommitted(st)
	for _, s := range battle.Sides {
		switch {
		case !g.joined[s]:
		case g.commits[s] != "" && !g.revealed[s] && all:
		case g.commits[s] == "" && len(g.owe(st, s)) > 0:
		case g.need != nil && (g.need.Side == s || g.need.Side == ""):
			// A die or pick either player may roll is owed by both.
		default:
			continue
		}
		out = append(out, s)
	}
	return out
}

// abandon ends the game by the rules of an absent player (absence),
// whatever its time: the caller decides when (abandonDue), and a rebuild
// replays the stored decision.
func (g *game) abandon() {
	turn := g.cur().Turn
	if len(g.joined) < 2 {
		g.aborted = &wire.Abort{Reason: wire.AbortNotJoined, Turn: turn}
	} else if out := g.absent(); len(out) == 1 {
		reason := wire.AbortAbandoned
		if g.commits[out[0]] != "" {
			reason = wire.AbortNoReveal
		}
		g.abort(out[0], reason, turn)
	} else {
		g.aborted = &wire.Abort{Reason: wire.AbortAbandoned, Turn: turn}
	}
	g.seq++
}
