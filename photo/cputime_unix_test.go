//go:build unix

package photo_test

import (
	"syscall"
	"time"
)

// cpuTime is the CPU the process has used (user and system), for
// benchmarks that report CPU per operation on a busy machine, where the
// wall time mostly measures the others' load.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
