package table

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/scenarios"
)

// TestPlayEveryScenarioThroughTheWindow plays every built-in scenario to
// its end as a newcomer would: the real window on a virtual display,
// real key presses and clicks (xdotool), hot-seat and against the
// computer, F1 opened (and looked at: a screenshot) the first time each
// stage shows. Screenshots go to the test's artifact folder, NAME-MODE/
// (make playthrough keeps them in out/playthrough). It takes several
// minutes: it runs with BSG_PLAY_ALL=1 (make playthrough), not
// in make test.
func TestPlayEveryScenarioThroughTheWindow(t *testing.T) {
	if os.Getenv("BSG_PLAY_ALL") == "" {
		t.Skip("BSG_PLAY_ALL=1 plays every scenario through the window (make playthrough)")
	}
	only := os.Getenv("BSG_SCENARIO")
	for _, name := range scenarios.Names() {
		if only != "" && !strings.Contains(","+only+",", ","+name+",") {
			continue
		}
		for _, mode := range []string{"hotseat", "computer"} {
			t.Run(name+"/"+mode, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), hangGuard)
				defer cancel()
				args := []string{"-scenario", name, "-seed", "5", "-data", filepath.Join(t.TempDir(), "data")}
				size := "1280x800"
				if mode == "computer" {
					args = append(args, "-cylon", "greedy", "-width", "1024", "-height", "640")
					size = "1024x640"
				}
				x := launch(t, ctx, filepath.Join(t.ArtifactDir(), "every-scenario", name+"-"+mode), args...)
				title := playToTheEnd(t, x)
				t.Logf("%s %s (%s): %s", name, mode, size, title)
			})
		}
	}
}

// playToTheEnd plays the game in the window to its end as a newcomer
// who reads F1 on each new stage: straight moves at speed 3, the first
// target, the marker in the middle of the table. It returns the final
// window title.
func playToTheEnd(t *testing.T, x *xdo) string {
	helped := map[string]bool{}
	return x.playWindow(func(title string, st windowState) bool {
		if st.stage != "" && !helped[st.stage] {
			helped[st.stage] = true
			x.key("F1") // and two frames drawn with the help
			x.shot("help-" + st.stage)
			x.key("F1")
		}
		switch st.stage {
		case "over":
			require.True(t, strings.Contains(title, "victory") || strings.Contains(title, "a draw"), title)
			return true
		case "declare": // every shooter at its first target
			x.key("1", "Tab", "1", "Tab", "1", "Tab", "1", "Return")
		case "":
			t.Logf("no stage in %q", title)
			x.key("Return")
		default: // plan, marker, cover, reveal, anim, results, think
			x.answer(st, "3")
		}
		return false
	})
}
