package physics

// SegmentCrossesInterior reports whether the segment has a part of positive
// length inside the polygon's interior, exactly. A segment that runs along
// an edge, touches a vertex, or ends on the boundary without entering does
// not cross. The polygon may be any simple polygon (convex or not).
//
// This is the test behind "the ruler crosses a base" (Line of sight) and
// "the ruler crosses an asteroid field" (Asteroid fields).
func (p Polygon) SegmentCrossesInterior(s Segment) bool {
	p = p.CCW()
	a, b := s.A, s.B
	la, lb := p.Locate(a), p.Locate(b)
	if la == Inside || lb == Inside {
		return true
	}
	if a == b {
		return false
	}
	for i := range p {
		if s.CrossesProperly(p.Edge(i)) {
			return true
		}
	}
	// A vertex on the open segment: the segment may enter the interior
	// through it, in either direction.
	for i, v := range p {
		if Orient(a, b, v) == 0 && strictlyBetween(a, b, v) {
			if p.dirIntoWedge(i, a, b) || p.dirIntoWedge(i, b, a) {
				return true
			}
		}
	}
	// An endpoint on the boundary: the segment may leave it inwards.
	for _, e := range [2]struct {
		at       Location
		from, to Vec
	}{{la, a, b}, {lb, b, a}} {
		if e.at != OnBoundary {
			continue
		}
		for i, v := range p {
			if v == e.from {
				if p.dirIntoWedge(i, e.from, e.to) {
					return true
				}
				goto next
			}
		}
		for i := range p {
			ed := p.Edge(i)
			if Orient(ed.A, ed.B, e.from) == 0 && onSegment(ed.A, ed.B, e.from) {
				if CrossSign(ed.A, ed.B, e.from, e.to) > 0 {
					return true
				}
				break
			}
		}
	next:
	}
	return false
}

// dirIntoWedge reports whether the direction from→to points strictly into
// the interior angle of the counter-clockwise polygon at vertex i.
func (p Polygon) dirIntoWedge(i int, from, to Vec) bool {
	n := len(p)
	v, prev, next := p[i], p[(i+n-1)%n], p[(i+1)%n]
	s1 := CrossSign(v, next, from, to) // direction is counter-clockwise of v→next
	s2 := CrossSign(from, to, v, prev) // v→prev is counter-clockwise of direction
	switch Orient(prev, v, next) {
	case 1: // convex vertex
		return s1 > 0 && s2 > 0
	case -1: // reflex vertex
		return s1 > 0 || s2 > 0
	}
	return s1 > 0 // straight angle
}
