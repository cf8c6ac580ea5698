package seat

import (
	"errors"
	"fmt"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// Pair is the one device of a companion game passed between the two
// players at a real table (issue 27: "one shared device with cover
// screens"): both seats of the game (Companion, one per side) driven from
// this screen. The game and its books are the server's as for two
// devices (the app's own server on a desktop, the page's in the browser):
// the needs, the undo marks, the pose proposals and the moves to copy
// have one path, server/companion.go.
//
// Hand is the player holding the device (the screen passes it, behind a
// cover screen, before a side's secret step). A side's secrets (its view,
// its events) come from its own seat; what both see (the need, the undo
// and pose offers, the moves, the aligned words) from either. An answer
// to a proposal goes from the OTHER player's seat and only while that
// player holds the device, so one player cannot agree for the other by a
// stray press: the screen asks "Cylon player: agree?" behind a cover.
type Pair struct {
	seats map[battle.Side]*Companion
	hand  battle.Side
}

// NewPair drives the Colonial and the Cylon seats of one companion game
// from one screen; the Colonial player holds the device first.
func NewPair(colonial, cylon *Companion) *Pair {
	return &Pair{seats: map[battle.Side]*Companion{battle.Colonial: colonial, battle.Cylon: cylon}, hand: battle.Colonial}
}

// Hand is the player holding the device.
func (p *Pair) Hand() battle.Side { return p.hand }

// Pass hands the device to side's player (after its cover screen).
func (p *Pair) Pass(side battle.Side) {
	if p.seats[side] != nil {
		p.hand = side
	}
}

// Of returns side's seat (nil for no side).
func (p *Pair) Of(side battle.Side) *Companion { return p.seats[side] }

func (p *Pair) held() *Companion { return p.seats[p.hand] }

// latest is the seat with the newer state (what both players see).
func (p *Pair) latest() *Companion {
	col, cyl := p.seats[battle.Colonial], p.seats[battle.Cylon]
	if cyl.State() != nil && (col.State() == nil || cyl.State().Seq > col.State().Seq) {
		return cyl
	}
	return col
}

// Sides implements Seat: both, once each seat knows its own.
func (p *Pair) Sides() []battle.Side {
	var out []battle.Side
	for _, side := range battle.Sides {
		if len(p.seats[side].Sides()) == 1 {
			out = append(out, side)
		}
	}
	return out
}

// View implements Seat: side's own seat's view.
func (p *Pair) View(side battle.Side) battle.View {
	if c := p.seats[side]; c != nil {
		return c.View(side)
	}
	return p.held().View(side)
}

// Setup implements Seat.
func (p *Pair) Setup() battle.Setup { return p.latest().Setup() }

// Class implements Seat.
func (p *Pair) Class(id string) starship.Class { return p.held().Class(id) }

// Events implements Seat: every event of the game, as a local battle
// gives them (the screen shows a side's secret ones only while that side
// has the controls): the two seats' views merged, each side's secrets
// from its own seat (mergeEvents).
func (p *Pair) Events() []battle.Event {
	return mergeEvents(p.seats[battle.Colonial].Events(), p.seats[battle.Cylon].Events())
}

// mergeEvents merges the Colonial's and the Cylon's views of one game's
// events (battle.Event.VisibleTo): the public events are in both, in the
// same order; between two of them each side's secrets, the Colonial's
// first. It stops at the first public event only one view has yet (a
// seat behind the other), so that the list only grows as both catch up.
func mergeEvents(col, cyl []battle.Event) []battle.Event {
	out := make([]battle.Event, 0, max(len(col), len(cyl)))
	i, j := 0, 0
	for {
		for i < len(col) && col[i].Secret {
			out = append(out, col[i])
			i++
		}
		for j < len(cyl) && cyl[j].Secret {
			out = append(out, cyl[j])
			j++
		}
		if i == len(col) || j == len(cyl) {
			return out
		}
		out = append(out, col[i])
		i++
		j++
	}
}

// Preview implements Seat with side's own seat.
func (p *Pair) Preview(side battle.Side, ship string, plan starship.Plan) (starship.Outcome, error) {
	c := p.seats[side]
	if c == nil {
		return starship.Outcome{}, fmt.Errorf("no %q side", side)
	}
	return c.Preview(side, ship, plan)
}

// Targets implements Seat with side's own seat.
func (p *Pair) Targets(side battle.Side, ship string) []referee.Ruling {
	if c := p.seats[side]; c != nil {
		return c.Targets(side, ship)
	}
	return nil
}

// AttackRoll implements Seat with side's own seat.
func (p *Pair) AttackRoll(side battle.Side, shooter, target string) (int, []battle.Modifier, bool) {
	if c := p.seats[side]; c != nil {
		return c.AttackRoll(side, shooter, target)
	}
	return 0, nil, false
}

// Do implements Seat: the command goes from its side's seat. The word
// that the table is aligned is both players' at once on one device (both
// look at the same table and the same twin): it goes from both seats.
func (p *Pair) Do(cmd battle.Command) error {
	if cmd.Type == battle.CmdAligned {
		var errs []error
		for _, side := range battle.Sides {
			c := cmd
			c.Side = side
			errs = append(errs, p.seats[side].Do(c))
		}
		return errors.Join(errs...)
	}
	if cmd.Type == battle.CmdReveal {
		// every plan locked at a seat goes sealed (the server reveals
		// both once both are in)
		var errs []error
		for _, side := range battle.Sides {
			if c := p.seats[side]; c.View(side).Phase == battle.Revealing {
				errs = append(errs, c.Do(battle.Command{Type: battle.CmdReveal, Side: side}))
			}
		}
		return errors.Join(errs...)
	}
	c := p.seats[cmd.Side]
	if c == nil {
		return fmt.Errorf("no %q side at this game", cmd.Side)
	}
	if err := c.Do(cmd); err != nil {
		return err
	}
	if cmd.Type == battle.CmdPlan && c.View(cmd.Side).Phase == battle.Revealing {
		// the side's last plan: sealed at once, before the device goes
		// to the other player (a hot-seat reveals both together; here
		// each seat seals its own)
		return c.Do(battle.Command{Type: battle.CmdReveal, Side: cmd.Side})
	}
	return nil
}

// Poll implements Seat: both seats' news.
func (p *Pair) Poll() bool {
	a := p.seats[battle.Colonial].Poll()
	b := p.seats[battle.Cylon].Poll()
	return a || b
}

// Status implements Seat: ready once both seats are; nobody is waited
// for at another screen (both players are here); a send on its way or a
// refusal from either seat, the holder's first.
func (p *Pair) Status() Status {
	h := p.held().Status()
	o := p.seats[p.hand.Opponent()].Status()
	st := h
	st.Ready = h.Ready && o.Ready
	st.Waiting = ""
	if st.Sending == "" {
		st.Sending = o.Sending
	}
	if st.Err == nil {
		st.Err = o.Err
	}
	st.Reconnecting = h.Reconnecting || o.Reconnecting
	st.Sealed = h.Sealed && o.Sealed
	if st.Sending == "" && p.Behind() {
		// one seat has the game's news the other has not yet: the
		// screen waits (its buttons off) rather than act on two
		// pictures of the game, e.g. an undo proposed from an aligning
		// step the other seat's word has already ended, then voided
		st.Sending = "the game's news to both seats"
	}
	return st
}

// Behind implements CatchingUp: whether the two seats hold different
// moments of the game (wire.State.Seq): one has a state the other will
// get (the server sends every change to every seat).
func (p *Pair) Behind() bool {
	col, cyl := p.seats[battle.Colonial].State(), p.seats[battle.Cylon].State()
	return col != nil && cyl != nil && col.Seq != cyl.Seq
}

// Leave implements Seat: both seats leave.
func (p *Pair) Leave() {
	for _, side := range battle.Sides {
		p.seats[side].Leave()
	}
}

// AtTable implements Table.
func (p *Pair) AtTable() bool { return p.latest().AtTable() }

// Need implements Table: every die and choice is made at this screen
// (mine), by whoever holds it; a counter (its owner's secret when drawn
// from the app's cup) only while its owner holds the device: the screen
// passes it behind a cover first.
func (p *Pair) Need() (*wire.Need, bool) {
	n, _ := p.latest().Need()
	if n == nil {
		return nil, false
	}
	return n, n.What != battle.DrawCounter || n.Side == "" || n.Side == p.hand
}

// drawer is the seat that makes the draw n.
func (p *Pair) drawer(n *wire.Need) *Companion {
	if n.Side != "" {
		return p.seats[n.Side]
	}
	return p.seats[battle.Colonial]
}

// Supply implements Table from the seat of the player who makes the draw.
func (p *Pair) Supply(s wire.Supply) error {
	n, mine := p.Need()
	switch {
	case n == nil:
		return errors.New("supply: the game waits for no die or counter")
	case !mine:
		return fmt.Errorf("supply: the counter for %s is drawn by its owner; pass the device to the %s player", n.Ship, n.Side.Title())
	}
	return p.drawer(n).Supply(s)
}

// ProposeUndo implements Table: the holder proposes.
func (p *Pair) ProposeUndo(back int) error { return p.held().ProposeUndo(back) }

// answerer is the seat that answers a proposal by by: the other player's,
// only while that player holds the device.
func (p *Pair) answerer(what string, by battle.Side) (*Companion, error) {
	if by == p.hand {
		return nil, fmt.Errorf("%s: the %s player proposed it; pass the device to the %s player to answer", what, by.Title(), by.Opponent().Title())
	}
	return p.held(), nil
}

// AnswerUndo implements Table: the player who did not propose answers,
// holding the device.
func (p *Pair) AnswerUndo(agree bool) error {
	o := p.Offer()
	if o == nil {
		return errors.New("consent: no undo is proposed")
	}
	c, err := p.answerer("undo", o.By)
	if err != nil {
		return err
	}
	return c.AnswerUndo(agree)
}

// Offer implements Table: as the player holding the device may know it
// (its actions' counters are the holder's own only: wire.TakeBack.For).
func (p *Pair) Offer() *wire.UndoOffer { return p.held().Offer() }

// LastAction implements Table, as the holder may know it.
func (p *Pair) LastAction() *wire.TakeBack { return p.held().LastAction() }

// UndoPoints implements Table.
func (p *Pair) UndoPoints() int { return p.latest().UndoPoints() }

// ProposePoses implements Table: the holder proposes where the other
// player's models stand.
func (p *Pair) ProposePoses(ps wire.Poses) error { return p.held().ProposePoses(ps) }

// AnswerPoses implements Table: the ships' owner answers, holding the
// device.
func (p *Pair) AnswerPoses(agree bool) error {
	o := p.PoseOffer()
	if o == nil {
		return errors.New("consent: poses: no pose proposal waits for an answer")
	}
	c, err := p.answerer("poses", o.By)
	if err != nil {
		return err
	}
	return c.AnswerPoses(agree)
}

// PoseOffer implements Table.
func (p *Pair) PoseOffer() *wire.PoseOffer { return p.latest().PoseOffer() }

// Aligned implements Table.
func (p *Pair) Aligned() []battle.Side { return p.latest().Aligned() }

// Moves implements Table.
func (p *Pair) Moves() []wire.TableMove { return p.latest().Moves() }

// Flown implements Flights with the holder's seat.
func (p *Pair) Flown(turn int) ([]wire.Flight, bool) { return p.held().Flown(turn) }

// SignedRecord implements Recorded: the game's record, as either seat
// has it (the same game).
func (p *Pair) SignedRecord() ([]byte, *battle.Battle, bool) { return p.latest().SignedRecord() }

// MarginsOf implements Margins.
func (p *Pair) MarginsOf(r referee.Ruling) referee.Margins { return p.held().MarginsOf(r) }

var (
	_ Seat     = (*Pair)(nil)
	_ Table    = (*Pair)(nil)
	_ Flights  = (*Pair)(nil)
	_ Recorded = (*Pair)(nil)
	_ Margins  = (*Pair)(nil)
)
