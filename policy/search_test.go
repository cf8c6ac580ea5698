package policy

import (
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// TestSeatHoldsNoSecrets: a policy decides from a Seat and nothing else
// (every method of Policy takes a *Seat and plain values), and no value
// reachable from a Seat is a battle, its whole state or a ship's whole
// state: the policy cannot reach the other side's secrets.
func TestSeatHoldsNoSecrets(t *testing.T) {
	pt := reflect.TypeFor[Policy]()
	for i := range pt.NumMethod() {
		m := pt.Method(i)
		for j := range m.Type.NumIn() {
			in := m.Type.In(j)
			assert.Contains(t, []reflect.Type{reflect.TypeFor[*Seat](), reflect.TypeFor[string]()}, in,
				"%s takes a %s", m.Name, in)
		}
	}
	forbidden := map[reflect.Type]bool{
		reflect.TypeFor[battle.Battle](): true, reflect.TypeFor[battle.State](): true,
		reflect.TypeFor[battle.ShipState](): true, reflect.TypeFor[Game](): true,
	}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type, string)
	walk = func(ty reflect.Type, path string) {
		if seen[ty] || ty == reflect.TypeFor[rand.Rand]() { // the policy's own source
			return
		}
		seen[ty] = true
		assert.False(t, forbidden[ty], "%s is a %s", path, ty)
		switch ty.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Array:
			walk(ty.Elem(), path+"[]")
		case reflect.Map:
			walk(ty.Key(), path+"{key}")
			walk(ty.Elem(), path+"{}")
		case reflect.Struct:
			for i := range ty.NumField() {
				walk(ty.Field(i).Type, path+"."+ty.Field(i).Name)
			}
		case reflect.Interface, reflect.Func, reflect.Chan:
			assert.Fail(t, "a seat may hold no interface, function or channel", "%s is a %s", path, ty)
		}
	}
	walk(reflect.TypeFor[Seat](), "Seat")
}

// hiddenSwap returns a battle whose state is st with the other side's
// secrets replaced: its damage counters swapped for other counters of the
// cup (as many), its fuel changed, and its plans for this turn the given
// ones. What side sees of it is the same as of st.
func hiddenSwap(t *testing.T, setup battle.Setup, st battle.State, side battle.Side, enemyPlans map[string]starship.Plan) *battle.Battle {
	t.Helper()
	st = cloneState(st)
	for i := range st.Ships {
		s := &st.Ships[i]
		if s.Side == side {
			continue
		}
		s.Ship.Fuel += 7
		for k, c := range s.Counters {
			for j, o := range st.Cup {
				if o.Special == c.Special && o != c {
					s.Counters[k], st.Cup[j] = o, c
					break
				}
			}
		}
	}
	b, err := battle.NewDeterminized(setup, comp, st, 99)
	require.NoError(t, err)
	for _, sv := range b.View(side.Opponent()).Ships {
		if p, ok := enemyPlans[sv.ID]; ok && sv.Own && sv.OnTable && !sv.Out {
			_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: side.Opponent(), Ship: sv.ID, Plan: &p})
			require.NoError(t, err)
		}
	}
	return b
}

// TestSearchIgnoresHiddenState: with the same seed, the search's plans do
// not change when the enemy's hidden state (its counters' values, its
// fuel, the plans it committed) is swapped for another consistent with
// the view; the swap is real (the enemy's own view differs).
func TestSearchIgnoresHiddenState(t *testing.T) {
	setup, _ := scenarios.Builtin("jump-point")
	b, err := battle.New(setup, comp, 5)
	require.NoError(t, err)
	g := NewGame(b, comp, 5)
	// Play greedy against greedy into turn 3, so there is damage to hide.
	for b.Turn() < 3 && b.Phase() != battle.Over {
		require.NoError(t, step(g, b, map[battle.Side]Policy{battle.Colonial: Greedy{}, battle.Cylon: Greedy{}}))
	}
	require.Equal(t, battle.Planning, b.Phase())
	st := b.State()
	st.Events = nil

	greedyPlans, stillPlans := map[string]starship.Plan{}, map[string]starship.Plan{}
	gs := g.seat(battle.Cylon)
	for _, sv := range gs.View.Ships {
		if sv.Own && sv.OnTable && !sv.Out {
			greedyPlans[sv.ID] = Greedy{}.Plan(gs, sv.ID)
			stillPlans[sv.ID] = fallback(sv)
		}
	}
	one := hiddenSwap(t, setup, st, battle.Colonial, greedyPlans)
	two := hiddenSwap(t, setup, st, battle.Colonial, stillPlans)
	require.Equal(t, one.View(battle.Colonial), two.View(battle.Colonial), "the swap keeps the Colonial view")
	require.NotEqual(t, one.View(battle.Cylon), two.View(battle.Cylon), "the swap changes what the Cylons know")

	decide := func(b *battle.Battle) map[string]starship.Plan {
		g := NewGame(b, comp, 77)
		p := uncapped("easy")
		s := g.seat(battle.Colonial)
		out := map[string]starship.Plan{}
		for _, sv := range s.View.Ships {
			if sv.Own && sv.OnTable && !sv.Out {
				out[sv.ID] = p.Plan(s, sv.ID)
			}
		}
		return out
	}
	a, c := decide(one), decide(two)
	require.NotEmpty(t, a)
	assert.Equal(t, a, c)
}

// TestSearchIsDeterministic: the same seeds give the same battle, bit for
// bit, with the search on one side.
func TestSearchIsDeterministic(t *testing.T) {
	setup, _ := scenarios.Builtin(scenarios.Default)
	hash := func() string {
		b, err := battle.New(setup, comp, 3)
		require.NoError(t, err)
		require.NoError(t, Play(b, comp, map[battle.Side]Policy{battle.Colonial: uncapped("easy"), battle.Cylon: Greedy{}}, 3))
		return b.Hash()
	}
	assert.Equal(t, hash(), hash())
}

// TestNormalBeatsGreedy: a few games of The Hand of God as the Cylons and
// of Convoy Run as the Colonials (the long runs are in make bench).
func TestNormalBeatsGreedy(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole battles")
	}
	for _, c := range []struct {
		scenario string
		side     battle.Side
	}{{"hand-of-god", battle.Cylon}, {"escort", battle.Colonial}} {
		setup, _ := scenarios.Builtin(c.scenario)
		wins := 0
		for seed := uint64(1); seed <= 4; seed++ {
			b, err := battle.New(setup, comp, seed)
			require.NoError(t, err)
			normal := uncapped("normal")
			players := map[battle.Side]Policy{c.side: normal, c.side.Opponent(): Greedy{}}
			require.NoError(t, Play(b, comp, players, seed))
			if b.Result().Winner == c.side {
				wins++
			}
		}
		assert.GreaterOrEqual(t, wins, 3, "%s as %s: normal won %d of 4 against greedy", c.scenario, c.side, wins)
	}
}

// TestParkedShipIsLost: a Viper that never moves, against normal, is
// destroyed.
func TestParkedShipIsLost(t *testing.T) {
	setup := battle.Setup{Name: "parked", Rules: starship.Rules{Set: starship.Complete}, Width: 900, Depth: 900, TurnLimit: 12,
		Ships: []battle.ShipSpec{
			spec("viper-1", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
			spec("raider-1", "cylon-raider", battle.Cylon, 450, 750, 270, 2),
		}}
	lost := 0
	for seed := uint64(1); seed <= 3; seed++ {
		b := newBattle(t, setup, seed)
		require.NoError(t, Play(b, comp, map[battle.Side]Policy{battle.Colonial: still{}, battle.Cylon: uncapped("normal")}, seed))
		if own(b.View(battle.Colonial), "viper-1").Out {
			lost++
		}
	}
	assert.GreaterOrEqual(t, lost, 2, "the parked Viper was lost in %d of 3 battles", lost)
}

// parker stops one ship as soon as the rules let it and keeps it parked
// there, firing as greedy does; its other ships play greedy: the new
// player's trick that beat greedy.
type parker struct {
	Greedy
	ship string
}

func (p parker) Plan(s *Seat, ship string) starship.Plan {
	if ship != p.ship {
		return p.Greedy.Plan(s, ship)
	}
	sv := own(s.View, ship)
	best, bestKE := fallback(sv), sv.State.KE
	for _, c := range candidates(s, sv) {
		if !s.legal(*sv.State, c) || c.Speed == maneuvers.FTL {
			continue
		}
		o, err := starship.Resolve(s.Rules(), s.Comp, s.Class(sv.Class), *sv.State, c, nil)
		if err == nil && (abs(o.KE) < abs(bestKE) || abs(o.KE) == abs(bestKE) && o.Final().Pose.Pos.Dist(sv.Pose.Pos) < 1) {
			best, bestKE = c, o.KE
		}
	}
	return best
}

func abs(x int) int { return max(x, -x) }

// TestParkedShipIsLostInTheHandOfGod: in a built-in scenario, a Colonial
// player who parks a Viper and fires from there (the other Viper played
// by greedy) loses the parked Viper to normal, and the battle.
func TestParkedShipIsLostInTheHandOfGod(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole battles")
	}
	setup, _ := scenarios.Builtin("hand-of-god")
	lost, won := 0, 0
	for seed := uint64(1); seed <= 3; seed++ {
		b := newBattle(t, setup, seed)
		require.NoError(t, Play(b, comp, map[battle.Side]Policy{battle.Colonial: parker{ship: "viper-1"}, battle.Cylon: uncapped("normal")}, seed))
		if own(b.View(battle.Colonial), "viper-1").Out {
			lost++
		}
		if b.Result().Winner == battle.Cylon {
			won++
		}
	}
	assert.Equal(t, 3, lost, "the parked Viper was lost in %d of 3 battles", lost)
	assert.Equal(t, 3, won, "normal won %d of 3 battles", won)
}

// TestPlayAheadsFinishTheTurn: every play-ahead of a search in each
// built-in scenario runs through the end of the turn in the engine.
func TestPlayAheadsFinishTheTurn(t *testing.T) {
	for _, name := range scenarios.Names() {
		setup, _ := scenarios.Builtin(name)
		b, err := battle.New(setup, comp, 2)
		require.NoError(t, err)
		g := NewGame(b, comp, 2)
		for _, side := range battle.Sides {
			x := newSearcher(g.seat(side), Levels()[0])
			plans := x.run()
			assert.NotEmpty(t, plans, name)
			assert.Positive(t, x.rollouts, name)
			assert.Zero(t, x.failed, "%s: %d of %d play-aheads failed", name, x.failed, x.rollouts)
		}
	}
}

// TestThinkOffTheCaller: Think returns at once and works out the plans on
// another goroutine while the battle stays usable; Commit applies them and
// the side has planned every ship.
func TestThinkOffTheCaller(t *testing.T) {
	setup, _ := scenarios.Builtin("furball")
	b, err := battle.New(setup, comp, 4)
	require.NoError(t, err)
	g := NewGame(b, comp, 4)
	p, _ := ByName("normal")
	require.True(t, Searches(p))
	assert.False(t, Searches(Greedy{}))
	th := g.Think(battle.Cylon, p)
	require.NotNil(t, th)
	_, err = g.Act(battle.Colonial, Greedy{}) // the battle goes on meanwhile
	require.NoError(t, err)
	done, err := g.Commit(th)
	require.NoError(t, err)
	assert.True(t, done)
	_, no := planned(b, battle.Cylon)
	assert.Empty(t, no)
	assert.Equal(t, battle.Revealing, b.Phase())
}

// TestJumpsAwayFromTheZone: a Raptor inside its jump zone at kinetic
// energy 5 jumps away (Faster-than-light movement: a jump keeps the
// kinetic energy, so above 3 it takes an overboost card with the jump).
func TestJumpsAwayFromTheZone(t *testing.T) {
	setup, _ := scenarios.Builtin("jump-point")
	setup.Ships[0].Pose.Pos = physics.V(460, 1040)
	setup.Ships[0].KE = 5
	b := newBattle(t, setup, 1)
	g := NewGame(b, comp, 1)
	plan := uncapped("easy").Plan(g.seat(battle.Colonial), "raptor")
	assert.Equal(t, maneuvers.FTL, plan.Speed, "%+v", plan)
}

// uncapped returns a search level without its time cap: the tests'
// results must not depend on how busy the machine is.
func uncapped(name string) *DeterminizedSearch {
	for _, l := range Levels() {
		if l.Name == name {
			l.Cap = 0
			return NewSearch(l)
		}
	}
	panic("no level " + name)
}

// TestSearchLeadsTheRunner: a Raider of The Jump Point values its guns
// toward where the Raptor (a ship that must leave) will be after its next
// move (as Greedy predicts it: a move ahead along its heading), not where
// it stands; without the Raptor's Leave condition it aims where the Raptor
// stands.
func TestSearchLeadsTheRunner(t *testing.T) {
	setup, _ := scenarios.Builtin("jump-point")
	for i := range setup.Ships {
		switch setup.Ships[i].ID {
		case "raptor":
			setup.Ships[i].Pose = physics.Pose{Pos: physics.V(450, 500), Heading: physics.Deg(90)}
			setup.Ships[i].KE = 4
		case "hunter-1":
			setup.Ships[i].Pose = physics.Pose{Pos: physics.V(350, 560), Heading: physics.Deg(0)}
		}
	}
	aim := func(setup battle.Setup) (ahead, now float64) {
		b := newBattle(t, setup, 1)
		g := NewGame(b, comp, 1)
		s := g.seat(battle.Cylon)
		e := newEvaluator(s)
		sv, raptor := own(s.View, "hunter-1"), own(s.View, "raptor")
		next := predict(raptor)
		require.Greater(t, next.Y, raptor.Pose.Pos.Y+100, "the Raptor moves north")
		at := func(to physics.Vec) float64 {
			d := to.Sub(sv.Pose.Pos)
			h := physics.Deg(math.Atan2(d.Y, d.X) * 180 / math.Pi)
			return e.position(s.View, sv, physics.Pose{Pos: sv.Pose.Pos, Heading: h}, 0, 2)
		}
		return at(next), at(raptor.Pose.Pos)
	}
	ahead, now := aim(setup)
	assert.Greater(t, ahead, now, "toward the Raptor's next position")
	var plain battle.Victory
	for _, c := range setup.Victory {
		if c.Kind != battle.Leave {
			plain = append(plain, c)
		}
	}
	setup.Victory = plain
	ahead, now = aim(setup)
	assert.Greater(t, now, ahead, "without a Leave condition, toward where the Raptor stands")
}
