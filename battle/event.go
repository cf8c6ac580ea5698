package battle

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// EventKind says what happened; it decides which fields of an Event are
// set. Consumers switch on it and read the fields; the sentence a player
// reads is rendered from them (Event.Text, Event.Render) and never parsed.
type EventKind string

// The kinds of event the engine records, with the fields each sets
// besides Turn. Side is the side the event concerns where one does; a
// Secret event is read only by Side. Ship is "the ship" of the sentence,
// Other the second ship or obstacle.
const (
	// EvTurn: a turn begins (Turn).
	EvTurn EventKind = "turn"
	// EvEnters: Ship enters the table by an edge on its turn (Deploying).
	EvEnters EventKind = "enters"
	// EvTailRoll: Ship's pilot (Pilot) rolls Dice for tailing and needs
	// Need; it failed: no tailing (Tailing).
	EvTailRoll EventKind = "tail-roll"
	// EvTailing: Ship tails Other this turn.
	EvTailing EventKind = "tailing"
	// EvTailCircle: the ships in Ships tail one another in a circle; Ship,
	// drawn, plans first.
	EvTailCircle EventKind = "tail-circle"
	// EvTailDeclined: Ship declines to tail Other.
	EvTailDeclined EventKind = "tail-declined"
	// EvTailChosen: Ship chooses to tail Other.
	EvTailChosen EventKind = "tail-chosen"
	// EvPlanned: Ship has committed its plan (the plan stays secret).
	EvPlanned EventKind = "planned"
	// EvFirstCard (secret to Side, the tailer's): Ship, tailed by Other,
	// shows its first card Card.
	EvFirstCard EventKind = "first-card"
	// EvPlansIn: every plan is committed.
	EvPlansIn EventKind = "plans-in"
	// EvWithdrawn: Ship withdraws its plan.
	EvWithdrawn EventKind = "withdrawn"
	// EvPanelFTL: Ship's control panel is at FTL: it jumps
	// (Faster-than-light movement).
	EvPanelFTL EventKind = "panel-ftl"
	// EvFirstToPlace: Side places its FTL markers first.
	EvFirstToPlace EventKind = "first-to-place"
	// EvRevealed: Ship's plan is revealed: Cards at Speed.
	EvRevealed EventKind = "revealed"
	// EvIllegal: Ship's plan breaks the rules in Rules; it flies Cards at
	// Speed and draws Count damage counters (Special cases: Illegal moves).
	EvIllegal EventKind = "illegal"
	// EvJumpIllegal: Ship's jump is illegal: its FTL marker is taken away.
	EvJumpIllegal EventKind = "jump-illegal"
	// EvWillLeave: Ship will use its jump to leave the playing area.
	EvWillLeave EventKind = "will-leave"
	// EvMarkerPlaced: Ship's FTL marker is placed at At.
	EvMarkerPlaced EventKind = "marker-placed"
	// EvPreplanned: Ship's severely wounded pilot has planned next turn's
	// cards (Special damage).
	EvPreplanned EventKind = "preplanned"
	// EvFTLEntry: Ship enters play by FTL at the marker At, rolling Dice
	// (two for the side, one for the centimetres ahead).
	EvFTLEntry EventKind = "ftl-entry"
	// EvJumpOut: Ship jumps out of the playing area.
	EvJumpOut EventKind = "jump-out"
	// EvFTLRoll: Ship jumps to its marker At, rolling Dice (two for the
	// marker's side, one for the centimetres ahead).
	EvFTLRoll EventKind = "ftl-roll"
	// EvMoveStep: movement step Step begins (no sentence: a mark for
	// playback).
	EvMoveStep EventKind = "move-step"
	// EvLevel: in movement step Step, Ship changes from level From to
	// level Level, adding 3 to its kinetic energy this turn; Out when
	// Level lies beyond the levels of play, which the ship leaves
	// (Moving between levels). Public: the table shows the level.
	EvLevel EventKind = "level"
	// EvCrossesEdge: Ship's base crosses the Edge edge at At, Distance mm
	// beyond at most.
	EvCrossesEdge EventKind = "crosses-edge"
	// EvSlides: Ship overlaps another ship and slides Distance mm ahead
	// (Quick Start Rules: overlapping).
	EvSlides EventKind = "slides"
	// EvOnPlanetoid: Ship ends its move on the planetoid Other.
	EvOnPlanetoid EventKind = "on-planetoid"
	// EvAsteroids: Ship moves inside an asteroid field of density Density.
	EvAsteroids EventKind = "asteroids"
	// EvJumpsOnto: Ship arrives by FTL onto Other.
	EvJumpsOnto EventKind = "jumps-onto"
	// EvMovesOn: Ship moves on Distance mm to clear what it arrived on.
	EvMovesOn EventKind = "moves-on"
	// EvCupEmpty: the Cup is empty: Ship gets no counter for Why (Other),
	// or no second counter when Second.
	EvCupEmpty EventKind = "cup-empty"
	// EvDamage: Ship draws Count damage counters for Why (Other).
	EvDamage EventKind = "damage"
	// EvCounters (secret to Side, the owner's): Ship's new damage counters
	// Counters; its total damage is now Damage.
	EvCounters EventKind = "counters"
	// EvCollision: Ship draws Count collision counters for Why (Other) and
	// keeps Kept (Asteroid fields; Planetoids).
	EvCollision EventKind = "collision"
	// EvCollisionKept (secret to Side, the owner's): Ship keeps the
	// collision counters Counters; its total damage is now Damage.
	EvCollisionKept EventKind = "collision-kept"
	// EvEliminated: Ship is eliminated for Cause with damage Damage
	// (Elimination of a spaceship).
	EvEliminated EventKind = "eliminated"
	// EvCrippled: Ship is crippled (Special damage: hull).
	EvCrippled EventKind = "crippled"
	// EvFiringStep: firing step Step begins; Side, when set, was drawn to
	// declare first.
	EvFiringStep EventKind = "firing-step"
	// EvNoFire: firing step Step is played without shots: no ship has an
	// enemy it may fire at (in its fire arc, in range and in sight), so
	// nobody declares (Choosing a target; The turn). It takes the place
	// of EvFiringStep for that step.
	EvNoFire EventKind = "no-fire"
	// EvDeclaration: Side declares Shots (none: it holds fire). Secret to
	// Side while the other side has not declared (Attack declaration).
	EvDeclaration EventKind = "declaration"
	// EvDeclaredHidden: Side has declared; the declarations are shown when
	// both sides have (Attack declaration).
	EvDeclaredHidden EventKind = "declared-hidden"
	// EvReroll: Ship misses with Dice and rolls again (a talent).
	EvReroll EventKind = "reroll"
	// EvAttack: Ship fires at Other, rolling Dice against Need, its
	// attack value; Attack holds the range, modifiers and hits (Fire!).
	EvAttack EventKind = "attack"
	// EvPreplanning: severely wounded pilots plan next turn's cards now.
	EvPreplanning EventKind = "preplanning"
	// EvTalent: Ship's pilot uses the talent Card (Name).
	EvTalent EventKind = "talent"
	// EvFlawTried: Side tries Ship's flaw Card (Name) with Dice, needs
	// Need: nothing happens (Using pilot flaws).
	EvFlawTried EventKind = "flaw-tried"
	// EvFlaw: Side activates Ship's flaw Card (Name) with Dice: Effect.
	EvFlaw EventKind = "flaw"
	// EvEnd: the battle ends: Side wins (none: a draw) by a condition of
	// kind Condition ("" for the turn limit's draw), for Reason.
	EvEnd EventKind = "end"
	// EvPoseCorrected (companion mode): Side's Ship was set to where its
	// model stands, its stand now At, Distance mm from where the twin had it.
	EvPoseCorrected EventKind = "pose-corrected"
	// EvTakenBack (companion mode): Count journal entries were taken back
	// at Side's proposal, with the other player's consent.
	EvTakenBack EventKind = "taken-back"
)

// DrawReason is why a ship draws counters.
type DrawReason string

// The reasons for drawing counters.
const (
	ReasonHit        DrawReason = "hit"         // a hit by Other (Fire!)
	ReasonIllegal    DrawReason = "illegal"     // the illegal move (Special cases: Illegal moves)
	ReasonPlanetoid  DrawReason = "planetoid"   // hitting the planetoid Other (Planetoids)
	ReasonAsteroids  DrawReason = "asteroids"   // moving in an asteroid field (Asteroid fields)
	ReasonArrival    DrawReason = "arrival"     // Other's FTL arrival onto it
	ReasonFTLArrival DrawReason = "ftl-arrival" // its own FTL arrival onto something
)

// Phrase is the reason as the engine's sentences say it ("a hit by
// raider-1"), for a screen that renders its own line from an event.
func (r DrawReason) Phrase(other string) string { return r.phrase(other) }

// phrase is the reason as the sentences say it.
func (r DrawReason) phrase(other string) string {
	switch r {
	case ReasonHit:
		return "a hit by " + other
	case ReasonIllegal:
		return "the illegal move"
	case ReasonPlanetoid:
		return "hitting " + other
	case ReasonAsteroids:
		return "asteroids"
	case ReasonArrival:
		return other + "'s arrival"
	case ReasonFTLArrival:
		return "its FTL arrival"
	}
	return string(r)
}

// Event is one thing that happened, as data: a Kind and the fields that
// kind sets (see the EventKind constants), with who may read it: Secret
// events are read only by Side (a damage counter's value). An event
// visible to a side carries nothing that side may not know. Neither a
// player's screen nor a server's message may carry an event VisibleTo
// does not allow. The sentence is rendered from the fields (Text, Render).
type Event struct {
	Turn   int       `json:"turn"`
	Kind   EventKind `json:"kind"`
	Side   Side      `json:"side,omitempty"`   // the side it concerns
	Secret bool      `json:"secret,omitempty"` // only that side may read it
	Ship   string    `json:"ship,omitempty"`
	Other  string    `json:"other,omitempty"`
	Step   int       `json:"step,omitempty"` // a movement or firing step: 1 or 2
	Dice   []int     `json:"dice,omitempty"`
	Need   int       `json:"need,omitempty"` // what the dice had to reach
	Count  int       `json:"count,omitempty"`
	Kept   int       `json:"kept,omitempty"`
	// Why a ship draws counters, Cause of an elimination (the Cause
	// constants), Reason of the battle's end (EvEnd: Result.Reason).
	Why    DrawReason `json:"why,omitempty"`
	Cause  string     `json:"cause,omitempty"`
	Reason *EndReason `json:"reason,omitempty"`
	// Condition is the kind of victory condition that ended the battle.
	Condition ConditionKind   `json:"condition,omitempty"`
	Cup       string          `json:"cup,omitempty"` // "damage" or "collision"
	Second    bool            `json:"second,omitempty"`
	Damage    int             `json:"damage,omitempty"` // a ship's total damage
	Counters  []Counter       `json:"counters,omitempty"`
	Shots     []Shot          `json:"shots,omitempty"`
	Ships     []string        `json:"ships,omitempty"`
	Card      string          `json:"card,omitempty"`   // a maneuver card, a talent's or a flaw's id
	Name      string          `json:"name,omitempty"`   // a talent's or a flaw's name
	Effect    string          `json:"effect,omitempty"` // a flaw's effect
	Cards     []string        `json:"cards,omitempty"`
	Speed     maneuvers.Speed `json:"speed,omitempty"`
	Rules     []string        `json:"rules,omitempty"` // the rules an illegal plan breaks
	Pilot     starship.Pilot  `json:"pilot,omitempty"`
	Edge      Edge            `json:"edge,omitempty"`
	Density   string          `json:"density,omitempty"`
	At        *physics.Vec    `json:"at,omitempty"`
	Distance  float64         `json:"mm,omitempty"`
	// Level is the level a ship reaches, From the level it left (EvLevel).
	Level  int     `json:"level,omitempty"`
	From   int     `json:"from,omitempty"`
	Out    bool    `json:"out,omitempty"` // beyond the levels of play
	Attack *Attack `json:"attack,omitempty"`
}

// Attack is what an attack roll adds to its event (Fire!; Modifiers to
// combat; Rolling doubles).
type Attack struct {
	Range     float64    `json:"range"` // mm, stand to stand
	Modifiers []Modifier `json:"modifiers,omitempty"`
	Hits      int        `json:"hits"`
	Split     bool       `json:"split,omitempty"` // doubles split: two hits
}

// Total is the attack roll: the dice and the modifiers.
func (e Event) Total() int {
	t := 0
	for _, d := range e.Dice {
		t += d
	}
	if e.Attack != nil {
		for _, m := range e.Attack.Modifiers {
			t += m.Value
		}
	}
	return t
}

// VisibleTo reports whether side may read the event: public events, and
// the secret events of that side.
func (e Event) VisibleTo(side Side) bool { return !e.Secret || e.Side == side }

// Render is the sentence side reads for the event, "" when side may not
// read it or the event has no sentence (EvMoveStep). This is the one place
// where events become text.
func (e Event) Render(side Side) string {
	if !e.VisibleTo(side) {
		return ""
	}
	return e.Text()
}

// Text is the event's sentence whoever reads it, "" for an event without
// one. Only for whoever may read the event (the referee's record, or
// after VisibleTo); a screen calls Render.
func (e Event) Text() string {
	d := func(i int) int {
		if i < len(e.Dice) {
			return e.Dice[i]
		}
		return 0
	}
	xy := func() (float64, float64) {
		if e.At == nil {
			return 0, 0
		}
		return e.At.X, e.At.Y
	}
	switch e.Kind {
	case EvTurn:
		return "Turn " + strconv.Itoa(e.Turn) + " begins."
	case EvEnters:
		return e.Ship + " enters the table."
	case EvTailRoll:
		return fmt.Sprintf("%s (%s) rolls %d+%d for tailing, needs %d: no tailing.", e.Ship, e.Pilot, d(0), d(1), e.Need)
	case EvTailing:
		return e.Ship + " is tailing " + e.Other + "."
	case EvTailCircle:
		return "Tailing circle " + strings.Join(e.Ships, " → ") + ": " + e.Ship + " plans first."
	case EvTailDeclined:
		return e.Ship + " declines to tail " + e.Other + "."
	case EvTailChosen:
		return e.Ship + " chooses to tail " + e.Other + "."
	case EvPlanned:
		return e.Ship + " has planned."
	case EvFirstCard:
		return e.Ship + " (tailed by " + e.Other + ") shows its first card: " + e.Card + "."
	case EvPlansIn:
		return "All plans are in."
	case EvWithdrawn:
		return e.Ship + " withdraws its plan."
	case EvPanelFTL:
		return e.Ship + "'s control panel is at FTL: it jumps."
	case EvFirstToPlace:
		return string(e.Side) + " places its FTL markers first."
	case EvRevealed:
		return e.Ship + " reveals " + strings.Join(e.Cards, " + ") + " at " + string(e.Speed) + "."
	case EvIllegal:
		return fmt.Sprintf("%s's plan is illegal (%s): it flies %s at %s and draws %d damage counter(s).",
			e.Ship, strings.Join(e.Rules, ", "), strings.Join(e.Cards, " + "), e.Speed, e.Count)
	case EvJumpIllegal:
		return e.Ship + "'s jump is illegal: its FTL marker is taken away."
	case EvWillLeave:
		return e.Ship + " will jump out of the playing area."
	case EvMarkerPlaced:
		x, y := xy()
		return fmt.Sprintf("%s's FTL marker is placed at (%.0f, %.0f).", e.Ship, x, y)
	case EvPreplanned:
		return e.Ship + "'s severely wounded pilot has planned next turn's cards."
	case EvFTLEntry:
		x, y := xy()
		return fmt.Sprintf("%s enters play by FTL at the marker (%.0f, %.0f): it rolls %d+%d for the side and %d cm ahead.", e.Ship, x, y, d(0), d(1), d(2))
	case EvJumpOut:
		return e.Ship + " jumps out of the playing area."
	case EvFTLRoll:
		return fmt.Sprintf("%s rolls %d+%d for the marker's side and %d cm ahead.", e.Ship, d(0), d(1), d(2))
	case EvMoveStep:
		return ""
	case EvPoseCorrected:
		x, y := xy()
		return fmt.Sprintf("%s is set where its model stands: (%.0f, %.0f), %.1f mm from the engine's pose.", e.Ship, x, y, e.Distance)
	case EvTakenBack:
		return fmt.Sprintf("By agreement, the last %d entries of the journal are taken back (proposed by the %s player).", e.Count, e.Side)
	case EvLevel:
		verb := "climbs"
		if e.Level < e.From {
			verb = "dives"
		}
		if e.Out {
			return fmt.Sprintf("%s %s from level %d beyond the levels of play and is out.", e.Ship, verb, e.From)
		}
		return fmt.Sprintf("%s %s from level %d to level %d: +3 kinetic energy this turn (Moving between levels).", e.Ship, verb, e.From, e.Level)
	case EvCrossesEdge:
		x, y := xy()
		return fmt.Sprintf("%s crosses the %s edge at (%.0f, %.0f), %.1f mm beyond at most.", e.Ship, e.Edge, x, y, e.Distance)
	case EvSlides:
		return fmt.Sprintf("%s overlaps and slides %.1f mm ahead.", e.Ship, e.Distance)
	case EvOnPlanetoid:
		return e.Ship + " ends its move on the planetoid " + e.Other + "."
	case EvAsteroids:
		return e.Ship + " moves inside a " + e.Density + " asteroid field."
	case EvJumpsOnto:
		return e.Ship + " jumps onto " + e.Other + "."
	case EvMovesOn:
		return fmt.Sprintf("%s moves on %.1f mm to clear.", e.Ship, e.Distance)
	case EvCupEmpty:
		return "The cup is empty: no counter for " + e.cupFor() + "."
	case EvDamage:
		return e.Ship + " draws " + strconv.Itoa(e.Count) + " damage counter(s) for " + e.Why.phrase(e.Other) + "."
	case EvCounters:
		return e.Ship + "'s counters: " + counterList(e.Counters) + " (total damage " + strconv.Itoa(e.Damage) + ")."
	case EvCollision:
		if e.Count > e.Kept {
			return fmt.Sprintf("%s draws %d collision counters for %s and keeps %d.", e.Ship, e.Count, e.Why.phrase(e.Other), e.Kept)
		}
		return fmt.Sprintf("%s takes %d collision counter(s) for %s.", e.Ship, e.Kept, e.Why.phrase(e.Other))
	case EvCollisionKept:
		return e.Ship + " keeps collision counters " + counterList(e.Counters) + " (total damage " + strconv.Itoa(e.Damage) + ")."
	case EvEliminated:
		return e.Ship + " is eliminated: " + e.Cause + " (damage " + strconv.Itoa(e.Damage) + ")."
	case EvCrippled:
		return e.Ship + " is crippled."
	case EvFiringStep:
		if e.Side != "" {
			return "Firing step " + strconv.Itoa(e.Step) + ": " + string(e.Side) + " declares first."
		}
		return "Firing step " + strconv.Itoa(e.Step) + ": declare your shots."
	case EvNoFire:
		return "Firing step " + strconv.Itoa(e.Step) + ": no ship can fire (none has an enemy in its fire arc, in range and in sight)."
	case EvDeclaration:
		if len(e.Shots) == 0 {
			return string(e.Side) + " holds fire."
		}
		parts := make([]string, len(e.Shots))
		for i, sh := range e.Shots {
			parts[i] = sh.Shooter + " at " + sh.Target
		}
		return string(e.Side) + " declares: " + strings.Join(parts, ", ") + "."
	case EvDeclaredHidden:
		return string(e.Side) + " has declared; the declarations are shown when both sides have."
	case EvReroll:
		return fmt.Sprintf("%s misses with %d+%d and rolls again.", e.Ship, d(0), d(1))
	case EvAttack:
		return e.attackText()
	case EvPreplanning:
		return "Severely wounded pilots plan next turn's cards now."
	case EvTalent:
		return e.Ship + "'s pilot uses " + e.Name + "."
	case EvFlawTried:
		return fmt.Sprintf("%s tries %s's %s: %d+%d, needs %d: nothing happens.", e.Side, e.Ship, e.Name, d(0), d(1), e.Need)
	case EvFlaw:
		return fmt.Sprintf("%s activates %s's %s with %d+%d: %s.", e.Side, e.Ship, e.Name, d(0), d(1), e.Effect)
	case EvEnd:
		why := ""
		if e.Reason != nil {
			why = e.Reason.Text()
		}
		if e.Side == "" {
			return "The battle is a draw: " + why + "."
		}
		return string(e.Side) + " wins: " + why + "."
	}
	return fmt.Sprintf("(an event of kind %q)", e.Kind)
}

// cupFor is what an empty cup denied, as the sentence says it.
func (e Event) cupFor() string {
	switch {
	case e.Second:
		return e.Ship + "'s second damage counter"
	case e.Cup == "collision":
		return e.Ship + "'s collision (" + e.Why.phrase(e.Other) + ")"
	}
	return e.Ship + "'s damage (" + e.Why.phrase(e.Other) + ")"
}

// attackText is an attack's sentence: the dice, the modifiers, the total
// against the attack value, the result.
func (e Event) attackText() string {
	a := Attack{}
	if e.Attack != nil {
		a = *e.Attack
	}
	mtext := ""
	if len(a.Modifiers) > 0 {
		names := make([]string, len(a.Modifiers))
		for i, m := range a.Modifiers {
			names[i] = fmt.Sprintf("%s %+d", m.Name, m.Value)
		}
		mtext = " (" + strings.Join(names, ", ") + ")"
	}
	how := "misses"
	switch {
	case a.Split:
		how = "splits the doubles: two hits"
	case a.Hits == 1:
		how = "hits"
	}
	d0, d1 := 0, 0
	if len(e.Dice) == 2 {
		d0, d1 = e.Dice[0], e.Dice[1]
	}
	return fmt.Sprintf("%s fires at %s at %.1f mm: %d+%d%s = %d against %d: %s.", e.Ship, e.Other, a.Range, d0, d1, mtext, e.Total(), e.Need, how)
}

// counterList is counters as the sentences list them.
func counterList(cs []Counter) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.String()
	}
	return strings.Join(names, ", ")
}
