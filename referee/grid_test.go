package referee

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/physics"
)

func TestGridFindsOverlappingItemsInOrder(t *testing.T) {
	g := newGrid(physics.Rect{Lo: physics.V(0, 0), Hi: physics.V(1000, 1000)}, 100)
	g.insert(2, physics.Rect{Lo: physics.V(10, 10), Hi: physics.V(20, 20)})
	g.insert(0, physics.Rect{Lo: physics.V(150, 150), Hi: physics.V(450, 160)})
	g.insert(1, physics.Rect{Lo: physics.V(900, 900), Hi: physics.V(950, 950)})
	var q query
	assert.Equal(t, []int{0, 2}, g.find(&q, physics.Rect{Lo: physics.V(0, 0), Hi: physics.V(200, 200)}))
	assert.Equal(t, []int{1}, g.find(&q, physics.Rect{Lo: physics.V(920, 920), Hi: physics.V(2000, 2000)}), "clamped to the grid")
	assert.Empty(t, g.find(&q, physics.Rect{Lo: physics.V(600, 600), Hi: physics.V(700, 700)}))
}

func TestGridStaysSmallForFarFlungObjects(t *testing.T) {
	g := newGrid(physics.Rect{Lo: physics.V(-1e308, 0), Hi: physics.V(1e308, 10)}, 100)
	assert.LessOrEqual(t, g.cols*g.rows, maxGridCells*maxGridCells)
	g.insert(0, physics.Rect{Lo: physics.V(0, 0), Hi: physics.V(1, 1)})
	var q query
	assert.Equal(t, []int{0}, g.find(&q, physics.Rect{Lo: physics.V(-5, -5), Hi: physics.V(5, 5)}))
}
