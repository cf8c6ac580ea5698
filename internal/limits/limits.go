// Package limits is the one set of bounds every reader of outside input
// applies: table, move, scenario, component and saved-game files, and the
// command line's flags. A file beyond a bound is refused with the field and
// the bound, before any work grows with it, so no input can make a reader
// or what runs after it crash, hang or take more than a few tens of MB.
package limits

import (
	"fmt"
	"io"
	"os"
)

const (
	// FileBytes is the largest input file read, of any format (a
	// scenario or table file is a few kB; a long saved game well under
	// 1 MB).
	FileBytes = 4 << 20

	// YAMLNodes is the most YAML nodes (scalars, lists, mappings) one
	// file may hold: the parser keeps every node in memory, so this
	// bounds the memory a file can ask for.
	YAMLNodes = 100_000

	// Problems is how many problems of one file are listed; the rest are
	// counted ("and N more").
	Problems = 50

	// Coordinate bounds every number of a YAML input file in magnitude,
	// and every position (in mm) of every file: 10 m from the origin is
	// beyond any table, sums and squares stay exact enough, and a picture
	// of the table stays a picture.
	Coordinate = 10_000.0

	// PicturePixels is the most pixels of a ruling picture drawn by `bsg
	// measure -png`: a larger table is drawn at a smaller scale.
	PicturePixels = 8 << 20

	// Number bounds every other number read from a file (angles in
	// degrees, lengths, values) in magnitude.
	Number = 1e6

	// TableMM is the largest play area side, in mm (a 6 × 4 ft table is
	// 1830 × 1220 mm; a club's long table 3.6 m).
	TableMM = 4000.0

	// Items is the most entries of any list in a file (ships,
	// obstacles, zones, victory conditions, talents; a table for `bsg
	// measure` may hold a thousand ships).
	Items = 1000

	// Vertices is the most vertices of one polygon (an asteroid field or
	// a zone).
	Vertices = 100

	// IDLength and TextLength bound identifiers and free text (names,
	// briefings), in bytes.
	IDLength   = 64
	TextLength = 4000

	// JournalEntries is the most commands a saved game holds.
	JournalEntries = 200_000

	// TurnLimit is the largest turn limit of a scenario.
	TurnLimit = 1000

	// SimGames is the most battles one `bsg sim` run plays.
	SimGames = 100_000
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
