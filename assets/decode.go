package assets

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// decoder walks one YAML document node by node, writing what it can decode
// into a Components and collecting every problem instead of stopping at the
// first.
type decoder struct {
	file string
	// partial is set for override files: every field is optional, a value
	// may be given in the short form (the bare number or boolean), and the
	// source defaults to SourceMeasured.
	partial bool
	// ps is the problem list every reader of the project shares: capped
	// at limits.Problems, then counted.
	ps  yamlfile.Problems
	pos map[string]position
}

func newDecoder(file string, partial bool, pos map[string]position) *decoder {
	return &decoder{file: file, partial: partial, pos: pos, ps: yamlfile.Problems{File: file}}
}

func (d *decoder) add(line int, field, format string, args ...any) {
	d.ps.AddAt(line, field, format, args...)
}

func (d *decoder) mark() int { return d.ps.Len() }

// problems returns the problems found, in line order (all are in d.file).
func (d *decoder) problems() ErrorList {
	l, _ := d.ps.Err().(yamlfile.List)
	out := make(ErrorList, len(l))
	for i := range l {
		out[i] = &l[i]
	}
	return out
}

func (d *decoder) clean(mark int) bool { return d.ps.Len() == mark }

func (d *decoder) set(path string, line int) { d.pos[path] = position{file: d.file, line: line} }

// parse returns the root node of the single document in data, nil for an
// empty document or a syntax error (which it records). It is the parse
// every reader shares (yamlfile.Optional): file size and node count within
// internal/limits.
func (d *decoder) parse(data []byte) *yaml.Node {
	root := resolve(yamlfile.Optional(&d.ps, data))
	if isNull(root) {
		return nil
	}
	return root
}

// resolve follows aliases to the node they name.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; i < 4 && n != nil && n.Kind == yaml.AliasNode; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n == nil || (n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null")
}

func lineOf(n *yaml.Node) int {
	if n == nil {
		return 0
	}
	return n.Line
}

// describe names what a node is, for "got ..." in messages.
func describe(n *yaml.Node) string {
	n = resolve(n)
	switch {
	case n == nil:
		return "nothing"
	case n.Kind == yaml.MappingNode:
		return "a mapping"
	case n.Kind == yaml.SequenceNode:
		return "a list"
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null":
		return "nothing"
	case n.Kind == yaml.ScalarNode && n.Tag == n.ShortTag() && n.Style == 0 &&
		(n.Tag == "!!int" || n.Tag == "!!float" || n.Tag == "!!bool"):
		return truncate(oneLine(n.Value))
	case n.Kind == yaml.ScalarNode:
		return quote(n.Value)
	default:
		return "an alias"
	}
}

// maxEcho is how many characters of the user's text a message repeats.
const maxEcho = limits.Echo

// quote renders user text on one line and at a readable length, escaped
// as every reader's messages are (yamlfile.Echo).
func quote(s string) string { return yamlfile.Echo(s) }

func truncate(s string) string {
	if r := []rune(s); len(r) > maxEcho {
		return string(r[:maxEcho]) + "..."
	}
	return s
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

var plainKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// join appends a key to a dotted field path, quoting keys that are not
// plain words so a message stays on one line.
func join(path, key string) string {
	if !plainKey.MatchString(key) || len(key) > maxEcho {
		key = quote(key)
	}
	if path == "" {
		return key
	}
	return path + "." + key
}

// field is one key of a mapping with its value.
type field struct {
	key     string
	keyNode *yaml.Node
	val     *yaml.Node
}

// fields checks that n is a mapping (nothing counts as an empty one) whose
// keys are all allowed and not repeated, and returns its allowed fields in
// document order; false means n is not a mapping at all. what says what n
// may be, for the message when it is not.
func (d *decoder) fields(n *yaml.Node, line int, path string, allowed []string, what string) ([]field, bool) {
	all, isMap := d.entries(n, line, path, what)
	return d.allow(all, path, allowed), isMap
}

// allow reports the fields whose key is not allowed and returns the others.
func (d *decoder) allow(fs []field, path string, allowed []string) []field {
	var out []field
	for _, f := range fs {
		if !contains(allowed, f.key) {
			d.add(f.keyNode.Line, join(path, f.key), "unknown field; allowed: %s", strings.Join(allowed, ", "))
			continue
		}
		out = append(out, f)
	}
	return out
}

// entries is fields without the check of the keys against a fixed list.
func (d *decoder) entries(n *yaml.Node, line int, path string, what string) ([]field, bool) {
	n = resolve(n)
	if isNull(n) {
		return nil, true
	}
	if n.Kind != yaml.MappingNode {
		d.add(firstLine(lineOf(n), line), path, "must be %s; got %s", what, describe(n))
		return nil, false
	}
	first := map[string]int{}
	var out []field
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := resolve(n.Content[i]), n.Content[i+1]
		if k == nil || k.Kind != yaml.ScalarNode {
			d.add(lineOf(n.Content[i]), path, "a field name must be plain text; got %s", describe(k))
			continue
		}
		p := join(path, k.Value)
		if l, dup := first[k.Value]; dup {
			d.add(k.Line, p, "repeated field; first given at line %d", l)
			continue
		}
		first[k.Value] = k.Line
		out = append(out, field{key: k.Value, keyNode: k, val: v})
	}
	return out, true
}

func firstLine(a, b int) int {
	if a > 0 {
		return a
	}
	return b
}

// require reports each key that fs lacks, at the line of the mapping's own
// key.
func (d *decoder) require(fs []field, line int, path string, keys ...string) {
	for _, k := range keys {
		if lookup(fs, k) == nil {
			d.add(line, join(path, k), "missing; required")
		}
	}
}

func lookup(fs []field, key string) *field {
	for i := range fs {
		if fs[i].key == key {
			return &fs[i]
		}
	}
	return nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// number decodes a finite number in [min, max] (min excluded when open).
func (d *decoder) number(n *yaml.Node, path string, r floatRange) (float64, bool) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && n.ShortTag() != "!!float") {
		d.add(lineOf(n), path, "must be %s; got %s", r, describe(n))
		return 0, false
	}
	var f float64
	if err := n.Decode(&f); err != nil || !finite(f) || !r.holds(f) {
		d.add(n.Line, path, "must be %s; got %s", r, describe(n))
		return 0, false
	}
	return f, true
}

// floatRange is the interval a measurement must lie in: (min, max].
type floatRange struct {
	unit     string
	min, max float64
}

func (r floatRange) holds(f float64) bool { return f > r.min && f <= r.max }

func (r floatRange) String() string {
	kind := "a length"
	if r.unit == UnitDeg {
		kind = "an angle"
	}
	return fmt.Sprintf("%s in %s greater than %s and at most %s", kind, r.unit, fmtFloat(r.min), fmtFloat(r.max))
}

// intRange is the closed interval a whole number must lie in.
type intRange struct{ min, max int }

func (r intRange) String() string {
	return fmt.Sprintf("a whole number from %d to %d", r.min, r.max)
}

func (d *decoder) integer(n *yaml.Node, path string, r intRange) (int, bool) {
	return d.integerAs(n, path, r, r.String())
}

// integerAs is integer with what, the description of the allowed values
// the message gives.
func (d *decoder) integerAs(n *yaml.Node, path string, r intRange, what string) (int, bool) {
	n = resolve(n)
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
		d.add(lineOf(n), path, "must be %s; got %s", what, describe(n))
		return 0, false
	}
	var i int64
	if err := n.Decode(&i); err != nil || i < int64(r.min) || i > int64(r.max) {
		d.add(n.Line, path, "must be %s; got %s", what, describe(n))
		return 0, false
	}
	return int(i), true
}

func (d *decoder) boolean(n *yaml.Node, path string) (bool, bool) {
	n = resolve(n)
	var b bool
	if n == nil || n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || n.Decode(&b) != nil {
		d.add(lineOf(n), path, "must be true or false; got %s", describe(n))
		return false, false
	}
	return b, true
}

// text decodes any scalar as text; nothing is the empty string.
func (d *decoder) text(n *yaml.Node, path string) (string, bool) {
	n = resolve(n)
	if isNull(n) {
		return "", true
	}
	if n.Kind != yaml.ScalarNode {
		d.add(n.Line, path, "must be text; got %s", describe(n))
		return "", false
	}
	if len(n.Value) > limits.TextLength {
		d.add(n.Line, path, "%d bytes; allowed: at most %d (internal/limits)", len(n.Value), limits.TextLength)
		return "", false
	}
	if !yamlfile.Printable(n.Value) {
		d.add(n.Line, path, "%s holds a control character (a terminal escape?); allowed: printable text", quote(n.Value))
		return "", false
	}
	return n.Value, true
}

// oneOf decodes a scalar that must be one of allowed.
func (d *decoder) oneOf(n *yaml.Node, path, what string, allowed []string) (string, bool) {
	s, ok := d.text(n, path)
	if !ok {
		return "", false
	}
	if !contains(allowed, s) {
		d.add(lineOf(resolve(n)), path, "unknown %s %s; allowed: %s", what, quote(s), strings.Join(allowed, ", "))
		return "", false
	}
	return s, true
}

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (d *decoder) id(n *yaml.Node, path string) (string, bool) {
	s, ok := d.text(n, path)
	if !ok {
		return "", false
	}
	if !idPattern.MatchString(s) {
		d.add(lineOf(resolve(n)), path, "must be lower-case letters and digits joined by single hyphens; got %s", quote(s))
		return "", false
	}
	return s, true
}

// provenance is the source, section and note of a value.
type provenance struct {
	source  Source
	section string
	note    string
}

func (d *decoder) sources() []string {
	if d.partial {
		return []string{string(SourceRulebook), string(SourceProposal), string(SourceMeasured)}
	}
	return []string{string(SourceRulebook), string(SourceProposal)}
}

// provenanceOf decodes source, section and note from fs. In a data file
// source and section are required; in an override the source defaults to
// measured and the section to the file name, except that a rulebook value
// must name its section.
func (d *decoder) provenanceOf(fs []field, line int, path string) (provenance, bool) {
	mark := d.mark()
	p := provenance{source: SourceMeasured, section: d.file}
	if !d.partial {
		d.require(fs, line, path, "source", "section")
	}
	var sectionGiven bool
	for _, f := range fs {
		fp := join(path, f.key)
		switch f.key {
		case "source":
			if s, ok := d.oneOf(f.val, fp, "source", d.sources()); ok {
				p.source = Source(s)
			}
		case "section":
			if s, ok := d.text(f.val, fp); ok {
				if strings.TrimSpace(s) == "" {
					d.add(firstLine(lineOf(resolve(f.val)), f.keyNode.Line), fp, "must not be empty; name the rulebook section or the reason for the value")
				} else {
					p.section, sectionGiven = s, true
				}
			}
		case "note":
			if s, ok := d.text(f.val, fp); ok {
				p.note = s
			}
		}
	}
	if d.partial && !sectionGiven && p.source == SourceRulebook {
		d.add(line, join(path, "section"), "missing; required when source is rulebook")
	}
	return p, d.clean(mark)
}

// leaf decodes one value with provenance: a mapping {value, [unit,] source,
// section, note} or, in an override, the bare value. parse decodes the value
// node; what says what it may be. unit is the only unit allowed, "" for none.
func (d *decoder) leaf(kn, n *yaml.Node, path, unit, what string, parse func(*yaml.Node, string) bool) (provenance, bool) {
	mark := d.mark()
	rn := resolve(n)
	if d.partial && rn != nil && rn.Kind == yaml.ScalarNode && !isNull(rn) {
		if !parse(rn, path) {
			return provenance{}, false
		}
		return provenance{source: SourceMeasured, section: d.file}, true
	}
	allowed := []string{"value", "unit", "source", "section", "note"}
	if unit == "" {
		allowed = []string{"value", "source", "section", "note"}
	}
	shape := "a mapping with fields " + strings.Join(allowed, ", ")
	if d.partial {
		shape = what + ", or " + shape
	}
	fs, isMap := d.fields(n, kn.Line, path, allowed, shape)
	if !isMap {
		return provenance{}, false
	}
	d.require(fs, kn.Line, path, "value")
	if unit != "" && !d.partial {
		d.require(fs, kn.Line, path, "unit")
	}
	for _, f := range fs {
		fp := join(path, f.key)
		switch f.key {
		case "value":
			parse(f.val, fp)
		case "unit":
			d.oneOf(f.val, fp, "unit", []string{unit})
		}
	}
	p, _ := d.provenanceOf(fs, kn.Line, path)
	return p, d.clean(mark)
}

// length decodes a Value in the given unit and range into *dst, and reports
// whether it did; whole and flag do the same for IntValue and BoolValue.
func (d *decoder) length(f field, path string, r floatRange, dst *Value) bool {
	var v float64
	p, ok := d.leaf(f.keyNode, f.val, path, r.unit, r.String(), func(n *yaml.Node, path string) bool {
		var ok bool
		v, ok = d.number(n, path, r)
		return ok
	})
	if ok {
		*dst = Value{Value: v, Unit: r.unit, Source: p.source, Section: p.section, Note: p.note}
		d.set(path, f.keyNode.Line)
	}
	return ok
}

func (d *decoder) whole(f field, path string, r intRange, dst *IntValue) bool {
	var v int
	p, ok := d.leaf(f.keyNode, f.val, path, "", r.String(), func(n *yaml.Node, path string) bool {
		var ok bool
		v, ok = d.integer(n, path, r)
		return ok
	})
	if ok {
		*dst = IntValue{Value: v, Source: p.source, Section: p.section, Note: p.note}
		d.set(path, f.keyNode.Line)
	}
	return ok
}

func (d *decoder) flag(f field, path string, dst *BoolValue) bool {
	var v bool
	p, ok := d.leaf(f.keyNode, f.val, path, "", "true or false", func(n *yaml.Node, path string) bool {
		var ok bool
		v, ok = d.boolean(n, path)
		return ok
	})
	if ok {
		*dst = BoolValue{Value: v, Source: p.source, Section: p.section, Note: p.note}
		d.set(path, f.keyNode.Line)
	}
	return ok
}

// items checks that n is a list (nothing counts as an empty one) and returns
// its elements.
func (d *decoder) items(n *yaml.Node, line int, path, what string) []*yaml.Node {
	n = resolve(n)
	if isNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		d.add(firstLine(lineOf(n), line), path, "must be a list of %s; got %s", what, describe(n))
		return nil
	}
	if len(n.Content) > limits.Items {
		d.add(n.Line, path, "%d items; allowed: at most %d (internal/limits)", len(n.Content), limits.Items)
		return nil
	}
	return n.Content
}

func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
