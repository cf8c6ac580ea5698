package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Version is the protocol version a client names when it connects.
const Version = 1

// MaxMessage is the largest message, in bytes, a server or client reads.
const MaxMessage = limits.MessageBytes

// The client's message types.
const (
	TypeCommit = "commit" // a commitment to a side's sealed commands
	TypeReveal = "reveal" // the commands and nonce that open a commitment
	TypeAct    = "act"    // one open command (tail, ftl, declare when open, preplan; pose in a companion game)
	// A companion game's (played with models on a real table):
	TypeSupply  = "supply"  // the die, pick or counter the game waits for (State.Need)
	TypeUndo    = "undo"    // propose to take back the latest actions
	TypeConsent = "consent" // answer the other player's proposal (an undo, or poses)
	TypePoses   = "poses"   // propose where the other player's models stand (its owner agrees or refuses)
)

// The server's message types.
const (
	TypeState = "state" // the seat's picture of the game, after every change
	TypeAck   = "ack"   // a client message was accepted and stored
	TypeError = "error" // a client message was refused; nothing changed
)

// ClientMsg is every message a player sends. Turn, Step and Phase name the
// moment it is meant for: a message for another moment is refused (so a
// replayed or late message cannot act twice). The side never travels: it
// comes from the seat the connection holds.
type ClientMsg struct {
	ID    int64        `json:"id"` // echoed in the answer
	Type  string       `json:"type"`
	Turn  int          `json:"turn"`
	Step  int          `json:"step"`
	Phase battle.Phase `json:"phase"`
	Round int          `json:"round"` // sealed decisions: the round of commitments it belongs to

	Commitment string           `json:"commitment,omitempty"` // commit: Commit(...) in hex
	Nonce      string           `json:"nonce,omitempty"`      // reveal: NonceSize bytes in hex
	Commands   []battle.Command `json:"commands,omitempty"`   // reveal: the sealed commands
	Command    *battle.Command  `json:"command,omitempty"`    // act
	Supply     *Supply          `json:"supply,omitempty"`     // supply
	Undo       *Undo            `json:"undo,omitempty"`       // undo
	Consent    *Consent         `json:"consent,omitempty"`    // consent
	Poses      *Poses           `json:"poses,omitempty"`      // poses
}

// Supply answers a companion game's Need: exactly one of Value (a die
// rolled on the table, 1 to 6; a pick, 0 to Of−1), Counter (the counter
// drawn from the table's cup; only the side the Need names may supply
// it) and Roll (the app rolls the die, or draws the counter from its
// secret cup).
type Supply struct {
	Value   *int            `json:"value,omitempty"`
	Counter *battle.Counter `json:"counter,omitempty"`
	Roll    bool            `json:"roll,omitempty"`
}

// Undo proposes to take back the Back latest actions of a companion game
// (State.UndoPoints says how many there are); the other player consents
// or declines. A new proposal replaces one not yet answered.
type Undo struct {
	Back int `json:"back"`
}

// Consent answers the other player's proposal: its undo proposal
// (State.Undo), or with Poses its pose proposal (State.Poses).
type Consent struct {
	Agree bool `json:"agree"`
	Poses bool `json:"poses,omitempty"`
}

// Poses proposes where the other player's models stand on the real table
// (a companion game; from a photo, or set on the twin): one pose per ship,
// each a ship of the other player's, and the disputed shot the poses were
// measured for, if any. Only a ship's owner corrects its pose: the other
// player agrees (then the server corrects each pose in order with the
// owner's side, journaled as any correction) or refuses (nothing
// changes). A new proposal replaces the proposer's own proposal not yet
// answered; any action of the game drops it (State.Poses).
type Poses struct {
	Ships []ShipPose    `json:"ships"`
	Shot  *DisputedPair `json:"shot,omitempty"`
}

// ShipPose is where one ship's model is said to stand.
type ShipPose struct {
	Ship string       `json:"ship"`
	Pose physics.Pose `json:"pose"`
}

// DisputedPair names a disputed shot: the attacker and its target.
type DisputedPair struct {
	Attacker string `json:"attacker"`
	Target   string `json:"target"`
}

// PoseOffer is a pose proposal waiting for its owner's answer: who
// proposed it and what (Poses). Poses are public: both seats see it.
type PoseOffer struct {
	By battle.Side `json:"by"`
	Poses
}

// MaxPoses bounds the ships of one pose proposal.
const MaxPoses = 64

// MaxShipID bounds the length of a ship's id in a pose proposal.
const MaxShipID = 64

// Need is the draw a companion game waits for (battle.NeedInput): What
// (battle.DrawDie, DrawPick, DrawCounter) among Of, for what (For, the
// engine's words); a counter is drawn from Cup for Ship, whose owner
// Side alone supplies it; a die is rolled by Side (the attacker, the
// jumping ship's player, …), who alone supplies it. A pick (Side "")
// either player supplies.
type Need struct {
	What string      `json:"what"`
	Of   int         `json:"of"`
	For  string      `json:"for"`
	Ship string      `json:"ship,omitempty"`
	Side battle.Side `json:"side,omitempty"`
	Cup  string      `json:"cup,omitempty"`
	// Options are a pick's choices by id (battle.NeedInput.Options):
	// Options[k] is what the value k picks.
	Options []string `json:"options,omitempty"`
}

// Equal reports whether n and o ask for the same draw.
func (n Need) Equal(o Need) bool {
	return n.What == o.What && n.Of == o.Of && n.For == o.For && n.Ship == o.Ship && n.Side == o.Side && n.Cup == o.Cup && slices.Equal(n.Options, o.Options)
}

// UndoOffer is an undo proposal waiting for the other player's consent;
// Takes are the actions it takes back, oldest first (what each seat may
// know of them: TakeBack).
type UndoOffer struct {
	By    battle.Side `json:"by"`
	Back  int         `json:"back"`
	Takes []TakeBack  `json:"takes,omitempty"`
}

// TakeBackKind is what kind of action of a companion game an undo takes
// back.
type TakeBackKind string

// The actions an undo takes back (server: undoable).
const (
	TakeDie      TakeBackKind = "die"      // a die typed from the table (Value)
	TakeChoice   TakeBackKind = "choice"   // a choice at random typed (Value, an index of Need.Options)
	TakeCounter  TakeBackKind = "counter"  // a counter typed from the table's cup (Counter: its owner's seat only)
	TakeAppRoll  TakeBackKind = "app-roll" // a die or a choice the app rolled
	TakeAppDraw  TakeBackKind = "app-draw" // a counter drawn from the app's secret cup
	TakePlans    TakeBackKind = "plans"    // the first commitment of a round: every plan of the round goes back
	TakePose     TakeBackKind = "pose"     // a ship's pose corrected (Ship)
	TakeAligned  TakeBackKind = "aligned"  // the word that the table is aligned
	TakeDeclared TakeBackKind = "declared" // a side's declaration of its shots
	TakePoses    TakeBackKind = "poses"    // the other player's pose proposal, agreed (By: who agreed)
	TakeCommand  TakeBackKind = "command"  // another open decision (Command: its type)
)

// TakeBack is one action of a companion game, as an agreed undo would
// take it back: who made it, its kind, the need it answered (Need: the
// die's or counter's purpose and ship) and what was typed. A counter's
// value is sent to its owner's seat only (Fire!: the values stay secret).
type TakeBack struct {
	By      battle.Side        `json:"by"`
	Kind    TakeBackKind       `json:"kind"`
	Turn    int                `json:"turn"`
	Need    *Need              `json:"need,omitempty"`
	Value   *int               `json:"value,omitempty"`
	Counter *battle.Counter    `json:"counter,omitempty"`
	Ship    string             `json:"ship,omitempty"`
	Command battle.CommandType `json:"command,omitempty"`
}

// For returns what a seat may know of the action: a counter's value only
// for its owner (the need's Side).
func (t TakeBack) For(seat battle.Side) TakeBack {
	if t.Counter != nil && (t.Need == nil || t.Need.Side != seat) {
		t.Counter = nil
	}
	return t
}

// TableMove is one ship's revealed move as the players copy it onto the
// real table (a companion game), from the engine's one legality answer
// (battle.Battle.Preview) at the reveal: the cards to lay, the plan as it
// flies (Executed: corrected when illegal), the rules an illegal plan
// breaks and the damage counters it draws, and the pose of its stand after
// each movement step (none for an FTL jump: its arrival needs the marker
// and the dice).
type TableMove struct {
	Turn        int                  `json:"turn"`
	Ship        string               `json:"ship"`
	Side        battle.Side          `json:"side"`
	Planned     starship.Plan        `json:"planned"`
	Executed    starship.Plan        `json:"executed"`
	Legal       bool                 `json:"legal"`
	Violations  []starship.Violation `json:"violations,omitempty"`
	DamageDraws int                  `json:"damage_draws,omitempty"`
	Jump        bool                 `json:"jump,omitempty"`
	Steps       []physics.Pose       `json:"steps,omitempty"`
}

// ServerMsg is every message the server sends.
type ServerMsg struct {
	Type  string `json:"type"`
	ID    int64  `json:"id,omitempty"`    // ack, error: the client message's id
	Error string `json:"error,omitempty"` // error: what was wrong, naming the message and field
	// Retry, on an error, says the message was not looked at and why
	// (RetryRate, RetryBusy): the client sends it again after a pause.
	// Empty on every other error.
	Retry Retry `json:"retry,omitempty"`
	// Pose is a refused pose correction's reason as data (a companion
	// game): where the ship may not stand and why, for a screen to show
	// the base in the way.
	Pose  *battle.PoseRefused `json:"pose,omitempty"`
	State *State              `json:"state,omitempty"` // state
}

// State is what a seat (or a spectator) knows of a game after its latest
// change. Everything in it comes from the seat's battle.View.
type State struct {
	Game string      `json:"game"`
	Seat battle.Side `json:"seat"` // "" for a spectator
	Seq  int         `json:"seq"`  // messages accepted so far in this game
	// Behind is how many turns behind the game this (a spectator's) state
	// is: the game's CreateRequest.SpectatorDelay while the game is
	// played, 0 when it is live or over.
	Behind int `json:"behind,omitempty"`
	// EventsFrom, when more than 0, says View.Events holds only the
	// events from this index of the audience's whole list on: the ones
	// before it are those the previous state sent on this connection held
	// (the server sends such states only on a connection that asked with
	// "events=since" in its address, and only when they extend what it
	// sent; a client whose list does not have exactly EventsFrom events
	// drops the connection: the next one starts with the whole list).
	EventsFrom int  `json:"events_from,omitempty"`
	Ready      bool `json:"ready"`
	// Joined lists the seats a player has taken (connected at least once).
	Joined []battle.Side `json:"joined"`
	View   battle.View   `json:"view"`
	// Rules are the rules in force (public, from the scenario).
	Rules starship.Rules `json:"rules"`
	// Owe lists what this seat owes now: ship ids to plan, place an FTL
	// marker for or preplan, or "declare".
	Owe []string `json:"owe,omitempty"`
	// Sealed: the decisions owed now go through commit and reveal.
	Sealed bool `json:"sealed,omitempty"`
	Round  int  `json:"round"`
	// Committed and Revealed list the sides that committed (revealed) in
	// this round; MayReveal says that every side owing a decision has
	// committed, so this seat may open its commitment.
	Committed []battle.Side `json:"committed,omitempty"`
	Revealed  []battle.Side `json:"revealed,omitempty"`
	MayReveal bool          `json:"may_reveal,omitempty"`
	// DiceCommitment is the server's commitment to its contribution to
	// this turn's dice (see DiceSeed).
	DiceCommitment string `json:"dice_commitment"`
	// Targets are the rulings for this seat's ships that may fire now.
	Targets map[string][]referee.Ruling `json:"targets,omitempty"`
	// Odds are, for the same ships, what an attack on each target would
	// roll against now (Fire!; Modifiers to combat): the hit chance the
	// declaring player weighs.
	Odds map[string][]Odds `json:"odds,omitempty"`
	// Record is the signed record, once the game is over.
	Record *Record `json:"record,omitempty"`
	// StandIns lists, for the latest reveal of each side's sealed
	// decisions, the commands the engine refused and what was played in
	// their place (StandIn): both sides see them once the decisions are
	// open.
	StandIns []StandInNote `json:"stand_ins,omitempty"`
	// Clock is the game's clock, when it has one (ClockSpec).
	Clock *Clock `json:"clock,omitempty"`
	// Aborted says the game ended by a forfeit the engine did not decide
	// (a clock, a reveal that never came); the record holds it too.
	Aborted *Abort `json:"aborted,omitempty"`

	// A companion game's (Companion): the draw the game waits for (Need;
	// nothing else is owed until it comes), the undo proposal waiting for
	// an answer (Undo), how many actions may be taken back (UndoPoints),
	// and the moves of the latest reveal to copy onto the table (Moves).
	Companion  bool       `json:"companion,omitempty"`
	Need       *Need      `json:"need,omitempty"`
	Undo       *UndoOffer `json:"undo,omitempty"`
	UndoPoints int        `json:"undo_points,omitempty"`
	// Last is the action an undo of one action would take back (nil when
	// there is none), as this seat may know it (TakeBack.For).
	Last *TakeBack `json:"last,omitempty"`
	// Poses is a pose proposal for one seat's ships waiting for that
	// seat's answer (Consent with Poses).
	Poses *PoseOffer  `json:"poses,omitempty"`
	Moves []TableMove `json:"moves,omitempty"`
	// Aligned are the players who have said the table is aligned after
	// the movement step being aligned (Aligning): the game goes on once
	// both have; a pose corrected meanwhile voids their word.
	Aligned []battle.Side `json:"aligned,omitempty"`

	// Flown are the ships' moves of the latest turns as the engine flew
	// them (Flight), oldest first: the turns this state's events may hold
	// that a seat did not see played (a reconnect, a delayed spectator's
	// catch-up at the end, a slow phone), so that each turn is played
	// back along its own paths. The last FlownTurns turns, more with a
	// spectator delay.
	Flown []Flight `json:"flown,omitempty"`
}

// FlownTurns is how many of the latest turns' moves a state carries
// (State.Flown) beyond the spectator delay.
const FlownTurns = 3

// CatchUpTurns is how many of the latest turns' moves a server keeps for
// a seat that comes back: a connection that says how many of the game's
// events it holds (the ws address's have=N) is first sent the moves of
// every kept turn whose movement came after them.
const CatchUpTurns = 10

// Flight is one ship's move in one turn as the engine flew it, public
// from the reveal on (The turn: movement; the view's ShipView.Outcome of
// that turn): where its stand was when the turn's movement began (From;
// OnTable false: it entered play in this move), its stand after each
// movement step (Steps, the outcome's, without the swept motions) and the
// stand's path, for drawing. Jumped: an FTL jump (no path between).
type Flight struct {
	Turn    int             `json:"turn"`
	Ship    string          `json:"ship"`
	From    starship.Step   `json:"from"`
	OnTable bool            `json:"on_table"`
	Steps   []starship.Step `json:"steps"`
	Path    []physics.Vec   `json:"path,omitempty"`
	Jumped  bool            `json:"jumped,omitempty"`
}

// FlightOf is the engine's flight f of turn as sent (battle.Flights).
func FlightOf(turn int, f battle.Flight) Flight {
	return Flight{Turn: turn, Ship: f.Ship, From: f.From, OnTable: f.OnTable,
		Steps: f.Outcome.Steps, Path: f.Outcome.Path, Jumped: f.Outcome.Jumped}
}

// Outcome is the flight as the engine's outcome the screen animates
// (steps and path; nothing else of the outcome is carried).
func (f Flight) Outcome() starship.Outcome {
	return starship.Outcome{Steps: f.Steps, Path: f.Path, Jumped: f.Jumped}
}

// Odds is what an attack of a ship on Target would roll against:
// the shooter's attack value and the modifiers (Battle.AttackRoll).
type Odds struct {
	Target    string            `json:"target"`
	Attack    int               `json:"attack"`
	Modifiers []battle.Modifier `json:"modifiers,omitempty"`
}

// StandInNote is one opened command the engine refused, or a decision
// owed and missing from the opening, and the stand-in played instead.
type StandInNote struct {
	Side  battle.Side  `json:"side"`
	Turn  int          `json:"turn"`
	Step  int          `json:"step"`
	Phase battle.Phase `json:"phase"`
	// Ship is the ship whose plan was stood in for ("" for a
	// declaration); Index the refused command's place in the opening (-1:
	// the ship's plan was missing).
	Ship  string `json:"ship,omitempty"`
	Index int    `json:"index"`
	// Refusal is the engine's reason, as text for the screen.
	Refusal string `json:"refusal"`
	// Played is the stand-in played in its place; nil when nothing was
	// (a command for a ship that owed no plan).
	Played *battle.Command `json:"played,omitempty"`
}

// Decode reads one client message strictly: unknown fields, trailing data
// and messages over MaxMessage are refused with the field named.
func Decode(data []byte) (ClientMsg, error) {
	var m ClientMsg
	if len(data) > MaxMessage {
		return m, fmt.Errorf("message: %d bytes; allowed at most %d", len(data), MaxMessage)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		return m, fmt.Errorf("message: not a protocol message: %s", strings.TrimPrefix(err.Error(), "json: "))
	}
	if dec.More() {
		return m, fmt.Errorf("message: trailing data after the message")
	}
	switch m.Type {
	case TypeCommit:
		if m.Command != nil || m.Commands != nil || m.Nonce != "" {
			return m, fmt.Errorf("commit: only the commitment travels; the commands and nonce come in the reveal")
		}
		if err := checkHex(m.Commitment, 32); err != nil {
			return m, fmt.Errorf("commit: commitment: %w", err)
		}
	case TypeReveal:
		if m.Command != nil || m.Commitment != "" {
			return m, fmt.Errorf("reveal: only the commands and the nonce travel")
		}
		if err := checkHex(m.Nonce, NonceSize); err != nil {
			return m, fmt.Errorf("reveal: nonce: %w", err)
		}
		if len(m.Commands) > MaxCommands {
			return m, fmt.Errorf("reveal: commands: %d; allowed at most %d", len(m.Commands), MaxCommands)
		}
	case TypeAct:
		if m.Command == nil {
			return m, fmt.Errorf("act: command: missing")
		}
		if m.Commands != nil || m.Commitment != "" || m.Nonce != "" {
			return m, fmt.Errorf("act: only the command travels")
		}
	case TypeSupply:
		if m.Supply == nil {
			return m, fmt.Errorf("supply: supply: missing")
		}
		n := 0
		for _, given := range []bool{m.Supply.Value != nil, m.Supply.Counter != nil, m.Supply.Roll} {
			if given {
				n++
			}
		}
		if n != 1 {
			return m, fmt.Errorf("supply: give exactly one of value, counter and roll")
		}
	case TypeUndo:
		if m.Undo == nil {
			return m, fmt.Errorf("undo: undo: missing")
		}
		if m.Undo.Back < 1 || m.Undo.Back > MaxUndo {
			return m, fmt.Errorf("undo: back: %d; allowed 1 to %d actions", m.Undo.Back, MaxUndo)
		}
	case TypeConsent:
		if m.Consent == nil {
			return m, fmt.Errorf("consent: consent: missing")
		}
	case TypePoses:
		if err := checkPoses(m.Poses); err != nil {
			return m, err
		}
	default:
		return m, fmt.Errorf("message: type %q; allowed: commit, reveal, act, supply, undo, consent, poses", m.Type)
	}
	if m.Type != TypeSupply && m.Supply != nil || m.Type != TypeUndo && m.Undo != nil || m.Type != TypeConsent && m.Consent != nil || m.Type != TypePoses && m.Poses != nil {
		return m, fmt.Errorf("%s: supply, undo, consent and poses travel only in messages of their own type", m.Type)
	}
	if m.Turn < 1 || m.Step < 1 || m.Step > 2 || m.Round < 0 {
		return m, fmt.Errorf("%s: turn, step, round: %d, %d, %d; allowed: turn from 1, step 1 or 2, round from 0", m.Type, m.Turn, m.Step, m.Round)
	}
	return m, nil
}

// checkPoses checks a pose proposal's shape (the game checks the rest).
func checkPoses(p *Poses) error {
	if p == nil {
		return fmt.Errorf("poses: poses: missing")
	}
	if len(p.Ships) < 1 || len(p.Ships) > MaxPoses {
		return fmt.Errorf("poses: ships: %d; allowed 1 to %d", len(p.Ships), MaxPoses)
	}
	for i, sp := range p.Ships {
		if sp.Ship == "" || len(sp.Ship) > MaxShipID {
			return fmt.Errorf("poses: ships[%d].ship: %d characters; allowed 1 to %d", i, len(sp.Ship), MaxShipID)
		}
	}
	if s := p.Shot; s != nil && (s.Attacker == "" || s.Target == "" || len(s.Attacker) > MaxShipID || len(s.Target) > MaxShipID) {
		return fmt.Errorf("poses: shot: give the attacker and the target (1 to %d characters each)", MaxShipID)
	}
	return nil
}

// MaxUndo bounds the actions one undo proposal takes back.
const MaxUndo = 100

// MaxCommands bounds the commands of one reveal (a side's ships).
const MaxCommands = limits.RevealCommands

// MaxSideShips is the most ships one side of a network game may have
// (limits.SideShips): a reveal of more plans than MaxCommands is refused.
const MaxSideShips = limits.SideShips

// CheckSetup refuses a setup that could not be played over the network to
// its end within the protocol's limits: a side with more ships than one
// reveal carries. The server checks it when a game is hosted.
func CheckSetup(setup battle.Setup) error {
	count := map[battle.Side]int{}
	for _, sh := range setup.Ships {
		count[sh.Side]++
	}
	for _, side := range battle.Sides {
		if count[side] > MaxSideShips {
			return fmt.Errorf("ships: %s has %d; a network game allows at most %d a side (one reveal carries all of a side's plans)", side, count[side], MaxSideShips)
		}
	}
	return nil
}

// CreateRequest is the body of POST /api/games: a built-in scenario's name
// or a scenario file (YAML) of the scenarios format.
type CreateRequest struct {
	Scenario string `json:"scenario,omitempty"`
	YAML     string `json:"yaml,omitempty"`
	// Clock is the game's clock (nil: none).
	Clock *ClockSpec `json:"clock,omitempty"`
	// SpectatorDelay, 0 to MaxSpectatorDelay, is how many turns behind the
	// game its spectators see it (0: live): they are sent the public
	// state as it stood at the start of that earlier turn, so that no
	// one watching can coach a player as the game is played. Once the
	// game is over they see its end.
	SpectatorDelay int `json:"spectator_delay,omitempty"`
	// Companion: the game is played with models on a real table, the
	// program keeping the twin and the books (battle.Setup.Companion):
	// dice and counters come from the players or the app, and poses may
	// be corrected to where the models stand.
	Companion bool `json:"companion,omitempty"`
	// Choices are the players' choices over the scenario (the rule set,
	// the optional rules, the ships' pilots, talents and flaws), applied
	// before the game is created and judged by the one setup check
	// (scenarios.Scenario.Choose); nil keeps the scenario's own.
	Choices *battle.Choices `json:"choices,omitempty"`
}

// OneDevice names, in a companion game's CreateResponse.Links, the link
// that opens both seats on one device passed between the players.
const OneDevice = "one-device"

// MaxSpectatorDelay bounds CreateRequest.SpectatorDelay, in turns.
const MaxSpectatorDelay = 10

// CreateResponse answers POST /api/games: the game, its seat tokens and
// links, and the commitment to the game's secret.
type CreateResponse struct {
	Game             string            `json:"game"`
	Scenario         string            `json:"scenario"`
	Colonial         string            `json:"colonial"`
	Cylon            string            `json:"cylon"`
	Spectator        string            `json:"spectator"`
	Links            map[string]string `json:"links"`
	SecretCommitment string            `json:"secret_commitment"`
	PublicKey        string            `json:"public_key"`
}

// GameSummary is one game of a player's list (GET /api/mine): where it
// stands for the seat the player holds, and whether it is the seat's turn.
type GameSummary struct {
	Game     string       `json:"game"`
	Scenario string       `json:"scenario"`
	Seat     battle.Side  `json:"seat"` // "" for a spectator link
	Turn     int          `json:"turn"`
	Phase    battle.Phase `json:"phase"`
	// YourTurn: the seat owes a decision (a commitment, a reveal or an
	// open decision) now.
	YourTurn bool           `json:"your_turn"`
	Ready    bool           `json:"ready"` // both seats taken
	Over     bool           `json:"over"`
	Expired  bool           `json:"expired,omitempty"`
	Result   *battle.Result `json:"result,omitempty"`
	Aborted  *Abort         `json:"aborted,omitempty"`
	Clock    *Clock         `json:"clock,omitempty"`
}

// MaxListSeats bounds the seat tokens of one game list request.
const MaxListSeats = 50

// Retry is why a server did not look at a message that the client may
// send again after a pause.
type Retry string

const (
	// RetryRate: dropped unread, the seat or address sent faster than the
	// server's rate allows (the error begins with RateDropped).
	RetryRate Retry = "rate"
	// RetryBusy: another server sharing the store holds the game's lease
	// (the error begins with Busy).
	RetryBusy Retry = "busy"
)

// RateDropped begins the error a server answers when it drops a message
// unread because the connection sent faster than its rate allows. The
// message had no effect; the client may send it again after a pause.
const RateDropped = "rate: "

// Busy begins the error a server answers when it could not take the
// game's lease in time: another server sharing its store is writing the
// game (or died holding it, until its lease runs out). The message had no
// effect; the client may send it again after a pause.
const Busy = "busy: "
