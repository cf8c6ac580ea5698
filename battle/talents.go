package battle

import (
	"slices"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// Talents and flaws (Pilot talents and flaws). A card's data (type, uses,
// rules required, activation) lives in assets; its effect is one small
// function here, called at its moment in the turn. Talents are used
// automatically when their moment comes and they help; an opponent always
// tries to activate a flaw at its moment (trying costs nothing).

// The talents and flaws with an effect in the engine.
const (
	talentPowerPilot     = "power-pilot"
	talentSteadyHands    = "steady-hands"
	talentHotshot        = "hotshot"
	talentAsteroidJockey = "asteroid-jockey"
	talentMarksman       = "marksman"
	talentTechnicalEye   = "technical-eye"
	talentEagleEye       = "eagle-eye"
	talentLuckyShot      = "lucky-shot"
	talentIronNerves     = "iron-nerves"
	talentWingman        = "wingman"
	talentQuickReflexes  = "quick-reflexes"
	talentSturdyPilot    = "sturdy-pilot"
	talentBeginnersLuck  = "beginners-luck"
	talentQuickStudy     = "quick-study"
	flawTormentedSoul    = "tormented-soul"
	flawConcentration    = "concentration-loss"
	flawHesitant         = "hesitant"
)

// talentsInPlay reports whether talents and flaws count in this battle:
// they come with pilots (Pilot talents and flaws).
func (b *Battle) talentsInPlay() bool { return b.setup.Rules.Has(starship.OptPilots) }

// rulesAllow reports whether the rules a card requires are in force.
func (b *Battle) rulesAllow(spec assets.TalentSpec) bool {
	for _, r := range spec.Rules {
		switch r {
		case "complete", "quick":
			if string(b.setup.Rules.Set) != r {
				return false
			}
		case "asteroids", "planetoids":
			kind := referee.AsteroidField
			if r == "planetoids" {
				kind = referee.Planetoid
			}
			found := false
			for _, o := range b.setup.Obstacles {
				found = found || o.Kind == kind
			}
			if !found {
				return false
			}
		default:
			if !b.setup.Rules.Has(starship.Option(r)) {
				return false
			}
		}
	}
	return true
}

func count(uses []Use, id string) int {
	for _, u := range uses {
		if u.Card == id {
			return u.Count
		}
	}
	return 0
}

func bump(uses []Use, id string) []Use {
	for i := range uses {
		if uses[i].Card == id {
			uses[i].Count++
			return uses
		}
	}
	return append(uses, Use{Card: id, Count: 1})
}

// talentLimit is how many talents a pilot may use in one turn: unlimited,
// two when wounded, one when severely wounded (Using pilot talents).
func talentLimit(s *ShipState) int {
	switch {
	case s.Ship.Damage.Pilot >= 2:
		return 1
	case s.Ship.Damage.Pilot == 1:
		return 2
	}
	return 99
}

// canUse reports whether the ship's pilot may use the talent now: it has
// the card, the rules it requires are in force, it has uses left, it has
// not used it nor another talent of its type this turn, its wounds allow
// another, and no Concentration Loss stops it (the opponent tries that
// flaw the first time the pilot would use a talent in a turn).
func (b *Battle) canUse(s *ShipState, id string) (bool, error) {
	if !b.talentsInPlay() || !slices.Contains(s.Talents, id) {
		return false, nil
	}
	spec, ok := b.comp.Talent(id)
	if !ok || !b.rulesAllow(spec) {
		return false, nil
	}
	if spec.Uses > 0 && count(s.TalentUses, id) >= spec.Uses {
		return false, nil
	}
	if count(s.UsedThisTurn, id) > 0 || len(s.UsedThisTurn) >= talentLimit(s) {
		return false, nil
	}
	for _, u := range s.UsedThisTurn {
		if other, ok := b.comp.Talent(u.Card); ok && other.Kind == assets.TalentKindTalent && other.Type == spec.Type {
			return false, nil
		}
	}
	lost, err := b.tryFlaw(s, flawConcentration)
	if err != nil || lost || slices.Contains(s.FlawsActive, flawConcentration) {
		return false, err
	}
	return true, nil
}

// use records a talent's use (a use counter on the card).
func (b *Battle) use(s *ShipState, id string) {
	s.TalentUses = bump(s.TalentUses, id)
	s.UsedThisTurn = bump(s.UsedThisTurn, id)
	name := id
	if spec, ok := b.comp.Talent(id); ok {
		name = spec.Name
	}
	b.emit(Event{Kind: EvTalent, Ship: s.ID, Card: id, Name: name})
}

// tryFlaw lets the opponent try to activate one of the ship's flaws: once
// a turn, 2d6 against the card's activation value; an activated flaw takes
// a use counter (Using pilot flaws). It reports whether it activated now.
func (b *Battle) tryFlaw(s *ShipState, id string) (bool, error) {
	if !b.talentsInPlay() || !slices.Contains(s.Flaws, id) || slices.Contains(s.FlawsTried, id) {
		return false, nil
	}
	spec, ok := b.comp.Talent(id)
	if !ok || !b.rulesAllow(spec) || spec.Uses > 0 && count(s.TalentUses, id) >= spec.Uses {
		return false, nil
	}
	s.FlawsTried = append(s.FlawsTried, id)
	d1, err := b.src.d6(s.Side.Opponent().String()+"'s roll for "+s.ID+"'s "+spec.Name, s.Side.Opponent())
	if err != nil {
		return false, err
	}
	d2, err := b.src.d6(s.Side.Opponent().String()+"'s roll for "+s.ID+"'s "+spec.Name, s.Side.Opponent())
	if err != nil {
		return false, err
	}
	if d1+d2 < spec.Activation {
		b.emit(Event{Kind: EvFlawTried, Side: s.Side.Opponent(), Ship: s.ID, Card: id, Name: spec.Name, Dice: []int{d1, d2}, Need: spec.Activation})
		return false, nil
	}
	s.TalentUses = bump(s.TalentUses, id)
	s.FlawsActive = append(s.FlawsActive, id)
	b.emit(Event{Kind: EvFlaw, Side: s.Side.Opponent(), Ship: s.ID, Card: id, Name: spec.Name, Dice: []int{d1, d2}, Effect: spec.Effect})
	return true, nil
}

// planBonus uses a maneuvering talent when the revealed plan needs it:
// Power Pilot (acceleration +1), Steady Hands (G limit +1) or Hotshot (a
// difficult maneuver after another). It returns the plan examined again
// with the bonus when a talent is used (fewer violations, and the
// correction of those left), else o as it was.
func (b *Battle) planBonus(s *ShipState, o starship.Outcome) (starship.Outcome, error) {
	vs := o.Violations
	fixes := []struct {
		rule, talent string
		bonus        starship.Bonus
	}{
		{"acceleration", talentPowerPilot, starship.Bonus{Acceleration: 1}},
		{"g-limit", talentSteadyHands, starship.Bonus{GLimit: 1}},
		{"difficult-after-difficult", talentHotshot, starship.Bonus{DifficultAgain: true}},
	}
	for _, f := range fixes {
		if !slices.ContainsFunc(vs, func(v starship.Violation) bool { return v.Rule == f.rule }) {
			continue
		}
		ok, err := b.canUse(s, f.talent)
		if err != nil {
			return o, err
		}
		if !ok {
			continue
		}
		trial := s.Ship
		trial.Bonus = f.bonus
		after, err := starship.Examine(b.setup.Rules, b.classes[s.Class], trial, *s.Plan)
		if err != nil || len(after.Violations) >= len(vs) {
			continue
		}
		b.use(s, f.talent)
		s.Ship.Bonus = f.bonus
		return after, nil
	}
	return o, nil
}

// attackTalents returns the talent and flaw terms of an attack: the
// shooter's best firing talent (one per turn), Wingman, the shooter's
// Tormented Soul, the target's Quick Reflexes.
func (b *Battle) attackTalents(a, t *ShipState, r referee.Ruling, base []Modifier) ([]Modifier, error) {
	var m []Modifier
	if !b.talentsInPlay() {
		return nil, nil
	}
	has := func(name string) int {
		for _, x := range base {
			if x.Name == name {
				return x.Value
			}
		}
		return 0
	}
	// The firing talents that would help, best first (data order on ties).
	type option struct {
		id    string
		name  string
		value int
	}
	var opts []option
	if r.Band == referee.Long {
		opts = append(opts, option{talentEagleEye, "Eagle Eye: long counts as medium", 1})
	}
	if c := has("cover"); c < 0 && r.Range <= b.comp.Geometry.LongRange.Value {
		opts = append(opts, option{talentTechnicalEye, "Technical Eye: no cover", -c})
	}
	if f := has("shooting fast"); f < 0 {
		opts = append(opts, option{talentIronNerves, "Iron Nerves", -f})
	}
	opts = append(opts, option{talentMarksman, "Marksman", 1}, option{talentBeginnersLuck, "Beginner's Luck", 1})
	slices.SortStableFunc(opts, func(x, y option) int { return y.value - x.value })
	for _, o := range opts {
		ok, err := b.canUse(a, o.id)
		if err != nil {
			return nil, err
		}
		if ok {
			b.use(a, o.id)
			m = append(m, Modifier{o.name, o.value})
			break
		}
	}
	for _, sh := range b.st.Shots {
		if sh.Target == t.ID && sh.Shooter != a.ID && b.st.Ships[b.ids[sh.Shooter]].Side == a.Side {
			ok, err := b.canUse(a, talentWingman)
			if err != nil {
				return nil, err
			}
			if ok {
				b.use(a, talentWingman)
				m = append(m, Modifier{"Wingman", 1})
			}
			break
		}
	}
	if _, err := b.tryFlaw(a, flawTormentedSoul); err != nil {
		return nil, err
	}
	if slices.Contains(a.FlawsActive, flawTormentedSoul) {
		m = append(m, Modifier{"Tormented Soul", -2})
	}
	ok, err := b.canUse(t, talentQuickReflexes)
	if err != nil {
		return nil, err
	}
	if ok {
		b.use(t, talentQuickReflexes)
		m = append(m, Modifier{t.ID + "'s Quick Reflexes", -1})
	}
	return m, nil
}

// luckyShot lets a shooter roll a missed attack again.
func (b *Battle) luckyShot(a *ShipState) (bool, error) {
	ok, err := b.canUse(a, talentLuckyShot)
	if ok {
		b.use(a, talentLuckyShot)
	}
	return ok, err
}

// ignores reports whether a talent of the ship cancels one event: Sturdy
// Pilot (a pilot wound), Quick Study (an illegal move's counter), Asteroid
// Jockey (one collision counter fewer).
func (b *Battle) ignores(s *ShipState, talent string) (bool, error) {
	ok, err := b.canUse(s, talent)
	if ok {
		b.use(s, talent)
	}
	return ok, err
}

// hesitate lets the opponent try the ship's Hesitant flaw at the first
// firing step: activated, the ship cannot fire in it.
func (b *Battle) hesitate(s *ShipState) error {
	on, err := b.tryFlaw(s, flawHesitant)
	if on {
		s.NoFireStep1 = true
	}
	return err
}
