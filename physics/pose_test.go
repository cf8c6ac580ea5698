package physics

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/golang/geo/s1"
	"github.com/stretchr/testify/require"
)

// randomPoses returns poses on and off the 30° multiples, some far out.
func randomPoses(n int) []Pose {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([]Pose, n)
	for i := range out {
		h := Deg(30 * float64(r.IntN(25)-12))
		if i%2 == 1 {
			h = Deg(r.Float64()*1440 - 720)
		}
		out[i] = Pose{Pos: V(r.Float64()*2000-500, r.Float64()*2000-500), Heading: h}
	}
	return out
}

// The fast ToTable, Frame and Hexagon give the same bits as the matrix
// product they replace, so no ruling or battle outcome can change.
func TestToTableSameBitsAsMatrix(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for _, p := range randomPoses(2000) {
		f := FrameOf(p)
		local := V(r.Float64()*300-150, r.Float64()*300-150)
		m := p.Matrix().Mul3x1(mgl64.Vec3{local.X, local.Y, 1})
		want := Vec{m[0], m[1]}
		require.Equal(t, want, p.ToTable(local))
		require.Equal(t, want, f.ToTable(local))
		require.Equal(t, Pose{Pos: want, Heading: p.Heading + 1}, f.Compose(Pose{Pos: local, Heading: 1}))
		require.Equal(t, p.Forward(), f.Forward())
		across := 40 + r.Float64()*100
		rad := across / math.Sqrt(3)
		h := Hexagon(p, across)
		for k := range 6 {
			c := Direction(Deg(-30 + 60*float64(k))).Mul(rad)
			m := p.Matrix().Mul3x1(mgl64.Vec3{c.X, c.Y, 1})
			require.Equal(t, Vec{m[0], m[1]}, h[k])
		}
	}
}

// oldDirection is Direction as it was, with math.Mod.
func oldDirection(a s1.Angle) Vec {
	deg := a.Degrees()
	k := math.Round(deg / 30)
	if math.Abs(deg-30*k) < ExactAngleTolerance && !math.IsInf(k, 0) {
		i := int(math.Mod(k, 12))
		if i < 0 {
			i += 12
		}
		return thirtyDegreeDirections[i]
	}
	return Vec{math.Cos(a.Radians()), math.Sin(a.Radians())}
}

// Direction gives what it gave with math.Mod, for whole multiples of 30°
// near and far from zero, of either sign, and for other angles.
func TestDirectionTableIndex(t *testing.T) {
	for _, k := range []float64{0, 1, -1, 11, 12, -12, -13, 0.5, 1e6 + 7, -1e6 - 7, 1 << 40, -(1 << 40) - 5, 1 << 53, 1e300, math.Inf(1), math.NaN()} {
		a := Deg(30 * k)
		require.Equal(t, fmt.Sprint(oldDirection(a)), fmt.Sprint(Direction(a)), "k=%v", k)
	}
	for _, p := range randomPoses(1000) {
		require.Equal(t, oldDirection(p.Heading), Direction(p.Heading))
	}
}
