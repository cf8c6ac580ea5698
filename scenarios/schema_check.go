//go:build !js

package scenarios

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"go.yaml.in/yaml/v3"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// The JSON Schema is checked where files are written and served: by the
// command line, the server and the desktop program. The browser page
// (js/wasm) leaves it out (schema_js.go) so that the validator and
// golang.org/x/text stay out of its download; there the decoder's own
// checks, which report every problem of the broken files the schema
// refuses (TestDecoderAloneReportsWhatTheSchemaReports), stand alone.

// schemaCheck is the schema's check of a parsed document.
func schemaCheck() func(*yamlfile.Problems, *yaml.Node) { return checkSchema }

// schemaURL is the schema's $id.
const schemaURL = "https://github.com/starshipbattles/bsg/scenarios/scenario.schema.json"

var (
	schemaOnce sync.Once
	schemaVal  *jsonschema.Schema
	schemaErr  error
)

// compiledSchema returns the compiled schema.
func compiledSchema() (*jsonschema.Schema, error) {
	schemaOnce.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(SchemaJSON))
		if err != nil {
			schemaErr = fmt.Errorf("scenario.schema.json: %w", err)
			return
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource(schemaURL, doc); err != nil {
			schemaErr = fmt.Errorf("scenario.schema.json: %w", err)
			return
		}
		schemaVal, schemaErr = c.Compile(schemaURL)
	})
	return schemaVal, schemaErr
}

// jsonValue converts a YAML document to the values encoding/json would
// give for the same data (maps, slices, strings, numbers, booleans, nil),
// recording the node of every value by its JSON pointer.
type jsonValue struct {
	at    map[string]*yaml.Node
	count int
	// tooBig is set when the document exceeds limits.JSONValues values or
	// limits.Depth levels.
	tooBig bool
}

func (j *jsonValue) convert(n *yaml.Node, ptr string, depth int) any {
	j.count++
	if j.count > limits.JSONValues || depth > limits.Depth {
		j.tooBig = true
		return nil
	}
	if n.Kind == yaml.AliasNode {
		if n.Alias == nil {
			return nil
		}
		return j.convert(n.Alias, ptr, depth+1)
	}
	if _, ok := j.at[ptr]; !ok {
		j.at[ptr] = n
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil
		}
		return j.convert(n.Content[0], ptr, depth+1)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			if _, dup := m[k]; dup {
				continue // the decoder reports it
			}
			m[k] = j.convert(n.Content[i+1], ptr+"/"+escapePointer(k), depth+1)
		}
		return m
	case yaml.SequenceNode:
		a := make([]any, len(n.Content))
		for i, c := range n.Content {
			a[i] = j.convert(c, ptr+"/"+strconv.Itoa(i), depth+1)
		}
		return a
	}
	return scalar(n)
}

// scalar returns a YAML scalar as a JSON value.
func scalar(n *yaml.Node) any {
	v := strings.ReplaceAll(n.Value, "_", "")
	switch n.ShortTag() {
	case "!!null":
		return nil
	case "!!bool":
		var b bool
		_ = n.Decode(&b)
		return b
	case "!!int":
		if i, err := strconv.ParseInt(v, 0, 64); err == nil {
			return i
		}
		return n.Value // out of range: the schema sees a string
	case "!!float":
		f, err := strconv.ParseFloat(v, 64)
		if err != nil {
			if dec := n.Decode(&f); dec != nil {
				return n.Value
			}
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return n.Value // not a JSON number: the schema sees a string
		}
		return f
	}
	return n.Value
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

// fieldOf turns a JSON instance location into the dotted field path the
// decoder uses, such as ships[2].class.
func fieldOf(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		if _, err := strconv.Atoi(tok); err == nil {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

func pointerOf(loc []string) string {
	var b strings.Builder
	for _, tok := range loc {
		b.WriteString("/" + escapePointer(tok))
	}
	return b.String()
}

var printer = message.NewPrinter(language.English)

// checkSchema validates the document against the JSON Schema and adds
// every schema problem the decoder has not already reported (a problem at
// the same field, or at a field inside or around it).
func checkSchema(ps *yamlfile.Problems, root *yaml.Node) {
	sch, err := compiledSchema()
	if err != nil {
		ps.Add(nil, "", "the scenario schema does not compile: %v", err)
		return
	}
	j := &jsonValue{at: map[string]*yaml.Node{}}
	v := j.convert(root, "", 0)
	if j.tooBig {
		ps.Add(root, "", "the document is too large or too deeply nested (aliases included) to check")
		return
	}
	verr := sch.Validate(v)
	if verr == nil {
		return
	}
	ve, ok := verr.(*jsonschema.ValidationError)
	if !ok {
		ps.Add(root, "", "schema: %v", verr)
		return
	}
	var known []string
	if l, ok := ps.Err().(yamlfile.List); ok {
		for _, p := range l {
			known = append(known, p.Field)
		}
	}
	reported := map[string]bool{}
	for _, leaf := range leaves(ve) {
		field := fieldOf(leaf.InstanceLocation)
		if covered(field, known) {
			continue
		}
		node := j.at[pointerOf(leaf.InstanceLocation)]
		msg := leaf.ErrorKind.LocalizedString(printer)
		if ap, ok := leaf.ErrorKind.(*kind.AdditionalProperties); ok {
			for _, prop := range ap.Properties {
				f := fieldOf(append(append([]string(nil), leaf.InstanceLocation...), prop))
				key := keyNode(node, prop)
				if !reported[f] {
					reported[f] = true
					ps.Add(key, f, "unknown field (scenario.schema.json)")
				}
			}
			continue
		}
		if id := field + "\x00" + msg; !reported[id] {
			reported[id] = true
			ps.Add(node, field, "%s (scenario.schema.json)", msg)
		}
	}
}

// covered reports whether the decoder reported a problem at field, inside
// it or around it.
func covered(field string, known []string) bool {
	for _, k := range known {
		if k == field || strings.HasPrefix(k, field+".") || strings.HasPrefix(k, field+"[") ||
			strings.HasPrefix(field, k+".") || strings.HasPrefix(field, k+"[") || field == "" || k == "" {
			return true
		}
	}
	return false
}

// keyNode returns the key node of a mapping's field, or the mapping.
func keyNode(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return m
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i]
		}
	}
	return m
}

// leaves returns the errors without causes: the specific problems.
// Wrapper kinds (a $ref, allOf, a failed then) only group them.
func leaves(e *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(e.Causes) == 0 {
		return []*jsonschema.ValidationError{e}
	}
	var out []*jsonschema.ValidationError
	for _, c := range e.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}
