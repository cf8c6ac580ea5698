package seat

import (
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// pollUntil polls seats until cond holds (a bound on the loop, not a
// budget: it waits on the seats' state).
func pollUntil(t *testing.T, cond func() bool, seats ...*Net) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		for _, n := range seats {
			n.Poll()
		}
		if cond() {
			return
		}
		if !time.Now().Before(deadline) {
			for _, n := range seats {
				t.Logf("%+v %+v owe %v", n.Status(), momentOf(n.View(n.st.Seat)), n.st.Owe)
			}
		}
		require.True(t, time.Now().Before(deadline), "the seats did not get there")
		time.Sleep(2 * time.Millisecond)
	}
}

// TestNetSeatHoldsPlansUntilTheReveal: a network seat keeps the plans
// committed ship by ship here (face down in its view, withdrawn by
// CmdUndo), turns to the reveal once every owed ship has one, and seals
// and sends them all with CmdReveal (Planning: committed plans are
// secret until both players reveal); the other seat waits for it, then
// both see the moves as typed events.
func TestNetSeatHoldsPlansUntilTheReveal(t *testing.T) {
	comp := assets.Default()
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	col := NewNet(comp, hs.URL, cr.Colonial, nil)
	cyl := NewNet(comp, hs.URL, cr.Cylon, nil)
	t.Cleanup(func() { col.Leave(); cyl.Leave() })
	pollUntil(t, func() bool { return col.Status().Ready && cyl.Status().Ready }, col, cyl)
	assert.Equal(t, []battle.Side{battle.Colonial}, col.Sides())
	assert.Equal(t, "Furball", col.Setup().Name, "the scenario from the server")
	n := len(col.Events())

	plan := func(n *Net, side battle.Side) {
		v := n.View(side)
		var ids []string
		for _, sv := range v.Ships {
			if sv.Own && sv.OnTable && !sv.Out {
				ids = append(ids, sv.ID)
			}
		}
		require.NotEmpty(t, ids)
		for i, id := range ids {
			p := starship.Plan{Cards: []string{"straight"}, Speed: "medium"}
			o, err := n.Preview(side, id, p)
			require.NoError(t, err)
			require.Empty(t, o.Violations)
			require.NoError(t, n.Do(battle.Command{Type: battle.CmdPlan, Side: side, Ship: id, Plan: &p}))
			sv, _ := own(n.View(side), id)
			assert.True(t, sv.Planned, "%s lies face down", id)
			if i == 0 {
				require.NoError(t, n.Do(battle.Command{Type: battle.CmdUndo, Side: side, Ship: id}))
				sv, _ = own(n.View(side), id)
				assert.False(t, sv.Planned, "%s withdrawn", id)
				require.NoError(t, n.Do(battle.Command{Type: battle.CmdPlan, Side: side, Ship: id, Plan: &p}))
			}
		}
		require.Equal(t, battle.Revealing, n.View(side).Phase, "every plan is in: the reveal")
		require.NoError(t, n.Do(battle.Command{Type: battle.CmdReveal, Side: side}))
		require.Error(t, n.Do(battle.Command{Type: battle.CmdUndo, Side: side, Ship: ids[0]}), "sealed: no withdrawing")
	}
	plan(col, battle.Colonial)
	pollUntil(t, func() bool { return col.Status().Sealed || col.Status().Sending == "" }, col)
	st := col.Status()
	assert.Equal(t, battle.Cylon, st.Waiting, "waiting for the Cylon player")
	plan(cyl, battle.Cylon)
	pollUntil(t, func() bool {
		v := col.View(battle.Colonial)
		return (v.Turn > 1 || v.Phase != battle.Planning) && col.Status().Sending == ""
	}, col, cyl)
	require.NoError(t, col.Status().Err)
	require.NoError(t, cyl.Status().Err)
	evs := col.Events()
	require.Greater(t, len(evs), n)
	assert.True(t, slices.ContainsFunc(evs[n:], func(e battle.Event) bool { return e.Kind == battle.EvMoveStep }), "the moves arrive as typed events")
	assert.Equal(t, evs[:n], col.Events()[:n], "the log only grows")
	require.Error(t, col.Do(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon}), "the other seat's side")
}

func own(v battle.View, id string) (battle.ShipView, bool) {
	for _, s := range v.Ships {
		if s.ID == id && s.Own {
			return s, true
		}
	}
	return battle.ShipView{}, false
}
