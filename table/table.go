// Package table is the Ebiten window of the table view. It only adapts:
// Ebiten's input becomes ui events, the ui's draw lists are painted with
// Ebiten's vector and text packages. The screens, their state machines and
// everything they draw live in table/ui, which does not import Ebiten.
//
// This is the only package (with main.go) that imports Ebiten: a binary
// linking it needs a display (tests run under Xvfb).
package table

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/tablefile"
)

// Options say what the window opens on.
type Options struct {
	// Scenario is what to play: a built-in scenario's name or a scenario
	// file ("": the default scenario).
	Scenario string
	Title    bool   // open on the title screen
	Load     string // a saved game to continue
	Replay   string // a saved game to replay
	Measure  string // a table file for measurement mode ("-": an empty table)
	Photo    string // a photo for photo mode
	Marks    string // with Photo: a marks file to start from
	Editor   bool   // the scenario editor
	Join     string // a seat link or code of a network game (bsg serve)
	Dir      string // where files are saved by default
	// Seed, when set, is the seed of every game (tests and replays); nil
	// gives each game a secret seed.
	Seed *uint64
	// DataDir is where the game in progress is autosaved ("": nowhere).
	DataDir string
	Width   int
	Height  int

	// Colonial and Cylon say who plays each side: "human" (or "") for a
	// player at this machine, or a computer policy (random, greedy).
	Colonial, Cylon string

	// Server is the game server that the title's "Host a network game"
	// and "Join" use ("": ui.DefaultServer).
	Server string

	// FrameDelay is added to the painting of every frame: a slow
	// renderer on demand, to check that no input is lost however long
	// frames take.
	FrameDelay time.Duration

	// Host starts a game server inside this program (ui.App.Host); nil
	// when it cannot host.
	Host func(addr, dir string) (io.Closer, error)

	// Frames, when above 0, closes the window after that many frames and
	// writes the last one to Screenshot (for checks under Xvfb).
	Frames     int
	Screenshot string

	// FrameInTitle ends the window's title with " · frame N", N the
	// frames drawn so far: checks from outside the program (the window
	// tests) wait on it for a screen to be drawn, not for a time.
	FrameInTitle bool
}

// NewApp builds the view for the options, without a window.
func NewApp(comp *assets.Components, o Options) (*ui.App, error) {
	a := ui.NewApp(comp, o.Dir)
	earlyPlatform(a) // a browser's storage, before a seat link's seat is made
	a.Seed = o.Seed
	a.DataDir = o.DataDir
	a.Server = o.Server
	a.Host = o.Host
	if a.Clipboard == nil {
		a.Clipboard = newClipboard() // the browser's page sets its own
	}
	if o.Width > 0 && o.Height > 0 {
		a.Handle(kit.Event{Kind: kit.Resize, W: o.Width, H: o.Height})
	}
	for side, p := range map[battle.Side]string{battle.Colonial: o.Colonial, battle.Cylon: o.Cylon} {
		if p == "" {
			continue
		}
		if !slices.Contains(ui.PlayerChoices(), p) {
			return nil, fmt.Errorf("%s player %q; allowed: %s", side, p, strings.Join(ui.PlayerChoices(), ", "))
		}
		a.Players[side] = p
	}
	switch {
	case o.Load != "":
		data, err := limits.ReadFile(o.Load)
		if err != nil {
			return nil, err
		}
		b, err := battle.LoadFile(o.Load, data, comp)
		if err != nil {
			return nil, err
		}
		a.Show(ui.GameFrom(a, b))
	case o.Replay != "":
		data, err := limits.ReadFile(o.Replay)
		if err != nil {
			return nil, err
		}
		r, err := ui.NewReplay(a, o.Replay, data)
		if err != nil {
			return nil, err
		}
		a.Show(r)
	case o.Photo != "":
		p, err := ui.OpenPhoto(a, o.Photo, o.Marks)
		if err != nil {
			return nil, err
		}
		a.Show(p)
	case o.Measure != "":
		var t *referee.Table
		note := "" // "-": the sample table, nothing to say
		if o.Measure != "-" {
			note = o.Measure
			data, err := limits.ReadFile(o.Measure)
			if err != nil {
				return nil, err
			}
			tt, err := tablefile.Parse(o.Measure, data, comp)
			if err != nil {
				return nil, err
			}
			t = &tt
		}
		a.Show(ui.NewMeasure(a, t, note))
	case o.Editor:
		a.Show(ui.NewEditor(a))
	case o.Join != "":
		// the same screen as the title's Join (a link or code that does
		// not parse opens Join with the problem shown)
		a.Show(ui.JoinNetGame(a, o.Join))
	case o.Title:
	default:
		sc, err := LoadScenario(comp, o.Scenario)
		if err != nil {
			return nil, err
		}
		seed, err := a.GameSeed()
		if err != nil {
			return nil, err
		}
		g, err := ui.NewGame(a, sc.Setup(), seed)
		if err != nil {
			return nil, err
		}
		a.Show(g.WithScenario(sc))
	}
	return a, nil
}

// LoadScenario reads what to play: a built-in scenario by name, or a
// scenario file ("" is the default scenario). A file with problems is
// refused with all of them.
func LoadScenario(comp *assets.Components, nameOrFile string) (*scenarios.Scenario, error) {
	if nameOrFile == "" {
		nameOrFile = scenarios.Default
	}
	if _, _, ok := scenarios.Source(nameOrFile); ok {
		return scenarios.Load(nameOrFile, comp)
	}
	data, err := limits.ReadFile(nameOrFile)
	if err != nil {
		if !strings.ContainsAny(nameOrFile, "/.\\") {
			return nil, fmt.Errorf("no built-in scenario %q and no such file; built-in: %s", nameOrFile, strings.Join(scenarios.Names(), ", "))
		}
		return nil, err
	}
	return scenarios.Parse(nameOrFile, data, comp)
}

// Run opens the window and runs the view until it is closed.
func Run(comp *assets.Components, o Options) error {
	if o.Width == 0 || o.Height == 0 {
		o.Width, o.Height = 1280, 800
	}
	a, err := NewApp(comp, o)
	if err != nil {
		return err
	}
	g := NewGame(a)
	g.page.attach(a)
	g.frames, g.shot, g.delay, g.frameTitle = o.Frames, o.Screenshot, o.FrameDelay, o.FrameInTitle
	if src := newKeySource(); src != nil {
		g.keys.src = src
		defer src.close()
	}
	ebiten.SetWindowTitle("Battlestar Galactica – Starship Battles")
	ebiten.SetWindowSize(o.Width, o.Height)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	// Every frame paints every pixel (the backdrop or a fill first), so
	// Ebiten need not clear the screen before: one full-window pass less
	// for the software renderer.
	ebiten.SetScreenClearedEveryFrame(false)
	err = ebiten.RunGame(g)
	if errors.Is(err, ebiten.Termination) {
		err = nil
	}
	if err == nil {
		err = g.shotErr
	}
	return err
}

// Game adapts the view to Ebiten.
type Game struct {
	app   *ui.App
	r     *renderer
	w, h  int
	mouse [2]int
	// keyHeld and buttonHeld are the keys and mouse buttons down at
	// the last tick.
	keyHeld    map[ebiten.Key]bool
	buttonHeld [3]bool
	// keys is the platform's queue of special keys (keys.go); without
	// one they are polled.
	keys  keyQueue
	title string
	delay time.Duration

	gestures kit.Gestures
	touchIDs []ebiten.TouchID
	page     pageLink // the browser page around the view (browser_js.go)

	frames     int
	shot       string
	shotErr    error
	count      int  // frames drawn
	frameTitle bool // the title ends with count (Options.FrameInTitle)
}

// NewGame returns the Ebiten game of a view.
func NewGame(a *ui.App) *Game {
	return &Game{app: a, r: newRenderer(), keyHeld: map[ebiten.Key]bool{}}
}

var keyMap = map[ebiten.Key]kit.Key{
	ebiten.KeyEnter: kit.KeyEnter, ebiten.KeyNumpadEnter: kit.KeyEnter, ebiten.KeyEscape: kit.KeyEscape,
	ebiten.KeyTab: kit.KeyTab, ebiten.KeyBackspace: kit.KeyBackspace, ebiten.KeyDelete: kit.KeyDelete,
	ebiten.KeyArrowLeft: kit.KeyLeft, ebiten.KeyArrowRight: kit.KeyRight, ebiten.KeyArrowUp: kit.KeyUp,
	ebiten.KeyArrowDown: kit.KeyDown, ebiten.KeyPageUp: kit.KeyPageUp, ebiten.KeyPageDown: kit.KeyPageDown,
	ebiten.KeyHome: kit.KeyHome, ebiten.KeyEnd: kit.KeyEnd, ebiten.KeyF1: kit.KeyF1, ebiten.KeyF2: kit.KeyF2,
	ebiten.KeyF3: kit.KeyF3, ebiten.KeyF5: kit.KeyF5,
}

// repeating keys repeat while held.
var repeating = map[ebiten.Key]bool{
	ebiten.KeyArrowLeft: true, ebiten.KeyArrowRight: true, ebiten.KeyArrowUp: true, ebiten.KeyArrowDown: true,
	ebiten.KeyBackspace: true, ebiten.KeyDelete: true, ebiten.KeyPageUp: true, ebiten.KeyPageDown: true,
}

// events turns this tick's input into ui events. Ebiten records every
// press and release between two ticks (its input callbacks stamp them),
// so a tap shorter than one frame is seen as "just pressed" (and "just
// released") in the same tick. Typed characters (Space too) come from
// Ebiten's queue and are never merged. The special keys (Enter, Tab,
// Esc, the arrows…) come from the platform's key queue (keys.go: X11,
// the browser), which keeps every press in order; elsewhere they are
// polled (polledKeys). Within one tick the events go in the order a
// player makes them: the pointer, the buttons, then the keys; where the
// platform has a key queue, the typed characters and the special keys
// in the order they were pressed ("Enter Enter h" within one slow
// frame), else the typed characters before the special keys (typing a
// name then Enter).
func (g *Game) events() []kit.Event {
	var evs []kit.Event
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	ctrl := ebiten.IsKeyPressed(ebiten.KeyControl)
	// The cursor is in the screen's pixels already (Layout gives the
	// screen the window's size in device pixels).
	x, y := ebiten.CursorPosition()
	fx, fy := float64(x), float64(y)
	if x != g.mouse[0] || y != g.mouse[1] {
		g.mouse = [2]int{x, y}
		evs = append(evs, kit.Event{Kind: kit.MouseMove, X: fx, Y: fy})
	}
	for i, b := range mouseButtons {
		held := inpututil.MouseButtonPressDuration(b.eb) > 0
		for _, down := range transitions(g.buttonHeld[i], inpututil.IsMouseButtonJustPressed(b.eb),
			inpututil.IsMouseButtonJustReleased(b.eb), held) {
			if down {
				evs = append(evs, kit.Event{Kind: kit.MouseDown, X: fx, Y: fy, Button: b.ui, Shift: shift, Ctrl: ctrl})
			} else {
				evs = append(evs, kit.Event{Kind: kit.MouseUp, X: fx, Y: fy, Button: b.ui})
			}
		}
		g.buttonHeld[i] = held
	}
	if _, dy := ebiten.Wheel(); dy != 0 {
		evs = append(evs, kit.Event{Kind: kit.Wheel, X: fx, Y: fy, DY: dy})
	}
	runes := ebiten.AppendInputChars(nil)
	if kev, ok := g.keys.events(runes, shift, ctrl); ok {
		evs = append(evs, kev...)
	} else {
		for _, r := range runes {
			evs = append(evs, kit.Event{Kind: kit.Char, Rune: r, Shift: shift, Ctrl: ctrl})
		}
		evs = g.polledKeys(evs, shift, ctrl)
	}
	var ts []kit.TouchPoint
	ts, g.touchIDs = touchPoints(g.touchIDs)
	evs = append(evs, g.gestures.Update(ts)...)
	return evs
}

// polledKeys appends the special keys' presses as Ebiten's poll of this
// tick tells them, where the platform has no key queue. Ebiten keeps
// only the last press and release time of each key, so what happened
// since the last tick is rebuilt from those and the state at the last
// tick (transitions): a key that was up, was released in this tick and
// is down now was pressed twice; two whole taps count as one.
func (g *Game) polledKeys(evs []kit.Event, shift, ctrl bool) []kit.Event {
	for _, k := range keyOrder {
		d := inpututil.KeyPressDuration(k)
		held := d > 0
		presses := 0
		for _, down := range transitions(g.keyHeld[k], inpututil.IsKeyJustPressed(k), inpututil.IsKeyJustReleased(k), held) {
			if down {
				presses++
			}
		}
		g.keyHeld[k] = held
		if presses == 0 && repeating[k] && d > repeatAfter && d%repeatEvery == 0 {
			presses = 1
		}
		for range presses {
			evs = append(evs, kit.Event{Kind: kit.KeyPress, Key: keyMap[k], Shift: shift, Ctrl: ctrl})
		}
	}
	return evs
}

// transitions rebuilds what a key or button did since the last tick
// (true: pressed, false: released) from whether it was down then, whether
// Ebiten saw it pressed and released in this tick (it keeps only the
// last time of each) and whether it is down now (a press duration above
// 0: Ebiten's "pressed" stays true in the tick of a whole tap). A key
// that was up, is down now and was released in between went down, up
// and down again. More presses than that between two ticks cannot be
// told apart from these (Ebiten 2.9 keeps no per-key event queue), so
// they count as the fewest that explain them.
func transitions(was, justPressed, justReleased, now bool) []bool {
	switch {
	case justPressed && justReleased:
		switch {
		case !was && now:
			return []bool{true, false, true}
		case !was:
			return []bool{true, false}
		case now:
			return []bool{false, true}
		default:
			return []bool{false, true, false}
		}
	case justPressed && was: // a release Ebiten never reported
		return []bool{false, true}
	case justPressed:
		return []bool{true}
	case justReleased && was:
		return []bool{false}
	}
	return nil
}

// keyOrder is keyMap's keys in a fixed order.
var keyOrder = func() []ebiten.Key {
	ks := make([]ebiten.Key, 0, len(keyMap))
	for k := range keyMap {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}()

var mouseButtons = []struct {
	eb ebiten.MouseButton
	ui int
}{{ebiten.MouseButtonLeft, kit.ButtonLeft}, {ebiten.MouseButtonRight, kit.ButtonRight}, {ebiten.MouseButtonMiddle, kit.ButtonMiddle}}

// Update implements ebiten.Game.
func (g *Game) Update() error {
	g.page.poll(g.app)
	for _, ev := range g.events() {
		g.app.Handle(ev)
	}
	g.app.Tick(1 / float64(ebiten.TPS()))
	t := g.app.WindowTitle()
	if g.frameTitle {
		t += fmt.Sprintf(" · frame %d", g.count)
	}
	if t != g.title {
		g.title = t
		ebiten.SetWindowTitle(t)
	}
	if g.app.Quit {
		return ebiten.Termination
	}
	return nil
}

// Draw implements ebiten.Game.
func (g *Game) Draw(screen *ebiten.Image) {
	l := g.app.Frame()
	g.r.Render(screen, l)
	g.keys.drawn = true
	g.page.publish(g.app)
	if g.delay > 0 {
		time.Sleep(g.delay)
	}
	g.count++
	if g.frames > 0 && g.count >= g.frames {
		if g.shot != "" {
			g.shotErr = writePNG(g.shot, screen)
		}
		g.app.Quit = true
	}
}

// Layout implements ebiten.Game: the screen has the window's size in
// device pixels, so text stays sharp on high-density displays.
func (g *Game) Layout(w, h int) (int, int) {
	s := ebiten.Monitor().DeviceScaleFactor()
	dw, dh := int(float64(w)*s), int(float64(h)*s)
	if dw != g.w || dh != g.h {
		g.w, g.h = dw, dh
		g.app.Handle(kit.Event{Kind: kit.Resize, W: dw, H: dh})
	}
	return dw, dh
}

// DataDir returns the platform's user data folder for the table view
// (where the game in progress is autosaved): bsg-starship-battles under
// os.UserConfigDir, or "" when the platform has none.
func DataDir() string {
	d, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(d, "bsg-starship-battles")
}
