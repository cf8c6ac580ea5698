package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// ownActive lists the side's ships on the table.
func ownActive(v battle.View) []battle.ShipView {
	var out []battle.ShipView
	for _, s := range v.Ships {
		if s.Own && s.OnTable && !s.Out {
			out = append(out, s)
		}
	}
	return out
}

// planShips lists the ships the planning screen plans: the side's ships on
// the table, or while preplanning those whose severely wounded pilot fixes
// next turn's cards now.
func (g *Game) planShips(v battle.View) []battle.ShipView {
	if !g.preplan {
		return ownActive(v)
	}
	var out []battle.ShipView
	for _, s := range v.Ships {
		if s.Own && s.MustPreplan {
			out = append(out, s)
		}
	}
	return out
}

// defaultPlan is the plan a panel starts from: keep the kinetic energy
// with a straight card, the dial as it is. Under the Quick Start Rules,
// which have no kinetic energy, the slider stays where the control panel
// shows it (Speed settings on the control panel).
func defaultPlan(st starship.State, quick bool) starship.Plan {
	if quick && st.Speed != "" && st.Speed != maneuvers.FTL {
		return starship.Plan{Cards: []string{"straight"}, Speed: st.Speed, Rotate: st.Rotation}
	}
	ke := min(max(st.KE, -1), 3)
	sp, _ := maneuvers.SpeedForKineticEnergy(ke)
	cards := []string{"straight"}
	if st.KE > 3 {
		sp, _ = maneuvers.SpeedForKineticEnergy(st.KE - 3)
		cards = []string{"straight", "overboost-straight"}
	}
	return starship.Plan{Cards: cards, Speed: sp, Rotate: st.Rotation}
}

func (g *Game) selectNextShip() {
	v := g.seat.View(g.side)
	ships := g.planShips(v)
	for _, s := range ships {
		if !s.Planned && !g.waiting(v, s.ID) {
			g.sel = s.ID
			return
		}
	}
	if g.sel == "" && len(ships) > 0 {
		g.sel = ships[0].ID
	}
}

// draft returns the plan being edited for a ship.
func (g *Game) draft(v battle.View, id string) *starship.Plan {
	if p, ok := g.drafts[id]; ok {
		return p
	}
	s, ok := own(v, id)
	if !ok || s.State == nil {
		return &starship.Plan{}
	}
	p := defaultPlan(*s.State, g.rules().Set == starship.Quick)
	if s.Plan != nil {
		p = s.Plan.Clone()
	}
	g.drafts[id] = &p
	return &p
}

// planCheck is the engine's Preview of a draft for one of the view's own
// ships: the violations, and the outcome the ghost shows (nil while the
// plan flown jumps: the marker is not down). A plan is previewed once for
// each change of the draft or of the ship, not every frame.
func (g *Game) planCheck(v battle.View, id string, p starship.Plan) (*starship.Outcome, []starship.Violation, error) {
	s, ok := own(v, id)
	if !ok || s.State == nil {
		return nil, nil, fmt.Errorf("no ship %s", id)
	}
	key := fmt.Sprintf("%+v|%+v", p, *s.State)
	if c, ok := g.previews[id]; ok && c.plan == key {
		return c.o, c.vs, c.err
	}
	c := checked{plan: key}
	o, err := g.seat.Preview(s.Side, id, p)
	c.vs, c.err = o.Violations, err
	if err == nil && len(o.Steps) > 0 {
		c.o = &o
	}
	if g.previews == nil {
		g.previews = map[string]checked{}
	}
	g.previews[id] = c
	return c.o, c.vs, c.err
}

// leaving is where a move's swept base first goes beyond an edge of the
// play area: the movement step and the engine's own measure of the sweep.
type leaving struct {
	step string
	sw   maneuvers.AreaSweep
	// goal: a Leave condition makes this edge the ship's way out.
	goal bool
}

// leaves measures a move's whole base, swept along its path in each
// movement step, against the play area, as the engine does when it
// moves the ship (Special cases: a spaceship that moves out of the
// playing area, even partially, is eliminated).
func (g *Game) leaves(v battle.View, id string, o *starship.Outcome) (leaving, bool) {
	s, ok := own(v, id)
	if !ok || o == nil {
		return leaving{}, false
	}
	across := g.seat.Class(s.Class).AcrossFlats
	for _, st := range o.Steps {
		if sw := st.SweepArea(across, v.Width, v.Depth); sw.Leaves {
			lv := leaving{step: st.Name, sw: sw}
			for _, c := range g.seat.Setup().Victory {
				if c.Kind == battle.Leave && c.By == battle.ExitEdge && c.Ship == id && string(c.Edge) == sw.Edge {
					lv.goal = true
				}
			}
			return lv, true
		}
	}
	return leaving{}, false
}

// text says where and how the base leaves the table.
func (lv leaving) text(id string) string {
	step := "During the move"
	if strings.HasPrefix(lv.step, "move ") {
		step = "In movement step " + strings.TrimPrefix(lv.step, "move ")
	}
	if lv.goal {
		return fmt.Sprintf("%s %s leaves the table across the %s edge: its way out (the scenario's goal).", step, id, lv.sw.Edge)
	}
	return fmt.Sprintf("Leaves the table! %s the base crosses the %s edge (%.1f mm beyond at worst): %s would be eliminated (Special cases: a ship that moves out of the playing area, even partly, is eliminated).",
		step, lv.sw.Edge, -lv.sw.Margin, id)
}

// cardLists splits a deck into the main maneuver cards and the second
// cards (overboost, change direction, blank).
func cardLists(deck maneuvers.Deck) (main, second []maneuvers.Card) {
	for _, c := range deck.Cards {
		if c.IsSecond() {
			second = append(second, c)
		} else {
			main = append(main, c)
		}
	}
	return main, second
}

// setMain puts a maneuver card in the plan, keeping the second card.
func setMain(p *starship.Plan, deck maneuvers.Deck, id string) {
	_, sec := splitPlan(p, deck)
	p.Cards = []string{id}
	if sec != "" {
		p.Cards = append(p.Cards, sec)
	}
}

// setSecond sets (or with "" removes) the second card.
func setSecond(p *starship.Plan, deck maneuvers.Deck, id string) {
	m, _ := splitPlan(p, deck)
	p.Cards = nil
	if m != "" {
		p.Cards = append(p.Cards, m)
	}
	if id != "" {
		p.Cards = append(p.Cards, id)
	}
	if len(p.Cards) == 0 {
		p.Cards = []string{"straight"}
	}
}

// splitPlan returns the plan's maneuver card and its second card.
func splitPlan(p *starship.Plan, deck maneuvers.Deck) (main, second string) {
	for _, id := range p.Cards {
		c, ok := deck.Card(id)
		if ok && c.IsSecond() {
			second = id
		} else if main == "" {
			main = id
		}
	}
	return main, second
}

func (g *Game) commit() {
	v := g.seat.View(g.side)
	s, ok := own(v, g.sel)
	if !ok {
		return
	}
	if g.preplan {
		g.commitPreplan(v, s)
		return
	}
	if s.Planned {
		g.a.Say("%s has a plan already: u withdraws it", s.ID)
		return
	}
	p := g.draft(v, s.ID)
	o, vs, err := g.planCheck(v, s.ID, *p)
	if err != nil {
		g.a.Say("%v", err)
		return
	}
	if lv, out := g.leaves(v, s.ID, o); out && !lv.goal && g.confirm != s.ID {
		g.confirm = s.ID
		g.a.Say("%s's plan leaves the table across the %s edge: %s; the ship will be eliminated", s.ID, lv.sw.Edge, g.a.Words("Enter again commits it anyway", "Commit again commits it anyway"))
		return
	}
	if len(vs) > 0 && g.confirm != s.ID {
		g.confirm = s.ID
		g.a.Say("%s's plan is illegal: %s. %s; it will be corrected at the reveal, with damage", s.ID, vs[0].Message, g.a.Words("Enter again commits it anyway", "Commit again commits it anyway"))
		return
	}
	for _, n := range g.planNotes(v, s.ID, *p, o) {
		if n.warn && g.confirm != s.ID {
			g.confirm = s.ID
			g.a.Say("%s %s", n.text, g.a.Words("Enter again commits it anyway.", "Commit again commits it anyway."))
			return
		}
	}
	plan := p.Clone()
	if err := g.seat.Do(battle.Command{Type: battle.CmdPlan, Side: g.side, Ship: s.ID, Plan: &plan}); err != nil {
		g.a.Say("%v", err)
		return
	}
	g.confirm = ""
	g.a.Say("%s: plan committed", s.ID)
	g.selectNextShip()
}

// commitPreplan fixes a severely wounded pilot's cards for next turn;
// when the last is in, the second movement step goes on.
func (g *Game) commitPreplan(v battle.View, s battle.ShipView) {
	if !s.MustPreplan {
		g.a.Say("%s has no severely wounded pilot to plan now", s.ID)
		return
	}
	p := g.draft(v, s.ID).Clone()
	if err := g.seat.Do(battle.Command{Type: battle.CmdPreplan, Side: g.side, Ship: s.ID, Plan: &p}); err != nil {
		g.a.Say("%v", err)
		return
	}
	g.a.Say("%s: next turn's cards fixed (%s)", s.ID, g.cardNames(s.ID, p.Cards))
	if g.publicView().Phase != battle.Preplanning {
		g.preplan = false
		g.advance()
		return
	}
	if len(g.planShips(g.seat.View(g.side))) > 0 {
		g.selectNextShip()
		return
	}
	g.preplan = false
	g.passControls()
	g.advance()
}

func (g *Game) undo() {
	v := g.seat.View(g.side)
	s, ok := own(v, g.sel)
	if !ok || !s.Planned {
		g.a.Say("no committed plan to withdraw for %s", g.sel)
		return
	}
	if err := g.seat.Do(battle.Command{Type: battle.CmdUndo, Side: g.side, Ship: s.ID}); err != nil {
		g.a.Say("%v", err)
		return
	}
	g.a.Say("%s: plan withdrawn", s.ID)
}

// declineTail gives up tailing for the selected ship: it plans without
// waiting for the ship it tails and sees none of its cards (Tailing: a
// player "may" tail).
func (g *Game) declineTail() {
	v := g.seat.View(g.side)
	s, ok := own(v, g.sel)
	if !ok || s.Tailing == "" {
		g.a.Say("%s is not tailing anyone", g.sel)
		return
	}
	if err := g.seat.Do(battle.Command{Type: battle.CmdTail, Side: g.side, Ship: s.ID}); err != nil {
		g.a.Say("%v", err)
		return
	}
	g.a.Say("%s: tailing declined", s.ID)
}

// PilotLabel names a ship's pilot: a named pilot's card (name, rank and
// the status it counts as; Pilot cards) or the pilot token.
func PilotLabel(comp *assets.Components, card string, token starship.Pilot) string {
	if comp == nil || card == "" {
		return string(token)
	}
	if c, ok := comp.PilotCard(card); ok {
		return fmt.Sprintf("%s (%s, %s)", c.Name, c.Rank, c.Experience)
	}
	return string(token)
}

// handOver passes the controls on once the side has committed what it can.
func (g *Game) handOver() {
	if g.preplan {
		g.a.Say("fix next turn's cards of every severely wounded pilot first (Enter)")
		return
	}
	if _, now := g.plannable(g.side); now {
		g.a.Say("commit a plan for every ship first (Enter)")
		return
	}
	g.passControls()
	g.advance()
}

func (g *Game) handlePlan(ev kit.Event) bool {
	v := g.seat.View(g.side)
	s, ok := own(v, g.sel)
	if ev.Kind == kit.KeyPress {
		switch ev.Key {
		case kit.KeyTab:
			ships := g.planShips(v)
			if len(ships) == 0 {
				return true
			}
			i := slices.IndexFunc(ships, func(x battle.ShipView) bool { return x.ID == g.sel })
			d := 1
			if ev.Shift {
				d = len(ships) - 1
			}
			g.sel = ships[(max(i, 0)+d)%len(ships)].ID
			g.confirm = ""
			return true
		case kit.KeyEnter:
			g.commit()
			return true
		}
	}
	if ev.Kind == kit.MouseDown && ev.Button == kit.ButtonLeft {
		w := g.cam.ToWorld(kit.Pt{X: ev.X, Y: ev.Y})
		for _, sh := range g.planShips(v) {
			if physics.Hexagon(sh.Pose, g.seat.Class(sh.Class).AcrossFlats).Contains(w) {
				g.sel = sh.ID
				g.confirm = ""
				return true
			}
		}
	}
	if ev.Kind != kit.Char || !ok {
		return false
	}
	deck := g.seat.Class(s.Class).Deck
	p := g.draft(v, s.ID)
	edit := func(f func()) bool {
		if s.Planned && !g.preplan {
			g.a.Say("%s's plan is committed: u withdraws it to change it", s.ID)
			return true
		}
		f()
		g.confirm = ""
		return true
	}
	mains, seconds := cardLists(deck)
	switch r := ev.Rune; {
	case r == 'c' || r == 'C':
		return edit(func() {
			m, _ := splitPlan(p, deck)
			i := slices.IndexFunc(mains, func(c maneuvers.Card) bool { return c.ID == m })
			d := 1
			if r == 'C' {
				d = len(mains) - 1
			}
			setMain(p, deck, mains[(max(i, 0)+d)%len(mains)].ID)
		})
	case r == 'o' || r == 'O':
		return edit(func() {
			_, sec := splitPlan(p, deck)
			ids := []string{""}
			for _, c := range g.usableSeconds(seconds) {
				ids = append(ids, c.ID)
			}
			i := slices.Index(ids, sec)
			setSecond(p, deck, ids[(i+1)%len(ids)])
		})
	case r >= '1' && r <= '9':
		speeds := g.sliderSpeeds()
		if i := int(r - '1'); i < len(speeds) {
			return edit(func() { p.Speed = speeds[i] })
		}
		g.a.Say("the speed slider has %d positions: 1 to %d", len(speeds), len(speeds))
		return true
	case (r == ',' || r == '.') && g.rules().Set == starship.Quick:
		g.a.Say("the Quick Start Rules have no rotation dial")
		return true
	case r == ',':
		return edit(func() { p.Rotate = starship.StepDial(p.Rotate, -1) })
	case r == '.':
		return edit(func() { p.Rotate = starship.StepDial(p.Rotate, 1) })
	case r == '[':
		return edit(func() { p.Level = max(-1, p.Level-1) })
	case r == ']':
		return edit(func() { p.Level = min(1, p.Level+1) })
	case r == 'u' || r == 'U':
		g.undo()
		return true
	case r == 'x' || r == 'X':
		g.declineTail()
		return true
	case r == 'h' || r == 'H':
		g.handOver()
		return true
	}
	return false
}

// drawGhosts paints, for the planning side, every planned or drafted
// move: the path, the cards laid, the poses after each step and the end
// pose; an illegal plan's ghost (as corrected) in vermillion.
func (g *Game) drawGhosts(l *kit.List, v battle.View) {
	for _, s := range ownActive(v) {
		selected := s.ID == g.sel
		if !selected && !s.Planned {
			continue
		}
		p := g.draft(v, s.ID)
		if s.Planned && s.Plan != nil {
			pp := s.Plan.Clone()
			p = &pp
		}
		o, _, err := g.planCheck(v, s.ID, *p)
		if err != nil || o == nil {
			continue
		}
		col := SideColor(s.Side)
		lv, out := g.leaves(v, s.ID, o)
		if o.Corrected || out && !lv.goal {
			col = kit.ColWarn
		}
		alpha := 1.0
		if !selected {
			alpha = 0.5
		}
		if selected {
			for _, c := range o.Cards {
				l.Poly(g.cam.Pts(c.Footprint), kit.Alpha(kit.ColWhite, 0.35), kit.Alpha(kit.ColSecondary, 0.45), 1)
				if len(c.Arrow) > 1 {
					l.Line(g.cam.Pts(c.Arrow), kit.Alpha(kit.ColSecondary, 0.6), 1.5)
				}
			}
		}
		g.drawPath(l, o.Path, col, 0.9*alpha)
		lk := g.shipLook(s)
		for i, st := range o.Steps {
			gl := lk
			gl.Pose, gl.Rotation, gl.Level = st.Pose, st.Rotation, st.Level
			gl.Ghost, gl.GhostCol = true, col
			if i < len(o.Steps)-1 {
				gl.Fade = 0.5
			}
			if alpha < 1 {
				gl.Fade = math.Max(gl.Fade, 0.4)
			}
			drawShip(g.a, l, &g.cam, gl)
			if selected && g.arcs && i == len(o.Steps)-1 {
				drawArc(l, &g.cam, gl, col, 0.8)
			}
		}
		if selected {
			g.drawObjectiveLabel(l, v, s.ID, *p, o, col)
		}
		if out && !lv.goal {
			// the base where it first crosses the edge, and the corner
			hex := g.cam.Pts(physics.Hexagon(lv.sw.Pose, g.seat.Class(s.Class).AcrossFlats))
			l.Poly(hex, kit.Alpha(kit.ColWarn, 0.25*alpha), kit.Alpha(kit.ColWarn, alpha), 2.5)
			p := g.cam.ToScreen(lv.sw.Point)
			l.Circle(p, 6, kit.ColWarn, kit.ColWhite, 2)
			if selected {
				sz := g.a.TextSize(13)
				text := "OFF THE TABLE: " + strings.ToUpper(lv.sw.Edge) + " EDGE"
				tw := g.a.Fonts.Width(text, sz, true)
				spots := []kit.Spot{{At: kit.Pt{X: p.X, Y: p.Y - 14}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: p.X, Y: p.Y + 26}, Anchor: kit.AnchorMiddle},
					{At: kit.Pt{X: p.X + 14, Y: p.Y + 5}, Anchor: kit.AnchorStart}, {At: kit.Pt{X: p.X - 14, Y: p.Y + 5}, Anchor: kit.AnchorEnd}}
				at, far, ok := l.PlaceText(spots, tw, sz, p, 12*sz, g.cam.View)
				if !ok {
					continue // the panel warns in full
				}
				if far {
					l.Leader(kit.LabelBox(at.At, tw, sz, at.Anchor), p, kit.ColWarn)
				}
				l.HaloText(at.At, text, sz, kit.ColWarn, kit.ColWhite, at.Anchor, true)
			}
		}
	}
}

// sliderSpeeds are the speed slider's positions in this game's rules, in
// the order the keys 1, 2, … choose them: back to high, and FTL only where
// the rules have it (Faster-than-light movement; the Quick Start Rules have
// none).
func (g *Game) sliderSpeeds() []maneuvers.Speed {
	speeds := []maneuvers.Speed{maneuvers.Back, maneuvers.Stop, maneuvers.Low, maneuvers.Medium, maneuvers.High}
	if g.rules().Has(starship.OptFTL) {
		speeds = append(speeds, maneuvers.FTL)
	}
	return speeds
}

// drawPlanPanel paints the control panel of the selected ship.
func (g *Game) drawPlanPanel(l *kit.List, r kit.Rect) {
	a := g.a
	sc := a.S()
	x, w := r.X+12*sc, r.W-24*sc
	y := r.Y + 26*sc
	v := g.seat.View(g.side)
	heading := fmt.Sprintf("Turn %d · %s planning", v.Turn, SideName(g.side))
	if g.preplan {
		heading = fmt.Sprintf("Turn %d · %s: next turn's cards", v.Turn, SideName(g.side))
	}
	a.Label(l, x, y, heading, 18, SideColor(g.side), true)
	y += 12 * sc
	y = g.drawSeatLines(l, x, y, w)
	// ship tabs
	ships := g.planShips(v)
	bw := (w - float64(len(ships)-1)*4*sc) / math.Max(1, float64(len(ships)))
	bw = math.Max(bw, 60*sc)
	bx := x
	for _, s := range ships {
		label := s.ID
		if s.Planned && !g.preplan {
			label += " (planned)" // the word of its badge on the table
		} else if g.waiting(v, s.ID) {
			label += " (waits)"
		}
		id := s.ID
		if bx+bw > x+w+1 {
			bx = x
			y += 32 * sc
		}
		a.Button(l, kit.Rect{X: bx, Y: y, W: bw, H: 28 * sc}, label, id == g.sel, false, func() { g.sel = id; g.confirm = "" })
		bx += bw + 4*sc
	}
	y += 34 * sc
	s, ok := own(v, g.sel)
	if !ok || s.State == nil {
		return
	}
	class := g.seat.Class(s.Class)
	st := *s.State
	// facts the owner alone sees, in a block of fixed height so that the
	// controls below stand at the same place for every ship
	p := g.draft(v, s.ID)
	quick := g.rules().Set == starship.Quick
	facts := fmt.Sprintf("%s · pilot %s · slider %s", class.Name, PilotLabel(g.a.Comp, s.PilotCard, st.Pilot), st.Speed)
	if !quick {
		facts += fmt.Sprintf(" · kinetic energy %d", st.KE)
		if o, _, err := g.planCheck(v, s.ID, *p); err == nil && o != nil && o.KE != st.KE {
			facts += fmt.Sprintf(" (this plan: %d)", o.KE)
		}
	}
	if g.rules().Has(starship.OptThreeD) {
		facts += fmt.Sprintf(" · level %d", st.Level)
	}
	if g.rules().Has(starship.OptFuel) {
		facts += fmt.Sprintf(" · fuel %d", st.Fuel)
	}
	dmg := 0
	if s.Damage != nil {
		dmg = *s.Damage
	}
	facts += fmt.Sprintf(" · damage %d of %d", dmg, class.Structure)
	if len(s.Counters) > 0 {
		var cs []string
		for _, c := range s.Counters {
			cs = append(cs, c.String())
		}
		facts += " (counters " + strings.Join(cs, ", ") + ")"
	}
	if sp := st.Damage; sp != (starship.Damage{}) {
		facts += fmt.Sprintf(" · special: engine %d, control %d, pilot %d, hull %d", sp.Engine, sp.Control, sp.Pilot, sp.Hull)
	}
	if len(s.Talents) > 0 {
		facts += " · talents " + g.talentBook(s.Talents, s.TalentUses)
	}
	if len(s.Flaws) > 0 {
		facts += " · flaws " + g.talentBook(s.Flaws, s.TalentUses)
	}
	if s.Tailing != "" {
		facts += " · tailing " + s.Tailing
		if !s.Planned {
			facts += " (x declines)"
		}
	}
	y = g.factsBlock(l, x, y+12*sc, w, facts)
	if g.preplan {
		y = a.Para(l, x, y+4*sc, w, "The pilot is severely wounded: choose next turn's card (or two) now. Next turn only the dial, the speed and the level may change. Enter fixes the cards.", 12.5, kit.ColWarn, true)
	}
	locked := s.Planned && !g.preplan // preplanning: this turn's plan is in, next turn's cards are not
	if locked && s.Plan != nil {
		pp := s.Plan.Clone()
		p = &pp
	}
	edit := func(f func()) func() {
		return func() {
			if locked {
				g.a.Say("%s's plan is committed: u withdraws it to change it", s.ID)
				return
			}
			f()
			g.confirm = ""
		}
	}
	deck := class.Deck
	mains, seconds := cardLists(deck)
	m, sec := splitPlan(p, deck)
	speed := p.Speed
	if speed == maneuvers.FTL {
		speed = ""
	}
	section := func(title string) {
		y += 6 * sc
		a.Label(l, x, y+10*sc, title, 13, kit.ColInk, true)
		y += 16 * sc
	}
	section(a.K("Maneuver card", "c"))
	cols := 3
	cw := (w - float64(cols-1)*4*sc) / float64(cols)
	bh := 26 * sc
	bracketed := false
	// the cards the rules of difficult maneuvers touch now, marked before
	// the player chooses one
	var costs []cardCost
	if !locked && !g.preplan {
		costs = g.cardCosts(s.Side, s, deck, *p)
	}
	for i, c := range mains {
		cx := x + float64(i%cols)*(cw+4*sc)
		cy := y + float64(i/cols)*(bh+4*sc)
		label := fmt.Sprintf("%s G%d", c.Name, c.G)
		if _, has := c.Arrow(speed); !has && speed != "" && speed != maneuvers.Stop {
			label = "(" + label + ")"
			bracketed = true
		}
		id := c.ID
		cc, marked := costOf(costs, id)
		a.ButtonBeside(l, kit.Rect{X: cx, Y: cy, W: cw, H: bh}, label, id == m, false, edit(func() { setMain(p, deck, id) }), markRoom(marked, sc))
		if marked {
			drawCostMark(l, kit.Rect{X: cx, Y: cy, W: cw, H: bh}, cc, sc)
		}
	}
	y += float64((len(mains)+cols-1)/cols) * (bh + 4*sc)
	// the legend of the brackets (when a card is in brackets), in a
	// space of fixed height
	if bracketed {
		a.Para(l, x, y+8*sc, w, fmt.Sprintf("(In brackets): no arrow for %s speed; it cannot be flown at it.", speed), 11, kit.ColSecondary, false)
	}
	y += 10*sc + float64(len(a.Fonts.Wrap("(In brackets): no arrow for medium speed; it cannot be flown at it.", a.TextSize(11), w, false))-1)*a.TextSize(11)*1.3
	for i, line := range g.costLines(s.ID, costs) {
		if i == 0 {
			y += a.TextSize(11) * 1.3 // below the bracket legend's space
		}
		col := kit.ColSecondary
		if line.warn {
			col = kit.ColWarn
		}
		y = a.Para(l, x, y+6*sc, w, line.text, 11, col, false)
	}
	section(a.K("Second card", "o"))
	opts := append([]maneuvers.Card{{ID: "", Name: "none"}}, g.usableSeconds(seconds)...)
	for i, c := range opts {
		cx := x + float64(i%cols)*(cw+4*sc)
		cy := y + float64(i/cols)*(bh+4*sc)
		id := c.ID
		label := c.Name
		if id != "" {
			label = fmt.Sprintf("%s G%d", c.Name, c.G)
		}
		cc, marked := costOf(costs, id)
		a.ButtonBeside(l, kit.Rect{X: cx, Y: cy, W: cw, H: bh}, label, id == sec, false, edit(func() { setSecond(p, deck, id) }), markRoom(marked, sc))
		if marked {
			drawCostMark(l, kit.Rect{X: cx, Y: cy, W: cw, H: bh}, cc, sc)
		}
	}
	y += float64((len(opts)+cols-1)/cols) * (bh + 4*sc)
	speeds := g.sliderSpeeds()
	section(a.K("Speed slider", fmt.Sprintf("1-%d", len(speeds))))
	sw := (w - float64(len(speeds)-1)*4*sc) / float64(len(speeds))
	for i, spd := range speeds {
		spd := spd
		a.Button(l, kit.Rect{X: x + float64(i)*(sw+4*sc), Y: y, W: sw, H: bh}, string(spd), p.Speed == spd, false, edit(func() { p.Speed = spd }))
	}
	y += bh + 4*sc
	if quick {
		section("Rotation and levels")
		l.Text(kit.Pt{X: x, Y: y + bh*0.68}, "Quick Start Rules: no rotation dial; the ship faces where it heads.", a.TextSize(12), kit.ColSecondary, kit.AnchorStart, false)
		y += bh + 10*sc
	} else {
		section(a.Words("Rotation dial (, and .) and level ([ and ])", "Rotation dial and level"))
		g.drawDial(l, x, y, w, p, edit)
		y += bh + 10*sc
	}
	// the buttons stand at the same place for every ship; what the
	// plan does is said below them (on a phone, pinned above the footer
	// while the cards push them out of the room)
	hw := (w - 8*sc) / 3
	g.decide(l, kit.Rect{X: x, Y: y, W: hw, H: 34 * sc}, a.K("Commit", "Enter"), false, locked, func() { g.commit() })
	g.decide(l, kit.Rect{X: x + hw + 4*sc, Y: y, W: hw, H: 34 * sc}, a.K("Undo", "u"), false, !locked, func() { g.undo() })
	_, now := g.plannable(g.side)
	hand := a.K("Hand over", "h")
	if !g.plays(g.side.Opponent()) {
		hand = a.K("Done", "h")
	}
	g.decide(l, kit.Rect{X: x + 2*(hw+4*sc), Y: y, W: hw, H: 34 * sc}, hand, false, now || g.preplan, func() { g.handOver() })
	y += 34 * sc
	if !now && !g.preplan {
		// what to do next, once every ship is planned
		next := hand + " ends your planning: the plans are revealed."
		if g.plays(g.side.Opponent()) {
			next = hand + " passes the screen to the " + SideName(g.side.Opponent()) + " player."
		}
		y = a.Para(l, x, y+14*sc, w, "Every ship is planned. "+next, 12.5, kit.ColOK, true) - 4*sc
	}
	// legality and the outcome
	o, vs, err := g.planCheck(v, s.ID, *p)
	lv, lvOut := g.leaves(v, s.ID, o)
	switch {
	case g.preplan:
		// next turn's cards: judged next turn, from where the ship will be
		y = a.Para(l, x, y+12*sc, w, "Next turn's cards: "+g.cardNames(s.ID, p.Cards)+".", 12.5, kit.ColInk, true)
	case err != nil:
		y = a.Para(l, x, y+12*sc, w, "Not a plan: "+err.Error(), 12.5, kit.ColWarn, false)
	case len(vs) > 0:
		for _, vi := range vs {
			y = a.Para(l, x, y+12*sc, w, fmt.Sprintf("Illegal [%s]: %s (%s)", vi.Rule, vi.Message, vi.Section), 12.5, kit.ColWarn, true)
		}
		if o != nil {
			y = a.Para(l, x, y+2*sc, w, fmt.Sprintf("The ghost shows it as corrected: %s at %s, %s.", g.cardNames(s.ID, o.Executed.Cards), o.Executed.Speed, count(o.DamageDraws, "damage counter")), 12, kit.ColWarn, false)
		}
		if lvOut {
			y = a.Para(l, x, y+2*sc, w, lv.text(s.ID), 12, kit.ColWarn, !lv.goal)
		}
	case lvOut && !lv.goal:
		y = a.Para(l, x, y+12*sc, w, lv.text(s.ID), 12.5, kit.ColWarn, true)
		if g.confirm == s.ID {
			y = a.Para(l, x, y+2*sc, w, a.Words("Enter again commits it anyway.", "Commit again commits it anyway."), 12, kit.ColWarn, false)
		}
	default:
		msg := "Legal plan."
		if lvOut {
			msg += " " + lv.text(s.ID)
		}
		if o != nil && !quick {
			msg += fmt.Sprintf(" Kinetic energy after the reveal: %d.", o.KE)
			if g.rules().Has(starship.OptFuel) {
				msg += fmt.Sprintf(" Fuel spent: %d.", o.FuelSpent)
			}
		} else if p.Speed == maneuvers.FTL {
			msg += " FTL: the marker is placed after the reveal."
		}
		col := kit.ColOK
		for _, n := range g.planNotes(v, s.ID, *p, o) {
			if n.warn {
				msg, col = "Legal, but flagged:", kit.ColWarn
			}
		}
		y = a.Para(l, x, y+12*sc, w, msg, 12.5, col, true)
	}
	for _, n := range g.planNotes(v, s.ID, *p, o) {
		c := kit.ColInk
		if n.warn {
			c = kit.ColWarn
		}
		y = a.Para(l, x, y+8*sc, w, n.text, 12.5, c, n.warn)
		if n.warn && g.confirm == s.ID {
			y = a.Para(l, x, y+2*sc, w, a.Words("Enter again commits it anyway.", "Commit again commits it anyway."), 12, kit.ColWarn, false)
		}
	}
	y += 6 * sc
	for _, ln := range g.rulesBehind(s, class, st, p, o) {
		y = a.Para(l, x, y+12*sc, w, ln, 11.5, kit.ColSecondary, false) - 2*sc
	}
	y += 6 * sc
	if len(s.Talents)+len(s.Flaws) > 0 {
		for _, id := range append(append([]string{}, s.Talents...), s.Flaws...) {
			y = a.Para(l, x, y+12*sc, w, g.talentText(id)+".", 11.5, kit.ColSecondary, false) - 2*sc
		}
		y += 6 * sc
	}
	if y < r.Y+r.H-150*sc {
		g.drawLogTail(l, kit.Rect{X: r.X, Y: y, W: r.W, H: r.Y + r.H - y}, v, "")
	}
	g.drawFooter(l, r)
}

// drawDial paints the rotation dial and the level slider (Complete Rules).
func (g *Game) drawDial(l *kit.List, x, y, w float64, p *starship.Plan, edit func(func()) func()) {
	a := g.a
	sc := a.S()
	bh := 26 * sc
	dw := 34 * sc
	a.Button(l, kit.Rect{X: x, Y: y, W: dw, H: bh}, "<", false, false, edit(func() { p.Rotate = starship.StepDial(p.Rotate, -1) }))
	dialText := fmt.Sprintf("%+d notch(es): facing %s", p.Rotate, facingWords(p.Rotate))
	if p.Rotate == 0 {
		dialText = "0: facing the heading"
	}
	// between the buttons: one line, else two (a narrow panel), each
	// made smaller until it fits
	cx, avail := x+w/4, w/2-2*dw-6*sc
	lines := []string{dialText}
	sz := a.TextSize(12)
	if a.Fonts.Width(dialText, sz, false) > avail {
		head, tail, _ := strings.Cut(dialText, ": ")
		lines, sz = []string{head + ":", tail}, a.TextSize(10.5)
	}
	for _, ln := range lines {
		for a.Fonts.Width(ln, sz, false) > avail && sz > 6 {
			sz *= 0.93
		}
	}
	for i, ln := range lines {
		ly := y + bh*0.68
		if len(lines) == 2 {
			ly = y + bh*0.5 + (float64(i)-0.5)*sz*1.05 + sz*0.35
		}
		l.Text(kit.Pt{X: cx, Y: ly}, ln, sz, kit.ColInk, kit.AnchorMiddle, false)
	}
	a.Button(l, kit.Rect{X: x + w/2 - dw, Y: y, W: dw, H: bh}, ">", false, false, edit(func() { p.Rotate = starship.StepDial(p.Rotate, 1) }))
	if g.rules().Has(starship.OptThreeD) {
		lw := (w/2 - 8*sc) / 3
		for i, lv := range []int{-1, 0, 1} {
			lv := lv
			a.Button(l, kit.Rect{X: x + w/2 + 8*sc + float64(i)*lw, Y: y, W: lw - 3*sc, H: bh}, fmt.Sprintf("level %+d", lv), p.Level == lv, false, edit(func() { p.Level = lv }))
		}
	} else {
		l.Text(kit.Pt{X: x + w*0.75, Y: y + bh*0.68}, "levels: not in use", a.TextSize(12), kit.ColSecondary, kit.AnchorMiddle, false)
	}
}

// usableSeconds lists the second cards the rules in force allow
// (starship.SecondCardInUse: the change direction card only with the
// Complete Rules, blanks only with their optional rule).
func (g *Game) usableSeconds(seconds []maneuvers.Card) []maneuvers.Card {
	var out []maneuvers.Card
	for i := range seconds {
		if starship.SecondCardInUse(g.rules(), &seconds[i]) {
			out = append(out, seconds[i])
		}
	}
	return out
}

// talentText names a talent or flaw with its effect (Pilot talents and
// flaws).
func (g *Game) talentText(id string) string {
	for _, t := range g.a.Comp.Talents {
		if t.ID == id {
			kind := "talent"
			if t.Kind == assets.TalentKindFlaw {
				kind = "flaw"
			}
			return fmt.Sprintf("%s %s: %s", kind, t.Name, strings.TrimSuffix(t.Effect, "."))
		}
	}
	return id
}

// factsBlock writes the ship's facts in four lines (smaller type when they
// are long) and returns the baseline below the block: the same height for
// every ship, but for facts that do not fit four lines at the least size,
// which are all written (never cut).
func (g *Game) factsBlock(l *kit.List, x, y, w float64, facts string) float64 {
	a := g.a
	const lines = 4
	nominal := 12.5
	sz := a.TextSize(nominal)
	wrapped := a.Fonts.Wrap(kit.Clean(facts), sz, w, false)
	for len(wrapped) > lines && nominal > 9.5 {
		nominal -= 0.5
		sz = a.TextSize(nominal)
		wrapped = a.Fonts.Wrap(kit.Clean(facts), sz, w, false)
	}
	lh := a.TextSize(12.5) * 1.3
	for i, ln := range wrapped {
		l.Text(kit.Pt{X: x, Y: y + float64(i)*sz*1.3}, ln, sz, kit.ColSecondary, kit.AnchorStart, false)
	}
	// the books are never cut (a phone's narrow panel, a pilot with many
	// talents): past the block's lines at the least size, the block grows
	return math.Max(y+lines*lh-lh, y+float64(len(wrapped))*sz*1.3-sz*1.3)
}

func facingWords(n int) string {
	d := 30 * n
	if d > 0 {
		return fmt.Sprintf("%d° clockwise", d)
	}
	return fmt.Sprintf("%d° counter-clockwise", -d)
}

// rulesOfSelected is rulesBehind for the ship being planned, as the help
// (F1) tells it too: a heading and the lines (none when no ship is).
func (g *Game) rulesOfSelected() []string {
	v := g.seat.View(g.side)
	s, ok := own(v, g.sel)
	if !ok || s.State == nil {
		return nil
	}
	p := g.draft(v, s.ID)
	o, _, _ := g.planCheck(v, s.ID, *p)
	return append([]string{"The rules behind " + s.ID + "'s controls:"}, g.rulesBehind(s, g.seat.Class(s.Class), *s.State, p, o)...)
}

// rulesBehind says in words the rules behind the planning controls of a
// ship, as they stand for it now: what the G-values allow, what kinetic
// energy the speed slider and the cards may make, what its damage
// counters and special damage mean, what an FTL jump costs in fuel and
// what is left after it. o is the plan's outcome (nil if it has none).
func (g *Game) rulesBehind(s battle.ShipView, class starship.Class, st starship.State, p *starship.Plan, o *starship.Outcome) []string {
	rules := g.rules()
	quick := rules.Set == starship.Quick
	var out []string
	cardsG := 0
	for _, id := range p.Cards {
		if c, ok := class.Deck.Card(id); ok {
			cardsG += c.G
		}
	}
	gl := fmt.Sprintf("G-value (the number after a card's name): how hard the maneuver is. The cards of a turn add up to at most G %d; this plan's make G %d (Planning", starship.GLimitOf(class, st), cardsG)
	if st.Damage.Control >= 1 {
		gl += "; Special damage: the control systems are damaged"
	}
	out = append(out, gl+").")
	if !quick {
		lo, hi := starship.KERange(rules, class, st)
		ke := fmt.Sprintf("Kinetic energy %d now; with acceleration %d this turn's cards may make %d to %d", st.KE, starship.Acceleration(rules, class, st), lo, hi)
		if o != nil && p.Speed != maneuvers.FTL {
			ke += fmt.Sprintf(", this plan %d", o.KE)
		}
		out = append(out, ke+". The speed slider's arrow gives back −1, stop 0, low 1, medium 2, high 3; an overboost adds 3 (Kinetic energy; Acceleration).")
	}
	if len(s.Counters) > 0 {
		if quick {
			// the symbols are printed on the counters, but only the
			// Complete Rules apply them
			out = append(out, "Damage counters: the number is the damage taken; a + drew a second counter; a word (engine, control, pilot, hull) is a special damage, which the Quick Start Rules ignore (Fire!).")
		} else {
			out = append(out, "Damage counters: the number is the damage taken; a + drew a second counter; a word (engine, control, pilot, hull) is a special damage (Fire!; Critical hits and special damage).")
		}
	}
	if !quick {
		d := st.Damage
		effects := []struct {
			n           int
			one, second string
		}{
			{d.Engine, "engine damaged: acceleration halved (rounded up)", "the kinetic energy cannot change"},
			{d.Control, "control systems damaged: the cards add up to at most G 3", "the ship cannot rotate"},
			{d.Pilot, "pilot wounded: −1 to attack rolls, no difficult maneuvers", "severely wounded: −2, and next turn's cards are planned a turn ahead"},
			{d.Hull, "hull damaged: no overboost", "crippled: the kinetic energy drops by 1 each turn, inertial movement only"},
		}
		for _, e := range effects {
			switch {
			case e.n == 1:
				out = append(out, "Special damage: "+e.one+" (Special damage).")
			case e.n >= 2:
				out = append(out, "Special damage: "+e.one+"; twice: "+e.second+" (Special damage).")
			}
		}
	}
	if p.Speed == maneuvers.FTL && rules.Has(starship.OptFuel) {
		cost := g.a.Comp.Geometry.FTLFuelCost.Value
		spent := g.ftlFuel(class, st, *p)
		out = append(out, fmt.Sprintf("An FTL jump costs %d fuel on top of its cards: this plan spends %d of %d, leaving %d (Faster-than-light movement; Fuel).", cost, spent, st.Fuel, st.Fuel-spent))
	}
	return out
}

// talentBook says a pilot's talents or flaws by their cards' names with
// the use counters on each card (Pilot talents and flaws: uses): "Power
// Pilot 1 of 2 used", "used up" once the counters reach the card's uses
// (the card is discarded), the count alone for a card without a limit.
func (g *Game) talentBook(ids []string, uses []battle.Use) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = g.talentNames([]string{id})
		n := 0
		for _, u := range uses {
			if u.Card == id {
				n = u.Count
			}
		}
		t, ok := g.a.Comp.Talent(id)
		switch {
		case !ok:
		case t.Uses > 0 && n >= t.Uses:
			out[i] += " (used up)"
		case t.Uses > 0:
			out[i] += fmt.Sprintf(" (%d of %d used)", n, t.Uses)
		case n > 0:
			out[i] += fmt.Sprintf(" (used %d, no limit)", n)
		}
	}
	return strings.Join(out, ", ")
}

// talentNames says a pilot's talents or flaws by the names printed on
// their cards (Pilots: Talents and flaws; assets.Components.Talent), not
// by their ids; an id the components do not know is said as it is.
func (g *Game) talentNames(ids []string) string {
	names := make([]string, len(ids))
	for i, id := range ids {
		names[i] = id
		if t, ok := g.a.Comp.Talent(id); ok && t.Name != "" {
			names[i] = t.Name
		}
	}
	return strings.Join(names, ", ")
}
