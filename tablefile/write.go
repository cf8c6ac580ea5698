package tablefile

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Marshal writes a table in the table file format of MEASURE-FORMAT.md,
// one object a line, numbers rounded to the micrometre; Parse reads it back.
func Marshal(t referee.Table) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "table: {width: %s, depth: %s}\n", num(t.Width), num(t.Depth))
	fmt.Fprintf(&b, "three_d: %t\n", t.ThreeD)
	b.WriteString("ships:\n")
	for _, s := range t.Ships {
		fmt.Fprintf(&b, "  - {id: %q, class: %s, x: %s, y: %s, heading: %s, rotation: %d, level: %d, base_mm: %s}\n",
			s.ID, s.Class, num(s.Pose.Pos.X), num(s.Pose.Pos.Y), num(physics.NormalizeDegrees(s.Pose.Heading.Degrees())), s.Rotation, max(1, s.Level), num(s.AcrossFlats))
	}
	if len(t.Obstacles) > 0 {
		b.WriteString("obstacles:\n")
	}
	for _, o := range t.Obstacles {
		switch o.Kind {
		case referee.Planetoid:
			fmt.Fprintf(&b, "  - {id: %q, kind: planetoid, x: %s, y: %s, radius: %s, level: %d}\n", o.ID, num(o.Circle.C.X), num(o.Circle.C.Y), num(o.Circle.R), max(1, o.Level))
		case referee.AsteroidField:
			var pts []string
			for _, v := range o.Polygon {
				pts = append(pts, fmt.Sprintf("[%s, %s]", num(v.X), num(v.Y)))
			}
			fmt.Fprintf(&b, "  - {id: %q, kind: asteroid-field, density: %s, polygon: [%s], level: %d}\n", o.ID, o.Density, strings.Join(pts, ", "), max(1, o.Level))
		}
	}
	return []byte(b.String())
}

func num(v float64) string {
	r := math.Round(v*1000) / 1000
	if r == 0 {
		r = 0 // no "-0"
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}
