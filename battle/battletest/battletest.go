// Package battletest holds helpers for tests that drive a battle with the
// dice and counters the test supplies (companion mode). It is imported
// only by tests.
package battletest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

// Do supplies the dice and counters (if any), then applies the command,
// failing the test on any error. It returns the command's events.
func Do(t testing.TB, b *battle.Battle, cmd battle.Command, dice []int, counters ...string) []battle.Event {
	t.Helper()
	if len(dice)+len(counters) > 0 {
		_, err := b.Apply(battle.Command{Type: battle.CmdSupply, Side: battle.Colonial, Values: dice, Drawn: counters})
		require.NoError(t, err)
	}
	ev, err := b.Apply(cmd)
	require.NoError(t, err, "%+v", cmd)
	return ev
}

// SeverelyWounded returns a companion battle (Complete Rules) in which the
// Cylon "raider" has had its pilot wounded twice by the Colonial "viper",
// in the first firing steps of turns 1 and 2: it waits in the
// preplanning phase for the raider's cards for next turn (Special damage:
// pilot wounded).
func SeverelyWounded(t testing.TB, comp *assets.Components) *battle.Battle {
	t.Helper()
	spec := func(id, class string, side battle.Side, x, y, heading float64) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
	}
	setup := battle.Setup{Name: "wounds", Rules: starship.Rules{Set: starship.Complete}, Width: 900, Depth: 900, Companion: true,
		Ships: []battle.ShipSpec{spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90), spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270)}}
	b, err := battle.New(setup, comp, 1)
	require.NoError(t, err)
	Do(t, b, battle.Command{Type: battle.CmdBegin, Side: battle.Colonial}, nil)
	// Each turn both stand still and fire at each other; the viper's shot
	// wounds the raider's pilot.
	for _, wound := range []string{"2 pilot", "3 pilot"} {
		for _, s := range b.State().Ships {
			p := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop, Rotate: s.Ship.Rotation}
			Do(t, b, battle.Command{Type: battle.CmdPlan, Side: s.Side, Ship: s.ID, Plan: &p}, nil)
		}
		Do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, []int{0}) // the Colonial declares first
		Do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}}, nil)
		Do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon, Shots: []battle.Shot{{Shooter: "raider", Target: "viper"}}}, []int{5, 1, 1, 1}, wound)
	}
	require.Equal(t, battle.Preplanning, b.Phase())
	return b
}
