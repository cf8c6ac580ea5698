package sketch

import (
	"fmt"
	"image"
	"io"
	"math"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/truetype"
	"github.com/golang/geo/s1"
	"golang.org/x/image/font"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// MaxPixels is the largest PNG, in pixels, that WritePNG makes.
const MaxPixels = limits.SketchPixels

// WritePNG writes the ruling picture (see Draw) as a PNG of the page at
// Options.PixelsPerMM, rasterised with antialiasing and the Go fonts. The
// same input always gives the same bytes.
func WritePNG(w io.Writer, r *referee.Referee, rulings []referee.Ruling, opt Options) error {
	ppm, err := checkOptions(r, opt)
	if err != nil {
		return err
	}
	d := newDrawing(r, rulings, opt)
	c, err := NewPNGCanvas(d.layout.page, d.layout.view, ppm)
	if err != nil {
		return err
	}
	d.draw(c)
	return c.dc.EncodePNG(w)
}

// NewPNGCanvas returns a transparent canvas of the page at ppm
// pixels per millimetre (a Canvas that rasterises with gg, y up), with the view as the clip rectangle of shapes
// drawn with Style.Clip; an error if the fonts do not load or the picture
// would have more than MaxPixels pixels.
func NewPNGCanvas(page, view physics.Rect, ppm float64) (*PNGCanvas, error) {
	f, err := loadFonts()
	if err != nil {
		return nil, fmt.Errorf("sketch: loading the Go fonts: %w", err)
	}
	wpx, hpx := pixelSize(page, ppm)
	if float64(wpx)*float64(hpx) > MaxPixels {
		return nil, fmt.Errorf("sketch: a %d × %d pixel picture is too large (at most %d pixels); lower the pixels per millimetre", wpx, hpx, MaxPixels)
	}
	return &PNGCanvas{
		dc: gg.NewContext(wpx, hpx), page: page, view: view,
		ppm: ppm, fonts: f, faces: map[faceKey]font.Face{},
	}, nil
}

// PNGCanvas is a Canvas that rasterises the shapes drawn on it with gg,
// antialiased, with the Go fonts; Image returns the picture.
type PNGCanvas struct {
	dc         *gg.Context
	page, view physics.Rect
	ppm        float64
	fonts      *fonts
	faces      map[faceKey]font.Face
}

type faceKey struct {
	size float64
	bold bool
}

// pt returns a table point's pixel coordinates: from the image's upper-left
// corner, y down.
func (c *PNGCanvas) pt(v physics.Vec) (float64, float64) {
	return (v.X - c.page.Lo.X) * c.ppm, (c.page.Hi.Y - v.Y) * c.ppm
}

// paint fills and strokes the path that trace builds, each time anew since
// gg clears the path after painting.
func (c *PNGCanvas) paint(s Style, fillable bool, trace func()) {
	dc := c.dc
	if s.Clip {
		x0, y0 := c.pt(physics.V(c.view.Lo.X, c.view.Hi.Y))
		x1, y1 := c.pt(physics.V(c.view.Hi.X, c.view.Lo.Y))
		dc.DrawRectangle(x0, y0, x1-x0, y1-y0)
		dc.Clip()
		defer dc.ResetClip()
	}
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
		dc.SetLineWidth(s.Width * c.ppm)
		dc.SetColor(s.Stroke)
		dc.Stroke()
	}
}

func (c *PNGCanvas) trace(pts []physics.Vec, closed bool) {
	for i, p := range pts {
		x, y := c.pt(p)
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

// arcPoints returns points along the counter-clockwise arc, about one per
// degree and never more than two pixels apart.
func (c *PNGCanvas) arcPoints(centre physics.Vec, r float64, from, to s1.Angle) []physics.Vec {
	sweep := sweepOf(from, to)
	n := int(math.Ceil(math.Max(sweep*180/math.Pi, sweep*r*c.ppm/2)))
	n = max(n, 2)
	pts := make([]physics.Vec, n+1)
	for k := 0; k <= n; k++ {
		a := from + s1.Angle(sweep*float64(k)/float64(n))
		pts[k] = centre.Add(physics.Direction(a).Mul(r))
	}
	return pts
}

// Polygon implements Canvas.
func (c *PNGCanvas) Polygon(pts []physics.Vec, s Style) {
	c.paint(s, true, func() { c.trace(pts, true) })
}

// Polyline implements Canvas.
func (c *PNGCanvas) Polyline(pts []physics.Vec, s Style) {
	c.paint(s, false, func() { c.trace(pts, false) })
}

// Circle implements Canvas.
func (c *PNGCanvas) Circle(p physics.Vec, r float64, s Style) {
	x, y := c.pt(p)
	c.paint(s, true, func() { c.dc.DrawCircle(x, y, r*c.ppm) })
}

// Arc implements Canvas.
func (c *PNGCanvas) Arc(p physics.Vec, r float64, from, to s1.Angle, s Style) {
	pts := c.arcPoints(p, r, from, to)
	c.paint(s, false, func() { c.trace(pts, false) })
}

// Wedge implements Canvas.
func (c *PNGCanvas) Wedge(apex physics.Vec, r float64, from, to s1.Angle, s Style) {
	pts := append([]physics.Vec{apex}, c.arcPoints(apex, r, from, to)...)
	c.paint(s, true, func() { c.trace(pts, true) })
}

// Text implements Canvas.
func (c *PNGCanvas) Text(at physics.Vec, text string, s TextStyle) {
	dc := c.dc
	dc.SetFontFace(c.face(s))
	x, y := c.pt(at)
	ax := 0.0
	switch s.Anchor {
	case Middle:
		ax = 0.5
	case End:
		ax = 1
	}
	if s.Halo {
		dc.SetColor(colorWhite)
		r := math.Max(1, haloWidth*s.Size*c.ppm)
		for k := 0; k < 16; k++ {
			a := float64(k) * math.Pi / 8
			dc.DrawStringAnchored(text, x+r*math.Cos(a), y+r*math.Sin(a), ax, 0)
		}
	}
	dc.SetColor(s.Color)
	dc.DrawStringAnchored(text, x, y, ax, 0)
}

func (c *PNGCanvas) face(s TextStyle) font.Face {
	k := faceKey{s.Size * c.ppm, s.Bold}
	if f, ok := c.faces[k]; ok {
		return f
	}
	tf := c.fonts.regular
	if s.Bold {
		tf = c.fonts.bold
	}
	f := truetype.NewFace(tf, &truetype.Options{Size: k.size, Hinting: font.HintingNone})
	c.faces[k] = f
	return f
}

// Image returns the picture drawn so far.
func (c *PNGCanvas) Image() image.Image { return c.dc.Image() }
