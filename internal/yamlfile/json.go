package yamlfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/starshipbattles/bsg/internal/limits"
)

// walkJSON calls visit for every value of a JSON document with its field
// path (a.b[2].c; "" for the whole document), its first token and the
// offset just after that token, until visit returns false or the document
// ends (or is not JSON: the decoder reports that later).
func walkJSON(data []byte, visit func(path string, tok json.Token, depth int, off int64) bool) {
	type frame struct {
		path    string
		array   bool
		index   int
		key     bool   // an object expecting a key
		pending string // an object's path of the key just read
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	var stack []frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			if n := len(stack); n > 0 && !stack[n-1].array {
				stack[n-1].key = true
			}
			continue
		}
		path := ""
		if n := len(stack); n > 0 {
			top := &stack[n-1]
			switch {
			case top.array:
				path = top.path + "[" + strconv.Itoa(top.index) + "]"
				top.index++
			case top.key:
				k, _ := tok.(string)
				top.pending = joinJSON(top.path, k)
				top.key = false
				continue
			default:
				path = top.pending
				top.key = true
			}
		}
		if !visit(path, tok, len(stack), dec.InputOffset()) {
			return
		}
		if d, ok := tok.(json.Delim); ok {
			stack = append(stack, frame{path: path, array: d == '[', key: d == '{'})
		}
	}
}

func joinJSON(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// CheckJSON refuses a JSON document, before it is decoded into Go values,
// holding a list longer than maxItems or nesting deeper than
// limits.Depth: the decoded values of a few MB of short entries would take
// far more memory than the file. The error names the field (a.b[2].c) and
// the bound (a List of one Problem, no file); a document that is not JSON
// is left to the decoder.
func CheckJSON(data []byte, maxItems int) error {
	var err error
	walkJSON(data, func(path string, _ json.Token, depth int, _ int64) bool {
		if depth >= limits.Depth {
			err = List{{Field: or(path, "document"), Msg: fmt.Sprintf("nested more than %d deep; allowed: at most %d", limits.Depth, limits.Depth)}}
			return false
		}
		if parent, i, ok := lastIndex(path); ok && i+1 > maxItems {
			err = List{{Field: or(parent, "document"), Msg: fmt.Sprintf("a list of more than %d items; allowed: at most %d", maxItems, maxItems)}}
			return false
		}
		return true
	})
	return err
}

func or(s, alt string) string {
	if s == "" {
		return alt
	}
	return s
}

// lastIndex splits a path ending in an index, a.b[7], into a.b and 7.
func lastIndex(path string) (string, int, bool) {
	if len(path) < 3 || path[len(path)-1] != ']' {
		return "", 0, false
	}
	i := bytes.LastIndexByte([]byte(path), '[')
	n, err := strconv.Atoi(path[i+1 : len(path)-1])
	if i < 0 || err != nil {
		return "", 0, false
	}
	return path[:i], n, true
}

// JSONValues counts the separators of a JSON document (commas, colons and
// brackets): at least the number of values it decodes to, found without
// decoding. A caller refuses a document with too many before decoding it.
func JSONValues(data []byte) int {
	n := 0
	for _, c := range data {
		switch c {
		case ',', ':', '[', '{':
			n++
		}
	}
	return n
}

// JSONLines sets want[path] to the line of each wanted field path (a.b[2].c)
// in the JSON document data, stopping once all are found; a path the
// document does not have keeps 0.
func JSONLines(data []byte, want map[string]int) {
	left := len(want)
	line, counted := 1, 0
	at := func(off int64) int {
		o := min(int(off), len(data))
		line += bytes.Count(data[counted:o], []byte("\n"))
		counted = o
		return line
	}
	walkJSON(data, func(path string, _ json.Token, _ int, off int64) bool {
		if n, ok := want[path]; ok && n == 0 {
			want[path] = at(off)
			left--
		}
		return left > 0
	})
}
