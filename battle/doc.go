// Package battle is the turn engine: a whole battle, turn after turn, by
// the rules. A battle is set up from a Setup and advanced only by commands
// (plan, undo, reveal, place an FTL marker, declare fire, choose, supply
// dice); it answers with events and with per-side views that hold only
// what that side may know.
//
// The engine is deterministic: a pure function of the setup, the seed and
// the journal of commands. Every random draw comes from one seeded source
// (or, in companion mode, from the players' own dice and cups) and is
// written to the journal, so a saved battle replays bit for bit.
//
// Turn order (Quick Start: The game turn; Complete Rules: Game turn):
// plan, move, fire; or plan, move 1, fire 1, move 2, fire 2.
package battle
