package ui

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// TestCompanionSheetFoundFromTheBases: Align from a photo on a companion
// game with no hand placing (issue 27, Movement: "take a photo with the
// sheet in view and mark it in the photo mode"): the photo opens on the
// twin's table with the sheet in its middle while the program looks for
// the bases in the sheet's own frame, a step a tick, every frame saying
// so with its progress; it then moves the sheet to where the bases put
// it (within 3 mm and 0.5° of where it lies), draws the bases there and
// says how sure it is. The player only presses The sheet lies here: the
// bases are not looked for again (a few ticks), the Vipers' poses are
// proposed at their models within the stated interval.
func TestCompanionSheetFoundFromTheBases(t *testing.T) {
	screens := companionScreens(t)
	col := screens[0]
	companionUntil(t, screens, "the table aligned after movement step 1", func(st *wire.State, text string) bool {
		return st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	send(col.a, kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	c := col.g.seat.(*seat.Companion)
	st := c.State()
	su := col.g.seat.Setup()
	models := map[string]physics.Pose{}
	for i, id := range []string{"escort-1", "escort-2"} {
		p := shipIn(st, id).Pose
		models[id] = physics.Pose{Pos: p.Pos.Add(physics.V(3.5-7*float64(i), 2.5)), Heading: p.Heading + physics.Deg(2)}
	}
	tr, path := tablePhoto(t, st, su.Width, su.Depth, models, true)

	clickButton(t, col.a, "Align from a photo")
	typeIn(col.a, path)
	p, ok := col.a.Screen().(*Photo)
	require.True(t, ok, "photo mode opens on the photo")
	sp := p.al.hand
	require.NotNil(t, sp, "the twin's table, the sheet on it")
	require.NotNil(t, p.al.job, "where the sheet lies is looked for at once")
	last := 0.0
	frames := searchOut(t, col.a, p, func(frame int) {
		text := drawnText(col.a)
		require.Contains(t, text, "Finding where the sheet lies from your ships' bases", "frame %d says what it does", frame)
		_, here := buttonRect(col.a, "The sheet lies here")
		require.True(t, here, "frame %d: the hand may lay it meanwhile", frame)
		pr := p.al.job.progress()
		require.GreaterOrEqual(t, pr, last, "frame %d: progress never goes back", frame)
		last = pr
	})
	t.Logf("the place looked for in %d ticks", frames)
	assert.Greater(t, frames, 50, "a step a tick, not one block")
	f := p.al.found
	require.NotNil(t, f)
	require.Equal(t, photo.LocateFound, f.l.Verdict, "%s", p.info)
	require.Same(t, sp, p.al.hand, "still on the twin's table: the place is offered, not taken")
	errMM, errDeg := sp.at.Dist(tr.SheetAt), angleOff(physics.Deg(sp.angle), physics.Deg(tr.SheetAngle))
	t.Logf("found from %d bases: %.2f mm and %.2f° from where it lies; stated ±%.1f mm, ±%.2f°", len(f.l.Matched), errMM, errDeg, f.l.AtPM, f.l.AnglePM)
	assert.GreaterOrEqual(t, len(f.l.Matched), 3)
	assert.Less(t, errMM, 3.0, "the sheet moved to where it lies")
	assert.Less(t, errDeg, 0.5)
	assert.Less(t, errMM, f.l.AtPM+0.5, "within the interval said")
	text := drawnText(col.a)
	assert.Contains(t, text, "Found from")
	assert.Contains(t, text, "about ±")
	var green int
	for _, op := range col.a.Frame().Ops {
		if op.Stroke == kit.ColOK && len(op.Pts) == 7 {
			green++
		}
	}
	assert.Equal(t, len(f.bases), green, "each base found drawn on the twin's table")

	clickButton(t, col.a, "The sheet lies here")
	require.Nil(t, p.al.hand, "the photo again")
	require.True(t, p.al.placed)
	// the calibration fitted on the table (its edges a few rows a tick),
	// the bases found before proposed through it: never looked for again
	searchOut(t, col.a, p, func(frame int) {
		require.Nil(t, p.al.job.bs, "frame %d: the bases are not looked for again", frame)
	})
	assert.Contains(t, p.info, "3 of your 3 ships found on the photo")
	models["raptor"] = shipIn(st, "raptor").Pose
	for _, id := range []string{"escort-1", "escort-2", "raptor"} {
		ps, ok := p.alignPose(id)
		require.True(t, ok, "%s proposed", id)
		d := ps.Pos.Dist(models[id].Pos)
		t.Logf("%s: %.2f mm from its model, stated ±%.2f mm", id, d, ps.PosPM)
		assert.Less(t, d, ps.PosPM+0.3+errMM, "%s found at its model, give or take the sheet's place", id)
	}
	assert.Contains(t, drawnText(col.a), "Its place was found from")
}
