package kit

import (
	"image"
	"image/color"
	"math"
	"slices"
)

// Vertex is a tessellated vertex: a screen position and a colour with
// straight alpha (0..1). A vertex of a stroke also has D, its signed
// distance from the stroke's middle line, and E, the distance where the
// stroke's feathered edge has faded to nothing: the stroke's alpha at a
// point is A · clamp((E − |D|) / Feather, 0, 1), D interpolated linearly
// between the vertices. E is 0 on other shapes (alpha A).
type Vertex struct {
	X, Y       float32
	R, G, B, A float32
	D, E       float32
}

// Feather is the width in pixels over which a shape's edge fades out.
const Feather = feather

// Mesh is triangles ready for the GPU. Shapes are tessellated on the CPU
// with a one-pixel feathered edge (alpha fading to 0), which anti-aliases
// them without a stencil pass: the software renderer under Xvfb paints a
// frame of hundreds of shapes in a few milliseconds.
type Mesh struct {
	V []Vertex
	I []uint32
	// Fans triangulates every convex polygon as a fan from its first
	// vertex, as before shortest (for the tests that compare the two).
	Fans bool
	// Bands paints a stroke's feathered edges as bands of triangles
	// whose alpha the vertices give (three bands across, six triangles
	// a segment), for a renderer that cannot paint by distance (see
	// Vertex): else a stroke is one band, two triangles a segment.
	Bands bool
}

// Reset empties the mesh, keeping its storage.
func (m *Mesh) Reset() { m.V, m.I = m.V[:0], m.I[:0] }

func (m *Mesh) vert(p Pt, c color.NRGBA, a float64) uint32 {
	m.V = append(m.V, Vertex{X: float32(p.X), Y: float32(p.Y), R: float32(c.R) / 255, G: float32(c.G) / 255, B: float32(c.B) / 255, A: float32(float64(c.A) / 255 * a)})
	return uint32(len(m.V) - 1)
}

const feather = 0.9 // pixels

// AddOp tessellates a path operation.
func (m *Mesh) AddOp(op *Op) {
	pts := dedupe(op.Pts, op.Closed)
	if op.Closed && op.Fill.A > 0 && len(pts) >= 3 {
		m.fill(pts, op.Fill, op.Stroke.A == 0 || op.Width < 1)
	}
	if op.Stroke.A > 0 && op.Width > 0 && len(pts) >= 2 {
		m.stroke(pts, op.Closed, op.Width, op.Stroke)
	}
}

func dedupe(pts []Pt, closed bool) []Pt {
	return dedupeInto(make([]Pt, 0, len(pts)), pts, closed)
}

// dedupeInto appends to out the points but NaNs and those next to an
// equal one.
func dedupeInto(out, pts []Pt, closed bool) []Pt {
	for _, p := range pts {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) {
			continue
		}
		if len(out) > 0 && math.Abs(out[len(out)-1].X-p.X) < 1e-3 && math.Abs(out[len(out)-1].Y-p.Y) < 1e-3 {
			continue
		}
		out = append(out, p)
	}
	if closed && len(out) > 2 && math.Abs(out[0].X-out[len(out)-1].X) < 1e-3 && math.Abs(out[0].Y-out[len(out)-1].Y) < 1e-3 {
		out = out[:len(out)-1]
	}
	return out
}

func area2(pts []Pt) float64 {
	a := 0.0
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a
}

// fill triangulates a simple polygon (ear clipping; a fan when convex)
// and adds a feathered rim.
func (m *Mesh) fill(pts []Pt, c color.NRGBA, rim bool) {
	base := uint32(len(m.V))
	for _, p := range pts {
		m.vert(p, c, 1)
	}
	n := len(pts)
	ccw := area2(pts) > 0
	if convex(pts, ccw) {
		if n > 4 && n <= maxShortest && !m.Fans && firmlyConvex(pts, ccw) {
			m.shortest(pts, base)
		} else {
			for i := 1; i+1 < n; i++ {
				m.I = append(m.I, base, base+uint32(i), base+uint32(i+1))
			}
		}
	} else {
		m.earClip(pts, base, ccw)
	}
	if !rim {
		return
	}
	m.rim(pts, base, c, ccw)
}

// rim adds a polygon's feathered edge: an outer ring of alpha 0, one
// pixel out, joined to the polygon's own vertices (in the mesh from
// base on).
func (m *Mesh) rim(pts []Pt, base uint32, c color.NRGBA, ccw bool) {
	n := len(pts)
	outer := offsetRing(pts, ccw, feather)
	ob := uint32(len(m.V))
	for _, p := range outer {
		m.vert(p, c, 0)
	}
	for i := 0; i < n; i++ {
		j := (i + 1) % n
		m.I = append(m.I, base+uint32(i), base+uint32(j), ob+uint32(j), base+uint32(i), ob+uint32(j), ob+uint32(i))
	}
}

// maxShortest is the most vertices a convex polygon is triangulated
// along its shortest diagonals (the search grows with their cube).
const maxShortest = 48

// firmlyConvex reports whether a polygon turns the same way at every
// vertex by a margin that the renderer's rounding of the vertices to its
// sub-pixel grid (under a hundredth of a pixel) cannot undo, so that any
// two triangulations of it cover the same pixels.
func firmlyConvex(pts []Pt, ccw bool) bool {
	n := len(pts)
	for i := 0; i < n; i++ {
		a, b, c := pts[i], pts[(i+1)%n], pts[(i+2)%n]
		cr := (b.X-a.X)*(c.Y-b.Y) - (b.Y-a.Y)*(c.X-b.X)
		if !ccw {
			cr = -cr
		}
		if cr < 0.02*(math.Abs(b.X-a.X)+math.Abs(b.Y-a.Y)+math.Abs(c.X-b.X)+math.Abs(c.Y-b.Y))+0.01 {
			return false
		}
	}
	return true
}

// shortest triangulates a convex polygon (its vertices from base on in
// the mesh) with the diagonals of least total length. A fan's long
// thin triangles cost the software renderer more than their area (it
// shades 4 × 4 blocks of pixels, each block an edge crosses once per
// triangle on either side); any triangulation of a convex polygon in one
// colour paints the same pixels.
func (m *Mesh) shortest(pts []Pt, base uint32) {
	n := len(pts)
	cost := make([]float64, n*n)
	split := make([]int32, n*n)
	dist := make([]float64, n*n)
	for i := range n {
		for j := i + 2; j < n; j++ {
			dx, dy := pts[i].X-pts[j].X, pts[i].Y-pts[j].Y
			dist[i*n+j] = math.Sqrt(dx*dx + dy*dy)
		}
	}
	d := func(i, j int) float64 { return dist[i*n+j] }
	for gap := 2; gap < n; gap++ {
		for i := 0; i+gap < n; i++ {
			j := i + gap
			best, at := math.Inf(1), i+1
			for k := i + 1; k < j; k++ {
				c := cost[i*n+k] + cost[k*n+j]
				if k > i+1 {
					c += d(i, k)
				}
				if j > k+1 {
					c += d(k, j)
				}
				if c < best {
					best, at = c, k
				}
			}
			cost[i*n+j], split[i*n+j] = best, int32(at)
		}
	}
	var add func(i, j int)
	add = func(i, j int) {
		if j-i < 2 {
			return
		}
		k := int(split[i*n+j])
		m.I = append(m.I, base+uint32(i), base+uint32(k), base+uint32(j))
		add(i, k)
		add(k, j)
	}
	add(0, n-1)
}

func convex(pts []Pt, ccw bool) bool {
	n := len(pts)
	for i := 0; i < n; i++ {
		a, b, c := pts[i], pts[(i+1)%n], pts[(i+2)%n]
		cr := (b.X-a.X)*(c.Y-b.Y) - (b.Y-a.Y)*(c.X-b.X)
		if ccw && cr < -1e-9 || !ccw && cr > 1e-9 {
			return false
		}
	}
	return true
}

func (m *Mesh) earClip(pts []Pt, base uint32, ccw bool) {
	idx := make([]int, len(pts))
	for i := range idx {
		idx[i] = i
	}
	cross := func(a, b, c Pt) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }
	sign := 1.0
	if !ccw {
		sign = -1
	}
	inside := func(p, a, b, c Pt) bool {
		return sign*cross(a, b, p) > 0 && sign*cross(b, c, p) > 0 && sign*cross(c, a, p) > 0
	}
	guard := 0
	for len(idx) > 3 && guard < 10000 {
		guard++
		found := false
		for k := range idx {
			i0, i1, i2 := idx[(k+len(idx)-1)%len(idx)], idx[k], idx[(k+1)%len(idx)]
			a, b, c := pts[i0], pts[i1], pts[i2]
			if sign*cross(a, b, c) <= 1e-12 {
				continue
			}
			ear := true
			for _, j := range idx {
				if j != i0 && j != i1 && j != i2 && inside(pts[j], a, b, c) {
					ear = false
					break
				}
			}
			if !ear {
				continue
			}
			m.I = append(m.I, base+uint32(i0), base+uint32(i1), base+uint32(i2))
			idx = append(idx[:k], idx[k+1:]...)
			found = true
			break
		}
		if !found { // degenerate: fan the rest
			for k := 1; k+1 < len(idx); k++ {
				m.I = append(m.I, base+uint32(idx[0]), base+uint32(idx[k]), base+uint32(idx[k+1]))
			}
			return
		}
	}
	if len(idx) == 3 {
		m.I = append(m.I, base+uint32(idx[0]), base+uint32(idx[1]), base+uint32(idx[2]))
	}
}

// offsetRing moves each vertex of a closed ring outward by d along its
// mitred normal.
func offsetRing(pts []Pt, ccw bool, d float64) []Pt {
	n := len(pts)
	out := make([]Pt, n)
	s := 1.0
	if ccw {
		s = -1
	}
	for i := range pts {
		prev, cur, next := pts[(i+n-1)%n], pts[i], pts[(i+1)%n]
		out[i] = miter(prev, cur, next, d*s)
	}
	return out
}

// normal returns the unit normal of a→b (rotated +90° in screen terms).
func normal(a, b Pt) (float64, float64) {
	dx, dy := b.X-a.X, b.Y-a.Y
	l := math.Hypot(dx, dy)
	if l == 0 {
		return 0, 0
	}
	return -dy / l, dx / l
}

// miter returns cur moved by d along the mitred normal of the corner.
func miter(prev, cur, next Pt, d float64) Pt {
	n1x, n1y := normal(prev, cur)
	n2x, n2y := normal(cur, next)
	mx, my := n1x+n2x, n1y+n2y
	l := math.Hypot(mx, my)
	if l < 1e-9 {
		return Pt{cur.X + n1x*d, cur.Y + n1y*d}
	}
	mx, my = mx/l, my/l
	cos := mx*n1x + my*n1y
	scale := 1 / math.Max(cos, 0.25) // limit long miters
	return Pt{cur.X + mx*d*scale, cur.Y + my*d*scale}
}

// stroke adds a polyline of width w with mitred joins and feathered edges.
func (m *Mesh) stroke(pts []Pt, closed bool, w float64, c color.NRGBA) {
	alpha := 1.0
	if w < 1 {
		alpha, w = w, 1
	}
	h := w / 2
	n := len(pts)
	if n < 2 {
		return
	}
	// per vertex: the mitred normal offset
	offs := make([]Pt, n)
	for i := 0; i < n; i++ {
		var prev, next Pt
		switch {
		case closed:
			prev, next = pts[(i+n-1)%n], pts[(i+1)%n]
		case i == 0:
			next = pts[1]
			prev = Pt{2*pts[0].X - next.X, 2*pts[0].Y - next.Y}
		case i == n-1:
			prev = pts[n-2]
			next = Pt{2*pts[n-1].X - prev.X, 2*pts[n-1].Y - prev.Y}
		default:
			prev, next = pts[i-1], pts[i+1]
		}
		p := miter(prev, pts[i], next, 1)
		offs[i] = Pt{p.X - pts[i].X, p.Y - pts[i].Y}
	}
	if !m.Bands {
		m.strokeByDistance(pts, offs, closed, w, c, alpha)
		return
	}
	// four rails: outer feather, inner solid, inner solid, outer feather
	rails := [4]float64{h + feather/2, h - feather/2, -(h - feather/2), -(h + feather/2)}
	alphas := [4]float64{0, alpha, alpha, 0}
	if h-feather/2 < 0 {
		rails[1], rails[2] = 0, 0
	}
	base := uint32(len(m.V))
	for i := 0; i < n; i++ {
		p := capEnd(pts, i, closed, w)
		for k := 0; k < 4; k++ {
			m.vert(Pt{p.X + offs[i].X*rails[k], p.Y + offs[i].Y*rails[k]}, c, alphas[k])
		}
	}
	segs := n - 1
	if closed {
		segs = n
	}
	for i := 0; i < segs; i++ {
		a := base + uint32(4*i)
		b := base + uint32(4*((i+1)%n))
		for k := uint32(0); k < 3; k++ {
			m.I = append(m.I, a+k, b+k, b+k+1, a+k, b+k+1, a+k+1)
		}
	}
}

// capEnd is the i-th point of a stroke's line, an open line's ends pushed
// out along it by a quarter of the width (square caps).
func capEnd(pts []Pt, i int, closed bool, w float64) Pt {
	n, p := len(pts), pts[i]
	if closed || (i != 0 && i != n-1) {
		return p
	}
	var dx, dy float64
	if i == 0 {
		dx, dy = pts[0].X-pts[1].X, pts[0].Y-pts[1].Y
	} else {
		dx, dy = pts[n-1].X-pts[n-2].X, pts[n-1].Y-pts[n-2].Y
	}
	if l := math.Hypot(dx, dy); l > 0 && w > 2 {
		h := w / 2
		p = Pt{p.X + dx/l*h*0.5, p.Y + dy/l*h*0.5}
	}
	return p
}

// strokeByDistance adds a stroke as one band of triangles between its
// outer rails, each vertex with its distance from the middle line (see
// Vertex). The rails lie on lines parallel to each segment at ±e, so D
// is each point's signed distance from the segment's line, and the
// alpha clamp((e − |D|) / Feather, 0, 1) is the profile of the three
// bands (0 at the outer rails, full from e − Feather inwards), for a
// third of the triangles, each thrice as wide: the software renderer
// shades each 4 × 4 block the stroke crosses once, not three times.
func (m *Mesh) strokeByDistance(pts, offs []Pt, closed bool, w float64, c color.NRGBA, alpha float64) {
	h := w / 2
	n := len(pts)
	e := h + feather/2
	base := uint32(len(m.V))
	for i := 0; i < n; i++ {
		p := capEnd(pts, i, closed, w)
		for _, r := range [2]float64{e, -e} {
			v := m.vert(Pt{p.X + offs[i].X*r, p.Y + offs[i].Y*r}, c, alpha)
			m.V[v].D, m.V[v].E = float32(r), float32(e)
		}
	}
	segs := n - 1
	if closed {
		segs = n
	}
	for i := 0; i < segs; i++ {
		a := base + uint32(2*i)
		b := base + uint32(2*((i+1)%n))
		m.I = append(m.I, a, b, b+1, a, b+1, a+1)
	}
}

// Cover returns the whole pixels a path operation paints in an opaque
// colour whatever lay under them, ok false if none: the pixels inside a
// closed axis-aligned rectangle whose fill's alpha is 255 (AddOp fills
// it with triangles whose colour is the same at every vertex, so that
// each pixel whose centre lies inside is the fill colour). What was
// painted on them before does not show.
func (op *Op) Cover() (image.Rectangle, bool) {
	x0, y0, x1, y1, ok := op.coverRect()
	if !ok {
		return image.Rectangle{}, false
	}
	const far = 1 << 24
	if x0 < -far || y0 < -far || x1 > far || y1 > far {
		return image.Rectangle{}, false
	}
	r := image.Rectangle{image.Pt(int(math.Ceil(x0)), int(math.Ceil(y0))), image.Pt(int(math.Floor(x1)), int(math.Floor(y1)))}
	if r.Empty() {
		return image.Rectangle{}, false
	}
	return r, true
}

// coverRect returns the corners of an operation that is a closed
// axis-aligned rectangle filled at alpha 255, as AddOp fills it.
func (op *Op) coverRect() (x0, y0, x1, y1 float64, ok bool) {
	if op.Kind != OpPath || !op.Closed || op.Fill.A != 255 || len(op.Pts) > 8 {
		return 0, 0, 0, 0, false
	}
	var buf [8]Pt
	pts := dedupeInto(buf[:0], op.Pts, true)
	if len(pts) != 4 {
		return 0, 0, 0, 0, false
	}
	p0, p1, p2, p3 := pts[0], pts[1], pts[2], pts[3]
	if !(p0.X == p1.X && p1.Y == p2.Y && p2.X == p3.X && p3.Y == p0.Y) &&
		!(p0.Y == p1.Y && p1.X == p2.X && p2.Y == p3.Y && p3.X == p0.X) {
		return 0, 0, 0, 0, false
	}
	x0, x1 = math.Min(p0.X, p2.X), math.Max(p0.X, p2.X)
	y0, y1 = math.Min(p0.Y, p2.Y), math.Max(p0.Y, p2.Y)
	if !(x1 > x0 && y1 > y0) || math.IsInf(x1-x0, 0) || math.IsInf(y1-y0, 0) {
		return 0, 0, 0, 0, false
	}
	return x0, y0, x1, y1, true
}

// AddOpHoles tessellates a path operation as AddOp does, except that
// the fill of a Cover is left out of the holes: rectangles of whole
// pixels (Min inclusive, Max exclusive, in screen coordinates) inside it.
// The rest of the fill is painted as rectangles whose edges are the
// cover's or on whole pixels, which no pixel centre lies on, so every
// pixel outside the holes is painted as AddOp paints it.
func (m *Mesh) AddOpHoles(op *Op, holes []image.Rectangle) {
	x0, y0, x1, y1, ok := op.coverRect()
	if !ok || len(holes) == 0 {
		m.AddOp(op)
		return
	}
	pts := dedupe(op.Pts, op.Closed)
	rim := op.Stroke.A == 0 || op.Width < 1
	c := op.Fill
	SubtractRects(x0, y0, x1, y1, holes, func(x0, y0, x1, y1 float64) {
		base := m.vert(Pt{x0, y0}, c, 1)
		m.vert(Pt{x1, y0}, c, 1)
		m.vert(Pt{x1, y1}, c, 1)
		m.vert(Pt{x0, y1}, c, 1)
		m.I = append(m.I, base, base+1, base+2, base, base+2, base+3)
	})
	if rim {
		base := uint32(len(m.V))
		for _, p := range pts {
			m.vert(p, c, 1)
		}
		m.rim(pts, base, c, area2(pts) > 0)
	}
	if op.Stroke.A > 0 && op.Width > 0 {
		m.stroke(pts, op.Closed, op.Width, op.Stroke)
	}
}

// SubtractRects calls f with rectangles (x0 < x1, y0 < y1) that together
// cover the rectangle x0..x1 × y0..y1 but for the holes (whole pixel
// rectangles), each point once: the cells between the rectangle's and the
// holes' edges, the free ones joined along rows and then down columns of
// the same span.
func SubtractRects(x0, y0, x1, y1 float64, holes []image.Rectangle, f func(x0, y0, x1, y1 float64)) {
	xs, ys := []float64{x0, x1}, []float64{y0, y1}
	var in []image.Rectangle
	for _, h := range holes {
		hx0, hy0, hx1, hy1 := math.Max(float64(h.Min.X), x0), math.Max(float64(h.Min.Y), y0), math.Min(float64(h.Max.X), x1), math.Min(float64(h.Max.Y), y1)
		if !(hx1 > hx0 && hy1 > hy0) {
			continue
		}
		in = append(in, h)
		xs = append(xs, hx0, hx1)
		ys = append(ys, hy0, hy1)
	}
	if len(in) == 0 {
		f(x0, y0, x1, y1)
		return
	}
	slices.Sort(xs)
	slices.Sort(ys)
	xs, ys = slices.Compact(xs), slices.Compact(ys)
	nx, ny := len(xs)-1, len(ys)-1
	covered := make([]bool, nx*ny)
	for _, h := range in {
		i0, _ := slices.BinarySearch(xs, math.Max(float64(h.Min.X), x0))
		i1, _ := slices.BinarySearch(xs, math.Min(float64(h.Max.X), x1))
		j0, _ := slices.BinarySearch(ys, math.Max(float64(h.Min.Y), y0))
		j1, _ := slices.BinarySearch(ys, math.Min(float64(h.Max.Y), y1))
		for j := j0; j < j1; j++ {
			for i := i0; i < i1; i++ {
				covered[j*nx+i] = true
			}
		}
	}
	// runs of free cells per row band; a run continues the one above
	// when it spans the same cells
	type run struct{ i0, i1, j0 int }
	var open, next []run
	emit := func(r run, j1 int) { f(xs[r.i0], ys[r.j0], xs[r.i1], ys[j1]) }
	for j := 0; j <= ny; j++ {
		next = next[:0]
		if j < ny {
			for i := 0; i < nx; {
				if covered[j*nx+i] {
					i++
					continue
				}
				s := i
				for i < nx && !covered[j*nx+i] {
					i++
				}
				next = append(next, run{s, i, j})
			}
		}
		// runs above that go on keep their start; the others end here
		k := 0
		for _, o := range open {
			for k < len(next) && next[k].i0 < o.i0 {
				k++
			}
			if k < len(next) && next[k].i0 == o.i0 && next[k].i1 == o.i1 {
				next[k].j0 = o.j0
				continue
			}
			emit(o, j)
		}
		open, next = next, open
	}
}
