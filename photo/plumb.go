package photo

import (
	"fmt"
	"math"

	"github.com/starshipbattles/bsg/physics"
)

// Plumb-line calibration limits (proposals).
const (
	// EdgeSearchPx is how far (pixels) from where a calibration without
	// the lens puts the play area's edge the edge is looked for: a phone
	// lens moves it by up to about this much.
	EdgeSearchPx = 160.0
	// EdgeMarkPx is the precision given to an edge point found on the
	// photo (one standard deviation, along the edge's normal): a mat's cut
	// edge is straight to about this at 12 megapixels.
	EdgeMarkPx = 0.6
	// MinEdgePoints is the fewest edge points, on at least three of the
	// four edges, that make a plumb-line calibration.
	MinEdgePoints = 24
	edgeSamples   = 24 // points looked for along each edge
	edgeWindow    = 10 // pixels averaged on each side of a coarse edge
	minEdgeStep   = 0.12
)

// TableEdges finds the play area's straight edges (a table of width ×
// depth mm) on the photo near where the model puts them: at edgeSamples
// points of each edge, the strongest lasting brightness step along the
// edge's normal within search pixels, refined to a fraction of a pixel.
// Each is a line mark (Mark.Normal): it fixes where the edge runs, and
// their bending measures the lens (plumb-line calibration).
func (s *Snapper) TableEdges(m Model, width, depth, search float64) []Mark {
	corners := []physics.Vec{physics.V(0, 0), physics.V(width, 0), physics.V(width, depth), physics.V(0, depth)}
	names := []string{"bottom", "right", "top", "left"}
	var out []Mark
	for k := range 4 {
		a, b := corners[k], corners[(k+1)%4]
		n := b.Sub(a).Perp().Unit().Mul(-1) // outward: the corners run counter-clockwise
		for i := range edgeSamples {
			t := 0.04 + 0.92*float64(i)/float64(edgeSamples-1)
			q := a.Lerp(b, t)
			pq, ok1 := m.ToPixel(q)
			po, ok2 := m.ToPixel(q.Add(n))
			if !ok1 || !ok2 {
				continue
			}
			np := po.Sub(pq)
			np = np.Mul(1 / np.Norm())
			off, ok := s.g.stepAlong(pq, np, search)
			if !ok {
				continue
			}
			px := pq.Add(np.Mul(off))
			if px.X < 0 || px.Y < 0 || px.X >= float64(s.g.w) || px.Y >= float64(s.g.h) {
				continue
			}
			out = append(out, Mark{Name: fmt.Sprintf("%s edge %d", names[k], i+1), Pixel: px, Table: q, Normal: n, SigmaPx: EdgeMarkPx})
		}
	}
	return out
}

// stepAlong finds the strongest lasting step in brightness along d from p
// within ±search pixels (means over edgeWindow pixels either side, so a
// star or a speck does not count), then refines it on the one-pixel
// differences near it.
func (g *gray) stepAlong(p, d physics.Vec, search float64) (float64, bool) {
	n := int(search) + edgeWindow + 1
	prof := make([]float64, 2*n+1)
	for i := range prof {
		v := p.Add(d.Mul(float64(i - n)))
		if v.X < 0 || v.Y < 0 || v.X > float64(g.w-1) || v.Y > float64(g.h-1) {
			prof[i] = math.NaN()
			continue
		}
		prof[i] = g.sample(v.X, v.Y)
	}
	cum := make([]float64, len(prof)+1)
	for i, v := range prof {
		cum[i+1] = cum[i] + v
	}
	best, bi := 0.0, -1
	for i := edgeWindow; i+edgeWindow < len(prof); i++ {
		lo := (cum[i] - cum[i-edgeWindow]) / edgeWindow
		hi := (cum[i+edgeWindow] - cum[i]) / edgeWindow
		if st := math.Abs(hi - lo); st > best && !math.IsNaN(st) {
			best, bi = st, i
		}
	}
	if bi < 0 || best < minEdgeStep {
		return 0, false
	}
	// refine: the edge at sub-pixel precision near the coarse step
	at := p.Add(d.Mul(float64(bi-n) - 0.5))
	off, ok := g.edgeAlong(at, d, 4)
	if !ok {
		return 0, false
	}
	return float64(bi-n) - 0.5 + off, true
}

// FitWithTableEdges fits the calibration from the marks, then adds the
// play area's edges found on the photo near where that fit puts them
// (TableEdges) as line marks and fits again, up to three times, each time
// dropping the edge points the fit does not explain: the lens is then
// measured from the edges' bending, however few the marks. It returns
// the plain fit, with the number of edge points used (0), when too few
// edges are found.
func (s *Snapper) FitWithTableEdges(marks []Mark, w, h int, width, depth float64) (*Calibration, int, error) {
	cal, err := Fit(marks, w, h)
	if err != nil {
		return nil, 0, err
	}
	return s.tableEdgesFrom(cal, marks, w, h, width, depth)
}

// tableEdgesFrom is FitWithTableEdges looking for the edges first where
// cal puts them.
func (s *Snapper) tableEdgesFrom(cal *Calibration, marks []Mark, w, h int, width, depth float64) (*Calibration, int, error) {
	te := s.newTableEdgeFit(cal, marks, w, h, width, depth)
	for !te.step() {
	}
	return te.best, te.used, nil
}

// tableEdgeFit is tableEdgesFrom a piece at a time: each of up to
// three rounds finds the play area's edges where the last fit puts them
// (a step), then fits them (a fit a step), dropping the edge points the
// fit does not explain until it takes them all (a refit moves the others
// a little).
type tableEdgeFit struct {
	s            *Snapper
	marks        []Mark
	w, h         int
	width, depth float64
	search       float64
	best         *Calibration
	used, round  int
	done         bool
	// the round under way: its edge points (nil: not found yet), the
	// fits tried, and whether the last one took them all
	edges []Mark
	found bool
	tries int
	final bool
}

func (s *Snapper) newTableEdgeFit(cal *Calibration, marks []Mark, w, h int, width, depth float64) *tableEdgeFit {
	return &tableEdgeFit{s: s, marks: marks, w: w, h: h, width: width, depth: depth, search: EdgeSearchPx, best: cal}
}

// step does the round's next piece and reports whether the fit is over.
func (te *tableEdgeFit) step() bool {
	if te.done {
		return true
	}
	marks, w, h := te.marks, te.w, te.h
	switch {
	case !te.found:
		te.edges = screenEdges(te.best.Model, te.s.TableEdges(te.best.Model, te.width, te.depth, te.search))
		te.found, te.tries, te.final = true, 0, false
	case te.final:
		all := append(append([]Mark(nil), marks...), te.edges...)
		var next *Calibration
		if c, err := Fit(all, w, h); err == nil {
			next = c
		}
		te.endRound(next)
	case te.tries >= 4 || len(te.edges) < MinEdgePoints || edgeSides(te.edges) < 3:
		te.endRound(nil)
	default:
		te.tries++
		all := append(append([]Mark(nil), marks...), te.edges...)
		c, err := fit(all, w, h, nil)
		if err != nil {
			te.endRound(nil)
			break
		}
		var kept []Mark
		for _, r := range c.Residuals[len(marks):] {
			if r.Sigmas <= MaxMarkSigmas {
				kept = append(kept, r.Mark)
			}
		}
		if len(kept) == len(te.edges) {
			te.final = true
			break
		}
		te.edges = kept
	}
	return te.done
}

// endRound ends a round with its calibration (nil: none took the edges:
// the last that did is kept, and the fit is over).
func (te *tableEdgeFit) endRound(next *Calibration) {
	te.round++
	te.found = false
	if next == nil {
		te.done = true
		return
	}
	te.best, te.used = next, len(te.edges)
	te.search = 12
	te.done = te.round >= 3
}

// screenEdges drops, on each edge, the points farther from the others'
// line in the photo than a few pixels (a ship's base or a hand near the
// edge): the photo's edge is straight but for the lens's gentle bending.
func screenEdges(m Model, edges []Mark) []Mark {
	var out []Mark
	for side := 0; side < 4; side++ {
		var pts []Mark
		for _, e := range edges {
			if sideOf(e) == side {
				pts = append(pts, e)
			}
		}
		if len(pts) < 4 {
			continue
		}
		// a parabola through the points, in pixels across the edge
		// against the position along it, fitted by least squares
		a, b := pts[0].Pixel, pts[len(pts)-1].Pixel
		u := b.Sub(a).Unit()
		nrm := u.Perp()
		var sx [5]float64
		var sy [3]float64
		for _, p := range pts {
			t := p.Pixel.Sub(a).Dot(u) / b.Dist(a)
			y := p.Pixel.Sub(a).Dot(nrm)
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
			continue
		}
		var c [3]float64
		for i := range 3 {
			c[i] = inv[i][0]*sy[0] + inv[i][1]*sy[1] + inv[i][2]*sy[2]
		}
		for _, p := range pts {
			t := p.Pixel.Sub(a).Dot(u) / b.Dist(a)
			y := p.Pixel.Sub(a).Dot(nrm)
			if math.Abs(y-(c[0]+c[1]*t+c[2]*t*t)) < 3 {
				out = append(out, p)
			}
		}
	}
	return out
}

// sideOf tells which edge of the play area a line mark lies on, by its
// normal: 0 bottom, 1 right, 2 top, 3 left.
func sideOf(m Mark) int {
	switch {
	case m.Normal.Y < -0.5:
		return 0
	case m.Normal.X > 0.5:
		return 1
	case m.Normal.Y > 0.5:
		return 2
	}
	return 3
}

func edgeSides(edges []Mark) int {
	var seen [4]bool
	n := 0
	for _, e := range edges {
		if s := sideOf(e); !seen[s] {
			seen[s], n = true, n+1
		}
	}
	return n
}
