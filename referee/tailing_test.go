package referee

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

// Tailing (the measurement format, step 7): the line from the attacker's
// stand to the target's enters the target's base through a rear flat.
// When the attacker's stand lies over the target's base (bases
// overlapping on one level, or stacked one level apart) the line starts
// inside the base and enters it through no flat: no tailing. A stand on
// the base's edge still enters through the flat it lies on.
func TestTailing_StandOverTheTargetsBase(t *testing.T) {
	above := func(s Ship, level int) Ship { s.Level = level; return s }
	tests := []struct {
		name   string
		threeD bool
		target Ship
		want   bool
	}{
		{"overlapping, 20 mm behind the target's stand", false, ship("t", 0, 20, 90, 0), false},
		{"overlapping at an angle", false, ship("t", 5, 15, 60, 0), false},
		{"stacked one level up, right above", true, above(ship("t", 0, 0.5, 90, 0), 2), false},
		{"stacked one level up, 15 mm ahead", true, above(ship("t", 0, 15, 90, 0), 2), false},
		{"the stand on the rear flat's edge: enters through it", false, ship("t", 0, 22.5, 90, 0), true},
		{"just behind the base: the rear flat", false, ship("t", 0, 23, 90, 0), true},
		{"one level up, just behind the base", true, above(ship("t", 0, 23, 90, 0), 2), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rule(t, Table{Ships: []Ship{ship("a", 0, 0, 90, 0), tt.target}, ThreeD: tt.threeD}, "a", "t")
			assert.Equal(t, tt.want, r.Tailing, "%+v", r.Tail)
			if !tt.want {
				assert.False(t, r.Tail.RearEntry, "no flat entered")
			}
		})
	}
}

// TestTailing_StandOverTheTargetsBaseRandomPairs: attackers whose stand
// lies strictly inside the target's base, at any heading, on the same
// level or one apart, never tail it; the same pairs moved just off the
// base keep the ruling the rest of step 7 gives.
func TestTailing_StandOverTheTargetsBaseRandomPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(22, 7))
	inside := 0
	for trial := 0; trial < 2000; trial++ {
		tg := ship("t", 400, 400, rng.Float64()*360, 0)
		hex := physics.Hexagon(tg.Pose, tg.AcrossFlats)
		// A point of the base's interior: a random mix of two corners and
		// the stand.
		k := rng.IntN(6)
		u, v := rng.Float64(), rng.Float64()
		if u+v >= 1 {
			u, v = 1-u, 1-v
		}
		p := tg.Pose.Pos.Add(hex[k].Sub(tg.Pose.Pos).Mul(u)).Add(hex[(k+1)%6].Sub(tg.Pose.Pos).Mul(v))
		if !hex.InteriorContains(p) {
			continue
		}
		inside++
		// Aim the attacker roughly at the target so that it is in arc.
		d := tg.Pose.Pos.Sub(p)
		heading := physics.Deg(rng.Float64()*50 - 25)
		if d.Norm() > 0 {
			heading += d.Angle()
		}
		a := Ship{ID: "a", Class: "viper-mk2", Pose: physics.Pose{Pos: p, Heading: heading}, Level: 1, AcrossFlats: 45}
		tab := Table{Ships: []Ship{a, tg}}
		if trial%2 == 1 {
			tab.ThreeD = true
			tab.Ships[1].Level = 2
		}
		r := rule(t, tab, "a", "t")
		assert.False(t, r.Tailing, "trial %d: stand %v inside the base of %v", trial, p, tg.Pose)
	}
	assert.Greater(t, inside, 1500)
}

// The tailing margin knows the stand over the base (MEASURE-FORMAT.md
// steps 7 and 8): a ship 49 mm straight ahead of the one tailing it,
// turned so that a corner of its base points back at the attacker's
// stand, stops being tailed when it comes 49 − 15√3 mm nearer (the
// attacker's stand then lies over its base), before it would leave the
// arc (24.5 mm sideways).
func TestTailing_StandOverTheTargetsBaseMargins(t *testing.T) {
	tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 49, 120, 0)}}
	r := ruleMargins(t, tab, 0, 1)
	require.False(t, r.Overlap)
	require.True(t, r.Tailing, "%+v", r.Tail)
	m := r.Margins.Tailing
	require.True(t, m.Known)
	assert.InDelta(t, 49-15*math.Sqrt(3), m.MM, 1e-9)
	assert.InDelta(t, -1, m.Dir.Y, 1e-9, "toward the attacker")
	x := moved(tab, 1, m.Beyond())
	x.Limits = limits
	assert.False(t, New(x).Rule(0, 1).Tailing, "a hair further: the stand over the base")
	x = moved(tab, 1, m.Move.Mul(0.99))
	x.Limits = limits
	assert.True(t, New(x).Rule(0, 1).Tailing, "short of it: still tailing")
}
