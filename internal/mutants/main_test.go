package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const src = `package p

func f(a, b int) int {
	switch {
	case a > 0 && b <= 0:
		return a - b
	case a == b:
		return 1
	}
	if a < b {
		return 2
	}
	return 0
}
`

// TestCaseClauseExpressionsOnly checks that only places in a case
// clause's expressions count: gremlins' blind spot, not the if.
func TestCaseClauseExpressionsOnly(t *testing.T) {
	in, err := inCaseLists("p.go", []byte(src))
	require.NoError(t, err)
	assert.True(t, in(5, 9), "a > 0")
	assert.True(t, in(5, 13), "&&")
	assert.True(t, in(5, 18), "b <= 0")
	assert.True(t, in(7, 9), "a == b")
	assert.False(t, in(6, 12), "a - b in the clause's body")
	assert.False(t, in(10, 7), "if a < b")
}

// TestApplyIsGremlinsMutation checks the token put in place, as
// gremlins' mutators do, and that a wrong place is an error.
func TestApplyIsGremlinsMutation(t *testing.T) {
	for _, tt := range []struct {
		m    mutation
		line string
	}{
		{mutation{Type: "CONDITIONALS_BOUNDARY", Line: 5, Column: 9}, "\tcase a >= 0 && b <= 0:"},
		{mutation{Type: "CONDITIONALS_NEGATION", Line: 5, Column: 18}, "\tcase a > 0 && b > 0:"},
		{mutation{Type: "INVERT_LOGICAL", Line: 5, Column: 13}, "\tcase a > 0 || b <= 0:"},
		{mutation{Type: "ARITHMETIC_BASE", Line: 6, Column: 12}, "\t\treturn a + b"},
		{mutation{Type: "CONDITIONALS_NEGATION", Line: 7, Column: 9}, "\tcase a != b:"},
	} {
		out, err := apply([]byte(src), tt.m)
		require.NoError(t, err, tt.m)
		assert.Contains(t, string(out), tt.line+"\n", tt.m)
		assert.Len(t, out, len(src)+len(tt.line)-len(lineOf(src, tt.m.Line)), tt.m)
	}
	_, err := apply([]byte(src), mutation{Type: "INVERT_LOGICAL", Line: 5, Column: 9})
	assert.Error(t, err, "a > is no && or ||")
	_, err = apply([]byte(src), mutation{Type: "INVERT_BITWISE", Line: 5, Column: 13})
	assert.Error(t, err, "a mutator make mutants does not enable")
}

func lineOf(s string, n int) string { return strings.Split(s, "\n")[n-1] }
