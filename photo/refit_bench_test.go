package photo_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
)

// BenchmarkPhotoModeRefit is photo mode's work after each click (table/ui
// refits and rules again, 200 sampled tables) on a rendered 12-megapixel
// phone photo calibrated on the sheet alone, as photo mode opens a photo
// without a marks file: marks-only is the old default (edges: none);
// edges is the default now, on the photo's Snapper that keeps the edge
// search of the same marks and with it the Monte Carlo's sampled
// calibrations (every click on a ship after the first); edges-redraw is
// that with the sampled calibrations refitted on every click (the cost
// of a click before the calibration kept them); edges-first is the
// first fit on a photo (a new Snapper each time, its making not
// counted). Each reports cpu-ms/op, the process's CPU per refit (the
// wall time of a busy machine is mostly the others' load; the refit runs
// on one goroutine). Compare them in one run:
//
//	nice -n 10 go test ./photo -run '^$' -bench PhotoModeRefit -benchtime 5x -count 6
func BenchmarkPhotoModeRefit(b *testing.B) {
	comp := components(b)
	rng := rand.New(rand.NewPCG(28, 13))
	tr := phototest.RandomPhoneTrial(rng, comp, photoW, photoH)
	look := phototest.RandomLook(rng)
	marks := tr.SheetMarks(rng, photo.DefaultMarkPx)
	sc := tr.Scene(rng, phototest.ClickPx(rng))
	img := tr.Render(look)
	mf, err := photo.ParseMarks("bench.yaml", sheetOnlyMarksFile(marks), comp, photoW, photoH)
	require.NoError(b, err)
	mf.Scene.Objects = sc.Objects
	mf.Samples = 200
	b.Run("marks-only", func(b *testing.B) {
		m := *mf
		m.Edges = false
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := m.Analyse(nil, photoW, photoH); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("edges", func(b *testing.B) {
		s := photo.NewSnapper(img)
		res, err := mf.AnalyseOn(s)
		require.NoError(b, err)
		require.Equal(b, photo.EdgesRectangle, res.Calibration.Edges)
		defer reportCPU(b)()
		for b.Loop() {
			if _, err := mf.AnalyseOn(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("edges-redraw", func(b *testing.B) {
		s := photo.NewSnapper(img)
		cal, err := mf.FitOn(s)
		require.NoError(b, err)
		defer reportCPU(b)()
		for b.Loop() {
			photo.ForgetDraws(cal)
			if _, err := mf.AnalyseOn(s); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("edges-first", func(b *testing.B) {
		// the snapper's making is counted in cpu-ms/op (it is part of the
		// first fit on a photo), not in ns/op
		defer reportCPU(b)()
		for b.Loop() {
			b.StopTimer()
			s := photo.NewSnapper(img)
			b.StartTimer()
			if _, err := mf.AnalyseOn(s); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// reportCPU starts counting the process's CPU; the function it returns
// reports it per operation (cpu-ms/op) when the loop is done.
func reportCPU(b *testing.B) func() {
	start, ok := cpuTime()
	return func() {
		if end, ok2 := cpuTime(); ok && ok2 && b.N > 0 {
			b.ReportMetric(float64(end-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		}
	}
}
