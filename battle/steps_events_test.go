package battle_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/maneuvers"
	"github.com/starshipbattles/bsg/starship"
)

// Complete Rules, Moving between levels: a ship changes level in the
// first movement step, and the engine says so with an EvLevel event (from
// which level, to which) between the start of that step and its firing
// step; a change beyond the levels of play is Out and the ship is
// eliminated after it.
func TestMovingBetweenLevels_EachChangeIsAnEvent(t *testing.T) {
	for _, tt := range []struct {
		name       string
		from, move int
		out        bool
		text       string
	}{
		{"climbs", 1, +1, false, "viper climbs from level 1 to level 2: +3 kinetic energy this turn (Moving between levels)."},
		{"dives", 3, -1, false, "viper dives from level 3 to level 2: +3 kinetic energy this turn (Moving between levels)."},
		{"climbs out", 4, +1, true, "viper climbs from level 4 beyond the levels of play and is out."},
	} {
		t.Run(tt.name, func(t *testing.T) {
			v := spec("viper", "viper-mk2", battle.Colonial, 100, 100, 270, 0)
			v.Level = tt.from
			b := newCompanion(t, setup(with(complete, starship.OptThreeD), v,
				spec("raider", "cylon-raider", battle.Cylon, 800, 800, 90, 0)))
			planAll(t, b, map[string]*starship.Plan{"viper": {Cards: cards("straight"), Speed: maneuvers.Stop, Level: tt.move}})
			ev := reveal(t, b, nil)
			i := indexOf(ev, battle.Event{Kind: battle.EvLevel, Ship: "viper"})
			require.NotEqual(t, -1, i, "no level event in %q", texts(ev))
			got := ev[i]
			assert.Equal(t, 1, got.Step, "the level changes in the first movement step")
			assert.Equal(t, tt.from, got.From)
			assert.Equal(t, tt.from+tt.move, got.Level)
			assert.Equal(t, tt.out, got.Out)
			assert.False(t, got.Secret, "the table shows every ship's level")
			assert.Equal(t, tt.text, got.Render(battle.Cylon))
			assert.Equal(t, 1, count(ev, battle.EvLevel), "one change, one event")
			inOrder(t, ev, battle.Event{Kind: battle.EvMoveStep, Step: 1}, battle.Event{Kind: battle.EvLevel, Ship: "viper"})
			if tt.out {
				inOrder(t, ev, battle.Event{Kind: battle.EvLevel, Ship: "viper"}, battle.Event{Kind: battle.EvEliminated, Ship: "viper"})
				return
			}
			inOrder(t, ev, battle.Event{Kind: battle.EvLevel, Ship: "viper"}, battle.Event{Kind: battle.EvNoFire, Step: 1}, battle.Event{Kind: battle.EvMoveStep, Step: 2})
			assert.Equal(t, tt.from+tt.move, ship(b, "viper").Ship.Level)

			// The next turn the ship keeps its level: no event.
			planAll(t, b, nil)
			ev = reveal(t, b, nil)
			assert.Equal(t, 0, count(ev, battle.EvLevel), "no change, no event: %q", texts(ev))
		})
	}
}

// Firing, Choosing a target: a firing step in which no ship has an enemy
// it may fire at is played without declarations, and the engine says so
// with an EvNoFire event in that step's place (Quick Start: overlapping
// ships cannot fire).
func TestChoosingATarget_NoShipCanFireIsAnEvent(t *testing.T) {
	b := newCompanion(t, setup(quick,
		spec("viper", "viper-mk2", battle.Colonial, 450, 300, 90, 0),
		spec("raider", "cylon-raider", battle.Cylon, 450, 430, 90, 0)))
	planAll(t, b, map[string]*starship.Plan{"viper": plan(cards("straight"), maneuvers.Medium)})
	ev := reveal(t, b, nil)
	inOrder(t, ev,
		battle.Event{Kind: battle.EvMoveStep, Step: 1},
		battle.Event{Kind: battle.EvSlides, Ship: "viper"},
		battle.Event{Kind: battle.EvNoFire, Step: 1},
		battle.Event{Kind: battle.EvTurn, Turn: 2})
	assert.Equal(t, -1, indexOf(ev, battle.Event{Kind: battle.EvFiringStep}))
	i := indexOf(ev, battle.Event{Kind: battle.EvNoFire})
	assert.Equal(t, "Firing step 1: no ship can fire (none has an enemy in its fire arc, in range and in sight).", ev[i].Render(battle.Spectator))

	// The next turn they can fire: a firing step, no EvNoFire.
	planAll(t, b, nil)
	ev = reveal(t, b, nil)
	require.Equal(t, battle.Declaring, b.Phase())
	assert.Equal(t, 0, count(ev, battle.EvNoFire))
	assert.NotEqual(t, -1, indexOf(ev, battle.Event{Kind: battle.EvFiringStep, Step: 1}))
}

// The game turn, over every game of the corpus: every movement step is
// followed by exactly one firing step, with shots (EvFiringStep) or
// without (EvNoFire), unless the battle ends first; and every change of
// a ship's level between two commands is exactly one EvLevel from the
// old level to the new (Moving between levels).
func TestTheGameTurn_EveryFiringStepAndLevelChangeIsAnEvent(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(corpusDir, "*.json"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	levels, noFire := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		var s battle.Saved
		require.NoError(t, json.Unmarshal(data, &s))
		b, err := battle.Replay(s.Setup, comp, s.Seed, s.Journal[:1])
		require.NoError(t, err)
		for i := 1; i < len(s.Journal); i++ {
			before := b.State()
			_, err := b.Apply(s.Journal[i].Command)
			require.NoError(t, err)
			after := b.State()
			evs := after.Events[len(before.Events):]
			for k, sh := range after.Ships {
				was := before.Ships[k]
				var got []battle.Event
				for _, e := range evs {
					if e.Kind == battle.EvLevel && e.Ship == sh.ID {
						got = append(got, e)
					}
				}
				if sh.Ship.Level == was.Ship.Level || !was.OnTable {
					assert.Empty(t, got, "%s: %s keeps its level", f, sh.ID)
					continue
				}
				levels++
				if assert.Len(t, got, 1, "%s: %s changes level", f, sh.ID) {
					assert.Equal(t, was.Ship.Level, got[0].From)
					assert.Equal(t, sh.Ship.Level, got[0].Level)
					assert.Equal(t, sh.Ship.Level < 1 || sh.Ship.Level > 4, got[0].Out)
				}
			}
		}
		open := 0 // the movement step waiting for its firing step
		for _, e := range b.State().Events {
			switch e.Kind {
			case battle.EvMoveStep:
				assert.Zero(t, open, "%s turn %d: movement step %d follows movement step %d without a firing step", f, e.Turn, e.Step, open)
				open = e.Step
			case battle.EvFiringStep, battle.EvNoFire:
				assert.Equal(t, open, e.Step, "%s turn %d: firing step %d", f, e.Turn, e.Step)
				open = 0
				if e.Kind == battle.EvNoFire {
					noFire++
				}
			case battle.EvEnd:
				open = 0
			}
		}
	}
	assert.NotZero(t, levels, "the corpus changes levels")
	assert.NotZero(t, noFire, "the corpus has firing steps without shots")
	t.Logf("%d level changes, %d firing steps without shots", levels, noFire)
}

// count is how many events are of kind k.
func count(ev []battle.Event, k battle.EventKind) int {
	n := 0
	for _, e := range ev {
		if e.Kind == k {
			n++
		}
	}
	return n
}
