package ui

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// TestWaitingRoomCopiesTheLinkAndTheCode: the host waiting for the other
// player copies the link (or the code) to send with a tap where the
// platform has a clipboard (App.Clipboard), and is told so; without one
// no Copy button is offered.
func TestWaitingRoomCopiesTheLinkAndTheCode(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	for _, clip := range []bool{true, false} {
		a := newTestApp(t)
		var copied []string
		if clip {
			a.Clipboard = func(text string) error { copied = append(copied, text); return nil }
		}
		g := NewNetGame(a, hs.URL, cr.Colonial)
		t.Cleanup(g.seat.Leave)
		link, code := cr.Links["cylon"], seat.CodeOf(hs.URL, cr.Cylon)
		g.seat.(*seat.Net).Hosting(link, code)
		a.Show(g)
		deadline := time.Now().Add(time.Minute) // bounds the loop; it waits on the state
		for guard := 0; g.seat.(seat.Lobby).Game() == ""; guard++ {
			require.True(t, time.Now().Before(deadline) && guard < 100000, "no state from the server")
			time.Sleep(time.Millisecond)
			a.Tick(1.0 / 60)
		}
		a.Frame()
		_, ok := buttonRect(a, "Copy the link")
		if !clip {
			assert.False(t, ok, "no clipboard: no Copy button")
			continue
		}
		require.True(t, ok, "a Copy button: %s", screenWords(t, a))
		// no line of text over the buttons (played: the line under them
		// drew its first line's top into them)
		for _, b := range []string{"Copy the link", "Copy the code"} {
			r, _ := buttonRect(a, b)
			for _, op := range a.Frame().Ops {
				if op.Kind != kit.OpText || op.Text == "" || op.Text == b {
					continue
				}
				box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
				assert.False(t, box.Overlaps(r), "%q at %v over the button %q at %v", op.Text, box, b, r)
			}
		}
		for _, b := range []string{"Copy the link", "Copy the code"} {
			r, ok := buttonRect(a, b)
			require.True(t, ok, b)
			send(a, kit.Click(r.X+r.W/2, r.Y+r.H/2)...)
		}
		assert.Equal(t, []string{link, code}, copied)
		assert.Contains(t, a.Status(), "copied the code")
	}
}
