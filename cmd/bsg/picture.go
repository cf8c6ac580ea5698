package main

import (
	"bytes"
	"os"

	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/sketch"
)

// drawPictures writes the ruling picture to the PNG and SVG files named
// (either may be empty). pair is the ruled pair, or nil for the whole table.
func drawPictures(ref *referee.Referee, rulings []referee.Ruling, pair *[2]int, png, svg, title string) error {
	opt := sketch.Options{Title: title, Pair: pair, PixelsPerMM: 1}
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
