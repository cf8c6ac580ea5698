package scenarios_test

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/policy"
	"github.com/starshipbattles/bsg/scenarios"
)

// FuzzParse feeds the loader arbitrary bytes: it must never panic, and a
// file it accepts must make a battle the engine sets up and plays (two
// turns by the random player, end to end).
func FuzzParse(f *testing.F) {
	for _, name := range scenarios.Names() {
		_, data, _ := scenarios.Source(name)
		f.Add(data)
	}
	f.Add(scenarios.Template())
	broken, _ := filepath.Glob("testdata/broken/*.yaml")
	for _, file := range broken {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("a: &a [*a, *a]\nships: *a\n"))
	f.Add([]byte(`{"name": "json", "rules": "quick", "ships": []}`))
	f.Add([]byte("name: x\nrules: quick\nships: [{id: a, side: colonial, class: viper-mk2, enters: {turn: 2, edge: north, at: .nan}}]\n"))
	comp := components(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := scenarios.Parse("fuzz.yaml", data, comp)
		if err != nil {
			return
		}
		setup := sc.Setup()
		if err := setup.Validate(); err != nil {
			t.Fatalf("accepted a file whose setup does not validate: %v\n%s", err, data)
		}
		if _, err := battle.New(setup, comp, 1); err != nil {
			t.Fatalf("accepted a file the engine refuses: %v\n%s", err, data)
		}
		if !setup.Companion {
			// Two turns at most: entries and conditions within them.
			setup.TurnLimit = min(max(setup.TurnLimit, 1), 2)
			setup.Ships = slices.Clone(setup.Ships)
			for i := range setup.Ships {
				setup.Ships[i].EntersOnTurn = min(setup.Ships[i].EntersOnTurn, setup.TurnLimit)
			}
			setup.Victory = slices.Clone(setup.Victory)
			for i, c := range setup.Victory {
				if c.Kind == battle.Survive || c.Kind == battle.Hold {
					setup.Victory[i].Turns = min(c.Turns, setup.TurnLimit)
				}
			}
			b, err := battle.New(setup, comp, 1)
			if err != nil {
				t.Fatalf("a two-turn limit makes the file refused: %v\n%s", err, data)
			}
			random, _ := policy.ByName("random")
			if err := policy.Play(b, comp, map[battle.Side]policy.Policy{battle.Colonial: random, battle.Cylon: random}, 1); err != nil {
				t.Fatalf("the random player cannot play an accepted file: %v\n%s", err, data)
			}
		}
		for _, sh := range sc.Ships {
			for _, v := range sh.Base() {
				if v.X < 0 || v.Y < 0 || v.X > sc.Width || v.Y > sc.Depth {
					t.Fatalf("accepted %s off the table at %v\n%s", sh.ID, v, data)
				}
			}
		}
	})
}

// FuzzWriteRoundTrip: whatever file the loader accepts, the file Write
// makes of it reads back to the same scenario.
func FuzzWriteRoundTrip(f *testing.F) {
	for _, name := range scenarios.Names() {
		_, data, _ := scenarios.Source(name)
		f.Add(data)
	}
	f.Add(scenarios.Template())
	f.Add([]byte("name: \"  odd  name \"\nbriefing: \"two\\n\\nparagraphs and a very long line that goes on beyond the width of the file for sure\"\nrules: quick\nships: [{id: a, side: colonial, class: viper-mk2, pose: {x: 100.5, y: 100, heading: -0.0}}, {id: b, side: cylon, class: cylon-raider, pose: {x: 500, y: 500, heading: 1e-7}}]\n"))
	comp := components(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		sc, err := scenarios.Parse("fuzz.yaml", data, comp)
		if err != nil {
			return
		}
		written, err := scenarios.Marshal(sc)
		if err != nil {
			t.Fatalf("cannot write an accepted file: %v\n%s", err, data)
		}
		again, err := scenarios.Parse("fuzz.yaml", written, comp)
		if err != nil {
			t.Fatalf("the written file does not read back: %v\n%s\nfrom\n%s", err, written, data)
		}
		if !reflect.DeepEqual(sc, again) {
			t.Fatalf("the written file reads back differently:\n%+v\n%+v\n%s", sc, again, written)
		}
	})
}
