package battle_test

// One test per rule of the battle engine, named after the rulebook section
// it checks. The battles run in companion mode, so every die, pick and
// counter is the one the test supplies: a rule that breaks shows as a
// wrong position, a wrong modifier, a wrong number of counters or a
// request for input the rule does not need.

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// ---------------------------------------------------------------------------
// Helpers of this file.

// with returns the rules with the options added.
func with(r starship.Rules, opts ...starship.Option) starship.Rules {
	r.Options = append(append([]starship.Option{}, r.Options...), opts...)
	return r
}

// reveal reveals the plans, supplying the dice, picks and counters the
// reveal and the moves ask for.
func reveal(t *testing.T, b *battle.Battle, values []int, counters ...string) []battle.Event {
	t.Helper()
	return do(t, b, battle.Command{Type: battle.CmdReveal, Side: battle.Colonial}, values, counters...)
}

// declare declares one side's shots, supplying the dice and counters.
func declare(t *testing.T, b *battle.Battle, side battle.Side, dice []int, counters []string, shots ...battle.Shot) []battle.Event {
	t.Helper()
	return do(t, b, battle.Command{Type: battle.CmdDeclare, Side: side, Shots: shots}, dice, counters...)
}

// at returns a shot.
func at(shooter, target string) battle.Shot { return battle.Shot{Shooter: shooter, Target: target} }

// cards returns the card ids.
func cards(ids ...string) []string { return ids }

// pos returns where a ship stands.
func pos(b *battle.Battle, id string) physics.Vec { return ship(b, id).Ship.Pose.Pos }

// baseOf returns a ship's base as it stands (every class here is 45 mm
// across the flats).
func baseOf(b *battle.Battle, id string) physics.Polygon {
	s := ship(b, id)
	return physics.Hexagon(s.Ship.Pose, b.Class(s.Class).AcrossFlats)
}

// targets returns the ids a ship may fire at now.
func targets(b *battle.Battle, id string) []string {
	var out []string
	for _, r := range b.Targets(id) {
		out = append(out, r.TargetID)
	}
	return out
}

// view returns how side sees ship id.
func view(b *battle.Battle, side battle.Side, id string) battle.ShipView {
	for _, s := range b.View(side).Ships {
		if s.ID == id {
			return s
		}
	}
	return battle.ShipView{}
}

// texts returns the events' sentences.
func texts(ev []battle.Event) []string {
	out := make([]string, len(ev))
	for i, e := range ev {
		out[i] = e.Text()
	}
	return out
}

// indexOf returns the index of the first event of want's kind whose
// Turn, Step, Ship and Other equal want's where want sets them, or -1.
func indexOf(ev []battle.Event, want battle.Event) int {
	for i, e := range ev {
		if e.Kind == want.Kind && (want.Turn == 0 || e.Turn == want.Turn) && (want.Step == 0 || e.Step == want.Step) &&
			(want.Ship == "" || e.Ship == want.Ship) && (want.Other == "" || e.Other == want.Other) {
			return i
		}
	}
	return -1
}

// inOrder checks that the events happen in this order.
func inOrder(t *testing.T, ev []battle.Event, order ...battle.Event) {
	t.Helper()
	last := -1
	for _, want := range order {
		i := indexOf(ev, want)
		require.Greater(t, i, last, "%+v in order in %q", want, texts(ev))
		last = i
	}
}

// attack is one attack roll as the battle reports it (an EvAttack event).
type attack struct {
	Shooter, Target string
	D1, D2          int
	Mods            []string // "name +n", in the order the engine lists them
	Total, Attack   int
	Hits            int
	Split           bool
}

// attacks returns the attack rolls among the events, read from their
// fields.
func attacks(ev []battle.Event) []attack {
	var out []attack
	for _, e := range ev {
		if e.Kind != battle.EvAttack || e.Attack == nil || len(e.Dice) != 2 {
			continue
		}
		a := attack{Shooter: e.Ship, Target: e.Other, D1: e.Dice[0], D2: e.Dice[1],
			Total: e.Total(), Attack: e.Need, Hits: e.Attack.Hits, Split: e.Attack.Split}
		for _, m := range e.Attack.Modifiers {
			a.Mods = append(a.Mods, fmt.Sprintf("%s %+d", m.Name, m.Value))
		}
		out = append(out, a)
	}
	return out
}

// onlyAttack returns the one attack among the events.
func onlyAttack(t *testing.T, ev []battle.Event) attack {
	t.Helper()
	as := attacks(ev)
	require.Len(t, as, 1, "one attack in %q", texts(ev))
	return as[0]
}

// modSum adds up the modifiers of an attack ("name +n").
func modSum(t *testing.T, mods []string) int {
	t.Helper()
	sum := 0
	for _, m := range mods {
		f := strings.Fields(m)
		v, err := strconv.Atoi(f[len(f)-1])
		require.NoError(t, err, m)
		sum += v
	}
	return sum
}

// counters returns counter values as written ("4+", "2 hull").
func counterTexts(cs []battle.Counter) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// stop is the plan of a ship standing still.
func stop() *starship.Plan { return plan(cards("straight"), maneuvers.Stop) }

// field returns an asteroid field over the rectangle.
func field(id string, d referee.Density, x0, y0, x1, y1 float64) referee.Obstacle {
	return referee.Obstacle{ID: id, Kind: referee.AsteroidField, Density: d, Level: 1,
		Polygon: physics.Polygon{physics.V(x0, y0), physics.V(x1, y0), physics.V(x1, y1), physics.V(x0, y1)}}
}

// planetoid returns a planetoid.
func planetoid(id string, x, y, r float64) referee.Obstacle {
	return referee.Obstacle{ID: id, Kind: referee.Planetoid, Level: 1, Circle: physics.Circle{C: physics.V(x, y), R: r}}
}

// ---------------------------------------------------------------------------
// The game turn.

// Quick Start: The game turn. Plan, move, fire; all players finish a step
// before the next begins; after the firing a new turn starts with a new
// planning phase.
func TestQuickStartGameTurn(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 500, 270, 0)))
	require.Equal(t, 1, b.Turn())
	require.Equal(t, battle.Planning, b.Phase())

	// Plan: nothing moves until every plan is in and revealed.
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: plan(cards("straight"), maneuvers.Low)}, nil)
	assert.Equal(t, battle.Planning, b.Phase(), "the Cylon has not planned")
	_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
	require.Error(t, err, "no reveal before every ship has planned")
	_, err = b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial})
	require.Error(t, err, "no firing while planning")
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: stop()}, nil)
	require.Equal(t, battle.Revealing, b.Phase())
	assert.InDelta(t, 300, pos(b, "viper").Y, 1e-9, "planning moves nothing")

	// Move: both ships move at the reveal, then the firing step opens. The
	// pick says the Cylon declares first (Choosing a target).
	reveal(t, b, []int{1})
	require.Equal(t, battle.Declaring, b.Phase())
	assert.InDelta(t, 300+40+45, pos(b, "viper").Y, 1e-9, "low straight: the arrow and a base")
	_, err = b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{at("viper", "raider")}})
	require.Error(t, err, "the Cylon declares first")
	_, err = b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: stop()})
	require.Error(t, err, "no planning while firing")

	// Fire: once both sides have declared, the shots are rolled and a new
	// turn begins with a new planning phase.
	declare(t, b, battle.Cylon, nil, nil, at("raider", "viper"))
	assert.Equal(t, battle.Declaring, b.Phase(), "the Colonial has still to declare")
	declare(t, b, battle.Colonial, []int{1, 1, 1, 1}, nil, at("viper", "raider"))
	require.Equal(t, 2, b.Turn())
	require.Equal(t, battle.Planning, b.Phase())
	assert.False(t, ship(b, "viper").Fired, "the firing markers go at the end of the turn")
	assert.Nil(t, ship(b, "viper").Plan, "a new turn, a new plan")

	ev := b.State().Events
	inOrder(t, ev,
		battle.Event{Kind: battle.EvTurn, Turn: 1},
		battle.Event{Kind: battle.EvRevealed, Ship: "viper"},
		battle.Event{Kind: battle.EvMoveStep, Step: 1},
		battle.Event{Kind: battle.EvFiringStep, Step: 1},
		battle.Event{Kind: battle.EvAttack, Ship: "raider", Other: "viper"},
		battle.Event{Kind: battle.EvAttack, Ship: "viper", Other: "raider"},
		battle.Event{Kind: battle.EvTurn, Turn: 2})
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvFiringStep, Step: 2}), "the Quick Start turn has one firing step")
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvMoveStep, Step: 2}), "and one movement step")
}

// Complete Rules: Game turn; Movement. Plan, move 1, fire 1, move 2, fire
// 2: an overboost moves along its line in the first step and lays the
// second card in the second; a ship that fired in the first firing step
// cannot fire in the second, one that did not may.
func TestCompleteRulesGameTurn(t *testing.T) {
	b := newCompanion(t, setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 205, 90, 4),
		spec("raider", "cylon-raider", battle.Cylon, 450, 550, 270, 0)))
	planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("overboost-straight", "straight"), maneuvers.Low)})

	reveal(t, b, []int{0}) // the Colonial declares first
	require.Equal(t, battle.Declaring, b.Phase())
	require.Equal(t, 1, b.State().Step)
	assert.InDelta(t, 205+95, pos(b, "viper").Y, 1e-9, "move 1: the overboost line only")
	assert.ElementsMatch(t, []string{"raider"}, targets(b, "viper"))
	assert.ElementsMatch(t, []string{"viper"}, targets(b, "raider"))

	declare(t, b, battle.Colonial, nil, nil, at("viper", "raider"))
	declare(t, b, battle.Cylon, []int{1, 1}, nil) // the raider holds its fire
	require.Equal(t, battle.Declaring, b.Phase())
	require.Equal(t, 2, b.State().Step)
	assert.InDelta(t, 205+95+40, pos(b, "viper").Y, 1e-9, "move 2: the second card from the overboost's red end")
	assert.True(t, ship(b, "viper").Fired)
	assert.Empty(t, targets(b, "viper"), "it fired in the first firing step")
	assert.ElementsMatch(t, []string{"viper"}, targets(b, "raider"), "it did not fire in the first step")
	_, err := b.Apply(battle.Command{Type: battle.CmdDeclare, Side: battle.Colonial, Shots: []battle.Shot{at("viper", "raider")}})
	require.Error(t, err, "the viper cannot fire twice in a turn")

	declare(t, b, battle.Cylon, []int{1, 1}, nil, at("raider", "viper"))
	require.Equal(t, 2, b.Turn())
	require.Equal(t, battle.Planning, b.Phase())

	ev := b.State().Events
	inOrder(t, ev,
		battle.Event{Kind: battle.EvRevealed, Ship: "viper"},
		battle.Event{Kind: battle.EvMoveStep, Step: 1},
		battle.Event{Kind: battle.EvFiringStep, Step: 1},
		battle.Event{Kind: battle.EvAttack, Ship: "viper", Other: "raider"},
		battle.Event{Kind: battle.EvMoveStep, Step: 2},
		battle.Event{Kind: battle.EvFiringStep, Step: 2},
		battle.Event{Kind: battle.EvAttack, Ship: "raider", Other: "viper"},
		battle.Event{Kind: battle.EvTurn, Turn: 2})
}

// ---------------------------------------------------------------------------
// Special cases: overlapping spaceships, leaving the table.

// Quick Start, Special cases: Overlapping spaceships. The faster ship
// advances straight ahead just enough to clear; neither fires this turn.
func TestOverlappingSpaceshipsQuickStartFasterAdvances(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 430, 90, 0)))
	planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("straight"), maneuvers.Medium)})
	// Different speeds: no pick is asked for (do fails on a request).
	ev := reveal(t, b, nil)
	assert.InDelta(t, 430, pos(b, "raider").Y, 1e-9, "the slower ship stays")
	assert.InDelta(t, 450, pos(b, "viper").X, 1e-9, "straight ahead")
	assert.InDelta(t, 430+45, pos(b, "viper").Y, 1e-5, "just enough: the flats touch")
	d, _, _ := baseOf(b, "viper").Distance(baseOf(b, "raider"))
	assert.Less(t, d, 1e-5, "the bases touch")
	assert.False(t, physics.ConvexInteriorsIntersect(baseOf(b, "viper"), baseOf(b, "raider")), "and do not overlap")
	assert.NotEqual(t, -1, indexOf(ev, battle.Event{Kind: battle.EvSlides, Ship: "viper"}))

	// The raider has the viper dead ahead at short range, but overlapping
	// ships cannot fire this turn: the firing step passes.
	assert.Equal(t, 2, b.Turn(), "no one could fire: the next turn")
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvFiringStep}))

	// The next turn they fire normally.
	planAll(t, b, nil)
	reveal(t, b, nil)
	require.Equal(t, battle.Declaring, b.Phase())
	assert.ElementsMatch(t, []string{"viper"}, targets(b, "raider"))
}

// Quick Start, Overlapping spaceships: "If two spaceships have the same
// speed, decide randomly which one advances": the pick chooses it.
func TestOverlappingSpaceshipsQuickStartTieIsRandom(t *testing.T) {
	for _, tt := range []struct {
		pick     int
		advances string
		stays    string
		want     float64 // where the advancing ship ends
	}{
		{0, "viper", "raider", 395 + 45}, // north, clear of the raider
		{1, "raider", "viper", 385 - 45}, // south, its own heading
	} {
		t.Run(tt.advances+" advances", func(t *testing.T) {
			b := newCompanion(t, setup(quick,
				spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
				spec("raider", "cylon-raider", battle.Cylon, 450, 480, 270, 0)))
			low := plan(cards("straight"), maneuvers.Low)
			planAll(t, b, map[string]*starship.Plan{"viper": low, "raider": low})
			_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
			require.True(t, battle.IsNeedInput(err), "a tie asks for a pick: %v", err)
			reveal(t, b, []int{tt.pick})
			stays := map[string]float64{"viper": 385, "raider": 395}[tt.stays]
			assert.InDelta(t, stays, pos(b, tt.stays).Y, 1e-9)
			assert.InDelta(t, tt.want, pos(b, tt.advances).Y, 1e-5)
			assert.False(t, physics.ConvexInteriorsIntersect(baseOf(b, "viper"), baseOf(b, "raider")))
		})
	}
}

// Quick Start, Overlapping spaceships: with more than two, the slowest
// stays, the next fastest slides first, and so on until all are clear.
func TestOverlappingSpaceshipsQuickStartThreeShips(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("still", "viper-mk2", battle.Colonial, 450, 450, 90, 0),
		spec("slow", "cylon-raider", battle.Cylon, 450, 375, 90, 0),
		spec("fast", "viper-mk2", battle.Colonial, 450, 325, 90, 0))) // clear of slow: ships start apart
	planAll(t, b, map[string]*starship.Plan{
		"slow": plan(cards("straight"), maneuvers.Low),    // ends at 460
		"fast": plan(cards("straight"), maneuvers.Medium), // ends at 440
	})
	reveal(t, b, nil)
	assert.InDelta(t, 450, pos(b, "still").Y, 1e-9, "the slowest stays")
	assert.InDelta(t, 450+45, pos(b, "slow").Y, 1e-5, "the next slides clear of the slowest")
	assert.InDelta(t, 450+90, pos(b, "fast").Y, 1e-5, "the fastest slides clear of both, after the other")
	for _, p := range [][2]string{{"still", "slow"}, {"still", "fast"}, {"slow", "fast"}} {
		assert.False(t, physics.ConvexInteriorsIntersect(baseOf(b, p[0]), baseOf(b, p[1])), "%v", p)
	}
}

// Quick Start, Overlapping spaceships and Illegal moves: a ship that slides
// out of the playing area, even partly, is eliminated like any other.
func TestOverlappingSpaceshipsQuickStartSlidingOffTheTable(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 750, 90, 0),
		spec("viper-2", "viper-mk2", battle.Colonial, 150, 150, 0, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 0)))
	planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("straight"), maneuvers.Low)}) // ends at 835
	reveal(t, b, nil)
	v := ship(b, "viper")
	assert.True(t, v.Out, "its front flat would end at 917.5 of 900")
	assert.Equal(t, "slid out of the playing area", v.Cause)
	assert.False(t, ship(b, "raider").Out)
}

// Quick Start Overlapping spaceships forbid the overlapping ships to fire;
// nothing in the rule keeps other ships from firing at them.
func TestOverlappingSpaceshipsQuickStartOthersMayFireAtThem(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 430, 90, 0),
		spec("raider-2", "cylon-raider", battle.Cylon, 600, 475, 180, 0)))
	planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("straight"), maneuvers.Medium)})
	reveal(t, b, nil)
	require.InDelta(t, 475, pos(b, "viper").Y, 1e-5)
	require.Equal(t, 1, b.Turn())
	require.Equal(t, battle.Declaring, b.Phase(), "raider-2 may fire at the overlapping ships")
	assert.Empty(t, targets(b, "viper"))
	assert.Empty(t, targets(b, "raider"))
	assert.ElementsMatch(t, []string{"viper"}, targets(b, "raider-2"))
}

// Complete Rules, Special cases: Overlapping spaceships. No sliding; the
// two cannot fire at each other but can fire at others and be fired at,
// and they do not block each other's line of sight.
func TestOverlappingSpaceshipsComplete(t *testing.T) {
	b := newCompanion(t, setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 450, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 555, 270, 0), // ships start apart (Setup.Check): it flies into the viper
		spec("raider-2", "cylon-raider", battle.Cylon, 450, 620, 270, 0)))
	planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.Low)})
	reveal(t, b, []int{0})
	require.Equal(t, battle.Declaring, b.Phase())
	assert.Equal(t, physics.V(450, 450), pos(b, "viper"), "no sliding in the Complete Rules")
	assert.InDelta(t, 450, pos(b, "raider").X, 1e-9)
	assert.InDelta(t, 470, pos(b, "raider").Y, 1e-9)
	assert.False(t, ship(b, "viper").NoFire)
	assert.ElementsMatch(t, []string{"raider-2"}, targets(b, "viper"), "not at the overlapping raider; past it at the other")
	assert.Empty(t, targets(b, "raider"), "not at the overlapping viper")
	assert.ElementsMatch(t, []string{"viper"}, targets(b, "raider-2"), "the overlapping raider does not block the shot")
}

// Quick Start, Special cases: a spaceship that moves out of the playing
// area, even partially, is eliminated.
func TestLeavingThePlayingArea(t *testing.T) {
	for _, rules := range []starship.Rules{quick, complete} {
		for _, tt := range []struct {
			name  string
			start float64 // a low straight move: 85 mm up the table
			out   bool
		}{
			{"partly outside", 795, true}, // the front flat ends 2.5 mm past the edge
			{"just inside", 792, false},   // 0.5 mm short of it
			{"far outside", 850, true},
		} {
			t.Run(string(rules.Set)+"/"+tt.name, func(t *testing.T) {
				b := newCompanion(t, setup(rules,
					spec("viper", "viper-mk2", battle.Colonial, 450, tt.start, 90, 1),
					spec("viper-2", "viper-mk2", battle.Colonial, 150, 150, 0, 0),
					spec("raider", "cylon-raider", battle.Cylon, 700, 150, 0, 0)))
				planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("straight"), maneuvers.Low)})
				reveal(t, b, nil)
				s := ship(b, "viper")
				assert.Equal(t, tt.out, s.Out)
				if tt.out {
					assert.Equal(t, "moved out of the playing area", s.Cause)
				}
			})
		}
	}
}

// Special cases: leaving the playing area "even partially" is judged on
// the whole base swept along the path, in every movement step, not on the
// end pose alone. A hard right turn begun 78 mm below the north edge ends
// 4.05 mm inside it, but the base's corner rises 3.69 mm beyond on the way
// (worked out in maneuvers' TestSweepAreaHardTurnBulgesOverTheEdge); a
// change of direction turns the base 60° in place 24 mm from the east
// edge, and a corner passes 1.98 mm beyond it.
func TestLeavingThePlayingAreaAlongThePathSpecialCases(t *testing.T) {
	others := []battle.ShipSpec{
		spec("viper-2", "viper-mk2", battle.Colonial, 150, 150, 0, 0),
		spec("raider", "cylon-raider", battle.Cylon, 700, 150, 0, 0),
	}
	for _, rules := range []starship.Rules{quick, complete} {
		for _, tt := range []struct {
			y   float64
			out bool
		}{{822, true}, {830, true}, {814, false}} {
			t.Run(fmt.Sprintf("%s/hard turn from y %g", rules.Set, tt.y), func(t *testing.T) {
				b := newCompanion(t, setup(rules, append([]battle.ShipSpec{spec("viper", "viper-mk2", battle.Colonial, 450, tt.y, 90, 1)}, others...)...))
				planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("hard-turn-right"), maneuvers.Low)})
				reveal(t, b, nil)
				s := ship(b, "viper")
				assert.Equal(t, tt.out, s.Out)
				if tt.out {
					assert.Equal(t, "moved out of the playing area", s.Cause)
					assert.Equal(t, battle.North, s.ExitEdge)
				}
			})
		}
	}
	for _, tt := range []struct {
		x   float64
		out bool
	}{{876, true}, {874, false}} {
		t.Run(fmt.Sprintf("change direction in place at x %g", tt.x), func(t *testing.T) {
			viper := spec("viper", "viper-mk2", battle.Colonial, tt.x, 450, 0, 1)
			viper.Rotation = 2
			b := newCompanion(t, setup(complete, append([]battle.ShipSpec{viper}, others...)...))
			planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("change-direction", "straight"), maneuvers.Stop)})
			reveal(t, b, nil)
			s := ship(b, "viper")
			assert.Equal(t, tt.out, s.Out)
			if tt.out {
				assert.Equal(t, battle.East, s.ExitEdge)
			} else {
				assert.Equal(t, 0, s.Ship.Rotation)
			}
		})
	}
}

// ---------------------------------------------------------------------------
// Optional features: planetoids and asteroid fields.

// Planetoids: a ship that ends its move with its base overlapping a
// planetoid draws one collision counter; one that stops short draws none;
// with Three-dimensional space only a planetoid at its level counts.
func TestPlanetoids(t *testing.T) {
	for _, tt := range []struct {
		name    string
		rules   starship.Rules
		rock    referee.Obstacle
		collide bool
	}{
		// The viper ends at y = 415; its front flat at 437.5.
		{"Quick Start: overlapping", quick, planetoid("rock", 450, 460, 30), true},
		{"Complete: overlapping", complete, planetoid("rock", 450, 460, 30), true},
		{"short of it", quick, planetoid("rock", 450, 470, 30), false},
		{"three-dimensional, another level", with(complete, starship.OptThreeD), func() referee.Obstacle {
			o := planetoid("rock", 450, 460, 30)
			o.Level = 2
			return o
		}(), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := setup(tt.rules,
				spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 2),
				spec("raider", "cylon-raider", battle.Cylon, 150, 150, 0, 0))
			s.Obstacles = []referee.Obstacle{tt.rock}
			b := newCompanion(t, s)
			planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("straight"), maneuvers.Medium)})
			if !tt.collide {
				reveal(t, b, nil) // fails if a counter is asked for
				assert.Empty(t, ship(b, "viper").Collisions)
				return
			}
			reveal(t, b, nil, "2")
			assert.Equal(t, []string{"2"}, counterTexts(ship(b, "viper").Collisions))
			assert.Equal(t, 2, ship(b, "viper").Damage())
			assert.Len(t, b.State().Collisions, battle.CollisionCounters(comp)-1, "out of the collision cup")
		})
	}
}

// Sparse and Dense asteroid fields, Complete Rules: a ship moving inside a
// field draws by its kinetic energy: 0–1 none; 2–3 sparse draws 3 and
// keeps 1, dense draws 2 and keeps 1; 4 or more, or −1, sparse draws 3 and
// keeps 2, dense draws 2 and keeps both. The lowest counters are kept, the
// others go back to the cup. A move of two steps checks the end of each.
func TestAsteroidFieldsCompleteRules(t *testing.T) {
	type row struct {
		name  string
		ke    int
		plan  *starship.Plan
		steps int // movement steps ending inside the field
	}
	rows := []row{
		{"kinetic energy 0", 0, stop(), 0},
		{"kinetic energy 1", 1, plan(cards("straight"), maneuvers.Low), 0},
		{"kinetic energy 2", 2, plan(cards("straight"), maneuvers.Medium), 1},
		{"kinetic energy 3", 3, plan(cards("straight"), maneuvers.High), 1},
		{"kinetic energy -1", -1, plan(cards("straight"), maneuvers.Back), 1},
		{"kinetic energy 4", 4, plan(cards("overboost-straight", "straight"), maneuvers.Low), 2},
		{"kinetic energy 6", 6, plan(cards("overboost-straight", "straight"), maneuvers.High), 2},
	}
	for _, density := range []referee.Density{referee.Sparse, referee.Dense} {
		for _, r := range rows {
			t.Run(string(density)+"/"+r.name, func(t *testing.T) {
				s := setup(complete,
					spec("raider", "cylon-raider", battle.Cylon, 450, 400, 90, r.ke),
					spec("viper", "viper-mk2", battle.Colonial, 100, 100, 0, 0))
				s.Obstacles = []referee.Obstacle{field("field", density, 300, 300, 600, 700)}
				b := newCompanion(t, s)
				planAll(t, b, map[string]*starship.Plan{"raider": r.plan})
				keep := 1
				if r.ke >= 4 || r.ke == -1 {
					keep = 2
				}
				// The lowest is drawn last: a short draw would keep another.
				drawn, kept := []string{"3", "2", "0"}, []string{"0", "2"}[:keep]
				if density == referee.Dense {
					drawn, kept = []string{"3", "1"}, []string{"1", "3"}[:keep]
				}
				var supply, want []string
				for k := 0; k < r.steps; k++ {
					supply = append(supply, drawn...)
					want = append(want, kept...)
				}
				ev := reveal(t, b, nil, supply...)
				if r.steps == 0 {
					assert.Empty(t, ship(b, "raider").Collisions)
					return
				}
				assert.Equal(t, want, counterTexts(ship(b, "raider").Collisions), "the lowest are kept: %q", texts(ev))
				assert.Len(t, b.State().Collisions, battle.CollisionCounters(comp)-len(want), "the others go back to the cup")
			})
		}
	}
}

// Sparse and Dense asteroid fields, Quick Start Rules: by speed and
// overboost. Stop or low: none; medium or high: sparse 3 keep 1, dense 2
// keep 1; backward, or any overboost: sparse 3 keep 2, dense 2 keep 2.
func TestAsteroidFieldsQuickStart(t *testing.T) {
	rows := []struct {
		name string
		plan *starship.Plan
		keep int
	}{
		{"stop", stop(), 0},
		{"low", plan(cards("straight"), maneuvers.Low), 0},
		{"medium", plan(cards("straight"), maneuvers.Medium), 1},
		{"high", plan(cards("straight"), maneuvers.High), 1},
		{"back", plan(cards("straight"), maneuvers.Back), 2},
		{"overboost and low", plan(cards("overboost-straight", "straight"), maneuvers.Low), 2},
	}
	for _, density := range []referee.Density{referee.Sparse, referee.Dense} {
		for _, r := range rows {
			t.Run(string(density)+"/"+r.name, func(t *testing.T) {
				s := setup(quick,
					spec("raider", "cylon-raider", battle.Cylon, 450, 400, 90, 0),
					spec("viper", "viper-mk2", battle.Colonial, 100, 100, 0, 0))
				s.Obstacles = []referee.Obstacle{field("field", density, 300, 300, 600, 700)}
				b := newCompanion(t, s)
				planAll(t, b, map[string]*starship.Plan{"raider": r.plan})
				if r.keep == 0 {
					reveal(t, b, nil)
					assert.Empty(t, ship(b, "raider").Collisions)
					return
				}
				drawn, kept := []string{"2", "3", "1"}, []string{"1", "2"}
				if density == referee.Dense {
					drawn, kept = []string{"3", "1"}, []string{"1", "3"}
				}
				reveal(t, b, nil, drawn...)
				assert.Equal(t, kept[:r.keep], counterTexts(ship(b, "raider").Collisions))
			})
		}
	}
}

// Asteroid fields: a ship also moves inside a field when two opposite
// sides of a maneuver card both lie over it, though its base ends outside;
// a card that only grazes the field with one side does not count.
func TestAsteroidFieldsCardAcrossTheField(t *testing.T) {
	// The viper at (450, 300) heading up the table flies medium straight:
	// its card covers x 415..485, y 322.5..432.5; its base ends at 392.5..437.5.
	for _, tt := range []struct {
		name   string
		rules  starship.Rules
		strip  referee.Obstacle
		inside bool
	}{
		{"Complete: a strip across the card", complete, field("strip", referee.Sparse, 300, 340, 600, 370), true},
		{"Quick Start: a strip across the card", quick, field("strip", referee.Sparse, 300, 340, 600, 370), true},
		{"one side only", complete, field("strip", referee.Sparse, 470, 340, 600, 370), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := setup(tt.rules,
				spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 2),
				spec("raider", "cylon-raider", battle.Cylon, 150, 800, 0, 0))
			s.Obstacles = []referee.Obstacle{tt.strip}
			b := newCompanion(t, s)
			planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("straight"), maneuvers.Medium)})
			if !tt.inside {
				reveal(t, b, nil)
				assert.Empty(t, ship(b, "viper").Collisions)
				return
			}
			ev := reveal(t, b, nil, "3", "2", "1")
			assert.Equal(t, []string{"1"}, counterTexts(ship(b, "viper").Collisions), "medium speed in a sparse field: keep one of three")
			if i := indexOf(ev, battle.Event{Kind: battle.EvAsteroids}); assert.NotEqual(t, -1, i) {
				assert.Equal(t, "sparse", ev[i].Density)
			}
		})
	}
}

// ---------------------------------------------------------------------------
// Firing: modifiers.

// Complete Rules, Modifiers to combat: target's kinetic energy 0 +1, 4 or
// more −1 (not when it changes direction); attacker's kinetic energy 5 or
// more −1. Pilot tokens (with the Pilots rule): nugget −1, rookie and
// average 0, expert +1, ace +2. The target stands at medium range (no range
// modifier) after the first movement step in every case.
func TestModifiersToCombat(t *testing.T) {
	type side struct {
		y, ke int
		plan  *starship.Plan
	}
	still := side{450, 0, stop()}
	viperStill := side{300, 0, stop()}
	for _, tt := range []struct {
		name   string
		rules  starship.Rules
		viper  side // the attacker, heading up the table
		raider side // the target, heading away from it
		pilot  starship.Pilot
		want   []string
	}{
		{"target kinetic energy 0", complete, viperStill, still, "", []string{"target still +1"}},
		{"target kinetic energy 1", complete, viperStill, side{365, 1, plan(cards("straight"), maneuvers.Low)}, "", nil},
		// The ships start apart (Setup.Check): the viper comes up to 300.
		{"target kinetic energy 3", complete, side{215, 1, plan(cards("straight"), maneuvers.Low)}, side{305, 3, plan(cards("straight"), maneuvers.High)}, "", nil},
		{"target kinetic energy 4", complete, viperStill, side{355, 4, plan(cards("overboost-straight", "straight"), maneuvers.Low)}, "", []string{"target fast -1"}},
		{"target kinetic energy 6", complete, viperStill, side{355, 6, plan(cards("overboost-straight", "straight"), maneuvers.High)}, "", []string{"target fast -1"}},
		{"target kinetic energy -1", complete, viperStill, side{480, -1, plan(cards("straight"), maneuvers.Back)}, "", nil},
		// Kinetic energy 5 last turn; the change of direction sets it to 3
		// at the reveal (the drift is 90 mm).
		{"target changing direction", complete, viperStill, side{360, 5, plan(cards("change-direction", "straight"), maneuvers.High)}, "", nil},
		{"attacker kinetic energy 5", complete, side{205, 5, plan(cards("overboost-straight", "straight"), maneuvers.Medium)}, still, "", []string{"target still +1", "shooting fast -1"}},
		{"attacker kinetic energy 4", complete, side{205, 4, plan(cards("overboost-straight", "straight"), maneuvers.Low)}, still, "", []string{"target still +1"}},
		{"Quick Start: no kinetic energy modifiers", quick, side{300, 5, stop()}, side{450, 0, stop()}, "", nil},
		{"pilot token nugget", with(complete, starship.OptPilots), viperStill, still, starship.Nugget, []string{"target still +1", "Nugget -1"}},
		{"pilot token rookie", with(complete, starship.OptPilots), viperStill, still, starship.Rookie, []string{"target still +1"}},
		{"pilot token average", with(complete, starship.OptPilots), viperStill, still, starship.Average, []string{"target still +1"}},
		{"pilot token expert", with(complete, starship.OptPilots), viperStill, still, starship.Expert, []string{"target still +1", "Expert +1"}},
		{"pilot token ace", with(complete, starship.OptPilots), viperStill, still, starship.Ace, []string{"target still +1", "Ace +2"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := spec("viper", "viper-mk2", battle.Colonial, 450, float64(tt.viper.y), 90, tt.viper.ke)
			v.Pilot = tt.pilot
			b := newCompanion(t, setup(tt.rules, v,
				spec("raider", "cylon-raider", battle.Cylon, 450, float64(tt.raider.y), 90, tt.raider.ke)))
			planAll(t, b, map[string]*starship.Plan{"viper": tt.viper.plan, "raider": tt.raider.plan})
			reveal(t, b, nil)
			require.Equal(t, battle.Declaring, b.Phase())
			require.InDelta(t, 450, pos(b, "raider").Y, 1e-9, "the target after the first movement step")
			a := onlyAttack(t, declare(t, b, battle.Colonial, []int{1, 1}, nil, at("viper", "raider")))
			assert.ElementsMatch(t, tt.want, a.Mods)
			assert.Equal(t, 1+1+modSum(t, tt.want), a.Total)
		})
	}
}

// Sparse and Dense asteroid fields: cover. A line through a sparse field
// or a target's stand inside one is −2, dense −4; the worst applies, the
// modifiers are not added.
func TestAsteroidFieldsCover(t *testing.T) {
	// The viper at (450, 300) fires up the table at the raider at (450, 450);
	// the line runs from y 300 to 427.5.
	between := func(d referee.Density) referee.Obstacle { return field("between", d, 300, 350, 600, 390) }
	around := func(d referee.Density) referee.Obstacle { return field("around", d, 410, 420, 490, 480) }
	for _, tt := range []struct {
		name   string
		fields []referee.Obstacle
		want   []string
	}{
		{"no field", nil, nil},
		{"sparse between", []referee.Obstacle{between(referee.Sparse)}, []string{"cover -2"}},
		{"dense between", []referee.Obstacle{between(referee.Dense)}, []string{"cover -4"}},
		{"target in a sparse field", []referee.Obstacle{around(referee.Sparse)}, []string{"cover -2"}},
		{"sparse between, target in a dense field", []referee.Obstacle{between(referee.Sparse), around(referee.Dense)}, []string{"cover -4"}},
		{"two sparse fields", []referee.Obstacle{between(referee.Sparse), around(referee.Sparse)}, []string{"cover -2"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := setup(quick,
				spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
				spec("raider", "cylon-raider", battle.Cylon, 450, 450, 90, 0))
			s.Obstacles = tt.fields
			b := newCompanion(t, s)
			planAll(t, b, nil)
			reveal(t, b, nil)
			a := onlyAttack(t, declare(t, b, battle.Colonial, []int{1, 1}, nil, at("viper", "raider")))
			assert.ElementsMatch(t, tt.want, a.Mods)
			assert.Equal(t, 2+modSum(t, tt.want), a.Total)
		})
	}
}

// Optional rules: Aiming. Firing at the same target as last turn: +2 after
// a miss, +3 after a hit; nothing if the turns are not consecutive, at
// another target, or if the shooter received a counter of any kind last
// turn.
func TestAiming(t *testing.T) {
	aiming := with(complete, starship.OptAiming)
	newDuel := func(t *testing.T) *battle.Battle {
		return newCompanion(t, setup(aiming,
			spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
			spec("raider", "cylon-raider", battle.Cylon, 420, 450, 90, 0),
			spec("raider-2", "cylon-raider", battle.Cylon, 480, 450, 90, 0)))
	}
	// turn plays one turn standing still; the viper fires at
	// target ("" holds fire) with the dice and counters.
	turn := func(t *testing.T, b *battle.Battle, target string, dice []int, counters ...string) []string {
		t.Helper()
		planAll(t, b, nil)
		reveal(t, b, nil)
		if target == "" {
			declare(t, b, battle.Colonial, nil, nil)
			declare(t, b, battle.Colonial, nil, nil) // and in the second firing step
			return nil
		}
		var aim []string // the aiming terms (standing targets also give +1)
		for _, m := range onlyAttack(t, declare(t, b, battle.Colonial, dice, counters, at("viper", target))).Mods {
			if strings.HasPrefix(m, "aiming") {
				aim = append(aim, m)
			}
		}
		return aim
	}
	t.Run("after a miss, after a hit, not after a pause", func(t *testing.T) {
		b := newDuel(t)
		assert.Empty(t, turn(t, b, "raider", []int{1, 1}))
		assert.Equal(t, []string{"aiming after a miss +2"}, turn(t, b, "raider", []int{2, 2}, "1")) // 2+2+2+1 hits
		assert.Equal(t, []string{"aiming after a hit +3"}, turn(t, b, "raider", []int{1, 1}, "1"))  // 1+1+3+1 hits
		turn(t, b, "", nil)
		assert.Empty(t, turn(t, b, "raider", []int{1, 1}), "the turns are not consecutive")
	})
	t.Run("another target", func(t *testing.T) {
		b := newDuel(t)
		turn(t, b, "raider", []int{1, 1})
		assert.Empty(t, turn(t, b, "raider-2", []int{1, 1}))
		assert.Equal(t, []string{"aiming after a miss +2"}, turn(t, b, "raider-2", []int{1, 1}))
	})
	t.Run("a counter last turn", func(t *testing.T) {
		b := newDuel(t)
		// An illegal plan (two maneuver cards) costs a counter at the
		// reveal; the viper stays where it is (a straight card at stop).
		do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper",
			Plan: &starship.Plan{Cards: cards("straight", "bank-left"), Speed: maneuvers.Stop}}, nil)
		for _, id := range []string{"raider", "raider-2"} {
			do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: id, Plan: stop()}, nil)
		}
		reveal(t, b, nil, "1")
		require.Len(t, ship(b, "viper").Counters, 1)
		onlyAttack(t, declare(t, b, battle.Colonial, []int{1, 1}, nil, at("viper", "raider")))
		assert.Empty(t, turn(t, b, "raider", []int{1, 1}), "a counter last turn: no aiming bonus")
		assert.Equal(t, []string{"aiming after a miss +2"}, turn(t, b, "raider", []int{1, 1}), "none this turn: the bonus is back")
	})
}

// Optional rules: Rolling doubles. A double is split into two attacks when
// that gives more hits, and each hit draws its own counter: attack 5, +2,
// rolling 4 and 4 makes two hits (the rulebook's example).
func TestRollingDoubles(t *testing.T) {
	for _, tt := range []struct {
		name    string
		class   string
		pilot   starship.Pilot
		doubles bool
		d       int
		hits    int
	}{
		{"the example: attack 5, +2, 4 and 4", "heavy-raider", starship.Ace, true, 4, 2},
		{"without the rule", "heavy-raider", starship.Ace, false, 4, 1},
		{"one die falls short: no split", "viper-mk2", starship.Average, true, 3, 1},
		{"both fall short", "viper-mk2", starship.Average, true, 2, 0},
		{"6 and 6 at attack 6", "viper-mk2", starship.Average, true, 6, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rules := with(complete, starship.OptPilots)
			if tt.doubles {
				rules = with(rules, starship.OptDoubles)
			}
			v := spec("shooter", tt.class, battle.Colonial, 450, 300, 90, 0)
			v.Pilot = tt.pilot
			b := newCompanion(t, setup(rules, v, spec("raider", "cylon-raider", battle.Cylon, 450, 450, 90, 0)))
			planAll(t, b, nil)
			reveal(t, b, nil)
			counters := []string{"1", "2"}[:tt.hits]
			a := onlyAttack(t, declare(t, b, battle.Colonial, []int{tt.d, tt.d}, counters, at("shooter", "raider")))
			assert.Len(t, ship(b, "raider").Counters, tt.hits, "one damage draw per hit: %+v", a)
			assert.Equal(t, tt.hits, a.Hits)
			assert.Equal(t, tt.hits == 2, a.Split, "two hits only by splitting doubles")
		})
	}
}

// ---------------------------------------------------------------------------
// Damage.

// Critical hits and special damage: a "+" draws a second counter; a "+" on
// that second counter is ignored.
func TestCriticalHitsPlus(t *testing.T) {
	for _, rules := range []starship.Rules{quick, complete} {
		for _, tt := range []struct {
			drawn []string
		}{
			{[]string{"4"}},
			{[]string{"4+", "3"}},
			{[]string{"1+", "2+"}}, // no third counter
			{[]string{"3+", "1+"}},
		} {
			t.Run(string(rules.Set)+"/"+strings.Join(tt.drawn, ","), func(t *testing.T) {
				b := newCompanion(t, setup(rules,
					spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
					spec("raider", "cylon-raider", battle.Cylon, 450, 450, 90, 0)))
				planAll(t, b, nil)
				reveal(t, b, nil)
				// do fails if the engine asks for a counter not supplied.
				declare(t, b, battle.Colonial, []int{6, 5}, tt.drawn, at("viper", "raider"))
				assert.Equal(t, tt.drawn, counterTexts(ship(b, "raider").Counters))
			})
		}
	}
}

// Special damage: the symbols count with the Complete Rules only, and from
// the next step (Quick Start: Critical hits and special damage ignores them).
func TestSpecialDamageSymbols(t *testing.T) {
	for _, tt := range []struct {
		counter string
		want    starship.Damage
	}{
		{"1 engine", starship.Damage{Engine: 1}},
		{"4 control", starship.Damage{Control: 1}},
		{"2 pilot", starship.Damage{Pilot: 1}},
		{"1 hull", starship.Damage{Hull: 1}},
		{"3", starship.Damage{}},
	} {
		for _, rules := range []starship.Rules{quick, complete} {
			t.Run(string(rules.Set)+"/"+tt.counter, func(t *testing.T) {
				b := newCompanion(t, setup(rules,
					spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
					spec("raider", "cylon-raider", battle.Cylon, 450, 450, 90, 0)))
				planAll(t, b, nil)
				reveal(t, b, nil)
				declare(t, b, battle.Colonial, []int{6, 5}, []string{tt.counter}, at("viper", "raider"))
				want := tt.want
				if rules.Set == starship.Quick {
					want = starship.Damage{}
				}
				assert.Equal(t, want, ship(b, "raider").Ship.Damage)
				assert.Equal(t, starship.Damage{}, ship(b, "raider").Pending, "applied by the next step")
			})
		}
	}
}

// Special damage: pilot. Wounded −1, severely wounded −2 from the next step
// (firing is simultaneous: a shot in the same step as the wound has no
// penalty); a third wound kills the pilot and eliminates the ship, which
// still fires in that step.
func TestSpecialDamagePilotWounds(t *testing.T) {
	b := newCompanion(t, setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	// exchange plays a turn in which both stand still and fire at each
	// other in the first step, the viper's shot first, and returns the
	// raider's modifiers.
	exchange := func(wound string) []string {
		t.Helper()
		planAll(t, b, nil)
		reveal(t, b, []int{0}) // the Colonial declares first
		declare(t, b, battle.Colonial, nil, nil, at("viper", "raider"))
		ev := declare(t, b, battle.Cylon, []int{5, 1, 1, 1}, []string{wound}, at("raider", "viper"))
		for _, a := range attacks(ev) {
			if a.Shooter == "raider" {
				return a.Mods
			}
		}
		t.Fatalf("the raider did not fire: %q", texts(ev))
		return nil
	}
	assert.Equal(t, []string{"target still +1"}, exchange("2 pilot"), "wounded in the same step: no penalty yet")
	assert.Equal(t, 1, ship(b, "raider").Ship.Damage.Pilot)
	assert.Equal(t, []string{"target still +1", "wounded -1"}, exchange("3 pilot"))
	assert.Equal(t, 2, ship(b, "raider").Ship.Damage.Pilot)
	// Severely wounded: its next cards are planned now, at the beginning of
	// the second movement step.
	require.Equal(t, battle.Preplanning, b.Phase())
	do(t, b, battle.Command{Type: battle.CmdPreplan, Side: battle.Cylon, Ship: "raider", Plan: plan(cards("straight"), maneuvers.Stop)}, nil)
	assert.Equal(t, []string{"target still +1", "severely wounded -2"}, exchange("5 pilot"), "it fires in the step its pilot dies")
	r := ship(b, "raider")
	assert.True(t, r.Out)
	assert.Equal(t, "its pilot is killed", r.Cause)
	assert.Less(t, 2+3+5, b.Class("cylon-raider").Structure, "the damage alone would not do it")
}

// Quick Start, Special cases: Illegal moves. The slider goes back to last
// turn's speed, the ship flies its straight maneuver, and draws one
// counter, whatever the number of reasons, using its numeric value only.
func TestIllegalMovesQuickStart(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 2), // medium last turn
		spec("raider", "cylon-raider", battle.Cylon, 150, 150, 0, 0)))
	planAll(t, b, map[string]*starship.Plan{
		"viper": plan(cards("overboost-bank-left", "hard-turn-left"), maneuvers.High), // G 5 and no high arrow
	})
	ev := reveal(t, b, nil, "4+") // a "+": no second counter
	v := ship(b, "viper")
	i := indexOf(ev, battle.Event{Kind: battle.EvIllegal, Ship: "viper"})
	require.NotEqual(t, -1, i, "%q", texts(ev))
	assert.Equal(t, []string{"g-limit", "no-arrow-for-speed"}, ev[i].Rules, "two reasons")
	assert.Equal(t, []string{"straight"}, ev[i].Cards, "it flies its first card")
	assert.Equal(t, maneuvers.Medium, ev[i].Speed)
	assert.Equal(t, 1, ev[i].Count, "one damage counter")
	assert.Equal(t, []string{"4+"}, counterTexts(v.Counters), "one counter for all the reasons")
	assert.InDelta(t, 300+70+45, v.Ship.Pose.Pos.Y, 1e-9, "medium straight: last turn's speed")
}

// Complete Rules, Special cases: Illegal moves. One counter per kind of
// reason (not straight while rotated; too much acceleration; anything
// else), numeric value only: no second counter for a "+", no special
// damage.
func TestIllegalMovesComplete(t *testing.T) {
	for _, tt := range []struct {
		name     string
		ke, rot  int
		plan     starship.Plan
		counters []string
	}{
		{"rotated with a bank: one kind", 2, 2, starship.Plan{Cards: cards("bank-left"), Speed: maneuvers.Medium, Rotate: 2}, []string{"2+ hull"}},
		{"rotated and accelerating: two kinds", 2, -1, starship.Plan{Cards: cards("turn-left"), Speed: maneuvers.Low, Rotate: -1}, []string{"1 hull", "4+"}},
		{"no arrow and too fast: two kinds", -1, 0, starship.Plan{Cards: cards("hard-turn-left"), Speed: maneuvers.High}, []string{"3 engine", "1+"}},
		{"G over the limit: one kind", 3, 0, starship.Plan{Cards: cards("overboost-bank-left", "hard-turn-left"), Speed: maneuvers.Low}, []string{"2 pilot"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := spec("viper", "viper-mk2", battle.Colonial, 450, 400, 90, tt.ke)
			v.Rotation = tt.rot
			b := newCompanion(t, setup(complete, v, spec("raider", "cylon-raider", battle.Cylon, 150, 150, 0, 0)))
			p := tt.plan
			planAll(t, b, map[string]*starship.Plan{"viper": &p})
			ev := reveal(t, b, nil, tt.counters...)
			s := ship(b, "viper")
			assert.Equal(t, tt.counters, counterTexts(s.Counters), "one per kind, no second for a +")
			if i := indexOf(ev, battle.Event{Kind: battle.EvIllegal, Ship: "viper"}); assert.NotEqual(t, -1, i, "%q", texts(ev)) {
				assert.Equal(t, len(tt.counters), ev[i].Count, "one draw per kind")
			}
			drawn := 0
			for _, e := range ev {
				if e.Kind == battle.EvDamage && e.Ship == "viper" && e.Why == battle.ReasonIllegal {
					drawn += e.Count
				}
			}
			assert.Equal(t, len(tt.counters), drawn, "%q", texts(ev))
			assert.Equal(t, starship.Damage{}, s.Ship.Damage, "the symbols are ignored")
			assert.Equal(t, starship.Damage{}, s.Pending)
		})
	}
}

// ---------------------------------------------------------------------------
// Elimination.

// Fire!; Elimination of a spaceship: a ship whose damage equals or exceeds
// its structure is eliminated and its counters go back to the cup.
func TestEliminationOfASpaceship(t *testing.T) {
	for _, tt := range []struct {
		drawn []string
		out   bool
	}{
		{[]string{"4+", "5", "5"}, false},      // 14
		{[]string{"4+", "5", "3+", "3"}, true}, // 15: equal to the structure
		{[]string{"4+", "5", "3+", "5"}, true}, // 17
	} {
		t.Run(strings.Join(tt.drawn, ","), func(t *testing.T) {
			b := newCompanion(t, setup(with(complete, starship.OptDoubles),
				spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
				spec("raider", "cylon-raider", battle.Cylon, 450, 450, 90, 0),
				spec("raider-2", "cylon-raider", battle.Cylon, 150, 800, 0, 0)))
			planAll(t, b, nil)
			reveal(t, b, nil)
			declare(t, b, battle.Colonial, []int{6, 6}, tt.drawn, at("viper", "raider"))
			r := ship(b, "raider")
			assert.Equal(t, tt.out, r.Out)
			if !tt.out {
				assert.Len(t, b.State().Cup, battle.DamageCounters(comp)-len(tt.drawn))
				return
			}
			assert.Equal(t, "destroyed", r.Cause)
			assert.Empty(t, r.Counters)
			assert.Len(t, b.State().Cup, battle.DamageCounters(comp), "the counters go back to the cup")
			assert.Equal(t, 0, r.Damage())
		})
	}
}

// Fire!: firing is simultaneous, so a ship still fires in the step it is
// eliminated; the last ship standing wins (Winning the game).
func TestFiringIsSimultaneous(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptDoubles),
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	planAll(t, b, nil)
	reveal(t, b, []int{0}) // the Colonial declares first; its shot is rolled first
	declare(t, b, battle.Colonial, nil, nil, at("viper", "raider"))
	ev := declare(t, b, battle.Cylon, []int{6, 6, 6, 5}, []string{"4+", "5", "3+", "5", "1"}, at("raider", "viper"))
	as := attacks(ev)
	require.Len(t, as, 2, "%q", texts(ev))
	assert.Equal(t, "raider", as[1].Shooter, "the raider fires although the viper's shot destroyed it")
	assert.True(t, ship(b, "raider").Out)
	assert.Equal(t, 1, ship(b, "viper").Damage())
	require.NotNil(t, b.Result())
	assert.Equal(t, battle.Colonial, b.Result().Winner)
	assert.Equal(t, battle.Over, b.Phase())
}

// Fire!; Elimination of a spaceship: collision counters are damage too; a
// ship whose damage reaches its structure when it hits a planetoid is
// eliminated then, and does not fire in that turn.
func TestEliminationByCollisionDamage(t *testing.T) {
	s := setup(with(complete, starship.OptDoubles),
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 1))
	s.Obstacles = []referee.Obstacle{planetoid("rock", 500, 365, 30)} // beside the line of fire
	b := newCompanion(t, s)
	// Turn 1: the viper's doubles bring the raider to 14 of its 15.
	planAll(t, b, nil)
	reveal(t, b, []int{0})
	declare(t, b, battle.Colonial, nil, nil, at("viper", "raider"))
	declare(t, b, battle.Cylon, []int{6, 6, 1, 1}, []string{"4+", "5", "5"})
	declare(t, b, battle.Cylon, nil, nil) // the second firing step: the raider holds fire
	require.Equal(t, 14, ship(b, "raider").Damage())
	require.False(t, ship(b, "raider").Out)
	// Turn 2: the raider ends its move on the planetoid: one more point.
	planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.Low)})
	ev := reveal(t, b, []int{0}, "1")
	r := ship(b, "raider")
	assert.True(t, r.Out, "damage equal to the structure: %q", texts(ev))
	assert.Equal(t, "destroyed", r.Cause)
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvAttack, Ship: "raider"}))
	if assert.NotNil(t, b.Result()) {
		assert.Equal(t, battle.Colonial, b.Result().Winner)
	}
}

// ---------------------------------------------------------------------------
// Faster-than-light movement.

// Faster-than-light movement: with the slider at FTL the owner places a
// marker after the reveal; 2d6 pick the side (7: the front), 1d6 the
// centimetres ahead; the ship then flies its card, and cannot fire in the
// first firing step (it may in the second).
func TestFasterThanLightMovement(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptFTL),
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 2)))
	planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.FTL)})
	reveal(t, b, nil)
	require.Equal(t, battle.PlacingFTL, b.Phase())
	assert.Equal(t, []string{"raider"}, b.View(battle.Cylon).MarkersDue)
	assert.Empty(t, b.View(battle.Colonial).MarkersDue)
	marker := physics.Pose{Pos: physics.V(450, 600), Heading: physics.Deg(270)}
	_, err := b.Apply(battle.Command{Type: battle.CmdFTL, Side: battle.Colonial, Ship: "raider", Marker: &marker})
	require.Error(t, err, "the owner places the marker")
	_, err = b.Apply(battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Marker: &marker})
	require.True(t, battle.IsNeedInput(err), "the dice are rolled once the markers are down: %v", err)

	ev := do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Marker: &marker}, []int{3, 4, 2})
	if i := indexOf(ev, battle.Event{Kind: battle.EvFTLRoll, Ship: "raider"}); assert.NotEqual(t, -1, i, "%q", texts(ev)) {
		assert.Equal(t, []int{3, 4, 2}, ev[i].Dice, "two dice for the marker's side, one for the centimetres ahead")
	}
	r := ship(b, "raider")
	require.True(t, r.Outcome.Jumped)
	arrival := r.Outcome.Steps[0].Pose
	assert.InDelta(t, 450, arrival.Pos.X, 1e-9)
	assert.InDelta(t, 600-22.5-22.5-20, arrival.Pos.Y, 1e-9, "rear flat on the marker's front side, then 2 cm ahead")
	assert.InDelta(t, 600-65-70-45, pos(b, "raider").Y, 1e-9, "then its medium straight card")
	assert.Equal(t, 2, r.Ship.KE, "the kinetic energy stays")

	require.Equal(t, battle.Declaring, b.Phase())
	require.Equal(t, 1, b.State().Step)
	assert.Empty(t, targets(b, "raider"), "not in the first firing step")
	assert.ElementsMatch(t, []string{"raider"}, targets(b, "viper"))
	declare(t, b, battle.Colonial, []int{0}, nil) // holds; the pick: who declares first in step 2
	require.Equal(t, 2, b.State().Step)
	assert.ElementsMatch(t, []string{"viper"}, targets(b, "raider"), "in the second it may")
}

// Faster-than-light movement, step 3: a ship that reappears on another
// ship gives both a collision counter, and moves on until clear.
func TestFasterThanLightArrivalOnAShip(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptFTL),
		spec("viper", "viper-mk2", battle.Colonial, 450, 535, 90, 0), // where the raider reappears
		spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 2)))
	planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.FTL)})
	reveal(t, b, nil)
	marker := physics.Pose{Pos: physics.V(450, 600), Heading: physics.Deg(270)}
	ev := do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Marker: &marker}, []int{3, 4, 2}, "1", "2")
	assert.Equal(t, []string{"1"}, counterTexts(ship(b, "viper").Collisions), "the ship landed on")
	assert.Equal(t, []string{"2"}, counterTexts(ship(b, "raider").Collisions), "the jumper")
	assert.Equal(t, physics.V(450, 535), pos(b, "viper"), "the ship landed on stays")
	if i := indexOf(ev, battle.Event{Kind: battle.EvMovesOn, Ship: "raider"}); assert.NotEqual(t, -1, i, "%q", texts(ev)) {
		assert.InDelta(t, 45, ev[i].Distance, 0.05, "pushed ahead just clear")
	}
	assert.InDelta(t, 535-45-115, pos(b, "raider").Y, 1e-5, "and its card flown from there")
}

// Faster-than-light movement, step 3, with Three-dimensional space:
// objects affect only ships at their own level, so reappearing over a
// planetoid or a ship at another level costs nothing.
func TestFasterThanLightArrivalAtAnotherLevel(t *testing.T) {
	for _, tt := range []struct {
		name     string
		onShip   bool // the viper stands where the raider reappears; else a planetoid lies there
		level    int  // of the viper or the planetoid
		counters []string
	}{
		{"planetoid at the same level", false, 1, []string{"2"}},
		{"planetoid at another level", false, 2, nil},
		{"ship at the same level", true, 1, []string{"1", "2"}},
		{"ship at another level", true, 2, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := spec("viper", "viper-mk2", battle.Colonial, 150, 150, 0, 0)
			if tt.onShip {
				v = spec("viper", "viper-mk2", battle.Colonial, 450, 535, 90, 0)
			}
			v.Level = tt.level
			s := setup(with(complete, starship.OptFTL, starship.OptThreeD), v,
				spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 2))
			if !tt.onShip {
				rock := planetoid("rock", 450, 520, 20)
				rock.Level = tt.level
				s.Obstacles = []referee.Obstacle{rock}
			}
			b := newCompanion(t, s)
			planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.FTL)})
			reveal(t, b, nil)
			marker := physics.Pose{Pos: physics.V(450, 600), Heading: physics.Deg(270)}
			do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Marker: &marker}, []int{3, 4, 2}, tt.counters...)
			var all []battle.Counter
			all = append(all, ship(b, "viper").Collisions...)
			all = append(all, ship(b, "raider").Collisions...)
			assert.Equal(t, len(tt.counters), len(all), "collision counters: %v", counterTexts(all))
			if tt.counters == nil {
				assert.InDelta(t, 535-115, pos(b, "raider").Y, 1e-9, "no push")
			}
		})
	}
}

// Faster-than-light movement, step 3: a ship reappearing over a planetoid
// or an asteroid field takes one collision counter; one reappearing beside
// it takes none (the raider reappears around (450, 535), then its straight
// card takes it on to (450, 420), away from the objects behind it).
func TestFasterThanLightMovement_ArrivalOverAnObjectTakesOneCollisionCounter(t *testing.T) {
	for _, tt := range []struct {
		name     string
		object   referee.Obstacle
		counters []string
	}{
		{"planetoid under the arrival", planetoid("rock", 450, 520, 20), []string{"2"}},
		{"planetoid beside the arrival", planetoid("rock", 150, 520, 20), nil},
		{"asteroid field under the arrival's rear", field("field", referee.Sparse, 400, 545, 500, 600), []string{"2"}},
		{"asteroid field beside the arrival", field("field", referee.Sparse, 100, 500, 200, 600), nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := setup(with(complete, starship.OptFTL), spec("viper", "viper-mk2", battle.Colonial, 150, 150, 0, 0),
				spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 2))
			s.Obstacles = []referee.Obstacle{tt.object}
			b := newCompanion(t, s)
			planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.FTL)})
			reveal(t, b, nil)
			marker := physics.Pose{Pos: physics.V(450, 600), Heading: physics.Deg(270)}
			ev := do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Marker: &marker}, []int{3, 4, 2}, tt.counters...)
			assert.ElementsMatch(t, tt.counters, counterTexts(ship(b, "raider").Collisions), "%q", texts(ev))
			assert.InDelta(t, 420, pos(b, "raider").Y, 1e-9, "the straight card after the arrival, no push")
		})
	}
}

// ---------------------------------------------------------------------------
// Special damage: hull.

// Special damage: hull twice cripples the ship: its kinetic energy drops
// by 1 at the end of each turn, the current one included, down to 0.
func TestCrippledShipLosesKineticEnergy(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptDoubles),
		spec("viper", "viper-mk2", battle.Colonial, 300, 500, 0, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 355, 90, 3)))
	planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.High)})
	reveal(t, b, nil)
	ev := declare(t, b, battle.Colonial, []int{6, 6}, []string{"1 hull", "4 hull"}, at("viper", "raider"))
	assert.NotEqual(t, -1, indexOf(ev, battle.Event{Kind: battle.EvCrippled, Ship: "raider"}), "announced: %q", texts(ev))
	require.Equal(t, 2, b.Turn())
	assert.Equal(t, 2, ship(b, "raider").Ship.KE, "the current turn included")
	for _, tt := range []struct {
		speed maneuvers.Speed
		after int
	}{
		{maneuvers.Medium, 1},
		{maneuvers.Low, 0},
		{maneuvers.Stop, 0},
	} {
		planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), tt.speed)})
		reveal(t, b, nil)
		for b.Phase() == battle.Declaring {
			declare(t, b, battle.Colonial, nil, nil)
		}
		assert.Len(t, ship(b, "raider").Counters, 2, "the matching plan is legal: no counter for it")
		assert.Equal(t, tt.after, ship(b, "raider").Ship.KE, "turn %d", b.Turn()-1)
	}
}

// ---------------------------------------------------------------------------
// Victory.

// Winning the game (The Hand of God): the last side with ships wins.
func TestHandOfGodLastSideWins(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 800, 90, 1)))
	planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.Low)})
	reveal(t, b, nil)
	require.NotNil(t, b.Result())
	assert.Equal(t, battle.Colonial, b.Result().Winner)
	assert.Equal(t, 1, b.Result().Turn)
	_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: stop()})
	assert.Error(t, err, "the battle is over")
}

// Winning the game: "If the last spaceship of each player is eliminated in
// the same turn, the game is a draw": in the same firing step, or one in a
// firing step and the other in a later step of that turn.
func TestHandOfGodDrawWhenTheLastShipsGoInTheSameTurn(t *testing.T) {
	t.Run("the same firing step", func(t *testing.T) {
		b := newCompanion(t, setup(with(complete, starship.OptDoubles),
			spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
			spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
		// Turn 1: the raider hits the viper for 1.
		planAll(t, b, nil)
		reveal(t, b, []int{0})
		declare(t, b, battle.Colonial, nil, nil)
		declare(t, b, battle.Cylon, []int{6, 5}, []string{"1"}, at("raider", "viper"))
		declare(t, b, battle.Colonial, nil, nil) // the second firing step: the viper holds fire
		// Turn 2: each destroys the other.
		planAll(t, b, nil)
		reveal(t, b, []int{0})
		declare(t, b, battle.Colonial, nil, nil, at("viper", "raider"))
		declare(t, b, battle.Cylon, []int{6, 6, 6, 6}, []string{"4+", "5", "3+", "3", "2+", "5", "2+ hull", "5"},
			at("raider", "viper"))
		require.True(t, ship(b, "viper").Out && ship(b, "raider").Out)
		require.NotNil(t, b.Result())
		assert.Equal(t, battle.Side(""), b.Result().Winner, "a draw: %s", b.Result().Reason)
	})
	t.Run("the first firing step and the second movement step", func(t *testing.T) {
		// The raider destroys the viper in the first firing step and flies
		// off the table in the second movement step of the same turn.
		b := newCompanion(t, setup(with(complete, starship.OptDoubles),
			spec("viper", "viper-mk2", battle.Colonial, 870, 450, 90, 0),
			spec("raider", "cylon-raider", battle.Cylon, 700, 450, 0, 6)))
		planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("overboost-straight", "straight"), maneuvers.High)})
		reveal(t, b, nil)
		require.False(t, ship(b, "raider").Out, "still on the table after the first step")
		declare(t, b, battle.Cylon, []int{6, 6}, []string{"4+", "5", "3+", "3"}, at("raider", "viper"))
		require.True(t, ship(b, "viper").Out)
		require.True(t, ship(b, "raider").Out, "off the table in the second step")
		require.NotNil(t, b.Result())
		assert.Equal(t, battle.Side(""), b.Result().Winner, "a draw: %s", b.Result().Reason)
		assert.Equal(t, 1, b.Result().Turn)
	})
}

// Scenarios: a turn limit ends an undecided battle in a draw.
func TestTurnLimit(t *testing.T) {
	s := setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 150, 150, 0, 0),
		spec("raider", "cylon-raider", battle.Cylon, 750, 750, 180, 0))
	s.TurnLimit = 2
	b := newCompanion(t, s)
	planAll(t, b, nil)
	reveal(t, b, nil)
	require.Nil(t, b.Result())
	require.Equal(t, 2, b.Turn())
	planAll(t, b, nil)
	reveal(t, b, nil)
	require.NotNil(t, b.Result())
	assert.Equal(t, battle.Side(""), b.Result().Winner)
	assert.Equal(t, 2, b.Result().Turn)
	assert.Equal(t, battle.EndReason{Kind: battle.EndTurnLimit, Turns: 2}, b.Result().Reason)
}

// Scenarios: Survive (a side wins if it still has a ship at the end of the
// given turn) and Destroy (a side wins when a given enemy ship goes).
func TestVictoryConditions(t *testing.T) {
	// offTable plans a low straight for ship id, which stands 795 mm up
	// the table heading up: it leaves the table.
	ships := func() []battle.ShipSpec {
		return []battle.ShipSpec{
			spec("viper", "viper-mk2", battle.Colonial, 150, 150, 0, 0),
			spec("raider-1", "cylon-raider", battle.Cylon, 300, 795, 90, 1),
			spec("raider-2", "cylon-raider", battle.Cylon, 600, 795, 90, 1),
		}
	}
	low := plan(cards("straight"), maneuvers.Low)
	t.Run("survive", func(t *testing.T) {
		s := setup(quick, ships()...)
		s.Victory = battle.Victory{{Kind: battle.Survive, Side: battle.Colonial, Turns: 2}, {Kind: battle.EliminateAll}}
		b := newCompanion(t, s)
		planAll(t, b, nil)
		reveal(t, b, nil)
		require.Nil(t, b.Result(), "turn 1 of 2")
		planAll(t, b, nil)
		reveal(t, b, nil)
		require.NotNil(t, b.Result())
		assert.Equal(t, battle.Colonial, b.Result().Winner)
		assert.Equal(t, 2, b.Result().Turn)
	})
	t.Run("survive fails", func(t *testing.T) {
		s := setup(quick, append(ships(), spec("viper-2", "viper-mk2", battle.Colonial, 800, 795, 90, 1))[1:]...)
		s.Victory = battle.Victory{{Kind: battle.Survive, Side: battle.Colonial, Turns: 2}, {Kind: battle.EliminateAll}}
		b := newCompanion(t, s)
		planAll(t, b, map[string]*starship.Plan{"viper-2": low})
		reveal(t, b, nil)
		require.NotNil(t, b.Result())
		assert.Equal(t, battle.Cylon, b.Result().Winner)
	})
	t.Run("destroy", func(t *testing.T) {
		s := setup(quick, ships()...)
		s.Victory = battle.Victory{{Kind: battle.Destroy, Side: battle.Colonial, Ship: "raider-2"}, {Kind: battle.EliminateAll}}
		b := newCompanion(t, s)
		planAll(t, b, map[string]*starship.Plan{"raider-1": low})
		reveal(t, b, nil)
		require.True(t, ship(b, "raider-1").Out)
		require.Nil(t, b.Result(), "another ship: the battle goes on")
		planAll(t, b, map[string]*starship.Plan{"raider-2": low})
		reveal(t, b, nil)
		require.NotNil(t, b.Result())
		assert.Equal(t, battle.Colonial, b.Result().Winner)
		assert.Equal(t, battle.EndShipOut, b.Result().Reason.Kind)
		assert.Equal(t, "raider-2", b.Result().Reason.Ship)
	})
}

// Scenarios: a ship that enters later (EntersOnTurn) keeps its side in the
// battle; it is off the table, takes no plan, until its turn.
func TestShipsEnteringLater(t *testing.T) {
	late := spec("raider-2", "cylon-raider", battle.Cylon, 450, 800, 270, 0)
	late.EntersOnTurn = 3
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 150, 150, 0, 0),
		spec("raider-1", "cylon-raider", battle.Cylon, 300, 795, 90, 1),
		late))
	assert.False(t, ship(b, "raider-2").OnTable)
	_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider-2", Plan: stop()})
	require.Error(t, err, "not on the table yet")
	planAll(t, b, map[string]*starship.Plan{"raider-1": plan(cards("straight"), maneuvers.Low)})
	reveal(t, b, nil)
	require.True(t, ship(b, "raider-1").Out)
	require.Nil(t, b.Result(), "the Cylon still has a ship to come")
	require.Equal(t, 2, b.Turn())
	assert.Equal(t, battle.Planning, b.Phase(), "the viper plans alone")
	planAll(t, b, nil)
	ev := reveal(t, b, nil)
	require.Equal(t, 3, b.Turn())
	assert.NotEqual(t, -1, indexOf(ev, battle.Event{Kind: battle.EvEnters, Ship: "raider-2"}))
	assert.True(t, ship(b, "raider-2").OnTable)
	assert.True(t, view(b, battle.Colonial, "raider-2").OnTable)
	planAll(t, b, nil)
	assert.NotNil(t, ship(b, "raider-2").Plan, "it plans from its turn on")

	// Entering on turn 1 is starting on the table: no ship enters.
	first := spec("raider", "cylon-raider", battle.Cylon, 450, 800, 270, 0)
	first.EntersOnTurn = 1
	b = newCompanion(t, setup(quick, spec("viper", "viper-mk2", battle.Colonial, 150, 150, 0, 0), first))
	assert.True(t, ship(b, "raider").OnTable)
	for _, e := range b.State().Events {
		assert.NotEqual(t, battle.EvEnters, e.Kind, "%q", e.Text())
	}
}

// ---------------------------------------------------------------------------
// Planning and hidden information.

// Planning: a committed plan may be withdrawn and replaced until the
// reveal, not after.
func TestUndoBeforeTheReveal(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 150, 800, 0, 0)))
	plans := func(side battle.Side, id string, p *starship.Plan) {
		do(t, b, battle.Command{Type: battle.CmdPlan, Side: side, Ship: id, Plan: p}, nil)
	}
	undo := func(side battle.Side, id string) error {
		_, err := b.Apply(battle.Command{Type: battle.CmdUndo, Side: side, Ship: id})
		return err
	}
	plans(battle.Colonial, "viper", plan(cards("straight"), maneuvers.Low))
	_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: stop()})
	require.Error(t, err, "one plan at a time")
	require.Error(t, undo(battle.Cylon, "viper"), "only the owner withdraws a plan")
	require.NoError(t, undo(battle.Colonial, "viper"))
	require.Error(t, undo(battle.Colonial, "viper"), "nothing left to withdraw")
	plans(battle.Colonial, "viper", plan(cards("straight"), maneuvers.Medium))
	plans(battle.Cylon, "raider", stop())
	require.Equal(t, battle.Revealing, b.Phase())
	require.NoError(t, undo(battle.Cylon, "raider"), "all plans in, not yet revealed")
	require.Equal(t, battle.Planning, b.Phase())
	plans(battle.Cylon, "raider", stop())
	reveal(t, b, nil)
	assert.InDelta(t, 300+115, pos(b, "viper").Y, 1e-9, "the second plan is flown")
	assert.Equal(t, 2, b.Turn())

	// After the reveal the plans stand.
	c := newCompanion(t, setup(complete,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 450, 270, 0)))
	planAll(t, c, nil)
	reveal(t, c, []int{0})
	require.Equal(t, battle.Declaring, c.Phase())
	_, err = c.Apply(battle.Command{Type: battle.CmdUndo, Side: battle.Colonial, Ship: "viper"})
	require.Error(t, err, "refused after the reveal")
	assert.Contains(t, err.Error(), "before the reveal")
}

// Fire! and Critical hits: the owner looks at its counters secretly; the
// opponent sees how many lie face down, not their values. Planning: the
// opponent sees that a plan is committed, and what it is only at the reveal.
func TestViewsHideCountersAndPlans(t *testing.T) {
	s := setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 2),
		spec("raider", "cylon-raider", battle.Cylon, 450, 600, 270, 0))
	s.Obstacles = []referee.Obstacle{planetoid("rock", 490, 420, 20)} // beside the line of fire
	b := newCompanion(t, s)
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: plan(cards("straight"), maneuvers.Medium)}, nil)
	theirs, mine := view(b, battle.Cylon, "viper"), view(b, battle.Colonial, "viper")
	assert.True(t, theirs.Planned)
	assert.Nil(t, theirs.Plan, "the plan is secret until the reveal")
	require.NotNil(t, mine.Plan)
	assert.Equal(t, maneuvers.Medium, mine.Plan.Speed)

	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: stop()}, nil)
	reveal(t, b, []int{0}, "3") // the viper ends on the planetoid
	theirs = view(b, battle.Cylon, "viper")
	require.NotNil(t, theirs.Plan, "revealed")
	assert.Equal(t, maneuvers.Medium, theirs.Plan.Speed)

	declare(t, b, battle.Colonial, nil, nil)
	declare(t, b, battle.Cylon, []int{6, 6}, []string{"4"}, at("raider", "viper"))
	theirs, mine = view(b, battle.Cylon, "viper"), view(b, battle.Colonial, "viper")
	assert.Equal(t, 1, theirs.CounterCount, "how many, face down")
	assert.Equal(t, 1, theirs.CollisionCount)
	assert.Nil(t, theirs.Counters, "not their values")
	assert.Nil(t, theirs.Damage)
	assert.ElementsMatch(t, []string{"4", "3"}, counterTexts(mine.Counters))
	require.NotNil(t, mine.Damage)
	assert.Equal(t, 7, *mine.Damage)
	for _, e := range b.View(battle.Cylon).Events {
		if e.Counters != nil || e.Kind == battle.EvCounters || e.Kind == battle.EvCollisionKept {
			assert.True(t, e.Secret && e.Side == battle.Cylon, "no secret of the Colonial: %s", e.Text())
		}
	}
}

// Tailing: the tailer sees the tailed ship's first card as the rulebook
// defines it, the overboost, change direction or normal maneuver card,
// whatever order the plan lists its cards in, and never a blank.
// TestTailing_TheNearestOfTwoIsTailed: a ship that may tail two opponents
// must choose one (Tailing); the engine settles on the nearest (the tail
// command may choose the other), and at equal distances on the one listed
// first in the setup.
func TestTailing_TheNearestOfTwoIsTailed(t *testing.T) {
	for _, tt := range []struct {
		name   string
		a, b   physics.Vec // the two Vipers; the Raider stands at (450, 340) behind them
		tailed string
	}{
		{"the first is nearer", physics.V(420, 450), physics.V(500, 470), "viper"},
		{"the second is nearer", physics.V(500, 470), physics.V(420, 450), "viper-2"},
		{"equally near: the first listed", physics.V(400, 450), physics.V(500, 450), "viper"},
		{"equally near, the other way round", physics.V(500, 450), physics.V(400, 450), "viper"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			for _, only := range []string{"viper", "viper-2"} {
				// each alone may be tailed
				v := spec(only, "viper-mk2", battle.Colonial, tt.a.X, tt.a.Y, 90, 2)
				if only == "viper-2" {
					v = spec(only, "viper-mk2", battle.Colonial, tt.b.X, tt.b.Y, 90, 2)
				}
				b := newCompanion(t, setup(with(complete, starship.OptTailing), v, spec("raider", "cylon-raider", battle.Cylon, 450, 340, 90, 2)))
				require.Equal(t, only, ship(b, "raider").Tailing)
			}
			b := newCompanion(t, setup(with(complete, starship.OptTailing),
				spec("viper", "viper-mk2", battle.Colonial, tt.a.X, tt.a.Y, 90, 2),
				spec("viper-2", "viper-mk2", battle.Colonial, tt.b.X, tt.b.Y, 90, 2),
				spec("raider", "cylon-raider", battle.Cylon, 450, 340, 90, 2)))
			assert.Equal(t, tt.tailed, ship(b, "raider").Tailing)
		})
	}
}

func TestTailingShowsTheFirstCardTailing(t *testing.T) {
	for _, tt := range []struct {
		name  string
		rules starship.Rules
		plan  *starship.Plan
		shown string
	}{
		{"one card", with(complete, starship.OptTailing), plan(cards("bank-left"), maneuvers.Low), "bank-left"},
		{"the overboost, listed second", with(complete, starship.OptTailing), plan(cards("straight", "overboost-bank-left"), maneuvers.Low), "overboost-bank-left"},
		{"the change direction card, listed second", with(complete, starship.OptTailing), plan(cards("bank-right", "change-direction"), maneuvers.Low), "change-direction"},
		{"never the blank", with(complete, starship.OptTailing, starship.OptBlank), plan(cards("blank", "turn-left"), maneuvers.Low), "turn-left"},
		{"Quick Start", with(quick, starship.OptTailing), plan(cards("straight", "overboost-straight"), maneuvers.Low), "overboost-straight"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			b := newCompanion(t, setup(tt.rules,
				spec("viper", "viper-mk2", battle.Colonial, 450, 450, 90, 2),
				spec("raider", "cylon-raider", battle.Cylon, 450, 340, 90, 2)))
			require.Equal(t, "viper", ship(b, "raider").Tailing)
			do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: tt.plan}, nil)
			assert.Equal(t, tt.shown, view(b, battle.Cylon, "viper").Shown)
			var shown []battle.Event
			for _, e := range b.View(battle.Cylon).Events {
				if e.Kind == battle.EvFirstCard {
					shown = append(shown, e)
				}
			}
			if assert.Len(t, shown, 1) {
				e := shown[0]
				assert.Equal(t, []string{"viper", "raider", tt.shown}, []string{e.Ship, e.Other, e.Card})
				assert.True(t, e.Secret && e.Side == battle.Cylon, "only the tailer's side sees it")
				assert.Equal(t, "viper (tailed by raider) shows its first card: "+tt.shown+".", e.Render(battle.Cylon))
			}
		})
	}
}

// Tailing: "you may check if your spaceship is tailing": tailing can be
// declined; the ship then plans without waiting and sees no card.
func TestTailingMayBeDeclinedTailing(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptTailing),
		spec("viper", "viper-mk2", battle.Colonial, 450, 450, 90, 2),
		spec("raider", "cylon-raider", battle.Cylon, 450, 340, 90, 2)))
	require.Equal(t, "viper", ship(b, "raider").Tailing)
	_, err := b.Apply(battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: plan(cards("straight"), maneuvers.Medium)})
	require.Error(t, err, "a tailer waits for the tailed ship")
	_, err = b.Apply(battle.Command{Type: battle.CmdTail, Side: battle.Colonial, Ship: "raider"})
	require.Error(t, err, "only the raider's side declines for it")
	do(t, b, battle.Command{Type: battle.CmdTail, Side: battle.Cylon, Ship: "raider"}, nil)
	assert.Empty(t, ship(b, "raider").Tailing)
	assert.Empty(t, ship(b, "raider").WaitFor)
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Cylon, Ship: "raider", Plan: plan(cards("straight"), maneuvers.Medium)}, nil)
	do(t, b, battle.Command{Type: battle.CmdPlan, Side: battle.Colonial, Ship: "viper", Plan: plan(cards("bank-left"), maneuvers.Medium)}, nil)
	assert.Empty(t, view(b, battle.Cylon, "viper").Shown, "declined: no card shown")
	_, err = b.Apply(battle.Command{Type: battle.CmdTail, Side: battle.Cylon, Ship: "raider"})
	assert.Error(t, err, "nothing left to decline")
}

// Faster-than-light movement: the control panels are revealed first; the
// jumping player declares and places the FTL marker before any card is
// revealed, so the marker goes down without knowing where the enemy is
// going. When both sides jump a side drawn at random places first.
func TestFasterThanLightMarkerBeforeTheCardsFasterThanLight(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptFTL),
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 2),
		spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 2)))
	planAll(t, b, map[string]*starship.Plan{
		"raider": plan(cards("straight"), maneuvers.FTL),
		"viper":  plan(cards("hard-turn-left"), maneuvers.Low),
	})
	ev := reveal(t, b, nil)
	require.Equal(t, battle.PlacingFTL, b.Phase())
	assert.Contains(t, texts(ev), "raider's control panel is at FTL: it jumps.")
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvRevealed}), "no card is revealed yet: %q", texts(ev))
	cy := view(b, battle.Cylon, "viper")
	assert.Nil(t, cy.Plan, "the jumping player does not see the viper's cards")
	assert.Nil(t, ship(b, "viper").Outcome)
	marker := physics.Pose{Pos: physics.V(450, 600), Heading: physics.Deg(270)}
	ev = do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Marker: &marker}, []int{3, 4, 2})
	inOrder(t, ev, battle.Event{Kind: battle.EvRevealed, Ship: "viper"}, battle.Event{Kind: battle.EvFTLRoll, Ship: "raider"})

	t.Run("both sides jump", func(t *testing.T) {
		b := newCompanion(t, setup(with(complete, starship.OptFTL),
			spec("raptor", "raptor", battle.Colonial, 450, 300, 90, 2),
			spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 2)))
		jump := plan(cards("straight"), maneuvers.FTL)
		planAll(t, b, map[string]*starship.Plan{"raider": jump, "raptor": jump})
		ev := reveal(t, b, []int{1}) // the pick: the Cylon places first
		assert.Contains(t, texts(ev), "cylon places its FTL markers first.")
		assert.Empty(t, b.View(battle.Colonial).MarkersDue)
		assert.Equal(t, []string{"raider"}, b.View(battle.Cylon).MarkersDue)
		m := physics.Pose{Pos: physics.V(200, 600)}
		_, err := b.Apply(battle.Command{Type: battle.CmdFTL, Side: battle.Colonial, Ship: "raptor", Marker: &m})
		require.Error(t, err, "the Colonial waits for the Cylon's marker")
		do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Marker: &m}, nil)
		assert.Equal(t, []string{"raptor"}, b.View(battle.Colonial).MarkersDue)
		m2 := physics.Pose{Pos: physics.V(700, 300)}
		do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Colonial, Ship: "raptor", Marker: &m2}, []int{3, 4, 1, 3, 4, 1})
		assert.NotEqual(t, battle.PlacingFTL, b.Phase())
	})
}

// Faster-than-light movement: "An FTL jump can also be used to leave the
// playing area, with the same effect as exiting from a side", whatever the
// scenario's victory conditions.
func TestFasterThanLightToLeaveThePlayingAreaFasterThanLight(t *testing.T) {
	b := newCompanion(t, setup(with(complete, starship.OptFTL),
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 2),
		spec("raider", "cylon-raider", battle.Cylon, 450, 850, 90, 2),
		spec("raider-2", "cylon-raider", battle.Cylon, 150, 850, 90, 2)))
	planAll(t, b, map[string]*starship.Plan{"raider": plan(cards("straight"), maneuvers.FTL)})
	reveal(t, b, nil)
	require.Equal(t, battle.PlacingFTL, b.Phase())
	ev := do(t, b, battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Leave: true}, nil)
	r := ship(b, "raider")
	assert.True(t, r.Out)
	assert.Equal(t, battle.CauseJumpedAway, r.Cause)
	assert.Contains(t, texts(ev), "raider jumps out of the playing area.")
	assert.Nil(t, b.Result(), "raider-2 is still in play")
	_, err := b.Apply(battle.Command{Type: battle.CmdFTL, Side: battle.Cylon, Ship: "raider", Leave: true})
	assert.Error(t, err)
}

// Faster-than-light movement: a ship that a scenario brings in by FTL
// jumps like any other. Its marker lies at (450, 450) heading south; 3+4
// names the marker's front side and 2 the centimetres ahead, so its stand
// reappears 22.5 + 22.5 + 20 mm south of the marker, at (450, 385). It
// cannot attack in the first firing step of that turn, and cannot jump in
// the next turn.
func TestFasterThanLightEntryIntoPlayFasterThanLight(t *testing.T) {
	newBattle := func(t *testing.T, others ...battle.ShipSpec) *battle.Battle {
		late := spec("raider-2", "cylon-raider", battle.Cylon, 450, 450, 270, 2)
		late.EntersOnTurn, late.EntersByFTL = 2, true
		ships := append([]battle.ShipSpec{
			spec("viper", "viper-mk2", battle.Colonial, 450, 150, 90, 0),
			spec("raider-1", "cylon-raider", battle.Cylon, 850, 850, 90, 0),
			late}, others...)
		b := newCompanion(t, setup(with(complete, starship.OptFTL), ships...))
		planAll(t, b, nil)
		return b
	}
	t.Run("the dice place it", func(t *testing.T) {
		b := newBattle(t)
		ev := reveal(t, b, []int{3, 4, 2})
		require.Equal(t, 2, b.Turn())
		assert.Contains(t, texts(ev), "raider-2 enters play by FTL at the marker (450, 450): it rolls 3+4 for the side and 2 cm ahead.")
		p := pos(b, "raider-2")
		assert.InDelta(t, 450, p.X, 1e-9)
		assert.InDelta(t, 450-45-20, p.Y, 1e-9)
		planAll(t, b, nil)
		reveal(t, b, nil)
		require.Equal(t, 1, b.State().Step)
		assert.Empty(t, targets(b, "raider-2"), "no attack in the first firing step")
		assert.Equal(t, []string{"raider-2"}, targets(b, "viper"))
		declare(t, b, battle.Colonial, []int{0}, nil)
		require.Equal(t, 2, b.State().Step)
		assert.Equal(t, []string{"viper"}, targets(b, "raider-2"), "in the second it may")
		declare(t, b, battle.Colonial, nil, nil)
		declare(t, b, battle.Cylon, nil, nil)
		require.Equal(t, 3, b.Turn())
		vs, err := starship.Check(b.Setup().Rules, b.Class("cylon-raider"), ship(b, "raider-2").Ship, *plan(cards("straight"), maneuvers.FTL))
		require.NoError(t, err)
		assert.Contains(t, fmt.Sprint(vs), "ftl-consecutive", "it jumped in last turn")
	})
	t.Run("arrival on a ship", func(t *testing.T) {
		b := newBattle(t, spec("viper-2", "viper-mk2", battle.Colonial, 450, 385, 0, 0))
		reveal(t, b, []int{3, 4, 2}, "1", "2")
		assert.Equal(t, []string{"1"}, counterTexts(ship(b, "viper-2").Collisions), "the ship landed on")
		assert.Equal(t, []string{"2"}, counterTexts(ship(b, "raider-2").Collisions), "the jumper")
		assert.Less(t, pos(b, "raider-2").Y, 385.0, "moved on, south, until clear")
	})
}
