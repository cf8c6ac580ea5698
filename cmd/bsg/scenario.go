package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/yamlfile"
	"github.com/starshipbattles/bsg/scenarios"
	"github.com/starshipbattles/bsg/scenarios/sheet"
)

// scenarioSubcommand is one subcommand of bsg scenario.
type scenarioSubcommand struct {
	name, args, summary string
	run                 func(args []string, stdin io.Reader, stdout, stderr io.Writer) error
}

// scenarioSubcommands returns the subcommands of bsg scenario, in the
// order the usage lists them.
func scenarioSubcommands() []scenarioSubcommand {
	return []scenarioSubcommand{
		{"list", "[-json]", "list the built-in scenarios", runScenarioList},
		{"show", "[-json] NAME|FILE", "print a scenario: table, ships and where they start, obstacles, victory", runScenarioShow},
		{"validate", "[-json] FILE...", "check scenario files (the JSON Schema, then their sense); every problem with file, line and field", runScenarioValidate},
		{"new", "[-o FILE] [-force]", "write a commented scenario template that validates", runScenarioNew},
		{"sheet", "NAME|FILE (-pdf FILE | -png FILE) [-ppm N] [-rules SET -options LIST -pilot SHIP=PILOT -talents SHIP=LIST -flaws SHIP=LIST]", "a printable setup sheet for a real table: the play area to scale and every coordinate", runScenarioSheet},
		{"schema", "", "print the JSON Schema of scenario files (for editors)", runScenarioSchema},
	}
}

func scenarioUsage(w io.Writer) {
	fmt.Fprintln(w, "usage: bsg scenario SUBCOMMAND [flags] [args]")
	fmt.Fprintln(w, "\nsubcommands:")
	for _, s := range scenarioSubcommands() {
		fmt.Fprintf(w, "  %-9s %s\n", s.name, s.summary)
	}
	fmt.Fprintln(w, "\nNAME is a built-in scenario (bsg scenario list); FILE a scenario file, - for stdin.")
	fmt.Fprintln(w, "Run 'bsg scenario SUBCOMMAND -h' for its flags.")
}

func runScenario(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		scenarioUsage(stderr)
		return usagef("a subcommand is required")
	}
	if a := args[0]; a == "-h" || a == "-help" || a == "--help" || a == "help" {
		scenarioUsage(stderr)
		return errHelp
	}
	for _, s := range scenarioSubcommands() {
		if s.name == args[0] {
			return s.run(args[1:], stdin, stdout, stderr)
		}
	}
	subs := scenarioSubcommands()
	names := make([]string, len(subs))
	for i, s := range subs {
		names[i] = s.name
	}
	return usagef("unknown subcommand %q; allowed: %s", args[0], strings.Join(names, ", "))
}

// scenarioFlags returns the flag set of a subcommand.
func scenarioFlags(name string, stderr io.Writer, about string) *flag.FlagSet {
	for _, s := range scenarioSubcommands() {
		if s.name == name {
			return newFlagSet("scenario "+name, "scenario "+name+" "+s.args+"\n\n"+about, stderr)
		}
	}
	return newFlagSet("scenario "+name, "scenario "+name, stderr)
}

// parseInterleaved parses flags that may come before or after the
// arguments and returns the arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := parseFlags(fs, args); err != nil {
			return nil, err
		}
		if fs.NArg() == 0 {
			return rest, nil
		}
		rest = append(rest, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// scenarioListEntry is one line of bsg scenario list -json.
type scenarioListEntry struct {
	ID      string `json:"id"`
	Name    string `json:"name"`
	Rules   string `json:"rules"`
	Ships   int    `json:"ships"`
	Default bool   `json:"default"`
}

func runScenarioList(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := scenarioFlags("list", stderr, "Lists the built-in scenarios; the default is marked with *")
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments, got %q", fs.Args())
	}
	comp, err := loadComponents("")
	if err != nil {
		return err
	}
	var list []scenarioListEntry
	for _, name := range scenarios.Names() {
		sc, err := scenarios.Load(name, comp)
		if err != nil {
			return err
		}
		list = append(list, scenarioListEntry{ID: name, Name: sc.Name, Rules: sc.RulesText(), Ships: len(sc.Ships), Default: name == scenarios.Default})
	}
	if *asJSON {
		return writeJSON(stdout, list)
	}
	var b strings.Builder
	for _, e := range list {
		mark := " "
		if e.Default {
			mark = "*"
		}
		fmt.Fprintf(&b, "%s %-16s %-26s %d ships, %s\n", mark, e.ID, e.Name, e.Ships, e.Rules)
	}
	_, err = io.WriteString(stdout, b.String())
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// loadScenario reads a built-in scenario by name, or a scenario file (- is
// stdin).
func loadScenario(arg string, stdin io.Reader, comp *assets.Components) (*scenarios.Scenario, error) {
	if _, _, ok := scenarios.Source(arg); ok {
		return scenarios.Load(arg, comp)
	}
	data, name, err := readInput(arg, stdin)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, usagef("%q is neither a built-in scenario (%s) nor a file", arg, strings.Join(scenarios.Names(), ", "))
		}
		return nil, err
	}
	return scenarios.Parse(name, data, comp)
}

func runScenarioShow(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := scenarioFlags("show", stderr, "Prints a scenario: the table, the rules, every ship and where it starts, the zones, the obstacles and the victory conditions")
	asJSON := fs.Bool("json", false, "print the scenario as JSON, with the start of every ship worked out")
	comps := fs.String("components", "", "read component values (base sizes) from this YAML `file` first")
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("expected one scenario name or file, got %d arguments", len(rest))
	}
	comp, err := loadComponents(*comps)
	if err != nil {
		return err
	}
	sc, err := loadScenario(rest[0], stdin, comp)
	if err != nil {
		return err
	}
	if *asJSON {
		return writeJSON(stdout, sc)
	}
	return sc.WriteText(stdout)
}

// validation is the answer for one file of bsg scenario validate -json.
type validation struct {
	File     string          `json:"file"`
	OK       bool            `json:"ok"`
	Name     string          `json:"name,omitempty"`
	Problems []problemOutput `json:"problems"`
}

type problemOutput struct {
	Line    int    `json:"line"`
	Field   string `json:"field"`
	Message string `json:"message"`
}

// errInvalid is returned when a file does not validate (exit status 1);
// the problems are on stdout already.
var errInvalid = errors.New("bsg scenario validate: not every file is valid")

func runScenarioValidate(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := scenarioFlags("validate", stderr, "Checks scenario files against scenario.schema.json and for sense; prints every problem as\nFILE:LINE: FIELD: MESSAGE, or \"FILE: ok\". Exit status 1 when a file has a problem")
	asJSON := fs.Bool("json", false, "print JSON: for each file, ok and its problems")
	comps := fs.String("components", "", "check against component values from this YAML `file` too")
	files, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return usagef("expected one or more scenario files")
	}
	comp, err := loadComponents(*comps)
	if err != nil {
		return err
	}
	var out []validation
	var text strings.Builder
	bad := false
	for _, f := range files {
		data, name, err := readInput(f, stdin)
		if err != nil {
			return err
		}
		sc, perr := scenarios.Parse(name, data, comp)
		v := validation{File: name, OK: perr == nil, Problems: []problemOutput{}}
		if perr == nil {
			v.Name = sc.Name
			fmt.Fprintf(&text, "%s: ok (%s: %d ships, %s)\n", name, sc.Name, len(sc.Ships), sc.RulesText())
		} else {
			bad = true
			var list yamlfile.List
			if errors.As(perr, &list) {
				for _, p := range list {
					v.Problems = append(v.Problems, problemOutput{Line: p.Line, Field: p.Field, Message: p.Msg})
				}
			} else {
				v.Problems = append(v.Problems, problemOutput{Message: perr.Error()})
			}
			fmt.Fprintf(&text, "%s\n", perr)
		}
		out = append(out, v)
	}
	if *asJSON {
		err = writeJSON(stdout, out)
	} else {
		_, err = io.WriteString(stdout, text.String())
	}
	if err != nil {
		return err
	}
	if bad {
		return errInvalid
	}
	return nil
}

func runScenarioNew(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := scenarioFlags("new", stderr, "Writes a commented scenario template, which validates, to stdout or to a file")
	out := fs.String("o", "", "write to this `file` instead of stdout")
	force := fs.Bool("force", false, "overwrite the file given with -o if it exists")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments, got %q", fs.Args())
	}
	if *out == "" {
		_, err := stdout.Write(scenarios.Template())
		return err
	}
	flags := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if *force {
		flags = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(*out, flags, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return fmt.Errorf("bsg scenario new: %s exists; use -force to overwrite it", *out)
		}
		return err
	}
	if _, err := f.Write(scenarios.Template()); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "wrote %s; check it with: bsg scenario validate %s\n", *out, *out)
	return nil
}

func runScenarioSheet(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := scenarioFlags("sheet", stderr, "Draws a printable setup sheet for a real table: the play area to scale with every ship, zone and\nobstacle, the victory conditions, and a table of coordinates from the lower-left corner (two A4 pages)")
	pdf := fs.String("pdf", "", "write the sheet as a PDF to this `file` (- for stdout)")
	png := fs.String("png", "", "write the sheet as a PNG to this `file` (- for stdout), the pages one above the other")
	ppm := fs.Float64("ppm", 4, "PNG resolution in pixels per millimetre of paper (4 is about 100 dpi)")
	comps := fs.String("components", "", "read component values (base sizes) from this YAML `file` first")
	chosen := addChoiceFlags(fs)
	rest, err := parseInterleaved(fs, args)
	if err != nil {
		return err
	}
	if len(rest) != 1 {
		return usagef("expected one scenario name or file, got %d arguments", len(rest))
	}
	if *pdf == "" && *png == "" {
		return usagef("give -pdf FILE or -png FILE (or both)")
	}
	if *pdf == "-" && *png == "-" {
		return usagef("only one of -pdf and -png may write to stdout")
	}
	if !(*ppm > 0) || *ppm > 24 {
		return usagef("-ppm %g: allowed more than 0, at most 24", *ppm)
	}
	if err := checkOutputs([]string{rest[0], *comps}, map[string]string{"pdf": *pdf, "png": *png}); err != nil {
		return err
	}
	comp, err := loadComponents(*comps)
	if err != nil {
		return err
	}
	sc, err := loadScenario(rest[0], stdin, comp)
	if err != nil {
		return err
	}
	if c := chosen.choices(); c != nil {
		if sc, err = sc.Choose(*c, comp); err != nil {
			return err
		}
	}
	for _, o := range []struct {
		file  string
		write func(io.Writer) error
	}{
		{*pdf, func(w io.Writer) error { return sheet.WritePDF(w, sc, comp) }},
		{*png, func(w io.Writer) error { return sheet.WritePNG(w, sc, comp, *ppm) }},
	} {
		if o.file == "" {
			continue
		}
		var buf bytes.Buffer
		if err := o.write(&buf); err != nil {
			return err
		}
		if o.file == "-" {
			if _, err := stdout.Write(buf.Bytes()); err != nil {
				return err
			}
			continue
		}
		if err := os.WriteFile(o.file, buf.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}

func runScenarioSchema(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := scenarioFlags("schema", stderr, "Prints scenario.schema.json, the JSON Schema of scenario files; a YAML file names it in a\nfirst-line comment, # yaml-language-server: $schema=scenario.schema.json, for editors to check it")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments, got %q", fs.Args())
	}
	_, err := stdout.Write(scenarios.SchemaJSON)
	return err
}
