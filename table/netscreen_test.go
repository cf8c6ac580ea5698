package table

import (
	"image"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// panelX is where the game screen's panel begins in a 1280 × 800 window
// (430 pixels wide at scale 1): the table lies left of it.
const panelX = 1280 - 430

// drawnTexts are the texts a frame draws right of x0 (the panel) or left
// of it (the table).
func drawnTexts(a *ui.App, panel bool) []string {
	var out []string
	for _, op := range a.Frame().Ops {
		if op.Kind == kit.OpText && op.Text != "" && (op.At.X >= panelX) == panel {
			out = append(out, op.Text)
		}
	}
	return out
}

// TestNetworkScreenDrawsWhatTheLocalOneDraws: the same moment of the same
// scenario on the one game screen, once over a local seat (hot-seat, the
// Cylon player not yet planning) and once over a network seat (through a server on
// 127.0.0.1): the Colonial player plans Furball's first ship at medium
// speed. The table (ships, ghost, arcs, labels, the objective) is the
// same picture; the panel draws every line the local one draws but for
// the hot-seat's hand-over, and adds the network seat's own (the
// game, the code to come back with). Both pictures are kept for a person
// to compare (go test -artifacts).
func TestNetworkScreenDrawsWhatTheLocalOneDraws(t *testing.T) {
	comp := assets.Default()
	sc, err := scenarios.Load("furball", comp)
	require.NoError(t, err)

	local := newApp(t)
	g, err := ui.NewGame(local, sc.Setup(), 5)
	require.NoError(t, err)
	local.Show(g.WithScenario(sc))
	for i := 0; i < 5 && g.Stage() != "plan"; i++ {
		send(local, keys(kit.KeyEnter)...)
	}
	require.Equal(t, "plan", g.Stage())

	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	remote := newApp(t)
	ng := ui.NewNetGame(remote, hs.URL, cr.Colonial)
	remote.Show(ng)
	t.Cleanup(func() { ng.Seat().Leave() })
	other := newApp(t)
	og := ui.NewNetGame(other, hs.URL, cr.Cylon)
	other.Show(og)
	t.Cleanup(func() { og.Seat().Leave() })
	deadline := time.Now().Add(time.Minute) // a bound on the loop; it waits on the screen's stage
	for ng.Stage() != "plan" {
		require.True(t, time.Now().Before(deadline), "stage %s", ng.Stage())
		if ng.Stage() == "cover" {
			send(remote, keys(kit.KeyEnter)...)
		}
		time.Sleep(2 * time.Millisecond)
		remote.Tick(1.0 / 60)
		other.Tick(1.0 / 60)
	}

	// the same plan on both: the first ship, medium speed
	for _, a := range []*ui.App{local, remote} {
		send(a, kit.Type("4")...)
		a.Tick(10) // the status line goes
		a.Frame()
	}
	require.Equal(t, local.PageState().Plan, remote.PageState().Plan, "the same ship, the same plan")

	var pics [2]*image.RGBA
	for i, a := range []*ui.App{local, remote} {
		onLoop(func() { pics[i] = Snapshot(a) })
		require.NoError(t, writeImage(filepath.Join(t.ArtifactDir(), []string{"local", "network"}[i]+"-plan.png"), pics[i]))
	}
	table := image.Rect(0, 0, panelX, 800)
	differ, worst, at := goldenDiff(pics[1].SubImage(table), pics[0].SubImage(table))
	t.Logf("the table: %d pixels differ, at most %d in one tile (at %v)", differ, worst, at)
	assert.LessOrEqual(t, worst, maxTileDiffer, "the network seat's table differs from the local one's at %v", at)
	assert.LessOrEqual(t, float64(differ)/float64(table.Dx()*table.Dy()), maxDiffer)
	assert.Equal(t, drawnTexts(local, false), drawnTexts(remote, false), "the table's labels")

	// the panel: every line of the local one but the hot-seat's
	// hand-over, and the network seat's lines
	net := drawnTexts(remote, true)
	var missing []string
	for _, s := range drawnTexts(local, true) {
		// ("More below" is where the room ends, not a line: the network
		// panel's longer content may put it as an arrow in the margin)
		if !slices.Contains(net, s) && !strings.Contains(s, "Hand over") && s != "More below" {
			missing = append(missing, s)
		}
	}
	assert.Empty(t, missing, "the local panel's lines the network one lacks")
	joined := strings.Join(net, "\n")
	assert.Contains(t, joined, "You play Colonial (network game "+cr.Game+")")
	assert.Contains(t, joined, "Maneuver card")
}
