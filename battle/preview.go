package battle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

// Preview answers "what would this plan do?" for one of side's ships,
// from where the ship stands now, the way the engine will play it if it
// is committed and revealed: the plan is read and checked once
// (starship.Examine) and the move made (starship.Outcome.Move). The
// outcome holds
//
//   - Legal and every rule the plan breaks, Violations, each with its rule
//     id (starship.RuleIDs), rulebook section and sentence;
//   - the plan as it would fly, Executed (corrected when illegal:
//     Corrected), and the damage counters the correction draws,
//     DamageDraws (Special cases: Illegal moves);
//   - the move: Steps (Final().Pose is the end pose), Path, Cards, the
//     kinetic energy KE and the fuel left, Fuel, and spent, FuelSpent.
//
// A plan flown as an FTL jump has no move yet (Steps is empty): where it
// arrives needs the marker and the dice (Faster-than-light movement).
// Talents the pilot may use at the reveal (Power Pilot, Steady Hands,
// Hotshot) are not assumed: their use can hang on a flaw's roll.
//
// An error means the plan cannot be committed for the ship at all, with
// the words commitPlan refuses it with: not the side's ship, not on the
// table, not a plan for its deck (unknown card, wrong number of cards,
// values out of range), or other cards than a severely wounded pilot fixed
// last turn (Special damage: pilot wounded).
func (b *Battle) Preview(side Side, ship string, p starship.Plan) (starship.Outcome, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	s, err := b.ship(ship, side)
	if err != nil {
		return starship.Outcome{}, err
	}
	if !s.Active() {
		return starship.Outcome{}, fmt.Errorf("plan: %s is not on the table", s.ID)
	}
	o, err := b.examine(s, p)
	if err != nil {
		return starship.Outcome{}, err
	}
	return move(b.setup.Rules, b.comp, b.classes[s.Class], b.effective(s), o)
}

// examine reads and checks a plan for the ship as commitPlan takes it
// (examinePlan).
func (b *Battle) examine(s *ShipState, p starship.Plan) (starship.Outcome, error) {
	return examinePlan(b.setup.Rules, b.classes[s.Class], b.effective(s), s.ID, s.NextCards, p)
}

// examinePlan reads and checks a plan for ship id of class c in state s as
// commitPlan takes it: an error when it is no plan for the ship or changes
// the cards nextCards a severely wounded pilot fixed (Special damage:
// pilot wounded); otherwise the outcome of starship.Examine, not yet
// moved.
func examinePlan(rs starship.Rules, c starship.Class, s starship.State, id string, nextCards []string, p starship.Plan) (starship.Outcome, error) {
	o, err := starship.Examine(rs, c, s, p)
	if err != nil {
		return starship.Outcome{}, fmt.Errorf("plan for %s: %w", id, err)
	}
	if nextCards != nil && !slices.Equal(nextCards, p.Cards) {
		return starship.Outcome{}, fmt.Errorf("plan: %s's severely wounded pilot planned %s last turn; only the dial, speed and level may change",
			id, strings.Join(nextCards, " + "))
	}
	return o, nil
}

// PreviewShip is Battle.Preview for one of a side's own ships as the
// side's View shows it (sv.State, sv.NextCards), for a player who holds a
// View and no battle (a network seat, a client sealing its plans): the
// same outcome, and the same refusal in the same words as the plan
// command would get. c is the ship's class.
func PreviewShip(rs starship.Rules, comp *assets.Components, c starship.Class, sv ShipView, p starship.Plan) (starship.Outcome, error) {
	if sv.State == nil {
		return starship.Outcome{}, fmt.Errorf("plan: %s is not one of the side's ships", sv.ID)
	}
	if !sv.OnTable || sv.Out {
		return starship.Outcome{}, fmt.Errorf("plan: %s is not on the table", sv.ID)
	}
	o, err := examinePlan(rs, c, *sv.State, sv.ID, sv.NextCards, p)
	if err != nil {
		return starship.Outcome{}, err
	}
	return move(rs, comp, c, *sv.State, o)
}

// PreviewPlan is Battle.Preview for a ship known only by its rules, class
// and state: the plan read and checked once, corrected when illegal, and
// moved unless it jumps. It knows nothing of a severely wounded pilot's
// fixed cards: PreviewShip does, from the ship's View.
func PreviewPlan(rs starship.Rules, comp *assets.Components, c starship.Class, s starship.State, p starship.Plan) (starship.Outcome, error) {
	o, err := starship.Examine(rs, c, s, p)
	if err != nil {
		return starship.Outcome{}, err
	}
	return move(rs, comp, c, s, o)
}

// move makes an examined plan's move, unless it jumps.
func move(rs starship.Rules, comp *assets.Components, c starship.Class, s starship.State, o starship.Outcome) (starship.Outcome, error) {
	if o.Executed.Speed == maneuvers.FTL {
		return o, nil
	}
	return o.Move(rs, comp, c, s, nil)
}
