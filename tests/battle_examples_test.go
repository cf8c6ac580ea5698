package tests

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

func spec(id, class string, side battle.Side, x, y, heading float64) battle.ShipSpec {
	return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: 0,
		Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
}

// companion sets up a battle whose dice and counters the test supplies.
func companion(t *testing.T, rules starship.Rules, ships ...battle.ShipSpec) *battle.Battle {
	t.Helper()
	b, err := battle.New(battle.Setup{Rules: rules, Width: 900, Depth: 900, Ships: ships, Companion: true}, assets.Default(), 1)
	require.NoError(t, err)
	return b
}

// begin starts the first turn, with the dice it needs.
func begin(t *testing.T, b *battle.Battle, dice ...int) {
	t.Helper()
	apply(t, b, battle.Command{Type: battle.CmdBegin, Side: battle.Colonial}, dice)
}

// apply supplies the dice and counters, then applies the command.
func apply(t *testing.T, b *battle.Battle, cmd battle.Command, dice []int, counters ...string) []battle.Event {
	t.Helper()
	return battletest.Do(t, b, cmd, dice, counters...)
}

// standStill plans every ship to stand still and reveals.
func standStill(t *testing.T, b *battle.Battle) {
	t.Helper()
	for _, s := range b.State().Ships {
		if s.Active() {
			p := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop, Rotate: s.Ship.Rotation}
			apply(t, b, battle.Command{Type: battle.CmdPlan, Side: s.Side, Ship: s.ID, Plan: &p}, nil)
		}
	}
	apply(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, nil)
}

func shipState(b *battle.Battle, id string) battle.ShipState {
	for _, s := range b.State().Ships {
		if s.ID == id {
			return s
		}
	}
	return battle.ShipState{}
}

// Quick Start, Fire!: "The distance from the Raider base's stand to the
// nearest point of the Viper's base is 8 cm, so the shot is at short range.
// The Cylon player throws two dice, rolling "3" and "2" (total 5). Since
// the target is at short range, 1 is added. The result is 5+1=6, just
// equal to the Raider's Attack value — the Viper is hit!"
func TestExampleFirstShot(t *testing.T) {
	b := companion(t, starship.Rules{Set: starship.Quick},
		spec("viper", "viper-mk2", battle.Colonial, 450, 402.5, 90), // its rear flat 8 cm from the stand
		spec("raider", "cylon-raider", battle.Cylon, 450, 300, 90))
	begin(t, b)
	standStill(t, b)
	require.Equal(t, battle.Declaring, b.Phase())
	ev := apply(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon, Shots: []battle.Shot{{Shooter: "raider", Target: "viper"}}},
		[]int{3, 2}, "3")
	text := eventText(ev)
	assert.Contains(t, text, "raider fires at viper at 80.0 mm: 3+2 (short range +1) = 6 against 6: hits.")
	assert.Equal(t, 3, shipState(b, "viper").Damage())
}

// Quick Start, Critical hits and special damage: the Viper hits the Raider
// at 16 cm, medium range, rolling 2 and 4; the Raider draws a 4+, so it
// draws a second counter, a 2+ with a symbol: that "+" is ignored, and so
// is the symbol in the Quick Start Rules. 6 damage, 9 more to go.
func TestExampleCriticalHit(t *testing.T) {
	b := companion(t, starship.Rules{Set: starship.Quick},
		spec("viper", "viper-mk2", battle.Colonial, 100, 300, 0),
		spec("raider", "cylon-raider", battle.Cylon, 285.98076211353316, 300, 90)) // side-on: a corner 16 cm away
	begin(t, b)
	standStill(t, b)
	ev := apply(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}},
		[]int{2, 4}, "4+", "2+ hull")
	assert.Contains(t, eventText(ev), "viper fires at raider at 160.0 mm: 2+4 = 6 against 6: hits.")
	r := shipState(b, "raider")
	assert.Len(t, r.Counters, 2, "a second + draws no third counter")
	assert.Equal(t, 6, r.Damage())
	assert.Equal(t, starship.Damage{}, r.Ship.Damage, "special damage is ignored in the Quick Start Rules")
	raider, _ := assets.Default().Class("cylon-raider")
	assert.Equal(t, 9, raider.Structure.Value-r.Damage(), "another 9 points and it is out")
	// The values are the Raider's secret: the Colonial view does not hold them.
	for _, s := range b.View(battle.Colonial).Ships {
		if s.ID == "raider" {
			assert.Equal(t, 2, s.CounterCount)
			assert.Nil(t, s.Counters)
			assert.Nil(t, s.Damage)
		}
	}
}

// Complete Rules, Special damage: the same counters, and the symbol counts
// from the next step on.
func TestExampleSpecialDamageFromTheNextStep(t *testing.T) {
	b := companion(t, starship.Rules{Set: starship.Complete},
		spec("viper", "viper-mk2", battle.Colonial, 100, 300, 0),
		spec("raider", "cylon-raider", battle.Cylon, 285.98076211353316, 300, 90))
	begin(t, b)
	standStill(t, b)
	apply(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}},
		[]int{2, 4}, "4+", "2+ hull")
	assert.Equal(t, 1, shipState(b, "raider").Ship.Damage.Hull, "hull damage: no more overboost")
}

func eventText(ev []battle.Event) string {
	var lines []string
	for _, e := range ev {
		lines = append(lines, e.Text())
	}
	return strings.Join(lines, "\n")
}
