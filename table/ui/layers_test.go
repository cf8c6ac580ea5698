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
	"maps"
	"os"
	"os/exec"
	"slices"
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
	{"title.go", "choose.go"},
	{"editor.go"},
	{"game.go", "plan.go", "planwarn.go", "fire.go", "playback.go", "seatview.go", "netgame.go", "companion.go", "gamepage.go", "replay.go", "autosave.go", "eventline.go", "difficult.go", "dispute.go", "propose.go", "catchup.go", "endwords.go"},
	{"measure.go", "touch.go"},
	{"photo.go", "photoalign.go", "photodispute.go", "photoplace.go"},
	{"board.go", "anim.go", "scenario.go", "sketchcanvas.go"},
	{"app.go", "platform.go", "mygames.go", "doc.go"},
}

// viewScreens are the screens of the view, each as its files: what one
// screen may use of another is what the other would export if it were a
// package of its own (the constructors that open it, their options, its
// exported methods), never its unexported names.
var viewScreens = map[string][]string{
	"title":       {"title.go", "choose.go"},
	"editor":      {"editor.go"},
	"game":        viewLayers[2],
	"measurement": {"measure.go", "touch.go"},
	"photo":       {"photo.go", "photoalign.go", "photodispute.go", "photoplace.go"},
}

// viewUse is one use, in file from, of obj, declared in file to (another
// file of table/ui).
type viewUse struct {
	from, to string
	obj      types.Object
}

// viewUses type-checks table/ui (its imports from the go command's
// export data) and returns every use of a package-level name, field or
// method across two of its files (test files excluded), and the files.
func viewUses(t *testing.T) ([]viewUse, []string) {
	t.Helper()
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
	var names []string
	for _, e := range entries {
		if n := e.Name(); strings.HasSuffix(n, ".go") && !strings.HasSuffix(n, "_test.go") {
			f, err := parser.ParseFile(fset, n, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
			names = append(names, n)
		}
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}, Selections: map[*ast.SelectorExpr]*types.Selection{}}
	pkg, err := (&types.Config{Importer: imp}).Check("github.com/starshipbattles/bsg/table/ui", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	var uses []viewUse
	for _, f := range files {
		from := fset.Position(f.Pos()).Filename
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
			if to := fset.Position(obj.Pos()).Filename; to != from {
				uses = append(uses, viewUse{from, to, obj})
			}
			return true
		})
	}
	return uses, names
}

// TestNoFileOfTheViewUsesOneAboveIt: no file uses a type, function,
// variable, constant, field or method declared in a file of a higher
// layer (viewLayers), as the type checker resolves each name. A file in
// no layer fails the test: place a new file in the layer of its purpose.
func TestNoFileOfTheViewUsesOneAboveIt(t *testing.T) {
	uses, files := viewUses(t)
	layer := map[string]int{}
	for i, names := range viewLayers {
		for _, f := range names {
			layer[f] = i
		}
	}
	for _, f := range files {
		if _, ok := layer[f]; !ok {
			t.Errorf("%s is in no layer of viewLayers: place it in the layer of its purpose", f)
		}
	}
	up := map[string]bool{}
	edges := 0
	for _, u := range uses {
		fl, ok := layer[u.from]
		tl, ok2 := layer[u.to]
		if !ok || !ok2 {
			continue
		}
		edges++
		if tl < fl {
			up[u.from+" uses "+u.obj.Name()+" of "+u.to] = true
		}
	}
	if edges < 50 {
		t.Fatalf("only %d uses across files found: the check missed the view", edges)
	}
	for _, u := range slices.Sorted(maps.Keys(up)) {
		t.Errorf("a dependency runs back up: %s", u)
	}
}

// TestNoScreenReachesIntoAnother: the screens are apart as if each were a
// package: a file of one screen (viewScreens) uses of another screen's
// files only exported names (the title opens every screen by its
// constructor; the editor opens a game and the game a measurement the
// same way), never an unexported type, function, field or method.
func TestNoScreenReachesIntoAnother(t *testing.T) {
	uses, _ := viewUses(t)
	screen := map[string]string{}
	for name, files := range viewScreens {
		for _, f := range files {
			screen[f] = name
		}
	}
	into := map[string]bool{}
	across := 0
	for _, u := range uses {
		a, b := screen[u.from], screen[u.to]
		if a == "" || b == "" || a == b {
			continue
		}
		across++
		if !u.obj.Exported() {
			into[u.from+" ("+a+") uses "+u.obj.Name()+" of "+u.to+" ("+b+")"] = true
		}
	}
	if across < 10 {
		t.Fatalf("only %d uses from one screen of another found: the check missed the view", across)
	}
	for _, u := range slices.Sorted(maps.Keys(into)) {
		t.Errorf("a screen reaches into another: %s", u)
	}
}
