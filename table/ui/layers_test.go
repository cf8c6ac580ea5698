package ui

import (
	"bufio"
	"bytes"
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"testing"
)

// viewLayers are the files of the view by purpose, top first: the title
// (the menu that opens every screen), the screens, what the screens share
// (the board's drawing, the briefing, the sketch), and the shell (the
// App: the current screen, help, prompts, files, the page's state). The
// toolkit (package kit) is below them all. A file may use what a file of
// its own layer or of a layer below declares, never what one above does:
// a screen goes back to the title by App.Home, tells the page its state
// by a pageState method, and keeps itself by autosave/store, so the
// shell names no screen.
var viewLayers = [][]string{
	{"title.go"},
	{"editor.go"},
	{"game.go", "plan.go", "planwarn.go", "fire.go", "playback.go", "seatview.go", "netgame.go", "companion.go", "gamepage.go", "replay.go", "autosave.go"},
	{"measure.go", "touch.go"},
	{"photo.go"},
	{"board.go", "anim.go", "scenario.go", "sketchcanvas.go"},
	{"app.go", "platform.go", "mygames.go", "doc.go"},
}

// TestNoFileOfTheViewUsesOneAboveIt: no file uses a type, function,
// variable, constant, field or method declared in a file of a higher
// layer (viewLayers), as the type checker resolves each name. A file not
// in the table is only reported, so that a new file does not fail the
// build; place it in its layer.
func TestNoFileOfTheViewUsesOneAboveIt(t *testing.T) {
	// the imports' export data, as the go command built them
	out, err := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}", ".").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	exports := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), "\t"); ok && file != "" {
			exports[path] = file
		}
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) { return os.Open(exports[path]) })
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			f, err := parser.ParseFile(fset, n, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: imp}).Check("github.com/starshipbattles/bsg/table/ui", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	layer := map[string]int{}
	for i, names := range viewLayers {
		for _, f := range names {
			layer[f] = i
		}
	}
	up := map[string]bool{}
	edges := 0
	for _, f := range files {
		from := fset.Position(f.Pos()).Filename
		fl, ok := layer[from]
		if !ok {
			t.Errorf("%s is in no layer of viewLayers: place it in the layer of its purpose", from)
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var obj types.Object
			switch x := n.(type) {
			case *ast.Ident:
				obj = info.Uses[x]
			case *ast.SelectorExpr:
				if s, ok := info.Selections[x]; ok {
					obj = s.Obj()
				}
			}
			if obj == nil || obj.Pkg() != pkg || obj.Parent() != nil && obj.Parent() != pkg.Scope() {
				return true // another package's, or a local name
			}
			to := fset.Position(obj.Pos()).Filename
			if tl, ok := layer[to]; ok && to != from {
				edges++
				if tl < fl {
					up[from+" uses "+obj.Name()+" of "+to] = true
				}
			}
			return true
		})
	}
	if edges < 50 {
		t.Fatalf("only %d uses across files found: the check missed the view", edges)
	}
	var ups []string
	for u := range up {
		ups = append(ups, u)
	}
	sort.Strings(ups)
	for _, u := range ups {
		t.Errorf("a dependency runs back up: %s", u)
	}
}
