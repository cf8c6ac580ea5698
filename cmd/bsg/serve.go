package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/signal"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

func runServe(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("serve", "serve [-addr HOST:PORT] [-data DIR | -store postgres://…] [-web DIR]\n\n"+
		"Runs the game server: a lobby (bsg host creates games), seats bound to unguessable tokens,\n"+
		"games stored in DIR/bsg.sqlite (created when missing) or in PostgreSQL, which several servers\n"+
		"may share, commit-reveal turns, signed records", stderr)
	addr := fs.String("addr", "127.0.0.1:7878", "listen on `HOST:PORT` (port 0: any free port)")
	data := fs.String("data", "bsg-data", "keep the games in `DIR` (created when missing)")
	storeURL := fs.String("store", os.Getenv("BSG_STORE"), "keep the games in the PostgreSQL database at `URL` (postgres://user:password@host/db), which other bsg serve processes may share, instead of -data's SQLite file (default $BSG_STORE)")
	webDir := fs.String("web", "out/web", "serve the browser page built into `DIR` by make web at / (\"\": none)")
	maxGames := fs.Int("max-games", limits.GamesPerClient, "unfinished games one client address may host")
	clientConns := fs.Int("client-conns", limits.ClientConns, "WebSockets one client address may hold open at once")
	clientRate := fs.Float64("client-rate", 100, "messages a second one client address may send over all its seats")
	cpuProfile := fs.String("cpuprofile", "", "write a CPU profile of the server to `FILE` when it stops (SIGINT or SIGTERM): go tool pprof reads it")
	insecure := fs.Uint64("insecure-seed", 0, "tests only: draw game ids, seat tokens and secrets from `SEED` (predictable!)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *maxGames < 1 || *maxGames > limits.MaxGamesPerClient {
		return usagef("-max-games %d: allowed: 1 to %d", *maxGames, limits.MaxGamesPerClient)
	}
	if *clientConns < 1 || *clientRate <= 0 {
		return usagef("-client-conns %d, -client-rate %g: allowed: at least 1, more than 0", *clientConns, *clientRate)
	}
	opts := server.Options{Data: *data, Store: *storeURL, MaxGamesPerClient: *maxGames, ClientConns: *clientConns, ClientRate: *clientRate, ClientBurst: 2 * *clientRate,
		Logf: func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }}
	if *insecure != 0 {
		opts.Rand = mrand.NewChaCha8(sha256.Sum256([]byte(fmt.Sprint(*insecure))))
		fmt.Fprintln(stderr, "bsg serve: -insecure-seed: every token and secret is predictable; never use it for a real game")
	}
	if *webDir != "" {
		opts.Web = web.Handler(*webDir)
		if miss := web.Missing(*webDir); len(miss) > 0 {
			fmt.Fprintf(stderr, "bsg serve: %s\n", web.NotBuilt(*webDir, miss))
		}
	}
	s, err := server.New(opts)
	if err != nil {
		return err
	}
	defer s.Close()
	if *cpuProfile != "" {
		f, err := os.Create(*cpuProfile)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
		defer pprof.StopCPUProfile()
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	where := "data " + *data
	if *storeURL != "" {
		where = "store " + server.Redact(*storeURL)
	}
	fmt.Fprintf(stdout, "bsg serve: listening on http://%s (%s, key %s)\n", ln.Addr(), where, s.PublicKey())
	if f, ok := stdout.(*os.File); ok {
		_ = f.Sync()
	}
	hs := s.HTTPServer()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = hs.Shutdown(sctx)
	}()
	if err := hs.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func runHost(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("host", "host [-server URL] [-scenario NAME | -file FILE]\n\n"+
		"Creates a game on a bsg serve server and prints its seat links: send the Cylon link to\n"+
		"your opponent, open the Colonial one yourself (go run . -join LINK, or bsg bot -seat LINK)", stderr)
	srv := fs.String("server", "http://127.0.0.1:7878", "the server's `URL`")
	name := fs.String("scenario", "jump-point", "a built-in scenario (`NAME`)")
	file := fs.String("file", "", "a scenario `FILE` to upload instead")
	asJSON := fs.Bool("json", false, "print the server's JSON answer")
	clockMode := fs.String("clock", "none", "the game's clock, measured by the server: none, live or correspondence")
	clockSecs := fs.Int("clock-seconds", 0, "each side's time in `SECONDS` (default 180 live, 86400 correspondence)")
	clockPer := fs.String("clock-per", "turn", "the time is refilled every turn, or given once for the game")
	onExpiry := fs.String("on-expiry", "stop", "when a side's time runs out: stop (the server plays stop and no fire for it) or forfeit (after -grace)")
	grace := fs.Int("grace", 0, "-on-expiry forfeit: `SECONDS` more before the side forfeits")
	delay := fs.Int("spectator-delay", 0, fmt.Sprintf("the spectator link sees the game `TURNS` turns behind (0: live; at most %d)", wire.MaxSpectatorDelay))
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	spec, err := wire.ClockSpec{Mode: *clockMode, Seconds: *clockSecs, Per: *clockPer, OnExpiry: *onExpiry, Grace: *grace}.Normalize()
	if err != nil {
		return usagef("%v", err)
	}
	if *delay < 0 || *delay > wire.MaxSpectatorDelay {
		return usagef("-spectator-delay %d: allowed: 0 to %d turns", *delay, wire.MaxSpectatorDelay)
	}
	req := server.CreateRequest{Scenario: *name, Clock: &spec, SpectatorDelay: *delay}
	if *file != "" {
		data, _, err := readInput(*file, stdin)
		if err != nil {
			return err
		}
		req = server.CreateRequest{YAML: string(data), Clock: &spec, SpectatorDelay: *delay}
	}
	cr, err := client.Host(*srv, req)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(cr)
	}
	fmt.Fprintf(stdout, "game %s (%s)\ncolonial:  %s\ncylon:     %s\nspectator: %s\n", cr.Game, cr.Scenario,
		cr.Links["colonial"], cr.Links["cylon"], cr.Links["spectator"])
	return nil
}

func runBot(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("bot", "bot -server URL -seat TOKEN|LINK [-policy NAME]\n\n"+
		"Plays a seat of a network game with a computer policy to the end, then checks the signed record", stderr)
	srv := fs.String("server", "http://127.0.0.1:7878", "the server's `URL` (not needed with a link)")
	seat := fs.String("seat", "", "the seat's `TOKEN`, or its link")
	pol := fs.String("policy", "greedy", "the computer policy: "+strings.Join(policy.Names, ", "))
	seed := fs.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the policy's own choices")
	save := fs.String("record", "", "write the signed record to `FILE` at the end (bsg replay checks it)")
	key := fs.String("key", "", "the server's public `KEY` (hex) the record must be signed with (default: the key the seat link pins, else the server's key fetched when the game starts)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *seat == "" {
		return usagef("-seat is required")
	}
	join, err := client.ParseLink(*seat, *srv)
	if err != nil {
		return usagef("%v", err)
	}
	base, token := join.Server, join.Token
	if *key != "" && join.Key != "" && *key != join.Key {
		return usagef("-key %s: the seat link pins another key, %s", *key, join.Key)
	}
	pinned := *key
	if pinned == "" {
		pinned = join.Key
	}
	if pinned == "" {
		// Fetched now, before there is any record: a record signed later
		// with another key is refused all the same.
		if pinned, err = client.ServerKey(base); err != nil {
			return err
		}
		fmt.Fprintf(stderr, "bsg bot: the seat link pins no key; the record must be signed with the server's key now, %s\n", pinned)
	}
	p, err := policy.ByName(*pol)
	if err != nil {
		return usagef("%v", err)
	}
	comp, err := loadComponents("")
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := client.Dial(ctx, base, token)
	defer c.Close()
	st, err := policy.Bot(ctx, c, p, comp, *seed, &clockShow{w: stdout, turn: -1})
	if err != nil {
		return err
	}
	if a := st.Aborted; a != nil {
		fmt.Fprintf(stdout, "game %s: %s\n", st.Game, a.Text(nil))
	} else {
		r := st.View.Result
		fmt.Fprintf(stdout, "game %s over on turn %d: %s\n", st.Game, r.Turn, resultText(r.Winner, r.Reason.Text()))
	}
	if st.Record == nil {
		return errors.New("the server sent no record")
	}
	if _, err := st.Record.Verify(comp, pinned); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "record verified: signed by %s\n", st.Record.PublicKey)
	if *save != "" {
		data, _ := json.MarshalIndent(st.Record, "", "  ")
		return os.WriteFile(*save, data, 0o644)
	}
	return nil
}

// clockShow prints the game's clock (wire.Clock) at the start of every
// turn the bot plays, as the server measures it.
type clockShow struct {
	w    io.Writer
	turn int
}

func (c *clockShow) State(st *wire.State) {
	if st.Clock == nil || st.View.Turn == c.turn {
		return
	}
	c.turn = st.View.Turn
	now := time.Now()
	fmt.Fprintf(c.w, "turn %d: time left colonial %s, cylon %s (%s clock, %d s a %s)\n", st.View.Turn,
		st.Clock.LeftAt(battle.Colonial, now).Round(time.Second), st.Clock.LeftAt(battle.Cylon, now).Round(time.Second),
		st.Clock.Spec.Mode, st.Clock.Spec.Seconds, st.Clock.Spec.Per)
}

func (c *clockShow) Sent(string, error) {}

func resultText(w interface{ String() string }, reason string) string {
	if w.String() == "" {
		return "a draw (" + reason + ")"
	}
	return w.String() + " wins (" + reason + ")"
}

// isRecord reports whether a file is a signed record of a network game.
func isRecord(data []byte) bool {
	var probe struct {
		Signature *string `json:"signature"`
	}
	return json.NewDecoder(bytes.NewReader(data)).Decode(&probe) == nil && probe.Signature != nil
}

// replayRecord checks a signed record whole, then prints the game as
// bsg replay prints a saved battle.
func replayRecord(data []byte, name, key string, asJSON bool, comp *assets.Components, stdout io.Writer) error {
	var rec wire.Record
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return fmt.Errorf("%s: not a signed record: %w", name, err)
	}
	b, err := rec.Verify(comp, key)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	st := b.State()
	if asJSON {
		turns := b.Turn()
		if st.Result != nil {
			turns = st.Result.Turn
		}
		doc := replayDoc{Hash: b.Hash(), Result: st.Result, Turns: turns, Events: st.Events}
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	who := "the record's key"
	if key != "" {
		who = "the server's key"
	}
	fmt.Fprintf(stdout, "signature ok: game %s signed by %s (%s)\n", rec.Game, rec.PublicKey, who)
	fmt.Fprintf(stdout, "commitments ok: the secret and %d sealed decisions open their commitments\n", len(rec.Seals))
	fmt.Fprintf(stdout, "dice ok: %d turns' seeds derive from the server's committed contribution and the players' nonces\n", len(rec.Dice))
	return writeReplayText(stdout, b, st, true, rec.HashFormat())
}
