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

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Policy decides for one side.
type Policy interface {
	Name() string
	// Plan returns a plan for one of the side's ships.
	Plan(g *Game, v battle.View, ship string) starship.Plan
	// Declare returns the side's shots for this firing step.
	Declare(g *Game, v battle.View) []battle.Shot
	// Marker places a jumping ship's FTL marker.
	Marker(g *Game, v battle.View, ship string) physics.Pose
}

// Names lists the policies.
var Names = []string{"random", "greedy"}

// ByName returns a fresh policy.
func ByName(name string) (Policy, error) {
	switch name {
	case "random":
		return Random{}, nil
	case "greedy":
		return Greedy{}, nil
	}
	return nil, fmt.Errorf("unknown policy %q; allowed: %s", name, strings.Join(Names, ", "))
}

// Game is what a policy may consult besides its view: the battle's rules
// and classes (public knowledge), its own random source, and the targets
// each of its ships may fire at (the referee's public geometry).
type Game struct {
	b       *battle.Battle
	comp    *assets.Components
	Rand    *rand.Rand
	observe func(battle.Command)
	// A game played from afar (NewRemote) has no battle: the rules, and
	// the targets the server listed for the side's ships.
	rules   starship.Rules
	targets map[string][]referee.Ruling
	classes map[string]starship.Class
}

// NewRemote returns the window of a policy playing one seat of a game it
// knows only through its views (over the network): the rules in force,
// the component data for the classes, and seed for its own choices. Call
// SetTargets with the server's rulings before a declaration. Act is for
// local battles only; a remote player calls the policy's methods itself.
func NewRemote(comp *assets.Components, rules starship.Rules, seed uint64) *Game {
	return &Game{comp: comp, rules: rules, Rand: rand.New(rand.NewPCG(seed, seed+1)), classes: map[string]starship.Class{}}
}

// SetTargets gives a remote game the rulings of the ships that may fire.
func (g *Game) SetTargets(t map[string][]referee.Ruling) { g.targets = t }

// rulings returns what a ship may fire at now, with the rulings.
func (g *Game) rulings(ship string) []referee.Ruling {
	if g.b == nil {
		return slices.Clone(g.targets[ship])
	}
	return g.b.Targets(ship)
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

// Rules returns the rules in force.
func (g *Game) Rules() starship.Rules {
	if g.b == nil {
		return g.rules
	}
	return g.b.Setup().Rules
}

// Class returns a ship class.
func (g *Game) Class(id string) starship.Class {
	if g.b == nil {
		c, ok := g.classes[id]
		if !ok {
			c, _ = starship.ClassFor(g.comp, id)
			g.classes[id] = c
		}
		return c
	}
	return g.b.Class(id)
}

// Targets returns what a ship may fire at now.
func (g *Game) Targets(ship string) []string {
	var out []string
	for _, r := range g.rulings(ship) {
		out = append(out, r.TargetID)
	}
	return out
}

// legal reports whether a plan breaks no rule for the ship.
func (g *Game) legal(s starship.State, p starship.Plan) bool {
	return starship.Legal(g.Rules(), g.Class(s.Class), s, p)
}

// NewGame returns the window through which policies decide for an ongoing
// battle, one side at a time (see Act): a computer opponent for a player
// at the table. seed drives the policies' own choices.
func NewGame(b *battle.Battle, comp *assets.Components, seed uint64) *Game {
	return &Game{b: b, comp: comp, Rand: rand.New(rand.NewPCG(seed, seed+1))}
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
		v := b.View(side)
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
			plan := p.Plan(g, v, s.ID)
			if err := g.apply(battle.Command{Type: battle.CmdPlan, Side: side, Ship: s.ID, Plan: &plan}); err != nil {
				return applied, false, err
			}
			applied++
			if b.Phase() != battle.Planning {
				return applied, true, nil
			}
			v = b.View(side)
		}
		return applied, pending == 0, nil
	case battle.Preplanning:
		v := b.View(side)
		for _, s := range v.Ships {
			if !s.Own || !s.MustPreplan {
				continue
			}
			plan := p.Plan(g, v, s.ID)
			if err := g.apply(battle.Command{Type: battle.CmdPreplan, Side: side, Ship: s.ID, Plan: &plan}); err != nil {
				return applied, false, err
			}
			applied++
			if b.Phase() != battle.Preplanning {
				return applied, true, nil
			}
			v = b.View(side)
		}
	case battle.PlacingFTL:
		v := b.View(side)
		for _, id := range v.MarkersDue {
			m := p.Marker(g, v, id)
			if err := g.apply(battle.Command{Type: battle.CmdFTL, Side: side, Ship: id, Marker: &m}); err != nil {
				return applied, false, err
			}
			applied++
			if b.Phase() != battle.PlacingFTL {
				return applied, true, nil
			}
			v = b.View(side)
		}
	case battle.Declaring:
		v := b.View(side)
		if !v.MayDeclare {
			// Declared already, or the other side declares first.
			return 0, b.HasDeclared(side), nil
		}
		shots := p.Declare(g, v)
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
// dial as it is or turned a notch. A severely wounded pilot's cards are
// fixed: only its speed and dial vary.
func candidates(g *Game, sv battle.ShipView) []starship.Plan {
	cs := newCandidateSet(g, sv)
	out := make([]starship.Plan, cs.len())
	for i := range out {
		out[i] = cs.at(i)
	}
	return out
}

// candidateSet is the list candidates returns, without building it: its
// length and its i-th plan, in the same order, so that a policy drawing
// one at random builds only the plans it draws.
type candidateSet struct {
	fixed     []string // a severely wounded pilot's cards (nil: any)
	rotation  int      // the dial as it is
	complete  bool     // Complete Rules: the dial may turn, change direction exists
	maneuvers []string // the maneuver cards
	boosts    []string // the overboost cards
	perSpeed  int      // plans per maneuver card and speed
}

var candidateSpeeds = []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High}

func newCandidateSet(g *Game, sv battle.ShipView) candidateSet {
	s := *sv.State
	cs := candidateSet{fixed: sv.NextCards, rotation: s.Rotation}
	if cs.fixed != nil {
		return cs
	}
	cs.complete = g.Rules().Set == starship.Complete
	c := g.Class(s.Class)
	for _, card := range c.Deck.Cards {
		switch {
		case card.IsOverboost():
			cs.boosts = append(cs.boosts, card.ID)
		case card.IsChangeDirection(), card.IsBlank():
		default:
			cs.maneuvers = append(cs.maneuvers, card.ID)
		}
	}
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

func (cs candidateSet) at(i int) starship.Plan {
	if cs.fixed != nil {
		r := []int{cs.rotation, wrap(cs.rotation + 1), wrap(cs.rotation - 1)}[i%3]
		return starship.Plan{Cards: slices.Clone(cs.fixed), Speed: candidateSpeeds[i/3], Rotate: r}
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
		r := []int{cs.rotation, wrap(cs.rotation + 1), wrap(cs.rotation - 1)}[i]
		return starship.Plan{Cards: []string{m}, Speed: sp, Rotate: r}
	case i < rotations+len(cs.boosts):
		return starship.Plan{Cards: []string{cs.boosts[i-rotations], m}, Speed: sp, Rotate: cs.rotation}
	}
	return starship.Plan{Cards: []string{"change-direction", m}, Speed: sp, Rotate: cs.rotation}
}

// wrap keeps a dial setting within −5..6.
func wrap(r int) int {
	switch {
	case r > 6:
		return r - 12
	case r < -5:
		return r + 12
	}
	return r
}

// Random plans any legal plan and fires at any target it can.
type Random struct{}

// Name returns "random".
func (Random) Name() string { return "random" }

// Plan draws candidate plans until one is legal.
func (Random) Plan(g *Game, v battle.View, ship string) starship.Plan {
	sv := own(v, ship)
	s := *sv.State
	cands := newCandidateSet(g, sv)
	for tries := 0; tries < 64; tries++ {
		p := cands.at(g.Rand.IntN(cands.len()))
		if g.legal(s, p) {
			return p
		}
	}
	return fallback(sv)
}

// Declare fires every ship that can at a random target.
func (Random) Declare(g *Game, v battle.View) []battle.Shot {
	var shots []battle.Shot
	for _, s := range v.Ships {
		if !s.Own {
			continue
		}
		if ts := g.Targets(s.ID); len(ts) > 0 {
			shots = append(shots, battle.Shot{Shooter: s.ID, Target: ts[g.Rand.IntN(len(ts))]})
		}
	}
	return shots
}

// Marker places the marker anywhere on the table, away from the edges.
func (Random) Marker(g *Game, v battle.View, ship string) physics.Pose {
	return physics.Pose{Pos: physics.V(100+g.Rand.Float64()*(v.Width-200), 100+g.Rand.Float64()*(v.Depth-200)),
		Heading: physics.Deg(float64(g.Rand.IntN(12)) * 30)}
}

// Greedy closes in on the enemy, keeps it in its arc, stays on the table
// and fires at the best shot.
type Greedy struct{}

// Name returns "greedy".
func (Greedy) Name() string { return "greedy" }

// Plan scores every legal candidate by where it leaves the ship.
func (Greedy) Plan(g *Game, v battle.View, ship string) starship.Plan {
	sv := own(v, ship)
	s := *sv.State
	best, bestScore := fallback(sv), math.Inf(-1)
	rules, class := g.Rules(), g.Class(s.Class)
	cands := newCandidateSet(g, sv)
	for i := range cands.len() {
		p := cands.at(i)
		f, ok := starship.Preview(rules, g.comp, class, s, p) // legal plans only
		if !ok {
			continue
		}
		score := scorePose(g, v, sv, f) + g.Rand.Float64()*1e-3 // random tie-break
		if score > bestScore {
			best, bestScore = p, score
		}
	}
	return best
}

// scorePose values where a move leaves a ship: far from the edges, a shot
// at an enemy (in the arc, within range, nearer is better), not in an
// enemy's arc itself, and not too far from the fight. Enemies are
// predicted a move ahead along their heading at their known speed.
func scorePose(g *Game, v battle.View, sv battle.ShipView, f starship.Step) float64 {
	pos := f.Pose.Pos
	margin := math.Min(math.Min(pos.X, v.Width-pos.X), math.Min(pos.Y, v.Depth-pos.Y))
	if margin < 40 {
		return -1e6 + margin // leaving the table loses the ship
	}
	facing := f.Pose.Heading - physics.Deg(30*float64(f.Rotation))
	dir := physics.Direction(facing)
	score := math.Min(margin, 120) * 0.5
	nearest := math.Inf(1)
	for _, e := range v.Ships {
		if e.Own || !e.OnTable || e.Out {
			continue
		}
		ePos := predict(e)
		to := ePos.Sub(pos)
		d := to.Norm()
		nearest = math.Min(nearest, d)
		if d > 0 && d < 250 && dir.Dot(to)/d > math.Cos(physics.Deg(32).Radians()) {
			score += 3 * (300 - d) // a shot, the nearer the better
		}
		eFacing := physics.Direction(e.Pose.Heading - physics.Deg(30*float64(e.Rotation)))
		if d > 0 && d < 250 && eFacing.Dot(to.Mul(-1))/d > math.Cos(physics.Deg(32).Radians()) {
			score -= 0.5 * (300 - d) // in its sights
		}
	}
	if !math.IsInf(nearest, 1) {
		score -= 0.5 * math.Abs(nearest-110)
	}
	for _, ob := range v.Obstacles {
		if ob.Kind == referee.Planetoid && pos.Dist(ob.Circle.C) < ob.Circle.R+30 {
			score -= 500
		}
	}
	return score
}

// predict guesses where an enemy stands after its next move: straight
// ahead at the speed its kinetic energy gives (kept when unknown).
func predict(e battle.ShipView) physics.Vec {
	ke := 2
	if e.KE != nil {
		ke = *e.KE
	}
	step := map[int]float64{-1: -30, 0: 0, 1: 40 + 45, 2: 70 + 45, 3: 100 + 45}[min(ke, 3)]
	if ke > 3 {
		step += 50 + 45
	}
	return e.Pose.Pos.Add(e.Pose.Forward().Mul(step))
}

// Declare fires each ship at its best target: the best range band first.
func (Greedy) Declare(g *Game, v battle.View) []battle.Shot {
	var shots []battle.Shot
	for _, s := range v.Ships {
		if !s.Own {
			continue
		}
		rulings := g.rulings(s.ID)
		if len(rulings) == 0 {
			continue
		}
		slices.SortStableFunc(rulings, func(x, y referee.Ruling) int {
			return (y.RangeModifier + y.CoverModifier) - (x.RangeModifier + x.CoverModifier)
		})
		shots = append(shots, battle.Shot{Shooter: s.ID, Target: rulings[0].TargetID})
	}
	return shots
}

// Marker drops the marker behind the nearest enemy.
func (Greedy) Marker(g *Game, v battle.View, ship string) physics.Pose {
	for _, e := range v.Ships {
		if !e.Own && e.OnTable && !e.Out {
			back := e.Pose.Pos.Sub(e.Pose.Forward().Mul(150))
			back.X = math.Max(100, math.Min(v.Width-100, back.X))
			back.Y = math.Max(100, math.Min(v.Depth-100, back.Y))
			return physics.Pose{Pos: back, Heading: e.Pose.Heading}
		}
	}
	return Random{}.Marker(g, v, ship)
}
