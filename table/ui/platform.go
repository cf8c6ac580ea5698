package ui

import (
	"math"
	"path"
	"strings"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// SaveAs writes data produced by data() as a file: on the desktop after
// asking for its path (def proposed), in the browser as a download named
// after def. saved receives the path or name written.
func (a *App) SaveAs(title, def string, exts []string, data func() ([]byte, error), saved func(name string)) {
	if a.Platform != nil {
		d, err := data()
		if err == nil {
			err = a.Platform.Download(path.Base(strings.ReplaceAll(def, "\\", "/")), d)
		}
		if err != nil {
			a.Say("%v", err)
			return
		}
		if saved != nil {
			saved(path.Base(def))
		}
		a.Say("downloaded %s", path.Base(def))
		return
	}
	a.Ask(title, def, exts, func(p string) error {
		d, err := data()
		if err != nil {
			return err
		}
		if err := WriteFile(p, d); err != nil {
			return err
		}
		if saved != nil {
			saved(p)
		}
		a.Say("saved %s", p)
		return nil
	})
}

// OpenFile reads a file the user chooses: on the desktop by path (def
// proposed), in the browser from the file picker. open receives the
// file's name and content; its error is shown (in the prompt on the
// desktop, in the status line in the browser). A file larger than
// limits.FileBytes is refused by its size, unread.
func (a *App) OpenFile(title, def string, exts []string, open func(name string, data []byte) error) {
	a.OpenFileUpTo(title, def, exts, limits.FileBytes, open)
}

// OpenFileUpTo is OpenFile for files of up to limit bytes (photos).
func (a *App) OpenFileUpTo(title, def string, exts []string, limit int64, open func(name string, data []byte) error) {
	if a.Platform != nil {
		a.Platform.Upload(exts, limit, func(name string, data []byte, err error) {
			if err == nil {
				err = open(name, data)
			}
			if err != nil {
				a.Say("%v", err)
			}
		})
		a.Say("%s: choose a file", title)
		return
	}
	a.Ask(title, def, exts, func(p string) error {
		data, err := limits.ReadFileUpTo(p, limit)
		if err != nil {
			return err
		}
		return open(p, data)
	})
}

// PageButton is a clickable region of the last frame, for the page
// around the view (and its tests).
type PageButton struct {
	Label string  `json:"label"`
	X     float64 `json:"x"`
	Y     float64 `json:"y"`
	W     float64 `json:"w"`
	H     float64 `json:"h"`
}

// PageState is what the view tells the page around it: the browser page
// keeps the ruling in an element that screen readers announce, and its
// tests read all of it.
type PageState struct {
	Screen string `json:"screen"`
	Status string `json:"status"`
	Ruling string `json:"ruling,omitempty"` // measurement mode: the ruling between the last two ships tapped
	Hash   string `json:"hash,omitempty"`   // a game or replay: the battle's state hash
	Turn   int    `json:"turn,omitempty"`
	Stage  string `json:"stage,omitempty"`
	Side   string `json:"side,omitempty"` // a game: the side at the controls
	AtEnd  bool   `json:"at_end,omitempty"`
	Result string `json:"result,omitempty"` // a network game: the winner and why, once the record is signed
	Seq    int    `json:"seq,omitempty"`    // a network game: messages the server accepted so far
	Plan   string `json:"plan,omitempty"`   // a network game: the plan of the ship being planned, as the panel shows it
	Beat   int    `json:"beat,omitempty"`   // a game's playback: the beat on screen, counted from 1 (two beats may look alike otherwise)
	// Proposal is, in a companion game, a pose proposal in the panel's
	// words: the other player's, waiting for this player's answer, or
	// this player's with where it stands.
	Proposal string `json:"proposal,omitempty"`
	// Headline is what a game's playback says the beat on screen shows
	// ("Movement step 1: the ships move.").
	Headline string `json:"headline,omitempty"`
	// Lines are the lines of the battle's events a game shows now: the
	// playback's results while a beat is on screen, the whole log while
	// the log is open.
	Lines []PageLine `json:"lines,omitempty"`
	// Shots are the shot cards a game's playback shows on the board.
	Shots   []PageShot   `json:"shots,omitempty"`
	Buttons []PageButton `json:"buttons"`
	Ships   []PageShip   `json:"ships,omitempty"` // measurement mode and the editor: the ships on the table
	Fields  []PageField  `json:"fields,omitempty"`
	Photo   *PagePhoto   `json:"photo,omitempty"` // photo mode: where the photo shows
	// Words are the lines of text on top of the screen when it is mostly
	// words to read: a game's cover screen or waiting room, a question
	// (Leave this game?), the help. Empty otherwise.
	Words []PageText `json:"words,omitempty"`
	// Warnings are the lines of text the screen shows as warnings, in
	// the warning colour (a refused input and why, an illegal plan, a
	// lost connection), each with its box; lines scrolled out of their
	// room are left out (a player does not see them).
	Warnings []PageText `json:"warnings,omitempty"`
	// More is where a game's panel says that its content goes on below
	// (the "More below" button, or its arrow in the margin); UnderMore
	// the lines of the panel's text it lies over (none: it never covers
	// a line, which a phone read only once scrolled).
	More      *PageText  `json:"more,omitempty"`
	UnderMore []PageText `json:"under_more,omitempty"`
}

// PageText is a line of text drawn on the screen and the box it takes.
type PageText struct {
	Text string  `json:"text"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	W    float64 `json:"w"`
	H    float64 `json:"h"`
}

// PageLine is a line of the battle's events as the screen shows it, with
// the event it says (its turn, kind and ships, and whether it is a
// side's secret: battle.Event.Secret).
type PageLine struct {
	Text   string `json:"text"`
	Turn   int    `json:"turn"`
	Kind   string `json:"kind"`
	Ship   string `json:"ship,omitempty"`
	Other  string `json:"other,omitempty"`
	Secret bool   `json:"secret,omitempty"`
}

// PageShot is a shot card of the playback: who fired at whom, the two
// dice and the result as the card says it (HIT, MISS, TWO HITS).
type PageShot struct {
	Shooter string `json:"shooter"`
	Target  string `json:"target"`
	Dice    [2]int `json:"dice"`
	Result  string `json:"result"`
}

// PagePhoto is where photo mode shows its photo: photo pixel (px, py) is
// at (X + (px − OffX)·Zoom, Y + (py − OffY)·Zoom) on the screen.
type PagePhoto struct {
	X      float64 `json:"x"`
	Y      float64 `json:"y"`
	Zoom   float64 `json:"zoom"`
	OffX   float64 `json:"off_x"` // photo pixels
	OffY   float64 `json:"off_y"`
	Width  int     `json:"width"` // the photo's size in pixels
	Height int     `json:"height"`
	// Rulings are the measured rulings, each with its error bar and
	// where its ruler shows on the screen.
	Rulings []PhotoRuling `json:"rulings,omitempty"`
}

// PhotoRuling is one ruling of photo mode: range_mm with its 95%
// interval, and its ruler's ends on the screen (pixels).
type PhotoRuling struct {
	Attacker string     `json:"attacker"`
	Target   string     `json:"target"`
	Range    float64    `json:"range_mm"`
	Lo       float64    `json:"range_lo"`
	Hi       float64    `json:"range_hi"`
	Certain  bool       `json:"certain"`
	From     [2]float64 `json:"from"`
	To       [2]float64 `json:"to"`
}

// PageField is a text field of the last frame: where it is, what it
// holds, and whether it has the keyboard.
type PageField struct {
	ID      string  `json:"id"`
	Text    string  `json:"text"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	W       float64 `json:"w"`
	H       float64 `json:"h"`
	Focused bool    `json:"focused,omitempty"`
}

// PageShip is a ship on the table of measurement mode: where it shows on
// the screen (pixels) and its heading (degrees).
type PageShip struct {
	ID      string  `json:"id"`
	X       float64 `json:"x"`
	Y       float64 `json:"y"`
	Heading float64 `json:"heading"`
}

// pager is a screen that tells the page more than its name: a game its
// turn and stage, measurement mode its ruling and ships, photo mode where
// its photo shows.
type pager interface{ pageState(st *PageState) }

// PageState returns the state of the last frame.
func (a *App) PageState() PageState {
	st := PageState{Screen: a.screen.Name(), Status: a.status, Buttons: []PageButton{}}
	if a.modal != nil {
		st.Screen = "prompt: " + a.modal.title
	}
	for _, w := range a.Hots() {
		label := w.ID
		if strings.HasPrefix(label, "btn:") {
			if parts := strings.SplitN(label, ":", 4); len(parts) == 4 {
				label = parts[3]
			}
		}
		st.Buttons = append(st.Buttons, PageButton{Label: label, X: w.R.X, Y: w.R.Y, W: w.R.W, H: w.R.H})
	}
	for _, f := range a.TextFields() {
		st.Fields = append(st.Fields, PageField{ID: f.ID, Text: f.Text, X: f.R.X, Y: f.R.Y, W: f.R.W, H: f.R.H, Focused: f.Focused})
	}
	st.Words = append(st.Words, a.words...)
	st.Warnings = append(st.Warnings, a.warnings...)
	if p, ok := a.screen.(pager); ok {
		p.pageState(&st)
	}
	return st
}

// Portrait reports whether the window is taller than wide: a phone held
// upright. Screens then put their panel under the table.
func (a *App) Portrait() bool { return a.H > a.W*1.1 }

// Split divides the window between the table and a side panel of the
// width wanted: the panel on the right, or at the bottom (taking the
// height its content needs, at most 62% of the window) when the window is
// portrait.
func (a *App) Split(panelW, panelH float64) (view, panel kit.Rect) {
	if a.Portrait() {
		ph := math.Min(panelH, a.H*0.62)
		return kit.Rect{X: 0, Y: 0, W: a.W, H: a.H - ph}, kit.Rect{X: 0, Y: a.H - ph, W: a.W, H: ph}
	}
	return kit.Rect{X: 0, Y: 0, W: a.W - panelW, H: a.H}, kit.Rect{X: a.W - panelW, Y: 0, W: panelW, H: a.H}
}
