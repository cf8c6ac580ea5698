package assets

import (
	"strings"

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
// nil error means no problem.
type ErrorList []*FieldError

// Error prints one problem per line.
func (l ErrorList) Error() string {
	lines := make([]string, len(l))
	for i, e := range l {
		lines[i] = e.Error()
	}
	return strings.Join(lines, "\n")
}

// Unwrap exposes the individual problems to errors.Is and errors.As.
func (l ErrorList) Unwrap() []error {
	errs := make([]error, len(l))
	for i, e := range l {
		errs[i] = e
	}
	return errs
}
