package photo

import (
	"fmt"
	"image"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
)

// FromPhoto reads a marks file for a photo, finds the calibration sheet
// on it when the file says `marks: auto`, fits the calibration and
// analyses the marked table (the whole of `bsg photo`). name is the marks
// file's name, for messages.
func FromPhoto(img image.Image, name string, data []byte, comp *assets.Components) (*Result, error) {
	b := img.Bounds()
	mf, err := ParseMarks(name, data, comp, b.Dx(), b.Dy())
	if err != nil {
		return nil, err
	}
	return mf.Run(img)
}

// Run finds the sheet on the photo when the marks ask for it, fits the
// calibration and analyses the marked table.
func (mf *Marks) Run(img image.Image) (*Result, error) {
	b := img.Bounds()
	var found *[4]physics.Vec
	if mf.Sheet != nil && mf.Sheet.Auto {
		det, err := DetectSheet(img, mf.Sheet.Sheet)
		if err != nil {
			return nil, err
		}
		found = &det.Pixels
	}
	if !mf.Edges {
		return mf.Analyse(found, b.Dx(), b.Dy())
	}
	cal, err := mf.fit(img, NewSnapper(img), found)
	if err != nil {
		return nil, err
	}
	return Analyse(cal, &mf.Scene, Options{Samples: mf.Samples, Seed: mf.Seed})
}

// AnalyseOn fits the calibration from the marks as they stand (found
// pixels already in the sheet's placement), with the play area's edges
// found on the snapper's photo when the marks ask for them (Edges), and
// analyses the marked table: photo mode's path, which keeps one Snapper
// for its photo. It is NewAnalysis run to its end.
func (mf *Marks) AnalyseOn(s *Snapper) (*Result, error) {
	an := mf.NewAnalysis(s)
	runJob(an)
	return an.Result()
}

// FitOn fits the calibration from the marks as they stand, with the play
// area's edges found on the snapper's photo when the marks ask for them:
// NewFit run to its end.
func (mf *Marks) FitOn(s *Snapper) (*Calibration, error) {
	fs := mf.NewFit(s)
	runJob(fs)
	return fs.Result()
}

// fitEdges is the calibration of `edges: auto` (FitSearch) run to its
// end.
func (mf *Marks) fitEdges(s *Snapper, marks []Mark, w, h int) (*Calibration, error) {
	fs := mf.newFit(s, marks, w, h, true)
	runJob(fs)
	return fs.Result()
}

// FitSearch is the calibration of Marks.FitOn a piece at a time. With
// `edges: auto` (the default): the lens measured from the long straight
// edges the photo shows (StraightEdges, MeasureLens: no table size or
// sheet place needed), the marks fitted with it; then, when the marks
// place the table (the sheet's at or angle given, or four or more
// points), the play area's edges looked for where that puts them and
// fitted as line marks (FitWithTableEdges), which also fix the
// perspective; when they do not, the play area's sides among the
// straight edges (PlayAreaSides) fitted as a rectangle of unknown size
// and place, which fixes the perspective too. Without straight edges it
// is the marks' own fit. The calibration's Edges says which was used.
// The snapper keeps the result for the same marks and table (photo mode
// refits on every click, and a ship's click changes neither): a search
// whose answer is kept is over at its first step.
type FitSearch struct {
	s            *Snapper
	marks        []Mark
	w, h         int
	edges        bool
	placed       bool
	width, depth float64
	key          edgeFitKey

	stage int
	cal   *Calibration
	err   error
	es    *edgeSearch
	found []StraightEdge
	te    *tableEdgeFit
	work  float64
}

// the stages of a FitSearch
const (
	fsMarks = iota
	fsEdges
	fsLens
	fsTable
	fsSides
	fsDone
)

// NewFit starts Marks.FitOn's calibration on the marks as they stand
// (they are copied: a later change does not reach it); nothing is done
// until Step.
func (mf *Marks) NewFit(s *Snapper) *FitSearch {
	return mf.newFit(s, mf.Calibration(nil), s.g.w, s.g.h, mf.Edges)
}

func (mf *Marks) newFit(s *Snapper, marks []Mark, w, h int, edges bool) *FitSearch {
	marks = append([]Mark(nil), marks...)
	placed := (mf.Sheet != nil && mf.Sheet.Placed) || len(mf.Points) >= 4
	fs := &FitSearch{s: s, marks: marks, w: w, h: h, edges: edges, placed: placed, width: mf.Scene.Table.Width, depth: mf.Scene.Table.Depth}
	fs.key = edgeFitKey{w: w, h: h, width: fs.width, depth: fs.depth, placed: placed, marks: marks}
	return fs
}

// Step implements Job.
func (fs *FitSearch) Step() bool {
	switch fs.stage {
	case fsMarks:
		if !fs.edges {
			fs.cal, fs.err = Fit(fs.marks, fs.w, fs.h)
			fs.work += fitUnits
			fs.stage = fsDone
			break
		}
		if c, ok := fs.s.cachedFit(fs.key); ok {
			fs.cal, fs.stage = c, fsDone
			break
		}
		fs.cal, fs.err = Fit(fs.marks, fs.w, fs.h)
		fs.work += fitUnits
		if fs.err != nil {
			fs.stage = fsDone
			break
		}
		fs.cal.Edges = EdgesNotFound
		fs.es, fs.stage = fs.s.newEdgeSearch(fs.cal.Model), fsEdges
	case fsEdges:
		before := fs.es.work
		done := fs.es.step()
		fs.work += fs.es.work - before
		if done {
			fs.found, fs.es, fs.stage = fs.es.out, nil, fsLens
		}
	case fsLens:
		if lens, err := MeasureLens(fs.found, fs.w, fs.h); err == nil {
			if c, err := FitWithLens(fs.marks, fs.w, fs.h, lens); err == nil {
				c.Edges = EdgesLens
				fs.cal = c
			}
		}
		fs.work += fitUnits
		if fs.placed {
			fs.te, fs.stage = fs.s.newTableEdgeFit(fs.cal, fs.marks, fs.w, fs.h, fs.width, fs.depth), fsTable
		} else {
			fs.stage = fsSides
		}
	case fsTable:
		done := fs.te.step()
		fs.work += tableUnits
		if done {
			if fs.te.used > 0 {
				fs.te.best.Edges = EdgesTable
				fs.cal = fs.te.best
			}
			fs.finish()
		}
	case fsSides:
		if sides := PlayAreaSides(fs.found, fs.cal.Model); len(sides) > 0 {
			if c, err := Fit(append(append([]Mark(nil), fs.marks...), sides...), fs.w, fs.h); err == nil {
				c.Edges = EdgesRectangle
				fs.cal = c
			}
		}
		fs.work += fitUnits
		fs.finish()
	}
	return fs.stage == fsDone
}

// finish keeps the calibration on the snapper for the same marks.
func (fs *FitSearch) finish() {
	fs.s.keepFit(fs.key, fs.cal)
	fs.stage = fsDone
}

// Result is the calibration, or why it failed; nil, nil before the
// search is over.
func (fs *FitSearch) Result() (*Calibration, error) {
	if fs.stage != fsDone {
		return nil, nil
	}
	return fs.cal, fs.err
}

// Progress implements Job: the straight edges nine tenths.
func (fs *FitSearch) Progress() float64 {
	switch fs.stage {
	case fsMarks:
		return 0
	case fsEdges:
		return 0.9 * fs.es.progress()
	case fsLens, fsSides:
		return 0.9
	case fsTable:
		return 0.9 + 0.1*float64(fs.te.round)/3
	}
	return 1
}

// Doing implements Job.
func (fs *FitSearch) Doing() string { return fmt.Sprintf("%s: %.0f%%", fs.what(), 100*fs.Progress()) }

// what says in words what the search does now.
func (fs *FitSearch) what() string {
	switch fs.stage {
	case fsEdges:
		return "finding the photo's straight edges"
	case fsLens, fsSides:
		return "measuring the lens"
	case fsTable:
		return "fitting the play area's edges"
	}
	return "fitting the photo to the sheet"
}

// Work implements Job.
func (fs *FitSearch) Work() float64 { return fs.work }

// fit fits the calibration, with the play area's edges found on the photo
// when the marks ask for them (Edges).
func (mf *Marks) fit(img image.Image, s *Snapper, found *[4]physics.Vec) (*Calibration, error) {
	b := img.Bounds()
	if !mf.Edges {
		return Fit(mf.Calibration(found), b.Dx(), b.Dy())
	}
	return mf.fitEdges(s, mf.Calibration(found), b.Dx(), b.Dy())
}

// SnapOutcome is what snapping did to one ship's clicks: the fit, or why
// the clicks stay (Err).
type SnapOutcome struct {
	ID      string
	Clicked []physics.Vec
	Snapped *Snapped // a ship's base
	Rim     *Rim     // a planetoid's rim
	Err     error
}

// RunSnapped is Run with every ship's clicks first snapped to its base's
// edges on the photo (Snapper.Ship, through the calibration fitted from
// the marks) and every planetoid's to its rim (Snapper.Planetoid); an
// object whose snap is refused keeps its clicks.
func (mf *Marks) RunSnapped(img image.Image) (*Result, []SnapOutcome, error) {
	cal, s, err := mf.Calibrate(img)
	if err != nil {
		return nil, nil, err
	}
	var outs []SnapOutcome
	for i := range mf.Scene.Objects {
		o := &mf.Scene.Objects[i]
		switch o.Kind {
		case ShipKind:
			sn, err := s.Ship(cal.Model, *o)
			outs = append(outs, SnapOutcome{ID: o.ID, Clicked: o.Points, Snapped: sn, Err: err})
			if err == nil {
				o.Points, o.SigmaPx = sn.Points, sn.SigmaPx
			}
		case PlanetoidKind:
			rim, err := s.Planetoid(cal.Model, *o)
			outs = append(outs, SnapOutcome{ID: o.ID, Clicked: o.Points, Rim: rim, Err: err})
			if err == nil {
				o.Points, o.SigmaPx = rim.Points, rim.SigmaPx
			}
		}
	}
	res, err := Analyse(cal, &mf.Scene, Options{Samples: mf.Samples, Seed: mf.Seed})
	return res, outs, err
}

// Analyse fits the calibration (with found, the detected sheet marks, when
// the marks ask for automatic detection) and analyses the marked table:
// NewMarksAnalysis run to its end.
func (mf *Marks) Analyse(found *[4]physics.Vec, w, h int) (*Result, error) {
	an := mf.NewMarksAnalysis(found, w, h)
	runJob(an)
	return an.Result()
}

// NewMarksAnalysis starts Marks.Analyse's work (the marks' own fit, no
// straight edges, for a photo of w × h pixels) on the marks as they
// stand; nothing is done until Step.
func (mf *Marks) NewMarksAnalysis(found *[4]physics.Vec, w, h int) *Analysis {
	return mf.newAnalysis(mf.newFit(nil, mf.Calibration(found), w, h, false))
}

// Calibrate finds the sheet on the photo when the marks ask for it and
// fits the calibration (with the lens from the photo's straight edges
// when they ask for edges), returning it with the photo's snapper.
func (mf *Marks) Calibrate(img image.Image) (*Calibration, *Snapper, error) {
	var found *[4]physics.Vec
	if mf.Sheet != nil && mf.Sheet.Auto {
		det, err := DetectSheet(img, mf.Sheet.Sheet)
		if err != nil {
			return nil, nil, err
		}
		found = &det.Pixels
	}
	s := NewSnapper(img)
	cal, err := mf.fit(img, s, found)
	return cal, s, err
}

// ProposeShips finds the bases of the given classes on the photo
// (Snapper.FindBases, through cal, on the marks' table) that no marked
// ship stands on yet, and returns each as a ship's marks for the player
// to confirm: its front corners as fitted, with their precision, the
// first class of its size (the player changes it when several fit), an
// id not yet taken (NewID's: named as every mode names a new ship).
// Bases whose front the photo does not tell come with the flat the fit
// put ahead, and found says so.
func (mf *Marks) ProposeShips(s *Snapper, cal *Calibration, classes []ClassSize) (ships []Object, found []Base) {
	return mf.Proposals(cal, s.FindBases(cal.Model, mf.Scene.Table.Width, mf.Scene.Table.Depth, classes))
}

// Proposals is ProposeShips's answer from the bases a search found
// (FindBases, or a BaseSearch run a piece at a time through cal on the
// marks' table): those no marked ship stands on yet, each as a ship's
// marks to confirm, with the base it comes from.
func (mf *Marks) Proposals(cal *Calibration, bases []Base) (ships []Object, found []Base) {
	taken := map[string]bool{}
	var stands []physics.Vec
	for _, o := range mf.Scene.Objects {
		taken[o.ID] = true
		if o.Kind == ShipKind && len(o.Points) == 2 {
			if l, ok1 := cal.Model.ToTable(o.Points[0]); ok1 {
				if r, ok2 := cal.Model.ToTable(o.Points[1]); ok2 {
					stands = append(stands, ShipPose(l, r, o.AcrossFlats).Pos)
				}
			}
		}
	}
	for _, b := range bases {
		near := false
		for _, p := range stands {
			near = near || p.Dist(b.Pose.Pos) < b.AcrossFlats*0.9
		}
		if near {
			continue
		}
		c := b.Classes[0]
		id := ""
		if mf.NewID != nil {
			id = mf.NewID(c, func(id string) bool { return taken[id] })
		} else {
			for n := 1; ; n++ {
				if id = fmt.Sprintf("%s-%d", c, n); !taken[id] {
					break
				}
			}
		}
		taken[id] = true
		ships = append(ships, Object{ID: id, Kind: ShipKind, Class: c, AcrossFlats: b.AcrossFlats, Level: 1,
			Points: b.Snapped.Points, SigmaPx: b.Snapped.SigmaPx})
		found = append(found, b)
	}
	return ships, found
}

// Analysis is Marks.AnalyseOn a piece at a time: the calibration
// (FitSearch: the photo's straight edges when the marks ask for them),
// then the Monte Carlo (MonteCarlo). The marks are taken as they stand
// when it starts.
type Analysis struct {
	fit *FitSearch
	mc  *MonteCarlo
	sc  Scene
	opt Options
	// withFit: the calibration is fitted, not kept on the snapper (its
	// share of the progress)
	withFit bool
	res     *Result
	err     error
	done    bool
}

// NewAnalysis starts Marks.AnalyseOn's work on the marks as they stand;
// nothing is done until Step.
func (mf *Marks) NewAnalysis(s *Snapper) *Analysis { return mf.newAnalysis(mf.NewFit(s)) }

func (mf *Marks) newAnalysis(fit *FitSearch) *Analysis {
	an := &Analysis{fit: fit, sc: mf.Scene, opt: Options{Samples: mf.Samples, Seed: mf.Seed}}
	an.sc.Objects = append([]Object(nil), mf.Scene.Objects...)
	return an
}

// Step implements Job.
func (an *Analysis) Step() bool {
	switch {
	case an.done:
	case an.mc == nil:
		first := an.fit.stage == fsMarks
		if an.fit.Step() {
			cal, err := an.fit.Result()
			if err != nil {
				an.err, an.done = err, true
				break
			}
			an.mc = NewMonteCarlo(cal, &an.sc, an.opt)
		} else if first {
			an.withFit = true
		}
	default:
		if an.mc.Step() {
			an.res, an.err = an.mc.Result()
			an.done = true
		}
	}
	return an.done
}

// Result is the analysis, or why the marks give none; nil, nil before it
// is over.
func (an *Analysis) Result() (*Result, error) { return an.res, an.err }

// Calibration is the calibration fitted; nil before it is.
func (an *Analysis) Calibration() *Calibration {
	if an.mc == nil {
		return nil
	}
	return an.mc.c
}

// Progress implements Job: the calibration's fit half when it is not
// kept, the Monte Carlo the rest.
func (an *Analysis) Progress() float64 {
	switch {
	case an.done:
		return 1
	case an.mc == nil:
		return 0.5 * an.fit.Progress()
	case an.withFit:
		return 0.5 + 0.5*an.mc.Progress()
	}
	return an.mc.Progress()
}

// Doing implements Job.
func (an *Analysis) Doing() string {
	what := "measuring"
	switch {
	case an.mc == nil:
		what = an.fit.what()
	case !an.done:
		what = an.mc.what()
	}
	return fmt.Sprintf("%s: %.0f%%", what, 100*an.Progress())
}

// Work implements Job.
func (an *Analysis) Work() float64 {
	w := an.fit.Work()
	if an.mc != nil {
		w += an.mc.Work()
	}
	return w
}

// FitKept reports whether the calibration of the marks as they stand is
// at hand without work: the snapper keeps it (an edge fit done before),
// or the marks ask for no straight edges (their own fit is quick).
func (mf *Marks) FitKept(s *Snapper) bool {
	if !mf.Edges {
		return true
	}
	_, ok := s.cachedFit(mf.NewFit(s).key)
	return ok
}
