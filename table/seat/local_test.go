package seat

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

func closeQuarters() battle.Setup {
	ship := func(id, class string, side battle.Side, x, y, heading float64) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: 1,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
	}
	return battle.Setup{
		Name: "Close quarters", Rules: starship.Rules{Set: starship.Quick}, Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			ship("viper-1", "viper-mk2", battle.Colonial, 330, 280, 90),
			ship("raider-1", "cylon-raider", battle.Cylon, 340, 560, 270),
		},
		TurnLimit: 10,
	}
}

// stop is a plan every ship may fly (Planning: stop).
func stop(v battle.View, id string) *starship.Plan {
	for _, s := range v.Ships {
		if s.ID == id && s.State != nil {
			p := starship.Plan{Cards: []string{"straight"}, Speed: "stop"}
			return &p
		}
	}
	return nil
}

// TestLocalSeatHotSeatPlaysBothSides: a hot-seat seat takes both sides'
// decisions through the engine's commands; its log only grows.
func TestLocalSeatHotSeatPlaysBothSides(t *testing.T) {
	comp := assets.Default()
	b, err := battle.New(closeQuarters(), comp, 1)
	require.NoError(t, err)
	l, err := NewLocal(b, comp, nil)
	require.NoError(t, err)
	assert.Equal(t, battle.Sides, l.Sides())
	assert.False(t, l.Poll(), "no computer: nothing happens by itself")
	n := len(l.Events())
	for _, side := range battle.Sides {
		for _, s := range l.View(side).Ships {
			if s.Own {
				o, err := l.Preview(side, s.ID, *stop(l.View(side), s.ID))
				require.NoError(t, err)
				assert.Empty(t, o.Violations, "the engine's one legality answer")
				require.NoError(t, l.Do(battle.Command{Type: battle.CmdPlan, Side: side, Ship: s.ID, Plan: stop(l.View(side), s.ID)}))
			}
		}
	}
	require.Equal(t, battle.Revealing, l.View(battle.Colonial).Phase)
	require.NoError(t, l.Do(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}))
	evs := l.Events()
	require.Greater(t, len(evs), n, "the reveal's events arrive")
	assert.True(t, slices.ContainsFunc(evs[n:], func(e battle.Event) bool { return e.Kind == battle.EvMoveStep }),
		"typed events: the movement step is marked")
	assert.Equal(t, l.b.State().Events, evs)
	st := l.Status()
	assert.True(t, st.Ready)
	assert.Empty(t, st.Waiting, "both sides are played here")
}

// TestLocalSeatComputerDecidesInPoll: against a computer player the seat
// plays one side; the computer's decisions come in Poll, through the
// engine's commands, and a command for its side is refused.
func TestLocalSeatComputerDecidesInPoll(t *testing.T) {
	comp := assets.Default()
	b, err := battle.New(closeQuarters(), comp, 1)
	require.NoError(t, err)
	l, err := NewLocal(b, comp, map[battle.Side]string{battle.Cylon: "greedy"})
	require.NoError(t, err)
	assert.Equal(t, []battle.Side{battle.Colonial}, l.Sides())
	assert.Equal(t, "greedy", l.Computer(battle.Cylon))
	assert.Empty(t, l.Computer(battle.Colonial))
	v := l.View(battle.Cylon)
	require.Error(t, l.Do(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider-1", Plan: stop(v, "raider-1")}),
		"the computer's side is the computer's")
	require.True(t, l.Poll(), "the computer plans")
	for _, s := range l.View(battle.Cylon).Ships {
		if s.Own {
			assert.True(t, s.Planned, "%s planned by the computer", s.ID)
		}
	}
	journal := l.Moves()
	assert.False(t, l.Poll(), "it owes nothing more until the player plans")
	assert.Equal(t, journal, l.Moves())
	_, err = NewLocal(b, comp, map[battle.Side]string{battle.Cylon: "no such player"})
	require.Error(t, err)
}
