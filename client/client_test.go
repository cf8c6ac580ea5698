package client_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// TestParseJoinReadsLinksAndCodes: a seat link, a code with the server,
// and a bare code with a known server all name the server and the token;
// anything else is refused saying what is allowed.
func TestParseJoinReadsLinksAndCodes(t *testing.T) {
	tok := "0123456789abcdef0123456789abcdef"
	for _, c := range []struct{ in, def, server string }{
		{"http://192.168.1.20:7878/?seat=" + tok, "", "http://192.168.1.20:7878"},
		{"  http://h:1/?seat=" + tok + "  ", "", "http://h:1"},
		{"192.168.1.20:7878/?seat=" + tok, "", "http://192.168.1.20:7878"},
		{"192.168.1.20:7878/" + tok, "", "http://192.168.1.20:7878"},
		{"https://games.example/" + tok, "", "https://games.example"},
		{tok, "http://127.0.0.1:7878", "http://127.0.0.1:7878"},
	} {
		server, token, err := client.ParseJoin(c.in, c.def)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.server, server, c.in)
		assert.Equal(t, tok, token, c.in)
	}
	for _, c := range []struct{ in, want string }{
		{"", "give a seat link or code"},
		{"h:1/xyz", "allowed 32 hexadecimal digits"},
		{"http://h:1/?seat=" + tok + "00", "allowed 32 hexadecimal digits"},
		{tok, "needs the server's address"},
		{"http://h:1/?seat=" + tok + "&key=abc", "the server's key \"abc\": allowed 64 hexadecimal digits"},
	} {
		_, _, err := client.ParseJoin(c.in, "")
		require.Error(t, err, c.in)
		assert.Contains(t, err.Error(), c.want, c.in)
	}
	key := strings.Repeat("0f", 32)
	j, err := client.ParseLink("http://h:1/?seat="+tok+"&key="+key, "")
	require.NoError(t, err)
	assert.Equal(t, client.Join{Server: "http://h:1", Token: tok, Key: key}, j, "a link pins the server's key")
}

// TestResumeOpensAKeptSeal: a player commits, leaves before the other
// side has committed (the program stops), comes back with a new client on
// the same seat and opens the kept commitment once the other side has
// committed; the turn goes on.
func TestResumeOpensAKeptSeal(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	cyl := client.Dial(ctx, hs.URL, cr.Cylon)
	defer cyl.Close()
	col := client.Dial(ctx, hs.URL, cr.Colonial)
	col.KeepSeals(dir)
	ready := func(s *wire.State) bool { return s.Ready && s.Sealed }
	st, err := col.Wait(ctx, ready)
	require.NoError(t, err)
	var plans []battle.Command
	for _, id := range st.Owe {
		for _, sv := range st.View.Ships {
			if sv.ID == id {
				p := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop, Rotate: sv.State.Rotation}
				plans = append(plans, battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &p})
			}
		}
	}
	short, stop := context.WithTimeout(ctx, 500*time.Millisecond)
	err = col.Seal(short, plans) // the Cylon has not committed: it waits, then gives up
	stop()
	require.ErrorIs(t, err, context.DeadlineExceeded)
	col.Close()

	back := client.Dial(ctx, hs.URL, cr.Colonial)
	defer back.Close()
	back.KeepSeals(dir)
	_, err = back.Wait(ctx, func(s *wire.State) bool { return true })
	require.NoError(t, err)
	assert.True(t, back.Unopened())
	resumed := make(chan error, 1)
	go func() { resumed <- back.Resume(ctx) }()

	cst, err := cyl.Wait(ctx, ready)
	require.NoError(t, err)
	id := cst.Owe[0]
	var rot int
	for _, sv := range cst.View.Ships {
		if sv.ID == id {
			rot = sv.State.Rotation
		}
	}
	p := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Stop, Rotate: rot}
	require.NoError(t, cyl.Seal(ctx, []battle.Command{{Type: battle.CmdPlan, Ship: id, Plan: &p}}))
	require.NoError(t, <-resumed)
	end, err := back.Wait(ctx, func(s *wire.State) bool { return s.View.Turn > 1 || s.View.Phase != battle.Planning })
	require.NoError(t, err)
	assert.False(t, back.Unopened())
	assert.True(t, end.View.Turn > 1 || end.View.Phase != battle.Planning, "the turn went on")
}

// TestAMessageDroppedForRateIsSentAgain: a client that sends faster than
// the server's rate (Rate 2, Burst 2 here) is not left waiting for an
// answer that never comes: the server's rate refusal names the dropped
// message, and the client sends it again after a pause, so every call
// gets the game's own answer. (A bot playing a fast game met this.)
func TestAMessageDroppedForRateIsSentAgain(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir(), Rate: 2, Burst: 2})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	col := client.Dial(ctx, hs.URL, cr.Colonial)
	defer col.Close()
	_, err = col.Wait(ctx, func(*wire.State) bool { return true })
	require.NoError(t, err)
	for i := range 6 {
		err := col.Act(ctx, battle.Command{Type: battle.CmdDeclare})
		var r *client.Refused
		require.ErrorAs(t, err, &r, "act %d", i)
		assert.Empty(t, r.Retry, "act %d got the game's answer: %s", i, r.Message)
	}
}

// TestARefusedSeatIsToldApartFromNoServer: a seat link the server refuses
// (no seat has the token) stops the client with ErrSeatRefused, saying
// so, while an address where no server answers is ErrUnreachable and the
// client keeps trying. The browser cannot read a refused handshake's
// status: it asks the seat's address over plain HTTP, which the server
// answers 403 for a wrong token and never refuses for a good one.
func TestARefusedSeatIsToldApartFromNoServer(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	defer func() { hs.Close(); s.Close() }()
	cr, err := client.Host(hs.URL, server.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()

	wrong := strings.Repeat("0", 32)
	c := client.Dial(ctx, hs.URL, wrong)
	defer c.Close()
	_, err = c.Wait(ctx, func(*wire.State) bool { return false })
	require.ErrorIs(t, err, client.ErrSeatRefused)
	assert.NotErrorIs(t, err, client.ErrUnreachable)
	var refused *client.SeatRefused
	require.ErrorAs(t, err, &refused)
	assert.Equal(t, 403, refused.Status)
	assert.Contains(t, err.Error(), "knows no seat with this token")
	_, last := c.Connected()
	assert.ErrorIs(t, last, client.ErrSeatRefused, "the connection's failure says it too")

	// what the browser's probe reads: the seat's address over HTTP
	for _, tc := range []struct {
		token   string
		refused bool
	}{{wrong, true}, {cr.Colonial, false}} {
		resp, err := http.Get(hs.URL + "/ws?seat=" + tc.token)
		require.NoError(t, err)
		resp.Body.Close()
		assert.Equal(t, tc.refused, resp.StatusCode == 403 || resp.StatusCode == 404 || resp.StatusCode == 410, "token %s: %d", tc.token, resp.StatusCode)
	}

	// no server at all: unreachable, and the client tries again
	gone := httptest.NewServer(http.NotFoundHandler())
	addr := gone.URL
	gone.Close()
	u := client.Dial(ctx, addr, wrong)
	defer u.Close()
	for {
		ok, last := u.Connected()
		require.False(t, ok)
		if last != nil {
			assert.ErrorIs(t, last, client.ErrUnreachable)
			assert.NotErrorIs(t, last, client.ErrSeatRefused)
			break
		}
		select {
		case <-u.Changed():
		case <-ctx.Done():
			t.Fatal("no connection failure reported")
		}
	}
}

// A one-device link of a companion game names both seats: the Colonial's
// (seat) and the Cylon's (with); a malformed or repeated second seat is
// refused.
func TestParseOneDeviceLink(t *testing.T) {
	col, cyl := strings.Repeat("a", 32), strings.Repeat("b", 32)
	j, err := client.ParseLink("http://192.168.1.20:7878/?seat="+col+"&with="+cyl, "")
	require.NoError(t, err)
	assert.Equal(t, client.Join{Server: "http://192.168.1.20:7878", Token: col, With: cyl}, j)
	j, err = client.ParseLink("http://h:1/?seat="+col, "")
	require.NoError(t, err)
	assert.Empty(t, j.With, "a one-seat link")
	for _, bad := range []string{"http://h:1/?seat=" + col + "&with=xyz", "http://h:1/?seat=" + col + "&with=" + col, "http://h:1/?seat=" + col + "&with="} {
		_, err := client.ParseLink(bad, "")
		assert.Error(t, err, bad)
	}
}
