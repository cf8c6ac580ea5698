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
	// bases whose line through front and rear was told without the
	// front (AxisKnown, not ForeKnown), and those whose heading lies
	// within 30° of the truth or of its reverse
	axisOnly, axisRight int
}

// findTrial photographs a crowded table (the trial's two ships, four more
// of two classes and two planetoids) with a phone (12 MP, tilt up to 35°,
// phone lens, uneven light, blur and noise), calibrates on the sheet and
// the corners clicked 2 to 4 px off, and asks FindBases for the bases of
// the classes on the table; a proposal within 5 mm of a base finds it.
func findTrial(t *testing.T, rng *rand.Rand, run *findRun, bases phototest.BaseMarks) {
	comp := components(t)
	tr := phototest.RandomPhoneTrial(rng, comp, photoW, photoH)
	tr.Bases = bases
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
		d := math.Abs(math.Remainder(b.Pose.Heading.Degrees()-s.Pose.Heading.Degrees(), 360))
		switch {
		case b.ForeKnown:
			run.foreKnown++
			if d < 30 {
				run.foreRight++
				run.headErr = append(run.headErr, d)
			} else {
				t.Logf("front told wrong: %s at %.0f,%.0f heading %.1f°, found %.1f° (fore %.2f)", s.ID, s.Pose.Pos.X, s.Pose.Pos.Y, s.Pose.Heading.Degrees(), b.Pose.Heading.Degrees(), b.Fore)
			}
		case b.AxisKnown:
			run.axisOnly++
			if d < 30 || d > 150 {
				run.axisRight++
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
		findTrial(t, rng, &run, phototest.ForeStripe)
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

// TestFindBasesFrontAndRearLines (issue #28: bases found by themselves,
// on the game's own bases): the bases' front and rear flats both carry a
// raised line (COMPONENTS.md), so the photo shows the line through front
// and rear alike at both ends. FindBases still finds every base; it
// proposes the axis (the heading or its reverse: AxisKnown) and never
// calls a front told that it cannot tell; a player's white paint on the
// front line's middle tells the front again. One photo of each here;
// -long: 20 of each (-photos N: N).
func TestFindBasesFrontAndRearLines(t *testing.T) {
	if testing.Short() {
		t.Skip("renders whole 12-megapixel photos")
	}
	n := 1
	if *long {
		n = 20
	}
	if *photos > 0 {
		n = *photos
	}
	rng := rand.New(rand.NewPCG(28, 17))
	for _, look := range []phototest.BaseMarks{phototest.RaisedLines, phototest.RaisedLinesFore} {
		var run findRun
		for range n {
			findTrial(t, rng, &run, look)
		}
		what := map[phototest.BaseMarks]string{phototest.RaisedLines: "front and rear lines alike", phototest.RaisedLinesFore: "the front line painted"}[look]
		t.Logf("%s, %d photos: %d of %d bases found, %d false; stand error mm median %.2f, 95%% %.2f; front told on %d, right on %d; front or rear on %d, axis right on %d",
			what, n, run.found, run.bases, run.falses, percentile(run.posErr, 0.5), percentile(run.posErr, 0.95),
			run.foreKnown, run.foreRight, run.axisOnly, run.axisRight)
		assert.GreaterOrEqual(t, run.found, run.bases*95/100, "%s: bases found", what)
		assert.LessOrEqual(t, run.falses, n/10, "%s: false bases", what)
		assert.Equal(t, run.foreKnown, run.foreRight, "%s: every front told is right", what)
		assert.Equal(t, run.axisOnly, run.axisRight, "%s: every axis told is right", what)
		assert.Less(t, percentile(run.posErr, 0.5), 1.0, "%s: median stand error, mm", what)
		if look == phototest.RaisedLines {
			assert.GreaterOrEqual(t, run.axisOnly, run.found*9/10, "%s: axes told (front or rear)", what)
		} else {
			assert.GreaterOrEqual(t, run.foreKnown, run.found*9/10, "%s: fronts told", what)
		}
	}
}
