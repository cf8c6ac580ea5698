package ui

import (
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http/httptest"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// Two phones at a real table: the counter of an illegal plan typed from
// the table's cup by its owner, the table aligned, on screens at phone size.
func TestCompanionScreensAtPhoneSize(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	var apps []*App
	for _, tok := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
		g := NewNetGame(a, hs.URL, tok) // as the seat link opens it
		t.Cleanup(func() { g.seat.Leave() })
		a.Show(g)
		apps = append(apps, a)
	}
	// The seat link opens a network seat; once its state says the game
	// is played at a table, the screen gives it the table's controls.
	tableOf := func(i int) *seat.Companion { c, _ := apps[i].Screen().(*Game).seat.(*seat.Companion); return c }
	screens := []screen{{apps[0], apps[0].Screen().(*Game)}, {apps[1], apps[1].Screen().(*Game)}}
	saw := map[string]bool{}
	typed := false
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the companion turn ends")
		if c := tableOf(0); c != nil && c.State().View.Turn >= 2 && c.State().View.Phase == battle.Planning {
			break
		}
		acted := false
		for i, sc := range screens {
			text := drawnText(sc.a)
			for _, want := range []string{"The game waits for", "Movement step 1 is over", "Movement step 2 is over", "to copy onto the table", "you draw it", "player draws it"} {
				if strings.Contains(text, want) {
					saw[want] = true
				}
			}
			c := tableOf(i)
			if c == nil {
				if act(t, sc) {
					acted = true
				}
				continue
			}
			if n, mine := c.Need(); n != nil && mine && c.Status().Sending == "" {
				switch {
				case n.What == battle.DrawDie && !typed:
					clickButton(t, sc.a, "6")
					typed = true
				case n.What == battle.DrawCounter:
					clickButton(t, sc.a, "Draw from the app's secret cup")
				default:
					clickButton(t, sc.a, "Let the app roll")
				}
				acted = true
				continue
			}
			if v := c.State(); v != nil && v.View.Phase == battle.Aligning && v.Need == nil && !slices.Contains(v.Aligned, v.Seat) && c.Status().Sending == "" && strings.Contains(text, "The table is aligned") {
				if v.View.Step == 1 && !saw["nudged"] && i == 0 {
					clickButton(t, sc.a, "escort-1")
					clickButton(t, sc.a, "x +2")
					saw["nudged"] = true
					acted = true
					continue
				}
				clickButton(t, sc.a, "The table is aligned")
				acted = true
				continue
			}
			if act(t, sc) {
				acted = true
			}
		}
		if !acted {
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
	assert.True(t, typed, "a die typed in on the screen")
	for _, want := range []string{"The game waits for", "Movement step 1 is over", "Movement step 2 is over", "to copy onto the table", "nudged"} {
		assert.True(t, saw[want], "the screens showed %q", want)
	}
}

// companionScreens opens two phones' screens (390 × 844) on the seat links
// of a companion game of The Jump Point on a server on 127.0.0.1. The
// server's game secret, and so the battle's own dice ("Let the app
// roll"), come from a fixed seed: every run plays the same game.
func companionScreens(t *testing.T) []screen {
	return companionScreensSeeded(t, companionSeed)
}

// companionSeed is the seed of companionScreens' games: with it the FTL
// entry of turn 2 lands clear of every base (see
// TestCompanionFTLEntryProcedureAtTheFirstStep).
const companionSeed = 1

// companionScreensSeeded is companionScreens with the server's ids,
// tokens and game secret read from a ChaCha8 stream of seed.
func companionScreensSeeded(t *testing.T, seed uint64) []screen {
	t.Helper()
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	s, err := server.New(server.Options{Data: t.TempDir(), Rand: rand.NewChaCha8(key)})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	var out []screen
	for _, tok := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
		g := NewNetGame(a, hs.URL, tok)
		t.Cleanup(func() { g.seat.Leave() })
		a.Show(g)
		out = append(out, screen{a, g})
	}
	return out
}

// companionUntil drives both screens (the app rolls every die, draws
// every counter; each phone says the table is aligned at once) until
// done holds of the Colonial seat's state and screen.
func companionUntil(t *testing.T, screens []screen, what string, done func(st *wire.State, text string) bool) {
	t.Helper()
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "waited for %s", what)
		if c, ok := screens[0].g.seat.(*seat.Companion); ok && c.Status().Sending == "" {
			if st := c.State(); st != nil && done(st, drawnText(screens[0].a)) {
				return
			}
		}
		acted := false
		for _, sc := range screens {
			c, _ := sc.g.seat.(*seat.Companion)
			if c != nil && c.Status().Sending == "" {
				text := drawnText(sc.a)
				if n, mine := c.Need(); n != nil && mine {
					label := "Let the app roll"
					if n.What == battle.DrawCounter {
						label = "Draw from the app's secret cup"
					}
					clickButton(t, sc.a, label)
					acted = true
					continue
				}
				if st := c.State(); st.View.Phase == battle.Aligning && st.Need == nil && !slices.Contains(st.Aligned, st.Seat) && strings.Contains(text, "The table is aligned") && !done(st, text) {
					clickButton(t, sc.a, "The table is aligned")
					acted = true
					continue
				}
			}
			if act(t, sc) {
				acted = true
			}
		}
		if !acted {
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
}

// settleSend ticks a screen until its seat has sent what it sends aside
// and taken the answer.
func settleSend(t *testing.T, sc screen, what string, done func(st *wire.State) bool) *wire.State {
	t.Helper()
	c := sc.g.seat.(*seat.Companion)
	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "waited for %s", what)
		sc.a.Tick(1.0 / 60)
		sc.a.Frame()
		if c.Status().Sending == "" && done(c.State()) {
			return c.State()
		}
		time.Sleep(time.Millisecond)
	}
}

func shipIn(st *wire.State, id string) battle.ShipView {
	for _, s := range st.View.Ships {
		if s.ID == id {
			return s
		}
	}
	return battle.ShipView{}
}

// After a movement step (Movement; the table companion: the twin follows
// the table): a base dragged by a finger on the board, a pose typed in
// its fields, a pose off the table and one on another base refused with
// their typed reason drawn, the game unchanged; the card of the step
// drawn to scale where the model stood.
func TestCompanionPoseByDragAndByTyping(t *testing.T) {
	screens := companionScreens(t)
	col := screens[0]
	companionUntil(t, screens, "the table aligned after movement step 1", func(st *wire.State, text string) bool {
		return st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	c := col.g.seat.(*seat.Companion)
	st := c.State()
	before := shipIn(st, "escort-1")
	require.True(t, before.OnTable, "escort-1 on the table")
	text := drawnText(col.a)
	assert.Contains(t, text, "Movement step 1 is over")
	// the card of the step, to scale, labelled with its printed name
	o := before.Outcome
	require.NotNil(t, o)
	name := col.g.cardName("escort-1", o.Cards[0].ID)
	require.NotEqual(t, o.Cards[0].ID, name, "the deck names the card")
	assert.Contains(t, text, name, "the card laid at the model's front is drawn and named")
	assert.NotContains(t, text, o.Cards[0].ID, "by its name, not its id")

	// a drag by a finger: 40 pixels right, 20 down
	p := col.g.cam.ToScreen(before.Pose.Pos)
	q := kit.Pt{X: p.X + 40, Y: p.Y + 20}
	want := col.g.cam.ToWorld(q)
	_, ok := col.g.correcting()
	require.True(t, ok, "the Colonial player may correct poses")
	send(col.a, kit.Event{Kind: kit.MouseDown, X: p.X, Y: p.Y, Button: kit.ButtonLeft, Touch: true},
		kit.Event{Kind: kit.MouseMove, X: p.X + 20, Y: p.Y + 10, Touch: true},
		kit.Event{Kind: kit.MouseMove, X: q.X, Y: q.Y, Touch: true})
	assert.Contains(t, drawnText(col.a), "escort-1 to (", "the dragged base's ghost names where it goes")
	send(col.a, kit.Event{Kind: kit.MouseUp, X: q.X, Y: q.Y, Button: kit.ButtonLeft, Touch: true})
	st = settleSend(t, col, "the dragged pose", func(st *wire.State) bool { return shipIn(st, "escort-1").Pose != before.Pose })
	got := shipIn(st, "escort-1").Pose
	assert.InDelta(t, want.X, got.Pos.X, 0.06)
	assert.InDelta(t, want.Y, got.Pos.Y, 0.06)
	assert.InDelta(t, before.Pose.Heading.Degrees(), got.Heading.Degrees(), 0.06, "a drag moves, it does not turn")

	// typed: x, y and heading
	col.a.Frame()
	col.a.EditField("pose-x", "300")
	col.a.EditField("pose-y", "250,5")
	col.a.EditField("pose-h", "90")
	clickButton(t, col.a, "Set the typed pose")
	st = settleSend(t, col, "the typed pose", func(st *wire.State) bool { return shipIn(st, "escort-1").Pose.Pos.X == 300 })
	got = shipIn(st, "escort-1").Pose
	assert.InDelta(t, 250.5, got.Pos.Y, 1e-9)
	assert.InDelta(t, 90, got.Heading.Degrees(), 1e-9)

	// refused: off the table; on another base
	seq := st.Seq
	col.a.EditField("pose-x", "-40")
	clickButton(t, col.a, "Set the typed pose")
	settleSend(t, col, "the refusal", func(*wire.State) bool { return c.Status().Err != nil })
	rf := poseRefusal(c.Status().Err)
	require.NotNil(t, rf, "the refusal is typed: %v", c.Status().Err)
	require.NotEmpty(t, rf.Faults)
	assert.Equal(t, battle.FaultOffTable, rf.Faults[0].Fault)
	text = drawnText(col.a)
	assert.Contains(t, text, "Refused: escort-1 cannot stand at (-40.0, 250.5)")
	assert.Contains(t, text, "beyond the table's edge")
	assert.Contains(t, text, "The game is unchanged.")
	assert.Contains(t, text, "refused", "the refused base is drawn on the board")
	assert.Equal(t, seq, c.State().Seq, "nothing accepted")
	assert.Equal(t, got, shipIn(c.State(), "escort-1").Pose, "the game unchanged")

	other := shipIn(c.State(), "escort-2")
	if !other.OnTable {
		other = shipIn(c.State(), "raptor")
	}
	require.True(t, other.OnTable)
	col.a.EditField("pose-x", strconv.FormatFloat(other.Pose.Pos.X, 'f', 1, 64))
	col.a.EditField("pose-y", strconv.FormatFloat(other.Pose.Pos.Y, 'f', 1, 64))
	clickButton(t, col.a, "Set the typed pose")
	settleSend(t, col, "the second refusal", func(*wire.State) bool {
		rf := poseRefusal(c.Status().Err)
		return rf != nil && rf.Faults[0].Fault == battle.FaultOverlap
	})
	assert.Contains(t, drawnText(col.a), "overlap the base of "+other.ID)
	assert.Equal(t, got, shipIn(c.State(), "escort-1").Pose, "the game unchanged")

	// not a number
	col.a.EditField("pose-x", "abc")
	clickButton(t, col.a, "Set the typed pose")
	assert.Contains(t, drawnText(col.a), `The x typed ("abc") is not a number.`)
}

// The counter buttons (Damage counters; the table companion): the kinds
// of the box (package assets) less what the player's own ships hold face
// down; a kind none of which may be left is not offered.
func TestCompanionCounterButtonsOfferWhatMayBeLeftInTheCup(t *testing.T) {
	kinds := assets.Default().Damage
	require.NotEmpty(t, kinds)
	all := countLeft(kinds, nil)
	total := 0
	for _, k := range kinds {
		total += k.Count
	}
	sum := 0
	for _, cc := range all {
		sum += cc.left
	}
	assert.Equal(t, total, sum, "every counter of the box, once")
	first := all[0]
	held := map[battle.Counter]int{first.c: first.left}
	less := countLeft(kinds, held)
	assert.Len(t, less, len(all)-1, "a kind the player holds all of is not offered")
	for _, cc := range less {
		assert.NotEqual(t, first.c, cc.c)
	}
	second := all[1]
	less = countLeft(kinds, map[battle.Counter]int{second.c: 1})
	for _, cc := range less {
		if cc.c == second.c {
			assert.Equal(t, second.left-1, cc.left)
		}
	}
}

// An illegal plan in a companion game (Planning; Special cases: Illegal
// moves): the damage counter is drawn at the reveal, before the ships
// move, so the server's game stands in its reveal waiting for the table.
// The screens wait there (they do not turn the plans over again and
// again) and the owner's shows the counter buttons; the counter tapped
// lies on the raptor.
func TestCompanionIllegalPlanCounterAtTheReveal(t *testing.T) {
	screens := companionScreens(t)
	col := screens[0]
	illegal := false
	var c *seat.Companion
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the illegal plan's counter is asked for")
		if c, _ = col.g.seat.(*seat.Companion); c != nil && c.Status().Sending == "" {
			if n, mine := c.Need(); n != nil && n.What == battle.DrawCounter && mine {
				break
			}
		}
		acted := false
		for i, sc := range screens {
			if i == 0 && !illegal && sc.g.Stage() == "plan" && sc.g.sel == "raptor" {
				// the rookie's hard turn at medium speed: no arrow for it
				d := sc.g.draft(sc.g.seat.View(sc.g.side), "raptor")
				d.Cards, d.Speed = []string{"hard-turn-left"}, maneuvers.Medium
				enter(sc.a)
				enter(sc.a) // flagged: the second Enter commits it
				illegal, acted = true, true
				continue
			}
			if act(t, sc) {
				acted = true
			}
		}
		if !acted {
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
				sc.a.Frame()
			}
		}
	}
	require.True(t, illegal)
	// the Cylon screen learns of the draw over its own connection: it
	// takes the state that asks for it (under load, after the Colonial's)
	n, _ := c.Need()
	cyl := screens[1].g.seat.(*seat.Companion)
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the Cylon screen learns of the draw")
		if m, _ := cyl.Need(); m != nil && m.For == n.For && cyl.Status().Sending == "" {
			break
		}
		time.Sleep(time.Millisecond)
		screens[1].a.Tick(1.0 / 60)
		screens[1].a.Frame()
	}
	for _, sc := range screens {
		for range 5 { // frames: the screen stays where it is
			sc.a.Tick(1.0 / 60)
			sc.a.Frame()
		}
		assert.Equal(t, battle.Revealing, sc.g.publicView().Phase, "the reveal waits for the table's counter")
		assert.Equal(t, "think", sc.g.Stage(), "the screen waits")
	}
	assert.Empty(t, c.Status().Waiting, "the Colonial player draws: this screen waits for no one")
	assert.Equal(t, battle.Colonial, screens[1].g.seat.Status().Waiting, "the Cylon screen waits for the Colonial player's draw")
	left := col.g.cupLeft(n)
	require.NotEmpty(t, left)
	pick := left[0]
	clickButton(t, col.a, fmt.Sprintf("%s (≤%d)", pick.c, pick.left))
	st := settleSend(t, col, "the counter typed", func(st *wire.State) bool { return st.Need == nil || st.Need.For != n.For })
	assert.Contains(t, shipIn(st, "raptor").Counters, pick.c, "the counter drawn at the table lies on the raptor")
}

// A base turned on the board after a movement step (Movement; the table
// companion: the twin follows the table): held by one finger and twisted
// by a second circling it, it turns in place by the angle the fingers'
// line turned; turned by its handle (a mouse or a finger on the knob
// ahead of the chosen base), it faces the pointer, its centre kept.
func TestCompanionBaseTurnedByTwistAndByHandle(t *testing.T) {
	screens := companionScreens(t)
	col := screens[0]
	companionUntil(t, screens, "the table aligned after movement step 1", func(st *wire.State, text string) bool {
		return st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	c := col.g.seat.(*seat.Companion)
	before := shipIn(c.State(), "escort-1")
	require.True(t, before.OnTable)
	turned := func(from, to float64) float64 { return math.Remainder(to-from, 360) }

	// one finger on the base, a second 60 px to its right circling it by
	// 40° counter-clockwise on the screen, in steps (the gestures' Pinch
	// events, as kit.Gestures makes them)
	p := col.g.cam.ToScreen(before.Pose.Pos)
	var gs kit.Gestures
	finger := func(deg float64) kit.TouchPoint {
		r := deg * math.Pi / 180
		return kit.TouchPoint{ID: 2, X: p.X + 60*math.Cos(r), Y: p.Y - 60*math.Sin(r)}
	}
	one := kit.TouchPoint{ID: 1, X: p.X, Y: p.Y}
	send(col.a, gs.Update([]kit.TouchPoint{one})...)
	for deg := 0.0; deg <= 40; deg += 10 {
		send(col.a, gs.Update([]kit.TouchPoint{one, finger(deg)})...)
	}
	assert.Contains(t, drawnText(col.a), "escort-1 to (", "the turning base's ghost says where it goes")
	send(col.a, gs.Update([]kit.TouchPoint{one})...)
	send(col.a, gs.Update(nil)...)
	st := settleSend(t, col, "the twisted pose", func(st *wire.State) bool { return shipIn(st, "escort-1").Pose != before.Pose })
	got := shipIn(st, "escort-1").Pose
	assert.InDelta(t, 40, turned(before.Pose.Heading.Degrees(), got.Heading.Degrees()), 0.11, "turned by the fingers' angle")
	assert.InDelta(t, before.Pose.Pos.X, got.Pos.X, 0.06, "turned in place")
	assert.InDelta(t, before.Pose.Pos.Y, got.Pos.Y, 0.06, "turned in place")

	// the handle of the chosen base (escort-1, chosen by the press),
	// dragged to straight below its centre on the screen: the base
	// faces the table's near edge (−90°)
	side, ok := col.g.correcting()
	require.True(t, ok)
	col.a.Frame()
	sv, h, ok := col.g.tableHandle(side)
	require.True(t, ok)
	require.Equal(t, "escort-1", sv.ID)
	c0 := col.g.cam.ToScreen(got.Pos)
	send(col.a, kit.Event{Kind: kit.MouseMove, X: h.X, Y: h.Y}, kit.Event{Kind: kit.MouseDown, X: h.X, Y: h.Y, Button: kit.ButtonLeft},
		kit.Event{Kind: kit.MouseMove, X: c0.X + 30, Y: c0.Y + 80}, kit.Event{Kind: kit.MouseMove, X: c0.X, Y: c0.Y + 90},
		kit.Event{Kind: kit.MouseUp, X: c0.X, Y: c0.Y + 90, Button: kit.ButtonLeft})
	st = settleSend(t, col, "the pose turned by the handle", func(st *wire.State) bool { return shipIn(st, "escort-1").Pose != got })
	now := shipIn(st, "escort-1").Pose
	assert.InDelta(t, 0, turned(-90, now.Heading.Degrees()), 0.11, "the base faces the pointer")
	assert.InDelta(t, got.Pos.X, now.Pos.X, 0.06, "the handle turns, it does not move")
	assert.InDelta(t, got.Pos.Y, now.Pos.Y, 0.06, "the handle turns, it does not move")
}

// An own ship's view lists its damage counters, then the collision
// counters it kept (Asteroid fields; Planetoids): each cup's buttons count
// off only what came from that cup.
func TestCompanionCounterButtonsCountEachCupApart(t *testing.T) {
	dmg := battle.Counter{Value: 3}
	col := battle.Counter{Value: 3} // a collision counter carries a value alike
	sv := battle.ShipView{Own: true, Counters: []battle.Counter{dmg, col}, CounterCount: 1}
	assert.Equal(t, []battle.Counter{dmg}, heldFrom(sv, "damage"))
	assert.Equal(t, []battle.Counter{col}, heldFrom(sv, "collision"))
	sv.Counters, sv.CounterCount = []battle.Counter{col}, 0
	assert.Empty(t, heldFrom(sv, "damage"), "a collision counter is not off the damage cup")
}

// A companion game played to its end (the app rolls and draws; the
// table aligned at once) offers no undo any more: the battle is over.
// Once each phone (390 × 844) has played the last moves back, its final
// screen says who won near its top (Winning the game): the victory's
// words are the page's words to read, and the panel's first line.
func TestCompanionGameOverOffersNoUndo(t *testing.T) {
	screens := companionScreens(t)
	companionUntil(t, screens, "the end of the game", func(st *wire.State, _ string) bool {
		return st.View.Phase == battle.Over
	})
	for i, sc := range screens {
		// each phone takes the last state over its own connection (the
		// Cylon's maybe later than the Colonial's)
		c := sc.g.seat.(*seat.Companion)
		for guard := 0; c.State() == nil || c.State().View.Phase != battle.Over || c.Status().Sending != ""; guard++ {
			require.Less(t, guard, 20000, "phone %d takes the game's end", i)
			if !act(t, sc) {
				time.Sleep(time.Millisecond)
				sc.a.Tick(1.0 / 60)
				sc.a.Frame()
			}
		}
		for range 3 {
			sc.a.Tick(1.0 / 60)
			sc.a.Frame()
		}
		for _, w := range sc.a.Hots() {
			assert.False(t, strings.HasSuffix(w.ID, ":Propose to undo the last action"), "an undo offered after the end")
		}
	}
	for i, sc := range screens {
		for guard := 0; sc.g.Stage() != "over"; guard++ {
			require.Less(t, guard, 500, "the playback reaches the victory screen")
			if !act(t, sc) {
				sc.a.Tick(1.0 / 60)
			}
		}
		res := sc.g.publicView().Result
		require.NotNil(t, res)
		want := "A draw"
		if res.Winner != "" {
			want = SideName(res.Winner) + " victory"
		}
		sc.a.Frame()
		words := sc.a.PageState().Words
		k := slices.IndexFunc(words, func(w PageText) bool { return w.Text == want })
		require.GreaterOrEqual(t, k, 0, "phone %d: the final screen's words say %q: %v", i, want, words)
		assert.Less(t, words[k].Y, 844.0/3, "phone %d says who won near the top", i)
		// the panel: who won is its first line, before the seat's lines
		var texts []string
		var boxes []kit.Rect
		for _, op := range sc.a.Frame().Ops {
			if op.Kind == kit.OpText && op.At.Y > 844/3 {
				texts = append(texts, op.Text)
				boxes = append(boxes, kit.LabelBox(op.At, sc.a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor))
			}
		}
		if won := slices.Index(texts, want); won >= 0 && won+1 < len(texts) {
			// the line under it (why) does not run into it
			a, b := boxes[won], boxes[won+1]
			assert.LessOrEqual(t, a.Y+a.H-4, b.Y+2, "phone %d: %q over %q", i, texts[won], texts[won+1])
		}
		// why, as the player reads it: the sides named as everywhere on
		// screen (the engine's reason says "cylon survived 2 turns")
		for _, x := range texts {
			assert.NotRegexp(t, `(^|[^\w-])(colonial|cylon)([^\w-]|$)`, x, "phone %d: a side in lowercase on the final screen", i)
		}
		won, you := slices.Index(texts, want), slices.IndexFunc(texts, func(s string) bool { return strings.HasPrefix(s, "You play") })
		require.GreaterOrEqual(t, won, 0, "phone %d: the panel says %q: %q", i, want, texts)
		assert.True(t, you < 0 || won < you, "phone %d: who won comes before the seat's lines: %q", i, texts)
	}
}

// An FTL entry at a turn's start (The Jump Point: hunter-2 on turn 2;
// Faster-than-light movement) is among the procedures the table follows
// after the turn's first movement step: one for each FTL event of the
// turn.
func TestCompanionFTLEntryProcedureAtTheFirstStep(t *testing.T) {
	screens := companionScreens(t)
	companionUntil(t, screens, "turn 2's first step aligned", func(st *wire.State, _ string) bool {
		return st.View.Turn == 2 && st.View.Phase == battle.Aligning && st.View.Step == 1
	})
	g := screens[0].g
	v := g.publicView()
	ftl := 0
	for _, e := range g.seat.Events() {
		if e.Turn == v.Turn && (e.Kind == battle.EvFTLEntry || e.Kind == battle.EvFTLRoll) && len(e.Dice) >= 3 && e.At != nil {
			ftl++
		}
	}
	require.Positive(t, ftl, "hunter-2 enters by FTL on turn 2")
	for _, e := range g.seat.Events() {
		// the case of this test: the arrival is clear of every base
		// (an arrival onto a base adds its own procedures; the seed
		// picks a game where it does not happen)
		if e.Turn == v.Turn && (e.Kind == battle.EvJumpsOnto || e.Kind == battle.EvMovesOn || e.Kind == battle.EvSlides || e.Kind == battle.EvCrossesEdge) {
			require.Failf(t, "the seed no longer gives a clear arrival", "companionSeed %d: turn 2 has %s of %s; choose another seed", companionSeed, e.Kind, e.Ship)
		}
	}
	assert.Len(t, g.procedures(v), ftl)
}

// Movement (Complete Rules: Changing direction, Overboost): after each
// movement step a companion's board shows the cards to lay in that step,
// as the move's data says: a change of direction drifts and turns in
// step 1 and lays its one card in step 2; an overboost lays its line in
// step 1 and the second card in step 2.
func TestCompanionCardOfEachStep(t *testing.T) {
	comp := assets.Default()
	c, err := starship.ClassFor(comp, "viper-mk2")
	require.NoError(t, err)
	rs := starship.Rules{Set: starship.Complete}
	s := starship.State{Pose: physics.Pose{Pos: physics.V(450, 450), Heading: physics.Deg(90)}, KE: 2, Rotation: 3, Level: 1, Fuel: 20}
	cards := func(o starship.Outcome, k int) []string {
		_, cs, ok := stepToCopy(&o, k)
		require.True(t, ok, "step %d", k)
		var ids []string
		for _, c := range cs {
			ids = append(ids, c.ID)
		}
		return ids
	}
	o, err := starship.Resolve(rs, comp, c, s, starship.Plan{Cards: []string{"change-direction", "straight"}, Speed: maneuvers.Low, Rotate: 3}, nil)
	require.NoError(t, err)
	require.True(t, o.Legal, "%v", o.Violations)
	assert.Empty(t, cards(o, 1), "change direction: no card in step 1")
	assert.Equal(t, []string{"straight"}, cards(o, 2), "change direction: the card in step 2")

	s.KE, s.Rotation = 4, 0
	o, err = starship.Resolve(rs, comp, c, s, starship.Plan{Cards: []string{"overboost-straight", "bank-left"}, Speed: maneuvers.Low}, nil)
	require.NoError(t, err)
	require.True(t, o.Legal, "%v", o.Violations)
	assert.Equal(t, []string{"overboost-straight"}, cards(o, 1))
	assert.Equal(t, []string{"bank-left"}, cards(o, 2))
}

// Faster-than-light movement: an FTL marker's sides are numbered with
// their 2d6 rolls where the numbers have room. On a phone showing the
// whole table (390 × 844) the marker is a few pixels across: its numbers
// would pile over each other and over the label of a ship beside it, so
// none is drawn there; zoomed in, all six are, clear of the label.
func TestFTLMarkerNumbersPileOverNothing(t *testing.T) {
	a := newTestApp(t)
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	g, err := NewGame(a, closeQuarters(starship.Complete), 1)
	require.NoError(t, err)
	a.Show(g)
	marker := physics.Pose{Pos: physics.V(450, 450), Heading: physics.Deg(90)}
	isNumbers := regexp.MustCompile(`^\d+(,\d+)*$`)
	draw := func(view kit.Rect, world physics.Rect) (nums []kit.Rect, label kit.Rect) {
		g.cam.SetView(view, world)
		g.cam.Fit(world)
		l := &kit.List{W: int(a.W), H: int(a.H)}
		// a ship's label just beside the marker, as drawShip takes it
		p := g.cam.ToScreen(physics.V(450, 390))
		sz := a.TextSize(12)
		label = kit.LabelBox(p, a.Fonts.Width("hunter-1", sz, true), sz, kit.AnchorMiddle)
		l.Take(label)
		g.drawMarkerHex(l, marker, SideColor(battle.Colonial), 1, true)
		for _, op := range l.Ops {
			if op.Kind == kit.OpText && isNumbers.MatchString(op.Text) {
				nums = append(nums, kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor))
			}
		}
		return nums, label
	}
	check := func(what string, nums []kit.Rect, label kit.Rect) {
		for i, n := range nums {
			assert.False(t, n.Overlaps(label), "%s: a side's numbers over the ship's label", what)
			for _, o := range nums[:i] {
				assert.False(t, n.Overlaps(o), "%s: two sides' numbers over each other", what)
			}
		}
	}
	// the phone: the whole 900 mm table in a board 390 px wide
	nums, label := draw(kit.Rect{W: 390, H: 420}, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(930, 930)})
	check("phone", nums, label)
	// zoomed in on the marker: every side numbered
	nums, label = draw(kit.Rect{W: 390, H: 420}, physics.Rect{Lo: physics.V(390, 390), Hi: physics.V(510, 510)})
	check("zoomed in", nums, label)
	assert.Len(t, nums, len(a.Comp.Geometry.FTLSides), "zoomed in, every side is numbered")
}

// TestCompanionPoseFieldsSayTheHeadingAsOnTheTable: the typed pose of a
// ship to correct after movement (Movement: the model stands where the
// table has it) shows its heading from 0° to 360°, as a protractor at the
// table reads it: a Raider arrived by FTL (Faster-than-light movement),
// whose engine angle had turned past a whole turn, showed "570".
func TestCompanionPoseFieldsSayTheHeadingAsOnTheTable(t *testing.T) {
	for _, tt := range []struct {
		deg  float64
		want string
	}{{570, "210"}, {-90, "270"}, {88, "88"}, {360.04, "0"}} {
		var e tableEdit
		e.fill(battle.ShipView{ID: "hunter-2"}, physics.Pose{Pos: physics.V(303, 615), Heading: physics.Deg(tt.deg)})
		assert.Equal(t, tt.want, e.h, "engine heading %v°", tt.deg)
		assert.Equal(t, "303", e.x)
	}
}
