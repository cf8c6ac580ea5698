package kit

import (
	"fmt"
	"math"
)

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
	hint Rect // what More drew last
	// ops is where the content's drawing began in the list; below: a
	// control or a line of the content lay (partly) under the room on
	// the last frame
	ops   int
	below bool
}

// Begin clips drawing to vis and returns the rectangle to draw the
// content into, and the mark End needs.
func (sp *Scroll) Begin(c *Controls, l *List, vis Rect) (Rect, int) {
	sp.vis = vis
	sp.off = math.Max(0, math.Min(sp.off, sp.need-vis.H))
	sp.top = vis.Y - sp.off
	l.SetClip(&sp.vis)
	sp.ops = len(l.Ops)
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
	// more below: a control, or a line of the content's text (clipped
	// to the room), under the room's foot; room left for text that
	// never comes is not "more"
	foot := sp.vis.Y + sp.vis.H + 1
	sp.below = low > foot
	for _, op := range l.Ops[min(sp.ops, len(l.Ops)):] {
		if !sp.below && op.Kind == OpText && op.Text != "" && op.Clipped && op.Clip == sp.vis && op.At.Y+0.2*op.Size > foot {
			sp.below = true
		}
	}
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

// Room is the rectangle the content had on the last frame.
func (sp *Scroll) Room() Rect { return sp.vis }

// Below reports whether part of the content, a control or a line of
// text, lies below the room (after the last frame's End): the player has
// more to read or press further down.
func (sp *Scroll) Below() bool { return sp.below }

// Down scrolls the content up by most of the room (a page), no further
// than its end.
func (sp *Scroll) Down() {
	sp.off += 0.8 * sp.vis.H
	sp.clamp()
}

// More shows, when part of the content lies below the room, that it
// does: a player on a phone sees that the panel goes on. It draws a
// "More below" button, with an arrow pointing down, whose foot is at
// bottom (the room's foot, or above something pinned there): a press
// scrolls down a page, so a finger reaches the rest without guessing
// that the panel scrolls. The button stands at the room's right edge,
// else its left, where it covers no control and no line of the content's
// text drawn so far; where both would, an arrow in the room's right
// margin, by the scroll bar, says it (MoreInMargin: a control of the
// content stays whole and pressable, a line of text readable). It returns the
// hint's rectangle (empty when nothing is below) and whether it is the
// button.
func (sp *Scroll) More(c *Controls, l *List, bottom float64) (r Rect, button bool) {
	sp.hint = Rect{}
	if !sp.Below() {
		return Rect{}, false
	}
	s := c.S()
	sz := c.TextSize(13)
	label := "More below"
	h := MoreHeight(c)
	w := c.Fonts.Width(label, sz, true) + 2.2*sz + 16*s
	right := Rect{X: sp.vis.X + sp.vis.W - w - 10*s, Y: bottom - h, W: w, H: h - 4*s}
	left := right
	left.X = sp.vis.X + 10*s
	covers := func(r Rect) bool {
		for _, w := range c.hots {
			if w.R.Overlaps(r) {
				return true
			}
		}
		// a line of the content's text as the room shows it: one under
		// the button was read only once scrolled (a phone)
		under, _ := sp.TextUnder(c, l, r)
		return len(under) > 0
	}
	switch {
	case !covers(right):
		r = right
	case !covers(left):
		r = left
	default:
		return sp.MoreInMargin(c, l, bottom), false
	}
	l.Rect(r, Alpha(ColInk, 0.85), ColNone, 0)
	ax, ay := r.X+8*s+0.5*sz, r.Y+r.H/2
	l.Poly([]Pt{{X: ax - 0.5*sz, Y: ay - 0.3*sz}, {X: ax + 0.5*sz, Y: ay - 0.3*sz}, {X: ax, Y: ay + 0.35*sz}}, ColWhite, ColNone, 0)
	l.Text(Pt{X: ax + 0.9*sz, Y: ay + sz*0.36}, label, sz, ColWhite, AnchorStart, true)
	c.Hot(r, fmt.Sprintf("btn:%.0f:%.0f:%s", r.X, r.Y, label), sp.Down)
	sp.hint = r
	return r, true
}

// MoreInMargin says that more is below with an arrow in the room's right
// margin, by the scroll bar's foot, whose foot is at bottom: it covers
// neither a control nor a line of the content. It returns the arrow's
// rectangle (empty when nothing is below).
func (sp *Scroll) MoreInMargin(c *Controls, l *List, bottom float64) Rect {
	sp.hint = Rect{}
	if !sp.Below() {
		return Rect{}
	}
	s := c.S()
	// inside the content's 14-unit margin, clear of a full-width
	// button's label
	aw := 9 * s
	r := Rect{X: sp.vis.X + sp.vis.W - aw - 1*s, Y: bottom - 2.2*aw, W: aw, H: 2 * aw}
	l.Rect(r, Alpha(ColInk, 0.85), ColNone, 0)
	ax, ay, hw := r.X+r.W/2, r.Y+r.H/2, 0.4*aw
	l.Poly([]Pt{{X: ax - hw, Y: ay - 0.6*hw}, {X: ax + hw, Y: ay - 0.6*hw}, {X: ax, Y: ay + 0.8*hw}}, ColWhite, ColNone, 0)
	sp.hint = r
	return r
}

// TextUnder returns the lines of the content's text (drawn since Begin,
// clipped to the room) whose part the room shows overlaps r, with the
// box that part takes.
func (sp *Scroll) TextUnder(c *Controls, l *List, r Rect) (texts []string, boxes []Rect) {
	for _, op := range l.Ops[min(sp.ops, len(l.Ops)):] {
		if op.Kind != OpText || op.Text == "" || !op.Clipped || op.Clip != sp.vis {
			continue
		}
		box := LabelBox(op.At, c.Fonts.Width(op.Text, op.Size, op.Bold), op.Size, op.Anchor)
		top, bottom := math.Max(box.Y, sp.vis.Y), math.Min(box.Y+box.H, sp.vis.Y+sp.vis.H)
		shown := Rect{X: box.X, Y: top, W: box.W, H: bottom - top}
		if bottom > top && shown.Overlaps(r) {
			texts, boxes = append(texts, op.Text), append(boxes, shown)
		}
	}
	return texts, boxes
}

// Hint is the rectangle of what More drew on the last frame to say that
// more is below (empty: nothing).
func (sp *Scroll) Hint() Rect { return sp.hint }

// MoreHeight is the height of More's button and its gap above bottom: a
// screen that keeps it off its content leaves this much under the room.
func MoreHeight(c *Controls) float64 {
	s := c.S()
	return math.Max(28*s, math.Min(c.MinTarget, 36*s)) + 4*s
}
