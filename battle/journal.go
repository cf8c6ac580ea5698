package battle

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/internal/yamlfile"
)

// Saved is a battle on disk: its setup, its seed and its journal. Loading
// replays the journal, so the file is small and the replay is the proof.
//
// A saved battle holds every secret: both sides' committed plans, the
// counters drawn, and the seed, which decides every coming die. Save says
// so in the file (Secrets) while the battle goes on. Such a file is the
// referee's: on a shared hot-seat machine a replay of an unfinished battle
// shows only what both sides know (ReplaySides); in a network game the
// server keeps it, and each player keeps its own copy (SaveFor), which
// holds nothing the player did not see.
type Saved struct {
	Format int `json:"format"`
	// Secrets warns whoever opens the file of an unfinished battle.
	Secrets string  `json:"secrets,omitempty"`
	Setup   Setup   `json:"setup"`
	Seed    uint64  `json:"seed"`
	Journal []Entry `json:"journal"`
	// Hash is the state hash after the last entry: it proves that the
	// file was not damaged by accident (a changed die, a lost command),
	// not that nobody forged it; whoever can edit the file can compute a
	// matching hash. Signing is the network's business.
	Hash string `json:"hash"`
}

// savedFormat is the version of the saved file. Format 5 hashes the state
// with the movement step of each card laid (starship.CardOnTable.Step).
// Format 4 hashed it without, with every typed event (Event) and the
// end's reason as data (EndReason). Format 3 hashed the reason as its
// sentence; format 2 also
// knew no level change (EvLevel) nor firing step without shots (EvNoFire);
// format 1 hashed each event as its sentence. All still load: their hash
// is checked as they computed it (HashFormat), and the replay then
// carries what they lacked.
const savedFormat = 5

// withoutCardSteps is ships as formats 1 to 4 hashed them: their revealed
// moves' cards without the movement step each is laid in (a copy; the
// ships without a move are shared).
func withoutCardSteps(ships []ShipState) []ShipState {
	out := slices.Clone(ships)
	for i := range out {
		o := out[i].Outcome
		if o == nil || len(o.Cards) == 0 {
			continue
		}
		c := *o
		c.Cards = slices.Clone(o.Cards)
		for k := range c.Cards {
			c.Cards[k].Step = 0
		}
		out[i].Outcome = &c
	}
	return out
}

// newInFormat3 reports whether an event is of a kind format 3 added: the
// hashes of formats 1 and 2 leave it out.
func newInFormat3(e Event) bool { return e.Kind == EvLevel || e.Kind == EvNoFire }

// SavedFormat is the version Save writes.
const SavedFormat = savedFormat

// SecretsNotice is what Save writes in the Secrets field of an unfinished
// battle.
const SecretsNotice = "This file holds both sides' secrets: every committed plan, every counter drawn and the seed that decides every coming die. " +
	"Keep it from the players until the battle is over; a replay of it shows only what both sides know."

// Spectator is the view of neither side: View(Spectator) shows what lies
// on the table and what was announced, nobody's secrets.
const Spectator Side = "spectator"

// Save writes the battle as JSON.
func (b *Battle) Save() ([]byte, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s := Saved{Format: savedFormat, Setup: b.setup, Seed: b.seed, Journal: b.journal, Hash: b.hash()}
	if b.st.Phase != Over {
		s.Secrets = SecretsNotice
	}
	return json.MarshalIndent(s, "", "  ")
}

// ReplaySides lists whose views a replay may show: once the battle is over
// both sides' and the spectator's (nothing is secret any more); while it
// goes on only the spectator's, so that neither player of a shared machine
// can switch to the other's secrets.
func (b *Battle) ReplaySides() []Side {
	if b.Phase() == Over {
		return []Side{Colonial, Cylon, Spectator}
	}
	return []Side{Spectator}
}

// Load reads a saved battle and replays its journal, checking the setup
// as a scenario would be checked (Setup.Check), every command at its point,
// every draw against the one recorded and the final state hash. An error
// names the field (journal[12].command) and the reason; the caller adds
// the file's name.
func Load(data []byte, comp *assets.Components) (*Battle, error) {
	const what = "saved battle"
	if len(data) > limits.FileBytes {
		return nil, refuse(what, "", "%d bytes; allowed: at most %d", len(data), limits.FileBytes)
	}
	if err := yamlfile.CheckJSON(data, limits.JournalEntries); err != nil {
		return nil, fileError(what, err)
	}
	var s Saved
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, fileError(what, jsonError(data, err))
	}
	if dec.More() {
		return nil, refuse(what, "", "more after the battle's JSON object; allowed: one object")
	}
	if s.Format < 1 || s.Format > savedFormat {
		return nil, refuse(what, "format", "%d; this program reads formats 1 to %d", s.Format, savedFormat)
	}
	if len(s.Journal) > limits.JournalEntries {
		return nil, refuse(what, "journal", "%d entries; allowed: at most %d", len(s.Journal), limits.JournalEntries)
	}
	b, err := Replay(s.Setup, comp, s.Seed, s.Journal)
	if err != nil {
		return nil, fileError(what, err)
	}
	if h := b.HashFormat(s.Format); s.Hash != "" && s.Hash != h {
		return nil, refuse(what, "hash", "the replay ends in state %s, the file says %s (the file was changed or damaged)", h, s.Hash)
	}
	return b, nil
}

// jsonError adds the line to a JSON decoding error: a Problem at that
// line.
func jsonError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return err
	}
	return yamlfile.List{{Line: 1 + bytes.Count(data[:off], []byte("\n")), Msg: err.Error()}}
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
		if len(journal) == 0 || !reflect.DeepEqual(journal[0].Command, Command{Type: CmdBegin}) {
			return nil, problem("journal[0].command", "the journal does not start with the begin command (no side, nothing else)")
		}
		if !reflect.DeepEqual(nilIfEmpty(journal[0].Draws), nilIfEmpty(b.journal[0].Draws)) {
			return nil, problem("journal[0].draws", "the first turn's draws differ from the journal's")
		}
		from = 1
	}
	for i := from; i < len(journal); i++ {
		e := journal[i]
		if _, err := b.Apply(e.Command); err != nil {
			return nil, problem(fmt.Sprintf("journal[%d].command", i), "refused at its point (%s, turn %d): %v", e.Command.Type, b.Turn(), err)
		}
		got := b.journal[len(b.journal)-1].Draws
		if !reflect.DeepEqual(nilIfEmpty(got), nilIfEmpty(e.Draws)) {
			return nil, drawMismatch(i, e, got)
		}
	}
	return b, nil
}

// drawMismatch names the first draw of entry i that differs.
func drawMismatch(i int, e Entry, got []Draw) error {
	k := 0
	for k < len(got) && k < len(e.Draws) && got[k] == e.Draws[k] {
		k++
	}
	field, cmd := fmt.Sprintf("journal[%d].draws[%d]", i, k), e.Command.Type
	switch {
	case k >= len(e.Draws):
		return problem(field, "%s: the replay drew %s %d for %s; the journal has no more draws", cmd, got[k].What, got[k].Value, got[k].For)
	case k >= len(got):
		return problem(field, "%s: the journal says %s %d for %s; the replay drew no more", cmd, e.Draws[k].What, e.Draws[k].Value, clip(e.Draws[k].For))
	}
	return problem(field, "%s: the replay drew %s %d for %s; the journal says %s %d for %s", cmd,
		got[k].What, got[k].Value, got[k].For, e.Draws[k].What, e.Draws[k].Value, clip(e.Draws[k].For))
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

// HashFormat is the state hash as the saved format (SavedFormat, 4, 3,
// 2 or 1) computes it, so an old file's hash still checks: formats 1 to 4
// knew no movement step of a card laid (starship.CardOnTable.Step);
// format 3 hashed the
// end's reason as its sentence (EndReason.Text); format 2 also left out
// the events format 3 added (EvLevel, EvNoFire); format 1 hashed every
// event as its sentence ({turn, text, side, secret}, side only on a
// secret event) and knew no event without one (EvMoveStep) nor those
// format 3 added.
func (b *Battle) HashFormat(format int) string {
	b.mu.Lock()
	defer b.mu.Unlock()
	if format >= savedFormat || format < 1 {
		return b.hash()
	}
	old := b.st
	old.Ships = withoutCardSteps(b.st.Ships)
	if old.Result != nil && format < 4 {
		r := *old.Result
		r.Reason.asWords = true
		old.Result = &r
	}
	if old.Events != nil && format < 4 {
		old.Events = make([]Event, 0, len(b.st.Events))
		for _, e := range b.st.Events {
			if format < 3 && newInFormat3(e) {
				continue
			}
			if e.Reason != nil {
				r := *e.Reason
				r.asWords = true
				e.Reason = &r
			}
			old.Events = append(old.Events, e)
		}
	}
	if format > 1 {
		st, _ := json.Marshal(old)
		return b.sum(st)
	}
	type sentence struct {
		Turn   int    `json:"turn"`
		Text   string `json:"text"`
		Side   Side   `json:"side,omitempty"`
		Secret bool   `json:"secret,omitempty"`
	}
	// The outer Events hides State's: the same fields in the same order,
	// the events last.
	type v1 struct {
		State
		Events []sentence `json:"events"`
	}
	v := v1{State: old, Events: []sentence{}}
	if old.Events == nil {
		v.Events = nil
	}
	for _, e := range old.Events {
		text := e.Text()
		if text == "" {
			continue
		}
		s := sentence{Turn: e.Turn, Text: text, Secret: e.Secret}
		if e.Secret {
			s.Side = e.Side
		}
		v.Events = append(v.Events, s)
	}
	st, _ := json.Marshal(v)
	return b.sum(st)
}

func (b *Battle) hash() string {
	st, _ := json.Marshal(b.st)
	return b.sum(st)
}

// sum hashes a state's JSON with the random source's state.
func (b *Battle) sum(st []byte) string {
	h := sha256.New()
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

// Position returns where the battle stands: State() without its events
// (Events nil), taken without copying the state whole: the ships are
// copied, but what they point to (plans, outcomes, markers, counters,
// cards) and the cups, declarations and result are the battle's own. Read
// them, never change them, and take Position again after the next
// command, which may change them. It is for a caller that reads the turn,
// step, phase and ships after every command (the server's rules of play
// over the wire), at a cost that grows neither with the length of the
// game nor with a deep copy.
func (b *Battle) Position() State {
	b.mu.Lock()
	defer b.mu.Unlock()
	st := b.st
	st.Events = nil
	st.Ships = slices.Clone(b.st.Ships)
	return st
}

// SideCopy is one player's own copy of a battle, for a network game in
// which each player keeps one: the setup, the commands the side gave, and
// everything it observed (its View, the events it could read among them).
// It holds no seed, no draw and no command of the other side: nothing the
// player did not see, so it can be kept and shown freely.
type SideCopy struct {
	Format   int       `json:"format"`
	Side     Side      `json:"side"`
	Setup    Setup     `json:"setup"`
	Commands []Command `json:"commands"`
	View     View      `json:"view"`
}

// sideCopyFormat is the version of the side copy.
const sideCopyFormat = 1

// SaveFor writes side's own copy of the battle as JSON.
func (b *Battle) SaveFor(side Side) ([]byte, error) {
	if side != Colonial && side != Cylon {
		return nil, fmt.Errorf("side copy: side %q; allowed: colonial, cylon", side)
	}
	v := b.View(side)
	b.mu.Lock()
	c := SideCopy{Format: sideCopyFormat, Side: side, Setup: b.setup, Commands: []Command{}, View: v}
	for _, e := range b.journal {
		if e.Command.Side == side {
			c.Commands = append(c.Commands, e.Command)
		}
	}
	b.mu.Unlock()
	return json.MarshalIndent(c, "", "  ")
}

// LoadSideCopy reads a side copy, checking its size, format, side and
// setup (Setup.Check).
func LoadSideCopy(data []byte, comp *assets.Components) (SideCopy, error) {
	const what = "side copy"
	var c SideCopy
	if len(data) > limits.FileBytes {
		return c, refuse(what, "", "%d bytes; allowed: at most %d", len(data), limits.FileBytes)
	}
	if err := yamlfile.CheckJSON(data, limits.JournalEntries); err != nil {
		return c, fileError(what, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return c, fileError(what, jsonError(data, err))
	}
	switch {
	case c.Format != sideCopyFormat:
		return c, refuse(what, "format", "%d; this program reads format %d", c.Format, sideCopyFormat)
	case c.Side != Colonial && c.Side != Cylon:
		return c, refuse(what, "side", "%q; allowed: colonial, cylon", c.Side)
	case len(c.Commands) > limits.JournalEntries:
		return c, refuse(what, "commands", "%d; allowed: at most %d", len(c.Commands), limits.JournalEntries)
	}
	if err := c.Setup.Check(comp); err != nil {
		return c, fileError(what, err)
	}
	return c, nil
}
