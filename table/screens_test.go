package table

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/tablefile"
)

var update = flag.Bool("update", false, "rewrite the golden screenshots")

// Golden comparison, per region: a pixel differs when a channel is off by
// more than pixelTolerance (anti-aliasing and font rasterising round a
// little differently between runs of the software renderer); a screenshot
// fails when any tile of tile × tile pixels has more than maxTileDiffer
// differing pixels (a lost or moved label, a missing line: each changes
// many pixels of a few tiles), or when more than maxDiffer of all its
// pixels differ (a shade drifting everywhere).
const (
	pixelTolerance = 48
	tile           = 16
	maxTileDiffer  = 8
	maxDiffer      = 0.001
)

// closeQuarters is a small battle where the ships meet in the first turn.
func closeQuarters() battle.Setup {
	ship := func(id, class string, side battle.Side, x, y, heading float64) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: 1,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
	}
	return battle.Setup{
		Name:  "Close quarters",
		Rules: starship.Rules{Set: starship.Quick},
		Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			ship("viper-1", "viper-mk2", battle.Colonial, 330, 280, 90),
			ship("viper-2", "viper-mk2", battle.Colonial, 520, 250, 90),
			ship("raider-1", "cylon-raider", battle.Cylon, 340, 560, 270),
			ship("raider-2", "cylon-raider", battle.Cylon, 600, 600, 250),
		},
		Obstacles: []referee.Obstacle{
			{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(700, 420), R: 60}, Level: 1},
			{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
				Polygon: physics.Polygon{physics.V(150, 380), physics.V(280, 400), physics.V(260, 470), physics.V(140, 450)}},
		},
		TurnLimit: 10,
	}
}

// send injects events.
func send(a *ui.App, evs ...kit.Event) {
	for _, ev := range evs {
		a.Handle(ev)
	}
}

func keys(ks ...kit.Key) []kit.Event {
	var evs []kit.Event
	for _, k := range ks {
		evs = append(evs, kit.Press(k))
	}
	return evs
}

// shot renders the view and compares it with its golden picture; the
// picture is also written to the test's artifact folder for a person to
// look at (go test -artifacts -outputdir DIR keeps it).
func shot(t *testing.T, a *ui.App, name string) {
	t.Helper()
	var img *image.RGBA
	onLoop(func() { img = Snapshot(a) })
	out := filepath.Join(t.ArtifactDir(), name+".png")
	require.NoError(t, writeImage(out, img))
	golden := filepath.Join("testdata", "golden", name+".png")
	if *update {
		require.NoError(t, writeImage(golden, img))
		return
	}
	f, err := os.Open(golden)
	require.NoError(t, err, "no golden picture: run go test ./table -update under Xvfb")
	defer f.Close()
	want, err := png.Decode(f)
	require.NoError(t, err)
	require.Equal(t, want.Bounds().Size(), img.Bounds().Size(), "%s: size", name)
	differ, worst, at := goldenDiff(img, want)
	b := img.Bounds()
	frac := float64(differ) / float64(b.Dx()*b.Dy())
	t.Logf("%s: %d pixels differ (%.3f%%), at most %d in one %d-pixel tile (at %v)", name, differ, 100*frac, worst, tile, at)
	require.LessOrEqual(t, worst, maxTileDiffer, "%s: %d pixels of the %d × %d tile at %v differ from %s (see %s)", name, worst, tile, tile, at, golden, out)
	require.LessOrEqual(t, frac, maxDiffer, "%s: %.2f%% of the pixels differ from %s (see %s)", name, 100*frac, golden, out)
}

// goldenDiff counts the pixels of got that differ from want by more than
// pixelTolerance in a channel: in all, and in the worst tile (and where
// that tile's corner is).
func goldenDiff(got, want image.Image) (differ, worst int, at image.Point) {
	b := got.Bounds()
	perTile := map[image.Point]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := got.At(x, y).RGBA()
			r2, g2, b2, _ := want.At(x, y).RGBA()
			if absDiff(r1, r2) > pixelTolerance || absDiff(g1, g2) > pixelTolerance || absDiff(b1, b2) > pixelTolerance {
				differ++
				p := image.Pt((x-b.Min.X)/tile*tile, (y-b.Min.Y)/tile*tile)
				perTile[p]++
				if n := perTile[p]; n > worst {
					worst, at = n, p
				}
			}
		}
	}
	return differ, worst, at
}

func absDiff(a, b uint32) int {
	d := int(a>>8) - int(b>>8)
	if d < 0 {
		return -d
	}
	return d
}

func writeImage(path string, img image.Image) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := png.Encode(f, img); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func newApp(t *testing.T) *ui.App {
	a := ui.NewApp(assets.Default(), t.TempDir())
	send(a, kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	return a
}

func TestTitleScreen(t *testing.T) {
	a := newApp(t)
	shot(t, a, "title")
}

// TestSetupScreen: the setup of The Furball (issue 27, setup: the rules
// and options, the pilots), with Apollo's talents and flaws open, on the
// desktop (golden) and on a phone held upright (an artifact to look at).
func TestSetupScreen(t *testing.T) {
	a := newApp(t)
	sc, err := scenarios.Load("furball", a.Comp)
	require.NoError(t, err)
	ch := ui.NewChoose(a, sc, "furball")
	a.Show(ch)
	ch.ToggleCard("helo", "quick-reflexes")
	a.Frame()
	for _, h := range a.Hots() {
		if strings.HasSuffix(h.ID, ":Choose talents and flaws") { // Apollo's, the first
			send(a, kit.Click(h.R.Center().X, h.R.Center().Y)...)
			break
		}
	}
	shot(t, a, "setup")
	phone := ui.NewApp(assets.Default(), t.TempDir())
	phone.MinTarget = 68
	send(phone, kit.Event{Kind: kit.Resize, W: 780, H: 1688})
	phone.Show(ui.NewChoose(phone, sc, "furball"))
	var img *image.RGBA
	onLoop(func() { img = Snapshot(phone) })
	require.NoError(t, writeImage(filepath.Join(t.ArtifactDir(), "setup-phone.png"), img))
}

// TestKeyScreens plays one turn of a hot-seat game by injected input and
// takes the key screens: planning with a ghost, and the firing ruler.
func TestKeyScreens(t *testing.T) {
	a := newApp(t)
	g, err := ui.NewGame(a, closeQuarters(), 7)
	require.NoError(t, err)
	a.Show(g)
	shot(t, a, "cover")
	send(a, keys(kit.KeyEnter)...) // Colonial takes the controls
	require.Equal(t, "plan", g.Stage())
	send(a, kit.Type("5c")...) // high speed, next card: bank left
	shot(t, a, "planning")
	send(a, kit.Type("3")...) // low speed
	send(a, keys(kit.KeyEnter)...)
	send(a, kit.Type("3")...)
	send(a, keys(kit.KeyEnter)...)
	send(a, kit.Type("h")...) // hand over
	require.Equal(t, "cover", g.Stage())
	send(a, keys(kit.KeyEnter)...)
	require.Equal(t, battle.Cylon, g.Side())
	send(a, kit.Type("3")...)
	send(a, keys(kit.KeyEnter)...)
	send(a, kit.Type("3")...)
	send(a, keys(kit.KeyEnter)...)
	send(a, kit.Type("h")...)
	require.Equal(t, "cover", g.Stage()) // the reveal
	send(a, keys(kit.KeyEnter)...)
	require.Equal(t, "anim", g.Stage())
	for i := 0; i < 30; i++ {
		a.Tick(1.0 / 30)
	}
	shot(t, a, "moving")
	for i := 0; i < 200 && g.Stage() == "anim"; i++ {
		a.Tick(1.0 / 30)
	}
	if g.Stage() == "results" {
		send(a, keys(kit.KeyEnter)...)
	}
	require.Equal(t, "declare", g.Stage(), fmt.Sprint(a.Status()))
	send(a, kit.Type("1")...)
	shot(t, a, "firing")
	// the Cylons fire back: both shots shown, each on its own
	for i := 0; i < 4 && g.Stage() != "results"; i++ {
		if g.Stage() == "declare" {
			send(a, kit.Type("1")...)
		}
		send(a, keys(kit.KeyEnter)...)
	}
	require.Equal(t, "results", g.Stage())
	shot(t, a, "shots")
}

// TestScenarioScreens: The Jump Point's zone and scenario tab, and a
// plan that leaves the table.
func TestScenarioScreens(t *testing.T) {
	a := newApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := ui.NewGame(a, sc.Setup(), 7)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	send(a, keys(kit.KeyEnter)...)
	send(a, kit.Type("b")...)
	shot(t, a, "scenario")

	edge := closeQuarters()
	edge.Ships[1].Pose = physics.Pose{Pos: physics.V(520, 800), Heading: physics.Deg(80)}
	g, err = ui.NewGame(a, edge, 7)
	require.NoError(t, err)
	a.Show(g)
	send(a, keys(kit.KeyEnter, kit.KeyTab)...) // viper-2
	shot(t, a, "offtable")
}

func TestMeasureScreen(t *testing.T) {
	a := newApp(t)
	data, err := os.ReadFile(filepath.Join("..", "testdata", "tables", "example.yaml"))
	require.NoError(t, err)
	tbl, err := tablefile.Parse("example.yaml", data, a.Comp)
	require.NoError(t, err)
	m := ui.NewMeasure(a, &tbl, "testdata/tables/example.yaml")
	a.Show(m)
	a.Frame()
	send(a, keys(kit.KeyTab)...) // select the first ship
	shot(t, a, "measure")
}

func TestEditorScreen(t *testing.T) {
	a := newApp(t)
	e := ui.NewEditor(a)
	a.Show(e)
	a.Frame()
	send(a, kit.Type("2i")...) // a Cylon ship with a pilot token: a problem without the pilots rule
	send(a, kit.Type("f")...)  // an asteroid field
	require.Len(t, e.Problems(), 1)
	require.Contains(t, e.Problems()[0], "ships[4].pilot")
	shot(t, a, "editor")
	send(a, kit.Press(kit.KeyF3)) // load: a file or a built-in scenario
	require.True(t, a.Prompting())
	a.Frame() // the prompt's field
	// the path names a temporary folder: type a fixed one
	for range 120 {
		send(a, kit.Press(kit.KeyBackspace))
	}
	send(a, kit.Type("scenarios/my-battle.yaml")...)
	shot(t, a, "editor-load")
}

// bench20 is a game of 20 ships on the planning screen with every
// overlay on: arcs, range rings, grid, ghosts, names, the log.
func bench20(tb testing.TB) *ui.App {
	a := ui.NewApp(assets.Default(), tb.TempDir())
	a.Handle(kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	setup := closeQuarters()
	setup.Ships = nil
	for i := 0; i < 10; i++ {
		x := 120 + float64(i%5)*160
		y := 200 + float64(i/5)*90
		setup.Ships = append(setup.Ships,
			battle.ShipSpec{ID: fmt.Sprintf("viper-%d", i+1), Class: "viper-mk2", Side: battle.Colonial, Level: 1, KE: 1,
				Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(90)}},
			battle.ShipSpec{ID: fmt.Sprintf("raider-%d", i+1), Class: "cylon-raider", Side: battle.Cylon, Level: 1, KE: 1,
				Pose: physics.Pose{Pos: physics.V(x+30, y+330), Heading: physics.Deg(270)}})
	}
	g, err := ui.NewGame(a, setup, 1)
	if err != nil {
		tb.Fatal(err)
	}
	a.Show(g)
	send(a, keys(kit.KeyEnter)...)
	send(a, kit.Type("r")...) // range rings on
	return a
}

// The frame benchmarks paint bench20 at 1280 × 800 offscreen under Xvfb,
// where the GPU is Mesa's software renderer (make bench; the figures are
// in docs/performance.md).

// BenchmarkFrame builds and paints one frame of bench20 per tick of
// Ebiten's loop, as the game does (Ebiten hands each tick's commands to
// the GPU at its end), and reads a pixel back after the last frame only:
// the time per frame without a synchronous read-back each frame.
func BenchmarkFrame(b *testing.B) {
	benchFrames(b, bench20(b), func(*ui.App, *renderer, int) {})
}

// BenchmarkFrameMoving is BenchmarkFrame with the view panned a pixel
// every frame, so that nothing painted can be kept from the last frame
// (the backdrop is painted anew each time).
func BenchmarkFrameMoving(b *testing.B) {
	a := bench20(b)
	send(a, kit.Event{Kind: kit.MouseMove, X: 300, Y: 300}, kit.Event{Kind: kit.MouseDown, X: 300, Y: 300, Button: kit.ButtonLeft})
	benchFrames(b, a, func(a *ui.App, _ *renderer, i int) {
		send(a, kit.Event{Kind: kit.MouseMove, X: 300 + float64(i%40), Y: 300})
	})
}

// BenchmarkFrameReadBack paints one frame of bench20 and reads a pixel
// back each time, which waits until the frame is painted.
func BenchmarkFrameReadBack(b *testing.B) {
	a := bench20(b)
	img := ebitenImage(1280, 800)
	r := newRenderer()
	b.ResetTimer()
	onLoop(func() {
		for i := 0; i < b.N; i++ {
			r.Render(img, a.Frame())
			readOne(img)
		}
	})
}

// BenchmarkFrameBuild is the CPU's part: the screen's draw list and its
// tessellation.
func BenchmarkFrameBuild(b *testing.B) {
	a := bench20(b)
	var m kit.Mesh
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		l := a.Frame()
		m.Reset()
		for k := range l.Ops {
			if l.Ops[k].Kind == kit.OpPath {
				m.AddOp(&l.Ops[k])
			}
		}
	}
}

// TestFTLScreens: placing an FTL marker (its sides numbered with their
// rolls) and where the ship came out.
func TestFTLScreens(t *testing.T) {
	a := newApp(t)
	setup := closeQuarters()
	setup.Rules = starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptFTL}}
	g, err := ui.NewGame(a, setup, 5)
	require.NoError(t, err)
	a.Show(g)
	for _, side := range []string{"colonial", "cylon"} {
		send(a, keys(kit.KeyEnter)...) // the cover
		speeds := "33"
		if side == "cylon" {
			speeds = "63"
		}
		for _, r := range speeds {
			send(a, kit.Type(string(r))...)
			send(a, keys(kit.KeyEnter)...)
		}
		send(a, kit.Type("h")...)
	}
	for i := 0; i < 5 && g.Stage() != "marker"; i++ {
		send(a, keys(kit.KeyEnter)...)
	}
	require.Equal(t, "marker", g.Stage())
	send(a, kit.Click(420, 250)...)
	shot(t, a, "ftl-marker")
	send(a, keys(kit.KeyEnter)...)
	for i := 0; i < 300 && g.Stage() == "anim"; i++ {
		a.Tick(1.0 / 30)
	}
	shot(t, a, "ftl-landed")
}

// crowded is a small table packed with twelve ships in two facing lines.
func crowded() battle.Setup {
	s := closeQuarters()
	s.Name, s.Width, s.Depth = "Crowded", 640, 520
	s.Ships = nil
	for i := range 6 {
		s.Ships = append(s.Ships,
			battle.ShipSpec{ID: fmt.Sprintf("viper-%d", i+1), Class: "viper-mk2", Side: battle.Colonial, Level: 1, KE: 1,
				Pose: physics.Pose{Pos: physics.V(90+float64(i)*85, 100+float64(i%2)*30), Heading: physics.Deg(80 + float64(i)*4)}},
			battle.ShipSpec{ID: fmt.Sprintf("raider-%d", i+1), Class: "cylon-raider", Side: battle.Cylon, Level: 1, KE: 1,
				Pose: physics.Pose{Pos: physics.V(120+float64(i)*85, 420-float64(i%2)*30), Heading: physics.Deg(260 + float64(i)*4)}})
	}
	s.Obstacles = []referee.Obstacle{
		{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(330, 260), R: 35}, Level: 1},
		{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
			Polygon: physics.Polygon{physics.V(420, 200), physics.V(580, 210), physics.V(560, 290), physics.V(430, 280)}},
	}
	return s
}

// TestCrowdedScreens: on a crowded table every shooter's ruler and every
// shot's card is labelled where it covers no other label and no ship.
func TestCrowdedScreens(t *testing.T) {
	a := newApp(t)
	g, err := ui.NewGame(a, crowded(), 5)
	require.NoError(t, err)
	a.Show(g)
	send(a, kit.Type("r")...) // the range rings
	for i := 0; i < 200 && g.Stage() != "declare"; i++ {
		switch g.Stage() {
		case "plan":
			switch title := a.WindowTitle(); {
			case strings.Contains(title, "confirm"):
				send(a, keys(kit.KeyEnter)...) // a plan that needs a second Enter
			case strings.Contains(title, "all planned"):
				send(a, kit.Type("h")...)
			default:
				send(a, kit.Type("3")...)
				send(a, keys(kit.KeyEnter)...)
			}
		case "anim":
			for j := 0; j < 400 && g.Stage() == "anim"; j++ {
				a.Tick(1.0 / 30)
			}
		default:
			send(a, keys(kit.KeyEnter)...)
		}
	}
	require.Equal(t, "declare", g.Stage())
	for range 6 {
		send(a, kit.Type("1")...)
		send(a, keys(kit.KeyTab)...)
	}
	shot(t, a, "crowded-firing")
	for i := 0; i < 10 && g.Stage() != "results"; i++ {
		if g.Stage() == "declare" {
			for range 6 {
				send(a, kit.Type("1")...)
				send(a, keys(kit.KeyTab)...)
			}
		}
		send(a, keys(kit.KeyEnter)...)
	}
	require.Equal(t, "results", g.Stage())
	shot(t, a, "crowded-shots")
}
