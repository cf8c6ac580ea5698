package server_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// endedAs checks that a game ended by the rules of an absent player as
// want says: the state a seat reads shows it, and the published record
// carries it, with no engine result, and verifies with the server's key.
func endedAs(t *testing.T, s *server.Server, base string, cr server.CreateResponse, want wire.Abort) {
	t.Helper()
	st := snapshotState(t, base, cr.Spectator)
	require.NotNil(t, st.Aborted, "game %s did not end", cr.Game)
	assert.Equal(t, want, *st.Aborted)
	rec := record(t, base, cr.Game)
	require.NotNil(t, rec.Abort)
	assert.Equal(t, want, *rec.Abort)
	assert.Nil(t, rec.Result)
	_, err := rec.Verify(comp, s.PublicKey())
	require.NoError(t, err)
}

// notEnded checks that a game goes on.
func notEnded(t *testing.T, base string, cr server.CreateResponse, why string) {
	t.Helper()
	st := snapshotState(t, base, cr.Spectator)
	assert.Nil(t, st.Aborted, why)
	assert.NotEqual(t, battle.Over, st.View.Phase, why)
}

// TestAGameNeverJoinedIsCalledOff: a game whose seat is not taken within
// JoinWithin of its latest message never began: it ends with no result
// (wire.AbortNotJoined) in the state and in a signed record that
// verifies, and it no longer counts against its creator's games.
func TestAGameNeverJoinedIsCalledOff(t *testing.T) {
	clock := newFakeClock()
	s, hs := start(t, server.Options{Clock: clock, TickEvery: time.Hour, MaxGamesPerClient: 2, JoinWithin: time.Hour})
	nobody := host(t, hs.URL, "jump-point")
	alone := host(t, hs.URL, "jump-point")
	clock.Advance(30 * time.Minute)
	r := dialRaw(t, hs.URL, alone.Colonial) // the Colonial waits; the Cylon never comes
	r.state()
	_, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.ErrorContains(t, err, "has 2 unfinished games")

	clock.Advance(30*time.Minute + time.Second)
	s.Tick()
	endedAs(t, s, hs.URL, nobody, wire.Abort{Reason: wire.AbortNotJoined, Turn: 1})
	notEnded(t, hs.URL, alone, "the Colonial took its seat half an hour later")
	host(t, hs.URL, "jump-point") // the game called off no longer counts

	clock.Advance(30 * time.Minute)
	s.Tick()
	st := r.state()
	require.NotNil(t, st.Aborted, "the waiting player is told, on its open connection")
	assert.Equal(t, wire.Abort{Reason: wire.AbortNotJoined, Turn: 1}, *st.Aborted)
	assert.Equal(t, "The game was called off: a seat was never taken. No result.", st.Aborted.Text(nil))
	endedAs(t, s, hs.URL, alone, wire.Abort{Reason: wire.AbortNotJoined, Turn: 1})
	late := snapshotState(t, hs.URL, alone.Cylon)
	require.NotNil(t, late.Aborted, "the Cylon coming late finds the game called off")
	assert.Equal(t, []battle.Side{battle.Colonial}, late.Joined, "and does not take a seat in a game that is over")
}

// TestAnAbsentPlayerForfeits: in games without a clock, the side that
// owes a move when its game is left unplayed past its time forfeits, and
// the other wins; when both owe one, the game is abandoned with no
// result. Left AbandonedExpiry (a day) while nobody plays it (no plan
// revealed yet, or a reveal owed): both joined and nobody committed (no
// result); the Colonial committed and the Cylon never did (the Cylon
// forfeits); the Cylon committed and never revealed (it forfeits,
// no-reveal). Under way, the players may think for IdleExpiry (30 days),
// then the side owing forfeits. A connection held open by the absent
// player does not keep its game going, and the player at the table is
// told on its connection. Each ending is in a signed record that
// verifies, and a server restarted on the same data rebuilds it.
func TestAnAbsentPlayerForfeits(t *testing.T) {
	clock := newFakeClock()
	dir := t.TempDir()
	opts := server.Options{Data: dir, Clock: clock, TickEvery: time.Hour, MaxGamesPerClient: 10, AbandonedExpiry: 24 * time.Hour, IdleExpiry: 30 * 24 * time.Hour}
	s, hs := start(t, opts)

	nobody := host(t, hs.URL, "jump-point")
	seated(t, hs.URL, nobody)

	oneSided := host(t, hs.URL, "jump-point")
	col, cylIdle, colSt, _ := seated(t, hs.URL, oneSided)
	sealPlans(t, col, colSt) // the Colonial commits; the Cylon keeps its connection open and never plays

	noReveal := host(t, hs.URL, "jump-point")
	col2, cyl2, colSt2, cylSt2 := seated(t, hs.URL, noReveal)
	colReveal := sealPlans(t, col2, colSt2)
	sealPlans(t, cyl2, cylSt2) // committed, never revealed
	require.Equal(t, wire.TypeAck, col2.send(colReveal).Type)

	thinking := host(t, hs.URL, "jump-point")
	col3, cyl3, colSt3, cylSt3 := seated(t, hs.URL, thinking)
	rv1 := sealPlans(t, col3, colSt3)
	rv2 := sealPlans(t, cyl3, cylSt3)
	require.Equal(t, wire.TypeAck, col3.send(rv1).Type)
	require.Equal(t, wire.TypeAck, cyl3.send(rv2).Type)
	colSt3 = snapshotState(t, hs.URL, thinking.Colonial)
	require.Equal(t, 2, colSt3.View.Turn)
	sealPlans(t, col3, colSt3) // turn 2: the Colonial commits, the Cylon thinks

	clock.Advance(24*time.Hour - time.Minute)
	s.Tick()
	for _, cr := range []server.CreateResponse{nobody, oneSided, noReveal, thinking} {
		notEnded(t, hs.URL, cr, "not yet a day")
	}
	clock.Advance(2 * time.Minute)
	s.Tick()
	endedAs(t, s, hs.URL, nobody, wire.Abort{Reason: wire.AbortAbandoned, Turn: 1})
	endedAs(t, s, hs.URL, oneSided, wire.Abort{Forfeits: battle.Cylon, Reason: wire.AbortAbandoned, Turn: 1})
	endedAs(t, s, hs.URL, noReveal, wire.Abort{Forfeits: battle.Cylon, Reason: wire.AbortNoReveal, Turn: 1})
	notEnded(t, hs.URL, thinking, "under way: the players may think longer")
	for _, r := range []*raw{col, cylIdle} {
		st := r.state()
		for st.Aborted == nil {
			st = r.state()
		}
		assert.Contains(t, st.Aborted.Text(nil), "the cylon side forfeits (it left the game unplayed); the colonial side wins")
	}

	clock.Advance(30 * 24 * time.Hour)
	s.Tick()
	endedAs(t, s, hs.URL, thinking, wire.Abort{Forfeits: battle.Cylon, Reason: wire.AbortAbandoned, Turn: 2})

	// A server restarted on the same data rebuilds every ending.
	want := map[string]wire.Record{}
	for _, cr := range []server.CreateResponse{nobody, oneSided, noReveal, thinking} {
		want[cr.Game] = record(t, hs.URL, cr.Game)
	}
	hs.Close()
	require.NoError(t, s.Close())
	s2, hs2 := start(t, opts)
	for id, rec := range want {
		got := record(t, hs2.URL, id)
		assert.Equal(t, rec.Abort, got.Abort, id)
		assert.Equal(t, rec.Hash, got.Hash, id)
		_, err := got.Verify(comp, s2.PublicKey())
		require.NoError(t, err)
	}
}
