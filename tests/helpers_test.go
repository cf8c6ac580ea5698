package tests

import (
	"fmt"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

func mustFloat(t *testing.T, s string) float64 {
	t.Helper()
	f, err := strconv.ParseFloat(s, 64)
	require.NoError(t, err)
	return f
}
