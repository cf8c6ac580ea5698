package battle_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// TestNewDeterminized: a battle built from another's state while planning
// shows both sides the same ships as the original, and plays on.
func TestNewDeterminized(t *testing.T) {
	s, _ := scenarios.Builtin("jump-point")
	b, err := battle.New(s, comp, 7)
	require.NoError(t, err)
	st := b.State()
	d, err := battle.NewDeterminized(s, comp, st, 8)
	require.NoError(t, err)
	for _, side := range battle.Sides {
		assert.Equal(t, b.View(side).Ships, d.View(side).Ships)
	}
	assert.Empty(t, d.Journal(), "a determinized battle starts with no journal")
	for _, side := range battle.Sides {
		for _, sv := range d.View(side).Ships {
			if sv.Own && sv.OnTable {
				p := plan([]string{"straight"}, "low")
				_, err := d.Apply(battle.Command{Type: battle.CmdPlan, Side: side, Ship: sv.ID, Plan: p})
				require.NoError(t, err)
			}
		}
	}
	_, err = d.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Cylon})
	require.NoError(t, err)
	assert.True(t, d.Turn() == 2 || d.Phase() != battle.Planning, "the turn moved on")
}

// TestNewDeterminizedRefuses: a state for other ships, out of planning or
// with a plan committed is refused, each problem named.
func TestNewDeterminizedRefuses(t *testing.T) {
	s, _ := scenarios.Builtin("jump-point")
	b, err := battle.New(s, comp, 7)
	require.NoError(t, err)
	st := b.State()
	st.Phase = battle.Declaring
	st.Ships[0].ID = "someone"
	st.Ships[1].Plan = plan([]string{"straight"}, "low")
	_, err = battle.NewDeterminized(s, comp, st, 1)
	require.Error(t, err)
	for _, want := range []string{"phase", "ships[0]: someone", "ships[1].plan"} {
		assert.ErrorContains(t, err, want)
	}
	st = b.State()
	st.Ships = st.Ships[:2]
	_, err = battle.NewDeterminized(s, comp, st, 1)
	assert.ErrorContains(t, err, fmt.Sprintf("2 in the state, %d in the setup", len(s.Ships)))
}
