package ui

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// Replay steps through a saved game turn by turn (or command by command),
// showing one side's view at each moment and animating the moves.
type Replay struct {
	g     *Game
	b     *battle.Battle // the battle as it stands at the replay's moment
	saved battle.Saved
	at    int   // journal entries applied
	marks []int // entry counts where a turn begins, and the end
	// sides are the views the replay may show (battle.ReplaySides): of an
	// unfinished battle only the spectator's.
	sides []battle.Side
}

// NewReplay checks a saved game read from the file name (its replay must
// reach the saved state) and opens it at its start. Problems name the file,
// line and field (battle.LoadFile). A network game's signed record (what
// the victory screen's Save stores) replays too, once it verifies whole
// (wire.Record.Verify): its journal is replayed.
func NewReplay(a *App, name string, data []byte) (*Replay, error) {
	var rec wire.Record
	if json.Unmarshal(data, &rec) == nil && rec.Signature != "" {
		b, err := rec.Verify(a.Comp, "")
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		if data, err = b.Save(); err != nil {
			return nil, err
		}
	}
	final, err := battle.LoadFile(name, data, a.Comp)
	if err != nil {
		return nil, err
	}
	r := &Replay{sides: final.ReplaySides()}
	if err := json.Unmarshal(data, &r.saved); err != nil {
		return nil, err
	}
	b, err := battle.New(r.saved.Setup, a.Comp, r.saved.Seed)
	if err != nil {
		return nil, err
	}
	r.at = len(b.Journal())
	turn := b.Turn()
	r.marks = []int{r.at}
	for i := r.at; i < len(r.saved.Journal); i++ {
		if _, err := b.Apply(r.saved.Journal[i].Command); err != nil {
			return nil, fmt.Errorf("replay: entry %d: %w", i, err)
		}
		if b.Turn() != turn {
			turn = b.Turn()
			r.marks = append(r.marks, i+1)
		}
	}
	if r.marks[len(r.marks)-1] != len(r.saved.Journal) {
		r.marks = append(r.marks, len(r.saved.Journal))
	}
	r.g = &Game{a: a, readOnly: true, viewAs: r.sides[0], side: r.sides[0], st: stResults,
		drafts: map[string]*starship.Plan{}, shots: map[string]string{}, outcomes: map[string]starship.Outcome{},
		arcs: true, grid: true, ghosts: true, labels: true}
	if err := r.seek(r.at, false); err != nil {
		return nil, err
	}
	return r, nil
}

// seek shows the battle after n journal entries; forward moves animate.
func (r *Replay) seek(n int, animate bool) error {
	n = max(r.marks[0], min(n, len(r.saved.Journal)))
	g := r.g
	var before map[string]snap
	fromTurn := 0
	if r.b != nil && animate && n > r.at {
		before = snapshot(r.b.View(g.viewAs))
		fromTurn = r.b.Turn()
		outcomes := map[string]starship.Outcome{}
		for i := r.at; i < n; i++ {
			if _, err := r.b.Apply(r.saved.Journal[i].Command); err != nil {
				return err
			}
			for _, s := range r.b.View(g.viewAs).Ships {
				if s.Outcome != nil {
					outcomes[s.ID] = *s.Outcome
				}
			}
		}
		r.at = n
		steps, titles := []string{"move"}, []string{"Movement"}
		if r.b.Setup().Rules.Set == starship.Complete {
			steps, titles = []string{"move 1", "move 2"}, []string{"Movement step 1", "Movement step 2"}
		}
		g.anim = nil
		if r.b.Turn() != fromTurn || len(outcomes) > 0 {
			g.anim = buildAnim(before, r.b.View(g.viewAs), outcomes, steps, titles, g.a.Comp.Geometry.DialNotch.Value)
		}
		return nil
	}
	b, err := battle.Replay(r.saved.Setup, g.a.Comp, r.saved.Seed, r.saved.Journal[:n])
	if err != nil {
		return err
	}
	l, err := seat.NewLocal(b, g.a.Comp, nil)
	if err != nil {
		return err
	}
	r.b, g.seat, r.at, g.anim = b, l, n, nil
	return nil
}

// Name implements Screen.
func (r *Replay) Name() string { return "replay" }

// Help implements Screen.
func (r *Replay) Help() []string {
	return []string{
		"Right / Left (or PageDown / PageUp): next or previous turn. . and , : one command forward or back. Home / End: the start or the end.",
		"s switches whose view is shown (Colonial, Cylon, Spectator) once the battle is over; an unfinished battle shows only what both sides know.",
		"A arcs, R range rings, G grid, T paths, N names, L the whole log; Esc goes back to the title.",
	}
}

// Handle implements Screen.
func (r *Replay) Handle(ev kit.Event) {
	g := r.g
	next := func() int {
		for _, m := range r.marks {
			if m > r.at {
				return m
			}
		}
		return len(r.saved.Journal)
	}
	prev := func() int {
		p := r.marks[0]
		for _, m := range r.marks {
			if m < r.at {
				p = m
			}
		}
		return p
	}
	var err error
	switch {
	case ev.Kind == kit.KeyPress && (ev.Key == kit.KeyRight || ev.Key == kit.KeyPageDown):
		err = r.seek(next(), true)
	case ev.Kind == kit.KeyPress && (ev.Key == kit.KeyLeft || ev.Key == kit.KeyPageUp):
		err = r.seek(prev(), false)
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyHome:
		err = r.seek(0, false)
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnd:
		err = r.seek(len(r.saved.Journal), false)
	case ev.Kind == kit.Char && ev.Rune == '.':
		err = r.seek(r.at+1, true)
	case ev.Kind == kit.Char && ev.Rune == ',':
		err = r.seek(r.at-1, false)
	case ev.Kind == kit.Char && (ev.Rune == 's' || ev.Rune == 'S'):
		if len(r.sides) == 1 {
			g.a.Say("the battle is unfinished: the replay shows only what both sides know")
			break
		}
		k := slices.Index(r.sides, g.viewAs)
		g.viewAs = r.sides[(k+1)%len(r.sides)]
		g.side = g.viewAs
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape && !g.logOpen:
		g.a.Home()
	case ev.Kind == kit.Char && (ev.Rune == 'm' || ev.Rune == 'M'):
		g.a.Show(NewMeasure(g.a, g.frozenTable(), fmt.Sprintf("frozen from the replay, turn %d", r.b.Turn())).Back(r))
	default:
		g.Handle(ev)
	}
	if err != nil {
		g.a.Say("%v", err)
	}
}

// Tick implements Screen.
func (r *Replay) Tick(dt float64) {
	if g := r.g; g.anim != nil {
		g.anim.t += dt
		if g.anim.done() {
			g.anim = nil
		}
	}
}

// Turn returns the turn shown.
func (r *Replay) Turn() int { return r.b.Turn() }

// Draw implements Screen.
func (r *Replay) Draw(l *kit.List) {
	g, a := r.g, r.g.a
	g.side = g.viewAs
	view, panel := a.Split(math.Max(330, math.Min(430*a.S(), a.W*0.42)), 300*a.S())
	v := r.b.View(g.viewAs)
	g.cam.SetView(view, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(v.Width+30, v.Depth+30)})
	l.SetClip(&view)
	g.drawBoard(l, v)
	l.SetClip(nil)
	l.NewLayer()
	l.Backdrop(func() { l.Rect(panel, kit.ColPanel, kit.ColPanelLine, 1) })
	s := a.S()
	x, w := panel.X+12*s, panel.W-24*s
	y := panel.Y + 28*s
	a.Label(l, x, y, fmt.Sprintf("Replay: %s, turn %d", r.saved.Setup.Name, v.Turn), 18, kit.ColInk, true)
	y += 10 * s
	y = a.Para(l, x, y+14*s, w, fmt.Sprintf("Command %d of %d · phase %s · %s's view", r.at, len(r.saved.Journal), v.Phase, SideName(g.viewAs)), 12.5, kit.ColSecondary, false)
	bw := (w - 5*4*s) / 6
	bh := 30 * s
	key := func(k kit.Key) func() { return func() { r.Handle(kit.Event{Kind: kit.KeyPress, Key: k}) } }
	ch := func(c rune) func() { return func() { r.Handle(kit.Event{Kind: kit.Char, Rune: c}) } }
	for i, b := range []struct {
		l string
		f func()
	}{{"|<", key(kit.KeyHome)}, {"< turn", key(kit.KeyLeft)}, {"< cmd", ch(',')}, {"cmd >", ch('.')}, {"turn >", key(kit.KeyRight)}, {">|", key(kit.KeyEnd)}} {
		a.Button(l, kit.Rect{X: x + float64(i)*(bw+4*s), Y: y + 6*s, W: bw, H: bh}, b.l, false, false, b.f)
	}
	y += bh + 12*s
	a.Button(l, kit.Rect{X: x, Y: y, W: w, H: bh}, a.K("View: "+SideName(g.viewAs), "s switches"), false, false, ch('s'))
	y += bh + 6*s
	// the ways out a keyboard has (m, Esc), as buttons: a phone has no
	// keys, and the replay was otherwise a dead end there
	hw := (w - 4*s) / 2
	a.Button(l, kit.Rect{X: x, Y: y, W: hw, H: bh}, a.K("Measure here", "m"), false, false, ch('m'))
	a.Button(l, kit.Rect{X: x + hw + 4*s, Y: y, W: hw, H: bh}, a.K("Title", "Esc"), false, false, key(kit.KeyEscape))
	y += bh + 6*s
	if res := v.Result; res != nil && r.at == len(r.saved.Journal) {
		txt := "A draw: " + endReasonWords(res.Reason)
		if res.Winner != "" {
			txt = SideName(res.Winner) + " wins: " + endReasonWords(res.Reason)
		}
		y = a.Para(l, x, y+14*s, w, txt, 14, SideColor(res.Winner), true)
	}
	g.drawLogTail(l, kit.Rect{X: panel.X, Y: y, W: panel.W, H: panel.Y + panel.H - y + 46*s}, v, "")
	if g.logOpen {
		g.drawLog(l, view)
	}
}

// pageState is the game's, and whether the replay is at its end.
func (r *Replay) pageState(st *PageState) {
	st.AtEnd = r.at >= len(r.saved.Journal)
	r.g.pageState(st)
}
