package battle

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/maneuvers"
)

// eventText gives exactly fmt.Sprintf's text for every event format of the
// engine (read from its source) with random arguments of the kinds the
// verbs take, and for formats and arguments it leaves to fmt.
func TestEventTextIsSprintf(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	call := regexp.MustCompile(`b\.(?:log|secret)\((?:[^"()]*, )?("(?:[^"\\]|\\.)*")`)
	verb := regexp.MustCompile(`%[-+# 0]*[0-9]*(?:\.[0-9]+)?[a-z%]`)
	var formats []string
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		for _, m := range call.FindAllSubmatch(src, -1) {
			s, err := strconv.Unquote(string(m[1]))
			require.NoError(t, err)
			formats = append(formats, s)
		}
	}
	require.Greater(t, len(formats), 30, "the engine's event formats")
	rng := rand.New(rand.NewPCG(1, 2))
	word := func() string { return []string{"", "viper-1", "a%sb", "é", "cylon", "100%"}[rng.IntN(6)] }
	checked := 0
	for _, f := range formats {
		for range 20 {
			var args []any
			for _, v := range verb.FindAllString(f, -1) {
				switch v[len(v)-1] {
				case 's':
					args = append(args, []any{word(), Side(word()), maneuvers.Speed(word())}[rng.IntN(3)])
				case 'd':
					args = append(args, rng.IntN(2001)-1000)
				case 'f':
					args = append(args, rng.Float64()*1000)
				}
			}
			require.Equal(t, fmt.Sprintf(f, args...), eventText(f, args...), "%q %v", f, args)
			checked++
		}
	}
	for _, c := range []struct {
		format string
		args   []any
	}{
		{"plain", nil},
		{"100%% sure", nil},
		{"%s", nil},
		{"%s %s", []any{"a"}},
		{"%s", []any{"a", "b"}},
		{"%d", []any{"a"}},
		{"%s", []any{3}},
		{"%d", []any{int64(3)}},
		{"%v and %q", []any{"a", "b"}},
		{"trailing %", []any{}},
		{"%5d|%-3s|", []any{7, "x"}},
		{"%s", []any{Colonial}},
		{"%d", []any{-9223372036854775808}},
	} {
		require.Equal(t, fmt.Sprintf(c.format, c.args...), eventText(c.format, c.args...), "%q %v", c.format, c.args)
	}
	t.Logf("%d formats, %d texts", len(formats), checked)
}
