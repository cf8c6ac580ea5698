package table

import (
	"github.com/hajimehoshi/ebiten/v2"

	"github.com/starshipbattles/bsg/table/ui/kit"
)

// touchPoints returns the fingers on the screen, in screen pixels.
func touchPoints(buf []ebiten.TouchID) ([]kit.TouchPoint, []ebiten.TouchID) {
	buf = ebiten.AppendTouchIDs(buf[:0])
	var ts []kit.TouchPoint
	for _, id := range buf {
		x, y := ebiten.TouchPosition(id)
		ts = append(ts, kit.TouchPoint{ID: int(id), X: float64(x), Y: float64(y)})
	}
	return ts, buf
}
