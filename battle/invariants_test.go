package battle_test

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/starship"
)

// randomSetup places 2–6 ships of both sides and a few obstacles at
// random: a setup Setup.Check takes (drawn again until it does).
func randomSetup(rng *rand.Rand) battle.Setup {
	for {
		if s := drawSetup(rng); s.Check(comp) == nil {
			return s
		}
	}
}

// drawSetup draws a setup at random; each pilot takes talents and flaws
// its token allows (Pilot talents and flaws; Limitations of nuggets and
// rookies).
func drawSetup(rng *rand.Rand) battle.Setup {
	rules := starship.Rules{Set: starship.Quick}
	if rng.IntN(2) == 0 {
		rules = allRules
	}
	s := battle.Setup{Rules: rules, Width: 900, Depth: 900, TurnLimit: 25}
	classes := []string{"viper-mk2", "cylon-raider", "raptor", "heavy-raider", "viper-mk7"}
	pilots := []starship.Pilot{starship.Nugget, starship.Rookie, starship.Average, starship.Expert, starship.Ace}
	n := 2 + rng.IntN(5)
	for i := 0; i < n; i++ {
		side := battle.Sides[i%2]
		sp := spec(fmt.Sprintf("%s-%d", side, i), classes[rng.IntN(len(classes))], side,
			100+rng.Float64()*700, 100+rng.Float64()*700, float64(rng.IntN(12))*30, rng.IntN(8)-1)
		sp.Pilot = pilots[rng.IntN(len(pilots))]
		talents, flaws := comp.TalentIDs(), comp.FlawIDs()
		most := 0
		for _, tok := range comp.PilotTokens {
			if tok.ID == string(sp.Pilot) {
				most = tok.MaxTalents.Value
				if tok.RookieTalentsOnly.Value {
					talents = slices.DeleteFunc(slices.Clone(talents), func(id string) bool { t, _ := comp.Talent(id); return !t.Rookie })
				}
			}
		}
		if rng.IntN(2) == 0 {
			sp.Flaws = []string{flaws[rng.IntN(len(flaws))]}
			most++
		}
		for k := 0; k < rng.IntN(4) && len(sp.Talents) < most; k++ {
			if t := talents[rng.IntN(len(talents))]; !slices.Contains(sp.Talents, t) { // a scenario names a talent once
				sp.Talents = append(sp.Talents, t)
			}
		}
		sp.Level = 1 + rng.IntN(4)
		if rng.IntN(5) == 0 {
			sp.EntersOnTurn = 2 + rng.IntN(3)
		}
		s.Ships = append(s.Ships, sp)
	}
	for i := 0; i < rng.IntN(3); i++ {
		s.Obstacles = append(s.Obstacles, referee.Obstacle{ID: fmt.Sprintf("rock-%d", i), Kind: referee.Planetoid, Level: 1 + rng.IntN(4),
			Circle: physics.Circle{C: physics.V(rng.Float64()*900, rng.Float64()*900), R: 20 + rng.Float64()*40}})
	}
	for i := 0; i < rng.IntN(3); i++ {
		x, y := rng.Float64()*700, rng.Float64()*700
		d := referee.Sparse
		if rng.IntN(2) == 0 {
			d = referee.Dense
		}
		s.Obstacles = append(s.Obstacles, referee.Obstacle{ID: fmt.Sprintf("field-%d", i), Kind: referee.AsteroidField, Density: d, Level: 1 + rng.IntN(4),
			Polygon: physics.Polygon{physics.V(x, y), physics.V(x+200, y+10), physics.V(x+180, y+120), physics.V(x+10, y+100)}})
	}
	return s
}

// checkInvariants checks what must hold after every command.
func checkInvariants(t *testing.T, b *battle.Battle, fuelBefore map[string]int) {
	st := b.State()
	damage, collisions := len(st.Cup), len(st.Collisions)
	for _, s := range st.Ships {
		damage += len(s.Counters)
		collisions += len(s.Collisions)
		if s.Ship.KE < starship.MinKE || s.Ship.KE > starship.MaxKE {
			t.Fatalf("%s: kinetic energy %d outside -1..6", s.ID, s.Ship.KE)
		}
		if s.Out && (s.Plan != nil && s.OutTurn < st.Turn || len(s.Counters) > 0) {
			t.Fatalf("%s is eliminated but still has a plan or counters", s.ID)
		}
		if s.Out && s.OutTurn < st.Turn && s.Fired {
			t.Fatalf("%s fired after its elimination", s.ID)
		}
	}
	if damage != battle.DamageCounters(comp) || collisions != battle.CollisionCounters(comp) {
		t.Fatalf("counters not conserved: %d damage, %d collision", damage, collisions)
	}
	for _, sh := range st.Shots {
		for _, s := range st.Ships {
			if s.ID == sh.Shooter && s.Out && s.OutTurn < st.Turn {
				t.Fatalf("eliminated %s declared a shot", s.ID)
			}
		}
	}
}

// checkView walks every field of every ship view: an enemy's private
// fields must be empty unless the rules let the side know them.
func checkView(t *testing.T, b *battle.Battle, side battle.Side) {
	v := b.View(side)
	st := b.State()
	byID := map[string]battle.ShipState{}
	for _, s := range st.Ships {
		byID[s.ID] = s
	}
	public := map[string]bool{"ID": true, "Class": true, "Side": true, "Own": true, "Pilot": true, "Talents": true, "Flaws": true, "TalentUses": true,
		"Pose": true, "Rotation": true, "Level": true, "OnTable": true, "Out": true, "Cause": true, "Tailing": true,
		"Fired": true, "Crippled": true, "Planned": true, "CounterCount": true, "CollisionCount": true}
	for _, sv := range v.Ships {
		s := byID[sv.ID]
		if sv.Own != (s.Side == side) {
			t.Fatalf("%s: Own is wrong", sv.ID)
		}
		if sv.Own {
			continue
		}
		rv := reflect.ValueOf(sv)
		for i := 0; i < rv.NumField(); i++ {
			name := rv.Type().Field(i).Name
			f := rv.Field(i)
			if public[name] || f.IsZero() {
				continue
			}
			allowed := false
			switch name {
			case "KE":
				allowed = s.Revealed || st.Turn > 1
			case "Plan", "Outcome", "Marker":
				allowed = s.Revealed
			case "Shown":
				for _, o := range st.Ships {
					allowed = allowed || o.Side == side && o.Tailing == s.ID
				}
			}
			if !allowed {
				t.Fatalf("turn %d %s: %s's view of %s leaks %s = %v", st.Turn, st.Phase, side, sv.ID, name, f.Interface())
			}
		}
	}
	for _, e := range v.Events {
		if e.Secret && e.Side != side {
			t.Fatalf("%s sees a secret of %s: %s", side, e.Side, e.Text())
		}
	}
	if len(v.SeenShots) > 0 && st.FirstToDeclare == side {
		t.Fatal("the first declarer sees shots")
	}
}

// TestInvariantsOverRandomBattles plays many random battles (random and
// greedy policies, both rule sets, every option) and checks after every
// command: no panic, counters conserved, kinetic energy in range, fuel
// spent as the moves say, eliminated ships never act, views never leak.
func TestInvariantsOverRandomBattles(t *testing.T) {
	games := 150
	if testing.Short() {
		games = 40
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for g := 0; g < games; g++ {
		playChecked(t, rng)
	}
}

// FuzzBattle plays one random battle per input (make fuzz runs thousands)
// with every invariant checked after every command.
func FuzzBattle(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(11), uint64(12))
	f.Fuzz(func(t *testing.T, a, b uint64) {
		playChecked(t, rand.New(rand.NewPCG(a, b)))
	})
}

// playChecked plays a random battle with random or greedy players and
// checks the invariants and both views after every command.
func playChecked(t *testing.T, rng *rand.Rand) {
	policies := []string{"random", "greedy"}
	s := randomSetup(rng)
	seed := rng.Uint64()
	b, err := battle.New(s, comp, seed)
	require.NoError(t, err)
	pc, _ := policy.ByName(policies[rng.IntN(2)])
	py, _ := policy.ByName(policies[rng.IntN(2)])
	fuel := map[string]int{}
	for _, sh := range b.State().Ships {
		fuel[sh.ID] = sh.Ship.Fuel
	}
	err = policy.PlayObserved(b, comp, map[battle.Side]policy.Policy{battle.Colonial: pc, battle.Cylon: py}, seed, func(cmd battle.Command) {
		checkInvariants(t, b, fuel)
		for _, side := range battle.Sides {
			checkView(t, b, side)
		}
		if cmd.Type == battle.CmdReveal || cmd.Type == battle.CmdFTL {
			for _, sh := range b.State().Ships {
				if sh.Outcome != nil && len(sh.Outcome.Steps) > 0 && s.Rules.Has(starship.OptFuel) {
					if want := fuel[sh.ID] - sh.Outcome.FuelSpent; sh.Outcome.Fuel != want {
						t.Fatalf("%s: fuel %d, want %d − %d", sh.ID, sh.Outcome.Fuel, fuel[sh.ID], sh.Outcome.FuelSpent)
					}
				}
			}
		}
		if cmd.Type == battle.CmdPlan {
			// Fuel changes only at the end of a turn: during planning
			// it is the turn's starting fuel.
			for _, sh := range b.State().Ships {
				fuel[sh.ID] = sh.Ship.Fuel
			}
		}
	})
	require.NoError(t, err, "seed %d", seed)
	require.NotNil(t, b.Result(), "seed %d: the battle ends", seed)
}
