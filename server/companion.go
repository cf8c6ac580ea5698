package server

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/wire"
)

// A companion game (battle.Setup.Companion) is played with models on a
// real table: the server keeps the twin and the books. It is a network
// game with these differences:
//
//   - the battle draws nothing of its own: when a command needs a die, a
//     pick or a counter (battle.NeedInput) the game waits (State.Need)
//     with the command queued, and a supply message brings the value typed
//     from the table, or asks the battle to roll or draw it from its own
//     secret cup; the queued commands then go on;
//   - a ship's owner may correct its pose to where the model stands (act
//     with a pose command) after a movement step;
//   - the players may take back their latest actions by agreement (undo,
//     then the other's consent): the battle journals a take-back and the
//     game returns to where it stood before those actions;
//   - a player may propose where the other player's models stand (poses,
//     from a photo of a disputed shot or set on the twin); the owner
//     agrees (the poses are corrected with the owner's side, journaled)
//     or refuses;
//   - each reveal's moves are given as TableMoves to copy onto the table.

// mark is where a companion game stood before one of its actions: what
// an agreed undo returns to.
type mark struct {
	journal int // the battle's journal length
	key     string
	round   int
	queue   []battle.Command
	need    *battle.NeedInput
	moves   []wire.TableMove
	aligned map[battle.Side]bool
	// did is the action made from this mark: what an undo to it takes
	// back (wire.TakeBack)
	did wire.TakeBack
}

// companion reports whether the game is played at a real table.
func (g *game) companion() bool { return g.setup.Companion }

// run applies commands in order after those already queued; a command
// that needs the players' input stays queued, first, with the need kept
// (g.need), and run returns nil. Any other refusal is returned.
func (g *game) run(cmds ...battle.Command) error {
	g.queue = append(g.queue, cmds...)
	g.need = nil
	for len(g.queue) > 0 {
		err := g.apply(g.queue[0])
		var need *battle.NeedInput
		if errors.As(err, &need) {
			g.need = need
			return nil
		}
		if err != nil {
			return err
		}
		g.queue = g.queue[1:]
	}
	g.queue = nil
	return nil
}

// markNow remembers where the game stands, before an action.
func (g *game) markNow() mark {
	return mark{journal: len(g.b.Journal()), key: g.key, round: g.round, queue: slices.Clone(g.queue), need: g.need, moves: g.moves, aligned: maps.Clone(g.aligned)}
}

// undoable reports whether message m is an action an undo may take back:
// a supply, an open command, the first commitment of a round, and an
// agreed pose proposal.
func (g *game) undoable(m wire.ClientMsg) bool {
	switch m.Type {
	case wire.TypeSupply, wire.TypeAct:
		return true
	case wire.TypeCommit:
		return len(g.commits) == 0
	case wire.TypeConsent:
		return m.Consent.Poses && m.Consent.Agree && g.poseOffer() != nil
	}
	return false
}

// takeBack describes message m of side, an action an undo may take back,
// as the game stands before it (st; the need it answers).
func (g *game) takeBack(st *battle.State, side battle.Side, m wire.ClientMsg) wire.TakeBack {
	t := wire.TakeBack{By: side, Turn: st.Turn, Need: needOf(g.need)}
	switch m.Type {
	case wire.TypeSupply:
		sup := m.Supply
		switch {
		case sup.Roll && g.need != nil && g.need.What == battle.DrawCounter:
			t.Kind = wire.TakeAppDraw
		case sup.Roll:
			t.Kind = wire.TakeAppRoll
		case sup.Counter != nil:
			c := *sup.Counter
			t.Kind, t.Counter = wire.TakeCounter, &c
		case sup.Value != nil:
			v := *sup.Value
			t.Kind, t.Value = wire.TakeDie, &v
			if g.need != nil && g.need.What == battle.DrawPick {
				t.Kind = wire.TakeChoice
			}
		}
		if g.need != nil {
			t.Ship = g.need.Ship
		}
	case wire.TypeCommit:
		t.Kind, t.Need = wire.TakePlans, nil
	case wire.TypeConsent:
		t.Kind, t.Need = wire.TakePoses, nil
	case wire.TypeAct:
		t.Need = nil
		if c := m.Command; c != nil {
			t.Ship, t.Command = c.Ship, c.Type
			switch c.Type {
			case battle.CmdPose:
				t.Kind = wire.TakePose
			case battle.CmdAligned:
				t.Kind = wire.TakeAligned
			case battle.CmdDeclare:
				t.Kind = wire.TakeDeclared
			default:
				t.Kind = wire.TakeCommand
			}
		}
	}
	return t
}

// supply answers the draw the game waits for, with a value typed from the
// table or the battle's own roll, and goes on with the queued commands.
func (g *game) supply(st *battle.State, side battle.Side, m wire.ClientMsg) error {
	if !g.companion() {
		return errors.New("supply: this game draws its own dice (it is not a companion game)")
	}
	n := g.need
	if n == nil {
		return fmt.Errorf("supply: the game waits for no die or counter now (%s)", g.moment(st))
	}
	sup := *m.Supply
	cmd := battle.Command{Type: battle.CmdSupply, Side: side}
	switch {
	case n.What == battle.DrawCounter && n.Side != "" && side != n.Side:
		return fmt.Errorf("supply: the counter for %s is drawn by its owner, the %s player", n.Ship, n.Side)
	case n.Side != "" && side != n.Side:
		// a die has its roller (battle.NeedInput.Side): the attacker,
		// the jumping ship's player, the flawed pilot's opponent
		return fmt.Errorf("supply: the die for %s is rolled by the %s player; it is typed in on their screen", n.For, n.Side.Title())
	}
	switch {
	case sup.Roll && n.What == battle.DrawCounter:
		cmd.FromCup = 1
	case sup.Roll:
		cmd.Roll = 1
	case sup.Value != nil:
		v := *sup.Value
		switch n.What {
		case battle.DrawDie:
			if v < 1 || v > 6 {
				return fmt.Errorf("supply: value: %d; a die for %s shows 1 to 6", v, n.For)
			}
		case battle.DrawPick:
			if v < 0 || v >= n.Of {
				return fmt.Errorf("supply: value: %d; the choice for %s is 0 to %d", v, n.For, n.Of-1)
			}
		default:
			return fmt.Errorf("supply: value: a counter is drawn for %s; give the counter, or roll to draw it from the app's cup", n.For)
		}
		cmd.Values = []int{v}
	default: // a counter
		if n.What != battle.DrawCounter {
			return fmt.Errorf("supply: counter: a %s is asked for %s, not a counter", n.What, n.For)
		}
		cup := st.Cup
		if n.Cup == "collision" {
			cup = st.Collisions
		}
		if !slices.Contains(cup, *sup.Counter) {
			return fmt.Errorf("supply: counter: %s is not in the %s cup (%d counters left); check the counter drawn", sup.Counter, n.Cup, len(cup))
		}
		cmd.Drawn = []string{sup.Counter.String()}
	}
	if err := g.apply(cmd); err != nil {
		return fmt.Errorf("supply: %w", err)
	}
	if err := g.run(); err != nil {
		// The supply is journaled: the game is rebuilt without it.
		return errDirty{fmt.Errorf("supply: %w", err)}
	}
	return nil
}

// proposeUndo records side's proposal to take back its Back latest
// actions; the other player answers it.
func (g *game) proposeUndo(st *battle.State, side battle.Side, m wire.ClientMsg) error {
	if !g.companion() {
		return errors.New("undo: only a companion game takes actions back")
	}
	if len(g.commits) > 0 {
		return errors.New("undo: plans are being sealed; finish this round of commitments first")
	}
	if g.poseOffer() != nil {
		return fmt.Errorf("undo: the %s player's pose proposal waits for an answer; answer it first", g.poses.By)
	}
	if m.Undo.Back > len(g.marks) {
		return fmt.Errorf("undo: back: %d; there are %d actions to take back", m.Undo.Back, len(g.marks))
	}
	g.offer = &wire.UndoOffer{By: side, Back: m.Undo.Back}
	return nil
}

// consent answers the other player's undo proposal: agreed, the battle
// takes back the journal after the proposal's mark (a journaled
// take-back) and the game returns to where it stood there.
func (g *game) consent(side battle.Side, m wire.ClientMsg) error {
	o := g.offer
	switch {
	case o == nil:
		return errors.New("consent: no undo is proposed")
	case o.By == side:
		return errors.New("consent: the other player consents to an undo, not the one who proposed it")
	}
	g.offer = nil
	if !m.Consent.Agree {
		return nil
	}
	k := len(g.marks) - o.Back
	mk := g.marks[k]
	if mk.journal < len(g.b.Journal()) {
		g.epoch++ // the events taken back are gone from every list
		if err := g.apply(battle.Command{Type: battle.CmdTakeBack, Side: o.By, To: mk.journal}); err != nil {
			return fmt.Errorf("consent: %w", err)
		}
	}
	g.key, g.round, g.queue, g.need, g.moves, g.aligned = mk.key, mk.round, mk.queue, mk.need, mk.moves, mk.aligned
	g.marks = g.marks[:k]
	g.poses = nil
	g.commits, g.revealed = map[battle.Side]string{}, map[battle.Side]bool{}
	g.opened, g.pending = map[battle.Side]*wire.Seal{}, map[battle.Side][]wire.StandInNote{}
	return nil
}

// proposePoses records side's proposal of where the other player's
// models stand (wire.Poses): each ship the opponent's, on the table, and
// the corrections its owner would make taken by the battle as they stand
// (Battle.CheckPoses: on the table, clear of planetoids and other bases,
// before the first declaration or commitment). It replaces side's own
// proposal not yet answered; it is refused while the other player's
// proposal or an undo proposal waits for an answer.
func (g *game) proposePoses(st *battle.State, side battle.Side, m wire.ClientMsg) error {
	if !g.companion() {
		return errors.New("poses: only a companion game corrects poses to the table")
	}
	switch {
	case g.offer != nil:
		return fmt.Errorf("poses: the %s player's undo proposal waits for an answer; answer it first", g.offer.By)
	case g.poseOffer() != nil && g.poses.By != side:
		return fmt.Errorf("poses: the %s player's pose proposal waits for your answer; answer it first", g.poses.By)
	case g.need != nil:
		return fmt.Errorf("poses: the game waits for a %s for %s; supply it first", g.need.What, g.need.For)
	}
	side2 := map[string]battle.Side{}
	for _, s := range st.Ships {
		side2[s.ID] = s.Side
	}
	p := m.Poses
	cmds := make([]battle.Command, len(p.Ships))
	for i, sp := range p.Ships {
		owner, ok := side2[sp.Ship]
		switch {
		case !ok:
			return fmt.Errorf("poses: ships[%d]: no ship %q", i, sp.Ship)
		case owner == side:
			return fmt.Errorf("poses: ships[%d]: %s is your own ship; correct its pose yourself (act with a pose command)", i, sp.Ship)
		}
		pose := sp.Pose
		cmds[i] = battle.Command{Type: battle.CmdPose, Side: owner, Ship: sp.Ship, Pose: &pose}
	}
	if s := p.Shot; s != nil {
		for _, id := range []string{s.Attacker, s.Target} {
			if _, ok := side2[id]; !ok {
				return fmt.Errorf("poses: shot: no ship %q", id)
			}
		}
	}
	if err := g.correctPose(cmds[0]); err != nil {
		return fmt.Errorf("poses: %w", err)
	}
	if err := g.b.CheckPoses(cmds); err != nil {
		return fmt.Errorf("poses: %w", err)
	}
	o := &wire.PoseOffer{By: side, Poses: wire.Poses{Ships: slices.Clone(p.Ships)}}
	if p.Shot != nil {
		shot := *p.Shot
		o.Shot = &shot
	}
	g.poses, g.posesAt = o, len(g.b.Journal())
	return nil
}

// poseOffer is the pose proposal waiting for an answer: none once the
// battle has changed since it was made (the game moved on: a reveal, a
// clock's stand-in, any action), whatever the path of the change.
func (g *game) poseOffer() *wire.PoseOffer {
	if g.poses == nil || g.posesAt != len(g.b.Journal()) {
		return nil
	}
	return g.poses
}

// answerPoses answers the other player's pose proposal (consent with
// poses): agreed, each pose is corrected in order with the answering
// owner's side (journaled EvPoseCorrected, as the owner's own correction);
// refused, nothing changes. Either way the proposal is gone.
func (g *game) answerPoses(side battle.Side, m wire.ClientMsg) error {
	o := g.poses
	switch {
	case o == nil:
		return errors.New("consent: poses: no pose proposal waits for an answer")
	case o.By == side:
		return errors.New("consent: poses: the owner of the ships answers a pose proposal, not the one who proposed it")
	case g.poseOffer() == nil:
		return errors.New("consent: poses: the game moved on since the proposal; measure again and propose anew")
	}
	if !m.Consent.Agree {
		g.poses = nil
		return nil
	}
	for _, sp := range o.Ships {
		pose := sp.Pose
		if err := g.apply(battle.Command{Type: battle.CmdPose, Side: side, Ship: sp.Ship, Pose: &pose}); err != nil {
			// checked at the proposal on this very battle: the game is rebuilt
			return errDirty{fmt.Errorf("consent: poses: %w", err)}
		}
	}
	g.poses = nil
	if g.b.Phase() == battle.Aligning {
		g.aligned = nil // the table changed: both players say again that it is aligned
	}
	return nil
}

// sayAligned takes one player's word that the table is aligned after a
// movement step (Movement; the twin follows the models): at a real table
// both players agree on it, so the battle goes on (battle.CmdAligned)
// only with the second player's word; the first is kept (State.Aligned)
// until then, and a pose corrected meanwhile (act) voids both. A
// player's second word is refused, the game unchanged.
func (g *game) sayAligned(c battle.Command) error {
	side := c.Side
	if g.aligned[side] {
		return fmt.Errorf("act: aligned: the %s player has said the table is aligned already; the game waits for the %s player's word", side.Title(), side.Opponent().Title())
	}
	if !g.aligned[side.Opponent()] {
		g.aligned = map[battle.Side]bool{side: true}
		return nil
	}
	if err := g.run(c); err != nil {
		g.queue, g.need = nil, nil
		return fmt.Errorf("act: command (%s): %w", c.Type, err)
	}
	g.aligned = map[battle.Side]bool{side: true, side.Opponent(): true}
	return nil
}

// correctPose checks a companion's pose correction against the round of
// commitments: a plan sealed from the old pose stands.
func (g *game) correctPose(c battle.Command) error {
	if !g.companion() {
		return errors.New("act: command.type: pose corrections belong to companion games")
	}
	if len(g.commits) > 0 {
		return fmt.Errorf("act: pose: %s has sealed its decisions from the poses as they are; correct poses before the first commitment", slices.Sorted(maps.Keys(g.commits))[0])
	}
	return nil
}

// tableMoves is each opened plan's move as the players copy it onto the
// table: the engine's one legality answer (Battle.Preview) for the ship
// as it stands before the reveal.
func (g *game) tableMoves() []wire.TableMove {
	var out []wire.TableMove
	for _, s := range battle.Sides {
		o := g.opened[s]
		if o == nil || o.Phase != battle.Planning {
			continue
		}
		for _, c := range o.PlayedCommands() {
			if c.Type != battle.CmdPlan || c.Plan == nil {
				continue
			}
			oc, err := g.b.Preview(s, c.Ship, *c.Plan)
			if err != nil {
				continue // refused plans are stood in for, and noted
			}
			tm := wire.TableMove{Turn: o.Turn, Ship: c.Ship, Side: s, Planned: *c.Plan, Executed: oc.Executed, Legal: oc.Legal,
				Violations: oc.Violations, DamageDraws: oc.DamageDraws, Jump: len(oc.Steps) == 0}
			for _, st := range oc.Steps {
				tm.Steps = append(tm.Steps, st.Pose)
			}
			out = append(out, tm)
		}
	}
	return out
}

// needOf is the wire form of what the game waits for.
func needOf(n *battle.NeedInput) *wire.Need {
	if n == nil {
		return nil
	}
	return &wire.Need{What: n.What, Of: n.Of, For: n.For, Ship: n.Ship, Side: n.Side, Cup: n.Cup, Options: n.Options}
}
