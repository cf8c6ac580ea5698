package referee

import (
	"cmp"
	"math"
	"slices"

	"github.com/starshipbattles/bsg/physics"
)

// Margin says by how much one verdict of a ruling could have gone the
// other way (MEASURE-FORMAT.md, step 8): the length of the shortest rigid
// translation of the target's base that changes the verdict, and that
// translation. Known is false where the margin is null: it does not apply,
// or no translation within MarginReach changes the verdict (line of sight,
// tailing).
type Margin struct {
	Known bool
	MM    float64     // the translation's length, ≥ 0; 0: the verdict sits on its edge
	Move  physics.Vec // the translation, Dir × MM
	Dir   physics.Vec // its unit direction, also when MM is 0
	By    string      // line of sight: the blocker whose edge the move meets ("" if none)
	Null  NullReason  // when not Known: why the margin is null
}

// NullReason says why a margin is null (MEASURE-FORMAT.md, step 8): the
// verdict does not apply, or no translation within MarginReach was found
// to change it.
type NullReason uint8

// Why a margin is null.
const (
	// NotApplicable: the margin is known, or its verdict does not apply
	// (overlap, levels; the line of sight out of arc; the range without a
	// visible point).
	NotApplicable NullReason = iota
	// NoneWithinReach: no translation of up to MarginReach changes the
	// verdict (line of sight, tailing).
	NoneWithinReach
	// BeyondLongRange: line of sight only, not searched: the base's
	// nearest in-arc point lies more than MarginReach beyond long range,
	// so no move within reach brings it in range and the line cannot
	// decide a shot.
	BeyondLongRange
)

// BeyondReach reports whether the margin is null for lack of a move
// within MarginReach (NoneWithinReach or BeyondLongRange).
func (m Margin) BeyondReach() bool { return !m.Known && m.Null != NotApplicable }

// Beyond returns the translation a hair further than Move along Dir: the
// smallest move, up to rounding, whose ruling has the other verdict.
func (m Margin) Beyond() physics.Vec { return m.Dir.Mul(m.MM + hair(m.MM)) }

// hair is how much further than a margin's move Beyond goes: far below
// a millimetre, far above the rounding of the geometry.
func hair(mm float64) float64 { return 1e-6 * (1 + mm) }

// Margins are the margins of one ruling (MEASURE-FORMAT.md, step 8).
// With reason overlap or level every one is null.
type Margins struct {
	// Range: the distance from the range to the nearest band limit that
	// applies (Ruling.Margin), with the move along the witness that closes
	// it; null when no visible point exists.
	Range Margin
	// Arc: in arc, how far the base can move before the arc meets it in no
	// region of positive area (its depth inside the cone); out of arc, its
	// distance to the cone (Line of sight).
	Arc Margin
	// LOS: among translations that keep the target in arc, the shortest
	// that changes whether a visible point exists (Line of sight;
	// Planetoids); null out of arc, and when the base's nearest in-arc
	// point lies beyond long range by more than MarginReach (no move
	// within reach brings it in range, so the line cannot decide a shot).
	LOS Margin
	// Tailing: the shortest translation that changes the tailing verdict
	// (Tailing).
	Tailing Margin
}

// MarginReach is how far, in millimetres, the line-of-sight and tailing
// margins are searched: a longer move is not a dispute at the table, and
// the blockers that matter lie within this reach of the sight.
const MarginReach = 50.0

// Option changes how a referee rules.
type Option func(*Referee)

// WithMargins makes every ruling carry its margins (Ruling.Margins), as
// `bsg measure`, the measurement mode and the firing panel show them. The
// battle engine does not need them and rules without.
func WithMargins() Option { return func(r *Referee) { r.withMargins = true } }

// margins fills res.Margins (MEASURE-FORMAT.md, step 8).
func (r *Referee) margins(q *query, res *Ruling) {
	if res.Overlap || res.LevelDifference >= 2 {
		return
	}
	res.Margins.Range = r.rangeMargin(res)
	var inward []physics.Vec
	if res.InArc {
		inward = r.inwardNormals(q, res.Target)
	}
	res.Margins.Arc = arcMargin(r.arcs[res.Attacker], r.bases[res.Target], inward, r.table.Ships[res.Target].Pose.Pos, res.InArc)
	apex := r.table.Ships[res.Attacker].Pose.Pos
	if far := r.table.Limits.LongRange + MarginReach; res.InArc && apex.Sub(res.NearestInArc).Norm2() <= far*far {
		res.Margins.LOS = r.losMargin(q, res)
		if !res.Margins.LOS.Known {
			res.Margins.LOS.Null = NoneWithinReach
		}
	} else if res.InArc {
		res.Margins.LOS.Null = BeyondLongRange
	}
	res.Margins.Tailing = r.tailMargin(q, res)
}

// known returns the margin of move d with direction dir (used when d is 0),
// or null when anything is not finite.
func known(d, dir physics.Vec, by string) Margin {
	l := d.Norm()
	if l > 0 {
		dir = d.Mul(1 / l)
	} else if n := dir.Norm(); n > 0 {
		dir = dir.Mul(1 / n)
	}
	if !d.IsFinite() || !dir.IsFinite() || math.IsInf(l, 0) || dir == (physics.Vec{}) {
		return Margin{}
	}
	return Margin{Known: true, MM: l, Move: d, Dir: dir, By: by}
}

// rangeMargin is the range's margin: the band distance along the witness
// (Determining range; Three-dimensional space: one level apart the limit
// is read on the back of the ruler, so the move covers the horizontal
// distance to it).
func (r *Referee) rangeMargin(res *Ruling) Margin {
	if !res.Measured {
		return Margin{}
	}
	l := r.table.Limits
	u := res.Witness.B.Sub(res.Witness.A)
	if n := u.Norm(); n > 0 {
		u = u.Mul(1 / n)
	} else if u = r.table.Ships[res.Target].Pose.Pos.Sub(res.Witness.A); u.Norm() > 0 {
		u = u.Mul(1 / u.Norm())
	} else {
		u = physics.V(1, 0)
	}
	_, _, _, limit := band(res.Range, res.LevelDifference, l)
	h := limit
	if res.LevelDifference == 1 {
		h = math.Sqrt(math.Max(0, limit*limit-l.LevelHeight*l.LevelHeight))
	}
	delta := h - res.Horizontal
	dir := u
	if res.Range > limit {
		dir = u.Mul(-1)
	}
	m := known(u.Mul(delta), dir, "")
	if m.Known {
		m.MM = res.Margin
	}
	return m
}

// arcMargin is the arc's margin, exactly as convex geometry gives it. The
// translations d for which the cone meets base+d in a region of positive
// area are the interior of the convex set M = cone ⊕ (−base). In arc, the
// margin is the distance from 0 to M's boundary: the least, over M's
// facet normals n (the outward normals of the cone's two edges, and the
// base's inward edge normals that face away from every direction of the
// cone), of n·apex − min over the base of n·p. Out of arc it is the
// distance between the base and the cone: a base corner to a cone edge,
// or the apex to a base edge.
//
// inward holds, in arc, the inward unit normals of base.CCW()'s edges (the
// zero vector for an edge of no length): inwardNormals.
func arcMargin(cone physics.Cone, base physics.Polygon, inward []physics.Vec, stand physics.Vec, inArc bool) Margin {
	apex := cone.Apex()
	right, left := cone.Edges()
	base = base.CCW()
	if inArc {
		best, bestN := math.Inf(1), physics.Vec{}
		try := func(n physics.Vec) {
			lo := math.Inf(1)
			for _, v := range base {
				lo = math.Min(lo, n.Dot(v))
			}
			if h := n.Dot(apex) - lo; h < best {
				best, bestN = h, n
			}
		}
		try(physics.V(right.Y, -right.X))
		try(physics.V(-left.Y, left.X))
		for _, n := range inward {
			if n != (physics.Vec{}) && n.Dot(right) <= 0 && n.Dot(left) <= 0 {
				try(n)
			}
		}
		return known(bestN.Mul(math.Max(0, best)), bestN, "")
	}
	// Squared distances: compared, not measured (Hypot is slow, and these
	// run on every pair of the table).
	best := math.Inf(1)
	var move physics.Vec
	nR, nL := physics.V(right.Y, -right.X), physics.V(-left.Y, left.X)
	apexNearest := false                // some corner is nearest the apex: the edges may be nearer
	nearest, nearestD := 0, math.Inf(1) // the corner nearest the apex
	for i, v := range base {
		d := v.Sub(apex)
		if l := d.Norm2(); l < nearestD {
			nearest, nearestD = i, l
		}
		for k, u := range [2]physics.Vec{right, left} {
			var m physics.Vec
			if t := d.Dot(u); t > 0 {
				n := [2]physics.Vec{nR, nL}[k]
				m = n.Mul(-n.Dot(d)) // square to the edge's line
			} else {
				m, apexNearest = d.Mul(-1), true
			}
			if l := m.Norm2(); l < best {
				best, move = l, m
			}
		}
	}
	if apexNearest {
		// The base's point nearest the apex lies on a flat at its corner
		// nearest the apex (a convex polygon).
		for _, i := range [2]int{nearest, (nearest + len(base) - 1) % len(base)} {
			if m := apex.Sub(base.Edge(i).ClosestPoint(apex)); m.Norm2() < best {
				best, move = m.Norm2(), m
			}
		}
	}
	// Touching: the way in is toward any point inside the cone, such as
	// one on its axis.
	axis := right.Add(left)
	inside := apex.Add(axis.Mul(math.Max(1, stand.Dist(apex)) / math.Max(axis.Norm(), 1e-300)))
	if best == 0 {
		move = physics.Vec{}
	}
	return known(move, inside.Sub(stand), "")
}

// inwardNormals returns the inward unit normals of the edges of ship i's
// base, counter-clockwise (the zero vector for an edge of no length): made
// once per ship by New WithMargins, else into q's scratch space.
func (r *Referee) inwardNormals(q *query, i int) []physics.Vec {
	if r.inward != nil {
		return r.inward[i]
	}
	q.inward = appendInward(q.inward[:0], r.bases[i].CCW())
	return q.inward
}

func appendInward(out []physics.Vec, base physics.Polygon) []physics.Vec {
	for i := range base {
		e := base.Edge(i)
		d := e.B.Sub(e.A)
		var n physics.Vec
		if l := d.Norm(); l > 0 {
			n = physics.V(-d.Y, d.X).Mul(1 / l) // inward normal of a CCW edge
		}
		out = append(out, n)
	}
	return out
}

// candidate is a move that may change a verdict: length l along the unit
// direction dir, meeting blocker by.
type candidate struct {
	l    float64
	dir  physics.Vec
	by   string
	away physics.Vec // clear shots: the way off the contact, into the hidden side (zero: none known)
	// clear shots: the directions along the contacts' curves, tried both
	// ways when neither the candidate's own direction nor away flips it
	// (the flips may start where a stretch of contacts ends, along it)
	along [4]physics.Vec
}

// maxChecks bounds how many candidate moves one margin verifies (each
// check rules on the moved base exactly); the shortest come first.
const maxChecks = 256

// losSearch holds one pair's line-of-sight margin search: the blockers
// within MarginReach of the sight and what the moved base is tested
// against.
type losSearch struct {
	apex     physics.Vec
	arc      physics.Cone
	base     physics.Polygon // the target's base, counter-clockwise
	attacker physics.Polygon
	shapes   []physics.Blocker
	disks    []disk
	ids      []string
	ships    []physics.Polygon // the ship bases among shapes, nil for planetoids
	now      []physics.Blocker // the shapes that count with the base where it is
	centroid physics.Vec       // base.Centroid(), computed once
	bounds   physics.Rect      // base.Bounds(), computed once
}

// visibleAt rules on the base moved by d: whether it is in arc (and does
// not overlap the attacker), and whether a visible point exists, the
// blockers those of the ruling (all else fixed).
func (s *losSearch) visibleAt(q *query, d physics.Vec) (inArc, visible bool) {
	moved := q.moved[:0]
	for _, v := range s.base {
		moved = append(moved, v.Add(d))
	}
	q.moved = moved
	if !s.arc.MeetsInterior(moved) || physics.ConvexInteriorsIntersect(moved, s.attacker) {
		return false, false
	}
	_, ok := q.sight.NearestVisiblePoint(s.apex, s.arc.Clip(moved), s.shapes)
	return true, ok
}

// losMargin finds the line-of-sight margin exactly (Line of sight;
// Planetoids; MEASURE-FORMAT.md step 8): among the translations that keep
// the base in arc, the shortest after which a visible point exists (a
// blocked shot) or none does (a clear one), within MarginReach.
//
// The blockers are those of the ruling, all else fixed: a base moved onto
// a ship is not ruled anew for overlap (Overlapping spaceships), and one
// moved off a ship it overlaps does not make that ship block.
//
// Blocked, the margin is the distance from the base to the visible
// region: to the visible pieces, inside the arc, of the cone's edges, of
// each blocker's shadow rays and near edges, and of each planetoid's near
// arc (arcContacts). Clear, it is the distance from 0 to the translations
// that hide the base (clearMargin, losexact.go). Each candidate is ruled
// exactly on the moved base, shortest first; the first that changes the
// verdict is the margin.
func (r *Referee) losMargin(q *query, res *Ruling) Margin {
	a, t := res.Attacker, res.Target
	ships := r.table.Ships
	s := losSearch{apex: ships[a].Pose.Pos, arc: r.arcs[a], base: r.bases[t].CCW(), attacker: r.bases[a]}
	s.centroid, s.bounds = s.base.Centroid(), s.base.Bounds()
	box := r.bases[t].Bounds()
	box.Lo = box.Lo.Sub(physics.V(MarginReach, MarginReach))
	box.Hi = box.Hi.Add(physics.V(MarginReach, MarginReach))
	reach := s.arc.Clip(physics.Polygon{box.Lo, {X: box.Hi.X, Y: box.Lo.Y}, box.Hi, {X: box.Lo.X, Y: box.Hi.Y}})
	w := newWedge(s.apex, reach)
	ks := append(q.los[:0], r.blockers(q, a, t, reach.Bounds().Extend(s.apex), &w, false)...)
	nowCount := len(ks)
	q.los = ks
	if len(ks) == 0 {
		return Margin{} // nothing within reach could block the line
	}
	s.shapes, s.ids, s.ships, s.now, s.disks = q.losShapes[:0], q.losIDs[:0], q.losShips[:0], nil, q.losDisks[:0]
	for _, k := range ks {
		s.shapes = append(s.shapes, r.shapes[k])
		s.disks = append(s.disks, r.disks[k])
		s.ids = append(s.ids, r.blockerID(k))
		var p physics.Polygon
		if k < len(ships) {
			p = r.bases[k]
		}
		s.ships = append(s.ships, p)
	}
	s.now = s.shapes[:nowCount]
	q.losShapes, q.losIDs, q.losShips, q.losDisks = s.shapes, s.ids, s.ships, s.disks
	if res.Measured {
		return r.clearMargin(q, &s)
	}
	c := r.blockedCandidates(q, &s, q.cands[:0], nowCount)
	q.cands = c
	sortCandidates(c)
	for i, cd := range c {
		if i == maxChecks {
			break
		}
		in, vis := s.visibleAt(q, cd.dir.Mul(cd.l+hair(cd.l)))
		if !in || vis == res.Measured {
			continue
		}
		by := cd.by
		if by == "" && !vis {
			by = s.blockerAt(q, cd.dir.Mul(cd.l+hair(cd.l)))
		}
		return known(cd.dir.Mul(cd.l), cd.dir, by)
	}
	return Margin{}
}

// pointSeen reports whether the stand of the base moved by d, or one of
// its corners, lies in the arc and is seen from the apex: then that point
// is a visible point of the moved base's in-arc region, and the shot is
// clear. A cheap test run before visibleAt on the moves that may hide the
// base; false says nothing.
func (s *losSearch) pointSeen(d physics.Vec) bool {
	stand := s.centroid.Add(d)
	if s.arc.Contains(stand) && !s.hides(stand) {
		return true
	}
	for _, v := range s.base {
		if p := v.Add(d); s.arc.Contains(p) && !s.hides(p) {
			return true
		}
	}
	return false
}

// hides reports whether a blocker hides point p from the apex, exactly;
// each blocker's disks settle it first where they can.
func (s *losSearch) hides(p physics.Vec) bool {
	seg := physics.Seg(s.apex, p)
	margin := 1e-6 * (1 + math.Abs(s.apex.X) + math.Abs(s.apex.Y) + s.apex.Dist(p))
	for i, b := range s.shapes {
		d := s.disks[i]
		switch dist := seg.DistanceToPoint(d.c); {
		case dist > d.r+margin:
			continue
		case dist < d.in-margin:
			return true
		}
		if b.SegmentCrossesInterior(seg) {
			return true
		}
	}
	return false
}

// blockerAt names a blocker that the line to the nearest in-arc point of
// the base moved by d crosses.
func (s *losSearch) blockerAt(q *query, d physics.Vec) string {
	moved := s.base.Translate(d)
	p, ok := q.sight.NearestVisiblePoint(s.apex, s.arc.Clip(moved), nil)
	if !ok {
		return ""
	}
	for i, b := range s.shapes {
		if b.SegmentCrossesInterior(physics.Seg(s.apex, p)) {
			return s.ids[i]
		}
	}
	return ""
}

// sortCandidates sorts by length.
func sortCandidates(c []candidate) {
	slices.SortFunc(c, func(a, b candidate) int { return cmp.Compare(a.l, b.l) })
}

// add appends the move d (direction dir when d is 0) when it is within
// reach and finite.
func addCandidate(c []candidate, d, dir physics.Vec, by string) []candidate {
	l := d.Norm()
	if !(l <= MarginReach) {
		return c
	}
	if l > 0 {
		dir = d.Mul(1 / l)
	} else if n := dir.Norm(); n > 0 {
		dir = dir.Mul(1 / n)
	} else {
		return c
	}
	return append(c, candidate{l: l, dir: dir, by: by})
}

// sightPiece is a segment that may bound the visible region (a blocked
// shot's search): a cone edge, a shadow ray, a near edge.
type sightPiece struct {
	seg physics.Segment
	by  string
	own int // the blocker whose edge it is (−1: a cone edge), which does not hide it
}

// blockedCandidates lists the moves that bring the base to touch a visible
// point: the visible pieces of the cone's edges, of each blocker's shadow
// rays and near edges, and each planetoid.
func (r *Referee) blockedCandidates(q *query, s *losSearch, c []candidate, nowCount int) []candidate {
	far := s.apex.Dist(s.base[0]) + 2*s.bounds.Hi.Sub(s.bounds.Lo).Norm() + 2*MarginReach
	right, left := s.arc.Edges()
	pieces := q.pieces[:0]
	type piece = sightPiece
	all := append(q.sightPieces[:0], piece{physics.Seg(s.apex, s.apex.Add(right.Mul(far))), "", -1}, piece{physics.Seg(s.apex, s.apex.Add(left.Mul(far))), "", -1})
	for i, b := range s.shapes[:nowCount] {
		if sr, sl, ok := physics.Silhouette(b, s.apex); ok {
			for _, p := range [2]physics.Vec{sr, sl} {
				u := p.Sub(s.apex)
				if n := u.Norm(); n > 0 {
					all = append(all, piece{physics.Seg(p, p.Add(u.Mul(far/n))), s.ids[i], i})
				}
			}
		}
		if s.ships[i] != nil {
			for _, e := range physics.FrontEdges(s.ships[i], s.apex, q.edges[:0]) {
				all = append(all, piece{e, s.ids[i], i})
			}
		}
	}
	q.sight.SetBlockers(s.apex, s.now)
	for _, p := range all {
		if boxGap(s.bounds, p.seg) > MarginReach {
			continue // farther than the base's box is: out of reach
		}
		if d, _, _ := physics.PolygonSegmentDistance(s.base, p.seg); d > MarginReach {
			continue // no visible piece of it is within reach
		}
		pieces = q.sight.VisiblePieces(p.seg, p.own, pieces[:0])
		for _, v := range pieces {
			v, ok := s.clipToArc(v)
			if !ok {
				continue
			}
			if boxGap(s.bounds, v) > MarginReach {
				continue
			}
			if d, pt, pv := physics.PolygonSegmentDistance(s.base, v); d <= MarginReach {
				c = addCandidate(c, pv.Sub(pt), pv.Sub(s.centroid), p.by)
			}
		}
	}
	q.pieces, q.sightPieces = pieces, all
	return s.arcContacts(q, c)
}

// boxGap returns a lower bound of the distance between a polygon with
// bounds b and segment v: the gap between b and v's bounding box along
// the axis where it is widest (0 when the boxes meet). A cheap test that
// leaves the exact one only the segments it cannot rule out.
func boxGap(b physics.Rect, v physics.Segment) float64 {
	gx := max(b.Lo.X-max(v.A.X, v.B.X), min(v.A.X, v.B.X)-b.Hi.X, 0)
	gy := max(b.Lo.Y-max(v.A.Y, v.B.Y), min(v.A.Y, v.B.Y)-b.Hi.Y, 0)
	return max(gx, gy)
}

func minDot(p physics.Polygon, n physics.Vec) float64 {
	lo := math.Inf(1)
	for _, v := range p {
		lo = math.Min(lo, n.Dot(v))
	}
	return lo
}

// tailSearch holds one pair's tailing-margin search.
type tailSearch struct {
	apex, stand physics.Vec
	arc         physics.Cone
	base        physics.Polygon
	heading     physics.Vec
	limit       float64 // the horizontal distance under which the stands must be
	ships       []physics.Blocker
}

// tailingAt rules on Tailing with the target's stand moved to p (the base
// with it): the stand in the arc, the stands nearer than the ★ mark, the
// line entering through a rear flat or one next to it, no ship base across
// it.
func (s *tailSearch) tailingAt(q *query, p physics.Vec) bool {
	if !s.arc.Contains(p) || !(s.apex.Dist(p) < s.limit) {
		return false
	}
	d := p.Sub(s.stand)
	moved := q.moved[:0]
	for _, v := range s.base {
		moved = append(moved, v.Add(d))
	}
	q.moved = moved
	if f, g, ok := physics.EntryFlat(moved, p, s.apex); !ok || !f.IsRear() && !g.IsRear() {
		return false
	}
	line := physics.Seg(s.apex, p)
	for _, b := range s.ships {
		if b.SegmentCrossesInterior(line) {
			return false
		}
	}
	return true
}

// tailMargin is the tailing margin. The stands for which the verdict is
// true are the closed cone, less than the ★ mark from the attacker's stand
// (the level-adjusted limit, an open disk), on the rear side of the line
// through the stand across the target's heading, out of every blocking
// ship's shadow, and out of the interior of the target's base moved to
// the attacker's stand (there the attacker's stand lies over the target's
// base and the line enters it through no flat). Tailing, the margin is the distance from the
// stand to the nearest of those boundaries. Not tailing, it is the
// shortest of the candidate moves (the stand projected on each boundary,
// the boundaries' crossings) that a hair further makes it true.
func (r *Referee) tailMargin(q *query, res *Ruling) Margin {
	a, t := res.Attacker, res.Target
	ships := r.table.Ships
	l := r.table.Limits
	limit := l.TailingDistance
	if res.LevelDifference == 1 {
		limit = math.Sqrt(math.Max(0, limit*limit-l.LevelHeight*l.LevelHeight))
	}
	if !(limit > 0) {
		return Margin{}
	}
	none := Margin{Null: NoneWithinReach}
	s := tailSearch{apex: ships[a].Pose.Pos, stand: ships[t].Pose.Pos, arc: r.arcs[a], base: r.bases[t], limit: limit}
	if !res.Tailing && (s.apex.Sub(s.stand).Norm2() > (limit+MarginReach)*(limit+MarginReach) || !s.arc.Contains(s.stand) && arcMargin(s.arc, physics.Polygon{s.stand}, nil, s.stand, false).MM > MarginReach) {
		return none // no stand within reach is near enough, or in the arc
	}
	s.heading = ships[t].Pose.Forward()
	box := physics.Rect{Lo: s.stand.Sub(physics.V(MarginReach, MarginReach)), Hi: s.stand.Add(physics.V(MarginReach, MarginReach))}
	reach := s.arc.Clip(physics.Polygon{box.Lo, {X: box.Hi.X, Y: box.Lo.Y}, box.Hi, {X: box.Lo.X, Y: box.Hi.Y}})
	if len(reach) == 0 {
		return none
	}
	w := newWedge(s.apex, reach)
	q.losShapes = q.losShapes[:0]
	for _, k := range r.blockers(q, a, t, reach.Bounds().Extend(s.apex), &w, true) {
		q.losShapes = append(q.losShapes, r.shapes[k])
	}
	s.ships = q.losShapes
	right, left := s.arc.Edges()
	nR, nL := physics.V(right.Y, -right.X), physics.V(-left.Y, left.X)
	c := q.cands[:0]
	// The stands that put the attacker's stand over the target's base: the
	// base (centrally symmetric) moved to the attacker's stand. The nearest
	// point of each of its flats is a candidate either way.
	over := s.base.Translate(s.apex.Sub(s.stand))
	for k := range over {
		e := physics.Seg(over[k], over[(k+1)%len(over)])
		c = addCandidate(c, e.ClosestPoint(s.stand).Sub(s.stand), e.B.Sub(e.A).Perp(), "")
	}
	if res.Tailing {
		from := s.stand.Sub(s.apex)
		c = addCandidate(c, nR.Mul(-from.Dot(nR)), nR, "")
		c = addCandidate(c, nL.Mul(-from.Dot(nL)), nL, "")
		if n := from.Norm(); n > 0 {
			c = addCandidate(c, from.Mul((limit-n)/n), from, "")
		}
		c = addCandidate(c, s.heading.Mul(-s.heading.Dot(from)), s.heading.Mul(-1), "")
		for _, b := range s.ships {
			c = shadowEdges(q, b, s.apex, s.stand, c)
		}
		q.cands = c
		sortCandidates(c)
		if len(c) == 0 {
			return none
		}
		return known(c[0].dir.Mul(c[0].l), c[0].dir, "")
	}
	// Not tailing: the points where the verdict may turn true.
	pts := q.pieces[:0]
	add := func(p physics.Vec) { pts = append(pts, physics.Seg(p, p)) }
	for _, u := range [2]physics.Vec{right, left} {
		add(s.apex.Add(u.Mul(math.Max(0, s.stand.Sub(s.apex).Dot(u)))))
		add(s.apex.Add(u.Mul(limit * (1 - 1e-9))))
	}
	from := s.stand.Sub(s.apex)
	if n := from.Norm(); n > 0 {
		add(s.apex.Add(from.Mul(math.Min(n, limit*(1-1e-9)) / n)))
	}
	side := s.heading.Perp()
	add(s.stand.Sub(s.heading.Mul(s.heading.Dot(from))))
	for _, sign := range [2]float64{-1, 1} {
		add(s.apex.Add(side.Mul(sign * limit * (1 - 1e-9))))
	}
	for _, u := range [2]physics.Vec{right, left} {
		// The rear line h·(p − apex) = 0 meets the cone's edge only at the
		// apex; the stand's own line through it does elsewhere.
		if den := s.heading.Dot(u); den != 0 {
			add(s.apex.Add(u.Mul(math.Max(0, s.heading.Dot(from)/den))))
		}
	}
	add(s.apex)
	for _, p := range pts {
		c = addCandidate(c, p.A.Sub(s.stand), p.A.Sub(s.stand), "")
	}
	q.pieces = pts
	for _, b := range s.ships {
		c = shadowEdges(q, b, s.apex, s.stand, c)
	}
	q.cands = c
	sortCandidates(c)
	for i, cd := range c {
		if i == maxChecks {
			break
		}
		if s.tailingAt(q, s.stand.Add(cd.dir.Mul(cd.l+hair(cd.l)))) {
			return known(cd.dir.Mul(cd.l), cd.dir, "")
		}
	}
	return none
}

// shadowEdges adds the moves of point p to the nearest point of each edge
// of the blocker's shadow from apex: its two rays and its near edges.
func shadowEdges(q *query, b physics.Blocker, apex, p physics.Vec, c []candidate) []candidate {
	sr, sl, ok := physics.Silhouette(b, apex)
	if !ok {
		return c
	}
	far := apex.Dist(p) + 2*MarginReach
	for _, e := range [2]physics.Vec{sr, sl} {
		u := e.Sub(apex)
		if n := u.Norm(); n > 0 {
			ray := physics.Seg(e, e.Add(u.Mul(far/n)))
			c = addCandidate(c, ray.ClosestPoint(p).Sub(p), u.Perp(), "")
		}
	}
	if poly, ok := b.(physics.Polygon); ok {
		for _, e := range physics.FrontEdges(poly, apex, q.edges[:0]) {
			c = addCandidate(c, e.ClosestPoint(p).Sub(p), e.B.Sub(e.A).Perp(), "")
		}
	}
	return c
}

// MarginKind names one of the four margins.
type MarginKind string

// The four margins of MEASURE-FORMAT.md, step 8.
const (
	RangeMargin   MarginKind = "range"
	ArcMargin     MarginKind = "arc"
	LOSMargin     MarginKind = "los"
	TailingMargin MarginKind = "tailing"
)

// Deciding returns the margin of the verdict that decides whether the
// ruling could go the other way soonest: out of arc, the arc's; blocked,
// the line of sight's; otherwise (a shot, or out of range) the shortest
// of the arc's, the line of sight's and the range's. ok is false when
// that margin is null (overlap, levels).
func (ru Ruling) Deciding() (MarginKind, Margin, bool) {
	m := ru.Margins
	switch ru.Reason {
	case OutOfArc:
		return ArcMargin, m.Arc, m.Arc.Known
	case Blocked:
		return LOSMargin, m.LOS, m.LOS.Known
	case Overlap, Level:
		return "", Margin{}, false
	}
	kind, best := MarginKind(""), Margin{}
	for _, c := range []struct {
		k MarginKind
		m Margin
	}{{RangeMargin, m.Range}, {ArcMargin, m.Arc}, {LOSMargin, m.LOS}} {
		if c.m.Known && (!best.Known || c.m.MM < best.MM) {
			kind, best = c.k, c.m
		}
	}
	return kind, best, best.Known
}

// MarginsOf returns the margins of a ruling this referee gave (or would
// give) on its table, whether or not it was made WithMargins: for a
// caller that shows a few rulings of an engine that rules without them
// (the firing panel in a game).
func (r *Referee) MarginsOf(ru Ruling) Margins {
	if ru.Attacker < 0 || ru.Target < 0 || ru.Attacker >= len(r.table.Ships) || ru.Target >= len(r.table.Ships) {
		return Margins{}
	}
	q := r.queries.Get().(*query)
	defer r.queries.Put(q)
	ru.Margins = Margins{}
	r.margins(q, &ru)
	return ru.Margins
}
