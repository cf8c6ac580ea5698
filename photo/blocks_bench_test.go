package photo_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
)

// BenchmarkAlignBlocks is the work Align from a photo does in one piece
// on a 3000 × 2000 phone photo of a 900 × 900 table with the sheet and
// four ships: the sheet found (detect: DetectSheet in one call;
// detect-longest-step: the same SheetSearch a step at a time, its
// longest step's CPU), the sheet's frame for finding its
// place (locate-frame: its marks and the lens from the straight edges),
// the first calibration with the play area's edges once it is placed
// (fit-edges), the Monte Carlo of the poses (analyse). Each reports
// cpu-ms/op. Compare in one run:
//
//	nice -n 10 go test ./photo -run '^$' -bench AlignBlocks -benchtime 3x -count 6
func BenchmarkAlignBlocks(b *testing.B) {
	comp := components(b)
	rng := rand.New(rand.NewPCG(35, 1))
	tr := phototest.RandomPhoneTrial(rng, comp, 3000, 2000)
	tr.Crowd(rng, comp, []string{"viper-mk2", "cylon-raider"}, 2, 0)
	img := tr.Render(phototest.RandomLook(rng))
	det, err := photo.DetectSheet(img, tr.Sheet)
	require.NoError(b, err)
	placed := func() *photo.Marks {
		mf := &photo.Marks{Sheet: &photo.Placement{Sheet: tr.Sheet, Pixels: det.Pixels, MarkPx: photo.DefaultMarkPx, At: tr.SheetAt, Angle: tr.SheetAngle, Placed: true}, Edges: true, Samples: 200}
		mf.Scene = *tr.Scene(rng, 1)
		return mf
	}
	b.Run("detect", func(b *testing.B) {
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := photo.DetectSheet(img, tr.Sheet); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("detect-longest-step", func(b *testing.B) {
		// the same search a step at a time (what a screen runs between
		// its frames): the CPU of its longest single step, and how many
		// steps it takes
		var longest time.Duration
		steps := 0
		for b.Loop() {
			ds := photo.NewSheetSearch(img, tr.Sheet)
			steps = 0
			for done := false; !done; steps++ {
				t0, _ := cpuTime()
				done = ds.Step()
				t1, _ := cpuTime()
				longest = max(longest, t1-t0)
			}
		}
		b.ReportMetric(float64(longest)/float64(time.Millisecond), "longest-step-cpu-ms")
		b.ReportMetric(float64(steps), "steps")
	})
	b.Run("locate-frame", func(b *testing.B) {
		mf := placed()
		defer reportCPU(b)()
		for b.Loop() {
			if _, _, _, _, err := mf.LocateFrame(photo.NewSnapper(img), 1300); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("fit-edges", func(b *testing.B) {
		mf := placed()
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := mf.FitOn(photo.NewSnapper(img)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("analyse", func(b *testing.B) {
		mf := placed()
		s := photo.NewSnapper(img)
		cal, err := mf.FitOn(s)
		require.NoError(b, err)
		defer reportCPU(b)()
		for b.Loop() {
			photo.ForgetDraws(cal)
			if _, err := photo.Analyse(cal, &mf.Scene, photo.Options{Samples: mf.Samples, Seed: 1}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
