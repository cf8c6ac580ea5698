package tests

import (
	"bufio"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/client"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/server"
	"github.com/starshipbattles/bsg/wire"
)

// serveProc is a `bsg serve` subprocess.
type serveProc struct {
	cmd  *exec.Cmd
	base string
}

// serve starts bsg serve on addr with the data directory and a
// predictable random source (so that two runs make the same game).
func serve(t testing.TB, bin, addr, data string, extra ...string) *serveProc {
	if len(extra) == 0 {
		extra = []string{"-insecure-seed", "42"}
	}
	cmd := exec.Command(bin, append([]string{"serve", "-addr", addr, "-data", data}, extra...)...)
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line, err := bufio.NewReader(out).ReadString('\n')
	require.NoError(t, err)
	_, rest, ok := strings.Cut(line, "listening on ")
	require.True(t, ok, line)
	return &serveProc{cmd: cmd, base: strings.Fields(rest)[0]}
}

// freeAddr returns a loopback address with a port free a moment ago.
func freeAddr(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// nonces returns a predictable nonce source for a seat (tests only).
func nonces(seat string) func() string {
	n := 0
	return func() string {
		n++
		h := sha256.Sum256([]byte(fmt.Sprintf("%s %d", seat, n)))
		return hex.EncodeToString(h[:])
	}
}

// playJumpPoint plays The Jump Point between two greedy bots on a server;
// kill, when given, is called with each state the Colonial bot acts on.
func playJumpPoint(t *testing.T, base string, onState func(*wire.State)) *wire.Record {
	cr, err := client.Host(base, server.CreateRequest{Scenario: "jump-point"})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	comp := assets.Default()
	type res struct {
		st  *wire.State
		err error
	}
	out := make(chan res, 2)
	for i, side := range battle.Sides {
		tok := cr.Colonial
		if side == battle.Cylon {
			tok = cr.Cylon
		}
		var obs policy.BotObserver
		if side == battle.Colonial && onState != nil {
			obs = stateFunc(onState)
		}
		go func() {
			c := client.Dial(ctx, base, tok)
			defer c.Close()
			c.SetNonces(nonces(string(side)))
			st, err := policy.Bot(ctx, c, policy.Greedy{}, comp, uint64(i+1), obs)
			out <- res{st, err}
		}()
	}
	var rec *wire.Record
	for range 2 {
		r := <-out
		require.NoError(t, r.err)
		require.NotNil(t, r.st.Record)
		rec = r.st.Record
	}
	return rec
}

type stateFunc func(*wire.State)

func (f stateFunc) State(s *wire.State) { f(s) }
func (stateFunc) Sent(string, error)    {}

// TestServerKilledMidTurnFinishesTheSameGame: bsg serve is killed with
// SIGKILL in the middle of turn 3 (the Colonial plans committed, the
// Cylon's not opened), started again on the same data directory; the bots
// reconnect on their own and the game ends with the same journal, seals,
// dice and final hash as the same game played without interruption. The
// record verifies as bsg replay checks it.
func TestServerKilledMidTurnFinishesTheSameGame(t *testing.T) {
	bin := buildBSG(t)
	comp := assets.Default()

	calm := serve(t, bin, "127.0.0.1:0", filepath.Join(t.TempDir(), "calm"))
	want := playJumpPoint(t, calm.base, nil)
	_, err := want.Verify(comp, "")
	require.NoError(t, err)

	addr := freeAddr(t)
	data := filepath.Join(t.TempDir(), "killed")
	p := serve(t, bin, addr, data)
	restarted := make(chan *serveProc, 1)
	killed := false
	got := playJumpPoint(t, p.base, func(st *wire.State) {
		if killed || st.View.Turn < 3 || st.View.Phase != battle.Planning {
			return
		}
		killed = true
		// The Colonial bot is about to commit: kill the server a moment
		// later, mid-turn, whatever it is doing.
		go func() {
			time.Sleep(5 * time.Millisecond)
			require.NoError(t, p.cmd.Process.Signal(syscall.SIGKILL))
			_ = p.cmd.Wait()
			restarted <- serve(t, bin, addr, data)
		}()
	})
	require.True(t, killed, "the server was killed")
	q := <-restarted
	assert.Equal(t, p.base, q.base)
	assert.Equal(t, want.Journal, got.Journal, "the same journal as the uninterrupted game")
	assert.Equal(t, want.Seals, got.Seals)
	assert.Equal(t, want.Dice, got.Dice)
	assert.Equal(t, want.Hash, got.Hash)
	_, err = got.Verify(comp, "")
	require.NoError(t, err)

	file := filepath.Join(t.TempDir(), "record.json")
	require.NoError(t, writeJSONFile(file, got))
	key, err := client.ServerKey(q.base)
	require.NoError(t, err)
	out, err := exec.Command(bin, "replay", "-key", key, file).CombinedOutput()
	require.NoError(t, err, "%s", out)
	assert.Contains(t, string(out), "signature ok")
	assert.Contains(t, string(out), "hash ok: "+got.Hash)

}

func writeJSONFile(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}
