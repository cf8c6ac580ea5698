package photo_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
)

// TestPlumbLineFromTheTableEdges (issue #28): with the sheet alone the
// lens cannot be fitted; the play area's straight edges on the photo
// measure it (plumb-line calibration), so the stands come out closer to
// the truth and the fit measures the lens's terms; snapped through that
// calibration, they come closer still, with honest radii.
func TestPlumbLineFromTheTableEdges(t *testing.T) {
	n := 2
	if testing.Short() {
		t.Skip("renders two 12-megapixel photos' table edges")
	}
	if *long {
		n = 60
	}
	comp := components(t)
	rng := rand.New(rand.NewPCG(28, 7))
	var plain, plumb, snapped []float64
	used, in, all := 0, 0, 0
	for range n {
		tr := phototest.RandomPhoneTrial(rng, comp, photoW, photoH)
		look := phototest.RandomLook(rng)
		click := phototest.ClickPx(rng)
		marks := tr.SheetMarks(rng, photo.DefaultMarkPx)
		sc := tr.Scene(rng, click)
		pts := tr.EdgePoints(4)
		for _, sh := range tr.Truth.Ships {
			pts = append(pts, sh.Pose.Pos)
			pts = append(pts, physics.Hexagon(sh.Pose, sh.AcrossFlats)...)
		}
		cal0, err := photo.Fit(marks, photoW, photoH)
		require.NoError(t, err)
		// The photo is rendered only near the play area's edges and the
		// ships (whole 12-megapixel photos take minutes on a busy
		// machine), black beyond; the band reaches past where the sheet
		// alone puts the edges (the fit looks for them there first), so
		// the test measures the edge search, not the render's border.
		band := 180.0
		for _, p := range tr.EdgePoints(4) {
			got, ok1 := cal0.Model.ToPixel(p)
			want, ok2 := tr.Cam.Project(p)
			if ok1 && ok2 {
				band = max(band, 180+got.Dist(want))
			}
		}
		img := tr.RenderNear(look, pts, band)
		s := photo.NewSnapper(img)
		cal, k, err := s.FitWithTableEdges(marks, photoW, photoH, tr.Truth.Width, tr.Truth.Depth)
		require.NoError(t, err)
		t.Logf("band %.0f px; K1 %.3f K2 %.3f: %d edge points, fitted terms %d K1 %.3f K2 %.3f, scale %.2f", band, tr.Cam.K1, tr.Cam.K2, k, cal.Terms, cal.Model.K1, cal.Model.K2, cal.Scale)
		if k > 0 {
			used++
		}
		// and the ships snapped to their bases through it
		ss := *sc
		ss.Objects = append([]photo.Object(nil), sc.Objects...)
		for i, o := range sc.Objects {
			if sn, err := s.Ship(cal.Model, o); err == nil {
				ss.Objects[i].Points, ss.Objects[i].SigmaPx = sn.Points, sn.SigmaPx
			}
		}
		if tab, err := ss.Build(cal.Model, pointsOf(&ss)); err == nil {
			for j, sh := range tr.Truth.Ships {
				snapped = append(snapped, tab.Ships[j].Pose.Pos.Dist(sh.Pose.Pos))
			}
		}
		samples := 100
		if *long {
			samples = 400
		}
		res, err := photo.Analyse(cal, &ss, photo.Options{Samples: samples, Seed: rng.Uint64()})
		require.NoError(t, err)
		for j, sh := range tr.Truth.Ships {
			all++
			if res.Table.Ships[j].Pose.Pos.Dist(sh.Pose.Pos) <= res.Poses[j].PosPM {
				in++
			}
		}
		for i, c := range []*photo.Calibration{cal0, cal} {
			tab, err := sc.Build(c.Model, pointsOf(sc))
			require.NoError(t, err)
			for j, sh := range tr.Truth.Ships {
				d := tab.Ships[j].Pose.Pos.Dist(sh.Pose.Pos)
				if i == 0 {
					plain = append(plain, d)
				} else {
					plumb = append(plumb, d)
				}
			}
		}
	}
	t.Logf("%d photos, %d with edges; stand error mm, sheet alone: median %.2f, 95%% %.2f; with the edges: median %.2f, 95%% %.2f; and snapped: median %.2f, 95%% %.2f; snapped poses covered %d/%d",
		n, used, percentile(plain, 0.5), percentile(plain, 0.95), percentile(plumb, 0.5), percentile(plumb, 0.95),
		percentile(snapped, 0.5), percentile(snapped, 0.95), in, all)
	if *long {
		assert.GreaterOrEqual(t, float64(in)/float64(all), 0.95, "poses' coverage with the edges")
	}
	assert.GreaterOrEqual(t, used, n*19/20, "photos whose edges were used (the rest fell back to the sheet alone)")
	assert.Less(t, mean(plumb), mean(plain), "the edges bring the stands closer")
}

func pointsOf(sc *photo.Scene) [][]physics.Vec {
	out := make([][]physics.Vec, len(sc.Objects))
	for i, o := range sc.Objects {
		out[i] = o.Points
	}
	return out
}

func mean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}
