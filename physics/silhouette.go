package physics

import "math"

// Silhouette returns the two points where the tangent lines from apex touch
// a blocker (a convex polygon's extreme corners, a disk's tangent points):
// the right one (clockwise, as seen from apex looking at the blocker)
// first. The edges of the blocker's shadow (the points it hides from apex,
// Line of sight) are the rays from these points directly away from apex.
// It returns false when apex lies in the closed blocker, or for a blocker
// of another kind.
func Silhouette(b Blocker, apex Vec) (right, left Vec, ok bool) {
	switch s := b.(type) {
	case Circle:
		return s.TangentPoints(apex)
	case Polygon:
		if len(s) < 3 || s.Contains(apex) {
			return Vec{}, Vec{}, false
		}
		right, left = s[0], s[0]
		for _, v := range s[1:] {
			if Orient(apex, right, v) < 0 || Orient(apex, right, v) == 0 && v.Dist(apex) < right.Dist(apex) {
				right = v
			}
			if Orient(apex, left, v) > 0 || Orient(apex, left, v) == 0 && v.Dist(apex) < left.Dist(apex) {
				left = v
			}
		}
		return right, left, true
	}
	return Vec{}, Vec{}, false
}

// FrontEdges appends to out the edges of the convex polygon that face apex
// (apex strictly on their outer side): the near side of the blocker, whose
// points are the first a sight line from apex meets.
func FrontEdges(p Polygon, apex Vec, out []Segment) []Segment {
	p = p.CCW()
	for i := range p {
		if e := p.Edge(i); Orient(e.A, e.B, apex) < 0 {
			out = append(out, e)
		}
	}
	return out
}

// SetBlockers makes the blockers VisiblePieces hides segments with: their
// shadows from apex are computed once, here.
func (s *Sight) SetBlockers(apex Vec, blockers []Blocker) {
	s.lines = s.lines[:0]
	s.shadows = s.shadows[:0]
	for _, b := range blockers {
		var sh shadow
		sh, s.lines = b.shadow(apex, s.lines)
		s.shadows = append(s.shadows, sh)
	}
}

// VisiblePieces appends to out the closed pieces of seg whose points are
// visible from the apex of SetBlockers: the segment from apex to the
// point passes through the interior of none of its blockers but the one
// numbered skip (−1: none skipped; a blocker does not hide the edges of
// its own shadow, whatever the rounding of their points). Each blocker
// hides one open interval of seg (its shadow is convex); the pieces are
// what is left, in order along seg.
func (s *Sight) VisiblePieces(seg Segment, skip int, out []Segment) []Segment {
	s.hidden = s.hidden[:0]
	for i, sh := range s.shadows {
		if i == skip {
			continue
		}
		if lo, hi, ok := sh.interval(seg); ok && hi > 0 && lo < 1 {
			if lo < 0 && hi > 1 {
				return out
			}
			s.hidden = append(s.hidden, [2]float64{lo, hi})
		}
	}
	s.pieces = visiblePieces(s.hidden, s.pieces[:0])
	for _, p := range s.pieces {
		out = append(out, Segment{pointAt(seg, math.Max(0, p[0])), pointAt(seg, math.Min(1, p[1]))})
	}
	return out
}

// PolygonSegmentDistance returns the distance between the closed convex
// polygon and the segment, and a nearest point of each (the polygon's
// first). When they meet the distance is 0 and both points are a common
// point.
func PolygonSegmentDistance(p Polygon, s Segment) (float64, Vec, Vec) {
	if p.Contains(s.A) {
		return 0, s.A, s.A
	}
	best := math.Inf(1)
	var bp, bq Vec
	for i := range p {
		if d, a, b := p.Edge(i).Distance(s); d < best {
			best, bp, bq = d, a, b
		}
	}
	return best, bp, bq
}
