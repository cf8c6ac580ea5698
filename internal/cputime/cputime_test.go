package cputime

import (
	"testing"
	"time"
)

// TestProcessCountsWork: busy work moves the count forward, never
// backward. The test spins until the count has moved by 5 ms of CPU (what
// it observes), so a busy machine makes it slower, never wrong; the
// minute's bound only ends a count that never moves.
func TestProcessCountsWork(t *testing.T) {
	before := Process()
	last := before
	x := 0.0
	for giveUp := time.Now().Add(time.Minute); last-before < 5*time.Millisecond; {
		for range 100_000 {
			x += 1
		}
		now := Process()
		if now < last {
			t.Fatalf("the count went backward: %v after %v", now, last)
		}
		last = now
		if time.Now().After(giveUp) {
			t.Fatalf("a minute of busy work moved the count by %v (%g)", last-before, x)
		}
	}
}
