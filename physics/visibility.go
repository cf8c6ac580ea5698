package physics

import (
	"cmp"
	"math"
	"slices"
)

// Blocker is an obstacle whose interior stops a line of sight (Line of
// sight: another ship's base; Planetoids). Touching its boundary does not
// block. Convex polygons (bases) and circles (planetoids) are blockers; a
// Polygon used as a Blocker must be convex.
type Blocker interface {
	// SegmentCrossesInterior reports, exactly, whether the segment passes
	// through the blocker's interior.
	SegmentCrossesInterior(s Segment) bool
	// Bounds returns the blocker's bounding rectangle.
	Bounds() Rect
	// shadow returns the set of points p for which the segment from apex
	// to p passes through the blocker's interior; its half-planes are
	// appended to buf.
	shadow(apex Vec, buf []line) (shadow, []line)
}

// shadow is the open set of points hidden from an apex by one blocker: the
// points inside every half-plane of planes and, for a disk, also inside the
// open disk or beyond the chord between the tangent points. A shadow is
// convex, so it cuts any segment in one open interval.
type shadow struct {
	all     bool // the apex is inside the blocker: everything else is hidden
	empty   bool
	planes  []line
	hasDisk bool
	disk    Circle
	chord   line
}

// interval returns the open parameter interval (lo, hi) of the segment that
// the shadow hides; lo < 0 or hi > 1 mean the ends are hidden too.
func (s shadow) interval(seg Segment) (lo, hi float64, ok bool) {
	if s.empty {
		return 0, 0, false
	}
	lo, hi = math.Inf(-1), math.Inf(1)
	if s.all {
		return lo, hi, true
	}
	for _, l := range s.planes {
		var ok bool
		if lo, hi, ok = clipOpen(l, seg, lo, hi); !ok {
			return 0, 0, false
		}
	}
	if !s.hasDisk {
		return lo, hi, true
	}
	// Within the tangent wedge: hidden inside the open disk or beyond the
	// chord (whose interior points are inside the disk).
	clo, chi, cok := clipOpen(s.chord, seg, lo, hi)
	dlo, dhi, dok := s.disk.lineParamsInside(seg)
	if dok {
		dlo, dhi = math.Max(dlo, lo), math.Min(dhi, hi)
		dok = dlo < dhi
	}
	switch {
	case cok && dok: // the shadow is convex: the two pieces touch
		return math.Min(clo, dlo), math.Max(chi, dhi), true
	case cok:
		return clo, chi, true
	case dok:
		return dlo, dhi, true
	}
	return 0, 0, false
}

// clipOpen narrows the open interval (lo, hi) of seg to the part strictly
// left of l.
func clipOpen(l line, seg Segment, lo, hi float64) (float64, float64, bool) {
	sa, sb := l.side(seg.A), l.side(seg.B)
	switch {
	case sa > 0 && sb > 0:
	case sa <= 0 && sb <= 0:
		return 0, 0, false
	case sa > 0:
		hi = math.Min(hi, l.crossing(seg.A, seg.B))
	default:
		lo = math.Max(lo, l.crossing(seg.A, seg.B))
	}
	return lo, hi, lo < hi
}

// shadow implements Blocker for a convex polygon.
func (p Polygon) shadow(apex Vec, buf []line) (shadow, []line) {
	p = p.CCW()
	n := len(p)
	var frontBuf [16]bool
	front := frontBuf[:0]
	if n > len(frontBuf) {
		front = make([]bool, 0, n)
	}
	any := false
	for i := range p {
		f := Orient(p[i], p[(i+1)%n], apex) < 0
		front = append(front, f)
		any = any || f
	}
	start := len(buf)
	if !any {
		switch p.Locate(apex) {
		case Inside:
			return shadow{all: true}, buf
		case OnBoundary:
			// Hidden: directions pointing strictly inside at the apex.
			for i := range p {
				e := p.Edge(i)
				if Orient(e.A, e.B, apex) == 0 && onSegment(e.A, e.B, apex) {
					buf = append(buf, through(e.A, e.B))
				}
			}
			return shadow{planes: buf[start:]}, buf
		}
		return shadow{empty: true}, buf
	}
	// The two tangent lines first: they reject most segments at once.
	for i := range p {
		if front[i] && !front[(i+n-1)%n] { // first edge of the front chain
			buf = append(buf, through(p[i], apex))
		}
		if front[i] && !front[(i+1)%n] { // last edge of the front chain
			buf = append(buf, through(apex, p[(i+1)%n]))
		}
	}
	for i := range p {
		if front[i] {
			buf = append(buf, through(p[i], p[(i+1)%n]))
		}
	}
	return shadow{planes: buf[start:]}, buf
}

// shadow implements Blocker for a disk.
func (c Circle) shadow(apex Vec, buf []line) (shadow, []line) {
	start := len(buf)
	switch s := sqDistSign(apex, c.C, c.R); {
	case s < 0:
		return shadow{all: true}, buf
	case s == 0:
		// On the circle: hidden where the direction points into the disk.
		toward := c.C.Sub(apex)
		buf = append(buf, line{Vec{}, toward.Perp().Mul(-1), apex})
		return shadow{planes: buf[start:]}, buf
	}
	right, left, _ := c.TangentPoints(apex)
	chord := through(right, left)
	if chord.side(apex) > 0 {
		chord = through(left, right)
	}
	buf = append(buf, through(apex, right), through(left, apex))
	return shadow{planes: buf[start:], hasDisk: true, disk: c, chord: chord}, buf
}

// NearestVisiblePoint returns the point of region nearest to apex whose
// sight segment from apex passes through no blocker's interior, and false
// when every point is hidden. region is a convex polygon (such as a base
// clipped to a fire arc, see Cone.Clip) and may be degenerate: a segment
// or a single point.
//
// The computation is exact in structure and closed form in value (Line of
// sight; Determining range): the nearest point lies on the region's
// boundary; each blocker hides one open interval of each boundary edge (its
// shadow is convex); what is left of each edge is a set of closed pieces,
// and the nearest point of a piece is the projection of apex clamped to it.
// Only the edges that face the apex are searched.
func NearestVisiblePoint(apex Vec, region Polygon, blockers []Blocker) (Vec, bool) {
	var s Sight
	return s.NearestVisiblePoint(apex, region, blockers)
}

// Sight is reusable scratch space for NearestVisiblePoint, so that a caller
// ruling on many pairs allocates nothing per pair. The zero value is ready;
// a Sight must not be used by two goroutines at once.
type Sight struct {
	shadows        []shadow
	made           []bool // shadows[i] is computed
	lines          []line
	hidden, pieces [][2]float64
}

// NearestVisiblePoint is the package function of the same name, using s's
// scratch space. Blockers that are likely to hide a whole edge, the ones
// nearest the apex, are best given first: an edge that one shadow hides
// whole is not looked at further (the answer does not depend on the order).
func (s *Sight) NearestVisiblePoint(apex Vec, region Polygon, blockers []Blocker) (Vec, bool) {
	if len(region) == 0 {
		return Vec{}, false
	}
	if len(region) >= 3 && region.Contains(apex) {
		return apex, true
	}
	s.shadows, s.lines = s.shadows[:0], s.lines[:0]
	s.made = s.made[:0]
	for range blockers {
		s.shadows = append(s.shadows, shadow{})
		s.made = append(s.made, false)
	}
	edges := len(region)
	if edges == 2 {
		edges = 1 // a segment: one edge, not two
	}
	best, found := math.Inf(1), false
	var bestPoint Vec
edge:
	for i := 0; i < edges; i++ {
		seg := region.Edge(i)
		if edges > 1 && Orient(seg.A, seg.B, apex) >= 0 {
			// A back or side-on edge: the sight line to any of its points
			// meets a front edge (or its end) first, nearer and no less
			// visible.
			continue
		}
		s.hidden = s.hidden[:0]
		for k, b := range blockers {
			if !s.made[k] {
				s.shadows[k], s.lines = b.shadow(apex, s.lines)
				s.made[k] = true
			}
			if lo, hi, ok := s.shadows[k].interval(seg); ok && hi > 0 && lo < 1 {
				if lo < 0 && hi > 1 {
					continue edge // hidden whole: no visible piece, whatever the other shadows
				}
				s.hidden = append(s.hidden, [2]float64{lo, hi})
			}
		}
		s.pieces = visiblePieces(s.hidden, s.pieces[:0])
		for _, piece := range s.pieces {
			t := math.Max(piece[0], math.Min(piece[1], seg.ClosestParamOnLine(apex)))
			q := pointAt(seg, t)
			if d := q.Dist(apex); d < best {
				best, bestPoint, found = d, q, true
			}
		}
	}
	return bestPoint, found
}

// visiblePieces appends to pieces the closed sub-intervals of [0, 1] left
// after removing the open intervals in hidden (which it sorts).
func visiblePieces(hidden, pieces [][2]float64) [][2]float64 {
	slices.SortFunc(hidden, func(a, b [2]float64) int { return cmp.Compare(a[0], b[0]) })
	pos := 0.0
	for _, h := range hidden {
		if pos > 1 {
			break
		}
		if h[1] <= pos {
			continue
		}
		if h[0] >= pos {
			pieces = append(pieces, [2]float64{pos, math.Min(h[0], 1)})
		}
		pos = h[1]
	}
	if pos <= 1 {
		pieces = append(pieces, [2]float64{pos, 1})
	}
	return pieces
}

// pointAt returns the segment's point at t, exactly its ends at 0 and 1.
func pointAt(s Segment, t float64) Vec {
	switch t {
	case 0:
		return s.A
	case 1:
		return s.B
	}
	return s.At(t)
}
