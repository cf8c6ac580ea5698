package seat

import (
	"net/http/httptest"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// planAll commits a plan for every ship a companion seat owes (straight
// at the speed its kinetic energy keeps, but for except) and reveals.
func planAll(t *testing.T, c *Companion, except map[string]starship.Plan) {
	t.Helper()
	side := c.Sides()[0]
	for _, id := range c.State().Owe {
		p, ok := except[id]
		if !ok {
			sv, _ := own(c.View(side), id)
			sp, _ := maneuvers.SpeedForKineticEnergy(*sv.KE)
			p = starship.Plan{Cards: []string{"straight"}, Speed: sp, Rotate: sv.Rotation}
		}
		require.NoError(t, c.Do(battle.Command{Type: battle.CmdPlan, Side: side, Ship: id, Plan: &p}))
	}
	require.NoError(t, c.Do(battle.Command{Type: battle.CmdReveal, Side: side}))
}

// settled reports whether a seat has nothing on its way and has the
// latest state of the other.
func settled(a, b *Companion) bool {
	return a.Status().Sending == "" && b.Status().Sending == "" && a.State() != nil && b.State() != nil && a.State().Seq == b.State().Seq
}

// A companion seat is the network seat and the Table capability: the
// draw the game waits for and who makes it, a typed counter (a wrong one
// refused, the game unchanged), a pose corrected by Do while the table is
// aligned (the other side's ship refused), an undo proposed at one seat
// and agreed at the other, and the word that the table is aligned.
func TestCompanionSeatPlaysATableTurn(t *testing.T) {
	comp := assets.Default()
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	col := NewCompanion(comp, hs.URL, cr.Colonial, nil)
	cyl := NewCompanion(comp, hs.URL, cr.Cylon, nil)
	t.Cleanup(func() { col.Leave(); cyl.Leave() })
	var seat Seat = col
	_, ok := seat.(Table)
	require.True(t, ok, "the screen finds the Table capability")
	poll := func(cond func() bool) {
		t.Helper()
		pollUntil(t, func() bool { col.Poll(); cyl.Poll(); return cond() }, col.Net, cyl.Net)
	}
	poll(func() bool { return col.Status().Ready && cyl.Status().Ready && col.State().Companion })
	assert.True(t, col.AtTable())

	// The rookie's hard turn at medium speed is illegal (Special cases:
	// Illegal moves): its counter is drawn by its owner.
	planAll(t, col, map[string]starship.Plan{"raptor": {Cards: []string{"hard-turn-left"}, Speed: maneuvers.Medium}})
	planAll(t, cyl, nil)
	poll(func() bool { n, _ := col.Need(); return n != nil && settled(col, cyl) })
	n, mine := col.Need()
	require.Equal(t, battle.DrawCounter, n.What)
	assert.True(t, mine)
	_, theirs := cyl.Need()
	assert.False(t, theirs)
	require.NotEmpty(t, col.Moves())
	seq := col.State().Seq
	require.NoError(t, col.Supply(wire.Supply{Counter: &battle.Counter{Value: 99}}))
	poll(func() bool { return col.Status().Sending == "" })
	require.Error(t, col.Status().Err, "a counter not in the cup")
	var sr *SupplyRefused
	require.ErrorAs(t, col.Status().Err, &sr, "the refusal names what was supplied, for which need")
	assert.Equal(t, battle.Counter{Value: 99}, *sr.Supply.Counter)
	assert.Equal(t, *n, sr.Need)
	var refused *client.Refused
	assert.ErrorAs(t, sr, &refused, "the server's refusal")
	assert.Equal(t, seq, col.State().Seq)
	require.NoError(t, col.Supply(wire.Supply{Counter: &battle.Counter{Value: 1}}))
	poll(func() bool { return col.View(battle.Colonial).Phase == battle.Aligning && settled(col, cyl) })
	require.NoError(t, col.Status().Err)

	// The table: the escort's model stands 2 mm further on.
	sv, _ := own(col.View(battle.Colonial), "escort-2")
	was := sv.Pose
	moved := physics.Pose{Pos: was.Pos.Add(physics.V(0, 2)), Heading: was.Heading}
	require.Error(t, cyl.Do(battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "escort-2", Pose: &moved}), "not the Cylon's ship")
	require.NoError(t, col.Do(battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "escort-2", Pose: &moved}))
	poll(func() bool { return shipIn(cyl.View(battle.Cylon), "escort-2").Pose == moved && settled(col, cyl) })

	// Undo by agreement.
	require.Positive(t, col.UndoPoints())
	require.NoError(t, col.ProposeUndo(1))
	poll(func() bool { return cyl.Offer() != nil && settled(col, cyl) })
	require.NoError(t, cyl.AnswerUndo(true))
	poll(func() bool {
		sv, _ := own(col.View(battle.Colonial), "escort-2")
		return sv.Pose == was && settled(col, cyl)
	})
	assert.Nil(t, col.Offer())

	// The Cylon's photo puts escort-2's model 3 mm further on: it
	// proposes, the owner agrees, the twin follows.
	moved = physics.Pose{Pos: was.Pos.Add(physics.V(0, 3)), Heading: was.Heading}
	require.NoError(t, cyl.ProposePoses(wire.Poses{Ships: []wire.ShipPose{{Ship: "escort-2", Pose: moved}}}))
	poll(func() bool { return col.PoseOffer() != nil && settled(col, cyl) })
	assert.Equal(t, battle.Cylon, col.PoseOffer().By)
	assert.Equal(t, was, shipIn(col.View(battle.Colonial), "escort-2").Pose, "nothing moves before the owner agrees")
	require.NoError(t, col.AnswerPoses(true))
	poll(func() bool { return shipIn(cyl.View(battle.Cylon), "escort-2").Pose == moved && settled(col, cyl) })
	assert.Nil(t, cyl.PoseOffer())
	require.NoError(t, col.Status().Err)

	require.NoError(t, col.Do(battle.Command{Type: battle.CmdAligned, Side: battle.Colonial}))
	poll(func() bool { return slices.Contains(cyl.Aligned(), battle.Colonial) && settled(col, cyl) })
	require.NoError(t, cyl.Do(battle.Command{Type: battle.CmdAligned, Side: battle.Cylon}))
	// No ship can fire: movement step 2, then the table again.
	poll(func() bool { return col.View(battle.Colonial).Step == 2 && settled(col, cyl) })
	assert.Equal(t, battle.Aligning, col.View(battle.Colonial).Phase)
	require.NoError(t, col.Status().Err)
}

// TestCompanionSeatPlansAgainAfterAnUndoOfTheReveal: played on two
// phones, an undo by agreement of the reveal (Undo by agreement) put both
// back to the same turn's planning, but each seat still took its plans
// for sealed: Commit said "the plans are sealed already" and the screen
// said it was the other side's turn, for ever. The plans are owed again
// and go.
func TestCompanionSeatPlansAgainAfterAnUndoOfTheReveal(t *testing.T) {
	comp := assets.Default()
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	col := NewCompanion(comp, hs.URL, cr.Colonial, nil)
	cyl := NewCompanion(comp, hs.URL, cr.Cylon, nil)
	t.Cleanup(func() { col.Leave(); cyl.Leave() })
	poll := func(cond func() bool) {
		t.Helper()
		pollUntil(t, func() bool { col.Poll(); cyl.Poll(); return cond() }, col.Net, cyl.Net)
	}
	poll(func() bool { return col.Status().Ready && cyl.Status().Ready && col.State().Companion })
	planAll(t, col, nil)
	planAll(t, cyl, nil)
	poll(func() bool { return col.View(battle.Colonial).Phase == battle.Aligning && settled(col, cyl) })
	require.Positive(t, col.UndoPoints())
	require.NoError(t, col.ProposeUndo(1))
	poll(func() bool { return cyl.Offer() != nil && settled(col, cyl) })
	require.NoError(t, cyl.AnswerUndo(true))
	poll(func() bool {
		return col.View(battle.Colonial).Phase == battle.Planning && cyl.View(battle.Cylon).Phase == battle.Planning && settled(col, cyl)
	})
	require.Equal(t, 1, col.View(battle.Colonial).Turn, "the same turn's planning")
	for _, c := range []*Companion{col, cyl} {
		require.NotEmpty(t, c.State().Owe, "%s owes its plans again", c.Sides()[0])
	}
	// each seat takes its plans again (planAll fails on "sealed already")
	planAll(t, col, nil)
	planAll(t, cyl, nil)
	poll(func() bool { return col.View(battle.Colonial).Phase == battle.Aligning && settled(col, cyl) })
	require.NoError(t, col.Status().Err)
	require.NoError(t, cyl.Status().Err)
}

// shipIn returns a ship of a view.
func shipIn(v battle.View, id string) battle.ShipView {
	for _, s := range v.Ships {
		if s.ID == id {
			return s
		}
	}
	return battle.ShipView{}
}

// Movement (the table companion): both players say the table is aligned
// after a movement step. Both saying it at once is no error, and the
// game goes on once, to the next step. One player's word alone moves
// nothing and shows on the other's seat (Aligned); said again, nothing
// is sent. Said while the game waits for a die the words led to
// (hunter-2's FTL arrival when turn 1 ends: its player rolls), it
// changes nothing and is no error either; the panel says what is owed.
func TestCompanionSeatsBothSayTheTableIsAligned(t *testing.T) {
	comp := assets.Default()
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	col := NewCompanion(comp, hs.URL, cr.Colonial, nil)
	cyl := NewCompanion(comp, hs.URL, cr.Cylon, nil)
	t.Cleanup(func() { col.Leave(); cyl.Leave() })
	poll := func(cond func() bool) {
		t.Helper()
		pollUntil(t, func() bool { col.Poll(); cyl.Poll(); return cond() }, col.Net, cyl.Net)
	}
	poll(func() bool {
		return col.Status().Ready && cyl.Status().Ready && col.State().Companion && cyl.State().Companion
	})
	planAll(t, col, nil)
	planAll(t, cyl, nil)
	poll(func() bool { return col.View(battle.Colonial).Phase == battle.Aligning && settled(col, cyl) })
	require.Equal(t, 1, col.View(battle.Colonial).Step)

	// both at once, from the same moment
	aligned := battle.Command{Type: battle.CmdAligned}
	aligned.Side = battle.Colonial
	require.NoError(t, col.Do(aligned))
	aligned.Side = battle.Cylon
	require.NoError(t, cyl.Do(aligned))
	poll(func() bool { return settled(col, cyl) && col.View(battle.Colonial).Step == 2 })
	assert.NoError(t, col.Status().Err, "the Colonial's word")
	assert.NoError(t, cyl.Status().Err, "the Cylon's word, after the Colonial's or before")
	assert.Equal(t, battle.Aligning, col.View(battle.Colonial).Phase, "the game went on once: movement step 2 to align")
	assert.Equal(t, 1, col.View(battle.Colonial).Turn)

	// step 2: the Colonial's word alone moves nothing; the Cylon phone
	// shows it; said again, nothing is sent
	aligned.Side = battle.Colonial
	require.NoError(t, col.Do(aligned))
	poll(func() bool { return slices.Contains(cyl.Aligned(), battle.Colonial) && settled(col, cyl) })
	assert.Equal(t, []battle.Side{battle.Colonial}, col.Aligned())
	assert.Equal(t, battle.Aligning, cyl.View(battle.Cylon).Phase, "one word: the game waits for the other's")
	assert.Equal(t, 2, cyl.View(battle.Cylon).Step)
	assert.Equal(t, battle.Cylon, col.Status().Waiting, "the Colonial waits for the Cylon's word")
	seq := col.State().Seq
	require.NoError(t, col.Do(aligned))
	poll(func() bool { return settled(col, cyl) })
	assert.NoError(t, col.Status().Err, "the same word again: nothing to send, no refusal")
	assert.Equal(t, seq, col.State().Seq, "nothing sent, nothing changed")
	// the Cylon's word ends turn 1: hunter-2 arrives by FTL, its dice
	// rolled at the table by its player, the Cylon
	aligned.Side = battle.Cylon
	require.NoError(t, cyl.Do(aligned))
	poll(func() bool { n, _ := cyl.Need(); return n != nil && settled(col, cyl) })
	_, mine := cyl.Need()
	assert.True(t, mine, "the Cylon phone rolls hunter-2's dice")
	require.Equal(t, battle.Aligning, cyl.View(battle.Cylon).Phase, "the word waits for the dice")
	seq, need := cyl.State().Seq, *cyl.State().Need
	require.NoError(t, cyl.Do(aligned))
	poll(func() bool { return settled(col, cyl) })
	assert.NoError(t, cyl.Status().Err, "no refusal: the table was aligned")
	assert.Equal(t, seq, cyl.State().Seq, "nothing sent, nothing changed")
	assert.Equal(t, need, *cyl.State().Need, "the same die is owed")
}
