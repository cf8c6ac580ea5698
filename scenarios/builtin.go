package scenarios

import (
	"embed"
	"fmt"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/battle"
)

// Default is the name of the default scenario: The Hand of God, the
// rulebook's first dogfight (Quick Start: Setup).
const Default = "hand-of-god"

// builtinFS holds the built-in scenarios, one file each, named after the
// scenario.
//
//go:embed builtin/*.yaml
var builtinFS embed.FS

// builtinDir is where the built-in files lie in builtinFS.
const builtinDir = "builtin"

// Names lists the built-in scenarios, sorted.
func Names() []string {
	entries, _ := builtinFS.ReadDir(builtinDir)
	var names []string
	for _, e := range entries {
		if n, ok := strings.CutSuffix(e.Name(), ".yaml"); ok {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	return names
}

// Source returns a built-in scenario's file: its name in messages and its
// text.
func Source(name string) (string, []byte, bool) {
	file := path.Join(builtinDir, name+".yaml")
	data, err := builtinFS.ReadFile(file)
	if err != nil || strings.ContainsAny(name, "/\\") {
		return "", nil, false
	}
	return "scenarios/" + file, data, true
}

// Load reads a built-in scenario with the given component data.
func Load(name string, comp *assets.Components) (*Scenario, error) {
	file, data, ok := Source(name)
	if !ok {
		return nil, fmt.Errorf("no built-in scenario %q; allowed: %s", name, strings.Join(Names(), ", "))
	}
	return Parse(file, data, comp)
}

var (
	compOnce sync.Once
	compVal  *assets.Components
	compErr  error
)

// components returns the embedded component data, loaded once.
func components() (*assets.Components, error) {
	compOnce.Do(func() { compVal, compErr = assets.Load() })
	return compVal, compErr
}

var (
	cacheMu sync.Mutex
	cache   = map[string]*Scenario{}
)

// Builtin returns a built-in scenario's setup, read with the embedded
// component data; false when there is no such scenario or it does not
// load (the package's tests rule that out). Each call builds a fresh
// setup.
func Builtin(name string) (battle.Setup, bool) {
	cacheMu.Lock()
	defer cacheMu.Unlock()
	sc, ok := cache[name]
	if !ok {
		comp, err := components()
		if err != nil {
			return battle.Setup{}, false
		}
		if sc, err = Load(name, comp); err != nil {
			return battle.Setup{}, false
		}
		cache[name] = sc
	}
	return sc.Setup(), true
}

//go:embed template.yaml
var template []byte

// Template returns a commented scenario file that validates: what bsg
// scenario new writes.
func Template() []byte { return append([]byte(nil), template...) }
