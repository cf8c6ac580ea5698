package ui

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// moreOverText lists the lines of the panel's text that "More below"
// lies over on the frame just drawn (l).
func moreOverText(a *App, g *Game, l *kit.List) []string {
	hint := g.scroll.Hint()
	if hint.W == 0 {
		return nil
	}
	room := g.scroll.Room()
	var out []string
	for _, op := range l.Ops {
		if op.Kind != kit.OpText || op.Text == "" || !op.Clipped || op.Clip != room {
			continue
		}
		box := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		// the part of the line the room shows
		top, bottom := max(box.Y, room.Y), min(box.Y+box.H, room.Y+room.H)
		if bottom <= top {
			continue
		}
		box.Y, box.H = top, bottom-top
		if box.Overlaps(hint) {
			out = append(out, op.Text)
		}
	}
	return out
}

// TestPhoneMoreBelowCoversNoText: on a phone held upright (390 × 844)
// "More below" says the panel goes on without lying over a line of its
// text (a line under it was read only once scrolled): the planning
// panel, the playback's results and the firing panel of a turn of
// The Hand of God, every frame.
func TestPhoneMoreBelowCoversNoText(t *testing.T) {
	a := phoneApp(t)
	sc, err := scenarios.Load("hand-of-god", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	hints := map[string]int{}
	for step := 0; step < 400 && g.publicView().Turn < 3; step++ {
		l := a.Frame()
		if g.scroll.Hint().W > 0 {
			hints[g.Stage()]++
		}
		assert.Empty(t, moreOverText(a, g, l), "stage %s: More below lies over these lines", g.Stage())
		switch g.Stage() {
		case "cover", "results":
			enter(a)
		case "anim":
			a.Tick(1.0 / 10)
		case "plan":
			if _, now := g.plannable(g.side); now {
				send(a, kit.Type("3")...)
				enter(a)
			} else {
				send(a, kit.Type("h")...)
			}
		case "declare":
			enter(a)
		default:
			a.Tick(1.0 / 60)
		}
	}
	t.Logf("frames with More below by stage: %v", hints)
	assert.Positive(t, hints["plan"], "the planning panel went on below its room")
}
