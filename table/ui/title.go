package ui

import (
	"fmt"
	"math"
	"os"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// Title is the first screen: what to do.
type Title struct {
	a        *App
	sel      int
	scenario int
	names    []string
}

// NewTitle returns the title screen.
func NewTitle(a *App) *Title {
	t := &Title{a: a, names: scenarios.Names()}
	for i, n := range t.names {
		if n == scenarios.Default {
			t.scenario = i
		}
	}
	return t
}

// Name implements Screen.
func (t *Title) Name() string { return "title" }

// Help implements Screen.
func (t *Title) Help() []string {
	return []string{
		"Up and Down choose, Enter starts; or click.",
		"Left and Right (or click the scenario) choose the built-in scenario for a hot-seat game.",
		"1 hot-seat game, 2 load a saved game, 3 replay a saved game, 4 measurement mode, 5 scenario editor, Esc quits.",
	}
}

type titleItem struct {
	label string
	do    func()
}

func (t *Title) items() []titleItem {
	a := t.a
	name := ""
	if len(t.names) > 0 {
		name = t.names[t.scenario]
	}
	return []titleItem{
		{fmt.Sprintf("Play hot-seat: %s", name), func() { t.play(name) }},
		{"Load a saved game", func() { AskLoadGame(a) }},
		{"Replay a saved game turn by turn", func() { AskReplay(a) }},
		{"Measurement mode: settle a dispute", func() { a.Show(NewMeasure(a, nil, "")) }},
		{"Scenario editor", func() { a.Show(NewEditor(a)) }},
		{"Quit", func() { a.Quit = true }},
	}
}

func (t *Title) play(name string) {
	setup, ok := scenarios.Builtin(name)
	if !ok {
		t.a.Say("no scenario %q", name)
		return
	}
	g, err := NewGame(t.a, setup, 1)
	if err != nil {
		t.a.Say("%v", err)
		return
	}
	t.a.Show(g)
}

// Handle implements Screen.
func (t *Title) Handle(ev Event) {
	items := t.items()
	switch {
	case ev.Kind == KeyPress && ev.Key == KeyUp:
		t.sel = (t.sel + len(items) - 1) % len(items)
	case ev.Kind == KeyPress && ev.Key == KeyDown, ev.Kind == KeyPress && ev.Key == KeyTab:
		t.sel = (t.sel + 1) % len(items)
	case ev.Kind == KeyPress && ev.Key == KeyLeft:
		t.scenario = (t.scenario + len(t.names) - 1) % max(1, len(t.names))
	case ev.Kind == KeyPress && ev.Key == KeyRight:
		t.scenario = (t.scenario + 1) % max(1, len(t.names))
	case ev.Kind == KeyPress && ev.Key == KeyEnter, ev.Kind == Char && ev.Rune == ' ':
		items[t.sel].do()
	case ev.Kind == KeyPress && ev.Key == KeyEscape:
		t.a.Quit = true
	case ev.Kind == Char && ev.Rune >= '1' && ev.Rune <= '6':
		t.sel = int(ev.Rune - '1')
		items[t.sel].do()
	}
}

// Tick implements Screen.
func (t *Title) Tick(float64) {}

// Draw implements Screen.
func (t *Title) Draw(l *List) {
	a := t.a
	s := a.S()
	l.Background = ColCover1
	// a few ships crossing the title
	cx := a.W / 2
	l.Text(Pt{cx, a.H*0.2 + 0}, "BATTLESTAR GALACTICA", a.TextSize(40), ColWhite, AnchorMiddle, true)
	l.Text(Pt{cx, a.H*0.2 + 44*s}, "Starship Battles: the table", a.TextSize(24), Mix(ColWhite, ColColonial, 0.3), AnchorMiddle, false)
	deco := func(x, y, heading float64, class string, side battle.Side) {
		cam := Camera{View: Rect{0, 0, a.W, a.H}, Scale: 2.2 * s}
		cam.Center = cam.ToWorld(Pt{a.W / 2, a.H / 2})
		p := cam.ToWorld(Pt{x, y})
		drawShip(a, l, &cam, ShipLook{ID: "", Class: class, Side: side, Across: 45, Notch: 30,
			Pose: poseAt(p.X, p.Y, heading)})
	}
	deco(a.W*0.14, a.H*0.22, 20, "viper-mk2", battle.Colonial)
	deco(a.W*0.86, a.H*0.22, 200, "cylon-raider", battle.Cylon)
	w := math.Min(a.W*0.8, 560*s)
	h := 44 * s
	y := a.H*0.2 + 90*s
	for i, it := range t.items() {
		r := Rect{cx - w/2, y + float64(i)*(h+10*s), w, h}
		i := i
		it := it
		a.Button(l, r, fmt.Sprintf("%d   %s", i+1, it.label), i == t.sel, false, func() { t.sel = i; it.do() })
	}
	if len(t.names) > 1 {
		l.Text(Pt{cx, y + 6*(h+10*s) + 20*s}, "Left / Right: choose the scenario", a.TextSize(13), Mix(ColWhite, ColInk, 0.3), AnchorMiddle, false)
	}
	l.Text(Pt{cx, a.H - 20*s}, "F1 or ? : help on every screen", a.TextSize(13), Mix(ColWhite, ColInk, 0.3), AnchorMiddle, false)
}

// AskLoadGame asks for a saved game and opens it.
func AskLoadGame(a *App) {
	a.Ask("Load a saved game (battle.Save JSON)", a.SavePath("game.json"), []string{".json"}, func(path string) error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		b, err := battle.Load(data, a.Comp)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		a.Show(GameFrom(a, b))
		a.Say("loaded %s (turn %d)", path, b.Turn())
		return nil
	})
}

// AskReplay asks for a saved game and replays it.
func AskReplay(a *App) {
	a.Ask("Replay a saved game", a.SavePath("game.json"), []string{".json"}, func(path string) error {
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		r, err := NewReplay(a, data)
		if err != nil {
			return fmt.Errorf("%s: %w", path, err)
		}
		a.Show(r)
		return nil
	})
}
