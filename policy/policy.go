// Package policy is computer players for the battle engine: `random`
// (any legal plan, any target) and `greedy` (close in, keep the enemy in
// the arc, fire at the best shot). They see only their side's View, and
// Play drives a battle to its end with one policy per side.
package policy

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Policy decides for one side. A Seat is valid for the call it is handed
// to: the Game brings it up to date afterwards (a policy keeps nothing of
// it).
type Policy interface {
	Name() string
	// Plan returns a plan for one of the seat's ships.
	Plan(s *Seat, ship string) starship.Plan
	// Declare returns the side's shots for this firing step.
	Declare(s *Seat) []battle.Shot
	// Marker places a jumping ship's FTL marker.
	Marker(s *Seat, ship string) physics.Pose
}

// Names lists the policies: the two cheap baselines and the levels of
// DeterminizedSearch. Every tool that builds a policy by name (bsg sim,
// bsg tournament, the table view, bsg bot) goes through ByName.
var Names = []string{"random", "greedy", "easy", "normal", "hard"}

// ByName returns a fresh policy (a search player keeps a plan cache: give
// each side its own).
func ByName(name string) (Policy, error) {
	switch name {
	case "random":
		return Random{}, nil
	case "greedy":
		return Greedy{}, nil
	}
	for _, l := range Levels() {
		if l.Name == name {
			return NewSearch(l), nil
		}
	}
	return nil, fmt.Errorf("unknown policy %q; allowed: %s", name, strings.Join(Names, ", "))
}

// Game plays sides of one battle with policies: it hands each decision's
// policy a Seat (that side's view and public knowledge only) and sends the
// decisions to the battle as commands, as a player would.
type Game struct {
	b       *battle.Battle
	comp    *assets.Components
	classes map[string]*seatClass
	// Rand is the policies' own random source (not the battle's).
	Rand    *rand.Rand
	observe func(battle.Command)
	// A game played from afar (NewRemote) has no battle: the rules, the
	// scenario when the player knows it, and the targets the server listed
	// for the side's ships.
	rules   starship.Rules
	setup   *battle.Setup
	targets map[string][]referee.Ruling
	// seats are the seats act hands out, one per side, reused.
	seats map[battle.Side]*Seat
}

// NewRemote returns the window of a policy playing one seat of a game it
// knows only through its views (over the network): the rules in force,
// the component data for the classes, and seed for its own choices. Call
// SetTargets with the server's rulings before a declaration, and hand the
// policy RemoteSeat's seat. Act is for local battles only.
func NewRemote(comp *assets.Components, rules starship.Rules, seed uint64) *Game {
	return &Game{comp: comp, rules: rules, classes: map[string]*seatClass{}, Rand: rand.New(rand.NewPCG(seed, seed+1))}
}

// SetTargets gives a remote game the rulings of the ships that may fire.
func (g *Game) SetTargets(t map[string][]referee.Ruling) { g.targets = t }

// SetScenario gives a remote game its scenario (public: the table, the
// forces, the victory conditions), when the player knows it. Without it a
// search player reads the table and the forces off the view and plays to
// eliminate the enemy.
func (g *Game) SetScenario(s battle.Setup) { g.setup = &s }

// RemoteSeat returns side's seat for a view the server sent.
func (g *Game) RemoteSeat(side battle.Side, v battle.View) *Seat {
	setup := setupFromView(v, g.rules)
	if g.setup != nil {
		setup = *g.setup
	}
	for _, sv := range v.Ships {
		if _, ok := g.classes[sv.Class]; !ok {
			c, _ := starship.ClassFor(g.comp, sv.Class)
			g.classes[sv.Class] = newSeatClass(c)
		}
	}
	s := &Seat{Side: side, View: v, Setup: setup, Comp: g.comp, Rand: g.Rand, classes: g.classes}
	if v.Phase == battle.Declaring {
		s.rulings = map[string][]referee.Ruling{}
		for id, r := range g.targets {
			s.rulings[id] = slices.Clone(r)
		}
	}
	return s
}

// setupFromView is the scenario as far as a view tells it: the table, the
// obstacles and the ships as they stand now, no victory condition but the
// last side in play.
func setupFromView(v battle.View, rules starship.Rules) battle.Setup {
	s := battle.Setup{Name: "seen", Rules: rules, Width: v.Width, Depth: v.Depth, Obstacles: v.Obstacles}
	for _, sv := range v.Ships {
		ke := 0
		if sv.KE != nil {
			ke = *sv.KE
		}
		s.Ships = append(s.Ships, battle.ShipSpec{ID: sv.ID, Class: sv.Class, Side: sv.Side, Pilot: sv.Pilot,
			Talents: sv.Talents, Flaws: sv.Flaws, Pose: sv.Pose, Rotation: sv.Rotation, Level: max(sv.Level, 1), KE: ke})
	}
	return s
}

// apply sends a command to the battle and tells the observer.
func (g *Game) apply(cmd battle.Command) error {
	if _, err := g.b.Apply(cmd); err != nil {
		return err
	}
	if g.observe != nil {
		g.observe(cmd)
	}
	return nil
}

// NewGame returns the window through which policies decide for an ongoing
// battle, one side at a time (see Act): a computer opponent for a player
// at the table. seed drives the policies' own choices.
func NewGame(b *battle.Battle, comp *assets.Components, seed uint64) *Game {
	g := &Game{b: b, comp: comp, classes: map[string]*seatClass{}, Rand: rand.New(rand.NewPCG(seed, seed+1))}
	for _, sp := range b.Setup().Ships {
		if _, ok := g.classes[sp.Class]; !ok {
			g.classes[sp.Class] = newSeatClass(b.Class(sp.Class))
		}
	}
	return g
}

// Act makes, with policy p, every decision side owes in the battle's
// current phase that it can make now, and applies them: while planning, a
// plan for each of its ships on the table that has none (a ship that
// plans after the ship it tails waits until that one has planned); while
// preplanning, a severely wounded pilot's cards for next turn; after the
// reveal of a jump, its FTL markers; in a firing step, its declaration
// (after the other side's, when that side declares first). The reveal is
// nobody's decision: Act leaves it to the caller.
//
// done reports whether side owes nothing more in this phase; false means
// some of its decisions wait for the other side (call Act again once that
// side has acted). An error is one the engine gave for a decision.
func (g *Game) Act(side battle.Side, p Policy) (done bool, err error) {
	_, done, err = g.act(side, p)
	return done, err
}

// act is Act, also counting the commands applied.
func (g *Game) act(side battle.Side, p Policy) (applied int, done bool, err error) {
	b := g.b
	switch b.Phase() {
	case battle.Planning:
		planned := map[string]bool{}
		seat := g.seatAgain(side)
		v := seat.View
		for _, s := range v.Ships {
			planned[s.ID] = s.Planned || !s.OnTable || s.Out
		}
		pending := 0
		for _, s := range v.Ships {
			if !s.Own || planned[s.ID] {
				continue
			}
			if w := b.WaitFor(s.ID); w != "" && !planned[w] {
				pending++ // tailing: it plans after the ship it tails
				continue
			}
			plan := p.Plan(seat, s.ID)
			if err := g.apply(battle.Command{Type: battle.CmdPlan, Side: side, Ship: s.ID, Plan: &plan}); err != nil {
				return applied, false, err
			}
			applied++
			if b.Phase() != battle.Planning {
				return applied, true, nil
			}
			seat = g.refresh(seat, s.ID)
		}
		return applied, pending == 0, nil
	case battle.Preplanning:
		seat := g.seatAgain(side)
		for _, s := range seat.View.Ships {
			if !s.Own || !s.MustPreplan {
				continue
			}
			plan := p.Plan(seat, s.ID)
			if err := g.apply(battle.Command{Type: battle.CmdPreplan, Side: side, Ship: s.ID, Plan: &plan}); err != nil {
				return applied, false, err
			}
			applied++
			if b.Phase() != battle.Preplanning {
				return applied, true, nil
			}
			seat = g.refresh(seat, s.ID)
		}
	case battle.PlacingFTL:
		seat := g.seatAgain(side)
		for _, id := range seat.View.MarkersDue {
			m := p.Marker(seat, id)
			if err := g.apply(battle.Command{Type: battle.CmdFTL, Side: side, Ship: id, Marker: &m}); err != nil {
				return applied, false, err
			}
			applied++
			if b.Phase() != battle.PlacingFTL {
				return applied, true, nil
			}
			seat = g.refresh(seat, id)
		}
	case battle.Declaring:
		seat := g.seatAgain(side)
		if !seat.View.MayDeclare {
			// Declared already, or the other side declares first.
			return 0, b.HasDeclared(side), nil
		}
		shots := p.Declare(seat)
		if err := g.apply(battle.Command{Type: battle.CmdDeclare, Side: side, Shots: shots}); err != nil {
			return applied, false, err
		}
		applied++
	}
	return applied, true, nil
}

// Play runs a battle to its end, each side played by its policy. seed
// drives the policies' own choices.
func Play(b *battle.Battle, comp *assets.Components, players map[battle.Side]Policy, seed uint64) error {
	return PlayObserved(b, comp, players, seed, nil)
}

// PlayObserved is Play, calling observe after every command applied (for
// tests and tools that check the battle as it goes).
func PlayObserved(b *battle.Battle, comp *assets.Components, players map[battle.Side]Policy, seed uint64, observe func(battle.Command)) error {
	g := NewGame(b, comp, seed)
	g.observe = observe
	for guard := 0; b.Phase() != battle.Over; guard++ {
		if guard > 100000 {
			return errors.New("play: the battle does not advance")
		}
		if err := step(g, b, players); err != nil {
			return err
		}
	}
	return nil
}

// step makes one round of decisions for the phase the battle is in: each
// side acts in turn, and the reveal follows when every plan is in.
func step(g *Game, b *battle.Battle, players map[battle.Side]Policy) error {
	if b.Phase() == battle.Revealing {
		return g.apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}) // either side may reveal
	}
	phase, progress := b.Phase(), 0
	for _, side := range battle.Sides {
		if b.Phase() != phase {
			return nil
		}
		n, _, err := g.act(side, players[side])
		if err != nil {
			return err
		}
		progress += n
	}
	if progress == 0 && b.Phase() == phase {
		return fmt.Errorf("play: no side could act while %s", phase)
	}
	return nil
}

// own returns the view of one of the side's ships.
func own(v battle.View, id string) battle.ShipView {
	for _, s := range v.Ships {
		if s.ID == id {
			return s
		}
	}
	return battle.ShipView{}
}

// fallback is the plan a policy falls back on: keep the kinetic energy
// with a straight card (always legal unless the ship cannot keep it), or
// fly the cards a severely wounded pilot fixed.
func fallback(sv battle.ShipView) starship.Plan {
	s := *sv.State
	if sv.NextCards != nil {
		return starship.Plan{Cards: slices.Clone(sv.NextCards), Speed: maneuvers.Stop, Rotate: s.Rotation}
	}
	ke := min(max(s.KE, -1), 3)
	sp, _ := maneuvers.SpeedForKineticEnergy(ke)
	cards := []string{"straight"}
	if s.KE > 3 {
		sp, _ = maneuvers.SpeedForKineticEnergy(s.KE - 3)
		cards = []string{"overboost-straight", "straight"}
	}
	return starship.Plan{Cards: cards, Speed: sp, Rotate: s.Rotation}
}

// candidates lists plans a ship might fly: every maneuver card alone, with
// an overboost, or after a change of direction, at every speed, with the
// dial as it is or turned a notch, up or down a level in three dimensions,
// and an FTL jump on every card that keeps the kinetic energy. A severely
// wounded pilot's cards are fixed: only its speed and dial vary. Many are
// illegal for a given ship: callers check.
func candidates(s *Seat, sv battle.ShipView) []starship.Plan {
	st := *sv.State
	if sv.NextCards != nil {
		var out []starship.Plan
		for _, sp := range []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High} {
			for _, r := range []int{st.Rotation, starship.TurnDial(st.Rotation, 1), starship.TurnDial(st.Rotation, -1)} {
				out = append(out, starship.Plan{Cards: slices.Clone(sv.NextCards), Speed: sp, Rotate: r})
			}
		}
		return out
	}
	c := s.class(st.Class)
	maneuverCards, boosts := c.maneuvers, c.boosts
	complete := s.Rules().Set == starship.Complete
	speeds := []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High}
	rotations := []int{st.Rotation}
	if complete {
		rotations = append(rotations, starship.TurnDial(st.Rotation, 1), starship.TurnDial(st.Rotation, -1))
	}
	levels := []int{0}
	if s.Rules().Has(starship.OptThreeD) {
		levels = append(levels, 1, -1)
	}
	var out []starship.Plan
	for _, m := range maneuverCards {
		for _, sp := range speeds {
			for _, r := range rotations {
				out = append(out, starship.Plan{Cards: []string{m}, Speed: sp, Rotate: r})
			}
			for _, lv := range levels[1:] {
				out = append(out, starship.Plan{Cards: []string{m}, Speed: sp, Rotate: st.Rotation, Level: lv})
			}
			for _, o := range boosts {
				out = append(out, starship.Plan{Cards: []string{o, m}, Speed: sp, Rotate: st.Rotation})
			}
			if complete && st.Rotation != 0 {
				out = append(out, starship.Plan{Cards: []string{"change-direction", m}, Speed: sp, Rotate: st.Rotation})
			}
		}
		if complete && s.Rules().Has(starship.OptFTL) && c.FTL {
			out = append(out, starship.Plan{Cards: []string{m}, Speed: maneuvers.FTL, Rotate: st.Rotation})
			for _, o := range boosts { // a jump keeps the kinetic energy: above 3 it takes an overboost
				out = append(out, starship.Plan{Cards: []string{o, m}, Speed: maneuvers.FTL, Rotate: st.Rotation})
			}
		}
	}
	return out
}

// candidateSet is the list Random draws from, without building it: its
// length and its i-th plan, so that it builds only the plans it draws
// (every maneuver card alone, with an overboost or after a change of
// direction, at every speed, the dial as it is or turned a notch).
type candidateSet struct {
	fixed     []string // a severely wounded pilot's cards (nil: any)
	rotation  int      // the dial as it is
	complete  bool     // Complete Rules: the dial may turn, change direction exists
	maneuvers []string // the maneuver cards
	boosts    []string // the overboost cards
	perSpeed  int      // plans per maneuver card and speed
}

var candidateSpeeds = []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High}

func newCandidateSet(g *Seat, sv battle.ShipView) candidateSet {
	s := *sv.State
	cs := candidateSet{fixed: sv.NextCards, rotation: s.Rotation}
	if cs.fixed != nil {
		return cs
	}
	cs.complete = g.Rules().Set == starship.Complete
	c := g.class(s.Class)
	cs.maneuvers, cs.boosts = c.maneuvers, c.boosts
	cs.perSpeed = 1 + len(cs.boosts)
	if cs.complete {
		cs.perSpeed += 2 // the dial turned either way
		if s.Rotation != 0 {
			cs.perSpeed++ // after a change of direction
		}
	}
	return cs
}

func (cs candidateSet) len() int {
	if cs.fixed != nil {
		return len(candidateSpeeds) * 3
	}
	return len(cs.maneuvers) * len(candidateSpeeds) * cs.perSpeed
}

// atIn returns the i-th plan, its cards in cards (or in the fixed cards'
// list): clone them to keep the plan.
func (cs candidateSet) atIn(i int, cards *[2]string) starship.Plan {
	if cs.fixed != nil {
		r := []int{cs.rotation, starship.TurnDial(cs.rotation, 1), starship.TurnDial(cs.rotation, -1)}[i%3]
		return starship.Plan{Cards: cs.fixed, Speed: candidateSpeeds[i/3], Rotate: r}
	}
	m := cs.maneuvers[i/(len(candidateSpeeds)*cs.perSpeed)]
	i %= len(candidateSpeeds) * cs.perSpeed
	sp := candidateSpeeds[i/cs.perSpeed]
	i %= cs.perSpeed
	rotations := 1
	if cs.complete {
		rotations = 3
	}
	switch {
	case i < rotations:
		r := []int{cs.rotation, starship.TurnDial(cs.rotation, 1), starship.TurnDial(cs.rotation, -1)}[i]
		cards[0] = m
		return starship.Plan{Cards: cards[:1], Speed: sp, Rotate: r}
	case i < rotations+len(cs.boosts):
		cards[0], cards[1] = cs.boosts[i-rotations], m
		return starship.Plan{Cards: cards[:2], Speed: sp, Rotate: cs.rotation}
	}
	cards[0], cards[1] = "change-direction", m
	return starship.Plan{Cards: cards[:2], Speed: sp, Rotate: cs.rotation}
}

// Random plans any legal plan and fires at any target it can.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Plan draws candidate plans until one is legal.
func (Random) Plan(s *Seat, ship string) starship.Plan {
	sv := own(s.View, ship)
	st := *sv.State
	cands := newCandidateSet(s, sv)
	judge := battle.NewShipJudge(s.Rules(), s.Comp, s.Class(st.Class), sv)
	var cards [2]string
	for tries := 0; tries < 64; tries++ {
		p := cands.atIn(s.Rand.IntN(cands.len()), &cards)
		if judge.Legal(p) {
			p.Cards = slices.Clone(p.Cards)
			return p
		}
	}
	return fallback(sv)
}

// Declare fires every ship that can at a random target.
func (Random) Declare(s *Seat) []battle.Shot {
	var shots []battle.Shot
	for _, sv := range s.View.Ships {
		if !sv.Own {
			continue
		}
		if ts := s.Targets(sv.ID); len(ts) > 0 {
			shots = append(shots, battle.Shot{Shooter: sv.ID, Target: ts[s.Rand.IntN(len(ts))]})
		}
	}
	return shots
}

// Marker places the marker anywhere on the table, away from the edges.
func (Random) Marker(s *Seat, ship string) physics.Pose {
	v := s.View
	return physics.Pose{Pos: physics.V(100+s.Rand.Float64()*(v.Width-200), 100+s.Rand.Float64()*(v.Depth-200)),
		Heading: physics.Deg(float64(s.Rand.IntN(12)) * 30)}
}

// Greedy closes in on the enemy, turns to bring it into its arc, keeps
// moving (a parked ship is an easy target), stays on the table and fires
// at the best shot. It looks one move ahead and no further, and never
// jumps by FTL.
type Greedy struct{}

// Name returns "greedy".
func (Greedy) Name() string { return "greedy" }

// Plan scores every legal candidate by where it leaves the ship.
func (Greedy) Plan(s *Seat, ship string) starship.Plan {
	sv := own(s.View, ship)
	st := *sv.State
	best, bestScore := fallback(sv), math.Inf(-1)
	judge := battle.NewShipJudge(s.Rules(), s.Comp, s.Class(st.Class), sv)
	for _, p := range candidates(s, sv) {
		f, ok := judge.Final(p) // legal plans only, no jump
		if !ok {
			continue
		}
		score := scorePose(s.View, f, f.Pose.Pos.Dist(st.Pose.Pos) < 5, s.Comp.Geometry.DialNotch.Value) + s.Rand.Float64()*1e-3 // random tie-break
		if score > bestScore {
			best, bestScore = p, score
		}
	}
	return best
}

// scorePose values where a move leaves a ship: far from the edges, a shot
// at an enemy (in the arc, within range, nearer is better), the arc turned
// toward the nearest enemy, not in an enemy's arc itself, not parked, and
// not too far from the fight. Enemies are predicted a move ahead along
// their heading at their known speed.
func scorePose(v battle.View, f starship.Step, parked bool, notch float64) float64 {
	pos := f.Pose.Pos
	margin := math.Min(math.Min(pos.X, v.Width-pos.X), math.Min(pos.Y, v.Depth-pos.Y))
	if margin < 40 {
		return -1e6 + margin // leaving the table loses the ship
	}
	dir := physics.Direction(facing(f.Pose, f.Rotation, notch))
	score := math.Min(margin, 120) * 0.5
	nearest, toNearest := math.Inf(1), physics.Vec{}
	shot := false
	for _, e := range v.Ships {
		if e.Own || !e.OnTable || e.Out {
			continue
		}
		to := predict(e).Sub(pos)
		d := to.Norm()
		if d < nearest {
			nearest, toNearest = d, to
		}
		if d > 0 && d < 250 && dir.Dot(to)/d > math.Cos(physics.Deg(32).Radians()) {
			score += 3 * (300 - d) // a shot, the nearer the better
			shot = true
		}
		eDir := physics.Direction(facing(e.Pose, e.Rotation, notch))
		if d > 0 && d < 250 && eDir.Dot(to.Mul(-1))/d > math.Cos(physics.Deg(32).Radians()) {
			score -= 0.5 * (300 - d) // in its sights
		}
	}
	if !math.IsInf(nearest, 1) {
		score -= 0.5 * math.Abs(nearest-110)
		if nearest > 0 && !shot {
			score += 120 * dir.Dot(toNearest) / nearest // turn toward the nearest enemy
		}
	}
	if parked {
		score -= 60 // parked: an easy target
	}
	for _, ob := range v.Obstacles {
		if ob.Kind == referee.Planetoid && pos.Dist(ob.Circle.C) < ob.Circle.R+30 {
			score -= 500
		}
	}
	return score
}

// facing returns where a ship's guns point: its heading turned clockwise
// by the dial, notch degrees a notch (Rotation; the components'
// dial_notch).
func facing(p physics.Pose, rotation int, notch float64) s1.Angle {
	return p.Heading - physics.Deg(notch*float64(rotation))
}

// predict guesses where an enemy stands after its next move: straight
// ahead at the speed its kinetic energy gives (kept when unknown).
func predict(e battle.ShipView) physics.Vec {
	ke := 2
	if e.KE != nil {
		ke = *e.KE
	}
	var step float64
	switch min(ke, 3) {
	case -1:
		step = -30
	case 1:
		step = 40 + 45
	case 2:
		step = 70 + 45
	case 3:
		step = 100 + 45
	}
	if ke > 3 {
		step += 50 + 45
	}
	return e.Pose.Pos.Add(e.Pose.Forward().Mul(step))
}

// Declare fires each ship at its best target: the best range band first.
func (Greedy) Declare(s *Seat) []battle.Shot {
	var shots []battle.Shot
	for _, sv := range s.View.Ships {
		if !sv.Own {
			continue
		}
		if t := bestTarget(s.Rulings(sv.ID)); t != "" {
			shots = append(shots, battle.Shot{Shooter: sv.ID, Target: t})
		}
	}
	return shots
}

// bestTarget returns the target with the best range and cover modifiers,
// or "" when there is none.
func bestTarget(rulings []referee.Ruling) string {
	if len(rulings) == 0 {
		return ""
	}
	rulings = slices.Clone(rulings)
	slices.SortStableFunc(rulings, func(x, y referee.Ruling) int {
		return (y.RangeModifier + y.CoverModifier) - (x.RangeModifier + x.CoverModifier)
	})
	return rulings[0].TargetID
}

// Marker drops the marker behind the nearest enemy.
func (Greedy) Marker(s *Seat, ship string) physics.Pose {
	v := s.View
	me := own(v, ship).Pose.Pos
	best, bestD := physics.Pose{}, math.Inf(1)
	for _, e := range v.Ships {
		if !e.Own && e.OnTable && !e.Out {
			if d := e.Pose.Pos.Dist(me); d < bestD {
				back := e.Pose.Pos.Sub(e.Pose.Forward().Mul(150))
				back.X = math.Max(100, math.Min(v.Width-100, back.X))
				back.Y = math.Max(100, math.Min(v.Depth-100, back.Y))
				best, bestD = physics.Pose{Pos: back, Heading: e.Pose.Heading}, d
			}
		}
	}
	if math.IsInf(bestD, 1) {
		return Random{}.Marker(s, ship)
	}
	return best
}
