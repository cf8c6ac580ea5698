package battle

import (
	"errors"
	"fmt"
	"slices"

	"github.com/starshipbattles/bsg/odds"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// canShoot reports whether a ship may fire in the current firing step.
func (b *Battle) canShoot(s *ShipState) bool {
	return s.Active() && !s.Fired && !s.NoFire && !(b.st.Step == 1 && s.NoFireStep1)
}

// Targets returns, for a ship, the enemies it may fire at now, with the
// referee's rulings (Line of sight; Choosing a target). The rulings' lists
// (BlockedBy, Cover) are shared with the battle, which rules each pair
// once while the table stands: read them, do not change them.
func (b *Battle) Targets(id string) []referee.Ruling {
	b.mu.Lock()
	defer b.mu.Unlock()
	ref, idx := b.refereeNow()
	return b.targets(ref, idx, id)
}

// AttackRoll returns what an attack of shooter on target would roll
// against now: the shooter's attack value and the modifiers the roll
// would get (Fire!; Modifiers to combat), for the declaring player to
// weigh the odds. Talents that act during the roll are not included.
// ok is false when the shooter may not fire at the target now.
func (b *Battle) AttackRoll(shooter, target string) (attack int, mods []Modifier, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	ref, idx := b.refereeNow()
	for _, r := range b.targets(ref, idx, shooter) {
		if r.TargetID == target {
			a, t := &b.st.Ships[b.ids[shooter]], &b.st.Ships[b.ids[target]]
			return b.classes[a.Class].Attack, b.modifiers(a, t, r), true
		}
	}
	return 0, nil, false
}

// targets is Targets on a referee built once for the table as it stands.
func (b *Battle) targets(ref *referee.Referee, idx []int, id string) []referee.Ruling {
	i, ok := b.ids[id]
	if !ok || !b.canShoot(&b.st.Ships[i]) {
		return nil
	}
	ra := slices.Index(idx, i)
	var out []referee.Ruling
	for rt, t := range idx {
		if rt == ra || b.st.Ships[t].Side == b.st.Ships[i].Side {
			continue
		}
		if r := b.rule(ref, ra, rt); r.CanFire {
			out = append(out, r)
		}
	}
	return out
}

// hasTarget reports whether targets would list any.
func (b *Battle) hasTarget(ref *referee.Referee, idx []int, id string) bool {
	i, ok := b.ids[id]
	if !ok || !b.canShoot(&b.st.Ships[i]) {
		return false
	}
	ra := slices.Index(idx, i)
	for rt, t := range idx {
		if rt != ra && b.st.Ships[t].Side != b.st.Ships[i].Side && b.rule(ref, ra, rt).CanFire {
			return true
		}
	}
	return false
}

// sideCanShoot reports whether a side has a ship with a target.
func (b *Battle) sideCanShoot(ref *referee.Referee, idx []int, side Side) bool {
	for i := range b.st.Ships {
		if s := &b.st.Ships[i]; s.Side == side && b.hasTarget(ref, idx, s.ID) {
			return true
		}
	}
	return false
}

// openFiring starts firing step k: sides with a shot declare; without the
// Attack declaration rule one side, drawn at random, declares first and
// openly (Choosing a target; Attack declaration).
func (b *Battle) openFiring() error {
	b.st.Declared, b.st.Shots, b.st.FirstToDeclare, b.st.Hidden = nil, nil, "", ""
	if b.st.Step == 1 && b.setup.Rules.Set == starship.Complete {
		for i := range b.st.Ships {
			if s := &b.st.Ships[i]; s.Active() {
				if err := b.hesitate(s); err != nil {
					return err
				}
			}
		}
	}
	var room [2]Side
	shooting := room[:0]
	ref, idx := b.refereeNow()
	for _, side := range Sides {
		if b.sideCanShoot(ref, idx, side) {
			shooting = append(shooting, side)
		} else {
			b.st.Declared = append(b.st.Declared, side)
		}
	}
	if len(shooting) == 0 {
		b.emit(Event{Kind: EvNoFire, Step: b.st.Step})
		return b.afterFiring()
	}
	if len(shooting) == 2 && !b.setup.Rules.Has(starship.OptAttackDeclaration) {
		k, err := b.src.pick(2, "which side declares its shots first", sideIDs())
		if err != nil {
			return err
		}
		b.st.FirstToDeclare = Sides[k]
	}
	b.emit(Event{Kind: EvFiringStep, Step: b.st.Step, Side: b.st.FirstToDeclare})
	b.st.Phase = Declaring
	return nil
}

// CheckDeclaration returns the error Apply would refuse the declare
// command cmd with for a reason of the declaration itself (the phase, the
// side, who declares first, the shooters and their targets: Attack
// declaration, Fire!), without changing the battle; nil when Apply would
// take it, but for what the firing it completes may need (a companion
// battle's dice). The server checks a revealed declaration so, without a
// copy of the battle.
func (b *Battle) CheckDeclaration(cmd Command) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if cmd.Type != CmdDeclare {
		return fmt.Errorf("%s: not a declaration", cmd.Type)
	}
	if b.st.Phase == Setting {
		return errors.New("the battle has not begun: send the begin command")
	}
	if b.st.Phase == Over {
		return errors.New("the battle is over")
	}
	return b.declarable(cmd)
}

// declarable checks a declaration before declare carries it out.
func (b *Battle) declarable(cmd Command) error {
	if b.st.Phase != Declaring {
		return fmt.Errorf("declare: not a firing step (%s)", b.st.Phase)
	}
	if cmd.Side != Colonial && cmd.Side != Cylon {
		return fmt.Errorf("declare: side %q; allowed: colonial, cylon", cmd.Side)
	}
	if slices.Contains(b.st.Declared, cmd.Side) {
		return fmt.Errorf("declare: %s has declared already", cmd.Side)
	}
	if f := b.st.FirstToDeclare; f != "" && f != cmd.Side && !slices.Contains(b.st.Declared, f) {
		return fmt.Errorf("declare: %s declares first", f)
	}
	shooters := map[string]bool{}
	ref, idx := b.refereeNow()
	for _, sh := range cmd.Shots {
		s, err := b.ship(sh.Shooter, cmd.Side)
		if err != nil {
			return fmt.Errorf("declare: %w", err)
		}
		if shooters[sh.Shooter] {
			return fmt.Errorf("declare: %s is declared twice", sh.Shooter)
		}
		shooters[sh.Shooter] = true
		ok := false
		for _, r := range b.targets(ref, idx, s.ID) {
			ok = ok || r.TargetID == sh.Target
		}
		if !ok {
			return fmt.Errorf("declare: %s cannot fire at %s now", sh.Shooter, sh.Target)
		}
	}
	return nil
}

func (b *Battle) declare(cmd Command) error {
	if err := b.declarable(cmd); err != nil {
		return err
	}
	b.st.Declared = append(b.st.Declared, cmd.Side)
	b.st.Shots = append(b.st.Shots, cmd.Shots...)
	switch {
	case b.st.FirstToDeclare == "" && len(b.st.Declared) < len(Sides):
		// Attack declaration: both sides declare at once. The first
		// declaration stays hidden in hand until the other side has
		// declared too; the other side learns only that it is made.
		b.st.Hidden = cmd.Side
		b.emit(Event{Kind: EvDeclaration, Side: cmd.Side, Secret: true, Shots: slices.Clone(cmd.Shots)})
		b.emit(Event{Kind: EvDeclaredHidden, Side: cmd.Side})
		return nil
	case b.st.Hidden != "":
		// Both declarations are shown at the same time.
		for _, side := range Sides {
			var shots []Shot
			for _, sh := range b.st.Shots {
				if b.st.Ships[b.ids[sh.Shooter]].Side == side {
					shots = append(shots, sh)
				}
			}
			b.emit(Event{Kind: EvDeclaration, Side: side, Shots: shots})
		}
		b.st.Hidden = ""
	default:
		b.emit(Event{Kind: EvDeclaration, Side: cmd.Side, Shots: slices.Clone(cmd.Shots)})
	}
	if len(b.st.Declared) < len(Sides) {
		return nil
	}
	return b.resolveFire()
}

// resolveFire rolls every declared attack, then settles damage (Fire!;
// Modifiers to combat; Rolling doubles).
func (b *Battle) resolveFire() error {
	ref, idx := b.refereeNow()
	for _, sh := range b.st.Shots {
		a, t := &b.st.Ships[b.ids[sh.Shooter]], &b.st.Ships[b.ids[sh.Target]]
		r := b.rule(ref, slices.Index(idx, b.ids[sh.Shooter]), slices.Index(idx, b.ids[sh.Target]))
		mods := b.modifiers(a, t, r)
		extra, err := b.attackTalents(a, t, r, mods)
		if err != nil {
			return err
		}
		mods = append(mods, extra...)
		total := 0
		for _, m := range mods {
			total += m.Value
		}
		d1, err := b.src.d6(a.ID+"'s attack on "+t.ID, a.Side)
		if err != nil {
			return err
		}
		d2, err := b.src.d6(a.ID+"'s attack on "+t.ID, a.Side)
		if err != nil {
			return err
		}
		attack := b.classes[a.Class].Attack
		hits, split := odds.RollHits(attack, total, b.setup.Rules.Has(starship.OptDoubles), d1, d2)
		if hits == 0 {
			again, err := b.luckyShot(a)
			if err != nil {
				return err
			}
			if again {
				b.emit(Event{Kind: EvReroll, Ship: a.ID, Dice: []int{d1, d2}})
				if d1, err = b.src.d6(a.ID+"'s second roll on "+t.ID, a.Side); err != nil {
					return err
				}
				if d2, err = b.src.d6(a.ID+"'s second roll on "+t.ID, a.Side); err != nil {
					return err
				}
				hits, split = odds.RollHits(attack, total, b.setup.Rules.Has(starship.OptDoubles), d1, d2)
			}
		}
		b.emit(Event{Kind: EvAttack, Side: a.Side, Ship: a.ID, Other: t.ID, Dice: []int{d1, d2}, Need: attack,
			Attack: &Attack{Range: r.Range, Modifiers: mods, Hits: hits, Split: split}})
		a.Fired = true
		a.AimTarget, a.AimHit, a.AimTurn = t.ID, hits > 0, b.st.Turn
		for h := 0; h < hits; h++ {
			if err := b.takeCounter(t, ReasonHit, a.ID, false); err != nil {
				return err
			}
		}
	}
	b.settleDamage()
	return b.afterFiring()
}

// Modifier is one term of an attack roll.
type Modifier struct {
	Name  string `json:"name"`
	Value int    `json:"value"`
}

// modifiers returns the terms added to an attack roll: range, cover,
// kinetic energies (Complete Rules), pilot and wounds, aiming, talents
// (Determining range; Asteroid fields; Modifiers to combat; Pilot tokens;
// Special damage; Aiming).
func (b *Battle) modifiers(a, t *ShipState, r referee.Ruling) []Modifier {
	var m []Modifier
	add := func(name string, v int) {
		if v != 0 {
			m = append(m, Modifier{name, v})
		}
	}
	add(string(r.Band)+" range", r.RangeModifier)
	add("cover", r.CoverModifier)
	rules := b.setup.Rules
	if rules.Set == starship.Complete {
		switch {
		case t.Ship.KE == 0:
			add("target still", 1)
		case t.Ship.KE >= 4 && !t.ChangedCD:
			add("target fast", -1)
		}
		if a.Ship.KE >= 5 {
			add("shooting fast", -1)
		}
		switch {
		case a.Ship.Damage.Pilot >= 2:
			add("severely wounded", -2)
		case a.Ship.Damage.Pilot == 1:
			add("wounded", -1)
		}
	}
	if rules.Has(starship.OptPilots) {
		if card, ok := b.comp.PilotCard(a.PilotCard); ok {
			add(card.Name, card.AttackModifier) // Pilot cards: the card's attack modifier
		} else {
			for _, tok := range b.comp.PilotTokens {
				if tok.ID == string(a.Ship.Pilot) {
					add(tok.Name, tok.AttackModifier.Value)
				}
			}
		}
	}
	if rules.Has(starship.OptAiming) && a.AimTarget == t.ID && a.AimTurn == b.st.Turn-1 && !a.CounterLastTurn {
		if a.AimHit {
			add("aiming after a hit", 3)
		} else {
			add("aiming after a miss", 2)
		}
	}
	return m
}

// afterFiring moves on from a firing step: to the second movement step,
// or to the end of the turn.
func (b *Battle) afterFiring() error {
	b.st.Declared, b.st.Shots, b.st.FirstToDeclare, b.st.Hidden = nil, nil, "", ""
	b.decide()
	if b.st.Phase == Over {
		return nil
	}
	if b.setup.Rules.Set == starship.Complete && b.st.Step == 1 {
		if b.severelyWoundedDue() {
			b.st.Phase = Preplanning
			b.emit(Event{Kind: EvPreplanning})
			return nil
		}
		return b.moveStep(2)
	}
	return b.endTurn()
}

// endTurn brings every ship's books up to date and starts the next turn:
// fuel, the speed slider, difficult markers, FTL record; a crippled ship
// loses one kinetic energy (Special damage: hull); aiming remembers who
// took counters.
func (b *Battle) endTurn() error {
	for i := range b.st.Ships {
		s := &b.st.Ships[i]
		if !s.Active() || s.Outcome == nil {
			continue
		}
		o := s.Outcome
		s.Ship.Fuel = o.Fuel
		s.Ship.Speed = o.Executed.Speed
		s.Ship.DifficultLastTurn = o.Difficult
		s.Ship.FTLLastTurn = o.Jumped || b.jumpedIn(s)
		if o.Jumped {
			s.Ship.FTLJumps++
		}
		if s.Ship.Damage.Hull >= 2 && s.Ship.KE > 0 {
			s.Ship.KE--
		}
		s.CounterLastTurn, s.GotCounter = s.GotCounter, false
	}
	if b.decideEndOfTurn(); b.st.Phase == Over {
		return nil
	}
	return b.startTurn()
}
