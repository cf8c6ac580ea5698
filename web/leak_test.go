package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
	"github.com/coder/websocket"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// frames records every websocket message a page receives, in order, as
// the browser's network log has it (chromedp's network events): what
// the phone was sent, whatever the program made of it.
type frames struct {
	mu  sync.Mutex
	got []string
}

// listen is a chromedp target listener keeping the received frames.
func (f *frames) listen(ev any) {
	if e, ok := ev.(*network.EventWebSocketFrameReceived); ok && e.Response != nil && e.Response.Opcode == 1 {
		f.mu.Lock()
		f.got = append(f.got, e.Response.PayloadData)
		f.mu.Unlock()
	}
}

// all returns the frames received so far.
func (f *frames) all() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.got)
}

// recordFrames turns the page's network log on (chromedp's network
// domain) and keeps every websocket text frame it receives in f; the
// listener goes on the target before the page is opened (browseWith).
func recordFrames(f *frames) (func(any), chromedp.Action) {
	return f.listen, network.Enable()
}

// leaks reads, in order, every message one seat's page received and
// says what in them that seat may not know (the table companion's and
// network play's secrets; Hidden information): the other side's plan,
// its FTL marker before the reveal of that ship in that turn, its move
// to copy before every plan of that turn is in (EvPlansIn: both players
// opened their sealed plans); the other side's damage or collision counters (their
// values), its damage, special damage, fuel or control panel; any of the
// other side's secret events; rulings for ships not its own. The signed
// record, sent once the game is over, holds the whole journal by design
// and is not read. What the messages reveal is read from their events
// (EvRevealed, EvIllegal, EvPlansIn), never from text. It returns one line per leak
// and how many states it read.
func leaks(side battle.Side, msgs []string) (found []string, states int) {
	type key struct {
		turn int
		ship string
	}
	revealed := map[key]bool{}
	plansIn := map[int]bool{}
	ships := map[string]battle.Side{}
	leak := func(i int, f string, args ...any) {
		found = append(found, fmt.Sprintf("message %d: ", i)+fmt.Sprintf(f, args...))
	}
	for i, raw := range msgs {
		var m wire.ServerMsg
		if json.Unmarshal([]byte(raw), &m) != nil || m.State == nil {
			continue
		}
		st := m.State
		states++
		v := st.View
		for _, sv := range v.Ships {
			ships[sv.ID] = sv.Side
		}
		for _, e := range v.Events {
			if e.Secret && e.Side != side {
				leak(i, "the %s side's secret event %s of %s (turn %d)", e.Side, e.Kind, e.Ship, e.Turn)
			}
			if len(e.Counters) > 0 && ships[e.Ship] != "" && ships[e.Ship] != side {
				leak(i, "the counters of %s in event %s: %v", e.Ship, e.Kind, e.Counters)
			}
			switch e.Kind {
			case battle.EvRevealed, battle.EvIllegal:
				revealed[key{e.Turn, e.Ship}] = true
			case battle.EvPlansIn:
				// every plan is in: both players opened their sealed
				// plans (network play applies a plan only then); the
				// moves to copy may go to both before the engine turns
				// the cards over (a companion's reveal may wait for a
				// counter or an FTL marker)
				plansIn[e.Turn] = true
			}
		}
		for _, sv := range v.Ships {
			if sv.Side == side {
				continue
			}
			if sv.Counters != nil {
				leak(i, "the counters of %s: %v", sv.ID, sv.Counters)
			}
			if sv.Damage != nil || sv.Special != nil || sv.Fuel != nil || sv.State != nil || sv.NextCards != nil {
				leak(i, "the books of %s (damage, special damage, fuel, control panel or next cards)", sv.ID)
			}
			if !revealed[key{v.Turn, sv.ID}] && (sv.Plan != nil || sv.Outcome != nil || sv.Marker != nil) {
				leak(i, "the plan of %s before its reveal in turn %d (plan %v, outcome %t, marker %v)", sv.ID, v.Turn, planText(sv.Plan), sv.Outcome != nil, sv.Marker)
			}
		}
		for _, mv := range st.Moves {
			if mv.Side != side && !revealed[key{mv.Turn, mv.Ship}] && !plansIn[mv.Turn] {
				leak(i, "the move of %s in turn %d before its reveal: %v", mv.Ship, mv.Turn, mv.Planned.Cards)
			}
		}
		for id := range st.Targets {
			if ships[id] != side {
				leak(i, "rulings for %s, not a ship of the %s side", id, side)
			}
		}
		for id := range st.Odds {
			if ships[id] != side {
				leak(i, "odds for %s, not a ship of the %s side", id, side)
			}
		}
	}
	return found, states
}

func planText(p *starship.Plan) string {
	if p == nil {
		return "none"
	}
	return fmt.Sprintf("%v at %s", p.Cards, p.Speed)
}

// The leak check itself (leaks) finds each kind of leak it is for when
// one is put into messages a seat received, and nothing in the same
// messages without it: a check that cannot fail proves nothing. The
// messages are states of a real battle of The Jump Point (the Colonial
// seat's view before and after both sides committed their plans), each
// leak injected into a copy.
func TestLeakCheckFindsEveryKindOfLeak(t *testing.T) {
	b := jumpPointBattle(t)
	plan := func(ship string, side battle.Side) {
		sv := shipOf(b.View(side), ship)
		speed, _ := maneuvers.SpeedForKineticEnergy(*sv.KE)
		sp := starship.Plan{Cards: []string{"straight"}, Speed: speed, Rotate: sv.Rotation}
		_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: side, Ship: ship, Plan: &sp})
		require.NoError(t, err)
	}
	msg := func(v battle.View) string {
		data, err := json.Marshal(wire.ServerMsg{Type: "state", State: &wire.State{Seat: battle.Colonial, View: v}})
		require.NoError(t, err)
		return string(data)
	}
	before := b.View(battle.Colonial)
	for _, sv := range before.Ships {
		if sv.OnTable {
			plan(sv.ID, sv.Side)
		}
	}
	cylonPlanned := b.View(battle.Cylon) // the Cylon's own plans, not yet revealed
	clean := []string{msg(before), msg(b.View(battle.Colonial))}
	found, states := leaks(battle.Colonial, clean)
	require.Equal(t, 2, states)
	require.Empty(t, found, "the seat's own view leaks nothing")

	hunter := shipOf(cylonPlanned, "hunter-1")
	require.NotNil(t, hunter.Plan)
	inject := map[string]func(v *battle.View){
		"the plan of hunter-1 before its reveal": func(v *battle.View) { setShip(v, "hunter-1", func(sv *battle.ShipView) { sv.Plan = hunter.Plan }) },
		"the counters of hunter-1": func(v *battle.View) {
			setShip(v, "hunter-1", func(sv *battle.ShipView) { sv.Counters = []battle.Counter{{Value: 2}} })
		},
		"the books of hunter-1": func(v *battle.View) { setShip(v, "hunter-1", func(sv *battle.ShipView) { sv.Fuel = hunter.Fuel }) },
		"the cylon side's secret event": func(v *battle.View) {
			v.Events = append(v.Events, battle.Event{Turn: v.Turn, Kind: battle.EvCounters, Side: battle.Cylon, Secret: true, Ship: "hunter-1", Counters: []battle.Counter{{Value: 2}}})
		},
	}
	for what, f := range inject {
		v := before // turn 1, no plan in yet
		v.Ships = slices.Clone(before.Ships)
		f(&v)
		found, _ := leaks(battle.Colonial, []string{clean[0], msg(v)})
		require.NotEmpty(t, found, "%s is not found", what)
		assert.Contains(t, found[0], what)
		t.Logf("injected %s: %s", what, found[0])
	}
	// a move to copy before its reveal
	moved, err := json.Marshal(wire.ServerMsg{Type: "state", State: &wire.State{Seat: battle.Colonial, View: before,
		Moves: []wire.TableMove{{Turn: 1, Ship: "hunter-1", Side: battle.Cylon, Planned: *hunter.Plan}}}})
	require.NoError(t, err)
	found, _ = leaks(battle.Colonial, []string{clean[0], string(moved)})
	require.NotEmpty(t, found)
	assert.Contains(t, found[0], "the move of hunter-1 in turn 1 before its reveal")
	// once every plan is in (both players opened their seals), the
	// moves to copy go to both
	found, _ = leaks(battle.Colonial, []string{clean[1], string(moved)})
	assert.Empty(t, found, "a move to copy once the plans are in is no leak")

	// once revealed (its event in the messages), a plan is everyone's
	v := b.View(battle.Colonial)
	v.Events = append(v.Events, battle.Event{Turn: v.Turn, Kind: battle.EvRevealed, Ship: "hunter-1", Cards: hunter.Plan.Cards, Speed: hunter.Plan.Speed})
	setShip(&v, "hunter-1", func(sv *battle.ShipView) { sv.Plan = hunter.Plan })
	found, _ = leaks(battle.Colonial, append(clean, msg(v)))
	assert.Empty(t, found, "a revealed plan is no leak")
}

// jumpPointBattle is a fresh battle of The Jump Point.
func jumpPointBattle(t *testing.T) *battle.Battle {
	t.Helper()
	sc, err := scenarios.Load("jump-point", assets.Default())
	require.NoError(t, err)
	b, err := battle.New(sc.Setup(), assets.Default(), 1)
	require.NoError(t, err)
	return b
}

func shipOf(v battle.View, id string) battle.ShipView {
	for _, sv := range v.Ships {
		if sv.ID == id {
			return sv
		}
	}
	return battle.ShipView{}
}

func setShip(v *battle.View, id string, f func(*battle.ShipView)) {
	v.Ships = slices.Clone(v.Ships)
	for i := range v.Ships {
		if v.Ships[i].ID == id {
			f(&v.Ships[i])
		}
	}
}

// relay stands between the pages and the server on 127.0.0.1, as a
// proxy of the network would: every request and every websocket message
// passes unchanged, unless the relay leaks. A leaking relay is a server
// gone wrong for the leak check to catch in what a browser received:
// each state it passes to the seat leakTo carries the other seat's ships
// as that seat's own latest state shows them (their books, control
// panels, counters, plans).
type relay struct {
	up     *url.URL
	proxy  *httputil.ReverseProxy
	leakTo battle.Side

	mu     sync.Mutex
	tokens map[string]battle.Side     // seat token → side
	own    map[string]json.RawMessage // the other seat's ships by id, as its own states show them
	leaked int                        // states passed to leakTo with the other seat's ships put in
}

// newRelay starts a relay on 127.0.0.1 in front of the server at up
// ("http://host:port") and returns it with its base URL; leakTo "" is
// an honest relay.
func newRelay(t *testing.T, up string, leakTo battle.Side) (*relay, string) {
	t.Helper()
	u, err := url.Parse(up)
	require.NoError(t, err)
	r := &relay{up: u, proxy: httputil.NewSingleHostReverseProxy(u), leakTo: leakTo, tokens: map[string]battle.Side{}, own: map[string]json.RawMessage{}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: r}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	return r, "http://" + ln.Addr().String()
}

// seats tells the relay which side each seat link of a game plays.
func (r *relay) seats(links map[string]string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for side, link := range links {
		if side == wire.OneDevice {
			continue // both seats' link, the Colonial's token first
		}
		if u, err := url.Parse(link); err == nil {
			r.tokens[u.Query().Get("seat")] = battle.Side(side)
		}
	}
}

// leakedStates is how many states the relay passed with a leak put in.
func (r *relay) leakedStates() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.leaked
}

func (r *relay) ServeHTTP(w http.ResponseWriter, req *http.Request) {
	if req.URL.Path != "/ws" {
		r.proxy.ServeHTTP(w, req)
		return
	}
	r.mu.Lock()
	side := r.tokens[req.URL.Query().Get("seat")]
	r.mu.Unlock()
	up, _, err := websocket.Dial(req.Context(), "ws://"+r.up.Host+req.URL.RequestURI(), nil)
	if err != nil {
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	defer up.CloseNow()
	up.SetReadLimit(-1)
	page, err := websocket.Accept(w, req, nil)
	if err != nil {
		return
	}
	defer page.CloseNow()
	page.SetReadLimit(wire.MaxMessage)
	ctx, cancel := context.WithCancel(req.Context())
	defer cancel()
	go func() {
		defer cancel()
		for {
			typ, data, err := page.Read(ctx)
			if err != nil || up.Write(ctx, typ, data) != nil {
				return
			}
		}
	}()
	for {
		typ, data, err := up.Read(ctx)
		if err != nil {
			return
		}
		if typ == websocket.MessageText {
			data = r.pass(side, data)
		}
		if page.Write(ctx, typ, data) != nil {
			return
		}
	}
}

// pass is a message from the server to a seat's page as the relay
// passes it on: unchanged, but for a leaking relay's states to leakTo
// (the other seat's ships put in) and from the other seat (its ships
// kept).
func (r *relay) pass(side battle.Side, data []byte) []byte {
	if r.leakTo == "" || side == "" {
		return data
	}
	var m, st, view map[string]json.RawMessage
	var ships []json.RawMessage
	if json.Unmarshal(data, &m) != nil || m["state"] == nil || json.Unmarshal(m["state"], &st) != nil ||
		json.Unmarshal(st["view"], &view) != nil || json.Unmarshal(view["ships"], &ships) != nil {
		return data
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	put := 0
	for k, raw := range ships {
		var sv struct {
			ID   string      `json:"id"`
			Side battle.Side `json:"side"`
		}
		if json.Unmarshal(raw, &sv) != nil || sv.Side == r.leakTo {
			continue
		}
		if side != r.leakTo && sv.Side == side {
			// the other seat's own ship, books and all (not the
			// receiver's own)
			var f map[string]json.RawMessage
			if json.Unmarshal(raw, &f) == nil {
				f["own"] = json.RawMessage("false")
				if b, err := json.Marshal(f); err == nil {
					r.own[sv.ID] = b
				}
			}
		}
		if other, ok := r.own[sv.ID]; ok && side == r.leakTo {
			ships[k] = other
			put++
		}
	}
	if put == 0 {
		return data
	}
	var err error
	if view["ships"], err = json.Marshal(ships); err != nil {
		return data
	}
	if st["view"], err = json.Marshal(view); err != nil {
		return data
	}
	if m["state"], err = json.Marshal(st); err != nil {
		return data
	}
	out, err := json.Marshal(m)
	if err != nil {
		return data
	}
	r.leaked++
	return out
}

// The leak check over a browser's frames catches a server that leaks: a
// companion game of The Jump Point whose Colonial seat is a phone (390 ×
// 844, touch) and whose Cylon seat a program, both through a relay on
// 127.0.0.1 that puts the Cylon's own ships (books and control panels)
// into every state it passes to the phone. The page still shows the
// game; the check over every websocket message the page received names
// the Cylon ships' books. (TestCompanionWholeGameOnTwoPhones runs the same
// check over a game through the honest server and finds nothing.)
func TestLeakCheckCatchesALeakingServerOnAPhone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a browser: not in the quick tier")
	}
	page(t) // builds the page
	s, err := server.New(server.Options{Data: t.TempDir(), Web: web.Handler(pageRep.Dir), Logf: t.Logf})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: s.Handler()}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	rl, base := newRelay(t, "http://"+ln.Addr().String(), battle.Colonial)

	src, err := os.ReadFile(filepath.Join("..", "scenarios", "builtin", "jump-point.yaml"))
	require.NoError(t, err)
	cr, err := client.Host(base, server.CreateRequest{YAML: string(src), Companion: true})
	require.NoError(t, err)
	rl.seats(cr.Links)
	require.True(t, strings.HasPrefix(cr.Links["colonial"], base), "the seat links lead through the relay: %s", cr.Links["colonial"])

	// the Cylon seat: a program through the relay, which keeps its ships
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cu, err := url.Parse(cr.Links["cylon"])
	require.NoError(t, err)
	cylon := client.Dial(ctx, base, cu.Query().Get("seat"))
	defer cylon.Close()
	cst, err := cylon.Wait(ctx, func(st *wire.State) bool { return len(st.View.Ships) > 0 })
	require.NoError(t, err)
	var secret []string // the Cylon ships whose books their seat sees
	for _, sv := range cst.View.Ships {
		if sv.Side == battle.Cylon && sv.State != nil {
			secret = append(secret, sv.ID)
		}
	}
	require.NotEmpty(t, secret, "the Cylon seat sees its own ships' control panels")

	got := &frames{}
	listen, enable := recordFrames(got)
	ph := browseWith(t, cr.Links["colonial"], phoneLite, listen, enable)
	waitFor(t, ph, pageWait, "the Colonial phone's companion game", func(st ui.PageState) bool {
		return st.Screen == "companion game"
	})
	require.Positive(t, rl.leakedStates(), "the relay put the Cylon's ships into a state for the phone")
	// the page plays on with what it was sent
	tapButton(t, ph, "Continue")
	waitFor(t, ph, pageWait, "the Colonial phone's game past its cover", func(st ui.PageState) bool {
		_, ok := button(st, "Log")
		return st.Stage != "cover" && ok
	})
	settle(t, ph)
	screenshot(t, ph, "leaking-server")

	found, states := leaks(battle.Colonial, got.all())
	require.Positive(t, states, "the phone received the game's states")
	for _, id := range secret {
		assert.True(t, slices.ContainsFunc(found, func(l string) bool { return strings.Contains(l, "the books of "+id) }),
			"the check names %s's books: %v", id, found)
	}
	t.Logf("the phone received %d states, %d with the Cylon's ships put in; the check found %d leaks, the first: %s", states, rl.leakedStates(), len(found), found[0])
}
