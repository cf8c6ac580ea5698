package ui

import "github.com/starshipbattles/bsg/table/ui/kit"

// buttonRow lays a row of equal buttons across w from (x, y), gap apart
// and bh high, as every panel has them: the labels, which are on (nil:
// none), and what each does (nil: the button is drawn disabled). It
// returns the y under the row and the gap after it.
func (a *App) buttonRow(l *kit.List, x, y, w, bh, gap float64, labels []string, on []bool, do []func()) float64 {
	return a.buttonGrid(l, x, y, w, bh, gap, len(labels), labels, on, do)
}

// buttonGrid is buttonRow wrapping after cols buttons.
func (a *App) buttonGrid(l *kit.List, x, y, w, bh, gap float64, cols int, labels []string, on []bool, do []func()) float64 {
	if len(labels) == 0 {
		return y
	}
	bw := (w - float64(cols-1)*gap) / float64(cols)
	for i, lab := range labels {
		a.Button(l, kit.Rect{X: x + float64(i%cols)*(bw+gap), Y: y + float64(i/cols)*(bh+gap), W: bw, H: bh}, lab, on != nil && on[i], do[i] == nil, do[i])
	}
	return y + float64((len(labels)+cols-1)/cols)*(bh+gap)
}
