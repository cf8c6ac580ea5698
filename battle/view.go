package battle

import (
	"slices"

	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// View is what one side may know of the battle (hidden information): its
// own ships whole; of the enemy only what lies on the table or has been
// revealed or announced. Everything shown to a player comes from a View.
type View struct {
	Side      Side               `json:"side"`
	Turn      int                `json:"turn"`
	Step      int                `json:"step"`
	Phase     Phase              `json:"phase"`
	Result    *Result            `json:"result,omitempty"`
	Width     float64            `json:"width"`
	Depth     float64            `json:"depth"`
	Obstacles []referee.Obstacle `json:"obstacles"`
	Ships     []ShipView         `json:"ships"`
	Events    []Event            `json:"events"`
	// Declaring: whether this side may declare now, and the shots the
	// other side declared openly first.
	MayDeclare bool   `json:"may_declare"`
	SeenShots  []Shot `json:"seen_shots,omitempty"`
	// Jumping ships of this side waiting for their FTL markers.
	MarkersDue []string `json:"markers_due,omitempty"`
}

// ShipView is one ship as a side sees it. Pointer fields are nil when the
// side may not know them.
type ShipView struct {
	ID      string         `json:"id"`
	Class   string         `json:"class"`
	Side    Side           `json:"side"`
	Own     bool           `json:"own"`
	Pilot   starship.Pilot `json:"pilot"`
	Talents []string       `json:"talents,omitempty"`
	Flaws   []string       `json:"flaws,omitempty"`
	// TalentUses are the use counters on the pilot's talent and flaw
	// cards (Pilot talents and flaws: a counter each time a card is
	// used; the cards lie by the control panel, so both sides see them).
	TalentUses []Use        `json:"talent_uses,omitempty"`
	Pose       physics.Pose `json:"pose"`
	Rotation   int          `json:"rotation"`
	Level      int          `json:"level"`
	OnTable    bool         `json:"on_table"`
	Out        bool         `json:"out"`
	Cause      string       `json:"cause,omitempty"`
	Tailing    string       `json:"tailing,omitempty"`
	// PilotCard is the id of the named pilot flying the ship (public, as
	// the card lies on the table), "" for a token.
	PilotCard string `json:"pilot_card,omitempty"`
	Fired     bool   `json:"fired"`
	Crippled  bool   `json:"crippled"` // announced (Special damage: hull)
	Planned   bool   `json:"planned"`  // a plan is committed (the cards lie face down)

	// Counters lie face down: everyone sees how many.
	CounterCount   int `json:"counter_count"`
	CollisionCount int `json:"collision_count"`

	// Known to the owner; to the enemy once revealed.
	KE       *int              `json:"ke,omitempty"`
	Plan     *starship.Plan    `json:"plan,omitempty"`
	Outcome  *starship.Outcome `json:"outcome,omitempty"`
	Marker   *physics.Pose     `json:"marker,omitempty"`
	Shown    string            `json:"shown,omitempty"` // the first card shown to this side's tailer
	Fuel     *int              `json:"fuel,omitempty"`
	Damage   *int              `json:"damage,omitempty"`
	Counters []Counter         `json:"counters,omitempty"`
	Special  *starship.Damage  `json:"special,omitempty"`
	State    *starship.State   `json:"state,omitempty"` // the whole control panel, own ships only
	// NextCards: own ships only, a severely wounded pilot's cards fixed for
	// the next planning; MustPreplan: it has to fix them now.
	NextCards   []string `json:"next_cards,omitempty"`
	MustPreplan bool     `json:"must_preplan,omitempty"`
}

// View returns what side may know now. Its Events share memory with the
// battle's record: read them, do not change them.
func (b *Battle) View(side Side) View {
	b.mu.Lock()
	defer b.mu.Unlock()
	var ships []ShipView
	if len(b.st.Ships) > 0 {
		ships = make([]ShipView, len(b.st.Ships))
		for i := range b.st.Ships {
			b.shipView(&ships[i], &b.st.Ships[i], side, nil)
		}
	}
	return b.view(side, ships)
}

// ViewInto sets *v to View(side), reusing the memory of v's ship entries,
// which it overwrites, and of what they point to that View allocated for
// them (copies of the ship's state, plan, outcome and counters), when v
// has as many entries as the battle has ships. v must come from this
// battle's View, ViewInto or Refresh: it is for a player that takes its
// View again and again and keeps nothing of the last one.
func (b *Battle) ViewInto(v *View, side Side) {
	b.mu.Lock()
	defer b.mu.Unlock()
	ships, reuse := v.Ships, true
	if len(ships) != len(b.st.Ships) {
		ships, reuse = nil, false
		if len(b.st.Ships) > 0 {
			ships = make([]ShipView, len(b.st.Ships))
		}
	}
	for i := range b.st.Ships {
		var old *ShipView
		if reuse {
			o := ships[i]
			old = &o
		}
		b.shipView(&ships[i], &b.st.Ships[i], side, old)
	}
	*v = b.view(side, ships)
}

// Refresh brings v, a View of this battle taken earlier, up to date when
// of all the ships only those named in ids have changed since (a side's
// own plans, say: while planning, a plan changes only its ship as either
// side sees it). The turn, phase, result, events, declarations and FTL
// markers due are read afresh and the entries of ids rebuilt in place, so
// a caller holding v.Ships sees them change; the other entries are kept
// as they are. Afterwards v equals View(v.Side) (TestRefreshIsView); a v
// that does not fit the battle's ships is rebuilt whole.
func (b *Battle) Refresh(v *View, ids ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	fits := len(v.Ships) == len(b.st.Ships)
	for _, id := range ids {
		i, ok := b.ids[id]
		if !fits || !ok || v.Ships[i].ID != id {
			fits = false
			break
		}
		b.shipView(&v.Ships[i], &b.st.Ships[i], v.Side, nil)
	}
	if !fits {
		v.Ships = nil
		if len(b.st.Ships) > 0 {
			v.Ships = make([]ShipView, len(b.st.Ships))
		}
		for i := range b.st.Ships {
			b.shipView(&v.Ships[i], &b.st.Ships[i], v.Side, nil)
		}
	}
	*v = b.view(v.Side, v.Ships)
}

// view returns side's View with the ships' entries given.
func (b *Battle) view(side Side, ships []ShipView) View {
	v := View{Side: side, Turn: b.st.Turn, Step: b.st.Step, Phase: b.st.Phase, Result: b.st.Result,
		Width: b.setup.Width, Depth: b.setup.Depth, Obstacles: b.setup.Obstacles, Ships: ships}
	v.Events = b.visibleEvents(side)
	if b.st.Phase == Declaring {
		declared := false
		for _, d := range b.st.Declared {
			declared = declared || d == side
		}
		f := b.st.FirstToDeclare
		firstDone := f == "" || f == side
		for _, d := range b.st.Declared {
			firstDone = firstDone || d == f
		}
		v.MayDeclare = !declared && firstDone
		if f != "" && f != side && firstDone {
			for _, sh := range b.st.Shots {
				if b.st.Ships[b.ids[sh.Shooter]].Side == f {
					v.SeenShots = append(v.SeenShots, sh)
				}
			}
		}
	}
	if b.st.Phase == PlacingFTL {
		for i := range b.st.Ships {
			s := &b.st.Ships[i]
			if s.Side == side && b.markerDue(s) {
				v.MarkersDue = append(v.MarkersDue, s.ID)
			}
		}
	}
	return v
}

// visibleEvents returns the events side may read, in order. The slice
// shares its elements with the battle's record of them and is clipped, so
// an append by the caller copies; the battle only ever appends beyond it.
func (b *Battle) visibleEvents(side Side) []Event {
	k := slices.IndexFunc(b.seen, func(s seenEvents) bool { return s.side == side })
	if k < 0 {
		b.seen = append(b.seen, seenEvents{side: side})
		k = len(b.seen) - 1
	}
	s := &b.seen[k]
	if s.upTo > len(b.st.Events) { // the state was replaced by an older one
		s.upTo, s.events = 0, nil
	}
	for _, e := range b.st.Events[s.upTo:] {
		if e.VisibleTo(side) {
			if s.events == nil { // room for as many as the battle has room for
				s.events = make([]Event, 0, cap(b.st.Events))
			}
			s.events = append(s.events, e)
		}
	}
	s.upTo = len(b.st.Events)
	return slices.Clip(s.events)
}

// ownCopies holds what a ShipView of an own ship points to, allocated at
// once.
type ownCopies struct {
	ke, fuel, damage int
	special          starship.Damage
	state            starship.State
}

// shipView fills sv with ship s as side sees it. The memory old (the
// entry sv held, nil: none) had to itself is reused: what View allocates
// afresh for an entry (the own copies, the plan and its cards, the
// outcome, the counters, the cards fixed for next turn), never what it
// shares with the battle.
func (b *Battle) shipView(sv *ShipView, s *ShipState, side Side, old *ShipView) {
	if old == nil {
		old = &ShipView{}
	}
	own := s.Side == side
	*sv = ShipView{
		ID: s.ID, Class: s.Class, Side: s.Side, Own: own, Pilot: s.Ship.Pilot, PilotCard: s.PilotCard,
		Talents: s.Talents, Flaws: s.Flaws, TalentUses: slices.Clone(s.TalentUses),
		Pose: s.Ship.Pose, Rotation: s.Ship.Rotation, Level: s.Ship.Level,
		OnTable: s.OnTable, Out: s.Out, Cause: s.Cause, Tailing: s.Tailing, Fired: s.Fired,
		Crippled: s.Ship.Damage.Hull >= 2, Planned: s.Plan != nil,
		CounterCount: len(s.Counters), CollisionCount: len(s.Collisions),
	}
	if own {
		if old.KE != nil && old.Fuel != nil && old.Damage != nil && old.Special != nil && old.State != nil {
			sv.KE, sv.Fuel, sv.Damage, sv.Special, sv.State = old.KE, old.Fuel, old.Damage, old.Special, old.State
		} else {
			c := &ownCopies{}
			sv.KE, sv.Fuel, sv.Damage, sv.Special, sv.State = &c.ke, &c.fuel, &c.damage, &c.special, &c.state
		}
		*sv.KE, *sv.Fuel, *sv.Damage, *sv.Special, *sv.State = s.Ship.KE, s.Ship.Fuel, s.Damage(), s.Ship.Damage, s.Ship
	} else if s.Revealed || b.st.Turn > 1 {
		sv.KE = old.KE
		if sv.KE == nil {
			sv.KE = new(int)
		}
		*sv.KE = s.Ship.KE
	}
	if s.Revealed || own {
		if s.Plan != nil {
			sv.Plan = old.Plan
			if sv.Plan == nil {
				sv.Plan = new(starship.Plan)
			}
			cards := sv.Plan.Cards
			*sv.Plan = *s.Plan
			switch {
			case s.Plan.Cards == nil:
			case cards == nil:
				sv.Plan.Cards = slices.Clone(s.Plan.Cards)
			default:
				sv.Plan.Cards = append(cards[:0], s.Plan.Cards...)
			}
		}
		if s.Outcome != nil {
			sv.Outcome = old.Outcome
			if sv.Outcome == nil {
				sv.Outcome = new(starship.Outcome)
			}
			*sv.Outcome = *s.Outcome
		}
		sv.Marker = s.Marker
	}
	if !own && !s.Revealed && s.Plan != nil {
		for i := range b.st.Ships {
			if o := &b.st.Ships[i]; o.Side == side && o.Tailing == s.ID {
				sv.Shown, _ = starship.FirstCard(b.classes[s.Class], *s.Plan)
			}
		}
	}
	if own {
		n := len(s.Counters) + len(s.Collisions)
		counters := old.Counters[:0]
		if cap(counters) < n || counters == nil {
			counters = make([]Counter, 0, n)
		}
		sv.Counters = append(append(counters, s.Counters...), s.Collisions...)
		if s.NextCards != nil {
			if old.NextCards == nil {
				sv.NextCards = slices.Clone(s.NextCards)
			} else {
				sv.NextCards = append(old.NextCards[:0], s.NextCards...)
			}
		}
		sv.MustPreplan = b.st.Phase == Preplanning && s.Active() && s.Ship.Damage.Pilot >= 2 && s.NextCards == nil
	}
}
