package maneuvers

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
)

// Planning: special maneuver symbols. The symbols DeckFor caches give
// what reading the card's symbols gives, for every card of every deck,
// and a card built by hand (no cache) reads its symbols.
func TestCardSymbolsCachedAsRead(t *testing.T) {
	comp := assets.Default()
	n := 0
	for _, d := range comp.Decks {
		deck, err := DeckFor(comp, d.Class)
		require.NoError(t, err)
		for i := range deck.Cards {
			c := &deck.Cards[i]
			assert.Equal(t, c.Has(assets.SymbolOverboost), c.IsOverboost(), c.ID)
			assert.Equal(t, c.Has(assets.SymbolStraight), c.IsStraight(), c.ID)
			assert.Equal(t, c.Has(assets.SymbolDifficult), c.IsDifficult(), c.ID)
			assert.Equal(t, c.Has(assets.SymbolChangeDirection), c.IsChangeDirection(), c.ID)
			assert.Equal(t, c.Has(assets.SymbolBlank), c.IsBlank(), c.ID)
			assert.Equal(t, i, deck.Index(c.ID))
			if c.IsOverboost() || c.IsChangeDirection() || c.IsBlank() || c.IsDifficult() {
				n++
			}
		}
		assert.Equal(t, -1, deck.Index("no-such-card"))
	}
	assert.Positive(t, n, "some cards carry symbols")
	hand := Card{ID: "x", Symbols: []string{assets.SymbolOverboost, assets.SymbolStraight}}
	assert.True(t, hand.IsOverboost())
	assert.True(t, hand.IsStraight())
	assert.False(t, hand.IsBlank())
}

// DeckFor builds each deck as it did card by card from a copy of the
// data (Components.Deck), and the deck shares nothing the data holds.
func TestDeckForAsCardByCard(t *testing.T) {
	comp := assets.Default()
	for _, d := range comp.Decks {
		deck, err := DeckFor(comp, d.Class)
		require.NoError(t, err)
		spec, ok := comp.Deck(d.Class)
		require.True(t, ok)
		require.Len(t, deck.Cards, len(spec.Cards))
		for i, cs := range spec.Cards {
			c := deck.Cards[i]
			assert.Equal(t, cs, c.Spec, cs.ID)
			assert.Equal(t, cs.Symbols, c.Symbols, cs.ID)
			assert.Equal(t, []any{cs.ID, cs.Name, cs.G.Value}, []any{c.ID, c.Name, c.G})
			var arrows []Arrow
			for _, as := range cs.Arrows {
				p, err := arrowPath(as)
				require.NoError(t, err)
				arrows = append(arrows, Arrow{Speed: Speed(as.Speed), Path: p, KineticEnergy: as.KineticEnergy.Value})
			}
			assert.Equal(t, arrows, c.Arrows, cs.ID)
			if len(c.Symbols) > 0 {
				assert.NotSame(t, &d.Cards[i].Symbols[0], &c.Symbols[0], "a copy of the data")
			}
			if len(c.Spec.Arrows) > 0 {
				assert.NotSame(t, &d.Cards[i].Arrows[0], &c.Spec.Arrows[0], "a copy of the data")
			}
		}
	}
}
