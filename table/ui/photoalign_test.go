package ui

import (
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/phototest"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// tablePhoto renders the photo of a companion game's table (the
// rendered photo of package phototest: the printed A4 sheet, the mat,
// the bases with their fore stripe) with every ship on the table standing
// where models says (the twin's pose unless models moves it), the sheet
// at a place clear of them, and writes it as a PNG. sheetOn false puts
// the sheet off the photo.
func tablePhoto(t *testing.T, st *wire.State, width, depth float64, models map[string]physics.Pose, sheetOn bool) (phototest.Trial, string) {
	t.Helper()
	comp := assets.Default()
	rng := rand.New(rand.NewPCG(27, 3))
	sheet, _ := photo.SheetFor("a4")
	tr := phototest.Trial{Sheet: sheet, Cam: phototest.RandomCamera(rng, 2000, 1500, width, depth, 15, 0.01)}
	tr.Truth = referee.Table{Width: width, Depth: depth, Limits: referee.LimitsFrom(comp.Geometry)}
	for _, sv := range st.View.Ships {
		if !sv.OnTable || sv.Out {
			continue
		}
		pose := sv.Pose
		if m, ok := models[sv.ID]; ok {
			pose = m
		}
		tr.Truth.Ships = append(tr.Truth.Ships, referee.Ship{ID: sv.ID, Class: sv.Class, Pose: pose, Level: 1, AcrossFlats: comp.BaseAcrossFlats(sv.Class)})
	}
	tr.SheetAngle, tr.SheetAt = 17, physics.V(-5000, -5000)
	if sheetOn {
		// the first place on a 20 mm grid where the sheet lies 30 mm
		// clear of every base and 20 mm inside the play area
	search:
		for y := 140.0; y < depth-140; y += 20 {
			for x := 180.0; x < width-180; x += 20 {
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
		require.Greater(t, tr.SheetAt.X, 0.0, "a place for the sheet")
	}
	path := filepath.Join(t.TempDir(), "table.png")
	f, err := os.Create(path)
	require.NoError(t, err)
	require.NoError(t, png.Encode(f, tr.Render(phototest.Look{BlurPx: 0.8, Noise: 3, Seed: 5})))
	require.NoError(t, f.Close())
	return tr, path
}

// searchOut ticks and draws the app until photo mode's search for a
// companion game's bases is over, and the analysis after it, calling
// check (when not nil) on every frame drawn while the search runs; it
// returns how many frames that was.
func searchOut(t *testing.T, a *App, p *Photo, check func(frame int)) int {
	t.Helper()
	n := 0
	for p.al.job != nil || p.job != nil {
		require.Less(t, n, 100000, "the search ends")
		a.Tick(1.0 / 60)
		a.Frame()
		if p.al.job != nil && check != nil {
			check(n)
		}
		n++
	}
	return n
}

// typeIn types text into the focused field or prompt and presses Enter.
func typeIn(a *App, text string) {
	for _, r := range text {
		send(a, kit.Event{Kind: kit.Char, Rune: r})
	}
	send(a, kit.Press(kit.KeyEnter))
}

// TestCompanionPosesCorrectedFromAPhoto: after movement step 1 of a
// companion game (through the server), the Colonial player takes a photo
// of the real table with the printed sheet in view: the Vipers' models
// stand a few mm and degrees from the twin's poses, the Raptor's model
// has slid over the south edge. On the companion screen: Align from a
// photo, the photo's file, where the sheet lies; the program finds the
// two Vipers' bases by itself, the player taps the Raptor's corners (they
// snap to its base), confirms all three and sends them. The twin's Vipers
// then stand at the models' true poses within the interval the screen
// stated; the Raptor's pose is refused with its reason in red, its twin
// unchanged.
func TestCompanionPosesCorrectedFromAPhoto(t *testing.T) {
	screens := companionScreens(t)
	col := screens[0]
	companionUntil(t, screens, "the table aligned after movement step 1", func(st *wire.State, text string) bool {
		return st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	send(col.a, kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	c := col.g.seat.(*seat.Companion)
	st := c.State()
	su := col.g.seat.Setup()
	twin := map[string]battle.ShipView{}
	for _, id := range []string{"escort-1", "escort-2", "raptor"} {
		twin[id] = shipIn(st, id)
		require.True(t, twin[id].OnTable, id)
	}
	moved := func(id string, dx, dy, turn float64) physics.Pose {
		p := twin[id].Pose
		return physics.Pose{Pos: p.Pos.Add(physics.V(dx, dy)), Heading: p.Heading + physics.Deg(turn)}
	}
	models := map[string]physics.Pose{
		"escort-1": moved("escort-1", 3.2, -2.4, 2.5),
		"escort-2": moved("escort-2", -2.6, 3.1, -3),
		"raptor":   {Pos: physics.V(twin["raptor"].Pose.Pos.X+60, 12), Heading: physics.Deg(80)}, // over the south edge
	}
	tr, path := tablePhoto(t, st, su.Width, su.Depth, models, true)

	clickButton(t, col.a, "Align from a photo")
	require.NotNil(t, col.a.modal, "the photo's file is asked")
	typeIn(col.a, path)
	p, ok := col.a.Screen().(*Photo)
	require.True(t, ok, "photo mode opens on the photo")
	require.NotNil(t, p.align)
	require.NotNil(t, p.al.hand, "where the sheet lies is asked at once: laid on the twin's table")
	text := drawnText(col.a)
	assert.Contains(t, text, "Align from a photo")
	assert.Contains(t, text, "Where does the sheet lie?")
	clickButton(t, col.a, "Type the place (t)")
	require.NotNil(t, col.a.modal, "the place typed: the prompt")
	typeIn(col.a, "at "+trimNum(tr.SheetAt.X)+","+trimNum(tr.SheetAt.Y)+" angle 17")
	require.Nil(t, p.al.hand, "back on the photo")
	require.Nil(t, col.a.modal)
	require.True(t, p.al.placed)
	searchOut(t, col.a, p, nil)
	assert.Contains(t, p.info, "2 of your 3 ships found on the photo")
	for _, id := range []string{"escort-1", "escort-2"} {
		ps, ok := p.alignPose(id)
		require.True(t, ok, "%s proposed", id)
		assert.Less(t, ps.Pos.Dist(models[id].Pos), ps.PosPM+0.3, "%s found at its model", id)
	}
	_, found := p.alignPose("raptor")
	assert.False(t, found, "the Raptor's model is too far from its twin to be proposed")

	// the Raptor by its corners, tapped on the photo a little off
	clickButton(t, col.a, "Tap raptor's corners")
	hex := physics.Hexagon(models["raptor"], tr.Truth.Ships[0].AcrossFlats)
	for i, corner := range []physics.Vec{hex[1], hex[0]} {
		px, _ := tr.Cam.Project(corner)
		sc := p.toScreen(px.Add(physics.V(1.5, -1.0*float64(i))))
		send(col.a, kit.Click(sc.X, sc.Y)...)
	}
	measured(t, col.a, p)
	ps, ok := p.alignPose("raptor")
	require.True(t, ok, "the Raptor marked: %s %v", p.info, p.err)
	assert.Contains(t, p.info, "snapped")
	assert.Less(t, ps.Pos.Dist(models["raptor"].Pos), ps.PosPM+0.3)

	text = drawnText(col.a)
	assert.Contains(t, text, "about ±", "the interval is stated")
	assert.Contains(t, text, "Send 0 corrections")
	for _, id := range []string{"escort-1", "escort-2", "raptor"} {
		clickButton(t, col.a, "Confirm "+id)
	}
	stated := map[string]photo.Pose{}
	for _, id := range []string{"escort-1", "escort-2", "raptor"} {
		stated[id], _ = p.alignPose(id)
		t.Logf("%s: found %.2f mm and %.2f° from its model; stated ±%.2f mm, ±%.2f°", id, stated[id].Pos.Dist(models[id].Pos),
			angleOff(physics.Deg(stated[id].Heading), models[id].Heading), stated[id].PosPM, stated[id].HeadingPM)
		assert.Less(t, stated[id].PosPM, 2.0, "%s: a pose to a few mm is worth sending", id)
	}
	clickButton(t, col.a, "Send 3 corrections")
	require.Equal(t, Screen(col.g), col.a.Screen(), "back on the game")
	assert.Equal(t, "table 900x1200 at "+trimNum(tr.SheetAt.X)+","+trimNum(tr.SheetAt.Y)+" angle 17", col.g.table.placing, "the sheet's place is kept for the next photo")

	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "the corrections answered")
		col.a.Tick(1.0 / 60)
		col.a.Frame()
		done := len(col.g.table.photo) == 3
		for _, f := range col.g.table.photo {
			done = done && (f.state == fixSet || f.state == fixRefused)
		}
		if done && c.Status().Sending == "" && shipIn(c.State(), "escort-2").Pose != twin["escort-2"].Pose {
			break
		}
		time.Sleep(time.Millisecond)
	}
	st = c.State()
	for _, id := range []string{"escort-1", "escort-2"} {
		got := shipIn(st, id).Pose
		truth := models[id]
		assert.LessOrEqual(t, got.Pos.Dist(truth.Pos), stated[id].PosPM+0.08, "%s: the twin stands at the model within the stated interval", id)
		assert.LessOrEqual(t, angleOff(got.Heading, truth.Heading), stated[id].HeadingPM+0.08, "%s: heading within the stated interval", id)
		assert.Greater(t, twin[id].Pose.Pos.Dist(truth.Pos), stated[id].PosPM, "%s: the model stood beyond the interval before", id)
	}
	assert.Equal(t, twin["raptor"].Pose, shipIn(st, "raptor").Pose, "a refused pose leaves the twin unchanged")
	var refused *photoFix
	for i := range col.g.table.photo {
		if col.g.table.photo[i].Ship == "raptor" {
			refused = &col.g.table.photo[i]
		}
	}
	require.NotNil(t, refused)
	require.Equal(t, fixRefused, refused.state)
	rf := poseRefusal(refused.err)
	require.NotNil(t, rf, "the refusal is the typed one: %v", refused.err)
	assert.Equal(t, battle.FaultOffTable, rf.Faults[0].Fault)
	text = drawnText(col.a)
	assert.Contains(t, text, "From the photo, refused: raptor cannot stand at")
	assert.Contains(t, text, "The game is unchanged")
	assert.Contains(t, text, "escort-1 set to")
	var red int
	for _, op := range col.a.Frame().Ops {
		if op.Text == "refused" && op.Color == kit.ColWarn {
			red++
		}
	}
	assert.Equal(t, 1, red, "the refused pose is drawn in red on the board")

	// the next photo: the sheet has not moved, its place is not asked
	// again; the Vipers' bases found where their twins now stand; Esc
	// goes back to the game, nothing sent
	clickButton(t, col.a, "Align from a photo")
	typeIn(col.a, path)
	p, ok = col.a.Screen().(*Photo)
	require.True(t, ok)
	col.a.Frame()
	assert.Nil(t, col.a.modal, "the sheet's place is not asked again")
	searchOut(t, col.a, p, nil)
	assert.Contains(t, p.info, "2 of your 3 ships found on the photo")
	for _, id := range []string{"escort-1", "escort-2"} {
		ps, ok := p.alignPose(id)
		require.True(t, ok, id)
		assert.Less(t, ps.Pos.Dist(shipIn(st, id).Pose.Pos), ps.PosPM, "%s: the photo agrees with the corrected twin", id)
	}
	send(col.a, kit.Press(kit.KeyEscape))
	assert.Equal(t, Screen(col.g), col.a.Screen(), "Esc: back on the game")
}

// TestCompanionPhotoWithoutTheSheetIsRefused: a photo of the table on
// which the printed sheet is not found (looked for a step a tick, the
// screen drawing meanwhile) is refused with the reason; Back returns to
// the game screen, the twin unchanged.
func TestCompanionPhotoWithoutTheSheetIsRefused(t *testing.T) {
	screens := companionScreens(t)
	col := screens[0]
	companionUntil(t, screens, "the table aligned after movement step 1", func(st *wire.State, text string) bool {
		return st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	send(col.a, kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	c := col.g.seat.(*seat.Companion)
	before := c.State().View
	su := col.g.seat.Setup()
	_, path := tablePhoto(t, c.State(), su.Width, su.Depth, nil, false)
	clickButton(t, col.a, "Align from a photo")
	typeIn(col.a, path)
	p, ok := col.a.Screen().(*Photo)
	require.True(t, ok, "photo mode opens: the sheet is looked for a step a tick")
	n := searchOut(t, col.a, p, func(frame int) {
		require.Contains(t, drawnText(col.a), "finding the printed sheet", "frame %d says what it does", frame)
	})
	assert.Greater(t, n, 10, "the sheet looked for a step a tick (A4, then Letter)")
	require.Error(t, p.detectErr, "the photo is refused")
	text := drawnText(col.a)
	assert.Contains(t, text, "no calibration sheet found", "the reason is on the screen")
	assert.Contains(t, p.info, "take the photo again with the whole printed sheet flat in view")
	assert.Contains(t, text, "take the photo")
	assert.Nil(t, p.al.hand, "no sheet to lay on the table")
	assert.Contains(t, text, "Send 0 corrections", "nothing to send")
	clickButton(t, col.a, "Back (Esc)")
	assert.Equal(t, Screen(col.g), col.a.Screen())
	assert.Equal(t, before.Ships, c.State().View.Ships)
}
