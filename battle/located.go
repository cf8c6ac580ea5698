package battle

import (
	"errors"
	"fmt"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// FileError is why Load or LoadSideCopy refuses a file: its problems
// (yamlfile.Problem), each with the path of the field to blame as data
// (setup.Ships[2].Pilot, journal[12].command, format), or the line of a
// file that is no JSON, and what is wrong. Its text is What and the
// problems one per line: "saved battle: setup.Ships[2].Pilot: unknown
// pilot ...".
type FileError struct {
	What     string // "saved battle" or "side copy"
	Problems yamlfile.List
}

func (e *FileError) Error() string { return e.What + ": " + e.Problems.Error() }

// Unwrap exposes the problems.
func (e *FileError) Unwrap() error { return e.Problems }

// problem returns one problem of the field as an error (a yamlfile.List).
func problem(field, format string, args ...any) error {
	return yamlfile.List{{Field: field, Msg: fmt.Sprintf(format, args...)}}
}

// refuse returns a FileError of one problem.
func refuse(what, field, format string, args ...any) error {
	return &FileError{What: what, Problems: yamlfile.List{{Field: field, Msg: fmt.Sprintf(format, args...)}}}
}

// fileError returns err as a FileError of a file of kind what: the
// problems of a yamlfile.List as they are, any other error as one problem
// of the whole file.
func fileError(what string, err error) error {
	var l yamlfile.List
	if errors.As(err, &l) {
		return &FileError{What: what, Problems: l}
	}
	return &FileError{What: what, Problems: yamlfile.List{{Msg: err.Error()}}}
}

// LoadFile is Load for a saved file named name, with every problem in the
// form every reader of the project uses: a yamlfile.List, each problem
// "name:line: field: what is allowed", the line being where the field is
// in data.
func LoadFile(name string, data []byte, comp *assets.Components) (*Battle, error) {
	b, err := Load(data, comp)
	if err != nil {
		return nil, Locate(name, data, err)
	}
	return b, nil
}

// Locate returns the problems of a JSON file that Load or LoadSideCopy
// refused (a FileError) as a yamlfile.List of the file name: each problem
// at the line of its field in data (the line of the field itself, or of
// the nearest enclosing field the file has); a problem of the whole file
// says what the file was read as ("saved battle: ..."). Another error
// becomes one problem of the file.
func Locate(name string, data []byte, err error) error {
	var fe *FileError
	if !errors.As(err, &fe) {
		return yamlfile.List{{File: name, Msg: err.Error()}}
	}
	want := map[string]int{}
	for _, p := range fe.Problems {
		for q := p.Field; q != ""; q = parentPath(q) {
			want[q] = 0
		}
	}
	yamlfile.JSONLines(data, want)
	out := make(yamlfile.List, len(fe.Problems))
	for i, p := range fe.Problems {
		p.File = name
		switch {
		case p.Field == "":
			p.Msg = fe.What + ": " + p.Msg
		case p.Line == 0:
			for q := p.Field; q != "" && p.Line == 0; q = parentPath(q) {
				p.Line = want[q]
			}
		}
		out[i] = p
	}
	return out
}

// parentPath drops the last key or index of a field path.
func parentPath(p string) string {
	for i := len(p) - 1; i >= 0; i-- {
		if p[i] == '.' || p[i] == '[' {
			return p[:i]
		}
	}
	return ""
}
