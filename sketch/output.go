package sketch

import (
	"fmt"
	"math"

	"github.com/golang/geo/s1"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// checkOptions returns the scale in pixels per millimetre, or an error for
// options that name no picture.
func checkOptions(r *referee.Referee, opt Options) (float64, error) {
	ppm := opt.PixelsPerMM
	if ppm == 0 {
		ppm = 1
	}
	if !(ppm > 0) || math.IsInf(ppm, 0) {
		return 0, fmt.Errorf("sketch: %g pixels per millimetre: must be a positive number", opt.PixelsPerMM)
	}
	if p := opt.Pair; p != nil {
		n := len(r.Table().Ships)
		if p[0] < 0 || p[0] >= n || p[1] < 0 || p[1] >= n || p[0] == p[1] {
			return 0, fmt.Errorf("sketch: pair (%d, %d): want two different ship indices in 0..%d", p[0], p[1], n-1)
		}
	}
	return ppm, nil
}

// pixelSize returns the picture's size in whole pixels.
func pixelSize(page physics.Rect, ppm float64) (int, int) {
	return int(math.Ceil((page.Hi.X - page.Lo.X) * ppm)), int(math.Ceil((page.Hi.Y - page.Lo.Y) * ppm))
}

// sweepOf returns the counter-clockwise angle from from to to, in (0, 2π].
func sweepOf(from, to s1.Angle) float64 {
	s := math.Mod(float64(to-from), 2*math.Pi)
	if s <= 0 {
		s += 2 * math.Pi
	}
	return s
}
