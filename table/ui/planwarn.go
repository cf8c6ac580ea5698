package ui

import (
	"fmt"
	"math"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// planNoteKind is what a planNote says about a plan.
type planNoteKind int

const (
	// noteObjective: where the plan ends relative to the scenario's
	// objective for the ship (a zone it must reach, an edge it must cross).
	noteObjective planNoteKind = iota
	// noteUnwinnable: the plan makes one of the side's goals unreachable
	// (The Jump Point: a jump mid-table that leaves too little fuel or no
	// jump to get away later).
	noteUnwinnable
	// noteOverlap: the plan ends on the base of another own ship
	// (Overlapping spaceships).
	noteOverlap
)

// planNote is what the planning screen says about a plan beyond its
// legality. warn notes are flagged as an illegal plan is: in warning
// colour, and committing needs a second Enter.
type planNote struct {
	kind planNoteKind
	text string
	warn bool
	// dist: for noteObjective, millimetres from the objective (0 inside);
	// short is what the ghost says of it ("ends 112 mm from the jump
	// point").
	dist  float64
	short string
}

// ftlFuel is the fuel an FTL plan spends: its cards, its rotation and the
// jump, by the engine's formula (Fuel; Faster-than-light movement); the
// kinetic energy stays as it is when jumping.
func (g *Game) ftlFuel(class starship.Class, st starship.State, p starship.Plan) int {
	cardsG, change := 0, false
	for _, id := range p.Cards {
		if c, ok := class.Deck.Card(id); ok {
			cardsG += c.G
			change = change || c.IsChangeDirection()
		}
	}
	return starship.FuelSpent(cardsG, starship.NotchesTurned(st.Rotation, p.Rotate), change, st.KE, st.KE, true, g.a.Comp.Geometry.FTLFuelCost.Value)
}

// planNotes says where a ship's plan ends relative to its side's
// objectives, whether it makes a goal unreachable, and whether it ends on
// another own ship's planned spot. o is the plan's outcome (nil for an
// FTL plan, which ends where its marker is placed after the reveal).
func (g *Game) planNotes(v battle.View, id string, p starship.Plan, o *starship.Outcome) []planNote {
	s, ok := own(v, id)
	if !ok || s.State == nil {
		return nil
	}
	st := *s.State
	class := g.seat.Class(s.Class)
	rules := g.rules()
	var out []planNote
	for _, c := range g.seat.Setup().Victory {
		if c.Kind != battle.Leave || c.Ship != id || c.Side != "" && c.Side != s.Side {
			continue
		}
		where := scenarios.ZoneTitle(c.ZoneName)
		switch {
		case c.By == battle.ExitFTL && len(c.Zone) > 0 && p.Speed == maneuvers.FTL:
			if c.Zone.Contains(st.Pose.Pos) {
				out = append(out, planNote{kind: noteObjective, text: fmt.Sprintf("%s jumps away from inside %s: the scenario's goal.", id, where)})
				continue
			}
			// a jump mid-table: not the goal, said with how far off it
			// stands (played: planned 27 mm outside, nothing said so)
			d, _ := c.Zone.DistanceToPoint(st.Pose.Pos)
			out = append(out, planNote{kind: noteObjective, dist: d, text: fmt.Sprintf("%s stands %.0f mm outside %s: a jump from here is not the scenario's goal, which is to jump away from inside it.", id, d, where)})
			// is there fuel and a jump left to get away later? A ship
			// may plan a jump while it has fuel above 0 (Fuel: Running
			// out of fuel), whatever the jump costs.
			left := st.Fuel - g.ftlFuel(class, st, p)
			switch {
			case st.FTLJumps+1 >= starship.MaxFTLJumps:
				out = append(out, planNote{kind: noteUnwinnable, warn: true, text: fmt.Sprintf("Unwinnable: this jump mid-table is %s's last (at most %d a game), so it can no longer jump away from %s: %s loses that way to win (Faster-than-light movement).", id, starship.MaxFTLJumps, where, SideName(s.Side))})
			case rules.Has(starship.OptFuel) && left <= 0:
				out = append(out, planNote{kind: noteUnwinnable, warn: true, text: fmt.Sprintf("Unwinnable: this jump mid-table leaves %s %d fuel, and a ship out of fuel cannot jump away from %s: %s loses that way to win (Faster-than-light movement; Fuel: Running out of fuel).", id, left, where, SideName(s.Side))})
			}
		case len(c.Zone) > 0 && o != nil:
			d, _ := c.Zone.DistanceToPoint(o.Final().Pose.Pos) // as the scenario tab's progress says it
			short := "ends inside " + where
			if d > 0 {
				short = fmt.Sprintf("ends %.0f mm from %s", d, where)
			}
			out = append(out, planNote{kind: noteObjective, text: "The plan " + short + ".", dist: d, short: short})
		case c.By == battle.ExitEdge && c.Edge != "" && o != nil:
			d := edgeDistance(o.Final().Pose.Pos, c.Edge, v.Width, v.Depth)
			short := fmt.Sprintf("ends %.0f mm from the %s edge", d, c.Edge)
			out = append(out, planNote{kind: noteObjective, text: fmt.Sprintf("The plan %s, %s's way out.", short, id), dist: d, short: short})
		}
	}
	if o != nil {
		end := o.Final()
		mine := physics.Hexagon(end.Pose, class.AcrossFlats)
		for _, other := range ownActive(v) {
			if other.ID == id {
				continue
			}
			op := g.draft(v, other.ID)
			if other.Planned && other.Plan != nil {
				pp := other.Plan.Clone()
				op = &pp
			} else if !other.Planned {
				continue // not planned yet: its ghost may still move
			}
			oo, _, err := g.planCheck(v, other.ID, *op)
			if err != nil || oo == nil {
				continue
			}
			oe := oo.Final()
			if rules.Has(starship.OptThreeD) && oe.Level != end.Level {
				continue
			}
			theirs := physics.Hexagon(oe.Pose, g.seat.Class(other.Class).AcrossFlats)
			if physics.ConvexInteriorsIntersect(mine, theirs) {
				why := "neither can fire at the other while they overlap"
				if rules.Set == starship.Quick {
					why = "the faster is pushed on until they part, and neither fires this turn"
				}
				out = append(out, planNote{kind: noteOverlap, warn: true, text: fmt.Sprintf("%s ends on %s's spot: the bases overlap; %s (Overlapping spaceships).", id, other.ID, why)})
			}
		}
	}
	return out
}

// edgeDistance is how far a point is from an edge of the playing area.
func edgeDistance(p physics.Vec, e battle.Edge, width, depth float64) float64 {
	switch e {
	case battle.North:
		return math.Abs(depth - p.Y)
	case battle.South:
		return math.Abs(p.Y)
	case battle.East:
		return math.Abs(width - p.X)
	}
	return math.Abs(p.X)
}

// drawObjectiveLabel writes beside the selected ship's last ghost where
// the plan ends relative to the ship's objective ("112 mm from the jump
// point"), when its side's goal names one.
func (g *Game) drawObjectiveLabel(l *kit.List, v battle.View, id string, p starship.Plan, o *starship.Outcome, col colorT) {
	for _, n := range g.planNotes(v, id, p, o) {
		if n.kind != noteObjective || n.short == "" || o == nil {
			continue
		}
		text := n.short
		sz := g.a.TextSize(12)
		at := g.cam.ToScreen(o.Final().Pose.Pos)
		tw := g.a.Fonts.Width(text, sz, true)
		spots := []kit.Spot{{At: kit.Pt{X: at.X, Y: at.Y + 34}, Anchor: kit.AnchorMiddle}, {At: kit.Pt{X: at.X, Y: at.Y - 26}, Anchor: kit.AnchorMiddle},
			{At: kit.Pt{X: at.X + 22, Y: at.Y + 5}, Anchor: kit.AnchorStart}, {At: kit.Pt{X: at.X - 22, Y: at.Y + 5}, Anchor: kit.AnchorEnd}}
		spot, far, ok := l.PlaceText(spots, tw, sz, at, 12*sz, g.cam.View)
		if !ok {
			return // the panel says it in full
		}
		if far {
			l.Leader(kit.LabelBox(spot.At, tw, sz, spot.Anchor), at, col)
		}
		l.HaloText(spot.At, text, sz, kit.Mix(col, kit.ColInk, 0.4), kit.ColWhite, spot.Anchor, true)
		return
	}
}
