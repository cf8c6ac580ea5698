package kit

import "math"

// Scroll is a panel whose content may be taller than the room it
// has (a phone held upright; a touch screen's larger targets): the
// content scrolls under a fixed strip, by a finger or the mouse dragged
// on the panel's empty parts, or by the wheel. Controls scrolled out of
// the room are neither drawn nor pressed.
type Scroll struct {
	off  float64 // how far the content is scrolled up, in pixels
	need float64 // the content's height, measured on the last frame
	vis  Rect    // the room the content had on the last frame
	top  float64 // the content's top on the last frame
	drag bool
	last float64
}

// Begin clips drawing to vis and returns the rectangle to draw the
// content into, and the mark End needs.
func (sp *Scroll) Begin(c *Controls, l *List, vis Rect) (Rect, int) {
	sp.vis = vis
	sp.off = math.Max(0, math.Min(sp.off, sp.need-vis.H))
	sp.top = vis.Y - sp.off
	l.SetClip(&sp.vis)
	return Rect{X: vis.X, Y: sp.top, W: vis.W, H: math.Max(vis.H, sp.need)}, len(c.hots)
}

// End drops the content's controls that are not wholly in the room
// (those registered between keep[0] and keep[1], drawn outside the
// content, stay), measures the content's height from its lowest control
// (below which extra pixels hold the text under it), and draws a scroll
// bar when the content is taller than the room.
func (sp *Scroll) End(c *Controls, l *List, mark int, extra float64, keep [2]int) {
	l.SetClip(nil)
	kept := c.hots[:mark]
	low := sp.top
	for i := mark; i < len(c.hots); i++ {
		w := c.hots[i]
		if i >= keep[0] && i < keep[1] {
			kept = append(kept, w)
			continue
		}
		low = math.Max(low, w.R.Y+w.R.H)
		if w.R.Y >= sp.vis.Y-1 && w.R.Y+w.R.H <= sp.vis.Y+sp.vis.H+1 {
			kept = append(kept, w) // whole in the room: a press on it is meant for it
		}
	}
	c.hots = kept
	sp.need = low - sp.top + extra
	if sp.need > sp.vis.H+1 {
		s := c.S()
		h := sp.vis.H * sp.vis.H / sp.need
		y := sp.vis.Y + (sp.vis.H-h)*sp.off/(sp.need-sp.vis.H)
		l.Rect(Rect{X: sp.vis.X + sp.vis.W - 5*s, Y: y, W: 4 * s, H: h}, Alpha(ColSecondary, 0.6), ColNone, 0)
	}
}

// Handle scrolls on a drag that starts in the room (the App gives the
// screen only presses that miss every control) and on the wheel over it.
func (sp *Scroll) Handle(ev Event, s float64) bool {
	switch ev.Kind {
	case MouseDown:
		if sp.vis.Contains(Pt{X: ev.X, Y: ev.Y}) {
			sp.drag, sp.last = true, ev.Y
			return true
		}
	case MouseMove:
		if sp.drag {
			sp.off += sp.last - ev.Y
			sp.last = ev.Y
			sp.clamp()
			return true
		}
	case MouseUp:
		if sp.drag {
			sp.drag = false
			return true
		}
	case Wheel:
		if sp.vis.Contains(Pt{X: ev.X, Y: ev.Y}) {
			sp.off -= ev.DY * 40 * s
			sp.clamp()
			return true
		}
	}
	return false
}

func (sp *Scroll) clamp() {
	sp.off = math.Max(0, math.Min(sp.off, sp.need-sp.vis.H))
}

// Top scrolls the content back to its top.
func (sp *Scroll) Top() { sp.off = 0 }
