package battle

import (
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/starship"
)

// Judge is Preview's answer for a computer player weighing many plans of
// one ship in one state: the same reading and the same rules table
// (starship's), asked once per plan and stopping at the first rule
// broken, without the sentences, the correction or the path a player's
// screen needs. Legal is what Preview's Legal says for a plan Preview
// accepts (TestJudgeIsPreview holds the two together).
type Judge struct {
	j *starship.Judge
	// next are the cards a severely wounded pilot fixed last turn (nil:
	// none): any other cards are refused, as PreviewShip refuses them.
	next []string
}

// NewJudge returns the judge of plans for a ship of class c in state s,
// known only by them: PreviewPlan's answer.
func NewJudge(rs starship.Rules, comp *assets.Components, c starship.Class, s starship.State) *Judge {
	return &Judge{j: starship.NewJudge(rs, comp, c, s)}
}

// NewShipJudge returns the judge of plans for one of a side's own ships as
// the side's View shows it (sv.State, sv.NextCards): PreviewShip's
// answer. sv.State must be set (the side's own ship).
func NewShipJudge(rs starship.Rules, comp *assets.Components, c starship.Class, sv ShipView) *Judge {
	return &Judge{j: starship.NewJudge(rs, comp, c, *sv.State), next: sv.NextCards}
}

// Legal reports whether the plan is one the ship may commit that breaks
// no rule: Preview with no error and Legal.
func (j *Judge) Legal(p starship.Plan) bool {
	if j.next != nil && !slices.Equal(j.next, p.Cards) {
		return false
	}
	return j.j.Legal(p)
}

// Final returns where a legal plan that does not jump leaves the ship:
// Preview's Final() step (pose, dial and level); ok is false for a plan
// that is not legal or jumps.
func (j *Judge) Final(p starship.Plan) (final starship.Step, ok bool) {
	if j.next != nil && !slices.Equal(j.next, p.Cards) {
		return starship.Step{}, false
	}
	return j.j.Preview(p)
}

// Outcome returns a legal plan's outcome, as Preview gives it (with jump,
// the hypothetical marker and rolls of a plan that jumps: PreviewJump);
// ok is false when the plan is not legal.
func (j *Judge) Outcome(p starship.Plan, jump *starship.FTLJump) (o starship.Outcome, ok bool) {
	if j.next != nil && !slices.Equal(j.next, p.Cards) {
		return starship.Outcome{}, false
	}
	return j.j.Outcome(p, jump)
}

// PreviewJump is PreviewPlan for a plan that jumps by FTL, with the marker
// and rolls given (a computer player trying where a marker would take the
// ship): the plan read and checked once, corrected when illegal, and
// moved with the jump; a plan the correction stops from jumping moves
// without it (starship.Resolve).
func PreviewJump(rs starship.Rules, comp *assets.Components, c starship.Class, s starship.State, p starship.Plan, jump starship.FTLJump) (starship.Outcome, error) {
	return starship.Resolve(rs, comp, c, s, p, &jump)
}
