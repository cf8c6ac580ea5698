package battle

import (
	"fmt"
	"slices"
	"strings"

	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// resolveMoves rolls for FTL arrivals, works out every ship's move and
// plays the first movement step.
func (b *Battle) resolveMoves() error {
	from := b.keepFlights()
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() {
			continue
		}
		var jump *starship.FTLJump
		exec := s.Outcome.Executed
		if exec.Speed == maneuvers.FTL {
			if s.LeavesByFTL {
				b.emit(Event{Kind: EvJumpOut, Ship: s.ID})
				b.eliminate(s, CauseJumpedAway)
				continue
			}
			if b.jumpsAway(s) {
				continue // the ship leaves the battle by FTL (scenario victory)
			}
			d1, d2, d3, err := b.ftlRolls(s)
			if err != nil {
				return err
			}
			jump = &starship.FTLJump{Marker: *s.Marker, SideRoll: d1 + d2, DistanceRoll: d3}
			at := s.Marker.Pos
			b.emit(Event{Kind: EvFTLRoll, Ship: s.ID, Dice: []int{d1, d2, d3}, At: &at})
		}
		o := *s.Outcome // examined at the reveal: the plan flown is not checked again
		if o.Corrected {
			// The correction is a plan like any other: one that still
			// breaks a rule is corrected once more (no further counters).
			again, err := starship.Examine(b.setup.Rules, b.classes[s.Class], s.Ship, exec)
			if err != nil {
				return fmt.Errorf("%s: %w", s.ID, err)
			}
			o.Executed = again.Executed
		}
		o, err := o.Move(b.setup.Rules, b.comp, b.classes[s.Class], s.Ship, jump)
		if err != nil {
			return fmt.Errorf("%s: %w", s.ID, err)
		}
		*s.Outcome = o   // the reveal's outcome, made for this move alone
		s.Ship.KE = o.KE // adjusted as soon as the cards are revealed
		b.fly(from, s)
		s.ChangedCD = slices.Contains(exec.Cards, "change-direction")
		if o.Jumped {
			s.NoFireStep1 = true
			s.Ship.Pose = o.Steps[0].Pose
			if err := b.arriveFromFTL(s); err != nil {
				return err
			}
		}
	}
	return b.moveStep(1)
}

// stepPose returns the pose a ship's move gives it after movement step k,
// and false when the move has no such step (it stands as it was).
func stepPose(o *starship.Outcome, set starship.RuleSet, k int) (starship.Step, bool) {
	if set == starship.Quick && k != 1 {
		return starship.Step{}, false // one step: "move"
	}
	return o.MovementStep(k)
}

// moveStep plays movement step k for every ship, then the checks that
// follow movement, then opens the firing step.
func (b *Battle) moveStep(k int) error {
	b.st.Step = k
	b.emit(Event{Kind: EvMoveStep, Step: k})
	var room [16]bool
	moved := room[:0]
	if len(b.st.Ships) > len(room) {
		moved = make([]bool, 0, len(b.st.Ships))
	}
	moved = moved[:len(b.st.Ships)]
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() || s.Outcome == nil {
			continue
		}
		st, ok := stepPose(s.Outcome, b.setup.Rules.Set, k)
		if !ok {
			continue
		}
		// A push (FTL arrival, Quick Start overlap) shifts the rest of the
		// move by the same amount.
		if st.Level != s.Ship.Level {
			b.emit(Event{Kind: EvLevel, Step: k, Ship: s.ID, From: s.Ship.Level, Level: st.Level, Out: s.Outcome.LeftGame})
		}
		s.Ship.Pose, s.Ship.Rotation, s.Ship.Level = st.Pose, st.Rotation, st.Level
		moved[i] = true
		if s.Outcome.LeftGame && k == 1 {
			b.eliminate(s, CauseLeftLevels)
		}
	}
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() {
			continue
		}
		if moved[i] {
			st, _ := stepPose(s.Outcome, b.setup.Rules.Set, k)
			across := b.classes[s.Class].AcrossFlats
			if st.MayLeave(across, b.setup.Width, b.setup.Depth) { // else it surely stays in
				if sw := st.SweepArea(across, b.setup.Width, b.setup.Depth); sw.Leaves {
					s.ExitEdge = Edge(sw.Edge)
					at := sw.Point
					b.emit(Event{Kind: EvCrossesEdge, Ship: s.ID, Edge: Edge(sw.Edge), At: &at, Distance: -sw.Margin})
					b.eliminate(s, CauseMovedOut)
					continue
				}
			}
		}
		if b.offTable(s) {
			b.eliminate(s, CauseMovedOut)
		}
	}
	if b.setup.Rules.Set == starship.Quick {
		if err := b.slideApart(); err != nil {
			return err
		}
	}
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() || !moved[i] {
			continue
		}
		if err := b.collide(s, k); err != nil {
			return err
		}
	}
	// Collision counters (and an illegal move's) are damage too: a ship
	// they bring to its structure is eliminated now, before the firing.
	b.settleDamage()
	b.decide()
	if b.st.Phase == Over {
		return nil
	}
	if b.setup.Aligning {
		// The models are moved on the real table: the players set the
		// twin where they stand before anything is ruled from it.
		b.st.Phase = Aligning
		return nil
	}
	return b.openFiring()
}

// base returns a ship's base at its pose, as an array (slice it for a
// Polygon that lives as long as the caller's variable).
func (b *Battle) base(s *ShipState) [6]physics.Vec {
	return physics.HexagonCorners(s.Ship.Pose, b.classes[s.Class].AcrossFlats)
}

// offTable reports whether any part of the base lies outside the playing
// area (Special cases: a ship that moves out, even partially, is
// eliminated).
func (b *Battle) offTable(s *ShipState) bool {
	for _, v := range b.base(s) {
		if v.X < 0 || v.Y < 0 || v.X > b.setup.Width || v.Y > b.setup.Depth {
			return true
		}
	}
	return false
}

// levelMatters reports whether an object at level lv affects a ship at
// level ship (Three-dimensional space).
func (b *Battle) levelMatters(lv, ship int) bool {
	return !b.setup.Rules.Has(starship.OptThreeD) || lv == ship
}

// speedOf returns how fast a ship moved this turn, for Quick Start
// overlaps: the kinetic energy its cards make (overboost included).
func (b *Battle) speedOf(s *ShipState) int {
	ke := s.Outcome.Executed.Speed.KineticEnergy()
	c := b.classes[s.Class]
	for _, id := range s.Outcome.Executed.Cards {
		if card, ok := c.Deck.Card(id); ok && card.IsOverboost() {
			ke += 3
		}
	}
	return ke
}

// slideApart resolves Quick Start overlaps: the slowest ship stays, the
// next fastest slides straight ahead just enough to clear, and so on; ties
// in speed are broken at random; overlapping ships cannot fire this turn
// (Quick Start: Overlapping spaceships).
func (b *Battle) slideApart() error {
	var group []int
	for i := range b.st.Ships {
		for j := i + 1; j < len(b.st.Ships); j++ {
			if b.overlap(i, j) {
				for _, k := range []int{i, j} {
					if !slices.Contains(group, k) {
						group = append(group, k)
					}
					b.st.Ships[k].NoFire = true
				}
			}
		}
	}
	if len(group) == 0 {
		return nil
	}
	// Order slowest first. Among equally fast ships (and only then) a pick
	// decides which one advances: it goes last; then among the rest.
	slices.Sort(group)
	slices.SortStableFunc(group, func(x, y int) int { return b.speedOf(&b.st.Ships[x]) - b.speedOf(&b.st.Ships[y]) })
	for lo := 0; lo < len(group); {
		hi := lo + 1
		for hi < len(group) && b.speedOf(&b.st.Ships[group[hi]]) == b.speedOf(&b.st.Ships[group[lo]]) {
			hi++
		}
		for end := hi; end-lo > 1; end-- {
			tied := group[lo:end]
			names := make([]string, len(tied))
			for n, k := range tied {
				names[n] = b.st.Ships[k].ID
			}
			n, err := b.src.pick(len(tied), "the ship that advances among the equally fast "+strings.Join(names, ", "), names)
			if err != nil {
				return err
			}
			k := tied[n]
			copy(tied[n:], tied[n+1:])
			tied[len(tied)-1] = k
		}
		lo = hi
	}
	settled := []int{group[0]}
	for _, k := range group[1:] {
		s := &b.st.Ships[k]
		d := b.clearDistance(s, settled)
		if d > 0 {
			s.Ship.Pose = maneuvers.Drift(s.Ship.Pose, d)
			b.emit(Event{Kind: EvSlides, Ship: s.ID, Distance: d})
			if b.offTable(s) {
				b.eliminate(s, CauseSlidOut)
			}
		}
		settled = append(settled, k)
	}
	return nil
}

// clearanceStep is how finely a sliding base searches for the first free
// spot before the exact edge is found by bisection, in millimetres.
const clearanceStep = 1.0

// clearDistance returns how far the ship must slide straight ahead so its
// base overlaps none of the others: the first free spot, found by stepping
// and then bisecting to 1e-6 mm.
func (b *Battle) clearDistance(s *ShipState, others []int) float64 {
	free := func(d float64) bool {
		h := physics.HexagonCorners(maneuvers.Drift(s.Ship.Pose, d), b.classes[s.Class].AcrossFlats)
		for _, o := range others {
			if os := &b.st.Ships[o]; os.Active() {
				if ob := b.base(os); physics.ConvexInteriorsIntersect(h[:], ob[:]) {
					return false
				}
			}
		}
		return true
	}
	if free(0) {
		return 0
	}
	lo, hi := 0.0, clearanceStep
	for !free(hi) {
		lo, hi = hi, hi+clearanceStep
	}
	for hi-lo > 1e-6 {
		mid := (lo + hi) / 2
		if free(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	return hi
}

// overlap reports whether two active ships' bases overlap.
func (b *Battle) overlap(i, j int) bool {
	si, sj := &b.st.Ships[i], &b.st.Ships[j]
	if !si.Active() || !sj.Active() {
		return false
	}
	bi, bj := b.base(si), b.base(sj)
	return physics.ConvexInteriorsIntersect(bi[:], bj[:])
}

// collide applies planetoid and asteroid collisions after a ship moved in
// step k (Planetoids; Asteroid fields).
func (b *Battle) collide(s *ShipState, k int) error {
	hb := b.base(s)
	base := physics.Polygon(hb[:])
	for _, o := range b.setup.Obstacles {
		if o.Kind == referee.Planetoid && b.levelMatters(o.Level, s.Ship.Level) && base.CircleInteriorIntersects(o.Circle) {
			b.emit(Event{Kind: EvOnPlanetoid, Ship: s.ID, Other: o.ID})
			if _, err := b.takeCollision(s, 1, 1, ReasonPlanetoid, o.ID); err != nil {
				return err
			}
		}
	}
	dense, inside := false, false
	for _, o := range b.setup.Obstacles {
		if o.Kind != referee.AsteroidField || !b.levelMatters(o.Level, s.Ship.Level) {
			continue
		}
		if polygonsOverlap(base, o.Polygon) || b.cardAcross(s, k, o.Polygon) {
			inside = true
			dense = dense || o.Density == referee.Dense
		}
	}
	if !inside {
		return nil
	}
	draw, keep := b.asteroidDraws(s, dense)
	if draw == 0 {
		return nil
	}
	jockey, err := b.ignores(s, talentAsteroidJockey)
	if err != nil {
		return err
	}
	if jockey {
		keep--
	}
	kind := "sparse"
	if dense {
		kind = "dense"
	}
	b.emit(Event{Kind: EvAsteroids, Ship: s.ID, Density: kind})
	_, err = b.takeCollision(s, draw, keep, ReasonAsteroids, "")
	return err
}

// polygonsOverlap reports whether a base and a field share interior points.
func polygonsOverlap(base, field physics.Polygon) bool {
	for _, v := range base {
		if field.InteriorContains(v) {
			return true
		}
	}
	for _, v := range field {
		if base.InteriorContains(v) {
			return true
		}
	}
	for i := range base {
		if field.SegmentCrossesInterior(base.Edge(i)) {
			return true
		}
	}
	return false
}

// cardAcross reports whether two opposite sides of a card laid in step k
// both overlap the field (Asteroid fields).
func (b *Battle) cardAcross(s *ShipState, k int, field physics.Polygon) bool {
	cards := b.cardsOfStep(s, k)
	for _, c := range cards {
		f := c.Footprint
		for side := 0; side < 2; side++ {
			e1, e2 := f.Edge(side), f.Edge(side+2)
			if touchesField(e1, field) && touchesField(e2, field) {
				return true
			}
		}
	}
	return false
}

func touchesField(e physics.Segment, field physics.Polygon) bool {
	return field.SegmentCrossesInterior(e) || field.InteriorContains(e.A) || field.InteriorContains(e.B)
}

// cardsOfStep returns the cards laid in movement step k: Quick Start lays
// all at once; the Complete Rules lay the overboost (or the single card)
// in step 1 and the second card in step 2.
func (b *Battle) cardsOfStep(s *ShipState, k int) []starship.CardOnTable {
	cards := s.Outcome.Cards
	if b.setup.Rules.Set == starship.Quick {
		return cards
	}
	two := len(s.Outcome.Steps) >= 2 && s.Outcome.Steps[len(s.Outcome.Steps)-1].Name == "move 2"
	switch {
	case !two && k == 1:
		return cards
	case two && len(cards) == 2:
		return cards[k-1 : k]
	case two && k == 2: // change direction or level change: the one card moves in step 2
		return cards
	}
	return nil
}

// asteroidDraws returns how many collision counters a ship moving inside a
// field draws and keeps: by kinetic energy (Complete Rules) or by speed
// and overboost (Quick Start) (Sparse and Dense asteroid fields).
func (b *Battle) asteroidDraws(s *ShipState, dense bool) (draw, keep int) {
	level := 0 // 0: none, 1: keep one, 2: keep two
	if b.setup.Rules.Set == starship.Complete {
		switch ke := s.Ship.KE; {
		case ke == 2 || ke == 3:
			level = 1
		case ke >= 4 || ke == -1:
			level = 2
		}
	} else {
		overboost := b.speedOf(s) > s.Outcome.Executed.Speed.KineticEnergy()
		switch sp := s.Outcome.Executed.Speed; {
		case overboost || sp == maneuvers.Back:
			level = 2
		case sp == maneuvers.Medium || sp == maneuvers.High:
			level = 1
		}
	}
	if level == 0 {
		return 0, 0
	}
	draw = 3
	if dense {
		draw = 2
	}
	return draw, level
}

// arriveFromFTL applies collisions where a jumping ship reappears (FTL,
// step 3): one collision counter for overlapping any object; a ship it
// lands on takes one too, and the jumper moves on until clear.
func (b *Battle) arriveFromFTL(s *ShipState) error {
	hb := b.base(s)
	base := physics.Polygon(hb[:])
	hit := false
	for _, o := range b.setup.Obstacles {
		switch {
		case !b.levelMatters(o.Level, s.Ship.Level):
		case o.Kind == referee.Planetoid && base.CircleInteriorIntersects(o.Circle),
			o.Kind == referee.AsteroidField && polygonsOverlap(base, o.Polygon):
			hit = true
		}
	}
	var others []int
	for i := range b.st.Ships {
		o := &b.st.Ships[i]
		if o != s && o.Active() && b.levelMatters(o.Ship.Level, s.Ship.Level) {
			if ob := b.base(o); physics.ConvexInteriorsIntersect(base, ob[:]) {
				others = append(others, i)
			}
		}
	}
	if len(others) > 0 {
		hit = true
		for _, i := range others {
			o := &b.st.Ships[i]
			b.emit(Event{Kind: EvJumpsOnto, Ship: s.ID, Other: o.ID})
			if _, err := b.takeCollision(o, 1, 1, ReasonArrival, s.ID); err != nil {
				return err
			}
		}
		var all []int
		for i := range b.st.Ships {
			if o := &b.st.Ships[i]; o != s && o.Active() && b.levelMatters(o.Ship.Level, s.Ship.Level) {
				all = append(all, i)
			}
		}
		if d := b.clearDistance(s, all); d > 0 {
			shift := s.Ship.Pose.Forward().Mul(d)
			s.Ship.Pose.Pos = s.Ship.Pose.Pos.Add(shift)
			if s.Outcome != nil {
				b.shiftMove(s, shift)
			}
			b.emit(Event{Kind: EvMovesOn, Ship: s.ID, Distance: d})
		}
	}
	if hit {
		if _, err := b.takeCollision(s, 1, 1, ReasonFTLArrival, ""); err != nil {
			return err
		}
	}
	return nil
}

// shiftMove moves the rest of a ship's planned steps by d (after a push).
func (b *Battle) shiftMove(s *ShipState, d physics.Vec) {
	for i := range s.Outcome.Steps {
		st := &s.Outcome.Steps[i]
		st.Pose.Pos = st.Pose.Pos.Add(d)
		for j := range st.Motions {
			st.Motions[j] = st.Motions[j].Translate(d)
		}
	}
	for i := range s.Outcome.Cards {
		s.Outcome.Cards[i].Footprint = s.Outcome.Cards[i].Footprint.Translate(d)
	}
	for i := range s.Outcome.Path {
		s.Outcome.Path[i] = s.Outcome.Path[i].Add(d)
	}
}
