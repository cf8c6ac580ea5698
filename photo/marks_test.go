package photo_test

import (
	"fmt"
	"image"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
)

const sampleMarks = `photo: {width: 4000, height: 3000}
click_px: 1.2
samples: 300
seed: 7
table: {width: 1000, depth: 800}
sheet:
  paper: letter
  at: [400, 300]
  angle: 15
  marks: [[100, 200], [900, 210], [880, 700], [120, 690]]
points:
  - {name: corner, table: [0, 0], pixel: [10, 2990]}
ships:
  - {id: v1, class: viper-mk2, front: [[1000, 1000], [1040, 1010]], rotation: -2, level: 2, base_mm: 44}
  - {id: r1, class: cylon-raider, front: [[2000, 1500.5], [2010, 1540]]}
obstacles:
  - {id: rock, kind: planetoid, edge: [[3000, 100], [3100, 200], [3000, 300]], level: 2}
  - {id: belt, kind: asteroid-field, density: dense, outline: [[100, 100], [300, 100], [300, 300], [100, 300]]}
`

func TestMarksFileRoundTrip(t *testing.T) {
	comp := assets.Default()
	mf, err := photo.ParseMarks("m.yaml", []byte(sampleMarks), comp, 4000, 3000)
	require.NoError(t, err)
	assert.Equal(t, "letter", mf.Sheet.Sheet.Paper)
	assert.Equal(t, 1.2, mf.ClickPx)
	assert.Len(t, mf.Calibration(nil), 5)
	back, err := photo.ParseMarks("again.yaml", mf.YAML(), comp, 4000, 3000)
	require.NoError(t, err, string(mf.YAML()))
	assert.Equal(t, mf.Scene.Objects, back.Scene.Objects)
	assert.Equal(t, mf.Calibration(nil), back.Calibration(nil))
	assert.Equal(t, mf.Samples, back.Samples)
	assert.Equal(t, mf.Seed, back.Seed)
	assert.Equal(t, mf.Scene.Table.Width, back.Scene.Table.Width)
}

func TestMarksFileBounds(t *testing.T) {
	comp := assets.Default()
	huge := sampleMarks + "# " + strings.Repeat("x", photo.MaxMarksBytes) + "\n"
	_, err := photo.ParseMarks("huge.yaml", []byte(huge), comp, 4000, 3000)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "huge.yaml: the file has")
	var b strings.Builder
	b.WriteString("sheet: {paper: a4, marks: auto}\nships:\n")
	for i := range photo.MaxShips + 1 {
		fmt.Fprintf(&b, "  - {id: s%d, class: viper-mk2, front: [[1, 1], [2, 2]]}\n", i)
	}
	_, err = photo.ParseMarks("many.yaml", []byte(b.String()), comp, 4000, 3000)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "many.yaml:3: ships: 101 ships; allowed: at most 100")
	_, err = photo.ParseMarks("none.yaml", []byte("ships: []\n"), comp, 4000, 3000)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "sheet: missing; a calibration needs the sheet or at least 4 points")
	_, err = photo.ParseMarks("seed.yaml", []byte("sheet: {paper: a4, marks: auto}\nsamples: 10\nclick_px: 0\n"), comp, 4000, 3000)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "seed.yaml:2: samples: 10 is out of range; allowed: 100 to 5000")
	assert.Contains(t, err.Error(), "seed.yaml:3: click_px: 0 is out of range")
}

// FuzzParseMarks: no input makes the reader panic, what it accepts it
// writes back in a form it accepts again, and the analysis (the fit, the
// table it gives and the rulings on it) runs on it to an answer or a
// refusal, end to end.
func FuzzParseMarks(f *testing.F) {
	f.Add([]byte(sampleMarks))
	f.Add([]byte("sheet: {paper: a4, marks: auto}\n"))
	f.Add([]byte("points: [{table: [0, 0], pixel: [1, 1]}]\nships: [{id: a, class: raptor, front: [[1, 1]]}]\n"))
	comp := assets.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		mf, err := photo.ParseMarks("fuzz.yaml", data, comp, 4000, 3000)
		if err != nil {
			return
		}
		_, err = photo.ParseMarks("again.yaml", mf.YAML(), comp, 4000, 3000)
		require.NoError(t, err, string(mf.YAML()))
		mf.Samples = photo.MinSamples
		_, _ = mf.Analyse(nil, 4000, 3000)
	})
}

// TestSheetMarksByHandTakeClickPx: sheet marks given as pixels (clicked by
// hand) without their own mark_px are as precise as the file's click_px
// (FORMAT.md), not the default 1.5 px: a player who clicks at 3 px and says
// so must not see a correctly clicked sheet refused as "mark misplaced".
func TestSheetMarksByHandTakeClickPx(t *testing.T) {
	comp := assets.Default()
	for _, tc := range []struct {
		file string
		want float64
	}{
		{"click_px: 3\nsheet: {paper: a4, marks: [[100, 200], [900, 210], [880, 700], [120, 690]]}\n", 3},
		{"sheet: {paper: a4, marks: [[100, 200], [900, 210], [880, 700], [120, 690]]}\nclick_px: 0.4\n", 0.4},
		{"click_px: 3\nsheet: {paper: a4, mark_px: 0.8, marks: [[100, 200], [900, 210], [880, 700], [120, 690]]}\n", 0.8},
		{"click_px: 3\nsheet: {paper: a4, marks: auto}\n", photo.DefaultMarkPx},
	} {
		mf, err := photo.ParseMarks("m.yaml", []byte(tc.file), comp, 4000, 3000)
		require.NoError(t, err, tc.file)
		assert.Equal(t, tc.want, mf.Sheet.MarkPx, tc.file)
		found := [4]physics.Vec{{X: 1, Y: 1}, {X: 2, Y: 1}, {X: 2, Y: 2}, {X: 1, Y: 2}}
		for _, m := range mf.Calibration(&found) {
			assert.Equal(t, tc.want, m.SigmaPx, "%s: %s", tc.file, m.Name)
		}
		back, err := photo.ParseMarks("again.yaml", mf.YAML(), comp, 4000, 3000)
		require.NoError(t, err)
		assert.Equal(t, tc.want, back.Sheet.MarkPx, "written back: %s", tc.file)
	}
}

// TestReadMarksFileBound: a marks file is refused by its own bound
// (MaxMarksBytes, 1 MiB in internal/limits), with a message naming it,
// whether it comes from disk or standard input, and however large it is.
func TestReadMarksFileBound(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{photo.MaxMarksBytes + 1, 2 << 20, 5 << 20} {
		name := filepath.Join(dir, fmt.Sprintf("m%d.yaml", size))
		require.NoError(t, os.WriteFile(name, []byte(strings.Repeat("#", size)), 0o644))
		_, _, err := photo.ReadMarksFile(name, nil)
		require.Error(t, err, "%d bytes", size)
		assert.Contains(t, err.Error(), name+": too large")
		assert.Contains(t, err.Error(), "at most 1 MB")
		_, got, err := photo.ReadMarksFile("-", strings.NewReader(strings.Repeat("#", size)))
		require.Error(t, err, "%d bytes on stdin", size)
		assert.Equal(t, "<stdin>", got)
		assert.Contains(t, err.Error(), "<stdin>: too large (more than 1 MB)")
	}
	name := filepath.Join(dir, "ok.yaml")
	require.NoError(t, os.WriteFile(name, []byte(sampleMarks), 0o644))
	data, got, err := photo.ReadMarksFile(name, nil)
	require.NoError(t, err)
	assert.Equal(t, name, got)
	assert.Equal(t, sampleMarks, string(data))
}

// TestSnappedPrecisionIsSaved: a ship whose corners were snapped keeps
// their precision (front_px) in the marks file, so bsg photo rules on the
// saved marks with the intervals photo mode showed.
func TestSnappedPrecisionIsSaved(t *testing.T) {
	comp := assets.Default()
	mf, err := photo.ParseMarks("m.yaml", []byte(sampleMarks), comp, 4000, 3000)
	require.NoError(t, err)
	mf.Scene.Objects[0].SigmaPx = 0.42
	back, err := photo.ParseMarks("again.yaml", mf.YAML(), comp, 4000, 3000)
	require.NoError(t, err, string(mf.YAML()))
	assert.Equal(t, 0.42, back.Scene.Objects[0].SigmaPx)
	assert.Equal(t, mf.ClickPx, back.Scene.Objects[1].SigmaPx, "a clicked ship keeps click_px")
	assert.Equal(t, mf.Scene.Objects, back.Scene.Objects)
	_, err = photo.ParseMarks("bad.yaml", []byte("sheet: {paper: a4, marks: auto}\nships:\n  - {id: a, class: viper-mk2, front: [[1, 1], [9, 9]], front_px: 0}\n"), comp, 4000, 3000)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "bad.yaml:3: ships[0].front_px: 0 is out of range")
}

// TestEdgesAreTheDefault (issue #28: clicks that snap): a marks file
// without an edges: line looks for the photo's straight edges (edges:
// none opts out, and is what a file written without them says); on a
// photo with no straight edges the calibration is the marks' own fit and
// says so; the same marks on the same photo are fitted once (photo mode
// refits on every click), other marks again.
func TestEdgesAreTheDefault(t *testing.T) {
	comp := assets.Default()
	mf, err := photo.ParseMarks("m.yaml", []byte(sampleMarks), comp, 4000, 3000)
	require.NoError(t, err)
	assert.True(t, mf.Edges, "no edges: line is edges: auto")
	assert.NotContains(t, string(mf.YAML()), "edges:")
	none, err := photo.ParseMarks("n.yaml", []byte(sampleMarks+"edges: none\n"), comp, 4000, 3000)
	require.NoError(t, err)
	assert.False(t, none.Edges)
	back, err := photo.ParseMarks("again.yaml", none.YAML(), comp, 4000, 3000)
	require.NoError(t, err)
	assert.False(t, back.Edges, "edges: none is written back")
	auto, err := photo.ParseMarks("a.yaml", []byte(sampleMarks+"edges: auto\n"), comp, 4000, 3000)
	require.NoError(t, err)
	assert.True(t, auto.Edges)

	// a photo of one grey: no straight edges, the marks' own fit
	rng := rand.New(rand.NewPCG(28, 1))
	tr := phototest.RandomPhoneTrial(rng, comp, 4000, 3000)
	mf, err = photo.ParseMarks("sheet.yaml", sheetOnlyMarksFile(tr.SheetMarks(rng, photo.DefaultMarkPx)), comp, 4000, 3000)
	require.NoError(t, err)
	img := image.NewGray(image.Rect(0, 0, 4000, 3000))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	s := photo.NewSnapper(img)
	own, err := photo.Fit(mf.Calibration(nil), 4000, 3000)
	require.NoError(t, err)
	cal, err := mf.FitOn(s)
	require.NoError(t, err)
	assert.Equal(t, photo.EdgesNotFound, cal.Edges)
	assert.Equal(t, own.Model, cal.Model, "the marks' own fit")
	assert.Nil(t, cal.Lens)
	mf.Edges = false
	off, err := mf.FitOn(s)
	require.NoError(t, err)
	assert.Equal(t, photo.EdgesNotAsked, off.Edges)
	mf.Edges = true
	again, err := mf.FitOn(s)
	require.NoError(t, err)
	assert.Same(t, cal, again, "the same marks on the same photo: the kept fit")
	mf.Sheet.Pixels[0].X += 3
	moved, err := mf.FitOn(s)
	require.NoError(t, err)
	assert.NotSame(t, cal, moved, "other marks: fitted again")
	assert.NotEqual(t, cal.Model, moved.Model)
}
