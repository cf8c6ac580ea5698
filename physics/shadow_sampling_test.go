package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// Line of sight: what a blocker hides from an apex (its shadow, cut from
// each segment as one interval) is exactly what the sight lines through
// its interior reach, checked point by point against SegmentCrossesInterior
// for a planetoid (a disk) and bases (a hexagon, a 20-sided polygon) with
// the apex outside, on the boundary and inside, over random segments.
func TestLineOfSightShadowsAgainstSampling(t *testing.T) {
	var gon Polygon
	for k := range 20 {
		a := 2 * math.Pi * float64(k) / 20
		gon = append(gon, V(50*math.Cos(a), 50*math.Sin(a)))
	}
	corners := HexagonCorners(Pose{}, 60)
	hex := Polygon(corners[:])
	disk := Circle{C: V(0, 0), R: 50}
	cases := []struct {
		name  string
		b     Blocker
		apexs []Vec
	}{
		{"disk", disk, []Vec{V(120, 30), V(50, 0), V(0, -50), V(10, 5), V(-200, -10)}},
		{"20-gon", gon, []Vec{V(120, 30), V(50, 0), V(10, 5), V(-90, 70)}},
		{"hexagon", hex, []Vec{V(120, 30), hex[0], hex[0].Lerp(hex[1], 0.5), V(1, 2)}},
	}
	rng := rand.New(rand.NewPCG(22, 6))
	pt := func() Vec { return V(rng.Float64()*400-200, rng.Float64()*400-200) }
	var s Sight
	for _, c := range cases {
		for _, apex := range c.apexs {
			s.SetBlockers(apex, []Blocker{c.b})
			for range 150 {
				seg := Segment{pt(), pt()}
				if rng.IntN(4) == 0 { // through the blocker's middle
					seg = Segment{pt(), V(rng.Float64()*20-10, rng.Float64()*20-10)}
				}
				pieces := s.VisiblePieces(seg, -1, nil)
				for k := 0; k <= 200; k++ {
					tt := float64(k) / 200
					p := seg.At(tt)
					if p.Dist(apex) < 1e-6 {
						continue
					}
					seen, near := false, false
					for _, pc := range pieces {
						lo, hi := paramOn(seg, pc.A), paramOn(seg, pc.B)
						if tt >= lo-1e-9 && tt <= hi+1e-9 {
							seen = true
						}
						near = near || math.Abs(tt-lo) < 1e-6 || math.Abs(tt-hi) < 1e-6
					}
					if near {
						continue
					}
					hidden := c.b.SegmentCrossesInterior(Segment{apex, p})
					require.Equal(t, !hidden, seen, "%s, apex %v, segment %v, point %v (t %g), pieces %v", c.name, apex, seg, p, tt, pieces)
				}
			}
		}
	}
}

// paramOn is where p lies along seg, 0 at A and 1 at B.
func paramOn(seg Segment, p Vec) float64 {
	d := seg.B.Sub(seg.A)
	n := d.Dot(d)
	if n == 0 {
		return 0
	}
	return p.Sub(seg.A).Dot(d) / n
}
