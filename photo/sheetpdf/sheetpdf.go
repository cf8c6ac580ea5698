// Package sheetpdf prints photo mode's calibration sheet (photo.Sheet) as
// a PDF at true scale, for `bsg calibration`. It is apart from package
// photo so that the programs that only read photos (the table view, in
// the browser too) do not carry a PDF writer.
package sheetpdf

import (
	"fmt"
	"io"
	"math"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/starshipbattles/bsg/photo"
)

// Write prints the calibration sheet s on one landscape page of its paper, at true
// scale: the marks, the bar, a 100 mm ruler to check the print, and the
// marks' distances.
func Write(w io.Writer, s photo.Sheet) error {
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
		return fmt.Errorf("sheetpdf: page is %.1f × %.1f mm, want %.1f × %.1f", pw, ph, s.W, s.H)
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
	b := s.Bar()
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
		return fmt.Errorf("sheetpdf: %w", err)
	}
	return pdf.Output(w)
}
