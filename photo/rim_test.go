package photo_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
)

// TestSnapPlanetoidRims (issue #28: clicks that snap to a planetoid's
// rim): three rim points of a planetoid clicked 2 to 4 px off on rendered
// 12-megapixel phone photos (sheet and corners, uneven light, blur,
// noise) snap to the rim: its centre and radius come out closer to the
// truth than the clicks put them, within the snapped points' precision.
// Short: 12 photos; -long: 100.
func TestSnapPlanetoidRims(t *testing.T) {
	n := 12
	if *long {
		n = 100
	}
	comp := components(t)
	rng := rand.New(rand.NewPCG(28, 17))
	var clicked, snapped, rClicked, rSnapped []float64
	refused := 0
	for range n {
		tr := phototest.RandomPhoneTrial(rng, comp, photoW, photoH)
		tr.Crowd(rng, comp, nil, 0, 1)
		look := phototest.RandomLook(rng)
		click := phototest.ClickPx(rng)
		marks := append(tr.SheetMarks(rng, photo.DefaultMarkPx), tr.CornerMarks(rng, click)...)
		cal, err := photo.Fit(marks, photoW, photoH)
		if err != nil {
			continue
		}
		truth := tr.Truth.Obstacles[0].Circle
		var pts []physics.Vec
		for k := range 3 {
			a := rng.Float64()*40 + 120*float64(k)
			px, _ := tr.Cam.Project(truth.C.Add(physics.Direction(physics.Deg(a)).Mul(truth.R)))
			pts = append(pts, px.Add(physics.V(rng.NormFloat64()*click, rng.NormFloat64()*click)))
		}
		o := photo.Object{ID: "rock", Kind: photo.PlanetoidKind, Points: pts, SigmaPx: click, Level: 1}
		img := tr.RenderAround(look, []physics.Vec{truth.C}, truth.R+20)
		var q [3]physics.Vec
		for i, p := range pts {
			q[i], _ = cal.Model.ToTable(p)
		}
		c0, _ := photo.Circumcircle(q[0], q[1], q[2])
		rim, err := photo.NewSnapper(img).Planetoid(cal.Model, o)
		if err != nil {
			t.Logf("refused: %v", err)
			refused++
			continue
		}
		clicked, rClicked = append(clicked, c0.C.Dist(truth.C)), append(rClicked, abs(c0.R-truth.R))
		// the snapped points give the circle the rulings use
		for i, p := range rim.Points {
			q[i], _ = cal.Model.ToTable(p)
		}
		c1, _ := photo.Circumcircle(q[0], q[1], q[2])
		snapped, rSnapped = append(snapped, c1.C.Dist(truth.C)), append(rSnapped, abs(c1.R-truth.R))
	}
	t.Logf("%d photos, %d refused; centre error mm clicked: median %.2f, 95%% %.2f; snapped: median %.2f, 95%% %.2f; radius error mm clicked: median %.2f, snapped: median %.2f",
		n, refused, percentile(clicked, 0.5), percentile(clicked, 0.95), percentile(snapped, 0.5), percentile(snapped, 0.95),
		percentile(rClicked, 0.5), percentile(rSnapped, 0.5))
	assert.LessOrEqual(t, refused, n/10)
	assert.Less(t, percentile(snapped, 0.5), percentile(clicked, 0.5)/2, "snapping halves the centre's error at least")
	assert.Less(t, percentile(rSnapped, 0.5), percentile(rClicked, 0.5), "and brings the radius closer")
}

func abs(x float64) float64 {
	if x < 0 {
		return -x
	}
	return x
}
