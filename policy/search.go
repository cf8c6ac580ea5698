package policy

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Level is how hard a DeterminizedSearch thinks. The budgets are counts,
// so a decision depends only on the seat and the seed; Cap is a safety
// limit on the time of one decision, ten times and more what the counts
// take on one core: the CPU time of the search's thread on Linux (a busy
// machine makes a decision slower, not different), the wall time
// elsewhere. Reached only on a machine far slower than that, the search
// stops early, keeps its best so far, and the decision is counted in
// Capped (it may differ from run to run). A Cap of 0 is no limit.
type Level struct {
	Name string
	// Samples is the number of determinizations every candidate is played
	// against: guesses of the hidden state and of the enemy's plans.
	Samples int
	// Candidates is how many plans per ship survive the quick screen.
	Candidates int
	// Passes is how many times each ship's plan is improved with the
	// other ships' plans held fixed.
	Passes int
	// Replies is how many of each enemy ship's likeliest plans the guesses
	// draw from.
	Replies int
	Cap     time.Duration
}

// Levels returns the levels of the search, easiest first.
func Levels() []Level {
	return []Level{
		{Name: "easy", Samples: 3, Candidates: 3, Passes: 1, Replies: 4, Cap: 2 * time.Second},
		{Name: "normal", Samples: 6, Candidates: 6, Passes: 1, Replies: 3, Cap: 4 * time.Second},
		{Name: "hard", Samples: 12, Candidates: 9, Passes: 2, Replies: 3, Cap: 12 * time.Second},
	}
}

// DeterminizedSearch is a computer player that plans by determinized
// Monte Carlo search. For each planning it:
//
//   - lists every legal plan of each of its ships (maneuver cards, speeds,
//     dial, overboost, change direction, levels, FTL) and keeps the best
//     few by a quick look at where each leaves the ship;
//   - draws Samples guesses of what its view hides: the enemy's damage
//     counters, and the enemy's plans, each drawn from that enemy ship's
//     likeliest replies (judged the same quick way from the enemy's side);
//   - plays every combination it considers forward through a whole turn
//     with the battle engine itself (battle.NewDeterminized: movement,
//     collisions, both firing steps, dice), against every guess, and
//     scores the result by the scenario's victory conditions (evaluate);
//   - improves one ship's plan at a time with the others fixed, keeping
//     the plans with the best mean over the guesses: good against the
//     likely replies, not against one.
//
// It sees only its Seat. Firing and FTL markers it decides as Greedy does.
type DeterminizedSearch struct {
	Level Level

	mu     sync.Mutex
	capped int
	cache  struct {
		side  battle.Side
		turn  int
		plans map[string]starship.Plan
	}
}

// NewSearch returns a search player at a level.
func NewSearch(l Level) *DeterminizedSearch { return &DeterminizedSearch{Level: l} }

// Name returns the level's name.
func (d *DeterminizedSearch) Name() string { return d.Level.Name }

// Declare fires as Greedy does.
func (d *DeterminizedSearch) Declare(s *Seat) []battle.Shot { return Greedy{}.Declare(s) }

// Marker places an FTL marker: a ship that must leave by FTL from a zone
// gets the marker from which its revealed move, with average rolls, ends
// deepest in the zone; any other goes behind the nearest enemy, as Greedy
// does, but well clear of the edges (the arrival and the rest of the move
// carry it on).
func (d *DeterminizedSearch) Marker(s *Seat, ship string) physics.Pose {
	return searchMarker(s, ship, true)
}

// searchMarker places a marker as Marker does; thorough as markerFor's.
func searchMarker(s *Seat, ship string, thorough bool) physics.Pose {
	sv := own(s.View, ship)
	var p starship.Plan
	if sv.Plan != nil {
		p = *sv.Plan
	}
	return markerFor(s, sv, p, thorough)
}

// arrivalRolls are the FTL arrival's rolls a marker is tried against:
// a 2d6 total for each side of the marker (Faster-than-light movement)
// with its chance in 36, and a short and a long distance.
var arrivalRolls = []struct{ side, weight int }{{2, 1}, {3, 2}, {4, 7}, {7, 16}, {9, 7}, {11, 3}}

// markerMiss is how far, on average over the arrival rolls, a jump to
// marker m and the rest of plan p leave the ship from the zone (ten times
// the distance outside it, plus the distance from its middle; a ship
// off the table misses by a mile).
func markerMiss(s *Seat, st starship.State, p starship.Plan, m physics.Pose, zone physics.Polygon, mid physics.Vec, thorough bool) float64 {
	miss, n := 0.0, 0
	rolls, dists := arrivalRolls, []int{2, 5}
	if !thorough {
		rolls, dists = arrivalRolls[3:4], []int{3}
	}
	for _, r := range rolls {
		for _, dist := range dists {
			o, err := battle.PreviewJump(s.Rules(), s.Comp, s.Class(st.Class), st, p, starship.FTLJump{Marker: m, SideRoll: r.side, DistanceRoll: dist})
			if err != nil {
				return math.Inf(1)
			}
			f := o.Final().Pose.Pos
			d := zoneDistance(zone, f)*10 + f.Dist(mid)
			if f.X < 0 || f.Y < 0 || f.X > s.View.Width || f.Y > s.View.Depth {
				d = 1e5
			}
			miss += float64(r.weight) * d
			n += r.weight
		}
	}
	return miss / float64(n)
}

// markerFor is searchMarker for a plan of the ship (in the screen, before
// the plan is made). thorough tries every marker against the arrival
// rolls; otherwise (the screen's quick look) against average rolls only.
func markerFor(s *Seat, sv battle.ShipView, p starship.Plan, thorough bool) physics.Pose {
	v := s.View
	centre := physics.V(v.Width/2, v.Depth/2)
	for _, c := range s.Setup.Victory {
		if c.Kind != battle.Leave || c.By != battle.ExitFTL || c.Ship != sv.ID || len(c.Zone) == 0 {
			continue
		}
		mid := physics.Vec{}
		for _, q := range c.Zone {
			mid = mid.Add(q)
		}
		mid = mid.Mul(1 / float64(len(c.Zone)))
		dir := mid.Sub(centre)
		if dir.Norm() < 1 {
			dir = physics.V(0, 1)
		}
		dir = dir.Mul(1 / dir.Norm())
		best := physics.Pose{Pos: mid.Sub(dir.Mul(40)), Heading: physics.Deg(math.Atan2(dir.Y, dir.X) * 180 / math.Pi)}
		if sv.State == nil || len(p.Cards) == 0 {
			return best
		}
		if o, err := battle.PreviewJump(s.Rules(), s.Comp, s.Class(sv.State.Class), *sv.State, p, starship.FTLJump{Marker: best, SideRoll: 7, DistanceRoll: 3}); err != nil ||
			o.Fuel <= 0 && s.Rules().Has(starship.OptFuel) || sv.State.FTLJumps+1 >= starship.MaxFTLJumps {
			break // no jump left to leave by after this one: the zone is no use
		}
		bestD := math.Inf(1)
		for _, off := range []physics.Vec{{}, {X: 50}, {X: -50}, {Y: 50}, {Y: -50}} {
			for h := 0; h < 360; h += 30 {
				m := physics.Pose{Pos: mid.Add(off), Heading: physics.Deg(float64(h))}
				if d := markerMiss(s, *sv.State, p, m, c.Zone, mid, thorough); d < bestD {
					best, bestD = m, d
				}
			}
		}
		return best
	}
	m := Greedy{}.Marker(s, sv.ID)
	m.Pos.X = math.Max(200, math.Min(v.Width-200, m.Pos.X))
	m.Pos.Y = math.Max(200, math.Min(v.Depth-200, m.Pos.Y))
	return m
}

// Plan returns the ship's part of the side's best joint plan for the turn,
// searched once for all of the side's ships still to plan.
func (d *DeterminizedSearch) Plan(s *Seat, ship string) starship.Plan {
	if s.View.Phase != battle.Planning {
		return Greedy{}.Plan(s, ship)
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	c := &d.cache
	if c.side != s.Side || c.turn != s.View.Turn || c.plans == nil {
		c.side, c.turn, c.plans = s.Side, s.View.Turn, map[string]starship.Plan{}
	}
	if p, ok := c.plans[ship]; ok {
		return p.Clone()
	}
	lockThread()
	x := newSearcher(s, d.Level)
	plans := x.run()
	unlockThread()
	for id, p := range plans {
		c.plans[id] = p
	}
	if x.capped {
		d.capped++
	}
	if p, ok := c.plans[ship]; ok {
		return p.Clone()
	}
	return Greedy{}.Plan(s, ship)
}

// Capped returns how many of its plannings the time cap cut short.
func (d *DeterminizedSearch) Capped() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.capped
}

// searcher is one planning's search.
type searcher struct {
	seat    *Seat
	level   Level
	clock   searchClock
	rng     *rand.Rand
	ships   []string                   // own ships to plan, in view order
	fixed   map[string]starship.Plan   // own ships planned already
	cands   map[string][]starship.Plan // per own ship to plan, best first
	samples []sample
	eval    *evaluator
	// rollouts counts the play-aheads; failed, those the engine refused
	// or that could not reach the end of the turn.
	rollouts, failed int
	capped           bool
}

// sample is one guess: a whole state, the enemy's plans and the seed of
// the play-ahead's dice (the same for every candidate: common random
// numbers make the comparisons fair).
type sample struct {
	state battle.State
	enemy map[string]starship.Plan
	seed  uint64
}

func newSearcher(s *Seat, l Level) *searcher {
	x := &searcher{seat: s, level: l, clock: startClock(), fixed: map[string]starship.Plan{},
		cands: map[string][]starship.Plan{}, eval: newEvaluator(s)}
	x.rng = rand.New(rand.NewPCG(s.Rand.Uint64(), s.Rand.Uint64()))
	for _, sv := range s.View.Ships {
		if !sv.Own || !sv.OnTable || sv.Out || sv.State == nil {
			continue
		}
		if sv.Planned && sv.Plan != nil {
			x.fixed[sv.ID] = sv.Plan.Clone()
			continue
		}
		x.ships = append(x.ships, sv.ID)
	}
	return x
}

// run returns the chosen plan of every ship to plan.
func (x *searcher) run() map[string]starship.Plan {
	if len(x.ships) == 0 {
		return nil
	}
	for _, id := range x.ships {
		x.cands[id] = screen(x.seat, own(x.seat.View, id), x.level.Candidates, x.eval)
	}
	x.drawSamples()
	joint := map[string]starship.Plan{}
	for _, id := range x.ships {
		joint[id] = x.cands[id][0]
	}
	best := x.value(joint)
	for pass := 0; pass < x.level.Passes; pass++ {
		changed := false
		for _, id := range x.ships {
			for _, p := range x.cands[id] {
				if x.level.Cap > 0 && x.clock.elapsed() > x.level.Cap {
					x.capped = true
					return joint
				}
				if samePlan(p, joint[id]) {
					continue
				}
				trial := maps(joint)
				trial[id] = p
				if v := x.value(trial); v > best+1e-9 {
					best, joint, changed = v, trial, true
				}
			}
		}
		if !changed {
			break
		}
	}
	return joint
}

// maps copies a joint plan.
func maps(m map[string]starship.Plan) map[string]starship.Plan {
	c := make(map[string]starship.Plan, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

func samePlan(a, b starship.Plan) bool {
	return slices.Equal(a.Cards, b.Cards) && a.Speed == b.Speed && a.Rotate == b.Rotate && a.Level == b.Level
}

// drawSamples guesses the hidden state and the enemy's plans. The enemy's
// likeliest plans are screened once, from the enemy's view of the first
// guess (what differs between guesses, the counters' values, hardly moves
// a ship); each guess draws one of them per enemy ship, the better ones
// more often, keeping only plans that are legal in that guess and that
// show the first card the view has seen (Tailing).
func (x *searcher) drawSamples() {
	enemy := x.seat.Side.Opponent()
	var replies map[string][]starship.Plan
	for i := 0; i < x.level.Samples; i++ {
		st := determinize(x.seat, x.rng)
		smp := sample{state: st, enemy: map[string]starship.Plan{}, seed: x.rng.Uint64()}
		if replies == nil {
			replies = map[string][]starship.Plan{}
			db, err := battle.NewDeterminized(x.seat.Setup, x.seat.Comp, cloneState(st), smp.seed)
			if err == nil {
				es := &Seat{Side: enemy, View: db.View(enemy), Setup: x.seat.Setup, Comp: x.seat.Comp, Rand: x.rng, classes: x.seat.classes}
				ev := newEvaluator(es)
				for _, sv := range es.View.Ships {
					if sv.Own && sv.OnTable && !sv.Out && sv.State != nil {
						replies[sv.ID] = screen(es, sv, x.level.Replies, ev)
					}
				}
			}
		}
		for _, ss := range st.Ships {
			if ss.Side != enemy || !ss.OnTable || ss.Out {
				continue
			}
			shown := own(x.seat.View, ss.ID).Shown
			var ok []starship.Plan
			for _, p := range replies[ss.ID] {
				if (shown == "" || p.Cards[0] == shown) && x.seat.legal(ss.Ship, p) {
					ok = append(ok, p)
				}
			}
			if len(ok) == 0 {
				smp.enemy[ss.ID] = fallback(battle.ShipView{State: &ss.Ship, NextCards: ss.NextCards})
				continue
			}
			// the best reply half the time, the others share the rest
			k := 0
			if len(ok) > 1 && x.rng.IntN(2) == 1 {
				k = 1 + x.rng.IntN(len(ok)-1)
			}
			smp.enemy[ss.ID] = ok[k]
		}
		x.samples = append(x.samples, smp)
	}
}

// value is a joint plan's mean score over the guesses.
func (x *searcher) value(joint map[string]starship.Plan) float64 {
	sum := 0.0
	for i := range x.samples {
		sum += x.rollout(&x.samples[i], joint)
	}
	return sum / float64(len(x.samples))
}

// rollout plays one guess through the end of the turn with the engine and
// scores the result.
func (x *searcher) rollout(smp *sample, joint map[string]starship.Plan) float64 {
	x.rollouts++
	db, err := battle.NewDeterminized(x.seat.Setup, x.seat.Comp, cloneState(smp.state), smp.seed)
	if err != nil {
		x.failed++
		return math.Inf(-1)
	}
	turn := db.Turn()
	for _, ss := range smp.state.Ships {
		if !ss.OnTable || ss.Out {
			continue
		}
		p, ok := joint[ss.ID]
		if !ok {
			p, ok = x.fixed[ss.ID]
		}
		if !ok {
			p, ok = smp.enemy[ss.ID]
		}
		if !ok {
			p = fallback(battle.ShipView{State: &ss.Ship, NextCards: ss.NextCards})
		}
		if _, err := db.Apply(battle.Command{Type: battle.CmdPlan, Side: ss.Side, Ship: ss.ID, Plan: &p}); err != nil {
			fb := fallback(battle.ShipView{State: &ss.Ship, NextCards: ss.NextCards})
			if _, err := db.Apply(battle.Command{Type: battle.CmdPlan, Side: ss.Side, Ship: ss.ID, Plan: &fb}); err != nil {
				x.failed++
				return math.Inf(-1)
			}
		}
	}
	for guard := 0; guard < 64 && db.Phase() != battle.Over && !(db.Phase() == battle.Planning && db.Turn() > turn); guard++ {
		if err := x.advance(db); err != nil {
			x.failed++
			break
		}
	}
	return x.eval.score(db)
}

// advance makes the play-ahead's next decisions: the reveal, FTL markers
// and declarations as Greedy makes them, a wounded pilot's fixed cards.
func (x *searcher) advance(db *battle.Battle) error {
	switch db.Phase() {
	case battle.Revealing:
		_, err := db.Apply(battle.Command{Type: battle.CmdReveal, Side: x.seat.Side})
		return err
	case battle.PlacingFTL:
		for _, side := range battle.Sides {
			s := x.inner(db, side, false)
			for _, id := range s.View.MarkersDue {
				m := searchMarker(s, id, false)
				if _, err := db.Apply(battle.Command{Type: battle.CmdFTL, Side: side, Ship: id, Marker: &m}); err != nil {
					return err
				}
			}
		}
	case battle.Declaring:
		for _, side := range battle.Sides {
			s := x.inner(db, side, true)
			if !s.View.MayDeclare {
				continue
			}
			if _, err := db.Apply(battle.Command{Type: battle.CmdDeclare, Side: side, Shots: Greedy{}.Declare(s)}); err != nil {
				return err
			}
		}
	case battle.Preplanning:
		for _, side := range battle.Sides {
			for _, sv := range db.View(side).Ships {
				if sv.Own && sv.MustPreplan {
					p := fallback(sv)
					if _, err := db.Apply(battle.Command{Type: battle.CmdPreplan, Side: side, Ship: sv.ID, Plan: &p}); err != nil {
						return err
					}
				}
			}
		}
	default:
		return errStuck
	}
	return nil
}

// errStuck stops a play-ahead that waits for something it cannot give.
var errStuck = stuckError{}

type stuckError struct{}

func (stuckError) Error() string { return "the play-ahead cannot advance" }

// inner is a seat in the play-ahead's battle (the guess, not the real one).
func (x *searcher) inner(db *battle.Battle, side battle.Side, rulings bool) *Seat {
	s := &Seat{Side: side, View: db.View(side), Setup: x.seat.Setup, Comp: x.seat.Comp, Rand: x.rng, classes: x.seat.classes}
	if rulings {
		s.rulings = map[string][]referee.Ruling{}
		for _, sv := range s.View.Ships {
			if sv.Own {
				s.rulings[sv.ID] = db.Targets(sv.ID)
			}
		}
	}
	return s
}

// screen returns up to n of a ship's legal plans, best first by a quick
// look at where each leaves the ship (evaluator.quick), always keeping the
// best FTL jump among them when there is one.
func screen(s *Seat, sv battle.ShipView, n int, ev *evaluator) []starship.Plan {
	st := *sv.State
	type scored struct {
		p starship.Plan
		v float64
	}
	var all []scored
	judge := battle.NewShipJudge(s.Rules(), s.Comp, s.Class(st.Class), sv)
	for _, p := range candidates(s, sv) {
		var v float64
		if p.Speed == maneuvers.FTL {
			if !judge.Legal(p) {
				continue
			}
			v = ev.quickJump(sv, st, p)
		} else {
			o, ok := judge.Outcome(p, nil) // read and checked once
			if !ok {
				continue
			}
			v = ev.quick(sv, o)
		}
		all = append(all, scored{p, v})
	}
	if len(all) == 0 {
		return []starship.Plan{fallback(sv)}
	}
	slices.SortStableFunc(all, func(a, b scored) int { return cmp.Compare(b.v, a.v) })
	// At most a third of the places go to FTL jumps that do not win at
	// once (they all look alike to the screen), and the best jump is kept
	// for a ship that must leave by FTL.
	var out []starship.Plan
	jumps, maxJumps := 0, max(n/3, 1)
	for _, a := range all {
		isJump := a.p.Speed == maneuvers.FTL
		switch {
		case len(out) >= n:
			if jumps == 0 && isJump && ev.jumpMatters(sv) {
				return append(out, a.p)
			}
		case isJump && jumps >= maxJumps && a.v < winValue/2:
		default:
			out = append(out, a.p)
			if isJump {
				jumps++
			}
		}
	}
	return out
}
