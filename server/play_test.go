package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
)

// TestTwoBotsFinishJumpPoint: two clients play The Jump Point to its end
// through the server, and the published record verifies (signature,
// commitments, dice derivation, final hash) with the server's key.
func TestTwoBotsFinishJumpPoint(t *testing.T) {
	s, hs := start(t, serverOpts())
	cr := host(t, hs.URL, "jump-point")
	got := botGame(t, hs.URL, cr, "greedy", "greedy")
	for _, side := range battle.Sides {
		st := got[side]
		require.Equal(t, battle.Over, st.View.Phase)
		require.NotNil(t, st.Record, "the record comes with the last state")
	}
	rec := got[battle.Colonial].Record
	b, err := rec.Verify(comp, s.PublicKey())
	require.NoError(t, err)
	assert.Equal(t, rec.Hash, b.Hash())
	assert.Equal(t, cr.SecretCommitment, rec.SecretCommitment)
	assert.NotEmpty(t, rec.Dice)
	assert.Len(t, rec.Dice, b.Turn(), "one dice seed per turn")
}
