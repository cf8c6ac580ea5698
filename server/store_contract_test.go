package server

import (
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The store's contract, run against each implementation: the embedded
// SQLite file and PostgreSQL (BSG_TEST_POSTGRES; skipped without it,
// failed without it when BSG_REQUIRE_POSTGRES is set, as in .ci/run).
func TestStoreContract(t *testing.T) {
	impls := map[string]func(t *testing.T) func() store{
		"sqlite": func(t *testing.T) func() store {
			dir := t.TempDir()
			return func() store { return openT(t, "", dir) }
		},
		"postgres": func(t *testing.T) func() store {
			dsn := Postgres(t)
			return func() store { return openT(t, dsn, "") }
		},
	}
	for name, impl := range impls {
		t.Run(name, func(t *testing.T) {
			for _, c := range contract {
				t.Run(c.name, func(t *testing.T) { c.run(t, impl(t)) })
			}
		})
	}
}

func openT(t *testing.T, dsn, dir string) store {
	st, err := openStore(dsn, dir)
	require.NoError(t, err)
	t.Cleanup(func() { st.close() })
	return st
}

// contract is the list of the store's promises; each gets a function
// that opens the same store (again: a second server, or a restart).
var contract = []struct {
	name string
	run  func(t *testing.T, open func() store)
}{
	{"games and seats round trip; unknown ones are errNotFound", func(t *testing.T, open func() store) {
		st := open()
		g := gameRow{id: "g1", creator: "10.0.0.1", scenario: "jump-point", setup: []byte(`{"a":1}`), secret: []byte{1, 2, 3}, clock: []byte(`{"mode":"live"}`), delay: 2, created: 100}
		require.NoError(t, st.createGame(g, 100, map[string]string{"colonial": "tc", "cylon": "ty", "spectator": "ts"}))
		got, err := st.game("g1")
		require.NoError(t, err)
		assert.Equal(t, g, got)
		game, side, err := st.seat("ty")
		require.NoError(t, err)
		assert.Equal(t, [2]string{"g1", "cylon"}, [2]string{game, side})
		_, err = st.game("nope")
		assert.ErrorIs(t, err, errNotFound)
		_, _, err = st.seat("nope")
		assert.ErrorIs(t, err, errNotFound)
		assert.Error(t, st.createGame(g, 100, nil), "a game id is stored once")
	}},
	{"messages are kept in order, never overwritten, and read after a seq", func(t *testing.T, open func() store) {
		st := open()
		require.NoError(t, st.createGame(gameRow{id: "g", setup: []byte("{}"), secret: []byte{1}}, 0, nil))
		for i := 1; i <= 5; i++ {
			require.NoError(t, st.append(appendReq{game: "g", seq: i, side: "colonial", body: fmt.Appendf(nil, "m%d", i), at: int64(i)}))
		}
		err := st.append(appendReq{game: "g", seq: 3, side: "cylon", body: []byte("other")})
		require.ErrorIs(t, err, errConflict)
		msgs, err := st.messages("g", 2)
		require.NoError(t, err)
		require.Len(t, msgs, 3)
		for i, m := range msgs {
			assert.Equal(t, message{seq: i + 3, side: "colonial", body: fmt.Appendf(nil, "m%d", i+3), at: int64(i + 3)}, m)
		}
		seqs, err := st.seqs([]string{"g", "none"})
		require.NoError(t, err)
		assert.Equal(t, map[string]int{"g": 5}, seqs)
		// A restarted server (or another one) reads the same.
		again, err := open().messages("g", 0)
		require.NoError(t, err)
		assert.Len(t, again, 5)
	}},
	{"concurrent appends to many games all commit; a conflict fails alone", func(t *testing.T, open func() store) {
		st := open()
		for i := range 20 {
			require.NoError(t, st.createGame(gameRow{id: fmt.Sprint("g", i), setup: []byte("{}"), secret: []byte{1}}, 0, nil))
		}
		var wg sync.WaitGroup
		errs := make([]error, 20*10)
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for j := range 10 {
					seq := j + 1
					if i == 7 && j == 9 {
						seq = 3 // a stale writer's message
					}
					errs[i*10+j] = st.append(appendReq{game: fmt.Sprint("g", i), seq: seq, side: "colonial", body: []byte("x")})
				}
			}()
		}
		wg.Wait()
		for k, err := range errs {
			if k == 7*10+9 {
				assert.ErrorIs(t, err, errConflict)
			} else {
				assert.NoError(t, err, k)
			}
		}
		seqs, err := st.seqs([]string{"g0", "g7", "g19"})
		require.NoError(t, err)
		assert.Equal(t, map[string]int{"g0": 10, "g7": 9, "g19": 10}, seqs)
	}},
	{"games over, unfinished and per creator are counted", func(t *testing.T, open func() store) {
		st := open()
		for i, c := range []string{"a", "a", "b"} {
			require.NoError(t, st.createGame(gameRow{id: fmt.Sprint("g", i), creator: c, setup: []byte("{}"), secret: []byte{1}}, 0, nil))
		}
		require.NoError(t, st.append(appendReq{game: "g1", seq: 1, side: "colonial", body: []byte("x"), over: true}))
		mine, all, err := st.activeGames("a")
		require.NoError(t, err)
		assert.Equal(t, [2]int{1, 2}, [2]int{mine, all})
	}},
	{"abandoned: unjoined, idle, abandoned without a clock are found; the rest are not", func(t *testing.T, open func() store) {
		st := open()
		mk := func(id string, clocked bool, started, revealed, awaiting bool) {
			g := gameRow{id: id, setup: []byte("{}"), secret: []byte{1}}
			if clocked {
				g.clock = []byte(`{"mode":"live"}`)
			}
			require.NoError(t, st.createGame(g, 1000, nil))
			require.NoError(t, st.append(appendReq{game: id, seq: 1, side: "cylon", body: []byte("x"), at: 1000 * 1000, started: started, revealed: revealed, awaiting: awaiting}))
		}
		mk("unjoined", false, false, false, false)
		mk("fresh", false, true, false, false)   // started, nothing revealed yet
		mk("waiting", false, true, true, true)   // under way, a reveal owed
		mk("thinking", false, true, true, false) // under way, plans being made
		mk("clocked", true, true, false, false)  // its clock ends an absence
		mk("over", false, false, false, false)
		require.NoError(t, st.append(appendReq{game: "over", seq: 2, side: "", body: []byte("x"), at: 1000 * 1000, over: true}))
		// Nothing is due yet.
		ids, err := st.abandoned(expiry{notStarted: 999, idleSince: 999, abandonedSince: 999}, 100)
		require.NoError(t, err)
		assert.Empty(t, ids)
		// Past the join and abandoned times, not the idle time.
		ids, err = st.abandoned(expiry{notStarted: 1001, idleSince: 999, abandonedSince: 1001}, 100)
		require.NoError(t, err)
		assert.ElementsMatch(t, []string{"unjoined", "fresh", "waiting"}, ids)
		ids, err = st.abandoned(expiry{notStarted: 1001, idleSince: 999, abandonedSince: 1001}, 2)
		require.NoError(t, err)
		assert.Len(t, ids, 2, "at most limit")
		// Past the idle time, every unfinished game.
		ids, err = st.abandoned(expiry{notStarted: 1001, idleSince: 1001, abandonedSince: 1001}, 100)
		require.NoError(t, err)
		assert.ElementsMatch(t, []string{"unjoined", "fresh", "waiting", "thinking", "clocked"}, ids)
	}},
	{"due clocks are found by their deadline", func(t *testing.T, open func() store) {
		st := open()
		for i, d := range []int64{0, 500, 1500} {
			require.NoError(t, st.createGame(gameRow{id: fmt.Sprint("g", i), setup: []byte("{}"), secret: []byte{1}}, 0, nil))
			require.NoError(t, st.append(appendReq{game: fmt.Sprint("g", i), seq: 1, side: "cylon", body: []byte("x"), deadline: d}))
		}
		ids, err := st.due(1000)
		require.NoError(t, err)
		assert.Equal(t, []string{"g1"}, ids)
	}},
	{"a lease has one owner until it runs out or is let go", func(t *testing.T, open func() store) {
		a, b := open(), open() // two servers on one store
		ok, _, err := a.lease("g", "A", 1000, 2000)
		require.NoError(t, err)
		assert.True(t, ok, "a free lease is taken")
		ok, _, err = b.lease("g", "B", 1500, 2500)
		require.NoError(t, err)
		assert.False(t, ok, "a lease held by another is refused before it runs out")
		ok, _, err = a.lease("g", "A", 1900, 2900)
		require.NoError(t, err)
		assert.True(t, ok, "the owner renews its lease")
		ok, _, err = b.lease("g", "B", 2800, 3800)
		require.NoError(t, err)
		assert.False(t, ok, "the renewed lease holds")
		ok, _, err = b.lease("g", "B", 2900, 3900)
		require.NoError(t, err)
		assert.True(t, ok, "a lease that ran out is taken over")
		ok, _, err = a.lease("g", "A", 3000, 4000)
		require.NoError(t, err)
		assert.False(t, ok, "the old owner has lost it")
		require.NoError(t, a.unlease("g", "A"))
		ok, _, err = a.lease("g", "A", 3000, 4000)
		require.NoError(t, err)
		assert.False(t, ok, "only the owner lets a lease go")
		require.NoError(t, b.unlease("g", "B"))
		ok, _, err = a.lease("g", "A", 3000, 4000)
		require.NoError(t, err)
		assert.True(t, ok, "a lease let go is free")
		ok, _, err = a.lease("h", "B", 3000, 4000)
		require.NoError(t, err)
		assert.True(t, ok, "leases are per game")
	}},
	{"a lease reports the latest seq; a commit lets it go, even a refused one", func(t *testing.T, open func() store) {
		a, b := open(), open()
		if !a.shared() {
			// A store of one server's own: the server takes no lease
			// (Server.own), so its commits keep none.
			t.Skip("leases are kept by commits on a shared store only")
		}
		require.NoError(t, a.createGame(gameRow{id: "g", setup: []byte("{}"), secret: []byte{1}}, 0, nil))
		ok, seq, err := a.lease("g", "A", 1000, 2000)
		require.NoError(t, err)
		assert.True(t, ok)
		assert.Equal(t, -1, seq, "a lease never taken knows no seq")
		require.NoError(t, a.append(appendReq{game: "g", seq: 1, side: "cylon", body: []byte("x"), letGo: "A"}))
		ok, seq, err = b.lease("g", "B", 1100, 2100)
		require.NoError(t, err)
		assert.True(t, ok, "let go with the message")
		assert.Equal(t, 1, seq)
		require.ErrorIs(t, b.append(appendReq{game: "g", seq: 1, side: "cylon", body: []byte("y"), letGo: "B"}), errConflict)
		ok, _, err = a.lease("g", "A", 1200, 2200)
		require.NoError(t, err)
		assert.True(t, ok, "let go with the refused message")
		require.NoError(t, a.append(appendReq{game: "g", seq: 2, side: "cylon", body: []byte("z")}))
		ok, _, err = b.lease("g", "B", 1300, 2300)
		require.NoError(t, err)
		assert.False(t, ok, "a commit without letGo keeps the lease")
		require.NoError(t, a.unlease("g", "A"))
		ok, seq, err = b.lease("g", "B", 1400, 2400)
		require.NoError(t, err)
		assert.True(t, ok)
		assert.Equal(t, 2, seq, "every commit keeps the seq, with or without letGo")
		msgs, err := b.messages("g", 0)
		require.NoError(t, err)
		require.Len(t, msgs, 2)
		assert.Equal(t, "x", string(msgs[0].body), "never overwritten")
	}},
	{"one lease among many servers racing for it", func(t *testing.T, open func() store) {
		stores := []store{open(), open(), open()}
		var wg sync.WaitGroup
		var mu sync.Mutex
		won := 0
		for i := range 12 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ok, _, err := stores[i%3].lease("race", fmt.Sprint("owner", i), 1000, 2000)
				if !assert.NoError(t, err) {
					return
				}
				if ok {
					mu.Lock()
					won++
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		assert.Equal(t, 1, won)
	}},
	{"every server of one store has the same key", func(t *testing.T, open func() store) {
		k1, err := open().key()
		require.NoError(t, err)
		k2, err := open().key()
		require.NoError(t, err)
		assert.True(t, k1.Equal(k2))
	}},
}

// TestAnUnknownStoreIsRefused: a -store that is neither empty nor a
// PostgreSQL URL is refused with what to give, and a password in it is
// not repeated.
func TestAnUnknownStoreIsRefused(t *testing.T) {
	_, err := openStore("mysql://user:hunter2@host/db", t.TempDir())
	require.Error(t, err)
	assert.NotContains(t, err.Error(), "hunter2")
	assert.Contains(t, err.Error(), "postgres://")
	_, err = openStore("postgres://user:hunter2@127.0.0.1:1/db?connect_timeout=2", "")
	require.Error(t, err, "no database there")
	assert.NotContains(t, err.Error(), "hunter2")
	assert.False(t, errors.Is(err, errNotFound))
}

// TestOnPostgresOnlyLeasesSkipTheDisk: on PostgreSQL the messages are
// committed synchronously (an acknowledged message survives a crash),
// and only the light writes (leases, holds) skip the wait for the disk.
func TestOnPostgresOnlyLeasesSkipTheDisk(t *testing.T) {
	st := openT(t, Postgres(t), "").(*sqlStore)
	var durable, light string
	require.NoError(t, st.db.QueryRow(`SHOW synchronous_commit`).Scan(&durable))
	require.NoError(t, st.lightDB.QueryRow(`SHOW synchronous_commit`).Scan(&light))
	assert.Equal(t, "on", durable)
	assert.Equal(t, "off", light)
}
