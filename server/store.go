package server

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// store keeps every game and every accepted message in an SQLite file.
// A message is committed (synchronous=FULL) before it is acknowledged, so
// a server killed at any moment restarts with every acknowledged message.
type store struct {
	db      *sql.DB
	appends chan appendReq
	stopped chan struct{}
}

// appendReq is one message waiting to be committed, and where to say it
// has been.
type appendReq struct {
	game, side string
	seq        int
	body       []byte
	over       bool
	started    bool  // the message took the second seat
	at         int64 // unix ms it was accepted
	deadline   int64 // unix ms the game's clock is next due after it (0: none)
	done       chan error
}

const schema = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value BLOB NOT NULL);
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY, created INTEGER NOT NULL, creator TEXT NOT NULL,
  scenario TEXT NOT NULL, setup BLOB NOT NULL, secret BLOB NOT NULL, over INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS seats (token_hash TEXT PRIMARY KEY, game TEXT NOT NULL, side TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS messages (
  game TEXT NOT NULL, seq INTEGER NOT NULL, side TEXT NOT NULL, body BLOB NOT NULL, PRIMARY KEY (game, seq));
`

// Columns added after the first release, added to older databases when
// they open (name, then definition).
var addedColumns = [][3]string{
	{"games", "active", "INTEGER NOT NULL DEFAULT 0"},   // unix time of the latest accepted message
	{"games", "started", "INTEGER NOT NULL DEFAULT 0"},  // both seats have been taken
	{"games", "clock", "BLOB NOT NULL DEFAULT ''"},      // wire.ClockSpec in JSON ('': none)
	{"games", "deadline", "INTEGER NOT NULL DEFAULT 0"}, // unix ms when a side's time is next due (0: none)
	{"messages", "at", "INTEGER NOT NULL DEFAULT 0"},    // unix ms it was accepted (the clock's charge)
}

// The values of games.over.
const (
	unfinished = 0
	finished   = 1
	expired    = 2 // left unfinished past its time (Options.JoinWithin, IdleExpiry)
)

// openStore opens (creating) the database file db.sqlite in dir.
func openStore(dir string) (*store, error) {
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
	if _, err := db.Exec(schema); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err := addColumns(db); err != nil {
		db.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	st := &store{db: db, appends: make(chan appendReq), stopped: make(chan struct{})}
	go st.committer()
	return st, nil
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

// addColumns adds the columns an older database lacks.
func addColumns(db *sql.DB) error {
	for _, c := range addedColumns {
		var n int
		if err := db.QueryRow(`SELECT COUNT(*) FROM pragma_table_info(?) WHERE name = ?`, c[0], c[1]).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			if _, err := db.Exec(`ALTER TABLE ` + c[0] + ` ADD COLUMN ` + c[1] + ` ` + c[2]); err != nil {
				return err
			}
		}
	}
	if _, err := db.Exec(`CREATE INDEX IF NOT EXISTS games_due ON games (over, deadline)`); err != nil {
		return err
	}
	_, err := db.Exec(`CREATE INDEX IF NOT EXISTS games_open ON games (over, started, active)`)
	return err
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

func (s *store) close() error {
	close(s.appends)
	<-s.stopped
	return s.db.Close()
}

// committer commits the messages of every game waiting at once in one
// transaction (one sync to disk for all of them: group commit), then
// tells each sender.
func (s *store) committer() {
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
		for _, r := range batch {
			r.done <- err
		}
	}
}

func (s *store) commit(batch []appendReq) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	for _, r := range batch {
		if _, err := tx.Exec(`INSERT INTO messages (game, seq, side, body, at) VALUES (?, ?, ?, ?, ?)`, r.game, r.seq, r.side, r.body, r.at); err != nil {
			return err
		}
		over := unfinished
		if r.over {
			over = finished
		}
		if _, err := tx.Exec(`UPDATE games SET over = MAX(over, ?), active = ?, started = MAX(started, ?), deadline = ? WHERE id = ?`,
			over, r.at/1000, r.started, r.deadline, r.game); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// key returns the server's ed25519 key, made on first use.
func (s *store) key() (ed25519.PrivateKey, error) {
	var seed []byte
	err := s.db.QueryRow(`SELECT value FROM meta WHERE key = 'ed25519-seed'`).Scan(&seed)
	if errors.Is(err, sql.ErrNoRows) {
		seed = make([]byte, ed25519.SeedSize)
		_, _ = rand.Read(seed)
		if _, err := s.db.Exec(`INSERT INTO meta (key, value) VALUES ('ed25519-seed', ?)`, seed); err != nil {
			return nil, err
		}
	} else if err != nil {
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
	over                  int // unfinished, finished or expired
}

// createGame stores a new game and its three seat tokens (hashed).
func (s *store) createGame(g gameRow, created int64, tokens map[string]string) error {
	tx, err := s.db.Begin()
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(`INSERT INTO games (id, created, creator, scenario, setup, secret, active, clock) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
		g.id, created, g.creator, g.scenario, g.setup, g.secret, created, g.clock); err != nil {
		return err
	}
	for side, tok := range tokens {
		if _, err := tx.Exec(`INSERT INTO seats (token_hash, game, side) VALUES (?, ?, ?)`, tokenHash(tok), g.id, side); err != nil {
			return err
		}
	}
	return tx.Commit()
}

// seat finds the game and side of a token.
func (s *store) seat(token string) (game, side string, err error) {
	err = s.db.QueryRow(`SELECT game, side FROM seats WHERE token_hash = ?`, tokenHash(token)).Scan(&game, &side)
	return game, side, notFound(err)
}

func (s *store) game(id string) (gameRow, error) {
	g := gameRow{id: id}
	err := s.db.QueryRow(`SELECT creator, scenario, setup, secret, over, clock FROM games WHERE id = ?`, id).
		Scan(&g.creator, &g.scenario, &g.setup, &g.secret, &g.over, &g.clock)
	return g, notFound(err)
}

// activeGames counts the games a client created that are not over, and
// all the games that are not over.
func (s *store) activeGames(creator string) (mine, all int, err error) {
	err = s.db.QueryRow(`SELECT COUNT(*), COALESCE(SUM(creator = ?), 0) FROM games WHERE over = 0`, creator).Scan(&all, &mine)
	return mine, all, err
}

// expire marks unfinished the games nobody started before notStarted and
// the started ones with no message since idleSince (unix times), except
// those named in keep (held by a connection), and returns how many.
func (s *store) expire(notStarted, idleSince int64, keep []string) (int64, error) {
	q := `UPDATE games SET over = 2 WHERE over = 0 AND ((started = 0 AND active < ?) OR active < ?)`
	args := []any{notStarted, idleSince}
	if len(keep) > 0 {
		q += ` AND id NOT IN (` + strings.TrimSuffix(strings.Repeat("?,", len(keep)), ",") + `)`
		for _, k := range keep {
			args = append(args, k)
		}
	}
	res, err := s.db.Exec(q, args...)
	if err != nil {
		return 0, err
	}
	return res.RowsAffected()
}

// message is one stored message.
type message struct {
	side string
	body []byte
	at   int64 // unix ms
}

func (s *store) messages(game string) ([]message, error) {
	rows, err := s.db.Query(`SELECT side, body, at FROM messages WHERE game = ? ORDER BY seq`, game)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []message
	for rows.Next() {
		var m message
		if err := rows.Scan(&m.side, &m.body, &m.at); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// append stores message seq of a game (and whether it ended the game)
// and returns once it is committed to disk.
func (s *store) append(game string, seq int, side string, body []byte, over, started bool, at, deadline int64) error {
	done := make(chan error, 1)
	s.appends <- appendReq{game: game, seq: seq, side: side, body: body, over: over, started: started, at: at, deadline: deadline, done: done}
	return <-done
}

// due lists the unfinished games whose clock is due by now (unix ms).
func (s *store) due(now int64) ([]string, error) {
	rows, err := s.db.Query(`SELECT id FROM games WHERE over = 0 AND deadline > 0 AND deadline <= ? LIMIT 1000`, now)
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
