// Package server is `bsg serve`: an authoritative game server over HTTP
// and WebSocket. A lobby creates games from built-in or uploaded
// scenarios and hands out three unguessable seat tokens (Colonial, Cylon,
// spectator); the side of every command comes from the seat. Games live in
// an embedded SQLite database; every accepted message is committed before
// it is acknowledged, and a restarted server rebuilds each game from its
// messages. Plans (and secret declarations) go through commit and reveal;
// each turn's dice derive from contributions fixed before they are known
// (package wire). A finished game's record is signed with the server's
// ed25519 key. PROTOCOL.md in package wire describes the messages.
package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/netip"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/wire"
)

// Options configure a server. Zero values take the defaults.
type Options struct {
	// Data is the directory of the database, created when missing
	// (default "bsg-data").
	Data string
	// Store, when set, is a PostgreSQL URL
	// ("postgres://user:password@host/db"): the games live in that
	// database instead of Data's SQLite file, and several servers may
	// share it. Each game then has one owner at a time: the server that
	// writes its next message holds its lease in the store for the write
	// (at most LeaseTTL, default 10 s; a server that dies holding it is
	// taken over once it has run out), and every server looks for the
	// messages the others stored every PollEvery (default 200 ms) to send
	// its own connections the games they follow. A server waits at most
	// LeaseWait (default LeaseTTL + 2 s) for a lease before it answers
	// wire.Busy. The servers' clocks must agree to well within LeaseTTL.
	Store               string
	LeaseTTL, LeaseWait time.Duration
	PollEvery           time.Duration
	// Web, when set, serves every path the API does not (the browser
	// client's page at "/").
	Web http.Handler
	// MaxGamesPerClient bounds the unfinished games one client may have
	// created (default 10): a client is an IPv4 address or an IPv6 /64
	// network (one host's share). MaxGames bounds the unfinished games of
	// all clients together (default limits.Games): the one bound more
	// addresses do not get round.
	MaxGamesPerClient, MaxGames int
	// The rules of an absent player (abandon.go): JoinWithin is how long
	// a game waits for its two players to take their seats (default 1 h;
	// then it is called off with no result), IdleExpiry how long a
	// started game waits for its next message (default 30 days), and
	// AbandonedExpiry (default 24 h) the shorter wait of a started game
	// without a clock that nobody is playing: no plan revealed yet, or a
	// reveal owed (an honest client reveals as soon as it may, so a
	// missing reveal is a client gone). Past it the game ends: the side
	// that owes a move forfeits (no result when both do), in its state
	// and its signed record, and it no longer counts against its
	// creator. An open connection does not hold a game. A game with a
	// clock has its own rule for an absent side (clock.go).
	JoinWithin, IdleExpiry, AbandonedExpiry time.Duration
	// Clock is the server's time (default the system's): expiry and the
	// game clocks read it. TickEvery is how often the server looks for
	// games whose clock has run out (default 1 s; Tick).
	Clock     Clock
	TickEvery time.Duration
	// Rate and Burst bound a seat's messages, over all its connections:
	// Rate per second on average, Burst at once (defaults 20 and 40).
	Rate, Burst float64
	// ClientRate and ClientBurst bound the messages of one client address
	// over all its seats and connections (defaults 100 and 200).
	ClientRate, ClientBurst float64
	// SeatConns, SpectatorConns and ClientConns bound the WebSockets open
	// at once on one player's seat token, on one spectator token and from
	// one client address (defaults limits.SeatConns, SpectatorConns,
	// ClientConns).
	SeatConns, SpectatorConns, ClientConns int
	// MaxUpload bounds an uploaded scenario, in bytes (default 256 KiB).
	MaxUpload int64
	// HeaderTimeout bounds the reading of a request's headers (default
	// 10 s), ReadTimeout the reading of a whole request, body included
	// (default 30 s), IdleTimeout how long a keep-alive connection waits
	// for its next request (default 2 min), WriteTimeout the writing of
	// an answer or of one WebSocket frame (default 10 s). PingInterval is
	// how often a WebSocket is pinged; a peer that does not answer within
	// it is dropped (default 30 s). HTTPServer applies them.
	HeaderTimeout, ReadTimeout, IdleTimeout, WriteTimeout, PingInterval time.Duration
	// Logf receives diagnostics (default: none).
	Logf func(format string, args ...any)
	// Rand is the source of game ids, seat tokens and game secrets
	// (default crypto/rand.Reader). Anything else makes them predictable:
	// only for tests that play the same game twice.
	Rand io.Reader
	// Observe, when set, is told the whole state of a game (secrets
	// included), its seed and every dice seed so far, after every
	// accepted message: for tests that check what the seats were sent
	// against what the server knew.
	Observe func(game string, seq int, full battle.State, seeds []uint64)
}

// Clock tells the time.
type Clock interface{ Now() time.Time }

type systemClock struct{}

func (systemClock) Now() time.Time { return time.Now() }

// Server is a running game server.
type Server struct {
	opts  Options
	comp  *assets.Components
	store store
	key   ed25519.PrivateKey
	owner string // this server's name in the store's leases

	mu    sync.Mutex
	games map[string]*live // the games in use: held by a connection or a request

	statMu     sync.Mutex
	handled    []time.Duration // the latest handling times (at most maxStats)
	total      int
	marshalled int // state frames marshalled

	connMu  sync.Mutex
	seats   map[string]*use // by seat token
	clients map[string]*use // by client address
	open    int             // WebSockets open
	uploads chan struct{}   // one token per upload being read

	stop      chan struct{} // closed by Close: the ticker stops
	ticked    chan struct{} // closed when the ticker has stopped
	closeOnce sync.Once
}

// use is what one seat token or one client address holds: its open
// WebSockets and the bucket of its messages.
type use struct {
	conns  int
	bucket *bucket
}

// maxStats bounds the handling times kept for /api/stats.
const maxStats = limits.Timings

// Stats is the answer of GET /api/stats: how many messages the server
// accepted or refused since it started, and how long it took from reading
// one to answering it (the ack comes after the commit to disk), over the
// latest 100 000.
type Stats struct {
	Messages int `json:"messages"`
	// Conns is the WebSockets open now; Frames the state frames
	// marshalled so far (one per audience of a change: a seat, or the
	// spectators, however many connections each has).
	Conns  int `json:"conns"`
	Frames int `json:"frames"`
	// Live is the games held in memory now (by a connection or a
	// request in progress).
	Live  int     `json:"live"`
	P50ms float64 `json:"p50_ms"`
	P99ms float64 `json:"p99_ms"`
	MaxMs float64 `json:"max_ms"`
}

func (s *Server) stat(d time.Duration) {
	s.statMu.Lock()
	defer s.statMu.Unlock()
	s.total++
	if len(s.handled) >= maxStats {
		s.handled = s.handled[1:]
	}
	s.handled = append(s.handled, d)
}

// Stats returns the handling figures so far.
func (s *Server) Stats() Stats {
	s.statMu.Lock()
	d := slices.Clone(s.handled)
	n, frames := s.total, s.marshalled
	s.statMu.Unlock()
	s.connMu.Lock()
	open := s.open
	s.connMu.Unlock()
	s.mu.Lock()
	held := len(s.games)
	s.mu.Unlock()
	slices.Sort(d)
	st := Stats{Messages: n, Conns: open, Frames: frames, Live: held}
	if len(d) > 0 {
		ms := func(x time.Duration) float64 { return float64(x.Microseconds()) / 1000 }
		st.P50ms, st.P99ms, st.MaxMs = ms(d[len(d)/2]), ms(d[min(len(d)-1, len(d)*99/100)]), ms(d[len(d)-1])
	}
	return st
}

// live is a game held in memory, with its one lock and its connections.
// sendMu orders what the game's connections are sent: it is taken before
// mu is let go, so frames leave in the order of the changes, and they are
// marshalled and queued outside the game's lock.
type live struct {
	mu     sync.Mutex
	sendMu sync.Mutex
	row    gameRow
	g      *game
	conns  map[*conn]bool
	refs   int // connections and requests holding it (s.mu)
}

// New opens (creating) the data directory and returns a server.
func New(opts Options) (*Server, error) {
	if opts.Data == "" {
		opts.Data = "bsg-data"
	}
	if opts.MaxGamesPerClient == 0 {
		opts.MaxGamesPerClient = limits.GamesPerClient
	}
	if opts.MaxGames == 0 {
		opts.MaxGames = limits.Games
	}
	if opts.Clock == nil {
		opts.Clock = systemClock{}
	}
	defaultDuration(&opts.JoinWithin, time.Hour)
	defaultDuration(&opts.TickEvery, time.Second)
	defaultDuration(&opts.IdleExpiry, 30*24*time.Hour)
	defaultDuration(&opts.AbandonedExpiry, 24*time.Hour)
	defaultDuration(&opts.LeaseTTL, 10*time.Second)
	defaultDuration(&opts.LeaseWait, opts.LeaseTTL+2*time.Second)
	defaultDuration(&opts.PollEvery, 200*time.Millisecond)
	if opts.Rate == 0 {
		opts.Rate = 20
	}
	if opts.Burst == 0 {
		opts.Burst = 40
	}
	if opts.ClientRate == 0 {
		opts.ClientRate = 100
	}
	if opts.ClientBurst == 0 {
		opts.ClientBurst = 200
	}
	if opts.SeatConns == 0 {
		opts.SeatConns = limits.SeatConns
	}
	if opts.SpectatorConns == 0 {
		opts.SpectatorConns = limits.SpectatorConns
	}
	if opts.ClientConns == 0 {
		opts.ClientConns = limits.ClientConns
	}
	if opts.MaxUpload == 0 {
		opts.MaxUpload = limits.UploadBytes
	}
	defaultDuration(&opts.HeaderTimeout, 10*time.Second)
	defaultDuration(&opts.ReadTimeout, 30*time.Second)
	defaultDuration(&opts.IdleTimeout, 2*time.Minute)
	defaultDuration(&opts.WriteTimeout, 10*time.Second)
	defaultDuration(&opts.PingInterval, 30*time.Second)
	if opts.Rand == nil {
		opts.Rand = rand.Reader
	}
	if opts.Logf == nil {
		opts.Logf = func(string, ...any) {}
	}
	comp, err := assets.Load()
	if err != nil {
		return nil, err
	}
	st, err := openStore(opts.Store, opts.Data)
	if err != nil {
		return nil, err
	}
	key, err := st.key()
	if err != nil {
		st.close()
		return nil, err
	}
	owner := make([]byte, 8)
	_, _ = rand.Read(owner)
	s := &Server{opts: opts, comp: comp, store: st, key: key, owner: hex.EncodeToString(owner), games: map[string]*live{},
		seats: map[string]*use{}, clients: map[string]*use{}, uploads: make(chan struct{}, limits.Uploads),
		stop: make(chan struct{}), ticked: make(chan struct{})}
	go s.ticker()
	return s, nil
}

// ticker calls Tick every Options.TickEvery until Close, and on a
// shared store Poll every Options.PollEvery.
func (s *Server) ticker() {
	defer close(s.ticked)
	t := time.NewTicker(s.opts.TickEvery)
	defer t.Stop()
	var poll <-chan time.Time
	if s.store.shared() {
		p := time.NewTicker(s.opts.PollEvery)
		defer p.Stop()
		poll = p.C
	}
	for {
		select {
		case <-s.stop:
			return
		case <-t.C:
			s.Tick()
		case <-poll:
			s.Poll()
		}
	}
}

func defaultDuration(d *time.Duration, def time.Duration) {
	if *d == 0 {
		*d = def
	}
}

// HTTPServer returns an http.Server for Handler with the server's
// timeouts: headers, whole requests (an upload's body included), idle
// keep-alive connections and answers. A WebSocket, once accepted, is
// bounded by its pings and its per-frame write timeout instead.
func (s *Server) HTTPServer() *http.Server {
	return &http.Server{Handler: s.Handler(), ReadHeaderTimeout: s.opts.HeaderTimeout, ReadTimeout: s.opts.ReadTimeout,
		IdleTimeout: s.opts.IdleTimeout, WriteTimeout: s.opts.ReadTimeout + s.opts.WriteTimeout}
}

// PublicKey returns the server's ed25519 public key in hex: the key that
// signs every published record.
func (s *Server) PublicKey() string { return hex.EncodeToString(s.key.Public().(ed25519.PublicKey)) }

// Close stops the clock's ticker and closes the database. Connections
// end with the HTTP server.
func (s *Server) Close() error {
	var err error
	s.closeOnce.Do(func() {
		close(s.stop)
		<-s.ticked
		err = s.store.close()
	})
	return err
}

// Handler returns the HTTP handler: the lobby API, the WebSocket at /ws
// and, for every other path, Options.Web.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/games", s.create)
	mux.HandleFunc("GET /api/games/{id}/record", s.recordOf)
	mux.HandleFunc("GET /api/games/{id}/scenario", s.scenarioOf)
	mux.HandleFunc("GET /api/scenarios", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, scenarios.Names()) })
	mux.HandleFunc("GET /api/stats", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, s.Stats()) })
	mux.HandleFunc("GET /api/key", func(w http.ResponseWriter, r *http.Request) { writeJSON(w, s.PublicKey()) })
	mux.HandleFunc("GET /ws", s.play)
	mux.HandleFunc("GET /api/mine", s.mine)
	if s.opts.Web != nil {
		mux.Handle("/", s.opts.Web)
	} else {
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			fmt.Fprintln(w, "bsg serve: a Starship Battles game server.\nPOST /api/games {\"scenario\": NAME} hosts a game; join a seat with bsg bot or the table view (see wire/PROTOCOL.md).")
		})
	}
	return mux
}

// CreateRequest is the body of POST /api/games (wire.CreateRequest).
type CreateRequest = wire.CreateRequest

// CreateResponse answers POST /api/games (wire.CreateResponse).
type CreateResponse = wire.CreateResponse

// newToken returns 128 random bits in hex.
func (s *Server) newToken() string {
	b := make([]byte, 16)
	_, _ = io.ReadFull(s.opts.Rand, b)
	return hex.EncodeToString(b)
}

// clientOf names the client of a request for its limits: its IPv4
// address, or the /64 network of its IPv6 address (one host's share: a
// host is given a whole /64 and may use any address in it).
func clientOf(r *http.Request) string { return clientKey(r.RemoteAddr) }

func clientKey(remote string) string {
	host, _, err := net.SplitHostPort(remote)
	if err != nil {
		host = remote
	}
	ip, err := netip.ParseAddr(host)
	if err != nil {
		return host
	}
	ip = ip.Unmap()
	if ip.Is4() {
		return ip.String()
	}
	p, _ := ip.Prefix(64)
	return p.String()
}

func httpError(w http.ResponseWriter, code int, format string, args ...any) {
	http.Error(w, yamlfile.Safe(fmt.Sprintf(format, args...)), code)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !s.allowRequest(w, r, "create") {
		return
	}
	// At most limits.Uploads bodies are read at once, each streamed into
	// the decoder within MaxUpload and the server's ReadTimeout: stalled
	// uploads hold neither memory nor a connection for long.
	select {
	case s.uploads <- struct{}{}:
		defer func() { <-s.uploads }()
	default:
		httpError(w, http.StatusServiceUnavailable, "create: the server is reading %d uploads already; try again in a moment", cap(s.uploads))
		return
	}
	var req CreateRequest
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, s.opts.MaxUpload))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			httpError(w, http.StatusRequestEntityTooLarge, "create: body: more than %d bytes", s.opts.MaxUpload)
			return
		}
		httpError(w, http.StatusBadRequest, "create: not a request: %v; send {\"scenario\": NAME} or {\"yaml\": FILE}", err)
		return
	}
	if dec.More() {
		httpError(w, http.StatusBadRequest, "create: trailing data after the request")
		return
	}
	var sc *scenarios.Scenario
	var err error
	switch {
	case (req.Scenario == "") == (req.YAML == ""):
		httpError(w, http.StatusBadRequest, "create: give exactly one of scenario (a built-in: %s) and yaml (a scenario file)", strings.Join(scenarios.Names(), ", "))
		return
	case req.Scenario != "":
		sc, err = scenarios.Load(req.Scenario, s.comp)
	default:
		sc, err = scenarios.Parse("upload.yaml", []byte(req.YAML), s.comp)
	}
	if err != nil {
		httpError(w, http.StatusBadRequest, "create: %v", err)
		return
	}
	if req.Choices != nil {
		if sc, err = sc.Choose(*req.Choices, s.comp); err != nil {
			httpError(w, http.StatusBadRequest, "create: %v", err)
			return
		}
	}
	setup := sc.Setup()
	if req.Companion {
		setup.Companion, setup.Aligning = true, true
	}
	if setup.Companion && req.Clock != nil && req.Clock.Mode != wire.ClockNone {
		// The table companion: the players measure and move their own
		// models, type dice and counters and align the twin; a clock run
		// by the server would count that table time against them.
		httpError(w, http.StatusBadRequest, "create: clock: %s; a companion game takes none: its players move their own models at the real table, and a clock on the server would run down while they measure, place and align them (and stop or forfeit a side mid-move); create it with the clock %s", req.Clock.Mode, wire.ClockNone)
		return
	}
	if err := wire.CheckSetup(setup); err != nil {
		httpError(w, http.StatusBadRequest, "create: %v", err)
		return
	}
	client := clientOf(r)
	n, all, err := s.store.activeGames(client)
	if err != nil {
		s.storageError(w, "create", err)
		return
	}
	if all >= s.opts.MaxGames {
		httpError(w, http.StatusServiceUnavailable, "create: the server holds %d unfinished games, its most; try again later", all)
		return
	}
	if n >= s.opts.MaxGamesPerClient {
		httpError(w, http.StatusTooManyRequests, "create: %s has %d unfinished games; allowed at most %d", client, n, s.opts.MaxGamesPerClient)
		return
	}
	if req.SpectatorDelay < 0 || req.SpectatorDelay > wire.MaxSpectatorDelay {
		httpError(w, http.StatusBadRequest, "create: spectator_delay: %d turns; allowed: 0 (live) to %d", req.SpectatorDelay, wire.MaxSpectatorDelay)
		return
	}
	var spec wire.ClockSpec
	if req.Clock != nil {
		spec = *req.Clock
	}
	spec, err = spec.Normalize()
	if err != nil {
		httpError(w, http.StatusBadRequest, "create: %v", err)
		return
	}
	clockJSON := []byte{}
	if spec.Mode != wire.ClockNone {
		clockJSON, _ = json.Marshal(spec)
	}
	setupJSON, _ := json.Marshal(setup)
	s.mu.Lock() // one reader of Options.Rand at a time
	row := gameRow{id: s.newToken()[:12], creator: client, scenario: sc.ID, setup: setupJSON, secret: wire.NewSecret(s.opts.Rand), clock: clockJSON, delay: req.SpectatorDelay}
	tokens := map[string]string{string(battle.Colonial): s.newToken(), string(battle.Cylon): s.newToken(), "spectator": s.newToken()}
	s.mu.Unlock()
	if _, err := newGame(row.id, row.scenario, setup, row.secret, s.comp, spec, row.delay); err != nil {
		httpError(w, http.StatusBadRequest, "create: %v", err)
		return
	}
	if err := s.store.createGame(row, s.opts.Clock.Now().Unix(), tokens); err != nil {
		s.storageError(w, "create", err)
		return
	}
	base := "http://" + r.Host
	resp := CreateResponse{Game: row.id, Scenario: sc.ID, Colonial: tokens["colonial"], Cylon: tokens["cylon"], Spectator: tokens["spectator"],
		Links: map[string]string{}, SecretCommitment: wire.SecretCommitment(row.secret), PublicKey: s.PublicKey()}
	for k, t := range tokens {
		// The link pins the server's key: bsg bot and bsg replay refuse a
		// record signed with any other.
		resp.Links[k] = base + "/?seat=" + t + "&key=" + resp.PublicKey
	}
	if setup.Companion {
		// one device passed between the players: both seats, the
		// Colonial's first
		resp.Links[wire.OneDevice] = base + "/?seat=" + tokens[string(battle.Colonial)] + "&with=" + tokens[string(battle.Cylon)] + "&key=" + resp.PublicKey
	}
	s.opts.Logf("game %s created by %s: %s", row.id, client, sc.ID)
	writeJSON(w, resp)
}

// errExpired is a game that expired unfinished: a server before the
// rules of an absent player (abandon.go) left games so; none does now.
var errExpired = errors.New("expired")

// load returns a game held in memory, rebuilding it from the store, and
// holds it there until release.
func (s *Server) load(id string) (*live, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if l, ok := s.games[id]; ok {
		l.refs++
		return l, nil
	}
	row, err := s.store.game(id)
	if err != nil {
		return nil, err
	}
	if row.over == expired {
		return nil, errExpired
	}
	g, err := s.rebuild(row)
	if err != nil {
		return nil, err
	}
	l := &live{row: row, g: g, conns: map[*conn]bool{}, refs: 1}
	s.games[id] = l
	s.observe(l)
	return l, nil
}

// release lets go of a game load returned; a game nobody holds leaves
// memory (a finished game's record is rebuilt from the store when asked
// for again).
func (s *Server) release(l *live) {
	s.mu.Lock()
	defer s.mu.Unlock()
	l.refs--
	if l.refs == 0 {
		delete(s.games, l.row.id)
	}
}

// rebuild replays a game's stored messages.
func (s *Server) rebuild(row gameRow) (*game, error) {
	var setup battle.Setup
	if err := json.Unmarshal(row.setup, &setup); err != nil {
		return nil, fmt.Errorf("game %s: setup: %w", row.id, err)
	}
	var spec wire.ClockSpec
	if len(row.clock) > 0 {
		if err := json.Unmarshal(row.clock, &spec); err != nil {
			return nil, fmt.Errorf("game %s: clock: %w", row.id, err)
		}
	}
	g, err := newGame(row.id, row.scenario, setup, row.secret, s.comp, spec, row.delay)
	if err != nil {
		return nil, err
	}
	g.lastAt = time.Unix(row.created, 0)
	msgs, err := s.store.messages(row.id, 0)
	if err != nil {
		return nil, err
	}
	if err := replay(g, msgs); err != nil {
		return nil, err
	}
	s.publish(g)
	return g, nil
}

// replay feeds stored messages, the ones after g's, through g.
func replay(g *game, msgs []message) error {
	for _, m := range msgs {
		if m.seq != g.seq+1 {
			return fmt.Errorf("game %s: stored message %d follows message %d", g.id, m.seq, g.seq)
		}
		side := battle.Side(m.side)
		if m.at > 0 {
			g.charge(time.UnixMilli(m.at))
			g.lastAt = time.UnixMilli(m.at)
		}
		switch string(m.body) {
		case joinBody:
			g.join(side)
			continue
		case abandonBody:
			g.abandon()
			continue
		case timeoutBody:
			if err := g.timeout(side); err != nil {
				return fmt.Errorf("game %s: stored message %d: %w", g.id, m.seq, err)
			}
			continue
		}
		cm, err := wire.Decode(m.body)
		if err == nil {
			err = g.handle(side, cm)
		}
		if err != nil {
			return fmt.Errorf("game %s: stored message %d: %w", g.id, m.seq, err)
		}
	}
	return nil
}

// catchUp applies to a game in memory the messages other servers stored
// after its own (l.mu held), and reports whether there were any. Stored
// messages never change, so no lease is needed to read them.
func (s *Server) catchUp(l *live) (bool, error) {
	if !s.store.shared() {
		return false, nil
	}
	msgs, err := s.store.messages(l.row.id, l.g.seq)
	if err != nil || len(msgs) == 0 {
		return false, err
	}
	if err := replay(l.g, msgs); err != nil {
		g, rerr := s.rebuild(l.row)
		if rerr != nil {
			return false, rerr
		}
		l.g = g
	}
	s.publish(l.g)
	return true, nil
}

// errBusy is a game whose lease another server holds past LeaseWait.
var errBusy = errors.New(wire.Busy + "another server is writing this game; try again in a moment")

// grip is a game's lease this server holds for one write (own): let go
// by release, or by the commit of the write's message (appendNow).
type grip struct {
	s    *Server
	game string
	held bool
}

// release lets go of the lease, unless the commit has (nil: a store of
// its own, nothing to let go).
func (g *grip) release() {
	if g == nil || !g.held {
		return
	}
	g.held = false
	if err := g.s.store.unlease(g.game, g.s.owner); err != nil {
		g.s.opts.Logf("game %s: lease: %v", g.game, err)
	}
}

// own takes the game's lease on a shared store before this server writes
// to it, waiting while another server holds it (at most LeaseWait), then
// catches up with what the others stored (l.mu held): the lease reports
// the latest stored seq, so when it is the game's own no query follows.
// The grip's release lets it go; on a store of its own the server always
// owns its games (a nil grip).
func (s *Server) own(l *live) (g *grip, caught bool, err error) {
	if !s.store.shared() {
		return nil, false, nil
	}
	give := time.Now().Add(s.opts.LeaseWait)
	pause := 2 * time.Millisecond
	var latest int
	for {
		now := s.opts.Clock.Now()
		ok, seq, err := s.store.lease(l.row.id, s.owner, now.UnixMilli(), now.Add(s.opts.LeaseTTL).UnixMilli())
		if err != nil {
			return nil, false, err
		}
		if ok {
			latest = seq
			break
		}
		if time.Now().After(give) {
			return nil, false, errBusy
		}
		time.Sleep(pause) // waiting on another process's row: nothing to wait on but the store
		pause = min(2*pause, 50*time.Millisecond)
	}
	g = &grip{s: s, game: l.row.id, held: true}
	if latest >= 0 && latest <= l.g.seq {
		return g, false, nil
	}
	caught, err = s.catchUp(l)
	if err != nil {
		g.release()
		return nil, false, err
	}
	return g, caught, nil
}

// Poll sends this server's connections the games other servers changed
// in the store (a shared store; the ticker calls it every PollEvery).
func (s *Server) Poll() {
	s.mu.Lock()
	ids := make([]string, 0, len(s.games))
	for id := range s.games {
		ids = append(ids, id)
	}
	s.mu.Unlock()
	if len(ids) == 0 {
		return
	}
	latest, err := s.store.seqs(ids)
	if err != nil {
		s.opts.Logf("poll: storage: %v", err)
		return
	}
	for _, id := range ids {
		s.mu.Lock()
		l, ok := s.games[id]
		if ok {
			l.refs++
		}
		s.mu.Unlock()
		if !ok {
			continue
		}
		l.mu.Lock()
		if latest[id] <= l.g.seq {
			l.mu.Unlock()
			s.release(l)
			continue
		}
		changed, err := s.catchUp(l)
		if err != nil {
			s.opts.Logf("game %s: poll: %v", id, err)
		}
		var frames []frame
		if changed {
			s.observe(l)
			frames = s.frames(l, nil)
		}
		l.sendMu.Lock()
		l.mu.Unlock()
		s.deliver(frames)
		l.sendMu.Unlock()
		s.release(l)
	}
}

// joinBody is the stored message of a player taking a seat, timeoutBody
// the server's of a side whose time ran out (its clock's rule applied).
const (
	joinBody    = `{"type":"join"}`
	timeoutBody = `{"type":"timeout"}`
	// abandonBody is the server's message ending a game left unplayed
	// past its time (abandon.go), stored with no side.
	abandonBody = `{"type":"abandon"}`
)

// appendNow stores message seq of a game at the server's time now, with
// the game's state after it (l.mu held). With a grip, the write's last,
// its lease is let go in the same commit.
func (s *Server) appendNow(l *live, side string, body []byte, started bool, now time.Time, letGo ...*grip) error {
	var deadline int64
	if d := l.g.deadline(); !d.IsZero() {
		deadline = max(d.UnixMilli(), 1)
	}
	req := appendReq{game: l.row.id, seq: l.g.seq, side: side, body: body, over: l.g.over(), started: started,
		at: now.UnixMilli(), deadline: deadline, revealed: l.g.underWay(), awaiting: l.g.awaitingReveal()}
	var gr *grip
	if len(letGo) > 0 && letGo[0] != nil && letGo[0].held {
		gr = letGo[0]
		req.letGo = s.owner
	}
	err := s.store.append(req)
	if err == nil {
		l.g.lastAt = time.UnixMilli(now.UnixMilli())
	}
	if gr != nil && (err == nil || errors.Is(err, errConflict)) {
		gr.held = false // let go with the message, stored or refused
	}
	return err
}

// Tick applies the clock's rule to every game whose side's time has run
// out by the server's time now, then the rules of an absent player to
// every game left unplayed past its time (abandon.go) (bsg serve's
// server calls it every second; tests with a fake clock call it after
// moving the clock).
func (s *Server) Tick() {
	now := s.opts.Clock.Now()
	ids, err := s.store.due(now.UnixMilli())
	if err != nil {
		s.opts.Logf("clock: storage: %v", err)
	}
	for _, id := range ids {
		l, err := s.load(id)
		if err != nil {
			s.opts.Logf("clock: game %s: %v", id, err)
			continue
		}
		s.tickGame(l, now)
		s.release(l)
	}
	s.endAbandoned(now)
}

// abandonBatch bounds the games one Tick ends (the rest wait for the
// next).
const abandonBatch = 200

// absence is the server's rules of an absent player.
func (s *Server) absence() absence {
	return absence{joinWithin: s.opts.JoinWithin, abandoned: s.opts.AbandonedExpiry, idle: s.opts.IdleExpiry}
}

// endAbandoned ends the games left unplayed past their time by now
// (abandon.go): each is loaded, its lease taken, the rule checked on the
// game itself and its ending stored, and its connections are sent it.
func (s *Server) endAbandoned(now time.Time) {
	r := s.absence()
	ids, err := s.store.abandoned(expiry{notStarted: now.Add(-r.joinWithin).Unix(), idleSince: now.Add(-r.idle).Unix(),
		abandonedSince: now.Add(-r.abandoned).Unix()}, abandonBatch)
	if err != nil {
		s.opts.Logf("abandoned games: storage: %v", err)
		return
	}
	for _, id := range ids {
		l, err := s.load(id)
		if err != nil {
			s.opts.Logf("abandoned game %s: %v", id, err)
			continue
		}
		s.abandonGame(l, now)
		s.release(l)
	}
}

// abandonGame ends one game if it is left unplayed past its time at now.
func (s *Server) abandonGame(l *live, now time.Time) {
	l.mu.Lock()
	release, caught, err := s.own(l)
	if err != nil {
		l.mu.Unlock()
		s.opts.Logf("abandoned game %s: %v", l.row.id, err)
		return
	}
	changed := s.expireDue(l, now) || caught
	if l.g.abandonDue(now, s.absence()) {
		l.g.charge(now)
		l.g.abandon()
		if err := s.appendNow(l, "", []byte(abandonBody), false, now); err != nil {
			s.opts.Logf("abandoned game %s: not stored: %v", l.row.id, err)
			if g, rerr := s.rebuild(l.row); rerr == nil {
				l.g = g
			}
		} else {
			s.opts.Logf("game %s left unplayed past its time: %s", l.row.id, l.g.aborted.Text(nil))
			changed = true
		}
	}
	release.release()
	if !changed {
		l.mu.Unlock()
		return
	}
	s.publish(l.g)
	s.observe(l)
	frames := s.frames(l, nil)
	l.sendMu.Lock()
	l.mu.Unlock()
	s.deliver(frames)
	l.sendMu.Unlock()
}

// tickGame applies the clock's rule to the sides of one game whose time
// has run out by now.
func (s *Server) tickGame(l *live, now time.Time) {
	l.mu.Lock()
	release, caught, err := s.own(l)
	if err != nil {
		l.mu.Unlock()
		s.opts.Logf("clock: game %s: %v", l.row.id, err)
		return
	}
	changed := s.expireDue(l, now)
	release.release()
	if !changed && !caught {
		l.mu.Unlock()
		return
	}
	s.publish(l.g)
	s.observe(l)
	frames := s.frames(l, nil)
	l.sendMu.Lock()
	l.mu.Unlock()
	s.deliver(frames)
	l.sendMu.Unlock()
}

// expireDue charges the game's clock to now and applies the clock's rule
// to every side whose time has run out, storing each timeout; it reports
// whether any was applied (l.mu held).
func (s *Server) expireDue(l *live, now time.Time) bool {
	l.g.charge(now)
	changed := false
	for _, side := range l.g.due() {
		if err := l.g.timeout(side); err != nil {
			if !errors.Is(err, errNotDue) {
				s.opts.Logf("game %s: timeout of %s: %v", l.row.id, side, err)
				if g, rerr := s.rebuild(l.row); rerr == nil {
					l.g = g
				}
			}
			continue
		}
		if err := s.appendNow(l, string(side), []byte(timeoutBody), false, now); err != nil {
			s.opts.Logf("game %s: timeout of %s: not stored: %v", l.row.id, side, err)
			if g, rerr := s.rebuild(l.row); rerr == nil {
				l.g = g
			}
			break
		}
		s.opts.Logf("game %s: %s's time ran out (%s)", l.row.id, side, l.g.clock.spec.OnExpiry)
		changed = true
	}
	return changed
}

// publish signs the record of a finished game.
func (s *Server) publish(g *game) {
	if r := g.record(); r != nil && g.published == nil {
		r.Sign(s.key)
		g.published = r
	}
}

func (s *Server) recordOf(w http.ResponseWriter, r *http.Request) {
	if !s.allowRequest(w, r, "record") {
		return
	}
	l, err := s.load(r.PathValue("id"))
	if err != nil {
		s.loadError(w, "record", r.PathValue("id"), err)
		return
	}
	defer s.release(l)
	l.mu.Lock()
	rec := l.g.published
	l.mu.Unlock()
	if rec == nil {
		httpError(w, http.StatusNotFound, "record: game %s is not over; its record is published when it ends", l.row.id)
		return
	}
	writeJSON(w, rec)
}

// allowRequest takes one message from the bucket of the request's client
// (the same as its WebSocket messages'), or answers 429: every request
// that reads the store or rebuilds a game costs the client.
func (s *Server) allowRequest(w http.ResponseWriter, r *http.Request, what string) bool {
	client := clientOf(r)
	now := time.Now()
	s.connMu.Lock()
	cl := s.useOf(s.clients, client, s.opts.ClientRate, s.opts.ClientBurst)
	ok := cl.bucket.take(now)
	forget(s.clients, client, cl, now)
	s.connMu.Unlock()
	if !ok {
		httpError(w, http.StatusTooManyRequests, "%s: more than %g requests a second from %s", what, s.opts.ClientRate, client)
	}
	return ok
}

// mine answers GET /api/mine?seats=TOKEN,TOKEN,...: the games of the
// seats a player holds (a browser keeps its seat links), each with where
// it stands and whether it is the seat's turn, in the order given; an
// unknown token is left out. At most wire.MaxListSeats tokens; each list
// costs the client one message of its rate.
func (s *Server) mine(w http.ResponseWriter, r *http.Request) {
	tokens := strings.Split(r.URL.Query().Get("seats"), ",")
	if len(tokens) > wire.MaxListSeats {
		httpError(w, http.StatusBadRequest, "mine: seats: %d tokens; allowed at most %d", len(tokens), wire.MaxListSeats)
		return
	}
	if !s.allowRequest(w, r, "mine") {
		return
	}
	out := []wire.GameSummary{}
	for _, tok := range tokens {
		if tok == "" {
			continue
		}
		gameID, sideName, err := s.store.seat(tok)
		if errors.Is(err, errNotFound) {
			continue
		} else if err != nil {
			s.storageError(w, "mine", err)
			return
		}
		side := battle.Side(sideName)
		if sideName == "spectator" {
			side = ""
		}
		l, err := s.load(gameID)
		if errors.Is(err, errExpired) {
			out = append(out, wire.GameSummary{Game: gameID, Seat: side, Over: true, Expired: true})
			continue
		} else if err != nil {
			s.storageError(w, "mine", err)
			return
		}
		l.mu.Lock()
		st := l.g.state(side)
		if side == "" {
			st = l.g.spectate()
		}
		l.mu.Unlock()
		s.release(l)
		sum := wire.GameSummary{Game: gameID, Scenario: l.row.scenario, Seat: side, Turn: st.View.Turn, Phase: st.View.Phase,
			Ready: st.Ready, Over: st.View.Phase == battle.Over || st.Aborted != nil, Result: st.View.Result, Aborted: st.Aborted, Clock: st.Clock}
		sum.YourTurn = side != "" && !sum.Over && st.Ready && (len(st.Owe) > 0 && !slices.Contains(st.Committed, side) || st.MayReveal)
		out = append(out, sum)
	}
	writeJSON(w, out)
}

// loadError answers a request for game id that could not be loaded: 404
// when the store holds no such game, 500 when the store failed.
func (s *Server) loadError(w http.ResponseWriter, what, id string, err error) {
	switch {
	case errors.Is(err, errNotFound):
		httpError(w, http.StatusNotFound, "%s: no game %q", what, id)
	case errors.Is(err, errExpired):
		httpError(w, http.StatusGone, "%s: game %s expired unfinished (left unplayed past its time)", what, id)
	default:
		s.storageError(w, what, err)
	}
}

// storageError answers 500 for a failure of the store (logged whole; the
// client is told it is the server's fault, not what it asked for).
func (s *Server) storageError(w http.ResponseWriter, what string, err error) {
	s.opts.Logf("%s: storage: %v", what, err)
	httpError(w, http.StatusInternalServerError, "%s: the server's storage failed; try again later", what)
}

// scenarioOf answers with a game's scenario (battle.Setup: the table, the
// forces, the rules and the victory conditions), public from the lobby
// on, so that a computer player of either seat plays for the scenario's
// objectives. It holds nothing of the game's secret or seed.
func (s *Server) scenarioOf(w http.ResponseWriter, r *http.Request) {
	if !s.allowRequest(w, r, "scenario") {
		return
	}
	l, err := s.load(r.PathValue("id"))
	if err != nil {
		s.loadError(w, "scenario", r.PathValue("id"), err)
		return
	}
	defer s.release(l)
	l.mu.Lock()
	setup := l.g.setup
	l.mu.Unlock()
	writeJSON(w, setup)
}

// conn is one WebSocket connection to a seat.
type conn struct {
	ws   *websocket.Conn
	side battle.Side // "" for a spectator
	out  chan []byte
	done chan struct{}
	once sync.Once
	// Why the server closes it, once it does (the writer sends what is
	// queued first).
	code websocket.StatusCode
	why  string
	// since: it asked for states holding only the events it lacks
	// (wire.State.EventsFrom); sentKey and sent say which events it has
	// been sent: the first sent of the list of sentKey (touched by deliver
	// only, l.sendMu held).
	since   bool
	sentKey eventsKey
	sent    int
	// have is how many of the game's events a connection that comes back
	// holds (the ws address's have=N): its first state carries the moves
	// of the turns after them it lacks (wire.CatchUpTurns); 0 once sent
	have int
}

// eventsKey names one audience's list of events that only ever grows:
// the game's events as one game value (a rebuild makes another) knows
// them between two take-backs (game.epoch). The zero key names none: a
// state with it is always sent whole.
type eventsKey struct {
	g     *game
	epoch int
}

// send queues one message (marshalled here: acks and errors, one
// connection's own).
func (c *conn) send(m wire.ServerMsg) {
	m.Error = yamlfile.Safe(m.Error)
	data, _ := json.Marshal(m)
	c.put(data)
}

// put queues a marshalled frame; a connection whose queue is full is
// closed (it reads too slowly).
func (c *conn) put(data []byte) {
	select {
	case c.out <- data:
	default:
		c.close(websocket.StatusPolicyViolation, "the client reads too slowly")
	}
}

func (c *conn) close(code websocket.StatusCode, why string) {
	c.once.Do(func() {
		c.code, c.why = code, why
		close(c.done)
	})
}

// errTooMany is a refusal of one more WebSocket on a seat or from a
// client.
type errTooMany struct{ what string }

func (e errTooMany) Error() string { return e.what }

// admit counts one more WebSocket on a seat token from a client, within
// the caps; release undoes it.
func (s *Server) admit(token, client string, spectator bool) (release func(), err error) {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	seatCap := s.opts.SeatConns
	if spectator {
		seatCap = s.opts.SpectatorConns
	}
	seat, cl := s.useOf(s.seats, token, s.opts.Rate, s.opts.Burst), s.useOf(s.clients, client, s.opts.ClientRate, s.opts.ClientBurst)
	switch {
	case seat.conns >= seatCap:
		return nil, errTooMany{fmt.Sprintf("play: this seat has %d connections open; allowed at most %d", seat.conns, seatCap)}
	case cl.conns >= s.opts.ClientConns:
		return nil, errTooMany{fmt.Sprintf("play: %s has %d connections open; allowed at most %d", client, cl.conns, s.opts.ClientConns)}
	}
	seat.conns++
	cl.conns++
	s.open++
	return func() {
		s.connMu.Lock()
		defer s.connMu.Unlock()
		seat.conns--
		cl.conns--
		s.open--
		now := time.Now()
		forget(s.seats, token, seat, now)
		forget(s.clients, client, cl, now)
	}, nil
}

// useOf returns the use of key, made when missing (connMu held).
func (s *Server) useOf(m map[string]*use, key string, rate, burst float64) *use {
	u, ok := m[key]
	if !ok {
		u = &use{bucket: newBucket(rate, burst)}
		m[key] = u
	}
	return u
}

// forget drops a use with no connection whose bucket has filled up again:
// it is then as a new one would be, so forgetting it gives nobody more
// messages (connMu held).
func forget(m map[string]*use, key string, u *use, now time.Time) {
	if u.conns == 0 && u.bucket.full(now) {
		delete(m, key)
	}
}

// allow takes one message from the buckets of a seat and of a client.
func (s *Server) allow(token, client string, now time.Time) bool {
	s.connMu.Lock()
	defer s.connMu.Unlock()
	return s.seats[token].bucket.take(now) && s.clients[client].bucket.take(now)
}

func (s *Server) play(w http.ResponseWriter, r *http.Request) {
	token := r.URL.Query().Get("seat")
	gameID, sideName, err := s.store.seat(token)
	if errors.Is(err, errNotFound) {
		httpError(w, http.StatusForbidden, "play: seat: no seat has this token")
		return
	} else if err != nil {
		s.storageError(w, "play", err)
		return
	}
	client := clientOf(r)
	release, err := s.admit(token, client, sideName == "spectator")
	if err != nil {
		httpError(w, http.StatusTooManyRequests, "%v", err)
		return
	}
	defer release()
	l, err := s.load(gameID)
	if errors.Is(err, errExpired) {
		s.loadError(w, "play", gameID, err)
		return
	} else if err != nil {
		s.storageError(w, "play", err) // a seat's game is stored: any failure is the store's
		return
	}
	defer s.release(l)
	ws, err := websocket.Accept(w, r, nil)
	if err != nil {
		return
	}
	ws.SetReadLimit(wire.MaxMessage)
	side := battle.Side(sideName)
	if sideName == "spectator" {
		side = ""
	}
	c := &conn{ws: ws, side: side, out: make(chan []byte, 64), done: make(chan struct{}), since: r.URL.Query().Get("events") == "since"}
	if n, err := strconv.Atoi(r.URL.Query().Get("have")); err == nil && n > 0 && c.since {
		c.have = n // checked against the events when the first state goes
	}
	ctx := r.Context()
	finished := make(chan struct{})
	go c.writer(finished, s.opts.WriteTimeout)
	go c.pinger(finished, s.opts.PingInterval)

	l.mu.Lock()
	l.conns[c] = true
	var frames []frame
	caught, err := s.catchUp(l)
	if err != nil {
		s.opts.Logf("game %s: %v", l.row.id, err)
	}
	if side != "" && !l.g.joined[side] && !l.g.over() {
		s.joinSeat(l, side)
		frames = s.frames(l, nil)
	} else if caught {
		frames = s.frames(l, nil)
	} else {
		frames = s.frames(l, c)
	}
	l.sendMu.Lock()
	l.mu.Unlock()
	s.deliver(frames)
	l.sendMu.Unlock()
	defer func() {
		l.mu.Lock()
		delete(l.conns, c)
		l.mu.Unlock()
		c.close(websocket.StatusNormalClosure, "")
		<-finished
	}()

	strikes := 0
	for {
		_, data, err := ws.Read(ctx)
		if err != nil {
			return
		}
		if !s.allow(token, client, time.Now()) {
			strikes++
			// The answer names the dropped message's id, so that a client
			// waiting for it learns it was dropped (and may send it again)
			// instead of waiting for ever.
			var head struct {
				ID int64 `json:"id"`
			}
			_ = json.Unmarshal(data, &head)
			c.send(wire.ServerMsg{Type: wire.TypeError, ID: head.ID, Retry: wire.RetryRate, Error: fmt.Sprintf("%smore than %g messages a second on this seat (or %g from this address); this message was dropped", wire.RateDropped, s.opts.Rate, s.opts.ClientRate)})
			if strikes > int(s.opts.Burst) {
				c.close(websocket.StatusPolicyViolation, "rate: too many messages")
				return
			}
			continue
		}
		m, err := wire.Decode(data)
		if err != nil {
			c.send(wire.ServerMsg{Type: wire.TypeError, ID: m.ID, Error: err.Error()})
			continue
		}
		s.handle(l, c, m, data)
	}
}

// joinSeat stores that a player took side's seat (l.mu held).
func (s *Server) joinSeat(l *live, side battle.Side) {
	release, _, err := s.own(l)
	if err != nil {
		s.opts.Logf("game %s: join: %v", l.row.id, err)
		return
	}
	defer release.release()
	if l.g.joined[side] { // another server's player took it meanwhile
		return
	}
	now := s.opts.Clock.Now()
	l.g.charge(now)
	l.g.join(side)
	if err := s.appendNow(l, string(side), []byte(joinBody), len(l.g.joined) == 2, now, release); err != nil {
		s.opts.Logf("game %s: %v", l.row.id, err)
		if g, rerr := s.rebuild(l.row); rerr == nil {
			l.g = g
		}
	}
	s.observe(l)
}

// handle applies one decoded message under the game's lock, stores it and
// answers (outside the lock, in order).
func (s *Server) handle(l *live, c *conn, m wire.ClientMsg, data []byte) {
	defer func(start time.Time) { s.stat(time.Since(start)) }(time.Now())
	l.mu.Lock()
	release, caught, err := s.own(l)
	timedOut := caught
	if err != nil && !errors.Is(err, errBusy) {
		s.opts.Logf("game %s: storage: %v", l.row.id, err)
		err = fmt.Errorf("%s: the server's storage failed; try again later", m.Type)
	}
	if err == nil {
		now := s.opts.Clock.Now()
		// A side whose time ran out since the last tick has the clock's
		// rule applied before its message is looked at.
		timedOut = s.expireDue(l, now) || caught
		err = l.g.handle(c.side, m)
		if err == nil {
			if err = s.appendNow(l, string(c.side), data, false, now, release); err != nil {
				err = errDirty{fmt.Errorf("%s: not stored (%v); try again", m.Type, err)}
			}
		}
		release.release()
	}
	var frames []frame
	if err != nil {
		var dirty errDirty
		if errors.As(err, &dirty) {
			if g, rerr := s.rebuild(l.row); rerr == nil {
				l.g = g
			} else {
				s.opts.Logf("game %s: rebuild: %v", l.row.id, rerr)
			}
		}
	}
	if err == nil || timedOut {
		s.publish(l.g)
		s.observe(l)
		frames = s.frames(l, nil)
	}
	l.sendMu.Lock()
	l.mu.Unlock()
	defer l.sendMu.Unlock()
	if err != nil {
		s.deliver(frames) // the timeouts applied first, if any
		var pose *battle.PoseRefused
		errors.As(err, &pose)
		var retry wire.Retry
		if errors.Is(err, errBusy) {
			retry = wire.RetryBusy
		}
		c.send(wire.ServerMsg{Type: wire.TypeError, ID: m.ID, Error: err.Error(), Pose: pose, Retry: retry})
		return
	}
	s.deliver(frames) // before the ack: a client that has the ack has the state it led to
	c.send(wire.ServerMsg{Type: wire.TypeAck, ID: m.ID})
}

// observe tells Options.Observe (l.mu held, or l not yet shared).
func (s *Server) observe(l *live) {
	if s.opts.Observe == nil {
		return
	}
	seeds := []uint64{wire.GameSeed(l.g.secret)}
	for _, d := range l.g.dice {
		seeds = append(seeds, d.Seed)
	}
	s.opts.Observe(l.row.id, l.g.seq, l.g.b.State(), seeds)
}

// frame is one audience's state (a seat, or the spectators) and the
// connections it goes to.
type frame struct {
	state *wire.State
	key   eventsKey // the list its state's events come from (zero: none known)
	conns []*conn
	// flown is every kept turn's moves (the game's now), for a connection
	// that comes back (conn.have); nil for a delayed spectator, whose
	// state is a picture of another moment
	flown []wire.Flight
}

// frames works out the state of every audience of the game, for all its
// connections or only for one (l.mu held). The states are the game's
// pictures at this moment; deliver marshals them after the lock is let go.
func (s *Server) frames(l *live, only *conn) []frame {
	by := map[battle.Side]*frame{}
	var out []*frame
	for c := range l.conns {
		if only != nil && c != only {
			continue
		}
		f, ok := by[c.side]
		if !ok {
			st := l.g.state
			if c.side == "" {
				st = func(battle.Side) *wire.State { return l.g.spectate() }
			}
			f = &frame{state: st(c.side)}
			if c.side != "" || l.g.delay == 0 {
				// A delayed spectator's state is a picture of another
				// moment: sent whole.
				f.key = eventsKey{g: l.g, epoch: l.g.epoch}
				f.flown = l.g.flownNow()
			}
			by[c.side] = f
			out = append(out, f)
		}
		f.conns = append(f.conns, c)
	}
	res := make([]frame, len(out))
	for i, f := range out {
		res[i] = *f
	}
	return res
}

// deliver marshals each audience's state once for each starting point
// of its events among its connections (the whole list, or for a
// connection that asked for them, the events after those it was sent:
// wire.State.EventsFrom), and queues it on each of them (l.sendMu held,
// l.mu not).
func (s *Server) deliver(frames []frame) {
	n := 0
	for _, f := range frames {
		events := f.state.View.Events
		from := map[int][]*conn{}
		var starts []int
		var back []*conn // come back, holding some events: sent alone
		for _, c := range f.conns {
			start := 0
			if c.since && f.key.g != nil && c.sentKey == f.key && c.sent > 0 && c.sent <= len(events) {
				start = c.sent
			}
			if start == 0 && c.have > 0 && c.have < len(events) && f.flown != nil {
				back = append(back, c)
				continue
			}
			c.have = 0
			if _, ok := from[start]; !ok {
				starts = append(starts, start)
			}
			from[start] = append(from[start], c)
			c.sentKey, c.sent = f.key, len(events)
		}
		for _, c := range back {
			cp := *f.state
			cp.Flown = catchUp(f.state.Flown, f.flown, events[c.have:])
			data, _ := json.Marshal(wire.ServerMsg{Type: wire.TypeState, State: &cp})
			n++
			c.put(data)
			c.sentKey, c.sent, c.have = f.key, len(events), 0
		}
		for _, start := range starts {
			st := f.state
			if start > 0 {
				cp := *f.state
				cp.View.Events = events[start:]
				cp.EventsFrom = start
				cp.Flown = movedIn(f.state.Flown, cp.View.Events)
				st = &cp
			}
			data, _ := json.Marshal(wire.ServerMsg{Type: wire.TypeState, State: st})
			n++
			for _, c := range from[start] {
				c.put(data)
			}
		}
	}
	s.statMu.Lock()
	s.marshalled += n
	s.statMu.Unlock()
}

// movedIn keeps the moves of the turns whose movement steps are among
// evs: a state that extends a connection's events carries the moves of
// what it adds (the client keeps those it was sent before).
func movedIn(fs []wire.Flight, evs []battle.Event) []wire.Flight {
	turns := map[int]bool{}
	for _, e := range evs {
		if e.Kind == battle.EvMoveStep {
			turns[e.Turn] = true
		}
	}
	var out []wire.Flight
	for _, f := range fs {
		if turns[f.Turn] {
			out = append(out, f)
		}
	}
	return out
}

// catchUp is the moves a connection that comes back is sent first: a
// state's own (fs) and those of every kept turn (kept) whose movement
// steps are among the events it lacks (evs).
func catchUp(fs, kept []wire.Flight, evs []battle.Event) []wire.Flight {
	turns := map[int]bool{}
	for _, f := range fs {
		turns[f.Turn] = true
	}
	for _, f := range movedIn(kept, evs) {
		turns[f.Turn] = true
	}
	var out []wire.Flight
	for _, f := range kept {
		if turns[f.Turn] {
			out = append(out, f)
		}
	}
	return out
}

func (c *conn) writer(finished chan<- struct{}, timeout time.Duration) {
	defer close(finished)
	write := func(data []byte) error {
		wctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		return c.ws.Write(wctx, websocket.MessageText, data)
	}
	for {
		select {
		case <-c.done:
			for len(c.out) > 0 && write(<-c.out) == nil {
			}
			_ = c.ws.Close(c.code, c.why)
			return
		case data := <-c.out:
			if err := write(data); err != nil {
				c.close(websocket.StatusGoingAway, "write failed")
				return
			}
		}
	}
}

// pinger pings the peer every interval; a peer that does not answer
// within the interval is dropped (its reader then ends).
func (c *conn) pinger(finished <-chan struct{}, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		select {
		case <-finished:
			return
		case <-c.done:
			return
		case <-t.C:
			ctx, cancel := context.WithTimeout(context.Background(), interval)
			err := c.ws.Ping(ctx)
			cancel()
			if err != nil {
				c.ws.CloseNow()
				return
			}
		}
	}
}

// bucket is a token bucket: rate tokens a second, at most burst.
type bucket struct {
	rate, burst, tokens float64
	last                time.Time
}

func newBucket(rate, burst float64) *bucket { return &bucket{rate: rate, burst: burst, tokens: burst} }

// full reports whether the bucket has filled up again by now.
func (b *bucket) full(now time.Time) bool {
	return b.last.IsZero() || b.tokens+now.Sub(b.last).Seconds()*b.rate >= b.burst
}

func (b *bucket) take(now time.Time) bool {
	if !b.last.IsZero() {
		b.tokens = min(b.burst, b.tokens+now.Sub(b.last).Seconds()*b.rate)
	}
	b.last = now
	if b.tokens < 1 {
		return false
	}
	b.tokens--
	return true
}
