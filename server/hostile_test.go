package server_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// raw is a bare WebSocket to a seat, for sending what no honest client
// sends.
type raw struct {
	t  *testing.T
	ws *websocket.Conn
}

func dialRaw(t *testing.T, base, token string) *raw {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	ws, _, err := websocket.Dial(ctx, strings.Replace(base, "http://", "ws://", 1)+"/ws?seat="+token, nil)
	require.NoError(t, err)
	ws.SetReadLimit(16 << 20)
	t.Cleanup(func() { ws.CloseNow() })
	return &raw{t: t, ws: ws}
}

// next reads the next server message.
func (r *raw) next() (wire.ServerMsg, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, data, err := r.ws.Read(ctx)
	if err != nil {
		return wire.ServerMsg{}, err
	}
	var m wire.ServerMsg
	require.NoError(r.t, json.Unmarshal(data, &m))
	return m, nil
}

// state reads messages until a state comes.
func (r *raw) state() *wire.State {
	for {
		m, err := r.next()
		require.NoError(r.t, err)
		if m.Type == wire.TypeState {
			return m.State
		}
	}
}

// sendRaw sends bytes and returns the answer to them (ack or error),
// skipping states.
func (r *raw) sendRaw(data []byte) wire.ServerMsg {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	require.NoError(r.t, r.ws.Write(ctx, websocket.MessageText, data))
	for {
		m, err := r.next()
		require.NoError(r.t, err)
		if m.Type != wire.TypeState {
			return m
		}
	}
}

func (r *raw) send(m wire.ClientMsg) wire.ServerMsg {
	data, err := json.Marshal(m)
	require.NoError(r.t, err)
	return r.sendRaw(data)
}

// at returns a message of type typ for the state's moment.
func at(st *wire.State, typ string) wire.ClientMsg {
	return wire.ClientMsg{ID: 7, Type: typ, Turn: st.View.Turn, Step: st.View.Step, Phase: st.View.Phase, Round: st.Round}
}

// snapshot is what must not change when a message is refused: the seat's
// whole state, read on a fresh connection.
func snapshot(t *testing.T, base, token string) string {
	r := dialRaw(t, base, token)
	st := r.state()
	r.ws.CloseNow()
	data, _ := json.Marshal(st)
	return string(data)
}

func stillPlan(st *wire.State, ship string) battle.Command {
	for _, s := range st.View.Ships {
		if s.ID == ship {
			sp, _ := maneuvers.SpeedForKineticEnergy(min(max(s.State.KE, -1), 3))
			return battle.Command{Type: battle.CmdPlan, Ship: ship, Plan: &starship.Plan{Cards: []string{"straight"}, Speed: sp, Rotate: s.State.Rotation}}
		}
	}
	panic("no ship " + ship)
}

// TestHostileMessagesAreRefusedWithoutChange: malformed, unknown-field,
// out-of-phase, replayed, wrong-seat, forged and spectator messages are
// each refused with an error naming the message and the field, and
// neither seat's state changes.
func TestHostileMessagesAreRefusedWithoutChange(t *testing.T) {
	_, hs := start(t, serverOpts())
	cr := host(t, hs.URL, "jump-point")
	col := dialRaw(t, hs.URL, cr.Colonial)
	cyl := dialRaw(t, hs.URL, cr.Cylon)
	spec := dialRaw(t, hs.URL, cr.Spectator)
	col.state() // the welcome state, read so that later reads see the answers
	cylSt := cyl.state()
	for !cylSt.Ready {
		cylSt = cyl.state()
	}
	colSt := snapshotState(t, hs.URL, cr.Colonial)
	require.Equal(t, battle.Planning, colSt.View.Phase)

	nonce := wire.NewNonce()
	colPlans := []battle.Command{stillPlan(colSt, "raptor"), stillPlan(colSt, "escort-1"), stillPlan(colSt, "escort-2")}
	commit := at(colSt, wire.TypeCommit)
	commit.Commitment = wire.Commit(colSt.Game, colSt.View.Turn, colSt.View.Step, colSt.View.Phase, colSt.Round, battle.Colonial, colPlans, nonce)

	wrongTurn := commit
	wrongTurn.Turn = 5
	wrongPhase := at(colSt, wire.TypeAct)
	wrongPhase.Command = &battle.Command{Type: battle.CmdFTL, Ship: "raptor", Marker: &colSt.View.Ships[0].Pose}
	planByAct := at(colSt, wire.TypeAct)
	planByAct.Command = &colPlans[0]
	reseed := at(colSt, wire.TypeAct)
	reseed.Command = &battle.Command{Type: battle.CmdReseed, Seed: 1}
	sideForged := at(colSt, wire.TypeAct)
	sideForged.Command = &battle.Command{Type: battle.CmdTail, Side: battle.Cylon, Ship: "raptor", Target: "hunter-1"}
	early := at(colSt, wire.TypeReveal)
	early.Nonce, early.Commands = nonce, colPlans
	badHex := at(colSt, wire.TypeCommit)
	badHex.Commitment = "zz"

	before := map[string]string{"colonial": snapshot(t, hs.URL, cr.Colonial), "cylon": snapshot(t, hs.URL, cr.Cylon)}
	unchanged := func(what string) {
		t.Helper()
		assert.Equal(t, before["colonial"], snapshot(t, hs.URL, cr.Colonial), "%s changed the Colonial state", what)
		assert.Equal(t, before["cylon"], snapshot(t, hs.URL, cr.Cylon), "%s changed the Cylon state", what)
	}
	cases := []struct {
		name string
		r    *raw
		data []byte
		msg  *wire.ClientMsg
		want string
	}{
		{name: "malformed", r: col, data: []byte(`{"type": "commit", "turn": `), want: "message: not a protocol message"},
		{name: "not an object", r: col, data: []byte(`[1,2,3]`), want: "message: not a protocol message"},
		{name: "unknown field", r: col, data: []byte(`{"type":"commit","turn":1,"step":1,"phase":"planning","side":"cylon"}`), want: `unknown field "side"`},
		{name: "unknown type", r: col, data: []byte(`{"type":"resign","turn":1,"step":1,"phase":"planning"}`), want: `message: type "resign"`},
		{name: "bad commitment", r: col, msg: &badHex, want: "commit: commitment: 2 characters"},
		{name: "wrong turn", r: col, msg: &wrongTurn, want: "commit: turn: 5"},
		{name: "out of phase", r: col, msg: &wrongPhase, want: "act: command.type: ftl is not allowed while planning"},
		{name: "plan in the open", r: col, msg: &planByAct, want: `act: command.type: "plan"`},
		{name: "reseed by a player", r: col, msg: &reseed, want: `act: command.type: "reseed"`},
		{name: "forged side", r: col, msg: &sideForged, want: `act: command.side: "cylon"; this seat plays colonial`},
		{name: "reveal before commit", r: col, msg: &early, want: "reveal: colonial has not committed"},
		{name: "spectator", r: spec, msg: &commit, want: "commit: a spectator sends no messages"},
	}
	for _, c := range cases {
		var ans wire.ServerMsg
		if c.msg != nil {
			ans = c.r.send(*c.msg)
		} else {
			ans = c.r.sendRaw(c.data)
		}
		require.Equal(t, wire.TypeError, ans.Type, c.name)
		assert.Contains(t, ans.Error, c.want, c.name)
		unchanged(c.name)
	}

	// Commit; a replayed commit and a too-early reveal are refused.
	require.Equal(t, wire.TypeAck, col.send(commit).Type)
	before["colonial"], before["cylon"] = snapshot(t, hs.URL, cr.Colonial), snapshot(t, hs.URL, cr.Cylon)
	ans := col.send(commit)
	assert.Contains(t, ans.Error, "commit: colonial has committed in round 0 already")
	unchanged("a replayed commit")
	ans = col.send(early)
	assert.Contains(t, ans.Error, "reveal: too early: cylon has not committed yet")
	unchanged("an early reveal")

	// The Cylon seat commits; a forged opening (another nonce) and a
	// command with a side (which changes the opening) do not open the
	// Colonial commitment.
	cc := at(cylSt, wire.TypeCommit)
	cc.Commitment = wire.Commit(cylSt.Game, cylSt.View.Turn, cylSt.View.Step, cylSt.View.Phase, cylSt.Round, battle.Cylon,
		[]battle.Command{stillPlan(cylSt, "hunter-1")}, wire.NewNonce())
	require.Equal(t, wire.TypeAck, cyl.send(cc).Type)
	before["colonial"], before["cylon"] = snapshot(t, hs.URL, cr.Colonial), snapshot(t, hs.URL, cr.Cylon)
	forged := early
	forged.Nonce = wire.NewNonce()
	ans = col.send(forged)
	assert.Contains(t, ans.Error, "reveal: commands, nonce: they do not open colonial's commitment")
	unchanged("a forged opening")
	withSide := early
	withSide.Commands = append([]battle.Command(nil), colPlans...)
	withSide.Commands[0].Side = battle.Colonial
	ans = col.send(withSide)
	assert.Contains(t, ans.Error, "reveal: commands, nonce: they do not open colonial's commitment")
	unchanged("a command naming its side")

	// The honest opening is accepted; replaying it is refused.
	require.Equal(t, wire.TypeAck, col.send(early).Type)
	before["colonial"], before["cylon"] = snapshot(t, hs.URL, cr.Colonial), snapshot(t, hs.URL, cr.Cylon)
	ans = col.send(early)
	assert.Contains(t, ans.Error, "reveal: colonial has revealed in round 0 already")
	unchanged("a replayed reveal")
}

func snapshotState(t *testing.T, base, token string) *wire.State {
	var st wire.State
	require.NoError(t, json.Unmarshal([]byte(snapshot(t, base, token)), &st))
	return &st
}

// TestOversizedMessageClosesTheConnection: a message over the limit ends
// the connection (status 1009) and changes nothing.
func TestOversizedMessageClosesTheConnection(t *testing.T) {
	_, hs := start(t, serverOpts())
	cr := host(t, hs.URL, "jump-point")
	before := snapshot(t, hs.URL, cr.Colonial)
	r := dialRaw(t, hs.URL, cr.Colonial)
	r.state()
	big := `{"type":"commit","turn":1,"step":1,"phase":"planning","commitment":"` + strings.Repeat("a", wire.MaxMessage) + `"}`
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = r.ws.Write(ctx, websocket.MessageText, []byte(big))
	var err error
	for err == nil {
		_, err = r.next()
	}
	assert.Equal(t, websocket.StatusMessageTooBig, websocket.CloseStatus(err), "%v", err)
	assert.Equal(t, before, snapshot(t, hs.URL, cr.Colonial))
}

// TestRateLimit: a flood of messages is answered with rate errors, and a
// client that goes on flooding is disconnected.
func TestRateLimit(t *testing.T) {
	// A slow rate, so that a server slowed down by a busy machine still
	// sees a flood.
	_, hs := start(t, server.Options{Rate: 0.5, Burst: 4})
	cr := host(t, hs.URL, "jump-point")
	before := snapshot(t, hs.URL, cr.Colonial)
	r := dialRaw(t, hs.URL, cr.Colonial)
	r.state()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for range 30 {
		if r.ws.Write(ctx, websocket.MessageText, []byte(`{}`)) != nil {
			break
		}
	}
	rated, other := 0, 0
	var err error
	for err == nil {
		var m wire.ServerMsg
		if m, err = r.next(); err == nil && m.Type == wire.TypeError {
			if strings.HasPrefix(m.Error, "rate: more than 0.5 messages a second") {
				rated++
			} else {
				other++
			}
		}
	}
	assert.GreaterOrEqual(t, rated, 5)
	assert.LessOrEqual(t, other, 5, "the burst gets answers")
	assert.Equal(t, websocket.StatusPolicyViolation, websocket.CloseStatus(err), "%v", err)
	assert.Equal(t, before, snapshot(t, hs.URL, cr.Colonial))
}

// TestGamesPerClientAndUploadLimits: a client may host only so many
// unfinished games; an oversized or bad upload and an unknown seat are
// refused.
func TestGamesPerClientAndUploadLimits(t *testing.T) {
	_, hs := start(t, server.Options{MaxGamesPerClient: 2, MaxUpload: 1024})
	host(t, hs.URL, "jump-point")
	host(t, hs.URL, "hand-of-god")
	_, err := client.Host(hs.URL, server.CreateRequest{Scenario: "jump-point"})
	require.ErrorContains(t, err, "has 2 unfinished games; allowed at most 2")

	_, err = client.Host(hs.URL, server.CreateRequest{YAML: strings.Repeat("#", 2048)})
	require.ErrorContains(t, err, "create: body: more than 1024 bytes")
	resp, err := http.Post(hs.URL+"/api/games", "application/json", bytes.NewReader([]byte(`{"scenario":"x","evil":1}`)))
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusBadRequest, resp.StatusCode)

	resp, err = http.Get(hs.URL + "/ws?seat=0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	resp.Body.Close()
	assert.Equal(t, http.StatusForbidden, resp.StatusCode)
}

// TestHostileUploadsAndNamesAreRefusedCleanly: an uploaded scenario goes
// through the scenario reader (its problems with the line and field), and
// no terminal escape in an upload or a message comes back raw in a
// refusal.
func TestHostileUploadsAndNamesAreRefusedCleanly(t *testing.T) {
	_, hs := start(t, serverOpts())
	post := func(body string) (int, string) {
		t.Helper()
		resp, err := http.Post(hs.URL+"/api/games", "application/json", strings.NewReader(body))
		require.NoError(t, err)
		defer resp.Body.Close()
		data, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(data)
	}
	wide := "name: Wide\nrules: quick\ntable: {width: 1e12, depth: 900}\nships: [{id: a, side: colonial, class: viper-mk2, pose: {x: 100, y: 100, heading: 0}}]\n"
	body, _ := json.Marshal(server.CreateRequest{YAML: wide})
	code, text := post(string(body))
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, text, "upload.yaml:3: table.width: 1e12 mm is out of range; allowed: more than 0, at most 4000 mm")

	body, _ = json.Marshal(server.CreateRequest{YAML: strings.Replace(wide, "width: 1e12", "width: 900", 1) + "briefing: \"\\e]0;pwned\\a\"\n"})
	code, text = post(string(body))
	assert.Equal(t, http.StatusBadRequest, code)
	assert.Contains(t, text, "briefing")
	assert.NotContains(t, text, "\x1b")

	body, _ = json.Marshal(server.CreateRequest{Scenario: "\x1b[2Jjump-point"})
	code, text = post(string(body))
	assert.Equal(t, http.StatusBadRequest, code)
	assert.NotContains(t, text, "\x1b")

	cr := host(t, hs.URL, "jump-point")
	col := dialRaw(t, hs.URL, cr.Colonial)
	st := col.state()
	tail := at(st, wire.TypeAct)
	tail.Command = &battle.Command{Type: battle.CmdTail, Ship: "\x1b]0;pwned\a", Target: "\x1b[2J"}
	ans := col.send(tail)
	require.Equal(t, wire.TypeError, ans.Type)
	assert.NotContains(t, ans.Error, "\x1b")
	assert.NotContains(t, ans.Error, "\a")
}
