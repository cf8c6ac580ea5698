package referee

import (
	"cmp"
	"iter"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/starshipbattles/bsg/physics"
)

// Band is a range band of the combat ruler (Determining range).
type Band string

// The bands of the combat ruler, and beyond it.
const (
	Short  Band = "short"
	Medium Band = "medium"
	Long   Band = "long"
	Out    Band = "out"
)

// Modifier returns the attack modifier of the band: +1 short, 0 medium,
// −1 long (Determining range); 0 out of range, where no attack is made.
func (b Band) Modifier() int {
	switch b {
	case Short:
		return 1
	case Long:
		return -1
	}
	return 0
}

// Reason says why a ship cannot fire at another; the first that applies,
// in the order of the constants.
type Reason string

// The reasons of MEASURE-FORMAT.md, checked in this order.
const (
	CanFire    Reason = ""
	Overlap    Reason = "overlap"      // Overlapping spaceships (Complete Rules)
	Level      Reason = "level"        // Three-dimensional space: two or more levels apart
	OutOfArc   Reason = "out-of-arc"   // Line of sight: the arc does not reach the base
	Blocked    Reason = "blocked"      // Line of sight; Planetoids
	OutOfRange Reason = "out-of-range" // Determining range
)

// Ruling is the referee's answer for one ordered pair (attacker, target).
type Ruling struct {
	Attacker, Target     int    // indices into Table.Ships
	AttackerID, TargetID string // their ids
	CanFire              bool
	Reason               Reason
	Overlap              bool // the bases' interiors intersect
	LevelDifference      int  // 0 unless the table is three-dimensional
	InArc                bool // the arc meets the target's base in a region of positive area
	Measured             bool // a visible point exists: Range, Band, Margin and Witness are set
	Range                float64
	Horizontal           float64 // the table distance from the stand to the witness point
	Band                 Band
	Margin               float64 // distance from Range to the nearest band limit that applies
	MarginTo             Band    // the band that lies across that limit
	Witness              physics.Segment
	BlockedBy            []string // blockers crossed by the line to the nearest in-arc point
	Cover                []string // asteroid fields giving cover, in file order
	CoverModifier        int
	RangeModifier        int
	Tailing              bool
	Tail                 TailCheck
	NearestInArc         physics.Vec // the nearest in-arc point, blockers ignored (valid when InArc)
	Margins              Margins     // by how much each verdict could have gone the other way (only WithMargins)
}

// TailCheck holds each condition of Tailing, for explaining the verdict.
// The cheap conditions come first; Entry and RearEntry are only found when
// LevelsAllow, InArc and the distance hold (zero otherwise), and Clear only
// when every other condition holds (false otherwise).
type TailCheck struct {
	LevelsAllow bool            // fewer than two levels apart
	InArc       bool            // the stand-to-stand line points into the fire arc
	Clear       bool            // it crosses no other ship's base
	Entry       [2]physics.Flat // the flat(s) of the target's base it enters through
	RearEntry   bool            // one of them is a rear flat
	Distance    float64         // stand to stand, level-adjusted
	Margin      float64         // |Distance − the tailing limit|
}

// Referee rules on one table. It precomputes bases, arcs, overlaps and a
// broad-phase grid; it does not change after New and is safe for
// concurrent use.
type Referee struct {
	table     Table
	bases     []physics.Polygon
	arcs      []physics.Cone
	overlaps  [][]int           // per ship, the ships whose bases overlap it, in file order
	shapes    []physics.Blocker // ship bases, then planetoids, boxed once
	disks     []disk            // a disk around each of shapes
	planetIdx []int             // indices of planetoids in table.Obstacles
	fieldIdx  []int             // indices of asteroid fields
	fieldBox  []physics.Rect    // bounds of each field, by rank in fieldIdx
	standIn   [][]int           // per ship, the ranks of the fields holding its stand
	grid      grid              // shapes
	fieldGrid grid              // asteroid fields, by rank
	queries   sync.Pool         // of *query: scratch space for Rule
	// withMargins: each ruling carries its margins (WithMargins).
	withMargins bool
	inward      [][]physics.Vec // WithMargins: per ship, inwardNormals
}

// disk is a closed disk holding a shape, and the radius of an open disk
// with the same centre inside the shape's interior: the cheap stand-ins
// for the exact tests.
type disk struct {
	c     physics.Vec
	r, in float64
}

// New prepares a referee for the table. The table must be valid (see the
// tablefile package); New does not check it again.
func New(t Table, opts ...Option) *Referee {
	r := &Referee{table: t}
	for _, o := range opts {
		o(r)
	}
	r.queries.New = func() any { return new(query) }
	r.bases = make([]physics.Polygon, len(t.Ships))
	r.arcs = make([]physics.Cone, len(t.Ships))
	bounds, fieldBounds := physics.EmptyRect(), physics.EmptyRect()
	for i, s := range t.Ships {
		r.bases[i] = s.Base()
		r.arcs[i] = s.Arc(t.Limits)
		bounds = bounds.Union(r.bases[i].Bounds())
	}
	for i, o := range t.Obstacles {
		switch o.Kind {
		case Planetoid:
			r.planetIdx = append(r.planetIdx, i)
			bounds = bounds.Union(o.Circle.Bounds())
		case AsteroidField:
			r.fieldIdx = append(r.fieldIdx, i)
			r.fieldBox = append(r.fieldBox, o.Polygon.Bounds())
			fieldBounds = fieldBounds.Union(r.fieldBox[len(r.fieldBox)-1])
		}
	}
	cell := float64(gridCell)
	if len(t.Ships)+len(r.planetIdx) <= smallTable {
		cell = math.Inf(1) // one cell: a few shapes are tested sooner than indexed
	}
	r.grid = newGrid(bounds, cell)
	for i, s := range t.Ships {
		r.grid.insert(i, r.bases[i].Bounds())
		r.shapes = append(r.shapes, r.bases[i])
		far, in := 0.0, math.Inf(1)
		for k, v := range r.bases[i] {
			far = math.Max(far, v.Dist(s.Pose.Pos))
			in = math.Min(in, r.bases[i].Edge(k).DistanceToPoint(s.Pose.Pos))
		}
		r.disks = append(r.disks, disk{s.Pose.Pos, far, in})
	}
	for k, oi := range r.planetIdx {
		c := t.Obstacles[oi].Circle
		r.grid.insert(len(t.Ships)+k, c.Bounds())
		r.shapes = append(r.shapes, c)
		r.disks = append(r.disks, disk{c.C, math.Abs(c.R), math.Abs(c.R)})
	}
	r.fieldGrid = newGrid(fieldBounds, gridCell)
	for k, box := range r.fieldBox {
		r.fieldGrid.insert(k, box)
	}
	if r.withMargins {
		r.inward = make([][]physics.Vec, len(t.Ships))
		for i := range t.Ships {
			r.inward[i] = appendInward(nil, r.bases[i].CCW())
		}
	}
	r.standIn = make([][]int, len(t.Ships))
	for i, s := range t.Ships {
		for k, oi := range r.fieldIdx {
			if r.fieldBox[k].Contains(s.Pose.Pos) && t.Obstacles[oi].Polygon.Contains(s.Pose.Pos) {
				r.standIn[i] = append(r.standIn[i], k)
			}
		}
	}
	r.overlaps = make([][]int, len(t.Ships))
	var q query
	for i := range t.Ships {
		for _, j := range r.grid.find(&q, r.bases[i].Bounds()) {
			if j <= i || j >= len(t.Ships) {
				continue
			}
			if physics.ConvexInteriorsIntersect(r.bases[i], r.bases[j]) {
				r.overlaps[i] = append(r.overlaps[i], j)
				r.overlaps[j] = append(r.overlaps[j], i)
			}
		}
	}
	for i := range r.overlaps {
		slices.Sort(r.overlaps[i])
	}
	return r
}

// gridCell is the broad phase's cell size in millimetres: about two bases.
const gridCell = 100

// smallTable is the most ships and planetoids a table may have for the
// broad phase to be one cell: every shape a candidate, tested exactly (as
// in a battle's firing steps, where the table is ruled anew after each
// move).
const smallTable = 16

// Table returns the table the referee rules on.
func (r *Referee) Table() Table { return r.table }

// Base returns ship i's base.
func (r *Referee) Base(i int) physics.Polygon { return r.bases[i] }

// Arc returns ship i's fire arc.
func (r *Referee) Arc(i int) physics.Cone { return r.arcs[i] }

// Overlapping reports whether the bases of ships i and j overlap
// (Overlapping spaceships: their interiors intersect).
func (r *Referee) Overlapping(i, j int) bool { return slices.Contains(r.overlaps[i], j) }

// levelDifference returns how many levels apart two objects are; 0 when
// levels do not matter.
func (r *Referee) levelDifference(a, b int) int {
	if !r.table.ThreeD {
		return 0
	}
	d := a - b
	if d < 0 {
		d = -d
	}
	return d
}

// counts reports whether an object at level lv matters to a shot between
// levels la and lb (Three-dimensional space: objects affect ships at their
// own level).
func (r *Referee) counts(lv, la, lb int) bool {
	return !r.table.ThreeD || lv == la || lv == lb
}

// RuleAll rules on every ordered pair, attacker by attacker in file order
// (the order of Rulings).
func (r *Referee) RuleAll() []Ruling {
	n := len(r.table.Ships)
	out := make([]Ruling, 0, n*max(n-1, 0))
	for ru := range r.Rulings() {
		out = append(out, ru)
	}
	return out
}

// batchPairs is about how many rulings Rulings holds at once (twice: one
// batch being handed out while the next is computed).
const batchPairs = 8192

// Rulings yields the ruling on every ordered pair, attacker by attacker in
// file order and, for each, target by target in file order. The rulings
// are computed on all cores (runtime.GOMAXPROCS) a batch of attackers at a
// time, the next batch while the caller consumes this one, so that memory
// stays bounded however big the table; the order, and every ruling, are
// those of calling Rule pair by pair.
func (r *Referee) Rulings() iter.Seq[Ruling] {
	return func(yield func(Ruling) bool) {
		n := len(r.table.Ships)
		if n < 2 {
			return
		}
		rows := max(1, batchPairs/(n-1))
		start := func(lo int, buf []Ruling) chan []Ruling {
			ch := make(chan []Ruling, 1)
			go func() { ch <- r.ruleRows(buf, lo, min(n, lo+rows)) }()
			return ch
		}
		pending := start(0, nil)
		var spare []Ruling
		for lo := 0; lo < n; lo += rows {
			cur := <-pending
			pending = nil
			if lo+rows < n {
				pending = start(lo+rows, spare)
			}
			for _, ru := range cur {
				if !yield(ru) {
					if pending != nil {
						<-pending
					}
					return
				}
			}
			spare = cur
		}
	}
}

// ruleRows rules for attackers lo..hi−1 on every other ship into buf
// (reused), attacker by attacker, the attackers shared among the cores.
func (r *Referee) ruleRows(buf []Ruling, lo, hi int) []Ruling {
	n := len(r.table.Ships)
	buf = slices.Grow(buf[:0], (hi-lo)*(n-1))[:(hi-lo)*(n-1)]
	var next atomic.Int64
	next.Store(int64(lo))
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), hi-lo) {
		wg.Go(func() {
			q := r.queries.Get().(*query)
			defer r.queries.Put(q)
			for a := int(next.Add(1) - 1); a < hi; a = int(next.Add(1) - 1) {
				k := (a - lo) * (n - 1)
				for t := 0; t < n; t++ {
					if t != a {
						buf[k] = r.rule(q, a, t)
						k++
					}
				}
			}
		})
	}
	wg.Wait()
	return buf
}

// Rule rules on the ordered pair: ship a firing at ship t.
func (r *Referee) Rule(a, t int) Ruling {
	q := r.queries.Get().(*query)
	defer r.queries.Put(q)
	return r.rule(q, a, t)
}

// blockerID names blocker k: a ship index, or the number of ships plus a
// planetoid's rank.
func (r *Referee) blockerID(k int) string {
	if n := len(r.table.Ships); k >= n {
		return r.table.Obstacles[r.planetIdx[k-n]].ID
	}
	return r.table.Ships[k].ID
}

func (r *Referee) rule(q *query, a, t int) Ruling {
	ships := r.table.Ships
	sa, st := ships[a], ships[t]
	apex := sa.Pose.Pos
	res := Ruling{
		Attacker: a, Target: t, AttackerID: sa.ID, TargetID: st.ID,
		Overlap:         r.Overlapping(a, t),
		LevelDifference: r.levelDifference(sa.Level, st.Level),
		InArc:           r.arcs[a].MeetsInterior(r.bases[t]),
	}
	if res.InArc && res.LevelDifference < 2 {
		region := r.arcs[a].Clip(r.bases[t])
		w := newWedge(apex, region)
		blockers := r.blockers(q, a, t, region.Bounds().Extend(apex), &w, false)
		nearest, _ := q.sight.NearestVisiblePoint(apex, region, nil)
		res.NearestInArc = nearest
		toNearest := physics.Seg(apex, nearest)
		for _, k := range blockers {
			if r.crosses(k, toNearest, w.margin) {
				res.BlockedBy = append(res.BlockedBy, r.blockerID(k))
			}
		}
		if len(res.BlockedBy) == 0 {
			r.measure(&res, nearest)
		} else {
			// Nearest the apex first: their shadows are the widest, and
			// one that hides a whole edge ends the search along it.
			q.near = q.near[:0]
			for _, k := range blockers {
				q.near = append(q.near, nearBlocker{k, r.disks[k].c.Dist(apex) - r.disks[k].r})
			}
			slices.SortFunc(q.near, func(x, y nearBlocker) int { return cmp.Compare(x.d, y.d) })
			q.shapes = q.shapes[:0]
			for _, b := range q.near {
				q.shapes = append(q.shapes, r.shapes[b.k])
			}
			if w, ok := q.sight.NearestVisiblePoint(apex, region, q.shapes); ok {
				r.measure(&res, w)
			}
		}
	}
	r.cover(q, &res)
	r.tail(q, &res)
	switch {
	case res.Overlap:
		res.Reason = Overlap
	case res.LevelDifference >= 2:
		res.Reason = Level
	case !res.InArc:
		res.Reason = OutOfArc
	case !res.Measured:
		res.Reason = Blocked
	case res.Band == Out:
		res.Reason = OutOfRange
	}
	res.CanFire = res.Reason == CanFire
	if res.Measured {
		res.RangeModifier = res.Band.Modifier()
	}
	if r.withMargins {
		r.margins(q, &res)
	}
	return res
}

// crosses reports whether segment s passes through the interior of shape
// k, exactly. The shape's disks settle it without the exact test when s
// is clearly apart from the outer one or clearly into the inner one (by
// more than margin, which dwarfs the rounding of the distance).
func (r *Referee) crosses(k int, s physics.Segment, margin float64) bool {
	if d := r.disks[k]; margin > 0 {
		switch dist := s.DistanceToPoint(d.c); {
		case dist > d.r+margin:
			return false
		case dist < d.in-margin:
			return true
		}
	}
	return r.shapes[k].SegmentCrossesInterior(s)
}

// blockers returns the ships and planetoids (as indices into r.shapes)
// that may block a shot from a at t: within the sight rectangle and not
// clearly outside the wedge w, not a or t, not overlapping either
// (Overlapping spaceships), and at a level that counts; only ships when
// shipsOnly. In increasing order; the slice is reused by the next call with
// the same q.
func (r *Referee) blockers(q *query, a, t int, sight physics.Rect, w *wedge, shipsOnly bool) []int {
	ships := r.table.Ships
	n := len(ships)
	la, lt := ships[a].Level, ships[t].Level
	q.blockers = q.blockers[:0]
	for _, k := range r.grid.findIn(q, sight, w) {
		if k < n {
			if k == a || k == t || !r.counts(ships[k].Level, la, lt) || slices.Contains(r.overlaps[a], k) || slices.Contains(r.overlaps[t], k) {
				continue
			}
		} else if shipsOnly || !r.counts(r.table.Obstacles[r.planetIdx[k-n]].Level, la, lt) {
			continue
		}
		if d := r.disks[k]; w.rejectsDisk(d.c, d.r) {
			continue
		}
		q.blockers = append(q.blockers, k)
	}
	slices.Sort(q.blockers)
	return q.blockers
}

// measure fills range, band, margin and witness from the nearest visible
// point w (Determining range; Three-dimensional space).
func (r *Referee) measure(res *Ruling, w physics.Vec) {
	l := r.table.Limits
	apex := r.table.Ships[res.Attacker].Pose.Pos
	res.Measured = true
	res.Witness = physics.Seg(apex, w)
	res.Horizontal = apex.Dist(w)
	res.Range = physics.LevelDistance(res.Horizontal, res.LevelDifference, l.LevelHeight)
	res.Band, res.Margin, res.MarginTo, _ = band(res.Range, res.LevelDifference, l)
}

// band returns the band of a range, the distance to the nearest band limit
// that applies, the band across it and that limit. One level apart the band is never
// short (Three-dimensional space), so the short limit does not apply.
func band(rng float64, levels int, l Limits) (Band, float64, Band, float64) {
	bands := Bands[:]
	if levels == 1 {
		bands = bands[1:]
	}
	b := Out
	for _, x := range bands {
		if rng <= l.Span(x, levels).Hi {
			b = x
			break
		}
	}
	margin, across, at := math.Inf(1), Out, math.Inf(1)
	for i, x := range bands {
		lim := l.Span(x, levels).Hi
		if d := math.Abs(rng - lim); d < margin {
			margin, at = d, lim
			across = Out // the band beyond the limit
			if i+1 < len(bands) {
				across = bands[i+1]
			}
			if rng > lim {
				across = x
			}
		}
	}
	return b, margin, across, at
}

// cover lists the asteroid fields that give the target cover: the witness
// passes through the field, or the field holds the target's stand; the
// worst modifier applies (Sparse / Dense asteroid fields).
func (r *Referee) cover(q *query, res *Ruling) {
	ships := r.table.Ships
	la, lt := ships[res.Attacker].Level, ships[res.Target].Level
	var crossing []int
	if res.Measured && len(r.fieldIdx) > 0 {
		box := res.Witness.A.Bounds(res.Witness.B)
		for _, k := range r.fieldGrid.findIn(q, box, nil) {
			if r.fieldBox[k].Intersects(box) && r.counts(r.table.Obstacles[r.fieldIdx[k]].Level, la, lt) &&
				r.table.Obstacles[r.fieldIdx[k]].Polygon.SegmentCrossesInterior(res.Witness) {
				q.fields = append(q.fields[:len(crossing)], k)
				crossing = q.fields
			}
		}
		slices.Sort(crossing)
	}
	stand := r.standIn[res.Target]
	// Both lists are in rank order: merge them, each field once.
	for i, j := 0, 0; i < len(crossing) || j < len(stand); {
		var k int
		switch {
		case j == len(stand) || i < len(crossing) && crossing[i] < stand[j]:
			k, i = crossing[i], i+1
		case i == len(crossing) || stand[j] < crossing[i]:
			k, j = stand[j], j+1
		default:
			k, i, j = crossing[i], i+1, j+1
		}
		o := r.table.Obstacles[r.fieldIdx[k]]
		if !r.counts(o.Level, la, lt) {
			continue
		}
		res.Cover = append(res.Cover, o.ID)
		res.CoverModifier = min(res.CoverModifier, o.Density.CoverModifier())
	}
}

// tail decides Tailing: the stand-to-stand line points into the attacker's
// fire arc, crosses no other ship's base that would block the shot, enters
// the target's base through the rear flat or a flat next to it, and is
// shorter than the ★ mark (the back of the ruler one level apart; never two
// or more levels apart). The cheap conditions are checked first; the entry
// flats only when they hold, and the line's clearance only when everything
// else does.
func (r *Referee) tail(q *query, res *Ruling) {
	ships := r.table.Ships
	a, t := res.Attacker, res.Target
	from, to := ships[a].Pose.Pos, ships[t].Pose.Pos
	l := r.table.Limits
	c := TailCheck{LevelsAllow: res.LevelDifference < 2}
	c.InArc = r.arcs[a].Contains(to)
	c.Distance = physics.LevelDistance(from.Dist(to), res.LevelDifference, l.LevelHeight)
	c.Margin = math.Abs(c.Distance - l.TailingDistance)
	if c.LevelsAllow && c.InArc && c.Distance < l.TailingDistance {
		f, g, entered := physics.EntryFlat(r.bases[t], to, from)
		c.Entry = [2]physics.Flat{f, g}
		c.RearEntry = entered && (f.IsRear() || g.IsRear())
	}
	if c.LevelsAllow && c.InArc && c.Distance < l.TailingDistance && c.RearEntry {
		line := physics.Seg(from, to)
		w := newWedge(from, physics.Polygon{to})
		c.Clear = true
		for _, k := range r.blockers(q, a, t, line.A.Bounds(line.B), &w, true) {
			if r.crosses(k, line, w.margin) {
				c.Clear = false
				break
			}
		}
	}
	res.Tail = c
	res.Tailing = c.LevelsAllow && c.InArc && c.Clear && c.RearEntry && c.Distance < l.TailingDistance
}
