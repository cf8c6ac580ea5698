package yamlfile

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/internal/limits"
)

// The readers below are the one way every YAML format of the project reads
// its fields (tables, moves, scenarios, photo marks, components): each
// bounds what it reads by internal/limits and reports a problem in one
// form, "file:line: field: what was given; allowed: what is allowed" (or
// "must be what is allowed; got what was given" when the value is not even
// of the right kind).

// Field is one key of a mapping with its value.
type Field struct {
	Key     string
	KeyNode *yaml.Node
	Val     *yaml.Node
}

// Line returns the line of the field's value, or of its key when the value
// has none (an absent value).
func (f Field) Line() int { return lineOr(deref(f.Val), f.KeyNode.Line) }

// Fields reads n as a mapping and returns its fields in document order.
// Nothing (an absent or null value) is an empty mapping. Every key must be
// plain text, given once, and in allowed (nil allows any key); the others
// are reported and left out. The result's second value is false when n is
// not a mapping at all; what says what n may be, for that message, and line
// is the line to blame when n has none (the line of n's key).
func Fields(ps *Problems, n *yaml.Node, line int, path, what string, allowed []string) ([]Field, bool) {
	n = deref(n)
	if isNull(n) {
		return nil, true
	}
	if n.Kind != yaml.MappingNode {
		ps.AddAt(lineOr(n, line), path, "must be %s; got %s", what, describe(n))
		return nil, false
	}
	first := map[string]int{}
	var out []Field
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := deref(n.Content[i]), n.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			ps.Add(n.Content[i], path, "a field name must be plain text; got %s", describe(k))
			continue
		}
		p := Join(path, k.Value)
		if l, dup := first[k.Value]; dup {
			ps.Add(k, p, "given twice; first at line %d", l)
			continue
		}
		first[k.Value] = k.Line
		out = append(out, Field{Key: k.Value, KeyNode: k, Val: v})
	}
	if allowed != nil {
		out = Allow(ps, out, path, allowed)
	}
	return out, true
}

// Allow reports the fields whose key is not in allowed and returns the
// others.
func Allow(ps *Problems, fs []Field, path string, allowed []string) []Field {
	var out []Field
	for _, f := range fs {
		if !contains(allowed, f.Key) {
			ps.Add(f.KeyNode, Join(path, f.Key), "unknown field; allowed: %s", strings.Join(allowed, ", "))
			continue
		}
		out = append(out, f)
	}
	return out
}

// Require reports each key that fs lacks, at line (the line of the
// mapping's own key, or of the mapping).
func Require(ps *Problems, fs []Field, line int, path string, keys ...string) {
	for _, k := range keys {
		if Lookup(fs, k) == nil {
			ps.AddAt(line, Join(path, k), "missing; required")
		}
	}
}

// Lookup returns the field named key, or nil.
func Lookup(fs []Field, key string) *Field {
	for i := range fs {
		if fs[i].Key == key {
			return &fs[i]
		}
	}
	return nil
}

// Map reads n as a mapping that must be given (nothing is not one) whose
// keys are all in allowed, and returns the value nodes by key. A key marked
// with a trailing "!" in allowed (e.g. "id!") is required.
func Map(ps *Problems, n *yaml.Node, path string, allowed ...string) map[string]*yaml.Node {
	keys := make([]string, len(allowed))
	var required []string
	for i, a := range allowed {
		name, req := strings.CutSuffix(a, "!")
		keys[i] = name
		if req {
			required = append(required, name)
		}
	}
	out := map[string]*yaml.Node{}
	what := "a mapping with the fields " + strings.Join(keys, ", ")
	if isNull(deref(n)) {
		ps.Add(n, path, "must be %s; got nothing", what)
		return out
	}
	fs, isMap := Fields(ps, n, 0, path, what, keys)
	if !isMap {
		return out
	}
	for _, f := range fs {
		out[f.Key] = f.Val
	}
	Require(ps, fs, deref(n).Line, path, required...)
	return out
}

// Peek returns the value of key in the mapping n without checking
// anything, or nil; it lets a decoder pick the shape of a mapping by one of
// its fields before checking the mapping as a whole.
func Peek(n *yaml.Node, key string) *yaml.Node {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// Seq reads n as a list that must be given (nothing is not one), of at
// most limits.Items items, and returns its items.
func Seq(ps *Problems, n *yaml.Node, path string) []*yaml.Node {
	if isNull(deref(n)) {
		ps.Add(n, path, "must be a list; got nothing")
		return nil
	}
	return seq(ps, n, 0, path, "a list")
}

// SeqOf is Seq for a list a format bounds more tightly than limits.Items:
// at most most items, what naming them in the message ("ships").
func SeqOf(ps *Problems, n *yaml.Node, path, what string, most int) []*yaml.Node {
	items := Seq(ps, n, path)
	if len(items) > most {
		ps.Add(n, path, "%d %s; allowed: at most %d", len(items), what, most)
		return nil
	}
	return items
}

// Items reads n as a list of what, of at most limits.Items items; nothing
// is an empty list. line is the line to blame when n has none.
func Items(ps *Problems, n *yaml.Node, line int, path, what string) []*yaml.Node {
	if isNull(deref(n)) {
		return nil
	}
	return seq(ps, n, line, path, "a list of "+what)
}

func seq(ps *Problems, n *yaml.Node, line int, path, what string) []*yaml.Node {
	n = deref(n)
	if n.Kind != yaml.SequenceNode {
		ps.AddAt(lineOr(n, line), path, "must be %s; got %s", what, describe(n))
		return nil
	}
	if len(n.Content) > limits.Items {
		ps.Add(n, path, "%d items; allowed: at most %d", len(n.Content), limits.Items)
		return nil
	}
	return n.Content
}

// Vertices reads a polygon's vertex list: at most limits.Vertices items.
func Vertices(ps *Problems, n *yaml.Node, path string) []*yaml.Node {
	items := Seq(ps, n, path)
	if len(items) > limits.Vertices {
		ps.Add(n, path, "%d vertices; allowed: 3 to %d", len(items), limits.Vertices)
		return nil
	}
	return items
}

// Range is the interval a number read by Number must lie in: from Min
// (excluded when Open) to Max, in Unit ("mm", "deg", or "" for none).
type Range struct {
	Min, Max float64
	Open     bool
	Unit     string
}

// String says what the range allows: "-10000 to 10000", "-180 to 180 deg",
// "more than 0, at most 4000 mm".
func (r Range) String() string {
	u := ""
	if r.Unit != "" {
		u = " " + r.Unit
	}
	if r.Open {
		return fmt.Sprintf("more than %s, at most %s%s", g(r.Min), g(r.Max), u)
	}
	return fmt.Sprintf("%s to %s%s", g(r.Min), g(r.Max), u)
}

// What says what a value must be: "a number from -10000 to 10000", "a
// number more than 0, at most 4000 mm".
func (r Range) What() string {
	if r.Open {
		return "a number " + r.String()
	}
	return "a number from " + r.String()
}

func (r Range) holds(f float64) bool {
	return f <= r.Max && (f > r.Min || !r.Open && f == r.Min)
}

func g(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

// Coordinates is the range of Float: any position or length on a table,
// within limits.Coordinate.
var Coordinates = Range{Min: -limits.Coordinate, Max: limits.Coordinate}

// Number reads a finite number in r.
func Number(ps *Problems, n *yaml.Node, path string, r Range) (float64, bool) {
	n = deref(n)
	f, ok := parseNumber(n)
	if !ok {
		ps.Add(n, path, "must be %s; got %s", r.What(), describe(n))
		return 0, false
	}
	if !r.holds(f) {
		u := ""
		if r.Unit != "" {
			u = " " + r.Unit
		}
		ps.Add(n, path, "%s%s is out of range; allowed: %s", describe(n), u, r)
		return 0, false
	}
	return f, true
}

// parseNumber returns the value of a scalar the YAML parser took for a
// number, false for anything else or a value that is not finite.
func parseNumber(n *yaml.Node) (float64, bool) {
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" && n.ShortTag() != "!!float" {
		return 0, false
	}
	v := strings.ReplaceAll(n.Value, "_", "")
	f, err := strconv.ParseFloat(v, 64)
	if err != nil {
		i, ierr := strconv.ParseInt(v, 0, 64)
		if ierr != nil {
			return 0, false
		}
		f = float64(i)
	}
	return f, !math.IsInf(f, 0) && !math.IsNaN(f)
}

// Float reads a finite number within Coordinates.
func Float(ps *Problems, n *yaml.Node, path string) (float64, bool) {
	return Number(ps, n, path, Coordinates)
}

// Positive reads a number more than 0, within Coordinates: a length or a
// radius.
func Positive(ps *Problems, n *yaml.Node, path string) (float64, bool) {
	return Number(ps, n, path, Range{Min: 0, Max: limits.Coordinate, Open: true, Unit: "mm"})
}

// TableSide reads a side of the play area: more than 0, at most
// limits.TableMM millimetres.
func TableSide(ps *Problems, n *yaml.Node, path string) (float64, bool) {
	return Number(ps, n, path, Range{Min: 0, Max: limits.TableMM, Open: true, Unit: "mm"})
}

// IntRange is the closed interval a whole number read by Whole must lie
// in, with an optional note on what the values mean ("0 for unlimited").
type IntRange struct {
	Min, Max int
	Note     string
}

// String says what the range allows: "2 to 12", "0 to 99, 0 for unlimited".
func (r IntRange) String() string {
	s := fmt.Sprintf("%d to %d", r.Min, r.Max)
	if r.Note != "" {
		s += ", " + r.Note
	}
	return s
}

// What says what a value must be: "a whole number from 2 to 12".
func (r IntRange) What() string { return "a whole number from " + r.String() }

// Whole reads a whole number in r.
func Whole(ps *Problems, n *yaml.Node, path string, r IntRange) (int, bool) {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		ps.Add(n, path, "must be %s; got %s", r.What(), describe(n))
		return 0, false
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(n.Value, "_", ""), 0, 64)
	if err != nil || v < int64(r.Min) || v > int64(r.Max) {
		ps.Add(n, path, "%s is out of range; allowed: %s", describe(n), r)
		return 0, false
	}
	return int(v), true
}

// Int reads a whole number in [lo, hi].
func Int(ps *Problems, n *yaml.Node, path string, lo, hi int) (int, bool) {
	return Whole(ps, n, path, IntRange{Min: lo, Max: hi})
}

// Bool reads true or false.
func Bool(ps *Problems, n *yaml.Node, path string) (bool, bool) {
	n = deref(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		ps.Add(n, path, "must be true or false; got %s", describe(n))
		return false, false
	}
	var b bool
	if err := n.Decode(&b); err != nil {
		ps.Add(n, path, "must be true or false; got %s", describe(n))
		return false, false
	}
	return b, true
}

// Text reads free text (a briefing, a note): any scalar, nothing being
// the empty string, printable (line breaks and tabs allowed), at most
// limits.TextLength bytes, since a terminal escape sequence in it would
// reach the players' screens raw.
func Text(ps *Problems, n *yaml.Node, path string) (string, bool) {
	n = deref(n)
	if isNull(n) {
		return "", true
	}
	if n.Kind != yaml.ScalarNode {
		ps.Add(n, path, "must be text; got %s", describe(n))
		return "", false
	}
	return printable(ps, n, path, limits.TextLength, Printable, "printable text")
}

// String reads a name: a non-empty string (a YAML string, not a number or
// a boolean) of printable text on one line, at most limits.TextLength
// bytes.
func String(ps *Problems, n *yaml.Node, path string) (string, bool) {
	n = deref(n)
	if !isString(n) {
		ps.Add(n, path, "must be a non-empty string; got %s", describe(n))
		return "", false
	}
	return printable(ps, n, path, limits.TextLength, PrintableLine, "printable text on one line")
}

// ID reads an identifier (of a ship, an obstacle, a zone): String, at
// most limits.IDLength bytes, as the engine holds every setup to
// (battle.Setup.Check).
func ID(ps *Problems, n *yaml.Node, path string) (string, bool) {
	n = deref(n)
	if !isString(n) {
		ps.Add(n, path, "must be a non-empty string; got %s", describe(n))
		return "", false
	}
	return printable(ps, n, path, limits.IDLength, PrintableLine, "printable text on one line")
}

func isString(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!str" && n.Value != ""
}

func printable(ps *Problems, n *yaml.Node, path string, most int, ok func(string) bool, what string) (string, bool) {
	if len(n.Value) > most {
		ps.Add(n, path, "%d bytes; allowed: at most %d", len(n.Value), most)
		return "", false
	}
	if !ok(n.Value) {
		ps.Add(n, path, "%s holds a control character (a terminal escape?); allowed: %s", echo(n.Value), what)
		return "", false
	}
	return n.Value, true
}

// OneOf reads a string that must be one of allowed.
func OneOf(ps *Problems, n *yaml.Node, path string, allowed ...string) (string, bool) {
	s, ok := String(ps, n, path)
	if !ok {
		return "", false
	}
	if !contains(allowed, s) {
		ps.Add(n, path, "%s is not allowed; allowed: %s", echo(s), strings.Join(allowed, ", "))
		return "", false
	}
	return s, true
}

var plainKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// Join appends a key to a dotted field path. A key that is not a plain
// word (letters, digits, - and _) is quoted with Echo, so a message stays
// on one line and no escape sequence in a key reaches a screen.
func Join(path, key string) string {
	if !plainKey.MatchString(key) || len(key) > limits.Echo {
		key = echo(key)
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// Describe names what a node holds, for the "got ..." of a message: a
// number or boolean as written, text quoted with Echo, or "a mapping", "a
// list", "nothing".
func Describe(n *yaml.Node) string { return describe(n) }

func describe(n *yaml.Node) string {
	n = deref(n)
	switch {
	case isNull(n):
		return "nothing"
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.ScalarNode && n.Tag == n.ShortTag() && n.Style == 0 &&
		(n.Tag == "!!int" || n.Tag == "!!float" || n.Tag == "!!bool"):
		return number(n.Value)
	case n.Kind == yaml.ScalarNode:
		return echo(n.Value)
	default:
		return "an alias"
	}
}

func isNull(n *yaml.Node) bool {
	return n == nil || n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// lineOr returns n's line, or line when n has none.
func lineOr(n *yaml.Node, line int) int {
	if n != nil && n.Line > 0 {
		return n.Line
	}
	return line
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
