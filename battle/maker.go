package battle

import (
	"sync"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/starship"
)

// Maker starts battles on one set of components and works each ship class
// out once for all of them (starship.ClassFor: the class with its
// maneuver deck and arrows), where New and NewDeterminized work the
// classes out for every battle. Its battles share the classes, which the
// engine only reads (TestMakerBattlesLeaveTheClassesAsMade). It is for
// tools that start many battles: bsg sim and tournaments, a computer
// player's play-aheads. Safe for concurrent use.
type Maker struct {
	comp    *assets.Components
	mu      sync.Mutex
	classes map[string]starship.Class
}

// NewMaker returns a Maker for comp, which must not change while the
// Maker is in use.
func NewMaker(comp *assets.Components) *Maker {
	return &Maker{comp: comp, classes: map[string]starship.Class{}}
}

// New is New(setup, comp, seed) on the Maker's components.
func (m *Maker) New(setup Setup, seed uint64) (*Battle, error) {
	return newBattle(setup, m.comp, seed, m.class)
}

// NewDeterminized is NewDeterminized(setup, comp, st, seed) on the
// Maker's components.
func (m *Maker) NewDeterminized(setup Setup, st State, seed uint64) (*Battle, error) {
	return newDeterminized(setup, m.comp, st, seed, m.class)
}

// class returns the class id, worked out on its first use.
func (m *Maker) class(id string) (starship.Class, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if c, ok := m.classes[id]; ok {
		return c, nil
	}
	c, err := starship.ClassFor(m.comp, id)
	if err != nil {
		return c, err
	}
	m.classes[id] = c
	return c, nil
}
