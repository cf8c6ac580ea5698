package server_test

import (
	"testing"

	"github.com/starshipbattles/bsg/battle"
)

// BenchmarkGame plays whole games of The Jump Point between two greedy
// bots through the server on loopback (make bench; a profile of it shows
// the server's share: go test -bench Game -cpuprofile).
func BenchmarkGame(b *testing.B) {
	s, hs := start(b, serverOpts())
	msgs := 0
	for range b.N {
		cr := host(b, hs.URL, "jump-point")
		got := botGame(b, hs.URL, cr, "greedy", "greedy")
		if got[battle.Colonial].Record == nil {
			b.Fatal("no record")
		}
	}
	msgs = s.Stats().Messages
	b.ReportMetric(float64(msgs)/float64(b.N), "msgs/game")
}
