package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// Movement (issue 27, the table companion: "the players may correct any
// ship's pose"): after movement step 1 the Colonial player chooses the
// Cylon's hunter-1 on the board and nudges it: each pose set is
// PROPOSED to the Cylon phone (the twin does not move), a second nudge
// goes on from the pose proposed; the Cylon refuses (nothing changes),
// a pose off the table is refused with its reason, then a proposal the
// Cylon agrees to moves the twin.
func TestCompanionOtherPlayersPoseProposedOnTheTwin(t *testing.T) {
	screens := companionScreens(t)
	col, cyl := screens[0], screens[1]
	companionUntil(t, screens, "the table aligned after movement step 1", func(st *wire.State, text string) bool {
		return st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	cc, yc := col.g.seat.(*seat.Companion), cyl.g.seat.(*seat.Companion)
	twin := shipIn(cc.State(), "hunter-1").Pose
	// both phones, each through its own seat
	until := func(what string, ok func() bool) {
		t.Helper()
		for guard := 0; ; guard++ {
			require.Less(t, guard, 100000, "waited for %s (colonial err %v, cylon err %v)", what, cc.Status().Err, yc.Status().Err)
			col.a.Tick(1.0 / 60)
			cyl.a.Tick(1.0 / 60)
			if cc.Status().Sending == "" && yc.Status().Sending == "" && ok() {
				return
			}
			time.Sleep(time.Millisecond)
		}
	}
	offered := func(p physics.Pose) func() bool {
		return func() bool {
			o, mine := yc.PoseOffer(), cc.PoseOffer()
			return o != nil && mine != nil && o.By == battle.Colonial && len(o.Ships) == 1 && o.Ships[0].Ship == "hunter-1" && o.Ships[0].Pose == p
		}
	}
	send(col.a, kit.Event{Kind: kit.Resize, W: 1280, H: 1600}) // the whole editor in view
	send(cyl.a, kit.Event{Kind: kit.Resize, W: 1280, H: 1600})
	// chosen on the board (a click on its base that does not move it)
	col.a.Frame()
	at := col.g.cam.ToScreen(twin.Pos)
	send(col.a, kit.Click(at.X, at.Y)...)
	require.Equal(t, "hunter-1", col.g.table.ship, "hunter-1 chosen on the board")
	assert.Contains(t, drawnText(col.a), "the Cylon player's, stands at")
	clickButton(t, col.a, "x +2")
	p1 := roundPose(physics.Pose{Pos: twin.Pos.Add(physics.V(2, 0)), Heading: twin.Heading})
	until("the first proposal on the Cylon phone", offered(p1))
	assert.Equal(t, twin, shipIn(yc.State(), "hunter-1").Pose, "the twin waits for its owner")
	clickButton(t, col.a, "+5°")
	p2 := roundPose(physics.Pose{Pos: p1.Pos, Heading: p1.Heading + physics.Deg(5)})
	until("the nudge from the pose proposed", offered(p2))
	text := strings.Join(strings.Fields(drawnText(cyl.a)), " ") // lines joined
	assert.Contains(t, text, "The Colonial player proposes where your models stand")
	assert.Contains(t, text, "hunter-1: 2.0 mm and 5.0° from the twin")
	clickButton(t, cyl.a, "Refuse")
	until("the refusal", func() bool { return yc.PoseOffer() == nil && cc.PoseOffer() == nil })
	assert.Equal(t, twin, shipIn(cc.State(), "hunter-1").Pose, "refused: the twin stays")

	// off the table: refused by the game with its reason
	col.a.Frame() // the fields show the twin's pose again
	col.g.table.x, col.g.table.y = "2", strconv.FormatFloat(twin.Pos.Y, 'f', -1, 64)
	clickButton(t, col.a, "Set the typed pose")
	until("the refusal of a pose off the table", func() bool { return cc.Status().Err != nil })
	assert.Nil(t, yc.PoseOffer())
	assert.Contains(t, drawnText(col.a), "beyond the table's edge")

	clickButton(t, col.a, "y +2")
	p3 := roundPose(physics.Pose{Pos: twin.Pos.Add(physics.V(0, 2)), Heading: twin.Heading})
	until("the third proposal", offered(p3))
	clickButton(t, cyl.a, "Agree")
	until("the twin follows", func() bool {
		return shipIn(cc.State(), "hunter-1").Pose == p3 && shipIn(yc.State(), "hunter-1").Pose == p3 && cc.PoseOffer() == nil
	})
	assert.Equal(t, battle.Aligning, cc.State().View.Phase, "still aligning")
}

// Firing; Fire arc and range (issue 27: "correct any ship's pose"; "a
// disputed one can be measured from a photo"): the game rules escort-1
// in hunter-1's arc; the Colonial player measures the Cylon's shot on a
// photo of the real table where hunter-1's model stands turned 25° from
// its twin: out of arc. Only a ship's owner corrects it, so Accept
// PROPOSES hunter-1's pose to the Cylon phone, which shows the proposal
// on the twin (by how many mm and degrees, and what it changes for the
// shot) and agrees on a phone held upright; the twin follows, journaled
// as the owner's correction, and the ruling the game uses is the
// photo's: escort-1 is no longer hunter-1's target.
func TestFiringFireArcDisputedShotProposedToItsOwner(t *testing.T) {
	var hunterAt physics.Pose
	screens, _, _ := disputedShotGameWith(t, 0, func(screens []screen) {
		// the Cylon turns hunter-1 towards escort-1 (150 mm south of it)
		cyl := screens[1]
		hunter := shipIn(cyl.g.seat.(*seat.Companion).State(), "hunter-1")
		hunterAt = roundPose(physics.Pose{Pos: hunter.Pose.Pos, Heading: physics.Deg(-112)})
		require.NoError(t, cyl.g.setPose(battle.Cylon, "hunter-1", hunterAt))
		settleSend(t, cyl, "hunter-1 set", func(st *wire.State) bool { return shipIn(st, "hunter-1").Pose == hunterAt })
	})
	col, cyl := screens[0], screens[1]
	cc, yc := col.g.seat.(*seat.Companion), cyl.g.seat.(*seat.Companion)
	aims := func() bool { // the game's ruling on the Cylon phone's twin
		d := DisputedShot{Attacker: "hunter-1", Target: "escort-1", Twin: *cyl.g.frozenTable()}
		ru, ok := d.TwinRuling()
		return ok && ru.CanFire
	}
	require.True(t, aims(), "the game rules escort-1 a target of hunter-1")

	su := col.g.seat.Setup()
	model := physics.Pose{Pos: hunterAt.Pos, Heading: hunterAt.Heading - physics.Deg(25)}
	tr, path := tablePhoto(t, cc.State(), su.Width, su.Depth, map[string]physics.Pose{"hunter-1": model}, true)
	truth := referee.New(tr.Truth, referee.WithMargins()).Rule(shipIdx(tr.Truth, "hunter-1"), shipIdx(tr.Truth, "escort-1"))
	require.Equal(t, referee.OutOfArc, truth.Reason, "on the real table escort-1 is out of hunter-1's arc")

	p := measureShotOf(t, col, path, tr.SheetAt, "hunter-1", "escort-1")
	tw, ok := p.align.Shot.TwinRuling()
	require.True(t, ok)
	assert.True(t, tw.CanFire, "the game's ruling: in arc")
	ph, ok := p.disputeRuling()
	require.True(t, ok, "the photo rules the shot: %s %v", p.info, p.err)
	assert.Equal(t, referee.OutOfArc, ph.Reason, "the photo's ruling: out of arc")
	props := p.disputeProposals()
	require.Equal(t, []string{"hunter-1"}, fixShips(props), "the other player's ship of the shot is proposed")
	assert.Less(t, props[0].Pose.Pos.Dist(model.Pos), props[0].PosPM+0.3, "hunter-1 found at its model")
	assert.Less(t, angleOff(props[0].Pose.Heading, model.Heading), props[0].HeadingPM+0.3)
	text := drawnText(col.a)
	assert.Contains(t, text, "The photo changes the ruling")
	assert.Contains(t, text, "Accept proposes this pose to its")
	accept := fmt.Sprintf("Accept the photo's poses (%d)", len(p.disputeFixes())+len(props))
	clickButton(t, col.a, accept)
	require.Equal(t, Screen(col.g), col.a.Screen(), "back on the game")
	require.NotNil(t, col.g.table.propose)

	// the proposal goes out once the Colonial's own poses are answered;
	// the Cylon phone gets it (each phone waited on through its own seat)
	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "the proposal reaches the Cylon phone (proposal %+v, err %v)", col.g.table.propose, cc.Status().Err)
		col.a.Tick(1.0 / 60)
		cyl.a.Tick(1.0 / 60)
		if pr := col.g.table.propose; pr.state == fixRefused {
			t.Fatalf("the proposal was refused: %v", pr.err)
		}
		if o := yc.PoseOffer(); o != nil && col.g.table.propose.state == fixSet && cc.PoseOffer() != nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	o := yc.PoseOffer()
	assert.Equal(t, battle.Colonial, o.By)
	assert.Equal(t, &wire.DisputedPair{Attacker: "hunter-1", Target: "escort-1"}, o.Shot)
	assert.Equal(t, hunterAt, shipIn(yc.State(), "hunter-1").Pose, "nothing moves before the owner agrees")
	assert.Contains(t, drawnText(col.a), "Waiting for their answer on their phone")

	// the owner's phone held upright: the proposal, the shot's change,
	// and Agree / Refuse on the screen
	send(cyl.a, kit.Event{Kind: kit.Resize, W: 390, H: 844})
	for guard := 0; cyl.g.Stage() == "anim" || cyl.g.Stage() == "results"; guard++ {
		require.Less(t, guard, 1000, "the Cylon screen settles")
		act(t, cyl)
	}
	text = strings.Join(strings.Fields(drawnText(cyl.a)), " ") // lines joined
	assert.Contains(t, text, "The Colonial player measured hunter-1 → escort-1 on a photo and")
	assert.Contains(t, text, "hunter-1: 0.")
	assert.Contains(t, text, "from the twin, to (")
	assert.Contains(t, text, "hunter-1 → escort-1: the game rules in arc")
	assert.Contains(t, text, "these poses, out of arc.")
	// no words of the offer drawn into a button over it (seen in the
	// browser: the offer's first line rose into "Measure a shot from a
	// photo")
	probs, _ := overlapProblems(cyl.a, cyl.a.Frame())
	for _, p := range probs {
		assert.NotContains(t, p, "drawn over the button", "the owner's phone")
	}
	for _, label := range []string{"Agree", "Refuse"} {
		i := slices.IndexFunc(cyl.a.Hots(), func(w kit.Hot) bool { return strings.HasSuffix(w.ID, ":"+label) })
		require.GreaterOrEqual(t, i, 0, "%s on the owner's phone", label)
		r := cyl.a.Hots()[i].R
		assert.True(t, r.X >= 0 && r.Y >= 0 && r.X+r.W <= 390 && r.Y+r.H <= 844, "%s on the phone's screen: %+v", label, r)
	}
	clickButton(t, cyl.a, "Agree")
	want := roundPose(props[0].Pose) // as sent
	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "the twin follows on both phones (cylon err %v)", yc.Status().Err)
		col.a.Tick(1.0 / 60)
		cyl.a.Tick(1.0 / 60)
		if yc.Status().Sending == "" && shipIn(yc.State(), "hunter-1").Pose == want && shipIn(cc.State(), "hunter-1").Pose == want && cc.PoseOffer() == nil {
			break
		}
		time.Sleep(time.Millisecond)
	}
	require.NoError(t, yc.Status().Err)
	assert.False(t, aims(), "escort-1 is no longer a target of hunter-1")
	assert.Equal(t, battle.Declaring, yc.State().View.Phase, "still declaring")
	evs := yc.Events()
	i := slices.IndexFunc(evs, func(e battle.Event) bool {
		return e.Kind == battle.EvPoseCorrected && e.Ship == "hunter-1" && e.Side == battle.Cylon && e.At != nil && *e.At == want.Pos
	})
	require.GreaterOrEqual(t, i, 0, "journaled as the owner's correction")
	assert.Less(t, slices.IndexFunc(evs, func(e battle.Event) bool { return e.Kind == battle.EvFiringStep && e.Turn == yc.State().View.Turn }), i,
		"corrected in the firing step")
	text = drawnText(col.a)
	assert.Contains(t, text, "The Cylon player agreed: hunter-1 to")
	assert.Contains(t, text, "The game now rules: escort-1 is")
	assert.Contains(t, text, "outside hunter-1's arc")
}

// Firing; Attack declaration; Fire arc and range (issue 27: "a disputed
// one can be measured from a photo"): the CYLON declares first, so its
// phone shows the declaration panel when the Colonial player's photo
// proposes hunter-1's pose. The proposal must be answered before a
// declaration (a pose is refused after one), yet the declaration panel
// drew no offer: "proposed" on the board, no Agree anywhere (played on
// two phones, The Furball). The Cylon's declaration panel now shows the
// proposal and Agree / Refuse on a phone held upright; Agree moves the
// twin and the Cylon still declares.
func TestFiringFireArcProposalAnsweredOnTheDeclarationPanel(t *testing.T) {
	var hunterAt physics.Pose
	screens, _, _ := disputedShotGameWith(t, 1, func(screens []screen) {
		cyl := screens[1]
		hunter := shipIn(cyl.g.seat.(*seat.Companion).State(), "hunter-1")
		hunterAt = roundPose(physics.Pose{Pos: hunter.Pose.Pos, Heading: physics.Deg(-112)})
		require.NoError(t, cyl.g.setPose(battle.Cylon, "hunter-1", hunterAt))
		settleSend(t, cyl, "hunter-1 set", func(st *wire.State) bool { return shipIn(st, "hunter-1").Pose == hunterAt })
	})
	col, cyl := screens[0], screens[1]
	cc, yc := col.g.seat.(*seat.Companion), cyl.g.seat.(*seat.Companion)
	// each phone waited on through its own seat, bounded (not timed)
	until := func(what string, ok func() bool) {
		t.Helper()
		deadline := time.Now().Add(3 * time.Minute)
		for {
			require.True(t, time.Now().Before(deadline), "waited for %s (colonial err %v, cylon err %v, cylon stage %q)", what, cc.Status().Err, yc.Status().Err, cyl.g.Stage())
			col.a.Tick(1.0 / 60)
			cyl.a.Tick(1.0 / 60)
			if ok() {
				return
			}
			if st := cyl.g.Stage(); st == "anim" || st == "results" {
				act(t, cyl) // the Cylon phone plays the step back, then declares
			}
			time.Sleep(time.Millisecond)
		}
	}
	send(cyl.a, kit.Event{Kind: kit.Resize, W: 390, H: 844}) // the owner's phone held upright
	until("the Cylon phone's declaration panel", func() bool { return cyl.g.Stage() == "declare" })

	su := col.g.seat.Setup()
	model := physics.Pose{Pos: hunterAt.Pos, Heading: hunterAt.Heading - physics.Deg(25)}
	tr, path := tablePhoto(t, cc.State(), su.Width, su.Depth, map[string]physics.Pose{"hunter-1": model}, true)
	p := measureShotOf(t, col, path, tr.SheetAt, "hunter-1", "escort-1")
	props := p.disputeProposals()
	require.Equal(t, []string{"hunter-1"}, fixShips(props), "the other player's ship of the shot is proposed")
	clickButton(t, col.a, fmt.Sprintf("Accept the photo's poses (%d)", len(p.disputeFixes())+len(props)))
	until("the proposal on the Cylon phone", func() bool {
		return yc.PoseOffer() != nil && cc.PoseOffer() != nil && cc.Status().Sending == "" && yc.Status().Sending == ""
	})
	require.Equal(t, "declare", cyl.g.Stage(), "the Cylon still has to declare")
	assert.Equal(t, battle.Declaring, yc.State().View.Phase)

	text := strings.Join(strings.Fields(drawnText(cyl.a)), " ") // lines joined
	assert.Contains(t, text, "The Colonial player measured hunter-1 → escort-1 on a photo and")
	// the proposed base's word among the board's labels: none overlaps
	// another, none covers a base, none is drawn outside a placed box
	board := checkLabels(t, cyl.a, cyl.g, "the pose proposal on the board")
	assert.Contains(t, board, "proposed")
	// and its letters over no other word (a small correction lay the
	// proposed base by the twin's, its word over the ship's name)
	var word kit.Rect
	var others []kit.Rect
	for _, op := range cyl.a.Frame().Ops {
		if op.Kind != kit.OpText || op.Halo.A == 0 || !cyl.g.cam.View.Contains(op.At) {
			continue
		}
		if r := glyphs(cyl.a, op); op.Text == "proposed" {
			word = r
		} else {
			others = append(others, r)
		}
	}
	require.Positive(t, word.W, "the word proposed on the board")
	for _, r := range others {
		assert.False(t, word.Overlaps(r), "proposed %v lies over another word %v", word, r)
	}
	for _, label := range []string{"Agree", "Refuse"} {
		i := slices.IndexFunc(cyl.a.Hots(), func(w kit.Hot) bool { return strings.HasSuffix(w.ID, ":"+label) })
		require.GreaterOrEqual(t, i, 0, "%s on the declaring owner's phone", label)
		r := cyl.a.Hots()[i].R
		assert.True(t, r.X >= 0 && r.Y >= 0 && r.X+r.W <= 390 && r.Y+r.H <= 844, "%s on the phone's screen: %+v", label, r)
	}
	clickButton(t, cyl.a, "Agree")
	want := roundPose(props[0].Pose) // as sent
	until("the twin follows on both phones", func() bool {
		return yc.Status().Sending == "" && shipIn(yc.State(), "hunter-1").Pose == want && shipIn(cc.State(), "hunter-1").Pose == want && cc.PoseOffer() == nil
	})
	require.NoError(t, yc.Status().Err)
	assert.Equal(t, battle.Declaring, yc.State().View.Phase, "still declaring")
	assert.Equal(t, "declare", cyl.g.Stage(), "the Cylon declares now")
}
