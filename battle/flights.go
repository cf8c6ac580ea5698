package battle

import (
	"slices"

	"github.com/starshipbattles/bsg/starship"
)

// Flight is one ship's move in a turn as the engine flew it (The turn:
// the movement steps): where its stand was when the turn's movement began
// (From; OnTable false: it entered play with this move) and the move's
// outcome as the engine holds it once the movement is worked out (the
// stand after each movement step, its path, an FTL jump; a push by an
// FTL arrival or a Quick Start slide is carried in the steps). It is
// public from the reveal on, like ShipView.Outcome, which a view hides
// again once the next turn begins.
type Flight struct {
	Ship    string
	From    starship.Step
	OnTable bool
	Outcome starship.Outcome
}

// flight is a Flight as the battle keeps it: while its turn lasts the
// outcome is the ship's own (ShipState.Outcome, which the rest of the
// turn may still push); the next turn's start keeps a copy (kept).
type flight struct {
	ship    string
	from    starship.Step
	onTable bool
	kept    *starship.Outcome
}

// Flights returns the turn whose moves were worked out last (0: none yet)
// and how each ship that moved in it flew, in the order of the ships. It
// is a copy: the steps without their swept motions, the path, the jump.
// A screen plays a past turn back from it after the view no longer shows
// the turn's outcomes (several turns arriving at once).
func (b *Battle) Flights() (turn int, fs []Flight) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, f := range b.flights {
		o := b.flown(f)
		if o == nil {
			continue
		}
		fs = append(fs, Flight{Ship: f.ship, From: f.from, OnTable: f.onTable, Outcome: flownCopy(*o)})
	}
	return b.flightTurn, fs
}

// flown is the outcome of flight f: the ship's own while its turn lasts.
func (b *Battle) flown(f flight) *starship.Outcome {
	if f.kept != nil || b.flightTurn != b.st.Turn {
		return f.kept
	}
	if i, ok := b.ids[f.ship]; ok {
		return b.st.Ships[i].Outcome
	}
	return nil
}

// flownCopy is the part of an outcome a Flight carries, copied.
func flownCopy(o starship.Outcome) starship.Outcome {
	c := starship.Outcome{Path: slices.Clone(o.Path), Jumped: o.Jumped, LeftGame: o.LeftGame,
		Steps: make([]starship.Step, len(o.Steps))}
	for i, st := range o.Steps {
		st.Motions = nil
		c.Steps[i] = st
	}
	return c
}

// keepFlights notes where the active ships stand as the turn's movement
// begins (resolveMoves); fly adds each move as it is worked out.
func (b *Battle) keepFlights() map[string]flight {
	b.flightTurn, b.flights = b.st.Turn, nil
	from := map[string]flight{}
	for _, s := range b.st.Ships {
		if s.Active() {
			from[s.ID] = flight{ship: s.ID, onTable: s.OnTable,
				from: starship.Step{Pose: s.Ship.Pose, Rotation: s.Ship.Rotation, Level: s.Ship.Level}}
		}
	}
	return from
}

// fly keeps ship s's move, worked out from where from has it.
func (b *Battle) fly(from map[string]flight, s *ShipState) {
	if f, ok := from[s.ID]; ok && s.Outcome != nil && len(s.Outcome.Steps) > 0 {
		b.flights = append(b.flights, f)
	}
}

// endFlights keeps a copy of the ending turn's moves before the next turn
// lets go of the outcomes (startTurn).
func (b *Battle) endFlights() {
	if b.flightTurn != b.st.Turn {
		return
	}
	for i, f := range b.flights {
		if o := b.flown(f); o != nil {
			c := flownCopy(*o)
			b.flights[i].kept = &c
		}
	}
}
