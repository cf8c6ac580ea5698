package table

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/starshipbattles/bsg/table/ui"
)

// touchPoints returns the fingers on the screen, in screen pixels.
func touchPoints(buf []ebiten.TouchID) ([]ui.TouchPoint, []ebiten.TouchID) {
	buf = ebiten.AppendTouchIDs(buf[:0])
	var ts []ui.TouchPoint
	for _, id := range buf {
		x, y := ebiten.TouchPosition(id)
		ts = append(ts, ui.TouchPoint{ID: int(id), X: float64(x), Y: float64(y)})
	}
	return ts, buf
}
