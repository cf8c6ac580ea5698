package battle_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// facing returns a companion battle of two ships 150 mm apart, facing
// each other, waiting for their first plans.
func facing(t *testing.T) *battle.Battle {
	return newCompanion(t, setup(starship.Rules{Set: starship.Complete},
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
}

// standStill plans stop for every ship and reveals (the Colonial declares
// first: a pick of 0).
func standStill(t *testing.T, b *battle.Battle) {
	planAll(t, b, nil)
	do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, []int{0})
}

// Quick Start: Setup (the whole base on the table, no overlapping
// deployments) holds for a companion's pose correction too: a pose off the
// table or on another base is refused with its typed fault, the battle
// unchanged; a pose the table allows moves the twin and says how far.
func TestQuickStartSetup_CompanionPoseCorrection(t *testing.T) {
	b := facing(t)
	standStill(t, b)
	require.Equal(t, battle.Declaring, b.Phase())
	before := b.Hash()
	pose := func(x, y float64) *physics.Pose { return &physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(90)} }

	for _, c := range []struct {
		name  string
		at    *physics.Pose
		fault battle.BaseFault
		other string
	}{
		{"off the table", pose(5, 300), battle.FaultOffTable, ""},
		{"on another base", pose(455, 445), battle.FaultOverlap, "raider"},
	} {
		_, err := b.Apply(battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "viper", Pose: c.at})
		var refused *battle.PoseRefused
		require.True(t, errors.As(err, &refused), "%s: %v", c.name, err)
		require.Len(t, refused.Faults, 1, c.name)
		assert.Equal(t, c.fault, refused.Faults[0].Fault, c.name)
		assert.Equal(t, c.other, refused.Faults[0].Other, c.name)
		assert.Equal(t, before, b.Hash(), "%s: the battle changed", c.name)
	}
	// Not the side's ship.
	_, err := b.Apply(battle.Command{Type: battle.CmdPose, Side: battle.Cylon, Ship: "viper", Pose: pose(300, 300)})
	require.Error(t, err)
	assert.Equal(t, before, b.Hash())

	ev, err := b.Apply(battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "viper", Pose: pose(453, 296)})
	require.NoError(t, err)
	require.Len(t, ev, 1)
	assert.Equal(t, battle.EvPoseCorrected, ev[0].Kind)
	assert.InDelta(t, 5, ev[0].Distance, 1e-9)
	assert.Equal(t, physics.V(453, 296), ship(b, "viper").Ship.Pose.Pos)

	// Once a shot is declared, the poses are what the shots were ruled on.
	do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}}, nil)
	_, err = b.Apply(battle.Command{Type: battle.CmdPose, Side: battle.Cylon, Ship: "raider", Pose: &physics.Pose{Pos: physics.V(450, 460), Heading: physics.Deg(270)}})
	require.Error(t, err)

	r, err := battle.Replay(b.Setup(), comp, b.Seed(), b.Journal())
	require.NoError(t, err)
	assert.Equal(t, b.Hash(), r.Hash())
}

// Attack declaration (the table companion): the poses the other player
// proposes are checked as their owner's corrections would be, in order,
// with nothing changed; once the side that declares first has declared
// openly, even no fire, no pose is corrected any more.
func TestAttackDeclaration_CompanionPosesCheckedAndTooLateAfterAnOpenDeclaration(t *testing.T) {
	b := facing(t)
	standStill(t, b)
	require.Equal(t, battle.Declaring, b.Phase())
	before := b.Hash()
	pose := func(x, y float64) *physics.Pose { return &physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(90)} }
	cmd := func(side battle.Side, ship string, p *physics.Pose) battle.Command {
		return battle.Command{Type: battle.CmdPose, Side: side, Ship: ship, Pose: p}
	}
	raider := ship(b, "raider").Ship.Pose
	require.NoError(t, b.CheckPoses([]battle.Command{cmd(battle.Colonial, "viper", pose(453, 296))}))
	var refused *battle.PoseRefused
	require.ErrorAs(t, b.CheckPoses([]battle.Command{cmd(battle.Colonial, "viper", pose(5, 300))}), &refused)
	assert.Equal(t, battle.FaultOffTable, refused.Faults[0].Fault)
	require.Error(t, b.CheckPoses([]battle.Command{cmd(battle.Cylon, "viper", pose(453, 296))}), "not the side's ship")
	require.Error(t, b.CheckPoses([]battle.Command{cmd(battle.Colonial, "viper", pose(453, 296)), cmd(battle.Colonial, "viper", pose(453, 290))}), "twice")
	// in order: the viper may go where the raider stood once the raider has moved away
	away := &physics.Pose{Pos: raider.Pos.Add(physics.V(0, 200)), Heading: raider.Heading}
	onRaider := &physics.Pose{Pos: raider.Pos, Heading: raider.Heading}
	require.Error(t, b.CheckPoses([]battle.Command{cmd(battle.Colonial, "viper", onRaider)}))
	err := b.CheckPoses([]battle.Command{cmd(battle.Cylon, "raider", away), cmd(battle.Colonial, "viper", onRaider)})
	require.NoError(t, err)
	assert.Equal(t, before, b.Hash(), "checking changes nothing")

	// the side that declares first declares openly, no fire
	first := b.Position().FirstToDeclare
	require.NotEmpty(t, first, "both sides may fire: one declares first, openly")
	do(t, b, battle.Command{Type: battle.CmdDeclare, Side: first}, nil)
	require.Equal(t, battle.Declaring, b.Phase(), "the other side declares next")
	require.Error(t, b.CheckPoses([]battle.Command{cmd(battle.Colonial, "viper", pose(453, 296))}), "after an open declaration")
	_, err = b.Apply(cmd(battle.Colonial, "viper", pose(453, 296)))
	require.Error(t, err)
}

// A battle that is not a companion's refuses corrections and take-backs.
func TestCompanionCommandsOnlyInCompanionMode(t *testing.T) {
	b, err := battle.New(setup(starship.Rules{Set: starship.Complete},
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)), comp, 1)
	require.NoError(t, err)
	_, err = b.Apply(battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "viper", Pose: &physics.Pose{Pos: physics.V(400, 300)}})
	require.Error(t, err)
	_, err = b.Apply(battle.Command{Type: battle.CmdTakeBack, Side: battle.Colonial, To: 1})
	require.Error(t, err)
	_, err = b.Apply(battle.Command{Type: battle.CmdSupply, Side: battle.Colonial, Roll: 1})
	require.Error(t, err)
}

// Fire!: the dice rolled by the app and the counters drawn from its cup
// come from the battle's seeded source, one draw per need, and replay to
// the same state; a value the need does not allow is refused and the
// battle is unchanged.
func TestFire_CompanionRolledDiceAndCupReplay(t *testing.T) {
	b := facing(t)
	standStill(t, b)
	do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}}, nil)
	declare := battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon, Shots: []battle.Shot{{Shooter: "raider", Target: "viper"}}}
	var needs []*battle.NeedInput
	for range 40 {
		_, err := b.Apply(declare)
		if err == nil {
			break
		}
		var need *battle.NeedInput
		require.True(t, errors.As(err, &need), "%v", err)
		needs = append(needs, need)
		sup := battle.Command{Type: battle.CmdSupply, Side: battle.Colonial, Roll: 1}
		if need.What == battle.DrawCounter {
			sup = battle.Command{Type: battle.CmdSupply, Side: need.Side, FromCup: 1}
			require.NotEmpty(t, need.Ship)
		}
		_, err = b.Apply(sup)
		require.NoError(t, err)
	}
	require.NotEqual(t, battle.Declaring, b.Phase(), "the firing step was not resolved")
	require.NotEmpty(t, needs)
	r, err := battle.Replay(b.Setup(), comp, b.Seed(), b.Journal())
	require.NoError(t, err)
	assert.Equal(t, b.Hash(), r.Hash())
}

// Undo by agreement: a take-back returns the battle to the state the
// journal's first To entries make, is journaled, and replays.
func TestCompanionTakeBack(t *testing.T) {
	b := facing(t)
	standStill(t, b)
	mark := len(b.Journal())
	at := b.State()
	do(t, b, battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "viper", Pose: &physics.Pose{Pos: physics.V(300, 300), Heading: physics.Deg(45)}}, nil)
	require.NotEqual(t, at.Ships, b.State().Ships)

	_, err := b.Apply(battle.Command{Type: battle.CmdTakeBack, Side: battle.Cylon, To: len(b.Journal())})
	require.Error(t, err, "nothing after the end to take back")
	_, err = b.Apply(battle.Command{Type: battle.CmdTakeBack, Side: battle.Cylon, To: 0})
	require.Error(t, err, "the begin command stays")

	ev, err := b.Apply(battle.Command{Type: battle.CmdTakeBack, Side: battle.Cylon, To: mark})
	require.NoError(t, err)
	require.Len(t, ev, 1)
	assert.Equal(t, battle.EvTakenBack, ev[0].Kind)
	assert.Equal(t, 1, ev[0].Count)
	assert.Equal(t, at.Ships, b.State().Ships)
	assert.Equal(t, at.Phase, b.Phase())
	assert.Equal(t, at.Events, b.State().Events[:len(b.State().Events)-1])

	r, err := battle.Replay(b.Setup(), comp, b.Seed(), b.Journal())
	require.NoError(t, err)
	assert.Equal(t, b.Hash(), r.Hash())
}

// aligning returns a companion battle at a real table (Setup.Aligning)
// of two ships 700 mm apart, facing each other.
func aligning(t *testing.T) *battle.Battle {
	s := setup(starship.Rules{Set: starship.Complete},
		spec("viper", "viper-mk2", battle.Colonial, 450, 100, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0))
	s.Aligning = true
	return newCompanion(t, s)
}

// Movement (Complete Rules: two movement steps): at a real table the
// battle stops after each movement step for the players to set the twin
// where the models stand; a correction after step 1 carries the rest of
// the move with the stand (the player flies step 2 from where the model
// is), turned with it.
func TestMovement_CompanionAligningCarriesTheCorrection(t *testing.T) {
	b := aligning(t)
	// A change of direction moves in both steps (Complete Rules:
	// Changing direction).
	two := plan([]string{"change-direction", "straight"}, maneuvers.Medium)
	o, err := b.Preview(battle.Colonial, "viper", *two)
	require.NoError(t, err)
	require.True(t, o.Legal)
	require.Len(t, o.Steps, 2)
	planAll(t, b, map[string]*starship.Plan{"viper": two})
	do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, nil)
	require.Equal(t, battle.Aligning, b.Phase())
	require.Equal(t, 1, b.State().Step)
	v := ship(b, "viper")
	var step2 physics.Pose
	for _, st := range v.Outcome.Steps {
		if st.Name == "move 2" {
			step2 = st.Pose
		}
	}
	require.NotEqual(t, v.Ship.Pose, step2, "the viper moves in step 2")
	from := v.Ship.Pose
	to := physics.Pose{Pos: from.Pos.Add(physics.V(-4, 3)), Heading: from.Heading + physics.Deg(10)}
	do(t, b, battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "viper", Pose: &to}, nil)
	_, err = b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial})
	require.Error(t, err, "nothing is declared while the table is aligned")
	do(t, b, battle.Command{Type: battle.CmdAligned, Side: battle.Cylon}, nil)
	// Too far to fire: no firing step; movement step 2, then aligning again.
	require.Equal(t, battle.Aligning, b.Phase())
	require.Equal(t, 2, b.State().Step)
	got := ship(b, "viper").Ship.Pose
	want := to.Pos.Add(step2.Pos.Sub(from.Pos).Rotate(physics.Deg(10)))
	assert.InDelta(t, want.X, got.Pos.X, 1e-9)
	assert.InDelta(t, want.Y, got.Pos.Y, 1e-9)
	assert.InDelta(t, (step2.Heading + physics.Deg(10)).Radians(), got.Heading.Radians(), 1e-12)

	r, err := battle.Replay(b.Setup(), comp, b.Seed(), b.Journal())
	require.NoError(t, err)
	assert.Equal(t, b.Hash(), r.Hash())
}

// Choosing a target: at a real table the targets are ruled on the poses
// the players set after the movement step: a model that stands in range
// opens the firing step the twin alone would have skipped.
func TestChoosingATarget_CompanionRulesOnTheAlignedTable(t *testing.T) {
	b := aligning(t)
	standStill := func() {
		planAll(t, b, nil)
		do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, nil)
	}
	standStill()
	require.Equal(t, battle.Aligning, b.Phase())
	near := physics.Pose{Pos: physics.V(450, 650), Heading: physics.Deg(90)}
	do(t, b, battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "viper", Pose: &near}, nil)
	do(t, b, battle.Command{Type: battle.CmdAligned, Side: battle.Colonial}, []int{0}) // the Colonial declares first
	require.Equal(t, battle.Declaring, b.Phase())
	assert.NotEmpty(t, b.Targets("viper"))
}

// Firing: to attack, the attacker rolls two dice. In a companion battle
// the die the battle waits for names the player who rolls it at the
// table (NeedInput.Side): the attacking ship's, whichever side fires.
func TestFiring_CompanionTheAttackerRollsTheAttack(t *testing.T) {
	for _, c := range []struct {
		shooter, target string
		side            battle.Side
	}{{"viper", "raider", battle.Colonial}, {"raider", "viper", battle.Cylon}} {
		b := facing(t)
		standStill(t, b)
		decl := map[battle.Side]battle.Command{
			battle.Colonial: {Type: battle.CmdDeclare, Side: battle.Colonial},
			battle.Cylon:    {Type: battle.CmdDeclare, Side: battle.Cylon},
		}
		d := decl[c.side]
		d.Shots = []battle.Shot{{Shooter: c.shooter, Target: c.target}}
		decl[c.side] = d
		do(t, b, decl[battle.Colonial], nil)
		dice := 0
		for range 40 {
			_, err := b.Apply(decl[battle.Cylon]) // again after each draw, as a server does
			if err == nil {
				break
			}
			var need *battle.NeedInput
			require.True(t, errors.As(err, &need), "%v", err)
			sup := battle.Command{Type: battle.CmdSupply, Side: c.side, Roll: 1}
			if need.What == battle.DrawCounter {
				sup.Side, sup.Roll, sup.FromCup = need.Side, 0, 1
			} else {
				require.Equal(t, battle.DrawDie, need.What)
				assert.Equal(t, c.side, need.Side, "%s's attack: its player rolls", c.shooter)
				dice++
			}
			_, err = b.Apply(sup)
			require.NoError(t, err)
		}
		assert.GreaterOrEqual(t, dice, 2, "%s's attack rolled two dice", c.shooter)
	}
}

// Firing (who declares first, decided at random): in companion mode the
// pick the battle waits for names its options in the order of the values
// that choose them (the sides, Sides' order), so a screen shows
// "Colonial" and "Cylon", not 0 and 1; the value supplied picks that
// option.
func TestFiring_CompanionPickOfTheFirstToDeclareNamesTheSides(t *testing.T) {
	for k, side := range battle.Sides {
		b := facing(t)
		planAll(t, b, nil)
		_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
		var need *battle.NeedInput
		require.True(t, errors.As(err, &need), "%v", err)
		require.Equal(t, battle.DrawPick, need.What)
		assert.Equal(t, []string{string(battle.Sides[0]), string(battle.Sides[1])}, need.Options)
		require.Equal(t, side, battle.Side(need.Options[k]))
		do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, []int{k})
		require.Equal(t, battle.Declaring, b.Phase())
		assert.Equal(t, side, b.State().FirstToDeclare, "the value %d picks %s", k, need.Options[k])
	}
}
