package battle_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

// Preview says what the engine does: for plans legal and illegal (Planning;
// Special cases: Illegal moves), the outcome previewed before the plan is
// committed is the outcome the reveal gives it, field for field — the
// violations with their rule ids, the corrected plan, the counters drawn,
// the path, end pose, kinetic energy and fuel.
func TestPreviewIsWhatTheRevealDoes(t *testing.T) {
	rules := starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptFuel, starship.OptThreeD}}
	viper := spec("viper", "viper-mk2", battle.Colonial, 450, 450, 0, 2)
	viper.Level = 2
	raider := spec("raider", "cylon-raider", battle.Cylon, 330, 450, 0, 0) // behind the viper, its guns on it: the turn waits in the firing step
	plans := []starship.Plan{
		{Cards: []string{"straight"}, Speed: maneuvers.Medium},
		{Cards: []string{"straight"}, Speed: maneuvers.Medium, Rotate: 1},
		{Cards: []string{"straight", "overboost-straight"}, Speed: maneuvers.Low},
		{Cards: []string{"straight"}, Speed: maneuvers.Low, Level: 1},
		{Cards: []string{"straight"}, Speed: maneuvers.High},                       // acceleration
		{Cards: []string{"straight", "straight"}, Speed: maneuvers.Low},            // two maneuvers
		{Cards: []string{"straight"}, Speed: maneuvers.Low, Rotate: 3, Level: 1},   // level change and rotation
		{Cards: []string{"straight"}, Speed: maneuvers.FTL},                        // no FTL rule
		{Cards: []string{"bank-left"}, Speed: maneuvers.Medium, Rotate: 2},         // rotation needs straight cards
		{Cards: []string{"straight", "overboost-straight"}, Speed: maneuvers.Stop}, // overboost needs a forward speed
	}
	illegal, compared := 0, 0
	for _, p := range plans {
		b, err := battle.New(setup(rules, viper, raider), comp, 3)
		require.NoError(t, err)
		pre, err := b.Preview(battle.Colonial, "viper", p)
		require.NoError(t, err, "%+v", p)
		vs, err := starship.Check(rules, b.Class("viper-mk2"), ship(b, "viper").Ship, p)
		require.NoError(t, err)
		require.Equal(t, vs, pre.Violations, "every violation, with its rule id")
		planAll(t, b, map[string]*starship.Plan{"viper": &p})
		_, err = b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
		require.NoError(t, err)
		if b.Phase() == battle.PlacingFTL { // the slider at FTL: the jump is declared, then found illegal
			m := ship(b, "viper").Ship.Pose
			_, err = b.Apply(battle.Command{Type: battle.CmdFTL, Side: battle.Colonial, Ship: "viper", Marker: &m})
			require.NoError(t, err)
		}
		require.NotEmpty(t, pre.Steps)
		if got := ship(b, "viper").Outcome; got != nil {
			require.Equal(t, *got, pre, "%+v", p)
			compared++
		} else { // no shot to declare: the turn is over, the ship where the move left it
			st := ship(b, "viper").Ship
			require.Equal(t, pre.Final().Pose, st.Pose, "%+v", p)
			require.Equal(t, []int{pre.Final().Rotation, pre.Final().Level, pre.KE, pre.Fuel}, []int{st.Rotation, st.Level, st.KE, st.Fuel})
		}
		if !pre.Legal {
			illegal++
			require.NotEmpty(t, pre.Violations)
			require.True(t, pre.Corrected)
			require.Positive(t, pre.DamageDraws)
		}
	}
	require.GreaterOrEqual(t, illegal, 4, "illegal plans tried")
	require.GreaterOrEqual(t, compared, 5, "outcomes compared whole")
}

// Preview refuses what commitPlan refuses, with the same words: another
// side's ship, a plan that is no plan for the ship's deck.
func TestPreviewRefusesWhatCommitRefuses(t *testing.T) {
	b, err := battle.New(setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 450, 0, 2),
		spec("raider", "cylon-raider", battle.Cylon, 100, 100, 180, 0)), comp, 3)
	require.NoError(t, err)
	for _, c := range []struct {
		side battle.Side
		ship string
		p    starship.Plan
	}{
		{battle.Cylon, "viper", starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Low}},
		{battle.Colonial, "nobody", starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Low}},
		{battle.Colonial, "viper", starship.Plan{Cards: []string{"warp"}, Speed: maneuvers.Low}},
		{battle.Colonial, "viper", starship.Plan{Cards: []string{"straight"}, Speed: "warp"}},
		{battle.Colonial, "viper", starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Low, Rotate: starship.MaxRotation + 1}},
	} {
		_, perr := b.Preview(c.side, c.ship, c.p)
		require.Error(t, perr, "%+v", c)
		_, cerr := b.Apply(battle.Command{Type: battle.CmdPlan, Side: c.side, Ship: c.ship, Plan: &c.p})
		require.EqualError(t, cerr, perr.Error())
	}
}

// PreviewPlan and PreviewShip, for a ship known by its View, are Preview:
// the same outcome, and PreviewShip the same refusal.
func TestPreviewPlanIsPreview(t *testing.T) {
	b, err := battle.New(setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 450, 0, 2),
		spec("raider", "cylon-raider", battle.Cylon, 100, 100, 180, 0)), comp, 3)
	require.NoError(t, err)
	var sv battle.ShipView
	for _, s := range b.View(battle.Colonial).Ships {
		if s.ID == "viper" {
			sv = s
		}
	}
	require.NotNil(t, sv.State)
	for _, p := range []starship.Plan{
		{Cards: []string{"bank-left"}, Speed: maneuvers.Medium},
		{Cards: []string{"straight"}, Speed: maneuvers.High},
	} {
		want, err := b.Preview(battle.Colonial, "viper", p)
		require.NoError(t, err)
		got, err := battle.PreviewPlan(complete, comp, b.Class(sv.Class), *sv.State, p)
		require.NoError(t, err)
		require.Equal(t, want, got)
		got, err = battle.PreviewShip(complete, comp, b.Class(sv.Class), sv, p)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	bad := starship.Plan{Cards: []string{"warp"}, Speed: maneuvers.Low}
	_, want := b.Preview(battle.Colonial, "viper", bad)
	_, got := battle.PreviewShip(complete, comp, b.Class(sv.Class), sv, bad)
	require.EqualError(t, got, want.Error())
}

// Special damage: pilot wounded. A severely wounded pilot's cards are
// fixed the turn before: Preview, PreviewShip and the plan command refuse
// other cards in the same words, and take the fixed cards with another
// dial, speed or level.
func TestPreviewSeverelyWoundedPilotsCards(t *testing.T) {
	s := setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 450, 0, 2),
		spec("raider", "cylon-raider", battle.Cylon, 100, 100, 180, 0))
	b0, err := battle.New(s, comp, 3)
	require.NoError(t, err)
	st := b0.State()
	st.Ships[0].Ship.Damage.Pilot = 2
	st.Ships[0].NextCards = []string{"bank-left"}
	b, err := battle.NewDeterminized(s, comp, st, 3)
	require.NoError(t, err)
	var sv battle.ShipView
	for _, v := range b.View(battle.Colonial).Ships {
		if v.ID == "viper" {
			sv = v
		}
	}
	other := starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.Low}
	_, perr := b.Preview(battle.Colonial, "viper", other)
	require.ErrorContains(t, perr, "severely wounded pilot planned bank-left last turn")
	_, serr := battle.PreviewShip(complete, comp, b.Class("viper-mk2"), sv, other)
	require.EqualError(t, serr, perr.Error())
	_, cerr := b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: &other})
	require.EqualError(t, cerr, perr.Error())
	fixed := starship.Plan{Cards: []string{"bank-left"}, Speed: maneuvers.Medium}
	want, err := b.Preview(battle.Colonial, "viper", fixed)
	require.NoError(t, err)
	got, err := battle.PreviewShip(complete, comp, b.Class("viper-mk2"), sv, fixed)
	require.NoError(t, err)
	require.Equal(t, want, got)
}
