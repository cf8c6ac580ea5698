package photo_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
)

// locateTrial renders a table photo (a phone's, the sheet among six
// ships), finds the sheet on it and the bases in the sheet's frame
// (Marks.LocateFrame, FindBases) as photo mode does before the sheet's
// place is known, and returns the trial with the bases and the frame's
// sheet centre.
func locateTrial(t *testing.T, seed uint64) (phototest.Trial, []photo.Base, physics.Vec) {
	t.Helper()
	comp := components(t)
	rng := rand.New(rand.NewPCG(35, seed))
	tr := phototest.RandomPhoneTrial(rng, comp, 2000, 1500)
	tr.Crowd(rng, comp, []string{"viper-mk2", "cylon-raider"}, 4, 0)
	img := tr.Render(phototest.RandomLook(rng))
	det, err := photo.DetectSheet(img, tr.Sheet)
	require.NoError(t, err)
	mf := &photo.Marks{Sheet: &photo.Placement{Sheet: tr.Sheet, Pixels: det.Pixels, MarkPx: photo.DefaultMarkPx}}
	s := photo.NewSnapper(img)
	cal, at, w, d, err := mf.LocateFrame(s, math.Hypot(tr.Truth.Width, tr.Truth.Depth))
	require.NoError(t, err)
	var classes []photo.ClassSize
	for _, sh := range tr.Truth.Ships {
		classes = append(classes, photo.ClassSize{Class: sh.Class, AcrossFlats: sh.AcrossFlats})
	}
	return tr, s.FindBases(cal.Model, w, d, classes), at
}

// twinsOf are a trial's ships as a game's twin has them: each a few mm
// and degrees off its model (up to off mm, 4°), and the ships listed in
// moved 150 mm away (moved since the twin was last corrected).
func twinsOf(tr phototest.Trial, rng *rand.Rand, off float64, moved ...int) []photo.Twin {
	var out []photo.Twin
	for i, s := range tr.Truth.Ships {
		p := s.Pose
		p.Pos = p.Pos.Add(physics.Direction(physics.Deg(360 * rng.Float64())).Mul(off * rng.Float64()))
		p.Heading += physics.Deg(8 * (rng.Float64() - 0.5))
		for _, m := range moved {
			if m == i {
				p.Pos = p.Pos.Add(physics.V(150, 0))
			}
		}
		out = append(out, photo.Twin{ID: s.ID, AcrossFlats: s.AcrossFlats, Pose: p})
	}
	return out
}

// TestSheetLocatedFromTheBasesOnRenderedPhotos: on rendered phone
// photos of six ships and the sheet, the sheet's place on the table is
// found from the bases matched to the twin's ships (each up to 8 mm and
// 4° off its model, one of them moved 150 mm since): within 10 mm and 2°
// of the truth wherever it says found, the truth within its stated
// interval, and never confidently wrong.
func TestSheetLocatedFromTheBasesOnRenderedPhotos(t *testing.T) {
	trials := 6
	if testing.Short() {
		trials = 2
	}
	found, wrong := 0, 0
	var worstMM, worstDeg float64
	for i := range trials {
		tr, bases, at := locateTrial(t, uint64(i))
		rng := rand.New(rand.NewPCG(27, uint64(i)))
		l := photo.LocateSheet(bases, at, twinsOf(tr, rng, 8, 1))
		errMM := l.At.Dist(tr.SheetAt)
		errDeg := math.Abs(math.Remainder(l.Angle-tr.SheetAngle, 360))
		t.Logf("trial %d: %d bases, %v with %d matched: %.1f mm and %.2f° from the truth; stated ±%.1f mm ±%.2f°, rms %.1f mm",
			i, len(bases), l.Verdict, len(l.Matched), errMM, errDeg, l.AtPM, l.AnglePM, l.RMS)
		if l.Verdict != photo.LocateFound {
			continue
		}
		found++
		worstMM, worstDeg = math.Max(worstMM, errMM), math.Max(worstDeg, errDeg)
		if errMM > 10 || errDeg > 2 || errMM > l.AtPM+3 {
			wrong++
		}
	}
	t.Logf("found on %d of %d photos; worst %.1f mm, %.2f°", found, trials, worstMM, worstDeg)
	assert.Zero(t, wrong, "no place found confidently wrong")
	assert.GreaterOrEqual(t, found, trials-1, "the place is found on (nearly) every photo of six ships")
}

// synthBases are bases found at the twins' places mapped into a sheet
// frame (the sheet's centre at sheetAt there; on the table at at, turned
// angle), as a search finds them: no fore mark (any flat ahead).
func synthBases(twins []photo.Twin, sheetAt, at physics.Vec, angle float64) []photo.Base {
	var out []photo.Base
	for _, s := range twins {
		local := s.Pose.Pos.Sub(at).Rotate(physics.Deg(-angle)).Add(sheetAt)
		out = append(out, photo.Base{AcrossFlats: s.AcrossFlats, Pose: physics.Pose{Pos: local, Heading: s.Pose.Heading - physics.Deg(angle)}})
	}
	return out
}

// TestSheetLocatedFromBasesSaysWhenItCannot: the place is found from
// three bases or more whatever is missed or moved; two bases are too few
// (a guess, said so); ships laid out symmetrically (a square of four
// alike, turned about its middle, matches itself) are ambiguous, with
// the rival place given.
func TestSheetLocatedFromBasesSaysWhenItCannot(t *testing.T) {
	at, sheetAt := physics.V(420, 610), physics.V(800, 700)
	ship := func(x, y, h float64) photo.Twin {
		return photo.Twin{AcrossFlats: 45, Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(h)}}
	}
	twins := []photo.Twin{ship(150, 200, 10), ship(700, 260, 95), ship(300, 900, 200), ship(650, 1000, 300), ship(100, 600, 45)}
	bases := synthBases(twins, sheetAt, at, 33)

	l := photo.LocateSheet(bases, sheetAt, twins)
	assert.Equal(t, photo.LocateFound, l.Verdict)
	assert.Len(t, l.Matched, 5)
	assert.Less(t, l.At.Dist(at), 0.01)
	assert.Less(t, math.Abs(math.Remainder(l.Angle-33, 360)), 0.01)

	// one base missed, one ship moved 150 mm since: still found from three
	moved := append([]photo.Twin(nil), twins...)
	moved[1].Pose.Pos = moved[1].Pose.Pos.Add(physics.V(0, 150))
	l = photo.LocateSheet(bases[1:], sheetAt, moved)
	assert.Equal(t, photo.LocateFound, l.Verdict)
	assert.Len(t, l.Matched, 3)
	assert.Less(t, l.At.Dist(at), 0.01)

	// two bases: too few, a guess
	l = photo.LocateSheet(bases[:2], sheetAt, twins)
	assert.Equal(t, photo.LocateTooFew, l.Verdict)
	assert.Len(t, l.Matched, 2)

	// four alike at a square's corners, facing alike modulo a flat: a
	// half turn about the square's middle maps them onto themselves
	sq := []photo.Twin{ship(300, 300, 0), ship(500, 300, 0), ship(500, 500, 0), ship(300, 500, 0)}
	l = photo.LocateSheet(synthBases(sq, sheetAt, at, 33), sheetAt, sq)
	assert.Equal(t, photo.LocateAmbiguous, l.Verdict)
	require.NotNil(t, l.Rival)
	assert.Len(t, l.Rival.Matched, 4)
	truthIn := l.At.Dist(at) < 0.01 || l.Rival.At.Dist(at) < 0.01
	assert.True(t, truthIn, "the truth is one of the two places")
}

// TestSheetSearchStepByStep: the sheet's detection done a piece at a
// time (SheetSearch, what a screen runs between its frames) takes many
// bounded steps (the fours of corners tried a few at a step), its
// progress never going back, and ends with DetectSheet's answer; a photo
// without the sheet ends refused, with the reason.
func TestSheetSearchStepByStep(t *testing.T) {
	comp := components(t)
	rng := rand.New(rand.NewPCG(35, 7))
	tr := phototest.RandomPhoneTrial(rng, comp, 2000, 1500)
	img := tr.Render(phototest.RandomLook(rng))
	want, err := photo.DetectSheet(img, tr.Sheet)
	require.NoError(t, err)

	ds := photo.NewSheetSearch(img, tr.Sheet)
	assert.Equal(t, photo.DetectGray, ds.Stage())
	assert.Zero(t, ds.Progress())
	steps, last := 0, 0.0
	stages := map[photo.DetectStage]int{}
	for !ds.Step() {
		steps++
		require.Less(t, steps, 1000000)
		stages[ds.Stage()]++
		assert.GreaterOrEqual(t, ds.Progress(), last, "progress never goes back")
		assert.Less(t, ds.Progress(), 1.0)
		last = ds.Progress()
		got, _ := ds.Result()
		require.Nil(t, got, "nothing found before the end")
	}
	t.Logf("%d steps, %d of them trying fours of corners", steps+1, stages[photo.DetectMatch])
	assert.Greater(t, stages[photo.DetectMatch], 20, "the fours of corners are tried a few at a step")
	got, err := ds.Result()
	require.NoError(t, err)
	assert.Equal(t, want, got, "DetectSheet's answer")
	assert.Equal(t, 1.0, ds.Progress())
	// its grey levels kept as the photo's snapper: what NewSnapper
	// reads, so the straight edges are the same
	require.NotNil(t, ds.Snapper())
	cal, err := photo.Fit(tr.SheetMarks(rng, photo.DefaultMarkPx), 2000, 1500)
	require.NoError(t, err)
	edges := photo.NewSnapper(img).StraightEdges(cal.Model)
	require.NotEmpty(t, edges)
	assert.Equal(t, edges, ds.Snapper().StraightEdges(cal.Model))

	// the sheet off the photo: refused, with the reason
	tr.SheetAt = physics.V(-5000, -5000)
	img = tr.Render(phototest.RandomLook(rng))
	ds = photo.NewSheetSearch(img, tr.Sheet)
	for !ds.Step() {
	}
	got, err = ds.Result()
	assert.Nil(t, got)
	assert.Nil(t, ds.Snapper(), "no snapper without the sheet")
	var un *photo.Unusable
	require.ErrorAs(t, err, &un)
	assert.Contains(t, un.Reason, "no calibration sheet found")
}
