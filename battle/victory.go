package battle

import "fmt"

// ConditionKind names a victory condition.
type ConditionKind string

// The victory conditions a battle knows.
const (
	// EliminateAll: the last side with ships in play wins; a draw when the
	// last ships of both sides go in the same turn (The Hand of God;
	// Winning the game).
	EliminateAll ConditionKind = "eliminate-all"
	// Survive: Side wins if it still has a ship in play at the end of
	// turn Turns.
	Survive ConditionKind = "survive"
	// Destroy: Side wins when the enemy ship Ship is eliminated.
	Destroy ConditionKind = "destroy"
)

// Condition is one victory condition, as data.
type Condition struct {
	Kind  ConditionKind `json:"kind"`
	Side  Side          `json:"side,omitempty"`
	Ship  string        `json:"ship,omitempty"`
	Turns int           `json:"turns,omitempty"`
}

// Victory is a battle's victory conditions, checked in order; the first
// that decides the battle ends it. Empty means EliminateAll.
type Victory []Condition

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
				b.end("", "the last ships of both sides went in the same turn")
			}
		case Destroy:
			if i, ok := b.ids[c.Ship]; ok && b.st.Ships[i].Out {
				b.end(c.Side, fmt.Sprintf("%s is destroyed", c.Ship))
			}
		}
		if b.st.Phase == Over {
			return
		}
	}
}

// decideEndOfTurn checks the conditions decided at the end of a turn: the
// last side with ships in play wins; a side that had to survive this many
// turns wins if it did; at the turn limit, anything undecided is a draw.
func (b *Battle) decideEndOfTurn() {
	for _, c := range b.conditions() {
		switch {
		case c.Kind == EliminateAll && !b.inPlay(Colonial):
			b.end(Cylon, "only Cylon ships remain")
			return
		case c.Kind == EliminateAll && !b.inPlay(Cylon):
			b.end(Colonial, "only Colonial ships remain")
			return
		case c.Kind == Survive && b.st.Turn >= c.Turns && b.inPlay(c.Side):
			b.end(c.Side, fmt.Sprintf("%s survived %d turns", c.Side, c.Turns))
			return
		}
	}
	if lim := b.setup.TurnLimit; lim > 0 && b.st.Turn >= lim {
		b.end("", fmt.Sprintf("the turn limit (%d) is reached", lim))
	}
}

func (b *Battle) end(winner Side, reason string) {
	b.st.Result = &Result{Winner: winner, Reason: reason, Turn: b.st.Turn}
	b.st.Phase = Over
	if winner == "" {
		b.log("The battle is a draw: %s.", reason)
	} else {
		b.log("%s wins: %s.", winner, reason)
	}
}
