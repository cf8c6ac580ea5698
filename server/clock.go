package server

import (
	"errors"
	"fmt"
	"time"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/wire"
)

// gameClock is a game's clock (wire.ClockSpec), measured by the server:
// every message is charged at the server's time it was accepted (stored
// with it), so a rebuilt game has the same clock.
type gameClock struct {
	spec  wire.ClockSpec
	left  map[battle.Side]time.Duration
	since time.Time // the time charged up to
	turn  int       // the turn the banks were filled for (per turn)
}

func newGameClock(spec wire.ClockSpec) *gameClock {
	if spec.Mode == wire.ClockNone || spec.Mode == "" {
		return nil
	}
	c := &gameClock{spec: spec, left: map[battle.Side]time.Duration{}, turn: 1}
	for _, s := range battle.Sides {
		c.left[s] = spec.Bank()
	}
	return c
}

// over reports whether the game has ended, by the engine or by a forfeit.
func (g *game) over() bool { return g.b.Phase() == battle.Over || g.aborted != nil }

// owing reports whether side's time runs now: both seats are taken and
// it owes a commitment, a reveal (every side owing has committed) or an
// open decision.
func (g *game) owing(side battle.Side) bool {
	if g.clock == nil || g.over() || len(g.joined) < 2 || g.revealed[side] {
		return false
	}
	st := *g.cur()
	if g.commits[side] != "" {
		ok, _ := g.allCommitted(&st)
		return ok
	}
	return len(g.owe(&st, side)) > 0
}

// charge runs the clocks of the sides owing up to now. A time before the
// last one charged charges nothing.
func (g *game) charge(now time.Time) {
	c := g.clock
	if c == nil || now.IsZero() {
		return
	}
	if !c.since.IsZero() && now.After(c.since) {
		d := now.Sub(c.since)
		for _, s := range battle.Sides {
			if g.owing(s) {
				c.left[s] -= d
			}
		}
	}
	if now.After(c.since) {
		c.since = now
	}
}

// refill gives both sides a new bank at a new turn (per turn clocks).
func (g *game) refill() {
	c := g.clock
	if c == nil || c.spec.Per != "turn" || g.b.Turn() == c.turn {
		return
	}
	c.turn = g.b.Turn()
	for _, s := range battle.Sides {
		c.left[s] = c.spec.Bank()
	}
}

// grace is how far past zero a side's time may run before it is due.
func (g *game) grace() time.Duration {
	if g.clock.spec.OnExpiry == wire.ExpiryForfeit {
		return time.Duration(g.clock.spec.Grace) * time.Second
	}
	return 0
}

// deadline is when the next side's time is due (zero: none runs).
func (g *game) deadline() time.Time {
	var d time.Time
	if g.clock == nil || g.clock.since.IsZero() {
		return d
	}
	for _, s := range battle.Sides {
		if g.owing(s) {
			t := g.clock.since.Add(g.clock.left[s] + g.grace())
			if d.IsZero() || t.Before(d) {
				d = t
			}
		}
	}
	return d
}

// due lists the sides whose time (and grace) has run out, as charged.
func (g *game) due() []battle.Side {
	var out []battle.Side
	for _, s := range battle.Sides {
		if g.owing(s) && g.clock.left[s]+g.grace() <= 0 {
			out = append(out, s)
		}
	}
	return out
}

// errNotDue refuses a timeout for a side whose time has not run out.
var errNotDue = errors.New("timeout: not due")

// timeout applies the clock's rule to side, whose time has run out
// (charged to now first): wire.ExpiryForfeit: it forfeits;
// wire.ExpiryStop: its owed sealed decisions are stood in for (a
// TimedOut seal), an open declaration is no fire, and a side that owes a
// reveal after committing, or any other open decision, forfeits.
func (g *game) timeout(side battle.Side) error {
	if g.clock == nil || g.over() || !g.owing(side) || g.clock.left[side]+g.grace() > 0 {
		return errNotDue
	}
	st := *g.cur()
	switch {
	case g.clock.spec.OnExpiry == wire.ExpiryForfeit:
		g.abort(side, wire.AbortTime, st.Turn)
	case g.commits[side] != "":
		g.abort(side, wire.AbortNoReveal, st.Turn)
	case g.sealedNow(&st):
		played, notes, err := g.normalize(&st, side, nil)
		if err != nil {
			return fmt.Errorf("timeout: %w", err)
		}
		for i := range notes {
			notes[i].Refusal = "time ran out"
		}
		g.commits[side] = "timed out"
		g.revealed[side] = true
		g.opened[side] = &wire.Seal{Side: side, Turn: st.Turn, Step: st.Step, Phase: st.Phase, Round: g.round, TimedOut: true, Played: played}
		g.pending[side] = notes
		if err := g.applyOpened(); err != nil {
			return err
		}
	case st.Phase == battle.Declaring:
		if err := g.apply(battle.Command{Type: battle.CmdDeclare, Side: side}); err != nil {
			return errDirty{fmt.Errorf("timeout: no fire for %s: %w", side, err)}
		}
		g.notes = append(g.notes, wire.StandInNote{Side: side, Turn: st.Turn, Step: st.Step, Phase: st.Phase, Index: -1,
			Refusal: "time ran out", Played: &battle.Command{Type: battle.CmdDeclare}})
	default:
		g.abort(side, wire.AbortOpenDecision, st.Turn)
	}
	g.seq++
	return g.settle()
}

func (g *game) abort(side battle.Side, reason string, turn int) {
	g.aborted = &wire.Abort{Forfeits: side, Reason: reason, Turn: turn}
}

// clockView is the clock as a state shows it.
func (g *game) clockView() *wire.Clock {
	if g.clock == nil {
		return nil
	}
	v := &wire.Clock{Spec: g.clock.spec, LeftMs: map[battle.Side]int64{}, AtMs: g.clock.since.UnixMilli()}
	for _, s := range battle.Sides {
		v.LeftMs[s] = g.clock.left[s].Milliseconds()
		if g.owing(s) {
			v.Running = append(v.Running, s)
		}
	}
	return v
}
