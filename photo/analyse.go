package photo

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
	"strings"
	"sync"

	"github.com/golang/geo/r1"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Options of the Monte Carlo.
type Options struct {
	Samples int    // tables drawn (DefaultSamples when 0)
	Seed    uint64 // the seed of the sampling: the same seed gives the same answer
}

// DefaultSamples is the Monte Carlo's default size; MinSamples and
// MaxSamples bound what a marks file may ask for.
const (
	DefaultSamples = 400
	MinSamples     = limits.MinSamples
	MaxSamples     = limits.MaxSamples
)

// Pose is a ship's or obstacle's place with its 95% uncertainty.
type Pose struct {
	ID string
	// Pos is the stand (ships) or the centre (planetoids, the outline's
	// vertex mean for fields); PosPM the 95% radius of its scatter (mm).
	Pos   physics.Vec
	PosPM float64
	// Heading and HeadingPM (degrees, 95%): ships only.
	Heading   float64
	HeadingPM float64
	// Radius and RadiusPM: planetoids only.
	Radius   float64
	RadiusPM float64
}

// Ruling is the referee's ruling on the marked table with its error bars.
type Ruling struct {
	referee.Ruling         // on the table as marked
	Samples        int     // Monte Carlo tables
	Agree          float64 // fraction of them with the same reason and band
	// RangeCI is the 95% interval of range_mm; RangePM is the larger
	// distance from Range to either end (valid when Measured).
	RangeCI    r1.Interval
	RangePM    float64
	InArcShare float64 // fraction of samples where the target is in arc
	// Arc, LOS and Band are the margins of the verdicts that change the
	// shot (referee.Margins: arc, line of sight, range band) with their
	// 95% intervals from the Monte Carlo.
	ArcMargin, LOSMargin, BandMargin MarginPM
	Certain                          bool
	Verdict                          string // the ruling in words, with its error bar
}

// MarginPM is one verdict's margin (referee.Margin: how far the target's
// base could move before the verdict changes) with its 95% interval over
// the sampled tables. The interval is of the signed margin: a sampled
// table whose verdict differs from the ruling's counts its margin as
// negative, so an interval reaching below zero says the verdict may flip.
type MarginPM struct {
	// Known: the margin applies and is within the referee's reach
	// (referee.MarginReach); when false the others are zero and the
	// verdict is decided elsewhere (out of arc: no line of sight) or
	// stands beyond any dispute at the table.
	Known bool
	MM    float64     // on the table as marked (≥ 0)
	CI    r1.Interval // the 95% interval of the signed margin, mm
	PM    float64     // the larger distance from MM to either end
	// Clear: the interval, widened SafeFactor times about MM, stays
	// above zero: the verdict holds.
	Clear bool
}

// marginSamples gathers the signed margins of one verdict over the
// sampled tables.
type marginSamples struct {
	nominal referee.Margin
	xs      []float64
}

// add records a sampled table's margin m; same says whether its verdict
// is the ruling's. A sample where the margin does not apply is skipped
// (another verdict decides it); one beyond the referee's reach counts as
// MarginReach.
func (ms *marginSamples) add(m referee.Margin, applies, same bool) {
	if !applies {
		return
	}
	v := referee.MarginReach
	if m.Known {
		v = m.MM
	}
	if !same {
		v = -v
	}
	ms.xs = append(ms.xs, v)
}

func (ms *marginSamples) summarize() MarginPM {
	if !ms.nominal.Known {
		// none within reach on the table as marked: clear unless a
		// sampled table flipped the verdict
		for _, x := range ms.xs {
			if x < 0 {
				return MarginPM{}
			}
		}
		return MarginPM{Clear: true}
	}
	out := MarginPM{Known: true, MM: ms.nominal.MM}
	if len(ms.xs) == 0 {
		return out
	}
	out.CI = r1.Interval{Lo: quantile(ms.xs, 1-safeLevel(0.975, len(ms.xs))), Hi: quantile(ms.xs, safeLevel(0.975, len(ms.xs)))}
	out.PM = math.Max(out.MM-out.CI.Lo, out.CI.Hi-out.MM)
	out.Clear = out.MM > SafeFactor*out.PM
	return out
}

// Result is a photo turned into a table with its uncertainty.
type Result struct {
	Calibration *Calibration
	Table       referee.Table // the table as marked
	Poses       []Pose        // in Scene.Objects order
	Rulings     []Ruling      // attacker by attacker, in ship order
	Samples     int
	Seed        uint64
	LensPrior   bool // radial terms drawn from LensPriorK1/K2 (fewer than two fitted)
	// MoreMarks is how many calibration marks of known place to add so
	// that the lens's distortion is measured instead of assumed (0 when
	// it is): with fewer than MarksForK1 marks the lens cannot be seen,
	// and its assumed spread (as wide as real phone lenses) widens every
	// interval, most of all far from the marks.
	MoreMarks int
}

// Analyse builds the table from the marks and rules on every ordered pair
// of ships, each ruling with its 95% error bar from a Monte Carlo over the
// calibration marks, the object marks and the fit (and the lens, when its
// distortion is not fitted). Marks that cannot give a ruling are refused
// with an *Unusable error. The sampled calibrations hang on nothing but
// c, the sample count and the seed (the object marks are drawn from a
// stream of their own): c keeps them (keptDraws), so analysing
// another scene on the same calibration, as photo mode does after every
// click on a ship, fits no calibration again.
func Analyse(c *Calibration, sc *Scene, opt Options) (*Result, error) {
	mc := NewMonteCarlo(c, sc, opt)
	runJob(mc)
	return mc.Result()
}

// MonteCarlo is Analyse a piece at a time: the table as marked and its
// rulings, the sampled calibrations (unless c keeps them) a few refits a
// step, the sampled tables a few a step, then the error bars. The steps
// do exactly Analyse's work in its order: the result is the same.
type MonteCarlo struct {
	c     *Calibration
	sc    *Scene
	n     int
	seed  uint64
	stage int
	res   *Result
	err   error
	work  float64

	nominal referee.Table
	pairs   [][2]int
	rulings []referee.Ruling
	drawing *drawing
	drew    bool // the sampled calibrations were refitted (not kept)
	draws   *calDraws
	rng     *rand.Rand
	objPix  [][]physics.Vec
	poseS   [][]Pose
	ranges  [][]float64
	agree   []int
	same    []int // agree, and the arc's verdict too
	arcM    []marginSamples
	losM    []marginSamples
	bandM   []marginSamples
	inArc   []int
	failed  int
	smp     int // the next sample
}

// the stages of a MonteCarlo
const (
	mcStart = iota
	mcDraw
	mcSample
	mcSummary
	mcDone
)

// NewMonteCarlo starts Analyse's work on the scene through c (the
// scene's objects are copied: a later change does not reach it); nothing
// is done until Step.
func NewMonteCarlo(c *Calibration, sc *Scene, opt Options) *MonteCarlo {
	own := *sc
	own.Objects = make([]Object, len(sc.Objects))
	for i, o := range sc.Objects {
		o.Points = append([]physics.Vec(nil), o.Points...)
		own.Objects[i] = o
	}
	n := opt.Samples
	if n == 0 {
		n = DefaultSamples
	}
	return &MonteCarlo{c: c, sc: &own, n: n, seed: opt.Seed}
}

// Step implements Job.
func (mc *MonteCarlo) Step() bool {
	switch mc.stage {
	case mcStart:
		mc.err = mc.start()
		if mc.err != nil {
			mc.stage = mcDone
		}
	case mcDraw:
		k := min(rowsFor(refitUnits), mc.n-mc.drawing.next)
		mc.drawing.draw(k)
		mc.work += float64(k) * refitUnits
		if mc.drawing.next >= mc.n {
			mc.c.keepDraws(mc.drawing.d)
			mc.draws, mc.drawing, mc.stage = mc.drawing.d, nil, mcSample
		}
	case mcSample:
		per := mc.sampleUnits()
		k := min(rowsFor(per), mc.n-mc.smp)
		for range k {
			mc.sample()
		}
		mc.work += float64(k) * per
		if mc.smp >= mc.n {
			mc.stage = mcSummary
		}
	case mcSummary:
		mc.res, mc.err = mc.summary()
		mc.work += float64(len(mc.pairs)+len(mc.sc.Objects)) * buildUnits
		mc.stage = mcDone
	}
	return mc.stage == mcDone
}

// sampleUnits is a sampled table's work: its objects built, its rulings.
func (mc *MonteCarlo) sampleUnits() float64 {
	return float64(len(mc.sc.Objects))*buildUnits + float64(len(mc.pairs))*ruleUnits
}

// start checks the marks, builds the table as marked and rules on every
// ordered pair of ships.
func (mc *MonteCarlo) start() error {
	c, sc := mc.c, mc.sc
	if err := sc.Validate(); err != nil {
		return err
	}
	var all []physics.Vec
	base := make([][]physics.Vec, len(sc.Objects))
	for i, o := range sc.Objects {
		base[i] = o.Points
		all = append(all, o.Points...)
	}
	if err := c.CheckOblique(all...); err != nil {
		return err
	}
	nominal, err := sc.Build(c.Model, base)
	if err != nil {
		return err
	}
	for _, o := range sc.Objects {
		if o.Kind == ShipKind {
			if err := checkFlat(o, c.Model, o.SigmaPx*c.Scale); err != nil {
				return err
			}
		}
	}
	mc.nominal = nominal
	ref := referee.New(nominal, referee.WithMargins())
	for a := range nominal.Ships {
		for t := range nominal.Ships {
			if a != t {
				mc.pairs = append(mc.pairs, [2]int{a, t})
			}
		}
	}
	mc.rulings = make([]referee.Ruling, len(mc.pairs))
	for k, p := range mc.pairs {
		mc.rulings[k] = ref.Rule(p[0], p[1])
	}
	mc.work += mc.sampleUnits()
	mc.rng = rand.New(rand.NewPCG(mc.seed, 0x6f626a656374)) // "object"
	mc.objPix = make([][]physics.Vec, len(sc.Objects))
	for i := range mc.objPix {
		mc.objPix[i] = make([]physics.Vec, len(sc.Objects[i].Points))
	}
	np := len(mc.pairs)
	mc.poseS = make([][]Pose, len(sc.Objects))
	mc.ranges = make([][]float64, np)
	mc.agree, mc.same, mc.inArc = make([]int, np), make([]int, np), make([]int, np)
	mc.arcM, mc.losM, mc.bandM = make([]marginSamples, np), make([]marginSamples, np), make([]marginSamples, np)
	for k, ru := range mc.rulings {
		mc.arcM[k].nominal, mc.losM[k].nominal, mc.bandM[k].nominal = ru.Margins.Arc, ru.Margins.LOS, ru.Margins.Range
	}
	if d := c.keptDraws(mc.n, mc.seed); d != nil {
		mc.draws, mc.stage = d, mcSample
		return nil
	}
	mc.drawing, mc.drew, mc.stage = c.newDrawing(mc.n, mc.seed), true, mcDraw
	return nil
}

// sample draws the next sampled table and rules on it.
func (mc *MonteCarlo) sample() {
	c, sc := mc.c, mc.sc
	smp := mc.smp
	mc.smp++
	// every sample draws its object marks, so the draws of one
	// sample do not hang on whether another's refit failed
	for i, o := range sc.Objects {
		s := o.SigmaPx * c.Scale
		for k, p := range o.Points {
			mc.objPix[i][k] = p.Add(physics.V(mc.rng.NormFloat64()*s, mc.rng.NormFloat64()*s))
		}
	}
	if !mc.draws.ok[smp] {
		mc.failed++
		return
	}
	m := mc.draws.models[smp]
	t, err := sc.Build(m, mc.objPix)
	if err != nil {
		mc.failed++
		return
	}
	for i, o := range sc.Objects {
		mc.poseS[i] = append(mc.poseS[i], objectPose(o, t))
	}
	r := referee.New(t, referee.WithMargins())
	rulings := mc.rulings
	for k, p := range mc.pairs {
		ru := r.Rule(p[0], p[1])
		nom := rulings[k]
		decided := !ru.Overlap && ru.LevelDifference < 2
		mc.arcM[k].add(ru.Margins.Arc, decided, ru.InArc == nom.InArc)
		mc.losM[k].add(ru.Margins.LOS, decided && ru.InArc && nom.InArc, ru.Measured == nom.Measured)
		mc.bandM[k].add(ru.Margins.Range, ru.Measured && nom.Measured, ru.Band == nom.Band)
		if ru.InArc {
			mc.inArc[k]++
		}
		if ru.Reason == rulings[k].Reason && ru.Band == rulings[k].Band {
			mc.agree[k]++
			if ru.InArc == rulings[k].InArc && ru.CanFire == rulings[k].CanFire {
				mc.same[k]++
			}
		}
		if ru.Measured {
			mc.ranges[k] = append(mc.ranges[k], ru.Range)
		}
	}
}

// summary gives the poses and rulings their error bars.
func (mc *MonteCarlo) summary() (*Result, error) {
	c, sc, n := mc.c, mc.sc, mc.n
	if mc.failed > n/20 {
		return nil, unusable("the fit fails for %d of %d sampled sets of marks: the marks are too few or too close together for their precision", mc.failed, n)
	}
	res := &Result{Calibration: c, Table: mc.nominal, Samples: n, Seed: mc.seed, LensPrior: c.Terms < 2 && c.Lens == nil}
	if c.Terms == 0 && c.Lens == nil {
		res.MoreMarks = MarksForK1 - len(c.Residuals)
	}
	for i, o := range sc.Objects {
		res.Poses = append(res.Poses, summarizePose(objectPose(o, mc.nominal), mc.poseS[i]))
	}
	for k := range mc.pairs {
		res.Rulings = append(res.Rulings, summarizeRuling(mc.nominal, mc.rulings[k], mc.ranges[k], mc.agree[k], mc.same[k], mc.inArc[k], n,
			[3]MarginPM{mc.arcM[k].summarize(), mc.losM[k].summarize(), mc.bandM[k].summarize()}))
	}
	return res, nil
}

// Result is the analysis, or why the marks give none; nil, nil before
// the Monte Carlo is over.
func (mc *MonteCarlo) Result() (*Result, error) {
	if mc.stage != mcDone {
		return nil, nil
	}
	return mc.res, mc.err
}

// Progress implements Job: the refits (when they are not kept) half, the
// sampled tables the rest.
func (mc *MonteCarlo) Progress() float64 {
	n := float64(max(1, mc.n))
	switch mc.stage {
	case mcStart:
		return 0
	case mcDraw:
		return 0.5 * float64(mc.drawing.next) / n
	case mcSample:
		if !mc.drew {
			return float64(mc.smp) / n // the refits were kept
		}
		return 0.5 + 0.5*float64(mc.smp)/n
	case mcSummary:
		return 0.99
	}
	return 1
}

// Doing implements Job.
func (mc *MonteCarlo) Doing() string { return fmt.Sprintf("%s: %.0f%%", mc.what(), 100*mc.Progress()) }

// what says in words what the Monte Carlo does now.
func (mc *MonteCarlo) what() string {
	if mc.stage == mcDraw {
		return "sampling the calibration"
	}
	return "measuring the rulings"
}

// Work implements Job.
func (mc *MonteCarlo) Work() float64 { return mc.work }

// drawCache keeps a calibration's last Monte Carlo draws (Analyse);
// shared by the calibration's users, one at a time.
type drawCache struct {
	mu   sync.Mutex
	last *calDraws
}

// calDraws are the n calibrations the Monte Carlo samples for one seed:
// each sample's refitted model, ok false where its refit failed.
type calDraws struct {
	n      int
	seed   uint64
	model  Model // the calibration's own model they were drawn about
	models []Model
	ok     []bool
}

// The sampled calibrations (drawing): each calibration mark moved by its
// precision (times the fit's Scale), the lens's radial terms drawn where
// they are not fitted (from the lens the straight edges measured, or
// from the prior as wide as phone lenses), and the calibration refitted
// to them. The same calibration, count and seed give the same draws: the
// last ones are kept on c (keepDraws) and taken again (keptDraws).

// keptDraws returns the draws c keeps for n samples and seed, nil when
// it keeps none.
func (c *Calibration) keptDraws(n int, seed uint64) *calDraws {
	if c.draws == nil {
		return nil
	}
	c.draws.mu.Lock()
	defer c.draws.mu.Unlock()
	if d := c.draws.last; d != nil && d.n == n && d.seed == seed && d.model == c.Model {
		return d
	}
	return nil
}

// keepDraws keeps d on c (the last draws).
func (c *Calibration) keepDraws(d *calDraws) {
	if c.draws == nil {
		return
	}
	c.draws.mu.Lock()
	defer c.draws.mu.Unlock()
	c.draws.last = d
}

// drawing is the sampled calibrations drawn and refitted a few at a
// time.
type drawing struct {
	c      *Calibration
	d      *calDraws
	rng    *rand.Rand
	calPix []physics.Vec
	next   int
}

func (c *Calibration) newDrawing(n int, seed uint64) *drawing {
	return &drawing{c: c, d: &calDraws{n: n, seed: seed, model: c.Model, models: make([]Model, n), ok: make([]bool, n)},
		rng:    rand.New(rand.NewPCG(seed, 0x70686f746f)), // "photo"
		calPix: make([]physics.Vec, len(c.Residuals))}
}

// draw draws and refits the next k sampled calibrations.
func (dr *drawing) draw(k int) {
	c, rng, calPix := dr.c, dr.rng, dr.calPix
	for smp := dr.next; smp < min(dr.next+k, dr.d.n); smp++ {
		for i, r := range c.Residuals {
			s := r.SigmaPx * c.Scale
			calPix[i] = r.Pixel.Add(physics.V(rng.NormFloat64()*s, rng.NormFloat64()*s))
		}
		k1, k2 := 0.0, 0.0
		switch {
		case c.Lens != nil:
			k1, k2 = c.Lens.draw(rng)
		case c.Terms == 0:
			k1 = rng.NormFloat64() * LensPriorK1
			k2 = rng.NormFloat64() * LensPriorK2
		case c.Terms == 1:
			k2 = rng.NormFloat64() * LensPriorK2
		}
		m, err := c.Refit(calPix, k1, k2)
		dr.d.models[smp], dr.d.ok[smp] = m, err == nil
	}
	dr.next = min(dr.next+k, dr.d.n)
}

func objectPose(o Object, t referee.Table) Pose {
	p := Pose{ID: o.ID}
	for _, s := range t.Ships {
		if s.ID == o.ID {
			p.Pos = s.Pose.Pos
			p.Heading = physics.NormalizeDegrees(s.Pose.Heading.Degrees())
			return p
		}
	}
	for _, ob := range t.Obstacles {
		if ob.ID == o.ID {
			if ob.Kind == referee.Planetoid {
				p.Pos, p.Radius = ob.Circle.C, ob.Circle.R
			} else {
				for _, v := range ob.Polygon {
					p.Pos = p.Pos.Add(v)
				}
				p.Pos = p.Pos.Mul(1 / float64(len(ob.Polygon)))
			}
		}
	}
	return p
}

// summarizePose gives the nominal pose the 95% radii of the samples'
// scatter about it.
func summarizePose(nom Pose, samples []Pose) Pose {
	d := make([]float64, len(samples))
	h := make([]float64, len(samples))
	r := make([]float64, len(samples))
	for i, s := range samples {
		d[i] = s.Pos.Dist(nom.Pos)
		h[i] = math.Abs(physics.NormalizeDegrees(s.Heading-nom.Heading+180) - 180)
		r[i] = math.Abs(s.Radius - nom.Radius)
	}
	nom.PosPM = quantile(d, safeLevel(0.95, len(d)))
	nom.HeadingPM = quantile(h, safeLevel(0.95, len(h)))
	nom.RadiusPM = quantile(r, safeLevel(0.95, len(r)))
	return nom
}

// SafeFactor is how far clear of its limit a measured verdict must stand
// to be called certain, in units of its 95% interval's half-width: the
// margin to the band limit must exceed SafeFactor × RangePM. The interval
// holds the truth 95% of the time; 1.5 times it leaves room for the
// Monte Carlo's own sampling error and for tails the sampling misses.
const SafeFactor = 1.5

// summarizeRuling gives a ruling its error bars and decides whether it is
// certain. Certainty covers every verdict that changes the shot: the arc,
// the line of sight and the band (issue #28). A ruling is certain only
// when every sampled table gives the same reason, band and arc (so the
// Monte Carlo saw no table where the shot changes: with n samples, a
// share of tables above 3/n that change it would have shown one with 95%
// confidence), when the margin of each of those verdicts that applies
// (ms: arc, line of sight, band) stays clear of zero by SafeFactor times
// its 95% interval's half-width, and, when a band limit decides it (in
// range or out of range), its range margin does the same.
func summarizeRuling(t referee.Table, ru referee.Ruling, ranges []float64, agree, same, inArc, n int, ms [3]MarginPM) Ruling {
	out := Ruling{Ruling: ru, Samples: n, Agree: float64(agree) / float64(n), InArcShare: float64(inArc) / float64(n),
		ArcMargin: ms[0], LOSMargin: ms[1], BandMargin: ms[2]}
	if ru.Measured && len(ranges) > 0 {
		out.RangeCI = r1.Interval{Lo: quantile(ranges, 1-safeLevel(0.975, len(ranges))), Hi: quantile(ranges, safeLevel(0.975, len(ranges)))}
		out.RangePM = math.Max(ru.Range-out.RangeCI.Lo, out.RangeCI.Hi-ru.Range)
	}
	byBand := ru.Measured && (ru.Reason == referee.CanFire || ru.Reason == referee.OutOfRange)
	clear := func(m MarginPM) bool { return !m.Known || m.Clear }
	out.Certain = same == n && (!byBand || ru.Margin > SafeFactor*out.RangePM) &&
		clear(out.ArcMargin) && (!ru.InArc || clear(out.LOSMargin)) && (!ru.Measured || clear(out.BandMargin))
	out.Verdict = verdict(t, out)
	return out
}

// safeLevel returns the level at which to read the q-quantile (q > 0.5)
// of n Monte Carlo samples so that the value read is at least the true
// q-quantile with 95% confidence (the sample quantile's own spread,
// 1.645 standard errors of the binomial share): a few samples cannot make
// an interval narrower than the truth.
func safeLevel(q float64, n int) float64 {
	if n == 0 {
		return q
	}
	return math.Min(1, q+1.645*math.Sqrt(q*(1-q)/float64(n)))
}

// quantile returns the q-quantile of xs (sorted in place), interpolated.
func quantile(xs []float64, q float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	pos := q * float64(len(xs)-1)
	i := int(pos)
	if i+1 >= len(xs) {
		return xs[len(xs)-1]
	}
	return xs[i] + (pos-float64(i))*(xs[i+1]-xs[i])
}

func verdict(t referee.Table, r Ruling) string {
	head := fmt.Sprintf("%s → %s: ", r.AttackerID, r.TargetID)
	call := ": certain"
	if !r.Certain {
		if r.Measured {
			call = fmt.Sprintf(": too close to call (±%.1f mm): measure with the ruler", r.RangePM)
		} else {
			call = fmt.Sprintf(": too close to call (the ruling holds in %.0f%% of the sampled tables): measure with the ruler", 100*r.Agree)
		}
	}
	switch r.Reason {
	case referee.Overlap:
		return head + "the bases overlap, no shot" + call
	case referee.Level:
		return head + "two or more levels apart, no shot" + call
	case referee.OutOfArc:
		if r.InArcShare > 0 {
			return head + fmt.Sprintf("out of arc (in arc in %.0f%% of the sampled tables)", 100*r.InArcShare) + call
		}
		return head + "out of arc" + call
	case referee.Blocked:
		return head + "in arc, line of sight blocked" + call
	}
	if r.Band == referee.Out {
		return head + fmt.Sprintf("in arc, out of range, %.1f mm ± %.1f mm beyond long", r.Margin, r.RangePM) + call
	}
	arc := "in arc"
	if math.Round(100*r.InArcShare) < 100 {
		arc = fmt.Sprintf("in arc (in %.0f%% of the sampled tables)", 100*r.InArcShare)
	}
	s := fmt.Sprintf("%s, %s range, %.1f mm ± %.1f mm from %s", arc, r.Band, r.Margin, r.RangePM, bandName(r.MarginTo))
	if r.CoverModifier != 0 {
		s += fmt.Sprintf(", cover %d", r.CoverModifier)
	}
	return head + s + call
}

// MarginWords says each margin that applies with its 95% interval: "arc
// 12.3 ± 2.1 mm, line of sight 5.0 ± 3.9 mm (too close), band 30.1 ±
// 4.0 mm" ("" when none applies). A margin not clear of zero by the safe
// factor says "too close".
func (r Ruling) MarginWords() string {
	var parts []string
	for _, m := range []struct {
		name string
		pm   MarginPM
	}{{"arc", r.ArcMargin}, {"line of sight", r.LOSMargin}, {"band", r.BandMargin}} {
		if !m.pm.Known {
			continue
		}
		p := fmt.Sprintf("%s %.1f ± %.1f mm", m.name, m.pm.MM, m.pm.PM)
		if !m.pm.Clear {
			p += " (too close)"
		}
		parts = append(parts, p)
	}
	if len(parts) == 0 {
		return ""
	}
	return "margins: " + strings.Join(parts, ", ")
}

func bandName(b referee.Band) string {
	if b == referee.Out {
		return "out of range"
	}
	return string(b)
}
