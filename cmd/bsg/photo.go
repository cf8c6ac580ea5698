package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"image"
	"io"
	"math"
	"os"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/photo"
	"github.com/starshipbattles/bsg/photo/sheetpdf"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

func runCalibration(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("calibration", "calibration -pdf FILE [-paper a4|letter]\n\nPrints the photo calibration sheet: four corner marks at known distances to lay on the table", stderr)
	pdf := fs.String("pdf", "", "write the sheet to this PDF `file`")
	paper := fs.String("paper", "a4", "paper size: a4 or letter")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments")
	}
	if *pdf == "" {
		return usagef("-pdf FILE is required")
	}
	sheet, ok := photo.SheetFor(*paper)
	if !ok {
		return usagef("-paper %q: allowed: a4, letter", *paper)
	}
	var buf bytes.Buffer
	if err := sheetpdf.Write(&buf, sheet); err != nil {
		return err
	}
	return os.WriteFile(*pdf, buf.Bytes(), 0o644)
}

func runPhoto(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("photo", "photo -marks MARKS.yaml [-json] [-table FILE] [-components FILE] PHOTO\n\nRules on a real table from a photo and the marks on it (photo/FORMAT.md), each ruling with its 95% error bar", stderr)
	marksFile := fs.String("marks", "", "the marks `file` (YAML; photo/FORMAT.md)")
	asJSON := fs.Bool("json", false, "print JSON instead of sentences")
	tableOut := fs.String("table", "", "also write the table as marked to this table `file` (MEASURE-FORMAT.md)")
	comps := fs.String("components", "", "override component values with your own measurements from this YAML `file`")
	snap := fs.Bool("snap", false, "fit each ship's base to the photo's edges near its clicked corners, and each planetoid's rim near its clicked points, before ruling")
	edges := fs.Bool("edges", true, "measure the lens from the photo's long straight edges, falling back to the marks' own fit when none are found (the default, as edges: auto in the marks file); -edges=false as edges: none, overriding the marks file")
	place := fs.String("place", "", "the table's size and the sheet's place, overriding the marks file: any of `table WxD at X,Y angle DEG` (mm, degrees)")
	find := fs.String("find", "", "propose the bases of these `classes` (comma-separated class ids, or all) found on the photo, as a marks file's ships, instead of ruling")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *marksFile == "" {
		return usagef("-marks FILE is required")
	}
	if fs.NArg() != 1 {
		return usagef("expected one photo, got %d arguments", fs.NArg())
	}
	comp, err := loadComponents(*comps)
	if err != nil {
		return err
	}
	img, err := photo.LoadImage(fs.Arg(0))
	if err != nil {
		return err
	}
	data, name, err := photo.ReadMarksFile(*marksFile, stdin)
	if err != nil {
		return err
	}
	b := img.Bounds()
	mf, err := photo.ParseMarks(name, data, comp, b.Dx(), b.Dy())
	if err != nil {
		return err
	}
	fs.Visit(func(f *flag.Flag) {
		if f.Name == "edges" {
			mf.Edges = *edges
		}
	})
	if *place != "" {
		pl, err := photo.ParsePlacing(*place)
		if err != nil {
			return usagef("-place: %v", err)
		}
		if err := mf.Place(pl); err != nil {
			return usagef("-place: %v", err)
		}
	}
	if *find != "" {
		return proposeBases(stdout, mf, img, comp, *find)
	}
	var res *photo.Result
	var snaps []photo.SnapOutcome
	if *snap {
		res, snaps, err = mf.RunSnapped(img)
	} else {
		res, err = mf.Run(img)
	}
	if err != nil {
		return err
	}
	if *tableOut != "" {
		if err := os.WriteFile(*tableOut, tablefile.Marshal(res.Table), 0o644); err != nil {
			return err
		}
	}
	if *asJSON {
		return writePhotoJSON(stdout, res, b.Dx(), b.Dy())
	}
	for _, s := range snaps {
		if s.Err != nil {
			fmt.Fprintf(stdout, "Not snapped: %v\n", s.Err)
		} else if s.Rim != nil {
			fmt.Fprintf(stdout, "Snapped %s to its rim: radius %.1f mm, points moved up to %.1f px, now ± %.2f px (%d edge points).\n", s.ID, s.Rim.Circle.R, s.Rim.MovedPx, s.Rim.SigmaPx, s.Rim.Edges)
		} else {
			fmt.Fprintf(stdout, "Snapped %s to its base's edges: corners moved up to %.1f px, now ± %.2f px (%d edge points).\n", s.ID, s.Snapped.MovedPx, s.Snapped.SigmaPx, s.Snapped.Edges)
		}
	}
	return writePhotoText(stdout, res)
}

// proposeBases prints the bases of the given classes found on the photo
// that the marks do not mark yet, as a marks file's ships for the player
// to check, correct and add.
func proposeBases(w io.Writer, mf *photo.Marks, img image.Image, comp *assets.Components, classes string) error {
	var cs []photo.ClassSize
	ids := comp.ClassIDs()
	if classes != "all" {
		ids = strings.Split(classes, ",")
	}
	for _, id := range ids {
		if _, ok := comp.Class(id); !ok {
			return usagef("-find: unknown class %q; known: %s", id, strings.Join(comp.ClassIDs(), ", "))
		}
		cs = append(cs, photo.ClassSize{Class: id, AcrossFlats: comp.BaseAcrossFlats(id)})
	}
	cal, s, err := mf.Calibrate(img)
	if err != nil {
		return err
	}
	ships, found := mf.ProposeShips(s, cal, cs)
	fmt.Fprintf(w, "# %d bases found on the photo besides the %d objects marked; check each on the photo, set its class and dial, then add it to the marks file's ships.\n", len(ships), len(mf.Scene.Objects))
	if len(ships) == 0 {
		return nil
	}
	fmt.Fprintln(w, "ships:")
	for i, o := range ships {
		b := found[i]
		fore := "front told by its fore mark"
		switch {
		case b.ForeKnown:
		case b.AxisKnown:
			fore = "FRONT OR REAR: its front and rear lines look alike"
		default:
			fore = "FRONT NOT SEEN: any flat may be the front"
		}
		fmt.Fprintf(w, "  # stand (%.1f, %.1f) mm, heading %.1f°, %s; classes of this size: %s\n", b.Pose.Pos.X, b.Pose.Pos.Y, b.Pose.Heading.Degrees(), fore, strings.Join(b.Classes, ", "))
		if !b.ForeKnown && b.AxisKnown {
			if t, err := photo.TurnShip(cal.Model, o); err == nil {
				fmt.Fprintf(w, "  # if its front is the other end: front: [[%.2f, %.2f], [%.2f, %.2f]]\n", t.Points[0].X, t.Points[0].Y, t.Points[1].X, t.Points[1].Y)
			}
		}
		fmt.Fprintf(w, "  - {id: %s, class: %s, front: [[%.2f, %.2f], [%.2f, %.2f]], front_px: %.2f}\n", o.ID, o.Class, o.Points[0].X, o.Points[0].Y, o.Points[1].X, o.Points[1].Y, o.SigmaPx)
	}
	return nil
}

func writePhotoText(w io.Writer, res *photo.Result) error {
	c := res.Calibration
	lens := fmt.Sprintf("no lens term fitted (K1 drawn from ±%.0f%%, K2 from ±%.0f%% in the Monte Carlo)", 100*photo.LensPriorK1, 100*photo.LensPriorK2)
	switch {
	case c.Lens != nil:
		lens = c.Lens.String()
	case c.Terms == 1:
		lens = fmt.Sprintf("lens K1 %.4f (K2 drawn from ±%.0f%% in the Monte Carlo)", c.Model.K1, 100*photo.LensPriorK2)
	case c.Terms == 2:
		lens = fmt.Sprintf("lens K1 %.4f, K2 %.4f", c.Model.K1, c.Model.K2)
	}
	fmt.Fprintf(w, "Calibration: %d marks, %s; residuals %.2f mm root mean square (%d degrees of freedom).\n", len(c.Residuals), lens, c.RMSMM, c.DOF)
	fmt.Fprintf(w, "Straight edges: %s.\n", c.Edges)
	edges, edgeSum2, sides := 0, 0.0, 0
	for _, r := range c.Residuals {
		if r.Side != 0 {
			sides++
		}
		if r.Normal != (physics.Vec{}) {
			edges, edgeSum2 = edges+1, edgeSum2+r.MM*r.MM
			continue
		}
		fmt.Fprintf(w, "  %-20s pixel (%.1f, %.1f) → table (%.1f, %.1f): residual %.2f mm\n", r.Name, r.Pixel.X, r.Pixel.Y, r.Table.X, r.Table.Y, r.MM)
	}
	switch {
	case sides > 0:
		fmt.Fprintf(w, "  and %d points of the play area's sides found on the photo, fitted as a rectangle of unknown size and place (plumb line): residuals %.2f mm root mean square\n", edges, math.Sqrt(edgeSum2/float64(edges)))
	case edges > 0:
		fmt.Fprintf(w, "  and %d points of the play area's edges found on the photo (plumb line): residuals %.2f mm root mean square\n", edges, math.Sqrt(edgeSum2/float64(edges)))
	}
	if res.MoreMarks > 0 {
		fmt.Fprintf(w, "Mark %d more points of known place (the play area's corners): %d marks cannot measure the lens, so its distortion is assumed as wide as phone lenses have and every interval is wider for it.\n", res.MoreMarks, len(c.Residuals))
	}
	fmt.Fprintln(w, "Poses (± 95%):")
	for i, p := range res.Poses {
		_ = i
		switch {
		case shipIndex(res.Table, p.ID) >= 0:
			fmt.Fprintf(w, "  %s at (%.1f, %.1f) ± %.1f mm, heading %.1f° ± %.1f°\n", p.ID, p.Pos.X, p.Pos.Y, p.PosPM, p.Heading, p.HeadingPM)
		case p.Radius > 0:
			fmt.Fprintf(w, "  %s (planetoid) at (%.1f, %.1f) ± %.1f mm, radius %.1f ± %.1f mm\n", p.ID, p.Pos.X, p.Pos.Y, p.PosPM, p.Radius, p.RadiusPM)
		default:
			fmt.Fprintf(w, "  %s (asteroid field) centred at (%.1f, %.1f) ± %.1f mm\n", p.ID, p.Pos.X, p.Pos.Y, p.PosPM)
		}
	}
	fmt.Fprintf(w, "Rulings (Monte Carlo over %d sampled tables, seed %d):\n", res.Samples, res.Seed)
	for _, r := range res.Rulings {
		fmt.Fprintf(w, "  %s\n", r.Verdict)
		if m := r.MarginWords(); m != "" {
			fmt.Fprintf(w, "    %s\n", m)
		}
	}
	return nil
}

func shipIndex(t referee.Table, id string) int {
	for i, s := range t.Ships {
		if s.ID == id {
			return i
		}
	}
	return -1
}

type photoMarkJSON struct {
	Name       string        `json:"name"`
	Pixel      measure.Point `json:"pixel"`
	Table      measure.Point `json:"table"`
	ResidualMM measure.Num   `json:"residual_mm"`
}

type photoPoseJSON struct {
	ID        string       `json:"id"`
	X         measure.Num  `json:"x"`
	Y         measure.Num  `json:"y"`
	PM        measure.Num  `json:"pm_mm"`
	Heading   *measure.Num `json:"heading,omitempty"`
	HeadingPM *measure.Num `json:"heading_pm,omitempty"`
	Radius    *measure.Num `json:"radius,omitempty"`
	RadiusPM  *measure.Num `json:"radius_pm_mm,omitempty"`
}

// photoMarginJSON is a margin with its 95% interval (null when it does
// not apply or lies beyond the referee's reach).
type photoMarginJSON struct {
	MM    measure.Num `json:"mm"`
	Lo    measure.Num `json:"lo_mm"`
	Hi    measure.Num `json:"hi_mm"`
	PM    measure.Num `json:"pm_mm"`
	Clear bool        `json:"clear"`
}

func marginJSON(m photo.MarginPM) *photoMarginJSON {
	if !m.Known {
		return nil
	}
	return &photoMarginJSON{measure.Num(m.MM), measure.Num(m.CI.Lo), measure.Num(m.CI.Hi), measure.Num(m.PM), m.Clear}
}

type photoRulingJSON struct {
	measure.Pair
	RangeLo    *measure.Num `json:"range_lo_mm"`
	RangeHi    *measure.Num `json:"range_hi_mm"`
	PM         *measure.Num `json:"pm_mm"`
	Agree      measure.Num  `json:"agree"`
	InArcShare measure.Num  `json:"in_arc_share"`
	Margins    struct {
		Arc  *photoMarginJSON `json:"arc"`
		LOS  *photoMarginJSON `json:"line_of_sight"`
		Band *photoMarginJSON `json:"range"`
	} `json:"margins_95"`
	Certain bool   `json:"certain"`
	Verdict string `json:"verdict"`
}

type photoJSON struct {
	Photo       [2]int `json:"photo"`
	Calibration struct {
		Edges     string          `json:"edges"`
		Terms     int             `json:"terms"`
		K1        measure.Num     `json:"k1"`
		K2        measure.Num     `json:"k2"`
		LensPrior bool            `json:"lens_prior"`
		MoreMarks int             `json:"more_marks"`
		RMSMM     measure.Num     `json:"rms_mm"`
		DOF       int             `json:"dof"`
		Marks     []photoMarkJSON `json:"marks"`
	} `json:"calibration"`
	Samples uint64            `json:"samples"`
	Seed    uint64            `json:"seed"`
	Ships   []measure.Ship    `json:"ships"`
	Poses   []photoPoseJSON   `json:"poses"`
	Rulings []photoRulingJSON `json:"rulings"`
}

func pt(v physics.Vec) measure.Point { return measure.Point{measure.Num(v.X), measure.Num(v.Y)} }

func numPtr(v float64) *measure.Num { n := measure.Num(v); return &n }

func writePhotoJSON(w io.Writer, res *photo.Result, width, height int) error {
	var doc photoJSON
	c := res.Calibration
	doc.Photo = [2]int{width, height}
	doc.Calibration.Edges = c.Edges.Key()
	doc.Calibration.Terms, doc.Calibration.K1, doc.Calibration.K2 = c.Terms, measure.Num(c.Model.K1), measure.Num(c.Model.K2)
	doc.Calibration.LensPrior, doc.Calibration.RMSMM, doc.Calibration.DOF = res.LensPrior, measure.Num(c.RMSMM), c.DOF
	doc.Calibration.MoreMarks = res.MoreMarks
	for _, r := range c.Residuals {
		doc.Calibration.Marks = append(doc.Calibration.Marks, photoMarkJSON{r.Name, pt(r.Pixel), pt(r.Table), measure.Num(r.MM)})
	}
	doc.Samples, doc.Seed = uint64(res.Samples), res.Seed
	ref := referee.New(res.Table)
	rulings := make([]referee.Ruling, len(res.Rulings))
	for i, r := range res.Rulings {
		rulings[i] = r.Ruling
	}
	md := measure.NewDocument(ref, rulings)
	doc.Ships = md.Ships
	for _, p := range res.Poses {
		pj := photoPoseJSON{ID: p.ID, X: measure.Num(p.Pos.X), Y: measure.Num(p.Pos.Y), PM: measure.Num(p.PosPM)}
		if shipIndex(res.Table, p.ID) >= 0 {
			pj.Heading, pj.HeadingPM = numPtr(p.Heading), numPtr(p.HeadingPM)
		} else if p.Radius > 0 {
			pj.Radius, pj.RadiusPM = numPtr(p.Radius), numPtr(p.RadiusPM)
		}
		doc.Poses = append(doc.Poses, pj)
	}
	doc.Rulings = []photoRulingJSON{}
	for i, r := range res.Rulings {
		rj := photoRulingJSON{Pair: md.Pairs[i], Agree: measure.Num(r.Agree), InArcShare: measure.Num(r.InArcShare), Certain: r.Certain, Verdict: r.Verdict}
		rj.Margins.Arc, rj.Margins.LOS, rj.Margins.Band = marginJSON(r.ArcMargin), marginJSON(r.LOSMargin), marginJSON(r.BandMargin)
		if r.Measured {
			rj.RangeLo, rj.RangeHi, rj.PM = numPtr(r.RangeCI.Lo), numPtr(r.RangeCI.Hi), numPtr(r.RangePM)
		}
		doc.Rulings = append(doc.Rulings, rj)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(doc); err != nil {
		return err
	}
	_, err := w.Write(measure.CompactPoints(buf.Bytes()))
	return err
}
