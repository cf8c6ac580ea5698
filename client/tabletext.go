package client

import (
	"fmt"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/wire"
)

// NeedText says, for the players at a real table, what draw a companion
// game waits for and who makes it (seat: the reader's side). It is the
// one rendering of a wire.Need (bsg companion -join, the table view).
func NeedText(n *wire.Need, seat battle.Side) string {
	switch n.What {
	case battle.DrawDie:
		switch n.Side {
		case "":
			return "a die for " + n.For + ": roll it on the table and type it in, or let the app roll"
		case seat:
			return "a die for " + n.For + ": you roll it on the table and type it in, or let the app roll"
		}
		return "a die for " + n.For + ": the " + n.Side.Title() + " player rolls it on the table and types it in on their screen, or lets the app roll"
	case battle.DrawPick:
		if len(n.Options) == n.Of {
			return fmt.Sprintf("a choice at random for %s, %s: decide it at the table (a die, a coin) and choose it, or let the app choose", n.For, optionNames(n.Options))
		}
		return fmt.Sprintf("a choice at random among %d for %s: type 0 to %d, or let the app choose", n.Of, n.For, n.Of-1)
	}
	who := "the " + n.Side.Title() + " player draws it from the table's cup and types it in, or draws one from the app's secret cup"
	if n.Side == seat {
		who = "you draw it from the table's cup and type it in, or draw one from the app's secret cup"
	}
	// a counter's For names its ship ("hunter-2's damage (a hit by
	// escort-1)", battle's cupFor): said once, not "for hunter-2
	// (hunter-2's damage (…))"
	return fmt.Sprintf("a counter from the %s cup for %s: %s", n.Cup, n.For, who)
}

// NeedTextHere says what draw a companion game on one device (the
// players passing it between them) waits for, to the player holding it:
// a die is rolled on the table by its roller and typed in on this device
// whoever holds it, not "on their screen"; the rest as NeedText.
func NeedTextHere(n *wire.Need, holder battle.Side) string {
	if n.What == battle.DrawDie && n.Side != "" && n.Side != holder {
		return "a die for " + n.For + ": the " + n.Side.Title() + " player rolls it on the table; type it in here, or let the app roll"
	}
	return NeedText(n, holder)
}

// NeedTextOf says what draw a companion game waits for to a player whose
// screen does not take it: a die with its roller (Need.Side) or a
// counter is the roller's or the owner's; a die or choice that either
// player may make is typed in on the typist's screen (a phone at the
// same table).
func NeedTextOf(n *wire.Need, seat, typist battle.Side) string {
	switch {
	case n.Side != "":
		return NeedText(n, seat) // its roller, or its owner, draws it
	case n.What == battle.DrawDie:
		return "a die for " + n.For + ": rolled on the table and typed in on the " + typist.Title() + " player's screen, or rolled by the app there"
	case n.What == battle.DrawPick && len(n.Options) == n.Of:
		return fmt.Sprintf("a choice at random for %s, %s: chosen on the %s player's screen, or by the app there", n.For, optionNames(n.Options), typist.Title())
	case n.What == battle.DrawPick:
		return fmt.Sprintf("a choice at random among %d for %s: typed in (0 to %d) on the %s player's screen, or chosen by the app there", n.Of, n.For, n.Of-1, typist.Title())
	}
	return NeedText(n, seat)
}

// MoveText is one revealed move as the players copy it onto the table:
// the cards and speed, an illegal plan's rules and what to do at the
// table, the stand's end pose or the FTL procedure. It is the one
// rendering of a wire.TableMove.
func MoveText(m wire.TableMove) string { return moveText(m, nil) }

// MoveTextNamed is MoveText for a player's screen: the cards by their
// printed names (name(ship, card id)), each broken rule by its section
// and what it says, without the rule's id.
func MoveTextNamed(m wire.TableMove, name func(ship, card string) string) string {
	return moveText(m, name)
}

func moveText(m wire.TableMove, name func(ship, card string) string) string {
	cards := func(ids []string) string {
		if name == nil {
			return strings.Join(ids, " + ")
		}
		names := make([]string, len(ids))
		for i, id := range ids {
			names[i] = name(m.Ship, id)
		}
		return strings.Join(names, " + ")
	}
	s := fmt.Sprintf("%s (%s): %s at %s", m.Ship, m.Side, cards(m.Planned.Cards), m.Planned.Speed)
	if !m.Legal {
		var rules []string
		for _, v := range m.Violations {
			if name == nil {
				rules = append(rules, fmt.Sprintf("%s (%s): %s", v.Rule, v.Section, v.Message))
			} else {
				rules = append(rules, fmt.Sprintf("%s (%s)", v.Message, v.Section))
			}
		}
		counters := fmt.Sprintf("%d damage counters", m.DamageDraws)
		if m.DamageDraws == 1 {
			counters = "1 damage counter"
		}
		s += fmt.Sprintf("; illegal: %s; at the table: draw %s and fly %s at %s instead",
			strings.Join(rules, "; "), counters, cards(m.Executed.Cards), m.Executed.Speed)
	}
	if m.Jump {
		return s + "; an FTL jump: place the marker, then roll for where it lands"
	}
	if len(m.Steps) > 0 {
		end := m.Steps[len(m.Steps)-1]
		// the heading as a protractor on the table reads it: the engine's
		// angle may have turned past a whole turn (570° after an FTL
		// arrival's marker side)
		s += fmt.Sprintf("; the stand ends at (%.0f, %.0f) mm, heading %.0f°", end.Pos.X, end.Pos.Y, physics.NormalizeDegrees(end.Heading.Degrees()))
	}
	return s
}

// optionNames says a pick's options: a side by its title, a ship by its
// id, joined by "or".
func optionNames(options []string) string {
	names := make([]string, len(options))
	for i, o := range options {
		names[i] = o
		if side := battle.Side(o); side == battle.Colonial || side == battle.Cylon {
			names[i] = side.Title()
		}
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// TakeBackText says an action of a companion game that an undo would take
// back, to the player of seat: "the die 3 the Cylon player typed for
// raider-1's attack on viper-1", "the counter the Colonial player drew
// from the app's secret cup for viper-1's damage (a hit by raider-1)". It
// is the one rendering of a wire.TakeBack.
func TakeBackText(t wire.TakeBack, seat battle.Side) string {
	who := "the " + t.By.Title() + " player"
	if t.By == seat {
		who = "you"
	}
	typed := func(what string) string {
		s := what + " " + who + " typed"
		if t.Need != nil {
			s += " for " + t.Need.For
		}
		return s
	}
	switch t.Kind {
	case wire.TakeDie:
		return typed(fmt.Sprintf("the die %d", derefInt(t.Value)))
	case wire.TakeChoice:
		choice := fmt.Sprint(derefInt(t.Value))
		if t.Need != nil && derefInt(t.Value) >= 0 && derefInt(t.Value) < len(t.Need.Options) {
			choice = t.Need.Options[derefInt(t.Value)]
			if s := battle.Side(choice); s == battle.Colonial || s == battle.Cylon {
				choice = s.Title()
			}
		}
		return typed("the choice " + choice)
	case wire.TakeCounter:
		what := "the counter"
		if t.Counter != nil {
			what = "the counter " + t.Counter.String()
		}
		s := what + " " + who + " drew from the table's cup"
		if t.Need != nil {
			s += " for " + t.Need.For
		}
		return s
	case wire.TakeAppRoll:
		s := "the app's roll"
		if t.Need != nil {
			s += " for " + t.Need.For
		}
		return s
	case wire.TakeAppDraw:
		s := "the counter " + who + " drew from the app's secret cup"
		if t.Need != nil {
			s += " for " + t.Need.For
		}
		return s + " (it goes back into the cup)"
	case wire.TakePlans:
		return fmt.Sprintf("the plans of turn %d (every ship's plan: both players plan again)", t.Turn)
	case wire.TakePose:
		return fmt.Sprintf("the pose of %s as %s corrected it", t.Ship, who)
	case wire.TakeAligned:
		return "the word that the table is aligned (" + who + " said it)"
	case wire.TakeDeclared:
		return fmt.Sprintf("the shots %s declared", who)
	case wire.TakePoses:
		return "the pose proposal " + who + " agreed to (the models' poses go back)"
	}
	if t.Command != "" {
		return fmt.Sprintf("the %s decision %s made", t.Command, who)
	}
	return "an action of " + who
}

func derefInt(p *int) int {
	if p == nil {
		return 0
	}
	return *p
}
