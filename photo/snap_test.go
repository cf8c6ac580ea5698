package photo_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
)

// snapRun is one phone photo's stands found without and with snapping.
type snapRun struct {
	clicked, snapped []float64 // stand errors, mm
	snapIn, snapN    int       // snapped poses inside their stated 95% radius
	failed           int       // ships whose snap was refused
}

// snapTrial photographs a random table with a phone (12 MP, tilt up to
// 35°, phone lens, uneven light, blur and noise), calibrates on the sheet
// (and the corners when corners), clicks each ship's front corners 2 to
// 4 px off, snaps them to the rendered base and compares both with the
// truth.
func snapTrial(t testing.TB, rng *rand.Rand, comp *assets.Components, corners bool, samples int) (snapRun, bool) {
	tr := phototest.RandomPhoneTrial(rng, comp, photoW, photoH)
	look := phototest.RandomLook(rng)
	click := phototest.ClickPx(rng)
	marks := tr.SheetMarks(rng, photo.DefaultMarkPx)
	if corners {
		marks = append(marks, tr.CornerMarks(rng, click)...)
	}
	sc := tr.Scene(rng, click)
	cal, err := photo.Fit(marks, photoW, photoH)
	if err != nil {
		return snapRun{}, false
	}
	var centres []physics.Vec
	for _, s := range tr.Truth.Ships {
		centres = append(centres, s.Pose.Pos)
	}
	img := tr.RenderAround(look, centres, 45)
	snapper := photo.NewSnapper(img)
	var run snapRun
	snapped := *sc
	snapped.Objects = append([]photo.Object(nil), sc.Objects...)
	for i, o := range sc.Objects {
		s, err := snapper.Ship(cal.Model, o)
		if err != nil {
			t.Logf("snap refused: %v", err)
			run.failed++
			continue
		}
		snapped.Objects[i].Points, snapped.Objects[i].SigmaPx = s.Points, s.SigmaPx
	}
	for k, scene := range []*photo.Scene{sc, &snapped} {
		res, err := photo.Analyse(cal, scene, photo.Options{Samples: samples, Seed: rng.Uint64()})
		if err != nil {
			return snapRun{}, false
		}
		for i, s := range tr.Truth.Ships {
			d := res.Table.Ships[i].Pose.Pos.Dist(s.Pose.Pos)
			if k == 0 {
				run.clicked = append(run.clicked, d)
				continue
			}
			run.snapped = append(run.snapped, d)
			run.snapN++
			if d <= res.Poses[i].PosPM {
				run.snapIn++
			}
		}
	}
	return run, true
}

// TestSnapShipsToTheirBases (issue #28): ships' front corners clicked 2
// to 4 px off on rendered 12-megapixel phone photos snap to the bases'
// edges: the stands come out closer to the truth than the clicks put
// them, and the stated 95% radii still hold the truth. Short: 12 photos
// with the sheet and the corners; -long: 300 with each calibration.
func TestSnapShipsToTheirBases(t *testing.T) {
	n, need := 12, 0.9
	if *long {
		n, need = 300, 0.95
	}
	comp := components(t)
	for _, corners := range []bool{true, false} {
		if !corners && !*long {
			continue
		}
		rng := rand.New(rand.NewPCG(28, 5))
		var clicked, snapped []float64
		in, all, failed, refused := 0, 0, 0, 0
		for range n {
			run, ok := snapTrial(t, rng, comp, corners, 200)
			if !ok {
				refused++
				continue
			}
			clicked = append(clicked, run.clicked...)
			snapped = append(snapped, run.snapped...)
			in += run.snapIn
			all += run.snapN
			failed += run.failed
		}
		what := "the sheet alone"
		if corners {
			what = "the sheet and the corners"
		}
		t.Logf("%s: %d photos (%d refused), %d ships, %d snaps refused; stand error mm clicked: median %.2f, 95%% %.2f; snapped: median %.2f, 95%% %.2f; snapped poses covered %d/%d = %.1f%%",
			what, n-refused, refused, len(clicked), failed, percentile(clicked, 0.5), percentile(clicked, 0.95),
			percentile(snapped, 0.5), percentile(snapped, 0.95), in, all, 100*float64(in)/float64(all))
		assert.Less(t, percentile(snapped, 0.5), percentile(clicked, 0.5), "%s: snapping brings the stands closer", what)
		assert.LessOrEqual(t, failed, len(clicked)/10, "%s: snaps refused", what)
		assert.GreaterOrEqual(t, float64(in)/float64(all), need, "%s: snapped poses' coverage", what)
	}
}
