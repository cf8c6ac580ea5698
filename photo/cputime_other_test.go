//go:build !unix

package photo_test

import "time"

// cpuTime is not measured off unix: benchmarks report wall time only.
func cpuTime() (time.Duration, bool) { return 0, false }
