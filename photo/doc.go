// Package photo turns a photo of a real table into a table file with an
// honest margin of error (issue #16): a calibration (a homography from the
// photo to the table fitted by normalized DLT and least squares, with
// radial lens distortion when enough marks exist), the poses of ships and
// obstacles from marks clicked on the photo, and rulings carried through a
// seeded Monte Carlo over the marks and the fit.
//
// Frames: photo pixels have their origin at the top-left corner, u to the
// right, v down; the table frame is that of MEASURE-FORMAT.md (millimetres,
// origin at the lower-left corner of the play area, y up).
//
// The package sits above referee and tablefile (ARCHITECTURE.md) and uses
// the referee for every ruling: the Monte Carlo rules on perturbed tables
// exactly as `bsg measure` rules on one.
package photo
