package ui

import (
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
	"github.com/starshipbattles/bsg/starship"
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
	a.Handle(Event{Kind: Resize, W: 1280, H: 800})
	a.Frame()
	return a
}

func send(a *App, evs ...Event) {
	for _, ev := range evs {
		a.Handle(ev)
		a.Frame()
	}
}

func enter(a *App) { send(a, Press(KeyEnter)) }

// planAll commits a low straight move for every ship of the side at the
// controls and hands over.
func planAll(t *testing.T, a *App, g *Game) {
	t.Helper()
	require.Equal(t, "cover", g.Stage())
	enter(a)
	require.Equal(t, "plan", g.Stage())
	for range ownActive(g.b.View(g.side)) {
		send(a, Type("3")...)
		enter(a)
	}
	send(a, Type("h")...)
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
			runAnim(a, g)
			if g.Stage() == "results" {
				enter(a)
			}
			fired := false
			for turn := g.b.Turn(); g.b.Turn() == turn && g.b.Phase() == battle.Declaring; {
				if g.Stage() == "cover" {
					enter(a)
				}
				require.Equal(t, "declare", g.Stage())
				v := g.b.View(g.side)
				for _, id := range g.shooters(v) {
					g.shooter = id
					send(a, Type("1")...)
				}
				enter(a)
				runAnim(a, g)
				if g.Stage() == "results" {
					for _, e := range g.results {
						fired = fired || strings.Contains(e.Text, " fires at ")
					}
					enter(a)
				}
			}
			assert.True(t, fired, "someone fired")
			assert.Equal(t, 2, g.b.Turn())
			assert.Equal(t, "cover", g.Stage())
			// the log never shows the other side's secrets
			for _, e := range g.visibleEvents(g.publicView()) {
				assert.False(t, e.Secret && e.Side != g.privateSide(), e.Text)
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
	send(a, Type("5ccccc")...)
	v := g.b.View(g.side)
	_, vs, err := g.planCheck(v, g.sel, *g.draft(v, g.sel))
	require.NoError(t, err)
	require.NotEmpty(t, vs)
	enter(a)
	s, _ := own(g.b.View(g.side), "viper-1")
	assert.False(t, s.Planned, "one Enter does not commit an illegal plan")
	assert.Contains(t, a.Status(), vs[0].Rule)
	enter(a)
	s, _ = own(g.b.View(g.side), "viper-1")
	assert.True(t, s.Planned)
	g.sel = "viper-1"
	send(a, Type("u")...)
	s, _ = own(g.b.View(g.side), "viper-1")
	assert.False(t, s.Planned, "undo withdraws the plan")
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
	send(a, Press(KeyF2))
	require.True(t, a.Prompting())
	path := filepath.Join(a.Dir, "saved.json")
	a.modal.text = path
	enter(a)
	require.False(t, a.Prompting(), a.modal)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	b, err := battle.Load(data, a.Comp)
	require.NoError(t, err)
	assert.Equal(t, g.b.Hash(), b.Hash())

	r, err := NewReplay(a, data)
	require.NoError(t, err)
	a.Show(r)
	assert.Equal(t, 1, r.Turn())
	send(a, Press(KeyEnd))
	assert.Equal(t, g.b.Turn(), r.Turn())
	send(a, Press(KeyHome))
	send(a, Type(".")...)
	a.Tick(5)
	send(a, Type("s")...)
	assert.Equal(t, battle.Cylon, r.g.viewAs)
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
	send(a, Event{Kind: MouseMove, X: p.X, Y: p.Y}, Event{Kind: MouseDown, X: p.X, Y: p.Y},
		Event{Kind: MouseMove, X: (p.X + q.X) / 2, Y: (p.Y + q.Y) / 2}, Event{Kind: MouseMove, X: q.X, Y: q.Y},
		Event{Kind: MouseUp, X: q.X, Y: q.Y})
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
	send(a, Press(KeyF3))
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

// TestEditorSaveAndPlay builds a scenario with injected input, saves it
// and plays it.
func TestEditorSaveAndPlay(t *testing.T) {
	a := newTestApp(t)
	e := NewEditor(a)
	a.Show(e)
	a.Frame()
	require.Empty(t, e.Problems())
	send(a, Type("1")...) // a Colonial ship in its zone
	send(a, Type("p")...) // a planetoid in the middle
	require.Len(t, e.Setup.Ships, 5)
	require.Len(t, e.Setup.Obstacles, 1)
	// a ship dragged out of its zone is a problem
	s := e.Setup.Ships[4]
	p := e.cam.ToScreen(s.Pose.Pos)
	q := e.cam.ToScreen(s.Pose.Pos.Add(physics.V(0, 300)))
	send(a, Event{Kind: MouseDown, X: p.X, Y: p.Y}, Event{Kind: MouseMove, X: q.X, Y: q.Y}, Event{Kind: MouseUp, X: q.X, Y: q.Y})
	require.NotEmpty(t, e.Problems())
	assert.Contains(t, e.Problems()[0], "deployment zone")
	send(a, Event{Kind: MouseDown, X: q.X, Y: q.Y}, Event{Kind: MouseMove, X: p.X, Y: p.Y}, Event{Kind: MouseUp, X: p.X, Y: p.Y})
	require.Empty(t, e.Problems())
	send(a, Press(KeyF2))
	require.True(t, a.Prompting())
	enter(a)
	path := filepath.Join(a.Dir, "my-battle.yaml")
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	setup, zones, err := ParseScenarioYAML(data)
	require.NoError(t, err)
	assert.Len(t, setup.Ships, 5)
	assert.Len(t, zones, 2)
	require.NoError(t, setup.Validate())
	send(a, Press(KeyF5))
	_, ok := a.Screen().(*Game)
	assert.True(t, ok, "F5 plays the scenario")
}

func TestHelpOnEveryScreen(t *testing.T) {
	a := newTestApp(t)
	g, err := NewGame(a, closeQuarters(starship.Quick), 1)
	require.NoError(t, err)
	for _, s := range []Screen{NewTitle(a), g, NewMeasure(a, nil, ""), NewEditor(a)} {
		a.Show(s)
		send(a, Press(KeyF1))
		assert.True(t, a.HelpShown(), s.Name())
		assert.NotEmpty(t, s.Help())
		send(a, Type("?")...)
		assert.False(t, a.HelpShown(), s.Name())
	}
}

func TestTextFitsSmallWindows(t *testing.T) {
	a := newTestApp(t)
	a.Handle(Event{Kind: Resize, W: 640, H: 400})
	for _, op := range a.Frame().Ops {
		if op.Kind == OpText {
			assert.GreaterOrEqual(t, op.Size, 8.0, op.Text)
		}
	}
}
