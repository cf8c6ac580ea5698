package server_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/wire"
)

// TestAPlayersGameListSaysWhoseTurnItIs: GET /api/mine lists the games of
// the seats a player holds, in order, each with whether it is that seat's
// turn; an unknown token is left out, and a long list is refused.
func TestAPlayersGameListSaysWhoseTurnItIs(t *testing.T) {
	_, hs := start(t, serverOpts())
	a := host(t, hs.URL, "jump-point")
	b := host(t, hs.URL, "jump-point")
	col, _, colSt, _ := seated(t, hs.URL, a)
	unknown := strings.Repeat("0", 32)
	list, err := client.Mine(hs.URL, []string{a.Colonial, unknown, b.Cylon, a.Spectator})
	require.NoError(t, err)
	require.Len(t, list, 3)
	assert.Equal(t, wire.GameSummary{Game: a.Game, Scenario: "jump-point", Seat: battle.Colonial, Turn: 1, Phase: battle.Planning, YourTurn: true, Ready: true}, list[0])
	assert.Equal(t, b.Game, list[1].Game)
	assert.False(t, list[1].YourTurn, "game B has no Colonial player yet")
	assert.False(t, list[1].Ready)
	assert.Equal(t, battle.Side(""), list[2].Seat, "the spectator link")
	assert.False(t, list[2].YourTurn)

	sealPlans(t, col, colSt)
	list, err = client.Mine(hs.URL, []string{a.Colonial})
	require.NoError(t, err)
	assert.False(t, list[0].YourTurn, "committed: it waits for the Cylon")

	many := make([]string, wire.MaxListSeats+1)
	for i := range many {
		many[i] = unknown
	}
	_, err = client.Mine(hs.URL, many)
	require.ErrorContains(t, err, "allowed at most 50")
}
