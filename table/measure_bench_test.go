package table

import (
	"fmt"
	"testing"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/cputime"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// measure60 is measurement mode on a 900 mm table with 60 ships (two
// fleets facing each other across the middle), a planetoid and an
// asteroid field, at 1280 × 800.
func measure60(tb testing.TB) (*ui.App, *ui.Measure) {
	comp := assets.Default()
	a := ui.NewApp(comp, tb.TempDir())
	a.Handle(kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	t := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(comp.Geometry)}
	for i := range 60 {
		class, heading, y := "viper-mk2", 80.0+float64(i%7)*3, 140+float64(i/10%3)*90
		if i >= 30 {
			class, heading, y = "cylon-raider", 260-float64(i%5)*4, 560+float64(i/10%3)*90
		}
		t.Ships = append(t.Ships, referee.Ship{ID: fmt.Sprintf("s%d", i), Class: class, Level: 1,
			Pose:        physics.Pose{Pos: physics.V(60+float64(i%10)*85, y), Heading: physics.Deg(heading)},
			AcrossFlats: comp.BaseAcrossFlats(class)})
	}
	t.Obstacles = []referee.Obstacle{
		{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(450, 450), R: 50}, Level: 1},
		{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
			Polygon: physics.Polygon{physics.V(150, 400), physics.V(300, 410), physics.V(290, 480), physics.V(160, 470)}},
	}
	m := ui.NewMeasure(a, &t, "")
	a.Show(m)
	a.Frame()
	return a, m
}

// BenchmarkMeasureDrag is one frame of measurement mode with 60 ships
// while a ship is dragged: a mouse move (every ruling anew) and the
// frame painted, one per tick of Ebiten's loop (the goal: under 16.7 ms).
func BenchmarkMeasureDrag(b *testing.B) {
	a, m := measure60(b)
	img := ebitenImage(1280, 800)
	r := newRenderer()
	onLoop(func() { r.Render(img, a.Frame()) })
	x, y := m.ScreenOf(0)
	send(a, kit.Event{Kind: kit.MouseMove, X: x, Y: y}, kit.Event{Kind: kit.MouseDown, X: x, Y: y, Button: kit.ButtonLeft})
	b.ResetTimer()
	defer cputime.PerOp(b)()
	for i := 0; i < b.N; i++ {
		send(a, kit.Event{Kind: kit.MouseMove, X: x + float64(i%40), Y: y + float64(i%7)})
		onLoop(func() { r.Render(img, a.Frame()) })
	}
	onLoop(func() { readOne(img) })
}

// BenchmarkMeasureStill is one frame of measurement mode with 60 ships
// when nothing changes.
func BenchmarkMeasureStill(b *testing.B) {
	a, _ := measure60(b)
	img := ebitenImage(1280, 800)
	r := newRenderer()
	onLoop(func() { r.Render(img, a.Frame()) })
	b.ResetTimer()
	defer cputime.PerOp(b)()
	for i := 0; i < b.N; i++ {
		onLoop(func() { r.Render(img, a.Frame()) })
	}
	onLoop(func() { readOne(img) })
}
