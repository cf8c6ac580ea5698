package battle_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

// TestJudgeIsPreview: the judge a computer player weighs its plans with
// gives Preview's answer (Planning; Special cases: Illegal moves). Over
// the ships of the corpus games at every planning phase, and plans of
// every card of their deck alone and with every second card, at every
// speed, the dial as it is and a notch on, and every level move
// where levels count: Legal is PreviewShip's Legal (an error counts as
// not legal), a severely wounded pilot's other cards included (a third of
// the turns fix the first card of the deck as if one had); Final is
// where Preview's move ends; Outcome is Preview's outcome; and the
// state-only judge is PreviewPlan's.
func TestJudgeIsPreview(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	files = files[:3] // 3 games: every second card, levels, fuel
	if testing.Short() {
		files = files[:1]
	}
	plans, legal, fixed := 0, 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var s battle.Saved
		require.NoError(t, json.Unmarshal(data, &s))
		b, err := battle.Replay(s.Setup, comp, s.Seed, s.Journal[:1])
		require.NoError(t, err)
		rs := b.Setup().Rules
		levels := []int{0}
		if rs.Has(starship.OptThreeD) {
			levels = []int{-1, 0, 1}
		}
		lastTurn := 0
		for i := 1; i < len(s.Journal); i++ {
			if b.Phase() == battle.Planning && b.Turn() != lastTurn {
				lastTurn = b.Turn()
				for _, side := range battle.Sides {
					for _, sv := range b.View(side).Ships {
						if !sv.Own || !sv.OnTable || sv.Out || sv.State == nil {
							continue
						}
						c := b.Class(sv.Class)
						if sv.NextCards == nil && b.Turn()%3 == 0 {
							// as if a severely wounded pilot had fixed the cards
							sv.NextCards = []string{c.Deck.Cards[0].ID}
						}
						ship := battle.NewShipJudge(rs, comp, c, sv)
						state := battle.NewJudge(rs, comp, c, *sv.State)
						if sv.NextCards != nil {
							fixed++
						}
						for _, p := range judgePlans(c, sv.State.Rotation, levels) {
							plans++
							o, err := battle.PreviewShip(rs, comp, c, sv, p)
							want := err == nil && o.Legal
							require.Equal(t, want, ship.Legal(p), "%s %s turn %d: %+v (%v)", f, sv.ID, b.Turn(), p, err)
							po, perr := battle.PreviewPlan(rs, comp, c, *sv.State, p)
							require.Equal(t, perr == nil && po.Legal, state.Legal(p), "%s %s turn %d: %+v", f, sv.ID, b.Turn(), p)
							if !want {
								_, ok := ship.Outcome(p, nil)
								require.False(t, ok)
								continue
							}
							legal++
							fin, ok := ship.Final(p)
							if p.Speed == maneuvers.FTL {
								require.False(t, ok, "a jump has no end before its marker")
								continue
							}
							require.True(t, ok)
							assert.Equal(t, o.Final().Pose, fin.Pose, "%s %+v", sv.ID, p)
							assert.Equal(t, o.Final().Rotation, fin.Rotation)
							assert.Equal(t, o.Final().Level, fin.Level)
							jo, ok := ship.Outcome(p, nil)
							require.True(t, ok)
							assert.Equal(t, o, jo, "%s %+v", sv.ID, p)
						}
					}
				}
			}
			_, err := b.Apply(s.Journal[i].Command)
			require.NoError(t, err)
		}
	}
	require.NotZero(t, legal)
	t.Logf("%d plans, %d legal, %d ships with cards fixed by a severely wounded pilot", plans, legal, fixed)
}

// judgePlans are plans for a ship of class c: each card of the deck
// alone, and each with each second card, at every speed, with the dial
// at rot and a notch on, and each level move.
func judgePlans(c starship.Class, rot int, levels []int) []starship.Plan {
	var out []starship.Plan
	var seconds []string
	for _, card := range c.Deck.Cards {
		if card.IsSecond() {
			seconds = append(seconds, card.ID)
		}
	}
	speeds := []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High, maneuvers.FTL}
	for _, card := range c.Deck.Cards {
		if card.IsSecond() {
			continue
		}
		sets := [][]string{{card.ID}}
		for _, sec := range seconds {
			sets = append(sets, []string{sec, card.ID})
		}
		for _, cards := range sets {
			for _, sp := range speeds {
				for _, r := range []int{rot, rot + 1} {
					for _, lv := range levels {
						out = append(out, starship.Plan{Cards: cards, Speed: sp, Rotate: r, Level: lv})
					}
				}
			}
		}
	}
	return out
}
