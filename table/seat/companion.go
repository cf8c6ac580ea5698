package seat

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/wire"
)

// Table is what a companion seat adds to a Seat (the game is played with
// models on a real table; the program keeps the twin and the books): the
// screen looks for it with a type assertion. A pose correction is a Do of
// battle.CmdPose (after a movement step, for one of the seat's ships: the
// twin follows the model).
type Table interface {
	// AtTable reports whether the game is a companion game (the rest of
	// Table does nothing in another).
	AtTable() bool
	// Need is the die, choice at random or counter the game waits for
	// (nil: none), and whether this seat makes the draw (a counter's
	// owner; a die's roller, wire.Need.Side; the Colonial seat for a
	// choice at random, though either may).
	Need() (need *wire.Need, mine bool)
	// Supply answers the need: a die or choice typed from the table
	// (Value), a counter drawn from the table's cup (Counter), or the
	// app's roll or draw from its secret cup (Roll). It is sent in the
	// background (Status.Sending; a refusal in Status.Err, the game
	// unchanged).
	Supply(s wire.Supply) error
	// ProposeUndo proposes to take back the back latest actions
	// (UndoPoints counts them); AnswerUndo answers the other player's
	// proposal (Offer).
	ProposeUndo(back int) error
	AnswerUndo(agree bool) error
	Offer() *wire.UndoOffer
	UndoPoints() int
	// LastAction is what an undo of one action would take back (nil:
	// none), as this seat may know it (a counter's value only for its
	// owner: wire.TakeBack.For).
	LastAction() *wire.TakeBack
	// ProposePoses proposes where the other player's models stand (from
	// a photo of a disputed shot, or set on the twin): only a ship's
	// owner corrects it, so the owner agrees or refuses (AnswerPoses).
	// PoseOffer is the proposal waiting for an answer, either seat's
	// (By says whose; nil: none).
	ProposePoses(p wire.Poses) error
	AnswerPoses(agree bool) error
	PoseOffer() *wire.PoseOffer
	// Aligned are the players who have said the table is aligned after
	// the movement step being aligned (wire.State.Aligned): the game goes
	// on once both have; a pose corrected meanwhile voids their word.
	Aligned() []battle.Side
	// Moves are the latest reveal's moves to copy onto the table: the
	// cards, the plan as it flies, the rules an illegal plan breaks and
	// what to do at the table, the stand's pose after each step.
	Moves() []wire.TableMove
}

// Companion is a seat of a companion game: a network seat (Net) and the
// Table capability. Its own sends (supplies, pose corrections, undo) go
// in the background apart from the seat's decisions, so that a die typed
// in while declaring leaves the declaration owed.
type Companion struct {
	*Net
	busy string
	done chan error
	err  error
}

// NewCompanion connects to a seat of a companion game (as NewNet).
func NewCompanion(comp *assets.Components, base, token string, seals client.SealStore) *Companion {
	return WithTable(NewNet(comp, base, token, seals))
}

// WithTable gives a network seat the Table capability: a seat link opened
// before anyone knows the game's kind plays a companion game as one
// (AtTable), any other as the network seat it is.
func WithTable(n *Net) *Companion { return &Companion{Net: n, done: make(chan error, 1)} }

// AtTable implements Table.
func (c *Companion) AtTable() bool { st := c.State(); return st != nil && st.Companion }

var _ Table = (*Companion)(nil)
var _ Seat = (*Companion)(nil)

// sendAside runs one of the companion's sends in the background.
func (c *Companion) sendAside(what string, f func(ctx context.Context) error) error {
	if c.busy != "" {
		return fmt.Errorf("%s: still sending", c.busy)
	}
	if c.State() == nil || c.State().Seat == "" {
		return errors.New("a spectator sends nothing")
	}
	c.busy, c.err = what, nil
	go func() { c.done <- f(context.Background()) }()
	return nil
}

// Do implements Seat: a pose correction (battle.CmdPose) and the word
// that the table is aligned (battle.CmdAligned) go aside; every other
// decision as the network seat sends it.
func (c *Companion) Do(cmd battle.Command) error {
	st := c.State()
	switch cmd.Type {
	case battle.CmdPose:
		if st == nil || cmd.Side != st.Seat {
			return errors.New("pose: only an own ship's pose is corrected")
		}
		if cmd.Pose == nil {
			return errors.New("pose: pose: missing")
		}
		cmd.Side = ""
		return c.sendAside("the pose of "+cmd.Ship, func(ctx context.Context) error { return c.Client().Act(ctx, cmd) })
	case battle.CmdAligned:
		if st == nil || st.View.Phase != battle.Aligning {
			return errors.New("aligned: the game is not waiting for the table")
		}
		if st.Need != nil || slices.Contains(st.Aligned, st.Seat) {
			// This player has said so already (Aligned), or both have
			// and the game goes on from there once the draw it waits
			// for comes (Need). Nothing more to send.
			return nil
		}
		cmd.Side = ""
		return c.sendAside("the table is aligned", func(ctx context.Context) error {
			err := c.Client().Act(ctx, cmd)
			if err != nil && movedOn(st, c.Client().State()) {
				// both players said it at once: the other's came first
				return nil
			}
			return err
		})
	}
	return c.Net.Do(cmd)
}

// movedOn reports whether the game has gone on from the aligning in st
// to now: another step, turn or phase, or a draw the table owes after it
// (the other player said the table is aligned).
func movedOn(st, now *wire.State) bool {
	if now == nil || now.Seq == st.Seq {
		return false
	}
	v, w := st.View, now.View
	return w.Turn != v.Turn || w.Step != v.Step || w.Phase != battle.Aligning || now.Need != nil
}

// Poll implements Seat: the network seat's news and the result of a send
// aside.
func (c *Companion) Poll() bool {
	changed := c.Net.Poll()
	select {
	case err := <-c.done:
		c.busy, c.err, changed = "", err, true
	default:
	}
	return changed
}

// Status implements Seat: a send aside shows as Sending, its refusal as
// Err; while the game waits for a die, a choice or a counter from the
// table, Waiting is the player who makes that draw, none when it is this
// seat's.
func (c *Companion) Status() Status {
	st := c.Net.Status()
	if n, mine := c.Need(); n != nil {
		st.Waiting = ""
		if !mine {
			st.Waiting = c.State().Seat.Opponent()
		}
	}
	if c.busy != "" {
		st.Sending = c.busy
	}
	if c.err != nil {
		st.Err = c.err
	}
	return st
}

// Need implements Table.
func (c *Companion) Need() (*wire.Need, bool) {
	st := c.State()
	if st == nil || st.Need == nil {
		return nil, false
	}
	n := st.Need
	if n.Side != "" {
		// a counter's owner draws it; a die's roller (the attacker, the
		// jumping ship's player) rolls it and types it in
		return n, n.Side == st.Seat
	}
	return n, st.Seat == battle.Colonial
}

// Supply implements Table.
func (c *Companion) Supply(s wire.Supply) error {
	n, _ := c.Need()
	if n == nil {
		return errors.New("supply: the game waits for no die or counter")
	}
	need := *n
	return c.sendAside("the draw", func(ctx context.Context) error {
		if err := c.Client().Supply(ctx, s); err != nil {
			return &SupplyRefused{Supply: s, Need: need, Err: err}
		}
		return nil
	})
}

// SupplyRefused is a die or counter this seat supplied that did not go
// through (Status.Err): what was supplied, the need it answered, and why
// (the server's refusal, a *client.Refused: a die outside 1 to 6, a
// counter not in the cup; the game unchanged). The screen says it where
// the player typed it, as long as the same need is asked.
type SupplyRefused struct {
	Supply wire.Supply
	Need   wire.Need
	Err    error
}

func (e *SupplyRefused) Error() string { return e.Err.Error() }
func (e *SupplyRefused) Unwrap() error { return e.Err }

// ProposeUndo implements Table.
func (c *Companion) ProposeUndo(back int) error {
	return c.sendAside("the undo proposal", func(ctx context.Context) error { return c.Client().Undo(ctx, back) })
}

// AnswerUndo implements Table.
func (c *Companion) AnswerUndo(agree bool) error {
	return c.sendAside("the answer", func(ctx context.Context) error { return c.Client().Consent(ctx, agree) })
}

// Offer implements Table.
func (c *Companion) Offer() *wire.UndoOffer {
	if st := c.State(); st != nil {
		return st.Undo
	}
	return nil
}

// ProposePoses implements Table.
func (c *Companion) ProposePoses(p wire.Poses) error {
	return c.sendAside("the pose proposal", func(ctx context.Context) error { return c.Client().ProposePoses(ctx, p) })
}

// AnswerPoses implements Table.
func (c *Companion) AnswerPoses(agree bool) error {
	return c.sendAside("the answer", func(ctx context.Context) error { return c.Client().AnswerPoses(ctx, agree) })
}

// PoseOffer implements Table.
func (c *Companion) PoseOffer() *wire.PoseOffer {
	if st := c.State(); st != nil {
		return st.Poses
	}
	return nil
}

// LastAction implements Table.
func (c *Companion) LastAction() *wire.TakeBack {
	if st := c.State(); st != nil {
		return st.Last
	}
	return nil
}

// UndoPoints implements Table.
func (c *Companion) UndoPoints() int {
	if st := c.State(); st != nil {
		return st.UndoPoints
	}
	return 0
}

// Aligned implements Table.
func (c *Companion) Aligned() []battle.Side {
	if st := c.State(); st != nil {
		return st.Aligned
	}
	return nil
}

// Moves implements Table.
func (c *Companion) Moves() []wire.TableMove {
	if st := c.State(); st != nil {
		return st.Moves
	}
	return nil
}
