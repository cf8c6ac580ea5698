package policy

import (
	"math/rand/v2"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/starship"
)

// Searches reports whether a policy thinks long enough (a search) that an
// interactive program should let it think off its own goroutine (Think).
func Searches(p Policy) bool {
	_, ok := p.(*DeterminizedSearch)
	return ok
}

// Thought is one side's planning worked out on another goroutine: Think
// starts it, Ready reports when it is done, Commit applies it.
type Thought struct {
	side  battle.Side
	p     Policy
	turn  int
	done  chan struct{}
	plans map[string]starship.Plan
}

// Think starts working out, on a goroutine of its own, the plans of the
// side's ships that may plan now, from a Seat taken now (the battle is not
// touched while it thinks, so the caller may go on using it). It returns
// nil when the battle is not planning. The policy gets a random source of
// its own, drawn now from the game's.
func (g *Game) Think(side battle.Side, p Policy) *Thought {
	if g.b.Phase() != battle.Planning {
		return nil
	}
	seat := g.seat(side)
	seat.Rand = rand.New(rand.NewPCG(g.Rand.Uint64(), g.Rand.Uint64()))
	var ships []string
	for _, sv := range seat.View.Ships {
		if sv.Own && sv.OnTable && !sv.Out && !sv.Planned {
			ships = append(ships, sv.ID)
		}
	}
	t := &Thought{side: side, p: p, turn: seat.View.Turn, done: make(chan struct{}), plans: map[string]starship.Plan{}}
	go func() {
		defer close(t.done)
		for _, id := range ships {
			t.plans[id] = p.Plan(seat, id)
		}
	}()
	return t
}

// Ready reports whether the thought is worked out.
func (t *Thought) Ready() bool {
	select {
	case <-t.done:
		return true
	default:
		return false
	}
}

// Wait blocks until the thought is worked out.
func (t *Thought) Wait() { <-t.done }

// Commit waits for the thought and sends its plans to the battle, as Act
// would (a ship that plans after the ship it tails waits for it, and Act
// plans it later), then lets the policy make what else the side owes now.
// A thought from another turn or phase is dropped. done is Act's.
func (g *Game) Commit(t *Thought) (done bool, err error) {
	t.Wait()
	if g.b.Phase() == battle.Planning && g.b.Turn() == t.turn {
		v := g.b.View(t.side)
		waits := map[string]string{}
		for _, s := range g.b.State().Ships {
			waits[s.ID] = s.WaitFor
		}
		planned := map[string]bool{}
		for _, s := range v.Ships {
			planned[s.ID] = s.Planned || !s.OnTable || s.Out
		}
		for _, s := range v.Ships {
			plan, ok := t.plans[s.ID]
			if !ok || planned[s.ID] {
				continue
			}
			if w := waits[s.ID]; w != "" && !planned[w] {
				continue
			}
			if err := g.apply(battle.Command{Type: battle.CmdPlan, Side: t.side, Ship: s.ID, Plan: &plan}); err != nil {
				return false, err
			}
			if g.b.Phase() != battle.Planning {
				return true, nil
			}
		}
	}
	return g.Act(t.side, t.p)
}
