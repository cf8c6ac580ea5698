package battle

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

// startTurn begins a new turn: late ships enter, tailing is settled and
// planning opens.
func (b *Battle) startTurn() error {
	b.endFlights()
	b.st.Turn++
	b.st.Step = 1
	var arriving []*ShipState
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.OnTable && !s.Out && s.Enters <= b.st.Turn {
			s.OnTable = true
			switch {
			case s.EntersByFTL:
				arriving = append(arriving, s)
			case s.Enters > 1:
				b.emit(Event{Kind: EvEnters, Ship: s.ID})
			}
		}
		s.Plan, s.Outcome, s.Marker, s.LeavesByFTL, s.Revealed, s.FirstSeen = nil, nil, nil, false, false, false
		if s.Ship.Damage.Pilot < 2 {
			s.NextCards = nil
		}
		s.Tailing, s.WaitFor, s.Fired, s.NoFire, s.NoFireStep1, s.ChangedCD = "", "", false, false, false, false
		s.UsedThisTurn, s.FlawsTried, s.FlawsActive = nil, nil, nil
		s.Ship.Bonus = starship.Bonus{}
	}
	b.emit(Event{Kind: EvTurn})
	for _, s := range arriving {
		if err := b.enterByFTL(s); err != nil {
			return err
		}
	}
	b.st.Phase = Planning
	if b.allPlanned() { // no ship on the table yet: the turn passes
		b.st.Phase = Revealing
	}
	if b.setup.Rules.Has(starship.OptTailing) {
		return b.settleTailing()
	}
	return nil
}

// tailCandidates returns, for each active ship index, the enemy ships it
// could tail (Tailing), nearest first.
func (b *Battle) tailCandidates() map[int][]int {
	ref, idx := b.refereeNow()
	out := map[int][]int{}
	for ra, a := range idx {
		var cands []int
		for rt, t := range idx {
			if ra == rt || b.st.Ships[a].Side == b.st.Ships[t].Side {
				continue
			}
			if b.rule(ref, ra, rt).Tailing {
				cands = append(cands, t)
			}
		}
		slices.SortStableFunc(cands, func(x, y int) int {
			dx := b.st.Ships[a].Ship.Pose.Pos.Dist(b.st.Ships[x].Ship.Pose.Pos)
			dy := b.st.Ships[a].Ship.Pose.Pos.Dist(b.st.Ships[y].Ship.Pose.Pos)
			switch {
			case dx < dy:
				return -1
			case dx > dy:
				return 1
			}
			return 0
		})
		if len(cands) > 0 {
			out[a] = cands
		}
	}
	return out
}

// tailRoll is what a nugget or rookie needs on 2d6 to tail (Limitations of
// nuggets and rookies).
func (b *Battle) tailRoll(p starship.Pilot) int {
	if !b.setup.Rules.Has(starship.OptPilots) {
		return 0
	}
	switch p {
	case starship.Nugget:
		return 7
	case starship.Rookie:
		return 5
	}
	return 0
}

// settleTailing decides who tails whom at the start of the turn: each ship
// tails the nearest qualifying enemy (the tail command may choose another),
// nuggets and rookies must roll for it, and a circle of tailings is broken
// at a random ship, which plans first (Tailing).
func (b *Battle) settleTailing() error {
	cands := b.tailCandidates()
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		c, ok := cands[i]
		if !ok {
			continue
		}
		if need := b.tailRoll(s.Ship.Pilot); need > 0 {
			d1, err := b.src.d6(s.ID+"'s tailing roll", s.Side)
			if err != nil {
				return err
			}
			d2, err := b.src.d6(s.ID+"'s tailing roll", s.Side)
			if err != nil {
				return err
			}
			if d1+d2 < need {
				b.emit(Event{Kind: EvTailRoll, Ship: s.ID, Pilot: s.Ship.Pilot, Dice: []int{d1, d2}, Need: need})
				continue
			}
		}
		s.Tailing = b.st.Ships[c[0]].ID
		b.emit(Event{Kind: EvTailing, Ship: s.ID, Other: s.Tailing})
	}
	return b.breakTailCircles()
}

// breakTailCircles sets the planning order: a ship plans after the ship
// it tails; in a circle of tailings a ship drawn at random plans first and
// the others follow round the circle, each after the one that tails it
// (Tailing: "Ben is chosen randomly. Ben will plan first, then Cher, then
// Don, then Anthony").
func (b *Battle) breakTailCircles() error {
	for i := range b.st.Ships {
		b.st.Ships[i].WaitFor = b.st.Ships[i].Tailing
	}
	done := map[int]bool{}
	for i := range b.st.Ships {
		var path []int
		seen := map[int]bool{}
		for at := i; !done[at]; {
			if seen[at] {
				circle := path[slices.Index(path, at):]
				for _, c := range path {
					done[c] = true
				}
				names := make([]string, len(circle))
				for k, c := range circle {
					names[k] = b.st.Ships[c].ID
				}
				k, err := b.src.pick(len(circle), "the ship that plans first in the tailing circle "+strings.Join(names, ", "), names)
				if err != nil {
					return err
				}
				b.emit(Event{Kind: EvTailCircle, Ships: names, Ship: names[k]})
				for n := range circle {
					c := circle[(k+n)%len(circle)]
					if n == 0 {
						b.st.Ships[c].WaitFor = ""
					} else {
						b.st.Ships[c].WaitFor = b.st.Ships[circle[(k+n-1)%len(circle)]].ID
					}
				}
				break
			}
			seen[at] = true
			path = append(path, at)
			next := b.st.Ships[at].Tailing
			if next == "" {
				break
			}
			at = b.ids[next]
		}
		for _, c := range path {
			done[c] = true
		}
	}
	return nil
}

func (b *Battle) chooseTail(cmd Command) error {
	if b.st.Phase != Planning {
		return fmt.Errorf("tail: only while planning; now %s", b.st.Phase)
	}
	s, err := b.ship(cmd.Ship, cmd.Side)
	if err != nil {
		return err
	}
	if s.Tailing == "" {
		return fmt.Errorf("tail: %s is not tailing anyone this turn", s.ID)
	}
	if s.Plan != nil {
		return fmt.Errorf("tail: %s has planned already", s.ID)
	}
	if cmd.Target == "" {
		// Tailing is something a player may do: declining it, the ship plans
		// without waiting and sees no card.
		b.emit(Event{Kind: EvTailDeclined, Ship: s.ID, Other: s.Tailing})
		s.Tailing = ""
		return b.breakTailCircles()
	}
	for _, c := range b.tailCandidates()[b.ids[s.ID]] {
		if b.st.Ships[c].ID == cmd.Target {
			s.Tailing = cmd.Target
			b.emit(Event{Kind: EvTailChosen, Ship: s.ID, Other: cmd.Target})
			return b.breakTailCircles()
		}
	}
	return fmt.Errorf("tail: %s cannot tail %s", s.ID, cmd.Target)
}

func (b *Battle) commitPlan(cmd Command) error {
	if b.st.Phase != Planning {
		return fmt.Errorf("plan: plans are committed while planning; now %s", b.st.Phase)
	}
	s, err := b.ship(cmd.Ship, cmd.Side)
	if err != nil {
		return err
	}
	if !s.Active() {
		return fmt.Errorf("plan: %s is not on the table", s.ID)
	}
	if s.Plan != nil {
		return fmt.Errorf("plan: %s has a plan already; undo it first", s.ID)
	}
	if cmd.Plan == nil {
		return errors.New("plan: no plan given")
	}
	if s.WaitFor != "" {
		if t := &b.st.Ships[b.ids[s.WaitFor]]; t.Active() && t.Plan == nil {
			return fmt.Errorf("plan: %s plans after %s (tailing)", s.ID, t.ID)
		}
	}
	if _, err := b.examine(s, *cmd.Plan); err != nil { // the check Preview makes
		return err
	}
	p := cmd.Plan.Clone()
	s.Plan = &p
	b.emit(Event{Kind: EvPlanned, Ship: s.ID})
	first, _ := starship.FirstCard(b.classes[s.Class], p)
	for i := range b.st.Ships {
		if o := &b.st.Ships[i]; o.Tailing == s.ID {
			o.FirstSeen = true
			b.emit(Event{Kind: EvFirstCard, Side: o.Side, Secret: true, Ship: s.ID, Other: o.ID, Card: first})
		}
	}
	if b.allPlanned() {
		b.st.Phase = Revealing
		b.emit(Event{Kind: EvPlansIn})
	}
	return nil
}

func (b *Battle) undo(cmd Command) error {
	if b.st.Phase != Planning && b.st.Phase != Revealing {
		return fmt.Errorf("undo: only before the reveal; now %s", b.st.Phase)
	}
	s, err := b.ship(cmd.Ship, cmd.Side)
	if err != nil {
		return err
	}
	if s.Plan == nil {
		return fmt.Errorf("undo: %s has no plan to withdraw", s.ID)
	}
	for i := range b.st.Ships {
		if o := &b.st.Ships[i]; o.Tailing == s.ID && o.FirstSeen {
			return fmt.Errorf("undo: %s's first card has been shown to %s", s.ID, o.ID)
		}
	}
	s.Plan = nil
	b.st.Phase = Planning
	b.emit(Event{Kind: EvWithdrawn, Ship: s.ID})
	return nil
}

func (b *Battle) allPlanned() bool {
	for i := range b.st.Ships {
		if s := &b.st.Ships[i]; s.Active() && s.Plan == nil {
			return false
		}
	}
	return true
}

// effective returns the ship's state as its plan sees it: special damage
// taken counts from the next step on, so pending damage is already in.
func (b *Battle) effective(s *ShipState) starship.State { return s.Ship }

// reveal turns the control panels face up. Ships whose speed slider is
// at FTL declare their jumps and their owners place the FTL markers before
// any card is revealed (a side drawn at random places first when both
// sides jump); then the cards are revealed (Faster-than-light movement:
// "When players reveal their control panels, and before revealing cards,
// any players using FTL declares it, and places an FTL marker").
func (b *Battle) reveal() error {
	if b.st.Phase != Revealing {
		return fmt.Errorf("reveal: not every ship has planned (%s)", b.st.Phase)
	}
	b.st.FirstToPlace = ""
	sides := map[Side]bool{}
	for i := range b.st.Ships {
		if s := &b.st.Ships[i]; s.Active() && s.Plan.Speed == maneuvers.FTL {
			sides[s.Side] = true
			b.emit(Event{Kind: EvPanelFTL, Ship: s.ID})
		}
	}
	if len(sides) == 0 {
		return b.revealCards()
	}
	if len(sides) == 2 {
		k, err := b.src.pick(2, "which side places its FTL markers first", sideIDs())
		if err != nil {
			return err
		}
		b.st.FirstToPlace = Sides[k]
		b.emit(Event{Kind: EvFirstToPlace, Side: b.st.FirstToPlace})
	}
	b.st.Phase = PlacingFTL
	return nil
}

// revealCards turns all cards face up: illegal plans are corrected (their
// counters drawn) and kinetic energy is adjusted at once (Movement;
// Special cases); then the ships move.
func (b *Battle) revealCards() error {
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() {
			continue
		}
		o, err := starship.Examine(b.setup.Rules, b.classes[s.Class], s.Ship, *s.Plan)
		if err != nil {
			return err
		}
		if o, err = b.planBonus(s, o); err != nil {
			return err
		}
		vs, exec, draws := o.Violations, o.Executed, o.DamageDraws
		s.Revealed = true
		s.NextCards = nil // flown: a severely wounded pilot plans again next step 2
		b.emit(Event{Kind: EvRevealed, Ship: s.ID, Cards: slices.Clone(s.Plan.Cards), Speed: s.Plan.Speed})
		if len(vs) > 0 {
			reasons := make([]string, len(vs))
			for k, v := range vs {
				reasons[k] = v.Rule
			}
			b.emit(Event{Kind: EvIllegal, Ship: s.ID, Rules: reasons, Cards: slices.Clone(exec.Cards), Speed: exec.Speed, Count: draws})
			for k := 0; k < draws; k++ {
				skip, err := b.ignores(s, talentQuickStudy)
				if err != nil {
					return err
				}
				if skip {
					continue
				}
				if err := b.takeCounter(s, ReasonIllegal, "", true); err != nil {
					return err
				}
			}
		}
		s.Outcome = &o
		if s.Marker != nil && exec.Speed != maneuvers.FTL {
			b.emit(Event{Kind: EvJumpIllegal, Ship: s.ID})
			s.Marker, s.LeavesByFTL = nil, false
		}
	}
	return b.resolveMoves()
}

// markerDue reports whether a ship's owner still has to place its FTL
// marker (or say it jumps away), and may now: its panel is at FTL and, when
// a side was drawn to place first, that side has placed all of its own.
func (b *Battle) markerDue(s *ShipState) bool {
	if b.st.Phase != PlacingFTL || !s.Active() || s.Plan == nil || s.Plan.Speed != maneuvers.FTL || s.Marker != nil || s.LeavesByFTL {
		return false
	}
	if f := b.st.FirstToPlace; f != "" && s.Side != f {
		for i := range b.st.Ships {
			if o := &b.st.Ships[i]; o.Side == f && b.markerDue(o) {
				return false
			}
		}
	}
	return true
}

// placeMarker places a jumping ship's FTL marker anywhere in the playing
// area, turned any way; or, with Leave, the ship uses the jump to leave the
// playing area, "with the same effect as exiting from a side"
// (Faster-than-light movement). When every marker is down the cards are
// revealed.
func (b *Battle) placeMarker(cmd Command) error {
	if b.st.Phase != PlacingFTL {
		return fmt.Errorf("ftl: markers are placed after the control panels are revealed, before the cards; now %s", b.st.Phase)
	}
	s, err := b.ship(cmd.Ship, cmd.Side)
	if err != nil {
		return err
	}
	if s.Plan == nil || s.Plan.Speed != maneuvers.FTL {
		return fmt.Errorf("ftl: %s is not jumping", s.ID)
	}
	if !b.markerDue(s) {
		if s.Marker != nil || s.LeavesByFTL {
			return fmt.Errorf("ftl: %s's marker is placed already", s.ID)
		}
		return fmt.Errorf("ftl: %s places its markers first", b.st.FirstToPlace)
	}
	switch {
	case cmd.Leave:
		s.LeavesByFTL = true
		b.emit(Event{Kind: EvWillLeave, Ship: s.ID})
	case cmd.Marker == nil:
		return errors.New("ftl: no marker pose given (or leave: true to jump out of the playing area)")
	default:
		m := *cmd.Marker
		if !m.Pos.IsFinite() || m.Pos.X < 0 || m.Pos.Y < 0 || m.Pos.X > b.setup.Width || m.Pos.Y > b.setup.Depth {
			return fmt.Errorf("ftl: the marker (%.1f, %.1f) must lie in the playing area", m.Pos.X, m.Pos.Y)
		}
		s.Marker = &m
		at := m.Pos
		b.emit(Event{Kind: EvMarkerPlaced, Ship: s.ID, At: &at})
	}
	for i := range b.st.Ships {
		o := &b.st.Ships[i]
		if o.Active() && o.Plan != nil && o.Plan.Speed == maneuvers.FTL && o.Marker == nil && !o.LeavesByFTL {
			return nil
		}
	}
	return b.revealCards()
}

// severelyWoundedDue reports whether a ship with a severely wounded pilot
// still has to plan next turn's cards (Special damage: pilot wounded).
func (b *Battle) severelyWoundedDue() bool {
	for i := range b.st.Ships {
		if s := &b.st.Ships[i]; s.Active() && s.Ship.Damage.Pilot >= 2 && s.NextCards == nil {
			return true
		}
	}
	return false
}

// preplan takes a severely wounded pilot's cards for next turn, at the
// beginning of the second movement step, before the others plan (Special
// damage: a severely wounded pilot); next turn only the dial, speed and
// level may change.
func (b *Battle) preplan(cmd Command) error {
	if b.st.Phase != Preplanning {
		return fmt.Errorf("preplan: only at the beginning of the second movement step when a pilot is severely wounded; now %s", b.st.Phase)
	}
	s, err := b.ship(cmd.Ship, cmd.Side)
	if err != nil {
		return err
	}
	if !s.Active() || s.Ship.Damage.Pilot < 2 || s.NextCards != nil {
		return fmt.Errorf("preplan: %s has no severely wounded pilot waiting to plan", s.ID)
	}
	if cmd.Plan == nil || len(cmd.Plan.Cards) == 0 || len(cmd.Plan.Cards) > 2 {
		return errors.New("preplan: give next turn's card, or two")
	}
	for _, id := range cmd.Plan.Cards {
		if _, ok := b.classes[s.Class].Deck.Card(id); !ok {
			return fmt.Errorf("preplan: %q is not in the %s deck", id, s.Class)
		}
	}
	s.NextCards = slices.Clone(cmd.Plan.Cards)
	b.emit(Event{Kind: EvPreplanned, Ship: s.ID})
	if b.severelyWoundedDue() {
		return nil
	}
	return b.moveStep(2)
}

// enterByFTL brings a ship into play by an FTL jump at the start of the
// turn it enters: the marker is the scenario's, 2d6 choose its side and
// 1d6 the centimetres ahead, arrival collisions apply, it cannot attack in
// the first firing step of the turn, and, with the Fuel rule, the jump
// costs its fuel (Faster-than-light movement). Entering is not a jump
// from one spot of the playing area to another, so it does not count
// against the two a game.
func (b *Battle) enterByFTL(s *ShipState) error {
	d1, d2, d3, err := b.ftlRolls(s)
	if err != nil {
		return err
	}
	marker := s.Ship.Pose
	pose, err := starship.Arrival(b.comp, b.classes[s.Class], starship.FTLJump{Marker: marker, SideRoll: d1 + d2, DistanceRoll: d3})
	if err != nil {
		return fmt.Errorf("%s: %w", s.ID, err)
	}
	s.Ship.Pose = pose
	s.NoFireStep1 = true
	if b.setup.Rules.Has(starship.OptFuel) {
		s.Ship.Fuel -= b.comp.Geometry.FTLFuelCost.Value
	}
	at := marker.Pos
	b.emit(Event{Kind: EvFTLEntry, Ship: s.ID, Dice: []int{d1, d2, d3}, At: &at})
	if err := b.arriveFromFTL(s); err != nil {
		return err
	}
	if b.offTable(s) {
		b.eliminate(s, CauseMovedOut)
	}
	b.settleDamage()
	return nil
}

// ftlRolls rolls a jump's dice in the order the rulebook reads them
// (Faster-than-light movement): 2d6 for the marker's side, then 1d6 for
// the distance in cm.
func (b *Battle) ftlRolls(s *ShipState) (side1, side2, distance int, err error) {
	if side1, err = b.src.d6(s.ID+"'s FTL side", s.Side); err != nil {
		return
	}
	if side2, err = b.src.d6(s.ID+"'s FTL side", s.Side); err != nil {
		return
	}
	distance, err = b.src.d6(s.ID+"'s FTL distance", s.Side)
	return
}

// jumpedIn reports whether the ship entered play by FTL this turn.
func (b *Battle) jumpedIn(s *ShipState) bool {
	return s.EntersByFTL && max(s.Enters, 1) == b.st.Turn
}
