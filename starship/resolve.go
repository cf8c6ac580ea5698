package starship

import (
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

// Step is where the ship stands after one movement step.
type Step struct {
	Name     string
	Pose     physics.Pose
	Rotation int
	Level    int
	// Motions are the base's rigid motions during this step, from where
	// the previous step left it to Pose (none for an FTL arrival or a
	// level change): the area the base sweeps.
	Motions []maneuvers.Motion `json:"motions,omitempty"`
}

// SweepArea measures the base swept during this step against a playing
// area width × depth (Special cases: a spaceship that moves out of the
// playing area, even partially, is eliminated).
func (st Step) SweepArea(acrossFlats, width, depth float64) maneuvers.AreaSweep {
	return maneuvers.SweepArea(st.Motions, st.Pose, acrossFlats, width, depth)
}

// MayLeave is a cheap, conservative SweepArea(...).Leaves: false only
// when the base certainly stays inside the playing area during this step.
func (st Step) MayLeave(acrossFlats, width, depth float64) bool {
	return maneuvers.MayLeave(st.Motions, st.Pose, acrossFlats, width, depth)
}

// SweepArea measures the base swept during the whole move, both movement
// steps, against a playing area width × depth: Leaves is true when some
// part of the base goes beyond an edge anywhere along the path, and Pose
// is the stand at the first point where it does (Special cases: a
// spaceship that moves out of the playing area, even partially, is
// eliminated). An FTL arrival counts where the ship reappears.
func (o Outcome) SweepArea(acrossFlats, width, depth float64) maneuvers.AreaSweep {
	var all []maneuvers.Motion
	for _, st := range o.Steps {
		if len(st.Motions) == 0 {
			all = append(all, maneuvers.SlideMotion(st.Pose, physics.Vec{}))
		}
		all = append(all, st.Motions...)
	}
	return maneuvers.SweepArea(all, o.Final().Pose, acrossFlats, width, depth)
}

// CardOnTable is a card laid on the table during the move: its footprint
// (for the asteroid rule) and its arrow, in table coordinates.
type CardOnTable struct {
	ID        string
	Footprint physics.Polygon
	Arrow     []physics.Vec
	// Step is the movement step the card is laid in (Complete Rules:
	// 1 or 2, as Outcome.MovementStep numbers them; Quick Start: 1).
	Step int `json:",omitempty"`
}

// Outcome is what a plan does to a ship in one turn.
type Outcome struct {
	Legal       bool
	Violations  []Violation
	Executed    Plan // the plan as moved: the corrected plan when illegal
	Corrected   bool
	DamageDraws int // counters drawn for an illegal plan (numeric value only)
	KE          int // kinetic energy after the reveal
	FuelSpent   int // 0 unless the Fuel rule is in force
	Fuel        int
	Steps       []Step
	Path        []physics.Vec // the stand's path, for drawing
	Cards       []CardOnTable
	Difficult   bool // a difficult maneuver marker for next turn
	Jumped      bool
	LeftGame    bool // a level change beyond level 1 or 4 (Moving between levels)
}

// Final returns the last step.
func (o Outcome) Final() Step { return o.Steps[len(o.Steps)-1] }

// MovementStep returns where the move leaves the ship after movement step
// k (Complete Rules: the steps "move 1" and "move 2"; Quick Start: one
// step, "move"), and false when the move has no such step (an FTL
// arrival, "ftl", is none: it comes before the first).
func (o Outcome) MovementStep(k int) (Step, bool) {
	name := fmt.Sprintf("move %d", k)
	for _, st := range o.Steps {
		if st.Name == name || k == 1 && st.Name == "move" {
			return st, true
		}
	}
	return Step{}, false
}

// CardsOf returns the cards laid in movement step k (CardOnTable.Step).
func (o Outcome) CardsOf(k int) []CardOnTable {
	var out []CardOnTable
	for _, c := range o.Cards {
		if c.Step == k {
			out = append(out, c)
		}
	}
	return out
}

// pathStep is the spacing of drawn path points along arcs, in millimetres.
const pathStep = 5

// pathCapacity is room for the stand's path points of most moves, taken
// at once.
const pathCapacity = 40

// Resolve plays one ship's plan for a turn: it checks the plan, corrects it
// if illegal, and moves the ship step by step as the rule set orders it
// (Movement; Complete Rules: Movement, Overboost, Rotating the spaceship
// while maneuvering, Changing direction; Moving between levels;
// Faster-than-light movement). jump is required when the slider is at FTL.
func Resolve(rs Rules, comp *assets.Components, c Class, s State, p Plan, jump *FTLJump) (Outcome, error) {
	o, err := Examine(rs, c, s, p)
	if err != nil {
		return Outcome{}, err
	}
	return o.Move(rs, comp, c, s, jump)
}

// Examine reads a plan for a ship once and checks it against every rule
// (Check): the outcome's Legal, Violations, and for an illegal plan the
// correction the rules put in its place, Executed, with the damage
// counters it draws, DamageDraws (Special cases: Illegal moves). It does
// not move the ship: Move does (Resolve is Examine, then Move).
func Examine(rs Rules, c Class, s State, p Plan) (Outcome, error) {
	vs, err := Check(rs, c, s, p)
	if err != nil {
		return Outcome{}, err
	}
	o := Outcome{Legal: len(vs) == 0, Violations: vs, Executed: p}
	if !o.Legal {
		o.Executed, o.DamageDraws = Correct(rs, c, s, p, vs)
		o.Corrected = true
	}
	return o, nil
}

// Move moves the ship from state s by the plan o flies, o.Executed (as
// Examine left it: the plan, or its correction), and returns o with the
// move filled in: the steps, the stand's path, the cards laid, the kinetic
// energy and fuel after it (Movement; Complete Rules: Movement, Overboost,
// Rotating the spaceship while maneuvering, Changing direction; Moving
// between levels; Faster-than-light movement). jump is required when the
// plan flown jumps. The plan flown is not checked again.
func (o Outcome) Move(rs Rules, comp *assets.Components, c Class, s State, jump *FTLJump) (Outcome, error) {
	q := o.Executed
	r, err := read(&c, &s, q)
	if err != nil {
		return Outcome{}, fmt.Errorf("corrected plan: %w", err)
	}
	if q.Speed == maneuvers.FTL && jump == nil {
		return Outcome{}, fmt.Errorf("ftl: the speed is ftl but no FTL marker was given (x, y, heading, side_roll, distance_roll)")
	}
	m := mover{comp: comp, class: &c, r: &r, pose: s.Pose, rot: s.Rotation, level: s.Level}
	if q.Speed == maneuvers.FTL {
		if err := m.jump(*jump); err != nil {
			return Outcome{}, err
		}
		o.Jumped = true
	} else {
		m.path = append(make([]physics.Vec, 0, pathCapacity), s.Pose.Pos)
	}
	if rs.Set == Complete {
		m.complete(&s)
	} else {
		m.quick()
	}
	o.Steps, o.Path, o.Cards, o.LeftGame = m.steps, m.path, m.cards, m.left
	o.Difficult = r.main != nil && r.main.IsDifficult()
	o.KE = s.KE
	if rs.Set == Complete {
		o.KE = r.ke
		if o.Jumped {
			o.KE = s.KE
		}
	}
	o.Fuel = s.Fuel
	if rs.Has(OptFuel) {
		g := 0
		for _, card := range m.used {
			g += card.G
		}
		notches := NotchesTurned(s.Rotation, q.Rotate)
		o.FuelSpent = FuelSpent(g, notches, r.change != nil, s.KE, o.KE, o.Jumped, comp.Geometry.FTLFuelCost.Value)
		o.Fuel = s.Fuel - o.FuelSpent
	}
	return o, nil
}

// Preview returns where a legal plan leaves the ship: the final Step of
// Resolve (pose, dial, level), with no Motions, computed without anything
// Resolve records for drawing (path, cards, motions). ok is false when the
// plan breaks a rule (Check), is not a plan for the ship, or jumps (an FTL
// jump needs its marker: Resolve). It is for computer players weighing
// many plans: a Judge weighs many for one ship more cheaply.
func Preview(rs Rules, comp *assets.Components, c Class, s State, p Plan) (final Step, ok bool) {
	return NewJudge(rs, comp, c, s).Preview(p)
}

// Judge weighs plans for one ship in one state, for computer players:
// Legal and Preview, exactly as the functions of those names, without
// allocating for each plan. A Judge is not safe for concurrent use.
type Judge struct {
	comp *assets.Components
	c    context
}

// NewJudge returns the judge of plans for a ship of class c in state s.
func NewJudge(rs Rules, comp *assets.Components, c Class, s State) *Judge {
	return &Judge{comp: comp, c: context{rules: rs, class: c, state: s, quiet: true}}
}

// Legal is Legal for the judge's ship.
func (j *Judge) Legal(p Plan) bool {
	r, err := read(&j.c.class, &j.c.state, p)
	if err != nil {
		return false
	}
	j.c.r = r
	return legal(&j.c)
}

// Preview is Preview for the judge's ship.
func (j *Judge) Preview(p Plan) (final Step, ok bool) {
	if p.Speed == maneuvers.FTL || !j.Legal(p) {
		return Step{}, false
	}
	s := &j.c.state
	m := mover{comp: j.comp, class: &j.c.class, r: &j.c.r, pose: s.Pose, rot: s.Rotation, level: s.Level, posesOnly: true}
	if j.c.rules.Set == Complete {
		m.complete(s)
	} else {
		m.quick()
	}
	return m.final, true
}

// Outcome is Resolve for a legal plan of the judge's ship, the plan read
// and checked once (the check stopping at the first broken rule, as
// Legal): ok is false when the plan breaks a rule or is no plan for the
// ship (a computer player never flies an illegal plan, so it needs no
// correction). jump is required when the plan jumps.
func (j *Judge) Outcome(p Plan, jump *FTLJump) (o Outcome, ok bool) {
	if !j.Legal(p) {
		return Outcome{}, false
	}
	o, err := Outcome{Legal: true, Executed: p}.Move(j.c.rules, j.comp, j.c.class, j.c.state, jump)
	return o, err == nil
}

// mover moves one ship through its steps.
type mover struct {
	comp  *assets.Components
	class *Class
	r     *reading
	pose  physics.Pose
	rot   int
	level int
	steps []Step
	final Step // the last step recorded (posesOnly records no other)
	path  []physics.Vec
	cards []CardOnTable
	used  []*maneuvers.Card // cards that moved (or turned) the ship: their G is fuel
	left  bool
	// motions made since the last step was recorded
	motions []maneuvers.Motion
	// posesOnly skips what is recorded for drawing, sweeping and fuel
	// (cards, arrows, the stand's path, motions, the steps before the
	// last, the cards used): Preview.
	posesOnly bool
	// moves counts the movement steps recorded ("move", "move 1",
	// "move 2"; not "ftl"): the cards laid since the last are this
	// step's.
	moves int
}

func (m *mover) step(name string) {
	m.final = Step{Name: name, Pose: m.pose, Rotation: m.rot, Level: m.level, Motions: m.motions}
	if !m.posesOnly {
		m.steps = append(m.steps, m.final)
	}
	m.motions = nil
	if name != "ftl" {
		m.moves++
		for i := range m.cards {
			if m.cards[i].Step == 0 {
				m.cards[i].Step = m.moves
			}
		}
	}
}

func (m *mover) depth() float64 { return m.class.AcrossFlats }

// lay records a card on the table and follows its placement.
func (m *mover) lay(card *maneuvers.Card, pl maneuvers.Placement) {
	if m.posesOnly {
		m.pose = pl.To
		return
	}
	g := &m.comp.Geometry
	// The stand's path goes on where the last card's ended: a first point
	// equal to the path's last is not repeated.
	n := len(m.path)
	var arrow []physics.Vec
	arrow, m.path = pl.AppendDrawing(pathStep, make([]physics.Vec, 0, pl.ArrowSamples(pathStep)), m.path)
	if n > 0 && len(m.path) > n && m.path[n-1] == m.path[n] {
		m.path = slices.Delete(m.path, n, n+1)
	}
	if m.cards == nil {
		m.cards = make([]CardOnTable, 0, 2)
	}
	// m.used may already hold a change direction card (complete): it is
	// kept, its G is fuel like every card's (Fuel: Spending fuel).
	m.cards = append(m.cards, CardOnTable{ID: card.ID, Footprint: pl.Footprint(g.CardWidth.Value, g.CardLength.Value), Arrow: arrow})
	m.used = append(m.used, card)
	m.motions = pl.AppendMotions(m.motions)
	m.pose = pl.To
}

// moveMain moves along the main card's arrow from the current pose
// (forward or backward); standing still does nothing.
func (m *mover) moveMain() {
	if !m.r.moves() {
		return
	}
	if m.r.arrow.KineticEnergy < 0 || m.r.plan.Speed == maneuvers.Back {
		m.lay(m.r.main, maneuvers.PlaceBackward(m.pose, m.depth(), m.r.arrow.Path))
		return
	}
	m.lay(m.r.main, maneuvers.PlaceForward(m.pose, m.depth(), m.r.arrow.Path))
}

// overboostLine moves along the overboost line and returns the red end.
func (m *mover) overboostLine() physics.Pose {
	line, _ := m.r.overboost.Line()
	pl := maneuvers.PlaceForward(m.pose, m.depth(), line.Path)
	m.lay(m.r.overboost, pl)
	return pl.ArrowEnd
}

// quick moves the Quick Start way: every card at once, one step.
func (m *mover) quick() {
	if m.r.overboost != nil && m.r.moves() {
		red := m.overboostLine()
		m.lay(m.r.main, maneuvers.PlaceFrom(red, m.depth(), m.r.arrow.Path))
	} else {
		m.moveMain()
	}
	m.step("move")
}

// complete moves in the two movement steps of the Complete Rules.
func (m *mover) complete(s *State) {
	q := m.r.plan
	switch {
	case q.Level != 0:
		// Step 1 changes level and rotates only; step 2 moves.
		m.level += q.Level
		m.rot = q.Rotate
		m.step("move 1")
		if m.level < MinLevel || m.level > MaxLevel {
			m.left = true
			return
		}
		m.moveMain()
		m.step("move 2")
	case m.r.change != nil:
		// Step 1 drifts (kinetic energy 2 or more last turn), then the
		// movement direction takes the facing and the dial returns to 0.
		if length := driftLength(m.comp, s.KE); length > 0 {
			from := m.pose.Pos
			if !m.posesOnly {
				m.motions = append(m.motions, maneuvers.SlideMotion(m.pose, m.pose.Forward().Mul(length)))
			}
			m.pose = maneuvers.Drift(m.pose, length)
			if !m.posesOnly {
				if len(m.path) == 0 || m.path[len(m.path)-1] != from {
					m.path = append(m.path, from)
				}
				m.path = append(m.path, m.pose.Pos)
			}
		}
		// The base turns in place to its new movement direction.
		turn := -physics.Deg(m.comp.Geometry.DialNotch.Value * float64(m.rot))
		if !m.posesOnly {
			m.motions = append(m.motions, maneuvers.TurnMotion(m.pose, m.pose.Pos, turn))
			m.used = append(m.used, m.r.change)
		}
		m.pose.Heading += turn
		m.rot = 0
		m.step("move 1")
		m.moveMain()
		m.step("move 2")
	case m.r.overboost != nil && m.r.moves():
		// Step 1 follows the overboost line and rotates; step 2 lays the
		// second card at the red end.
		red := m.overboostLine()
		m.rot = q.Rotate
		m.step("move 1")
		m.lay(m.r.main, maneuvers.PlaceFrom(red, m.depth(), m.r.arrow.Path))
		m.step("move 2")
	default:
		m.moveMain()
		m.rot = q.Rotate
		m.step("move 1")
	}
}

// driftLength returns the drift ruler's length for last turn's kinetic
// energy: none below 2, the "2-4" side up to 4, the "5-6" side above
// (Changing direction).
func driftLength(comp *assets.Components, ke int) float64 {
	switch {
	case ke >= 5:
		return comp.Geometry.DriftLong.Value
	case ke >= 2:
		return comp.Geometry.DriftShort.Value
	}
	return 0
}

// jump places the ship at the FTL marker (Faster-than-light movement).
func (m *mover) jump(j FTLJump) error {
	pose, err := Arrival(m.comp, *m.class, j)
	if err != nil {
		return err
	}
	m.pose = pose
	m.path = []physics.Vec{m.pose.Pos}
	m.step("ftl")
	return nil
}

// Arrival returns where a ship of the class reappears after an FTL jump:
// its rear flat against the side of the marker the 2d6 roll names, then
// the 1d6 roll in centimetres straight ahead (Faster-than-light movement,
// steps 1 and 2; the collisions of step 3 are the battle engine's).
func Arrival(comp *assets.Components, c Class, j FTLJump) (physics.Pose, error) {
	g := comp.Geometry
	side, ok := g.FTLSideFor(j.SideRoll)
	if !ok {
		return physics.Pose{}, fmt.Errorf("ftl.side_roll: %d is not a 2d6 roll; allowed: 2 to 12", j.SideRoll)
	}
	if j.DistanceRoll < 1 || j.DistanceRoll > 6 {
		return physics.Pose{}, fmt.Errorf("ftl.distance_roll: %d is not a 1d6 roll; allowed: 1 to 6", j.DistanceRoll)
	}
	flat, ok := flatForSide(side.Side)
	if !ok {
		return physics.Pose{}, fmt.Errorf("ftl: the data names an unknown marker side %q", side.Side)
	}
	return maneuvers.FTLArrival(j.Marker, g.FTLMarkerAcrossFlats.Value, flat, c.AcrossFlats, float64(j.DistanceRoll)*10), nil
}

// flatForSide names the flat of a marker side in the data.
func flatForSide(side string) (physics.Flat, bool) {
	for f := physics.FrontFlat; f <= physics.FrontRightFlat; f++ {
		if f.String() == side {
			return f, true
		}
	}
	return 0, false
}

// Next returns the ship's state at the start of the next turn: where the
// move left it, its new kinetic energy and fuel, the slider where it was
// set, a difficult maneuver marker if it flew one, and its FTL record.
// (The crippled ship's loss of kinetic energy at the end of the turn and
// damage are the battle engine's to apply.)
func (o Outcome) Next(s State) State {
	f := o.Final()
	s.Pose, s.Rotation, s.Level = f.Pose, f.Rotation, f.Level
	s.KE, s.Fuel = o.KE, o.Fuel
	s.Speed = o.Executed.Speed
	s.DifficultLastTurn = o.Difficult
	s.FTLLastTurn = o.Jumped
	if o.Jumped {
		s.FTLJumps++
	}
	return s
}
