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
	return mf.Analyse(found, b.Dx(), b.Dy())
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
