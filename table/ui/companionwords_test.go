package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/wire"
)

// The companion's undo proposal counts its actions as English does (seen
// on the phones: "the last 1 action(s)").
func TestCompanionUndoOfferCountsItsActions(t *testing.T) {
	assert.Equal(t, "The Colonial player proposes to take back the last action.", offerWords(wire.UndoOffer{By: battle.Colonial, Back: 1}))
	assert.Equal(t, "The Cylon player proposes to take back the last 3 actions.", offerWords(wire.UndoOffer{By: battle.Cylon, Back: 3}))
}
