package policy

import (
	"math/rand/v2"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

// determinize returns a whole battle state consistent with the seat's view
// (a determinization): the seat's own ships as its view shows them, the
// enemy ships where they stand, and for what the view hides a guess drawn
// with rng: the values of the enemy's face-down damage and collision
// counters (drawn from the counters the side cannot account for), the
// special damage they carry (a hull crippled only when announced), the
// kinetic energy on turn 1 (the scenario's) and the fuel (the scenario's).
// No plan is committed: the enemy's plans are guessed separately.
func determinize(s *Seat, rng *rand.Rand) battle.State {
	v := s.View
	st := battle.State{Turn: v.Turn, Step: 1, Phase: battle.Planning}
	cup, collisions := cupOf(s.Comp.Damage), cupOf(s.Comp.Collision)
	byID := map[string]battle.ShipView{}
	for _, sv := range v.Ships {
		byID[sv.ID] = sv
		if sv.Own && sv.State != nil {
			n := max(len(sv.Counters)-sv.CollisionCount, 0)
			cup = without(cup, sv.Counters[:n])
			collisions = without(collisions, sv.Counters[n:])
		}
	}
	for _, sp := range s.Setup.Ships {
		sv := byID[sp.ID]
		ss := battle.ShipState{ID: sp.ID, Class: sp.Class, Side: sp.Side, Talents: sv.Talents, Flaws: sv.Flaws,
			Enters: sp.EntersOnTurn, OnTable: sv.OnTable, Out: sv.Out, Cause: sv.Cause, Tailing: sv.Tailing}
		if sv.Own && sv.State != nil {
			ss.Ship = *sv.State
			n := max(len(sv.Counters)-sv.CollisionCount, 0)
			ss.Counters = slices.Clone(sv.Counters[:n])
			ss.Collisions = slices.Clone(sv.Counters[n:])
			ss.NextCards = slices.Clone(sv.NextCards)
			st.Ships = append(st.Ships, ss)
			continue
		}
		ke := sp.KE
		if sv.KE != nil {
			ke = *sv.KE
		}
		speed, _ := maneuvers.SpeedForKineticEnergy(min(max(ke, -1), 3))
		fuel := sp.Fuel
		if fuel == 0 {
			fuel = s.Comp.Geometry.StartingFuel.Value
		}
		pilot := sv.Pilot
		if pilot == "" {
			pilot = starship.Average
		}
		ss.Ship = starship.State{Class: sp.Class, Pose: sv.Pose, Rotation: sv.Rotation, Level: max(sv.Level, 1),
			KE: ke, Speed: speed, Fuel: fuel, Pilot: pilot}
		if !sv.Out {
			structure := s.Class(sp.Class).Structure
			for try := 0; try < 8; try++ {
				var drawn []battle.Counter
				drawn, cup = draw(cup, sv.CounterCount, rng)
				if total(drawn) < structure || try == 7 {
					ss.Counters = drawn
					break
				}
				cup = append(cup, drawn...)
			}
			ss.Collisions, collisions = draw(collisions, sv.CollisionCount, rng)
			for _, c := range append(slices.Clone(ss.Counters), ss.Collisions...) {
				switch c.Special {
				case "engine":
					ss.Ship.Damage.Engine++
				case "control":
					ss.Ship.Damage.Control++
				case "pilot":
					ss.Ship.Damage.Pilot = min(ss.Ship.Damage.Pilot+1, 2)
				}
			}
			if sv.Crippled {
				ss.Ship.Damage.Hull = 2
			}
		}
		st.Ships = append(st.Ships, ss)
	}
	st.Cup, st.Collisions = cup, collisions
	return st
}

// cupOf returns every counter of a kind, expanded by count.
func cupOf(kinds []assets.DamageCounter) []battle.Counter {
	var cup []battle.Counter
	for _, k := range kinds {
		for range k.Count {
			cup = append(cup, battle.Counter{Value: k.Value, Plus: k.Plus, Special: k.Special})
		}
	}
	return cup
}

// without returns the cup less one counter equal to each of used (those
// not in the cup are ignored).
func without(cup, used []battle.Counter) []battle.Counter {
	cup = slices.Clone(cup)
	for _, u := range used {
		if i := slices.Index(cup, u); i >= 0 {
			cup = slices.Delete(cup, i, i+1)
		}
	}
	return cup
}

// draw takes n counters at random out of the cup (fewer when it runs out).
func draw(cup []battle.Counter, n int, rng *rand.Rand) (drawn, rest []battle.Counter) {
	for range n {
		if len(cup) == 0 {
			break
		}
		i := rng.IntN(len(cup))
		drawn = append(drawn, cup[i])
		cup = slices.Delete(cup, i, i+1)
	}
	return drawn, cup
}

// total is the value of counters.
func total(cs []battle.Counter) int {
	t := 0
	for _, c := range cs {
		t += c.Value
	}
	return t
}

// cloneState copies a state deep enough for a battle to own the copy.
func cloneState(st battle.State) battle.State {
	c := st
	c.Ships = slices.Clone(st.Ships)
	for i := range c.Ships {
		s := &c.Ships[i]
		s.Counters, s.Collisions = slices.Clone(s.Counters), slices.Clone(s.Collisions)
		s.NextCards = slices.Clone(s.NextCards)
		s.Talents, s.Flaws = slices.Clone(s.Talents), slices.Clone(s.Flaws)
	}
	c.Cup, c.Collisions = slices.Clone(st.Cup), slices.Clone(st.Collisions)
	c.Events = nil
	return c
}
