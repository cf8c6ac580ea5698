package starship

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
)

var comp = assets.Default()

func class(t *testing.T, id string) Class {
	t.Helper()
	c, err := ClassFor(comp, id)
	require.NoError(t, err)
	return c
}

var (
	complete = Rules{Set: Complete}
	quick    = Rules{Set: Quick}
)

func with(r Rules, opts ...Option) Rules {
	r.Options = append(append([]Option{}, r.Options...), opts...)
	return r
}

// viper is a Viper Mk. II at rest in the middle of the table, kinetic
// energy 2, medium speed last turn.
func viper() State {
	return State{Class: "viper-mk2", Pose: physics.Pose{Pos: physics.V(450, 450), Heading: physics.Deg(90)},
		KE: 2, Speed: maneuvers.Medium, Level: 2, Fuel: 50, Pilot: Average}
}

func plan(speed maneuvers.Speed, cards ...string) Plan { return Plan{Cards: cards, Speed: speed} }

func ruleIDs(vs []Violation) []string {
	var ids []string
	for _, v := range vs {
		ids = append(ids, v.Rule)
	}
	return ids
}

// TestRules has one case per rule id (and its legal neighbour): each
// restriction of the rulebook by name.
func TestRules(t *testing.T) {
	type tc struct {
		name  string
		rules Rules
		class string
		state func(*State)
		plan  Plan
		want  []string
	}
	none := func(*State) {}
	tests := []tc{
		{"legal: medium straight", complete, "viper-mk2", none, plan(maneuvers.Medium, "straight"), nil},
		{"two-maneuver-cards", complete, "viper-mk2", none, plan(maneuvers.Medium, "straight", "bank-left"), []string{"two-maneuver-cards"}},
		{"two-maneuver-cards: overboost alone", complete, "viper-mk2", none, plan(maneuvers.Medium, "overboost-straight"), []string{"two-maneuver-cards"}},
		{"change-direction-quick", quick, "viper-mk2", none, plan(maneuvers.Medium, "change-direction", "straight"), []string{"change-direction-quick"}},
		{"change-direction-needs-maneuver", complete, "viper-mk2", none, plan(maneuvers.Medium, "change-direction", "overboost-straight"), []string{"two-maneuver-cards", "change-direction-needs-maneuver"}},
		{"blank-not-in-use", complete, "viper-mk2", none, plan(maneuvers.Medium, "straight", "blank"), []string{"blank-not-in-use"}},
		{"legal: blank with the optional rule", with(complete, OptBlank), "viper-mk2", none, plan(maneuvers.Medium, "straight", "blank"), nil},
		{"g-limit", complete, "viper-mk2", func(s *State) { s.KE = 3 }, plan(maneuvers.Low, "overboost-bank-left", "hard-turn-left"), []string{"g-limit"}},
		{"g-limit: 3 with control damage", complete, "viper-mk2", func(s *State) { s.KE = 2; s.Damage.Control = 1 }, plan(maneuvers.Low, "overboost-bank-left", "turn-left"), []string{"g-limit"}},
		{"difficult-after-difficult", complete, "viper-mk2", func(s *State) { s.DifficultLastTurn = true; s.KE = 1 }, plan(maneuvers.Low, "hard-turn-left"), []string{"difficult-after-difficult"}},
		{"overboost-after-difficult", complete, "viper-mk2", func(s *State) { s.DifficultLastTurn = true; s.KE = 4 }, plan(maneuvers.Low, "overboost-bank-left", "straight"), []string{"overboost-after-difficult"}},
		{"legal: straight overboost after difficult", complete, "viper-mk2", func(s *State) { s.DifficultLastTurn = true; s.KE = 4 }, plan(maneuvers.Low, "overboost-straight", "straight"), nil},
		{"overboost-needs-forward", complete, "viper-mk2", func(s *State) { s.KE = 0 }, plan(maneuvers.Stop, "overboost-straight", "straight"), []string{"overboost-needs-forward"}},
		{"no-arrow-for-speed", complete, "viper-mk2", func(s *State) { s.KE = 3 }, plan(maneuvers.High, "hard-turn-left"), []string{"no-arrow-for-speed"}},
		{"no-arrow-for-speed: back", complete, "viper-mk2", func(s *State) { s.KE = 0 }, plan(maneuvers.Back, "bank-left"), []string{"no-arrow-for-speed"}},
		{"wounded-no-difficult", complete, "viper-mk2", func(s *State) { s.KE = 1; s.Damage.Pilot = 1 }, plan(maneuvers.Low, "hard-turn-right"), []string{"wounded-no-difficult"}},
		{"hull-no-overboost", complete, "viper-mk2", func(s *State) { s.KE = 4; s.Damage.Hull = 1 }, plan(maneuvers.Low, "overboost-straight", "straight"), []string{"hull-no-overboost"}},
		{"rookie-straight-after", with(complete, OptPilots), "viper-mk2", func(s *State) { s.KE = 4; s.Pilot = Rookie }, plan(maneuvers.Low, "overboost-straight", "bank-left"), []string{"rookie-straight-after"}},
		{"legal: an average pilot banks after an overboost", with(complete, OptPilots), "viper-mk2", func(s *State) { s.KE = 4 }, plan(maneuvers.Low, "overboost-straight", "bank-left"), nil},
		{"rotation-quick", quick, "viper-mk2", none, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 2}, []string{"rotation-quick"}},
		{"rotate-needs-straight", complete, "viper-mk2", none, Plan{Cards: []string{"bank-left"}, Speed: maneuvers.Medium, Rotate: 2}, []string{"rotate-needs-straight"}},
		{"legal: rotating with a straight card", complete, "viper-mk2", none, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 3}, nil},
		{"legal: rotating standing still", complete, "viper-mk2", func(s *State) { s.KE = 0 }, Plan{Cards: []string{"turn-left"}, Speed: maneuvers.Stop, Rotate: -2}, nil},
		{"control-no-rotation", complete, "viper-mk2", func(s *State) { s.Damage.Control = 2 }, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 1}, []string{"control-no-rotation"}},
		{"out-of-fuel-no-rotation", with(complete, OptFuel), "viper-mk2", func(s *State) { s.Fuel = 0 }, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 1}, []string{"out-of-fuel-no-rotation"}},
		{"out-of-fuel-inertial", with(complete, OptFuel), "viper-mk2", func(s *State) { s.Fuel = 0 }, plan(maneuvers.Medium, "bank-left"), []string{"out-of-fuel-inertial"}},
		{"level-not-in-use", complete, "viper-mk2", func(s *State) { s.KE = 4 }, Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Level: 1}, []string{"level-not-in-use"}},
		{"legal: a level change adds 3 kinetic energy", with(complete, OptThreeD), "viper-mk2", func(s *State) { s.KE = 4 }, Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Level: 1}, nil},
		{"level-change-restrictions", with(complete, OptThreeD), "viper-mk2", func(s *State) { s.KE = 6 }, Plan{Cards: []string{"overboost-straight", "straight"}, Speed: maneuvers.Stop, Level: -1}, []string{"overboost-needs-forward", "level-change-restrictions"}},
		{"ftl-not-allowed: no FTL drive", with(complete, OptFTL), "viper-mk2", none, plan(maneuvers.FTL, "straight"), []string{"ftl-not-allowed"}},
		{"ftl-not-allowed: option off", complete, "cylon-raider", none, plan(maneuvers.FTL, "straight"), []string{"ftl-not-allowed"}},
		{"legal: FTL keeps the kinetic energy", with(complete, OptFTL), "cylon-raider", func(s *State) { s.KE = 5 }, plan(maneuvers.FTL, "overboost-straight", "straight"), nil},
		{"ftl-consecutive", with(complete, OptFTL), "cylon-raider", func(s *State) { s.FTLLastTurn = true }, plan(maneuvers.FTL, "straight"), []string{"ftl-consecutive"}},
		{"ftl-limit", with(complete, OptFTL), "cylon-raider", func(s *State) { s.FTLJumps = 2 }, plan(maneuvers.FTL, "straight"), []string{"ftl-limit"}},
		{"ftl-change-direction", with(complete, OptFTL), "cylon-raider", func(s *State) { s.Rotation = 2 }, plan(maneuvers.FTL, "change-direction", "straight"), []string{"ftl-change-direction"}},
		{"ftl-kinetic-energy", with(complete, OptFTL), "cylon-raider", func(s *State) { s.KE = 3 }, plan(maneuvers.FTL, "hard-turn-left"), []string{"ftl-kinetic-energy"}},
		{"rotated-inertial", complete, "viper-mk2", func(s *State) { s.Rotation = 2 }, Plan{Cards: []string{"bank-left"}, Speed: maneuvers.Medium, Rotate: 2}, []string{"rotated-inertial"}},
		{"legal: rotated, inertial", complete, "viper-mk2", func(s *State) { s.Rotation = 2 }, Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 5}, nil},
		{"legal: rotated, changing direction", complete, "viper-mk2", func(s *State) { s.Rotation = 3 }, Plan{Cards: []string{"change-direction", "turn-left"}, Speed: maneuvers.Medium, Rotate: 3}, nil},
		{"crippled-inertial", complete, "viper-mk2", func(s *State) { s.Damage.Hull = 2 }, plan(maneuvers.Medium, "bank-left"), []string{"crippled-inertial"}},
		{"kinetic-energy-frozen: rotated", complete, "viper-mk2", func(s *State) { s.Rotation = 1 }, Plan{Cards: []string{"straight"}, Speed: maneuvers.High, Rotate: 1}, []string{"kinetic-energy-frozen"}},
		{"kinetic-energy-frozen: engine twice", complete, "viper-mk2", func(s *State) { s.Damage.Engine = 2 }, plan(maneuvers.Low, "straight"), []string{"kinetic-energy-frozen"}},
		{"kinetic-energy-frozen: out of fuel", with(complete, OptFuel), "viper-mk2", func(s *State) { s.Fuel = -1 }, plan(maneuvers.High, "straight"), []string{"kinetic-energy-frozen"}},
		{"acceleration: overboost at high from a standstill", complete, "viper-mk2", func(s *State) { s.KE = 0 }, plan(maneuvers.High, "overboost-straight", "straight"), []string{"acceleration"}},
		{"acceleration", complete, "viper-mk2", func(s *State) { s.KE = 0 }, Plan{Cards: []string{"overboost-straight", "straight"}, Speed: maneuvers.Low}, []string{"acceleration"}},
		{"acceleration: halved by engine damage, rounding up", complete, "viper-mk2", func(s *State) { s.KE = 0; s.Damage.Engine = 1 }, plan(maneuvers.High, "straight"), []string{"acceleration"}},
		{"legal: halved acceleration reaches 2", complete, "viper-mk2", func(s *State) { s.KE = 0; s.Damage.Engine = 1 }, plan(maneuvers.Medium, "straight"), nil},
		{"acceleration: a nugget's is one less", with(complete, OptPilots), "viper-mk2", func(s *State) { s.KE = 0; s.Pilot = Nugget }, plan(maneuvers.High, "straight"), []string{"acceleration"}},
		{"legal: quick start ignores kinetic energy", quick, "viper-mk2", func(s *State) { s.KE = 0 }, plan(maneuvers.High, "overboost-straight", "straight"), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := viper()
			s.Class = tt.class
			tt.state(&s)
			vs, err := Check(tt.rules, class(t, tt.class), s, tt.plan)
			require.NoError(t, err)
			assert.Equal(t, tt.want, ruleIDs(vs))
			for _, v := range vs {
				assert.NotEmpty(t, v.Section)
				assert.NotEmpty(t, v.Message)
			}
		})
	}
	// Every rule id is exercised by at least one case.
	seen := map[string]bool{}
	for _, tt := range tests {
		for _, id := range tt.want {
			seen[id] = true
		}
	}
	for _, id := range RuleIDs() {
		assert.True(t, seen[id], "rule %s has no test case", id)
	}
}

func TestBadPlansAreErrors(t *testing.T) {
	c := class(t, "viper-mk2")
	tests := []struct {
		plan Plan
		want string
	}{
		{plan(maneuvers.Medium), "cards: 0 given"},
		{plan(maneuvers.Medium, "straight", "blank", "bank-left"), "cards: 3 given"},
		{plan(maneuvers.Medium, "reversal-left"), `cards: "reversal-left" is not in the viper-mk2 deck`},
		{plan("warp", "straight"), `speed: "warp" is not a speed`},
		{Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Rotate: 7}, "rotate: 7 is out of range"},
		{Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Level: 2}, "level: 2 is out of range"},
	}
	for _, tt := range tests {
		_, err := Check(complete, c, viper(), tt.plan)
		require.Error(t, err)
		assert.Contains(t, err.Error(), tt.want)
	}
}

func TestBonusesWidenTheLimits(t *testing.T) {
	c := class(t, "viper-mk2")
	s := viper()
	s.KE = 0
	s.DifficultLastTurn = true
	tooFast := plan(maneuvers.High, "overboost-straight", "straight") // 0 → 6: acceleration 3 is short by 3
	vs, _ := Check(complete, c, s, tooFast)
	assert.Equal(t, []string{"acceleration"}, ruleIDs(vs))
	s.Bonus.Acceleration = 3
	vs, _ = Check(complete, c, s, tooFast)
	assert.Empty(t, vs, "the acceleration bonus counts")
	s.Bonus = Bonus{GLimit: 1}
	s.KE, s.DifficultLastTurn = 3, false
	heavy := plan(maneuvers.Low, "overboost-bank-left", "hard-turn-left") // G 5
	vs, _ = Check(complete, c, s, heavy)
	assert.Empty(t, vs, "G 5 is within 4 + 1")
	s.Bonus, s.KE, s.DifficultLastTurn = Bonus{}, 1, true
	again := plan(maneuvers.Low, "hard-turn-left")
	vs, _ = Check(complete, c, s, again)
	assert.Equal(t, []string{"difficult-after-difficult"}, ruleIDs(vs))
	s.Bonus.DifficultAgain = true
	vs, _ = Check(complete, c, s, again)
	assert.Empty(t, vs)
}

// Fuel: Running out of fuel. A ship whose fuel is 0 or less can no longer
// rotate nor change its kinetic energy and is limited to inertial movement
// (Rotation: Inertial movement): straight cards, a straight overboost
// included, that keep the kinetic energy. Banking, turning, changing
// direction, changing level and jumping are refused; with the Quick Start
// Rules the speed slider stays where it was.
func TestRunningOutOfFuelFuel(t *testing.T) {
	dry := func(ke, rot int) State {
		s := viper()
		s.Fuel, s.KE, s.Rotation = 0, ke, rot
		return s
	}
	raptor := dry(2, 0)
	raptor.Class = "raptor"
	for _, tt := range []struct {
		name  string
		rules Rules
		class string
		state State
		plan  Plan
		want  []string
	}{
		{"inertial: a straight at the same kinetic energy", with(complete, OptFuel), "viper-mk2", dry(2, 0), plan(maneuvers.Medium, "straight"), nil},
		{"inertial: a straight overboost keeps 4", with(complete, OptFuel), "viper-mk2", dry(4, 0), plan(maneuvers.Low, "overboost-straight", "straight"), nil},
		{"kinetic energy 0: stands still", with(complete, OptFuel), "viper-mk2", dry(0, 0), plan(maneuvers.Stop, "bank-left"), nil},
		{"no bank", with(complete, OptFuel), "viper-mk2", dry(2, 0), plan(maneuvers.Medium, "bank-left"), []string{"out-of-fuel-inertial"}},
		{"no turn", with(complete, OptFuel), "viper-mk2", dry(1, 0), plan(maneuvers.Low, "turn-right"), []string{"out-of-fuel-inertial"}},
		{"no bank by overboost", with(complete, OptFuel), "viper-mk2", dry(4, 0), plan(maneuvers.Low, "overboost-bank-left", "straight"), []string{"out-of-fuel-inertial"}},
		{"no change of direction, even rotated", with(complete, OptFuel), "viper-mk2", dry(2, 3), plan(maneuvers.Medium, "change-direction", "straight"), []string{"out-of-fuel-inertial"}},
		{"no rotation", with(complete, OptFuel), "viper-mk2", dry(2, 0), Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 2}, []string{"out-of-fuel-no-rotation"}},
		{"no change of kinetic energy", with(complete, OptFuel), "viper-mk2", dry(2, 0), plan(maneuvers.High, "straight"), []string{"kinetic-energy-frozen"}},
		{"no level change", with(complete, OptFuel, OptThreeD), "viper-mk2", dry(4, 0), Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Level: 1}, []string{"out-of-fuel-inertial"}},
		{"no FTL jump", with(complete, OptFuel, OptFTL), "raptor", raptor, plan(maneuvers.FTL, "straight"), []string{"out-of-fuel-inertial"}},
		{"Quick Start: the same speed", with(quick, OptFuel), "viper-mk2", dry(2, 0), plan(maneuvers.Medium, "straight"), nil},
		{"Quick Start: no new speed", with(quick, OptFuel), "viper-mk2", dry(2, 0), plan(maneuvers.High, "straight"), []string{"out-of-fuel-inertial"}},
		{"Quick Start: no bank", with(quick, OptFuel), "viper-mk2", dry(2, 0), plan(maneuvers.Medium, "bank-right"), []string{"out-of-fuel-inertial"}},
		{"fuel left: anything", with(complete, OptFuel), "viper-mk2", viper(), plan(maneuvers.Medium, "bank-left"), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			vs, err := Check(tt.rules, class(t, tt.class), tt.state, tt.plan)
			require.NoError(t, err)
			assert.Equal(t, tt.want, ruleIDs(vs))
		})
	}
	// The correction keeps the kinetic energy with straight cards: a bank
	// at medium from 4 becomes a straight overboost and a low straight;
	// two reasons (not inertial; the kinetic energy would change), two
	// counters.
	s := dry(4, 0)
	c := class(t, "viper-mk2")
	p := plan(maneuvers.Medium, "bank-left")
	vs, err := Check(with(complete, OptFuel), c, s, p)
	require.NoError(t, err)
	got, draws := Correct(with(complete, OptFuel), c, s, p, vs)
	assert.Equal(t, []string{"overboost-straight", "straight"}, got.Cards)
	assert.Equal(t, maneuvers.Low, got.Speed)
	assert.Equal(t, 2, draws)
}

// Optional rules; Three-dimensional space: the Quick Start Rules may add
// only the optional rules the rulebook marks for them (Fuel, Tailing), so
// three-dimensional space is refused with the Quick Start Rules, and so is
// a level change planned there.
func TestThreeDimensionalSpaceWithQuickStartOptionalRules(t *testing.T) {
	assert.Empty(t, with(quick, OptFuel, OptTailing, OptPilots).Problems())
	assert.Empty(t, with(complete, Options...).Problems())
	for _, o := range []Option{OptThreeD, OptAiming, OptAttackDeclaration, OptBlank, OptDoubles, OptFTL} {
		ps := with(quick, o).Problems()
		if assert.Len(t, ps, 1, string(o)) {
			assert.Contains(t, ps[0], "rules: complete")
		}
	}
	assert.Len(t, Rules{Set: quick.Set, Options: []Option{"warp"}}.Problems(), 1)
	vs, err := Check(with(quick, OptThreeD), class(t, "viper-mk2"), viper(), Plan{Cards: []string{"straight"}, Speed: maneuvers.Medium, Level: 1})
	require.NoError(t, err)
	require.Equal(t, []string{"level-not-in-use"}, ruleIDs(vs))
	assert.Contains(t, vs[0].Message, "Quick Start")
}

// Limitations of nuggets and rookies: a nugget's acceleration is one less,
// but not when damage halves it; after an overboost or a change direction
// card a nugget or a rookie plans only a straight maneuver. Without the
// Pilots feature a token means nothing.
func TestLimitationsOfNuggetsAndRookies(t *testing.T) {
	pilots := with(complete, OptPilots)
	v := class(t, "viper-mk2") // acceleration 3
	for _, tt := range []struct {
		pilot  Pilot
		engine int
		rules  Rules
		want   int
	}{
		{Nugget, 0, pilots, 2},
		{Nugget, 1, pilots, 2}, // halved, rounded up: 2; no further reduction
		{Rookie, 0, pilots, 3},
		{Nugget, 0, complete, 3},
	} {
		s := viper()
		s.Pilot, s.Damage.Engine = tt.pilot, tt.engine
		assert.Equal(t, tt.want, Acceleration(tt.rules, v, s), "%s, engine damage %d", tt.pilot, tt.engine)
	}
	for _, p := range []Pilot{Nugget, Rookie} {
		s := viper()
		s.Pilot, s.KE = p, 4
		vs, err := Check(pilots, v, s, plan(maneuvers.Low, "overboost-straight", "bank-left"))
		require.NoError(t, err)
		assert.Equal(t, []string{"rookie-straight-after"}, ruleIDs(vs), string(p))
		vs, err = Check(pilots, v, s, plan(maneuvers.Low, "overboost-straight", "straight"))
		require.NoError(t, err)
		assert.Empty(t, vs, string(p))
	}
}

// Limitations of nuggets and rookies: "after an overboost or a change
// direction card, only a straight maneuver can be planned" — the change
// direction half of the rule. An average pilot may turn after one.
func TestLimitationsOfNuggetsAndRookies_StraightAfterAChangeDirectionCard(t *testing.T) {
	pilots := with(complete, OptPilots)
	v := class(t, "viper-mk2")
	for _, p := range []Pilot{Nugget, Rookie, Average} {
		s := viper()
		s.Pilot, s.Rotation = p, 3
		vs, err := Check(pilots, v, s, Plan{Cards: []string{"change-direction", "bank-left"}, Speed: maneuvers.Medium, Rotate: 3})
		require.NoError(t, err)
		if p == Average {
			assert.Empty(t, vs, "an average pilot may bank after changing direction")
		} else {
			assert.Equal(t, []string{"rookie-straight-after"}, ruleIDs(vs), string(p))
		}
		vs, err = Check(pilots, v, s, Plan{Cards: []string{"change-direction", "straight"}, Speed: maneuvers.Medium, Rotate: 3})
		require.NoError(t, err)
		assert.Empty(t, vs, "%s: a straight maneuver after a change of direction", p)
		vs, err = Check(pilots, v, s, Plan{Cards: []string{"change-direction", "straight"}, Speed: maneuvers.Stop, Rotate: 3})
		require.NoError(t, err)
		assert.Empty(t, vs, "%s: standing still after a change of direction", p)
	}
}

// Planning: the G-values of a turn's cards add up to at most the
// components' g_limit — the value assets carry with its source, which an
// override file changes for the rule as well as for the printed sheet.
func TestPlanningGLimitIsTheComponentsValue(t *testing.T) {
	heavy := plan(maneuvers.Low, "overboost-bank-left", "hard-turn-left") // G 5
	s := viper()
	s.KE = 3
	c := class(t, "viper-mk2")
	require.Equal(t, comp.Geometry.GLimit.Value, c.GLimit)
	vs, _ := Check(complete, c, s, heavy)
	assert.Equal(t, []string{"g-limit"}, ruleIDs(vs), "G 5 is over the rulebook's 4")

	five, err := assets.Load()
	require.NoError(t, err)
	require.NoError(t, five.Override("five.yaml", []byte("geometry: {g_limit: 5}\n")))
	c5, err := ClassFor(five, "viper-mk2")
	require.NoError(t, err)
	assert.Equal(t, 5, GLimitOf(c5, s))
	vs, _ = Check(complete, c5, s, heavy)
	assert.Empty(t, vs, "G 5 within an overridden g_limit of 5")
	s.Damage.Control = 1
	assert.Equal(t, GLimitControlDamaged, GLimitOf(c5, s), "Special damage: control systems")
}

// TestSecondCardInUse: the cards a planning screen offers as a second
// card are the ones the legality checks let go with a maneuver card under
// the rules in force: the change direction card only with the Complete
// Rules (Complete Rules: Setup), blanks only with the Blank maneuver cards
// rule, overboosts always, and no maneuver card.
func TestSecondCardInUse(t *testing.T) {
	c := class(t, "viper-mk2")
	kinds := map[string]bool{}
	for _, rs := range []Rules{quick, complete, with(complete, OptBlank)} {
		for i := range c.Deck.Cards {
			card := &c.Deck.Cards[i]
			vs, err := Check(rs, c, viper(), plan(maneuvers.Medium, "straight", card.ID))
			require.NoError(t, err)
			refused := false
			for _, v := range vs {
				refused = refused || v.Rule == "change-direction-quick" || v.Rule == "blank-not-in-use" || v.Rule == "two-maneuver-cards"
			}
			assert.Equal(t, !refused, SecondCardInUse(rs, card), "%s with %v", card.ID, rs)
			switch {
			case card.IsChangeDirection():
				kinds["change direction"] = true
				assert.Equal(t, rs.Set == Complete, SecondCardInUse(rs, card), "%s with %v", card.ID, rs)
			case card.IsBlank():
				kinds["blank"] = true
				assert.Equal(t, rs.Has(OptBlank), SecondCardInUse(rs, card), "%s with %v", card.ID, rs)
			case card.IsOverboost():
				kinds["overboost"] = true
				assert.True(t, SecondCardInUse(rs, card), "%s with %v", card.ID, rs)
			default:
				kinds["maneuver"] = true
				assert.False(t, SecondCardInUse(rs, card), "%s with %v", card.ID, rs)
			}
		}
	}
	assert.Len(t, kinds, 4, "the deck has every kind of card: %v", kinds)
}
