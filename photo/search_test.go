package photo_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
)

// TestBaseSearchStepByStep: the base search done a piece at a time
// (BaseSearch, what a screen runs between its frames) takes many bounded
// steps, says at each which stage it is at and how far it is (never going
// back), and ends with exactly the bases FindBases finds on the same
// photo in one call.
func TestBaseSearchStepByStep(t *testing.T) {
	comp := components(t)
	rng := rand.New(rand.NewPCG(28, 11))
	tr := phototest.RandomPhoneTrial(rng, comp, 2000, 1500)
	tr.Crowd(rng, comp, []string{"viper-mk2", "cylon-raider"}, 3, 1)
	marks := append(tr.SheetMarks(rng, photo.DefaultMarkPx), tr.CornerMarks(rng, 2)...)
	cal, err := photo.Fit(marks, 2000, 1500)
	require.NoError(t, err)
	img := tr.Render(phototest.RandomLook(rng))
	var classes []photo.ClassSize
	for _, s := range tr.Truth.Ships {
		classes = append(classes, photo.ClassSize{Class: s.Class, AcrossFlats: s.AcrossFlats})
	}
	want := photo.NewSnapper(img).FindBases(cal.Model, tr.Truth.Width, tr.Truth.Depth, classes)
	require.NotEmpty(t, want)

	bs := photo.NewSnapper(img).NewBaseSearch(cal.Model, tr.Truth.Width, tr.Truth.Depth, classes)
	assert.Equal(t, photo.SearchPlane, bs.Stage())
	assert.Zero(t, bs.Progress())
	assert.Nil(t, bs.Bases(), "nothing found before the search is over")
	steps, last := 0, 0.0
	stages := map[photo.SearchStage]int{}
	for !bs.Step() {
		steps++
		require.Less(t, steps, 100000)
		stages[bs.Stage()]++
		assert.GreaterOrEqual(t, bs.Progress(), last, "progress never goes back")
		assert.Less(t, bs.Progress(), 1.0, "not done before the end")
		last = bs.Progress()
		assert.Contains(t, bs.Doing(), "%")
	}
	assert.Equal(t, photo.SearchDone, bs.Stage())
	assert.Equal(t, 1.0, bs.Progress())
	// a plane of 1 mm cells is read in bands of rows, each size's grid a
	// row at a time: hundreds of steps, none the whole search
	assert.Greater(t, stages[photo.SearchScore], 100, "the hexagons are scored a row at a time")
	assert.Greater(t, stages[photo.SearchPlane], 10, "the plane is read a band of rows at a time")
	assert.Positive(t, stages[photo.SearchFit], "each hexagon is fitted in a step of its own")
	assert.Equal(t, want, bs.Bases(), "the same bases as FindBases in one call")
}
