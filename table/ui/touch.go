package ui

import (
	"fmt"
	"math"
	"strings"

	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// Touch in measurement mode: one finger drags a ship (as the mouse does);
// a second finger while a ship is held turns it about its centre; two
// fingers elsewhere pinch the table to zoom and pan it. The last two
// ships tapped are ruled on in large type: over the table, or at the top
// of the panel on a phone held upright.

// pinch handles a two-finger gesture.
func (m *Measure) pinch(ev kit.Event) {
	if m.drag && m.sel >= 0 && m.sel < len(m.T.Ships) {
		m.turnFine(ev.Turn)
		m.changed()
		return
	}
	m.cam.Key(ev)
}

// turnFine turns the selected ship by deg degrees, gathering the small
// steps of a gesture so the heading stays a whole number of tenths.
func (m *Measure) turnFine(deg float64) {
	m.twist += deg
	step := math.Trunc(m.twist*10) / 10
	if step != 0 {
		m.twist -= step
		m.turn(step)
	}
}

// tapped notes a ship pressed: the ruling pair is the last two.
func (m *Measure) tapped(i int) {
	if i < 0 || i >= len(m.T.Ships) {
		return
	}
	id := m.T.Ships[i].ID
	if id == m.pairB {
		return
	}
	m.pairA, m.pairB = m.pairB, id
}

// PairRuling returns the rulings between the last two ships tapped, both
// ways, one a line ("" before two ships were tapped).
func (m *Measure) PairRuling() string {
	a, b := m.shipIndex(m.pairA), m.shipIndex(m.pairB)
	if a < 0 || b < 0 || a == b {
		return ""
	}
	var lines []string
	for _, pr := range [][2]int{{a, b}, {b, a}} {
		for _, ru := range m.rulings {
			if ru.Attacker == pr[0] && ru.Target == pr[1] {
				verdict := "cannot fire"
				if ru.CanFire {
					verdict = "CAN FIRE"
				}
				lines = append(lines, ru.AttackerID+" → "+ru.TargetID+": "+verdict+". "+measure.Sentence(m.T, ru))
			}
		}
	}
	return strings.Join(lines, "\n")
}

// shortRuling says a ruling in a few words for the large type: verdict,
// band, range and the margin to the next band, how far inside or outside
// the arc, and the line of sight's margin with its blocker
// (MEASURE-FORMAT.md, step 8).
func shortRuling(ru referee.Ruling) string {
	head := ru.AttackerID + " → " + ru.TargetID + ": "
	m := ru.Margins
	arc := ""
	if m.Arc.Known {
		arc = fmt.Sprintf(" · in arc by %.1f mm", m.Arc.MM)
	}
	los := ""
	if m.LOS.Known && m.LOS.By != "" {
		los = fmt.Sprintf(" · clears %s by %.1f mm", m.LOS.By, m.LOS.MM)
	} else if m.LOS.Known {
		los = fmt.Sprintf(" · %.1f mm from blocked", m.LOS.MM)
	}
	switch ru.Reason {
	case referee.CanFire:
		return head + fmt.Sprintf("CAN FIRE · %s range · %.1f mm (%.1f mm from %s)", ru.Band, ru.Range, ru.Margin, bandWord(ru.MarginTo)) + arc + los
	case referee.OutOfRange:
		return head + fmt.Sprintf("cannot fire · out of range · %.1f mm (%.1f mm beyond long)", ru.Range, ru.Margin) + arc + los
	case referee.OutOfArc:
		if m.Arc.Known {
			return head + fmt.Sprintf("cannot fire · %.1f mm outside the arc", m.Arc.MM)
		}
		return head + "cannot fire · out of arc"
	case referee.Blocked:
		s := head + "cannot fire · blocked by " + strings.Join(ru.BlockedBy, ", ")
		if m.LOS.Known {
			s += fmt.Sprintf(": %.1f mm from a clear line", m.LOS.MM)
		}
		return s + arc
	case referee.Level:
		return head + "cannot fire · two or more levels apart"
	case referee.Overlap:
		return head + "cannot fire · the bases overlap"
	}
	return head + string(ru.Reason)
}

func bandWord(b referee.Band) string {
	if b == referee.Out {
		return "out of range"
	}
	return string(b)
}

// rulingLine is a line of the pair's ruling in large type; on says the
// ruling's attacker can fire.
type rulingLine struct {
	s  string
	on bool
}

// pairSize is the size of the pair's large type: on a phone held upright
// large, not huge (the panel under the table is narrow).
func (m *Measure) pairSize() float64 {
	if m.a.Portrait() {
		return m.a.TextSize(13.5)
	}
	return m.a.TextSize(17)
}

// pairLines wraps the pair's rulings, both ways, to a box w wide in type
// of size sz (none before two ships were tapped).
func (m *Measure) pairLines(w, sz float64) []rulingLine {
	a, b := m.shipIndex(m.pairA), m.shipIndex(m.pairB)
	if a < 0 || b < 0 || a == b {
		return nil
	}
	pad := sz * 0.5
	var lines []rulingLine
	for _, pr := range [][2]int{{a, b}, {b, a}} {
		for _, ru := range m.rulings {
			if ru.Attacker == pr[0] && ru.Target == pr[1] {
				for _, s := range m.a.Fonts.Wrap(kit.Clean(shortRuling(ru)), sz, w-2*pad, true) {
					lines = append(lines, rulingLine{s, ru.CanFire})
				}
			}
		}
	}
	return lines
}

// pairBoxH is the height of a large-type box of n lines of size sz.
func pairBoxH(n int, sz float64) float64 { return float64(n)*sz*1.25 + 1.5*sz*0.5 }

// pairRoomLines is how many lines of large type the panel of a phone held
// upright keeps for the pair's ruling (two rulings of three lines each:
// verdict and range, then the margins), so that the table does not jump
// when the ruling changes.
const pairRoomLines = 6

// pairFit is the pair's ruling for the panel of a phone held upright, w
// wide: in the large type, else in type just small enough for it to fit
// in pairRoomLines lines (not below 11 at scale 1).
func (m *Measure) pairFit(w float64) ([]rulingLine, float64) {
	s := m.a.S()
	sz := m.pairSize()
	lines := m.pairLines(w, sz)
	for len(lines) > pairRoomLines && sz > m.a.TextSize(11)+0.1 {
		sz = math.Max(m.a.TextSize(11), sz-0.5*s)
		lines = m.pairLines(w, sz)
	}
	return lines, sz
}

// pairRoom is the height the panel of a phone held upright keeps at its
// top for the pair's ruling, the box w wide.
func (m *Measure) pairRoom(w float64) float64 {
	lines, sz := m.pairFit(w)
	return math.Max(pairBoxH(pairRoomLines, m.pairSize()), pairBoxH(len(lines), sz))
}

// drawPairBox paints lines of a ruling in type of size sz in the box r.
func (m *Measure) drawPairBox(l *kit.List, r kit.Rect, lines []rulingLine, sz float64) {
	pad := sz * 0.5
	l.Rect(r, kit.Alpha(kit.ColWhite, 0.94), kit.ColInk, 2)
	for i, ln := range lines {
		c := kit.ColSecondary
		if ln.on {
			c = kit.ColInk
		}
		l.Text(kit.Pt{X: r.X + pad, Y: r.Y + pad + sz*0.9 + float64(i)*sz*1.25}, ln.s, sz, c, kit.AnchorStart, true)
	}
}

// drawPairRuling paints the pair's ruling in large type at the foot of
// the table view (at its top when the foot would hide either ship). On a
// phone held upright the panel shows it instead (drawPanel), where it
// covers no ship.
func (m *Measure) drawPairRuling(l *kit.List, view kit.Rect) {
	if m.a.Portrait() {
		return
	}
	sz := m.pairSize()
	pad := sz * 0.5
	w := view.W - 2*pad
	lines := m.pairLines(w, sz)
	if len(lines) == 0 {
		return
	}
	h := pairBoxH(len(lines), sz)
	y := m.rulingBoxY(view, h, pad, m.shipIndex(m.pairA), m.shipIndex(m.pairB))
	m.drawPairBox(l, kit.Rect{X: view.X + pad, Y: y, W: w, H: h}, lines, sz)
}

// rulingBoxY is the top of the large-type box h high: at the foot of the
// table view, or at its top when the foot would hide either ship a or b
// (when both would, where it hides fewer).
func (m *Measure) rulingBoxY(view kit.Rect, h, pad float64, a, b int) float64 {
	best, hidden := 0.0, 3
	for _, at := range []float64{view.Y + view.H - h - pad, view.Y + pad} {
		box := kit.Rect{X: view.X, Y: at - pad, W: view.W, H: h + 2*pad}
		n := 0
		for _, i := range []int{a, b} {
			if m.hides(box, i) {
				n++
			}
		}
		if n < hidden {
			best, hidden = at, n
		}
	}
	return best
}

// hides reports whether a box on the screen covers any part of ship i's
// base.
func (m *Measure) hides(box kit.Rect, i int) bool {
	for _, p := range m.cam.Pts(m.T.Ships[i].Base()) {
		if box.Contains(p) {
			return true
		}
	}
	return box.Contains(m.cam.ToScreen(m.T.Ships[i].Pose.Pos))
}
