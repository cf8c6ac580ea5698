package photo

import (
	"fmt"
	"math"
	"sort"

	"github.com/starshipbattles/bsg/physics"
)

// Twin is a ship where a game has it on the table: its base's size and
// its pose, known roughly (the model may stand a few mm to a few cm from
// it, or have been moved since).
type Twin struct {
	ID          string
	AcrossFlats float64
	Pose        physics.Pose
}

// LocateVerdict says how far a sheet's place found from the bases may be
// trusted (Located).
type LocateVerdict int

const (
	// LocateFound: one place maps three or more of the bases found onto
	// the twin's ships, and no other place maps as many.
	LocateFound LocateVerdict = iota
	// LocateTooFew: fewer than three bases found match the twin's ships
	// under any one place (two always fit some place): At is a guess
	// when Matched is not empty.
	LocateTooFew
	// LocateAmbiguous: another place, far from the best, maps as many
	// bases (a symmetric layout of the ships): At and Rival are both
	// possible.
	LocateAmbiguous
)

// LocateTolMM is how far (mm) a base found may stand from its twin's
// ship, once the sheet is placed, and count as that ship's model: the
// twin's poses are a few mm to a few cm off the models'.
const LocateTolMM = 30

// locateTolDeg is how far a base's facing may turn from its twin's
// (modulo what the base tells of its front) and still match.
const locateTolDeg = 25

// locateMinMatched is how many bases must match their twins for a
// place to be found: two always fit one.
const locateMinMatched = 3

// LocatedMatch is a base found matched to a twin's ship: its index in the
// bases, the twin's, and how far (mm) the base stands from the twin once
// the sheet is placed.
type LocatedMatch struct {
	Base, Twin int
	Off        float64
}

// Located is where the printed sheet lies on the table, found from the
// bases the photo shows matched to the twin's ships (LocateSheet): the
// rotation and translation that best maps the bases onto the ships they
// match, robust to ships moved since and to bases missed.
type Located struct {
	Verdict LocateVerdict
	At      physics.Vec // the table point under the sheet's centre
	Angle   float64     // degrees from the table's x axis to the sheet's, 0..360
	Matched []LocatedMatch
	// RMS is the matched bases' distance from their twins (mm, root mean
	// square); AtPM and AnglePM the place's 95% interval (the radius in
	// mm, degrees) from that scatter. A shift or a turn that every model
	// shares with the others is taken for the sheet's place: the bases
	// tell where the sheet lies among the models, not where the models
	// lie on the table.
	RMS, AtPM, AnglePM float64
	// Rival is the best other place (LocateAmbiguous: as good), nil when
	// no other place matches two bases.
	Rival *Located
}

// rigid maps a point of the frame the bases were found in to the table:
// turned by th radians about the origin, then shifted by t.
type rigid struct {
	th float64
	t  physics.Vec
}

func (r rigid) apply(v physics.Vec) physics.Vec {
	s, c := math.Sincos(r.th)
	return physics.V(c*v.X-s*v.Y+r.t.X, s*v.X+c*v.Y+r.t.Y)
}

// LocateSheet finds where the sheet lies on the table from the bases a
// search found in a frame of the sheet's (the sheet's centre at sheetAt,
// turned 0: Marks.LocateFrame's frame) and the twin's ships on the
// table: every pair of bases matched to every pair of ships of the same
// sizes and as far apart proposes a place; a place counts the bases that
// land within LocateTolMM of a twin ship of their size facing as it does
// (modulo what the base tells of its front), each ship once; the best
// count is refitted by least squares on its matches. Fewer than three
// matches, or another place as good, is said (Verdict): a screen should
// then ask the player.
func LocateSheet(bases []Base, sheetAt physics.Vec, twins []Twin) Located {
	type hyp struct {
		r   rigid
		m   []LocatedMatch
		ssr float64
	}
	var hs []hyp
	consider := func(r rigid) {
		for it := 0; it < 3; it++ {
			m, ssr := matchBases(bases, twins, r)
			if len(m) < 2 {
				return
			}
			nr := fitRigid(bases, twins, m)
			if it == 2 || (math.Abs(nr.th-r.th) < 1e-9 && nr.t.Dist(r.t) < 1e-6) {
				hs = append(hs, hyp{r, m, ssr})
				return
			}
			r = nr
		}
	}
	for i1 := range bases {
		for i2 := i1 + 1; i2 < len(bases); i2++ {
			pb := bases[i2].Pose.Pos.Sub(bases[i1].Pose.Pos)
			db := pb.Norm()
			for j1 := range twins {
				if twins[j1].AcrossFlats != bases[i1].AcrossFlats {
					continue
				}
				for j2 := range twins {
					if j2 == j1 || twins[j2].AcrossFlats != bases[i2].AcrossFlats {
						continue
					}
					pt := twins[j2].Pose.Pos.Sub(twins[j1].Pose.Pos)
					if math.Abs(pt.Norm()-db) > LocateTolMM {
						continue
					}
					th := math.Atan2(pt.Y, pt.X) - math.Atan2(pb.Y, pb.X)
					r := rigid{th: th}
					mid := bases[i1].Pose.Pos.Add(bases[i2].Pose.Pos).Mul(0.5)
					r.t = twins[j1].Pose.Pos.Add(twins[j2].Pose.Pos).Mul(0.5).Sub(rigid{th: th}.apply(mid))
					if !facingMatches(bases[i1], twins[j1], th) || !facingMatches(bases[i2], twins[j2], th) {
						continue
					}
					consider(r)
				}
			}
		}
	}
	if len(hs) == 0 {
		return Located{Verdict: LocateTooFew}
	}
	sort.SliceStable(hs, func(i, j int) bool {
		if len(hs[i].m) != len(hs[j].m) {
			return len(hs[i].m) > len(hs[j].m)
		}
		return hs[i].ssr < hs[j].ssr
	})
	place := func(h hyp) *Located {
		l := &Located{At: h.r.apply(sheetAt), Angle: math.Mod(h.r.th*180/math.Pi+720, 360), Matched: h.m}
		n := float64(len(h.m))
		l.RMS = math.Sqrt(h.ssr / n)
		// the scatter of a match about the fit (2n coordinates, three
		// parameters), never below a base's own precision
		sigma := math.Max(0.5, math.Sqrt(h.ssr/math.Max(1, 2*n-3)))
		var c physics.Vec
		for _, mm := range h.m {
			c = c.Add(bases[mm.Base].Pose.Pos)
		}
		c = c.Mul(1 / n)
		var spread float64
		for _, mm := range h.m {
			spread += bases[mm.Base].Pose.Pos.Sub(c).Norm2()
		}
		sTh := sigma / math.Sqrt(math.Max(spread, 1))
		sAt := math.Sqrt(sigma*sigma/n + math.Pow(sTh*sheetAt.Sub(c).Norm(), 2))
		l.AtPM, l.AnglePM = 2.45*sAt, 1.96*sTh*180/math.Pi
		return l
	}
	best := place(hs[0])
	for _, h := range hs[1:] {
		o := place(h)
		if o.At.Dist(best.At) > LocateTolMM || angleDiff(o.Angle, best.Angle) > 5 {
			best.Rival = o
			break
		}
	}
	switch {
	case len(best.Matched) < locateMinMatched:
		best.Verdict = LocateTooFew
	case best.Rival != nil && len(best.Rival.Matched) >= len(best.Matched):
		best.Verdict = LocateAmbiguous
	}
	return *best
}

// angleDiff is the angle between two directions in degrees (0..180).
func angleDiff(a, b float64) float64 { return math.Abs(math.Remainder(a-b, 360)) }

// facingMatches says whether base b, turned th radians, faces as twin
// ship s does, modulo what the base tells of its front (its fore mark:
// exactly; its front and rear lines: either way; else any of its flats).
func facingMatches(b Base, s Twin, th float64) bool {
	period := 60.0
	switch {
	case b.ForeKnown:
		period = 360
	case b.AxisKnown:
		period = 180
	}
	d := math.Remainder(b.Pose.Heading.Degrees()+th*180/math.Pi-s.Pose.Heading.Degrees(), period)
	return math.Abs(d) <= locateTolDeg
}

// matchBases matches the bases, mapped by r, to the twin's ships of
// their size within LocateTolMM that face as they do, nearest first,
// each ship and base once; with the sum of the squared distances.
func matchBases(bases []Base, twins []Twin, r rigid) ([]LocatedMatch, float64) {
	var cand []LocatedMatch
	for i, b := range bases {
		p := r.apply(b.Pose.Pos)
		for j, s := range twins {
			if s.AcrossFlats != b.AcrossFlats {
				continue
			}
			if d := p.Dist(s.Pose.Pos); d <= LocateTolMM && facingMatches(b, s, r.th) {
				cand = append(cand, LocatedMatch{i, j, d})
			}
		}
	}
	sort.Slice(cand, func(i, j int) bool {
		if cand[i].Off != cand[j].Off {
			return cand[i].Off < cand[j].Off
		}
		return cand[i].Base < cand[j].Base || cand[i].Base == cand[j].Base && cand[i].Twin < cand[j].Twin
	})
	usedB, usedT := map[int]bool{}, map[int]bool{}
	var out []LocatedMatch
	var ssr float64
	for _, c := range cand {
		if usedB[c.Base] || usedT[c.Twin] {
			continue
		}
		usedB[c.Base], usedT[c.Twin] = true, true
		out = append(out, c)
		ssr += c.Off * c.Off
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Base < out[j].Base })
	return out, ssr
}

// fitRigid is the rotation and translation mapping the matched bases
// onto their twins' ships with the least sum of squared distances (two
// dimensions: the turn from the cross and dot sums about the centroids).
func fitRigid(bases []Base, twins []Twin, m []LocatedMatch) rigid {
	var cb, ct physics.Vec
	for _, mm := range m {
		cb = cb.Add(bases[mm.Base].Pose.Pos)
		ct = ct.Add(twins[mm.Twin].Pose.Pos)
	}
	n := float64(len(m))
	cb, ct = cb.Mul(1/n), ct.Mul(1/n)
	var sc, ss float64
	for _, mm := range m {
		a := bases[mm.Base].Pose.Pos.Sub(cb)
		b := twins[mm.Twin].Pose.Pos.Sub(ct)
		sc += a.X*b.X + a.Y*b.Y
		ss += a.X*b.Y - a.Y*b.X
	}
	th := math.Atan2(ss, sc)
	return rigid{th: th, t: ct.Sub(rigid{th: th}.apply(cb))}
}

// String says the verdict in words.
func (v LocateVerdict) String() string {
	switch v {
	case LocateFound:
		return "found"
	case LocateTooFew:
		return "too few bases matched"
	case LocateAmbiguous:
		return "ambiguous"
	}
	return fmt.Sprintf("LocateVerdict(%d)", int(v))
}

// ToTable maps a pose of the located frame (the bases') onto the table
// under the place found.
func (l Located) ToTable(p physics.Pose, sheetAt physics.Vec) physics.Pose {
	th := l.Angle * math.Pi / 180
	r := rigid{th: th}
	r.t = l.At.Sub(r.apply(sheetAt))
	return physics.Pose{Pos: r.apply(p.Pos), Heading: physics.Deg(math.Mod(p.Heading.Degrees()+l.Angle+720, 360))}
}

// LocateFrame is the calibration a search for the sheet's place
// (LocateSheet) finds the bases through: the sheet's marks alone (where
// the play area's edges lie is what is not known), in a frame of the
// sheet's turned 0 and shifted so that the part of the photo within
// reach (mm) of the sheet's centre lies in [0, width] × [0, depth];
// sheetAt is the sheet's centre in it. The marks must have the sheet's
// pixels (found, not asked of the detector).
func (mf *Marks) LocateFrame(s *Snapper, reach float64) (cal *Calibration, sheetAt physics.Vec, width, depth float64, err error) {
	fs := mf.NewLocateFrame(s, reach)
	runJob(fs)
	return fs.Result()
}

// FrameSearch is Marks.LocateFrame a piece at a time: the sheet's marks
// fitted, the photo's straight edges found (a band of rows a step), the
// lens measured from them, then the frame fitted.
type FrameSearch struct {
	s     *Snapper
	reach float64
	marks [4]physics.Vec
	sheet Sheet
	sigma float64
	stage int
	lens  *Lens
	es    *edgeSearch
	cal   *Calibration
	at    physics.Vec
	wd    [2]float64
	err   error
	work  float64
}

// the stages of a FrameSearch
const (
	frStart = iota
	frEdges
	frFrame
	frDone
)

// NewLocateFrame starts LocateFrame's search (see there) on the sheet's
// pixels as they stand; nothing is done until Step.
func (mf *Marks) NewLocateFrame(s *Snapper, reach float64) *FrameSearch {
	fs := &FrameSearch{s: s, reach: reach}
	sh := mf.Sheet
	if sh == nil || sh.Auto {
		fs.err, fs.stage = fmt.Errorf("no sheet found on the photo"), frDone
		return fs
	}
	fs.marks, fs.sheet, fs.sigma = sh.Pixels, sh.Sheet, sh.MarkPx
	return fs
}

// fit fits the sheet's marks with its centre at at (through the lens
// once it is measured).
func (fs *FrameSearch) fit(at physics.Vec) (*Calibration, error) {
	w, h := fs.s.g.w, fs.s.g.h
	var ms []Mark
	for i, c := range fs.sheet.Marks() {
		ms = append(ms, Mark{Name: "sheet " + MarkNames[i], Pixel: fs.marks[i], Table: at.Add(c), SigmaPx: fs.sigma})
	}
	fs.work += fitUnits
	if fs.lens != nil {
		return FitWithLens(ms, w, h, fs.lens)
	}
	return Fit(ms, w, h)
}

// Step implements Job.
func (fs *FrameSearch) Step() bool {
	switch fs.stage {
	case frStart:
		cal, err := fs.fit(physics.Vec{})
		if err != nil {
			fs.err, fs.stage = err, frDone
			break
		}
		fs.cal, fs.es, fs.stage = cal, fs.s.newEdgeSearch(cal.Model), frEdges
	case frEdges:
		before := fs.es.work
		done := fs.es.step()
		fs.work += fs.es.work - before
		if !done {
			break
		}
		// the lens from the photo's long straight edges (no place needed)
		if l, err := MeasureLens(fs.es.out, fs.s.g.w, fs.s.g.h); err == nil {
			fs.lens = l
			if c, err := fs.fit(physics.Vec{}); err == nil {
				fs.cal = c
			}
		}
		fs.es, fs.stage = nil, frFrame
	case frFrame:
		fs.frame()
		fs.stage = frDone
	}
	return fs.stage == frDone
}

// frame fits the frame: the part of the photo within reach of the sheet
// in [0, width] × [0, depth].
func (fs *FrameSearch) frame() {
	w, h, reach, cal := fs.s.g.w, fs.s.g.h, fs.reach, fs.cal
	// the photo's border on the table, within reach of the sheet
	lo, hi := physics.V(math.Inf(1), math.Inf(1)), physics.V(math.Inf(-1), math.Inf(-1))
	const n = 24
	for i := 0; i <= n; i++ {
		f := float64(i) / n
		for _, px := range []physics.Vec{physics.V(f*float64(w), 0), physics.V(f*float64(w), float64(h)), physics.V(0, f*float64(h)), physics.V(float64(w), f*float64(h))} {
			p, ok := cal.Model.ToTable(px)
			if !ok || !p.IsFinite() {
				continue
			}
			p = physics.V(math.Max(-reach, math.Min(reach, p.X)), math.Max(-reach, math.Min(reach, p.Y)))
			lo = physics.V(math.Min(lo.X, p.X), math.Min(lo.Y, p.Y))
			hi = physics.V(math.Max(hi.X, p.X), math.Max(hi.Y, p.Y))
		}
	}
	if !(hi.X > lo.X && hi.Y > lo.Y) {
		fs.cal, fs.err = nil, fmt.Errorf("the photo shows no table around the sheet")
		return
	}
	sheetAt := physics.V(math.Ceil(-lo.X), math.Ceil(-lo.Y))
	c, err := fs.fit(sheetAt)
	if err != nil {
		fs.cal, fs.err = nil, err
		return
	}
	fs.cal, fs.at, fs.wd = c, sheetAt, [2]float64{math.Ceil(hi.X - lo.X), math.Ceil(hi.Y - lo.Y)}
}

// Result is LocateFrame's answer; all zero before the search is over.
func (fs *FrameSearch) Result() (cal *Calibration, sheetAt physics.Vec, width, depth float64, err error) {
	if fs.stage != frDone || fs.err != nil {
		return nil, physics.Vec{}, 0, 0, fs.err
	}
	return fs.cal, fs.at, fs.wd[0], fs.wd[1], nil
}

// Progress implements Job.
func (fs *FrameSearch) Progress() float64 {
	switch fs.stage {
	case frStart:
		return 0
	case frEdges:
		return 0.95 * fs.es.progress()
	case frFrame:
		return 0.95
	}
	return 1
}

// Doing implements Job.
func (fs *FrameSearch) Doing() string {
	what := "fitting the photo to the sheet"
	if fs.stage == frEdges {
		what = "finding the photo's straight edges"
	}
	return fmt.Sprintf("%s: %.0f%%", what, 100*fs.Progress())
}

// Work implements Job.
func (fs *FrameSearch) Work() float64 { return fs.work }
