package ui

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/tablefile"
)

// What a newcomer tripped over in a played game, each found through the
// real window (docs/players.md) and kept here.

// TestQuickStartSpeedKeysStayOnTheSlider: the Quick Start Rules have no
// FTL (Faster-than-light movement is a Complete Rules option), so the
// speed keys choose only the five positions the panel shows: 6 chose an
// invisible FTL and made the plan illegal (ftl-not-allowed).
func TestQuickStartSpeedKeysStayOnTheSlider(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	require.Equal(t, "plan", g.Stage())
	assert.Equal(t, []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High}, g.sliderSpeeds())
	send(a, kit.Type("5")...)
	send(a, kit.Type("6")...)
	v := g.battle().View(g.side)
	p := g.draft(v, g.sel)
	assert.Equal(t, maneuvers.High, p.Speed, "6 is no position of a Quick Start slider")
	_, vs, err := g.planCheck(v, g.sel, *p)
	require.NoError(t, err)
	assert.Empty(t, vs, "the plan stays legal")

	setup := closeQuarters(starship.Complete)
	setup.Rules.Options = []starship.Option{starship.OptFTL}
	g, err = NewGame(a, setup, 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	require.Equal(t, "plan", g.Stage())
	send(a, kit.Type("6")...)
	assert.Equal(t, maneuvers.FTL, g.draft(g.battle().View(g.side), g.sel).Speed, "with the FTL option 6 is FTL")
}

// toDeclare plays hot-seat Close quarters (Quick Start) to the first
// declaration, every ship straight at low.
func toDeclare(t *testing.T) (*App, *Game) { return toDeclareOn(t, newTestApp(t)) }

func toDeclareOn(t *testing.T, a *App) (*App, *Game) {
	g, err := NewGame(a, closeQuarters(starship.Quick), 3)
	require.NoError(t, err)
	a.Show(g)
	planAll(t, a, g)
	planAll(t, a, g)
	enter(a) // the reveal
	playBack(a, g)
	if g.Stage() == "cover" {
		enter(a)
	}
	require.Equal(t, "declare", g.Stage())
	return a, g
}

// TestDeclaringNothingSaysEveryShipHoldsFire (Fire!): Enter with no target
// chosen declares that the ship holds its fire; the button says so before,
// and the firing step's headline after says no shots were fired, not that
// "the dice have spoken".
func TestDeclaringNothingSaysEveryShipHoldsFire(t *testing.T) {
	a, g := toDeclare(t)
	sh := g.shooters(g.battle().View(g.side))
	require.NotEmpty(t, sh)
	label := g.declareLabel(sh)
	assert.Contains(t, label, "hold")
	for _, id := range sh {
		assert.Contains(t, label, id)
	}
	if len(sh) > 1 {
		g.aim(sh[0], g.targets(sh[0])[0].TargetID)
		assert.NotContains(t, g.declareLabel(sh), sh[0], "a ship with a target fires")
		g.hold(sh[0])
	}
	held := g.side
	enter(a)
	for g.Stage() == "cover" || g.Stage() == "declare" {
		if g.Stage() == "cover" {
			enter(a)
			continue
		}
		// the other side fires at its first target
		for _, id := range g.shooters(g.battle().View(g.side)) {
			g.shooter = id
			send(a, kit.Type("1")...)
		}
		enter(a)
	}
	require.Contains(t, []string{"results", "anim"}, g.Stage())
	attacked := false
	for _, e := range g.battle().State().Events {
		attacked = attacked || e.Kind == battle.EvAttack && e.Side != held
	}
	h := g.resultsHeadline()
	if attacked {
		assert.Contains(t, h, "dice have spoken", "the other side fired")
	} else {
		assert.Contains(t, h, "no shots")
		assert.NotContains(t, h, "dice")
	}
	// a firing beat with no attack in it says so
	b := beat{kind: beatFire, fire: 1, events: []logEntry{{Event: battle.Event{Kind: battle.EvDeclaration, Side: battle.Colonial}}}}
	assert.Equal(t, "Firing step 1: no shots; every ship that could fire held its fire.", b.headline(a.Words))
	b.events = append(b.events, logEntry{Event: battle.Event{Kind: battle.EvAttack, Ship: "viper-1", Other: "raider-1"}})
	assert.Contains(t, b.headline(a.Words), "The dice have spoken")
}

// TestTheLogNeverRunsAheadOfThePlayback (The turn): while a movement
// step's ships move on screen, the log does not already say what the
// firing step after it did, nor that the next turn began.
func TestTheLogNeverRunsAheadOfThePlayback(t *testing.T) {
	a := newTestApp(t)
	setup := closeQuarters(starship.Quick)
	// far apart: nobody can fire in turn 1, the turn ends in one command
	for i := range setup.Ships {
		if setup.Ships[i].Side == battle.Cylon {
			setup.Ships[i].Pose.Pos.Y = 840
		} else {
			setup.Ships[i].Pose.Pos.Y = 60
		}
	}
	g, err := NewGame(a, setup, 3)
	require.NoError(t, err)
	a.Show(g)
	planAll(t, a, g)
	planAll(t, a, g)
	enter(a) // the reveal
	require.Equal(t, "anim", g.Stage())
	require.NotEmpty(t, g.beats)
	require.Equal(t, beatMove, g.beats[0].kind)
	ahead := func() []string {
		var out []string
		for _, e := range g.visibleEvents(g.publicView()) {
			if e.Turn > 1 || e.Kind == battle.EvNoFire || e.Kind == battle.EvFiringStep {
				out = append(out, g.line(e))
			}
		}
		return out
	}
	assert.Empty(t, ahead(), "the ships still move: no firing step, no turn 2 in the log")
	runAnim(a, g)
	assert.Empty(t, ahead(), "the move waits for Enter")
	enter(a)
	require.Equal(t, beatNoFire, g.beats[g.beat].kind)
	assert.Equal(t, []string{"Firing step 1: no ship can fire (none has an enemy in its fire arc, in range and in sight)."}, ahead())
	enter(a)
	assert.True(t, strings.Contains(strings.Join(ahead(), "\n"), "Turn 2"), "after the playback the log has turn 2: %v", ahead())
}

// TestAToastCoversNoButton: a long status line during planning (the
// "leaves the table" warning) went over the footer's Log and Save
// buttons; it now takes a spot clear of every button.
func TestAToastCoversNoButton(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	require.Equal(t, "plan", g.Stage())
	msg := "viper-2's plan leaves the table across the west edge: Enter again commits it anyway; the ship will be eliminated"
	a.Say("%s", msg)
	l := a.Frame()
	seen := false
	for _, op := range l.Ops {
		if op.Text != msg {
			continue
		}
		seen = true
		box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		for _, w := range a.Hots() {
			assert.False(t, box.Overlaps(w.R), "the status line %v covers the button %q at %v", box, w.ID, w.R)
		}
	}
	assert.True(t, seen, "the status line is drawn")
}

// TestQuickStartSaysSpecialDamageIsIgnored (Fire!): a Quick Start ship's
// counters show their symbols ("3 control"), which only the Complete
// Rules apply; the panel said "a word is a special damage" as if it
// counted.
func TestQuickStartSaysSpecialDamageIsIgnored(t *testing.T) {
	for _, set := range []starship.RuleSet{starship.Quick, starship.Complete} {
		a := newTestApp(t)
		g, err := NewGame(a, closeQuarters(set), 3)
		require.NoError(t, err)
		a.Show(g)
		enter(a)
		v := g.battle().View(g.side)
		s := ownActive(v)[0]
		s.Counters = []battle.Counter{{Value: 3, Special: "control"}}
		class := g.seat.Class(s.Class)
		notes := strings.Join(g.rulesBehind(s, class, *s.State, g.draft(v, s.ID), nil), "\n")
		if set == starship.Quick {
			assert.Contains(t, notes, "which the Quick Start Rules ignore", set)
		} else {
			assert.NotContains(t, notes, "Quick Start", set)
			assert.Contains(t, notes, "is a special damage (Fire!; Critical hits and special damage)", set)
		}
	}
}

// TestPhoneDeclareHeadingFits: at 390 × 844 the firing panel's heading
// ("Turn 3 · firing step 1 · Cylon declares") ran off the right edge of
// the screen; it wraps now.
func TestPhoneDeclareHeadingFits(t *testing.T) {
	a, g := toDeclareOn(t, phoneApp(t))
	text := textOnScreen(t, a, "the declaration on a phone")
	assert.Contains(t, strings.ReplaceAll(text, "\n", " "), "firing step 1 · "+SideName(g.side)+" declares")
}

// TestMeasureAsksBeforeLosingChanges: Esc in measurement mode left at
// once, losing a table the player had arranged (ships dragged, nothing
// saved); it now asks, as the editor does, and leaves at once when
// nothing changed or the table was saved.
func TestMeasureAsksBeforeLosingChanges(t *testing.T) {
	a := newTestApp(t)
	tbl := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry), Ships: []referee.Ship{
		{ID: "viper-1", Class: "viper-mk2", Pose: physics.Pose{Pos: physics.V(300, 300), Heading: physics.Deg(90)}, Level: 1, AcrossFlats: 45},
		{ID: "raider-1", Class: "cylon-raider", Pose: physics.Pose{Pos: physics.V(300, 600), Heading: physics.Deg(270)}, Level: 1, AcrossFlats: 45},
	}}
	m := NewMeasure(a, &tbl, "test")
	a.Show(m)
	a.Frame()
	send(a, kit.Press(kit.KeyEscape))
	_, ok := a.Screen().(*Title)
	require.True(t, ok, "nothing changed: Esc leaves")

	m = NewMeasure(a, &tbl, "test")
	a.Show(m)
	a.Frame()
	p := m.cam.ToScreen(physics.V(300, 300))
	q := m.cam.ToScreen(physics.V(300, 400))
	send(a, kit.Event{Kind: kit.MouseMove, X: p.X, Y: p.Y}, kit.Event{Kind: kit.MouseDown, X: p.X, Y: p.Y},
		kit.Event{Kind: kit.MouseMove, X: q.X, Y: q.Y}, kit.Event{Kind: kit.MouseUp, X: q.X, Y: q.Y})
	require.InDelta(t, 400, m.T.Ships[0].Pose.Pos.Y, 1e-6, "dragged")
	send(a, kit.Press(kit.KeyEscape))
	require.True(t, a.Confirming(), "a dragged ship: Esc asks")
	send(a, kit.Press(kit.KeyEscape))
	assert.Same(t, m, a.Screen(), "and stays")
	assert.InDelta(t, 400, m.T.Ships[0].Pose.Pos.Y, 1e-6, "the table as arranged")
	send(a, kit.Press(kit.KeyF2))
	require.True(t, a.Prompting(), "F2 asks for the file")
	a.modal.text = filepath.Join(a.Dir, "t.yaml")
	enter(a)
	require.False(t, a.Prompting(), a.modal)
	send(a, kit.Press(kit.KeyEscape))
	_, ok = a.Screen().(*Title)
	assert.True(t, ok, "saved: Esc leaves")
}

// TestPhoneTableSizeCoversNoShip: on a phone (390 × 844) the table fills
// the view's width, so its size ("900 × 900 mm") has no room outside the
// table; it was drawn just inside the far left corner before the ships,
// under raider-1's base and name (The Hand of God, network game, turn 1).
// It now goes where no base or label is, whole in the view.
func TestPhoneTableSizeCoversNoShip(t *testing.T) {
	a := phoneApp(t)
	sc, err := scenarios.Load(scenarios.Default, a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	r, ok := buttonRect(a, "Continue")
	require.True(t, ok)
	send(a, kit.Click(r.Center().X, r.Center().Y)...)
	require.Equal(t, "plan", g.Stage())
	v := g.seat.View(g.side)
	size := fmt.Sprintf("%.0f × %.0f mm", v.Width, v.Depth)
	var box kit.Rect
	var others []kit.Rect
	found := false
	for _, op := range a.Frame().Ops {
		if op.Kind != kit.OpText || op.Text == "" {
			continue
		}
		b := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		if op.Text == size {
			box, found = b, true
		} else if g.cam.View.Overlaps(b) {
			others = append(others, b)
		}
	}
	require.True(t, found, "the table's size is written")
	vw := g.cam.View
	assert.True(t, box.X >= vw.X && box.Y >= vw.Y && box.X+box.W <= vw.X+vw.W && box.Y+box.H <= vw.Y+vw.H,
		"the size %v lies whole in the view %v", box, vw)
	ships := 0
	for _, s := range v.Ships {
		if !s.OnTable {
			continue
		}
		ships++
		c := g.cam.ToScreen(s.Pose.Pos)
		rr := g.shipLook(s).Across / math.Sqrt(3) * g.cam.Scale
		base := kit.Rect{X: c.X - rr, Y: c.Y - rr, W: 2 * rr, H: 2 * rr}
		assert.False(t, box.Overlaps(base), "the size %v covers %s's base %v", box, s.ID, base)
	}
	require.Equal(t, 4, ships, "The Hand of God's four ships are on the table")
	for _, o := range others {
		assert.False(t, box.Overlaps(o), "the size %v covers the label %v", box, o)
	}
}

// TestMeasureNotesStayInViewAfterADrag: in measurement mode the rulings
// whose labels find no room on the table are numbered and explained in
// notes under the picture. Dragging viper-2 of the example table made a
// second note, and the picture, fitted once, ran past the window's
// bottom: the note was cut. Once the ship is let go the picture is shown
// whole again (unless the player zoomed or panned).
func TestMeasureNotesStayInViewAfterADrag(t *testing.T) {
	a := newTestApp(t)
	data, err := os.ReadFile("../../testdata/tables/example.yaml")
	require.NoError(t, err)
	tbl, err := tablefile.Parse("example.yaml", data, a.Comp)
	require.NoError(t, err)
	m := NewMeasure(a, &tbl, "testdata/tables/example.yaml")
	a.Show(m)
	a.Frame()
	i := slices.IndexFunc(tbl.Ships, func(s referee.Ship) bool { return s.ID == "viper-2" })
	require.GreaterOrEqual(t, i, 0)
	p := m.cam.ToScreen(m.T.Ships[i].Pose.Pos)
	q := m.cam.ToScreen(physics.V(443, 211))
	send(a, kit.Event{Kind: kit.MouseMove, X: p.X, Y: p.Y}, kit.Event{Kind: kit.MouseDown, X: p.X, Y: p.Y, Button: kit.ButtonLeft})
	for k := 1; k <= 8; k++ {
		x, y := p.X+(q.X-p.X)*float64(k)/8, p.Y+(q.Y-p.Y)*float64(k)/8
		send(a, kit.Event{Kind: kit.MouseMove, X: x, Y: y})
		a.Frame()
	}
	send(a, kit.Event{Kind: kit.MouseUp, X: q.X, Y: q.Y, Button: kit.ButtonLeft})
	require.InDelta(t, 443, m.T.Ships[i].Pose.Pos.X, 2, "dragged")
	view := m.cam.View
	notes, heading := 0, math.Inf(1)
	for _, op := range a.Frame().Ops {
		if op.Kind != kit.OpText || op.Text == "" || op.At.X < view.X || op.At.X > view.X+view.W {
			continue
		}
		if strings.HasPrefix(op.Text, "Numbered rulers") {
			heading = op.At.Y
		}
		if (op.Text == "1" || op.Text == "2") && op.At.Y > heading {
			notes++
		}
		box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		assert.LessOrEqual(t, box.Y+box.H, view.Y+view.H+1, "%q is cut at the view's bottom", op.Text)
	}
	assert.GreaterOrEqual(t, notes, 2, "two numbered notes under the picture")
}

// TestCounterBadgeSpeaksEnglish: a damaged ship's badge said "1
// counter(s)" under the ship (played vs normal, turn 3); it now says "1
// counter", "2 counters".
func TestCounterBadgeSpeaksEnglish(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 7)
	require.NoError(t, err)
	s := g.seat.View(g.side).Ships[0]
	s.CounterCount = 1
	assert.Contains(t, g.shipLook(s).Badges, "1 counter")
	s.CollisionCount = 2
	assert.Contains(t, g.shipLook(s).Badges, "3 counters")
}

// TestOneEscCancelsAPrompt: a prompt for a file says "Esc: cancel", but
// its field had the focus and took the first Esc as "leave the field":
// a second Esc was needed (measurement mode, Load table, F3).
func TestOneEscCancelsAPrompt(t *testing.T) {
	a := newTestApp(t)
	tbl := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry)}
	m := NewMeasure(a, &tbl, "test")
	a.Show(m)
	a.Frame()
	send(a, kit.Press(kit.KeyF3))
	require.True(t, a.Prompting(), "F3 asks for the file")
	a.Frame()
	require.Equal(t, "prompt", a.Focused(), "the field has the focus")
	send(a, kit.Press(kit.KeyEscape))
	assert.False(t, a.Prompting(), "one Esc cancels")
	assert.Same(t, m, a.Screen(), "and stays in measurement mode")
	send(a, kit.Press(kit.KeyEscape))
	_, ok := a.Screen().(*Title)
	assert.True(t, ok, "the next Esc leaves")
}

// TestEditorAndMeasureSayClickOrTap: the scenario editor told a desktop
// player (mouse and keys) to "Tap a ship"; measurement mode told a phone
// to "Click a ship". Each now speaks of the pointer it has.
func TestEditorAndMeasureSayClickOrTap(t *testing.T) {
	for _, c := range []struct {
		a           *App
		word, wrong string
	}{{newTestApp(t), "Click a ship", "Tap a ship"}, {phoneApp(t), "Tap a ship", "Click a ship"}} {
		a := c.a
		a.Show(NewEditor(a))
		text := strings.ReplaceAll(textOnScreen(t, a, "the editor"), "\n", " ")
		assert.Contains(t, text, c.word, "the editor")
		assert.NotContains(t, text, c.wrong, "the editor")
		tbl := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry)}
		a.Show(NewMeasure(a, &tbl, "test"))
		text = strings.ReplaceAll(textOnScreen(t, a, "measurement mode"), "\n", " ")
		assert.Contains(t, text, c.word, "measurement mode")
		assert.NotContains(t, text, c.wrong, "measurement mode")
	}
}

// TestTheGreetingCoversNoShipName: a game's first toast ("The Hand of
// God: hot-seat: …") found no spot clear of both the buttons and the
// labels along the window's edges and sat over viper-1's name at the
// bottom left (1280 × 800). It now goes up the left side to a free spot.
func TestTheGreetingCoversNoShipName(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load(scenarios.Default, a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	enter(a)
	require.Equal(t, "plan", g.Stage())
	a.Say("%s", "The Hand of God: hot-seat: two players at this machine, each plans behind a cover screen")
	var toast kit.Rect
	var names []kit.Rect
	for _, op := range a.Frame().Ops {
		if op.Kind != kit.OpText {
			continue
		}
		box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		switch {
		case op.Text == a.Status():
			toast = box
		case strings.HasPrefix(op.Text, "viper-") || strings.HasPrefix(op.Text, "raider-"):
			if g.cam.View.Overlaps(box) {
				names = append(names, box)
			}
		}
	}
	require.NotZero(t, toast.W, "the toast is drawn")
	require.Len(t, names, 4, "the four ships' names")
	for _, n := range names {
		assert.False(t, toast.Overlaps(n), "the toast %v covers a ship's name %v", toast, n)
	}
	for _, w := range a.Hots() {
		assert.False(t, toast.Overlaps(w.R), "the toast %v covers the button %q", toast, w.ID)
	}
}

// TestTypingReplacesAPromptsOfferedPath: a prompt offers a path
// ("out/table/table.yaml"); typing another appended it to the offer
// ("out/table/table.yaml/work/…": no such file) and Ctrl+A did nothing,
// so a player pressed Backspace twenty times. The offer is now shown
// selected: the first character replaces it, Backspace clears it, and
// what follows is typed as usual.
func TestTypingReplacesAPromptsOfferedPath(t *testing.T) {
	a := newTestApp(t)
	tbl := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry)}
	a.Show(NewMeasure(a, &tbl, "test"))
	a.Frame()
	send(a, kit.Press(kit.KeyF3))
	require.True(t, a.Prompting())
	require.NotEmpty(t, a.modal.text, "a path is offered")
	a.Frame()
	send(a, kit.Type("t.yaml")...)
	assert.Equal(t, "t.yaml", a.modal.text, "typing replaces the offer")
	send(a, kit.Press(kit.KeyBackspace))
	assert.Equal(t, "t.yam", a.modal.text, "then Backspace takes one character")
	send(a, kit.Press(kit.KeyEscape))
	send(a, kit.Press(kit.KeyF3))
	a.Frame()
	send(a, kit.Press(kit.KeyBackspace))
	assert.Empty(t, a.modal.text, "Backspace on the offer clears it")
}
