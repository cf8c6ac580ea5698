package web_test

import (
	"bytes"
	"fmt"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/ui"
)

// photoOnScreen is where photo pixel v shows in the page (CSS pixels).
func photoOnScreen(ph *ui.PagePhoto, v physics.Vec) [2]float64 {
	return [2]float64{ph.X + (v.X-ph.OffX)*ph.Zoom, ph.Y + (v.Y-ph.OffY)*ph.Zoom}
}

// Photo mode on a phone: a player uploads a photo of the table with the
// calibration sheet in view (rendered from a known table by a tilted
// camera), the sheet is found by itself, the player pinches in on each
// ship and taps its front corners, and gets the ruling with its error bar
// drawn over the photo; the true range lies inside it. A photo over the
// size limit is refused, unread, with its size.
func TestPhotoModeOnAPhone(t *testing.T) {
	t.Parallel()
	comp := assets.Default()
	tr := phototest.RandomTrial(rand.New(rand.NewPCG(42, 9)), comp, 1600, 1200, 25, 0.005)
	dir := t.TempDir()
	file := filepath.Join(dir, "table.png")
	var buf bytes.Buffer
	require.NoError(t, png.Encode(&buf, tr.Render(phototest.Look{BlurPx: 0.7, Noise: 3, Seed: 1})))
	require.NoError(t, os.WriteFile(file, buf.Bytes(), 0o644))
	huge := filepath.Join(dir, "huge.jpg")
	require.NoError(t, os.WriteFile(huge, nil, 0o644))
	require.NoError(t, os.Truncate(huge, photo.MaxPhotoBytes+1<<20))

	// a phone of two device pixels to the CSS pixel: the photo's pixels
	// cost the software renderer less than at three
	ctx := browse(t, page(t), screen{W: 390, H: 844, DPR: 2, Touch: true})
	start := time.Now()
	phase := func(what string) { t.Logf("%5.1f s: %s", time.Since(start).Seconds(), what) }
	waitButton(t, ctx, "Photo mode")
	screenshot(t, ctx, "title-phone")
	tapButton(t, ctx, "Photo mode")
	waitFor(t, ctx, pageWait, "the file picker", func(st ui.PageState) bool { return strings.Contains(st.Status, "choose a file") })
	require.NoError(t, chromedp.Run(ctx, chromedp.SetUploadFiles("#upload", []string{huge}, chromedp.ByID)))
	st := waitFor(t, ctx, pageWait, "the refusal", func(st ui.PageState) bool { return strings.Contains(st.Status, "too large") })
	assert.Equal(t, "huge.jpg: too large (65.0 MB; at most 64 MB)", st.Status)

	tapButton(t, ctx, "Photo mode")
	waitFor(t, ctx, pageWait, "the file picker", func(st ui.PageState) bool { return strings.Contains(st.Status, "choose a file") })
	require.NoError(t, chromedp.Run(ctx, chromedp.SetUploadFiles("#upload", []string{file}, chromedp.ByID)))
	st = waitFor(t, ctx, pageWait, "photo mode", func(st ui.PageState) bool { return st.Screen == "photo mode" && st.Photo != nil })
	require.Equal(t, 1600, st.Photo.Width)
	for _, b := range st.Buttons {
		assert.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "button %q is %.1f mm high", b.Label, b.H/cssPerMM)
		assert.LessOrEqual(t, b.X+b.W, 390.5, "button %q is on the screen", b.Label)
	}
	screenshot(t, ctx, "photo-phone-open")
	phase("photo mode open")

	for i, s := range tr.Truth.Ships {
		if i == 1 { // the next ship is a Raider: tap the class button until it says so
			for n := 0; ; n++ {
				require.Less(t, n, 20, "no class button for the raider")
				b := waitButton(t, ctx, "Class: ")
				if strings.HasPrefix(b.Label, "Class: "+s.Class) {
					break
				}
				tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
				waitFor(t, ctx, pageWait, "the next class", func(st ui.PageState) bool {
					nb, ok := button(st, "Class: ")
					return ok && nb.Label != b.Label
				})
			}
		}
		st = state(t, ctx)
		if i == 0 { // pinch in on the first ship: four times larger (the second is marked as the photo fits)
			px, _ := tr.Cam.Project(s.Pose.Pos)
			zoom := st.Photo.Zoom
			pinch(t, ctx, photoOnScreen(st.Photo, px), 50, 200)
			st = waitRest(t, ctx, pageWait, "the photo zoomed", func(st ui.PageState) bool { return st.Photo.Zoom > 3*zoom })
			assert.InDelta(t, 4, st.Photo.Zoom/zoom, 0.4, "the fingers spread from 50 to 200 px")
			screenshot(t, ctx, "photo-phone-zoomed")
		}
		// the left, then the right corner of the base's front flat
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		for _, corner := range []physics.Vec{hex[1], hex[0]} {
			cp, _ := tr.Cam.Project(corner)
			at := photoOnScreen(st.Photo, cp)
			require.True(t, at[0] > 0 && at[0] < 390 && at[1] > 0 && at[1] < st.Buttons[0].Y, "the corner shows above the panel: %v", at)
			tap(t, ctx, at[0], at[1])
		}
		phase("ship marked")
		for range s.Rotation {
			tapButton(t, ctx, "Dial +")
		}
		tapButton(t, ctx, "Fit")
		phase(fmt.Sprintf("dial turned %d times", s.Rotation))
	}
	st = waitFor(t, ctx, pageWait, "the rulings", func(st ui.PageState) bool {
		return st.Photo != nil && len(st.Photo.Rulings) >= 1 && st.Photo.Zoom < 0.5
	})
	truth := referee.New(tr.Truth).Rule(0, 1)
	ru := st.Photo.Rulings[0]
	t.Logf("%s\ntrue range %.1f mm; photo %.1f mm in [%.1f, %.1f]", st.Ruling, truth.Range, ru.Range, ru.Lo, ru.Hi)
	viper := comp.NewShipID(tr.Truth.Ships[0].Class, func(string) bool { return false })
	require.Equal(t, viper, ru.Attacker, "the first ruling is the viper's (named as every mode names a new ship)")
	assert.True(t, ru.Lo <= truth.Range && truth.Range <= ru.Hi, "the true range %.1f mm lies in the stated interval [%.1f, %.1f]", truth.Range, ru.Lo, ru.Hi)
	assert.Contains(t, st.Ruling, "mm ±", "the verdict states its error bar")
	var dom string
	require.NoError(t, chromedp.Run(ctx, chromedp.Text("#bsg-ruling", &dom, chromedp.ByQuery)))
	assert.Contains(t, dom, ru.Attacker+" → "+ru.Target, "the page's ruling element says it")

	// the ruler is drawn over the photo: the photo is grey, the ruler in
	// colour
	phase("ruling")
	shot := screenshot(t, ctx, "photo-phone-ruling")
	img, err := png.Decode(bytes.NewReader(shot))
	require.NoError(t, err)
	scale := float64(img.Bounds().Dx()) / 390
	coloured, n := 0, 0
	for k := 1; k < 20; k++ {
		f := float64(k) / 20
		x, y := (ru.From[0]+f*(ru.To[0]-ru.From[0]))*scale, (ru.From[1]+f*(ru.To[1]-ru.From[1]))*scale
		r, g, b, _ := img.At(int(math.Round(x)), int(math.Round(y))).RGBA()
		if max(r, g, b)-min(r, g, b) > 40<<8 {
			coloured++
		}
		n++
	}
	assert.GreaterOrEqual(t, coloured, n*3/4, "the ruler shows in colour over the grey photo (%d of %d points)", coloured, n)

	// the marks file downloads and holds the same marks
	dl := t.TempDir()
	require.NoError(t, chromedp.Run(ctx, browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(dl)))
	tapButton(t, ctx, "Save marks")
	marksFile := filepath.Join(dl, "table.marks.yaml")
	var data []byte
	require.Eventually(t, func() bool {
		data, err = os.ReadFile(marksFile)
		return err == nil && len(data) > 0
	}, pageWait, 100*time.Millisecond, "the download of table.marks.yaml")
	phase("marks downloaded")
	mf, err := photo.ParseMarks(marksFile, data, comp, 1600, 1200)
	require.NoError(t, err, string(data))
	require.Len(t, mf.Scene.Objects, 2)

	// the same screen held sideways, and on a desktop-sized window
	for _, sc := range []struct {
		name string
		w, h int64
		dpr  float64
	}{{"photo-phone-landscape", 844, 390, 2}, {"photo-desktop", 1280, 800, 1}} {
		require.NoError(t, chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(sc.w, sc.h, sc.dpr, sc.dpr > 1)))
		st = waitFor(t, ctx, pageWait, sc.name, func(st ui.PageState) bool {
			return st.Photo != nil && len(st.Photo.Rulings) > 0 && st.Photo.X+float64(st.Photo.Width)*st.Photo.Zoom > 0 && len(st.Buttons) > 0 &&
				st.Buttons[0].X > float64(sc.w)/2
		})
		for _, b := range st.Buttons {
			assert.LessOrEqual(t, b.Y+b.H, float64(sc.h)+0.5, "%s: button %q is on the screen", sc.name, b.Label)
		}
		screenshot(t, ctx, sc.name)
		phase(sc.name)
	}
}
