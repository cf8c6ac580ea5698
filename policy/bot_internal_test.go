package policy

import (
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// TestBotKnowsTheScenario: a bot's policy gets the game's scenario from
// the server (its victory conditions, not only what the view shows), and
// an unknown game is refused.
func TestBotKnowsTheScenario(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)
	comp := assets.Default()
	want, ok := scenarios.Builtin("jump-point")
	require.True(t, ok)

	g := remoteGame(hs.URL, &wire.State{Game: cr.Game, Rules: want.Rules}, comp, 1)
	seat := g.RemoteSeat(battle.Cylon, battle.View{Width: want.Width, Depth: want.Depth})
	assert.Equal(t, want.Name, seat.Setup.Name)
	assert.Equal(t, want.Victory, seat.Setup.Victory)
	assert.Len(t, seat.Setup.Ships, len(want.Ships))

	_, err = client.Scenario(hs.URL, "no-such-game")
	assert.ErrorContains(t, err, "no game")
	g = remoteGame(hs.URL, &wire.State{Game: "no-such-game", Rules: want.Rules}, comp, 1)
	assert.Equal(t, "seen", g.RemoteSeat(battle.Cylon, battle.View{}).Setup.Name, "without the scenario the view is all it has")
}
