package web_test

import (
	"context"
	"image/png"
	"math"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// A companion game's pose corrected from a photo on a phone held upright
// (390 × 844, touch): computer players bring The Jump Point to a movement
// step's alignment; the Colonial phone opens its seat link, taps Align
// from a photo, the page's file input (which offers the camera: image
// types) takes a photo of the table (rendered: the printed sheet, the
// Colonial models a few mm and degrees from the twin), the player types
// where the sheet lies (Type the place on the sheet's placing), the program finds the three bases by itself, the
// player confirms them and sends: the twin then stands at the models'
// poses (within the photo's stated interval, which the screen test
// checks; here within 1.5 mm and 3°). Controls stay on the screen and at
// least 9 mm high.
func TestCompanionPoseFromAPhotoOnAPhone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a companion game on a phone: not in the quick tier")
	}
	comp := assets.Default()
	page(t) // builds the page
	s, err := server.New(server.Options{Data: t.TempDir(), Web: web.Handler(pageRep.Dir), Logf: t.Logf})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: s.Handler()}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	base := "http://" + ln.Addr().String()
	cr, err := client.Host(base, server.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)

	// the computer plays both seats to the first alignment; the Cylon
	// bot plays on (it says at once that the table is aligned)
	pol, err := policy.ByName("greedy")
	require.NoError(t, err)
	bg, stopBots := context.WithCancel(context.Background())
	t.Cleanup(stopBots)
	cyl := client.Dial(bg, base, cr.Cylon)
	go policy.Bot(bg, cyl, pol, comp, 1, nil) //nolint:errcheck // ends with the test
	col := client.Dial(bg, base, cr.Colonial)
	// stopped before it decides (a bot cancelled once it saw the step
	// could still say the table is aligned: the game then went on to
	// step 2 while the photo showed step 1's poses)
	_, err = policy.Bot(bg, col, pol, comp, 1, stopBeforeAligning{})
	require.NoError(t, err)
	col.Close()
	spec := client.Dial(bg, base, cr.Spectator)
	t.Cleanup(spec.Close)
	wait, stopWait := context.WithTimeout(bg, pageWait) // a bound, not a measure
	t.Cleanup(stopWait)
	st, err := spec.Wait(wait, func(st *wire.State) bool {
		return st.View.Phase == battle.Aligning && len(st.Aligned) == 1 && st.Aligned[0] == battle.Cylon
	})
	require.NoError(t, err, "the Cylon's word that the table is aligned")
	require.Equal(t, 1, st.View.Step, "the Colonial's computer stopped before its word")
	for _, s := range st.View.Ships {
		t.Logf("the twin: %s at %.1f,%.1f heading %.1f°", s.ID, s.Pose.Pos.X, s.Pose.Pos.Y, s.Pose.Heading.Degrees())
	}

	// the photo of the table as it stands: the Colonial models moved
	sheet, _ := photo.SheetFor("a4")
	w, d := 900.0, 1200.0
	rng := rand.New(rand.NewPCG(27, 3))
	tr := phototest.Trial{Sheet: sheet, Cam: phototest.RandomCamera(rng, 2000, 1500, w, d, 15, 0.01), SheetAngle: 17}
	tr.Truth = referee.Table{Width: w, Depth: d, Limits: referee.LimitsFrom(comp.Geometry)}
	models := map[string]physics.Pose{}
	for _, sv := range st.View.Ships {
		if !sv.OnTable || sv.Out {
			continue
		}
		pose := sv.Pose
		if sv.Side == battle.Colonial {
			pose = physics.Pose{Pos: pose.Pos.Add(physics.V(2.5, -3)), Heading: pose.Heading + physics.Deg(2)}
			models[sv.ID] = pose
		}
		tr.Truth.Ships = append(tr.Truth.Ships, referee.Ship{ID: sv.ID, Class: sv.Class, Pose: pose, Level: 1, AcrossFlats: comp.BaseAcrossFlats(sv.Class)})
	}
	require.Len(t, models, 3)
	// the sheet where it lies 30 mm clear of every base
search:
	for y := 140.0; y < d-140; y += 20 {
		for x := 180.0; x < w-180; x += 20 {
			at := physics.V(x, y)
			for _, s := range tr.Truth.Ships {
				local := s.Pose.Pos.Sub(at).Rotate(physics.Deg(-tr.SheetAngle))
				if math.Abs(local.X) < sheet.W/2+s.AcrossFlats/math.Sqrt(3)+30 && math.Abs(local.Y) < sheet.H/2+s.AcrossFlats/math.Sqrt(3)+30 {
					continue search
				}
			}
			tr.SheetAt = at
			break search
		}
	}
	require.Positive(t, tr.SheetAt.X, "a place for the sheet")
	file := filepath.Join(t.TempDir(), "table.png")
	f, err := os.Create(file)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, tr.Render(phototest.Look{BlurPx: 0.8, Noise: 3, Seed: 5})))
	require.NoError(t, f.Close())

	ph := browse(t, cr.Links["colonial"], phoneLite)
	waitFor(t, ph, pageWait, "the companion game", func(st ui.PageState) bool {
		_, ok := button(st, "The table is aligned")
		return st.Screen == "companion game" && ok
	})
	var b ui.PageButton
	ok := false
	for k := 0; k < 6; k++ {
		st := settle(t, ph)
		if b, ok = button(st, "Align from a photo"); ok && b.Y+b.H < float64(phone.H)-80 {
			break
		}
		scrollUp(t, ph, st)
	}
	require.True(t, ok, "the button Align from a photo")
	screenshot(t, ph, "photoalign-game")
	tap(t, ph, b.X+b.W/2, b.Y+b.H/2)
	waitFor(t, ph, pageWait, "the file picker", func(st ui.PageState) bool { return strings.Contains(st.Status, "choose a file") })
	var accept string
	require.NoError(t, chromedp.Run(ph, chromedp.Evaluate(`document.getElementById("upload").accept`, &accept)))
	assert.Contains(t, accept, "image/jpeg", "a phone offers its camera for a photo")
	require.NoError(t, chromedp.Run(ph, chromedp.SetUploadFiles("#upload", []string{file}, chromedp.ByID)))
	waitFor(t, ph, pageWait, "where the sheet lies asked", func(st ui.PageState) bool { _, ok := button(st, "The sheet lies here"); return ok })
	screenshot(t, ph, "photoalign-place")
	// laid on the twin's table by a finger, or typed: typed here (the
	// screen test drags it)
	tapButton(t, ph, "Type the place")
	waitFor(t, ph, pageWait, "the place's prompt", func(st ui.PageState) bool { _, ok := pageField(st, "prompt"); return ok })
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	typeInto(t, ph, "prompt", "at "+num(tr.SheetAt.X)+","+num(tr.SheetAt.Y)+" angle 17", true)
	st2 := waitFor(t, ph, pageWait, "the bases found", func(st ui.PageState) bool {
		_, ok := button(st, "Confirm escort-2")
		_, asked := pageField(st, "prompt")
		return ok && !asked
	})
	st2 = settle(t, ph) // the panel takes the room its lines need
	screenshot(t, ph, "photoalign-found")
	for _, b := range st2.Buttons {
		assert.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "button %q is %.1f mm high", b.Label, b.H/cssPerMM)
		assert.LessOrEqual(t, b.X+b.W, float64(phone.W)+0.5, "button %q is on the screen", b.Label)
		assert.LessOrEqual(t, b.Y+b.H, float64(phone.H)+0.5, "button %q is on the screen", b.Label)
	}
	for _, id := range []string{"raptor", "escort-1", "escort-2"} {
		b, ok := button(state(t, ph), "Confirm "+id)
		require.True(t, ok, "%s proposed", id)
		raw, _ := published(t, ph)
		tap(t, ph, b.X+b.W/2, b.Y+b.H/2)
		awaitChange(t, ph, raw)
	}
	screenshot(t, ph, "photoalign-confirmed")
	tapButton(t, ph, "Send 3 corrections")
	waitFor(t, ph, pageWait, "back on the game", func(st ui.PageState) bool { return st.Screen == "companion game" })
	wait, stopWait = context.WithTimeout(bg, pageWait)
	t.Cleanup(stopWait)
	st, err = spec.Wait(wait, func(st *wire.State) bool {
		for _, sv := range st.View.Ships {
			if m, ok := models[sv.ID]; ok && sv.Pose.Pos.Dist(m.Pos) > 1.5 {
				return false
			}
		}
		return true
	})
	require.NoError(t, err)
	for _, sv := range st.View.Ships {
		if m, ok := models[sv.ID]; ok {
			assert.Less(t, math.Abs(math.Remainder(sv.Pose.Heading.Degrees()-m.Heading.Degrees(), 360)), 3.0, "%s's heading follows its model", sv.ID)
		}
	}
	assert.Equal(t, battle.Aligning, st.View.Phase, "the table still to be aligned: corrections change nothing else")
	settle(t, ph)
	screenshot(t, ph, "photoalign-sent")
}
