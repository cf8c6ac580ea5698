package assets

import (
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// FieldError is one problem in a data file: where it is and what is allowed
// instead. Line is 1-based; 0 means the problem has no single line (for
// example a file that is not YAML at all). Field is the dotted path of the
// offending field, empty when the problem is with the file as a whole. It
// is the problem every reader of the project reports (yamlfile.Problem),
// formatted "file:line: field: message".
type FieldError = yamlfile.Problem

// ErrorList holds every problem found in one pass over a file, in line
// order, then checks across fields; beyond limits.Problems problems the
// last entry counts the rest ("and N more"). It is never returned empty: a
// nil error means no problem. It is the project's one list of problems
// (yamlfile.List).
type ErrorList = yamlfile.List
