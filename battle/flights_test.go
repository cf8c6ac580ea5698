package battle_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// TestTheGameTurn_FlightsAreTheMovesTheShipsFlew: Flights tells how the
// ships moved in the last turn whose movement was worked out (The game
// turn: first and second movement step), also once the next turn has
// begun and the views hide the outcomes (a reveal with no shots runs on
// into the next turn's planning within one command). Checked against the
// battle's own state in random battles of every built-in scenario: each
// flight starts where the ship stood when the reveal was applied, and
// ends where the ship stands when the next turn begins (unless it was
// eliminated); a ship that stood active and moved has a flight.
func TestTheGameTurn_FlightsAreTheMovesTheShipsFlew(t *testing.T) {
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Random{}, battle.Cylon: policy.Random{}}
	starts, ends, runOn := 0, 0, 0
	for _, name := range scenarios.Names() {
		s, ok := scenarios.Builtin(name)
		require.True(t, ok)
		bt, err := battle.New(s, comp, 11)
		require.NoError(t, err)
		prev := bt.Position()
		lastTurn, _ := bt.Flights()
		require.Zero(t, lastTurn, "%s: no move is worked out before the first reveal", name)
		err = policy.PlayObserved(bt, comp, players, 11, func(c battle.Command) {
			turn, fs := bt.Flights()
			now := bt.Position()
			defer func() { prev, lastTurn = now, turn }()
			if c.Type == battle.CmdReveal && turn != lastTurn {
				// a new turn's moves: each from where its ship stood
				require.Equal(t, prev.Turn, turn, "%s: the reveal's turn", name)
				before := map[string]battle.ShipState{}
				for _, sh := range prev.Ships {
					before[sh.ID] = sh
				}
				for _, f := range fs {
					b := before[f.Ship]
					assert.Equal(t, b.Ship.Pose, f.From.Pose, "%s turn %d: %s starts where it stood", name, turn, f.Ship)
					assert.Equal(t, b.Ship.Level, f.From.Level, "%s turn %d: %s's level", name, turn, f.Ship)
					assert.NotEmpty(t, f.Outcome.Steps, "%s turn %d: %s", name, turn, f.Ship)
					starts++
				}
			}
			if now.Turn > turn && turn > 0 && (prev.Turn == turn || c.Type == battle.CmdReveal) {
				// the flights' turn is over: each ship stands where its
				// last step put it
				if c.Type == battle.CmdReveal {
					runOn++
				}
				at := map[string]battle.ShipState{}
				for _, sh := range now.Ships {
					at[sh.ID] = sh
				}
				for _, f := range fs {
					sh := at[f.Ship]
					if sh.Out || f.Outcome.LeftGame {
						continue
					}
					last := f.Outcome.Steps[len(f.Outcome.Steps)-1]
					assert.InDelta(t, 0, sh.Ship.Pose.Pos.Dist(last.Pose.Pos), 1e-9, "%s turn %d: %s ends where it flew", name, turn, f.Ship)
					assert.Equal(t, sh.Ship.Level, last.Level, "%s turn %d: %s's level", name, turn, f.Ship)
					ends++
				}
			}
		})
		require.NoError(t, err)
	}
	t.Logf("flights checked: %d starts, %d ends, %d turns run on past their reveal", starts, ends, runOn)
	assert.Greater(t, starts, 50)
	assert.Greater(t, ends, 50)
	assert.Positive(t, runOn, "a reveal that runs on into the next turn")
}
