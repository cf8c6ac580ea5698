package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

func closeQuarters(set starship.RuleSet) battle.Setup {
	ship := func(id, class string, side battle.Side, x, y, heading float64) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: 1,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
	}
	return battle.Setup{
		Name: "Close quarters", Rules: starship.Rules{Set: set}, Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			ship("viper-1", "viper-mk2", battle.Colonial, 330, 280, 90),
			ship("viper-2", "viper-mk2", battle.Colonial, 520, 250, 90),
			ship("raider-1", "cylon-raider", battle.Cylon, 340, 560, 270),
			ship("raider-2", "cylon-raider", battle.Cylon, 600, 600, 250),
		},
		TurnLimit: 10,
	}
}

func newTestApp(t *testing.T) *App {
	a := NewApp(assets.Default(), t.TempDir())
	a.Handle(kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	a.Frame()
	return a
}

func send(a *App, evs ...kit.Event) {
	for _, ev := range evs {
		a.Handle(ev)
		a.Frame()
	}
}

func enter(a *App) { send(a, kit.Press(kit.KeyEnter)) }

// planAll commits a low straight move for every ship of the side at the
// controls and hands over.
func planAll(t *testing.T, a *App, g *Game) {
	t.Helper()
	require.Equal(t, "cover", g.Stage())
	enter(a)
	require.Equal(t, "plan", g.Stage())
	for range ownActive(g.battle().View(g.side)) {
		send(a, kit.Type("3")...)
		enter(a)
	}
	send(a, kit.Type("h")...)
}

// playBack plays the playback on screen to its end, beat by beat, and
// returns the beats it showed.
func playBack(a *App, g *Game) []beat {
	var seen []beat
	for i := 0; i < 50 && (g.Stage() == "anim" || g.Stage() == "results"); i++ {
		runAnim(a, g) // a move runs to its end, then waits
		if g.beat < len(g.beats) {
			seen = append(seen, g.beats[g.beat])
		}
		enter(a)
	}
	return seen
}

func runAnim(a *App, g *Game) {
	for i := 0; i < 1000 && g.Stage() == "anim"; i++ {
		a.Tick(1.0 / 60)
	}
}

// TestFullTurn plays one turn by injected input: secret planning with
// cover screens, the reveal, the moves, declarations, dice and the next
// turn's cover screen.
func TestFullTurn(t *testing.T) {
	for _, set := range []starship.RuleSet{starship.Quick, starship.Complete} {
		t.Run(string(set), func(t *testing.T) {
			a := newTestApp(t)
			g, err := NewGame(a, closeQuarters(set), 3)
			require.NoError(t, err)
			a.Show(g)
			planAll(t, a, g)
			assert.Equal(t, battle.Cylon, g.side, "the Cylon player takes the controls next")
			planAll(t, a, g)
			require.Equal(t, "cover", g.Stage(), "both players: the reveal")
			enter(a)
			require.Equal(t, "anim", g.Stage())
			require.NotNil(t, g.anim)
			// mid-animation, a moving ship is between its start and end
			a.Tick(0.7)
			a.Frame()
			playBack(a, g)
			fired := false
			for turn := g.battle().Turn(); g.battle().Turn() == turn && g.battle().Phase() == battle.Declaring; {
				if g.Stage() == "cover" {
					enter(a)
				}
				require.Equal(t, "declare", g.Stage())
				v := g.battle().View(g.side)
				for _, id := range g.shooters(v) {
					g.shooter = id
					send(a, kit.Type("1")...)
				}
				enter(a)
				for _, b := range playBack(a, g) {
					fired = fired || b.kind == beatFire
				}
			}
			assert.True(t, fired, "someone fired")
			assert.Equal(t, 2, g.battle().Turn())
			assert.Equal(t, "cover", g.Stage())
			// the log never shows the other side's secrets
			for _, e := range g.visibleEvents(g.publicView()) {
				assert.False(t, e.Secret && e.Side != g.privateSide(), g.line(e))
			}
		})
	}
}

// TestIllegalPlanIsFlagged checks that an illegal plan needs a second
// Enter and that undo withdraws a plan.
func TestIllegalPlanIsFlagged(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 1)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	// hard turn left has no high arrow
	send(a, kit.Type("5ccccc")...)
	v := g.battle().View(g.side)
	_, vs, err := g.planCheck(v, g.sel, *g.draft(v, g.sel))
	require.NoError(t, err)
	require.NotEmpty(t, vs)
	enter(a)
	s, _ := own(g.battle().View(g.side), "viper-1")
	assert.False(t, s.Planned, "one Enter does not commit an illegal plan")
	// the rule in words, not its id (Planning; Special cases: Illegal moves)
	assert.Contains(t, a.Status(), vs[0].Message)
	assert.NotContains(t, a.Status(), vs[0].Rule)
	assert.Contains(t, a.Status(), "Enter again commits it anyway")
	enter(a)
	s, _ = own(g.battle().View(g.side), "viper-1")
	assert.True(t, s.Planned)
	g.sel = "viper-1"
	send(a, kit.Type("u")...)
	s, _ = own(g.battle().View(g.side), "viper-1")
	assert.False(t, s.Planned, "undo withdraws the plan")
}

// TestIllegalPlanWarningSpeaksOfTaps: on a touch screen the warning
// after the first Commit of an illegal plan (Special cases: Illegal
// moves) says to press Commit again, not Enter (a phone has no Enter
// key), and names the rule broken in words.
func TestIllegalPlanWarningSpeaksOfTaps(t *testing.T) {
	a := newTestApp(t)
	a.MinTarget = 34
	g, err := NewGame(a, closeQuarters(starship.Quick), 1)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	// hard turn left has no high arrow
	send(a, kit.Type("5ccccc")...)
	v := g.battle().View(g.side)
	_, vs, err := g.planCheck(v, g.sel, *g.draft(v, g.sel))
	require.NoError(t, err)
	require.NotEmpty(t, vs)
	g.commit()
	a.Frame()
	s, _ := own(g.battle().View(g.side), "viper-1")
	require.False(t, s.Planned, "one Commit does not commit an illegal plan")
	assert.Contains(t, a.Status(), "Commit again commits it anyway")
	assert.NotContains(t, a.Status(), "Enter")
	assert.Contains(t, a.Status(), vs[0].Message)
	assert.NotContains(t, a.Status(), vs[0].Rule)
	text := drawnText(a)
	assert.NotContains(t, text, "Enter again", "the panel speaks of taps too")
	g.commit()
	s, _ = own(g.battle().View(g.side), "viper-1")
	assert.True(t, s.Planned, "the second Commit commits it")
}

// TestSaveLoadReplay saves a game through the prompt, loads it and
// replays it turn by turn.
func TestSaveLoadReplay(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 5)
	require.NoError(t, err)
	a.Show(g)
	planAll(t, a, g)
	planAll(t, a, g)
	enter(a)
	runAnim(a, g)
	send(a, kit.Press(kit.KeyF2))
	require.True(t, a.Prompting())
	path := filepath.Join(a.Dir, "saved.json")
	a.modal.text = path
	enter(a)
	require.False(t, a.Prompting(), a.modal)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	b, err := battle.Load(data, a.Comp)
	require.NoError(t, err)
	assert.Equal(t, g.battle().Hash(), b.Hash())

	r, err := NewReplay(a, "game.json", data)
	require.NoError(t, err)
	a.Show(r)
	assert.Equal(t, 1, r.Turn())
	send(a, kit.Press(kit.KeyEnd))
	assert.Equal(t, g.battle().Turn(), r.Turn())
	send(a, kit.Press(kit.KeyHome))
	send(a, kit.Type(".")...)
	a.Tick(5)
	assert.Equal(t, battle.Spectator, r.g.viewAs, "the battle is unfinished: nobody's secrets")
	send(a, kit.Type("s")...)
	assert.Equal(t, battle.Spectator, r.g.viewAs, "no switching to a side's secrets")
	var l kit.List
	r.Draw(&l)

	// a damaged copy is refused naming the file, the line and the field
	bad := bytes.Replace(data, []byte(`"Class": "viper-mk2"`), []byte(`"Class": "viper-mk9"`), 1)
	require.NotEqual(t, data, bad, "the saved game names a Viper's class")
	_, err = NewReplay(a, "damaged.json", bad)
	require.Error(t, err)
	assert.Regexp(t, `damaged\.json:\d+: setup\.Ships\[\d+\]\.Class: .*viper-mk9`, err.Error())
}

// TestMeasureDrag drags a ship in measurement mode and checks that it
// moved by the drag and that the rulings follow.
func TestMeasureDrag(t *testing.T) {
	a := newTestApp(t)
	tbl := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry), Ships: []referee.Ship{
		{ID: "viper-1", Class: "viper-mk2", Pose: physics.Pose{Pos: physics.V(300, 300), Heading: physics.Deg(90)}, Level: 1, AcrossFlats: 45},
		{ID: "raider-1", Class: "cylon-raider", Pose: physics.Pose{Pos: physics.V(300, 600), Heading: physics.Deg(270)}, Level: 1, AcrossFlats: 45},
	}}
	m := NewMeasure(a, &tbl, "test")
	a.Show(m)
	a.Frame()
	before := m.Rulings()[0]
	require.Equal(t, referee.OutOfRange, before.Reason)
	p := m.cam.ToScreen(physics.V(300, 300))
	q := m.cam.ToScreen(physics.V(300, 400))
	send(a, kit.Event{Kind: kit.MouseMove, X: p.X, Y: p.Y}, kit.Event{Kind: kit.MouseDown, X: p.X, Y: p.Y},
		kit.Event{Kind: kit.MouseMove, X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}, kit.Event{Kind: kit.MouseMove, X: q.X, Y: q.Y},
		kit.Event{Kind: kit.MouseUp, X: q.X, Y: q.Y})
	got := m.T.Ships[0].Pose.Pos
	assert.InDelta(t, 300, got.X, 1e-6)
	assert.InDelta(t, 400, got.Y, 1e-6)
	after := m.Rulings()[0]
	assert.True(t, after.CanFire, after.Reason)
	assert.InDelta(t, before.Range-100, after.Range, 1e-6)
	// typed coordinates
	m.sel, m.fieldsFor = 0, -2
	a.Frame()
	m.fx, m.fy, m.fh = "310", "420", "80"
	m.applyFields()
	assert.Equal(t, physics.V(310, 420), m.T.Ships[0].Pose.Pos)
	// save and load the table file, export the picture
	path := filepath.Join(a.Dir, "t.yaml")
	require.NoError(t, WriteFile(path, TableYAML(m.T)))
	send(a, kit.Press(kit.KeyF3))
	a.modal.text = path
	enter(a)
	require.False(t, a.Prompting(), a.modal)
	assert.InDelta(t, 420, m.T.Ships[0].Pose.Pos.Y, 1e-9)
	png := filepath.Join(a.Dir, "ruling.png")
	require.NoError(t, m.Export(png))
	st, err := os.Stat(png)
	require.NoError(t, err)
	assert.Greater(t, st.Size(), int64(1000))
}

// clickButton clicks the button with the label the last frame drew.
func clickButton(t *testing.T, a *App, label string) {
	t.Helper()
	a.Frame()
	for i := a.NumHots() - 1; i >= 0; i-- {
		w := a.Hots()[i]
		if strings.HasSuffix(w.ID, ":"+label) {
			c := w.R.Center()
			send(a, kit.Click(c.X, c.Y)...)
			return
		}
	}
	t.Fatalf("no button %q", label)
}

// drag drags with the left button from one table point to another.
func drag(a *App, cam *kit.Camera, from, to physics.Vec) {
	p, q := cam.ToScreen(from), cam.ToScreen(to)
	send(a, kit.Event{Kind: kit.MouseMove, X: p.X, Y: p.Y}, kit.Event{Kind: kit.MouseDown, X: p.X, Y: p.Y, Button: kit.ButtonLeft},
		kit.Event{Kind: kit.MouseMove, X: q.X, Y: q.Y}, kit.Event{Kind: kit.MouseUp, X: q.X, Y: q.Y, Button: kit.ButtonLeft})
}

// TestEditorSaveAndPlay builds a scenario with injected input, sees the
// scenarios package's problems live, saves the file, reads it back with
// the scenarios package and plays it.
func TestEditorSaveAndPlay(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	a.Frame()
	require.Empty(t, e.Problems())
	send(a, kit.Type("1")...) // a Colonial ship in its zone
	send(a, kit.Type("p")...) // a planetoid in the middle
	require.Len(t, e.Sc.Ships, 5)
	require.Len(t, e.Sc.Obstacles, 1)
	// a ship dragged off the table is a problem, with the file's line and field
	st := e.start(4)
	at := physics.V(st.X, st.Y)
	drag(a, &e.cam, at, at.Add(physics.V(0, -40)))
	probs := e.Problems()
	require.Len(t, probs, 1)
	assert.Regexp(t, `^my-battle\.yaml:\d+: ships\[4\]: the ship "viper-3" starts partly off the table: its base at \(450, 10\)`, probs[0])
	assert.True(t, e.marked()[edSel{selShip, 4}], "the ship is marked")
	drag(a, &e.cam, at.Add(physics.V(0, -40)), at)
	require.Empty(t, e.Problems())
	// a pilot token needs the pilots option: a problem until it is on
	send(a, kit.Type("i")...)
	require.Len(t, e.Problems(), 1)
	assert.Contains(t, e.Problems()[0], "ships[4].pilot: pilot tokens are played only with the pilots rule")
	clickButton(t, a, "pilots")
	require.Empty(t, e.Problems())
	// a victory condition from the panel
	clickButton(t, a, "add condition")
	require.Len(t, e.Sc.Victory, 2)
	assert.Equal(t, scenarios.Condition{Kind: battle.Destroy, Side: battle.Colonial, Ship: "raider-1"}, e.Sc.Victory[1])
	clickButton(t, a, "raider-1")
	assert.Equal(t, "raider-2", e.Sc.Victory[1].Ship)
	require.Empty(t, e.Problems())

	send(a, kit.Press(kit.KeyF2))
	require.True(t, a.Prompting())
	enter(a)
	require.False(t, a.Prompting(), a.modal)
	path := filepath.Join(a.Dir, "my-battle.yaml")
	assert.Equal(t, path, e.File)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), "# yaml-language-server: $schema=scenario.schema.json"), "a commented scenario file")
	sc, err := scenarios.Parse(path, data, a.Comp)
	require.NoError(t, err, "the scenarios package reads the file")
	assert.Len(t, sc.Ships, 5)
	assert.Len(t, sc.Obstacles, 1)
	assert.Equal(t, starship.Nugget, sc.Ships[4].Pilot)
	assert.Equal(t, "raider-2", sc.Victory[1].Ship)

	send(a, kit.Press(kit.KeyF5))
	g, ok := a.Screen().(*Game)
	require.True(t, ok, "F5 plays the scenario")
	assert.Equal(t, sc.Setup(), g.Battle().Setup(), "played as the scenarios package sets it up")
	send(a, kit.Press(kit.KeyEscape))
	require.True(t, a.Confirming(), "Esc asks before leaving a game")
	send(a, kit.Press(kit.KeyEscape))
	assert.Same(t, g, a.Screen(), "Esc on the question stays")
	send(a, kit.Press(kit.KeyEscape), kit.Press(kit.KeyEnter))
	assert.Same(t, e, a.Screen(), "Esc and Enter go back to the editor")
}

// TestEditorRefusesToPlayWithProblems: F5 says the first problem.
func TestEditorRefusesToPlayWithProblems(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	e.Sc.Ships[0].Class = "basestar"
	send(a, kit.Press(kit.KeyF5))
	assert.Same(t, e, a.Screen())
	assert.Contains(t, a.Status(), `cannot play yet: my-battle.yaml:`)
	assert.Contains(t, a.Status(), `unknown class "basestar"`)
}

// TestEditorLoads loads every built-in scenario and a file into the
// editor: what it saves reads back to the same battle.
func TestEditorLoads(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	for _, name := range scenarios.Names() {
		send(a, kit.Press(kit.KeyF3))
		require.True(t, a.Prompting())
		assert.Equal(t, scenarios.Names(), a.modal.builtins, "the prompt offers the built-in scenarios")
		clickButton(t, a, name)
		assert.Equal(t, name, a.modal.text)
		enter(a)
		require.False(t, a.Prompting(), a.modal)
		want, err := scenarios.Load(name, a.Comp)
		require.NoError(t, err)
		assert.Equal(t, want.Name, e.Sc.Name)
		assert.Empty(t, e.Problems(), name)
		for i, sh := range want.Ships {
			assert.Equal(t, sh.Start, e.start(i), "%s: %s starts where the scenarios package puts it", name, sh.ID)
		}
		path := filepath.Join(a.Dir, name+".yaml")
		require.NoError(t, e.Save(path))
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		got, err := scenarios.Parse(path, data, a.Comp)
		require.NoError(t, err)
		assert.Equal(t, want.Setup(), got.Setup(), name)
	}
	// a file with problems loads, its problems listed, and is not the file
	// saved to unless asked
	bad := filepath.Join(a.Dir, "bad.yaml")
	require.NoError(t, WriteFile(bad, []byte("name: Bad\nrules: quick\nships:\n  - {id: a, side: colonial, class: viper-mk2, pose: {x: -50, y: 100, heading: 90}}\n  - {id: b, side: cylon, class: cylon-raider, pose: {x: 400, y: 800, heading: 270}}\n")))
	require.NoError(t, e.Load(bad))
	assert.Equal(t, "Bad", e.Sc.Name)
	assert.Equal(t, "", e.File)
	require.Len(t, e.Problems(), 1)
	assert.Contains(t, e.Problems()[0], "off the table")
	assert.Error(t, e.Load(filepath.Join(a.Dir, "missing.yaml")))
}

// TestEditorEditsEverything drives the editor's keys over every kind of
// object and placement: whatever it builds is written and read back.
func TestEditorEditsEverything(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	send(a, kit.Type("z>q")...) // a zone, grown, with a heading
	require.Len(t, e.Sc.Zones, 3)
	z := e.Sc.Zones[2]
	require.NotNil(t, z.Heading)
	assert.Equal(t, 105.0, *z.Heading)
	send(a, kit.Type("f>qd")...) // a dense field, grown and turned
	assert.Equal(t, "dense", e.Sc.Obstacles[0].Density)
	send(a, kit.Type("2")...)
	i := len(e.Sc.Ships) - 1
	require.NotNil(t, e.Sc.Ships[i].Pose)
	send(a, kit.Type("y")...) // deployed in a zone
	assert.NotEmpty(t, e.Sc.Ships[i].Zone)
	send(a, kit.Type("y")...) // entering by an edge
	require.NotNil(t, e.Sc.Ships[i].Enters)
	assert.Equal(t, battle.North, e.Sc.Ships[i].Enters.Edge)
	send(a, kit.Type("tt")...)
	assert.Equal(t, 4, e.Sc.Ships[i].Enters.Turn)
	send(a, kit.Type("y")...) // entering by FTL (a Raider has an FTL drive)
	require.NotNil(t, e.Sc.Ships[i].Enters.FTL)
	send(a, kit.Type("q")...)
	assert.Equal(t, 285.0, e.Sc.Ships[i].Enters.FTL.Heading)
	send(a, kit.Type("y")...) // back to a spot
	assert.Nil(t, e.Sc.Ships[i].Enters)
	require.NotNil(t, e.Sc.Ships[i].Pose)
	for k := range condKinds {
		clickButton(t, a, "add condition")
		for j := 0; j < len(condKinds) && condKind(e.Sc.Victory[len(e.Sc.Victory)-1]) != condKinds[k]; j++ {
			e.condButtons(len(e.Sc.Victory) - 1)[0].click() // the next kind
		}
		assert.Equal(t, condKinds[k], condKind(e.Sc.Victory[len(e.Sc.Victory)-1]))
		for n, b := range e.condButtons(len(e.Sc.Victory) - 1) {
			if n > 0 && b.label != "remove" && b.label != "Colonial" && b.label != "Cylon" {
				b.click() // what it names, its turns, its target
			}
		}
		a.Frame()
	}
	data, err := scenarios.Marshal(&e.Sc)
	require.NoError(t, err)
	sc, err := scenarios.Parse("x.yaml", data, a.Comp)
	for _, p := range scenarios.Problems(err) {
		// leaving by FTL needs the Complete Rules: the one problem expected
		assert.Contains(t, p.Msg, "FTL", p.Error())
	}
	require.NotNil(t, sc)
	assert.Len(t, sc.Victory, len(e.Sc.Victory))
	send(a, kit.Press(kit.KeyTab), kit.Press(kit.KeyDelete))
}

func TestHelpOnEveryScreen(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 1)
	require.NoError(t, err)
	for _, s := range []Screen{NewTitle(a), g, NewMeasure(a, nil, ""), NewEditor(a)} {
		a.Show(s)
		send(a, kit.Press(kit.KeyF1))
		assert.True(t, a.HelpShown(), s.Name())
		assert.NotEmpty(t, s.Help())
		send(a, kit.Type("?")...)
		assert.False(t, a.HelpShown(), s.Name())
	}
}

func TestTextFitsSmallWindows(t *testing.T) {
	a := newTestApp(t)
	a.Handle(kit.Event{Kind: kit.Resize, W: 640, H: 400})
	for _, op := range a.Frame().Ops {
		if op.Kind == kit.OpText {
			assert.GreaterOrEqual(t, op.Size, 8.0, op.Text)
		}
	}
}

// Pilot cards: the editor's pilot key cycles through the tokens and then
// the named pilots of the ship's side; the scenario accepts the card.
func TestEditorPicksAPilotCard(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	a.Frame()
	send(a, kit.Type("1")...) // a Colonial ship
	clickButton(t, a, "pilots")
	ship := len(e.Sc.Ships) - 1
	for range starship.Pilots {
		send(a, kit.Type("i")...)
	}
	assert.Equal(t, starship.Ace, e.Sc.Ships[ship].Pilot)
	send(a, kit.Type("i")...)
	assert.Equal(t, starship.Pilot("apollo"), e.Sc.Ships[ship].Pilot, "the first Colonial pilot card")
	require.Empty(t, e.Problems())
	send(a, kit.Type("i")...)
	assert.Equal(t, starship.Pilot("starbuck"), e.Sc.Ships[ship].Pilot)
}

// battle is the battle a local game holds (tests read it to check what
// the screen did through its seat).
func (g *Game) battle() *battle.Battle { return g.Battle() }
