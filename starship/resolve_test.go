package starship

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

func resolve(t *testing.T, rs Rules, s State, p Plan, jump *FTLJump) Outcome {
	t.Helper()
	o, err := Resolve(rs, comp, class(t, s.Class), s, p, jump)
	require.NoError(t, err)
	return o
}

func near(t *testing.T, want, got physics.Vec, msg string) {
	t.Helper()
	assert.InDelta(t, want.X, got.X, 1e-9, "%s: x", msg)
	assert.InDelta(t, want.Y, got.Y, 1e-9, "%s: y", msg)
}

func TestIllegalMoveQuickStart(t *testing.T) {
	// Quick Start: the slider goes back to last turn's position, the ship
	// flies its straight maneuver, one counter is drawn.
	s := viper() // medium last turn
	o := resolve(t, quick, s, plan(maneuvers.High, "overboost-bank-left", "hard-turn-left"), nil)
	assert.False(t, o.Legal)
	assert.Equal(t, []string{"g-limit", "no-arrow-for-speed"}, ruleIDs(o.Violations))
	assert.Equal(t, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 0}, o.Executed)
	assert.Equal(t, 1, o.DamageDraws, "one counter, however many reasons")
	near(t, physics.V(450, 450+70+45), o.Final().Pose.Pos, "medium straight: 70 mm plus a base")
}

func TestIllegalMoveComplete(t *testing.T) {
	tests := []struct {
		name  string
		state func(*State)
		plan  Plan
		want  Plan
		draws int
	}{
		{"rotated with a bank: straightened", func(s *State) { s.Rotation = 2 },
			Plan{Cards: []string{"bank-left"}, Speed: maneuvers.Medium, Rotate: 2},
			Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 2}, 1},
		{"too much acceleration: the speed lowered", func(s *State) { s.KE = 1 },
			plan(maneuvers.High, "overboost-straight", "straight"),
			plan(maneuvers.Low, "overboost-straight", "straight"), 1},
		{"no speed works with the overboost: it is dropped", func(s *State) { s.KE = 0 },
			plan(maneuvers.High, "overboost-straight", "straight"),
			plan(maneuvers.High, "straight"), 1},
		{"G over the limit: a straight maneuver", func(s *State) { s.KE = 3 },
			plan(maneuvers.Low, "overboost-bank-left", "hard-turn-left"),
			plan(maneuvers.Low, "straight"), 1},
		{"no arrow and too fast: two reasons, two counters", func(s *State) { s.KE = -1 },
			Plan{Cards: []string{"hard-turn-left"}, Speed: maneuvers.High},
			Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium}, 2},
		{"rotated and accelerating: both fixed, two counters", func(s *State) { s.KE = 2; s.Rotation = -1 },
			Plan{Cards: []string{"turn-left"}, Speed: maneuvers.Low, Rotate: -1},
			Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: -1}, 2},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := viper()
			tt.state(&s)
			o := resolve(t, complete, s, tt.plan, nil)
			require.False(t, o.Legal)
			assert.Equal(t, tt.want.Cards, o.Executed.Cards)
			assert.Equal(t, tt.want.Speed, o.Executed.Speed)
			assert.Equal(t, tt.want.Rotate, o.Executed.Rotate)
			assert.Equal(t, tt.draws, o.DamageDraws)
			vs, err := Check(complete, class(t, "viper-mk2"), s, o.Executed)
			require.NoError(t, err)
			assert.Empty(t, vs, "the corrected plan is legal")
		})
	}
}

func TestRotationAfterTheFirstCard(t *testing.T) {
	// Complete Rules: the dial turns after the first card; the heading
	// (movement direction) does not.
	s := viper()
	o := resolve(t, complete, s, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 3}, nil)
	require.True(t, o.Legal)
	require.Len(t, o.Steps, 1)
	assert.Equal(t, 3, o.Final().Rotation)
	assert.InDelta(t, 90, o.Final().Pose.Heading.Degrees(), 1e-9)
}

func TestOverboostTwoSteps(t *testing.T) {
	s := viper()
	s.KE = 4
	p := Plan{Cards: []string{"overboost-straight", "bank-left"}, Speed: maneuvers.Low}
	o := resolve(t, complete, s, p, nil)
	require.True(t, o.Legal, "%v", o.Violations)
	require.Len(t, o.Steps, 2)
	near(t, physics.V(450, 450+50+45), o.Steps[0].Pose.Pos, "step 1 follows the overboost line")
	assert.InDelta(t, 120, o.Final().Pose.Heading.Degrees(), 1e-9, "step 2 banks 30° left")
	q := resolve(t, quick, s, Plan{Cards: p.Cards, Speed: p.Speed}, nil)
	near(t, q.Final().Pose.Pos, o.Final().Pose.Pos, "Quick Start ends at the same pose")
	assert.Equal(t, 4, o.KE)
	assert.Len(t, o.Cards, 2, "two cards laid")
}

func TestChangeDirectionDrift(t *testing.T) {
	for _, tt := range []struct {
		ke    int
		drift float64
	}{{1, 0}, {2, 50}, {4, 50}, {5, 90}, {6, 90}} {
		s := viper()
		s.KE, s.Rotation = tt.ke, 3
		speed, _ := maneuvers.SpeedForKineticEnergy(min(tt.ke, 3)) // within the acceleration
		p := Plan{Cards: []string{"change-direction", "straight"}, Speed: speed, Rotate: 3}
		o := resolve(t, complete, s, p, nil)
		require.True(t, o.Legal, "ke %d: %v", tt.ke, o.Violations)
		first := o.Steps[0]
		near(t, physics.V(450, 450+tt.drift), first.Pose.Pos, "drift along the old heading")
		assert.InDelta(t, 0, first.Pose.Heading.Degrees(), 1e-9, "the heading takes the facing (90° − 3 notches)")
		assert.Equal(t, 0, first.Rotation, "the dial returns to 0")
	}
	s := viper() // kinetic energy 2
	s.Rotation = 3
	o := resolve(t, complete, s, Plan{Cards: []string{"change-direction", "straight"}, Speed: maneuvers.Stop, Rotate: 3}, nil)
	require.True(t, o.Legal, "%v", o.Violations)
	assert.Equal(t, o.Steps[0].Pose, o.Final().Pose, "at the stop the ship stays still in step 2")
}

func TestLevelChange(t *testing.T) {
	s := viper()
	s.KE = 4
	o := resolve(t, with(complete, OptThreeD), s, Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Level: 1}, nil)
	require.True(t, o.Legal, "%v", o.Violations)
	require.Len(t, o.Steps, 2)
	assert.Equal(t, 3, o.Steps[0].Level)
	assert.Equal(t, s.Pose.Pos, o.Steps[0].Pose.Pos, "step 1 changes level only")
	near(t, physics.V(450, 450+40+45), o.Final().Pose.Pos, "step 2 moves")
	assert.Equal(t, 4, o.KE, "low (1) plus 3 for the level change")
	s.Level = 4
	o = resolve(t, with(complete, OptThreeD), s, Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Level: 1}, nil)
	assert.True(t, o.LeftGame, "climbing above level 4 leaves the game")
}

func TestFTLJump(t *testing.T) {
	s := viper()
	s.Class, s.KE = "cylon-raider", 5
	jump := &FTLJump{Marker: physics.Pose{Pos: physics.V(600, 600)}, SideRoll: 7, DistanceRoll: 3}
	o := resolve(t, with(complete, OptFTL, OptFuel), s, plan(maneuvers.FTL, "overboost-straight", "straight"), jump)
	require.True(t, o.Legal, "%v", o.Violations)
	require.Len(t, o.Steps, 3)
	near(t, physics.V(600+22.5+22.5+30, 600), o.Steps[0].Pose.Pos, "7 on 2d6: the front side; 3 cm ahead")
	assert.Equal(t, 5, o.KE, "kinetic energy unchanged")
	// The overboost moves the stand 50 + 45; the medium arrow (KE 5 − 3 = 2)
	// starts at the red end, so it adds 70.
	near(t, physics.V(675+50+45+70, 600), o.Final().Pose.Pos, "overboost line then the medium arrow")
	assert.Equal(t, 15, o.FuelSpent, "15 for the jump; the straight cards cost G 0")
	next := o.Next(s)
	assert.True(t, next.FTLLastTurn)
	assert.Equal(t, 1, next.FTLJumps)
	_, err := Resolve(with(complete, OptFTL), comp, class(t, "cylon-raider"), s, plan(maneuvers.FTL, "overboost-straight", "straight"), nil)
	assert.Error(t, err, "a legal jump needs its marker")
}

func TestBackwardMove(t *testing.T) {
	s := viper()
	s.KE = 0
	o := resolve(t, complete, s, plan(maneuvers.Back, "straight"), nil)
	require.True(t, o.Legal, "%v", o.Violations)
	near(t, physics.V(450, 420), o.Final().Pose.Pos, "30 mm back")
	assert.Equal(t, -1, o.KE)
}

func TestRotationFuel(t *testing.T) {
	for notches, want := range map[int]int{0: 0, 1: 0, 2: 1, 3: 1, 5: 1, 6: 2} {
		assert.Equal(t, want, RotationFuel(notches), "%d notches", notches)
	}
	assert.Equal(t, 6, NotchesTurned(-3, 3))
	assert.Equal(t, 2, NotchesTurned(5, -5))
	assert.Equal(t, 0, NotchesTurned(6, 6))
}

func TestStandPathEndsAtTheStand(t *testing.T) {
	s := viper()
	o := resolve(t, complete, s, plan(maneuvers.Medium, "turn-left"), nil)
	require.NotEmpty(t, o.Path)
	assert.Equal(t, s.Pose.Pos, o.Path[0])
	near(t, o.Final().Pose.Pos, o.Path[len(o.Path)-1], "path end")
	for i := 1; i < len(o.Path); i++ {
		assert.Less(t, o.Path[i].Dist(o.Path[i-1]), 50.0, "drawn points are close together")
	}
	assert.False(t, math.IsNaN(o.Path[1].X))
}

// Complete Rules: Movement, Overboost, Changing direction, Moving between
// levels: each card laid carries the movement step it is laid in, so a
// table copying the move lays it then. An overboost lays its card in step
// 1 and the second card in step 2; a change of direction and a change of
// level lay no card in step 1 and the maneuver card in step 2 (one card
// for two steps: no index of Steps finds it); a plain move and the Quick
// Start lay theirs in step 1. MovementStep finds each step by number.
func TestMovement_CardsCarryTheirStep(t *testing.T) {
	steps := func(o Outcome) []int {
		var out []int
		for _, c := range o.Cards {
			out = append(out, c.Step)
		}
		return out
	}
	s := viper()
	s.KE = 4
	o := resolve(t, complete, s, Plan{Cards: []string{"overboost-straight", "bank-left"}, Speed: maneuvers.Low}, nil)
	assert.Equal(t, []int{1, 2}, steps(o), "overboost: its line in step 1, the second card in step 2")
	assert.Equal(t, "bank-left", o.CardsOf(2)[0].ID)

	s = viper()
	s.Rotation = 3
	o = resolve(t, complete, s, Plan{Cards: []string{"change-direction", "straight"}, Speed: maneuvers.Low, Rotate: 3}, nil)
	require.Len(t, o.Steps, 2)
	require.Len(t, o.Cards, 1)
	assert.Equal(t, []int{2}, steps(o), "change direction: the drift and the turn in step 1, the card in step 2")
	assert.Empty(t, o.CardsOf(1))
	st2, ok := o.MovementStep(2)
	require.True(t, ok)
	assert.Equal(t, o.Steps[1], st2)

	o = resolve(t, with(complete, OptThreeD), viper(), Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Level: 1}, nil)
	require.Len(t, o.Steps, 2, "%v", o.Violations)
	assert.Equal(t, []int{2}, steps(o), "a level change in step 1, the card in step 2")

	o = resolve(t, complete, viper(), Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium}, nil)
	assert.Equal(t, []int{1}, steps(o))
	_, ok = o.MovementStep(2)
	assert.False(t, ok, "one step only")

	q := resolve(t, quick, viper(), Plan{Cards: []string{"overboost-straight", "bank-left"}, Speed: maneuvers.Medium}, nil)
	assert.Equal(t, []int{1, 1}, steps(q), "Quick Start: one step")
	st1, ok := q.MovementStep(1)
	require.True(t, ok)
	assert.Equal(t, "move", st1.Name)
}
