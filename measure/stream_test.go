package measure

import (
	"bytes"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// TestStreamedJSONEqualsTheDocument: WriteJSONSeq writes the very bytes of
// NewDocument(...).WriteJSON, for empty tables, one ship, ids that JSON
// escapes, and crowded random tables with blockers, cover and margins.
func TestStreamedJSONEqualsTheDocument(t *testing.T) {
	field := referee.Obstacle{ID: "f<&>", Kind: referee.AsteroidField, Density: referee.Dense, Level: 1,
		Polygon: physics.Polygon{physics.V(-10, 175), physics.V(10, 175), physics.V(10, 185), physics.V(-10, 185)}}
	tables := []referee.Table{
		{},
		{Ships: []referee.Ship{ship("a", 0, 0, 1)}},
		{Ships: []referee.Ship{ship(`q"uote\`, 0, 0, 1), ship("<b>&é\u2028", 0, 180, 1)}, Obstacles: []referee.Obstacle{field}},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 3 {
		var tab referee.Table
		for i := range 25 {
			s := ship(strings.Repeat("s", i+1), rng.Float64()*300, rng.Float64()*300, 1)
			s.Pose.Heading = physics.Deg(rng.Float64() * 360)
			tab.Ships = append(tab.Ships, s)
		}
		for i := range 4 {
			x, y := rng.Float64()*300, rng.Float64()*300
			tab.Obstacles = append(tab.Obstacles,
				referee.Obstacle{ID: "p" + strings.Repeat("p", i), Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(x, y), R: 15}, Level: 1},
				referee.Obstacle{ID: "f" + strings.Repeat("f", i), Kind: referee.AsteroidField, Density: referee.Sparse, Level: 1,
					Polygon: physics.Polygon{physics.V(y, x), physics.V(y+60, x), physics.V(y+60, x+40), physics.V(y, x+40)}})
		}
		tables = append(tables, tab)
	}
	for i, tab := range tables {
		tab.Limits = limits
		r := referee.New(tab, referee.WithMargins())
		all := r.RuleAll()
		var want, got bytes.Buffer
		require.NoError(t, NewDocument(r, all).WriteJSON(&want))
		require.NoError(t, WriteJSONSeq(&got, r, slices.Values(all)))
		assert.Equal(t, want.String(), got.String(), "table %d", i)
	}
}

// TestAppendNumIsNum: the hand-written numbers are Num's bytes, for
// random values of every size and the awkward ones.
func TestAppendNumIsNum(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	vals := []float64{0, -0.0004, 0.0005, -0.0005, 0.1, 1.0005, 999999999.9995, -999999999.9994, 1e9, -1e12, 123.456, 2.675, 1e-300}
	for range 100000 {
		vals = append(vals, (rng.Float64()-0.5)*math.Pow(10, float64(rng.IntN(13))))
	}
	for _, v := range vals {
		want, err := Num(v).MarshalJSON()
		require.NoError(t, err)
		require.Equal(t, string(want), string(appendNum(nil, v)), "%v", v)
	}
}
