package battle

import (
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// Counter is a damage or collision counter (Fire!; Critical hits and
// special damage; Asteroid fields).
type Counter struct {
	Value   int    `json:"value"`
	Plus    bool   `json:"plus,omitempty"`
	Special string `json:"special,omitempty"` // engine, control, pilot, hull
}

func (c Counter) String() string {
	s := fmt.Sprint(c.Value)
	if c.Plus {
		s += "+"
	}
	if c.Special != "" {
		s += " " + c.Special
	}
	return s
}

// parseCounter reads a counter written as String writes it.
func parseCounter(s string) (Counter, error) {
	var c Counter
	fields := strings.Fields(s)
	if len(fields) == 0 || len(fields) > 2 {
		return c, fmt.Errorf("counter %q: write it as VALUE[+] [engine|control|pilot|hull]", s)
	}
	v := fields[0]
	if strings.HasSuffix(v, "+") {
		c.Plus, v = true, strings.TrimSuffix(v, "+")
	}
	if _, err := fmt.Sscan(v, &c.Value); err != nil {
		return c, fmt.Errorf("counter %q: the value is not a number", s)
	}
	if len(fields) == 2 {
		c.Special = fields[1]
	}
	return c, nil
}

// fullCup returns every counter of a kind, expanded by count, in data order.
func fullCup(kinds []assets.DamageCounter) []Counter {
	n := 0
	for _, k := range kinds {
		n += max(k.Count, 0)
	}
	var cup []Counter
	if n > 0 {
		cup = make([]Counter, 0, n)
	}
	for _, k := range kinds {
		for i := 0; i < k.Count; i++ {
			cup = append(cup, Counter{Value: k.Value, Plus: k.Plus, Special: k.Special})
		}
	}
	return cup
}

// Phase is where the turn stands: what the engine waits for.
type Phase string

// The phases of a turn.
const (
	Setting    Phase = "setting"     // set up, waiting for the begin command (companion mode)
	Planning   Phase = "planning"    // each side commits its ships' plans
	Revealing  Phase = "revealing"   // all plans are in: waiting for the reveal
	PlacingFTL Phase = "placing-ftl" // jumping ships' owners place their markers
	Declaring  Phase = "declaring"   // each side declares its shots
	// Aligning (companion mode): a movement step is over; the players
	// set the twin where the models stand (pose) and go on (aligned).
	Aligning    Phase = "aligning"
	Preplanning Phase = "preplanning" // severely wounded pilots plan next turn's cards
	Over        Phase = "over"        // the battle is decided
)

// Shot is one declared attack.
type Shot struct {
	Shooter string `json:"shooter"`
	Target  string `json:"target"`
}

// ShipState is everything about one ship in a battle. Some of it is
// secret from the other side; View decides what each side sees.
type ShipState struct {
	ID      string   `json:"id"`
	Class   string   `json:"class"`
	Side    Side     `json:"side"`
	Talents []string `json:"talents,omitempty"`
	Flaws   []string `json:"flaws,omitempty"`
	// PilotCard is the id of the named pilot flying the ship, "" for a
	// pilot token (Pilot cards).
	PilotCard string         `json:"pilot_card,omitempty"`
	Ship      starship.State `json:"ship"`
	Enters    int            `json:"enters,omitempty"` // the turn it enters (0: from the start)
	// EntersByFTL: it enters play by an FTL jump to the marker at its pose.
	EntersByFTL bool   `json:"enters_by_ftl,omitempty"`
	OnTable     bool   `json:"on_table"`
	Out         bool   `json:"out"` // eliminated
	OutTurn     int    `json:"out_turn,omitempty"`
	Cause       string `json:"cause,omitempty"`
	// ExitEdge is the edge the base first crossed when the ship moved out
	// of the playing area.
	ExitEdge Edge `json:"exit_edge,omitempty"`

	Counters   []Counter `json:"counters,omitempty"`   // damage counters, face down
	Collisions []Counter `json:"collisions,omitempty"` // collision counters, face down
	// Pending special damage takes effect from the next step (Special
	// damage: firing is simultaneous).
	Pending starship.Damage `json:"pending"`

	Plan      *starship.Plan    `json:"plan,omitempty"`       // committed, secret until the reveal
	NextCards []string          `json:"next_cards,omitempty"` // a severely wounded pilot's cards for next turn
	Outcome   *starship.Outcome `json:"outcome,omitempty"`    // the revealed move
	Marker    *physics.Pose     `json:"marker,omitempty"`     // FTL marker
	// LeavesByFTL: the owner uses this turn's jump to leave the playing
	// area (Faster-than-light movement).
	LeavesByFTL bool `json:"leaves_by_ftl,omitempty"`
	Revealed    bool `json:"revealed"`
	FirstSeen   bool `json:"first_seen,omitempty"` // its first card shown to a tailer

	Tailing         string `json:"tailing,omitempty"`  // the ship it tails this turn: it sees that ship's first card
	WaitFor         string `json:"wait_for,omitempty"` // the ship that plans before it (Tailing: the planning order)
	Fired           bool   `json:"fired"`
	NoFire          bool   `json:"no_fire,omitempty"`       // Quick Start overlap: no fire this turn
	NoFireStep1     bool   `json:"no_fire_step1,omitempty"` // arrived by FTL: not in the first firing step
	ChangedCD       bool   `json:"changed_direction,omitempty"`
	GotCounter      bool   `json:"got_counter,omitempty"`       // received a counter this turn (Aiming)
	CounterLastTurn bool   `json:"counter_last_turn,omitempty"` // and so gets no aiming bonus this turn
	AimTarget       string `json:"aim_target,omitempty"`
	AimHit          bool   `json:"aim_hit,omitempty"`
	AimTurn         int    `json:"aim_turn,omitempty"`
	TalentUses      []Use  `json:"talent_uses,omitempty"`    // use counters on talent and flaw cards
	UsedThisTurn    []Use  `json:"used_this_turn,omitempty"` // talents used this turn
	// Flaws the opponent tried this turn, and those that took effect.
	FlawsTried  []string `json:"flaws_tried,omitempty"`
	FlawsActive []string `json:"flaws_active,omitempty"`
}

// Use counts a talent's or flaw's activations.
type Use struct {
	Card  string `json:"card"`
	Count int    `json:"count"`
}

// Damage returns the total value of the ship's counters.
func (s ShipState) Damage() int {
	t := 0
	for _, c := range s.Counters {
		t += c.Value
	}
	for _, c := range s.Collisions {
		t += c.Value
	}
	return t
}

// Active reports whether the ship is on the table and not eliminated.
func (s ShipState) Active() bool { return s.OnTable && !s.Out }

// Result is how a battle ended.
type Result struct {
	Winner Side      `json:"winner"` // "" for a draw
	Reason EndReason `json:"reason"`
	Turn   int       `json:"turn"`
}

// State is the whole battle at one moment, as saved and hashed.
type State struct {
	Turn       int         `json:"turn"`
	Step       int         `json:"step"` // movement/firing step in the turn: 1 or 2
	Phase      Phase       `json:"phase"`
	Ships      []ShipState `json:"ships"`
	Cup        []Counter   `json:"cup"`
	Collisions []Counter   `json:"collision_cup"`
	// Declarations in the current firing step, by side; FirstToDeclare is
	// the side drawn to declare openly first (without the Attack
	// declaration rule).
	Declared       []Side `json:"declared,omitempty"`
	Shots          []Shot `json:"shots,omitempty"`
	FirstToDeclare Side   `json:"first_to_declare,omitempty"`
	// FirstToPlace is the side drawn to place its FTL markers first when
	// both sides jump (Faster-than-light movement).
	FirstToPlace Side `json:"first_to_place,omitempty"`
	// Hidden is the side whose declaration lies hidden in hand under the
	// Attack declaration rule until the other side has declared too.
	Hidden Side    `json:"hidden,omitempty"`
	Result *Result `json:"result,omitempty"`
	Events []Event `json:"events"`
}

// DamageCounters returns how many damage counters the game has.
func DamageCounters(comp *assets.Components) int { return len(fullCup(comp.Damage)) }

// CollisionCounters returns how many collision counters the game has.
func CollisionCounters(comp *assets.Components) int { return len(fullCup(comp.Collision)) }
