package server_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// hostClock creates a game of The Jump Point with a clock.
func hostClock(t *testing.T, base string, spec wire.ClockSpec) server.CreateResponse {
	body, _ := json.Marshal(server.CreateRequest{Scenario: "jump-point", Clock: &spec})
	resp, err := http.Post(base+"/api/games", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var cr server.CreateResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&cr))
	return cr
}

// seated connects both seats and returns them with their first ready
// states.
func seated(t *testing.T, base string, cr server.CreateResponse) (col, cyl *raw, colSt, cylSt *wire.State) {
	col = dialRaw(t, base, cr.Colonial)
	col.state()
	cyl = dialRaw(t, base, cr.Cylon)
	cylSt = cyl.state()
	for !cylSt.Ready {
		cylSt = cyl.state()
	}
	return col, cyl, snapshotState(t, base, cr.Colonial), cylSt
}

// sealPlans commits to still plans for every owed ship and returns the
// reveal.
func sealPlans(t *testing.T, r *raw, st *wire.State) wire.ClientMsg {
	var cmds []battle.Command
	for _, id := range st.Owe {
		cmds = append(cmds, stillPlan(st, id))
	}
	nonce := wire.NewNonce()
	c := at(st, wire.TypeCommit)
	c.Commitment = wire.Commit(st.Game, st.View.Turn, st.View.Step, st.View.Phase, st.Round, st.Seat, cmds, nonce)
	require.Equal(t, wire.TypeAck, r.send(c).Type, "commit")
	rv := at(st, wire.TypeReveal)
	rv.Nonce, rv.Commands = nonce, cmds
	return rv
}

// TestAnAbsentSideThatRunsOutOfTimePlansStop: a live clock of 60 s a turn
// runs only while a side owes a decision, measured by the server. The
// Cylon player never plans: at 59 s nothing happens, past 60 s the server
// plays the stand-in plan for each of its ships (straight at stop: the
// clock's rule "stop"), both seats are told, the turn goes on with a fresh
// bank, and the finished game's record verifies with the timed-out seal.
func TestAnAbsentSideThatRunsOutOfTimePlansStop(t *testing.T) {
	clock := newFakeClock()
	s, hs := start(t, server.Options{Clock: clock, TickEvery: time.Hour})
	cr := hostClock(t, hs.URL, wire.ClockSpec{Mode: wire.ClockLive, Seconds: 60})
	col, _, colSt, _ := seated(t, hs.URL, cr)
	require.NotNil(t, colSt.Clock)
	assert.Equal(t, int64(60_000), colSt.Clock.LeftMs[battle.Cylon])
	assert.ElementsMatch(t, []battle.Side{battle.Colonial, battle.Cylon}, colSt.Clock.Running)

	clock.Advance(10 * time.Second)
	colReveal := sealPlans(t, col, colSt) // Colonial commits within its time
	clock.Advance(49 * time.Second)
	s.Tick()
	st := snapshotState(t, hs.URL, cr.Colonial)
	assert.Equal(t, 1, st.View.Turn, "59 s: the Cylon still has time")
	assert.Equal(t, []battle.Side{battle.Cylon}, st.Clock.Running)
	assert.Equal(t, int64(50_000), st.Clock.LeftMs[battle.Colonial], "Colonial's time stopped when it committed")

	clock.Advance(2 * time.Second)
	s.Tick()
	st = snapshotState(t, hs.URL, cr.Colonial)
	require.Equal(t, []battle.Side{battle.Cylon}, st.Revealed, "the Cylon's time ran out: the server opened for it")
	assert.Equal(t, []battle.Side{battle.Colonial}, st.Clock.Running, "Colonial owes its reveal now")
	require.Equal(t, wire.TypeAck, col.send(colReveal).Type)
	st = snapshotState(t, hs.URL, cr.Colonial)
	require.Greater(t, st.View.Turn, 1, "the Cylon's time ran out: its ships flew the stand-in")
	var stood []string
	for _, n := range st.StandIns {
		if n.Side == battle.Cylon {
			assert.Equal(t, "time ran out", n.Refusal)
			require.NotNil(t, n.Played)
			stood = append(stood, n.Ship)
		}
	}
	assert.Equal(t, []string{"hunter-1"}, stood)
	assert.Equal(t, int64(60_000), st.Clock.LeftMs[battle.Cylon], "a new turn, a new bank")

	got := botGame(t, hs.URL, cr, "greedy", "greedy")
	rec := got[battle.Colonial].Record
	require.NotNil(t, rec)
	_, err := rec.Verify(comp, s.PublicKey())
	require.NoError(t, err)
	assert.True(t, rec.Seals[1].TimedOut, "%+v", rec.Seals[1])
	assert.Equal(t, battle.Cylon, rec.Seals[1].Side)
}

// TestARevealThatNeverComesIsAnAbort: a side that commits and never
// opens its commitment forfeits when its time runs out (the clock's rule
// "stop" cannot play a decision it has sealed); the game ends with the
// abort in the state and in the signed record, which verifies.
func TestARevealThatNeverComesIsAnAbort(t *testing.T) {
	clock := newFakeClock()
	s, hs := start(t, server.Options{Clock: clock, TickEvery: time.Hour})
	cr := hostClock(t, hs.URL, wire.ClockSpec{Mode: wire.ClockLive, Seconds: 60})
	col, cyl, colSt, cylSt := seated(t, hs.URL, cr)
	colReveal := sealPlans(t, col, colSt)
	sealPlans(t, cyl, cylSt) // committed, never revealed
	require.Equal(t, wire.TypeAck, col.send(colReveal).Type)
	clock.Advance(61 * time.Second)
	s.Tick()
	st := snapshotState(t, hs.URL, cr.Colonial)
	require.NotNil(t, st.Aborted)
	assert.Equal(t, wire.Abort{Forfeits: battle.Cylon, Turn: 1, Reason: wire.AbortNoReveal}, *st.Aborted)
	require.NotNil(t, st.Record)
	assert.Equal(t, st.Aborted, st.Record.Abort)
	_, err := st.Record.Verify(comp, s.PublicKey())
	require.NoError(t, err)
	late := at(st, wire.TypeCommit)
	late.Commitment = colReveal.Nonce
	ans := col.send(late)
	assert.Contains(t, ans.Error, "the game is over")
}

// TestForfeitAfterGrace: with the rule "forfeit" and 30 s of grace, a
// side whose 30 s ran out 20 s ago still may play; 10 s later it has
// forfeited. A server started again on the same data has the same clock.
func TestForfeitAfterGrace(t *testing.T) {
	clock := newFakeClock()
	dir := t.TempDir()
	s, hs := start(t, server.Options{Data: dir, Clock: clock, TickEvery: time.Hour})
	cr := hostClock(t, hs.URL, wire.ClockSpec{Mode: wire.ClockLive, Seconds: 30, OnExpiry: wire.ExpiryForfeit, Grace: 30})
	col, _, colSt, _ := seated(t, hs.URL, cr)
	clock.Advance(5 * time.Second)
	sealPlans(t, col, colSt)
	clock.Advance(45 * time.Second)
	s.Tick()
	st := snapshotState(t, hs.URL, cr.Colonial)
	require.Nil(t, st.Aborted, "in its grace")
	assert.Equal(t, -20*time.Second, st.Clock.LeftAt(battle.Cylon, clock.Now()))
	assert.Equal(t, 25*time.Second, st.Clock.LeftAt(battle.Colonial, clock.Now()), "its time stopped when it committed")

	hs.Close()
	require.NoError(t, s.Close())
	s2, hs2 := start(t, server.Options{Data: dir, Clock: clock, TickEvery: time.Hour})
	again := snapshotState(t, hs2.URL, cr.Colonial)
	assert.Equal(t, int64(25_000), again.Clock.LeftMs[battle.Colonial], "the clock is stored with the messages")

	clock.Advance(10 * time.Second)
	s2.Tick()
	st = snapshotState(t, hs2.URL, cr.Colonial)
	require.NotNil(t, st.Aborted)
	assert.Equal(t, wire.Abort{Forfeits: battle.Cylon, Turn: 1, Reason: wire.AbortTime}, *st.Aborted)
}

// TestALateMessageFindsTheTimeRunOut: a side whose time ran out since the
// server last looked has the clock's rule applied before its message is
// read: its late commitment is refused, and the stand-ins stand.
func TestALateMessageFindsTheTimeRunOut(t *testing.T) {
	clock := newFakeClock()
	_, hs := start(t, server.Options{Clock: clock, TickEvery: time.Hour})
	cr := hostClock(t, hs.URL, wire.ClockSpec{Mode: wire.ClockLive, Seconds: 60})
	col, cyl, colSt, cylSt := seated(t, hs.URL, cr)
	sealPlans(t, col, colSt)
	clock.Advance(61 * time.Second)
	late := at(cylSt, wire.TypeCommit)
	late.Commitment = strings.Repeat("ab", 32)
	ans := cyl.send(late)
	require.Equal(t, wire.TypeError, ans.Type)
	assert.Contains(t, ans.Error, "commit: cylon owes no decision now")
	st := snapshotState(t, hs.URL, cr.Colonial)
	assert.Equal(t, []battle.Side{battle.Cylon}, st.Revealed, "the server opened for the Cylon")
}
