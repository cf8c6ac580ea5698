package seat

import (
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// Local is a battle on this machine: players at this screen play the
// sides no computer player plays (two: hot-seat), and computer players
// (policies) decide for theirs through the same engine commands, in Poll.
type Local struct {
	b       *battle.Battle
	players map[battle.Side]policy.Policy
	ai      *policy.Game
	// thinking: a searching computer side's planning, worked out off the
	// screen's goroutine (policy.Game.Think) so the window stays
	// responsive.
	thinking map[battle.Side]*policy.Thought
	err      error
	// events caches the battle's events for the journal's length moves.
	events []battle.Event
	moves  int
}

// NewLocal seats players at a battle: computers names the policy playing
// a side (policy.ByName; "" or a missing side: a player at this screen).
func NewLocal(b *battle.Battle, comp *assets.Components, computers map[battle.Side]string) (*Local, error) {
	l := &Local{b: b, players: map[battle.Side]policy.Policy{}, moves: -1}
	for _, side := range battle.Sides {
		name := computers[side]
		if name == "" {
			continue
		}
		p, err := policy.ByName(name)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", side, err)
		}
		l.players[side] = p
	}
	if len(l.players) > 0 {
		l.ai = policy.NewGame(b, comp, b.Seed())
	}
	return l, nil
}

// Battle returns the battle being played.
func (l *Local) Battle() *battle.Battle { return l.b }

// Sides implements Seat: the sides no computer plays.
func (l *Local) Sides() []battle.Side {
	var out []battle.Side
	for _, side := range battle.Sides {
		if l.players[side] == nil {
			out = append(out, side)
		}
	}
	return out
}

// View implements Seat.
func (l *Local) View(side battle.Side) battle.View { return l.b.View(side) }

// Setup implements Seat.
func (l *Local) Setup() battle.Setup { return l.b.Setup() }

// Class implements Seat.
func (l *Local) Class(id string) starship.Class { return l.b.Class(id) }

// Events implements Seat: every event of the battle (the screen shows a
// side's secret ones only while that side has the controls).
func (l *Local) Events() []battle.Event {
	if n := len(l.b.Journal()); n != l.moves {
		l.moves, l.events = n, l.b.State().Events
	}
	return l.events
}

// Preview implements Seat: Battle.Preview.
func (l *Local) Preview(side battle.Side, ship string, plan starship.Plan) (starship.Outcome, error) {
	return l.b.Preview(side, ship, plan)
}

// Targets implements Seat: Battle.Targets for one of side's ships.
func (l *Local) Targets(side battle.Side, ship string) []referee.Ruling {
	if !l.owns(side, ship) {
		return nil
	}
	return l.b.Targets(ship)
}

// AttackRoll implements Seat: Battle.AttackRoll for one of side's ships.
func (l *Local) AttackRoll(side battle.Side, shooter, target string) (int, []battle.Modifier, bool) {
	if !l.owns(side, shooter) {
		return 0, nil, false
	}
	return l.b.AttackRoll(shooter, target)
}

func (l *Local) owns(side battle.Side, ship string) bool {
	for _, sp := range l.b.Setup().Ships {
		if sp.ID == ship {
			return sp.Side == side
		}
	}
	return false
}

// Do implements Seat: the command is applied now. A side a computer
// plays is refused: its decisions are the computer's.
func (l *Local) Do(cmd battle.Command) error {
	if cmd.Type != battle.CmdReveal && !slices.Contains(l.Sides(), cmd.Side) {
		return fmt.Errorf("the %s side is played by the computer (%s)", cmd.Side, l.players[cmd.Side].Name())
	}
	_, err := l.b.Apply(cmd)
	return err
}

// Poll implements Seat: the computer players make the decisions they owe
// now. It stops after a decision that ended a phase other than planning
// (moves or shots to show), so that the screen plays back one command's
// events at a time; a searching computer plans on a goroutine of its own
// and commits in a later Poll, once it is done.
func (l *Local) Poll() bool {
	changed := false
	for guard := 0; guard < 64; guard++ {
		acted, shown := l.computersAct()
		changed = changed || acted
		if shown || !acted {
			return changed
		}
	}
	return changed
}

func (l *Local) computersAct() (acted, shown bool) {
	if l.b.Phase() == battle.Over {
		return false, false
	}
	for _, side := range battle.Sides {
		p := l.players[side]
		if p == nil {
			continue
		}
		phase := l.b.Phase()
		journal := len(l.b.Journal())
		if phase == battle.Planning && policy.Searches(p) {
			if l.thinking == nil {
				l.thinking = map[battle.Side]*policy.Thought{}
			}
			t := l.thinking[side]
			if t == nil {
				if t = l.ai.Think(side, p); t == nil {
					continue
				}
				l.thinking[side] = t
			}
			if !t.Ready() {
				continue // it thinks on; the other side goes on meanwhile
			}
			delete(l.thinking, side)
			if _, err := l.ai.Commit(t); err != nil {
				l.err = fmt.Errorf("the computer (%s) cannot play %s: %w", p.Name(), side, err)
				return false, false
			}
		} else if _, err := l.ai.Act(side, p); err != nil {
			l.err = fmt.Errorf("the computer (%s) cannot play %s: %w", p.Name(), side, err)
			return false, false
		}
		if len(l.b.Journal()) == journal {
			continue
		}
		acted = true
		if l.b.Phase() != phase && phase != battle.Planning {
			return true, true
		}
	}
	return acted, false
}

// Status implements Seat.
func (l *Local) Status() Status {
	st := Status{Ready: true, Joined: battle.Sides, Err: l.err}
	for _, side := range battle.Sides {
		if t := l.thinking[side]; t != nil && !t.Ready() {
			st.Thinking = l.players[side].Name()
		}
	}
	if side := l.owing(); side != "" && l.players[side] != nil {
		st.Waiting = side
	}
	return st
}

// owing returns a side that owes a decision now ("" when none does or
// both may act).
func (l *Local) owing() battle.Side {
	for _, side := range battle.Sides {
		v := l.b.View(side)
		switch v.Phase {
		case battle.Declaring:
			if v.MayDeclare {
				return side
			}
		case battle.PlacingFTL:
			if len(v.MarkersDue) > 0 {
				return side
			}
		}
	}
	return ""
}

// Leave implements Seat: the battle stays in this program (the screen
// autosaves it).
func (l *Local) Leave() {
	for side, t := range l.thinking {
		if t != nil {
			delete(l.thinking, side)
		}
	}
}

// Computer implements Computers.
func (l *Local) Computer(side battle.Side) string {
	if p := l.players[side]; p != nil {
		return p.Name()
	}
	return ""
}

// Policy returns the policy playing side (nil when a player does).
func (l *Local) Policy(side battle.Side) policy.Policy { return l.players[side] }

// Flown implements Flights: the moves of the last turn whose movement
// was worked out (a local screen plays back every turn as it happens).
func (l *Local) Flown(turn int) ([]wire.Flight, bool) {
	t, fs := l.b.Flights()
	if t != turn || t == 0 {
		return nil, false
	}
	out := make([]wire.Flight, len(fs))
	for i, f := range fs {
		out[i] = wire.FlightOf(t, f)
	}
	return out, true
}

// Save implements Saver.
func (l *Local) Save() ([]byte, error) { return l.b.Save() }

// Hash implements Saver.
func (l *Local) Hash() string { return l.b.Hash() }

// Moves implements Saver: the journal's length.
func (l *Local) Moves() int { return len(l.b.Journal()) }

// Escaped implements Escapes.
func (l *Local) Escaped(id string) (string, bool) { return l.b.Escaped(id) }

// MarginsOf implements Margins with the battle's referee.
func (l *Local) MarginsOf(r referee.Ruling) referee.Margins {
	if ref, _ := l.b.Referee(); ref != nil {
		return ref.MarginsOf(r)
	}
	return referee.Margins{}
}

var (
	_ Seat      = (*Local)(nil)
	_ Saver     = (*Local)(nil)
	_ Computers = (*Local)(nil)
	_ Escapes   = (*Local)(nil)
	_ Margins   = (*Local)(nil)
)
