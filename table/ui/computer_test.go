package ui

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/starship"
	"github.com/starshipbattles/bsg/table/ui/kit"
)

// TestAgainstTheComputer plays two turns as the Colonial player against
// the greedy computer: no cover screens, the computer's ships plan and
// fire on their own, the player's view shows no Cylon secret.
func TestAgainstTheComputer(t *testing.T) {
	for _, set := range []starship.RuleSet{starship.Quick, starship.Complete} {
		t.Run(string(set), func(t *testing.T) {
			a := newTestApp(t)
			a.Players[battle.Cylon] = "greedy"
			g, err := NewGame(a, closeQuarters(set), 3)
			require.NoError(t, err)
			a.Show(g)
			require.Equal(t, "greedy", g.Computer(battle.Cylon))
			require.Empty(t, g.Computer(battle.Colonial))
			stages := map[string]bool{}
			for guard := 0; guard < 200 && g.battle().Turn() < 3 && g.battle().Phase() != battle.Over; guard++ {
				stages[g.Stage()] = true
				assert.Equal(t, battle.Colonial, g.Side(), "the player keeps the controls")
				switch g.Stage() {
				case "plan":
					for _, c := range g.battle().View(battle.Cylon).Ships {
						if c.Own && c.OnTable && !c.Out {
							assert.True(t, c.Planned, "the computer planned %s before the player", c.ID)
						}
					}
					for range ownActive(g.battle().View(battle.Colonial)) {
						send(a, kit.Type("3")...)
						enter(a)
					}
					send(a, kit.Type("h")...)
				case "declare":
					send(a, kit.Type("1")...)
					enter(a)
				case "anim":
					runAnim(a, g)
				case "results", "reveal":
					enter(a)
				case "cover":
					require.Equal(t, g.br.name, g.coverTitle, "against the computer the only cover screen is the briefing")
					require.False(t, stages["plan"], "the briefing comes first")
					enter(a)
				case "marker":
					t.Fatalf("stage %s against the computer", g.Stage())
				}
				for _, e := range g.visibleEvents(g.publicView()) {
					assert.False(t, e.Secret && e.Side == battle.Cylon, e.Text())
				}
			}
			assert.True(t, stages["cover"], "the briefing")
			assert.True(t, stages["plan"] && stages["anim"])
			assert.GreaterOrEqual(t, g.battle().Turn(), 3, "two whole turns")
			cylon := 0
			for _, en := range g.battle().Journal() {
				if en.Command.Side == battle.Cylon && en.Command.Type == battle.CmdPlan {
					cylon++
				}
			}
			assert.GreaterOrEqual(t, cylon, 2, "the computer planned through the engine's commands")
		})
	}
}

// TestComputerAgainstComputer: both sides played by the computer; the
// screen only shows moves and results until the battle ends.
func TestComputerAgainstComputer(t *testing.T) {
	a := newTestApp(t)
	a.Players[battle.Colonial], a.Players[battle.Cylon] = "random", "greedy"
	g, err := NewGame(a, closeQuarters(starship.Complete), 5)
	require.NoError(t, err)
	a.Show(g)
	for guard := 0; guard < 2000 && g.Stage() != "over"; guard++ {
		switch g.Stage() {
		case "anim":
			runAnim(a, g)
		case "results":
			enter(a)
		case "cover":
			require.Equal(t, g.br.name, g.coverTitle, "the only cover screen is the briefing")
			enter(a)
		default:
			t.Fatalf("stage %s with no player", g.Stage())
		}
	}
	assert.Equal(t, "over", g.Stage())
	assert.NotNil(t, g.battle().Result())
}

// TestTitleChoosesScenarioAndPlayers: the title plays any built-in
// scenario, any scenario file, with the players chosen.
func TestTitleChoosesScenarioAndPlayers(t *testing.T) {
	a := newTestApp(t)
	ti := NewTitle(a)
	a.Show(ti)
	a.Frame()
	// who plays: row 3 (Colonial) and row 4 (Cylon)
	send(a, kit.Press(kit.KeyDown), kit.Press(kit.KeyDown), kit.Press(kit.KeyDown)) // the Cylon row
	send(a, kit.Press(kit.KeyRight), kit.Press(kit.KeyRight))
	assert.Equal(t, "greedy", a.Players[battle.Cylon])
	assert.Equal(t, Human, a.Players[battle.Colonial])
	clickButton(t, a, "3   Colonial played by: human")
	assert.Equal(t, "random", a.Players[battle.Colonial])
	send(a, kit.Press(kit.KeyLeft)) // row 3 is selected now
	assert.Equal(t, Human, a.Players[battle.Colonial])
	// a built-in scenario
	send(a, kit.Press(kit.KeyUp), kit.Press(kit.KeyUp)) // row 1
	for ti.Scenario() != "furball" {
		send(a, kit.Press(kit.KeyRight))
	}
	enter(a)
	g, ok := a.Screen().(*Game)
	require.True(t, ok)
	want, _ := scenarios.Builtin("furball")
	assert.Equal(t, want, g.Battle().Setup())
	assert.NotEmpty(t, g.Computer(battle.Cylon))
	assert.Equal(t, "cover", g.Stage(), "against the computer: the briefing first")
	assert.Contains(t, paraText(g.coverParas), "To win: destroy every enemy ship")
	enter(a)
	assert.Equal(t, "plan", g.Stage(), "against the computer: no cover screen after the briefing")
	// a scenario file
	a.Show(NewTitle(a))
	sc, err := scenarios.Load("escort", a.Comp)
	require.NoError(t, err)
	sc.Name = "Escort, from a file"
	data, err := scenarios.Marshal(sc)
	require.NoError(t, err)
	path := filepath.Join(a.Dir, "mine.yaml")
	require.NoError(t, os.WriteFile(path, data, 0o644))
	send(a, kit.Type("2")...)
	require.True(t, a.Prompting())
	a.modal.text = path
	enter(a)
	require.False(t, a.Prompting(), a.modal)
	g, ok = a.Screen().(*Game)
	require.True(t, ok)
	assert.Equal(t, "Escort, from a file", g.Battle().Setup().Name)
	// a file with problems is refused, the problems shown
	require.NoError(t, os.WriteFile(path, []byte("name: x\nrules: quick\nships: []\n"), 0o644))
	a.Show(NewTitle(a))
	send(a, kit.Type("2")...)
	a.modal.text = path
	enter(a)
	require.True(t, a.Prompting())
	assert.Contains(t, a.modal.err, "mine.yaml:3: ships: no colonial ship")
}

// TestSearchThinksOffTheUI: against a search level the player plans while
// the computer thinks on a goroutine of its own; once the player hands
// over, the screen says the computer is planning and still takes input
// (the grid toggles), and the game goes on by itself when the plans are in.
func TestSearchThinksOffTheUI(t *testing.T) {
	a := newTestApp(t)
	a.Players[battle.Cylon] = "easy"
	g, err := NewGame(a, closeQuarters(starship.Complete), 3)
	require.NoError(t, err)
	a.Show(g)
	if g.Stage() == "cover" { // the scenario's briefing
		enter(a)
	}
	require.Equal(t, "plan", g.Stage(), "the player plans while the computer thinks")
	for range ownActive(g.battle().View(battle.Colonial)) {
		send(a, kit.Type("3")...)
		enter(a)
	}
	send(a, kit.Type("h")...)
	seen := map[string]bool{}
	deadline := time.Now().Add(60 * time.Second)
	for (g.Stage() == "think" || g.Stage() == "plan") && time.Now().Before(deadline) {
		seen[g.Stage()] = true
		if g.Stage() == "think" {
			grid := g.grid
			send(a, kit.Type("g")...)
			assert.NotEqual(t, grid, g.grid, "the window takes input while the computer thinks")
		}
		a.Tick(0.016)
		time.Sleep(5 * time.Millisecond)
	}
	assert.Contains(t, []string{"anim", "results", "reveal", "declare", "over"}, g.Stage())
	cylon := 0
	for _, en := range g.battle().Journal() {
		if en.Command.Side == battle.Cylon && en.Command.Type == battle.CmdPlan {
			cylon++
		}
	}
	assert.Equal(t, 2, cylon, "both Raiders planned through the engine's commands")
}
