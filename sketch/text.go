package sketch

import (
	"fmt"
	"math"
	"strings"

	"github.com/starshipbattles/bsg/referee"
)

// summary is the second title line: the pair's verdict, or what the
// whole-table picture shows.
func (d *drawing) summary() string {
	t := d.table
	if d.pair != nil {
		a, b := d.pair[0], d.pair[1]
		if a < 0 || a >= len(t.Ships) || b < 0 || b >= len(t.Ships) {
			return fmt.Sprintf("no such pair (%d, %d)", a, b)
		}
		head := t.Ships[a].ID + " → " + t.Ships[b].ID + ": "
		if len(d.rulings) == 0 {
			return head + "no ruling given"
		}
		return head + verdict(d.rulings[0])
	}
	if len(t.Ships) > BigTable {
		return fmt.Sprintf("%d ships (more than %d): only the %d rulings that can fire are drawn, of %d",
			len(t.Ships), BigTable, len(d.rulings), d.total)
	}
	return fmt.Sprintf("%d of %d rulings drawn: every ruling with a witness ruler or a blocked line",
		len(d.rulings), d.total)
}

// verdict says a ruling in a sentence for the title.
func verdict(ru referee.Ruling) string {
	switch ru.Reason {
	case referee.CanFire:
		return "can fire at " + measurement(ru) + extras(ru)
	case referee.Overlap:
		return "cannot fire: the bases overlap"
	case referee.Level:
		return fmt.Sprintf("cannot fire: %d levels apart", ru.LevelDifference)
	case referee.OutOfArc:
		if m := ru.Margins.Arc; m.Known {
			return fmt.Sprintf("cannot fire: %.1f mm outside the fire arc", m.MM)
		}
		return "cannot fire: not in the fire arc"
	case referee.Blocked:
		return "cannot fire: the line is blocked by " + strings.Join(ru.BlockedBy, ", ")
	case referee.OutOfRange:
		return "cannot fire: out of range at " + measurement(ru)
	}
	return "cannot fire: " + string(ru.Reason)
}

// measurement is a ruling's range, band and margin, as on its ruler label.
func measurement(ru referee.Ruling) string {
	return rangeText(ru) + " " + marginText(ru)
}

// rangeText is a ruling's range and band: "123.5 mm medium".
func rangeText(ru referee.Ruling) string {
	band := string(ru.Band)
	if ru.Band == referee.Out {
		band = "out of range"
	}
	return fmt.Sprintf("%.1f mm %s", ru.Range, band)
}

// marginText is a ruling's margin: "(23.5 from short)".
func marginText(ru referee.Ruling) string {
	return fmt.Sprintf("(%.1f from %s)", ru.Margin, ru.MarginTo)
}

// extras are the ruling's notes on levels, a hidden nearest point, cover
// and tailing.
func extras(ru referee.Ruling) string {
	var b strings.Builder
	if ru.LevelDifference > 0 {
		fmt.Fprintf(&b, ", %d level apart", ru.LevelDifference)
	}
	if len(ru.BlockedBy) > 0 {
		fmt.Fprintf(&b, ", the nearest point is hidden by %s", strings.Join(ru.BlockedBy, ", "))
	}
	if len(ru.Cover) > 0 {
		fmt.Fprintf(&b, ", cover %s (%s)", signed(ru.CoverModifier), strings.Join(ru.Cover, ", "))
	}
	if ru.Tailing {
		b.WriteString(", tailing")
	}
	return b.String()
}

// note is a ruling in a line of the notes under the legend, for rulers
// whose label did not fit beside them.
func note(ru referee.Ruling) string {
	head := ru.AttackerID + " → " + ru.TargetID + ": "
	if !ru.Measured {
		return head + unmeasured(ru)
	}
	s := head + measurement(ru) + extras(ru)
	if ru.Reason == referee.Overlap || ru.Reason == referee.Level {
		s += ", cannot fire: " + string(ru.Reason)
	}
	return s
}

// unmeasured says, on a ruler label or a note, why a ruling has no
// witness: what blocks the line, or (no line at all) that the target is
// out of arc, by how much, or that the bases overlap or lie levels apart.
func unmeasured(ru referee.Ruling) string {
	switch {
	case len(ru.BlockedBy) > 0:
		return "blocked by " + strings.Join(ru.BlockedBy, ", ")
	case ru.Reason == referee.Overlap:
		return "cannot fire: overlap"
	case ru.Reason == referee.Level:
		return fmt.Sprintf("cannot fire: %d levels apart", ru.LevelDifference)
	case ru.Margins.Arc.Known && !ru.InArc:
		return fmt.Sprintf("%.1f mm out of arc", ru.Margins.Arc.MM)
	case !ru.InArc:
		return "out of arc"
	}
	return "no line"
}

// signed writes a modifier with a true minus sign.
func signed(m int) string {
	switch {
	case m < 0:
		return fmt.Sprintf("−%d", -m)
	case m > 0:
		return fmt.Sprintf("+%d", m)
	}
	return "0"
}

// num writes a length without needless decimals.
func num(v float64) string {
	if v == math.Trunc(v) && math.Abs(v) < 1e15 {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
