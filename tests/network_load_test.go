package tests

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
	_ "github.com/jackc/pgx/v5/stdlib" // -load-store: the PostgreSQL driver, to make the run's schema
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

var (
	loadGames  = flag.Int("load", 0, "TestLoadManyGames: play this many concurrent games (make bench: 200)")
	attackIdle = flag.Int("attack-idle", 0, "TestLoadManyGames: an attacker holds this many idle connections meanwhile")
	attackSpec = flag.Int("attack-spectators", 0, "TestLoadManyGames: an attacker opens this many sockets on one spectator link meanwhile")
	loadPace   = flag.Duration("pace", 0, "TestLoadManyGames: each player thinks this long on average (0.5 to 1.5 times it) before each command (0: none, as fast as bots play)")
	loadStore  = flag.String("load-store", "", "TestLoadManyGames: the server keeps its games in this PostgreSQL URL instead of an SQLite file")
	loadPolicy = flag.String("load-policy", "random", "TestLoadManyGames: the players' policy (policy.Names); random, any legal plan and a shot at any target, costs the players little CPU so that the run measures the server; greedy scores every candidate plan and, on a shared machine, keeps the players from reaching the pace")
)

// pacer makes a bot think before each command, as a person would: pace
// times a factor from 0.5 to 1.5 (seeded), so that the players of a
// thousand games do not all send at once.
type pacer struct {
	pace time.Duration
	rng  *mrand.Rand
}

func (p *pacer) State(*wire.State) {
	if p.pace > 0 {
		time.Sleep(time.Duration(float64(p.pace) * (0.5 + p.rng.Float64()))) // a player's thinking time: load, not a wait in a test
	}
}

func (p *pacer) Sent(string, error) {}

// freshSchema makes an empty schema for the test in the PostgreSQL
// database at dsn (dropped after it) and returns the URL that uses it:
// each run starts with no games, whatever earlier runs left.
func freshSchema(t testing.TB, dsn string) string {
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	defer db.Close()
	schema := fmt.Sprintf("bsg_load_%d", time.Now().UnixNano())
	_, err = db.Exec(`CREATE SCHEMA ` + schema)
	require.NoError(t, err)
	t.Cleanup(func() {
		if db, err := sql.Open("pgx", dsn); err == nil {
			_, _ = db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
			db.Close()
		}
	})
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "search_path=" + schema
}

// postgresCPU sums the CPU time (user + system) of the processes named
// postgres on this machine now.
func postgresCPU() time.Duration {
	var total time.Duration
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, f := range dirs {
		stat, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(stat), "(postgres)") {
			continue
		}
		fs := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
		ut, _ := strconv.Atoi(fs[11])
		st, _ := strconv.Atoi(fs[12])
		total += time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ = 100
	}
	return total
}

// askedRate says how many commands a second players at pace would send
// if none ever waited: an upper bound, since a player owes nothing while
// it waits for the other's plans or step.
func askedRate(players int, pace time.Duration) string {
	if pace == 0 {
		return "as many as the bots can"
	}
	return fmt.Sprintf("%.0f", float64(players)/pace.Seconds())
}

// attack opens idle connections and spectator sockets on one game's
// spectator link, as an attacker would, and returns how many sockets the
// server accepted and a function that reports how many idle connections
// the server has closed.
func attack(t *testing.T, base string, idle, spectators int) (accepted int, closedIdle func() int) {
	cr, err := client.Host(base, server.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)
	ctx := context.Background()
	for range spectators {
		ws, _, err := websocket.Dial(ctx, strings.Replace(base, "http://", "ws://", 1)+"/ws?seat="+cr.Spectator, nil)
		if err == nil {
			accepted++
			t.Cleanup(func() { ws.CloseNow() })
		}
	}
	var conns []net.Conn
	for range idle {
		c, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
		if err != nil {
			break
		}
		conns = append(conns, c)
		t.Cleanup(func() { c.Close() })
	}
	return accepted, func() int {
		closed := 0
		for _, c := range conns {
			_ = c.SetReadDeadline(time.Now().Add(time.Millisecond))
			if _, err := c.Read(make([]byte, 1)); err != nil {
				var ne net.Error
				if !(errors.As(err, &ne) && ne.Timeout()) {
					closed++
				}
			}
		}
		return closed
	}
}

// procStats reads a process's CPU time (user + system) and its peak and
// current resident memory from /proc.
func procStats(t testing.TB, pid int) (cpu time.Duration, peakKB, rssKB int) {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	require.NoError(t, err)
	f := strings.Fields(string(stat[strings.LastIndexByte(string(stat), ')')+2:]))
	ut, _ := strconv.Atoi(f[11])
	st, _ := strconv.Atoi(f[12])
	cpu = time.Duration(ut+st) * 10 * time.Millisecond // USER_HZ = 100
	status, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	require.NoError(t, err)
	for _, line := range strings.Split(string(status), "\n") {
		var kb int
		if _, err := fmt.Sscanf(line, "VmHWM: %d kB", &kb); err == nil {
			peakKB = kb
		}
		if _, err := fmt.Sscanf(line, "VmRSS: %d kB", &kb); err == nil {
			rssKB = kb
		}
	}
	return
}

// TestLoadManyGames is the load test (make bench, not make test): -load N
// games of The Jump Point at once between bots (-load-policy, random by
// default: cheap players, so that the run measures the server), every game played
// to its end through a bsg serve subprocess on loopback. It reports the
// latency of a command (from sending to the server's answer, which comes
// after the message is committed to disk), the server's CPU time and
// memory, and the games one core holds.
func TestLoadManyGames(t *testing.T) {
	if *loadGames == 0 {
		t.Skip("the load test runs with -load N (make bench)")
	}
	n := *loadGames
	if _, err := policy.ByName(*loadPolicy); err != nil {
		t.Fatal(err)
	}
	bin := buildBSG(t)
	args := []string{"-max-games", strconv.Itoa(min(n+1, limits.MaxGamesPerClient)),
		"-client-conns", strconv.Itoa(2*n + 10), "-client-rate", strconv.Itoa(1000 * n)}
	where := "an SQLite file"
	if *loadStore != "" {
		args = append(args, "-store", freshSchema(t, *loadStore))
		where = "PostgreSQL"
	}
	p := serve(t, bin, "127.0.0.1:0", filepath.Join(t.TempDir(), "load"), args...)
	key, err := client.ServerKey(p.base)
	require.NoError(t, err)
	comp := assets.Default()
	var accepted int
	closedIdle := func() int { return 0 }
	if *attackIdle > 0 || *attackSpec > 0 {
		accepted, closedIdle = attack(t, p.base, *attackIdle, *attackSpec)
	}
	cpu0, _, _ := procStats(t, p.cmd.Process.Pid)
	self0, _, _ := procStats(t, os.Getpid())
	db0 := postgresCPU()

	var mu sync.Mutex
	var lat []time.Duration
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	start := time.Now()
	var wg sync.WaitGroup
	errs := make(chan error, 2*n)
	for g := range n {
		cr, err := client.Host(p.base, server.CreateRequest{Scenario: "jump-point"})
		require.NoError(t, err)
		for i, tok := range []string{cr.Colonial, cr.Cylon} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := client.Dial(ctx, p.base, tok)
				defer c.Close()
				c.Timing(func(_ string, d time.Duration) {
					mu.Lock()
					lat = append(lat, d)
					mu.Unlock()
				})
				pace := &pacer{pace: *loadPace, rng: mrand.New(mrand.NewPCG(uint64(g), uint64(i)))}
				pol, _ := policy.ByName(*loadPolicy) // checked above; a fresh one per player (a search keeps a cache)
				st, err := policy.Bot(ctx, c, pol, comp, uint64(2*g+i+1), pace)
				if err == nil && (st.View.Phase != battle.Over || st.Record == nil) {
					err = fmt.Errorf("game %d did not end with a record", g)
				}
				if err == nil && i == 0 {
					// Nothing lost: the record holds every move and
					// verifies against the server's key.
					if _, verr := st.Record.Verify(comp, key); verr != nil {
						err = fmt.Errorf("game %d: record: %w", g, verr)
					}
				}
				errs <- err
			}()
		}
	}
	wg.Wait()
	wall := time.Since(start)
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	cpu1, peakKB, rssKB := procStats(t, p.cmd.Process.Pid)
	self1, _, _ := procStats(t, os.Getpid())
	db1 := postgresCPU()
	resp, err := http.Get(p.base + "/api/stats")
	require.NoError(t, err)
	var ss server.Stats
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&ss))
	resp.Body.Close()
	slices.Sort(lat)
	q := func(f float64) time.Duration { return lat[min(len(lat)-1, int(f*float64(len(lat))))] }
	cpu := cpu1 - cpu0
	cores := cpu.Seconds() / wall.Seconds()
	perCmd := cpu / time.Duration(len(lat))
	// A game between people: a command every 5 s from each player (plans,
	// declarations and markers come in bursts; most of a turn is thinking).
	humanRate := 2.0 / 5
	paced := "as fast as the bots play"
	if *loadPace > 0 {
		paced = fmt.Sprintf("each player thinking %s on average before each command", *loadPace)
	}
	fmt.Printf("load: %d concurrent games of The Jump Point between %s bots (%s; games in %s), all played to the end in %s; every record verifies\n",
		n, *loadPolicy, paced, where, wall.Round(time.Millisecond))
	fmt.Printf("load: %d commands; latency p50 %s, p99 %s, max %s\n", len(lat), q(0.5).Round(10*time.Microsecond), q(0.99).Round(10*time.Microsecond), lat[len(lat)-1].Round(time.Millisecond))
	fmt.Printf("load: inside the server (message read to answer sent, commit to disk included): p50 %.2f ms, p99 %.2f ms, max %.0f ms over %d messages\n",
		ss.P50ms, ss.P99ms, ss.MaxMs, ss.Messages)
	fmt.Printf("load: server CPU %s over %s wall (%.2f cores busy), %s CPU per command; memory peak %d MiB, at the end %d MiB\n",
		cpu.Round(time.Millisecond), wall.Round(time.Millisecond), cores, perCmd.Round(time.Microsecond), peakKB/1024, rssKB/1024)
	fmt.Printf("load: %.0f commands a second sent in all (the players' pace asks for at most %s: a player waiting for the other sends nothing); the players (bots, this test's process) used %s CPU (%.2f cores busy)\n",
		float64(len(lat))/wall.Seconds(), askedRate(2*n, *loadPace), (self1 - self0).Round(time.Millisecond), (self1-self0).Seconds()/wall.Seconds())
	if *loadStore != "" {
		fmt.Printf("load: PostgreSQL's processes used %s CPU (%s per command; a backend that ended meanwhile is not counted)\n",
			(db1 - db0).Round(time.Millisecond), ((db1 - db0) / time.Duration(len(lat))).Round(time.Microsecond))
	}
	loadavg, _ := os.ReadFile("/proc/loadavg")
	fmt.Printf("load: one core handles %.0f commands a second; at a person's pace (a command every 5 s from each player) one core holds about %.0f games at once\n",
		1/perCmd.Seconds(), 1/(perCmd.Seconds()*humanRate))
	if *attackIdle > 0 || *attackSpec > 0 {
		fmt.Printf("load: meanwhile an attacker opened %d sockets on one spectator link (%d accepted) and %d idle connections (%d closed by the server by the end)\n",
			*attackSpec, accepted, *attackIdle, closedIdle())
	}
	fmt.Printf("load: machine load average at the end %s(latencies include the wait for a CPU on a shared machine)\n", strings.Fields(string(loadavg))[0]+" ")
}
