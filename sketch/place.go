package sketch

import (
	"math"

	"github.com/starshipbattles/bsg/physics"
)

// placer puts labels where they hide the least: each label takes the first
// of its candidate boxes with the lowest penalty for covering labels
// already placed, bases, drawn lines and the space outside the view.
type placer struct {
	view   physics.Rect
	labels []physics.Rect
	solids []physics.Rect
	lines  []physics.Segment
}

// Penalty weights per square millimetre covered.
const (
	penaltyLabel   = 8
	penaltySolid   = 3
	penaltyOutside = 20
	penaltyLine    = 1.5 // times the box height, per millimetre of line
)

// best returns the first of the candidate boxes with the lowest penalty.
func (p *placer) best(cands []physics.Rect) physics.Rect {
	best, bestScore := cands[0], math.Inf(1)
	for _, c := range cands {
		if s := p.score(c); s < bestScore {
			best, bestScore = c, s
		}
	}
	return best
}

// take keeps the box b taken by a label.
func (p *placer) take(b physics.Rect) { p.labels = append(p.labels, b) }

// clear reports whether b lies in the view and covers no label and hardly
// any base.
func (p *placer) clear(b physics.Rect) bool {
	if !p.view.ContainsRect(b) {
		return false
	}
	for _, l := range p.labels {
		if overlapArea(b, l) > 0 {
			return false
		}
	}
	solid := 0.0
	for _, o := range p.solids {
		solid += overlapArea(b, o)
	}
	return solid <= maxSolidCover*area(b)
}

// maxSolidCover is the share of a ruler label's box that may cover bases'
// bounding boxes (a hexagon leaves its box's corners empty).
const maxSolidCover = 0.1

func (p *placer) score(b physics.Rect) float64 {
	s := 0.0
	for _, l := range p.labels {
		s += penaltyLabel * overlapArea(b, l)
	}
	for _, o := range p.solids {
		s += penaltySolid * overlapArea(b, o)
	}
	s += penaltyOutside * (area(b) - overlapArea(b, p.view))
	h := b.Hi.Y - b.Lo.Y
	for _, l := range p.lines {
		s += penaltyLine * h * lengthInside(l, b)
	}
	return s
}

func area(r physics.Rect) float64 { return (r.Hi.X - r.Lo.X) * (r.Hi.Y - r.Lo.Y) }

func overlapArea(a, b physics.Rect) float64 {
	w := math.Min(a.Hi.X, b.Hi.X) - math.Max(a.Lo.X, b.Lo.X)
	h := math.Min(a.Hi.Y, b.Hi.Y) - math.Max(a.Lo.Y, b.Lo.Y)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

// lengthInside returns the length of the part of s inside r (Liang–Barsky).
func lengthInside(s physics.Segment, r physics.Rect) float64 {
	d := s.B.Sub(s.A)
	t0, t1 := 0.0, 1.0
	for _, e := range [4]struct{ p, q float64 }{
		{-d.X, s.A.X - r.Lo.X}, {d.X, r.Hi.X - s.A.X},
		{-d.Y, s.A.Y - r.Lo.Y}, {d.Y, r.Hi.Y - s.A.Y},
	} {
		if e.p == 0 {
			if e.q < 0 {
				return 0
			}
			continue
		}
		t := e.q / e.p
		if e.p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
	}
	if t1 <= t0 {
		return 0
	}
	return (t1 - t0) * d.Norm()
}

// label is a few centred lines of text, placed by its box.
type label struct {
	lines []labelLine
	w, h  float64 // the box's size in millimetres
}

type labelLine struct {
	text  string
	style TextStyle
}

// lineHeight is the distance between baselines, in ems.
const lineHeight = 1.15

// labelPadding is the space kept free around a label's text, in millimetres.
const labelPadding = 1.5

func newLabel(lines ...labelLine) label {
	l := label{lines: lines}
	for i, ln := range lines {
		l.lines[i].style.Anchor = Middle
		l.w = math.Max(l.w, textWidth(ln.text, ln.style))
		if i == 0 {
			l.h += ln.style.Size * (ascent + descent)
		} else {
			l.h += ln.style.Size * lineHeight
		}
	}
	l.w += 2 * labelPadding
	l.h += 2 * labelPadding
	return l
}

// boxAt returns the label's box centred on c.
func (l label) boxAt(c physics.Vec) physics.Rect {
	return physics.Rect{Lo: physics.V(c.X-l.w/2, c.Y-l.h/2), Hi: physics.V(c.X+l.w/2, c.Y+l.h/2)}
}

// beside returns the label's box just off the point p in the direction u
// (a unit vector): its nearest side gap millimetres from p.
func (l label) beside(p, u physics.Vec, gap float64) physics.Rect {
	reach := gap + math.Abs(u.X)*l.w/2 + math.Abs(u.Y)*l.h/2
	return l.boxAt(p.Add(u.Mul(reach)))
}

// draw paints the label in the box chosen for it.
func (l label) draw(c Canvas, b physics.Rect) {
	x := (b.Lo.X + b.Hi.X) / 2
	y := b.Hi.Y - labelPadding
	for i, ln := range l.lines {
		if i == 0 {
			y -= ln.style.Size * ascent
		} else {
			y -= ln.style.Size * lineHeight
		}
		c.Text(physics.V(x, y), ln.text, ln.style)
	}
}
