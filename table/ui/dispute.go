package ui

import (
	"math"
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

// defaultShot is the shot a dispute starts from: the attacker given (the
// shooter chosen) on the target given (its chosen or first target), or,
// for what is not given or not on the table, the pair of one of the
// player's ships and an enemy standing nearest each other (the likeliest
// to be doubted).
func (g *Game) defaultShot(side battle.Side, attacker, target string) (string, string) {
	t := g.frozenTable()
	own := map[string]bool{}
	for _, sv := range g.ownOnTable(side) {
		own[sv.ID] = true
	}
	on := func(id string) bool {
		return slices.ContainsFunc(t.Ships, func(s referee.Ship) bool { return s.ID == id })
	}
	aok, tok := on(attacker), on(target)
	best, bestA, bestT := math.Inf(1), "", ""
	for _, x := range t.Ships {
		if aok && x.ID != attacker || !aok && !own[x.ID] {
			continue // the attacker given, else one of the player's ships
		}
		for _, y := range t.Ships {
			if own[y.ID] == own[x.ID] || tok && own[target] != own[x.ID] && y.ID != target {
				continue // an enemy: the target given when it is one
			}
			if d := x.Pose.Pos.Dist(y.Pose.Pos); d < best {
				best, bestA, bestT = d, x.ID, y.ID
			}
		}
	}
	return bestA, bestT
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
	y += 46 * s
	if why := g.posesClosed(); why != "" {
		// said before the player measures: no correction is taken now
		y = a.Para(l, x, y+a.TextSize(12), w, why, 12, kit.ColWarn, true) + 4*s
	}
	return g.drawDisputed(l, x, y, w)
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
	if text, warn := g.proposalWords(); text != "" {
		col := kit.ColInk
		if warn {
			col = kit.ColWarn
		}
		y = a.Para(l, x, y+a.TextSize(12), w, text, 12, col, warn) + 4*s
	}
	t := g.frozenTable()
	now := DisputedShot{Attacker: d.Attacker, Target: d.Target, Twin: *t}
	if ru, ok := now.TwinRuling(); ok {
		y = a.Para(l, x, y+a.TextSize(12), w, "The game now rules: "+measure.Sentence(*t, ru), 12, kit.ColInk, true) + 4*s
	}
	return y
}
