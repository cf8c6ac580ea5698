package policy

import (
	"runtime"
	"syscall"
	"time"
)

// rusageThread is Linux's RUSAGE_THREAD: the calling thread's usage.
const rusageThread = 1

// searchClock measures a search's CPU time on its thread (Plan locks the
// search's goroutine to its thread while it runs), so that a busy machine
// slows a decision down without changing it.
type searchClock struct{ start time.Duration }

func startClock() searchClock { return searchClock{start: threadCPU()} }

// elapsed is the CPU time the thread has used since startClock.
func (c searchClock) elapsed() time.Duration { return threadCPU() - c.start }

// lockThread keeps the calling goroutine on its thread (for searchClock).
func lockThread() { runtime.LockOSThread() }

// unlockThread undoes lockThread.
func unlockThread() { runtime.UnlockOSThread() }

func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
