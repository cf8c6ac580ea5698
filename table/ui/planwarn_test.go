package ui

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// jumpPointGame is The Jump Point, hot-seat, at the Colonial planning
// with the raptor selected.
func jumpPointGame(t *testing.T) (*App, *Game) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 4)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	enter(a)
	require.Equal(t, "plan", g.Stage())
	g.sel = "raptor"
	return a, g
}

// TestGhostSaysHowFarFromTheObjective: planning the raptor of The Jump
// Point, the panel and the ghost say how far from the jump point the plan
// ends (Winning the game: the scenario's goal), measured from the plan's
// last pose to the zone.
func TestGhostSaysHowFarFromTheObjective(t *testing.T) {
	a, g := jumpPointGame(t)
	send(a, kit.Type("4")...) // medium
	v := g.battle().View(g.side)
	o, _, err := g.planCheck(v, "raptor", *g.draft(v, "raptor"))
	require.NoError(t, err)
	var zone battle.Condition
	for _, c := range g.battle().Setup().Victory {
		if c.Kind == battle.Leave && c.Ship == "raptor" {
			zone = c
		}
	}
	require.NotEmpty(t, zone.Zone)
	d, _ := zone.Zone.DistanceToPoint(o.Final().Pose.Pos)
	require.Greater(t, d, 100.0, "turn 1 ends far from the jump point")
	text := frameText(a)
	assert.Contains(t, text, fmt.Sprintf("The plan ends %.0f mm from %s.", d, scenarios.ZoneTitle(zone.ZoneName)), "the panel")
	assert.Contains(t, text, fmt.Sprintf("\nends %.0f mm from %s\n", d, scenarios.ZoneTitle(zone.ZoneName)), "the ghost's label")
	send(a, kit.Type("5")...) // high: nearer
	o2, _, err := g.planCheck(v, "raptor", *g.draft(v, "raptor"))
	require.NoError(t, err)
	d2, _ := zone.Zone.DistanceToPoint(o2.Final().Pose.Pos)
	require.Less(t, d2, d)
	assert.Contains(t, frameText(a), fmt.Sprintf("ends %.0f mm from %s", d2, scenarios.ZoneTitle(zone.ZoneName)))
}

// TestJumpMidTableThatCannotGetAwayIsFlagged: The Jump Point's raptor
// carries fuel for one jump; jumping mid-table leaves too little to jump
// away from the jump point (Faster-than-light movement; Fuel), so the
// plan is flagged as unwinnable and committing it needs a second Enter.
func TestJumpMidTableThatCannotGetAwayIsFlagged(t *testing.T) {
	a, g := jumpPointGame(t)
	send(a, kit.Type("6")...) // FTL
	text := frameText(a)
	assert.Contains(t, text, "Unwinnable: this jump mid-table leaves raptor")
	assert.Contains(t, text, "An FTL jump costs 15 fuel")
	enter(a)
	assert.False(t, shipPlanned(g, "raptor"), "the first Enter warns")
	assert.Contains(t, a.Status(), "Unwinnable")
	enter(a)
	assert.True(t, shipPlanned(g, "raptor"), "the second commits it anyway")

	// a medium move instead is winnable: no flag
	a, _ = jumpPointGame(t)
	send(a, kit.Type("4")...)
	assert.NotContains(t, frameText(a), "Unwinnable")
}

// TestJumpMidTableWithFuelLeftIsWinnable: a ship may plan a jump while it
// has fuel above 0, whatever the jump costs (Fuel: Running out of fuel;
// the engine's legality). A raptor of 20 fuel jumping mid-table keeps 5,
// enough to jump away from the jump point later: no flag. (The note said
// "jumping away costs 15" and flagged it.)
func TestJumpMidTableWithFuelLeftIsWinnable(t *testing.T) {
	a := newTestApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	setup := sc.Setup()
	for i := range setup.Ships {
		if setup.Ships[i].ID == "raptor" {
			setup.Ships[i].Fuel = 20
		}
	}
	g, err := NewGame(a, setup, 4)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	enter(a)
	require.Equal(t, "plan", g.Stage())
	g.sel = "raptor"
	send(a, kit.Type("6")...) // FTL
	v := g.battle().View(g.side)
	s, _ := own(v, "raptor")
	left := s.State.Fuel - g.ftlFuel(g.seat.Class(s.Class), *s.State, *g.draft(v, "raptor"))
	require.Greater(t, left, 0, "the jump leaves fuel")
	assert.NotContains(t, frameText(a), "Unwinnable")
	// but it is told the jump is not the goal from where it stands
	// (played on a phone: planned 27 mm outside the jump point, and
	// nothing said so)
	text := strings.Join(strings.Fields(frameText(a)), " ")
	assert.Regexp(t, `raptor stands \d+ mm outside the jump point: a jump from here is not the scenario's goal`, text)
	// and the engine lets a ship with that fuel plan a jump
	st := *s.State
	st.Fuel = left
	vs, err := starship.Check(g.rules(), g.seat.Class(s.Class), st, *g.draft(v, "raptor"))
	require.NoError(t, err)
	assert.Empty(t, vs, "a jump with %d fuel left", left)
	st.Fuel = 0
	vs, err = starship.Check(g.rules(), g.seat.Class(s.Class), st, *g.draft(v, "raptor"))
	require.NoError(t, err)
	assert.NotEmpty(t, vs, "none out of fuel")
}

// TestOwnShipsEndingOnOneSpotAreFlagged: a plan that ends on the base of
// another own ship already planned is flagged (Overlapping spaceships)
// and needs a second Enter; apart, it is not.
func TestOwnShipsEndingOnOneSpotAreFlagged(t *testing.T) {
	a := newTestApp(t)
	setup := closeQuarters(starship.Quick)
	g, err := NewGame(a, setup, 3)
	require.NoError(t, err)
	// where viper-1's low straight ends: viper-2 stands there instead
	v := g.battle().View(battle.Colonial)
	p := starship.Plan{Cards: []string{g.battle().Class("viper-mk2").Deck.Cards[0].ID}, Speed: "low"}
	o, _, err := g.planCheck(v, "viper-1", p)
	require.NoError(t, err)
	setup.Ships[1].Pose = o.Final().Pose
	g, err = NewGame(a, setup, 3)
	require.NoError(t, err)
	a.Show(g)
	enter(a)
	g.sel = "viper-2"
	send(a, kit.Type("2")...) // stop
	enter(a)
	require.True(t, shipPlanned(g, "viper-2"))
	g.sel = "viper-1"
	g.drafts["viper-1"] = &p
	text := frameText(a)
	assert.Contains(t, text, "viper-1 ends on viper-2's spot")
	enter(a)
	assert.False(t, shipPlanned(g, "viper-1"), "flagged: a second Enter is needed")
	enter(a)
	assert.True(t, shipPlanned(g, "viper-1"))

	send(a, kit.Type("u")...)
	require.False(t, shipPlanned(g, "viper-1"))
	send(a, kit.Type("2")...) // stop: it stays where it is
	assert.False(t, strings.Contains(frameText(a), "ends on viper-2's spot"))
}
