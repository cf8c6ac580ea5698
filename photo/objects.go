package photo

import (
	"fmt"
	"math"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Kind is what an Object's marks outline.
type Kind string

// The kinds of marked objects.
const (
	ShipKind      Kind = "ship"
	PlanetoidKind Kind = "planetoid"
	FieldKind     Kind = "asteroid-field"
)

// Object is a ship or an obstacle marked on the photo. Points are pixels:
//   - a ship: the two corners of its base's front flat where the base meets
//     the table, left then right as seen from behind the ship looking
//     forward; the base's size gives the rest of the pose;
//   - a planetoid: three points of its edge;
//   - an asteroid field: its outline, three or more points in order.
type Object struct {
	ID      string
	Kind    Kind
	Points  []physics.Vec
	SigmaPx float64 // how precisely the points were clicked
	// ships
	Class       string
	Rotation    int
	AcrossFlats float64
	// all
	Level   int
	Density referee.Density // asteroid fields
}

// FlatTolerance is how far (mm) a ship's marked front flat may differ from
// its base's side, beyond what the click precision explains, before the
// marks are called misplaced (a proposal: printed bases vary by about 1 mm).
const FlatTolerance = 1.5

// Scene is everything marked on one photo.
type Scene struct {
	Table   referee.Table // size, three_d and limits; ships and obstacles are filled in
	Objects []Object
}

// Build maps the objects' points (pts[i] for Objects[i]) to the table with
// the model and returns the table they describe.
func (sc *Scene) Build(m Model, pts [][]physics.Vec) (referee.Table, error) {
	t := sc.Table
	t.Ships = nil
	t.Obstacles = nil
	for i, o := range sc.Objects {
		q := make([]physics.Vec, len(pts[i]))
		for k, p := range pts[i] {
			v, ok := m.ToTable(p)
			if !ok {
				return t, unusable("%s: point %d is beyond the table's horizon", o.ID, k+1)
			}
			q[k] = v
		}
		switch o.Kind {
		case ShipKind:
			t.Ships = append(t.Ships, referee.Ship{ID: o.ID, Class: o.Class, Pose: ShipPose(q[0], q[1], o.AcrossFlats),
				Rotation: o.Rotation, Level: o.Level, AcrossFlats: o.AcrossFlats})
		case PlanetoidKind:
			c, ok := Circumcircle(q[0], q[1], q[2])
			if !ok {
				return t, unusable("%s: the three edge points are (nearly) on one line; mark three points spread around its edge", o.ID)
			}
			t.Obstacles = append(t.Obstacles, referee.Obstacle{ID: o.ID, Kind: referee.Planetoid, Circle: c, Level: o.Level})
		case FieldKind:
			poly := physics.Polygon(q)
			if err := poly.Validate(); err != nil {
				return t, unusable("%s: the outline is not a simple polygon (%v); mark its points in order around it", o.ID, err)
			}
			t.Obstacles = append(t.Obstacles, referee.Obstacle{ID: o.ID, Kind: referee.AsteroidField, Polygon: poly, Density: o.Density, Level: o.Level})
		}
	}
	return t, nil
}

// ShipPose returns the pose of a ship whose base's front flat runs from
// left to right (table points, as seen from behind the ship): the heading
// is the flat's outward normal and the stand lies half the base's size
// behind the flat's midpoint (Quick Start: Forward movement).
func ShipPose(left, right physics.Vec, acrossFlats float64) physics.Pose {
	n := right.Sub(left).Perp().Unit()
	mid := left.Lerp(right, 0.5)
	return physics.Pose{Pos: mid.Sub(n.Mul(acrossFlats / 2)), Heading: n.Angle()}
}

// TurnShip returns the ship mark o turned half a turn on its stand: its
// front corners moved, through the model m, to the corners of the flat
// opposite (the rear flat as marked), the stand unmoved and the corners'
// precision kept. It is how a player takes the other end of a base whose
// front and rear lines look alike on the photo (Base.AxisKnown without
// ForeKnown), or a front marked on the wrong flat.
func TurnShip(m Model, o Object) (Object, error) {
	if o.Kind != ShipKind || len(o.Points) != 2 {
		return o, unusable("%s: only a ship's two front corners turn", o.ID)
	}
	l, okl := m.ToTable(o.Points[0])
	r, okr := m.ToTable(o.Points[1])
	if !okl || !okr {
		return o, unusable("%s: a corner is beyond the table's horizon", o.ID)
	}
	pose := ShipPose(l, r, o.AcrossFlats)
	pose.Heading += math.Pi
	hex := physics.HexagonCorners(pose, o.AcrossFlats)
	out := o
	out.Points = nil
	for _, c := range []physics.Vec{hex[1], hex[0]} {
		px, ok := m.ToPixel(c)
		if !ok {
			return o, unusable("%s: the rear flat is beyond the table's horizon", o.ID)
		}
		out.Points = append(out.Points, px)
	}
	return out, nil
}

// Circumcircle returns the circle through three points; false when they
// are (nearly) on one line.
func Circumcircle(a, b, c physics.Vec) (physics.Circle, bool) {
	ab, ac := b.Sub(a), c.Sub(a)
	d := 2 * ab.Cross(ac)
	scale := math.Max(ab.Norm2(), ac.Norm2())
	if math.Abs(d) < 1e-3*scale {
		return physics.Circle{}, false
	}
	ux := (ac.Y*ab.Norm2() - ab.Y*ac.Norm2()) / d
	uy := (ab.X*ac.Norm2() - ac.X*ab.Norm2()) / d
	o := physics.V(ux, uy)
	return physics.Circle{C: a.Add(o), R: o.Norm()}, true
}

// checkFlat refuses a ship whose marked front flat is not as long as its
// base's side, beyond what the click precision and FlatTolerance explain.
func checkFlat(o Object, m Model, sigmaPx float64) error {
	a, _ := m.ToTable(o.Points[0])
	b, _ := m.ToTable(o.Points[1])
	want := o.AcrossFlats / math.Sqrt(3)
	got := a.Dist(b)
	big, small := m.Scale(o.Points[0])
	sigmaLen := sigmaPx * math.Sqrt(big*small) * math.Sqrt2
	if math.Abs(got-want) > FlatTolerance+4.5*sigmaLen {
		return unusable("%s: the marked front flat is %.1f mm long, but a %s base's flat is %.1f mm: mark the two corners of the front flat, where the base meets the table",
			o.ID, got, o.Class, want)
	}
	return nil
}

// Validate checks the objects' shapes: point counts and ids.
func (sc *Scene) Validate() error {
	seen := map[string]bool{}
	for _, o := range sc.Objects {
		if seen[o.ID] {
			return fmt.Errorf("photo: duplicate id %q", o.ID)
		}
		seen[o.ID] = true
		want := map[Kind]int{ShipKind: 2, PlanetoidKind: 3}[o.Kind]
		if (want > 0 && len(o.Points) != want) || (o.Kind == FieldKind && len(o.Points) < 3) {
			return fmt.Errorf("photo: %s: %d points for a %s", o.ID, len(o.Points), o.Kind)
		}
	}
	return nil
}
