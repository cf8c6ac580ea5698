package referee

import (
	"math"
	"sync"

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
}

// TailCheck holds each condition of Tailing, for explaining the verdict.
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
	overlaps  []map[int]bool
	shapes    []physics.Blocker // ship bases, then planetoids, boxed once
	planetIdx []int             // indices of planetoids in table.Obstacles
	fieldIdx  []int             // indices of asteroid fields
	grid      grid
	queries   sync.Pool // of *query: scratch space for Rule
}

// New prepares a referee for the table. The table must be valid (see the
// tablefile package); New does not check it again.
func New(t Table) *Referee {
	r := &Referee{table: t}
	r.queries.New = func() any { return new(query) }
	r.bases = make([]physics.Polygon, len(t.Ships))
	r.arcs = make([]physics.Cone, len(t.Ships))
	bounds := physics.EmptyRect()
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
		}
	}
	r.grid = newGrid(bounds, gridCell)
	for i := range t.Ships {
		r.grid.insert(i, r.bases[i].Bounds())
		r.shapes = append(r.shapes, r.bases[i])
	}
	for k, oi := range r.planetIdx {
		r.grid.insert(len(t.Ships)+k, t.Obstacles[oi].Circle.Bounds())
		r.shapes = append(r.shapes, t.Obstacles[oi].Circle)
	}
	r.overlaps = make([]map[int]bool, len(t.Ships))
	var q query
	for i := range t.Ships {
		for _, j := range r.grid.find(&q, r.bases[i].Bounds()) {
			if j <= i || j >= len(t.Ships) {
				continue
			}
			if physics.ConvexInteriorsIntersect(r.bases[i], r.bases[j]) {
				if r.overlaps[i] == nil {
					r.overlaps[i] = map[int]bool{}
				}
				if r.overlaps[j] == nil {
					r.overlaps[j] = map[int]bool{}
				}
				r.overlaps[i][j], r.overlaps[j][i] = true, true
			}
		}
	}
	return r
}

// gridCell is the broad phase's cell size in millimetres: about two bases.
const gridCell = 100

// Table returns the table the referee rules on.
func (r *Referee) Table() Table { return r.table }

// Base returns ship i's base.
func (r *Referee) Base(i int) physics.Polygon { return r.bases[i] }

// Arc returns ship i's fire arc.
func (r *Referee) Arc(i int) physics.Cone { return r.arcs[i] }

// Overlapping reports whether the bases of ships i and j overlap
// (Overlapping spaceships: their interiors intersect).
func (r *Referee) Overlapping(i, j int) bool { return r.overlaps[i][j] }

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

// RuleAll rules on every ordered pair, attacker by attacker in file order.
func (r *Referee) RuleAll() []Ruling {
	n := len(r.table.Ships)
	out := make([]Ruling, 0, n*(n-1))
	var q query
	for a := 0; a < n; a++ {
		for t := 0; t < n; t++ {
			if a != t {
				out = append(out, r.rule(&q, a, t))
			}
		}
	}
	return out
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
		Overlap:         r.overlaps[a][t],
		LevelDifference: r.levelDifference(sa.Level, st.Level),
		InArc:           r.arcs[a].MeetsInterior(r.bases[t]),
	}
	if res.InArc && res.LevelDifference < 2 {
		region := r.arcs[a].Clip(r.bases[t])
		sight := region.Bounds().Extend(apex)
		blockers := r.blockers(q, a, t, sight)
		nearest, _ := q.sight.NearestVisiblePoint(apex, region, nil)
		res.NearestInArc = nearest
		toNearest := physics.Seg(apex, nearest)
		for _, k := range blockers {
			if r.shapes[k].SegmentCrossesInterior(toNearest) {
				res.BlockedBy = append(res.BlockedBy, r.blockerID(k))
			}
		}
		if len(res.BlockedBy) == 0 {
			r.measure(&res, nearest)
		} else {
			q.shapes = q.shapes[:0]
			for _, k := range blockers {
				q.shapes = append(q.shapes, r.shapes[k])
			}
			if w, ok := q.sight.NearestVisiblePoint(apex, region, q.shapes); ok {
				r.measure(&res, w)
			}
		}
	}
	r.cover(&res)
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
	return res
}

// blockers returns the ships and planetoids (as indices into r.shapes)
// that may block a shot from a at t within the sight rectangle: not a or t,
// not overlapping either (Overlapping spaceships), and at a level that
// counts. The slice is reused by the next call with the same q.
func (r *Referee) blockers(q *query, a, t int, sight physics.Rect) []int {
	ships := r.table.Ships
	n := len(ships)
	la, lt := ships[a].Level, ships[t].Level
	q.blockers = q.blockers[:0]
	for _, k := range r.grid.find(q, sight) {
		if k < n {
			if k == a || k == t || r.overlaps[a][k] || r.overlaps[t][k] || !r.counts(ships[k].Level, la, lt) {
				continue
			}
		} else if !r.counts(r.table.Obstacles[r.planetIdx[k-n]].Level, la, lt) {
			continue
		}
		q.blockers = append(q.blockers, k)
	}
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
	res.Band, res.Margin, res.MarginTo = band(res.Range, res.LevelDifference, l)
}

// band returns the band of a range, the distance to the nearest band limit
// that applies and the band across it. One level apart the band is never
// short (Three-dimensional space), so the short limit does not apply.
func band(rng float64, levels int, l Limits) (Band, float64, Band) {
	type limit struct {
		at            float64
		below, beyond Band
	}
	limits := []limit{{l.ShortRange, Short, Medium}, {l.MediumRange, Medium, Long}, {l.LongRange, Long, Out}}
	if levels == 1 {
		limits = limits[1:]
		limits[0].below = Medium
	}
	b := Out
	for _, lim := range limits {
		if rng <= lim.at {
			b = lim.below
			break
		}
	}
	margin, across := math.Inf(1), Out
	for _, lim := range limits {
		if d := math.Abs(rng - lim.at); d < margin {
			margin = d
			across = lim.beyond
			if rng > lim.at {
				across = lim.below
			}
		}
	}
	return b, margin, across
}

// cover lists the asteroid fields that give the target cover: the witness
// passes through the field, or the field holds the target's stand; the
// worst modifier applies (Sparse / Dense asteroid fields).
func (r *Referee) cover(res *Ruling) {
	ships := r.table.Ships
	la, lt := ships[res.Attacker].Level, ships[res.Target].Level
	stand := ships[res.Target].Pose.Pos
	for _, oi := range r.fieldIdx {
		o := r.table.Obstacles[oi]
		if !r.counts(o.Level, la, lt) {
			continue
		}
		crossed := res.Measured && o.Polygon.Bounds().Intersects(res.Witness.A.Bounds(res.Witness.B)) &&
			o.Polygon.SegmentCrossesInterior(res.Witness)
		if crossed || o.Polygon.Contains(stand) {
			res.Cover = append(res.Cover, o.ID)
			res.CoverModifier = min(res.CoverModifier, o.Density.CoverModifier())
		}
	}
}

// tail decides Tailing: the stand-to-stand line points into the attacker's
// fire arc, crosses no other ship's base that would block the shot, enters
// the target's base through the rear flat or a flat next to it, and is
// shorter than the ★ mark (the back of the ruler one level apart; never two
// or more levels apart).
func (r *Referee) tail(q *query, res *Ruling) {
	ships := r.table.Ships
	a, t := res.Attacker, res.Target
	from, to := ships[a].Pose.Pos, ships[t].Pose.Pos
	l := r.table.Limits
	c := TailCheck{LevelsAllow: res.LevelDifference < 2}
	c.InArc = r.arcs[a].Contains(to)
	line := physics.Seg(from, to)
	c.Clear = true
	for _, k := range r.blockers(q, a, t, line.A.Bounds(line.B)) {
		if k < len(ships) && r.shapes[k].SegmentCrossesInterior(line) {
			c.Clear = false
			break
		}
	}
	f, g := physics.EntryFlat(r.bases[t], to, from)
	c.Entry = [2]physics.Flat{f, g}
	c.RearEntry = f.IsRear() || g.IsRear()
	c.Distance = physics.LevelDistance(from.Dist(to), res.LevelDifference, l.LevelHeight)
	c.Margin = math.Abs(c.Distance - l.TailingDistance)
	res.Tail = c
	res.Tailing = c.LevelsAllow && c.InArc && c.Clear && c.RearEntry && c.Distance < l.TailingDistance
}
