package measure

import (
	"fmt"
	"io"
	"iter"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Sentence says one ruling in words a player reads at the table, with the
// margins (MEASURE-FORMAT.md, text output), all rendered from the
// ruling's typed fields.
func Sentence(t referee.Table, ru referee.Ruling) string {
	a, tg := ru.AttackerID, ru.TargetID
	m := ru.Margins
	var b strings.Builder
	switch ru.Reason {
	case referee.Overlap:
		fmt.Fprintf(&b, "%s overlaps %s's base: neither can fire at the other.", tg, a)
	case referee.Level:
		fmt.Fprintf(&b, "%s is %d levels from %s (level %d against %d): no shot across two or more levels.",
			tg, ru.LevelDifference, a, t.Ships[ru.Target].Level, t.Ships[ru.Attacker].Level)
	case referee.OutOfArc:
		if m.Arc.Known {
			fmt.Fprintf(&b, "%s is %s outside %s's arc.", tg, mm(m.Arc.MM), a)
		} else {
			fmt.Fprintf(&b, "%s is out of %s's arc.", tg, a)
		}
	case referee.Blocked:
		fmt.Fprintf(&b, "%s is in %s's arc%s, but no line to its base is clear: blocked by %s", tg, a, ArcDepth(m.Arc), strings.Join(ru.BlockedBy, ", "))
		if m.LOS.Known {
			fmt.Fprintf(&b, ": %s from a clear line", mm(m.LOS.MM))
			if m.LOS.By != "" && !slices.Contains(ru.BlockedBy, m.LOS.By) {
				fmt.Fprintf(&b, " (past %s)", m.LOS.By)
			}
		}
		b.WriteString(".")
		if s := LineBeyondReach(m.LOS, false); s != "" {
			b.WriteString(" " + s + ".")
		}
	default:
		fmt.Fprintf(&b, "%s is in %s's arc%s at %.1f mm: ", tg, a, ArcDepth(m.Arc), ru.Range)
		if ru.Band == referee.Out {
			fmt.Fprintf(&b, "out of range, %.1f mm beyond long.", ru.Margin)
		} else {
			fmt.Fprintf(&b, "%s range (%s), %.1f mm from %s.", ru.Band, signed(ru.RangeModifier), ru.Margin, bandName(ru.MarginTo))
		}
		if ru.LevelDifference == 1 {
			fmt.Fprintf(&b, " One level apart: read on the back of the ruler (%.1f mm across the table).", ru.Horizontal)
		}
		if len(ru.BlockedBy) > 0 {
			fmt.Fprintf(&b, " The line to the nearest point is blocked by %s; the ruler passes beside it.", strings.Join(ru.BlockedBy, ", "))
		}
		if s := LineClears(m.LOS); s != "" {
			b.WriteString(" " + s + ".")
		}
		if s := LineBeyondReach(m.LOS, true); s != "" {
			b.WriteString(" " + s + ".")
		}
		for _, id := range ru.Cover {
			b.WriteString(" " + coverSentence(t, ru, id))
		}
	}
	if ru.Overlap && ru.Reason != referee.Overlap {
		fmt.Fprintf(&b, " The bases overlap.")
	}
	if ru.Tailing {
		fmt.Fprintf(&b, " %s is tailing %s: stands %.1f mm apart, %.1f mm inside the ★ mark", a, tg, ru.Tail.Distance, ru.Tail.Margin)
		if m.Tailing.Known {
			fmt.Fprintf(&b, "; %s from not tailing", mm(m.Tailing.MM))
		} else if m.Tailing.BeyondReach() {
			fmt.Fprintf(&b, "; no move of up to %g mm ends it", referee.MarginReach)
		}
		b.WriteString(".")
	} else if m.Tailing.Known && ru.Reason != referee.Overlap {
		fmt.Fprintf(&b, " %s from tailing.", mm(m.Tailing.MM))
	}
	return b.String()
}

// mm writes a margin in millimetres, one decimal.
func mm(v float64) string { return fmt.Sprintf("%.1f mm", v) }

// ArcDepth says how far inside the arc's edge an in-arc target lies, as
// " (11.2 mm inside its edge)"; "" when the margin is not known.
func ArcDepth(m referee.Margin) string {
	if !m.Known {
		return ""
	}
	return fmt.Sprintf(" (%s inside its edge)", mm(m.MM))
}

// LineClears says the line-of-sight margin of a clear shot: "the line
// clears rock by 4.1 mm" (capitalised: a sentence of its own); "" when
// the margin is not known (nothing within reach could block the line).
func LineClears(m referee.Margin) string {
	switch {
	case !m.Known:
		return ""
	case m.By == "":
		return fmt.Sprintf("The line is %s from blocked", mm(m.MM))
	}
	return fmt.Sprintf("The line clears %s by %s", m.By, mm(m.MM))
}

// LineBeyondReach says why the line-of-sight margin is null when no move
// within referee.MarginReach was searched or found to change the line
// (MEASURE-FORMAT.md, step 8): "No move of up to 50 mm blocks the line"
// for a clear one, "… clears a line" for a blocked one, or that the
// target is too far beyond long range for the line to decide a shot; ""
// when the margin is known or does not apply.
func LineBeyondReach(m referee.Margin, clear bool) string {
	reach := fmt.Sprintf("%g mm", referee.MarginReach)
	switch {
	case m.Known:
		return ""
	case m.Null == referee.BeyondLongRange:
		return fmt.Sprintf("Its nearest point in the arc is more than %s beyond long range: no move of up to %s makes it a shot, so the line's margin is not measured", reach, reach)
	case m.Null == referee.NoneWithinReach && clear:
		return fmt.Sprintf("No move of up to %s blocks the line", reach)
	case m.Null == referee.NoneWithinReach:
		return fmt.Sprintf("No move of up to %s clears a line", reach)
	}
	return ""
}

func coverSentence(t referee.Table, ru referee.Ruling, id string) string {
	for _, o := range t.Obstacles {
		if o.ID != id {
			continue
		}
		mod := signed(o.Density.CoverModifier())
		if ru.Measured && o.Polygon.SegmentCrossesInterior(ru.Witness) {
			return fmt.Sprintf("The line crosses the %s field %s: %s.", o.Density, id, mod)
		}
		return fmt.Sprintf("%s's stand is inside the %s field %s: %s.", ru.TargetID, o.Density, id, mod)
	}
	return ""
}

func bandName(b referee.Band) string {
	if b == referee.Out {
		return "out of range"
	}
	return string(b)
}

func signed(v int) string {
	switch {
	case v > 0:
		return fmt.Sprintf("+%d", v)
	case v < 0:
		return fmt.Sprintf("−%d", -v)
	}
	return "0"
}

// WriteText writes every ruling, grouped by attacker, one sentence a line.
func WriteText(w io.Writer, r *referee.Referee, rulings []referee.Ruling) error {
	return WriteTextSeq(w, r, slices.Values(rulings))
}

// WriteTextSeq is WriteText for rulings as they come (such as
// Referee.Rulings), holding none of them: the output of a huge table
// streams.
func WriteTextSeq(w io.Writer, r *referee.Referee, rulings iter.Seq[referee.Ruling]) error {
	t := r.Table()
	last := -1
	var line []byte
	for ru := range rulings {
		line = line[:0]
		if ru.Attacker != last {
			last = ru.Attacker
			s := t.Ships[ru.Attacker]
			line = fmt.Appendf(line, "%s (%s) at (%.1f, %.1f), heading %.0f°, facing %.0f°%s:\n",
				s.ID, s.Class, s.Pose.Pos.X, s.Pose.Pos.Y,
				physics.NormalizeDegrees(s.Pose.Heading.Degrees()),
				physics.NormalizeDegrees(s.Facing(t.Limits).Degrees()), levelNote(t, s))
		}
		mark := "  cannot fire: "
		if ru.CanFire {
			mark = "  CAN FIRE:    "
		}
		line = append(append(append(line, mark...), Sentence(t, ru)...), '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	return nil
}

func levelNote(t referee.Table, s referee.Ship) string {
	if !t.ThreeD {
		return ""
	}
	return fmt.Sprintf(", level %d", s.Level)
}
