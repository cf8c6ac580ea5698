package web_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
	"github.com/starshipbattles/bsg/wire"
)

// A companion game (the table companion: the players move their own
// models; the phones keep the twin, the books and the secrets) of The
// Jump Point, the whole scenario to its end (the raptor jumps away from
// the jump point, is destroyed, every Raider is gone, or turn 15 ends),
// played through the two seat links on two phones held upright (390 ×
// 844, touch): illegal plans on both phones (the raptor's hard turn at
// medium speed, the escorts' and hunter-1's hard turns at high) whose
// damage counters their owners type from the table's cup; a counter the
// cup no longer has typed and refused with its words on the phone, the
// game unchanged; every die typed from the table (exactly the buttons 1
// to 6: no other number can be entered); a pose corrected by a finger
// dragging a base after a movement step, then typed off the table and on
// another base (each refused with its words on the phone, the game
// unchanged) and where the model stands; a typed die taken back by
// agreement (proposed on one phone, agreed on the other); hunter-2's FTL
// arrival and the raptor's jump away from inside the jump point
// (Faster-than-light movement; the scenario's special rule jump-away),
// the marker placed by a tap and the dice typed. No two controls
// overlap, each is at least 9 mm high. Neither phone receives the
// other's plan before the reveal nor its counters (leaks). The signed
// record verifies and replays to the same hash; the final screen says
// who won, near its top. The phones are drawn at one device pixel to the
// CSS pixel (the same layout; a ninth of the pixels painted). Three to
// six minutes with the page built; it is a long test, so it runs only
// with BSG_COMPANION_GAME=whole: `make companion-game` runs it alone and
// keeps its screenshots; make test plays the two-turn cut
// (TestCompanionGameOnTwoPhones).
func TestCompanionWholeGameOnTwoPhones(t *testing.T) {
	t.Parallel()
	if testing.Short() || os.Getenv("BSG_COMPANION_GAME") != "whole" {
		t.Skip("the whole companion game on two phones: BSG_COMPANION_GAME=whole (make companion-game)")
	}
	playCompanion(t, true)
}

// TestCompanionGameOnTwoPhones is TestCompanionWholeGameOnTwoPhones cut
// to two turns (hunter-2 still enters by FTL on turn 2, the raptor jumps
// on the table on turn 2, hunter-3 stays home): the same steps but
// escort-1's second illegal plan and the jump away. make test plays this
// cut; the whole game runs with BSG_COMPANION_GAME=whole.
func TestCompanionGameOnTwoPhones(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("a companion game on two phones: not in the quick tier")
	}
	playCompanion(t, false)
}

// playCompanion plays a companion game of The Jump Point on two phones:
// cut to two turns, or whole.
func playCompanion(t *testing.T, whole bool) {
	began := time.Now()
	page(t) // builds the page
	s, err := server.New(server.Options{Data: t.TempDir(), Web: web.Handler(pageRep.Dir), Logf: t.Logf})
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	hs := &http.Server{Handler: s.Handler()}
	go hs.Serve(ln) //nolint:errcheck // closed below
	t.Cleanup(func() { hs.Close() })
	base := "http://" + ln.Addr().String()

	src, err := os.ReadFile(filepath.Join("..", "scenarios", "builtin", "jump-point.yaml"))
	require.NoError(t, err)
	yaml := string(src)
	if !whole {
		// two turns: hunter-2 still enters by FTL on turn 2; hunter-3
		// (turn 4) stays home
		for _, cut := range [][2]string{{"turn_limit: 15", "turn_limit: 2"}, {"turns: 15}", "turns: 2}"}} {
			require.Contains(t, yaml, cut[0])
			yaml = strings.Replace(yaml, cut[0], cut[1], 1)
		}
		lines := strings.Split(yaml, "\n")
		lines = slices.DeleteFunc(lines, func(l string) bool { return strings.Contains(l, "id: hunter-3") })
		yaml = strings.Join(lines, "\n")
	}
	sc, err := scenarios.Parse("jump-point.yaml", []byte(yaml), assets.Default())
	require.NoError(t, err)
	var zone physics.Polygon
	for _, z := range sc.Zones {
		if z.ID == "jump-point" {
			for _, v := range z.Polygon {
				zone = append(zone, physics.V(v[0], v[1]))
			}
		}
	}
	require.NotEmpty(t, zone, "the jump point")
	cr, err := client.Host(base, server.CreateRequest{YAML: yaml, Companion: true})
	require.NoError(t, err)

	sides := []string{"colonial", "cylon"}
	seats := []battle.Side{battle.Colonial, battle.Cylon}
	sc2 := phoneLite
	phones := make([]context.Context, 2)
	received := make([]*frames, 2)
	for i, side := range sides {
		received[i] = &frames{}
		listen, enable := recordFrames(received[i])
		// the page's console in the log: a program that dies (a Go
		// panic in the browser) says why there, where the page's state
		// only stops changing
		phones[i] = browseWith(t, cr.Links[side], sc2, func(ev any) {
			listen(ev)
			if e, ok := ev.(*runtime.EventConsoleAPICalled); ok {
				for _, a := range e.Args {
					if v := string(a.Value); v != "" && v != `""` {
						t.Logf("%s console: %s", side, v)
					}
				}
			}
		}, enable)
	}
	// each phone's messages and last screen kept when the test fails,
	// to read what it was told
	t.Cleanup(func() {
		if !t.Failed() {
			return
		}
		for i, side := range sides {
			_ = os.WriteFile(filepath.Join(t.ArtifactDir(), "received-"+side+".jsonl"), []byte(strings.Join(received[i].all(), "\n")+"\n"), 0o644)
			var png []byte
			if chromedp.Run(phones[i], chromedp.CaptureScreenshot(&png)) == nil {
				_ = os.WriteFile(filepath.Join(t.ArtifactDir(), "companion-failed-"+side+".png"), png, 0o644)
			}
		}
	})
	for i, side := range sides {
		waitFor(t, phones[i], pageWait, side+"'s companion game", func(st ui.PageState) bool {
			return st.Screen == "companion game"
		})
	}
	// the Colonial phone's latest state as the server sent it: where a
	// ship stands and how much fuel it has (the page shows the board,
	// not the engine's millimetres)
	shipNow := func(id string) (battle.ShipView, bool) {
		msgs := received[0].all()
		for k := len(msgs) - 1; k >= 0; k-- {
			var m wire.ServerMsg
			if json.Unmarshal([]byte(msgs[k]), &m) == nil && m.State != nil {
				for _, sv := range m.State.View.Ships {
					if sv.ID == id {
						return sv, sv.OnTable && !sv.Out
					}
				}
			}
		}
		return battle.ShipView{}, false
	}
	raptor := func() (battle.ShipView, bool) { return shipNow("raptor") }
	// the box's damage counters by kind, as the counters' buttons name
	// them ("1 engine"); those each phone typed, and how many it left to
	// the app's cup
	inBox, typedKinds, appDraws := map[string]int{}, []map[string]int{{}, {}}, make([]int, 2)
	for _, k := range assets.Default().Damage {
		inBox[battle.Counter{Value: k.Value, Plus: k.Plus, Special: k.Special}.String()] += k.Count
	}

	var (
		illegal, ftl, dragged, typedDie, proposed, agreed, typedPose, cupRefused bool
		dice, aligned, typedCounters, actions, refusals, missed                  int
		shots                                                                    = map[string]bool{}
		fast                                                                     = map[int]bool{}
		illegalOn                                                                = map[string]bool{}
		counterSeq                                                               = -1
		offerSeq, offerScrolls                                                   = 0, 0
	)
	// each moment of the game once on each phone
	shot := func(i int, name string) {
		name = sides[i] + "-" + strings.TrimSuffix(name, ":")
		if !shots[name] {
			shots[name] = true
			settle(t, phones[i])
			screenshot(t, phones[i], "companion-"+name)
		}
	}
	exact := func(st ui.PageState, label string) (ui.PageButton, bool) {
		for _, b := range st.Buttons {
			if b.Label == label {
				return b, true
			}
		}
		return ui.PageButton{}, false
	}
	// press taps a button the loop found in st, the page's state it
	// read a moment ago: only if the page still shows that button there
	// at that moment of the game (it may have moved on meanwhile: the
	// other phone, the server), and true once the page answered. A tap
	// the page did not answer (it moved on under the finger) is no
	// failure: the loop reads the page again and decides anew; many in
	// a row are.
	press := func(i int, st ui.PageState, b ui.PageButton) bool {
		now, ok := stillShows(t, phones[i], st, b)
		if !ok {
			t.Logf("%s: %q is gone before the tap: deciding again", sides[i], b.Label)
			return false
		}
		t.Logf("%s: %q", sides[i], b.Label)
		actions++
		tap(t, phones[i], b.X+b.W/2, b.Y+b.H/2)
		if answered(t, phones[i], now) {
			missed = 0
			return true
		}
		missed++
		require.Less(t, missed, 8, "%d taps in a row changed nothing; the last on %q of the %s phone", missed, b.Label, sides[i])
		t.Logf("%s: the tap on %q changed nothing: deciding again", sides[i], b.Label)
		return false
	}
	// more shows more of a phone's panel: a finger drags its content up
	more := func(i int, st ui.PageState) {
		scrollUp(t, phones[i], st)
	}
	// choose a draft's card and speed by taps (the plan's panel scrolled
	// until each shows)
	choose := func(i int, want func(ui.PageState) bool, what string, find func(ui.PageState) (ui.PageButton, bool)) {
		st := state(t, phones[i])
		b, ok := find(st)
		for k := 0; !ok && k < 12; k++ {
			// up six times, then down: the panel may lie scrolled past it
			if k < 6 {
				more(i, st)
			} else {
				scrollDown(t, phones[i], st)
			}
			st = state(t, phones[i])
			b, ok = find(st)
		}
		require.True(t, ok, "%s: buttons %s", what, labels(st))
		// the tap is tried again while the page (moved under the
		// finger) did not take it
		for try := 0; ; try++ {
			require.Less(t, try, 8, "%s: the page never took the tap; buttons %s", what, labels(st))
			actions++
			tap(t, phones[i], b.X+b.W/2, b.Y+b.H/2)
			if until(t, phones[i], want) {
				return
			}
			st = state(t, phones[i])
			b, ok = find(st)
			require.True(t, ok, "%s: buttons %s", what, labels(st))
		}
	}
	// typePose types a pose of escort-1 (x, y in mm; its heading as the
	// field shows it) into the panel's pose fields, scrolled up until
	// they show, and Enter; fault "" expects it set, else its refusal on
	// the phone with fault among its words, nothing accepted by the
	// server (its count of messages unchanged) and escort-1 where it was
	typePose := func(ctx context.Context, name string, x, y float64, fault string) {
		st := settle(t, ctx)
		for k := 0; !fieldsShow(st); k++ {
			require.Less(t, k, 8, "the pose fields never showed whole: %v, buttons %s", st.Fields, labels(st))
			scrollToFields(t, ctx, st)
			st = settle(t, ctx)
		}
		seq, was, heard := st.Seq, ship(t, st, "escort-1"), len(received[0].all())
		typeInto(t, ctx, "pose-x", strconv.FormatFloat(x, 'f', 1, 64), false)
		typeInto(t, ctx, "pose-y", strconv.FormatFloat(y, 'f', 1, 64), true)
		actions += 2
		if fault == "" {
			st = waitFor(t, ctx, pageWait, "the typed pose set", func(st ui.PageState) bool { return st.Seq > seq })
			assert.NotContains(t, warned(st), "Refused", "the typed pose is set")
		} else {
			// the server's refusal, as data, on its way to the phone
			var refused *battle.PoseRefused
			waitFor(t, ctx, pageWait, "the server's refusal ("+name+")", func(ui.PageState) bool {
				for _, raw := range received[0].all()[heard:] {
					var m struct {
						Type string              `json:"type"`
						Pose *battle.PoseRefused `json:"pose"`
					}
					if json.Unmarshal([]byte(raw), &m) == nil && m.Type == "error" && m.Pose != nil {
						refused = m.Pose
						return true
					}
				}
				return false
			})
			assert.Equal(t, "escort-1", refused.Ship)
			assert.InDelta(t, x, refused.Pose.Pos.X, 0.05)
			// the phone says it over the fields, which the refusal's
			// words push down: read where they lie (a finger scrolls
			// the panel back down to them when the fields went up)
			words := fmt.Sprintf("Refused: escort-1 cannot stand at (%.1f, %.1f)", x, y)
			st = until2(t, ctx, func(st ui.PageState) bool { return strings.Contains(warned(st), words) })
			for k := 0; !strings.Contains(warned(st), words); k++ {
				require.Less(t, k, 4, "the refusal's words never showed on the phone: %q", warned(st))
				scrollDown(t, ctx, st)
				st = settle(t, ctx)
			}
			said := warned(st)
			t.Logf("colonial: %s", said)
			assert.Contains(t, said, fault, "why")
			assert.Contains(t, said, "The game is unchanged")
			st = settle(t, ctx)
			assert.Equal(t, seq, st.Seq, "the server accepted nothing")
			now := ship(t, st, "escort-1")
			assert.InDelta(t, was.X, now.X, 0.5, "escort-1 stays where it was")
			assert.InDelta(t, was.Y, now.Y, 0.5, "escort-1 stays where it was")
		}
		screenshot(t, ctx, "companion-colonial-"+name)
	}
	counter := regexp.MustCompile(`\(≤(\d+)\)$`)
	// both phones' states as the loop last read them: with nothing to
	// press on either, it waits until one of them changes (the other
	// phone, the server), and names both when neither does
	raws, scrolled, marked := make([]string, 2), map[string]int{}, map[int]bool{}
	stuck := func() {
		for i := range phones {
			st := decode(t, raws[i])
			t.Logf("the %s phone: %s, turn %d, stage %s, status %q, buttons %s", sides[i], st.Screen, st.Turn, st.Stage, st.Status, labels(st))
			screenshot(t, phones[i], "companion-stuck-"+sides[i])
		}
		t.Fatalf("neither phone showed anything new for %v", pageWait)
	}
	limit := 2000
	if whole {
		limit = 30000
	}
	var final [2]ui.PageState
	for round, done := 0, 0; done < 2; round++ {
		require.Less(t, round, limit, "the companion game did not end") // every round waits on the page
		done = 0
		acted := false
		for i, ctx := range phones {
			raws[i], _ = published(t, ctx)
			st := decode(t, raws[i])
			if st.Result != "" && st.Stage == "over" {
				// the last moves played back: the victory screen
				final[i] = st
				done++
				continue
			}
			require.Empty(t, overlap(st), "overlapping controls on the %s phone at turn %d, %s", sides[i], st.Turn, st.Stage)
			for _, b := range st.Buttons {
				require.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "%q is smaller than 9 mm", b.Label)
			}
			// the other player's undo proposal: agreed before anything
			// else happens (an action after it would void it); the
			// proposer waits
			if proposed && !agreed {
				if b, ok := exact(st, "Agree"); ok && i == 1 {
					shot(i, "undo-offer")
					agreed, acted = press(i, st, b), true
				} else if i == 1 && st.Seq > offerSeq && offerScrolls < 8 {
					// the offer may lie under what the table asks of
					// this phone (a die to type): the panel is scrolled
					// up to it, then down, once the offer is there
					if _, ok := button(st, "Log"); ok {
						offerScrolls++
						if offerScrolls <= 4 {
							more(i, st)
						} else {
							scrollDown(t, ctx, st)
						}
						acted = true
					}
				}
				continue
			}
			// a die or a choice at random: typed from the table
			if _, ok := button(st, "Let the app roll"); ok {
				label := "4"
				if dice%2 == 1 {
					label = "3"
				}
				b, ok := exact(st, label)
				pick := false
				for _, first := range []string{"Colonial", "0"} { // a choice at random: by its options' names
					if !ok {
						b, ok = exact(st, first)
						pick = ok
					}
				}
				require.True(t, ok, "die buttons: %s", labels(st))
				if !pick {
					// a die is typed by its face's button, and only so:
					// one of 1 to 6, no field to type another number in
					// (a die of 0 or 7 the server refuses:
					// server TestCompanionGameOfTheJumpPoint)
					var faces []string
					for _, b := range st.Buttons {
						if len(b.Label) == 1 && b.Label[0] >= '0' && b.Label[0] <= '9' {
							faces = append(faces, b.Label)
						}
					}
					require.Equal(t, []string{"1", "2", "3", "4", "5", "6"}, faces, "the die's buttons")
					require.Empty(t, st.Fields, "no field to type a die in")
				}
				shot(i, "die")
				if press(i, st, b) {
					dice++
					typedDie = true
				}
				acted = true
				continue
			}
			if typedDie && !proposed && i == 0 {
				if b, ok := button(st, "Propose to undo the last action"); ok {
					shot(i, "undo-propose")
					offerSeq = st.Seq
					proposed, acted = press(i, st, b), true
					continue
				}
			}
			// a counter from the table's cup: typed (the first ones, the
			// box's one "1 engine" first); one the cup no longer has (a
			// kind every one of which was typed already, on either
			// phone: the other player's lie face down, the page cannot
			// count them off) is refused once, with its words, the game
			// unchanged; the rest drawn from the app's cup
			// (the counters' buttons come first: the app's cup may lie
			// below them, out of the panel's room until scrolled)
			app, appOK := button(st, "Draw from the app's secret cup")
			// the counters offered are the box's kinds, each with at most
			// as many as the box holds less those this player drew (the
			// other player's stay secret): none the box does not have
			var offered []ui.PageButton
			var gone ui.PageButton
			goneOK := false
			for _, c := range st.Buttons {
				if m := counter.FindStringSubmatch(c.Label); m != nil {
					kind := strings.TrimSuffix(c.Label, " "+m[0])
					n, _ := strconv.Atoi(m[1])
					require.Contains(t, inBox, kind, "a counter the box does not have: %q", c.Label)
					// at most the box's; the ones this phone typed are
					// counted off once its ships hold them (a draw of the
					// same reveal may not be yet: an upper bound)
					require.LessOrEqual(t, n, inBox[kind], "%q: more than the box's %d %s", c.Label, inBox[kind], kind)
					if appDraws[i] == 0 {
						require.GreaterOrEqual(t, n, inBox[kind]-typedKinds[i][kind], "%q: the box's %d %s less the %d drawn from it", c.Label, inBox[kind], kind, typedKinds[i][kind])
					}
					if typedKinds[0][kind]+typedKinds[1][kind] >= inBox[kind] {
						gone, goneOK = c, true
						continue
					}
					offered = append(offered, c)
				}
			}
			var typed ui.PageButton
			typedOK := len(offered) > 0
			if typedOK {
				// the box's single "1 engine" first (the cup has none
				// after it), then another kind each time (the last one
				// offered when fewer)
				typed = offered[min(typedCounters, len(offered)-1)]
				if b, ok := button(st, "1 engine (≤"); ok && typedCounters == 0 {
					typed = b
				}
			}
			if appOK || typedOK || goneOK {
				shot(i, "counter")
				switch {
				case goneOK && !cupRefused:
					kind := strings.TrimSuffix(gone.Label, " "+counter.FindString(gone.Label))
					// the server's refusal, as data on its way to the
					// phone (an error frame): the page's state may not
					// change (its words lie at the panel's top), so the
					// tap is tried again while none came
					heard := len(received[i].all())
					refused := func(ui.PageState) bool {
						for _, raw := range received[i].all()[heard:] {
							var m struct {
								Type string `json:"type"`
							}
							if json.Unmarshal([]byte(raw), &m) == nil && m.Type == "error" {
								return true
							}
						}
						return false
					}
					acted = true
					if _, ok := stillShows(t, ctx, st, gone); !ok {
						continue // the page moved on: decide again
					}
					t.Logf("%s: %q (the cup has none left)", sides[i], gone.Label)
					actions++
					tap(t, ctx, gone.X+gone.W/2, gone.Y+gone.H/2)
					if !until(t, ctx, refused) && !refused(st) {
						missed++
						require.Less(t, missed, 8, "%d taps in a row changed nothing; the last on %q of the %s phone", missed, gone.Label, sides[i])
						continue
					}
					missed, cupRefused = 0, true
					// its words on the phone (over the counters' buttons
					// it was typed with, or scrolled back to), nothing
					// accepted (the server's count of messages unchanged)
					// (the server's words: "1 engine is not in the damage
					// cup"; the engine's, for a counter of the same reveal:
					// "counter \"1 engine\" for … is not in the cup")
					said := func(st ui.PageState) bool {
						w := warned(st)
						return strings.Contains(w, "Refused:") && strings.Contains(w, kind) && strings.Contains(w, "is not in the") && strings.Contains(w, "The game is unchanged")
					}
					now := until2(t, ctx, said)
					for k := 0; !said(now); k++ {
						require.Less(t, k, 6, "the refusal of %s never showed on the %s phone: %q", kind, sides[i], warned(now))
						if k >= 3 {
							more(i, now)
							now = settle(t, ctx)
							continue
						}
						scrollDown(t, ctx, now)
						now = settle(t, ctx)
					}
					t.Logf("%s: %s", sides[i], warned(now))
					assert.Equal(t, st.Seq, now.Seq, "the server accepted nothing")
					screenshot(t, ctx, "companion-"+sides[i]+"-counter-refused")
					continue
				case typedOK && typedCounters < 4 && st.Seq != counterSeq:
					if press(i, st, typed) {
						counterSeq = st.Seq
						typedCounters++
						kind := strings.TrimSuffix(typed.Label, " "+counter.FindString(typed.Label))
						typedKinds[i][kind]++
					}
					acted = true
					continue
				case appOK:
					if press(i, st, app) {
						appDraws[i]++
					}
					acted = true
					continue
				}
				// the app's cup lies lower: the panel is scrolled below
			}
			// after a movement step: a base dragged to where its model
			// stands, then the table aligned
			if b, ok := button(st, "The table is aligned"); ok {
				if !dragged && i == 0 {
					var from ui.PageShip
					for _, sh := range st.Ships {
						if sh.ID == "escort-1" {
							from = sh
						}
					}
					require.NotEmpty(t, from.ID, "escort-1 on the board: %v", st.Ships)
					if _, ok := stillShows(t, ctx, st, b); !ok {
						acted = true
						continue // the page moved on: decide again
					}
					shot(i, "aligning")
					actions++
					drag(t, ctx, [2]float64{from.X, from.Y}, [2]float64{from.X + 24, from.Y + 12}, 8)
					if !until(t, ctx, func(now ui.PageState) bool {
						for _, sh := range now.Ships {
							if sh.ID == "escort-1" {
								return sh.X > from.X+12 && sh.Y > from.Y+6
							}
						}
						return false
					}) {
						t.Logf("colonial: the drag did not move escort-1: deciding again")
						acted = true
						continue
					}
					shot(i, "dragged")
					// then its pose typed, as a tape measure gave it:
					// off the table and on the other escort's base
					// (each refused, said on the phone, the game
					// unchanged), then where its model stands
					sv, _ := shipNow("escort-1")
					other, _ := shipNow("escort-2")
					typePose(ctx, "off-table", -40, sv.Pose.Pos.Y, "beyond the table's edge")
					typePose(ctx, "on-base", other.Pose.Pos.X, other.Pose.Pos.Y, "overlap the base of escort-2")
					refusals += 2
					typePose(ctx, "typed-pose", sv.Pose.Pos.X-3, sv.Pose.Pos.Y, "")
					waitFor(t, ctx, pageWait, "the typed pose in the state received", func(ui.PageState) bool {
						now, _ := shipNow("escort-1")
						return math.Abs(now.Pose.Pos.X-(sv.Pose.Pos.X-3)) < 0.05 && math.Abs(now.Pose.Pos.Y-sv.Pose.Pos.Y) < 0.05
					})
					typedPose = true
					dragged, acted = true, true
					continue
				}
				if !dragged {
					continue // the Colonial player corrects a base first
				}
				shot(i, fmt.Sprintf("aligned-%d", aligned%4))
				if press(i, st, b) {
					aligned++
				}
				acted = true
				continue
			}
			if st.Stage == "marker" && !marked[st.Turn] {
				// the marker laid by a tap (near hunter-1 for a jump on
				// the table; for the jump away, toward the table's middle
				// from the raptor, wherever it lies); "Place the marker"
				// (enabled once it lies) is pressed below
				var at [2]float64
				for _, sh := range st.Ships {
					if sh.ID == "hunter-1" && !whole {
						at = [2]float64{sh.X, sh.Y - 30}
					}
					if sh.ID == "raptor" && whole {
						at = [2]float64{sh.X, sh.Y + 40}
					}
				}
				if now := state(t, ctx); now.Stage != st.Stage || now.Seq != st.Seq || now.Turn != st.Turn {
					acted = true
					continue // the page moved on: decide again
				}
				shot(i, "marker")
				actions++
				tap(t, ctx, at[0], at[1])
				settle(t, ctx) // the tap taken (the button may lie below the fold: no change shows)
				marked[st.Turn], acted = true, true
				continue
			}
			// the escorts' hard turns at high speed: no arrow for it
			// (more counters typed from the table's cup): escort-2 on
			// the first turn, escort-1 on the second of the whole game
			if escort := map[int]string{1: "escort-2", 2: "escort-1"}[st.Turn]; st.Stage == "plan" && i == 0 && escort != "" && (st.Turn == 1 || whole) &&
				strings.HasPrefix(st.Plan, escort+":") && !illegalOn[escort] {
				choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, "hard-turn") }, escort+"'s hard turn", func(st ui.PageState) (ui.PageButton, bool) { return button(st, "Hard turn") })
				choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, ", high,") }, escort+" at high speed", func(st ui.PageState) (ui.PageButton, bool) { return exact(st, "high") })
				shot(i, "illegal-"+escort)
				illegalOn[escort], acted = true, true
				continue
			}
			// the Cylon's illegal plan (a Raider's hard turn has no
			// arrow at high speed): hunter-1's on the first turn, its
			// counter typed on the Cylon phone
			if st.Stage == "plan" && i == 1 && st.Turn == 1 && strings.HasPrefix(st.Plan, "hunter-1:") && !illegalOn["hunter-1"] {
				choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, "hard-turn") }, "hunter-1's hard turn", func(st ui.PageState) (ui.PageButton, bool) { return button(st, "Hard turn") })
				choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, ", high,") }, "hunter-1 at high speed", func(st ui.PageState) (ui.PageButton, bool) { return exact(st, "high") })
				shot(i, "illegal-hunter-1")
				illegalOn["hunter-1"], acted = true, true
				continue
			}
			if st.Stage == "plan" && i == 0 && strings.HasPrefix(st.Plan, "raptor:") {
				sv, on := raptor()
				jump := !ftl && (!whole && st.Turn == 2 || whole && on && zone.Contains(sv.Pose.Pos) && sv.Fuel != nil && *sv.Fuel > 0)
				switch {
				case !illegal:
					// an illegal plan: a hard turn has no arrow at medium speed
					choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, "hard-turn") }, "the hard turn", func(st ui.PageState) (ui.PageButton, bool) { return button(st, "Hard turn") })
					choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, ", medium,") }, "medium speed", func(st ui.PageState) (ui.PageButton, bool) { return exact(st, "medium") })
					shot(i, "illegal-plan")
					illegal, acted = true, true
					continue
				case jump:
					// on the table (two turns), or away from inside the
					// jump point (the whole game)
					choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, ", ftl,") }, "FTL", func(st ui.PageState) (ui.PageButton, bool) { return exact(st, "ftl") })
					shot(i, "ftl-plan")
					ftl, acted = true, true
					continue
				case whole && !ftl && !fast[st.Turn] && !strings.Contains(st.Plan, ", high,"):
					fast[st.Turn] = true
					choose(i, func(st ui.PageState) bool { return strings.Contains(st.Plan, ", high,") }, "high speed", func(st ui.PageState) (ui.PageButton, bool) { return exact(st, "high") })
					acted = true
					continue
				}
			}
			var next ui.PageButton
			found := false
			for _, part := range []string{"Done", "Commit", "Declare", "Go on", "Continue", "Fix next turn's cards", "Place the marker"} {
				if b, ok := button(st, part); ok {
					next, found = b, true
					break
				}
			}
			// the decision's button may lie lower in the panel: one
			// finger scrolls it up, a few times at most for one moment
			// of the game; then down again (what the table asks stands
			// at the panel's top); then the loop waits
			moment := fmt.Sprintf("%s %d/%s/%d/%d", sides[i], st.Turn, st.Stage, st.Seq, st.Beat)
			if _, ok := button(st, "Log"); !found && ok && scrolled[moment] < 6 {
				scrolled[moment]++
				actions++
				if scrolled[moment] <= 3 {
					t.Logf("%s: the panel scrolled up (turn %d, stage %s)", sides[i], st.Turn, st.Stage)
					more(i, st)
				} else {
					t.Logf("%s: the panel scrolled down (turn %d, stage %s)", sides[i], st.Turn, st.Stage)
					scrollDown(t, ctx, st)
				}
				acted = true
				continue
			}
			if found {
				shot(i, strings.Fields(next.Label)[0])
				press(i, st, next)
				acted = true
			}
		}
		if !acted && done < 2 && !eitherChanged(t, phones, raws, pageWait) {
			stuck()
		}
	}
	for i := range phones {
		settle(t, phones[i])
		screenshot(t, phones[i], "companion-over-"+sides[i])
	}
	assert.True(t, illegal, "an illegal plan")
	assert.Positive(t, typedCounters, "a counter typed from the table's cup")
	assert.True(t, cupRefused, "a counter the cup no longer has, typed and refused")
	assert.True(t, dragged, "a pose corrected by a finger")
	assert.True(t, typedPose, "a pose corrected by typing")
	assert.Equal(t, 2, refusals, "poses refused: off the table, on another base")
	if whole {
		assert.GreaterOrEqual(t, typedCounters, 3, "counters typed from the table's cup")
	} else {
		assert.GreaterOrEqual(t, typedCounters, 2, "counters typed from the table's cup")
	}
	assert.True(t, proposed && agreed, "an undo proposed and agreed")
	assert.GreaterOrEqual(t, dice, 3, "dice typed")
	assert.Positive(t, aligned)

	// the record: signed, verified, replayed to the same hash
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	spec := client.Dial(ctx, base, cr.Spectator)
	defer spec.Close()
	st, err := spec.Wait(ctx, func(st *wire.State) bool { return st.Record != nil })
	require.NoError(t, err)
	comp := assets.Default()
	b, err := st.Record.Verify(comp, cr.PublicKey)
	require.NoError(t, err, "the signed record checks")
	r, err := battle.Replay(st.Record.Setup, comp, b.Seed(), st.Record.Journal)
	require.NoError(t, err)
	assert.Equal(t, st.Record.Hash, r.Hash(), "the record replays to the same hash")
	kinds := map[battle.EventKind]int{}
	for _, e := range r.State().Events {
		kinds[e.Kind]++
	}
	assert.Positive(t, kinds[battle.EvIllegal], "the illegal plan")
	assert.Positive(t, kinds[battle.EvPoseCorrected], "the pose corrected")
	assert.Positive(t, kinds[battle.EvTakenBack], "the take-back by agreement")
	assert.Positive(t, kinds[battle.EvFTLRoll]+kinds[battle.EvFTLEntry], "an FTL jump")
	res := r.Result()
	require.NotNil(t, res, "the game is over")
	if whole {
		assert.True(t, ftl || res.Reason.Kind != battle.EndShipOut || res.Winner != battle.Colonial, "the raptor's jump away planned on the phone")
	}

	// the final screen says who won, near its top, on both phones
	want := "A draw"
	if res.Winner != "" {
		want = ui.SideName(res.Winner) + " victory"
	}
	for i := range phones {
		k := slices.IndexFunc(final[i].Words, func(w ui.PageText) bool { return w.Text == want })
		require.GreaterOrEqual(t, k, 0, "the %s phone's final screen says %q: %v", sides[i], want, final[i].Words)
		assert.Less(t, final[i].Words[k].Y, 844.0/3, "the %s phone says who won near the top", sides[i])
	}

	// the secrets: every message each phone's page received (kept with
	// the screenshots, one JSON message a line)
	for i := range phones {
		msgs := received[i].all()
		require.NoError(t, os.WriteFile(filepath.Join(t.ArtifactDir(), "received-"+sides[i]+".jsonl"), []byte(strings.Join(msgs, "\n")+"\n"), 0o644))
		found, states := leaks(seats[i], msgs)
		assert.Positive(t, states, "the %s phone received the game's states", sides[i])
		assert.Empty(t, found, "the %s phone received what it may not know", sides[i])
		t.Logf("the %s phone received %d messages, %d states: no leak", sides[i], len(received[i].all()), states)
	}
	turn := 0
	if res != nil {
		turn = res.Turn
	}
	t.Logf("the game: %d turns, %s; %d actions on the phones, %d dice typed, %d counters typed, %d alignments, in %v",
		turn, want, actions, dice, typedCounters, aligned, time.Since(began).Round(time.Second))
}

// eitherChanged waits until one of the pages' states differs from what
// raws holds; false if none did within limit.
func eitherChanged(t *testing.T, ctxs []context.Context, raws []string, limit time.Duration) bool {
	t.Helper()
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		for i, ctx := range ctxs {
			if now, _ := published(t, ctx); now != raws[i] {
				return true
			}
		}
	}
	return false
}

// stillShows says whether the page still shows button b as it did in
// st (the state a decision was read from): the same moment of the game
// (turn, stage, messages, beat) and the button in the same place. It
// returns the state it read.
func stillShows(t *testing.T, ctx context.Context, st ui.PageState, b ui.PageButton) (string, bool) {
	t.Helper()
	raw, _ := published(t, ctx)
	now := decode(t, raw)
	if now.Turn != st.Turn || now.Stage != st.Stage || now.Seq != st.Seq || now.Beat != st.Beat {
		return raw, false
	}
	for _, c := range now.Buttons {
		if c.Label == b.Label && math.Abs(c.X-b.X) < 1 && math.Abs(c.Y-b.Y) < 1 && math.Abs(c.W-b.W) < 1 && math.Abs(c.H-b.H) < 1 {
			return raw, true
		}
	}
	return raw, false
}

// quiet is how many frames a page draws with its state unchanged before
// a driver takes it that a tap did nothing: the program reads a finger
// once a frame, and the tap's lift was two frames before (held).
const quiet = 10

// answered says whether the page's state changed from before (what it
// published just before a tap): true at the first change, false once
// the page has drawn quiet frames since without one. A page that draws
// nothing for pageWait fails the test.
func answered(t *testing.T, ctx context.Context, before string) bool {
	t.Helper()
	return until(t, ctx, func(ui.PageState) bool {
		now, _ := published(t, ctx)
		return now != before
	})
}

// until polls the page's state until ok holds (true) or the page has
// drawn quiet frames with its state unchanged and ok false (false). A
// page that draws nothing for pageWait fails the test.
func until(t *testing.T, ctx context.Context, ok func(ui.PageState) bool) bool {
	t.Helper()
	raw, since := published(t, ctx)
	deadline := time.Now().Add(pageWait)
	for {
		now, frames := published(t, ctx)
		if ok(decode(t, now)) {
			return true
		}
		if now != raw {
			raw, since, deadline = now, frames, time.Now().Add(pageWait)
		} else if frames >= since+quiet {
			return false
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page drew %d frame(s) in %v", frames-since, pageWait)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// fieldsShow says whether a companion panel's pose fields (x, y) show
// whole in the panel's scrolling room, between its tabs and its foot.
func fieldsShow(st ui.PageState) bool {
	log, ok1 := button(st, "Log")
	tabs, ok2 := button(st, "Scenario")
	if !ok1 || !ok2 {
		return false
	}
	for _, id := range []string{"pose-x", "pose-y"} {
		f, ok := pageField(st, id)
		if !ok || f.Y < tabs.Y+tabs.H || f.Y+f.H > scrollFoot(st, log) {
			return false
		}
	}
	return true
}

// warned is the page's warnings (PageState.Warnings) as one text, its
// lines joined by spaces.
func warned(st ui.PageState) string {
	var ws []string
	for _, w := range st.Warnings {
		ws = append(ws, w.Text)
	}
	return strings.Join(ws, " ")
}

// until2 is until returning the state it last read.
func until2(t *testing.T, ctx context.Context, ok func(ui.PageState) bool) ui.PageState {
	t.Helper()
	var last ui.PageState
	until(t, ctx, func(st ui.PageState) bool { last = st; return ok(st) })
	return last
}

// scrollToFields drags a companion panel's content so that its pose
// fields come to the middle of its room: from where they show, or the
// "Set the typed pose" button under them, by as much as they lie off it
// (a room's height at most); up when neither shows (the pose editor
// lies low in the panel).
func scrollToFields(t *testing.T, ctx context.Context, st ui.PageState) {
	t.Helper()
	log, ok1 := button(st, "Log")
	tabs, ok2 := button(st, "Scenario")
	require.True(t, ok1 && ok2, "the panel's tabs and footer: %s", labels(st))
	top, foot := tabs.Y+tabs.H, scrollFoot(st, log)
	var at float64
	if f, ok := pageField(st, "pose-x"); ok {
		at = f.Y
	} else if b, ok := button(st, "Set the typed pose"); ok {
		at = b.Y - b.H - 6 // the fields' row lies right over it
	} else {
		scrollUp(t, ctx, st)
		return
	}
	room := foot - top - 24
	dy := max(-room, min(room, (top+foot)/2-at))
	x := log.X - 6
	from := foot - 12
	if dy > 0 {
		from = top + 12
	}
	drag(t, ctx, [2]float64{x, from}, [2]float64{x, from + dy}, 10)
}

// tapUntil taps the button find picks out of what the page shows, once
// the page has settled, until ok holds of its state (returned). A tap
// the page did not take (the button still there, the same, once the
// page drew quiet frames without ok: it moved under the finger, or was
// busy) is tried again, 8 times at most; once the button is gone the
// page is waited on for ok (the server's answer may come later).
func tapUntil(t *testing.T, ctx context.Context, what string, find func(ui.PageState) (ui.PageButton, bool), ok func(ui.PageState) bool) ui.PageState {
	t.Helper()
	for try := 0; ; try++ {
		st := settle(t, ctx)
		if ok(st) {
			return st
		}
		b, found := find(st)
		if !found {
			return waitFor(t, ctx, pageWait, what, ok)
		}
		require.Less(t, try, 8, "%s: the page never took the tap on %q; buttons %s", what, b.Label, labels(st))
		tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
		until(t, ctx, func(now ui.PageState) bool {
			if ok(now) {
				return true
			}
			c, still := find(now)
			return !still || c != b
		})
	}
}

// named finds a button whose label contains part (for tapUntil).
func named(part string) func(ui.PageState) (ui.PageButton, bool) {
	return func(st ui.PageState) (ui.PageButton, bool) { return button(st, part) }
}
