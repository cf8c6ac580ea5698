// Package ui is the table view without Ebiten: screens are state machines
// that take input events and produce draw lists (kit.List). The package
// table adapts them to Ebiten; tests drive them with injected events. The
// drawing toolkit the screens share (draw lists, tessellation, fonts,
// events, touch gestures, the camera) is the package kit, below them.
//
// Everything a screen shows a player of a battle comes from that side's
// battle.View (or, between plans, from what both sides may see); rulings
// come from the referee, paths from the engine's placement.
package ui

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// Screen is one screen of the view.
type Screen interface {
	// Name is the screen's title for the help overlay.
	Name() string
	// Help lists the screen's keys and mouse actions, one a line.
	Help() []string
	// Handle takes one input event the app did not consume.
	Handle(ev kit.Event)
	// Tick advances animations by dt seconds.
	Tick(dt float64)
	// Draw paints the screen; widgets it registers receive the next clicks.
	Draw(l *kit.List)
}

// App is the whole view: the current screen, the help overlay, a modal
// prompt and a status line.
type App struct {
	Comp  *assets.Components
	Fonts *kit.Fonts
	// Dir is where games, tables, scenarios and pictures are saved by
	// default.
	Dir string
	// W and H are the window's size in pixels.
	W, H float64
	// Players says who plays each side of the games started from now on:
	// "human" (or "") for a player at this machine, else a computer
	// policy by name (policy.Names: random, greedy, easy, normal, hard).
	Players map[battle.Side]string
	// Seed, when set, is the seed of every game started from now on (the
	// -seed flag, for tests and replays); nil gives each game a secret
	// seed (battle.SecretSeed), so no player can work out the dice.
	Seed *uint64
	// DataDir is the platform's user data folder for this program, where
	// the game in progress is autosaved after every command ("": no
	// autosave).
	DataDir string
	// Platform is the browser's files and storage (nil on the desktop).
	Platform Platform
	// AutoPace, when above 0, is how many seconds a beat of the turn's
	// playback waits before it goes on by itself (the "Pace: automatic"
	// button); 0 waits for Enter or a tap.
	AutoPace float64
	// MinTarget is the least height in pixels of a control a finger
	// must hit (0: no touch screen).
	MinTarget float64
	// Server is the game server that "Host a network game" and "Join" use
	// ("": DefaultServer); hosted is the one this program started, if any.
	Server string
	// Host starts a game server inside this program listening on addr
	// (host:port), its games kept in dir, and returns what stops it; nil
	// when this program cannot host (a browser page). The program hands it
	// in (main.go), so that the view links no server and no database.
	Host   func(addr, dir string) (io.Closer, error)
	hosted io.Closer
	// mine is the network games joined and where they stand (mygames.go).
	mine myGames

	screen Screen
	help   bool
	// helpPage is the help overlay's page (it wraps round)
	helpPage int
	// words are the texts on top of the last frame when it is mostly
	// words (a cover screen, a question, the help): PageState.Words
	words   []PageText
	modal   *prompt
	ask     *confirmBox
	status  string
	statusT float64
	Quit    bool

	mouse   kit.Pt
	widgets []widget
	focus   string // id of the focused text field
	fields  map[string]*field
	hover   string

	saved  *Game // the game last autosaved, and its journal's length
	savedN int
}

// DefaultAutoPace is the automatic pace's wait in seconds.
const DefaultAutoPace = 2.5

// Human is the player of a side at this machine (App.Players).
const Human = "human"

// PlayerChoices lists who may play a side: a person, or a computer policy.
func PlayerChoices() []string { return append([]string{Human}, policy.Names...) }

// NewApp returns the view showing the title screen.
func NewApp(comp *assets.Components, dir string) *App {
	a := &App{Comp: comp, Fonts: kit.LoadFonts(), Dir: dir, W: 1280, H: 800, fields: map[string]*field{},
		Players: map[battle.Side]string{battle.Colonial: Human, battle.Cylon: Human}}
	a.screen = NewTitle(a)
	return a
}

// GameSeed returns the seed of the next new game: App.Seed if set, else a
// secret one.
func (a *App) GameSeed() (uint64, error) {
	if a.Seed != nil {
		return *a.Seed, nil
	}
	return battle.SecretSeed()
}

// statuser is a screen that says more of where it stands than its name.
type statuser interface{ Status() string }

// WindowTitle is the window's title: the program, the screen and where
// it stands ("The Jump Point · turn 3 · stage plan · ship raptor"), so a
// player sees it in the task bar and checks read it from outside.
//
// In a network game it begins with whose turn it is ("Your turn · …",
// "Cylon's turn · …": a tab shows the start of a title), and it lists the
// player's other network games and whose turn it is in each (mygames.go).
func (a *App) WindowTitle() string {
	t := "Battlestar Galactica – Starship Battles · " + a.screen.Name()
	if tt, ok := a.screen.(TurnTeller); ok {
		if yours, known := tt.YourTurn(); known {
			if yours {
				t = "Your turn · " + t
			} else if g, ok := a.screen.(*Game); ok {
				t = SideName(g.human().Opponent()) + "'s turn · " + t
			}
		}
	}
	if s, ok := a.screen.(statuser); ok {
		t += " · " + s.Status()
	}
	if a.ask != nil {
		t += " · question"
	}
	if o := a.otherGames(); o != "" {
		t += " · " + o
	}
	return t
}

// Screen returns the current screen.
func (a *App) Screen() Screen { return a.screen }

// Show switches to a screen.
func (a *App) Show(s Screen) {
	a.screen = s
	a.focus = ""
	a.modal = nil
	a.ask = nil
}

// Say shows a line in the status bar for a few seconds.
func (a *App) Say(format string, args ...any) {
	a.status = fmt.Sprintf(format, args...)
	a.statusT = 6
}

// Status returns the status line.
func (a *App) Status() string { return a.status }

// S is the interface scale: 1 at 1280 × 800, smaller and larger windows
// scale text and controls (never below a readable size).
func (a *App) S() float64 {
	s := math.Max(0.8, math.Min(2.5, math.Min(a.W/1280, a.H/800)))
	if a.MinTarget > 0 {
		// on a touch screen, the smallest buttons (26 px at scale 1) are
		// at least MinTarget high
		s = math.Max(s, a.MinTarget/26)
	}
	return s
}

// TextSize returns a text size in pixels for a nominal size at scale 1.
func (a *App) TextSize(nominal float64) float64 { return math.Max(11, nominal*a.S()) }

// Handle takes one input event.
func (a *App) Handle(ev kit.Event) {
	switch ev.Kind {
	case kit.Resize:
		a.W, a.H = math.Max(float64(ev.W), 200), math.Max(float64(ev.H), 150)
		a.screen.Handle(ev)
		return
	case kit.MouseMove:
		a.mouse = kit.Pt{X: ev.X, Y: ev.Y}
		a.hover = ""
		for i := len(a.widgets) - 1; i >= 0; i-- {
			if a.widgets[i].r.Contains(a.mouse) {
				a.hover = a.widgets[i].id
				break
			}
		}
	case kit.MouseDown:
		a.mouse = kit.Pt{X: ev.X, Y: ev.Y}
		a.Frame() // the widgets as they stand now
		if a.help {
			// the help's own buttons (Next page, Close); a tap anywhere
			// else closes it too
			for i := len(a.widgets) - 1; i >= 0; i-- {
				if w := a.widgets[i]; w.r.Contains(a.mouse) && w.click != nil {
					w.click()
					return
				}
			}
			a.help = false
			return
		}
		if ev.Button == kit.ButtonLeft {
			for i := len(a.widgets) - 1; i >= 0; i-- {
				w := a.widgets[i]
				if w.r.Contains(a.mouse) {
					if w.field != "" {
						a.focus = w.field
					} else {
						a.focus = ""
					}
					if w.click != nil {
						w.click()
					}
					return
				}
			}
		}
		a.focus = ""
		if a.modal != nil || a.ask != nil {
			return
		}
	case kit.KeyPress, kit.Char:
		if a.ask != nil {
			a.ask.key(a, ev)
			return
		}
		if a.focus != "" {
			if f := a.fields[a.focus]; f != nil && f.key(a, ev) {
				return
			}
		}
		if ev.Kind == kit.KeyPress && ev.Key == kit.KeyF1 || ev.Kind == kit.Char && ev.Rune == '?' {
			a.ShowHelp(!a.help)
			return
		}
		if a.help && (ev.Kind == kit.KeyPress && ev.Key == kit.KeyPageDown || ev.Kind == kit.Char && ev.Rune == ' ') {
			a.helpPage++ // drawHelp wraps it round
			return
		}
		if a.help && ev.Kind == kit.KeyPress && ev.Key == kit.KeyPageUp {
			a.helpPage = max(0, a.helpPage-1)
			return
		}
		if a.help && (ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape) {
			a.help = false
			return
		}
		if a.modal != nil {
			a.modal.key(a, ev)
			return
		}
	}
	if (a.modal != nil || a.ask != nil) && (ev.Kind == kit.MouseDown || ev.Kind == kit.MouseUp) {
		return
	}
	a.screen.Handle(ev)
	if s, ok := a.screen.(autosaver); ok {
		s.autosave()
	}
}

// Tick advances time by dt seconds.
func (a *App) Tick(dt float64) {
	if a.statusT > 0 {
		a.statusT -= dt
		if a.statusT <= 0 {
			a.status = ""
		}
	}
	a.screen.Tick(dt)
	if s, ok := a.screen.(autosaver); ok {
		s.autosave()
	}
	a.autosave()
	a.trackGames(time.Now())
}

// Frame draws the current frame.
func (a *App) Frame() *kit.List {
	l := &kit.List{W: int(a.W), H: int(a.H), Background: kit.ColBackground}
	a.widgets = a.widgets[:0]
	a.fields = map[string]*field{}
	a.screen.Draw(l)
	a.words = a.words[:0]
	if r, ok := a.screen.(wordy); ok && r.wordy() {
		a.keepWords(l, 0)
	}
	l.SetClip(nil)
	l.NewLayer()
	if a.status != "" {
		// at the bottom in the middle, else where it covers no label and
		// no ship: bottom left, top middle
		sz := a.TextSize(14)
		w := a.Fonts.Width(a.status, sz, false) + 2*sz
		y0, y1 := a.H-2.6*sz, 0.6*sz
		cands := []kit.Rect{{X: (a.W - w) / 2, Y: y0, W: w, H: 2 * sz}, {X: sz, Y: y0, W: w, H: 2 * sz}, {X: (a.W - w) / 2, Y: y1, W: w, H: 2 * sz}}
		// a spot that covers no button first (a toast over Log or Save
		// hides what the player would tap), then one clear of labels too
		clearOfButtons := func(c kit.Rect) bool {
			for _, w := range a.widgets {
				if w.r.Overlaps(c) {
					return false
				}
			}
			return true
		}
		r, found := cands[0], false
		for _, c := range cands {
			if l.Free(c) && clearOfButtons(c) {
				r, found = c, true
				break
			}
		}
		for _, c := range cands {
			if !found && clearOfButtons(c) {
				r, found = c, true
			}
		}
		l.Rect(r, kit.Alpha(kit.ColInk, 0.85), kit.ColNone, 0)
		l.Text(kit.Pt{X: r.X + r.W/2, Y: r.Y + 1.35*sz}, kit.Clean(a.status), sz, kit.ColWhite, kit.AnchorMiddle, false)
	}
	if a.modal != nil {
		l.NewLayer()
		a.widgets = a.widgets[:0]
		n := len(l.Ops)
		a.modal.draw(a, l)
		a.keepWords(l, n)
	}
	if a.ask != nil {
		l.NewLayer()
		a.widgets = a.widgets[:0]
		n := len(l.Ops)
		a.ask.draw(a, l)
		a.keepWords(l, n)
	}
	if a.help {
		l.NewLayer()
		a.widgets = a.widgets[:0] // nothing under the help takes a tap
		n := len(l.Ops)
		a.drawHelp(l)
		a.keepWords(l, n)
	}
	return l
}

// wordy is a screen that is, at times, mostly words to read (a game's
// cover screen, its waiting room): PageState then carries them.
type wordy interface{ wordy() bool }

// keepWords keeps the texts the frame drew from op n on, with their
// boxes, as the words on top of the screen (the last overlay's, else the
// wordy screen's).
func (a *App) keepWords(l *kit.List, n int) {
	a.words = a.words[:0]
	for _, op := range l.Ops[n:] {
		if op.Kind == kit.OpText && op.Text != "" {
			r := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
			a.words = append(a.words, PageText{Text: op.Text, X: r.X, Y: r.Y, W: r.W, H: r.H})
		}
	}
}

// widget is a clickable region registered by the last frame.
type widget struct {
	r     kit.Rect
	id    string
	click func()
	field string
}

// Hot registers a clickable region.
func (a *App) Hot(r kit.Rect, id string, click func()) {
	a.widgets = append(a.widgets, widget{r: r, id: id, click: click})
}

// Hovered reports whether the pointer is over the widget with the id.
func (a *App) Hovered(id string) bool { return a.hover == id && id != "" }

// Mouse returns the pointer's position.
func (a *App) Mouse() kit.Pt { return a.mouse }

// Touch reports whether the view runs on a touch screen (App.MinTarget
// set): then the words say tap, not press, and buttons carry no keys.
func (a *App) Touch() bool { return a.MinTarget > 0 }

// K is a button's label with the key that does the same ("Save (F2)"),
// or the label alone on a touch screen, where there is no keyboard.
func (a *App) K(label, key string) string {
	if a.Touch() {
		return label
	}
	return label + " (" + key + ")"
}

// Words picks the words that tell a player how to act: keys and clicks
// on the desktop, taps on a touch screen.
func (a *App) Words(desktop, touch string) string {
	if a.Touch() {
		return touch
	}
	return desktop
}

// Button draws a button and registers its click. on marks a selected
// option; disabled buttons draw grey and do nothing.
func (a *App) Button(l *kit.List, r kit.Rect, label string, on, disabled bool, click func()) {
	id := fmt.Sprintf("btn:%.0f:%.0f:%s", r.X, r.Y, label)
	bg, fg := kit.ColButton, kit.ColInk
	switch {
	case disabled:
		fg = kit.Alpha(kit.ColSecondary, 0.6)
	case on:
		bg, fg = kit.ColButtonOn, kit.ColWhite
	case a.Hovered(id):
		bg = kit.ColHover
	}
	l.Rect(r, bg, kit.ColPanelLine, 1)
	sz := math.Min(a.TextSize(14), r.H*0.62)
	for sz > 8 && a.Fonts.Width(label, sz, on) > r.W-6 { // a chosen option's label is bold
		sz -= 0.5
	}
	l.Text(kit.Pt{X: r.X + r.W/2, Y: r.Y + r.H/2 + sz*0.36}, kit.Clean(label), sz, fg, kit.AnchorMiddle, on)
	if !disabled {
		a.Hot(r, id, click)
	}
}

// field is a one-line text field.
type field struct {
	text    *string
	enter   func()
	numeric bool
}

func (f *field) key(a *App, ev kit.Event) bool {
	switch {
	case ev.Kind == kit.Char:
		*f.text += string(ev.Rune)
		return true
	case ev.Key == kit.KeyBackspace:
		if r := []rune(*f.text); len(r) > 0 {
			*f.text = string(r[:len(r)-1])
		}
		return true
	case ev.Key == kit.KeyEnter:
		a.focus = ""
		if f.enter != nil {
			f.enter()
		}
		return true
	case ev.Key == kit.KeyEscape, ev.Key == kit.KeyTab:
		a.focus = ""
		return true
	}
	return false
}

// Field draws a text field bound to text; Enter in it calls enter.
func (a *App) Field(l *kit.List, r kit.Rect, id string, text *string, enter func()) {
	a.field(l, r, id, &field{text: text, enter: enter})
}

// NumberField is a Field for a number: a phone offers its number keys.
func (a *App) NumberField(l *kit.List, r kit.Rect, id string, text *string, enter func()) {
	a.field(l, r, id, &field{text: text, enter: enter, numeric: true})
}

func (a *App) field(l *kit.List, r kit.Rect, id string, f *field) {
	text := f.text
	a.fields[id] = f
	a.widgets = append(a.widgets, widget{r: r, id: "field:" + id, field: id})
	focused := a.focus == id
	bg := kit.ColWhite
	border := kit.ColPanelLine
	if focused {
		border = kit.ColMedium
	}
	l.Rect(r, bg, border, 1.5)
	sz := math.Min(a.TextSize(14), r.H*0.62)
	s := *text
	if focused {
		s += "|"
	}
	s = strings.ReplaceAll(s, "\n", " ")
	if focused {
		// the end, where the typing goes
		for a.Fonts.Width(s, sz, false) > r.W-8 && len(s) > 1 {
			_, n := utf8.DecodeRuneInString(s)
			s = s[n:]
		}
	} else if a.Fonts.Width(s, sz, false) > r.W-8 {
		// the beginning
		for a.Fonts.Width(s+"…", sz, false) > r.W-8 && len(s) > 1 {
			_, n := utf8.DecodeLastRuneInString(s)
			s = s[:len(s)-n]
		}
		s += "…"
	}
	l.Text(kit.Pt{X: r.X + 4, Y: r.Y + r.H/2 + sz*0.36}, s, sz, kit.ColInk, kit.AnchorStart, false)
}

// TextField is a text field of the last frame, for a platform that edits
// it with a text input of its own (the browser: a phone's keyboard shows
// for a real input only).
type TextField struct {
	ID      string
	R       kit.Rect
	Text    string
	Numeric bool
	Focused bool
}

// TextFields lists the text fields of the last frame that a press would
// reach (none under the help overlay).
func (a *App) TextFields() []TextField {
	if a.help {
		return nil
	}
	var out []TextField
	for _, w := range a.widgets {
		if f := a.fields[w.field]; w.field != "" && f != nil {
			out = append(out, TextField{ID: w.field, R: w.r, Text: *f.text, Numeric: f.numeric, Focused: a.focus == w.field})
		}
	}
	return out
}

// EditField sets the text of a field of the last frame, as typed into
// the platform's input.
func (a *App) EditField(id, text string) {
	if f := a.fields[id]; f != nil {
		*f.text = text
	}
}

// FocusField gives the keyboard to a field of the last frame (on) or
// takes it from it (!on), as the platform's input got or lost it.
func (a *App) FocusField(id string, on bool) {
	switch {
	case on && a.fields[id] != nil:
		a.focus = id
	case !on && a.focus == id:
		a.focus = ""
	}
}

// EnterField is Enter in a field of the last frame: the field lets the
// keyboard go and does what it does on Enter.
func (a *App) EnterField(id string) {
	if f := a.fields[id]; f != nil {
		f.key(a, kit.Press(kit.KeyEnter))
	}
}

// Focus gives the keyboard to the text field with the id.
func (a *App) Focus(id string) { a.focus = id }

// Focused returns the id of the focused text field, or "".
func (a *App) Focused() string { return a.focus }

// Label draws one line of text at the baseline y.
func (a *App) Label(l *kit.List, x, y float64, s string, nominal float64, c color.NRGBA, bold bool) {
	l.Text(kit.Pt{X: x, Y: y}, kit.Clean(s), a.TextSize(nominal), c, kit.AnchorStart, bold)
}

// Para draws wrapped text from the baseline y and returns the next
// baseline below it.
func (a *App) Para(l *kit.List, x, y, w float64, s string, nominal float64, c color.NRGBA, bold bool) float64 {
	sz := a.TextSize(nominal)
	for _, line := range a.Fonts.Wrap(kit.Clean(s), sz, w, bold) {
		l.Text(kit.Pt{X: x, Y: y}, line, sz, c, kit.AnchorStart, bold)
		y += sz * 1.3
	}
	return y
}

// ShowHelp shows (on) or hides the help overlay, from its first page.
func (a *App) ShowHelp(on bool) {
	a.help = on
	a.helpPage = 0
}

// drawHelp paints the help overlay: the screen's keys and the global
// ones, in pages as tall as the window, with a Close button (and Next
// page when there is more) a finger can hit.
func (a *App) drawHelp(l *kit.List) {
	lines := append([]string{}, a.screen.Help()...)
	if a.Touch() {
		lines = append(lines, "", "Everywhere: Help shows this; Close or a tap outside the box hides it. Drag an empty spot of the table to pan it, pinch to zoom.",
			"With a keyboard: F1 or ? shows and hides this help; Esc goes back.")
	} else {
		lines = append(lines, "", "Everywhere: F1 or ? shows and hides this help (PageDown: the next page); Esc goes back.",
			"Mouse wheel or + and − zoom the table, dragging an empty spot or the arrow keys pan it, 0 fits it to the window.")
	}
	sz := a.TextSize(15)
	w := math.Min(a.W-20, 900*a.S())
	x := (a.W - w) / 2
	var wrapped []string
	for _, s := range lines {
		wrapped = append(wrapped, a.Fonts.Wrap(kit.Clean(s), sz, w-2*sz, false)...)
	}
	bh := 36 * a.S()
	lh := sz * 1.35
	// the lines a page holds: the window less the title, the buttons and
	// the margins
	per := max(3, int((a.H-20-3.4*sz-bh-2*sz)/lh))
	pages := (len(wrapped) + per - 1) / per
	page := a.helpPage % max(1, pages)
	body := wrapped[page*per : min(len(wrapped), (page+1)*per)]
	h := 3.4*sz + float64(len(body))*lh + bh + 1.5*sz
	y := math.Max(10, (a.H-h)/2)
	l.Rect(kit.Rect{X: 0, Y: 0, W: a.W, H: a.H}, kit.Alpha(kit.ColInk, 0.35), kit.ColNone, 0)
	l.Rect(kit.Rect{X: x, Y: y, W: w, H: h}, kit.ColPanel, kit.ColInk, 2)
	head := "Help: " + a.screen.Name()
	if pages > 1 {
		head += fmt.Sprintf(" (%d/%d)", page+1, pages)
	}
	l.Text(kit.Pt{X: x + sz, Y: y + 1.8*sz}, kit.Clean(head), math.Min(sz*1.2, fitSize(a, kit.Clean(head), w-2*sz, sz*1.2)), kit.ColInk, kit.AnchorStart, true)
	for i, s := range body {
		l.Text(kit.Pt{X: x + sz, Y: y + 3.4*sz + float64(i)*lh}, s, sz, kit.ColInk, kit.AnchorStart, false)
	}
	by := y + h - bh - 0.8*sz
	bw := (w - 3*sz) / 2
	if pages > 1 {
		a.Button(l, kit.Rect{X: x + sz, Y: by, W: bw, H: bh}, a.K("Next page", "PageDown"), false, false, func() { a.helpPage = page + 1 })
	}
	a.Button(l, kit.Rect{X: x + w - sz - bw, Y: by, W: bw, H: bh}, a.K("Close", "F1"), false, false, func() { a.ShowHelp(false) })
}

// fitSize is the largest size up to sz at which s is at most w wide.
func fitSize(a *App, s string, w, sz float64) float64 {
	for sz > 8 && a.Fonts.Width(s, sz, true) > w {
		sz *= 0.95
	}
	return sz
}

// HelpShown reports whether the help overlay is up.
func (a *App) HelpShown() bool { return a.help }

// prompt is a modal question for a file name.
type prompt struct {
	title string
	text  string
	files []string
	// builtins are names offered besides the files (built-in scenarios).
	builtins []string
	err      string
	ok       func(path string) error
}

// Ask opens a modal prompt for a path, offering the files in the save
// folder that end in one of exts. ok returns an error to keep it open.
func (a *App) Ask(title, def string, exts []string, ok func(path string) error) {
	p := &prompt{title: title, text: def, ok: ok}
	for _, dir := range []string{a.Dir, filepath.Dir(def)} {
		entries, _ := os.ReadDir(dir)
		for _, e := range entries {
			for _, x := range exts {
				if !e.IsDir() && strings.HasSuffix(e.Name(), x) {
					path := filepath.Join(dir, e.Name())
					if !contains(p.files, path) {
						p.files = append(p.files, path)
					}
				}
			}
		}
	}
	sort.Strings(p.files)
	a.modal = p
	a.focus = "prompt"
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func (p *prompt) submit(a *App) {
	if err := p.ok(p.text); err != nil {
		p.err = err.Error()
		a.focus = "prompt"
		return
	}
	a.modal = nil
}

func (p *prompt) key(a *App, ev kit.Event) {
	switch {
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape:
		a.modal = nil
		a.focus = ""
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter:
		p.submit(a)
	default:
		a.focus = "prompt"
		if f := a.fields["prompt"]; f != nil {
			f.key(a, ev)
		}
	}
}

func (p *prompt) draw(a *App, l *kit.List) {
	s := a.S()
	sz := a.TextSize(15)
	w := math.Min(a.W-40, 760*s)
	rows := min(len(p.files), 8)
	brows := (len(p.builtins) + 2) / 3
	h := (7.5 + float64(rows)*1.6) * sz
	if brows > 0 {
		h += (1.2 + float64(brows)*1.6) * sz
	}
	errText := p.err
	if lines := strings.Split(errText, "\n"); len(lines) > 6 {
		errText = strings.Join(lines[:6], "\n") + fmt.Sprintf("\n… and %d more", len(lines)-6)
	}
	if errText != "" {
		h += float64(len(a.Fonts.Wrap(kit.Clean(errText), a.TextSize(13), w-2*sz, false)))*a.TextSize(13)*1.3 + 0.3*sz
	}
	x, y := (a.W-w)/2, math.Max(10, (a.H-h)/2)
	l.Rect(kit.Rect{X: 0, Y: 0, W: a.W, H: a.H}, kit.Alpha(kit.ColInk, 0.35), kit.ColNone, 0)
	l.Rect(kit.Rect{X: x, Y: y, W: w, H: h}, kit.ColPanel, kit.ColInk, 2)
	l.Text(kit.Pt{X: x + sz, Y: y + 1.7*sz}, p.title, sz*1.1, kit.ColInk, kit.AnchorStart, true)
	a.Field(l, kit.Rect{X: x + sz, Y: y + 2.4*sz, W: w - 2*sz, H: 1.9 * sz}, "prompt", &p.text, func() { p.submit(a) })
	yy := y + 5.6*sz
	if errText != "" {
		yy = a.Para(l, x+sz, yy, w-2*sz, errText, 13, kit.ColWarn, false) + 0.3*sz
	}
	if brows > 0 {
		l.Text(kit.Pt{X: x + sz, Y: yy}, "Built-in scenarios (click one):", sz*0.9, kit.ColSecondary, kit.AnchorStart, false)
		yy += 0.5 * sz
		bw := (w - 2*sz - 2*0.4*sz) / 3
		for i, name := range p.builtins {
			r := kit.Rect{X: x + sz + float64(i%3)*(bw+0.4*sz), Y: yy + float64(i/3)*1.6*sz, W: bw, H: 1.4 * sz}
			a.Button(l, r, name, name == p.text, false, func() { p.text = name; a.focus = "prompt" })
		}
		yy += float64(brows)*1.6*sz + 1.2*sz
	}
	if rows > 0 {
		l.Text(kit.Pt{X: x + sz, Y: yy}, "Files here (click one):", sz*0.9, kit.ColSecondary, kit.AnchorStart, false)
		yy += 0.5 * sz
		for i := 0; i < rows; i++ {
			f := p.files[len(p.files)-rows+i]
			a.Button(l, kit.Rect{X: x + sz, Y: yy, W: w - 2*sz, H: 1.4 * sz}, f, f == p.text, false, func() { p.text = f; a.focus = "prompt" })
			yy += 1.6 * sz
		}
	}
	l.Text(kit.Pt{X: x + w - sz, Y: y + h - 0.7*sz}, "Enter: OK   Esc: cancel", sz*0.85, kit.ColSecondary, kit.AnchorEnd, false)
}

// Prompting reports whether a modal prompt is open.
func (a *App) Prompting() bool { return a.modal != nil }

// SavePath returns a path in the save folder.
func (a *App) SavePath(name string) string { return filepath.Join(a.Dir, name) }

// WriteFile writes a file, creating its folder.
func WriteFile(path string, data []byte) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(path, data, 0o644)
}

// confirmBox is a modal yes-or-no question.
type confirmBox struct {
	title, text string
	yes, no     string
	onYes       func()
}

// Confirm asks a yes-or-no question before something that cannot be
// undone (leaving a game, losing unsaved changes): Enter or the yes
// button does it, Esc or the no button keeps things as they are.
func (a *App) Confirm(title, text, yes, no string, onYes func()) {
	a.ask = &confirmBox{title: title, text: text, yes: yes, no: no, onYes: onYes}
	a.focus = ""
}

// Confirming reports whether a yes-or-no question is open.
func (a *App) Confirming() bool { return a.ask != nil }

func (c *confirmBox) answer(a *App, yes bool) {
	a.ask = nil
	if yes && c.onYes != nil {
		c.onYes()
	}
}

func (c *confirmBox) key(a *App, ev kit.Event) {
	switch {
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter, ev.Kind == kit.Char && (ev.Rune == 'y' || ev.Rune == 'Y'):
		c.answer(a, true)
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape, ev.Kind == kit.Char && (ev.Rune == 'n' || ev.Rune == 'N'):
		c.answer(a, false)
	}
}

func (c *confirmBox) draw(a *App, l *kit.List) {
	s := a.S()
	sz := a.TextSize(15)
	w := math.Min(a.W-40, 620*s)
	lines := a.Fonts.Wrap(kit.Clean(c.text), sz, w-2*sz, false)
	h := (6.2+float64(len(lines))*1.35)*sz + 40*s
	x, y := (a.W-w)/2, math.Max(10, (a.H-h)/2)
	l.Rect(kit.Rect{X: 0, Y: 0, W: a.W, H: a.H}, kit.Alpha(kit.ColInk, 0.45), kit.ColNone, 0)
	l.Rect(kit.Rect{X: x, Y: y, W: w, H: h}, kit.ColPanel, kit.ColInk, 2)
	l.Text(kit.Pt{X: x + sz, Y: y + 1.8*sz}, kit.Clean(c.title), sz*1.15, kit.ColInk, kit.AnchorStart, true)
	yy := y + 3.4*sz
	for _, ln := range lines {
		l.Text(kit.Pt{X: x + sz, Y: yy}, ln, sz, kit.ColInk, kit.AnchorStart, false)
		yy += sz * 1.35
	}
	bw := (w - 3*sz) / 2
	by := y + h - 40*s - sz
	a.Button(l, kit.Rect{X: x + sz, Y: by, W: bw, H: 40 * s}, a.K(c.yes, "Enter"), false, false, func() { c.answer(a, true) })
	a.Button(l, kit.Rect{X: x + 2*sz + bw, Y: by, W: bw, H: 40 * s}, a.K(c.no, "Esc"), false, false, func() { c.answer(a, false) })
}
