package phototest

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Trial is a known table photographed by a known camera, with the printed
// sheet lying on it: the truth a test compares the photo package's answer
// with.
type Trial struct {
	Cam        Camera
	Sheet      photo.Sheet
	SheetAt    physics.Vec // the table point under the sheet's centre
	SheetAngle float64     // degrees from the table's x axis to the sheet's
	Truth      referee.Table
	// Bases is how the ships' bases are marked on the photo.
	Bases BaseMarks
}

// BaseMarks is how a rendered ship's base shows its front.
type BaseMarks int

const (
	// ForeStripe: a light stripe along the front flat only.
	ForeStripe BaseMarks = iota
	// RaisedLines: raised lines along the front and the rear flats
	// alike, as on the game's bases (COMPONENTS.md: the "raised lines"
	// are the front and rear flats): the photo shows the line through
	// front and rear, not which end is the front.
	RaisedLines
	// RaisedLinesFore: those lines, the front one's middle half
	// painted white (a player's own fore mark).
	RaisedLinesFore
)

// SheetToTable maps a point of the sheet's frame to the table.
func (tr Trial) SheetToTable(p physics.Vec) physics.Vec {
	return tr.SheetAt.Add(p.Rotate(physics.Deg(tr.SheetAngle)))
}

// RandomTrial draws a 900 × 900 mm table with a Viper and a Raider, the
// Raider within range of the Viper's arc (so the range is measured), an
// A4 sheet somewhere on the table, and a camera of w × h pixels tilted up
// to maxTilt degrees with K1 up to ±maxK1.
func RandomTrial(rng *rand.Rand, comp *assets.Components, w, h int, maxTilt, maxK1 float64) Trial {
	return randomTrial(rng, comp, RandomCamera(rng, w, h, 900, 900, maxTilt, maxK1))
}

// RandomPhoneTrial is RandomTrial taken with a phone: tilted up to 35°,
// its lens's K1 within ±PhoneMaxK1 and a second term in half the cases
// (RandomPhoneCamera).
func RandomPhoneTrial(rng *rand.Rand, comp *assets.Components, w, h int) Trial {
	return randomTrial(rng, comp, RandomPhoneCamera(rng, w, h, 900, 900, 35, PhoneMaxK1))
}

func randomTrial(rng *rand.Rand, comp *assets.Components, cam Camera) Trial {
	sheet, _ := photo.SheetFor("a4")
	tr := Trial{Sheet: sheet, Cam: cam}
	tr.Truth = referee.Table{Width: 900, Depth: 900, Limits: referee.LimitsFrom(comp.Geometry)}
	tr.SheetAt = physics.V(250+400*rng.Float64(), 250+400*rng.Float64())
	tr.SheetAngle = rng.Float64() * 360
	for {
		a := physics.V(100+700*rng.Float64(), 100+700*rng.Float64())
		ha := rng.Float64() * 360
		rot := rng.IntN(3) - 1
		facing := ha - tr.Truth.Limits.DialNotch*float64(rot)
		d := 60 + 200*rng.Float64()
		dir := facing + (rng.Float64()-0.5)*40
		t := a.Add(physics.Direction(physics.Deg(dir)).Mul(d))
		if t.X < 40 || t.X > 860 || t.Y < 40 || t.Y > 860 {
			continue
		}
		tr.Truth.Ships = []referee.Ship{
			{ID: "viper-1", Class: "viper-mk2", Pose: physics.Pose{Pos: a, Heading: physics.Deg(ha)}, Rotation: rot, Level: 1, AcrossFlats: comp.BaseAcrossFlats("viper-mk2")},
			{ID: "raider-1", Class: "cylon-raider", Pose: physics.Pose{Pos: t, Heading: physics.Deg(rng.Float64() * 360)}, Level: 1, AcrossFlats: comp.BaseAcrossFlats("cylon-raider")},
		}
		if !tr.overlapsSheet() {
			return tr
		}
	}
}

// overlapsSheet reports whether a ship stands on the sheet (a player moves
// the sheet aside).
func (tr Trial) overlapsSheet() bool {
	for _, s := range tr.Truth.Ships {
		local := s.Pose.Pos.Sub(tr.SheetAt).Rotate(physics.Deg(-tr.SheetAngle))
		if math.Abs(local.X) < tr.Sheet.W/2+30 && math.Abs(local.Y) < tr.Sheet.H/2+30 {
			return true
		}
	}
	return false
}

// click returns the pixel of a table point with Gaussian click noise.
func (tr Trial) click(rng *rand.Rand, p physics.Vec, sigma float64) physics.Vec {
	px, _ := tr.Cam.Project(p)
	return px.Add(physics.V(rng.NormFloat64()*sigma, rng.NormFloat64()*sigma))
}

// SheetMarks returns the sheet's four marks clicked with noise sigma
// (pixels), with the table positions the marks file would give them.
func (tr Trial) SheetMarks(rng *rand.Rand, sigma float64) []photo.Mark {
	var ms []photo.Mark
	for i, p := range tr.Sheet.Marks() {
		ms = append(ms, photo.Mark{Name: "sheet " + photo.MarkNames[i], Pixel: tr.click(rng, tr.SheetToTable(p), sigma),
			Table: tr.SheetToTable(p), SigmaPx: sigma})
	}
	return ms
}

// CornerMarks returns the play area's four corners clicked with noise.
func (tr Trial) CornerMarks(rng *rand.Rand, sigma float64) []photo.Mark {
	var ms []photo.Mark
	for i, p := range []physics.Vec{physics.V(0, 0), physics.V(tr.Truth.Width, 0), physics.V(tr.Truth.Width, tr.Truth.Depth), physics.V(0, tr.Truth.Depth)} {
		ms = append(ms, photo.Mark{Name: "corner " + photo.MarkNames[i], Pixel: tr.click(rng, p, sigma), Table: p, SigmaPx: sigma})
	}
	return ms
}

// EdgeMidMarks returns the midpoints of the play area's four edges
// (bottom, right, top, left) clicked with noise: with the corners, the
// 8 marks of a calibration without the sheet.
func (tr Trial) EdgeMidMarks(rng *rand.Rand, sigma float64) []photo.Mark {
	w, d := tr.Truth.Width, tr.Truth.Depth
	var ms []photo.Mark
	for i, p := range []physics.Vec{physics.V(w/2, 0), physics.V(w, d/2), physics.V(w/2, d), physics.V(0, d/2)} {
		ms = append(ms, photo.Mark{Name: []string{"bottom", "right", "top", "left"}[i] + " edge middle", Pixel: tr.click(rng, p, sigma), Table: p, SigmaPx: sigma})
	}
	return ms
}

// Scene returns the ships marked as a user marks them: the two corners of
// each base's front flat, clicked with noise sigma.
func (tr Trial) Scene(rng *rand.Rand, sigma float64) *photo.Scene {
	sc := &photo.Scene{Table: referee.Table{Width: tr.Truth.Width, Depth: tr.Truth.Depth, Limits: tr.Truth.Limits}}
	for _, s := range tr.Truth.Ships {
		hex := physics.Hexagon(s.Pose, s.AcrossFlats)
		sc.Objects = append(sc.Objects, photo.Object{ID: s.ID, Kind: photo.ShipKind, Class: s.Class, Rotation: s.Rotation,
			Level: s.Level, AcrossFlats: s.AcrossFlats, SigmaPx: sigma,
			Points: []physics.Vec{tr.click(rng, hex[1], sigma), tr.click(rng, hex[0], sigma)}})
	}
	return sc
}

// Crowd adds ships more ships of the given classes (drawn in turn) and
// planetoids round planetoids (radius 15 to 40 mm) to the trial's table,
// each clear of the others and of the sheet by 10 mm and 40 mm inside the
// play area: a table to find bases on among other things.
func (tr *Trial) Crowd(rng *rand.Rand, comp *assets.Components, classes []string, ships, planetoids int) {
	anywhere := func() physics.Vec {
		return physics.V(tr.Truth.Width*rng.Float64(), tr.Truth.Depth*rng.Float64())
	}
	tr.crowd(rng, comp, classes, ships, anywhere, func(physics.Vec) float64 { return rng.Float64() * 360 }, false)
	for i := 0; i < planetoids; {
		r := 15 + 25*rng.Float64()
		p := anywhere()
		if !tr.clear(p, r) {
			continue
		}
		tr.Truth.Obstacles = append(tr.Truth.Obstacles, referee.Obstacle{ID: fmt.Sprintf("planetoid-%d", i+1), Kind: referee.Planetoid,
			Circle: physics.Circle{C: p, R: r}, Level: 1})
		i++
	}
}

// CrowdNear adds ships more ships of the given classes (drawn in turn)
// within reach mm of the first ship's stand, each clear of the others
// and of the sheet by 10 mm and 40 mm inside the play area, facing
// within 90° of the first ship (into the fight) with the dial turned a
// notch either way or not: a dogfight where most pairs of ships are
// within range of each other, about the band limits, the arcs' edges
// and each other's line of sight (rulings to bet on). It gives up on a
// ship it cannot place in 1,000 draws.
func (tr *Trial) CrowdNear(rng *rand.Rand, comp *assets.Components, classes []string, ships int, reach float64) {
	at := tr.Truth.Ships[0].Pose.Pos
	near := func() physics.Vec {
		return at.Add(physics.Direction(physics.Deg(360 * rng.Float64())).Mul(reach * math.Sqrt(rng.Float64())))
	}
	facing := func(p physics.Vec) float64 {
		return at.Sub(p).Angle().Degrees() + 180*(rng.Float64()-0.5)
	}
	tr.crowd(rng, comp, classes, ships, near, facing, true)
}

// crowd adds ships ships at places drawn from at, facing the headings
// (degrees) drawn from heading (see Crowd, CrowdNear); turned draws
// each one's dial notch.
func (tr *Trial) crowd(rng *rand.Rand, comp *assets.Components, classes []string, ships int, at func() physics.Vec, heading func(physics.Vec) float64, turned bool) {
	for i, tries := 0, 0; i < ships; {
		cl := classes[i%len(classes)]
		a := comp.BaseAcrossFlats(cl)
		p := at()
		if !tr.clear(p, a/math.Sqrt(3)) {
			if tries++; turned && tries > 1000 {
				return
			}
			continue
		}
		s := referee.Ship{ID: fmt.Sprintf("%s-%d", cl, i+2), Class: cl,
			Pose: physics.Pose{Pos: p, Heading: physics.Deg(heading(p))}, Level: 1, AcrossFlats: a}
		if turned {
			s.Rotation = rng.IntN(3) - 1
		}
		tr.Truth.Ships = append(tr.Truth.Ships, s)
		i, tries = i+1, 0
	}
}

// clear reports whether a round thing of radius r at p stands 40 mm
// inside the play area and 10 mm clear of the sheet, the ships and the
// obstacles.
func (tr *Trial) clear(p physics.Vec, r float64) bool {
	if p.X < r+40 || p.Y < r+40 || p.X > tr.Truth.Width-r-40 || p.Y > tr.Truth.Depth-r-40 {
		return false
	}
	local := p.Sub(tr.SheetAt).Rotate(physics.Deg(-tr.SheetAngle))
	if math.Abs(local.X) < tr.Sheet.W/2+r+10 && math.Abs(local.Y) < tr.Sheet.H/2+r+10 {
		return false
	}
	for _, s := range tr.Truth.Ships {
		if s.Pose.Pos.Dist(p) < r+s.AcrossFlats/math.Sqrt(3)+10 {
			return false
		}
	}
	for _, o := range tr.Truth.Obstacles {
		if o.Circle.C.Dist(p) < r+o.Circle.R+10 {
			return false
		}
	}
	return true
}
