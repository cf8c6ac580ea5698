package web_test

import (
	"flag"
	"os"
	"strconv"
	"sync"
	"testing"
	"time"
)

// The browser tests run side by side in lanes: each calls t.Parallel,
// and its first browser (browseWith) waits for a lane. The lanes are
// handed out longest test first (laneWeights, seconds measured on the
// project's two cores), so that the long plays do not start last and
// run alone at the end. There are defaultLanes lanes, or go test's
// -parallel when it is given; go test's own limit is lifted so that
// every browser test can wait for its lane (TestMain).
//
// The tests wait mostly on the page (its frames, its playback, the
// server and the other phone), so more lanes than cores keep the cores
// busy.

// defaultLanes is how many browsers run at once without -parallel.
const defaultLanes = 3

// laneWeights are the browser tests' lengths in seconds (one run at two
// lanes, 2026-11-29); a test not named counts as short.
var laneWeights = map[string]float64{
	"TestCompanionGameOnTwoPhones":                   240,
	"TestCompanionWholeGameOnTwoPhones":              320,
	"TestCompanionDisputedShotFromAPhotoOnTwoPhones": 140,
	"TestPassThePhoneCoversLeaveAndHelpByTouch":      130,
	"TestSpectatorLinkOnAPhone/delay_0":              100,
	"TestNetworkGameBrowserSeatAgainstBot":           90,
	"TestCompanionPoseFromAPhotoOnAPhone":            90,
	"TestCompanionSetupChosenOnAPhone":               80,
	"TestScenarioEditorOnAPhone":                     78,
	"TestMeasurementModeByTouchOnAPhone":             77,
	"TestMoreBelowCoversNoTextOnAPhone":              72,
	"TestPhotoModeOnAPhone":                          70,
	"TestHotSeatTurnWithMouseAndTouch":               60,
	"TestSpectatorLinkOnAPhone/delay_1":              47,
}

// laneQueue hands the lanes out.
type laneQueue struct {
	mu      sync.Mutex
	free    int
	started bool      // the first lanes were handed out
	last    time.Time // when the last test came to wait
	waiting []laneWaiter
	held    map[string]bool // the tests that came (a lane each)
}

type laneWaiter struct {
	weight float64
	turn   chan struct{}
}

var lanes = &laneQueue{held: map[string]bool{}}

func TestMain(m *testing.M) {
	flag.Parse()
	lanes.free = defaultLanes
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "test.parallel" {
			if n, err := strconv.Atoi(f.Value.String()); err == nil && n > 0 {
				lanes.free = n
			}
		}
	})
	// go test's limit would hold the waiting tests back before they say
	// how long they are: the lanes are the limit
	if err := flag.Set("test.parallel", "1000"); err != nil {
		panic(err)
	}
	os.Exit(m.Run())
}

// lane waits for t's lane (once per test; released when t ends). The
// first lanes are handed out once no test has come to wait for a
// moment: every browser test is released by go test at the same time,
// after the tests that do not run in parallel.
func lane(t testing.TB) {
	q := lanes
	q.mu.Lock()
	if q.held[t.Name()] {
		q.mu.Unlock()
		return
	}
	q.held[t.Name()] = true
	w := laneWaiter{weight: laneWeights[t.Name()], turn: make(chan struct{})}
	q.waiting = append(q.waiting, w)
	first := q.last.IsZero()
	q.last = time.Now()
	if q.started {
		q.grant()
	} else if first {
		go q.startWhenQuiet()
	}
	q.mu.Unlock()
	<-w.turn
	t.Cleanup(func() {
		q.mu.Lock()
		defer q.mu.Unlock()
		q.free++
		q.grant()
	})
}

// startWhenQuiet hands out the first lanes once no test came to wait for
// half a second.
func (q *laneQueue) startWhenQuiet() {
	for {
		time.Sleep(100 * time.Millisecond)
		q.mu.Lock()
		if time.Since(q.last) >= 500*time.Millisecond {
			q.started = true
			q.grant()
			q.mu.Unlock()
			return
		}
		q.mu.Unlock()
	}
}

// grant hands the free lanes to the longest tests waiting.
func (q *laneQueue) grant() {
	for q.free > 0 && len(q.waiting) > 0 {
		best := 0
		for i, w := range q.waiting {
			if w.weight > q.waiting[best].weight {
				best = i
			}
		}
		close(q.waiting[best].turn)
		q.waiting = append(q.waiting[:best], q.waiting[best+1:]...)
		q.free--
	}
}
