package photo

import (
	"math"
	"sort"

	"github.com/starshipbattles/bsg/physics"
)

// Job is one of the photo's long computations done a piece at a time:
// each Step does at most about StepWork units of work (the pieces that
// cannot be cut, a least-squares fit, are counted whole and are smaller),
// so a screen keeps drawing frames while it runs (the browser's one
// thread included), may show how far it is and may drop it for a newer
// one. The one-shot functions (Marks.AnalyseOn, Marks.FitOn, Analyse,
// Snapper.StraightEdges, Marks.LocateFrame) run the same steps to the
// end: their answers are the steps' answers, bit for bit.
type Job interface {
	// Step does the next piece and reports whether the job is over.
	Step() bool
	// Progress is the share of the work done, from 0 to 1.
	Progress() float64
	// Doing says in words what the job does now and how far it is.
	Doing() string
	// Work is the work done so far, in units (StepWork).
	Work() float64
}

// StepWork is the most work a Job's Step does, in units of about one
// table-plane cell sampled through the calibration (a projection and a
// bilinear sample: an eighth of a microsecond on a desktop's core); the
// other pieces are weighed against it (the *Units constants, measured
// so). About two milliseconds natively, a few times that in the
// browser's WebAssembly: a screen does a few steps in a frame's budget.
const StepWork = 16000

// The weights of the pieces of work, in StepWork's units (measured on a
// desktop's core, each piece's CPU over many steps against the plane's
// cells': BenchmarkPhotoStepLongest compares the longest step with the
// one-shot computation).
const (
	shrinkUnits = 1.0 / 200 // a photo pixel averaged into its block
	gradUnits   = 0.6       // a plane cell's gradient and its vote
	houghUnits  = 9         // a vote cast into the Hough accumulator
	peakUnits   = 1.0 / 10  // an accumulator bin looked at for a peak
	alongUnits  = 1.0 / 5   // a vote looked at to find a line's extent
	followUnits = 2500      // a line followed on the photo (linePoints steps)
	fitUnits    = 12000     // a calibration's least-squares fit
	tableUnits  = 6000      // the play area's edges found, or fitted once
	refitUnits  = 5000      // a sampled calibration refitted
	buildUnits  = 250       // a sampled table built, per object
	ruleUnits   = 500       // a ruling with its margins on a sampled table
)

// rowsFor is how many rows of perRow units each a step does: as many as
// StepWork holds, at least one.
func rowsFor(perRow float64) int {
	if perRow <= 0 {
		return 1 << 30
	}
	return max(1, int(StepWork/perRow))
}

// runJob runs a job to its end.
func runJob(j Job) {
	for !j.Step() {
	}
}

// edgeSearch is StraightEdges a piece at a time (see there): the photo
// shrunk, the table plane sampled, the gradients' votes, the Hough
// accumulator, its peaks and each line followed on the photo, a band of
// rows or a line a step.
type edgeSearch struct {
	s     *Snapper
	m     Model
	stage int
	pl    *plane
	f     int
	g     *gray // the photo shrunk f times
	row   int
	votes []edgeVote
	acc   []float32
	nt    int
	nr    int
	rmax  float64
	peaks []houghPeak
	next  int
	out   []StraightEdge
	work  float64
}

// the stages of an edgeSearch
const (
	esShrink = iota
	esPlane
	esVotes
	esHough
	esPeaks
	esFollow
	esDone
)

// edgeVote is a strong step of the plane: its place (mm), unit gradient
// and size.
type edgeVote struct {
	p    physics.Vec
	n    physics.Vec
	size float64
}

// houghPeak is a local maximum of the Hough accumulator.
type houghPeak struct {
	ti, ri int
	v      float32
}

// Hough: θ in houghStep steps over 360° (the step's sign kept), ρ in
// lineBinMM bins
const houghStep = 0.5

func (s *Snapper) newEdgeSearch(m Model) *edgeSearch {
	es := &edgeSearch{s: s, m: m}
	es.pl, es.f = s.newPlaneAround(m)
	switch {
	case es.pl == nil:
		es.stage = esDone
	case es.f > 1:
		es.g = s.g.newShrunk(es.f)
	default:
		es.g, es.stage = s.g, esPlane
	}
	return es
}

// step does the search's next piece and reports whether it is over.
func (es *edgeSearch) step() bool {
	pl := es.pl
	switch es.stage {
	case esShrink:
		per := float64(es.g.w*es.f*es.f) * shrinkUnits
		n := min(rowsFor(per), es.g.h-es.row)
		es.s.g.shrinkRows(es.g, es.f, es.row, es.row+n)
		es.row += n
		es.work += float64(n) * per
		if es.row >= es.g.h {
			es.stage, es.row = esPlane, 0
		}
	case esPlane:
		n := min(rowsFor(float64(pl.w)), pl.h-es.row)
		pl.sampleAround(es.m, es.g, es.f, es.row, es.row+n)
		es.row += n
		es.work += float64(n * pl.w)
		if es.row >= pl.h {
			es.g, es.stage, es.row = nil, esVotes, 1
		}
	case esVotes:
		n := min(rowsFor(float64(pl.w)*gradUnits), max(0, pl.h-1-es.row))
		for y := es.row; y < es.row+n; y++ {
			es.voteRow(y)
		}
		es.row += n
		es.work += float64(n*pl.w) * gradUnits
		if es.row+1 >= pl.h {
			es.stage, es.row = esHough, 0
			es.nt = int(360 / houghStep)
			es.rmax = LineSearchMM * 1.5
			es.nr = int(2*es.rmax/lineBinMM) + 1
			es.acc = make([]float32, es.nt*es.nr)
		}
	case esHough:
		n := min(rowsFor(houghUnits), len(es.votes)-es.row)
		for _, v := range es.votes[es.row : es.row+n] {
			es.cast(v)
		}
		es.row += n
		es.work += float64(n) * houghUnits
		if es.row >= len(es.votes) {
			es.stage, es.row = esPeaks, 0
		}
	case esPeaks:
		n := min(rowsFor(float64(es.nr)*peakUnits), es.nt-es.row)
		for ti := es.row; ti < es.row+n; ti++ {
			es.peakRow(ti)
		}
		es.row += n
		es.work += float64(n*es.nr) * peakUnits
		if es.row >= es.nt {
			sort.Slice(es.peaks, func(i, j int) bool { return es.peaks[i].v > es.peaks[j].v })
			es.stage, es.acc = esFollow, nil
		}
	case esFollow:
		if es.next < len(es.peaks) && len(es.out) < maxLines {
			es.follow(es.peaks[es.next])
			es.next++
		}
		if es.next >= len(es.peaks) || len(es.out) >= maxLines {
			es.out, es.stage = dedupeLines(es.out), esDone
		}
	}
	return es.stage == esDone
}

// voteRow keeps the strong steps of the plane's row y that are the
// largest along their gradient (an edge votes once).
func (es *edgeSearch) voteRow(y int) {
	pl := es.pl
	for x := 1; x+1 < pl.w; x++ {
		gx := float64(pl.at(x+1, y-1)+2*pl.at(x+1, y)+pl.at(x+1, y+1)-pl.at(x-1, y-1)-2*pl.at(x-1, y)-pl.at(x-1, y+1)) / 8
		gy := float64(pl.at(x-1, y+1)+2*pl.at(x, y+1)+pl.at(x+1, y+1)-pl.at(x-1, y-1)-2*pl.at(x, y-1)-pl.at(x+1, y-1)) / 8
		g := math.Hypot(gx, gy)
		if g*2 < lineMinGrad || math.IsNaN(g) {
			continue
		}
		// non-maximum along the gradient, so an edge votes once
		d := physics.V(gx/g, gy/g)
		a := pl.sampleGrad(float64(x)+d.X, float64(y)+d.Y)
		b := pl.sampleGrad(float64(x)-d.X, float64(y)-d.Y)
		if a > g || b > g {
			continue
		}
		es.votes = append(es.votes, edgeVote{p: pl.origin.Add(physics.V(float64(x), float64(y)).Mul(lineCellMM)), n: d, size: g})
	}
}

// cast adds a vote to the Hough accumulator, within 2° of its gradient.
func (es *edgeSearch) cast(v edgeVote) {
	th := math.Atan2(v.n.Y, v.n.X) * 180 / math.Pi
	for dt := -2.0; dt <= 2; dt += houghStep {
		t := th + dt
		ti := int(math.Round(math.Mod(t+720, 360)/houghStep)) % es.nt
		tr := float64(ti) * houghStep * math.Pi / 180
		rho := v.p.X*math.Cos(tr) + v.p.Y*math.Sin(tr)
		ri := int((rho + es.rmax) / lineBinMM)
		if ri >= 0 && ri < es.nr {
			es.acc[ti*es.nr+ri]++
		}
	}
}

// peakRow keeps the accumulator's peaks at angle ti: bins with the votes
// of MinLineMM's steps, above their neighbours.
func (es *edgeSearch) peakRow(ti int) {
	nt, nr, acc := es.nt, es.nr, es.acc
	minVotes := float32(MinLineMM / lineCellMM * 0.6)
	for ri := range nr {
		v := acc[ti*nr+ri]
		if v < minVotes {
			continue
		}
		top := true
		for dt := -4; dt <= 4 && top; dt++ {
			for dr := -3; dr <= 3; dr++ {
				t, r := (ti+dt+nt)%nt, ri+dr
				if (dt == 0 && dr == 0) || r < 0 || r >= nr {
					continue
				}
				if o := acc[t*nr+r]; o > v || (o == v && (dt < 0 || (dt == 0 && dr < 0))) {
					top = false
					break
				}
			}
		}
		if top {
			es.peaks = append(es.peaks, houghPeak{ti, ri, v})
		}
	}
}

// follow follows a peak's line on the photo: each run of its voters at
// least MinLineMM long.
func (es *edgeSearch) follow(pk houghPeak) {
	tr := float64(pk.ti) * houghStep * math.Pi / 180
	n := physics.V(math.Cos(tr), math.Sin(tr))
	rho := (float64(pk.ri)+0.5)*lineBinMM - es.rmax
	// the line's extent: its voters' positions along it
	u := n.Perp()
	var along []float64
	for _, v := range es.votes {
		if math.Abs(v.p.Dot(n)-rho) < lineBinMM && v.n.Dot(n) > 0.97 {
			along = append(along, v.p.Dot(u))
		}
	}
	es.work += float64(len(es.votes)) * alongUnits
	for _, seg := range segments(along, 3*lineCellMM+lineBinMM) {
		if seg[1]-seg[0] < MinLineMM {
			continue
		}
		es.work += followUnits
		if e, ok := es.s.followLine(es.m, n, rho, seg[0], seg[1]); ok {
			es.out = append(es.out, e)
		}
	}
}

// progress is the share of the search done: the shrink a tenth, the
// plane six tenths, the rest by stage.
func (es *edgeSearch) progress() float64 {
	frac := func(a, b int) float64 { return float64(a) / float64(max(1, b)) }
	switch es.stage {
	case esShrink:
		return 0.1 * frac(es.row, es.g.h)
	case esPlane:
		return 0.1 + 0.6*frac(es.row, es.pl.h)
	case esVotes:
		return 0.7 + 0.1*frac(es.row, es.pl.h)
	case esHough:
		return 0.8 + 0.05*frac(es.row, len(es.votes))
	case esPeaks:
		return 0.85 + 0.05*frac(es.row, es.nt)
	case esFollow:
		return 0.9 + 0.1*frac(es.next, len(es.peaks))
	}
	return 1
}
