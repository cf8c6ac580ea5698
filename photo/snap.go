package photo

import (
	"fmt"
	"image"
	"math"
	"slices"
	"sort"
	"sync"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/physics"
)

// Snapping limits (proposals: the rulebook has nothing on photos).
const (
	// SnapSearchPx is how far (pixels, along each flat's normal) an edge
	// is looked for from the outline the clicks give: clicks 2 to 4 px off
	// and a little more.
	SnapSearchPx = 8.0
	// MinSnapEdges is the fewest edge points (of 6 flats × snapSamples)
	// that must be found for a snap to be trusted.
	MinSnapEdges = 30
	// MaxSnapMovePx is the farthest a snap may move a clicked corner
	// before it is refused (the fit found some other edge).
	MaxSnapMovePx = 12.0
	// MinSnapContrast is the weakest edge (brightness step across it, out
	// of 1) taken as the base's edge.
	MinSnapContrast = 0.04
	// snapFloorPx is the least precision (pixels) a snapped corner is
	// given: the printed base's own tolerance and the photo's blur.
	snapFloorPx = 0.35
	snapSamples = 14 // edge points looked for along each flat
)

// Snapper refines clicks on one photo: it holds the photo in grey levels.
type Snapper struct {
	g *gray
	// fits keeps the last edge calibrations (Marks.fitEdges) of this
	// photo, newest last: the same marks on the same photo give the same
	// calibration, and the straight edges' search is the cost of a refit.
	mu   sync.Mutex
	fits []edgeFitEntry
}

// edgeFitKey is what an edge calibration depends on besides the photo.
type edgeFitKey struct {
	w, h         int
	width, depth float64
	placed       bool
	marks        []Mark
}

func (k edgeFitKey) equal(o edgeFitKey) bool {
	return k.w == o.w && k.h == o.h && k.width == o.width && k.depth == o.depth && k.placed == o.placed && slices.Equal(k.marks, o.marks)
}

type edgeFitEntry struct {
	key edgeFitKey
	cal *Calibration
}

// keptFits is how many edge calibrations a Snapper keeps.
const keptFits = 4

// cachedFit returns the kept edge calibration for key.
func (s *Snapper) cachedFit(key edgeFitKey) (*Calibration, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, e := range s.fits {
		if e.key.equal(key) {
			return e.cal, true
		}
	}
	return nil, false
}

// keepFit keeps an edge calibration for key (a copy of its marks), the
// oldest dropped past keptFits.
func (s *Snapper) keepFit(key edgeFitKey, cal *Calibration) {
	key.marks = slices.Clone(key.marks)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.fits = append(s.fits, edgeFitEntry{key, cal})
	if len(s.fits) > keptFits {
		s.fits = slices.Delete(s.fits, 0, len(s.fits)-keptFits)
	}
}

// NewSnapper prepares a photo for snapping.
func NewSnapper(img image.Image) *Snapper { return &Snapper{g: toGray(img)} }

// Snapped is a ship's base fitted to the photo's edges.
type Snapped struct {
	Points  []physics.Vec // the fitted base's front corners (left, right), pixels
	Pose    physics.Pose  // the fitted pose on the table, through the model
	SigmaPx float64       // the corners' precision after the fit (one standard deviation)
	Edges   int           // edge points the fit used
	MovedPx float64       // the farther of the two corners' moves
}

// Ship fits the known outline of a ship's base (a regular hexagon of
// o.AcrossFlats, Bases) to the photo's edges near the front corners
// clicked in o.Points: edge points are found to a fraction of a pixel
// along each flat's normal (the strongest brightness step within
// SnapSearchPx), and the base's stand and heading are moved to fit them
// by robust least squares, through the model (so the lens bends the
// outline as it bends the photo). It returns the fitted base's front
// corners with their precision, or an *Unusable error when too few edges
// are found or the fit moves a corner too far (the click stays as it is).
func (s *Snapper) Ship(m Model, o Object) (*Snapped, error) {
	if o.Kind != ShipKind || len(o.Points) != 2 {
		return nil, unusable("%s: only a ship's two front corners snap", o.ID)
	}
	l, okl := m.ToTable(o.Points[0])
	r, okr := m.ToTable(o.Points[1])
	if !okl || !okr {
		return nil, unusable("%s: a corner is beyond the table's horizon", o.ID)
	}
	pose := ShipPose(l, r, o.AcrossFlats)
	pose, pts, cov, sigma, err := s.fitBase(m, pose, o.AcrossFlats, SnapSearchPx)
	if err != nil {
		return nil, unusable("%s: %s; the clicks stay", o.ID, err)
	}
	out, err := snappedBase(m, pose, o.AcrossFlats, pts, cov, sigma, o.Points)
	if err != nil {
		return nil, unusable("%s: %s", o.ID, err)
	}
	if out.MovedPx > MaxSnapMovePx {
		return nil, unusable("%s: the base's edges fit %.0f px from the clicks; the clicks stay", o.ID, out.MovedPx)
	}
	return out, nil
}

// snappedBase returns a fitted base's front corners (pixels) with their
// precision from the fit's covariance, and how far they lie from clicks
// (when given).
func snappedBase(m Model, pose physics.Pose, acrossFlats float64, pts []edgePoint, cov [3][3]float64, sigma float64, clicks []physics.Vec) (*Snapped, error) {
	hex := physics.HexagonCorners(pose, acrossFlats)
	out := &Snapped{Pose: pose, Edges: len(pts)}
	worst := 0.0
	for k, c := range []physics.Vec{hex[1], hex[0]} {
		px, ok := m.ToPixel(c)
		if !ok {
			return nil, fmt.Errorf("the fitted base is beyond the table's horizon")
		}
		out.Points = append(out.Points, px)
		if k < len(clicks) {
			out.MovedPx = math.Max(out.MovedPx, px.Dist(clicks[k]))
		}
		// the corner's spread from the pose's covariance, in mm, over the
		// mm a pixel covers there
		rel := c.Sub(pose.Pos)
		jx := [3]float64{1, 0, -rel.Y}
		jy := [3]float64{0, 1, rel.X}
		vx, vy := quad(cov, jx), quad(cov, jy)
		big, small := m.Scale(px)
		worst = math.Max(worst, math.Sqrt((vx+vy)/2)*sigma/math.Sqrt(big*small))
	}
	out.SigmaPx = math.Max(snapFloorPx, worst)
	return out, nil
}

func quad(c [3][3]float64, j [3]float64) float64 {
	s := 0.0
	for a := range 3 {
		for b := range 3 {
			s += j[a] * c[a][b] * j[b]
		}
	}
	return s
}

// fitBase moves a base of acrossFlats from pose to the photo's edges
// found within search pixels of its outline (halving the search as the
// fit settles, down to 3 px), and returns the fitted pose, the edge points
// of the last pass, the pose's covariance per unit variance and the
// residuals' root mean square (mm); an error when too few edges are found.
func (s *Snapper) fitBase(m Model, pose physics.Pose, acrossFlats, search float64) (physics.Pose, []edgePoint, [3][3]float64, float64, error) {
	var pts []edgePoint
	for iter := 0; iter < 10; iter++ {
		pts = s.edges(m, pose, acrossFlats, search)
		if len(pts) < MinSnapEdges {
			return pose, nil, [3][3]float64{}, 0, fmt.Errorf("only %d edge points of the base found", len(pts))
		}
		d, _, _ := fitPose(pts, pose.Pos)
		pose.Pos = pose.Pos.Add(physics.V(d[0], d[1]))
		pose.Heading += s1.Angle(d[2])
		search = math.Max(3, search/2)
		if math.Hypot(d[0], d[1]) < 1e-3 && math.Abs(d[2]) < 1e-5 {
			break
		}
	}
	pts = s.edges(m, pose, acrossFlats, 3)
	if len(pts) < MinSnapEdges {
		return pose, nil, [3][3]float64{}, 0, fmt.Errorf("only %d edge points of the base found", len(pts))
	}
	d, cov, sigma := fitPose(pts, pose.Pos)
	pose.Pos = pose.Pos.Add(physics.V(d[0], d[1]))
	pose.Heading += s1.Angle(d[2])
	return pose, pts, cov, sigma, nil
}

// edgePoint is an edge found near a flat: the flat's point q and outward
// normal n (table), and how far along n the edge lies from q (mm).
type edgePoint struct {
	q, n physics.Vec
	r    float64
}

// edges looks for the base's edge along each flat's normal, within
// search pixels of the outline of pose.
func (s *Snapper) edges(m Model, pose physics.Pose, acrossFlats, search float64) []edgePoint {
	hex := physics.HexagonCorners(pose, acrossFlats)
	var out []edgePoint
	for k := range hex {
		a, b := hex[k], hex[(k+1)%6]
		n := b.Sub(a).Perp().Unit().Mul(-1) // outward: the hexagon runs counter-clockwise
		if n.Dot(a.Sub(pose.Pos)) < 0 {
			n = n.Mul(-1)
		}
		for i := range snapSamples {
			t := 0.12 + 0.76*float64(i)/float64(snapSamples-1)
			q := a.Lerp(b, t)
			pq, ok1 := m.ToPixel(q)
			po, ok2 := m.ToPixel(q.Add(n))
			if !ok1 || !ok2 {
				continue
			}
			np := po.Sub(pq)
			mmPerPx := 1 / np.Norm()
			np = np.Mul(mmPerPx)
			off, ok := s.g.edgeAlong(pq, np, search)
			if !ok {
				continue
			}
			e, ok := m.ToTable(pq.Add(np.Mul(off)))
			if !ok {
				continue
			}
			out = append(out, edgePoint{q: q, n: n, r: n.Dot(e.Sub(q))})
		}
	}
	return out
}

// edgeAlong finds the strongest brightness step along the unit direction
// d from p within ±search pixels, to a fraction of a pixel (a parabola
// through the peak of the one-pixel difference); false when the step
// across it (the mean brightness 1 to 2.5 px either side) is weaker than
// MinSnapContrast or the peak lies at the end of the search.
func (g *gray) edgeAlong(p, d physics.Vec, search float64) (float64, bool) {
	const step = 0.5
	// the profile runs stepSide samples past the search either way, for
	// the step across the edge
	const stepNear, stepSide = 2, 5 // 1 to 2.5 px either side of the edge
	n := int(search/step) + 2
	prof := make([]float64, 2*(n+stepSide)+1)
	for i := range prof {
		v := p.Add(d.Mul(float64(i-n-stepSide) * step))
		prof[i] = g.sample(v.X, v.Y)
	}
	// strength of the edge at i: the difference across one pixel (the
	// edge's place); the search runs over the middle 2n+1 samples
	best, bi := 0.0, -1
	str := make([]float64, len(prof))
	for i := stepSide + 1; i+1 < len(prof)-stepSide; i++ {
		str[i] = math.Abs(prof[i+1] - prof[i-1])
		if str[i] > best {
			best, bi = str[i], i
		}
	}
	if bi < 0 || bi <= stepSide+1 || bi >= len(prof)-stepSide-2 {
		return 0, false
	}
	// the step across the edge: the mean brightness 1 to 2.5 px beyond it
	// less the mean as far before it (a blurred edge spreads its step
	// over pixels, so the one-pixel difference alone would undercount it)
	var lo, hi float64
	for k := stepNear; k <= stepSide; k++ {
		lo += prof[bi-k]
		hi += prof[bi+k]
	}
	if math.Abs(hi-lo)/float64(stepSide-stepNear+1) < MinSnapContrast {
		return 0, false
	}
	a, b, c := str[bi-1], str[bi], str[bi+1]
	den := a - 2*b + c
	frac := 0.0
	if den < 0 {
		frac = 0.5 * (a - c) / den
	}
	return (float64(bi-n-stepSide) + frac) * step, true
}

// fitPose solves, by least squares with outliers dropped, for the move
// (dx, dy, dθ about c) of the base that best puts each flat point on its
// edge: n·(dx, dy) + dθ n·perp(q − c) = r. It returns the move, the
// covariance of the solution per unit variance, and the residuals' root
// mean square (mm).
func fitPose(pts []edgePoint, c physics.Vec) ([3]float64, [3][3]float64, float64) {
	use := make([]bool, len(pts))
	for i := range use {
		use[i] = true
	}
	var d [3]float64
	var cov [3][3]float64
	sigma := 0.0
	for pass := 0; pass < 3; pass++ {
		var a [3][3]float64
		var b [3]float64
		cnt := 0
		for i, p := range pts {
			if !use[i] {
				continue
			}
			j := p.jac(c)
			for x := range 3 {
				for y := range 3 {
					a[x][y] += j[x] * j[y]
				}
				b[x] += j[x] * p.r
			}
			cnt++
		}
		inv, ok := invert3x3(a)
		if !ok || cnt < 4 {
			return [3]float64{}, cov, 1
		}
		for x := range 3 {
			d[x] = inv[x][0]*b[0] + inv[x][1]*b[1] + inv[x][2]*b[2]
		}
		res := make([]float64, 0, len(pts))
		ss := 0.0
		for i, p := range pts {
			j := p.jac(c)
			e := p.r - (j[0]*d[0] + j[1]*d[1] + j[2]*d[2])
			if use[i] {
				ss += e * e
				res = append(res, math.Abs(e))
			}
		}
		sigma = math.Sqrt(ss / math.Max(1, float64(cnt-3)))
		cov = inv
		sort.Float64s(res)
		robust := 1.4826 * res[len(res)/2]
		for i, p := range pts {
			j := p.jac(c)
			e := p.r - (j[0]*d[0] + j[1]*d[1] + j[2]*d[2])
			use[i] = math.Abs(e) <= math.Max(3*robust, 0.05)
		}
	}
	return d, cov, sigma
}

func (p edgePoint) jac(c physics.Vec) [3]float64 {
	rel := p.q.Sub(c)
	return [3]float64{p.n.X, p.n.Y, p.n.Dot(physics.V(-rel.Y, rel.X))}
}

func invert3x3(a [3][3]float64) ([3][3]float64, bool) {
	inv, ok := invert3(fromRows([9]float64{a[0][0], a[0][1], a[0][2], a[1][0], a[1][1], a[1][2], a[2][0], a[2][1], a[2][2]}))
	if !ok {
		return [3][3]float64{}, false
	}
	r := rows(inv)
	return [3][3]float64{{r[0], r[1], r[2]}, {r[3], r[4], r[5]}, {r[6], r[7], r[8]}}, true
}

// SheetMark refines a click near one of the sheet's X-shaped marks to the
// mark's centre, to a fraction of a pixel (the saddle point of its
// gradients, as the detector finds it); false when the refinement finds
// no mark within MaxSnapMovePx (the click stays). The refined mark is as
// precise as a detected one (DefaultMarkPx).
func (s *Snapper) SheetMark(click physics.Vec) (physics.Vec, bool) {
	p := refine(s.g, click, 10)
	if p == click || p.Dist(click) > MaxSnapMovePx {
		return click, false
	}
	return p, true
}
