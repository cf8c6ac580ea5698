//go:build !linux

package policy

import "time"

var processStart = time.Now()

// cpuTime stands in for the CPU time where getrusage is missing: the wall
// time since the tests began.
func cpuTime() time.Duration { return time.Since(processStart) }
