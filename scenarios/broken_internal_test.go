package scenarios

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

func testComponents(t testing.TB) *assets.Components {
	t.Helper()
	comp, err := assets.Load()
	require.NoError(t, err)
	return comp
}

// want is one problem a broken file must produce.
type want struct {
	line  int
	field string
	msg   string // a part of the message
}

var (
	wantLine   = regexp.MustCompile(`(?m)^# want: (\d+): ([^:]*): (.+)$`)
	schemaLine = regexp.MustCompile(`(?m)^# schema: (accepts|refuses)$`)
)

// expectations reads a broken file's "# want: LINE: FIELD: MESSAGE" lines
// and its "# schema: accepts|refuses" line.
func expectations(t *testing.T, data []byte) ([]want, bool) {
	t.Helper()
	var ws []want
	for _, m := range wantLine.FindAllStringSubmatch(string(data), -1) {
		line, err := strconv.Atoi(m[1])
		require.NoError(t, err)
		ws = append(ws, want{line, m[2], m[3]})
	}
	require.NotEmpty(t, ws, "a broken file says what it wants with # want: LINE: FIELD: MESSAGE")
	sm := schemaLine.FindStringSubmatch(string(data))
	require.NotNil(t, sm, "a broken file says # schema: accepts or refuses")
	return ws, sm[1] == "refuses"
}

// TestBrokenFiles checks that each file in testdata/broken produces
// exactly the problems it announces, each at its line and field.
func TestBrokenFiles(t *testing.T) {
	comp := testComponents(t)
	files, err := filepath.Glob("testdata/broken/*.yaml")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 20)
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			data, err := os.ReadFile(file)
			require.NoError(t, err)
			wants, _ := expectations(t, data)
			_, perr := Parse(file, data, comp)
			require.Error(t, perr)
			var list yamlfile.List
			require.True(t, errors.As(perr, &list), "%v", perr)
			require.Len(t, list, len(wants), "problems:\n%v", perr)
			for _, w := range wants {
				found := false
				for _, p := range list {
					if p.Line == w.line && p.Field == w.field && strings.Contains(p.Msg, w.msg) && p.File == file {
						found = true
					}
				}
				assert.True(t, found, "want %d: %s: %s\ngot:\n%v", w.line, w.field, w.msg, perr)
			}
		})
	}
}

// schemaProblems validates a document against the JSON Schema alone.
func schemaProblems(t *testing.T, name string, data []byte) error {
	t.Helper()
	ps := &yamlfile.Problems{File: name}
	root := yamlfile.Doc(ps, data)
	if root == nil {
		return ps.Err()
	}
	checkSchema(ps, root)
	return ps.Err()
}

// TestSchemaAgreesWithTheDecoder checks that the JSON Schema accepts every
// valid file (the built-ins, the template) and refuses the broken files
// whose form is wrong, while it accepts those whose only fault is their
// sense (which a schema cannot see).
func TestSchemaAgreesWithTheDecoder(t *testing.T) {
	for _, name := range Names() {
		file, data, ok := Source(name)
		require.True(t, ok)
		assert.NoError(t, schemaProblems(t, file, data), name)
	}
	assert.NoError(t, schemaProblems(t, "template.yaml", Template()))
	files, err := filepath.Glob("testdata/broken/*.yaml")
	require.NoError(t, err)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		_, refuses := expectations(t, data)
		err = schemaProblems(t, file, data)
		if refuses {
			assert.Error(t, err, file)
		} else {
			assert.NoError(t, err, file)
		}
	}
}

// TestSchemaProblemsCarryLines checks a problem that only the schema
// reports: it still names the line and the field.
func TestSchemaProblemsCarryLines(t *testing.T) {
	data := []byte("name: x\nrules: quick\nships:\n  - {id: a, side: colonial, class: viper-mk2, pose: {x: 1, y: 2, heading: 3}, ke: 7}\n")
	err := schemaProblems(t, "s.yaml", data)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "s.yaml:4: ships[0].ke: ")
	assert.Contains(t, err.Error(), "scenario.schema.json")
}

func TestFieldOf(t *testing.T) {
	assert.Equal(t, "ships[2].pose.x", fieldOf([]string{"ships", "2", "pose", "x"}))
	assert.Equal(t, "", fieldOf(nil))
	assert.Equal(t, "/a~1b/c~0d/0", pointerOf([]string{"a/b", "c~d", "0"}))
}

// TestDecoderAloneReportsWhatTheSchemaReports: the browser page parses
// scenario files without the JSON Schema (schemaCheck), so the decoder's
// own checks must find the same problems, at the same lines and fields,
// in every broken file, and accept every built-in scenario and the
// template. A schema rule the decoder does not check fails here.
func TestDecoderAloneReportsWhatTheSchemaReports(t *testing.T) {
	comp := testComponents(t)
	require.NotNil(t, schemaCheck(), "the native build checks the schema")
	files, err := filepath.Glob("testdata/broken/*.yaml")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(files), 20)
	for _, file := range files {
		data, err := os.ReadFile(file)
		require.NoError(t, err)
		_, withSchema := parse(file, data, comp, checkSchema)
		_, alone := parse(file, data, comp, nil)
		require.Error(t, withSchema, file)
		require.Error(t, alone, file)
		assert.Equal(t, withSchema.Error(), alone.Error(), file)
	}
	for _, name := range Names() {
		file, data, ok := Source(name)
		require.True(t, ok)
		_, err := parse(file, data, comp, nil)
		assert.NoError(t, err, name)
	}
	_, err = parse("template.yaml", Template(), comp, nil)
	assert.NoError(t, err)
}
