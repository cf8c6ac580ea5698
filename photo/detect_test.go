package photo_test

import (
	"image/png"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
)

// TestDetectSheetOnRenderedPhotos renders photos of a table with the A4
// sheet on it (tilt up to 35°, lens distortion, blur, noise, uneven light,
// stars, ships and text on the sheet) and checks that the four marks are
// found, in order, within half a pixel of where the camera puts them.
func TestDetectSheetOnRenderedPhotos(t *testing.T) {
	comp := components(t)
	rng := rand.New(rand.NewPCG(3, 4))
	out := t.ArtifactDir() // PHOTO_SHOTS=1 go test -artifacts keeps the photos
	trials := 4
	if testing.Short() {
		trials = 1
	}
	for trial := range trials {
		tr := phototest.RandomTrial(rng, comp, 1280, 960, 35, 0.01)
		look := phototest.Look{BlurPx: 0.5 + 0.6*rng.Float64(), Noise: 3 + 3*rng.Float64(), Vignette: 0.3 * rng.Float64(), Seed: uint64(trial)}
		img := tr.Render(look)
		if os.Getenv("PHOTO_SHOTS") != "" {
			require.NoError(t, os.MkdirAll(out, 0o755))
			f, err := os.Create(filepath.Join(out, "detect-"+string(rune('0'+trial))+".png"))
			require.NoError(t, err)
			require.NoError(t, png.Encode(f, img))
			f.Close()
		}
		det, err := photo.DetectSheet(img, tr.Sheet)
		require.NoError(t, err, "trial %d (tilt %.0f°)", trial, tr.Cam.Tilt())
		worst := 0.0
		for k, m := range tr.Sheet.Marks() {
			want, _ := tr.Cam.Project(tr.SheetToTable(m))
			worst = max(worst, det.Pixels[k].Dist(want))
		}
		t.Logf("trial %d: tilt %.0f°, blur %.2f px (estimated %.2f px, %.2f mm), noise %.1f: worst mark error %.3f px, match %.1f",
			trial, tr.Cam.Tilt(), look.BlurPx, det.BlurPx, det.BlurMM, look.Noise, worst, det.Score)
		assert.Less(t, worst, photo.DefaultMarkPx, "trial %d", trial)
	}
	// the same table, photographed out of focus, is refused as blurred
	tr := phototest.RandomTrial(rng, comp, 1280, 960, 20, 0)
	_, err := photo.DetectSheet(tr.Render(phototest.Look{BlurPx: 4, Noise: 3}), tr.Sheet)
	var u *photo.Unusable
	require.ErrorAs(t, err, &u)
	assert.Contains(t, u.Reason, "blurred")
}
