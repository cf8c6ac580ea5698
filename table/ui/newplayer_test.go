package ui

import (
	"fmt"
	"math"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// What a newcomer met on every seat in session s33 (title, hot-seat,
// against the computer, network, phone, companion), each found through
// the real window or the phone and kept here.

// memPlatform is a browser's storage in memory, without files.
type memPlatform struct{ kept map[string][]byte }

func (m *memPlatform) Download(string, []byte) error { return nil }
func (m *memPlatform) Upload([]string, int64, func(string, []byte, error)) {
}
func (m *memPlatform) Stored(key string) ([]byte, bool) { d, ok := m.kept[key]; return d, ok }
func (m *memPlatform) Store(key string, data []byte) error {
	if m.kept == nil {
		m.kept = map[string][]byte{}
	}
	m.kept[key] = data
	return nil
}

// TestEscOnTheTitleAsksBeforeQuitting: Esc on the title closed the
// program at once, though Leave everywhere else asks first. It now asks
// ("Quit the program?"): Esc on the question stays, Enter quits. In a
// browser nothing quits; Esc says the tab is closed instead.
func TestEscOnTheTitleAsksBeforeQuitting(t *testing.T) {
	a := newTestApp(t)
	send(a, kit.Press(kit.KeyEscape))
	assert.False(t, a.Quit, "Esc alone does not quit")
	require.True(t, a.Confirming(), "Esc asks first")
	send(a, kit.Press(kit.KeyEscape))
	assert.False(t, a.Quit, "Esc on the question stays")
	assert.False(t, a.Confirming())
	assert.Equal(t, "title", a.Screen().Name())
	send(a, kit.Press(kit.KeyEscape), kit.Press(kit.KeyEnter))
	assert.True(t, a.Quit, "Esc then Enter quits")

	a = newTestApp(t)
	clickButton(t, a, "15   Quit")
	assert.False(t, a.Quit, "the Quit row asks too")
	assert.True(t, a.Confirming())

	a = newTestApp(t)
	a.Platform = &memPlatform{}
	send(a, kit.Press(kit.KeyEscape))
	assert.False(t, a.Quit, "a browser page is not quit")
	assert.False(t, a.Confirming())
	assert.Contains(t, a.status, "close the browser tab", "Esc says how to leave")
}

// TestTitleShipsClearOfTheMenu: the two ships over the title were cut by
// the menu's first row and the briefing's frame. At every window size
// their bases stand above both.
func TestTitleShipsClearOfTheMenu(t *testing.T) {
	for _, size := range [][2]int{{1280, 800}, {1024, 640}, {1920, 1080}, {800, 600}, {1280, 1000}} {
		a := newTestApp(t)
		a.Handle(kit.Event{Kind: kit.Resize, W: size[0], H: size[1]})
		l := a.Frame()
		top := math.Inf(1) // the menu's top (the briefing's is the same)
		for _, h := range a.Hots() {
			top = math.Min(top, h.R.Y)
		}
		bases := 0
		for _, op := range l.Ops {
			if len(op.Pts) != 6 || !op.Closed {
				continue
			}
			bases++
			for _, p := range op.Pts {
				assert.Less(t, p.Y, top, "%v: a title ship's base reaches below the menu's top %.0f", size, top)
				assert.Greater(t, p.Y, 0.0, "%v: a title ship's base is cut by the window's top", size)
			}
		}
		assert.GreaterOrEqual(t, bases, 2, "%v: the two ships are drawn", size)
	}
}

// TestAPlannedShipsTabAndBadgeSayOneWord: a committed plan's ship tab
// said "(ok)" while the same ship's badge on the table said "planned":
// two words for one state. Both say planned.
func TestAPlannedShipsTabAndBadgeSayOneWord(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	require.Equal(t, "plan", g.Stage())
	first := g.sel
	send(a, kit.Type("3")...)
	enter(a)
	require.True(t, ownPlanned(g, first), "the first ship's plan is committed")
	_, ok := buttonRect(a, first+" (planned)")
	assert.True(t, ok, "the tab says planned")
	text := frameText(a)
	assert.NotContains(t, text, "(ok)")
	assert.Contains(t, text, "planned", "the badge says planned")
}

func ownPlanned(g *Game, id string) bool {
	for _, s := range g.battle().View(g.side).Ships {
		if s.ID == id {
			return s.Planned
		}
	}
	return false
}

// TestEditorVictoryKindSpeaksWordsAndSaysItCycles: the editor's victory
// kind button showed the YAML id ("eliminate-all"), and nothing said a
// click changes it. It shows words, and a line says the condition's
// buttons cycle through their choices (tap on a phone).
func TestEditorVictoryKindSpeaksWordsAndSaysItCycles(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	e.Sc.Victory = []scenarios.Condition{{Kind: battle.EliminateAll}}
	a.Frame()
	_, ok := buttonRect(a, "eliminate all")
	assert.True(t, ok, "the kind in words")
	_, ok = buttonRect(a, "eliminate-all")
	assert.False(t, ok, "no YAML id on a button")
	assert.Contains(t, frameText(a), "changes it to the next")
	clickButton(t, a, "eliminate all")
	assert.Equal(t, battle.Survive, e.Sc.Victory[0].Kind, "a click cycles the kind")

	a = phoneApp(t)
	e = NewEditor(a)
	a.Show(e)
	e.Sc.Victory = []scenarios.Condition{{Kind: battle.EliminateAll}}
	text := frameText(a)
	assert.Contains(t, text, "A tap on")
}

// TestAPromptsCaretMovesAndTypingInsertsAtIt: in a file prompt Left
// unselects the offered path and moves the caret into it; what is typed
// then goes in at the caret (a typo in the middle of a path is mended
// without retyping its end).
func TestAPromptsCaretMovesAndTypingInsertsAtIt(t *testing.T) {
	a := newTestApp(t)
	tbl := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry)}
	a.Show(NewMeasure(a, &tbl, "test"))
	a.Frame()
	send(a, kit.Press(kit.KeyF3))
	require.True(t, a.Prompting())
	offer := a.modal.text
	require.True(t, strings.HasSuffix(offer, ".yaml"), offer)
	send(a, kit.Press(kit.KeyLeft), kit.Press(kit.KeyLeft), kit.Press(kit.KeyLeft), kit.Press(kit.KeyLeft), kit.Press(kit.KeyLeft))
	send(a, kit.Type("-2")...)
	assert.Equal(t, strings.TrimSuffix(offer, ".yaml")+"-2.yaml", a.modal.text, "typed at the caret, the offer kept")
	send(a, kit.Press(kit.KeyHome), kit.Press(kit.KeyDelete))
	assert.Equal(t, strings.TrimSuffix(offer, ".yaml")[1:]+"-2.yaml", a.modal.text, "Home, Delete")
}

// TestANewShipIsNamedAlikeInEveryMode: the editor named a new ship by
// its side (a Colonial Raider was "viper-3"), measurement mode by the
// first word of its class ("cylon-2") and the photo mode by the class id
// ("cylon-raider-1"). All now ask assets.Components.NewShipID.
func TestANewShipIsNamedAlikeInEveryMode(t *testing.T) {
	a := newTestApp(t)
	m := NewMeasure(a, nil, "")
	a.Show(m)
	var ids []string
	for _, s := range m.T.Ships {
		ids = append(ids, s.ID)
	}
	assert.Equal(t, []string{"viper-1", "raider-1"}, ids, "measurement mode's first table")

	e := NewEditor(a)
	a.Show(e)
	n := len(e.Sc.Ships)
	e.classIdx = slices.Index(a.Comp.ClassIDs(), "cylon-raider")
	e.AddShip(battle.Colonial)
	require.Len(t, e.Sc.Ships, n+1)
	got := e.Sc.Ships[n]
	assert.Equal(t, "cylon-raider", got.Class)
	assert.Equal(t, a.Comp.NewShipID("cylon-raider", func(id string) bool {
		return slices.ContainsFunc(e.Sc.Ships[:n], func(s scenarios.Ship) bool { return s.ID == id })
	}), got.ID, "the editor names by the class, not the side")
	assert.True(t, strings.HasPrefix(got.ID, "raider-"), got.ID)
}

// TestThePanelSaysWhatToDoOnceEveryShipIsPlanned: with every ship
// planned the panel still showed the last ship's "Legal plan." and
// nothing said that Hand over (or Done) was the next step. It says so,
// in the words of the seat: the other player at this machine, or the
// computer.
func TestThePanelSaysWhatToDoOnceEveryShipIsPlanned(t *testing.T) {
	for _, cylon := range []string{Human, "greedy"} {
		a := newTestApp(t)
		a.Players[battle.Cylon] = cylon
		g, err := NewGame(a, closeQuarters(starship.Quick), 3)
		require.NoError(t, err)
		a.Show(g)
		for g.Stage() != "plan" {
			enter(a)
		}
		assert.NotContains(t, frameText(a), "Every ship is planned", "%s: not before", cylon)
		for range ownActive(g.battle().View(g.side)) {
			send(a, kit.Type("3")...)
			enter(a)
		}
		want := "Every ship is planned. Hand over (h) passes the screen to the Cylon player."
		if cylon != Human {
			want = "Every ship is planned. Done (h) ends your planning: the plans are revealed."
		}
		assert.Contains(t, strings.ReplaceAll(frameText(a), "\n", " "), want, cylon)
	}
}

// TestHelpWhilePlanningTellsTheRulesBehindTheControls: F1 while planning
// listed only keys; what a G-value, the kinetic energy, the fuel of a
// jump and the damage counters mean stood in the panel alone. The help
// now tells them too, for the ship being planned.
func TestHelpWhilePlanningTellsTheRulesBehindTheControls(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	for g.Stage() != "plan" {
		enter(a)
	}
	send(a, kit.Type("6")...) // FTL
	help := strings.Join(g.Help(), "\n")
	assert.Contains(t, help, "The rules behind "+g.sel+"'s controls:")
	assert.Contains(t, help, "G-value")
	assert.Contains(t, help, "Kinetic energy")
	assert.Contains(t, help, "FTL jump costs")
}

// TestContinueNamesTheGameAtStartUp: `make play` opened the title with
// "Continue the unfinished game", naming no game: the title was made
// before the App knew its data folder (table.NewApp sets DataDir after
// ui.NewApp), so the autosave's name was never read. The title names
// it however the App was set up.
func TestContinueNamesTheGameAtStartUp(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	a := newTestApp(t)
	a.DataDir = data
	g, err := NewGame(a, closeQuarters(starship.Quick), 9)
	require.NoError(t, err)
	a.Show(g)
	enter(a) // the briefing
	send(a, kit.Type("3")...)
	enter(a)
	require.True(t, a.HasAutosave())

	b := NewApp(a.Comp, t.TempDir()) // as table.NewApp: the data folder after
	b.DataDir = data
	b.Handle(kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	b.Frame()
	ti, ok := b.Screen().(*Title)
	require.True(t, ok)
	assert.True(t, strings.HasPrefix(ti.items()[0].label, "Continue: Close quarters (saved "), ti.items()[0].label)
}

// TestQuickStartPlanStartsFromTheSlider (Speed settings on the control
// panel): under the Quick Start Rules the slider stays where it was set;
// the panel said "slider medium" but offered a plan at the speed of the
// scenario's kinetic energy, which the Quick Start Rules do not use, so a
// quick Enter flew the ship at another speed than its panel showed.
func TestQuickStartPlanStartsFromTheSlider(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 3)
	require.NoError(t, err)
	a.Show(g)
	for guard := 0; guard < 200 && g.battle().Turn() < 2; guard++ {
		switch g.Stage() {
		case "plan":
			for range ownActive(g.battle().View(g.side)) {
				send(a, kit.Type("4")...) // medium
				enter(a)
			}
			send(a, kit.Type("h")...)
		case "declare":
			send(a, kit.Type("0")...)
			enter(a)
		default:
			enter(a)
		}
	}
	for guard := 0; guard < 50 && g.Stage() != "plan"; guard++ {
		enter(a)
	}
	require.Equal(t, "plan", g.Stage())
	require.Equal(t, 2, g.battle().Turn())
	v := g.battle().View(g.side)
	s, ok := own(v, g.sel)
	require.True(t, ok)
	require.Equal(t, maneuvers.Medium, s.State.Speed, "the slider stands at medium")
	assert.Equal(t, maneuvers.Medium, g.draft(v, s.ID).Speed, "the plan starts from it")
}

// TestTheWaitingRoomSpeaksToAPlayer: a hosted game's waiting room told
// the player to "go run . -join CODE", a developer's command from the
// source folder. It says where the link and the code go for a player:
// a browser, and Join on the title.
func TestTheWaitingRoomSpeaksToAPlayer(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	a := newTestApp(t)
	a.Server = hs.URL
	HostNetGame(a, "hand-of-god")
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "hosting opens the game screen, not %T", a.Screen())
	tickUntil(t, a, func() bool { return strings.Contains(drawnText(a), "Waiting for the Cylon") })
	text := strings.ReplaceAll(drawnText(a), "\n", " ")
	assert.NotContains(t, text, "go run")
	assert.Contains(t, text, "Join a network or companion game")
	assert.Contains(t, text, "browser")
	g.leaveNow()
}

// TestACompanionWaitingRoomFitsAPhone: at 390 × 844 a hosted companion
// game's waiting room pushed "Back to the title" below the screen, said
// nothing of the real table, offered a computer player (who moves no
// models) and a status line "hosting companion game … on http://…" lay
// over the seat's own link. Now the words and the button fit, it says
// companion game, and no toast covers it.
//
// Played again in the browser, whose page has a clipboard: the Copy
// buttons made the words taller than the phone, the head "Waiting for the
// Cylon player" began above its top and the way back below its bottom.
func TestACompanionWaitingRoomFitsAPhone(t *testing.T) {
	for _, clip := range []bool{false, true} {
		t.Run(fmt.Sprintf("clipboard=%v", clip), func(t *testing.T) { companionWaitingRoomFits(t, clip) })
	}
}

func companionWaitingRoomFits(t *testing.T, clip bool) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	a := phoneApp(t)
	if clip {
		a.Clipboard = func(string) error { return nil }
	}
	a.Server = hs.URL
	HostCompanionGame(a, "jump-point")
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "hosting opens the game screen, not %T", a.Screen())
	tickUntil(t, a, func() bool { return strings.Contains(drawnText(a), "Waiting for the Cylon") })
	text := strings.ReplaceAll(textOnScreen(t, a, "waiting room"), "\n", " ")
	assert.Contains(t, text, "companion game")
	assert.Contains(t, text, "models")
	assert.NotContains(t, text, "bsg bot", "no computer at a real table")
	assert.Empty(t, a.Status(), "no toast over the links")
	r, ok := buttonRect(a, "Back to the title")
	require.True(t, ok, "a way back")
	assert.LessOrEqual(t, r.Y+r.H, a.H, "the way back is on the screen: %v in %.0f", r, a.H)
	if clip {
		_, ok := buttonRect(a, "Copy the link")
		require.True(t, ok, "a clipboard: the Copy buttons")
	}
	for _, op := range a.Frame().Ops {
		if op.Kind == kit.OpText && op.Text != "" {
			box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
			assert.LessOrEqual(t, box.Y+box.H, a.H, "%q below the screen", op.Text)
			assert.GreaterOrEqual(t, box.Y, 0.0, "%q above the screen", op.Text)
		}
	}
	g.leaveNow()
}
