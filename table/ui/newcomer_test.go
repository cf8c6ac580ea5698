package ui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestScenarioBriefingAndGoals: The Jump Point's briefing, each side's
// goal and the jump point zone reach the players; progress says how far
// the Raptor is from the zone.
func TestScenarioBriefingAndGoals(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	PlayScenario(a, sc)
	g := a.Screen().(*Game)
	assert.Equal(t, "cover", g.Stage())
	assert.Contains(t, paraText(g.coverParas), "A Raptor carries the coordinates")
	assert.Contains(t, paraText(g.coverParas), "Colonial: Raptor and escort: Get the Raptor into the jump point and jump. To win: get raptor to jump away by FTL")
	assert.Contains(t, paraText(g.coverParas), "Cylon: Hunters")
	require.Len(t, g.br.zones, 1)
	assert.Equal(t, "jump-point", g.br.zones[0].id)
	assert.Equal(t, battle.Colonial, g.br.zones[0].side)
	prog := g.br.progress(g.seat, g.publicView(), 1)
	assert.Contains(t, prog, "Turn 1 of 15.")
	assert.Contains(t, prog, "raptor is 922 mm from the jump point.")
	assert.Contains(t, strings.Join(prog, " "), "Cylon: survive to the end of turn 15 (14 more after this one).")
	// once the battle is over (played: the raptor jumped away in turn 7)
	// no side has turns left to survive (Winning the game)
	over := g.publicView()
	over.Phase = battle.Over
	assert.NotContains(t, strings.Join(g.br.progress(g.seat, over, 7), " "), "survive to the end of turn")
	enter(a)
	require.Equal(t, "plan", g.Stage())
	send(a, kit.Type("b")...)
	assert.Equal(t, "scenario", g.tab, "B opens the scenario tab")
	send(a, kit.Type("b")...)
	assert.Equal(t, "", g.tab)
	send(a, kit.Press(kit.KeyF1))
	assert.Contains(t, g.Help(), "Colonial wins: get raptor to jump away by FTL (speed slider at FTL) from inside the jump point; or destroy every enemy ship (both sides gone in the same turn: a draw).")
}

// TestAutosaveAndContinue: every command is autosaved to the user data
// folder; Esc on a cover screen asks first; the title offers Continue,
// which resumes the game where it stood; a finished game leaves no
// autosave.
func TestAutosaveAndContinue(t *testing.T) {
	a := newTestApp(t)
	a.DataDir = filepath.Join(t.TempDir(), "data")
	a.Players[battle.Cylon] = "greedy"
	g, err := NewGame(a, closeQuarters("quick"), 9)
	require.NoError(t, err)
	a.Show(g)
	enter(a) // the briefing
	require.Equal(t, "plan", g.Stage())
	assert.True(t, a.HasAutosave(), "the computer planned: autosaved")
	send(a, kit.Type("3")...)
	enter(a)
	require.True(t, a.HasAutosave(), "a committed plan is autosaved")
	n := len(g.battle().Journal())

	send(a, kit.Press(kit.KeyEscape)) // planning: Esc asks too
	require.True(t, a.Confirming(), "Esc while planning asks")
	send(a, kit.Press(kit.KeyEscape))
	assert.Same(t, g, a.Screen(), "and stays when told so")
	assert.Equal(t, "plan", g.Stage(), "still planning")
	g.cover(coverPass, "", "x", paras("y"), func() {})
	send(a, kit.Press(kit.KeyEscape))
	require.True(t, a.Confirming(), "Esc on a cover screen asks")
	send(a, kit.Press(kit.KeyEscape))
	assert.Same(t, g, a.Screen(), "and stays when told so")
	send(a, kit.Press(kit.KeyEscape), kit.Press(kit.KeyEnter))
	ti, ok := a.Screen().(*Title)
	require.True(t, ok, "leaves after yes")

	a.Players[battle.Cylon] = Human
	a.Frame()
	assert.True(t, strings.HasPrefix(ti.items()[0].label, "Continue: Close quarters (saved "), ti.items()[0].label)
	enter(a)
	g2, ok := a.Screen().(*Game)
	require.True(t, ok)
	assert.Len(t, g2.battle().Journal(), n, "the game as it stood")
	assert.NotEmpty(t, g2.Computer(battle.Cylon), "each side played as before")
	assert.Equal(t, g.battle().Hash(), g2.battle().Hash())

	// a broken autosave is refused with its file named, not played
	require.NoError(t, os.WriteFile(filepath.Join(a.DataDir, autosaveGame), []byte("{"), 0o644))
	err = a.ContinueAutosave()
	require.Error(t, err)
	assert.Contains(t, err.Error(), autosaveGame)
}

// edgeSetup: viper-1 stands 60 mm from the north edge, heading north.
func edgeSetup(set starship.RuleSet) battle.Setup {
	s := closeQuarters(set)
	s.Ships[0].Pose = physics.Pose{Pos: physics.V(330, 840), Heading: physics.Deg(90)}
	return s
}

// TestPlanLeavingTheTableIsWarned (Special cases: a ship that moves out
// of the playing area, even partially, is eliminated): a legal plan
// whose swept base crosses an edge says so as loudly as an illegal one,
// in either movement step, and needs a second Enter.
func TestPlanLeavingTheTableIsWarned(t *testing.T) {
	for _, set := range []starship.RuleSet{starship.Quick, starship.Complete} {
		t.Run(string(set), func(t *testing.T) {
			a := newTestApp(t)
			g, err := NewGame(a, edgeSetup(set), 3)
			require.NoError(t, err)
			a.Show(g)
			enter(a)
			require.Equal(t, "plan", g.Stage())
			require.Equal(t, "viper-1", g.sel)
			v := g.battle().View(battle.Colonial)
			o, vs, err := g.planCheck(v, "viper-1", *g.draft(v, "viper-1"))
			require.NoError(t, err)
			require.Empty(t, vs, "a legal plan")
			lv, out := g.leaves(v, "viper-1", o)
			require.True(t, out, "the straight move carries the base over the north edge")
			assert.Equal(t, "north", lv.sw.Edge)
			assert.Contains(t, lv.text("viper-1"), "Leaves the table!")
			assert.NotContains(t, frameText(a), "Legal plan.")
			assert.Contains(t, frameText(a), "OFF THE TABLE: NORTH EDGE")
			enter(a)
			assert.False(t, shipPlanned(g, "viper-1"), "the first Enter only warns")
			assert.Contains(t, a.Status(), "leaves the table across the north edge")
			enter(a)
			assert.True(t, shipPlanned(g, "viper-1"), "the second Enter commits")
		})
	}
}

// TestPlanStayingOnTheTableIsLegal: the same ship stopping stays on.
func TestPlanStayingOnTheTableIsLegal(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, edgeSetup(starship.Quick), 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	send(a, kit.Type("2")...)
	assert.Contains(t, frameText(a), "Legal plan.")
	enter(a)
	assert.True(t, shipPlanned(g, "viper-1"))
}

func shipPlanned(g *Game, id string) bool {
	s, _ := own(g.battle().View(battle.Colonial), id)
	return s.Planned
}

// frameText returns every text the current frame draws, joined.
func frameText(a *App) string {
	var b strings.Builder
	for _, op := range a.Frame().Ops {
		if op.Text != "" {
			b.WriteString(op.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// TestMeasureWarnsOfShipsOnPlanetoidsAndBases: a ship dropped on a
// planetoid or on another base is named in warning colour.
func TestMeasureWarnsOfShipsOnPlanetoidsAndBases(t *testing.T) {
	a := newTestApp(t)
	tbl := &referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry),
		Ships: []referee.Ship{
			{ID: "viper-1", Class: "viper-mk2", Pose: poseAt(300, 300, 90), Level: 1, AcrossFlats: 45},
			{ID: "raider-1", Class: "cylon-raider", Pose: poseAt(320, 310, 270), Level: 1, AcrossFlats: 45},
			{ID: "raider-2", Class: "cylon-raider", Pose: poseAt(640, 600, 270), Level: 1, AcrossFlats: 45},
			{ID: "viper-2", Class: "viper-mk2", Pose: poseAt(100, 800, 90), Level: 1, AcrossFlats: 45},
		},
		Obstacles: []referee.Obstacle{{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(600, 600), R: 60}, Level: 1}},
	}
	m := NewMeasure(a, tbl, "")
	a.Show(m)
	got := map[string]string{}
	for _, ov := range m.Overlaps() {
		got[ov.ship] = ov.with
	}
	assert.Equal(t, map[string]string{"viper-1": "raider-1's base", "raider-1": "viper-1's base", "raider-2": "the planetoid rock"}, got)
	text := frameText(a)
	assert.Contains(t, text, "raider-2 stands on the planetoid rock: no ship can stand there.")
	assert.NotContains(t, text, "viper-2 stands on")
	assert.Equal(t, battle.Colonial, classSide("viper-mk2"))
	assert.Equal(t, battle.Cylon, classSide("cylon-raider"))
}

// TestEveryScenarioPlaysToItsEnd: every built-in scenario is played to
// its victory screen through the screens' input alone, hot-seat and
// against the computer, with F1's help naming both sides' goals at every
// stage.
func TestEveryScenarioPlaysToItsEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("plays twelve games")
	}
	for _, name := range scenarios.Names() {
		for _, cylon := range []string{Human, "random"} {
			t.Run(name+"/"+cylon, func(t *testing.T) {
				a := newTestApp(t)
				a.Players[battle.Cylon] = cylon
				sc, err := scenarios.Load(name, a.Comp)
				require.NoError(t, err)
				g, err := NewGame(a, sc.Setup(), 11)
				require.NoError(t, err)
				a.Show(g.WithScenario(sc))
				for steps := 0; g.Stage() != "over"; steps++ {
					require.Less(t, steps, 3000, "stuck at %s", g.Stage())
					help := strings.Join(g.Help(), "\n")
					require.Contains(t, help, "Colonial wins: ")
					require.Contains(t, help, "Cylon wins: ")
					switch g.Stage() {
					case "plan":
						n := len(g.battle().Journal())
						send(a, kit.Type("3")...)
						enter(a)
						if len(g.battle().Journal()) == n {
							enter(a) // an illegal or off-table plan: Enter again
						}
						if len(g.battle().Journal()) == n {
							send(a, kit.Type("h")...)
						}
					case "anim":
						runAnim(a, g)
					case "marker":
						send(a, kit.Click(300, 300)...)
						enter(a)
					case "declare":
						send(a, kit.Type("1")...)
						enter(a)
					default:
						enter(a)
					}
				}
				require.NotNil(t, g.battle().Result())
				assert.Contains(t, frameText(a), "Title (Enter)")
			})
		}
	}
}

// TestEditorAsksBeforeLosingChanges: Esc in the editor leaves at once
// when nothing changed, and asks when the scenario has unsaved changes.
func TestEditorAsksBeforeLosingChanges(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	a.Frame()
	send(a, kit.Press(kit.KeyEscape))
	_, ok := a.Screen().(*Title)
	require.True(t, ok, "nothing changed: Esc leaves")

	e = NewEditor(a)
	a.Show(e)
	a.Frame()
	send(a, kit.Type("2")...) // a Cylon ship
	require.True(t, e.Dirty())
	send(a, kit.Press(kit.KeyEscape))
	require.True(t, a.Confirming(), "unsaved changes: Esc asks")
	send(a, kit.Press(kit.KeyEscape))
	assert.Same(t, e, a.Screen(), "and stays")
	require.NoError(t, e.Save(filepath.Join(t.TempDir(), "b.yaml")))
	assert.False(t, e.Dirty(), "saved")
	send(a, kit.Press(kit.KeyEscape))
	_, ok = a.Screen().(*Title)
	assert.True(t, ok, "saved: Esc leaves")
}

// TestPlanPanelKeepsItsButtonsInPlace: the Commit button stands at the
// same place for every ship, whatever its facts and its plan's verdict
// (The Furball: pilots with talents and flaws, and an FTL plan).
func TestPlanPanelKeepsItsButtonsInPlace(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("furball", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	enter(a)
	require.Equal(t, "plan", g.Stage())
	commitAt := func() kit.Pt {
		for _, op := range a.Frame().Ops {
			if op.Text == "Commit (Enter)" {
				return op.At
			}
		}
		t.Fatal("no Commit button")
		return kit.Pt{}
	}
	first := commitAt()
	send(a, kit.Type("6")...) // FTL: a different verdict
	assert.Equal(t, first, commitAt())
	for range g.planShips(g.battle().View(g.side)) {
		send(a, kit.Press(kit.KeyTab))
		assert.Equal(t, first, commitAt(), "ship %s", g.sel)
	}
}

// TestPilotTalentsAndFlawsByTheirNames (Pilots: Talents and flaws): the
// books of a ship whose pilot has talents said their ids ("talents
// marksman, quick-reflexes, … · flaws tormented-soul", The Furball's
// Apollo, played on a phone); they say the names printed on the cards.
func TestPilotTalentsAndFlawsByTheirNames(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("furball", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	enter(a)
	require.Equal(t, "plan", g.Stage())
	g.sel = "apollo"
	text := strings.Join(strings.Fields(frameText(a)), " ")
	assert.Contains(t, text, "talents Marksman (0 of 3 used), Quick Reflexes (0 of 2 used)")
	assert.Contains(t, text, "flaws Tormented Soul (0 of 2 used)")
	assert.NotContains(t, text, "quick-reflexes")
	assert.NotContains(t, text, "tormented-soul")

	// on a phone held upright the same books, whole: the last card not cut
	ph := phoneApp(t)
	pg, err := NewGame(ph, sc.Setup(), 3)
	require.NoError(t, err)
	ph.Show(pg.WithScenario(sc))
	for i := 0; pg.Stage() != "plan" && i < 10; i++ {
		enter(ph)
	}
	require.Equal(t, "plan", pg.Stage())
	pg.sel = "apollo"
	text = strings.Join(strings.Fields(frameText(ph)), " ")
	assert.Contains(t, text, "flaws Tormented Soul (0 of 2 used)", "the books whole on a phone")
	assert.NotContains(t, text, "…", "nothing of the books cut")
}

// TestPilotTalentsAndFlawsWithTheirUses (Pilots: Talents and flaws: a use
// counter on the card each time it is used, discarded when the counters
// reach its uses): the books say each card's counters against its uses,
// "used up" at the limit, and the count alone for a card without one.
func TestPilotTalentsAndFlawsWithTheirUses(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("furball", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	uses := []battle.Use{{Card: "marksman", Count: 3}, {Card: "quick-reflexes", Count: 1}, {Card: "iron-nerves", Count: 4}}
	assert.Equal(t, "Marksman (used up), Quick Reflexes (1 of 2 used), Iron Nerves (used 4, no limit), Tormented Soul (0 of 2 used)",
		g.talentBook([]string{"marksman", "quick-reflexes", "iron-nerves", "tormented-soul"}, uses))
	assert.Equal(t, "Iron Nerves", g.talentBook([]string{"iron-nerves"}, nil), "no limit, not used: the name alone")
}

// TestFTLJumpIsExplained (Faster-than-light movement): the marker starts
// turned to the ship's heading and shows each side's 2d6 rolls; after the
// jump the results are headed as a jump, not as fire, and the table says
// which side the dice chose and how far the ship moved on.
func TestFTLJumpIsExplained(t *testing.T) {
	a := newTestApp(t)
	setup := closeQuarters(starship.Complete)
	setup.Rules.Options = []starship.Option{starship.OptFTL}
	g, err := NewGame(a, setup, 5)
	require.NoError(t, err)
	a.Show(g)
	planAll(t, a, g) // Colonial
	enter(a)         // the Cylon cover
	send(a, kit.Type("6")...)
	enter(a)
	send(a, kit.Type("3")...)
	enter(a)
	send(a, kit.Type("h")...)
	enter(a) // the reveal
	for i := 0; i < 5 && g.Stage() != "marker"; i++ {
		enter(a)
	}
	require.Equal(t, "marker", g.Stage())
	assert.Equal(t, 270.0, g.markerRot, "the marker starts turned to the ship's heading")
	send(a, kit.Event{Kind: kit.MouseMove, X: 300, Y: 300})
	text := frameText(a)
	assert.Contains(t, text, "The FTL marker may go anywhere inside the playing area")
	assert.Contains(t, text, "6,7,8", "the front side's rolls")
	assert.Contains(t, text, "two dice pick")
	send(a, kit.Click(300, 300)...)
	enter(a)
	require.Contains(t, []string{"anim", "results"}, g.Stage())
	runAnim(a, g)
	text = frameText(a)
	assert.Contains(t, text, "raider-1: 2d6 = ")
	assert.NotContains(t, text, "Fire! The dice have spoken.")
}

// TestLogLinesNameTheSidesAsEverywhereElse: the engine's "cylon wins" and
// "colonial declares first" read "Cylon" and "Colonial" on screen; ids
// such as cylon-raider-2 stay as they are.
func TestLogLinesNameTheSidesAsEverywhereElse(t *testing.T) {
	assert.Equal(t, "Cylon wins: only Cylon ships remain.", kit.LogLine("cylon wins: only Cylon ships remain."))
	assert.Equal(t, "Firing step 1: Colonial declares first.", kit.LogLine("Firing step 1: colonial declares first."))
	assert.Equal(t, "Colonial declares: viper-1 at cylon-raider-2.", kit.LogLine("colonial declares: viper-1 at cylon-raider-2."))
	assert.Equal(t, "cylon-raider-2 fires at viper-1", kit.LogLine("cylon-raider-2 fires at viper-1"))
}

// TestFTLEntryIsShown: in The Jump Point a Cylon enters play by FTL; while
// the results tell of it, the table shows its marker, a line to the ship
// and the rolls (Faster-than-light movement).
func TestFTLEntryIsShown(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	for steps := 0; ; steps++ {
		require.Less(t, steps, 300, "no ship entered by FTL")
		entry := false
		for _, e := range g.results {
			entry = entry || e.Kind == battle.EvFTLEntry
		}
		if g.Stage() == "results" && entry {
			break // the entry is shown in its beat
		}
		switch g.Stage() {
		case "plan":
			n := len(g.battle().Journal())
			send(a, kit.Type("3")...)
			enter(a)
			if len(g.battle().Journal()) == n {
				enter(a)
			}
			if len(g.battle().Journal()) == n {
				send(a, kit.Type("h")...)
			}
		case "anim":
			runAnim(a, g)
		default:
			enter(a)
		}
	}
	assert.Regexp(t, `hunter-\d entered by FTL: 2d6 = \d\+\d = \d+, the \S+ side; 1d6 = \d cm ahead`, frameText(a))
}

// TestBracketLegendOnlyWithBrackets: the planning panel explains the
// brackets when a card is in brackets (a Viper at medium speed cannot fly
// its hard turns), and says nothing of them when none is (the Raptor at
// low speed in Convoy Run).
func TestBracketLegendOnlyWithBrackets(t *testing.T) {
	for _, c := range []struct {
		scenario string
		want     bool
	}{{"hand-of-god", true}, {"escort", false}} {
		a := newTestApp(t)
		sc, err := scenarios.Load(c.scenario, a.Comp)
		require.NoError(t, err)
		g, err := NewGame(a, sc.Setup(), 3)
		require.NoError(t, err)
		a.Show(g.WithScenario(sc))
		enter(a)
		require.Equal(t, "plan", g.Stage())
		text := frameText(a)
		assert.Equal(t, c.want, strings.Contains(text, "(In brackets)"), c.scenario)
		assert.Equal(t, c.want, strings.Contains(text, "(Hard turn"), c.scenario)
	}
}

// TestRotationDialFitsASmallWindow: at 1024 × 640 the dial's reading
// stays between its < and > buttons, whatever the notch.
func TestRotationDialFitsASmallWindow(t *testing.T) {
	a := newTestApp(t)
	a.Handle(kit.Event{Kind: kit.Resize, W: 1024, H: 640})
	sc, err := scenarios.Load("furball", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	enter(a)
	require.Equal(t, "plan", g.Stage())
	for _, turn := range []string{"", ".", "..", ",,,,"} {
		send(a, kit.Type(turn)...)
		l := a.Frame()
		var lo, hi *kit.Rect
		for _, w := range a.Hots() {
			switch {
			case strings.HasSuffix(w.ID, ":<"):
				lo = &w.R
			case strings.HasSuffix(w.ID, ":>"):
				hi = &w.R
			}
		}
		require.NotNil(t, lo)
		require.NotNil(t, hi)
		n := 0
		for _, op := range l.Ops {
			if op.Kind != kit.OpText || op.At.Y < lo.Y || op.At.Y > lo.Y+lo.H || op.At.X < lo.X || op.At.X > hi.X+hi.W || op.Text == "<" || op.Text == ">" {
				continue
			}
			n++
			w := a.Fonts.Width(op.Text, op.Size, op.Bold)
			assert.GreaterOrEqual(t, op.At.X-w/2, lo.X+lo.W, "%q overlaps <", op.Text)
			assert.LessOrEqual(t, op.At.X+w/2, hi.X, "%q overlaps >", op.Text)
		}
		assert.NotZero(t, n, "the dial's reading is drawn")
	}
}

// TestCoverHelpSaysWhatTheScreenIs: F1 on the briefing against the
// computer speaks of the briefing, not of a player looking away; on a
// hot-seat cover it says the other player looks away.
func TestCoverHelpSaysWhatTheScreenIs(t *testing.T) {
	for _, cylon := range []string{"random", Human} {
		a := newTestApp(t)
		a.Players[battle.Cylon] = cylon
		sc, err := scenarios.Load("furball", a.Comp)
		require.NoError(t, err)
		g, err := NewGame(a, sc.Setup(), 3)
		require.NoError(t, err)
		a.Show(g.WithScenario(sc))
		require.Equal(t, "cover", g.Stage())
		help := strings.Join(g.Help(), "\n")
		if cylon == Human {
			assert.Contains(t, help, "the other player looks away")
		} else {
			assert.Contains(t, help, "The briefing: the scenario and what each side must do to win")
			assert.NotContains(t, help, "looks away")
		}
	}
}

// TestFTLMarkerStepOnAPhoneDrawsNothingOverAnything (Faster-than-light
// movement): on a phone held upright, the step where a player places an
// FTL marker draws its line ("The FTL marker goes anywhere inside"), the
// table's size, the ships' names and the panel with no text over another
// text or over a button, before and after the marker is tapped down.
func TestFTLMarkerStepOnAPhoneDrawsNothingOverAnything(t *testing.T) {
	a := phoneApp(t)
	setup := closeQuarters(starship.Complete)
	setup.Rules.Options = []starship.Option{starship.OptFTL}
	g, err := NewGame(a, setup, 5)
	require.NoError(t, err)
	a.Show(g)
	planAll(t, a, g) // Colonial
	enter(a)         // the Cylon cover
	send(a, kit.Type("6")...)
	enter(a)
	send(a, kit.Type("3")...)
	enter(a)
	send(a, kit.Type("h")...)
	enter(a) // the reveal
	for i := 0; i < 5 && g.Stage() != "marker"; i++ {
		enter(a)
	}
	require.Equal(t, "marker", g.Stage())
	probs, texts := overlapProblems(a, a.Frame())
	assert.Empty(t, probs, "the marker step")
	hint := false
	for _, x := range texts {
		hint = hint || x.text == "The FTL marker goes anywhere inside"
	}
	assert.True(t, hint, "the marker's line is drawn")
	c := g.cam.ToScreen(physics.V(450, 450))
	send(a, kit.Event{Kind: kit.MouseMove, X: c.X, Y: c.Y})
	send(a, kit.Click(c.X, c.Y)...)
	probs, _ = overlapProblems(a, a.Frame())
	assert.Empty(t, probs, "the marker tapped down")
}
