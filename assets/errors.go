package assets

import (
	"fmt"
	"strings"
)

// FieldError is one problem in a data file: where it is and what is allowed
// instead. Line is 1-based; 0 means the problem has no single line (for
// example a file that is not YAML at all). Field is the dotted path of the
// offending field, empty when the problem is with the file as a whole.
type FieldError struct {
	File  string
	Line  int
	Field string
	Msg   string
}

// Error formats the problem as "file:line: field: message", leaving out the
// parts that are unknown.
func (e *FieldError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	b.WriteString(": ")
	if e.Field != "" {
		b.WriteString(e.Field)
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// ErrorList holds every problem found in one pass over a file, in the order
// they were found (document order, then checks across fields). It is never
// returned empty: a nil error means no problem.
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
