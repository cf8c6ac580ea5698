package web_test

import (
	"context"
	"errors"
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

// Firing; Fire arc and range (issue 27: "a disputed one can be measured
// from a photo", "correct any ship's pose") on two phones held upright
// (390 × 844, touch). Computer players bring The Jump Point to the first
// alignment; the table then has escort-1 150 mm from hunter-1, each in
// the other's arc, and the firing step opens. On the Colonial phone:
// Measure a shot from a photo, the page's file picker takes a photo of
// the table (rendered: hunter-1's model turned 25° from its twin), the
// place of the sheet typed; the shot hunter-1 → escort-1 chosen; the
// page shows the game's ruling (in arc) beside the photo's (out of arc)
// with its margins; Accept sends the Colonial's own pose and PROPOSES
// hunter-1's to the Cylon. The Cylon phone shows the proposal (by how
// many mm and degrees, what it changes for the shot) and agrees; the
// twin's hunter-1 then stands at its model, and the game's ruling of the
// shot is the photo's.
func TestCompanionDisputedShotFromAPhotoOnTwoPhones(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a companion game on two phones: not in the quick tier")
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

	// the computer plays both seats to the first alignment, each bot
	// stopped there before it decides (no word that the table is
	// aligned sent: policy.BotStopper)
	pol, err := policy.ByName("greedy")
	require.NoError(t, err)
	bg, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	// each wait on the server is bounded on its own (a bound, not a
	// measure: the browser's steps between may take long under load)
	bound := func() context.Context {
		c, cancel := context.WithTimeout(bg, pageWait)
		t.Cleanup(cancel)
		return c
	}
	bots := make(chan error, 2)
	for _, link := range []string{cr.Colonial, cr.Cylon} {
		c := client.Dial(bg, base, link)
		t.Cleanup(c.Close)
		go func() {
			_, err := policy.Bot(bg, c, pol, comp, 1, stopBeforeAligning{})
			bots <- err
		}()
	}
	for range 2 {
		require.NoError(t, <-bots, "a computer player to the first alignment")
	}
	col, cyl := client.Dial(bg, base, cr.Colonial), client.Dial(bg, base, cr.Cylon)
	t.Cleanup(col.Close)
	t.Cleanup(cyl.Close)
	for _, c := range []*client.Client{col, cyl} {
		c.SetComponents(comp)
		_, err := c.Wait(bound(), func(st *wire.State) bool { return st.Ready && st.View.Phase == battle.Aligning && st.Need == nil })
		require.NoError(t, err)
	}

	// the table: escort-1 150 mm from hunter-1, 22° off its facing, and
	// hunter-1 turned 22° off escort-1: each in the other's arc (±30°)
	st := col.State()
	hunter := viewShip(st, "hunter-1")
	// a ship's arc turns with its dial (referee.Ship.Facing)
	notch := referee.LimitsFrom(comp.Geometry).DialNotch
	dial := func(id string) float64 { return notch * float64(viewShip(st, id).Rotation) }
	var hunterAt, escortAt physics.Pose
	placed := false
	for k := 0; k < 12 && !placed; k++ {
		dir := physics.Deg(-90 + 30*float64(k))
		escortAt = physics.Pose{Pos: hunter.Pose.Pos.Add(physics.Direction(dir).Mul(150)), Heading: dir + physics.Deg(180-22+dial("escort-1"))}
		hunterAt = physics.Pose{Pos: hunter.Pose.Pos, Heading: dir - physics.Deg(22-dial("hunter-1"))}
		if err := col.Act(bound(), battle.Command{Type: battle.CmdPose, Ship: "escort-1", Pose: &escortAt}); err != nil {
			var r *client.Refused
			require.True(t, errors.As(err, &r), "%v", err)
			continue
		}
		placed = true
	}
	require.True(t, placed, "escort-1 set 150 mm from hunter-1")
	_, err = cyl.Wait(bound(), func(st *wire.State) bool { return viewShip(st, "escort-1").Pose == escortAt })
	require.NoError(t, err)
	require.NoError(t, cyl.Act(bound(), battle.Command{Type: battle.CmdPose, Ship: "hunter-1", Pose: &hunterAt}))
	_, err = col.Wait(bound(), func(st *wire.State) bool { return viewShip(st, "hunter-1").Pose == hunterAt })
	require.NoError(t, err)
	for _, c := range []*client.Client{col, cyl} { // both players say the table is aligned
		require.NoError(t, c.Act(bound(), battle.Command{Type: battle.CmdAligned}))
	}
	for range 20 {
		st, err = col.Wait(bound(), func(st *wire.State) bool { return st.View.Phase != battle.Aligning || st.Need != nil })
		require.NoError(t, err)
		if st.Need == nil {
			break
		}
		seat := col // a pick's maker; a die's or a counter's: the side the need names
		if st.Need.Side == battle.Cylon {
			seat = cyl
		}
		seq := st.Seq
		if st.Need.What == battle.DrawPick {
			require.NoError(t, seat.SupplyValue(bound(), 0)) // which side declares first: the Colonial
		} else {
			require.NoError(t, seat.Supply(bound(), wire.Supply{Roll: true}))
		}
		_, err = col.Wait(bound(), func(st *wire.State) bool { return st.Seq > seq })
		require.NoError(t, err)
	}
	require.Equal(t, battle.Declaring, st.View.Phase, "the firing step opens")
	twin := tableOf(st, comp, nil)
	require.True(t, twin.Rule(shipAt(twin, "hunter-1"), shipAt(twin, "escort-1")).CanFire, "the game rules escort-1 in hunter-1's arc")

	// the photo of the table as it stands, hunter-1's model turned 25°
	sheet, _ := photo.SheetFor("a4")
	w, d := 900.0, 1200.0
	rng := rand.New(rand.NewPCG(27, 3))
	tr := phototest.Trial{Sheet: sheet, Cam: phototest.RandomCamera(rng, 2000, 1500, w, d, 15, 0.01), SheetAngle: 17}
	model := physics.Pose{Pos: hunterAt.Pos, Heading: hunterAt.Heading - physics.Deg(25)}
	tr.Truth = tableOf(st, comp, map[string]physics.Pose{"hunter-1": model}).Table()
	truth := referee.New(tr.Truth)
	require.Equal(t, referee.OutOfArc, truth.Rule(shipAt(truth, "hunter-1"), shipAt(truth, "escort-1")).Reason, "on the real table escort-1 is out of hunter-1's arc")
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

	// the Colonial phone measures the shot from the photo
	ph := browse(t, cr.Links["colonial"], phoneLite)
	waitFor(t, ph, pageWait, "the companion game's firing step", func(st ui.PageState) bool {
		_, ok := button(st, "Declare:")
		return st.Screen == "companion game" && ok
	})
	var b ui.PageButton
	ok := false
	for k := 0; k < 10; k++ {
		st := settle(t, ph)
		if b, ok = button(st, "Measure a shot from a photo"); ok && b.Y+b.H < float64(phone.H)-80 {
			break
		}
		scrollUp(t, ph, st) // the panel's content up: what lies below shows
	}
	require.True(t, ok, "the button Measure a shot from a photo")
	screenshot(t, ph, "dispute-colonial-firing")
	tapUntil(t, ph, "the file picker", named(b.Label), func(st ui.PageState) bool { return strings.Contains(st.Status, "choose a file") })
	require.NoError(t, chromedp.Run(ph, chromedp.SetUploadFiles("#upload", []string{file}, chromedp.ByID)))
	waitFor(t, ph, pageWait, "where the sheet lies asked", func(st ui.PageState) bool { _, ok := button(st, "The sheet lies here"); return ok })
	tapUntil(t, ph, "the place's prompt", named("Type the place"), func(st ui.PageState) bool { _, ok := pageField(st, "prompt"); return ok })
	num := func(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
	typeInto(t, ph, "prompt", "at "+num(tr.SheetAt.X)+","+num(tr.SheetAt.Y)+" angle 17", true)
	waitFor(t, ph, pageWait, "the photo's ruling", func(st ui.PageState) bool {
		_, asked := pageField(st, "prompt")
		return !asked && strings.Contains(st.Ruling, "The photo rules")
	})
	// the shot: hunter-1 on escort-1
	for _, pick := range []struct{ prefix, want string }{{"Attacker: ", "hunter-1"}, {"Target: ", "escort-1"}} {
		for k := 0; ; k++ {
			require.Less(t, k, 8, "%s%s", pick.prefix, pick.want)
			st := settle(t, ph)
			b, ok := button(st, pick.prefix)
			require.True(t, ok, "the button %s…: %s", pick.prefix, labels(st))
			if b.Label == pick.prefix+pick.want {
				break
			}
			tapUntil(t, ph, "the next "+pick.prefix, named(b.Label), func(st ui.PageState) bool {
				c, ok := button(st, pick.prefix)
				return ok && c.Label != b.Label
			})
		}
	}
	st2 := waitFor(t, ph, pageWait, "the photo's ruling of hunter-1 → escort-1", func(st ui.PageState) bool {
		return strings.Contains(st.Ruling, "The photo rules: hunter-1 → escort-1")
	})
	st2 = settle(t, ph)
	screenshot(t, ph, "dispute-colonial-photo")
	assert.Contains(t, st2.Ruling, "The game rules: escort-1 is in hunter-1's arc", "the game's ruling")
	assert.Contains(t, st2.Ruling, "The photo rules: hunter-1 → escort-1: out of arc", "beside the photo's")
	assert.Contains(t, st2.Ruling, "margins: arc", "with its margins")
	acc, ok := button(st2, "Accept the photo's poses")
	require.True(t, ok, "Accept: %s", labels(st2))
	assert.LessOrEqual(t, acc.Y+acc.H, float64(phone.H)+0.5, "Accept on the screen")
	assert.GreaterOrEqual(t, acc.H, 9*cssPerMM-0.5, "Accept is %.1f mm high", acc.H/cssPerMM)
	tapUntil(t, ph, "the proposal waits for the Cylon", named("Accept the photo's poses"), func(st ui.PageState) bool {
		return st.Screen == "companion game" && strings.Contains(st.Proposal, "Waiting for their answer")
	})
	screenshot(t, ph, "dispute-colonial-proposed")

	// the Cylon phone: the proposal on the twin, agreed
	cp := browse(t, cr.Links["cylon"], phoneLite)
	t.Cleanup(func() {
		if t.Failed() { // what each phone showed last
			screenshot(t, ph, "dispute-failed-colonial")
			screenshot(t, cp, "dispute-failed-cylon")
		}
	})
	waitFor(t, cp, pageWait, "the proposal on the Cylon phone", func(st ui.PageState) bool {
		return strings.Contains(st.Proposal, "The Colonial player measured hunter-1 → escort-1 on a photo")
	})
	// Agree and Refuse under its words: a finger drags the panel's
	// content up while they lie below its room
	var st3 ui.PageState
	for k := 0; ; k++ {
		st3 = settle(t, cp)
		if _, ok := button(st3, "Agree"); ok {
			break
		}
		require.Less(t, k, 6, "Agree on the Cylon phone: %s", labels(st3))
		scrollUp(t, cp, st3)
	}
	screenshot(t, cp, "dispute-cylon-proposal")
	assert.Contains(t, st3.Proposal, "from the twin, to (")
	assert.Contains(t, st3.Proposal, "hunter-1 → escort-1: the game rules in arc")
	assert.Contains(t, st3.Proposal, "with these poses, out of arc")
	for _, label := range []string{"Agree", "Refuse"} {
		b, ok := button(st3, label)
		require.True(t, ok, label)
		assert.True(t, b.X >= 0 && b.X+b.W <= float64(phone.W)+0.5 && b.Y >= 0 && b.Y+b.H <= float64(phone.H)+0.5, "%s on the phone's screen: %+v", label, b)
	}
	tapUntil(t, cp, "the proposal answered", named("Agree"), func(st ui.PageState) bool { _, ok := button(st, "Agree"); return !ok })
	st, err = cyl.Wait(bound(), func(st *wire.State) bool {
		h := viewShip(st, "hunter-1").Pose
		return st.Poses == nil && h.Pos.Dist(model.Pos) < 1.5 && math.Abs(math.Remainder(h.Heading.Degrees()-model.Heading.Degrees(), 360)) < 3
	})
	require.NoError(t, err, "the twin's hunter-1 stands at its model")
	assert.Equal(t, battle.Declaring, st.View.Phase, "still declaring")
	waitFor(t, ph, pageWait, "the Colonial phone told", func(st ui.PageState) bool {
		return strings.Contains(st.Proposal, "The Cylon player agreed: hunter-1 to")
	})
	settle(t, ph)
	screenshot(t, ph, "dispute-colonial-agreed")
	settle(t, cp)
	screenshot(t, cp, "dispute-cylon-agreed")
	// the game's ruling is now the photo's
	twin = tableOf(st, comp, nil)
	assert.Equal(t, referee.OutOfArc, twin.Rule(shipAt(twin, "hunter-1"), shipAt(twin, "escort-1")).Reason, "the twin rules as the photo")
}

// tableOf is the referee of a state's table, the ships in moved standing
// at their poses there.
func tableOf(st *wire.State, comp *assets.Components, moved map[string]physics.Pose) *referee.Referee {
	t := referee.Table{Width: st.View.Width, Depth: st.View.Depth, Obstacles: st.View.Obstacles, Limits: referee.LimitsFrom(comp.Geometry)}
	for _, sv := range st.View.Ships {
		if !sv.OnTable || sv.Out {
			continue
		}
		pose := sv.Pose
		if m, ok := moved[sv.ID]; ok {
			pose = m
		}
		t.Ships = append(t.Ships, referee.Ship{ID: sv.ID, Class: sv.Class, Pose: pose, Rotation: sv.Rotation, Level: sv.Level, AcrossFlats: comp.BaseAcrossFlats(sv.Class)})
	}
	return referee.New(t)
}

// shipAt is the index of a ship on a referee's table.
func shipAt(r *referee.Referee, id string) int {
	for i, s := range r.Table().Ships {
		if s.ID == id {
			return i
		}
	}
	return -1
}

// viewShip returns a ship of a state's view.
func viewShip(st *wire.State, id string) battle.ShipView {
	for _, sv := range st.View.Ships {
		if sv.ID == id {
			return sv
		}
	}
	return battle.ShipView{}
}
