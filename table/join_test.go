package table

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/table/ui"
)

// TestJoinOpensTheTitlesNetworkScreen: -join (and the browser's ?seat=
// link, which becomes -join) opens the same network screen as the title's
// Join; a link or code that does not parse opens Join with the problem
// shown, to be corrected there.
func TestJoinOpensTheTitlesNetworkScreen(t *testing.T) {
	a, err := NewApp(assets.Default(), Options{Join: "http://127.0.0.1:1/?seat=0123456789abcdef0123456789abcdef", Dir: t.TempDir()})
	require.NoError(t, err)
	g, ok := a.Screen().(*ui.NetSeat)
	require.True(t, ok, "%T", a.Screen())
	g.Close()

	a, err = NewApp(assets.Default(), Options{Join: "http://127.0.0.1:1/?nothing=1", Dir: t.TempDir()})
	require.NoError(t, err)
	assert.Equal(t, "join a network game", a.Screen().Name())
}
