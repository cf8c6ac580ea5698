package ui

import (
	"fmt"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// One device passed between the players at a real table (the table
// companion, issue 27): the game hosted on the server as for two
// devices, this one screen at phone size takes both seats. Turn 1 of The
// Jump Point: each side's planning behind its cover ("<Side> player:
// take the controls"), the dice and counters made at this screen (a
// Colonial counter only after the device is passed to the Colonial
// player), the table aligned with one word, an undo proposed by the
// player holding the device and agreed only after it is passed to the
// other player behind a cover; on to turn 2.
func TestSharedCompanionOnOneDevice(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	a := newTestApp(t)
	a.Server = hs.URL
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	HostSharedCompanionGame(a, "jump-point")
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "the game screen: %s", drawnText(a))
	p, ok := g.seat.(*seat.Pair)
	require.True(t, ok)
	t.Cleanup(p.Leave)
	sc := screen{a, g}
	covers := map[battle.Side]bool{}
	undone, proposed, agreed, passed, hid := false, false, false, false, false
	points, leaks := 0, 0
	agreeSeq := 0
	// a bound on the loop, not a budget: every step waits on the seats'
	// state (Pair.Status says Sending while either seat is behind)
	deadline := time.Now().Add(3 * time.Minute)
	for {
		if time.Now().After(deadline) {
			cy := p.Of(battle.Cylon).State()
			var pl []string
			for _, sv := range p.View(battle.Cylon).Ships {
				pl = append(pl, fmt.Sprintf("%s own=%v on=%v planned=%v", sv.ID, sv.Own, sv.OnTable, sv.Planned))
			}
			t.Fatalf("stuck: proposed %v undone %v text %s side %s hand %s cylon owe %v phase %s colonial phase %s seat view phases %s/%s ships %v status %+v", proposed, undone, drawnText(a), g.side, p.Hand(), cy.Owe, cy.View.Phase, p.Of(battle.Colonial).State().View.Phase, p.View(battle.Colonial).Phase, p.View(battle.Cylon).Phase, pl, p.Status())
		}
		st := p.Of(battle.Colonial).State()
		if st != nil && st.View.Turn >= 2 && st.View.Phase == battle.Planning && undone {
			break
		}
		if agreed && !undone {
			// the other player's Agree: the game's next moment (Seq), seen
			// at either seat, has the proposal taken back (waited on the
			// seats' state while ticking, never on time)
			for _, side := range battle.Sides {
				c := p.Of(side).State()
				if c == nil || c.Seq <= agreeSeq {
					continue
				}
				require.Equal(t, agreeSeq+1, c.Seq, "the %s seat saw the answer's moment", side)
				require.Nil(t, c.Undo, "the proposal answered")
				require.Equal(t, points-1, c.UndoPoints, "the undo took back the last action")
				undone = true
				break
			}
		}
		text := strings.Join(strings.Fields(drawnText(a)), " ") // lines wrapped at phone size
		leaks += secretsShown(t, g, p, text)
		if g.Stage() == "cover" {
			for _, side := range battle.Sides {
				if strings.Contains(text, SideName(side)+" player: take the controls") {
					covers[side] = true
				}
			}
		}
		acted := false
		busy := p.Status().Sending != ""
		tb := seat.Table(p)
		n, mine := tb.Need()
		switch {
		case busy || g.Stage() == "cover" || g.Stage() == "anim" || g.Stage() == "results":
		case n != nil && !mine && strings.Contains(text, "Pass the device to the"):
			require.Equal(t, battle.DrawCounter, n.What)
			assert.NotContains(t, text, "you draw it", "said to the holder, not the owner")
			assert.Contains(t, text, "the "+n.Side.Title()+" player draws it from the table's cup")
			passed = true
			clickButton(t, a, "Pass the device to the "+SideName(n.Side)+" player")
			acted = true
		case n != nil && mine && strings.Contains(text, "Let the app roll"):
			clickButton(t, a, "Let the app roll")
			acted = true
		case strings.Contains(text, "Hide my counters: both may look"):
			hid = true
			clickButton(t, a, "Hide my counters: both may look")
			acted = true
		case n != nil && mine && strings.Contains(text, "Draw from the app's secret cup"):
			require.Equal(t, n.Side, p.Hand(), "a counter is drawn by its owner, holding the device")
			clickButton(t, a, "Draw from the app's secret cup")
			acted = true
		case !proposed && n == nil && st != nil && st.View.Phase == battle.Aligning && tb.UndoPoints() > 0 && strings.Contains(text, "Propose to undo the last action"):
			proposed = true
			clickButton(t, a, "Propose to undo the last action")
			acted = true
		case proposed && !undone && tb.Offer() != nil && tb.Offer().By == p.Hand():
			require.Error(t, tb.AnswerUndo(true), "the proposer does not agree for the other player")
			clickButton(t, a, "Pass the device to the "+SideName(p.Hand().Opponent())+" player")
			acted = true
		case proposed && !agreed && tb.Offer() != nil && tb.Offer().By != p.Hand() && strings.Contains(text, "Agree"):
			points, agreeSeq = tb.UndoPoints(), st.Seq
			clickButton(t, a, "Agree")
			agreed = true
			acted = true
		case n == nil && st != nil && st.View.Phase == battle.Aligning && strings.Contains(text, "The table is aligned") && (undone || !proposed && tb.UndoPoints() == 0):
			clickButton(t, a, "The table is aligned")
			acted = true
		}
		if !acted && act(t, sc) {
			acted = true
		}
		if !acted {
			time.Sleep(time.Millisecond)
			a.Tick(1.0 / 60)
		}
	}
	assert.True(t, covers[battle.Colonial] && covers[battle.Cylon], "a cover before each side's controls: %v", covers)
	assert.True(t, proposed && undone)
	_ = passed // the Colonial's counters depend on the dice rolled
	assert.Zero(t, leaks, "no side's secret drawn while both look at the device")
	t.Logf("counters hidden by their owner: %v", hid)
	require.NoError(t, p.Status().Err)
}

// The title offers both ways to play a companion game (issue 27): each
// player on their own phone, or one device passed between them; the
// second opens the one game screen over both seats (seat.Pair), its
// first cover before the Colonial player's controls.
func TestTitleOffersTheCompanionOnOneDevice(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	a := newTestApp(t)
	a.Server = hs.URL
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	a.Show(NewTitle(a))
	var own, one *kit.Rect
	a.Frame()
	for _, w := range a.Hots() {
		switch {
		case strings.Contains(w.ID, "Companion, each on their own phone: "):
			own = &w.R
		case strings.Contains(w.ID, "Companion, one device passed between us: "):
			one = &w.R
		}
	}
	require.NotNil(t, own, "the two-phone row")
	require.NotNil(t, one, "the one-device row")
	c := one.Center()
	send(a, kit.Click(c.X, c.Y)...)
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "the game screen: %s", drawnText(a))
	p, ok := g.seat.(*seat.Pair)
	require.True(t, ok, "both seats on this device")
	t.Cleanup(p.Leave)
	deadline := time.Now().Add(time.Minute) // a bound on the loop: it waits on what is drawn
	for !strings.Contains(strings.Join(strings.Fields(drawnText(a)), " "), "Colonial player: take the controls") {
		require.True(t, time.Now().Before(deadline), "drawn: %s", drawnText(a))
		time.Sleep(2 * time.Millisecond)
		a.Tick(1.0 / 60)
	}
}

// One device, a pose proposed for the other player's ship (issue 27:
// "correct any ship's pose"; only a ship's owner corrects it): while the
// table is aligned after movement step 1, the player holding the device
// moves one of the other player's bases in the pose editor; the
// proposal waits for its owner, who answers holding the device: the
// screen offers to pass it (the proposer's own Agree is refused by the
// seat), a cover, then Agree, and the twin follows.
func TestSharedCompanionPoseProposalPassedToItsOwner(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	a := newTestApp(t)
	a.Server = hs.URL
	a.Handle(kit.Event{Kind: kit.Resize, W: 1280, H: 1600}) // the whole editor in view
	HostSharedCompanionGame(a, "jump-point")
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "the game screen: %s", drawnText(a))
	p, ok := g.seat.(*seat.Pair)
	require.True(t, ok)
	t.Cleanup(p.Leave)
	sc := screen{a, g}
	tb := seat.Table(p)
	// a bound on the loop, not a budget: each step waits on the seats'
	// state
	deadline := time.Now().Add(3 * time.Minute)
	until := func(what string, done func(text string) bool) {
		t.Helper()
		for {
			require.False(t, time.Now().After(deadline), "waited for %s: %s", what, drawnText(a))
			text := strings.Join(strings.Fields(drawnText(a)), " ")
			busy := p.Status().Sending != ""
			if !busy && done(text) {
				return
			}
			n, mine := tb.Need()
			acted := false
			switch {
			case busy || g.Stage() == "anim":
			case n != nil && !mine && strings.Contains(text, "Pass the device to the"):
				clickButton(t, a, "Pass the device to the "+SideName(n.Side)+" player")
				acted = true
			case n != nil && mine && strings.Contains(text, "Let the app roll"):
				clickButton(t, a, "Let the app roll")
				acted = true
			case n != nil && mine && strings.Contains(text, "Draw from the app's secret cup"):
				clickButton(t, a, "Draw from the app's secret cup")
				acted = true
			}
			if !acted {
				acted = act(t, sc)
			}
			if !acted {
				time.Sleep(time.Millisecond)
				a.Tick(1.0 / 60)
			}
		}
	}
	until("the table aligned after movement step 1", func(text string) bool {
		st := p.Of(battle.Colonial).State()
		n, _ := tb.Need()
		return n == nil && g.Stage() != "cover" && st != nil && st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	holder := p.Hand()
	owner := holder.Opponent()
	var theirs battle.ShipView
	for _, sv := range p.View(holder).Ships {
		if !sv.Own && sv.OnTable && !sv.Out {
			theirs = sv
			break
		}
	}
	require.NotEmpty(t, theirs.ID, "a ship of the %s player on the table", owner)
	a.Frame()
	at := g.cam.ToScreen(theirs.Pose.Pos)
	send(a, kit.Click(at.X, at.Y)...)
	require.Equal(t, theirs.ID, g.table.ship, "%s chosen on the board", theirs.ID)
	clickButton(t, a, "x +2")
	want := roundPose(physics.Pose{Pos: theirs.Pose.Pos.Add(physics.V(2, 0)), Heading: theirs.Pose.Heading})
	until("the proposal", func(string) bool { o := tb.PoseOffer(); return o != nil && o.By == holder })
	text := strings.Join(strings.Fields(drawnText(a)), " ")
	assert.Contains(t, text, "Your pose proposal waits for the "+SideName(owner)+" player's answer")
	require.Error(t, tb.AnswerPoses(true), "the proposer does not agree for the owner")
	clickButton(t, a, "Pass the device to the "+SideName(owner)+" player")
	require.Equal(t, "cover", g.Stage(), "a cover while the device is passed")
	assert.Contains(t, strings.Join(strings.Fields(drawnText(a)), " "), "to answer the pose proposal")
	enter(a)
	require.Equal(t, owner, p.Hand(), "the owner holds the device")
	until("the owner's Agree", func(text string) bool { return strings.Contains(text, "Agree") })
	clickButton(t, a, "Agree")
	until("the twin follows", func(string) bool {
		for _, side := range battle.Sides {
			if shipIn(p.Of(side).State(), theirs.ID).Pose != want {
				return false
			}
		}
		return tb.PoseOffer() == nil
	})
	assert.Equal(t, battle.Aligning, p.Of(owner).State().View.Phase, "still aligning")
}

// secretsShown counts, in a frame's text, the secret lines of a side
// (its counters drawn, battle.Event.Secret) drawn while both players may
// look at the one device: any moment but that side's own planning or
// declaration behind its cover, its counter being drawn, or the holder
// alone with its counters on screen (the "Hide my counters" row). Each
// is reported.
func secretsShown(t *testing.T, g *Game, p *seat.Pair, text string) int {
	t.Helper()
	n := 0
	for _, e := range p.Events() {
		if !e.Secret {
			continue
		}
		line := strings.Join(strings.Fields(kit.Clean(g.line(logEntry{Event: e}))), " ")
		if line == "" || !strings.Contains(text, line) {
			continue
		}
		need, mine := seat.Table(p).Need()
		alone := g.side == e.Side && (g.Stage() == "plan" || g.Stage() == "declare" ||
			strings.Contains(text, "Hide my counters") || need != nil && mine && need.What == battle.DrawCounter && need.Side == e.Side)
		if !alone {
			t.Errorf("%s's secret %q drawn at stage %s, %s holding the device:\n%s", e.Side, line, g.Stage(), p.Hand(), text)
			n++
		}
	}
	return n
}

// noseToNose is a companion battle where shots come at once: a Viper
// and a Raider 300 mm apart, nose to nose, and a second pair beside them.
const noseToNose = `name: Close quarters on one device
rules: quick
table: {width: 900, depth: 900}
turn_limit: 3
ships:
  - {id: viper-1, side: colonial, class: viper-mk2, pose: {x: 300, y: 300, heading: 90}, ke: 1}
  - {id: viper-2, side: colonial, class: viper-mk2, pose: {x: 600, y: 300, heading: 90}, ke: 1}
  - {id: raider-1, side: cylon, class: cylon-raider, pose: {x: 300, y: 600, heading: 270}, ke: 1}
  - {id: raider-2, side: cylon, class: cylon-raider, pose: {x: 600, y: 600, heading: 270}, ke: 1}
victory:
  - {kind: eliminate-all}
`

// The secrets on one device (issue 27: "one shared device with cover
// screens"; Damage counters are drawn face down: only their owner sees
// them): a battle of hits on one device, every attack die typed as a 6,
// every counter drawn from the app's secret cup by its owner after the
// device is passed to them. In every frame, no side's counter is drawn
// while both players look (the log, the playback, the aligning step);
// the owner sees it alone and hides it again ("Hide my counters"). The
// battle is played to its end (the turn limit) and its signed record
// replays to the same hash.
func TestSharedCompanionKeepsEachSidesCountersSecret(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	a := newTestApp(t)
	a.Server = hs.URL
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	HostShared(a, wire.CreateRequest{YAML: noseToNose, Companion: true})
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "the game screen: %s", drawnText(a))
	p, ok := g.seat.(*seat.Pair)
	require.True(t, ok)
	t.Cleanup(p.Leave)
	sc := screen{a, g}
	leaks, hidden := 0, map[battle.Side]int{}
	drawn := func() map[battle.Side]int {
		out := map[battle.Side]int{}
		for _, e := range p.Events() {
			if e.Secret && (e.Kind == battle.EvCounters || e.Kind == battle.EvCollisionKept) {
				out[e.Side]++
			}
		}
		return out
	}
	deadline := time.Now().Add(5 * time.Minute) // a bound on a hang, not a budget
	for {
		require.True(t, time.Now().Before(deadline), "stuck at %s: %s", g.Stage(), drawnText(a))
		st := p.Of(battle.Colonial).State()
		if st != nil && st.View.Phase == battle.Over {
			break
		}
		text := strings.Join(strings.Fields(drawnText(a)), " ")
		leaks += secretsShown(t, g, p, text)
		acted := false
		busy := p.Status().Sending != ""
		tb := seat.Table(p)
		n, mine := tb.Need()
		switch {
		case !busy && g.Stage() != "cover" && strings.Contains(text, "Hide my counters: both may look"):
			// the owner has seen its counters alone: both may look again
			hidden[g.alone]++
			clickButton(t, a, "Hide my counters: both may look")
			acted = true
		case busy || g.Stage() == "cover" || g.Stage() == "anim" || g.Stage() == "results":
		case n != nil && !mine && strings.Contains(text, "Pass the device to the"):
			clickButton(t, a, "Pass the device to the "+SideName(n.Side)+" player")
			acted = true
		case n != nil && mine && n.What == battle.DrawDie && strings.Contains(text, "Let the app roll"):
			clickButton(t, a, "6")
			acted = true
		case n != nil && mine && strings.Contains(text, "Let the app roll"):
			clickButton(t, a, "Let the app roll")
			acted = true
		case n != nil && mine && strings.Contains(text, "Draw from the app's secret cup"):
			require.Equal(t, n.Side, p.Hand(), "a counter is drawn by its owner, holding the device")
			clickButton(t, a, "Draw from the app's secret cup")
			acted = true
		case n == nil && st != nil && st.View.Phase == battle.Aligning && strings.Contains(text, "The table is aligned"):
			clickButton(t, a, "The table is aligned")
			acted = true
		}
		if !acted && act(t, sc) {
			acted = true
		}
		if !acted {
			time.Sleep(time.Millisecond)
			a.Tick(1.0 / 60)
		}
	}
	end := p.Of(battle.Colonial).State()
	for end.Record == nil {
		require.True(t, time.Now().Before(deadline), "no signed record at the end")
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
		end = p.Of(battle.Colonial).State()
	}
	t.Logf("counters drawn %v, hidden by their owners %v; turn %d, %s", drawn(), hidden, end.View.Turn, end.View.Phase)
	// the whole battle, played on one device, replays from its signed
	// record to the same hash
	b, err := end.Record.Verify(a.Comp, s.PublicKey())
	require.NoError(t, err, "the signed record checks")
	r, err := battle.Replay(end.Record.Setup, a.Comp, b.Seed(), end.Record.Journal)
	require.NoError(t, err)
	assert.Equal(t, end.Record.Hash, r.Hash(), "the record replays to the same hash")
	require.NotEmpty(t, drawn(), "the battle drew counters (every die a 6)")
	assert.NotEmpty(t, hidden, "an owner saw a counter alone and hid it")
	assert.Zero(t, leaks, "no side's counter drawn while both look at the device")
	require.NoError(t, p.Status().Err)
}
