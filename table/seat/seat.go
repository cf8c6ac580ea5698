// Package seat is a player's place at a battle, as the one game screen
// (package table/ui) sees it: what the player may see (a battle.View per
// side played), what the player may do (preview a plan through the
// engine's one legality answer, commit it, withdraw it, declare attacks,
// place an FTL marker, leave), the typed events that arrive, and how the
// game stands for this seat (sealed, waiting for the other player,
// reconnecting, the clock).
//
// The screen holds a Seat and nothing else of the battle: the same screen
// plays a hot-seat game, a game against a computer player (Local) and a
// network seat (Net). A third kind of seat (a companion at a real table:
// dice and counters typed in, poses corrected, undo by agreement) adds
// what it can do as optional capabilities: small interfaces the screen
// looks for with a type assertion (as it looks for Saver, Computers,
// Lobby), so the screen for the other seats does not change.
//
// The package imports no Ebiten and no server: the view links neither a
// window toolkit here nor a database.
package seat

import (
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// Seat is one screen's place at a battle.
//
// A Seat is used from one goroutine (the screen's); what it does in the
// background (a computer thinking, a network send) it reports through
// Poll and Status.
type Seat interface {
	// Sides lists the sides whose decisions are taken at this screen,
	// Colonial first: both for a hot-seat game (the screen shows cover
	// screens between them), one against a computer player or over the
	// network, none for a spectator.
	Sides() []battle.Side
	// View returns what side may see now (Hidden information): for a side
	// in Sides its own secrets too; for any other side what that side has
	// shown. The screen draws the table from it.
	View(side battle.Side) battle.View
	// Setup returns the battle's setup: the scenario's name, the rules in
	// force, the ships and the victory conditions (public).
	Setup() battle.Setup
	// Class returns a ship class of the battle (its base, attack, deck).
	Class(id string) starship.Class
	// Events returns every event this seat may know, in the engine's
	// order. A later call returns a list that starts with this one (the
	// log only grows); the screen plays back what is new (The turn).
	// Events are typed: their text is rendered by the screen (Render).
	Events() []battle.Event

	// Preview is the engine's one legality answer for a plan of one of
	// side's ships (Battle.Preview, battle.PreviewShip): the outcome
	// flown, with its violations.
	Preview(side battle.Side, ship string, plan starship.Plan) (starship.Outcome, error)
	// Targets returns what one of side's ships may fire at now, with the
	// referee's rulings (Line of sight; Choosing a target).
	Targets(side battle.Side, ship string) []referee.Ruling
	// AttackRoll returns what an attack of shooter on target would roll
	// against now (Fire!; Modifiers to combat): the attack value and the
	// modifiers. ok is false when it is not known or not allowed.
	AttackRoll(side battle.Side, shooter, target string) (attack int, mods []battle.Modifier, ok bool)

	// Do makes one decision of a side in Sides, as an engine command:
	//   - CmdPlan commits one ship's plan in secret, CmdUndo withdraws it
	//     (Planning: committed plans), CmdTail declines tailing;
	//   - CmdReveal turns every plan face up (the screen sends it when
	//     both players look; a network seat's server reveals by itself
	//     and Do ignores it);
	//   - CmdPreplan fixes a severely wounded pilot's cards;
	//   - CmdDeclare declares a firing step's shots (Attack declaration);
	//   - CmdFTL places an FTL marker (Faster-than-light movement).
	// A local seat applies it at once; a network seat may hold plans
	// until every owed ship has one, then seals and sends them, and sends
	// in the background (Status.Sending, Status.Err). An error is a
	// decision refused now.
	Do(cmd battle.Command) error
	// Poll takes what has arrived since the last call (a computer
	// player's decision, a network state) and reports whether anything
	// changed. The screen calls it every frame it may show news.
	Poll() bool
	// Status says how the game stands for this seat now.
	Status() Status
	// Leave leaves the game: a network seat closes its connection (the
	// game goes on on the server; the link brings the player back).
	Leave()
}

// Status is how the game stands for a seat.
type Status struct {
	// Ready: every player has taken a seat and the battle is on (a
	// network game waits for both players before).
	Ready bool
	// Joined lists the sides a player has taken (network).
	Joined []battle.Side
	// Waiting is the side whose decision the battle waits for and that is
	// not played at this screen ("" when none): "waiting for the Cylon
	// player".
	Waiting battle.Side
	// Thinking names the computer player working out its plans ("" when
	// none is).
	Thinking string
	// Sealed: this seat's decisions of the moment are committed (sealed)
	// and wait for the other side's before they are opened.
	Sealed bool
	// Sending says what is on its way to the server ("" when nothing is).
	Sending string
	// Reconnecting: the connection to the server is lost and being made
	// again.
	Reconnecting bool
	// Err is the latest decision the server refused, or why the seat
	// cannot connect; nil when none.
	Err error
	// Clock is the game's clock when it has one (server-measured).
	Clock *wire.Clock
	// Aborted: the game ended by a forfeit the engine did not decide (a
	// clock, a reveal that never came).
	Aborted *wire.Abort
	// Behind: a spectator's view is this many turns behind the game (the
	// host's spectator delay: no one watching can coach a player).
	Behind int
}

// Saver is a seat whose battle this program holds and can save (a local
// game): the journal for Save, the hash and the journal's length for an
// autosave that writes only when the game moved.
type Saver interface {
	Save() ([]byte, error)
	Hash() string
	Moves() int
}

// Memory is a seat that keeps on this device where its player saw the
// game up to (a network seat, in the store of its seals): a page opened
// again, or the program started again, with the seat's link plays back
// what the player missed. Seen is what was kept when the seat was opened
// (how many of the game's events, and what the screen keeps with them;
// 0: nothing); KeepSeen keeps it anew.
type Memory interface {
	Seen() (events int, screen []byte)
	KeepSeen(events int, screen []byte) error
}

// Recorded is a seat whose game another program keeps (a network game):
// once it is over, its signed record (JSON, wire.Record, as the server
// signed it) and the battle replayed from the record's journal after the
// record verified (signature, commitments, dice, final hash). ok is false
// before.
type Recorded interface {
	SignedRecord() (record []byte, replayed *battle.Battle, ok bool)
}

// Flights is a seat that knows how the ships flew in a past turn
// (wire.Flight: where each stood when the turn's movement began, its stand
// after each movement step, its path). The screen plays back each turn of
// several that arrive at once (a reconnect, a delayed spectator's
// catch-up, a slow phone) along that turn's own paths. ok is false when
// the seat does not know the turn's moves.
type Flights interface {
	Flown(turn int) (moves []wire.Flight, ok bool)
}

// Computers is a seat where computer players play some sides.
type Computers interface {
	// Computer names the computer player playing side ("" when a player
	// does).
	Computer(side battle.Side) string
}

// Escapes is a seat that knows which ships left the table as the
// scenario wants (gone, not destroyed).
type Escapes interface {
	Escaped(id string) (how string, ok bool)
}

// Margins is a seat whose referee gives a ruling's margins (how far the
// target is inside the arc, how far the line of sight is from blocked).
type Margins interface {
	MarginsOf(r referee.Ruling) referee.Margins
}

// CatchingUp is a seat made of several views of one game (seat.Pair:
// one device over both seats of a companion game) that may hold two
// moments of it for a while: Behind reports that one view has the
// game's news another has not yet, and the screen waits until both
// have it (it does not start a turn's planning before the last firing
// step's playback has reached it).
type CatchingUp interface {
	Behind() bool
}

// Lobby is a network seat: its own code to come back with, the other
// seat's link and code while hosting, the game's id, and the signed
// record's verdict once the game is over.
type Lobby interface {
	Game() string
	Own() string
	Invite() (link, code string)
	// Verified reports whether the signed record has arrived and been
	// checked (checked), and why it does not verify (err nil: it does).
	Verified() (checked bool, err error)
}
