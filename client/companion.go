package client

import (
	"context"
	"errors"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/wire"
)

// A companion game's seat (wire.State.Companion) sends, besides plans
// (Seal) and open commands (Act, a pose correction among them), the dice
// and counters the game waits for (Supply), undo proposals (Undo) and
// answers to the other player's (Consent).

// Supply answers the draw the game waits for (State.Need): a die or pick
// typed from the table, a counter drawn from the table's cup, or the
// app's roll. A refusal is a *Refused, the game unchanged.
func (c *Client) Supply(ctx context.Context, s wire.Supply) error {
	return c.message(ctx, wire.TypeSupply, func(m *wire.ClientMsg) { m.Supply = &s })
}

// SupplyValue is Supply of a die or pick typed from the table.
func (c *Client) SupplyValue(ctx context.Context, v int) error {
	return c.Supply(ctx, wire.Supply{Value: &v})
}

// SupplyCounter is Supply of a counter drawn from the table's cup.
func (c *Client) SupplyCounter(ctx context.Context, counter battle.Counter) error {
	return c.Supply(ctx, wire.Supply{Counter: &counter})
}

// Undo proposes to take back the seat's back latest actions of the game
// (the other player consents or declines).
func (c *Client) Undo(ctx context.Context, back int) error {
	return c.message(ctx, wire.TypeUndo, func(m *wire.ClientMsg) { m.Undo = &wire.Undo{Back: back} })
}

// Consent answers the other player's undo proposal.
func (c *Client) Consent(ctx context.Context, agree bool) error {
	return c.message(ctx, wire.TypeConsent, func(m *wire.ClientMsg) { m.Consent = &wire.Consent{Agree: agree} })
}

// ProposePoses proposes where the other player's models stand (its owner
// agrees or refuses: AnswerPoses).
func (c *Client) ProposePoses(ctx context.Context, p wire.Poses) error {
	return c.message(ctx, wire.TypePoses, func(m *wire.ClientMsg) { m.Poses = &p })
}

// AnswerPoses answers the other player's pose proposal for this seat's
// ships (State.Poses): agreed, the server corrects each pose.
func (c *Client) AnswerPoses(ctx context.Context, agree bool) error {
	return c.message(ctx, wire.TypeConsent, func(m *wire.ClientMsg) { m.Consent = &wire.Consent{Agree: agree, Poses: true} })
}

// message sends one message for the moment of the latest state, as Act
// does: again after a lost connection, unless the server has moved on.
func (c *Client) message(ctx context.Context, typ string, fill func(*wire.ClientMsg)) error {
	st := c.State()
	if st == nil {
		return errors.New(typ + ": no state yet")
	}
	at := momentOf(st)
	for {
		if err := c.connected(ctx); err != nil {
			return err
		}
		m := at.msg(typ)
		fill(&m)
		err := c.send(ctx, m)
		if !errors.Is(err, errDisconnected) {
			return err
		}
		if err := c.connected(ctx); err != nil {
			return err
		}
		if now := c.State(); now.Seq != st.Seq {
			return nil
		}
	}
}
