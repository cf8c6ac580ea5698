//go:build !js

package ui

import (
	"net"
	"strings"
	"testing"

	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestHostingStartsAServerInsideTheProgram: when no game server answers
// at the address, Host a network game starts one inside this program and
// the Colonial seat waits for the Cylon player through it.
func TestHostingStartsAServerInsideTheProgram(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close()) // a free port nobody answers on

	a := newTestApp(t)
	a.Server = "http://" + addr
	t.Cleanup(func() {
		if a.hosted != nil {
			_ = a.hosted.Close()
		}
	})
	ti := NewTitle(a)
	a.Show(ti)
	host := -1
	for i, it := range ti.items() {
		if strings.HasPrefix(it.label, "Host a network game") {
			host = i
		}
	}
	require.True(t, host >= 0 && host < 9)
	send(a, kit.Type(string(rune('1'+host)))...)
	g, ok := a.Screen().(*NetSeat)
	require.True(t, ok, "status: %s", a.Status())
	require.NotNil(t, a.hosted, "a server was started inside the program")
	tickUntil(t, a, func() bool { return g.State() != nil })
	assert.Contains(t, drawnText(a), "Waiting for the Cylon player")
}
