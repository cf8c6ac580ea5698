// Package client is the player's side of the protocol of package wire:
// it connects a seat to a `bsg serve` server, reconnects on its own and
// keeps the seat's latest state, and turns decisions into messages:
// sealed ones (plans, secret declarations) as a commitment first and the
// opening once every side has committed; open ones as they are. The table
// view and `bsg bot` use it.
package client

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/wire"
)

// ParseJoin reads what a player pastes to join: a seat link
// ("http://host:port/?seat=TOKEN") or a code ("host:port/TOKEN", or a bare
// TOKEN with defaultServer). It returns the server's base URL and the
// token.
func ParseJoin(s, defaultServer string) (server, token string, err error) {
	j, err := ParseLink(s, defaultServer)
	return j.Server, j.Token, err
}

// Join is what a seat link or code names: the server, the seat's token
// and, when the link carries it, the server's public key (hex), pinned so
// that a record signed with any other key is refused.
type Join struct {
	Server, Token, Key string
	// With is, in the link of a companion game on one device passed
	// between the players ("&with=TOKEN"), the Cylon seat's token; Token
	// is then the Colonial's.
	With string
}

// ParseLink is ParseJoin, with the server's key a link carries
// ("&key=HEX", 64 hexadecimal digits) and the second seat of a one-device
// link ("&with=TOKEN").
func ParseLink(s, defaultServer string) (Join, error) {
	server, token, key, err := parseJoin(s, defaultServer)
	j := Join{Server: server, Token: token, Key: key}
	if err == nil && strings.Contains(s, "with=") {
		j.With, err = withToken(s)
	}
	return j, err
}

// withToken is the "with" seat token of a one-device link.
func withToken(s string) (string, error) {
	s = strings.TrimSpace(s)
	if !strings.Contains(s, "://") {
		s = "http://" + s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("join: link: %v", err)
	}
	with := u.Query().Get("with")
	if len(with) != 32 || strings.Trim(with, "0123456789abcdef") != "" {
		return "", fmt.Errorf("join: the second seat's token %q: allowed 32 hexadecimal digits", with)
	}
	if with == u.Query().Get("seat") {
		return "", errors.New("join: a one-device link names two different seats")
	}
	return with, nil
}

func parseJoin(s, defaultServer string) (server, token, key string, err error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", "", "", errors.New("join: give a seat link or code")
	}
	if strings.Contains(s, "seat=") {
		if !strings.Contains(s, "://") {
			s = "http://" + s
		}
		u, err := url.Parse(s)
		if err != nil {
			return "", "", "", fmt.Errorf("join: link: %v", err)
		}
		token, key = u.Query().Get("seat"), u.Query().Get("key")
		if key != "" && (len(key) != 64 || strings.Trim(key, "0123456789abcdef") != "") {
			return "", "", "", fmt.Errorf("join: the server's key %q: allowed 64 hexadecimal digits", key)
		}
		u.RawQuery, u.Path, u.Fragment = "", "", ""
		server = u.String()
	} else if i := strings.LastIndex(s, "/"); i >= 0 {
		server, token = s[:i], s[i+1:]
		if !strings.Contains(server, "://") {
			server = "http://" + server
		}
	} else {
		server, token = defaultServer, s
	}
	if len(token) != 32 || strings.Trim(token, "0123456789abcdef") != "" {
		return "", "", "", fmt.Errorf("join: seat token %q: allowed 32 hexadecimal digits", token)
	}
	if server == "" {
		return "", "", "", errors.New("join: a bare code needs the server's address")
	}
	return strings.TrimSuffix(server, "/"), token, key, nil
}

// Client is one seat's connection. Its methods are safe for concurrent
// use.
type Client struct {
	server, token string
	ctx           context.Context
	cancel        context.CancelFunc

	mu      sync.Mutex
	ws      socket
	state   *wire.State
	changed chan struct{} // closed and replaced at every new state or connection change
	nextID  int64
	waiting map[int64]chan error
	err     error // why the client stopped, once it has
	dialErr error // the latest connection failure
	nonce   func() string
	tap     func([]byte)
	seals   SealStore
	// seen: how many events the seat's player saw on this device before
	// this client (DialHaving); asked for as have= while it holds none
	seen int
	// stateFrom is the connection the latest state came on.
	stateFrom socket
	// events is the latest state's whole list of events, which the
	// server's next state on the same connection may extend
	// (wire.State.EventsFrom); states hand out a clipped slice of it, so
	// an append by a reader copies.
	events []battle.Event
	// flown are the moves of the latest turns the states carried
	// (wire.State.Flown): a state extending the events carries only the
	// moves of what it adds; each state is handed out with them all.
	flown  []wire.Flight
	timing func(typ string, d time.Duration)
	comp   *assets.Components // reads plans before they are sealed (CheckSealed)
}

// SetComponents gives the client the components, so that Seal reads each
// plan as the engine will before committing to it (CheckSealed).
func (c *Client) SetComponents(comp *assets.Components) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.comp = comp
}

// Timing has f called with the time each message took from its sending
// to the server's answer (the load test's latency figures).
func (c *Client) Timing(f func(typ string, d time.Duration)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.timing = f
}

// Tap has f called with every frame received, as received (tests that
// check what crosses the wire).
func (c *Client) Tap(f func([]byte)) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.tap = f
}

// SetNonces replaces the source of the nonces that open commitments
// (wire.NewNonce, from crypto/rand). Only for tests that must play the
// same game twice: predictable nonces make predictable dice.
func (c *Client) SetNonces(f func() string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.nonce = f
}

func (c *Client) newNonce() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.nonce != nil {
		return c.nonce()
	}
	return wire.NewNonce()
}

// Dial starts a client for a seat of the server (a base URL such as
// "http://127.0.0.1:7878"). It connects in the background and reconnects
// whenever the connection drops, until Close or ctx ends.
func Dial(ctx context.Context, server, token string) *Client {
	return DialHaving(ctx, server, token, 0)
}

// DialHaving is Dial for a seat whose player saw the game's first seen
// events on this device before (a page opened again, the program started
// again: nothing held yet): until it holds events of its own, it asks for
// the moves of the turns after those (have=seen, wire.CatchUpTurns), as
// a connection that comes back does, so that what the player missed can
// be played back along its moves.
func DialHaving(ctx context.Context, server, token string, seen int) *Client {
	ctx, cancel := context.WithCancel(ctx)
	c := &Client{server: strings.TrimSuffix(server, "/"), token: token, ctx: ctx, cancel: cancel,
		changed: make(chan struct{}), waiting: map[int64]chan error{}, seen: seen}
	go c.run()
	return c
}

// Close ends the client.
func (c *Client) Close() { c.cancel() }

// Server is the base URL of the client's server (its scenario and lobby
// endpoints: Scenario, Host).
func (c *Client) Server() string { return c.server }

// State returns the latest state (nil before the first).
func (c *Client) State() *wire.State {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.state
}

// Connected reports whether the client holds a connection now, and the
// latest connection failure.
func (c *Client) Connected() (bool, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.ws != nil, c.dialErr
}

// Changed returns a channel closed at the next change of state or
// connection.
func (c *Client) Changed() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.changed
}

func (c *Client) notify() {
	close(c.changed)
	c.changed = make(chan struct{})
}

// Wait blocks until cond holds for the latest state (checked at every
// change), or ctx ends.
func (c *Client) Wait(ctx context.Context, cond func(*wire.State) bool) (*wire.State, error) {
	for {
		c.mu.Lock()
		st, ch, stopped := c.state, c.changed, c.err
		c.mu.Unlock()
		if st != nil && cond(st) {
			return st, nil
		}
		if stopped != nil {
			return st, stopped
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return st, ctx.Err()
		case <-c.ctx.Done():
			return st, c.ctx.Err()
		}
	}
}

func (c *Client) wsURL() string {
	u := c.server
	u = strings.Replace(u, "https://", "wss://", 1)
	u = strings.Replace(u, "http://", "ws://", 1)
	// events=since: the server's states carry only the events this
	// connection lacks (read merges them).
	// have=N: a connection that comes back asks for the moves of the
	// turns after the events it holds (wire.CatchUpTurns).
	n := c.held()
	if n == 0 {
		n = c.seen // seen on this device before: the moves since then
	}
	if n > 0 {
		return u + "/ws?seat=" + url.QueryEscape(c.token) + "&events=since&have=" + strconv.Itoa(n)
	}
	return u + "/ws?seat=" + url.QueryEscape(c.token) + "&events=since"
}

// held is how many of the game's events the client holds.
func (c *Client) held() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.events)
}

// run keeps a connection up and reads from it.
func (c *Client) run() {
	backoff := 50 * time.Millisecond
	for c.ctx.Err() == nil {
		ws, status, err := dialSocket(c.ctx, c.wsURL(), limits.StateBytes)
		if err != nil && status == 0 && c.ctx.Err() == nil {
			status, err = c.probe(err)
		}
		if err != nil {
			c.mu.Lock()
			c.dialErr = err
			if refused := seatRefused(status); refused != nil {
				c.err, c.dialErr = refused, refused
			}
			stop := c.err != nil
			c.notify()
			c.mu.Unlock()
			if stop {
				return
			}
			select {
			case <-time.After(backoff):
			case <-c.ctx.Done():
			}
			backoff = min(2*backoff, 2*time.Second)
			continue
		}
		backoff = 50 * time.Millisecond
		c.mu.Lock()
		c.ws, c.dialErr = ws, nil
		c.notify()
		c.mu.Unlock()
		c.read(ws)
		c.mu.Lock()
		c.ws = nil
		for id, ch := range c.waiting {
			ch <- errDisconnected
			delete(c.waiting, id)
		}
		c.notify()
		c.mu.Unlock()
		ws.Close()
	}
	c.mu.Lock()
	if c.err == nil {
		c.err = errors.New("client closed")
	}
	c.notify()
	c.mu.Unlock()
}

var errDisconnected = errors.New("disconnected before the answer")

// probe asks the seat's address over plain HTTP after a connection failed
// without an HTTP status (a browser does not tell why a WebSocket
// handshake failed): the server answers a refused seat as it refuses the
// handshake (403, 410, 404), and no answer at all is ErrUnreachable. It
// returns the status to judge the failure by, and the failure (the
// probe's own when it found no server).
func (c *Client) probe(dialErr error) (int, error) {
	u := c.server + "/ws?seat=" + url.QueryEscape(c.token)
	status, _, err := request(u, nil, limits.AnswerBytes)
	if err != nil {
		if errors.Is(err, ErrUnreachable) {
			return 0, err
		}
		return 0, dialErr
	}
	return status, dialErr
}

// ErrSeatRefused is what a client stops with when the server refuses its
// seat: no seat has the token (a mistyped link, another server's link), or
// the seat's game is gone (expired unfinished). errors.Is(err,
// ErrSeatRefused); SeatRefused says which.
var ErrSeatRefused = errors.New("the server refuses this seat")

// SeatRefused is the server's refusal of a seat, by the HTTP status it
// answered the seat's connection with.
type SeatRefused struct {
	// Status is 403 (no seat has this token), 410 (the game expired
	// unfinished) or 404 (no such game).
	Status int
}

// Error says why in the player's words.
func (r *SeatRefused) Error() string {
	switch r.Status {
	case 410:
		return "join: this seat's game is gone: it expired on the server, left unplayed past its time"
	case 404:
		return "join: the server has no game for this seat"
	}
	return "join: the server knows no seat with this token (a mistyped link or code, or a link to another server)"
}

// Is makes errors.Is(err, ErrSeatRefused) hold.
func (r *SeatRefused) Is(target error) bool { return target == ErrSeatRefused }

// seatRefused is the refusal a failed connection's HTTP status means (nil
// for a failure that may pass: the connection is tried again).
func seatRefused(status int) error {
	switch status {
	case 403, 404, 410:
		return &SeatRefused{Status: status}
	}
	return nil
}

func (c *Client) read(ws socket) {
	for {
		data, err := ws.Read(c.ctx)
		if err != nil {
			return
		}
		var m wire.ServerMsg
		if yamlfile.JSONValues(data) > limits.StateValues || json.Unmarshal(data, &m) != nil {
			continue // a hostile server's message: not decoded, or not a message
		}
		c.mu.Lock()
		if c.tap != nil {
			c.tap(data)
		}
		switch m.Type {
		case wire.TypeState:
			if m.State != nil {
				if !c.merge(m.State, ws) {
					// Events that extend a list this connection does not
					// have: a new connection starts with the whole list.
					c.mu.Unlock()
					return
				}
				c.state, c.stateFrom = m.State, ws
				c.notify()
			}
		case wire.TypeAck, wire.TypeError:
			if ch, ok := c.waiting[m.ID]; ok {
				delete(c.waiting, m.ID)
				if m.Type == wire.TypeAck {
					ch <- nil
				} else {
					ch <- &Refused{Message: m.Error, Pose: m.Pose, Retry: m.Retry}
				}
			}
		}
		c.mu.Unlock()
	}
}

// merge makes st's events the whole list (c.mu held): a state with
// EventsFrom holds only the events after the first EventsFrom of the
// previous state on the same connection. It reports false when they do
// not follow that state's, or the list would pass what a state may hold.
func (c *Client) merge(st *wire.State, ws socket) bool {
	if st.EventsFrom == 0 {
		c.events = st.View.Events
		st.View.Events = slices.Clip(c.events)
		c.keepFlown(st)
		return true
	}
	if c.state == nil || c.stateFrom != ws || len(c.events) != st.EventsFrom || len(c.events)+len(st.View.Events) > limits.StateValues {
		return false
	}
	c.events = append(c.events, st.View.Events...)
	st.View.Events = slices.Clip(c.events)
	st.EventsFrom = 0
	c.keepFlown(st)
	return true
}

// keepFlown adds st's moves to those kept (a turn st carries replaces
// what was kept of it), lets go of turns older than any state carries
// (wire.CatchUpTurns, wire.FlownTurns and the longest spectator delay
// before st's turn), and
// hands st out with them all, oldest turn first (c.mu held).
func (c *Client) keepFlown(st *wire.State) {
	fresh := map[int]bool{}
	for _, f := range st.Flown {
		fresh[f.Turn] = true
	}
	oldest := st.View.Turn - max(wire.CatchUpTurns, wire.FlownTurns+wire.MaxSpectatorDelay)
	kept := slices.DeleteFunc(slices.Clone(c.flown), func(f wire.Flight) bool { return fresh[f.Turn] || f.Turn <= oldest })
	kept = append(kept, st.Flown...)
	slices.SortStableFunc(kept, func(a, b wire.Flight) int { return a.Turn - b.Turn })
	c.flown = kept
	st.Flown = slices.Clip(kept)
}

// Refused is the server's refusal of a message: its words, and for a
// refused pose correction (a companion game) the reason as data.
type Refused struct {
	Message string
	Pose    *battle.PoseRefused
	// Retry says the server did not look at the message and why: send it
	// again after a pause (wire.RetryRate, wire.RetryBusy).
	Retry wire.Retry
}

// Error is the server's message with every control character escaped (a
// hostile server's terminal escape reaches no screen raw).
func (r *Refused) Error() string { return "server: " + yamlfile.Safe(r.Message) }

// rateRetry is how long a client waits before sending again a message
// the server dropped for the connection's rate.
const rateRetry = 250 * time.Millisecond

// send sends one message and waits for its answer. A message the server
// dropped unread for the connection's rate (wire.RetryRate), or not
// taken because another server held the game (wire.RetryBusy), is sent again
// after a pause, until ctx ends.
func (c *Client) send(ctx context.Context, m wire.ClientMsg) error {
	for {
		err := c.sendOnce(ctx, m)
		var r *Refused
		if !errors.As(err, &r) || r.Retry == "" {
			return err
		}
		select {
		case <-time.After(rateRetry):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// sendOnce sends one message and waits for its answer.
func (c *Client) sendOnce(ctx context.Context, m wire.ClientMsg) error {
	c.mu.Lock()
	ws := c.ws
	if ws == nil {
		c.mu.Unlock()
		return errDisconnected
	}
	c.nextID++
	m.ID = c.nextID
	ch := make(chan error, 1)
	c.waiting[m.ID] = ch
	c.mu.Unlock()
	data, _ := json.Marshal(m)
	start := time.Now()
	defer func() {
		c.mu.Lock()
		f := c.timing
		c.mu.Unlock()
		if f != nil {
			f(m.Type, time.Since(start))
		}
	}()
	if err := ws.Write(ctx, data); err != nil {
		c.mu.Lock()
		delete(c.waiting, m.ID)
		c.mu.Unlock()
		return errDisconnected
	}
	select {
	case err := <-ch:
		return err
	case <-ctx.Done():
		return ctx.Err()
	}
}

// moment is where a state stands.
type moment struct {
	turn, step int
	phase      battle.Phase
	round      int
}

func momentOf(st *wire.State) moment {
	return moment{st.View.Turn, st.View.Step, st.View.Phase, st.Round}
}

func (m moment) msg(typ string) wire.ClientMsg {
	return wire.ClientMsg{Type: typ, Turn: m.turn, Step: m.step, Phase: m.phase, Round: m.round}
}

// connected waits for a live connection.
func (c *Client) connected(ctx context.Context) error {
	for {
		c.mu.Lock()
		// A state from this connection: after a reconnection the old one
		// may not know what the server stored before it went away.
		ok, ch, stopped := c.ws != nil && c.stateFrom == c.ws, c.changed, c.err
		c.mu.Unlock()
		if ok {
			return nil
		}
		if stopped != nil {
			return stopped
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// Act sends one open decision (tail, ftl, declare when open, preplan) for
// the moment of the latest state. It retries across reconnections; a
// refusal is returned as a *Refused.
func (c *Client) Act(ctx context.Context, cmd battle.Command) error {
	st := c.State()
	if st == nil {
		return errors.New("act: no state yet")
	}
	at := momentOf(st)
	for {
		if err := c.connected(ctx); err != nil {
			return err
		}
		m := at.msg(wire.TypeAct)
		m.Command = &cmd
		err := c.send(ctx, m)
		if !errors.Is(err, errDisconnected) {
			return err
		}
		// Lost on the way: if the server has moved on, it was applied.
		if err := c.connected(ctx); err != nil {
			return err
		}
		if now := c.State(); now.Seq != st.Seq {
			return nil
		}
	}
}

// Seal commits to the seat's sealed decisions of the latest state (plans
// for the ships it owes, or one declaration), waits until every side
// owing a decision has committed, and opens the commitment. It returns
// once the server has accepted the opening.
func (c *Client) Seal(ctx context.Context, cmds []battle.Command) error {
	st := c.State()
	if st == nil || !st.Sealed {
		return fmt.Errorf("seal: no sealed decision is owed now (%+v)", st)
	}
	cmds = slices.Clone(cmds)
	for i := range cmds {
		cmds[i].Side = ""
	}
	c.mu.Lock()
	comp := c.comp
	c.mu.Unlock()
	if err := CheckSealed(st, cmds, comp); err != nil {
		return err
	}
	at, seat := momentOf(st), st.Seat
	nonce := c.newNonce()
	commitment := wire.Commit(st.Game, at.turn, at.step, at.phase, at.round, seat, cmds, nonce)
	if err := c.keep(pendingSeal{Game: st.Game, Seat: seat, Turn: at.turn, Step: at.step, Phase: at.phase, Round: at.round,
		Commands: cmds, Nonce: nonce}); err != nil {
		return fmt.Errorf("seal: keeping the nonce: %w", err)
	}
	same := func(s *wire.State) bool { return momentOf(s) == at }
	// Commit (again after a lost connection, unless the server has it).
	for {
		if err := c.connected(ctx); err != nil {
			return err
		}
		if now := c.State(); !same(now) {
			return errors.New("seal: the game moved on before the commitment was made")
		} else if slices.Contains(now.Committed, seat) {
			break
		}
		m := at.msg(wire.TypeCommit)
		m.Commitment = commitment
		err := c.send(ctx, m)
		if err == nil {
			break
		}
		if !errors.Is(err, errDisconnected) {
			return err
		}
	}
	return c.open(ctx, at, seat, cmds, nonce)
}

// open waits until the seat may open its commitment and opens it.
func (c *Client) open(ctx context.Context, at moment, seat battle.Side, cmds []battle.Command, nonce string) error {
	same := func(s *wire.State) bool { return momentOf(s) == at }
	for {
		st, err := c.Wait(ctx, func(s *wire.State) bool { return !same(s) || s.MayReveal || slices.Contains(s.Revealed, seat) })
		if err != nil {
			return err
		}
		if !same(st) || slices.Contains(st.Revealed, seat) {
			return nil
		}
		m := at.msg(wire.TypeReveal)
		m.Nonce, m.Commands = nonce, cmds
		err = c.send(ctx, m)
		if err == nil || !errors.Is(err, errDisconnected) {
			return err
		}
		if err := c.connected(ctx); err != nil {
			return err
		}
	}
}

// pendingSeal is a commitment's opening, kept on disk until it is opened.
type pendingSeal struct {
	Game     string           `json:"game"`
	Seat     battle.Side      `json:"seat"`
	Turn     int              `json:"turn"`
	Step     int              `json:"step"`
	Phase    battle.Phase     `json:"phase"`
	Round    int              `json:"round"`
	Commands []battle.Command `json:"commands"`
	Nonce    string           `json:"nonce"`
}

// SealStore keeps the openings of a seat's commitments (its own secrets)
// across runs of the program: on disk (KeepSeals) or in a browser's
// storage.
type SealStore interface {
	Put(name string, data []byte) error
	Get(name string) ([]byte, error)
}

// KeepSeals has the client keep the opening of each commitment (commands
// and nonce) in dir before it commits, so that a player who leaves the
// game or whose program stops between committing and opening can open it
// when they come back (Resume). The files are the player's own secrets.
func (c *Client) KeepSeals(dir string) { c.KeepSealsIn(dirStore(dir)) }

// KeepSealsIn is KeepSeals with the openings kept in store.
func (c *Client) KeepSealsIn(store SealStore) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seals = store
}

// DirStore is the SealStore KeepSeals uses: each opening in a file of its
// own (0600) in dir.
func DirStore(dir string) SealStore { return dirStore(dir) }

// dirStore keeps each opening in a file of its own (0600) in a folder.
type dirStore string

func (d dirStore) Put(name string, data []byte) error {
	if err := os.MkdirAll(string(d), 0o700); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(string(d), name), data, 0o600)
}

func (d dirStore) Get(name string) ([]byte, error) {
	return os.ReadFile(filepath.Join(string(d), name))
}

// sealName names the file of a seat's opening. The game and the seat come
// from the server: a name that is not a plain word (a hostile server's
// "../../.profile") is replaced by its hash, so an opening is never kept
// outside the folder or store it was given.
func sealName(game string, seat battle.Side) string {
	if plainName.MatchString(game) && plainName.MatchString(string(seat)) {
		return fmt.Sprintf("seal-%s-%s.json", game, seat)
	}
	sum := sha256.Sum256([]byte(game + "\x00" + string(seat)))
	return fmt.Sprintf("seal-%x.json", sum[:16])
}

var plainName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

func (c *Client) keep(p pendingSeal) error {
	c.mu.Lock()
	store := c.seals
	c.mu.Unlock()
	if store == nil {
		return nil
	}
	data, _ := json.Marshal(p)
	return store.Put(sealName(p.Game, p.Seat), data)
}

// Unopened reports whether the seat has committed in the latest state's
// round without opening its commitment yet (Resume opens it).
func (c *Client) Unopened() bool {
	st := c.State()
	return st != nil && slices.Contains(st.Committed, st.Seat) && !slices.Contains(st.Revealed, st.Seat)
}

// Resume opens a commitment this seat made earlier (in this program or in
// an earlier run, with KeepSeals) and has not opened yet.
func (c *Client) Resume(ctx context.Context) error {
	st := c.State()
	if st == nil || !c.Unopened() {
		return nil
	}
	c.mu.Lock()
	store := c.seals
	c.mu.Unlock()
	if store == nil {
		return errors.New("resume: the opening of this seat's commitment was not kept (KeepSeals)")
	}
	data, err := store.Get(sealName(st.Game, st.Seat))
	if err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	var p pendingSeal
	if err := json.Unmarshal(data, &p); err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	at := moment{p.Turn, p.Step, p.Phase, p.Round}
	if at != momentOf(st) || p.Seat != st.Seat {
		return errors.New("resume: the kept opening is for another moment of the game")
	}
	return c.open(ctx, at, p.Seat, p.Commands, p.Nonce)
}
