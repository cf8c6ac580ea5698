package ui

import (
	"fmt"
	"maps"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/odds"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// targets returns what one of the side at the controls' ships may fire
// at now (the seat's rulings).
func (g *Game) targets(id string) []referee.Ruling { return g.seat.Targets(g.side, id) }

// reveal turns every plan face up and moves the ships.
func (g *Game) reveal() {
	g.outcomes = map[string]starship.Outcome{}
	// The plans are revealed to both players now: each owner's view holds
	// its ships' plans and states; the engine's outcome replaces this as
	// soon as the views show it.
	for _, side := range battle.Sides {
		v := g.seat.View(side)
		for _, s := range ownActive(v) {
			if s.Plan != nil && s.Plan.Speed != "ftl" {
				if o, _, err := g.planCheck(v, s.ID, *s.Plan); err == nil && o != nil {
					g.outcomes[s.ID] = *o
				}
			}
		}
	}
	// both players reveal; either side may send it
	if err := g.seat.Do(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}); err != nil {
		g.a.Say("%v", err)
		g.st = stReveal
		return
	}
	g.drafts = map[string]*starship.Plan{}
	if g.seat.View(g.side).Phase == battle.Revealing {
		// nothing was turned over here (the server reveals): the screen
		// waits rather than asking again
		g.wait()
		return
	}
	g.advance()
}

// afterCommand plays back what a command did, beat by beat in the rules'
// order (playback.go): each movement step's moves, then its firing step's
// shots (or that no ship can fire), each waiting for the player. declared
// is the firing step the command declared shots for (0: none).
func (g *Game) afterCommand(before map[string]snap, turn, step int, evs []battle.Event, moved bool, declared int) {
	g.resolving = turn
	v := g.publicView()
	for _, s := range v.Ships {
		if s.Outcome != nil {
			g.outcomes[s.ID] = *s.Outcome
		}
	}
	quick := g.rules().Set == starship.Quick
	waiting := 0
	if g.publicView().Phase == battle.Declaring && g.publicView().Turn == turn {
		waiting = v.Step
	}
	g.beats, g.beatEvs = foldUnknownTurns(beatsOf(evs, quick, declared, waiting), g.knownTurn), evs
	g.turns = g.playbackMoves(before, v, evs)
	g.a.playbackStarts() // a toast raised before it would cover the board
	g.playBeat(0)
}

// turnMoves is one turn's part of a playback: where the ships stood when
// its movement began, and the phases of its movement steps.
type turnMoves struct {
	before map[string]snap
	moves  *animation
}

// playbackMoves works out the moves of every turn the beats play, by turn
// (key 0: the board before the first, no moves). A turn's moves are the
// engine's as the seat reports them (seat.Flights: each ship's start, its
// stand after each movement step, its path); a seat that does not know
// them plays a batch of one turn with the view's outcomes (and the
// players' previews) from the board before. When the events span several
// turns (a reconnect, a delayed spectator's catch-up, a slow phone) each
// turn is played from its own start along its own paths, ending where the
// next one starts; a turn the seat does not know shows no moves.
func (g *Game) playbackMoves(before map[string]snap, v battle.View, evs []battle.Event) map[int]turnMoves {
	var order []int
	steps, titles := map[int][]string{}, map[int][]string{}
	for _, b := range g.beats {
		if b.kind != beatMove {
			continue
		}
		if len(steps[b.turn]) == 0 {
			order = append(order, b.turn)
		}
		steps[b.turn] = append(steps[b.turn], b.step)
		titles[b.turn] = append(titles[b.turn], b.headline(g.a.Words))
	}
	flights, _ := g.seat.(seat.Flights)
	flown := func(t int) ([]wire.Flight, bool) {
		if flights == nil {
			return nil, false
		}
		return flights.Flown(t)
	}
	out := map[int]turnMoves{0: {before: before}}
	board := before
	// the turns a summary tells (catchup.go): the board as they left it,
	// the ships they eliminated out; the first turn played back after
	// them starts from its own flights
	summed := 0
	for _, b := range g.beats {
		if b.kind == beatSummary {
			summed = b.turn
			board = maps.Clone(board)
			for _, e := range evs {
				if e.Kind == battle.EvEliminated && e.Turn <= b.turn {
					if s, ok := board[e.Ship]; ok {
						s.out = true
						board[e.Ship] = s
					}
				}
			}
		}
	}
	for i, t := range order {
		last := i == len(order)-1
		fs, ok := flown(t)
		if !ok {
			if len(order) == 1 {
				out[t] = turnMoves{before: before, moves: buildMoves(before, v, g.outcomes, steps[t], titles[t], g.notch(), true)}
			} else {
				out[t] = turnMoves{before: board}
			}
			continue
		}
		from := maps.Clone(board)
		outcomes := map[string]starship.Outcome{}
		for _, f := range fs {
			if s, ok := from[f.Ship]; ok && (i > 0 || summed > 0) {
				// the turn's own start (the board before the batch is
				// the first turn's)
				s.pose, s.rotation, s.level, s.onTable = f.From.Pose, f.From.Rotation, f.From.Level, f.OnTable
				from[f.Ship] = s
			}
			outcomes[f.Ship] = f.Outcome()
		}
		after := v
		if !last {
			after = boardAfter(v, from, fs, t, evs)
			if next, ok := flown(t + 1); ok {
				for j, s := range after.Ships {
					for _, f := range next {
						if f.Ship == s.ID && f.OnTable {
							after.Ships[j].Pose, after.Ships[j].Rotation, after.Ships[j].Level = f.From.Pose, f.From.Rotation, f.From.Level
						}
					}
				}
			}
		}
		an := buildMoves(from, after, outcomes, steps[t], titles[t], g.notch(), true)
		if an != nil && len(order) > 1 {
			an.rest = from // the ships that stand still stand where this turn has them
		}
		out[t] = turnMoves{before: from, moves: an}
		if i == 0 && summed > 0 {
			out[summed] = turnMoves{before: from}
		}
		board = snapshot(after)
	}
	if _, ok := out[summed]; summed > 0 && !ok {
		// no turn after the summary is known: the board as it is now
		out[summed] = turnMoves{before: snapshot(v)}
	}
	return out
}

// boardAfter is the view v with its ships where turn's moves left them
// (before: where they stood; fs: how they flew): on the table once they
// flew, out once an event of that turn or before eliminated them.
func boardAfter(v battle.View, before map[string]snap, fs []wire.Flight, turn int, evs []battle.Event) battle.View {
	out := map[string]bool{}
	for _, e := range evs {
		if e.Kind == battle.EvEliminated && e.Turn <= turn {
			out[e.Ship] = true
		}
	}
	after := v
	after.Ships = slices.Clone(v.Ships)
	for i, s := range after.Ships {
		b, ok := before[s.ID]
		if !ok {
			continue
		}
		s.Pose, s.Rotation, s.Level, s.OnTable, s.Out = b.pose, b.rotation, b.level, b.onTable, b.out || out[s.ID]
		for _, f := range fs {
			if f.Ship == s.ID && len(f.Steps) > 0 {
				st := f.Steps[len(f.Steps)-1]
				s.Pose, s.Rotation, s.Level, s.OnTable = st.Pose, st.Rotation, st.Level, true
			}
		}
		after.Ships[i] = s
	}
	return after
}

// playBeat shows the i-th beat of the playback: a movement step's moves
// run, then wait; a firing step shows its shots on the board as it stood
// after the movement step before it. Past the last beat the game goes on.
func (g *Game) playBeat(i int) {
	for i < len(g.beats) && g.copiedAtTable(i) {
		i++
	}
	g.beat, g.waited = i, 0
	g.anim, g.results, g.shotLines = nil, nil, nil
	if i >= len(g.beats) {
		g.beats, g.moves, g.beatEvs, g.turns = nil, nil, nil, nil
		g.advance()
		return
	}
	b := g.beats[i]
	g.results = b.events
	if b.turn > 0 {
		g.resolving = b.turn
	}
	// the board: the beat's turn's (or, before its first movement step,
	// the latest turn's before it), the movement steps played up to this
	// beat
	key := 0
	for t := range g.turns {
		if t <= b.turn && t > key {
			key = t
		}
	}
	g.moves, g.before = g.turns[key].moves, g.turns[key].before
	moved := -1
	for j := 0; j <= i; j++ {
		if g.beats[j].kind == beatMove && g.beats[j].turn == key {
			moved++
		}
	}
	if g.moves != nil {
		if p := g.moves.phaseOf(moved); p >= 0 {
			an := *g.moves
			an.phases = g.moves.phases[:p+1]
			an.t = float64(p) * an.dur
			if b.kind != beatMove {
				an.t, an.hold = an.dur*float64(p+1), true
			}
			g.anim = &an
		}
	}
	if g.anim == nil && (len(g.turns) > 2 || b.kind == beatSummary) {
		// several turns: before its first movement step a turn's board
		// is where it starts, not where the last turn ends
		g.anim = &animation{dur: 1, hold: true, rest: g.before}
	}
	for _, e := range b.events {
		if b.kind == beatSummary {
			break // turns told in words: no shot card on a board they left
		}
		if sl, ok := shotOf(e.Event, g.atBeat()); ok {
			g.shotLines = append(g.shotLines, sl)
		}
	}
	if b.kind == beatMove && g.anim != nil && !g.anim.hold {
		g.st = stAnim
		return
	}
	g.st = stResults
}

// atBeat is where each ship stands on the board of the beat on screen.
func (g *Game) atBeat() map[string]snap {
	m := map[string]snap{}
	for id, s := range g.before {
		if g.anim != nil {
			lk := g.anim.look(ShipLook{ID: id, Pose: s.pose, Rotation: s.rotation, Level: s.level})
			s.pose, s.rotation, s.level = lk.Pose, lk.Rotation, lk.Level
		}
		m[id] = s
	}
	return m
}

// copiedAtTable reports whether beat i of the playback is one a player of
// a companion game (seat.Table) is not shown again: a movement step the
// players copied onto the table from the aligning step that followed it
// (the cards and ghosts on the board, the moves in words; Movement: the
// twin follows the models), and a firing step in which no ship could
// fire (said in a line of the next aligning step). A movement step that
// ended the battle was never aligned: it is played back. A spectator of
// a companion game sees every beat.
func (g *Game) copiedAtTable(i int) bool {
	b := g.beats[i]
	if b.kind != beatMove && b.kind != beatNoFire {
		return false
	}
	if _, ok := g.tableSeat(); !ok || g.human() == "" {
		return false
	}
	if b.kind == beatNoFire {
		return true
	}
	if g.publicView().Phase != battle.Over {
		return true
	}
	for _, later := range g.beats[i+1:] {
		if later.kind == beatMove || later.kind == beatFire || later.kind == beatNoFire {
			return true // the battle went on after it: it was aligned
		}
	}
	return false
}

// nextBeat goes on from the beat on screen: a running move ends at once,
// a beat that waits gives way to the next.
func (g *Game) nextBeat() {
	if g.st == stAnim && g.anim != nil && !g.anim.done() {
		g.anim.t = g.anim.dur * float64(len(g.anim.phases))
		g.anim.hold = true
		g.st = stResults
		g.waited = 0
		return
	}
	g.playBeat(g.beat + 1)
}

// routine reports whether an event is bookkeeping rather than a result:
// a turn or a step begins, a plan is committed, withdrawn or revealed.
func routine(e battle.Event) bool {
	switch e.Kind {
	case battle.EvTurn, battle.EvPlanned, battle.EvPreplanned, battle.EvPlansIn, battle.EvFiringStep,
		battle.EvMoveStep, battle.EvRevealed, battle.EvWithdrawn:
		return true
	}
	return false
}

// logEntry is a line of the log or of the results: an engine event.
type logEntry struct {
	battle.Event
}

// shotLine is one attack for the results picture.
type shotLine struct {
	shooter, target string
	side            battle.Side // the shooter's
	from, to        physics.Vec
	hits            int
	dice            [2]int
	label           string
}

// shotOf is the attack of an EvAttack event, for the results picture,
// with the ships where they were when it was fired.
func shotOf(e battle.Event, at map[string]snap) (shotLine, bool) {
	if e.Kind != battle.EvAttack || e.Attack == nil || len(e.Dice) != 2 {
		return shotLine{}, false
	}
	a, ok1 := at[e.Ship]
	t, ok2 := at[e.Other]
	if !ok1 || !ok2 {
		return shotLine{}, false
	}
	sl := shotLine{shooter: e.Ship, target: e.Other, side: a.side, from: a.pose.Pos, to: t.pose.Pos, dice: [2]int{e.Dice[0], e.Dice[1]}, label: "MISS"}
	switch {
	case e.Attack.Split:
		sl.hits, sl.label = 2, "TWO HITS"
	case e.Attack.Hits == 1:
		sl.hits, sl.label = 1, "HIT"
	}
	return sl, true
}

// drawShots paints the attacks of the last firing step, each on its own:
// the line from shooter to target in the shooter's colour (solid for a
// hit, dashed for a miss), beside the line the other way when two ships
// fire at each other; and near the shooter a card with its two dice and
// the result, placed where it covers no ship, label or other card.
func (g *Game) drawShots(l *kit.List, v battle.View) {
	a := g.a
	sz := a.TextSize(13)
	ds := sz * 1.5
	for _, sl := range g.shotLines {
		p0, p1 := g.cam.ToScreen(sl.from), g.cam.ToScreen(sl.to)
		d := kit.Pt{X: p1.X - p0.X, Y: p1.Y - p0.Y}
		n := math.Hypot(d.X, d.Y)
		if n < 1 {
			continue
		}
		u := kit.Pt{X: d.X / n, Y: d.Y / n}
		perp := kit.Pt{X: -u.Y, Y: u.X}
		off := 4.0
		q0 := kit.Pt{X: p0.X + perp.X*off, Y: p0.Y + perp.Y*off}
		q1 := kit.Pt{X: p1.X + perp.X*off, Y: p1.Y + perp.Y*off}
		c := SideColor(sl.side)
		if sl.hits > 0 {
			l.Line([]kit.Pt{q0, q1}, kit.ColWhite, 6.5)
			l.Line([]kit.Pt{q0, q1}, c, 4)
		} else {
			l.Dashed([]kit.Pt{q0, q1}, c, 2.5, 8, 6)
		}
		// the arrowhead at the target
		tip := kit.Pt{X: q1.X - u.X*10, Y: q1.Y - u.Y*10}
		l.Poly([]kit.Pt{tip, {X: tip.X - u.X*12 + perp.X*6, Y: tip.Y - u.Y*12 + perp.Y*6}, {X: tip.X - u.X*12 - perp.X*6, Y: tip.Y - u.Y*12 - perp.Y*6}}, c, kit.ColWhite, 1)
		title := sl.shooter + " at " + sl.target
		word := sl.label
		w := math.Max(2*ds+12+a.Fonts.Width(word, sz, true), a.Fonts.Width(title, sz*0.85, false)) + 14
		h := ds + sz*1.5 + 10
		var spots []kit.Rect
		for _, t := range []float64{0.3, 0.2, 0.42, 0.55, 0.12, 0.7} {
			m := kit.Pt{X: p0.X + d.X*t, Y: p0.Y + d.Y*t}
			for _, k := range []float64{0.75, 1.3, 2} {
				for _, side := range []float64{1, -1} {
					cx, cy := m.X+perp.X*side*(h*k), m.Y+perp.Y*side*(h*k)
					spots = append(spots, kit.Rect{X: cx - w/2, Y: cy - h/2, W: w, H: h})
				}
			}
		}
		// else anywhere near, however crowded; the results panel says
		// every shot in any case
		foot := kit.Pt{X: p0.X + d.X*0.3 + perp.X*off, Y: p0.Y + d.Y*0.3 + perp.Y*off}
		r, _, ok := l.PlaceBox(spots, foot, math.Max(g.cam.View.W, g.cam.View.H), g.cam.View)
		if !ok {
			continue
		}
		l.Leader(r, foot, kit.Alpha(c, 0.8))
		l.Rect(r, kit.Alpha(kit.ColWhite, 0.95), c, 2)
		l.Text(kit.Pt{X: r.X + 7, Y: r.Y + sz*1.05}, title, sz*0.85, kit.ColInk, kit.AnchorStart, false)
		for i, dv := range sl.dice {
			drawDie(l, kit.Rect{X: r.X + 7 + float64(i)*(ds+4), Y: r.Y + sz*1.5, W: ds, H: ds}, dv)
		}
		wc := kit.ColSecondary
		if sl.hits > 0 {
			wc = kit.ColWarn
		}
		l.Text(kit.Pt{X: r.X + 7 + 2*(ds+4) + 4, Y: r.Y + sz*1.5 + ds*0.5 + sz*0.36}, word, sz, wc, kit.AnchorStart, true)
	}
}

// drawDie paints a die face.
func drawDie(l *kit.List, r kit.Rect, n int) {
	l.Rect(r, kit.ColWhite, kit.ColInk, 1.5)
	pip := r.W * 0.09
	at := func(u, v float64) { l.Circle(kit.Pt{X: r.X + u*r.W, Y: r.Y + v*r.H}, pip, kit.ColInk, kit.ColNone, 0) }
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
		if len(g.targets(s.ID)) > 0 {
			out = append(out, s.ID)
		}
	}
	return out
}

func (g *Game) pickShooter() {
	sh := g.shooters(g.seat.View(g.side))
	if len(sh) > 0 && !slices.Contains(sh, g.shooter) {
		g.shooter = sh[0]
	}
}

// declare sends the side's shots.
func (g *Game) declare() {
	v := g.seat.View(g.side)
	var shots []battle.Shot
	for _, id := range g.shooters(v) {
		if t := g.shots[id]; t != "" {
			shots = append(shots, battle.Shot{Shooter: id, Target: t})
		}
	}
	turn, step := g.publicView().Turn, v.Step
	if err := g.seat.Do(battle.Command{Type: battle.CmdDeclare, Side: g.side, Shots: shots}); err != nil {
		g.a.Say("%v", err)
		return
	}
	g.shots = map[string]string{}
	if now := g.publicView(); now.Phase == battle.Declaring && now.Turn == turn && now.Step == step {
		g.passControls()
	}
	g.advance()
}

func (g *Game) handleDeclare(ev kit.Event) bool {
	v := g.seat.View(g.side)
	sh := g.shooters(v)
	switch {
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter:
		g.declare()
		return true
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyTab && len(sh) > 0:
		i := slices.Index(sh, g.shooter)
		g.shooter = sh[(i+1)%len(sh)]
		return true
	case ev.Kind == kit.Char && (ev.Rune == '0' || ev.Rune == 'x'):
		g.hold(g.shooter)
		return true
	case ev.Kind == kit.Char && ev.Rune >= '1' && ev.Rune <= '9':
		ts := g.targets(g.shooter)
		if i := int(ev.Rune - '1'); i < len(ts) {
			g.aim(g.shooter, ts[i].TargetID)
		}
		return true
	case ev.Kind == kit.MouseDown && ev.Button == kit.ButtonLeft:
		w := g.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
		for _, s := range v.Ships {
			if !s.OnTable || s.Out || !physics.Hexagon(s.Pose, g.seat.Class(s.Class).AcrossFlats).Contains(w) {
				continue
			}
			if s.Own && slices.Contains(sh, s.ID) {
				g.shooter = s.ID
				return true
			}
			for _, r := range g.targets(g.shooter) {
				if r.TargetID == s.ID {
					g.aim(g.shooter, s.ID)
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
func (g *Game) drawTargets(l *kit.List, v battle.View) {
	obst := map[string]referee.Obstacle{}
	for _, o := range v.Obstacles {
		obst[o.ID] = o
	}
	for _, id := range g.shooters(g.seat.View(g.side)) {
		for _, ru := range g.targets(id) {
			chosen := g.shots[id] == ru.TargetID
			if id != g.shooter && !chosen {
				continue
			}
			if id == g.shooter {
				for _, c := range ru.Cover {
					if o, ok := obst[c]; ok && chosen {
						closed := append(g.cam.Pts(o.Polygon), g.cam.ToScreen(o.Polygon[0]))
						l.Line(closed, kit.Alpha(kit.ColCover, 0.9), 6)
					}
				}
				for _, bl := range ru.BlockedBy {
					if o, ok := obst[bl]; ok && o.Kind == referee.Planetoid {
						l.Circle(g.cam.ToScreen(o.Circle.C), o.Circle.R*g.cam.Scale, kit.ColNone, kit.ColWarn, 3)
					}
					if s, ok := own(v, bl); ok {
						l.Poly(g.cam.Pts(physics.Hexagon(s.Pose, g.seat.Class(s.Class).AcrossFlats)), kit.ColNone, kit.ColWarn, 3)
					}
				}
			}
			drawRuler(g.a, l, &g.cam, ru, chosen)
		}
	}
}

// drawDeclarePanel paints the declaration controls.
func (g *Game) drawDeclarePanel(l *kit.List, r kit.Rect) {
	a := g.a
	sc := a.S()
	x, w := r.X+12*sc, r.W-24*sc
	y := r.Y + 26*sc
	v := g.seat.View(g.side)
	// wrapped: on a phone held upright the heading is wider than the panel
	y = a.Para(l, x, y, w, fmt.Sprintf("Turn %d · firing step %d · %s declares", v.Turn, v.Step, SideName(g.side)), 17, SideColor(g.side), true) - a.TextSize(17)*1.3
	y += 10 * sc
	y = g.drawSeatLines(l, x, y, w)
	if len(v.SeenShots) > 0 {
		var parts []string
		for _, s := range v.SeenShots {
			parts = append(parts, s.Shooter+" at "+s.Target)
		}
		y = a.Para(l, x, y+14*sc, w, SideName(g.side.Opponent())+" declared openly first: "+strings.Join(parts, ", ")+".", 13, kit.ColInk, false)
	} else if !g.rules().Has(starship.OptAttackDeclaration) {
		y = a.Para(l, x, y+14*sc, w, "Declarations are open: the other player sees yours.", 12.5, kit.ColSecondary, false)
	}
	y += 8 * sc
	if tb, ok := g.tableSeat(); ok && g.human() != "" && (tb.Offer() != nil || tb.PoseOffer() != nil) {
		// a companion game: the other player's proposal (a pose after a
		// disputed shot, an undo) is answered before this side declares
		// (a pose agreed after a declaration is refused), at the panel's
		// top where it is seen; y stands like under a row of buttons
		pr := g.panelRows(l, x, w, &y, g.seat.Status().Sending != "")
		pr.end = y
		g.drawOffers(tb, g.human(), false, pr)
	}
	sh := g.shooters(v)
	if len(sh) == 0 {
		y = a.Para(l, x, y+14*sc, w, "No ship of yours can fire in this firing step: none has an enemy in its arc, in range and in sight (or it fired already, or jumped in this turn). "+a.Words("Press Enter", "Tap Declare")+" to go on.", 13, kit.ColInk, true)
	}
	for _, id := range sh {
		id := id
		n := len(g.targets(id))
		label := fmt.Sprintf("%s: choose a target (%d in reach)", id, n)
		switch t := g.shots[id]; {
		case t != "":
			label = id + " fires at " + t
		case g.holds[id]:
			label = id + ": holds fire"
		}
		a.Button(l, kit.Rect{X: x, Y: y, W: w, H: 30 * sc}, label, id == g.shooter, false, func() { g.shooter = id })
		y += 34 * sc
		if id != g.shooter {
			continue
		}
		for i, ru := range g.targets(id) {
			ru := ru
			lab := ru.TargetID // a key's number only where there are keys
			if !a.Touch() {
				lab = fmt.Sprintf("%d  %s", i+1, ru.TargetID)
			}
			if p := g.hitChance(id, ru.TargetID); p != "" {
				lab += "   " + p
			}
			a.Button(l, kit.Rect{X: x + 16*sc, Y: y, W: w - 16*sc, H: 28 * sc}, lab, g.shots[id] == ru.TargetID, false, func() { g.aim(id, ru.TargetID) })
			y += 30 * sc
			y = a.Para(l, x+20*sc, y+12*sc, w-24*sc, rulerText(ru)+g.extraFire(ru), 12, BandColor(ru.Band), false) - 2*sc
		}
		a.Button(l, kit.Rect{X: x + 16*sc, Y: y, W: w - 16*sc, H: 26 * sc}, a.Words("0  hold fire", "hold fire"), g.shots[id] == "" && g.holds[id], false, func() { g.hold(id) })
		y += 34 * sc
	}
	if side, ok := g.photoFixing(); ok {
		// a companion game: a ruling the players doubt is measured from a
		// photo of the table before the first declaration
		target := g.shots[g.shooter]
		if ts := g.targets(g.shooter); target == "" && len(ts) > 0 {
			target = ts[0].TargetID
		}
		y = g.drawDispute(l, x, y+4*sc, w, side, g.shooter, target)
	}
	g.decide(l, kit.Rect{X: x, Y: y + 4*sc, W: w, H: 36 * sc}, a.K(g.declareLabel(sh), "Enter"), false, false, func() { g.declare() })
	y += 48 * sc
	g.drawLogTail(l, kit.Rect{X: r.X, Y: y, W: r.W, H: r.Y + r.H - y}, v, "")
	g.drawFooter(l, r)
}

// declareLabel is the Declare button's label: it names the shooters that
// will hold their fire because no target is chosen for them (Enter
// declares at once; a newcomer who chose nothing sees what it does).
func (g *Game) declareLabel(shooters []string) string {
	var idle []string
	for _, id := range shooters {
		if g.shots[id] == "" {
			idle = append(idle, id)
		}
	}
	switch {
	case len(idle) == 0:
		return "Declare"
	case len(idle) == 1:
		return "Declare: " + idle[0] + " holds fire"
	}
	return "Declare: " + strings.Join(idle, ", ") + " hold fire"
}

// aim makes a shooter fire at a target.
func (g *Game) aim(shooter, target string) {
	g.shots[shooter] = target
	delete(g.holds, shooter)
}

// hold makes a shooter hold its fire.
func (g *Game) hold(shooter string) {
	delete(g.shots, shooter)
	g.holds[shooter] = true
}

// hitChance says the chance of at least one hit (and of two, with the
// Rolling doubles rule) of an attack now, from the exact odds of the odds
// package: "hit 58%" (Fire!; Modifiers to combat).
func (g *Game) hitChance(shooter, target string) string {
	attack, mods, ok := g.seat.AttackRoll(g.side, shooter, target)
	if !ok {
		return ""
	}
	total := 0
	for _, m := range mods {
		total += m.Value
	}
	p := odds.Hits(attack, total, g.rules().Has(starship.OptDoubles))
	hit, _ := new(big.Rat).Add(p[1], p[2]).Float64()
	s := fmt.Sprintf("hit %.0f%% (%d+ on 2d6", 100*hit, attack-total)
	if two, _ := p[2].Float64(); two > 0 {
		s += fmt.Sprintf(", two hits %.0f%%", 100*two)
	}
	return s + ")"
}

// extraFire says the arc and the tailing verdict of a target, with the
// margins of the arc and of the line of sight (MEASURE-FORMAT.md, step 8),
// computed for this ruling by the battle's referee.
func (g *Game) extraFire(ru referee.Ruling) string {
	s := fmt.Sprintf(". Arc: in (±%s)", "30°")
	var m referee.Margins
	if ms, ok := g.seat.(seat.Margins); ok {
		m = ms.MarginsOf(ru)
	}
	if m.Arc.Known {
		s += fmt.Sprintf(", %.1f mm inside its edge", m.Arc.MM)
	}
	s += "."
	if l := measure.LineClears(m.LOS); l != "" {
		s += " " + l + "."
	}
	if ru.Tailing {
		s += " Tailing."
	}
	return s
}

// handleMarker places a jumping ship's FTL marker: anywhere in the
// playing area, turned any way (Faster-than-light movement).
func (g *Game) handleMarker(ev kit.Event) bool {
	switch {
	case ev.Kind == kit.MouseMove:
		w := g.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
		g.hoverMarker = &w
		return false
	case ev.Kind == kit.MouseDown && ev.Button == kit.ButtonLeft:
		w := g.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
		v := g.publicView()
		if w.X >= 0 && w.Y >= 0 && w.X <= v.Width && w.Y <= v.Depth {
			g.marker = &w
			return true
		}
		g.a.Say("the FTL marker goes inside the playing area")
		return true
	case ev.Kind == kit.Char && ev.Rune == ',':
		g.markerRot += 15
		return true
	case ev.Kind == kit.Char && ev.Rune == '.':
		g.markerRot -= 15
		return true
	case ev.Kind == kit.KeyPress && ev.Key == kit.KeyEnter:
		g.placeMarker(false)
		return true
	case ev.Kind == kit.Char && (ev.Rune == 'j' || ev.Rune == 'J'):
		g.placeMarker(true) // the jump leaves the playing area (Faster-than-light movement)
		return true
	}
	return false
}

// startMarker opens the marker placement of a side's jumping ship; the
// marker starts turned the way the ship heads.
func (g *Game) startMarker(side battle.Side, id string) {
	g.side = side
	g.st = stMarker
	g.marker = nil
	g.markerRot = 0
	if s, ok := own(g.seat.View(side), id); ok {
		g.markerRot = s.Pose.Heading.Degrees()
	}
}

func (g *Game) placeMarker(leave bool) {
	if g.marker == nil && !leave {
		g.a.Say("click on the table where the marker goes (or j: jump out of the playing area)")
		return
	}
	v := g.seat.View(g.side)
	if len(v.MarkersDue) == 0 {
		return
	}
	cmd := battle.Command{Type: battle.CmdFTL, Side: g.side, Ship: v.MarkersDue[0], Leave: leave}
	if !leave {
		pose := physics.Pose{Pos: *g.marker, Heading: physics.Deg(g.markerRot)}
		cmd.Marker = &pose
	}
	if err := g.seat.Do(cmd); err != nil {
		g.a.Say("%v", err)
		return
	}
	g.marker = nil
	g.advance()
}

// drawMarkerHex paints an FTL marker with the 2d6 rolls of each side, so
// that the roll's side can be found on the table, when they have room.
func (g *Game) drawMarkerHex(l *kit.List, pose physics.Pose, c colorT, alpha float64, numbers bool) {
	geo := g.a.Comp.Geometry
	hexW := physics.Hexagon(pose, geo.FTLMarkerAcrossFlats.Value)
	hex := g.cam.Pts(hexW)
	l.Poly(hex, kit.Alpha(c, 0.22*alpha), kit.Alpha(c, alpha), 2)
	l.Line([]kit.Pt{hex[0], hex[1]}, kit.Alpha(kit.ColInk, alpha), 4)
	if !numbers {
		return
	}
	sz := g.a.TextSize(10.5)
	ctr := g.cam.ToScreen(pose.Pos)
	type sideNumbers struct {
		at   kit.Pt
		text string
		box  kit.Rect
	}
	var nums []sideNumbers
	for _, sd := range geo.FTLSides {
		f, ok := flatForName(sd.Side)
		if !ok {
			continue
		}
		m := g.cam.ToScreen(physics.FlatMidpoint(hexW, f))
		at := kit.Pt{X: m.X + (m.X-ctr.X)*0.45, Y: m.Y + (m.Y-ctr.Y)*0.45 + sz*0.35}
		var rs []string
		for _, r := range sd.Rolls {
			rs = append(rs, strconv.Itoa(r))
		}
		text := strings.Join(rs, ",")
		nums = append(nums, sideNumbers{at, text, kit.LabelBox(at, g.a.Fonts.Width(text, sz, true), sz, kit.AnchorMiddle)})
	}
	// The numbers only where they have room. Zoomed out (a phone shows
	// the whole table) the marker is too small for six of them: their
	// glyphs would pile over each other and over the names around, so
	// none is drawn (the model's marker has them printed, and the words
	// say the side rolled).
	glyphs := func(r kit.Rect) kit.Rect {
		pad := math.Max(2, sz*0.15) // LabelBox's padding
		return kit.Rect{X: r.X + pad, Y: r.Y + pad, W: r.W - 2*pad, H: r.H - 2*pad}
	}
	for i, n := range nums {
		for _, o := range nums[:i] {
			if glyphs(o.box).Overlaps(glyphs(n.box)) {
				return
			}
		}
	}
	for _, n := range nums {
		l.HaloText(n.at, n.text, sz, kit.Alpha(kit.ColInk, alpha), kit.Alpha(kit.ColWhite, 0.85*alpha), kit.AnchorMiddle, true)
		l.Take(n.box)
	}
}

func flatForName(name string) (physics.Flat, bool) {
	for f := physics.FrontFlat; f <= physics.FrontRightFlat; f++ {
		if f.String() == name {
			return f, true
		}
	}
	return 0, false
}

// drawMarker paints the marker placement: the legal area (the whole
// playing area) outlined, the marker under the pointer, the marker
// placed, with the rolls of each side.
func (g *Game) drawMarker(l *kit.List, v battle.View) {
	c := SideColor(g.side)
	corners := g.cam.Pts([]physics.Vec{physics.V(0, 0), physics.V(v.Width, 0), physics.V(v.Width, v.Depth), physics.V(0, v.Depth), physics.V(0, 0)})
	l.Line(corners, kit.Alpha(c, 0.8), 5)
	sz := g.a.TextSize(12)
	top, bottom := g.cam.ToScreen(physics.V(v.Width/2, v.Depth)), g.cam.ToScreen(physics.V(v.Width/2, 0))
	// a phone's board is narrow: its line is short enough to show whole;
	// inside the top edge, else the bottom one, clear of the zones' and
	// ships' names
	hint := g.a.Words("The FTL marker may go anywhere inside the playing area", "The FTL marker goes anywhere inside")
	hw := g.a.Fonts.Width(hint, sz, true)
	cands := []kit.Spot{{At: kit.Pt{X: top.X, Y: top.Y + sz*1.6}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: top.X, Y: top.Y + sz*3}, Anchor: kit.AnchorMiddle},
		{At: kit.Pt{X: bottom.X, Y: bottom.Y - sz*0.8}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: bottom.X, Y: bottom.Y - sz*2.2}, Anchor: kit.AnchorMiddle}}
	if at, _, ok := l.PlaceText(cands, hw, sz, kit.Pt{X: top.X, Y: top.Y + sz*1.6}, 8*sz, g.cam.View); ok {
		l.HaloText(at.At, hint, sz, kit.Mix(c, kit.ColInk, 0.4), kit.ColWhite, at.Anchor, true)
	}
	if g.marker == nil {
		if h := g.hoverMarker; h != nil && h.X >= 0 && h.Y >= 0 && h.X <= v.Width && h.Y <= v.Depth {
			g.drawMarkerHex(l, physics.Pose{Pos: *h, Heading: physics.Deg(g.markerRot)}, c, 0.5, true)
		}
		return
	}
	pose := physics.Pose{Pos: *g.marker, Heading: physics.Deg(g.markerRot)}
	g.drawMarkerHex(l, pose, c, 1, true)
	p := g.cam.ToScreen(pose.Pos)
	sz = g.a.TextSize(10)
	l.HaloText(kit.Pt{X: p.X, Y: p.Y + sz*0.35}, "FTL", sz, kit.ColInk, kit.ColWhite, kit.AnchorMiddle, true)
}

// drawLandings shows, while a turn's moves and results are on screen,
// where each ship that jumped by FTL came out: its marker with the
// rolls of each side and a line to the ship, labelled with the rolls.
func (g *Game) drawLandings(l *kit.List, v battle.View) {
	for _, s := range v.Ships {
		if s.Outcome == nil || !s.Outcome.Jumped || s.Marker == nil || len(s.Outcome.Steps) == 0 {
			continue
		}
		text := s.ID + " came out here"
		if r := g.rollText(s.ID); r != "" {
			text = r
		}
		g.drawJump(l, *s.Marker, s.Outcome.Steps[0].Pose.Pos, SideColor(s.Side), text)
	}
}

// drawJump draws an FTL marker, a dashed line from it to where the ship
// came out and, beside the line, the words that say why there; the
// words are left out when no place is free (the results panel says
// them).
func (g *Game) drawJump(l *kit.List, marker physics.Pose, out physics.Vec, c colorT, text string) {
	g.drawMarkerHex(l, marker, c, 0.9, true)
	p0, p1 := g.cam.ToScreen(marker.Pos), g.cam.ToScreen(out)
	l.Dashed([]kit.Pt{p0, p1}, c, 2, 5, 4)
	sz := g.a.TextSize(12)
	tw := g.a.Fonts.Width(text, sz, true)
	mid := kit.Pt{X: (p0.X + p1.X) / 2, Y: (p0.Y + p1.Y) / 2}
	at, far, ok := l.PlaceText(rulerLabelSpots(p0, p1, sz), tw, sz, mid, 14*sz, g.cam.View)
	if !ok {
		return
	}
	if far {
		l.Leader(kit.LabelBox(at.At, tw, sz, at.Anchor), mid, kit.Alpha(c, 0.8))
	}
	l.HaloText(at.At, text, sz, kit.Mix(c, kit.ColInk, 0.5), kit.ColWhite, at.Anchor, true)
}

// drawEntries shows, while the results that tell of it are on screen,
// where each ship that entered play by FTL came out: the scenario's
// marker with the rolls of each side, a line to the ship and its rolls
// (Faster-than-light movement).
func (g *Game) drawEntries(l *kit.List, v battle.View) {
	specs := map[string]battle.ShipSpec{}
	for _, sp := range g.seat.Setup().Ships {
		if sp.EntersByFTL {
			specs[sp.ID] = sp
		}
	}
	for _, e := range g.results {
		if e.Kind != battle.EvFTLEntry || len(e.Dice) != 3 {
			continue
		}
		sp, ok := specs[e.Ship]
		if !ok {
			continue
		}
		for _, s := range v.Ships {
			if s.ID != sp.ID || !s.OnTable {
				continue
			}
			d1, d2 := e.Dice[0], e.Dice[1]
			side := ""
			if sd, ok := g.a.Comp.Geometry.FTLSideFor(d1 + d2); ok {
				side = sd.Side
			}
			text := fmt.Sprintf("%s entered by FTL: 2d6 = %d+%d = %d, the %s side; 1d6 = %d cm ahead", s.ID, d1, d2, d1+d2, side, e.Dice[2])
			g.drawJump(l, sp.Pose, s.Pose.Pos, SideColor(s.Side), text)
		}
	}
}

// rollText says a jump's rolls from the log (its EvFTLRoll event): which
// side, how far.
func (g *Game) rollText(id string) string {
	evs := g.publicView().Events
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		if e.Kind != battle.EvFTLRoll || e.Ship != id || len(e.Dice) != 3 {
			continue
		}
		d1, d2 := e.Dice[0], e.Dice[1]
		side := ""
		if sd, ok := g.a.Comp.Geometry.FTLSideFor(d1 + d2); ok {
			side = sd.Side
		}
		return fmt.Sprintf("%s: 2d6 = %d+%d = %d, the %s side; 1d6 = %d cm ahead", id, d1, d2, d1+d2, side, e.Dice[2])
	}
	return ""
}
