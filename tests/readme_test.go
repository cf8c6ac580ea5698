package tests

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// buildBSG builds the command once per test binary into a temporary
// directory.
func buildBSG(t testing.TB) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "bsg")
	cmd := exec.Command("go", "build", "-o", bin, "./cmd/bsg")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	return bin
}

var consoleBlock = regexp.MustCompile("(?s)```console\n(.*?)```")

// TestREADMEExamplesWorkAsWritten runs every `go run ./cmd/bsg ...` line of
// the console blocks of the README and of the documents in docs/, and
// compares what it prints with the lines written under it.
func TestREADMEExamplesWorkAsWritten(t *testing.T) {
	docs, err := filepath.Glob("../docs/*.md")
	require.NoError(t, err)
	var blocks [][]string
	for _, path := range append([]string{"../README.md"}, docs...) {
		text, err := os.ReadFile(path)
		require.NoError(t, err)
		blocks = append(blocks, consoleBlock.FindAllStringSubmatch(string(text), -1)...)
	}
	require.NotEmpty(t, blocks)
	bin := buildBSG(t)
	for _, b := range blocks {
		lines := strings.Split(strings.TrimRight(b[1], "\n"), "\n")
		require.True(t, strings.HasPrefix(lines[0], "$ "), "a console block starts with a command")
		command := strings.TrimPrefix(lines[0], "$ ")
		if !strings.Contains(command, "go run ./cmd/bsg") {
			// a console block is run by this test: make targets and
			// other long commands belong in ```sh blocks
			t.Errorf("a console block runs a bsg command, not %q", command)
			continue
		}
		want := strings.Join(lines[1:], "\n") + "\n"
		shell := strings.ReplaceAll(command, "go run ./cmd/bsg", bin)
		cmd := exec.Command("sh", "-c", shell)
		cmd.Dir = ".."
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		_ = cmd.Run() // the bad-input example exits 1 by design
		assert.Equal(t, want, out.String(), "README example: %s", command)
	}
}
