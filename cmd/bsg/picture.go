package main

import (
	"bytes"
	"math"
	"os"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/sketch"
)

// drawPictures writes the ruling picture to the PNG and SVG files named
// (either may be empty). pair is the ruled pair, or nil for the whole table.
func drawPictures(ref *referee.Referee, rulings []referee.Ruling, pair *[2]int, png, svg, title string) error {
	opt := sketch.Options{Title: title, Pair: pair, PixelsPerMM: pictureScale(ref.Table())}
	for _, out := range []struct {
		file  string
		write func(*bytes.Buffer) error
	}{
		{png, func(b *bytes.Buffer) error { return sketch.WritePNG(b, ref, rulings, opt) }},
		{svg, func(b *bytes.Buffer) error { return sketch.WriteSVG(b, ref, rulings, opt) }},
	} {
		if out.file == "" {
			continue
		}
		var buf bytes.Buffer
		if err := out.write(&buf); err != nil {
			return err
		}
		if err := os.WriteFile(out.file, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// pictureScale returns the pixels per millimetre of the ruling picture:
// 1, or less for a table whose picture would exceed limits.PicturePixels.
func pictureScale(t referee.Table) float64 {
	lo, hi := physics.V(0, 0), physics.V(t.Width, t.Depth)
	grow := func(p physics.Vec, r float64) {
		lo = physics.V(min(lo.X, p.X-r), min(lo.Y, p.Y-r))
		hi = physics.V(max(hi.X, p.X+r), max(hi.Y, p.Y+r))
	}
	for _, s := range t.Ships {
		grow(s.Pose.Pos, s.AcrossFlats+300) // the arc and the label
	}
	for _, o := range t.Obstacles {
		grow(o.Circle.C, o.Circle.R)
		for _, v := range o.Polygon {
			grow(v, 0)
		}
	}
	area := (hi.X - lo.X + 200) * (hi.Y - lo.Y + 300) // margins and title
	if area <= limits.PicturePixels {
		return 1
	}
	return math.Sqrt(limits.PicturePixels / area)
}
