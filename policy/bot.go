package policy

import (
	"context"
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/wire"
)

// BotObserver is told of every state a bot acts on and of every decision
// it sends (for tests, tools and the load test's latency figures).
type BotObserver interface {
	State(*wire.State)
	Sent(kind string, err error)
}

// BotStopper is a BotObserver that may end the bot before it acts on a
// state (a stand-in that hands the seat back to its player): when Stop
// reports true the bot returns that state, having sent nothing for it.
type BotStopper interface {
	BotObserver
	Stop(*wire.State) bool
}

// Bot plays a network seat (the client c) with a computer policy to the
// end of the game, deciding from the seat's views only, and returns the
// last state (which holds the signed record). seed drives the policy's
// own choices. The bot lives with the policies, so that the client
// package, the protocol's player side, needs none of them.
func Bot(ctx context.Context, c *client.Client, p Policy, comp *assets.Components, seed uint64, obs BotObserver) (*wire.State, error) {
	c.SetComponents(comp)
	var g *Game
	lastSeq := -1
	for {
		st, err := c.Wait(ctx, func(s *wire.State) bool {
			return s.View.Phase == battle.Over || s.Aborted != nil || (s.Seq != lastSeq && len(s.Owe) > 0 && s.Ready && !slices.Contains(s.Committed, s.Seat))
		})
		if err != nil {
			return st, err
		}
		if obs != nil {
			obs.State(st)
		}
		if st.View.Phase == battle.Over || st.Aborted != nil {
			return st, nil
		}
		if s, ok := obs.(BotStopper); ok && s.Stop(st) {
			return st, nil
		}
		lastSeq = st.Seq
		if g == nil {
			g = remoteGame(c.Server(), st, comp, seed)
		}
		kind, err := decide(ctx, c, g, p, st)
		if obs != nil {
			obs.Sent(kind, err)
		}
		if err != nil {
			return st, fmt.Errorf("bot %s, turn %d, %s: %w", st.Seat, st.View.Turn, st.View.Phase, err)
		}
	}
}

// remoteGame is the policy's window on a network game. It knows the
// game's scenario, fetched from the server, so that a search plays for
// the victory conditions; a server that cannot give it leaves the policy
// reading the table off the views and playing to eliminate.
func remoteGame(server string, st *wire.State, comp *assets.Components, seed uint64) *Game {
	g := NewRemote(comp, st.Rules, seed)
	if setup, err := client.Scenario(server, st.Game); err == nil {
		g.SetScenario(setup)
	}
	return g
}

// decide makes and sends the decisions the state says the seat owes.
func decide(ctx context.Context, c *client.Client, g *Game, p Policy, st *wire.State) (string, error) {
	v := st.View
	seat := func() *Seat { return g.RemoteSeat(st.Seat, v) }
	switch v.Phase {
	case battle.Planning:
		var cmds []battle.Command
		for _, id := range st.Owe {
			plan := p.Plan(seat(), id)
			cmds = append(cmds, battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &plan})
		}
		return "plan", c.Seal(ctx, cmds)
	case battle.Declaring:
		g.SetTargets(st.Targets)
		cmd := battle.Command{Type: battle.CmdDeclare, Shots: p.Declare(seat())}
		if st.Sealed {
			return "declare", c.Seal(ctx, []battle.Command{cmd})
		}
		return "declare", c.Act(ctx, cmd)
	case battle.PlacingFTL:
		id := st.Owe[0]
		m := p.Marker(seat(), id)
		return "ftl", c.Act(ctx, battle.Command{Type: battle.CmdFTL, Ship: id, Marker: &m})
	case battle.Aligning:
		// A companion game: the computer's models stand where the moves
		// say.
		return "aligned", c.Act(ctx, battle.Command{Type: battle.CmdAligned})
	case battle.Preplanning:
		id := st.Owe[0]
		plan := p.Plan(seat(), id)
		return "preplan", c.Act(ctx, battle.Command{Type: battle.CmdPreplan, Ship: id, Plan: &plan})
	}
	return "", nil
}
