package policy

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/battle/battletest"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/starship"
)

func spec(id, class string, side battle.Side, x, y, heading float64, ke int) battle.ShipSpec {
	return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: ke,
		Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
}

// still keeps every ship's kinetic energy on a straight card (at KE 0: it
// stays where it is) and otherwise decides as greedy does.
type still struct{ Greedy }

func (still) Plan(s *Seat, ship string) starship.Plan { return fallback(own(s.View, ship)) }

// jumper plans an FTL jump for every ship with an FTL drive.
type jumper struct{ Greedy }

func (jumper) Plan(s *Seat, ship string) starship.Plan {
	sv := own(s.View, ship)
	if s.Class(sv.Class).FTL {
		return starship.Plan{Cards: []string{"straight"}, Speed: maneuvers.FTL, Rotate: sv.State.Rotation}
	}
	return fallback(sv)
}

func newBattle(t *testing.T, setup battle.Setup, seed uint64) *battle.Battle {
	t.Helper()
	b, err := battle.New(setup, comp, seed)
	require.NoError(t, err)
	return b
}

func planned(b *battle.Battle, side battle.Side) (yes, no []string) {
	for _, s := range b.View(side).Ships {
		if !s.Own {
			continue
		}
		if s.Planned {
			yes = append(yes, s.ID)
		} else {
			no = append(no, s.ID)
		}
	}
	return yes, no
}

// TestActPlansOneSide: Act plans every ship of its side and none of the
// other's; the reveal waits for both.
func TestActPlansOneSide(t *testing.T) {
	b := newBattle(t, closeQuarters(), 1)
	g := NewGame(b, comp, 1)
	done, err := g.Act(battle.Cylon, Greedy{})
	require.NoError(t, err)
	assert.True(t, done)
	yes, no := planned(b, battle.Cylon)
	assert.Len(t, yes, 2)
	assert.Empty(t, no)
	_, no = planned(b, battle.Colonial)
	assert.Len(t, no, 2, "the other side plans for itself")
	assert.Equal(t, battle.Planning, b.Phase())
	done, err = g.Act(battle.Cylon, Greedy{})
	require.NoError(t, err)
	assert.True(t, done, "nothing more to do")
	done, err = g.Act(battle.Colonial, Random{})
	require.NoError(t, err)
	assert.True(t, done)
	assert.Equal(t, battle.Revealing, b.Phase(), "every plan is in")
	done, err = g.Act(battle.Colonial, Random{})
	require.NoError(t, err)
	assert.True(t, done, "the reveal is nobody's decision")
	assert.Equal(t, battle.Revealing, b.Phase())
}

func closeQuarters() battle.Setup {
	return battle.Setup{Name: "close", Rules: starship.Rules{Set: starship.Quick}, Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			spec("viper-1", "viper-mk2", battle.Colonial, 330, 280, 90, 1),
			spec("viper-2", "viper-mk2", battle.Colonial, 520, 250, 90, 1),
			spec("raider-1", "cylon-raider", battle.Cylon, 340, 560, 270, 1),
			spec("raider-2", "cylon-raider", battle.Cylon, 600, 600, 250, 1),
		}}
}

// TestActWaitsForTheTailedShip: a ship tailing an enemy plans after it;
// Act says its side is not done until then.
func TestActWaitsForTheTailedShip(t *testing.T) {
	setup := battle.Setup{Name: "tail", Rules: starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptTailing}},
		Width: 900, Depth: 900, Ships: []battle.ShipSpec{
			spec("viper-1", "viper-mk2", battle.Colonial, 450, 420, 90, 2),
			spec("raider-1", "cylon-raider", battle.Cylon, 450, 300, 90, 2),
			spec("raider-2", "cylon-raider", battle.Cylon, 150, 800, 270, 2),
		}}
	b := newBattle(t, setup, 1)
	v := b.View(battle.Cylon)
	require.Equal(t, "viper-1", own(v, "raider-1").Tailing, "raider-1 tails viper-1")
	g := NewGame(b, comp, 1)
	done, err := g.Act(battle.Cylon, Greedy{})
	require.NoError(t, err)
	assert.False(t, done, "raider-1 waits for viper-1")
	yes, no := planned(b, battle.Cylon)
	assert.Equal(t, []string{"raider-2"}, yes)
	assert.Equal(t, []string{"raider-1"}, no)
	done, err = g.Act(battle.Colonial, Greedy{})
	require.NoError(t, err)
	assert.True(t, done)
	done, err = g.Act(battle.Cylon, Greedy{})
	require.NoError(t, err)
	assert.True(t, done)
	assert.Equal(t, battle.Revealing, b.Phase())
}

// TestActDeclaresInTurn: the side that declares second waits for the
// first; each declares once.
func TestActDeclaresInTurn(t *testing.T) {
	setup := battle.Setup{Name: "duel", Rules: starship.Rules{Set: starship.Quick}, Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			spec("viper-1", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
			spec("raider-1", "cylon-raider", battle.Cylon, 450, 480, 270, 0),
		}}
	b := newBattle(t, setup, 4)
	g := NewGame(b, comp, 4)
	for _, side := range battle.Sides {
		_, err := g.Act(side, still{})
		require.NoError(t, err)
	}
	_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
	require.NoError(t, err)
	require.Equal(t, battle.Declaring, b.Phase())
	first := b.State().FirstToDeclare
	require.NotEmpty(t, first)
	second := first.Opponent()
	done, err := g.Act(second, still{})
	require.NoError(t, err)
	assert.False(t, done, "%s declares first", first)
	assert.Empty(t, b.State().Declared)
	done, err = g.Act(first, still{})
	require.NoError(t, err)
	assert.True(t, done)
	assert.Equal(t, []battle.Side{first}, b.State().Declared)
	done, err = g.Act(first, still{})
	require.NoError(t, err)
	assert.True(t, done, "declared already")
	done, err = g.Act(second, still{})
	require.NoError(t, err)
	assert.True(t, done)
	assert.NotEqual(t, battle.Declaring, b.Phase(), "both have declared: the shots are resolved")
}

// TestActPlacesMarkers: a jumping ship's owner places its FTL marker.
func TestActPlacesMarkers(t *testing.T) {
	setup := battle.Setup{Name: "jump", Rules: starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptFTL}},
		Width: 900, Depth: 900, Ships: []battle.ShipSpec{
			spec("raptor", "raptor", battle.Colonial, 450, 100, 90, 1),
			spec("raider-1", "cylon-raider", battle.Cylon, 450, 800, 270, 1),
		}}
	b := newBattle(t, setup, 2)
	g := NewGame(b, comp, 2)
	for _, side := range battle.Sides {
		_, err := g.Act(side, jumper{})
		require.NoError(t, err)
	}
	_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
	require.NoError(t, err)
	require.Equal(t, battle.PlacingFTL, b.Phase())
	require.Equal(t, []string{"raptor"}, b.View(battle.Colonial).MarkersDue)
	// Both jump; the Colonial side was drawn to place its markers first
	// (Faster-than-light movement), so the Cylon waits.
	done, err := g.Act(battle.Cylon, jumper{})
	require.NoError(t, err)
	assert.True(t, done, "no marker it may place yet")
	assert.Equal(t, battle.PlacingFTL, b.Phase())
	done, err = g.Act(battle.Colonial, jumper{})
	require.NoError(t, err)
	assert.True(t, done)
	require.Equal(t, []string{"raider-1"}, b.View(battle.Cylon).MarkersDue)
	done, err = g.Act(battle.Cylon, jumper{})
	require.NoError(t, err)
	assert.True(t, done)
	assert.NotEqual(t, battle.PlacingFTL, b.Phase())
}

// TestActPlaysLikePlay: a battle driven side by side with Act (and the
// reveals) is the battle Play plays.
func TestActPlaysLikePlay(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		players := map[battle.Side]Policy{battle.Colonial: Greedy{}, battle.Cylon: Random{}}
		setup := closeQuarters()
		setup.Rules = starship.Rules{Set: starship.Complete, Options: []starship.Option{starship.OptTailing}}
		want := newBattle(t, setup, seed)
		require.NoError(t, Play(want, comp, players, seed))
		b := newBattle(t, setup, seed)
		g := NewGame(b, comp, seed)
		for guard := 0; b.Phase() != battle.Over; guard++ {
			require.Less(t, guard, 10000)
			if b.Phase() == battle.Revealing {
				_, err := b.Apply(battle.Command{Type: battle.CmdReveal, Side: battle.Colonial})
				require.NoError(t, err)
				continue
			}
			phase := b.Phase()
			for _, side := range battle.Sides {
				if b.Phase() != phase {
					break
				}
				_, err := g.Act(side, players[side])
				require.NoError(t, err)
			}
		}
		assert.Equal(t, want.Hash(), b.Hash(), "seed %d", seed)
		assert.Equal(t, want.Result(), b.Result())
	}
}

// TestActPreplans: a severely wounded pilot's cards for next turn.
func TestActPreplans(t *testing.T) {
	b := battletest.SeverelyWounded(t, comp)
	g := NewGame(b, comp, 1)
	done, err := g.Act(battle.Colonial, still{})
	require.NoError(t, err)
	assert.True(t, done, "no wounded pilot of its own")
	assert.Equal(t, battle.Preplanning, b.Phase())
	require.True(t, own(b.View(battle.Cylon), "raider").MustPreplan)
	done, err = g.Act(battle.Cylon, still{})
	require.NoError(t, err)
	assert.True(t, done)
	assert.NotEqual(t, battle.Preplanning, b.Phase())
	assert.Equal(t, []string{"straight"}, own(b.View(battle.Cylon), "raider").NextCards)
}
