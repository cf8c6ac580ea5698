package battle

import (
	"errors"
	"fmt"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/starship"
)

// NewDeterminized builds a battle that starts from a given state instead of
// from the setup's starting positions: the planning of st.Turn, with no
// event, no journal and a random source of its own (seed). It is for a
// computer player's play-ahead: the player fills st from its own side's
// View and from guesses for everything that View hides (a determinized
// state), and plays the guess forward with the real engine. The battle
// knows only what st tells it, so it can hold no secret of another battle.
//
// st must describe the setup's ships in the setup's order (same id, side
// and class), stand in the Planning phase with no plan committed, and is
// owned by the battle from now on (the caller must not change it). The
// setup is taken out of companion mode: the engine draws its own dice.
func NewDeterminized(setup Setup, comp *assets.Components, st State, seed uint64) (*Battle, error) {
	return newDeterminized(setup, comp, st, seed, func(id string) (starship.Class, error) { return starship.ClassFor(comp, id) })
}

// newDeterminized is NewDeterminized, taking each class of the battle from
// class.
func newDeterminized(setup Setup, comp *assets.Components, st State, seed uint64, class func(id string) (starship.Class, error)) (*Battle, error) {
	setup.Companion = false
	if err := setup.Check(comp); err != nil { // refused for the reasons New refuses it
		return nil, err
	}
	var errs []error
	if st.Phase != Planning {
		errs = append(errs, fmt.Errorf("phase: %q; a determinized battle starts while planning", st.Phase))
	}
	if st.Turn < 1 {
		errs = append(errs, fmt.Errorf("turn: %d; allowed: 1 or more", st.Turn))
	}
	if len(st.Ships) != len(setup.Ships) {
		errs = append(errs, fmt.Errorf("ships: %d in the state, %d in the setup; they must be the same ships", len(st.Ships), len(setup.Ships)))
	}
	b := &Battle{setup: setup, seed: seed, comp: comp, classes: map[string]starship.Class{}, ids: map[string]int{},
		src: newSource(seed, false)}
	for i := range min(len(st.Ships), len(setup.Ships)) {
		s, sp := &st.Ships[i], setup.Ships[i]
		if s.ID != sp.ID || s.Side != sp.Side || s.Class != sp.Class {
			errs = append(errs, fmt.Errorf("ships[%d]: %s (%s, %s) in the state, %s (%s, %s) in the setup",
				i, s.ID, s.Side, s.Class, sp.ID, sp.Side, sp.Class))
			continue
		}
		if s.Plan != nil {
			errs = append(errs, fmt.Errorf("ships[%d].plan: %s has a plan; the state must have none", i, s.ID))
		}
		if _, ok := b.classes[s.Class]; !ok {
			c, err := class(s.Class)
			if err != nil {
				errs = append(errs, fmt.Errorf("ships[%d]: %w", i, err))
				continue
			}
			b.classes[s.Class] = c
		}
		b.ids[s.ID] = i
	}
	if err := errors.Join(errs...); err != nil {
		return nil, fmt.Errorf("determinized battle: %w", err)
	}
	b.st = st
	b.st.Step, b.st.Result, b.st.Declared, b.st.Shots, b.st.FirstToDeclare = 1, nil, nil, nil, ""
	return b, nil
}
