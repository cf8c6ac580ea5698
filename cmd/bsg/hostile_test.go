package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/limits"
)

// hostile runs the command line on a hostile input and checks that it is
// refused cleanly: the exit status, the words of the refusal, no escape
// character printed raw, allocating at most a few tens of MB in all (an
// upper bound of the peak: the input was refused before the work grew
// with it). No clock decides the verdict: a hang is ended by go test's
// -timeout, and the speed of a refusal is not this test's to measure.
func hostile(t *testing.T, stdin string, code int, want []string, args ...string) {
	t.Helper()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got, out, errOut := runCLI(t, stdin, args...)
	runtime.ReadMemStats(&after)
	assert.Equal(t, code, got, "stderr: %.2000s", errOut)
	for _, w := range want {
		assert.Contains(t, out+errOut, w)
	}
	assert.NotContains(t, out+errOut, "\x1b", "an escape printed raw")
	allocated := after.TotalAlloc - before.TotalAlloc
	assert.Less(t, allocated, uint64(48<<20), "allocated %d MB", allocated>>20)
	assert.LessOrEqual(t, strings.Count(out+errOut, "\n"), limits.Problems+3, "the problem list is capped")
}

func writeFile(t *testing.T, name, data string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(path, []byte(data), 0o644))
	return path
}

func shipsTable(x string) string {
	return "ships:\n  - {id: a, class: viper-mk2, x: " + x + ", y: 100, heading: 0}\n  - {id: b, class: cylon-raider, x: 300, y: 100, heading: 180}\n"
}

func TestHostileMeasureCoordinates(t *testing.T) {
	for _, x := range []string{"1e19", "1e308", "-1e308", "1.7976931348623157e308"} {
		t.Run(x, func(t *testing.T) {
			png := filepath.Join(t.TempDir(), "out.png")
			hostile(t, shipsTable(x), 1, []string{"<stdin>:2: ships[0].x:", "out of range; allowed: -10000 to 10000"}, "measure", "-png", png, "-")
			hostile(t, shipsTable(x), 1, []string{"<stdin>:2: ships[0].x:"}, "measure", "-json", "-")
			_, err := os.Stat(png)
			assert.True(t, os.IsNotExist(err), "no picture of a refused table")
		})
	}
}

// The largest table allowed is drawn, at a smaller scale, within the
// bounds.
func TestHostileMeasureFarApart(t *testing.T) {
	png := filepath.Join(t.TempDir(), "out.png")
	code, _, errOut := runCLI(t, "table: {width: 4000, depth: 4000}\n"+shipsTable("-9999")+"  - {id: c, class: raptor, x: 9999, y: 9999, heading: 0}\n", "measure", "-png", png, "-")
	require.Equal(t, 0, code, errOut)
	info, err := os.Stat(png)
	require.NoError(t, err)
	assert.Less(t, info.Size(), int64(8<<20))
}

func TestHostileHugeTable(t *testing.T) {
	sc := strings.Replace(string(mustRead(t, "../../scenarios/template.yaml")), "width: 900", "width: 1e12", 1)
	require.Contains(t, sc, "1e12", "the template has a 900 mm table")
	path := writeFile(t, "huge.yaml", sc)
	hostile(t, "", 1, []string{"huge.yaml", "table.width"}, "scenario", "validate", path)
	hostile(t, "", 1, []string{"huge.yaml", "table.width"}, "scenario", "sheet", path, "-png", filepath.Join(t.TempDir(), "s.png"))
	hostile(t, "table: {width: 1e12, depth: 900}\n"+shipsTable("0"), 1, []string{"<stdin>:1: table.width", "1e12 mm is out of range; allowed: more than 0, at most 4000 mm"}, "measure", "-")
}

func TestHostileSimGames(t *testing.T) {
	hostile(t, "", 2, []string{"-games 2000000000", "allowed: 1 to 100000"}, "sim", "-games", "2000000000")
}

func TestHostileManyVertices(t *testing.T) {
	var b strings.Builder
	b.WriteString(shipsTable("0") + "obstacles:\n  - id: belt\n    kind: asteroid-field\n    density: sparse\n    polygon:\n")
	for i := 0; i < 100_000; i++ {
		fmt.Fprintf(&b, "      - [%d, %d]\n", i%900, (i*7)%900)
	}
	hostile(t, b.String(), 1, []string{"<stdin>"}, "measure", "-")
	var f strings.Builder
	f.WriteString(shipsTable("0") + "obstacles:\n  - id: belt\n    kind: asteroid-field\n    density: sparse\n    polygon: [")
	for i := 0; i < 1000; i++ {
		fmt.Fprintf(&f, "[%d, %d], ", i%900, (i*7)%900)
	}
	f.WriteString("[1, 1]]\n")
	hostile(t, f.String(), 1, []string{"<stdin>:8: obstacles[0].polygon: 1001 items; allowed: at most 1000"}, "measure", "-")
}

func TestHostileLargeBadInput(t *testing.T) {
	big := strings.Repeat("- {id: [, class: }\n", 50<<20/19)
	hostile(t, big, 1, []string{"<stdin>: more than 4194304 bytes"}, "measure", "-")
	hostile(t, big, 1, []string{"more than 4194304 bytes"}, "move", "-")
	hostile(t, big, 1, []string{"more than 4194304 bytes"}, "replay", "-")
	path := writeFile(t, "big.yaml", big)
	hostile(t, "", 1, []string{"more than 4194304 bytes"}, "scenario", "validate", path)
	hostile(t, "", 1, []string{"more than 4194304 bytes"}, "measure", "-components", path, "../../testdata/tables/example.yaml")
	// Just under the size limit: many problems, listed up to the cap.
	var many strings.Builder
	many.WriteString("ships:\n")
	for i := 0; i < 900; i++ {
		fmt.Fprintf(&many, "  - {id: s%d, class: basestar, x: 0, y: 0, heading: 0, level: 9}\n", i)
	}
	hostile(t, many.String(), 1, []string{"and 1750 more problem(s) not listed"}, "measure", "-")
}

func TestHostileTerminalEscapes(t *testing.T) {
	esc := "ships:\n  - {id: \"a\\e[2J\\e]0;pwned\\a\", class: viper-mk2, x: 0, y: 0, heading: 0}\n  - {id: b, class: cylon-raider, x: 300, y: 100, heading: 180}\n"
	hostile(t, esc, 1, []string{"<stdin>:2: ships[0].id:", `\x1b`, "printable text"}, "measure", "-")
	sc := strings.Replace(string(mustRead(t, "../../scenarios/template.yaml")), "name: ", "name: \"\\e[31mred\\e[0m\" # ", 1)
	hostile(t, "", 1, []string{"name", "printable text"}, "scenario", "validate", writeFile(t, "esc.yaml", sc))
}

func TestHostilePictureOverwritesInput(t *testing.T) {
	data := mustRead(t, "../../testdata/tables/example.yaml")
	path := writeFile(t, "table.yaml", string(data))
	hostile(t, "", 2, []string{"-png", "input file"}, "measure", "-png", path, path)
	hostile(t, "", 2, []string{"-svg", "input file"}, "measure", "-svg", filepath.Join(filepath.Dir(path), ".", "table.yaml"), path)
	after, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.True(t, bytes.Equal(data, after), "the input is untouched")
	sc := writeFile(t, "sc.yaml", string(mustRead(t, "../../scenarios/template.yaml")))
	hostile(t, "", 2, []string{"-png", "input file"}, "scenario", "sheet", sc, "-png", sc)
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	return data
}

// Flags that size a run are bounded (internal/limits): two billion games
// or a hundred million workers are usage errors, not an out-of-memory
// crash, and a long list of names is read in linear time.
func TestHostileRunFlags(t *testing.T) {
	hostile(t, "", 2, []string{"-games 2000000000: allowed: 1 to 100000"}, "tournament", "-games", "2000000000")
	hostile(t, "", 2, []string{"-workers 100000000: allowed: 1 to 256"}, "tournament", "-workers", "100000000")
	hostile(t, "", 2, []string{"-games 50000: ", "battles in all", "allowed: at most 100000"}, "tournament", "-games", "50000")
	hostile(t, "", 2, []string{"-max-games -5: allowed: 1 to 1000"}, "serve", "-max-games", "-5")
	names := make([]string, 20000)
	for i := range names {
		names[i] = fmt.Sprintf("p%d", i)
	}
	hostile(t, "", 2, []string{`-policies: "p0" is no policy`}, "tournament", "-policies", strings.Join(names, ","))
}
