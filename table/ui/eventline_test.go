package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestLogLinesNameCardsAndCountCounters (Planning; Special cases:
// Illegal moves): the log a player reads names the maneuver cards as they
// are printed ("Overboost bank left + Bank right"), never by their ids,
// and counts damage counters in English ("1 damage counter", "2 damage
// counters"), while the engine's own sentences (in the hash of kept
// games) stay as they are.
func TestLogLinesNameCardsAndCountCounters(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Complete), 1)
	require.NoError(t, err)
	a.Show(g)
	enter(a) // the Colonial player's cover screen
	require.Equal(t, "plan", g.Stage())
	v := g.battle().View(g.side)
	// viper-1: an overboost card with a second card; viper-2: a card
	// without an arrow for high speed, illegal (one damage counter)
	for _, s := range ownActive(v) {
		g.sel = s.ID
		p := g.draft(v, s.ID)
		if s.ID == "viper-1" {
			p.Cards, p.Speed = []string{"overboost-bank-left", "bank-right"}, maneuvers.High
		} else {
			p.Cards, p.Speed = []string{"hard-turn-left"}, maneuvers.High
		}
		enter(a)
		if now, _ := own(g.battle().View(g.side), s.ID); !now.Planned {
			enter(a) // the plan is flagged: Enter again commits it
		}
		now, _ := own(g.battle().View(g.side), s.ID)
		require.True(t, now.Planned, "%s planned: %s", s.ID, a.Status())
	}
	send(a, kit.Type("h")...) // hand over
	planAll(t, a, g)          // the Cylon side
	enter(a)                  // the reveal
	playBack(a, g)

	var revealed, illegal *battle.Event
	for _, e := range g.battle().View("").Events {
		switch {
		case e.Kind == battle.EvRevealed && e.Ship == "viper-1":
			revealed = &e
		case e.Kind == battle.EvIllegal && e.Ship == "viper-2":
			illegal = &e
		}
	}
	require.NotNil(t, revealed, "viper-1's reveal")
	require.NotNil(t, illegal, "viper-2's illegal plan")
	// the engine's words are unchanged: ids and "counter(s)"
	assert.Equal(t, "viper-1 reveals overboost-bank-left + bank-right at high.", revealed.Text())
	assert.Contains(t, illegal.Text(), "draws 1 damage counter(s).")

	// the log as the player reads it
	g.logOpen = true
	text := strings.Join(strings.Fields(drawnText(a)), " ")
	assert.Contains(t, text, "viper-1 reveals Overboost bank left + Bank right at high.")
	assert.Contains(t, text, "viper-2's plan is illegal (no-arrow-for-speed): it flies Straight at ")
	assert.Contains(t, text, "and draws 1 damage counter.")
	for _, id := range []string{"overboost-bank-left", "bank-right", "hard-turn-left", "counter(s)"} {
		assert.NotContains(t, text, id)
	}

	// counting
	for n, want := range map[int]string{1: "draws 1 damage counter for a hit by raider-1.", 2: "draws 2 damage counters for a hit by raider-1."} {
		e := battle.Event{Kind: battle.EvDamage, Ship: "viper-1", Count: n, Why: battle.ReasonHit, Other: "raider-1"}
		assert.Equal(t, "viper-1 "+want, eventLine(e, g.cardName))
	}
	c := battle.Event{Kind: battle.EvCollision, Ship: "viper-1", Count: 1, Kept: 1, Why: battle.ReasonPlanetoid, Other: "rock"}
	assert.Equal(t, "viper-1 takes 1 collision counter for hitting rock.", eventLine(c, g.cardName))
	c.Count, c.Kept = 3, 2
	assert.Equal(t, "viper-1 draws 3 collision counters for hitting rock and keeps 2.", eventLine(c, g.cardName))
	f := battle.Event{Kind: battle.EvFirstCard, Ship: "viper-1", Other: "raider-1", Card: "overboost-bank-left"}
	assert.Equal(t, "viper-1 (tailed by raider-1) shows its first card: Overboost bank left.", eventLine(f, g.cardName))
}
