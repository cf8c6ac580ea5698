package ui

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/starshipbattles/bsg/battle"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/table/seat"
)

// The autosave: the game in progress is written to the user data folder
// (App.DataDir) after every command, as a saved battle (battle.Save, the
// same file F2 writes) beside a small file saying who plays each side and
// the scenario played, so that "Continue" on the title resumes it as it
// was. A finished game removes them.
const (
	autosaveGame     = "autosave.json"
	autosaveMeta     = "autosave-meta.json"
	autosaveScenario = "autosave-scenario.yaml"
)

// autosaveInfo is what the autosave keeps besides the battle.
type autosaveInfo struct {
	Players  map[battle.Side]string `json:"players"`
	Scenario bool                   `json:"scenario"` // autosave-scenario.yaml holds it
}

// autosave writes the game if a command changed it since the last write.
func (g *Game) autosave() {
	a := g.a
	if a.DataDir == "" || g.readOnly {
		return
	}
	sv, ok := g.seat.(seat.Saver)
	if !ok {
		return // the server keeps it
	}
	n := sv.Moves()
	if n == g.saved {
		return
	}
	g.saved = n
	if g.publicView().Phase == battle.Over {
		removeAutosave(a.DataDir)
		return
	}
	if err := g.writeAutosave(); err != nil {
		a.Say("autosave failed: %v", err)
	}
}

func (g *Game) writeAutosave() error {
	dir := g.a.DataDir
	sv, ok := g.seat.(seat.Saver)
	if !ok {
		return errors.New("the server keeps this game")
	}
	data, err := sv.Save()
	if err != nil {
		return err
	}
	info := autosaveInfo{Players: map[battle.Side]string{}}
	for _, side := range battle.Sides {
		info.Players[side] = Human
		if p := g.Computer(side); p != "" {
			info.Players[side] = p
		}
	}
	if g.br != nil && g.br.sc != nil {
		y, err := scenarios.Marshal(g.br.sc)
		if err == nil {
			if err := writeAtomic(filepath.Join(dir, autosaveScenario), y); err != nil {
				return err
			}
			info.Scenario = true
		}
	}
	meta, err := json.MarshalIndent(info, "", "  ")
	if err != nil {
		return err
	}
	if err := writeAtomic(filepath.Join(dir, autosaveMeta), meta); err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, autosaveGame), data)
}

// writeAtomic writes a file through a temporary one, so that a crash
// never leaves half a file.
func writeAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

func removeAutosave(dir string) {
	for _, f := range []string{autosaveGame, autosaveMeta, autosaveScenario} {
		_ = os.Remove(filepath.Join(dir, f))
	}
}

// HasAutosave reports whether an unfinished game waits in the user data
// folder.
func (a *App) HasAutosave() bool {
	if a.DataDir == "" {
		return false
	}
	_, err := os.Stat(filepath.Join(a.DataDir, autosaveGame))
	return err == nil
}

// AutosaveName names the autosaved game for the title's Continue: its
// battle's name and when it was last saved.
func (a *App) AutosaveName() string {
	path := filepath.Join(a.DataDir, autosaveGame)
	data, err := os.ReadFile(path)
	if err != nil {
		return ""
	}
	var s struct {
		Setup struct {
			Name string `json:"Name"`
		} `json:"setup"`
	}
	if json.Unmarshal(data, &s) != nil || s.Setup.Name == "" {
		return ""
	}
	if st, err := os.Stat(path); err == nil {
		return fmt.Sprintf("%s (saved %s)", s.Setup.Name, st.ModTime().Format("Jan 2 15:04"))
	}
	return s.Setup.Name
}

// ContinueAutosave resumes the autosaved game, each side played as it was.
func (a *App) ContinueAutosave() error {
	data, err := os.ReadFile(filepath.Join(a.DataDir, autosaveGame))
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("no unfinished game in %s", a.DataDir)
		}
		return err
	}
	b, err := battle.LoadFile(filepath.Join(a.DataDir, autosaveGame), data, a.Comp)
	if err != nil {
		return err
	}
	var info autosaveInfo
	if m, err := os.ReadFile(filepath.Join(a.DataDir, autosaveMeta)); err == nil {
		_ = json.Unmarshal(m, &info)
	}
	for _, side := range battle.Sides {
		if p, ok := info.Players[side]; ok && validPlayer(p) {
			a.Players[side] = p
		}
	}
	g := GameFrom(a, b)
	if info.Scenario {
		path := filepath.Join(a.DataDir, autosaveScenario)
		if y, err := os.ReadFile(path); err == nil {
			if sc, err := scenarios.Parse(path, y, a.Comp); err == nil {
				g.WithScenario(sc)
			}
		}
	}
	g.saved = len(b.Journal())
	a.Show(g)
	a.Say("continuing %s, turn %d", g.br.name, b.Turn())
	return nil
}

func validPlayer(p string) bool {
	for _, c := range PlayerChoices() {
		if c == p {
			return true
		}
	}
	return false
}

// AutosaveKey is the Platform storage key of the game in progress.
const AutosaveKey = "bsg.autosave"

// autosaved is what the autosave keeps: the journal and who played.
type autosaved struct {
	Players map[battle.Side]string `json:"players"`
	Game    json.RawMessage        `json:"game"`
}

// store keeps the game in progress in the platform's storage (the
// browser's) after every command, for "Continue" on the title screen.
func (g *Game) store() {
	a := g.a
	if a.Platform == nil || g.readOnly || g.seat == nil {
		return
	}
	sv, ok := g.seat.(seat.Saver)
	if !ok {
		return
	}
	n := sv.Moves()
	if a.saved == Screen(g) && n == a.savedN {
		return
	}
	a.saved, a.savedN = g, n
	data, err := sv.Save()
	if err != nil {
		return
	}
	rec, err := json.Marshal(autosaved{Players: g.a.Players, Game: data})
	if err == nil {
		err = a.Platform.Store(AutosaveKey, rec)
	}
	if err != nil {
		a.Say("autosave: %v", err)
	}
}

// Autosaved returns the game the platform's storage keeps, and its turn
// (nil when there is none, or it does not load).
func (a *App) Autosaved() (*battle.Battle, map[battle.Side]string) {
	if a.Platform == nil {
		return nil, nil
	}
	data, ok := a.Platform.Stored(AutosaveKey)
	if !ok {
		return nil, nil
	}
	var rec autosaved
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, nil
	}
	b, err := battle.Load(rec.Game, a.Comp)
	if err != nil {
		return nil, nil
	}
	return b, rec.Players
}

// Continue opens the autosaved game with the players it had.
func (a *App) Continue() {
	b, players := a.Autosaved()
	if b == nil {
		a.Say("no game to continue")
		return
	}
	for side, p := range players {
		a.Players[side] = p
	}
	a.Show(GameFrom(a, b))
	a.Say("continuing turn %d", b.Turn())
}
