//go:build !unix

package cputime

import "time"

var processStart = time.Now()

// Process stands in for the CPU time where getrusage is missing: the wall
// time since the program began.
func Process() time.Duration { return time.Since(processStart) }
