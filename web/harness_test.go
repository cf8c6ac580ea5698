package web_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"image/png"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/table/ui"
	"github.com/starshipbattles/bsg/web"
)

// The browser tests build the page once per run (into the user's cache
// folder, bsg/web-test-HASH, one per source folder, where the compressed
// program is kept while it does not change; never into the source tree),
// serve it on 127.0.0.1 and drive Debian's chromium headless through
// chromedp. Screenshots go to each
// test's t.ArtifactDir() (go test -artifacts -outputdir DIR keeps them).

var update = flag.Bool("update", false, "rewrite the golden screenshots in testdata")

// pixelDiff counts the pixels of two PNGs of one size that differ by more
// than a little in any channel (text edges may shift by a shade), in the
// top rows of the picture: in all, and in the worst 16 × 16 tile (a lost
// label changes many pixels of a few tiles).
func pixelDiff(t *testing.T, a, b []byte, rows int) (differ, total, worstTile int) {
	t.Helper()
	ia, err := png.Decode(bytes.NewReader(a))
	require.NoError(t, err)
	ib, err := png.Decode(bytes.NewReader(b))
	require.NoError(t, err)
	require.Equal(t, ia.Bounds(), ib.Bounds(), "the screenshot's size")
	r := ia.Bounds()
	tiles := map[[2]int]int{}
	for y := r.Min.Y; y < min(r.Max.Y, r.Min.Y+rows); y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := ia.At(x, y).RGBA()
			r2, g2, b2, _ := ib.At(x, y).RGBA()
			d := max(absDiff(r1, r2), absDiff(g1, g2), absDiff(b1, b2)) >> 8
			if d > 40 {
				differ++
				k := [2]int{(x - r.Min.X) / 16, (y - r.Min.Y) / 16}
				tiles[k]++
				worstTile = max(worstTile, tiles[k])
			}
			total++
		}
	}
	return differ, total, worstTile
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

var (
	buildOnce sync.Once
	buildRep  web.Report
	buildErr  error
	pageOnce  sync.Once
	pageURL   string
	pageRep   web.Report
	pageErr   error
)

// chromiumPath finds the browser `make deps` installs.
func chromiumPath() string {
	for _, p := range []string{"/usr/lib/chromium/chromium", "chromium", "chromium-browser", "google-chrome"} {
		if path, err := exec.LookPath(p); err == nil {
			return path
		}
	}
	return ""
}

// built builds the page (once per run) and says what Build made. It
// needs no browser.
func built(t testing.TB) web.Report {
	t.Helper()
	buildOnce.Do(func() {
		// bounded by go test's -timeout only: on a loaded machine the
		// WebAssembly build may take many minutes
		buildRep, buildErr = web.Build(context.Background(), "..", buildDir())
	})
	require.NoError(t, buildErr)
	return buildRep
}

// page builds and serves the page (once) and returns its address.
//
// Every test that opens a browser first calls t.Parallel and runs in a
// lane of its own (lanes_test.go: longest first, three at once), with its
// own browser, profile and server; the page is built once for all of
// them (sync.Once).
func page(t testing.TB) string {
	t.Helper()
	if chromiumPath() == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium is missing: `make deps` installs it")
		}
		t.Skip("chromium is missing: `make deps` installs it")
	}
	rep := built(t)
	pageOnce.Do(func() {
		pageRep = rep
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			pageErr = err
			return
		}
		go http.Serve(ln, web.Handler(pageRep.Dir)) //nolint:errcheck // ends with the test binary
		pageURL = "http://" + ln.Addr().String() + "/"
	})
	require.NoError(t, pageErr)
	t.Logf("program: %.2f MB brotli (%.1f MB uncompressed), decoder %.2f MB", float64(pageRep.BrotliSize)/1e6, float64(pageRep.WasmBytes)/1e6, float64(pageRep.DecoderSize)/1e6)
	return pageURL
}

// buildDir is where the page is built: a folder of the user's cache, kept
// between runs so that an unchanged program is not compressed again, one
// per source folder (two checkouts tested at once never serve each
// other's program).
func buildDir() string {
	dir, err := os.UserCacheDir()
	if err != nil {
		dir = os.TempDir()
	}
	src, err := filepath.Abs("..")
	if err != nil {
		src = ".."
	}
	sum := sha256.Sum256([]byte(src))
	return filepath.Join(dir, "bsg", "web-test-"+hex.EncodeToString(sum[:6]))
}

// screen describes the emulated device.
type screen struct {
	W, H  int64
	DPR   float64
	Touch bool
}

var desktop = screen{W: 1280, H: 800, DPR: 1}

// browse opens a fresh headless chromium (its own profile) on url.
func browse(t testing.TB, url string, sc screen) context.Context {
	t.Helper()
	return browseWith(t, url, sc, nil)
}

// browseWith is browse with a listener of the page's target events (nil:
// none) in place before the page opens, and actions run before it opens
// (turning a domain's events on: network.Enable).
func browseWith(t testing.TB, url string, sc screen, listen func(ev any), before ...chromedp.Action) context.Context {
	t.Helper()
	lane(t)
	// a fresh profile, removed when the browser has gone (it may still be
	// writing to it a moment after it was told to stop)
	profile, err := os.MkdirTemp("", "bsg-chromium-")
	require.NoError(t, err)
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(chromiumPath()),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("enable-unsafe-swiftshader", true),
		chromedp.UserDataDir(profile),
		chromedp.WindowSize(int(sc.W), int(sc.H)),
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelC := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	// no clock of its own: each wait below is bounded, and go test's
	// -timeout ends a run that hangs
	ctx, cancelT := context.WithCancel(ctx)
	t.Cleanup(func() {
		cancelT()
		cancelC()
		cancelA()
		for i := 0; i < 20 && os.RemoveAll(profile) != nil; i++ {
			time.Sleep(100 * time.Millisecond)
		}
	})
	if listen != nil {
		chromedp.ListenTarget(ctx, listen)
	}
	acts := append([]chromedp.Action{
		emulation.SetDeviceMetricsOverride(sc.W, sc.H, sc.DPR, sc.Touch),
	}, before...)
	if sc.Touch {
		acts = append(acts, emulation.SetTouchEmulationEnabled(true).WithMaxTouchPoints(5))
	}
	acts = append(acts, chromedp.Navigate(url))
	require.NoError(t, chromedp.Run(ctx, acts...))
	return ctx
}

// state reads what the program last told the page.
func state(t testing.TB, ctx context.Context) ui.PageState {
	t.Helper()
	raw, _ := published(t, ctx)
	return decode(t, raw)
}

// decode reads a state the page published.
func decode(t testing.TB, raw string) ui.PageState {
	t.Helper()
	var st ui.PageState
	if raw != "" {
		require.NoError(t, json.Unmarshal([]byte(raw), &st))
	}
	return st
}

// awaitChange waits until the page's state differs from raw (what
// published returned) and returns the new one; the test fails when the
// page shows nothing new for pageWait. Loops over a game's steps wait
// with it, so that they count what happened, not how long it took.
func awaitChange(t *testing.T, ctx context.Context, raw string) string {
	t.Helper()
	if !changed(t, ctx, raw, pageWait) {
		st := decode(t, raw)
		t.Fatalf("the page showed nothing new for %v: %s, stage %s, status %q, buttons %s", pageWait, st.Screen, st.Stage, st.Status, labels(st))
	}
	now, _ := published(t, ctx)
	return now
}

// published reads the page's state as the program last published it (its
// JSON) and how many frames the program has drawn.
func published(t testing.TB, ctx context.Context) (string, int) {
	t.Helper()
	var got struct {
		State  string `json:"state"`
		Frames int    `json:"frames"`
	}
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`({state: (window.bsg && window.bsg.state) || "", frames: (window.bsg && window.bsg.frames) || 0})`, &got)))
	return got.State, got.Frames
}

// settle waits until the page has drawn two whole frames in which its
// state did not change: what the state says is then on the screen (a
// screenshot shows it, an animation has ended). It polls what the page
// publishes, so a slow machine makes it slower, never wrong.
func settle(t *testing.T, ctx context.Context) ui.PageState {
	t.Helper()
	deadline := time.Now().Add(pageWait)
	raw, since := published(t, ctx)
	last := raw
	for {
		now, frames := published(t, ctx)
		if now != raw {
			last, raw, since = raw, now, frames
		} else if frames >= since+2 {
			return state(t, ctx)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the page never settled: %d frames drawn, its state still changing: %s", frames, stateDiff(last, raw))
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// changed waits until the page's state differs from before (what
// published returned before an action); false if it did not within limit.
func changed(t *testing.T, ctx context.Context, before string, limit time.Duration) bool {
	t.Helper()
	for deadline := time.Now().Add(limit); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if now, _ := published(t, ctx); now != before {
			return true
		}
	}
	return false
}

// pageWait bounds each wait for what the page shows: long enough that a
// machine with every core busy does not reach it (the page compiles and
// paints in software), short enough that a page that stopped is named
// before go test's -timeout.
const pageWait = 5 * time.Minute

// waitFor polls the page's state until ok holds (or fails the test after
// limit, showing the last state).
func waitFor(t testing.TB, ctx context.Context, limit time.Duration, what string, ok func(ui.PageState) bool) ui.PageState {
	t.Helper()
	deadline := time.Now().Add(limit)
	for {
		st := state(t, ctx)
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s; the page shows %s, status %q, buttons %s", limit, what, st.Screen, st.Status, labels(st))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitRest is waitFor for the end of a gesture: once ok holds, it waits
// until the page has settled (the gesture's last events taken) and
// checks that ok still holds of what it shows then.
func waitRest(t *testing.T, ctx context.Context, limit time.Duration, what string, ok func(ui.PageState) bool) ui.PageState {
	t.Helper()
	waitFor(t, ctx, limit, what, ok)
	st := settle(t, ctx)
	require.True(t, ok(st), "%s, and still once the page settled", what)
	return st
}

func labels(st ui.PageState) string {
	var ls []string
	for _, b := range st.Buttons {
		ls = append(ls, fmt.Sprintf("%q", b.Label))
	}
	return strings.Join(ls, ", ")
}

// button finds a button whose label contains part.
func button(st ui.PageState, part string) (ui.PageButton, bool) {
	for _, b := range st.Buttons {
		if strings.Contains(b.Label, part) {
			return b, true
		}
	}
	return ui.PageButton{}, false
}

// waitButton waits for a button whose label contains part.
func waitButton(t *testing.T, ctx context.Context, part string) ui.PageButton {
	t.Helper()
	var b ui.PageButton
	waitFor(t, ctx, pageWait, "a button "+part, func(st ui.PageState) bool {
		var ok bool
		b, ok = button(st, part)
		return ok
	})
	return b
}

// hold is how long a finger or a mouse button stays down: longer than a
// frame, as a person's does.
const hold = 120 * time.Millisecond

// held is a finger's or a mouse button's wait between two input events:
// hold, and then until the page has drawn two more frames, so the program
// (which reads the fingers once a frame) sees the state the last event
// left, however slowly a busy machine draws. Bounded by pageWait.
func held() chromedp.Action {
	return chromedp.ActionFunc(func(ctx context.Context) error {
		frames := func() (int, error) {
			var n int
			err := chromedp.Evaluate(`(window.bsg && window.bsg.frames) || 0`, &n).Do(ctx)
			return n, err
		}
		from, err := frames()
		if err != nil {
			return err
		}
		if err := chromedp.Sleep(hold).Do(ctx); err != nil {
			return err
		}
		for deadline := time.Now().Add(pageWait); ; {
			n, err := frames()
			if err != nil || n >= from+2 || n == 0 {
				return err // a page that draws no frames counts none
			}
			if time.Now().After(deadline) {
				return fmt.Errorf("the page drew %d frame(s) in %v while a finger or button was held", n-from, pageWait)
			}
			if err := chromedp.Sleep(10 * time.Millisecond).Do(ctx); err != nil {
				return err
			}
		}
	})
}

// click presses and releases the left mouse button at x, y (CSS pixels).
func click(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	require.NoError(t, chromedp.Run(ctx,
		input.DispatchMouseEvent(input.MouseMoved, x, y),
		held(),
		input.DispatchMouseEvent(input.MousePressed, x, y).WithButton(input.Left).WithClickCount(1),
		held(),
		input.DispatchMouseEvent(input.MouseReleased, x, y).WithButton(input.Left).WithClickCount(1),
		held(),
	))
}

// touch sends one touch event with the fingers at pts.
func touch(typ input.TouchType, pts ...[2]float64) chromedp.Action {
	var tps []*input.TouchPoint
	for i, p := range pts {
		tps = append(tps, &input.TouchPoint{X: p[0], Y: p[1], ID: float64(i + 1), RadiusX: 4, RadiusY: 4, Force: 1})
	}
	if tps == nil {
		tps = []*input.TouchPoint{}
	}
	return input.DispatchTouchEvent(typ, tps)
}

// tap touches x, y with one finger and lifts it.
func tap(t *testing.T, ctx context.Context, x, y float64) {
	t.Helper()
	require.NoError(t, chromedp.Run(ctx,
		touch(input.TouchStart, [2]float64{x, y}),
		held(),
		touch(input.TouchEnd),
		held(),
	))
}

// tapButton taps the middle of a button with a finger.
func tapButton(t *testing.T, ctx context.Context, part string) {
	t.Helper()
	b := waitButton(t, ctx, part)
	tap(t, ctx, b.X+b.W/2, b.Y+b.H/2)
}

// drag moves one finger from a to b in steps, a frame or so apart.
func drag(t *testing.T, ctx context.Context, a, b [2]float64, steps int) {
	t.Helper()
	acts := []chromedp.Action{touch(input.TouchStart, a), held()}
	for i := 1; i <= steps; i++ {
		f := float64(i) / float64(steps)
		acts = append(acts, touch(input.TouchMove, [2]float64{a[0] + f*(b[0]-a[0]), a[1] + f*(b[1]-a[1])}), chromedp.Sleep(30*time.Millisecond))
	}
	acts = append(acts, held(), touch(input.TouchEnd), held())
	require.NoError(t, chromedp.Run(ctx, acts...))
}

// screenshot captures the page as a PNG and keeps it in the test's
// artifact folder.
func screenshot(t *testing.T, ctx context.Context, name string) []byte {
	t.Helper()
	var png []byte
	require.NoError(t, chromedp.Run(ctx, chromedp.CaptureScreenshot(&png)))
	require.NoError(t, os.WriteFile(filepath.Join(t.ArtifactDir(), name+".png"), png, 0o644))
	return png
}

// pinch puts two fingers d0 apart (side by side) about c and spreads them
// to d1 apart in steps, keeping their middle at c.
func pinch(t *testing.T, ctx context.Context, c [2]float64, d0, d1 float64) {
	t.Helper()
	at := func(d float64) chromedp.Action {
		return touch(input.TouchMove, [2]float64{c[0] - d/2, c[1]}, [2]float64{c[0] + d/2, c[1]})
	}
	acts := []chromedp.Action{touch(input.TouchStart, [2]float64{c[0] - d0/2, c[1]}, [2]float64{c[0] + d0/2, c[1]}), held()}
	for i := 1; i <= 10; i++ {
		acts = append(acts, at(d0+(d1-d0)*float64(i)/10), chromedp.Sleep(40*time.Millisecond))
	}
	acts = append(acts, held(), touch(input.TouchEnd), held())
	require.NoError(t, chromedp.Run(ctx, acts...))
}

// pageField returns the text field of the view with the id.
func pageField(st ui.PageState, id string) (ui.PageField, bool) {
	for _, f := range st.Fields {
		if f.ID == id {
			return f, true
		}
	}
	return ui.PageField{}, false
}

// typeInto taps a text field of the view with a finger, checks that the
// page's own input over it took the keyboard (a phone then shows its
// keyboard), replaces its text by typing text through it, and presses
// Enter when enter is set.
func typeInto(t *testing.T, ctx context.Context, id, text string, enter bool) {
	t.Helper()
	focused := func(st ui.PageState) bool {
		f, ok := pageField(st, id)
		return ok && f.Focused
	}
	// tapped once the page rests, again while a tap was not taken (the
	// page drew quiet frames without the field focused)
	for try := 0; ; try++ {
		st := settle(t, ctx)
		if focused(st) {
			break
		}
		require.Less(t, try, 8, "the field %s never took the keyboard", id)
		f, ok := pageField(st, id)
		require.True(t, ok, "no field %s", id)
		tap(t, ctx, f.X+f.W/2, f.Y+f.H/2)
		if until(t, ctx, focused) {
			break
		}
	}
	var active string
	require.NoError(t, chromedp.Run(ctx, chromedp.Evaluate(`document.activeElement.id`, &active)))
	require.Equal(t, "bsg-field-"+id, active, "a tap on the field focuses the page's input")
	acts := []chromedp.Action{chromedp.Evaluate(`document.activeElement.select()`, nil), chromedp.KeyEvent(text)}
	if enter {
		acts = append(acts, chromedp.KeyEvent(kb.Enter))
	}
	require.NoError(t, chromedp.Run(ctx, acts...))
}

// stateDiff names the fields of two published page states that differ,
// with both values (the first 300 bytes of each).
func stateDiff(a, b string) string {
	var x, y map[string]json.RawMessage
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return "(not JSON)"
	}
	var out []string
	for k := range y {
		if string(x[k]) != string(y[k]) {
			out = append(out, fmt.Sprintf("%s: %.300s -> %.300s", k, x[k], y[k]))
		}
	}
	for k := range x {
		if _, ok := y[k]; !ok {
			out = append(out, fmt.Sprintf("%s: %.300s -> (none)", k, x[k]))
		}
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}
