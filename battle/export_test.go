package battle

import (
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// FreshTargets is Targets worked out afresh: a new referee for the table
// as it stands, every pair ruled again (no cache).
func (b *Battle) FreshTargets(id string) []referee.Ruling {
	b.mu.Lock()
	defer b.mu.Unlock()
	i, ok := b.ids[id]
	if !ok || !b.canShoot(&b.st.Ships[i]) {
		return nil
	}
	t, idx := b.refereeTable()
	ref := referee.New(t)
	ra := -1
	for k, j := range idx {
		if j == i {
			ra = k
		}
	}
	var out []referee.Ruling
	for rt, j := range idx {
		if rt == ra || b.st.Ships[j].Side == b.st.Ships[i].Side {
			continue
		}
		if r := ref.Rule(ra, rt); r.CanFire {
			out = append(out, r)
		}
	}
	return out
}

// MadeClasses returns the classes the Maker has worked out, by id.
func (m *Maker) MadeClasses() map[string]starship.Class {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.classes
}

// NewInFormat3 reports whether an event is of a kind saved format 3 added.
var NewInFormat3 = newInFormat3
