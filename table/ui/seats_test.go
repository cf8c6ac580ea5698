package ui

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/seat"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// screen is one window of a play-through: its app and the one game
// screen in it.
type screen struct {
	a *App
	g *Game
}

// seatKind is one kind of seat the one game screen plays over: open
// returns the screens of a game of a built-in scenario (one for a local
// game, one a seat for a network game).
type seatKind struct {
	name string
	open func(t *testing.T, scenario string) []screen
}

// seatKinds are every kind of seat: hot-seat, against the computer
// (normal), and two network seats through a server on 127.0.0.1.
func seatKinds() []seatKind {
	local := func(cylon string) func(t *testing.T, scenario string) []screen {
		return func(t *testing.T, scenario string) []screen {
			a := newTestApp(t)
			a.Players[battle.Cylon] = cylon
			sc, err := scenarios.Load(scenario, a.Comp)
			require.NoError(t, err)
			g, err := NewGame(a, sc.Setup(), 5)
			require.NoError(t, err)
			a.Show(g.WithScenario(sc))
			return []screen{{a, g}}
		}
	}
	return []seatKind{
		{"hot-seat", local(Human)},
		{"against normal", local("normal")},
		{"network", func(t *testing.T, scenario string) []screen {
			s, err := server.New(server.Options{Data: t.TempDir()})
			require.NoError(t, err)
			hs := httptest.NewServer(s.Handler())
			t.Cleanup(func() { hs.Close(); s.Close() })
			cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: scenario})
			require.NoError(t, err)
			var out []screen
			for _, token := range []string{cr.Colonial, cr.Cylon} {
				a := newTestApp(t)
				g := NewNetGame(a, hs.URL, token)
				a.Show(g)
				t.Cleanup(func() { g.seat.Leave() })
				out = append(out, screen{a, g})
			}
			return out
		}},
	}
}

// seen is what a play-through showed, by what the screen drew.
type seen struct {
	stages    map[string]bool
	headlines []string // the playback's headlines, in order
	hitChance bool     // "hit 58% (7+ on 2d6)" beside a target while declaring
	margin    bool     // "… mm inside its edge": the arc's margin while declaring
	shotCards bool     // a shot card (HIT or MISS with its dice) on the board
	objective bool     // "ends N mm from the jump point" while planning
	goals     bool     // each side's goal in the help (F1)
	texts     []string // every text drawn, for the log of a failure
	beats     []beat   // the playback's beats, each once, in order
	beatAt    string
}

func (s *seen) note(sc screen) {
	if s.stages == nil {
		s.stages = map[string]bool{}
	}
	g := sc.g
	s.stages[g.Stage()] = true
	var texts []string
	for _, op := range sc.a.Frame().Ops {
		if op.Text != "" {
			texts = append(texts, op.Text)
		}
	}
	all := strings.Join(texts, "\n")
	switch g.Stage() {
	case "plan":
		s.objective = s.objective || strings.Contains(all, " mm from the jump point")
	case "declare":
		s.hitChance = s.hitChance || strings.Contains(all, "% (") && strings.Contains(all, "on 2d6")
		s.margin = s.margin || strings.Contains(strings.Join(texts, " "), " mm inside its edge")
	case "results", "anim":
		if g.beat < len(g.beats) {
			if at := fmt.Sprintf("%p/%d", &g.beats[0], g.beat); at != s.beatAt {
				s.beatAt = at
				s.beats = append(s.beats, g.beats[g.beat])
			}
			h := g.beats[g.beat].headline(g.a.Words)
			if len(s.headlines) == 0 || s.headlines[len(s.headlines)-1] != h {
				s.headlines = append(s.headlines, h)
			}
			if g.beats[g.beat].kind == beatFire {
				s.shotCards = s.shotCards || slices.ContainsFunc(texts, func(t string) bool { return t == "HIT" || t == "MISS" || strings.HasSuffix(t, "HITS") })
			}
		}
	}
	help := strings.Join(g.Help(), "\n")
	s.goals = s.goals || strings.Contains(help, "Colonial wins:") && strings.Contains(help, "Cylon wins:")
	s.texts = append(s.texts[max(0, len(s.texts)-200):], texts...)
}

// act makes the one decision or step the screen waits for, as a player
// would, by keys and clicks; it reports whether it did anything.
func act(t *testing.T, sc screen) bool {
	a, g := sc.a, sc.g
	switch g.Stage() {
	case "cover", "reveal", "results":
		enter(a)
	case "anim":
		runAnim(a, g)
	case "plan":
		if g.preplan {
			for range 8 {
				if len(g.mustPreplan(g.publicView())) == 0 || g.Stage() != "plan" {
					break
				}
				enter(a)
			}
			return true
		}
		for range 16 {
			need, now := g.plannable(g.side)
			if !now || g.Stage() != "plan" {
				break
			}
			if g.sel == "raptor" {
				send(a, kit.Type("5")...) // high: on towards the jump point
			} else {
				send(a, kit.Type("4")...) // medium
			}
			enter(a)
			if again, _ := g.plannable(g.side); len(again) == len(need) {
				enter(a) // a flagged plan: the second Enter commits it
			}
		}
		send(a, kit.Type("h")...)
	case "declare":
		send(a, kit.Type("1")...) // the first target, not held fire
		enter(a)
	case "marker":
		v := g.publicView()
		p := g.cam.ToScreen(physicsCentre(v))
		send(a, kit.Click(p.X, p.Y)...)
		enter(a)
	default: // think (the computer, the other seat), over
		return false
	}
	return true
}

// playThrough drives the screens until each has played turns turns or the
// battle is over, and returns what each showed.
func playThrough(t *testing.T, screens []screen, turns int) []seen {
	t.Helper()
	out := make([]seen, len(screens))
	deadline := time.Now().Add(3 * time.Minute) // a bound on the loop, not a budget: every step waits on state
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the play-through ends")
		done, acted := true, false
		for i, sc := range screens {
			out[i].note(sc)
			v := sc.g.publicView()
			if v.Phase == battle.Over || v.Turn > turns && sc.g.Stage() != "anim" && sc.g.Stage() != "results" {
				continue
			}
			done = false
			if act(t, sc) {
				acted = true
			}
		}
		if done {
			return out
		}
		if !acted {
			require.True(t, time.Now().Before(deadline), "stuck: stages %s / %s", screens[0].g.Stage(), screens[len(screens)-1].g.Stage())
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
}

// physicsCentre is the table's centre, where an FTL marker may go.
func physicsCentre(v battle.View) physics.Vec { return physics.V(v.Width/2, v.Depth/2) }

// TestOneScreenOverEverySeat: the one game screen plays Furball over every
// kind of seat, by the same keys and clicks: hot-seat, against normal, and
// two network seats through a server. Each shows the same things: the
// turn played back beat by beat (movement, then firing), each shot's card
// with its dice, the hit chance beside a target while declaring, each
// side's goal in the help.
func TestOneScreenOverEverySeat(t *testing.T) {
	for _, k := range seatKinds() {
		t.Run(k.name, func(t *testing.T) {
			screens := k.open(t, "furball")
			all := playThrough(t, screens, 3)
			var hit, cards, margin bool
			for i, s := range all {
				g := screens[i].g
				assert.True(t, s.goals, "%s: the goals in F1", g.Name())
				require.NotEmpty(t, s.headlines, "%s: a playback", g.Name())
				assert.True(t, slices.ContainsFunc(s.headlines, func(h string) bool { return strings.HasPrefix(h, "Movement") }), "%s: %q", g.Name(), s.headlines)
				assert.True(t, slices.ContainsFunc(s.headlines, func(h string) bool { return strings.HasPrefix(h, "Firing step") }), "%s: %q", g.Name(), s.headlines)
				hit, cards, margin = hit || s.hitChance, cards || s.shotCards, margin || s.margin
				t.Logf("%s: stages %v, headlines %q", g.Name(), s.stages, s.headlines)
			}
			assert.True(t, hit, "the hit chance while declaring")
			assert.True(t, cards, "the shot cards with their dice")
			assert.True(t, margin, "the arc's margin beside a target")
		})
	}
}

// TestEverySeatShowsTheObjective: planning The Jump Point's raptor, every
// kind of seat's screen says where the plan ends from the jump point.
func TestEverySeatShowsTheObjective(t *testing.T) {
	for _, k := range seatKinds() {
		t.Run(k.name, func(t *testing.T) {
			sc := k.open(t, "jump-point")[0] // the Colonial screen
			deadline := time.Now().Add(time.Minute)
			for sc.g.Stage() != "plan" {
				require.True(t, time.Now().Before(deadline), "stage %s", sc.g.Stage())
				if !act(t, sc) {
					time.Sleep(time.Millisecond)
					sc.a.Tick(1.0 / 60)
				}
			}
			for range 8 {
				if sc.g.sel == "raptor" {
					break
				}
				send(sc.a, kit.Press(kit.KeyTab))
			}
			require.Equal(t, "raptor", sc.g.sel)
			var s seen
			s.note(sc)
			assert.True(t, s.objective, "%s: %q", sc.g.Name(), s.texts)
		})
	}
}

// TestPlaybackInTheRulesOrderOnEverySeat: on every kind of seat, each
// turn plays back in the rules' order (The turn: movement step 1, firing
// step 1, movement step 2, firing step 2), whatever arrives: an FTL
// arrival in movement step 1 (The Jump Point's hunter-2 on turn 2), firing
// steps in which no ship can fire, shots in both steps (Furball).
func TestPlaybackInTheRulesOrderOnEverySeat(t *testing.T) {
	order := map[string]int{"move 1": 0, "fire 1": 1, "no fire 1": 1, "move 2": 2, "fire 2": 3, "no fire 2": 3}
	for _, k := range seatKinds() {
		t.Run(k.name, func(t *testing.T) {
			var names []string
			ftl, noFire := false, false
			fired := map[int]bool{}
			for _, scenario := range []string{"jump-point", "furball"} {
				screens := k.open(t, scenario)
				for i, s := range playThrough(t, screens, 3) {
					for _, b := range s.beats {
						if b.kind != beatResults {
							continue
						}
						// outside the steps: what a turn's start brings
						// (ships entering play) and an FTL jump's reveal,
						// marker and rolls, before movement step 1
						for _, e := range b.events {
							assert.True(t, ftlKind(e.Event) || e.Kind == battle.EvEnters || e.Kind == battle.EvJumpsOnto || e.Kind == battle.EvMovesOn || e.Kind == battle.EvCollision,
								"%s: a %s event outside the steps", scenario, e.Kind)
							ftl = ftl || e.Kind == battle.EvFTLEntry
						}
					}
					var steps []beat
					for _, b := range s.beats {
						if b.kind != beatResults {
							steps = append(steps, b)
						}
					}
					n := strings.Split(beatNames(steps), ", ")
					// split by turn: each turn is move 1, fire 1, move 2, fire 2
					var turns [][]string
					for _, b := range n {
						if b == "move 1" || len(turns) == 0 {
							turns = append(turns, nil)
						}
						turns[len(turns)-1] = append(turns[len(turns)-1], b)
					}
					require.GreaterOrEqual(t, len(turns), 3, "%s %d: three turns played: %v", scenario, i, n)
					for j, tn := range turns[:3] {
						require.Len(t, tn, 4, "%s, screen %d, turn %d: %v", scenario, i, j+1, tn)
						for k, b := range tn {
							assert.Equal(t, k, order[b], "%s, screen %d, turn %d: beat %d is %q (%v)", scenario, i, j+1, k, b, tn)
						}
					}
					for _, b := range s.beats {
						switch b.kind {
						case beatMove:
							for _, e := range b.events {
								ftl = ftl || b.step == "move 1" && e.Kind == battle.EvFTLEntry
							}
						case beatNoFire:
							noFire = true
						case beatFire:
							fired[b.fire] = true
						}
					}
					names = append(names, n...)
				}
			}
			assert.True(t, ftl, "an FTL arrival: %v", names)
			assert.True(t, noFire, "a firing step in which no ship can fire")
			assert.True(t, fired[1] && fired[2], "shots in both firing steps: %v", names)
		})
	}
}

// TestNetworkSeatShowsTheServersClock: a network game with a clock shows,
// on the one screen while planning, each side's time left as the server
// measures it, the running side marked.
func TestNetworkSeatShowsTheServersClock(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball", Clock: &wire.ClockSpec{Mode: wire.ClockLive, Seconds: 600}})
	require.NoError(t, err)
	var screens []screen
	for _, token := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		screens = append(screens, screen{a, g})
	}
	sc := screens[0]
	deadline := time.Now().Add(time.Minute) // a bound on the loop; it waits on the screen's state
	for sc.g.Stage() != "plan" {
		require.True(t, time.Now().Before(deadline), "stage %s", sc.g.Stage())
		for _, o := range screens {
			if !act(t, o) {
				time.Sleep(time.Millisecond)
				o.a.Tick(1.0 / 60)
			}
		}
	}
	text := strings.Join(func() []string {
		var out []string
		for _, op := range sc.a.Frame().Ops {
			out = append(out, op.Text)
		}
		return out
	}(), "\n")
	assert.Contains(t, text, "Clock: Colonial ")
	assert.Contains(t, text, "(running)")
}

// TestNetworkSeatSaysWhoseTurn: a network game's screen says whose turn
// it is (issue 26, correspondence play): while both owe their plans each
// says "Your turn"; once the Colonial player has sealed its plans and the
// Cylon has not, the Colonial screen says it is the Cylon's turn and the
// Cylon's still says "Your turn".
func TestNetworkSeatSaysWhoseTurn(t *testing.T) {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: "furball"})
	require.NoError(t, err)
	var screens []screen
	for _, token := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		screens = append(screens, screen{a, g})
	}
	text := func(sc screen) string {
		var out []string
		for _, op := range sc.a.Frame().Ops {
			out = append(out, op.Text)
		}
		return strings.Join(out, "\n")
	}
	deadline := time.Now().Add(time.Minute) // a bound on the loops; they wait on the screens' states
	for screens[0].g.Stage() != "plan" || screens[1].g.Stage() != "plan" {
		require.True(t, time.Now().Before(deadline), "stages %s, %s", screens[0].g.Stage(), screens[1].g.Stage())
		for _, o := range screens {
			if o.g.Stage() != "plan" && !act(t, o) {
				time.Sleep(time.Millisecond)
				o.a.Tick(1.0 / 60)
			}
		}
	}
	for _, sc := range screens {
		assert.Contains(t, text(sc), "Your turn", "%s, both owing their plans", sc.g.human())
		assert.NotContains(t, text(sc), "'s turn")
	}
	col, cyl := screens[0], screens[1]
	for !col.g.seat.Status().Sealed {
		require.True(t, time.Now().Before(deadline), "the Colonial plans are never sealed (stage %s)", col.g.Stage())
		if st := col.g.Stage(); (st == "plan" || st == "reveal") && !col.g.seat.Status().Sealed {
			act(t, col) // plans every Colonial ship, then Done seals them
		}
		time.Sleep(time.Millisecond)
		col.a.Tick(1.0 / 60)
	}
	assert.Contains(t, text(col), "Cylon's turn")
	assert.NotContains(t, text(col), "Your turn")
	cyl.a.Tick(1.0 / 60)
	assert.Contains(t, text(cyl), "Your turn", "the Cylon still owes its plans")
}

// TestNetworkGameSavesAndReplaysItsSignedRecord: at the end of a network
// game (Furball cut to one turn, through a server on 127.0.0.1) the
// victory screen's Save stores the signed record the server published,
// and its Replay plays the record's journal on the one screen, to the
// record's final state. The saved record replays from the file as well.
func TestNetworkGameSavesAndReplaysItsSignedRecord(t *testing.T) {
	yaml, err := os.ReadFile("../../scenarios/builtin/furball.yaml")
	require.NoError(t, err)
	short := strings.Replace(string(yaml), "turn_limit: 30", "turn_limit: 1", 1)
	require.NotEqual(t, string(yaml), short)
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{YAML: short})
	require.NoError(t, err)
	var screens []screen
	for _, token := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		screens = append(screens, screen{a, g})
	}
	playThrough(t, screens, 1)
	sc := screens[0]
	deadline := time.Now().Add(time.Minute) // a bound on the loop; it waits on the screen's state
	for {
		_, _, rec := sc.g.record()
		if sc.g.Stage() == "over" && rec {
			break
		}
		require.True(t, time.Now().Before(deadline), "stage %s, record %v", sc.g.Stage(), rec)
		if !act(t, sc) {
			time.Sleep(time.Millisecond)
			sc.a.Tick(1.0 / 60)
		}
		sc.a.Frame()
	}
	record := sc.g.seat.(*seat.Net).State().Record
	require.NotNil(t, record)

	// Save: the signed record, as the server signed it
	r, ok := buttonRect(sc.a, "Save (F2)")
	require.True(t, ok, "Save is offered on a network game's victory screen")
	send(sc.a, kit.Click(r.Center().X, r.Center().Y)...)
	require.NotNil(t, sc.a.modal, "Save asks where")
	path := filepath.Join(t.TempDir(), "record.json")
	sc.a.modal.text = path
	enter(sc.a)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var saved wire.Record
	require.NoError(t, json.Unmarshal(data, &saved))
	_, err = saved.Verify(sc.a.Comp, s.PublicKey())
	require.NoError(t, err, "the saved record verifies with the server's key")
	assert.Equal(t, record.Hash, saved.Hash)

	// Replay: the record's journal on the one screen, to its end
	r, ok = buttonRect(sc.a, "Replay")
	require.True(t, ok, "Replay is offered on a network game's victory screen")
	send(sc.a, kit.Click(r.Center().X, r.Center().Y)...)
	rp, ok := sc.a.screen.(*Replay)
	require.True(t, ok, "the replay is shown, not %s", sc.a.screen.Name())
	send(sc.a, kit.Press(kit.KeyEnd))
	assert.Equal(t, len(record.Journal), rp.at, "the replay reaches the record's end")
	assert.Equal(t, record.Hash, rp.b.HashFormat(record.HashFormat()), "at the record's final state")
	assert.Equal(t, battle.Over, rp.b.Phase())
	assert.Contains(t, drawnText(sc.a), "Turn 1", "the replay draws the game")

	// the saved record replays from its file too
	again, err := NewReplay(sc.a, path, data)
	require.NoError(t, err)
	assert.Equal(t, len(record.Journal), len(again.saved.Journal))
	saved.Journal = saved.Journal[:len(saved.Journal)-1]
	forged, err := json.Marshal(saved)
	require.NoError(t, err)
	_, err = NewReplay(sc.a, path, forged)
	assert.ErrorContains(t, err, "signature", "a record changed after signing does not replay")
}

// TestSpectatorSeatWatchesWithoutDeciding: a spectator's link (through a
// server on 127.0.0.1) opens the one game screen over a network seat that
// plays no side: it shows what both sides may see (every ship of both
// sides on the table, the turn's revealed plans), plays each turn back
// beat by beat in the rules' order as the players' screens do, and never
// offers a decision (no planning, declaring or marker stage, no Commit,
// Declare or Done button) until the victory screen.
func TestSpectatorSeatWatchesWithoutDeciding(t *testing.T) {
	for _, delay := range []int{0, 1} {
		t.Run(fmt.Sprintf("delay %d", delay), func(t *testing.T) { watchAsSpectator(t, delay) })
	}
}

// watchAsSpectator plays Furball cut to three turns on two network seats
// with a spectator watching delay turns behind.
func watchAsSpectator(t *testing.T, delay int) {
	yaml, err := os.ReadFile("../../scenarios/builtin/furball.yaml")
	require.NoError(t, err)
	short := strings.Replace(string(yaml), "turn_limit: 30", "turn_limit: 3", 1)
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{YAML: short, SpectatorDelay: delay})
	require.NoError(t, err)
	var players []screen
	for _, token := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		players = append(players, screen{a, g})
	}
	a := newTestApp(t)
	spec := screen{a, NewNetGame(a, hs.URL, cr.Spectator)}
	a.Show(spec.g)
	t.Cleanup(func() { spec.g.seat.Leave() })

	var watched seen
	bothSides, behind := false, false
	decisions := map[string]bool{}
	look := func() {
		watched.note(spec)
		for _, w := range a.Hots() {
			for _, label := range []string{"Commit", "Declare", "Done", "Hand over", "Place the marker", "hold fire"} {
				if strings.HasSuffix(w.ID, ":"+label) || strings.Contains(w.ID, ":"+label+" (") {
					decisions[label] = true
				}
			}
		}
		if spec.g.joined {
			text := drawnText(a)
			v := spec.g.publicView()
			has := map[battle.Side]bool{}
			for _, sh := range v.Ships {
				if strings.Contains(text, sh.ID) {
					has[sh.Side] = true
				}
			}
			bothSides = bothSides || has[battle.Colonial] && has[battle.Cylon]
			behind = behind || strings.Contains(strings.ReplaceAll(text, "\n", " "), "You watch 1 turn(s) behind the game")
		}
	}
	deadline := time.Now().Add(3 * time.Minute) // a bound on the loops; every step waits on state
	// the spectator's page is open before the game moves: it has the
	// game's first state (whether or not the players and the scenario
	// are in yet), so every turn is news to it
	for guard := 0; len(spec.g.seat.Events()) == 0; guard++ {
		require.Less(t, guard, 40000)
		require.True(t, time.Now().Before(deadline), "the spectator got no state")
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	for guard := 0; ; guard++ {
		require.Less(t, guard, 40000)
		look()
		if spec.g.Stage() == "over" {
			break
		}
		acted := false
		for _, p := range players {
			if p.g.publicView().Phase != battle.Over && act(t, p) {
				acted = true
			}
		}
		switch spec.g.Stage() { // the spectator goes on through the playback
		case "results", "cover":
			enter(a)
			acted = true
		case "anim":
			runAnim(a, spec.g)
			acted = true
		}
		if !acted {
			require.True(t, time.Now().Before(deadline), "stuck: spectator %s, players %s / %s", spec.g.Stage(), players[0].g.Stage(), players[1].g.Stage())
			time.Sleep(time.Millisecond)
			for _, sc := range append(players, spec) {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
	t.Logf("spectator stages %v, headlines %q", watched.stages, watched.headlines)
	assert.Empty(t, spec.g.seat.Sides(), "a spectator plays no side")
	for _, st := range []string{"plan", "declare", "marker"} {
		assert.False(t, watched.stages[st], "a spectator never gets the %s stage", st)
	}
	assert.Empty(t, decisions, "a spectator is offered no decision")
	assert.True(t, bothSides, "the spectator sees the ships of both sides")
	assert.True(t, watched.stages["results"] || watched.stages["anim"], "the turns are played back")
	moves := 0
	for _, h := range watched.headlines {
		if strings.HasPrefix(h, "Movement") {
			moves++
		}
	}
	assert.GreaterOrEqual(t, moves, 6, "each turn's two movement steps are played back: %q", watched.headlines)
	assert.Equal(t, delay > 0, behind, "a delayed spectator is told so")
	assert.True(t, slices.ContainsFunc(watched.headlines, func(h string) bool { return strings.HasPrefix(h, "Firing") }), "and its firing: %q", watched.headlines)
	assert.Contains(t, drawnText(a), "Turn 3: the turn limit (3) is reached.", "the end")
}

// TestSpectatorWaitingForThePlayersSeesTheFirstTurnPlayedBack: a
// spectator's page open before the game is ready (the Cylon player not in
// yet) shows the waiting room; when it next takes a state the players
// have played the first turn (its screen was busy, a slow phone): the
// first turn is news, not history, and its two movement steps are played
// back (The turn: movement steps), as they are for a spectator who joined
// when the game was ready.
func TestSpectatorWaitingForThePlayersSeesTheFirstTurnPlayedBack(t *testing.T) {
	yaml, err := os.ReadFile("../../scenarios/builtin/furball.yaml")
	require.NoError(t, err)
	short := strings.Replace(string(yaml), "turn_limit: 30", "turn_limit: 2", 1)
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{YAML: short})
	require.NoError(t, err)
	open := func(token string) screen {
		a := newTestApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		return screen{a, g}
	}
	colonial := open(cr.Colonial)
	spec := open(cr.Spectator)
	deadline := time.Now().Add(3 * time.Minute) // a bound on the loops; every step waits on state
	for guard := 0; len(spec.g.seat.Events()) == 0; guard++ {
		require.Less(t, guard, 40000)
		require.True(t, time.Now().Before(deadline), "the spectator got no state")
		time.Sleep(time.Millisecond)
		spec.a.Tick(1.0 / 60)
	}
	require.False(t, spec.g.joined, "the Cylon player is not in: the spectator waits")
	require.Equal(t, 1, spec.g.publicView().Turn)

	// the Cylon player joins and both play the first turn; the
	// spectator's screen takes no state meanwhile
	players := []screen{colonial, open(cr.Cylon)}
	for guard := 0; ; guard++ {
		require.Less(t, guard, 40000)
		if v := players[1].g.publicView(); v.Turn == 2 && players[0].g.publicView().Turn == 2 {
			break
		}
		acted := false
		for _, p := range players {
			if act(t, p) {
				acted = true
			}
		}
		if !acted {
			require.True(t, time.Now().Before(deadline), "stuck: players %s / %s", players[0].g.Stage(), players[1].g.Stage())
			time.Sleep(time.Millisecond)
			for _, p := range players {
				p.a.Tick(1.0 / 60)
			}
		}
	}

	// now the spectator takes the game, at turn 2
	var watched seen
	moved := map[int][]string{} // the movement steps played back, by turn
	for guard := 0; ; guard++ {
		require.Less(t, guard, 40000)
		watched.note(spec)
		g := spec.g
		if g.beat < len(g.beats) && g.beats[g.beat].kind == beatMove && (g.Stage() == "anim" || g.Stage() == "results") {
			if bt := g.beats[g.beat]; !slices.Contains(moved[bt.turn], bt.step) {
				moved[bt.turn] = append(moved[bt.turn], bt.step)
			}
		}
		switch g.Stage() {
		case "cover", "results":
			enter(spec.a)
			continue
		case "anim":
			runAnim(spec.a, g)
			continue
		}
		if g.joined && g.publicView().Turn == 2 {
			break
		}
		require.True(t, time.Now().Before(deadline), "the spectator never showed turn 2: %s", g.Stage())
		time.Sleep(time.Millisecond)
		spec.a.Tick(1.0 / 60)
	}
	assert.Equal(t, []string{"move 1", "move 2"}, moved[1], "the first turn's movement steps are played back: %q", watched.headlines)
	assert.Equal(t, "think", spec.g.Stage(), "then the spectator watches turn 2")
}

// TestSeveralTurnsAtOncePlayEachAlongItsOwnPaths: a spectator's screen
// that takes no state while the players play three turns (a slow phone, a
// reconnect) gets the three turns' events at once; each turn's movement
// steps are played back from that turn's own start along the path the
// engine flew in that turn (The turn: movement steps), not along the
// latest turn's. The engine's paths come from replaying the signed
// record's journal turn by turn.
func TestSeveralTurnsAtOncePlayEachAlongItsOwnPaths(t *testing.T) {
	yaml, err := os.ReadFile("../../scenarios/builtin/furball.yaml")
	require.NoError(t, err)
	short := strings.Replace(string(yaml), "turn_limit: 30", "turn_limit: 3", 1)
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{YAML: short})
	require.NoError(t, err)
	var players []screen
	for _, token := range []string{cr.Colonial, cr.Cylon} {
		a := newTestApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		players = append(players, screen{a, g})
	}
	a := newTestApp(t)
	spec := screen{a, NewNetGame(a, hs.URL, cr.Spectator)}
	a.Show(spec.g)
	t.Cleanup(func() { spec.g.seat.Leave() })

	// the spectator joins at turn 1, then takes nothing until the end
	deadline := time.Now().Add(3 * time.Minute) // a bound on the loop; every step waits on state
	for guard := 0; !spec.g.joined || slices.Contains([]string{"cover", "anim", "results"}, spec.g.Stage()); guard++ {
		require.Less(t, guard, 40000)
		if spec.g.joined {
			enter(a)
		}
		require.True(t, time.Now().Before(deadline), "the spectator never joined: %s", spec.g.Stage())
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	require.Equal(t, 1, spec.g.publicView().Turn)
	over := func() bool {
		for _, p := range players {
			if p.g.publicView().Phase != battle.Over {
				return false
			}
		}
		return true
	}
	for guard := 0; !over(); guard++ {
		require.Less(t, guard, 40000)
		acted := false
		for _, p := range players {
			if p.g.publicView().Phase != battle.Over && act(t, p) {
				acted = true
			}
		}
		if !acted {
			require.True(t, time.Now().Before(deadline), "stuck: players %s / %s", players[0].g.Stage(), players[1].g.Stage())
			time.Sleep(time.Millisecond)
			for _, p := range players {
				p.a.Tick(1.0 / 60)
			}
		}
	}

	// the engine's paths, turn by turn, from the signed record
	var replayed *battle.Battle
	for guard := 0; replayed == nil; guard++ {
		require.Less(t, guard, 40000)
		require.True(t, time.Now().Before(deadline), "no signed record")
		players[0].a.Tick(1.0 / 60)
		_, replayed, _ = players[0].g.seat.(seat.Recorded).SignedRecord()
		time.Sleep(time.Millisecond)
	}
	flown := map[int]map[string]starship.Outcome{}
	starts := map[int]map[string]starship.Step{}
	journal := replayed.Journal()
	for k := range journal {
		b, err := battle.Replay(replayed.Setup(), a.Comp, replayed.Seed(), journal[:k+1])
		require.NoError(t, err)
		turn, fs := b.Flights() // as the turn's last command left them
		if turn == 0 {
			continue
		}
		flown[turn], starts[turn] = map[string]starship.Outcome{}, map[string]starship.Step{}
		for _, f := range fs {
			flown[turn][f.Ship], starts[turn][f.Ship] = f.Outcome, f.From
		}
	}
	require.Len(t, flown, 3)
	for turn, fs := range flown {
		require.NotEmpty(t, fs, "turn %d: ships moved", turn)
	}

	// now the spectator takes the three turns at once
	for guard := 0; spec.g.beats == nil; guard++ {
		require.Less(t, guard, 40000)
		require.True(t, time.Now().Before(deadline), "the spectator got no playback: %s", spec.g.Stage())
		time.Sleep(time.Millisecond)
		a.Tick(1.0 / 60)
	}
	turns := map[int]bool{}
	for _, bt := range spec.g.beats {
		turns[bt.turn] = true
	}
	require.Len(t, turns, 3, "one batch holds the three turns: %v", turns)
	checked, stood := map[int]int{}, 0
	played := map[int][]string{} // the movement steps played back, by turn
	worn := 0                    // counters the badges wore as the beats came
	for guard := 0; spec.g.Stage() != "over"; guard++ {
		require.Less(t, guard, 200)
		if spec.g.beat < len(spec.g.beats) {
			worn = max(worn, badgesAgreeWithTheLog(t, a, spec.g, "turn %d", spec.g.beats[spec.g.beat].turn))
		}
		if spec.g.Stage() == "results" && spec.g.beat < len(spec.g.beats) {
			// a beat that waits: each ship is drawn where that turn's
			// movement steps played so far left it (its start before
			// the first), not where a later turn puts it
			bt := spec.g.beats[spec.g.beat]
			if bt.kind == beatMove && !slices.Contains(played[bt.turn], bt.step) {
				played[bt.turn] = append(played[bt.turn], bt.step)
			}
			for id, o := range flown[bt.turn] {
				want := starts[bt.turn][id]
				for _, step := range played[bt.turn] {
					if st, ok := stepPose(o, step); ok {
						want = st // a ship with no such step stands
					}
				}
				lk, ok := drawnLook(spec.g, id)
				if !ok || lk.Out {
					continue
				}
				assert.Less(t, lk.Pose.Pos.Dist(want.Pose.Pos), 0.01, "turn %d, beat %d (%s): %s drawn %.1f mm from where the turn has it", bt.turn, spec.g.beat, bt.headline(a.Words), id, lk.Pose.Pos.Dist(want.Pose.Pos))
				stood++
			}
		}
		if spec.g.Stage() == "anim" && spec.g.anim != nil {
			bt := spec.g.beats[spec.g.beat]
			played[bt.turn] = append(played[bt.turn], bt.step)
			an := *spec.g.anim
			p := len(an.phases) - 1
			for id, m := range an.phases[p].ships {
				o, ok := flown[bt.turn][id]
				require.True(t, ok, "turn %d: %s moves in the playback but flew nothing", bt.turn, id)
				want, ok := stepPose(o, bt.step)
				require.True(t, ok, "turn %d: %s has no %s", bt.turn, id, bt.step)
				for _, u := range []float64{0, 0.25, 0.5, 0.75, 1} {
					an.t, an.hold = (float64(p)+u)*an.dur, true
					at := an.look(ShipLook{ID: id}).Pose.Pos
					if !m.jump && !m.enter {
						assert.Less(t, distToPath(o.Path, at), 0.5, "turn %d %s: %s at %.2f is %.2f mm off the path it flew", bt.turn, bt.step, id, u, distToPath(o.Path, at))
					}
				}
				assert.Less(t, an.look(ShipLook{ID: id}).Pose.Pos.Dist(want.Pose.Pos), 0.01, "turn %d %s: %s ends where the engine put it", bt.turn, bt.step, id)
				checked[bt.turn]++
			}
			runAnim(a, spec.g)
			continue
		}
		enter(a)
	}
	t.Logf("ships' moves checked by turn: %v; ships' stands at waiting beats: %d", checked, stood)
	assert.Positive(t, stood, "stands checked at the beats that wait")
	assert.Positive(t, worn, "a counter drawn in the turns played back (the badges checked something)")
	for turn := 1; turn <= 3; turn++ {
		assert.Positive(t, checked[turn], "turn %d's moves are played back", turn)
	}
}

// drawnLook is ship id as the screen draws it now (the view's, through the
// playback's animation).
func drawnLook(g *Game, id string) (ShipLook, bool) {
	for _, s := range g.publicView().Ships {
		if s.ID == id {
			return g.boardLook(s), true
		}
	}
	return ShipLook{}, false
}

// distToPath is how far p lies from a polyline.
func distToPath(path []physics.Vec, p physics.Vec) float64 {
	if len(path) == 1 {
		return path[0].Dist(p)
	}
	best := math.Inf(1)
	for i := 1; i < len(path); i++ {
		best = math.Min(best, physics.Segment{A: path[i-1], B: path[i]}.DistanceToPoint(p))
	}
	return best
}
