package battle

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Command is one player action, as data (and as the journal stores it).
// Every command names the Side that gives it, and Apply refuses a command
// without a side, a command for a ship of the other side, and a side
// acting out of turn (a tailing ship planning before the ship it tails,
// the second side declaring before the first under Choosing a target).
// Begin, reveal and supply belong to neither side's ships: either side
// may send them. A server sets Side from the connection, never from the
// message.
type Command struct {
	Type   CommandType    `json:"type"`
	Side   Side           `json:"side,omitempty"`
	Ship   string         `json:"ship,omitempty"`
	Plan   *starship.Plan `json:"plan,omitempty"`   // plan
	Marker *physics.Pose  `json:"marker,omitempty"` // ftl
	Leave  bool           `json:"leave,omitempty"`  // ftl: jump out of the playing area instead of placing a marker
	Shots  []Shot         `json:"shots,omitempty"`  // declare (none: no fire)
	Target string         `json:"target,omitempty"` // tail
	Values []int          `json:"values,omitempty"` // supply: dice (1..6) and picks (0..n−1), in the order asked
	Drawn  []string       `json:"drawn,omitempty"`  // supply: counters drawn, as "4+ hull"
	Seed   uint64         `json:"seed,omitempty"`   // reseed: the new seed of the random source
	// Roll and FromCup (supply, after Values and Drawn): this many of the
	// dice or picks, and of the counters, asked next are drawn by the
	// battle itself from its seeded source (the app rolls the dice; the
	// app's secret cup).
	Roll    int           `json:"roll,omitempty"`
	FromCup int           `json:"from_cup,omitempty"`
	Pose    *physics.Pose `json:"pose,omitempty"` // pose: where the model really stands
	To      int           `json:"to,omitempty"`   // take-back: the journal's length to go back to
}

// CommandType names what a command does.
type CommandType string

// The commands.
const (
	CmdPlan    CommandType = "plan"    // commit a ship's plan (secret until the reveal)
	CmdUndo    CommandType = "undo"    // withdraw a committed plan before the reveal
	CmdTail    CommandType = "tail"    // choose which ship to tail, when several qualify; no target declines tailing
	CmdReveal  CommandType = "reveal"  // reveal all plans and move
	CmdFTL     CommandType = "ftl"     // place a jumping ship's FTL marker
	CmdDeclare CommandType = "declare" // declare a side's shots for this firing step
	CmdSupply  CommandType = "supply"  // companion mode: dice and counters from the real table
	CmdBegin   CommandType = "begin"   // start the first turn (New does it, except in companion mode)
	CmdPreplan CommandType = "preplan" // a severely wounded pilot's cards for next turn
	CmdReseed  CommandType = "reseed"  // reseed the random source (network play: each turn's derived dice seed)
	// companion mode:
	CmdPose     CommandType = "pose"      // correct a ship's pose to where its model stands on the table
	CmdTakeBack CommandType = "take-back" // take back the commands after the journal's first To, by both players' agreement
	CmdAligned  CommandType = "aligned"   // the twin stands where the models do: on to the firing step
)

// Entry is one journal line: a command and the draws it made.
type Entry struct {
	Command Command `json:"command"`
	Draws   []Draw  `json:"draws,omitempty"`
}

// Battle is one battle in progress.
//
// Concurrency: a Battle is safe for use by several goroutines. Every
// exported method holds the battle's lock while it runs, so each call sees
// and leaves a whole state (View, Hash and Save never see half a command).
// A sequence of calls is not atomic: a server that reads a View and then
// applies a command decided from it must hold its own lock per game around
// the pair (one lock per game; the battle's own lock is never exposed).
type Battle struct {
	mu      sync.Mutex
	setup   Setup
	seed    uint64
	comp    *assets.Components
	classes map[string]starship.Class
	st      State
	src     *source
	journal []Entry
	// ids maps a ship id to its index in st.Ships.
	ids map[string]int
	// ref is the referee of the table as it stood when last asked for
	// (refereeNow), the ship index behind each of its ships, and its
	// ships; reused while the active ships stand where they stood.
	ref      *referee.Referee
	refIdx   []int
	refShips []referee.Ship
	// rulings holds ref's rulings on pairs of its ships (attacker × n +
	// target), ruled marks those made.
	rulings []referee.Ruling
	ruled   []bool
	// seen holds, per side asked for a View, the events of st.Events it
	// may read, filtered up to st.Events[:upTo] (events are only ever
	// appended): View hands out slices of it instead of copying them.
	seen []seenEvents
	// flights are the moves of turn flightTurn, the last whose movement
	// was worked out (Flights); outside the state, so outside the hash.
	flightTurn int
	flights    []flight
}

// seenEvents is one side's readable events, kept for View.
type seenEvents struct {
	side   Side
	upTo   int
	events []Event
}

// New sets up a battle. comp supplies classes, decks and counters. A
// setup Check refuses is refused.
func New(setup Setup, comp *assets.Components, seed uint64) (*Battle, error) {
	return newBattle(setup, comp, seed, func(id string) (starship.Class, error) { return starship.ClassFor(comp, id) })
}

// newBattle is New, taking each class of the battle from class.
func newBattle(setup Setup, comp *assets.Components, seed uint64, class func(id string) (starship.Class, error)) (*Battle, error) {
	if err := setup.Check(comp); err != nil {
		return nil, err
	}
	b := &Battle{setup: setup, seed: seed, comp: comp, classes: map[string]starship.Class{}, ids: map[string]int{},
		src: newSource(seed, setup.Companion)}
	if len(setup.Ships) > 0 {
		b.st.Ships = make([]ShipState, 0, len(setup.Ships))
	}
	for i, sp := range setup.Ships {
		if _, ok := b.classes[sp.Class]; !ok {
			c, err := class(sp.Class)
			if err != nil {
				return nil, problem(fmt.Sprintf("setup.Ships[%d].Class", i), "%v", err)
			}
			b.classes[sp.Class] = c
		}
		fuel := sp.Fuel
		if fuel == 0 {
			fuel = comp.Geometry.StartingFuel.Value
		}
		pilot, card, err := pilotOf(comp, sp, setup.Ships[:i])
		if err != nil {
			return nil, problem(fmt.Sprintf("setup.Ships[%d].Pilot", i), "%v", err)
		}
		speed, _ := maneuvers.SpeedForKineticEnergy(min(max(sp.KE, -1), 3))
		b.st.Ships = append(b.st.Ships, ShipState{
			ID: sp.ID, Class: sp.Class, Side: sp.Side,
			Talents: slices.Clone(sp.Talents), Flaws: slices.Clone(sp.Flaws),
			Ship: starship.State{Class: sp.Class, Pose: sp.Pose, Rotation: sp.Rotation, KE: sp.KE, Speed: speed,
				Level: max(sp.Level, 1), Fuel: fuel, Pilot: pilot},
			Enters: sp.EntersOnTurn, EntersByFTL: sp.EntersByFTL, PilotCard: card,
		})
		b.ids[sp.ID] = i
	}
	b.st.Cup = fullCup(comp.Damage)
	b.st.Collisions = fullCup(comp.Collision)
	b.st.Phase = Setting
	if !setup.Companion {
		// The battle begins itself: the only command without a side. Room
		// for the commands and events of most battles is taken at once.
		b.journal, b.st.Events = make([]Entry, 0, journalRoom), make([]Event, 0, eventsRoom)
		if _, err := b.applyCommand(Command{Type: CmdBegin}); err != nil {
			return nil, err
		}
		if len(b.st.Events) == 0 { // as without the room taken
			b.st.Events = nil
		}
	}
	return b, nil
}

// journalRoom and eventsRoom are the commands and events of most battles
// (a random game of The Hand of God has some 40 and 100).
const (
	journalRoom = 48
	eventsRoom  = 128
)

// Setup returns the battle's setup.
func (b *Battle) Setup() Setup { return b.setup }

// Seed returns the seed of the battle's random source. It is a secret of
// the battle: whoever knows it knows every coming die and counter, so it
// is shown to no player while the battle goes on.
func (b *Battle) Seed() uint64 { return b.seed }

// Turn returns the current turn (from 1).
func (b *Battle) Turn() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.st.Turn
}

// Phase returns what the battle waits for.
func (b *Battle) Phase() Phase {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.st.Phase
}

// Result returns how the battle ended, or nil while it goes on.
func (b *Battle) Result() *Result {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.st.Result == nil {
		return nil
	}
	r := *b.st.Result
	return &r
}

// Journal returns the commands applied so far with their draws. Outside
// companion mode the first entry is the begin command New applied.
func (b *Battle) Journal() []Entry {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.journal)
}

// Class returns a ship class used in the battle.
func (b *Battle) Class(id string) starship.Class { return b.classes[id] }

// Apply carries out one command. It returns the events it caused, secret
// ones included (Event.VisibleTo says who may read each; a player is shown
// only those, or its View). An error leaves the battle unchanged; in
// companion mode a *NeedInput error asks for dice or counters (send them
// with a supply command, then the command again).
func (b *Battle) Apply(cmd Command) ([]Event, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cmd.Side != Colonial && cmd.Side != Cylon {
		return nil, fmt.Errorf("%s: side %q; allowed: colonial, cylon (every command names the side that gives it)", cmd.Type, cmd.Side)
	}
	return b.applyCommand(cmd)
}

// applyCommand is Apply under the lock, once the side is checked.
func (b *Battle) applyCommand(cmd Command) ([]Event, error) {
	if cmd.Type == CmdTakeBack {
		return b.takeBack(cmd)
	}
	if b.st.Phase == Over && cmd.Type != CmdSupply {
		return nil, errors.New("the battle is over")
	}
	if cmd.Type == CmdSupply {
		if err := b.supply(cmd); err != nil {
			return nil, err
		}
		b.journal = append(b.journal, Entry{Command: cmd})
		return nil, nil
	}
	var snapshot, pcg []byte
	flightTurn, flights := b.flightTurn, b.flights
	if b.setup.Companion {
		flights = slices.Clone(b.flights) // kept copies are never changed, the slice is
		snapshot, _ = json.Marshal(b.st)
		pcg, _ = b.src.pcg.MarshalBinary() // a draw the battle made itself is made again
	}
	supplied, counters := slices.Clone(b.src.supplied), slices.Clone(b.src.counters)
	before := len(b.st.Events)
	err := b.apply(cmd)
	if err != nil {
		if snapshot != nil {
			b.st = State{}
			_ = json.Unmarshal(snapshot, &b.st)
			b.src.supplied, b.src.counters = supplied, counters
			b.flightTurn, b.flights = flightTurn, flights
			_ = b.src.pcg.UnmarshalBinary(pcg)
		}
		b.src.drawn = nil
		return nil, err
	}
	b.journal = append(b.journal, Entry{Command: cmd, Draws: b.src.drawn})
	b.src.drawn = nil
	return slices.Clone(b.st.Events[before:]), nil
}

func (b *Battle) apply(cmd Command) error {
	if cmd.Type != CmdBegin && b.st.Phase == Setting {
		return errors.New("the battle has not begun: send the begin command")
	}
	switch cmd.Type {
	case CmdBegin:
		if b.st.Phase != Setting {
			return errors.New("begin: the battle has begun already")
		}
		return b.startTurn()
	case CmdPlan:
		return b.commitPlan(cmd)
	case CmdUndo:
		return b.undo(cmd)
	case CmdTail:
		return b.chooseTail(cmd)
	case CmdReveal:
		return b.reveal()
	case CmdFTL:
		return b.placeMarker(cmd)
	case CmdDeclare:
		return b.declare(cmd)
	case CmdPreplan:
		return b.preplan(cmd)
	case CmdReseed:
		return b.reseed(cmd)
	case CmdPose:
		return b.correctPose(cmd)
	case CmdAligned:
		return b.aligned()
	}
	return fmt.Errorf("unknown command %q; allowed: begin, plan, undo, tail, reveal, ftl, declare, preplan, supply, reseed, pose, aligned, take-back", cmd.Type)
}

// supply queues the players' dice and counters (companion mode).
func (b *Battle) supply(cmd Command) error {
	if !b.setup.Companion {
		return errors.New("supply: the battle draws its own dice (not in companion mode)")
	}
	for _, s := range cmd.Drawn {
		if _, err := parseCounter(s); err != nil {
			return fmt.Errorf("supply: %w", err)
		}
	}
	if cmd.Roll < 0 || cmd.FromCup < 0 || cmd.Roll+cmd.FromCup > maxRolled {
		return fmt.Errorf("supply: roll, from_cup: %d, %d; allowed 0 to %d draws the battle makes itself", cmd.Roll, cmd.FromCup, maxRolled)
	}
	for _, v := range cmd.Values {
		b.src.supplied = append(b.src.supplied, supplied{v: v})
	}
	for range cmd.Roll {
		b.src.supplied = append(b.src.supplied, supplied{roll: true})
	}
	for _, c := range cmd.Drawn {
		b.src.counters = append(b.src.counters, supplied{counter: c})
	}
	for range cmd.FromCup {
		b.src.counters = append(b.src.counters, supplied{roll: true})
	}
	return nil
}

// ship returns the ship with the id, checking that side may command it.
func (b *Battle) ship(id string, side Side) (*ShipState, error) {
	i, ok := b.ids[id]
	if !ok {
		return nil, fmt.Errorf("no ship %q", id)
	}
	s := &b.st.Ships[i]
	if s.Side != side {
		return nil, fmt.Errorf("%s is a %s ship; %s cannot command it", id, s.Side, side)
	}
	return s, nil
}

// emit records an event of this turn. A Secret one names the side that
// alone may read it.
func (b *Battle) emit(e Event) {
	e.Turn = b.st.Turn
	b.st.Events = append(b.st.Events, e)
}

// refereeTable returns the table as the referee sees it now, and the ship
// index behind each referee ship.
func (b *Battle) refereeTable() (referee.Table, []int) {
	g := b.comp.Geometry
	t := referee.Table{Width: b.setup.Width, Depth: b.setup.Depth, ThreeD: b.setup.Rules.Has(starship.OptThreeD),
		Obstacles: b.setup.Obstacles, Limits: referee.LimitsFrom(g)}
	var idx []int
	if n := len(b.st.Ships); n > 0 {
		t.Ships, idx = make([]referee.Ship, 0, n), make([]int, 0, n)
	}
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() {
			continue
		}
		t.Ships = append(t.Ships, referee.Ship{ID: s.ID, Class: s.Class, Pose: s.Ship.Pose, Rotation: s.Ship.Rotation,
			Level: s.Ship.Level, AcrossFlats: b.classes[s.Class].AcrossFlats})
		idx = append(idx, i)
	}
	return t, idx
}

// Referee returns the referee for the table as it stands (active ships
// only) and the ship index behind each of its ships. Both are shared with
// the battle (it keeps them while the table stays as it is): read them, do
// not change them.
func (b *Battle) Referee() (*referee.Referee, []int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.refereeNow()
}

// refereeNow is Referee for callers that hold the lock. The referee is
// built once per arrangement of the table: it is reused while the same
// ships are active and each stands where it stood, to the last bit.
func (b *Battle) refereeNow() (*referee.Referee, []int) {
	if b.ref != nil && b.tableUnchanged() {
		return b.ref, b.refIdx
	}
	t, idx := b.refereeTable()
	b.ref, b.refIdx, b.refShips = referee.New(t), idx, t.Ships
	clear(b.ruled) // none made by the new referee (the arrays are reused)
	return b.ref, b.refIdx
}

// rule returns ref's ruling on its ships a and t: for the referee
// refereeNow keeps, each pair is ruled once while the table stands.
func (b *Battle) rule(ref *referee.Referee, a, t int) referee.Ruling {
	n := len(b.refIdx)
	if ref != b.ref || a < 0 || t < 0 || a >= n || t >= n {
		return ref.Rule(a, t)
	}
	if len(b.ruled) != n*n {
		if cap(b.ruled) < n*n {
			b.rulings, b.ruled = make([]referee.Ruling, n*n), make([]bool, n*n)
		}
		b.rulings, b.ruled = b.rulings[:n*n], b.ruled[:n*n]
		clear(b.ruled)
	}
	k := a*n + t
	if !b.ruled[k] {
		b.rulings[k], b.ruled[k] = ref.Rule(a, t), true
	}
	return b.rulings[k]
}

// tableUnchanged reports whether the active ships are those of the cached
// referee, each with the same pose, dial and level (bit for bit).
func (b *Battle) tableUnchanged() bool {
	k := 0
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() {
			continue
		}
		if k >= len(b.refIdx) || b.refIdx[k] != i {
			return false
		}
		r := &b.refShips[k]
		if r.ID != s.ID || r.Class != s.Class || r.Rotation != s.Ship.Rotation || r.Level != s.Ship.Level ||
			!samePose(r.Pose, s.Ship.Pose) {
			return false
		}
		k++
	}
	return k == len(b.refIdx)
}

// samePose reports whether two poses are equal bit for bit.
func samePose(a, b physics.Pose) bool {
	return math.Float64bits(a.Pos.X) == math.Float64bits(b.Pos.X) &&
		math.Float64bits(a.Pos.Y) == math.Float64bits(b.Pos.Y) &&
		math.Float64bits(float64(a.Heading)) == math.Float64bits(float64(b.Heading))
}
