package photo

import (
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
	cal, _, err := s.FitWithTableEdges(mf.Calibration(nil), s.g.w, s.g.h, mf.Scene.Table.Width, mf.Scene.Table.Depth)
	return cal, err
}

// fit fits the calibration, with the play area's edges found on the photo
// when the marks ask for them (Edges).
func (mf *Marks) fit(img image.Image, s *Snapper, found *[4]physics.Vec) (*Calibration, error) {
	b := img.Bounds()
	if !mf.Edges {
		return Fit(mf.Calibration(found), b.Dx(), b.Dy())
	}
	cal, _, err := s.FitWithTableEdges(mf.Calibration(found), b.Dx(), b.Dy(), mf.Scene.Table.Width, mf.Scene.Table.Depth)
	return cal, err
}

// SnapOutcome is what snapping did to one ship's clicks: the fit, or why
// the clicks stay (Err).
type SnapOutcome struct {
	ID      string
	Clicked []physics.Vec
	Snapped *Snapped
	Err     error
}

// RunSnapped is Run with every ship's clicks first snapped to its base's
// edges on the photo (Snapper.Ship, through the calibration fitted from
// the marks); a ship whose snap is refused keeps its clicks.
func (mf *Marks) RunSnapped(img image.Image) (*Result, []SnapOutcome, error) {
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
	if err != nil {
		return nil, nil, err
	}
	var outs []SnapOutcome
	for i := range mf.Scene.Objects {
		o := &mf.Scene.Objects[i]
		if o.Kind != ShipKind {
			continue
		}
		sn, err := s.Ship(cal.Model, *o)
		outs = append(outs, SnapOutcome{ID: o.ID, Clicked: o.Points, Snapped: sn, Err: err})
		if err == nil {
			o.Points, o.SigmaPx = sn.Points, sn.SigmaPx
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
