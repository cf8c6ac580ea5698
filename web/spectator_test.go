package web_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// TestSpectatorLinkOnAPhone: the spectator link of a network game (bsg
// serve on 127.0.0.1; Furball cut to three turns, played by two computer
// players over the protocol) opened on a phone held upright (390 × 844,
// touch). Live, the spectator sees each turn played back as a player does
// (the ships moving, each shot card with its dice and result, every
// result line) and never a plan before both sides revealed it: each turn
// the test holds the Cylon reveal back after the Colonial one (the server
// then holds the Colonial plans) and reads the page. With the server's
// spectator delay of one turn, the page shows turn N only once the game
// is a turn further, and when the game ends it catches up: the turns it
// had not seen are played back. The page is read through the state it
// publishes (ui.PageState), never its pixels; a page that shows a later
// turn, a line of an event the public game does not hold yet, a side's
// secret, or nothing at all fails.
func TestSpectatorLinkOnAPhone(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a whole game watched in a browser, twice: minutes")
	}
	page(t) // builds the page
	for _, delay := range []int{0, 1} {
		t.Run(fmt.Sprintf("delay %d", delay), func(t *testing.T) {
			t.Parallel() // a server and a phone of its own
			watchOnAPhone(t, delay)
		})
	}
}

// memSeals keeps a seat's commitment openings in memory (client.SealStore).
type memSeals struct {
	mu sync.Mutex
	m  map[string][]byte
}

func (s *memSeals) Put(name string, data []byte) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.m[name] = data
	return nil
}

func (s *memSeals) Get(name string) ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.m[name]; ok {
		return d, nil
	}
	return nil, os.ErrNotExist
}

// player is one side of the watched game: a computer policy on a client.
type player struct {
	c    *client.Client
	g    *policy.Game
	p    policy.Policy
	side battle.Side
}

func (pl *player) plans(st *wire.State) []battle.Command {
	seat := pl.g.RemoteSeat(st.Seat, st.View)
	var cmds []battle.Command
	for _, id := range st.Owe {
		plan := pl.p.Plan(seat, id)
		cmds = append(cmds, battle.Command{Type: battle.CmdPlan, Ship: id, Plan: &plan})
	}
	return cmds
}

// owes reports whether the player owes a decision now that it has not
// committed to.
func owes(st *wire.State) bool {
	return st != nil && st.Ready && len(st.Owe) > 0 && st.View.Phase != battle.Over && !slices.Contains(st.Committed, st.Seat)
}

// watched is what the spectator's page showed over the game.
type watched struct {
	moves    int             // movement beats played back
	moved    int             // of them, beats in which a ship was drawn at two places
	lines    map[string]bool // result lines shown during the playback, by event key
	shots    map[string]bool // shot cards shown, by shooter, target and dice
	maxTurn  int
	pictured bool                     // the first shot cards were pictured
	beatSeen map[string][]ui.PageShip // the ships at the first look at each movement beat
	before   []ui.PageShip            // the ships at the look before (the board before a beat first seen)
}

// lineKey names an event by its turn, kind and ships.
func lineKey(turn int, kind, ship, other string) string {
	return fmt.Sprintf("%d %s %s %s", turn, kind, ship, other)
}

func shotKey(shooter, target string, dice [2]int) string {
	return fmt.Sprintf("%s at %s %d+%d", shooter, target, dice[0], dice[1])
}

// startOfTurn are the kinds of events a turn's state holds before its
// plans are revealed: what a spectator delayed to the start of a turn may
// read of it.
var startOfTurn = map[battle.EventKind]bool{battle.EvTurn: true, battle.EvEnters: true, battle.EvTailRoll: true,
	battle.EvTailing: true, battle.EvTailCircle: true, battle.EvTailDeclined: true, battle.EvTailChosen: true,
	battle.EvPlanned: true, battle.EvWithdrawn: true}

// results are the kinds of events every player sees in the playback's
// result lines.
var results = map[battle.EventKind]bool{battle.EvAttack: true, battle.EvDamage: true, battle.EvEliminated: true,
	battle.EvIllegal: true, battle.EvCollision: true, battle.EvEnd: true}

func watchOnAPhone(t *testing.T, delay int) {
	s, err := server.New(server.Options{Data: t.TempDir(), Web: web.Handler(pageRep.Dir)})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: s.Handler()}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	base := "http://" + ln.Addr().String()

	src, err := os.ReadFile(filepath.Join("..", "scenarios", "builtin", "furball.yaml"))
	require.NoError(t, err)
	const turns = 3
	yaml := strings.Replace(string(src), "turn_limit: 30", fmt.Sprintf("turn_limit: %d", turns), 1)
	require.NotEqual(t, string(src), yaml)
	cr, err := client.Host(base, server.CreateRequest{YAML: yaml, SpectatorDelay: delay})
	require.NoError(t, err)

	comp := assets.Default()
	greedy, err := policy.ByName("greedy")
	require.NoError(t, err)
	gctx, stop := context.WithCancel(context.Background())
	t.Cleanup(stop)
	players := map[battle.Side]*player{}
	for _, side := range battle.Sides {
		c := client.Dial(gctx, base, map[battle.Side]string{battle.Colonial: cr.Colonial, battle.Cylon: cr.Cylon}[side])
		t.Cleanup(c.Close)
		c.SetComponents(comp)
		c.KeepSealsIn(&memSeals{m: map[string][]byte{}})
		players[side] = &player{c: c, p: greedy, side: side}
	}
	col, cyl := players[battle.Colonial], players[battle.Cylon]
	for _, pl := range players {
		st, err := pl.c.Wait(gctx, func(s *wire.State) bool { return s.Ready })
		require.NoError(t, err)
		pl.g = policy.NewRemote(comp, st.Rules, uint64(len(pl.side)))
	}

	// the spectator link on a phone
	link, ok := cr.Links["spectator"]
	require.True(t, ok, "a spectator link: %v", cr.Links)
	ctx := browse(t, link, phoneLite)
	st := waitFor(t, ctx, pageWait, "the spectator's game", func(st ui.PageState) bool {
		return st.Screen == "network game" && st.Turn == 1
	})
	screenshot(t, ctx, "spectator-joined")
	assert.Empty(t, st.Side, "a spectator plays no side")

	w := &watched{lines: map[string]bool{}, shots: map[string]bool{}, beatSeen: map[string][]ui.PageShip{}}
	// truth: the public game now (read AFTER the page, so that a page
	// that shows something the game does not hold yet cannot pass)
	truth := func() (*wire.State, map[string]bool, map[string]bool, int) {
		now := col.c.State()
		public, attacks := map[string]bool{}, map[string]bool{}
		for _, e := range now.View.Events {
			if e.Secret {
				continue
			}
			public[lineKey(e.Turn, string(e.Kind), e.Ship, e.Other)] = true
			if e.Kind == battle.EvAttack && len(e.Dice) == 2 {
				attacks[shotKey(e.Ship, e.Other, [2]int{e.Dice[0], e.Dice[1]})] = true
			}
		}
		// the latest turn the spectator may see, and whether all of it
		seen := now.View.Turn
		if delay > 0 && now.View.Phase != battle.Over {
			seen = max(now.View.Turn-delay, 1)
		}
		return now, public, attacks, seen
	}
	// check reads the page once and checks that it shows nothing hidden;
	// it notes what the playback showed.
	check := func(what string) ui.PageState {
		t.Helper()
		raw, _ := published(t, ctx)
		st := decode(t, raw)
		now, public, attacks, seen := truth()
		over := now.View.Phase == battle.Over
		require.LessOrEqual(t, st.Turn, seen, "%s: the page shows turn %d; the game is at turn %d, the spectator %d turn(s) behind", what, st.Turn, now.View.Turn, delay)
		for _, ln := range st.Lines {
			require.False(t, ln.Secret, "%s: the page shows a side's secret: %q", what, ln.Text)
			require.True(t, public[lineKey(ln.Turn, ln.Kind, ln.Ship, ln.Other)], "%s: the page shows %q, which the public game does not hold", what, ln.Text)
			if delay > 0 && !over {
				require.True(t, ln.Turn < seen || ln.Turn == seen && startOfTurn[battle.EventKind(ln.Kind)],
					"%s: the page shows %q of turn %d; the game is at turn %d, the spectator %d turn(s) behind", what, ln.Text, ln.Turn, now.View.Turn, delay)
			}
		}
		if len(st.Shots) > 0 && !w.pictured {
			// the first shot cards, as the player sees them
			w.pictured = true
			screenshot(t, ctx, "spectator-shots")
		}
		for _, sh := range st.Shots {
			require.True(t, attacks[shotKey(sh.Shooter, sh.Target, sh.Dice)], "%s: the page shows a shot %s at %s (%v) the game did not roll", what, sh.Shooter, sh.Target, sh.Dice)
			require.Contains(t, []string{"HIT", "MISS", "TWO HITS"}, sh.Result)
			w.shots[shotKey(sh.Shooter, sh.Target, sh.Dice)] = true
		}
		w.maxTurn = max(w.maxTurn, st.Turn)
		defer func() { w.before = st.Ships }()
		if st.Stage == "moving" || st.Stage == "results" {
			for _, ln := range st.Lines {
				w.lines[lineKey(ln.Turn, ln.Kind, ln.Ship, ln.Other)] = true
			}
			if strings.HasPrefix(st.Headline, "Movement") {
				key := fmt.Sprintf("%d/%d", st.Seq, st.Beat)
				if first, ok := w.beatSeen[key]; !ok {
					w.beatSeen[key] = st.Ships
					w.moves++
					if w.before != nil && !slices.Equal(w.before, st.Ships) {
						// first looked at once it had moved (a slow
						// look at a busy machine): the board moved
						// from where it stood before the beat
						w.moved++
						w.beatSeen[key] = nil // counted
					}
				} else if st.Stage == "results" && !slices.Equal(first, st.Ships) && first != nil {
					w.moved++
					w.beatSeen[key] = nil // counted
				}
			}
		}
		return st
	}
	// goOn taps the playback's Go on (scrolling the panel when it lies
	// below the fold); false when the page shows none.
	goOn := func(st ui.PageState) bool {
		if b, ok := button(st, "Continue"); ok && st.Stage == "cover" {
			// the briefing first, as for a player
			raw, _ := published(t, ctx)
			tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
			awaitChange(t, ctx, raw)
			return true
		}
		if st.Stage != "moving" && st.Stage != "results" {
			return false
		}
		b, ok := button(st, "Go on")
		if !ok {
			if _, log := button(st, "Log"); log {
				scrollUp(t, ctx, st)
				return true
			}
			return false
		}
		raw, _ := published(t, ctx)
		tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
		awaitChange(t, ctx, raw)
		return true
	}
	// idle waits until the page has settled and shows no playback, and
	// says whether it shows the latest the spectator may see.
	idle := func() bool {
		st := settle(t, ctx)
		check("settled")
		if goOn(st) {
			return false
		}
		_, _, _, seen := truth()
		return st.Turn == seen
	}
	// the log, opened as a player would, checked, closed again
	readLog := func(what string) {
		t.Helper()
		st := settle(t, ctx)
		raw, _ := published(t, ctx)
		tapButton(t, ctx, "Log")
		awaitChange(t, ctx, raw)
		st = check(what + ", the log open")
		screenshot(t, ctx, "spectator-"+strings.ReplaceAll(what, " ", "-"))
		require.NotEmpty(t, st.Lines, "%s: the log shows the game", what)
		raw, _ = published(t, ctx)
		tapButton(t, ctx, "Log")
		awaitChange(t, ctx, raw)
	}

	// the game, a decision at a time; live, the players wait for the
	// page to show what happened before they go on
	deadline := time.Now().Add(4 * pageWait) // a bound; every step waits on state
	sealedTurns := map[int]bool{}
	for {
		require.True(t, time.Now().Before(deadline), "the game did not end")
		check("during the game")
		cs, ys := col.c.State(), cyl.c.State()
		if cs.View.Phase == battle.Over && ys.View.Phase == battle.Over {
			break
		}
		if !idle() { // the page plays back what it was sent first
			continue
		}
		switch {
		case owes(cs) && owes(ys) && cs.Sealed && cs.View.Phase == battle.Planning && !sealedTurns[cs.View.Turn]:
			// The Cylon player commits and holds its opening back; the
			// Colonial player commits and opens: the server now holds the
			// Colonial plans, the engine nothing.
			turn := cs.View.Turn
			sealedTurns[turn] = true
			yctx, hold := context.WithCancel(gctx)
			held := make(chan error, 1)
			cmds := cyl.plans(ys)
			go func() { held <- cyl.c.Seal(yctx, cmds) }()
			_, err := cyl.c.Wait(gctx, func(s *wire.State) bool { return slices.Contains(s.Committed, battle.Cylon) })
			require.NoError(t, err)
			hold()
			require.ErrorIs(t, <-held, context.Canceled)
			require.True(t, cyl.c.Unopened())
			require.NoError(t, col.c.Seal(gctx, col.plans(cs)))
			opened, err := col.c.Wait(gctx, func(s *wire.State) bool { return slices.Contains(s.Revealed, battle.Colonial) })
			require.NoError(t, err)
			require.Equal(t, battle.Planning, opened.View.Phase, "turn %d: the engine waits for the Cylon opening", turn)
			if delay == 0 {
				// the page has what the server sends now
				waitFor(t, ctx, pageWait, "the Colonial opening on the page", func(st ui.PageState) bool { return st.Seq >= opened.Seq })
			}
			readLog(fmt.Sprintf("turn %d sealed", turn))
			require.NoError(t, cyl.c.Resume(gctx))
		case owes(cs) || owes(ys):
			// every other decision: both sides at once when both owe one
			var wg sync.WaitGroup
			errs := make(chan error, 2)
			for _, pl := range []*player{col, cyl} {
				ps := pl.c.State()
				if !owes(ps) {
					continue
				}
				wg.Add(1)
				go func() {
					defer wg.Done()
					errs <- decide(gctx, pl, ps)
				}()
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				require.NoError(t, err)
			}
		default:
			// the server, or a player's state on its way
			ctx2, cancel := context.WithTimeout(gctx, 50*time.Millisecond)
			_, _ = col.c.Wait(ctx2, func(s *wire.State) bool { return s.Seq != cs.Seq })
			cancel()
		}
	}

	// the end: the page plays back what it has not shown and shows the
	// result (a delayed spectator is sent the whole game now)
	for i := 0; ; i++ {
		require.Less(t, i, 400, "the page never reached the end of the game")
		st := check("after the game")
		if st.Stage == "over" && st.Result != "" {
			break
		}
		if !goOn(st) {
			raw, _ := published(t, ctx)
			changed(t, ctx, raw, pageWait)
		}
	}
	screenshot(t, ctx, "spectator-over")
	readLog("over")

	// what the page played back: every turn's moves, every shot and every
	// result of the game
	final, public, attacks, _ := truth()
	require.Equal(t, battle.Over, final.View.Phase)
	assert.Equal(t, turns, w.maxTurn, "the page showed every turn")
	assert.GreaterOrEqual(t, w.moves, 2*turns, "each turn's two movement steps are played back")
	assert.Positive(t, w.moved, "the ships move during the playback")
	require.NotEmpty(t, attacks, "the game has shots (Furball's ships meet in turn 2)")
	for k := range attacks {
		assert.True(t, w.shots[k], "the shot %s is shown on its card", k)
	}
	for _, e := range final.View.Events {
		k := lineKey(e.Turn, string(e.Kind), e.Ship, e.Other)
		if results[e.Kind] && !e.Secret && public[k] {
			assert.True(t, w.lines[k], "the result %q is shown in the playback", e.Text())
		}
	}
	assert.NotEmpty(t, sealedTurns, "a turn's plans were read between the two openings")
	t.Logf("delay %d: %d turns read between the openings, %d movement beats (%d seen moving), %d shots, %d result lines", delay, len(sealedTurns), w.moves, w.moved, len(w.shots), len(w.lines))
}

// decide makes one decision the player owes (not a sealed plan held back).
func decide(ctx context.Context, pl *player, st *wire.State) error {
	seat := pl.g.RemoteSeat(st.Seat, st.View)
	switch st.View.Phase {
	case battle.Planning:
		return pl.c.Seal(ctx, pl.plans(st))
	case battle.Declaring:
		pl.g.SetTargets(st.Targets)
		cmd := battle.Command{Type: battle.CmdDeclare, Shots: pl.p.Declare(seat)}
		if st.Sealed {
			return pl.c.Seal(ctx, []battle.Command{cmd})
		}
		return pl.c.Act(ctx, cmd)
	case battle.Preplanning:
		id := st.Owe[0]
		plan := pl.p.Plan(seat, id)
		return pl.c.Act(ctx, battle.Command{Type: battle.CmdPreplan, Ship: id, Plan: &plan})
	case battle.PlacingFTL:
		return errors.New("Furball has no FTL: a marker is owed")
	}
	return fmt.Errorf("a decision of phase %s", st.View.Phase)
}
