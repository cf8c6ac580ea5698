package battle

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// LoadFile is Load for a saved file named name, with every problem on a
// line of its own in the form every reader of the project uses:
// "name:line: field: what is allowed", the line being where the field is
// in data.
func LoadFile(name string, data []byte, comp *assets.Components) (*Battle, error) {
	b, err := Load(data, comp)
	if err != nil {
		return nil, Locate(name, data, err)
	}
	return b, nil
}

var (
	fieldPath = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*|\[\d+\])*)(?: \(.*\))?$`)
	atLine    = regexp.MustCompile(`^line (\d+): (.*)$`)
)

// Locate rewrites the problems of a JSON file (one per line of err, each
// "field: message" or "line N: message", after a "saved battle: " or
// "side copy: " prefix) as "name:line: field: message", finding each
// field's line in data (the line of the field itself, or of the nearest
// enclosing field the file has).
func Locate(name string, data []byte, err error) error {
	lines := strings.Split(err.Error(), "\n")
	type problem struct{ field, path, msg string }
	ps := make([]problem, len(lines))
	want := map[string]int{}
	kind := "saved battle"
	for i, l := range lines {
		for _, p := range []string{"saved battle", "side copy"} {
			if rest, ok := strings.CutPrefix(l, p+": "); ok {
				l, kind = rest, p
			}
		}
		if m := atLine.FindStringSubmatch(l); m != nil {
			ps[i] = problem{path: "line " + m[1], msg: m[2]}
			continue
		}
		f, msg, ok := strings.Cut(l, ": ")
		m := fieldPath.FindStringSubmatch(f)
		if !ok || m == nil {
			ps[i] = problem{msg: l}
			continue
		}
		ps[i] = problem{field: f, path: m[1], msg: msg}
		for p := m[1]; p != ""; p = parentPath(p) {
			want[p] = 0
		}
	}
	yamlfile.JSONLines(data, want)
	out := make([]string, len(ps))
	for i, p := range ps {
		switch {
		case strings.HasPrefix(p.path, "line "):
			out[i] = fmt.Sprintf("%s:%s: %s: %s", name, strings.TrimPrefix(p.path, "line "), kind, p.msg)
		case p.field == "":
			out[i] = fmt.Sprintf("%s: %s: %s", name, kind, p.msg)
		default:
			line := 0
			for q := p.path; q != "" && line == 0; q = parentPath(q) {
				line = want[q]
			}
			if line > 0 {
				out[i] = fmt.Sprintf("%s:%d: %s: %s", name, line, p.field, p.msg)
			} else {
				out[i] = fmt.Sprintf("%s: %s: %s", name, p.field, p.msg)
			}
		}
	}
	return fmt.Errorf("%s", strings.Join(out, "\n"))
}

// parentPath drops the last key or index of a field path.
func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}
