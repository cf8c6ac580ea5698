package seat

import (
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// One device passed between the players (the table companion, issue
// 27): both seats of a companion game behind one screen. Both sides are
// played here; each side's view is its own seat's (the Cylon's plan
// stays hidden from the Colonial's view); every draw is made here, from
// the seat of the player who makes it (the rookie's illegal move:
// Special cases: Illegal moves, its counter drawn by its owner); an undo
// proposed by the Colonial player cannot be agreed while the Colonial
// player holds the device, only once it is passed to the Cylon player;
// one "the table is aligned" on the shared screen is both players' word
// and the game goes on to the next movement step.
func TestPairPlaysATableTurnOnOneDevice(t *testing.T) {
	comp := assets.Default()
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	col := NewCompanion(comp, hs.URL, cr.Colonial, nil)
	cyl := NewCompanion(comp, hs.URL, cr.Cylon, nil)
	p := NewPair(col, cyl)
	t.Cleanup(p.Leave)
	var st Seat = p
	_, ok := st.(Table)
	require.True(t, ok, "the screen finds the Table capability")
	poll := func(cond func() bool) {
		t.Helper()
		pollUntil(t, func() bool { p.Poll(); return cond() }, col.Net, cyl.Net)
	}
	poll(func() bool { return p.Status().Ready && len(p.Sides()) == 2 && p.AtTable() })
	assert.Equal(t, []battle.Side{battle.Colonial, battle.Cylon}, p.Sides())
	assert.Equal(t, battle.Colonial, p.Hand())

	plan := func(side battle.Side, except map[string]starship.Plan) {
		t.Helper()
		for _, id := range p.Of(side).State().Owe {
			pl, ok := except[id]
			if !ok {
				sv, _ := own(p.View(side), id)
				sp, _ := maneuvers.SpeedForKineticEnergy(*sv.KE)
				pl = starship.Plan{Cards: []string{"straight"}, Speed: sp, Rotate: sv.Rotation}
			}
			require.NoError(t, p.Do(battle.Command{Type: battle.CmdPlan, Side: side, Ship: id, Plan: &pl}))
		}
		require.NoError(t, p.Do(battle.Command{Type: battle.CmdReveal, Side: side}))
	}
	plan(battle.Colonial, map[string]starship.Plan{"raptor": {Cards: []string{"hard-turn-left"}, Speed: maneuvers.Medium}})
	p.Pass(battle.Cylon)
	require.Equal(t, battle.Cylon, p.Hand())
	plan(battle.Cylon, nil)
	for _, sv := range p.View(battle.Colonial).Ships {
		if sv.Side == battle.Cylon {
			assert.Nil(t, sv.Plan, "the Colonial's view holds no Cylon plan (%s)", sv.ID)
		}
	}
	poll(func() bool { n, _ := p.Need(); return n != nil && settled(col, cyl) })
	n, mine := p.Need()
	require.Equal(t, battle.DrawCounter, n.What)
	assert.False(t, mine, "the raptor's counter is not the Cylon player's to draw")
	assert.Equal(t, battle.Colonial, n.Side, "the raptor's owner draws")
	require.NotEmpty(t, p.Moves())
	require.Error(t, p.Supply(wire.Supply{Roll: true}), "the Cylon player draws no Colonial counter from the app's secret cup")
	p.Pass(battle.Colonial)
	_, mine = p.Need()
	assert.True(t, mine, "its owner holds the device")
	require.NoError(t, p.Supply(wire.Supply{Counter: &battle.Counter{Value: 1}}))
	poll(func() bool { return p.View(battle.Colonial).Phase == battle.Aligning && settled(col, cyl) })
	require.NoError(t, p.Status().Err)

	sv, _ := own(p.View(battle.Colonial), "escort-2")
	was := sv.Pose
	moved := physics.Pose{Pos: was.Pos.Add(physics.V(0, 2)), Heading: was.Heading}
	require.NoError(t, p.Do(battle.Command{Type: battle.CmdPose, Side: battle.Colonial, Ship: "escort-2", Pose: &moved}))
	poll(func() bool { return shipIn(p.View(battle.Cylon), "escort-2").Pose == moved && settled(col, cyl) })

	// undo by agreement: proposed by the Colonial player, agreed only by
	// the Cylon player holding the device
	p.Pass(battle.Colonial)
	require.Positive(t, p.UndoPoints())
	require.NoError(t, p.ProposeUndo(1))
	poll(func() bool { return p.Offer() != nil && settled(col, cyl) })
	assert.Equal(t, battle.Colonial, p.Offer().By)
	require.Error(t, p.AnswerUndo(true), "the proposer cannot agree for the other player")
	assert.NotNil(t, p.Offer())
	p.Pass(battle.Cylon)
	require.NoError(t, p.AnswerUndo(true))
	poll(func() bool { return shipIn(p.View(battle.Cylon), "escort-2").Pose == was && settled(col, cyl) })
	assert.Nil(t, p.Offer())
	require.NoError(t, p.Status().Err)

	// one word on the shared screen: both players'
	require.NoError(t, p.Do(battle.Command{Type: battle.CmdAligned, Side: battle.Cylon}))
	poll(func() bool { return p.View(battle.Colonial).Step == 2 && settled(col, cyl) })
	assert.Equal(t, battle.Aligning, p.View(battle.Cylon).Phase)
	assert.Equal(t, 1, p.View(battle.Cylon).Turn)
	require.NoError(t, p.Status().Err)
}

// The events of one device: each side's secrets from its own seat, the
// public ones once, in the game's order; a seat behind the other adds
// nothing the other has beyond their common events (the list only grows).
func TestPairMergesBothSeatsEvents(t *testing.T) {
	pub := func(k battle.EventKind) battle.Event { return battle.Event{Kind: k} }
	sec := func(side battle.Side, ship string) battle.Event {
		return battle.Event{Kind: battle.EvDamage, Side: side, Secret: true, Ship: ship}
	}
	col := []battle.Event{pub("a"), sec(battle.Colonial, "raptor"), pub("b"), pub("c")}
	cyl := []battle.Event{pub("a"), pub("b"), sec(battle.Cylon, "hunter-1"), pub("c"), sec(battle.Cylon, "hunter-2")}
	assert.Equal(t, []battle.Event{pub("a"), sec(battle.Colonial, "raptor"), pub("b"), sec(battle.Cylon, "hunter-1"), pub("c"), sec(battle.Cylon, "hunter-2")}, mergeEvents(col, cyl))
	assert.Equal(t, []battle.Event{pub("a"), sec(battle.Colonial, "raptor"), pub("b")}, mergeEvents(col, cyl[:2]), "the Cylon seat behind")
}
