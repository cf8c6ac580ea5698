// Package limits is the one set of bounds every reader of outside input
// applies: table, move, scenario, component and saved-game files, and the
// command line's flags. A file beyond a bound is refused with the field and
// the bound, before any work grows with it, so no input can make a reader
// or what runs after it crash, hang or take more than a few tens of MB.
package limits

const (
	// FileBytes is the largest input file read, of any format (a
	// scenario or table file is a few kB; a long saved game well under
	// 1 MB).
	FileBytes = 4 << 20

	// YAMLNodes is the most YAML nodes (scalars, lists, mappings) one
	// file may hold: the parser keeps every node in memory, so this
	// bounds the memory a file can ask for.
	YAMLNodes = 200_000

	// Problems is how many problems of one file are listed; the rest are
	// counted ("and N more").
	Problems = 50

	// Coordinate bounds every position, in mm, in every file: no table
	// is larger, and sums and squares of coordinates stay exact enough.
	Coordinate = 100_000.0

	// Number bounds every other number read from a file (angles in
	// degrees, lengths, values) in magnitude.
	Number = 1e6

	// TableMM is the largest play area side, in mm (a 6 × 4 ft table is
	// 1830 × 1220 mm; a club's long table 3.6 m).
	TableMM = 4000.0

	// Items is the most entries of any list in a file (ships,
	// obstacles, zones, victory conditions, talents).
	Items = 256

	// Vertices is the most vertices of one polygon (an asteroid field or
	// a zone).
	Vertices = 64

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
