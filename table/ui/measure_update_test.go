package ui

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/cputime"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestMeasureDragRulingsEqualFullRuling: while ships are dragged by real
// mouse events in measurement mode (each move re-rules only the pairs the
// dragged ship can affect, referee.Update), turned, and obstacles dragged
// (every pair ruled again), the rulings and the warnings equal a full
// ruling of the table as it stands, field for field, after every frame.
func TestMeasureDragRulingsEqualFullRuling(t *testing.T) {
	a := newTestApp(t)
	rng := rand.New(rand.NewPCG(5, 8))
	tbl := referee.Table{Width: 600, Depth: 600, Limits: referee.LimitsFrom(a.Comp.Geometry)}
	for i := range 30 {
		class := []string{"viper-mk2", "cylon-raider"}[i%2]
		tbl.Ships = append(tbl.Ships, referee.Ship{ID: fmt.Sprintf("s%d", i), Class: class, Level: 1, AcrossFlats: a.Comp.BaseAcrossFlats(class),
			Pose: physics.Pose{Pos: physics.V(50+rng.Float64()*500, 50+rng.Float64()*500), Heading: physics.Deg(rng.Float64() * 360)}})
	}
	tbl.Obstacles = []referee.Obstacle{
		{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(300, 300), R: 40}, Level: 1},
		{ID: "belt", Kind: referee.AsteroidField, Density: referee.Dense, Level: 1,
			Polygon: physics.Polygon{physics.V(100, 200), physics.V(220, 210), physics.V(210, 280), physics.V(110, 270)}},
	}
	m := NewMeasure(a, &tbl, "")
	a.Show(m)
	a.Frame()
	check := func(what string) {
		t.Helper()
		want := referee.New(m.T, referee.WithMargins()).RuleAll()
		got := m.Rulings()
		require.Equal(t, len(want), len(got), what)
		for k := range want {
			require.Equal(t, want[k], got[k], "%s: %s at %s", what, want[k].AttackerID, want[k].TargetID)
		}
	}
	drag := func(from physics.Vec, steps int) {
		p := m.cam.ToScreen(from)
		send(a, kit.Event{Kind: kit.MouseMove, X: p.X, Y: p.Y}, kit.Event{Kind: kit.MouseDown, X: p.X, Y: p.Y, Button: kit.ButtonLeft})
		for s := range steps {
			p.X += rng.Float64()*16 - 8
			p.Y += rng.Float64()*16 - 8
			send(a, kit.Event{Kind: kit.MouseMove, X: p.X, Y: p.Y})
			a.Frame()
			check(fmt.Sprintf("drag step %d", s))
		}
		send(a, kit.Event{Kind: kit.MouseUp, X: p.X, Y: p.Y})
	}
	for round := range 6 {
		drag(m.T.Ships[rng.IntN(len(m.T.Ships))].Pose.Pos, 12)
		send(a, kit.Type("qE")...) // turn the selection
		a.Frame()
		check(fmt.Sprintf("round %d: turned", round))
	}
	drag(m.T.Obstacles[0].Circle.C, 4) // the planetoid
	drag(m.T.Obstacles[1].Polygon.Centroid(), 4)
	check("obstacles dragged")
}

// BenchmarkMeasureDragBuild is the CPU's part of a drag frame in
// measurement mode with 60 ships (table.BenchmarkMeasureDrag's table): the
// mouse move, the rulings ruled again, the picture laid out, the frame's
// draw list built. No painting.
func BenchmarkMeasureDragBuild(b *testing.B) {
	a := NewApp(assets.Default(), b.TempDir())
	a.Handle(kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	t := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(a.Comp.Geometry)}
	for i := range 60 {
		class, heading, y := "viper-mk2", 80.0+float64(i%7)*3, 140+float64(i/10%3)*90
		if i >= 30 {
			class, heading, y = "cylon-raider", 260-float64(i%5)*4, 560+float64(i/10%3)*90
		}
		t.Ships = append(t.Ships, referee.Ship{ID: fmt.Sprintf("s%d", i), Class: class, Level: 1,
			Pose:        physics.Pose{Pos: physics.V(60+float64(i%10)*85, y), Heading: physics.Deg(heading)},
			AcrossFlats: a.Comp.BaseAcrossFlats(class)})
	}
	t.Obstacles = []referee.Obstacle{
		{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(450, 450), R: 50}, Level: 1},
		{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
			Polygon: physics.Polygon{physics.V(150, 400), physics.V(300, 410), physics.V(290, 480), physics.V(160, 470)}},
	}
	m := NewMeasure(a, &t, "")
	a.Show(m)
	a.Frame()
	x, y := m.ScreenOf(0)
	send(a, kit.Event{Kind: kit.MouseMove, X: x, Y: y}, kit.Event{Kind: kit.MouseDown, X: x, Y: y, Button: kit.ButtonLeft})
	b.ResetTimer()
	defer cputime.PerOp(b)()
	for i := 0; i < b.N; i++ {
		send(a, kit.Event{Kind: kit.MouseMove, X: x + float64(i%40), Y: y + float64(i%7)})
		a.Frame()
	}
}
