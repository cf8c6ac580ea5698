package ui

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// poseProposal is the player's proposal of where the OTHER player's
// models stand (issue 27: "correct any ship's pose"; a disputed shot
// measured from a photo): only a ship's owner corrects its pose, so the
// poses go to the owner's phone, who agrees (the twin follows) or
// refuses (seat.Table ProposePoses, PoseOffer). It is sent once the
// player's own poses of the same photo are answered.
type poseProposal struct {
	fixes []PoseFix
	shot  *wire.DisputedPair
	state fixState // fixSet: sent and taken by the game (the owner answers)
	err   error    // why the game refused it (fixRefused)
	to    battle.Side
}

// splitFixes parts the poses read from a photo into the player's own
// ships' (sent as pose corrections) and the other player's (proposed to
// their owner).
func (g *Game) splitFixes(side battle.Side, fixes []PoseFix) (own, theirs []PoseFix) {
	mine := map[string]bool{}
	for _, sv := range g.ownOnTable(side) {
		mine[sv.ID] = true
	}
	for _, f := range fixes {
		if mine[f.Ship] {
			own = append(own, f)
		} else {
			theirs = append(theirs, f)
		}
	}
	return own, theirs
}

// tickProposal sends the pose proposal of the last photo once the
// player's own poses are answered, and keeps the game's answer to it
// (the owner's answer comes later: PoseOffer closes).
func (g *Game) tickProposal() {
	p := g.table.propose
	tb, ok := g.tableSeat()
	if p == nil || !ok || p.state == fixSet || p.state == fixRefused {
		return
	}
	if p.state == fixSending {
		g.seat.Poll()
		if g.seat.Status().Sending != "" {
			return
		}
		p.state, p.err = fixSet, g.seat.Status().Err
		if p.err != nil {
			p.state = fixRefused
		}
		return
	}
	if _, ok := g.photoFixing(); !ok {
		return
	}
	if g.seat.Status().Sending != "" {
		g.seat.Poll()
		return
	}
	var ships []wire.ShipPose
	for i := range p.fixes {
		p.fixes[i].Pose = roundPose(p.fixes[i].Pose)
		ships = append(ships, wire.ShipPose{Ship: p.fixes[i].Ship, Pose: p.fixes[i].Pose})
	}
	if err := tb.ProposePoses(wire.Poses{Ships: ships, Shot: p.shot}); err != nil {
		p.state, p.err = fixRefused, err
		return
	}
	p.state = fixSending
}

// proposalWords says where the player's pose proposal stands: sending,
// refused by the game (why), waiting for the owner's answer, taken (the
// twin stands there) or not taken (refused by the owner, or the game
// moved on).
func (g *Game) proposalWords() (string, bool) {
	p := g.table.propose
	tb, ok := g.tableSeat()
	if p == nil || !ok {
		return "", false
	}
	var at []string
	for _, f := range p.fixes {
		at = append(at, fmt.Sprintf("%s to (%.1f, %.1f) mm, heading %.1f°", f.Ship, f.Pose.Pos.X, f.Pose.Pos.Y, f.Pose.Heading.Degrees()))
	}
	who := "the " + SideName(p.to) + " player"
	list := strings.Join(at, "; ")
	switch p.state {
	case fixWaiting, fixSending:
		return "Proposing to " + who + ": " + list + " (sending).", false
	case fixRefused:
		return "The proposal to " + who + " was refused: " + strings.TrimPrefix(p.err.Error(), "poses: ") + ". The game is unchanged.", true
	}
	if o := tb.PoseOffer(); o != nil && o.By == g.human() {
		return "Proposed to " + who + ": " + list + ". Waiting for their answer on their phone.", false
	}
	v := g.publicView()
	for _, f := range p.fixes {
		if sv, ok := shipOf(v, f.Ship); !ok || sv.Pose != f.Pose {
			return "Not taken: " + who + " refused the proposal, or the game moved on. The game keeps its poses.", true
		}
	}
	return strings.ToUpper(who[:1]) + who[1:] + " agreed: " + list + ".", false
}

// proposalPage is the pose proposal in the panel's words for the page
// (PageState.Proposal): the other player's waiting for this player's
// answer, else this player's last one.
func (g *Game) proposalPage() string {
	tb, ok := g.tableSeat()
	if !ok || g.human() == "" {
		return ""
	}
	if o := tb.PoseOffer(); o != nil && o.By != g.human() {
		head, lines := g.poseOfferLines(*o)
		return strings.Join(append([]string{head}, lines...), "\n")
	}
	text, _ := g.proposalWords()
	return text
}

// drawTheirsHint says, at the foot of the pose editor, how the other
// player's model is set: chosen on the board, its pose proposed.
func (g *Game) drawTheirsHint(l *kit.List, x, y, w float64) float64 {
	a := g.a
	return a.Para(l, x, y+a.TextSize(12), w, a.Words("The other player's model stands elsewhere? Click or drag its base on the board: the pose you set is proposed to its owner, who agrees or refuses.",
		"The other player's model stands elsewhere? Tap or drag its base on the board: the pose you set is proposed to its owner, who agrees or refuses."), 12, kit.ColSecondary, false) + 4*a.S()
}

// onTable lists the ships on the table whose pose the player sets: their
// own (corrected) first, then the other player's (proposed to their
// owner).
func (g *Game) onTable(side battle.Side) []battle.ShipView {
	own := g.ownOnTable(side)
	for _, sv := range g.seat.View(side).Ships {
		if !sv.Own && sv.OnTable && !sv.Out {
			own = append(own, sv)
		}
	}
	return own
}

// editPose is where the player's pose editor has a ship: the pose this
// player proposed for it while the proposal waits, else the twin's.
func (g *Game) editPose(side battle.Side, sv battle.ShipView) physics.Pose {
	if tb, ok := g.tableSeat(); ok && !sv.Own {
		if o := tb.PoseOffer(); o != nil && o.By == side {
			for _, sp := range o.Ships {
				if sp.Ship == sv.ID {
					return sp.Pose
				}
			}
		}
	}
	return sv.Pose
}

// proposePose proposes a pose for one of the other player's ships, set on
// the twin (dragged, typed or nudged): with the other ships of the
// player's proposal still waiting, it replaces that proposal.
func (g *Game) proposePose(side battle.Side, ship string, p physics.Pose) error {
	tb, ok := g.tableSeat()
	if !ok {
		return fmt.Errorf("pose: %s is the other player's ship; only its owner corrects it", ship)
	}
	ships := []wire.ShipPose{{Ship: ship, Pose: p}}
	var shot *wire.DisputedPair
	if o := tb.PoseOffer(); o != nil && o.By == side {
		for _, sp := range o.Ships {
			if sp.Ship != ship {
				ships = append(ships, sp)
			}
		}
		shot = o.Shot
	}
	return tb.ProposePoses(wire.Poses{Ships: ships, Shot: shot})
}

// shipOf returns a ship of a view.
func shipOf(v battle.View, id string) (battle.ShipView, bool) {
	i := slices.IndexFunc(v.Ships, func(s battle.ShipView) bool { return s.ID == id })
	if i < 0 {
		return battle.ShipView{}, false
	}
	return v.Ships[i], true
}

// poseOfferLines says the other player's pose proposal for this player's
// ships: who proposes, each ship's proposed pose against the twin's (by
// how many mm and degrees), and for the disputed shot the proposal was
// measured for, the game's ruling now and with the proposed poses.
func (g *Game) poseOfferLines(o wire.PoseOffer) (head string, lines []string) {
	v := g.publicView()
	head = fmt.Sprintf("The %s player proposes where your models stand (dashed on the board): agree and the twin follows, or refuse and it stays.", SideName(o.By))
	if o.Shot != nil {
		head = fmt.Sprintf("The %s player measured %s → %s on a photo and proposes where your models stand (dashed on the board): agree and the twin follows, or refuse and it stays.", SideName(o.By), o.Shot.Attacker, o.Shot.Target)
	}
	for _, sp := range o.Ships {
		sv, ok := shipOf(v, sp.Ship)
		if !ok {
			continue
		}
		d := sp.Pose.Pos.Dist(sv.Pose.Pos)
		turn := math.Abs(math.Remainder(sp.Pose.Heading.Degrees()-sv.Pose.Heading.Degrees(), 360))
		lines = append(lines, fmt.Sprintf("%s: %.1f mm and %.1f° from the twin, to (%.1f, %.1f) mm, heading %.1f°.", sp.Ship, d, turn, sp.Pose.Pos.X, sp.Pose.Pos.Y, sp.Pose.Heading.Degrees()))
	}
	if s := o.Shot; s != nil {
		now := &DisputedShot{Attacker: s.Attacker, Target: s.Target, Twin: *g.frozenTable()}
		moved := map[string]physics.Pose{}
		for _, sp := range o.Ships {
			moved[sp.Ship] = sp.Pose
		}
		a, okWas := now.Verdict()
		b, okWill := now.Moved(moved).Verdict()
		if okWas && okWill {
			if a == b {
				lines = append(lines, fmt.Sprintf("%s → %s: the same ruling (%s).", s.Attacker, s.Target, a))
			} else {
				lines = append(lines, fmt.Sprintf("%s → %s: the game rules %s now; with these poses, %s.", s.Attacker, s.Target, a, b))
			}
		}
	}
	return head, lines
}

// drawPoseOffer draws on the board the pose proposal waiting for an
// answer (either player's): each proposed base dashed in the warning
// colour, joined to where the twin has it.
func (g *Game) drawPoseOffer(l *kit.List, v battle.View) {
	tb, ok := g.tableSeat()
	if !ok {
		return
	}
	o := tb.PoseOffer()
	if o == nil {
		return
	}
	a := g.a
	for _, sp := range o.Ships {
		sv, ok := shipOf(v, sp.Ship)
		if !ok || !sv.OnTable {
			continue
		}
		lk := g.shipLook(sv)
		from, to := g.cam.ToScreen(sv.Pose.Pos), g.cam.ToScreen(sp.Pose.Pos)
		l.Dashed([]kit.Pt{from, to}, kit.ColWarn, 1.5*a.S(), 5*a.S(), 3*a.S())
		pts := g.cam.Pts(physics.Hexagon(sp.Pose, lk.Across))
		l.Dashed(append(pts, pts[0]), kit.ColWarn, 2*a.S(), 6*a.S(), 4*a.S())
		nose := g.cam.ToScreen(sp.Pose.Pos.Add(physics.Direction(sp.Pose.Heading).Mul(lk.Across / 2)))
		l.Line([]kit.Pt{to, nose}, kit.ColWarn, 2*a.S())
		// the word where it covers no label or base: below the proposed
		// base, else above, right or left of it, else further out with a
		// leader (a small correction lies its base by the twin's, whose
		// label takes the place below)
		sz := a.TextSize(11)
		rr := lk.Across / math.Sqrt(3) * g.cam.Scale
		w, h, pad := a.Fonts.Width("proposed", sz, true), sz*1.25, math.Max(2, sz*0.15)
		box := func(cx, cy float64) kit.Rect {
			return kit.Rect{X: cx - w/2 - pad, Y: cy - h/2 - pad, W: w + 2*pad, H: h + 2*pad}
		}
		cands := []kit.Rect{box(to.X, to.Y+rr+h/2+pad), box(to.X, to.Y-rr-h/2-pad), box(to.X+rr+pad+w/2, to.Y), box(to.X-rr-pad-w/2, to.Y)}
		lb, far, ok := l.PlaceBox(cands, to, rr+6*h, g.cam.View)
		if !ok {
			continue
		}
		if far {
			l.Leader(lb, to, kit.Alpha(kit.ColWarn, 0.6))
		}
		l.HaloText(kit.Pt{X: lb.X + lb.W/2, Y: lb.Y + pad + sz*0.95}, "proposed", sz, kit.ColWarn, kit.Alpha(kit.ColWhite, 0.85), kit.AnchorMiddle, true)
	}
}

// posesClosed says, in a companion game's firing step, why a pose can no
// longer be corrected (Attack declaration: the shots are decided from
// the poses as they stand once a side has declared openly, or sealed
// its declaration): the words for the player before they measure or
// accept, "" while poses are still taken.
func (g *Game) posesClosed() string {
	v := g.publicView()
	if v.Phase != battle.Declaring {
		return ""
	}
	for i := len(v.Events) - 1; i >= 0; i-- {
		e := v.Events[i]
		if e.Kind == battle.EvFiringStep {
			break
		}
		if e.Turn == v.Turn && (e.Kind == battle.EvDeclaration || e.Kind == battle.EvDeclaredHidden) {
			who := "The " + SideName(e.Side) + " player has"
			if e.Side == g.human() {
				who = "You have"
			}
			return who + " declared in this firing step: poses can no longer be corrected or proposed until the next movement step. The photo's ruling is for the record."
		}
	}
	if ns, ok := g.seat.(interface{ State() *wire.State }); ok && ns.State() != nil && len(ns.State().Committed) > 0 {
		return "A declaration is sealed in this firing step: poses can no longer be corrected or proposed until the next movement step. The photo's ruling is for the record."
	}
	return ""
}
