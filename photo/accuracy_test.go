package photo_test

import (
	"flag"
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/referee"
)

var long = flag.Bool("long", false, "run the 1000-trial accuracy and coverage tests (make bench)")

// A 12-megapixel photo, as the issue asks.
const photoW, photoH = 4000, 3000

func components(t testing.TB) *assets.Components {
	if t == nil {
		return assets.Default()
	}
	c, err := assets.Load()
	require.NoError(t, err)
	return c
}

func percentile(xs []float64, q float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	return s[int(q*float64(len(s)-1))]
}

// trialRun is one synthetic photo: its pose errors and whether each
// stated 95% interval of range_mm held the true range.
type trialRun struct {
	poseErr []float64
	poseIn  int // poses whose stated 95% radius holds the true stand
	covered bool
	pm      float64
	certain bool
	wrong   bool // certain, yet the true band or reason differs
	// margins stated with an interval, and those whose interval holds
	// the true margin
	margins, marginsIn int
}

// runTrial photographs a random table: the sheet's marks found with
// noise sheetPx (the detector's stated precision, DefaultMarkPx, is larger
// than what it achieves on rendered photos), the play area's corners
// (when corners) and the ships' front corners clicked with noise clickPx.
func runTrial(t testing.TB, rng *rand.Rand, comp *assets.Components, sheetPx, clickPx float64, corners bool, samples int) (trialRun, bool) {
	tr := phototest.RandomTrial(rng, comp, photoW, photoH, 35, 0.01)
	marks := tr.SheetMarks(rng, sheetPx)
	if corners {
		marks = append(marks, tr.CornerMarks(rng, clickPx)...)
	}
	cal, err := photo.Fit(marks, photoW, photoH)
	if err != nil {
		t.Logf("fit refused (tilt %.0f°): %v", tr.Cam.Tilt(), err)
		return trialRun{}, false
	}
	sc := tr.Scene(rng, clickPx)
	res, err := photo.Analyse(cal, sc, photo.Options{Samples: samples, Seed: rng.Uint64()})
	if err != nil {
		t.Logf("analysis refused (tilt %.0f°): %v", tr.Cam.Tilt(), err)
		return trialRun{}, false
	}
	var run trialRun
	for i, s := range tr.Truth.Ships {
		d := res.Table.Ships[i].Pose.Pos.Dist(s.Pose.Pos)
		run.poseErr = append(run.poseErr, d)
		if d <= res.Poses[i].PosPM {
			run.poseIn++
		}
	}
	truth := referee.New(tr.Truth).Rule(0, 1)
	ru := res.Rulings[0] // viper-1 → raider-1
	if !truth.Measured || !ru.Measured {
		return run, false
	}
	run.covered = math.Abs(truth.Range-ru.Range) <= ru.RangePM
	run.pm = ru.RangePM
	run.certain = ru.Certain
	run.wrong = ru.Certain && (truth.Reason != ru.Reason || truth.Band != ru.Band)
	return run, true
}

type summary struct {
	trials, refused, covered, certain, wrong, poseIn int
	margins, marginsIn                               int
	poseErr, pm                                      []float64
}

func runTrials(t testing.TB, n int, seed uint64, sheetPx, clickPx float64, corners bool, samples int) summary {
	comp := components(t)
	rng := rand.New(rand.NewPCG(seed, 1))
	var s summary
	for range n {
		run, ok := runTrial(t, rng, comp, sheetPx, clickPx, corners, samples)
		if !ok {
			s.refused++
			continue
		}
		s.trials++
		s.poseErr = append(s.poseErr, run.poseErr...)
		s.pm = append(s.pm, run.pm)
		s.poseIn += run.poseIn
		if run.covered {
			s.covered++
		}
		if run.certain {
			s.certain++
		}
		if run.wrong {
			s.wrong++
		}
	}
	return s
}

func (s summary) report(t testing.TB, what string) {
	t.Logf("%s: %d trials (%d refused); pose error mm: median %.2f, 90%% %.2f, 99%% %.2f, max %.2f; "+
		"range ± (95%%) median %.2f mm; range coverage %d/%d = %.1f%%; pose coverage %d/%d = %.1f%%; certain %d, certain but wrong %d",
		what, s.trials, s.refused, percentile(s.poseErr, 0.5), percentile(s.poseErr, 0.9), percentile(s.poseErr, 0.99),
		percentile(s.poseErr, 1), percentile(s.pm, 0.5), s.covered, s.trials, 100*float64(s.covered)/float64(s.trials),
		s.poseIn, len(s.poseErr), 100*float64(s.poseIn)/float64(len(s.poseErr)), s.certain, s.wrong)
}

// TestPoseErrorTwelveMegapixels: a 12-megapixel photo of a 900 mm table,
// tilted up to 35° with lens distortion up to 1%, the sheet's marks and the
// ships' front corners clicked with 1 px noise: the median error of the
// recovered stands is under 2 mm. The sheet's marks are taken with the
// detector's stated precision (0.5 px; it achieves under 0.25 px on
// rendered photos, TestDetectSheetOnRenderedPhotos).
func TestPoseErrorTwelveMegapixels(t *testing.T) {
	n := 60
	if *long {
		n = 1000
	}
	s := runTrials(t, n, 7, photo.DefaultMarkPx, 1.0, false, 100)
	s.report(t, "sheet found (0.5 px), ships clicked (1 px)")
	require.Greater(t, s.trials, n*9/10, "too many photos refused")
	assert.Less(t, percentile(s.poseErr, 0.5), 2.0)
}

// TestCoverage95: the true range lies in the stated 95% interval in at
// least 95% of trials. The short run asks 90% of 80 trials (a calibrated
// interval passes that with near certainty and a badly miscalibrated one
// fails it); -long runs 1000 trials and asks 95%. The trials are seeded,
// so a run's figures are the same every time.
func TestCoverage95(t *testing.T) {
	n, need := 80, 0.90
	if *long {
		n, need = 1000, 0.95
	}
	for _, corners := range []bool{false, true} {
		s := runTrials(t, n, 11, photo.DefaultMarkPx, 1.0, corners, 400)
		what := "sheet only"
		if corners {
			what = "sheet and play-area corners"
		}
		s.report(t, what)
		assert.GreaterOrEqual(t, float64(s.covered)/float64(s.trials), need, what)
		assert.GreaterOrEqual(t, float64(s.poseIn)/float64(len(s.poseErr)), need, "%s: poses", what)
		assert.LessOrEqual(t, s.wrong, s.trials/50, "%s: certain rulings that are wrong", what)
	}
}
