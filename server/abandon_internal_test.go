package server

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// TestWhatMakesAGameAbandoned: the two facts the store's abandoned-game
// expiry reads (Options.AbandonedExpiry), as a game's messages change
// them: a reveal owed once every side has committed and until the last
// reveals; under way once the first decisions are opened and applied.
func TestWhatMakesAGameAbandoned(t *testing.T) {
	comp := assets.Default()
	sc, err := scenarios.Load("jump-point", comp)
	require.NoError(t, err)
	g, err := newGame("g", sc.ID, sc.Setup(), []byte("0123456789abcdef0123456789abcdef"), comp, wire.ClockSpec{}, 0)
	require.NoError(t, err)
	g.join(battle.Colonial)
	g.join(battle.Cylon)
	assert.False(t, g.underWay())
	assert.False(t, g.awaitingReveal())

	nonces := map[battle.Side]string{}
	plans := map[battle.Side][]battle.Command{}
	for _, side := range battle.Sides {
		st := g.state(side)
		for _, id := range st.Owe {
			for _, s := range st.View.Ships {
				if s.ID == id {
					sp, _ := maneuvers.SpeedForKineticEnergy(min(max(s.State.KE, -1), 3))
					plans[side] = append(plans[side], battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &starship.Plan{Cards: []string{"straight"}, Speed: sp, Rotate: s.State.Rotation}})
				}
			}
		}
		nonces[side] = wire.NewNonce()
	}
	msg := func(side battle.Side, typ string) wire.ClientMsg {
		st := g.state(side)
		m := wire.ClientMsg{Type: typ, Turn: st.View.Turn, Step: st.View.Step, Phase: st.View.Phase, Round: st.Round}
		if typ == wire.TypeCommit {
			m.Commitment = wire.Commit(st.Game, st.View.Turn, st.View.Step, st.View.Phase, st.Round, side, plans[side], nonces[side])
		} else {
			m.Nonce, m.Commands = nonces[side], plans[side]
		}
		return m
	}
	require.NoError(t, g.handle(battle.Colonial, msg(battle.Colonial, wire.TypeCommit)))
	assert.False(t, g.awaitingReveal(), "the Cylon has still to decide")
	require.NoError(t, g.handle(battle.Cylon, msg(battle.Cylon, wire.TypeCommit)))
	assert.True(t, g.awaitingReveal(), "both committed: the reveals are owed")
	require.NoError(t, g.handle(battle.Colonial, msg(battle.Colonial, wire.TypeReveal)))
	assert.True(t, g.awaitingReveal(), "the Cylon's reveal is owed")
	assert.False(t, g.underWay())
	require.NoError(t, g.handle(battle.Cylon, msg(battle.Cylon, wire.TypeReveal)))
	assert.False(t, g.awaitingReveal())
	assert.True(t, g.underWay(), "the first plans are applied")
}
