package assets_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
)

// arrow is an arrow's geometry without provenance: speed, length, turn,
// sideways.
type arrow struct {
	speed                  string
	length, turn, sideways float64
}

func arrowsOf(c assets.CardSpec) []arrow {
	var out []arrow
	for _, a := range c.Arrows {
		out = append(out, arrow{a.Speed, a.Length.Value, a.Turn.Value, a.Sideways.Value})
	}
	return out
}

func deck(t *testing.T, c *assets.Components, class string) assets.Deck {
	t.Helper()
	d, ok := c.Deck(class)
	require.True(t, ok, "deck %s", class)
	return d
}

func card(t *testing.T, d assets.Deck, id string) assets.CardSpec {
	t.Helper()
	c, ok := d.Card(id)
	require.True(t, ok, "%s card %s", d.Class, id)
	return c
}

var viperIDs = []string{
	"straight", "bank-left", "bank-right", "turn-left", "turn-right", "hard-turn-left", "hard-turn-right",
	"slide-left", "slide-right", "overboost-straight", "overboost-bank-left", "overboost-bank-right",
	"change-direction", "blank",
}

func TestDeckCardIDs(t *testing.T) {
	c := assets.Default()
	raider := append(append([]string{}, viperIDs...), "reversal-left", "reversal-right")
	want := map[string][]string{
		"viper-mk2": viperIDs, "cylon-raider": raider, "raptor": viperIDs, "heavy-raider": viperIDs, "viper-mk7": viperIDs,
	}
	require.Len(t, c.Decks, len(c.Classes), "one deck per class")
	for _, class := range c.ClassIDs() {
		t.Run(class, func(t *testing.T) {
			d := deck(t, c, class)
			assert.Equal(t, class, d.Class)
			assert.Equal(t, want[class], d.CardIDs())
		})
	}
	_, ok := c.Deck("viper-mk3")
	assert.False(t, ok)
}

func TestEveryCardHasProvenance(t *testing.T) {
	c := assets.Default()
	for _, d := range c.Decks {
		for _, card := range d.Cards {
			name := d.Class + " " + card.ID
			assert.Equal(t, assets.SourceProposal, card.Source, name)
			assert.Contains(t, card.Section, "COMPONENTS.md maneuver decks", name)
			if card.ID == "overboost-straight" {
				// The rulebook's Fuel example: a straight overboost and a
				// straight card cost 0 fuel, and a card costs its G.
				assert.Equal(t, 0, card.G.Value, name)
				assert.Equal(t, assets.SourceRulebook, card.G.Source, name)
				assert.Equal(t, "Fuel", card.G.Section, name)
			} else {
				assert.Equal(t, assets.IntValue{Value: card.G.Value, Source: card.Source, Section: card.Section, Note: card.Note}, card.G, name)
			}
			for _, a := range card.Arrows {
				an := name + " " + a.Speed
				for _, v := range []assets.Value{a.Length, a.Turn, a.Sideways} {
					assert.Equal(t, assets.SourceProposal, v.Source, an)
					assert.Equal(t, card.Section, v.Section, an)
				}
				assert.Equal(t, assets.UnitMM, a.Length.Unit, an)
				assert.Equal(t, assets.UnitDeg, a.Turn.Unit, an)
				assert.Equal(t, assets.UnitMM, a.Sideways.Unit, an)
				assert.Equal(t, assets.SourceRulebook, a.KineticEnergy.Source, an)
				assert.Equal(t, "Kinetic energy", a.KineticEnergy.Section, an)
			}
		}
	}
	mk7 := card(t, deck(t, c, "viper-mk7"), "straight")
	assert.Contains(t, mk7.Section, "no Viper Mk. VII deck")
	assert.Contains(t, mk7.Section, "the Viper Mk. II deck")
}

func TestViperMk2Deck(t *testing.T) {
	S, T, O, D := assets.SymbolStraight, assets.SymbolTurn, assets.SymbolOverboost, assets.SymbolDifficult
	lo, me, hi, bk, ob := assets.SpeedLow, assets.SpeedMedium, assets.SpeedHigh, assets.SpeedBack, assets.SpeedOverboost
	tests := []struct {
		id, name string
		g        int
		symbols  []string
		arrows   []arrow
	}{
		{"straight", "Straight", 0, []string{S}, []arrow{{lo, 40, 0, 0}, {me, 70, 0, 0}, {hi, 100, 0, 0}, {bk, 30, 0, 0}}},
		{"bank-left", "Bank left", 1, []string{T}, []arrow{{lo, 40, 30, 0}, {me, 70, 30, 0}, {hi, 100, 30, 0}}},
		{"bank-right", "Bank right", 1, []string{T}, []arrow{{lo, 40, -30, 0}, {me, 70, -30, 0}, {hi, 100, -30, 0}}},
		{"turn-left", "Turn left", 2, []string{T}, []arrow{{lo, 40, 60, 0}, {me, 70, 60, 0}}},
		{"turn-right", "Turn right", 2, []string{T}, []arrow{{lo, 40, -60, 0}, {me, 70, -60, 0}}},
		{"hard-turn-left", "Hard turn left", 3, []string{T, D}, []arrow{{lo, 40, 90, 0}}},
		{"hard-turn-right", "Hard turn right", 3, []string{T, D}, []arrow{{lo, 40, -90, 0}}},
		{"slide-left", "Slide left", 1, nil, []arrow{{lo, 40, 0, 20}, {me, 70, 0, 25}}},
		{"slide-right", "Slide right", 1, nil, []arrow{{lo, 40, 0, -20}, {me, 70, 0, -25}}},
		{"overboost-straight", "Overboost straight", 0, []string{O, S}, []arrow{{ob, 50, 0, 0}}},
		{"overboost-bank-left", "Overboost bank left", 2, []string{O, T}, []arrow{{ob, 50, 30, 0}}},
		{"overboost-bank-right", "Overboost bank right", 2, []string{O, T}, []arrow{{ob, 50, -30, 0}}},
		{"change-direction", "Change direction", 1, []string{assets.SymbolChangeDirection}, nil},
		{"blank", "Blank", 0, []string{assets.SymbolBlank}, nil},
	}
	d := deck(t, assets.Default(), "viper-mk2")
	require.Len(t, d.Cards, len(tests))
	for i, tt := range tests {
		t.Run(tt.id, func(t *testing.T) {
			c := d.Cards[i]
			assert.Equal(t, tt.id, c.ID)
			assert.Equal(t, tt.name, c.Name)
			assert.Equal(t, tt.g, c.G.Value)
			assert.Equal(t, tt.symbols, c.Symbols)
			assert.Equal(t, tt.arrows, arrowsOf(c))
		})
	}
}

func TestCylonRaiderDifferences(t *testing.T) {
	c := assets.Default()
	viper, raider := deck(t, c, "viper-mk2"), deck(t, c, "cylon-raider")
	lo, me, hi := assets.SpeedLow, assets.SpeedMedium, assets.SpeedHigh
	changed := []struct {
		id      string
		g       int
		symbols []string
		arrows  []arrow
	}{
		{"turn-left", 2, []string{"turn"}, []arrow{{lo, 40, 60, 0}, {me, 70, 60, 0}, {hi, 100, 60, 0}}},
		{"turn-right", 2, []string{"turn"}, []arrow{{lo, 40, -60, 0}, {me, 70, -60, 0}, {hi, 100, -60, 0}}},
		{"hard-turn-left", 3, []string{"turn", "difficult"}, []arrow{{lo, 40, 90, 0}, {me, 70, 90, 0}}},
		{"hard-turn-right", 3, []string{"turn", "difficult"}, []arrow{{lo, 40, -90, 0}, {me, 70, -90, 0}}},
		{"slide-left", 0, nil, []arrow{{lo, 40, 0, 20}, {me, 70, 0, 25}}},
		{"slide-right", 0, nil, []arrow{{lo, 40, 0, -20}, {me, 70, 0, -25}}},
		{"reversal-left", 3, []string{"turn", "difficult"}, []arrow{{lo, 40, 120, 0}}},
		{"reversal-right", 3, []string{"turn", "difficult"}, []arrow{{lo, 40, -120, 0}}},
	}
	ids := map[string]bool{}
	for _, tt := range changed {
		ids[tt.id] = true
		t.Run(tt.id, func(t *testing.T) {
			r := card(t, raider, tt.id)
			assert.Equal(t, tt.g, r.G.Value)
			assert.Equal(t, tt.symbols, r.Symbols)
			assert.Equal(t, tt.arrows, arrowsOf(r))
		})
	}
	for _, id := range viper.CardIDs() {
		if ids[id] {
			continue
		}
		t.Run(id+" as the Viper's", func(t *testing.T) {
			v, r := card(t, viper, id), card(t, raider, id)
			assert.Equal(t, v.Name, r.Name)
			assert.Equal(t, v.G.Value, r.G.Value)
			assert.Equal(t, v.Symbols, r.Symbols)
			assert.Equal(t, arrowsOf(v), arrowsOf(r))
		})
	}
}

func TestHeavierShipDecks(t *testing.T) {
	c := assets.Default()
	viper := deck(t, c, "viper-mk2")
	turning := map[string]bool{"bank": true, "turn": true, "hard-turn": true}
	for _, tt := range []struct {
		class           string
		changeDirection int
	}{{"raptor", 2}, {"heavy-raider", 3}} {
		t.Run(tt.class, func(t *testing.T) {
			d := deck(t, c, tt.class)
			for _, v := range viper.Cards {
				h := card(t, d, v.ID)
				base := strings.TrimSuffix(strings.TrimSuffix(v.ID, "-left"), "-right")
				wantG, wantArrows := v.G.Value, arrowsOf(v)
				switch {
				case turning[base]:
					wantG++
					_, high := h.Arrow(assets.SpeedHigh)
					assert.False(t, high, "%s: no high-speed turns", v.ID)
					if _, ok := v.Arrow(assets.SpeedHigh); ok {
						wantArrows = wantArrows[:len(wantArrows)-1]
					}
				case v.ID == "change-direction":
					wantG = tt.changeDirection
				}
				assert.Equal(t, wantG, h.G.Value, v.ID)
				assert.Equal(t, wantArrows, arrowsOf(h), v.ID)
				assert.Equal(t, v.Symbols, h.Symbols, v.ID)
			}
			assert.Equal(t, viper.CardIDs(), d.CardIDs())
		})
	}
}

func TestViperMk7UsesTheMk2Deck(t *testing.T) {
	c := assets.Default()
	mk2, mk7 := deck(t, c, "viper-mk2"), deck(t, c, "viper-mk7")
	require.Equal(t, mk2.CardIDs(), mk7.CardIDs())
	for i, a := range mk2.Cards {
		b := mk7.Cards[i]
		assert.Equal(t, a.G.Value, b.G.Value, a.ID)
		assert.Equal(t, a.Symbols, b.Symbols, a.ID)
		assert.Equal(t, arrowsOf(a), arrowsOf(b), a.ID)
		assert.NotEqual(t, a.Section, b.Section, "%s says where it comes from", a.ID)
	}
}

func TestRightCardMirrorsLeft(t *testing.T) {
	c := assets.Default()
	pairs := 0
	for _, d := range c.Decks {
		for _, left := range d.Cards {
			base, ok := strings.CutSuffix(left.ID, "-left")
			if !ok {
				continue
			}
			pairs++
			right := card(t, d, base+"-right")
			name := d.Class + " " + base
			assert.Equal(t, strings.TrimSuffix(left.Name, " left")+" right", right.Name, name)
			assert.Equal(t, left.G, right.G, name)
			assert.Equal(t, left.Symbols, right.Symbols, name)
			require.Len(t, right.Arrows, len(left.Arrows), name)
			turnsOrSlides := false
			for i, l := range left.Arrows {
				r := right.Arrows[i]
				assert.Equal(t, l.Speed, r.Speed, name)
				assert.Equal(t, l.Length, r.Length, name)
				assert.Equal(t, -l.Turn.Value, r.Turn.Value, name)
				assert.Equal(t, -l.Sideways.Value, r.Sideways.Value, name)
				assert.GreaterOrEqual(t, l.Turn.Value, 0.0, "%s: + is left", name)
				assert.GreaterOrEqual(t, l.Sideways.Value, 0.0, "%s: + is left", name)
				assert.Equal(t, l.KineticEnergy, r.KineticEnergy, name)
				turnsOrSlides = turnsOrSlides || l.Turn.Value != 0 || l.Sideways.Value != 0
			}
			assert.True(t, turnsOrSlides, name)
		}
	}
	// bank, turn, hard turn, slide and overboost bank in five decks, and
	// the Raider's reversal.
	assert.Equal(t, 5*5+1, pairs)
}

func TestKineticEnergyPerSpeed(t *testing.T) {
	want := map[string]int{
		assets.SpeedLow: 1, assets.SpeedMedium: 2, assets.SpeedHigh: 3, assets.SpeedBack: -1, assets.SpeedOverboost: 3,
	}
	seen := map[string]bool{}
	for _, d := range assets.Default().Decks {
		for _, card := range d.Cards {
			for _, a := range card.Arrows {
				seen[a.Speed] = true
				assert.Equal(t, want[a.Speed], a.KineticEnergy.Value, "%s %s %s", d.Class, card.ID, a.Speed)
			}
		}
	}
	assert.Len(t, seen, len(want), "every speed occurs")
}

func TestCardInvariants(t *testing.T) {
	c := assets.Default()
	order := []string{assets.SpeedLow, assets.SpeedMedium, assets.SpeedHigh, assets.SpeedBack}
	for _, d := range c.Decks {
		for _, card := range d.Cards {
			name := d.Class + " " + card.ID
			switch {
			case card.Has(assets.SymbolOverboost):
				require.Len(t, card.Arrows, 1, name)
				assert.Equal(t, assets.SpeedOverboost, card.Arrows[0].Speed, name)
			case card.Has(assets.SymbolChangeDirection), card.Has(assets.SymbolBlank):
				assert.Empty(t, card.Arrows, name)
				assert.Len(t, card.Symbols, 1, name)
			default:
				assert.NotEmpty(t, card.Arrows, name)
				last := -1
				for _, a := range card.Arrows {
					i := indexOf(order, a.Speed)
					assert.Greater(t, i, last, "%s: arrows in the order low, medium, high, back", name)
					last = i
				}
			}
			for _, a := range card.Arrows {
				assert.Greater(t, a.Length.Value, 0.0, name)
				assert.LessOrEqual(t, a.Length.Value, c.Geometry.CardLength.Value, "%s: the arrow fits its card", name)
				assert.Greater(t, a.Turn.Value, -180.0, name)
				assert.LessOrEqual(t, a.Turn.Value, 180.0, name)
				if a.Sideways.Value != 0 {
					assert.Zero(t, a.Turn.Value, "%s: a slide keeps its heading", name)
				}
				if card.Has(assets.SymbolStraight) {
					assert.Zero(t, a.Turn.Value, name)
					assert.Zero(t, a.Sideways.Value, name)
				}
				if card.Has(assets.SymbolTurn) {
					assert.NotZero(t, a.Turn.Value, name)
				}
			}
		}
	}
}

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func TestCardHasAndArrow(t *testing.T) {
	d := deck(t, assets.Default(), "viper-mk2")
	hard := card(t, d, "hard-turn-left")
	tests := []struct {
		symbol string
		want   bool
	}{
		{assets.SymbolTurn, true}, {assets.SymbolDifficult, true}, {assets.SymbolStraight, false},
		{assets.SymbolOverboost, false}, {"", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, hard.Has(tt.symbol), tt.symbol)
	}
	a, ok := hard.Arrow(assets.SpeedLow)
	require.True(t, ok)
	assert.Equal(t, 90.0, a.Turn.Value)
	_, ok = hard.Arrow(assets.SpeedMedium)
	assert.False(t, ok)
	back, ok := card(t, d, "straight").Arrow(assets.SpeedBack)
	require.True(t, ok)
	assert.Equal(t, 30.0, back.Length.Value)
	assert.Equal(t, -1, back.KineticEnergy.Value)
}

func TestDeckReturnsACopy(t *testing.T) {
	c := assets.Default()
	d := deck(t, c, "cylon-raider")
	d.Cards[0].G.Value = 9
	d.Cards[1].Symbols[0] = "x"
	d.Cards[1].Arrows[0].Length.Value = 1
	d.Cards = d.Cards[:1]
	again := deck(t, c, "cylon-raider")
	assert.Equal(t, 0, again.Cards[0].G.Value)
	assert.Equal(t, []string{"turn"}, again.Cards[1].Symbols)
	assert.Equal(t, 40.0, again.Cards[1].Arrows[0].Length.Value)
	assert.Len(t, again.Cards, 16)

	bank := card(t, again, "bank-left")
	bank.Symbols[0] = "x"
	bank.Arrows[0].Turn.Value = 0
	bank2 := card(t, again, "bank-left")
	assert.Equal(t, []string{"turn"}, bank2.Symbols)
	assert.Equal(t, 30.0, bank2.Arrows[0].Turn.Value)

	ids := again.CardIDs()
	ids[0] = "changed"
	assert.Equal(t, "straight", again.CardIDs()[0])
	_, ok := again.Card("reversal")
	assert.False(t, ok, "a card with sides is only there as its left and right cards")
}
