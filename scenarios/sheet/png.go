package sheet

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"github.com/golang/geo/s1"
	"golang.org/x/image/font"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/sketch"
)

// WritePNG writes the setup sheet as one PNG, the pages one above the
// other, at ppm pixels per page millimetre (4 gives about 100 dpi).
func WritePNG(w io.Writer, sc *scenarios.Scenario, ppm float64) error {
	if !(ppm > 0) || ppm > 24 || math.IsInf(ppm, 0) {
		return fmt.Errorf("sheet: %g pixels per millimetre; allowed: more than 0, at most 24", ppm)
	}
	if err := loadFonts(); err != nil {
		return fmt.Errorf("sheet: loading the Go fonts: %w", err)
	}
	pages := Pages(sc)
	wpx := int(math.Ceil(PageWidth * ppm))
	hpx := int(math.Ceil(PageHeight * ppm))
	dc := gg.NewContext(wpx, hpx*len(pages))
	dc.SetColor(color.White)
	dc.Clear()
	for i, page := range pages {
		if i > 0 {
			dc.SetColor(color.NRGBA{0x99, 0x99, 0x99, 0xFF})
			dc.SetLineWidth(1)
			dc.SetDash(6, 4)
			dc.DrawLine(0, float64(i*hpx), float64(wpx), float64(i*hpx))
			dc.Stroke()
		}
		page(&pngCanvas{dc: dc, ppm: ppm, top: float64(i) * PageHeight, faces: map[faceKey]font.Face{}})
	}
	return dc.EncodePNG(w)
}

type faceKey struct {
	size float64
	bold bool
}

// pngCanvas rasterises one page of the sheet with gg: page millimetres, y
// up, the page top top millimetres down the image.
type pngCanvas struct {
	dc    *gg.Context
	ppm   float64
	top   float64
	faces map[faceKey]font.Face
}

func (c *pngCanvas) pt(v physics.Vec) (float64, float64) {
	return v.X * c.ppm, (c.top + PageHeight - v.Y) * c.ppm
}

func (c *pngCanvas) paint(s sketch.Style, fillable bool, trace func()) {
	dc := c.dc
	if fillable && s.Fill.A > 0 {
		trace()
		dc.SetColor(s.Fill)
		dc.Fill()
	}
	if s.Stroke.A > 0 && s.Width > 0 {
		trace()
		dash := make([]float64, len(s.Dash))
		for i, v := range s.Dash {
			dash[i] = v * c.ppm
		}
		dc.SetDash(dash...)
		if s.FlatCap {
			dc.SetLineCapButt()
		} else {
			dc.SetLineCapRound()
		}
		dc.SetLineWidth(math.Max(1, s.Width*c.ppm))
		dc.SetColor(s.Stroke)
		dc.Stroke()
	}
}

func (c *pngCanvas) trace(pts []physics.Vec, closed bool) {
	for i, v := range pts {
		x, y := c.pt(v)
		if i == 0 {
			c.dc.MoveTo(x, y)
		} else {
			c.dc.LineTo(x, y)
		}
	}
	if closed {
		c.dc.ClosePath()
	}
}

// Polygon implements sketch.Canvas.
func (c *pngCanvas) Polygon(pts []physics.Vec, s sketch.Style) {
	c.paint(s, true, func() { c.trace(pts, true) })
}

// Polyline implements sketch.Canvas.
func (c *pngCanvas) Polyline(pts []physics.Vec, s sketch.Style) {
	c.paint(s, false, func() { c.trace(pts, false) })
}

// Circle implements sketch.Canvas.
func (c *pngCanvas) Circle(ctr physics.Vec, r float64, s sketch.Style) {
	x, y := c.pt(ctr)
	c.paint(s, true, func() { c.dc.DrawCircle(x, y, r*c.ppm) })
}

// Arc implements sketch.Canvas.
func (c *pngCanvas) Arc(ctr physics.Vec, r float64, from, to s1.Angle, s sketch.Style) {
	c.Polyline(arcPoints(ctr, r, from, to), s)
}

// Wedge implements sketch.Canvas.
func (c *pngCanvas) Wedge(apex physics.Vec, r float64, from, to s1.Angle, s sketch.Style) {
	c.Polygon(append([]physics.Vec{apex}, arcPoints(apex, r, from, to)...), s)
}

// Text implements sketch.Canvas.
func (c *pngCanvas) Text(at physics.Vec, text string, s sketch.TextStyle) {
	dc := c.dc
	k := faceKey{s.Size * c.ppm, s.Bold}
	face, ok := c.faces[k]
	if !ok {
		f := regular
		if s.Bold {
			f = bold
		}
		face = truetype.NewFace(f, &truetype.Options{Size: k.size, Hinting: font.HintingNone})
		c.faces[k] = face
	}
	dc.SetFontFace(face)
	x, y := c.pt(at)
	ax := 0.0
	switch s.Anchor {
	case sketch.Middle:
		ax = 0.5
	case sketch.End:
		ax = 1
	}
	if s.Halo {
		w, _ := dc.MeasureString(text)
		dc.SetColor(color.NRGBA{0xFF, 0xFF, 0xFF, 0xD9})
		dc.DrawRectangle(x-ax*w-0.3*c.ppm, y-0.78*k.size-0.2*c.ppm, w+0.6*c.ppm, k.size+0.3*c.ppm)
		dc.Fill()
	}
	col := s.Color
	if col == (color.NRGBA{}) {
		col = color.NRGBA{A: 0xFF}
	}
	dc.SetColor(col)
	dc.DrawStringAnchored(text, x, y, ax, 0)
}
