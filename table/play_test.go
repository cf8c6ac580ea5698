package table

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
)

// TestPlayTheJumpPointThroughTheWindow plays The Jump Point as a player
// would: the real window on its own virtual display (Xvfb), real key
// presses of 50 ms and real mouse clicks (xdotool), a screenshot of every
// new screen kept in the test's artifact folder (go test -artifacts). The
// Colonial player flies the Raptor into the jump point and jumps away by
// FTL against the computer (random); the battle ends in a Colonial
// victory. The test reads what the window shows from its title bar (the
// screen, the turn, the ship at the controls, the frames drawn) and the
// game from the autosave, and waits on them, never on a time.
func TestPlayTheJumpPointThroughTheWindow(t *testing.T) {
	t.Parallel() // its own display and program
	if testing.Short() {
		t.Skip("plays a whole game through the window")
	}
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	shots := filepath.Join(t.ArtifactDir(), "jump-point")
	data := filepath.Join(t.TempDir(), "data")
	x := launch(t, ctx, shots, "-scenario", "jump-point", "-cylon", "random", "-seed", "3", "-data", data)
	comp := assets.Default()
	sc, err := scenarios.Load("jump-point", comp)
	require.NoError(t, err)
	zone := sc.ZonePolygon("jump-point")

	title := x.playWindow(func(title string, st windowState) bool {
		switch st.stage {
		case "over":
			return true
		case "plan":
			speed := "3" // the escorts keep low
			if st.ship == "raptor" {
				speed = "4"
				if b := x.autosave(data, comp); b != nil {
					for _, s := range b.View(battle.Colonial).Ships {
						if s.ID == "raptor" && zone.Contains(s.Pose.Pos) {
							speed = "6" // FTL from inside the jump point
						}
					}
				}
			}
			x.answer(st, speed)
		default: // cover, reveal, declare (hold fire), marker, anim, results
			x.answer(st, "")
		}
		return false
	})
	require.Contains(t, title, "Colonial victory", "the Raptor jumps away")
	_, err = os.Stat(filepath.Join(data, "autosave.json"))
	require.True(t, os.IsNotExist(err), "a finished game leaves no autosave")
}

// reactFrames is how many frames the window draws with an unchanged
// title after an act before the act is made again (180: three seconds at
// full speed, longer when frames are slow).
const reactFrames = 180

// hangGuard ends a window test whose window stops drawing altogether;
// every wait of the tests is on what the window shows and frames drawn,
// so a loaded machine only makes them slower.
const hangGuard = 20 * time.Minute

// playWindow reads the window's title and hands each new one to act
// (after two frames drawn with it, and its screenshot, named by the
// stage) until act says the game is over; a title that stays while the
// window draws reactFrames frames is handed to act again. It returns the
// last title. The game must end within 1500 acts.
func (x *xdo) playWindow(act func(title string, st windowState) (over bool)) string {
	last, at, acts := "", 0, 0
	for {
		title, frame := x.read()
		st := parseTitle(title)
		if title == last && frame < at+reactFrames {
			x.poll() // the screen did not change yet
			continue
		}
		if title != last {
			x.waitFrames(2) // the frames that go with the title
			x.shot(st.stage)
		}
		last = title
		_, at = x.read()
		acts++
		require.Less(x.t, acts, 1500, "the game never ended; last: %s", title)
		if act(title, st) {
			return title
		}
	}
}

// answer makes a newcomer's move on a stage: on planning, the ship's
// plan at the speed key (a second Enter on a plan that needs it, h to
// hand over when all are planned); the FTL marker in the middle of the
// table; Enter elsewhere (a cover, hold fire, skip the animation, go on
// from the results).
func (x *xdo) answer(st windowState, speed string) {
	switch {
	case st.stage == "plan" && st.confirm:
		x.key("Return")
	case st.stage == "plan" && st.planned:
		x.key("h")
	case st.stage == "plan":
		x.key(speed, "Return")
	case st.stage == "marker":
		x.click(300, 300)
		x.key("Return")
	default:
		x.key("Return")
	}
}

// TestShortTapsUnderSlowFrames: with every frame taking 150 ms, key taps
// of 30 ms and a click, each shorter than a frame, all arrive.
func TestShortTapsUnderSlowFrames(t *testing.T) {
	t.Parallel() // its own display and program
	if testing.Short() {
		t.Skip("runs the window")
	}
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	x := launch(t, ctx, filepath.Join(t.ArtifactDir(), "short-taps"), "-scenario", "jump-point", "-seed", "3",
		"-data", "", "-frame-delay", "150ms")
	x.waitTitle("stage cover")
	x.tap("Return", 30*time.Millisecond)
	x.waitTitle("ship raptor")
	x.tap("Tab", 30*time.Millisecond)
	x.waitTitle("ship escort-1")
	x.tap("Tab", 30*time.Millisecond)
	x.waitTitle("ship escort-2")
	x.run("mousemove", "--window", x.win, "900", "90", "click", "1") // the raptor's tab
	x.waitTitle("ship raptor")
	x.shot("after-taps")
}

// launch builds the table view, starts it on a virtual display of its
// own with the arguments (and -frame-in-title), and returns its driver
// once its window is up; screenshots go to shots. The build is not under
// ctx: go test's -timeout bounds it, however busy the machine.
func launch(t *testing.T, ctx context.Context, shots string, args ...string) *xdo {
	for _, tool := range []string{"Xvfb", "xdotool", "import"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is needed (make deps installs it): %v", tool, err)
		}
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "bsg-table")
	build := exec.Command("go", "build", "-o", bin, "..")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run(), "building the table view")
	display := startXvfb(t, ctx)
	require.NoError(t, os.RemoveAll(shots))
	require.NoError(t, os.MkdirAll(shots, 0o755))
	args = append([]string{"-dir", filepath.Join(tmp, "files"), "-frame-in-title"}, args...)
	// A window that exits before it opens (GLFW could not initialise on a
	// busy display) is started again, up to three times; one that exits
	// later fails the test at once instead of waiting for the hang guard.
	for attempt := 1; ; attempt++ {
		app := exec.CommandContext(ctx, bin, args...)
		app.Env = append(os.Environ(), "DISPLAY="+display)
		app.Stdout, app.Stderr = os.Stderr, os.Stderr
		require.NoError(t, app.Start())
		exited := make(chan struct{})
		go func() { _ = app.Wait(); close(exited) }()
		t.Cleanup(func() { _ = app.Process.Kill(); <-exited })
		x := &xdo{t: t, ctx: ctx, display: display, shots: shots}
		if win, ok := x.waitWindow(exited); ok {
			x.win, x.exited = win, exited
			return x
		}
		if attempt == 3 {
			t.Fatalf("the window exited before it opened, %d times", attempt)
		}
		t.Logf("the window exited before it opened (attempt %d); starting it again", attempt)
	}
}

// titleFrames is how many frames the window may draw before it says what
// waitTitle waits for.
const titleFrames = 100

// waitTitle waits until the window's title says s, while the window
// draws at most titleFrames frames.
func (x *xdo) waitTitle(s string) {
	x.t.Helper()
	title, start := x.read()
	for frame := start; frame < start+titleFrames; {
		if strings.Contains(title, s) {
			return
		}
		x.poll()
		title, frame = x.read()
	}
	x.shot("timeout")
	x.t.Fatalf("the window never said %q in %d frames; it says %q", s, titleFrames, title)
}

// waitFrames waits until the window has drawn n frames more than it had
// when called.
func (x *xdo) waitFrames(n int) {
	_, start := x.read()
	for _, f := x.read(); f < start+n; _, f = x.read() {
		x.poll()
	}
}

// poll is the pause between two readings of the window's title, so that
// a wait does not take a core from the window it waits on.
func (x *xdo) poll() { time.Sleep(20 * time.Millisecond) }

// tap presses a key for d.
func (x *xdo) tap(k string, d time.Duration) {
	x.run("keydown", "--window", x.win, k, "sleep", fmt.Sprintf("%.3f", d.Seconds()), "keyup", "--window", x.win, k)
}

// startXvfb starts a virtual display of its own and returns its name.
func startXvfb(t *testing.T, ctx context.Context) string {
	r, w, err := os.Pipe()
	require.NoError(t, err)
	xv := exec.CommandContext(ctx, "Xvfb", "-displayfd", "3", "-screen", "0", "1280x800x24", "-nolisten", "tcp")
	xv.ExtraFiles = []*os.File{w}
	require.NoError(t, xv.Start())
	w.Close()
	t.Cleanup(func() { _ = xv.Process.Kill(); _ = xv.Wait() })
	line, err := bufio.NewReader(r).ReadString('\n')
	require.NoError(t, err, "Xvfb gives its display number")
	n, err := strconv.Atoi(strings.TrimSpace(line))
	require.NoError(t, err)
	return fmt.Sprintf(":%d", n)
}

// xdo drives the window with xdotool and takes screenshots.
type xdo struct {
	t       *testing.T
	ctx     context.Context
	display string
	win     string
	shots   string
	n       int
	exited  <-chan struct{} // closed when the program has exited
}

func (x *xdo) run(args ...string) string {
	cmd := exec.CommandContext(x.ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	out, err := cmd.Output()
	if x.exited != nil {
		select {
		case <-x.exited:
			x.t.Fatalf("the window exited; last screens in %s", x.shots)
		default:
		}
	}
	if x.ctx.Err() != nil {
		x.t.Fatalf("the window stopped (no progress in %v); last screens in %s", hangGuard, x.shots)
	}
	if err != nil {
		return ""
	}
	return strings.TrimSpace(string(out))
}

// waitWindow waits for the program's window to be up (until the hang
// guard: a loaded machine may take long to start it) and returns its id.
// It returns false when the program exits first.
func (x *xdo) waitWindow(exited <-chan struct{}) (string, bool) {
	for {
		select {
		case <-exited:
			return "", false
		default:
		}
		if id := x.run("search", "--name", "Starship Battles"); id != "" {
			return strings.Fields(id)[0], true
		}
		x.poll()
	}
}

func (x *xdo) title() string { return x.run("getwindowname", x.win) }

// read returns the window's title without its frame count, and the
// count (0 before the first frame).
func (x *xdo) read() (string, int) {
	title := x.title()
	i := strings.LastIndex(title, " · frame ")
	if i < 0 {
		return title, 0
	}
	n, err := strconv.Atoi(title[i+len(" · frame "):])
	require.NoError(x.t, err, "the title's frame count: %q", title)
	return title[:i], n
}

// key presses keys as a player does: down, 50 ms, up; the window draws
// two frames after each (it has seen the key).
func (x *xdo) key(keys ...string) {
	for _, k := range keys {
		x.run("keydown", "--window", x.win, k, "sleep", "0.05", "keyup", "--window", x.win, k)
		x.waitFrames(2)
	}
}

func (x *xdo) click(px, py int) {
	x.run("mousemove", "--window", x.win, strconv.Itoa(px), strconv.Itoa(py), "click", "1")
	x.waitFrames(2)
}

func (x *xdo) shot(stage string) {
	x.n++
	cmd := exec.CommandContext(x.ctx, "import", "-window", "root", filepath.Join(x.shots, fmt.Sprintf("%03d-%s.png", x.n, stage)))
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	if out, err := cmd.CombinedOutput(); err != nil {
		x.t.Logf("screenshot: %v %s", err, out)
	}
}

// autosave reads the game as the window last autosaved it.
func (x *xdo) autosave(dir string, comp *assets.Components) *battle.Battle {
	data, err := os.ReadFile(filepath.Join(dir, "autosave.json"))
	if err != nil {
		return nil
	}
	b, err := battle.Load(data, comp)
	if err != nil {
		return nil
	}
	return b
}

// windowState is what the title bar says: "… · turn 3 · plan · raptor".
type windowState struct {
	stage, ship      string
	planned, confirm bool
}

func parseTitle(s string) windowState {
	var w windowState
	for _, f := range strings.Split(s, " · ") {
		switch {
		case strings.HasPrefix(f, "stage "):
			w.stage = strings.TrimPrefix(f, "stage ")
		case strings.HasPrefix(f, "ship "):
			w.ship = strings.TrimPrefix(f, "ship ")
		case f == "all planned":
			w.planned = true
		case f == "confirm":
			w.confirm = true
		}
	}
	return w
}

// TestRepeatedTapsUnderSlowFrames: with every frame taking 150 ms, two
// taps of the same key inside one frame (the second still held when the
// frame ends) count as two, and a whole click inside one frame leaves no
// button held (a drag would follow the pointer).
func TestRepeatedTapsUnderSlowFrames(t *testing.T) {
	t.Parallel() // its own display and program
	if testing.Short() {
		t.Skip("runs the window")
	}
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	x := launch(t, ctx, filepath.Join(t.ArtifactDir(), "repeated-taps"), "-scenario", "jump-point", "-seed", "3",
		"-data", "", "-frame-delay", "150ms")
	x.waitTitle("stage cover")
	x.tap("Return", 30*time.Millisecond)
	x.waitTitle("ship raptor")
	x.run("keydown", "--window", x.win, "Tab", "sleep", "0.02", "keyup", "--window", x.win, "Tab",
		"sleep", "0.02", "keydown", "--window", x.win, "Tab", "sleep", "0.4", "keyup", "--window", x.win, "Tab")
	x.waitTitle("ship escort-2")
	x.shot("two-tabs")
}

// TestEveryTapInOneSlowFrameCounts: with every frame taking three seconds,
// bursts of whole taps of the special keys (20 ms down, 20 ms up), all
// inside one frame, each count once and in the order they were made:
// Right Right Tab Tab Tab Right Up on the title chooses the scenario two
// after the default, gives the Cylon side to the computer and stops on
// the Colonial row; Up Up Enter then plays that scenario. The first
// burst goes to the window (xdotool --window), the second through the
// keyboard itself (XTEST, the window focused).
func TestEveryTapInOneSlowFrameCounts(t *testing.T) {
	t.Parallel() // its own display and program
	if testing.Short() {
		t.Skip("runs the window")
	}
	ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
	defer cancel()
	const frame = 3 * time.Second
	x := launch(t, ctx, filepath.Join(t.ArtifactDir(), "taps-in-one-frame"), "-title", "-data", "", "-frame-delay", frame.String())
	names := scenarios.Names()
	def := slices.Index(names, scenarios.Default)
	require.GreaterOrEqual(t, def, 0)
	want := names[(def+2)%len(names)]
	x.waitTitle("· title · scenario " + scenarios.Default + " · Colonial human · Cylon human · row 1")
	x.waitFrames(2) // the window's key listener is up

	burst := func(window bool, keys ...string) time.Duration {
		var args []string
		for _, k := range keys {
			if window {
				args = append(args, "keydown", "--window", x.win, k, "sleep", "0.02", "keyup", "--window", x.win, k, "sleep", "0.02")
			} else {
				args = append(args, "keydown", k, "sleep", "0.02", "keyup", k, "sleep", "0.02")
			}
		}
		start := time.Now()
		x.run(args...)
		return time.Since(start)
	}
	sharp := func(took time.Duration) {
		if took >= frame {
			// the machine is so busy that xdotool took longer than a
			// frame: the taps may span two frames (they must count all
			// the same)
			t.Logf("a burst took %v, more than a frame", took)
		}
	}
	sharp(burst(true, "Right", "Right", "Tab", "Tab", "Tab", "Right", "Up"))
	x.waitTitle("· title · scenario " + want + " · Colonial human · Cylon random · row 3")
	x.waitFrames(2) // the frames that show it
	x.shot("title-after-burst")

	x.run("windowfocus", "--sync", x.win)
	sharp(burst(false, "Up", "Up", "Return"))
	sc, err := scenarios.Load(want, assets.Default())
	require.NoError(t, err)
	x.waitTitle(sc.Name)
	x.waitFrames(2)
	x.shot("game")
}
