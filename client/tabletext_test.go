package client_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// TestNeedTextSaysWhoDrawsInWords: a companion game waiting for a damage
// counter (Special cases: Illegal moves) names the drawing side as
// players write it, and says the whole choice in the reader's person.
func TestNeedTextSaysWhoDrawsInWords(t *testing.T) {
	n := &wire.Need{What: battle.DrawCounter, Of: 40, For: "hunter-1's damage (the illegal move)", Ship: "hunter-1", Side: battle.Cylon, Cup: "damage"}
	other := client.NeedText(n, battle.Colonial)
	assert.Contains(t, other, "the Cylon player draws it from the table's cup and types it in, or draws one from the app's secret cup")
	assert.NotContains(t, other, "cylon player")
	own := client.NeedText(n, battle.Cylon)
	assert.Contains(t, own, "you draw it from the table's cup and type it in, or draw one from the app's secret cup")
}

// TestNeedTextNamesTheCountersShipOnce: a companion game waiting for a
// damage counter for a hit (Fire!: Damage) said "a counter from the
// damage cup for hunter-2 (hunter-2's damage (a hit by escort-1))" on a
// phone: the ship twice, brackets in brackets. The engine's For names
// the ship already.
func TestNeedTextNamesTheCountersShipOnce(t *testing.T) {
	n := &wire.Need{What: battle.DrawCounter, Of: 40, For: "hunter-2's damage (a hit by escort-1)", Ship: "hunter-2", Side: battle.Cylon, Cup: "damage"}
	got := client.NeedText(n, battle.Cylon)
	assert.Contains(t, got, "a counter from the damage cup for hunter-2's damage (a hit by escort-1): you draw it")
	assert.Equal(t, 1, strings.Count(got, "hunter-2"), "the ship named once: %s", got)
	assert.NotContains(t, got, "((")
}

// TestMoveTextCountsTheCounters: an illegal move's line says "1 damage
// counter", "2 damage counters" (Special cases: Illegal moves), never
// "counter(s)".
func TestMoveTextCountsTheCounters(t *testing.T) {
	m := wire.TableMove{Turn: 1, Ship: "raptor", Side: battle.Colonial,
		Planned:     starship.Plan{Cards: []string{"hard-turn-left"}, Speed: maneuvers.High},
		Executed:    starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium},
		DamageDraws: 1}
	assert.Contains(t, client.MoveText(m), "draw 1 damage counter and fly straight at medium instead")
	m.DamageDraws = 2
	assert.Contains(t, client.MoveText(m), "draw 2 damage counters and fly")
	assert.NotContains(t, client.MoveText(m), "counter(s)")
}

// TestNeedTextOfTheOtherPhone: a die the other player's screen takes (FTL:
// the side of the marker, Special rules: FTL) is not "type it in" to a
// screen without the die's buttons.
func TestNeedTextOfTheOtherPhone(t *testing.T) {
	n := &wire.Need{What: battle.DrawDie, Of: 6, For: "hunter-2's FTL side"}
	got := client.NeedTextOf(n, battle.Cylon, battle.Colonial)
	assert.Contains(t, got, "typed in on the Colonial player's screen")
	assert.NotContains(t, got, "type it in")
	c := &wire.Need{What: battle.DrawCounter, Of: 40, For: "x", Ship: "hunter-1", Side: battle.Cylon, Cup: "damage"}
	assert.Equal(t, client.NeedText(c, battle.Colonial), client.NeedTextOf(c, battle.Colonial, battle.Cylon), "a counter: its owner draws it")
}

// TestMoveTextNamedForAPlayer: on a player's screen an illegal move (Special
// cases: Illegal moves) names the cards by their printed names and the
// broken rule by what it says and its section, never by an id.
func TestMoveTextNamedForAPlayer(t *testing.T) {
	m := wire.TableMove{Turn: 1, Ship: "raptor", Side: battle.Colonial,
		Planned:     starship.Plan{Cards: []string{"hard-turn-left"}, Speed: maneuvers.High},
		Executed:    starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium},
		Violations:  []starship.Violation{{Rule: "no-arrow-for-speed", Section: "Maneuver cards", Message: "the card has no arrow for high"}},
		DamageDraws: 1}
	names := map[string]string{"hard-turn-left": "Hard turn left", "straight": "Straight"}
	got := client.MoveTextNamed(m, func(ship, card string) string {
		assert.Equal(t, "raptor", ship)
		return names[card]
	})
	assert.Contains(t, got, "raptor (colonial): Hard turn left at high")
	assert.Contains(t, got, "the card has no arrow for high (Maneuver cards)")
	assert.Contains(t, got, "fly Straight at medium instead")
	for _, id := range []string{"hard-turn-left", "no-arrow-for-speed"} {
		assert.NotContains(t, got, id)
	}
	assert.Contains(t, client.MoveText(m), "no-arrow-for-speed (Maneuver cards)", "the command line keeps the ids")
}

// TestNeedTextSaysWhoRollsTheDie: a die has its roller at the table
// (Firing: the attacker rolls two dice; Faster-than-light movement: the
// jumping ship's player): the roller reads "you roll it", the other
// player whose phone does not take it reads who rolls and types it in.
func TestNeedTextSaysWhoRollsTheDie(t *testing.T) {
	n := &wire.Need{What: battle.DrawDie, Of: 6, For: "hunter-1's attack on raptor", Side: battle.Cylon}
	assert.Contains(t, client.NeedText(n, battle.Cylon), ": you roll it on the table and type it in, or let the app roll")
	other := client.NeedTextOf(n, battle.Colonial, battle.Colonial)
	assert.Contains(t, other, ": the Cylon player rolls it on the table and types it in on their screen")
	assert.NotContains(t, other, "Colonial", "the typist of a choice is not the roller of a die")
	assert.NotContains(t, other, "you roll")
}

// TestMoveTextSaysTheHeadingAsOnTheTable: the end of a move to copy onto
// the table (Movement) gives the heading from 0° to 360°, as the players
// measure it: a Raider arrived by FTL (Faster-than-light movement) whose
// engine angle had turned past a whole turn read "heading 570°".
func TestMoveTextSaysTheHeadingAsOnTheTable(t *testing.T) {
	for _, tt := range []struct {
		deg  float64
		want string
	}{{570, "heading 210°"}, {-90, "heading 270°"}, {90, "heading 90°"}, {720, "heading 0°"}} {
		m := wire.TableMove{Turn: 2, Ship: "hunter-2", Side: battle.Cylon,
			Planned: starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium}, Legal: true,
			Steps: []physics.Pose{{Pos: physics.V(303, 615), Heading: physics.Deg(tt.deg)}}}
		assert.Contains(t, client.MoveText(m), "the stand ends at (303, 615) mm, "+tt.want, "engine heading %v°", tt.deg)
	}
}

// TestNeedTextHereOnOneDevice: one device passed between the players
// (the Cylon player holding it) waits for a die of the Colonial's attack
// (Fire!): the Colonial player rolls it on the table and it is typed in
// here, by whoever holds the device, never "on their screen".
func TestNeedTextHereOnOneDevice(t *testing.T) {
	n := &wire.Need{What: battle.DrawDie, Of: 6, For: "viper-1's attack on raider-1", Side: battle.Colonial}
	got := client.NeedTextHere(n, battle.Cylon)
	assert.Equal(t, "a die for viper-1's attack on raider-1: the Colonial player rolls it on the table; type it in here, or let the app roll", got)
	assert.NotContains(t, got, "their screen")
	assert.Equal(t, client.NeedText(n, battle.Colonial), client.NeedTextHere(n, battle.Colonial), "the roller holding it: you roll it")
	c := &wire.Need{What: battle.DrawCounter, Of: 40, For: "raider-1's damage (a hit by viper-1)", Ship: "raider-1", Side: battle.Cylon, Cup: "damage"}
	assert.Equal(t, client.NeedText(c, battle.Cylon), client.NeedTextHere(c, battle.Cylon), "a counter: its owner's, as NeedText")
}
