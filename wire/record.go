package wire

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

// RecordFormat is the version of the signed record. Format 5's hash is
// the battle's with the movement step of each card laid (battle.SavedFormat
// 5); format 4's was without it, with every typed event and the end's
// reason as data, and so is its result. Records of formats 1 to 4 still
// verify: each holds the hash of the battle format of its number
// (battle.Battle.HashFormat); those of formats 1 to 3 their result's
// reason as a sentence.
const RecordFormat = 5

// HashFormat is the battle format whose state hash the record holds
// (battle.Battle.HashFormat): record format N holds battle format N's.
func (r Record) HashFormat() int {
	return r.Format
}

// Seal is one opened commitment: who committed, when, to what.
type Seal struct {
	Side       battle.Side      `json:"side"`
	Turn       int              `json:"turn"`
	Step       int              `json:"step"`
	Phase      battle.Phase     `json:"phase"`
	Round      int              `json:"round"`
	Commitment string           `json:"commitment"`
	Nonce      string           `json:"nonce"`
	Commands   []battle.Command `json:"commands"`
	// Played, when the server had to stand in for part of the opened
	// commands (StandIn), is what was played instead; nil when the
	// commands were played as opened.
	Played []battle.Command `json:"played,omitempty"`
	// TimedOut: the side's time ran out before it committed (ClockSpec,
	// ExpiryStop); the server played stand-ins (Played) for it, and there
	// is no commitment, nonce or opened command.
	TimedOut bool `json:"timed_out,omitempty"`
}

// StandInCards and StandInSpeed make the plan played for a ship whose
// revealed plan the engine cannot read (no cards, unknown cards, another
// side's ship, a ship planned twice, none at all): straight at speed stop,
// rotation kept (a severely wounded pilot keeps the cards fixed for it). The engine then checks it as any plan: a stop its
// kinetic energy does not allow is an illegal move, corrected and paid
// for as the rules say (Special cases: Illegal moves). A declaration the
// engine refuses is played as no fire.
var StandInCards = []string{"straight"}

// StandInSpeed is the stand-in plan's speed.
const StandInSpeed = maneuvers.Stop

// StandIn returns the stand-in plan of ship (its rotation kept), or, for
// a declaration, the declaration of no fire.
func StandIn(typ battle.CommandType, ship string, rotation int) battle.Command {
	if typ == battle.CmdDeclare {
		return battle.Command{Type: battle.CmdDeclare}
	}
	return battle.Command{Type: battle.CmdPlan, Ship: ship, Plan: &starship.Plan{Cards: slices.Clone(StandInCards), Speed: StandInSpeed, Rotate: rotation}}
}

// isStandIn reports whether a played command is a stand-in.
func isStandIn(c battle.Command) bool {
	switch c.Type {
	case battle.CmdDeclare:
		return len(c.Shots) == 0
	case battle.CmdPlan:
		// The cards are StandInCards, or a severely wounded pilot's
		// cards fixed the turn before (which the engine holds it to).
		return c.Plan != nil && c.Plan.Speed == StandInSpeed && c.Plan.Level == 0
	}
	return false
}

// PlayedCommands is what a seal's side played: Played when the server
// stood in, else the commands as opened.
func (s Seal) PlayedCommands() []battle.Command {
	if s.Played != nil {
		return s.Played
	}
	return s.Commands
}

// TurnDice is how one turn's dice seed came about.
type TurnDice struct {
	Turn                   int      `json:"turn"`
	Contribution           string   `json:"contribution"`
	ContributionCommitment string   `json:"contribution_commitment"`
	Nonces                 []Opened `json:"nonces"`
	Seed                   uint64   `json:"seed"`
}

// Record is a finished game as the server publishes it: the setup, the
// game secret (and its commitment shown at creation), every opened seal,
// every turn's dice, the engine's journal and its final state hash, signed
// with the server's ed25519 key.
type Record struct {
	Format           int            `json:"format"`
	Game             string         `json:"game"`
	Scenario         string         `json:"scenario"`
	Setup            battle.Setup   `json:"setup"`
	Secret           string         `json:"secret"`
	SecretCommitment string         `json:"secret_commitment"`
	Seals            []Seal         `json:"seals"`
	Dice             []TurnDice     `json:"dice"`
	Journal          []battle.Entry `json:"journal"`
	Hash             string         `json:"hash"`
	Result           *battle.Result `json:"result"`
	// Abort, when the game ended by a forfeit (a clock, a reveal that
	// never came), says who forfeited; Result is then the engine's, nil.
	Abort     *Abort `json:"abort,omitempty"`
	PublicKey string `json:"public_key"`
	Signature string `json:"signature"`
}

// signedBytes is what the signature covers: the record without it.
func (r Record) signedBytes() []byte {
	r.Signature = ""
	body, _ := json.Marshal(r)
	return append([]byte("bsg record v1\n"), body...)
}

// Sign fills in the public key and the signature.
func (r *Record) Sign(key ed25519.PrivateKey) {
	r.PublicKey = hex.EncodeToString(key.Public().(ed25519.PublicKey))
	r.Signature = hex.EncodeToString(ed25519.Sign(key, r.signedBytes()))
}

// Verify checks a record whole: the signature (by wantKey, when given, in
// hex), the secret against its commitment, every seal against its
// commitment and against the journal, every turn's contribution and dice
// seed against the reseeds in the journal, and the replay of the journal
// to the final state hash. It returns the replayed battle.
func (r Record) Verify(comp *assets.Components, wantKey string) (*battle.Battle, error) {
	if r.Format < 1 || r.Format > RecordFormat {
		return nil, fmt.Errorf("record: format %d; this program reads formats 1 to %d", r.Format, RecordFormat)
	}
	pub, err := hex.DecodeString(r.PublicKey)
	if err != nil || len(pub) != ed25519.PublicKeySize {
		return nil, errors.New("record: public_key: not an ed25519 public key in hex")
	}
	if wantKey != "" && wantKey != r.PublicKey {
		return nil, fmt.Errorf("record: public_key: %s; expected the server's key %s", r.PublicKey, wantKey)
	}
	sig, err := hex.DecodeString(r.Signature)
	if err != nil || !ed25519.Verify(pub, r.signedBytes(), sig) {
		return nil, errors.New("record: signature: does not verify with the record's public key")
	}
	secret, err := hex.DecodeString(r.Secret)
	if err != nil || SecretCommitment(secret) != r.SecretCommitment {
		return nil, errors.New("record: secret: does not match secret_commitment")
	}
	for i, s := range r.Seals {
		if s.TimedOut {
			if s.Commitment != "" || s.Nonce != "" || len(s.Commands) > 0 {
				return nil, fmt.Errorf("record: seals[%d] (%s, turn %d): timed out, yet holds a commitment or commands", i, s.Side, s.Turn)
			}
			for j, c := range s.Played {
				if !isStandIn(c) {
					return nil, fmt.Errorf("record: seals[%d].played[%d] (%s, turn %d): timed out, yet not a stand-in", i, j, s.Side, s.Turn)
				}
			}
		} else if Commit(r.Game, s.Turn, s.Step, s.Phase, s.Round, s.Side, s.Commands, s.Nonce) != s.Commitment {
			return nil, fmt.Errorf("record: seals[%d] (%s, turn %d): the commands and nonce do not open the commitment", i, s.Side, s.Turn)
		}
		for j, c := range s.Played {
			if !isStandIn(c) && !slices.ContainsFunc(s.Commands, func(o battle.Command) bool { return reflect.DeepEqual(o, c) }) {
				return nil, fmt.Errorf("record: seals[%d].played[%d] (%s, turn %d): neither an opened command nor a stand-in", i, j, s.Side, s.Turn)
			}
		}
	}
	dice := map[int]TurnDice{}
	for i, d := range r.Dice {
		if d.Contribution != Contribution(secret, d.Turn) {
			return nil, fmt.Errorf("record: dice[%d]: turn %d's contribution does not derive from the secret", i, d.Turn)
		}
		if ContributionCommitment(d.Contribution) != d.ContributionCommitment {
			return nil, fmt.Errorf("record: dice[%d]: turn %d's contribution does not match its commitment", i, d.Turn)
		}
		var want []Opened
		for _, s := range r.Seals {
			if s.Turn == d.Turn && s.Phase == battle.Planning {
				want = append(want, Opened{Side: s.Side, Nonce: s.Nonce})
			}
		}
		if !reflect.DeepEqual(nilIfEmpty(want), nilIfEmpty(d.Nonces)) {
			return nil, fmt.Errorf("record: dice[%d]: turn %d's nonces are not those of its planning seals", i, d.Turn)
		}
		if DiceSeed(r.Game, d.Turn, d.Contribution, d.Nonces) != d.Seed {
			return nil, fmt.Errorf("record: dice[%d]: turn %d's seed is not derived from its contribution and nonces", i, d.Turn)
		}
		dice[d.Turn] = d
	}
	b, err := r.replay(comp, secret, dice)
	if err != nil {
		return nil, err
	}
	if h := b.HashFormat(r.HashFormat()); h != r.Hash {
		return nil, fmt.Errorf("record: hash: the replay ends in state %s; the record says %s", h, r.Hash)
	}
	if !sameResult(b.Result(), r.Result, r.Format) {
		return nil, errors.New("record: result: differs from the replay's")
	}
	if a := r.Abort; a != nil {
		switch {
		case b.Result() != nil:
			return nil, errors.New("record: abort: the engine ended the game; an abort ends a game the engine did not")
		case a.Turn != b.Turn():
			return nil, fmt.Errorf("record: abort: turn %d; the replay stops in turn %d", a.Turn, b.Turn())
		case a.Forfeits != "" && a.Forfeits != battle.Colonial && a.Forfeits != battle.Cylon:
			return nil, fmt.Errorf("record: abort: forfeits: %q; allowed: colonial, cylon, or none (no result)", a.Forfeits)
		}
	}
	return b, nil
}

// replay replays the journal, checking each reseed against its turn's
// dice and that the sealed commands appear, in order, as the journal's.
func (r Record) replay(comp *assets.Components, secret []byte, dice map[int]TurnDice) (*battle.Battle, error) {
	b, err := battle.New(r.Setup, comp, GameSeed(secret))
	if err != nil {
		return nil, fmt.Errorf("record: setup: %w", err)
	}
	if len(r.Journal) == 0 || r.Journal[0].Command.Type != battle.CmdBegin {
		return nil, errors.New("record: journal: does not start with the begin command")
	}
	from := 1
	if r.Setup.Companion {
		from = 0 // a companion battle is begun by a player's command, its draws supplied
	} else if !reflect.DeepEqual(nilDraws(b.Journal()[0].Draws), nilDraws(r.Journal[0].Draws)) {
		return nil, errors.New("record: journal[0]: the first turn's draws differ")
	}
	var sealedCmds []battle.Command
	for _, s := range r.Seals {
		for _, c := range s.PlayedCommands() {
			c.Side = s.Side
			sealedCmds = append(sealedCmds, c)
		}
	}
	reseeded := map[int]bool{}
	for i := from; i < len(r.Journal); i++ {
		e := r.Journal[i]
		if e.Command.Type == battle.CmdReseed {
			d, ok := dice[b.Turn()]
			if !ok || d.Seed != e.Command.Seed || reseeded[b.Turn()] {
				return nil, fmt.Errorf("record: journal[%d]: reseed in turn %d is not that turn's derived dice seed", i, b.Turn())
			}
			reseeded[b.Turn()] = true
		}
		if e.Command.Type == battle.CmdPlan || (e.Command.Type == battle.CmdDeclare && len(sealedCmds) > 0 && reflect.DeepEqual(sealedCmds[0], e.Command)) {
			if len(sealedCmds) == 0 || !reflect.DeepEqual(sealedCmds[0], e.Command) {
				return nil, fmt.Errorf("record: journal[%d]: %s for %s is not the next sealed command", i, e.Command.Type, e.Command.Side)
			}
			sealedCmds = sealedCmds[1:]
		}
		if _, err := b.Apply(e.Command); err != nil {
			return nil, fmt.Errorf("record: journal[%d] (%s): %w", i, e.Command.Type, err)
		}
		got := b.Journal()[len(b.Journal())-1].Draws
		if !reflect.DeepEqual(nilDraws(got), nilDraws(e.Draws)) {
			return nil, fmt.Errorf("record: journal[%d] (%s): drew %v; the record says %v", i, e.Command.Type, got, e.Draws)
		}
	}
	if len(sealedCmds) > 0 {
		return nil, fmt.Errorf("record: seals: %d sealed commands are not in the journal", len(sealedCmds))
	}
	for t := range dice {
		if !reseeded[t] {
			return nil, fmt.Errorf("record: dice: turn %d's seed was never used", t)
		}
	}
	return b, nil
}

func nilIfEmpty(o []Opened) []Opened {
	if len(o) == 0 {
		return nil
	}
	return o
}

func nilDraws(d []battle.Draw) []battle.Draw {
	if len(d) == 0 {
		return nil
	}
	return d
}

// sameResult reports whether a record's result is the replay's: equal,
// or for a record of format 3 or before, whose reason is a sentence, the
// same winner and turn and the reason in the same words.
func sameResult(replay, rec *battle.Result, format int) bool {
	if format >= 4 || replay == nil || rec == nil {
		return reflect.DeepEqual(replay, rec)
	}
	return replay.Winner == rec.Winner && replay.Turn == rec.Turn && replay.Reason.Text() == rec.Reason.Text()
}
