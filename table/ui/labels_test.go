package ui

import (
	"fmt"
	"math"
	"math/rand/v2"
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

// TestRulerLabelAvoidsOtherLabels: in the firing screen the ruler's label
// covers no other label (the planetoid's, the ships'), nor the status
// line the size of the table.
func TestRulerLabelAvoidsOtherLabels(t *testing.T) {
	a := newTestApp(t)
	setup := closeQuarters(starship.Quick)
	setup.Obstacles = []referee.Obstacle{
		{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(700, 420), R: 60}, Level: 1},
		{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
			Polygon: physics.Polygon{physics.V(150, 380), physics.V(280, 400), physics.V(260, 470), physics.V(140, 450)}},
	}
	g, err := NewGame(a, setup, 7)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	send(a, kit.Type("5c3")...)
	enter(a)
	send(a, kit.Type("3")...)
	enter(a)
	send(a, kit.Type("h")...)
	enter(a)
	for range 2 {
		send(a, kit.Type("3")...)
		enter(a)
	}
	send(a, kit.Type("h")...)
	enter(a)
	runAnim(a, g)
	if g.Stage() == "results" {
		enter(a)
	}
	require.Equal(t, "declare", g.Stage())
	send(a, kit.Type("1")...)
	var labels []kit.Rect
	var rulers []kit.Rect
	for _, op := range a.Frame().Ops {
		if op.Kind != kit.OpText || op.Halo.A == 0 && !strings.Contains(op.Text, " × ") {
			continue
		}
		box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		if strings.Contains(op.Text, " mm ") {
			rulers = append(rulers, box)
		} else {
			labels = append(labels, box)
		}
	}
	// the status line at the bottom covers no label
	a.Say("raider-2: plan committed")
	sz := a.TextSize(14)
	w := a.Fonts.Width(a.Status(), sz, false) + 2*sz
	status := kit.Rect{X: (a.W - w) / 2, Y: a.H - 2.6*sz, W: w, H: 2 * sz}
	for _, o := range labels {
		assert.False(t, status.Overlaps(o), "the status line covers the label %v", o)
	}
	require.NotEmpty(t, rulers, "a ruler is drawn")
	require.GreaterOrEqual(t, len(labels), 6, "ship and obstacle labels")
	for _, r := range rulers {
		for _, o := range labels {
			assert.False(t, r.Overlaps(o), "the ruler's label %v covers the label %v", r, o)
		}
	}
}

func TestPlaceLabel(t *testing.T) {
	var l kit.List
	l.Take(kit.Rect{X: 0, Y: 0, W: 100, H: 20})
	got := l.PlaceLabel([]kit.Spot{{At: kit.Pt{X: 50, Y: 15}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: 50, Y: 60}, Anchor: kit.AnchorMiddle}}, 40, 12)
	assert.Equal(t, kit.Pt{X: 50, Y: 60}, got.At, "the first spot is taken")
	got = l.PlaceLabel([]kit.Spot{{At: kit.Pt{X: 50, Y: 60}, Anchor: kit.AnchorMiddle}}, 40, 12)
	assert.Equal(t, kit.Pt{X: 50, Y: 60}, got.At, "no spot is free: the first")
	assert.False(t, l.Free(kit.Rect{X: 40, Y: 50, W: 5, H: 5}))
	assert.True(t, l.Free(kit.Rect{X: 300, Y: 300, W: 5, H: 5}))
}

// crowdedTable is a random small table crowded with ships of both sides
// facing each other, a planetoid and an asteroid field.
func crowdedTable(a *App, rng *rand.Rand, ships int) battle.Setup {
	set := battle.Setup{Name: "Crowded", Rules: starship.Rules{Set: starship.Quick}, Width: 700, Depth: 560, TurnLimit: 10,
		Obstacles: []referee.Obstacle{
			{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(150+rng.Float64()*400, 150+rng.Float64()*260), R: 45}, Level: 1},
			{ID: "belt", Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
				Polygon: physics.Polygon{physics.V(60, 60), physics.V(220, 70), physics.V(200, 160), physics.V(70, 150)}},
		}}
	classes := map[battle.Side][]string{battle.Colonial: {"viper-mk2", "viper-mk7", "raptor"}, battle.Cylon: {"cylon-raider", "cylon-raider", "heavy-raider"}}
	var placed []physics.Vec
	for i := 0; len(set.Ships) < ships && i < 10000; i++ {
		side, heading := battle.Colonial, 90.0
		y := 40 + rng.Float64()*220
		if len(set.Ships)%2 == 1 {
			side, heading, y = battle.Cylon, 270, 300+rng.Float64()*220
		}
		p := physics.V(40+rng.Float64()*620, y)
		if p.Sub(set.Obstacles[0].Circle.C).Norm() < 90 || set.Obstacles[1].Polygon.Contains(p) {
			continue
		}
		free := true
		for _, q := range placed {
			free = free && p.Sub(q).Norm() > 60
		}
		if !free {
			continue
		}
		placed = append(placed, p)
		cl := classes[side][rng.IntN(3)]
		set.Ships = append(set.Ships, battle.ShipSpec{ID: fmt.Sprintf("%s-%d", cl, len(set.Ships)+1), Class: cl, Side: side,
			Level: 1, KE: 1, Pose: physics.Pose{Pos: p, Heading: physics.Deg(heading + rng.Float64()*60 - 30)}})
	}
	return set
}

// checkLabels: in the frame on screen no two labels on the table
// overlap, no label covers a ship's base, and every haloed line of text
// on the table lies in a label placed clear of them (nothing is drawn
// past the placer). It returns the text of the table's labels.
func checkLabels(t *testing.T, a *App, g *Game, what string) string {
	t.Helper()
	l := a.Frame()
	placed, left := len(l.Placed()), l.Unplaced()
	assert.LessOrEqual(t, left*5, placed, "%s: %d labels placed, %d left out", what, placed, left)
	boxes := l.Placed()
	for i := range boxes {
		for j := i + 1; j < len(boxes); j++ {
			assert.False(t, boxes[i].Overlaps(boxes[j]), "%s: labels %v and %v overlap", what, boxes[i], boxes[j])
		}
	}
	for _, s := range g.publicView().Ships {
		if !s.OnTable && !s.Out {
			continue
		}
		c := g.cam.ToScreen(s.Pose.Pos)
		r := a.Comp.BaseAcrossFlats(s.Class) / 2 * g.cam.Scale // the hexagon's inscribed circle
		for _, b := range boxes {
			nx, ny := math.Max(b.X, math.Min(c.X, b.X+b.W)), math.Max(b.Y, math.Min(c.Y, b.Y+b.H))
			assert.Greater(t, math.Hypot(c.X-nx, c.Y-ny), r, "%s: the label %v covers %s", what, b, s.ID)
		}
	}
	var texts []string
	view := g.cam.View
	for _, op := range l.Ops {
		if op.Kind != kit.OpText || op.Halo.A == 0 || op.Layer == kit.BackdropLayer || !view.Contains(op.At) {
			continue
		}
		w := a.Fonts.Width(op.Text, op.Size, op.Bold)
		x := op.At.X
		switch op.Anchor {
		case kit.AnchorMiddle:
			x -= w / 2
		case kit.AnchorEnd:
			x -= w
		}
		tight := kit.Rect{X: x, Y: op.At.Y - 0.8*op.Size, W: w, H: op.Size}
		in := false
		for _, b := range boxes {
			in = in || tight.X >= b.X-0.5 && tight.Y >= b.Y-0.5 && tight.X+tight.W <= b.X+b.W+0.5 && tight.Y+tight.H <= b.Y+b.H+0.5
		}
		assert.True(t, in, "%s: %q is drawn outside every placed label", what, op.Text)
		texts = append(texts, op.Text)
	}
	return strings.Join(texts, "\n")
}

// TestLabelsNeverCollideOnCrowdedTables plays a turn on crowded random
// tables and checks the labels of every stage: the ships' names and
// badges, the range rings, the obstacles, the rulers of every declared
// shot and the cards of the shots fired.
func TestLabelsNeverCollideOnCrowdedTables(t *testing.T) {
	for seed := uint64(1); seed <= 6; seed++ {
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			a := newTestApp(t)
			if seed%2 == 0 {
				a.Handle(kit.Event{Kind: kit.Resize, W: 1024, H: 640})
			}
			rng := rand.New(rand.NewPCG(seed, 7))
			setup := crowdedTable(a, rng, 12+int(seed%3)*2)
			g, err := NewGame(a, setup, seed)
			require.NoError(t, err)
			a.Show(g)
			g.rings = true // as after r
			rulers, cards := 0, 0
			for steps := 0; steps < 400 && g.battle().Turn() == 1 || g.Stage() == "results" && steps < 400; steps++ {
				stage := g.Stage()
				switch stage {
				case "plan":
					text := checkLabels(t, a, g, "plan")
					assert.Contains(t, text, " mm", "the selected ship's range rings are named")
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
				case "declare":
					v := g.battle().View(g.side)
					for range g.shooters(v) {
						send(a, kit.Type("1")...)
						send(a, kit.Press(kit.KeyTab))
					}
					text := checkLabels(t, a, g, "declare")
					rulers += strings.Count(text, " mm ")
					enter(a)
				case "results":
					checkLabels(t, a, g, "results")
					cards += len(g.shotLines)
					enter(a)
				default:
					checkLabels(t, a, g, stage)
					enter(a)
				}
			}
			assert.Greater(t, rulers, 0, "rulers were labelled")
			t.Logf("%d ships, %d ruler labels, %d shot cards", len(setup.Ships), rulers, cards)
		})
	}
}

// TestStatusLineMovesOffLabels: the status line goes to the bottom in the
// middle unless a ship or a label is there; then elsewhere, its text
// with it.
func TestStatusLineMovesOffLabels(t *testing.T) {
	a := newTestApp(t)
	setup := closeQuarters(starship.Quick)
	g, err := NewGame(a, setup, 7)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	a.Frame()
	// a ship right where the status line would be
	w := g.cam.ToWorld(kit.Pt{X: a.W / 2, Y: a.H - 20})
	setup.Ships[0].Pose.Pos = physics.V(w.X, math.Max(w.Y, 25))
	g, err = NewGame(a, setup, 7)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	a.Say("viper-2: plan committed")
	l := a.Frame()
	var box *kit.Rect
	for i, op := range l.Ops {
		if op.Kind == kit.OpText && op.Text == "viper-2: plan committed" {
			require.Greater(t, i, 0)
			prev := l.Ops[i-1] // the status line's ground
			for _, p := range []kit.Pt{op.At} {
				b := kit.Rect{X: prev.Pts[0].X, Y: prev.Pts[0].Y, W: 0, H: 0}
				for _, q := range prev.Pts {
					b.W, b.H = math.Max(b.W, q.X-b.X), math.Max(b.H, q.Y-b.Y)
				}
				assert.True(t, b.Contains(p), "the text %v lies on its ground %v", p, b)
				box = &b
			}
		}
	}
	require.NotNil(t, box, "the status line is drawn")
	for _, lb := range l.Placed() {
		assert.False(t, box.Overlaps(lb), "the status line %v covers the label %v", *box, lb)
	}
	c := g.cam.ToScreen(setup.Ships[0].Pose.Pos)
	assert.False(t, box.Contains(c), "the status line covers viper-1")
}

// TestTableSizeLabelStaysInView: the table's size is written whole
// inside the table view for every built-in scenario, at 1280 × 800 and
// in a small window (1024 × 640), where a deep table fills the view's
// height and leaves no room above its far edge.
func TestTableSizeLabelStaysInView(t *testing.T) {
	for _, size := range [][2]int{{1280, 800}, {1024, 640}} {
		for _, name := range scenarios.Names() {
			a := newTestApp(t)
			a.Handle(kit.Event{Kind: kit.Resize, W: size[0], H: size[1]})
			sc, err := scenarios.Load(name, a.Comp)
			require.NoError(t, err)
			g, err := NewGame(a, sc.Setup(), 3)
			require.NoError(t, err)
			a.Show(g.WithScenario(sc))
			enter(a) // past the cover
			want := fmt.Sprintf("%.0f × %.0f mm", sc.Width, sc.Depth)
			found := false
			for _, op := range a.Frame().Ops {
				if op.Kind != kit.OpText || op.Text != want {
					continue
				}
				found = true
				b := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
				v := g.cam.View
				assert.True(t, b.X >= v.X && b.Y >= v.Y && b.X+b.W <= v.X+v.W && b.Y+b.H <= v.Y+v.H,
					"%s at %v: the label %v lies outside the table view %v", name, size, b, v)
			}
			assert.True(t, found, "%s at %v: the table's size is written", name, size)
		}
	}
}

// TestEditorLabelsNeverCollideOnAPhone: in the scenario editor on a phone
// held upright (its table small) the zones' labels are placed as the play
// view places them: no label covers another, the table's size or a base.
func TestEditorLabelsNeverCollideOnAPhone(t *testing.T) {
	a := NewApp(assets.Default(), t.TempDir())
	a.MinTarget = 34
	a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
	e := NewEditor(a)
	a.Show(e)
	l := a.Frame()
	require.NotEmpty(t, e.Sc.Zones)
	var size kit.Rect
	var zones []kit.Rect
	for _, op := range l.Ops {
		if op.Kind != kit.OpText {
			continue
		}
		if strings.Contains(op.Text, " × ") && strings.HasSuffix(op.Text, " mm") {
			size = kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		}
		if strings.Contains(op.Text, "(ships head ") {
			zones = append(zones, kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor))
		}
	}
	require.NotZero(t, size.W, "the table's size is written")
	assert.Len(t, zones, len(e.Sc.Zones), "every zone is named")
	boxes := l.Placed()
	for _, z := range zones {
		placed := false
		for _, b := range boxes {
			placed = placed || math.Abs(b.X-z.X) < 0.5 && math.Abs(b.Y-z.Y) < 0.5 && math.Abs(b.W-z.W) < 0.5
		}
		assert.True(t, placed, "the zone's label %v is placed among the labels", z)
	}
	for i := range boxes {
		if boxes[i] == size {
			continue // the size itself, placed among the labels where it has no room outside the table
		}
		assert.False(t, boxes[i].Overlaps(size), "the label %v covers the table's size %v", boxes[i], size)
		for j := i + 1; j < len(boxes); j++ {
			assert.False(t, boxes[i].Overlaps(boxes[j]), "labels %v and %v overlap", boxes[i], boxes[j])
		}
	}
	for i, s := range e.Sc.Ships {
		c := e.cam.ToScreen(e.start(i).Physics().Pos)
		r := a.Comp.BaseAcrossFlats(s.Class) / 2 * e.cam.Scale
		for _, b := range boxes {
			nx, ny := math.Max(b.X, math.Min(c.X, b.X+b.W)), math.Max(b.Y, math.Min(c.Y, b.Y+b.H))
			assert.Greater(t, math.Hypot(c.X-nx, c.Y-ny), r, "the label %v covers %s", b, s.ID)
		}
	}
}
