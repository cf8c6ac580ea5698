package sketch

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/randtable"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

// TestComposerPlacesAsCompose: picture after picture of random crowded
// tables changed a little at a time (a ship dragged a few millimetres or
// across the table, turned, raised a level, a planetoid moved, an
// obstacle added or removed, ships removed, 3D levels switched, one pair
// picked), the Composer, which reuses the last picture's places for
// labels near which nothing changed, puts every label in the very box
// Compose chooses from nothing, and sends the same rulings to the notes.
func TestComposerPlacesAsCompose(t *testing.T) {
	comp := assets.Default()
	reused, placed := 0, 0
	for _, p := range []randtable.Params{
		{Seed: 11, Ships: 14, Planetoids: 2, Fields: 1, Side: 400},
		{Seed: 12, Ships: 30, Planetoids: 3, Fields: 2, Side: 500, Snap: true},
		{Seed: 13, Ships: 60, Planetoids: 2, Fields: 2, Side: 800},
		{Seed: 14, Ships: 25, Planetoids: 2, Fields: 1, Side: 450, ThreeD: true},
	} {
		tab, err := tablefile.Parse("random.yaml", randtable.YAML(p), comp)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(p.Seed, 3))
		var k Composer
		var opt Options
		for step := range 60 {
			what := change(rng, &tab, &opt)
			r := referee.New(tab)
			rulings := r.RuleAll()
			got := newDrawingAfter(r, rulings, opt, true, k.last)
			k.last = got.placed
			want := newDrawingIndexed(r, rulings, opt, true)
			msg := fmt.Sprintf("seed %d step %d (%s)", p.Seed, step, what)
			require.Equal(t, want.labels, got.labels, msg)
			require.Equal(t, want.notes, got.notes, msg)
			reused += got.placed.reused
			placed += len(got.labels)
		}
	}
	t.Logf("%d of %d labels placed as in the picture before", reused, placed)
	require.Greater(t, reused, placed/2, "the Composer hardly reuses anything: the test proves little")
}

// change changes tab (or opt) a little at random and says how.
func change(rng *rand.Rand, tab *referee.Table, opt *Options) string {
	n := len(tab.Ships)
	i := rng.IntN(n)
	s := &tab.Ships[i]
	switch k := rng.IntN(20); {
	case k < 11:
		s.Pose.Pos = s.Pose.Pos.Add(physics.V(rng.Float64()*8-4, rng.Float64()*8-4))
		return fmt.Sprintf("%s dragged", s.ID)
	case k < 13:
		s.Pose.Pos = physics.V(rng.Float64()*tab.Width, rng.Float64()*tab.Depth)
		return fmt.Sprintf("%s moved across", s.ID)
	case k < 15:
		s.Pose.Heading = physics.Deg(s.Pose.Heading.Degrees() + 15)
		return fmt.Sprintf("%s turned", s.ID)
	case k == 15:
		s.Level = 1 + rng.IntN(4)
		return fmt.Sprintf("%s to level %d", s.ID, s.Level)
	case k == 16:
		for o := range tab.Obstacles {
			if tab.Obstacles[o].Kind == referee.Planetoid {
				tab.Obstacles[o].Circle.C = tab.Obstacles[o].Circle.C.Add(physics.V(rng.Float64()*20-10, rng.Float64()*20-10))
				return "planetoid moved"
			}
		}
		return "nothing"
	case k == 17:
		if len(tab.Obstacles) > 1 && rng.IntN(2) == 0 {
			tab.Obstacles = tab.Obstacles[:len(tab.Obstacles)-1]
			return "obstacle removed"
		}
		c := physics.V(rng.Float64()*tab.Width, rng.Float64()*tab.Depth)
		tab.Obstacles = append(tab.Obstacles, referee.Obstacle{ID: fmt.Sprintf("field-%d", rng.IntN(1000)), Kind: referee.AsteroidField,
			Density: referee.Sparse, Level: 1, Polygon: physics.Polygon{c, c.Add(physics.V(60, 5)), c.Add(physics.V(50, 50)), c.Add(physics.V(-5, 40))}})
		return "field added"
	case k == 18:
		if n > 3 && rng.IntN(3) == 0 {
			tab.Ships = append(tab.Ships[:i:i], tab.Ships[i+1:]...)
			opt.Pair = nil
			return "ship removed"
		}
		tab.ThreeD = !tab.ThreeD
		return "3D switched"
	default:
		if opt.Pair != nil {
			opt.Pair = nil
			return "whole table"
		}
		opt.Pair = &[2]int{i, (i + 1) % n}
		return "one pair"
	}
}
