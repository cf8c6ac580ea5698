package physics

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestHexagonBase(t *testing.T) {
	pose := Pose{Pos: V(200, 150), Heading: Deg(90)}
	h := Hexagon(pose, 45)
	require.NoError(t, h.Validate())
	assert.True(t, h.IsConvex())
	assert.Positive(t, h.SignedArea(), "counter-clockwise")
	assert.InDelta(t, 45*45*math.Sqrt(3)/2, h.Area(), 1e-9, "area of a hexagon 45 mm across flats")
	front := FlatMidpoint(h, FrontFlat)
	rear := FlatMidpoint(h, RearFlat)
	assert.InDelta(t, 200, front.X, 1e-12)
	assert.InDelta(t, 172.5, front.Y, 1e-12, "front flat 22.5 mm ahead along the heading")
	assert.InDelta(t, 127.5, rear.Y, 1e-12)
	left := FlatMidpoint(h, RearLeftFlat)
	assert.Less(t, left.X, 200.0, "heading up the table, left is −x")
	assert.True(t, RearFlat.IsRear() && RearLeftFlat.IsRear() && RearRightFlat.IsRear())
	assert.False(t, FrontFlat.IsRear() || FrontLeftFlat.IsRear() || FrontRightFlat.IsRear())
}

func TestEntryFlat(t *testing.T) {
	pose := Pose{Pos: V(0, 0), Heading: Deg(0)}
	h := Hexagon(pose, 45)
	for k := 0; k < 6; k++ {
		from := Direction(FlatNormal(Flat(k))).Mul(100)
		f, g, ok := EntryFlat(h, pose.Pos, from)
		assert.True(t, ok)
		assert.Equal(t, Flat(k), f)
		assert.Equal(t, f, g)
	}
	// Through the corner between the rear-left and rear flats (at 150°).
	f, g, ok := EntryFlat(h, pose.Pos, h[3].Mul(3))
	assert.True(t, ok)
	assert.ElementsMatch(t, []Flat{RearLeftFlat, RearFlat}, []Flat{f, g})
	// From the rear flat's midpoint (on the edge): through the rear flat.
	f, g, ok = EntryFlat(h, pose.Pos, FlatMidpoint(h, RearFlat))
	assert.True(t, ok)
	assert.Equal(t, []Flat{RearFlat, RearFlat}, []Flat{f, g})
	// From inside the base, or the stand itself: through no flat.
	for _, from := range []Vec{V(-10, 0), V(5, 5), pose.Pos} {
		_, _, ok = EntryFlat(h, pose.Pos, from)
		assert.False(t, ok, "%v is inside the base", from)
	}
}

func TestPoseTransforms(t *testing.T) {
	p := Pose{Pos: V(10, 20), Heading: Deg(90)}
	got := p.ToTable(V(5, 0))
	assert.InDelta(t, 10, got.X, 1e-12)
	assert.InDelta(t, 25, got.Y, 1e-12)
	back := p.ToLocal(got)
	assert.InDelta(t, 5, back.X, 1e-12)
	assert.InDelta(t, 0, back.Y, 1e-12)
	c := p.Compose(Pose{Pos: V(0, 3), Heading: Deg(30)})
	assert.InDelta(t, 7, c.Pos.X, 1e-12, "local +y is left of the heading")
	assert.InDelta(t, 120, c.Heading.Degrees(), 1e-12)
}

func TestCone(t *testing.T) {
	c := NewCone(V(0, 0), Deg(90), Deg(30))
	require.NoError(t, c.Validate())
	assert.Error(t, NewCone(V(0, 0), 0, Deg(90)).Validate())
	assert.True(t, c.Contains(V(0, 10)))
	assert.True(t, c.Contains(V(0, 0)), "the apex")
	assert.False(t, c.Contains(V(0, -10)))
	_, left := c.Edges()
	assert.True(t, c.Contains(left.Mul(64)), "on the edge (power-of-two scaling is exact): closed")
	assert.False(t, c.InteriorContains(left.Mul(64)))
	assert.False(t, c.Contains(V(-10, 10)), "45° off the facing")
	iv := c.Interval()
	assert.InDelta(t, 60, iv.Length()*180/math.Pi, 1e-9)
}

func TestConeMeetsInterior(t *testing.T) {
	c := NewCone(V(0, 0), Deg(90), Deg(30))
	_, left := c.Edges()
	tests := []struct {
		name string
		p    Polygon
		want bool
	}{
		{"straight ahead", Hexagon(Pose{Pos: V(0, 100)}, 45), true},
		{"behind", Hexagon(Pose{Pos: V(0, -100)}, 45), false},
		// A square whose side lies exactly on the left edge, outside it.
		{"touching the edge from outside", Polygon{V(0, 0), left.Mul(128), left.Mul(128).Add(left.Perp().Mul(8)), left.Perp().Mul(8)}, false},
		{"straddling the edge", Hexagon(Pose{Pos: left.Mul(100)}, 45), true},
		{"around the apex", Hexagon(Pose{Pos: V(0, 0)}, 45), true},
		{"a corner poking across the edge", Polygon{left.Mul(100).Add(V(0.001, 0)), V(-50, 200), V(-60, 80)}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, c.MeetsInterior(tt.p))
			clipped := c.Clip(tt.p)
			if tt.want {
				assert.NotEmpty(t, clipped)
			}
			for _, v := range clipped {
				assert.True(t, c.Contains(v) || c.Contains(v.Add(V(0, 1e-9))) || c.Contains(v.Sub(V(0, 1e-9))), "clipped vertex %v in the cone", v)
			}
		})
	}
}

func TestLevelDistance(t *testing.T) {
	assert.InDelta(t, 100, LevelDistance(0, 1, 100), 1e-12)
	assert.InDelta(t, math.Sqrt(150*150+100*100), LevelDistance(150, 1, 100), 1e-12)
	assert.Equal(t, 80.0, LevelDistance(80, 0, 100))
}
