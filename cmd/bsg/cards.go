package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/sketch"
)

// cardsDoc is the JSON answer of bsg cards -json.
type cardsDoc struct {
	Class        string      `json:"class"`
	Name         string      `json:"name"`
	CardWidthMM  measure.Num `json:"card_width_mm"`
	CardLengthMM measure.Num `json:"card_length_mm"`
	Cards        []cardJSON  `json:"cards"`
}

type cardJSON struct {
	ID      string      `json:"id"`
	Name    string      `json:"name"`
	G       int         `json:"g"`
	Symbols []string    `json:"symbols"`
	Arrows  []arrowJSON `json:"arrows"`
}

type arrowJSON struct {
	Speed      string      `json:"speed"`
	LengthMM   measure.Num `json:"length_mm"`
	TurnDeg    measure.Num `json:"turn_deg"`
	SidewaysMM measure.Num `json:"sideways_mm"`
	KE         int         `json:"ke"`
	End        endJSON     `json:"end"`
}

// endJSON is an arrowhead's pose in card coordinates from the arrow's
// start: x to the card's right, y up the card, heading in degrees
// counter-clockwise from x (90 straight up the card).
type endJSON struct {
	X       measure.Num `json:"x"`
	Y       measure.Num `json:"y"`
	Heading measure.Num `json:"heading"`
}

const cardsUsage = `cards [-png FILE] [-svg FILE] [-scale N] [-columns N] [-json] [-components FILE] CLASS

Draws the maneuver deck of CLASS to scale, one card outline per card with
its name, G-value, symbols and every arrow exactly from its path, labelled
with its speed marks and kinetic energy; the header states the scale and
has a 100 mm ruler to check a print. Without -json it lists the cards and
where each arrowhead ends; -json prints the same as JSON: end is the
arrowhead's pose from the arrow's start, x to the card's right, y up the
card, heading counter-clockwise from x (90 is straight up the card).`

func runCards(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("cards", cardsUsage, stderr)
	png := fs.String("png", "", "draw the deck to this PNG `file`")
	svg := fs.String("svg", "", "draw the deck to this SVG `file`")
	scale := fs.Float64("scale", sketch.DefaultDeckScale, "pixels per millimetre of the picture (`N`)")
	columns := fs.Int("columns", sketch.DefaultDeckColumns, "cards in a row (`N`)")
	asJSON := fs.Bool("json", false, "print the deck as JSON instead of text")
	comps := fs.String("components", "", "override component values (card size, decks) with your own from this YAML `file`")
	rest, err := parseInterspersed(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		msg := fmt.Sprintf("expected one ship class, got %d arguments", len(rest))
		if c, err := assets.Load(); err == nil {
			msg += "; classes: " + strings.Join(deckClasses(c), ", ")
		}
		return usagef("%s", msg)
	}
	if !(*scale > 0) || math.IsInf(*scale, 0) {
		return usagef("-scale %g: want a positive number of pixels per millimetre", *scale)
	}
	if *columns < 1 {
		return usagef("-columns %d: want at least 1", *columns)
	}
	comp, err := loadComponents(*comps)
	if err != nil {
		return err
	}
	class := rest[0]
	if _, ok := comp.Deck(class); !ok {
		return fmt.Errorf("bsg cards: no maneuver deck for class %q; known classes: %s", class, strings.Join(deckClasses(comp), ", "))
	}
	deck, err := maneuvers.DeckFor(comp, class)
	if err != nil {
		return err
	}
	name := class
	if cl, ok := comp.Class(class); ok && cl.Name != "" {
		name = cl.Name
	}
	w, l := comp.Geometry.CardWidth.Value, comp.Geometry.CardLength.Value
	opt := sketch.DeckOptions{PixelsPerMM: *scale, Columns: *columns, Title: fmt.Sprintf("%s (%s): maneuver deck", name, class)}
	for _, out := range []struct {
		file  string
		write func(io.Writer) error
	}{
		{*png, func(b io.Writer) error { return sketch.WriteDeckPNG(b, deck, w, l, opt) }},
		{*svg, func(b io.Writer) error { return sketch.WriteDeckSVG(b, deck, w, l, opt) }},
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
		page := sketch.DeckFrame(deck, w, l, opt)
		fmt.Fprintf(stderr, "bsg cards: wrote %s: %d × %d px, 1 mm = %g px\n", out.file,
			int(math.Ceil(page.Hi.X**scale)), int(math.Ceil(page.Hi.Y**scale)), *scale)
	}
	doc := deckDoc(deck, name, w, l)
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(doc)
	}
	return writeDeckText(stdout, doc)
}

// parseInterspersed parses flags before and after the arguments, as in
// "bsg cards viper-mk2 -png deck.png", and returns the arguments. "--"
// ends the flags.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for len(args) > 0 {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		consumed := len(args) - fs.NArg()
		if consumed > 0 && args[consumed-1] == "--" {
			return append(rest, fs.Args()...), nil
		}
		args = fs.Args()
		if len(args) == 0 {
			break
		}
		rest, args = append(rest, args[0]), args[1:]
	}
	return rest, nil
}

// deckClasses lists the classes that have a maneuver deck, in file order.
func deckClasses(c *assets.Components) []string {
	ids := make([]string, len(c.Decks))
	for i, d := range c.Decks {
		ids[i] = d.Class
	}
	return ids
}

// deckDoc describes a deck: every card, and every arrow with its head's
// pose in card coordinates from Path.End.
func deckDoc(deck maneuvers.Deck, name string, w, l float64) cardsDoc {
	doc := cardsDoc{Class: deck.Class, Name: name, CardWidthMM: measure.Num(w), CardLengthMM: measure.Num(l), Cards: []cardJSON{}}
	for _, c := range deck.Cards {
		cj := cardJSON{ID: c.ID, Name: c.Name, G: c.G, Symbols: append([]string{}, c.Symbols...), Arrows: []arrowJSON{}}
		for i, a := range c.Arrows {
			sideways := 0.0
			if i < len(c.Spec.Arrows) && c.Spec.Arrows[i].Speed == string(a.Speed) {
				sideways = c.Spec.Arrows[i].Sideways.Value
			}
			end := a.Path.End()
			cj.Arrows = append(cj.Arrows, arrowJSON{
				Speed:      string(a.Speed),
				LengthMM:   measure.Num(a.Path.Length()),
				TurnDeg:    measure.Num(a.Path.Turn().Degrees()),
				SidewaysMM: measure.Num(sideways),
				KE:         a.KineticEnergy,
				End: endJSON{
					X:       measure.Num(-end.Pos.Y),
					Y:       measure.Num(end.Pos.X),
					Heading: measure.Num(90 + end.Heading.Degrees()),
				},
			})
		}
		doc.Cards = append(doc.Cards, cj)
	}
	return doc
}

// writeDeckText lists the deck: a line per card, an indented line per
// arrow.
func writeDeckText(w io.Writer, doc cardsDoc) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s): %d maneuver cards of %g × %g mm; arrowheads from the arrow's start, x right, y up the card\n",
		doc.Name, doc.Class, len(doc.Cards), float64(doc.CardWidthMM), float64(doc.CardLengthMM))
	for _, c := range doc.Cards {
		syms := strings.Join(c.Symbols, ", ")
		if syms == "" {
			syms = "no symbols"
		}
		fmt.Fprintf(&b, "%s: %s, G %d, %s\n", c.ID, c.Name, c.G, syms)
		for _, a := range c.Arrows {
			shape := fmt.Sprintf("turn %s°", fmtNum(float64(a.TurnDeg)))
			if a.SidewaysMM != 0 {
				shape = fmt.Sprintf("slide %s mm", fmtNum(float64(a.SidewaysMM)))
			}
			fmt.Fprintf(&b, "  %-9s %s mm, %s, KE %d: head at (%s, %s) heading %s°\n", a.Speed,
				fmtNum(float64(a.LengthMM)), shape, a.KE, fmtNum(float64(a.End.X)), fmtNum(float64(a.End.Y)), fmtNum(float64(a.End.Heading)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// fmtNum writes a length or angle with one decimal, or none when whole.
func fmtNum(v float64) string {
	v = math.Round(v*10) / 10
	if v == 0 {
		v = 0
	}
	if v == math.Trunc(v) {
		return fmt.Sprintf("%.0f", v)
	}
	return fmt.Sprintf("%.1f", v)
}
