package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// NewApp returns the view showing the title screen.
func NewApp(comp *assets.Components, dir string) *App {
	a := &App{Controls: kit.Controls{Fonts: kit.LoadFonts(), W: 1280, H: 800}, Comp: comp, Dir: dir,
		Players: map[battle.Side]string{battle.Colonial: Human, battle.Cylon: Human},
		home:    func(a *App) Screen { return NewTitle(a) }}
	a.screen = NewTitle(a)
	return a
}

// Title is the first screen: what to do, on which scenario, and who plays
// each side.
type Title struct {
	a        *App
	sel      int
	scenario int
	names    []string
	titles   map[string]string // built-in scenario → its name
	briefs   map[string]*brief
	contName string // the game autosaved in DataDir, for Continue
	// contNamed: contName was looked for (once, at the first frame: the
	// App's DataDir is set after the title is made)
	contNamed bool
	scs       map[string]*scenarios.Scenario

	contChecked bool           // the autosave was looked for
	cont        *battle.Battle // the autosaved game, if any
}

// autosaved returns the game the browser's storage keeps (looked for once).
func (t *Title) autosaved() (*battle.Battle, bool) {
	if !t.contChecked && t.a.Platform != nil {
		t.contChecked = true
		t.cont, _ = t.a.Autosaved()
	}
	return t.cont, t.cont != nil
}

// NewTitle returns the title screen.
func NewTitle(a *App) *Title {
	t := &Title{a: a, names: scenarios.Names(), titles: map[string]string{}, scs: map[string]*scenarios.Scenario{}}
	for i, n := range t.names {
		if n == scenarios.Default {
			t.scenario = i
		}
		if sc, err := scenarios.Load(n, a.Comp); err == nil {
			t.titles[n] = sc.Name
			t.scs[n] = sc
		}
	}
	return t
}

// Name implements Screen.
func (t *Title) Name() string { return "title" }

// Status says what the title has chosen: the scenario, who plays each
// side and the row the keys are on ("scenario escort · Colonial human ·
// Cylon greedy · row 4").
func (t *Title) Status() string {
	player := func(side battle.Side) string {
		if p := t.a.Players[side]; p != "" {
			return p
		}
		return Human
	}
	return fmt.Sprintf("scenario %s · Colonial %s · Cylon %s · row %d", t.Scenario(), player(battle.Colonial), player(battle.Cylon), t.sel+1)
}

// Help implements Screen.
func (t *Title) Help() []string {
	a := t.a
	return []string{
		a.Words("Up and Down choose, Enter starts; or click. 1 to 9 pick an item at once.", "A tap on a row starts it."),
		a.Words("Left and Right choose the built-in scenario (on the players' rows: who plays that side).", "< and > choose the built-in scenario (on the players' rows: who plays that side)."),
		"Play a scenario file: any file in the scenario format (scenarios/FORMAT.md), such as one saved by the editor.",
		"Colonial / Cylon played by: human (a player at this machine), or the computer: " + strings.Join(PlayerChoices()[1:], ", ") + ". Two humans play hot-seat with cover screens; against the computer there are none.",
		a.Words("Esc (or Quit) asks, then quits the program.", "Close the browser tab to quit: the game in progress is kept for Continue."),
	}
}

type titleItem struct {
	label string
	do    func()
	// scenario: Left and Right choose the built-in scenario
	scenario bool
	// left and right change the item's choice (nil: they choose the scenario)
	left, right func()
}

// Scenario returns the built-in scenario chosen.
func (t *Title) Scenario() string {
	if len(t.names) == 0 {
		return ""
	}
	return t.names[t.scenario]
}

// cyclePlayer moves a side's player d steps through the choices.
func (t *Title) cyclePlayer(side battle.Side, d int) {
	ch := PlayerChoices()
	i := slices.Index(ch, t.a.Players[side])
	if i < 0 {
		i = 0
	}
	t.a.Players[side] = ch[(i+d+len(ch))%len(ch)]
}

func (t *Title) items() []titleItem {
	a := t.a
	name := t.Scenario()
	label := name
	if title := t.titles[name]; title != "" {
		label = title
	}
	player := func(side battle.Side) titleItem {
		p := a.Players[side]
		if p == "" {
			p = Human
		}
		return titleItem{label: fmt.Sprintf("%s played by: %s", SideName(side), p), do: func() { t.cyclePlayer(side, 1) },
			left: func() { t.cyclePlayer(side, -1) }, right: func() { t.cyclePlayer(side, 1) }}
	}
	var items []titleItem
	if a.HasAutosave() {
		if !t.contNamed {
			t.contName, t.contNamed = a.AutosaveName(), true
		}
		label := "Continue the unfinished game"
		if t.contName != "" {
			label = "Continue: " + t.contName
		}
		items = append(items, titleItem{label: label, do: func() {
			if err := a.ContinueAutosave(); err != nil {
				a.Say("%v", err)
			}
		}})
	}
	if b, _ := t.autosaved(); b != nil {
		items = append(items, titleItem{label: fmt.Sprintf("Continue the last game (turn %d)", b.Turn()), do: a.Continue})
	}
	items = append(items, []titleItem{
		{label: fmt.Sprintf("Play: %s", label), do: func() { t.play(name) }, scenario: true},
		{label: "Play a scenario file", do: func() { AskPlayFile(a) }},
		player(battle.Colonial),
		player(battle.Cylon),
		{label: fmt.Sprintf("Host a network game: %s", label), do: func() { HostNetGame(a, name) }},
		{label: fmt.Sprintf("Companion, each on their own phone: %s", label), do: func() { HostCompanionGame(a, name) }},
		{label: fmt.Sprintf("Companion, one device passed between us: %s", label), do: func() { HostSharedCompanionGame(a, name) }},
		{label: "Join a network or companion game (link or code)", do: func() { a.Show(JoinNetGame(a, "")) }},
		{label: "Load a saved game", do: func() { AskLoadGame(a) }},
		{label: "Replay a saved game turn by turn", do: func() { AskReplay(a) }},
		{label: "Measurement mode: settle a dispute", do: func() { a.Show(NewMeasure(a, nil, "")) }},
		{label: "Scenario editor", do: func() { a.Show(NewEditor(a)) }},
		{label: "Photo mode: rule from a photo of a real table", do: func() { AskPhoto(a) }},
		{label: fmt.Sprintf("Choose the rules and pilots: %s", label), do: func() { t.choose(name) }, scenario: true},
	}...)
	if a.Platform == nil { // a browser tab is closed, not quit
		items = append(items, titleItem{label: "Quit", do: t.quit})
	}
	return items
}

// quit asks before closing the program, as Leave asks before leaving a
// game (Esc on the title, or Quit). A browser's page is closed with its
// tab, not quit: there Esc says so.
func (t *Title) quit() {
	a := t.a
	if a.Platform != nil {
		a.Say("To quit, close the browser tab: the game in progress is kept for Continue.")
		return
	}
	text := "The program closes."
	if a.HasAutosave() {
		text += " The unfinished game is kept: Continue on the title resumes it."
	}
	a.Confirm("Quit the program?", text, "Quit", "Stay", func() { a.Quit = true })
}

// play starts a game of a built-in scenario: its file read by the
// scenarios package, the battle set up from it.
func (t *Title) play(name string) {
	sc, err := scenarios.Load(name, t.a.Comp)
	if err != nil {
		t.a.Say("%v", err)
		return
	}
	PlayScenario(t.a, sc)
}

// choose opens the setup screen of a built-in scenario.
func (t *Title) choose(name string) {
	sc, err := scenarios.Load(name, t.a.Comp)
	if err != nil {
		t.a.Say("%v", err)
		return
	}
	t.a.Show(NewChoose(t.a, sc, name))
}

// PlayScenario starts a game of a scenario, each side played as chosen
// on the title screen.
func PlayScenario(a *App, sc *scenarios.Scenario) {
	seed, err := a.GameSeed()
	if err != nil {
		a.Say("%v", err)
		return
	}
	g, err := NewGame(a, sc.Setup(), seed)
	if err != nil {
		a.Say("%v", err)
		return
	}
	a.Show(g.WithScenario(sc))
	a.Say("%s: %s", sc.Name, playersText(a))
}

// playersText says who plays each side: "hot-seat: two players at this
// machine", or "Colonial: you; Cylon: the computer (normal)".
func playersText(a *App) string {
	human := func(side battle.Side) bool { p := a.Players[side]; return p == "" || p == Human }
	if human(battle.Colonial) && human(battle.Cylon) {
		return "hot-seat: two players at this machine, each plans behind a cover screen"
	}
	var parts []string
	for _, side := range battle.Sides {
		p := "you"
		if !human(side) {
			p = "the computer (" + a.Players[side] + ")"
		}
		parts = append(parts, SideName(side)+": "+p)
	}
	return strings.Join(parts, "; ")
}

// AskPlayFile asks for a scenario file and plays it; a file with problems
// is refused with every problem listed.
func AskPlayFile(a *App) {
	if a.Platform != nil {
		a.OpenFile("Play a scenario file (YAML, scenarios/FORMAT.md)", "", []string{".yaml", ".yml"}, func(name string, data []byte) error {
			sc, err := scenarios.Parse(name, data, a.Comp)
			if err != nil {
				return err
			}
			PlayScenario(a, sc)
			return nil
		})
		return
	}
	a.Ask("Play a scenario file (YAML, scenarios/FORMAT.md)", a.SavePath("my-battle.yaml"), []string{".yaml", ".yml"}, func(path string) error {
		sc, _, err := loadScenario(a, path)
		if err != nil {
			return err
		}
		PlayScenario(a, sc)
		return nil
	})
}

// Handle implements Screen.
func (t *Title) Handle(ev kit.Event) {
	items := t.items()
	switch {
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyUp:
		t.sel = (t.sel + len(items) - 1) % len(items)
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyDown, ev.Kind == kit.KeyPress && ev.Key == kit.KeyTab:
		t.sel = (t.sel + 1) % len(items)
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyLeft:
		if f := items[t.sel].left; f != nil {
			f()
		} else {
			t.scenario = (t.scenario + len(t.names) - 1) % max(1, len(t.names))
		}
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyRight:
		if f := items[t.sel].right; f != nil {
			f()
		} else {
			t.scenario = (t.scenario + 1) % max(1, len(t.names))
		}
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter, ev.Kind == kit.Char && ev.Rune == ' ':
		items[t.sel].do()
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape:
		t.quit()
	case ev.Kind == kit.Char && ev.Rune >= '1' && ev.Rune <= '9' && int(ev.Rune-'1') < len(items):
		t.sel = int(ev.Rune - '1')
		items[t.sel].do()
	}
}

// Tick implements Screen.
func (t *Title) Tick(float64) {}

// Draw implements Screen.
func (t *Title) Draw(l *kit.List) {
	a := t.a
	s := a.S()
	l.Background = kit.ColCover1
	items := t.items()
	cx := a.W / 2
	if a.Portrait() {
		t.drawPortrait(l, items)
		return
	}
	// a few ships crossing the title
	l.Text(kit.Pt{X: cx, Y: a.H * 0.16}, "BATTLESTAR GALACTICA", a.TextSize(40), kit.ColWhite, kit.AnchorMiddle, true)
	l.Text(kit.Pt{X: cx, Y: a.H*0.16 + 44*s}, "Starship Battles: the table", a.TextSize(24), kit.Mix(kit.ColWhite, kit.ColColonial, 0.3), kit.AnchorMiddle, false)
	deco := func(x, y, heading float64, class string, side battle.Side) {
		cam := kit.Camera{View: kit.Rect{X: 0, Y: 0, W: a.W, H: a.H}, Scale: 2.2 * s}
		cam.Center = cam.ToWorld(kit.Pt{X: a.W / 2, Y: a.H / 2})
		p := cam.ToWorld(kit.Pt{X: x, Y: y})
		drawShip(a, l, &cam, ShipLook{ID: "", Class: class, Side: side, Across: a.Comp.BaseAcrossFlats(class), Notch: a.Comp.Geometry.DialNotch.Value,
			Pose: poseAt(p.X, p.Y, heading)})
	}
	w := math.Min(a.W*0.44, 560*s)
	mx := a.W*0.06 + w/2 // the menu's centre
	y := a.H*0.16 + 76*s
	// the two ships stand clear above the menu and the briefing: a base's
	// corners reach across/√3 from its centre whatever its heading
	for _, d := range []struct {
		x, heading float64
		class      string
		side       battle.Side
	}{{a.W * 0.14, 20, "viper-mk2", battle.Colonial}, {a.W * 0.86, 200, "cylon-raider", battle.Cylon}} {
		reach := a.Comp.BaseAcrossFlats(d.class) / math.Sqrt(3) * 2.2 * s
		deco(d.x, math.Max(reach+4*s, y-8*s-reach), d.heading, d.class, d.side)
	}
	// Every row, the hint under them and the footer fit in the window
	// however many rows the menu has, down to the smallest row whose
	// arrows still read (a very small window cuts the menu's foot).
	h := math.Max(27*s, math.Min(38*s, (a.H-y-70*s)/(1.2*float64(len(items)))))
	gap := h * 0.2
	t.drawMenu(l, items, kit.Rect{X: mx - w/2, Y: y, W: w, H: h}, gap)
	hint := kit.Mix(kit.ColWhite, kit.ColInk, 0.3)
	yh := y + float64(len(items))*(h+gap) + 14*s
	if len(t.names) > 1 {
		l.Text(kit.Pt{X: mx, Y: yh}, fmt.Sprintf("Left / Right: the scenario (%d of %d) or who plays a side", t.scenario+1, len(t.names)),
			a.TextSize(13), hint, kit.AnchorMiddle, false)
	}
	t.drawBrief(l, kit.Rect{X: a.W*0.06 + w + 30*s, Y: y, W: a.W*0.94 - (a.W*0.06 + w + 30*s), H: a.H - y - 40*s})
	l.Text(kit.Pt{X: cx, Y: a.H - 20*s}, "F1 or ? : help on every screen", a.TextSize(13), hint, kit.AnchorMiddle, false)
}

// drawPortrait lays the title out on a window taller than wide (a phone
// held upright): the name in type that fits the width, the menu across
// the whole width with every item at least a finger's target high, and
// the chosen scenario's briefing under it while there is room.
func (t *Title) drawPortrait(l *kit.List, items []titleItem) {
	a := t.a
	s := a.S()
	cx := a.W / 2
	fit := func(text string, nominal float64, bold bool) float64 {
		sz := a.TextSize(nominal)
		if w := a.Fonts.Width(text, sz, bold); w > a.W*0.92 {
			sz *= a.W * 0.92 / w
		}
		return sz
	}
	y := 14 * s
	sz := fit("BATTLESTAR GALACTICA", 40, true)
	y += sz
	l.Text(kit.Pt{X: cx, Y: y}, "BATTLESTAR GALACTICA", sz, kit.ColWhite, kit.AnchorMiddle, true)
	sz = fit("Starship Battles: the table", 24, false)
	y += sz * 1.3
	l.Text(kit.Pt{X: cx, Y: y}, "Starship Battles: the table", sz, kit.Mix(kit.ColWhite, kit.ColColonial, 0.3), kit.AnchorMiddle, false)
	y += 16 * s
	n := float64(len(items))
	h := math.Max(26*s, math.Min(38*s, (a.H-y-12*s)/(n*1.15)))
	gap := h * 0.15
	w := a.W - 2*10*s
	t.drawMenu(l, items, kit.Rect{X: cx - w/2, Y: y, W: w, H: h}, gap)
	y += n*(h+gap) + 8*s
	if a.H-y > 120*s {
		t.drawBrief(l, kit.Rect{X: cx - w/2, Y: y, W: w, H: a.H - y - 10*s})
	}
}

// drawMenu draws the title's items as buttons, the first at first, one
// under the other gap apart; items with a choice get < and > buttons.
func (t *Title) drawMenu(l *kit.List, items []titleItem, first kit.Rect, gap float64) {
	a := t.a
	s := a.S()
	mx, y, w, h := first.X+first.W/2, first.Y, first.W, first.H
	for i, it := range items {
		r := kit.Rect{X: mx - w/2, Y: y + float64(i)*(h+gap), W: w, H: h}
		label := it.label // the number that picks it, where there are keys
		if !a.Touch() {
			label = fmt.Sprintf("%d   %s", i+1, it.label)
		}
		a.Button(l, r, label, i == t.sel, false, func() { t.sel = i; it.do() })
		if it.left != nil || it.scenario && len(t.names) > 1 {
			// arrows: Left / Right change the choice
			left, right := it.left, it.right
			if left == nil {
				left = func() { t.sel = i; t.Handle(kit.Press(kit.KeyLeft)) }
				right = func() { t.sel = i; t.Handle(kit.Press(kit.KeyRight)) }
			}
			a.Button(l, kit.Rect{X: r.X + 4*s, Y: r.Y + 4*s, W: h - 8*s, H: h - 8*s}, "<", false, false, left)
			a.Button(l, kit.Rect{X: r.X + r.W - h + 4*s, Y: r.Y + 4*s, W: h - 8*s, H: h - 8*s}, ">", false, false, right)
		}
	}
}

// drawBrief paints the chosen scenario's briefing and each side's goal.
func (t *Title) drawBrief(l *kit.List, r kit.Rect) {
	a := t.a
	s := a.S()
	sc := t.scs[t.Scenario()]
	if sc == nil || r.W < 150 {
		return
	}
	br := t.brief(sc)
	l.Rect(r, kit.Alpha(kit.ColWhite, 0.06), kit.Alpha(kit.ColWhite, 0.25), 1)
	x, w := r.X+14*s, r.W-28*s
	y := r.Y + 28*s
	l.Text(kit.Pt{X: x, Y: y}, kit.Clean(br.name), a.TextSize(20), kit.ColWhite, kit.AnchorStart, true)
	y += 10 * s
	sz := a.TextSize(13.5)
	facts := fmt.Sprintf("%s rules, table %.0f × %.0f mm", sc.Rules, sc.Width, sc.Depth)
	if len(sc.Options) > 0 {
		var o []string
		for _, op := range sc.Options {
			o = append(o, string(op))
		}
		facts += ", options: " + strings.Join(o, ", ")
	}
	if sc.TurnLimit > 0 {
		facts += fmt.Sprintf(", %d turns", sc.TurnLimit)
	}
	for _, p := range append(paras(facts), br.lines()...) {
		para := p.Text
		col := kit.Mix(kit.ColWhite, kit.ColInk, 0.12)
		switch p.Side {
		case battle.Colonial:
			col = kit.Mix(kit.ColColonial, kit.ColWhite, 0.35)
		case battle.Cylon:
			col = kit.Mix(kit.ColCylon, kit.ColWhite, 0.35)
		}
		y += sz * 0.6
		for _, ln := range a.Fonts.Wrap(kit.Clean(para), sz, w, false) {
			y += sz * 1.3
			if y > r.Y+r.H-6*s {
				return
			}
			l.Text(kit.Pt{X: x, Y: y}, ln, sz, col, kit.AnchorStart, false)
		}
	}
}

// brief returns a built-in scenario's brief (kept: the title is drawn
// every frame).
func (t *Title) brief(sc *scenarios.Scenario) *brief {
	if t.briefs == nil {
		t.briefs = map[string]*brief{}
	}
	if br, ok := t.briefs[sc.ID]; ok {
		return br
	}
	br := briefFor(sc.Setup(), sc)
	t.briefs[sc.ID] = br
	return br
}

// AskLoadGame asks for a saved game and opens it.
func AskLoadGame(a *App) {
	a.OpenFile("Load a saved game (battle.Save JSON)", a.SavePath("game.json"), []string{".json"}, func(path string, data []byte) error {
		b, err := battle.LoadFile(path, data, a.Comp)
		if err != nil {
			return err
		}
		a.Show(GameFrom(a, b))
		a.Say("loaded %s (turn %d)", path, b.Turn())
		return nil
	})
}

// AskReplay asks for a saved game and replays it.
func AskReplay(a *App) {
	a.OpenFile("Replay a saved game", a.SavePath("game.json"), []string{".json"}, func(path string, data []byte) error {
		r, err := NewReplay(a, path, data)
		if err != nil {
			return err
		}
		a.Show(r)
		return nil
	})
}
