package main

import (
	"crypto/sha256"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/internal/randtable"
)

// randomTables are the big tables whose `bsg measure` output must not
// change when the referee gets faster: dense and sparse, flat and
// three-dimensional, and one snapped to a lattice where bases touch and
// rulers graze corners.
var randomTables = []struct {
	name string
	p    randtable.Params
}{
	{"flat-80", randtable.Params{Seed: 1, Ships: 80, Planetoids: 8, Fields: 4}},
	{"3d-80", randtable.Params{Seed: 2, Ships: 80, Planetoids: 8, Fields: 4, ThreeD: true}},
	{"snap-dense-100", randtable.Params{Seed: 3, Ships: 100, Planetoids: 10, Fields: 6, Side: 600, Snap: true}},
	{"snap-3d-60", randtable.Params{Seed: 4, Ships: 60, Planetoids: 6, Fields: 3, Side: 500, Snap: true, ThreeD: true}},
	{"flat-150", randtable.Params{Seed: 5, Ships: 150, Planetoids: 15, Fields: 8}},
}

// TestMeasureRandomTablesUnchanged compares the SHA-256 of `bsg measure`
// (text and -json) on random tables with the digests recorded before the
// referee's fast paths (testdata/measure-random.sha256; -update rewrites
// it, which is only right when a ruling is meant to change).
func TestMeasureRandomTablesUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("big tables")
	}
	dir := t.TempDir()
	var got strings.Builder
	for _, rt := range randomTables {
		path := filepath.Join(dir, rt.name+".yaml")
		require.NoError(t, os.WriteFile(path, randtable.YAML(rt.p), 0o644))
		for _, mode := range []string{"text", "json"} {
			args := []string{"measure", path}
			if mode == "json" {
				args = []string{"measure", "-json", path}
			}
			code, out, errOut := runCLI(t, "", args...)
			require.Equal(t, 0, code, errOut)
			fmt.Fprintf(&got, "%x %s.%s\n", sha256.Sum256([]byte(out)), rt.name, mode)
		}
	}
	path := filepath.Join("testdata", "measure-random.sha256")
	if *update {
		require.NoError(t, os.WriteFile(path, []byte(got.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got.String())
}
