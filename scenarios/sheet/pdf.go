package sheet

import (
	"fmt"
	"image/color"
	"io"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/golang/geo/s1"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/sketch"
)

// mmPerPoint converts a font size in millimetres to points.
const mmPerPoint = 25.4 / 72

// WritePDF writes the setup sheet as a two-page A4 PDF, drawn to true
// proportions (the diagram at the scale it states).
func WritePDF(w io.Writer, sc *scenarios.Scenario, comp *assets.Components) error {
	pdf := fpdf.New("P", "mm", "A4", "")
	pdf.SetCompression(true)
	pdf.SetCatalogSort(true)
	epoch := time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	pdf.SetCreationDate(epoch)
	pdf.SetModificationDate(epoch)
	pdf.SetProducer("bsg scenario sheet", true)
	pdf.SetTitle(sc.Name+": setup sheet", true)
	pdf.SetAutoPageBreak(false, 0)
	pdf.SetMargins(0, 0, 0)
	pdf.AddUTF8FontFromBytes("go", "", goregular.TTF)
	pdf.AddUTF8FontFromBytes("go", "B", gobold.TTF)
	for _, page := range Pages(sc, comp) {
		pdf.AddPage()
		page(&pdfCanvas{pdf: pdf})
	}
	if err := pdf.Error(); err != nil {
		return fmt.Errorf("sheet: %w", err)
	}
	return pdf.Output(w)
}

// pdfCanvas draws on the current PDF page, in page millimetres with y up.
type pdfCanvas struct{ pdf *fpdf.Fpdf }

func (c *pdfCanvas) pt(v physics.Vec) (float64, float64) { return v.X, PageHeight - v.Y }

// fill sets the fill colour and opacity; false when there is no fill.
func (c *pdfCanvas) fill(s sketch.Style) bool {
	if s.Fill.A == 0 {
		return false
	}
	c.pdf.SetFillColor(int(s.Fill.R), int(s.Fill.G), int(s.Fill.B))
	c.pdf.SetAlpha(float64(s.Fill.A)/255, "Normal")
	return true
}

// stroke sets the line style and opacity; false when there is no line.
func (c *pdfCanvas) stroke(s sketch.Style) bool {
	if s.Stroke.A == 0 || s.Width <= 0 {
		return false
	}
	p := c.pdf
	p.SetDrawColor(int(s.Stroke.R), int(s.Stroke.G), int(s.Stroke.B))
	p.SetAlpha(float64(s.Stroke.A)/255, "Normal")
	p.SetLineWidth(s.Width)
	p.SetDashPattern(s.Dash, 0)
	if s.FlatCap {
		p.SetLineCapStyle("butt")
	} else {
		p.SetLineCapStyle("round")
	}
	p.SetLineJoinStyle("round")
	return true
}

func (c *pdfCanvas) path(pts []physics.Vec, closed bool, op string) {
	if len(pts) == 0 {
		return
	}
	p := c.pdf
	x, y := c.pt(pts[0])
	p.MoveTo(x, y)
	for _, v := range pts[1:] {
		x, y := c.pt(v)
		p.LineTo(x, y)
	}
	if closed {
		p.ClosePath()
	}
	p.DrawPath(op)
}

// Polygon implements sketch.Canvas: the fill, then the outline, each with
// its own opacity.
func (c *pdfCanvas) Polygon(pts []physics.Vec, s sketch.Style) {
	if c.fill(s) {
		c.path(pts, true, "F")
	}
	if c.stroke(s) {
		c.path(pts, true, "D")
	}
}

// Polyline implements sketch.Canvas.
func (c *pdfCanvas) Polyline(pts []physics.Vec, s sketch.Style) {
	if c.stroke(s) {
		c.path(pts, false, "D")
	}
}

// Circle implements sketch.Canvas.
func (c *pdfCanvas) Circle(ctr physics.Vec, r float64, s sketch.Style) {
	x, y := c.pt(ctr)
	if c.fill(s) {
		c.pdf.Circle(x, y, r, "F")
	}
	if c.stroke(s) {
		c.pdf.Circle(x, y, r, "D")
	}
}

// Arc implements sketch.Canvas.
func (c *pdfCanvas) Arc(ctr physics.Vec, r float64, from, to s1.Angle, s sketch.Style) {
	c.Polyline(arcPoints(ctr, r, from, to), s)
}

// Wedge implements sketch.Canvas.
func (c *pdfCanvas) Wedge(apex physics.Vec, r float64, from, to s1.Angle, s sketch.Style) {
	c.Polygon(append([]physics.Vec{apex}, arcPoints(apex, r, from, to)...), s)
}

// Text implements sketch.Canvas.
func (c *pdfCanvas) Text(at physics.Vec, text string, s sketch.TextStyle) {
	p := c.pdf
	style := ""
	if s.Bold {
		style = "B"
	}
	p.SetFont("go", style, s.Size/mmPerPoint)
	w := p.GetStringWidth(text)
	x, y := c.pt(at)
	switch s.Anchor {
	case sketch.Middle:
		x -= w / 2
	case sketch.End:
		x -= w
	}
	if s.Halo {
		p.SetAlpha(0.85, "Normal")
		p.SetFillColor(255, 255, 255)
		p.Rect(x-0.3, y-0.78*s.Size-0.2, w+0.6, s.Size+0.3, "F")
	}
	col := s.Color
	if col == (color.NRGBA{}) {
		col = color.NRGBA{A: 0xFF}
	}
	p.SetAlpha(float64(col.A)/255, "Normal")
	p.SetTextColor(int(col.R), int(col.G), int(col.B))
	p.Text(x, y, text)
}
