package sheet

import (
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"math"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/sketch"
)

// WritePNG writes the setup sheet as one PNG, the pages one above the
// other on white, at ppm pixels per page millimetre (4 gives about 100
// dpi). Each page is drawn on a sketch.PNGCanvas.
func WritePNG(w io.Writer, sc *scenarios.Scenario, comp *assets.Components, ppm float64) error {
	if !(ppm > 0) || ppm > 24 || math.IsInf(ppm, 0) {
		return fmt.Errorf("sheet: %g pixels per millimetre; allowed: more than 0, at most 24", ppm)
	}
	pages := Pages(sc, comp)
	page := physics.Rect{Hi: physics.V(PageWidth, PageHeight)}
	var out *image.NRGBA
	for i, draw1 := range pages {
		c, err := sketch.NewPNGCanvas(page, page, ppm)
		if err != nil {
			return fmt.Errorf("sheet: %w", err)
		}
		draw1(c)
		img := c.Image()
		b := img.Bounds()
		if out == nil {
			out = image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()*len(pages)))
			draw.Draw(out, out.Bounds(), image.NewUniform(color.White), image.Point{}, draw.Src)
		}
		at := image.Rect(0, i*b.Dy(), b.Dx(), (i+1)*b.Dy())
		draw.Draw(out, at, img, b.Min, draw.Over)
		if i > 0 { // a dashed fold line between pages
			for x := 0; x < b.Dx(); x++ {
				if x%10 < 6 {
					out.Set(x, i*b.Dy(), color.NRGBA{0x99, 0x99, 0x99, 0xFF})
				}
			}
		}
	}
	return png.Encode(w, out)
}
