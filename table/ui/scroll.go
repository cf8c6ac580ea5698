package ui

import (
	"github.com/starshipbattles/bsg/table/ui/kit"
	"math"
)

// scrollPanel is a panel whose content may be taller than the room it
// has (a phone held upright; a touch screen's larger targets): the
// content scrolls under a fixed strip, by a finger or the mouse dragged
// on the panel's empty parts, or by the wheel. Controls scrolled out of
// the room are neither drawn nor pressed.
type scrollPanel struct {
	off  float64  // how far the content is scrolled up, in pixels
	need float64  // the content's height, measured on the last frame
	vis  kit.Rect // the room the content had on the last frame
	top  float64  // the content's top on the last frame
	drag bool
	last float64
}

// begin clips drawing to vis and returns the rectangle to draw the
// content into, and the mark end needs.
func (sp *scrollPanel) begin(a *App, l *kit.List, vis kit.Rect) (kit.Rect, int) {
	sp.vis = vis
	sp.off = math.Max(0, math.Min(sp.off, sp.need-vis.H))
	sp.top = vis.Y - sp.off
	c := vis
	l.SetClip(&sp.vis)
	return kit.Rect{X: c.X, Y: sp.top, W: c.W, H: math.Max(c.H, sp.need)}, len(a.widgets)
}

// end drops the content's controls that are not wholly in the room
// (those registered between keep[0] and keep[1], drawn outside the
// content, stay), measures the content's height from its lowest control
// (below which extra pixels hold the text under it), and draws a scroll
// bar when the content is taller than the room.
func (sp *scrollPanel) end(a *App, l *kit.List, mark int, extra float64, keep [2]int) {
	l.SetClip(nil)
	kept := a.widgets[:mark]
	low := sp.top
	for i := mark; i < len(a.widgets); i++ {
		w := a.widgets[i]
		if i >= keep[0] && i < keep[1] {
			kept = append(kept, w)
			continue
		}
		low = math.Max(low, w.r.Y+w.r.H)
		if w.r.Y >= sp.vis.Y-1 && w.r.Y+w.r.H <= sp.vis.Y+sp.vis.H+1 {
			kept = append(kept, w) // whole in the room: a press on it is meant for it
		}
	}
	a.widgets = kept
	sp.need = low - sp.top + extra
	if sp.need > sp.vis.H+1 {
		s := a.S()
		h := sp.vis.H * sp.vis.H / sp.need
		y := sp.vis.Y + (sp.vis.H-h)*sp.off/(sp.need-sp.vis.H)
		l.Rect(kit.Rect{X: sp.vis.X + sp.vis.W - 5*s, Y: y, W: 4 * s, H: h}, kit.Alpha(kit.ColSecondary, 0.6), kit.ColNone, 0)
	}
}

// handle scrolls on a drag that starts in the room (the App gives the
// screen only presses that miss every control) and on the wheel over it.
func (sp *scrollPanel) handle(ev kit.Event, s float64) bool {
	switch ev.Kind {
	case kit.MouseDown:
		if sp.vis.Contains(kit.Pt{X: ev.X, Y: ev.Y}) {
			sp.drag, sp.last = true, ev.Y
			return true
		}
	case kit.MouseMove:
		if sp.drag {
			sp.off += sp.last - ev.Y
			sp.last = ev.Y
			sp.clamp()
			return true
		}
	case kit.MouseUp:
		if sp.drag {
			sp.drag = false
			return true
		}
	case kit.Wheel:
		if sp.vis.Contains(kit.Pt{X: ev.X, Y: ev.Y}) {
			sp.off -= ev.DY * 40 * s
			sp.clamp()
			return true
		}
	}
	return false
}

func (sp *scrollPanel) clamp() {
	sp.off = math.Max(0, math.Min(sp.off, sp.need-sp.vis.H))
}
