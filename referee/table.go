package referee

import (
	"math"

	"github.com/golang/geo/r1"
	"github.com/golang/geo/s1"
	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
)

// Limits are the measurements the referee rules with, in millimetres and
// degrees. They come from the component data (assets), so a player's own
// measured components change the rulings.
type Limits struct {
	FireArcHalfWidth float64 // degrees either side of the facing (Line of sight)
	ShortRange       float64 // Determining range
	MediumRange      float64 // Determining range
	LongRange        float64 // Talents and measuring: "long range (24 cm)"
	TailingDistance  float64 // Tailing: the ★ mark
	LevelHeight      float64 // Three-dimensional space: height between levels
	DialNotch        float64 // Rotation: degrees per notch
}

// Bands are the range bands of the combat ruler within long range, nearest
// first (Determining range).
var Bands = [...]Band{Short, Medium, Long}

// Span returns the ranges, in millimetres, a band covers between ships
// levels apart (Determining range): short up to ShortRange, medium up to
// MediumRange, long up to LongRange and out beyond; a range on a limit is
// in the nearer band (Lo is the farther band's limit, not in the band,
// but for short, which starts at 0). One level apart there is no short
// band (Three-dimensional space): medium starts at 0 and short is empty.
func (l Limits) Span(b Band, levels int) r1.Interval {
	short := l.ShortRange
	if levels == 1 {
		short = 0
	}
	switch b {
	case Short:
		if levels == 1 {
			return r1.EmptyInterval()
		}
		return r1.Interval{Lo: 0, Hi: short}
	case Medium:
		return r1.Interval{Lo: short, Hi: l.MediumRange}
	case Long:
		return r1.Interval{Lo: l.MediumRange, Hi: l.LongRange}
	}
	return r1.Interval{Lo: l.LongRange, Hi: math.Inf(1)}
}

// LimitsFrom reads the limits from the component data.
func LimitsFrom(g assets.Geometry) Limits {
	return Limits{
		FireArcHalfWidth: g.FireArcHalfWidth.Value,
		ShortRange:       g.ShortRange.Value,
		MediumRange:      g.MediumRange.Value,
		LongRange:        g.LongRange.Value,
		TailingDistance:  g.TailingDistance.Value,
		LevelHeight:      g.LevelHeight.Value,
		DialNotch:        g.DialNotch.Value,
	}
}

// Ship is a ship on the table as the referee sees it.
type Ship struct {
	ID    string
	Class string
	// Pose is the stand (centre of the base) and the heading, the movement
	// direction: the outward normal of the front flat.
	Pose physics.Pose
	// Rotation is the dial, in notches clockwise from the heading
	// (Rotation): facing = heading − notch × rotation.
	Rotation int
	// Level is 1..4; it matters only when the table is three-dimensional.
	Level int
	// AcrossFlats is the base's size between opposite flats.
	AcrossFlats float64
}

// ObstacleKind tells planetoids from asteroid fields.
type ObstacleKind string

// The obstacle kinds of Optional features.
const (
	Planetoid     ObstacleKind = "planetoid"
	AsteroidField ObstacleKind = "asteroid-field"
)

// Density is an asteroid field's side (Sparse and Dense asteroid fields).
type Density string

// The two sides of an asteroid field template.
const (
	Sparse Density = "sparse"
	Dense  Density = "dense"
)

// CoverModifier returns the attack modifier for firing through a field of
// this density: sparse −2, dense −4 (Sparse / Dense asteroid fields).
func (d Density) CoverModifier() int {
	if d == Dense {
		return -4
	}
	return -2
}

// Obstacle is a planetoid (a circle) or an asteroid field (a simple polygon).
type Obstacle struct {
	ID      string
	Kind    ObstacleKind
	Circle  physics.Circle  // planetoids
	Polygon physics.Polygon // asteroid fields
	Density Density         // asteroid fields
	Level   int
}

// Table is a moment on the table: where each ship stands and which
// obstacles lie around (the table file of MEASURE-FORMAT.md).
type Table struct {
	Width, Depth float64
	ThreeD       bool
	Ships        []Ship
	Obstacles    []Obstacle
	Limits       Limits
}

// Facing returns the direction the ship points and fires: the heading turned
// clockwise by the dial (Rotating the spaceship while maneuvering).
func (s Ship) Facing(l Limits) s1.Angle {
	return s.Pose.Heading - physics.Deg(l.DialNotch*float64(s.Rotation))
}

// Base returns the ship's hexagonal base. The flats follow the heading (the
// base's outer ring); only the fire arc turns with the dial.
func (s Ship) Base() physics.Polygon { return physics.Hexagon(s.Pose, s.AcrossFlats) }

// Arc returns the ship's fire arc: the closed cone at its stand, centred on
// its facing.
func (s Ship) Arc(l Limits) physics.Cone {
	return physics.NewCone(s.Pose.Pos, s.Facing(l), physics.Deg(l.FireArcHalfWidth))
}
