package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/wire"
)

// The companion's undo proposal counts its actions as English does (seen
// on the phones: "the last 1 action(s)").
func TestCompanionUndoOfferCountsItsActions(t *testing.T) {
	assert.Equal(t, "The Colonial player proposes to take back the last action.", offerWords(wire.UndoOffer{By: battle.Colonial, Back: 1}, battle.Cylon))
	assert.Equal(t, "The Cylon player proposes to take back the last 3 actions.", offerWords(wire.UndoOffer{By: battle.Cylon, Back: 3}, battle.Colonial))
}

// Undo by agreement: the proposal says what it takes back (a mistyped
// die, a counter, a reveal's plans), as the answering player may know it:
// a counter's value only to its owner (Fire!: the values stay secret).
func TestCompanionUndoOfferSaysWhatItTakesBack(t *testing.T) {
	three := 3
	die := wire.TakeBack{By: battle.Cylon, Kind: wire.TakeDie, Turn: 2, Value: &three,
		Need: &wire.Need{What: battle.DrawDie, For: "raider-1's attack on viper-1", Side: battle.Cylon}}
	assert.Equal(t, "The Cylon player proposes to take back the last action: the die 3 the Cylon player typed for raider-1's attack on viper-1.",
		offerWords(wire.UndoOffer{By: battle.Cylon, Back: 1, Takes: []wire.TakeBack{die}}, battle.Colonial))
	hull := battle.Counter{Value: 3, Special: "hull"}
	counter := wire.TakeBack{By: battle.Colonial, Kind: wire.TakeCounter, Turn: 2, Counter: &hull,
		Need: &wire.Need{What: battle.DrawCounter, For: "viper-1's damage (a hit by raider-1)", Side: battle.Colonial, Cup: "damage"}}
	plans := wire.TakeBack{By: battle.Colonial, Kind: wire.TakePlans, Turn: 3}
	mine := offerWords(wire.UndoOffer{By: battle.Colonial, Back: 2, Takes: []wire.TakeBack{counter, plans}}, battle.Colonial)
	assert.Contains(t, mine, "the counter "+hull.String()+" you drew from the table's cup for viper-1's damage (a hit by raider-1)")
	assert.Contains(t, mine, "the plans of turn 3 (every ship's plan: both players plan again)")
	theirs := offerWords(wire.UndoOffer{By: battle.Colonial, Back: 2, Takes: []wire.TakeBack{counter.For(battle.Cylon), plans}}, battle.Cylon)
	assert.Contains(t, theirs, "the counter the Colonial player drew from the table's cup for viper-1's damage")
	assert.NotContains(t, theirs, hull.String(), "the counter's value is its owner's")
	pose := wire.TakeBack{By: battle.Cylon, Kind: wire.TakePose, Ship: "raider-2"}
	assert.Equal(t, "the pose of raider-2 as the Cylon player corrected it", client.TakeBackText(pose, battle.Colonial))
}

// A choice at random typed from the table (Firing: who declares first;
// Movement: which of the equally fast ships advances) is offered by the
// names of its options, not by numbers a player cannot map to a side.
func TestCompanionPickOffersItsOptionsByName(t *testing.T) {
	sides := &wire.Need{What: battle.DrawPick, Of: 2, For: "which side declares its shots first", Options: []string{"colonial", "cylon"}}
	assert.Equal(t, []string{SideName(battle.Colonial), SideName(battle.Cylon)}, pickLabels(sides))
	assert.Equal(t, []string{"Colonial", "Cylon"}, pickLabels(sides))
	ships := &wire.Need{What: battle.DrawPick, Of: 3, Options: []string{"hunter-1", "hunter-2", "hunter-3"}}
	assert.Equal(t, []string{"hunter-1", "hunter-2", "hunter-3"}, pickLabels(ships))
	assert.Equal(t, []string{"0", "1"}, pickLabels(&wire.Need{What: battle.DrawPick, Of: 2}), "no options named: the numbers")
	assert.Equal(t, "a choice at random for which side declares its shots first, Colonial or Cylon: decide it at the table (a die, a coin) and choose it, or let the app choose",
		client.NeedText(sides, battle.Colonial))
}

// One device: a counter the Colonial player draws while the Cylon player
// holds the device is said to the holder (seen: "you draw it" to the
// Cylon player).
func TestSharedCompanionCounterOwedIsSaidToTheHolder(t *testing.T) {
	n := &wire.Need{What: battle.DrawCounter, Of: 12, For: "escort-1's damage (a hit by hunter-1)", Ship: "escort-1", Side: battle.Colonial, Cup: "damage"}
	words := passNeedWords(n, battle.Cylon)
	assert.Contains(t, words, "the Colonial player draws it from the table's cup")
	assert.NotContains(t, words, "you draw it")
}
