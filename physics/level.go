package physics

import "math"

// LevelDistance returns the distance between two objects whose horizontal
// distance is d and which stand levels levels apart, with height between
// adjacent levels (Three-dimensional space: the back of the combat ruler
// reads sqrt(d² + height²) one level apart).
func LevelDistance(d float64, levels int, height float64) float64 {
	return math.Hypot(d, float64(levels)*height)
}
