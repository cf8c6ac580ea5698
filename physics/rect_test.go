package physics

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
)

// The closed axis-aligned rectangles the referee's grid sorts bases and
// obstacles by (Line of sight; Determining range: a pair the grid drops
// is never ruled): an empty one grows to its points, touching edges and
// corners intersect and are contained, a hair beyond does not.
func TestRectClosedBounds(t *testing.T) {
	e := EmptyRect()
	assert.True(t, math.IsInf(e.Lo.X, 1) && math.IsInf(e.Lo.Y, 1) && math.IsInf(e.Hi.X, -1) && math.IsInf(e.Hi.Y, -1))
	assert.False(t, e.Contains(V(0, 0)), "the empty rectangle holds nothing")
	r := e.Extend(V(1, 2)).Extend(V(-3, 5))
	assert.Equal(t, Rect{V(-3, 2), V(1, 5)}, r)
	assert.Equal(t, Rect{V(-3, 2), V(4, 6)}, r.Union(Rect{V(0, 3), V(4, 6)}))

	const h = 1e-9
	for _, tt := range []struct {
		name string
		o    Rect
		want bool
	}{
		{"inside", Rect{V(-1, 3), V(0, 4)}, true},
		{"touching the west edge", Rect{V(-5, 3), V(-3, 4)}, true},
		{"touching the east edge", Rect{V(1, 3), V(2, 4)}, true},
		{"touching the south edge", Rect{V(-1, 0), V(0, 2)}, true},
		{"touching the north edge", Rect{V(-1, 5), V(0, 7)}, true},
		{"a hair west", Rect{V(-5, 3), V(-3-h, 4)}, false},
		{"a hair east", Rect{V(1+h, 3), V(2, 4)}, false},
		{"a hair south", Rect{V(-1, 0), V(0, 2-h)}, false},
		{"a hair north", Rect{V(-1, 5+h), V(0, 7)}, false},
	} {
		assert.Equal(t, tt.want, r.Intersects(tt.o), "%s: r ∩ o", tt.name)
		assert.Equal(t, tt.want, tt.o.Intersects(r), "%s: o ∩ r", tt.name)
	}
	for _, tt := range []struct {
		p    Vec
		want bool
	}{
		{V(-3, 2), true}, {V(1, 5), true}, {V(-3, 5), true}, {V(1, 2), true}, {V(0, 3), true},
		{V(-3-h, 3), false}, {V(1+h, 3), false}, {V(0, 2-h), false}, {V(0, 5+h), false},
	} {
		assert.Equal(t, tt.want, r.Contains(tt.p), "%v", tt.p)
	}
	assert.True(t, r.ContainsRect(Rect{V(-3, 2), V(1, 5)}), "itself")
	assert.True(t, r.ContainsRect(Rect{V(-1, 3), V(0, 4)}))
	assert.False(t, r.ContainsRect(Rect{V(-1, 3), V(1+h, 4)}), "its Hi outside")
	assert.False(t, r.ContainsRect(Rect{V(-3-h, 3), V(0, 4)}), "its Lo outside")
}
