package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

func runCompanion(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return companion(ctx, args, stdin, stdout, stderr)
}

// companion is bsg companion, serving until ctx ends.
func companion(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("companion", "companion [-server URL | -addr HOST:PORT] [-scenario NAME | -file FILE] [choices]\n"+
		"       companion -join LINK\n\n"+
		"Starts a companion game: two players with their own models, dice and cup at a real table,\n"+
		"each with a phone on a seat link; the program keeps the twin of the table and the books,\n"+
		"checks and reveals the plans, and takes the dice and counters typed in or rolls them.\n"+
		"Without -server it runs the server itself (until interrupted) and prints the two seat links;\n"+
		"with -server it creates the game there and prints them. -join prints where a seat's game\n"+
		"stands and what to do at the table. The choices -rules, -options, -pilot, -talents and -flaws\n"+
		"change the scenario's rules in force and its ships' pilots, talents and flaws (give the same\n"+
		"to bsg scenario sheet for the printout); the server refuses choices the setup check refuses", stderr)
	srv := fs.String("server", "", "create the game on the server at `URL` (default: run one here)")
	addr := fs.String("addr", "0.0.0.0:7878", "without -server: listen on `HOST:PORT` (0.0.0.0: the phones on this network reach it)")
	public := fs.String("public", "", "without -server: the `URL` the phones reach the server at (default: this machine's address on its network)")
	data := fs.String("data", "bsg-data", "without -server: keep the games in `DIR`")
	webDir := fs.String("web", "out/web", "without -server: serve the browser page built into `DIR` by make web")
	name := fs.String("scenario", "jump-point", "a built-in scenario (`NAME`)")
	file := fs.String("file", "", "a scenario `FILE` to upload instead")
	join := fs.String("join", "", "print where the game of the seat `LINK` stands, and what to do at the table")
	asJSON := fs.Bool("json", false, "print the server's JSON answer (the game and its links)")
	chosen := addChoiceFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("unexpected argument %q", fs.Arg(0))
	}
	if *join != "" {
		return companionStatus(*join, *srv, stdout)
	}
	req := wire.CreateRequest{Scenario: *name, Companion: true}
	if *file != "" {
		text, _, err := readInput(*file, stdin)
		if err != nil {
			return err
		}
		req = wire.CreateRequest{YAML: string(text), Companion: true}
	}
	req.Choices = chosen.choices()
	if *srv != "" {
		return createCompanion(*srv, req, *asJSON, stdout)
	}

	opts := server.Options{Data: *data, Logf: func(format string, a ...any) { fmt.Fprintf(stderr, format+"\n", a...) }}
	if *webDir != "" {
		opts.Web = web.Handler(*webDir)
		if miss := web.Missing(*webDir); len(miss) > 0 {
			fmt.Fprintf(stderr, "bsg companion: %s\n", web.NotBuilt(*webDir, miss))
		}
	}
	s, err := server.New(opts)
	if err != nil {
		return err
	}
	defer s.Close()
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	base := *public
	if base == "" {
		base = "http://" + client.Reachable(ln.Addr().(*net.TCPAddr))
	}
	hs := s.HTTPServer()
	served := make(chan error, 1)
	go func() { served <- hs.Serve(ln) }()
	if err := createCompanion(base, req, *asJSON, stdout); err != nil {
		_ = hs.Close()
		return err
	}
	fmt.Fprintf(stdout, "serving at %s until interrupted (Ctrl-C); games in %s\n", base, *data)
	if f, ok := stdout.(*os.File); ok {
		_ = f.Sync()
	}
	select {
	case <-ctx.Done():
	case err := <-served:
		if !errors.Is(err, http.ErrServerClosed) {
			return err
		}
	}
	sctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_ = hs.Shutdown(sctx)
	return nil
}

// createCompanion creates a companion game on the server at base and
// prints its seat links.
func createCompanion(base string, req wire.CreateRequest, asJSON bool, stdout io.Writer) error {
	cr, err := client.Host(base, req)
	if err != nil {
		return err
	}
	if asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(cr)
	}
	fmt.Fprintf(stdout, "companion game %s (%s): open one link on each player's phone\ncolonial:  %s\ncylon:     %s\nspectator: %s\n",
		cr.Game, cr.Scenario, cr.Links["colonial"], cr.Links["cylon"], cr.Links["spectator"])
	if l := cr.Links[wire.OneDevice]; l != "" {
		fmt.Fprintf(stdout, "or both players on one device passed between them:\none device: %s\n", l)
	}
	return nil
}

// companionStatus prints where the game of a seat link stands.
func companionStatus(link, srv string, stdout io.Writer) error {
	if srv == "" {
		srv = "http://127.0.0.1:7878"
	}
	j, err := client.ParseLink(link, srv)
	if err != nil {
		return usagef("%v", err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	c := client.Dial(ctx, j.Server, j.Token)
	defer c.Close()
	st, err := c.Wait(ctx, func(*wire.State) bool { return true })
	if err != nil {
		return err
	}
	fmt.Fprint(stdout, companionText(st))
	return nil
}

// companionText renders a seat's state for the players at the table.
func companionText(st *wire.State) string {
	var b strings.Builder
	seat := string(st.Seat)
	if seat == "" {
		seat = "spectator"
	}
	kind := "network"
	if st.Companion {
		kind = "companion"
	}
	fmt.Fprintf(&b, "%s game %s, seat %s: turn %d, step %d, %s\n", kind, st.Game, seat, st.View.Turn, st.View.Step, st.View.Phase)
	if r := st.View.Result; r != nil {
		fmt.Fprintf(&b, "over: %s\n", resultText(r.Winner, r.Reason.Text()))
		return b.String()
	}
	if st.View.Phase == battle.Aligning && st.Need == nil {
		fmt.Fprintf(&b, "movement step %d is over: move the models as the moves say, correct the pose of any that stands elsewhere, then say the table is aligned (both players say it)\n", st.View.Step)
		for _, side := range st.Aligned {
			fmt.Fprintf(&b, "the %s player has said the table is aligned\n", side.Title())
		}
	}
	if len(st.Owe) > 0 {
		fmt.Fprintf(&b, "you owe: %s\n", strings.Join(st.Owe, ", "))
	}
	if n := st.Need; n != nil {
		b.WriteString("the game waits for " + client.NeedText(n, st.Seat) + "\n")
	}
	if u := st.Undo; u != nil {
		fmt.Fprintf(&b, "the %s player proposes to take back %d action(s): the other player consents or declines\n", u.By, u.Back)
		for _, t := range u.Takes {
			b.WriteString("  " + client.TakeBackText(t, st.Seat) + "\n")
		}
	} else if t := st.Last; t != nil {
		fmt.Fprintf(&b, "the last action (an undo by agreement takes it back): %s\n", client.TakeBackText(*t, st.Seat))
	}
	if len(st.Moves) > 0 {
		fmt.Fprintf(&b, "turn %d's moves to copy onto the table:\n", st.Moves[0].Turn)
		for _, m := range st.Moves {
			b.WriteString("  " + client.MoveText(m) + "\n")
		}
	}
	return b.String()
}
