package tests

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

// ruleOn parses a table file as a player would type it and rules on the
// ordered pair of ids.
func ruleOn(t *testing.T, yaml, attacker, target string) referee.Ruling {
	t.Helper()
	tab, err := tablefile.Parse("example.yaml", []byte(yaml), assets.Default())
	require.NoError(t, err)
	idx := map[string]int{}
	for i, s := range tab.Ships {
		idx[s.ID] = i
	}
	return referee.New(tab).Rule(idx[attacker], idx[target])
}

// attackHits applies "Fire!": two dice plus modifiers, a hit when the total
// equals or exceeds the attack value.
func attackHits(dice [2]int, modifiers, attack int) bool {
	return dice[0]+dice[1]+modifiers >= attack
}

// Quick Start Rules, Fire!: "The distance from the Raider base's stand to
// the nearest point of the Viper's base is 8 cm, so the shot is at short
// range ... 5+1=6, just equal to the Raider's Attack value — the Viper is
// hit!" The Viper stands 8 cm + half a base beyond the Raider, its rear
// flat towards it.
func TestExampleFireRaiderHitsViperAtShortRange(t *testing.T) {
	r := ruleOn(t, `
ships:
  - {id: raider, class: cylon-raider, x: 300, y: 300, heading: 90}
  - {id: viper,  class: viper-mk2,    x: 300, y: 402.5, heading: 90}
`, "raider", "viper")
	require.True(t, r.CanFire)
	assert.InDelta(t, 80, r.Range, 1e-9)
	assert.Equal(t, referee.Short, r.Band)
	assert.Equal(t, 1, r.RangeModifier)
	raider, _ := assets.Default().Class("cylon-raider")
	assert.Equal(t, 6, raider.Attack.Value)
	assert.True(t, attackHits([2]int{3, 2}, r.RangeModifier, raider.Attack.Value), "5 + 1 = 6: hit")
	assert.False(t, attackHits([2]int{3, 1}, r.RangeModifier, raider.Attack.Value), "one pip less misses")
}

// Quick Start Rules, Critical hits and special damage: "The distance from
// the Viper base's stand to the nearest part of the Raider's base is 16 cm,
// so the attack is at medium range ... "2" and "4," for a total of 6 ...
// there is no modifier. The attack hits."
func TestExampleFireViperHitsRaiderAtMediumRange(t *testing.T) {
	// The Raider is side-on: its nearest part is a corner, 16 cm away.
	r := ruleOn(t, `
ships:
  - {id: viper,  class: viper-mk2,    x: 100, y: 100, heading: 0}
  - {id: raider, class: cylon-raider, x: 285.98076211353316, y: 100, heading: 90}
`, "viper", "raider")
	require.True(t, r.CanFire)
	assert.InDelta(t, 160, r.Range, 1e-9)
	assert.Equal(t, referee.Medium, r.Band)
	assert.Equal(t, 0, r.RangeModifier)
	viper, _ := assets.Default().Class("viper-mk2")
	assert.True(t, attackHits([2]int{2, 4}, r.RangeModifier, viper.Attack.Value))
}

// Determining range: the ruler's red portion is 10 cm or less (short, +1),
// orange up to 20 cm (medium), light brown beyond (long, −1); the "Talents
// and measuring" section puts long range at 24 cm.
func TestExampleRulerBands(t *testing.T) {
	for _, tt := range []struct {
		gap      string
		band     referee.Band
		modifier int
	}{
		{"100", referee.Short, 1},
		{"100.001", referee.Medium, 0},
		{"200", referee.Medium, 0},
		{"200.001", referee.Long, -1},
		{"240", referee.Long, -1},
		{"240.001", referee.Out, 0},
	} {
		// The target's rear flat is 22.5 mm nearer than its stand.
		tab, err := tablefile.Parse("bands.yaml", []byte("ships:\n  - {id: a, class: viper-mk2, x: 0, y: 0, heading: 90}\n  - {id: b, class: cylon-raider, x: 0, y: 22.5, heading: 90}\n"), assets.Default())
		require.NoError(t, err)
		tab.Ships[1].Pose.Pos.Y += mustFloat(t, tt.gap)
		got := referee.New(tab).Rule(0, 1)
		assert.Equal(t, tt.band, got.Band, "gap %s", tt.gap)
		assert.Equal(t, tt.modifier, got.RangeModifier, "gap %s", tt.gap)
	}
}

// Line of sight: "you cannot fire through another spaceship, enemy or
// friendly. If you cannot reach any point of the target's base without the
// ruler crossing another spaceship's base, the line of sight is blocked."
func TestExampleCannotFireThroughAnotherSpaceship(t *testing.T) {
	table := `
ships:
  - {id: viper-1, class: viper-mk2, x: 300, y: 100, heading: 90}
  - {id: viper-2, class: viper-mk2, x: 300, y: 170, heading: 90}
  - {id: raider,  class: cylon-raider, x: 300, y: 260, heading: 270}
`
	r := ruleOn(t, table, "viper-1", "raider")
	assert.Equal(t, referee.Blocked, r.Reason)
	assert.Equal(t, []string{"viper-2"}, r.BlockedBy)
	r = ruleOn(t, table, "viper-2", "raider")
	assert.True(t, r.CanFire, "the ship in front fires")
}

// Planetoids: "If, when checking line of sight, you cannot reach any point
// of the target's base without crossing a planetoid, you cannot attack".
func TestExamplePlanetoidBlocksLineOfSight(t *testing.T) {
	r := ruleOn(t, `
ships:
  - {id: viper,  class: viper-mk2, x: 100, y: 100, heading: 0}
  - {id: raider, class: cylon-raider, x: 300, y: 100, heading: 0}
obstacles:
  - {id: rock, kind: planetoid, x: 200, y: 100, radius: 40}
`, "viper", "raider")
	assert.Equal(t, referee.Blocked, r.Reason)
	assert.Equal(t, []string{"rock"}, r.BlockedBy)
}

// Tailing: "The Raider is tailing the Viper, as the distance is 12 cm and
// the ruler crosses the rear side of the viper."
func TestExampleRaiderTailsViper(t *testing.T) {
	r := ruleOn(t, `
ships:
  - {id: raider, class: cylon-raider, x: 400, y: 300, heading: 90}
  - {id: viper,  class: viper-mk2,    x: 400, y: 420, heading: 90}
`, "raider", "viper")
	assert.True(t, r.Tailing)
	assert.InDelta(t, 120, r.Tail.Distance, 1e-9)
	assert.True(t, r.Tail.RearEntry)
}

// Three-dimensional space, Distances: "The Raider (on level 2) is shooting
// at a Viper Mk. II (on level 3). If they were on the same level, the
// attack would be at short range. However, when the vertical distance is
// considered, they are in fact at medium range".
func TestExampleLevelsTurnShortIntoMedium(t *testing.T) {
	table := `
three_d: %s
ships:
  - {id: raider, class: cylon-raider, x: 400, y: 300, heading: 90, level: 2}
  - {id: viper,  class: viper-mk2,    x: 400, y: 392.5, heading: 90, level: 3}
`
	flat := ruleOn(t, sprintf(table, "false"), "raider", "viper")
	assert.Equal(t, referee.Short, flat.Band, "same level: short")
	lifted := ruleOn(t, sprintf(table, "true"), "raider", "viper")
	assert.Equal(t, referee.Medium, lifted.Band, "one level apart: medium")
	assert.True(t, lifted.CanFire)
	assert.Equal(t, 0, lifted.RangeModifier)
}

// Three-dimensional space: "A spaceship cannot fire at or tail a target
// with a level difference of two or more."
func TestExampleTwoLevelsApartNoFireNoTailing(t *testing.T) {
	r := ruleOn(t, `
three_d: true
ships:
  - {id: raider, class: cylon-raider, x: 400, y: 300, heading: 90, level: 1}
  - {id: viper,  class: viper-mk2,    x: 400, y: 400, heading: 90, level: 3}
`, "raider", "viper")
	assert.Equal(t, referee.Level, r.Reason)
	assert.False(t, r.Tailing)
}

// Sparse asteroid fields: "If, when firing, the combat ruler crosses a
// sparse asteroid field to reach the target's base, or if the stand of the
// target's base is inside a sparse asteroid field, the attacker subtracts 2
// from the attack roll" (dense: 4).
func TestExampleAsteroidCover(t *testing.T) {
	table := `
ships:
  - {id: viper,  class: viper-mk2, x: 100, y: 100, heading: 0}
  - {id: raider, class: cylon-raider, x: 250, y: 100, heading: 0}
obstacles:
  - {id: belt, kind: asteroid-field, density: %s, polygon: [[150, 50], [190, 50], [190, 150], [150, 150]]}
`
	assert.Equal(t, -2, ruleOn(t, sprintf(table, "sparse"), "viper", "raider").CoverModifier)
	assert.Equal(t, -4, ruleOn(t, sprintf(table, "dense"), "viper", "raider").CoverModifier)
}
