package battle_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
)

// Winning the game (and the scenarios' victory conditions): why a battle
// ended is data, an EndReason of a kind with its fields; Text renders it
// in the words the engine wrote before it was data (format 3 files hash
// those words), JSON carries the fields, and a sentence an older record
// holds is read as words.
func TestWinningTheGame_EndReasonIsData(t *testing.T) {
	for _, tt := range []struct {
		r    battle.EndReason
		text string
	}{
		{battle.EndReason{Kind: battle.EndBothGone}, "the last ships of both sides went in the same turn"},
		{battle.EndReason{Kind: battle.EndLastSide, Side: battle.Colonial}, "only Colonial ships remain"},
		{battle.EndReason{Kind: battle.EndLastSide, Side: battle.Cylon}, "only Cylon ships remain"},
		{battle.EndReason{Kind: battle.EndShipOut, Ship: "raptor", Cause: battle.CauseDestroyed}, "raptor is destroyed"},
		{battle.EndReason{Kind: battle.EndShipOut, Ship: "raptor", Cause: battle.CausePilotKilled}, "raptor is eliminated: its pilot is killed"},
		{battle.EndReason{Kind: battle.EndShipLeft, Ship: "raptor"}, "raptor jumped away by FTL"},
		{battle.EndReason{Kind: battle.EndShipLeft, Ship: "runner", Edge: battle.North}, "runner left by the north edge"},
		{battle.EndReason{Kind: battle.EndSurvived, Side: battle.Cylon, Turns: 3}, "cylon survived 3 turns"},
		{battle.EndReason{Kind: battle.EndHeld, Side: battle.Cylon, Zone: "ridge", Turns: 2}, "cylon holds ridge at the end of turn 2"},
		{battle.EndReason{Kind: battle.EndPoints, Trigger: battle.TriggerTarget, Target: 2, Points: 2}, "2 points reached: 2 points to 0"},
		{battle.EndReason{Kind: battle.EndPoints, Trigger: battle.TriggerNoShip, Points: 6, Against: 3}, "a side has no ship left: 6 points to 3"},
		{battle.EndReason{Kind: battle.EndPoints, Trigger: battle.TriggerTurnLimit, Points: 6, Against: 4}, "the turn limit is reached: 6 points to 4"},
		{battle.EndReason{Kind: battle.EndPointsTie, Target: 5}, "both sides reached 5 points together"},
		{battle.EndReason{Kind: battle.EndTurnLimit, Turns: 10}, "the turn limit (10) is reached"},
	} {
		assert.Equal(t, tt.text, tt.r.Text())
		data, err := json.Marshal(tt.r)
		require.NoError(t, err)
		assert.NotContains(t, string(data), tt.text, "the fields, not the sentence")
		var back battle.EndReason
		require.NoError(t, json.Unmarshal(data, &back))
		assert.Equal(t, tt.r, back, "%s", data)

		words, err := json.Marshal(tt.text)
		require.NoError(t, err)
		var old battle.EndReason
		require.NoError(t, json.Unmarshal(words, &old), "an older record's sentence")
		assert.Equal(t, battle.EndKind(""), old.Kind)
		assert.Equal(t, tt.text, old.Text())
	}
}
