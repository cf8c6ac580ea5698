package sketch

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// placedLabel is a label with the box chosen for it.
type placedLabel struct {
	label
	box physics.Rect
}

// placeLabels chooses where the labels go: first the ship ids (behind each
// ship if there is room), then the obstacle ids, then a label beside each
// ruler. A ruler label that would cover another label or a base is replaced
// by a number beside the ruler, and the ruling goes to the notes under the
// legend under that number.
//
// Given the placement of the picture before (last, may be nil), a label
// whose candidate boxes are the same as then, and near which nothing the
// placer weighs differs from then (the bases, the lines, the labels placed
// before it), goes where it went then: the placer's choice depends on
// nothing else (see placement). It returns this picture's placement.
func (d *drawing) placeLabels(last *placement) *placement {
	t := d.table
	p := &placer{view: d.layout.view}
	for _, b := range d.bases {
		p.solids = append(p.solids, b.Bounds())
	}
	for _, o := range t.Obstacles {
		if o.Kind == referee.Planetoid {
			p.solids = append(p.solids, o.Circle.Bounds())
		}
	}
	next := &placement{view: p.view, ships: len(t.Ships), obstacles: len(t.Obstacles), solids: p.solids,
		lines: make(map[pairKey]physics.Segment, len(d.rulings)), steps: make(map[stepKey]placedStep, len(d.rulings)+len(t.Ships))}
	for _, ru := range d.rulings {
		line := rulerLine(ru, t)
		p.lines = append(p.lines, line)
		next.lines[pairKey{ru.Attacker, ru.Target}] = line
	}
	if d.indexLabels {
		p.indexAll()
	} else {
		last = nil
	}
	ch := newChanges(last, next)
	put := func(k stepKey, l label, cands []physics.Rect) {
		b, _ := ch.settle(p, k, l, cands, false)
		d.labels = append(d.labels, placedLabel{l, b})
	}
	for i, s := range t.Ships {
		text := s.ID
		if t.ThreeD {
			text += fmt.Sprintf(" L%d", s.Level)
		}
		l := newLabel(labelLine{text, TextStyle{Size: d.sz.label, Color: colorInk, Bold: true, Halo: true}})
		facing := d.arcs[i].Facing()
		gap := s.AcrossFlats/math.Sqrt(3) + 1.5
		cands := make([]physics.Rect, 0, len(shipLabelTurns))
		for _, deg := range shipLabelTurns {
			cands = append(cands, l.beside(s.Pose.Pos, physics.Direction(facing+physics.Deg(deg)), gap))
		}
		put(stepKey{shipStep, i, 0}, l, cands)
	}
	for k, o := range t.Obstacles {
		text := o.ID
		var at physics.Vec
		var reach float64
		switch o.Kind {
		case referee.Planetoid:
			at, reach = o.Circle.C, o.Circle.R*0.5
		case referee.AsteroidField:
			text += " (" + string(o.Density) + ")"
			at = o.Polygon.Centroid()
			b := o.Polygon.Bounds()
			reach = math.Min(b.Hi.X-b.Lo.X, b.Hi.Y-b.Lo.Y) * 0.25
		}
		if t.ThreeD {
			text += fmt.Sprintf(" L%d", o.Level)
		}
		l := newLabel(labelLine{text, TextStyle{Size: d.sz.label, Color: colorInk, Halo: true}})
		cands := []physics.Rect{l.boxAt(at)}
		for _, deg := range []float64{90, 270, 0, 180} {
			cands = append(cands, l.boxAt(at.Add(physics.Direction(physics.Deg(deg)).Mul(reach))))
		}
		put(stepKey{obstacleStep, k, 0}, l, cands)
	}
	for _, ru := range d.rulings {
		line := rulerLine(ru, t)
		l := d.rulerLabel(ru)
		k := stepKey{rulerStep, ru.Attacker, ru.Target}
		cands := ch.rulerCands(k, l, line)
		if b, took := ch.settle(p, k, l, cands, true); took {
			d.labels = append(d.labels, placedLabel{l, b})
			continue
		}
		d.notes = append(d.notes, note(ru))
		tag := newLabel(labelLine{fmt.Sprint(len(d.notes)), TextStyle{Size: d.sz.ruling, Color: colorInk, Bold: true, Halo: true}})
		put(stepKey{tagStep, ru.Attacker, ru.Target}, tag, besideLine(tag, line, []float64{1, 6}, []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9}))
	}
	return next
}

// shipLabelTurns are the directions, from a ship's facing in degrees, of
// the candidate places for its id, best first.
var shipLabelTurns = [...]float64{180, 150, 210, 120, 240, 90, 270, 60, 300, 30, 330, 0}

// placement is how a picture's labels were placed, and what the placer
// weighed, for laying out the next picture (Composer).
//
// The placer's choice for a label depends on its candidate boxes, the view
// and the terms its boxes score: the labels placed before it, the bases
// and planetoids (solids) and the lines, each adding exactly zero unless
// it meets a box, the others added in their order (which the picture
// keeps: ships, obstacles, then rulings in the referee's order). So a
// label whose candidates are the same as in the last picture, and whose
// candidates' span meets none of the boxes where a solid, a line or a
// label placed before it differs from the last picture, goes where it
// went then; clear (for a ruler label) looks only inside the box chosen.
type placement struct {
	view             physics.Rect
	ships, obstacles int
	solids           []physics.Rect
	lines            map[pairKey]physics.Segment
	steps            map[stepKey]placedStep
	reused           int // labels that went where they went in the last picture unweighed
}

// pairKey is a ruling's ordered pair of ships.
type pairKey struct{ attacker, target int }

type stepKind uint8

const (
	shipStep stepKind = iota
	obstacleStep
	rulerStep
	tagStep // the number beside a ruler whose label went to the notes
)

// stepKey names one label of a picture: a ship's or an obstacle's (a is
// its index) or a ruling's (a and b its pair).
type stepKey struct {
	kind stepKind
	a, b int
}

// placedStep is one label's place: its candidates, its size and the box
// chosen; took is false for a ruler label that went to the notes.
type placedStep struct {
	cands []physics.Rect
	w, h  float64
	box   physics.Rect
	took  bool
}

// changes follows what differs from the last placement while the labels
// are placed in order: dirty are the boxes where something the placer
// weighs is not as it was.
type changes struct {
	last, next *placement
	dirty      []physics.Rect
	lines      []physics.Segment // lines that differ (old and new)
}

// newChanges compares the solids and lines of next with those of last
// (nil: nothing is reused). A ruling drawn in only one of the two pictures
// counts its line and its labels' boxes as changed.
func newChanges(last, next *placement) *changes {
	ch := &changes{next: next}
	if last == nil || last.view != next.view || last.ships != next.ships || len(last.solids) != len(next.solids) {
		return ch
	}
	ch.last = last
	for i := range next.solids {
		if next.solids[i] != last.solids[i] {
			ch.dirty = append(ch.dirty, next.solids[i], last.solids[i])
		}
	}
	for k, s := range next.lines {
		if o, ok := last.lines[k]; !ok || o != s {
			ch.lines = append(ch.lines, s)
			if ok {
				ch.lines = append(ch.lines, o)
			}
		}
	}
	for k, st := range last.steps {
		if k.kind == obstacleStep && k.a >= next.obstacles && st.took {
			ch.dirty = append(ch.dirty, st.box)
		}
	}
	for k, o := range last.lines {
		if _, ok := next.lines[k]; ok {
			continue
		}
		ch.lines = append(ch.lines, o)
		for _, kind := range []stepKind{rulerStep, tagStep} {
			if st, ok := last.steps[stepKey{kind, k.attacker, k.target}]; ok && st.took {
				ch.dirty = append(ch.dirty, st.box)
			}
		}
	}
	return ch
}

// rulerCands returns the candidate boxes of a ruler's label: the last
// picture's when the line and the label's size are the same.
func (ch *changes) rulerCands(k stepKey, l label, line physics.Segment) []physics.Rect {
	if ch.last != nil {
		if st, ok := ch.last.steps[k]; ok && st.w == l.w && st.h == l.h && ch.last.lines[pairKey{k.a, k.b}] == line {
			return st.cands
		}
	}
	return besideLine(l, line, []float64{1, 10, 25}, []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8})
}

// settle chooses the box of one label (for a ruler's label, ruler: one
// that is clear, else took is false) and takes it: the last picture's
// choice when nothing it depends on differs, else the placer's.
func (ch *changes) settle(p *placer, k stepKey, l label, cands []physics.Rect, ruler bool) (box physics.Rect, took bool) {
	prev, had := placedStep{}, false
	if ch.last != nil {
		prev, had = ch.last.steps[k]
	}
	if had && slices.Equal(prev.cands, cands) && !ch.meets(span(cands)) {
		box, took = prev.box, prev.took
		ch.next.reused++
	} else {
		box = p.best(cands)
		took = !ruler || p.clear(box)
	}
	if took {
		p.take(box)
	}
	ch.next.steps[k] = placedStep{cands: cands, w: l.w, h: l.h, box: box, took: took}
	if ch.last == nil || had && prev.took == took && (!took || prev.box == box) {
		return box, took
	}
	// what later labels see differs here
	if had && prev.took {
		ch.dirty = append(ch.dirty, prev.box)
	}
	if took {
		ch.dirty = append(ch.dirty, box)
	}
	if ruler && took && had && !prev.took {
		// the number the ruling had beside its ruler is gone
		if tag, ok := ch.last.steps[stepKey{tagStep, k.a, k.b}]; ok && tag.took {
			ch.dirty = append(ch.dirty, tag.box)
		}
	}
	return box, took
}

// meets reports whether r meets (edges included) a box or may meet a
// line that changed.
func (ch *changes) meets(r physics.Rect) bool {
	for _, d := range ch.dirty {
		if touches(d, r) {
			return true
		}
	}
	for _, s := range ch.lines {
		if lineMayMeet(s, r) {
			return true
		}
	}
	return false
}

func touches(a, b physics.Rect) bool {
	return a.Lo.X <= b.Hi.X && b.Lo.X <= a.Hi.X && a.Lo.Y <= b.Hi.Y && b.Lo.Y <= a.Hi.Y
}

// lineMayMeet reports whether s may meet r, edges included: false only
// when the segment's box misses r or r's corners lie all on one side of
// the segment's line, farther from it than a micrometre.
func lineMayMeet(s physics.Segment, r physics.Rect) bool {
	if !touches(s.A.Bounds(s.B), r) {
		return false
	}
	d := s.B.Sub(s.A)
	tol := 1e-3 * d.Norm()
	above, below := 0, 0
	for _, c := range [4]physics.Vec{r.Lo, r.Hi, physics.V(r.Lo.X, r.Hi.Y), physics.V(r.Hi.X, r.Lo.Y)} {
		switch x := d.Cross(c.Sub(s.A)); {
		case x > tol:
			above++
		case x < -tol:
			below++
		}
	}
	return above < 4 && below < 4
}

// span returns the smallest box holding every box of rs.
func span(rs []physics.Rect) physics.Rect {
	out := physics.EmptyRect()
	for _, r := range rs {
		out.Lo.X, out.Lo.Y = min(out.Lo.X, r.Lo.X), min(out.Lo.Y, r.Lo.Y)
		out.Hi.X, out.Hi.Y = max(out.Hi.X, r.Hi.X), max(out.Hi.Y, r.Hi.Y)
	}
	return out
}

// besideLine returns candidate boxes for l on either side of the line, at
// the given gaps and fractions along it.
func besideLine(l label, line physics.Segment, gaps, along []float64) []physics.Rect {
	normal := line.B.Sub(line.A).Unit().Perp()
	var cands []physics.Rect
	for _, gap := range gaps {
		for _, at := range along {
			for _, side := range []float64{1, -1} {
				cands = append(cands, l.beside(line.At(at), normal.Mul(side), gap))
			}
		}
	}
	return cands
}

func (d *drawing) drawLabels(c Canvas) {
	for _, l := range d.labels {
		l.draw(c, l.box)
	}
}

// rulerLabel is the label beside a witness ruler or a blocked line: the
// pair, then range and band, then the margin and any notes.
func (d *drawing) rulerLabel(ru referee.Ruling) label {
	small := TextStyle{Size: d.sz.ruling * 0.85, Color: colorSecondary, Halo: true}
	main := TextStyle{Size: d.sz.ruling, Color: colorInk, Halo: true}
	lines := []labelLine{{ru.AttackerID + " → " + ru.TargetID, small}}
	if !ru.Measured {
		lines = append(lines, labelLine{unmeasured(ru), main})
		return newLabel(lines...)
	}
	bold := main
	bold.Bold = true
	lines = append(lines, labelLine{rangeText(ru), bold}, labelLine{marginText(ru), main})
	var notes []string
	if ru.LevelDifference > 0 {
		notes = append(notes, fmt.Sprintf("%d level apart", ru.LevelDifference))
	}
	if len(ru.Cover) > 0 {
		notes = append(notes, "cover "+signed(ru.CoverModifier))
	}
	if ru.Tailing {
		notes = append(notes, "tailing")
	}
	if ru.Reason == referee.Overlap || ru.Reason == referee.Level {
		notes = append(notes, "cannot fire: "+string(ru.Reason))
	}
	if len(notes) > 0 {
		lines = append(lines, labelLine{strings.Join(notes, ", "), main})
	}
	return newLabel(lines...)
}
