package battle

import (
	"github.com/starshipbattles/bsg/physics"
)

// ConditionKind names a victory condition.
type ConditionKind string

// The victory conditions a battle knows (Winning the game: "different
// scenarios may present different conditions for the end of the game and
// for victory").
const (
	// EliminateAll: the last side with ships in play wins; a draw when the
	// last ships of both sides go in the same turn (The Hand of God;
	// Winning the game).
	EliminateAll ConditionKind = "eliminate-all"
	// Survive: Side wins if it still has a ship in play at the end of
	// turn Turns.
	Survive ConditionKind = "survive"
	// Destroy: Side wins when the enemy ship Ship is eliminated (a ship
	// that escaped under a Leave condition is not destroyed).
	Destroy ConditionKind = "destroy"
	// Leave: Side wins when its ship Ship leaves the playing area across
	// the edge Edge (By ExitEdge), or jumps away by FTL (By ExitFTL) from
	// inside Zone when a zone is given (Special cases: a ship that moves
	// out is out of the game; Faster-than-light movement: a jump may leave
	// the playing area "with the same effect as exiting from a side").
	Leave ConditionKind = "leave"
	// Hold: at the end of turn Turns (the turn limit when 0) Side wins if
	// it holds Zone: one of its ships in play has its stand inside and no
	// enemy ship in play has. With no Side, whichever side holds it wins.
	Hold ConditionKind = "hold"
	// Points: each side scores Points for every enemy ship destroyed, by
	// class. A side that reaches Target (when above 0) wins at once; at the
	// end of a turn in which a side has no ship left in play, or at the
	// turn limit, the side with more points wins (equal points decide
	// nothing).
	Points ConditionKind = "points"
)

// Exit is how a ship leaves the playing area under a Leave condition.
type Exit string

// The ways to leave.
const (
	ExitEdge Exit = "edge"
	ExitFTL  Exit = "ftl"
)

// Edge is one side of the playing area, in the table frame: north is the
// far edge (y = depth), south the near edge (y = 0), west x = 0 and east
// x = width.
type Edge string

// The four edges, in the order ExitEdgeOf breaks ties.
const (
	North Edge = "north"
	East  Edge = "east"
	South Edge = "south"
	West  Edge = "west"
)

// Edges lists the four edges.
var Edges = []Edge{North, East, South, West}

// ClassPoints is what destroying an enemy ship of a class is worth.
type ClassPoints struct {
	Class  string `json:"class"`
	Points int    `json:"points"`
}

// Condition is one victory condition, as data.
type Condition struct {
	Kind  ConditionKind `json:"kind"`
	Side  Side          `json:"side,omitempty"`
	Ship  string        `json:"ship,omitempty"`
	Turns int           `json:"turns,omitempty"`
	// Leave: by an edge (Edge) or by FTL.
	By   Exit `json:"by,omitempty"`
	Edge Edge `json:"edge,omitempty"`
	// Hold, and Leave by FTL: the zone's name (for the players) and its
	// outline. A Leave by FTL without a zone counts a jump from anywhere.
	ZoneName string          `json:"zone,omitempty"`
	Zone     physics.Polygon `json:"zone_polygon,omitempty"`
	// Points: the values by class (a class not listed is worth 0) and the
	// score that wins at once (0: none).
	Points []ClassPoints `json:"points,omitempty"`
	Target int           `json:"target,omitempty"`
}

// Victory is a battle's victory conditions, checked in order; the first
// that decides the battle ends it. Empty means EliminateAll.
type Victory []Condition

// Causes of elimination (Elimination of a spaceship): ShipState.Cause and
// an EvEliminated event's Cause hold one of them.
const (
	// CauseMovedOut: the ship moved out of the playing area.
	CauseMovedOut = "moved out of the playing area"
	// CauseSlidOut: the ship slid out of the playing area, pushed off an
	// overlap (Quick Start Rules).
	CauseSlidOut = "slid out of the playing area"
	// CauseLeftLevels: the ship climbed or dived out of the levels of
	// play (Three-dimensional space).
	CauseLeftLevels = "climbed or dived out of the levels of play"
	// CausePilotKilled: its pilot took a third wound (Special damage).
	CausePilotKilled = "its pilot is killed"
	// CauseJumpedAway is the cause of a ship that left the battle by an
	// FTL jump under a Leave condition.
	CauseJumpedAway = "jumped away by FTL"
	// CauseDestroyed is the cause of a ship whose damage reached its
	// structure (Damage).
	CauseDestroyed = "destroyed"
)

// inPlay reports whether a side still has a ship in play or still to come.
func (b *Battle) inPlay(side Side) bool {
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if s.Side == side && !s.Out {
			return true
		}
	}
	return false
}

func (b *Battle) conditions() Victory {
	if len(b.setup.Victory) == 0 {
		return Victory{{Kind: EliminateAll}}
	}
	return b.setup.Victory
}

// ExitEdgeOf returns the edge a base at pose, of the given size, lies
// beyond on a table width × depth: the edge it overshoots most (ties
// broken in the order of Edges), or "" when it lies wholly on the table.
func ExitEdgeOf(pose physics.Pose, acrossFlats, width, depth float64) Edge {
	over := map[Edge]float64{}
	for _, v := range physics.Hexagon(pose, acrossFlats) {
		over[North] = max(over[North], v.Y-depth)
		over[East] = max(over[East], v.X-width)
		over[South] = max(over[South], -v.Y)
		over[West] = max(over[West], -v.X)
	}
	best, most := Edge(""), 0.0
	for _, e := range Edges {
		if over[e] > most {
			best, most = e, over[e]
		}
	}
	return best
}

// leftBy returns how an eliminated ship left the playing area: across an
// edge, by FTL (CauseJumpedAway), or not at all ("", "").
func (b *Battle) leftBy(s *ShipState) (Exit, Edge) {
	switch {
	case !s.Out:
		return "", ""
	case s.Cause == CauseJumpedAway:
		return ExitFTL, ""
	case (s.Cause == CauseMovedOut || s.Cause == CauseSlidOut) && s.ExitEdge != "":
		return ExitEdge, s.ExitEdge
	case s.Cause == CauseMovedOut || s.Cause == CauseSlidOut:
		return ExitEdge, ExitEdgeOf(s.Ship.Pose, b.classes[s.Class].AcrossFlats, b.setup.Width, b.setup.Depth)
	}
	return "", ""
}

// escapes reports whether the ship left the playing area as the Leave
// condition c asks.
func (b *Battle) escapes(c Condition, s *ShipState) bool {
	if c.Kind != Leave || s.ID != c.Ship {
		return false
	}
	by, edge := b.leftBy(s)
	switch c.By {
	case ExitFTL:
		return by == ExitFTL
	case ExitEdge:
		return by == ExitEdge && edge == c.Edge
	}
	return false
}

// escaped reports whether the ship left as some Leave condition of the
// battle asks: it escaped, it was not destroyed.
func (b *Battle) escaped(s *ShipState) bool {
	for _, c := range b.conditions() {
		if b.escapes(c, s) {
			return true
		}
	}
	return false
}

// Escaped reports whether the ship with the id left the battle as one of
// the Leave conditions asks, and how ("north edge", "FTL").
func (b *Battle) Escaped(id string) (string, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	i, ok := b.ids[id]
	if !ok {
		return "", false
	}
	s := &b.st.Ships[i]
	if !b.escaped(s) {
		return "", false
	}
	if by, edge := b.leftBy(s); by == ExitEdge {
		return string(edge) + " edge", true
	}
	return "FTL", true
}

// jumpsAway is called by the engine for a ship whose revealed plan is an
// FTL jump, before its marker is read: when a Leave-by-FTL condition names
// the ship and its stand is inside the condition's zone (or no zone is
// given), the jump takes it out of the battle (Faster-than-light movement:
// an FTL jump can be used to leave the playing area) and it reports true;
// the engine then does not move the ship.
func (b *Battle) jumpsAway(s *ShipState) bool {
	if !s.Active() {
		return false
	}
	for _, c := range b.conditions() {
		if c.Kind != Leave || c.By != ExitFTL || c.Ship != s.ID {
			continue
		}
		if len(c.Zone) > 0 && !c.Zone.Contains(s.Ship.Pose.Pos) {
			continue
		}
		b.eliminate(s, CauseJumpedAway)
		return true
	}
	return false
}

// holder returns the side that holds a zone now: it has a ship in play
// with its stand inside and the other side has none; "" when nobody does.
func (b *Battle) holder(zone physics.Polygon) Side {
	in := map[Side]bool{}
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if s.Active() && zone.Contains(s.Ship.Pose.Pos) {
			in[s.Side] = true
		}
	}
	switch {
	case in[Colonial] && !in[Cylon]:
		return Colonial
	case in[Cylon] && !in[Colonial]:
		return Cylon
	}
	return ""
}

// score returns a side's points under c: the values of the enemy ships
// destroyed (eliminated and not escaped).
func (b *Battle) score(c Condition, side Side) int {
	total := 0
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if s.Side == side || !s.Out || b.escaped(s) {
			continue
		}
		for _, p := range c.Points {
			if p.Class == s.Class {
				total += p.Points
			}
		}
	}
	return total
}

// decidePoints ends the battle by points: the side with more wins; equal
// points decide nothing.
func (b *Battle) decidePoints(c Condition, why PointsTrigger) {
	col, cyl := b.score(c, Colonial), b.score(c, Cylon)
	r := EndReason{Kind: EndPoints, Trigger: why}
	if why == TriggerTarget {
		r.Target = c.Target
	}
	switch {
	case col > cyl:
		r.Points, r.Against = col, cyl
		b.end(Colonial, Points, r)
	case cyl > col:
		r.Points, r.Against = cyl, col
		b.end(Cylon, Points, r)
	}
}

// outReason says why a ship a Destroy condition names is gone: destroyed
// by damage, or eliminated another way (Elimination of a spaceship: out
// of the playing area, its pilot killed, by FTL).
func outReason(s *ShipState) EndReason {
	return EndReason{Kind: EndShipOut, Ship: s.ID, Cause: s.Cause}
}

// decide checks the conditions that can end a battle at any moment.
func (b *Battle) decide() {
	if b.st.Phase == Over {
		return
	}
	for _, c := range b.conditions() {
		switch c.Kind {
		case EliminateAll:
			// Both sides gone: a draw at once. One side gone is decided at
			// the end of the turn, since the other side's last ship may
			// still go this turn, which makes it a draw (Winning the game).
			if !b.inPlay(Colonial) && !b.inPlay(Cylon) {
				b.end("", EliminateAll, EndReason{Kind: EndBothGone})
			}
		case Destroy:
			if i, ok := b.ids[c.Ship]; ok && b.st.Ships[i].Out && !b.escaped(&b.st.Ships[i]) {
				b.end(c.Side, Destroy, outReason(&b.st.Ships[i]))
			}
		case Leave:
			if i, ok := b.ids[c.Ship]; ok && b.escapes(c, &b.st.Ships[i]) {
				r := EndReason{Kind: EndShipLeft, Ship: c.Ship}
				if c.By == ExitEdge {
					r.Edge = c.Edge
				}
				b.end(c.Side, Leave, r)
			}
		case Points:
			col, cyl := b.score(c, Colonial), b.score(c, Cylon)
			if c.Target > 0 && (col >= c.Target || cyl >= c.Target) {
				if col == cyl {
					b.end("", Points, EndReason{Kind: EndPointsTie, Target: c.Target})
				} else {
					b.decidePoints(c, TriggerTarget)
				}
			}
		}
		if b.st.Phase == Over {
			return
		}
	}
}

// decideEndOfTurn checks the conditions decided at the end of a turn: the
// last side with ships in play wins; a side that had to survive this many
// turns wins if it did; a zone held at its turn; points when a side has no
// ship left or at the turn limit; at the turn limit, anything undecided is
// a draw.
func (b *Battle) decideEndOfTurn() {
	lim := b.setup.TurnLimit
	atLimit := lim > 0 && b.st.Turn >= lim
	for _, c := range b.conditions() {
		switch c.Kind {
		case EliminateAll:
			switch {
			case !b.inPlay(Colonial):
				b.end(Cylon, EliminateAll, EndReason{Kind: EndLastSide, Side: Cylon})
			case !b.inPlay(Cylon):
				b.end(Colonial, EliminateAll, EndReason{Kind: EndLastSide, Side: Colonial})
			}
		case Survive:
			if b.st.Turn >= c.Turns && b.inPlay(c.Side) {
				b.end(c.Side, Survive, EndReason{Kind: EndSurvived, Side: c.Side, Turns: c.Turns})
			}
		case Hold:
			at := c.Turns
			if at == 0 {
				at = lim
			}
			if at > 0 && b.st.Turn == at {
				if h := b.holder(c.Zone); h != "" && (c.Side == "" || c.Side == h) {
					b.end(h, Hold, EndReason{Kind: EndHeld, Side: h, Zone: c.ZoneName, Turns: b.st.Turn})
				}
			}
		case Points:
			switch {
			case !b.inPlay(Colonial) || !b.inPlay(Cylon):
				b.decidePoints(c, TriggerNoShip)
			case atLimit:
				b.decidePoints(c, TriggerTurnLimit)
			}
		}
		if b.st.Phase == Over {
			return
		}
	}
	if atLimit {
		b.end("", "", EndReason{Kind: EndTurnLimit, Turns: lim})
	}
}

// end ends the battle: winner ("" for a draw) by the condition of kind
// cond ("" for the turn limit's draw), for reason.
func (b *Battle) end(winner Side, cond ConditionKind, reason EndReason) {
	b.st.Result = &Result{Winner: winner, Reason: reason, Turn: b.st.Turn}
	b.st.Phase = Over
	b.emit(Event{Kind: EvEnd, Side: winner, Condition: cond, Reason: &reason})
}
