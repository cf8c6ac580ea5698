package battle

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
)

// SecretSeed returns a seed drawn from the operating system's
// cryptographic source, for every battle whose seed nobody asked for. The
// seed decides every die and counter of the battle, so it must be one no
// player can guess or work out from what their own view shows; a fixed
// seed (such as `-seed` on the command line) is for tests and replays.
func SecretSeed() (uint64, error) {
	var buf [8]byte
	if _, err := rand.Read(buf[:]); err != nil {
		return 0, fmt.Errorf("secret seed: %w", err)
	}
	return binary.LittleEndian.Uint64(buf[:]), nil
}
