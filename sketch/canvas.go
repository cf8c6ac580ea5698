package sketch

import (
	"image/color"
	"math"

	"github.com/golang/geo/s1"
	"github.com/starshipbattles/bsg/internal/palette"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Canvas is a minimal vector surface in table millimetres, y up the table.
// Draw composes the ruling picture on it; WriteSVG and WritePNG provide the
// two backends.
type Canvas interface {
	// Polygon draws a closed polygon.
	Polygon(pts []physics.Vec, s Style)
	// Polyline draws an open line through the points; Style.Fill is ignored.
	Polyline(pts []physics.Vec, s Style)
	// Circle draws the circle with centre c and radius r.
	Circle(c physics.Vec, r float64, s Style)
	// Arc draws the circular arc with centre c and radius r, counter-clockwise
	// from angle from to angle to; Style.Fill is ignored.
	Arc(c physics.Vec, r float64, from, to s1.Angle, s Style)
	// Wedge draws the closed circular sector with its apex at apex and
	// radius r, counter-clockwise from angle from to angle to.
	Wedge(apex physics.Vec, r float64, from, to s1.Angle, s Style)
	// Text draws one line of text whose baseline passes through at.
	Text(at physics.Vec, text string, s TextStyle)
}

// Style is how a shape is painted. A colour with zero alpha is not painted.
type Style struct {
	Fill   color.NRGBA
	Stroke color.NRGBA
	Width  float64   // stroke width in millimetres
	Dash   []float64 // dash and gap lengths in millimetres; nil for a solid line
	// Clip cuts the shape at the edge of the view (the play area and what
	// stands on it, see Frame), so that fire arcs and range rings reaching
	// past the table do not stretch the picture.
	Clip bool
	// FlatCap ends open lines flat at their end points (SVG's butt cap)
	// instead of round, so that a line ends exactly where it is told to,
	// under an arrowhead for example.
	FlatCap bool
}

// Anchor is the point of a line of text that TextStyle places.
type Anchor int

// The horizontal anchors of a line of text.
const (
	Start  Anchor = iota // the text begins at the point
	Middle               // the text is centred on the point
	End                  // the text ends at the point
)

// TextStyle is how a line of text is painted.
type TextStyle struct {
	Size   float64 // em size in millimetres
	Color  color.NRGBA
	Anchor Anchor
	Bold   bool
	// Halo paints a white outline under the glyphs, so that text stays
	// readable over lines and fills.
	Halo bool
}

// The picture's colours, from the project's palette (internal/palette):
// band, blocker and cover colours are Okabe–Ito colours (colour-blind
// safe); everything else is neutral grey, so that each colour has one
// meaning in the picture.
var (
	colorShort   = palette.Short
	colorMedium  = palette.Medium
	colorLong    = palette.Long
	colorOut     = palette.Out
	colorBlocked = palette.Blocked
	colorCover   = palette.Cover
	colorMove    = palette.Flip // the move that flips a ruling

	colorBackground = palette.White
	colorPlayArea   = palette.PlayArea
	colorInk        = palette.Ink
	colorSecondary  = palette.Secondary
	colorGrid       = palette.Grid
	colorBase       = palette.White
	colorArc        = color.NRGBA{0x70, 0x70, 0x70, 0xFF}
	colorPlanetoid  = palette.Planetoid
	colorField      = palette.Field
	colorObstacle   = palette.Obstacle
	colorWhite      = palette.White
)

// Opacities of the translucent fills.
const (
	sparseOpacity = 0.22
	denseOpacity  = 0.55
	arcOpacity    = 0.10
	faintArc      = 0.45 // factor for the arcs of ships other than the pair's attacker
)

// BandColor returns the colour of a range band in the picture: its witness
// ruler, the witness dot and the range ring at the band's outer limit.
func BandColor(b referee.Band) color.NRGBA {
	switch b {
	case referee.Short:
		return colorShort
	case referee.Medium:
		return colorMedium
	case referee.Long:
		return colorLong
	}
	return colorOut
}

// The styles of the picture's parts; the legend shows the same.
var (
	styleBlockedLine = Style{Stroke: colorBlocked, Width: 1.4, Dash: []float64{5, 3}}
	styleBlockedEnd  = Style{Fill: colorWhite, Stroke: colorBlocked, Width: 1.2}
	styleBlocker     = Style{Stroke: colorBlocked, Width: 2.6}
	styleCover       = Style{Stroke: withAlpha(colorCover, 0.9), Width: 7}
	styleBase        = Style{Fill: colorBase, Stroke: colorInk, Width: 0.9}
	styleFrontFlat   = Style{Stroke: colorInk, Width: 3.2}
	stylePlanetoid   = Style{Fill: colorPlanetoid, Stroke: colorObstacle, Width: 0.9}
	styleMove        = Style{Stroke: colorMove, Width: 2.6}
)

// styleRuler is the style of a witness ruler in the band's colour.
func styleRuler(b referee.Band) Style { return Style{Stroke: BandColor(b), Width: 2} }

// styleWitness is the style of the dot at a witness point.
func styleWitness(b referee.Band) Style {
	return Style{Fill: BandColor(b), Stroke: colorWhite, Width: 0.8}
}

// styleArc is the style of a fire arc at opacity factor op.
func styleArc(op float64) Style {
	return Style{Fill: withAlpha(colorArc, arcOpacity*op), Stroke: withAlpha(colorArc, 0.6*op), Width: 0.6, Clip: true}
}

// styleField is the style of an asteroid field: sparse light and dashed,
// dense dark and solid.
func styleField(d referee.Density) Style {
	if d == referee.Dense {
		return Style{Fill: withAlpha(colorField, denseOpacity), Stroke: colorObstacle, Width: 0.9}
	}
	return Style{Fill: withAlpha(colorField, sparseOpacity), Stroke: colorObstacle, Width: 0.9, Dash: []float64{6, 3}}
}

// Radii of the dots, in millimetres.
const (
	standRadius   = 1.6
	witnessRadius = 2.8
	blockedRadius = 2.2
)

// withAlpha returns c with opacity a, clamped to [0, 1].
func withAlpha(c color.NRGBA, a float64) color.NRGBA {
	c.A = uint8(math.Max(0, math.Min(1, a))*255 + 0.5)
	return c
}
