package ui

import (
	"fmt"
	"math/rand/v2"
	"slices"
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

// disputedShotGame brings a companion game of The Jump Point (two
// screens through a server on 127.0.0.1) to movement step 1's
// alignment, sets the twin of escort-1 150 mm south of hunter-1's,
// heading 22° right of it (hunter-1 in its arc: Fire arc and range),
// says the table is aligned, types which side declares first (0: the
// Colonial, 1: the Cylon), and ticks the Colonial screen alone until the
// firing step's declarations open (the Cylon's screen, not driven,
// declares nothing). It returns the screens and the twin's
// escort-1 and hunter-1.
func disputedShotGame(t *testing.T, first int) ([]screen, battle.ShipView, battle.ShipView) {
	return disputedShotGameWith(t, first, nil)
}

// disputedShotGameWith is disputedShotGame with more done at the
// aligning before the table is said aligned (set, when not nil).
func disputedShotGameWith(t *testing.T, first int, set func(screens []screen)) ([]screen, battle.ShipView, battle.ShipView) {
	t.Helper()
	screens := companionScreens(t)
	col := screens[0]
	companionUntil(t, screens, "the table aligned after movement step 1", func(st *wire.State, text string) bool {
		return st.View.Phase == battle.Aligning && st.View.Step == 1 && strings.Contains(text, "The table is aligned")
	})
	c := col.g.seat.(*seat.Companion)
	hunter := shipIn(c.State(), "hunter-1")
	require.True(t, hunter.OnTable)
	at := physics.Pose{Pos: hunter.Pose.Pos.Add(physics.V(0, -150)), Heading: physics.Deg(68)}
	require.NoError(t, col.g.setPose(battle.Colonial, "escort-1", at))
	settleSend(t, col, "escort-1 set", func(st *wire.State) bool { return shipIn(st, "escort-1").Pose == roundPose(at) })
	if set != nil {
		set(screens)
	}
	alignOn(t, col)
	alignOn(t, screens[1]) // both players say so: the game goes on
	// a bound on the loop (a hang guard), not a budget: each step waits
	// on the Colonial seat's own state
	deadline := time.Now().Add(10 * time.Minute)
	for {
		st := c.State()
		require.False(t, time.Now().After(deadline), "firing step 1 opens (phase %s step %d, stage %q, aligned %v, err %v)", st.View.Phase, st.View.Step, col.g.Stage(), st.Aligned, c.Status().Err)
		if c.Status().Sending != "" {
			col.a.Tick(1.0 / 60)
			time.Sleep(time.Millisecond)
			continue
		}
		if st.View.Phase == battle.Aligning && st.View.Step == 1 && st.Need == nil {
			// a word that did not reach the game (pressed while the
			// screen was still catching up): said again by its player
			for _, sc := range screens {
				if !slices.Contains(st.Aligned, sc.g.human()) {
					alignOn(t, sc)
				}
			}
		}
		if n, mine := c.Need(); n != nil && mine {
			// which side declares first (Firing): typed from the table
			clickButton(t, col.a, pickLabels(n)[first])
			continue
		}
		if st.View.Phase == battle.Declaring && (col.g.Stage() == "declare" || first == 1) {
			break
		}
		if col.g.Stage() == "declare" || !act(t, col) { // the playback of the step, and on
			col.a.Tick(1.0 / 60)
			time.Sleep(time.Millisecond)
		}
	}
	send(col.a, kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	st := c.State()
	return screens, shipIn(st, "escort-1"), shipIn(st, "hunter-1")
}

// measureDisputedShot opens "Measure a shot from a photo" on the
// Colonial screen with the photo at path, types where the sheet lies,
// and chooses escort-1 on hunter-1.
func measureDisputedShot(t *testing.T, col screen, path string, sheetAt physics.Vec) *Photo {
	t.Helper()
	return measureShotOf(t, col, path, sheetAt, "escort-1", "hunter-1")
}

// measureShotOf is measureDisputedShot choosing attacker on target.
func measureShotOf(t *testing.T, col screen, path string, sheetAt physics.Vec, attacker, target string) *Photo {
	t.Helper()
	clickButton(t, col.a, "Measure a shot from a photo")
	require.NotNil(t, col.a.modal, "the photo's file is asked")
	typeIn(col.a, path)
	p, ok := col.a.Screen().(*Photo)
	require.True(t, ok, "photo mode opens on the photo")
	require.NotNil(t, p.align)
	require.NotNil(t, p.align.Shot)
	require.NotNil(t, p.al.hand, "where the sheet lies is asked: laid on the twin's table")
	clickButton(t, col.a, "Type the place (t)")
	typeIn(col.a, "at "+trimNum(sheetAt.X)+","+trimNum(sheetAt.Y)+" angle 17")
	require.Nil(t, col.a.modal)
	searchOut(t, col.a, p, nil)
	for range 8 {
		if p.align.Shot.Attacker == attacker {
			break
		}
		clickButton(t, col.a, "Attacker: "+p.align.Shot.Attacker)
	}
	for range 8 {
		if p.align.Shot.Target == target {
			break
		}
		clickButton(t, col.a, "Target: "+p.align.Shot.Target)
	}
	require.Equal(t, [2]string{attacker, target}, [2]string{p.align.Shot.Attacker, p.align.Shot.Target})
	return p
}

// waitPhotoFixes ticks the screen until every pose the photo sent is
// answered.
func waitPhotoFixes(t *testing.T, sc screen) {
	t.Helper()
	c := sc.g.seat.(*seat.Companion)
	for guard := 0; ; guard++ {
		require.Less(t, guard, 100000, "the photo's poses answered")
		sc.a.Tick(1.0 / 60)
		sc.a.Frame()
		done := len(sc.g.table.photo) > 0
		for _, f := range sc.g.table.photo {
			done = done && (f.state == fixSet || f.state == fixRefused)
		}
		if done && c.Status().Sending == "" {
			return
		}
		time.Sleep(time.Millisecond)
	}
}

// Firing; Attack declaration; Fire arc and range; Line of sight (issue
// 27, Firing: "a disputed one can be measured from a photo"): in the
// firing step of a companion game the game rules hunter-1 in escort-1's
// arc; the Colonial player doubts it and measures the shot from a photo
// of the real table, on which escort-1's model stands turned 25° from
// its twin. The photo's ruling, beside the game's, says out of arc,
// certain, with its margins; accepted, escort-1's twin takes the photo's
// pose (a journaled pose correction), and the ruling the game uses
// becomes the photo's: hunter-1 is no longer a target.
func TestFiringAttackDeclarationFireArcDisputedFromAPhoto(t *testing.T) {
	screens, escort, hunter := disputedShotGame(t, 0)
	col := screens[0]
	c := col.g.seat.(*seat.Companion)
	require.True(t, slices.ContainsFunc(c.Targets(battle.Colonial, "escort-1"), func(r referee.Ruling) bool { return r.TargetID == "hunter-1" }),
		"the game rules hunter-1 a target of escort-1")
	su := col.g.seat.Setup()
	model := physics.Pose{Pos: escort.Pose.Pos, Heading: escort.Pose.Heading - physics.Deg(25)}
	tr, path := tablePhoto(t, c.State(), su.Width, su.Depth, map[string]physics.Pose{"escort-1": model}, true)
	truth := referee.New(tr.Truth, referee.WithMargins()).Rule(shipIdx(tr.Truth, "escort-1"), shipIdx(tr.Truth, "hunter-1"))
	require.Equal(t, referee.OutOfArc, truth.Reason, "on the real table hunter-1 is out of escort-1's arc")
	_ = hunter

	p := measureDisputedShot(t, col, path, tr.SheetAt)
	tw, ok := p.align.Shot.TwinRuling()
	require.True(t, ok)
	assert.True(t, tw.CanFire, "the game's ruling: in arc, may fire")
	ph, ok := p.disputeRuling()
	require.True(t, ok, "the photo rules the shot: %s %v", p.info, p.err)
	assert.Equal(t, referee.OutOfArc, ph.Reason, "the photo's ruling: out of arc")
	assert.True(t, ph.Certain, "certain: %s", ph.Verdict)
	assert.True(t, ph.ArcMargin.Known && ph.ArcMargin.Clear, "the arc's margin with its interval: %+v", ph.ArcMargin)
	ps, ok := p.alignPose("escort-1")
	require.True(t, ok)
	assert.False(t, p.al.assumed["escort-1"], "escort-1 found on the photo")
	assert.Less(t, ps.Pos.Dist(model.Pos), ps.PosPM+0.3, "escort-1 found at its model")
	assert.Less(t, angleOff(physics.Deg(ps.Heading), model.Heading), ps.HeadingPM+0.3)
	text := drawnText(col.a)
	assert.Contains(t, text, "The game rules: hunter-1 is in escort-1's arc")
	assert.Contains(t, text, "The photo rules: escort-1 → hunter-1: out of arc")
	assert.Contains(t, text, "The photo changes the ruling")
	assert.Contains(t, text, "margins: arc")
	assert.Contains(t, text, "The other player's ship", "hunter-1 is the Cylon's: not sent")
	assert.Equal(t, []string{"escort-1"}, fixShips(p.disputeFixes()), "only the player's own ship of the shot is sent")
	t.Logf("photo: %s; %s; escort-1 %.2f mm, %.2f° from its model (±%.2f mm, ±%.2f°)", ph.Verdict, ph.MarginWords(),
		ps.Pos.Dist(model.Pos), angleOff(physics.Deg(ps.Heading), model.Heading), ps.PosPM, ps.HeadingPM)

	// on a phone held upright: the panel under the photo, its verdicts
	// and its buttons on the screen
	send(col.a, kit.Event{Kind: kit.Resize, W: 390, H: 844})
	text = drawnText(col.a)
	assert.Contains(t, text, "The photo changes the ruling")
	accept := fmt.Sprintf("Accept the photo's poses (%d)", len(p.disputeFixes())+len(p.disputeProposals()))
	for _, label := range []string{accept, "Keep the game's", "Tap escort-1's corners", "Attacker: escort-1", "Target: hunter-1"} {
		i := slices.IndexFunc(col.a.Hots(), func(w kit.Hot) bool {
			return strings.HasSuffix(w.ID, ":"+label) || strings.Contains(w.ID, ":"+label+" (")
		})
		require.GreaterOrEqual(t, i, 0, "%s on the phone's panel", label)
		r := col.a.Hots()[i].R
		assert.True(t, r.X >= 0 && r.Y >= p.view.Y+p.view.H && r.X+r.W <= 390 && r.Y+r.H <= 844, "%s under the photo, on the screen: %+v", label, r)
	}
	clickButton(t, col.a, accept)
	require.Equal(t, Screen(col.g), col.a.Screen(), "back on the game")
	send(col.a, kit.Event{Kind: kit.Resize, W: 1280, H: 800})
	waitPhotoFixes(t, col)
	require.Equal(t, fixSet, col.g.table.photo[0].state, "%v", col.g.table.photo[0].err)
	st := c.State()
	got := shipIn(st, "escort-1").Pose
	assert.LessOrEqual(t, got.Pos.Dist(model.Pos), ps.PosPM+0.08, "the twin stands at the model")
	assert.LessOrEqual(t, angleOff(got.Heading, model.Heading), ps.HeadingPM+0.08)
	assert.Equal(t, battle.Declaring, st.View.Phase, "still declaring")
	// the ruling the game uses is the photo's
	assert.False(t, slices.ContainsFunc(c.Targets(battle.Colonial, "escort-1"), func(r referee.Ruling) bool { return r.TargetID == "hunter-1" }),
		"hunter-1 is no longer a target of escort-1")
	// journaled: the correction is an event of this firing step
	evs := col.g.seat.Events()
	i := slices.IndexFunc(evs, func(e battle.Event) bool {
		return e.Kind == battle.EvPoseCorrected && e.Ship == "escort-1" && e.Turn == st.View.Turn && e.At != nil && *e.At == got.Pos
	})
	require.GreaterOrEqual(t, i, 0, "the pose correction is in the journal's events")
	assert.Less(t, slices.IndexFunc(evs, func(e battle.Event) bool { return e.Kind == battle.EvFiringStep && e.Turn == st.View.Turn }), i,
		"corrected in the firing step")
	text = drawnText(col.a)
	assert.Contains(t, text, "From the photo: escort-1 set to")
	assert.Contains(t, text, "The game now rules: hunter-1 is")
	assert.Contains(t, text, "outside escort-1's arc")
}

// Firing; Attack declaration: a pose from the photo comes too late once
// the other player has declared (the shots are decided from the poses as
// they were): the game screen and the photo's panel say so BEFORE the
// player accepts, Accept is off, the photo's ruling is still shown, and
// the twin and the game's ruling are unchanged.
func TestFiringAttackDeclarationDisputeAfterADeclarationIsRefused(t *testing.T) {
	screens, escort, _ := disputedShotGame(t, 1)
	col, cyl := screens[0], screens[1]
	c := col.g.seat.(*seat.Companion)
	// the Cylon declares first, openly
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the Cylon declares, then the Colonial (cylon stage %q, colonial %q, seen %v, events %v)", cyl.g.Stage(), col.g.Stage(),
			c.State().View.SeenShots, lastKinds(c.Events()))
		if c.Status().Sending == "" && len(c.State().View.SeenShots) > 0 && col.g.Stage() == "declare" {
			break
		}
		if len(c.State().View.SeenShots) > 0 && col.g.Stage() != "declare" && act(t, col) {
			continue // the Colonial sees the Cylon's declaration
		}
		if !act(t, cyl) {
			cyl.a.Tick(1.0 / 60)
			col.a.Tick(1.0 / 60)
			time.Sleep(time.Millisecond)
		}
	}
	const late = "The Cylon player has declared in this firing step"
	assert.Contains(t, drawnText(col.a), late, "said on the game screen before measuring")
	su := col.g.seat.Setup()
	model := physics.Pose{Pos: escort.Pose.Pos, Heading: escort.Pose.Heading - physics.Deg(25)}
	tr, path := tablePhoto(t, c.State(), su.Width, su.Depth, map[string]physics.Pose{"escort-1": model}, true)
	p := measureDisputedShot(t, col, path, tr.SheetAt)
	ph, ok := p.disputeRuling()
	require.True(t, ok)
	assert.Equal(t, referee.OutOfArc, ph.Reason, "the photo still rules the shot")
	text := drawnText(col.a)
	assert.Contains(t, text, late, "said on the photo's panel before Accept")
	assert.Contains(t, text, "The photo rules: escort-1 → hunter-1: out of arc")
	assert.Contains(t, text, "Accept the photo's poses", "drawn, off")
	assert.False(t, slices.ContainsFunc(col.a.Hots(), func(w kit.Hot) bool { return strings.Contains(w.ID, ":Accept the photo's poses") }),
		"Accept cannot be pressed")
	clickButton(t, col.a, "Keep the game's (Esc)")
	require.Equal(t, Screen(col.g), col.a.Screen(), "back on the game")
	assert.Empty(t, col.g.table.photo, "nothing sent")
	assert.Nil(t, col.g.table.propose)
	assert.Equal(t, escort.Pose, shipIn(c.State(), "escort-1").Pose, "the twin is unchanged")
	assert.True(t, slices.ContainsFunc(c.Targets(battle.Colonial, "escort-1"), func(r referee.Ruling) bool { return r.TargetID == "hunter-1" }),
		"the game's ruling is unchanged")
}

// fixShips are the ships of poses read from a photo.
func fixShips(fs []PoseFix) []string {
	var out []string
	for _, f := range fs {
		out = append(out, f.Ship)
	}
	return out
}

// lastKinds are the kinds and ships of the last events, for messages.
func lastKinds(evs []battle.Event) []string {
	var out []string
	for _, e := range evs[max(0, len(evs)-12):] {
		out = append(out, string(e.Kind)+" "+e.Ship)
	}
	return out
}

// Planetoids; Line of sight (issue 27, Firing: a disputed shot measured
// from a photo): the game has a planetoid between viper-1 and raider-1,
// blocking the shot, but on the real table it stands 70 mm aside. The
// player marks its rim on the photo of the disputed shot (three taps):
// the marked planetoid becomes the game's (its id), replaces the one
// assumed where the game has it, and the photo's ruling goes by it: line
// of sight clear, can fire, beside the game's "blocked".
func TestPlanetoidsLineOfSightDisputeUsesThePhotosPlanetoid(t *testing.T) {
	comp := assets.Default()
	a := newTestApp(t)
	ship := func(id, class string, at physics.Vec, deg float64) referee.Ship {
		return referee.Ship{ID: id, Class: class, Pose: physics.Pose{Pos: at, Heading: physics.Deg(deg)}, Level: 1, AcrossFlats: comp.BaseAcrossFlats(class)}
	}
	twin := referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(comp.Geometry),
		Ships:     []referee.Ship{ship("viper-1", "viper-mk2", physics.V(250, 550), 0), ship("raider-1", "cylon-raider", physics.V(430, 550), 180)},
		Obstacles: []referee.Obstacle{{ID: "planetoid-a", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(340, 550), R: 30}, Level: 1}}}
	require.Equal(t, referee.Blocked, referee.New(twin).Rule(0, 1).Reason, "the game's planetoid blocks the shot")
	// the real table: the planetoid 70 mm aside
	rng := rand.New(rand.NewPCG(27, 4))
	sheet, _ := photo.SheetFor("a4")
	tr := phototest.Trial{Sheet: sheet, Cam: phototest.RandomCamera(rng, 2000, 1500, 900, 900, 15, 0.01), SheetAt: physics.V(450, 250), SheetAngle: 17}
	tr.Truth = twin
	tr.Truth.Obstacles = []referee.Obstacle{twin.Obstacles[0]}
	tr.Truth.Obstacles[0].Circle.C = physics.V(340, 620)
	img := tr.Render(phototest.Look{BlurPx: 0.8, Noise: 3, Seed: 5})
	align := func(s referee.Ship) AlignShip {
		return AlignShip{ID: s.ID, Class: s.Class, AcrossFlats: s.AcrossFlats, Pose: s.Pose, Level: s.Level}
	}
	p, err := NewPhotoAlign(a, "table.png", img, PhotoAlign{Width: 900, Depth: 900, Own: []AlignShip{align(twin.Ships[0])}, Others: []AlignShip{align(twin.Ships[1])},
		Placing: "at 450,250 angle 17", Shot: &DisputedShot{Attacker: "viper-1", Target: "raider-1", Twin: twin},
		Send: func([]PoseFix, string) {}, Back: func() {}})
	require.NoError(t, err)
	a.Show(p)
	searchOut(t, a, p, nil)
	require.True(t, p.al.assumed["planetoid-a"], "the game's planetoid assumed where the game has it: %s", p.info)
	ph, ok := p.disputeRuling()
	require.True(t, ok, "%s %v", p.info, p.err)
	assert.Equal(t, referee.Blocked, ph.Reason, "before it is marked, the photo rules with the game's planetoid")

	// its rim tapped on the photo
	send(a, kit.Event{Kind: kit.Char, Rune: 'p'})
	c := tr.Truth.Obstacles[0].Circle
	for _, deg := range []float64{80, 200, 320} {
		px, _ := tr.Cam.Project(c.C.Add(physics.Direction(physics.Deg(deg)).Mul(c.R)))
		sc := p.toScreen(px)
		send(a, kit.Click(sc.X, sc.Y)...)
	}
	measured(t, a, p)
	assert.Contains(t, p.info, "is the game's planetoid-a")
	var ids []string
	for _, o := range p.marks.Scene.Objects {
		if o.Kind == photo.PlanetoidKind {
			ids = append(ids, o.ID)
		}
	}
	assert.Equal(t, []string{"planetoid-a"}, ids, "one planetoid: the photo's, with the game's id")
	assert.False(t, p.al.assumed["planetoid-a"], "not assumed: measured on the photo")
	require.NotNil(t, p.res)
	for _, o := range p.res.Table.Obstacles {
		if o.ID == "planetoid-a" {
			assert.Less(t, o.Circle.C.Dist(c.C), 3.0, "where the photo shows it")
		}
	}
	ph, ok = p.disputeRuling()
	require.True(t, ok)
	assert.True(t, ph.CanFire, "the photo's ruling goes by the photo's planetoid: %s", ph.Verdict)
	text := drawnText(a)
	assert.Contains(t, text, "The photo rules: ")
	assert.Contains(t, text, "The game rules: ")
}
