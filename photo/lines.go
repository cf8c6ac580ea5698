package photo

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/starshipbattles/bsg/internal/linalg"
	"github.com/starshipbattles/bsg/physics"
)

// Straight-line lens limits (proposals).
const (
	// MinLineMM is the shortest straight edge (mm on the table) used to
	// measure the lens: the play area's edges and the sheet's are longer.
	MinLineMM = 150.0
	// MinLines is the fewest straight edges a lens is measured from.
	MinLines = 2
	// LineSearchMM is how far around the calibration without the lens
	// (mm on the table) straight edges are looked for: the sheet and a
	// play area as large as the largest table beside it.
	LineSearchMM = 2000.0
	lineCellMM   = 2.0  // cells of the table-plane image lines are found on
	lineBinMM    = 6.0  // distance bins of the line search
	lineMinGrad  = 0.08 // the weakest step (out of 1, per cell) that votes
	maxLines     = 12
	linePoints   = 40 // points looked for along each line on the photo
)

// Lens is the lens's radial distortion measured from straight edges on
// the photo (plumb-line calibration): K1, K2 as in Model, with their
// covariance, and the edges and points it was measured from.
type Lens struct {
	K1, K2 float64
	Cov    [2][2]float64
	Lines  []StraightEdge
	Scale  float64 // the residuals' root mean square over the edge points' precision (at least 1)
}

// StraightEdge is a straight edge found on the photo: its points
// (pixels), each found to EdgeMarkPx.
type StraightEdge struct {
	Points []physics.Vec
}

// StraightEdges finds the long straight brightness steps of the table
// plane near the calibration (the play area's edges, the sheet's, a
// table's), with no table size or sheet place needed: the photo is
// sampled on the plane through m (lineCellMM cells, within LineSearchMM
// of the table's origin), the strong steps vote for lines
// (Hough transform), and each line with at least MinLineMM of steps is
// followed on the photo itself, its edge found to a fraction of a pixel
// at linePoints places (the lens bends it a little from where m puts
// it). Points off a smooth curve (a base, a hand) are dropped.
func (s *Snapper) StraightEdges(m Model) []StraightEdge {
	es := s.newEdgeSearch(m)
	for !es.step() {
	}
	return es.out
}

// segments returns the runs of the sorted positions with no gap wider
// than gap.
func segments(xs []float64, gap float64) [][2]float64 {
	if len(xs) == 0 {
		return nil
	}
	sort.Float64s(xs)
	var out [][2]float64
	start := xs[0]
	for i := 1; i <= len(xs); i++ {
		if i == len(xs) || xs[i]-xs[i-1] > gap {
			out = append(out, [2]float64{start, xs[i-1]})
			if i < len(xs) {
				start = xs[i]
			}
		}
	}
	return out
}

// followLine finds the edge of the table line n·p = rho between a and b
// (positions along it) on the photo: at linePoints places, the strongest
// lasting step along the line's normal within EdgeSearchPx, refined;
// then drops the points off a smooth curve through the others.
func (s *Snapper) followLine(m Model, n physics.Vec, rho, a, b float64) (StraightEdge, bool) {
	u := n.Perp()
	var pts []physics.Vec
	for i := range linePoints {
		t := a + (b-a)*(0.02+0.96*float64(i)/float64(linePoints-1))
		q := n.Mul(rho).Add(u.Mul(t))
		pq, ok1 := m.ToPixel(q)
		po, ok2 := m.ToPixel(q.Add(n))
		if !ok1 || !ok2 {
			continue
		}
		np := po.Sub(pq)
		np = np.Mul(1 / np.Norm())
		off, ok := s.g.stepAlong(pq, np, 24)
		if !ok {
			continue
		}
		px := pq.Add(np.Mul(off))
		if px.X < 1 || px.Y < 1 || px.X >= float64(s.g.w-2) || px.Y >= float64(s.g.h-2) {
			continue
		}
		pts = append(pts, px)
	}
	pts = smoothRun(pts)
	if len(pts) < linePoints/2 {
		return StraightEdge{}, false
	}
	return StraightEdge{Points: pts}, true
}

// smoothRun keeps the points within 1.5 px of a parabola fitted (twice,
// robustly) across the line they follow: a straight edge bent only by the
// lens.
func smoothRun(pts []physics.Vec) []physics.Vec {
	for pass := 0; pass < 3 && len(pts) >= 6; pass++ {
		a, b := pts[0], pts[len(pts)-1]
		u := b.Sub(a).Unit()
		nrm := u.Perp()
		L := b.Dist(a)
		var sx [5]float64
		var sy [3]float64
		for _, p := range pts {
			t := p.Sub(a).Dot(u) / L
			y := p.Sub(a).Dot(nrm)
			tk := 1.0
			for k := range 5 {
				sx[k] += tk
				if k < 3 {
					sy[k] += tk * y
				}
				tk *= t
			}
		}
		inv, ok := invert3x3([3][3]float64{{sx[0], sx[1], sx[2]}, {sx[1], sx[2], sx[3]}, {sx[2], sx[3], sx[4]}})
		if !ok {
			return nil
		}
		var c [3]float64
		for i := range 3 {
			c[i] = inv[i][0]*sy[0] + inv[i][1]*sy[1] + inv[i][2]*sy[2]
		}
		res := make([]float64, len(pts))
		for i, p := range pts {
			t := p.Sub(a).Dot(u) / L
			res[i] = math.Abs(p.Sub(a).Dot(nrm) - (c[0] + c[1]*t + c[2]*t*t))
		}
		sorted := append([]float64(nil), res...)
		sort.Float64s(sorted)
		lim := math.Max(1.5, 4*1.4826*sorted[len(sorted)/2])
		if pass == 2 {
			lim = 1.5
		}
		var keep []physics.Vec
		for i, p := range pts {
			if res[i] <= lim {
				keep = append(keep, p)
			}
		}
		pts = keep
	}
	return pts
}

// dedupeLines drops an edge whose points lie on another, longer edge's
// (one step found from two Hough peaks).
func dedupeLines(es []StraightEdge) []StraightEdge {
	sort.SliceStable(es, func(i, j int) bool { return len(es[i].Points) > len(es[j].Points) })
	var out []StraightEdge
	for _, e := range es {
		dup := false
		for _, o := range out {
			near := 0
			for _, p := range e.Points {
				for _, q := range o.Points {
					if p.Dist(q) < 3 {
						near++
						break
					}
				}
			}
			if near > len(e.Points)/3 {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, e)
		}
	}
	return out
}

// newPlaneAround is the table plane within LineSearchMM of the origin
// of m's table (the part the photo shows), lineCellMM a cell, before any
// of its rows is sampled (sampleAround), with the shrink of the photo
// its cells are sampled from; nil when the photo shows no table there.
func (s *Snapper) newPlaneAround(m Model) (*plane, int) {
	// the table the photo shows: its corners' and edges' middles
	w, h := float64(s.g.w), float64(s.g.h)
	lo, hi := physics.V(math.Inf(1), math.Inf(1)), physics.V(math.Inf(-1), math.Inf(-1))
	for _, px := range []physics.Vec{{X: 0, Y: 0}, {X: w / 2, Y: 0}, {X: w, Y: 0}, {X: w, Y: h / 2}, {X: w, Y: h}, {X: w / 2, Y: h}, {X: 0, Y: h}, {X: 0, Y: h / 2}} {
		q, ok := m.ToTable(px)
		if !ok || m.W(px) <= 0 {
			continue
		}
		lo = physics.V(math.Min(lo.X, q.X), math.Min(lo.Y, q.Y))
		hi = physics.V(math.Max(hi.X, q.X), math.Max(hi.Y, q.Y))
	}
	c, _ := m.ToTable(physics.V(w/2, h/2))
	lo = physics.V(math.Max(lo.X, c.X-LineSearchMM), math.Max(lo.Y, c.Y-LineSearchMM))
	hi = physics.V(math.Min(hi.X, c.X+LineSearchMM), math.Min(hi.Y, c.Y+LineSearchMM))
	if !(hi.X > lo.X && hi.Y > lo.Y) {
		return nil, 0
	}
	big, small := m.Scale(physics.V(w/2, h/2))
	f := max(1, int(lineCellMM/math.Sqrt(big*small)))
	p := &plane{w: int((hi.X-lo.X)/lineCellMM) + 1, h: int((hi.Y-lo.Y)/lineCellMM) + 1, origin: lo, cell: lineCellMM}
	p.v = make([]float32, p.w*p.h)
	return p, f
}

// sampleAround samples the rows y0 up to y1 of a plane of newPlaneAround
// from g, the photo shrunk f times.
func (p *plane) sampleAround(m Model, g *gray, f, y0, y1 int) {
	for y := y0; y < min(y1, p.h); y++ {
		for x := range p.w {
			px, ok := m.ToPixel(p.origin.Add(physics.V(float64(x), float64(y)).Mul(lineCellMM)))
			gx, gy := (px.X+0.5)/float64(f)-0.5, (px.Y+0.5)/float64(f)-0.5
			if !ok || gx < 0 || gy < 0 || gx > float64(g.w-1) || gy > float64(g.h-1) {
				p.v[y*p.w+x] = float32(math.NaN())
				continue
			}
			p.v[y*p.w+x] = float32(g.sample(gx, gy))
		}
	}
}

// sampleGrad is the gradient's size at (x, y) (cells), bilinearly from
// the four cells about it.
func (p *plane) sampleGrad(x, y float64) float64 {
	ix, iy := int(math.Round(x)), int(math.Round(y))
	gx := float64(p.at(ix+1, iy)-p.at(ix-1, iy)) / 2
	gy := float64(p.at(ix, iy+1)-p.at(ix, iy-1)) / 2
	return math.Hypot(gx, gy) * 1.0
}

// MeasureLens fits the lens's radial terms to straight edges on the
// photo (plumb-line calibration): undistorted by the model's correction,
// every edge's points must lie on one straight line, whatever its place
// (each line's angle and distance are fitted too). The covariance comes
// from the fit, each point weighed at EdgeMarkPx, scaled up by the
// residuals when they are larger than that.
func MeasureLens(edges []StraightEdge, w, h int) (*Lens, error) {
	var use []StraightEdge
	for _, e := range edges {
		if len(e.Points) >= 6 {
			use = append(use, e)
		}
	}
	if len(use) < MinLines {
		return nil, unusable("%d straight edges found on the photo; at least %d long ones measure the lens", len(use), MinLines)
	}
	m := NewModel(w, h, mgl64.Ident3())
	// parameters: K1, K2, then each line's angle and distance (pixels)
	p0 := []float64{0, 0}
	npts := 0
	for _, e := range use {
		a, b := e.Points[0], e.Points[len(e.Points)-1]
		n := b.Sub(a).Unit().Perp()
		p0 = append(p0, math.Atan2(n.Y, n.X), n.Dot(a))
		npts += len(e.Points)
	}
	f := func(p, r []float64) {
		mm := m
		mm.K1, mm.K2 = p[0], p[1]
		k := 0
		for i, e := range use {
			n := physics.V(math.Cos(p[2+2*i]), math.Sin(p[2+2*i]))
			for _, q := range e.Points {
				r[k] = (n.Dot(mm.Undistort(q)) - p[3+2*i]) / EdgeMarkPx
				k++
			}
		}
	}
	p, err := levenbergMarquardt(f, p0, npts, 200)
	if err != nil {
		return nil, err
	}
	// the covariance of K1, K2: the inverse of JᵀJ over all parameters
	r0 := make([]float64, npts)
	f(p, r0)
	np := len(p)
	jac := make([][]float64, np)
	for j := range np {
		q := append([]float64(nil), p...)
		step := 1e-6 * math.Max(1, math.Abs(q[j]))
		q[j] += step
		r := make([]float64, npts)
		f(q, r)
		jac[j] = make([]float64, npts)
		for i := range r {
			jac[j][i] = (r[i] - r0[i]) / step
		}
	}
	jtj := make([]float64, np*np)
	for a := range np {
		for b := range np {
			s := 0.0
			for i := range npts {
				s += jac[a][i] * jac[b][i]
			}
			jtj[a*np+b] = s
		}
	}
	inv, ok := linalg.Invert(jtj, np)
	if !ok {
		return nil, errors.New("photo: the straight edges do not measure the lens")
	}
	chi2 := sumSq(r0)
	scale := 1.0
	if dof := npts - np; dof > 0 {
		scale = math.Max(1, math.Sqrt(chi2/float64(dof)))
	}
	l := &Lens{K1: p[0], K2: p[1], Lines: use, Scale: scale}
	for a := range 2 {
		for b := range 2 {
			l.Cov[a][b] = inv[a*np+b] * scale * scale
		}
	}
	if math.Sqrt(l.Cov[0][0]) > LensPriorK1 {
		return nil, unusable("the straight edges found measure the lens no better than the prior (K1 ± %.3f)", math.Sqrt(l.Cov[0][0]))
	}
	return l, nil
}

// String describes the measured lens.
func (l *Lens) String() string {
	n := 0
	for _, e := range l.Lines {
		n += len(e.Points)
	}
	return fmt.Sprintf("lens from %d straight edges (%d points): K1 %.4f ± %.4f, K2 %.4f ± %.4f", len(l.Lines), n,
		l.K1, 1.96*math.Sqrt(l.Cov[0][0]), l.K2, 1.96*math.Sqrt(l.Cov[1][1]))
}

// draw returns radial terms drawn from the measurement (a Gaussian of its
// covariance).
func (l *Lens) draw(rng *rand.Rand) (float64, float64) {
	a := math.Sqrt(math.Max(0, l.Cov[0][0]))
	b, c := 0.0, 0.0
	if a > 0 {
		b = l.Cov[1][0] / a
	}
	c = math.Sqrt(math.Max(0, l.Cov[1][1]-b*b))
	z1, z2 := rng.NormFloat64(), rng.NormFloat64()
	return l.K1 + a*z1, l.K2 + b*z1 + c*z2
}

// Play-area sides among the straight edges (proposals).
const (
	// MinPlayAreaSideMM is the shortest straight edge (mm on the table)
	// taken for a side of the play area: longer than any sheet's.
	MinPlayAreaSideMM = 400.0
	// MaxSideTurnDeg is how far from parallel or square to the longest
	// side another side may lie, through a calibration without the lens.
	MaxSideTurnDeg = 4.0
)

// PlayAreaSides picks the play area's sides among the straight edges:
// those at least MinPlayAreaSideMM long on the table through m, parallel
// or square to the longest within MaxSideTurnDeg (of each direction the
// two farthest apart), as Side marks (Mark.Side) of a rectangle whose
// size and place the fit finds: their straightness, being parallel and
// being square fix the lens and the perspective with no size given.
// Nil when fewer than three sides are found.
func PlayAreaSides(edges []StraightEdge, m Model) []Mark {
	type side struct {
		e      StraightEdge
		dir    physics.Vec // along it, on the table
		mid    physics.Vec
		length float64
	}
	var ss []side
	for _, e := range edges {
		a, ok1 := m.ToTable(e.Points[0])
		b, ok2 := m.ToTable(e.Points[len(e.Points)-1])
		if !ok1 || !ok2 || a.Dist(b) < MinPlayAreaSideMM {
			continue
		}
		ss = append(ss, side{e: e, dir: b.Sub(a).Unit(), mid: a.Lerp(b, 0.5), length: a.Dist(b)})
	}
	if len(ss) < 3 {
		return nil
	}
	sort.Slice(ss, func(i, j int) bool { return ss[i].length > ss[j].length })
	ref := ss[0].dir
	lim := math.Sin(MaxSideTurnDeg * math.Pi / 180)
	var along, across []side // parallel to the longest, square to it
	for _, s := range ss {
		switch {
		case math.Abs(s.dir.Cross(ref)) < lim:
			along = append(along, s)
		case math.Abs(s.dir.Dot(ref)) < lim:
			across = append(across, s)
		}
	}
	// of each direction the two farthest apart across it
	pick := func(group []side, n physics.Vec) []side {
		if len(group) <= 1 {
			return group
		}
		sort.Slice(group, func(i, j int) bool { return group[i].mid.Dot(n) < group[j].mid.Dot(n) })
		return []side{group[0], group[len(group)-1]}
	}
	along, across = pick(along, ref.Perp()), pick(across, ref)
	if len(along)+len(across) < 3 {
		return nil
	}
	var out []Mark
	add := func(s side, sd int) {
		for i, p := range s.e.Points {
			q, _ := m.ToTable(p)
			out = append(out, Mark{Name: fmt.Sprintf("play area side %d point %d", sd, i+1), Pixel: p, Table: q,
				Normal: s.dir.Perp(), SigmaPx: EdgeMarkPx, Side: sd})
		}
	}
	for i, s := range along {
		add(s, 1+2*i) // bottom, top
	}
	for i, s := range across {
		add(s, 2+2*i) // right, left
	}
	return out
}
