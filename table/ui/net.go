package ui

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// NetGame is this machine's seat of a network game on a `bsg serve`
// server (package client speaks the protocol of wire/PROTOCOL.md). What
// it shows comes from the seat's state only: the seat's battle.View and
// what it owes. Plans and secret declarations are sealed (commit, then
// reveal once every side has committed); the server applies them.
type NetGame struct {
	a      *App
	c      *client.Client
	cancel context.CancelFunc
	server string

	cam    Camera
	pan    panner
	sel    string
	drafts map[string]*starship.Plan
	shots  map[string]string // shooter → target ("" holds fire)
	draftT int               // the turn the drafts are for
	marker *physics.Pose     // an FTL marker placed by a tap

	busy    bool       // a decision is on its way
	done    chan error // its answer
	classes map[string]starship.Class
}

// JoinGame opens the seat of a seat link ("http://host:port/?seat=TOKEN")
// or code ("host:port/TOKEN").
func JoinGame(a *App, link string) (*NetGame, error) {
	server, token, err := client.ParseJoin(link, "")
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &NetGame{a: a, c: client.Dial(ctx, server, token), cancel: cancel, server: server,
		drafts: map[string]*starship.Plan{}, shots: map[string]string{}, done: make(chan error, 1),
		classes: map[string]starship.Class{}}, nil
}

// Name implements Screen.
func (n *NetGame) Name() string { return "network game" }

// Help implements Screen.
func (n *NetGame) Help() []string {
	return []string{
		"A seat of a network game: the server keeps the battle; this screen shows your side's view.",
		"Planning: choose each ship's cards, speed and dial with the buttons, then Commit the plans. Nothing is sent before.",
		"Your plans are sealed: the server learns them only when both sides have committed.",
		"Firing: choose each ship's target (or hold fire), then Declare. An FTL marker: tap the table where it goes, then Place.",
		"Esc leaves (the game goes on on the server; open the link again to come back).",
	}
}

// State returns the seat's latest state (nil before the first).
func (n *NetGame) State() *wire.State { return n.c.State() }

// Handle implements Screen.
func (n *NetGame) Handle(ev Event) {
	if n.cam.Key(ev) {
		return
	}
	switch ev.Kind {
	case KeyPress:
		if ev.Key == KeyEscape {
			n.cancel()
			n.a.Show(NewTitle(n.a))
		}
	case MouseDown:
		st := n.c.State()
		if st != nil && st.View.Phase == battle.PlacingFTL && len(st.Owe) > 0 && n.cam.View.Contains(Pt{ev.X, ev.Y}) {
			if s, ok := own(st.View, st.Owe[0]); ok {
				p := n.cam.ToWorld(Pt{ev.X, ev.Y})
				n.marker = &physics.Pose{Pos: p, Heading: s.Pose.Heading}
				return
			}
		}
		n.pan.Handle(&n.cam, ev, true)
	case MouseMove, MouseUp:
		n.pan.Handle(&n.cam, ev, false)
	}
}

// Tick implements Screen.
func (n *NetGame) Tick(float64) {
	select {
	case err := <-n.done:
		n.busy = false
		if err != nil {
			n.a.Say("%v", err)
		}
	default:
	}
}

// send runs a decision in the background (it waits for the opponent).
func (n *NetGame) send(what string, f func(ctx context.Context) error) {
	if n.busy {
		return
	}
	n.busy = true
	n.a.Say("%s: sent", what)
	go func() {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		n.done <- f(ctx)
	}()
}

func (n *NetGame) class(id string) starship.Class {
	c, ok := n.classes[id]
	if !ok {
		c, _ = starship.ClassFor(n.a.Comp, id)
		n.classes[id] = c
	}
	return c
}

// draft returns the plan being made for a ship (its default first).
func (n *NetGame) draft(v battle.View, id string) *starship.Plan {
	if v.Turn != n.draftT {
		n.drafts, n.shots, n.draftT, n.marker = map[string]*starship.Plan{}, map[string]string{}, v.Turn, nil
	}
	if p, ok := n.drafts[id]; ok {
		return p
	}
	p := starship.Plan{}
	if s, ok := own(v, id); ok && s.State != nil {
		p = defaultPlan(*s.State)
	}
	n.drafts[id] = &p
	return &p
}

// Draw implements Screen.
func (n *NetGame) Draw(l *List) {
	a := n.a
	s := a.S()
	st := n.c.State()
	if st == nil {
		l.Background = ColCover1
		msg := "Connecting to " + n.server + " …"
		if _, err := n.c.Connected(); err != nil {
			msg += " (" + err.Error() + ")"
		}
		a.Para(l, 40*s, a.H/2, a.W-80*s, msg, 18, ColWhite, false)
		a.Button(l, Rect{a.W/2 - 90*s, a.H/2 + 60*s, 180 * s, 40 * s}, "Back (Esc)", false, false, func() { n.Handle(Press(KeyEscape)) })
		return
	}
	v := st.View
	view, panel := a.Split(math.Max(330, math.Min(430*s, a.W*0.42)), 400*s)
	n.cam.SetView(view, physics.Rect{Lo: physics.V(-30, -30), Hi: physics.V(v.Width+30, v.Depth+30)})
	l.SetClip(&view)
	l.Rect(view, ColBackground, ColNone, 0)
	tl, br := n.cam.ToScreen(physics.V(0, v.Depth)), n.cam.ToScreen(physics.V(v.Width, 0))
	l.Rect(Rect{tl.X, tl.Y, br.X - tl.X, br.Y - tl.Y}, ColPlayArea, ColInk, 1.5)
	threeD := st.Rules.Has(starship.OptThreeD)
	drawObstacles(a, l, &n.cam, v.Obstacles, threeD, "")
	for _, sh := range v.Ships {
		if sh.OnTable {
			c := n.cam.ToScreen(sh.Pose.Pos)
			rr := a.Comp.BaseAcrossFlats(sh.Class) / math.Sqrt(3) * n.cam.Scale
			l.Take(Rect{c.X - rr, c.Y - rr, 2 * rr, 2 * rr})
		}
	}
	drawObstacleLabels(a, l, &n.cam, v.Obstacles, threeD)
	geo := a.Comp.Geometry
	for _, sh := range v.Ships {
		if !sh.OnTable {
			continue
		}
		lk := ShipLook{ID: sh.ID, Class: sh.Class, Side: sh.Side, Pose: sh.Pose, Rotation: sh.Rotation, Level: sh.Level,
			Across: a.Comp.BaseAcrossFlats(sh.Class), Notch: geo.DialNotch.Value, ShowLevel: threeD, Out: sh.Out,
			Arc: geo.LongRange.Value, HalfArc: geo.FireArcHalfWidth.Value, Selected: sh.ID == n.sel}
		if !sh.Out {
			drawArc(l, &n.cam, lk, SideColor(sh.Side), 0.10)
		}
		drawShip(a, l, &n.cam, lk)
	}
	if n.marker != nil {
		l.Circle(n.cam.ToScreen(n.marker.Pos), 10*s, Alpha(SideColor(st.Seat), 0.4), SideColor(st.Seat), 2)
	}
	l.SetClip(nil)
	l.NewLayer()
	l.Rect(panel, ColPanel, ColPanelLine, 1)
	n.drawPanel(l, panel, st)
}

func (n *NetGame) drawPanel(l *List, r Rect, st *wire.State) {
	a := n.a
	s := a.S()
	v := st.View
	x, w := r.X+12*s, r.W-24*s
	y := r.Y + 26*s
	who := "Watching"
	if st.Seat != "" {
		who = "You play " + SideName(st.Seat)
	}
	a.Label(l, x, y, fmt.Sprintf("%s · turn %d", who, v.Turn), 16, SideColor(st.Seat), true)
	y += 8 * s
	say := func(text string, c colorT, bold bool) { y = a.Para(l, x, y+14*s, w, text, 13, c, bold) + 2*s }
	if ok, err := n.c.Connected(); !ok {
		msg := "Connection lost: reconnecting…"
		if err != nil {
			msg += " (" + err.Error() + ")"
		}
		say(msg, ColWarn, true)
	}
	owes := len(st.Owe) > 0 && !slices.Contains(st.Committed, st.Seat)
	switch {
	case v.Phase == battle.Over && v.Result != nil:
		if v.Result.Winner == "" {
			say("The battle is over: a draw ("+v.Result.Reason+").", ColInk, true)
		} else {
			say(fmt.Sprintf("The battle is over: %s wins (%s).", SideName(v.Result.Winner), v.Result.Reason), ColInk, true)
		}
		if st.Record != nil {
			say("The server signed the record of the game ("+st.Record.PublicKey[:16]+"…).", ColSecondary, false)
		}
	case !st.Ready:
		say("Waiting for your opponent to join: send them the other seat's link.", ColInk, false)
	case n.busy || slices.Contains(st.Committed, st.Seat):
		say("Your decision is sealed; waiting for your opponent.", ColInk, false)
	case !owes:
		say(fmt.Sprintf("Waiting for your opponent (%s).", v.Phase), ColInk, false)
	case v.Phase == battle.Planning || v.Phase == battle.Preplanning:
		y = n.drawPlanning(l, x, y, w, st)
	case v.Phase == battle.Declaring:
		y = n.drawDeclaring(l, x, y, w, st)
	case v.Phase == battle.PlacingFTL:
		say(fmt.Sprintf("%s jumps: tap the table where its FTL marker goes.", st.Owe[0]), ColInk, true)
		a.Button(l, Rect{x, y + 6*s, w, 36 * s}, "Place the marker", false, n.marker == nil, func() {
			m, id := *n.marker, st.Owe[0]
			n.send("marker", func(ctx context.Context) error {
				return n.c.Act(ctx, battle.Command{Type: battle.CmdFTL, Ship: id, Marker: &m})
			})
		})
		y += 46 * s
	}
	// the latest events this side may read
	y += 8 * s
	var evs []string
	for _, e := range v.Events {
		if e.Turn >= v.Turn-1 {
			evs = append(evs, e.Text)
		}
	}
	if len(evs) > 0 {
		a.Label(l, x, y+12*s, "Log", 13, ColInk, true)
		y += 16 * s
		for i := max(0, len(evs)-8); i < len(evs) && y < r.Y+r.H-70*s; i++ {
			y = a.Para(l, x, y+12*s, w, evs[i], 11.5, resultColor(evs[i]), false)
		}
	}
	a.Button(l, Rect{x, r.Y + r.H - 44*s, w, 34 * s}, "Leave (Esc)", false, false, func() { n.Handle(Press(KeyEscape)) })
}

// drawPlanning paints the plan of each ship the seat owes, and Commit.
func (n *NetGame) drawPlanning(l *List, x, y, w float64, st *wire.State) float64 {
	a := n.a
	s := a.S()
	v := st.View
	if n.sel == "" || !slices.Contains(st.Owe, n.sel) {
		n.sel = st.Owe[0]
	}
	bh := 26 * s
	tw := (w - float64(len(st.Owe)-1)*4*s) / float64(len(st.Owe))
	for i, id := range st.Owe {
		a.Button(l, Rect{x + float64(i)*(tw+4*s), y + 8*s, tw, bh}, id, id == n.sel, false, func() { n.sel = id })
	}
	y += bh + 12*s
	sh, _ := own(v, n.sel)
	class := n.class(sh.Class)
	p := n.draft(v, n.sel)
	deck := class.Deck
	mains, seconds := cardLists(deck)
	m, sec := splitPlan(p, deck)
	grid := func(cols int, labels []string, on []bool, click []func()) {
		cw := (w - float64(cols-1)*4*s) / float64(cols)
		for i := range labels {
			a.Button(l, Rect{x + float64(i%cols)*(cw+4*s), y + float64(i/cols)*(bh+4*s), cw, bh}, labels[i], on[i], false, click[i])
		}
		y += float64((len(labels)+cols-1)/cols)*(bh+4*s) + 4*s
	}
	var labels []string
	var on []bool
	var click []func()
	for _, c := range mains {
		id := c.ID
		labels, on, click = append(labels, fmt.Sprintf("%s G%d", c.Name, c.G)), append(on, id == m), append(click, func() { setMain(p, deck, id) })
	}
	grid(4, labels, on, click)
	if v.Phase == battle.Planning {
		speeds := []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High}
		if st.Rules.Has(starship.OptFTL) {
			speeds = append(speeds, maneuvers.FTL)
		}
		labels, on, click = nil, nil, nil
		for _, spd := range speeds {
			labels, on, click = append(labels, string(spd)), append(on, p.Speed == spd), append(click, func() { p.Speed = spd })
		}
		grid(len(speeds), labels, on, click)
		// the second card cycles through the choices; the dial turns
		opts := append([]string{""}, func() []string {
			var ids []string
			for _, c := range seconds {
				ids = append(ids, c.ID)
			}
			return ids
		}()...)
		secName := "none"
		for _, c := range seconds {
			if c.ID == sec {
				secName = fmt.Sprintf("%s G%d", c.Name, c.G)
			}
		}
		half := (w - 4*s) / 2
		a.Button(l, Rect{x, y, half, bh}, "2nd card: "+secName, sec != "", false, func() {
			i := slices.Index(opts, sec)
			setSecond(p, deck, opts[(i+1)%len(opts)])
		})
		dx := x + half + 4*s
		dw := math.Max(bh, half/4)
		a.Button(l, Rect{dx, y, dw, bh}, "<", false, false, func() { p.Rotate = max(-5, p.Rotate-1) })
		l.Text(Pt{dx + half/2, y + bh*0.68}, fmt.Sprintf("dial %+d", p.Rotate), a.TextSize(12), ColInk, AnchorMiddle, false)
		a.Button(l, Rect{dx + half - dw, y, dw, bh}, ">", false, false, func() { p.Rotate = min(6, p.Rotate+1) })
		y += bh + 4*s
	}
	if sh.State != nil {
		if vs, err := starship.Check(st.Rules, class, *sh.State, *p); err != nil {
			y = a.Para(l, x, y+12*s, w, "Not a plan: "+err.Error(), 12, ColWarn, false)
		} else if len(vs) > 0 {
			y = a.Para(l, x, y+12*s, w, fmt.Sprintf("Illegal [%s]: %s: the server will correct it, with damage.", vs[0].Rule, vs[0].Message), 12, ColWarn, false)
		} else {
			y = a.Para(l, x, y+12*s, w, "Legal plan.", 12, ColOK, true)
		}
	}
	label := fmt.Sprintf("Commit the plans (%d)", len(st.Owe))
	if v.Phase == battle.Preplanning {
		label = "Fix next turn's cards"
	}
	a.Button(l, Rect{x, y + 6*s, w, 36 * s}, label, false, false, func() { n.commitPlans(st) })
	return y + 46*s
}

// commitPlans seals the plans of every ship owed (or acts a preplan).
func (n *NetGame) commitPlans(st *wire.State) {
	v := st.View
	if v.Phase == battle.Preplanning {
		id := st.Owe[0]
		plan := n.draft(v, id).Clone()
		n.send("next turn's cards", func(ctx context.Context) error {
			return n.c.Act(ctx, battle.Command{Type: battle.CmdPreplan, Ship: id, Plan: &plan})
		})
		return
	}
	var cmds []battle.Command
	for _, id := range st.Owe {
		plan := n.draft(v, id).Clone()
		cmds = append(cmds, battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &plan})
	}
	n.send("plans", func(ctx context.Context) error { return n.c.Seal(ctx, cmds) })
}

// drawDeclaring paints each ship's targets, and Declare.
func (n *NetGame) drawDeclaring(l *List, x, y, w float64, st *wire.State) float64 {
	a := n.a
	s := a.S()
	if st.View.Turn != n.draftT {
		n.draft(st.View, "")
	}
	var shooters []string
	for id := range st.Targets {
		shooters = append(shooters, id)
	}
	slices.Sort(shooters)
	bh := 28 * s
	for _, id := range shooters {
		y = a.Para(l, x, y+14*s, w, id+" fires at:", 13, ColInk, true)
		a.Button(l, Rect{x, y, w/3 - 2*s, bh}, "hold fire", n.shots[id] == "", false, func() { delete(n.shots, id) })
		bx := x + w/3
		for _, ru := range st.Targets[id] {
			if !ru.CanFire {
				continue
			}
			tg := ru.TargetID
			if bx+w/3 > x+w+1 {
				bx, y = x, y+bh+4*s
			}
			a.Button(l, Rect{bx, y, w/3 - 2*s, bh}, fmt.Sprintf("%s (%s)", tg, ru.Band), n.shots[id] == tg, false, func() { n.shots[id] = tg })
			bx += w / 3
		}
		y += bh + 4*s
	}
	if len(shooters) == 0 {
		y = a.Para(l, x, y+14*s, w, "None of your ships may fire.", 13, ColInk, false)
	}
	a.Button(l, Rect{x, y + 6*s, w, 36 * s}, "Declare", false, false, func() {
		var shots []battle.Shot
		for _, id := range shooters {
			if tg := n.shots[id]; tg != "" {
				shots = append(shots, battle.Shot{Shooter: id, Target: tg})
			}
		}
		cmd := battle.Command{Type: battle.CmdDeclare, Shots: shots}
		sealed := st.Sealed
		n.send("declaration", func(ctx context.Context) error {
			if sealed {
				return n.c.Seal(ctx, []battle.Command{cmd})
			}
			return n.c.Act(ctx, cmd)
		})
	})
	return y + 46*s
}

// Close ends the connection.
func (n *NetGame) Close() { n.cancel() }
