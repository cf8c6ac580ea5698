package photo

import (
	"fmt"
	"image"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/physics"
)

// FromPhoto reads a marks file for a photo, finds the calibration sheet
// on it when the file says `marks: auto`, fits the calibration and
// analyses the marked table (the whole of `bsg photo`). name is the marks
// file's name, for messages.
func FromPhoto(img image.Image, name string, data []byte, comp *assets.Components) (*Result, error) {
	b := img.Bounds()
	mf, err := ParseMarks(name, data, comp, b.Dx(), b.Dy())
	if err != nil {
		return nil, err
	}
	return mf.Run(img)
}

// Run finds the sheet on the photo when the marks ask for it, fits the
// calibration and analyses the marked table.
func (mf *Marks) Run(img image.Image) (*Result, error) {
	b := img.Bounds()
	var found *[4]physics.Vec
	if mf.Sheet != nil && mf.Sheet.Auto {
		det, err := DetectSheet(img, mf.Sheet.Sheet)
		if err != nil {
			return nil, err
		}
		found = &det.Pixels
	}
	if !mf.Edges {
		return mf.Analyse(found, b.Dx(), b.Dy())
	}
	cal, err := mf.fit(img, NewSnapper(img), found)
	if err != nil {
		return nil, err
	}
	return Analyse(cal, &mf.Scene, Options{Samples: mf.Samples, Seed: mf.Seed})
}

// AnalyseOn fits the calibration from the marks as they stand (found
// pixels already in the sheet's placement), with the play area's edges
// found on the snapper's photo when the marks ask for them (Edges), and
// analyses the marked table: photo mode's path, which keeps one Snapper
// for its photo.
func (mf *Marks) AnalyseOn(s *Snapper) (*Result, error) {
	cal, err := mf.FitOn(s)
	if err != nil {
		return nil, err
	}
	return Analyse(cal, &mf.Scene, Options{Samples: mf.Samples, Seed: mf.Seed})
}

// FitOn fits the calibration from the marks as they stand, with the play
// area's edges found on the snapper's photo when the marks ask for them.
func (mf *Marks) FitOn(s *Snapper) (*Calibration, error) {
	if !mf.Edges {
		return Fit(mf.Calibration(nil), s.g.w, s.g.h)
	}
	return mf.fitEdges(s, mf.Calibration(nil), s.g.w, s.g.h)
}

// fitEdges is the calibration of `edges: auto` (the default): the lens
// measured from the long straight edges the photo shows (StraightEdges,
// MeasureLens: no table size or sheet place needed), the marks fitted
// with it; then, when the marks place the table (the sheet's at or angle
// given, or four or more points), the play area's edges looked for where
// that puts them and fitted as line marks (FitWithTableEdges), which also
// fix the perspective; when they do not, the play area's sides among the
// straight edges (PlayAreaSides) fitted as a rectangle of unknown size
// and place, which fixes the perspective too. Without straight edges it
// is the marks' own fit. The result's Edges says which was used. The
// snapper keeps the result for the same marks and table (photo mode
// refits on every click, and a ship's click changes neither).
func (mf *Marks) fitEdges(s *Snapper, marks []Mark, w, h int) (*Calibration, error) {
	placed := (mf.Sheet != nil && mf.Sheet.Placed) || len(mf.Points) >= 4
	key := edgeFitKey{w: w, h: h, width: mf.Scene.Table.Width, depth: mf.Scene.Table.Depth, placed: placed, marks: marks}
	if c, ok := s.cachedFit(key); ok {
		return c, nil
	}
	cal, err := Fit(marks, w, h)
	if err != nil {
		return nil, err
	}
	cal = s.edgeFit(cal, marks, w, h, placed, mf.Scene.Table.Width, mf.Scene.Table.Depth)
	s.keepFit(key, cal)
	return cal, nil
}

// edgeFit is fitEdges after the marks' own fit cal.
func (s *Snapper) edgeFit(cal *Calibration, marks []Mark, w, h int, placed bool, width, depth float64) *Calibration {
	cal.Edges = EdgesNotFound
	edges := s.StraightEdges(cal.Model)
	if lens, err := MeasureLens(edges, w, h); err == nil {
		if c, err := FitWithLens(marks, w, h, lens); err == nil {
			c.Edges = EdgesLens
			cal = c
		}
	}
	if placed {
		if c, used, err := s.tableEdgesFrom(cal, marks, w, h, width, depth); err == nil && used > 0 {
			c.Edges = EdgesTable
			return c
		}
		return cal
	}
	if sides := PlayAreaSides(edges, cal.Model); len(sides) > 0 {
		if c, err := Fit(append(append([]Mark(nil), marks...), sides...), w, h); err == nil {
			c.Edges = EdgesRectangle
			return c
		}
	}
	return cal
}

// fit fits the calibration, with the play area's edges found on the photo
// when the marks ask for them (Edges).
func (mf *Marks) fit(img image.Image, s *Snapper, found *[4]physics.Vec) (*Calibration, error) {
	b := img.Bounds()
	if !mf.Edges {
		return Fit(mf.Calibration(found), b.Dx(), b.Dy())
	}
	return mf.fitEdges(s, mf.Calibration(found), b.Dx(), b.Dy())
}

// SnapOutcome is what snapping did to one ship's clicks: the fit, or why
// the clicks stay (Err).
type SnapOutcome struct {
	ID      string
	Clicked []physics.Vec
	Snapped *Snapped // a ship's base
	Rim     *Rim     // a planetoid's rim
	Err     error
}

// RunSnapped is Run with every ship's clicks first snapped to its base's
// edges on the photo (Snapper.Ship, through the calibration fitted from
// the marks) and every planetoid's to its rim (Snapper.Planetoid); an
// object whose snap is refused keeps its clicks.
func (mf *Marks) RunSnapped(img image.Image) (*Result, []SnapOutcome, error) {
	cal, s, err := mf.Calibrate(img)
	if err != nil {
		return nil, nil, err
	}
	var outs []SnapOutcome
	for i := range mf.Scene.Objects {
		o := &mf.Scene.Objects[i]
		switch o.Kind {
		case ShipKind:
			sn, err := s.Ship(cal.Model, *o)
			outs = append(outs, SnapOutcome{ID: o.ID, Clicked: o.Points, Snapped: sn, Err: err})
			if err == nil {
				o.Points, o.SigmaPx = sn.Points, sn.SigmaPx
			}
		case PlanetoidKind:
			rim, err := s.Planetoid(cal.Model, *o)
			outs = append(outs, SnapOutcome{ID: o.ID, Clicked: o.Points, Rim: rim, Err: err})
			if err == nil {
				o.Points, o.SigmaPx = rim.Points, rim.SigmaPx
			}
		}
	}
	res, err := Analyse(cal, &mf.Scene, Options{Samples: mf.Samples, Seed: mf.Seed})
	return res, outs, err
}

// Analyse fits the calibration (with found, the detected sheet marks, when
// the marks ask for automatic detection) and analyses the marked table.
func (mf *Marks) Analyse(found *[4]physics.Vec, w, h int) (*Result, error) {
	cal, err := Fit(mf.Calibration(found), w, h)
	if err != nil {
		return nil, err
	}
	return Analyse(cal, &mf.Scene, Options{Samples: mf.Samples, Seed: mf.Seed})
}

// Calibrate finds the sheet on the photo when the marks ask for it and
// fits the calibration (with the lens from the photo's straight edges
// when they ask for edges), returning it with the photo's snapper.
func (mf *Marks) Calibrate(img image.Image) (*Calibration, *Snapper, error) {
	var found *[4]physics.Vec
	if mf.Sheet != nil && mf.Sheet.Auto {
		det, err := DetectSheet(img, mf.Sheet.Sheet)
		if err != nil {
			return nil, nil, err
		}
		found = &det.Pixels
	}
	s := NewSnapper(img)
	cal, err := mf.fit(img, s, found)
	return cal, s, err
}

// ProposeShips finds the bases of the given classes on the photo
// (Snapper.FindBases, through cal, on the marks' table) that no marked
// ship stands on yet, and returns each as a ship's marks for the player
// to confirm: its front corners as fitted, with their precision, the
// first class of its size (the player changes it when several fit), an
// id not yet taken (NewID's: named as every mode names a new ship).
// Bases whose front the photo does not tell come with the flat the fit
// put ahead, and found says so.
func (mf *Marks) ProposeShips(s *Snapper, cal *Calibration, classes []ClassSize) (ships []Object, found []Base) {
	return mf.Proposals(cal, s.FindBases(cal.Model, mf.Scene.Table.Width, mf.Scene.Table.Depth, classes))
}

// Proposals is ProposeShips's answer from the bases a search found
// (FindBases, or a BaseSearch run a piece at a time through cal on the
// marks' table): those no marked ship stands on yet, each as a ship's
// marks to confirm, with the base it comes from.
func (mf *Marks) Proposals(cal *Calibration, bases []Base) (ships []Object, found []Base) {
	taken := map[string]bool{}
	var stands []physics.Vec
	for _, o := range mf.Scene.Objects {
		taken[o.ID] = true
		if o.Kind == ShipKind && len(o.Points) == 2 {
			if l, ok1 := cal.Model.ToTable(o.Points[0]); ok1 {
				if r, ok2 := cal.Model.ToTable(o.Points[1]); ok2 {
					stands = append(stands, ShipPose(l, r, o.AcrossFlats).Pos)
				}
			}
		}
	}
	for _, b := range bases {
		near := false
		for _, p := range stands {
			near = near || p.Dist(b.Pose.Pos) < b.AcrossFlats*0.9
		}
		if near {
			continue
		}
		c := b.Classes[0]
		id := ""
		if mf.NewID != nil {
			id = mf.NewID(c, func(id string) bool { return taken[id] })
		} else {
			for n := 1; ; n++ {
				if id = fmt.Sprintf("%s-%d", c, n); !taken[id] {
					break
				}
			}
		}
		taken[id] = true
		ships = append(ships, Object{ID: id, Kind: ShipKind, Class: c, AcrossFlats: b.AcrossFlats, Level: 1,
			Points: b.Snapped.Points, SigmaPx: b.Snapped.SigmaPx})
		found = append(found, b)
	}
	return ships, found
}
