package sketch

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/golang/geo/s1"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// fontFamily names the Go font first, as the PNG uses it, then common
// fallbacks of similar width.
const fontFamily = "Go, 'DejaVu Sans', Verdana, Arial, sans-serif"

// WriteSVG writes the ruling picture (see Draw) as a standalone SVG
// document. Coordinates are table millimetres with y flipped, so that the
// table's y is up; arcs are true SVG arcs; numbers have two decimals, so the
// same input always gives the same bytes. The nominal size is the page in
// millimetres times Options.PixelsPerMM.
func WriteSVG(w io.Writer, r *referee.Referee, rulings []referee.Ruling, opt Options) error {
	ppm, err := checkOptions(r, opt)
	if err != nil {
		return err
	}
	d := newDrawing(r, rulings, opt)
	return writeSVGDocument(w, d.layout.page, d.layout.view, ppm, d.title, d.draw)
}

// writeSVGDocument writes a standalone SVG document of the page at ppm
// nominal pixels per millimetre: its title, the view as the clip path of
// shapes drawn with Style.Clip, and what draw paints on its canvas.
func writeSVGDocument(w io.Writer, page, view physics.Rect, ppm float64, title string, draw func(Canvas)) error {
	wpx, hpx := pixelSize(page, ppm)
	c := &svgCanvas{page: page}
	b := &c.buf
	fmt.Fprintf(b, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	fmt.Fprintf(b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %s %s\" font-family=\"%s\">\n",
		wpx, hpx, fix(page.Hi.X-page.Lo.X), fix(page.Hi.Y-page.Lo.Y), fontFamily)
	fmt.Fprintf(b, "<title>%s</title>\n", escape(title))
	vx, vy := c.pt(physics.V(view.Lo.X, view.Hi.Y))
	fmt.Fprintf(b, "<defs><clipPath id=\"view\"><rect x=\"%s\" y=\"%s\" width=\"%s\" height=\"%s\"/></clipPath></defs>\n",
		vx, vy, fix(view.Hi.X-view.Lo.X), fix(view.Hi.Y-view.Lo.Y))
	draw(c)
	b.WriteString("</svg>\n")
	_, err := w.Write(b.Bytes())
	return err
}

// svgCanvas writes SVG elements for the shapes drawn on it.
type svgCanvas struct {
	page physics.Rect
	buf  bytes.Buffer
}

// pt returns a table point's SVG coordinates: from the page's upper-left
// corner, y down.
func (c *svgCanvas) pt(v physics.Vec) (string, string) {
	return fix(v.X - c.page.Lo.X), fix(c.page.Hi.Y - v.Y)
}

func (c *svgCanvas) points(pts []physics.Vec) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(' ')
		}
		x, y := c.pt(p)
		b.WriteString(x + "," + y)
	}
	return b.String()
}

// Polygon implements Canvas.
func (c *svgCanvas) Polygon(pts []physics.Vec, s Style) {
	fmt.Fprintf(&c.buf, "<polygon points=\"%s\"%s/>\n", c.points(pts), attrs(s, true))
}

// Polyline implements Canvas.
func (c *svgCanvas) Polyline(pts []physics.Vec, s Style) {
	fmt.Fprintf(&c.buf, "<polyline points=\"%s\"%s/>\n", c.points(pts), attrs(s, false))
}

// Circle implements Canvas.
func (c *svgCanvas) Circle(p physics.Vec, r float64, s Style) {
	x, y := c.pt(p)
	fmt.Fprintf(&c.buf, "<circle cx=\"%s\" cy=\"%s\" r=\"%s\"%s/>\n", x, y, fix(r), attrs(s, true))
}

// Arc implements Canvas.
func (c *svgCanvas) Arc(p physics.Vec, r float64, from, to s1.Angle, s Style) {
	fmt.Fprintf(&c.buf, "<path d=\"%s\"%s/>\n", c.arcPath(p, r, from, to, false), attrs(s, false))
}

// Wedge implements Canvas.
func (c *svgCanvas) Wedge(apex physics.Vec, r float64, from, to s1.Angle, s Style) {
	fmt.Fprintf(&c.buf, "<path d=\"%s\"%s/>\n", c.arcPath(apex, r, from, to, true), attrs(s, true))
}

// arcPath returns path data for the counter-clockwise arc, starting at the
// centre and closed when wedge is set. A counter-clockwise arc in the table
// is counter-clockwise on screen too, which SVG calls sweep-flag 0 since
// its y runs down.
func (c *svgCanvas) arcPath(centre physics.Vec, r float64, from, to s1.Angle, wedge bool) string {
	sweep := sweepOf(from, to)
	var b strings.Builder
	start := centre.Add(physics.Direction(from).Mul(r))
	x, y := c.pt(start)
	if wedge {
		cx, cy := c.pt(centre)
		fmt.Fprintf(&b, "M %s %s L %s %s", cx, cy, x, y)
	} else {
		fmt.Fprintf(&b, "M %s %s", x, y)
	}
	// An SVG arc cannot be a whole circle; split the sweep in halves.
	parts := 1
	if sweep > math.Pi {
		parts = 2
	}
	for k := 1; k <= parts; k++ {
		a := from + s1.Angle(sweep*float64(k)/float64(parts))
		if k == parts {
			a = from + s1.Angle(sweep)
		}
		x, y := c.pt(centre.Add(physics.Direction(a).Mul(r)))
		fmt.Fprintf(&b, " A %s %s 0 0 0 %s %s", fix(r), fix(r), x, y)
	}
	if wedge {
		b.WriteString(" Z")
	}
	return b.String()
}

// Text implements Canvas.
func (c *svgCanvas) Text(at physics.Vec, text string, s TextStyle) {
	x, y := c.pt(at)
	fmt.Fprintf(&c.buf, "<text x=\"%s\" y=\"%s\" font-size=\"%s\"", x, y, fix(s.Size))
	if s.Bold {
		c.buf.WriteString(` font-weight="bold"`)
	}
	switch s.Anchor {
	case Middle:
		c.buf.WriteString(` text-anchor="middle"`)
	case End:
		c.buf.WriteString(` text-anchor="end"`)
	}
	c.buf.WriteString(paint("fill", s.Color))
	if s.Halo {
		fmt.Fprintf(&c.buf, "%s stroke-width=\"%s\" stroke-linejoin=\"round\" paint-order=\"stroke\"",
			paint("stroke", colorWhite), fix(haloWidth*s.Size*2))
	}
	fmt.Fprintf(&c.buf, ">%s</text>\n", escape(text))
}

// haloWidth is how far a text halo reaches beyond the glyphs, in ems.
const haloWidth = 0.12

// attrs returns the presentation attributes of a style.
func attrs(s Style, fillable bool) string {
	var b strings.Builder
	if fillable && s.Fill.A > 0 {
		b.WriteString(paint("fill", s.Fill))
	} else {
		b.WriteString(` fill="none"`)
	}
	if s.Stroke.A > 0 && s.Width > 0 {
		b.WriteString(paint("stroke", s.Stroke))
		linecap := "round"
		if s.FlatCap {
			linecap = "butt"
		}
		fmt.Fprintf(&b, ` stroke-width="%s" stroke-linejoin="round" stroke-linecap="%s"`, fix(s.Width), linecap)
		if len(s.Dash) > 0 {
			d := make([]string, len(s.Dash))
			for i, v := range s.Dash {
				d[i] = fix(v)
			}
			fmt.Fprintf(&b, ` stroke-dasharray="%s"`, strings.Join(d, " "))
		}
	}
	if s.Clip {
		b.WriteString(` clip-path="url(#view)"`)
	}
	return b.String()
}

// paint returns the attribute setting a fill or stroke colour, with its
// opacity when not opaque.
func paint(attr string, c color.NRGBA) string {
	s := fmt.Sprintf(` %s="#%02x%02x%02x"`, attr, c.R, c.G, c.B)
	if c.A < 0xFF {
		s += fmt.Sprintf(` %s-opacity="%s"`, attr, strconv.FormatFloat(float64(c.A)/255, 'f', 3, 64))
	}
	return s
}

// fix formats a length with two decimals, never as "-0.00".
func fix(v float64) string {
	s := strconv.FormatFloat(v, 'f', 2, 64)
	if s == "-0.00" {
		return "0.00"
	}
	return s
}

func escape(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}
