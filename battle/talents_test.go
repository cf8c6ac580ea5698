package battle_test

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

var withPilots = starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptPilots}}

// duel puts a Viper 8 cm behind a Raider (short range, the Viper can fire,
// the Raider cannot), both standing still, and opens the first firing step.
func duel(t *testing.T, rules starship.Rules, viper, raider func(*battle.ShipSpec), dice ...int) *battle.Battle {
	t.Helper()
	v := spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 1)
	r := spec("raider", "cylon-raider", battle.Cylon, 450, 402.5, 90, 1)
	if viper != nil {
		viper(&v)
	}
	if raider != nil {
		raider(&r)
	}
	b := newCompanion(t, setup(rules, v, r))
	planAll(t, b, nil)
	do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, dice)
	require.Equal(t, battle.Declaring, b.Phase())
	return b
}

func fire(t *testing.T, b *battle.Battle, dice []int, counters ...string) []battle.Event {
	t.Helper()
	return do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}}, dice, counters...)
}

func talents(ids ...string) func(*battle.ShipSpec) {
	return func(s *battle.ShipSpec) { s.Talents = ids }
}

// used reports whether the ship's pilot used the talent card among the
// events.
func used(ev []battle.Event, ship, card string) bool {
	return slices.ContainsFunc(ev, func(e battle.Event) bool {
		return e.Kind == battle.EvTalent && e.Ship == ship && e.Card == card
	})
}

// activated returns the event of the flaw card activated among the
// events, and whether there is one.
func activated(ev []battle.Event, card string) (battle.Event, bool) {
	for _, e := range ev {
		if e.Kind == battle.EvFlaw && e.Card == card {
			return e, true
		}
	}
	return battle.Event{}, false
}

func TestTalentMarksman(t *testing.T) {
	b := duel(t, withPilots, talents("marksman"), nil)
	// 1+2 short +1, target still +1 (kinetic energy 0 after standing still), Marksman +1 = 6.
	ev := fire(t, b, []int{1, 2}, "1")
	assert.True(t, used(ev, "viper", "marksman"), "%q", texts(ev))
	a := onlyAttack(t, ev)
	assert.Contains(t, a.Mods, "Marksman +1")
	assert.Equal(t, []int{6, 6, 1}, []int{a.Total, a.Attack, a.Hits})
}

func TestTalentsNeedThePilotsRule(t *testing.T) {
	// Pilot talents and flaws come with the Pilots rule: a setup giving
	// them without it is refused (Setup.Check), as a scenario file is.
	for _, tt := range []struct {
		talents, flaws []string
		field          string
	}{
		{[]string{"marksman"}, nil, "setup.Ships[0].Talents"},
		{nil, []string{"hesitant"}, "setup.Ships[0].Flaws"},
	} {
		s := setup(complete, spec("viper", "viper-mk2", battle.Colonial, 450, 100, 90, 0),
			spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0))
		s.Ships[0].Talents, s.Ships[0].Flaws = tt.talents, tt.flaws
		_, err := battle.New(s, comp, 1)
		assert.Equal(t, []string{tt.field}, problemFields(err))
		s.Rules = withPilots
		_, err = battle.New(s, comp, 1)
		assert.NoError(t, err, "with the Pilots rule")
	}
}

// TestAssigningPilotTalentsAndFlaws_ATalentIsNoFlaw: a pilot's talents are
// talent cards and its flaws flaw cards (Assigning pilot talents and flaws
// to pilots; Talent or flaw card: the title says which): a flaw given as a
// talent, or a talent as a flaw, is refused at its place, as an unknown
// card is.
func TestAssigningPilotTalentsAndFlaws_ATalentIsNoFlaw(t *testing.T) {
	for _, tt := range []struct {
		talents, flaws []string
		field          string
	}{
		{[]string{"hesitant"}, nil, "setup.Ships[0].Talents[0]"},
		{[]string{"marksman", "no-such-card"}, nil, "setup.Ships[0].Talents[1]"},
		{nil, []string{"marksman"}, "setup.Ships[0].Flaws[0]"},
		{[]string{"marksman", "marksman"}, nil, "setup.Ships[0].Talents[1]"},
	} {
		s := setup(withPilots, spec("viper", "viper-mk2", battle.Colonial, 450, 100, 90, 0),
			spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0))
		s.Ships[0].Talents, s.Ships[0].Flaws = tt.talents, tt.flaws
		_, err := battle.New(s, comp, 1)
		assert.Equal(t, []string{tt.field}, problemFields(err), "talents %v, flaws %v", tt.talents, tt.flaws)
	}
	s := setup(withPilots, spec("viper", "viper-mk2", battle.Colonial, 450, 100, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0))
	s.Ships[0].Talents, s.Ships[0].Flaws = []string{"marksman"}, []string{"hesitant"}
	_, err := battle.New(s, comp, 1)
	assert.NoError(t, err, "a talent as a talent, a flaw as a flaw")
}

func TestTalentOnePerTypePerTurn(t *testing.T) {
	// Marksman and Beginner's Luck are both firing talents: one a turn.
	b := duel(t, withPilots, talents("marksman", "eagle-eye"), nil)
	ev := fire(t, b, []int{1, 2}, "1")
	assert.Contains(t, onlyAttack(t, ev).Mods, "Marksman +1")
	assert.False(t, used(ev, "viper", "eagle-eye"), "the band is short: Eagle Eye would not help anyway")
}

func TestTalentQuickReflexes(t *testing.T) {
	b := duel(t, withPilots, nil, talents("quick-reflexes"))
	a := onlyAttack(t, fire(t, b, []int{3, 2}, "1"))
	assert.Contains(t, a.Mods, "raider's Quick Reflexes -1")
	assert.Equal(t, []int{6, 6, 1}, []int{a.Total, a.Attack, a.Hits}, "3+2 +1 short +1 still −1 reflexes")
}

func TestTalentLuckyShot(t *testing.T) {
	b := duel(t, withPilots, talents("lucky-shot"), nil)
	ev := fire(t, b, []int{1, 1, 6, 6}, "2")
	if i := indexOf(ev, battle.Event{Kind: battle.EvReroll, Ship: "viper"}); assert.NotEqual(t, -1, i, "%q", texts(ev)) {
		assert.Equal(t, []int{1, 1}, ev[i].Dice, "the missed roll")
	}
	a := onlyAttack(t, ev)
	assert.Equal(t, []int{6, 6}, []int{a.D1, a.D2}, "the second roll counts")
	assert.Equal(t, 2, ship(b, "raider").Damage())
}

func TestFlawTormentedSoul(t *testing.T) {
	flaw := func(s *battle.ShipSpec) { s.Flaws = []string{"tormented-soul"} }
	// The Cylon player rolls 5+4 = 9 against activation 9, then the Viper's 3+3.
	b := duel(t, withPilots, flaw, nil)
	ev := fire(t, b, []int{5, 4, 2, 2})
	e, ok := activated(ev, "tormented-soul")
	require.True(t, ok, "%q", texts(ev))
	assert.Equal(t, battle.Cylon, e.Side, "the opponent activates it")
	assert.Equal(t, "viper", e.Ship)
	assert.Equal(t, []int{5, 4}, e.Dice)
	a := onlyAttack(t, ev)
	assert.Contains(t, a.Mods, "Tormented Soul -2")
	assert.Equal(t, []int{4, 6, 0}, []int{a.Total, a.Attack, a.Hits}, "2+2 +1 short +1 still −2")
}

func TestFlawConcentrationLoss(t *testing.T) {
	flaw := func(s *battle.ShipSpec) { s.Talents, s.Flaws = []string{"marksman"}, []string{"concentration-loss"} }
	b := duel(t, withPilots, flaw, nil)
	ev := fire(t, b, []int{4, 4, 1, 2})
	_, ok := activated(ev, "concentration-loss")
	assert.True(t, ok, "%q", texts(ev))
	assert.False(t, used(ev, "viper", "marksman"))
}

func TestFlawHesitant(t *testing.T) {
	flaw := func(s *battle.ShipSpec) { s.Flaws = []string{"hesitant"} }
	v := spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 1)
	flaw(&v)
	b := newCompanion(t, setup(withPilots, v, spec("raider", "cylon-raider", battle.Cylon, 450, 402.5, 90, 1)))
	planAll(t, b, nil)
	ev := do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, []int{6, 6})
	e, ok := activated(ev, "hesitant")
	require.True(t, ok, "%q", texts(ev))
	assert.Equal(t, []int{6, 6}, e.Dice)
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvFiringStep, Step: 1}), "no one may fire in step 1: the Viper hesitates")
	assert.Equal(t, 2, b.State().Step, "it may fire in the second firing step")
	assert.NotEmpty(t, b.Targets("viper"))
}

func TestTalentPowerPilot(t *testing.T) {
	v := spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0)
	v.Talents = []string{"power-pilot"}
	b := newCompanion(t, setup(withPilots, v, spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0)))
	// 0 → 4: one more than the Viper's acceleration of 3.
	planAll(t, b, map[string]*starship.Plan{"viper": plan([]string{"overboost-straight", "straight"}, maneuvers.Low)})
	ev := do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, nil)
	assert.True(t, used(ev, "viper", "power-pilot"), "%q", texts(ev))
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvIllegal}))
	assert.Equal(t, 4, ship(b, "viper").Ship.KE)
}

func TestTalentQuickStudy(t *testing.T) {
	v := spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 1)
	v.Talents, v.Pilot = []string{"quick-study"}, starship.Rookie
	b := newCompanion(t, setup(withPilots, v, spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0)))
	planAll(t, b, map[string]*starship.Plan{"viper": plan([]string{"hard-turn-left"}, maneuvers.High)}) // no high arrow
	do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, nil)
	assert.Empty(t, ship(b, "viper").Counters, "Quick Study ignores the illegal move's counter")
}

// Special damage, a severely wounded pilot: next turn's cards are planned
// at the beginning of the second movement step, before the others; next
// turn only the dial and the speed may change.
func TestSeverelyWoundedPilotPlansEarly(t *testing.T) {
	r := spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)
	doubles := starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptDoubles}}
	b := newCompanion(t, setup(doubles, spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0), r))
	planAll(t, b, nil)
	do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, []int{0}) // the Colonial declares first
	// A double six split into two hits: two pilot wounds at once.
	do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{{Shooter: "viper", Target: "raider"}}},
		[]int{6, 6}, "2 pilot", "3 pilot")
	do(t, b, battle.Command{Type: battle.CmdDeclare, Side: battle.Cylon}, nil)
	require.Equal(t, 2, ship(b, "raider").Ship.Damage.Pilot)
	require.Equal(t, battle.Preplanning, b.Phase())
	var own battle.ShipView
	for _, s := range b.View(battle.Cylon).Ships {
		if s.ID == "raider" {
			own = s
		}
	}
	assert.True(t, own.MustPreplan)
	_, err := b.Apply(battle.Command{Type: battle.CmdPreplan, Side: battle.Cylon, Ship: "raider", Plan: plan([]string{"warp"}, maneuvers.Low)})
	assert.Error(t, err)
	do(t, b, battle.Command{Type: battle.CmdPreplan, Side: battle.Cylon, Ship: "raider", Plan: plan([]string{"bank-left"}, maneuvers.Low)}, nil)
	// Step 2 moves on; the raider has not fired yet, so it may now.
	for b.Phase() == battle.Declaring {
		for _, side := range battle.Sides {
			if b.View(side).MayDeclare {
				do(t, b, battle.Command{Type: battle.CmdDeclare, Side: side}, nil)
			}
		}
	}
	require.Equal(t, 2, b.Turn(), "step 2 and the end of the turn went on")
	_, err = b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: plan([]string{"straight"}, maneuvers.Stop)})
	assert.ErrorContains(t, err, "planned bank-left last turn")
	p := plan([]string{"bank-left"}, maneuvers.Low)
	_, err = b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: p})
	assert.NoError(t, err, "the same cards, any speed")
}
