package battle_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

var comp = assets.Default()

func spec(id, class string, side battle.Side, x, y, heading float64, ke int) battle.ShipSpec {
	return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: ke,
		Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
}

func setup(rules starship.Rules, ships ...battle.ShipSpec) battle.Setup {
	return battle.Setup{Rules: rules, Width: 900, Depth: 900, Ships: ships}
}

var (
	quick    = starship.Rules{Set: starship.Quick}
	complete = starship.Rules{Set: starship.Complete}
	allRules = starship.Rules{Set: starship.Complete, Options: starship.Options}
)

// newCompanion starts a battle whose dice the test supplies.
func newCompanion(t *testing.T, s battle.Setup, dice ...int) *battle.Battle {
	t.Helper()
	s.Companion = true
	b, err := battle.New(s, comp, 1)
	require.NoError(t, err)
	do(t, b, battle.Command{Type: battle.CmdBegin, Side: battle.Colonial}, dice)
	return b
}

// do supplies dice and counters, then applies the command.
func do(t *testing.T, b *battle.Battle, cmd battle.Command, dice []int, counters ...string) []battle.Event {
	t.Helper()
	return battletest.Do(t, b, cmd, dice, counters...)
}

func plan(cards []string, speed maneuvers.Speed) *starship.Plan {
	return &starship.Plan{Cards: cards, Speed: speed}
}

// planAll commits the given plans (ship id → plan; others stand still).
func planAll(t *testing.T, b *battle.Battle, plans map[string]*starship.Plan) {
	t.Helper()
	for _, s := range b.State().Ships {
		if !s.Active() {
			continue
		}
		p, ok := plans[s.ID]
		if !ok {
			p = &starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop, Rotate: s.Ship.Rotation}
		}
		_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: s.Side, Ship: s.ID, Plan: p})
		require.NoError(t, err, s.ID)
	}
}

func ship(b *battle.Battle, id string) battle.ShipState {
	for _, s := range b.State().Ships {
		if s.ID == id {
			return s
		}
	}
	return battle.ShipState{}
}

// played returns a finished battle of the default scenario.
func played(t testing.TB, rules starship.Rules, seed uint64, col, cyl string) *battle.Battle {
	s, _ := scenarios.Builtin(scenarios.Default)
	s.Rules = rules
	b, err := battle.New(s, comp, seed)
	require.NoError(t, err)
	pc, _ := policy.ByName(col)
	py, _ := policy.ByName(cyl)
	require.NoError(t, policy.Play(b, comp, map[battle.Side]policy.Policy{battle.Colonial: pc, battle.Cylon: py}, seed))
	return b
}
