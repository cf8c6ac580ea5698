// Command mutants runs the mutants gremlins reports "not covered" although
// the tests run them: the conditions of switch `case` clauses.
//
// gremlins (v0.6.0, `make mutants`) runs a mutant only when its place lies
// in a block of the coverage profile of `go test -cover`. Go's coverage
// blocks hold statements, and a case clause's block starts after its
// colon: the case's own expressions (`case a < b:`) lie in no block, so
// gremlins lists every mutant there as not covered, however often the
// tests evaluate them (docs/mutants.md). This command reads gremlins'
// JSON outputs, picks the not-covered mutants that sit in a case clause's
// expressions, applies each one exactly as gremlins would (the same token
// for the same mutator), and runs the package's tests against it through
// `go test -overlay` (the module is not copied):
//
//	go run ./internal/mutants [-o FILE] [-timeout-coefficient 6] out/mutants/*.json
//
// Each output is of one package: -pkg DIR, or the output's file name as
// `make mutants` writes it (out/mutants/PKG.json, PKG-FILE.json).
// GOFLAGS apply as for gremlins (-short). A mutant is KILLED when the
// tests fail, TIMED OUT (killed, by gremlins' rule) when they run longer
// than the coefficient times the unmutated run, LIVED when they pass, and
// NOT VIABLE when the package does not build. Run from the module root.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/parser"
	"go/scanner"
	"go/token"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"
)

// output is the part of gremlins' JSON output read here.
type output struct {
	GoModule string `json:"go_module"`
	Files    []struct {
		Name      string     `json:"file_name"`
		Mutations []mutation `json:"mutations"`
	} `json:"files"`
}

// mutation is one mutant of gremlins' JSON output.
type mutation struct {
	Type   string `json:"type"`
	Status string `json:"status"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// mutant is a not-covered mutant to run: file is the path from the
// module root.
type mutant struct {
	File string
	mutation
}

func (m mutant) String() string {
	return fmt.Sprintf("%s:%d:%d %s", m.File, m.Line, m.Column, m.Type)
}

// mutations is gremlins' table (internal/engine/mappings.go, v0.6.0) for
// the mutators `make mutants` enables: the token a mutator puts in place
// of each token.
var mutations = map[string]map[token.Token]token.Token{
	"ARITHMETIC_BASE": {
		token.ADD: token.SUB, token.MUL: token.QUO, token.QUO: token.MUL,
		token.REM: token.MUL, token.SUB: token.ADD,
	},
	"CONDITIONALS_BOUNDARY": {
		token.GEQ: token.GTR, token.GTR: token.GEQ, token.LEQ: token.LSS, token.LSS: token.LEQ,
	},
	"CONDITIONALS_NEGATION": {
		token.EQL: token.NEQ, token.GEQ: token.LSS, token.GTR: token.LEQ,
		token.LEQ: token.GTR, token.LSS: token.GEQ, token.NEQ: token.EQL,
	},
	"INCREMENT_DECREMENT": {token.DEC: token.INC, token.INC: token.DEC},
	"INVERT_LOGICAL":      {token.LAND: token.LOR, token.LOR: token.LAND},
	"INVERT_NEGATIVES":    {token.SUB: token.ADD},
}

func main() {
	outFile := flag.String("o", "", "also write the report to this `file`")
	pkg := flag.String("pkg", "", "the package `dir` the outputs are of (default: from each file's name, PKG.json or PKG-FILE.json as make mutants names them)")
	coef := flag.Int("timeout-coefficient", 6, "a mutant times out after this many times the unmutated test run")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./internal/mutants [-o FILE] [-pkg DIR] [-timeout-coefficient N] GREMLINS.json...")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() == 0 {
		flag.Usage()
		os.Exit(2)
	}
	var w io.Writer = os.Stdout
	if *outFile != "" {
		f, err := os.Create(*outFile)
		if err != nil {
			fatal(err)
		}
		defer f.Close()
		w = io.MultiWriter(os.Stdout, f)
	}
	ms, err := caseMutants(*pkg, flag.Args())
	if err != nil {
		fatal(err)
	}
	if err := run(w, ms, *coef); err != nil {
		fatal(err)
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "mutants:", err)
	os.Exit(1)
}

// caseMutants reads gremlins' outputs and returns their not-covered
// mutants that lie in a case clause's expressions, each once, in order.
// gremlins names a file by its path in the package: the package is pkg,
// or else the output's file name up to its first "-" or ".".
func caseMutants(pkg string, files []string) ([]mutant, error) {
	seen := map[mutant]bool{}
	var ms []mutant
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var o output
		if err := json.Unmarshal(data, &o); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		dir := pkg
		if dir == "" {
			dir, _, _ = strings.Cut(filepath.Base(name), ".")
			dir, _, _ = strings.Cut(dir, "-")
		}
		for _, f := range o.Files {
			path := filepath.Join(dir, f.Name)
			var cand []mutation
			for _, m := range f.Mutations {
				if m.Status == "NOT COVERED" {
					cand = append(cand, m)
				}
			}
			if len(cand) == 0 {
				continue
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("%s (of %s; run from the module root, or give -pkg): %w", path, name, err)
			}
			in, err := inCaseLists(path, src)
			if err != nil {
				return nil, err
			}
			for _, m := range cand {
				k := mutant{File: path, mutation: mutation{Type: m.Type, Line: m.Line, Column: m.Column}}
				if in(m.Line, m.Column) && !seen[k] {
					seen[k] = true
					ms = append(ms, k)
				}
			}
		}
	}
	sort.SliceStable(ms, func(i, j int) bool {
		a, b := ms[i], ms[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Column < b.Column
	})
	return ms, nil
}

// inCaseLists reports, for a Go source file, whether a line and column
// (1-based, in bytes, as gremlins gives them) lie within the expressions
// of a switch's case clause.
func inCaseLists(name string, src []byte) (func(line, col int) bool, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	type span struct{ from, to token.Position }
	var spans []span
	ast.Inspect(f, func(n ast.Node) bool {
		if cc, ok := n.(*ast.CaseClause); ok && len(cc.List) > 0 {
			spans = append(spans, span{fset.Position(cc.List[0].Pos()), fset.Position(cc.List[len(cc.List)-1].End())})
		}
		return true
	})
	before := func(l1, c1, l2, c2 int) bool { return l1 < l2 || l1 == l2 && c1 <= c2 }
	return func(line, col int) bool {
		for _, s := range spans {
			if before(s.from.Line, s.from.Column, line, col) && before(line, col, s.to.Line, s.to.Column) {
				return true
			}
		}
		return false
	}, nil
}

// apply returns src with the mutation at line:col made: the token there
// replaced by the one gremlins' mutator puts in its place.
func apply(src []byte, m mutation) ([]byte, error) {
	to, ok := mutations[m.Type]
	if !ok {
		return nil, fmt.Errorf("mutator %s is not one make mutants enables", m.Type)
	}
	fset := token.NewFileSet()
	file := fset.AddFile("", fset.Base(), len(src))
	var s scanner.Scanner
	s.Init(file, src, nil, 0)
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return nil, fmt.Errorf("no token at %d:%d", m.Line, m.Column)
		}
		p := fset.Position(pos)
		if p.Line != m.Line || p.Column != m.Column {
			continue
		}
		repl, ok := to[tok]
		if !ok {
			return nil, fmt.Errorf("%d:%d: %s has no %s mutant", m.Line, m.Column, tok, m.Type)
		}
		off := file.Offset(pos)
		out := append([]byte{}, src[:off]...)
		out = append(out, repl.String()...)
		return append(out, src[off+len(tok.String()):]...), nil
	}
}

// run runs the mutants package by package and writes one line per mutant
// and a line per package.
func run(w io.Writer, ms []mutant, coef int) error {
	tmp, err := os.MkdirTemp("", "mutants-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	byPkg := map[string][]mutant{}
	var pkgs []string
	for _, m := range ms {
		p := "./" + filepath.Dir(m.File)
		if byPkg[p] == nil {
			pkgs = append(pkgs, p)
		}
		byPkg[p] = append(byPkg[p], m)
	}
	if len(ms) == 0 {
		fmt.Fprintln(w, "no not-covered mutant lies in a case clause's expressions")
		return nil
	}
	for _, p := range pkgs {
		start := time.Now()
		if err := goTest(p, "", 0); err != nil {
			return fmt.Errorf("%s fails unmutated: %w", p, err)
		}
		limit := time.Duration(coef) * time.Since(start)
		count := map[string]int{}
		for i, m := range byPkg[p] {
			st, err := runOne(tmp, i, p, m, limit)
			if err != nil {
				return fmt.Errorf("%s: %w", m, err)
			}
			count[st]++
			fmt.Fprintf(w, "%12s %s\n", st, m)
		}
		k, l := count["KILLED"]+count["TIMED OUT"], count["LIVED"]
		eff := 100.0
		if k+l > 0 {
			eff = 100 * float64(k) / float64(k+l)
		}
		fmt.Fprintf(w, "%s: %d case-clause mutants gremlins called not covered: %d killed, %d timed out, %d lived, %d not viable; efficacy %.1f %%\n",
			p, len(byPkg[p]), count["KILLED"], count["TIMED OUT"], count["LIVED"], count["NOT VIABLE"], eff)
	}
	return nil
}

// runOne runs package p's tests against mutant m, the i-th, through an
// overlay in dir, and returns its status.
func runOne(dir string, i int, p string, m mutant, limit time.Duration) (string, error) {
	src, err := os.ReadFile(m.File)
	if err != nil {
		return "", err
	}
	mut, err := apply(src, m.mutation)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(m.File)
	if err != nil {
		return "", err
	}
	file := filepath.Join(dir, fmt.Sprintf("m%d.go", i))
	if err := os.WriteFile(file, mut, 0o644); err != nil {
		return "", err
	}
	ov, err := json.Marshal(map[string]map[string]string{"Replace": {abs: file}})
	if err != nil {
		return "", err
	}
	overlay := filepath.Join(dir, fmt.Sprintf("m%d.json", i))
	if err := os.WriteFile(overlay, ov, 0o644); err != nil {
		return "", err
	}
	build := exec.Command("go", "test", "-count=1", "-run=^$", "-overlay="+overlay, p)
	build.Env = os.Environ()
	if build.Run() != nil {
		return "NOT VIABLE", nil
	}
	start := time.Now()
	err = goTest(p, overlay, limit)
	var exit *exec.ExitError
	switch {
	case err == nil:
		return "LIVED", nil
	case time.Since(start) >= limit:
		return "TIMED OUT", nil
	case errors.As(err, &exit):
		return "KILLED", nil
	}
	return "", err
}

// goTest runs the package's tests (the build is done by then when
// overlay is given), once, one CPU, as gremlins does; the test binary
// stops itself after limit (0: go test's default).
func goTest(p, overlay string, limit time.Duration) error {
	args := []string{"test", "-count=1", "-cpu=1"}
	if overlay != "" {
		args = append(args, "-overlay="+overlay)
	}
	if limit > 0 {
		args = append(args, fmt.Sprintf("-timeout=%s", limit))
	}
	cmd := exec.Command("go", append(args, p)...)
	cmd.Env = os.Environ()
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	return cmd.Run()
}
