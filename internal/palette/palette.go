// Package palette is the project's one set of colours: the ruling picture
// (sketch), the maneuver deck's picture, the printed setup sheet
// (scenarios/sheet) and the table view (table/ui) take theirs from here.
//
// Every colour that carries a meaning is one of the eight Okabe–Ito
// colours, which colour-blind players tell apart, and each meaning has one
// colour; everything else is a neutral grey, so that colour always says
// something.
package palette

import "image/color"

// The Okabe–Ito colours (Okabe and Ito, Color Universal Design, 2002).
var (
	Black         = color.NRGBA{0x00, 0x00, 0x00, 0xFF}
	Orange        = color.NRGBA{0xE6, 0x9F, 0x00, 0xFF}
	SkyBlue       = color.NRGBA{0x56, 0xB4, 0xE9, 0xFF}
	BluishGreen   = color.NRGBA{0x00, 0x9E, 0x73, 0xFF}
	Yellow        = color.NRGBA{0xF0, 0xE4, 0x42, 0xFF}
	Blue          = color.NRGBA{0x00, 0x72, 0xB2, 0xFF}
	Vermillion    = color.NRGBA{0xD5, 0x5E, 0x00, 0xFF}
	ReddishPurple = color.NRGBA{0xCC, 0x79, 0xA7, 0xFF}
)

// The sides' identity colours. On paper (the setup sheet) the Colonial
// side is the darker Blue: sky blue is faint printed on white.
var (
	Colonial        = SkyBlue
	ColonialOnPaper = Blue
	Cylon           = Vermillion
	// Neutral marks what serves neither side (a zone for both).
	Neutral = BluishGreen
)

// The rulings' colours: the range bands, a line that is blocked (and
// anything illegal), cover, a ruling that holds, and the move that would
// flip a ruling.
var (
	Short   = BluishGreen
	Medium  = Blue
	Long    = Orange
	Out     = ReddishPurple
	Blocked = Vermillion
	Cover   = Yellow
	OK      = BluishGreen
	Flip    = SkyBlue
)

// The maneuver deck's colours: the arrows of each speed, G, kinetic
// energy and the overboost marks.
var (
	SpeedLow        = BluishGreen
	SpeedMedium     = Orange
	SpeedHigh       = ReddishPurple
	G               = Blue
	KineticEnergy   = SkyBlue
	OverboostYellow = Yellow
	OverboostRed    = Vermillion
)

// The neutrals: text, the table and its obstacles.
var (
	White     = color.NRGBA{0xFF, 0xFF, 0xFF, 0xFF}
	Ink       = color.NRGBA{0x1A, 0x1A, 0x1A, 0xFF} // text and outlines
	Secondary = color.NRGBA{0x55, 0x55, 0x55, 0xFF} // secondary text
	PlayArea  = color.NRGBA{0xF6, 0xF6, 0xF1, 0xFF}
	Grid      = color.NRGBA{0xE2, 0xE2, 0xDA, 0xFF}
	Planetoid = color.NRGBA{0xB3, 0xA8, 0x98, 0xFF}
	Field     = color.NRGBA{0x80, 0x80, 0x80, 0xFF} // asteroid fields
	Obstacle  = color.NRGBA{0x4D, 0x4D, 0x4D, 0xFF} // obstacles' outlines and names
)
