package photo

import (
	"math"

	"github.com/starshipbattles/bsg/physics"
)

// Sheet is the printed calibration sheet, in its own frame: millimetres,
// origin at the sheet's centre, x along the long side, y up as the text
// reads (landscape).
//
// Each of its four corner marks is an X-corner: a 2 × 2 checker of black
// squares whose centre is a saddle of the brightness, found in a photo to a
// fraction of a pixel whatever the tilt and blur. The lower-left mark has
// the other diagonal black, and a thick bar runs along the lower edge, so
// a detector tells the four marks apart under any rotation.
type Sheet struct {
	Paper  string  // "a4" or "letter"
	W, H   float64 // the paper, landscape
	HalfX  float64 // the marks' centres are at (±HalfX, ±HalfY)
	HalfY  float64
	Square float64 // the side of a checker square
}

// Papers lists the sheet sizes that can be printed.
var Papers = []string{"a4", "letter"}

// SheetFor returns the sheet for a paper size ("a4" or "letter").
func SheetFor(paper string) (Sheet, bool) {
	switch paper {
	case "a4":
		return Sheet{Paper: "a4", W: 297, H: 210, HalfX: 120, HalfY: 80, Square: 12}, true
	case "letter":
		return Sheet{Paper: "letter", W: 279.4, H: 215.9, HalfX: 115, HalfY: 80, Square: 12}, true
	}
	return Sheet{}, false
}

// Mark names, in the order Marks returns them.
var MarkNames = [4]string{"lower-left", "lower-right", "upper-right", "upper-left"}

// Marks returns the centres of the four marks in the sheet frame:
// lower-left, lower-right, upper-right, upper-left.
func (s Sheet) Marks() [4]physics.Vec {
	return [4]physics.Vec{
		physics.V(-s.HalfX, -s.HalfY), physics.V(s.HalfX, -s.HalfY),
		physics.V(s.HalfX, s.HalfY), physics.V(-s.HalfX, s.HalfY),
	}
}

// bar is the thick bar along the lower edge: x0, x1, y0, y1.
// Bar is the thick bar along the sheet's lower edge: x from, x to, y
// from, y to (mm from the sheet's centre, y up).
func (s Sheet) Bar() [4]float64 { return s.bar() }

func (s Sheet) bar() [4]float64 {
	return [4]float64{-s.HalfX + 3*s.Square, s.HalfX - 3*s.Square, -s.HalfY - 5, -s.HalfY + 5}
}

// Ink returns how much ink the sheet carries at a point of its frame: 1
// black, 0 paper; −1 off the paper. Text is not included (see
// InkCertain).
func (s Sheet) Ink(p physics.Vec) float64 {
	if math.Abs(p.X) > s.W/2 || math.Abs(p.Y) > s.H/2 {
		return -1
	}
	for i, c := range s.Marks() {
		d := p.Sub(c)
		if math.Abs(d.X) < s.Square && math.Abs(d.Y) < s.Square {
			black := (d.X > 0) == (d.Y > 0) // lower-left and upper-right squares
			if i == 0 {
				black = !black
			}
			if black {
				return 1
			}
			return 0
		}
	}
	b := s.bar()
	if p.X > b[0] && p.X < b[1] && p.Y > b[2] && p.Y < b[3] {
		return 1
	}
	return 0
}

// InkCertain reports whether Ink is the sheet's true colour at p and stays
// so within margin mm: on the paper, away from the edges of the marks and
// the bar, and outside the text block in the middle.
func (s Sheet) InkCertain(p physics.Vec, margin float64) bool {
	if math.Abs(p.X) > s.W/2-margin-3 || math.Abs(p.Y) > s.H/2-margin-3 {
		return false
	}
	if math.Abs(p.X) < s.HalfX-s.Square-margin && p.Y > -s.HalfY+5+margin && p.Y < s.HalfY+s.Square+margin {
		return false // the text block
	}
	v := s.Ink(p)
	for _, d := range []physics.Vec{physics.V(margin, 0), physics.V(-margin, 0), physics.V(0, margin), physics.V(0, -margin),
		physics.V(margin, margin), physics.V(-margin, margin), physics.V(margin, -margin), physics.V(-margin, -margin)} {
		if s.Ink(p.Add(d)) != v {
			return false
		}
	}
	return true
}
