package server_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// posesAtAligning brings a companion game of The Jump Point to the
// aligning after movement step 1 (every ship cruising).
func posesAtAligning(t *testing.T, opts server.Options) (*table, server.CreateResponse, string) {
	opts.Rate, opts.Burst, opts.ClientRate, opts.ClientBurst = 1e6, 1e6, 1e6, 1e6 // 1000 proposals
	_, hs := start(t, opts)
	cr := hostCompanion(t, hs.URL, "jump-point")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	t.Cleanup(cancel)
	tb := sit(t, ctx, hs.URL, cr, nil)
	var typed []int
	tb.answer(nil, &typed)
	tb.cruise(nil)
	tb.answer(nil, &typed)
	st := tb.sync()
	require.Equal(t, battle.Aligning, st.View.Phase)
	require.Equal(t, 1, st.View.Step)
	require.True(t, shipView(st, "hunter-1").OnTable)
	return tb, cr, hs.URL
}

func proposal(ships ...wire.ShipPose) wire.Poses { return wire.Poses{Ships: ships} }

// nudged is p moved dx, dy mm and turned by deg degrees.
func nudged(p physics.Pose, dx, dy, deg float64) physics.Pose {
	return physics.Pose{Pos: p.Pos.Add(physics.V(dx, dy)), Heading: p.Heading + physics.Deg(deg)}
}

// Issue 27 (the table companion), item 3: after a movement step the
// players correct ANY ship's pose to where its model stands. Only a
// ship's owner corrects it; the other player proposes (from a photo of a
// disputed shot, or set on the twin) and the owner agrees or refuses. The
// proposal is public (both seats see it); agreed, each pose is corrected
// with the owner's side and journaled, and the record replays to the same
// hash. Refused: a ship that is not the opponent's, a pose off the table
// or on another base, while another offer is open, a stale proposal, an
// answer from the proposer, twice, or without a proposal.
func TestCompanionPoseProposalForTheOtherPlayersShips(t *testing.T) {
	tb, cr, base := posesAtAligning(t, serverOpts())
	ctx := tb.ctx
	col, cyl := tb.seat[battle.Colonial], tb.seat[battle.Cylon]
	st := tb.sync()
	hunter := shipView(st, "hunter-1").Pose
	escort2 := shipView(st, "escort-2").Pose
	snap := func() string { return snapshot(t, base, cr.Colonial) + snapshot(t, base, cr.Cylon) }
	before := snap()

	// refused, the game unchanged
	tb.refused(col.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "escort-1", Pose: nudged(shipView(st, "escort-1").Pose, 2, 0, 0)})), "an own ship")
	tb.refused(col.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "basestar-9", Pose: hunter})), "no such ship")
	tb.refused(col.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "hunter-1", Pose: physics.Pose{Pos: physics.V(2, hunter.Pos.Y)}})), "off the table")
	err := col.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "hunter-1", Pose: escort2}))
	tb.refused(err, "on another base")
	var refusal *client.Refused
	require.ErrorAs(t, err, &refusal)
	require.NotNil(t, refusal.Pose, "the refusal as data")
	assert.Contains(t, refusal.Pose.Faults, battle.PlaceFault{Fault: battle.FaultOverlap, Other: "escort-2"})
	tb.refused(cyl.AnswerPoses(ctx, true), "an answer without a proposal")
	require.Equal(t, before, snap(), "refusals change nothing")

	// proposed: both seats see it; the proposer cannot answer it, the
	// owner cannot propose or undo while it waits
	want := nudged(hunter, 4, -3, 6)
	shot := &wire.DisputedPair{Attacker: "escort-1", Target: "hunter-1"}
	require.NoError(t, col.ProposePoses(ctx, wire.Poses{Ships: []wire.ShipPose{{Ship: "hunter-1", Pose: want}}, Shot: shot}))
	st = tb.sync()
	offer := &wire.PoseOffer{By: battle.Colonial, Poses: wire.Poses{Ships: []wire.ShipPose{{Ship: "hunter-1", Pose: want}}, Shot: shot}}
	assert.Equal(t, offer, st.Poses)
	assert.Equal(t, offer, cyl.State().Poses, "the owner sees the proposal")
	assert.Equal(t, hunter, shipView(st, "hunter-1").Pose, "nothing moves before the owner agrees")
	tb.refused(col.AnswerPoses(ctx, true), "the proposer's own answer")
	tb.refused(cyl.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "escort-1", Pose: shipView(st, "escort-1").Pose})), "another offer is open")
	tb.refused(cyl.Undo(ctx, 1), "an undo while a pose proposal is open")
	tb.refused(cyl.Consent(ctx, true), "an undo's consent is not the poses' answer")

	// refused by its owner: nothing changes; a second answer is refused
	require.NoError(t, cyl.AnswerPoses(ctx, false))
	st = tb.sync()
	assert.Nil(t, st.Poses)
	assert.Equal(t, hunter, shipView(st, "hunter-1").Pose)
	tb.refused(cyl.AnswerPoses(ctx, true), "an answer twice")

	// stale: the game moved on (the Colonial corrected its escort)
	require.NoError(t, col.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "hunter-1", Pose: want})))
	tb.sync()
	e1 := nudged(shipView(st, "escort-1").Pose, -2, 0, 0)
	require.NoError(t, col.Act(ctx, battle.Command{Type: battle.CmdPose, Ship: "escort-1", Pose: &e1}))
	st = tb.sync()
	assert.Nil(t, st.Poses, "an action drops the proposal")
	tb.refused(cyl.AnswerPoses(ctx, true), "a stale proposal")
	assert.Equal(t, hunter, shipView(tb.sync(), "hunter-1").Pose)

	// a thousand proposals: each replaces the last; the state holds one
	for i := range 1000 {
		p := nudged(hunter, float64(i%7), 0, float64(i%5))
		require.NoError(t, col.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "hunter-1", Pose: p})))
	}
	st = tb.sync()
	lastPose := nudged(hunter, float64(999%7), 0, float64(999%5))
	require.Equal(t, []wire.ShipPose{{Ship: "hunter-1", Pose: lastPose}}, st.Poses.Ships)
	require.NoError(t, col.ProposePoses(ctx, wire.Poses{Ships: []wire.ShipPose{{Ship: "hunter-1", Pose: want}}, Shot: shot}))

	// agreed: the twin stands where the model is said to, corrected by
	// its owner's side, journaled
	require.NoError(t, cyl.AnswerPoses(ctx, true))
	st = tb.sync()
	assert.Nil(t, st.Poses)
	assert.Equal(t, want, shipView(st, "hunter-1").Pose)
	assert.Equal(t, want, shipView(cyl.State(), "hunter-1").Pose)
	ev := st.View.Events[len(st.View.Events)-1]
	assert.Equal(t, battle.EvPoseCorrected, ev.Kind)
	assert.Equal(t, "hunter-1", ev.Ship)
	assert.Equal(t, battle.Cylon, ev.Side, "corrected by its owner's side")
	tb.refused(cyl.AnswerPoses(ctx, true), "an answer twice")
	// an agreed proposal is an action an undo may take back
	require.NoError(t, col.Undo(ctx, 1))
	tb.sync()
	require.NoError(t, cyl.Consent(ctx, true))
	assert.Equal(t, hunter, shipView(tb.sync(), "hunter-1").Pose, "the agreed poses taken back")
	require.NoError(t, col.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "hunter-1", Pose: want})))
	tb.sync()
	require.NoError(t, cyl.AnswerPoses(ctx, true))
	assert.Equal(t, want, shipView(tb.sync(), "hunter-1").Pose)

	// the rest of the game; the record replays to the same hash with the
	// owner's corrections in its journal
	tb.holdFire()
	tb.cruise(nil)
	finish(t, ctx, tb, false)
	st = tb.sync()
	require.Equal(t, battle.Over, st.View.Phase)
	b, err := st.Record.Verify(comp, cr.PublicKey)
	require.NoError(t, err)
	r, err := battle.Replay(st.Record.Setup, comp, b.Seed(), st.Record.Journal)
	require.NoError(t, err)
	assert.Equal(t, st.Record.Hash, r.Hash(), "the record replays to the same hash")
	owners := 0
	for _, e := range st.Record.Journal {
		if e.Command.Type == battle.CmdPose && e.Command.Ship == "hunter-1" {
			assert.Equal(t, battle.Cylon, e.Command.Side)
			owners++
		}
	}
	assert.Equal(t, 2, owners, "the agreed proposal taken back, and the one kept")
}

// Firing; Attack declaration: a pose proposal comes too late once a shot
// is declared (the shots are decided from the poses as they were).
func TestCompanionPoseProposalAfterADeclarationIsRefused(t *testing.T) {
	tb, cr, base := posesAtAligning(t, serverOpts())
	ctx := tb.ctx
	col, cyl := tb.seat[battle.Colonial], tb.seat[battle.Cylon]
	st := tb.sync()
	hunter := shipView(st, "hunter-1")
	// escort-1 set where it may fire on hunter-1
	at := physics.Pose{Pos: hunter.Pose.Pos.Add(physics.V(0, -150)), Heading: physics.Deg(68)}
	require.NoError(t, col.Act(ctx, battle.Command{Type: battle.CmdPose, Ship: "escort-1", Pose: &at}))
	tb.aligned()
	var declared bool
	for range 50 {
		st = tb.sync()
		if st.Need != nil {
			require.NoError(t, tb.seat[supplier(st.Need)].Supply(ctx, wire.Supply{Roll: true}))
			continue
		}
		require.Equal(t, battle.Declaring, st.View.Phase)
		// before any declaration the proposal is taken
		require.NoError(t, cyl.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "escort-1", Pose: nudged(at, 1, 0, 0)})))
		require.NoError(t, col.AnswerPoses(ctx, false))
		// the side that declares first declares openly: no fire
		for _, side := range battle.Sides {
			if s := tb.seat[side].State(); slices.Contains(s.Owe, "declare") && !declared {
				require.False(t, s.Sealed, "one side declares openly first")
				require.NoError(t, tb.seat[side].Act(ctx, battle.Command{Type: battle.CmdDeclare}))
				declared = true
			}
		}
		break
	}
	require.True(t, declared)
	st = tb.sync()
	require.Equal(t, battle.Declaring, st.View.Phase, "both sides may fire: the other declares next")
	before := snapshot(t, base, cr.Colonial)
	err := cyl.ProposePoses(ctx, proposal(wire.ShipPose{Ship: "escort-1", Pose: nudged(at, 1, 0, 0)}))
	tb.refused(err, "a proposal after a declaration")
	assert.ErrorContains(t, err, "before the first")
	assert.Equal(t, before, snapshot(t, base, cr.Colonial))
}

// Hostile clients on 127.0.0.1: a proposal of more ships than any
// side has and an oversized one, sent raw.
func TestCompanionPoseProposalHostileMessages(t *testing.T) {
	tb, cr, base := posesAtAligning(t, serverOpts())
	st := tb.sync()
	before := snapshot(t, base, cr.Colonial)
	r := dialRaw(t, base, cr.Colonial)
	r.state()
	m := at(st, wire.TypePoses)
	m.Poses = &wire.Poses{}
	for range wire.MaxPoses + 1 {
		m.Poses.Ships = append(m.Poses.Ships, wire.ShipPose{Ship: "hunter-1", Pose: shipView(st, "hunter-1").Pose})
	}
	ans := r.send(m)
	assert.Equal(t, wire.TypeError, ans.Type)
	assert.Contains(t, ans.Error, "poses: ships: 65")
	m.Poses.Ships = m.Poses.Ships[:2]
	ans = r.send(m)
	assert.Contains(t, ans.Error, "hunter-1 is given twice")
	assert.Equal(t, before, snapshot(t, base, cr.Colonial))

	// a payload over the limit ends the connection, nothing changed
	m.Poses.Ships = []wire.ShipPose{{Ship: strings.Repeat("h", wire.MaxMessage), Pose: shipView(st, "hunter-1").Pose}}
	data, err := json.Marshal(m)
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = r.ws.Write(ctx, websocket.MessageText, data)
	for err == nil {
		_, err = r.next()
	}
	assert.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "%v", err)
	assert.Equal(t, before, snapshot(t, base, cr.Colonial))
}
