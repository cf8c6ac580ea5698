package table

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestTransitionsRebuildEveryPressBetweenTicks: from the state at the
// last tick and what Ebiten stamped in this one, each key's presses and
// releases come back in order, the double press included.
func TestTransitionsRebuildEveryPressBetweenTicks(t *testing.T) {
	for _, c := range []struct {
		name                        string
		was, pressed, released, now bool
		want                        []bool
	}{
		{"nothing", false, false, false, false, nil},
		{"held on", true, false, false, true, nil},
		{"pressed", false, true, false, true, []bool{true}},
		{"released", true, false, true, false, []bool{false}},
		{"a tap within the tick", false, true, true, false, []bool{true, false}},
		{"a tap and a press within the tick", false, true, true, true, []bool{true, false, true}},
		{"released and pressed again", true, true, true, true, []bool{false, true}},
		{"released, tapped", true, true, true, false, []bool{false, true, false}},
	} {
		assert.Equal(t, c.want, transitions(c.was, c.pressed, c.released, c.now), c.name)
	}
}
