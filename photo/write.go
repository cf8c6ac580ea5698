package photo

import (
	"bytes"
	"fmt"
	"image"
	_ "image/jpeg" // photos from phones
	_ "image/png"
	"math"
	"strconv"
	"strings"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/physics"
)

// Bounds on a photo, from internal/limits: larger files and images are
// refused before decoding.
const (
	MaxPhotoBytes  = limits.PhotoBytes
	MaxPhotoPixels = limits.PhotoPixels
)

// LoadImage reads and decodes a JPEG or PNG photo file, refusing files
// and images beyond MaxPhotoBytes and MaxPhotoPixels before decoding them.
func LoadImage(name string) (image.Image, error) {
	data, err := limits.ReadFileUpTo(name, MaxPhotoBytes)
	if err != nil {
		return nil, err
	}
	return DecodeImage(name, data)
}

// DecodeImage decodes a JPEG or PNG photo already read (an upload in the
// browser), named name in errors, refusing data beyond MaxPhotoBytes and
// images beyond MaxPhotoPixels before decoding them.
func DecodeImage(name string, data []byte) (image.Image, error) {
	if len(data) > MaxPhotoBytes {
		return nil, limits.TooLarge(name, int64(len(data)), MaxPhotoBytes)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: not a JPEG or PNG photo: %v", name, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > MaxPhotoPixels {
		return nil, fmt.Errorf("%s: %d × %d pixels; allowed: at most %d pixels", name, cfg.Width, cfg.Height, MaxPhotoPixels)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	return img, nil
}

// YAML writes the marks as a marks file (FORMAT.md) that ParseMarks reads
// back.
func (mf *Marks) YAML() []byte {
	var b strings.Builder
	b.WriteString("# bsg photo marks (photo/FORMAT.md): pixels from the photo's top-left corner\n")
	fmt.Fprintf(&b, "photo: {width: %d, height: %d}\n", mf.Width, mf.Height)
	fmt.Fprintf(&b, "click_px: %s\nsamples: %d\nseed: %d\n", num(mf.ClickPx), mf.Samples, mf.Seed)
	t := mf.Scene.Table
	fmt.Fprintf(&b, "table: {width: %s, depth: %s}\nthree_d: %t\n", num(t.Width), num(t.Depth), t.ThreeD)
	if s := mf.Sheet; s != nil {
		fmt.Fprintf(&b, "sheet:\n  paper: %s\n", s.Sheet.Paper)
		if s.Placed || s.At != physics.V(t.Width/2, t.Depth/2) || s.Angle != 0 {
			fmt.Fprintf(&b, "  at: [%s, %s]\n  angle: %s\n", num(s.At.X), num(s.At.Y), num(s.Angle))
		}
		if s.Auto {
			b.WriteString("  marks: auto\n")
		} else {
			fmt.Fprintf(&b, "  marks: %s\n", points(s.Pixels[:]))
		}
		fmt.Fprintf(&b, "  mark_px: %s\n", num(s.MarkPx))
	}
	if !mf.Edges {
		b.WriteString("edges: none\n")
	}
	if len(mf.Points) > 0 {
		b.WriteString("points:\n")
		for _, p := range mf.Points {
			fmt.Fprintf(&b, "  - {name: %q, table: %s, pixel: %s}\n", p.Name, point(p.Table), point(p.Pixel))
		}
	}
	var ships, obstacles []string
	for _, o := range mf.Scene.Objects {
		switch o.Kind {
		case ShipKind:
			px := ""
			if o.SigmaPx != mf.ClickPx && o.SigmaPx > 0 {
				px = ", front_px: " + num(o.SigmaPx)
			}
			ships = append(ships, fmt.Sprintf("  - {id: %q, class: %s, front: %s, rotation: %d, level: %d, base_mm: %s%s}\n",
				o.ID, o.Class, points(o.Points), o.Rotation, max(1, o.Level), num(o.AcrossFlats), px))
		case PlanetoidKind:
			obstacles = append(obstacles, fmt.Sprintf("  - {id: %q, kind: planetoid, edge: %s, level: %d}\n", o.ID, points(o.Points), max(1, o.Level)))
		case FieldKind:
			obstacles = append(obstacles, fmt.Sprintf("  - {id: %q, kind: asteroid-field, density: %s, outline: %s, level: %d}\n", o.ID, o.Density, points(o.Points), max(1, o.Level)))
		}
	}
	if len(ships) > 0 {
		b.WriteString("ships:\n" + strings.Join(ships, ""))
	}
	if len(obstacles) > 0 {
		b.WriteString("obstacles:\n" + strings.Join(obstacles, ""))
	}
	return []byte(b.String())
}

func point(p physics.Vec) string { return fmt.Sprintf("[%s, %s]", num(p.X), num(p.Y)) }

func points(ps []physics.Vec) string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = point(p)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func num(v float64) string {
	r := math.Round(v*1000) / 1000
	if r == 0 {
		r = 0
	}
	return strconv.FormatFloat(r, 'f', -1, 64)
}
