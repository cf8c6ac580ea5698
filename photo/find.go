package photo

import (
	"math"
	"slices"
	"sort"

	"github.com/starshipbattles/bsg/physics"
)

// Base finding limits (proposals: the rulebook has nothing on photos).
const (
	// FindCellMM is the size (mm) of the cells of the table-plane image
	// the bases are looked for on.
	FindCellMM = 1.0
	// MinBaseContrast is the weakest brightness step (out of 1) across the
	// flats of a proposed base: every flat but one must show at least this.
	MinBaseContrast = 0.035
	// MaxBaseFitPx is the largest root-mean-square distance (pixels) of
	// the photo's edge points from a proposed base's fitted outline: a
	// base's edges fit to a pixel or two even blurred and noisy.
	MaxBaseFitPx = 3.0
	// MaxHexOverCircle is the largest ratio of that distance to the same
	// points' distance from their best circle: a hexagon's edge points fit
	// the hexagon far better than any circle (about 1 mm off one at
	// bases' size), a round planetoid's rim the other way round.
	MaxHexOverCircle = 0.7
	// MinBaseEdges is the least share of a proposed base's outline points
	// at which its edge is found.
	MinBaseEdges = 0.7
	// MinForeContrast is the least share by which the fore mark's flat
	// must stand out from the other five (against the next most distinct
	// flat) for the front to be proposed; below it the facing is left to
	// the player (Base.ForeKnown false).
	MinForeContrast = 1.5
	// MinForeOverRear is the least ratio by which, on a base whose front
	// and rear flats both carry a line (COMPONENTS.md: the raised lines),
	// the front's must stand out more than the rear's for the front to
	// be told (a mark of the player's on the front line): uneven light
	// changes two lines 45 mm apart by a few per cent, not by a fifth.
	MinForeOverRear = 1.2
	// foreNoise is how many times the other flats' largest departure
	// (the noise) the front line must stand out more than the rear one.
	foreNoise     = 3.0
	findAngleStep = 3.0 // degrees between the orientations tried
	findGridMM    = 2.0 // mm between the centres tried on the coarse pass
	findProbeMM   = 2.0 // mm either side of an outline point its step is read
)

// Base is a ship's base proposed by FindBases: the player confirms,
// moves or drops each one.
type Base struct {
	Pose        physics.Pose // stand and facing on the table (the fore mark's flat ahead)
	AcrossFlats float64
	// Classes are the classes on the table whose base has this size: the
	// photo cannot tell classes of one size apart, the player picks.
	Classes []string
	// ForeKnown is whether the fore mark told the front. When false and
	// AxisKnown, the front and rear flats' lines were seen alike: the
	// facing is Pose.Heading or half a turn from it (TurnShip turns a
	// mark); when both are false the facing is only known to within a
	// sixth of a turn (any flat may be the front).
	ForeKnown, AxisKnown bool
	// Contrast is the weakest flat's brightness step but one (out of 1);
	// Fore how far the fore mark's flat stands out of the others.
	Contrast, Fore float64
	// Fit is the root mean square distance (mm) of the photo's edge
	// points from the fitted outline.
	Fit float64
	// Snapped is the base's fit on the photo: the front corners as a
	// player would click them, with their precision.
	Snapped *Snapped
}

// ClassSize is a class that may stand on the table with the size of its
// base (across flats, mm).
type ClassSize struct {
	Class       string
	AcrossFlats float64
}

// FindBases looks for the ships' bases on the part of the table of width
// × depth mm the photo shows, through the calibration m, given the
// classes on the table: every regular hexagon of one of their sizes whose
// six flats (all but one) show a brightness step along their whole
// length, fitted to sub-pixel on the photo (as Ship snaps clicks), its
// front told by the fore mark (the flat whose inner stripe stands out
// from the others). The proposals come best first, none overlapping
// another.
//
// It works on an image of the table plane, FindCellMM a cell, sampled
// from the photo through m (so tilt and lens are undone): hexagons of the
// sizes asked for, every findAngleStep degrees, are scored at every
// findGridMM, and the best of each neighbourhood is fitted.
func (s *Snapper) FindBases(m Model, width, depth float64, classes []ClassSize) []Base {
	bs := s.NewBaseSearch(m, width, depth, classes)
	for !bs.Step() {
	}
	return bs.Bases()
}

// circleRMS is the root-mean-square distance (mm) of edge points from
// the circle that fits them best (algebraically, Kåsa's fit).
func circleRMS(pts []edgePoint) float64 {
	if len(pts) < 3 {
		return 0
	}
	// x² + y² + D x + E y + F = 0, by least squares about the points' mean
	var mean physics.Vec
	es := make([]physics.Vec, len(pts))
	for i, p := range pts {
		es[i] = p.q.Add(p.n.Mul(p.r))
		mean = mean.Add(es[i])
	}
	mean = mean.Mul(1 / float64(len(es)))
	var a [3][3]float64
	var b [3]float64
	for _, e := range es {
		d := e.Sub(mean)
		j := [3]float64{d.X, d.Y, 1}
		z := -(d.X*d.X + d.Y*d.Y)
		for x := range 3 {
			for y := range 3 {
				a[x][y] += j[x] * j[y]
			}
			b[x] += j[x] * z
		}
	}
	inv, ok := invert3x3(a)
	if !ok {
		return 0
	}
	var q [3]float64
	for x := range 3 {
		q[x] = inv[x][0]*b[0] + inv[x][1]*b[1] + inv[x][2]*b[2]
	}
	c := physics.V(-q[0]/2, -q[1]/2)
	r := math.Sqrt(math.Max(0, c.Norm2()-q[2]))
	ss := 0.0
	for _, e := range es {
		d := e.Sub(mean).Dist(c) - r
		ss += d * d
	}
	return math.Sqrt(ss / float64(len(es)))
}

// Pos is the base's stand.
func (b Base) Pos() physics.Vec { return b.Pose.Pos }

// foreFlat returns which flat (0 ahead, counting counter-clockwise) bears
// the fore mark, how many times more it stands out than the next most
// distinct flat, whether that tells the front and whether the line
// through front and rear is known. A flat stands out by how far its
// stripe just inside the edge departs from the median of the six.
//
// Two ways tell it: one flat standing out MinForeContrast times more
// than any other (a fore stripe); or two opposite flats standing out
// MinForeContrast times more than the other four (the raised lines of
// the front and rear flats, COMPONENTS.md), which gives the axis, and
// the front told only when one of the two lines stands out
// MinForeOverRear times more than the other, and by foreNoise times the
// other flats' departure. Lines alike leave the front to the player:
// never a guess called told.
func (s *Snapper) foreFlat(m Model, pose physics.Pose, acrossFlats float64) (k int, fore float64, told, axis bool) {
	var band [6]float64
	r := acrossFlats / 2
	for k := range 6 {
		n := 0
		for _, depth := range []float64{0.5, 0.9, 1.3} {
			for i := range 7 {
				y := (float64(i)/6 - 0.5) * 0.7 * acrossFlats / math.Sqrt(3)
				loc := physics.V(r-depth, y).Rotate(physics.Deg(60 * float64(k)))
				px, ok := m.ToPixel(pose.ToTable(loc))
				if !ok {
					continue
				}
				band[k] += s.g.sample(px.X, px.Y)
				n++
			}
		}
		if n > 0 {
			band[k] /= float64(n)
		}
	}
	sorted := band
	sort.Float64s(sorted[:])
	med := (sorted[2] + sorted[3]) / 2
	var dev [6]float64
	best := 0
	for k := range 6 {
		dev[k] = math.Abs(band[k] - med)
		if dev[k] > dev[best] {
			best = k
		}
	}
	// the largest departure of the flats but those given
	others := func(skip ...int) float64 {
		v := 0.0
		for k := range 6 {
			if !slices.Contains(skip, k) {
				v = math.Max(v, dev[k])
			}
		}
		return v
	}
	fore = dev[best] / math.Max(others(best), 0.01)
	if fore >= MinForeContrast {
		return best, fore, true, true
	}
	rear := (best + 3) % 6
	noise := others(best, rear)
	if math.Min(dev[best], dev[rear]) < MinForeContrast*math.Max(noise, 0.01) {
		return best, fore, false, false
	}
	told = dev[best] >= MinForeOverRear*dev[rear] && dev[best]-dev[rear] >= foreNoise*math.Max(noise, 0.01)
	return best, fore, told, true
}

// plane is the table seen from above: the photo's brightness sampled
// through the calibration on a grid of FindCellMM cells (NaN off the
// photo).
type plane struct {
	w, h    int
	v       []float32
	mmPerPx float64     // the mm a photo pixel covers near the table's middle
	origin  physics.Vec // the table point of cell (0, 0)
	cell    float64     // mm a cell
}

func (p *plane) at(x, y int) float32 {
	if x < 0 || y < 0 || x >= p.w || y >= p.h {
		return float32(math.NaN())
	}
	return p.v[y*p.w+x]
}

// newTablePlane is the table seen from above before any of its rows is
// sampled (sampleRows), with the photo first averaged over blocks about a
// cell wide (so no cell aliases the stars' or the print's detail): the
// shrunk photo its rows are sampled from, and the shrink.
func (s *Snapper) newTablePlane(m Model, width, depth float64) (*plane, *gray, int) {
	mid, _ := m.ToPixel(physics.V(width/2, depth/2))
	big, small := m.Scale(mid)
	mmPerPx := math.Sqrt(big * small)
	f := max(1, int(FindCellMM/mmPerPx))
	g := s.g.shrink(f)
	p := &plane{w: int(width/FindCellMM) + 1, h: int(depth/FindCellMM) + 1, mmPerPx: mmPerPx, cell: FindCellMM}
	p.v = make([]float32, p.w*p.h)
	return p, g, f
}

// sampleRows samples the plane's rows from y0 up to y1 from g, the
// photo shrunk f times.
func (p *plane) sampleRows(m Model, g *gray, f, y0, y1 int) {
	for y := y0; y < min(y1, p.h); y++ {
		for x := range p.w {
			px, ok := m.ToPixel(physics.V(float64(x)*FindCellMM, float64(y)*FindCellMM))
			gx, gy := (px.X+0.5)/float64(f)-0.5, (px.Y+0.5)/float64(f)-0.5
			if !ok || gx < 0 || gy < 0 || gx > float64(g.w-1) || gy > float64(g.h-1) {
				p.v[y*p.w+x] = float32(math.NaN())
				continue
			}
			p.v[y*p.w+x] = float32(g.sample(gx, gy))
		}
	}
}

// hexCandidate is a hexagon that scored on the plane: its centre (mm),
// orientation (degrees, modulo 60) and score.
type hexCandidate struct {
	pos   physics.Vec
	deg   float64
	score float64
}

// outlineProbe is one point of a hexagon's outline: the cell offsets of
// the plane just inside and just outside it, and its flat.
type outlineProbe struct {
	ix, iy, ox, oy int
	flat           int
}

// hexScan scores regular hexagons of acrossFlats mm at every findGridMM
// and findAngleStep over the plane, a row of the coarse grid at a time
// (scoreRow), keeping the best score and orientation at each grid point;
// peaks then gives the best of each neighbourhood (within half the size)
// whose score (hexScore) reaches MinBaseContrast, refined to the cell and
// the degree.
type hexScan struct {
	p           *plane
	acrossFlats float64
	angles      [][]outlineProbe
	step        int
	gw, gh      int
	best        []float64
	bestA       []int
}

// hexProbes are the outline probes of a hexagon of acrossFlats mm turned
// deg degrees.
func hexProbes(acrossFlats, deg float64) []outlineProbe {
	var out []outlineProbe
	r := acrossFlats / 2
	for k := range 6 {
		for i := range 6 {
			y := (float64(i)/5 - 0.5) * 0.75 * acrossFlats / math.Sqrt(3)
			rot := physics.Deg(deg + 60*float64(k))
			in := physics.V(r-findProbeMM, y).Rotate(rot).Mul(1 / FindCellMM)
			ou := physics.V(r+findProbeMM, y).Rotate(rot).Mul(1 / FindCellMM)
			out = append(out, outlineProbe{int(math.Round(in.X)), int(math.Round(in.Y)), int(math.Round(ou.X)), int(math.Round(ou.Y)), k})
		}
	}
	return out
}

func (p *plane) newHexScan(acrossFlats float64) *hexScan {
	sc := &hexScan{p: p, acrossFlats: acrossFlats, step: max(1, int(findGridMM/FindCellMM))}
	for deg := 0.0; deg < 60; deg += findAngleStep {
		sc.angles = append(sc.angles, hexProbes(acrossFlats, deg))
	}
	sc.gw, sc.gh = p.w/sc.step+1, p.h/sc.step+1
	sc.best = make([]float64, sc.gw*sc.gh)
	sc.bestA = make([]int, sc.gw*sc.gh)
	return sc
}

// scoreRow scores every orientation at the grid points of row gy.
func (sc *hexScan) scoreRow(gy int) {
	for gx := range sc.gw {
		x, y := gx*sc.step, gy*sc.step
		for a, pr := range sc.angles {
			if v := sc.p.hexScore(x, y, pr); v > sc.best[gy*sc.gw+gx] {
				sc.best[gy*sc.gw+gx], sc.bestA[gy*sc.gw+gx] = v, a
			}
		}
	}
}

// peaks are the best of each neighbourhood once every row is scored,
// refined to the cell and the degree.
func (sc *hexScan) peaks() []hexCandidate {
	p, step, gw, gh, best, bestA := sc.p, sc.step, sc.gw, sc.gh, sc.best, sc.bestA
	rad := int(sc.acrossFlats / 2 / (findGridMM))
	var out []hexCandidate
	for gy := range gh {
		for gx := range gw {
			v := best[gy*gw+gx]
			if v < MinBaseContrast {
				continue
			}
			peak := true
			for dy := -rad; dy <= rad && peak; dy++ {
				for dx := -rad; dx <= rad; dx++ {
					x, y := gx+dx, gy+dy
					if (dx == 0 && dy == 0) || x < 0 || y < 0 || x >= gw || y >= gh {
						continue
					}
					if o := best[y*gw+x]; o > v || (o == v && (dy < 0 || (dy == 0 && dx < 0))) {
						peak = false
						break
					}
				}
			}
			if !peak {
				continue
			}
			// refine: every cell and degree about the coarse best
			c := hexCandidate{score: v, deg: float64(bestA[gy*gw+gx]) * findAngleStep, pos: physics.V(float64(gx*step), float64(gy*step))}
			x0, y0, d0 := gx*step, gy*step, c.deg
			for d := d0 - findAngleStep + 1; d < d0+findAngleStep; d++ {
				pr := hexProbes(sc.acrossFlats, d)
				for y := y0 - step; y <= y0+step; y++ {
					for x := x0 - step; x <= x0+step; x++ {
						if v := p.hexScore(x, y, pr); v > c.score {
							c = hexCandidate{pos: physics.V(float64(x), float64(y)), deg: d, score: v}
						}
					}
				}
			}
			c.pos = c.pos.Mul(FindCellMM)
			out = append(out, c)
		}
	}
	return out
}

// hexScore is how well a hexagon centred on cell (x, y) with the given
// outline probes matches the plane: each flat's mean step in brightness
// across its outline (inside less outside, the sign the flats share), and
// the weakest flat but one of those (a base's fore mark or a neighbour
// may spoil one flat; a straight edge or a round rim does not give six),
// less the spread of the brightness just outside (a base stands on the
// mat, not amid print or other detail).
func (p *plane) hexScore(x, y int, probes []outlineProbe) float64 {
	var flats [6]float64
	var n [6]int
	so, so2 := 0.0, 0.0
	for _, q := range probes {
		a, b := p.at(x+q.ix, y+q.iy), p.at(x+q.ox, y+q.oy)
		if a != a || b != b { // NaN: off the photo
			return 0
		}
		flats[q.flat] += float64(a - b)
		n[q.flat]++
		so += float64(b)
		so2 += float64(b) * float64(b)
	}
	so /= float64(len(probes))
	spread := math.Sqrt(math.Max(0, so2/float64(len(probes))-so*so))
	sum := 0.0
	for k := range flats {
		flats[k] /= float64(n[k])
		sum += flats[k]
	}
	if sum < 0 {
		for k := range flats {
			flats[k] = -flats[k]
		}
	}
	sort.Float64s(flats[:])
	return flats[1] - spread
}
