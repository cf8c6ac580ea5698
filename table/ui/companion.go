package ui

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// nudges are the steps a companion player corrects a pose by: millimetres
// across the table (x, y) and degrees of heading.
var nudges = []struct {
	label  string
	dx, dy float64
	turn   float64
}{{"x −2", -2, 0, 0}, {"x +2", 2, 0, 0}, {"y −2", 0, -2, 0}, {"y +2", 0, 2, 0}, {"−5°", 0, 0, -5}, {"+5°", 0, 0, 5}}

// tableEdit is a companion player's correction of one of their ships'
// pose after a movement step (the twin follows the model): the ship
// chosen, the pose typed in its fields (x and y in millimetres from the
// table's corner, the heading in degrees, as the engine has them), and a
// drag of its base on the board.
type tableEdit struct {
	ship    string
	x, y, h string
	// filled is the pose the fields show (they follow the twin until
	// typed in); bad says what in them is no number.
	filled     physics.Pose
	filledShip string
	bad        string
	drag       *tableDrag
	// asked is what the table asks of this player now (a draw, the other
	// player's undo proposal, the word that the table is aligned): when
	// it changes the panel scrolls to its top, where the question is
	asked string
	// photo are the poses read from a photo of the table (Align from a
	// photo), sent one by one as pose corrections, each with its answer;
	// placing is where the sheet lay for the last photo (typed there)
	photo   []photoFix
	placing string
	// dispute is the shot measured from the last photo, when the poses
	// sent came from one (the game's ruling of it is shown after them)
	dispute *DisputedShot
	// said is the turn/step whose table this player said is aligned,
	// saidAt the seat's events then (alignedWords: a correction after
	// it voided the word)
	said   string
	saidAt int
	// propose is the last photo's proposal of where the other player's
	// models stand (propose.go), sent after photo's own poses
	propose *poseProposal
}

// photoFix is one pose read from a photo, as sent and as answered.
type photoFix struct {
	PoseFix
	state fixState
	err   error // why it was refused (state fixRefused)
}

// fixState is where a pose read from a photo stands.
type fixState int

const (
	fixWaiting fixState = iota // not sent yet
	fixSending
	fixSet     // the twin stands there now
	fixRefused // the game refused it and is unchanged
)

// tableDrag is a base dragged on the board (by a mouse or a finger; a
// second finger twisting turns it), or turned by its handle.
type tableDrag struct {
	ship  string
	grab  physics.Vec // the base's centre from the pointer, mm
	start kit.Pt
	pose  physics.Pose
	moved bool
	turn  bool // the handle: the pointer sets the heading, the base stays
}

// drawTable paints, in a companion game (seat.Table, the game played with
// models on a real table), what the table needs from this player: the
// die, choice or counter the game waits for, typed in or left to the app;
// after a movement step the moves to copy (the procedure of an FTL jump
// or an overlap step by step), the pose corrections (a base dragged on
// the board, or its pose typed) and the word that the table is aligned;
// undo by agreement; and the latest moves to copy onto the table. It
// returns where it ends (y when there is nothing to show).
func (g *Game) drawTable(l *kit.List, x, y, w float64) float64 {
	tb, ok := g.tableSeat()
	if !ok {
		return y
	}
	a := g.a
	s := a.S()
	side := g.human()
	busy := g.seat.Status().Sending != ""
	pr := g.panelRows(l, x, w, &y, busy)
	rowAt, row, para := pr.rowAt, pr.row, pr.para
	supply := func(sup wire.Supply) { _ = tb.Supply(sup) } // a refusal shows in Status.Err
	n, mine := tb.Need()
	g.askTable(tb, n, mine, side)
	_, oneDevice := g.seat.(*seat.Pair)
	if n != nil && oneDevice && !mine {
		// a counter its owner draws (from the app's secret cup: only they
		// may see it): the device goes to them behind a cover
		para(passNeedWords(n, side), 14, kit.ColInk, true, 6)
		owner := n.Side
		row([]string{"Pass the device to the " + SideName(owner) + " player"}, func(int) { g.passDevice(owner, "to draw a counter", true) })
		n = nil
	}
	if oneDevice && g.alone != "" && (n == nil || !mine || n.What != battle.DrawCounter) {
		// the holder alone sees its counters (the log, the books): until
		// they hide them, the other player looks away
		para(fmt.Sprintf("%s player: your counters are on screen, only for you. Hide them before the %s player looks again.", SideName(g.alone), SideName(g.alone.Opponent())), 14, kit.ColWarn, true, 6)
		row([]string{"Hide my counters: both may look"}, func(int) { g.alone = "" })
	}
	if n != nil {
		what := client.NeedText(n, side)
		switch {
		case oneDevice:
			// whoever holds the device types a die in (a counter waits
			// for its owner: passed above)
			what = client.NeedTextHere(n, side)
		case !mine && side != "":
			// the other phone takes it: say so, not "type it in" over no buttons
			what = client.NeedTextOf(n, side, side.Opponent())
		}
		para("The game waits for "+what+".", 14, kit.ColInk, true, 6)
		if why := g.supplyRefusal(n); why != "" && mine {
			// right over the buttons it was typed with: the panel's top
			// may lie scrolled away
			para(why, 13, kit.ColWarn, true, 6)
		}
		if mine {
			switch n.What {
			case battle.DrawDie:
				row([]string{"1", "2", "3", "4", "5", "6"}, func(i int) { v := i + 1; supply(wire.Supply{Value: &v}) })
			case battle.DrawPick:
				row(pickLabels(n), func(i int) { supply(wire.Supply{Value: &i}) })
			case battle.DrawCounter:
				left := g.cupLeft(n)
				para(fmt.Sprintf("The %s cup holds %s. Tap the one drawn from the table's cup (at most as many left as shown: the counters the other player holds face down are not counted off).", n.Cup, counters(n.Of)), 12, kit.ColSecondary, false, 4)
				for len(left) > 0 {
					k := min(len(left), 3)
					part := left[:k]
					var labels []string
					for _, c := range part {
						labels = append(labels, fmt.Sprintf("%s (≤%d)", c.c, c.left))
					}
					row(labels, func(i int) { c := part[i].c; supply(wire.Supply{Counter: &c}) })
					left = left[k:]
				}
			}
			label := "Let the app roll"
			if n.What == battle.DrawCounter {
				label = "Draw from the app's secret cup"
			}
			row([]string{label}, func(int) { supply(wire.Supply{Roll: true}) })
		}
	}
	editing := g.publicView().Phase == battle.Aligning && n == nil && side != "" && g.st != stAnim && g.st != stResults
	if rf := poseRefusal(g.seat.Status().Err); rf != nil && !g.photoRefused(g.seat.Status().Err) && !editing {
		// (while the poses are corrected the pose editor says it, under
		// its fields: a paragraph here would push them out of a phone's
		// room as the refusal comes)
		para(refusalWords(rf), 13, kit.ColWarn, true, 6)
	}
	if v := g.publicView(); v.Phase == battle.Aligning && n == nil && g.st != stAnim && g.st != stResults {
		// (a playback on screen, the shots of the firing step before
		// this movement step, is looked at first: its Go on is the
		// decision, the aligning comes after it)
		if k := v.Step - 1; k > 0 && g.noFire(v.Turn, k) {
			// the firing step between the two movement steps, at a glance
			para(fmt.Sprintf("Firing step %d: no ship could fire.", k), 13, kit.ColSecondary, false, 4)
		}
		para(fmt.Sprintf("Movement step %d is over. At the table: lay each ship's card (drawn on the board) at its model's front, move the model to the card's end (the ghost), and follow the steps below.", v.Step), 14, kit.ColInk, false, 6)
		for _, p := range g.procedures(v) {
			para(p, 13, kit.ColInk, false, 4)
		}
		if side != "" {
			// both players say the table is aligned (the server goes on
			// with the second word); the word before the corrections: on
			// a phone it shows without scrolling, and it is the decision
			// pinned at the panel's foot when the panel scrolls
			mine, theirs, moved := g.alignedWords(tb, v, side)
			other := SideName(side.Opponent())
			switch {
			case mine:
				para(fmt.Sprintf("You said the table is aligned. Waiting for the %s player to confirm the table.", other), 14, kit.ColSecondary, true, 6)
			case moved != "":
				para(fmt.Sprintf("%s was moved after you said the table is aligned: check it on the table, then say so again.", moved), 14, kit.ColWarn, true, 6)
			case theirs:
				para(fmt.Sprintf("The %s player says the table is aligned. When your models stand where the board has them, say so too.", other), 14, kit.ColInk, true, 6)
			}
			if !mine {
				g.decide(l, kit.Rect{X: x, Y: y, W: w, H: 40 * s}, "The table is aligned", false, busy, func() {
					_ = g.seat.Do(battle.Command{Type: battle.CmdAligned, Side: side})
				})
				y += 46 * s
				pr.end = y
			}
			y = g.drawPoseEdit(l, x, y, w, side, rowAt)
		}
	}
	if v := g.publicView(); v.Phase == battle.Declaring && n == nil && side != "" && g.st != stDeclare {
		// the other side declares first: a ruling is still measured from
		// a photo before any declaration
		y = g.drawDispute(l, x, y, w, side, "", "")
		pr.end = y // (a paragraph under its button starts a line lower, as under a row)
	}
	g.drawOffers(tb, side, true, pr)
	if moves := tb.Moves(); len(moves) > 0 && g.publicView().Phase == battle.Aligning {
		para(fmt.Sprintf("Turn %d's moves, to copy onto the table:", moves[0].Turn), 13, kit.ColSecondary, true, 4)
		for _, m := range moves {
			para(client.MoveTextNamed(m, g.cardName), 12, kit.ColInk, false, 4)
		}
	}
	return y
}

// passDevice hands one device (seat.Pair) to side's player behind a
// cover screen: the controls are theirs once they take it; private: they
// hold it alone, to see their secrets (a counter they draw), until they
// hide them (Game.alone).
func (g *Game) passDevice(side battle.Side, why string, private bool) {
	g.passTo(side, fmt.Sprintf("Pass the device to the %s player %s. %s player, look away. %s when ready.", SideName(side), why, SideName(side.Opponent()), coverGo), func() {
		g.side = side
		g.alone = ""
		if private {
			g.alone = side
		}
		if p, ok := g.seat.(*seat.Pair); ok {
			p.Pass(side)
		}
		g.advance()
	})
}

// panelRows lays out, from *y down a panel's column (x, w), rows of
// buttons across it and paragraphs, leaving *y under what it laid.
type panelRows struct {
	rowAt func(y float64, labels []string, click func(i int)) float64
	row   func(labels []string, click func(i int))
	para  func(text string, size float64, col color.NRGBA, bold bool, gap float64)
	end   float64 // where the last row of buttons left y
}

// panelRows returns the panel's row and paragraph layout from *y: rowAt
// lays a row of buttons at y across the column and says where the next
// line goes; row lays one at *y; para writes a paragraph from *y (Para
// takes the first line's baseline: right under a row of buttons its
// letters would rise into the row) and leaves *y under it, gap below.
func (g *Game) panelRows(l *kit.List, x, w float64, y *float64, busy bool) *panelRows {
	a := g.a
	s := a.S()
	pr := &panelRows{end: math.Inf(-1)}
	pr.rowAt = func(y float64, labels []string, click func(i int)) float64 {
		gap := 6 * s
		bw := (w - float64(len(labels)-1)*gap) / float64(len(labels))
		for i, label := range labels {
			a.Button(l, kit.Rect{X: x + float64(i)*(bw+gap), Y: y, W: bw, H: 40 * s}, label, false, busy, func() { click(i) })
		}
		pr.end = y + 46*s
		return pr.end
	}
	pr.row = func(labels []string, click func(i int)) { *y = pr.rowAt(*y, labels, click) }
	pr.para = func(text string, size float64, col color.NRGBA, bold bool, gap float64) {
		if *y == pr.end {
			*y += 0.8 * a.TextSize(size)
		}
		*y = a.Para(l, x, *y, w, text, size, col, bold) + gap*s
	}
	return pr
}

// drawOffers paints, in a companion game, the agreements between the
// players (Undo by agreement; a pose proposal after a disputed shot):
// the other player's proposal with its Agree and Refuse/Decline, this
// player's own waiting for an answer, and (propose) the row proposing to
// undo the last action.
func (g *Game) drawOffers(tb seat.Table, side battle.Side, propose bool, pr *panelRows) {
	row, para := pr.row, pr.para
	_, oneDevice := g.seat.(*seat.Pair)
	if po := tb.PoseOffer(); po != nil && side != "" && g.publicView().Phase != battle.Over {
		if po.By != side {
			head, lines := g.poseOfferLines(*po)
			para(head, 14, kit.ColWarn, true, 4)
			for _, line := range lines {
				para(line, 12, kit.ColInk, false, 4)
			}
			row([]string{"Agree", "Refuse"}, func(i int) { _ = tb.AnswerPoses(i == 0) })
		} else if oneDevice {
			// one device: the owner answers, holding it (seat.Pair takes
			// no answer from the proposer)
			other := side.Opponent()
			para(fmt.Sprintf("Your pose proposal waits for the %s player's answer.", SideName(other)), 13, kit.ColSecondary, false, 6)
			row([]string{"Pass the device to the " + SideName(other) + " player"}, func(int) { g.passDevice(other, "to answer the pose proposal", false) })
		} else {
			para("Your pose proposal waits for the other player's answer.", 13, kit.ColSecondary, false, 6)
		}
	}
	if side != "" && g.publicView().Phase != battle.Over { // a game over takes nothing back
		if o := tb.Offer(); o != nil && o.By != side {
			para(offerWords(*o, side), 14, kit.ColWarn, true, 6)
			row([]string{"Agree", "Decline"}, func(i int) { _ = tb.AnswerUndo(i == 0) })
		} else if o != nil && oneDevice {
			// one device: the other player answers, holding it (never the
			// proposer by a stray press)
			para(fmt.Sprintf("Your undo proposal waits for the %s player's answer.", SideName(side.Opponent())), 13, kit.ColSecondary, false, 6)
			other := side.Opponent()
			row([]string{"Pass the device to the " + SideName(other) + " player"}, func(int) { g.passDevice(other, "to answer the undo proposal", false) })
		} else if o != nil {
			para("Your undo proposal waits for the other player.", 13, kit.ColSecondary, false, 6)
		} else if propose && tb.UndoPoints() > 0 && tb.PoseOffer() == nil {
			if t := tb.LastAction(); t != nil {
				para("The last action: "+client.TakeBackText(*t, side)+".", 12, kit.ColSecondary, false, 4)
			}
			row([]string{"Propose to undo the last action"}, func(int) { _ = tb.ProposeUndo(1) })
		}
	}
}

// alignedWords says, while the table is aligned after a movement step,
// whether this player (mine) and the other (theirs) have said it is
// (seat.Table.Aligned: the game goes on once both have), and, when this
// player's word was voided by a pose corrected after it, the ship moved
// (the latest correction since the word). It remembers the word of the
// step (tableEdit.said): the same answer for the same state.
func (g *Game) alignedWords(tb seat.Table, v battle.View, side battle.Side) (mine, theirs bool, moved string) {
	al := tb.Aligned()
	mine, theirs = slices.Contains(al, side), slices.Contains(al, side.Opponent())
	key := fmt.Sprintf("%d/%d", v.Turn, v.Step)
	e := &g.table
	evs := g.seat.Events()
	if mine {
		e.said, e.saidAt = key, len(evs)
		return mine, theirs, ""
	}
	if e.said != key {
		return mine, theirs, ""
	}
	for _, ev := range evs[min(e.saidAt, len(evs)):] {
		if ev.Kind == battle.EvPoseCorrected {
			moved = ev.Ship
		}
	}
	return mine, theirs, moved
}

// noFire reports whether firing step k of turn was one in which no ship
// could fire (the engine's EvNoFire).
func (g *Game) noFire(turn, k int) bool {
	evs := g.seat.Events()
	for i := len(evs) - 1; i >= 0; i-- {
		e := evs[i]
		if e.Turn < turn {
			break
		}
		if e.Kind == battle.EvNoFire && e.Turn == turn && e.Step == k {
			return true
		}
	}
	return false
}

// askTable scrolls the panel to its top when the table asks something
// new of this player there (a die, a choice or a counter to draw; the
// other player's undo proposal; the table to align after a movement
// step): a player who scrolled down the last results sees it.
func (g *Game) askTable(tb seat.Table, n *wire.Need, mine bool, side battle.Side) {
	v := g.publicView()
	asked := ""
	switch o := tb.Offer(); {
	case n != nil && mine:
		seq := 0
		if ns, ok := g.seat.(interface{ State() *wire.State }); ok && ns.State() != nil {
			seq = ns.State().Seq // two dice for one roll: each is asked anew
		}
		asked = fmt.Sprintf("draw %s %s %d", n.What, n.For, seq)
	case o != nil && side != "" && o.By != side:
		asked = fmt.Sprintf("undo %s %d", o.By, o.Back)
	case tb.PoseOffer() != nil && side != "" && tb.PoseOffer().By != side:
		asked = fmt.Sprintf("poses %s %v", tb.PoseOffer().By, tb.PoseOffer().Ships)
	case v.Phase == battle.Aligning && side != "":
		asked = fmt.Sprintf("aligned %d/%d", v.Turn, v.Step)
	}
	if asked != g.table.asked {
		g.table.asked = asked
		if asked != "" {
			g.scroll.Top()
		}
	}
}

// drawPoseEdit paints the pose correction of the player's own ships:
// the ship to correct, its pose typed (x, y, heading) or nudged; a base
// may also be dragged on the board.
func (g *Game) drawPoseEdit(l *kit.List, x, y, w float64, side battle.Side, row func(float64, []string, func(int)) float64) float64 {
	a := g.a
	s := a.S()
	own := g.ownOnTable(side)
	if len(own) == 0 {
		return y
	}
	y = a.Para(l, x, y+12*s, w, a.Words("Where a model of yours stands elsewhere, drag its base on the board (the knob ahead of the chosen base turns it), or choose it and type or nudge its pose; then say the table is aligned.", "Where a model of yours stands elsewhere, drag its base on the board with a finger (a second finger twists it; the knob ahead of the chosen base turns it), or choose it and type or nudge its pose; then say the table is aligned."), 13, kit.ColSecondary, false) + 4*s
	var ids []string
	for _, sv := range own {
		ids = append(ids, sv.ID)
	}
	for len(ids) > 0 {
		k := min(len(ids), 3)
		part := ids[:k]
		y = row(y, part, func(i int) { g.chooseTableShip(side, part[i]) })
		ids = ids[k:]
	}
	// a ruling doubted before the firing step is measured from a photo
	// too (Measure a shot: DisputedShot), in the same row
	labels := []string{"Align from a photo"}
	attacker, target := g.defaultShot(side, "", "")
	if attacker != "" && target != "" {
		labels = append(labels, "Measure a shot")
	}
	y = row(y, labels, func(i int) {
		if i == 0 {
			g.alignFromPhoto(side)
			return
		}
		g.measureShot(side, attacker, target)
	})
	if g.table.dispute == nil {
		y = g.drawPhotoFixes(l, x, y, w)
	} else {
		y = g.drawDisputed(l, x, y, w)
	}
	sv, ok := g.tableShipView(side)
	if !ok {
		return g.drawTheirsHint(l, x, y, w)
	}
	e := &g.table
	focused := strings.HasPrefix(a.Focused(), "pose-")
	if (e.filledShip != sv.ID || e.filled != g.editPose(side, sv)) && !focused {
		e.fill(sv, g.editPose(side, sv))
	}
	stands := fmt.Sprintf("%s stands at x %.1f, y %.1f mm, heading %.1f°. Its model's pose:", sv.ID, sv.Pose.Pos.X, sv.Pose.Pos.Y, physics.NormalizeDegrees(sv.Pose.Heading.Degrees()))
	if !sv.Own {
		stands = fmt.Sprintf("%s, the %s player's, stands at x %.1f, y %.1f mm, heading %.1f° on the twin. Its model's pose, proposed to its owner:", sv.ID, SideName(sv.Side), sv.Pose.Pos.X, sv.Pose.Pos.Y, physics.NormalizeDegrees(sv.Pose.Heading.Degrees()))
	}
	y = a.Para(l, x, y+12*s, w, stands, 13, kit.ColInk, false) + 4*s
	// a refused pose of this ship is said here, right over the fields
	// it was typed in: where a phone's panel shows it as it comes (the
	// fields move down under it; the board marks the refused base, with
	// the bases in its way)
	if rf := poseRefusal(g.seat.Status().Err); rf != nil && rf.Ship == sv.ID && !g.photoRefused(g.seat.Status().Err) {
		y = a.Para(l, x, y+12*s, w, refusalWords(rf), 13, kit.ColWarn, true) + 4*s
	}
	gap := 6 * s
	lw := 26 * s
	fw := (w - 3*lw - 2*gap) / 3
	for i, f := range []struct {
		label, id string
		text      *string
	}{{"x", "pose-x", &e.x}, {"y", "pose-y", &e.y}, {"°", "pose-h", &e.h}} {
		fx := x + float64(i)*(lw+fw+gap)
		a.Label(l, fx, y+27*s, f.label, 14, kit.ColSecondary, true)
		a.NumberField(l, kit.Rect{X: fx + lw, Y: y, W: fw, H: 40 * s}, f.id, f.text, func() { g.typedPose(side) })
	}
	y += 46 * s
	y = row(y, []string{"Set the typed pose"}, func(int) { g.typedPose(side) })
	if e.bad != "" {
		y = a.Para(l, x, y+12*s, w, e.bad, 13, kit.ColWarn, false) + 4*s
	}
	labels = make([]string, len(nudges))
	for i, nd := range nudges {
		labels[i] = nd.label
	}
	y = row(y, labels, func(i int) { g.nudge(side, nudges[i].dx, nudges[i].dy, nudges[i].turn) })
	return g.drawTheirsHint(l, x, y, w)
}

// fill shows a ship's pose (pose: the twin's, or the one proposed for
// it) in the typed fields.
func (e *tableEdit) fill(sv battle.ShipView, pose physics.Pose) {
	e.filled, e.filledShip, e.bad = pose, sv.ID, ""
	e.x = strconv.FormatFloat(math.Round(pose.Pos.X*10)/10, 'f', -1, 64)
	e.y = strconv.FormatFloat(math.Round(pose.Pos.Y*10)/10, 'f', -1, 64)
	// the heading as a protractor reads it (the engine's angle may have
	// turned past a whole turn: 570° after an FTL arrival)
	e.h = strconv.FormatFloat(math.Round(physics.NormalizeDegrees(pose.Heading.Degrees())*10)/10, 'f', -1, 64)
}

// typedPose sends the pose typed in the fields (a number each: a comma
// is read as a decimal point, as a phone's keyboard may type it).
func (g *Game) typedPose(side battle.Side) {
	e := &g.table
	var v [3]float64
	for i, f := range []struct{ name, text string }{{"x", e.x}, {"y", e.y}, {"heading", e.h}} {
		n, err := strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(f.text), ",", "."), 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			e.bad = fmt.Sprintf("The %s typed (%q) is not a number.", f.name, f.text)
			return
		}
		v[i] = n
	}
	e.bad = ""
	g.a.Focus("")
	_ = g.setPose(side, e.ship, physics.Pose{Pos: physics.V(v[0], v[1]), Heading: physics.Deg(v[2])})
}

// chooseTableShip chooses the ship whose pose the player corrects (an
// own ship's) or proposes (the other player's).
func (g *Game) chooseTableShip(side battle.Side, id string) {
	g.table.ship = id
	if sv, ok := g.tableShipView(side); ok {
		g.table.fill(sv, g.editPose(side, sv))
	}
}

// tableShipView is the view of the ship chosen for correction.
func (g *Game) tableShipView(side battle.Side) (battle.ShipView, bool) {
	for _, sv := range g.onTable(side) {
		if sv.ID == g.table.ship {
			return sv, true
		}
	}
	return battle.ShipView{}, false
}

// ownOnTable lists the side's ships on the table (the ones a player may
// correct).
func (g *Game) ownOnTable(side battle.Side) []battle.ShipView {
	var own []battle.ShipView
	for _, sv := range g.seat.View(side).Ships {
		if sv.Own && sv.OnTable && !sv.Out {
			own = append(own, sv)
		}
	}
	return own
}

// tableSeat returns the seat's Table capability in a companion game. A
// seat link opens a network seat before anyone knows the game's kind:
// once its state says the game is played at a real table, the seat is
// given the capability (seat.WithTable), the same connection going on.
func (g *Game) tableSeat() (seat.Table, bool) {
	if n, ok := g.seat.(*seat.Net); ok {
		if st := n.State(); st != nil && st.Companion {
			g.seat = seat.WithTable(n)
		}
	}
	tb, ok := g.seat.(seat.Table)
	return tb, ok && tb.AtTable()
}

// tableDraw says whether a companion game waits for a die, a choice or a
// counter from the table (whoever makes the draw).
func (g *Game) tableDraw() bool {
	tb, ok := g.tableSeat()
	if !ok {
		return false
	}
	n, _ := tb.Need()
	return n != nil
}

// correcting says whether the player may correct poses now: a companion
// game aligning after a movement step, no draw awaited, nothing being
// sent.
func (g *Game) correcting() (battle.Side, bool) {
	tb, ok := g.tableSeat()
	if !ok {
		return "", false
	}
	side := g.human()
	if n, _ := tb.Need(); n != nil || side == "" || g.publicView().Phase != battle.Aligning {
		return "", false
	}
	return side, true
}

// handleTable drags an own ship's base on the board while the table is
// aligned (a mouse or one finger): a press on the base takes it, the
// move shows where it goes, the release sends the pose correction; a
// press that does not move chooses the ship for typing.
func (g *Game) handleTable(ev kit.Event) bool {
	side, ok := g.correcting()
	if !ok {
		g.table.drag = nil
		return false
	}
	p := kit.Pt{X: ev.X, Y: ev.Y}
	switch ev.Kind {
	case kit.MouseDown:
		if ev.Button != kit.ButtonLeft || !g.cam.View.Contains(p) || g.seat.Status().Sending != "" {
			return false
		}
		if sv, h, ok := g.tableHandle(side); ok && math.Hypot(p.X-h.X, p.Y-h.Y) <= 22*g.a.S() {
			g.table.drag = &tableDrag{ship: sv.ID, start: p, pose: g.editPose(side, sv), turn: true}
			return true
		}
		at := g.cam.ToWorld(p)
		// the base, or a finger's breadth round a small one (the other
		// player's: where it is proposed to stand, if it is)
		best, reach := -1, 0.0
		own := g.onTable(side)
		for i, sv := range own {
			r := math.Max(g.seat.Class(sv.Class).AcrossFlats/math.Sqrt(3), 24*g.a.S()/g.cam.Scale)
			if d := at.Dist(g.editPose(side, sv).Pos); d <= r && (best < 0 || d < reach) {
				best, reach = i, d
			}
		}
		if best < 0 {
			return false
		}
		sv := own[best]
		g.chooseTableShip(side, sv.ID)
		pose := g.editPose(side, sv)
		g.table.drag = &tableDrag{ship: sv.ID, grab: pose.Pos.Sub(at), start: p, pose: pose}
		return true
	case kit.MouseMove:
		d := g.table.drag
		if d == nil {
			return false
		}
		if math.Hypot(ev.X-d.start.X, ev.Y-d.start.Y) > 6*g.a.S() {
			d.moved = true
		}
		switch {
		case d.moved && d.turn:
			// the handle points where the pointer is
			to := g.cam.ToWorld(p).Sub(d.pose.Pos)
			if to.Norm() > 0 {
				d.pose.Heading = to.Angle()
			}
		case d.moved:
			d.pose.Pos = g.cam.ToWorld(p).Add(d.grab)
		}
		return true
	case kit.Pinch:
		// a second finger on the screen while a base is held: the base
		// follows the two fingers as if glued to them, turned as the line
		// between them turns (counter-clockwise on the screen as on the
		// table) about their middle, and carried with it; a finger kept
		// on the base and another circling it turn the base in place
		d := g.table.drag
		if d == nil || d.turn {
			return false
		}
		d.moved = true
		turn := physics.Deg(ev.Turn)
		was := g.cam.ToWorld(kit.Pt{X: ev.X - ev.DX, Y: ev.Y - ev.DY})
		mid := g.cam.ToWorld(p)
		d.pose = physics.Pose{Pos: mid.Add(d.pose.Pos.Sub(was).Rotate(turn)), Heading: d.pose.Heading + turn}
		return true
	case kit.MouseUp:
		d := g.table.drag
		if d == nil {
			return false
		}
		g.table.drag = nil
		if d.moved {
			_ = g.setPose(side, d.ship, d.pose)
		}
		return true
	}
	return false
}

// tableHandle is the turning handle of the ship chosen for correction:
// a knob ahead of its base, on the line of its heading, where a mouse or
// a finger takes it and turns the base about its centre.
func (g *Game) tableHandle(side battle.Side) (battle.ShipView, kit.Pt, bool) {
	sv, ok := g.tableShipView(side)
	if !ok {
		return sv, kit.Pt{}, false
	}
	pose := g.editPose(side, sv)
	if d := g.table.drag; d != nil && d.ship == sv.ID && d.moved {
		pose = d.pose
	}
	c := g.cam.ToScreen(pose.Pos)
	r := g.seat.Class(sv.Class).AcrossFlats/math.Sqrt(3)*g.cam.Scale + 30*g.a.S()
	f := pose.Forward()
	return sv, kit.Pt{X: c.X + f.X*r, Y: c.Y - f.Y*r}, true
}

// setPose sends a pose correction, to the tenth of a millimetre and of a
// degree (the server refuses a pose off the table, in a planetoid or on
// another base, and the screen shows why).
func (g *Game) setPose(side battle.Side, ship string, p physics.Pose) error {
	p = roundPose(p)
	if sv, ok := shipOf(g.seat.View(side), ship); ok && !sv.Own {
		return g.proposePose(side, ship, p) // only its owner corrects it
	}
	return g.seat.Do(battle.Command{Type: battle.CmdPose, Side: side, Ship: ship, Pose: &p})
}

// roundPose is a pose to the tenth of a millimetre and of a degree, as
// corrections are sent.
func roundPose(p physics.Pose) physics.Pose {
	round := func(v float64) float64 { return math.Round(v*10) / 10 }
	return physics.Pose{Pos: physics.V(round(p.Pos.X), round(p.Pos.Y)), Heading: physics.Deg(round(p.Heading.Degrees()))}
}

// nudge corrects the pose of the ship chosen at the table by dx, dy mm
// and turn degrees.
func (g *Game) nudge(side battle.Side, dx, dy, turn float64) {
	if sv, ok := g.tableShipView(side); ok {
		at := g.editPose(side, sv)
		_ = g.setPose(side, sv.ID, physics.Pose{Pos: at.Pos.Add(physics.V(dx, dy)), Heading: at.Heading + physics.Deg(turn)})
	}
}

// refusalWords says a refused pose correction to its player: why, and
// that the game is unchanged.
func refusalWords(rf *battle.PoseRefused) string {
	return "Refused: " + strings.TrimPrefix(rf.Error(), "pose: ") + ". The game is unchanged."
}

// poseRefusal is the typed reason of a refused pose correction, if err
// is one.
func poseRefusal(err error) *battle.PoseRefused {
	var r *client.Refused
	if errors.As(err, &r) && r.Pose != nil {
		return r.Pose
	}
	var p *battle.PoseRefused
	if errors.As(err, &p) {
		return p
	}
	return nil
}

// drawTableBoard paints on the board, in a companion game, what the
// players copy onto the real table after a movement step: each ship's
// card of the step at its start pose (to scale), the start pose faint,
// the path; and the correction in hand: a base being dragged, a refused
// pose with the bases in its way.
func (g *Game) drawTableBoard(l *kit.List, v battle.View) {
	if _, ok := g.tableSeat(); !ok {
		return
	}
	a := g.a
	if v.Phase == battle.Aligning {
		for _, sv := range v.Ships {
			o := sv.Outcome
			if o == nil || !sv.OnTable || sv.Out {
				continue
			}
			st, cards, ok := stepToCopy(o, v.Step)
			if !ok {
				continue
			}
			for _, c := range cards {
				pts := g.cam.Pts(c.Footprint)
				l.Poly(pts, kit.Alpha(kit.ColWhite, 0.45), kit.Alpha(SideColor(sv.Side), 0.8), 1.5)
				if len(c.Arrow) > 1 {
					l.Line(g.cam.Pts(c.Arrow), kit.Alpha(SideColor(sv.Side), 0.8), 1.5)
				}
				var mid kit.Pt
				for _, p := range pts {
					mid.X += p.X / float64(len(pts))
					mid.Y += p.Y / float64(len(pts))
				}
				// the card's name on it, else beside it, clear of the
				// ships' names and of each other (a leader to the card)
				sz := a.TextSize(10)
				name := g.cardName(sv.ID, c.ID)
				tw := a.Fonts.Width(name, sz, false)
				cands := []kit.Spot{{At: mid, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: mid.X, Y: mid.Y - sz}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: mid.X, Y: mid.Y + sz}, Anchor: kit.AnchorMiddle}}
				if at, far, ok := l.PlaceText(cands, tw, sz, mid, 6*sz, g.cam.View); ok {
					if far {
						l.Leader(kit.LabelBox(at.At, tw, sz, at.Anchor), mid, kit.Alpha(kit.ColInk, 0.6))
					}
					l.HaloText(at.At, name, sz, kit.ColInk, kit.Alpha(kit.ColWhite, 0.8), at.Anchor, false)
				}
			}
			if len(st.Motions) > 0 {
				lk := g.shipLook(sv)
				lk.Pose, lk.Ghost, lk.GhostCol, lk.Fade, lk.Badges = st.Motions[0].From, true, SideColor(sv.Side), 0.6, nil
				lk.ID = ""
				drawShip(a, l, &g.cam, lk)
			}
		}
	}
	if side, ok := g.correcting(); ok {
		if sv, h, ok := g.tableHandle(side); ok {
			pose := sv.Pose
			if d := g.table.drag; d != nil && d.ship == sv.ID && d.moved {
				pose = d.pose
			}
			c := g.cam.ToScreen(pose.Pos)
			l.Line([]kit.Pt{c, h}, kit.Alpha(SideColor(sv.Side), 0.9), 2)
			l.Circle(h, 10*a.S(), kit.Alpha(kit.ColWhite, 0.9), SideColor(sv.Side), 2)
			// the heading by the knob, clear of the ships' names
			sz, deg := a.TextSize(11), fmt.Sprintf("%.0f°", physics.NormalizeDegrees(pose.Heading.Degrees()))
			tw, r := a.Fonts.Width(deg, sz, true), 10*a.S()
			cands := []kit.Spot{{At: kit.Pt{X: h.X, Y: h.Y - r - 4*a.S()}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: h.X, Y: h.Y + r + sz}, Anchor: kit.AnchorMiddle},
				{At: kit.Pt{X: h.X + r + 4*a.S(), Y: h.Y + 0.35*sz}, Anchor: kit.AnchorStart}, {At: kit.Pt{X: h.X - r - 4*a.S(), Y: h.Y + 0.35*sz}, Anchor: kit.AnchorEnd}}
			if at, _, ok := l.PlaceText(cands, tw, sz, h, 0, g.cam.View); ok {
				l.HaloText(at.At, deg, sz, kit.ColInk, kit.Alpha(kit.ColWhite, 0.85), at.Anchor, true)
			}
		}
	}
	if d := g.table.drag; d != nil && d.moved {
		for _, sv := range v.Ships {
			if sv.ID == d.ship {
				lk := g.shipLook(sv)
				lk.Pose, lk.Ghost, lk.GhostCol = d.pose, true, SideColor(sv.Side)
				drawShip(a, l, &g.cam, lk)
				c := g.cam.ToScreen(d.pose.Pos)
				l.HaloText(kit.Pt{X: c.X, Y: c.Y - lk.Across/math.Sqrt(3)*g.cam.Scale - 6*a.S()}, fmt.Sprintf("%s to (%.0f, %.0f) mm, %.0f°", sv.ID, d.pose.Pos.X, d.pose.Pos.Y, physics.NormalizeDegrees(d.pose.Heading.Degrees())),
					a.TextSize(12), kit.ColInk, kit.Alpha(kit.ColWhite, 0.85), kit.AnchorMiddle, true)
			}
		}
	}
	if rf := poseRefusal(g.seat.Status().Err); rf != nil {
		g.drawRefusal(l, v, rf)
	}
	g.drawPhotoRefusals(l, v)
	g.drawPoseOffer(l, v)
}

// drawRefusal draws a refused pose on the board in red, with the bases
// in its way.
func (g *Game) drawRefusal(l *kit.List, v battle.View, rf *battle.PoseRefused) {
	a := g.a
	for _, sv := range v.Ships {
		if sv.ID == rf.Ship {
			lk := g.shipLook(sv)
			l.Poly(g.cam.Pts(physics.Hexagon(rf.Pose, lk.Across)), kit.Alpha(kit.ColWarn, 0.2), kit.ColWarn, 2)
			c := g.cam.ToScreen(rf.Pose.Pos)
			l.HaloText(kit.Pt{X: c.X, Y: c.Y - lk.Across/math.Sqrt(3)*g.cam.Scale - 4}, "refused", a.TextSize(11), kit.ColWarn, kit.Alpha(kit.ColWhite, 0.85), kit.AnchorMiddle, true)
		}
	}
	for _, f := range rf.Faults {
		for _, sv := range v.Ships {
			if sv.ID == f.Other && sv.OnTable {
				lk := g.shipLook(sv)
				l.Poly(g.cam.Pts(physics.Hexagon(sv.Pose, lk.Across)), kit.ColNone, kit.ColWarn, 2.5)
			}
		}
	}
}

// stepToCopy is what a ship's move asks of the table in movement step
// k: the step (its motions start where the model stood) and the cards
// laid in it, as the move's typed data says (starship.CardOnTable.Step;
// a change of direction or of level lays its one card in step 2). ok is
// false when the move has no step k.
func stepToCopy(o *starship.Outcome, k int) (st starship.Step, cards []starship.CardOnTable, ok bool) {
	if st, ok = o.MovementStep(k); !ok {
		return st, nil, false
	}
	return st, o.CardsOf(k), true
}

// procedures are, for the movement step just played (its typed events),
// what the players do at the table beyond laying a card: an FTL jump's
// marker and scatter roll, an arrival on another base, an overlap's
// slide, a base crossing the edge. Each is one numbered step list,
// rendered from the event's fields.
func (g *Game) procedures(v battle.View) []string {
	var out []string
	evs := g.seat.Events()
	// the events of this movement step: since its mark; the first step's
	// since the turn began (an FTL entry at the turn's start, a jump at
	// the reveal: the table copies them with the first step's moves)
	from := -1
	for i, e := range evs {
		if e.Turn == v.Turn && e.Kind == battle.EvMoveStep && e.Step == v.Step {
			from = i
		}
	}
	if from >= 0 && v.Step == 1 {
		from = slices.IndexFunc(evs, func(e battle.Event) bool { return e.Turn == v.Turn })
	}
	if from < 0 {
		return nil
	}
	marker := map[string]physics.Vec{}
	for _, e := range evs {
		if e.Turn == v.Turn && e.Kind == battle.EvMarkerPlaced && e.At != nil {
			marker[e.Ship] = *e.At
		}
	}
	for _, e := range evs[from:] {
		switch e.Kind {
		case battle.EvFTLRoll, battle.EvFTLEntry:
			if len(e.Dice) < 3 || e.At == nil {
				continue
			}
			roll := e.Dice[0] + e.Dice[1]
			sideName := strconv.Itoa(roll)
			if fs, ok := g.a.Comp.Geometry.FTLSideFor(roll); ok {
				var rs []string
				for _, r := range fs.Rolls {
					rs = append(rs, strconv.Itoa(r))
				}
				sideName = fmt.Sprintf("%s (%s)", fs.Side, strings.Join(rs, ", "))
			}
			out = append(out, fmt.Sprintf("FTL jump of %s (Faster-than-light movement): 1. its marker lies at (%.0f, %.0f) mm. 2. Two dice: %d + %d = %d: the rear of the base goes against the marker's side marked %s. 3. One die: %d: move the ship %d cm straight ahead with the ruler. 4. The model now stands where the ship is on the board.",
				e.Ship, e.At.X, e.At.Y, e.Dice[0], e.Dice[1], roll, sideName, e.Dice[2], e.Dice[2]))
		case battle.EvJumpsOnto:
			out = append(out, fmt.Sprintf("%s arrives onto %s: %s draws a collision counter for the arrival, and %s one for its FTL arrival.", e.Ship, e.Other, e.Other, e.Ship))
		case battle.EvMovesOn:
			out = append(out, fmt.Sprintf("%s then moves straight ahead %.0f mm, clear of the bases it arrived on.", e.Ship, e.Distance))
		case battle.EvSlides:
			out = append(out, fmt.Sprintf("Overlap: %s ends on another base: 1. leave the other model where it is. 2. slide %s straight ahead %.0f mm, until its base is clear.", e.Ship, e.Ship, e.Distance))
		case battle.EvCrossesEdge:
			out = append(out, fmt.Sprintf("%s crosses the %s edge (%.0f mm beyond at most): its model leaves the table.", e.Ship, e.Edge, e.Distance))
		}
	}
	return out
}

// cupCount is a kind of counter and how many of it may be left in a cup.
type cupCount struct {
	c    battle.Counter
	left int
}

// supplyRefusal is the words of the die or counter this player typed
// for the need n that did not go through (Status.Err, a
// seat.SupplyRefused of this very need: a counter the cup no longer
// has), "" when there is none.
func (g *Game) supplyRefusal(n *wire.Need) string {
	st := g.seat.Status()
	var sr *seat.SupplyRefused
	if n == nil || st.Sending != "" || !errors.As(st.Err, &sr) || !sr.Need.Equal(*n) {
		return ""
	}
	why := strings.TrimPrefix(strings.TrimPrefix(sr.Error(), "server: "), "supply: ")
	return "Refused: " + why + ". The game is unchanged: tap what was really drawn."
}

// cupLeft lists the counters the player may have drawn from a cup: the
// kinds of the box (package assets) less the ones the player's own ships
// hold face down; the other player's counters stay secret, so a kind may
// be listed that the cup no longer has (the server refuses it: not in
// the cup).
func (g *Game) cupLeft(n *wire.Need) []cupCount {
	kinds := g.a.Comp.Damage
	if n.Cup == "collision" {
		kinds = g.a.Comp.Collision
	}
	held := map[battle.Counter]int{}
	for _, sv := range g.seat.View(g.human()).Ships {
		if sv.Own && !sv.Out {
			for _, c := range heldFrom(sv, n.Cup) {
				held[c]++
			}
		}
	}
	return countLeft(kinds, held)
}

// heldFrom is what an own ship holds of a cup's counters: its view lists
// the damage counters first (CounterCount of them), then the collision
// counters it kept (Asteroid fields; Planetoids), which carry values
// alike and must not be counted off the damage cup.
func heldFrom(sv battle.ShipView, cup string) []battle.Counter {
	k := min(max(sv.CounterCount, 0), len(sv.Counters))
	if cup == "collision" {
		return sv.Counters[k:]
	}
	return sv.Counters[:k]
}

// countLeft is the box's kinds less the held ones, in the data's order;
// kinds none of which is left are not listed.
func countLeft(kinds []assets.DamageCounter, held map[battle.Counter]int) []cupCount {
	var out []cupCount
	at := map[battle.Counter]int{}
	for _, k := range kinds {
		c := battle.Counter{Value: k.Value, Plus: k.Plus, Special: k.Special}
		if i, ok := at[c]; ok {
			out[i].left += k.Count
			continue
		}
		at[c] = len(out)
		out = append(out, cupCount{c: c, left: k.Count})
	}
	var left []cupCount
	for _, cc := range out {
		cc.left -= held[cc.c]
		if cc.left > 0 {
			left = append(left, cc)
		}
	}
	return left
}

// alignFromPhoto opens a photo of the real table (a file on the desktop;
// in the browser the page's file picker, which a phone offers with its
// camera) in photo mode, to correct the player's ships from it
// (NewPhotoAlign). A photo without the printed sheet in view is refused
// with the reason, the game unchanged.
func (g *Game) alignFromPhoto(side battle.Side) { g.openPhotoAlign(side, nil) }

// measureShot opens a photo of the real table in photo mode to measure a
// disputed ruling of attacker on target (Firing; Choosing a target):
// the photo's ruling beside the game's, and the photo's poses of the
// player's ships in the shot sent as pose corrections when the player
// accepts them (DisputedShot).
func (g *Game) measureShot(side battle.Side, attacker, target string) {
	g.openPhotoAlign(side, &DisputedShot{Attacker: attacker, Target: target, Twin: *g.frozenTable()})
}

// openPhotoAlign asks for the photo and opens photo mode aligning the
// game's ships from it, or measuring the shot when shot is not nil.
func (g *Game) openPhotoAlign(side battle.Side, shot *DisputedShot) {
	a := g.a
	v := g.seat.View(side)
	su := g.seat.Setup()
	al := PhotoAlign{Width: su.Width, Depth: su.Depth, Placing: g.table.placing, Shot: shot, Closed: g.posesClosed,
		Back: func() { a.Show(g) },
		Send: func(fixes []PoseFix, placing string) {
			g.table.placing = placing
			g.table.photo = g.table.photo[:0]
			own, theirs := g.splitFixes(side, fixes)
			for _, f := range own {
				g.table.photo = append(g.table.photo, photoFix{PoseFix: f})
			}
			g.table.propose = nil
			if len(theirs) > 0 {
				g.table.propose = &poseProposal{fixes: theirs, to: side.Opponent()}
				if shot != nil {
					g.table.propose.shot = &wire.DisputedPair{Attacker: shot.Attacker, Target: shot.Target}
				}
			}
			g.table.dispute = shot
			a.Show(g)
		}}
	for _, sv := range v.Ships {
		if !sv.OnTable || sv.Out {
			continue
		}
		s := AlignShip{ID: sv.ID, Class: sv.Class, AcrossFlats: g.seat.Class(sv.Class).AcrossFlats, Pose: sv.Pose, Level: sv.Level}
		if sv.Own {
			al.Own = append(al.Own, s)
		} else {
			al.Others = append(al.Others, s)
		}
	}
	title := "A photo of the table from above, the sheet in view"
	a.OpenFileUpTo(title, a.SavePath("table.jpg"), PhotoExts, photo.MaxPhotoBytes, func(name string, data []byte) error {
		img, err := photo.DecodeImage(name, data)
		if err != nil {
			return err
		}
		p, err := NewPhotoAlign(a, name, img, al)
		if err != nil {
			return err
		}
		a.Show(p)
		return nil
	})
}

// tickPhotoFixes sends the poses read from a photo one after the other,
// each as the seat's pose correction (the path a drag or a typed pose
// takes), and keeps each one's answer: set, or refused with the typed
// reason (the game unchanged).
func (g *Game) tickPhotoFixes() {
	e := &g.table
	i := slices.IndexFunc(e.photo, func(f photoFix) bool { return f.state == fixWaiting || f.state == fixSending })
	if i < 0 {
		g.tickProposal() // the other player's ships, once the own are answered
		return
	}
	f := &e.photo[i]
	if f.state == fixSending {
		g.seat.Poll()
		if g.seat.Status().Sending != "" {
			return
		}
		f.state, f.err = fixSet, g.seat.Status().Err
		if f.err != nil {
			f.state = fixRefused
		}
		return
	}
	side, ok := g.photoFixing()
	if !ok {
		return
	}
	if g.seat.Status().Sending != "" {
		g.seat.Poll()
		return
	}
	f.Pose = roundPose(f.Pose)
	if err := g.setPose(side, f.Ship, f.Pose); err != nil {
		f.state, f.err = fixRefused, err
		return
	}
	f.state = fixSending
}

// drawPhotoFixes lists the poses read from the last photo: each with its
// interval and whether the game took it; a refused one in red with the
// reason.
func (g *Game) drawPhotoFixes(l *kit.List, x, y, w float64) float64 {
	a := g.a
	s := a.S()
	if len(g.table.photo) > 0 {
		y += a.TextSize(12) // Para takes the first line's baseline
	}
	for _, f := range g.table.photo {
		at := fmt.Sprintf("(%.1f, %.1f) mm, heading %.1f°, about ±%.1f mm and ±%.1f°", f.Pose.Pos.X, f.Pose.Pos.Y, f.Pose.Heading.Degrees(), f.PosPM, f.HeadingPM)
		text, col := "From the photo: "+f.Ship+" to "+at+" (sending).", kit.ColSecondary
		switch f.state {
		case fixSet:
			text, col = "From the photo: "+f.Ship+" set to "+at+".", kit.ColInk
		case fixRefused:
			why := f.err.Error()
			if rf := poseRefusal(f.err); rf != nil {
				why = strings.TrimPrefix(rf.Error(), "pose: ")
			}
			text, col = "From the photo, refused: "+why+". The game is unchanged.", kit.ColWarn
		}
		y = a.Para(l, x, y, w, text, 12, col, f.state == fixRefused) + 4*s
	}
	return y
}

// photoRefused says whether err is the refusal of a pose read from the
// photo (listed with the photo's poses, not again on its own).
func (g *Game) photoRefused(err error) bool {
	return slices.ContainsFunc(g.table.photo, func(f photoFix) bool { return f.err == err })
}

// drawPhotoRefusals draws on the board, in red, each pose read from the
// photo that the game refused, with the bases in its way.
func (g *Game) drawPhotoRefusals(l *kit.List, v battle.View) {
	for _, f := range g.table.photo {
		if f.state != fixRefused {
			continue
		}
		if rf := poseRefusal(f.err); rf != nil {
			g.drawRefusal(l, v, rf)
		}
	}
}

// offerWords says the other player's undo proposal (Undo by agreement):
// "The Colonial player proposes to take back the last action", or "the
// last 3 actions".
//
// The actions it takes back are said as this seat may know them
// (client.TakeBackText): "The Cylon player proposes to take back the last
// action: the die 3 the Cylon player typed for raider-1's attack on
// viper-1."
func offerWords(o wire.UndoOffer, seat battle.Side) string {
	back := "the last action"
	if o.Back != 1 {
		back = fmt.Sprintf("the last %d actions", o.Back)
	}
	if len(o.Takes) == 0 {
		return fmt.Sprintf("The %s player proposes to take back %s.", SideName(o.By), back)
	}
	what := make([]string, len(o.Takes))
	for i, t := range o.Takes {
		what[i] = client.TakeBackText(t, seat)
	}
	return fmt.Sprintf("The %s player proposes to take back %s: %s.", SideName(o.By), back, strings.Join(what, "; "))
}

// pickLabels are the buttons of a choice at random typed from the table:
// its options by name (a side as the players call it, a ship by its id),
// or the numbers 0 to Of−1 when the need names none; at most six.
func pickLabels(n *wire.Need) []string {
	var labels []string
	for i := range min(n.Of, 6) {
		label := strconv.Itoa(i)
		if len(n.Options) == n.Of {
			label = n.Options[i]
			if side := battle.Side(label); side == battle.Colonial || side == battle.Cylon {
				label = SideName(side)
			}
		}
		labels = append(labels, label)
	}
	return labels
}

// passNeedWords says, on one device, the draw the game waits for from
// the player who is not holding it (a counter its owner draws): said to
// the holder, so the owner is named ("the Colonial player draws it"),
// never "you".
func passNeedWords(n *wire.Need, holder battle.Side) string {
	return "The game waits for " + client.NeedText(n, holder) + "."
}
