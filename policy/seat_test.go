package policy

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

// freshSeat decides as its policy does, after checking that the seat act
// hands it (reused and brought up to date) equals a seat built afresh.
type freshSeat struct {
	Policy
	t     *testing.T
	g     **Game
	calls map[string]int
}

func (f freshSeat) check(s *Seat, call string) {
	f.t.Helper()
	require.Equal(f.t, (*f.g).seat(s.Side), s, "%s, turn %d", call, s.View.Turn)
	f.calls[call]++
}

func (f freshSeat) Plan(s *Seat, ship string) starship.Plan {
	f.check(s, "plan")
	return f.Policy.Plan(s, ship)
}

func (f freshSeat) Declare(s *Seat) []battle.Shot {
	f.check(s, "declare")
	return f.Policy.Declare(s)
}

func (f freshSeat) Marker(s *Seat, ship string) physics.Pose {
	f.check(s, "marker")
	return f.Policy.Marker(s, ship)
}

// The seat act hands a policy, reused between calls and brought up to
// date after each of the side's own decisions, equals a seat built afresh
// for every plan, declaration and FTL marker: random and greedy players in
// every built-in scenario, and two ships a side jumping by FTL every turn.
func TestActSeatIsAFreshSeat(t *testing.T) {
	var g *Game
	calls := map[string]int{}
	play := func(setup battle.Setup, seed uint64, colonial, cylon Policy) {
		b := newBattle(t, setup, seed)
		g = NewGame(b, comp, seed)
		players := map[battle.Side]Policy{
			battle.Colonial: freshSeat{colonial, t, &g, calls},
			battle.Cylon:    freshSeat{cylon, t, &g, calls},
		}
		for k := 0; k < 300 && b.Phase() != battle.Over; k++ {
			require.NoError(t, step(g, b, players))
		}
	}
	for _, name := range scenarios.Names() {
		s, ok := scenarios.Builtin(name)
		require.True(t, ok)
		play(s, 1, Random{}, Greedy{})
		play(s, 2, Greedy{}, Random{})
	}
	jump := battle.Setup{Name: "jump", Rules: starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptFTL}},
		Width: 900, Depth: 900, Ships: []battle.ShipSpec{
			spec("raptor-1", "raptor", battle.Colonial, 350, 100, 90, 1),
			spec("raptor-2", "raptor", battle.Colonial, 550, 100, 90, 1),
			spec("raider-1", "cylon-raider", battle.Cylon, 350, 800, 270, 1),
			spec("raider-2", "cylon-raider", battle.Cylon, 550, 800, 270, 1),
		}}
	for seed := uint64(1); seed <= 3; seed++ {
		play(jump, seed, jumper{}, jumper{})
	}
	require.Greater(t, calls["plan"], 300)
	require.Greater(t, calls["declare"], 50)
	require.Greater(t, calls["marker"], 10)
}

// The plans Random draws from (candidateSet, by index, its cards in a
// scratch array) are candidates' list, in the same order, for every class
// under both rule sets (without levels or jumps, which Random does not
// draw), with the dial at zero or turned, and for a severely wounded
// pilot's fixed cards.
func TestCandidateSetIsCandidates(t *testing.T) {
	for _, set := range []starship.RuleSet{starship.Quick, starship.Complete} {
		for _, c := range comp.Classes {
			for _, rotation := range []int{0, 3} {
				b := newBattle(t, battle.Setup{Rules: starship.Rules{Set: set}, Width: 900, Depth: 900, Ships: []battle.ShipSpec{
					spec("a", c.ID, battle.Colonial, 300, 300, 0, 1), spec("b", "cylon-raider", battle.Cylon, 600, 600, 0, 1)}}, 1)
				g := NewGame(b, comp, 1)
				s := g.seat(battle.Colonial)
				sv := own(s.View, "a")
				st := *sv.State
				st.Rotation = rotation
				sv.State = &st
				for _, fixed := range [][]string{nil, {"straight"}} {
					sv.NextCards = fixed
					cs := newCandidateSet(s, sv)
					var got []starship.Plan
					var cards [2]string
					for i := range cs.len() {
						p := cs.atIn(i, &cards)
						p.Cards = slices.Clone(p.Cards)
						got = append(got, p)
					}
					require.NotEmpty(t, got)
					require.Equal(t, candidates(s, sv), got, "%s %s dial %d fixed %v", set, c.ID, rotation, fixed)
				}
			}
		}
	}
}
