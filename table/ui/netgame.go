package ui

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// DefaultServer is the game server the table view hosts on and joins when
// App.Server is empty: `bsg serve`'s default address.
const DefaultServer = "http://127.0.0.1:7878"

// server returns the game server's base URL.
func (a *App) server() string {
	if a.Server != "" {
		return strings.TrimSuffix(a.Server, "/")
	}
	return DefaultServer
}

// HostNetGame creates a network game of a built-in scenario on the game
// server (starting one inside this program when none answers, its games
// kept in Dir/server) and opens the Colonial seat; the screen shows the
// Cylon player's link and code until they join.
func HostNetGame(a *App, scenario string) {
	base := a.server()
	cr, err := client.Host(base, wire.CreateRequest{Scenario: scenario})
	if err != nil && isUnreachable(err) {
		if err = a.startServer(base); err == nil {
			cr, err = client.Host(base, wire.CreateRequest{Scenario: scenario})
		}
	}
	if err != nil {
		a.Say("%v", err)
		return
	}
	ng := NewNetGame(a, base, cr.Colonial)
	ng.invite = map[string]string{"link": cr.Links["cylon"], "code": codeOf(base, cr.Cylon)}
	a.Show(ng)
	a.Say("hosting game %s (%s) on %s", cr.Game, cr.Scenario, base)
}

// codeOf is the short form of a seat link: host:port/token.
func codeOf(base, token string) string {
	u, err := url.Parse(base)
	if err != nil {
		return token
	}
	return u.Host + "/" + token
}

func isUnreachable(err error) bool {
	var op *net.OpError
	return errors.As(err, &op)
}

// JoinNetGame opens the seat of a link or code ("" asks for one).
func JoinNetGame(a *App, link string) Screen {
	if link == "" {
		return &joinScreen{a: a}
	}
	base, token, err := client.ParseJoin(link, a.server())
	if err != nil {
		j := &joinScreen{a: a, text: link, err: err.Error()}
		return j
	}
	return NewNetGame(a, base, token)
}

// joinScreen asks for a seat link or code.
type joinScreen struct {
	a         *App
	text, err string
}

func (j *joinScreen) Name() string { return "join a network game" }
func (j *joinScreen) Help() []string {
	return []string{"Paste or type the link (http://host:port/?seat=…) or the code (host:port/token) the host sent you; Enter joins.", "Esc goes back to the title."}
}
func (j *joinScreen) Tick(float64) {}
func (j *joinScreen) Handle(ev kit.Event) {
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape {
		j.a.Show(NewTitle(j.a))
	}
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter {
		j.join()
	}
}

func (j *joinScreen) join() {
	base, token, err := client.ParseJoin(j.text, j.a.server())
	if err != nil {
		j.err = err.Error()
		return
	}
	j.a.Show(NewNetGame(j.a, base, token))
}

func (j *joinScreen) Draw(l *kit.List) {
	a := j.a
	s := a.S()
	l.Background = kit.ColCover1
	cx := a.W / 2
	l.Text(kit.Pt{X: cx, Y: a.H * 0.3}, "Join a network game", a.TextSize(30), kit.ColWhite, kit.AnchorMiddle, true)
	l.Text(kit.Pt{X: cx, Y: a.H*0.3 + 40*s}, "the link or the code the host sent you", a.TextSize(15), kit.Mix(kit.ColWhite, kit.ColInk, 0.2), kit.AnchorMiddle, false)
	w := math.Min(a.W*0.8, 640*s)
	r := kit.Rect{X: cx - w/2, Y: a.H*0.3 + 64*s, W: w, H: 36 * s}
	a.Field(l, r, "join", &j.text, j.join)
	if a.Focused() == "" && j.text == "" {
		a.Focus("join")
	}
	bw := math.Min(180*s, (w-12*s)/2)
	a.Button(l, kit.Rect{X: cx - bw - 6*s, Y: r.Y + r.H + 16*s, W: bw, H: 38 * s}, a.K("Join", "Enter"), false, false, j.join)
	a.Button(l, kit.Rect{X: cx + 6*s, Y: r.Y + r.H + 16*s, W: bw, H: 38 * s}, a.K("Back", "Esc"), false, false, func() { j.Handle(kit.Press(kit.KeyEscape)) })
	if j.err != "" {
		a.Para(l, cx-w/2, r.Y+r.H+80*s, w, j.err, 14, kit.ColWarn, false)
	}
}

// NetSeat is a network game seen from one seat: the table from the seat's
// view, and the decisions it owes, sent through package client (plans
// and secret declarations sealed: committed first, opened when both sides
// have committed).
type NetSeat struct {
	a      *App
	c      *client.Client
	cancel context.CancelFunc
	base   string
	invite map[string]string // hosting: the other seat's link and code
	self   string            // this seat's own code, to come back to the game

	st       *wire.State
	cam      kit.Camera
	pan      kit.Panner
	scroll   scrollPanel // the panel's content, above Leave and Help
	kept     bool        // the store of sealed openings is chosen
	checked  map[string]checked
	sel      string
	drafts   map[string]*starship.Plan
	locked   map[string]bool
	shots    map[string]string // shooter → target
	markerAt *physics.Vec
	busy     string // what is being sent
	done     chan error
	sentSeq  int // the state's seq when the latest decisions were sent
	problem  string
	verified string
	resumed  int // the state's seq when a kept seal was last reopened
}

// NewNetGame connects to a seat of a game on the server at base.
func NewNetGame(a *App, base, token string) *NetSeat {
	ctx, cancel := context.WithCancel(context.Background())
	c := client.Dial(ctx, base, token)
	return &NetSeat{a: a, c: c, cancel: cancel, base: base, self: codeOf(base, token), sentSeq: -1, resumed: -1,
		drafts: map[string]*starship.Plan{}, locked: map[string]bool{}, shots: map[string]string{}, done: make(chan error, 1)}
}

// platformSeals keeps the openings of this seat's sealed decisions (its
// own secrets) in the platform's storage: a browser page reopened from the
// link opens them.
type platformSeals struct{ p Platform }

func (ps platformSeals) Put(name string, data []byte) error { return ps.p.Store("bsg."+name, data) }

func (ps platformSeals) Get(name string) ([]byte, error) {
	if data, ok := ps.p.Stored("bsg." + name); ok {
		return data, nil
	}
	return nil, fmt.Errorf("%s: not kept in this browser", name)
}

// Name implements Screen.
func (g *NetSeat) Name() string { return "network game" }

// Help implements Screen.
func (g *NetSeat) Help() []string {
	return []string{
		"A seat of a network game: the server keeps the battle; you see your side's view. Every decision has a button in the panel; the keys do the same.",
		"Planning: choose your ship (its button, a tap on it, or Tab), then its card, speed, 2nd card and dial (keys: c / C, 1-6, o, , and ., [ and ] the level). Commit the plans seals and sends them all; Enter locks one ship's plan, then sends once all are locked. The server gets only a commitment until both players have sent theirs.",
		"Firing: each shooter's target, or hold fire (keys: Tab the shooter, t its target, x no shot), then Declare (Enter).",
		"FTL: tap where the marker goes, then Place the marker (Enter). Drag an empty spot to pan, pinch or the wheel to zoom, 0 fits.",
		"Leave (Esc) leaves the game (it goes on on the server): the link, or Join with your seat's code (under your side), brings you back, sealed plans included.",
	}
}

// State returns the latest state (nil before the first).
func (g *NetSeat) State() *wire.State { return g.st }

// Tick implements Screen: it takes the latest state and the result of
// whatever was being sent.
func (g *NetSeat) Tick(float64) {
	if !g.kept {
		// A player who leaves after sealing opens the seal on coming
		// back: the openings are kept on disk, or in the browser's
		// storage (the platform is known from the first tick on).
		g.kept = true
		if g.a.Platform != nil {
			g.c.KeepSealsIn(platformSeals{g.a.Platform})
		} else {
			g.c.KeepSeals(filepath.Join(g.a.Dir, "seals"))
		}
	}
	select {
	case err := <-g.done:
		g.busy = ""
		if err != nil {
			g.problem = err.Error()
			g.sentSeq = -1
		}
	default:
	}
	st := g.c.State()
	if st == nil || st == g.st {
		return
	}
	if g.busy == "" && g.resumed != st.Seq && g.c.Unopened() {
		g.resumed = st.Seq
		g.sendAt(st, "reopening your sealed decisions", g.c.Resume)
	}
	turnChanged := g.st == nil || g.st.View.Turn != st.View.Turn || g.st.View.Phase != st.View.Phase || g.st.View.Step != st.View.Step
	g.st = st
	g.checked = nil
	if turnChanged {
		g.drafts, g.locked, g.shots, g.markerAt = map[string]*starship.Plan{}, map[string]bool{}, map[string]string{}, nil
		g.sel = ""
		if len(st.Owe) > 0 {
			g.sel = st.Owe[0]
		}
	}
	if st.Record != nil && g.verified == "" {
		if _, err := st.Record.Verify(g.a.Comp, ""); err != nil {
			g.verified = "the record does NOT verify: " + err.Error()
		} else {
			g.verified = "record verified: signature, commitments, dice and final hash"
		}
	}
}

// owes reports whether the seat owes decisions it has not sent.
func (g *NetSeat) owes() bool {
	return g.st != nil && len(g.st.Owe) > 0 && g.busy == "" && g.sentSeq != g.st.Seq && !slices.Contains(g.st.Committed, g.st.Seat)
}

func (g *NetSeat) ship(id string) (battle.ShipView, bool) { return own(g.st.View, id) }

func (g *NetSeat) class(id string) starship.Class {
	c, _ := starship.ClassFor(g.a.Comp, id)
	return c
}

// draft returns the plan being edited for an owed ship.
func (g *NetSeat) draft(id string) *starship.Plan {
	if p, ok := g.drafts[id]; ok {
		return p
	}
	p := &starship.Plan{}
	if s, ok := g.ship(id); ok && s.State != nil {
		d := defaultPlan(*s.State)
		if s.NextCards != nil {
			d.Cards = slices.Clone(s.NextCards)
		}
		p = &d
	}
	g.drafts[id] = p
	return p
}

// checked is a draft's check, kept while neither the draft nor the state
// changes (the ghost's path is resolved once, not every frame).
type checked struct {
	plan string
	o    *starship.Outcome
	vs   []starship.Violation
	err  error
}

// check checks a draft and resolves its ghost.
func (g *NetSeat) check(id string) (*starship.Outcome, []starship.Violation, error) {
	key := fmt.Sprintf("%+v", *g.draft(id))
	if c, ok := g.checked[id]; ok && c.plan == key {
		return c.o, c.vs, c.err
	}
	o, vs, err := g.checkNow(id)
	if g.checked == nil {
		g.checked = map[string]checked{}
	}
	g.checked[id] = checked{key, o, vs, err}
	return o, vs, err
}

func (g *NetSeat) checkNow(id string) (*starship.Outcome, []starship.Violation, error) {
	s, ok := g.ship(id)
	if !ok || s.State == nil {
		return nil, nil, fmt.Errorf("no ship %s", id)
	}
	o, err := battle.PreviewShip(g.st.Rules, g.a.Comp, g.class(s.Class), s, *g.draft(id))
	if err != nil {
		return nil, nil, err
	}
	if len(o.Steps) == 0 { // the plan flown jumps: no marker yet
		return nil, o.Violations, nil
	}
	return &o, o.Violations, nil
}

// send runs one sending in the background.
func (g *NetSeat) send(what string, f func(ctx context.Context) error) { g.sendAt(g.st, what, f) }

func (g *NetSeat) sendAt(st *wire.State, what string, f func(ctx context.Context) error) {
	g.busy, g.problem, g.sentSeq = what, "", st.Seq
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 24*time.Hour)
		defer cancel()
		g.done <- f(ctx)
	}()
}

// Handle implements Screen.
func (g *NetSeat) Handle(ev kit.Event) {
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEscape {
		g.cancel()
		g.a.Show(NewTitle(g.a))
		return
	}
	if g.st == nil || !g.st.Ready {
		return
	}
	if g.scroll.handle(ev, g.a.S()) || g.pan.Handle(&g.cam, ev, false) || g.cam.Key(ev) {
		return
	}
	used := false
	if g.owes() {
		switch g.st.View.Phase {
		case battle.Planning, battle.Preplanning:
			used = g.handlePlan(ev)
		case battle.Declaring:
			used = g.handleDeclare(ev)
		case battle.PlacingFTL:
			used = g.handleMarker(ev)
		}
	}
	if !used && ev.Kind == kit.MouseDown && ev.Button == kit.ButtonLeft {
		g.pan.Handle(&g.cam, ev, true) // a drag from an empty spot pans the table
	}
}

func (g *NetSeat) cycleSel(ids []string, back bool) {
	if len(ids) == 0 {
		return
	}
	i := slices.Index(ids, g.sel)
	d := 1
	if back {
		d = len(ids) - 1
	}
	g.sel = ids[(max(i, 0)+d)%len(ids)]
}

// clicked returns the ship under a click among ids.
func (g *NetSeat) clicked(ev kit.Event, ids []string) string {
	if !g.cam.View.Contains(kit.Pt{X: ev.X, Y: ev.Y}) {
		return ""
	}
	w := g.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
	for _, s := range g.st.View.Ships {
		if slices.Contains(ids, s.ID) && s.OnTable && !s.Out && physics.Hexagon(s.Pose, g.class(s.Class).AcrossFlats).Contains(w) {
			return s.ID
		}
	}
	return ""
}

// handlePlan takes the planning keys and a click on an owed ship; it
// reports whether it used the event.
func (g *NetSeat) handlePlan(ev kit.Event) bool {
	owe := g.st.Owe
	if ev.Kind == kit.MouseDown && ev.Button == kit.ButtonLeft {
		if id := g.clicked(ev, owe); id != "" {
			g.sel = id
			return true
		}
		return false
	}
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyTab {
		g.cycleSel(owe, ev.Shift)
		return true
	}
	if ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter {
		g.lockOrSend()
		return true
	}
	if ev.Kind != kit.Char || !slices.Contains(owe, g.sel) {
		return false
	}
	switch r := ev.Rune; {
	case r == 'u' || r == 'U':
		delete(g.locked, g.sel)
	case r == 'c' || r == 'C':
		g.edit(func(p *starship.Plan, deck maneuvers.Deck) { g.cycleMain(p, deck, r == 'C') })
	case r == 'o' || r == 'O':
		g.edit(g.cycleSecond)
	case r >= '1' && r <= '6':
		g.edit(func(p *starship.Plan, _ maneuvers.Deck) { p.Speed = maneuvers.Speeds[r-'1'] })
	case r == ',':
		g.edit(func(p *starship.Plan, _ maneuvers.Deck) { p.Rotate = starship.StepDial(p.Rotate, -1) })
	case r == '.':
		g.edit(func(p *starship.Plan, _ maneuvers.Deck) { p.Rotate = starship.StepDial(p.Rotate, 1) })
	case r == '[':
		g.edit(func(p *starship.Plan, _ maneuvers.Deck) { p.Level = max(-1, p.Level-1) })
	case r == ']':
		g.edit(func(p *starship.Plan, _ maneuvers.Deck) { p.Level = min(1, p.Level+1) })
	default:
		return false
	}
	return true
}

// edit changes the selected ship's draft, unless its plan is locked.
func (g *NetSeat) edit(f func(p *starship.Plan, deck maneuvers.Deck)) {
	s, ok := g.ship(g.sel)
	if !ok || !slices.Contains(g.st.Owe, g.sel) {
		return
	}
	if g.locked[g.sel] {
		g.a.Say("%s's plan is locked: unlock it (u) to change it", g.sel)
		return
	}
	f(g.draft(g.sel), g.class(s.Class).Deck)
}

func (g *NetSeat) cycleMain(p *starship.Plan, deck maneuvers.Deck, back bool) {
	mains, _ := cardLists(deck)
	m, _ := splitPlan(p, deck)
	i := slices.IndexFunc(mains, func(c maneuvers.Card) bool { return c.ID == m })
	d := 1
	if back {
		d = len(mains) - 1
	}
	setMain(p, deck, mains[(max(i, 0)+d)%len(mains)].ID)
}

func (g *NetSeat) cycleSecond(p *starship.Plan, deck maneuvers.Deck) {
	_, seconds := cardLists(deck)
	_, sec := splitPlan(p, deck)
	ids := []string{""}
	for _, c := range seconds {
		ids = append(ids, c.ID)
	}
	setSecond(p, deck, ids[(slices.Index(ids, sec)+1)%len(ids)])
}

// breaks returns why a ship's draft breaks a rule ("" when it breaks none).
func (g *NetSeat) breaks(id string) string {
	_, vs, err := g.check(id)
	switch {
	case err != nil:
		return err.Error()
	case len(vs) > 0:
		return fmt.Sprintf("%s (%s)", vs[0].Message, vs[0].Rule)
	}
	return ""
}

// lockOrSend locks the selected ship's plan (when it breaks no rule), or,
// with every owed ship locked, seals and sends them.
func (g *NetSeat) lockOrSend() {
	owe := g.st.Owe
	if !g.locked[g.sel] && slices.Contains(owe, g.sel) {
		if why := g.breaks(g.sel); why != "" {
			g.a.Say("%s: the plan breaks a rule: %s", g.sel, why)
			return
		}
		g.locked[g.sel] = true
		for _, id := range owe {
			if !g.locked[id] {
				g.sel = id
				return
			}
		}
		return
	}
	for _, id := range owe {
		if !g.locked[id] {
			g.sel = id
			return
		}
	}
	g.sendPlans()
}

// commitPlans locks every owed ship's plan and sends them all (the
// button); a plan that breaks a rule is shown instead, and nothing goes.
func (g *NetSeat) commitPlans() {
	for _, id := range g.st.Owe {
		if why := g.breaks(id); why != "" && !g.locked[id] {
			g.sel = id
			g.a.Say("%s: the plan breaks a rule: %s", id, why)
			return
		}
	}
	for _, id := range g.st.Owe {
		g.locked[id] = true
	}
	g.sendPlans()
}

// sendPlans seals and sends the plans of every owed ship (or acts next
// turn's cards during preplanning, which are not secret).
func (g *NetSeat) sendPlans() {
	owe := g.st.Owe
	if g.st.View.Phase == battle.Preplanning {
		id := owe[0]
		p := g.draft(id).Clone()
		g.send("next turn's cards", func(ctx context.Context) error {
			return g.c.Act(ctx, battle.Command{Type: battle.CmdPreplan, Ship: id, Plan: &p})
		})
		return
	}
	var cmds []battle.Command
	for _, id := range owe {
		p := g.draft(id).Clone()
		cmds = append(cmds, battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &p})
	}
	g.send("plans sealed", func(ctx context.Context) error { return g.c.Seal(ctx, cmds) })
}

// shooters lists the seat's ships with targets now.
func (g *NetSeat) shooters() []string {
	var out []string
	for _, s := range g.st.View.Ships {
		if s.Own && len(g.st.Targets[s.ID]) > 0 {
			out = append(out, s.ID)
		}
	}
	return out
}

// targets lists the ships a shooter may fire at now.
func (g *NetSeat) targets(shooter string) []string {
	var out []string
	for _, r := range g.st.Targets[shooter] {
		if r.CanFire {
			out = append(out, r.TargetID)
		}
	}
	return out
}

func (g *NetSeat) handleDeclare(ev kit.Event) bool {
	sh := g.shooters()
	if g.sel == "" || !slices.Contains(sh, g.sel) {
		g.sel = ""
		if len(sh) > 0 {
			g.sel = sh[0]
		}
	}
	targets := g.targets(g.sel)
	switch {
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyTab:
		g.cycleSel(sh, ev.Shift)
	case ev.Kind == kit.Char && (ev.Rune == 't' || ev.Rune == 'T') && len(targets) > 0:
		i := slices.Index(targets, g.shots[g.sel])
		g.shots[g.sel] = targets[(i+1)%len(targets)]
	case ev.Kind == kit.Char && (ev.Rune == 'x' || ev.Rune == 'X'):
		delete(g.shots, g.sel)
	case ev.Kind == kit.MouseDown && ev.Button == kit.ButtonLeft:
		if id := g.clicked(ev, targets); id != "" {
			g.shots[g.sel] = id
		} else if id := g.clicked(ev, sh); id != "" {
			g.sel = id
		} else {
			return false
		}
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter:
		g.declare()
	default:
		return false
	}
	return true
}

// declare sends the shots chosen (sealed when declarations are secret).
func (g *NetSeat) declare() {
	var shots []battle.Shot
	for _, s := range g.shooters() {
		if t := g.shots[s]; t != "" {
			shots = append(shots, battle.Shot{Shooter: s, Target: t})
		}
	}
	cmd := battle.Command{Type: battle.CmdDeclare, Shots: shots}
	if g.st.Sealed {
		g.send("declaration sealed", func(ctx context.Context) error { return g.c.Seal(ctx, []battle.Command{cmd}) })
	} else {
		g.send("declaration", func(ctx context.Context) error { return g.c.Act(ctx, cmd) })
	}
}

func (g *NetSeat) handleMarker(ev kit.Event) bool {
	switch {
	case ev.Kind == kit.MouseDown && ev.Button == kit.ButtonLeft && g.cam.View.Contains(kit.Pt{X: ev.X, Y: ev.Y}):
		w := g.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
		g.markerAt = &w
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter && g.markerAt != nil:
		g.placeMarker()
	default:
		return false
	}
	return true
}

// placeMarker sends the FTL marker where it was put, facing as the ship.
func (g *NetSeat) placeMarker() {
	id := g.st.Owe[0]
	s, _ := g.ship(id)
	m := physics.Pose{Pos: *g.markerAt, Heading: s.Pose.Heading}
	g.send("FTL marker", func(ctx context.Context) error {
		return g.c.Act(ctx, battle.Command{Type: battle.CmdFTL, Ship: id, Marker: &m})
	})
}

// Draw implements Screen: the table, and the panel beside it (under it on
// a phone held upright) whose content scrolls above Leave and Help.
func (g *NetSeat) Draw(l *kit.List) {
	a := g.a
	s := a.S()
	st := g.st
	if st == nil || !st.Ready {
		g.drawWaitingRoom(l)
		return
	}
	view, panel := a.Split(math.Max(330, math.Min(430*s, a.W*0.42)), a.H*0.62)
	v := st.View
	g.cam.SetView(view, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(v.Width+30, v.Depth+30)})
	l.SetClip(&view)
	g.drawBoard(l)
	l.SetClip(nil)
	l.NewLayer()
	l.Backdrop(func() { l.Rect(panel, kit.ColPanel, kit.ColPanelLine, 1) })
	// the decision's button stays in view at the panel's foot, above
	// Leave and Help; the rest scrolls
	label, disabled, do := g.decision()
	fh := 52 * s
	if do != nil {
		fh += 42 * s
	}
	foot := kit.Rect{X: panel.X, Y: panel.Y + panel.H - fh, W: panel.W, H: fh}
	content, mark := g.scroll.begin(a, l, kit.Rect{X: panel.X, Y: panel.Y, W: panel.W, H: panel.H - foot.H})
	bottom := g.drawPanel(l, content)
	low := content.Y
	for _, w := range a.widgets[mark:] {
		low = math.Max(low, w.r.Y+w.r.H)
	}
	g.scroll.end(a, l, mark, math.Max(0, bottom-low)+12*s, [2]int{})
	if do != nil {
		a.Button(l, kit.Rect{X: foot.X + 14*s, Y: foot.Y + 4*s, W: foot.W - 28*s, H: 36 * s}, label, false, disabled, do)
	}
	bw := (foot.W - 28*s - 6*s) / 2
	fy := foot.Y + foot.H - 46*s
	a.Button(l, kit.Rect{X: foot.X + 14*s, Y: fy, W: bw, H: 34 * s}, a.K("Leave", "Esc"), false, false, func() { g.Handle(kit.Press(kit.KeyEscape)) })
	a.Button(l, kit.Rect{X: foot.X + 14*s + bw + 6*s, Y: fy, W: bw, H: 34 * s}, a.K("Help", "F1"), false, false, func() { a.ShowHelp(true) })
}

// decision returns the button of the decision the seat owes now (nil do
// when it owes none): commit the plans, declare, place the FTL marker.
func (g *NetSeat) decision() (label string, disabled bool, do func()) {
	if !g.owes() {
		return "", false, nil
	}
	switch g.st.View.Phase {
	case battle.Planning:
		return fmt.Sprintf("Commit the plans (%d)", len(g.st.Owe)), false, g.commitPlans
	case battle.Preplanning:
		return "Fix next turn's cards", false, g.commitPlans
	case battle.Declaring:
		return "Declare", false, g.declare
	case battle.PlacingFTL:
		return "Place the marker", g.markerAt == nil, g.placeMarker
	}
	return "", false, nil
}

// other is the other seat's side.
func (g *NetSeat) other() battle.Side {
	if g.st == nil {
		return battle.Cylon
	}
	return g.st.Seat.Opponent()
}

// drawWaitingRoom is the screen until both players have joined: in a
// column that fits a phone, the links to send, and a way back.
func (g *NetSeat) drawWaitingRoom(l *kit.List) {
	a := g.a
	s := a.S()
	l.Background = kit.ColCover1
	w := math.Min(a.W-32*s, 760*s)
	x := (a.W - w) / 2
	y := a.H * 0.22
	dim, dimmer := kit.Mix(kit.ColWhite, kit.ColInk, 0.2), kit.Mix(kit.ColWhite, kit.ColInk, 0.3)
	back := func(y float64) {
		bw := math.Min(w, 300*s)
		a.Button(l, kit.Rect{X: (a.W - bw) / 2, Y: y, W: bw, H: 40 * s}, a.K("Back to the title", "Esc"), false, false, func() { g.Handle(kit.Press(kit.KeyEscape)) })
	}
	if g.st == nil {
		y = a.Para(l, x, y, w, "Connecting to "+g.base+" …", 24, kit.ColWhite, true)
		if _, err := g.c.Connected(); err != nil {
			y = a.Para(l, x, y+8*s, w, err.Error(), 14, kit.ColWarn, false)
		}
		back(y + 24*s)
		return
	}
	var missing []battle.Side
	for _, side := range battle.Sides {
		if !slices.Contains(g.st.Joined, side) {
			missing = append(missing, side)
		}
	}
	waitFor, col := "Waiting for both players", kit.ColWhite
	if len(missing) == 1 {
		waitFor, col = fmt.Sprintf("Waiting for the %s player", SideName(missing[0])), SideColor(missing[0])
	}
	y = a.Para(l, x, y, w, waitFor, 26, col, true)
	if g.st.Seat != "" {
		y = a.Para(l, x, y+6*s, w, fmt.Sprintf("You play %s in game %s.", SideName(g.st.Seat), g.st.Game), 16, kit.ColWhite, false)
	}
	if g.invite != nil {
		y = a.Para(l, x, y+24*s, w, "Send your opponent the link, or the code to type in Join:", 15, dim, false)
		y = a.Para(l, x, y+8*s, w, g.invite["link"], 16, kit.ColWhite, true)
		y = a.Para(l, x, y+4*s, w, g.invite["code"], 16, kit.ColWhite, true)
		y = a.Para(l, x, y+8*s, w, "(go run . -join CODE, or bsg bot -seat LINK to play against the computer)", 12, dimmer, false)
	}
	y = a.Para(l, x, y+20*s, w, "Your own seat, to come back with Join: "+g.self, 13, dimmer, false)
	back(y + 24*s)
}
func (g *NetSeat) look(s battle.ShipView) ShipLook {
	geo := g.a.Comp.Geometry
	lk := ShipLook{ID: s.ID, Class: s.Class, Side: s.Side, Pose: s.Pose, Rotation: s.Rotation, Level: s.Level,
		Across: g.class(s.Class).AcrossFlats, Notch: geo.DialNotch.Value, ShowLevel: g.st.Rules.Has(starship.OptThreeD),
		Out: s.Out, Arc: geo.LongRange.Value, HalfArc: geo.FireArcHalfWidth.Value, Selected: s.ID == g.sel}
	if s.CounterCount+s.CollisionCount > 0 {
		lk.Badges = append(lk.Badges, fmt.Sprintf("%d counter(s)", s.CounterCount+s.CollisionCount))
	}
	if s.Own && s.Damage != nil && *s.Damage > 0 {
		lk.Badges = append(lk.Badges, fmt.Sprintf("damage %d", *s.Damage))
	}
	if s.Crippled {
		lk.Badges = append(lk.Badges, "crippled")
	}
	if s.Out {
		lk.Badges = append(lk.Badges, "out: "+s.Cause)
	}
	if g.locked[s.ID] {
		lk.Badges = append(lk.Badges, "locked")
	}
	return lk
}

func (g *NetSeat) drawBoard(l *kit.List) {
	a := g.a
	v := g.st.View
	drawPlayArea(l, &g.cam, v.Width, v.Depth, false)
	drawEdgeLabels(a, l, &g.cam, v.Width, v.Depth)
	drawObstacles(a, l, &g.cam, v.Obstacles, g.st.Rules.Has(starship.OptThreeD), "")
	for _, s := range v.Ships {
		if s.OnTable || s.Out {
			c := g.cam.ToScreen(s.Pose.Pos)
			rr := a.Comp.BaseAcrossFlats(s.Class) / math.Sqrt(3) * g.cam.Scale
			l.Take(kit.Rect{X: c.X - rr, Y: c.Y - rr, W: 2 * rr, H: 2 * rr})
		}
	}
	drawObstacleLabels(a, l, &g.cam, v.Obstacles, g.st.Rules.Has(starship.OptThreeD))
	for _, s := range v.Ships {
		if s.OnTable && !s.Out {
			drawArc(l, &g.cam, g.look(s), SideColor(s.Side), 0.5)
		}
		if s.Outcome != nil && len(s.Outcome.Path) > 1 {
			l.Dashed(g.cam.Pts(s.Outcome.Path), kit.Alpha(SideColor(s.Side), 0.5), 2, 7, 5)
		}
	}
	if g.owes() && (v.Phase == battle.Planning || v.Phase == battle.Preplanning) {
		for _, id := range g.st.Owe {
			o, vs, err := g.check(id)
			if err != nil || o == nil {
				continue
			}
			c := SideColor(g.st.Seat)
			if len(vs) > 0 {
				c = kit.ColWarn
			}
			if len(o.Path) > 1 {
				l.Dashed(g.cam.Pts(o.Path), kit.Alpha(c, 0.9), 2, 7, 5)
			}
			if len(o.Steps) == 0 {
				continue
			}
			s, _ := g.ship(id)
			lk := g.look(s)
			end := o.Steps[len(o.Steps)-1]
			lk.Pose, lk.Rotation, lk.Level, lk.Ghost, lk.GhostCol, lk.Badges, lk.ID = end.Pose, end.Rotation, end.Level, true, c, nil, ""
			drawShip(a, l, &g.cam, lk)
		}
	}
	for _, s := range v.Ships {
		if s.OnTable || s.Out {
			drawShip(a, l, &g.cam, g.look(s))
		}
	}
	if v.Phase == battle.Declaring {
		for _, r := range g.st.Targets[g.sel] {
			drawRuler(a, l, &g.cam, r, g.shots[g.sel] == r.TargetID)
		}
	}
	if g.markerAt != nil {
		p := g.cam.ToScreen(*g.markerAt)
		l.Circle(p, 10*a.S(), kit.Alpha(SideColor(g.st.Seat), 0.4), SideColor(g.st.Seat), 2)
	}
}

// drawPanel paints the panel's content from r's top and returns where the
// text ends: the turn, the seat, and what the seat owes, with a button for
// every decision (the keys do the same).
func (g *NetSeat) drawPanel(l *kit.List, r kit.Rect) float64 {
	a := g.a
	s := a.S()
	st := g.st
	v := st.View
	x, y, w := r.X+14*s, r.Y+28*s, r.W-28*s
	y = a.Para(l, x, y, w, fmt.Sprintf("Turn %d, step %d: %s", v.Turn, v.Step, v.Phase), 17, kit.ColInk, true)
	who := fmt.Sprintf("You play %s (network game %s)", SideName(st.Seat), st.Game)
	if st.Seat == "" {
		who = fmt.Sprintf("Spectator (network game %s)", st.Game)
	}
	y = a.Para(l, x, y, w, who, 13, SideColor(st.Seat), true)
	y = a.Para(l, x, y, w, "your seat, to come back (Join): "+g.self, 11, kit.ColSecondary, false) + 6*s
	para := func(text string, c colorT, bold bool) { y = a.Para(l, x, y, w, text, 14, c, bold) + 4*s }
	switch {
	case v.Phase == battle.Over:
		res := "a draw"
		if v.Result != nil && v.Result.Winner != "" {
			res = SideName(v.Result.Winner) + " wins"
		}
		if v.Result != nil {
			res += ": " + v.Result.Reason.Text()
		}
		para("The battle is over: "+res+".", kit.ColInk, true)
		if g.verified != "" {
			c := kit.ColOK
			if strings.Contains(g.verified, "NOT") {
				c = kit.ColWarn
			}
			para(g.verified, c, false)
		}
	case st.Seat == "":
		para("You watch as a spectator: you see what both sides have shown, and everything once the game is over.", kit.ColInk, false)
	case g.busy != "":
		para(g.busy+": sending…", kit.ColSecondary, false)
		fallthrough
	case !g.owes():
		if slices.Contains(st.Committed, st.Seat) {
			para(fmt.Sprintf("Your decisions are sealed. Waiting for the %s player.", SideName(g.other())), kit.ColInk, false)
		} else {
			para(fmt.Sprintf("Waiting for the %s player.", SideName(g.other())), kit.ColInk, false)
		}
	case v.Phase == battle.Planning || v.Phase == battle.Preplanning:
		y = g.drawPlanning(l, x, y, w)
	case v.Phase == battle.Declaring:
		y = g.drawDeclaring(l, x, y, w)
	case v.Phase == battle.PlacingFTL:
		para(fmt.Sprintf("Place %s's FTL marker: tap the spot on the table, then Place the marker (or click, Enter).", st.Owe[0]), kit.ColInk, false)
	}
	if g.problem != "" {
		para(g.problem, kit.ColWarn, false)
	}
	if ok, _ := g.c.Connected(); !ok && v.Phase != battle.Over {
		para("Connection lost: reconnecting…", kit.ColWarn, true)
	}
	// the log's tail
	y += 10 * s
	a.Label(l, x, y, "Log", 14, kit.ColSecondary, true)
	y += 18 * s
	var evs []battle.Event
	for _, e := range v.Events {
		if e.Text() != "" {
			evs = append(evs, e)
		}
	}
	for _, e := range evs[max(0, len(evs)-12):] {
		y = a.Para(l, x, y, w, kit.LogLine(e.Text()), 12, resultColor(e), false)
	}
	return y
}

// drawPlanning paints the plan of each ship the seat owes, with buttons
// for its cards, speed, dial and level, and the button that commits them.
func (g *NetSeat) drawPlanning(l *kit.List, x, y, w float64) float64 {
	a := g.a
	s := a.S()
	st := g.st
	para := func(text string, c colorT, bold bool) { y = a.Para(l, x, y, w, text, 13, c, bold) + 4*s }
	para("Choose each ship's cards, speed and dial; Commit the plans seals and sends them. Keys: Enter locks a ship's plan, then sends.", kit.ColInk, false)
	if g.sel == "" || !slices.Contains(st.Owe, g.sel) {
		g.sel = st.Owe[0]
	}
	bh, gap := 26*s, 4*s
	// one button a ship
	tw := (w - float64(len(st.Owe)-1)*gap) / float64(len(st.Owe))
	for i, id := range st.Owe {
		label := id
		if g.locked[id] {
			label += " (locked)"
		}
		a.Button(l, kit.Rect{X: x + float64(i)*(tw+gap), Y: y, W: tw, H: bh}, label, id == g.sel, false, func() { g.sel = id })
	}
	y += bh + 8*s + a.TextSize(13)
	for _, id := range st.Owe {
		c := kit.ColInk
		if id == g.sel {
			c = kit.ColMedium
		}
		para(g.planLine(id), c, id == g.sel)
	}
	sh, _ := g.ship(g.sel)
	deck := g.class(sh.Class).Deck
	p := g.draft(g.sel)
	if g.locked[g.sel] {
		a.Button(l, kit.Rect{X: x, Y: y, W: w, H: bh}, "Unlock "+g.sel+a.K("'s plan", "u"), false, false, func() { delete(g.locked, g.sel) })
		y += bh + 8*s
	} else {
		mains, seconds := cardLists(deck)
		m, sec := splitPlan(p, deck)
		grid := func(cols int, labels []string, on []bool, click []func()) {
			y = a.buttonGrid(l, x, y, w, bh, gap, cols, labels, on, click) + gap
		}
		var labels []string
		var on []bool
		var click []func()
		for _, c := range mains {
			id := c.ID
			labels, on, click = append(labels, fmt.Sprintf("%s G%d", c.Name, c.G)), append(on, id == m),
				append(click, func() { g.edit(func(p *starship.Plan, deck maneuvers.Deck) { setMain(p, deck, id) }) })
		}
		grid(4, labels, on, click)
		if st.View.Phase == battle.Planning {
			speeds := []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High}
			if st.Rules.Has(starship.OptFTL) {
				speeds = append(speeds, maneuvers.FTL)
			}
			labels, on, click = nil, nil, nil
			for _, spd := range speeds {
				labels, on, click = append(labels, string(spd)), append(on, p.Speed == spd),
					append(click, func() { g.edit(func(p *starship.Plan, _ maneuvers.Deck) { p.Speed = spd }) })
			}
			grid(len(speeds), labels, on, click)
			secName := "none"
			for _, c := range seconds {
				if c.ID == sec {
					secName = fmt.Sprintf("%s G%d", c.Name, c.G)
				}
			}
			half := (w - gap) / 2
			a.Button(l, kit.Rect{X: x, Y: y, W: half, H: bh}, "2nd card: "+secName, sec != "", false, func() { g.edit(g.cycleSecond) })
			g.stepper(l, kit.Rect{X: x + half + gap, Y: y, W: half, H: bh}, fmt.Sprintf("dial %d", p.Rotate),
				func(p *starship.Plan) { p.Rotate = starship.StepDial(p.Rotate, -1) }, func(p *starship.Plan) { p.Rotate = starship.StepDial(p.Rotate, 1) })
			y += bh + gap
			if st.Rules.Has(starship.OptThreeD) {
				g.stepper(l, kit.Rect{X: x + half + gap, Y: y, W: half, H: bh}, fmt.Sprintf("level %+d", p.Level),
					func(p *starship.Plan) { p.Level = max(-1, p.Level-1) }, func(p *starship.Plan) { p.Level = min(1, p.Level+1) })
				y += bh + gap
			}
		}
		y += 14 * s
	}
	if why := g.breaks(g.sel); why != "" {
		para(g.sel+": the plan breaks a rule: "+why, kit.ColWarn, false)
	} else {
		para(g.sel+": the plan breaks no rule", kit.ColOK, false)
	}
	return y
}

// planLine is a ship's draft in words ("" when the seat plans none).
func (g *NetSeat) planLine(id string) string {
	if g.st == nil || !g.owes() || !slices.Contains(g.st.Owe, id) {
		return ""
	}
	p := g.draft(id)
	return fmt.Sprintf("%s: %s, %s, dial %d, level %+d", id, strings.Join(p.Cards, " + "), p.Speed, p.Rotate, p.Level)
}

// stepper draws − and + buttons either side of a value.
func (g *NetSeat) stepper(l *kit.List, r kit.Rect, value string, down, up func(p *starship.Plan)) {
	a := g.a
	bw := math.Max(r.H, r.W/4)
	a.Button(l, kit.Rect{X: r.X, Y: r.Y, W: bw, H: r.H}, "<", false, false, func() { g.edit(func(p *starship.Plan, _ maneuvers.Deck) { down(p) }) })
	l.Text(kit.Pt{X: r.X + r.W/2, Y: r.Y + r.H*0.68}, value, a.TextSize(12), kit.ColInk, kit.AnchorMiddle, false)
	a.Button(l, kit.Rect{X: r.X + r.W - bw, Y: r.Y, W: bw, H: r.H}, ">", false, false, func() { g.edit(func(p *starship.Plan, _ maneuvers.Deck) { up(p) }) })
}

// drawDeclaring paints each shooter's choice (hold fire or a target in
// its arc and range), and Declare.
func (g *NetSeat) drawDeclaring(l *kit.List, x, y, w float64) float64 {
	a := g.a
	s := a.S()
	st := g.st
	bh := 28 * s
	shooters := g.shooters()
	for _, id := range shooters {
		c := kit.ColInk
		if id == g.sel {
			c = kit.ColMedium
		}
		y = a.Para(l, x, y, w, id+" fires at:", 13, c, true)
		cw := (w - 8*s) / 3
		a.Button(l, kit.Rect{X: x, Y: y, W: cw, H: bh}, "hold fire", g.shots[id] == "", false, func() { g.sel = id; delete(g.shots, id) })
		col := 1
		for _, ru := range st.Targets[id] {
			if !ru.CanFire {
				continue
			}
			if col == 3 {
				col, y = 0, y+bh+4*s
			}
			tg := ru.TargetID
			a.Button(l, kit.Rect{X: x + float64(col)*(cw+4*s), Y: y, W: cw, H: bh}, fmt.Sprintf("%s (%s)", tg, ru.Band), g.shots[id] == tg, false,
				func() { g.sel = id; g.shots[id] = tg })
			col++
		}
		y += bh + 18*s
	}
	if len(shooters) == 0 {
		y = a.Para(l, x, y, w, "None of your ships may fire.", 13, kit.ColInk, false) + 4*s
	}
	if st.Sealed {
		y = a.Para(l, x, y, w, "Declarations are secret: yours is sealed until both are in.", 12, kit.ColSecondary, false) + 4*s
	}
	return y
}

// Close ends the connection.
func (g *NetSeat) Close() { g.cancel() }
