package assets

import (
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

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
	return l
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

func firstLine(a, b int) int {
	if a > 0 {
		return a
	}
	return b
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

var idPattern = regexp.MustCompile(`^[a-z0-9]+(-[a-z0-9]+)*$`)

func (d *decoder) id(n *yaml.Node, path string) (string, bool) {
	s, ok := yamlfile.ID(&d.ps, n, path)
	if !ok {
		return "", false
	}
	if !idPattern.MatchString(s) {
		d.add(lineOf(resolve(n)), path, "must be lower-case letters and digits joined by single hyphens; got %s", yamlfile.Echo(s))
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
func (d *decoder) provenanceOf(fs []yamlfile.Field, line int, path string) (provenance, bool) {
	mark := d.mark()
	p := provenance{source: SourceMeasured, section: d.file}
	if !d.partial {
		yamlfile.Require(&d.ps, fs, line, path, "source", "section")
	}
	var sectionGiven bool
	for _, f := range fs {
		fp := yamlfile.Join(path, f.Key)
		switch f.Key {
		case "source":
			if s, ok := yamlfile.OneOf(&d.ps, f.Val, fp, d.sources()...); ok {
				p.source = Source(s)
			}
		case "section":
			if s, ok := yamlfile.Text(&d.ps, f.Val, fp); ok {
				if strings.TrimSpace(s) == "" {
					d.add(firstLine(lineOf(resolve(f.Val)), f.KeyNode.Line), fp, "must not be empty; name the rulebook section or the reason for the value")
				} else {
					p.section, sectionGiven = s, true
				}
			}
		case "note":
			if s, ok := yamlfile.Text(&d.ps, f.Val, fp); ok {
				p.note = s
			}
		}
	}
	if d.partial && !sectionGiven && p.source == SourceRulebook {
		d.add(line, yamlfile.Join(path, "section"), "missing; required when source is rulebook")
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
	shape := mappingOf(allowed)
	if d.partial {
		shape = what + ", or " + shape
	}
	fs, isMap := yamlfile.Fields(&d.ps, n, kn.Line, path, shape, allowed)
	if !isMap {
		return provenance{}, false
	}
	yamlfile.Require(&d.ps, fs, kn.Line, path, "value")
	if unit != "" && !d.partial {
		yamlfile.Require(&d.ps, fs, kn.Line, path, "unit")
	}
	for _, f := range fs {
		fp := yamlfile.Join(path, f.Key)
		switch f.Key {
		case "value":
			parse(f.Val, fp)
		case "unit":
			yamlfile.OneOf(&d.ps, f.Val, fp, unit)
		}
	}
	p, _ := d.provenanceOf(fs, kn.Line, path)
	return p, d.clean(mark)
}

// length decodes a Value in the given unit and range into *dst, and reports
// whether it did; whole and flag do the same for IntValue and BoolValue.
func (d *decoder) length(f yamlfile.Field, path string, r yamlfile.Range, dst *Value) bool {
	var v float64
	p, ok := d.leaf(f.KeyNode, f.Val, path, r.Unit, r.What(), func(n *yaml.Node, path string) bool {
		var ok bool
		v, ok = yamlfile.Number(&d.ps, n, path, r)
		return ok
	})
	if ok {
		*dst = Value{Value: v, Unit: r.Unit, Source: p.source, Section: p.section, Note: p.note}
		d.set(path, f.KeyNode.Line)
	}
	return ok
}

func (d *decoder) whole(f yamlfile.Field, path string, r yamlfile.IntRange, dst *IntValue) bool {
	var v int
	p, ok := d.leaf(f.KeyNode, f.Val, path, "", r.What(), func(n *yaml.Node, path string) bool {
		var ok bool
		v, ok = yamlfile.Whole(&d.ps, n, path, r)
		return ok
	})
	if ok {
		*dst = IntValue{Value: v, Source: p.source, Section: p.section, Note: p.note}
		d.set(path, f.KeyNode.Line)
	}
	return ok
}

func (d *decoder) flag(f yamlfile.Field, path string, dst *BoolValue) bool {
	var v bool
	p, ok := d.leaf(f.KeyNode, f.Val, path, "", "true or false", func(n *yaml.Node, path string) bool {
		var ok bool
		v, ok = yamlfile.Bool(&d.ps, n, path)
		return ok
	})
	if ok {
		*dst = BoolValue{Value: v, Source: p.source, Section: p.section, Note: p.note}
		d.set(path, f.KeyNode.Line)
	}
	return ok
}

func fmtFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
