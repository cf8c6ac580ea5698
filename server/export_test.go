package server

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"os"
	"strings"
	"testing"
)

// BreakStore closes the server's database under it: every later query
// fails as a broken disk would make it fail.
func BreakStore(s *Server) { _ = s.store.(*sqlStore).db.Close() }

// ClientKey is the name of a client (its address, or its IPv6 /64) for
// the server's limits.
var ClientKey = clientKey

// Postgres returns the URL of an empty PostgreSQL schema of its own for
// the test (dropped after it), in the database BSG_TEST_POSTGRES names
// ("postgres://user:password@127.0.0.1/db?sslmode=disable"; .ci/run sets
// it). Without it the test is skipped, unless BSG_REQUIRE_POSTGRES is set
// (as .ci/run sets it): then it fails, so that CI never passes a
// PostgreSQL test it did not run.
func Postgres(t testing.TB) string {
	dsn := os.Getenv("BSG_TEST_POSTGRES")
	if dsn == "" {
		if os.Getenv("BSG_REQUIRE_POSTGRES") != "" {
			t.Fatal("BSG_REQUIRE_POSTGRES is set but BSG_TEST_POSTGRES names no database")
		}
		t.Skip("BSG_TEST_POSTGRES is not set: no PostgreSQL to test against (.ci/run starts one)")
	}
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	schema := "bsg_test_" + hex.EncodeToString(b)
	if _, err := db.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("BSG_TEST_POSTGRES: %v", err)
	}
	t.Cleanup(func() {
		db, err := sql.Open("pgx", dsn)
		if err != nil {
			return
		}
		defer db.Close()
		_, _ = db.Exec(`DROP SCHEMA ` + schema + ` CASCADE`)
	})
	sep := "?"
	if strings.Contains(dsn, "?") {
		sep = "&"
	}
	return dsn + sep + "search_path=" + schema
}

// HoldLease takes game's lease for s until the server's time plus its
// LeaseTTL, as a server does before it writes: with Kill, a server that
// dies in the middle of a write.
func HoldLease(s *Server, game string) error {
	now := s.opts.Clock.Now()
	ok, _, err := s.store.lease(game, s.owner, now.UnixMilli(), now.Add(s.opts.LeaseTTL).UnixMilli())
	if err == nil && !ok {
		err = errBusy
	}
	return err
}
