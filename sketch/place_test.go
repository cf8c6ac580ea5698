package sketch

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/randtable"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

// TestLabelIndexChangesNothing: with the placer's index (and scoring
// that stops once a box costs more than the best so far), every label on
// random crowded tables lands in the very box, and the same rulings go to
// the notes, as when each box is scored against everything.
func TestLabelIndexChangesNothing(t *testing.T) {
	comp := assets.Default()
	for _, p := range []randtable.Params{
		{Seed: 1, Ships: 10, Planetoids: 2, Fields: 1, Side: 400},
		{Seed: 2, Ships: 12, Planetoids: 3, Fields: 2, Side: 300, Snap: true},
		{Seed: 3, Ships: 60, Planetoids: 4, Fields: 2, Side: 700},
	} {
		tab, err := tablefile.Parse("random.yaml", randtable.YAML(p), comp)
		require.NoError(t, err)
		r := referee.New(tab)
		rulings := r.RuleAll()
		fast := newDrawingIndexed(r, rulings, Options{}, true)
		slow := newDrawingIndexed(r, rulings, Options{}, false)
		require.NotEmpty(t, slow.labels)
		require.Equal(t, slow.labels, fast.labels, "seed %d", p.Seed)
		require.Equal(t, slow.notes, fast.notes, "seed %d", p.Seed)
	}
}
