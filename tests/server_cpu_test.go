package tests

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
)

var (
	cpuBin   = flag.String("server-bin", "", "BenchmarkServerCPU: run this bsg binary as the server instead of one built from this tree (an older build, to compare)")
	cpuGames = flag.Int("cpu-games", 10, "BenchmarkServerCPU: games played at once")
	cpuProf  = flag.String("server-profile", "", "BenchmarkServerCPU: the server writes a CPU profile of the run to this file (bsg serve -cpuprofile)")
)

// BenchmarkServerCPU measures the server's CPU time per accepted command
// (issue 26: "Server CPU per accepted command … goal ≤ 1 ms"): b.N games
// of The Jump Point between greedy bots, -cpu-games at once, through a
// bsg serve subprocess on loopback, its CPU time (user + system, from
// /proc, which includes its SQLite commits, or with -load-store the
// server's side of PostgreSQL; PostgreSQL's own processes are reported
// apart) divided by the commands the players sent. The bots run in this
// process, so their CPU is not counted. Compare builds in one run with
// -server-bin and benchstat (docs/server.md).
func BenchmarkServerCPU(b *testing.B) {
	bin := *cpuBin
	if bin == "" {
		bin = buildBSG(b)
	}
	args := []string{"-max-games", "1000", "-client-conns", "1000", "-client-rate", "100000"}
	if *loadStore != "" {
		args = append(args, "-store", freshSchema(b, *loadStore))
	}
	if *cpuProf != "" {
		args = append(args, "-cpuprofile", *cpuProf)
	}
	p := serve(b, bin, "127.0.0.1:0", filepath.Join(b.TempDir(), "cpu"), args...)
	comp := assets.Default()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	var mu sync.Mutex
	cmds := 0
	cpu0, _, _ := procStats(b, p.cmd.Process.Pid)
	db0 := postgresCPU()
	b.ResetTimer()
	sem := make(chan struct{}, max(*cpuGames, 1))
	var wg sync.WaitGroup
	errs := make(chan error, 2*b.N)
	for g := range b.N {
		sem <- struct{}{}
		cr, err := client.Host(p.base, server.CreateRequest{Scenario: "jump-point"})
		if err != nil {
			b.Fatal(err)
		}
		var done sync.WaitGroup
		for i, tok := range []string{cr.Colonial, cr.Cylon} {
			wg.Add(1)
			done.Add(1)
			go func() {
				defer wg.Done()
				defer done.Done()
				c := client.Dial(ctx, p.base, tok)
				defer c.Close()
				c.Timing(func(string, time.Duration) {
					mu.Lock()
					cmds++
					mu.Unlock()
				})
				st, err := policy.Bot(ctx, c, policy.Greedy{}, comp, uint64(2*g+i+1), nil)
				if err == nil && (st.View.Phase != battle.Over || st.Record == nil) {
					err = fmt.Errorf("game %d did not end with a record", g)
				}
				errs <- err
			}()
		}
		go func() { done.Wait(); <-sem }()
	}
	wg.Wait()
	b.StopTimer()
	cpu1, _, _ := procStats(b, p.cmd.Process.Pid)
	db1 := postgresCPU()
	if *cpuProf != "" {
		// The server writes its profile as it stops.
		_ = p.cmd.Process.Signal(os.Interrupt)
		_ = p.cmd.Wait()
	}
	close(errs)
	for err := range errs {
		if err != nil {
			b.Fatal(err)
		}
	}
	if cmds == 0 {
		b.Fatal("no command was sent")
	}
	b.ReportMetric(float64((cpu1-cpu0).Microseconds())/float64(cmds), "server-µs/cmd")
	if *loadStore != "" {
		b.ReportMetric(float64((db1-db0).Microseconds())/float64(cmds), "pg-µs/cmd")
	}
	b.ReportMetric(float64(cmds)/float64(b.N), "cmds/game")
}
