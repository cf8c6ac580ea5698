package policy

import (
	"math"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// The evaluation's scale: a won battle is worth winValue; a fresh Viper
// about shipValue.
const (
	winValue  = 10000.0
	shipValue = 100.0
	// readyValue is a ship that must leave by FTL standing in its zone
	// with a jump ready: the next turn's jump wins before anyone fires.
	readyValue = 0.6 * winValue
)

// evaluator scores battles and moves for one side from the scenario's
// victory conditions (Winning the game; the scenario's own conditions).
type evaluator struct {
	seat  *Seat
	side  battle.Side
	conds battle.Victory
	// weight multiplies a ship's value: a ship a condition names (the
	// Raptor to escort, the Heavy Raider to destroy) or the points a
	// Points condition gives its class.
	weight map[string]float64
	// runner holds the enemy ships a Leave condition names: they are
	// aimed at a move ahead (lead).
	runner map[string]bool
}

func newEvaluator(s *Seat) *evaluator {
	e := &evaluator{seat: s, side: s.Side, conds: s.Setup.Victory, weight: map[string]float64{}, runner: map[string]bool{}}
	if len(e.conds) == 0 {
		e.conds = battle.Victory{{Kind: battle.EliminateAll}}
	}
	for _, sp := range s.Setup.Ships {
		c := s.Class(sp.Class)
		e.weight[sp.ID] = float64(c.Structure+2*c.Attack) / 27
	}
	for _, c := range e.conds {
		switch c.Kind {
		case battle.Destroy, battle.Leave:
			e.weight[c.Ship] *= 4
			if c.Kind == battle.Leave && c.Side != e.side {
				e.runner[c.Ship] = true
			}
		case battle.Points:
			for _, sp := range s.Setup.Ships {
				for _, p := range c.Points {
					if p.Class == sp.Class {
						e.weight[sp.ID] *= float64(p.Points) / 2.5
					}
				}
			}
		}
	}
	return e
}

// score values the battle db (a play-ahead) for the evaluator's side: the
// result when it is decided, otherwise the ships in play weighed by the
// damage they carry, the progress toward each victory condition (leaving,
// holding a zone), and each own ship's position: on the table with room
// to move, out of planetoids, guns toward the enemy, not parked.
func (e *evaluator) score(db *battle.Battle) float64 {
	if r := db.Result(); r != nil {
		switch r.Winner {
		case e.side:
			return winValue - float64(r.Turn)
		case "":
			return -winValue / 4
		}
		return -winValue + float64(r.Turn)
	}
	mine, theirs := db.View(e.side), db.View(e.side.Opponent())
	total := 0.0
	for _, v := range []battle.View{mine, theirs} {
		sign := 1.0
		if v.Side != e.side {
			sign = -1
		}
		for _, sv := range v.Ships {
			if !sv.Own || sv.Out {
				continue
			}
			c := e.seat.Class(sv.Class)
			health := 1.0
			if sv.Damage != nil && c.Structure > 0 {
				health = 1 - 0.6*float64(*sv.Damage)/float64(c.Structure)
			}
			total += sign * shipValue * e.weight[sv.ID] * health
			if sv.OnTable {
				total += sign * e.objective(v, sv)
			}
		}
	}
	for _, sv := range mine.Ships {
		if sv.Own && sv.OnTable && !sv.Out && sv.State != nil {
			total += e.position(mine, sv, sv.Pose, sv.Rotation, sv.State.KE)
		}
	}
	return total
}

// objective is how far a ship in play has come toward the conditions that
// concern it: a ship that must leave, by its distance to the edge or the
// jump zone (and a jump ready there); a zone to hold, by how near the ship
// stands to it.
func (e *evaluator) objective(v battle.View, sv battle.ShipView) float64 {
	out := 0.0
	for _, c := range e.conds {
		switch c.Kind {
		case battle.Leave:
			if c.Ship != sv.ID {
				continue
			}
			d := e.leaveDistance(c, sv.Pose.Pos, v.Width, v.Depth)
			if c.By == battle.ExitFTL && sv.State != nil {
				if !e.mayJumpLater(sv) {
					continue // it can never jump away now
				}
				if d == 0 {
					// In the zone at the end of a turn with a jump ready,
					// the ship jumps away at the start of the next turn's
					// movement, before anyone fires: the battle is as good
					// as won (or lost, for the other side).
					if e.canJumpNext(sv) {
						out += readyValue
					} else {
						out += readyValue / 8
					}
				} else if d < reachRange && e.reachesNext(c.Zone, v, sv) {
					out += readyValue / 5 // a turn from a ready jump
				}
			}
			if c.By == battle.ExitFTL && sv.State != nil && e.seat.Rules().Has(starship.OptFuel) {
				// the fuel left is the jump still to come: spent on the
				// way, it may leave none for the jump (Fuel)
				out += 10 * math.Min(float64(sv.State.Fuel), 10)
			}
			out += 8 * shipValue * (1 - math.Min(d, 900)/900)
		case battle.Hold:
			if c.Side != "" && c.Side != sv.Side {
				continue
			}
			d := zoneDistance(c.Zone, sv.Pose.Pos)
			out += 0.8 * shipValue * (1 - math.Min(d, 600)/600)
		}
	}
	return out
}

// reachRange is the farthest from its zone a ship is tried for
// reachesNext (more than a turn's move at any speed).
const reachRange = 400

// reachesNext reports whether one of the ship's plans next turn (a single
// maneuver card at any speed, the dial as it is) ends its move inside the
// zone, on the table, with fuel left for the jump: the way in is open.
func (e *evaluator) reachesNext(zone physics.Polygon, v battle.View, sv battle.ShipView) bool {
	st := *sv.State
	c := e.seat.Class(st.Class)
	fuel := e.seat.Rules().Has(starship.OptFuel)
	judge := battle.NewJudge(e.seat.Rules(), e.seat.Comp, c, st) // next turn's plans: no cards fixed yet
	for _, card := range c.Deck.Cards {
		if card.IsSecond() {
			continue
		}
		for _, sp := range candidateSpeeds {
			p := starship.Plan{Cards: []string{card.ID}, Speed: sp, Rotate: st.Rotation}
			o, ok := judge.Outcome(p, nil) // read and checked once
			if !ok || fuel && o.Fuel <= 0 {
				continue
			}
			f := o.Final().Pose.Pos
			if f.X >= 0 && f.Y >= 0 && f.X <= v.Width && f.Y <= v.Depth && zone.Contains(f) {
				return true
			}
		}
	}
	return false
}

// canJumpNext reports whether the ship could plan an FTL jump next turn
// (Faster-than-light movement: not two turns running, at most twice a
// game; Fuel: a ship out of fuel moves only inertially).
func (e *evaluator) canJumpNext(sv battle.ShipView) bool {
	return e.mayJumpLater(sv) && !sv.State.FTLLastTurn
}

// mayJumpLater reports whether the ship has a jump left and the fuel to
// plan it (any fuel above 0: the jump's cost may run the tank dry).
func (e *evaluator) mayJumpLater(sv battle.ShipView) bool {
	st := sv.State
	r := e.seat.Rules()
	return r.Set == starship.Complete && r.Has(starship.OptFTL) && e.seat.Class(sv.Class).FTL &&
		st.FTLJumps < starship.MaxFTLJumps && (!r.Has(starship.OptFuel) || st.Fuel > 0)
}

// leaveDistance is how far a stand is from leaving as c asks: from the
// zone for a jump (0 inside; anywhere without a zone), from the edge.
func (e *evaluator) leaveDistance(c battle.Condition, p physics.Vec, w, d float64) float64 {
	if c.By == battle.ExitFTL {
		if len(c.Zone) == 0 {
			return 0
		}
		return zoneDistance(c.Zone, p)
	}
	switch c.Edge {
	case battle.North:
		return math.Max(d-p.Y, 0)
	case battle.South:
		return math.Max(p.Y, 0)
	case battle.West:
		return math.Max(p.X, 0)
	case battle.East:
		return math.Max(w-p.X, 0)
	}
	return 0
}

// zoneDistance is 0 inside the zone, else the distance to its nearest
// edge.
func zoneDistance(z physics.Polygon, p physics.Vec) float64 {
	if len(z) == 0 || z.Contains(p) {
		return 0
	}
	best := math.Inf(1)
	for i, a := range z {
		b := z[(i+1)%len(z)]
		best = math.Min(best, physics.Segment{A: a, B: b}.DistanceToPoint(p))
	}
	return best
}

// leavesBy reports whether the ship is meant to leave across the edge its
// momentum carries it over (then the edge is no danger).
func (e *evaluator) leavesBy(id string) bool {
	for _, c := range e.conds {
		if c.Kind == battle.Leave && c.Ship == id && c.By == battle.ExitEdge && e.sideOf(id) == e.side {
			return true
		}
	}
	return false
}

func (e *evaluator) sideOf(id string) battle.Side {
	for _, sp := range e.seat.Setup.Ships {
		if sp.ID == id {
			return sp.Side
		}
	}
	return ""
}

// position values where a ship of the side stands: room to the edges
// (its momentum carries it about a move ahead), clear of planetoids, the
// guns toward an enemy in range, out of enemy arcs, not parked.
func (e *evaluator) position(v battle.View, sv battle.ShipView, pose physics.Pose, rotation, ke int) float64 {
	pos := pose.Pos
	out := 0.0
	if !e.leavesBy(sv.ID) {
		margin := math.Min(math.Min(pos.X, v.Width-pos.X), math.Min(pos.Y, v.Depth-pos.Y))
		if margin < 70 {
			out -= 2 * (70 - margin)
		}
		ahead := pos.Add(pose.Forward().Mul(float64(max(ke, 0)) * 45))
		if ahead.X < 0 || ahead.Y < 0 || ahead.X > v.Width || ahead.Y > v.Depth {
			out -= 0.6 * shipValue * e.weight[sv.ID]
		}
	}
	for _, ob := range v.Obstacles {
		if ob.Kind == referee.Planetoid && pos.Dist(ob.Circle.C) < ob.Circle.R+35 {
			out -= shipValue
		}
	}
	notch := e.seat.Comp.Geometry.DialNotch.Value
	dir := physics.Direction(facing(pose, rotation, notch))
	// The target is the enemy nearest for its worth: a ship the scenario
	// names (the Raptor to stop) draws the attack from farther away.
	nearest, toNearest, best := math.Inf(1), physics.Vec{}, math.Inf(1)
	for _, en := range v.Ships {
		if en.Own || !en.OnTable || en.Out {
			continue
		}
		to := e.lead(en).Sub(pos)
		d := to.Norm()
		if d/e.weight[en.ID] < best {
			best, nearest, toNearest = d/e.weight[en.ID], d, to
		}
		if d > 0 && d < 300 && dir.Dot(to)/d > math.Cos(physics.Deg(30).Radians()) {
			out += 0.1 * (320 - d)
		}
		eDir := physics.Direction(facing(en.Pose, en.Rotation, notch))
		if d > 0 && d < 300 && eDir.Dot(to.Mul(-1))/d > math.Cos(physics.Deg(30).Radians()) {
			out -= 0.08 * (320 - d)
		}
	}
	if nearest > 0 && !math.IsInf(nearest, 1) && e.attacks() {
		out += 8 * dir.Dot(toNearest) / nearest
		out -= 0.02 * math.Max(nearest-200, 0)
	}
	if ke == 0 {
		out -= 8
	}
	return out
}

// lead is where an enemy ship is aimed at: a ship that must get away (a
// Leave condition names it) a move ahead along its heading at the speed
// its kinetic energy gives, as Greedy predicts: the guns of the next
// firing step bear where it will be, not where it is; any other where it
// stands.
func (e *evaluator) lead(en battle.ShipView) physics.Vec {
	if e.runner[en.ID] {
		return predict(en)
	}
	return en.Pose.Pos
}

// attacks reports whether the side gains by closing in: it is not only
// trying to leave or to hide.
func (e *evaluator) attacks() bool {
	for _, c := range e.conds {
		switch c.Kind {
		case battle.EliminateAll, battle.Points:
			return true
		case battle.Destroy, battle.Hold:
			if c.Side == e.side || c.Side == "" {
				return true
			}
		}
	}
	return false
}

// quick scores a move of one ship alone, as the screen does: where it
// leaves the ship (objective and position) against enemies that stay put.
func (e *evaluator) quick(sv battle.ShipView, o starship.Outcome) float64 {
	f := o.Final()
	if o.LeftGame {
		return -winValue
	}
	moved := sv
	moved.Pose = f.Pose
	if sv.State != nil {
		after := *sv.State
		after.Pose, after.Rotation, after.KE = f.Pose, f.Rotation, o.KE
		if e.seat.Rules().Has(starship.OptFuel) {
			after.Fuel = o.Fuel
		}
		after.FTLLastTurn = o.Jumped
		if o.Jumped {
			after.FTLJumps++
		}
		moved.State = &after
	}
	v := e.seat.View
	if f.Pose.Pos.X < 0 || f.Pose.Pos.Y < 0 || f.Pose.Pos.X > v.Width || f.Pose.Pos.Y > v.Depth {
		if e.leavesBy(sv.ID) {
			return winValue
		}
		return -winValue
	}
	return e.objective(v, moved) + e.position(v, moved, f.Pose, f.Rotation, o.KE) + scorePose(v, f, o.KE == 0, e.seat.Comp.Geometry.DialNotch.Value)/20
}

// quickJump scores an FTL jump in the screen: a jump that meets a Leave
// condition wins; another is scored where the marker (placed as the
// search places it) and the average rolls would leave the ship.
func (e *evaluator) quickJump(sv battle.ShipView, st starship.State, p starship.Plan) float64 {
	for _, c := range e.conds {
		if c.Kind == battle.Leave && c.By == battle.ExitFTL && c.Ship == sv.ID && c.Side == e.side &&
			(len(c.Zone) == 0 || c.Zone.Contains(st.Pose.Pos)) {
			return winValue
		}
	}
	m := markerFor(e.seat, sv, p, false)
	o, err := battle.PreviewJump(e.seat.Rules(), e.seat.Comp, e.seat.Class(st.Class), st, p, starship.FTLJump{Marker: m, SideRoll: 7, DistanceRoll: 3})
	if err != nil {
		return -winValue
	}
	return e.quick(sv, o)
}

// jumpMatters reports whether a Leave-by-FTL condition names the ship.
func (e *evaluator) jumpMatters(sv battle.ShipView) bool {
	for _, c := range e.conds {
		if c.Kind == battle.Leave && c.By == battle.ExitFTL && c.Ship == sv.ID {
			return true
		}
	}
	return false
}
