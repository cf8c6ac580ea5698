package photo

import (
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/physics"
)

// SearchStage is where a base search (BaseSearch) stands.
type SearchStage int

const (
	// SearchPlane: the photo is read onto the table plane.
	SearchPlane SearchStage = iota
	// SearchScore: hexagons of a base's size are scored over the plane.
	SearchScore
	// SearchFit: each hexagon that scored is fitted to the photo's edges.
	SearchFit
	// SearchDone: the search is over (Bases).
	SearchDone
)

// String says in words what a search at this stage is doing.
func (st SearchStage) String() string {
	switch st {
	case SearchPlane:
		return "reading the table from the photo"
	case SearchScore:
		return "looking for hexagons the size of a base"
	case SearchFit:
		return "fitting each one found to its edges"
	}
	return "done"
}

// searchPlaneRows is how many rows of the table plane (FindCellMM each)
// a step of a base search samples: a few milliseconds' work, like one row
// of the coarse grid scored.
const searchPlaneRows = 16

// BaseSearch is FindBases a piece at a time: each Step does a bounded
// part of the work (a band of the table plane's rows, one row of the
// coarse grid for one size, or one candidate's fit), so a screen keeps
// drawing frames while it runs (the browser's one thread included) and
// may show its progress or drop it. The steps do exactly FindBases's
// work in its order: the bases are the same.
type BaseSearch struct {
	s            *Snapper
	m            Model
	width, depth float64
	sizes        []float64 // the base sizes asked for, smallest first
	classes      map[float64][]string

	stage SearchStage
	plane *plane
	g     *gray
	f     int
	row   int // the next plane row to sample
	size  int // the size scored
	scan  *hexScan
	gy    int // the next grid row to score
	cands []sizedCandidate
	fit   int // the next candidate to fit
	found []Base
	out   []Base
	// the plane's and the scores' work done and to do, in units of
	// about equal cost (a cell sampled, a grid point's orientations)
	done, total float64
}

// sizedCandidate is a hexagon that scored, with its size.
type sizedCandidate struct {
	c           hexCandidate
	acrossFlats float64
}

// NewBaseSearch starts FindBases's search (see there) for the bases of
// the classes given on the part of the table of width × depth mm the
// photo shows, through the calibration m. Nothing is done until Step.
func (s *Snapper) NewBaseSearch(m Model, width, depth float64, classes []ClassSize) *BaseSearch {
	bs := &BaseSearch{s: s, m: m, width: width, depth: depth, classes: map[float64][]string{}}
	for _, c := range classes {
		if c.AcrossFlats > 0 && !slices.Contains(bs.classes[c.AcrossFlats], c.Class) {
			if len(bs.classes[c.AcrossFlats]) == 0 {
				bs.sizes = append(bs.sizes, c.AcrossFlats)
			}
			bs.classes[c.AcrossFlats] = append(bs.classes[c.AcrossFlats], c.Class)
		}
	}
	sort.Float64s(bs.sizes)
	if len(bs.sizes) == 0 {
		bs.stage = SearchDone
		return bs
	}
	// the costs: a plane row samples w cells; a grid row scores w/step
	// points at every orientation (about the same per point, ×36 probes
	// ÷ ~20 per ToPixel)
	w, h := width/FindCellMM+1, depth/FindCellMM+1
	step := math.Max(1, math.Floor(findGridMM/FindCellMM))
	gridRow := (w / step) * (60 / findAngleStep) * 36 / 20
	bs.total = h*w + float64(len(bs.sizes))*(h/step+1)*gridRow
	return bs
}

// Step does the next part of the search and reports whether it is over.
func (bs *BaseSearch) Step() bool {
	switch bs.stage {
	case SearchPlane:
		if bs.plane == nil {
			bs.plane, bs.g, bs.f = bs.s.newTablePlane(bs.m, bs.width, bs.depth)
		}
		bs.plane.sampleRows(bs.m, bs.g, bs.f, bs.row, bs.row+searchPlaneRows)
		n := min(searchPlaneRows, bs.plane.h-bs.row)
		bs.row += n
		bs.done += float64(n * bs.plane.w)
		if bs.row >= bs.plane.h {
			bs.g, bs.stage = nil, SearchScore
		}
	case SearchScore:
		if bs.scan == nil {
			bs.scan, bs.gy = bs.plane.newHexScan(bs.sizes[bs.size]), 0
		}
		bs.scan.scoreRow(bs.gy)
		bs.gy++
		bs.done += float64(bs.scan.gw) * float64(len(bs.scan.angles)) * 36 / 20
		if bs.gy >= bs.scan.gh {
			for _, c := range bs.scan.peaks() {
				bs.cands = append(bs.cands, sizedCandidate{c, bs.sizes[bs.size]})
			}
			bs.scan = nil
			bs.size++
			if bs.size == len(bs.sizes) {
				bs.stage = SearchFit
			}
		}
	case SearchFit:
		if bs.fit < len(bs.cands) {
			bs.fitOne(bs.cands[bs.fit])
			bs.fit++
		}
		if bs.fit >= len(bs.cands) {
			bs.finish()
		}
	}
	return bs.stage == SearchDone
}

// fitOne fits a hexagon that scored to the photo's edges and keeps it as
// a base when it fits as a base's outline does.
func (bs *BaseSearch) fitOne(sc sizedCandidate) {
	s, m, c, a := bs.s, bs.m, sc.c, sc.acrossFlats
	pose := physics.Pose{Pos: c.pos, Heading: physics.Deg(c.deg)}
	pose, pts, cov, sigma, err := s.fitBase(m, pose, a, math.Max(SnapSearchPx, 2*FindCellMM/bs.plane.mmPerPx))
	if err != nil || pose.Pos.Dist(c.pos) > findGridMM*2 || sigma > MaxBaseFitPx*bs.plane.mmPerPx || float64(len(pts)) < MinBaseEdges*6*snapSamples || sigma > MaxHexOverCircle*circleRMS(pts) {
		return
	}
	k, fore, told, axis := s.foreFlat(m, pose, a)
	b := Base{AcrossFlats: a, Classes: bs.classes[a], Contrast: c.score, Fore: fore, ForeKnown: told, AxisKnown: axis, Fit: sigma}
	pose.Heading += s1.Angle(float64(k) * math.Pi / 3)
	pose.Heading = physics.Deg(math.Mod(pose.Heading.Degrees()+720, 360))
	sn, err := snappedBase(m, pose, a, pts, cov, sigma, nil)
	if err != nil {
		return
	}
	b.Pose, b.Snapped = pose, sn
	bs.found = append(bs.found, b)
}

// finish keeps the bases best first, none overlapping another.
func (bs *BaseSearch) finish() {
	sort.SliceStable(bs.found, func(i, j int) bool { return bs.found[i].Contrast > bs.found[j].Contrast })
	for _, c := range bs.found {
		clear := true
		for _, o := range bs.out {
			if o.Pose.Pos.Dist(c.Pos()) < (o.AcrossFlats+c.AcrossFlats)/2*0.9 {
				clear = false
				break
			}
		}
		if clear {
			bs.out = append(bs.out, c)
		}
	}
	bs.plane, bs.found, bs.stage = nil, nil, SearchDone
}

// Stage is where the search stands.
func (bs *BaseSearch) Stage() SearchStage { return bs.stage }

// Progress is the share of the search's work done, from 0 to 1: the
// plane and the scores nine tenths (by their cells and grid points), the
// fits the last tenth (by the hexagons fitted).
func (bs *BaseSearch) Progress() float64 {
	switch {
	case bs.stage == SearchDone:
		return 1
	case bs.stage == SearchFit:
		return 0.9 + 0.1*float64(bs.fit)/float64(max(1, len(bs.cands)))
	case bs.total <= 0:
		return 0
	}
	return 0.9 * math.Min(1, bs.done/bs.total)
}

// Doing says in words what the search does now and how far it is, for a
// screen to show while it runs ("looking for hexagons the size of a base
// (45 mm): 42%").
func (bs *BaseSearch) Doing() string {
	what := bs.stage.String()
	switch bs.stage {
	case SearchScore:
		what = fmt.Sprintf("looking for hexagons the size of a base (%g mm)", bs.sizes[min(bs.size, len(bs.sizes)-1)])
	case SearchFit:
		what = fmt.Sprintf("fitting hexagon %d of %d to its edges", min(bs.fit+1, len(bs.cands)), len(bs.cands))
	}
	return fmt.Sprintf("%s: %.0f%%", what, 100*bs.Progress())
}

// Bases are the bases found, best first, none overlapping another (as
// FindBases returns them); nil before the search is over.
func (bs *BaseSearch) Bases() []Base { return bs.out }
