package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestServeAndHostRefuseWhatTheyCannotUse: bsg serve -store with anything
// but a PostgreSQL URL fails before it listens, saying what to give and
// without repeating the password; bsg host -spectator-delay out of its
// bounds is a usage error naming them.
func TestServeAndHostRefuseWhatTheyCannotUse(t *testing.T) {
	code, _, errOut := runCLI(t, "", "serve", "-web", "", "-addr", "127.0.0.1:0", "-store", "mysql://root:hunter2@127.0.0.1/bsg")
	assert.NotEqual(t, 0, code)
	assert.Contains(t, errOut, "give a postgres:// URL")
	assert.NotContains(t, errOut, "hunter2")
	for _, d := range []string{"-1", "11"} {
		code, _, errOut = runCLI(t, "", "host", "-server", "http://127.0.0.1:1", "-spectator-delay", d)
		assert.NotEqual(t, 0, code, d)
		assert.Contains(t, errOut, "-spectator-delay "+d+": allowed: 0 to 10 turns")
	}
}
