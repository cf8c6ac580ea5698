package client

import (
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/wire"
)

// CheckSealed checks the sealed decisions a seat is about to commit to
// against its state, before the commitment is made: a commitment cannot
// be made again, so what the engine would refuse at the reveal would be
// played as a stand-in (wire.StandIn). Plans: one plan command for each
// ship the seat owes and no other, each a plan the engine can read
// (battle.PreviewShip, with the ship's class from comp: what the plan
// command would refuse; its legality is the rules' business at the
// reveal). A declaration: exactly one declare
// command. comp nil skips reading the plans.
func CheckSealed(st *wire.State, cmds []battle.Command, comp *assets.Components) error {
	if st.View.Phase == battle.Declaring {
		if len(cmds) != 1 || cmds[0].Type != battle.CmdDeclare {
			return fmt.Errorf("seal: a declaration is exactly one declare command; got %d commands", len(cmds))
		}
		return nil
	}
	seen := map[string]bool{}
	for i, c := range cmds {
		switch {
		case c.Type != battle.CmdPlan:
			return fmt.Errorf("seal: commands[%d].type: %q; a plan is owed", i, c.Type)
		case !slices.Contains(st.Owe, c.Ship):
			return fmt.Errorf("seal: commands[%d].ship: %q owes no plan now (owed: %v)", i, c.Ship, st.Owe)
		case seen[c.Ship]:
			return fmt.Errorf("seal: commands[%d].ship: %q is planned twice", i, c.Ship)
		case c.Plan == nil:
			return fmt.Errorf("seal: commands[%d]: no plan for %s", i, c.Ship)
		}
		seen[c.Ship] = true
		if comp == nil {
			continue
		}
		for _, sv := range st.View.Ships {
			if sv.ID != c.Ship || sv.State == nil {
				continue
			}
			class, err := starship.ClassFor(comp, sv.Class)
			if err != nil {
				return fmt.Errorf("seal: %s: %w", c.Ship, err)
			}
			if _, err := battle.PreviewShip(st.Rules, comp, class, sv, *c.Plan); err != nil {
				return fmt.Errorf("seal: %w", err) // the words the plan command would get
			}
		}
	}
	for _, id := range st.Owe {
		if !seen[id] {
			return fmt.Errorf("seal: no plan for %s, which owes one", id)
		}
	}
	return nil
}
