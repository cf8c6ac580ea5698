// Package cputime measures the CPU time this process has used, every
// thread (Mesa's painting threads too), for tests and benchmarks on a
// shared machine where wall time says little.
package cputime

import (
	"testing"
	"time"
)

// PerOp starts counting the process's CPU time; the function it returns
// reports it per operation of b as the metric cpu-ms/op.
func PerOp(b *testing.B) func() {
	start := Process()
	return func() {
		b.ReportMetric(float64(Process()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}
