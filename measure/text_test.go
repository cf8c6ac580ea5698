package measure

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

var limits = referee.Limits{FireArcHalfWidth: 30, ShortRange: 100, MediumRange: 200, LongRange: 240, TailingDistance: 150, LevelHeight: 100, DialNotch: 30}

func ship(id string, x, y float64, level int) referee.Ship {
	return referee.Ship{ID: id, Class: "viper-mk2", Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(90)}, Level: level, AcrossFlats: 45}
}

func TestSentences(t *testing.T) {
	tests := []struct {
		name  string
		table referee.Table
		want  string
	}{
		{"overlap", referee.Table{Ships: []referee.Ship{ship("a", 0, 0, 1), ship("b", 0, 30, 1)}},
			// The format's tailing test has no overlap condition.
			"b overlaps a's base: neither can fire at the other. a is tailing b: stands 30.0 mm apart, 120.0 mm inside the ★ mark."},
		{"two levels apart", referee.Table{ThreeD: true, Ships: []referee.Ship{ship("a", 0, 0, 1), ship("b", 0, 150, 3)}},
			"b is 2 levels from a (level 3 against 1): no shot across two or more levels."},
		{"one level apart", referee.Table{ThreeD: true, Ships: []referee.Ship{ship("a", 0, 0, 1), ship("b", 0, 100, 2)}},
			"b is in a's arc at 126.5 mm: medium range (0), 73.5 mm from long. One level apart: read on the back of the ruler (77.5 mm across the table). a is tailing b: stands 141.4 mm apart, 8.6 mm inside the ★ mark."},
		{"short, tailing", referee.Table{Ships: []referee.Ship{ship("a", 0, 0, 1), ship("b", 0, 100, 1)}},
			"b is in a's arc at 77.5 mm: short range (+1), 22.5 mm from medium. a is tailing b: stands 100.0 mm apart, 50.0 mm inside the ★ mark."},
		{"stand inside a field", referee.Table{Ships: []referee.Ship{ship("a", 0, 0, 1), ship("b", 0, 180, 1)}, Obstacles: []referee.Obstacle{{ID: "f", Kind: referee.AsteroidField, Density: referee.Dense, Level: 1, Polygon: physics.Polygon{physics.V(-10, 175), physics.V(10, 175), physics.V(10, 185), physics.V(-10, 185)}}}},
			"b is in a's arc at 157.5 mm: medium range (0), 42.5 mm from long. b's stand is inside the dense field f: −4."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.table.Limits = limits
			r := referee.New(tt.table)
			assert.Equal(t, tt.want, Sentence(tt.table, r.Rule(0, 1)))
		})
	}
}

func TestNumRoundsToTheMicrometre(t *testing.T) {
	for v, want := range map[float64]string{123.45649: "123.456", -0.0001: "0", 1e-12: "0", 200: "200", -3.5: "-3.5"} {
		b, err := Num(v).MarshalJSON()
		assert.NoError(t, err)
		assert.Equal(t, want, string(b))
	}
}

// TestSentencesSayTheMargins: the sentences players say at the table
// (MEASURE-FORMAT.md, text output; Line of sight; Planetoids): how far
// out of arc, how deep in it, how far the line clears a planetoid and how
// far a blocked line is from clear.
func TestSentencesSayTheMargins(t *testing.T) {
	turned := func(id string, p physics.Vec, heading float64) referee.Ship {
		s := ship(id, p.X, p.Y, 1)
		s.Pose.Heading = physics.Deg(heading)
		return s
	}
	edge, out := physics.Direction(physics.Deg(60)), physics.Direction(physics.Deg(-30))
	alpha := math.Asin(30.0 / 100)
	corner := 45 / math.Sqrt(3)
	rock := referee.Obstacle{ID: "rock", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(0, 100), R: 30}, Level: 1}
	tests := []struct {
		name  string
		table referee.Table
		want  string
	}{
		{"out of arc", referee.Table{Ships: []referee.Ship{ship("Viper-1", 0, 0, 1), turned("Raider-2", edge.Mul(150).Add(out.Mul(22.5+3.2)), -30)}},
			"Raider-2 is 3.2 mm outside Viper-1's arc."},
		{"in arc, the line clears rock", referee.Table{Ships: []referee.Ship{ship("Viper-1", 0, 0, 1), ship("Raider-1", 250*math.Tan(alpha)-corner+4.1/math.Cos(alpha), 250, 1)}, Obstacles: []referee.Obstacle{rock}},
			"Raider-1 is in Viper-1's arc (98.2 mm inside its edge) at 244.9 mm: out of range, 4.9 mm beyond long. The line to the nearest point is blocked by rock; the ruler passes beside it. The line clears rock by 4.1 mm."},
		{"blocked by rock", referee.Table{Ships: []referee.Ship{ship("Viper-1", 0, 0, 1), ship("Raider-1", 250*math.Tan(alpha)-corner-2/math.Cos(alpha), 250, 1)}, Obstacles: []referee.Obstacle{rock}},
			"Raider-1 is in Viper-1's arc (103.7 mm inside its edge), but no line to its base is clear: blocked by rock: 2.0 mm from a clear line."},
		// Beyond the reach (MarginReach, 50 mm) the line's margin is null,
		// and the sentence says why.
		{"nothing within reach could block", referee.Table{Ships: []referee.Ship{ship("Viper-1", 0, 0, 1), ship("Raider-1", 0, 180, 1)}, Obstacles: []referee.Obstacle{{ID: "far", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(300, 0), R: 30}, Level: 1}}},
			"Raider-1 is in Viper-1's arc (112.5 mm inside its edge) at 157.5 mm: medium range (0), 42.5 mm from long. No move of up to 50 mm blocks the line. 30.0 mm from tailing."},
		{"blocked, no line opens within reach", referee.Table{Ships: []referee.Ship{ship("Viper-1", 0, 0, 1), ship("Raider-1", 0, 200, 1)}, Obstacles: []referee.Obstacle{{ID: "moon", Kind: referee.Planetoid, Circle: physics.Circle{C: physics.V(0, 100), R: 90}, Level: 1}}},
			"Raider-1 is in Viper-1's arc (122.5 mm inside its edge), but no line to its base is clear: blocked by moon. No move of up to 50 mm clears a line."},
		{"far beyond long range", referee.Table{Ships: []referee.Ship{ship("Viper-1", 0, 0, 1), ship("Raider-1", 0, 340, 1)}, Obstacles: []referee.Obstacle{rock}},
			"Raider-1 is in Viper-1's arc (192.5 mm inside its edge), but no line to its base is clear: blocked by rock. Its nearest point in the arc is more than 50 mm beyond long range: no move of up to 50 mm makes it a shot, so the line's margin is not measured."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.table.Limits = limits
			r := referee.New(tt.table, referee.WithMargins())
			assert.Equal(t, tt.want, Sentence(tt.table, r.Rule(0, 1)))
		})
	}
}
