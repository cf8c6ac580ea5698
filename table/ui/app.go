package ui

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

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
	// Controls are the widgets the screens draw (buttons, fields, text)
	// and the window's size (W, H), fonts and least touch target.
	kit.Controls

	Comp *assets.Components
	// Dir is where games, tables, scenarios and pictures are saved by
	// default.
	Dir string
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
	// Server is the game server that "Host a network game" and "Join" use
	// ("": DefaultServer); hosted is the one this program started, if any.
	Server string
	// Host starts a game server inside this program listening on addr
	// (host:port), its games kept in dir, and returns what stops it; nil
	// when this program cannot host (a browser page). The program hands it
	// in (main.go), so that the view links no server and no database.
	Host func(addr, dir string) (io.Closer, error)
	// Clipboard copies text to the system's clipboard (the desktop's, the
	// browser's, which shows the text to copy by hand where it may not
	// write it); nil where there is none: no Copy button is offered.
	Clipboard func(text string) error
	hosted    io.Closer
	// mine is the network games joined and where they stand (mygames.go).
	mine myGames

	screen Screen
	home   func(*App) Screen // the title screen (NewApp sets it)
	help   bool
	// tapping is the button a finger came down on: it is pressed when
	// the finger lifts on it; a finger that moves first scrolls instead
	// (a scroll that started on a counter's button drew that counter)
	tapping *fingerOn
	// helpPage is the help overlay's page (it wraps round)
	helpPage int
	// words are the texts on top of the last frame when it is mostly
	// words (a cover screen, a question, the help): PageState.Words
	words []PageText
	// warnings are the texts of the last frame drawn in the warning
	// colour (a refusal, an illegal plan): PageState.Warnings
	warnings []PageText
	modal    *prompt
	ask      *confirmBox
	status   string
	statusT  float64
	// statusEnd is when the status line goes, by the wall clock
	statusEnd time.Time
	// ticks counts App.Tick calls; statusTick is the tick a status line
	// was raised in, playbackTick the tick the latest playback started
	// in: a line raised before or at a playback ends with its start (it
	// covered the board being played back for its seconds)
	ticks, statusTick, playbackTick int
	// Now is the wall clock (nil: time.Now): a status line lasts
	// statusLife of it however slowly frames come (a phone under load);
	// tests hand in a clock they move
	Now  func() time.Time
	Quit bool

	saved  Screen // the game last kept in the platform's storage, and its journal's length
	savedN int
}

// Platform is what the view needs from a place without a file system: the
// browser. A nil Platform (the desktop) means files are read and written
// by path, with a prompt for the path.
type Platform interface {
	// Download offers data to the user as a file named name.
	Download(name string, data []byte) error
	// Upload lets the user pick a file whose name ends in one of exts
	// and reads it if it holds at most limit bytes; done receives it
	// later, between two frames (never if the user cancels), or the
	// refusal (limits.TooLarge, unread) or the browser's read error.
	Upload(exts []string, limit int64, done func(name string, data []byte, err error))
	// Stored returns what Store kept under key, across visits.
	Stored(key string) ([]byte, bool)
	// Store keeps data under key across visits (nil data forgets it).
	Store(key string, data []byte) error
}

// DefaultAutoPace is the automatic pace's wait in seconds.
const DefaultAutoPace = 2.5

// Human is the player of a side at this machine (App.Players).
const Human = "human"

// PlayerChoices lists who may play a side: a person, or a computer policy.
func PlayerChoices() []string { return append([]string{Human}, policy.Names...) }

// GameSeed returns the seed of the next new game: App.Seed if set, else a
// secret one.
func (a *App) GameSeed() (uint64, error) {
	if a.Seed != nil {
		return *a.Seed, nil
	}
	return battle.SecretSeed()
}

// autosaver is a screen that keeps itself (a game in progress): in the
// user data folder after every command (autosave), and in the platform's
// storage once a frame (store).
type autosaver interface {
	autosave()
	store()
}

// statuser is a screen that says more of where it stands than its name.
type statuser interface{ Status() string }

// WindowTitle is the window's title: the program, the screen and where
// it stands ("The Jump Point · turn 3 · stage plan · ship raptor"), so a
// player sees it in the task bar and checks read it from outside.
//
// In a network game it begins with whose turn it is ("Your turn · …",
// "Cylon's turn · …": a tab shows the start of a title) or, while an
// earlier turn is played back, which ("Turn 3 of 7 played back · …"),
// and it lists the
// player's other network games and whose turn it is in each (mygames.go).
func (a *App) WindowTitle() string {
	t := "Battlestar Galactica – Starship Battles · " + a.screen.Name()
	if tt, ok := a.screen.(TurnTeller); ok {
		if p, ok := a.screen.(interface{ playbackTitle() string }); ok && p.playbackTitle() != "" {
			// an earlier turn on the board: the player cannot act yet
			t = p.playbackTitle() + " · " + t
		} else if yours, known := tt.YourTurn(); known {
			if yours {
				t = "Your turn · " + t
			} else if o, ok := a.screen.(interface{ opponentName() string }); ok {
				t = o.opponentName() + "'s turn · " + t
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
	a.Focus("")
	a.modal = nil
	a.ask = nil
}

// Home goes back to the title screen.
func (a *App) Home() { a.Show(a.home(a)) }

// statusLife is how long a status line shows, in seconds.
const statusLife = 6

// now is the wall clock's time.
func (a *App) now() time.Time {
	if a.Now != nil {
		return a.Now()
	}
	return time.Now()
}

// Say shows a line in the status bar for statusLife seconds of the wall
// clock (or of the ticks, when they run faster than it: a test).
func (a *App) Say(format string, args ...any) {
	a.status = fmt.Sprintf(format, args...)
	a.statusT = statusLife
	a.statusEnd = a.now().Add(statusLife * time.Second)
	a.statusTick = a.ticks + 1
}

// CopyText copies text to the clipboard (App.Clipboard) and says so, or
// why not; what names it ("the link").
func (a *App) CopyText(what, text string) {
	if a.Clipboard == nil {
		return
	}
	if err := a.Clipboard(text); err != nil {
		a.Say("could not copy %s: %v", what, err)
		return
	}
	a.Say("copied %s: %s", what, text)
}

// playbackStarts ends the status line raised before or at this moment:
// the playback starting shows the board and says what happens on it.
func (a *App) playbackStarts() {
	a.playbackTick = a.ticks + 1
	a.endStaleStatus()
}

// endStaleStatus takes the status line off if it was raised before or
// in the tick the latest playback started.
func (a *App) endStaleStatus() {
	if a.status != "" && a.playbackTick > 0 && a.statusTick <= a.playbackTick {
		a.status, a.statusT = "", 0
	}
}

// endStatus takes the status line off now.
func (a *App) endStatus() { a.status, a.statusT = "", 0 }

// Status returns the status line.
func (a *App) Status() string { return a.status }

// Handle takes one input event.
func (a *App) Handle(ev kit.Event) {
	switch ev.Kind {
	case kit.Resize:
		a.W, a.H = math.Max(float64(ev.W), 200), math.Max(float64(ev.H), 150)
		a.screen.Handle(ev)
		return
	case kit.MouseMove:
		a.Move(kit.Pt{X: ev.X, Y: ev.Y})
		if p := a.tapping; p != nil {
			if math.Hypot(ev.X-p.at.X, ev.Y-p.at.Y) <= a.slop() {
				return // a finger's wobble is still a tap
			}
			// the finger slides: a drag from where it came down, which
			// the screen gets as if it had missed every button (kit.Scroll)
			a.tapping = nil
			if a.modal == nil && a.ask == nil {
				a.screen.Handle(kit.Event{Kind: kit.MouseDown, X: p.at.X, Y: p.at.Y, Button: kit.ButtonLeft, Touch: true})
			}
		}
	case kit.MouseUp:
		if p := a.tapping; p != nil {
			a.tapping = nil
			a.Frame() // the widgets as they stand now
			if w, ok := a.Top(kit.Pt{X: ev.X, Y: ev.Y}, true); ok && w.ID == p.id {
				a.Focus("")
				w.Click()
			}
			return // the screen never had the press
		}
	case kit.MouseDown:
		at := kit.Pt{X: ev.X, Y: ev.Y}
		a.SetMouse(at)
		a.Frame() // the widgets as they stand now
		if a.help {
			// the help's own buttons (Next page, Close); a tap anywhere
			// else closes it too
			if w, ok := a.Top(at, true); ok {
				w.Click()
				return
			}
			a.help = false
			return
		}
		if ev.Button == kit.ButtonLeft {
			if w, ok := a.Top(at, false); ok {
				if ev.Touch && w.Field == "" && w.Click != nil {
					a.tapping = &fingerOn{id: w.ID, at: at}
					return
				}
				a.Focus(w.Field) // "" for a control that is no text field
				if w.Field != "" {
					a.ClickField(w.Field, at) // the caret where it was clicked
					if a.modal != nil && w.Field == "prompt" {
						a.modal.fresh = false // a click in the offer unselects it
					}
				}
				if w.Click != nil {
					w.Click()
				}
				return
			}
		}
		a.Focus("")
		if a.modal != nil || a.ask != nil {
			return
		}
	case kit.KeyPress, kit.Char:
		if a.ask != nil {
			a.ask.key(a, ev)
			return
		}
		if a.modal != nil && !a.help && ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape {
			// the prompt's "Esc: cancel", though its field has the
			// focus (a field alone takes Esc as "leave the field")
			a.modal.key(a, ev)
			return
		}
		if a.modal != nil && !a.help && a.modal.fresh {
			// the offered text is selected: typing replaces it
			switch {
			case ev.Kind == kit.Char && ev.Rune != '?':
				a.modal.text, a.modal.fresh = "", false
			case ev.Kind == kit.KeyPress && (ev.Key == kit.KeyBackspace || ev.Key == kit.KeyDelete):
				a.modal.text, a.modal.fresh = "", false
				return
			case ev.Kind == kit.KeyPress && (ev.Key == kit.KeyLeft || ev.Key == kit.KeyRight || ev.Key == kit.KeyHome || ev.Key == kit.KeyEnd):
				a.modal.fresh = false // the caret moves: typing inserts at it
			}
		}
		if a.Focused() != "" && a.KeyField(a.Focused(), ev) {
			return
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

// fingerOn is a button a finger touched and has not lifted from.
type fingerOn struct {
	id string
	at kit.Pt
}

// slop is how far a finger may wander on a button and still tap it: a
// quarter of the least touch target (about 2 mm), at least 4 pixels.
func (a *App) slop() float64 { return math.Max(4*a.S(), a.MinTarget/4) }

// Tick advances time by dt seconds.
func (a *App) Tick(dt float64) {
	now := a.now()
	a.ticks++
	if a.status != "" {
		// the ticks' dt is a fixed 1/TPS: under load (a phone) frames
		// come slower than it and they alone kept a line for whole turns
		a.statusT -= dt
		if a.statusT <= 0 || !now.Before(a.statusEnd) {
			a.status, a.statusT = "", 0
		}
	}
	a.screen.Tick(dt)
	if s, ok := a.screen.(autosaver); ok {
		s.autosave()
		s.store()
	}
	a.trackGames(now)
}

// Frame draws the current frame.
func (a *App) Frame() *kit.List {
	l := &kit.List{W: int(a.W), H: int(a.H), Background: kit.ColBackground}
	a.BeginFrame()
	a.screen.Draw(l)
	a.warnings = a.shownTexts(a.warnings[:0], l, 0, func(op kit.Op) bool { return op.Color == kit.ColWarn })
	a.words = a.words[:0]
	if r, ok := a.screen.(wordy); ok && r.wordy() {
		a.keepWords(l, 0)
	} else if r, ok := a.screen.(overlaid); ok {
		if n, ok := r.overlayWords(); ok && n <= len(l.Ops) {
			a.keepWords(l, n)
		}
	}
	l.SetClip(nil)
	l.NewLayer()
	a.endStaleStatus()
	if a.status != "" {
		// at the bottom in the middle, else where it covers no label and
		// no ship: bottom left, top middle
		sz := a.TextSize(14)
		// as wide as the line, at most the window less a margin each
		// side: a longer line wraps (a phone held upright)
		text := kit.Clean(a.status)
		lines := a.Fonts.Wrap(text, sz, a.W-4*sz, false)
		w := math.Min(a.Fonts.Widest(lines, sz, false)+2*sz, a.W-2*sz)
		lh := 1.3 * sz
		h := 2*sz + float64(len(lines)-1)*lh
		y0, y1 := a.H-0.6*sz-h, 0.6*sz
		cands := []kit.Rect{{X: (a.W - w) / 2, Y: y0, W: w, H: h}, {X: sz, Y: y0, W: w, H: h}, {X: (a.W - w) / 2, Y: y1, W: w, H: h}}
		// then up the left side from the bottom: a spot over the table
		// where no ship or label is beats one over a ship's name
		for y := y0 - h - 0.4*sz; y > y1; y -= h + 0.4*sz {
			cands = append(cands, kit.Rect{X: sz, Y: y, W: w, H: h})
		}
		// then the middle and the right, from the top down, half a line
		// apart (a phone's board is the screen's width: its left side
		// holds the table's size and the ships' names)
		for _, x := range []float64{(a.W - w) / 2, a.W - sz - w} {
			for y := y1; y+h < y0; y += 0.65 * sz {
				cands = append(cands, kit.Rect{X: x, Y: y, W: w, H: h})
			}
		}
		// a spot that covers no button first (a toast over Log or Save
		// hides what the player would tap), then one clear of labels too
		clearOfButtons := func(c kit.Rect) bool {
			for _, w := range a.Hots() {
				if w.R.Overlaps(c) {
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
		// else, clear of buttons, the one over the fewest labels and
		// ships
		least := 0
		for _, c := range cands {
			if n := l.Covered(c); !found && clearOfButtons(c) || found && least > 0 && n < least && clearOfButtons(c) {
				r, found, least = c, true, n
			}
		}
		l.Rect(r, kit.Alpha(kit.ColInk, 0.85), kit.ColNone, 0)
		for i, ln := range lines {
			l.Text(kit.Pt{X: r.X + r.W/2, Y: r.Y + 1.35*sz + float64(i)*lh}, ln, sz, kit.ColWhite, kit.AnchorMiddle, false)
		}
	}
	if a.modal != nil {
		l.NewLayer()
		a.ClearHots()
		n := len(l.Ops)
		a.modal.draw(a, l)
		a.keepWords(l, n)
	}
	if a.ask != nil {
		l.NewLayer()
		a.ClearHots()
		n := len(l.Ops)
		a.ask.draw(a, l)
		a.keepWords(l, n)
	}
	if a.help {
		l.NewLayer()
		a.ClearHots() // nothing under the help takes a tap
		n := len(l.Ops)
		a.drawHelp(l)
		a.keepWords(l, n)
	}
	return l
}

// wordy is a screen that is, at times, mostly words to read (a game's
// cover screen, its waiting room): PageState then carries them.
type wordy interface{ wordy() bool }

// overlaid is a screen that at times lays words to read over itself (a
// game's victory screen): overlayWords says from which of the frame's
// operations they were drawn.
type overlaid interface{ overlayWords() (from int, ok bool) }

// keepWords keeps the texts the frame drew from op n on, with their
// boxes, as the words on top of the screen (the last overlay's, else the
// wordy screen's).
func (a *App) keepWords(l *kit.List, n int) {
	a.words = a.shownTexts(a.words[:0], l, n, func(kit.Op) bool { return true })
}

// shownTexts appends to to the texts the frame drew from op n on that
// keep says, with their boxes, leaving out those scrolled out of their
// room (not on the screen).
func (a *App) shownTexts(to []PageText, l *kit.List, n int, keep func(kit.Op) bool) []PageText {
	for _, op := range l.Ops[n:] {
		if op.Kind == kit.OpText && op.Text != "" && keep(op) {
			r := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
			if op.Clipped && !r.Overlaps(op.Clip) {
				continue // scrolled out of its room: not on the screen
			}
			to = append(to, PageText{Text: op.Text, X: r.X, Y: r.Y, W: r.W, H: r.H})
		}
	}
	return to
}

// TextFields lists the text fields of the last frame that a press would
// reach (none under the help overlay).
func (a *App) TextFields() []kit.TextField {
	if a.help {
		return nil
	}
	return a.Controls.TextFields()
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
	// fresh: the text is the one offered (the default, or a file
	// clicked) and shown selected: the first character typed replaces
	// it, Backspace clears it, as in a file dialog
	fresh bool
}

// Ask opens a modal prompt for a path, offering the files in the save
// folder that end in one of exts. ok returns an error to keep it open.
func (a *App) Ask(title, def string, exts []string, ok func(path string) error) {
	p := &prompt{title: title, text: def, ok: ok, fresh: def != ""}
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
	a.Focus("prompt")
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
		a.Focus("prompt")
		return
	}
	a.modal = nil
}

func (p *prompt) key(a *App, ev kit.Event) {
	switch {
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape:
		a.modal = nil
		a.Focus("")
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter:
		p.submit(a)
	default:
		a.Focus("prompt")
		a.KeyField("prompt", ev)
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
	// a touch screen has no Enter and no Esc to say them with: OK and
	// Cancel are buttons there, under the rest
	bh := math.Max(1.6*sz, a.MinTarget)
	if a.Touch() {
		h += bh
	}
	x, y := (a.W-w)/2, math.Max(10, (a.H-h)/2)
	l.Rect(kit.Rect{X: 0, Y: 0, W: a.W, H: a.H}, kit.Alpha(kit.ColInk, 0.35), kit.ColNone, 0)
	l.Rect(kit.Rect{X: x, Y: y, W: w, H: h}, kit.ColPanel, kit.ColInk, 2)
	l.Text(kit.Pt{X: x + sz, Y: y + 1.7*sz}, p.title, sz*1.1, kit.ColInk, kit.AnchorStart, true)
	fr := kit.Rect{X: x + sz, Y: y + 2.4*sz, W: w - 2*sz, H: 1.9 * sz}
	a.Field(l, fr, "prompt", &p.text, func() { p.submit(a) })
	if p.fresh && p.text != "" {
		// the offered text shown selected (painted under the text)
		tw := a.Fonts.Width(p.text, math.Min(a.TextSize(14), fr.H*0.62), false)
		l.Rect(kit.Rect{X: fr.X + 3, Y: fr.Y + 3, W: math.Min(tw+6, fr.W-6), H: fr.H - 6}, kit.Alpha(kit.ColMedium, 0.25), kit.ColNone, 0)
	}
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
			a.Button(l, r, name, name == p.text, false, func() { p.text, p.fresh = name, true; a.Focus("prompt") })
		}
		yy += float64(brows)*1.6*sz + 1.2*sz
	}
	if rows > 0 {
		l.Text(kit.Pt{X: x + sz, Y: yy}, "Files here (click one):", sz*0.9, kit.ColSecondary, kit.AnchorStart, false)
		yy += 0.5 * sz
		for i := 0; i < rows; i++ {
			f := p.files[len(p.files)-rows+i]
			a.Button(l, kit.Rect{X: x + sz, Y: yy, W: w - 2*sz, H: 1.4 * sz}, f, f == p.text, false, func() { p.text, p.fresh = f, true; a.Focus("prompt") })
			yy += 1.6 * sz
		}
	}
	if a.Touch() {
		bw := (w - 2*sz - 0.4*sz) / 2
		by := y + h - bh - 0.6*sz
		a.Button(l, kit.Rect{X: x + sz, Y: by, W: bw, H: bh}, "OK", false, false, func() { p.submit(a) })
		a.Button(l, kit.Rect{X: x + sz + bw + 0.4*sz, Y: by, W: bw, H: bh}, "Cancel", false, false, func() { p.key(a, kit.Press(kit.KeyEscape)) })
		return
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
	a.Focus("")
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
