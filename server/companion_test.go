package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// hostCompanion creates a companion game of a built-in scenario.
func hostCompanion(t testing.TB, base, scenario string) server.CreateResponse {
	body, _ := json.Marshal(server.CreateRequest{Scenario: scenario, Companion: true})
	resp, err := http.Post(base+"/api/games", "application/json", bytes.NewReader(body))
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var cr server.CreateResponse
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&cr))
	return cr
}

// table is a companion game's two phones: one seat link each.
type table struct {
	t    *testing.T
	ctx  context.Context
	seat map[battle.Side]*client.Client
}

func sit(t *testing.T, ctx context.Context, base string, cr server.CreateResponse, tap func(battle.Side) func([]byte)) *table {
	tb := &table{t: t, ctx: ctx, seat: map[battle.Side]*client.Client{}}
	for _, side := range battle.Sides {
		tok := cr.Colonial
		if side == battle.Cylon {
			tok = cr.Cylon
		}
		c := client.Dial(ctx, base, tok)
		if tap != nil {
			c.Tap(tap(side))
		}
		c.SetComponents(comp)
		t.Cleanup(c.Close)
		tb.seat[side] = c
	}
	for _, c := range tb.seat {
		_, err := c.Wait(ctx, func(s *wire.State) bool { return s.Ready })
		require.NoError(t, err)
	}
	return tb
}

// sync waits until both seats have the game's latest state and returns
// the Colonial's.
func (tb *table) sync() *wire.State {
	seq := 0
	for _, c := range tb.seat {
		seq = max(seq, c.State().Seq)
	}
	var st *wire.State
	for _, side := range battle.Sides {
		s, err := tb.seat[side].Wait(tb.ctx, func(s *wire.State) bool { return s.Seq >= seq })
		require.NoError(tb.t, err)
		if side == battle.Colonial {
			st = s
		}
	}
	return st
}

// supplier is the seat that answers a need: a counter's owner, a die's
// roller; the Colonial makes a choice at random.
func supplier(n *wire.Need) battle.Side {
	if n.Side != "" {
		return n.Side
	}
	return battle.Colonial
}

// answer answers every draw the game waits for: dice typed from dice
// while it lasts (each typed value is appended to typed), the rest rolled
// by the app, counters drawn from the app's cup.
func (tb *table) answer(dice *[]int, typed *[]int) {
	for range 200 {
		st := tb.sync()
		if st.Need == nil {
			return
		}
		c := tb.seat[supplier(st.Need)]
		if st.Need.What == battle.DrawDie && dice != nil && len(*dice) > 0 {
			v := (*dice)[0]
			*dice = (*dice)[1:]
			require.NoError(tb.t, c.SupplyValue(tb.ctx, v))
			*typed = append(*typed, v)
			continue
		}
		require.NoError(tb.t, c.Supply(tb.ctx, wire.Supply{Roll: true}))
	}
	tb.t.Fatal("more than 200 draws in a row")
}

// seal seals each side's commands at once (each waits for the other's
// commitment).
func (tb *table) seal(cmds map[battle.Side][]battle.Command) {
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for side, c := range cmds {
		wg.Go(func() { errs <- tb.seat[side].Seal(tb.ctx, c) })
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(tb.t, err)
	}
	tb.sync() // each seat has the state the last reveal led to
}

// aligned says, on both phones, that the models stand where the twin
// has them (each player's word: the game goes on with the second).
func (tb *table) aligned() {
	for _, side := range battle.Sides {
		require.NoError(tb.t, tb.seat[side].Act(tb.ctx, battle.Command{Type: battle.CmdAligned}))
		tb.sync()
	}
}

// holdFire plays on from the end of a movement step (the table aligned
// as it is) through the firing step with no shots: declarations sealed
// or open, in the order the game asks.
func (tb *table) holdFire() {
	for range 20 {
		st := tb.sync()
		if st.Need == nil && st.View.Phase == battle.Aligning {
			tb.aligned()
			continue
		}
		if st.Need != nil || st.View.Phase != battle.Declaring {
			return
		}
		sealed := map[battle.Side][]battle.Command{}
		for _, side := range battle.Sides {
			s := tb.seat[side].State()
			if !slices.Contains(s.Owe, "declare") {
				continue
			}
			cmd := battle.Command{Type: battle.CmdDeclare}
			if s.Sealed {
				sealed[side] = []battle.Command{cmd}
			} else {
				require.NoError(tb.t, tb.seat[side].Act(tb.ctx, cmd))
			}
		}
		if len(sealed) > 0 {
			tb.seal(sealed)
		}
	}
}

// cruise seals a plan for every owed ship: straight at the speed its
// kinetic energy keeps.
func (tb *table) cruise(except map[string]starship.Plan) {
	cmds := map[battle.Side][]battle.Command{}
	for _, side := range battle.Sides {
		s := tb.seat[side].State()
		for _, id := range s.Owe {
			p, ok := except[id]
			if !ok {
				sv := shipView(s, id)
				sp, _ := maneuvers.SpeedForKineticEnergy(*sv.KE)
				p = starship.Plan{Cards: []string{"straight"}, Speed: sp, Rotate: sv.Rotation}
			}
			cmds[side] = append(cmds[side], battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &p})
		}
	}
	tb.seal(cmds)
}

func shipView(st *wire.State, id string) battle.ShipView {
	for _, sv := range st.View.Ships {
		if sv.ID == id {
			return sv
		}
	}
	return battle.ShipView{}
}

// refused checks that a message was refused with the game unchanged.
func (tb *table) refused(err error, what string) {
	tb.t.Helper()
	var r *client.Refused
	require.True(tb.t, errors.As(err, &r), "%s: %v", what, err)
}

// TestCompanionGameOfTheJumpPoint plays a whole companion game of The
// Jump Point through the two seat links: an illegal plan named with its
// rule and its counter typed from the table's cup, a pose corrected after
// movement, an undo by agreement (declined once, then agreed), the FTL
// arrival's dice typed in, bad input refused with the game unchanged, and
// the rest played by two computer players with the app rolling the dice
// and drawing from its cup. The signed record replays to the same hash.
func TestCompanionGameOfTheJumpPoint(t *testing.T) {
	_, hs := start(t, serverOpts())
	cr := hostCompanion(t, hs.URL, "jump-point")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	tb := sit(t, ctx, hs.URL, cr, nil)
	col, cyl := tb.seat[battle.Colonial], tb.seat[battle.Cylon]
	var typed []int
	tb.answer(nil, &typed)
	st := tb.sync()
	require.True(t, st.Companion)
	require.Equal(t, battle.Planning, st.View.Phase)

	// Turn 1: the rookie's hard turn at medium speed has no arrow
	// (Planning; Special cases: Illegal moves). The one legality answer
	// says so before the commitment, and again at the reveal.
	illegal := starship.Plan{Cards: []string{"hard-turn-left"}, Speed: maneuvers.Medium}
	class, err := starship.ClassFor(comp, "raptor")
	require.NoError(t, err)
	pre, err := battle.PreviewShip(st.Rules, comp, class, shipView(st, "raptor"), illegal)
	require.NoError(t, err)
	require.False(t, pre.Legal)
	tb.cruise(map[string]starship.Plan{"raptor": illegal})
	st = tb.sync()
	k := slices.IndexFunc(st.Moves, func(m wire.TableMove) bool { return m.Ship == "raptor" })
	require.GreaterOrEqual(t, k, 0, "the raptor's move to copy onto the table")
	move := st.Moves[k]
	assert.False(t, move.Legal)
	require.NotEmpty(t, move.Violations)
	assert.Equal(t, pre.Violations[0].Rule, move.Violations[0].Rule)
	assert.Equal(t, 1, move.DamageDraws)
	assert.Equal(t, []string{"straight"}, move.Executed.Cards, "at the table: fly straight instead")
	require.Len(t, move.Steps, 1)
	assert.Len(t, cyl.State().Moves, len(st.Moves), "both players copy every move")

	// The illegal move's counter: drawn from the table's cup by its owner.
	require.NotNil(t, st.Need)
	require.Equal(t, battle.DrawCounter, st.Need.What)
	require.Equal(t, "raptor", st.Need.Ship)
	require.Equal(t, battle.Colonial, st.Need.Side)
	seq := st.Seq
	tb.refused(cyl.SupplyCounter(ctx, battle.Counter{Value: 1}), "the other side's counter")
	tb.refused(col.SupplyCounter(ctx, battle.Counter{Value: 99}), "a counter not in the cup")
	tb.refused(col.SupplyValue(ctx, 3), "a die where a counter is asked")
	require.Equal(t, seq, tb.sync().Seq, "refusals change nothing")
	// the box's one "1 engine" counter, drawn from the table's cup
	engineCounter := battle.Counter{Value: 1, Special: "engine"}
	require.NoError(t, col.SupplyCounter(ctx, engineCounter))
	// the last action, as an undo would take it back: the counter's value
	// for its owner only (Fire!: the values stay secret)
	tb.sync()
	if last := col.State().Last; assert.NotNil(t, last) {
		assert.Equal(t, wire.TakeCounter, last.Kind)
		assert.Equal(t, &engineCounter, last.Counter)
		assert.Equal(t, "raptor", last.Ship)
	}
	if last := cyl.State().Last; assert.NotNil(t, last) {
		assert.Equal(t, wire.TakeCounter, last.Kind)
		assert.Nil(t, last.Counter, "the Colonial's counter is not the Cylon's to know")
	}

	// Movement step 1 is over: the game waits for the table to be
	// aligned. The escort's model stands 3 mm to the left of the twin's.
	// Off the table, on the other escort's base, and the other side's
	// correction are refused.
	st = tb.sync()
	require.Equal(t, battle.Aligning, st.View.Phase)
	require.Equal(t, []string{"aligned"}, st.Owe)
	require.Equal(t, []string{"aligned"}, cyl.State().Owe, "both players say the table is aligned")
	engine := shipView(st, "escort-1").Pose
	seq = st.Seq
	poseCmd := func(ship string, p physics.Pose) battle.Command {
		return battle.Command{Type: battle.CmdPose, Ship: ship, Pose: &p}
	}
	tb.refused(col.Act(ctx, poseCmd("escort-1", physics.Pose{Pos: physics.V(2, engine.Pos.Y), Heading: engine.Heading})), "off the table")
	err = col.Act(ctx, poseCmd("escort-1", shipView(st, "escort-2").Pose))
	tb.refused(err, "on another base")
	var refusal *client.Refused
	require.True(t, errors.As(err, &refusal))
	require.NotNil(t, refusal.Pose, "the refusal as data")
	assert.Equal(t, "escort-1", refusal.Pose.Ship)
	assert.Contains(t, refusal.Pose.Faults, battle.PlaceFault{Fault: battle.FaultOverlap, Other: "escort-2"})
	tb.refused(cyl.Act(ctx, poseCmd("escort-1", engine)), "the other side's ship")
	require.Equal(t, seq, tb.sync().Seq)
	moved := physics.Pose{Pos: engine.Pos.Add(physics.V(-3, 0)), Heading: engine.Heading}
	require.NoError(t, col.Act(ctx, poseCmd("escort-1", moved)))
	st = tb.sync()
	assert.Equal(t, moved, shipView(st, "escort-1").Pose)
	assert.Equal(t, moved, shipView(cyl.State(), "escort-1").Pose)

	// Undo by agreement: proposed, declined; proposed, agreed.
	require.NoError(t, col.Undo(ctx, 1))
	tb.sync()
	// the offer says what it takes back: the pose of escort-1 the
	// Colonial player corrected
	require.Equal(t, &wire.UndoOffer{By: battle.Colonial, Back: 1, Takes: []wire.TakeBack{
		{By: battle.Colonial, Kind: wire.TakePose, Turn: 1, Ship: "escort-1", Command: battle.CmdPose}}}, cyl.State().Undo)
	tb.refused(col.Consent(ctx, true), "the proposer's own consent")
	require.NoError(t, cyl.Consent(ctx, false))
	st = tb.sync()
	assert.Nil(t, st.Undo)
	assert.Equal(t, moved, shipView(st, "escort-1").Pose, "declined: nothing taken back")
	tb.refused(col.Undo(ctx, st.UndoPoints+1), "more than there is")
	require.NoError(t, col.Undo(ctx, 1))
	tb.sync()
	require.NoError(t, cyl.Consent(ctx, true))
	st = tb.sync()
	assert.Equal(t, engine, shipView(st, "escort-1").Pose, "agreed: the correction is taken back")
	assert.Equal(t, battle.EvTakenBack, st.View.Events[len(st.View.Events)-1].Kind)
	// The seat's events after the take-back are those a new connection
	// gets whole (the take-back starts the list again: eventsKey).
	fresh := client.Dial(ctx, hs.URL, cr.Colonial)
	got, err := fresh.Wait(ctx, func(s *wire.State) bool { return s.Seq == st.Seq })
	require.NoError(t, err)
	assert.Equal(t, got.View.Events, st.View.Events, "the events after the take-back")
	fresh.Close()
	// The model is moved again, and stays.
	require.NoError(t, col.Act(ctx, poseCmd("escort-1", moved)))
	tb.sync()

	// Turn 1 moved on (no ship could fire); turn 2 begins with hunter-2's
	// arrival by FTL (Faster-than-light movement): its dice are rolled on
	// the table by its player, the Cylon, and typed in on the Cylon's
	// phone; the Colonial's is refused. A die of 7 or 0 is refused.
	tb.holdFire()
	st = tb.sync()
	require.NotNil(t, st.Need, "the arrival waits for dice")
	require.Equal(t, battle.DrawDie, st.Need.What)
	require.Equal(t, battle.Cylon, st.Need.Side, "hunter-2's player rolls its FTL dice")
	seq = st.Seq
	tb.refused(col.SupplyValue(ctx, 3), "the other player's die")
	tb.refused(col.Supply(ctx, wire.Supply{Roll: true}), "the app's roll of the other player's die")
	tb.refused(cyl.SupplyValue(ctx, 7), "a die of 7")
	tb.refused(cyl.SupplyValue(ctx, 0), "a die of 0")
	require.Equal(t, seq, tb.sync().Seq)
	// A mistyped die is taken back by agreement: the game asks for it again.
	need := *st.Need
	require.NoError(t, cyl.SupplyValue(ctx, 5))
	require.NotEqual(t, seq, tb.sync().Seq)
	require.NoError(t, cyl.Undo(ctx, 1))
	tb.sync()
	require.NoError(t, col.Consent(ctx, true))
	st = tb.sync()
	require.NotNil(t, st.Need)
	assert.Equal(t, need, *st.Need, "the same die is asked for again")
	dice := []int{3, 4, 2}
	tb.answer(&dice, &typed)
	require.Equal(t, []int{3, 4, 2}, typed)
	st = tb.sync()
	entry := slices.IndexFunc(st.View.Events, func(e battle.Event) bool { return e.Kind == battle.EvFTLEntry && e.Ship == "hunter-2" })
	require.GreaterOrEqual(t, entry, 0, "hunter-2 arrives by FTL")
	assert.Equal(t, []int{3, 4, 2}, st.View.Events[entry].Dice, "the arrival rolled the dice typed in")
	assert.Equal(t, moved, shipView(st, "escort-1").Pose, "the corrected escort moved on from where its model stood")
	// The reveal went on once the dice came: the counter typed for the
	// illegal move is the raptor's, seen only by its owner.
	assert.Equal(t, []battle.Counter{engineCounter}, shipView(st, "raptor").Counters)
	assert.Nil(t, shipView(cyl.State(), "raptor").Counters, "the Cylon sees no Colonial counter")
	assert.Equal(t, 1, shipView(cyl.State(), "raptor").CounterCount)

	// Turn 2: the raptor's plan is illegal again. Its counter typed as
	// the "1 engine" the cup gave on turn 1 is refused (the cup no longer
	// holds it; Damage), the game unchanged; the counter really drawn is
	// taken.
	tb.cruise(map[string]starship.Plan{"raptor": illegal})
	st = tb.sync()
	require.NotNil(t, st.Need)
	require.Equal(t, battle.DrawCounter, st.Need.What)
	require.Equal(t, "raptor", st.Need.Ship)
	seq = st.Seq
	err = col.SupplyCounter(ctx, engineCounter)
	tb.refused(err, "a counter the cup no longer holds")
	assert.ErrorContains(t, err, "1 engine is not in the damage cup", "the refusal names the counter and the cup")
	require.Equal(t, seq, tb.sync().Seq, "the refusal changes nothing")
	require.Equal(t, *st.Need, *tb.sync().Need, "the same counter is asked for")
	require.NoError(t, col.SupplyCounter(ctx, battle.Counter{Value: 1}))
	tb.answer(nil, &typed)
	st = tb.sync()
	assert.ElementsMatch(t, []battle.Counter{engineCounter, {Value: 1}}, shipView(st, "raptor").Counters)

	tb.holdFire()
	tb.cruise(nil)
	// The rest of the game: two computer players, the app rolling.
	finish(t, ctx, tb, false)
	st = tb.sync()
	require.Equal(t, battle.Over, st.View.Phase)
	require.NotNil(t, st.Record)
	b, err := st.Record.Verify(comp, cr.PublicKey)
	require.NoError(t, err)
	assert.Equal(t, st.Record.Hash, b.Hash())
	r, err := battle.Replay(st.Record.Setup, comp, b.Seed(), st.Record.Journal)
	require.NoError(t, err)
	assert.Equal(t, st.Record.Hash, r.Hash(), "the record replays to the same hash")
	kinds := map[battle.CommandType]int{}
	for _, e := range st.Record.Journal {
		kinds[e.Command.Type]++
	}
	assert.Equal(t, 2, kinds[battle.CmdTakeBack], "the pose and the mistyped die")
	assert.Equal(t, 2, kinds[battle.CmdPose], "the undone correction and the kept one")
	assert.Positive(t, kinds[battle.CmdSupply])
}

// finish plays a companion game to its end: a computer player (greedy)
// at each seat, and a helper at each that answers the draws it owes by
// the app's roll or cup; with typing, every other draw is typed in
// instead (a die from the table, a counter of value 1 while the cup has
// one).
func finish(t *testing.T, ctx context.Context, tb *table, typing bool) {
	errs := make(chan error, 4)
	for i, side := range battle.Sides {
		c := tb.seat[side]
		go func() {
			_, err := policy.Bot(ctx, c, policy.Greedy{}, comp, uint64(i+1), nil)
			errs <- err
		}()
		go func() {
			last := -1
			for {
				st, err := c.Wait(ctx, func(s *wire.State) bool {
					return s.View.Phase == battle.Over || s.Seq != last && s.Need != nil && supplier(s.Need) == side
				})
				if err != nil {
					errs <- err
					return
				}
				if st.View.Phase == battle.Over {
					errs <- nil
					return
				}
				last = st.Seq
				var r *client.Refused
				sup := wire.Supply{Roll: true}
				if typing && st.Seq%2 == 0 {
					switch st.Need.What {
					case battle.DrawDie:
						v := 1 + st.Seq%6
						sup = wire.Supply{Value: &v}
					case battle.DrawCounter:
						sup = wire.Supply{Counter: &battle.Counter{Value: 1}}
					}
				}
				err = c.Supply(ctx, sup)
				if errors.As(err, &r) && !sup.Roll {
					err = c.Supply(ctx, wire.Supply{Roll: true})
				}
				if err != nil && !errors.As(err, &r) {
					errs <- err
					return
				}
			}
		}()
	}
	for range 4 {
		require.NoError(t, <-errs)
	}
}

// A companion game is stored like any other: a server started again on
// the same data rebuilds it from the stored messages to the same state,
// the draw it waits for, the undo points, the moves to copy and a
// player's word that the table is aligned included.
func TestCompanionGameResumesAfterARestart(t *testing.T) {
	dir := t.TempDir()
	s, hs := start(t, server.Options{Data: dir})
	cr := hostCompanion(t, hs.URL, "jump-point")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	tb := sit(t, ctx, hs.URL, cr, nil)
	var typed []int
	tb.answer(nil, &typed)
	tb.cruise(map[string]starship.Plan{"raptor": {Cards: []string{"hard-turn-left"}, Speed: maneuvers.Medium}})
	require.NoError(t, tb.seat[battle.Colonial].SupplyCounter(ctx, battle.Counter{Value: 1}))
	dice := []int{6, 6, 1}
	tb.answer(&dice, &typed)
	st := tb.sync()
	p := shipView(st, "escort-2").Pose
	p.Pos.Y += 2
	require.NoError(t, tb.seat[battle.Colonial].Act(ctx, battle.Command{Type: battle.CmdPose, Ship: "escort-2", Pose: &p}))
	require.NoError(t, tb.seat[battle.Colonial].Act(ctx, battle.Command{Type: battle.CmdAligned}))
	require.NoError(t, tb.seat[battle.Cylon].Undo(ctx, 1))
	tb.sync()
	before := map[battle.Side]*wire.State{}
	for _, side := range battle.Sides {
		tok := cr.Colonial
		if side == battle.Cylon {
			tok = cr.Cylon
		}
		before[side] = snapshotState(t, hs.URL, tok)
	}
	require.NotNil(t, before[battle.Colonial].Undo)
	require.NotEmpty(t, before[battle.Colonial].Moves)
	require.Equal(t, []battle.Side{battle.Colonial}, before[battle.Cylon].Aligned, "one word that the table is aligned")

	hs.Close()
	require.NoError(t, s.Close())
	_, hs2 := start(t, server.Options{Data: dir})
	for _, side := range battle.Sides {
		tok := cr.Colonial
		if side == battle.Cylon {
			tok = cr.Cylon
		}
		again := snapshotState(t, hs2.URL, tok)
		assert.Equal(t, before[side].View, again.View, side)
		assert.Equal(t, before[side].Need, again.Need, side)
		assert.Equal(t, before[side].Undo, again.Undo, side)
		assert.Equal(t, before[side].UndoPoints, again.UndoPoints, side)
		assert.Equal(t, before[side].Moves, again.Moves, side)
		assert.Equal(t, before[side].Aligned, again.Aligned, side)
	}
}

// A companion game takes no clock (the table companion: the players move
// their own models at the table): a create asking for a live or a
// correspondence clock is refused and makes no game; with the clock
// "none" it is made.
func TestCompanionGameRefusesAClock(t *testing.T) {
	_, hs := start(t, server.Options{})
	create := func(mode string) int {
		spec, err := wire.ClockSpec{Mode: mode}.Normalize()
		require.NoError(t, err)
		body, _ := json.Marshal(server.CreateRequest{Scenario: "jump-point", Companion: true, Clock: &spec})
		resp, err := http.Post(hs.URL+"/api/games", "application/json", bytes.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		return resp.StatusCode
	}
	for _, mode := range []string{wire.ClockLive, wire.ClockCorrespondence} {
		assert.Equal(t, http.StatusBadRequest, create(mode), "a companion game with a %s clock", mode)
	}
	assert.Equal(t, http.StatusOK, create(wire.ClockNone))
}

// Movement (the table companion: the twin follows the models): at a real
// table BOTH players agree that the models stand where the moves say.
// One player's word is kept and shown to the other (State.Aligned); the
// game goes on with the second player's word. A pose corrected after a
// word voids it (both say it again of the table as it is now). Hostile
// words are refused with the game unchanged: before the aligning, for
// the other side, the same player's word twice.
func TestCompanionBothPlayersSayTheTableIsAligned(t *testing.T) {
	_, hs := start(t, serverOpts())
	cr := hostCompanion(t, hs.URL, "jump-point")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tb := sit(t, ctx, hs.URL, cr, nil)
	col, cyl := tb.seat[battle.Colonial], tb.seat[battle.Cylon]
	word := battle.Command{Type: battle.CmdAligned}
	tb.answer(nil, nil)
	st := tb.sync()
	require.Equal(t, battle.Planning, st.View.Phase)
	tb.refused(col.Act(ctx, word), "a word before any movement step")
	tb.cruise(nil)
	tb.answer(nil, nil)
	st = tb.sync()
	require.Equal(t, battle.Aligning, st.View.Phase)
	require.Equal(t, 1, st.View.Step)
	assert.Empty(t, st.Aligned)

	seq := st.Seq
	tb.refused(col.Act(ctx, battle.Command{Type: battle.CmdAligned, Side: battle.Cylon}), "the word for the other side")
	require.Equal(t, seq, tb.sync().Seq, "refusals change nothing")

	// the Colonial's word: kept, shown to both, the game waits
	require.NoError(t, col.Act(ctx, word))
	st = tb.sync()
	assert.Equal(t, battle.Aligning, st.View.Phase, "one word moves nothing")
	assert.Equal(t, 1, st.View.Step)
	assert.Equal(t, []battle.Side{battle.Colonial}, st.Aligned)
	assert.Equal(t, []battle.Side{battle.Colonial}, cyl.State().Aligned, "the Cylon phone sees the Colonial's word")
	assert.Empty(t, st.Owe, "the Colonial owes nothing more")
	assert.Equal(t, []string{"aligned"}, cyl.State().Owe, "the Cylon owes its word")
	seq = st.Seq
	tb.refused(col.Act(ctx, word), "the same word twice")
	require.Equal(t, seq, tb.sync().Seq)
	// a word taken back by agreement (Undo by agreement) is unsaid
	require.NoError(t, col.Undo(ctx, 1))
	tb.sync()
	require.NoError(t, cyl.Consent(ctx, true))
	st = tb.sync()
	assert.Empty(t, st.Aligned, "the word taken back")
	assert.Equal(t, []string{"aligned"}, st.Owe)
	require.NoError(t, col.Act(ctx, word))
	st = tb.sync()
	require.Equal(t, []battle.Side{battle.Colonial}, st.Aligned)

	// the Cylon moves hunter-1's model 2 mm: the Colonial's word is void
	h := shipView(st, "hunter-1").Pose
	moved := physics.Pose{Pos: h.Pos.Add(physics.V(2, 0)), Heading: h.Heading}
	require.NoError(t, cyl.Act(ctx, battle.Command{Type: battle.CmdPose, Ship: "hunter-1", Pose: &moved}))
	st = tb.sync()
	assert.Empty(t, st.Aligned, "a correction voids the word said before it")
	assert.Equal(t, []string{"aligned"}, st.Owe)
	assert.Equal(t, battle.Aligning, st.View.Phase)

	// the Cylon's word first this time, then the Colonial's: on to the
	// next step, where nobody has said anything yet
	require.NoError(t, cyl.Act(ctx, word))
	st = tb.sync()
	assert.Equal(t, []battle.Side{battle.Cylon}, st.Aligned)
	assert.Equal(t, battle.Aligning, st.View.Phase)
	require.NoError(t, col.Act(ctx, word))
	st = tb.sync()
	require.Nil(t, st.Need)
	assert.False(t, st.View.Turn == 1 && st.View.Step == 1 && st.View.Phase == battle.Aligning, "the game went on from the first step's aligning")
	assert.Empty(t, st.Aligned, "a new step: no word yet")
	kinds := 0
	for _, e := range st.View.Events {
		if e.Kind == battle.EvPoseCorrected && e.Ship == "hunter-1" {
			kinds++
		}
	}
	assert.Equal(t, 1, kinds, "the correction is in the journal")
}
