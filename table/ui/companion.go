package ui

import (
	"fmt"
	"strconv"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/physics"
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

// drawTable paints, in a companion game (seat.Table, the game played with
// models on a real table), what the table needs from this player: the
// die, choice or counter the game waits for, typed in or left to the app;
// after a movement step the pose corrections and the word that the table
// is aligned; undo by agreement; and the latest moves to copy onto the
// table. It returns where it ends (y when there is nothing to show).
func (g *Game) drawTable(l *kit.List, x, y, w float64) float64 {
	tb, ok := g.tableSeat()
	if !ok {
		return y
	}
	a := g.a
	s := a.S()
	side := g.human()
	busy := g.seat.Status().Sending != ""
	row := func(labels []string, click func(i int)) {
		gap := 6 * s
		bw := (w - float64(len(labels)-1)*gap) / float64(len(labels))
		for i, label := range labels {
			a.Button(l, kit.Rect{X: x + float64(i)*(bw+gap), Y: y, W: bw, H: 40 * s}, label, false, busy, func() { click(i) })
		}
		y += 46 * s
	}
	supply := func(sup wire.Supply) { _ = tb.Supply(sup) } // a refusal shows in Status.Err
	n, mine := tb.Need()
	if n != nil {
		y = a.Para(l, x, y, w, "The game waits for "+client.NeedText(n, side)+".", 14, kit.ColInk, true) + 6*s
		if mine {
			switch n.What {
			case battle.DrawDie:
				row([]string{"1", "2", "3", "4", "5", "6"}, func(i int) { v := i + 1; supply(wire.Supply{Value: &v}) })
			case battle.DrawPick:
				var labels []string
				for i := range min(n.Of, 6) {
					labels = append(labels, strconv.Itoa(i))
				}
				row(labels, func(i int) { supply(wire.Supply{Value: &i}) })
			case battle.DrawCounter:
				kinds := counterKinds(g)
				for len(kinds) > 0 {
					k := min(len(kinds), 4)
					part := kinds[:k]
					var labels []string
					for _, c := range part {
						labels = append(labels, c.String())
					}
					row(labels, func(i int) { c := part[i]; supply(wire.Supply{Counter: &c}) })
					kinds = kinds[k:]
				}
			}
			label := "Let the app roll"
			if n.What == battle.DrawCounter {
				label = "Draw from the app's secret cup"
			}
			row([]string{label}, func(int) { supply(wire.Supply{Roll: true}) })
		}
	}
	if v := g.publicView(); v.Phase == battle.Aligning && n == nil && side != "" {
		y = a.Para(l, x, y, w, fmt.Sprintf("Movement step %d is over: move the models as the moves below say. Where a model of yours stands elsewhere, choose it and nudge its twin to it; then say the table is aligned.", v.Step), 14, kit.ColInk, false) + 6*s
		var own []string
		for _, sv := range g.seat.View(side).Ships {
			if sv.Own && sv.OnTable && !sv.Out {
				own = append(own, sv.ID)
			}
		}
		if len(own) > 0 {
			row(own, func(i int) { g.tableShip = own[i] })
		}
		if g.tableShip != "" {
			y = a.Para(l, x, y, w, "Correct "+g.tableShip+":", 13, kit.ColSecondary, false) + 4*s
			labels := make([]string, len(nudges))
			for i, nd := range nudges {
				labels[i] = nd.label
			}
			row(labels, func(i int) { g.nudge(side, nudges[i].dx, nudges[i].dy, nudges[i].turn) })
		}
		row([]string{"The table is aligned"}, func(int) {
			_ = g.seat.Do(battle.Command{Type: battle.CmdAligned, Side: side})
		})
	}
	if side != "" {
		if o := tb.Offer(); o != nil && o.By != side {
			y = a.Para(l, x, y, w, fmt.Sprintf("The %s player proposes to take back the last %d action(s).", SideName(o.By), o.Back), 14, kit.ColWarn, true) + 6*s
			row([]string{"Agree", "Decline"}, func(i int) { _ = tb.AnswerUndo(i == 0) })
		} else if o != nil {
			y = a.Para(l, x, y, w, "Your undo proposal waits for the other player.", 13, kit.ColSecondary, false) + 6*s
		} else if tb.UndoPoints() > 0 {
			row([]string{"Propose to undo the last action"}, func(int) { _ = tb.ProposeUndo(1) })
		}
	}
	if moves := tb.Moves(); len(moves) > 0 {
		y = a.Para(l, x, y, w, fmt.Sprintf("Turn %d's moves, to copy onto the table:", moves[0].Turn), 13, kit.ColSecondary, true) + 4*s
		for _, m := range moves {
			y = a.Para(l, x, y, w, client.MoveText(m), 12, kit.ColInk, false) + 4*s
		}
	}
	return y
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

// nudge corrects the pose of the ship chosen at the table by dx, dy mm
// and turn degrees (a pose command; the server refuses a pose off the
// table or on another base, and the screen shows why).
func (g *Game) nudge(side battle.Side, dx, dy, turn float64) {
	for _, sv := range g.seat.View(side).Ships {
		if sv.ID != g.tableShip {
			continue
		}
		p := physics.Pose{Pos: sv.Pose.Pos.Add(physics.V(dx, dy)), Heading: sv.Pose.Heading + physics.Deg(turn)}
		_ = g.seat.Do(battle.Command{Type: battle.CmdPose, Side: side, Ship: sv.ID, Pose: &p})
	}
}

// counterKinds lists the different damage counters of the game's cup, as
// a player picks the one drawn from the table's cup.
func counterKinds(g *Game) []battle.Counter {
	var out []battle.Counter
	seen := map[battle.Counter]bool{}
	for _, k := range g.a.Comp.Damage {
		c := battle.Counter{Value: k.Value, Plus: k.Plus, Special: k.Special}
		if !seen[c] {
			seen[c] = true
			out = append(out, c)
		}
	}
	return out
}
