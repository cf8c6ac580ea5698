package photo

import (
	"fmt"
	"io"
	"math"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

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

// WritePDF prints the sheet on one landscape page of its paper, at true
// scale: the marks, the bar, a 100 mm ruler to check the print, and the
// marks' distances.
func (s Sheet) WritePDF(w io.Writer) error {
	size := "A4"
	if s.Paper == "letter" {
		size = "Letter"
	}
	pdf := fpdf.New("L", "mm", size, "")
	pdf.SetCompression(true)
	epoch := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(epoch)
	pdf.SetModificationDate(epoch)
	pdf.SetProducer("bsg calibration", true)
	pdf.SetTitle("Starship Battles photo calibration sheet ("+s.Paper+")", true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.AddUTF8FontFromBytes("go", "B", gobold.TTF)
	pdf.AddPage()
	pw, ph := pdf.GetPageSize()
	if math.Abs(pw-s.W) > 0.5 || math.Abs(ph-s.H) > 0.5 {
		return fmt.Errorf("photo: page is %.1f × %.1f mm, want %.1f × %.1f", pw, ph, s.W, s.H)
	}
	// page coordinates: origin top-left, y down
	px := func(x float64) float64 { return s.W/2 + x }
	py := func(y float64) float64 { return s.H/2 - y }
	pdf.SetFillColor(0, 0, 0)
	for i, c := range s.Marks() {
		q := s.Square
		// the two black squares of the checker
		lowerLeftBlack := i != 0
		for _, sq := range [][2]float64{{-q, -q}, {0, 0}, {0, -q}, {-q, 0}} {
			isLL := sq == [2]float64{-q, -q} || sq == [2]float64{0, 0}
			if isLL == lowerLeftBlack {
				pdf.Rect(px(c.X+sq[0]), py(c.Y+sq[1]+q), q, q, "F")
			}
		}
	}
	b := s.bar()
	pdf.Rect(px(b[0]), py(b[3]), b[1]-b[0], b[3]-b[2], "F")
	// text block
	pdf.SetTextColor(0, 0, 0)
	pdf.SetFont("go", "B", 16)
	pdf.SetXY(px(-s.HalfX+s.Square+4), py(s.HalfY-4))
	pdf.CellFormat(2*(s.HalfX-s.Square-4), 8, "Starship Battles: photo calibration sheet", "", 0, "C", false, 0, "")
	pdf.SetFont("go", "", 10)
	lines := []string{
		fmt.Sprintf("Paper %s, printed at 100%% (no \"fit to page\").", s.Paper),
		fmt.Sprintf("Mark centres: %.0f mm apart left to right, %.0f mm bottom to top.", 2*s.HalfX, 2*s.HalfY),
		"Check the ruler below with a real one before you trust a ruling.",
		"Lay the sheet flat on the table, in view, and photograph from above.",
		"bsg photo finds the four marks; you mark the ships' front corners",
		"where the base meets the table.",
	}
	for k, l := range lines {
		pdf.SetXY(px(-s.HalfX+s.Square+4), py(s.HalfY-16-float64(k)*6))
		pdf.CellFormat(2*(s.HalfX-s.Square-4), 5, l, "", 0, "C", false, 0, "")
	}
	// 100 mm ruler, ticks every 10 mm
	y0 := -s.HalfY + 22
	pdf.SetLineWidth(0.3)
	pdf.SetDrawColor(0, 0, 0)
	pdf.Line(px(-50), py(y0), px(50), py(y0))
	for k := 0; k <= 10; k++ {
		h := 3.0
		if k%5 == 0 {
			h = 5
		}
		x := -50 + 10*float64(k)
		pdf.Line(px(x), py(y0), px(x), py(y0+h))
	}
	pdf.SetFont("go", "", 9)
	pdf.SetXY(px(-50), py(y0-1.5))
	pdf.CellFormat(100, 4, "100 mm", "", 0, "C", false, 0, "")
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("photo: %w", err)
	}
	return pdf.Output(w)
}
