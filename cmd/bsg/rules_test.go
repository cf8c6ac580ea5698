package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/rulemap"
)

// bsg rules prints every section of the rulebook with its status, code
// and tests, and no section is missing.
func TestRulesMapCommand(t *testing.T) {
	code, out, _ := runCLI(t, "", "rules")
	require.Equal(t, 0, code)
	for _, r := range rulemap.Map() {
		assert.Contains(t, out, r.Section+": "+string(r.Status))
	}
	assert.Contains(t, out, "Running out of fuel: judgment\n  reading: inertial movement only")
	assert.Contains(t, out, "0 missing.")

	code, out, _ = runCLI(t, "", "rules", "-json")
	require.Equal(t, 0, code)
	var doc struct {
		Counts map[string]int `json:"counts"`
		Rules  []rulemap.Rule `json:"rules"`
	}
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	assert.Len(t, doc.Rules, len(rulemap.Map()))
	assert.Equal(t, len(doc.Rules), doc.Counts["implemented"]+doc.Counts["judgment"]+doc.Counts["not-modelled"])
	for _, r := range doc.Rules {
		if r.Status != rulemap.NotModelled {
			assert.NotEmpty(t, r.Tests, r.Section)
		}
	}

	code, out, _ = runCLI(t, "", "rules", "-section", "fuel")
	require.Equal(t, 0, code)
	assert.Contains(t, out, "Spending fuel")
	assert.NotContains(t, out, "Tailing")
	code, _, _ = runCLI(t, "", "rules", "-section", "warp drive")
	assert.Equal(t, 1, code)
	code, _, _ = runCLI(t, "", "rules", "extra")
	assert.Equal(t, 2, code)
	code, _, errOut := runCLI(t, "", "help")
	require.Equal(t, 0, code)
	assert.Contains(t, errOut, "  rules ")
}
