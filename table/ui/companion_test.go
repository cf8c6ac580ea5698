package ui

import (
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// Two phones at a real table: the counter of an illegal plan typed from
// the table's cup by its owner, the table aligned, on screens at phone size.
func TestCompanionScreensAtPhoneSize(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "jump-point", Companion: true})
	require.NoError(t, err)
	var apps []*App
	for _, tok := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		a.Handle(kit.Event{Kind: kit.Resize, W: 390, H: 844})
		g := NewNetGame(a, hs.URL, tok) // as the seat link opens it
		t.Cleanup(func() { g.seat.Leave() })
		a.Show(g)
		apps = append(apps, a)
	}
	// The seat link opens a network seat; once its state says the game
	// is played at a table, the screen gives it the table's controls.
	tableOf := func(i int) *seat.Companion { c, _ := apps[i].Screen().(*Game).seat.(*seat.Companion); return c }
	screens := []screen{{apps[0], apps[0].Screen().(*Game)}, {apps[1], apps[1].Screen().(*Game)}}
	saw := map[string]bool{}
	typed := false
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the companion turn ends")
		if c := tableOf(0); c != nil && c.State().View.Turn >= 2 && c.State().View.Phase == battle.Planning {
			break
		}
		acted := false
		for i, sc := range screens {
			text := drawnText(sc.a)
			for _, want := range []string{"The game waits for", "Movement step 1 is over", "Movement step 2 is over", "to copy onto the table", "you draw it", "player draws it"} {
				if strings.Contains(text, want) {
					saw[want] = true
				}
			}
			c := tableOf(i)
			if c == nil {
				if act(t, sc) {
					acted = true
				}
				continue
			}
			if n, mine := c.Need(); n != nil && mine && c.Status().Sending == "" {
				switch {
				case n.What == battle.DrawDie && !typed:
					clickButton(t, sc.a, "6")
					typed = true
				case n.What == battle.DrawCounter:
					clickButton(t, sc.a, "Draw from the app's secret cup")
				default:
					clickButton(t, sc.a, "Let the app roll")
				}
				acted = true
				continue
			}
			if v := c.State(); v != nil && v.View.Phase == battle.Aligning && i == 0 && c.Status().Sending == "" && strings.Contains(text, "The table is aligned") {
				if v.View.Step == 1 && !saw["nudged"] {
					clickButton(t, sc.a, "escort-1")
					clickButton(t, sc.a, "x +2")
					saw["nudged"] = true
					acted = true
					continue
				}
				clickButton(t, sc.a, "The table is aligned")
				acted = true
				continue
			}
			if act(t, sc) {
				acted = true
			}
		}
		if !acted {
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
	assert.True(t, typed, "a die typed in on the screen")
	for _, want := range []string{"The game waits for", "Movement step 1 is over", "Movement step 2 is over", "to copy onto the table", "nudged"} {
		assert.True(t, saw[want], "the screens showed %q", want)
	}
}
