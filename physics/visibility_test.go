package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func base(x, y, headingDeg float64) Polygon {
	return Hexagon(Pose{Pos: V(x, y), Heading: Deg(headingDeg)}, 45)
}

func TestNearestVisiblePointWithoutBlockers(t *testing.T) {
	apex := V(0, 0)
	target := base(0, 100, 90)
	q, ok := NearestVisiblePoint(apex, target, nil)
	require.True(t, ok)
	assert.InDelta(t, 77.5, q.Dist(apex), 1e-12, "centre 100 mm away, rear flat 22.5 mm nearer")
	_, d := target.ClosestBoundaryPoint(apex)
	assert.InDelta(t, d, q.Dist(apex), 1e-12)
}

func TestNearestVisiblePointBlocked(t *testing.T) {
	apex := V(0, 0)
	target := base(0, 150, 90)
	t.Run("a base squarely in front hides everything", func(t *testing.T) {
		_, ok := NearestVisiblePoint(apex, target, []Blocker{Polygon(base(0, 75, 90))})
		assert.False(t, ok)
	})
	t.Run("a planetoid in front hides everything", func(t *testing.T) {
		_, ok := NearestVisiblePoint(apex, target, []Blocker{Circle{V(0, 70), 40}})
		assert.False(t, ok)
	})
	t.Run("a base covering the left half leaves the right half", func(t *testing.T) {
		// The blocker's right flat lies on the line x = 0.
		b := Polygon{V(-40, 60), V(0, 60), V(0, 80), V(-40, 80)}
		q, ok := NearestVisiblePoint(apex, target, []Blocker{b})
		require.True(t, ok)
		assert.GreaterOrEqual(t, q.X, 0.0, "the witness is not behind the blocker")
		assert.InDelta(t, 127.5, q.Y, 1e-9, "still on the rear flat")
		assert.InDelta(t, 127.5, q.Dist(apex), 1e-9, "the line along the blocker's edge only touches it")
	})
	t.Run("a planetoid grazed at its tangent", func(t *testing.T) {
		// The circle touches the line x = 0 from the left.
		q, ok := NearestVisiblePoint(apex, target, []Blocker{Circle{V(-20, 70), 20}})
		require.True(t, ok)
		assert.InDelta(t, 127.5, q.Dist(apex), 1e-9)
	})
	t.Run("the nearest point behind a blocker moves sideways", func(t *testing.T) {
		b := Polygon{V(-5, 60), V(5, 60), V(5, 80), V(-5, 80)}
		q, ok := NearestVisiblePoint(apex, target, []Blocker{b})
		require.True(t, ok)
		// Along the rear flat y = 127.5 (half length 12.99), the shadow of
		// the corner (5, 60) ends at x = 5·127.5/60.
		assert.InDelta(t, 5*127.5/60, math.Abs(q.X), 1e-9)
		assert.InDelta(t, 127.5, q.Y, 1e-9)
	})
	t.Run("a shadow wider than the rear flat pushes the witness to a side flat", func(t *testing.T) {
		b := Polygon{V(-10, 60), V(10, 60), V(10, 80), V(-10, 80)}
		q, ok := NearestVisiblePoint(apex, target, []Blocker{b})
		require.True(t, ok)
		assert.InDelta(t, q.Y/6, math.Abs(q.X), 1e-9, "on the shadow line x = y/6")
		_, d := target.ClosestBoundaryPoint(q)
		assert.Less(t, d, 1e-9)
		assert.Greater(t, q.Y, 127.5)
	})
	t.Run("the apex inside the region", func(t *testing.T) {
		q, ok := NearestVisiblePoint(V(0, 150), target, []Blocker{Circle{V(0, 70), 40}})
		require.True(t, ok)
		assert.Equal(t, V(0, 150), q)
	})
	t.Run("the apex inside a planetoid", func(t *testing.T) {
		_, ok := NearestVisiblePoint(apex, target, []Blocker{Circle{V(0, 0), 10}})
		assert.False(t, ok)
	})
}

// randomScene makes a target region clipped to a cone and a few blockers
// between apex and target.
func randomScene(r *rand.Rand) (Vec, Polygon, []Blocker) {
	apex := V(0, 0)
	target := base(r.Float64()*200-100, 80+r.Float64()*160, r.Float64()*360)
	cone := NewCone(apex, Deg(60+r.Float64()*60), Deg(30))
	region := cone.Clip(target)
	var blockers []Blocker
	for i := 0; i < 1+r.IntN(4); i++ {
		at := V(r.Float64()*160-80, 20+r.Float64()*160)
		if r.IntN(2) == 0 {
			blockers = append(blockers, Circle{at, 5 + r.Float64()*30})
		} else {
			blockers = append(blockers, base(at.X, at.Y, r.Float64()*360))
		}
	}
	return apex, region, blockers
}

// shrunk returns a blocker slightly smaller, to check a witness that may
// touch a blocker's boundary up to rounding.
func shrunk(b Blocker, by float64) Blocker {
	switch b := b.(type) {
	case Circle:
		return Circle{b.C, b.R - by}
	case Polygon:
		c := b.Centroid()
		q := make(Polygon, len(b))
		for i, v := range b {
			d := v.Sub(c)
			q[i] = c.Add(d.Mul(1 - by/d.Norm()))
		}
		return q
	}
	return b
}

func visible(apex, q Vec, blockers []Blocker) bool {
	for _, b := range blockers {
		if b.SegmentCrossesInterior(Seg(apex, q)) {
			return false
		}
	}
	return true
}

// TestNearestVisiblePointAgainstSampling compares the closed-form answer
// with a dense sampling of the region's boundary, each sample checked with
// the exact crossing predicate. Sampling can only find points at least as
// far as the true nearest visible point.
func TestNearestVisiblePointAgainstSampling(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	const samplesPerEdge = 2000
	checked := 0
	for scene := 0; scene < 300; scene++ {
		apex, region, blockers := randomScene(r)
		if len(region) < 3 {
			continue
		}
		q, ok := NearestVisiblePoint(apex, region, blockers)
		sampled := math.Inf(1)
		for i := range region {
			e := region.Edge(i)
			for k := 0; k <= samplesPerEdge; k++ {
				p := e.At(float64(k) / samplesPerEdge)
				if visible(apex, p, blockers) {
					sampled = math.Min(sampled, p.Dist(apex))
				}
			}
		}
		if !ok {
			assert.True(t, math.IsInf(sampled, 1), "scene %d: sampling found a visible point at %.6f", scene, sampled)
			continue
		}
		checked++
		step := 0.0
		for i := range region {
			step = math.Max(step, region.Edge(i).Length()/samplesPerEdge)
		}
		assert.LessOrEqual(t, q.Dist(apex), sampled+1e-9, "scene %d: not the nearest", scene)
		if !math.IsInf(sampled, 1) {
			assert.InDelta(t, sampled, q.Dist(apex), step+1e-9, "scene %d", scene)
		}
		_, bd := region.ClosestBoundaryPoint(q)
		assert.Less(t, bd, 1e-9, "scene %d: the witness lies on the region's boundary", scene)
		small := make([]Blocker, len(blockers))
		for i, b := range blockers {
			small[i] = shrunk(b, 1e-6)
		}
		assert.True(t, visible(apex, q, small), "scene %d: the witness line passes through a blocker", scene)
	}
	assert.Greater(t, checked, 100, "enough scenes had a visible point")
}

// TestRemovingABlockerNeverHidesAPoint: a blocker moved away can only bring
// the nearest visible point nearer (or keep it).
func TestRemovingABlockerNeverHidesAPoint(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for scene := 0; scene < 500; scene++ {
		apex, region, blockers := randomScene(r)
		if len(region) == 0 {
			continue
		}
		q, ok := NearestVisiblePoint(apex, region, blockers)
		for i := range blockers {
			fewer := append(append([]Blocker{}, blockers[:i]...), blockers[i+1:]...)
			q2, ok2 := NearestVisiblePoint(apex, region, fewer)
			if ok {
				require.True(t, ok2, "scene %d: removing blocker %d hid the target", scene, i)
				assert.LessOrEqual(t, q2.Dist(apex), q.Dist(apex)+1e-9, "scene %d", scene)
			}
		}
	}
}

func TestVisiblePieces(t *testing.T) {
	tests := []struct {
		name   string
		hidden [][2]float64
		want   [][2]float64
	}{
		{"nothing hidden", nil, [][2]float64{{0, 1}}},
		{"all hidden", [][2]float64{{-1, 2}}, nil},
		{"middle hidden", [][2]float64{{0.25, 0.5}}, [][2]float64{{0, 0.25}, {0.5, 1}}},
		{"touching open intervals leave their common end", [][2]float64{{-1, 0.5}, {0.5, 2}}, [][2]float64{{0.5, 0.5}}},
		{"overlapping", [][2]float64{{0.5, 0.75}, {0.25, 0.6}}, [][2]float64{{0, 0.25}, {0.75, 1}}},
		{"the start only", [][2]float64{{-0.5, 0}}, [][2]float64{{0, 1}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, visiblePieces(tt.hidden, nil))
		})
	}
}

func BenchmarkNearestVisiblePoint(b *testing.B) {
	apex := V(0, 0)
	region := NewCone(apex, Deg(90), Deg(30)).Clip(base(0, 200, 90))
	var blockers []Blocker
	for i := 0; i < 10; i++ {
		x := float64(i-5) * 22
		if i%2 == 0 {
			blockers = append(blockers, Circle{V(x, 100), 8})
		} else {
			blockers = append(blockers, base(x, 60, 30*float64(i)))
		}
	}
	b.ReportAllocs()
	for b.Loop() {
		NearestVisiblePoint(apex, region, blockers)
	}
}
