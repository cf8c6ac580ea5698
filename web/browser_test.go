package web_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/network"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/tablefile"
)

func TestPageShowsTheTitle(t *testing.T) {
	t.Parallel()
	url := page(t)
	ctx := browse(t, url, desktop)
	st := waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
	var times map[string]float64
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`({loaded: bsg.loadedMs, main: bsg.mainMs, view: bsg.viewMs, first: bsg.firstFrameMs})`, &times)))
	t.Logf("program compiled after %.0f ms, main started %.0f ms, view built %.0f ms, first frame %.0f ms", times["loaded"], times["main"], times["view"], times["first"])
	_, ok := button(st, "Measurement mode")
	require.True(t, ok, labels(st))
	settle(t, ctx)
	got := screenshot(t, ctx, "title")
	golden := filepath.Join("testdata", "title.png")
	if *update {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(golden, got, 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err, "go test ./web -run TestPageShowsTheTitle -update writes it")
	// the heading and its ships (the menu below changes with the flows)
	differ, total, worst := pixelDiff(t, want, got, 200)
	t.Logf("%d of %d pixels differ from %s, at most %d in one 16 × 16 tile", differ, total, golden, worst)
	assert.LessOrEqual(t, worst, 8, "%d pixels of one 16 × 16 tile differ from %s (go test -artifacts keeps the screenshot)", worst, golden)
	assert.LessOrEqual(t, float64(differ)/float64(total), 0.001, "%d of %d pixels differ from %s (go test -artifacts keeps the screenshot)", differ, total, golden)

	tapsInOneFrame(t, ctx, url)
}

// tapsInOneFrame: with every frame taking a second, bursts of whole key
// taps (each sent as a key down and a key up) inside one frame each
// count once, in order (the page's key queue, table/keys_js.go): Right
// Right Tab Tab Tab Right Up chooses the scenario two after the default
// and gives the Cylon side to the computer; Up Up Enter plays it.
func tapsInOneFrame(t *testing.T, ctx context.Context, url string) {
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(url+"?title&frame-delay=1s")))
	waitFor(t, ctx, pageWait, "the title, slowly", func(st ui.PageState) bool { return st.Screen == "title" })
	names := scenarios.Names()
	sc, err := scenarios.Load(names[(slices.Index(names, scenarios.Default)+2)%len(names)], assets.Default())
	require.NoError(t, err)
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.querySelector("canvas").focus()`, nil),
		chromedp.KeyEvent(kb.ArrowRight+kb.ArrowRight+kb.Tab+kb.Tab+kb.Tab+kb.ArrowRight+kb.ArrowUp)))
	waitFor(t, ctx, pageWait, "the scenario and the Cylon player chosen", func(st ui.PageState) bool {
		_, play := button(st, "Play: "+sc.Name)
		_, cylon := button(st, "Cylon played by: random")
		return play && cylon
	})
	require.NoError(t, chromedp.Run(ctx, chromedp.KeyEvent(kb.ArrowUp+kb.ArrowUp+kb.Enter)))
	deadline := time.Now().Add(pageWait)
	var title string
	for time.Now().Before(deadline) {
		require.NoError(t, chromedp.Run(ctx, chromedp.Title(&title)))
		if strings.Contains(title, sc.Name) {
			settle(t, ctx) // the frame that shows it
			screenshot(t, ctx, "taps-in-one-frame")
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatalf("the page never played %s; its title is %q", sc.Name, title)
}

// While the program downloads, the page shows a progress bar that fills,
// and the MB so far; the bar goes when the first frame is drawn. The
// download is slowed to 1 MB/s (a phone's connection), so that the bar
// stays between a tenth and nine tenths for about six seconds: long enough
// to be seen by polls that a busy machine slows down.
func TestPageShowsProgressWhileLoading(t *testing.T) {
	t.Parallel()
	ctx := browse(t, "about:blank", screen{W: 390, H: 844, DPR: 2, Touch: true})
	require.NoError(t, chromedp.Run(ctx, network.Enable(), network.SetCacheDisabled(true),
		network.EmulateNetworkConditions(false, 0, 1<<20, 1<<20)))
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(page(t))))
	var what string
	var width float64
	deadline := time.Now().Add(pageWait)
	for {
		require.NoError(t, chromedp.Run(ctx,
			chromedp.Evaluate(`document.getElementById("what").textContent`, &what),
			chromedp.Evaluate(`document.getElementById("fill").getBoundingClientRect().width / document.getElementById("bar").getBoundingClientRect().width`, &width)))
		if strings.HasPrefix(what, "Downloading") && width > 0.1 && width < 0.9 {
			break
		}
		require.True(t, time.Now().Before(deadline), "no progress seen; the page says %q, the bar is %.0f%% full", what, 100*width)
		time.Sleep(20 * time.Millisecond)
	}
	screenshot(t, ctx, "loading")
	t.Logf("while loading: %q, bar %.0f%% full", what, 100*width)
	// it says what it counts, in MB of 1 000 000 bytes (the unit of
	// web.DownloadGoal): the brotli bytes as they come ("Downloading 1.2
	// MB of 4.1 MB"), or, when the browser unpacks them, the download's
	// size when the server sent it and the unpacked bytes ("Downloading
	// and unpacking: 2.8 of 23.1 MB"); it said MB and counted MiB, and
	// called 23 MB unpacked a download
	mb := func(n int64) string { return fmt.Sprintf("%.1f", float64(n)/1e6) }
	if m := regexp.MustCompile(`^Downloading (\d+\.\d MB )?and unpacking: \d+\.\d of (\d+\.\d) MB$`).FindStringSubmatch(what); m != nil {
		if m[1] != "" {
			assert.Equal(t, mb(pageRep.BrotliSize)+" MB ", m[1], "the download's size (%d bytes)", pageRep.BrotliSize)
		}
		assert.Equal(t, mb(pageRep.WasmBytes), m[2], "the unpacked size (%d bytes)", pageRep.WasmBytes)
	} else {
		m := regexp.MustCompile(`^Downloading \d+\.\d MB of (\d+\.\d) MB$`).FindStringSubmatch(what)
		require.NotNil(t, m, "the counter says %q", what)
		assert.Equal(t, mb(pageRep.BrotliSize), m[1], "the download's size (%d bytes)", pageRep.BrotliSize)
	}
	waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
	var display string
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`getComputedStyle(document.getElementById("loading")).display`, &display)))
	assert.Equal(t, "none", display, "the progress goes with the first frame")
}

// phone is a phone held upright (CSS pixels, three device pixels each).
var phone = screen{W: 390, H: 844, DPR: 3, Touch: true}

// phoneLite is phone drawn at one device pixel to the CSS pixel: the same
// layout, the same touches, a ninth of the pixels painted. The tests that
// play many turns use it (the machine paints the page in software); the
// tests of a screen's look keep phone.
var phoneLite = screen{W: 390, H: 844, DPR: 1, Touch: true}

// cssPerMM: CSS has 96 pixels to the inch.
const cssPerMM = 96 / 25.4

func ship(t *testing.T, st ui.PageState, prefix string) ui.PageShip {
	t.Helper()
	for _, s := range st.Ships {
		if strings.HasPrefix(s.ID, prefix) {
			return s
		}
	}
	t.Fatalf("no ship %s* on the table: %+v", prefix, st.Ships)
	return ui.PageShip{}
}

// On a phone, measurement mode settles "is he in my arc, at what range, by
// how much" by touch alone: tap two ships, drag one, turn it with a second
// finger, pinch the table; a ship's coordinates are typed with the phone's
// own keyboard.
func TestMeasurementModeByTouchOnAPhone(t *testing.T) {
	t.Parallel()
	ctx := browse(t, page(t)+"?measure=-", phone)
	st := waitFor(t, ctx, pageWait, "measurement mode", func(st ui.PageState) bool {
		return st.Screen == "measurement mode" && len(st.Ships) == 2
	})
	settle(t, ctx)
	screenshot(t, ctx, "measure-phone-start")
	for _, b := range st.Buttons {
		assert.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "button %q is %.1f mm high", b.Label, b.H/cssPerMM)
	}
	viper, raider := ship(t, st, "viper"), ship(t, st, "raider")

	// tap the viper, then the raider: their ruling in large type
	tap(t, ctx, viper.X, viper.Y)
	tap(t, ctx, raider.X, raider.Y)
	st = waitFor(t, ctx, pageWait, "the ruling of the two ships tapped", func(st ui.PageState) bool { return st.Ruling != "" })
	before := st.Ruling
	t.Log(before)
	require.Contains(t, before, viper.ID+" → "+raider.ID+": CAN FIRE", "the raider stands ahead of the viper, in its arc")
	var dom string
	require.NoError(t, chromedp.Run(ctx, chromedp.Text("#bsg-ruling", &dom, chromedp.ByQuery)))
	require.Equal(t, strings.ReplaceAll(before, "\n", " "), strings.Join(strings.Fields(dom), " "), "the page's ruling element says the same")
	screenshot(t, ctx, "measure-phone-pair")

	// drag the raider behind the viper: out of its arc
	behind := [2]float64{viper.X, viper.Y + 0.8*(viper.Y-raider.Y)}
	drag(t, ctx, [2]float64{raider.X, raider.Y}, behind, 12)
	st = waitRest(t, ctx, pageWait, "the ruling after the drag", func(st ui.PageState) bool { return st.Ruling != before })
	after := st.Ruling
	t.Log(after)
	require.Contains(t, after, viper.ID+" → "+raider.ID+": cannot fire")
	require.Contains(t, after, "mm outside "+viper.ID+"'s arc")
	moved := ship(t, st, "raider")
	assert.InDelta(t, behind[0], moved.X, 6)
	assert.InDelta(t, behind[1], moved.Y, 6)
	screenshot(t, ctx, "measure-phone-dragged")

	// hold the raider and turn a second finger a quarter turn around it
	heading := moved.Heading
	c := [2]float64{moved.X, moved.Y}
	r := 60.0
	acts := []chromedp.Action{touch(input.TouchStart, c), held(),
		touch(input.TouchStart, c, [2]float64{c[0] + r, c[1]}), held()}
	for i := 1; i <= 10; i++ {
		a := float64(i) * math.Pi / 20 // counter-clockwise on the screen (y down)
		acts = append(acts, touch(input.TouchMove, c, [2]float64{c[0] + r*math.Cos(a), c[1] - r*math.Sin(a)}), chromedp.Sleep(40*time.Millisecond))
	}
	acts = append(acts, held(), touch(input.TouchEnd), held())
	require.NoError(t, chromedp.Run(ctx, acts...))
	st = waitRest(t, ctx, pageWait, "the raider turned", func(st ui.PageState) bool { return ship(t, st, "raider").Heading != heading })
	turned := ship(t, st, "raider")
	assert.InDelta(t, 90, math.Mod(turned.Heading-heading+540, 360)-180, 3, "a quarter turn counter-clockwise: heading %.1f → %.1f", heading, turned.Heading)
	assert.InDelta(t, moved.X, turned.X, 2, "turning does not move it")

	// pinch an empty spot of the table apart: the view zooms in
	st = state(t, ctx)
	v, rd := ship(t, st, "viper"), ship(t, st, "raider")
	spread := math.Hypot(v.X-rd.X, v.Y-rd.Y)
	mid := [2]float64{20, 20}
	acts = []chromedp.Action{touch(input.TouchStart, [2]float64{mid[0], mid[1]}, [2]float64{mid[0] + 40, mid[1] + 40}), held()}
	for i := 1; i <= 8; i++ {
		d := 40 + float64(i)*5
		acts = append(acts, touch(input.TouchMove, [2]float64{mid[0], mid[1]}, [2]float64{mid[0] + d, mid[1] + d}), chromedp.Sleep(40*time.Millisecond))
	}
	acts = append(acts, held(), touch(input.TouchEnd), held())
	require.NoError(t, chromedp.Run(ctx, acts...))
	st = waitRest(t, ctx, pageWait, "the table zoomed", func(st ui.PageState) bool {
		v, rd := ship(t, st, "viper"), ship(t, st, "raider")
		return math.Hypot(v.X-rd.X, v.Y-rd.Y) > spread*1.5
	})
	v, rd = ship(t, st, "viper"), ship(t, st, "raider")
	assert.InDelta(t, 2.0, math.Hypot(v.X-rd.X, v.Y-rd.Y)/spread, 0.15, "the fingers spread from 40 to 80 px: twice as large")
	screenshot(t, ctx, "measure-phone-zoomed")

	// save the table: the browser downloads the table file
	dl := t.TempDir()
	require.NoError(t, chromedp.Run(ctx, browser.SetDownloadBehavior(browser.SetDownloadBehaviorBehaviorAllow).WithDownloadPath(dl)))
	tapButton(t, ctx, "Save table")
	file := filepath.Join(dl, "table.yaml")
	var data []byte
	require.Eventually(t, func() bool {
		var err error
		data, err = os.ReadFile(file)
		return err == nil && len(data) > 0
	}, pageWait, 100*time.Millisecond, "the download of table.yaml")
	saved, err := tablefile.Parse(file, data, assets.Default())
	require.NoError(t, err)
	require.Len(t, saved.Ships, 2)
	assert.InDelta(t, turned.Heading, saved.Ships[1].Pose.Heading.Degrees(), 0.01, "the file has the turned heading")

	// type the raider's x on the phone's own keyboard: a tap on the field
	// focuses a real input (which is what shows a phone's keyboard), the
	// keys typed go into the field, Enter places the ship
	st = state(t, ctx)
	v, rd = ship(t, st, "viper"), ship(t, st, "raider")
	mmV, mmR := saved.Ships[0].Pose.Pos, saved.Ships[1].Pose.Pos
	scale := math.Abs(v.Y-rd.Y) / math.Abs(mmV.Y-mmR.Y) // CSS px a mm
	x := math.Round(mmR.X + 60)
	typeInto(t, ctx, "coord0", fmt.Sprintf("%.0f", x), true)
	st = waitFor(t, ctx, pageWait, "the raider placed by the typed x", func(st ui.PageState) bool {
		f, ok := pageField(st, "coord0")
		return ok && !f.Focused && ship(t, st, "raider").X != rd.X
	})
	f, _ := pageField(st, "coord0")
	assert.Equal(t, fmt.Sprintf("%.0f", x), f.Text)
	assert.InDelta(t, rd.X+(x-mmR.X)*scale, ship(t, st, "raider").X, 2, "the raider moved by the typed millimetres")
	assert.InDelta(t, rd.Y, ship(t, st, "raider").Y, 2)
	screenshot(t, ctx, "measure-phone-typed")
}

// Held sideways, the phone shows the same mode with the panel beside the
// table.
func TestMeasurementModeOnAPhoneHeldSideways(t *testing.T) {
	t.Parallel()
	ctx := browse(t, page(t)+"?measure=-", screen{W: 844, H: 390, DPR: 3, Touch: true})
	st := waitFor(t, ctx, pageWait, "measurement mode", func(st ui.PageState) bool {
		return st.Screen == "measurement mode" && len(st.Ships) == 2
	})
	viper, raider := ship(t, st, "viper"), ship(t, st, "raider")
	tap(t, ctx, viper.X, viper.Y)
	tap(t, ctx, raider.X, raider.Y)
	st = waitFor(t, ctx, pageWait, "the ruling", func(st ui.PageState) bool { return st.Ruling != "" })
	for _, b := range st.Buttons {
		assert.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "button %q", b.Label)
		assert.LessOrEqual(t, b.Y+b.H, 390.0+0.5, "button %q is on the screen", b.Label)
	}
	screenshot(t, ctx, "measure-phone-landscape")
}

// press is how a side's player presses a button: the Colonial player with
// the mouse, the Cylon player with a finger.
func press(t *testing.T, ctx context.Context, side string, b ui.PageButton) {
	t.Helper()
	if side == "cylon" {
		tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
	} else {
		click(t, ctx, b.X+b.W/2, b.Y+b.H/2)
	}
}

// overlap names two buttons of a screen that overlap ("" if none do):
// a press on one would land on the other.
func overlap(st ui.PageState) string {
	for i, a := range st.Buttons {
		for _, b := range st.Buttons[i+1:] {
			if a.X < b.X+b.W-1 && b.X < a.X+a.W-1 && a.Y < b.Y+b.H-1 && b.Y < a.Y+a.H-1 {
				return fmt.Sprintf("%q at %.0f,%.0f and %q at %.0f,%.0f", a.Label, a.X, a.Y, b.Label, b.X, b.Y)
			}
		}
	}
	return ""
}

// scrollUp drags the game panel's content up by a finger on its left
// margin (no control there), from just above its footer to near its top.
func scrollUp(t *testing.T, ctx context.Context, st ui.PageState) {
	t.Helper()
	log, ok := button(st, "Log")
	require.True(t, ok, "the footer's Log button")
	tabs, ok := button(st, "Scenario")
	require.True(t, ok, "the panel's Scenario tab")
	x := log.X - 6
	drag(t, ctx, [2]float64{x, scrollFoot(st, log) - 12}, [2]float64{x, tabs.Y + tabs.H + 12}, 10)
}

// scrollFoot is the bottom of the panel's scrolling part: the top of the
// footer, or of the decision row pinned over it (Commit, Go on, Declare),
// found as the rows of buttons that touch one another up from the footer.
func scrollFoot(st ui.PageState, log ui.PageButton) float64 {
	y := log.Y
	for moved := true; moved; {
		moved = false
		for _, b := range st.Buttons {
			if b.Label != "More below" && b.Y < y && b.Y+b.H > y-24 && b.Y > log.Y-4*log.H {
				y, moved = b.Y, true
			}
		}
	}
	return y
}

// scrollDown drags the game panel's content down by a finger on its
// left margin, from near its top to just above its footer: what lies at
// the panel's top shows again.
func scrollDown(t *testing.T, ctx context.Context, st ui.PageState) {
	t.Helper()
	log, ok := button(st, "Log")
	require.True(t, ok, "the footer's Log button")
	tabs, ok := button(st, "Scenario")
	require.True(t, ok, "the panel's Scenario tab")
	x := log.X - 6
	drag(t, ctx, [2]float64{x, tabs.Y + tabs.H + 12}, [2]float64{x, scrollFoot(st, log) - 12}, 10)
}

// A hot-seat turn on a phone held upright: both players plan behind cover
// screens, the plans are revealed, the ships move and fire, and turn 2
// begins. The panel lies under the table and its content scrolls under a
// fixed footer; the Colonial player presses with the mouse, the Cylon
// player with a finger. No two controls overlap at any step.
func TestHotSeatTurnWithMouseAndTouch(t *testing.T) {
	t.Parallel()
	ctx := browse(t, page(t)+"?scenario=furball", screen{W: 390, H: 844, DPR: 2, Touch: true})
	st := waitFor(t, ctx, pageWait, "the game", func(st ui.PageState) bool { return st.Turn == 1 })
	start := st.Hash
	shots := map[string]bool{}
	pressed := map[string]int{}
	scrolled := 0
	for step := 0; ; step++ {
		require.Less(t, step, 160, "the turn did not end; the page shows %s (stage %s), buttons %s", st.Screen, st.Stage, labels(st))
		raw, _ := published(t, ctx)
		st = decode(t, raw)
		if st.Turn == 2 {
			break
		}
		require.Empty(t, overlap(st), "stage %s, %s", st.Stage, st.Side)
		for _, b := range st.Buttons {
			require.True(t, b.X >= -0.5 && b.Y >= -0.5 && b.X+b.W <= 390.5 && b.Y+b.H <= 844.5, "button %q is on the screen", b.Label)
			if b.Label != "<" && b.Label != ">" {
				require.GreaterOrEqual(t, b.H, 9*cssPerMM-0.5, "button %q is %.1f mm high", b.Label, b.H/cssPerMM)
			}
		}
		if !shots[st.Stage+st.Side] {
			shots[st.Stage+st.Side] = true
			screenshot(t, ctx, "hotseat-"+st.Stage+"-"+st.Side)
		}
		var next ui.PageButton
		found := false
		for _, part := range []string{"Continue", "Hand over", "Commit", "Declare", "Go on", "Place the marker"} {
			if b, ok := button(st, part); ok {
				next, found = b, true
				break
			}
		}
		if !found && (st.Stage == "plan" || st.Stage == "declare") {
			scrollUp(t, ctx, st) // the controls are further down the panel
			scrolled++
			continue
		}
		if !found {
			awaitChange(t, ctx, raw) // the ships are moving
			continue
		}
		pressed[st.Side+": "+next.Label]++
		press(t, ctx, st.Side, next)
		awaitChange(t, ctx, raw)
	}
	t.Logf("%v; panel scrolled %d times", pressed, scrolled)
	require.NotEqual(t, start, st.Hash)
	for _, side := range []string{"colonial", "cylon"} {
		assert.Positive(t, pressed[side+": Commit"], "%s committed plans", side)
	}
	assert.Positive(t, pressed["colonial: Hand over"]+pressed["cylon: Hand over"])

	// the page is closed and opened again: the title offers to continue
	// the game from the browser's storage, where it stands
	want := state(t, ctx).Hash
	require.NoError(t, chromedp.Run(ctx, chromedp.Navigate(page(t))))
	waitFor(t, ctx, pageWait, "the title", func(st ui.PageState) bool { return st.Screen == "title" })
	tapButton(t, ctx, "Continue the last game (turn 2)")
	st = waitFor(t, ctx, pageWait, "the game continued", func(st ui.PageState) bool { return st.Turn == 2 })
	assert.Equal(t, want, st.Hash, "the continued game is the one left")
}
