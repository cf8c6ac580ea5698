// Command bsg-table opens the table view: `go run .` plays the default
// scenario hot-seat; -scenario plays any built-in scenario or scenario
// file, -colonial and -cylon let the computer play a side. The headless
// command line is cmd/bsg.
package main

import (
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table"
	"github.com/starshipbattles/bsg/table/ui"
)

func main() {
	var o table.Options
	webDir := "out/web"
	o.Host = hostOn(&webDir)
	flag.StringVar(&o.Scenario, "scenario", scenarios.Default, "what to play: a built-in `scenario` ("+strings.Join(scenarios.Names(), ", ")+") or a scenario file (YAML, scenarios/FORMAT.md)")
	flag.StringVar(&o.Colonial, "colonial", ui.Human, "the Colonial `player`: "+strings.Join(ui.PlayerChoices(), ", ")+" (human: a player at this machine; the others are the computer)")
	flag.StringVar(&o.Cylon, "cylon", ui.Human, "the Cylon `player`: "+strings.Join(ui.PlayerChoices(), ", "))
	flag.BoolVar(&o.Title, "title", false, "open on the title screen")
	flag.StringVar(&o.Load, "load", "", "continue a saved game (`FILE`, JSON)")
	flag.StringVar(&o.Replay, "replay", "", "replay a saved game (`FILE`) turn by turn")
	flag.StringVar(&o.Measure, "measure", "", "measurement mode on a table `FILE` (MEASURE-FORMAT.md); - for an empty table")
	flag.StringVar(&o.Photo, "photo", "", "photo mode on a photo `FILE` of a real table (JPEG or PNG)")
	flag.StringVar(&o.Marks, "marks", "", "with -photo, start from this marks `FILE` (photo/FORMAT.md)")
	flag.BoolVar(&o.Editor, "editor", false, "open the scenario editor")
	flag.StringVar(&o.Join, "join", "", "take a seat of a network game: its `link` (http://HOST:PORT/?seat=TOKEN) or code (HOST:PORT/TOKEN), from bsg host")
	flag.StringVar(&o.Dir, "dir", "out/table", "the `folder` where games, tables, scenarios and pictures are saved by default")
	flag.Func("seed", "play every game with this random `seed` (for tests and replays; default: a secret seed per game)", func(v string) error {
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return fmt.Errorf("%q: allowed: a whole number from 0 to %d", v, uint64(math.MaxUint64))
		}
		o.Seed = &n
		return nil
	})
	flag.StringVar(&o.DataDir, "data", table.DataDir(), "the `folder` where the game in progress is autosaved (Continue on the title); empty: no autosave")
	flag.StringVar(&webDir, "web", webDir, "the browser page `folder` (built by make web) the game server this program starts serves to the phones of a companion game")
	flag.StringVar(&o.Server, "server", "", "the game server of network games (`URL`, default "+ui.DefaultServer+"; Host starts one there when none answers)")
	flag.IntVar(&o.Width, "width", 1280, "window `width` in pixels")
	flag.IntVar(&o.Height, "height", 800, "window `height` in pixels")
	flag.DurationVar(&o.FrameDelay, "frame-delay", 0, "add this `duration` to every frame (checks that no input is lost when frames are slow)")
	flag.IntVar(&o.Frames, "frames", 0, "close after `N` frames (for checks)")
	flag.BoolVar(&o.FrameInTitle, "frame-in-title", false, "end the window title with the number of frames drawn (for checks from outside)")
	flag.StringVar(&o.Screenshot, "screenshot", "", "with -frames, write the last frame to this PNG `file`")
	// In a browser the flags come from the page's address.
	if args := table.PageArgs(); args != nil {
		_ = flag.CommandLine.Parse(args)
	} else {
		flag.Parse()
	}
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "bsg-table takes no arguments; see -h")
		os.Exit(2)
	}
	if err := table.Run(assets.Default(), o); err != nil {
		fmt.Fprintln(os.Stderr, "bsg-table:", err)
		os.Exit(1)
	}
}
