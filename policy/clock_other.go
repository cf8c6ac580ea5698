//go:build !linux

package policy

import "time"

// searchClock measures a search's time: the wall time where the thread's
// CPU time is not at hand.
type searchClock struct{ start time.Time }

func startClock() searchClock { return searchClock{start: time.Now()} }

// elapsed is the time since startClock.
func (c searchClock) elapsed() time.Duration { return time.Since(c.start) }

// lockThread does nothing here: the wall time needs no thread.
func lockThread() {}

// unlockThread undoes lockThread.
func unlockThread() {}
