package phototest

import (
	"image"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Look is how a rendered photo is spoiled: Gaussian blur (pixels, one
// standard deviation), Gaussian noise (out of 255) and uneven light (the
// brightness falls by up to this share towards one side).
type Look struct {
	BlurPx   float64
	Noise    float64
	Vignette float64
	// LightDeg turns the uneven light: the brightness falls by Vignette
	// along this direction of the photo (0: from left to right).
	LightDeg float64
	// Falloff darkens the photo's corners by this share (a phone lens's
	// vignetting), smoothly from the centre.
	Falloff float64
	Seed    uint64
}

// RandomLook draws a phone photo's faults: blur of 0.5 to 2 px, noise of
// 2 to 8 levels, light falling by up to 40% across the table from any
// side, and corners up to 30% darker.
func RandomLook(rng *rand.Rand) Look {
	return Look{BlurPx: 0.5 + 1.5*rng.Float64(), Noise: 2 + 6*rng.Float64(), Vignette: 0.4 * rng.Float64(),
		LightDeg: 360 * rng.Float64(), Falloff: 0.3 * rng.Float64(), Seed: rng.Uint64()}
}

// light returns the brightness factor at pixel (x, y) of a w × h photo.
func (l Look) light(x, y, w, h float64) float64 {
	if l.Vignette == 0 && l.Falloff == 0 {
		return 1
	}
	u, v := x/w-0.5, y/h-0.5
	s, c := math.Sincos(l.LightDeg * math.Pi / 180)
	along := (u*c + v*s) / (math.Abs(c)/2 + math.Abs(s)/2 + 1e-12) // −1..1 across the photo
	r2 := (u*u + v*v) * 2                                          // 1 at the corners
	return (1 - l.Vignette*(along+1)/2) * (1 - l.Falloff*r2)
}

// hash returns a pseudo-random value in [0, 1) for integer coordinates:
// the mat's stars and the floor's grain, fixed to the table.
func hash(x, y int64) float64 {
	h := uint64(x)*0x9E3779B97F4A7C15 ^ uint64(y)*0xC2B2AE3D27D4EB4F
	h ^= h >> 29
	h *= 0xBF58476D1CE4E5B9
	h ^= h >> 32
	return float64(h>>11) / (1 << 53)
}

// shade returns the brightness (0..1) of the table point p: the floor
// around the table, the starry mat, the sheet with its marks, bar and
// lines of text, planetoids and the ships' bases with a white front flat.
func (tr Trial) shade(p physics.Vec) float64 {
	t := tr.Truth
	for _, s := range t.Ships {
		if s.Pose.Pos.Sub(p).Norm2() > s.AcrossFlats*s.AcrossFlats {
			continue
		}
		local := s.Pose.ToLocal(p)
		r := s.AcrossFlats / 2
		if inHex(local, r) {
			switch {
			case tr.Bases == ForeStripe && local.X > r-1.5:
				return 0.9 // the front flat's stripe
			case tr.Bases != ForeStripe && local.X > r-1.5:
				if tr.Bases == RaisedLinesFore && math.Abs(local.Y) < s.AcrossFlats/math.Sqrt(3)/4 {
					return 0.95 // white paint on the front line's middle half
				}
				return 0.7 // the front flat's raised line
			case tr.Bases != ForeStripe && local.X < -r+1.5:
				return 0.7 // the rear flat's raised line, like the front's
			}
			if math.Abs(local.Y) < 4 && local.X > -r+4 && local.X < r-6 {
				return 0.6 // the ship on its stand
			}
			return 0.3
		}
	}
	for _, o := range t.Obstacles {
		if o.Kind == referee.Planetoid && o.Circle.C.Dist(p) < o.Circle.R {
			return 0.5 + 0.1*hash(int64(p.X/3), int64(p.Y/3))
		}
	}
	local := p.Sub(tr.SheetAt).Rotate(physics.Deg(-tr.SheetAngle))
	if ink := tr.Sheet.Ink(local); ink >= 0 {
		s := tr.Sheet
		if math.Abs(local.X) < s.HalfX-s.Square-6 && local.Y > -s.HalfY+12 && local.Y < s.HalfY-4 {
			// lines of text: 3 mm high, every 6 mm, broken into words
			if math.Mod(local.Y+200, 6) < 3 && hash(int64((local.X+200)/7), int64((local.Y+200)/6)) < 0.8 && math.Mod(local.X+200, 7) > 1 {
				return 0.35
			}
		}
		return 0.92 - 0.87*ink
	}
	if p.X < 0 || p.Y < 0 || p.X > t.Width || p.Y > t.Depth {
		return 0.45 + 0.1*hash(int64(p.X/2), int64(p.Y/2))
	}
	if hash(int64(p.X), int64(p.Y)) > 0.995 {
		return 0.8 // a star
	}
	return 0.1
}

// hexNormals are the outward normals of a base's flats in its own frame.
var hexNormals = func() [6]physics.Vec {
	var ns [6]physics.Vec
	for k := range ns {
		ns[k] = physics.Direction(physics.Deg(60 * float64(k)))
	}
	return ns
}()

// inHex reports whether a point of a base's own frame (x forward) lies in
// a regular hexagon with flats at ±r along x.
func inHex(q physics.Vec, r float64) bool {
	for _, n := range hexNormals {
		if q.Dot(n) > r {
			return false
		}
	}
	return true
}

// Render draws the photo the trial's camera takes, 2 × 2 samples a pixel
// (rows shaded in parallel), then blurs it and adds noise (seeded: the
// same trial and look give the same photo).
func (tr Trial) Render(look Look) *image.Gray {
	c := tr.Cam
	w, h := c.W, c.H
	buf := make([]float64, w*h)
	// rows in parallel: every pixel depends on nothing but its position
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for k := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for y := k; y < h; y += workers {
				tr.renderRow(buf[y*w:(y+1)*w], y, look)
			}
		}()
	}
	wg.Wait()
	if look.BlurPx > 0 {
		buf = gaussian(buf, w, h, look.BlurPx)
	}
	rng := rand.New(rand.NewPCG(look.Seed, 2))
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i, v := range buf {
		v = v*255 + rng.NormFloat64()*look.Noise
		img.Pix[i] = uint8(math.Max(0, math.Min(255, math.Round(v))))
	}
	return img
}

// renderRow shades row y of the photo, 2 × 2 samples a pixel.
func (tr Trial) renderRow(row []float64, y int, look Look) {
	tr.renderSpan(row, y, 0, tr.Cam.W, look)
}

// renderSpan shades the pixels x0 ≤ x < x1 of row y.
func (tr Trial) renderSpan(row []float64, y, x0, x1 int, look Look) {
	c := tr.Cam
	w := c.W
	for x := x0; x < x1; x++ {
		sum := 0.0
		for _, d := range [4][2]float64{{0.25, 0.25}, {0.75, 0.25}, {0.25, 0.75}, {0.75, 0.75}} {
			if p, ok := c.Unproject(physics.V(float64(x)+d[0]-0.5, float64(y)+d[1]-0.5)); ok {
				sum += tr.shade(p)
			}
		}
		row[x] = sum / 4 * look.light(float64(x), float64(y), float64(w), float64(c.H))
	}
}

func gaussian(src []float64, w, h int, sigma float64) []float64 {
	r := int(math.Ceil(3 * sigma))
	k := make([]float64, 2*r+1)
	sum := 0.0
	for i := -r; i <= r; i++ {
		k[i+r] = math.Exp(-float64(i*i) / (2 * sigma * sigma))
		sum += k[i+r]
	}
	for i := range k {
		k[i] /= sum
	}
	clamp := func(v, hi int) int { return min(max(v, 0), hi-1) }
	tmp := make([]float64, len(src))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0.0
			for i := -r; i <= r; i++ {
				s += k[i+r] * src[y*w+clamp(x+i, w)]
			}
			tmp[y*w+x] = s
		}
	}
	out := make([]float64, len(src))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			s := 0.0
			for i := -r; i <= r; i++ {
				s += k[i+r] * tmp[clamp(y+i, h)*w+x]
			}
			out[y*w+x] = s
		}
	}
	return out
}

// RenderAround draws only the parts of the photo within radius mm of the
// given table points (the rest stays black), blurred and noisy like
// Render: what a test of snapping needs from a 12-megapixel photo, at a
// small part of the cost.
func (tr Trial) RenderAround(look Look, centres []physics.Vec, radius float64) *image.Gray {
	c := tr.Cam
	img := image.NewGray(image.Rect(0, 0, c.W, c.H))
	rng := rand.New(rand.NewPCG(look.Seed, 3))
	pad := int(math.Ceil(3*look.BlurPx)) + 2
	for _, p := range centres {
		x0, y0, x1, y1 := c.W, c.H, 0, 0
		for k := range 32 {
			px, ok := c.Project(p.Add(physics.Direction(physics.Deg(11.25 * float64(k))).Mul(radius)))
			if !ok {
				continue
			}
			x0, y0 = min(x0, int(px.X)-pad), min(y0, int(px.Y)-pad)
			x1, y1 = max(x1, int(px.X)+pad+1), max(y1, int(px.Y)+pad+1)
		}
		x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, c.W), min(y1, c.H)
		if x1 <= x0 || y1 <= y0 {
			continue
		}
		w, h := x1-x0, y1-y0
		buf := make([]float64, w*h)
		row := make([]float64, c.W)
		for y := y0; y < y1; y++ {
			tr.renderSpan(row, y, x0, x1, look)
			copy(buf[(y-y0)*w:(y-y0+1)*w], row[x0:x1])
		}
		if look.BlurPx > 0 {
			buf = gaussian(buf, w, h, look.BlurPx)
		}
		for y := y0 + pad; y < y1-pad; y++ {
			for x := x0 + pad; x < x1-pad; x++ {
				v := buf[(y-y0)*w+x-x0]*255 + rng.NormFloat64()*look.Noise
				img.Pix[y*img.Stride+x] = uint8(math.Max(0, math.Min(255, math.Round(v))))
			}
		}
	}
	return img
}

// RenderNear draws only the pixels within bandPx of where the given table
// points show (the rest stays black), blurred and noisy like Render: the
// play area's edges for a plumb-line calibration, at a part of the cost
// of the whole photo.
func (tr Trial) RenderNear(look Look, pts []physics.Vec, bandPx float64) *image.Gray {
	c := tr.Cam
	w, h := c.W, c.H
	mask := make([]bool, w*h)
	b := int(math.Ceil(bandPx))
	for _, p := range pts {
		px, ok := c.Project(p)
		if !ok {
			continue
		}
		x0, y0 := max(int(px.X)-b, 0), max(int(px.Y)-b, 0)
		x1, y1 := min(int(px.X)+b+1, w), min(int(px.Y)+b+1, h)
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				mask[y*w+x] = true
			}
		}
	}
	buf := make([]float64, w*h)
	var wg sync.WaitGroup
	workers := runtime.GOMAXPROCS(0)
	for k := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			row := make([]float64, w)
			for y := k; y < h; y += workers {
				for x := 0; x < w; x++ {
					if !mask[y*w+x] {
						continue
					}
					x1 := x
					for x1 < w && mask[y*w+x1] {
						x1++
					}
					tr.renderSpan(row, y, x, x1, look)
					copy(buf[y*w+x:y*w+x1], row[x:x1])
					x = x1
				}
			}
		}()
	}
	wg.Wait()
	if look.BlurPx > 0 {
		buf = gaussian(buf, w, h, look.BlurPx)
	}
	rng := rand.New(rand.NewPCG(look.Seed, 4))
	img := image.NewGray(image.Rect(0, 0, w, h))
	for i, v := range buf {
		if !mask[i] {
			continue
		}
		v = v*255 + rng.NormFloat64()*look.Noise
		img.Pix[i] = uint8(math.Max(0, math.Min(255, math.Round(v))))
	}
	return img
}

// EdgePoints returns points every step mm along the play area's four
// edges (for RenderNear).
func (tr Trial) EdgePoints(step float64) []physics.Vec {
	wd, d := tr.Truth.Width, tr.Truth.Depth
	var out []physics.Vec
	for x := 0.0; x <= wd; x += step {
		out = append(out, physics.V(x, 0), physics.V(x, d))
	}
	for y := 0.0; y <= d; y += step {
		out = append(out, physics.V(0, y), physics.V(wd, y))
	}
	return out
}
