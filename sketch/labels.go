package sketch

import (
	"fmt"
	"math"
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
func (d *drawing) placeLabels() {
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
	for _, ru := range d.rulings {
		p.lines = append(p.lines, rulerLine(ru, t))
	}
	if d.indexLabels {
		p.indexAll()
	}
	put := func(l label, cands []physics.Rect) {
		b := p.best(cands)
		p.take(b)
		d.labels = append(d.labels, placedLabel{l, b})
	}
	for i, s := range t.Ships {
		text := s.ID
		if t.ThreeD {
			text += fmt.Sprintf(" L%d", s.Level)
		}
		l := newLabel(labelLine{text, TextStyle{Size: labelSize, Color: colorInk, Bold: true, Halo: true}})
		facing := d.arcs[i].Facing()
		gap := s.AcrossFlats/math.Sqrt(3) + 1.5
		var cands []physics.Rect
		for _, deg := range []float64{180, 150, 210, 120, 240, 90, 270, 60, 300, 30, 330, 0} {
			cands = append(cands, l.beside(s.Pose.Pos, physics.Direction(facing+physics.Deg(deg)), gap))
		}
		put(l, cands)
	}
	for _, o := range t.Obstacles {
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
		l := newLabel(labelLine{text, TextStyle{Size: labelSize, Color: colorInk, Halo: true}})
		cands := []physics.Rect{l.boxAt(at)}
		for _, deg := range []float64{90, 270, 0, 180} {
			cands = append(cands, l.boxAt(at.Add(physics.Direction(physics.Deg(deg)).Mul(reach))))
		}
		put(l, cands)
	}
	for _, ru := range d.rulings {
		line := rulerLine(ru, t)
		l := rulerLabel(ru)
		cands := besideLine(l, line, []float64{1, 10, 25}, []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8})
		if b := p.best(cands); p.clear(b) {
			p.take(b)
			d.labels = append(d.labels, placedLabel{l, b})
			continue
		}
		d.notes = append(d.notes, note(ru))
		tag := newLabel(labelLine{fmt.Sprint(len(d.notes)), TextStyle{Size: rulingSize, Color: colorInk, Bold: true, Halo: true}})
		put(tag, besideLine(tag, line, []float64{1, 6}, []float64{0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9}))
	}
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
func rulerLabel(ru referee.Ruling) label {
	small := TextStyle{Size: rulingSize * 0.85, Color: colorSecondary, Halo: true}
	main := TextStyle{Size: rulingSize, Color: colorInk, Halo: true}
	lines := []labelLine{{ru.AttackerID + " → " + ru.TargetID, small}}
	if !ru.Measured {
		lines = append(lines, labelLine{"blocked by " + strings.Join(ru.BlockedBy, ", "), main})
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
