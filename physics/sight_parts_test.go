package physics

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The vector helpers under every ruling (Fire arc and range; Line of
// sight): a unit vector, a rotation, the exact table of multiples of 30°
// that keeps bases and arcs symmetric.
func TestVecUnitRotateAndThirtyDegrees(t *testing.T) {
	assert.Equal(t, V(0.6, 0.8), V(3, 4).Unit())
	assert.Equal(t, V(-0.6, -0.8), V(-3, -4).Unit())
	assert.Equal(t, Vec{}, Vec{}.Unit(), "the zero vector stays zero")
	r := V(2, 1).Rotate(Deg(90))
	assert.InDelta(t, -1, r.X, 1e-12)
	assert.InDelta(t, 2, r.Y, 1e-12)
	r = V(2, 1).Rotate(Deg(-30))
	assert.InDelta(t, 2*math.Sqrt(3)/2+0.5, r.X, 1e-12)
	assert.InDelta(t, -1+math.Sqrt(3)/2, r.Y, 1e-12)
	for k := -12; k <= 24; k++ {
		a := float64(30 * k)
		d := Direction(Deg(a))
		assert.InDelta(t, math.Cos(a*math.Pi/180), d.X, 1e-15, "%g°", a)
		assert.InDelta(t, math.Sin(a*math.Pi/180), d.Y, 1e-15, "%g°", a)
		assert.Equal(t, 1.0, math.Round(d.Norm()*1e12)/1e12, "%g°: a unit vector", a)
	}
	assert.Equal(t, Direction(Deg(30)).X, -Direction(Deg(150)).X, "symmetric to the last bit")
	assert.Equal(t, Direction(Deg(60)).Y, Direction(Deg(120)).Y)
}

// Line of sight: a polygon blocker's silhouette from an apex is its two
// extreme corners (the right one first, the nearer of two in line), none
// from inside it; its front edges are those facing the apex.
func TestLineOfSightPolygonSilhouetteAndFrontEdges(t *testing.T) {
	sq := Polygon{V(10, -1), V(12, -1), V(12, 1), V(10, 1)}
	right, left, ok := Silhouette(sq, V(0, 0))
	require.True(t, ok)
	assert.Equal(t, V(10, -1), right, "clockwise from the apex looking at it")
	assert.Equal(t, V(10, 1), left)
	// The apex in line with two corners: the nearer is the silhouette.
	right, left, ok = Silhouette(sq, V(0, -1))
	require.True(t, ok)
	assert.Equal(t, V(10, -1), right)
	assert.Equal(t, V(10, 1), left)
	right, left, ok = Silhouette(sq, V(0, 1))
	require.True(t, ok)
	assert.Equal(t, V(10, -1), right)
	assert.Equal(t, V(10, 1), left)
	_, _, ok = Silhouette(sq, V(11, 0))
	assert.False(t, ok, "the apex inside")
	_, _, ok = Silhouette(sq, V(10, 0))
	assert.False(t, ok, "the apex on its edge")
	_, _, ok = Silhouette(Polygon{V(0, 0), V(1, 0)}, V(5, 5))
	assert.False(t, ok, "no polygon")

	front := FrontEdges(sq, V(0, 0), nil)
	require.Len(t, front, 1, "only the west edge faces the apex")
	assert.Equal(t, 10.0, front[0].A.X)
	assert.Equal(t, 10.0, front[0].B.X)
	assert.Len(t, FrontEdges(sq, V(0, 5), nil), 2, "west and north")
	assert.Empty(t, FrontEdges(sq, V(10, 0), nil), "on an edge: none strictly outside")
}

// Determining range: the distance from a convex polygon to a segment, 0
// with a common point when the segment starts inside or crosses it; a
// segment contains exactly its own points.
func TestDeterminingRangePolygonSegmentDistance(t *testing.T) {
	sq := Polygon{V(0, 0), V(2, 0), V(2, 2), V(0, 2)}
	d, p, q := PolygonSegmentDistance(sq, Segment{V(5, 1), V(5, 3)})
	assert.Equal(t, 3.0, d)
	assert.Equal(t, 2.0, p.X)
	assert.Equal(t, 5.0, q.X)
	d, p, q = PolygonSegmentDistance(sq, Segment{V(1, 1), V(9, 9)})
	assert.Equal(t, 0.0, d, "starts inside")
	assert.Equal(t, V(1, 1), p)
	assert.Equal(t, V(1, 1), q)
	d, _, _ = PolygonSegmentDistance(sq, Segment{V(-1, 1), V(3, 1)})
	assert.Equal(t, 0.0, d, "crosses it")

	s := Segment{V(0, 0), V(4, 2)}
	assert.True(t, s.Contains(V(2, 1)))
	assert.True(t, s.Contains(V(0, 0)) && s.Contains(V(4, 2)), "closed")
	assert.False(t, s.Contains(V(6, 3)), "on the line, beyond B")
	assert.False(t, s.Contains(V(-2, -1)), "on the line, before A")
	assert.False(t, s.Contains(V(2, 1.0000001)), "off the line")
}

// TestLineOfSightSegmentFromAShadowEdge pins the clipping of a segment one
// end of which lies exactly on an edge of a shadow (Line of sight:
// touching a base does not block, so a shadow is open and its edge is
// seen). The apex (0, 0) looks past a square base whose near corners
// (10, ±5) make the shadow's sides the lines y = ±x/2; (40, 20) lies on
// the upper side, (40, 0) inside the shadow, (40, 40) outside it.
func TestLineOfSightSegmentFromAShadowEdge(t *testing.T) {
	var s Sight
	s.SetBlockers(V(0, 0), []Blocker{Polygon{V(10, -5), V(20, -5), V(20, 5), V(10, 5)}})
	edge, inside, outside := V(40, 20), V(40, 0), V(40, 40)
	tests := []struct {
		name string
		seg  Segment
		want []Segment
	}{
		// Into the shadow: only the end on its edge is seen, from
		// either end of the segment.
		{"from the edge into the shadow", Segment{edge, inside}, []Segment{{edge, edge}}},
		{"from inside the shadow to its edge", Segment{inside, edge}, []Segment{{edge, edge}}},
		// Away from the shadow: nothing of it is hidden.
		{"from the edge away from the shadow", Segment{edge, outside}, []Segment{{edge, outside}}},
		{"to the edge from outside the shadow", Segment{outside, edge}, []Segment{{outside, edge}}},
		// Along the edge: every point touches the shadow, none is in it.
		{"along the edge", Segment{edge, V(60, 30)}, []Segment{{edge, V(60, 30)}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, s.VisiblePieces(tt.seg, -1, nil))
		})
	}
}
