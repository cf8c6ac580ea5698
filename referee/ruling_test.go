package referee

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/golang/geo/s1"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
)

var limits = Limits{FireArcHalfWidth: 30, ShortRange: 100, MediumRange: 200, LongRange: 240, TailingDistance: 150, LevelHeight: 100, DialNotch: 30}

func ship(id string, x, y, heading float64, rotation int) Ship {
	return Ship{ID: id, Class: "viper-mk2", Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}, Rotation: rotation, Level: 1, AcrossFlats: 45}
}

func planetoid(id string, x, y, r float64) Obstacle {
	return Obstacle{ID: id, Kind: Planetoid, Circle: physics.Circle{C: physics.V(x, y), R: r}, Level: 1}
}

func field(id string, d Density, pts ...float64) Obstacle {
	var p physics.Polygon
	for i := 0; i+1 < len(pts); i += 2 {
		p = append(p, physics.V(pts[i], pts[i+1]))
	}
	return Obstacle{ID: id, Kind: AsteroidField, Polygon: p, Density: d, Level: 1}
}

func rule(t *testing.T, tab Table, a, b string) Ruling {
	t.Helper()
	tab.Limits = limits
	ia, ib := -1, -1
	for i, s := range tab.Ships {
		if s.ID == a {
			ia = i
		}
		if s.ID == b {
			ib = i
		}
	}
	require.True(t, ia >= 0 && ib >= 0)
	return New(tab).Rule(ia, ib)
}

func TestFireArc(t *testing.T) {
	// Line of sight: the ruler must lie within the fire arc; the target is
	// in arc when the arc meets its base in a region of positive area.
	tests := []struct {
		name   string
		target Ship
		rot    int
		want   Reason
	}{
		{"straight ahead", ship("t", 0, 150, 0, 0), 0, CanFire},
		{"behind", ship("t", 0, -150, 0, 0), 0, OutOfArc},
		{"to the side", ship("t", 150, 0, 0, 0), 0, OutOfArc},
		{"to the side, dial turned three notches clockwise", ship("t", 150, 0, 0, 0), 3, CanFire},
		{"to the side, dial turned the other way", ship("t", -150, 0, 0, 0), -3, CanFire},
		{"base corner just inside the arc edge", ship("t", 150*math.Tan(math.Pi/6)+45/math.Sqrt(3)-0.01, 150, 90, 0), 0, CanFire},
		{"base corner just outside the arc edge", ship("t", 150*math.Tan(math.Pi/6)+45/math.Sqrt(3)+0.01, 150, 90, 0), 0, OutOfArc},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := Table{Ships: []Ship{ship("a", 0, 0, 90, tt.rot), tt.target}}
			r := rule(t, tab, "a", "t")
			assert.Equal(t, tt.want, r.Reason)
			assert.Equal(t, tt.want == CanFire, r.InArc)
		})
	}
}

func TestDeterminingRange(t *testing.T) {
	// The distance from the stand to the nearest point of the target's base
	// within the arc: short ≤ 100 (+1), medium ≤ 200 (0), long ≤ 240 (−1).
	// A target straight ahead, heading away: its rear flat is 22.5 mm
	// nearer than its stand.
	tests := []struct {
		stand    float64
		band     Band
		margin   float64
		across   Band
		modifier int
		reason   Reason
	}{
		{80, Short, 42.5, Medium, 1, CanFire},
		{122.5, Short, 0, Medium, 1, CanFire},
		{122.6, Medium, 0.1, Short, 0, CanFire},
		{200, Medium, 22.5, Long, 0, CanFire},
		{222.5, Medium, 0, Long, 0, CanFire},
		{250, Long, 12.5, Out, -1, CanFire},
		{262.5, Long, 0, Out, -1, CanFire},
		{300, Out, 37.5, Long, 0, OutOfRange},
	}
	for _, tt := range tests {
		tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, tt.stand, 90, 0)}}
		r := rule(t, tab, "a", "t")
		require.True(t, r.Measured)
		assert.InDelta(t, tt.stand-22.5, r.Range, 1e-9)
		assert.Equal(t, tt.band, r.Band, "stand at %v", tt.stand)
		assert.InDelta(t, tt.margin, r.Margin, 1e-9, "stand at %v", tt.stand)
		assert.Equal(t, tt.across, r.MarginTo, "stand at %v", tt.stand)
		assert.Equal(t, tt.modifier, r.RangeModifier, "stand at %v", tt.stand)
		assert.Equal(t, tt.reason, r.Reason, "stand at %v", tt.stand)
		assert.InDelta(t, r.Range, r.Witness.Length(), 1e-9, "the witness is the ruler")
	}
}

func TestRangeIsToTheNearestPointInsideTheArc(t *testing.T) {
	// A target off to the side: its nearest point overall is outside the
	// arc, so the range is measured to the arc's edge.
	tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 80, 120, 90, 0)}}
	r := rule(t, tab, "a", "t")
	require.True(t, r.Measured)
	arc := physics.NewCone(physics.V(0, 0), physics.Deg(90), physics.Deg(30))
	assert.True(t, arc.Contains(r.Witness.B) || arc.Contains(r.Witness.B.Add(physics.V(-1e-9, 0))), "witness inside the arc")
	base := tab.Ships[1].Base()
	_, free := base.DistanceToPoint(physics.V(0, 0))
	assert.Greater(t, r.Range, free.Norm()-1e-9)
}

func TestLineOfSightBlockedByShips(t *testing.T) {
	// Line of sight: you cannot fire through another spaceship, enemy or
	// friendly; touching is not crossing.
	target := ship("t", 0, 200, 90, 0)
	tests := []struct {
		name      string
		blocker   Ship
		reason    Reason
		blockedBy []string
	}{
		{"squarely between", ship("b", 0, 100, 90, 0), Blocked, []string{"b"}},
		{"half in the way: fire past it", ship("b", -25, 100, 90, 0), CanFire, []string{"b"}},
		{"beside the line", ship("b", 60, 100, 90, 0), CanFire, nil},
		{"behind the target", ship("b", 0, 300, 90, 0), CanFire, nil},
		{"overlapping the attacker: does not block", ship("b", 0, 30, 90, 0), CanFire, nil},
		{"overlapping the target: does not block", ship("b", 0, 170, 90, 0), CanFire, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), tt.blocker, target}}
			r := rule(t, tab, "a", "t")
			assert.Equal(t, tt.reason, r.Reason)
			assert.Equal(t, tt.blockedBy, r.BlockedBy)
			if r.Measured {
				// The witness line crosses no blocker.
				for i, s := range tab.Ships {
					if s.ID == "b" && !New(Table{Ships: tab.Ships, Limits: limits}).Overlapping(i, 0) && !New(Table{Ships: tab.Ships, Limits: limits}).Overlapping(i, 2) {
						shrunk := physics.Hexagon(s.Pose, 45-1e-6)
						assert.False(t, shrunk.SegmentCrossesInterior(r.Witness))
					}
				}
			}
		})
	}
}

func TestLineOfSightTouchingABlockerDoesNotBlock(t *testing.T) {
	// A blocker whose flat lies exactly along the only line into the arc.
	// Stand at 0; target far right of the facing so only its left part is
	// in arc; a blocker base whose corner touches the arc's edge line.
	a := ship("a", 0, 0, 90, 0)
	tgt := ship("t", 0, 150, 90, 0)
	// Planetoid tangent to the line x = 0 on the left, covering every
	// line to the left half; the right half stays visible.
	tab := Table{Ships: []Ship{a, tgt}, Obstacles: []Obstacle{planetoid("rock", -40, 75, 40)}}
	r := rule(t, tab, "a", "t")
	assert.Equal(t, CanFire, r.Reason)
	assert.InDelta(t, 127.5, r.Range, 1e-9, "the line along the tangent is clear")
	assert.Empty(t, r.BlockedBy)
}

func TestPlanetoidsBlockLineOfSight(t *testing.T) {
	tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 200, 90, 0)}, Obstacles: []Obstacle{planetoid("rock", 0, 100, 50)}}
	r := rule(t, tab, "a", "t")
	assert.Equal(t, Blocked, r.Reason)
	assert.Equal(t, []string{"rock"}, r.BlockedBy)
	assert.False(t, r.Measured)
}

func TestOverlappingSpaceships(t *testing.T) {
	// Complete Rules: overlapping ships cannot fire at each other; touching
	// bases do not overlap.
	tab := Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 40, 90, 0)}}
	r := rule(t, tab, "a", "t")
	assert.True(t, r.Overlap)
	assert.Equal(t, Overlap, r.Reason)
	tab = Table{Ships: []Ship{ship("a", 0, 0, 90, 0), ship("t", 0, 45, 90, 0)}}
	r = rule(t, tab, "a", "t")
	assert.False(t, r.Overlap, "flat against flat only touches")
	assert.Equal(t, CanFire, r.Reason)
	assert.InDelta(t, 22.5, r.Range, 1e-9)
}

func TestThreeDimensionalSpace(t *testing.T) {
	at := func(id string, y float64, level int) Ship {
		s := ship(id, 0, y, 90, 0)
		s.Level = level
		return s
	}
	t.Run("two levels apart: no shot", func(t *testing.T) {
		r := rule(t, Table{ThreeD: true, Ships: []Ship{at("a", 0, 1), at("t", 100, 3)}}, "a", "t")
		assert.Equal(t, Level, r.Reason)
		assert.False(t, r.Measured)
		assert.False(t, r.Tailing)
	})
	t.Run("levels ignored unless three_d", func(t *testing.T) {
		r := rule(t, Table{Ships: []Ship{at("a", 0, 1), at("t", 100, 3)}}, "a", "t")
		assert.Equal(t, CanFire, r.Reason)
		assert.Equal(t, 0, r.LevelDifference)
	})
	t.Run("one level apart: back of the ruler, never short", func(t *testing.T) {
		r := rule(t, Table{ThreeD: true, Ships: []Ship{at("a", 0, 2), at("t", 80, 3)}}, "a", "t")
		require.True(t, r.Measured)
		assert.InDelta(t, 57.5, r.Horizontal, 1e-9)
		assert.InDelta(t, math.Hypot(57.5, 100), r.Range, 1e-9)
		assert.Equal(t, Medium, r.Band, "short on one level, medium with the vertical distance")
		assert.InDelta(t, 200-math.Hypot(57.5, 100), r.Margin, 1e-9, "the short limit does not apply")
		assert.Equal(t, Long, r.MarginTo)
	})
	t.Run("a ship on another level does not block", func(t *testing.T) {
		r := rule(t, Table{ThreeD: true, Ships: []Ship{at("a", 0, 1), at("b", 100, 3), at("t", 200, 1)}}, "a", "t")
		assert.Equal(t, CanFire, r.Reason)
		r = rule(t, Table{ThreeD: true, Ships: []Ship{at("a", 0, 1), at("b", 100, 2), at("t", 200, 2)}}, "a", "t")
		assert.Equal(t, Blocked, r.Reason, "a blocker at the target's level counts")
	})
	t.Run("a planetoid on another level does not block", func(t *testing.T) {
		rock := planetoid("rock", 0, 100, 40)
		rock.Level = 4
		r := rule(t, Table{ThreeD: true, Ships: []Ship{at("a", 0, 1), at("t", 200, 1)}, Obstacles: []Obstacle{rock}}, "a", "t")
		assert.Equal(t, CanFire, r.Reason)
	})
}

func TestAsteroidFieldCover(t *testing.T) {
	a, tg := ship("a", 0, 0, 90, 0), ship("t", 0, 150, 90, 0)
	tests := []struct {
		name     string
		fields   []Obstacle
		cover    []string
		modifier int
	}{
		{"the line crosses a sparse field", []Obstacle{field("f", Sparse, -50, 50, 50, 50, 50, 80, -50, 80)}, []string{"f"}, -2},
		{"the line crosses a dense field", []Obstacle{field("f", Dense, -50, 50, 50, 50, 50, 80, -50, 80)}, []string{"f"}, -4},
		{"worst of two, not added", []Obstacle{field("s", Sparse, -50, 20, 50, 20, 50, 40, -50, 40), field("d", Dense, -50, 50, 50, 50, 50, 80, -50, 80)}, []string{"s", "d"}, -4},
		{"the stand inside a field", []Obstacle{field("f", Sparse, -30, 140, 30, 140, 30, 170, -30, 170)}, []string{"f"}, -2},
		{"a field beside the line", []Obstacle{field("f", Dense, 30, 50, 80, 50, 80, 80, 30, 80)}, nil, 0},
		{"a field the line only touches", []Obstacle{field("f", Dense, 0, 50, 80, 50, 80, 80, 0, 80)}, nil, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := rule(t, Table{Ships: []Ship{a, tg}, Obstacles: tt.fields}, "a", "t")
			assert.Equal(t, CanFire, r.Reason, "fields never block")
			assert.Equal(t, tt.cover, r.Cover)
			assert.Equal(t, tt.modifier, r.CoverModifier)
		})
	}
}

func TestTailing(t *testing.T) {
	// Tailing: in the fire arc, through one of the three rear flats, not
	// through another base, stands less than 15 cm apart.
	tests := []struct {
		name   string
		target Ship
		extra  []Ship
		want   bool
	}{
		{"right behind", ship("t", 0, 120, 90, 0), nil, true},
		{"behind at an angle: the rear-right flat", ship("t", 0, 120, 30, 0), nil, true},
		{"facing us: front flat", ship("t", 0, 120, 270, 0), nil, false},
		{"side-on: the front-right flat", ship("t", 0, 120, 330, 0), nil, false},
		{"too far", ship("t", 0, 150, 90, 0), nil, false},
		{"just close enough", ship("t", 0, 149.999, 90, 0), nil, true},
		{"out of arc", ship("t", 100, 50, 0, 0), nil, false},
		{"another base in between", ship("t", 0, 140, 90, 0), []Ship{ship("x", 0, 70, 0, 0)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ships := append([]Ship{ship("a", 0, 0, 90, 0), tt.target}, tt.extra...)
			r := rule(t, Table{Ships: ships}, "a", "t")
			assert.Equal(t, tt.want, r.Tailing, "%+v", r.Tail)
		})
	}
}

// TestRulingsInvariantUnderRigidMotion: translating and rotating the whole
// table changes no verdict and no length.
func TestRulingsInvariantUnderRigidMotion(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 40; trial++ {
		tab := randomTable(rng, 8, 3, 2)
		angle := physics.Deg(30 * float64(rng.IntN(12)))
		shift := physics.V(rng.Float64()*500-250, rng.Float64()*500-250)
		if trial%2 == 1 { // arbitrary angles too
			angle = physics.Deg(rng.Float64() * 360)
		}
		moved := moveTable(tab, angle, shift)
		before, after := New(tab).RuleAll(), New(moved).RuleAll()
		for i := range before {
			b, a := before[i], after[i]
			if nearAnyLimit(b) {
				continue // a flip within rounding of a limit is not a difference
			}
			assert.Equal(t, b.Reason, a.Reason, "trial %d pair %s→%s", trial, b.AttackerID, b.TargetID)
			assert.Equal(t, b.Tailing, a.Tailing)
			assert.Equal(t, b.Cover, a.Cover)
			assert.Equal(t, b.BlockedBy, a.BlockedBy)
			if b.Measured && a.Measured {
				assert.InDelta(t, b.Range, a.Range, 1e-6)
			}
		}
	}
}

func nearAnyLimit(r Ruling) bool {
	return r.Measured && r.Margin < 1e-6 || r.Tail.Margin < 1e-6
}

func randomTable(rng *rand.Rand, ships, planetoids, fields int) Table {
	t := Table{Width: 900, Depth: 900, Limits: limits}
	for i := 0; i < ships; i++ {
		s := ship(string(rune('a'+i)), rng.Float64()*400, rng.Float64()*400, 30*float64(rng.IntN(12)), rng.IntN(12)-5)
		t.Ships = append(t.Ships, s)
	}
	for i := 0; i < planetoids; i++ {
		t.Obstacles = append(t.Obstacles, planetoid("p"+string(rune('0'+i)), rng.Float64()*400, rng.Float64()*400, 10+rng.Float64()*30))
	}
	for i := 0; i < fields; i++ {
		x, y := rng.Float64()*400, rng.Float64()*400
		t.Obstacles = append(t.Obstacles, field("f"+string(rune('0'+i)), Sparse, x, y, x+60, y+5, x+50, y+50, x+5, y+40))
	}
	return t
}

func moveTable(t Table, angle s1.Angle, shift physics.Vec) Table {
	mv := func(p physics.Vec) physics.Vec { return p.Rotate(angle).Add(shift) }
	out := t
	out.Ships = make([]Ship, len(t.Ships))
	for i, s := range t.Ships {
		s.Pose = physics.Pose{Pos: mv(s.Pose.Pos), Heading: s.Pose.Heading + angle}
		out.Ships[i] = s
	}
	out.Obstacles = make([]Obstacle, len(t.Obstacles))
	for i, o := range t.Obstacles {
		o.Circle.C = mv(o.Circle.C)
		if o.Polygon != nil {
			p := make(physics.Polygon, len(o.Polygon))
			for k, v := range o.Polygon {
				p[k] = mv(v)
			}
			o.Polygon = p
		}
		out.Obstacles[i] = o
	}
	return out
}

// TestWitnessEndsOnTheTargetInsideTheArc: on random tables, every witness
// runs from the attacker's stand to a point on the target base's boundary
// that lies inside the fire arc (or is the stand itself, when it stands on
// the target's base), and its length is the horizontal range.
func TestWitnessEndsOnTheTargetInsideTheArc(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	measured := 0
	for trial := 0; trial < 60; trial++ {
		tab := randomTable(rng, 10, 3, 2)
		ref := New(tab)
		for _, r := range ref.RuleAll() {
			if !r.Measured {
				continue
			}
			measured++
			a := tab.Ships[r.Attacker]
			assert.Equal(t, a.Pose.Pos, r.Witness.A, "starts at the stand")
			if ref.Base(r.Target).Contains(a.Pose.Pos) {
				// Overlapping so far that the stand is on the target's
				// base: the nearest point is the stand, range 0.
				assert.Less(t, r.Witness.Length(), 1e-9)
				continue
			}
			_, d := ref.Base(r.Target).ClosestBoundaryPoint(r.Witness.B)
			assert.Less(t, d, 1e-9, "ends on the target's boundary")
			// Inside the closed arc, up to the rounding of the clipped point.
			arc := ref.Arc(r.Attacker)
			right, left := arc.Edges()
			v := r.Witness.B.Sub(a.Pose.Pos)
			slack := 1e-9 * (1 + v.Norm())
			assert.True(t, right.Cross(v) >= -slack && v.Cross(left) >= -slack, "inside the arc")
			assert.InDelta(t, r.Horizontal, r.Witness.Length(), 1e-9)
		}
	}
	assert.Greater(t, measured, 500)
}

// TestDeterminingRange_BandsAreSpansOfRange: each band covers the ranges
// from the nearer band's limit (not included; short from 0) to its own
// limit (included), and one level apart there is no short band, medium
// starting at 0 (Three-dimensional space); a range is ruled in the one
// band whose span holds it, and its margin is the distance to the nearest
// end of a span that is a limit.
func TestDeterminingRange_BandsAreSpansOfRange(t *testing.T) {
	assert.Equal(t, [2]float64{0, 100}, [2]float64{limits.Span(Short, 0).Lo, limits.Span(Short, 0).Hi})
	assert.Equal(t, [2]float64{100, 200}, [2]float64{limits.Span(Medium, 0).Lo, limits.Span(Medium, 0).Hi})
	assert.Equal(t, [2]float64{200, 240}, [2]float64{limits.Span(Long, 0).Lo, limits.Span(Long, 0).Hi})
	assert.Equal(t, 240.0, limits.Span(Out, 0).Lo)
	assert.True(t, math.IsInf(limits.Span(Out, 0).Hi, 1))
	assert.True(t, limits.Span(Short, 1).IsEmpty(), "one level apart: no short band")
	assert.Equal(t, 0.0, limits.Span(Medium, 1).Lo)
	holds := func(b Band, levels int, rng float64) bool {
		s := limits.Span(b, levels)
		return !s.IsEmpty() && rng <= s.Hi && (rng > s.Lo || rng == 0 && s.Lo == 0)
	}
	for _, levels := range []int{0, 1} {
		for rng := 0.0; rng <= 300; rng += 0.5 {
			b, margin, _, _ := band(rng, levels, limits)
			var in []Band
			for _, x := range append(Bands[:], Out) {
				if holds(x, levels, rng) {
					in = append(in, x)
				}
			}
			require.Equal(t, []Band{b}, in, "range %v, %d levels apart", rng, levels)
			near := math.Inf(1)
			for _, x := range Bands {
				if s := limits.Span(x, levels); !s.IsEmpty() {
					near = math.Min(near, math.Abs(rng-s.Hi))
				}
			}
			assert.Equal(t, near, margin, "range %v, %d levels apart", rng, levels)
		}
	}
}
