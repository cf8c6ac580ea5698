package referee

import (
	"math"

	"github.com/starshipbattles/bsg/physics"
)

// This file finds the line-of-sight margin of a clear shot exactly, and
// the contacts of a blocked one with the disks' front arcs (Line of sight;
// Planetoids; MEASURE-FORMAT.md step 8).
//
// The visible region V is the closed cone less the open shadows of the
// blockers. Its boundary is made of pieces: the cone's two edges, the two
// rays that bound each blocker's shadow, the near edges of each ship base
// and the near arc of each planetoid. The translations d for which the
// moved base B+d meets V form the closed set D = V ⊕ (−B); a clear shot's
// margin is the distance from 0 to the complement of D, a blocked one's
// the distance from 0 to D.
//
// On D's boundary the moved base touches V from the hidden side, in one
// of three ways, each a curve in the plane of translations:
//
//   - a boundary piece's line with the base wholly on its hidden side,
//     its extreme corner (or flat) on the piece: the line n·d = n·at −
//     min over B of n·x (a flat parallel to the piece is this contact too);
//   - a flat of the base against a convex corner of V, which is where two
//     pieces cross (or the apex): the line m·d = m·w − max over B of m·x,
//     for the flats whose outward normal m points into V's wedge there;
//   - a corner v of the base inside a planetoid, on its near arc: the
//     circle |d − (c − v)| = r.
//
// The nearest point of a closed set of such curves to 0 is the foot of 0
// on one curve, or where a curve's stretch of valid contacts ends: a
// crossing of two curves, or a corner of the base on a corner of V. Each is a candidate; the candidates
// are tried shortest first, each ruled exactly on the moved base, and the
// first whose ruling changes is the margin. The crossings are only looked
// at among curves nearer than the best single-curve candidate found.

// pieceKind says what a boundary piece of the visible region is.
type pieceKind uint8

const (
	segPiece pieceKind = iota // a near edge of a ship base
	rayPiece                  // a cone edge or a shadow's edge, from a to infinity
	arcPiece                  // a planetoid's near arc
)

// piece is one piece of the visible region's boundary: a segment from a
// of length l along the unit t, a ray from a along t, or the near arc of
// the disk (c, r); n is the unit normal to its hidden side (a line
// piece's; an arc's is toward c).
type piece struct {
	kind pieceKind
	a, t physics.Vec
	n    physics.Vec
	l    float64
	c    physics.Vec
	r    float64
	by   string
}

// pieceAt returns the line piece from a along d (length l, or a ray when l
// is +Inf) with hidden-side normal n.
func linePiece(kind pieceKind, a, d, n physics.Vec, l float64, by string) (piece, bool) {
	nd := d.Norm()
	nn := n.Norm()
	if !(nd > 0) || !(nn > 0) {
		return piece{}, false
	}
	return piece{kind: kind, a: a, t: d.Mul(1 / nd), n: n.Mul(1 / nn), l: l, by: by}, true
}

// corner is a convex corner of the visible region: the point w, and the
// hidden-side normals of the two pieces that meet there.
type corner struct {
	w      physics.Vec
	ni, nj physics.Vec
	by     string
}

// curveKind says which contact a curve of translations is.
type curveKind uint8

const (
	flatBeyond  curveKind = iota // the base wholly beyond a line piece
	flatCorner                   // a flat of the base against a corner
	cornerInArc                  // a corner of the base on a planetoid's near arc
)

// curve is one contact's set of translations: the line n·d = off, or the
// circle |d − z| = off; dist is its distance from 0.
type curve struct {
	kind curveKind
	n, z physics.Vec
	off  float64
	dist float64
	p    int // the piece (flatBeyond, cornerInArc), or the corner (flatCorner)
	k    int // the base's flat (flatCorner) or corner (cornerInArc)
	by   string
}

// exactSearch is the scratch space of one clear-shot search.
type exactSearch struct {
	pieces  []piece
	corners []corner
	curves  []curve
	cands   []candidate
	near    []int
}

// tol is the slack of the contact tests, far above rounding and far below
// a hair: the candidates are ruled exactly afterwards.
func (s *losSearch) tol() float64 {
	return 1e-9 * (1 + math.Abs(s.apex.X) + math.Abs(s.apex.Y) + math.Abs(s.base[0].X) + math.Abs(s.base[0].Y))
}

// boundaryPieces lists the pieces of the visible region's boundary near
// the base (within MarginReach of its bounding box).
func (s *losSearch) boundaryPieces(q *query, out []piece) []piece {
	box := s.bounds
	box.Lo = box.Lo.Sub(physics.V(MarginReach, MarginReach))
	box.Hi = box.Hi.Add(physics.V(MarginReach, MarginReach))
	far := s.apex.Dist(s.base[0]) + 2*box.Hi.Sub(box.Lo).Norm()
	near := func(p piece) bool {
		if p.kind == arcPiece {
			return true
		}
		l := p.l
		if math.IsInf(l, 1) {
			l = far
		}
		return p.a.Bounds(p.a.Add(p.t.Mul(l))).Intersects(box)
	}
	add := func(p piece, ok bool) {
		if ok && near(p) {
			out = append(out, p)
		}
	}
	right, left := s.arc.Edges()
	add(linePiece(rayPiece, s.apex, right, physics.V(right.Y, -right.X), math.Inf(1), ""))
	add(linePiece(rayPiece, s.apex, left, physics.V(-left.Y, left.X), math.Inf(1), ""))
	for i, b := range s.shapes {
		sr, sl, ok := physics.Silhouette(b, s.apex)
		if !ok {
			continue
		}
		u := sr.Sub(s.apex)
		add(linePiece(rayPiece, sr, u, physics.V(-u.Y, u.X), math.Inf(1), s.ids[i]))
		u = sl.Sub(s.apex)
		add(linePiece(rayPiece, sl, u, physics.V(u.Y, -u.X), math.Inf(1), s.ids[i]))
		if s.ships[i] != nil {
			for _, e := range physics.FrontEdges(s.ships[i], s.apex, q.edges[:0]) {
				d := e.B.Sub(e.A)
				add(linePiece(segPiece, e.A, d, physics.V(-d.Y, d.X), d.Norm(), s.ids[i]))
			}
		} else if disk, ok := b.(physics.Circle); ok {
			out = append(out, piece{kind: arcPiece, c: disk.C, r: math.Abs(disk.R), by: s.ids[i]})
		}
	}
	return out
}

// onPiece reports whether point p, found on the piece's line or circle,
// lies on the piece (within tol): a line piece's extent, an arc's near
// side as seen from the apex.
func (s *losSearch) onPiece(p physics.Vec, pc *piece, tol float64) bool {
	if pc.kind == arcPiece {
		return p.Sub(pc.c).Dot(s.apex.Sub(pc.c)) >= pc.r*pc.r-tol*(1+pc.r)
	}
	t := p.Sub(pc.a).Dot(pc.t)
	return t >= -tol && t <= pc.l+tol
}

// lineLine returns the crossing of the lines through a along t and
// through b along u.
func lineLine(a, t, b, u physics.Vec) (physics.Vec, bool) {
	den := t.Cross(u)
	if math.Abs(den) < 1e-12 {
		return physics.Vec{}, false
	}
	return a.Add(t.Mul(b.Sub(a).Cross(u) / den)), true
}

// lineCircle appends the crossings of the line through a along the unit t
// with the circle (c, r).
func lineCircle(a, t, c physics.Vec, r float64, out []physics.Vec) []physics.Vec {
	f := a.Sub(c)
	b := f.Dot(t)
	disc := b*b - (f.Norm2() - r*r)
	if disc < 0 {
		return out
	}
	sq := math.Sqrt(disc)
	return append(out, a.Add(t.Mul(-b-sq)), a.Add(t.Mul(-b+sq)))
}

// circleCircle appends the crossings of two circles.
func circleCircle(c1 physics.Vec, r1 float64, c2 physics.Vec, r2 float64, out []physics.Vec) []physics.Vec {
	d := c2.Sub(c1)
	l := d.Norm()
	if !(l > 0) || l > r1+r2 || l < math.Abs(r1-r2) {
		return out
	}
	a := (r1*r1 - r2*r2 + l*l) / (2 * l)
	h := math.Sqrt(math.Max(0, r1*r1-a*a))
	u := d.Mul(1 / l)
	m := c1.Add(u.Mul(a))
	return append(out, m.Add(u.Perp().Mul(h)), m.Sub(u.Perp().Mul(h)))
}

// crossings appends the points where two pieces cross.
func (s *losSearch) crossings(p, o *piece, tol float64, out []physics.Vec) []physics.Vec {
	start := len(out)
	switch {
	case p.kind != arcPiece && o.kind != arcPiece:
		if w, ok := lineLine(p.a, p.t, o.a, o.t); ok {
			out = append(out, w)
		}
	case p.kind != arcPiece:
		out = lineCircle(p.a, p.t, o.c, o.r, out)
	case o.kind != arcPiece:
		out = lineCircle(o.a, o.t, p.c, p.r, out)
	default:
		out = circleCircle(p.c, p.r, o.c, o.r, out)
	}
	k := start
	for _, w := range out[start:] {
		if s.onPiece(w, p, tol) && s.onPiece(w, o, tol) {
			out[k] = w
			k++
		}
	}
	return out[:k]
}

// normalAt returns the piece's hidden-side normal at its point w.
func (pc *piece) normalAt(w physics.Vec) physics.Vec {
	if pc.kind == arcPiece {
		if d := pc.c.Sub(w); d.Norm() > 0 {
			return d.Mul(1 / d.Norm())
		}
	}
	return pc.n
}

// inWedge reports whether m is a non-negative combination of a and b
// (which are less than 180° apart).
func inWedge(m, a, b physics.Vec) bool {
	const slack = 1e-12
	s := a.Cross(b)
	switch {
	case s > slack:
		return a.Cross(m) >= -slack && m.Cross(b) >= -slack
	case s < -slack:
		return a.Cross(m) <= slack && m.Cross(b) <= slack
	}
	return false // the two pieces run on one line: no corner
}

// contactCurves lists the contact curves within reach.
func (s *losSearch) contactCurves(e *exactSearch) {
	e.curves = e.curves[:0]
	tol := s.tol()
	add := func(c curve) {
		if c.dist <= MarginReach {
			e.curves = append(e.curves, c)
		}
	}
	for i := range e.pieces {
		pc := &e.pieces[i]
		if pc.kind == arcPiece {
			for k, v := range s.base {
				z := pc.c.Sub(v)
				add(curve{kind: cornerInArc, z: z, off: pc.r, dist: math.Abs(z.Norm() - pc.r), p: i, k: k, by: pc.by})
			}
			continue
		}
		off := pc.n.Dot(pc.a) - minDot(s.base, pc.n)
		add(curve{kind: flatBeyond, n: pc.n, off: off, dist: math.Abs(off), p: i, by: pc.by})
	}
	// The convex corners of V: the apex, and where two pieces cross.
	right, left := s.arc.Edges()
	e.corners = append(e.corners[:0], corner{s.apex, physics.V(right.Y, -right.X), physics.V(-left.Y, left.X), ""})
	var pts [4]physics.Vec
	box := s.bounds
	reach := MarginReach + tol
	for i := range e.pieces {
		for j := i + 1; j < len(e.pieces); j++ {
			if e.pieces[i].by == e.pieces[j].by {
				continue // one blocker's pieces meet at its own corners: reflex corners of V
			}
			for _, w := range s.crossings(&e.pieces[i], &e.pieces[j], tol, pts[:0]) {
				if w.X < box.Lo.X-reach || w.X > box.Hi.X+reach || w.Y < box.Lo.Y-reach || w.Y > box.Hi.Y+reach {
					continue
				}
				by := e.pieces[i].by
				if by == "" {
					by = e.pieces[j].by
				}
				e.corners = append(e.corners, corner{w, e.pieces[i].normalAt(w), e.pieces[j].normalAt(w), by})
			}
		}
	}
	for ci, c := range e.corners {
		for k := range s.base {
			ed := s.base.Edge(k)
			d := ed.B.Sub(ed.A)
			l := d.Norm()
			if l == 0 {
				continue
			}
			m := physics.V(d.Y, -d.X).Mul(1 / l) // outward
			if !inWedge(m, c.ni.Mul(-1), c.nj.Mul(-1)) {
				continue
			}
			off := m.Dot(c.w) - m.Dot(ed.A)
			add(curve{kind: flatCorner, n: m, off: off, dist: math.Abs(off), p: ci, k: k, by: c.by})
		}
	}
}

// valid reports whether the translation d, found on curve c, is the
// contact c stands for (within tol): the touching corner or flat on the
// piece, the corner the base's extreme one toward the arc, the corner of
// V on the flat.
func (s *losSearch) valid(e *exactSearch, c *curve, d physics.Vec, tol float64) bool {
	switch c.kind {
	case flatBeyond:
		pc := &e.pieces[c.p]
		lo := minDot(s.base, pc.n)
		smin, smax := math.Inf(1), math.Inf(-1)
		for _, v := range s.base {
			if pc.n.Dot(v)-lo <= tol {
				t := v.Add(d).Sub(pc.a).Dot(pc.t)
				smin, smax = math.Min(smin, t), math.Max(smax, t)
			}
		}
		return smax >= -tol && smin <= pc.l+tol
	case cornerInArc:
		pc := &e.pieces[c.p]
		p := s.base[c.k].Add(d)
		u := p.Sub(pc.c)
		top := u.Dot(s.base[c.k])
		for _, v := range s.base {
			if u.Dot(v) > top+tol*(1+u.Norm()) {
				return false
			}
		}
		return s.onPiece(p, pc, tol)
	default:
		w := e.corners[c.p].w.Sub(d)
		ed := s.base.Edge(c.k)
		dd := ed.B.Sub(ed.A)
		t := w.Sub(ed.A).Dot(dd) / dd.Norm2()
		return t >= -1e-9 && t <= 1+1e-9
	}
}

// away is the direction that takes the base off contact c at d, further
// into the hidden side.
func (s *losSearch) away(e *exactSearch, c *curve, d physics.Vec) physics.Vec {
	switch c.kind {
	case flatBeyond:
		return c.n
	case flatCorner:
		return c.n.Mul(-1)
	}
	u := c.z.Sub(d) // from the corner toward the disk's centre
	if n := u.Norm(); n > 0 {
		return u.Mul(1 / n)
	}
	return physics.Vec{}
}

// tangent returns the direction of curve c at its point d.
func (c *curve) tangent(d physics.Vec) physics.Vec {
	if c.kind == cornerInArc {
		return d.Sub(c.z).Perp()
	}
	return c.n.Perp()
}

// foot returns the point of curve c nearest 0.
func (c *curve) foot() physics.Vec {
	if c.kind == cornerInArc {
		n := c.z.Norm()
		if n == 0 {
			return physics.V(c.off, 0)
		}
		return c.z.Mul(1 - c.off/n)
	}
	return c.n.Mul(c.off)
}

// meet appends the crossings of two curves.
func meet(a, b *curve, out []physics.Vec) []physics.Vec {
	switch {
	case a.kind != cornerInArc && b.kind != cornerInArc:
		// n·d = off: a point on the line is n·off, its direction n⊥.
		if d, ok := lineLine(a.n.Mul(a.off), a.n.Perp(), b.n.Mul(b.off), b.n.Perp()); ok {
			out = append(out, d)
		}
		return out
	case a.kind != cornerInArc:
		return lineCircle(a.n.Mul(a.off), a.n.Perp(), b.z, b.off, out)
	case b.kind != cornerInArc:
		return lineCircle(b.n.Mul(b.off), b.n.Perp(), a.z, a.off, out)
	}
	return circleCircle(a.z, a.off, b.z, b.off, out)
}

// clearMargin is the line-of-sight margin of a clear shot, exactly: the
// shortest translation after which no point of the moved base in the arc
// is visible, the base still in arc (see the top of this file).
func (r *Referee) clearMargin(q *query, s *losSearch) Margin {
	e := &q.exact
	e.pieces = s.boundaryPieces(q, e.pieces[:0])
	s.contactCurves(e)
	tol := s.tol()
	best, bestM := MarginReach, Margin{}
	try := func(c []candidate) bool {
		sortCandidates(c)
		for i, cd := range c {
			if i == maxChecks || cd.l > best {
				break
			}
			if m, ok := s.flipsClear(q, cd); ok {
				best, bestM = cd.l, m
				return true
			}
		}
		return false
	}
	// One contact: the foot of 0 on each curve.
	c := e.cands[:0]
	for i := range e.curves {
		cv := &e.curves[i]
		d := cv.foot()
		if l := d.Norm(); l <= best && s.valid(e, cv, d, tol) {
			c = append(c, candidate{l: l, dir: d, by: cv.by, away: s.away(e, cv, d), along: [4]physics.Vec{cv.tangent(d)}})
		}
	}
	// A corner of the base on a convex corner of V.
	for _, w := range e.corners {
		for k, v := range s.base {
			d := w.w.Sub(v)
			if l := d.Norm(); l <= best {
				// Off the corner along its two pieces, or along the two
				// flats at the base's corner.
				prev := s.base[(k+len(s.base)-1)%len(s.base)]
				next := s.base[(k+1)%len(s.base)]
				c = append(c, candidate{l: l, dir: d, by: w.by, away: w.ni.Add(w.nj),
					along: [4]physics.Vec{w.ni.Perp(), w.nj.Perp(), next.Sub(v), prev.Sub(v)}})
			}
		}
	}
	try(c)
	// Two contacts: the crossings of curves nearer than the best so far.
	near := e.near[:0]
	for i := range e.curves {
		if e.curves[i].dist < best {
			near = append(near, i)
		}
	}
	c = c[:0]
	var pts [2]physics.Vec
	for x, i := range near {
		a := &e.curves[i]
		for _, j := range near[x+1:] {
			b := &e.curves[j]
			for _, d := range meet(a, b, pts[:0]) {
				l := d.Norm()
				// A crossing where one contact's stretch of translations
				// ends (the other curve may stand for a contact that is
				// not made there: a corner of the base reaching V's corner
				// is on every curve through that translation).
				if !(l < best) || !s.valid(e, a, d, tol) && !s.valid(e, b, d, tol) {
					continue
				}
				by := a.by
				if by == "" {
					by = b.by
				}
				c = append(c, candidate{l: l, dir: d, by: by, away: s.away(e, a, d).Add(s.away(e, b, d)),
					along: [4]physics.Vec{a.tangent(d), b.tangent(d)}})
			}
		}
	}
	try(c)
	e.cands, e.near = c, near
	return bestM
}

// flipsClear rules on the base moved a hair past the candidate: along the
// candidate itself, off its contact (away), between the two, or along the
// contacts' curves either way; the first of these moves that hides the
// base while it stays in arc gives the margin, with that move as Beyond.
func (s *losSearch) flipsClear(q *query, cd candidate) (Margin, bool) {
	d := cd.dir // the candidate translation itself
	h := hair(cd.l)
	var tries [19]physics.Vec
	n := 0
	if cd.l > 0 {
		tries[n] = d.Mul((cd.l + h) / cd.l)
		n++
	}
	unit := func(v physics.Vec) (physics.Vec, bool) {
		l := v.Norm()
		if !(l > 0) || math.IsInf(l, 1) {
			return physics.Vec{}, false
		}
		return v.Mul(1 / l), true
	}
	away, hasAway := unit(cd.away)
	if hasAway {
		tries[n] = d.Add(away.Mul(h))
		n++
		if cd.l > 0 {
			if v, ok := unit(d.Mul(1 / cd.l).Add(away)); ok {
				tries[n] = d.Add(v.Mul(h))
				n++
			}
		}
	}
	for _, t := range cd.along {
		u, ok := unit(t)
		if !ok {
			continue
		}
		for _, sign := range [2]float64{1, -1} {
			v := u.Mul(sign)
			tries[n] = d.Add(v.Mul(h))
			n++
			if hasAway { // along the contact and off it at once
				if w, ok := unit(v.Add(away)); ok {
					tries[n] = d.Add(w.Mul(h))
					n++
				}
			}
		}
	}
	for _, p := range tries[:n] {
		if s.pointSeen(p) {
			continue
		}
		in, vis := s.visibleAt(q, p)
		if !in || vis {
			continue
		}
		by := cd.by
		if by == "" {
			by = s.blockerAt(q, p)
		}
		// The margin is a hair short of p, so that Beyond is p.
		l := p.Norm()
		mm := math.Max(0, l-hair(l))
		if l == 0 {
			return known(physics.Vec{}, d, by), true
		}
		return known(p.Mul(mm/l), p, by), true
	}
	return Margin{}, false
}

// clipToArc returns the part of segment v in the closed cone (in floating
// point: the candidates are ruled exactly afterwards).
func (s *losSearch) clipToArc(v physics.Segment) (physics.Segment, bool) {
	right, left := s.arc.Edges()
	for _, n := range [2]physics.Vec{physics.V(right.Y, -right.X), physics.V(-left.Y, left.X)} {
		fa, fb := n.Dot(v.A.Sub(s.apex)), n.Dot(v.B.Sub(s.apex))
		switch {
		case fa > 0 && fb > 0:
			return v, false
		case fa > 0:
			v.A = v.A.Lerp(v.B, fa/(fa-fb))
		case fb > 0:
			v.B = v.A.Lerp(v.B, fa/(fa-fb))
		}
	}
	return v, true
}

// arcContacts appends, for a blocked shot, the moves that bring the base to
// touch a planetoid's near arc where the arc may be visible: the arc's
// points nearest each corner and each flat of the base, its ends, and
// where other pieces of the visible region's boundary cross it (the ends
// of its visible pieces). The nearest point of a visible piece of the arc
// is one of them.
func (s *losSearch) arcContacts(q *query, c []candidate) []candidate {
	e := &q.exact
	e.pieces = s.boundaryPieces(q, e.pieces[:0])
	tol := s.tol()
	var buf [16]physics.Vec
	for i := range e.pieces {
		pc := &e.pieces[i]
		if pc.kind != arcPiece {
			continue
		}
		pts := buf[:0]
		for k, v := range s.base {
			if u := v.Sub(pc.c); u.Norm() > 0 {
				pts = append(pts, pc.c.Add(u.Mul(pc.r/u.Norm())))
			}
			ed := s.base.Edge(k)
			if d := ed.B.Sub(ed.A); d.Norm() > 0 {
				m := physics.V(d.Y, -d.X).Mul(1 / d.Norm()) // outward
				pts = append(pts, pc.c.Sub(m.Mul(pc.r)))
			}
		}
		if sr, sl, ok := physics.Silhouette(physics.Circle{C: pc.c, R: pc.r}, s.apex); ok {
			pts = append(pts, sr, sl)
		}
		for j := range e.pieces {
			if j != i && e.pieces[j].by != pc.by {
				pts = s.crossings(pc, &e.pieces[j], tol, pts)
			}
		}
		for _, p := range pts {
			if !s.onPiece(p, pc, tol) {
				continue
			}
			if d, pt := s.base.DistanceToPoint(p); d <= MarginReach {
				c = addCandidate(c, p.Sub(pt), p.Sub(s.centroid), pc.by)
			}
		}
	}
	return c
}
