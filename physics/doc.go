// Package physics is exact planar geometry for the table: points, poses,
// hexagonal bases, fire-arc cones, segments, circles and simple polygons;
// distances, crossings, visibility and level (3D) distances.
//
// Units are millimetres. Angles are radians (s1.Angle) inside this package;
// files and output use degrees. The table frame has x to the right and y up
// the table; angles are counter-clockwise from +x.
//
// Predicates (orientation, containment, crossing, in arc) are exact on the
// stored float64 values: each evaluates a fast floating-point expression with
// an error bound and falls back to exact math/big arithmetic when the bound
// is not met. Distances and witness points are computed in closed form; no
// function samples or steps. Every function is total: it answers for any
// finite input, and shapes have Validate for input from outside.
package physics
