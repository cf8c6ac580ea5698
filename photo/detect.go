package photo

import (
	"fmt"
	"image"
	"math"
	"sort"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/starshipbattles/bsg/physics"
)

// Detection is the calibration sheet found on a photo.
type Detection struct {
	Pixels [4]physics.Vec // the marks' centres, in Sheet.Marks order
	Score  float64        // contrast of the sheet's black and white areas over their spread
	BlurPx float64        // the edges' blur (one standard deviation of a Gaussian), full-size pixels
	BlurMM float64        // the same on the sheet, in mm
}

// Detection limits (proposals).
const (
	// MinDetectionScore is the separation of the sheet's black and white
	// areas (difference of means over the pooled standard deviation) below
	// which no sheet is reported.
	MinDetectionScore = 4
	// MaxBlurMM is the blur (mm on the table) beyond which a photo is
	// refused as blurred.
	MaxBlurMM     = 1.5
	detectMaxSide = 1600 // the photo is shrunk to this for the search
	candidates    = 24
)

// gray is a grayscale image in float32, values 0..1.
type gray struct {
	w, h int
	p    []float32
}

func (g *gray) at(x, y int) float32 {
	x = min(max(x, 0), g.w-1)
	y = min(max(y, 0), g.h-1)
	return g.p[y*g.w+x]
}

// sample returns the bilinear interpolation at (x, y) (pixel centres at
// integer coordinates).
func (g *gray) sample(x, y float64) float64 {
	x0, y0 := math.Floor(x), math.Floor(y)
	fx, fy := x-x0, y-y0
	ix, iy := int(x0), int(y0)
	a, b := float64(g.at(ix, iy)), float64(g.at(ix+1, iy))
	c, d := float64(g.at(ix, iy+1)), float64(g.at(ix+1, iy+1))
	return (a*(1-fx)+b*fx)*(1-fy) + (c*(1-fx)+d*fx)*fy
}

func toGray(img image.Image) *gray {
	g := newGray(img)
	g.readRows(img, 0, g.h)
	return g
}

// newGray is a grey image of img's size, not read yet (readRows).
func newGray(img image.Image) *gray {
	b := img.Bounds()
	return &gray{w: b.Dx(), h: b.Dy(), p: make([]float32, b.Dx()*b.Dy())}
}

// readRows reads img's rows y0 to y1 (excluded) as grey levels.
func (g *gray) readRows(img image.Image, y0, y1 int) {
	b := img.Bounds()
	y1 = min(y1, g.h)
	switch im := img.(type) {
	case *image.Gray:
		for y := y0; y < y1; y++ {
			row := im.Pix[y*im.Stride:]
			for x := 0; x < g.w; x++ {
				g.p[y*g.w+x] = float32(row[x]) / 255
			}
		}
	default:
		for y := y0; y < y1; y++ {
			for x := 0; x < g.w; x++ {
				r, gg, bb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				g.p[y*g.w+x] = float32(0.299*float64(r)+0.587*float64(gg)+0.114*float64(bb)) / 65535
			}
		}
	}
}

// shrink averages f × f blocks.
func (g *gray) shrink(f int) *gray {
	if f <= 1 {
		return g
	}
	s := g.newShrunk(f)
	g.shrinkRows(s, f, 0, s.h)
	return s
}

// newShrunk is g shrunk f times (f > 1) before any of its rows is
// averaged (shrinkRows).
func (g *gray) newShrunk(f int) *gray {
	s := &gray{w: g.w / f, h: g.h / f}
	s.p = make([]float32, s.w*s.h)
	return s
}

// shrinkRows averages the f × f blocks of s's rows y0 up to y1 (s is g
// shrunk f times).
func (g *gray) shrinkRows(s *gray, f, y0, y1 int) {
	inv := 1 / float32(f*f)
	for y := y0; y < min(y1, s.h); y++ {
		for x := 0; x < s.w; x++ {
			var sum float32
			for dy := 0; dy < f; dy++ {
				row := g.p[(y*f+dy)*g.w+x*f:]
				for dx := 0; dx < f; dx++ {
					sum += row[dx]
				}
			}
			s.p[y*s.w+x] = sum * inv
		}
	}
}

// blurring is a blur under way: the kernel, the rows blurred across
// (tmp), then down (out).
type blurring struct {
	g, tmp, out *gray
	k           []float32
	r           int
}

// newBlur starts blurring g with a Gaussian of standard deviation sigma
// (rowsH over every row, then rowsV: out).
func (g *gray) newBlur(sigma float64) *blurring {
	r := int(math.Ceil(3 * sigma))
	k := make([]float32, 2*r+1)
	var sum float32
	for i := -r; i <= r; i++ {
		k[i+r] = float32(math.Exp(-float64(i*i) / (2 * sigma * sigma)))
		sum += k[i+r]
	}
	for i := range k {
		k[i] /= sum
	}
	return &blurring{g: g, k: k, r: r, tmp: &gray{w: g.w, h: g.h, p: make([]float32, len(g.p))}, out: &gray{w: g.w, h: g.h, p: make([]float32, len(g.p))}}
}

// rowsH blurs rows y0 to y1 (excluded) across.
func (b *blurring) rowsH(y0, y1 int) {
	g, k, r := b.g, b.k, b.r
	for y := y0; y < min(y1, g.h); y++ {
		for x := 0; x < g.w; x++ {
			var s float32
			for i := -r; i <= r; i++ {
				s += k[i+r] * g.at(x+i, y)
			}
			b.tmp.p[y*g.w+x] = s
		}
	}
}

// rowsV blurs rows y0 to y1 (excluded) down, once every row is blurred
// across.
func (b *blurring) rowsV(y0, y1 int) {
	g, k, r := b.g, b.k, b.r
	for y := y0; y < min(y1, g.h); y++ {
		for x := 0; x < g.w; x++ {
			var s float32
			for i := -r; i <= r; i++ {
				s += k[i+r] * b.tmp.at(x, y+i)
			}
			b.out.p[y*g.w+x] = s
		}
	}
}

// corner is a saddle point of the brightness: an X-corner candidate.
type corner struct {
	p        physics.Vec // in full-size pixels
	strength float64
	polarity bool // the sign of the mixed second derivative
}

// saddling is a search for saddle points under way: each pixel's
// response and polarity (response), then the local maxima (maxima).
type saddling struct {
	s    *gray
	f    int
	resp []float32
	pol  []bool
	out  []corner
}

func newSaddling(s *gray, f int) *saddling {
	return &saddling{s: s, f: f, resp: make([]float32, len(s.p)), pol: make([]bool, len(s.p))}
}

// response rates rows y0 to y1 (excluded).
func (sd *saddling) response(y0, y1 int) {
	s := sd.s
	for y := max(1, y0); y < min(y1, s.h-1); y++ {
		for x := 1; x < s.w-1; x++ {
			c := s.at(x, y)
			ixx := s.at(x+1, y) + s.at(x-1, y) - 2*c
			iyy := s.at(x, y+1) + s.at(x, y-1) - 2*c
			ixy := (s.at(x+1, y+1) + s.at(x-1, y-1) - s.at(x+1, y-1) - s.at(x-1, y+1)) / 4
			r := ixy*ixy - ixx*iyy
			if r > 0 {
				sd.resp[y*s.w+x] = r
				sd.pol[y*s.w+x] = ixy > 0
			}
		}
	}
}

// saddleNMS is how far (pixels) a saddle point must be the strongest.
const saddleNMS = 4

// maxima keeps the saddle points of rows y0 to y1 (excluded) stronger
// than every other within saddleNMS, once every row is rated.
func (sd *saddling) maxima(y0, y1 int) {
	s, resp, f := sd.s, sd.resp, sd.f
	const nms = saddleNMS
	for y := max(nms, y0); y < min(y1, s.h-nms); y++ {
		for x := nms; x < s.w-nms; x++ {
			r := resp[y*s.w+x]
			if r <= 0 {
				continue
			}
			best := true
			for dy := -nms; dy <= nms && best; dy++ {
				for dx := -nms; dx <= nms; dx++ {
					if (dx != 0 || dy != 0) && resp[(y+dy)*s.w+x+dx] >= r {
						best = false
						break
					}
				}
			}
			if best {
				sd.out = append(sd.out, corner{p: physics.V((float64(x)+0.5)*float64(f)-0.5, (float64(y)+0.5)*float64(f)-0.5), strength: float64(r), polarity: sd.pol[y*s.w+x]})
			}
		}
	}
}

// best are the strongest saddle points found, strongest first.
func (sd *saddling) best() []corner {
	out := sd.out
	sort.Slice(out, func(i, j int) bool { return out[i].strength > out[j].strength })
	if len(out) > candidates {
		out = out[:candidates]
	}
	return out
}

// refine moves an X-corner estimate to where the image gradients in a
// window of radius r are orthogonal to the lines from the corner (the
// saddle's sub-pixel position), on the full-size image g.
func refine(g *gray, p physics.Vec, r float64) physics.Vec {
	for range 8 {
		var a00, a01, a11, b0, b1 float64
		ri := int(math.Ceil(r))
		cx, cy := int(math.Round(p.X)), int(math.Round(p.Y))
		for dy := -ri; dy <= ri; dy++ {
			for dx := -ri; dx <= ri; dx++ {
				x, y := cx+dx, cy+dy
				qx, qy := float64(x)-p.X, float64(y)-p.Y
				d2 := qx*qx + qy*qy
				if d2 > r*r || d2 < 1 {
					continue
				}
				gx := float64(g.at(x+1, y)-g.at(x-1, y)) / 2
				gy := float64(g.at(x, y+1)-g.at(x, y-1)) / 2
				w := math.Exp(-d2 / (r * r))
				a00 += w * gx * gx
				a01 += w * gx * gy
				a11 += w * gy * gy
				b0 += w * (gx*gx*float64(x) + gx*gy*float64(y))
				b1 += w * (gx*gy*float64(x) + gy*gy*float64(y))
			}
		}
		det := a00*a11 - a01*a01
		if det <= 1e-12 {
			return p
		}
		q := physics.V((a11*b0-a01*b1)/det, (a00*b1-a01*b0)/det)
		if q.Dist(p) > r {
			return p
		}
		done := q.Dist(p) < 0.01
		p = q
		if done {
			break
		}
	}
	return p
}

// DetectSheet finds the printed calibration sheet on a photo: its four
// marks, told apart by the odd mark's polarity and checked against the
// whole sheet's pattern of black and white. It returns an *Unusable error
// when no sheet is found or the photo is too blurred to trust. It is a
// SheetSearch stepped to its end.
func DetectSheet(img image.Image, sheet Sheet) (*Detection, error) {
	d := NewSheetSearch(img, sheet)
	for !d.Step() {
	}
	return d.Result()
}

// DetectStage is where a sheet search (SheetSearch) stands.
type DetectStage int

const (
	// DetectGray: the photo is read as grey levels.
	DetectGray DetectStage = iota
	// DetectShrink: the grey photo is shrunk and blurred.
	DetectShrink
	// DetectCorners: the corner-like marks are found.
	DetectCorners
	// DetectMatch: each four of them are tried as the sheet's marks.
	DetectMatch
	// DetectRefine: the best four refined at full size, the blur measured.
	DetectRefine
	// DetectDone: the search is over (Result).
	DetectDone
)

// detectGrayPixels is about how many of the photo's pixels a step of a
// sheet search reads as grey levels.
const detectGrayPixels = 1 << 20

// detectBandPixels is about how many pixels of the shrunk photo a step
// of a sheet search blurs or rates (a few milliseconds' work).
const detectBandPixels = 1 << 17

// detectQuadsPerStep is how many fours of corner-like marks a step of a
// sheet search tries (each in its six orders): a few milliseconds' work.
const detectQuadsPerStep = 24

// SheetSearch is DetectSheet a piece at a time: each Step does a bounded
// part of the work (the grey photo, its shrinking, the corners, a few
// fours of corners tried as the sheet's marks, the refining), so a
// screen keeps drawing frames while it runs (the browser's one thread
// included) and may show its progress. The steps do exactly DetectSheet's
// work in its order: the result is the same.
type SheetSearch struct {
	img   image.Image
	sheet Sheet
	stage DetectStage

	full, small *gray
	f           int
	cs          []corner
	marks       [4]physics.Vec
	probe       []physics.Vec
	ink         []bool
	quickP      []physics.Vec
	quickI      []bool
	best        struct {
		score float64
		idx   [4]int
	}
	row          int // the next row of the photo to read (or to blur, to rate)
	pass         int // blurring across then down; rating then the maxima
	bl           *blurring
	sd           *saddling
	a, b, c, d   int // the next four to try
	tried, total float64

	det     *Detection
	err     error
	snapper *Snapper
}

// NewSheetSearch starts DetectSheet's search (see there) for sheet on
// img. Nothing is done until Step.
func NewSheetSearch(img image.Image, sheet Sheet) *SheetSearch {
	return &SheetSearch{img: img, sheet: sheet}
}

// Stage is where the search stands.
func (ds *SheetSearch) Stage() DetectStage { return ds.stage }

// Result is the sheet found, or why not (DetectSheet's answer); nil, nil
// before the search is over.
func (ds *SheetSearch) Result() (*Detection, error) { return ds.det, ds.err }

// Progress is the share of the search's work done, from 0 to 1: the
// grey photo, its shrinking and its corners a tenth each, the fours
// tried six tenths (by their count), the refining the last tenth.
func (ds *SheetSearch) Progress() float64 {
	switch ds.stage {
	case DetectDone:
		return 1
	case DetectMatch:
		if ds.total <= 0 {
			return 0.3
		}
		return 0.3 + 0.6*math.Min(1, ds.tried/ds.total)
	case DetectRefine:
		return 0.9
	case DetectGray:
		if ds.full == nil {
			return 0
		}
		return 0.1 * float64(ds.row) / float64(max(1, ds.full.h))
	}
	return 0.1 * float64(ds.stage)
}

// Step does the next part of the search and reports whether it is over.
func (ds *SheetSearch) Step() bool {
	switch ds.stage {
	case DetectGray:
		if ds.full == nil {
			ds.full = newGray(ds.img)
		}
		// a band of rows of about detectGrayPixels pixels a step
		n := max(1, detectGrayPixels/max(1, ds.full.w))
		ds.full.readRows(ds.img, ds.row, ds.row+n)
		ds.row += n
		if ds.row < ds.full.h {
			return false
		}
		ds.f = 1
		for max(ds.full.w, ds.full.h)/ds.f > detectMaxSide {
			ds.f++
		}
		ds.stage = DetectShrink
	case DetectShrink:
		// shrunk, then blurred across and down a band of rows a step
		if ds.bl == nil {
			ds.bl, ds.row, ds.pass = ds.full.shrink(ds.f).newBlur(1.5), 0, 0
			return false
		}
		h := ds.bl.g.h
		n := max(1, detectBandPixels/max(1, ds.bl.g.w))
		if ds.pass == 0 {
			ds.bl.rowsH(ds.row, ds.row+n)
		} else {
			ds.bl.rowsV(ds.row, ds.row+n)
		}
		if ds.row += n; ds.row >= h {
			ds.row, ds.pass = 0, ds.pass+1
		}
		if ds.pass == 2 {
			ds.small, ds.bl, ds.stage = ds.bl.out, nil, DetectCorners
		}
	case DetectCorners:
		// rated, then the local maxima, a band of rows a step
		if ds.sd == nil {
			ds.sd, ds.row, ds.pass = newSaddling(ds.small, ds.f), 0, 0
		}
		h := ds.small.h
		n := max(1, detectBandPixels/max(1, ds.small.w))
		if ds.pass == 0 {
			ds.sd.response(ds.row, ds.row+n)
		} else {
			ds.sd.maxima(ds.row, ds.row+n)
		}
		if ds.row += n; ds.row >= h {
			ds.row, ds.pass = 0, ds.pass+1
		}
		if ds.pass == 2 {
			ds.cs, ds.sd = ds.sd.best(), nil
			ds.corners()
		}
	case DetectMatch:
		ds.match()
	case DetectRefine:
		ds.refine()
	}
	return ds.stage == DetectDone
}

// fail ends the search with err.
func (ds *SheetSearch) fail(err error) {
	ds.det, ds.err, ds.stage = nil, err, DetectDone
	ds.full, ds.small = nil, nil
}

// corners finds the corner-like marks and the sheet's probe points.
func (ds *SheetSearch) corners() {
	if len(ds.cs) < 4 {
		ds.fail(unusable("no calibration sheet found: fewer than four corner-like marks on the photo"))
		return
	}
	sheet := ds.sheet
	ds.marks = sheet.Marks()
	// sheet points whose colour is certain, for checking a hypothesis
	for x := -sheet.W/2 + 4; x < sheet.W/2-4; x += 5 {
		for y := -sheet.H/2 + 4; y < sheet.H/2-4; y += 5 {
			p := physics.V(x, y)
			if sheet.InkCertain(p, 2.5) {
				ds.probe = append(ds.probe, p)
				ds.ink = append(ds.ink, sheet.Ink(p) > 0.5)
			}
		}
	}
	// a strided subset for a quick first check of each hypothesis
	for i := 0; i < len(ds.probe); i += max(1, len(ds.probe)/150) {
		ds.quickP, ds.quickI = append(ds.quickP, ds.probe[i]), append(ds.quickI, ds.ink[i])
	}
	ds.best.score = math.Inf(-1)
	n := float64(len(ds.cs))
	ds.total = n * (n - 1) * (n - 2) * (n - 3) / 24
	ds.a, ds.b, ds.c, ds.d = 0, 1, 2, 3
	ds.stage = DetectMatch
}

// match tries the next fours of corners (a < b < c < d, in DetectSheet's
// order) as the sheet's marks: the odd one's polarity first, the others
// in each order after it.
func (ds *SheetSearch) match() {
	cs, n := ds.cs, len(ds.cs)
	var quad [4]physics.Vec
	for range detectQuadsPerStep {
		if ds.a >= n-3 {
			ds.stage = DetectRefine
			return
		}
		set := [4]int{ds.a, ds.b, ds.c, ds.d}
		ds.tried++
		// the next four
		ds.d++
		if ds.d >= n {
			ds.c++
			if ds.c >= n-1 {
				ds.b++
				if ds.b >= n-2 {
					ds.a++
					ds.b = ds.a + 1
				}
				ds.c = ds.b + 1
			}
			ds.d = ds.c + 1
		}
		odd := -1
		for _, i := range set {
			same := 0
			for _, j := range set {
				if cs[j].polarity == cs[i].polarity {
					same++
				}
			}
			if same == 1 {
				odd = i
			}
		}
		if odd < 0 {
			continue
		}
		var rest []int
		for _, i := range set {
			if i != odd {
				rest = append(rest, i)
			}
		}
		// the three others in each order after the odd one
		for _, perm := range [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}} {
			idx := [4]int{odd, rest[perm[0]], rest[perm[1]], rest[perm[2]]}
			for k := range 4 {
				quad[k] = cs[idx[k]].p
			}
			h, err := DLT(ds.marks[:], quad[:])
			if err != nil {
				continue
			}
			if s := score(ds.small, ds.f, h, ds.quickP, ds.quickI); s > MinDetectionScore/2 && s > ds.best.score-2 {
				if s = score(ds.small, ds.f, h, ds.probe, ds.ink); s > ds.best.score {
					ds.best.score, ds.best.idx = s, idx
				}
			}
		}
	}
}

// refine refines the best four at full size and measures the blur.
func (ds *SheetSearch) refine() {
	best, cs, sheet, marks, full := ds.best, ds.cs, ds.sheet, ds.marks, ds.full
	if best.score < MinDetectionScore {
		ds.fail(unusable("no calibration sheet found (best match %.1f, need %d): is the whole sheet in view, flat and lit?", best.score, MinDetectionScore))
		return
	}
	det := &Detection{Score: best.score}
	for k := range 4 {
		det.Pixels[k] = cs[best.idx[k]].p
	}
	// refine at full size, in a window a third of a square across
	h, _ := DLT(marks[:], det.Pixels[:])
	for k := range 4 {
		a, _ := applyH(h, marks[k])
		b, _ := applyH(h, marks[k].Add(physics.V(sheet.Square, 0)))
		c, _ := applyH(h, marks[k].Add(physics.V(0, sheet.Square)))
		r := 0.45 * math.Min(a.Dist(b), a.Dist(c))
		det.Pixels[k] = refine(full, a, math.Max(3, r))
	}
	h, _ = DLT(marks[:], det.Pixels[:])
	det.BlurPx = blurAt(full, h, sheet)
	mmPerPx := 0.0
	for k := range 4 {
		a, _ := applyH(h, marks[k])
		b, _ := applyH(h, marks[k].Add(physics.V(sheet.Square, 0)))
		mmPerPx += sheet.Square / a.Dist(b) / 4
	}
	det.BlurMM = det.BlurPx * mmPerPx
	if det.BlurMM > MaxBlurMM {
		ds.fail(unusable("the photo is blurred: the sheet's edges are spread over %.1f mm (%.1f pixels), at most %.1f mm; hold the camera still and focus on the table", det.BlurMM, det.BlurPx, MaxBlurMM))
		ds.det = det
		return
	}
	ds.det, ds.stage = det, DetectDone
	ds.snapper = &Snapper{g: full} // the photo's grey levels, read once
	ds.full, ds.small = nil, nil
}

// Snapper is a snapper of the photo on the grey levels the search read
// (NewSnapper's, without reading the photo again); nil unless the sheet
// was found.
func (ds *SheetSearch) Snapper() *Snapper { return ds.snapper }

// score is the separation of the sheet's black and white probe points on
// the photo when the sheet maps by h: the difference of their means over
// the pooled standard deviation; −Inf when the mapping is implausible.
func score(s *gray, f int, h mgl64.Mat3, probe []physics.Vec, ink []bool) float64 {
	var sw, sw2, sb, sb2, nw, nb float64
	for i, p := range probe {
		q, ok := applyH(h, p)
		if !ok {
			return math.Inf(-1)
		}
		x, y := (q.X+0.5)/float64(f)-0.5, (q.Y+0.5)/float64(f)-0.5
		if x < 0 || y < 0 || x > float64(s.w-1) || y > float64(s.h-1) {
			return math.Inf(-1)
		}
		v := s.sample(x, y)
		if ink[i] {
			sb, sb2, nb = sb+v, sb2+v*v, nb+1
		} else {
			sw, sw2, nw = sw+v, sw2+v*v, nw+1
		}
	}
	if nw < 3 || nb < 3 {
		return math.Inf(-1)
	}
	mw, mb := sw/nw, sb/nb
	vw, vb := sw2/nw-mw*mw, sb2/nb-mb*mb
	return (mw - mb) / math.Sqrt(math.Max((vw+vb)/2, 1e-6))
}

// blurAt estimates the photo's blur at the sheet: along the lower bar's
// long edges, the steepest brightness step against the step's height,
// which for a Gaussian blur of σ pixels is height / (σ √(2π)).
func blurAt(g *gray, h mgl64.Mat3, sheet Sheet) float64 {
	b := sheet.bar()
	var sigmas []float64
	for k := 1; k < 10; k++ {
		x := b[0] + (b[1]-b[0])*float64(k)/10
		for _, edge := range []struct{ in, out float64 }{{b[3] - 2.5, b[3] + 4}, {b[2] + 2.5, b[2] - 4}} {
			p0, _ := applyH(h, physics.V(x, edge.in))
			p1, _ := applyH(h, physics.V(x, edge.out))
			l := p0.Dist(p1)
			steps := int(math.Ceil(l * 4))
			if steps < 8 {
				continue
			}
			prev := g.sample(p0.X, p0.Y)
			lo, hi, grad := prev, prev, 0.0
			for i := 1; i <= steps; i++ {
				q := p0.Lerp(p1, float64(i)/float64(steps))
				v := g.sample(q.X, q.Y)
				grad = math.Max(grad, (v-prev)/(l/float64(steps)))
				lo, hi = math.Min(lo, v), math.Max(hi, v)
				prev = v
			}
			if grad > 0 && hi-lo > 0.1 {
				sigmas = append(sigmas, (hi-lo)/(grad*math.Sqrt(2*math.Pi)))
			}
		}
	}
	if len(sigmas) == 0 {
		return math.Inf(1)
	}
	return quantile(sigmas, 0.5)
}

// String describes the detection for a log.
func (d *Detection) String() string {
	return fmt.Sprintf("sheet found (match %.1f), blur %.2f px = %.2f mm", d.Score, d.BlurPx, d.BlurMM)
}
