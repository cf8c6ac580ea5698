package battle_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// TestEventSentencesAreRenderedFromTheFields renders one event of each
// kind whose sentence has parts that change with the fields.
func TestEventSentencesAreRenderedFromTheFields(t *testing.T) {
	at := physics.V(450, 449.6)
	for _, tt := range []struct {
		e    battle.Event
		want string
	}{
		{battle.Event{Turn: 3, Kind: battle.EvTurn}, "Turn 3 begins."},
		{battle.Event{Kind: battle.EvAttack, Ship: "viper", Other: "raider", Dice: []int{6, 6}, Need: 8,
			Attack: &battle.Attack{Range: 123.45, Modifiers: []battle.Modifier{{Name: "long range", Value: -1}, {Name: "target still", Value: 1}}, Hits: 2, Split: true}},
			"viper fires at raider at 123.5 mm: 6+6 (long range -1, target still +1) = 12 against 8: splits the doubles: two hits."},
		{battle.Event{Kind: battle.EvAttack, Ship: "viper", Other: "raider", Dice: []int{1, 2}, Need: 8, Attack: &battle.Attack{Range: 10}},
			"viper fires at raider at 10.0 mm: 1+2 = 3 against 8: misses."},
		{battle.Event{Kind: battle.EvFTLRoll, Ship: "raider", Dice: []int{3, 4, 2}, At: &at}, "raider rolls 3+4 for the marker's side and 2 cm ahead."},
		{battle.Event{Kind: battle.EvFTLEntry, Ship: "raider", Dice: []int{3, 4, 2}, At: &at}, "raider enters play by FTL at the marker (450, 450): it rolls 3+4 for the side and 2 cm ahead."},
		{battle.Event{Kind: battle.EvFiringStep, Step: 2, Side: battle.Cylon}, "Firing step 2: cylon declares first."},
		{battle.Event{Kind: battle.EvFiringStep, Step: 1}, "Firing step 1: declare your shots."},
		{battle.Event{Kind: battle.EvDeclaration, Side: battle.Colonial}, "colonial holds fire."},
		{battle.Event{Kind: battle.EvDeclaration, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "a", Target: "b"}, {Shooter: "c", Target: "d"}}}, "colonial declares: a at b, c at d."},
		{battle.Event{Kind: battle.EvDamage, Ship: "raider", Count: 2, Why: battle.ReasonHit, Other: "viper"}, "raider draws 2 damage counter(s) for a hit by viper."},
		{battle.Event{Kind: battle.EvCounters, Side: battle.Cylon, Secret: true, Ship: "raider", Counters: []battle.Counter{{Value: 2, Plus: true}, {Value: 1, Special: "hull"}}, Damage: 3},
			"raider's counters: 2+, 1 hull (total damage 3)."},
		{battle.Event{Kind: battle.EvCollision, Ship: "raider", Count: 2, Kept: 1, Why: battle.ReasonAsteroids}, "raider draws 2 collision counters for asteroids and keeps 1."},
		{battle.Event{Kind: battle.EvCollision, Ship: "raider", Count: 1, Kept: 1, Why: battle.ReasonArrival, Other: "viper"}, "raider takes 1 collision counter(s) for viper's arrival."},
		{battle.Event{Kind: battle.EvCupEmpty, Ship: "raider", Cup: "collision", Why: battle.ReasonPlanetoid, Other: "rock"}, "The cup is empty: no counter for raider's collision (hitting rock)."},
		{battle.Event{Kind: battle.EvCupEmpty, Ship: "raider", Cup: "damage", Why: battle.ReasonHit, Other: "viper", Second: true}, "The cup is empty: no counter for raider's second damage counter."},
		{battle.Event{Kind: battle.EvEliminated, Ship: "raider", Cause: battle.CauseMovedOut, Damage: 4}, "raider is eliminated: moved out of the playing area (damage 4)."},
		{battle.Event{Kind: battle.EvIllegal, Ship: "viper", Rules: []string{"g-limit", "no-arrow-for-speed"}, Cards: []string{"straight"}, Speed: maneuvers.Medium, Count: 1},
			"viper's plan is illegal (g-limit, no-arrow-for-speed): it flies straight at medium and draws 1 damage counter(s)."},
		{battle.Event{Kind: battle.EvTailRoll, Ship: "viper", Pilot: starship.Rookie, Dice: []int{1, 2}, Need: 7}, "viper (rookie) rolls 1+2 for tailing, needs 7: no tailing."},
		{battle.Event{Kind: battle.EvTailCircle, Ships: []string{"a", "b"}, Ship: "b"}, "Tailing circle a → b: b plans first."},
		{battle.Event{Kind: battle.EvCrossesEdge, Ship: "viper", Edge: "north", At: &at, Distance: 12.25}, "viper crosses the north edge at (450, 450), 12.2 mm beyond at most."},
		{battle.Event{Kind: battle.EvEnd, Reason: &battle.EndReason{Kind: battle.EndTurnLimit, Turns: 2}}, "The battle is a draw: the turn limit (2) is reached."},
		{battle.Event{Kind: battle.EvEnd, Side: battle.Colonial, Condition: battle.EliminateAll, Reason: &battle.EndReason{Kind: battle.EndLastSide, Side: battle.Colonial}}, "colonial wins: only Colonial ships remain."},
		{battle.Event{Kind: battle.EvMoveStep, Step: 1}, ""},
	} {
		assert.Equal(t, tt.want, tt.e.Text(), "%s", tt.e.Kind)
		assert.Equal(t, tt.want, tt.e.Render(tt.e.Side), "%s: read by its side", tt.e.Kind)
	}
}

// TestRenderShowsASecretOnlyToItsSide: a secret event reads as nothing to
// the other side and to a spectator.
func TestRenderShowsASecretOnlyToItsSide(t *testing.T) {
	e := battle.Event{Kind: battle.EvFirstCard, Side: battle.Cylon, Secret: true, Ship: "viper", Other: "raider", Card: "turn-left"}
	assert.Equal(t, "viper (tailed by raider) shows its first card: turn-left.", e.Render(battle.Cylon))
	assert.Empty(t, e.Render(battle.Colonial))
	assert.Empty(t, e.Render(battle.Spectator))
}

// TestEventsCrossJSONWhole sends every event of whole battles through
// JSON, as the journal's state, the wire and the replay carry them: the
// fields come back equal and render the same sentence.
func TestEventsCrossJSONWhole(t *testing.T) {
	kinds := map[battle.EventKind]bool{}
	for seed := uint64(1); seed <= 3; seed++ {
		b := played(t, allRules, seed, "greedy", "greedy")
		evs := b.State().Events
		data, err := json.Marshal(evs)
		require.NoError(t, err)
		var back []battle.Event
		require.NoError(t, json.Unmarshal(data, &back))
		require.Equal(t, evs, back)
		for i, e := range evs {
			kinds[e.Kind] = true
			assert.Equal(t, e.Text(), back[i].Text())
			if e.Kind != battle.EvMoveStep {
				assert.NotEmpty(t, e.Text(), "%s has a sentence", e.Kind)
				assert.NotContains(t, e.Text(), "an event of kind", "%s is rendered", e.Kind)
			}
		}
	}
	for _, k := range []battle.EventKind{battle.EvTurn, battle.EvMoveStep, battle.EvFiringStep, battle.EvAttack, battle.EvRevealed, battle.EvEnd} {
		assert.True(t, kinds[k], "whole battles have %s events", k)
	}
}
