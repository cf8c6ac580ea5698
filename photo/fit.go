package photo

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/starshipbattles/bsg/internal/linalg"
	"github.com/starshipbattles/bsg/physics"
)

// Limits of a usable photo. Proposals: the rulebook has nothing on photos.
const (
	// MaxAnisotropy is the largest ratio between the most and the fewest
	// millimetres a pixel covers at any mark: 2 is a view 60° from straight
	// down. Beyond it the photo is refused as too oblique.
	MaxAnisotropy = 2.0
	// MaxMarkSigmas is how many standard deviations of the click precision
	// a calibration mark may miss the fit by before it is called misplaced.
	MaxMarkSigmas = 4.5
	// MaxFitScale is the largest ratio of the residuals to the stated
	// click precision (root mean square over the degrees of freedom) before
	// the fit is refused: the marks are misplaced or the photo blurred.
	MaxFitScale = 3.0
	// LensPriorK1 and LensPriorK2 are the standard deviations of the
	// radial terms assumed for a lens whose distortion is not fitted (too
	// few marks), drawn in the Monte Carlo: phone lenses move the photo's
	// corner by up to about 8% (K1 within ±0.08, uniform: a standard
	// deviation of 0.046), and half of them bend lines with a second term
	// too (issue #28). A narrower prior (1%, before) made the intervals of
	// a 4-mark calibration too narrow for such lenses.
	LensPriorK1 = 0.05
	LensPriorK2 = 0.03
	// MarksForK1 and MarksForK2 are the calibration marks needed to fit
	// one and two radial terms.
	MarksForK1 = 6
	MarksForK2 = 10
)

// Mark is a calibration point: where it shows on the photo and where it
// lies on the table.
type Mark struct {
	Name    string
	Pixel   physics.Vec
	Table   physics.Vec
	SigmaPx float64 // how precisely Pixel is known (one standard deviation)
	// Normal, when not zero, makes the mark a line mark: Pixel shows some
	// point of the table line through Table with this unit normal (a
	// straight edge of the play area), and only its distance from that
	// line counts (plumb-line calibration).
	Normal physics.Vec
	// Side, when not 0, makes a line mark a point of one side of the
	// play area (1 bottom, 2 right, 3 top, 4 left) whose size and place
	// are not known: the fit finds the rectangle's turn and each side's
	// offset with the calibration, so only the sides' straightness, their
	// being parallel and square count (Table and Normal are then only the
	// starting guess).
	Side int
}

// offset returns how far the model puts the mark's pixel px from where
// the mark lies on the table: both coordinates for a point, the distance
// along the normal (and 0) for a line mark.
func (mk Mark) offset(m Model, px physics.Vec) physics.Vec {
	q, _ := m.ToTable(px)
	d := q.Sub(mk.Table)
	if mk.Normal != (physics.Vec{}) {
		return physics.V(mk.Normal.Dot(d), 0)
	}
	return d
}

// constraints counts what marks fix: two coordinates a point, one a line.
func constraints(marks []Mark) (points, lines int) {
	for _, m := range marks {
		if m.Normal != (physics.Vec{}) {
			lines++
		} else {
			points++
		}
	}
	return points, lines
}

// Residual is how far the fitted model takes a mark from its known place.
type Residual struct {
	Mark
	Fitted physics.Vec // the mark's pixel taken to the table by the fit
	MM     float64     // |Fitted − Table|
	Sigmas float64     // MM over the mark's precision expressed in mm there
}

// Calibration is a fitted model with its residuals.
type Calibration struct {
	Model     Model
	Width     int
	Height    int
	Terms     int // radial distortion terms fitted: 0, 1 or 2
	Residuals []Residual
	RMSMM     float64 // root mean square of the residuals, mm
	DOF       int     // degrees of freedom left: 2 × marks − parameters
	// Scale is the root mean square of the residuals in units of the
	// marks' precision over the degrees of freedom (1 when the clicks are
	// as precise as stated); 1 when there are no degrees of freedom.
	Scale float64
	// Lens is the lens measured from straight edges, when the fit held
	// its terms at it (FitWithLens); nil otherwise.
	Lens *Lens
	// Edges says what the photo's straight edges gave this calibration
	// (Marks.Edges): nothing asked, nothing found (the marks' own fit),
	// the lens, or the lens and the perspective from the play area's
	// edges or sides.
	Edges EdgeUse
	init  fitState
	// draws keeps the Monte Carlo's last sampled calibrations (Analyse):
	// they depend on nothing but the calibration, the sample count and
	// the seed, so photo mode's refit after a click on the same
	// calibration does not fit them again.
	draws *drawCache
}

// EdgeUse is what the photo's straight edges gave a calibration.
type EdgeUse int

const (
	// EdgesNotAsked: the marks say `edges: none` (or the calibration was
	// fitted from marks alone): the marks' own fit.
	EdgesNotAsked EdgeUse = iota
	// EdgesNotFound: the edges were looked for, but no long straight
	// edges measured the lens: the marks' own fit.
	EdgesNotFound
	// EdgesLens: the lens measured from the photo's straight edges
	// (MeasureLens), the marks fitted with it.
	EdgesLens
	// EdgesTable: the play area's edges found where the table's size and
	// the sheet's place put them, fitted as line marks
	// (FitWithTableEdges).
	EdgesTable
	// EdgesRectangle: the play area's sides among the straight edges,
	// fitted as a rectangle of unknown size and place (PlayAreaSides).
	EdgesRectangle
)

// String says in words what the edges gave.
func (e EdgeUse) String() string {
	switch e {
	case EdgesNotFound:
		return "no long straight edges found on the photo: the marks' own fit"
	case EdgesLens:
		return "the lens measured from the photo's straight edges"
	case EdgesTable:
		return "the lens and the perspective from the play area's edges, where the table's size and the sheet's place put them"
	case EdgesRectangle:
		return "the lens and the perspective from the play area's sides, a rectangle of unknown size and place"
	}
	return "not looked for (edges: none): the marks' own fit"
}

// Key is the edge use's one word in a marks file's or a JSON output's
// terms: none, not-found, lens, table, rectangle.
func (e EdgeUse) Key() string {
	return [...]string{"none", "not-found", "lens", "table", "rectangle"}[e]
}

// Unusable is the error of a photo or marks that cannot give a ruling,
// with the reason in words.
type Unusable struct{ Reason string }

func (u *Unusable) Error() string { return "photo unusable: " + u.Reason }

func unusable(format string, args ...any) error {
	return &Unusable{Reason: fmt.Sprintf(format, args...)}
}

// fitState is the parametrisation the least squares works in: the
// homography in normalized coordinates (its last entry fixed to 1) and
// the radial terms.
type fitState struct {
	tp, tpInv mgl64.Mat3 // pixel normalization and its inverse
	tt, ttInv mgl64.Mat3 // table normalization and its inverse
	p         []float64  // 8 homography entries, then K1, K2 as fitted
	terms     int
	fixedK1   float64 // K1 when it is not fitted (the Monte Carlo's lens prior)
	fixedK2   float64 // K2 when it is not fitted (likewise)
	// rect is where the play area's turn is in p (then each side's
	// offset, in sides' order) when marks have a Side; 0 without.
	rect  int
	sides []int
}

// sideNormal is the table normal of a play-area side for the rectangle
// turned by phi radians.
func sideNormal(side int, phi float64) physics.Vec {
	s, c := math.Sincos(phi)
	if side == 2 || side == 4 {
		return physics.V(c, s)
	}
	return physics.V(-s, c)
}

// offset is Mark.offset with the play area's sides taken from the
// parameters p.
func (s *fitState) offset(mk Mark, m Model, px physics.Vec, p []float64) physics.Vec {
	if mk.Side == 0 || s.rect == 0 {
		return mk.offset(m, px)
	}
	q, _ := m.ToTable(px)
	for i, sd := range s.sides {
		if sd == mk.Side {
			return physics.V(sideNormal(sd, p[s.rect]).Dot(q)-p[s.rect+1+i], 0)
		}
	}
	return physics.Vec{}
}

// initRect appends to p the play area's turn and each side's offset,
// from where the model m puts the sides' marks.
func (s *fitState) initRect(marks []Mark, m Model) {
	pts := map[int][]physics.Vec{}
	for _, mk := range marks {
		if mk.Side > 0 {
			q, _ := m.ToTable(mk.Pixel)
			if len(pts[mk.Side]) == 0 {
				s.sides = append(s.sides, mk.Side)
			}
			pts[mk.Side] = append(pts[mk.Side], q)
		}
	}
	if len(s.sides) == 0 {
		return
	}
	// the turn from the side with the most points (its ends)
	best := s.sides[0]
	for _, sd := range s.sides {
		if len(pts[sd]) > len(pts[best]) {
			best = sd
		}
	}
	a, b := pts[best][0], pts[best][len(pts[best])-1]
	phi := b.Sub(a).Angle().Radians()
	if best == 2 || best == 4 {
		phi -= math.Pi / 2
	}
	s.rect = len(s.p)
	s.p = append(s.p, phi)
	for _, sd := range s.sides {
		n := sideNormal(sd, phi)
		d := 0.0
		for _, q := range pts[sd] {
			d += n.Dot(q)
		}
		s.p = append(s.p, d/float64(len(pts[sd])))
	}
}

func (s *fitState) model(w, h int, p []float64) Model {
	var hn [9]float64
	copy(hn[:8], p[:8])
	hn[8] = 1
	m := NewModel(w, h, s.ttInv.Mul3(fromRows(hn).Mul3(s.tp)))
	m.K1, m.K2 = s.fixedK1, s.fixedK2
	if s.terms >= 1 {
		m.K1 = p[8]
	}
	if s.terms >= 2 {
		m.K2 = p[9]
	}
	return m
}

// normalization returns the similarity that moves the points' centroid
// to the origin and their mean distance from it to √2 (Hartley).
func normalization(pts []physics.Vec) (mgl64.Mat3, mgl64.Mat3) {
	var c physics.Vec
	for _, p := range pts {
		c = c.Add(p)
	}
	c = c.Mul(1 / float64(len(pts)))
	d := 0.0
	for _, p := range pts {
		d += p.Dist(c)
	}
	d /= float64(len(pts))
	s := math.Sqrt2 / math.Max(d, 1e-9)
	return fromRows([9]float64{s, 0, -s * c.X, 0, s, -s * c.Y, 0, 0, 1}),
		fromRows([9]float64{1 / s, 0, c.X, 0, 1 / s, c.Y, 0, 0, 1})
}

// DLT returns the homography taking the pixels to the table points by the
// normalized direct linear transform (four or more correspondences).
func DLT(pix, tab []physics.Vec) (mgl64.Mat3, error) {
	if len(pix) < 4 || len(pix) != len(tab) {
		return mgl64.Mat3{}, errors.New("photo: DLT needs four or more correspondences")
	}
	tp, _ := normalization(pix)
	tt, ttInv := normalization(tab)
	hn, err := dltNormalized(tp, tt, pix, tab)
	if err != nil {
		return mgl64.Mat3{}, err
	}
	return ttInv.Mul3(fromRows(hn).Mul3(tp)), nil
}

// dltNormalized returns the homography between the normalized points,
// row by row with its last entry 1 (the least squares' parameters).
func dltNormalized(tp, tt mgl64.Mat3, pix, tab []physics.Vec) ([9]float64, error) {
	n := len(pix)
	rows := 2 * n
	if rows < 9 {
		rows = 9 // pad with zero rows so the SVD has the full null space
	}
	a := make([]float64, rows*9)
	for i := range pix {
		p, _ := applyH(tp, pix[i])
		q, _ := applyH(tt, tab[i])
		copy(a[2*i*9:], []float64{p.X, p.Y, 1, 0, 0, 0, -q.X * p.X, -q.X * p.Y, -q.X})
		copy(a[(2*i+1)*9:], []float64{0, 0, 0, p.X, p.Y, 1, -q.Y * p.X, -q.Y * p.Y, -q.Y})
	}
	x, ok := linalg.NullVector(a, rows, 9)
	if !ok {
		return [9]float64{}, errors.New("photo: the DLT's SVD failed")
	}
	var h [9]float64
	copy(h[:], x)
	if math.Abs(h[8]) < 1e-9 {
		return [9]float64{}, unusable("the marks put the table's horizon through their middle; check their order")
	}
	for k := range h {
		h[k] /= h[8]
	}
	return h, nil
}

// Fit calibrates a photo of w × h pixels from four or more marks: the
// normalized DLT, then Levenberg–Marquardt least squares over all marks
// (each weighted by its precision in pixels), with one radial term from
// MarksForK1 marks and two from MarksForK2. It refuses, as *Unusable,
// marks that are degenerate, mirrored, misplaced or inconsistent.
func Fit(marks []Mark, w, h int) (*Calibration, error) {
	return FitWithLens(marks, w, h, nil)
}

// FitWithLens is Fit with the lens measured beforehand (MeasureLens, from
// straight edges on the photo): the marks then fit the homography alone,
// the lens's terms held at the measured ones, and the Monte Carlo draws
// them from the measurement's covariance instead of the phone-wide
// prior. A nil lens is Fit.
func FitWithLens(marks []Mark, w, h int, lens *Lens) (*Calibration, error) {
	c, err := fit(marks, w, h, lens)
	if err != nil {
		return nil, err
	}
	if err := c.check(); err != nil {
		if culprit := c.culprit(marks); culprit != nil {
			return nil, culprit
		}
		return nil, err
	}
	return c, nil
}

// culprit finds, when the marks do not fit together, the one mark without
// which the others fit: the misplaced one. Nil when there is none (or too
// few marks to tell).
func (c *Calibration) culprit(marks []Mark) error {
	if len(marks) < 6 || c.DOF <= 0 {
		return nil
	}
	best, bestScale := -1, math.Inf(1)
	var bestCal *Calibration
	for i := range marks {
		if marks[i].Normal != (physics.Vec{}) {
			continue // line marks are screened where they are found
		}
		rest := append(append([]Mark(nil), marks[:i]...), marks[i+1:]...)
		ci, err := fit(rest, c.Width, c.Height, c.Lens)
		if err != nil || ci.DOF <= 0 {
			continue
		}
		if ci.Scale < bestScale {
			best, bestScale, bestCal = i, ci.Scale, ci
		}
	}
	if best < 0 || bestScale > MaxFitScale {
		return nil
	}
	m := marks[best]
	big, small := bestCal.Model.Scale(m.Pixel)
	d := m.offset(bestCal.Model, m.Pixel).Norm()
	return unusable("mark %s is %.1f mm from where the other marks put it (%.1f times the click precision): it is misplaced, or the photo is blurred there",
		m.Name, d, d/(m.SigmaPx*math.Sqrt(big*small)))
}

// fit is FitWithLens without the checks.
func fit(marks []Mark, w, h int, lens *Lens) (*Calibration, error) {
	np, nl := constraints(marks)
	if np < 4 {
		return nil, unusable("%d calibration marks; at least 4 with known table positions are needed", np)
	}
	var pix, tab []physics.Vec
	var pointMarks []Mark
	for _, m := range marks {
		if m.SigmaPx <= 0 {
			return nil, fmt.Errorf("photo: mark %s has no precision", m.Name)
		}
		if m.Normal == (physics.Vec{}) {
			pix, tab = append(pix, m.Pixel), append(tab, m.Table)
			pointMarks = append(pointMarks, m)
		}
	}
	if err := checkSpread(pointMarks); err != nil {
		return nil, err
	}
	st := fitState{}
	st.tp, st.tpInv = normalization(pix)
	st.tt, st.ttInv = normalization(tab)
	hn, err := dltNormalized(st.tp, st.tt, pix, tab)
	if err != nil {
		return nil, err
	}
	switch n := 2*np + nl; {
	case n >= 2*MarksForK2:
		st.terms = 2
	case n >= 2*MarksForK1:
		st.terms = 1
	}
	if lens != nil {
		st.terms = 0
		st.fixedK1, st.fixedK2 = lens.K1, lens.K2
	}
	st.p = append(hn[:8:8], make([]float64, st.terms)...)
	// weights: the mm one pixel covers at each mark, from the DLT
	m0 := st.model(w, h, st.p)
	st.initRect(marks, m0)
	wts := make([]float64, len(marks))
	for i, mk := range marks {
		big, small := m0.Scale(mk.Pixel)
		wts[i] = 1 / (mk.SigmaPx * math.Sqrt(big*small))
	}
	p, err := levenbergMarquardt(func(p []float64, r []float64) {
		m := st.model(w, h, p)
		for i, mk := range marks {
			d := st.offset(mk, m, mk.Pixel, p)
			r[2*i] = d.X * wts[i]
			r[2*i+1] = d.Y * wts[i]
		}
	}, st.p, 2*len(marks), 200)
	if err != nil {
		return nil, err
	}
	st.p = p
	c := &Calibration{Model: st.model(w, h, p), Width: w, Height: h, Terms: st.terms, Lens: lens, init: st, draws: &drawCache{}}
	c.DOF = 2*np + nl - len(p)
	chi2, sum2 := 0.0, 0.0
	for i, mk := range marks {
		q, _ := c.Model.ToTable(mk.Pixel)
		d := st.offset(mk, c.Model, mk.Pixel, p).Norm()
		c.Residuals = append(c.Residuals, Residual{Mark: mk, Fitted: q, MM: d, Sigmas: d * wts[i]})
		chi2 += d * d * wts[i] * wts[i]
		sum2 += d * d
	}
	c.RMSMM = math.Sqrt(sum2 / float64(len(marks)))
	c.Scale = 1
	if c.DOF > 0 {
		c.Scale = math.Max(1, math.Sqrt(chi2/float64(c.DOF)))
	}
	return c, nil
}

// checkSpread refuses marks whose table positions are (nearly) on one line
// or repeated: they cannot fix a homography.
func checkSpread(marks []Mark) error {
	maxD := 0.0
	for i := range marks {
		for j := i + 1; j < len(marks); j++ {
			maxD = math.Max(maxD, marks[i].Table.Dist(marks[j].Table))
			if marks[i].Table.Dist(marks[j].Table) < 1 {
				return unusable("marks %s and %s stand at the same table point", marks[i].Name, marks[j].Name)
			}
		}
	}
	// the widest triangle must not be flat
	best := 0.0
	for i := range marks {
		for j := i + 1; j < len(marks); j++ {
			for k := j + 1; k < len(marks); k++ {
				a := math.Abs(marks[j].Table.Sub(marks[i].Table).Cross(marks[k].Table.Sub(marks[i].Table))) / 2
				best = math.Max(best, a)
			}
		}
	}
	if best < 0.05*maxD*maxD {
		return unusable("the calibration marks lie (nearly) on one line; they must span an area")
	}
	return nil
}

// check refuses a fit that folds the table, mirrors it, is too oblique at
// a mark, or misses the marks by more than their precision allows.
func (c *Calibration) check() error {
	m := c.Model
	sign := 0.0
	for _, r := range c.Residuals {
		wv := m.W(r.Pixel)
		if sign == 0 {
			sign = math.Copysign(1, wv)
		} else if math.Copysign(1, wv) != sign {
			return unusable("mark %s lies beyond the table's horizon in the fit: the marks are misplaced or out of order", r.Name)
		}
		j := m.Jacobian(r.Pixel)
		if det := j[0][0]*j[1][1] - j[0][1]*j[1][0]; det > 0 {
			return unusable("the fit mirrors the table at mark %s: the marks are out of order (a photo seen from above keeps the table's orientation)", r.Name)
		}
	}
	if err := c.CheckOblique(c.pixels()...); err != nil {
		return err
	}
	if c.DOF > 0 {
		worst := c.Residuals[0]
		for _, r := range c.Residuals {
			if r.Sigmas > worst.Sigmas {
				worst = r
			}
		}
		if worst.Sigmas > MaxMarkSigmas {
			return unusable("mark %s is %.1f mm from where the other marks put it (%.1f times the click precision): it is misplaced, or the photo is blurred there", worst.Name, worst.MM, worst.Sigmas)
		}
		if c.Scale > MaxFitScale {
			return unusable("the marks miss the fit by %.1f times the click precision (%.2f mm root mean square): misplaced marks or a blurred photo", c.Scale, c.RMSMM)
		}
	}
	return nil
}

func (c *Calibration) pixels() []physics.Vec {
	ps := make([]physics.Vec, len(c.Residuals))
	for i, r := range c.Residuals {
		ps[i] = r.Pixel
	}
	return ps
}

// CheckOblique refuses the photo when at one of the pixels the view is
// too oblique (see MaxAnisotropy) or beyond the horizon.
func (c *Calibration) CheckOblique(pixels ...physics.Vec) error {
	for _, p := range pixels {
		if _, ok := c.Model.ToTable(p); !ok {
			return unusable("the point at pixel (%.0f, %.0f) is on the table's horizon", p.X, p.Y)
		}
		big, small := c.Model.Scale(p)
		if small <= 0 || big/small > MaxAnisotropy {
			return unusable("too oblique: at pixel (%.0f, %.0f) a pixel covers %.1f times more table one way than the other (at most %.1f, a view %.0f° from straight down); take the photo from higher above",
				p.X, p.Y, big/math.Max(small, 1e-12), MaxAnisotropy, math.Acos(1/MaxAnisotropy)*180/math.Pi)
		}
	}
	return nil
}

// Refit fits the same model to marks moved to the given pixels, starting
// from this calibration's solution (the Monte Carlo's inner step). The
// normalizations and weights are kept, so the refit is cheap. The radial
// terms the calibration does not fit are taken as given: k1 when it fits
// none, k2 when it fits fewer than two (the Monte Carlo's lens prior).
func (c *Calibration) Refit(pixels []physics.Vec, k1, k2 float64) (Model, error) {
	st := c.init
	if st.terms == 0 {
		st.fixedK1 = k1
	}
	if st.terms < 2 {
		st.fixedK2 = k2
	}
	wts := make([]float64, len(c.Residuals))
	for i, r := range c.Residuals {
		big, small := c.Model.Scale(r.Pixel)
		wts[i] = 1 / (r.SigmaPx * math.Sqrt(big*small))
	}
	p, err := levenbergMarquardt(func(p []float64, res []float64) {
		m := st.model(c.Width, c.Height, p)
		for i, r := range c.Residuals {
			d := st.offset(r.Mark, m, pixels[i], p)
			res[2*i] = d.X * wts[i]
			res[2*i+1] = d.Y * wts[i]
		}
	}, st.p, 2*len(c.Residuals), 50)
	if err != nil {
		return Model{}, err
	}
	return st.model(c.Width, c.Height, p), nil
}

// levenbergMarquardt minimizes the sum of squares of the m residuals that
// f writes, from p0, with a forward-difference Jacobian.
func levenbergMarquardt(f func(p, r []float64), p0 []float64, m, maxIter int) ([]float64, error) {
	n := len(p0)
	p := append([]float64(nil), p0...)
	r := make([]float64, m)
	f(p, r)
	cost := sumSq(r)
	lambda := 1e-3
	jac := make([]float64, m*n)
	rt := make([]float64, m)
	trial := make([]float64, n)
	jtj := make([]float64, n*n)
	jtr := make([]float64, n)
	a := make([]float64, n*n)
	delta := make([]float64, n)
	for iter := 0; iter < maxIter; iter++ {
		for k := range n {
			step := 1e-7 * math.Max(1, math.Abs(p[k]))
			copy(trial, p)
			trial[k] += step
			f(trial, rt)
			for i := range m {
				jac[i*n+k] = (rt[i] - r[i]) / step
			}
		}
		linalg.Normal(jac, m, n, r, jtj, jtr)
		improved := false
		for range 12 {
			// (JᵀJ + λ diag JᵀJ) δ = Jᵀr by Cholesky (the matrix is
			// symmetric positive definite while the damping is positive)
			copy(a, jtj)
			copy(delta, jtr)
			for i := range n {
				a[i*n+i] = jtj[i*n+i]*(1+lambda) + 1e-12
			}
			if !linalg.Cholesky(a, n) {
				lambda *= 10
				continue
			}
			linalg.SolveCholesky(a, n, delta)
			for k := range n {
				trial[k] = p[k] - delta[k]
			}
			f(trial, rt)
			if c := sumSq(rt); c < cost && !math.IsNaN(c) {
				rel := (cost - c) / math.Max(cost, 1e-300)
				copy(p, trial)
				copy(r, rt)
				cost = c
				lambda = math.Max(lambda/10, 1e-12)
				improved = true
				if rel < 1e-12 {
					return p, nil
				}
				break
			}
			lambda *= 10
		}
		if !improved {
			break
		}
	}
	if math.IsNaN(cost) || math.IsInf(cost, 0) {
		return nil, unusable("the least squares did not converge")
	}
	return p, nil
}

func sumSq(r []float64) float64 {
	s := 0.0
	for _, v := range r {
		s += v * v
	}
	return s
}
