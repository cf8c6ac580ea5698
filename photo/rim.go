package photo

import (
	"math"
	"sort"

	"github.com/starshipbattles/bsg/physics"
)

// rimSamples is how many edge points are looked for around a planetoid's
// rim.
const rimSamples = 72

// Rim is a planetoid's rim fitted to the photo's edges.
type Rim struct {
	Circle  physics.Circle // on the table, mm
	Points  []physics.Vec  // the three rim points, moved onto the fitted rim (pixels)
	SigmaPx float64        // their precision (one standard deviation)
	Edges   int
	MovedPx float64 // the farthest a point moved
}

// Planetoid fits a round planetoid's rim to the photo's edges near the
// circle through its three clicked rim points (Circumcircle, through the
// model): edge points are found to a fraction of a pixel along the radius
// at rimSamples places (the strongest step within SnapSearchPx), and the
// centre and radius are moved to fit them by robust least squares. The
// clicks come back moved onto the fitted rim along their radii, with the
// fit's precision; an *Unusable error (the clicks stay) when too few edge
// points are found or a click would move more than MaxSnapMovePx.
func (s *Snapper) Planetoid(m Model, o Object) (*Rim, error) {
	if o.Kind != PlanetoidKind || len(o.Points) != 3 {
		return nil, unusable("%s: only a planetoid's three rim points snap", o.ID)
	}
	var q [3]physics.Vec
	for i, p := range o.Points {
		t, ok := m.ToTable(p)
		if !ok {
			return nil, unusable("%s: a rim point is beyond the table's horizon", o.ID)
		}
		q[i] = t
	}
	c, ok := Circumcircle(q[0], q[1], q[2])
	if !ok {
		return nil, unusable("%s: the three rim points lie on a line", o.ID)
	}
	search := SnapSearchPx
	var d [3]float64
	var cov [3][3]float64
	var sigma float64
	var n int
	for iter := 0; iter < 8; iter++ {
		pts := s.rimEdges(m, c, search)
		n = len(pts)
		if n < rimSamples/2 {
			return nil, unusable("%s: only %d edge points of the rim found near the clicks; the clicks stay", o.ID, n)
		}
		d, cov, sigma = fitCircle(pts, c.C)
		c.C = c.C.Add(physics.V(d[0], d[1]))
		c.R += d[2]
		search = math.Max(3, search/2)
		if math.Abs(d[0])+math.Abs(d[1])+math.Abs(d[2]) < 1e-3 && iter > 0 {
			break
		}
	}
	if c.R <= 0 {
		return nil, unusable("%s: the rim's fit collapsed; the clicks stay", o.ID)
	}
	out := &Rim{Circle: c, Edges: n}
	worst := 0.0
	for i, p := range q {
		dir := p.Sub(c.C).Unit()
		t := c.C.Add(dir.Mul(c.R))
		px, ok := m.ToPixel(t)
		if !ok {
			return nil, unusable("%s: the fitted rim is beyond the table's horizon", o.ID)
		}
		out.Points = append(out.Points, px)
		out.MovedPx = math.Max(out.MovedPx, px.Dist(o.Points[i]))
		// the rim point's spread: the centre's along the radius and the radius
		v := quad(cov, [3]float64{dir.X, dir.Y, 1})
		big, small := m.Scale(px)
		worst = math.Max(worst, math.Sqrt(v)*sigma/math.Sqrt(big*small))
	}
	if out.MovedPx > MaxSnapMovePx {
		return nil, unusable("%s: the rim's edges fit %.0f px from the clicks; the clicks stay", o.ID, out.MovedPx)
	}
	out.SigmaPx = math.Max(snapFloorPx, worst)
	return out, nil
}

// rimEdges looks for the rim's edge along the radius at rimSamples
// places within search pixels of the circle c.
func (s *Snapper) rimEdges(m Model, c physics.Circle, search float64) []edgePoint {
	var out []edgePoint
	for k := range rimSamples {
		n := physics.Direction(physics.Deg(360 * float64(k) / rimSamples))
		q := c.C.Add(n.Mul(c.R))
		pq, ok1 := m.ToPixel(q)
		po, ok2 := m.ToPixel(q.Add(n))
		if !ok1 || !ok2 {
			continue
		}
		np := po.Sub(pq)
		np = np.Mul(1 / np.Norm())
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
	return out
}

// fitCircle solves, by least squares with outliers dropped, for the move
// (dx, dy) of the centre c and the change dR of the radius that best puts
// each rim point on its edge: n·(dx, dy) + dR = r. It returns the move,
// its covariance per unit variance and the residuals' root mean square.
func fitCircle(pts []edgePoint, c physics.Vec) ([3]float64, [3][3]float64, float64) {
	use := make([]bool, len(pts))
	for i := range use {
		use[i] = true
	}
	var d [3]float64
	var cov [3][3]float64
	sigma := 0.0
	jac := func(p edgePoint) [3]float64 { return [3]float64{p.n.X, p.n.Y, 1} }
	for pass := 0; pass < 3; pass++ {
		var a [3][3]float64
		var b [3]float64
		cnt := 0
		for i, p := range pts {
			if !use[i] {
				continue
			}
			j := jac(p)
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
		var res []float64
		ss := 0.0
		for i, p := range pts {
			j := jac(p)
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
			j := jac(p)
			e := p.r - (j[0]*d[0] + j[1]*d[1] + j[2]*d[2])
			use[i] = math.Abs(e) <= math.Max(3*robust, 0.05)
		}
	}
	return d, cov, sigma
}
