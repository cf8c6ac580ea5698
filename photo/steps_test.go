package photo_test

import (
	"image"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
)

// stepPhoto is a rendered phone photo of w × h pixels with its marks file
// giving the sheet's four marks (placed: the sheet's place given too,
// so the play area's edges are looked for where it puts them) and the
// ships' corners clicked.
func stepPhoto(t testing.TB, seed uint64, placed bool, w, h int) (image.Image, *photo.Marks) {
	comp := components(t)
	rng := rand.New(rand.NewPCG(seed, 27))
	tr := phototest.RandomPhoneTrial(rng, comp, w, h)
	look := phototest.RandomLook(rng)
	marks := tr.SheetMarks(rng, photo.DefaultMarkPx)
	sc := tr.Scene(rng, phototest.ClickPx(rng))
	mf, err := photo.ParseMarks("steps.yaml", sheetOnlyMarksFile(marks), comp, w, h)
	require.NoError(t, err)
	if placed {
		size := physics.V(tr.Truth.Width, tr.Truth.Depth)
		require.NoError(t, mf.Place(photo.Placing{Size: &size, At: &tr.SheetAt, Angle: &tr.SheetAngle}))
	}
	mf.Scene.Objects = sc.Objects
	mf.Samples = 200
	return tr.Render(look), mf
}

// stepOut runs a job to its end a step at a time and returns the most
// work one step did and the steps.
func stepOut(t testing.TB, j photo.Job) (most float64, steps int) {
	last := 0.0
	for done := false; !done; {
		require.Less(t, steps, 1000000, "the job ends")
		done = j.Step()
		steps++
		w := j.Work()
		most = max(most, w-last)
		last = w
		p := j.Progress()
		assert.True(t, p >= 0 && p <= 1, "progress %g", p)
	}
	assert.Equal(t, 1.0, j.Progress(), "over: all done")
	return most, steps
}

// sameResult requires two analyses to be the same, bit for bit.
func sameResult(t *testing.T, want, got *photo.Result) {
	t.Helper()
	require.NotNil(t, want)
	require.NotNil(t, got)
	assert.Equal(t, want.Calibration.Model, got.Calibration.Model)
	assert.Equal(t, want.Calibration.Edges, got.Calibration.Edges)
	assert.Equal(t, want.Calibration.Residuals, got.Calibration.Residuals)
	assert.Equal(t, want.Table, got.Table)
	assert.Equal(t, want.Poses, got.Poses)
	assert.Equal(t, want.Rulings, got.Rulings)
	assert.Equal(t, want.MoreMarks, got.MoreMarks)
}

// TestPhotoStepsAreTheOneShot: photo mode's long computations a step at
// a time (the first fit on a photo with its straight edges, and its
// Monte Carlo: Marks.NewAnalysis; the sheet's frame for locating it:
// Marks.NewLocateFrame) give what the one-shot calls give, bit for bit,
// on rendered phone photos (the sheet placed and not: both edge fits),
// with no step doing more than photo.StepWork units of work and the
// progress rising to 1.
func TestPhotoStepsAreTheOneShot(t *testing.T) {
	for _, c := range []struct {
		name   string
		seed   uint64
		placed bool
	}{{"sides", 3, false}, {"placed", 5, true}} {
		t.Run(c.name, func(t *testing.T) {
			img, mf := stepPhoto(t, c.seed, c.placed, 2000, 1500)
			want, err := mf.AnalyseOn(photo.NewSnapper(img))
			require.NoError(t, err)
			an := mf.NewAnalysis(photo.NewSnapper(img))
			most, steps := stepOut(t, an)
			got, err := an.Result()
			require.NoError(t, err)
			sameResult(t, want, got)
			assert.LessOrEqual(t, most, float64(photo.StepWork), "no step does more than StepWork")
			assert.Greater(t, steps, 20, "the work is cut in many steps")
			t.Logf("%s: %d steps, the largest %.0f units; edges: %v", c.name, steps, most, got.Calibration.Edges)

			// a click after the first: the calibration kept, its
			// sampled calibrations too: the Monte Carlo alone
			s := photo.NewSnapper(img)
			_, err = mf.AnalyseOn(s)
			require.NoError(t, err)
			mf.Scene.Objects[0].Rotation++
			want, err = mf.AnalyseOn(photo.NewSnapper(img))
			require.NoError(t, err)
			an = mf.NewAnalysis(s)
			most, _ = stepOut(t, an)
			got, err = an.Result()
			require.NoError(t, err)
			sameResult(t, want, got)
			assert.LessOrEqual(t, most, float64(photo.StepWork))

			// the sheet's frame, found to locate the sheet from the bases
			mf.Sheet.Placed = false
			wcal, wat, ww, wd, werr := mf.LocateFrame(photo.NewSnapper(img), 1300)
			require.NoError(t, werr)
			fs := mf.NewLocateFrame(photo.NewSnapper(img), 1300)
			most, _ = stepOut(t, fs)
			gcal, gat, gw, gd, gerr := fs.Result()
			require.NoError(t, gerr)
			assert.Equal(t, wcal.Model, gcal.Model)
			assert.Equal(t, wcal.Residuals, gcal.Residuals)
			assert.Equal(t, []float64{wat.X, wat.Y, ww, wd}, []float64{gat.X, gat.Y, gw, gd})
			assert.LessOrEqual(t, most, float64(photo.StepWork))
		})
	}
}

// BenchmarkPhotoStepLongest is what the steps buy a screen: the first
// analysis on a phone photo with its straight edges (fit and Monte
// Carlo, 200 samples) and the sheet's frame for locating it, each run
// once in one go and once a step at a time. It reports the one-shot's
// time (one-shot-ms), the longest step's (longest-step-ms: what one
// frame waits for at worst), their ratio (one-shot/longest), and the
// 99th percentile of the steps (p99-step-ms): the wall times of one run
// on one machine, compared with each other (on a busy machine the
// longest step is mostly another process's turn on the core: the 99th
// percentile says what the steps themselves take); and the same in the
// process's CPU (*-cpu-ms, where getrusage is: the others' load left
// out, the collector's threads counted).
//
//	nice -n 10 go test ./photo -run '^$' -bench PhotoStepLongest -benchtime 3x
func BenchmarkPhotoStepLongest(b *testing.B) {
	img, mf := stepPhoto(b, 3, false, photoW, photoH)
	for _, c := range []struct {
		name string
		job  func(s *photo.Snapper) photo.Job
		once func(s *photo.Snapper)
	}{
		{"analysis", func(s *photo.Snapper) photo.Job { return mf.NewAnalysis(s) },
			func(s *photo.Snapper) { _, _ = mf.AnalyseOn(s) }},
		{"locate-frame", func(s *photo.Snapper) photo.Job { return mf.NewLocateFrame(s, 1300) },
			func(s *photo.Snapper) { _, _, _, _, _ = mf.LocateFrame(s, 1300) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var once, longest, onceCPU, longestCPU time.Duration
			var each []time.Duration
			steps := 0
			for b.Loop() {
				b.StopTimer()
				s1, s2 := photo.NewSnapper(img), photo.NewSnapper(img)
				b.StartTimer()
				t0 := time.Now()
				c0, _ := cpuTime()
				c.once(s1)
				c1, _ := cpuTime()
				once += time.Since(t0)
				onceCPU += c1 - c0
				j := c.job(s2)
				for done := false; !done; {
					t := time.Now()
					c0, _ := cpuTime()
					done = j.Step()
					c1, _ := cpuTime()
					d := time.Since(t)
					longest = max(longest, d)
					longestCPU = max(longestCPU, c1-c0)
					each = append(each, d)
					steps++
				}
			}
			n := float64(b.N)
			ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
			b.ReportMetric(ms(once)/n, "one-shot-ms")
			b.ReportMetric(ms(longest), "longest-step-ms")
			b.ReportMetric(float64(once)/n/float64(longest), "one-shot/longest")
			if longestCPU > 0 {
				b.ReportMetric(ms(onceCPU)/n, "one-shot-cpu-ms")
				b.ReportMetric(ms(longestCPU), "longest-step-cpu-ms")
				b.ReportMetric(float64(onceCPU)/n/float64(longestCPU), "cpu-one-shot/longest")
			}
			b.ReportMetric(float64(steps)/n, "steps")
			slices.Sort(each)
			b.ReportMetric(ms(each[len(each)*99/100]), "p99-step-ms")
		})
	}
}
