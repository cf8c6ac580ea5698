package wire

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/starshipbattles/bsg/battle"
)

// NonceSize is the size of a player's nonce and of the server's per-turn
// contribution, in bytes.
const NonceSize = 32

// NewNonce returns a fresh nonce from crypto/rand, in hex.
func NewNonce() string {
	b := make([]byte, NonceSize)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// NewSecret returns a fresh game secret from r (crypto/rand.Reader in
// play): the game's seed and the server's contribution to every turn's
// dice derive from it.
func NewSecret(r io.Reader) []byte {
	b := make([]byte, NonceSize)
	_, _ = io.ReadFull(r, b)
	return b
}

// sealed is what a commitment binds: the moment and the commands.
type sealed struct {
	Game     string           `json:"game"`
	Turn     int              `json:"turn"`
	Step     int              `json:"step"`
	Phase    battle.Phase     `json:"phase"`
	Round    int              `json:"round"`
	Side     battle.Side      `json:"side"`
	Commands []battle.Command `json:"commands"`
}

// Commit returns the commitment (hex SHA-256) to a side's sealed commands
// for one moment of a game, opened by nonce (hex). The commands are hashed
// as sent, without their side.
func Commit(game string, turn, step int, phase battle.Phase, round int, side battle.Side, cmds []battle.Command, nonce string) string {
	body, _ := json.Marshal(sealed{Game: game, Turn: turn, Step: step, Phase: phase, Round: round, Side: side, Commands: cmds})
	h := sha256.New()
	h.Write([]byte("bsg commit v1\n"))
	h.Write(body)
	h.Write([]byte("\n" + nonce))
	return hex.EncodeToString(h.Sum(nil))
}

// GameSeed is the seed of the battle's random source, from the game
// secret; it draws only until the first reveal (the first turn's tailing
// rolls), then each turn's DiceSeed takes over.
func GameSeed(secret []byte) uint64 {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("bsg game seed"))
	return binary.BigEndian.Uint64(m.Sum(nil))
}

// SecretCommitment is published when the game is created: the hash of its
// secret.
func SecretCommitment(secret []byte) string {
	h := sha256.Sum256(append([]byte("bsg secret v1\n"), secret...))
	return hex.EncodeToString(h[:])
}

// Contribution is the server's contribution to a turn's dice, in hex.
func Contribution(secret []byte, turn int) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte("bsg contribution " + strconv.Itoa(turn)))
	return hex.EncodeToString(m.Sum(nil))
}

// ContributionCommitment is what the server shows at the start of a turn:
// the hash of its contribution, fixed before any player commits.
func ContributionCommitment(contribution string) string {
	h := sha256.Sum256([]byte("bsg contribution v1\n" + contribution))
	return hex.EncodeToString(h[:])
}

// Opened is one opened nonce of a turn's planning.
type Opened struct {
	Side  battle.Side `json:"side"`
	Nonce string      `json:"nonce"`
}

// DiceSeed derives a turn's dice seed from the server's contribution and
// the nonces the players revealed while planning, in the order they were
// revealed. The server committed to its contribution before any player
// committed; each nonce was fixed by its commitment before anyone saw the
// others. So no one could choose or foresee the result.
func DiceSeed(game string, turn int, contribution string, nonces []Opened) uint64 {
	h := sha256.New()
	fmt.Fprintf(h, "bsg dice v1\n%s\n%d\n%s\n", game, turn, contribution)
	for _, n := range nonces {
		fmt.Fprintf(h, "%s %s\n", n.Side, n.Nonce)
	}
	return binary.BigEndian.Uint64(h.Sum(nil))
}

func checkHex(s string, n int) error {
	if len(s) != 2*n {
		return fmt.Errorf("%d characters; allowed exactly %d hexadecimal digits", len(s), 2*n)
	}
	if _, err := hex.DecodeString(s); err != nil {
		return fmt.Errorf("not hexadecimal; allowed exactly %d hexadecimal digits", 2*n)
	}
	return nil
}
