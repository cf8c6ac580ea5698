package battle

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/starshipbattles/bsg/assets"
)

// Saved is a battle on disk: its setup, its seed and its journal. Loading
// replays the journal, so the file is small and the replay is the proof.
type Saved struct {
	Format  int     `json:"format"`
	Setup   Setup   `json:"setup"`
	Seed    uint64  `json:"seed"`
	Journal []Entry `json:"journal"`
	Hash    string  `json:"hash"` // the state hash after the last entry
}

// savedFormat is the version of the saved file.
const savedFormat = 1

// Save writes the battle as JSON.
func (b *Battle) Save() ([]byte, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return json.MarshalIndent(Saved{Format: savedFormat, Setup: b.setup, Seed: b.seed, Journal: b.journal, Hash: b.hash()}, "", "  ")
}

// Load reads a saved battle and replays its journal, checking every draw
// against the one recorded and the final state hash.
func Load(data []byte, comp *assets.Components) (*Battle, error) {
	var s Saved
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, fmt.Errorf("saved battle: %w", err)
	}
	if s.Format != savedFormat {
		return nil, fmt.Errorf("saved battle: format %d; this program reads format %d", s.Format, savedFormat)
	}
	b, err := Replay(s.Setup, comp, s.Seed, s.Journal)
	if err != nil {
		return nil, err
	}
	if s.Hash != "" && s.Hash != b.Hash() {
		return nil, fmt.Errorf("saved battle: the replay ends in state %s, the file says %s", b.Hash(), s.Hash)
	}
	return b, nil
}

// Replay rebuilds a battle from its setup, seed and journal. Each entry's
// draws must come out as recorded (in companion mode the recorded values
// are supplied again).
func Replay(setup Setup, comp *assets.Components, seed uint64, journal []Entry) (*Battle, error) {
	b, err := New(setup, comp, seed)
	if err != nil {
		return nil, err
	}
	from := 0
	if !setup.Companion {
		// New applied the begin command itself.
		if len(journal) == 0 || journal[0].Command.Type != CmdBegin {
			return nil, errors.New("replay: the journal does not start with the begin command")
		}
		if !reflect.DeepEqual(nilIfEmpty(journal[0].Draws), nilIfEmpty(b.journal[0].Draws)) {
			return nil, errors.New("replay: the first turn's draws differ from the journal's")
		}
		from = 1
	}
	for i := from; i < len(journal); i++ {
		e := journal[i]
		if _, err := b.Apply(e.Command); err != nil {
			return nil, fmt.Errorf("replay: entry %d (%s): %w", i, e.Command.Type, err)
		}
		got := b.journal[len(b.journal)-1].Draws
		if !reflect.DeepEqual(nilIfEmpty(got), nilIfEmpty(e.Draws)) {
			return nil, fmt.Errorf("replay: entry %d (%s) drew %v; the journal says %v", i, e.Command.Type, got, e.Draws)
		}
	}
	return b, nil
}

func nilIfEmpty(d []Draw) []Draw {
	if len(d) == 0 {
		return nil
	}
	return d
}

// Hash returns a digest of the whole state and of the random source: equal
// hashes mean equal battles, bit for bit.
func (b *Battle) Hash() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hash()
}

func (b *Battle) hash() string {
	h := sha256.New()
	st, _ := json.Marshal(b.st)
	h.Write(st)
	rng, _ := b.src.pcg.MarshalBinary()
	h.Write(rng)
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// WaitFor returns the id of the ship that ship id plans after (Tailing:
// the planning order), "" when it waits for none or there is no such ship.
// It is State().Ships[…].WaitFor without copying the state.
func (b *Battle) WaitFor(id string) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if i, ok := b.ids[id]; ok {
		return b.st.Ships[i].WaitFor
	}
	return ""
}

// HasDeclared reports whether side has made its attack declarations this
// firing step (State().Declared holds it), without copying the state.
func (b *Battle) HasDeclared(side Side) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Contains(b.st.Declared, side)
}

// State returns a deep copy of the whole state: what the engine knows,
// secrets included (for tests, replays and tools; players get a View).
func (b *Battle) State() State {
	b.mu.Lock()
	defer b.mu.Unlock()
	var c State
	data, _ := json.Marshal(b.st)
	_ = json.Unmarshal(data, &c)
	return c
}
