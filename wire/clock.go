package wire

import (
	"fmt"
	"slices"
	"time"

	"github.com/starshipbattles/bsg/battle"
)

// The clock modes a game is created with (ClockSpec.Mode).
const (
	ClockNone           = "none"           // no clock: a game waits for its players
	ClockLive           = "live"           // players at their screens: minutes
	ClockCorrespondence = "correspondence" // a move a day: hours
)

// What happens when a side's time runs out (ClockSpec.OnExpiry).
const (
	// ExpiryStop: the absent side's owed sealed decisions are made for it
	// by the server: every ship owed a plan flies the stand-in plan and
	// a secret declaration is no fire (StandIn); an open declaration is
	// no fire too. A side that owes anything else (an FTL marker, next
	// turn's cards) or has committed and never reveals forfeits: the game
	// is aborted (Abort).
	ExpiryStop = "stop"
	// ExpiryForfeit: once its time and then Grace more have run out, the
	// absent side forfeits (Abort).
	ExpiryForfeit = "forfeit"
)

// ClockSpec is a game's clock, set when the game is created (CreateRequest)
// and measured by the server only: each side has Seconds, refilled every
// turn (Per "turn") or once for the whole game (Per "game"); a side's
// time runs while it owes a commitment, a reveal or an open decision, and
// only once both seats are taken.
type ClockSpec struct {
	Mode     string `json:"mode"`
	Seconds  int    `json:"seconds,omitempty"`   // default: 180 live, 86 400 correspondence
	Per      string `json:"per,omitempty"`       // "turn" (default) or "game"
	OnExpiry string `json:"on_expiry,omitempty"` // ExpiryStop (default) or ExpiryForfeit
	Grace    int    `json:"grace,omitempty"`     // ExpiryForfeit: seconds after the time runs out
}

// MaxClockSeconds bounds a clock's seconds and its grace (30 days).
const MaxClockSeconds = 30 * 24 * 3600

// Normalize fills in the defaults and checks the spec, naming the field.
func (c ClockSpec) Normalize() (ClockSpec, error) {
	switch c.Mode {
	case "", ClockNone:
		return ClockSpec{Mode: ClockNone}, nil
	case ClockLive:
		if c.Seconds == 0 {
			c.Seconds = 180
		}
	case ClockCorrespondence:
		if c.Seconds == 0 {
			c.Seconds = 86_400
		}
	default:
		return c, fmt.Errorf("clock.mode: %q; allowed: none, live, correspondence", c.Mode)
	}
	if c.Per == "" {
		c.Per = "turn"
	}
	if c.OnExpiry == "" {
		c.OnExpiry = ExpiryStop
	}
	switch {
	case c.Per != "turn" && c.Per != "game":
		return c, fmt.Errorf("clock.per: %q; allowed: turn, game", c.Per)
	case c.OnExpiry != ExpiryStop && c.OnExpiry != ExpiryForfeit:
		return c, fmt.Errorf("clock.on_expiry: %q; allowed: stop, forfeit", c.OnExpiry)
	case c.Seconds < 1 || c.Seconds > MaxClockSeconds:
		return c, fmt.Errorf("clock.seconds: %d; allowed: 1 to %d", c.Seconds, MaxClockSeconds)
	case c.Grace < 0 || c.Grace > MaxClockSeconds:
		return c, fmt.Errorf("clock.grace: %d; allowed: 0 to %d", c.Grace, MaxClockSeconds)
	}
	return c, nil
}

// Bank is a side's time for a turn or a game.
func (c ClockSpec) Bank() time.Duration { return time.Duration(c.Seconds) * time.Second }

// Clock is a game's clock as a state shows it: each side's time left
// (negative: run out, in its grace), in milliseconds, and the sides whose
// time runs now, at the server's time At (unix ms): a screen counts down
// from there.
type Clock struct {
	Spec    ClockSpec             `json:"spec"`
	LeftMs  map[battle.Side]int64 `json:"left_ms"`
	Running []battle.Side         `json:"running,omitempty"`
	AtMs    int64                 `json:"at_ms"`
}

// LeftAt is side's time left at now, counted down from AtMs while it
// runs.
func (c Clock) LeftAt(side battle.Side, now time.Time) time.Duration {
	left := time.Duration(c.LeftMs[side]) * time.Millisecond
	if slices.Contains(c.Running, side) && now.UnixMilli() > c.AtMs {
		left -= time.Duration(now.UnixMilli()-c.AtMs) * time.Millisecond
	}
	return left
}

// Abort is how a game ended that the engine did not end: a side that
// forfeits, or a game nobody finished, and why.
type Abort struct {
	// Forfeits is the side that lost by it; the other wins. Empty: the
	// game ended with no result (nobody wins; AbortNotJoined, or
	// AbortAbandoned by both sides).
	Forfeits battle.Side `json:"forfeits,omitempty"`
	Turn     int         `json:"turn"`
	// Reason is a stable id: "time" (its time and grace ran out),
	// "no-reveal" (it committed and never opened its commitment),
	// "open-decision" (its time ran out owing a decision the server cannot
	// make for it), "abandoned" (a game without a clock left unplayed past
	// its time: the side that owed a move forfeits; when both owed one,
	// no result), "not-joined" (a seat was never taken: the game never
	// began, no result).
	Reason string `json:"reason"`
}

// Abort reasons.
const (
	AbortTime         = "time"
	AbortNoReveal     = "no-reveal"
	AbortOpenDecision = "open-decision"
	AbortAbandoned    = "abandoned"
	AbortNotJoined    = "not-joined"
)

// Text says how the game ended, naming the sides with name (nil: their
// ids): for the screens and bsg bot.
func (a Abort) Text(name func(battle.Side) string) string {
	if name == nil {
		name = func(s battle.Side) string { return string(s) }
	}
	if a.Forfeits == "" {
		switch a.Reason {
		case AbortNotJoined:
			return "The game was called off: a seat was never taken. No result."
		case AbortAbandoned:
			return fmt.Sprintf("The game was abandoned on turn %d: neither side played on. No result.", a.Turn)
		}
		return fmt.Sprintf("The game ended on turn %d with no result (%s).", a.Turn, a.Reason)
	}
	why := map[string]string{
		AbortTime:         "its time ran out",
		AbortNoReveal:     "it committed and never revealed its plan",
		AbortOpenDecision: "its time ran out owing a decision",
		AbortAbandoned:    "it left the game unplayed",
	}[a.Reason]
	if why == "" {
		why = a.Reason
	}
	return fmt.Sprintf("The game ended on turn %d: the %s side forfeits (%s); the %s side wins.", a.Turn, name(a.Forfeits), why, name(a.Forfeits.Opponent()))
}
