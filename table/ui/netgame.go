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
func (j *joinScreen) Handle(ev Event) {
	if ev.Kind == KeyPress && ev.Key == KeyEscape {
		j.a.Show(NewTitle(j.a))
	}
	if ev.Kind == KeyPress && ev.Key == KeyEnter {
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

func (j *joinScreen) Draw(l *List) {
	a := j.a
	s := a.S()
	l.Background = ColCover1
	cx := a.W / 2
	l.Text(Pt{cx, a.H * 0.3}, "Join a network game", a.TextSize(30), ColWhite, AnchorMiddle, true)
	l.Text(Pt{cx, a.H*0.3 + 40*s}, "the link or the code the host sent you", a.TextSize(15), Mix(ColWhite, ColInk, 0.2), AnchorMiddle, false)
	w := math.Min(a.W*0.8, 640*s)
	r := Rect{cx - w/2, a.H*0.3 + 64*s, w, 36 * s}
	a.Field(l, r, "join", &j.text, j.join)
	if a.Focused() == "" && j.text == "" {
		a.Focus("join")
	}
	a.Button(l, Rect{cx - 90*s, r.Y + r.H + 16*s, 180 * s, 38 * s}, "Join (Enter)", false, false, j.join)
	if j.err != "" {
		a.Para(l, cx-w/2, r.Y+r.H+80*s, w, j.err, 14, ColWarn, false)
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
	cam      Camera
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
	// A player who leaves after sealing opens the seal on coming back.
	c.KeepSeals(filepath.Join(a.Dir, "seals"))
	return &NetSeat{a: a, c: c, cancel: cancel, base: base, self: codeOf(base, token), sentSeq: -1, resumed: -1,
		drafts: map[string]*starship.Plan{}, locked: map[string]bool{}, shots: map[string]string{}, done: make(chan error, 1)}
}

// Name implements Screen.
func (g *NetSeat) Name() string { return "network game" }

// Help implements Screen.
func (g *NetSeat) Help() []string {
	return []string{
		"Planning: Tab chooses your ship (or click it); c / C the maneuver card, o the second card, 1-6 the speed (back, stop, low, medium, high, ftl), , and . the dial, [ and ] the level.",
		"Enter locks the ship's plan; once every ship is locked, Enter seals and sends them: the server gets only a commitment until both players have sent theirs.",
		"Firing: Tab chooses the shooter, t its target (or click the target), x no shot; Enter declares.",
		"FTL: click where the marker goes, Enter places it. Wheel or + / - zoom, 0 fits.",
		"Esc leaves the game (it goes on on the server): Join with your seat's code (shown under your side) brings you back, sealed plans included.",
	}
}

// State returns the latest state (nil before the first).
func (g *NetSeat) State() *wire.State { return g.st }

// Tick implements Screen: it takes the latest state and the result of
// whatever was being sent.
func (g *NetSeat) Tick(float64) {
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

// check checks a draft and resolves its ghost.
func (g *NetSeat) check(id string) (*starship.Outcome, []starship.Violation, error) {
	s, ok := g.ship(id)
	if !ok || s.State == nil {
		return nil, nil, fmt.Errorf("no ship %s", id)
	}
	p := *g.draft(id)
	class := g.class(s.Class)
	vs, err := starship.Check(g.st.Rules, class, *s.State, p)
	if err != nil || p.Speed == maneuvers.FTL {
		return nil, vs, err
	}
	o, err := starship.Resolve(g.st.Rules, g.a.Comp, class, *s.State, p, nil)
	if err != nil {
		return nil, vs, err
	}
	return &o, vs, nil
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
func (g *NetSeat) Handle(ev Event) {
	if ev.Kind == KeyPress && ev.Key == KeyEscape {
		g.cancel()
		g.a.Show(NewTitle(g.a))
		return
	}
	if g.cam.Key(ev) {
		return
	}
	if ev.Kind == Wheel {
		g.cam.ZoomAt(Pt{ev.X, ev.Y}, math.Pow(1.1, ev.DY))
		return
	}
	if !g.owes() {
		return
	}
	switch g.st.View.Phase {
	case battle.Planning, battle.Preplanning:
		g.handlePlan(ev)
	case battle.Declaring:
		g.handleDeclare(ev)
	case battle.PlacingFTL:
		g.handleMarker(ev)
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
func (g *NetSeat) clicked(ev Event, ids []string) string {
	w := g.cam.ToWorld(Pt{ev.X, ev.Y})
	for _, s := range g.st.View.Ships {
		if slices.Contains(ids, s.ID) && s.OnTable && !s.Out && physics.Hexagon(s.Pose, g.class(s.Class).AcrossFlats).Contains(w) {
			return s.ID
		}
	}
	return ""
}

func (g *NetSeat) handlePlan(ev Event) {
	owe := g.st.Owe
	if ev.Kind == MouseDown && ev.Button == ButtonLeft {
		if id := g.clicked(ev, owe); id != "" {
			g.sel = id
		}
		return
	}
	if ev.Kind == KeyPress && ev.Key == KeyTab {
		g.cycleSel(owe, ev.Shift)
		return
	}
	if ev.Kind == KeyPress && ev.Key == KeyEnter {
		g.lockOrSend()
		return
	}
	s, ok := g.ship(g.sel)
	if ev.Kind != Char || !ok || !slices.Contains(owe, g.sel) {
		return
	}
	if ev.Rune == 'u' || ev.Rune == 'U' {
		delete(g.locked, g.sel)
		return
	}
	if g.locked[g.sel] {
		g.a.Say("%s's plan is locked: u unlocks it", g.sel)
		return
	}
	deck := g.class(s.Class).Deck
	p := g.draft(g.sel)
	mains, seconds := cardLists(deck)
	switch r := ev.Rune; {
	case r == 'c' || r == 'C':
		m, _ := splitPlan(p, deck)
		i := slices.IndexFunc(mains, func(c maneuvers.Card) bool { return c.ID == m })
		d := 1
		if r == 'C' {
			d = len(mains) - 1
		}
		setMain(p, deck, mains[(max(i, 0)+d)%len(mains)].ID)
	case r == 'o' || r == 'O':
		_, sec := splitPlan(p, deck)
		ids := []string{""}
		for _, c := range seconds {
			ids = append(ids, c.ID)
		}
		setSecond(p, deck, ids[(slices.Index(ids, sec)+1)%len(ids)])
	case r >= '1' && r <= '6':
		p.Speed = maneuvers.Speeds[r-'1']
	case r == ',':
		p.Rotate = max(-5, p.Rotate-1)
	case r == '.':
		p.Rotate = min(6, p.Rotate+1)
	case r == '[':
		p.Level = max(-1, p.Level-1)
	case r == ']':
		p.Level = min(1, p.Level+1)
	}
}

// lockOrSend locks the selected ship's plan (when it breaks no rule), or,
// with every owed ship locked, seals and sends them.
func (g *NetSeat) lockOrSend() {
	owe := g.st.Owe
	if !g.locked[g.sel] && slices.Contains(owe, g.sel) {
		if _, vs, err := g.check(g.sel); err != nil || len(vs) > 0 {
			msg := fmt.Sprint(err)
			if len(vs) > 0 {
				msg = fmt.Sprintf("%s (%s)", vs[0].Message, vs[0].Rule)
			}
			g.a.Say("%s: the plan breaks a rule: %s", g.sel, msg)
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

func (g *NetSeat) handleDeclare(ev Event) {
	sh := g.shooters()
	if g.sel == "" || !slices.Contains(sh, g.sel) {
		g.sel = ""
		if len(sh) > 0 {
			g.sel = sh[0]
		}
	}
	var targets []string
	for _, r := range g.st.Targets[g.sel] {
		targets = append(targets, r.TargetID)
	}
	switch {
	case ev.Kind == KeyPress && ev.Key == KeyTab:
		g.cycleSel(sh, ev.Shift)
	case ev.Kind == Char && (ev.Rune == 't' || ev.Rune == 'T') && len(targets) > 0:
		i := slices.Index(targets, g.shots[g.sel])
		g.shots[g.sel] = targets[(i+1)%len(targets)]
	case ev.Kind == Char && (ev.Rune == 'x' || ev.Rune == 'X'):
		delete(g.shots, g.sel)
	case ev.Kind == MouseDown && ev.Button == ButtonLeft:
		if id := g.clicked(ev, targets); id != "" {
			g.shots[g.sel] = id
		} else if id := g.clicked(ev, sh); id != "" {
			g.sel = id
		}
	case ev.Kind == KeyPress && ev.Key == KeyEnter:
		var shots []battle.Shot
		for _, s := range sh {
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
}

func (g *NetSeat) handleMarker(ev Event) {
	id := g.st.Owe[0]
	switch {
	case ev.Kind == MouseDown && ev.Button == ButtonLeft && g.cam.View.Contains(Pt{ev.X, ev.Y}):
		w := g.cam.ToWorld(Pt{ev.X, ev.Y})
		g.markerAt = &w
	case ev.Kind == KeyPress && ev.Key == KeyEnter && g.markerAt != nil:
		s, _ := g.ship(id)
		m := physics.Pose{Pos: *g.markerAt, Heading: s.Pose.Heading}
		g.send("FTL marker", func(ctx context.Context) error {
			return g.c.Act(ctx, battle.Command{Type: battle.CmdFTL, Ship: id, Marker: &m})
		})
	}
}

// Draw implements Screen.
func (g *NetSeat) Draw(l *List) {
	a := g.a
	s := a.S()
	st := g.st
	if st == nil || !st.Ready {
		g.drawWaitingRoom(l)
		return
	}
	pw := math.Max(330, math.Min(430*s, a.W*0.42))
	view := Rect{0, 0, a.W - pw, a.H}
	v := st.View
	g.cam.SetView(view, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(v.Width+30, v.Depth+30)})
	l.SetClip(&view)
	g.drawBoard(l)
	l.SetClip(nil)
	l.NewLayer()
	panel := Rect{a.W - pw, 0, pw, a.H}
	l.Rect(panel, ColPanel, ColPanelLine, 1)
	g.drawPanel(l, panel)
}

// other is the other seat's side.
func (g *NetSeat) other() battle.Side {
	if g.st == nil {
		return battle.Cylon
	}
	return g.st.Seat.Opponent()
}

func (g *NetSeat) drawWaitingRoom(l *List) {
	a := g.a
	s := a.S()
	l.Background = ColCover1
	cx := a.W / 2
	y := a.H * 0.3
	if g.st == nil {
		l.Text(Pt{cx, y}, "connecting to "+g.base+" …", a.TextSize(26), ColWhite, AnchorMiddle, true)
		if _, err := g.c.Connected(); err != nil {
			a.Para(l, cx-300*s, y+40*s, 600*s, err.Error(), 14, ColWarn, false)
		}
		return
	}
	var missing []battle.Side
	for _, side := range battle.Sides {
		if !slices.Contains(g.st.Joined, side) {
			missing = append(missing, side)
		}
	}
	waitFor, col := "waiting for both players", ColWhite
	if len(missing) == 1 {
		waitFor, col = fmt.Sprintf("waiting for the %s player", SideName(missing[0])), SideColor(missing[0])
	}
	l.Text(Pt{cx, y}, waitFor, a.TextSize(30), col, AnchorMiddle, true)
	if g.st.Seat != "" {
		l.Text(Pt{cx, y + 40*s}, fmt.Sprintf("you play %s in game %s", SideName(g.st.Seat), g.st.Game), a.TextSize(16), ColWhite, AnchorMiddle, false)
	}
	if g.invite != nil {
		l.Text(Pt{cx, y + 100*s}, "Send your opponent the link, or the code to type in Join:", a.TextSize(16), Mix(ColWhite, ColInk, 0.2), AnchorMiddle, false)
		l.Text(Pt{cx, y + 136*s}, g.invite["link"], a.TextSize(17), ColWhite, AnchorMiddle, true)
		l.Text(Pt{cx, y + 170*s}, g.invite["code"], a.TextSize(17), ColWhite, AnchorMiddle, true)
		l.Text(Pt{cx, y + 206*s}, "(go run . -join CODE, or bsg bot -seat LINK to play against the computer)", a.TextSize(13), Mix(ColWhite, ColInk, 0.3), AnchorMiddle, false)
	}
	l.Text(Pt{cx, y + 250*s}, "Your own seat, to come back with Join: "+g.self, a.TextSize(13), Mix(ColWhite, ColInk, 0.3), AnchorMiddle, false)
	l.Text(Pt{cx, a.H - 20*s}, "Esc: back to the title (the game waits on the server)", a.TextSize(13), Mix(ColWhite, ColInk, 0.3), AnchorMiddle, false)
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

func (g *NetSeat) drawBoard(l *List) {
	a := g.a
	v := g.st.View
	drawPlayArea(l, &g.cam, v.Width, v.Depth, false)
	drawEdgeLabels(a, l, &g.cam, v.Width, v.Depth)
	drawObstacles(a, l, &g.cam, v.Obstacles, g.st.Rules.Has(starship.OptThreeD), "")
	for _, s := range v.Ships {
		if s.OnTable || s.Out {
			c := g.cam.ToScreen(s.Pose.Pos)
			rr := a.Comp.BaseAcrossFlats(s.Class) / math.Sqrt(3) * g.cam.Scale
			l.Take(Rect{c.X - rr, c.Y - rr, 2 * rr, 2 * rr})
		}
	}
	drawObstacleLabels(a, l, &g.cam, v.Obstacles, g.st.Rules.Has(starship.OptThreeD))
	for _, s := range v.Ships {
		if s.OnTable && !s.Out {
			drawArc(l, &g.cam, g.look(s), SideColor(s.Side), 0.5)
		}
		if s.Outcome != nil && len(s.Outcome.Path) > 1 {
			l.Dashed(g.cam.Pts(s.Outcome.Path), Alpha(SideColor(s.Side), 0.5), 2, 7, 5)
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
				c = ColWarn
			}
			if len(o.Path) > 1 {
				l.Dashed(g.cam.Pts(o.Path), Alpha(c, 0.9), 2, 7, 5)
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
		l.Circle(p, 10*a.S(), Alpha(SideColor(g.st.Seat), 0.4), SideColor(g.st.Seat), 2)
	}
}

func (g *NetSeat) drawPanel(l *List, r Rect) {
	a := g.a
	s := a.S()
	st := g.st
	v := st.View
	x, y, w := r.X+14*s, r.Y+30*s, r.W-28*s
	l.Text(Pt{x, y}, fmt.Sprintf("Turn %d, step %d: %s", v.Turn, v.Step, v.Phase), a.TextSize(19), ColInk, AnchorStart, true)
	y += 24 * s
	who := fmt.Sprintf("You play %s (network game %s)", SideName(st.Seat), st.Game)
	if st.Seat == "" {
		who = fmt.Sprintf("Spectator (network game %s)", st.Game)
	}
	l.Text(Pt{x, y}, who, a.TextSize(13), SideColor(st.Seat), AnchorStart, true)
	y += 18 * s
	l.Text(Pt{x, y}, "your seat, to come back (Join): "+g.self, a.TextSize(11), ColSecondary, AnchorStart, false)
	y += 22 * s
	para := func(text string, c colorT, bold bool) { y = a.Para(l, x, y, w, text, 14, c, bold) + 4*s }
	switch {
	case v.Phase == battle.Over:
		res := "a draw"
		if v.Result != nil && v.Result.Winner != "" {
			res = SideName(v.Result.Winner) + " wins"
		}
		if v.Result != nil {
			res += ": " + v.Result.Reason
		}
		para(res, ColInk, true)
		if g.verified != "" {
			c := ColOK
			if strings.Contains(g.verified, "NOT") {
				c = ColWarn
			}
			para(g.verified, c, false)
		}
		para("Esc: back to the title.", ColSecondary, false)
	case st.Seat == "":
		para("You watch as a spectator: you see what both sides have shown, and everything once the game is over.", ColInk, false)
	case g.busy != "":
		para(g.busy+": sending…", ColSecondary, false)
		fallthrough
	case !g.owes():
		if len(st.Committed) > 0 && slices.Contains(st.Committed, st.Seat) {
			para(fmt.Sprintf("Your decisions are sealed. Waiting for the %s player.", SideName(g.other())), ColInk, false)
		} else {
			para(fmt.Sprintf("waiting for the %s player", SideName(g.other())), ColInk, false)
		}
	case v.Phase == battle.Planning || v.Phase == battle.Preplanning:
		g.drawPlanList(l, x, &y, w)
	case v.Phase == battle.Declaring:
		para("Declare your shots: Tab chooses the shooter, t (or a click) its target, x no shot, Enter declares.", ColInk, false)
		for _, id := range g.shooters() {
			t := g.shots[id]
			if t == "" {
				t = "no shot"
			}
			c := ColInk
			if id == g.sel {
				c = ColMedium
			}
			para(fmt.Sprintf("%s → %s", id, t), c, id == g.sel)
		}
		if st.Sealed {
			para("Declarations are secret: yours is sealed until both are in.", ColSecondary, false)
		}
	case v.Phase == battle.PlacingFTL:
		para(fmt.Sprintf("Place %s's FTL marker: click the spot, Enter.", st.Owe[0]), ColInk, false)
	}
	if g.problem != "" {
		para(g.problem, ColWarn, false)
	}
	if ok, _ := g.c.Connected(); !ok && v.Phase != battle.Over {
		para("connection lost: reconnecting…", ColWarn, true)
	}
	// the log's tail
	y = math.Max(y+10*s, r.Y+r.H*0.58)
	l.Text(Pt{x, y}, "Log", a.TextSize(14), ColSecondary, AnchorStart, true)
	y += 18 * s
	evs := v.Events
	from := max(0, len(evs)-12)
	for _, e := range evs[from:] {
		if y > r.Y+r.H-10*s {
			break
		}
		y = a.Para(l, x, y, w, LogLine(e.Text), 12, ColInk, false)
	}
}

func (g *NetSeat) drawPlanList(l *List, x float64, y *float64, w float64) {
	a := g.a
	s := a.S()
	para := func(text string, c colorT, bold bool) { *y = a.Para(l, x, *y, w, text, 14, c, bold) + 4*s }
	para("Plan each ship, Enter locks it; with all locked, Enter seals and sends.", ColInk, false)
	all := true
	for _, id := range g.st.Owe {
		p := g.draft(id)
		state := "editing"
		if g.locked[id] {
			state = "locked"
		} else {
			all = false
		}
		c := ColInk
		if id == g.sel {
			c = ColMedium
		}
		para(fmt.Sprintf("%s: %s, %s, dial %d, level %+d (%s)", id, strings.Join(p.Cards, " + "), p.Speed, p.Rotate, p.Level, state), c, id == g.sel)
	}
	if g.sel != "" {
		if _, vs, err := g.check(g.sel); err != nil {
			para(err.Error(), ColWarn, false)
		} else if len(vs) > 0 {
			para(fmt.Sprintf("%s: %s (%s)", g.sel, vs[0].Message, vs[0].Rule), ColWarn, false)
		} else {
			para(g.sel+": the plan breaks no rule", ColOK, false)
		}
	}
	if all {
		para("Every ship is locked: Enter seals and sends the plans.", ColMedium, true)
	}
}
