package cputime

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

// TestProcessCountsWork: busy work moves the count forward by about the
// time spent, never backward.
func TestProcessCountsWork(t *testing.T) {
	before := Process()
	x := 0.0
	for start := time.Now(); time.Since(start) < 50*time.Millisecond; {
		x += 1
	}
	after := Process()
	assert.Greater(t, after, before, "%g", x)
	assert.Greater(t, after-before, 5*time.Millisecond)
}
