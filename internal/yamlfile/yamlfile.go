// Package yamlfile reads YAML (and JSON) input files strictly and reports
// every problem at once, each with the file, the line, the field and what is
// allowed. Decoders walk the document with Doc and Map and collect problems
// in a Problems list instead of stopping at the first.
package yamlfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/internal/limits"
)

// Problem is one thing wrong with an input: a file of any format of the
// project (scenarios, measurements, moves, components, saved battles,
// photo marks) or a setup (battle.Setup.Check). It is the one problem type
// the project reports; readers take its parts as they are, never from its
// text.
type Problem struct {
	File  string // empty for an input that is no file (a setup)
	Line  int    // 1-based; 0 when no single line is to blame
	Field string // the field's path, such as ships[2].class or setup.Ships[1].Pilot; empty for the whole input
	Msg   string
}

// Error formats the problem as "file:line: field: message"; without a file
// "line N: field: message", the line and the field when known.
func (p Problem) Error() string {
	var b strings.Builder
	switch {
	case p.File != "":
		b.WriteString(p.File)
		if p.Line > 0 {
			fmt.Fprintf(&b, ":%d", p.Line)
		}
		b.WriteString(": ")
	case p.Line > 0:
		fmt.Fprintf(&b, "line %d: ", p.Line)
	}
	if p.Field != "" {
		b.WriteString(p.Field + ": ")
	}
	b.WriteString(p.Msg)
	return b.String()
}

// Problems collects the problems of one file. Its Err is nil when there
// are none, else an error that prints one problem per line, in line order:
// the first limits.Problems of them, then how many more there are.
type Problems struct {
	File string
	list []Problem
	more int
}

// Add records a problem at a node (nil for the whole file). Beyond
// limits.Problems problems only the count grows.
func (ps *Problems) Add(n *yaml.Node, field, format string, args ...any) {
	line := 0
	if n != nil {
		line = n.Line
	}
	ps.AddAt(line, field, format, args...)
}

// AddAt records a problem at a line (0 for the whole file), for readers
// that keep lines rather than nodes.
func (ps *Problems) AddAt(line int, field, format string, args ...any) {
	if len(ps.list) >= limits.Problems {
		ps.more++
		return
	}
	ps.list = append(ps.list, Problem{File: ps.File, Line: line, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// Blames reports whether a problem listed so far is about the field.
func (ps *Problems) Blames(field string) bool {
	for _, p := range ps.list {
		if p.Field == field {
			return true
		}
	}
	return false
}

// Len returns how many problems were recorded (listed or counted).
func (ps *Problems) Len() int { return len(ps.list) + ps.more }

// Err returns the problems as one error, or nil.
func (ps *Problems) Err() error {
	if len(ps.list) == 0 {
		return nil
	}
	sort.SliceStable(ps.list, func(i, j int) bool { return ps.list[i].Line < ps.list[j].Line })
	l := List(append([]Problem(nil), ps.list...))
	if ps.more > 0 {
		l = append(l, Problem{File: ps.File, Msg: fmt.Sprintf("and %d more problem(s) not listed", ps.more)})
	}
	return l
}

// List is a list of problems, the error returned by Problems.Err (and by
// every reader that reports problems). Beyond limits.Problems problems the
// last counts the rest ("and N more").
type List []Problem

// Unwrap exposes the individual problems to errors.Is and errors.As.
func (l List) Unwrap() []error {
	errs := make([]error, len(l))
	for i, p := range l {
		errs[i] = p
	}
	return errs
}

// Errors returns the errors err joins (errors.Join, a List), or err
// alone: the parts of a refusal, taken as they are rather than from its
// text.
func Errors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// Item returns the index of the list item the problem's field lies in,
// when its path begins with that list (ships[2].class is in item 2 of
// ships): which object of an input the problem is about.
func (p Problem) Item(list string) (int, bool) {
	rest, ok := strings.CutPrefix(p.Field, list+"[")
	if !ok {
		return 0, false
	}
	digits, _, ok := strings.Cut(rest, "]")
	n, err := strconv.Atoi(digits)
	if !ok || err != nil || n < 0 {
		return 0, false
	}
	return n, true
}

// Error prints one problem per line.
func (l List) Error() string {
	lines := make([]string, len(l))
	for i, p := range l {
		lines[i] = p.Error()
	}
	return strings.Join(lines, "\n")
}

var lineErr = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

// Doc parses data as a single YAML document and returns its root node, or
// nil after recording a syntax problem (an empty file is a problem too).
//
// A file larger than limits.FileBytes, or holding more than
// limits.YAMLNodes nodes, is refused whole.
func Doc(ps *Problems, data []byte) *yaml.Node {
	return parse(ps, data, false)
}

// Optional is Doc for a file that may be empty (only comments, or a bare
// null): it returns nil then without a problem.
func Optional(ps *Problems, data []byte) *yaml.Node {
	return parse(ps, data, true)
}

func parse(ps *Problems, data []byte, emptyOK bool) *yaml.Node {
	if len(data) > limits.FileBytes {
		ps.Add(nil, "", "%d bytes; allowed: at most %d", len(data), limits.FileBytes)
		return nil
	}
	if n := bytes.Count(data, []byte("\n")) + bytes.Count(data, []byte(",")) + bytes.Count(data, []byte(":")); n > limits.YAMLNodes {
		ps.Add(nil, "", "about %d values; allowed: at most %d", n, limits.YAMLNodes)
		return nil
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if !errors.Is(err, io.EOF) {
			syntax(ps, err)
		} else if !emptyOK {
			ps.Add(nil, "", "the file is empty")
		}
		return nil
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		ps.Add(&extra, "", "a second YAML document; allowed: one document per file")
		return nil
	} else if !errors.Is(err, io.EOF) {
		syntax(ps, err)
		return nil
	}
	if len(doc.Content) == 0 || emptyOK && doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].ShortTag() == "!!null" {
		if !emptyOK {
			ps.Add(nil, "", "the file is empty")
		}
		return nil
	}
	return doc.Content[0]
}

func syntax(ps *Problems, err error) {
	msg := err.Error()
	if m := lineErr.FindStringSubmatch(msg); m != nil {
		line, _ := strconv.Atoi(m[1])
		ps.list = append(ps.list, Problem{File: ps.File, Line: line, Msg: "not valid YAML: " + m[2]})
		return
	}
	ps.Add(nil, "", "not valid YAML: %s", strings.TrimPrefix(msg, "yaml: "))
}

// deref follows aliases.
func deref(n *yaml.Node) *yaml.Node {
	for depth := 0; n != nil && n.Kind == yaml.AliasNode && depth < 16; depth++ {
		n = n.Alias
	}
	return n
}

// Printable reports whether s is text a screen shows as written: valid
// UTF-8 with no control character other than a line break or a tab (a
// terminal escape sequence starts with one), and no invisible format
// character (bidi controls, the byte-order mark) other than the
// zero-width joiner of emoji sequences. It is the test of free text
// (briefings, notes); names and ids are PrintableLine.
func Printable(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r == '\n' || r == '\t' {
			continue
		}
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) && r != '\u200d' {
			return false
		}
	}
	return true
}

// PrintableLine is Printable without line breaks or tabs: the test of a
// name or an id, which every screen shows on one line.
func PrintableLine(s string) bool {
	return Printable(s) && !strings.ContainsAny(s, "\n\t")
}

// number returns a value the YAML parser took for a number as written,
// or cut after limits.Echo bytes.
func number(s string) string {
	if len(s) > limits.Echo {
		return s[:limits.Echo] + "..."
	}
	return s
}

// Safe returns a message for a player's screen: s itself when it is
// printable text, else s quoted with every control character escaped, so
// that no terminal escape or bidi control in a name a message repeats
// reaches the screen raw.
func Safe(s string) string {
	if Printable(s) {
		return s
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1]
}

// Echo quotes a user's value for a message, as every reader does:
// control characters escaped, cut after limits.Echo bytes.
func Echo(s string) string { return echo(s) }

// echo quotes a user's value for a message: control characters (terminal
// escapes, bidi controls) and invalid UTF-8 escaped, cut after limits.Echo
// characters.
func echo(s string) string {
	if r := []rune(s); len(r) > limits.Echo {
		return strconv.Quote(string(r[:limits.Echo])) + "..."
	}
	return strconv.Quote(s)
}
