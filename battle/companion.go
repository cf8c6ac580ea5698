package battle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// maxRolled bounds the draws one supply command may leave to the battle's
// own source (Command.Roll, Command.FromCup): more than any command asks.
const maxRolled = 64

// PoseRefused is the error of a pose correction the table cannot have: the
// base at Pose would break Faults (the setup's one check of where a base
// may stand, Setup.Check). The battle is unchanged.
type PoseRefused struct {
	Ship   string       `json:"ship"`
	Pose   physics.Pose `json:"pose"`
	Faults []PlaceFault `json:"faults"`
}

func (e *PoseRefused) Error() string {
	var why []string
	for _, f := range e.Faults {
		switch f.Fault {
		case FaultOffTable:
			why = append(why, "its base would reach beyond the table's edge")
		case FaultPlanetoid:
			why = append(why, "its base would lie inside the planetoid "+f.Other)
		case FaultOverlap:
			why = append(why, "its base would overlap the base of "+f.Other)
		}
	}
	return fmt.Sprintf("pose: %s cannot stand at (%.1f, %.1f) heading %.1f°: %s; measure the model again",
		e.Ship, e.Pose.Pos.X, e.Pose.Pos.Y, e.Pose.Heading.Degrees(), strings.Join(why, ", "))
}

// correctPose moves a ship's twin to where its model stands on the real
// table (companion mode: the twin follows the table, never the other way
// round). A correction comes after a movement step, before anything is
// decided from the poses: while aligning (the phase after every movement
// step of a companion battle), in a firing step before any shot is
// declared, or in planning before any plan is committed. The rest of the
// ship's move this turn is carried with it (carryMove). The pose must be one the
// setup allows (baseFaults): on the table, clear of planetoids and of the
// other bases on the table at the ship's level. Nothing else changes:
// the ship's speed, dial, level and fuel stay as the engine has them.
func (b *Battle) correctPose(cmd Command) error {
	s, err := b.poseCheck(cmd, nil)
	if err != nil {
		return err
	}
	p := *cmd.Pose
	from := s.Ship.Pose
	s.Ship.Pose = p
	if s.Outcome != nil && b.st.Phase != Planning {
		carryMove(s.Outcome, from, p) // the rest of the move starts from where the model stands
	}
	at := p.Pos
	b.emit(Event{Kind: EvPoseCorrected, Side: s.Side, Ship: s.ID, At: &at, Distance: at.Dist(from.Pos)})
	return nil
}

// CheckPoses reports whether the pose corrections cmds (battle.CmdPose,
// each with its ship's side) would all be taken if applied in order, each
// after the ones before it: the same refusals as Apply (a *PoseRefused
// for a base off the table, in a planetoid or on another base), and a
// ship corrected twice. Nothing changes. The companion's pose proposal
// for the other player's ships is checked with it before its owner is
// asked.
func (b *Battle) CheckPoses(cmds []Command) error {
	moved := map[string]physics.Pose{}
	for _, c := range cmds {
		if c.Type != CmdPose {
			return fmt.Errorf("pose: command.type: %q; only pose corrections are checked", c.Type)
		}
		if _, twice := moved[c.Ship]; twice {
			return fmt.Errorf("pose: %s is given twice", c.Ship)
		}
		if _, err := b.poseCheck(c, moved); err != nil {
			return err
		}
		moved[c.Ship] = *c.Pose
	}
	return nil
}

// poseCheck is correctPose's check of cmd with the ships in moved already
// standing at their poses there; it returns the ship to correct.
func (b *Battle) poseCheck(cmd Command, moved map[string]physics.Pose) (*ShipState, error) {
	if !b.setup.Companion {
		return nil, fmt.Errorf("pose: a battle that is not a companion's follows its own moves")
	}
	if cmd.Pose == nil {
		return nil, fmt.Errorf("pose: pose: missing")
	}
	s, err := b.ship(cmd.Ship, cmd.Side)
	if err != nil {
		return nil, fmt.Errorf("pose: %w", err)
	}
	if !s.Active() {
		return nil, fmt.Errorf("pose: %s is not on the table", s.ID)
	}
	switch b.st.Phase {
	case Aligning:
	case Declaring:
		if len(b.st.Shots) > 0 || b.st.Hidden != "" || b.st.FirstToDeclare != "" && slices.Contains(b.st.Declared, b.st.FirstToDeclare) {
			return nil, fmt.Errorf("pose: shots are declared in this firing step; correct poses before the first declaration")
		}
	case Planning:
		for _, o := range b.st.Ships {
			if o.Plan != nil {
				return nil, fmt.Errorf("pose: %s has committed its plan; correct poses before the first plan is committed", o.ID)
			}
		}
	default:
		return nil, fmt.Errorf("pose: the battle is %s; a pose is corrected after a movement step (aligning, declaring or planning)", b.st.Phase)
	}
	p := *cmd.Pose
	if !finiteIn(p.Pos.X) || !finiteIn(p.Pos.Y) || !finiteIn(float64(p.Heading)) {
		return nil, fmt.Errorf("pose: (%g, %g) heading %g: not a place on a table", p.Pos.X, p.Pos.Y, float64(p.Heading))
	}
	across := b.comp.BaseAcrossFlats(s.Class)
	me := standing{ID: s.ID, Base: physics.Hexagon(p, across), Level: s.Ship.Level}
	var others []standing
	for i := range b.st.Ships {
		o := &b.st.Ships[i]
		if o.ID == s.ID || !o.Active() {
			continue
		}
		at := o.Ship.Pose
		if q, ok := moved[o.ID]; ok {
			at = q
		}
		others = append(others, standing{ID: o.ID, Base: physics.Hexagon(at, b.comp.BaseAcrossFlats(o.Class)), Level: o.Ship.Level})
	}
	if faults := b.setup.baseFaults(me, others); len(faults) > 0 {
		return nil, &PoseRefused{Ship: s.ID, Pose: p, Faults: faults}
	}
	return s, nil
}

// aligned ends the aligning after a movement step (companion mode): the
// twin stands where the models do, and the firing step opens from there
// (Firing; Choosing a target: the targets are ruled on the corrected
// poses).
func (b *Battle) aligned() error {
	if b.st.Phase != Aligning {
		return fmt.Errorf("aligned: the battle is %s, not aligning after a movement step", b.st.Phase)
	}
	return b.openFiring()
}

// carryMove moves a ship's revealed move rigidly with its stand, from
// pose from to pose to: the steps still to fly start where the model was
// set, as the player flies them from there at the table.
func carryMove(o *starship.Outcome, from, to physics.Pose) {
	turn := to.Heading - from.Heading
	point := func(v physics.Vec) physics.Vec { return to.Pos.Add(v.Sub(from.Pos).Rotate(turn)) }
	pose := func(q physics.Pose) physics.Pose { return physics.Pose{Pos: point(q.Pos), Heading: q.Heading + turn} }
	for i := range o.Steps {
		st := &o.Steps[i]
		st.Pose = pose(st.Pose)
		for j := range st.Motions {
			m := &st.Motions[j]
			m.From, m.Shift = pose(m.From), m.Shift.Rotate(turn)
			if m.Turn != 0 {
				m.Centre = point(m.Centre)
			}
		}
	}
	for i := range o.Cards {
		fp := make(physics.Polygon, len(o.Cards[i].Footprint))
		for j, v := range o.Cards[i].Footprint {
			fp[j] = point(v)
		}
		o.Cards[i].Footprint = fp
	}
	for i := range o.Path {
		o.Path[i] = point(o.Path[i])
	}
}

// takeBack takes back every command after the journal's first To entries,
// by both players' agreement (companion mode: a mistyped die, a misplaced
// model): the battle becomes the replay of those entries, and the
// take-back itself is journaled (a replay of the whole journal takes it
// back again). The begin command is never taken back.
func (b *Battle) takeBack(cmd Command) ([]Event, error) {
	if !b.setup.Companion {
		return nil, fmt.Errorf("take-back: only a companion battle takes commands back")
	}
	if cmd.To < 1 || cmd.To >= len(b.journal) {
		return nil, fmt.Errorf("take-back: to: %d; allowed 1 to %d (the journal has %d entries; the begin command stays)", cmd.To, len(b.journal)-1, len(b.journal))
	}
	nb, err := Replay(b.setup, b.comp, b.seed, b.journal[:cmd.To])
	if err != nil {
		return nil, fmt.Errorf("take-back: %w", err)
	}
	undone := len(b.journal) - cmd.To
	b.st, b.src, b.flightTurn, b.flights = nb.st, nb.src, nb.flightTurn, nb.flights
	b.ref, b.refIdx, b.refShips, b.rulings, b.ruled, b.seen = nil, nil, nil, nil, nil, nil
	b.emit(Event{Kind: EvTakenBack, Side: cmd.Side, Count: undone})
	b.journal = append(b.journal, Entry{Command: cmd})
	return []Event{b.st.Events[len(b.st.Events)-1]}, nil
}
