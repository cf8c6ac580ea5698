package ui

import (
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/table/ui/kit"
	"github.com/starshipbattles/bsg/wire"
)

// phoneNetGame opens both seats of a network game of a built-in scenario
// through a server on 127.0.0.1, each on a phone held upright.
func phoneNetGame(t *testing.T, scenario string) []screen {
	s, err := server.New(server.Options{Data: t.TempDir()})
	require.NoError(t, err)
	hs := httptest.NewServer(s.Handler())
	t.Cleanup(func() { hs.Close(); s.Close() })
	cr, err := client.Host(hs.URL, wire.CreateRequest{Scenario: scenario})
	require.NoError(t, err)
	var out []screen
	for _, token := range []string{cr.Colonial, cr.Cylon} {
		a := phoneApp(t)
		g := NewNetGame(a, hs.URL, token)
		a.Show(g)
		t.Cleanup(func() { g.seat.Leave() })
		out = append(out, screen{a, g})
	}
	return out
}

// glyphs is the box the letters of a text op take (capitals to
// descenders), tighter than kit.LabelBox's, which pads for placing
// labels apart.
func glyphs(a *App, op kit.Op) kit.Rect {
	r := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
	return kit.Rect{X: r.X, Y: op.At.Y - 0.75*op.Size, W: r.W, H: 0.97 * op.Size}
}

// hotLabelled returns the frame's topmost control whose label begins
// with prefix.
func hotLabelled(a *App, prefix string) (kit.Hot, bool) {
	for i := a.NumHots() - 1; i >= 0; i-- {
		h := a.Hots()[i]
		if parts := strings.SplitN(h.ID, ":", 4); len(parts) == 4 && strings.HasPrefix(parts[3], prefix) {
			return h, true
		}
	}
	return kit.Hot{}, false
}

// keyLabel is a button label ending in the key that does the same.
var keyLabel = regexp.MustCompile(`\((Enter|Esc|Space|Tab|PageUp|PageDown|F\d+|[[:alnum:],.\[\]])\)$`)

// phoneFrameProblems lists what is wrong with the frame of a phone's
// game screen for a player: the decision the screen waits for (Go on,
// Declare, the plan's Commit/Undo/Done) not on screen above the footer
// without a scroll; content below the room with nothing saying so; the
// heading "Turn N" touching the line under it; a text running off the
// screen's sides; a button labelled with a key.
func phoneFrameProblems(a *App, g *Game) []string {
	var out []string
	l := a.Frame()
	stage := g.Stage()
	onScreen := func(h kit.Hot) bool { return h.R.Y >= 0 && h.R.Y+h.R.H <= g.foot.Y+1 }
	want := map[string][]string{"results": {"Go on"}, "declare": {"Declare"}}
	if !g.preplan {
		want["plan"] = []string{"Commit", "Undo", "Done", "Hand over"}
	}
	if prefixes, ok := want[stage]; ok && g.tab != "scenario" {
		found := false
		for _, p := range prefixes {
			if h, ok := hotLabelled(a, p); ok && onScreen(h) {
				found = true
			}
		}
		if !found {
			var hs []string
			for _, h := range a.Hots() {
				hs = append(hs, fmt.Sprintf("%s@%.0f+%.0f", h.ID, h.R.Y, h.R.H))
			}
			out = append(out, fmt.Sprintf("%s: none of %q on screen above the footer (y %.0f); controls %s", stage, prefixes, g.foot.Y, strings.Join(hs, ", ")))
		}
		if g.scroll.Below() && g.scroll.Hint().W == 0 {
			out = append(out, stage+": the panel goes on below its room and nothing says so")
		}
		hs := a.Hots()
		for _, h := range hs {
			if parts := strings.SplitN(h.ID, ":", 4); len(parts) == 4 && keyLabel.MatchString(parts[3]) {
				out = append(out, fmt.Sprintf("%s: the button %q carries a key on a touch screen", stage, parts[3]))
			}
		}
		for i, b := range hs {
			for _, c := range hs[i+1:] {
				if b.R.Overlaps(c.R) {
					out = append(out, fmt.Sprintf("%s: %s and %s overlap", stage, b.ID, c.ID))
				}
			}
		}
	}
	var heading *kit.Op
	for i, op := range l.Ops {
		if op.Kind != kit.OpText || op.Text == "" {
			continue
		}
		r := kit.LabelBox(op.At, a.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		if r.X < -1 || r.X+r.W > a.W+1 {
			out = append(out, fmt.Sprintf("%s: %q runs off the screen (%.0f to %.0f of %.0f)", stage, op.Text, r.X, r.X+r.W, a.W))
		}
		if op.Bold && strings.HasPrefix(op.Text, "Turn ") && !strings.Contains(op.Text, "·") {
			heading = &l.Ops[i]
			continue
		}
		if heading != nil {
			// the first text drawn after the heading is the line under it
			h, n := glyphs(a, *heading), glyphs(a, op)
			if gap := n.Y - (h.Y + h.H); gap < 0.15*op.Size {
				out = append(out, fmt.Sprintf("%s: %q touches the heading %q under it (gap %.1f px)", stage, op.Text, heading.Text, gap))
			}
			heading = nil
		}
	}
	return out
}

// TestPhoneNetworkGameKeepsTheNextActionOnScreen: a network game of
// Furball played on two phones held upright (390 × 844) through a server
// on 127.0.0.1: on every frame the player's next action (Go on after a
// step's results, Declare, the plan's buttons) is on screen above the
// footer without a scroll, a panel that goes on below says so with a
// "More below" button, the heading "Turn N" of the results stands clear
// of the line "You play …" under it, and the playback's banner ("Movement
// step 1: the ships move") fits the screen's width.
func TestPhoneNetworkGameKeepsTheNextActionOnScreen(t *testing.T) {
	screens := phoneNetGame(t, "furball")
	problems := map[string]bool{}
	stages := map[string]bool{}
	deadline := time.Now().Add(3 * time.Minute) // a bound on the loop, not a budget: every step waits on state
	for guard := 0; ; guard++ {
		require.Less(t, guard, 20000, "the play-through ends")
		done, acted := true, false
		for _, sc := range screens {
			stages[sc.g.Stage()] = true
			for _, p := range phoneFrameProblems(sc.a, sc.g) {
				if !problems[p] {
					t.Errorf("%s: %s", sc.g.human(), p)
				}
				problems[p] = true
			}
			v := sc.g.publicView()
			if v.Phase == battle.Over || v.Turn > 3 && sc.g.Stage() != "anim" && sc.g.Stage() != "results" {
				continue
			}
			done = false
			if act(t, sc) {
				acted = true
			}
		}
		if done {
			break
		}
		if !acted {
			require.True(t, time.Now().Before(deadline), "stuck: stages %s / %s", screens[0].g.Stage(), screens[1].g.Stage())
			time.Sleep(time.Millisecond)
			for _, sc := range screens {
				sc.a.Tick(1.0 / 60)
			}
		}
	}
	for _, st := range []string{"plan", "declare", "anim", "results"} {
		assert.True(t, stages[st], "the play-through showed the stage %s", st)
	}
}

// TestPhoneDecisionPinnedAboveTheFooter: on a phone, a results panel
// whose shots push Go on below the panel's room pins Go on (and the
// pace) at the room's foot, above the footer; a tap on it goes on; the
// pinned strip goes once the button is in the room again.
func TestPhoneDecisionPinnedAboveTheFooter(t *testing.T) {
	screens := phoneNetGame(t, "furball")
	deadline := time.Now().Add(3 * time.Minute)
	var sc screen
	for sc.a == nil {
		require.True(t, time.Now().Before(deadline), "no results long enough to push Go on out")
		acted := false
		for _, o := range screens {
			if o.g.Stage() == "results" {
				o.a.Frame()
				if o.g.pinH > 0 {
					sc = o
					break
				}
			}
			if act(t, o) {
				acted = true
			}
		}
		if !acted && sc.a == nil {
			time.Sleep(time.Millisecond)
			for _, o := range screens {
				o.a.Tick(1.0 / 60)
			}
		}
	}
	a, g := sc.a, sc.g
	a.Frame()
	h, ok := hotLabelled(a, "Go on")
	require.True(t, ok, "Go on is pressable")
	room := g.scroll.Room()
	assert.InDelta(t, room.Y+room.H+g.pinH, g.foot.Y, 1, "the pinned strip stands between the room and the footer")
	assert.GreaterOrEqual(t, h.R.Y, room.Y+room.H, "Go on is in the strip under the room")
	assert.LessOrEqual(t, h.R.Y+h.R.H, g.foot.Y, "above the footer")
	beat := g.beat
	send(a, kit.Click(h.R.Center().X, h.R.Center().Y)...)
	assert.True(t, g.beat != beat || g.Stage() != "results", "the pinned Go on goes on")
}

// TestPhoneCoverWordsStayClearOfItsButtons: a briefing longer than a
// phone's screen (The Jump Point) keeps its words in the room above
// Continue, Help and Leave: no word drawn where a button is; "More
// below" scrolls the rest into the room, to its last line; a drag on the
// words reads on rather than leaving the cover; Continue goes on.
func TestPhoneCoverWordsStayClearOfItsButtons(t *testing.T) {
	a := phoneApp(t)
	sc, err := scenarios.Load("jump-point", a.Comp)
	require.NoError(t, err)
	g, err := NewGame(a, sc.Setup(), 3)
	require.NoError(t, err)
	a.Show(g.WithScenario(sc))
	require.Equal(t, "cover", g.Stage())
	visible := func(l *kit.List, op kit.Op) (kit.Rect, bool) {
		r := glyphs(a, op)
		if !op.Clipped {
			return r, true
		}
		c := op.Clip
		x0, y0 := max(r.X, c.X), max(r.Y, c.Y)
		x1, y1 := min(r.X+r.W, c.X+c.W), min(r.Y+r.H, c.Y+c.H)
		return kit.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, x1 > x0 && y1 > y0
	}
	last := ""
	for _, p := range g.coverParas {
		last = p.Text
	}
	lastWords := strings.Fields(last)
	lastWord := lastWords[len(lastWords)-1]
	seenLast := false
	for page := 0; page < 30; page++ {
		l := a.Frame()
		for _, op := range l.Ops {
			if op.Kind != kit.OpText || op.Text == "" {
				continue
			}
			r, shown := visible(l, op)
			if !shown {
				continue
			}
			for _, h := range a.Hots() {
				if strings.HasSuffix(h.ID, ":"+op.Text) {
					continue // the button's own label
				}
				assert.False(t, r.Overlaps(h.R), "page %d: %q drawn under the button %s", page, op.Text, h.ID)
			}
			if strings.HasSuffix(op.Text, lastWord) {
				seenLast = true
			}
		}
		more, ok := hotLabelled(a, "More below")
		if !ok {
			break
		}
		send(a, kit.Click(more.R.Center().X, more.R.Center().Y)...)
		require.Equal(t, "cover", g.Stage(), "More below reads on")
	}
	assert.True(t, seenLast, "the briefing's last line %q comes into the room", lastWord)
	// a finger drags the words down again (back to the top, a drag of
	// 60% of the room at a time): the cover stays
	words := g.coverScroll.Room()
	require.Positive(t, words.H)
	x := words.X + words.W/2
	atTop := func() bool {
		for _, w := range a.PageState().Words {
			if w.Y < -1 {
				return false
			}
		}
		return true
	}
	for drag := 0; drag < 30 && !atTop(); drag++ {
		send(a, kit.Event{Kind: kit.MouseDown, Button: kit.ButtonLeft, X: x, Y: words.Y + 0.2*words.H},
			kit.Event{Kind: kit.MouseMove, X: x, Y: words.Y + 0.8*words.H},
			kit.Event{Kind: kit.MouseUp, Button: kit.ButtonLeft, X: x, Y: words.Y + 0.8*words.H})
		require.Equal(t, "cover", g.Stage(), "a drag on the words reads, it does not go on")
		a.Frame()
	}
	_, ok := hotLabelled(a, "More below")
	assert.True(t, ok, "back at the top, more is below again")
	for _, w := range a.PageState().Words {
		assert.True(t, w.Y >= -1 && w.Y+w.H <= a.H+1, "the page's words are those on the screen: %q at %.0f", w.Text, w.Y)
	}
	c, ok := hotLabelled(a, "Continue")
	require.True(t, ok)
	send(a, kit.Click(c.R.Center().X, c.R.Center().Y)...)
	assert.NotEqual(t, "cover", g.Stage(), "Continue goes on")
	// a tap on the words goes on too, as on a cover whose words fit
	g.passTo(battle.Cylon, sc.Briefing+"\n\n"+sc.Briefing, func() { g.st = stThink })
	a.Frame()
	require.True(t, g.coverScrolls, "a cover twice the briefing scrolls")
	send(a, kit.Click(x, words.Y+0.5*words.H)...)
	assert.NotEqual(t, "cover", g.Stage(), "a tap on the words goes on")
}
