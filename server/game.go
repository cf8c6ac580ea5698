package server

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/wire"
)

// game is one game's rules of play over the wire: which side owes what,
// the round of sealed commitments, the dice of every turn. It does no I/O:
// the server stores each message it accepts and feeds the stored messages
// through the same code after a restart.
type game struct {
	id       string
	scenario string
	setup    battle.Setup
	secret   []byte
	b        *battle.Battle
	seq      int // messages accepted
	joined   map[battle.Side]bool

	key       string // turn, step and phase of the current round
	round     int
	commits   map[battle.Side]string
	revealed  map[battle.Side]bool
	opened    map[battle.Side]*wire.Seal         // opened in this round, applied when all are
	pending   map[battle.Side][]wire.StandInNote // the stand-ins of the openings, shown when all are
	notes     []wire.StandInNote                 // the stand-ins of every applied opening
	comp      *assets.Components
	seals     []wire.Seal
	dice      []wire.TurnDice
	published *wire.Record
	clock     *gameClock    // nil: no clock
	aborted   *wire.Abort   // the game ended by a forfeit
	lastAt    time.Time     // when its latest message was accepted (or it was created)
	snap      *battle.State // where the battle stands since its latest change (cur)
	delay     int           // spectators see the game this many turns behind
	epoch     int           // take-backs so far: the battle's events only grow between two (eventsKey)
	turns     []*wire.State // with a delay: the spectators' state at the start of each turn (turns[t-1])

	// A companion game's (companion.go): the commands waiting for the
	// players' input (queue[0] asked need), the marks an agreed undo
	// returns to, the undo proposal not yet answered, and the moves of the
	// latest reveal.
	queue []battle.Command
	need  *battle.NeedInput
	marks []mark
	offer *wire.UndoOffer
	moves []wire.TableMove
	// poses: the pose proposal for the other player's ships not yet
	// answered, made when the battle's journal was posesAt long.
	poses   *wire.PoseOffer
	posesAt int
	// aligned are the players who have said the table is aligned after
	// the movement step being aligned: the game goes on once both have
	// (companion.go aligned).
	aligned map[battle.Side]bool

	// flown: the ships' moves of every turn revealed (flew), sent for the
	// latest turns (wire.State.Flown)
	flown []wire.Flight
}

// cur returns where the battle stands (battle.Position: its state
// without the events, which the rules of play over the wire never read),
// taken once per change of the battle (apply): it shares memory with the
// battle, so read it, never change it, and never keep it past an apply.
func (g *game) cur() *battle.State {
	if g.snap == nil {
		st := g.b.Position()
		g.snap = &st
	}
	return g.snap
}

// apply applies a command to the battle (every change goes through it).
func (g *game) apply(c battle.Command) error {
	g.snap = nil
	_, err := g.b.Apply(c)
	g.snap = nil
	if err == nil {
		g.flew()
	}
	return err
}

// flew keeps the moves of the turn the battle worked out last
// (battle.Flights; public from the reveal on), replacing what was kept of
// that turn and of later ones (a companion game's take-back), and lets go
// of turns no state sends any more (wire.State.Flown). Taken after every
// command: the rest of a turn may still push a move (an FTL arrival, a
// Quick Start slide, a companion's pose correction).
func (g *game) flew() {
	turn, fs := g.b.Flights()
	if turn == 0 {
		return
	}
	oldest := g.cur().Turn - max(wire.CatchUpTurns, wire.FlownTurns+g.delay)
	g.flown = slices.DeleteFunc(g.flown, func(f wire.Flight) bool { return f.Turn >= turn || f.Turn <= oldest })
	for _, f := range fs {
		g.flown = append(g.flown, wire.FlightOf(turn, f))
	}
}

// flownNow is every turn's moves kept (flew): more turns than a state
// carries, for a connection that comes back (wire.CatchUpTurns).
func (g *game) flownNow() []wire.Flight { return slices.Clip(g.flown) }

// errDirty wraps an engine refusal that came after part of a message had
// been applied: the caller rebuilds the game from its stored messages.
type errDirty struct{ err error }

func (e errDirty) Error() string { return e.err.Error() }
func (e errDirty) Unwrap() error { return e.err }

func newGame(id, scenario string, setup battle.Setup, secret []byte, comp *assets.Components, clock wire.ClockSpec, delay int) (*game, error) {
	b, err := battle.New(setup, comp, wire.GameSeed(secret))
	if err != nil {
		return nil, err
	}
	g := &game{id: id, scenario: scenario, setup: setup, secret: secret, b: b, comp: comp, joined: map[battle.Side]bool{}, clock: newGameClock(clock), delay: delay}
	if g.companion() {
		// A companion battle waits for its begin command: its first
		// draws come from the table.
		if err := g.run(battle.Command{Type: battle.CmdBegin, Side: battle.Colonial}); err != nil {
			return nil, err
		}
	}
	if err := g.settle(); err != nil {
		return nil, err
	}
	return g, nil
}

// moment names where the game stands, for messages.
func (g *game) moment(st *battle.State) string {
	return fmt.Sprintf("turn %d, step %d, %s, round %d", st.Turn, st.Step, st.Phase, g.round)
}

// sealedNow reports whether the decisions owed now are sealed: plans
// always; declarations when both sides declare at once (secretly).
func (g *game) sealedNow(st *battle.State) bool {
	switch st.Phase {
	case battle.Planning:
		return true
	case battle.Declaring:
		return st.FirstToDeclare == ""
	}
	return false
}

// owe lists what side owes now: ships to plan, mark or preplan, or
// "declare".
func (g *game) owe(st *battle.State, side battle.Side) []string {
	if side == "" || g.revealed[side] {
		return nil // a side that has opened its commitment waits for the others'
	}
	if g.need != nil {
		return nil // a companion game waits for a die or a counter first
	}
	var out []string
	switch st.Phase {
	case battle.Planning:
		planned := map[string]bool{}
		for _, s := range st.Ships {
			planned[s.ID] = s.Plan != nil || !s.Active()
		}
		for _, s := range st.Ships {
			if s.Side == side && !planned[s.ID] && (s.WaitFor == "" || planned[s.WaitFor]) {
				out = append(out, s.ID)
			}
		}
	case battle.PlacingFTL:
		out = g.b.View(side).MarkersDue
	case battle.Declaring:
		if g.b.View(side).MayDeclare {
			out = []string{"declare"}
		}
	case battle.Aligning:
		// A companion game after a movement step: once the models stand
		// where the moves say and the twin is corrected, each player
		// says so; both owe it (companion.go aligned).
		if !g.aligned[side] {
			out = []string{"aligned"}
		}
	case battle.Preplanning:
		for _, s := range g.b.View(side).Ships {
			if s.MustPreplan {
				out = append(out, s.ID)
			}
		}
	}
	return out
}

// allCommitted reports whether every side owing a decision has committed,
// and names one that has not.
func (g *game) allCommitted(st *battle.State) (bool, battle.Side) {
	for _, s := range battle.Sides {
		if len(g.owe(st, s)) > 0 && g.commits[s] == "" {
			return false, s
		}
	}
	return true, ""
}

// underWay reports whether a plan has been revealed (or an open decision
// made) in the game so far: it is being played.
func (g *game) underWay() bool { return len(g.seals) > 0 || g.cur().Turn > 1 }

// awaitingReveal reports whether every side owing a decision has
// committed and one has yet to reveal: an honest client reveals at once.
func (g *game) awaitingReveal() bool {
	if g.over() {
		return false
	}
	if all, _ := g.allCommitted(g.cur()); !all {
		return false
	}
	for _, side := range battle.Sides {
		if g.commits[side] != "" && !g.revealed[side] {
			return true
		}
	}
	return false
}

// join records that a player took a seat.
func (g *game) join(side battle.Side) {
	g.joined[side] = true
	g.seq++
}

// handle applies one message from side's seat. An error changes nothing,
// except an errDirty (the caller rebuilds the game).
func (g *game) handle(side battle.Side, m wire.ClientMsg) error {
	if side != battle.Colonial && side != battle.Cylon {
		return fmt.Errorf("%s: a spectator sends no messages", m.Type)
	}
	if g.over() {
		return fmt.Errorf("%s: the game is over", m.Type)
	}
	st := *g.cur()
	switch {
	case m.Turn != st.Turn:
		return fmt.Errorf("%s: turn: %d; the game is at %s (a late or replayed message?)", m.Type, m.Turn, g.moment(&st))
	case m.Step != st.Step:
		return fmt.Errorf("%s: step: %d; the game is at %s (a late or replayed message?)", m.Type, m.Step, g.moment(&st))
	case m.Phase != st.Phase:
		return fmt.Errorf("%s: phase: %q; the game is at %s (a late or replayed message?)", m.Type, m.Phase, g.moment(&st))
	case m.Type != wire.TypeAct && m.Round != g.round:
		return fmt.Errorf("%s: round: %d; the game is at %s (a late or replayed message?)", m.Type, m.Round, g.moment(&st))
	}
	if g.need != nil && (m.Type == wire.TypeCommit || m.Type == wire.TypeReveal || m.Type == wire.TypeAct) {
		return fmt.Errorf("%s: the game waits for a %s for %s; supply it first", m.Type, g.need.What, g.need.For)
	}
	var before *mark
	if g.companion() && g.undoable(m) {
		mk := g.markNow()
		mk.did = g.takeBack(&st, side, m)
		before = &mk
	}
	var err error
	switch m.Type {
	case wire.TypeCommit:
		err = g.commit(&st, side, m)
	case wire.TypeReveal:
		err = g.reveal(&st, side, m)
	case wire.TypeAct:
		err = g.act(&st, side, m)
	case wire.TypeSupply:
		err = g.supply(&st, side, m)
	case wire.TypeUndo:
		err = g.proposeUndo(&st, side, m)
	case wire.TypeConsent:
		if m.Consent.Poses {
			err = g.answerPoses(side, m)
		} else {
			err = g.consent(side, m)
		}
	case wire.TypePoses:
		err = g.proposePoses(&st, side, m)
	default:
		err = fmt.Errorf("message: type %q; allowed: commit, reveal, act, supply, undo, consent, poses", m.Type)
	}
	if err != nil {
		return err
	}
	if before != nil {
		g.marks = append(g.marks, *before)
		g.offer = nil // an action after the proposal: the proposal no longer says what it takes back
		g.poses = nil // nor does a pose proposal say where the models stand now
	}
	g.seq++
	return g.settle()
}

func (g *game) commit(st *battle.State, side battle.Side, m wire.ClientMsg) error {
	if !g.sealedNow(st) {
		return fmt.Errorf("commit: phase: %s decisions are open, not sealed; send act", g.b.Phase())
	}
	if len(g.owe(st, side)) == 0 {
		return fmt.Errorf("commit: %s owes no decision now (%s)", side, g.moment(st))
	}
	if g.commits[side] != "" {
		return fmt.Errorf("commit: %s has committed in round %d already (a replayed message?)", side, g.round)
	}
	g.commits[side] = m.Commitment
	return nil
}

func (g *game) reveal(st *battle.State, side battle.Side, m wire.ClientMsg) error {
	if g.commits[side] == "" {
		return fmt.Errorf("reveal: %s has not committed in round %d", side, g.round)
	}
	if g.revealed[side] {
		return fmt.Errorf("reveal: %s has revealed in round %d already (a replayed message?)", side, g.round)
	}
	if ok, who := g.allCommitted(st); !ok {
		return fmt.Errorf("reveal: too early: %s has not committed yet; reveal once every side owing a decision has", who)
	}
	if Commit(g.id, *st, g.round, side, m.Commands, m.Nonce) != g.commits[side] {
		return fmt.Errorf("reveal: commands, nonce: they do not open %s's commitment of round %d", side, g.round)
	}
	// The commitment is open: from here on the reveal is accepted, or the
	// game could never go on (a commitment cannot be made again). What the
	// engine refuses of it is stood in for (wire.StandIn), checked without
	// changing the game: a failure there leaves the game as it was.
	played, notes, err := g.normalize(st, side, m.Commands)
	if err != nil {
		return fmt.Errorf("reveal: %w", err)
	}
	g.revealed[side] = true
	seal := &wire.Seal{Side: side, Turn: st.Turn, Step: st.Step, Phase: st.Phase, Round: g.round,
		Commitment: g.commits[side], Nonce: m.Nonce, Commands: m.Commands}
	if len(notes) > 0 {
		seal.Played = played
	}
	g.opened[side] = seal
	g.pending[side] = notes
	return g.applyOpened()
}

// applyOpened applies the round's openings once every commitment is open.
func (g *game) applyOpened() error {
	for s := range g.commits {
		if !g.revealed[s] {
			return nil // the engine sees nothing until every commitment is open
		}
	}
	// Every commitment of the round is open: apply them in the order of
	// the sides, whoever opened first.
	if g.companion() {
		if moves := g.tableMoves(); moves != nil {
			g.moves = moves
		}
		var cmds []battle.Command
		for _, s := range battle.Sides {
			o := g.opened[s]
			if o == nil {
				continue
			}
			for _, c := range o.PlayedCommands() {
				c.Side = s
				cmds = append(cmds, c)
			}
			g.seals = append(g.seals, *o)
			g.notes = append(g.notes, g.pending[s]...)
		}
		if err := g.run(cmds...); err != nil {
			return errDirty{fmt.Errorf("reveal: %w", err)}
		}
		return nil
	}
	for _, s := range battle.Sides {
		o := g.opened[s]
		if o == nil {
			continue
		}
		for i, c := range o.PlayedCommands() {
			c.Side = s
			if err := g.apply(c); err != nil {
				return errDirty{fmt.Errorf("reveal: %s's commands[%d] (%s %s): %w", s, i, c.Type, c.Ship, err)}
			}
		}
		g.seals = append(g.seals, *o)
		g.notes = append(g.notes, g.pending[s]...)
	}
	return nil
}

// normalize checks side's opened commands without changing the game, standing in for
// what the engine refuses: a plan it cannot read (no cards, unknown
// cards), a command of the wrong type or for a ship not owed, a ship
// planned twice are refused; every ship still owed a plan then gets the
// stand-in plan, and a refused declaration is played as no fire. It
// returns the commands played (without their side) and a note for each
// refusal. The outcome depends only on the game and the commands, so a
// rebuild from the stored messages plays the same.
func (g *game) normalize(st *battle.State, side battle.Side, cmds []battle.Command) ([]battle.Command, []wire.StandInNote, error) {
	var played []battle.Command
	var notes []wire.StandInNote
	note := func(i int, ship string, why error) {
		notes = append(notes, wire.StandInNote{Side: side, Turn: st.Turn, Step: st.Step, Phase: st.Phase, Ship: ship, Index: i, Refusal: why.Error()})
	}
	if st.Phase == battle.Declaring {
		// A declaration is checked by the engine without carrying it out
		// (the engine sees no declaration until every commitment is open).
		checkDecl := func(c battle.Command) error {
			c.Side = side
			return g.b.CheckDeclaration(c)
		}
		var why error
		switch {
		case len(cmds) != 1:
			why = fmt.Errorf("commands: %d; a declaration is exactly one declare command", len(cmds))
		case cmds[0].Type != battle.CmdDeclare:
			why = fmt.Errorf("commands[0].type: %q; allowed now: declare", cmds[0].Type)
		case cmds[0].Side != "":
			why = fmt.Errorf("commands[0].side: %q; leave it out: the side comes from the seat", cmds[0].Side)
		default:
			why = checkDecl(cmds[0])
		}
		if why == nil {
			return cmds, nil, nil
		}
		note(0, "", why)
		stand := wire.StandIn(battle.CmdDeclare, "", 0)
		if err := checkDecl(stand); err != nil {
			return nil, nil, fmt.Errorf("the declaration of no fire: %w", err)
		}
		notes[0].Played = &stand
		return []battle.Command{stand}, notes, nil
	}
	// Plans are read by the engine's own check (Battle.Preview: the words
	// the plan command would be refused with), for the ships owed now; a
	// ship this opening plans counts as planned for the ships after it.
	cur := *g.cur()
	done := map[string]bool{}
	check := func(c battle.Command) error {
		if c.Plan == nil {
			return fmt.Errorf("plan: no plan given for %s", c.Ship)
		}
		if _, err := g.b.Preview(side, c.Ship, *c.Plan); err != nil {
			return err
		}
		if !slices.ContainsFunc(owedPlans(cur, side, done), func(s battle.ShipState) bool { return s.ID == c.Ship }) {
			return fmt.Errorf("plan: %s owes no plan now", c.Ship)
		}
		return nil
	}
	seen := map[string]bool{}
	for i, c := range cmds {
		var why error
		switch {
		case c.Type != battle.CmdPlan:
			why = fmt.Errorf("commands[%d].type: %q; allowed now: plan", i, c.Type)
		case c.Side != "":
			why = fmt.Errorf("commands[%d].side: %q; leave it out: the side comes from the seat", i, c.Side)
		case seen[c.Ship]:
			why = fmt.Errorf("commands[%d].ship: %q is planned twice", i, c.Ship)
		default:
			seen[c.Ship] = true
			why = check(c)
		}
		if why != nil {
			note(i, c.Ship, why)
			continue
		}
		done[c.Ship] = true
		played = append(played, c)
	}
	// Every ship still owed a plan, in the order the engine asks for them
	// (a tailing ship after the ship it tails).
	for range limits.SideShips + 1 {
		owed := owedPlans(cur, side, done)
		if len(owed) == 0 {
			break
		}
		for _, sh := range owed {
			stand := wire.StandIn(battle.CmdPlan, sh.ID, sh.Ship.Rotation)
			if sh.NextCards != nil { // a severely wounded pilot's cards are fixed
				stand.Plan.Cards = slices.Clone(sh.NextCards)
			}
			if err := check(stand); err != nil {
				return nil, nil, fmt.Errorf("the stand-in plan of %s: %w", sh.ID, err)
			}
			done[sh.ID] = true
			played = append(played, stand)
			k := slices.IndexFunc(notes, func(n wire.StandInNote) bool { return n.Ship == sh.ID && n.Played == nil })
			if k < 0 {
				note(-1, sh.ID, fmt.Errorf("no plan for %s was revealed", sh.ID))
				k = len(notes) - 1
			}
			notes[k].Played = &stand
		}
	}
	if len(notes) == 0 {
		return cmds, nil, nil
	}
	return played, notes, nil
}

// owedPlans lists side's ships that owe a plan now (Planning: a tailing
// ship once the ship it tails has planned), the ships in done counting as
// planned.
func owedPlans(st battle.State, side battle.Side, done map[string]bool) []battle.ShipState {
	planned := map[string]bool{}
	for _, s := range st.Ships {
		planned[s.ID] = s.Plan != nil || !s.Active() || done[s.ID]
	}
	var out []battle.ShipState
	for _, s := range st.Ships {
		if s.Side == side && !planned[s.ID] && (s.WaitFor == "" || planned[s.WaitFor]) {
			out = append(out, s)
		}
	}
	return out
}

// Commit is wire.Commit at the state's moment.
func Commit(game string, st battle.State, round int, side battle.Side, cmds []battle.Command, nonce string) string {
	return wire.Commit(game, st.Turn, st.Step, st.Phase, round, side, cmds, nonce)
}

func (g *game) act(st *battle.State, side battle.Side, m wire.ClientMsg) error {
	c := *m.Command
	phase := g.b.Phase()
	allowed := map[battle.CommandType]battle.Phase{battle.CmdTail: battle.Planning, battle.CmdFTL: battle.PlacingFTL,
		battle.CmdDeclare: battle.Declaring, battle.CmdPreplan: battle.Preplanning, battle.CmdAligned: battle.Aligning}
	p, ok := allowed[c.Type]
	if c.Type == battle.CmdPose {
		if err := g.correctPose(c); err != nil {
			return err
		}
		ok, p = true, phase // the engine says when a pose may be corrected
	}
	switch {
	case !ok:
		return fmt.Errorf("act: command.type: %q; allowed: tail, ftl, declare, preplan, and in a companion game pose and aligned (plans go through commit and reveal)", c.Type)
	case p != phase:
		return fmt.Errorf("act: command.type: %s is not allowed while %s", c.Type, phase)
	case c.Type == battle.CmdDeclare && g.sealedNow(st):
		return errors.New("act: command.type: declarations are secret now; send commit then reveal")
	case c.Side != "" && c.Side != side:
		return fmt.Errorf("act: command.side: %q; this seat plays %s (the side comes from the seat)", c.Side, side)
	}
	c.Side = side
	if g.companion() {
		if c.Type == battle.CmdAligned {
			return g.sayAligned(c)
		}
		if err := g.run(c); err != nil {
			g.queue, g.need = nil, nil
			return fmt.Errorf("act: command (%s): %w", c.Type, err)
		}
		if c.Type == battle.CmdPose && phase == battle.Aligning {
			// the table changed after a word that it was aligned: both
			// players say it again of the table as it is now
			g.aligned = nil
		}
		return nil
	}
	if err := g.apply(c); err != nil {
		return fmt.Errorf("act: command (%s): %w", c.Type, err)
	}
	return nil
}

// settle does what nobody decides: the reveal once every plan is in (with
// the turn's dice seed), and the start of a new round of commitments.
func (g *game) settle() error {
	for g.b.Phase() == battle.Revealing && len(g.queue) == 0 {
		if g.companion() {
			if err := g.run(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}); err != nil {
				return errDirty{fmt.Errorf("reveal: %w", err)}
			}
			continue
		}
		turn := g.b.Turn()
		d := wire.TurnDice{Turn: turn, Contribution: wire.Contribution(g.secret, turn)}
		d.ContributionCommitment = wire.ContributionCommitment(d.Contribution)
		for _, s := range g.seals {
			if s.Turn == turn && s.Phase == battle.Planning {
				d.Nonces = append(d.Nonces, wire.Opened{Side: s.Side, Nonce: s.Nonce})
			}
		}
		d.Seed = wire.DiceSeed(g.id, turn, d.Contribution, d.Nonces)
		if err := g.apply(battle.Command{Type: battle.CmdReseed, Side: battle.Colonial, Seed: d.Seed}); err != nil {
			return errDirty{fmt.Errorf("reseed: %w", err)}
		}
		if err := g.apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}); err != nil {
			return errDirty{fmt.Errorf("reveal: %w", err)}
		}
		g.dice = append(g.dice, d)
	}
	st := *g.cur()
	key := fmt.Sprintf("%d/%d/%s", st.Turn, st.Step, st.Phase)
	done := len(g.commits) > 0
	for s := range g.commits {
		done = done && g.revealed[s]
	}
	if key != g.key || done {
		if key != g.key {
			g.round = 0
		} else {
			g.round++
		}
		if key != g.key {
			g.aligned = nil // a new step: nobody has said its table is aligned
		}
		g.key = key
		g.commits = map[battle.Side]string{}
		g.revealed = map[battle.Side]bool{}
		g.opened = map[battle.Side]*wire.Seal{}
		g.pending = map[battle.Side][]wire.StandInNote{}
	}
	if g.clock != nil {
		g.refill()
	}
	if g.delay > 0 && st.Turn > len(g.turns) {
		g.turns = append(g.turns, g.state(""))
	}
	return nil
}

// spectate returns what the spectators are sent now: the public state,
// or with a delay the public state at the start of the turn delay turns
// back (the first turn's until there is one), until the game is over.
func (g *game) spectate() *wire.State {
	if g.delay == 0 || g.over() || len(g.turns) == 0 {
		return g.state("")
	}
	turn := max(g.cur().Turn-g.delay, 1)
	st := *g.turns[min(turn, len(g.turns))-1]
	st.Behind = g.delay
	return &st
}

// state is what seat may know now (seat "" is a spectator).
func (g *game) state(seat battle.Side) *wire.State {
	st := *g.cur()
	s := &wire.State{Game: g.id, Seat: seat, Seq: g.seq, View: g.b.View(seat), Rules: g.setup.Rules, Round: g.round,
		DiceCommitment: wire.ContributionCommitment(wire.Contribution(g.secret, st.Turn))}
	for _, side := range battle.Sides {
		if g.joined[side] {
			s.Joined = append(s.Joined, side)
		}
		if g.commits[side] != "" {
			s.Committed = append(s.Committed, side)
		}
		if g.revealed[side] {
			s.Revealed = append(s.Revealed, side)
		}
	}
	s.Ready = len(s.Joined) == 2
	for _, n := range g.notes {
		if n.Turn >= st.Turn-1 { // this turn's and the last
			s.StandIns = append(s.StandIns, n)
		}
	}
	s.Clock = g.clockView()
	oldest := st.Turn - wire.FlownTurns // a delayed spectator catches up g.delay turns more
	if seat == "" {
		oldest -= g.delay
	}
	for _, f := range g.flown {
		if f.Turn > oldest {
			s.Flown = append(s.Flown, f)
		}
	}
	if g.companion() {
		s.Companion, s.Need, s.UndoPoints, s.Moves = true, needOf(g.need), len(g.marks), g.moves
		if o := g.offer; o != nil {
			// what it takes back, as this seat may know it
			u := *o
			for _, mk := range g.marks[len(g.marks)-o.Back:] {
				u.Takes = append(u.Takes, mk.did.For(seat))
			}
			s.Undo = &u
		}
		if n := len(g.marks); n > 0 && seat != "" {
			// (a player's: it proposes or answers; a spectator, maybe
			// delayed, is told no action as it happens)
			last := g.marks[n-1].did.For(seat)
			s.Last = &last
		}
		s.Poses = g.poseOffer()
		for _, side := range battle.Sides {
			if g.aligned[side] {
				s.Aligned = append(s.Aligned, side)
			}
		}
	}
	if g.over() {
		s.Record = g.published
		s.Aborted = g.aborted
		return s
	}
	s.Owe = g.owe(&st, seat)
	s.Sealed = g.sealedNow(&st) && len(s.Owe) > 0
	if seat != "" && g.commits[seat] != "" && !g.revealed[seat] {
		s.MayReveal, _ = g.allCommitted(&st)
	}
	if g.b.Phase() == battle.Declaring && len(s.Owe) > 0 {
		s.Targets = map[string][]referee.Ruling{}
		for _, sv := range s.View.Ships {
			if sv.Own {
				if t := g.b.Targets(sv.ID); len(t) > 0 {
					s.Targets[sv.ID] = t
					if s.Odds == nil {
						s.Odds = map[string][]wire.Odds{}
					}
					for _, r := range t {
						if at, mods, ok := g.b.AttackRoll(sv.ID, r.TargetID); ok {
							s.Odds[sv.ID] = append(s.Odds[sv.ID], wire.Odds{Target: r.TargetID, Attack: at, Modifiers: mods})
						}
					}
				}
			}
		}
	}
	return s
}

// record returns the game's record, unsigned, once it is over.
func (g *game) record() *wire.Record {
	if !g.over() {
		return nil
	}
	return &wire.Record{Format: wire.RecordFormat, Game: g.id, Scenario: g.scenario, Setup: g.setup,
		Secret: hex.EncodeToString(g.secret), SecretCommitment: wire.SecretCommitment(g.secret),
		Seals: slices.Clone(g.seals), Dice: slices.Clone(g.dice), Journal: g.b.Journal(), Hash: g.b.Hash(), Result: g.b.Result(), Abort: g.aborted}
}
