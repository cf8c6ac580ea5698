package main

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestMoveGolden(t *testing.T) {
	for _, name := range []string{"overboost", "illegal", "ftl"} {
		file := "../../testdata/moves/" + name + ".yaml"
		t.Run(name, func(t *testing.T) {
			code, out, errOut := runCLI(t, "", "move", file)
			require.Equal(t, 0, code, errOut)
			golden(t, "move-"+name+".txt", out)
			code, out, errOut = runCLI(t, "", "move", "-json", file)
			require.Equal(t, 0, code, errOut)
			golden(t, "move-"+name+".json", out)
		})
	}
}

// TestMoveJSONAnswersTheQuestion checks the fields the issue names.
func TestMoveJSONAnswersTheQuestion(t *testing.T) {
	code, out, _ := runCLI(t, "", "move", "-json", "../../testdata/moves/illegal.yaml")
	require.Equal(t, 0, code)
	var doc map[string]any
	require.NoError(t, json.Unmarshal([]byte(out), &doc))
	for _, f := range []string{"legal", "violations", "corrected_plan", "damage_draws", "ke", "fuel_spent", "steps", "final", "path"} {
		assert.Contains(t, doc, f)
	}
	assert.Equal(t, false, doc["legal"])
	v := doc["violations"].([]any)[0].(map[string]any)
	assert.Equal(t, "rotated-inertial", v["rule"])
	assert.NotEmpty(t, v["section"])
	assert.NotEmpty(t, v["message"])
	assert.Equal(t, []any{"straight"}, doc["corrected_plan"].(map[string]any)["cards"])
	assert.Equal(t, 1.0, doc["damage_draws"])
	final := doc["final"].(map[string]any)
	for _, f := range []string{"x", "y", "heading", "rotation", "level"} {
		assert.Contains(t, final, f)
	}
}

func TestMoveBadInput(t *testing.T) {
	code, out, errOut := runCLI(t, "ship: {class: viper-mk2, x: 0, y: 0, heading: 0}\nplan: {cards: [reversal-left], speed: warp}\n", "move", "-")
	assert.Equal(t, 1, code)
	assert.Empty(t, out)
	assert.Contains(t, errOut, `<stdin>:2: plan.cards[0]: "reversal-left" is not in the viper-mk2 deck`)
	assert.Contains(t, errOut, `<stdin>:2: plan.speed: "warp" is not allowed`)
	code, _, _ = runCLI(t, "", "move")
	assert.Equal(t, 2, code)
}
