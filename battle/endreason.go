package battle

import (
	"encoding/json"
	"fmt"
	"strings"
)

// EndKind says why a battle ended (Winning the game; the scenario's
// victory conditions); it decides which fields of an EndReason are set.
type EndKind string

// The ways a battle ends, with the fields each sets.
const (
	// EndBothGone: the last ships of both sides went in the same turn: a
	// draw (Winning the game).
	EndBothGone EndKind = "both-gone"
	// EndLastSide: only Side's ships remain (Winning the game).
	EndLastSide EndKind = "last-side"
	// EndShipOut: Ship, which a destroy condition names, is out: destroyed
	// (Cause CauseDestroyed) or eliminated for Cause (Elimination of a
	// spaceship).
	EndShipOut EndKind = "ship-out"
	// EndShipLeft: Ship left as a leave condition asks: by the Edge edge,
	// or by FTL when Edge is "" (Faster-than-light movement).
	EndShipLeft EndKind = "ship-left"
	// EndSurvived: Side survived Turns turns.
	EndSurvived EndKind = "survived"
	// EndHeld: Side holds the zone Zone at the end of turn Turns.
	EndHeld EndKind = "held"
	// EndPoints: the winner has Points points to the loser's Against,
	// decided when Trigger happened (Target points reached, a side with
	// no ship left, the turn limit).
	EndPoints EndKind = "points"
	// EndPointsTie: both sides reached Target points together: a draw.
	EndPointsTie EndKind = "points-tie"
	// EndTurnLimit: the turn limit, Turns, is reached undecided: a draw.
	EndTurnLimit EndKind = "turn-limit"
)

// PointsTrigger is what made a points condition decide (EndPoints).
type PointsTrigger string

// The moments points decide a battle.
const (
	TriggerTarget    PointsTrigger = "target"     // a side reached Target points
	TriggerNoShip    PointsTrigger = "no-ship"    // a side has no ship left
	TriggerTurnLimit PointsTrigger = "turn-limit" // the turn limit is reached
)

// EndReason is why a battle ended, as data: a Kind and the fields that
// kind sets (see the EndKind constants). Text renders it; nothing reads
// it back from words.
type EndReason struct {
	Kind    EndKind       `json:"kind"`
	Side    Side          `json:"side,omitempty"`
	Ship    string        `json:"ship,omitempty"`
	Cause   string        `json:"cause,omitempty"` // an elimination's Cause constant
	Edge    Edge          `json:"edge,omitempty"`
	Zone    string        `json:"zone,omitempty"`
	Turns   int           `json:"turns,omitempty"`
	Target  int           `json:"target,omitempty"`
	Points  int           `json:"points,omitempty"`
	Against int           `json:"against,omitempty"`
	Trigger PointsTrigger `json:"trigger,omitempty"`

	// words is the reason as a file of an older format wrote it (a
	// sentence; Kind is then ""): read from such a file, never made.
	words string
	// asWords marshals the reason as its sentence, the way formats 1 to
	// 3 hashed it (Battle.HashFormat).
	asWords bool
}

// Text is the reason as the sentences say it ("only Colonial ships
// remain"), the one place it becomes words.
func (r EndReason) Text() string {
	switch r.Kind {
	case "":
		return r.words
	case EndBothGone:
		return "the last ships of both sides went in the same turn"
	case EndLastSide:
		return "only " + capitalized(r.Side) + " ships remain"
	case EndShipOut:
		if r.Cause == CauseDestroyed || r.Cause == "" {
			return r.Ship + " is destroyed"
		}
		return r.Ship + " is eliminated: " + r.Cause
	case EndShipLeft:
		if r.Edge == "" {
			return r.Ship + " jumped away by FTL"
		}
		return fmt.Sprintf("%s left by the %s edge", r.Ship, r.Edge)
	case EndSurvived:
		return fmt.Sprintf("%s survived %d turns", r.Side, r.Turns)
	case EndHeld:
		return fmt.Sprintf("%s holds %s at the end of turn %d", r.Side, r.Zone, r.Turns)
	case EndPoints:
		why := "the turn limit is reached"
		switch r.Trigger {
		case TriggerTarget:
			why = fmt.Sprintf("%d points reached", r.Target)
		case TriggerNoShip:
			why = "a side has no ship left"
		}
		return fmt.Sprintf("%s: %d points to %d", why, r.Points, r.Against)
	case EndPointsTie:
		return fmt.Sprintf("both sides reached %d points together", r.Target)
	case EndTurnLimit:
		return fmt.Sprintf("the turn limit (%d) is reached", r.Turns)
	}
	return fmt.Sprintf("(an end of kind %q)", r.Kind)
}

// endReasonFields is EndReason's JSON without its methods.
type endReasonFields EndReason

// MarshalJSON writes the reason's fields; for the hash of an older
// format, its sentence.
func (r EndReason) MarshalJSON() ([]byte, error) {
	if r.asWords || r.Kind == "" {
		return json.Marshal(r.Text())
	}
	return json.Marshal(endReasonFields(r))
}

// UnmarshalJSON reads the reason's fields, or the sentence an older
// format wrote (a wire record of format 3 or before).
func (r *EndReason) UnmarshalJSON(data []byte) error {
	var words string
	if err := json.Unmarshal(data, &words); err == nil {
		*r = EndReason{words: words}
		return nil
	}
	var f endReasonFields
	if err := json.Unmarshal(data, &f); err != nil {
		return err
	}
	*r = EndReason(f)
	return nil
}

// capitalized is a side's name with a capital, as a sentence's adjective
// ("Colonial ships").
func capitalized(s Side) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(string(s[:1])) + string(s[1:])
}

// String is Text, for fmt's verbs.
func (r EndReason) String() string { return r.Text() }
