package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/starshipbattles/bsg/assets"
	"github.com/starshipbattles/bsg/internal/limits"
	"github.com/starshipbattles/bsg/measure"
	"github.com/starshipbattles/bsg/referee"
	"github.com/starshipbattles/bsg/tablefile"
)

// newFlagSet returns a flag set that reports errors instead of exiting.
func newFlagSet(name, usage string, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet("bsg "+name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: bsg %s\n\n", usage)
		fs.PrintDefaults()
	}
	return fs
}

// parseFlags parses args, mapping -h to errHelp and bad flags to a usage
// error.
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usagef("%v", err)
	}
	return nil
}

// readInput reads a named file, or stdin for "-".
func readInput(name string, stdin io.Reader) ([]byte, string, error) {
	if name == "-" {
		b, err := limits.Read("<stdin>", stdin)
		return b, "<stdin>", err
	}
	b, err := limits.ReadFile(name)
	return b, name, err
}

// oneInput checks that one input file was named, and returns the
// component data (with the player's overrides from comps, if any) and the
// file's contents and name.
func oneInput(fs *flag.FlagSet, what, comps string, stdin io.Reader) (*assets.Components, []byte, string, error) {
	if fs.NArg() != 1 {
		return nil, nil, "", usagef("expected one %s, got %d arguments", what, fs.NArg())
	}
	comp, err := loadComponents(comps)
	if err != nil {
		return nil, nil, "", err
	}
	data, name, err := readInput(fs.Arg(0), stdin)
	return comp, data, name, err
}

// loadComponents returns the component data, with a player's own measured
// values applied from the file named by override (if any).
func loadComponents(override string) (*assets.Components, error) {
	c, err := assets.Load()
	if err != nil {
		return nil, err
	}
	if override == "" {
		return c, nil
	}
	data, err := limits.ReadFile(override)
	if err != nil {
		return nil, err
	}
	if err := c.Override(override, data); err != nil {
		return nil, err
	}
	return c, nil
}

func runMeasure(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("measure", "measure [-json] [-pair A,B] [-png FILE] [-svg FILE] [-components FILE] TABLE\n\nRules on every ordered pair of ships in TABLE (a YAML or JSON table file; - for stdin)", stderr)
	asJSON := fs.Bool("json", false, "print JSON (MEASURE-FORMAT.md) instead of sentences")
	pair := fs.String("pair", "", "rule on one ordered pair only: `ATTACKER,TARGET`")
	png := fs.String("png", "", "also draw the ruling picture to this PNG `file`")
	svg := fs.String("svg", "", "also draw the ruling picture to this SVG `file`")
	comps := fs.String("components", "", "override component values with your own measurements from this YAML `file` (see bsg components)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 1 {
		if err := checkOutputs([]string{fs.Arg(0), *comps}, map[string]string{"png": *png, "svg": *svg}); err != nil {
			return err
		}
	}
	comp, data, name, err := oneInput(fs, "table file", *comps, stdin)
	if err != nil {
		return err
	}
	table, err := tablefile.Parse(name, data, comp)
	if err != nil {
		return err
	}
	ref := referee.New(table, referee.WithMargins())
	if *pair == "" && *png == "" && *svg == "" {
		// Every pair, nothing drawn: stream the rulings as they come, so
		// that a huge table needs no more memory than a small one.
		out := bufio.NewWriterSize(stdout, 1<<16)
		if *asJSON {
			err = measure.WriteJSONSeq(out, ref, ref.Rulings())
		} else {
			err = measure.WriteTextSeq(out, ref, ref.Rulings())
		}
		if err != nil {
			return err
		}
		return out.Flush()
	}
	var rulings []referee.Ruling
	var only *[2]int
	if *pair != "" {
		a, t, err := findPair(table, *pair)
		if err != nil {
			return err
		}
		rulings, only = []referee.Ruling{ref.Rule(a, t)}, &[2]int{a, t}
	} else {
		rulings = ref.RuleAll()
	}
	if err := drawPictures(ref, rulings, only, *png, *svg, name); err != nil {
		return err
	}
	if *asJSON {
		return measure.NewDocument(ref, rulings).WriteJSON(stdout)
	}
	return measure.WriteText(stdout, ref, rulings)
}

// findPair resolves "A,B" to ship indices.
func findPair(t referee.Table, spec string) (int, int, error) {
	ids := strings.Split(spec, ",")
	if len(ids) != 2 {
		return 0, 0, usagef("-pair %q: want ATTACKER,TARGET", spec)
	}
	idx := [2]int{-1, -1}
	for k, id := range ids {
		id = strings.TrimSpace(id)
		for i, s := range t.Ships {
			if s.ID == id {
				idx[k] = i
			}
		}
		if idx[k] < 0 {
			known := make([]string, len(t.Ships))
			for i, s := range t.Ships {
				known[i] = s.ID
			}
			return 0, 0, usagef("-pair: no ship %q in the table; ships: %s", id, strings.Join(known, ", "))
		}
	}
	if idx[0] == idx[1] {
		return 0, 0, usagef("-pair: a ship does not fire at itself")
	}
	return idx[0], idx[1], nil
}

func runComponents(args []string, stdin io.Reader, stdout, stderr io.Writer) error {
	fs := newFlagSet("components", "components [-components FILE]\n\nPrints every component value with its unit and source (rulebook, proposal, or measured)", stderr)
	comps := fs.String("components", "", "apply your own measured values from this YAML `file` first")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 0 {
		return usagef("takes no arguments")
	}
	c, err := loadComponents(*comps)
	if err != nil {
		return err
	}
	return c.WriteSheet(stdout)
}

// checkOutputs refuses output files that are an input file (or its
// components file) or each other: a picture must never overwrite what it
// was drawn from. "" and "-" (standard streams) are never refused.
func checkOutputs(inputs []string, outputs map[string]string) error {
	same := func(a, b string) bool {
		if a == "" || b == "" || a == "-" || b == "-" {
			return false
		}
		if fa, err := os.Stat(a); err == nil {
			if fb, err := os.Stat(b); err == nil {
				return os.SameFile(fa, fb)
			}
		}
		aa, erra := filepath.Abs(a)
		ab, errb := filepath.Abs(b)
		return erra == nil && errb == nil && aa == ab
	}
	flags := make([]string, 0, len(outputs))
	for f := range outputs {
		flags = append(flags, f)
	}
	sort.Strings(flags)
	for i, f := range flags {
		for _, in := range inputs {
			if same(outputs[f], in) {
				return usagef("-%s %s: that is an input file; it would be overwritten (name another file)", f, outputs[f])
			}
		}
		for _, g := range flags[i+1:] {
			if same(outputs[f], outputs[g]) {
				return usagef("-%s and -%s name the same file %s", f, g, outputs[f])
			}
		}
	}
	return nil
}
