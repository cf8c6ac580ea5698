// Package measure turns the referee's rulings on a table into the output of
// `bsg measure`: the JSON document and the sentences of
// docs/MEASURE-FORMAT.md. The table view's measurement mode uses
// the same sentences.
package measure

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"regexp"
	"strconv"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
)

// Num is a length in millimetres, a coordinate or an angle in degrees,
// written to JSON rounded to three decimals (the micrometre) so that output
// is stable across platforms.
type Num float64

// MarshalJSON writes the value rounded to three decimals.
func (m Num) MarshalJSON() ([]byte, error) {
	return strconv.AppendFloat(nil, round3(float64(m)), 'f', -1, 64), nil
}

func round3(v float64) float64 {
	r := math.Round(v*1000) / 1000
	if r == 0 {
		return 0 // no "-0"
	}
	return r
}

// Point is [x, y].
type Point [2]Num

func point(v physics.Vec) Point { return Point{Num(v.X), Num(v.Y)} }

// Ship is one entry of "ships".
type Ship struct {
	ID      string  `json:"id"`
	Base    []Point `json:"base"`
	Facing  Num     `json:"facing"`
	HalfArc Num     `json:"half_arc"`
}

// Pair is one entry of "pairs": the ruling for an ordered pair.
type Pair struct {
	Attacker      string    `json:"attacker"`
	Target        string    `json:"target"`
	CanFire       bool      `json:"can_fire"`
	Reason        string    `json:"reason"`
	RangeMM       *Num      `json:"range_mm"`
	Band          *string   `json:"band"`
	MarginMM      *Num      `json:"margin_mm"`
	Witness       *[2]Point `json:"witness"`
	BlockedBy     []string  `json:"blocked_by"`
	Cover         []string  `json:"cover"`
	CoverModifier int       `json:"cover_modifier"`
	RangeModifier int       `json:"range_modifier"`
	Tailing       bool      `json:"tailing"`
	Margins       Margins   `json:"margins"`
}

// Margins is a pair's "margins" (MEASURE-FORMAT.md, step 8): each null
// where it does not apply or no move within the reach (50 mm) changes its
// verdict; BeyondReach names the null ones of the second kind.
type Margins struct {
	Range       *Margin  `json:"range"`
	Arc         *Margin  `json:"arc"`
	LOS         *Margin  `json:"los"`
	Tailing     *Margin  `json:"tailing"`
	BeyondReach []string `json:"beyond_reach"`
}

// beyondReach names the margins that are null for lack of a move within
// referee.MarginReach, in the order of "margins" (only the line of sight
// and tailing can be).
func beyondReach(m referee.Margins, buf []string) []string {
	if m.LOS.BeyondReach() {
		buf = append(buf, string(referee.LOSMargin))
	}
	if m.Tailing.BeyondReach() {
		buf = append(buf, string(referee.TailingMargin))
	}
	return buf
}

// Margin is one margin: the translation's length and the translation; for
// the line of sight, the blocker whose edge it meets.
type Margin struct {
	MM   Num    `json:"mm"`
	Move Point  `json:"move"`
	By   string `json:"by,omitempty"`
}

func margin(m referee.Margin) *Margin {
	if !m.Known {
		return nil
	}
	return &Margin{MM: Num(m.MM), Move: point(m.Move), By: m.By}
}

// Document is the whole JSON output.
type Document struct {
	Ships []Ship `json:"ships"`
	Pairs []Pair `json:"pairs"`
}

// NewDocument builds the JSON document for the rulings (in the order
// given: attacker by attacker in file order for RuleAll).
func NewDocument(r *referee.Referee, rulings []referee.Ruling) Document {
	t := r.Table()
	doc := Document{Ships: make([]Ship, len(t.Ships)), Pairs: make([]Pair, len(rulings))}
	for i, s := range t.Ships {
		base := r.Base(i)
		pts := make([]Point, len(base))
		for k, v := range base {
			pts[k] = point(v)
		}
		doc.Ships[i] = Ship{
			ID:      s.ID,
			Base:    pts,
			Facing:  Num(physics.NormalizeDegrees(s.Facing(t.Limits).Degrees())),
			HalfArc: Num(t.Limits.FireArcHalfWidth),
		}
	}
	for i, ru := range rulings {
		p := Pair{
			Attacker:      ru.AttackerID,
			Target:        ru.TargetID,
			CanFire:       ru.CanFire,
			Reason:        string(ru.Reason),
			BlockedBy:     nonNil(ru.BlockedBy),
			Cover:         nonNil(ru.Cover),
			CoverModifier: ru.CoverModifier,
			RangeModifier: ru.RangeModifier,
			Tailing:       ru.Tailing,
			Margins: Margins{
				Range: margin(ru.Margins.Range), Arc: margin(ru.Margins.Arc),
				LOS: margin(ru.Margins.LOS), Tailing: margin(ru.Margins.Tailing),
				BeyondReach: beyondReach(ru.Margins, []string{}),
			},
		}
		if ru.Measured {
			rng, margin, band := Num(ru.Range), Num(ru.Margin), string(ru.Band)
			w := [2]Point{point(ru.Witness.A), point(ru.Witness.B)}
			p.RangeMM, p.MarginMM, p.Band, p.Witness = &rng, &margin, &band, &w
		}
		doc.Pairs[i] = p
	}
	return doc
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// pointPair matches an indented [x, y] pair, to print it on one line.
var pointPair = regexp.MustCompile(`\[\s+(-?[0-9.eE+-]+),\s+(-?[0-9.eE+-]+)\s+\]`)

// WriteJSON writes the document, indented, points on one line, with a
// final newline.
func (d Document) WriteJSON(w io.Writer) error {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(d); err != nil {
		return err
	}
	_, err := w.Write(CompactPoints(buf.Bytes()))
	return err
}

// CompactPoints rewrites indented JSON so that each [x, y] pair stands on
// one line.
func CompactPoints(indented []byte) []byte {
	return pointPair.ReplaceAll(indented, []byte("[$1, $2]"))
}
