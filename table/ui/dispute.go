package ui

import (
	"slices"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// photoFixing says whether the poses read from a photo may be sent now:
// a companion game aligning after a movement step or declaring its
// shots (the engine refuses a correction once a shot is declared, with
// its reason), no draw awaited.
func (g *Game) photoFixing() (battle.Side, bool) {
	tb, ok := g.tableSeat()
	if !ok {
		return "", false
	}
	side := g.human()
	ph := g.publicView().Phase
	if n, _ := tb.Need(); n != nil || side == "" || ph != battle.Aligning && ph != battle.Declaring {
		return "", false
	}
	return side, true
}

// defaultShot is the shot a dispute starts from: the attacker chosen
// (else the player's first ship on the table) on its chosen target
// (else its first target, else the first enemy on the table).
func (g *Game) defaultShot(side battle.Side, attacker, target string) (string, string) {
	t := g.frozenTable()
	own := map[string]bool{}
	for _, sv := range g.ownOnTable(side) {
		own[sv.ID] = true
	}
	on := func(id string) bool {
		return slices.ContainsFunc(t.Ships, func(s referee.Ship) bool { return s.ID == id })
	}
	if !on(attacker) {
		attacker = ""
		for _, s := range t.Ships {
			if own[s.ID] {
				attacker = s.ID
				break
			}
		}
	}
	if !on(target) || own[target] == own[attacker] {
		target = ""
		for _, s := range t.Ships {
			if own[s.ID] != own[attacker] {
				target = s.ID
				break
			}
		}
	}
	return attacker, target
}

// drawDispute paints, in a companion game's alignment or firing step,
// the button that measures a disputed shot from a photo (attacker on
// target to start from; the photo's screen changes either), the poses
// the last photo sent with their answers, and the game's ruling of the
// shot once they are answered: the twin's ruling is the one the game
// uses, now on the photo's poses.
func (g *Game) drawDispute(l *kit.List, x, y, w float64, side battle.Side, attacker, target string) float64 {
	a := g.a
	s := a.S()
	attacker, target = g.defaultShot(side, attacker, target)
	if attacker == "" || target == "" {
		return y
	}
	busy := g.seat.Status().Sending != ""
	a.Button(l, kit.Rect{X: x, Y: y, W: w, H: 40 * s}, "Measure a shot from a photo", false, busy, func() { g.measureShot(side, attacker, target) })
	return g.drawDisputed(l, x, y+46*s, w)
}

// drawDisputed paints the poses the last disputed shot's photo sent,
// with their answers, and the game's ruling of the shot once they are
// answered (y unchanged when no shot was measured).
func (g *Game) drawDisputed(l *kit.List, x, y, w float64) float64 {
	a := g.a
	s := a.S()
	d := g.table.dispute
	if d == nil {
		return y
	}
	y = g.drawPhotoFixes(l, x, y, w)
	for _, f := range g.table.photo {
		if f.state == fixWaiting || f.state == fixSending {
			return y
		}
	}
	t := g.frozenTable()
	now := DisputedShot{Attacker: d.Attacker, Target: d.Target, Twin: *t}
	if ru, ok := now.TwinRuling(); ok {
		y = a.Para(l, x, y+a.TextSize(12), w, "The game now rules: "+measure.Sentence(*t, ru), 12, kit.ColInk, true) + 4*s
	}
	return y
}
