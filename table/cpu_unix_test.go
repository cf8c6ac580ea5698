//go:build unix

package table

import (
	"syscall"
	"testing"
	"time"
)

// processCPU is the CPU time the process has used, every thread (Mesa's
// painting threads too).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU starts counting the process's CPU time; the function it returns
// reports it per operation as cpu-ms/op (the machine is shared: wall time
// says little).
func reportCPU(b *testing.B) func() {
	start := processCPU()
	return func() {
		b.ReportMetric(float64(processCPU()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}
