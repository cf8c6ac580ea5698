package ui

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// reveal turns every plan face up and moves the ships.
func (g *Game) reveal() {
	before := snapshot(g.publicView())
	g.outcomes = map[string]starship.Outcome{}
	// The plans are revealed to both players now: each owner's view holds
	// its ships' plans and states; the engine's outcome replaces this as
	// soon as the views show it.
	for _, side := range battle.Sides {
		v := g.b.View(side)
		for _, s := range ownActive(v) {
			if s.Plan != nil && s.Plan.Speed != "ftl" {
				if o, _, err := g.planCheck(v, s.ID, *s.Plan); err == nil && o != nil {
					g.outcomes[s.ID] = *o
				}
			}
		}
	}
	turn, step := g.b.Turn(), 1
	evs, err := g.b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}) // both players reveal; either side may send it
	if err != nil {
		g.a.Say("%v", err)
		g.st = stReveal
		return
	}
	g.drafts = map[string]*starship.Plan{}
	g.afterApply(before, turn, step, evs, true)
}

// afterApply animates what a command did and collects the results to show.
func (g *Game) afterApply(before map[string]snap, turn, step int, evs []battle.Event, moved bool) {
	g.resolving = turn
	v := g.publicView()
	for _, s := range v.Ships {
		if s.Outcome != nil {
			g.outcomes[s.ID] = *s.Outcome
		}
	}
	g.results = nil
	g.shotLines = nil
	for _, e := range evs {
		if e.Secret || routine(e.Text) {
			continue
		}
		g.results = append(g.results, e)
		if sl, ok := parseShot(e.Text, before); ok {
			g.shotLines = append(g.shotLines, sl)
		}
	}
	if g.b.Phase() == battle.PlacingFTL {
		g.st = stResults
		if len(g.results) == 0 {
			g.advance()
		}
		return
	}
	var steps, titles []string
	quick := g.rules().Set == starship.Quick
	advanced := g.b.Turn() > turn || g.b.Phase() == battle.Over
	switch {
	case quick && moved:
		steps, titles = []string{"move"}, []string{"Movement"}
	case !quick && moved:
		steps, titles = []string{"move 1"}, []string{"Movement step 1"}
		if advanced || v.Step == 2 {
			steps, titles = append(steps, "move 2"), append(titles, "Movement step 2")
		}
	case !quick && step == 1 && (advanced || v.Step == 2):
		steps, titles = []string{"move 2"}, []string{"Movement step 2"}
	}
	g.anim = nil
	if len(steps) > 0 {
		g.anim = buildAnim(before, v, g.outcomes, steps, titles, g.notch())
	}
	if g.anim != nil {
		g.st = stAnim
		return
	}
	g.finishAnim()
}

// routine reports whether an event is bookkeeping rather than a result.
func routine(s string) bool {
	for _, p := range []string{"has planned", "Turn ", "All plans are in", "declare your shots", "declares first", " reveals ", "withdraws its plan"} {
		if strings.Contains(s, p) {
			return true
		}
	}
	return false
}

// shotLine is one attack for the results picture.
type shotLine struct {
	from, to physics.Vec
	hits     int
	dice     [2]int
	label    string
}

var shotRE = regexp.MustCompile(`^(\S+) fires at (\S+) at [\d.]+ mm: (\d)\+(\d)`)

// parseShot reads an attack sentence of the log.
func parseShot(text string, at map[string]snap) (shotLine, bool) {
	m := shotRE.FindStringSubmatch(text)
	if m == nil {
		return shotLine{}, false
	}
	a, ok1 := at[m[1]]
	t, ok2 := at[m[2]]
	if !ok1 || !ok2 {
		return shotLine{}, false
	}
	d1, _ := strconv.Atoi(m[3])
	d2, _ := strconv.Atoi(m[4])
	sl := shotLine{from: a.pose.Pos, to: t.pose.Pos, dice: [2]int{d1, d2}, label: "MISS"}
	switch {
	case strings.Contains(text, "two hits"):
		sl.hits, sl.label = 2, "TWO HITS"
	case strings.HasSuffix(text, ": hits."):
		sl.hits, sl.label = 1, "HIT"
	}
	return sl, true
}

// drawShots paints the attacks of the last firing step with their dice.
func (g *Game) drawShots(l *List, v battle.View) {
	a := g.a
	sz := a.TextSize(14)
	for _, sl := range g.shotLines {
		p0, p1 := g.cam.ToScreen(sl.from), g.cam.ToScreen(sl.to)
		if sl.hits > 0 {
			l.Line([]Pt{p0, p1}, ColWarn, 4)
		} else {
			l.Dashed([]Pt{p0, p1}, ColSecondary, 2.5, 8, 6)
		}
		mid := Pt{(p0.X + p1.X) / 2, (p0.Y + p1.Y) / 2}
		ds := sz * 1.6
		for i, d := range sl.dice {
			r := Rect{mid.X - ds - 3 + float64(i)*(ds+6), mid.Y - ds - sz*0.4, ds, ds}
			drawDie(l, r, d)
		}
		c := ColSecondary
		if sl.hits > 0 {
			c = ColWarn
		}
		l.HaloText(Pt{mid.X, mid.Y + sz*1.2}, sl.label, sz, c, ColWhite, AnchorMiddle, true)
	}
}

// drawDie paints a die face.
func drawDie(l *List, r Rect, n int) {
	l.Rect(r, ColWhite, ColInk, 1.5)
	pip := r.W * 0.09
	at := func(u, v float64) { l.Circle(Pt{r.X + u*r.W, r.Y + v*r.H}, pip, ColInk, ColNone, 0) }
	lo, mi, hi := 0.27, 0.5, 0.73
	switch n {
	case 1:
		at(mi, mi)
	case 2:
		at(lo, lo)
		at(hi, hi)
	case 3:
		at(lo, lo)
		at(mi, mi)
		at(hi, hi)
	case 4:
		at(lo, lo)
		at(hi, lo)
		at(lo, hi)
		at(hi, hi)
	case 5:
		at(lo, lo)
		at(hi, lo)
		at(mi, mi)
		at(lo, hi)
		at(hi, hi)
	case 6:
		for _, v := range []float64{lo, mi, hi} {
			at(lo, v)
			at(hi, v)
		}
	}
}

// shooters lists the side's ships with a target now.
func (g *Game) shooters(v battle.View) []string {
	var out []string
	for _, s := range ownActive(v) {
		if len(g.b.Targets(s.ID)) > 0 {
			out = append(out, s.ID)
		}
	}
	return out
}

func (g *Game) pickShooter() {
	sh := g.shooters(g.b.View(g.side))
	if len(sh) > 0 && !slices.Contains(sh, g.shooter) {
		g.shooter = sh[0]
	}
}

// declare sends the side's shots.
func (g *Game) declare() {
	v := g.b.View(g.side)
	var shots []battle.Shot
	for _, id := range g.shooters(v) {
		if t := g.shots[id]; t != "" {
			shots = append(shots, battle.Shot{Shooter: id, Target: t})
		}
	}
	before := snapshot(g.publicView())
	turn, step := g.b.Turn(), v.Step
	evs, err := g.b.Apply(battle.Command{Type: battle.CmdDeclare, Side: g.side, Shots: shots})
	if err != nil {
		g.a.Say("%v", err)
		return
	}
	g.shots = map[string]string{}
	if g.b.Phase() == battle.Declaring && g.b.Turn() == turn && g.b.View(g.side).Step == step {
		g.passControls()
		g.advance()
		return
	}
	g.afterApply(before, turn, step, evs, false)
}

func (g *Game) handleDeclare(ev Event) bool {
	v := g.b.View(g.side)
	sh := g.shooters(v)
	switch {
	case ev.Kind == KeyPress && ev.Key == KeyEnter:
		g.declare()
		return true
	case ev.Kind == KeyPress && ev.Key == KeyTab && len(sh) > 0:
		i := slices.Index(sh, g.shooter)
		g.shooter = sh[(i+1)%len(sh)]
		return true
	case ev.Kind == Char && (ev.Rune == '0' || ev.Rune == 'x'):
		delete(g.shots, g.shooter)
		return true
	case ev.Kind == Char && ev.Rune >= '1' && ev.Rune <= '9':
		ts := g.b.Targets(g.shooter)
		if i := int(ev.Rune - '1'); i < len(ts) {
			g.shots[g.shooter] = ts[i].TargetID
		}
		return true
	case ev.Kind == MouseDown && ev.Button == ButtonLeft:
		w := g.cam.ToWorld(Pt{ev.X, ev.Y})
		for _, s := range v.Ships {
			if !s.OnTable || s.Out || !physics.Hexagon(s.Pose, g.b.Class(s.Class).AcrossFlats).Contains(w) {
				continue
			}
			if s.Own && slices.Contains(sh, s.ID) {
				g.shooter = s.ID
				return true
			}
			for _, r := range g.b.Targets(g.shooter) {
				if r.TargetID == s.ID {
					g.shots[g.shooter] = s.ID
					return true
				}
			}
		}
	}
	return false
}

// drawTargets paints the selected shooter's possible targets: the ruler
// from its stand to each witness point, with band, margin, cover and
// blockers; and the shots chosen so far.
func (g *Game) drawTargets(l *List, v battle.View) {
	obst := map[string]referee.Obstacle{}
	for _, o := range v.Obstacles {
		obst[o.ID] = o
	}
	for _, id := range g.shooters(g.b.View(g.side)) {
		for _, ru := range g.b.Targets(id) {
			chosen := g.shots[id] == ru.TargetID
			if id != g.shooter && !chosen {
				continue
			}
			if id == g.shooter {
				for _, c := range ru.Cover {
					if o, ok := obst[c]; ok && chosen {
						closed := append(g.cam.Pts(o.Polygon), g.cam.ToScreen(o.Polygon[0]))
						l.Line(closed, Alpha(ColCover, 0.9), 6)
					}
				}
				for _, bl := range ru.BlockedBy {
					if o, ok := obst[bl]; ok && o.Kind == referee.Planetoid {
						l.Circle(g.cam.ToScreen(o.Circle.C), o.Circle.R*g.cam.Scale, ColNone, ColWarn, 3)
					}
					if s, ok := own(v, bl); ok {
						l.Poly(g.cam.Pts(physics.Hexagon(s.Pose, g.b.Class(s.Class).AcrossFlats)), ColNone, ColWarn, 3)
					}
				}
			}
			drawRuler(g.a, l, &g.cam, ru, chosen)
		}
	}
}

// drawDeclarePanel paints the declaration controls.
func (g *Game) drawDeclarePanel(l *List, r Rect) {
	a := g.a
	sc := a.S()
	x, w := r.X+12*sc, r.W-24*sc
	y := r.Y + 26*sc
	v := g.b.View(g.side)
	a.Label(l, x, y, fmt.Sprintf("Turn %d · firing step %d · %s declares", v.Turn, v.Step, SideName(g.side)), 17, SideColor(g.side), true)
	y += 10 * sc
	if len(v.SeenShots) > 0 {
		var parts []string
		for _, s := range v.SeenShots {
			parts = append(parts, s.Shooter+" at "+s.Target)
		}
		y = a.Para(l, x, y+14*sc, w, SideName(g.side.Opponent())+" declared openly first: "+strings.Join(parts, ", ")+".", 13, ColInk, false)
	} else if !g.rules().Has(starship.OptAttackDeclaration) {
		y = a.Para(l, x, y+14*sc, w, "Declarations are open: the other player sees yours.", 12.5, ColSecondary, false)
	}
	y += 8 * sc
	sh := g.shooters(v)
	if len(sh) == 0 {
		y = a.Para(l, x, y+14*sc, w, "None of your ships has a target.", 13, ColInk, false)
	}
	for _, id := range sh {
		id := id
		label := id + ": hold fire"
		if t := g.shots[id]; t != "" {
			label = id + " fires at " + t
		}
		a.Button(l, Rect{x, y, w, 30 * sc}, label, id == g.shooter, false, func() { g.shooter = id })
		y += 34 * sc
		if id != g.shooter {
			continue
		}
		for i, ru := range g.b.Targets(id) {
			ru := ru
			lab := fmt.Sprintf("%d  %s", i+1, ru.TargetID)
			a.Button(l, Rect{x + 16*sc, y, w - 16*sc, 28 * sc}, lab, g.shots[id] == ru.TargetID, false, func() { g.shots[id] = ru.TargetID })
			y += 30 * sc
			y = a.Para(l, x+20*sc, y+12*sc, w-24*sc, rulerText(ru)+extraFire(ru), 12, BandColor(ru.Band), false) - 2*sc
		}
		a.Button(l, Rect{x + 16*sc, y, w - 16*sc, 26 * sc}, "0  hold fire", g.shots[id] == "", false, func() { delete(g.shots, id) })
		y += 34 * sc
	}
	a.Button(l, Rect{x, y + 4*sc, w, 36 * sc}, "Declare (Enter)", false, false, func() { g.declare() })
	y += 48 * sc
	g.drawLogTail(l, Rect{r.X, y, r.W, r.H - y}, v, "")
	g.drawFooter(l, r)
}

func extraFire(ru referee.Ruling) string {
	s := fmt.Sprintf(". Arc: in (±%s).", "30°")
	if ru.Tailing {
		s += " Tailing."
	}
	return s
}

// handleMarker places a jumping ship's FTL marker.
func (g *Game) handleMarker(ev Event) bool {
	switch {
	case ev.Kind == MouseDown && ev.Button == ButtonLeft:
		w := g.cam.ToWorld(Pt{ev.X, ev.Y})
		v := g.publicView()
		if w.X >= 0 && w.Y >= 0 && w.X <= v.Width && w.Y <= v.Depth {
			g.marker = &w
			return true
		}
	case ev.Kind == Char && ev.Rune == ',':
		g.markerRot += 15
		return true
	case ev.Kind == Char && ev.Rune == '.':
		g.markerRot -= 15
		return true
	case ev.Kind == KeyPress && ev.Key == KeyEnter:
		g.placeMarker()
		return true
	}
	return false
}

func (g *Game) placeMarker() {
	if g.marker == nil {
		g.a.Say("click on the table where the marker goes")
		return
	}
	v := g.b.View(g.side)
	if len(v.MarkersDue) == 0 {
		return
	}
	pose := physics.Pose{Pos: *g.marker, Heading: physics.Deg(g.markerRot)}
	before := snapshot(g.publicView())
	turn := g.b.Turn()
	evs, err := g.b.Apply(battle.Command{Type: battle.CmdFTL, Side: g.side, Ship: v.MarkersDue[0], Marker: &pose})
	if err != nil {
		g.a.Say("%v", err)
		return
	}
	g.marker = nil
	if g.b.Phase() == battle.PlacingFTL {
		g.advance()
		return
	}
	g.afterApply(before, turn, 1, evs, true)
}

func (g *Game) drawMarker(l *List, v battle.View) {
	if g.marker == nil {
		return
	}
	pose := physics.Pose{Pos: *g.marker, Heading: physics.Deg(g.markerRot)}
	hex := g.cam.Pts(physics.Hexagon(pose, g.a.Comp.Geometry.FTLMarkerAcrossFlats.Value))
	l.Poly(hex, Alpha(SideColor(g.side), 0.25), SideColor(g.side), 2)
	l.Line([]Pt{hex[0], hex[1]}, ColInk, 4)
	c := g.cam.ToScreen(pose.Pos)
	l.HaloText(Pt{c.X, c.Y - 30}, "FTL", g.a.TextSize(13), ColInk, ColWhite, AnchorMiddle, true)
	_ = math.Pi
}
