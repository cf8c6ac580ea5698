package battle

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Draw is one random event, as the journal records it.
type Draw struct {
	What  string `json:"what"`  // "d6", "pick" (an index among n), or "counter"
	Of    int    `json:"of"`    // the range: 6 for a die, n for a pick, the cup's size for a counter
	Value int    `json:"value"` // 1..6 for a die, 0..n−1 otherwise
	For   string `json:"for"`   // what it decided, in words
}

// The kinds of draw (Draw.What, NeedInput.What).
const (
	DrawDie     = "d6"      // a die: 1 to 6
	DrawPick    = "pick"    // a choice at random among Of: 0 to Of−1
	DrawCounter = "counter" // a counter from a cup of Of counters
)

// NeedInput is the error a command returns in companion mode when the
// engine needs the players' dice or counters: the command changed nothing
// and is to be sent again after a Supply command brings the values.
type NeedInput struct {
	What string // DrawDie, DrawPick or DrawCounter
	Of   int
	For  string // what it decides, in words
	// Ship is the ship a counter is drawn for, Side its owner, who alone
	// may see the counter (Fire!: the values stay secret). For a die,
	// Side is the player who rolls it at the table: the attacker (Firing:
	// to attack, roll two dice), the jumping ship's (Faster-than-light
	// movement), the tailing ship's (a rookie's tailing roll), the
	// flawed pilot's opponent (Pilot Talents and Flaws: an opponent rolls
	// to activate a flaw); "" for a pick (which side first, which ship
	// first among equals), which either player may make.
	Ship string
	Side Side
	// Cup is the cup a counter comes from: "damage" or "collision".
	Cup string
	// Options are a pick's choices by id, in the order of the values
	// that pick them (Options[k] is what k picks): the sides' ids
	// (Sides' order) or the ships' ids; empty for a die or a counter.
	Options []string
}

func (n *NeedInput) Error() string {
	switch n.What {
	case "d6":
		return fmt.Sprintf("roll a die for %s and supply it", n.For)
	case "counter":
		return fmt.Sprintf("draw a counter for %s and supply what it shows", n.For)
	}
	return fmt.Sprintf("choose at random among %d for %s and supply the number (0 to %d)", n.Of, n.For, n.Of-1)
}

// IsNeedInput reports whether err asks for companion input.
func IsNeedInput(err error) bool {
	var n *NeedInput
	return errors.As(err, &n)
}

// source is the battle's only source of chance: a seeded PCG, or in
// companion mode the values the players supplied. Every draw is recorded.
type source struct {
	pcg       *rand.PCG
	rng       *rand.Rand
	companion bool
	supplied  []supplied // companion dice and picks, in order
	counters  []supplied // companion counters, in order
	drawn     []Draw     // draws of the command being applied
}

// supplied is one value the players supplied in companion mode: a die
// or pick (v), a counter (counter), or a draw the battle makes itself from
// its seeded source (roll: the app rolls the die, or draws from its cup).
type supplied struct {
	v       int
	counter string
	roll    bool
}

func newSource(seed uint64, companion bool) *source {
	pcg := rand.NewPCG(seed, seed^pcgStream)
	return &source{pcg: pcg, rng: rand.New(pcg), companion: companion}
}

// pcgStream is mixed into a seed to make the PCG's second word.
const pcgStream = 0x9e3779b97f4a7c15

// reseed applies a reseed command: every later draw comes from the new
// seed, exactly as if the battle had started with it. A network game
// reseeds at each reveal with the turn's dice seed (package wire derives
// it from contributions fixed before anyone knew them); the command is in
// the journal, so a replay draws the same dice. Hot-seat games and
// simulations never reseed. Like the reveal, it names either side: the
// game server gives it, never a player (the server refuses it from one).
func (b *Battle) reseed(cmd Command) error {
	if b.setup.Companion {
		return errors.New("reseed: a companion battle draws no dice of its own")
	}
	b.src.pcg.Seed(cmd.Seed, cmd.Seed^pcgStream)
	return nil
}

// d6 rolls one die; by is the player who rolls it at the table (a
// companion battle's NeedInput.Side).
func (s *source) d6(why string, by Side) (int, error) {
	v, err := s.take("d6", 6, why, by)
	if err != nil {
		return 0, err
	}
	return v + 1, nil
}

// pick chooses uniformly among n (n ≥ 1).
func (s *source) pick(n int, why string, options []string) (int, error) {
	if n == 1 {
		return 0, nil
	}
	k, err := s.take("pick", n, why, "")
	var need *NeedInput
	if errors.As(err, &need) && len(options) == n {
		need.Options = options
	}
	return k, err
}

// sideIDs are the sides' ids in Sides' order: the options of a pick of a
// side.
func sideIDs() []string { return []string{string(Sides[0]), string(Sides[1])} }

func (s *source) take(what string, n int, why string, by Side) (int, error) {
	var v int
	if s.companion {
		if len(s.supplied) == 0 {
			return 0, &NeedInput{What: what, Of: n, For: why, Side: by}
		}
		head := s.supplied[0]
		if head.roll {
			v = s.rng.IntN(n)
		} else {
			v = head.v
			if what == "d6" {
				v--
			}
			if v < 0 || v >= n {
				return 0, fmt.Errorf("supplied %d for %s: allowed %s", head.v, why, rangeText(what, n))
			}
		}
		s.supplied = s.supplied[1:]
	} else {
		v = s.rng.IntN(n)
	}
	d := Draw{What: what, Of: n, Value: v, For: why}
	if what == "d6" {
		d.Value = v + 1
	}
	s.drawn = append(s.drawn, d)
	return v, nil
}

func rangeText(what string, n int) string {
	if what == "d6" {
		return "1 to 6"
	}
	return fmt.Sprintf("0 to %d", n-1)
}
