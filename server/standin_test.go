package server_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// TestARevealTheEngineRefusesNeverLocksTheGame: a side commits to plans
// the engine cannot read (a plan with no cards, a plan for the other
// side's ship, no plan for one of its own ships). Its opening is accepted
// all the same (a commitment cannot be made again, so refusing it froze
// the game for ever): every ship owed a plan flies the stand-in (straight,
// speed stop), both seats are told, the turn goes on, and the record
// verifies with what was played. (Special cases: Illegal moves.)
func TestARevealTheEngineRefusesNeverLocksTheGame(t *testing.T) {
	s, hs := start(t, serverOpts())
	cr := host(t, hs.URL, "jump-point")
	col := dialRaw(t, hs.URL, cr.Colonial)
	cyl := dialRaw(t, hs.URL, cr.Cylon)
	col.state()
	cylSt := cyl.state()
	for !cylSt.Ready {
		cylSt = cyl.state()
	}
	colSt := snapshotState(t, hs.URL, cr.Colonial)
	require.Equal(t, []string{"raptor", "escort-1", "escort-2"}, colSt.Owe)

	seal := func(r *raw, st *wire.State, side battle.Side, cmds []battle.Command) wire.ClientMsg {
		nonce := wire.NewNonce()
		c := at(st, wire.TypeCommit)
		c.Commitment = wire.Commit(st.Game, st.View.Turn, st.View.Step, st.View.Phase, st.Round, side, cmds, nonce)
		require.Equal(t, wire.TypeAck, r.send(c).Type, "commit")
		rv := at(st, wire.TypeReveal)
		rv.Nonce, rv.Commands = nonce, cmds
		return rv
	}
	// Colonial: raptor with no cards, escort-1 fine, escort-2 missing, and
	// a plan for a Cylon ship.
	noCards := battle.Command{Type: battle.CmdPlan, Ship: "raptor", Plan: &starship.Plan{Speed: "medium"}}
	colCmds := []battle.Command{noCards, stillPlan(colSt, "escort-1"), stillPlan(cylSt, "hunter-1")}
	colReveal := seal(col, colSt, battle.Colonial, colCmds)
	cylReveal := seal(cyl, cylSt, battle.Cylon, []battle.Command{stillPlan(cylSt, "hunter-1")})
	require.Equal(t, wire.TypeAck, col.send(colReveal).Type, "an opening the engine partly refuses is accepted")
	require.Equal(t, wire.TypeAck, cyl.send(cylReveal).Type)

	st := snapshotState(t, hs.URL, cr.Cylon)
	require.Greater(t, st.View.Turn, 1, "the game went on to the next turn")
	byShip := map[string]wire.StandInNote{}
	for _, n := range st.StandIns {
		assert.Equal(t, battle.Colonial, n.Side)
		byShip[n.Ship] = n
	}
	require.Len(t, byShip, 3, "%+v", st.StandIns)
	assert.Equal(t, 0, byShip["raptor"].Index)
	assert.NotEmpty(t, byShip["raptor"].Refusal)
	require.NotNil(t, byShip["raptor"].Played)
	assert.Equal(t, wire.StandIn(battle.CmdPlan, "raptor", 0), *byShip["raptor"].Played)
	assert.Equal(t, -1, byShip["escort-2"].Index, "a ship with no plan revealed")
	require.NotNil(t, byShip["escort-2"].Played)
	assert.Equal(t, 2, byShip["hunter-1"].Index)
	assert.Nil(t, byShip["hunter-1"].Played, "a plan for the other side's ship is dropped")

	// Played to its end, the record verifies: the opened commands open
	// the commitment, and the journal holds what was played.
	got := botGame(t, hs.URL, cr, "greedy", "greedy")
	rec := got[battle.Colonial].Record
	require.NotNil(t, rec)
	_, err := rec.Verify(comp, s.PublicKey())
	require.NoError(t, err)
	first := rec.Seals[0]
	require.Equal(t, battle.Colonial, first.Side)
	assert.Equal(t, colCmds, first.Commands, "the opening as committed")
	require.Len(t, first.Played, 3)
	assert.Equal(t, "escort-1", first.Played[0].Ship)
	assert.Equal(t, wire.StandIn(battle.CmdPlan, "raptor", 0), first.Played[1])
	assert.Equal(t, wire.StandIn(battle.CmdPlan, "escort-2", 0), first.Played[2])
}
