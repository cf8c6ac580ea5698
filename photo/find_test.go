package photo_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
)

// findRun is what FindBases proposed on some photos against the truth.
type findRun struct {
	bases, found, falses int
	posErr, headErr      []float64 // mm, degrees (bases found with their front)
	foreKnown, foreRight int
}

// findTrial photographs a crowded table (the trial's two ships, four more
// of two classes and two planetoids) with a phone (12 MP, tilt up to 35°,
// phone lens, uneven light, blur and noise), calibrates on the sheet and
// the corners clicked 2 to 4 px off, and asks FindBases for the bases of
// the classes on the table; a proposal within 5 mm of a base finds it.
func findTrial(t *testing.T, rng *rand.Rand, run *findRun) {
	comp := components(t)
	tr := phototest.RandomPhoneTrial(rng, comp, photoW, photoH)
	tr.Crowd(rng, comp, []string{"viper-mk2", "cylon-raider"}, 4, 2)
	look := phototest.RandomLook(rng)
	click := phototest.ClickPx(rng)
	marks := append(tr.SheetMarks(rng, photo.DefaultMarkPx), tr.CornerMarks(rng, click)...)
	cal, err := photo.Fit(marks, photoW, photoH)
	require.NoError(t, err)
	img := tr.Render(look)
	var classes []photo.ClassSize
	for _, s := range tr.Truth.Ships {
		classes = append(classes, photo.ClassSize{Class: s.Class, AcrossFlats: s.AcrossFlats})
	}
	found := photo.NewSnapper(img).FindBases(cal.Model, tr.Truth.Width, tr.Truth.Depth, classes)
	used := make([]bool, len(found))
	for _, s := range tr.Truth.Ships {
		run.bases++
		best, bd := -1, 5.0
		for i, b := range found {
			if d := b.Pose.Pos.Dist(s.Pose.Pos); !used[i] && d < bd {
				best, bd = i, d
			}
		}
		if best < 0 {
			t.Logf("missed %s at %.0f,%.0f", s.ID, s.Pose.Pos.X, s.Pose.Pos.Y)
			continue
		}
		used[best] = true
		run.found++
		run.posErr = append(run.posErr, bd)
		b := found[best]
		if b.ForeKnown {
			run.foreKnown++
			d := math.Abs(math.Remainder(b.Pose.Heading.Degrees()-s.Pose.Heading.Degrees(), 360))
			if d < 30 {
				run.foreRight++
				run.headErr = append(run.headErr, d)
			}
		}
	}
	for i, b := range found {
		if !used[i] {
			run.falses++
			t.Logf("false base at %.0f,%.0f contrast %.3f", b.Pose.Pos.X, b.Pose.Pos.Y, b.Contrast)
		}
	}
}

// TestFindBasesOnThePhoto (issue #28: bases found by themselves): on
// rendered 12-megapixel phone photos of a crowded table (six ships, two
// planetoids, the sheet, uneven light, blur and noise) FindBases proposes
// every base, within a millimetre, with its front, and nothing else.
// Two photos here; -long: 40.
func TestFindBasesOnThePhoto(t *testing.T) {
	if testing.Short() {
		t.Skip("renders whole 12-megapixel photos")
	}
	n := 2
	if *long {
		n = 40
	}
	if *photos > 0 {
		n = *photos
	}
	rng := rand.New(rand.NewPCG(28, 11))
	var run findRun
	for range n {
		findTrial(t, rng, &run)
	}
	t.Logf("%d photos: %d of %d bases found, %d false; stand error mm median %.2f, 95%% %.2f; front told on %d, right on %d; heading error deg median %.2f, 95%% %.2f",
		n, run.found, run.bases, run.falses, percentile(run.posErr, 0.5), percentile(run.posErr, 0.95),
		run.foreKnown, run.foreRight, percentile(run.headErr, 0.5), percentile(run.headErr, 0.95))
	assert.GreaterOrEqual(t, run.found, run.bases*95/100, "bases found")
	assert.LessOrEqual(t, run.falses, n/10, "false bases")
	assert.Equal(t, run.foreKnown, run.foreRight, "every front told is right")
	assert.GreaterOrEqual(t, run.foreKnown, run.found*9/10, "fronts told")
	assert.Less(t, percentile(run.posErr, 0.5), 1.0, "median stand error, mm")
}
