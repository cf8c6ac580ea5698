package server

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	_ "github.com/jackc/pgx/v5/stdlib" // the pure-Go PostgreSQL driver, registered as "pgx"
	_ "modernc.org/sqlite"             // the pure-Go SQLite driver, registered as "sqlite"
)

// store is where a server keeps every game and every accepted message:
// what the server needs of a database. Two implementations answer it, both
// by sqlStore: the embedded SQLite file (the default: one server) and
// PostgreSQL (Options.Store "postgres://…": several servers share it).
// The contract every implementation keeps is tested against each by
// store_contract_test.go.
type store interface {
	// shared reports whether other servers may use the store at the same
	// time (then a server takes a game's lease before it writes to it,
	// and looks for messages other servers stored).
	shared() bool
	close() error
	// key returns the server's ed25519 key, made on first use: every
	// server of one store signs with the same key.
	key() (ed25519.PrivateKey, error)
	// createGame stores a new game and its seat tokens (hashed).
	createGame(g gameRow, created int64, tokens map[string]string) error
	// seat finds the game and side of a token (errNotFound: no such seat).
	seat(token string) (game, side string, err error)
	// game returns a stored game (errNotFound: no such game).
	game(id string) (gameRow, error)
	// activeGames counts the unfinished games a client created, and all
	// unfinished games.
	activeGames(creator string) (mine, all int, err error)
	// abandoned lists at most limit unfinished games left unplayed past
	// their time (e): the candidates of the rules of an absent player
	// (abandon.go), which the server checks on each game.
	abandoned(e expiry, limit int) ([]string, error)
	// messages returns a game's messages after seq after, in order.
	messages(game string, after int) ([]message, error)
	// seqs returns the latest stored message seq of each of the games
	// ids that has one.
	seqs(ids []string) (map[string]int, error)
	// append stores one message and returns once it is committed. A seq
	// already stored is refused (errConflict): no message is ever
	// overwritten. With appendReq.letGo, that owner's lease of the game is
	// let go in the same commit (stored or refused).
	append(a appendReq) error
	// due lists the unfinished games whose clock is due by now (unix ms).
	due(now int64) ([]string, error)
	// lease gives owner game's lease until the unix ms until, if nobody
	// else holds it past now; it reports whether owner holds it and, when
	// it does, the game's latest stored seq, -1 when not known (the look
	// for other servers' messages needs no query of its own when it is the
	// server's own). One round trip.
	lease(game, owner string, now, until int64) (ok bool, lastSeq int, err error)
	// unlease lets go of owner's lease of game.
	unlease(game, owner string) error
}

// errConflict is a message whose seq another writer stored first.
var errConflict = errors.New("a message with this seq is stored already")

// sqlStore keeps the games in an SQL database: SQLite or PostgreSQL
// (dialect). A message is committed (SQLite: synchronous=FULL;
// PostgreSQL: its default synchronous_commit) before it is acknowledged,
// so a server killed at any moment restarts with every acknowledged
// message.
type sqlStore struct {
	db      *sql.DB
	lightDB *sql.DB // PostgreSQL: connections whose commits do not wait for the disk (light)
	pg      bool    // the PostgreSQL dialect
	name    string  // the file or the database, for messages
	appends chan appendReq
	stopped chan struct{}
	// SQLite: the committer's statements, prepared once (preparing them
	// for every message was a tenth of the server's CPU a command).
	insertMsg, updateGame *sql.Stmt
}

// appendReq is one message waiting to be committed, and where to say it
// has been.
type appendReq struct {
	game, side string
	seq        int
	body       []byte
	over       bool
	started    bool   // the message took the second seat
	at         int64  // unix ms it was accepted
	deadline   int64  // unix ms the game's clock is next due after it (0: none)
	revealed   bool   // a plan has been revealed (or a declaration made) in the game so far
	awaiting   bool   // after it, a side owes a reveal
	letGo      string // when set, this owner's lease of the game is let go in the same commit
	done       chan error
}

// The tables; {blob} and {int} are the dialect's types.
const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value {blob} NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY, created {int} NOT NULL, creator TEXT NOT NULL,
  scenario TEXT NOT NULL, setup {blob} NOT NULL, secret {blob} NOT NULL, over {int} NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (token_hash TEXT PRIMARY KEY, game TEXT NOT NULL, side TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  game TEXT NOT NULL, seq {int} NOT NULL, side TEXT NOT NULL, body {blob} NOT NULL, PRIMARY KEY (game, seq));
CREATE TABLE IF NOT EXISTS leases (game TEXT PRIMARY KEY, owner TEXT NOT NULL, until {int} NOT NULL);
`

// Columns added after the first release, added to older databases when
// they open (name, then definition).
var addedColumns = [][3]string{
	{"games", "active", "{int} NOT NULL DEFAULT 0"},   // unix time of the latest accepted message
	{"games", "started", "{int} NOT NULL DEFAULT 0"},  // both seats have been taken
	{"games", "clock", "{blob} NOT NULL DEFAULT ''"},  // wire.ClockSpec in JSON ('': none)
	{"games", "deadline", "{int} NOT NULL DEFAULT 0"}, // unix ms when a side's time is next due (0: none)
	{"messages", "at", "{int} NOT NULL DEFAULT 0"},    // unix ms it was accepted (the clock's charge)
	{"games", "held", "{int} NOT NULL DEFAULT 0"},     // unused (a server held a game in memory until then)
	{"games", "revealed", "{int} NOT NULL DEFAULT 0"}, // a side has revealed a plan or declared (the game is under way)
	{"games", "clocked", "{int} NOT NULL DEFAULT 0"},  // the game has a clock (its own rule ends an absence)
	{"games", "last_seq", "{int} NOT NULL DEFAULT 0"}, // the seq of its latest message
	{"games", "spectate", "{int} NOT NULL DEFAULT 0"}, // spectators' delay, in moves (wire.CreateRequest.SpectatorDelay)
	{"games", "awaiting", "{int} NOT NULL DEFAULT 0"}, // a side owes a reveal after its latest message
	{"leases", "seq", "{int} NOT NULL DEFAULT -1"},    // the game's latest stored seq, kept by every append (-1: not known)
}

// The values of games.over.
const (
	unfinished = 0
	finished   = 1
	expired    = 2 // left unfinished past its time (Options.JoinWithin, IdleExpiry)
)

// openStore opens the store a server was told to use: "" for the SQLite
// file bsg.sqlite in the directory dir (created when missing), or a
// PostgreSQL URL ("postgres://user:password@host/db?sslmode=disable").
func openStore(dsn, dir string) (store, error) {
	if dsn == "" || dsn == "sqlite" {
		return openSQLite(dir)
	}
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		return openPostgres(dsn)
	}
	return nil, fmt.Errorf("store %q: give a postgres:// URL, or nothing for the SQLite file in the data directory", redact(dsn))
}

// openSQLite opens (creating) the database file bsg.sqlite in dir.
func openSQLite(dir string) (*sqlStore, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("data directory: %w", err)
	}
	path := filepath.Join(dir, "bsg.sqlite")
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=busy_timeout(10000)&_pragma=journal_mode(WAL)&_pragma=synchronous(FULL)")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	db.SetMaxOpenConns(1) // one writer; SQLite serialises writes anyway
	if err := checkIntegrity(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s is damaged, so bsg serve does not start on it (restore it from a backup, or move it away to start afresh): %w", path, err)
	}
	st := &sqlStore{db: db, name: path}
	if err := st.migrate(); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if st.insertMsg, err = db.Prepare(st.q(`INSERT INTO messages (game, seq, side, body, at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (game, seq) DO NOTHING`)); err == nil {
		st.updateGame, err = db.Prepare(st.q(`UPDATE games SET over = {max}(over, ?), active = ?, started = {max}(started, ?), deadline = ?, revealed = {max}(revealed, ?), awaiting = ?, last_seq = ? WHERE id = ?`))
	}
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	st.start()
	return st, nil
}

// openPostgres connects to a PostgreSQL database and creates the tables
// it lacks (one server at a time: an advisory lock).
func openPostgres(dsn string) (*sqlStore, error) {
	name := redact(dsn)
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	db.SetMaxOpenConns(16)
	db.SetMaxIdleConns(16)
	if err := db.PingContext(context.Background()); err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	st := &sqlStore{db: db, pg: true, name: name}
	if err := st.migrate(); err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	// The connections for light writes: synchronous_commit off for their
	// whole session, so a lease is one round trip and no wait for the disk.
	u, err := url.Parse(dsn)
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	q := u.Query()
	q.Set("synchronous_commit", "off")
	u.RawQuery = q.Encode()
	st.lightDB, err = sql.Open("pgx", u.String())
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", name, err)
	}
	st.lightDB.SetMaxOpenConns(8)
	st.lightDB.SetMaxIdleConns(8)
	st.start()
	return st, nil
}

// Redact returns a store URL with its password hidden, for messages.
func Redact(dsn string) string { return redact(dsn) }

// redact hides a URL's password.
func redact(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil || u.User == nil {
		return dsn
	}
	if _, ok := u.User.Password(); ok {
		u.User = url.UserPassword(u.User.Username(), "xxxxx")
	}
	return u.String()
}

func (s *sqlStore) start() {
	s.appends = make(chan appendReq)
	s.stopped = make(chan struct{})
	go s.committer()
}

func (s *sqlStore) shared() bool { return s.pg }

// The dialects' words for {blob}, {int} and {max} (q).
var (
	sqliteTypes   = strings.NewReplacer("{blob}", "BLOB", "{int}", "INTEGER", "{max}", "MAX")
	postgresTypes = strings.NewReplacer("{blob}", "BYTEA", "{int}", "BIGINT", "{max}", "GREATEST")
)

// q writes a query in the store's dialect: ? placeholders become $1, $2,
// … for PostgreSQL, {blob} and {int} its types, {max} the larger of two.
func (s *sqlStore) q(query string) string {
	if !s.pg {
		return sqliteTypes.Replace(query)
	}
	query = postgresTypes.Replace(query)
	var b strings.Builder
	n := 0
	for _, r := range query {
		if r == '?' {
			n++
			b.WriteString("$" + strconv.Itoa(n))
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// migrate creates the tables and adds the columns an older database
// lacks.
func (s *sqlStore) migrate() error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if s.pg {
		// Two servers starting at once on one database create its
		// tables one after the other.
		h := fnv.New64a()
		h.Write([]byte("bsg schema"))
		if _, err := tx.Exec(`SELECT pg_advisory_xact_lock($1)`, int64(h.Sum64()>>1)); err != nil {
			return err
		}
	}
	for _, stmt := range strings.Split(s.q(schema), ";") {
		if strings.TrimSpace(stmt) == "" {
			continue
		}
		if _, err := tx.Exec(stmt); err != nil {
			return err
		}
	}
	for _, c := range addedColumns {
		if s.pg {
			if _, err := tx.Exec(s.q(`ALTER TABLE ` + c[0] + ` ADD COLUMN IF NOT EXISTS ` + c[1] + ` ` + c[2])); err != nil {
				return err
			}
			continue
		}
		var n int
		if err := tx.QueryRow(`SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?`, c[0], c[1]).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := tx.Exec(s.q(`ALTER TABLE ` + c[0] + ` ADD COLUMN ` + c[1] + ` ` + c[2])); err != nil {
				return err
			}
		}
	}
	for _, idx := range []string{
		`CREATE INDEX IF NOT EXISTS games_due ON games (over, deadline)`,
		`CREATE INDEX IF NOT EXISTS games_open ON games (over, started, active)`,
		`CREATE INDEX IF NOT EXISTS games_creator ON games (over, creator)`,
	} {
		if _, err := tx.Exec(idx); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// checkIntegrity runs SQLite's integrity check over the whole database:
// a damaged file would otherwise answer "no game" for games it holds.
func checkIntegrity(db *sql.DB) error {
	rows, err := db.Query(`PRAGMA integrity_check`)
	if err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	defer rows.Close()
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			return fmt.Errorf("integrity check: %w", err)
		}
		if line != "ok" && len(problems) < 5 {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("integrity check: %w", err)
	}
	if len(problems) > 0 {
		return fmt.Errorf("integrity check: %s", strings.Join(problems, "; "))
	}
	return nil
}

// errNotFound is a game or seat the store does not hold; any other error
// of the store is a storage failure (never reported as a missing game or
// a forbidden seat).
var errNotFound = errors.New("not found")

func notFound(err error) error {
	if errors.Is(err, sql.ErrNoRows) {
		return errNotFound
	}
	return err
}

func (s *sqlStore) close() error {
	close(s.appends)
	<-s.stopped
	if s.lightDB != nil {
		s.lightDB.Close()
	}
	for _, st := range []*sql.Stmt{s.insertMsg, s.updateGame} {
		if st != nil {
			st.Close()
		}
	}
	return s.db.Close()
}

// committer commits the messages of every game waiting at once in one
// transaction (one sync to disk for all of them: group commit), then
// tells each sender. A batch that fails is committed again one message
// at a time, so that one refused message (errConflict) fails alone.
func (s *sqlStore) committer() {
	defer close(s.stopped)
	for req := range s.appends {
		batch := []appendReq{req}
	more:
		for len(batch) < 512 {
			select {
			case r, ok := <-s.appends:
				if !ok {
					break more
				}
				batch = append(batch, r)
			default:
				break more
			}
		}
		err := s.commit(batch)
		if err != nil && len(batch) > 1 {
			for _, r := range batch {
				r.done <- s.commit([]appendReq{r})
			}
			continue
		}
		for _, r := range batch {
			r.done <- err
		}
	}
}

func (s *sqlStore) commit(batch []appendReq) error {
	if s.pg && len(batch) == 1 {
		// One statement outside a transaction: one round trip, one
		// synchronous commit.
		return s.appendPG(s.db, batch[0])
	}
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, r := range batch {
		if s.pg {
			if err := s.appendPG(tx, r); err != nil {
				return err
			}
			continue
		}
		res, err := tx.Stmt(s.insertMsg).Exec(r.game, r.seq, r.side, blob(r.body), r.at)
		if err != nil {
			return err
		}
		if n, err := res.RowsAffected(); err != nil {
			return err
		} else if n == 0 {
			return fmt.Errorf("game %s, message %d: %w", r.game, r.seq, errConflict)
		}
		over := unfinished
		if r.over {
			over = finished
		}
		if _, err := tx.Stmt(s.updateGame).Exec(over, r.at/1000, boolInt(r.started), r.deadline, boolInt(r.revealed), boolInt(r.awaiting), r.seq, r.game); err != nil {
			return err
		}
		// SQLite is a store of one server's own (shared() is false): it
		// takes no lease, so no lease row needs the seq or a letting go.
	}
	return tx.Commit()
}

// appendPG stores one message on PostgreSQL in one statement: the
// message (refused if its seq is stored: errConflict), the game's
// columns after it, its seq in the game's lease row (the next lease
// reports it), and the lease let go (appendReq.letGo; empty matches no
// owner), whether the message was stored or refused.
func (s *sqlStore) appendPG(db interface {
	QueryRow(string, ...any) *sql.Row
}, r appendReq) error {
	over := unfinished
	if r.over {
		over = finished
	}
	var stored int
	err := db.QueryRow(`WITH ins AS (
  INSERT INTO messages (game, seq, side, body, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (game, seq) DO NOTHING RETURNING seq),
upd AS (
  UPDATE games SET over = GREATEST(over, $6), active = $7, started = GREATEST(started, $8), deadline = $9,
    revealed = GREATEST(revealed, $10), awaiting = $11, last_seq = $2
  WHERE id = $1 AND EXISTS (SELECT 1 FROM ins) RETURNING 1),
lease AS (
  UPDATE leases SET seq = GREATEST(seq, (SELECT MAX(seq) FROM ins)),
    owner = CASE WHEN owner = $12 THEN '' ELSE owner END, until = CASE WHEN owner = $12 THEN 0 ELSE until END
  WHERE game = $1 RETURNING 1)
SELECT COUNT(*) FROM ins`, r.game, r.seq, r.side, blob(r.body), r.at, over, r.at/1000, boolInt(r.started), r.deadline,
		boolInt(r.revealed), boolInt(r.awaiting), r.letGo).Scan(&stored)
	if err != nil {
		return err
	}
	if stored == 0 {
		return fmt.Errorf("game %s, message %d: %w", r.game, r.seq, errConflict)
	}
	return nil
}

// blob is b, never nil (PostgreSQL stores a nil slice as NULL).
func blob(b []byte) []byte {
	if b == nil {
		return []byte{}
	}
	return b
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// key returns the server's ed25519 key, made on first use (by the first
// of the servers sharing the store: the others read it).
func (s *sqlStore) key() (ed25519.PrivateKey, error) {
	seed := make([]byte, ed25519.SeedSize)
	_, _ = rand.Read(seed)
	if _, err := s.db.Exec(s.q(`INSERT INTO meta (key, value) VALUES ('ed25519-seed', ?) ON CONFLICT (key) DO NOTHING`), seed); err != nil {
		return nil, err
	}
	if err := s.db.QueryRow(`SELECT value FROM meta WHERE key = 'ed25519-seed'`).Scan(&seed); err != nil {
		return nil, err
	}
	if len(seed) != ed25519.SeedSize {
		return nil, errors.New("store: the server key is damaged")
	}
	return ed25519.NewKeyFromSeed(seed), nil
}

func tokenHash(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// gameRow is a game as stored.
type gameRow struct {
	id, creator, scenario string
	setup, secret, clock  []byte
	over                  int   // unfinished, finished or expired
	created               int64 // unix s
	delay                 int   // spectators see the game this many moves behind
}

// createGame stores a new game and its three seat tokens (hashed).
func (s *sqlStore) createGame(g gameRow, created int64, tokens map[string]string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(s.q(`INSERT INTO games (id, created, creator, scenario, setup, secret, active, clock, clocked, spectate) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`),
		g.id, created, g.creator, g.scenario, blob(g.setup), blob(g.secret), created, blob(g.clock), boolInt(len(g.clock) > 0), g.delay); err != nil {
		return err
	}
	for side, tok := range tokens {
		if _, err := tx.Exec(s.q(`INSERT INTO seats (token_hash, game, side) VALUES (?, ?, ?)`), tokenHash(tok), g.id, side); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// seat finds the game and side of a token.
func (s *sqlStore) seat(token string) (game, side string, err error) {
	err = s.db.QueryRow(s.q(`SELECT game, side FROM seats WHERE token_hash = ?`), tokenHash(token)).Scan(&game, &side)
	return game, side, notFound(err)
}

func (s *sqlStore) game(id string) (gameRow, error) {
	g := gameRow{id: id}
	err := s.db.QueryRow(s.q(`SELECT creator, scenario, setup, secret, over, clock, spectate, created FROM games WHERE id = ?`), id).
		Scan(&g.creator, &g.scenario, &g.setup, &g.secret, &g.over, &g.clock, &g.delay, &g.created)
	return g, notFound(err)
}

// activeGames counts the games a client created that are not over, and
// all the games that are not over.
func (s *sqlStore) activeGames(creator string) (mine, all int, err error) {
	err = s.db.QueryRow(s.q(`SELECT COUNT(*), COALESCE(SUM(CASE WHEN creator = ? THEN 1 ELSE 0 END), 0) FROM games WHERE over = 0`), creator).Scan(&all, &mine)
	return mine, all, err
}

// in returns "(?, ?, …)" for n values and the values as arguments.
func in(ids []string) (string, []any) {
	args := make([]any, len(ids))
	for i, id := range ids {
		args[i] = id
	}
	return "(" + strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",") + ")", args
}

// expiry says which unfinished games are left unplayed past their time
// (unix s): those not started with no message since notStarted; those
// with no message since idleSince; the abandoned ones, with no message
// since abandonedSince: without a clock, started, and either no plan
// revealed yet or a reveal owed.
type expiry struct{ notStarted, idleSince, abandonedSince int64 }

func (s *sqlStore) abandoned(e expiry, limit int) ([]string, error) {
	rows, err := s.db.Query(s.q(`SELECT id FROM games WHERE over = 0 AND ((started = 0 AND active < ?) OR active < ?
  OR (clocked = 0 AND (revealed = 0 OR awaiting = 1) AND active < ?)) ORDER BY active LIMIT `+strconv.Itoa(limit)),
		e.notStarted, e.idleSince, e.abandonedSince)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

// message is one stored message.
type message struct {
	seq  int
	side string
	body []byte
	at   int64 // unix ms
}

func (s *sqlStore) messages(game string, after int) ([]message, error) {
	rows, err := s.db.Query(s.q(`SELECT seq, side, body, at FROM messages WHERE game = ? AND seq > ? ORDER BY seq`), game, after)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []message
	for rows.Next() {
		var m message
		if err := rows.Scan(&m.seq, &m.side, &m.body, &m.at); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

func (s *sqlStore) seqs(ids []string) (map[string]int, error) {
	out := map[string]int{}
	if len(ids) == 0 {
		return out, nil
	}
	list, args := in(ids)
	rows, err := s.db.Query(s.q(`SELECT id, last_seq FROM games WHERE id IN `+list), args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var seq int
		if err := rows.Scan(&id, &seq); err != nil {
			return nil, err
		}
		if seq > 0 {
			out[id] = seq
		}
	}
	return out, rows.Err()
}

// append stores message a.seq of a game (and whether it ended the game)
// and returns once it is committed; with a.letGo, that owner's lease of
// the game is let go too, whether the message is stored or refused.
func (s *sqlStore) append(a appendReq) error {
	a.done = make(chan error, 1)
	s.appends <- a
	err := <-a.done
	if a.letGo != "" && !s.pg && errors.Is(err, errConflict) {
		// PostgreSQL lets the lease go in the refused statement; SQLite's
		// refusal rolled its transaction back.
		if uerr := s.unlease(a.game, a.letGo); uerr != nil {
			return uerr
		}
	}
	return err
}

// due lists the unfinished games whose clock is due by now (unix ms).
func (s *sqlStore) due(now int64) ([]string, error) {
	rows, err := s.db.Query(s.q(`SELECT id FROM games WHERE over = 0 AND deadline > 0 AND deadline <= ? LIMIT 1000`), now)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var ids []string
	for rows.Next() {
		var id string
		if err := rows.Scan(&id); err != nil {
			return nil, err
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}

func (s *sqlStore) lease(game, owner string, now, until int64) (bool, int, error) {
	db := s.db
	if s.lightDB != nil {
		db = s.lightDB
	}
	// The seq comes from the lease row itself, which every append keeps:
	// ON CONFLICT DO UPDATE works on the row's latest version (after
	// waiting for a writer that holds it), where a read of the games
	// table would see the statement's older snapshot. A row made now
	// knows no seq (-1).
	var seq int
	err := db.QueryRow(s.q(`INSERT INTO leases (game, owner, until, seq) VALUES (?, ?, ?, -1)
ON CONFLICT (game) DO UPDATE SET owner = excluded.owner, until = excluded.until
WHERE leases.owner = excluded.owner OR leases.until <= ?
RETURNING seq`), game, owner, until, now).Scan(&seq)
	if errors.Is(err, sql.ErrNoRows) {
		return false, 0, nil
	}
	return err == nil, seq, err
}

func (s *sqlStore) unlease(game, owner string) error {
	_, err := s.light(`UPDATE leases SET owner = '', until = 0 WHERE game = ? AND owner = ?`, game, owner)
	return err
}

// light runs one write the store may lose in a crash, and returns the
// rows it changed: a lease or a hold. On PostgreSQL it goes through the
// connections whose commits do not wait for the disk (synchronous_commit
// off): a lease lost in a crash is one that has run out or been let go,
// and no message can be overwritten whoever holds it (errConflict), so
// the messages stay as durable as ever.
func (s *sqlStore) light(query string, args ...any) (int64, error) {
	db := s.db
	if s.lightDB != nil {
		db = s.lightDB
	}
	res, err := db.Exec(s.q(query), args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}
