package yamlfile

import (
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/limits"
)

// CheckJSON refuses long lists and deep nesting before decoding, naming
// the field, lets everything else through to the decoder, and takes no
// memory per item.
func TestCheckJSON(t *testing.T) {
	require.NoError(t, CheckJSON([]byte(`{"a": [1, 2, 3], "b": {"c": [[], {}]}}`), 3))
	require.NoError(t, CheckJSON([]byte(`not json`), 3))
	err := CheckJSON([]byte("{\"a\":\n[1, 2, 3, 4]}"), 3)
	require.EqualError(t, err, "a: a list of more than 3 items; allowed: at most 3")
	err = CheckJSON([]byte(`{"s": {"Obstacles": [{}, {"P": [1, 2, 3, 4, 5]}]}}`), 3)
	require.EqualError(t, err, "s.Obstacles[1].P: a list of more than 3 items; allowed: at most 3")
	err = CheckJSON([]byte(strings.Repeat("[", limits.Depth+1)), 3)
	require.ErrorContains(t, err, "nested more than 64 deep")
	big := []byte(`{"journal": [` + strings.Repeat(`{"command": {"type": "begin"}},`, 120_000) + `{}]}`)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	require.ErrorContains(t, CheckJSON(big, limits.JournalEntries), "journal: a list of more than 20000 items")
	runtime.ReadMemStats(&after)
	assert.Less(t, after.TotalAlloc-before.TotalAlloc, uint64(16<<20), "a bounded amount of memory")
}

// JSONLines finds the line of each wanted field, stopping when all are
// found.
func TestJSONLines(t *testing.T) {
	data := []byte("{\n  \"setup\": {\n    \"Ships\": [\n      {\"ID\": \"a\"},\n      {\n        \"ID\": \"b\"\n      }\n    ]\n  },\n  \"hash\": \"x\"\n}")
	want := map[string]int{"setup.Ships[1].ID": 0, "setup.Ships[0]": 0, "hash": 0, "nothing": 0}
	JSONLines(data, want)
	assert.Equal(t, map[string]int{"setup.Ships[1].ID": 6, "setup.Ships[0]": 4, "hash": 10, "nothing": 0}, want)
}
