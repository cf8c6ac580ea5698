// Package limits is the one set of bounds every reader of outside input
// applies: table, move, scenario, component, saved-game and photo marks
// files, photos, network messages and uploads, and the command line's
// flags. Every bound of every format is here and nowhere else; packages
// that export a bound (photo.MaxMarksBytes, wire.MaxMessage, ...) export
// this value under their own name. An input beyond a bound is refused with
// the file (or message), line, field and the bound, before any work grows
// with it, so no input can make a reader or what runs after it crash, hang
// or take more than a few tens of MB.
//
// Rule values (levels, dial notches, kinetic energy) are not limits: they
// live with the rules in starship and scenarios.
package limits

import (
	"fmt"
	"io"
	"os"
)

// Every file format (tables, moves, scenarios, components, saved games,
// photo marks).
const (
	// FileBytes is the largest input file read, of any format (a
	// scenario or table file is a few kB; a long saved game well under
	// 1 MB).
	FileBytes = 4 << 20

	// YAMLNodes is the most YAML nodes (scalars, lists, mappings) one
	// file may hold: the parser keeps every node in memory, so this
	// bounds the memory a file can ask for.
	YAMLNodes = 100_000

	// JSONValues bounds the JSON value a YAML document expands to when
	// it is checked against a JSON Schema (aliases counted each time they
	// are used), and Depth its nesting.
	JSONValues = 200_000
	Depth      = 64

	// Problems is how many problems of one file are listed; the rest are
	// counted ("and N more").
	Problems = 50

	// Echo is how many bytes of a user's value a message repeats
	// (escaped); the rest is cut ("...").
	Echo = 40

	// Coordinate bounds every number of a table, move, scenario or photo
	// marks file in magnitude, and every position (in mm) of every file:
	// 10 m from the origin is beyond any table, sums and squares stay
	// exact enough, and a picture of the table stays a picture.
	Coordinate = 10_000.0

	// Number bounds every other number read from a file (angles in
	// degrees, lengths, values) in magnitude.
	Number = 1e6

	// ComponentMM bounds every length of the components file and its
	// overrides (a card's arrow, a base, a range ruler), in mm.
	ComponentMM = 100_000.0

	// Items is the most entries of any list in a file (ships,
	// obstacles, zones, victory conditions, talents, cards; a table for
	// `bsg measure` may hold a thousand ships).
	Items = 1000

	// Vertices is the most vertices of one polygon (an asteroid field or
	// a zone).
	Vertices = 100

	// IDLength and TextLength bound identifiers and free text (names,
	// briefings, notes), in bytes.
	IDLength   = 64
	TextLength = 4000
)

// Scenario files and the setups of saved games.
const (
	// TableMM is the largest play area side, in mm (a 6 × 4 ft table is
	// 1830 × 1220 mm; a club's long table 3.6 m).
	TableMM = 4000.0

	// TurnLimit is the largest turn limit of a scenario, and the latest
	// turn a ship may enter on or a victory condition may name.
	TurnLimit = 200

	// Fuel is the most fuel a scenario may give a ship.
	Fuel = 999

	// Points is the largest score a points victory may name or give.
	Points = 1000
)

// Saved games.
const (
	// JournalEntries is the most commands a saved game holds (a game of
	// 30 ships over 50 turns gives about 5000), and the longest list of
	// any JSON file (yamlfile.CheckJSON): a decoded entry takes about 200
	// bytes.
	JournalEntries = 20_000
)

// Photo marks files and photos (photo/FORMAT.md).
const (
	// MarksBytes is the largest marks file.
	MarksBytes = 1 << 20
	// MarksShips and MarksObstacles bound the objects of a marks file,
	// MarksPoints its extra calibration points. MarksOutline bounds the
	// vertices of one obstacle's outline: it becomes the field's polygon
	// on the table, so it is the table's Vertices.
	MarksShips     = 100
	MarksObstacles = 100
	MarksPoints    = 64
	MarksOutline   = Vertices
	// PhotoSide bounds the width and height a marks file names, in
	// pixels.
	PhotoSide = 100_000
	// Samples bounds the Monte Carlo samples a marks file may ask for.
	MinSamples = 100
	MaxSamples = 5000
	// PhotoBytes and PhotoPixels bound a photo (JPEG or PNG): larger
	// files and images are refused before they are decoded.
	PhotoBytes  = 64 << 20
	PhotoPixels = 50_000_000
)

// Network messages and uploads (wire/PROTOCOL.md, bsg serve).
const (
	// MessageBytes is the largest message a player sends the server.
	MessageBytes = 64 << 10
	// SideShips is the most ships one side of a network game may have:
	// one reveal carries the plans of all of a side's ships, so a game
	// with more could never be played past its first turn. Checked when a
	// game is hosted.
	SideShips = 64
	// RevealCommands bounds the commands of one reveal (a side's ships).
	RevealCommands = SideShips
	// UploadBytes is the largest body of a request to host a game (an
	// uploaded scenario file included), unless the server is told
	// otherwise.
	UploadBytes = 256 << 10
	// StateBytes is the largest message a client reads from the server
	// (a state holds a view, its events and the rulings).
	StateBytes = 16 << 20
	// StateValues bounds the values of one such message, counted before
	// it is decoded (yamlfile.JSONValues): a hostile server's 16 MB of
	// empty strings decoded to 374 MB. A game's record of JournalEntries
	// entries holds about 520 000 (26 values an entry).
	StateValues = 1_000_000
	// AnswerBytes is the largest lobby answer a client reads.
	AnswerBytes = 1 << 20
	// GamesPerClient is how many unfinished games one address may host
	// at once, unless the server is told otherwise (bsg serve
	// -max-games, at most MaxGamesPerClient).
	GamesPerClient    = 10
	MaxGamesPerClient = 1000
	// Games is how many unfinished games a server holds at once, of all
	// clients together (each is a few kB on disk and held in memory only
	// while a player is connected).
	Games = 100_000
	// SeatConns is how many WebSockets one player's seat token may hold
	// open at once, SpectatorConns one spectator token, and ClientConns
	// one client address, unless the server is told otherwise.
	SeatConns      = 4
	SpectatorConns = 32
	ClientConns    = 256
	// Uploads is how many requests to host a game the server reads at
	// once (each holds up to UploadBytes).
	Uploads = 8
	// Timings is how many request timings the server keeps for its
	// statistics.
	Timings = 100_000
)

// Pictures and flags of the command line.
const (
	// PicturePixels is the most pixels of a ruling picture drawn by `bsg
	// measure -png`: a larger table is drawn at a smaller scale.
	PicturePixels = 8 << 20

	// SketchPixels is the most pixels of any PNG the sketch package
	// makes (a scenario sheet at a high resolution).
	SketchPixels = 64 << 20

	// SimGames is the most battles one `bsg sim` or `bsg tournament` run
	// plays.
	SimGames = 100_000

	// Workers is the most games `bsg tournament` plays at once.
	Workers = 256
)

// ReadFile reads a whole input file, refusing one larger than FileBytes
// without reading more than that.
func ReadFile(name string) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return Read(name, f)
}

// Read reads a whole input (a file or standard input, named name in the
// message), refusing one larger than FileBytes without reading more.
func Read(name string, r io.Reader) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, FileBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > FileBytes {
		return nil, fmt.Errorf("%s: more than %d bytes; allowed: at most %d (every input file, internal/limits)", name, FileBytes, FileBytes)
	}
	return data, nil
}

// TooLarge is the refusal of an input of size bytes over its limit, in
// the units a person picks files by: "name: too large (70.2 MB; at most
// 64 MB)" (MB here are 2^20 bytes, as the limits are).
func TooLarge(name string, size, limit int64) error {
	return fmt.Errorf("%s: too large (%.1f MB; at most %s MB)", name, float64(size)/(1<<20), mb(limit))
}

func mb(n int64) string {
	if n%(1<<20) == 0 {
		return fmt.Sprint(n >> 20)
	}
	return fmt.Sprintf("%.1f", float64(n)/(1<<20))
}

// ReadFileUpTo reads a whole file of at most limit bytes (a photo may be
// larger than FileBytes), refusing a larger one by its size before reading
// it.
func ReadFileUpTo(name string, limit int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > limit {
		return nil, TooLarge(name, fi.Size(), limit)
	}
	return ReadUpTo(name, f, limit)
}

// ReadUpTo reads a whole input of at most limit bytes (standard input, or
// a file already open), named name in the message, refusing a larger one
// without reading more than limit + 1 bytes.
func ReadUpTo(name string, r io.Reader, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: too large (more than %s MB)", name, mb(limit))
	}
	return data, nil
}
