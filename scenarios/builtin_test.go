package scenarios_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/physics"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func components(t testing.TB) *assets.Components {
	t.Helper()
	comp, err := assets.Load()
	require.NoError(t, err)
	return comp
}

// TestBuiltinSet checks the set the issue asks for: The Hand of God as
// the default and at least five more, each loading and playable.
func TestBuiltinSet(t *testing.T) {
	names := scenarios.Names()
	assert.Contains(t, names, scenarios.Default)
	for _, want := range []string{"asteroid-ambush", "jump-point", "anchorage", "escort", "furball"} {
		assert.Contains(t, names, want)
	}
	comp := components(t)
	for _, name := range names {
		sc, err := scenarios.Load(name, comp)
		require.NoError(t, err, name)
		assert.Equal(t, name, sc.ID)
		setup := sc.Setup()
		require.NoError(t, setup.Validate(), name)
		_, err = battle.New(setup, comp, 1)
		require.NoError(t, err, name)
		viaBuiltin, ok := scenarios.Builtin(name)
		require.True(t, ok)
		assert.Equal(t, setup, viaBuiltin)
	}
	_, ok := scenarios.Builtin("no-such-scenario")
	assert.False(t, ok)
	_, err := scenarios.Load("../builtin/hand-of-god", comp)
	assert.Error(t, err, "names are not paths")
}

// TestBuiltinsExerciseTheirRules checks that each of our scenarios uses
// the rules it is there to show.
func TestBuiltinsExerciseTheirRules(t *testing.T) {
	comp := components(t)
	load := func(name string) *scenarios.Scenario {
		sc, err := scenarios.Load(name, comp)
		require.NoError(t, err)
		return sc
	}
	kinds := func(sc *scenarios.Scenario) map[battle.ConditionKind]bool {
		m := map[battle.ConditionKind]bool{}
		for _, c := range sc.Victory {
			m[c.Kind] = true
		}
		return m
	}
	fields := map[string]bool{}
	for _, o := range load("asteroid-ambush").Obstacles {
		fields[o.Density] = true
	}
	assert.True(t, fields["sparse"] && fields["dense"], "the ambush has both densities of asteroid field")
	assert.True(t, kinds(load("asteroid-ambush"))[battle.Points])

	jp := load("jump-point")
	assert.True(t, jp.Has(starship.OptFTL))
	require.NotEmpty(t, jp.Victory)
	assert.Equal(t, battle.Leave, jp.Victory[0].Kind)
	assert.Equal(t, battle.ExitFTL, jp.Victory[0].By)
	assert.NotEmpty(t, jp.Victory[0].Zone)

	an := load("anchorage")
	assert.True(t, kinds(an)[battle.Hold])
	hasPlanetoid := false
	for _, o := range an.Obstacles {
		hasPlanetoid = hasPlanetoid || o.Kind == "planetoid"
	}
	assert.True(t, hasPlanetoid)

	es := load("escort")
	assert.Equal(t, battle.ExitEdge, es.Victory[0].By)

	fb := load("furball")
	assert.Len(t, fb.Ships, 4)
	assert.True(t, fb.Has(starship.OptThreeD) && fb.Has(starship.OptPilots))
	levels, talents := map[int]bool{}, 0
	for _, sh := range fb.Ships {
		levels[sh.Level] = true
		talents += len(sh.Talents)
	}
	assert.Greater(t, len(levels), 1, "ships at more than one level")
	assert.Positive(t, talents)

	entries := 0
	for _, name := range scenarios.Names() {
		for _, sh := range load(name).Ships {
			if sh.Enters != nil {
				entries++
			}
		}
	}
	assert.GreaterOrEqual(t, entries, 3, "ships entering later, by an edge and by FTL")
}

// handOfGodBefore is The Hand of God as it was written in Go before the
// scenario files: the YAML file must give the same setup.
func handOfGodBefore() battle.Setup {
	ship := func(id, class string, side battle.Side, x, y, heading float64, ke int) battle.ShipSpec {
		return battle.ShipSpec{ID: id, Class: class, Side: side, Level: 1, KE: ke,
			Pose: physics.Pose{Pos: physics.V(x, y), Heading: physics.Deg(heading)}}
	}
	return battle.Setup{
		Name:  "The Hand of God",
		Rules: starship.Rules{Set: starship.Quick},
		Width: 900, Depth: 900,
		Ships: []battle.ShipSpec{
			// the deployment and starting speeds as balanced for issue
			// 15 (the file's comment)
			ship("viper-1", "viper-mk2", battle.Colonial, 380, 50, 90, 3),
			ship("viper-2", "viper-mk2", battle.Colonial, 520, 50, 90, 3),
			ship("raider-1", "cylon-raider", battle.Cylon, 300, 850, 270, 1),
			ship("raider-2", "cylon-raider", battle.Cylon, 600, 850, 270, 1),
		},
		// Winning the game: no turn limit (a 30-turn draw, our proposal,
		// was in the file until issue 22).
		Victory: battle.Victory{{Kind: battle.EliminateAll}},
	}
}

func TestHandOfGodIsUnchanged(t *testing.T) {
	got, ok := scenarios.Builtin(scenarios.Default)
	require.True(t, ok)
	want := handOfGodBefore()
	// Options: nil and empty are the same rules.
	if len(got.Rules.Options) == 0 {
		got.Rules.Options = nil
	}
	for i := range got.Ships {
		if len(got.Ships[i].Talents) == 0 {
			got.Ships[i].Talents = nil
		}
		if len(got.Ships[i].Flaws) == 0 {
			got.Ships[i].Flaws = nil
		}
	}
	assert.Equal(t, want, got)
}

// TestSetupSharesNothing checks that changing one setup does not change
// the next.
func TestSetupSharesNothing(t *testing.T) {
	a, _ := scenarios.Builtin("furball")
	a.Ships[0].Talents[0] = "changed"
	a.Ships[0].Pose.Pos.X = -1
	a.Victory[0].Kind = "changed"
	b, _ := scenarios.Builtin("furball")
	assert.NotEqual(t, "changed", b.Ships[0].Talents[0])
	assert.NotEqual(t, -1.0, b.Ships[0].Pose.Pos.X)
	assert.NotEqual(t, battle.ConditionKind("changed"), b.Victory[0].Kind)
}

// goldenSeeds are the battle seeds of the golden games of each scenario.
var goldenSeeds = []uint64{1, 2, 3}

// playGreedy plays a seeded battle of a scenario, greedy against greedy,
// and says how it ended.
func playGreedy(t *testing.T, setup battle.Setup, comp *assets.Components, seed uint64) string {
	t.Helper()
	b, err := battle.New(setup, comp, seed)
	require.NoError(t, err)
	players := map[battle.Side]policy.Policy{battle.Colonial: policy.Greedy{}, battle.Cylon: policy.Greedy{}}
	require.NoError(t, policy.Play(b, comp, players, seed))
	r := b.Result()
	require.NotNil(t, r)
	winner := string(r.Winner)
	if winner == "" {
		winner = "draw"
	}
	return fmt.Sprintf("seed %d: %s on turn %d: %s", seed, winner, r.Turn, r.Reason)
}

// TestBuiltinGolden plays seeded battles of every built-in scenario (the
// greedy policy on both sides) and checks that each ends as recorded in
// testdata/golden, and the same way when played again.
func TestBuiltinGolden(t *testing.T) {
	comp := components(t)
	for _, name := range scenarios.Names() {
		t.Run(name, func(t *testing.T) {
			setup, ok := scenarios.Builtin(name)
			require.True(t, ok)
			var lines []string
			for _, seed := range goldenSeeds {
				first := playGreedy(t, setup, comp, seed)
				again := playGreedy(t, setup, comp, seed)
				require.Equal(t, first, again, "the same seed must end the same way")
				lines = append(lines, first)
			}
			got := strings.Join(lines, "\n") + "\n"
			path := filepath.Join("testdata", "golden", name+".txt")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
				require.NoError(t, os.WriteFile(path, []byte(got), 0o644))
			}
			want, err := os.ReadFile(path)
			require.NoError(t, err, "run go test ./scenarios -run TestBuiltinGolden -update to create %s", path)
			assert.Equal(t, string(want), got)
		})
	}
}

func TestTemplateValidates(t *testing.T) {
	comp := components(t)
	sc, err := scenarios.Parse("template.yaml", scenarios.Template(), comp)
	require.NoError(t, err)
	setup := sc.Setup()
	require.NoError(t, setup.Validate())
	_, err = battle.New(setup, comp, 1)
	require.NoError(t, err)
	assert.Contains(t, string(scenarios.Template()), "# ", "the template is commented")
}

// TestZoneDeploymentSpreadsShips checks the default spots in a zone: inside
// it, apart, in file order along its longer side.
func TestZoneDeploymentSpreadsShips(t *testing.T) {
	comp := components(t)
	sc, err := scenarios.Load("asteroid-ambush", comp)
	require.NoError(t, err)
	var xs []float64
	zone := sc.ZonePolygon("patrol-start")
	for _, sh := range sc.Ships {
		if sh.Zone != "patrol-start" {
			continue
		}
		for _, v := range sh.Base() {
			assert.True(t, zone.Contains(v), sh.ID)
		}
		assert.Equal(t, 90.0, sh.Start.Heading)
		xs = append(xs, sh.Start.X)
	}
	assert.Equal(t, []float64{250, 450, 650}, xs)
}

// TestEntries checks where ships entering later stand: by an edge, the
// rear flat just inside it, heading into the table; by FTL, at the marker.
func TestEntries(t *testing.T) {
	comp := components(t)
	sc, err := scenarios.Load("asteroid-ambush", comp)
	require.NoError(t, err)
	for _, sh := range sc.Ships {
		if sh.Enters == nil {
			continue
		}
		assert.Equal(t, battle.East, sh.Enters.Edge)
		assert.Equal(t, 180.0, sh.Start.Heading)
		assert.InDelta(t, 900-sh.AcrossFlats/2-1, sh.Start.X, 1e-9)
		for _, v := range sh.Base() {
			assert.True(t, v.X <= 900 && v.X > 850, "%v", v)
		}
	}
	setup, _ := scenarios.Builtin("asteroid-ambush")
	assert.Equal(t, 4, setup.Ships[5].EntersOnTurn)
	jp, _ := scenarios.Load("jump-point", comp)
	for _, sh := range jp.Ships {
		if sh.ID == "hunter-2" {
			require.NotNil(t, sh.Enters.FTL)
			assert.Equal(t, scenarios.Pose{X: 450, Y: 700, Heading: 270}, sh.Start)
		}
	}
}

func TestWriteTextNamesEverything(t *testing.T) {
	comp := components(t)
	for _, name := range scenarios.Names() {
		sc, err := scenarios.Load(name, comp)
		require.NoError(t, err)
		var b strings.Builder
		require.NoError(t, sc.WriteText(&b))
		out := b.String()
		assert.Contains(t, out, sc.Name)
		for _, sh := range sc.Ships {
			assert.Contains(t, out, sh.ID)
		}
		for _, o := range sc.Obstacles {
			assert.Contains(t, out, o.ID)
		}
		assert.Contains(t, out, "Victory")
	}
}
