package ui

import (
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// cardMarks returns the card buttons of the frame that carry a hexagon
// mark, by label: "difficult" (outlined: it may be chosen, at a cost) or
// "forbidden" (filled in the warning colour).
func cardMarks(a *App) map[string]string {
	l := a.Frame()
	out := map[string]string{}
	for _, w := range a.Hots() {
		label := w.ID[strings.LastIndex(w.ID, ":")+1:]
		for _, op := range l.Ops {
			if op.Kind != kit.OpPath || len(op.Pts) != 6 {
				continue
			}
			var c kit.Pt
			for _, p := range op.Pts {
				c.X, c.Y = c.X+p.X/6, c.Y+p.Y/6
			}
			if !w.R.Contains(c) {
				continue
			}
			switch {
			case op.Fill == kit.ColWarn:
				out[label] = "forbidden"
			case op.Fill == (color.NRGBA{}) && op.Stroke == kit.ColInk:
				out[label] = "difficult"
			}
		}
	}
	return out
}

// marksOverLabels lists the card buttons of the frame whose hexagon mark
// lies over the letters of their label ("G3" under it on a phone).
func marksOverLabels(a *App) []string {
	l := a.Frame()
	var out []string
	for _, w := range a.Hots() {
		label := w.ID[strings.LastIndex(w.ID, ":")+1:]
		for _, op := range l.Ops {
			if op.Kind != kit.OpPath || len(op.Pts) != 6 {
				continue
			}
			hex := kit.Rect{X: op.Pts[0].X, Y: op.Pts[0].Y}
			for _, p := range op.Pts {
				hex.X, hex.Y = math.Min(hex.X, p.X), math.Min(hex.Y, p.Y)
			}
			for _, p := range op.Pts {
				hex.W, hex.H = math.Max(hex.W, p.X-hex.X), math.Max(hex.H, p.Y-hex.Y)
			}
			if !w.R.Contains(kit.Pt{X: hex.X + hex.W/2, Y: hex.Y + hex.H/2}) {
				continue
			}
			for _, t := range l.Ops {
				if t.Kind == kit.OpText && t.Text == kit.Clean(label) && w.R.Contains(t.At) && glyphs(a, t).Overlaps(hex) {
					out = append(out, label)
				}
			}
		}
	}
	return out
}

// TestPlanning_DifficultManeuvers_MarkedBeforeChoosing (Planning:
// Difficult maneuvers): while a player plans, the card picker marks each
// card the rules of difficult maneuvers touch for this ship now, before it
// is chosen, and says what choosing it costs, on a desktop and on a
// phone: in turn 1 the hard turns are difficult (a hexagon, as on the
// printed card) and take a difficult maneuver marker; after viper-1 flew
// one, in turn 2 its hard turns and its overboost cards but the straight
// one are forbidden (a red hexagon) with the rule, and what the ship
// would fly instead and draw; viper-2, which flew none, keeps the plain
// marks. The marks are the engine's answer (Preview), not a second one.
func TestPlanning_DifficultManeuvers_MarkedBeforeChoosing(t *testing.T) {
	for _, sc := range []struct {
		name string
		app  func(*testing.T) *App
	}{{"desktop", newTestApp}, {"phone", phoneApp}} {
		t.Run(sc.name, func(t *testing.T) {
			a := sc.app(t)
			setup := closeQuarters(starship.Complete)
			for i := range setup.Ships { // far apart: nobody fires in turn 1
				if setup.Ships[i].Side == battle.Cylon {
					setup.Ships[i].Pose.Pos.Y = 840
				} else {
					setup.Ships[i].Pose.Pos.Y = 60
				}
			}
			g, err := NewGame(a, setup, 3)
			require.NoError(t, err)
			a.Show(g)
			enter(a)
			require.Equal(t, "plan", g.Stage())
			g.sel = "viper-1"
			text := strings.Join(strings.Fields(textOnScreen(t, a, "turn 1")), " ")
			marks := cardMarks(a)
			assert.Equal(t, map[string]string{"Hard turn left G3": "difficult", "Hard turn right G3": "difficult"}, marks, "turn 1: the difficult cards")
			assert.Empty(t, marksOverLabels(a), "turn 1: a hexagon over its card's name")
			assert.Contains(t, text, "Hexagon, difficult: Hard turn left, Hard turn right. Choosing one takes a difficult maneuver marker: next turn viper-1 may plan no difficult card, and no overboost card but a straight one (Planning: Difficult maneuvers).")
			assert.NotContains(t, text, "Red hexagon")

			// viper-1 flies a hard turn left at low speed: legal, with a marker
			v := g.battle().View(g.side)
			p := g.draft(v, "viper-1")
			p.Cards, p.Speed = []string{"hard-turn-left"}, maneuvers.Low
			o, err := g.battle().Preview(battle.Colonial, "viper-1", *p)
			require.NoError(t, err)
			require.Empty(t, o.Violations)
			require.True(t, o.Difficult)
			enter(a)
			for range ownActive(g.battle().View(g.side))[1:] {
				send(a, kit.Type("4")...) // low speed, straight
				enter(a)
			}
			send(a, kit.Type("h")...)
			planAll(t, a, g) // the Cylon side
			enter(a)         // the reveal
			playBack(a, g)
			require.Equal(t, 2, g.battle().Turn())
			enter(a) // the Colonial player's cover screen
			require.Equal(t, "plan", g.Stage())

			s, _ := own(g.battle().View(g.side), "viper-1")
			require.True(t, s.State.DifficultLastTurn, "viper-1 holds a difficult maneuver marker")
			g.sel = "viper-1"
			text = strings.Join(strings.Fields(textOnScreen(t, a, "turn 2")), " ")
			marks = cardMarks(a)
			// the engine's answer for each card, as a tap would plan it
			deck := g.seat.Class(s.Class).Deck
			want := map[string]string{}
			for _, c := range deck.Cards {
				q := g.draft(g.battle().View(g.side), "viper-1").Clone()
				if c.IsSecond() {
					setSecond(&q, deck, c.ID)
				} else {
					setMain(&q, deck, c.ID)
				}
				o, err := g.battle().Preview(battle.Colonial, "viper-1", q)
				require.NoError(t, err)
				if slices.ContainsFunc(o.Violations, func(v starship.Violation) bool {
					return v.Rule == "difficult-after-difficult" || v.Rule == "overboost-after-difficult"
				}) {
					want[c.Name+" G"+string(rune('0'+c.G))] = "forbidden"
				}
			}
			require.Contains(t, want, "Hard turn left G3")
			require.Contains(t, want, "Overboost bank left G2")
			require.NotContains(t, want, "Overboost straight G0", "a straight overboost may follow a difficult maneuver")
			if sc.name == "phone" {
				// the second cards lie lower in the panel, scrolled to
				// by a finger: the marks of the cards on screen
				for label := range want {
					if _, ok := buttonRect(a, label); !ok {
						delete(want, label)
					}
				}
				require.Contains(t, want, "Hard turn left G3")
			}
			assert.Equal(t, want, marks, "turn 2: viper-1's forbidden cards")
			assert.Empty(t, marksOverLabels(a), "turn 2: a hexagon over its card's name")
			assert.Contains(t, text, "Red hexagon, Hard turn left: not now, Hard turn left is difficult, and a difficult maneuver was played last turn (Planning: Difficult maneuvers). Planned anyway, it flies Straight at ")
			assert.Contains(t, text, "and draws 1 damage counter.")
			assert.Contains(t, text, "Red hexagon, Overboost bank left: not now, after a difficult maneuver only a straight overboost may be planned (Planning: Difficult maneuvers).")
			assert.NotContains(t, text, "Hexagon, difficult", "no difficult card may be chosen now")

			g.sel = "viper-2"
			// (at viper-2's medium speed the hard turns are bracketed: no
			// arrow for it)
			assert.Equal(t, map[string]string{"(Hard turn left G3)": "difficult", "(Hard turn right G3)": "difficult"}, cardMarks(a), "viper-2 flew no difficult maneuver")
		})
	}
}
